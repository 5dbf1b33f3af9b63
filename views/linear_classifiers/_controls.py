"""Controls several linear-classifier views share: λ with a 0 stop, and the iterative solver
(Newton, gradient descent or SGD) with its learning rate and number of steps."""

from __future__ import annotations

import streamlit as st

from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import series_125
from ui.i18n import t

KERNELS = ["gaussian", "linear"]
BASES = ["linear", "gaussian"]
SOLVERS = ["newton", "gd", "sgd"]
ITERS = {
    "newton": [1, 2, 3, 5, 10, 20, 50, 100],
    "gd": [10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
    "sgd": [100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000],
}
ITER_DEFAULT = {"newton": 20, "gd": 200, "sgd": 5000}
ETA_DEFAULT = {"gd": 1.0, "sgd": 0.1}


def lam_slider(label: str, key: str, lo_exp: int, hi_exp: int, default: float, help: str | None = None):
    """λ on a 1-2-3-5 scale with 0 (no regularisation) as its first stop."""
    return number_slider(label, key, [0.0, *series_125(lo_exp, hi_exp)], default, help)


def width_slider(used: bool = True, help: str | None = None) -> float:
    """The Gaussian width h, one value for the kernel models of every view (1 where none is used)."""
    return log_slider(t("lc.h"), "lc.h", -2, 1, 1.0, help=help) if used else 1.0


def solver_controls(segmented: bool):
    """The solver, its learning rate (not for Newton) and its number of steps."""
    labels = catalogue_labels("lc.solvers")
    solver = choice(t("lc.solver"), SOLVERS, "lc.solver", labels, horizontal=segmented)
    eta = 1.0
    if solver != "newton":
        eta = log_slider(t("lc.eta_lr"), f"lc.{solver}_eta", -3, 1, ETA_DEFAULT[solver])
    iters = st.select_slider(
        t("lc.iterations"), ITERS[solver], ITER_DEFAULT[solver], **bound(f"lc.{solver}_iter")
    )
    return solver, eta, iters
