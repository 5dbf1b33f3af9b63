"""What the transfer-learning views share: the two samples of a density-ratio or -difference set,
the σ × λ cross-validation heat-map and the sample rugs."""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.controls import set_values
from ui.figures import points_trace
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.theme import BLUE
from ui.theme import VERMILLION


def two_samples(train, seed: int):
    """(X, X′, split): the set's own second sample ``extra['X_prime']``, else (a CSV or edited set) a
    random half of the points as X′ and the rest as X."""
    if "X_prime" in train.extra:
        return np.asarray(train.X, float), np.asarray(train.extra["X_prime"], float), False
    order = np.random.default_rng(seed).permutation(len(train.X))
    half = len(order) // 2
    return train.X[np.sort(order[half:])], train.X[np.sort(order[:half])], True


def rug_traces(X, X_prime, level: float, step: float, names: tuple[str, str], style) -> list[dict]:
    """The two samples as tick rugs at heights ``level`` and ``level − step`` under the curves."""
    return [
        points_trace(sample[:, 0], np.full(len(sample), y), name, style, color, "line-ns", 1.4, hollow=True)
        for sample, y, name, color in (
            (X, level, names[0], BLUE), (X_prime, level - step, names[1], VERMILLION)
        )
    ]


def cv_heatmap(cv, sigma: float, lam: float, prefix: str, style) -> go.Figure:
    """The held-out score over the σ × λ grid (rows σ), the minimiser starred, the current cell boxed."""
    best_sigma, best_lam = cv.best
    sigmas, lams = list(cv.sigmas), list(cv.lams)
    best = (sigmas.index(best_sigma), lams.index(best_lam))
    current = (sigmas.index(sigma), lams.index(lam)) if sigma in sigmas and lam in lams else None
    return heatmap_figure(
        cv.scores, [f"{v:g}" for v in lams], [f"{v:g}" for v in sigmas], ("λ", "σ"), style,
        best=best, selected=current, colorbar_title=t("tl.cv_score"), title=t("tl.cv_title"),
        best_name=t("tl.cv_best_cell"), selected_name=t("tl.cv_current_cell"),
    )


def use_best_button(cv, sigma: float, lam: float, prefix: str) -> None:
    best_sigma, best_lam = cv.best
    st.button(
        t("tl.use_best", sigma=f"{best_sigma:g}", lam=f"{best_lam:g}"),
        on_click=set_values,
        args=({f"{prefix}.sigma": best_sigma, f"{prefix}.lam": best_lam},),
        icon=":material/star:",
        disabled=(best_sigma, best_lam) == (sigma, lam),
        key=f"{prefix}.use_best",
    )
