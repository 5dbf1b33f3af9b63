"""Gaussian mixtures & EM (CS229 Ch. 7b and Part IX; seed 003 §3.3).

Three views: EM step by step with the E- and M-steps as separate steps (responsibilities as colour
blends, ellipses, mixing weights, the log-likelihood and its lower bound), k-means as hard EM beside
soft EM from the same start, and the four covariance types fitted to the same data.
"""

from functools import partial

import numpy as np
import plotly.graph_objects as go
import streamlit as st
from plotly.subplots import make_subplots

from algorithms import GaussianMixture
from algorithms import HardEM
from algorithms import kmeans_plusplus
from algorithms.clustering import adjusted_rand_index
from algorithms.mixture import covariance_ellipse
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import preset_picker
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import add_edit_grid
from ui.data_panel import edit_enabled
from ui.data_panel import edit_points
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import current_language
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR

P = "gmm"
VIEWS = ["em", "hard", "types"]
COVS = ["full", "diag", "spherical", "tied"]
INITS = ["random", "kmeans"]
MAX_K = 8
ITERS = [5, 10, 20, 50, 100, 200]
TOL = 1e-4  # stop when ℓ/n grows by less than this
SIDE_HEIGHT = 300
SYMBOL_CODES = {"circle": 0, "x": 4, "triangle-up": 5, "square": 1, "diamond": 2, "star": 17}
RGB = np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in CLASS_COLORS], float)
HEX = np.array([f"{i:02x}" for i in range(256)])

PRESETS = {
    "gmm_cs229": {
        "gmm.view": "em",
        "gmm.data": "gmm_blobs",
        "gmm.n": 300,
        "gmm.seed": 0,
        "gmm.k": 3,
        "gmm.cov": "full",
        "gmm.init": "random",
        "gmm.init_seed": 0,
        "gmm.iters": 100,
    },
    "gmm_zhou": {
        "gmm.view": "em",
        "gmm.data": "kmeans3",
        "gmm.n": 300,
        "gmm.noise": 1.0,
        "gmm.seed": 0,
        "gmm.k": 3,
        "gmm.cov": "full",
        "gmm.init": "random",
        "gmm.init_seed": 0,
        "gmm.iters": 100,
    },
    "gmm_hard": {
        "gmm.view": "hard",
        "gmm.data": "gmm_blobs",
        "gmm.n": 300,
        "gmm.seed": 0,
        "gmm.k": 3,
        "gmm.cov": "full",
        "gmm.init_seed": 0,
    },
    "gmm_restricted": {
        "gmm.view": "types",
        "gmm.data": "gmm_blobs",
        "gmm.n": 300,
        "gmm.seed": 0,
        "gmm.k": 3,
        "gmm.init": "random",
        "gmm.init_seed": 0,
    },
    "gmm_collapse": {
        "gmm.view": "em",
        "gmm.data": "kmeans3",
        "gmm.n": 12,
        "gmm.noise": 1.0,
        "gmm.seed": 0,
        "gmm.k": 3,
        "gmm.cov": "full",
        "gmm.init": "random",
        "gmm.init_seed": 0,
        "gmm.iters": 100,
    },
}


def figure(ctx, axes: Axes, title: str = "", height: int | None = None, legend_rows: int = 1) -> go.Figure:
    return base_figure(ctx.style, axes, title, height, legend_rows)


def chart_clicked(data, grid_curve: int, mode: str, points: list[dict]) -> None:
    """Edit mode: add/remove points (shared handler). Otherwise a click on a point selects it."""
    if mode == "edit":
        edit_points(P, data.train, grid_curve, points)
        return
    picked = [p.get("customdata") for p in points if p.get("customdata") is not None]
    if picked:
        st.session_state["gmm.point"] = int(np.atleast_1d(picked[0])[0])


def clickable_stepper(
    key: str, n_steps: int, view: StepView, data=None, mode: str | None = None, shortcuts: bool = True
) -> None:
    """ui.stepper.stepper whose chart takes clicks: edit points, or select the point of the formulas."""
    on_click = None if mode is None else partial(chart_clicked, data, len(view.static.data) - 1, mode)
    caption = None if mode is None else t("data.edit_caption") if mode == "edit" else t("gmm.click_caption")
    stepper(key, n_steps, view, shortcuts=shortcuts, on_click=on_click, click_caption=caption)


def data_axes(train) -> Axes:
    """Fixed ranges from the data, equal scales unless the units differ a lot."""
    return scatter_axes(train.X, train.feature_names, 0.12)


def true_labels(data):
    y = data.train.y
    if y is None or data.edited:
        return None
    groups, codes = np.unique(np.asarray(y).astype(str), return_inverse=True)
    return codes if 2 <= len(groups) <= 10 and len(groups) <= len(y) // 2 else None


def blend(resp: np.ndarray) -> np.ndarray:
    """Each point's colour: the components' colours mixed in proportion to its responsibilities."""
    rgb = np.clip(np.rint(resp @ RGB[np.arange(resp.shape[1]) % len(RGB)]), 0, 255).astype(int)
    return np.char.add(np.char.add(np.char.add("#", HEX[rgb[:, 0]]), HEX[rgb[:, 1]]), HEX[rgb[:, 2]])


def symbol_codes(labels: np.ndarray) -> np.ndarray:
    table = np.array([SYMBOL_CODES[CLASS_SYMBOLS[(k + k // 6) % 6]] for k in range(MAX_K)], dtype=np.int8)
    return table[labels]


def ellipses(means, covs, n_points: int = 48) -> list[tuple[np.ndarray, np.ndarray]]:
    """The 1σ and 2σ ellipse of every component as (points, 2) arrays: [(1σ, 2σ), …]."""
    return [
        tuple(covariance_ellipse(mean, cov, s, n_points) for s in (1.0, 2.0))
        for mean, cov in zip(means, covs, strict=True)
    ]


def mixture_traces(X, step, style, selected: int | None, names=True) -> list[dict]:
    """Points coloured by γ (blends), an ellipse pair per component, the means with π_k, the selected
    point."""
    resp = step.responsibilities
    traces = [
        dict(
            type="scatter",
            mode="markers",
            x=X[:, 0],
            y=X[:, 1],
            name=t("gmm.points"),
            customdata=np.arange(len(X)),
            marker=dict(
                color=blend(resp),
                symbol=symbol_codes(resp.argmax(1)),
                size=style.marker_size,
                line=dict(width=0.5, color="white"),
            ),
        )
    ]
    for j, (one, two) in enumerate(ellipses(step.means, step.covariances)):
        color = CLASS_COLORS[j % 6]
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=two[:, 0],
                y=two[:, 1],
                hoverinfo="skip",
                name=t("gmm.component", k=j + 1) if names else "",
                showlegend=names,
                legendgroup=str(j),
                line=dict(color=color, width=style.line_width * 0.8),
            )
        )
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=one[:, 0],
                y=one[:, 1],
                hoverinfo="skip",
                name="",
                showlegend=False,
                legendgroup=str(j),
                line=dict(color=color, width=style.line_width * 0.6, dash="dot"),
            )
        )
    traces.append(
        dict(
            type="scatter",
            mode="markers+text",
            x=step.means[:, 0],
            y=step.means[:, 1],
            name=t("gmm.means"),
            showlegend=names,
            text=np.array([f"π{j + 1} = {w:.2f}" for j, w in enumerate(step.weights)]),
            textposition="top center",
            textfont=dict(size=style.font_size, color=BLACK),
            marker=dict(
                symbol="x-thin", size=style.marker_size * 2, color=BLACK, line=dict(width=3, color=BLACK)
            ),
        )
    )
    if selected is not None:
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=X[[selected], 0],
                y=X[[selected], 1],
                name=t("gmm.selected"),
                showlegend=names,
                marker=dict(
                    symbol="circle-open",
                    size=style.marker_size * 2.6,
                    color=HIGHLIGHT_COLOR,
                    line=dict(width=max(2, style.line_width * 0.8)),
                ),
            )
        )
    return traces


def data_static(ctx, axes: Axes, clickable: bool, height: int | None = None, legend_rows: int | None = None):
    """The fixed part of a stepping data chart (the legend wraps to more rows in projector mode)."""
    rows = (3 if ctx.projector else 2) if legend_rows is None else legend_rows
    fig = figure(ctx, axes, " ", height or ctx.style.figure_height + 100, legend_rows=rows)
    if clickable:
        add_edit_grid(fig, axes.x_range, axes.y_range)
    return fig


def click_mode(data) -> str:
    """Clicks edit the data when the sidebar's edit switch is on (and the set has labels), else they
    select a point."""
    if edit_enabled(P):
        if data.train.y is not None:
            return "edit"
        st.caption(t("gmm.no_edit"))
    return "select"


def too_few(n: int, k: int) -> bool:
    if k > n:
        st.error(t("gmm.too_few", k=k, n=n))
        return True
    return False


def matrix_latex(m) -> str:
    rows = [" & ".join(number(v, 3) for v in row) for row in np.asarray(m)]
    return r"\begin{pmatrix}" + r" \\ ".join(rows) + r"\end{pmatrix}"


def pair(v) -> str:
    return "(" + r",\ ".join(number(float(x), 3) for x in v) + ")"


# ---- EM step by step ------------------------------------------------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def fit_em(X, k, cov, init, seed, iters):
    return GaussianMixture(k, cov, iters, TOL, seed, init).fit(X)


def em_view(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    n = len(X)
    with controls:
        k = slider(t("gmm.k"), 1, MAX_K, 3, "gmm.k")
        cov = choice(t("gmm.cov"), COVS, "gmm.cov", catalogue_labels("gmm.covs"))
        init = choice(t("gmm.init"), INITS, "gmm.init", catalogue_labels("gmm.inits"))
        seed = slider(t("gmm.init_seed"), 0, 50, 0, "gmm.init_seed")
        iters = st.select_slider(t("gmm.iters"), ITERS, 100, **bound("gmm.iters"))
        point = slider(t("gmm.point"), 0, n - 1, 0, "gmm.point", help=t("gmm.point_help"))
    axes = data_axes(data.train)
    with main:
        if too_few(n, k):
            return
        try:
            model = fit_em(X, k, cov, init, seed, iters)
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
        if model.collapsed_components_:
            st.warning(
                t("gmm.collapsed", comps=", ".join(str(j + 1) for j in model.collapsed_components_)),
                icon=":material/warning:",
            )
        mode = click_mode(data)
        history = model.history_
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            view = StepView(
                data_static(ctx, axes, mode == "edit"),
                lambda s: mixture_traces(X, history[s], ctx.style, point),
                partial(em_label, history),
                partial(em_details, history, X, point),
            )
            clickable_stepper("gmm.em", len(history), view, data, mode)
        with right:
            likelihood_chart(ctx, [(t("gmm.soft"), history)], key="gmm.em_ll", bound_curve=True)
            weights_chart(ctx, history)
        ll = np.array([s.log_likelihood for s in history if s.kind == "E"])  # ℓ once per iteration
        rise = float(np.diff(ll).min()) if len(ll) > 1 else 0.0
        rise = max(rise, 0.0) if rise > -1e-9 * max(1.0, abs(ll[-1])) else rise  # round-off of the floor
        metrics_row(
            [
                (t("gmm.loglik"), fmt(model.log_likelihood_)),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("gmm.min_rise"), f"{rise:.2g}"),
                (t("gmm.bic"), fmt(model.bic(X))),
                (
                    t("gmm.ari"),
                    "—"
                    if (truth := true_labels(data)) is None
                    else f"{adjusted_rand_index(truth, model.predict(X)):.3f}",
                ),
            ]
        )
    formula_panel(em_formulas(model, X, point), ctx.projector)
    code_view(GaussianMixture, projector=ctx.projector)


def em_label(history, s) -> str:
    step = history[s]
    if step.kind == "E":
        return t("gmm.label_e", it=step.iteration, ll=fmt(step.log_likelihood))
    return t("gmm.label_m", it=step.iteration, ll=fmt(step.log_likelihood), J=fmt(step.lower_bound))


def em_details(history, X, point, s) -> str:
    step = history[s]
    gamma = ", ".join(f"{g:.3f}" for g in step.responsibilities[point])
    weights = ", ".join(f"{w:.3f}" for w in step.weights)
    if s == 0:
        return t("gmm.details_start", ll=fmt(step.log_likelihood), i=point + 1, gamma=gamma, pi=weights)
    if step.kind == "E":
        return t("gmm.details_e", it=step.iteration, ll=fmt(step.log_likelihood), i=point + 1, gamma=gamma)
    before = history[s - 1].log_likelihood
    return t(
        "gmm.details_m",
        it=step.iteration,
        pi=weights,
        before=fmt(before),
        ll=fmt(step.log_likelihood),
        J=fmt(step.lower_bound),
    )


def likelihood_chart(ctx, runs, key, bound_curve=False):
    """ℓ(θ) after every half-step (and the lower bound J(Q, θ) of CS229 Part IX)."""
    lines, values = [], []
    for j, (name, history) in enumerate(runs):
        steps = np.arange(len(history), dtype=float) / 2
        ll = np.array([s.log_likelihood for s in history])
        lines.append(Curve(t("gmm.ll_of", name=name), steps, ll, CLASS_COLORS[j]))
        values.append(ll)
        if bound_curve:
            lb = np.array([s.lower_bound for s in history])
            lines.append(Curve(t("gmm.bound"), steps, lb, TRUTH_COLOR, "dot", 0.8))
            values.append(lb)
    v = np.concatenate(values)
    finite = v[np.isfinite(v)]
    lo, hi = (float(finite.min()), float(finite.max())) if len(finite) else (0.0, 1.0)
    q = float(np.quantile(finite, 0.2)) if len(finite) else lo
    lo = max(lo, q - 3 * (hi - q))  # a far-off start must not flatten the rest of the curve
    top = max(len(h) for _, h in runs) / 2
    axes = Axes(
        (0, max(top, 0.5)), padded_range(np.array([lo, hi]), 0.1), t("gmm.iteration"), t("gmm.loglik")
    )
    fig = figure(ctx, axes, t("gmm.ll_title"), SIDE_HEIGHT, legend_rows=2)
    for curve in lines:
        trace = line_trace(curve, ctx.style)
        trace["line"]["shape"] = "hv"
        fig.add_trace(trace)
    chart(fig, key=key)


def weights_chart(ctx, history):
    ms = [s for s in history if s.kind == "M"] or list(history[:1])
    it = np.array([s.iteration for s in ms], float)
    W = np.array([s.weights for s in ms])
    axes = Axes(
        (it.min() - 0.5, it.max() + 0.5), (0, min(1.0, W.max() * 1.15 + 0.02)), t("gmm.iteration"), "π_k"
    )
    fig = figure(ctx, axes, t("gmm.weights_title"), SIDE_HEIGHT)
    for j in range(W.shape[1]):
        trace = line_trace(Curve(t("gmm.component", k=j + 1), it, W[:, j], CLASS_COLORS[j % 6]), ctx.style)
        trace["mode"] = "lines+markers" if len(it) < 30 else "lines"
        fig.add_trace(trace)
    fig.update_layout(showlegend=False)
    chart(fig, key="gmm.weights")


def em_formulas(model, X, point):
    b = model.point_breakdown(X[point])
    k = len(b.weights)
    shown = range(min(k, 4))
    terms = r",\ ".join(
        rf"\gamma_{{{point + 1},{j + 1}}} = \frac{{{number(b.weights[j], 3)} \cdot "
        rf"e^{{{number(b.log_densities[j], 3)}}}}}"
        rf"{{e^{{{number(b.log_evidence, 3)}}}}} = {number(b.responsibilities[j], 3)}"
        for j in shown
    )
    full = model.history_[-1].covariances
    nk = model.responsibilities_.sum(0)
    formulas = [
        Formula(
            r"\gamma_{ik} = \frac{\pi_k\,\mathcal N(x_i \mid \mu_k, \Sigma_k)}"
            r"{\sum_{l} \pi_l\,\mathcal N(x_i \mid \mu_l, \Sigma_l)},\quad "
            rf"x_{{{point + 1}}} = {pair(b.x)}",
            "CS229 Ch. 7b (E-step, w_j^(i)); seed 003 §3.3 (Zhou §9.4.3)",
        ),
        Formula(
            terms + (r",\ \dots" if k > 4 else ""),
            "CS229 Ch. 7b (densities written as exp of their logarithms, which do not underflow)",
        ),
        Formula(
            rf"\pi_k = \frac{{N_k}}{{n}},\ N_k = \sum_i \gamma_{{ik}}:\ \pi = {pair(model.weights_[:6])},\ "
            rf"N = {pair(nk[:6])}",
            "CS229 Ch. 8 §3 (φ_j, with the Lagrangian's +β, erratum #11)",
        ),
        Formula(
            r"\mu_k = \frac{1}{N_k}\sum_i \gamma_{ik} x_i:\ "
            + r",\ ".join(rf"\mu_{{{j + 1}}} = {pair(m)}" for j, m in enumerate(model.means_[:4])),
            "CS229 Ch. 7b (M-step)",
        ),
        Formula(
            r"\Sigma_k = \frac{1}{N_k}\sum_i \gamma_{ik}(x_i - \mu_k)(x_i - \mu_k)^\top:\ "
            + r",\ ".join(rf"\Sigma_{{{j + 1}}} = {matrix_latex(c)}" for j, c in enumerate(full[:3])),
            f"CS229 Ch. 7b; covariance type '{model.covariance_type}' (CS229 Part X §1)",
        ),
        Formula(
            rf"\ell(\theta) = \sum_i \log \sum_k \pi_k \mathcal N(x_i \mid \mu_k, \Sigma_k) = "
            rf"{number(model.log_likelihood_)} \ \ge\ J(Q, \theta) = \sum_i\sum_k Q_i(k) \log"
            r"\frac{\pi_k \mathcal N(x_i \mid \mu_k, \Sigma_k)}{Q_i(k)}",
            "CS229 Part IX §2 (Jensen's lower bound; EM never decreases ℓ)",
        ),
    ]
    return formulas


# ---- k-means as hard EM ------------------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_soft_and_hard(X, k, cov, seed):
    start = kmeans_plusplus(X, k, seed)
    soft = GaussianMixture(k, cov, 200, TOL, seed, means_init=start).fit(X)
    hard = HardEM(k, means_init=start).fit(X)
    return start, soft, hard


def hard_view(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    with controls:
        k = slider(t("gmm.k"), 1, MAX_K, 3, "gmm.k")
        cov = choice(t("gmm.cov"), COVS, "gmm.cov", catalogue_labels("gmm.covs"))
        seed = slider(t("gmm.init_seed"), 0, 50, 0, "gmm.init_seed")
        st.caption(t("gmm.hard_help"))
    axes = data_axes(data.train)
    with main:
        if too_few(len(X), k):
            return
        try:
            start, soft, hard = fit_soft_and_hard(X, k, cov, seed)
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
        height = ctx.style.figure_height + 60
        left, right = columns_or_stacked(ctx.projector, 2, gap="medium")
        with left:
            st.markdown(t("gmm.soft_heading"))
            view = StepView(
                data_static(ctx, axes, False, height, legend_rows=0),
                lambda s: mixture_traces(X, soft.history_[s], ctx.style, None, names=False),
                partial(em_label, soft.history_),
            )
            clickable_stepper("gmm.soft", len(soft.history_), view)
        with right:
            st.markdown(t("gmm.hard_heading"))
            view = StepView(
                data_static(ctx, axes, False, height, legend_rows=0),
                lambda s: mixture_traces(X, hard.history_[s], ctx.style, None, names=False),
                partial(hard_label, hard.history_),
            )
            clickable_stepper("gmm.hard", len(hard.history_), view, shortcuts=False)
        likelihood_chart(
            ctx, [(t("gmm.soft"), soft.history_), (t("gmm.hard"), hard.history_)], key="gmm.hard_ll"
        )
        hard_ll = np.array([s.log_likelihood for s in hard.history_])
        bound = np.array([s.lower_bound for s in hard.history_])
        metrics_row(
            [
                (t("gmm.ll_soft"), fmt(soft.log_likelihood_)),
                (t("gmm.ll_hard"), fmt(hard_ll[-1])),
                (t("gmm.hard_ll_falls"), str(int(np.sum(np.diff(hard_ll) < -1e-9)))),
                (t("gmm.hard_bound_falls"), str(int(np.sum(np.diff(bound) < -1e-9)))),
                (t("gmm.agreement"), f"{adjusted_rand_index(soft.predict(X), hard.labels_):.3f}"),
            ]
        )
    formula_panel(
        [
            Formula(
                r"Q_i(k) = \gamma_{ik} \in [0, 1] \ \ \longleftrightarrow\ \ Q_i(k) = \mathbb 1\{k = c_i\},\ "
                r"c_i = \arg\min_k \|x_i - \mu_k\|^2",
                "CS229 Ch. 7b (soft vs hard assignments)",
            ),
            Formula(
                rf"\pi_k = \tfrac1{k},\ \Sigma_k = \sigma^2 I,\ "
                rf"\sigma^2 = \frac{{J}}{{n d}} = {number(hard.variance_)}"
                r"\ \Rightarrow\ \operatorname{EM}_{\mathrm{hard}} \equiv \operatorname{kmeans}",
                "CS229 Ch. 7a–7b (k-means as hard EM)",
            ),
            Formula(
                r"\mu^{(0)} = " + r",\ ".join(pair(c) for c in start[:6]),
                "k-means++ start shared by both (Arthur & Vassilvitskii 2007)",
            ),
        ],
        ctx.projector,
    )
    code_view(HardEM, projector=ctx.projector)


def hard_label(history, s) -> str:
    step = history[s]
    kind = "e" if step.kind == "E" else "m"
    return t(
        f"gmm.hard_label_{kind}", it=step.iteration, ll=fmt(step.log_likelihood), J=fmt(step.lower_bound)
    )


# ---- covariance types ----------------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_types(X, k, init, seed):
    return [GaussianMixture(k, cov, 200, TOL, seed, init).fit(X) for cov in COVS]


@st.cache_resource(max_entries=16, show_spinner=False)
def types_figure(X, k, init, seed, axes, style, lang) -> go.Figure:
    """The four covariance types from the same start; cached as a finished figure (never changed)."""
    models = fit_types(X, k, init, seed)
    titles = [
        t(
            "gmm.type_title",
            type=t(f"gmm.covs.{cov}"),
            ll=fmt(m.log_likelihood_, 4),
            p=m.n_parameters(),
            bic=fmt(m.bic(X), 4),
        )
        for cov, m in zip(COVS, models, strict=True)
    ]
    fig = make_subplots(rows=2, cols=2, subplot_titles=titles, horizontal_spacing=0.04, vertical_spacing=0.1)
    for i, model in enumerate(models):
        step = model.history_[-1]
        for trace in mixture_traces(X, step, style, None, names=False):
            trace["marker"] = (
                {**trace.get("marker", {}), "size": style.marker_size * 0.7}
                if trace["mode"] == "markers"
                else trace.get("marker", {})
            )
            if trace["mode"] == "markers+text":
                trace["mode"] = "markers"
            fig.add_trace(trace, row=i // 2 + 1, col=i % 2 + 1)
    box = dict(
        showticklabels=False, showgrid=False, zeroline=False, showline=True, linecolor="#bbb", mirror=True
    )
    fig.update_xaxes(range=list(axes.x_range), **box)
    fig.update_yaxes(range=list(axes.y_range), **box)
    fig.update_annotations(font=dict(size=style.font_size - 2))
    fig.update_layout(
        height=int(style.figure_height * 1.6),
        margin=dict(l=10, r=10, t=40, b=10),
        showlegend=False,
        font=dict(size=style.font_size),
        plot_bgcolor="white",
    )
    return fig


def types_view(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    with controls:
        k = slider(t("gmm.k"), 1, MAX_K, 3, "gmm.k")
        init = choice(t("gmm.init"), INITS, "gmm.init", catalogue_labels("gmm.inits"))
        seed = slider(t("gmm.init_seed"), 0, 50, 0, "gmm.init_seed")
    axes = data_axes(data.train)
    with main:
        if too_few(len(X), k):
            return
        try:
            models = fit_types(X, k, init, seed)
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
        chart(types_figure(X, k, init, seed, axes, ctx.style, current_language()), key="gmm.types")
        st.caption(t("gmm.types_caption"))
        bics = [m.bic(X) for m in models]
        metrics_row(
            [(t("gmm.bic_of", type=t(f"gmm.covs.{cov}")), fmt(b)) for cov, b in zip(COVS, bics, strict=True)]
            + [(t("gmm.best_bic"), t(f"gmm.covs.{COVS[int(np.argmin(bics))]}"))]
        )
        collapsed = [
            t(f"gmm.covs.{cov}") for cov, m in zip(COVS, models, strict=True) if m.collapsed_components_
        ]
        if collapsed:
            st.warning(t("gmm.collapsed_types", types=", ".join(collapsed)), icon=":material/warning:")
    d = X.shape[1]
    formula_panel(
        [
            Formula(
                rf"p_{{\text{{full}}}} = (k-1) + kd + k\tfrac{{d(d+1)}}{{2}} = {models[0].n_parameters()},\ "
                rf"p_{{\text{{diag}}}} = {models[1].n_parameters()},\ p_{{\text{{spherical}}}} = "
                rf"{models[2].n_parameters()},\ p_{{\text{{tied}}}} = {models[3].n_parameters()}\ "
                rf"(k = {k},\ d = {d})",
                "CS229 Part X §1 (restrictions of Σ); free parameters of each type",
            ),
            Formula(
                r"\Sigma_{jj} = \frac{\sum_i \gamma_{ik}(x_j^{(i)} - \mu_{kj})^2}{N_k}\ (\text{diag}),\ "
                r"\sigma_k^2 = \frac1d \sum_j \Sigma_{jj}\ (\text{spherical}),\ "
                r"\Sigma = \sum_k \frac{N_k}{n}\Sigma_k\ "
                r"(\text{tied})",
                "CS229 Part X §1 (diagonal, isotropic Σ) with EM weights",
            ),
            Formula(
                r"\mathrm{BIC} = -2\ell(\hat\theta) + p \log n:\ "
                + r",\ ".join(
                    rf"\mathrm{{{cov}}}\ {number(m.bic(X))}" for cov, m in zip(COVS, models, strict=True)
                ),
                "Schwarz (1978); not in the seeds — lower is better",
            ),
        ],
        ctx.projector,
    )
    code_view(GaussianMixture, projector=ctx.projector)


# ---- the screen ----------------------------------------------------------------------------------------

ctx = page_frame(P, DataRequest("clustering", 2, "gmm_blobs"))
preset_picker(PRESETS, "gmm.preset")
view = choice(t("gmm.view"), VIEWS, "gmm.view", catalogue_labels("gmm.views"), horizontal=True)
if ctx.data.train.X.shape[1] != 2:
    st.error(t("gmm.needs_2d"))
    st.stop()
controls, main = st.columns([1, 3], gap="medium")
{"em": em_view, "hard": hard_view, "types": types_view}[view](ctx, controls, main)
