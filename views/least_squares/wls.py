"""Weighted least squares: give one point (or every point right of x = c) a weight, and watch the fit
bend toward heavy points and away from light ones, against ordinary least squares.

Sugiyama §3.1 (weighted LS, θ̂ = (ΦᵀWΦ)†ΦᵀWy); spec A3.2.
"""

import numpy as np
import streamlit as st

from algorithms import LinearRegression
from algorithms import PolynomialBasis
from algorithms import WeightedLeastSquares
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import highlight_trace
from ui.figures import line_trace
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from ui.views import fitted
from views.least_squares._common import N_CURVE
from views.least_squares._common import data_axes

WEIGHTS = [0.0, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0]


@st.cache_data(max_entries=32, show_spinner=False)
def fit_pair(X, y, w, degree):
    """Weighted and ordinary least squares with the same polynomial basis."""
    weighted = WeightedLeastSquares(PolynomialBasis(degree)).fit(X, y, w)
    return weighted, LinearRegression(PolynomialBasis(degree)).fit(X, y)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    x = X[:, 0]
    lo, hi = float(x.min()), float(x.max())
    with controls:
        degree = slider(t("ls.degree"), 0, 10, 1, "ls.wls_degree")
        pattern = choice(
            t("ls.wls_pattern"), ["point", "right"], "ls.wls_pattern", catalogue_labels("ls.wls_patterns")
        )
        if pattern == "point":
            point = slider(t("ls.wls_point"), 0, len(y) - 1, 0, "ls.wls_point")
            chosen = np.arange(len(y)) == point
        else:
            step = (hi - lo) / 100 if hi > lo else 1.0
            cut = slider(t("ls.wls_cut"), lo, hi, lo + 0.75 * (hi - lo), "ls.wls_cut", step=step)
            chosen = x > cut
        weight = number_slider(t("ls.wls_weight"), "ls.wls_weight", WEIGHTS, 100.0)
    w = np.where(chosen, weight, 1.0)
    pair = fitted(fit_pair, X, y, w, degree)
    if pair is None:
        return
    weighted, ordinary = pair
    axes = data_axes(data.train)
    grid = np.linspace(*axes.x_range, N_CURVE)[:, None]
    fig = base_figure(ctx.style, axes, t("ls.wls_title"))
    for curve in (
        Curve(t("ls.ols"), grid[:, 0], ordinary.predict(grid), TRUTH_COLOR, "dash"),
        Curve(t("ls.wls_curve"), grid[:, 0], weighted.predict(grid), FIT_COLOR),
    ):
        fig.add_trace(line_trace(curve, ctx.style))
    sizes = ctx.style.marker_size * (0.4 + 1.6 * np.sqrt(w / w.max()))
    fig.add_trace(
        points_trace(x, y, t("ls.weighted_points"), ctx.style, color=CLASS_COLORS[0], sizes=sizes)
    )
    if chosen.any():
        fig.add_trace(highlight_trace(x[chosen], y[chosen], t("ls.wls_chosen"), ctx.style))
    if pattern == "right":
        fig.add_vline(x=cut, line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width / 2, dash="dash"))
    move = np.abs(weighted.predict(X) - ordinary.predict(X))
    with main:
        chart(fig, key="ls.wls_chart")
        metrics_row(
            [
                (t("ls.wls_n_chosen"), str(int(chosen.sum()))),
                (t("ls.wls_objective"), fmt(weighted.objective_)),
                (t("ls.ols_objective"), fmt(ordinary.objective_)),
                (t("ls.wls_shift"), fmt(move.max())),
            ]
        )
    formula_panel(
        [
            Formula(
                r"\min_\theta \frac12\sum_{i=1}^n w_i\,(f_\theta(x_i)-y_i)^2,\ "
                rf"w_i = {number(weight)}\ (i \in C,\ |C| = {int(chosen.sum())}),\ w_i = 1\ (i \notin C)",
                "Sugiyama §3.1",
            ),
            Formula(
                rf"\hat\theta = (\Phi^\top W\Phi)^{{\dagger}}\Phi^\top W y = {vector(weighted.theta_)},\quad"
                rf"\hat\theta_{{LS}} = {vector(ordinary.theta_)}",
                "Sugiyama §3.1",
            ),
        ],
        ctx.projector,
    )
    code_view(WeightedLeastSquares, projector=ctx.projector)
