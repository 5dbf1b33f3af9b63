"""Unbiasedness of least squares by Monte Carlo: take the least-squares fit of the data as the true θ*,
draw new noise y = Φθ* + ε again and again, refit, and watch the mean of θ̂ settle on θ* while single
fits scatter around it.

Sugiyama §3.2 (E[θ̂_LS] = θ* for zero-mean noise and a model that holds the truth); spec A3.4.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import MAX_NOISE_VALUES
from algorithms import PolynomialBasis
from algorithms import least_squares_draws
from algorithms import least_squares_projection
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import subscript
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import tint
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.views import fitted
from views.least_squares._common import data_seed
from views.least_squares._common import half_width_legend

DRAWS = [10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0, 10000.0]


@st.cache_data(max_entries=16, show_spinner=False)
def simulate(X, y, degree, sigma, n_draws, seed):
    """θ* = the least-squares fit of the data, then θ̂ for n_draws fresh noise vectors."""
    Phi = PolynomialBasis(degree).fit(X).transform(X)
    theta_true = least_squares_projection(Phi, y).theta
    return least_squares_draws(Phi, theta_true, sigma, int(n_draws), random_state=seed)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        degree = slider(t("ls.degree"), 0, 6, 1, "ls.mc_degree")
        sigma = log_slider(t("ls.mc_sigma"), "ls.mc_sigma", -2, 0, 0.2)
        n_draws = int(number_slider(t("ls.mc_draws"), "ls.mc_draws", DRAWS, 1000.0))
        j = slider(t("ls.mc_j"), 0, degree, min(1, degree), "ls.mc_j") if degree > 0 else 0
    if len(y) * n_draws > MAX_NOISE_VALUES:
        n_draws = max(2, MAX_NOISE_VALUES // len(y))
        controls.caption(t("ls.mc_capped", draws=n_draws))
    draws = fitted(simulate, X, y, degree, sigma, n_draws, data_seed())
    if draws is None:
        return
    true_j, mean, spread, se = (
        float(v[j]) for v in (draws.theta_true, draws.mean, draws.spread, draws.standard_error)
    )
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(histogram_figure(draws.thetas[:, j], true_j, mean, j, ctx.style), key="ls.mc_hist_chart")
        with right:
            chart(running_figure(draws, j, ctx.style, ctx.projector), key="ls.mc_run_chart")
        tiles = [
            (t("ls.mc_true", j=subscript(j)), fmt(true_j)),
            (t("ls.mc_mean", j=subscript(j)), fmt(mean)),
            (t("ls.mc_spread"), fmt(spread)),
            (t("ls.mc_se"), fmt(se)),
            (t("ls.mc_z"), fmt(abs(mean - true_j) / se) if se > 0 else "—"),
            (t("ls.mc_n"), str(n_draws)),
        ]
        for start in (0, 3):  # two rows of three: the numbers need the width
            metrics_row(tiles[start : start + 3])
    formula_panel(
        [
            Formula(
                rf"y = \Phi\theta^* + \epsilon,\ \epsilon \sim N(0, {number(sigma)}^2 I),\ "
                rf"\theta^* = {vector(draws.theta_true)}",
                "Sugiyama §3.2",
            ),
            Formula(
                rf"\mathbb E[\hat\theta_{{LS}}] = \Phi^\dagger\Phi\theta^* = \theta^*,\ "
                rf"\frac1{{{n_draws}}}\sum_m \hat\theta^{{(m)}} = {vector(draws.mean)}",
                "Sugiyama §3.2",
            ),
        ],
        ctx.projector,
    )
    st.caption(t("ls.mc_note"))
    code_view(least_squares_draws, projector=ctx.projector)


def histogram_figure(values, true_j, mean, j, style) -> go.Figure:
    """The histogram of θ̂_j over the draws with θ*_j and the Monte-Carlo mean as vertical lines."""
    x_range = padded_range(np.append(values, true_j), 0.05)
    name = f"θ̂{subscript(j)}"
    title = t("ls.mc_hist_title", j=subscript(j))
    fig = base_figure(style, Axes(x_range, (0, 1), name, t("ls.mc_count")), title)
    fig.add_trace(go.Histogram(x=values, nbinsx=40, marker_color=tint(FIT_COLOR, 0.6), name=name))
    fig.update_yaxes(autorange=True)
    lines = (
        (true_j, f"θ*{subscript(j)}", ALT_COLOR, "solid"),
        (mean, t("ls.mc_mean_line"), TRUTH_COLOR, "dash"),
    )
    for value, label, color, dash in lines:
        fig.add_trace(go.Scatter(x=[value, value], y=[0, 1], yaxis="y2", mode="lines", name=label,
                                 line=dict(color=color, dash=dash, width=style.line_width)))
    fig.update_layout(yaxis2=dict(overlaying="y", range=[0, 1], visible=False))
    return fig


def running_figure(draws, j, style, projector: bool) -> go.Figure:
    """The mean of the first m draws against m (log axis), with θ*_j ± 2·spread/√m."""
    m = np.arange(1, len(draws.thetas) + 1)
    running = draws.running_mean(j)
    true_j, band = float(draws.theta_true[j]), 2 * float(draws.spread[j]) / np.sqrt(m)
    outline = Curve(t("ls.mc_band"), np.concatenate([m, m[::-1]]),
                    np.concatenate([true_j + band, (true_j - band)[::-1]]), TRUTH_COLOR, "dot")
    y_range = padded_range(np.concatenate([running, true_j + band[:1], true_j - band[:1]]), 0.05)
    title = t("ls.mc_run_title", j=subscript(j))
    fig = curves_figure([], Axes((1, len(m)), y_range, t("ls.mc_m"), f"θ̂{subscript(j)}"), style, log_x=True)
    fig.add_trace({**line_trace(outline, style), "fill": "toself", "fillcolor": tint(TRUTH_COLOR, 0.15)})
    for curve in (
        Curve(f"θ*{subscript(j)}", m, np.full(len(m), true_j), ALT_COLOR),
        Curve(t("ls.mc_running"), m, running, FIT_COLOR),
    ):
        fig.add_trace(line_trace(curve, style))
    half_width_legend(fig, style, title, projector)
    return fig
