"""MAP estimation and regularisation: the posterior over θ = (θ₀, θ₁) drawn as contours as data arrive
one by one, with the maximum-likelihood and MAP points; a Gaussian prior gives ridge, a Laplace prior
the lasso.

CS229 Part VII §3 (M37: posterior (1), MAP, θ ~ N(0, τ²I) and ridge with λ = σ²/τ²; here α = 1/τ²
and β = 1/σ², so λ = α/β); seed 003 §8.1 (evidence updates the prior rather than deciding alone).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import BayesianLinearRegression
from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import arrival_order
from algorithms import laplace_map
from algorithms import log_posterior_grid
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.explain import vector_text
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.views import fitted

GRID = 160
N_SAMPLES = 8


@st.cache_data(max_entries=32, show_spinner=False)
def posterior(X, y, seen: int, prior: str, alpha: float, beta: float):
    """Everything the view draws for the first ``seen`` samples (only algorithms/ computes)."""
    order = arrival_order(len(y), True, 0)
    X, y = X[order], y[order]
    Phi = LinearBasis().fit(X).transform(X)
    full = LinearRegression().fit(X, y).theta_
    lo = np.minimum(full, 0.0) - 1.5
    hi = np.maximum(full, 0.0) + 1.5
    g1, g2 = np.linspace(lo[0], hi[0], GRID), np.linspace(lo[1], hi[1], GRID)
    Xs, ys = X[:seen], y[:seen]
    log_post = log_posterior_grid(Phi[:seen], ys, alpha, beta, prior, g1, g2)
    mle = LinearRegression().fit(Xs, ys).theta_
    blr = BayesianLinearRegression(alpha, beta).fit(Xs, ys)
    map_theta = blr.mean_ if prior == "gaussian" else laplace_map(Phi[:seen], ys, alpha, beta)
    return g1, g2, log_post, mle, map_theta, blr, order[:seen]


def render(ctx, controls, main):
    train = ctx.data.train
    X, y = train.X[:, :1], train.y
    with controls:
        prior = choice(t("lt.prior"), ["gaussian", "laplace"], "lt.prior", catalogue_labels("lt.priors"))
        alpha = log_slider(t("lt.alpha"), "lt.alpha", -2, 3, 1.0, help=t("lt.alpha_help"))
        beta = log_slider(t("lt.beta"), "lt.beta", -1, 3, 5.0, help=t("lt.beta_help"))
        seen = slider(t("lt.seen"), 1, len(y), min(5, len(y)), "lt.seen")
        st.caption(t("lt.evidence"))
    with main:
        result = fitted(posterior, X, y, seen, prior, alpha, beta)
    if result is None:
        return
    g1, g2, log_post, mle, map_theta, blr, seen_rows = result
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(posterior_figure(g1, g2, log_post, mle, map_theta, seen, ctx), key="lt.posterior_chart")
        with right:
            fig, axes = data_figure(train, seen_rows, mle, map_theta, blr, prior, ctx)
            editable_chart(fig, "lt", ctx.data, axes.x_range, axes.y_range, key="lt.map_fit_chart")
        metric_rows(
            [
                (t("lt.theta_mle"), vector_text(mle, 3)),
                (t("lt.theta_map"), vector_text(map_theta, 3)),
                (t("lt.lambda_value"), number(alpha / beta)),
            ],
            ctx.projector,
        )
    lam = alpha / beta
    solved = {
        "gaussian": r"(\Phi^\top\Phi + \tfrac{\alpha}{\beta} I)^{-1}\Phi^\top y",
        "laplace": r"\arg\min_\theta \tfrac12\|y - \Phi\theta\|^2 + \tfrac{\alpha}{\beta}\|\theta\|_1",
    }[prior]
    map_formula = rf"\theta_{{MAP}} = {solved} = {vector(map_theta)}"
    formula_panel(
        [
            Formula(
                r"p(\theta \mid S) \propto \prod_{i=1}^{n} p(y^{(i)} \mid x^{(i)}, \theta)\, p(\theta),\ "
                rf"n = {seen}",
                "CS229 Part VII §3 (1)",
            ),
            Formula(
                rf"{map_formula},\ \lambda = \alpha/\beta = {number(alpha)}/{number(beta)} = {number(lam)}",
                "CS229 Part VII §3 (MAP, ridge correspondence)",
                t(f"lt.prior_note_{prior}"),
            ),
        ],
        ctx.projector,
    )
    code_view(BayesianLinearRegression, log_posterior_grid, laplace_map, projector=ctx.projector)


def posterior_figure(g1, g2, log_post, mle, map_theta, seen, ctx):
    """Contours of the posterior at 1, 2, 3, 4 'standard deviations' (√(−2 log p/p_max))."""
    radius = np.sqrt(np.maximum(-2.0 * (log_post - log_post.max()), 0.0))
    axes = Axes((g1[0], g1[-1]), (g2[0], g2[-1]), "θ₀", "θ₁", equal=True)
    fig = base_figure(ctx.style, axes, t("lt.posterior_title", n=seen), legend_rows=2)
    fig.add_trace(
        go.Contour(
            x=g1,
            y=g2,
            z=radius,
            showscale=False,
            hoverinfo="skip",
            contours=dict(coloring="lines", start=1, end=4, size=1),
            colorscale=[[0, BLUE], [1, BLUE]],
            line=dict(width=1.2),
            name=t("lt.posterior"),
        )
    )
    fig.add_trace(points_trace([0.0], [0.0], t("lt.prior_mode"), ctx.style, TRUTH_COLOR, "cross", 1.2))
    fig.add_trace(points_trace([mle[0]], [mle[1]], t("lt.mle"), ctx.style, HIGHLIGHT_COLOR, "star", 1.8))
    fig.add_trace(
        points_trace([map_theta[0]], [map_theta[1]], t("lt.map"), ctx.style, ALT_COLOR, "diamond", 1.4)
    )
    return fig


def data_figure(train, seen_rows, mle, map_theta, blr, prior, ctx) -> tuple[go.Figure, Axes]:
    """All points (the first n filled), the ML and MAP lines; for the Gaussian prior the predictive band
    and lines drawn from the posterior (fully Bayesian, M37)."""
    x, y = train.X[:, 0], train.y
    axes = Axes(
        padded_range(x, 0.03), padded_range(y, 0.25), plain(train.feature_names[0]), plain(train.target_name)
    )
    grid = np.linspace(*axes.x_range, 100)
    traces = []
    if prior == "gaussian":
        mean, std = blr.predict(grid[:, None], return_std=True)
        band = dict(
            type="scatter",
            x=np.r_[grid, grid[::-1]],
            y=np.r_[mean + 2 * std, (mean - 2 * std)[::-1]],
            fill="toself",
            fillcolor="rgba(0,114,178,0.12)",
            line=dict(width=0),
            hoverinfo="skip",
            name=t("lt.band"),
        )
        samples = blr.sample_curves(grid[:, None], N_SAMPLES, random_state=0)
        pieces = np.stack([np.broadcast_to(grid, samples.shape), samples], axis=-1)
        traces += [band, polylines_trace(pieces, t("lt.samples"), BLUE, ctx.style.line_width * 0.3)]
    unseen = np.delete(np.arange(len(y)), seen_rows)
    traces += [
        line_trace(Curve(t("lt.mle"), grid, mle[0] + mle[1] * grid, HIGHLIGHT_COLOR, "dash"), ctx.style),
        line_trace(Curve(t("lt.map"), grid, map_theta[0] + map_theta[1] * grid, ALT_COLOR), ctx.style),
        points_trace(
            x[unseen],
            y[unseen],
            t("lt.unseen"),
            ctx.style,
            TRUTH_COLOR,
            "circle",
            0.7,
            True,
            customdata=unseen,
        ),
        points_trace(
            x[seen_rows], y[seen_rows], t("lt.seen_points"), ctx.style, FIT_COLOR, customdata=seen_rows
        ),
    ]
    fig = figure(ctx.style, axes, t("lt.map_fit_title"), traces, legend="bottom", legend_width=420)
    return fig, axes
