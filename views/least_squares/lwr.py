"""Locally weighted regression: a query point, its Gaussian weights, and the local line fitted there.

CS229 Part I §4 (M08).
"""

import numpy as np
import streamlit as st

from algorithms import LinearRegression
from algorithms import LocallyWeightedRegression
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import editable_chart
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
from ui.figures import line_trace
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.least_squares._common import data_axes


@st.cache_data(max_entries=16, show_spinner=False)
def fit_curves(X, y, tau, grid):
    """Ordinary least squares and LWR over the grid (a local fit per grid point; the query slider
    leaves them as they are)."""
    lwr = LocallyWeightedRegression(tau).fit(X, y)
    return LinearRegression().fit(X, y).predict(grid[:, None]), lwr.predict(grid[:, None])


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    lo, hi = float(X.min()), float(X.max())
    with controls:
        tau = log_slider(t("ls.tau"), "ls.tau", -2, 1, 0.5)
        step = (hi - lo) / 100 if hi > lo else 1.0
        query = slider(t("ls.query"), lo, hi, (lo + hi) / 2, "ls.query", step=step)
    lwr = LocallyWeightedRegression(tau).fit(X, y)
    axes = data_axes(data.train)
    grid = np.linspace(*axes.x_range, 300)
    w = lwr.weights(np.array([[query]]))[0]
    theta_q = lwr.local_theta(np.array([[query]]))[0]
    ols_curve, lwr_curve = fit_curves(X, y, tau, grid)
    fig = base_figure(ctx.style, axes, t("ls.lwr_title"))
    fig.add_trace(line_trace(Curve(t("ls.ols"), grid, ols_curve, TRUTH_COLOR, "dash"), ctx.style))
    fig.add_trace(line_trace(Curve(t("ls.lwr_curve"), grid, lwr_curve, FIT_COLOR), ctx.style))
    local_x = np.linspace(max(axes.x_range[0], query - 3 * tau), min(axes.x_range[1], query + 3 * tau), 50)
    fig.add_trace(
        line_trace(
            Curve(t("ls.local_line"), local_x, theta_q[0] + theta_q[1] * local_x, ALT_COLOR, "dot"), ctx.style
        )
    )
    sizes = ctx.style.marker_size * (0.5 + 1.6 * np.sqrt(w))
    fig.add_trace(
        points_trace(
            X[:, 0],
            y,
            t("ls.weighted_points"),
            ctx.style,
            color=CLASS_COLORS[0],
            sizes=sizes,
            customdata=np.arange(len(y)),
        )
    )
    fig.add_vline(x=query, line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width / 2, dash="dash"))
    prediction = theta_q[0] + theta_q[1] * query
    with main:
        editable_chart(fig, "ls", data, axes.x_range, axes.y_range, key="ls.lwr_chart")
        metrics_row(
            [
                (t("ls.query_value"), fmt(query)),
                (t("ls.prediction"), fmt(prediction)),
                (t("ls.effective_n"), fmt(w.sum() ** 2 / (w @ w), 3)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"w^{{(i)}} = \exp\!\Big(-\frac{{(x^{{(i)}} - x)^2}}{{2\tau^2}}\Big),"
                rf"\ \tau = {number(tau)},\ x = {number(query)}",
                "CS229 Part I §4 (M08)",
            ),
            Formula(
                rf"\theta(x) = \arg\min_\theta \sum_i w^{{(i)}}(y^{{(i)}} - \theta^\top \hat x^{{(i)}})^2 = "
                rf"{vector(theta_q)},\ \theta(x)^\top\hat x = {number(prediction)}",
                "CS229 Part I §4 (M08)",
            ),
        ],
        ctx.projector,
    )
    code_view(LocallyWeightedRegression, projector=ctx.projector)
