"""What the generative views share: the fitted Gaussian class models and their posterior on the plot
grid, the ellipses, the plane's axes, and the checks that stop a view on unusable data."""

import numpy as np
import streamlit as st

from algorithms import GaussianDiscriminantAnalysis
from algorithms import GaussianNaiveBayes
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import grid_points
from ui.figures import line_trace
from ui.figures import scatter_axes
from ui.i18n import t
from ui.theme import CLASS_COLORS

RESOLUTION = 120


def make_gauss(model: str, reg: float):
    if model == "naive":
        return GaussianNaiveBayes(var_smoothing=reg)
    return GaussianDiscriminantAnalysis(shared_covariance=model == "shared", reg=reg)


@st.cache_data(max_entries=64, show_spinner=False)
def fit_gauss(X, y, model: str, reg: float):
    return make_gauss(model, reg).fit(X, y)


@st.cache_data(max_entries=64, show_spinner=False)
def gauss_grid(X, y, model: str, reg: float, x_range, y_range):
    """The plot grid, the posteriors on it and (two classes) the log-odds log p(x, 1) − log p(x, 0)."""
    est = fit_gauss(X, y, model, reg)
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    log_joint = est.log_joint(pts)
    proba = est.predict_proba(pts)
    logodds = log_joint[:, 1] - log_joint[:, 0] if log_joint.shape[1] == 2 else None
    return gx, gy, proba.astype(np.float32), logodds


def fitted(main, fit, *args):
    """``fit(*args)``, or None after the reason it failed, in the main column."""
    try:
        return fit(*args)
    except ValueError as err:
        with main:
            st.error(
                t("gen.qda_small") if "at least 2 samples" in str(err) else t("error.fit", detail=str(err))
            )
        return None


def enough_classes(y) -> bool:
    """Two or more classes, else a message (edited data can end with one class)."""
    if len(np.unique(y)) < 2:
        st.warning(t("gen.one_class"), icon=":material/warning:")
        return False
    return True


def labelled_test(data):
    """The test set if it has labels, else None."""
    test = data.test
    return test if test is not None and test.y is not None else None


def plane_axes(train, equal: bool = False) -> Axes:
    return scatter_axes(train.X, train.feature_names, equal=equal)


def class_names(classes) -> list[str]:
    return [str(c) for c in classes]


def error_rate(pred, y) -> float:
    return float(np.mean(np.asarray(pred) != np.asarray(y)))


def ellipse_traces(est, radius: float, style) -> list[dict]:
    """The radius-σ contour of every class Gaussian (one legend entry for all)."""
    traces = []
    for k, ellipse in enumerate(est.ellipses(n_std=float(radius), n_points=120)):
        name = t("gen.ellipse", r=radius) if k == 0 else ""
        curve = Curve(name, ellipse[:, 0], ellipse[:, 1], CLASS_COLORS[k % len(CLASS_COLORS)], "dot", 0.8)
        traces.append(line_trace(curve, style) | {"showlegend": k == 0, "legendgroup": "ellipse"})
    return traces
