"""Where the linear-classifier models are drawn: the plane (2-D: the data box and its grid; 1-D: x
against the plotted values, as Sugiyama's Figs 10.2/10.5) and the maps and curves drawn on it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from ui.contours import level_line
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import discrete_scale
from ui.figures import grid_points
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import tint
from ui.regions import region_trace as grid_region_trace
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from views.linear_classifiers._problem import Problem

RES, STEP_RES, CURVE_RES = 120, 64, 300  # grid sizes: static maps, animated maps, 1-D curves
PROB_COLORS = tuple(tint(c, 0.55) for c in CLASS_COLORS)
AMBIGUOUS_SCALE = [[0.0, "rgba(60,60,60,0)"], [1.0, "rgba(60,60,60,0.3)"]]
LINE_COLORS = (BLACK, ALT_COLOR, CLASS_COLORS[2], CLASS_COLORS[0], CLASS_COLORS[4], CLASS_COLORS[3])
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
PANEL_AXIS = dict(  # the axes of a second panel beside a map
    showgrid=True, gridcolor="#e6e6e6", showline=True, linecolor="#888", ticks="outside", automargin=True
)


@dataclass(frozen=True)
class Plane:
    """Where the models are drawn: fixed ranges from the training inputs and the evaluation grid."""

    dims: int
    x_range: tuple[float, float]
    y_range: tuple[float, float] | None
    gx: np.ndarray
    gy: np.ndarray | None
    grid: np.ndarray
    x_title: str
    y_title: str

    def shape(self) -> tuple[int, ...]:
        return (len(self.gy), len(self.gx)) if self.dims == 2 else (len(self.gx),)


def make_plane(prob: Problem, res: int) -> Plane:
    x_range = padded_range(prob.X[:, 0])
    x_title = plain(prob.feature_names[0])
    if prob.X.shape[1] == 1:
        gx = np.linspace(*x_range, CURVE_RES)
        return Plane(1, x_range, None, gx, None, gx[:, None], x_title, "")
    y_range = padded_range(prob.X[:, 1])
    gx, gy, grid = grid_points(x_range, y_range, res)
    return Plane(2, x_range, y_range, gx, gy, grid, x_title, plain(prob.feature_names[1]))


def view_axes(plane: Plane, values=(0.0, 1.0), value_title: str = "", rug: bool = True) -> Axes:
    """2-D: the data box. 1-D: x against the plotted values, with room for a rug of samples below."""
    if plane.dims == 2:
        return Axes(plane.x_range, plane.y_range, plane.x_title, plane.y_title)
    lo, hi = values
    span = hi - lo
    return Axes(
        plane.x_range, (lo - (0.32 if rug else 0.08) * span, hi + 0.08 * span), plane.x_title, value_title
    )


def rug_rows(n_classes: int, values=(0.0, 1.0)) -> dict[int, float]:
    """Heights of the 1-D rug (Sugiyama Figs 10.2/10.5: class 1 at −0.1, class 2 at −0.2, …)."""
    lo, hi = values
    return {k: lo - (hi - lo) * (0.1 if k % 2 == 0 else 0.22) for k in range(n_classes)}


def region_trace(plane: Plane, region, n_classes: int, values=(0.0, 1.0)) -> dict:
    """Predicted class on the grid as a uint8 heat map (1-D: a band behind the curves)."""
    z = np.asarray(region)
    if plane.dims == 2:
        return grid_region_trace(plane.gx, plane.gy, z.reshape(plane.shape()), n_classes)
    lo, hi = values
    band = np.array([lo + (hi - lo) / 4, hi - (hi - lo) / 4])
    return grid_region_trace(plane.gx, band, np.vstack([z, z]), n_classes)


def mask_trace(plane: Plane, mask, values=(0.0, 1.0), name: str = "") -> dict:
    """Grey shading where ``mask`` holds (ambiguous regions, clipped LSPC)."""
    trace = region_trace(plane, np.asarray(mask, dtype=bool), 2, values)
    trace.update(colorscale=AMBIGUOUS_SCALE, zmin=0, zmax=1, name=name)
    return trace


def shade_trace(plane: Plane, share, colors) -> dict:
    """A share in [0, 1] on the grid as a smooth heat map over a colour scale (z in whole percent)."""
    z = np.round(100 * np.clip(np.asarray(share), 0, 1)).astype(np.uint8).reshape(plane.shape())
    return dict(
        type="heatmap",
        x=plane.gx,
        y=plane.gy,
        z=z,
        zmin=0,
        zmax=100,
        zsmooth="best",
        colorscale=colors,
        showscale=False,
        hoverinfo="skip",
        name="",
    )


def probability_trace(plane: Plane, p, colors=(PROB_COLORS[0], PROB_COLORS[1])) -> dict:
    """q(positive | x): one class colour at 0, white at ½, the other at 1."""
    return shade_trace(plane, p, [[0, colors[0]], [0.5, "#FFFFFF"], [1, colors[1]]])


def posterior_traces(plane: Plane, P, style, name_fmt: str) -> list[dict]:
    """2-D: the argmax region in class colours, whitened where the posterior is uncertain.
    1-D: one curve per class (Sugiyama Figs 10.2/10.5) over the argmax band."""
    P = np.asarray(P)
    c = P.shape[1]
    if plane.dims == 1:
        traces = [region_trace(plane, P.argmax(axis=1), c, (0.0, 1.0))]
        for k in range(c):
            name, color, dash = name_fmt.format(k=k + 1), CLASS_COLORS[k % 6], DASHES[k % len(DASHES)]
            traces.append(curve_trace(plane, P[:, k], name, color, style, dash))
        return traces
    top = P.max(axis=1)
    doubt = np.clip(1.0 - (top - 1.0 / c) / (1.0 - 1.0 / c), 0, 1)
    region = region_trace(plane, P.argmax(axis=1), c)
    region["colorscale"] = discrete_scale([PROB_COLORS[k % len(PROB_COLORS)] for k in range(max(c, 2))])
    return [region, shade_trace(plane, doubt, [[0, "rgba(255,255,255,0)"], [1, "rgba(255,255,255,0.92)"]])]


def contour_trace(
    plane: Plane, field, level: float, style, name: str = "", color: str = BLACK, width=1.0, dash="solid"
) -> dict:
    """The ``level`` line of a field on the grid (named lines get a legend entry)."""
    z = np.nan_to_num(np.asarray(field, dtype=np.float32), nan=0.0, posinf=1e30, neginf=-1e30)
    return level_line(plane.gx, plane.gy, z, name, style, level=level, color=color, dash=dash, width=width)


def curve_trace(
    plane: Plane, values, name: str, color: str, style, dash: str = "solid", width: float = 1.0
) -> dict:
    return line_trace(
        Curve(name, plane.gx, np.nan_to_num(np.asarray(values, dtype=float)), color, dash, width), style
    )


def add_hlines(fig: go.Figure, levels, style, dashes) -> None:
    for level, dash in zip(levels, dashes, strict=False):
        fig.add_hline(y=level, line=dict(color=TRUTH_COLOR, width=style.line_width / 2, dash=dash))
