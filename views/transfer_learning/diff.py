"""LSDD: the density difference p − p′ estimated directly, and the L² distance between the densities.

Sugiyama §18.2.3 (Figs 18.10–18.11 listing): x ~ p = N(0, 1), x′ ~ p′ = N(1, 1), whose true
L² = (1 − e^{−1/4})/√π = 0.1248; σ and λ by 5-fold CV over the listing's grid (erratum §22: x′ in v̂).
"""

import numpy as np
import streamlit as st

from algorithms import LSDD
from algorithms import gaussian_density
from algorithms import gaussian_l2_difference
from algorithms import lsdd_cv
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
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

DATA = DataRequest("clustering", 1, "lsdd_pair")
DATA_PREFIX = "tl.diff"
SIGMAS, LAMS = (0.5, 1.0, 3.0), (0.01, 0.1, 1.0)  # the listing: hhs = 2*[0.5 1 3].^2, ls = 10.^[-2 -1 0]
CENTERS = ["all", "listing"]
TRUTH = {"lsdd_pair": ((0.0, 1.0), (1.0, 1.0))}  # (p, p′) of the book's pair


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, X_prime, sigma, lam, centers, seed):
    model = LSDD(sigma, lam, centers, random_state=seed).fit(X, X_prime)
    return model, lsdd_cv(X, X_prime, SIGMAS, LAMS, centers=centers, random_state=seed)


def render(ctx, controls, main) -> None:
    data = ctx.data
    seed = int(st.session_state.get(f"{DATA_PREFIX}.seed", 0) or 0)
    with controls:
        sigma = log_slider(t("tl.sigma"), "tl.diff.sigma", -1, 1, 1.0)
        lam = log_slider(t("tl.lam"), "tl.diff.lam", -3, 1, 1.0)
        centers = choice(t("tl.centers"), CENTERS, "tl.diff.centers", catalogue_labels("tl.centers_options"),
                         horizontal=not ctx.projector)
    X, X_prime, split = two_samples(data.train, seed)
    if min(len(X), len(X_prime)) < 5:
        st.error(t("tl.too_few", n=min(len(X), len(X_prime))))
        return
    fits = fitted(fit, X, X_prime, float(sigma), float(lam), centers, seed)
    if fits is None:
        return
    model, cv = fits
    truth = None if (data.edited or split) else TRUTH.get(data.train.name)
    lo, hi = padded_range(np.concatenate([X[:, 0], X_prime[:, 0]]), 0.04)
    grid = np.linspace(lo, hi, 300)
    g_grid = model.predict(grid[:, None])
    both = np.vstack([X, X_prime])
    g_both = model.predict(both)
    true_grid = None
    if truth is not None:
        true_grid = gaussian_density(grid, *truth[0]) - gaussian_density(grid, *truth[1])
    shown = np.concatenate([g_grid, true_grid if truth else g_grid])
    span = max(float(np.abs(shown).max()), 0.05) * 1.15
    axes = Axes((lo, hi), (-1.6 * span, span), plain(data.train.feature_names[0]), t("tl.diff_axis"))
    fig = base_figure(ctx.style, axes, t("tl.diff_title"), legend_rows=2)
    if truth is not None:
        fig.add_trace(line_trace(Curve(t("tl.true_diff"), grid, true_grid, TRUTH_COLOR, "dash"), ctx.style))
    fig.add_trace(line_trace(Curve(t("tl.est_diff"), grid, g_grid, FIT_COLOR), ctx.style))
    fig.add_trace(points_trace(both[:, 0], g_both, t("tl.est_at_samples"), ctx.style, VERMILLION, "x", 0.8))
    for trace in rug_traces(X, X_prime, -1.2 * span, 0.25 * span, (t("tl.p_rug"), t("tl.p_prime_rug")),
                            ctx.style):
        fig.add_trace(trace)
    best_sigma, best_lam = cv.best
    metrics = [
        (t("tl.l2_est"), fmt(model.l2_, 4)),
        (t("tl.l2_quadratic"), fmt(model.l2_quadratic_, 4)),
        (t("tl.l2_linear"), fmt(model.l2_linear_, 4)),
    ]
    if truth is not None:
        metrics.append((t("tl.l2_true"), fmt(gaussian_l2_difference(*truth[0], *truth[1]), 4)))
    metrics.append((t("tl.cv_choice"), f"σ = {best_sigma:g}, λ = {best_lam:g}"))
    with main:
        if split:
            st.info(t("tl.split_note"))
        chart(fig, key="tl.diff_chart")
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            chart(cv_heatmap(cv, sigma, lam, DATA_PREFIX, ctx.style), key="tl.diff_cv_chart")
        with right:
            use_best_button(cv, sigma, lam, DATA_PREFIX)
            st.caption(t("tl.centers_note", b=len(model.centers_)))
        metrics_row(metrics)
    true_l2 = rf"\ \ ({tex('tl.tex.true')}: {number(gaussian_l2_difference(*truth[0], *truth[1]))})" \
        if truth else ""
    formula_panel([
        Formula(rf"g(x) = \sum_{{j=1}}^{{{len(model.centers_)}}}\alpha_j\exp\!\Big(-\frac{{\|x - c_j\|^2}}"
                rf"{{2\sigma^2}}\Big),\ \sigma = {number(sigma)}", "Sugiyama §18.2.3, (18.2)"),
        Formula(r"\hat\alpha = (U + \lambda I)^{-1}\hat v,\ U_{jj'} = (\pi\sigma^2)^{d/2}"
                r"e^{-\|c_j - c_{j'}\|^2/(4\sigma^2)},\ \hat v_j = \frac1n\sum_i\psi_j(x_i) - "
                rf"\frac1{{n'}}\sum_{{i'}}\psi_j(x'_{{i'}}),\ \lambda = {number(lam)}",
                "Sugiyama §18.2.3 (x′ in the second sum: erratum §22)"),
        Formula(rf"\widehat{{L^2}} = 2\hat v^\top\hat\alpha - \hat\alpha^\top U\hat\alpha = "
                rf"{number(model.l2_)}" + true_l2,
                "Sugiyama §18.2.3, (18.1)"),
    ], ctx.projector)
    code_view(LSDD, lsdd_cv, projector=ctx.projector)
