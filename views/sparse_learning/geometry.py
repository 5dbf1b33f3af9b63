"""The geometry of b = 2: error ellipses of J_LS against the ℓ2 disc, the ℓ1 diamond, the ℓp ball and the
elastic-net ball; the constrained solution sits where the smallest ellipse touches the ball.

Sugiyama §5.1 (Figs 5.1–5.2: the ℓ1 solution on a corner, θ₁ = 0), §5.4 (Figs 5.9–5.10: ℓp balls, only p = 1
is convex and sparse), §5.5 (Fig 5.11: the τ = ½ elastic-net ball, pointed like ℓ1 though it looks like ℓ1.4).
"""

import numpy as np
import streamlit as st

from algorithms import ball_boundary
from algorithms import ball_norm
from algorithms import constrained_optimum
from algorithms import quadratic_grid
from ui.charts import chart
from ui.contours import level_lines
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import figure
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR

DATA = DataRequest("regression", 1, "sinc")
BALLS = ["l1", "l2", "lp", "enet"]
LIMIT = 3.2  # the plot shows [−3.2, 3.2]²
P_OPTIONS = [round(0.5 + 0.1 * i, 1) for i in range(26)]


def ball_spec(ball: str, p: float, tau: float) -> tuple[str, float, float]:
    """(kind, p, τ) for algorithms.ball_norm: ℓ1 and ℓ2 are ℓp balls with p = 1 and 2."""
    return {"l1": ("lp", 1.0, 0.0), "l2": ("lp", 2.0, 0.0), "lp": ("lp", p, 0.0), "enet": ("enet", 1.0, tau)}[
        ball
    ]


@st.cache_data(max_entries=64, show_spinner=False)
def solve(rho, c1, c2, ball, p, tau, radius):
    """Only algorithms/ computes: the grid of J, the balls and the constrained optimum."""
    A, centre = np.array([[1.0, rho], [rho, 1.0]]), np.array([c1, c2])
    kind, pp, tt = ball_spec(ball, p, tau)
    grid = np.linspace(-LIMIT, LIMIT, 161)
    J = quadratic_grid(A, centre, grid, grid)
    best = constrained_optimum(A, centre, kind, radius, pp, tt)
    j_best = float(quadratic_grid(A, centre, [best[0]], [best[1]])[0, 0])
    outlines = {name: ball_boundary(*_outline_args(name, p, tau, radius)) for name in BALLS}
    zoom = ball_boundary("lp", radius, 1.4) if ball == "enet" else None
    return grid, J, best, j_best, outlines, zoom, float(ball_norm(centre, kind, pp, tt))


def _outline_args(name, p, tau, radius):
    kind, pp, tt = ball_spec(name, p, tau)
    return kind, radius, pp, tt


def outline(points, name, colour, style, dash="solid", fill=False, width=1.0):
    trace = dict(
        type="scatter",
        mode="lines",
        x=points[:, 0],
        y=points[:, 1],
        name=name,
        line=dict(color=colour, dash=dash, width=style.line_width * width),
    )
    if fill:
        trace.update(fill="toself", fillcolor="rgba(0,158,115,0.15)")
    return trace


def render(ctx, controls, main):
    with controls:
        ball = choice(t("sp.ball"), BALLS, "sp.ball", catalogue_labels("sp.balls"), default="l1")
        p = st.select_slider(t("sp.p"), P_OPTIONS, 1.4, **bound("sp.p")) if ball == "lp" else 1.4
        tau = slider(t("sp.tau"), 0.0, 1.0, 0.5, "sp.tau", step=0.05) if ball == "enet" else 0.5
        radius = slider(t("sp.radius"), 0.25, 2.0, 1.0, "sp.radius", step=0.05)
        c1 = slider(t("sp.c1"), -3.0, 3.0, 0.8, "sp.c1", step=0.1)
        c2 = slider(t("sp.c2"), -3.0, 3.0, 2.4, "sp.c2", step=0.1)
        rho = slider(t("sp.rho"), -0.9, 0.9, 0.5, "sp.rho", step=0.1)
        st.caption(t("sp.geometry_help"))
    grid, J, best, j_best, outlines, zoom, centre_norm = solve(rho, c1, c2, ball, p, tau, radius)
    style = ctx.style
    level = np.sqrt(2.0 * J)  # evenly spaced ellipses: the levels of √(2J) grow linearly away from the centre
    top = float(level.max())
    traces = [level_lines(grid, level, "J", start=0.4, end=top, size=0.4, color=BLUE, width=1.0)]
    if j_best > 1e-9:
        touch = float(np.sqrt(2.0 * j_best))
        traces.append(
            level_lines(
                grid, level, t("sp.touching"), start=touch, end=touch, size=1.0, color=HIGHLIGHT_COLOR,
                width=2.5, showlegend=True,
            )
        )
    for name in BALLS:
        if name != ball and name in ("l1", "l2"):
            traces.append(
                outline(outlines[name], t(f"sp.balls.{name}"), TRUTH_COLOR, style, "dot", width=0.8)
            )
    traces.append(outline(outlines[ball], t(f"sp.balls.{ball}"), FIT_COLOR, style, fill=True, width=1.3))
    traces.append(points_trace([c1], [c2], t("sp.ls_optimum"), style, symbol="x", color=BLUE, size_scale=1.4))
    traces.append(
        points_trace(
            [best[0]], [best[1]], t("sp.constrained"), style, symbol="star", color=ALT_COLOR, size_scale=1.8
        )
    )
    axes = Axes((-LIMIT, LIMIT), (-LIMIT, LIMIT), "θ₁", "θ₂", equal=True)
    fig = figure(style, axes, t("sp.geometry_title"), traces, legend="bottom")
    sparse = bool(np.any(best == 0))
    with main:
        if zoom is not None:
            left, right = columns_or_stacked(ctx.projector, [3, 2])
        else:
            left, right = st.container(), None
        with left:
            chart(fig, key="sp.geometry_chart")
        if right is not None:
            zoom_traces = [
                outline(outlines["enet"], t("sp.balls.enet"), FIT_COLOR, style, width=1.3),
                outline(zoom, t("sp.l14"), ALT_COLOR, style, "dash"),
            ]
            zoom_axes = Axes(
                (radius * 0.8, radius * 1.08), (-radius * 0.14, radius * 0.14), "θ₁", "θ₂", equal=True
            )
            with right:
                chart(
                    figure(style, zoom_axes, t("sp.zoom_title"), zoom_traces, legend="bottom"), key="sp.zoom"
                )
        metrics_row(
            [
                (t("sp.solution"), f"({best[0]:.3g}, {best[1]:.3g})"),
                (t("sp.sparse"), t("sp.yes") if sparse else t("sp.no")),
                (t("sp.j_value"), fmt(j_best)),
            ]
        )
        if centre_norm <= radius:
            st.caption(t("sp.inside"))
    kind, pp, tt = ball_spec(ball, p, tau)
    norm_tex = {
        "l1": r"\|\theta\|_1 = |\theta_1| + |\theta_2|",
        "l2": r"\|\theta\|_2 = \sqrt{\theta_1^2 + \theta_2^2}",
        "lp": rf"\|\theta\|_{{{number(pp)}}} = (|\theta_1|^{{{number(pp)}}} + |\theta_2|^{{{number(pp)}}})"
        rf"^{{1/{number(pp)}}}",
        "enet": rf"(1-\tau)\|\theta\|_1 + \tau\|\theta\|_2^2,\ \tau = {number(tt)}",
    }[ball if ball in ("l1", "l2") else kind]
    formula_panel(
        [
            Formula(
                rf"\min_\theta\ \tfrac12(\theta - \hat\theta_{{LS}})^\top A(\theta - \hat\theta_{{LS}})\ "
                rf"\text{{s.t.}}\ {norm_tex} \le R = {number(radius)}",
                "Sugiyama §5.1, §5.4–5.5",
            ),
            Formula(
                rf"\hat\theta = ({number(best[0])},\ {number(best[1])}),\ "
                rf"A = \begin{{pmatrix}}1 & {number(rho)}\\{number(rho)} & 1\end{{pmatrix}}",
                "Sugiyama Fig 5.2",
            ),
        ],
        ctx.projector,
    )
    code_view(constrained_optimum, ball_boundary, projector=ctx.projector)
