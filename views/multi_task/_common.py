"""What the multi-task views share: the task controls, the γ choices and the task colours."""

import streamlit as st

from ui.controls import bound
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.figures import legend_rows_needed
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS

GAMMAS = [0.0, 0.001, 0.01, 0.1, 0.3, 1.0, 3.0, 10.0, 100.0, 1000.0]  # 0: independent … 1000: one function


def legend_rows(keys: tuple[str, ...], T: int, style) -> int:
    """Rows the legend needs for the per-task entries ``keys`` (catalogue texts with {t})."""
    return legend_rows_needed([{"name": t(key, t=k + 1)} for k in range(T) for key in keys], style)


def task_color(t_index: int) -> str:
    return CLASS_COLORS[t_index % len(CLASS_COLORS)]


def task_symbol(t_index: int) -> str:
    return CLASS_SYMBOLS[t_index % len(CLASS_SYMBOLS)]


def common_controls(
    n_label: str, n_default: int, n_range: tuple[int, int], spread_default: float, noise: bool = True
) -> dict:
    """T, samples, task difference, (noise), γ, λ, h and the seed, keyed mtl.*."""
    values = dict(
        T=slider(t("mtl.T"), 2, 5, 3, "mtl.T"),
        gamma=number_slider(t("mtl.gamma"), "mtl.gamma", GAMMAS, 1.0, help=t("mtl.gamma_help")),
        lam=log_slider(t("mtl.lam"), "mtl.lam", -3, 1, 0.1),
        h=log_slider(t("mtl.h"), "mtl.h", -1, 1, 1.0),
        n=slider(n_label, *n_range, n_default, "mtl.n"),
        spread=slider(
            t("mtl.spread"), 0.0, 3.0, spread_default, "mtl.spread", step=0.1, help=t("mtl.spread_help")
        ),
    )
    values["noise"] = slider(t("mtl.noise"), 0.0, 0.5, 0.1, "mtl.noise", step=0.01) if noise else 0.0
    values["seed"] = int(st.number_input(t("mtl.seed"), 0, 9999, 0, step=1, **bound("mtl.seed")))
    return values
