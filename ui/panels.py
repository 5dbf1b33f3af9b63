"""Small multiples: subplots that show one picture several times, side by side.

:func:`panels_figure` lays the panels out as ``plotly.subplots.make_subplots`` would (the same axis
domains and subplot titles) but as a plain spec of dicts: Plotly's object model validates every
property on every ``add_trace``/``update_*`` call, which cost a gallery most of its rerun.
"""

from __future__ import annotations

from ui.charts import FigureSpec
from ui.charts import thin_points
from ui.charts import typed
from ui.figures import Axes
from ui.figures import slim_template
from ui.theme import Style

BOX = dict(showticklabels=False, showgrid=False, zeroline=False, showline=True, linecolor="#bbb", mirror=True)


def grid_domains(rows: int, cols: int, horizontal_spacing: float, vertical_spacing: float) -> list[tuple]:
    """The (x, y) paper domains of a rows × cols grid's cells, row by row from the top left, computed
    as make_subplots computes them (the same floating-point sums)."""
    widths = [(1.0 - horizontal_spacing * (cols - 1)) / cols] * cols
    heights = [(1.0 - vertical_spacing * (rows - 1)) / rows] * rows
    cells = []
    for r in range(rows):
        below = rows - 1 - r  # rows under this one (row 1 is at the top)
        y_start = sum(heights[:below]) + below * vertical_spacing
        y = (max(0.0, y_start), min(1.0, y_start + heights[-1 - r]))
        for c in range(cols):
            x_start = sum(widths[:c]) + c * horizontal_spacing
            cells.append(((max(0.0, x_start), min(1.0, x_start + widths[c])), y))
    return cells


def panel_title(text: str, x: float, y: float, style: Style) -> dict:
    """A subplot's title as an annotation centred at (x, y) in paper coordinates, sitting on y."""
    return dict(
        text=text,
        x=x,
        y=y,
        xref="paper",
        yref="paper",
        xanchor="center",
        yanchor="bottom",
        showarrow=False,
        font=dict(size=style.font_size),
    )


def panels_figure(
    panels: list[list],
    titles: list[str],
    axes: Axes,
    style: Style,
    cols: int = 2,
    spacing: tuple[float, float] = (0.04, 0.1),
    **layout,
) -> FigureSpec:
    """Panel i (row by row, ``cols`` a row) draws the traces ``panels[i]`` (dicts or Plotly traces)
    under ``titles[i]``; every panel framed over the same ranges, without ticks or grid, titles a size
    smaller; ``spacing`` (horizontal, vertical) as make_subplots takes it; ``layout`` adds entries
    (height, margin, legend, clickmode, …). Markers beyond ui.charts.DISPLAY_MARKERS are thinned here
    (the chart says so)."""
    rows = -(-len(panels) // cols)
    spec_layout = dict(template=slim_template(), font=dict(size=style.font_size), plot_bgcolor="white")
    annotations, data = [], []
    for k, (x, y) in enumerate(grid_domains(rows, cols, *spacing), start=1):
        n = "" if k == 1 else str(k)
        spec_layout[f"xaxis{n}"] = dict(anchor=f"y{n}", domain=list(x), range=list(axes.x_range), **BOX)
        spec_layout[f"yaxis{n}"] = dict(anchor=f"x{n}", domain=list(y), range=list(axes.y_range), **BOX)
        if k <= len(titles) and titles[k - 1]:
            annotations.append({**panel_title(titles[k - 1], sum(x) / 2.0, y[1], style),
                                "font": dict(size=style.font_size - 2)})
        for trace in panels[k - 1] if k <= len(panels) else ():
            trace = trace if isinstance(trace, dict) else trace.to_plotly_json()
            data.append({**trace, "xaxis": f"x{n}", "yaxis": f"y{n}"})
    spec_layout["annotations"] = annotations
    data, shown, total, n_panels = thin_points(data)
    return FigureSpec(typed({"data": data, "layout": {**spec_layout, **layout}}), shown, total, n_panels)


def gallery_layout(style: Style, title: str, height: int, **layout) -> dict:
    """The layout entries of a titled gallery of small multiples (:func:`panels_figure`): the title
    above, no legend; ``layout`` adds entries (clickmode, dragmode, …)."""
    return dict(
        height=height,
        margin=dict(l=10, r=10, t=70, b=10),
        title=dict(text=title, font=dict(size=style.title_size), x=0.01),
        showlegend=False,
        **layout,
    )
