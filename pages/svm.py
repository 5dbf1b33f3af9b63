"""Support vector machines (Sugiyama ch. 8; Li Hang ch. 7; Zhou-Zhihua notes §6; CS229 Part V).

Three views: the decision surface (hard/soft margin, linear / polynomial / Gaussian kernels,
support vectors by α category, slack, α against the sample index and the margin, one-vs-rest and
one-vs-one for several classes); the SMO step-through (pair, KKT violation, box [L, H], unclipped
and clipped α_j, b and the dual objective of every step); and the hinge view with the robust
ramp-loss classifier and its IRLS iterations.
"""

import math
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import SVC
from algorithms import OneVsOne
from algorithms import OneVsRest
from algorithms import RampSVC
from algorithms import margin_loss
from algorithms import ramp_target
from algorithms import svc_kernel
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import preset_picker
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tt
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import axis_layout
from ui.figures import class_traces
from ui.figures import decision_surface
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import line_points
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
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import GREEN
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import PURPLE
from ui.theme import TRUTH_COLOR
from ui.theme import VERMILLION

P = "svm"
VIEWS = ["fit", "smo", "hinge"]
KERNELS = ["linear", "poly", "gaussian"]
STRATEGIES = ["ovr", "ovo"]
COEF0_OPTIONS = [0.0, 0.5, 1.0, 2.0, 5.0]
TOL_OPTIONS = [0.1, 0.01, 1e-3, 1e-4, 1e-6]
ETA_OPTIONS = [0.001, 0.01, 0.1, 1.0]
MAX_ITER = 20_000
MAX_N = 1000  # larger data sets (CSV files) are subsampled: the kernel matrix is n × n
RESOLUTION = 150
STEP_RESOLUTION = 40  # grid of the per-step decision function in the SMO animation
FREE_COLOR, BOUND_COLOR = GREEN, PURPLE

PRESETS = {
    "svm_ex7_1": {"svm.view": "fit", "svm.data": "ex_7_1", "svm.hard": True, "svm.kernel": "linear"},
    "svm_ex7_2": {
        "svm.view": "smo",
        "svm.data": "ex_7_1",
        "svm.hard": True,
        "svm.kernel": "linear",
        "svm.book_rule": True,
        "svm.tol": 1e-3,
    },
    "svm_exercise7_2": {
        "svm.view": "fit",
        "svm.data": "ex_7_2",
        "svm.hard": True,
        "svm.kernel": "linear",
        "svm.tol": 1e-6,
    },
    "svm_c02": {
        "svm.view": "fit",
        "svm.data": "ex_7_1",
        "svm.hard": False,
        "svm.C": 0.2,
        "svm.kernel": "linear",
    },
    "svm_c01": {
        "svm.view": "smo",
        "svm.data": "ex_7_1",
        "svm.hard": False,
        "svm.C": 0.1,
        "svm.kernel": "linear",
        "svm.book_rule": True,
        "svm.tol": 1e-3,
    },
    "svm_fig8_6": {
        "svm.view": "fit",
        "svm.data": "ls_fails",
        "svm.n": 200,
        "svm.noise": 0.5,
        "svm.seed": 0,
        "svm.hard": False,
        "svm.C": 1000.0,
        "svm.kernel": "linear",
    },
    "svm_fig8_10": {
        "svm.view": "fit",
        "svm.data": "spirals",
        "svm.n": 200,
        "svm.noise": 1.0,
        "svm.seed": 0,
        "svm.hard": False,
        "svm.C": 10.0,
        "svm.kernel": "gaussian",
        "svm.sigma": 1.0,
    },
    "svm_fig8_20": {
        "svm.view": "hinge",
        "svm.data": "blobs_outliers",
        "svm.n": 40,
        "svm.noise": 1.0,
        "svm.seed": 0,
        "svm.ramp_lam": 0.01,
        "svm.ramp_eta": 0.01,
        "svm.hard": False,
        "svm.C": 1.0,
    },
    "svm_multi": {
        "svm.view": "fit",
        "svm.data": "blobs3",
        "svm.n": 150,
        "svm.noise": 1.0,
        "svm.hard": False,
        "svm.C": 1.0,
        "svm.kernel": "gaussian",
        "svm.sigma": 1.0,
        "svm.strategy": "ovo",
    },
}


# ---- helpers ------------------------------------------------------------------------------------------


def plane_axes(train) -> Axes:
    X = train.X
    return Axes(
        padded_range(X[:, 0]),
        padded_range(X[:, 1]),
        plain(train.feature_names[0]),
        plain(train.feature_names[1]),
    )


def simple_fraction(value: float) -> Fraction | None:
    """The value as a fraction with a small denominator, if it is one (Li Hang prints 1/4, 5/2, 2/13)."""
    frac = Fraction(float(value)).limit_denominator(60)
    return frac if abs(float(frac) - value) < 1e-9 * max(1.0, abs(value)) else None


def decimal_like(frac: Fraction) -> bool:
    """Tenths and fifths read better as decimals (the spec's −0.8, [−0.4, −0.2]); halves and quarters not."""
    return frac.denominator % 5 == 0


def nice(value: float, digits: int = 4) -> str:
    """A number for LaTeX; a simple fraction is shown as one (Li Hang's 1/4, 5/2), tenths as decimals."""
    if value is None or not np.isfinite(value):
        return r"\infty" if value is not None and value > 0 else number(value, digits)
    frac = simple_fraction(value)
    if frac is not None and frac.denominator > 1 and not decimal_like(frac):
        sign = "-" if frac < 0 else ""
        return rf"{sign}\tfrac{{{abs(frac.numerator)}}}{{{frac.denominator}}}"
    if abs(value - round(value)) < 1e-9 * max(1.0, abs(value)):
        return str(int(round(value)))
    return number(value, digits)


def nice_text(value: float, digits: int = 4) -> str:
    """The same for a metric tile: "1/4", "-2", "0.3721"."""
    if value is None or not np.isfinite(value):
        return "∞" if value is not None and value > 0 else "—"
    frac = simple_fraction(value)
    if frac is not None and not decimal_like(frac):
        return str(frac)
    return f"{value:.{digits}g}"


def vector_text(values, digits: int = 4) -> str:
    return "(" + ", ".join(nice_text(float(v), digits) for v in values) + ")"


def two_classes(y) -> bool:
    return len(np.unique(y)) == 2


def class_check(y) -> bool:
    if len(np.unique(y)) < 2:
        st.warning(t("svm.one_class"), icon=":material/warning:")
        return False
    return True


def error_rate(pred, y) -> float:
    return float(np.mean(np.asarray(pred) != np.asarray(y)))


def limit_size(X, y):
    """At most MAX_N samples (a random subset, the same every time) with a message."""
    if len(y) <= MAX_N:
        return X, y
    st.info(t("svm.subsampled", n=len(y), m=MAX_N), icon=":material/info:")
    keep = np.sort(np.random.default_rng(0).choice(len(y), MAX_N, replace=False))
    return X[keep], np.asarray(y)[keep]


def level_segments(gx, gy, Z, level: float) -> tuple[list, list]:
    """The ``level`` set of Z on the grid as line segments (marching squares), None between segments.

    Frames of the stepper animate scatter traces only, so the boundary of each SMO step is drawn as
    a line, not as a Plotly contour.
    """
    Z = np.asarray(Z, float) - level
    z00, z10, z01, z11 = Z[:-1, :-1], Z[:-1, 1:], Z[1:, :-1], Z[1:, 1:]
    X0, X1 = gx[:-1][None, :], gx[1:][None, :]
    Y0, Y1 = gy[:-1][:, None], gy[1:][:, None]

    def cross(a, b):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.clip(a / (a - b), 0.0, 1.0)

    shape = z00.shape
    edges = {  # crossing flag and the crossing point on each cell edge
        "bottom": ((z00 > 0) != (z10 > 0), X0 + cross(z00, z10) * (X1 - X0), np.broadcast_to(Y0, shape)),
        "top": ((z01 > 0) != (z11 > 0), X0 + cross(z01, z11) * (X1 - X0), np.broadcast_to(Y1, shape)),
        "left": ((z00 > 0) != (z01 > 0), np.broadcast_to(X0, shape), Y0 + cross(z00, z01) * (Y1 - Y0)),
        "right": ((z10 > 0) != (z11 > 0), np.broadcast_to(X1, shape), Y0 + cross(z10, z11) * (Y1 - Y0)),
    }
    segments = []
    for a, b in (
        ("bottom", "top"),
        ("left", "right"),
        ("bottom", "left"),
        ("bottom", "right"),
        ("top", "left"),
        ("top", "right"),
    ):
        flags = edges[a][0] & edges[b][0]
        others = [e for e in edges if e not in (a, b)]
        flags &= ~(edges[others[0]][0] & edges[others[1]][0]) | (
            (a, b) in (("bottom", "left"), ("top", "right"))
        )
        if flags.any():
            pa = np.column_stack([edges[a][1][flags], edges[a][2][flags]])
            pb = np.column_stack([edges[b][1][flags], edges[b][2][flags]])
            segments += [(tuple(p), tuple(q)) for p, q in zip(pa.tolist(), pb.tolist(), strict=True)]
    digits = [max(0, 3 - int(np.floor(np.log10(max(abs(g[-1] - g[0]), 1e-12))))) for g in (gx, gy)]
    return chain(segments, digits)


def chain(segments, digits=(6, 6)) -> tuple[list, list]:
    """Join segments that share end points into polylines (so dashed lines dash evenly)."""

    def key(p):
        return p  # a crossing on an edge shared by two cells is computed bit for bit the same in both

    segments = [(p, q) for p, q in segments if key(p) != key(q)]  # a level through a grid node
    ends: dict = {}
    for k, (p, q) in enumerate(segments):
        ends.setdefault(key(p), []).append(k)
        ends.setdefault(key(q), []).append(k)
    used = [False] * len(segments)
    xs, ys = [], []
    for start in range(len(segments)):
        if used[start]:
            continue
        used[start] = True
        line = list(segments[start])
        for forward in (True, False):  # grow the polyline at both ends
            while True:
                tip = line[-1] if forward else line[0]
                nxt = next((k for k in ends.get(key(tip), []) if not used[k]), None)
                if nxt is None:
                    break
                used[nxt] = True
                p, q = segments[nxt]
                point = q if key(p) == key(tip) else p
                if forward:
                    line.append(point)
                else:
                    line.insert(0, point)
        xs += [round(p[0], digits[0]) for p in line] + [None]  # short JSON: 1/1000 of the axis span
        ys += [round(p[1], digits[1]) for p in line] + [None]
    return xs, ys


def metric_rows(metrics: list[tuple[str, str]], projector: bool) -> None:
    """metrics_row, three to a row in projector mode (large numbers need the width)."""
    step = 3 if projector else len(metrics)
    for start in range(0, len(metrics), step):
        metrics_row(metrics[start : start + step])


# ---- cached fits ----------------------------------------------------------------------------------------


@st.cache_resource(max_entries=48, show_spinner=False)
def fit_svc(X, y, C, kernel, sigma, degree, coef0, tol, selection):
    """The fitted SVC, shared read-only (cache_resource: a long SMO history would be slow to unpickle)."""
    return SVC(
        C=C,
        kernel=kernel,
        sigma=sigma,
        degree=degree,
        coef0=coef0,
        tol=tol,
        max_iter=MAX_ITER,
        selection=selection,
    ).fit(X, y)


@st.cache_resource(max_entries=16, show_spinner=False)
def fit_multi(X, y, strategy, C, kernel, sigma, degree, coef0, tol):
    base = SVC(C=C, kernel=kernel, sigma=sigma, degree=degree, coef0=coef0, tol=tol, max_iter=MAX_ITER)
    return (OneVsRest(base) if strategy == "ovr" else OneVsOne(base)).fit(X, y)


@st.cache_data(max_entries=48, show_spinner=False)
def svc_grid(X, y, params, x_range, y_range):
    model = fit_svc(X, y, *params)
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    f = model.decision_function(pts)
    return gx, gy, f.astype(np.float32)


@st.cache_data(max_entries=16, show_spinner=False)
def multi_grid(X, y, strategy, params, x_range, y_range):
    model = fit_multi(X, y, strategy, *params)
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    scores = model.decision_function(pts)
    region = np.searchsorted(model.classes_, model.predict(pts))
    flag = model.ambiguous(pts) if strategy == "ovr" else model.tied(pts)
    return gx, gy, scores.astype(np.float32), region.astype(np.uint8), flag.astype(np.float32)


@st.cache_data(max_entries=16, show_spinner=False)
def smo_snapshots(X, y, params, x_range, y_range, steps: tuple):
    """α after each listed step and the lines f = 0, ±1 on a coarse grid (the animation frames)."""
    model = fit_svc(X, y, *params)
    gx, gy, pts = grid_points(x_range, y_range, STEP_RESOLUTION)
    K = svc_kernel(pts, model.X_fit_, model.kernel, model.sigma, model.degree, model.coef0)
    alpha = np.zeros(len(model.alpha_))
    wanted, grids, alphas = set(steps), {}, {}
    for s in range(max(steps) + 1):
        if s > 0:
            step = model.history_[s - 1]
            alpha[step.i], alpha[step.j] = step.alpha_i, step.alpha_j
        if s in wanted:
            alphas[s] = alpha.copy()
            grids[s] = level_lines(
                gx, gy, (K @ (alpha * model.y_signed_) + model.b_at(s)).reshape(len(gy), len(gx))
            )
    return gx, gy, grids, alphas


def level_lines(gx, gy, z) -> tuple[list, list, list, list]:
    """The lines f = 0 and f = ±1 of one SMO state (x, y lists of each)."""
    zero_x, zero_y = level_segments(gx, gy, z, 0.0)
    plus_x, plus_y = level_segments(gx, gy, z, 1.0)
    minus_x, minus_y = level_segments(gx, gy, z, -1.0)
    return zero_x, zero_y, plus_x + minus_x, plus_y + minus_y


@st.cache_resource(max_entries=16, show_spinner=False)
def fit_ramp(X, y, lam, eta):
    return RampSVC(lam=lam, eta=eta).fit(X, y)


# ---- controls shared by the views ----------------------------------------------------------------------


def svm_controls():
    """C / hard margin and the kernel with its parameters; returns the SVC parameters."""
    hard = st.toggle(t("svm.hard"), help=t("svm.hard_help"), **bound("svm.hard"))
    C = math.inf if hard else log_slider(t("svm.C"), "svm.C", -2, 3, 1.0, help=t("svm.C_help"))
    kernel = choice(t("svm.kernel"), KERNELS, "svm.kernel", catalogue_labels("svm.kernels"), default="linear")
    sigma, degree, coef0 = 1.0, 3, 1.0
    if kernel == "gaussian":
        sigma = log_slider(t("svm.sigma"), "svm.sigma", -2, 1, 1.0, help=t("svm.sigma_help"))
    elif kernel == "poly":
        degree = slider(t("svm.degree"), 1, 6, 3, "svm.degree")
        coef0 = st.select_slider(
            t("svm.coef0"),
            COEF0_OPTIONS,
            1.0,
            format_func=lambda v: f"{v:g}",
            help=t("svm.coef0_help"),
            **bound("svm.coef0"),
        )
    return hard, C, kernel, sigma, degree, coef0


def kernel_latex(kernel, sigma, degree, coef0) -> str:
    if kernel == "gaussian":
        return rf"K(x,z) = \exp\!\Big(-\frac{{\|x-z\|^2}}{{2\sigma^2}}\Big),\ \sigma = {number(sigma)}"
    if kernel == "poly":
        return rf"K(x,z) = (x^\top z + c)^p,\ c = {number(coef0)},\ p = {degree}"
    return r"K(x,z) = x^\top z"


def stop_message(model):
    if model.stop_reason_ != "kkt":
        st.warning(t(f"svm.stop_{model.stop_reason_}", n=model.n_iter_), icon=":material/warning:")


# ---- view: decision surface ----------------------------------------------------------------------------


def fit_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        hard, C, kernel, sigma, degree, coef0 = svm_controls()
        n_classes = len(np.unique(y))
        strategy = multi_controls(n_classes)
        show_slack = n_classes > 2 or st.toggle(t("svm.show_slack"), value=True, **bound("svm.slack"))
    if not class_check(y):
        return
    X, y = limit_size(X, y)
    params = (C, kernel, sigma, degree, coef0, 1e-3, "second_order")
    if n_classes > 2:
        multi_view(ctx, main, data, X, y, strategy, params)
        return
    try:
        model = fit_svc(X, y, *params)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    fig = fit_figure(model, X, y, data, params, hard, show_slack, ctx)
    with main:
        editable_chart(fig, P, data, fig_axes(fig), fig_axes(fig, "y"), key="svm.fit_chart")
        stop_message(model)
        metric_rows(fit_metrics(model, X, y, data.test, kernel), ctx.projector)
        if len(y) <= 12:
            alpha_table(model)
        alpha_charts(model, ctx)
    formula_panel(fit_formulas(model, hard, C, kernel, sigma, degree, coef0), ctx.projector)
    code_view(SVC, svc_kernel, projector=ctx.projector)


def multi_controls(n_classes: int) -> str:
    if n_classes > 2:
        return choice(
            t("svm.strategy"), STRATEGIES, "svm.strategy", catalogue_labels("svm.strategies"), default="ovr"
        )
    st.caption(t("svm.multi_hint"))
    return "ovr"


def fig_axes(fig, which: str = "x") -> tuple[float, float]:
    return tuple(fig.layout[f"{which}axis"].range)


def fit_figure(model, X, y, data, params, hard, show_slack, ctx) -> go.Figure:
    """Regions, f = 0 and f = ±1, the samples, the support vectors by α category and the slack."""
    C, kernel = params[0], params[1]
    axes = plane_axes(data.train)
    gx, gy, f = svc_grid(X, y, params, axes.x_range, axes.y_range)
    shape = (len(gy), len(gx))
    traces = [
        *decision_surface(
            gx,
            gy,
            (f >= 0).astype(np.uint8).reshape(shape),
            ctx.style,
            n_classes=2,
            decision=f.reshape(shape),
        ),
        *legend_lines(ctx.style),
    ]
    if show_slack and kernel == "linear" and np.any(model.slack_ > 1e-9):
        traces.append(slack_segments(model, ctx.style))
    traces += class_traces(X, y, model.classes_, ctx.style, names=[str(c) for c in model.classes_])
    traces += support_rings(model, X, ctx.style)
    title = t("svm.fit_title", kernel=t(f"svm.kernels.{kernel}"), C="∞" if hard else f"{C:g}")
    return figure(ctx.style, axes, title, traces, height=ctx.style.figure_height + 80, legend="bottom")


def fit_metrics(model, X, y, test, kernel) -> list[tuple[str, str]]:
    test_err = None
    if test is not None and test.y is not None and set(np.unique(test.y)) <= set(model.classes_):
        test_err = error_rate(model.predict(test.X), test.y)
    cats = model.alpha_category_
    n_free, n_bound = int(np.sum(cats == "free")), int(np.sum(cats == "bound"))
    margin = (
        (t("svm.margin_width"), fmt(2 / np.linalg.norm(model.w_), 4))
        if kernel == "linear"
        else (t("svm.b"), nice_text(model.b_))
    )
    return [
        (t("svm.train_error"), fmt(error_rate(model.predict(X), y), 3)),
        (t("svm.test_error"), fmt(test_err, 3)),
        (t("svm.n_sv"), t("svm.n_sv_value", total=len(model.support_), free=n_free, bound=n_bound)),
        margin,
        (t("svm.dual"), fmt(model.dual_objective_, 5)),
    ]


def legend_lines(style) -> list[dict]:
    """Legend entries for the contour lines f = 0 and f = ±1 (contours have no legend of their own)."""
    return [
        dict(
            type="scatter",
            x=[None],
            y=[None],
            mode="lines",
            name=t("svm.f0"),
            line=dict(color=BLACK, width=style.line_width),
        ),
        dict(
            type="scatter",
            x=[None],
            y=[None],
            mode="lines",
            name=t("svm.f1"),
            line=dict(color=BLACK, width=style.line_width * 0.6, dash="dash"),
        ),
    ]


def support_rings(model, X, style) -> list[dict]:
    """Free support vectors (0 < α < C, on the margin) and bound ones (α = C, inside it), ringed."""
    traces = []
    for cat, color, name, symbol in (
        ("free", FREE_COLOR, t("svm.free_sv"), "circle-open"),
        ("bound", BOUND_COLOR, t("svm.bound_sv"), "square-open"),
    ):
        idx = np.flatnonzero(model.alpha_category_ == cat)
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=X[idx, 0],
                y=X[idx, 1],
                name=name,
                customdata=idx,
                marker=dict(
                    symbol=symbol,
                    size=style.marker_size * 2.3,
                    color=color,
                    line=dict(width=style.line_width * 0.8, color=color),
                ),
            )
        )
    return traces


def slack_segments(model, style) -> dict:
    """Each violator x_i joined to its own margin line: length ξ_i/‖w‖ (Li Hang Fig 7.5)."""
    w = model.w_
    idx = np.flatnonzero(model.slack_ > 1e-9)
    X = model.X_fit_[idx]
    ends = X + (model.y_signed_[idx] * model.slack_[idx])[:, None] * w / (w @ w)
    xs = [v for a, b in zip(X[:, 0].tolist(), ends[:, 0].tolist(), strict=True) for v in (a, b, None)]
    ys = [v for a, b in zip(X[:, 1].tolist(), ends[:, 1].tolist(), strict=True) for v in (a, b, None)]
    return dict(
        type="scatter",
        mode="lines",
        x=xs,
        y=ys,
        name=t("svm.slack"),
        connectgaps=False,
        line=dict(color=HIGHLIGHT_COLOR, width=style.line_width * 0.7),
    )


def alpha_table(model):
    """Tiny data (Li Hang's examples): every α_i, margin and slack as numbers."""
    rows = " & ".join(rf"x_{{{i + 1}}}" for i in range(len(model.alpha_)))
    alpha = " & ".join(nice(a) for a in model.alpha_)
    margin = " & ".join(nice(m) for m in model.y_signed_ * model.decision_train_)
    slack = " & ".join(nice(s) for s in model.slack_)
    tex = (
        rf"\begin{{array}}{{r|{'c' * len(model.alpha_)}}} & {rows} \\ \hline \alpha_i & {alpha} \\ "
        rf"y_i f(x_i) & {margin} \\ \xi_i & {slack} \end{{array}}"
    )
    st.latex(tex)


def alpha_charts(model, ctx):
    """α_i and ξ_i against the sample index, and α_i against the margin y_i f(x_i) (Sugiyama Fig 8.8)."""
    style = ctx.style
    n = len(model.alpha_)
    idx = np.arange(1, n + 1, dtype=float)
    cats = model.alpha_category_
    top = model.C_ if math.isfinite(model.C_) else max(float(model.alpha_.max()), 1e-9)
    traces = [
        dict(
            type="bar",
            x=idx[cats == cat],
            y=model.alpha_[cats == cat],
            marker=dict(color=color, line=dict(width=0)),
            width=0.8,
            showlegend=False,
            name="α",
        )
        for cat, color in (("free", FREE_COLOR), ("bound", BOUND_COLOR))
    ] + [
        dict(
            type="bar",
            x=idx,
            y=model.slack_,
            marker=dict(color=HIGHLIGHT_COLOR, line=dict(width=0)),
            width=0.8,
            showlegend=False,
            name="ξ",
            xaxis="x2",
            yaxis="y2",
        ),
    ]
    if math.isfinite(model.C_):
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=np.array([0.3, n + 0.7]),
                y=np.array([top, top]),
                line=dict(color=BOUND_COLOR, dash="dash", width=1.5),
                showlegend=False,
                name="C",
            )
        )
    font = dict(size=style.font_size)
    bars = figure(
        style,
        None,
        "",
        traces,
        height=400,
        bargap=0.1 if n < 60 else 0,
        barmode="overlay",
        margin=dict(l=10, r=10, t=2 * style.font_size + 8, b=10),
        xaxis=axis_layout((0.3, n + 0.7), "", domain=[0, 1], anchor="y", showticklabels=False),
        yaxis=axis_layout((0, top * 1.12), "αᵢ", domain=[0.56, 1.0]),
        xaxis2=axis_layout((0.3, n + 0.7), t("svm.index_axis"), domain=[0, 1], anchor="y2"),
        yaxis2=axis_layout((0, max(float(model.slack_.max()), 1.0) * 1.12), "ξᵢ", domain=[0, 0.4]),
        annotations=[
            dict(
                text=t("svm.alpha_title"),
                x=0.5,
                y=1.0,
                xref="paper",
                yref="paper",
                xanchor="center",
                yanchor="bottom",
                showarrow=False,
                font=font,
            ),
            dict(
                text=t("svm.slack_title"),
                x=0.5,
                y=0.41,
                xref="paper",
                yref="paper",
                xanchor="center",
                yanchor="bottom",
                showarrow=False,
                font=font,
            ),
        ],
    )
    m = model.y_signed_ * model.decision_train_
    points = [
        dict(
            type="scatter",
            mode="lines",
            x=np.array([1.0, 1.0]),
            y=np.array([-top, 2 * top]),
            hoverinfo="skip",
            line=dict(color=TRUTH_COLOR, dash="dash", width=1.5),
            showlegend=False,
            name="m = 1",
        )
    ]
    for cat, color, name in (
        ("zero", TRUTH_COLOR, t("svm.zero_sv")),
        ("free", FREE_COLOR, t("svm.free_sv")),
        ("bound", BOUND_COLOR, t("svm.bound_sv")),
    ):
        mask = cats == cat
        points.append(
            points_trace(
                m[mask],
                model.alpha_[mask],
                name,
                style,
                color=color,
                size_scale=0.8,
                customdata=np.flatnonzero(mask) + 1,
            )
        )
    scatter = figure(
        style,
        Axes(padded_range(np.r_[m, 1.0, 0.0], 0.05), (-top * 0.06, top * 1.12), t("svm.margin_axis"), "αᵢ"),
        t("svm.alpha_margin_title"),
        points,
        height=400,
        legend="bottom",
        legend_width=420,
    )
    left, right = columns_or_stacked(ctx.projector, 2)
    with left:
        chart(bars, key="svm.alpha_chart")
    with right:
        chart(scatter, key="svm.alpha_margin")


def fit_formulas(model, hard, C, kernel, sigma, degree, coef0) -> list[Formula]:
    box = r"\alpha_i \ge 0" if hard else rf"0 \le \alpha_i \le C = {number(C)}"
    sv = model.support_
    out = [
        Formula(
            rf"\max_\alpha \sum_i\alpha_i - \tfrac12\sum_{{i,j}}\alpha_i\alpha_j y_i y_j K(x_i,x_j)\ \ "
            rf"\text{{s.t.}}\ \sum_i\alpha_i y_i = 0,\ {box}",
            "Li Hang §7.3.4, (7.95)–(7.97); Sugiyama §8.2",
        ),
        Formula(kernel_latex(kernel, sigma, degree, coef0), "Li Hang §7.3.3, (7.88), (7.90); Sugiyama §8.4"),
        Formula(
            rf"D(\hat\alpha) = {number(model.dual_objective_, 6)},\ \tfrac12\|w\|^2 + C\sum_i\xi_i = "
            rf"{number(model.primal_objective_, 6)}\ \ ({tt('svm.n_sv_tex', n=len(sv))})",
            "Sugiyama §8.2 (zero duality gap); Li Hang (7.37) minimises −D",
        ),
    ]
    if kernel == "linear":
        out.append(
            Formula(
                rf"w = \sum_i \hat\alpha_i y_i x_i = ({nice(model.w_[0])},\ {nice(model.w_[1])})^\top,\ "
                rf"\frac{{2}}{{\|w\|}} = {number(2 / np.linalg.norm(model.w_))}",
                "Li Hang (7.50); §7.1.3",
            )
        )
    free = np.flatnonzero(model.alpha_category_ == "free")
    if len(free):
        out.append(
            Formula(
                rf"b = \frac{{1}}{{|S_{{free}}|}}\sum_{{j \in S_{{free}}}}\Big(y_j - \sum_i \hat\alpha_i y_i "
                rf"K(x_i,x_j)\Big) = {nice(model.b_)},\ |S_{{free}}| = {len(free)}",
                "Li Hang (7.51) and Algorithm 7.3 (average over 0 < α_j < C)",
            )
        )
    else:
        lo, hi = model.b_interval_
        out.append(
            Formula(
                rf"{tt('svm.b_any_tex')}\ b \in [{nice(lo)},\ {nice(hi)}];\ "
                rf"b = {nice(model.b_)}\ ({tt('svm.midpoint_tex')})",
                "Li Hang §7.2.1 (b not unique); spec errata (final b from all KKT conditions)",
            )
        )
    out.append(Formula(r"f(x) = \sum_{i\in SV}\hat\alpha_i y_i K(x_i, x) + b", "Li Hang (7.94)"))
    out.append(
        Formula(
            r"\alpha_i = 0 \Rightarrow y_if(x_i) \ge 1,\ 0<\alpha_i<C \Rightarrow y_if(x_i) = 1,\ "
            r"\alpha_i = C \Rightarrow y_if(x_i) \le 1",
            "Li Hang (7.111)–(7.113); Sugiyama §8.3, Fig 8.8",
        )
    )
    return out


def multi_view(ctx, main, data, X, y, strategy, params):
    C, kernel, sigma, degree, coef0, tol, _ = params
    try:
        model = fit_multi(X, y, strategy, C, kernel, sigma, degree, coef0, tol)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    axes = plane_axes(data.train)
    fig, flag = multi_figure(model, X, y, axes, strategy, params, ctx)
    test = data.test
    test_err = None
    if test is not None and test.y is not None and set(np.unique(test.y)) <= set(model.classes_):
        test_err = error_rate(model.predict(test.X), test.y)
    n_sv = sum(len(m.support_) for m in model.estimators_)
    with main:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="svm.fit_chart")
        st.caption(t(f"svm.multi_caption_{strategy}"))
        metric_rows(
            [
                (t("svm.train_error"), fmt(error_rate(model.predict(X), y), 3)),
                (t("svm.test_error"), fmt(test_err, 3)),
                (t("svm.n_binary"), str(len(model.estimators_))),
                (t("svm.n_sv_total"), str(n_sv)),
                (t("svm.flagged"), fmt(float(flag.mean()), 3)),
            ],
            ctx.projector,
        )
    c = len(model.classes_)
    rule = (
        rf"\hat y = \arg\max_k f_k(x),\ f_k:\ {tt('svm.ovr_tex', c=c)}"
        if strategy == "ovr"
        else rf"\hat y = \arg\max_k \#\{{{tt('svm.votes_tex')}\}},\ "
        rf"f_{{ab}} > 0 \to a,\ f_{{ab}} < 0 \to b,\ {c}({c}-1)/2 = {c * (c - 1) // 2}\ {tt('svm.svms_tex')}"
    )
    c_tex = r",\ C = \infty" if math.isinf(C) else rf",\ C = {number(C)}"
    formula_panel(
        [
            Formula(rule, "Sugiyama §7.3; seed 004 §2.9"),
            Formula(kernel_latex(kernel, sigma, degree, coef0) + c_tex, "Li Hang §7.3.3; Sugiyama §8.4"),
        ],
        ctx.projector,
    )
    code_view(type(model), SVC, projector=ctx.projector)


def multi_figure(model, X, y, axes, strategy, params, ctx):
    """The multi-class regions, every binary boundary f = 0, and the ambiguous (OvR) or tied (OvO) areas."""
    gx, gy, scores, region, flag = multi_grid(X, y, strategy, params[:6], axes.x_range, axes.y_range)
    classes = model.classes_
    names = [str(c) for c in classes]
    shape = (len(gy), len(gx))
    traces = list(decision_surface(gx, gy, region.reshape(shape), ctx.style, n_classes=len(classes)))
    if flag.any():
        traces.append(
            dict(
                type="heatmap",
                x=gx,
                y=gy,
                z=flag.reshape(shape),
                zmin=0,
                zmax=1,
                showscale=False,
                hoverinfo="skip",
                colorscale=[[0, "rgba(0,0,0,0)"], [1, "rgba(60,60,60,0.28)"]],
                name=t(f"svm.flag_{strategy}"),
                showlegend=True,
            )
        )
    pairs = [(k, None) for k in range(len(classes))] if strategy == "ovr" else model.pairs_
    for col, (a, b) in enumerate(pairs):
        color = CLASS_COLORS[a % len(CLASS_COLORS)]
        name = t("svm.ovr_line", c=names[a]) if b is None else t("svm.ovo_line", a=names[a], b=names[b])
        dash = "solid" if b is None else ["solid", "dash", "dot", "dashdot"][b % 4]
        traces.append(
            dict(
                type="contour",
                x=gx,
                y=gy,
                z=scores[:, col].reshape(shape),
                showscale=False,
                hoverinfo="skip",
                contours=dict(start=0, end=0, size=1, coloring="lines"),
                line=dict(color=color, width=ctx.style.line_width * 0.8, dash=dash),
                colorscale=[[0, color], [1, color]],
                name=plain(name),
                showlegend=True,
            )
        )
    traces += class_traces(X, y, classes, ctx.style, names=names)
    title = t(f"svm.multi_title_{strategy}", n=len(model.estimators_))
    return figure(ctx.style, axes, title, traces, height=ctx.style.figure_height + 80, legend="bottom"), flag


# ---- view: SMO step-through ------------------------------------------------------------------------------


def smo_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        hard, C, kernel, sigma, degree, coef0 = svm_controls()
        book_rule = st.toggle(t("svm.book_rule"), help=t("svm.book_rule_help"), **bound("svm.book_rule"))
        selection = "book" if book_rule else "second_order"
        tol = st.select_slider(
            t("svm.tol"),
            TOL_OPTIONS,
            1e-3,
            format_func=lambda v: f"{v:g}",
            help=t("svm.tol_help"),
            **bound("svm.tol"),
        )
        st.caption(t("svm.smo_help"))
    if not class_check(y):
        return
    if not two_classes(y):
        with main:
            st.info(t("svm.binary_only"), icon=":material/info:")
        return
    X, y = limit_size(X, y)
    params = (C, kernel, sigma, degree, coef0, tol, selection)
    try:
        model = fit_svc(X, y, *params)
    except ValueError as err:
        with main:
            st.error(t("error.fit", detail=str(err)))
        return
    n_steps = model.n_iter_ + 1  # states 0 (α = 0) … n_iter
    axes = plane_axes(data.train)
    steps = tuple(int(s) for s in frame_steps(n_steps))
    gx, gy, grids, alphas = smo_snapshots(X, y, params, axes.x_range, axes.y_range, steps)
    view = smo_step_view(model, X, y, axes, gx, gy, grids, alphas, ctx)
    with main:
        stepper("svm.smo", n_steps, view)
        stop_message(model)
        last_b = model.history_[-1].b if model.history_ else 0.0
        metric_rows(
            [
                (t("svm.smo_steps"), str(model.n_iter_)),
                (t("svm.dual"), fmt(model.dual_objective_, 6)),
                (t("svm.b_last_step"), nice_text(last_b)),
                (t("svm.b_final"), nice_text(model.b_)),
                (t("svm.n_sv_plain"), str(len(model.support_))),
            ],
            ctx.projector,
        )
        lo, hi = model.b_interval_
        if not lo - 1e-6 <= last_b <= hi + 1e-6:
            st.info(
                t(
                    "svm.b_differs",
                    last=nice_text(last_b),
                    final=nice_text(model.b_),
                    lo=nice_text(lo),
                    hi=nice_text(hi),
                ),
                icon=":material/info:",
            )
    formula_panel(
        [
            Formula(
                r"y_i \ne y_j:\ L = \max(0, \alpha_j - \alpha_i),\ "
                r"H = \min(C, C + \alpha_j - \alpha_i);\quad "
                r"y_i = y_j:\ L = \max(0, \alpha_i + \alpha_j - C),\ H = \min(C, \alpha_i + \alpha_j)",
                "Li Hang §7.4.1, Fig 7.8",
            ),
            Formula(
                r"\alpha_j^{new,unc} = \alpha_j + \frac{y_j(E_i - E_j)}{\eta},\ "
                r"\eta = K_{ii} + K_{jj} - 2K_{ij}",
                "Li Hang Theorem 7.6, (7.106)–(7.107)",
            ),
            Formula(
                r"\alpha_j^{new} = \mathrm{clip}(\alpha_j^{new,unc}, L, H),\ "
                r"\alpha_i^{new} = \alpha_i + y_iy_j(\alpha_j - \alpha_j^{new})",
                "Li Hang (7.108)–(7.109)",
            ),
            Formula(
                r"b_1 = -E_i - y_iK_{ii}\Delta\alpha_i - y_jK_{ji}\Delta\alpha_j + b,\ "
                r"b_2 = -E_j - y_iK_{ij}\Delta\alpha_i - y_jK_{jj}\Delta\alpha_j + b",
                "Li Hang (7.115)–(7.116): b₁ if α_i is free, else b₂ if α_j is free, else the midpoint",
            ),
            Formula(
                r"E_k \leftarrow E_k + y_i\Delta\alpha_iK_{ik} + y_j\Delta\alpha_jK_{jk} + \Delta b",
                "Li Hang (7.117) with the erratum y_j (not y_i) corrected",
            ),
            Formula(
                rf"{tt('svm.b_final')}:\ b = {nice(model.b_)};\ "
                rf"{tt('svm.b_last_step')}:\ b = {nice(model.history_[-1].b if model.history_ else 0.0)}",
                "Li Hang §7.2.3 advice; spec errata (SMO bias)",
            ),
        ],
        ctx.projector,
    )
    code_view(SVC, projector=ctx.projector)


def smo_step_view(model, X, y, axes, gx, gy, grids, alphas, ctx) -> StepView:
    """Data space with f at the step, the (α_i, α_j) box of the pair, every α, and the dual objective."""
    style = ctx.style
    n = len(model.alpha_)
    C = model.C_
    history = model.history_
    top = C if math.isfinite(C) else max(max((max(s.alpha_i, s.alpha_j) for s in history), default=1.0), 1e-9)
    dual = np.r_[0.0, [s.dual_objective for s in history]]
    names = [str(c) for c in model.classes_]
    static = class_traces(X, y, model.classes_, style, names=names)
    static.append(
        dict(
            type="scatter",
            x=np.array([0, top, top, 0, 0], float),
            y=np.array([0, 0, top, top, 0], float),
            mode="lines",
            line=dict(color=TRUTH_COLOR, width=1.5),
            name=t("svm.box"),
            showlegend=False,
            xaxis="x2",
            yaxis="y2",
            hoverinfo="skip",
        )
    )
    if math.isfinite(C):
        static.append(
            dict(
                type="scatter",
                mode="lines",
                x=np.array([0.3, n + 0.7]),
                y=np.array([C, C], float),
                line=dict(color=BOUND_COLOR, dash="dash", width=1.2),
                showlegend=False,
                name="C",
                xaxis="x3",
                yaxis="y3",
                hoverinfo="skip",
            )
        )
    static.append(
        dict(
            type="scatter",
            x=np.arange(len(dual), dtype=float),
            y=dual,
            mode="lines",
            showlegend=False,
            line=dict(color=FIT_COLOR, width=style.line_width * 0.7),
            name="D(α)",
            xaxis="x4",
            yaxis="y4",
        )
    )
    pad = 0.06 * top
    font = dict(size=style.font_size)

    split = (0.5, 0.62) if ctx.projector else (0.56, 0.66)

    def subtitle(text, y):
        return dict(
            text=text,
            x=(split[1] + 1) / 2,
            y=y,
            xref="paper",
            yref="paper",
            xanchor="center",
            yanchor="bottom",
            showarrow=False,
            font=font,
        )

    fig = figure(
        style,
        None,
        "",
        static,
        height=style.figure_height + 260,
        legend_rows=3,
        barmode="overlay",
        xaxis=axis_layout(axes.x_range, axes.x_title, domain=[0, split[0]], anchor="y"),
        yaxis=axis_layout(axes.y_range, axes.y_title, domain=[0, 1], anchor="x"),
        xaxis2=axis_layout((-pad, top + pad), "", domain=[split[1], 1], anchor="y2"),
        yaxis2=axis_layout((-pad, top + pad), "αⱼ", domain=[0.72, 0.91], anchor="x2"),
        xaxis3=axis_layout((0.3, n + 0.7), "", domain=[split[1], 1], anchor="y3"),
        yaxis3=axis_layout((0, top * 1.1), "α", domain=[0.37, 0.57], anchor="x3"),
        xaxis4=axis_layout((0, max(len(dual) - 1, 1)), "", domain=[split[1], 1], anchor="y4"),
        yaxis4=axis_layout(padded_range(dual, 0.08), "D(α)", domain=[0, 0.23], anchor="x4"),
        annotations=[
            subtitle(t("svm.box_title"), 0.92),
            subtitle(t("svm.alphas_title"), 0.58),
            subtitle(t("svm.dual_title"), 0.24),
        ],
    )
    shape = (len(gy), len(gx))
    _, _, pts = grid_points(axes.x_range, axes.y_range, STEP_RESOLUTION)
    idx = np.arange(1, n + 1, dtype=np.float32)
    empty = np.array([], float)

    def state(s):
        if s in alphas:
            return alphas[s], grids[s]
        return model.alpha_at(s), level_lines(gx, gy, model.decision_function_at(pts, s).reshape(shape))

    def frame(s):
        alpha, (zero_x, zero_y, margin_x, margin_y) = state(s)
        step = history[s - 1] if s > 0 else None
        pair = [] if step is None else [step.i, step.j]
        sv = np.setdiff1d(np.flatnonzero(alpha > 0), pair)
        rings = np.r_[sv, pair].astype(int)
        big = np.r_[np.zeros(len(sv)), np.ones(len(pair))]
        traces = [
            dict(
                type="scatter",
                mode="lines",
                x=margin_x,
                y=margin_y,
                name=t("svm.f1"),
                line=dict(color=BLACK, width=style.line_width * 0.6, dash="dash"),
                xaxis="x",
                yaxis="y",
                hoverinfo="skip",
            ),
            dict(
                type="scatter",
                mode="lines",
                x=zero_x,
                y=zero_y,
                name=t("svm.f0"),
                xaxis="x",
                yaxis="y",
                line=dict(color=BLACK, width=style.line_width),
                hoverinfo="skip",
            ),
            dict(
                type="scatter",
                mode="markers+text",
                x=X[rings, 0].astype(np.float32),
                y=X[rings, 1].astype(np.float32),
                text=np.array([""] * len(sv) + ["i", "j"][: len(pair)]),
                textposition="top right",
                textfont=dict(size=style.font_size + 2, color=HIGHLIGHT_COLOR),
                name=t("svm.sv_now"),
                xaxis="x",
                yaxis="y",
                marker=dict(
                    symbol="circle-open",
                    size=style.marker_size * (1.9 + 0.6 * big),
                    color=big,
                    cmin=0,
                    cmax=1,
                    colorscale=[[0, FREE_COLOR], [1, HIGHLIGHT_COLOR]],
                    line=dict(width=style.line_width * 0.8),
                ),
            ),
        ]
        if step is None:
            seg_x = seg_y = unc_x = unc_y = empty
            old = new = (empty, empty)
        else:
            ai_old, aj_old, s_ij = (
                step.alpha_i_old,
                step.alpha_j_old,
                model.y_signed_[step.i] * model.y_signed_[step.j],
            )
            H = min(step.H, top * 1.5)
            seg_x = np.array([ai_old + s_ij * (aj_old - step.L), ai_old + s_ij * (aj_old - H)])
            seg_y = np.array([step.L, H])
            old = (np.array([ai_old]), np.array([aj_old]))
            new = (np.array([step.alpha_i]), np.array([step.alpha_j]))
            if math.isfinite(step.alpha_j_unclipped):
                unc_x = np.array([ai_old + s_ij * (aj_old - step.alpha_j_unclipped)])
                unc_y = np.array([step.alpha_j_unclipped])
            else:
                unc_x = unc_y = empty
        traces += [
            dict(
                type="scatter",
                mode="lines",
                x=seg_x,
                y=seg_y,
                name=t("svm.segment"),
                xaxis="x2",
                yaxis="y2",
                line=dict(color=BLUE, width=style.line_width),
            ),
            dict(
                type="scatter",
                mode="markers",
                x=np.r_[old[0], unc_x, new[0]],
                y=np.r_[old[1], unc_y, new[1]],
                name=t("svm.box_points"),
                xaxis="x2",
                yaxis="y2",
                marker=dict(
                    symbol=np.array(["circle"] * len(old[0]) + ["x"] * len(unc_x) + ["star"] * len(new[0])),
                    size=np.r_[[1.3] * len(old[0]), [1.5] * len(unc_x), [1.9] * len(new[0])]
                    * style.marker_size,
                    color=np.r_[[0.0] * len(old[0]), [0.5] * len(unc_x), [1.0] * len(new[0])],
                    cmin=0,
                    cmax=1,
                    colorscale=[[0, TRUTH_COLOR], [0.5, VERMILLION], [1, HIGHLIGHT_COLOR]],
                    line=dict(color=BLACK, width=0.5),
                ),
            ),
        ]
        chosen = np.zeros(n, np.uint8)
        chosen[pair] = 1
        traces.append(
            dict(
                type="bar",
                x=idx,
                y=alpha.astype(np.float32),
                xaxis="x3",
                yaxis="y3",
                name="α",
                showlegend=False,
                marker=dict(color=chosen, cmin=0, cmax=1, colorscale=[[0, BLUE], [1, HIGHLIGHT_COLOR]]),
            )
        )
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=np.array([float(s)]),
                y=np.array([dual[s]]),
                xaxis="x4",
                yaxis="y4",
                name="D",
                showlegend=False,
                marker=dict(
                    color=HIGHLIGHT_COLOR, size=style.marker_size * 1.5, line=dict(color=BLACK, width=1)
                ),
            )
        )
        return traces

    def label(s):
        if s == 0:
            return t("svm.step0_label")
        st_ = history[s - 1]
        return t("svm.step_label", s=s, i=st_.i + 1, j=st_.j + 1, d=fmt(st_.dual_objective, 5))

    def details(s):
        if s == 0:
            return t("svm.step0_details")
        st_ = history[s - 1]
        yi, yj = model.y_signed_[st_.i], model.y_signed_[st_.j]
        if math.isinf(st_.alpha_j_unclipped):
            unc = t("svm.eta_zero")
        else:
            unc = f"{st_.alpha_j_unclipped:.5g}"
        where = (
            "L"
            if st_.alpha_j == st_.L and st_.alpha_j != st_.alpha_j_unclipped
            else "H"
            if st_.alpha_j == st_.H and st_.alpha_j != st_.alpha_j_unclipped
            else ""
        )
        clip = t("svm.clipped_at", end=where) if where else t("svm.not_clipped")
        if 0 < st_.alpha_i < C:
            rule = t("svm.b_rule_1")
        elif 0 < st_.alpha_j < C:
            rule = t("svm.b_rule_2")
        else:
            rule = t("svm.b_rule_mid")
        prev = dual[s - 1]
        return t(
            "svm.step_details",
            s=s,
            i=st_.i + 1,
            j=st_.j + 1,
            yi=f"{yi:+.0f}",
            yj=f"{yj:+.0f}",
            viol=f"{st_.violation:.4g}",
            gap=f"{st_.gap:.4g}",
            why=t(f"svm.why_{st_.rule}"),
            Ei=f"{st_.E_i:.4g}",
            Ej=f"{st_.E_j:.4g}",
            L=f"{st_.L:.5g}",
            H="∞" if math.isinf(st_.H) else f"{st_.H:.5g}",
            eta=f"{st_.eta:.5g}",
            unc=unc,
            aj=f"{st_.alpha_j:.5g}",
            aj_old=f"{st_.alpha_j_old:.5g}",
            clip=clip,
            ai_old=f"{st_.alpha_i_old:.5g}",
            ai=f"{st_.alpha_i:.5g}",
            b1=f"{st_.b1:.5g}",
            b2=f"{st_.b2:.5g}",
            b=f"{st_.b:.5g}",
            rule=rule,
            d=f"{st_.dual_objective:.6g}",
            dd=f"{st_.dual_objective - prev:+.3g}",
        )

    return StepView(fig, frame, label, details)


# ---- view: hinge loss and the ramp-loss SVM --------------------------------------------------------------


def hinge_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        lam = log_slider(t("svm.ramp_lam"), "svm.ramp_lam", -3, 1, 0.01, help=t("svm.ramp_lam_help"))
        eta = st.select_slider(
            t("svm.ramp_eta"),
            ETA_OPTIONS,
            0.01,
            format_func=lambda v: f"{v:g}",
            help=t("svm.ramp_eta_help"),
            **bound("svm.ramp_eta"),
        )
        hard = st.toggle(t("svm.hard"), help=t("svm.hard_help"), **bound("svm.hard"))
        C = math.inf if hard else log_slider(t("svm.C"), "svm.C", -2, 3, 1.0, help=t("svm.C_help"))
        st.caption(t("svm.hinge_help"))
    if not class_check(y):
        return
    if not two_classes(y):
        with main:
            st.info(t("svm.binary_only"), icon=":material/info:")
        return
    X, y = limit_size(X, y)
    try:
        svm = fit_svc(X, y, C, "linear", 1.0, 3, 1.0, 1e-3, "second_order")
        ramp = fit_ramp(X, y, lam, eta)
    except ValueError as err:
        with main:
            st.error(t("error.fit", detail=str(err)))
        return
    axes = plane_axes(data.train)
    view = ramp_step_view(svm, ramp, X, y, data, axes, ctx)
    losses = loss_figure(svm, ramp, X, y, ctx)
    err_svm = error_rate(svm.predict(X), y)
    err_ramp = error_rate(ramp.predict(X), y)
    with main:
        stepper("svm.ramp", len(ramp.history_), view)
        metric_rows(
            [
                (t("svm.err_hinge"), fmt(err_svm, 3)),
                (t("svm.err_ramp"), fmt(err_ramp, 3)),
                (t("svm.ramp_iters"), f"{ramp.n_iter_}" + ("" if ramp.converged_ else " ⚠")),
                (t("svm.ramp_loss"), fmt(ramp.history_[-1].ramp_loss, 4)),
            ],
            ctx.projector,
        )
        if not ramp.converged_:
            st.warning(t("svm.ramp_not_converged", n=ramp.n_iter_), icon=":material/warning:")
        chart(losses, key="svm.loss_chart")
    theta = ramp.theta_
    c_tex = r"\infty" if hard else number(C)
    formula_panel(
        [
            Formula(
                r"\ell_{ramp}(m) = \min\{1, \max(0, 1-m)\},\ \ \ell_{hinge}(m) = \max(0, 1-m),\ m = y f(x)",
                "Sugiyama §8.5–8.6, Figs 8.11, 8.15",
            ),
            Formula(
                r"v_i = m_i + \min\{1, \max(0, 1-m_i)\},\ w_i = \begin{cases}1 & |v_i - m_i| \le \eta\\ "
                rf"\eta/|v_i-m_i| & {tt('svm.else_tex')}\end{{cases}},\ \eta = {number(eta)}",
                "Sugiyama (8.5), Fig 8.18",
            ),
            Formula(
                rf"\theta \leftarrow (\Phi^\top W\Phi + \lambda I)^{{-1}}\Phi^\top W V y = {vector(theta)},\ "
                rf"\lambda = {number(lam)}",
                "Sugiyama Fig 8.18 ③, Fig 8.20",
            ),
            Formula(
                rf"{tt('svm.hinge_line')}:\ w = ({nice(svm.w_[0])},\ {nice(svm.w_[1])})^\top,\ "
                rf"b = {nice(svm.b_)},\ "
                rf"C = {c_tex}",
                "Sugiyama §8.5: the SVM minimises the hinge loss",
            ),
        ],
        ctx.projector,
    )
    code_view(RampSVC, ramp_target, projector=ctx.projector)


def ramp_step_view(svm, ramp, X, y, data, axes, ctx) -> StepView:
    """The SVM line (fixed) and the ramp-loss line of each IRLS iteration, rings sized by the weights."""
    style = ctx.style
    classes = svm.classes_
    static = class_traces(X, y, classes, style, names=[str(c) for c in classes])
    planted = data.train.extra.get("planted_outlier") if not data.edited else None
    if planted is not None and len(planted) == len(y) and planted.any():
        static.append(
            points_trace(
                X[planted, 0],
                X[planted, 1],
                t("svm.outliers"),
                style,
                color=BLACK,
                symbol="diamond",
                size_scale=2.2,
                hollow=True,
            )
        )
    sx, sy = line_points(np.r_[svm.b_, svm.w_], axes.x_range, axes.y_range)
    static.append(line_trace(Curve(t("svm.hinge_line"), sx, sy, BLACK, "dash"), style))
    history = ramp.history_

    def frame(s):
        step = history[s]
        lx, ly = line_points(step.theta, axes.x_range, axes.y_range)
        sizes = style.marker_size * (
            0.7 + 2.2 * np.sqrt(step.weights / max(float(step.weights.max()), 1e-12))
        )
        return [
            line_trace(Curve(t("svm.ramp_line"), lx, ly, ALT_COLOR), style),
            dict(
                type="scatter",
                mode="markers",
                x=X[:, 0],
                y=X[:, 1],
                name=t("svm.weights"),
                marker=dict(symbol="circle-open", size=sizes, color=ALT_COLOR, line=dict(width=1.2)),
            ),
        ]

    def details(s):
        step = history[s]
        return t(
            "svm.ramp_details",
            s=step.step,
            theta=vector_text(step.theta),
            loss=fmt(step.ramp_loss),
            wmin=fmt(float(step.weights.min()), 3),
            wmax=fmt(float(step.weights.max()), 3),
        )

    return StepView(
        figure(style, axes, "", static, height=style.figure_height + 40, legend_rows=2),
        frame,
        lambda s: t("svm.ramp_label", s=history[s].step, loss=fmt(history[s].ramp_loss)),
        details,
    )


def loss_figure(svm, ramp, X, y, ctx) -> go.Figure:
    """0/1, hinge and ramp loss against the margin, with every sample at its margin under each model."""
    t_signed = np.where(y == svm.classes_[1], 1.0, -1.0)
    m_svm = t_signed * svm.decision_function(X)
    m_ramp = t_signed * ramp.decision_function(X)
    lo = float(min(m_svm.min(), m_ramp.min(), -2.0))
    hi = float(max(m_svm.max(), m_ramp.max(), 3.0))
    mm = np.linspace(lo, hi, 400)
    traces = [
        line_trace(Curve(t(f"svm.loss_{kind}"), mm, margin_loss(mm, kind), color, dash), ctx.style)
        for kind, color, dash in (
            ("zero_one", TRUTH_COLOR, "dot"),
            ("hinge", BLACK, "dash"),
            ("ramp", ALT_COLOR, "solid"),
        )
    ]
    index = np.arange(1, len(y) + 1)
    traces.append(
        points_trace(
            m_svm,
            margin_loss(m_svm, "hinge"),
            t("svm.margins_svm"),
            ctx.style,
            color=BLACK,
            symbol="line-ns",
            hollow=True,
            size_scale=1.4,
            customdata=index,
        )
    )
    traces.append(
        points_trace(
            m_ramp,
            margin_loss(m_ramp, "ramp"),
            t("svm.margins_ramp"),
            ctx.style,
            color=ALT_COLOR,
            size_scale=0.8,
            customdata=index,
        )
    )
    axes = Axes(
        (lo - 0.2, hi + 0.2), (-0.25, max(2.0, 1.0 - lo) * 1.05), t("svm.margin_axis"), t("svm.loss_axis")
    )
    return figure(
        ctx.style, axes, t("svm.loss_title"), traces, height=ctx.style.figure_height + 40, legend="bottom"
    )


# ---- the screen --------------------------------------------------------------------------------------

ctx = page_frame(P, DataRequest("classification", 2, "blobs"))
preset_picker(PRESETS, "svm.preset")
view = choice(t("svm.view"), VIEWS, "svm.view", catalogue_labels("svm.views"), horizontal=True)
controls, main = st.columns([1, 3], gap="medium")
{"fit": fit_view, "smo": smo_view, "hinge": hinge_view}[view](ctx, controls, main)
