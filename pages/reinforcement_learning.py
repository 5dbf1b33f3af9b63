"""Reinforcement learning & control (CS229 Parts XIII–XIV, seed 001 M48–M60).

No data set: every view simulates its own world. An editable grid world solved by value and
policy iteration, model-based RL learning the grid's transitions, finite-horizon backward DP,
a car on a hill by discretisation and fitted value iteration, LQR by the Riccati recursion
(corrected gain, seed 001 errata 20–22) with the pendulum's linearisation, and the Kalman filter
with LQG.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.reinforcement_learning import continuous
from views.reinforcement_learning import grid
from views.reinforcement_learning import horizon
from views.reinforcement_learning import kalman
from views.reinforcement_learning import linearise
from views.reinforcement_learning import lqg
from views.reinforcement_learning import lqr
from views.reinforcement_learning import model

P = "rl"
VIEWS = (grid, model, horizon, continuous, lqr, linearise, kalman, lqg)
PRESETS = {
    "rl_cs229_grid": {
        "rl.view": "grid", "rl.world": "cs229", "rl.layout": "...+;.#.-;....", "rl.step_reward": -0.02,
        "rl.slip": 0.2, "rl.gamma": 0.99, "rl.method": "vi", "rl.row": 3, "rl.col": 3,
    },
    "rl_lqr_scalar": {
        "rl.view": "lqr", "rl.system": "scalar", "rl.a": 1.0, "rl.b": 1.0, "rl.q": 1.0, "rl.r": 1.0,
        "rl.T": 5, "rl.noise": 0.0, "rl.lqr.step": 0,
    },
    "rl_kalman_track": {"rl.view": "kalman", "rl.kf_q": 0.01, "rl.kf_r": 1.0, "rl.kf_T": 30, "rl.kf_seed": 0},
    "rl_model_based": {
        "rl.view": "model", "rl.world": "cs229", "rl.layout": "...+;.#.-;....", "rl.step_reward": -0.02,
        "rl.slip": 0.2, "rl.gamma": 0.9, "rl.rounds": 10, "rl.trials": 10, "rl.epsilon": 0.2, "rl.mb_seed": 0,
    },
    "rl_two_goals": {
        "rl.view": "horizon", "rl.world": "two_goals", "rl.layout": "+........;.#######.;........*",
        "rl.step_reward": 0.0, "rl.slip": 0.0, "rl.fh_T": 8,
    },
    "rl_car_coarse": {
        "rl.view": "continuous", "rl.car_gamma": 0.95, "rl.start_x": -0.5, "rl.cells": 7, "rl.centres": 7,
        "rl.samples": 400, "rl.fvi_iter": 60, "rl.car_seed": 0, "rl.dims": 2,
    },
}

ctx = page_frame(P)
preset_picker(PRESETS, "rl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
