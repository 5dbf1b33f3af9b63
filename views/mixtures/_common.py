"""What the mixture views share: their controls, the data's axes and own groups, and the guarded fit."""

import streamlit as st

from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import number
from ui.figures import Axes
from ui.figures import scatter_axes
from ui.i18n import t
from ui.views import fitted

P = "gmm"
COVS = ["full", "diag", "spherical", "tied"]  # = algorithms.COVARIANCE_TYPES, literal for tests/test_i18n.py
INITS = ["random", "kmeans"]
MAX_K = 8
TOL = 1e-4  # stop when ℓ/n grows by less than this


def k_slider() -> int:
    return slider(t("gmm.k"), 1, MAX_K, 3, "gmm.k")


def cov_choice() -> str:
    return choice(t("gmm.cov"), COVS, "gmm.cov", catalogue_labels("gmm.covs"))


def init_choice() -> str:
    return choice(t("gmm.init"), INITS, "gmm.init", catalogue_labels("gmm.inits"))


def seed_slider() -> int:
    return slider(t("gmm.init_seed"), 0, 50, 0, "gmm.init_seed")


def data_axes(train) -> Axes:
    """Fixed ranges from the data, equal scales unless the units differ a lot."""
    return scatter_axes(train.X, train.feature_names, 0.12)


def fit_components(n: int, k: int, fit, *args):
    """``fit(*args)``, or None once the reason is shown: more components than points, or a failed fit."""
    if k > n:
        st.error(t("gmm.too_few", k=k, n=n))
        return None
    return fitted(fit, *args)


def pair(v) -> str:
    """A point or a short vector in a formula: (0.12,\\ 3.4)."""
    return "(" + r",\ ".join(number(float(x), 3) for x in v) + ")"
