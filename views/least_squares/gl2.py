"""The generalised ℓ2 constraint θᵀGθ ≤ R for b = 2: an ellipse instead of a disc, with G edited by
sliders; the constrained solution is where a contour of J first touches it.

Sugiyama §4.2, Fig 4.8 (spec A4.3): θ̂ = (ΦᵀΦ + λG)⁻¹Φᵀy.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import GeneralizedRidge
from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import Ridge
from algorithms import ellipse_points
from algorithms import squared_loss_grid
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.views import fitted
from views.least_squares._common import LAM_RANGE
from views.least_squares._common import level_lines
from views.least_squares._common import star_marker


@st.cache_data(max_entries=32, show_spinner=False)
def fit_three(X, y, lam, G):
    """Least squares, ridge (G = I) and the generalised constraint, all on φ(x) = (1, x)."""
    G = np.asarray(G)
    return (
        LinearRegression(LinearBasis()).fit(X, y),
        Ridge(lam, LinearBasis()).fit(X, y),
        GeneralizedRidge(lam, G, LinearBasis()).fit(X, y),
    )


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        lam = log_slider(t("ls.lam"), "ls.lam", *LAM_RANGE, 0.1)
        g11 = log_slider("G₁₁", "ls.g11", -2, 2, 1.0)
        g22 = log_slider("G₂₂", "ls.g22", -2, 2, 10.0)
        rho = slider(t("ls.g_rho"), -0.9, 0.9, 0.0, "ls.g_rho", step=0.05, help=t("ls.g_rho_help"))
    g12 = rho * np.sqrt(g11 * g22)
    G = ((g11, g12), (g12, g22))
    fits = fitted(fit_three, X, y, lam, G)
    if fits is None:
        return
    ls_fit, ridge, general = fits
    t_ls, t_r, t_g = ls_fit.theta_, ridge.theta_, general.theta_
    Gm = np.asarray(G)
    R = float(t_g @ Gm @ t_g)
    extent = max(np.abs(t_ls).max(), 0.5) * 1.5
    center = t_ls / 2
    g1 = np.linspace(center[0] - extent, center[0] + extent, 120)
    g2 = np.linspace(center[1] - extent, center[1] + extent, 120)
    J = squared_loss_grid(ls_fit.design(X), y, g1, g2)
    axes = Axes((g1[0], g1[-1]), (g2[0], g2[-1]), "θ₁", "θ₂", equal=True)
    fig = base_figure(ctx.style, axes, t("ls.gl2_title"), legend_rows=2)
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
    boundary = ellipse_points(Gm, R)
    fig.add_trace(
        go.Scatter(
            x=boundary[:, 0],
            y=boundary[:, 1],
            mode="lines",
            fill="toself",
            fillcolor="rgba(213,94,0,0.12)",
            line=dict(color=ALT_COLOR, width=ctx.style.line_width),
            name=t("ls.ellipse"),
        )
    )
    fig.add_trace(star_marker(t_ls, t("ls.ls_solution"), ctx.style, 1.8))
    fig.add_trace(
        points_trace([t_r[0]], [t_r[1]], t("ls.gl2_ridge"), ctx.style, color=TRUTH_COLOR, hollow=True)
    )
    fig.add_trace(
        points_trace([t_g[0]], [t_g[1]], t("ls.gl2_solution"), ctx.style, color=ALT_COLOR, size_scale=1.4)
    )
    with main:
        chart(fig, key="ls.gl2_chart")
        metrics_row(
            [
                (t("ls.gl2_theta"), f"({t_g[0]:.3g}, {t_g[1]:.3g})"),
                (t("ls.theta_ridge"), f"({t_r[0]:.3g}, {t_r[1]:.3g})"),
                (t("ls.gl2_radius"), fmt(R)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"\min_\theta J_{{LS}}(\theta)\ \text{{s.t.}}\ \theta^\top G\theta \le R = {number(R)},\ "
                rf"G = {matrix(Gm)}",
                "Sugiyama §4.2, Fig 4.8",
            ),
            Formula(
                rf"\hat\theta = (\Phi^\top\Phi + \lambda G)^{{-1}}\Phi^\top y = {vector(t_g)},\ "
                rf"\lambda = {number(lam)}",
                "Sugiyama §4.2",
            ),
        ],
        ctx.projector,
    )
    code_view(GeneralizedRidge, projector=ctx.projector)
