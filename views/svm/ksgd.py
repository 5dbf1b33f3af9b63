"""Stochastic gradient descent for kernel machines and its τ gallery (CS229 supplementary notes §4–6).

Algorithm 1 (seed 001, Supplementary §4) minimises J_λ(α) = (1/m) Σᵢ L(K⁽ⁱ⁾ᵀα, yᵢ) + (λ/2) αᵀKα over the
kernel coefficients α with the Gaussian kernel exp(−‖x − z‖²/(2τ²)): the same data fitted for six
bandwidths τ as small multiples (§6: a small τ is highly non-linear, a large τ almost linear), then
for the chosen τ the objective against t and the first updates of α. The seed's example writes the
loss as a sum with λ = 1/m; with the mean used here that is λ = 1/m² (the toggle).
"""

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import KERNEL_LOSSES
from algorithms import KernelSGD
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import class_traces
from ui.figures import curves_figure
from ui.figures import decision_surface
from ui.figures import grid_points
from ui.figures import safe_range
from ui.i18n import current_language
from ui.i18n import t
from ui.panels import gallery_layout
from ui.panels import panels_figure
from ui.views import fitted
from views.svm._common import error_rate
from views.svm._common import plane_axes
from views.svm._common import training_samples

TAUS = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
ITERATIONS = [500, 1000, 2000, 5000, 10000]
ETA_OPTIONS = [0.1, 0.3, 1.0, 3.0]
RESOLUTION = 80
SHOWN_STEPS = 10


@st.cache_resource(max_entries=48, show_spinner=False)
def fit_sgd(X, y, tau, lam, loss, n_iter, eta0):
    """Algorithm 1 with its history, shared read-only."""
    return KernelSGD(kernel="gaussian", tau=tau, lam=lam, loss=loss, n_iter=n_iter, eta0=eta0).fit(X, y)


def fit_all(X, y, lam, loss, n_iter, eta0):
    """One fit per gallery bandwidth (each cached on its own)."""
    return [fit_sgd(X, y, tau, lam, loss, n_iter, eta0) for tau in TAUS]


def render(ctx, controls, main) -> None:
    data = ctx.data
    with controls:
        loss = choice(
            t("svm.ksgd_loss"), list(KERNEL_LOSSES), "svm.ksgd_loss", catalogue_labels("svm.losses")
        )
        seed_lam = st.toggle(t("svm.ksgd_seed_lam"), value=True, **bound("svm.ksgd_seed_lam"))
        lam = None if seed_lam else log_slider(t("svm.ksgd_lam"), "svm.ksgd_lam", -5, 0, 0.001)
        n_iter = number_slider(t("svm.ksgd_iter"), "svm.ksgd_iter", ITERATIONS, 2000)
        eta0 = number_slider(
            t("svm.ksgd_eta0"), "svm.ksgd_eta0", ETA_OPTIONS, 1.0, help=t("svm.ksgd_eta0_help")
        )
        tau = number_slider(t("svm.ksgd_tau"), "svm.ksgd_tau", list(TAUS), 0.5)
    samples = training_samples(data, main, binary=True)
    if samples is None:
        return
    X, y = samples
    m = len(y)
    lam = 1.0 / m**2 if lam is None else lam
    with main:
        models = fitted(fit_all, X, y, lam, loss, n_iter, eta0)
    if models is None:
        return
    axes = plane_axes(data.train)
    model = models[TAUS.index(tau)]
    with main:
        chart(
            gallery_figure(X, y, lam, loss, n_iter, eta0, axes, ctx.style, current_language()),
            key="svm.ksgd_gallery",
        )
        st.caption(t("svm.ksgd_gallery_caption"))
        metric_rows(
            [
                (t("svm.ksgd_objective", tau=number(tau)), fmt(model.objective_, 4)),
                (t("svm.train_error"), fmt(error_rate(model.predict(X), y), 3)),
                (t("svm.ksgd_lam_used"), fmt(lam, 3)),
            ],
            ctx.projector,
        )
        chart(objective_figure(model, tau, ctx.style), key="svm.ksgd_objective_chart")
        st.dataframe(update_table(model, m, lam), hide_index=True, width="stretch")
        st.caption(t("svm.ksgd_table_caption"))
    formula_panel(sgd_formulas(m, lam, tau, eta0), ctx.projector)
    code_view(KernelSGD, projector=ctx.projector)


@st.cache_resource(max_entries=16, show_spinner=False)
def gallery_figure(X, y, lam, loss, n_iter, eta0, axes, style, lang) -> go.Figure:
    """Six bandwidths side by side: the sign regions of f(x) = Σᵢ αᵢK(xᵢ, x), f = 0 and the data."""
    models = fit_all(X, y, lam, loss, n_iter, eta0)
    gx, gy, pts = grid_points(axes.x_range, axes.y_range, RESOLUTION)
    titles = [
        t("svm.ksgd_panel", tau=number(tau), err=fmt(error_rate(model.predict(X), y), 3))
        for tau, model in zip(TAUS, models, strict=True)
    ]
    panels = []
    for model in models:
        f = model.decision_function(pts).reshape(len(gy), len(gx)).astype(np.float32)
        traces = decision_surface(
            gx, gy, (f > 0).astype(np.uint8), style, n_classes=2, decision=f, levels=(0.0,)
        )
        for trace in class_traces(X, y, model.classes_, style):
            marker = {**trace["marker"], "size": max(4, style.marker_size * 0.6), "line": dict(width=0)}
            traces.append({**trace, "marker": marker, "showlegend": False})
        panels.append(traces)
    layout = gallery_layout(style, t("svm.ksgd_gallery"), style.figure_height + 120)
    return panels_figure(panels, titles, axes, style, cols=3, spacing=(0.03, 0.1), **layout)


def objective_figure(model, tau, style):
    """J_λ(α_t) at the recorded steps t."""
    steps = np.array([s.t for s in model.history_])
    values = np.array([s.objective for s in model.history_])
    axes = Axes((1, max(int(steps[-1]), 2)), safe_range(0.0, float(values.max()) * 1.05), "t", "J_λ(α)")
    curve = Curve(t("svm.ksgd_objective", tau=number(tau)), steps, values)
    return curves_figure([curve], axes, style, title=t("svm.ksgd_objective_title"), log_x=True, markers=True)


def update_table(model, m, lam) -> pd.DataFrame:
    """The first updates: sample i, z = K⁽ⁱ⁾ᵀα, L′, η_t and the multiple of K⁽ⁱ⁾ subtracted from α."""
    steps = model.history_[:SHOWN_STEPS]
    return pd.DataFrame(
        {
            "t": [s.t for s in steps],
            "i": [s.i + 1 for s in steps],
            "yᵢ": [int(s.y) for s in steps],
            "K⁽ⁱ⁾ᵀα": [s.z for s in steps],
            "L′": [s.dloss for s in steps],
            "η_t": [s.eta for s in steps],
            t("svm.ksgd_col_scale"): [s.eta * (s.dloss + m * lam * s.alpha_i) for s in steps],
            "αᵢ": [float(s.alpha[s.i]) for s in steps],
        }
    )


def sgd_formulas(m, lam, tau, eta0) -> list[Formula]:
    return [
        Formula(
            r"J_\lambda(\alpha) = \frac1m \sum_{i=1}^m L(K^{(i)\top}\alpha, y^{(i)})"
            r" + \frac\lambda2 \alpha^\top K\alpha,\ "
            rf"K(x,z) = \exp\!\Big(-\frac{{\|x-z\|^2}}{{2\tau^2}}\Big),\ \tau = {number(tau)}",
            "CS229 supplementary notes §3–4",
        ),
        Formula(
            r"\alpha := \alpha - \eta_t\big[L'(K^{(i)\top}\alpha, y^{(i)})K^{(i)}"
            r" + m\lambda K^{(i)}\alpha_i\big],\ "
            rf"\eta_t = \frac{{{number(eta0)}}}{{\sqrt t}},\ m\lambda = {number(m * lam)}",
            "CS229 supplementary notes §4, Algorithm 1",
        ),
        Formula(
            rf"f(x) = \sum_i \alpha_i K(x^{{(i)}}, x);\ \lambda = {number(lam)}\ (m = {m})",
            "CS229 supplementary notes §5–6 (no intercept)",
        ),
    ]
