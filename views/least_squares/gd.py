"""CS229 gradient descent on the housing rows: batch and stochastic paths over the contours of J,
the normal-equation optimum, and the effect of feature scaling on the condition number.

CS229 Part I §1 (LMS, M02), §2.2 (normal equations, M05).
"""

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import GradientDescentRegressor
from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import SGDRegressor
from algorithms import gram_spectrum
from algorithms import squared_loss_grid
from ui.charts import chart
from ui.controls import bound
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import points_trace
from ui.figures import safe_range
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from views.least_squares._common import data_seed
from views.least_squares._common import level_lines
from views.least_squares._common import star_marker


@st.cache_data(max_entries=32, show_spinner=False)
def gradient_runs(X, y, scale, alpha_fraction, iters, seed):
    """Batch GD, SGD (same start θ = 0) and the normal equations on the same design, the step size
    a fraction of the largest stable one, 2/λ_max(ΦᵀΦ), and κ(ΦᵀΦ)."""
    basis = LinearBasis(standardize=scale).fit(X)
    Phi = basis.transform(X)
    top, condition = gram_spectrum(Phi)
    alpha = alpha_fraction * 2.0 / top
    bgd = GradientDescentRegressor(alpha, LinearBasis(scale), max_iter=iters, tol=0.0).fit(X, y)
    sgd = SGDRegressor(
        alpha,
        LinearBasis(scale),
        max_iter=iters,
        tol=0.0,
        n_snapshots=iters,
        theta0=np.zeros(Phi.shape[1]),
        random_state=seed,
    ).fit(X, y)
    normal = LinearRegression(LinearBasis(scale)).fit(X, y)
    return bgd, sgd, normal, Phi, condition


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        use_all = False
        if data.train.X.shape[1] > 1:
            use_all = st.toggle(t("ls.bedrooms"), **bound("ls.bedrooms"))
        scale = st.toggle(t("ls.scale"), value=True, **bound("ls.scale"))
        alpha_fraction = st.select_slider(
            t("ls.alpha"),
            [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 0.95, 1.05],
            0.5,
            **bound("ls.alpha"),
            help=t("ls.alpha_help"),
        )
        iters = st.select_slider(
            t("ls.gd_iters"), [10, 20, 50, 100, 200, 500, 1000], 100, **bound("ls.gd_iters")
        )
    X = data.train.X if use_all else data.train.X[:, :1]
    y = data.train.y
    bgd, sgd, normal, Phi, cond = gradient_runs(X, y, scale, alpha_fraction, iters, data_seed())
    j_star = normal.objective_
    history = bgd.history_
    with main:
        if Phi.shape[1] == 2:
            gd_stepper(bgd, sgd, normal, Phi, y, ctx, scale)
        else:
            st.info(t("ls.gd_3d"))
        n_b = len(history)
        gap_b = np.array([h.loss - j_star for h in history])
        gap_s = np.array([h.loss - j_star for h in sgd.history_])
        steps_s = np.array([h.step for h in sgd.history_], float)
        curves = [
            Curve(t("ls.bgd"), np.arange(n_b, dtype=float), np.maximum(gap_b, 1e-14), CLASS_COLORS[0]),
            Curve(t("ls.sgd"), steps_s, np.maximum(gap_s, 1e-14), ALT_COLOR),
        ]
        top = max(gap_b.max(), gap_s.max(), 1e-12)
        fig = curves_figure(
            curves,
            Axes(
                (0, max(iters, 1)),
                safe_range(1e-14 if top > 1e-8 else 1e-16, top * 3, True),
                t("ls.iteration"),
                t("ls.gap_axis"),
            ),
            ctx.style,
            log_y=True,
            title=t("ls.gd_loss_title"),
            height=300,
        )
        chart(fig, key="ls.gd_loss")
        metrics_row(
            [
                (t("ls.condition"), fmt(cond, 3)),
                (t("ls.alpha_value"), fmt(bgd.alpha, 3)),
                (t("ls.objective"), fmt(bgd.history_[-1].loss)),
                (t("ls.optimum"), fmt(j_star)),
            ]
        )
        st.dataframe(theta_table(bgd, sgd, normal, data.train), hide_index=True)
        if bgd.diverged_ or bgd.alpha >= bgd.step_limit_:  # J rose, or will: α is past 2/λmax
            st.warning(t("ls.diverged"))
    formula_panel(
        [
            Formula(
                rf"\theta := \theta - \alpha\,\Phi^\top(\Phi\theta - y),\ \alpha = {number(bgd.alpha)} = "
                rf"{alpha_fraction:g}\cdot\frac{{2}}{{\lambda_{{\max}}(\Phi^\top\Phi)}}",
                "CS229 Part I §1 (LMS, M02)",
            ),
            Formula(
                rf"\Phi^\top\Phi\,\theta = \Phi^\top y \Rightarrow \theta = {vector(normal.theta_)},\ "
                rf"\kappa(\Phi^\top\Phi) = {number(cond)}",
                "CS229 Part I §2.2 (normal equations, M05)",
            ),
        ],
        ctx.projector,
    )
    code_view(GradientDescentRegressor, LinearBasis, projector=ctx.projector)


def theta_table(bgd, sgd, normal, train) -> pd.DataFrame:
    """θ of each method in the units of the raw features (CS229 prints θ₀ = 71.27, θ₁ = 0.1345)."""
    rows = {t("ls.bgd"): bgd, t("ls.sgd"): sgd, t("ls.normal_eq"): normal}
    names = ["θ₀", *[f"θ{chr(0x2081 + j)}" for j in range(len(normal.theta_) - 1)]]
    table = pd.DataFrame(
        [model.basis_.to_original(model.theta_) for model in rows.values()], columns=names
    ).round(4)
    table.insert(0, t("ls.method"), list(rows))
    return table


def gd_stepper(bgd, sgd, normal, Phi, y, ctx, scale):
    """Contours of J over (θ₀, θ₁) with the batch and stochastic paths and the normal-equation optimum."""
    path_b = np.array([h.theta for h in bgd.history_])
    path_s = np.array([h.theta for h in sgd.history_])
    star = normal.theta_
    pts = np.vstack([path_b, star[None, :]])
    lo, hi = pts.min(0), pts.max(0)
    span = np.maximum(hi - lo, np.abs(star) * 0.2 + 1e-9)
    lo, hi = lo - 0.15 * span, hi + 0.15 * span
    g0, g1 = np.linspace(lo[0], hi[0], 110), np.linspace(lo[1], hi[1], 110)
    J = squared_loss_grid(Phi, y, g0, g1)
    axes = Axes(
        (lo[0], hi[0]),
        (lo[1], hi[1]),
        "θ₀" + (t("ls.scaled") if scale else ""),
        "θ₁" + (t("ls.scaled") if scale else ""),
    )
    static = base_figure(ctx.style, axes)
    static.add_trace(level_lines(g0, g1, np.log(J - normal.objective_ + 1e-12), 1, ncontours=18))
    for path, name, color in ((path_b, t("ls.bgd"), CLASS_COLORS[0]), (path_s, t("ls.sgd"), ALT_COLOR)):
        look = dict(mode="lines", name=name, line=dict(color=color, width=1), opacity=0.5)
        static.add_trace(go.Scatter(x=path[:, 0], y=path[:, 1], **look))
    static.add_trace(star_marker(star, t("ls.normal_eq"), ctx.style, 2))
    steps_s = np.array([h.step for h in sgd.history_])

    def frame(s):
        k = int(np.searchsorted(steps_s, bgd.history_[s].step, side="right") - 1)
        return [
            points_trace(
                [path_b[s, 0]], [path_b[s, 1]], t("ls.bgd"), ctx.style, color=CLASS_COLORS[0], size_scale=1.4
            ),
            points_trace(
                [path_s[k, 0]],
                [path_s[k, 1]],
                t("ls.sgd"),
                ctx.style,
                color=ALT_COLOR,
                symbol="x",
                size_scale=1.4,
            ),
        ]

    view = StepView(static, frame, lambda s: t("ls.gd_label", step=s, loss=fmt(bgd.history_[s].loss)))
    stepper("ls.gd", len(bgd.history_), view)


