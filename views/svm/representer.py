"""The representer theorem as α bubbles (CS229 supplementary notes §2–3, Theorem 2.1; seed-001 spec M24).

Regularised least squares on ±1 labels, J_λ(θ) = (1/m) Σᵢ ½(θᵀφ(xᵢ) − yᵢ)² + (λ/2)‖θ‖², has its minimiser
in the span of the data, θ = Σᵢ αᵢ φ(xᵢ): the view solves it over α, α = (K + mλI)⁻¹y, draws every point
with a bubble as large as |αᵢ|, and for the kernels with a finite φ (linear, polynomial) solves it
over θ as well and sets θ beside Φᵀα.
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import RepresenterRidge
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import class_traces
from ui.figures import decision_surface
from ui.figures import figure
from ui.figures import grid_points
from ui.i18n import t
from ui.views import fitted
from views.svm._common import KERNELS
from views.svm._common import error_rate
from views.svm._common import plane_axes
from views.svm._common import training_samples

RESOLUTION = 120


@st.cache_resource(max_entries=32, show_spinner=False)
def fit_ridge(X, y, kernel, tau, degree, lam):
    """The model solved over α (and over θ when φ is finite), shared read-only."""
    return RepresenterRidge(kernel=kernel, tau=tau, degree=degree, lam=lam).fit(X, y)


@st.cache_data(max_entries=32, show_spinner=False)
def ridge_grid(X, y, kernel, tau, degree, lam, x_range, y_range):
    """f(x) = Σᵢ αᵢK(xᵢ, x) on the plot grid (float32)."""
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    f = fit_ridge(X, y, kernel, tau, degree, lam).decision_function(pts)
    return gx, gy, f.reshape(len(gy), len(gx)).astype(np.float32)


def render(ctx, controls, main) -> None:
    data = ctx.data
    with controls:
        kernel = choice(t("svm.kernel"), KERNELS, "svm.rep_kernel", catalogue_labels("svm.kernels"))
        tau = log_slider(t("svm.rep_tau"), "svm.rep_tau", -1, 1, 1.0) if kernel == "gaussian" else 1.0
        degree = slider(t("svm.degree"), 1, 4, 2, "svm.rep_degree") if kernel == "poly" else 2
        lam = log_slider(t("svm.rep_lam"), "svm.rep_lam", -4, 1, 0.01)
    samples = training_samples(data, main, binary=True)
    if samples is None:
        return
    X, y = samples
    with main:
        model = fitted(fit_ridge, X, y, kernel, tau, degree, lam)
    if model is None:
        return
    axes = plane_axes(data.train)
    gx, gy, f = ridge_grid(X, y, kernel, tau, degree, lam, axes.x_range, axes.y_range)
    style = ctx.style
    size = np.abs(model.alpha_)
    sizes = style.marker_size * (0.4 + 2.6 * size / max(float(size.max()), 1e-12))
    traces = [
        *decision_surface(gx, gy, (f > 0).astype(np.uint8), style, n_classes=2, decision=f, levels=(0.0,)),
        *class_traces(X, y, model.classes_, style, sizes=sizes),
    ]
    title = t("svm.rep_title", kernel=t(f"svm.kernels.{kernel}"), lam=number(lam))
    with main:
        chart(figure(style, axes, title, traces, legend="bottom"), key="svm.rep_chart")
        st.caption(t("svm.rep_caption"))
        gap = None if model.theta_ is None else float(np.max(np.abs(model.theta_ - model.theta_from_alpha_)))
        metric_rows(
            [
                (t("svm.train_error"), fmt(error_rate(model.predict(X), y), 3)),
                (t("svm.rep_objective"), fmt(model.objective_, 4)),
                (t("svm.rep_gap"), "—" if gap is None else f"{gap:.1e}"),
            ],
            ctx.projector,
        )
        if model.theta_ is None:
            st.info(t("svm.rep_infinite"), icon=":material/info:")
        else:
            st.dataframe(theta_table(model), hide_index=True, width="stretch")
    formula_panel(representer_formulas(model, len(y), lam), ctx.projector)
    code_view(RepresenterRidge, projector=ctx.projector)


def theta_table(model) -> pd.DataFrame:
    """θ solved over θ beside Σᵢ αᵢφ(xᵢ), one row per coordinate of φ."""
    return pd.DataFrame(
        {
            t("svm.rep_col_coordinate"): [f"φ{k + 1}" for k in range(len(model.theta_))],
            t("svm.rep_col_theta"): model.theta_,
            t("svm.rep_col_alpha"): model.theta_from_alpha_,
        }
    )


def representer_formulas(model, m, lam) -> list[Formula]:
    formulas = [
        Formula(
            rf"\alpha = (K + m\lambda I)^{{-1}}y,\ m\lambda = {number(m * lam)},\ "
            rf"\max_i |\alpha_i| = {number(float(np.max(np.abs(model.alpha_))))}",
            "CS229 supplementary notes §2–3 (squared loss; ∇J_λ(α) = 0)",
        ),
    ]
    if model.theta_ is not None:
        formulas.append(
            Formula(
                r"\theta = (\Phi^\top\Phi + m\lambda I)^{-1}\Phi^\top y"
                r" = \sum_i \alpha_i \phi(x_i) = \Phi^\top\alpha"
                rf",\ \theta_1 = {number(model.theta_[0])}",
                "CS229 supplementary notes §2, Theorem 2.1",
            )
        )
    return formulas
