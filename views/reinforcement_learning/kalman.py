"""The Kalman filter tracking a noisy 2-D trajectory (constant-velocity model): the true path, the
noisy observations, the filtered means with their 2σ covariance ellipses, and the gain over time.

CS229 Part XIV §4 (seed 001 M60): predict s_{t+1|t} = As_{t|t}, Σ_{t+1|t} = AΣ_{t|t}Aᵀ + Σ_s;
update with K_t = Σ_{t+1|t}Cᵀ(CΣ_{t+1|t}Cᵀ + Σ_y)⁻¹.
"""

import numpy as np
import streamlit as st

from algorithms import KalmanFilter
from algorithms import covariance_ellipse
from algorithms import simulate_tracking
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.figures import safe_range
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import TRUTH_COLOR
from ui.views import fitted

A = np.array([[1.0, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0], [0, 0, 0, 1]])
C = np.array([[1.0, 0, 0, 0], [0, 1, 0, 0]])
START = np.array([0.0, 0.0, 1.0, 0.5])


@st.cache_data(max_entries=32, show_spinner=False)
def track(q, r, T, seed):
    Ss, Sy = q * np.diag([0.25, 0.25, 1.0, 1.0]), r * np.eye(2)
    states, Y = simulate_tracking(A, C, Ss, Sy, START, T, random_state=seed)
    kf = KalmanFilter(A, C, Ss, Sy, np.zeros(4), 10.0 * np.eye(4)).fit(Y)
    ellipses = covariance_ellipse(kf.means_[:, :2], kf.covariances_[:, :2, :2], 2.0, 60)
    return states, Y, kf, ellipses


def render(ctx, controls, main):
    with controls:
        q = log_slider(t("rl.process_noise"), "rl.kf_q", -3, 0, 0.01, help=t("rl.process_noise_help"))
        r = log_slider(t("rl.sensor_noise"), "rl.kf_r", -2, 1, 1.0, help=t("rl.sensor_noise_help"))
        T = slider(t("rl.track_length"), 1, 60, 30, "rl.kf_T")
        seed = slider(t("rl.seed"), 0, 20, 0, "rl.kf_seed")
    with main:
        result = fitted(track, q, r, T, seed)
        if result is None:
            return
        states, Y, kf, ellipses = result
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="medium")
        with left:
            tracking_stepper(ctx, states, Y, kf, ellipses)
        with right:
            gain_chart(ctx, kf)
        truth = states[1:, :2]
        metric_rows([
            (t("rl.rmse_obs"), fmt(float(np.sqrt(np.mean((Y - truth) ** 2))), 3)),
            (t("rl.rmse_filter"), fmt(float(np.sqrt(np.mean((kf.means_[1:, :2] - truth) ** 2))), 3)),
            (t("rl.final_gain"), fmt(float(kf.gains_[-1][0, 0]), 3)),
        ], ctx.projector)
    step = int(np.clip(st.session_state.get("rl.kf.step", T), 1, T))
    formula_panel(formulas(kf, step), ctx.projector)
    code_view(KalmanFilter, projector=ctx.projector)


def tracking_stepper(ctx, states, Y, kf, ellipses):
    everything = np.vstack([states[:, :2], Y, ellipses.reshape(-1, 2)])
    axes = scatter_axes(everything, ("x", "y"), 0.05, equal=True)
    static = base_figure(ctx.style, axes, " ", ctx.style.figure_height + 60, legend_rows=2)

    def frame(step):
        path, means, ring = states[: step + 1], kf.means_[: step + 1], ellipses[step]
        return [
            line_trace(Curve(t("rl.true_path"), path[:, 0], path[:, 1], TRUTH_COLOR), ctx.style),
            points_trace(Y[:step, 0], Y[:step, 1], t("rl.observations"), ctx.style, ALT_COLOR, "x"),
            line_trace(Curve(t("rl.filtered"), means[:, 0], means[:, 1], BLUE), ctx.style)
            | {"mode": "lines+markers"},
            line_trace(Curve(t("rl.ellipse"), ring[:, 0], ring[:, 1], BLUE, "dot"), ctx.style),
            polylines_trace(ellipses[: step + 1 : 5], t("rl.past_ellipses"), TRUTH_COLOR, 1.0),
        ]

    def label(step):
        return t("rl.kf_title", t=step, trace=fmt(float(np.trace(kf.covariances_[step][:2, :2])), 3))

    stepper("rl.kf", len(kf.means_), StepView(static, frame, label))


def gain_chart(ctx, kf):
    steps = np.arange(1, len(kf.gains_) + 1)
    gain = kf.gains_[:, 0, 0]
    spread = np.sqrt(kf.covariances_[1:, 0, 0])
    curves = [Curve(t("rl.gain_curve"), steps, gain, BLUE),
              Curve(t("rl.sd_curve"), steps, spread, ALT_COLOR, "dash")]
    axes = Axes((1, max(len(steps), 2)), safe_range(0.0, float(max(gain.max(), spread.max())) * 1.1), "t", "")
    chart(curves_figure(curves, axes, ctx.style, title=t("rl.gain_title"), legend_rows=2, markers=True),
          key="rl.kf_gain")


def formulas(kf, step) -> list[Formula]:
    P_pred = kf.predicted_covariances_[step - 1]
    return [
        Formula(r"s_{t+1|t} = A s_{t|t},\quad \Sigma_{t+1|t} = A\Sigma_{t|t}A^\top + \Sigma_s",
                "CS229 XIV §4, M60"),
        Formula(rf"K_{{{step}}} = \Sigma_{{t+1|t}}C^\top(C\Sigma_{{t+1|t}}C^\top + \Sigma_y)^{{-1}} = "
                rf"{matrix(kf.gains_[step - 1], 3)}", "CS229 XIV §4, Kalman gain"),
        Formula(rf"\Sigma_{{t+1|t+1}} = \Sigma_{{t+1|t}} - K_t C \Sigma_{{t+1|t}}:\ "
                rf"{matrix(P_pred[:2, :2], 3)} \to {matrix(kf.covariances_[step][:2, :2], 3)}",
                "CS229 XIV §4, update (position block)"),
    ]
