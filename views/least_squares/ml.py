"""The probabilistic reading of least squares: with Gaussian noise, maximum likelihood is least
squares. The fit with ±σ and ±2σ bands, and the log-likelihood ℓ(σ) peaking at σ̂² = mean squared
residual; moving σ changes ℓ but never the fitted θ.

CS229 Part I §3 (M06); seed 003 §2.2.4.
"""

import numpy as np
import streamlit as st

from algorithms import GaussianNoiseRegression
from algorithms import PolynomialBasis
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.figures import safe_range
from ui.figures import tint
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.least_squares._common import N_CURVE
from views.least_squares._common import data_axes
from views.least_squares._common import half_width_legend
from views.least_squares._common import star_marker

SIGMA_DECADES = (-3, 1)


@st.cache_data(max_entries=32, show_spinner=False)
def fit_ml(X, y, degree):
    return GaussianNoiseRegression(PolynomialBasis(degree)).fit(X, y)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        degree = slider(t("ls.degree"), 0, 10, 3, "ls.ml_degree")
        sigma = log_slider(t("ls.ml_sigma"), "ls.ml_sigma", *SIGMA_DECADES, 0.3, help=t("ls.ml_sigma_help"))
    model = fitted(fit_ml, X, y, degree)
    if model is None:
        return
    axes = data_axes(data.train)
    grid = np.linspace(*axes.x_range, N_CURVE)
    mean = model.predict(grid[:, None])
    fit_fig = base_figure(ctx.style, axes, t("ls.ml_fit_title", sigma=f"{sigma:g}"))
    for k, strength in ((2, 0.12), (1, 0.28)):  # each band a closed outline, filled, under the points
        band = line_trace(
            Curve(
                t("ls.ml_band", k=k),
                np.concatenate([grid, grid[::-1]]),
                np.concatenate([mean + k * sigma, (mean - k * sigma)[::-1]]),
                ALT_COLOR,
                "dot",
            ),
            ctx.style,
        )
        fit_fig.add_trace({**band, "fill": "toself", "fillcolor": tint(ALT_COLOR, strength)})
    fit_fig.add_trace(line_trace(Curve(t("ls.ml_fit"), grid, mean, FIT_COLOR), ctx.style))
    fit_fig.add_trace(
        points_trace(X[:, 0], y, t("ls.train_points"), ctx.style, color=CLASS_COLORS[0])
    )
    half_width_legend(fit_fig, ctx.style, t("ls.ml_fit_title", sigma=f"{sigma:g}"), ctx.projector)
    sigma_hat = model.sigma_
    ll_at = float(model.log_likelihood(X, y, sigma))
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(fit_fig, key="ls.ml_chart")
        with right:
            if not model.interpolates_:
                chart(likelihood_figure(model, X, y, sigma, ctx.style), key="ls.ml_ll_chart")
            else:
                st.info(t("ls.ml_exact"))
        metrics_row(
            [
                (t("ls.ml_sigma_hat"), fmt(sigma_hat)),
                (t("ls.ml_sigma2_hat"), fmt(sigma_hat**2)),
                (t("ls.ml_ll_max"), "∞" if model.interpolates_ else fmt(float(model.log_likelihood(X, y)))),
                (t("ls.ml_ll_at"), fmt(ll_at)),
            ]
        )
    formula_panel(
        [
            Formula(
                r"\ell(\theta,\sigma) = n\log\frac{1}{\sqrt{2\pi}\,\sigma}"
                r" - \frac{1}{\sigma^2}\cdot\frac12\sum_{i=1}^n\big(y^{(i)}-\theta^\top x^{(i)}\big)^2,\ "
                rf"\ell(\hat\theta, {number(sigma)}) = {number(ll_at)}",
                "CS229 Part I §3",
            ),
            Formula(
                rf"\hat\theta_{{ML}} = \hat\theta_{{LS}} = {vector(model.theta_)},\quad"
                r"\hat\sigma^2 = \frac1n\sum_i\big(y^{(i)}-\hat\theta^\top x^{(i)}\big)^2 = "
                rf"{number(sigma_hat**2)}",
                "CS229 Part I §3; seed 003 §2.2.4",
            ),
        ],
        ctx.projector,
    )
    code_view(GaussianNoiseRegression, projector=ctx.projector)


def likelihood_figure(model, X, y, sigma, style):
    """ℓ(θ̂, σ) against σ (log axis) around σ̂, with its peak at σ̂ and the slider's σ marked."""
    sigma_hat = model.sigma_
    sigmas = np.geomspace(min(sigma_hat / 5, sigma), max(sigma_hat * 5, sigma), 300)
    lls = model.log_likelihood(X, y, sigmas)
    ll_max, ll_at = float(model.log_likelihood(X, y)), float(model.log_likelihood(X, y, sigma))
    lo = max(float(lls.min()), ll_max - 12 * len(y))  # σ far below σ̂ sends ℓ to −∞: clip the view
    fig = curves_figure(
        [Curve(t("ls.ml_ll"), sigmas, lls, FIT_COLOR)],
        Axes((sigmas[0] / 1.2, sigmas[-1] * 1.2), safe_range(lo, ll_max + 0.08 * (ll_max - lo)), "σ", "ℓ(σ)"),
        style,
        log_x=True,
        title=t("ls.ml_ll_title"),
    )
    fig.add_trace(star_marker((sigma_hat, ll_max), t("ls.ml_peak"), style, 1.4))
    fig.add_trace(points_trace([sigma], [max(ll_at, lo)], t("ls.ml_chosen"), style, color=ALT_COLOR))
    return fig
