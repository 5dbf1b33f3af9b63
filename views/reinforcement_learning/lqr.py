"""Linear quadratic regulation: the Riccati recursion stepped backwards from the horizon, the gains
K_t over time, and the closed-loop trajectory against the open loop (noise changes the path, not the
gains).

CS229 Part XIV §2 (seed 001 M56), with the corrected gain and Riccati equation (errata 20–22):
L_t = (W − BᵀΦ_{t+1}B)⁻¹BᵀΦ_{t+1}A, here K_t = −L_t with P_t = −Φ_t.
"""

import numpy as np
import streamlit as st

from algorithms import finite_horizon_lqr
from algorithms import lqr
from algorithms import lqr_rollout
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import TRUTH_COLOR
from ui.views import fitted
from views.reinforcement_learning._linear import system_controls
from views.reinforcement_learning._linear import weight_controls

GAIN_COLORS = (BLUE, ALT_COLOR)


@st.cache_data(max_entries=32, show_spinner=False)
def solve(A, B, Q, R, T, sigma, seed):
    n = A.shape[0]
    plan = finite_horizon_lqr(A, B, Q, R, T, Sigma=sigma ** 2 * np.eye(n))
    x0 = np.ones(n) if n == 1 else np.array([1.0, 0.0])
    closed, _ = lqr_rollout(A, B, plan.K, x0, T)
    noisy, _ = lqr_rollout(A, B, plan.K, x0, T, sigma ** 2 * np.eye(n), random_state=seed)
    open_loop, _ = lqr_rollout(A, B, np.zeros_like(plan.K), x0, T)
    return plan, closed, noisy, open_loop


@st.cache_data(max_entries=32, show_spinner=False)
def infinite_gain(A, B, Q, R):
    return lqr(A, B, Q, R)


def render(ctx, controls, main):
    with controls:
        system, A, B = system_controls()
        Q, R = weight_controls(A.shape[0])
        T = slider(t("rl.horizon"), 5, 100, 40, "rl.T", help=t("rl.horizon_help"))
        sigma = slider(t("rl.noise"), 0.0, 0.3, 0.05, "rl.noise", step=0.01, help=t("rl.noise_help"))
        seed = slider(t("rl.seed"), 0, 20, 0, "rl.seed")
    with main:
        solved = fitted(solve, A, B, Q, R, T, sigma, seed)
        if solved is None:
            return
        plan, closed, noisy, open_loop = solved
        K_inf = fitted(infinite_gain, A, B, Q, R)
        left, right = columns_or_stacked(ctx.projector, 2, gap="medium")
        with left:
            riccati_stepper(ctx, plan, T)
        with right:
            trajectory_chart(ctx, closed, noisy, open_loop)
        metric_rows([
            (t("rl.K0"), vector_text(plan.K[0], 3)),
            (t("rl.K_inf"), "—" if K_inf is None else vector_text(K_inf, 3)),
            (t("rl.P0"), fmt(float(plan.P[0][0, 0]), 4)),
            (t("rl.noise_cost"), fmt(float(plan.c[0]), 3)),
        ], ctx.projector)
    formula_panel(formulas(A, B, Q, R, plan, st.session_state.get("rl.lqr.step", T - 1), T), ctx.projector)
    code_view(finite_horizon_lqr, lqr, projector=ctx.projector)


def riccati_stepper(ctx, plan, T):
    """Step i of the backward pass has computed K_{T−1} … K_{T−1−i}."""
    K = plan.K.reshape(T, -1)
    lo, hi = padded_range(np.r_[K.ravel(), 0.0], 0.1)
    axes = Axes((-0.5, T - 0.5), (lo, hi), "t", t("rl.gain_axis"))
    names = [t("rl.gain_position"), t("rl.gain_velocity")] if K.shape[1] == 2 else ["K_t"]
    static = base_figure(ctx.style, axes, " ", legend_rows=1)

    def frame(step):
        ts = np.arange(T - 1 - step, T)
        curves = [Curve(names[j], ts, K[ts, j], GAIN_COLORS[j]) for j in range(K.shape[1])]
        return [line_trace(c, ctx.style) | {"mode": "lines+markers"} for c in curves]

    def label(step):
        t_now = T - 1 - step
        return t("rl.riccati_title", t=t_now, k=vector_text(plan.K[t_now], 3))

    stepper("rl.lqr", T, StepView(static, frame, label))


def trajectory_chart(ctx, closed, noisy, open_loop):
    steps = np.arange(len(closed))
    curves = [
        Curve(t("rl.closed_loop"), steps, closed[:, 0], BLUE),
        Curve(t("rl.closed_noisy"), steps, noisy[:, 0], BLUE, "dot"),
        Curve(t("rl.open_loop"), steps, open_loop[:, 0], TRUTH_COLOR, "dash"),
    ]
    values = np.r_[closed[:, 0], noisy[:, 0], np.clip(open_loop[:, 0], -5, 5)]
    axes = Axes((0, len(steps) - 1), padded_range(values, 0.1), "t", t("rl.state_axis"))
    chart(curves_figure(curves, axes, ctx.style, title=t("rl.trajectory_title"), legend_rows=2),
          key="rl.trajectory")


def formulas(A, B, Q, R, plan, step, T) -> list[Formula]:
    t_now = int(np.clip(T - 1 - step, 0, T - 1))
    P_next = plan.P[t_now + 1]
    return [
        Formula(rf"K_{{{t_now}}} = (R + B^\top P_{{{t_now + 1}}} B)^{{-1}} B^\top P_{{{t_now + 1}}} A = "
                rf"(\,{matrix(R)} + {matrix(B.T @ P_next @ B)}\,)^{{-1}} {matrix(B.T @ P_next @ A)} = "
                rf"{matrix(plan.K[t_now])}", "CS229 XIV §2, M56 (corrected, errata 21)"),
        Formula(rf"P_{{{t_now}}} = Q + A^\top P_{{{t_now + 1}}} A - A^\top P_{{{t_now + 1}}} B K_{{{t_now}}}"
                rf" = {matrix(plan.P[t_now])},\quad \Phi_t = -P_t",
                "CS229 XIV §2, Riccati (corrected, errata 22)"),
        Formula(rf"u_t = -K_t x_t,\quad \Psi_t = \Psi_{{t+1}} + \mathrm{{tr}}(\Sigma\Phi_{{t+1}}),"
                rf"\ -\Psi_0 = {number(plan.c[0])}", "CS229 XIV §2, Fact 3"),
    ]
