"""LQG: a double integrator whose position is seen through a noisy sensor, driven to 0 by the LQR gain
acting on the Kalman filter's mean, against the same LQR acting on the true state (same noise).

CS229 Part XIV §4 (seed 001 M59–M60): a_t = L_t s_{t|t} (the seed misprints L_T); the policy does
not depend on the noise, so the certainty-equivalent controller is optimal.
"""

import numpy as np
import streamlit as st

from algorithms import lqg_rollout
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import padded_range
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import TRUTH_COLOR
from ui.views import fitted
from views.reinforcement_learning._linear import DT

A = np.array([[1.0, DT], [0.0, 1.0]])
B = np.array([[DT ** 2 / 2], [DT]])
C = np.array([[1.0, 0.0]])


@st.cache_data(max_entries=32, show_spinner=False)
def run(sensor, process, r, T, seed):
    return lqg_rollout(A, B, C, np.eye(2), r * np.eye(1), process * np.eye(2), [[sensor]], [1.0, 0.0],
                       [0.0, 0.0], np.eye(2), T, random_state=seed)


def render(ctx, controls, main):
    with controls:
        sensor = log_slider(t("rl.sensor_noise"), "rl.lqg_sensor", -3, 0, 0.01,
                            help=t("rl.sensor_noise_help"))
        process = log_slider(t("rl.process_noise"), "rl.lqg_process", -5, -1, 1e-4,
                             help=t("rl.process_noise_help"))
        r = log_slider(t("rl.r"), "rl.lqg_r", -2, 2, 1.0, help=t("rl.r_help"))
        T = slider(t("rl.horizon"), 10, 200, 100, "rl.lqg_T")
        seed = slider(t("rl.seed"), 0, 20, 0, "rl.lqg_seed")
    with main:
        out = fitted(run, sensor, process, r, T, seed)
        if out is None:
            return
        steps = np.arange(T + 1)
        curves = [
            Curve(t("rl.lqr_true"), steps, out["lqr_states"][:, 0], TRUTH_COLOR, "dash"),
            Curve(t("rl.lqg_true"), steps, out["lqg_states"][:, 0], BLUE),
            Curve(t("rl.lqg_estimate"), steps, out["estimates"][:, 0], ALT_COLOR, "dot"),
        ]
        values = np.r_[out["lqr_states"][:, 0], out["lqg_states"][:, 0], out["estimates"][:, 0]]
        axes = Axes((0, T), padded_range(values, 0.1), "t", t("rl.position"))
        figure = curves_figure(curves, axes, ctx.style, title=t("rl.lqg_title"), legend_rows=2)
        chart(figure, key="rl.lqg_chart")
        metric_rows([
            (t("rl.lqr_cost"), fmt(out["lqr_cost"], 4)),
            (t("rl.lqg_cost"), fmt(out["lqg_cost"], 4)),
            (t("rl.K_inf"), vector_text(out["gain"], 3)),
        ], ctx.projector)
    formula_panel([
        Formula(r"a_t = -K\,s_{t|t},\quad s_{t|t} = E[s_t \mid y_1,\dots,y_t]",
                "CS229 XIV §4, M59 (L_t, not L_T)"),
        Formula(rf"K = {vector_text(out['gain'], 3)}", "CS229 XIV §2, Fact 3", t("rl.fact3")),
    ], ctx.projector)
    code_view(lqg_rollout, projector=ctx.projector)
