"""RuLSIF: the relative density ratio w_β = p′/(βp′ + (1−β)p) estimated directly, against the true one.

Sugiyama §18.1.4 (Figs 18.5–18.6 listing): numerator x′ ~ p′ = N(0, 1), denominator x ~ p = N(0.5, 1),
σ and λ by 5-fold cross-validation over the book's grid (erratum §22: Ĝ_β in the solution).
"""

import numpy as np
import streamlit as st

from algorithms import RuLSIF
from algorithms import gaussian_density
from algorithms import relative_importance
from algorithms import rulsif_cv
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import VERMILLION
from ui.views import fitted
from views.transfer_learning._common import cv_heatmap
from views.transfer_learning._common import rug_traces
from views.transfer_learning._common import two_samples
from views.transfer_learning._common import use_best_button

DATA = DataRequest("clustering", 1, "rulsif_pair")
DATA_PREFIX = "tl.ratio"
SIGMAS, LAMS = (1.0, 5.0, 10.0), (0.001, 0.01, 0.1)  # the listing: hhs = 2*[1 5 10].^2, ls = 10.^[-3 -2 -1]
TRUTH = {"rulsif_pair": ((0.0, 1.0), (0.5, 1.0))}  # (p′, p) of the book's pair


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X_num, X_den, beta, sigma, lam, seed):
    model = RuLSIF(beta, sigma, lam, random_state=seed).fit(X_num, X_den)
    return model, rulsif_cv(X_num, X_den, beta, SIGMAS, LAMS, random_state=seed)


def render(ctx, controls, main) -> None:
    data = ctx.data
    seed = int(st.session_state.get(f"{DATA_PREFIX}.seed", 0) or 0)
    with controls:
        beta = slider(t("tl.beta"), 0.0, 1.0, 0.5, "tl.ratio.beta", step=0.05, help=t("tl.beta_help"))
        sigma = log_slider(t("tl.sigma"), "tl.ratio.sigma", -1, 1, 1.0)
        lam = log_slider(t("tl.lam"), "tl.ratio.lam", -3, 0, 0.01)
    X_den, X_num, split = two_samples(data.train, seed)
    if min(len(X_num), len(X_den)) < 5:
        st.error(t("tl.too_few", n=min(len(X_num), len(X_den))))
        return
    fits = fitted(fit, X_num, X_den, float(beta), float(sigma), float(lam), seed)
    if fits is None:
        return
    model, cv = fits
    truth = None if (data.edited or split) else TRUTH.get(data.train.name)
    lo, hi = padded_range(np.concatenate([X_num[:, 0], X_den[:, 0]]), 0.04)
    grid = np.linspace(lo, hi, 300)
    w_grid, w_den = model.predict(grid[:, None]), model.predict(X_den)
    true_grid = true_den = None
    if truth is not None:
        true_grid = relative_importance(gaussian_density(grid, *truth[0], log=True),
                                        gaussian_density(grid, *truth[1], log=True), beta)
        true_den = relative_importance(gaussian_density(X_den, *truth[0], log=True),
                                       gaussian_density(X_den, *truth[1], log=True), beta)
    top = max(float(w_grid.max()), float(true_grid.max()) if truth else 0.0, 1.2) * 1.1
    bottom = min(float(w_grid.min()), 0.0) - 0.3 * top
    axes = Axes((lo, hi), (bottom, top), plain(data.train.feature_names[0]), t("tl.ratio_axis"))
    fig = base_figure(ctx.style, axes, t("tl.ratio_title"), legend_rows=2)
    if truth is not None:
        fig.add_trace(line_trace(Curve(t("tl.true_ratio"), grid, true_grid, TRUTH_COLOR, "dash"), ctx.style))
    fig.add_trace(line_trace(Curve(t("tl.est_ratio"), grid, w_grid, FIT_COLOR), ctx.style))
    fig.add_trace(points_trace(X_den[:, 0], w_den, t("tl.est_at_samples"), ctx.style, VERMILLION, "x", 0.8))
    for trace in rug_traces(X_den, X_num, bottom * 0.35, bottom * -0.35, (t("tl.den_rug"), t("tl.num_rug")),
                            ctx.style):
        fig.add_trace(trace)
    metrics = [(t("tl.max_est"), fmt(float(w_den.max()), 3))]
    if beta > 0:
        metrics.append((t("tl.bound"), fmt(1 / beta, 3)))
    if truth is not None:
        metrics.append((t("tl.rmse_truth"), fmt(float(np.sqrt(np.mean((w_den - true_den) ** 2))), 3)))
    best_sigma, best_lam = cv.best
    metrics.append((t("tl.cv_choice"), f"σ = {best_sigma:g}, λ = {best_lam:g}"))
    with main:
        if split:
            st.info(t("tl.split_note"))
        chart(fig, key="tl.ratio_chart")
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            chart(cv_heatmap(cv, sigma, lam, DATA_PREFIX, ctx.style), key="tl.ratio_cv_chart")
        with right:
            use_best_button(cv, sigma, lam, DATA_PREFIX)
        metrics_row(metrics)
    formula_panel([
        Formula(rf"\hat w_\beta(x) = \sum_{{j=1}}^{{{len(model.centers_)}}} \alpha_j "
                rf"\exp\!\Big(-\frac{{\|x - x'_j\|^2}}{{2\sigma^2}}\Big),\ \beta = {number(beta)},\ "
                rf"\sigma = {number(sigma)}", "Sugiyama §18.1.4"),
        Formula(r"\hat\alpha = (\hat G_\beta + \lambda I)^{-1}\hat h,\ \hat G_\beta = \frac\beta{n'}\sum_{i'}"
                r"\psi(x'_{i'})\psi(x'_{i'})^\top + \frac{1-\beta}n\sum_i\psi(x_i)\psi(x_i)^\top,\ "
                rf"\hat h = \frac1{{n'}}\sum_{{i'}}\psi(x'_{{i'}}),\ \lambda = {number(lam)}",
                "Sugiyama §18.1.4 (Ĝ_β: the printed Ĝ lacks β, erratum §22)"),
        Formula(rf"J = \tfrac12\hat\alpha^\top\hat G_\beta\hat\alpha - \hat\alpha^\top\hat h = "
                rf"{number(model.objective_)}", "Sugiyama §18.1.4"),
    ], ctx.projector)
    code_view(RuLSIF, rulsif_cv, projector=ctx.projector)
