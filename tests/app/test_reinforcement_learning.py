"""The reinforcement learning & control page as a user sees it (AppTest): book presets and numbers,
clicks on the grid, and the messages for impossible settings."""

import numpy as np

from algorithms import GridWorld
from algorithms import KalmanFilter
from algorithms import parse_layout
from algorithms import simulate_tracking
from algorithms import value_iteration
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "reinforcement_learning.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "rl.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_cs229_grid_preset_shows_the_books_values():
    """CS229 XIII: V(start) = 0.78 with γ = 0.99, R = −0.02, slip 0.2; VI and PI agree."""
    at = choose_preset(open_page(PAGE), "CS229 XIII")
    shown = metrics(at)
    assert shown["Same policy"] == "yes" and float(shown["max |V_VI − V_PI|"]) < 1e-8
    rewards, walls, terminals = parse_layout("...+;.#.-;....", -0.02)
    vi = value_iteration(GridWorld(rewards, walls, terminals, 0.2, 0.99))
    assert shown["Value-iteration sweeps"] == str(vi.n_iter)
    # the inspected cell (row 3, column 3) goes West (CS229: away from the −1)
    backup = next(m.value for m in at.markdown if "Bellman update" in m.value)
    assert f"**{vi.values[vi.values.size - 2]:.4f}**" in backup
    assert np.round(vi.values[-4], 2) == 0.78


def test_painting_a_wall_that_cuts_off_the_goal_gives_a_message():
    at = open_page(PAGE, {"rl.layout": "..#+;..#-;..#."})
    assert not at.exception
    assert any("No terminal" in e.value for e in at.error)


def test_gamma_one_without_terminal_cells_is_refused_in_words():
    at = open_page(PAGE, {"rl.layout": "...;...", "rl.gamma": "1.0"})
    assert not at.exception and any("γ = 1" in e.value for e in at.error)


def test_policy_iteration_counts_its_changes():
    at = open_page(PAGE, {"rl.method": "pi"})
    assert not at.exception
    assert int(metrics(at)["Policy-iteration rounds"]) < int(metrics(at)["Value-iteration sweeps"])


def test_scalar_lqr_preset_is_the_books_oracle():
    """CS229 XIV §2: A = B = U = W = 1, Φ_T = −1 → K = 0.5 (L = −0.5) and P = 1.5 one step back."""
    at = choose_preset(open_page(PAGE), "CS229 XIV: scalar")
    latex = " ".join(formulas(at))
    assert r"K_{4}" in latex and "0.5" in latex and "1.5" in latex
    assert metrics(at)["K∞ (infinite horizon)"] == "(0.618)"  # the golden ratio's inverse: P∞ = φ


def test_an_unstable_unreachable_system_has_no_stabilising_gain():
    at = open_page(PAGE, {"rl.view": "lqr", "rl.system": "scalar", "rl.a": "1.5", "rl.b": "0.0"})
    assert not at.exception
    assert any("No stabilising gain" in e.value for e in at.error)
    assert metrics(at)["K∞ (infinite horizon)"] == "—"


def test_kalman_preset_matches_the_filter():
    at = choose_preset(open_page(PAGE), "CS229 XIV §4")
    A = np.array([[1.0, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0], [0, 0, 0, 1]])
    C = np.eye(2, 4)
    Ss, Sy = 0.01 * np.diag([0.25, 0.25, 1.0, 1.0]), np.eye(2)
    states, Y = simulate_tracking(A, C, Ss, Sy, [0.0, 0.0, 1.0, 0.5], 30, random_state=0)
    kf = KalmanFilter(A, C, Ss, Sy, np.zeros(4), 10 * np.eye(4)).fit(Y)
    shown = metrics(at)
    assert shown["Final gain K (x ← y_x)"] == f"{kf.gains_[-1][0, 0]:.3g}"
    assert float(shown["RMSE of the filter"]) < float(shown["RMSE of the observations"])


def test_lqg_costs_more_than_lqr_on_the_true_state():
    at = open_page(PAGE, {"rl.view": "lqg"})
    shown = metrics(at)
    assert float(shown["Cost, LQR on the true state"]) <= float(shown["Cost, LQG"])


def test_chinese_labels():
    at = open_page(PAGE, lang="zh")
    assert not at.exception and "值迭代轮数" in metrics(at)


def test_two_goals_preset_heads_for_the_far_goal_only_with_time_enough():
    """CS229 XIV §1 (M55): +10 eight steps away, +1 two steps away."""
    at = choose_preset(open_page(PAGE), "CS229 XIV §1")
    shown = metrics(at)
    assert shown["V*₀(start)"] == "10" and shown["Planned walk from the start"] == "→" * 8
    at = open_page(PAGE, {"rl.view": "horizon", "rl.step_reward": "0.0", "rl.slip": "0.0", "rl.fh_T": "5"})
    assert metrics(at)["Reward reached"] == "1" and metrics(at)["Planned walk from the start"] == "↑↑"


def test_model_based_preset_learns_the_transitions():
    at = choose_preset(open_page(PAGE), "CS229 XIII §3")
    shown = metrics(at)
    assert shown["Trials run"] == "100" and float(shown["|V̂ − V*| at the start"]) < 0.1


def test_a_coarse_grid_strands_the_car_and_fitted_vi_drives_it_up():
    """CS229 XIII §4.1 (M52): a piecewise-constant V on 7 × 7 cells cannot see the car move."""
    at = choose_preset(open_page(PAGE), "CS229 XIII §4.1")
    shown = metrics(at)
    assert shown["Decisions to the goal (grid)"] == "stuck"
    assert int(shown["Decisions to the goal (fitted)"]) < 60 and shown["States k^n"] == "7^2 = 49"
    at = open_page(PAGE, {"rl.view": "continuous", "rl.cells": "41", "rl.dims": "10"})
    shown = metrics(at)
    assert int(shown["Decisions to the goal (grid)"]) < 60 and shown["States k^n"] == "41^10 = 1.34e+16"


def test_linearisation_at_the_top_and_lqr_holding_the_pendulum():
    """CS229 XIV §3.1: near θ̄ the models agree; the LQR of the linearisation holds the true pendulum."""
    at = open_page(PAGE, {"rl.view": "linearise", "rl.lin_start": "10"})
    assert float(metrics(at)["Largest gap (degrees)"]) < float(
        metrics(open_page(PAGE, {"rl.view": "linearise", "rl.lin_start": "60"}))["Largest gap (degrees)"])
    at = open_page(PAGE, {"rl.view": "linearise", "rl.lin_start": "30", "rl.lin_control": "true"})
    assert abs(float(metrics(at)["Final angle of the true pendulum"])) < 3
    assert "0.4905" in " ".join(formulas(at))  # ∂θ̇'/∂θ = dt·g/l
