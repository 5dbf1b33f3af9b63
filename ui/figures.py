"""Figure builders: pure functions from numbers to Plotly figures (no Streamlit).

Conventions: numpy arrays (never Python lists) so Plotly sends compact base64; fixed axis
ranges so the picture does not jump between reruns; class regions as a uint8 heat-map.
User-supplied names pass through :func:`plain` because Plotly renders a few HTML tags.
"""

from __future__ import annotations

import copy
import functools
import html
import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio

from ui.contours import level_line
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import TRUTH_COLOR
from ui.theme import Style

GRID_RESOLUTION = 150
LEGEND_RANK = 1000  # plotly.js's default legendrank: legend entries of equal rank follow the trace order


def plain(text: str) -> str:
    """Escape text so Plotly shows it literally (user column names, file names)."""
    return html.escape(str(text), quote=False)


@dataclass(frozen=True)
class Curve:
    """A line to draw: name, x, y, colour and dash style."""

    name: str
    x: np.ndarray
    y: np.ndarray
    color: str = FIT_COLOR
    dash: str = "solid"
    width_scale: float = 1.0


@dataclass(frozen=True)
class Axes:
    """Fixed axis ranges and titles (hashable, so layouts can be cached)."""

    x_range: tuple[float, float]
    y_range: tuple[float, float]
    x_title: str = ""
    y_title: str = ""
    equal: bool = False


def title_height(title_size: int) -> int:
    """The room a title takes at the top of a figure: two lines of its size."""
    return 2 * title_size


def title_and_legend(style: Style, title: str = "", legend_rows: int = 1, *, height: int) -> dict:
    """Layout entries: title in the top-left corner, the legend in rows beneath it (none for 0).

    The legend hangs right under the title (in pixels of the figure, ``height`` tall), so it never
    grows into the title: when Plotly needs more rows than ``legend_rows`` (a narrow window, a
    long name), the plot moves down to make room."""
    top = title_height(style.title_size) if title else 0
    legend_height = style.font_size * (1.3 + 1.7 * legend_rows) if legend_rows else style.font_size
    return dict(
        showlegend=legend_rows > 0,
        title=dict(
            text=title,
            font=dict(size=style.title_size),
            x=0.01,
            xanchor="left",
            y=1.0,
            yref="container",
            yanchor="top",
            pad=dict(t=8),
        ),
        legend=dict(orientation="h", xanchor="left", x=0.0, yref="container", yanchor="top",
                    y=1 - top / height),
        margin=dict(l=10, r=10, b=10, t=int(top + legend_height)),
    )


def title_room(layout: dict) -> dict:
    """The top margin and legend of a layout made by :func:`title_and_legend` without a title, moved
    down to make room for one (a stepper's step title)."""
    room = title_height(layout.get("title", {}).get("font", {}).get("size") or 14)
    margin = layout.get("margin", {})
    out = {"margin": {**margin, "t": margin.get("t", 0) + room}}
    legend = layout.get("legend", {})
    if legend.get("yref") == "container" and legend.get("yanchor") == "top" and "height" in layout:
        out["legend"] = {**legend, "y": legend["y"] - room / layout["height"]}
    return out


# A legend in a column right of the plot (paper coordinates), for figures that keep the top for the title.
SIDE_LEGEND = dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top", yref="paper")


def padded_range(values: np.ndarray, pad: float = 0.08) -> tuple[float, float]:
    """The range of ``values`` widened by ``pad`` of its span on each side."""
    lo, hi = float(np.min(values)), float(np.max(values))
    span = hi - lo if hi > lo else max(abs(hi), 1.0)
    return lo - pad * span, hi + pad * span


AXIS_STYLE = dict(
    automargin=True,
    showgrid=True,
    ticks="outside",
    gridcolor="#e6e6e6",
    zeroline=False,
    showline=True,
    linecolor="#888",
    mirror=False,
)


def axis_layout(value_range, title: str = "", **extra) -> dict:
    """One axis in the shared style with a fixed range."""
    return dict(range=list(value_range), title=dict(text=title), **AXIS_STYLE, **extra)


# The parts of Plotly's default template these figures use: the whole template is 7 KB of JSON
# per figure, about all of an empty figure's size.
TEMPLATE_LAYOUT = (
    "annotationdefaults",
    "autotypenumbers",
    "colorway",
    "font",
    "hoverlabel",
    "hovermode",
    "paper_bgcolor",
    "plot_bgcolor",
    "shapedefaults",
    "title",
    "xaxis",
    "yaxis",
)


@functools.cache
def slim_template() -> dict:
    template = pio.templates[pio.templates.default].to_plotly_json()
    return {
        "layout": {k: v for k, v in template["layout"].items() if k in TEMPLATE_LAYOUT},
        "data": {k: v for k, v in template["data"].items() if k in ("scatter", "bar")},
    }


def merge(into: dict, extra: dict) -> dict:
    """``into`` updated by ``extra``, nested dicts merged key by key."""
    for key, value in extra.items():
        nested = isinstance(value, dict) and isinstance(into.get(key), dict)
        into[key] = merge(into[key], value) if nested else value
    return into


@functools.lru_cache(maxsize=512)
def base_layout(
    style: Style, axes: Axes, title: str = "", height: int | None = None, legend_rows: int = 1
) -> dict:
    """The shared layout as one dict (built once per argument set; never modified, only copied)."""
    layout = dict(
        template=slim_template(),
        height=height or style.figure_height,
        font=dict(size=style.font_size),
        plot_bgcolor="white",
        hovermode="closest",
        xaxis=axis_layout(axes.x_range, axes.x_title),
        yaxis=axis_layout(axes.y_range, axes.y_title),
        **title_and_legend(style, title, legend_rows, height=height or style.figure_height),
    )
    if axes.equal:  # equal scales; the plot area shrinks to the ranges so regions fill it
        layout["yaxis"].update(scaleanchor="x", scaleratio=1, constrain="domain", automargin=False)
        layout["xaxis"].update(constrain="domain")
        layout["margin"]["l"] = y_labels_room(axes.y_range, bool(axes.y_title), style)
    return layout


def y_labels_room(y_range, titled: bool, style: Style) -> int:
    """The left margin of an equal-scale chart, in pixels: room for its y title and tick labels, the
    widest of those at the finest round spacing plotly.js would choose (about 15 ticks).

    Such a chart does not let plotly.js size this margin (automargin): its plot shrinks to keep the
    scales equal, which moved the y labels, changed the margin, the plot's width with it, the rows of
    its legend and so the plot's height; plotly.js went round that circle until it gave up (clu·kmeans
    at 1280 px, 15 redraws)."""
    lo, hi = y_range
    raw = (hi - lo) / 15 if hi > lo else 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1.0, 2.0, 5.0, 10.0) if m * power >= raw)   # as plotly.js rounds
    ticks = np.arange(math.ceil(lo / step), math.floor(hi / step) + 1) * step
    chars = max((len(f"{round(v, 12):g}") for v in ticks), default=1)
    return int(style.font_size * (0.6 * chars + (2.4 if titled else 1.0)))


def scatter_axes(X: np.ndarray, names: tuple[str, ...], pad: float = 0.08, equal: bool | None = None) -> Axes:
    """Fixed ranges from 2-D data; equal scales (distances matter) unless the units differ a lot or
    ``equal`` says otherwise."""
    xr, yr = padded_range(X[:, 0], pad), padded_range(X[:, 1], pad)
    spans = np.array([xr[1] - xr[0], yr[1] - yr[0]])
    equal = bool(spans.max() / spans.min() < 4) if equal is None else equal
    return Axes(xr, yr, plain(names[0]), plain(names[1]), equal=equal)


def base_figure(
    style: Style, axes: Axes, title: str = "", height: int | None = None, legend_rows: int = 1
) -> go.Figure:
    """An empty figure with the shared layout: fixed ranges, legend rows under the title, font sizes.

    The layout is a cached dict of known-good values, so Plotly's per-property validation (about
    10 ms a figure) is skipped.
    """
    return go.Figure(
        layout=copy.deepcopy(base_layout(style, axes, title, height, legend_rows)), _validate=False
    )


def legend_rows_needed(traces, style: Style, width: float = 860.0) -> int:
    """Rows a horizontal legend needs (items packed left to right, about 0.55 em a character)."""
    rows, used = 1, 0.0
    for trace in traces:
        name = trace.get("name") if isinstance(trace, dict) else getattr(trace, "name", None)
        shown = trace.get("showlegend", True) if isinstance(trace, dict) else trace.showlegend is not False
        if not name or not shown:
            continue
        item = 45 + 0.55 * style.font_size * len(str(name))
        if used + item > width and used > 0:
            rows, used = rows + 1, 0.0
        used += item
    return rows


def figure(
    style: Style,
    axes: Axes | None,
    title: str = "",
    traces=(),
    *,
    height: int | None = None,
    legend: str = "top",
    legend_rows: int = 1,
    legend_width: float = 860.0,
    **layout,
) -> go.Figure:
    """A finished figure in one call: the shared layout, the traces, and any extra layout entries.

    ``legend="top"`` puts ``legend_rows`` rows under the title (as :func:`base_figure`);
    ``legend="bottom"`` puts it under the axis title with as many rows as the trace names need,
    for long legends. ``axes=None`` leaves the axes to ``layout`` (pies, tables, subplots).
    """
    base = copy.deepcopy(base_layout(style, axes or Axes((0, 1), (0, 1)), title, height, legend_rows))
    if axes is None:
        del base["xaxis"], base["yaxis"]
    if legend == "bottom":
        rows_height = legend_rows_needed(traces, style, legend_width) * 1.9 * style.font_size
        base["legend"] = dict(
            orientation="h", yref="container", yanchor="bottom", y=0.0, xanchor="left", x=0.0
        )
        base["margin"] = dict(
            l=10,
            r=10,
            t=(style.title_size * 2 if title else 0) + style.font_size,
            b=int(3.5 * style.font_size + 24 + rows_height),
        )
        base["height"] += int(rows_height)
    return go.Figure(data=list(traces), layout=merge(base, layout), _validate=False)


def tint(color: str, strength: float) -> str:
    """``color`` mixed with white: strength 0 is white, 1 the colour itself."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * strength):02x}" for c in rgb)


def line_trace(curve: Curve, style: Style) -> dict:
    """A line as a plain Plotly trace dict (cheap to build; validated once when added to a figure)."""
    return dict(
        type="scatter",
        mode="lines",
        x=np.asarray(curve.x, float),
        y=np.asarray(curve.y, float),
        name=curve.name,
        line=dict(color=curve.color, dash=curve.dash, width=style.line_width * curve.width_scale),
    )


def points_trace(
    x,
    y,
    name: str,
    style: Style,
    color: str = BLACK,
    symbol: str = "circle",
    size_scale: float = 1.0,
    hollow: bool = False,
    customdata=None,
    sizes: np.ndarray | None = None,
) -> dict:
    """Markers as a plain trace dict; ``sizes`` gives one size per point (e.g. weights)."""
    size = style.marker_size * size_scale if sizes is None else np.asarray(sizes, float)
    marker = dict(
        color=color,
        symbol=symbol + ("-open" if hollow else ""),
        size=size,
        line=dict(width=2 if hollow else 1.5, color=color if hollow else "white"),
    )
    trace = dict(
        type="scatter",
        mode="markers",
        x=np.asarray(x, float),
        y=np.asarray(y, float),
        name=name,
        marker=marker,
    )
    if customdata is not None:
        trace["customdata"] = np.asarray(customdata)
    return trace


def class_traces(
    X: np.ndarray,
    y: np.ndarray,
    classes,
    style: Style,
    *,
    names=None,
    sizes: np.ndarray | None = None,
    hollow: bool = False,
) -> list[dict]:
    """One marker trace per class (colour and symbol by class index); customdata = sample index."""
    traces = []
    for k, label in enumerate(classes):
        mask = y == label
        traces.append(
            points_trace(
                X[mask, 0],
                X[mask, 1],
                plain(names[k] if names else label),
                style,
                color=CLASS_COLORS[k % len(CLASS_COLORS)],
                symbol=CLASS_SYMBOLS[k % len(CLASS_SYMBOLS)],
                hollow=hollow,
                customdata=np.flatnonzero(mask),
                sizes=None if sizes is None else sizes[mask],
            )
        )
    return traces


def regression_figure(
    x: np.ndarray,
    y: np.ndarray,
    curves: list[Curve],
    axes: Axes,
    style: Style,
    *,
    data_name: str = "",
    test: tuple[np.ndarray, np.ndarray] | None = None,
    test_name: str = "",
    title: str = "",
) -> go.Figure:
    """1-D regression: training points, optional test points, and fitted/true curves. The curves are
    drawn over the points (dense data, n = 20 000, would hide them) and listed first in the legend."""
    fig = base_figure(style, axes, title)
    points = [points_trace(x, y, data_name, style, color=CLASS_COLORS[0], customdata=np.arange(len(x)))]
    if test is not None:
        held_out = points_trace(*test, test_name, style, color=TRUTH_COLOR, size_scale=0.7, hollow=True)
        points.insert(0, held_out)
    for rank, trace in enumerate(points, start=LEGEND_RANK + 1):  # after the curves' default rank
        trace["legendrank"] = rank
    fig.add_traces(points + [line_trace(curve, style) for curve in curves])
    return fig


def highlight_trace(x, y, name: str, style: Style) -> dict:
    """A ring around the point(s) the current step acts on."""
    return dict(
        type="scatter",
        mode="markers",
        x=np.atleast_1d(np.asarray(x, float)),
        y=np.atleast_1d(np.asarray(y, float)),
        name=name,
        showlegend=bool(name),
        marker=dict(
            symbol="circle-open",
            size=style.marker_size * 2.4,
            color=HIGHLIGHT_COLOR,
            line=dict(width=style.line_width),
        ),
    )


def grid_points(x_range, y_range, resolution: int = GRID_RESOLUTION):
    """Axis vectors and the (resolution², 2) points of a regular grid over the plot."""
    gx = np.linspace(*x_range, resolution)
    gy = np.linspace(*y_range, resolution)
    xx, yy = np.meshgrid(gx, gy)
    return gx, gy, np.column_stack([xx.ravel(), yy.ravel()])


def line_points(theta, x_range, y_range) -> tuple[np.ndarray, np.ndarray]:
    """Two far points of the line θ₀ + θ₁x₁ + θ₂x₂ = 0 (Plotly clips them to the fixed axes)."""
    w = np.asarray(theta[1:], float)
    norm = float(np.hypot(*w))
    if not np.isfinite(norm) or norm < 1e-12:
        return np.array([]), np.array([])
    centre = np.array([(x_range[0] + x_range[1]) / 2, (y_range[0] + y_range[1]) / 2])
    foot = centre - (theta[0] + w @ centre) / norm**2 * w
    along = np.array([-w[1], w[0]]) / norm
    span = 4 * max(x_range[1] - x_range[0], y_range[1] - y_range[0])
    ends = np.array([foot - span * along, foot + span * along])
    return ends[:, 0], ends[:, 1]


def decision_surface(
    gx: np.ndarray,
    gy: np.ndarray,
    region: np.ndarray,
    style: Style,
    *,
    n_classes: int,
    decision: np.ndarray | None = None,
    levels: tuple[float, ...] = (-1.0, 0.0, 1.0),
) -> list:
    """Class regions as a light uint8 heat-map plus level lines of the decision function.

    ``region`` holds class indices on the grid (rows = gy, columns = gx); ``decision`` the
    decision function f on the same grid, drawn at ``levels`` (0 solid, others dashed; no legend entry).
    """
    n_classes = max(int(n_classes), 2)
    colors = [REGION_COLORS[k % len(REGION_COLORS)] for k in range(n_classes)]
    traces = [
        go.Heatmap(
            x=gx,
            y=gy,
            z=region.astype(np.uint8),
            zmin=-0.5,
            zmax=n_classes - 0.5,
            colorscale=discrete_scale(colors),
            showscale=False,
            hoverinfo="skip",
            name="",
        )
    ]
    if decision is not None:
        for level in levels:
            line = dict(dash="solid", width=1.0) if level == 0 else dict(dash="dash", width=0.6)
            traces.append({**level_line(gx, gy, decision, f"f = {level:g}", style, level=level, **line),
                           "showlegend": False})
    return traces


def discrete_scale(colors: list[str]) -> list[list]:
    """A colourscale mapping integer k (on zmin=-0.5..zmax=K-0.5) to colors[k]."""
    n = len(colors)
    scale = []
    for k, color in enumerate(colors):
        scale.append([k / n, color])
        scale.append([(k + 1) / n, color])
    return scale


def curves_figure(
    curves: list[Curve],
    axes: Axes,
    style: Style,
    *,
    log_x: bool = False,
    log_y: bool = False,
    title: str = "",
    markers: bool = False,
    height: int | None = None,
    legend_rows: int = 1,
) -> go.Figure:
    """Loss / objective / error curves against iteration or complexity.

    The right margin has room for half a three-digit x tick label and Plotly's 10 px pad: these x
    ranges end on round numbers, and with the shared 10 px a tick on the end made automargin widen the
    margin, the narrower plot took the next coarser tick spacing, the end tick went, the margin shrank,
    and so on until plotly.js gave up ("Too many auto-margin redraws": the KLIEP objective over 25
    iterations in a 412 px column, issue 18).
    """
    traces = [line_trace(curve, style) for curve in curves]
    for trace in traces:
        if markers:
            trace["mode"] = "lines+markers"
    layout = {"margin": {"r": 10 + round(0.9 * style.font_size)}}
    for name, log, value_range in (("xaxis", log_x, axes.x_range), ("yaxis", log_y, axes.y_range)):
        if log:
            layout[name] = dict(type="log", range=list(np.log10(value_range)), exponentformat="power")
    return figure(style, axes, title, traces, height=height, legend_rows=legend_rows, **layout)


def bar_figure(
    values: np.ndarray,
    labels,
    axes: Axes,
    style: Style,
    title: str = "",
    color: str = FIT_COLOR,
    height: int | None = None,
) -> go.Figure:
    fig = base_figure(style, axes, title, height=height)
    fig.add_trace(
        go.Bar(x=np.asarray(labels), y=np.asarray(values, float), marker_color=color, showlegend=False)
    )
    return fig


def safe_range(lo: float, hi: float, positive: bool = False) -> tuple[float, float]:
    """A non-empty range (for log axes: strictly positive)."""
    if positive:
        lo = max(lo, 1e-12)
        hi = max(hi, lo * 10)
    if not hi > lo:
        hi = lo + 1.0
    return lo, hi
