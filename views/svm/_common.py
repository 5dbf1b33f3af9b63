"""What the SVM views share: the margin and kernel controls, the cached SMO fit, the training samples
a view may fit, the plane's axes, and the lines f = 0, ±1 and α = C drawn in several figures."""

import math

import numpy as np
import streamlit as st

from algorithms import SVC
from ui.contours import level_trace
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.explain import nice_number
from ui.explain import number
from ui.figures import Axes
from ui.figures import padded_range
from ui.figures import plain
from ui.i18n import t
from ui.theme import GREEN
from ui.theme import PURPLE

KERNELS = ["linear", "poly", "gaussian"]
COEF0_OPTIONS = [0.0, 0.5, 1.0, 2.0, 5.0]
MAX_ITER = 20_000
MAX_N = 1000  # larger data sets (CSV files) are subsampled: the kernel matrix is n × n
FREE_COLOR, BOUND_COLOR = GREEN, PURPLE
F_LINES = {"f0": (1.0, "solid"), "f1": (0.6, "dash")}  # width scale and dash of f = 0 and f = ±1


@st.cache_resource(max_entries=48, show_spinner=False)
def fit_svc(X, y, C, kernel, sigma, degree, coef0, tol, selection):
    """The fitted SVC, shared read-only (cache_resource: a long SMO history would be slow to unpickle)."""
    return SVC(
        C=C,
        kernel=kernel,
        sigma=sigma,
        degree=degree,
        coef0=coef0,
        tol=tol,
        max_iter=MAX_ITER,
        selection=selection,
    ).fit(X, y)


def margin_controls() -> tuple[bool, float]:
    """The hard-margin toggle and, for a soft margin, C; returns (hard, C) with C = ∞ if hard."""
    hard = st.toggle(t("svm.hard"), help=t("svm.hard_help"), **bound("svm.hard"))
    C = math.inf if hard else log_slider(t("svm.C"), "svm.C", -2, 3, 1.0, help=t("svm.C_help"))
    return hard, C


def svm_controls():
    """C / hard margin and the kernel with its parameters; returns hard, C, kernel, σ, p and c."""
    hard, C = margin_controls()
    kernel = choice(t("svm.kernel"), KERNELS, "svm.kernel", catalogue_labels("svm.kernels"), default="linear")
    sigma, degree, coef0 = 1.0, 3, 1.0
    if kernel == "gaussian":
        sigma = log_slider(t("svm.sigma"), "svm.sigma", -2, 1, 1.0, help=t("svm.sigma_help"))
    elif kernel == "poly":
        degree = slider(t("svm.degree"), 1, 6, 3, "svm.degree")
        coef0 = number_slider(t("svm.coef0"), "svm.coef0", COEF0_OPTIONS, 1.0, help=t("svm.coef0_help"))
    return hard, C, kernel, sigma, degree, coef0


def training_samples(data, main, binary: bool):
    """The samples a view fits (at most MAX_N), or None once a message says why there are none."""
    X, y = data.train.X, data.train.y
    n_classes = len(np.unique(y))
    if n_classes < 2:
        st.warning(t("svm.one_class"), icon=":material/warning:")
        return None
    if binary and n_classes != 2:
        with main:
            st.info(t("svm.binary_only"), icon=":material/info:")
        return None
    if len(y) <= MAX_N:
        return X, y
    st.info(t("svm.subsampled", n=len(y), m=MAX_N), icon=":material/info:")
    keep = np.sort(np.random.default_rng(0).choice(len(y), MAX_N, replace=False))  # the same every time
    return X[keep], np.asarray(y)[keep]


def plane_axes(train) -> Axes:
    """The data plane: padded ranges of the two features, free aspect."""
    X = train.X
    return Axes(
        padded_range(X[:, 0]),
        padded_range(X[:, 1]),
        plain(train.feature_names[0]),
        plain(train.feature_names[1]),
    )


def error_rate(pred, y) -> float:
    """The share of wrong predictions."""
    return float(np.mean(np.asarray(pred) != np.asarray(y)))


def held_out_error(model, test) -> float | None:
    """The error on the test set, if it has labels the model knows."""
    if test is not None and test.y is not None and set(np.unique(test.y)) <= set(model.classes_):
        return error_rate(model.predict(test.X), test.y)
    return None


def kernel_latex(kernel, sigma, degree, coef0) -> str:
    """The kernel K(x, z) with its parameters, for a formula."""
    if kernel == "gaussian":
        return rf"K(x,z) = \exp\!\Big(-\frac{{\|x-z\|^2}}{{2\sigma^2}}\Big),\ \sigma = {number(sigma)}"
    if kernel == "poly":
        return rf"K(x,z) = (x^\top z + c)^p,\ c = {number(coef0)},\ p = {degree}"
    return r"K(x,z) = x^\top z"


def w_latex(model) -> str:
    """The linear SVM's w = (w₁, w₂) for a formula; simple fractions as fractions (Li Hang's 1/2)."""
    return rf"({nice_number(model.w_[0])},\ {nice_number(model.w_[1])})^\top"


def stop_message(model):
    """A warning when SMO stopped before the KKT conditions held (max_iter, stalled, unbounded)."""
    if model.stop_reason_ != "kkt":
        st.warning(t(f"svm.stop_{model.stop_reason_}", n=model.n_iter_), icon=":material/warning:")


def f_line(level: str, style, xs=None, ys=None, **extra) -> dict:
    """The line f = 0 (``level`` "f0") or f = ±1 ("f1") as traced; without points, its legend entry."""
    width, dash = F_LINES[level]
    xs, ys = ([None], [None]) if xs is None else (xs, ys)
    return level_trace(xs, ys, t(f"svm.{level}"), style, width=width, dash=dash, **extra)


def index_range(n: int) -> tuple[float, float]:
    """The x range of a bar per sample (1 … n)."""
    return 0.3, n + 0.7


def c_line(n: int, C: float, width: float, **extra) -> dict:
    """The dashed line α = C across the bars of n samples."""
    return dict(
        type="scatter",
        mode="lines",
        x=np.array(index_range(n)),
        y=np.array([C, C], float),
        line=dict(color=BOUND_COLOR, dash="dash", width=width),
        showlegend=False,
        name="C",
        **extra,
    )
