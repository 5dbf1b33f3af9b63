"""Generative models & naive Bayes (CS229 Part IV; Li Hang ch. 4; seed 003 §8; seed 004 §2.6).

Five views: Gaussian class models (GDA with a shared Σ, class-wise Σ_k, Gaussian naive Bayes) with
ellipses and the posterior map; the link between GDA and logistic regression; the Bayes decision
rule with a loss matrix; categorical naive Bayes on Li Hang's Table 4.1 (or binned features); and
Fisher's linear discriminant with projected histograms and the Fisher ratio J(θ).
"""

import re
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go
import streamlit as st
from scipy.special import expit

from algorithms import CategoricalNaiveBayes
from algorithms import FisherLDA
from algorithms import GaussianDiscriminantAnalysis
from algorithms import GaussianNaiveBayes
from algorithms import LogisticRegression
from algorithms import bayes_decision
from algorithms import conditional_risk
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
from ui.explain import latex_text
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import AXIS_STYLE
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import axis_layout
from ui.figures import class_traces
from ui.figures import discrete_scale
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import line_points
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import tint
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import TRUTH_COLOR

P = "gen"
VIEWS = ["gauss", "logistic", "bayes", "nb", "fisher"]
MODELS = ["shared", "classwise", "naive"]
BAYES_MODELS = ["shared", "classwise"]
REG_OPTIONS = [0.0, 1e-3, 1e-2, 0.03, 0.1, 0.3, 1.0, 3.0]
LAM_OPTIONS = [0.0, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0]
SHADES = (0.6, 0.8, 0.95)  # posterior levels that change the shade of a class region
SHADE_STRENGTH = (0.07, 0.14, 0.22, 0.32)
RESOLUTION = 120

PRESETS = {
    "gen_ex4_1": {
        "gen.view": "nb",
        "gen.data": "table_4_1",
        "gen.lam": 0.0,
        "gen.q1": "2",
        "gen.q2": "S",
        "gen.drop4": False,
    },
    "gen_ex4_2": {
        "gen.view": "nb",
        "gen.data": "table_4_1",
        "gen.lam": 1.0,
        "gen.q1": "2",
        "gen.q2": "S",
        "gen.drop4": False,
    },
    "gen_zero": {
        "gen.view": "nb",
        "gen.data": "table_4_1",
        "gen.lam": 0.0,
        "gen.q1": "2",
        "gen.q2": "S",
        "gen.drop4": True,
    },
    "gen_cs229_gda": {
        "gen.view": "gauss",
        "gen.data": "blobs",
        "gen.n": 200,
        "gen.noise": 1.0,
        "gen.model": "shared",
        "gen.reg": 0.0,
        "gen.radius": 2,
    },
    "gen_cs229_logistic": {
        "gen.view": "logistic",
        "gen.data": "blobs",
        "gen.n": 200,
        "gen.noise": 1.0,
        "gen.lr_lam": 0.01,
    },
    "gen_gnb": {
        "gen.view": "gauss",
        "gen.data": "blobs3",
        "gen.n": 150,
        "gen.noise": 1.0,
        "gen.model": "naive",
        "gen.reg": 0.0,
        "gen.radius": 2,
    },
    "gen_bayes_cost": {
        "gen.view": "bayes",
        "gen.data": "blobs",
        "gen.n": 200,
        "gen.noise": 1.0,
        "gen.bayes_model": "classwise",
        "gen.cost": 10.0,
        "gen.cost_class": "1",
    },
    "gen_fisher1": {"gen.view": "fisher", "gen.data": "fisher1", "gen.n": 100, "gen.seed": 0, "gen.angle": 0},
    "gen_fisher2": {"gen.view": "fisher", "gen.data": "fisher2", "gen.n": 100, "gen.seed": 0, "gen.angle": 0},
}


# ---- small helpers ----------------------------------------------------------------------------------


def posterior_map(gx, gy, proba: np.ndarray, decision: np.ndarray | None = None) -> dict:
    """Class regions (colour = decided class) shaded by the posterior of the decided class."""
    c = proba.shape[1]
    decided = np.argmax(proba, axis=1) if decision is None else decision
    top = proba[np.arange(len(proba)), decided]
    level = np.digitize(top, SHADES)
    codes = (decided * len(SHADE_STRENGTH) + level).astype(np.uint8).reshape(len(gy), len(gx))
    colors = [tint(CLASS_COLORS[k % len(CLASS_COLORS)], s) for k in range(c) for s in SHADE_STRENGTH]
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=codes,
        zmin=-0.5,
        zmax=len(colors) - 0.5,
        colorscale=discrete_scale(colors),
        showscale=False,
        hoverinfo="skip",
        name="",
    )


def region_map(gx, gy, decision: np.ndarray, n_classes: int) -> dict:
    colors = [REGION_COLORS[k % len(REGION_COLORS)] for k in range(max(n_classes, 2))]
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=decision.astype(np.uint8).reshape(len(gy), len(gx)),
        zmin=-0.5,
        zmax=len(colors) - 0.5,
        colorscale=discrete_scale(colors),
        showscale=False,
        hoverinfo="skip",
        name="",
    )


def level_line(
    gx, gy, z: np.ndarray, name: str, style, color=BLACK, dash="solid", level=0.0, width=1.0, legend=True
) -> dict:
    """The ``level`` contour of z on the grid, as one line with a legend entry."""
    return dict(
        type="contour",
        x=gx,
        y=gy,
        z=np.asarray(z, np.float32).reshape(len(gy), len(gx)),
        showscale=False,
        hoverinfo="skip",
        contours=dict(start=level, end=level, size=1.0, coloring="lines"),
        line=dict(color=color, width=style.line_width * width, dash=dash),
        colorscale=[[0, color], [1, color]],
        name=name,
        showlegend=legend,
    )


def plane_axes(train, title: str = "") -> Axes:
    X = train.X
    return Axes(
        padded_range(X[:, 0]),
        padded_range(X[:, 1]),
        plain(train.feature_names[0]),
        plain(train.feature_names[1]),
    )


def class_names(classes) -> list[str]:
    return [str(c) for c in classes]


def tex_text(text, force_text: bool = False) -> str:
    """A label for LaTeX: a number as math, anything else as literal text."""
    out = str(text)
    return out if not force_text and re.fullmatch(r"-?\d+(\.\d+)?", out) else latex_text(out)


def matrix(M, digits: int = 3) -> str:
    rows = [r" & ".join(number(v, digits) for v in row) for row in np.atleast_2d(M)]
    return r"\begin{pmatrix}" + r" \\ ".join(rows) + r"\end{pmatrix}"


def column(v, digits: int = 3) -> str:
    return matrix(np.asarray(v, float).reshape(-1, 1), digits)


def class_check(y) -> bool:
    """Two or more classes, else a message (edited data can end with one class)."""
    classes = np.unique(y)
    if len(classes) < 2:
        st.warning(t("gen.one_class"), icon=":material/warning:")
        return False
    return True


def error_rate(pred, y) -> float:
    return float(np.mean(np.asarray(pred) != np.asarray(y)))


def metric_rows(metrics: list[tuple[str, str]], projector: bool) -> None:
    """metrics_row, three to a row in projector mode (large numbers need the width)."""
    step = 3 if projector else len(metrics)
    for start in range(0, len(metrics), step):
        metrics_row(metrics[start : start + step])


# ---- cached computations ----------------------------------------------------------------------------


def make_gauss(model: str, reg: float):
    if model == "naive":
        return GaussianNaiveBayes(var_smoothing=reg)
    return GaussianDiscriminantAnalysis(shared_covariance=model == "shared", reg=reg)


@st.cache_data(max_entries=64, show_spinner=False)
def fit_gauss(X, y, model: str, reg: float):
    return make_gauss(model, reg).fit(X, y)


@st.cache_data(max_entries=64, show_spinner=False)
def gauss_grid(X, y, model: str, reg: float, x_range, y_range):
    est = fit_gauss(X, y, model, reg)
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    log_joint = est.log_joint(pts)
    proba = est.predict_proba(pts)
    logodds = log_joint[:, 1] - log_joint[:, 0] if log_joint.shape[1] == 2 else None
    return gx, gy, proba.astype(np.float32), logodds


@st.cache_data(max_entries=32, show_spinner=False)
def fit_logistic(X, y, lam: float):
    return LogisticRegression(lam=lam, solver="newton").fit(X, y)


@st.cache_data(max_entries=16, show_spinner=False)
def learning_curves(X, y, X_test, y_test, lam: float, repeats: int = 4):
    """Test error of GDA and logistic regression trained on random subsets of m samples (CS229 M18)."""
    rng = np.random.default_rng(0)
    n = len(y)
    sizes = np.unique(np.geomspace(min(6, n), n, 7).round().astype(int))
    gda, lr, used = [], [], []
    for m in sizes:
        e_gda, e_lr = [], []
        for _ in range(repeats if m < n else 1):
            pick = rng.choice(n, m, replace=False)
            if len(np.unique(y[pick])) < 2:
                continue
            try:
                g = GaussianDiscriminantAnalysis().fit(X[pick], y[pick])
                lo = LogisticRegression(lam=lam, solver="newton", max_iter=50).fit(X[pick], y[pick])
            except ValueError:
                continue
            e_gda.append(error_rate(g.predict(X_test), y_test))
            e_lr.append(error_rate(lo.predict(X_test), y_test))
        if e_gda:
            used.append(m)
            gda.append(np.mean(e_gda))
            lr.append(np.mean(e_lr))
    return np.array(used, float), np.array(gda), np.array(lr)


@st.cache_data(max_entries=32, show_spinner=False)
def fit_categorical(X_names, y, categories, lam: float):
    return CategoricalNaiveBayes(lam=lam, categories=categories).fit(X_names, y)


@st.cache_data(max_entries=32, show_spinner=False)
def fit_fisher(X, y):
    return FisherLDA().fit(X, y)


# ---- view: Gaussian class models ---------------------------------------------------------------------


def parameter_count(model: str, c: int, d: int) -> int:
    cov = d * (d + 1) // 2
    per_class = {"shared": d, "classwise": d + cov, "naive": 2 * d}[model]
    return c * per_class + (cov if model == "shared" else 0) + c - 1


def gauss_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        reg = st.select_slider(
            t("gen.reg"),
            REG_OPTIONS,
            0.0,
            format_func=lambda v: f"{v:g}",
            help=t("gen.reg_help"),
            **bound("gen.reg"),
        )
        model = choice(t("gen.model"), MODELS, "gen.model", catalogue_labels("gen.models"), default="shared")
        radius = st.select_slider(t("gen.radius"), [1, 2, 3], 2, **bound("gen.radius"))
        show_truth = False
        if data.train.truth is not None:
            show_truth = st.toggle(t("gen.show_truth"), value=True, **bound("gen.truth"))
    if not class_check(y):
        return
    try:
        est = fit_gauss(X, y, model, reg)
    except ValueError as err:
        with main:
            st.error(
                t("gen.qda_small") if "at least 2 samples" in str(err) else t("error.fit", detail=str(err))
            )
        return
    axes = plane_axes(data.train)
    gx, gy, proba, logodds = gauss_grid(X, y, model, reg, axes.x_range, axes.y_range)
    classes = est.classes_
    traces = [posterior_map(gx, gy, proba)]
    if logodds is not None:
        traces.append(level_line(gx, gy, logodds, t("gen.boundary_half"), ctx.style))
    if show_truth:
        _, _, pts = grid_points(axes.x_range, axes.y_range, RESOLUTION)
        truth = data.train.truth(pts)
        traces.append(
            level_line(gx, gy, truth, t("gen.true_boundary"), ctx.style, TRUTH_COLOR, "dash", width=0.7)
        )
    traces += ellipse_traces(est, radius, ctx.style)
    traces += class_traces(X, y, classes, ctx.style, names=class_names(classes))
    traces.append(
        points_trace(est.means_[:, 0], est.means_[:, 1], t("gen.means"), ctx.style, BLACK, "star", 1.9)
    )
    title = t(f"gen.gauss_title_{model}")
    fig = figure(ctx.style, axes, title, traces, height=ctx.style.figure_height + 80, legend="bottom")
    test = data.test
    train_err = error_rate(est.predict(X), y)
    test_err = error_rate(est.predict(test.X), test.y) if test is not None and test.y is not None else None
    idx = np.searchsorted(classes, y)
    loglik = float(np.mean(est.log_joint(X)[np.arange(len(y)), idx]))
    with main:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="gen.gauss_chart")
        st.caption(t("gen.shade_caption"))
        metric_rows(
            [
                (t("gen.train_error"), fmt(train_err, 3)),
                (t("gen.test_error"), fmt(test_err, 3)),
                (t("gen.loglik"), fmt(loglik)),
                (t("gen.n_params"), str(parameter_count(model, len(classes), 2))),
            ],
            ctx.projector,
        )
        if model != "naive" and np.any(est.jitter_ > 0):
            st.warning(t("gen.jitter", value=fmt(float(est.jitter_.max()), 2)), icon=":material/warning:")
    formula_panel(gauss_formulas(est, model, reg, classes), ctx.projector)
    code_view(type(est), projector=ctx.projector)


def ellipse_traces(est, radius: float, style) -> list[dict]:
    """The radius-σ contour of every class Gaussian (one legend entry for all)."""
    traces = []
    for k, ellipse in enumerate(est.ellipses(n_std=float(radius), n_points=120)):
        name = t("gen.ellipse", r=radius) if k == 0 else ""
        curve = Curve(name, ellipse[:, 0], ellipse[:, 1], CLASS_COLORS[k % len(CLASS_COLORS)], "dot", 0.8)
        traces.append(line_trace(curve, style) | {"showlegend": k == 0, "legendgroup": "ellipse"})
    return traces


def gauss_formulas(est, model, reg, classes) -> list[Formula]:
    shown = range(min(len(classes), 3))
    phi = r",\ ".join(rf"\phi_{{{tex_text(classes[k])}}} = {number(est.priors_[k], 3)}" for k in shown)
    mus = r",\ ".join(rf"\mu_{{{tex_text(classes[k])}}} = {column(est.means_[k])}" for k in shown)
    more = r",\ \dots" if len(classes) > 3 else ""
    out = [
        Formula(rf"\phi_k = \frac{{n_k}}{{n}}:\ {phi}{more}", "CS229 Part IV §1.2 (GDA maximum likelihood)"),
        Formula(rf"\mu_k = \frac{{1}}{{n_k}}\sum_{{y_i = k}} x_i:\ {mus}{more}", "CS229 Part IV §1.2"),
    ]
    if model == "shared":
        out.append(
            Formula(
                rf"\Sigma = \frac1n\sum_i (x_i-\mu_{{y_i}})(x_i-\mu_{{y_i}})^\top + \varepsilon I = "
                rf"{matrix(est.covariance_)},\ \varepsilon = {number(reg)}",
                "CS229 Part IV §1.2",
            )
        )
    elif model == "classwise":
        sig = r",\ ".join(
            rf"\Sigma_{{{tex_text(classes[k])}}} = {matrix(est.covariances_[k])}" for k in shown
        )
        out.append(
            Formula(
                rf"\Sigma_k = \frac{{1}}{{n_k}}\sum_{{y_i=k}}(x_i-\mu_k)(x_i-\mu_k)^\top:\ {sig}{more}",
                "CS229 Part IV §1.2 (class-wise Σ_k: quadratic boundaries, an extension)",
            )
        )
    else:
        sig = r",\ ".join(
            rf"\sigma^2_{{{tex_text(classes[k])}}} = {vector(est.variances_[k])}" for k in shown
        )
        out.append(
            Formula(
                rf"p(x\mid y=k) = \prod_j \mathcal N(x_j;\mu_{{kj}},\sigma^2_{{kj}}):\ {sig}{more}",
                "seed 003 §8.3, (8)–(11)",
            )
        )
    out.append(
        Formula(
            r"p(y=k\mid x) = \frac{\phi_k\,\mathcal N(x;\mu_k,\Sigma_k)}"
            r"{\sum_j \phi_j\,\mathcal N(x;\mu_j,\Sigma_j)}"
            r",\quad \hat y = \arg\max_k p(y=k\mid x)",
            "CS229 Part IV intro (Bayes rule); Li Hang (4.4)",
        )
    )
    if model == "shared" and len(classes) == 2:
        theta = est.logistic_theta_
        out.append(
            Formula(
                rf"p(y={tex_text(classes[1])}\mid x) = \frac{{1}}{{1+e^{{-\theta^\top \hat x}}}},\ "
                rf"\theta = {vector(theta)}",
                "CS229 Part IV §1.3",
            )
        )
    return out


# ---- view: GDA and logistic regression ---------------------------------------------------------------


def logistic_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        lam = log_slider(t("gen.lr_lam"), "gen.lr_lam", -4, 2, 0.01, help=t("gen.lr_lam_help"))
        st.caption(t("gen.logistic_help"))
    if not class_check(y):
        return
    classes = np.unique(y)
    if len(classes) != 2:
        with main:
            st.info(t("gen.binary_only"), icon=":material/info:")
        return
    try:
        gda = fit_gauss(X, y, "shared", 0.0)
        lr = fit_logistic(X, y, lam)
    except ValueError as err:
        with main:
            st.error(t("error.fit", detail=str(err)))
        return
    axes = plane_axes(data.train)
    theta_gda, theta_lr = gda.logistic_theta_, lr.theta_
    view = newton_view(gda, lr, X, y, axes, ctx)
    test = data.test
    has_test = test is not None and test.y is not None
    errors = [(t("gen.train_error_gda_lr"), pair_text(gda, lr, X, y))]
    if has_test:
        errors.append((t("gen.test_error_gda_lr"), pair_text(gda, lr, test.X, test.y)))
    with main:
        stepper("gen.newton", len(lr.history_), view)
        metric_rows(
            [(t("gen.theta_gda"), vector_text(theta_gda)), (t("gen.theta_lr"), vector_text(theta_lr))],
            ctx.projector,
        )
        metric_rows(errors, ctx.projector)
        left, right = columns_or_stacked(ctx.projector, 2)
    with left:
        chart(sigmoid_figure(gda, X, y, classes, ctx), key="gen.sigmoid_chart")
    curve = learning_figure(X, y, test, lam, ctx) if has_test and len(y) >= 8 else None
    if curve is not None:
        with right:
            chart(curve, key="gen.learning")
    S_inv = np.linalg.inv(gda.covariance_)
    formula_panel(
        [
            Formula(
                rf"\theta_{{1..d}} = \Sigma^{{-1}}(\mu_1-\mu_0) = {matrix(S_inv)}"
                rf"{column(gda.means_[1] - gda.means_[0])}"
                rf" = {column(theta_gda[1:])}",
                "CS229 Part IV §1.3",
            ),
            Formula(
                rf"\theta_0 = \tfrac12\mu_0^\top\Sigma^{{-1}}\mu_0 - \tfrac12\mu_1^\top\Sigma^{{-1}}\mu_1 + "
                rf"\log\frac{{\phi}}{{1-\phi}} = {number(theta_gda[0])},\ \phi = {number(gda.priors_[1], 3)}",
                "CS229 Part IV §1.3",
            ),
            Formula(
                rf"\max_\theta \sum_i \big[y_i\log h_\theta(x_i) + (1-y_i)\log(1-h_\theta(x_i))\big] - "
                rf"\tfrac{{\lambda}}{{2}}\|\theta_{{1..d}}\|^2 \Rightarrow \theta = {vector(theta_lr)},\ "
                rf"\lambda = {number(lam)}",
                "CS229 Part II §5, §7 (Newton's method)",
            ),
        ],
        ctx.projector,
    )
    code_view(GaussianDiscriminantAnalysis, LogisticRegression, projector=ctx.projector)


def pair_text(gda, lr, X, y) -> str:
    return f"{fmt(error_rate(gda.predict(X), y), 3)} / {fmt(error_rate(lr.predict(X), y), 3)}"


def newton_view(gda, lr, X, y, axes, ctx) -> StepView:
    """Data, GDA's ellipses and boundary (fixed) and the logistic-regression line at each Newton step."""
    classes = gda.classes_
    static = ellipse_traces(gda, 2.0, ctx.style)
    static += class_traces(X, y, classes, ctx.style, names=class_names(classes))
    gx, gy = line_points(gda.logistic_theta_, axes.x_range, axes.y_range)
    static.append(line_trace(Curve(t("gen.gda_line"), gx, gy, BLACK, "dash"), ctx.style))
    history = lr.history_

    def frame(s):
        lx, ly = line_points(history[s].theta, axes.x_range, axes.y_range)
        return [line_trace(Curve(t("gen.lr_line"), lx, ly, ALT_COLOR), ctx.style)]

    def details(s):
        return t(
            "gen.newton_details",
            step=s,
            theta=vector_text(history[s].theta),
            ll=fmt(history[s].log_likelihood),
        )

    fig = figure(ctx.style, axes, "", static, legend_rows=2)
    return StepView(
        fig, frame, lambda s: t("gen.newton_label", step=s, ll=fmt(history[s].log_likelihood)), details
    )


def sigmoid_figure(gda, X, y, classes, ctx) -> go.Figure:
    """p(y = 1 | x) from Bayes' rule against θᵀx̂: every training sample lies on the sigmoid (CS229 §1.3)."""
    z = np.c_[np.ones(len(X)), X] @ gda.logistic_theta_
    p_gda = gda.predict_proba(X)[:, 1]
    zz = np.linspace(min(z.min(), -6), max(z.max(), 6), 300)
    traces = [line_trace(Curve(t("gen.sigmoid"), zz, expit(zz), TRUTH_COLOR), ctx.style)]
    for k, label in enumerate(classes):
        mask = y == label
        traces.append(
            points_trace(
                z[mask], p_gda[mask], plain(str(label)), ctx.style, CLASS_COLORS[k], CLASS_SYMBOLS[k], 0.8
            )
        )
    axes = Axes(
        padded_range(zz, 0.02), (-0.05, 1.05), t("gen.theta_x"), t("gen.posterior_axis", c=classes[1])
    )
    return figure(
        ctx.style, axes, t("gen.sigmoid_title"), traces, height=360, legend="bottom", legend_width=420
    )


def learning_figure(X, y, test, lam, ctx) -> go.Figure | None:
    """Test error of GDA and logistic regression against the training size (CS229 Part IV §1.3)."""
    sizes, e_gda, e_lr = learning_curves(X, y, test.X, test.y, lam)
    if len(sizes) < 2:
        return None
    top = max(e_gda.max(), e_lr.max(), 0.05)
    traces = [
        line_trace(c, ctx.style) | {"mode": "lines+markers"}
        for c in (
            Curve(t("gen.gda"), sizes, e_gda, BLACK, "dash"),
            Curve(t("gen.lr"), sizes, e_lr, ALT_COLOR),
        )
    ]
    x_range = np.log10([sizes.min() * 0.9, sizes.max() * 1.1])
    return figure(
        ctx.style,
        None,
        t("gen.learning_title"),
        traces,
        height=360,
        legend="bottom",
        legend_width=420,
        xaxis=axis_layout(
            x_range, t("gen.train_size"), type="log", tickvals=sizes, ticktext=[str(int(m)) for m in sizes]
        ),
        yaxis=axis_layout((0, top * 1.15), t("gen.test_error")),
    )


def vector_text(theta) -> str:
    return "(" + ", ".join(f"{v:.3g}" for v in np.asarray(theta, float)) + ")"


# ---- view: Bayes decision rule -------------------------------------------------------------------------


def bayes_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    classes = np.unique(y)
    names = class_names(classes)
    with controls:
        cost = log_slider(t("gen.cost"), "gen.cost", -1, 2, 1.0, help=t("gen.cost_help"))
        costly = choice(t("gen.cost_class"), names, "gen.cost_class", str, default=names[-1])
        model = choice(
            t("gen.model"),
            BAYES_MODELS,
            "gen.bayes_model",
            catalogue_labels("gen.models"),
            default="classwise",
        )
    if not class_check(y):
        return
    try:
        est = fit_gauss(X, y, model, 0.0)
    except ValueError as err:
        with main:
            st.error(
                t("gen.qda_small") if "at least 2 samples" in str(err) else t("error.fit", detail=str(err))
            )
        return
    c, k = len(classes), names.index(costly)
    loss = 1.0 - np.eye(c)
    loss[:, k] = cost
    loss[k, k] = 0.0
    axes = plane_axes(data.train)
    gx, gy, proba, _ = gauss_grid(X, y, model, 0.0, axes.x_range, axes.y_range)
    plain_rule = np.argmax(proba, axis=1)
    cost_rule = bayes_decision(proba, loss)
    traces = [region_map(gx, gy, cost_rule, c)]
    changed = (plain_rule != cost_rule).astype(np.float32)
    if changed.any():
        traces.append(
            level_line(gx, gy, changed, t("gen.changed"), ctx.style, HIGHLIGHT_COLOR, level=0.5, width=0.9)
        )
    traces += class_traces(X, y, classes, ctx.style, names=names)
    fig = figure(ctx.style, axes, t("gen.bayes_title", c=costly, cost=f"{cost:g}"), traces)
    sets = [(t("gen.on_train"), X, y)]
    if data.test is not None and data.test.y is not None:
        sets.append((t("gen.on_test"), data.test.X, data.test.y))
    rows = []
    for label, Xs, ys in sets[-1:]:
        P_s = est.predict_proba(Xs)
        idx = np.searchsorted(classes, ys)
        d0, d1 = np.argmax(P_s, axis=1), bayes_decision(P_s, loss)
        rows = [
            (t("gen.error_01", where=label), fmt(np.mean(d0 != idx), 3)),
            (t("gen.error_cost", where=label), fmt(np.mean(d1 != idx), 3)),
            (t("gen.risk_01", where=label), fmt(np.mean(loss[d0, idx]), 3)),
            (t("gen.risk_cost", where=label), fmt(np.mean(loss[d1, idx]), 3)),
        ]
    mean_point = X.mean(0)
    p_mean = est.predict_proba(mean_point[None])[0]
    risk_mean = conditional_risk(p_mean[None], loss)[0]
    with main:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="gen.bayes_chart")
        metric_rows(rows, ctx.projector)
    head = r" & ".join(tex_text(n) for n in names)
    body = r" \\ ".join(
        tex_text(names[i]) + " & " + " & ".join(number(v, 3) for v in loss[i]) for i in range(c)
    )
    formula_panel(
        [
            Formula(
                rf"\lambda = \begin{{array}}{{c|{'c' * c}}} & {head} \\ \hline {body} \end{{array}}"
                rf"\quad({tex_text(t('gen.loss_rows'), force_text=True)})",
                "seed 003 §8.2",
            ),
            Formula(
                rf"R(c_i\mid x) = \sum_j \lambda_{{ij}} P(c_j\mid x);\ "
                rf"{tex_text(t('gen.at'), force_text=True)}\ \bar x = {vector(mean_point)}:\ "
                rf"P = {vector(p_mean)},\ R = {vector(risk_mean)}",
                "seed 003 §8.2, (2)",
            ),
            Formula(
                r"h^*(x) = \arg\min_{c} R(c\mid x);\ \lambda_{ij} = 1 - \delta_{ij} \Rightarrow "
                r"R(c\mid x) = 1 - P(c\mid x),\ h^*(x) = \arg\max_c P(c\mid x)",
                "seed 003 §8.2, (3); Li Hang §4.1.2",
            ),
        ],
        ctx.projector,
    )
    code_view(bayes_decision, conditional_risk, type(est), projector=ctx.projector)


# ---- view: categorical naive Bayes ----------------------------------------------------------------------


def discretise(train, test, bins: int):
    """Coded categories as level names; continuous features cut into equal-width bins."""
    if train.categories is not None and all(c is not None for c in train.categories):
        levels = [list(c) for c in train.categories]
        codes = train.X.astype(int)
        edges = None
        test_codes = None if test is None else test.X.astype(int)
    else:
        edges = [np.linspace(train.X[:, j].min(), train.X[:, j].max(), bins + 1) for j in range(2)]
        for e in edges:
            if e[-1] <= e[0]:
                e[:] = e[0] + np.arange(bins + 1) - bins / 2
        codes = np.column_stack(
            [
                np.clip(np.searchsorted(edges[j], train.X[:, j], side="right") - 1, 0, bins - 1)
                for j in range(2)
            ]
        )
        test_codes = (
            None
            if test is None
            else np.column_stack(
                [
                    np.clip(np.searchsorted(edges[j], test.X[:, j], side="right") - 1, 0, bins - 1)
                    for j in range(2)
                ]
            )
        )
        levels = [[str(b + 1) for b in range(bins)] for _ in range(2)]
    return levels, codes, test_codes, edges


def names_of(codes, levels) -> np.ndarray:
    return np.array([[levels[j][c] for j, c in enumerate(row)] for row in codes], dtype=object)


def frac_tex(text: str) -> str:
    num, den = text.split("/")
    return rf"\dfrac{{{num}}}{{{den}}}"


def exact_tex(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator > 10**6:
        return number(float(value))
    return rf"\frac{{{value.numerator}}}{{{value.denominator}}}"


def approx(value: Fraction, digits: int) -> str:
    """ " ≈ 0.0610" with trailing zeros kept (as the book prints), or nothing for an exact integer."""
    if value.denominator == 1:
        return ""
    text = f"{float(value):#.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = rf"{mantissa}\times10^{{{int(exponent)}}}"
    return rf" \approx {text}"


def nb_view(ctx, controls, main):
    data = ctx.data
    train = data.train
    categorical = train.categories is not None and all(c is not None for c in train.categories)
    with controls:
        lam = st.select_slider(
            t("gen.lam"),
            LAM_OPTIONS,
            1.0,
            format_func=lambda v: f"{v:g}",
            help=t("gen.lam_help"),
            **bound("gen.lam"),
        )
        bins = 4 if categorical else slider(t("gen.bins"), 2, 10, 4, "gen.bins", help=t("gen.bins_help"))
        drop4 = False
        if train.name == "table_4_1" and not data.edited:
            drop4 = st.toggle(t("gen.drop4"), help=t("gen.drop4_help"), **bound("gen.drop4"))
    levels, codes, test_codes, edges = discretise(train, data.test, bins)
    y = np.asarray(train.y)
    if drop4:
        codes, y = np.delete(codes, 3, axis=0), np.delete(y, 3)
    defaults = ("2", "S") if categorical and train.name == "table_4_1" else (levels[0][0], levels[1][0])
    with controls:
        q = [
            choice(
                t("gen.query", j=j + 1, name=plain(train.feature_names[j])),
                levels[j],
                f"gen.q{j + 1}",
                str,
                default=defaults[j] if defaults[j] in levels[j] else levels[j][0],
            )
            for j in range(2)
        ]
        if not categorical:
            st.caption(t("gen.bins_caption"))
    if not class_check(y):
        return
    X_names = names_of(codes, levels)
    cats = tuple(tuple(lv) for lv in levels)
    try:
        model = fit_categorical(X_names, y, cats, lam)
    except ValueError as err:
        with main:
            st.error(t("error.fit", detail=str(err)))
        return
    classes = model.classes_
    names = class_names(classes)
    scores = model.score_fractions(q)
    total = sum(scores)
    post = model.predict_proba(np.array([q], dtype=object))[0]
    pred = int(np.argmax(model.log_joint(np.array([q], dtype=object))[0]))
    grid_fig = nb_grid_figure(model, train, codes, y, levels, edges, q, ctx, categorical)
    bar_axes = Axes((-0.6, len(classes) - 0.4), (0, 1.05), t("gen.class_axis"), t("gen.posterior_bar_axis"))
    bar_trace = dict(
        type="bar",
        x=np.arange(len(classes), dtype=float),
        y=np.asarray(post, float),
        showlegend=False,
        marker=dict(color=[CLASS_COLORS[k % len(CLASS_COLORS)] for k in range(len(classes))]),
        text=[fmt(p, 3) for p in post],
        textposition="outside",
    )
    bar = figure(
        ctx.style,
        None,
        t("gen.posterior_title"),
        [bar_trace],
        height=ctx.style.figure_height - 40,
        xaxis=axis_layout(
            bar_axes.x_range,
            bar_axes.x_title,
            tickvals=np.arange(len(classes)),
            ticktext=[plain(n) for n in names],
        ),
        yaxis=axis_layout(bar_axes.y_range, bar_axes.y_title),
    )
    train_err = error_rate(model.predict(X_names), y)
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            chart(grid_fig, key="gen.nb_grid")
        with right:
            chart(bar, key="gen.nb_posterior")
        metric_rows(
            [
                (t("gen.prediction"), names[pred]),
                (t("gen.post_pred"), fmt(float(post[pred]), 4)),
                (t("gen.train_error"), fmt(train_err, 3)),
                (t("gen.n_samples"), str(len(y))),
            ],
            ctx.projector,
        )
        if total == 0:
            st.warning(t("gen.all_zero"), icon=":material/warning:")
        elif any(s == 0 for s in scores):
            st.warning(t("gen.zero_product"), icon=":material/warning:")
        st.markdown(t("gen.tables_heading"))
        nb_tables(model, names, train.feature_names)
        st.markdown(t("gen.products_heading"))
        nb_products(model, names, q, scores, post)
    S = [len(lv) for lv in levels]
    formula_panel(
        [
            Formula(
                rf"P_\lambda(Y=c_k) = \frac{{\sum_i I(y_i=c_k)+\lambda}}{{N+K\lambda}},\ "
                rf"N = {len(y)},\ K = {len(classes)},\ "
                rf"\lambda = {number(lam)}",
                "Li Hang §4.2.3, (4.11); λ = 0: (4.8), λ = 1: Laplace",
            ),
            Formula(
                rf"P_\lambda(X^{{(j)}}=a_{{jl}}\mid Y=c_k) = "
                rf"\frac{{\sum_i I(x_i^{{(j)}}=a_{{jl}},y_i=c_k)+\lambda}}"
                rf"{{\sum_i I(y_i=c_k)+S_j\lambda}},\ S_1 = {S[0]},\ S_2 = {S[1]}",
                "Li Hang §4.2.3, (4.10)",
            ),
            Formula(
                r"y = \arg\max_{c_k} P(Y=c_k)\prod_j P(X^{(j)}=x^{(j)}\mid Y=c_k)",
                "Li Hang §4.1.1, (4.7); Algorithm 4.1",
            ),
        ],
        ctx.projector,
    )
    code_view(CategoricalNaiveBayes, projector=ctx.projector)


def nb_tables(model, names, feature_names):
    tables = model.probability_tables()
    classes = model.classes_.tolist()
    head = " & ".join(tex_text(n) for n in names)
    prior = " & ".join(frac_tex(tables["prior"][c]) for c in classes)
    tex = (
        rf"\begin{{array}}{{c|{'c' * len(classes)}}} Y = & {head} \\[2pt] \hline "
        rf"\rule{{0pt}}{{22pt}}P_\lambda(Y) & {prior} \end{{array}}"
    )
    st.latex(tex)
    for j, table in enumerate(tables["conditional"]):
        values = list(table)
        header = " & ".join(tex_text(v) for v in values)
        rows = r" \\[10pt] ".join(
            rf"Y = {tex_text(names[k])} & " + " & ".join(frac_tex(table[v][c]) for v in values)
            for k, c in enumerate(classes)
        )
        tex = (
            rf"P_\lambda(X^{{({j + 1})}}\mid Y):\quad \begin{{array}}{{c|{'c' * len(values)}}} "
            rf"X^{{({j + 1})}} = & {header} \\[2pt] \hline \rule{{0pt}}{{22pt}}{rows} \end{{array}}"
        )
        st.latex(tex)


def nb_products(model, names, q, scores, post):
    tables = model.probability_tables()
    classes = model.classes_.tolist()
    total = sum(scores)
    for k, c in enumerate(classes):
        factors = [frac_tex(tables["prior"][c])] + [
            frac_tex(tables["conditional"][j][q[j]][c]) for j in range(len(q))
        ]
        score = exact_tex(scores[k]) + approx(scores[k], 3)
        post_text = (
            (exact_tex(scores[k] / total) + approx(scores[k] / total, 4)) if total else number(float(post[k]))
        )
        tex = (
            rf"\begin{{aligned}}P(Y={tex_text(names[k])})"
            rf"\prod_j P(X^{{(j)}}=x^{{(j)}}\mid Y={tex_text(names[k])}) &= "
            + r"\cdot".join(factors)
            + rf" = {score}\\ P(Y={tex_text(names[k])}\mid x) &= {post_text}\end{{aligned}}"
        )
        st.latex(tex)


def nb_grid_figure(model, train, codes, y, levels, edges, q, ctx, categorical):
    """The two features as a grid of cells, each coloured by its naive-Bayes class; the query ringed."""
    S1, S2 = len(levels[0]), len(levels[1])
    cells = np.array([[levels[0][a], levels[1][b]] for b in range(S2) for a in range(S1)], dtype=object)
    decision = np.searchsorted(model.classes_, model.predict(cells))
    qa, qb = levels[0].index(q[0]), levels[1].index(q[1])
    if categorical:
        cx, cy = np.arange(S1, dtype=float), np.arange(S2, dtype=float)
        # spread the samples of one cell on a small spiral so every one is visible
        order = np.zeros(len(codes))
        seen: dict = {}
        for i, (a, b) in enumerate(codes):
            order[i] = seen.get((a, b), 0)
            seen[(a, b)] = order[i] + 1
        angle, radius = order * 2.4, 0.12 + 0.07 * np.sqrt(order)
        P_xy = np.column_stack([codes[:, 0] + radius * np.cos(angle), codes[:, 1] + radius * np.sin(angle)])
        axes = Axes(
            (-0.5, S1 - 0.5), (-0.5, S2 - 0.5), plain(train.feature_names[0]), plain(train.feature_names[1])
        )
        box = (qa - 0.5, qa + 0.5, qb - 0.5, qb + 0.5)
    else:
        cx, cy = (edges[0][:-1] + edges[0][1:]) / 2, (edges[1][:-1] + edges[1][1:]) / 2
        P_xy = np.asarray(train.X, float)
        if len(P_xy) != len(codes):  # sample 4 dropped (tables only)
            P_xy = np.delete(P_xy, 3, axis=0)
        axes = Axes(
            (edges[0][0], edges[0][-1]),
            (edges[1][0], edges[1][-1]),
            plain(train.feature_names[0]),
            plain(train.feature_names[1]),
        )
        box = (edges[0][qa], edges[0][qa + 1], edges[1][qb], edges[1][qb + 1])
    traces = [region_map(cx, cy, decision, len(model.classes_))]
    traces += class_traces(P_xy, y, model.classes_, ctx.style, names=class_names(model.classes_))
    traces.append(
        dict(
            type="scatter",
            mode="lines",
            x=np.array([box[0], box[1], box[1], box[0], box[0]]),
            y=np.array([box[2], box[2], box[3], box[3], box[2]]),
            name=t("gen.query_cell"),
            line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 1.2),
        )
    )
    if categorical:
        ticks_x = dict(tickvals=cx, ticktext=[plain(v) for v in levels[0]], showgrid=False)
        ticks_y = dict(tickvals=cy, ticktext=[plain(v) for v in levels[1]], showgrid=False)
    else:
        ticks_x = dict(tickvals=edges[0], ticktext=[f"{v:.2g}" for v in edges[0]])
        ticks_y = dict(tickvals=edges[1], ticktext=[f"{v:.2g}" for v in edges[1]])
    grid_x = {**AXIS_STYLE, **{k: v for k, v in ticks_x.items() if k == "showgrid"}}
    grid_y = {**AXIS_STYLE, **{k: v for k, v in ticks_y.items() if k == "showgrid"}}
    return figure(
        ctx.style,
        None,
        t("gen.nb_grid_title"),
        traces,
        xaxis={**grid_x, **ticks_x, "range": list(axes.x_range), "title": dict(text=axes.x_title)},
        yaxis={**grid_y, **ticks_y, "range": list(axes.y_range), "title": dict(text=axes.y_title)},
    )


# ---- view: Fisher    return fig


# ---- view: Fisher discriminant analysis -----------------------------------------------------------------


def fisher_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        angle = slider(t("gen.angle"), 0, 179, 90, "gen.angle", help=t("gen.angle_help"))
        st.caption(t("gen.fisher_help"))
    if not class_check(y):
        return
    try:
        model = fit_fisher(X, y)
    except ValueError as err:
        with main:
            st.error(t("error.fit", detail=str(err)))
        return
    classes = model.classes_
    u = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
    axes = plane_axes(data.train)
    axes = Axes(axes.x_range, axes.y_range, axes.x_title, axes.y_title, equal=True)
    fig, fisher_angles = projection_figure(model, X, y, u, angle, axes, ctx)
    hist = histogram_figure(model, X, y, u, angle, ctx)
    Sb, Sw = model.between_scatter_, model.within_scatter_
    J_user = float(u @ Sb @ u / max(u @ Sw @ u, 1e-300))
    ratio = ratio_figure(model, angle, J_user, fisher_angles[0], ctx)
    train_err = error_rate(model.predict(X), y)
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            editable_chart(fig, P, data, axes.x_range, axes.y_range, key="gen.fisher_chart")
        with right:
            chart(hist, key="gen.fisher_hist")
            chart(ratio, key="gen.fisher_ratio")
        metric_rows(
            [
                (t("gen.j_user"), fmt(J_user, 4)),
                (t("gen.j_fisher"), fmt(float(model.eigenvalues_[0]), 4)),
                (t("gen.fisher_angle"), f"{fisher_angles[0]:.1f}°"),
                (t("gen.train_error"), fmt(train_err, 3)),
            ],
            ctx.projector,
        )
    w = model.components_[0]
    formulas = [
        Formula(
            rf"S_W = \sum_k\sum_{{y_i=k}}(x_i-\mu_k)(x_i-\mu_k)^\top = {matrix(Sw)},\ "
            rf"S_B = \sum_k n_k(\mu_k-\mu)(\mu_k-\mu)^\top = {matrix(Sb)}",
            "seed 004 §2.6; Sugiyama §17.1.1",
        ),
        Formula(
            rf"J(w) = \frac{{w^\top S_B w}}{{w^\top S_W w}},\ "
            rf"w = (\cos {angle}^\circ, \sin {angle}^\circ)^\top:\ "
            rf"J = {number(J_user)}",
            "seed 004 §2.6 (generalised Rayleigh quotient)",
        ),
    ]
    if len(classes) == 2:
        formulas.append(
            Formula(
                rf"w^* \propto S_W^{{-1}}(\mu_1-\mu_0) \propto {column(w)},\ J(w^*) = "
                rf"{number(model.eigenvalues_[0])}",
                "seed 004 §2.6 (constructive solution)",
            )
        )
    else:
        formulas.append(
            Formula(
                rf"S_B\xi = \lambda S_W\xi:\ \lambda = {vector(model.eigenvalues_)},\ "
                rf"\xi_1 = {column(w)}",
                "seed 004 §2.6 (multi-class); Sugiyama §17.1.1",
            )
        )
    formula_panel(formulas, ctx.projector)
    code_view(FisherLDA, projector=ctx.projector)


def direction_line(w, mean, axes) -> tuple[np.ndarray, np.ndarray]:
    """The line through the mean along w (its normal is w rotated by 90°)."""
    normal = np.array([-w[1], w[0]])
    return line_points(np.r_[-normal @ mean, normal], axes.x_range, axes.y_range)


def projection_figure(model, X, y, u, angle, axes, ctx):
    """Samples, Fisher's direction(s), the chosen direction and every sample's projection on it."""
    style, mean, classes = ctx.style, model.mean_, model.classes_
    traces, fisher_angles = [], []
    for k, w in enumerate(model.components_):
        lx, ly = direction_line(w, mean, axes)
        fisher_angles.append(float(np.degrees(np.arctan2(w[1], w[0])) % 180))
        dash = "solid" if k == 0 else "dashdot"
        traces.append(line_trace(Curve(t("gen.fisher_dir", k=k + 1), lx, ly, BLACK, dash), style))
    lx, ly = direction_line(u, mean, axes)
    traces.append(line_trace(Curve(t("gen.user_dir", a=angle), lx, ly, ALT_COLOR, "dash"), style))
    feet = mean + ((X - mean) @ u)[:, None] * u
    traces += class_traces(X, y, classes, style, names=class_names(classes))
    for k, label in enumerate(classes):
        mask = y == label
        foot = points_trace(
            feet[mask, 0], feet[mask, 1], "", style, CLASS_COLORS[k % 6], "line-ns", 0.9, hollow=True
        )
        traces.append(foot | {"showlegend": False, "hoverinfo": "skip"})
    traces.append(
        points_trace(model.means_[:, 0], model.means_[:, 1], t("gen.means"), style, BLACK, "star", 1.9)
    )
    fig = figure(
        style,
        axes,
        t("gen.fisher_title"),
        traces,
        height=style.figure_height + 220,
        legend="bottom",
        legend_width=520,
    )
    return fig, fisher_angles


def histogram_figure(model, X, y, u, angle, ctx) -> go.Figure:
    """Per-class histograms of the projections on the chosen direction; axes fixed over all angles."""
    mean = model.mean_
    radius = float(np.max(np.linalg.norm(X - mean, axis=1))) * 1.05 or 1.0
    edges = np.linspace(-radius, radius, 31)
    centres = (edges[:-1] + edges[1:]) / 2
    probe = np.array([[np.cos(a), np.sin(a)] for a in np.radians(np.arange(0, 180, 5))])
    top = max(
        np.histogram((X[y == label] - mean) @ v, edges)[0].max() for v in probe for label in model.classes_
    )
    proj = (X - mean) @ u
    traces = [
        dict(
            type="bar",
            x=centres,
            y=np.histogram(proj[y == label], edges)[0].astype(float),
            width=edges[1] - edges[0],
            opacity=0.55,
            marker=dict(color=CLASS_COLORS[k % 6]),
            name=plain(str(label)),
        )
        for k, label in enumerate(model.classes_)
    ]
    axes = Axes((-radius, radius), (0, top * 1.1), t("gen.projection_axis", a=angle), t("gen.count_axis"))
    return figure(
        ctx.style,
        axes,
        t("gen.hist_title"),
        traces,
        height=330,
        legend="bottom",
        legend_width=330,
        barmode="overlay",
        bargap=0,
    )


def ratio_figure(model, angle, J_user, fisher_angle, ctx) -> go.Figure:
    """The Fisher ratio J(θ) of every direction, Fisher's optimum and the chosen θ."""
    degrees = np.arange(0, 180, 1.0)
    U = np.column_stack([np.cos(np.radians(degrees)), np.sin(np.radians(degrees))])
    Sb, Sw = model.between_scatter_, model.within_scatter_
    J = np.einsum("ij,jk,ik->i", U, Sb, U) / np.maximum(np.einsum("ij,jk,ik->i", U, Sw, U), 1e-300)
    traces = [
        line_trace(Curve("J(θ)", degrees, J, FIT_COLOR), ctx.style),
        points_trace(
            [fisher_angle], [model.eigenvalues_[0]], t("gen.fisher_opt"), ctx.style, BLACK, "star", 1.8
        ),
        points_trace([angle], [J_user], t("gen.user_point"), ctx.style, ALT_COLOR, size_scale=1.4),
    ]
    axes = Axes((0, 180), (0, float(J.max()) * 1.12 or 1.0), t("gen.angle_axis"), "J(θ)")
    return figure(
        ctx.style, axes, t("gen.ratio_title"), traces, height=330, legend="bottom", legend_width=330
    )


# ---- the screen --------------------------------------------------------------------------------------

ctx = page_frame(P, DataRequest("classification", 2, "blobs"))
preset_picker(PRESETS, "gen.preset")
view = choice(t("gen.view"), VIEWS, "gen.view", catalogue_labels("gen.views"), horizontal=True)
controls, main = st.columns([1, 3], gap="medium")
{"gauss": gauss_view, "logistic": logistic_view, "bayes": bayes_view, "nb": nb_view, "fisher": fisher_view}[
    view
](ctx, controls, main)
