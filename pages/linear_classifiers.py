"""Linear classifiers (Sugiyama ch. 7 and 10; CS229 Parts II–III; slides §2.4–2.5, 2.9; Zhou notes §2).

Seven views on the same data: least-squares classification (linear or Gaussian kernel), the
perceptron's mistakes one by one, logistic regression by gradient descent, SGD or Newton's method,
softmax regression beside the least-squares probabilistic classifier, the loss zoo with the current
model's margins, multi-class strategies (one-vs-rest, one-vs-one, ECOC) and class imbalance
(rescaling, threshold moving, resampling). One-dimensional data (Sugiyama DS-6) are drawn as curves
over x with the samples as a rug, as in the book's figures.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from itertools import combinations
from typing import Callable

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import ECOC
from algorithms import ECOC_EXAMPLE_CODE
from algorithms import LSPC
from algorithms import MARGIN_LOSSES
from algorithms import SVC
from algorithms import GaussianBasis
from algorithms import LeastSquaresClassifier
from algorithms import LogisticRegression
from algorithms import OneVsOne
from algorithms import OneVsRest
from algorithms import Perceptron
from algorithms import SoftmaxRegression
from algorithms import classification_margins
from algorithms import ecoc_decode
from algorithms import exhaustive_code
from algorithms import margin_loss
from algorithms import margin_loss_derivative
from algorithms import moved_threshold
from algorithms import ovo_vote_counts
from algorithms import perceptron_mistake_bound
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import preset_picker
from ui.controls import series_125
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import ALT_COLOR
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import grid_points
from ui.figures import highlight_trace
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import frame_steps
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS

P = "lc"
VIEWS = ["ls", "perceptron", "logistic", "softmax", "losses", "multiclass", "imbalance"]
KERNELS = ["gaussian", "linear"]
TARGETS = ["pm1", "lda"]
SOLVERS = ["newton", "gd", "sgd"]
BASES = ["linear", "gaussian"]
STRATEGIES = ["ovr", "ovo", "ecoc"]
BASE_LEARNERS = ["logistic", "ls_linear", "ls_gaussian"]
CODES = ["exhaustive", "book", "random"]
DECODINGS = ["hamming", "euclidean"]
RULES = ["plain", "rescale", "cost", "manual"]
SAMPLINGS = ["none", "under", "over"]
SIDES = ["minority", "majority"]
RUG_MODELS = ["ls", "logistic", "perceptron"]
DEFAULT_LOSSES = ["zero_one", "squared", "hinge", "logistic", "exponential", "ramp"]
ITERS = {
    "newton": [1, 2, 3, 5, 10, 20, 50, 100],
    "gd": [10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
    "sgd": [100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000],
}
ITER_DEFAULT = {"newton": 20, "gd": 200, "sgd": 5000}
ETA_DEFAULT = {"gd": 1.0, "sgd": 0.1}
EPOCHS = [1, 2, 3, 5, 10, 20, 50, 100, 200]
RES, STEP_RES, CURVE_RES = 120, 64, 300  # grid sizes: static maps, animated maps, 1-D curves
NEWTON_LIMIT = 600  # Newton's Hessian is (parameters)²: beyond this, too slow
KERNEL_CENTRES = 400  # above this n kernel models use 400 random inputs as centres (Sugiyama §2.2)
MAX_DRAWN = 12  # binary boundaries drawn in the multi-class view (OvO with 10 classes has 45)
MAX_EXHAUSTIVE = 6  # the exhaustive code has 2^(c−1) − 1 columns
LINE_COLORS = (BLACK, ALT_COLOR, CLASS_COLORS[2], CLASS_COLORS[0], CLASS_COLORS[4], CLASS_COLORS[3])
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")

PRESETS = {
    "lc_fig7_2": {
        "lc.view": "ls",
        "lc.data": "spirals",
        "lc.n": 200,
        "lc.noise": 1.0,
        "lc.seed": 0,
        "lc.kernel": "gaussian",
        "lc.h": 1.0,
        "lc.lam": 0.01,
        "lc.edit": False,
    },
    "lc_fig7_6": {
        "lc.view": "ls",
        "lc.data": "ls_fails",
        "lc.n": 200,
        "lc.noise": 0.5,
        "lc.seed": 0,
        "lc.kernel": "linear",
        "lc.lam": 0.0,
        "lc.targets": "pm1",
        "lc.svm": True,
        "lc.edit": False,
    },
    "lc_lda": {
        "lc.view": "ls",
        "lc.data": "fisher1",
        "lc.n": 100,
        "lc.seed": 0,
        "lc.kernel": "linear",
        "lc.lam": 0.0,
        "lc.targets": "lda",
        "lc.edit": False,
    },
    "lc_lihang_2_1": {
        "lc.view": "perceptron",
        "lc.data": "ex_7_1",
        "lc.eta": 1.0,
        "lc.epochs": 100,
        "lc.shuffle": False,
        "lc.edit": False,
    },
    "lc_novikoff": {
        "lc.view": "perceptron",
        "lc.data": "separable",
        "lc.n": 100,
        "lc.seed": 0,
        "lc.eta": 1.0,
        "lc.epochs": 100,
        "lc.shuffle": False,
        "lc.edit": False,
    },
    "lc_newton": {
        "lc.view": "logistic",
        "lc.data": "blobs",
        "lc.n": 200,
        "lc.noise": 1.0,
        "lc.seed": 0,
        "lc.solver": "newton",
        "lc.newton_iter": 20,
        "lc.lr_lam": 0.0,
        "lc.basis": "linear",
        "lc.edit": False,
    },
    "lc_separable": {
        "lc.view": "logistic",
        "lc.data": "separable",
        "lc.n": 100,
        "lc.seed": 0,
        "lc.solver": "newton",
        "lc.newton_iter": 50,
        "lc.lr_lam": 0.0,
        "lc.basis": "linear",
        "lc.edit": False,
    },
    "lc_fig10_2": {
        "lc.view": "softmax",
        "lc.data": "gauss3_1d",
        "lc.n": 90,
        "lc.noise": 1.0,
        "lc.seed": 0,
        "lc.sm_basis": "gaussian",
        "lc.h": 1.0,
        "lc.sm_lam": 0.0,
        "lc.solver": "sgd",
        "lc.sgd_eta": 0.1,
        "lc.sgd_iter": 20_000,
        "lc.lspc_lam": 0.1,
        "lc.lspc_raw": False,
        "lc.lspc_shared": False,
    },
    "lc_fig7_8": {
        "lc.view": "losses",
        "lc.losses": DEFAULT_LOSSES + ["madaboost", "logitboost"],
        "lc.m": 0.5,
    },
    "lc_ecoc": {
        "lc.view": "multiclass",
        "lc.data": "blobs4",
        "lc.n": 200,
        "lc.noise": 1.0,
        "lc.seed": 0,
        "lc.strategy": "ecoc",
        "lc.code": "book",
        "lc.base": "ls_gaussian",
        "lc.h": 1.0,
        "lc.mc_lam": 0.1,
        "lc.decoding": "hamming",
        "lc.flip": "none",
        "lc.word": "-1 -1 +1 -1 +1",
        "lc.edit": False,
    },
    "lc_ovo_tie": {
        "lc.view": "multiclass",
        "lc.data": "blobs3",
        "lc.n": 150,
        "lc.noise": 1.0,
        "lc.seed": 0,
        "lc.strategy": "ovo",
        "lc.base": "logistic",
        "lc.mc_lam": 0.1,
        "lc.flip": "none",
        "lc.edit": False,
    },
    "lc_imb990": {
        "lc.view": "imbalance",
        "lc.data": "imbalanced_99",
        "lc.n": 1000,
        "lc.noise": 1.0,
        "lc.seed": 0,
        "lc.imb_pos": "majority",
        "lc.rule": "rescale",
        "lc.sampling": "none",
        "lc.imb_lam": 0.01,
        "lc.edit": False,
    },
}


# ---- the data as the views see it -------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """Training (and test) data restricted to the first two features, with the class list."""

    X: np.ndarray
    y: np.ndarray
    classes: np.ndarray
    names: list[str]
    X_test: np.ndarray | None
    y_test: np.ndarray | None
    feature_names: tuple[str, ...]


@dataclass(frozen=True)
class Binary:
    """A two-class problem: the data's own two classes, or one class against the rest."""

    y: np.ndarray
    classes: np.ndarray  # sorted; classes[1] is the positive class
    names: list[str]
    y_test: np.ndarray | None


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


def make_problem(ctx) -> Problem:
    train, test = ctx.data.train, ctx.data.test
    X = np.asarray(train.X, dtype=float)[:, :2]
    y = np.asarray(train.y)
    classes = np.unique(y)
    X_test = y_test = None
    if test is not None and test.y is not None:
        X_test, y_test = np.asarray(test.X, dtype=float)[:, :2], np.asarray(test.y)
    return Problem(
        X,
        y,
        classes,
        [t("lc.class_name", label=str(c)) for c in classes],
        X_test,
        y_test,
        tuple(train.feature_names[:2]),
    )


def make_plane(prob: Problem, res: int) -> Plane:
    x_range = padded_range(prob.X[:, 0])
    if prob.X.shape[1] == 1:
        gx = np.linspace(*x_range, CURVE_RES)
        return Plane(1, x_range, None, gx, None, gx[:, None], plain(prob.feature_names[0]), "")
    y_range = padded_range(prob.X[:, 1])
    gx, gy, grid = grid_points(x_range, y_range, res)
    return Plane(
        2, x_range, y_range, gx, gy, grid, plain(prob.feature_names[0]), plain(prob.feature_names[1])
    )


def binary_problem(prob: Problem, controls) -> Binary:
    """Two classes as they are; with more, the user picks the positive class (one vs the rest)."""
    if len(prob.classes) == 2:
        return Binary(prob.y, prob.classes, prob.names, prob.y_test)
    labels = [str(c) for c in prob.classes]
    with controls:
        chosen = choice(t("lc.positive"), labels, "lc.positive", str, default=labels[-1])
        st.caption(t("lc.one_vs_rest_note"))
    k = labels.index(chosen)
    y = np.where(prob.y == prob.classes[k], 1, -1)
    y_test = None if prob.y_test is None else np.where(prob.y_test == prob.classes[k], 1, -1)
    return Binary(y, np.array([-1, 1]), [t("lc.rest"), prob.names[k]], y_test)


def class_index(y, classes) -> np.ndarray:
    return np.searchsorted(classes, y)


def accuracy(pred, y) -> float | None:
    return None if y is None or len(y) == 0 else float(np.mean(np.asarray(pred) == np.asarray(y)))


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


def pct_pair(train: float | None, test: float | None) -> str:
    """Training and test accuracy in one tile: "96.5 / 94.0 %"."""
    return f"{100 * train:.1f} / {'—' if test is None else f'{100 * test:.1f}'} %"


def tiles(ctx, items: list[tuple[str, str]]) -> None:
    """metrics_row, wrapped after four tiles in projector mode (large numbers need the width)."""
    per_row = 4 if ctx.projector else 6
    for start in range(0, len(items), per_row):
        metrics_row(items[start : start + per_row])


def setting(key: str, default, options=None):
    """A control's value when its widget is on another view: session, then URL, then default."""
    value = st.session_state.get(key)
    if value is None and key in st.query_params:
        raw = st.query_params[key]
        try:
            value = type(default)(raw) if not isinstance(default, bool) else raw.lower() == "true"
        except (TypeError, ValueError):
            value = None
    if value is None or (options is not None and value not in options):
        return default
    return value


def lam_slider(
    label: str, key: str, lo_exp: int, hi_exp: int, default: float, help: str | None = None
) -> float:
    """λ on a 1-2-3-5 scale with 0 (no regularisation) as its first stop."""
    options = [0.0, *series_125(lo_exp, hi_exp)]
    return st.select_slider(
        label, options=options, value=default, format_func=lambda v: f"{v:g}", help=help, **bound(key)
    )


def test_toggle(prob: Problem) -> bool:
    if prob.X_test is None:
        return False
    return st.toggle(t("lc.show_test"), **bound("lc.show_test"))


# ---- drawing on the plane -----------------------------------------------------------------------


def _tint(color: str, white: float) -> str:
    rgb = np.array([int(color[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)
    mixed = rgb + (255.0 - rgb) * white
    return "#" + "".join(f"{int(round(v)):02X}" for v in mixed)


PROB_COLORS = tuple(_tint(c, 0.45) for c in CLASS_COLORS)
AMBIGUOUS_SCALE = [[0.0, "rgba(60,60,60,0)"], [1.0, "rgba(60,60,60,0.3)"]]


def discrete_scale(colors) -> list[list]:
    scale = []
    for k, color in enumerate(colors):
        scale += [[k / len(colors), color], [(k + 1) / len(colors), color]]
    return scale


def class_colors(n: int, palette=REGION_COLORS) -> list[str]:
    return [palette[k % len(palette)] for k in range(max(n, 2))]


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


def region_trace(plane: Plane, region, n_classes: int, values=(0.0, 1.0), colors=None) -> dict:
    """Predicted class on the grid as a uint8 heat map (1-D: a band behind the curves)."""
    colors = colors or class_colors(n_classes)
    z = np.asarray(region).astype(np.uint8)
    common = dict(
        type="heatmap",
        zmin=-0.5,
        zmax=len(colors) - 0.5,
        colorscale=discrete_scale(colors),
        showscale=False,
        hoverinfo="skip",
        name="",
    )
    if plane.dims == 2:
        return dict(x=plane.gx, y=plane.gy, z=z.reshape(plane.shape()), **common)
    lo, hi = values
    return dict(
        x=plane.gx, y=np.array([lo + (hi - lo) / 4, hi - (hi - lo) / 4]), z=np.vstack([z, z]), **common
    )


def mask_trace(plane: Plane, mask, values=(0.0, 1.0), name: str = "") -> dict:
    """Grey shading where ``mask`` holds (ambiguous regions, clipped LSPC)."""
    trace = region_trace(plane, np.asarray(mask, dtype=bool), 2, values)
    trace.update(colorscale=AMBIGUOUS_SCALE, zmin=0, zmax=1, name=name)
    return trace


def probability_trace(plane: Plane, p, colors=(PROB_COLORS[0], PROB_COLORS[1])) -> dict:
    """q(positive | x) as a smooth heat map: one class colour at 0, white at ½, the other at 1."""
    z = np.round(100 * np.clip(np.asarray(p), 0, 1)).astype(np.uint8).reshape(plane.shape())
    return dict(
        type="heatmap",
        x=plane.gx,
        y=plane.gy,
        z=z,
        zmin=0,
        zmax=100,
        zsmooth="best",
        colorscale=[[0, colors[0]], [0.5, "#FFFFFF"], [1, colors[1]]],
        showscale=False,
        hoverinfo="skip",
        name="",
    )


def posterior_traces(plane: Plane, P) -> list[dict]:
    """Several classes: argmax region in class colours, whitened where the posterior is uncertain."""
    P = np.asarray(P)
    c = P.shape[1]
    top = P.max(axis=1)
    doubt = np.clip(1.0 - (top - 1.0 / c) / (1.0 - 1.0 / c), 0, 1)
    region = region_trace(plane, P.argmax(axis=1), c, colors=class_colors(c, PROB_COLORS))
    white = dict(
        type="heatmap",
        x=plane.gx,
        y=plane.gy,
        z=np.round(100 * doubt).astype(np.uint8).reshape(plane.shape()),
        zmin=0,
        zmax=100,
        zsmooth="best",
        showscale=False,
        hoverinfo="skip",
        colorscale=[[0, "rgba(255,255,255,0)"], [1, "rgba(255,255,255,0.92)"]],
        name="",
    )
    return [region, white]


def contour_trace(
    plane: Plane,
    field,
    level: float,
    color: str = BLACK,
    width: float = 2.0,
    dash: str = "solid",
    name: str = "",
    showlegend: bool = False,
) -> dict:
    z = np.nan_to_num(np.asarray(field, dtype=np.float32), nan=0.0, posinf=1e30, neginf=-1e30)
    return dict(
        type="contour",
        x=plane.gx,
        y=plane.gy,
        z=z.reshape(plane.shape()),
        showscale=False,
        hoverinfo="skip",
        contours=dict(start=level, end=level, size=1.0, coloring="lines"),
        line=dict(color=color, width=width, dash=dash),
        colorscale=[[0, color], [1, color]],
        name=name,
        showlegend=showlegend,
    )


def curve_trace(
    plane: Plane, values, name: str, color: str, style, dash: str = "solid", width: float = 1.0
) -> dict:
    return line_trace(
        Curve(name, plane.gx, np.nan_to_num(np.asarray(values, dtype=float)), color, dash, width), style
    )


def data_traces(
    plane: Plane,
    X,
    y,
    classes,
    names,
    style,
    rows: dict[int, float] | None = None,
    values=(0.0, 1.0),
    sizes=None,
) -> list[dict]:
    """Training points by class (customdata = sample index, so a click can remove one)."""
    traces = []
    idx = class_index(y, classes)
    rows = rows if rows is not None else rug_rows(len(classes), values)
    for k in range(len(classes)):
        mask = idx == k
        yy = X[mask, 1] if plane.dims == 2 else np.full(mask.sum(), rows[k])
        traces.append(
            points_trace(
                X[mask, 0],
                yy,
                plain(names[k]),
                style,
                color=CLASS_COLORS[k % len(CLASS_COLORS)],
                symbol=CLASS_SYMBOLS[k % len(CLASS_SYMBOLS)],
                customdata=np.flatnonzero(mask),
                sizes=None if sizes is None else sizes[mask],
            )
        )
    return traces


def test_traces(plane: Plane, X, y, classes, names, style, rows=None, values=(0.0, 1.0)) -> list[dict]:
    """Test points, hollow and without sample indices (a click never removes them)."""
    traces = []
    idx = np.searchsorted(classes, y)
    known = (idx < len(classes)) & (classes[np.minimum(idx, len(classes) - 1)] == y)
    rows = rows if rows is not None else rug_rows(len(classes), values)
    for k in range(len(classes)):
        mask = known & (idx == k)
        yy = X[mask, 1] if plane.dims == 2 else np.full(mask.sum(), rows[k])
        traces.append(
            points_trace(
                X[mask, 0],
                yy,
                plain(t("lc.test_of", name=names[k])),
                style,
                color=CLASS_COLORS[k % len(CLASS_COLORS)],
                symbol=CLASS_SYMBOLS[k % len(CLASS_SYMBOLS)],
                hollow=True,
                size_scale=0.8,
            )
        )
    return traces


def add_hlines(fig: go.Figure, levels, style, dashes=None) -> None:
    for k, level in enumerate(levels):
        fig.add_hline(
            y=level,
            line=dict(
                color=TRUTH_COLOR, width=style.line_width / 2, dash=(dashes or ["dot"] * len(levels))[k]
            ),
        )


AXIS_STYLE = dict(
    showgrid=True,
    gridcolor="#e6e6e6",
    showline=True,
    linecolor="#888",
    ticks="outside",
    automargin=True,
    zeroline=False,
)


def twin_axes(fig: go.Figure, axes: Axes, names: tuple[str, str]) -> None:
    """Two panels side by side with the same ranges (x/y left, x2/y2 right), named in their axis titles."""
    fig.update_layout(
        xaxis=dict(domain=[0.0, 0.47], title=t("lc.panel_axis", panel=names[0], x=axes.x_title)),
        xaxis2=dict(
            domain=[0.53, 1.0],
            anchor="y2",
            range=list(axes.x_range),
            title=t("lc.panel_axis", panel=names[1], x=axes.x_title),
            **AXIS_STYLE,
        ),
        yaxis2=dict(anchor="x2", range=list(axes.y_range), title=axes.y_title, **AXIS_STYLE),
    )


def on_second(trace: dict, legend: bool = False) -> dict:
    trace = dict(trace, xaxis="x2", yaxis="y2")
    if not legend:
        trace["showlegend"] = False
    return trace


def show_map(fig: go.Figure, ctx, plane: Plane, axes: Axes, key: str) -> None:
    """The main data view: click-to-edit on 2-D data, a plain chart on 1-D data."""
    if plane.dims == 2:
        editable_chart(fig, P, ctx.data, axes.x_range, axes.y_range, key=key)
    else:
        chart(fig, key=key)
        if edit_enabled(P):
            st.caption(t("lc.edit_1d"))


def halfplane_segment(w, b, x_range, y_range) -> tuple[np.ndarray, np.ndarray]:
    """The part of the line wᵀx + b = 0 inside the plot box (empty if it misses the box)."""
    w = np.asarray(w, dtype=float)
    (x0, x1), (y0, y1) = x_range, y_range
    points = []
    if abs(w[1]) > 1e-12:
        for x in (x0, x1):
            yy = -(b + w[0] * x) / w[1]
            if y0 <= yy <= y1:
                points.append((x, yy))
    if abs(w[0]) > 1e-12:
        for yy in (y0, y1):
            x = -(b + w[1] * yy) / w[0]
            if x0 <= x <= x1:
                points.append((x, yy))
    if len(points) < 2:
        return np.array([]), np.array([])
    points = sorted(set(points))
    return np.array([points[0][0], points[-1][0]]), np.array([points[0][1], points[-1][1]])


def step_or_edit(ctx, plane: Plane, axes: Axes, key: str, n_steps: int, view: StepView) -> None:
    """The stepper; in edit mode (2-D) the final state as a clickable chart instead."""
    if edit_enabled(P) and plane.dims == 2:
        fig = go.Figure(view.static)
        fig.add_traces(view.frame(n_steps - 1))
        fig.update_layout(
            margin=dict(t=(fig.layout.margin.t or 0) + 2 * ctx.style.title_size),
            title=dict(text=view.label(n_steps - 1)),
        )
        show_map(fig, ctx, plane, axes, f"{key}_edit")
    else:
        stepper(key, n_steps, view)


def side_panel(fig: go.Figure, x, y, x_title: str, y_title: str, log_x: bool = False) -> None:
    """A second, small plot at the right of a map (objective against iteration)."""
    fig.update_layout(
        xaxis=dict(domain=[0.0, 0.56]),
        xaxis2=dict(
            domain=[0.72, 1.0],
            anchor="y2",
            title=x_title,
            showgrid=True,
            gridcolor="#e6e6e6",
            showline=True,
            linecolor="#888",
            ticks="outside",
            automargin=True,
            type="log" if log_x else "linear",
        ),
        yaxis2=dict(
            anchor="x2",
            title=y_title,
            showgrid=True,
            gridcolor="#e6e6e6",
            showline=True,
            linecolor="#888",
            ticks="outside",
            automargin=True,
        ),
    )
    x, y = np.asarray(x, float), np.asarray(y, float)
    lo, hi = float(np.min(y)), float(np.max(y))
    pad = 0.06 * (hi - lo) if hi > lo else max(abs(hi) * 0.1, 1.0)
    fig.update_yaxes(range=[lo - pad, hi + pad], selector=dict(anchor="x2"))
    if log_x:
        fig.update_layout(xaxis2=dict(range=[0, np.log10(max(x.max(), 10)) * 1.02]))
    else:
        fig.update_layout(xaxis2=dict(range=[-0.02 * max(x.max(), 1), max(x.max(), 1) * 1.02]))
    fig.add_trace(
        go.Scatter(
            x=x,
            y=y,
            mode="lines",
            xaxis="x2",
            yaxis="y2",
            line=dict(color=FIT_COLOR, width=2),
            name=y_title,
            showlegend=False,
            hoverinfo="x+y",
        )
    )


def side_marker(x, y, style) -> dict:
    trace = points_trace([x], [y], "", style, color=HIGHLIGHT_COLOR, size_scale=1.4)
    trace.update(xaxis="x2", yaxis="y2", showlegend=False)
    return trace


# ---- cached computations -----------------------------------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def ls_scene(X, y, kernel, h, lam, targets, grid, X_test, svm):
    model = LeastSquaresClassifier(h=h, lam=lam, kernel=kernel, targets=targets, n_centers=KERNEL_CENTRES)
    model.fit(X, y)
    comparison = SVC(C=1000.0).fit(X, y) if svm else None
    return (
        model,
        model.decision_function(grid),
        model.decision_function(X),
        None if X_test is None else model.predict(X_test),
        comparison,
        None if comparison is None else comparison.decision_function(grid),
    )


@st.cache_data(max_entries=32, show_spinner=False)
def perceptron_scene(X, y, eta, epochs, shuffle, seed):
    model = Perceptron(eta=eta, max_epochs=epochs, shuffle=shuffle, random_state=seed, n_snapshots=400).fit(
        X, y
    )
    bound = None
    if model.converged_:
        svm = SVC(C=np.inf, tol=1e-6, max_iter=20_000).fit(X, y)
        if svm.converged_:
            try:
                bound = perceptron_mistake_bound(X, y, svm.w_, svm.b_)
            except ValueError:
                bound = None
    return model, bound


def iterative_model(kind, solver, lam, basis, h, eta, iters, seed):
    phi = GaussianBasis(h, n_centers=KERNEL_CENTRES) if basis == "gaussian" else None
    cls = LogisticRegression if kind == "logistic" else SoftmaxRegression
    return cls(lam=lam, solver=solver, eta=eta, max_iter=iters, basis=phi, n_snapshots=300, random_state=seed)


@st.cache_data(max_entries=32, show_spinner=False)
def iterative_scene(kind, X, y, solver, lam, basis, h, eta, iters, seed, grid):
    """Fit logistic or softmax regression; the probabilities on the grid for the animation frames."""
    model = iterative_model(kind, solver, lam, basis, h, eta, iters, seed)
    start = time.perf_counter()
    model.fit(X, y)
    seconds = time.perf_counter() - start
    Phi = model.basis_.transform(grid)
    steps = sorted(set(frame_steps(len(model.history_)).tolist()) | {len(model.history_) - 1})
    maps = {int(s): grid_probabilities(Phi, model.history_[s].theta) for s in steps}
    return model, seconds, maps


def grid_probabilities(Phi, theta) -> np.ndarray:
    scores = Phi @ theta
    if scores.ndim == 1:
        return (1.0 / (1.0 + np.exp(-np.clip(scores, -500, 500)))).astype(np.float32)
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def step_probabilities(maps, model, grid, history):
    """Grid probabilities of step s: the cached map when there is one, else from θ_s (basis built once)."""
    Phi = None

    def probabilities(s):
        nonlocal Phi
        if s in maps:
            return maps[s]
        if Phi is None:
            Phi = model.basis_.transform(grid)
        return grid_probabilities(Phi, history[s].theta)

    return probabilities


@st.cache_data(max_entries=32, show_spinner=False)
def lspc_scene(X, y, h, lam, shared, grid):
    start = time.perf_counter()
    model = LSPC(h=h, lam=lam, class_centers=not shared, n_centers=KERNEL_CENTRES).fit(X, y)
    seconds = time.perf_counter() - start
    return (
        model,
        seconds,
        model.predict_proba(grid).astype(np.float32),
        model.raw_scores(grid).astype(np.float32),
    )


def make_base(base, h, lam):
    if base == "logistic":
        return LogisticRegression(lam=lam, max_iter=50)
    if base == "ls_linear":
        return LeastSquaresClassifier(kernel="linear", lam=lam)
    return LeastSquaresClassifier(h=h, lam=lam)


@st.cache_data(max_entries=32, show_spinner=False)
def multiclass_scene(X, y, strategy, base, h, lam, code, grid, X_test):
    estimator = make_base(base, h, lam)
    model = {
        "ovr": lambda: OneVsRest(estimator),
        "ovo": lambda: OneVsOne(estimator),
        "ecoc": lambda: ECOC(code_matrix=code, estimator=estimator),
    }[strategy]().fit(X, y)
    return (
        model,
        model.decision_function(grid).astype(np.float32),
        model.decision_function(X),
        None if X_test is None else model.decision_function(X_test),
    )


@st.cache_data(max_entries=32, show_spinner=False)
def imbalance_scene(X, positive, lam, sampling, seed, grid):
    """Logistic regression on the (re-sampled) training set; q(positive | x) on the grid and the data."""
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(positive), np.flatnonzero(~positive)
    small, large = (pos, neg) if len(pos) <= len(neg) else (neg, pos)
    if sampling == "under":
        keep = np.concatenate([small, rng.choice(large, size=len(small), replace=False)])
    elif sampling == "over":
        keep = np.concatenate([large, small, rng.choice(small, size=len(large) - len(small), replace=True)])
    else:
        keep = np.arange(len(positive))
    ys = positive[keep].astype(int)
    model = LogisticRegression(lam=lam).fit(X[keep], ys)
    counts = (int(ys.sum()), int(len(ys) - ys.sum()))
    return (
        model,
        model.predict_proba(grid)[:, 1].astype(np.float32),
        model.predict_proba(X)[:, 1],
        counts,
        len(keep),
    )


# ---- view 1: least-squares classification ---------------------------------------------------------


def centres_note(main, n: int) -> None:
    """Say when a kernel model uses a random subset of the inputs as centres (large n)."""
    if n > KERNEL_CENTRES:
        main.caption(t("lc.centres_subset", b=KERNEL_CENTRES, n=n))


def ls_view(ctx, prob: Problem, controls, main):
    c = len(prob.classes)
    with controls:
        kernel = choice(
            t("lc.model"), KERNELS, "lc.kernel", catalogue_labels("lc.kernels"), horizontal=SEGMENTED
        )
        h = log_slider(t("lc.h"), "lc.h", -2, 1, 1.0) if kernel == "gaussian" else 1.0
        lam = lam_slider(t("lc.lam"), "lc.lam", -6, 3, 0.01)
        targets = "pm1"
        if kernel == "linear" and c == 2:
            targets = choice(
                t("lc.targets"),
                TARGETS,
                "lc.targets",
                catalogue_labels("lc.target_options"),
                horizontal=SEGMENTED,
            )
        svm = (
            st.toggle(t("lc.compare_svm"), help=t("lc.compare_svm_help"), **bound("lc.svm"))
            if c == 2
            else False
        )
        show_test = test_toggle(prob)
    if kernel == "gaussian":
        centres_note(main, len(prob.y))
    plane = make_plane(prob, RES)
    try:
        model, F, F_train, pred_test, comparison, F_svm = ls_scene(
            prob.X, prob.y, kernel, h, lam, targets, plane.grid, prob.X_test, svm
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    binary = F.ndim == 1
    region = (F >= 0).astype(np.uint8) if binary else F.argmax(axis=1)
    pred_train = model.predict(prob.X)
    t_pos = t_neg = 1.0
    if targets == "lda":
        n_pos = int(np.sum(prob.y == prob.classes[1]))
        t_pos, t_neg = 1.0 / n_pos, 1.0 / (len(prob.y) - n_pos)
    scale = max(t_pos, t_neg)
    values = (-2 * scale, 2 * scale)
    rows = {0: -t_neg, 1: t_pos} if binary else None
    axes = view_axes(plane, values, t("lc.f_axis"), rug=not binary)
    fig = base_figure(ctx.style, axes)
    fig.add_trace(region_trace(plane, region, c, values))
    if plane.dims == 2:
        if binary:
            fig.add_trace(
                contour_trace(
                    plane, F, 0.0, BLACK, ctx.style.line_width, name=t("lc.boundary"), showlegend=True
                )
            )
            if targets == "pm1":
                for level in (-1.0, 1.0):
                    fig.add_trace(contour_trace(plane, F, level, BLACK, ctx.style.line_width * 0.5, "dash"))
        else:
            for k in range(c):
                fig.add_trace(
                    contour_trace(
                        plane,
                        F[:, k],
                        0.0,
                        CLASS_COLORS[k % 6],
                        ctx.style.line_width * 0.6,
                        "dash",
                        name=t("lc.fk_zero", k=k + 1),
                        showlegend=k == 0,
                    )
                )
        if F_svm is not None:
            fig.add_trace(
                contour_trace(
                    plane,
                    F_svm,
                    0.0,
                    ALT_COLOR,
                    ctx.style.line_width,
                    "dashdot",
                    name=t("lc.svm_boundary"),
                    showlegend=True,
                )
            )
        if targets == "lda":
            lda_arrow(fig, prob, model, ctx.style)
    else:
        if binary:
            fig.add_trace(curve_trace(plane, F, t("lc.f_curve"), FIT_COLOR, ctx.style))
            add_hlines(
                fig, [0.0] + ([-1.0, 1.0] if targets == "pm1" else []), ctx.style, ["solid", "dot", "dot"]
            )
            if F_svm is not None:
                fig.add_trace(
                    curve_trace(plane, F_svm, t("lc.svm_boundary"), ALT_COLOR, ctx.style, "dashdot")
                )
        else:
            for k in range(c):
                fig.add_trace(
                    curve_trace(
                        plane,
                        F[:, k],
                        t("lc.fk", k=k + 1),
                        CLASS_COLORS[k % 6],
                        ctx.style,
                        DASHES[k % len(DASHES)],
                    )
                )
            add_hlines(fig, [0.0], ctx.style, ["solid"])
    if show_test:
        fig.add_traces(
            test_traces(plane, prob.X_test, prob.y_test, prob.classes, prob.names, ctx.style, rows, values)
        )
    fig.add_traces(data_traces(plane, prob.X, prob.y, prob.classes, prob.names, ctx.style, rows, values))
    objective = 0.5 * float(np.sum((F_train - ls_targets(prob, model, targets)) ** 2))
    margins = classification_margins(model, prob.X, prob.y) if binary else None
    penalised = int(np.sum((margins > 1) & (pred_train == prob.y))) if margins is not None else None
    with main:
        show_map(fig, ctx, plane, axes, "lc.ls_chart")
        items = [
            (t("lc.train_acc"), pct(accuracy(pred_train, prob.y))),
            (t("lc.test_acc"), pct(accuracy(pred_test, prob.y_test))),
            (t("lc.objective"), fmt(objective)),
            (t("lc.n_params"), str(np.size(model.theta_))),
        ]
        if penalised is not None and targets == "pm1":
            items.append((t("lc.penalised"), str(penalised)))
        if comparison is not None:
            items.append((t("lc.svm_acc"), pct(accuracy(comparison.predict(prob.X), prob.y))))
        tiles(ctx, items)
        if margins is not None and targets == "pm1":
            margin_chart(margins, prob, ctx)
        elif not binary:
            st.caption(t("lc.ls_multiclass_note"))
    formula_panel(ls_formulas(model, prob, kernel, h, lam, targets, objective, penalised), ctx.projector)
    code_view(LeastSquaresClassifier, projector=ctx.projector)


def ls_targets(prob: Problem, model, targets: str) -> np.ndarray:
    idx = class_index(prob.y, model.classes_)
    if len(model.classes_) > 2:
        return np.where(idx[:, None] == np.arange(len(model.classes_))[None, :], 1.0, -1.0)
    if targets == "lda":
        n_pos = int(np.sum(idx == 1))
        return np.where(idx == 1, 1.0 / n_pos, -1.0 / (len(idx) - n_pos))
    return np.where(idx == 1, 1.0, -1.0)


def lda_arrow(fig: go.Figure, prob: Problem, model, style) -> None:
    """The LS direction θ₁.. (parallel to Fisher's S_W⁻¹(μ₊ − μ₋)) drawn from the data mean."""
    w = np.asarray(model.theta_[1:], dtype=float)
    if not np.any(w):
        return
    centre = prob.X.mean(axis=0)
    span = min(np.ptp(prob.X[:, 0]), np.ptp(prob.X[:, 1])) * 0.3 or 1.0
    tip = centre + span * w / np.linalg.norm(w)
    fig.add_annotation(
        x=tip[0],
        y=tip[1],
        ax=centre[0],
        ay=centre[1],
        xref="x",
        yref="y",
        axref="x",
        ayref="y",
        showarrow=True,
        arrowhead=3,
        arrowwidth=style.line_width,
        arrowcolor=ALT_COLOR,
        text=t("lc.lda_direction"),
        font=dict(color=ALT_COLOR),
    )


def margin_chart(margins, prob: Problem, ctx) -> None:
    """Each sample's margin m = y f(x) on the squared loss (1 − m)²: m > 1 is penalised although correct."""
    m = np.clip(margins, -3, 3)
    grid = np.linspace(-3, 3, 241)
    axes = Axes((-3, 3), (-0.3, 6.0), t("lc.margin_axis"), t("lc.loss_axis"))
    fig = base_figure(ctx.style, axes, t("lc.margin_title"), height=300)
    fig.add_vrect(x0=1, x1=3, fillcolor="rgba(213,94,0,0.08)", line_width=0)
    fig.add_trace(line_trace(Curve(t("lc.losses.squared"), grid, (1 - grid) ** 2, FIT_COLOR), ctx.style))
    fig.add_trace(
        line_trace(
            Curve(t("lc.losses.zero_one"), grid, margin_loss(grid, "zero_one"), TRUTH_COLOR, "dot"), ctx.style
        )
    )
    idx = class_index(prob.y, prob.classes)
    for k in range(2):
        mask = idx == k
        fig.add_trace(
            points_trace(
                m[mask],
                np.minimum((1 - m[mask]) ** 2, 5.9),
                plain(prob.names[k]),
                ctx.style,
                color=CLASS_COLORS[k],
                symbol=CLASS_SYMBOLS[k],
                size_scale=0.8,
            )
        )
    chart(fig, key="lc.ls_margins")


def ls_formulas(model, prob, kernel, h, lam, targets, objective, penalised) -> list[Formula]:
    n = len(prob.y)
    formulas = []
    if kernel == "gaussian":
        formulas.append(
            Formula(
                rf"f_\theta(x) = \sum_{{j=1}}^{{{n}}} \theta_j K(x, x_j),\quad "
                rf"K(x, x') = \exp\!\Big(-\frac{{\|x - x'\|^2}}"
                rf"{{2 \cdot {number(h)}^2}}\Big),\quad \hat\theta = (K^2 + {number(lam)}\, I)^{{-1}} K y",
                "Sugiyama §7.1, Fig 7.3",
            )
        )
    else:
        theta = np.asarray(model.theta_)
        head = (
            rf"f_\theta(x) = {number(theta[0])} + {number(theta[1])}\,x^{{(1)}}"
            + (rf" + {number(theta[2])}\,x^{{(2)}}" if theta.ndim == 1 and len(theta) > 2 else "")
            if theta.ndim == 1
            else r"f_{\theta,k}(x) = \theta_k^\top (1, x)"
        )
        formulas.append(
            Formula(
                rf"{head},\quad \hat\theta = (\Phi^\top\Phi + {number(lam)}\, I)^{{-1}}\Phi^\top y",
                "Sugiyama §7.1; slides §2.4 (regression onto ±1 / one-hot targets)",
            )
        )
    if targets == "lda":
        n_pos = int(np.sum(prob.y == prob.classes[1]))
        w = np.asarray(model.theta_[1:])
        X0, X1 = prob.X[prob.y == prob.classes[0]], prob.X[prob.y == prob.classes[1]]
        Sw = (X0 - X0.mean(0)).T @ (X0 - X0.mean(0)) + (X1 - X1.mean(0)).T @ (X1 - X1.mean(0))
        lda = np.linalg.lstsq(Sw, X1.mean(0) - X0.mean(0), rcond=None)[0]
        cos = (
            float(w @ lda / (np.linalg.norm(w) * np.linalg.norm(lda)))
            if np.any(w) and np.any(lda)
            else np.nan
        )
        formulas.append(
            Formula(
                rf"y_i = +\tfrac{{1}}{{n_+}} = {number(1 / n_pos)}\ \text{{or}}\ -\tfrac{{1}}{{n_-}} = "
                rf"{number(-1 / (n - n_pos))}\ \Rightarrow\ "
                rf"\cos\angle\big(\hat\theta_{{1:}},\ S_W^{{-1}}(\mu_+ - \mu_-)\big) = "
                rf"{number(cos, 6)}",
                "Sugiyama §7.1 (LDA link; the intercept θ₀ is needed)",
            )
        )
    formulas.append(
        Formula(
            rf"\hat y = \operatorname{{sign}} f_{{\hat\theta}}(x),\quad "
            rf"J = \tfrac12\sum_{{i=1}}^{{{n}}}(f_{{\hat\theta}}(x_i) - y_i)^2"
            rf" = {number(objective)}",
            "Sugiyama §7.1, (7.1)",
        )
    )
    if penalised is not None and targets == "pm1":
        formulas.append(
            Formula(
                rf"(y_i - f(x_i))^2 = (1 - m_i)^2,\ m_i = f(x_i)\,y_i;\quad \#\{{i: m_i > 1\}} = {penalised}",
                "Sugiyama §7.2, Figs 7.5–7.6",
            )
        )
    return formulas


# ---- view 2: the perceptron ---------------------------------------------------------------------------


def perceptron_view(ctx, prob: Problem, controls, main):
    with controls:
        epochs = st.select_slider(t("lc.epochs"), EPOCHS, 100, **bound("lc.epochs"))
        eta = log_slider(t("lc.eta"), "lc.eta", -2, 1, 1.0, help=t("lc.eta_help"))
        shuffle = st.toggle(t("lc.shuffle"), **bound("lc.shuffle"))
        show_test = test_toggle(prob)
    task = binary_problem(prob, controls)
    plane = make_plane(prob, STEP_RES)
    seed = int(st.session_state.get("lc.seed", 0))
    try:
        model, bound_value = perceptron_scene(prob.X, task.y, eta, epochs, shuffle, seed)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    history = model.history_
    values = (-2.0, 2.0)
    rows = {0: -1.0, 1: 1.0}
    axes = view_axes(plane, values, t("lc.class_axis"), rug=False)
    static = base_figure(ctx.style, axes)
    if plane.dims == 1:
        add_hlines(static, [0.0], ctx.style, ["solid"])
    if show_test:
        static.add_traces(
            test_traces(plane, prob.X_test, task.y_test, task.classes, task.names, ctx.style, rows)
        )
    static.add_traces(data_traces(plane, prob.X, task.y, task.classes, task.names, ctx.style, rows))

    def frame(s):
        snap = history[s]
        f = plane.grid @ snap.w + snap.b
        traces = [region_trace(plane, (f >= 0).astype(np.uint8), 2, values)]
        if plane.dims == 2:
            lx, ly = halfplane_segment(snap.w, snap.b, plane.x_range, plane.y_range)
        else:
            x0 = -snap.b / snap.w[0] if abs(snap.w[0]) > 1e-12 else np.nan
            inside = plane.x_range[0] <= x0 <= plane.x_range[1] if np.isfinite(x0) else False
            lx, ly = (np.array([x0, x0]), np.array(values)) if inside else (np.array([]), np.array([]))
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=lx,
                y=ly,
                name=t("lc.boundary"),
                line=dict(color=BLACK, width=ctx.style.line_width),
            )
        )
        i = snap.index
        if i >= 0:
            hy = prob.X[i, 1] if plane.dims == 2 else rows[int(task.y[i] == task.classes[1])]
            traces.append(highlight_trace(prob.X[i, 0], hy, t("lc.mistake"), ctx.style))
        else:
            traces.append(highlight_trace([], [], t("lc.mistake"), ctx.style))
        return traces

    def label(s):
        snap = history[s]
        return t("lc.perc_label", k=snap.n_mistakes, epoch=snap.epoch + 1)

    def details(s):
        snap = history[s]
        if snap.index < 0:
            return t("lc.perc_start")
        prev = history[s - 1]
        i = snap.index
        yi = 1 if task.y[i] == task.classes[1] else -1
        text = t(
            "lc.perc_details",
            k=snap.n_mistakes,
            i=i + 1,
            y=yi,
            x=vector_text(prob.X[i]),
            w=vector_text(snap.w),
            b=f"{snap.b:.4g}",
        )
        if prev.n_mistakes == snap.n_mistakes - 1:
            m = yi * (prob.X[i] @ prev.w + prev.b)
            text = t("lc.perc_margin", m=f"{m:.4g}", w=vector_text(prev.w), b=f"{prev.b:.4g}") + " " + text
        else:
            text = t("lc.perc_skipped", n=snap.n_mistakes - prev.n_mistakes - 1) + " " + text
        return text

    view = StepView(static, frame, label, details)
    with main:
        step_or_edit(ctx, plane, axes, "lc.perceptron", len(history), view)
        pred = model.predict(prob.X)
        pred_test = None if prob.X_test is None else model.predict(prob.X_test)
        tiles(
            ctx,
            [
                (t("lc.mistakes"), str(model.n_mistakes_)),
                (t("lc.epochs_used"), str(model.n_epochs_)),
                (t("lc.converged"), t("lc.yes") if model.converged_ else t("lc.no")),
                (t("lc.train_acc"), pct(accuracy(pred, task.y))),
                (t("lc.test_acc"), pct(accuracy(pred_test, task.y_test))),
                (t("lc.bound"), "—" if bound_value is None else fmt(bound_value, 4)),
            ],
        )
        if not model.converged_:
            st.info(t("lc.perc_not_separable", epochs=model.n_epochs_))
        epoch_chart(model, ctx)
    w, b = model.w_, model.b_
    formulas = [
        Formula(
            rf"y_i\,(w^\top x_i + b) \le 0\ \Rightarrow\ w \leftarrow w + \eta\, y_i x_i,\ "
            rf"b \leftarrow b + \eta\, y_i,\quad \eta = {number(eta)}",
            "CS229 Part II §6 and Ch. 6 §1 (M11–M12); Zhou notes §7.1 (≤ 0, not < 0)",
        ),
        Formula(
            rf"f(x) = w^\top x + b,\ w = {vector(w)},\ b = {number(b)},\quad k = {model.n_mistakes_}\ "
            rf"\text{{{t('lc.updates_tex')}}}",
            "CS229 M12",
        ),
    ]
    if bound_value is not None:
        formulas.append(
            Formula(
                rf"k \le (D/\gamma)^2 = {number(bound_value)},\quad D = \max_i\|\hat x_i\|,\ "
                rf"\gamma = \min_i y_i\, u^\top \hat x_i\ (u:\ \text{{{t('lc.svm_direction_tex')}}})",
                "CS229 Ch. 6 §1 (Block–Novikoff)",
            )
        )
    formula_panel(formulas, ctx.projector)
    code_view(Perceptron, projector=ctx.projector)


def vector_text(values) -> str:
    return "(" + ", ".join(f"{v:.4g}" for v in np.atleast_1d(values)) + ")"


def epoch_chart(model, ctx) -> None:
    """Mistakes in each pass over the data: the last bar is 0 when the perceptron has converged."""
    per_epoch = np.asarray(model.epoch_mistakes_, dtype=float)
    x = np.arange(1, len(per_epoch) + 1)
    top = max(float(per_epoch.max()) if len(per_epoch) else 1.0, 1.0)
    fig = base_figure(
        ctx.style,
        Axes((0.4, len(per_epoch) + 0.6), (0, top * 1.15), t("lc.epoch_axis"), t("lc.mistakes")),
        t("lc.epoch_title"),
        height=240,
    )
    fig.add_trace(go.Bar(x=x, y=per_epoch, marker_color=CLASS_COLORS[0], showlegend=False))
    chart(fig, key="lc.perceptron_epochs")


# ---- view 3: logistic regression -------------------------------------------------------------------


def solver_controls():
    solver = choice(
        t("lc.solver"), SOLVERS, "lc.solver", catalogue_labels("lc.solvers"), horizontal=SEGMENTED
    )
    eta = 1.0
    if solver != "newton":
        eta = log_slider(t("lc.eta_lr"), f"lc.{solver}_eta", -3, 1, ETA_DEFAULT[solver])
    iters = st.select_slider(
        t("lc.iterations"), ITERS[solver], ITER_DEFAULT[solver], **bound(f"lc.{solver}_iter")
    )
    return solver, eta, iters


def logistic_view(ctx, prob: Problem, controls, main):
    with controls:
        lam = lam_slider(t("lc.lr_lam"), "lc.lr_lam", -4, 2, 0.0)
        solver, eta, iters = solver_controls()
        basis = choice(t("lc.basis"), BASES, "lc.basis", catalogue_labels("lc.bases"), horizontal=SEGMENTED)
        h = log_slider(t("lc.h"), "lc.h", -2, 1, 1.0) if basis == "gaussian" else 1.0
        show_test = test_toggle(prob)
    task = binary_problem(prob, controls)
    if basis == "gaussian":
        centres_note(main, len(prob.y))
    if solver == "newton" and basis == "gaussian" and min(len(prob.y), KERNEL_CENTRES) > NEWTON_LIMIT:
        main.warning(t("lc.newton_too_big", n=min(len(prob.y), KERNEL_CENTRES), limit=NEWTON_LIMIT))
        return
    plane = make_plane(prob, STEP_RES)
    seed = int(st.session_state.get("lc.seed", 0))
    try:
        model, _, maps = iterative_scene(
            "logistic", prob.X, task.y, solver, lam, basis, h, eta, iters, seed, plane.grid
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    history = model.history_
    steps = np.array([s.step for s in history], dtype=float)
    ll = np.array([s.log_likelihood for s in history])
    rows = {0: 0.0, 1: 1.0}
    values = (0.0, 1.0)
    axes = view_axes(plane, values, t("lc.q_axis"), rug=False)
    static = base_figure(ctx.style, axes)
    side_panel(
        static,
        np.maximum(steps, 1) if solver == "sgd" else steps,
        ll,
        t("lc.step_axis"),
        t("lc.ll_axis"),
        log_x=solver == "sgd",
    )
    if plane.dims == 1:
        add_hlines(static, [0.5], ctx.style, ["dash"])
    if show_test:
        static.add_traces(
            test_traces(plane, prob.X_test, task.y_test, task.classes, task.names, ctx.style, rows)
        )
    static.add_traces(data_traces(plane, prob.X, task.y, task.classes, task.names, ctx.style, rows))
    probabilities = step_probabilities(maps, model, plane.grid, history)

    def frame(s):
        p = probabilities(s)
        if plane.dims == 2:
            traces = [
                probability_trace(plane, p),
                contour_trace(
                    plane, p, 0.5, BLACK, ctx.style.line_width, name=t("lc.half_contour"), showlegend=True
                ),
            ]
        else:
            traces = [
                region_trace(plane, (p >= 0.5).astype(np.uint8), 2, values),
                curve_trace(plane, p, t("lc.q_curve"), FIT_COLOR, ctx.style),
            ]
        i = history[s].index
        if i >= 0:
            hy = prob.X[i, 1] if plane.dims == 2 else rows[int(task.y[i] == task.classes[1])]
            traces.append(highlight_trace(prob.X[i, 0], hy, t("lc.sampled"), ctx.style))
        else:
            traces.append(highlight_trace([], [], t("lc.sampled"), ctx.style))
        traces.append(side_marker(max(steps[s], 1) if solver == "sgd" else steps[s], ll[s], ctx.style))
        return traces

    def label(s):
        return t("lc.lr_label", step=history[s].step, ll=fmt(history[s].log_likelihood))

    def details(s):
        snap = history[s]
        text = t(
            "lc.lr_details",
            step=snap.step,
            ll=fmt(snap.log_likelihood),
            obj=fmt(snap.objective),
            grad=fmt(snap.grad_norm),
            theta=theta_text(snap.theta),
        )
        if snap.index >= 0:
            text += " " + t("lc.lr_sample", i=snap.index + 1)
        if solver == "newton" and snap.step > 0:
            text += " " + t("lc.lr_damping", t=f"{snap.step_size:g}")
        return text

    view = StepView(static, frame, label, details)
    pred = model.predict(prob.X)
    pred_test = None if prob.X_test is None else model.predict(prob.X_test)
    with main:
        step_or_edit(ctx, plane, axes, "lc.logistic", len(history), view)
        tiles(
            ctx,
            [
                (t("lc.train_acc"), pct(accuracy(pred, task.y))),
                (t("lc.test_acc"), pct(accuracy(pred_test, task.y_test))),
                (t("lc.log_likelihood"), fmt(model.log_likelihood_)),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("lc.grad_norm"), fmt(history[-1].grad_norm, 2)),
                (t("lc.converged"), t("lc.yes") if model.converged_ else t("lc.no")),
            ],
        )
        if not model.converged_ and solver != "sgd":
            separable = accuracy(pred, task.y) == 1.0 and lam == 0
            st.info(t("lc.lr_separable") if separable else t("lc.lr_not_converged", n=model.n_iter_))
    formula_panel(logistic_formulas(model, task, solver, lam, eta, basis, h), ctx.projector)
    code_view(LogisticRegression, projector=ctx.projector)


def theta_text(theta) -> str:
    theta = np.asarray(theta)
    if theta.size > 6:
        return t("lc.theta_many", b=theta.size, norm=f"{np.linalg.norm(theta):.4g}")
    return vector_text(theta.ravel())


def logistic_formulas(model, task, solver, lam, eta, basis, h) -> list[Formula]:
    n = len(task.y)
    theta = np.asarray(model.theta_)
    if basis == "linear":
        model_tex = (
            rf"q(y{{=}}1\mid x) = \frac{{1}}{{1 + e^{{-\theta^\top \hat x}}}},\ \hat\theta = {vector(theta)}"
        )
    else:
        model_tex = (
            rf"q(y{{=}}1\mid x) = \frac{{1}}{{1 + e^{{-\sum_{{j=1}}^{{{n}}} \theta_j K(x, x_j)}}}},\ "
            rf"h = {number(h)}"
        )
    rule = {
        "gd": rf"\theta \leftarrow \theta + \frac{{\varepsilon}}{{n}} \nabla_\theta\big(\ell(\theta) - "
        rf"\tfrac{{\lambda}}{{2}}\|\theta\|^2\big),\ \varepsilon = {number(eta)}",
        "sgd": rf"\theta \leftarrow \theta + \varepsilon\big[(y_i - h_\theta(x_i))\,\phi(x_i)"
        rf" - \tfrac{{\lambda}}{{n}}"
        rf"\theta\big],\ \varepsilon = {number(eta)}",
        "newton": r"\theta \leftarrow \theta - H^{-1}\nabla_\theta \ell,\ "
        r"H = -\Phi^\top D\,\Phi - \lambda I,\ "
        r"D = \operatorname{diag}(h_i(1 - h_i))",
    }[solver]
    source = {
        "gd": "CS229 Part II §5 (M10); Zhou notes §2.1.4",
        "sgd": "CS229 M10; Sugiyama Fig 10.1",
        "newton": "CS229 Part II §7 (M09); slides §2.4 (4.5)",
    }[solver]
    return [
        Formula(model_tex, "CS229 Part II §5 (M10); Sugiyama §10.1.2"),
        Formula(
            rf"\ell(\theta) = \sum_{{i=1}}^{{{n}}} y_i \log h_\theta(x_i)"
            rf" + (1 - y_i)\log(1 - h_\theta(x_i)) = "
            rf"{number(model.log_likelihood_)},\ \lambda = {number(lam)}",
            "CS229 M10; Sugiyama (10.2) as the logistic loss",
        ),
        Formula(rf"{rule},\quad {model.n_iter_}\ \text{{{t('lc.steps_tex')}}}", source),
    ]


# ---- view 4: softmax regression and LSPC ---------------------------------------------------------------


def softmax_view(ctx, prob: Problem, controls, main):
    c = len(prob.classes)
    with controls:
        h = log_slider(t("lc.h"), "lc.h", -2, 1, 1.0, help=t("lc.h_both"))
        st.markdown(t("lc.softmax_heading"))
        basis = choice(
            t("lc.basis"), BASES, "lc.sm_basis", catalogue_labels("lc.bases"), horizontal=SEGMENTED
        )
        lam = lam_slider(t("lc.lr_lam"), "lc.sm_lam", -4, 2, 0.0)
        solver, eta, iters = solver_controls()
        st.markdown(t("lc.lspc_heading"))
        lspc_lam = lam_slider(t("lc.lam"), "lc.lspc_lam", -4, 2, 0.1)
        shared = st.toggle(t("lc.lspc_shared"), help=t("lc.lspc_shared_help"), **bound("lc.lspc_shared"))
        raw = st.toggle(t("lc.lspc_raw"), help=t("lc.lspc_raw_help"), **bound("lc.lspc_raw"))
    plane = make_plane(prob, STEP_RES)
    centres_note(main, len(prob.y))
    n_params = (min(len(prob.y), KERNEL_CENTRES) if basis == "gaussian" else prob.X.shape[1] + 1) * c
    seed = int(st.session_state.get("lc.seed", 0))
    try:
        lspc, lspc_seconds, lspc_P, lspc_raw = lspc_scene(prob.X, prob.y, h, lspc_lam, shared, plane.grid)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    softmax = None
    if solver == "newton" and n_params > NEWTON_LIMIT:
        main.warning(t("lc.newton_too_big", n=n_params, limit=NEWTON_LIMIT))
    else:
        try:
            softmax, sm_seconds, maps = iterative_scene(
                "softmax", prob.X, prob.y, solver, lam, basis, h, eta, iters, seed, plane.grid
            )
        except ValueError as err:
            main.error(t("error.fit", detail=str(err)))
    values = (0.0, 1.0)
    axes = view_axes(plane, values, t("lc.posterior_axis"), rug=True)
    lspc_pred, lspc_test = lspc.predict(prob.X), None if prob.X_test is None else lspc.predict(prob.X_test)
    items = [
        (t("lc.lspc_time"), f"{1e3 * lspc_seconds:.1f} ms"),
        (t("lc.lspc_acc"), pct_pair(accuracy(lspc_pred, prob.y), accuracy(lspc_test, prob.y_test))),
    ]
    with main:
        if softmax is not None:
            sm_pred = softmax.predict(prob.X)
            sm_test = None if prob.X_test is None else softmax.predict(prob.X_test)
            items = [
                (t("lc.sm_time"), f"{1e3 * sm_seconds:.1f} ms"),
                (t("lc.sm_acc"), pct_pair(accuracy(sm_pred, prob.y), accuracy(sm_test, prob.y_test))),
                *items,
            ]
            softmax_stepper(ctx, prob, plane, axes, softmax, maps, (lspc_P, lspc_raw, raw))
        else:
            fig = base_figure(ctx.style, axes, t("lc.lspc_title"))
            fig.add_traces(lspc_traces(plane, lspc_P, lspc_raw, raw, ctx.style))
            fig.add_traces(data_traces(plane, prob.X, prob.y, prob.classes, prob.names, ctx.style))
            show_map(fig, ctx, plane, axes, "lc.lspc_chart")
        tiles(ctx, items)
        if plane.dims == 1:
            probes = np.array([[-4.0], [0.0], [4.0]])
            st.caption(
                t(
                    "lc.argmax_probe",
                    softmax="—" if softmax is None else ", ".join(map(str, softmax.predict(probes))),
                    lspc=", ".join(map(str, lspc.predict(probes))),
                )
            )
        if softmax is not None:
            softmax_ll_chart(softmax, solver, ctx)
    formulas = [
        Formula(
            rf"q(y\mid x;\theta) = \frac{{\exp(\theta^{{(y)\top}}\phi(x))}}{{\sum_{{y'=1}}^{{{c}}}"
            rf"\exp(\theta^{{(y')\top}}\phi(x))}},\ b\,c = {n_params}\ \text{{{t('lc.params_tex')}}}",
            "Sugiyama §10.1.1, (10.1); CS229 Part III §9.3 (M15); slides §2.5",
        ),
        Formula(
            rf"\hat\theta^{{(y)}} = (\Phi_y^\top\Phi_y + {number(lspc_lam)}\,I)^{{-1}}"
            rf"\Phi_y^\top\pi^{{(y)}},\ "
            rf"\hat p(y\mid x) = \frac{{\max(0, \hat\theta^{{(y)\top}}\phi(x))}}{{\sum_{{y'}}\max(0, "
            rf"\hat\theta^{{(y')\top}}\phi(x))}},\ b_y = {'n' if shared else 'n_y'}",
            "Sugiyama §10.2, (10.5), Fig 10.6",
        ),
    ]
    if softmax is not None:
        formulas.insert(
            1,
            Formula(
                rf"\ell(\theta) = \sum_i \log q(y_i\mid x_i;\theta) = {number(softmax.log_likelihood_)},\ "
                rf"\lambda = {number(lam)},\ {softmax.n_iter_}\ \text{{{t('lc.steps_tex')}}}",
                "Sugiyama §10.1.1 (max, not min: erratum); Fig 10.1 without the listing's extra “1 +”",
            ),
        )
    formula_panel(formulas, ctx.projector)
    code_view(SoftmaxRegression, LSPC, projector=ctx.projector)


def posterior_figure_traces(plane: Plane, P, style, name_fmt: str) -> list[dict]:
    """2-D: posterior map. 1-D: one curve per class (Sugiyama Figs 10.2/10.5) over the argmax band."""
    P = np.asarray(P)
    if plane.dims == 2:
        return posterior_traces(plane, P)
    c = P.shape[1]
    traces = [region_trace(plane, P.argmax(axis=1), c, (0.0, 1.0))]
    for k in range(c):
        traces.append(
            curve_trace(
                plane,
                P[:, k],
                name_fmt.format(k=k + 1),
                CLASS_COLORS[k % 6],
                style,
                DASHES[k % len(DASHES)],
            )
        )
    return traces


def softmax_stepper(ctx, prob, plane, axes, model, maps, lspc) -> None:
    """Softmax regression step by step (left panel) beside the closed-form LSPC (right panel)."""
    history = model.history_
    static = base_figure(ctx.style, axes)
    twin_axes(static, axes, (t("lc.softmax_panel"), t("lc.lspc_panel")))
    static.add_traces([on_second(trace) for trace in lspc_traces(plane, *lspc, ctx.style)])
    points = data_traces(plane, prob.X, prob.y, prob.classes, prob.names, ctx.style)
    static.add_traces([*points, *[on_second(trace) for trace in points]])
    probabilities = step_probabilities(maps, model, plane.grid, history)

    def frame(s):
        traces = posterior_figure_traces(plane, probabilities(s), ctx.style, "q(y={k}|x)")
        i = history[s].index
        if i >= 0:
            k = int(class_index(prob.y[i : i + 1], prob.classes)[0])
            hy = prob.X[i, 1] if plane.dims == 2 else rug_rows(len(prob.classes))[k]
            traces.append(highlight_trace(prob.X[i, 0], hy, t("lc.sampled"), ctx.style))
        else:
            traces.append(highlight_trace([], [], t("lc.sampled"), ctx.style))
        return traces

    def label(s):
        return t("lc.sm_label", step=history[s].step, ll=fmt(history[s].log_likelihood))

    def details(s):
        snap = history[s]
        return t("lc.sm_details", step=snap.step, ll=fmt(snap.log_likelihood), grad=fmt(snap.grad_norm))

    view = StepView(static, frame, label, details)
    step_or_edit(ctx, plane, axes, "lc.softmax", len(history), view)


def softmax_ll_chart(model, solver, ctx) -> None:
    history = model.history_
    steps = np.array([s.step for s in history], dtype=float)
    ll = np.array([s.log_likelihood for s in history])
    curve = Curve(t("lc.ll_axis"), np.maximum(steps, 1) if solver == "sgd" else steps, ll, FIT_COLOR)
    lo, hi = float(ll.min()), float(ll.max())
    pad = 0.05 * (hi - lo) if hi > lo else 1.0
    x_hi = max(float(steps.max()), 1.0)
    fig = curves_figure(
        [curve],
        Axes(
            (1, x_hi) if solver == "sgd" else (0, x_hi),
            (lo - pad, hi + pad),
            t("lc.step_axis"),
            t("lc.ll_axis"),
        ),
        ctx.style,
        log_x=solver == "sgd",
        title=t("lc.ll_title"),
        height=240,
    )
    fig.update_layout(showlegend=False)
    chart(fig, key="lc.softmax_ll")


def lspc_traces(plane, lspc_P, lspc_raw, raw, style) -> list[dict]:
    traces = posterior_figure_traces(plane, lspc_P, style, "p(y={k}|x)")
    if raw:
        clipped = np.all(np.asarray(lspc_raw) <= 0, axis=1)
        if plane.dims == 2:
            traces.append(mask_trace(plane, clipped, name=t("lc.lspc_uniform")))
        else:
            for k in range(lspc_raw.shape[1]):
                traces.append(
                    curve_trace(
                        plane,
                        np.clip(lspc_raw[:, k], -0.34, 1.1),
                        t("lc.raw_k", k=k + 1),
                        CLASS_COLORS[k % 6],
                        style,
                        "dot",
                        0.6,
                    )
                )
    return traces


# ---- view 5: the loss zoo -------------------------------------------------------------------------------


def rug_margins(prob: Problem, task: Binary, model_name: str):
    """Margins of the current model of another view, fitted with that view's settings."""
    if model_name == "ls":
        kernel = setting("lc.kernel", "gaussian", KERNELS)
        model = ls_scene(
            prob.X,
            task.y,
            kernel,
            setting("lc.h", 1.0),
            setting("lc.lam", 0.01),
            "pm1",
            prob.X[:1],
            None,
            False,
        )[0]
    elif model_name == "logistic":
        solver = setting("lc.solver", "newton", SOLVERS)
        basis = setting("lc.basis", "linear", BASES)
        model = iterative_scene(
            "logistic",
            prob.X,
            task.y,
            solver,
            setting("lc.lr_lam", 0.0),
            basis,
            setting("lc.h", 1.0),
            setting(f"lc.{solver}_eta", ETA_DEFAULT.get(solver, 1.0)),
            setting(f"lc.{solver}_iter", ITER_DEFAULT[solver]),
            int(setting("lc.seed", 0)),
            prob.X[:1],
        )[0]
    else:
        model = perceptron_scene(
            prob.X,
            task.y,
            setting("lc.eta", 1.0),
            setting("lc.epochs", 100),
            setting("lc.shuffle", False),
            int(setting("lc.seed", 0)),
        )[0]
    return classification_margins(model, prob.X, task.y), model


def losses_view(ctx, prob: Problem, controls, main):
    names = list(MARGIN_LOSSES)
    labels = catalogue_labels("lc.losses")
    with controls:
        m_cursor = slider(t("lc.m_cursor"), -3.0, 3.0, 0.5, "lc.m", step=0.1)
        chosen = st.multiselect(
            t("lc.loss_choice"), names, default=DEFAULT_LOSSES, format_func=labels, **bound("lc.losses")
        )
        rug_model = choice(t("lc.rug_model"), RUG_MODELS, "lc.rug", catalogue_labels("lc.rug_models"))
    task = binary_problem(prob, controls)
    chosen = [name for name in names if name in chosen] or ["zero_one"]
    try:
        margins, model = rug_margins(prob, task, rug_model)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        margins, _model = None, None
    grid = np.linspace(-3, 3, 601)
    axes = Axes((-3.0, 3.0), (-0.55, 4.2), t("lc.margin_axis"), t("lc.loss_axis"))
    fig = base_figure(ctx.style, axes, t("lc.zoo_title"))
    fig.update_layout(legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top"))
    for k, name in enumerate(chosen):
        color = LINE_COLORS[k % len(LINE_COLORS)] if k < len(LINE_COLORS) else CLASS_COLORS[k % 6]
        fig.add_trace(
            line_trace(
                Curve(
                    labels(name),
                    grid,
                    np.minimum(margin_loss(grid, name), 50.0),
                    color,
                    DASHES[k % len(DASHES)],
                ),
                ctx.style,
            )
        )
    fig.add_vline(x=m_cursor, line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width / 2, dash="dash"))
    at_cursor = np.array([float(margin_loss(m_cursor, name)) for name in chosen])
    fig.add_trace(
        points_trace(
            np.full(len(chosen), m_cursor),
            np.minimum(at_cursor, 4.1),
            t("lc.at_cursor"),
            ctx.style,
            color=HIGHLIGHT_COLOR,
            size_scale=1.1,
        )
    )
    if margins is not None:
        idx = class_index(task.y, task.classes)
        for k in range(2):
            mask = idx == k
            fig.add_trace(
                points_trace(
                    np.clip(margins[mask], -3, 3),
                    np.full(mask.sum(), -0.25 - 0.15 * k),
                    plain(t("lc.margins_of", name=task.names[k])),
                    ctx.style,
                    color=CLASS_COLORS[k],
                    symbol="line-ns",
                    size_scale=1.2,
                    hollow=True,
                )
            )
    table = pd.DataFrame(
        {
            t("lc.col_loss"): [labels(name) for name in chosen],
            t("lc.col_value", m=f"{m_cursor:g}"): np.round(at_cursor, 5),
            t("lc.col_slope", m=f"{m_cursor:g}"): np.round(
                [float(margin_loss_derivative(m_cursor, n)) for n in chosen], 5
            ),
            t("lc.col_risk"): (
                np.round([float(np.mean(margin_loss(margins, n))) for n in chosen], 5)
                if margins is not None
                else [np.nan] * len(chosen)
            ),
        }
    )
    with main:
        chart(fig, key="lc.zoo_chart")
        st.dataframe(
            table,
            hide_index=True,
            column_config={name: st.column_config.NumberColumn(format="%.5f") for name in table.columns[1:]},
        )
        if margins is not None:
            tiles(
                ctx,
                [
                    (t("lc.rug_acc"), pct(float(np.mean(margins > 0)))),
                    (t("lc.rug_zero_one"), fmt(float(np.mean(margin_loss(margins, "zero_one"))))),
                    (t("lc.rug_above_one"), str(int(np.sum(margins > 1)))),
                    (t("lc.rug_n"), str(len(margins))),
                ],
            )
    formulas = [Formula(rf"m = y\,f(x),\quad m = {number(m_cursor)}", "Sugiyama §7.2")]
    for name in chosen:
        formulas.append(
            Formula(rf"{LOSS_TEX[name]} = {number(float(margin_loss(m_cursor, name)), 5)}", LOSS_SOURCE[name])
        )
    formula_panel(formulas, ctx.projector)
    code_view(*[MARGIN_LOSSES[name] for name in chosen], classification_margins, projector=ctx.projector)


LOSS_TEX = {
    "zero_one": r"\tfrac12\big(1 - \operatorname{sign} m\big)",
    "squared": r"(1 - m)^2",
    "hinge": r"\max\{0,\ 1 - m\}",
    "logistic": r"\log\big(1 + e^{-m}\big)",
    "exponential": r"e^{-m}",
    "ramp": r"\min\{1,\ \max(0,\ 1 - m)\}",
    "perceptron": r"\max\{0,\ -m\}",
    "madaboost": r"\begin{cases}-m + \tfrac12 & m \le 0\\ \tfrac12 e^{-2m} & m > 0\end{cases}",
    "logitboost": r"\log\big(1 + e^{-2m}\big)",
}
LOSS_SOURCE = {
    "zero_one": "Sugiyama §7.2, Fig 7.5",
    "squared": "Sugiyama §7.2",
    "hinge": "Sugiyama §8.5; Li Hang Fig 7.6",
    "logistic": "Sugiyama §10.1.2, (10.2)",
    "exponential": "Sugiyama §9.3.2",
    "ramp": "Sugiyama §8.6",
    "perceptron": "Li Hang Fig 7.6 ([−m]₊; the seed's sign typo corrected)",
    "madaboost": "Sugiyama §9.3.2",
    "logitboost": "Sugiyama §9.3.2",
}


# ---- view 6: multi-class strategies -------------------------------------------------------------------


def random_code(c: int, length: int, seed: int) -> np.ndarray:
    """A random ±1 code: every column splits the classes, every row differs from the others."""
    rng = np.random.default_rng(seed)
    for _ in range(200):
        M = rng.choice([-1, 1], size=(c, length))
        cols_ok = np.all((M == 1).any(0) & (M == -1).any(0))
        rows_ok = len({tuple(r) for r in M}) == c
        if cols_ok and rows_ok:
            return M
    raise ValueError(t("lc.random_code_failed", c=c, m=length))


def strategy_code(strategy: str, c: int, model) -> np.ndarray:
    """Every strategy as a code matrix (seed 004 §2.9): OvR ±1 identity, OvO ternary, ECOC its own."""
    if strategy == "ovr":
        return 2 * np.eye(c, dtype=int) - 1
    if strategy == "ovo":
        pairs = list(combinations(range(c), 2))
        M = np.zeros((c, len(pairs)), dtype=int)
        for s, (a, b) in enumerate(pairs):
            M[a, s], M[b, s] = 1, -1
        return M
    return model.code_matrix_


def decide(strategy: str, F, c: int, code, decoding: str, flip: int | None):
    """Prediction index, ambiguity mask and the 'vote map' value from the binary scores F."""
    F = np.array(F, dtype=float)
    if flip is not None:
        F[:, flip] *= -1
    if strategy == "ovr":
        positive = np.count_nonzero(F >= 0, axis=1)
        return F.argmax(axis=1), positive != 1, positive
    if strategy == "ovo":
        pairs = list(combinations(range(c), 2))
        votes = ovo_vote_counts(F, c)
        conf = np.zeros((len(F), c))
        for col, (a, b) in enumerate(pairs):
            conf[:, a] += F[:, col]
            conf[:, b] -= F[:, col]
        top = votes == votes.max(axis=1, keepdims=True)
        return np.argmax(np.where(top, conf, -np.inf), axis=1), top.sum(axis=1) > 1, votes.max(axis=1)
    D = ecoc_decode(F, code, decoding)
    nearest = D.min(axis=1, keepdims=True)
    return D.argmin(axis=1), np.count_nonzero(np.isclose(D, nearest), axis=1) > 1, D.min(axis=1)


def multiclass_view(ctx, prob: Problem, controls, main):
    c = len(prob.classes)
    with controls:
        strategy = choice(
            t("lc.strategy"),
            STRATEGIES,
            "lc.strategy",
            catalogue_labels("lc.strategies"),
            horizontal=SEGMENTED,
        )
        base = choice(t("lc.base"), BASE_LEARNERS, "lc.base", catalogue_labels("lc.bases_mc"))
        h = log_slider(t("lc.h"), "lc.h", -2, 1, 1.0) if base == "ls_gaussian" else 1.0
        lam = lam_slider(t("lc.lam"), "lc.mc_lam", -4, 2, 0.1)
        code_name, decoding, word = "exhaustive", "hamming", ""
        if strategy == "ecoc":
            code_name = choice(t("lc.code"), CODES, "lc.code", catalogue_labels("lc.codes"))
            length = slider(t("lc.code_len"), 2, 15, 6, "lc.code_len") if code_name == "random" else 0
            decoding = choice(
                t("lc.decoding"),
                DECODINGS,
                "lc.decoding",
                catalogue_labels("lc.decodings"),
                horizontal=SEGMENTED,
            )
        show_test = test_toggle(prob)
    messages = []
    code = None
    if strategy == "ecoc":
        if code_name == "book" and c != 4:
            messages.append(t("lc.book_code_needs_4", c=c))
            code_name = "exhaustive"
        if code_name == "exhaustive" and c > MAX_EXHAUSTIVE:
            messages.append(t("lc.exhaustive_too_big", c=c, limit=MAX_EXHAUSTIVE))
            code_name, length = "random", max(length, min(15, 2 * c))
        try:
            code = {
                "book": lambda: np.array(ECOC_EXAMPLE_CODE),
                "exhaustive": lambda: exhaustive_code(c),
                "random": lambda: random_code(c, length, int(st.session_state.get("lc.seed", 0))),
            }[code_name]()
        except ValueError as err:
            main.error(t("error.fit", detail=str(err)))
            return
    n_classifiers = {"ovr": c, "ovo": c * (c - 1) // 2, "ecoc": 0 if code is None else code.shape[1]}[
        strategy
    ]
    with controls:
        flip_options = ["none"] + [str(s + 1) for s in range(n_classifiers)]
        none_label = t("lc.flip_none")
        flip_text = choice(
            t("lc.flip"),
            flip_options,
            "lc.flip",
            lambda v: none_label if v == "none" else f"f{v}",
            default="none",
        )
        flip = None if flip_text == "none" else int(flip_text) - 1
        if strategy == "ecoc":
            word = st.text_input(t("lc.word"), help=t("lc.word_help"), **bound("lc.word"))
    for message in messages:
        main.info(message)
    plane = make_plane(prob, RES)
    try:
        model, F, F_train, F_test = multiclass_scene(
            prob.X, prob.y, strategy, base, h, lam, code, plane.grid, prob.X_test
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    M = strategy_code(strategy, c, model)
    region, ambiguous, vote = decide(strategy, F, c, M, decoding, flip)
    pred_train = prob.classes[decide(strategy, F_train, c, M, decoding, flip)[0]]
    pred_test = None if F_test is None else prob.classes[decide(strategy, F_test, c, M, decoding, flip)[0]]
    values = (-2.0, 2.0)
    axes = view_axes(plane, values, t("lc.score_axis"), rug=True)
    fig = base_figure(ctx.style, axes)
    fig.add_trace(region_trace(plane, region, c, values))
    fig.add_trace(mask_trace(plane, ambiguous, values))
    for s in range(min(n_classifiers, MAX_DRAWN)):
        name = classifier_name(s, M)
        color, dash = classifier_style(strategy, s, M)
        if plane.dims == 2:
            fig.add_trace(
                contour_trace(
                    plane, F[:, s], 0.0, color, ctx.style.line_width * 0.6, dash, name=name, showlegend=True
                )
            )
        else:
            fig.add_trace(curve_trace(plane, np.clip(F[:, s], -2.2, 2.2), name, color, ctx.style, dash, 0.6))
    if plane.dims == 1:
        add_hlines(fig, [0.0], ctx.style, ["solid"])
    if show_test:
        fig.add_traces(
            test_traces(plane, prob.X_test, prob.y_test, prob.classes, prob.names, ctx.style, values=values)
        )
    fig.add_traces(data_traces(plane, prob.X, prob.y, prob.classes, prob.names, ctx.style, values=values))
    with main:
        if c == 2:
            st.info(t("lc.two_classes_note"))
        show_map(fig, ctx, plane, axes, "lc.mc_chart")
        st.caption(t(f"lc.ambiguous_{strategy}"))
        if n_classifiers > MAX_DRAWN:
            st.caption(t("lc.drawn_first", k=MAX_DRAWN, m=n_classifiers))
        tiles(
            ctx,
            [
                (t("lc.n_classifiers"), str(n_classifiers)),
                (t("lc.train_acc"), pct(accuracy(pred_train, prob.y))),
                (t("lc.test_acc"), pct(accuracy(pred_test, prob.y_test))),
                (t("lc.ambiguous_share"), pct(float(np.mean(ambiguous)))),
                (t("lc.min_distance"), min_distance_text(M) if strategy == "ecoc" else "—"),
            ],
        )
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            vote_chart(plane, vote, strategy, ctx)
        with right:
            code_chart(M, prob, strategy, ctx)
        decoded = None
        if strategy == "ecoc":
            decoded = decode_panel(word, M, prob, decoding, code_name)
    formula_panel(multiclass_formulas(strategy, c, decoded), ctx.projector)
    code_view(
        {"ovr": OneVsRest, "ovo": OneVsOne, "ecoc": ECOC}[strategy],
        *([ovo_vote_counts] if strategy == "ovo" else [ecoc_decode] if strategy == "ecoc" else []),
        projector=ctx.projector,
    )


def classifier_style(strategy: str, s: int, M) -> tuple[str, str]:
    """OvR: the colour of its class. OvO (a vs b): colour of a, dash of b. ECOC: a line palette."""
    if strategy == "ecoc":
        return LINE_COLORS[s % len(LINE_COLORS)], DASHES[(s // len(LINE_COLORS)) % len(DASHES)]
    a = int(np.flatnonzero(M[:, s] == 1)[0])
    if strategy == "ovr":
        return CLASS_COLORS[a % 6], "dash"
    b = int(np.flatnonzero(M[:, s] == -1)[0])
    return CLASS_COLORS[a % 6], DASHES[1 + b % (len(DASHES) - 1)]


def classifier_name(s, M) -> str:
    plus = [f"C{k + 1}" for k in np.flatnonzero(M[:, s] == 1)]
    minus = [f"C{k + 1}" for k in np.flatnonzero(M[:, s] == -1)]
    return t("lc.classifier_name", s=s + 1, plus=",".join(plus), minus=",".join(minus))


def min_distance_text(M) -> str:
    M = np.asarray(M)
    if len(M) < 2:
        return "—"
    d = min(int(np.sum(M[a] != M[b])) for a, b in combinations(range(len(M)), 2))
    return f"{d} → {max((d - 1) // 2, 0)}"


def vote_chart(plane, vote, strategy, ctx) -> None:
    title = t(f"lc.vote_title_{strategy}")
    z = np.asarray(vote, dtype=float)
    if plane.dims == 2:
        fig = base_figure(ctx.style, view_axes(plane), title, height=int(ctx.style.figure_height * 0.8))
        fig.add_trace(
            go.Heatmap(
                x=plane.gx,
                y=plane.gy,
                z=z.reshape(plane.shape()).astype(np.float32),
                colorscale="Viridis",
                reversescale=strategy == "ecoc",
                hoverinfo="x+y+z",
                colorbar=dict(
                    title=t(f"lc.vote_unit_{strategy}"), thickness=14, dtick=1 if strategy != "ecoc" else None
                ),
            )
        )
    else:
        fig = base_figure(
            ctx.style,
            Axes(
                plane.x_range,
                (min(0, z.min()) - 0.2, z.max() + 0.5),
                plane.x_title,
                t(f"lc.vote_unit_{strategy}"),
            ),
            title,
            height=int(ctx.style.figure_height * 0.8),
        )
        fig.add_trace(line_trace(Curve(t(f"lc.vote_unit_{strategy}"), plane.gx, z, FIT_COLOR), ctx.style))
    chart(fig, key="lc.vote_chart")


def code_chart(M, prob: Problem, strategy, ctx) -> None:
    c, m = M.shape
    fig = go.Figure(
        go.Heatmap(
            x=np.arange(m),
            y=np.arange(c),
            z=M.astype(np.int8),
            zmin=-1,
            zmax=1,
            showscale=False,
            hoverinfo="skip",
            colorscale=[[0, PROB_COLORS[1]], [0.5, "#F2F2F2"], [1, PROB_COLORS[0]]],
            xgap=2,
            ygap=2,
            text=np.where(M > 0, "+1", np.where(M < 0, "−1", "0")),
            texttemplate="%{text}",
            textfont=dict(size=ctx.style.font_size),
        )
    )
    fig.update_layout(
        height=int(ctx.style.figure_height * 0.8),
        font=dict(size=ctx.style.font_size),
        title=dict(text=t(f"lc.code_title_{strategy}"), font=dict(size=ctx.style.title_size)),
        margin=dict(l=10, r=10, t=50, b=10),
        plot_bgcolor="white",
    )
    fig.update_xaxes(
        tickvals=np.arange(m), ticktext=[f"f{s + 1}" for s in range(m)], side="top", range=[-0.5, m - 0.5]
    )
    fig.update_yaxes(
        tickvals=np.arange(c),
        ticktext=[plain(f"C{k + 1}: {prob.classes[k]}") for k in range(c)],
        range=[c - 0.5, -0.5],
        automargin=True,
    )
    chart(fig, key="lc.code_chart")


def parse_word(text: str, length: int) -> np.ndarray | None:
    tokens = [s for s in re.split(r"[\s,;]+", text.replace("−", "-").strip()) if s]
    if len(tokens) != length or any(s not in ("+1", "1", "-1", "+", "-") for s in tokens):
        return None
    return np.array([-1 if s.startswith("-") else 1 for s in tokens])


def decode_panel(word: str, M, prob: Problem, decoding: str, code_name: str):
    """Decode one code word by hand: the distances of seed 004's worked example."""
    m = M.shape[1]
    default = (
        np.array([-1, -1, 1, -1, 1]) if code_name == "book" else np.where(np.arange(m) == 0, -M[0, 0], M[0])
    )
    bits = parse_word(word or "", m) if word else default
    if bits is None:
        st.warning(t("lc.word_bad", m=m))
        bits = default
    ham, euc = ecoc_decode([bits], M, "hamming")[0], ecoc_decode([bits], M, "euclidean")[0]
    dist = ham if decoding == "hamming" else euc
    winner = int(np.argmin(dist))
    st.markdown(t("lc.decode_heading", word=" ".join("+1" if b > 0 else "−1" for b in bits)))
    table = pd.DataFrame(
        {
            t("lc.col_class"): [f"C{k + 1}: {prob.classes[k]}" for k in range(len(M))],
            t("lc.col_code"): [" ".join("+1" if v > 0 else "−1" if v < 0 else "0" for v in row) for row in M],
            t("lc.col_hamming"): np.round(ham, 4),
            t("lc.col_euclid"): np.round(euc, 4),
        }
    )
    st.dataframe(table, hide_index=True)
    st.metric(t("lc.decoded"), f"C{winner + 1}")
    return bits, ham, euc, winner


def multiclass_formulas(strategy, c, decoded) -> list[Formula]:
    if strategy == "ovr":
        return [
            Formula(
                rf"\hat y = \arg\max_{{y = 1..{c}}} \hat f_y(x),\quad {c}\ \text{{{t('lc.binary_tex')}}}",
                "Sugiyama §7.3 (Fig 7.9); slides §2.9",
            )
        ]
    if strategy == "ovo":
        book = ovo_vote_counts([[1.0, -1.0, 1.0]], 3)[0]
        return [
            Formula(
                rf"\hat f_{{y,y'}}\ (y < y'),\ \tfrac{{c(c-1)}}{{2}} = \tfrac{{{c}\cdot{c - 1}}}{{2}} = "
                rf"{c * (c - 1) // 2};\quad \hat y = \arg\max_y \#\{{\text{{{t('lc.votes_tex')}}}\}}",
                "Sugiyama §7.3 (Fig 7.10); slides §2.9",
            ),
            Formula(
                rf"\operatorname{{sign}}\hat f_{{1,2}} = +1,\ \operatorname{{sign}}\hat f_{{1,3}} = -1,\ "
                rf"\operatorname{{sign}}\hat f_{{2,3}} = +1\ \Rightarrow\ \text{{{t('lc.votes_tex')}}} = "
                rf"({book[0]}, {book[1]}, {book[2]})",
                "Sugiyama §7.3 (the book's tie example)",
                t("lc.tie_note"),
            ),
        ]
    formulas = [
        Formula(
            r"d_H(b, M_r) = \sum_s \tfrac{1 - \operatorname{sign}(M_{rs} b_s)}{2},\quad "
            r"d_E(b, M_r) = \|M_r - b\|,\quad \hat y = \arg\min_r d(b, M_r)",
            "Slides §2.9 (ECOC); Allwein, Schapire & Singer for the 0 entries",
        )
    ]
    if decoded is not None:
        bits, ham, euc, winner = decoded
        formulas.append(
            Formula(
                rf"b = {vector(bits, 1, 8)}:\ d_H = {vector(ham, 4, 8)},\ "
                rf"d_E = {vector(euc, 4, 8)}\ \Rightarrow\ "
                rf"C_{{{winner + 1}}}",
                "Slides §2.9 worked example (book code: C3)",
            )
        )
    return formulas


# ---- view 7: class imbalance ----------------------------------------------------------------------


def imbalance_view(ctx, prob: Problem, controls, main):
    with controls:
        side = choice(
            t("lc.imb_pos"), SIDES, "lc.imb_pos", catalogue_labels("lc.sides"), horizontal=SEGMENTED
        )
        rule = choice(t("lc.rule"), RULES, "lc.rule", catalogue_labels("lc.rules"), default="rescale")
        cost = (
            log_slider(t("lc.cost"), "lc.cost", -2, 2, 10.0, help=t("lc.cost_help"))
            if rule == "cost"
            else 1.0
        )
        manual = (
            slider(t("lc.threshold"), 0.01, 0.99, 0.5, "lc.threshold", step=0.01) if rule == "manual" else 0.5
        )
        sampling = choice(t("lc.sampling"), SAMPLINGS, "lc.sampling", catalogue_labels("lc.samplings"))
        lam = lam_slider(t("lc.lr_lam"), "lc.imb_lam", -4, 2, 0.01)
        show_test = test_toggle(prob)
    task = binary_problem(prob, controls)
    counts = np.array([np.sum(task.y == task.classes[0]), np.sum(task.y == task.classes[1])])
    minority = int(np.argmin(counts))
    pos_index = minority if side == "minority" else 1 - minority
    positive = task.y == task.classes[pos_index]
    plane = make_plane(prob, RES)
    seed = int(st.session_state.get("lc.seed", 0))
    try:
        model, p_grid, p_train, (m_pos, m_neg), n_fit = imbalance_scene(
            prob.X, positive, lam, sampling, seed, plane.grid
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    threshold = {
        "plain": 0.5,
        "rescale": moved_threshold(m_pos, m_neg),
        "cost": 1.0 / (1.0 + cost),
        "manual": manual,
    }[rule]
    neg_index = 1 - pos_index
    values = (0.0, 1.0)
    rows = {neg_index: 0.0, pos_index: 1.0}  # 1-D: each class at its coded label y ∈ {0, 1}
    axes = view_axes(plane, values, t("lc.q_pos_axis"), rug=False)
    fig = base_figure(ctx.style, axes)
    if plane.dims == 2:
        fig.add_trace(probability_trace(plane, p_grid, (PROB_COLORS[neg_index], PROB_COLORS[pos_index])))
        fig.add_trace(
            contour_trace(
                plane,
                p_grid,
                0.5,
                TRUTH_COLOR,
                ctx.style.line_width * 0.7,
                "dash",
                name=t("lc.boundary_half"),
                showlegend=True,
            )
        )
        fig.add_trace(
            contour_trace(
                plane,
                p_grid,
                threshold,
                BLACK,
                ctx.style.line_width,
                name=t("lc.boundary_moved", t=f"{threshold:.3g}"),
                showlegend=True,
            )
        )
    else:
        side = np.where(p_grid >= threshold, pos_index, neg_index)
        fig.add_trace(region_trace(plane, side, 2, values))
        fig.add_trace(curve_trace(plane, p_grid, t("lc.q_pos_curve"), FIT_COLOR, ctx.style))
        add_hlines(fig, [0.5, threshold], ctx.style, ["dot", "solid"])
    if show_test and task.y_test is not None:
        fig.add_traces(
            test_traces(plane, prob.X_test, task.y_test, task.classes, task.names, ctx.style, rows)
        )
    sizes = np.where(task.y == task.classes[minority], 1.5, 1.0) * ctx.style.marker_size
    fig.add_traces(data_traces(plane, prob.X, task.y, task.classes, task.names, ctx.style, rows, sizes=sizes))
    pred = p_train >= threshold
    report = confusion(pred, positive)
    n = len(positive)
    trivial = max(positive.sum(), n - positive.sum()) / n
    with main:
        show_map(fig, ctx, plane, axes, "lc.imb_chart")
        tiles(
            ctx,
            [
                (t("lc.m_pos"), str(int(positive.sum()))),
                (t("lc.m_neg"), str(int(n - positive.sum()))),
                (t("lc.trivial_acc"), pct(trivial)),
                (t("lc.threshold_value"), f"{threshold:.4g}"),
            ],
        )
        tiles(
            ctx,
            [
                (t("lc.train_acc"), pct(report["accuracy"])),
                (t("lc.precision"), pct(report["precision"])),
                (t("lc.recall_pos"), pct(report["recall"])),
                (t("lc.recall_neg"), pct(report["specificity"])),
                (t("lc.f1"), fmt(report["f1"], 3)),
            ],
        )
        if sampling != "none":
            st.caption(t("lc.sampling_note", n=n_fit, pos=m_pos, neg=m_neg))
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            threshold_chart(p_train, positive, threshold, ctx)
        with right:
            confusion_chart(report, ctx)
    formula_panel(imbalance_formulas(m_pos, m_neg, threshold, rule, cost, trivial), ctx.projector)
    code_view(moved_threshold, LogisticRegression, projector=ctx.projector)


def confusion(pred, positive) -> dict:
    tp = int(np.sum(pred & positive))
    fp = int(np.sum(pred & ~positive))
    fn = int(np.sum(~pred & positive))
    tn = int(np.sum(~pred & ~positive))
    precision = tp / (tp + fp) if tp + fp else None
    recall = tp / (tp + fn) if tp + fn else None
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else None
    return dict(
        tp=tp,
        fp=fp,
        fn=fn,
        tn=tn,
        accuracy=(tp + tn) / max(len(pred), 1),
        precision=precision,
        recall=recall,
        specificity=tn / (tn + fp) if tn + fp else None,
        f1=f1,
    )


def threshold_chart(p, positive, threshold, ctx) -> None:
    ts = np.linspace(0.005, 0.995, 199)
    pred = p[None, :] >= ts[:, None]
    acc = np.mean(pred == positive[None, :], axis=1)
    rec = np.mean(pred[:, positive], axis=1) if positive.any() else np.zeros_like(ts)
    spec = np.mean(~pred[:, ~positive], axis=1) if (~positive).any() else np.zeros_like(ts)
    fig = curves_figure(
        [
            Curve(t("lc.train_acc"), ts, acc, BLACK),
            Curve(t("lc.recall_pos"), ts, rec, CLASS_COLORS[1], "dash"),
            Curve(t("lc.recall_neg"), ts, spec, CLASS_COLORS[0], "dot"),
        ],
        Axes((0, 1), (-0.02, 1.04), t("lc.threshold_axis"), ""),
        ctx.style,
        title=t("lc.threshold_title"),
        height=320,
    )
    fig.add_vline(x=0.5, line=dict(color=TRUTH_COLOR, width=1, dash="dot"))
    fig.add_vline(x=threshold, line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width / 2))
    chart(fig, key="lc.threshold_chart")


def confusion_chart(report, ctx) -> None:
    z = np.array([[report["tp"], report["fn"]], [report["fp"], report["tn"]]])
    predicted = [t("lc.predicted_pos"), t("lc.predicted_neg")]
    actual = [t("lc.actual_pos"), t("lc.actual_neg")]
    fig = go.Figure(
        go.Heatmap(
            z=z.astype(np.int32),
            x=[0, 1],
            y=[0, 1],
            text=z.astype(str),
            texttemplate="%{text}",
            colorscale=[[0, "#FFFFFF"], [1, PROB_COLORS[0]]],
            showscale=False,
            hoverinfo="skip",
            textfont=dict(size=ctx.style.font_size + 4),
            xgap=3,
            ygap=3,
        )
    )
    fig.update_layout(
        height=320,
        font=dict(size=ctx.style.font_size),
        margin=dict(l=10, r=10, t=50, b=10),
        title=dict(text=t("lc.confusion_title"), font=dict(size=ctx.style.title_size)),
        plot_bgcolor="white",
    )
    fig.update_xaxes(tickvals=[0, 1], ticktext=predicted, automargin=True)
    fig.update_yaxes(tickvals=[0, 1], ticktext=actual, range=[1.5, -0.5], automargin=True)
    chart(fig, key="lc.confusion_chart")


def imbalance_formulas(m_pos, m_neg, threshold, rule, cost, trivial) -> list[Formula]:
    formulas = [
        Formula(
            rf"\frac{{y'}}{{1 - y'}} = \frac{{y}}{{1 - y}}\cdot\frac{{m^-}}{{m^+}} = \frac{{y}}{{1 - y}}\cdot"
            rf"\frac{{{m_neg}}}{{{m_pos}}}\ \Longleftrightarrow\ y > \frac{{m^+}}{{m^+ + m^-}} = "
            rf"{number(m_pos / (m_pos + m_neg))}",
            "Slides, class imbalance (再缩放)",
            t("lc.erratum_003"),
        ),
        Formula(
            rf"\text{{{t('lc.rule_tex')}}}\ y \ge t = {number(threshold)}"
            + (
                rf",\quad \frac{{\text{{cost}}^+}}{{\text{{cost}}^-}} = {number(cost)}\Rightarrow t = "
                rf"\frac{{1}}{{1 + {number(cost)}}}"
                if rule == "cost"
                else ""
            ),
            "Slides, class imbalance (threshold moving; cost-sensitive learning)",
        ),
        Formula(
            rf"\text{{{t('lc.trivial_tex')}}} = \frac{{\max(m^+, m^-)}}{{m^+ + m^-}} = "
            rf"{100 * trivial:.1f}\,\%",
            "Slides, class imbalance (990 : 10; the slides print 98 %: the true value is 99 %)",
        ),
    ]
    return formulas


# ---- the screen ---------------------------------------------------------------------------------------

ctx = page_frame(P, DataRequest("classification", None, "blobs"))
SEGMENTED = not ctx.projector  # projector mode: select boxes, segmented controls would be clipped
preset_picker(PRESETS, "lc.preset")
view = choice(t("lc.view"), VIEWS, "lc.view", catalogue_labels("lc.views"), horizontal=True)
prob = make_problem(ctx)
if ctx.data.train.X.shape[1] > 2:
    st.caption(t("lc.first_features", a=ctx.data.train.feature_names[0], b=ctx.data.train.feature_names[1]))
controls, main = st.columns([1, 2.2] if ctx.projector else [1, 3], gap="medium")
if len(prob.classes) < 2:
    main.warning(t("lc.one_class"))
    plane = make_plane(prob, RES)
    axes = view_axes(plane)
    lonely = base_figure(ctx.style, axes)
    lonely.add_traces(data_traces(plane, prob.X, prob.y, prob.classes, prob.names, ctx.style))
    with main:
        show_map(lonely, ctx, plane, axes, "lc.one_class_chart")
else:
    VIEW_FUNCTIONS: dict[str, Callable] = {
        "ls": ls_view,
        "perceptron": perceptron_view,
        "logistic": logistic_view,
        "softmax": softmax_view,
        "losses": losses_view,
        "multiclass": multiclass_view,
        "imbalance": imbalance_view,
    }
    VIEW_FUNCTIONS[view](ctx, prob, controls, main)
