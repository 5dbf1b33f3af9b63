"""The heat-map of a parameter grid, clickable cell by cell (a pure figure builder, no Streamlit)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ui.figures import title_and_legend
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import Style


def heatmap_figure(
    z: np.ndarray,
    x_labels,
    y_labels,
    axes_titles: tuple[str, str],
    style: Style,
    *,
    best: tuple[int, int] | None = None,
    selected: tuple[int, int] | None = None,
    colorbar_title: str = "",
    title: str = "",
    best_name: str = "",
    selected_name: str = "",
    height: int | None = None,
) -> go.Figure:
    """Heat-map of a parameter grid (rows = y_labels) with the best and the selected cell marked.

    Invisible markers at the cell centres make every cell clickable (customdata = (row, col)).
    The layout is given whole to the figure (Plotly's update_layout/update_xaxes cost ~15 ms).
    """
    height = height or style.figure_height
    xs = np.arange(len(x_labels))
    ys = np.arange(len(y_labels))
    cx, cy = np.meshgrid(xs, ys)
    rows_cols = np.column_stack([cy.ravel(), cx.ravel()])
    traces = [
        go.Heatmap(
            x=xs,
            y=ys,
            z=z,
            colorscale="Viridis",
            reversescale=True,
            colorbar=dict(title=colorbar_title),
            hoverinfo="skip",
        ),
        go.Scatter(
            x=cx.ravel(),
            y=cy.ravel(),
            mode="markers",
            showlegend=False,
            marker=dict(size=max(8, 260 // max(len(xs), len(ys))), opacity=0.0),
            customdata=rows_cols,
            hovertemplate="%{text}<extra></extra>",
            text=[f"{x_labels[c]}, {y_labels[r]}: {z[r, c]:.4g}" for r, c in rows_cols],
            name="cells",
        ),
    ]
    if selected is not None:
        traces.append(cell_marker(selected, selected_name, symbol="square-open", size=style.marker_size * 2.6,
                                  color=ALT_COLOR, line=dict(width=style.line_width)))
    if best is not None:
        traces.append(cell_marker(best, best_name, symbol="star", size=style.marker_size * 2,
                                  color=HIGHLIGHT_COLOR, line=dict(color=BLACK, width=1)))

    def cells_axis(ticks: np.ndarray, labels, axis_title: str) -> dict:
        return dict(
            tickvals=ticks,
            ticktext=[str(v) for v in labels],
            title=axis_title,
            range=[-0.5, len(ticks) - 0.5],
            automargin=True,
        )

    layout = dict(
        height=height,
        font=dict(size=style.font_size),
        clickmode="event+select",
        **title_and_legend(style, title, height=height),
        xaxis=cells_axis(xs, x_labels, axes_titles[0]),
        yaxis=cells_axis(ys, y_labels, axes_titles[1]),
    )
    return go.Figure(data=traces, layout=layout)


def cell_marker(cell: tuple[int, int], name: str, **marker) -> go.Scatter:
    """One marker on the heat-map cell (row, column), in the legend as ``name``."""
    return go.Scatter(x=[cell[1]], y=[cell[0]], mode="markers", name=name, marker=marker)
