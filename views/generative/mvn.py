"""The multivariate normal distribution: its density as μ and Σ move, its 1σ/2σ/3σ ellipses, and the
conditional p(x₁ | x₂ = c) beside the marginal p(x₁).

CS229 Part IV §1.1 (M17: the notes' Σ = I, 0.6I, 2I, the ±0.5 and ±0.8 correlations, with the
translator's sign correction of the third figure set) and Part X §2 (M43: marginals and conditionals).
This view draws a distribution, not the data set of the sidebar.
"""

import numpy as np
import streamlit as st

from algorithms import covariance_ellipse
from algorithms import gaussian_conditional
from algorithms import gaussian_log_density
from algorithms import gaussian_shape
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import column
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import FIT_COLOR

LIMIT = 4.5  # the plane shown: [−4.5, 4.5]²
STEP = 0.05


@st.cache_data(max_entries=32, show_spinner=False)
def density_grid(mean, cov):
    """The density on the plot grid (float32, for a small chart)."""
    gx, gy, pts = grid_points((-LIMIT, LIMIT), (-LIMIT, LIMIT), 90)
    z = np.exp(gaussian_log_density(pts, mean, np.asarray(cov)[None])[:, 0])
    return gx, gy, z.reshape(len(gy), len(gx)).astype(np.float32)


def covariance_limit(var1: float, var2: float) -> float:
    """|Σ₁₂| < σ₁σ₂ keeps Σ positive definite; the slider stops at 95 % of it, on its 0.05 grid."""
    return round(float(np.floor(0.95 * np.sqrt(var1 * var2) / STEP)) * STEP, 2)


def render(ctx, controls, main):
    with controls:
        mu1 = slider(t("gen.mvn_mu1"), -2.0, 2.0, 0.0, "gen.mu1", step=0.1)
        mu2 = slider(t("gen.mvn_mu2"), -2.0, 2.0, 0.0, "gen.mu2", step=0.1)
        var1 = slider(t("gen.mvn_var1"), 0.2, 3.0, 1.0, "gen.var1", step=0.1)
        var2 = slider(t("gen.mvn_var2"), 0.2, 3.0, 1.0, "gen.var2", step=0.1)
        limit = covariance_limit(var1, var2)
        cov12 = slider(
            t("gen.mvn_cov12"), -limit, limit, 0.0, "gen.cov12", step=STEP, help=t("gen.mvn_cov12_help")
        )
        c = slider(t("gen.mvn_x2"), -3.0, 3.0, 1.0, "gen.x2", step=0.1, help=t("gen.mvn_x2_help"))
        st.caption(t("gen.mvn_caption"))
    mean = np.array([mu1, mu2])
    cov = np.array([[var1, cov12], [cov12, var2]])
    shape = gaussian_shape(cov)
    cond_mean, cond_var = (float(v.squeeze()) for v in gaussian_conditional(mean, cov, c))
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            chart(plane_figure(mean, cov, c, ctx.style), key="gen.mvn_chart")
        with right:
            chart(slice_figure(mean, cov, c, cond_mean, cond_var, ctx.style), key="gen.mvn_slice")
        metric_rows(
            [
                (t("gen.mvn_det"), fmt(shape.det, 4)),
                (t("gen.mvn_lambda1"), fmt(shape.eigenvalues[0], 4)),
                (t("gen.mvn_lambda2"), fmt(shape.eigenvalues[1], 4)),
                (t("gen.mvn_angle"), f"{shape.angle:.1f}°"),
                (t("gen.mvn_cond_mean"), fmt(cond_mean, 4)),
                (t("gen.mvn_cond_var"), fmt(cond_var, 4)),
                (t("gen.mvn_marg_var"), fmt(var1, 4)),
            ],
            ctx.projector,
        )
    formula_panel(formulas(mean, cov, c, shape, cond_mean, cond_var), ctx.projector)
    code_view(gaussian_conditional, projector=ctx.projector)


def plane_figure(mean, cov, c, style):
    """Density shading, the 1σ/2σ/3σ ellipses, the mean and the slice x₂ = c."""
    gx, gy, z = density_grid(tuple(mean), tuple(map(tuple, cov)))
    traces = [
        dict(
            type="heatmap",
            x=gx,
            y=gy,
            z=z,
            colorscale=[[0, "#ffffff"], [1, "#3b6fb6"]],
            showscale=False,
            hoverinfo="skip",
            name="",
        )
    ]
    for r in (1, 2, 3):
        ring = covariance_ellipse(mean, cov, r)
        curve = Curve(
            t("gen.mvn_ring", r=r), ring[:, 0], ring[:, 1], BLACK, {1: "solid", 2: "dash", 3: "dot"}[r]
        )
        traces.append(line_trace(curve, style))
    slice_line = Curve(
        t("gen.mvn_slice_line", c=number(c)), np.array([-LIMIT, LIMIT]), np.array([c, c]), ALT_COLOR, "dash"
    )
    traces.append(line_trace(slice_line, style))
    traces.append(points_trace([mean[0]], [mean[1]], "μ", style, BLACK, "star", 1.9))
    axes = Axes((-LIMIT, LIMIT), (-LIMIT, LIMIT), "x₁", "x₂", equal=True)
    return figure(style, axes, t("gen.mvn_title"), traces, height=style.figure_height + 120, legend="bottom")


def slice_figure(mean, cov, c, cond_mean, cond_var, style):
    """p(x₁ | x₂ = c) = N(μ₁|₂, Σ₁|₂) against the marginal p(x₁) = N(μ₁, Σ₁₁)."""
    x = np.linspace(-LIMIT, LIMIT, 301)
    conditional = np.exp(gaussian_log_density(x[:, None], [cond_mean], [[[cond_var]]])[:, 0])
    marginal = np.exp(gaussian_log_density(x[:, None], mean[:1], cov[None, :1, :1])[:, 0])
    curves = [
        Curve(t("gen.mvn_conditional", c=number(c)), x, conditional, ALT_COLOR),
        Curve(t("gen.mvn_marginal"), x, marginal, FIT_COLOR, "dash"),
    ]
    top = float(max(conditional.max(), marginal.max()))
    axes = Axes((-LIMIT, LIMIT), (0, top * 1.1), "x₁", t("gen.mvn_density"))
    return figure(
        style, axes, t("gen.mvn_slice_title"), [line_trace(cv, style) for cv in curves], legend="bottom"
    )


def formulas(mean, cov, c, shape, cond_mean, cond_var) -> list[Formula]:
    return [
        Formula(
            r"p(x;\mu,\Sigma)=\frac{1}{2\pi|\Sigma|^{1/2}}"
            r"\exp\!\Big(-\tfrac12(x-\mu)^\top\Sigma^{-1}(x-\mu)\Big),\ "
            rf"\mu = {column(mean)},\ \Sigma = {matrix(cov)},\ |\Sigma| = {number(shape.det)},\ "
            rf"p(\mu) = {number(shape.peak)}",
            "CS229 Part IV §1.1",
        ),
        Formula(
            rf"\mu_{{1|2}} = \mu_1 + \Sigma_{{12}}\Sigma_{{22}}^{{-1}}(x_2-\mu_2) = {number(mean[0])} + "
            rf"\frac{{{number(cov[0, 1])}}}{{{number(cov[1, 1])}}}\cdot({number(c - mean[1])}) = "
            rf"{number(cond_mean)}",
            "CS229 Part X §2, (1)",
        ),
        Formula(
            rf"\Sigma_{{1|2}} = \Sigma_{{11}} - \Sigma_{{12}}\Sigma_{{22}}^{{-1}}\Sigma_{{21}} = "
            rf"{number(cov[0, 0])} - "
            rf"\frac{{{number(cov[0, 1])}^2}}{{{number(cov[1, 1])}}} = {number(cond_var)}",
            "CS229 Part X §2, (2)",
        ),
    ]
