"""What the gradient and second-order boosting views share: their controls, f_m on a line, the
stepper's lines and labels."""

import numpy as np

from ui.controls import number_slider
from ui.controls import slider
from ui.explain import fmt
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import TRUTH_COLOR
from views.ensembles._common import RATES
from views.ensembles._common import ROUNDS
from views.ensembles._common import line


def boosting_controls() -> tuple[int, float, int]:
    """Rounds M, learning rate ν and tree depth."""
    rounds = number_slider(t("ens.rounds"), "ens.rounds", ROUNDS[:-1], 30, t("ens.rounds_help"))
    rate = number_slider(t("ens.rate"), "ens.rate", RATES, 0.3, t("ens.rate_help"))
    depth = slider(t("ens.depth"), 1, 6, 2, "ens.depth")
    return rounds, rate, depth


def staged_curves(model, grid) -> np.ndarray:
    """f_0, f_1, …, f_M at the grid points (one row a round)."""
    return np.array([np.full(len(grid), model.init_[0])] + list(model.staged_predict(grid)))


def training_points(X, y, style) -> dict:
    return points_trace(X[:, 0], y, t("ens.train_points"), style, color=CLASS_COLORS[0])


def round_lines(grid, f, m: int, style) -> list[dict]:
    """f_(m−1) dashed and f_m solid."""
    return [
        line(grid, f[m - 1], t("ens.f_before"), TRUTH_COLOR, style, "dash"),
        line(grid, f[m], t("ens.f_after"), FIT_COLOR, style),
    ]


def round_label(model):
    """The stepper's title for step s: the round and its training MSE."""

    def label(s):
        step = model.history_[s]
        return t("ens.gb_label", m=step.round, loss=fmt(step.train_loss))

    return label
