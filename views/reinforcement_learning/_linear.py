"""What the linear-system views share: the two systems (a scalar one and a double integrator) and
their controls."""

from __future__ import annotations

import numpy as np

from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.i18n import t

SYSTEMS = ["double", "scalar"]
DT = 0.1


def system_controls() -> tuple[str, np.ndarray, np.ndarray]:
    """The system x_{t+1} = A x_t + B u_t: a scalar (a, b sliders) or the double integrator."""
    system = choice(t("rl.system"), SYSTEMS, "rl.system", catalogue_labels("rl.systems"))
    if system == "scalar":
        a = slider(t("rl.a"), 0.5, 1.5, 1.0, "rl.a", step=0.05, help=t("rl.a_help"))
        b = slider(t("rl.b"), 0.0, 1.0, 1.0, "rl.b", step=0.05, help=t("rl.b_help"))
        return system, np.array([[a]]), np.array([[b]])
    return system, np.array([[1.0, DT], [0.0, 1.0]]), np.array([[DT ** 2 / 2], [DT]])


def weight_controls(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Q = q·I (the book's U) and R = r·I (the book's W)."""
    q = log_slider(t("rl.q"), "rl.q", -2, 2, 1.0, help=t("rl.q_help"))
    r = log_slider(t("rl.r"), "rl.r", -2, 2, 1.0, help=t("rl.r_help"))
    return q * np.eye(n), r * np.eye(1)
