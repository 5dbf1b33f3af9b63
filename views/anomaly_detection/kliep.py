"""Density-ratio anomaly detection with KLIEP (Sugiyama §12.3, Figs 12.5 and 12.7; listing errata §22).

The ratio ŵ(x) = p'(x)/p(x) of a known-normal sample to the test sample, fitted by the projected
gradient iterations of Fig 12.5 (shown step by step), κ chosen by cross-validation, and a threshold on
ŵ flagging the anomalies.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import KLIEP
from algorithms import kliep_cv
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import set_values
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import VERMILLION
from ui.views import fit_subset
from ui.views import fitted
from views.anomaly_detection._common import planted

DATA = DataRequest("clustering", 1, "kliep_demo")
# KLIEP's 1-D sets keep their own data panel (keys anom.1d.*): their sizes and samples differ from
# the 2-D sets', and each kind keeps the user's choice when the view changes.
DATA_PREFIX = "anom.1d"
CRITERIA = ["log", "listing"]
BOOK_KAPPAS = (1.0, 5.0, 10.0)  # Sugiyama Fig 12.7 listing: hhs = 2*[1 5 10].^2
FINE_KAPPAS = (0.3, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
N_CENTERS = 100  # KLIEP centres (all of them for the book's n' = 100)
FIT_LIMIT = 2000  # each iteration costs n'·b, κ is cross-validated, and frames hold every test point
NEG_INF = r"-\infty"


@st.cache_data(max_entries=32, show_spinner=False)
def fit_kliep(Xn, Xt, kappa, seed):
    return KLIEP(kappa, random_state=seed, n_centers=N_CENTERS).fit(Xn, Xt)


@st.cache_data(max_entries=32, show_spinner=False)
def cv_kliep(Xn, Xt, kappas, criterion, seed):
    return kliep_cv(Xn, Xt, sigmas=kappas, criterion=criterion, random_state=seed, n_centers=N_CENTERS)


def fit_both(Xn, Xt, kappa, kappas, criterion, seed):
    return fit_kliep(Xn, Xt, kappa, seed), cv_kliep(Xn, Xt, kappas, criterion, seed)


def reference_sample(train, seed, idx):
    """The known-normal sample x′: the data set's own, else (own data) a random half of the points;
    both from the samples ``idx`` (the view's fit subset; the sets' x′ have as many rows as X)."""
    X = np.asarray(train.X, float)[idx]
    if "X_prime" in train.extra:
        return np.asarray(train.extra["X_prime"], float)[idx], X, False
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(X))
    half = len(order) // 2
    return X[np.sort(order[:half])], X[np.sort(order[half:])], True


def static_figure(style, axes: Axes, Xn, Xt, threshold: float) -> go.Figure:
    """The rugs of the normal and the test sample under the axis, and the threshold line."""
    fig = base_figure(style, axes, " ")
    for sample, level, name, color in (
        (Xn, -0.1, t("anom.normal_rug"), BLUE),
        (Xt, -0.23, t("anom.test_rug"), VERMILLION),
    ):
        rug = np.full(len(sample), level)
        fig.add_trace(points_trace(sample[:, 0], rug, name, style, color, "line-ns", 1.4, hollow=True))
    name = t("anom.threshold_line", tau=f"{threshold:g}")
    line = Curve(name, np.array(axes.x_range), np.array([threshold, threshold]), TRUTH_COLOR, "dash", 0.6)
    fig.add_trace(line_trace(line, style))
    return fig


def render(ctx, controls, main) -> None:
    data = ctx.data
    seed = int(st.session_state.get(f"{DATA_PREFIX}.seed", 0) or 0)
    with controls:
        kappa = log_slider(t("anom.kappa"), "anom.kappa", -1, 1, 5.0, help=t("anom.kappa_help"))
        threshold = slider(
            t("anom.threshold"), 0.0, 1.5, 0.8, "anom.threshold", step=0.05, help=t("anom.threshold_help")
        )
        criterion = choice(
            t("anom.criterion"),
            CRITERIA,
            "anom.criterion",
            catalogue_labels("anom.criteria"),
            horizontal=not ctx.projector,
        )
        fine = st.toggle(t("anom.fine"), help=t("anom.fine_help"), **bound("anom.fine"))
    idx = fit_subset(len(data.train.X), FIT_LIMIT)
    Xn, Xt, split = reference_sample(data.train, seed, idx)
    if len(Xn) < 5 or len(Xt) < 1:
        st.error(t("anom.too_few_kliep", n=len(Xn)))
        return
    fits = fitted(fit_both, Xn, Xt, float(kappa), FINE_KAPPAS if fine else BOOK_KAPPAS, criterion, seed)
    if fits is None:
        return
    model, cv = fits
    w = model.score_samples(Xt)
    history = model.history_
    lo, hi = padded_range(np.concatenate([Xn[:, 0], Xt[:, 0]]), 0.06)
    grid = np.linspace(lo, hi, 300)
    curves, test_w = model.history_scores(grid[:, None]), model.history_scores(Xt)
    top = max(1.6, float(curves[-1].max()) * 1.15, float(w.max()) * 1.15)  # early steps may leave it
    axes = Axes((lo, hi), (-0.32, top), plain(data.train.feature_names[0]), t("anom.w_axis"))
    static = static_figure(ctx.style, axes, Xn, Xt, threshold)
    marked = planted(data.train, idx) if not split else np.zeros(0, dtype=int)

    def frame(s):
        ws = test_w[s]
        low = ws < threshold
        return [
            line_trace(Curve(t("anom.w_curve"), grid, curves[s], FIT_COLOR), ctx.style),
            points_trace(Xt[:, 0], ws, t("anom.w_points"), ctx.style, VERMILLION, "x", 0.9),
            points_trace(
                Xt[low, 0], ws[low], t("anom.flagged_points"), ctx.style, HIGHLIGHT_COLOR, "circle-open", 2.0
            ),
        ]

    def label(s):
        return t("anom.kliep_label", step=history[s].step, obj=fmt(history[s].objective))

    def details(s):
        step = history[s]
        return t(
            "anom.kliep_details",
            step=step.step,
            obj=fmt(step.objective),
            change=fmt(step.change) if np.isfinite(step.change) else "—",
            nonzero=int(np.sum(step.alpha > 0)),
            b=len(step.alpha),
        )

    best = cv.best_sigma
    planted_w = float(w[marked[0]]) if len(marked) else None
    with main:
        if split:
            st.info(t("anom.split_note"))
        stepper("anom.kliep", len(history), StepView(static, frame, label, details))
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(cv_figure(cv, kappa, ctx), key="anom.cv_chart")
            st.button(
                t("anom.use_best", kappa=f"{best:g}"),
                on_click=set_values,
                args=({"anom.kappa": best},),
                icon=":material/star:",
                disabled=best == kappa,
            )
        with right:
            chart(objective_figure(history, ctx), key="anom.objective_chart")
            st.caption(
                t("anom.kliep_converged" if model.converged_ else "anom.kliep_max_iter", n=model.n_iter_)
            )
        metrics_row(
            [
                (
                    t("anom.w_planted") if planted_w is not None else t("anom.w_min"),
                    fmt(planted_w if planted_w is not None else float(w.min()), 3),
                ),
                (t("anom.w_median"), fmt(float(np.median(w)), 4)),
                (t("anom.flagged_w", tau=f"{threshold:g}"), f"{int((w < threshold).sum())} / {len(w)}"),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("anom.cv_best"), f"{best:g}"),
            ]
        )
    formula_panel(kliep_formulas(model, cv, kappa, criterion), ctx.projector)
    code_view(KLIEP, kliep_cv, projector=ctx.projector)


def kliep_formulas(model, cv, kappa: float, criterion: str) -> list[Formula]:
    scores = r",\ ".join(
        f"{k:g}: {number(v) if np.isfinite(v) else NEG_INF}"
        for k, v in zip(cv.sigmas, cv.scores, strict=True)
    )
    crit = (
        r"\frac{1}{|\mathcal T_i|}\sum_{x' \in \mathcal T_i}\log\hat w(x')"
        if criterion == "log"
        else r"\frac{1}{|\mathcal T_i|}\sum_{x' \in \mathcal T_i}\hat w(x')"
    )
    return [
        Formula(
            rf"w_\alpha(x) = \sum_{{j=1}}^{{{len(model.centers_)}}} \alpha_j "
            rf"\exp\!\Big(-\frac{{\|x - x'_j\|^2}}"
            rf"{{2\kappa^2}}\Big),\ \kappa = {number(kappa)}",
            "Sugiyama §12.3, (12.1)",
        ),
        Formula(
            rf"\max_\alpha \frac1{{n'}}\sum_{{i'}} \log w_\alpha(x'_{{i'}}) = "
            rf"{number(model.history_[-1].objective)}\ "
            rf"{tex('anom.tex.st')}\ \frac1n\sum_i w_\alpha(x_i) = 1,\ \alpha \ge 0",
            "Sugiyama §12.3",
        ),
        Formula(
            r"\alpha' = \alpha + \varepsilon A^\top(\mathbf 1 ./ A\alpha);\ "
            r"\alpha \leftarrow \arg\min_{\beta \ge 0,\ b^\top\beta = 1}\|\beta - \alpha'\| "
            r"= \max(0, \alpha' - \tau b)"
            rf";\ {tex('anom.tex.kept')},\ " + tex("anom.tex.iterations", n=model.n_iter_),
            "Sugiyama Fig 12.5, steps (b)–(d) as the exact projection, ε adapted so the objective never "
            "falls (listing errata fixed: Aᵀ(1/(Aα)), loop counter — §22)",
        ),
        Formula(
            rf"\text{{CV}}(\kappa) = \frac15\sum_{{i=1}}^{{5}} {crit}:\ {scores}\ "
            rf"\Rightarrow\ \hat\kappa = {cv.best_sigma:g}",
            "Sugiyama Fig 12.7 listing"
            + (
                " (KL criterion, as the text says; the listing scores mean ŵ — §22)"
                if criterion == "log"
                else " (the listing's mean ŵ)"
            ),
        ),
    ]


def cv_figure(cv, kappa, ctx) -> go.Figure:
    """The CV score of every κ as bars (−∞ at the floor), the best and the current κ coloured."""
    finite = np.isfinite(cv.scores)
    values = np.where(finite, cv.scores, np.nan)
    lo = float(np.nanmin(values)) if finite.any() else -1.0
    hi = float(np.nanmax(values)) if finite.any() else 0.0
    pad = (hi - lo) * 0.15 or 0.1
    floor = lo - pad
    shown = np.where(finite, cv.scores, floor)
    labels = np.array([f"{s:g}" for s in cv.sigmas])
    fig = base_figure(
        ctx.style,
        Axes((-0.5, len(labels) - 0.5), (floor, hi + pad), "κ", t("anom.cv_axis")),
        t("anom.cv_title"),
        height=300,
    )
    colors = [
        HIGHLIGHT_COLOR if s == cv.best_sigma else (FIT_COLOR if s == kappa else BLUE) for s in cv.sigmas
    ]
    fig.add_trace(
        go.Bar(
            x=np.arange(len(labels)),
            y=shown - floor,
            base=np.full(len(labels), floor),
            marker_color=colors,
            showlegend=False,
            text=[f"{v:.3g}" if np.isfinite(v) else "−∞" for v in cv.scores],
            textposition="outside",
            cliponaxis=False,  # the best score's label above its bar, into the top margin if need be
        )
    )
    fig.update_xaxes(tickvals=np.arange(len(labels)), ticktext=labels)
    return fig


def objective_figure(history, ctx) -> go.Figure:
    """The objective (1/n')Σ log ŵ(x') over the iterations (from the first normalised step)."""
    steps = np.array([h.step for h in history], float)
    obj = np.array([h.objective for h in history])
    keep = np.isfinite(obj) & ((steps > 0) | (len(steps) == 1))  # step 0 is before the first normalisation
    steps, obj = steps[keep], obj[keep]
    if not len(obj):
        steps, obj = np.array([0.0]), np.array([0.0])
    pad = (obj.max() - obj.min()) * 0.08 or 0.1
    return curves_figure(
        [Curve(t("anom.objective"), steps, obj, FIT_COLOR)],
        Axes(
            (0, max(steps[-1], 1)),
            (obj.min() - pad, obj.max() + pad),
            t("anom.iteration"),
            t("anom.objective_axis"),
        ),
        ctx.style,
        title=t("anom.objective_title"),
        height=300,
    )
