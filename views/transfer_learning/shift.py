"""Covariate shift: ordinary against importance-weighted least squares, the relative importance w_β
and the IWCV choice of the flattening β.

Sugiyama §18.1.1–18.1.3 (Figs 18.1–18.4); the book's program (spec [EXT]) draws x ~ N(1, 0.5²) for
training and x′ ~ N(2, 0.25²) for test, y = sinc(x) + 0.1·N(0, 1).
"""

import numpy as np
import streamlit as st

from algorithms import ImportanceWeightedLS
from algorithms import covariate_shift_sample
from algorithms import flattening_curve
from algorithms import gaussian_density
from algorithms import iwcv
from algorithms import relative_importance
from ui.charts import chart
from ui.controls import bound
from ui.controls import set_values
from ui.controls import slider
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
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import VERMILLION
from ui.views import fitted

DATA = None  # the view draws its own samples from the densities its sliders set
BETAS = tuple(np.round(np.linspace(0, 1, 21), 2))
X_RANGE = (-1.5, 3.5)


@st.cache_data(max_entries=32, show_spinner=False)
def fit(n, noise, seed, train, test, beta):
    sample = covariate_shift_sample(n, n, train, test, noise, seed)
    log_test, log_train = sample.log_densities(sample.X[:, 0])
    weights = relative_importance(log_test, log_train, beta)
    ols = ImportanceWeightedLS().fit(sample.X, sample.y)
    iw = ImportanceWeightedLS().fit(sample.X, sample.y, weights)
    curve = flattening_curve(sample, BETAS, random_state=seed)
    w0 = relative_importance(log_test, log_train, 0.0)
    error = iwcv(ImportanceWeightedLS(), sample.X, sample.y, w0, weights, random_state=seed).error
    return sample, weights, ols, iw, curve, error


def render(ctx, controls, main) -> None:
    with controls:
        st.markdown(t("tl.densities"))
        mean = slider(t("tl.train_mean"), -1.0, 3.0, 1.0, "tl.mu", step=0.05)
        sd = slider(t("tl.train_sd"), 0.1, 1.5, 0.5, "tl.sd", step=0.05)
        test_mean = slider(t("tl.test_mean"), -1.0, 3.0, 2.0, "tl.mu_test", step=0.05)
        test_sd = slider(t("tl.test_sd"), 0.1, 1.5, 0.25, "tl.sd_test", step=0.05)
        beta = slider(t("tl.beta"), 0.0, 1.0, 0.0, "tl.beta", step=0.05, help=t("tl.beta_help"))
        n = slider(t("tl.n"), 10, 1000, 100, "tl.n", step=10)
        noise = slider(t("tl.noise"), 0.0, 0.5, 0.1, "tl.noise", step=0.01)
        seed = st.number_input(t("tl.seed"), 0, 9999, 0, step=1, **bound("tl.seed"))
    fits = fitted(fit, int(n), float(noise), int(seed), (mean, sd), (test_mean, test_sd), float(beta))
    if fits is None:
        return
    sample, weights, ols, iw, curve, error = fits
    grid = np.linspace(*X_RANGE, 300)
    with main:
        chart(fit_figure(ctx, sample, weights, ols, iw, grid), key="tl.shift_chart")
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(importance_figure(ctx, sample, beta, grid), key="tl.importance_chart")
        with right:
            chart(iwcv_figure(ctx, curve, beta), key="tl.iwcv_chart")
            st.button(
                t("tl.use_best_beta", beta=f"{curve.best_beta:g}"), on_click=set_values,
                args=({"tl.beta": curve.best_beta},), icon=":material/star:",
                disabled=curve.best_beta == beta,
            )
        metrics_row([
            (t("tl.test_mse_ols"), fmt(ols.test_error(sample.X_test, sample.y_test))),
            (t("tl.test_mse_iw", beta=f"{beta:g}"), fmt(iw.test_error(sample.X_test, sample.y_test))),
            (t("tl.iwcv_now"), fmt(error)),
            (t("tl.iwcv_best"), f"{curve.best_beta:g}"),
            (t("tl.max_weight"), fmt(float(weights.max()), 3)),
        ])
    theta, theta0 = iw.theta_, ols.theta_
    formula_panel([
        Formula(rf"w_\beta(x) = \frac{{p'(x)}}{{\beta p'(x) + (1-\beta)p(x)}} \le \frac1\beta,\ "
                rf"p = N({number(mean)}, {number(sd)}^2),\ "
                rf"p' = N({number(test_mean)}, {number(test_sd)}^2),\ "
                rf"\beta = {number(beta)}", "Sugiyama §18.1.2"),
        Formula(rf"\min_\theta \frac12\sum_i w_\beta(x_i)(\theta_1 + \theta_2 x_i - y_i)^2:\ "
                rf"\hat\theta = ({number(theta[0])}, {number(theta[1])});\ "
                rf"\text{{LS}}: ({number(theta0[0])}, {number(theta0[1])})", "Sugiyama §18.1.1"),
        Formula(rf"\hat G = \frac1m\sum_{{i=1}}^m \frac{{1}}{{|\mathcal T_i|}}\sum_{{(x,y)\in\mathcal T_i}}"
                rf"w(x)(f_i(x)-y)^2 = {number(error)},\ m = 5", "Sugiyama §18.1.3, Fig 18.4"),
    ], ctx.projector)
    code_view(ImportanceWeightedLS, iwcv, flattening_curve, projector=ctx.projector)


def fit_figure(ctx, sample, weights, ols, iw, grid):
    """Fig 18.2: training points (area ∝ weight), test points, the truth and both lines."""
    ys = np.concatenate([sample.y, sample.y_test])
    lo, hi = float(min(ys.min(), -0.4)), float(max(ys.max(), 1.1))
    axes = Axes(X_RANGE, (lo - 0.1 * (hi - lo), hi + 0.1 * (hi - lo)), "x", "y")
    scaled = weights / max(float(weights.max()), 1e-300)
    sizes = ctx.style.marker_size * (0.5 + 1.6 * np.sqrt(scaled))
    traces = [
        line_trace(Curve(t("tl.truth"), grid, np.sinc(grid), TRUTH_COLOR, "dot"), ctx.style),
        line_trace(Curve(t("tl.ols_line"), grid, ols.predict(grid[:, None]), ALT_COLOR, "dash"), ctx.style),
        line_trace(Curve(t("tl.iw_line"), grid, iw.predict(grid[:, None]), FIT_COLOR), ctx.style),
        points_trace(sample.X[:, 0], sample.y, t("tl.train_points"), ctx.style, BLUE, sizes=sizes),
        points_trace(sample.X_test[:, 0], sample.y_test, t("tl.test_points"), ctx.style, VERMILLION, "x",
                     0.8),
    ]
    return figure(ctx.style, axes, t("tl.shift_title"), traces, legend_rows=2)


def importance_figure(ctx, sample, beta, grid):
    """Fig 18.3: the two input densities and the relative importance w_β against x."""
    log_test, log_train = sample.log_densities(grid)
    p, q = gaussian_density(grid, *sample.train), gaussian_density(grid, *sample.test)
    wb = relative_importance(log_test, log_train, beta)
    top = min(max(float(p.max()), float(q.max()), float(np.nanmax(wb[grid < X_RANGE[1]])), 2.0), 12.0) * 1.1
    curves = [
        Curve(t("tl.p_train"), grid, p, BLUE, "dash"),
        Curve(t("tl.p_test"), grid, q, VERMILLION, "dash"),
        Curve(t("tl.w_beta", beta=f"{beta:g}"), grid, np.minimum(wb, 1e3 * top), FIT_COLOR),
    ]
    return curves_figure(curves, Axes(X_RANGE, (0.0, top), "x", t("tl.density_axis")), ctx.style,
                         title=t("tl.importance_title"), height=340, legend_rows=3)


def iwcv_figure(ctx, curve, beta):
    """IWCV, plain CV and the true test error against the flattening β (Sugiyama §18.1.3)."""
    values = np.concatenate([curve.iwcv, curve.cv, curve.test])
    lo, top = safe_range(float(np.min(values)) / 1.5, float(np.max(values)) * 1.5, positive=True)
    fig = curves_figure([
        Curve(t("tl.iwcv_curve"), curve.betas, curve.iwcv, FIT_COLOR),
        Curve(t("tl.cv_curve"), curve.betas, curve.cv, ALT_COLOR, "dash"),
        Curve(t("tl.test_curve"), curve.betas, curve.test, TRUTH_COLOR, "dot"),
    ], Axes((0.0, 1.0), (lo, top), "β", t("tl.error_axis")), ctx.style, title=t("tl.iwcv_title"),
        markers=True, height=340, legend_rows=3, log_y=True)
    fig.add_trace(line_trace(Curve(t("tl.current_beta"), np.array([beta, beta]), np.array([lo, top]),
                                   HIGHLIGHT_COLOR, "dash", 0.6), ctx.style))
    return fig
