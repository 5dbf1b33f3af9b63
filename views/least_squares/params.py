"""The parameter space for b = 2: error contours, the ℓ2 disc, and the ridge path towards the origin.

Sugiyama §4.2, (4.1)–(4.3), Fig 4.3: the constrained solution is where a contour of J first
touches the disc ‖θ‖² ≤ R.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import Ridge
from algorithms import ridge_path
from algorithms import squared_loss_grid
from ui.charts import chart
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from views.least_squares._common import LAM_RANGE
from views.least_squares._common import data_axes
from views.least_squares._common import fit_figure
from views.least_squares._common import level_lines
from views.least_squares._common import star_marker


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        lam = log_slider(t("ls.lam"), "ls.lam", *LAM_RANGE, 0.1)
        st.caption(t("ls.params_help"))
    ls_fit = LinearRegression(LinearBasis()).fit(X, y)
    ridge = Ridge(lam, LinearBasis()).fit(X, y)
    Phi = ls_fit.design(X)
    path = ridge_path(Phi, y, np.logspace(-4, 5, 120))
    t_ls, t_r = ls_fit.theta_, ridge.theta_
    extent = max(np.abs(t_ls).max(), 0.5) * 1.5
    center = t_ls / 2
    g1 = np.linspace(center[0] - extent, center[0] + extent, 120)
    g2 = np.linspace(center[1] - extent, center[1] + extent, 120)
    J = squared_loss_grid(Phi, y, g1, g2)
    axes = Axes((g1[0], g1[-1]), (g2[0], g2[-1]), "θ₁", "θ₂", equal=True)
    fig = base_figure(ctx.style, axes, t("ls.params_title"))
    levels = np.quantile(J, np.linspace(0.02, 0.9, 14))
    fig.add_trace(
        level_lines(
            g1,
            g2,
            np.log(J - J.min() + 1e-9),
            1.2,
            start=float(np.log(levels[0] - J.min() + 1e-9)),
            end=float(np.log(levels[-1] - J.min())),
            size=0.35,
        )
    )
    radius = float(np.sqrt(t_r @ t_r))
    angle = np.linspace(0, 2 * np.pi, 200)
    fig.add_trace(
        go.Scatter(
            x=radius * np.cos(angle),
            y=radius * np.sin(angle),
            mode="lines",
            fill="toself",
            fillcolor="rgba(213,94,0,0.12)",
            line=dict(color=ALT_COLOR, width=ctx.style.line_width),
            name=t("ls.disc"),
        )
    )
    fig.add_trace(
        line_trace(Curve(t("ls.ridge_path"), path[:, 0], path[:, 1], TRUTH_COLOR, "dot"), ctx.style)
    )
    fig.add_trace(star_marker(t_ls, t("ls.ls_solution"), ctx.style, 1.8))
    fig.add_trace(
        points_trace([t_r[0]], [t_r[1]], t("ls.ridge_solution"), ctx.style, color=ALT_COLOR, size_scale=1.4)
    )
    fit_axes = data_axes(data.train)
    grid = np.linspace(*fit_axes.x_range, 100)
    fits = [
        Curve(t("ls.ls_solution"), grid, ls_fit.predict(grid[:, None]), HIGHLIGHT_COLOR, "dash"),
        Curve(t("ls.ridge_solution"), grid, ridge.predict(grid[:, None]), ALT_COLOR),
    ]
    fit_fig = fit_figure(X[:, 0], y, fits, fit_axes, ctx.style, t("ls.params_fit_title"))
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(fig, key="ls.params_chart")
        with right:
            chart(fit_fig, key="ls.params_fit")
        metrics_row(
            [
                (t("ls.theta_ls"), f"({t_ls[0]:.3g}, {t_ls[1]:.3g})"),
                (t("ls.theta_ridge"), f"({t_r[0]:.3g}, {t_r[1]:.3g})"),
                (t("ls.radius"), fmt(radius**2)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"\min_\theta J_{{LS}}(\theta)\ \text{{s.t.}}\ \|\theta\|^2 \le R = {number(radius**2)}",
                "Sugiyama §4.2, (4.1)",
            ),
            Formula(
                rf"\hat\theta(\lambda) = (\Phi^\top\Phi + \lambda I)^{{-1}}\Phi^\top y = {vector(t_r)},\ "
                rf"\lambda = {number(lam)}",
                "Sugiyama (4.2)–(4.3)",
            ),
        ],
        ctx.projector,
    )
    code_view(Ridge, projector=ctx.projector)


