"""What the robust-regression views share: the model controls, loss colours, the last good fit, axes."""

import numpy as np
import streamlit as st

from algorithms import GaussianBasis
from algorithms import PolynomialBasis
from algorithms import subsample
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import padded_range
from ui.figures import plain
from ui.i18n import t
from ui.theme import FIT_COLOR
from ui.theme import ORANGE
from ui.theme import PURPLE
from ui.theme import VERMILLION

MODELS = ["linear", "polynomial"]  # unregularised kernel models are too ill-conditioned for IRLS
SPARSE_MODELS = ["gaussian", "linear", "polynomial"]  # the ℓ1 view: the book's kernel model first
LOSSES = ("l2", "l1", "huber", "tukey")
LOSS_STYLE = {  # colour and dash per loss; ℓ2 in the book's green
    "l2": (FIT_COLOR, "solid"),
    "l1": (PURPLE, "dash"),
    "huber": (VERMILLION, "solid"),
    "tukey": (ORANGE, "dashdot"),
}
ETA_RANGE = (-2, 1)  # η from 0.01 (≈ ℓ1, Fig 6.3) to 10 (≈ ℓ2)
KERNEL_CENTRES = 50  # above this n the kernel model uses 50 random inputs as centres (Sugiyama §2.2)
FIT_MAX = 500  # the views fit at most this many points (a random subset), so every control stays quick
N_CURVE = 400


def model_controls(models: list[str] = MODELS):
    """Model choice and its parameter; returns (model, degree, h) for :func:`make_basis`."""
    model = choice(t("rob.model"), models, "rob.model", catalogue_labels("rob.models"), default=models[0])
    degree = slider(t("rob.degree"), 1, 10, 3, "rob.degree") if model == "polynomial" else 3
    h = log_slider(t("rob.h"), "rob.h", -1, 1, 0.3) if model == "gaussian" else 0.3
    return model, degree, h


def make_basis(model: str, degree: int, h: float):
    """None selects the estimators' own linear model (with its unpenalised intercept)."""
    if model == "polynomial":
        return PolynomialBasis(degree)
    if model == "gaussian":
        return GaussianBasis(h, n_centers=KERNEL_CENTRES)
    return None


def eta_slider(key: str = "rob.eta", default: float = 1.0) -> float:
    return log_slider(t("rob.eta"), key, *ETA_RANGE, default, help=t("rob.eta_help"))


def training(ctx, limit: int = FIT_MAX):
    """The first input feature and the target (the page fits 1-D curves), at most ``limit`` points."""
    train = ctx.data.train
    if train.X.shape[1] > 1:
        st.caption(t("rob.first_feature", name=train.feature_names[0]))
    if len(train.y) > limit:
        st.caption(t("rob.subset", m=limit, n=len(train.y)))
    return subsample(train.X[:, :1], train.y, limit)


def keep_last_good(key: str, fit, X, y, *args):
    """``fit(X, y, *args)`` with the data it saw; on a ValueError the message, and the last good result
    (its own data) stays on screen. Returns (result, X, y) or None."""
    try:
        result = (fit(X, y, *args), X, y)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        kept = st.session_state.get(f"{key}.last_good")
        if kept is not None:
            st.caption(t("rob.kept"))
        return kept
    st.session_state[f"{key}.last_good"] = result
    return result


def shown_points(ctx):
    """The current training points as drawn (all of them, edits included: clicks address them)."""
    train = ctx.data.train
    return train.X[:, 0], train.y


def curve_axes(ctx) -> Axes:
    """Fixed ranges from the data only, so the frame does not jump when the fit changes."""
    x, y = shown_points(ctx)
    train = ctx.data.train
    return Axes(
        padded_range(x, 0.05), padded_range(y, 0.15), plain(train.feature_names[0]), plain(train.target_name)
    )


def truth_curves(ctx, grid) -> list[Curve]:
    truth = ctx.data.train.truth
    return [] if truth is None else [Curve(t("rob.truth"), grid, truth(grid), TRUTH_COLOR, "dot", 0.7)]


def loss_curve(loss: str, model, grid, label: str | None = None) -> Curve:
    color, dash = LOSS_STYLE[loss]
    return Curve(label or t(f"rob.losses.{loss}"), grid, model.predict(grid[:, None]), color, dash)


def grid_of(axes: Axes) -> np.ndarray:
    return np.linspace(*axes.x_range, N_CURVE)
