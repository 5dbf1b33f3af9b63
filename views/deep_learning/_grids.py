"""Small numbered grids side by side (input, kernel, output) as heat-maps with their values written in
the cells, and the rectangles that mark the current window."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ui.figures import figure
from ui.theme import ALT_COLOR


def grid_panels(
    grids: list[tuple[str, np.ndarray]], style, height: int | None = None, numbers: bool = True
) -> go.Figure:
    """One heat-map per (title, matrix), left to right, widths ∝ columns, row 0 at the top."""
    widths = np.array([max(g.shape[1], 2) for _, g in grids], float)
    gap = 0.06
    spans = widths / widths.sum() * (1 - gap * (len(grids) - 1))
    layout, traces, annotations = {}, [], []
    left = 0.0
    for k, ((title, g), span) in enumerate(zip(grids, spans, strict=True)):
        suffix = "" if k == 0 else str(k + 1)
        rows, cols = g.shape
        trace = dict(
            type="heatmap",
            z=g.astype(float),
            x=np.arange(cols),
            y=np.arange(rows),
            colorscale="RdBu",
            reversescale=True,
            showscale=False,
            hoverinfo="skip",
            xaxis=f"x{suffix}",
            yaxis=f"y{suffix}",
            zmid=0.0,
        )
        if numbers and g.size <= 100:
            trace["text"] = [[f"{v:.3g}" for v in row] for row in g]
            trace["texttemplate"] = "%{text}"
            trace["textfont"] = dict(size=style.font_size)
        traces.append(trace)
        layout[f"xaxis{suffix}"] = dict(
            domain=[left, left + span], range=[-0.5, cols - 0.5], visible=False, anchor=f"y{suffix}"
        )
        layout[f"yaxis{suffix}"] = dict(
            range=[rows - 0.5, -0.5],
            visible=False,
            anchor=f"x{suffix}",
            scaleanchor=f"x{suffix}",
            constrain="domain",
        )
        annotations.append(
            dict(
                text=title,
                x=left + span / 2,
                y=1.0,
                xref="paper",
                yref="paper",
                xanchor="center",
                yanchor="bottom",
                showarrow=False,
                font=dict(size=style.font_size),
            )
        )
        left += span + gap
    fig = figure(
        style, None, "", traces, height=height or int(style.figure_height * 0.8), legend_rows=0, **layout
    )
    fig.update_layout(annotations=annotations, margin=dict(l=5, r=5, t=3 * style.font_size, b=5))
    return fig


def box_trace(top: int, left: int, rows: int, cols: int, panel: int, style, color: str = ALT_COLOR) -> dict:
    """The outline of cells [top, top + rows) × [left, left + cols) in panel ``panel`` (0-based)."""
    suffix = "" if panel == 0 else str(panel + 1)
    x0, x1, y0, y1 = left - 0.5, left + cols - 0.5, top - 0.5, top + rows - 0.5
    return dict(
        type="scatter",
        mode="lines",
        x=np.array([x0, x1, x1, x0, x0]),
        y=np.array([y0, y0, y1, y1, y0]),
        xaxis=f"x{suffix}",
        yaxis=f"y{suffix}",
        showlegend=False,
        hoverinfo="skip",
        line=dict(color=color, width=style.line_width * 1.4),
    )
