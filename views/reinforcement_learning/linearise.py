"""Linearising a non-linear system: the inverted pendulum's true dynamics against its linearisation
around a chosen angle, from the same start; the error grows with the distance from the linearisation
point. Optionally an LQR designed on the linearisation at the top holds the true pendulum up.

CS229 Part XIV §3.1 (seed 001 M57): s_{t+1} ≈ F(s̄, ā) + ∇_sF(s̄, ā)(s_t − s̄) + ∇_aF(s̄, ā)(a_t − ā).
"""

import numpy as np
import streamlit as st

from algorithms import Pendulum
from algorithms import affine_rollout
from algorithms import linearise
from algorithms import lqr
from ui.charts import chart
from ui.controls import bound
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import padded_range
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.views import fitted
from views.reinforcement_learning._linear import weight_controls


@st.cache_data(max_entries=32, show_spinner=False)
def simulate(point_deg, start_deg, T, control, Q, R):
    pendulum = Pendulum()
    s_bar = np.array([np.radians(point_deg), 0.0])
    A, B, k = linearise(pendulum.step, s_bar, [0.0])
    gain = lqr(*linearise(pendulum.step, [0.0, 0.0], [0.0])[:2], Q, R) if control else None
    s0 = np.array([np.radians(start_deg), 0.0])
    return A, B, k, pendulum.simulate(s0, T, gain), affine_rollout(A, B, k, s0, T, gain)


def render(ctx, controls, main):
    with controls:
        point = slider(t("rl.lin_point"), -90, 90, 0, "rl.lin_point", step=5, help=t("rl.lin_point_help"))
        start = slider(t("rl.lin_start"), -90, 90, 10, "rl.lin_start", step=5)
        T = slider(t("rl.lin_T"), 5, 60, 30, "rl.lin_T")
        control = st.toggle(t("rl.lin_control"), help=t("rl.lin_control_help"), **bound("rl.lin_control"))
        Q, R = weight_controls(2) if control else (np.eye(2), np.eye(1))
    with main:
        out = fitted(simulate, point, start, T, control, Q, R)
        if out is None:
            return
        A, B, k, true_path, linear_path = out
        steps = np.arange(T + 1)
        true_deg, linear_deg = np.degrees(true_path[:, 0]), np.degrees(linear_path[:, 0])
        curves = [Curve(t("rl.true_dynamics"), steps, true_deg, BLUE),
                  Curve(t("rl.linear_dynamics"), steps, linear_deg, ALT_COLOR, "dash")]
        shown = np.clip(np.r_[true_deg, linear_deg], -400, 400)
        axes = Axes((0, T), padded_range(shown, 0.1), t("rl.lin_t"), t("rl.angle"))
        fig = curves_figure(curves, axes, ctx.style, title=t("rl.lin_title", p=point), legend_rows=2)
        chart(fig, key="rl.lin_chart")
        gap = float(np.max(np.abs(true_deg - linear_deg)))
        metric_rows([(t("rl.lin_gap"), fmt(gap, 3)), (t("rl.lin_final"), fmt(float(true_deg[-1]), 3))],
                    ctx.projector)
    formula_panel([
        Formula(rf"A = \nabla_s F = {matrix(A, 4)},\quad B = \nabla_a F = {matrix(B, 3)},\quad "
                rf"k = {matrix(k[:, None], 3)}", "CS229 XIV §3.1, (3)"),
        Formula(rf"\bar\theta = {number(point)}^\circ:\ s_{{t+1}} \approx A s_t + B a_t + k",
                "CS229 XIV §3.1 (the seed misprints B s_t)"),
    ], ctx.projector)
    code_view(linearise, Pendulum, projector=ctx.projector)
