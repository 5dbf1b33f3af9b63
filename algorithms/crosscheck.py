"""scikit-learn's fit of the same model on the same data: the visible cross-check (issue 17).

scikit-learn is optional when the app runs (requirements.txt does not list it): it is imported inside
these functions only, so the ImportError of a missing scikit-learn reaches the caller, which says how
to install it. Each function returns scikit-learn's values on the points asked for and the largest
difference from ours.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms.linear_regression import LinearRegression
from algorithms.linear_regression import Ridge

__all__ = [
    "CrossCheck",
    "gmm_crosscheck",
    "kmeans_crosscheck",
    "least_squares_crosscheck",
    "svc_crosscheck",
    "tree_crosscheck",
]

HARD_C = 1e10  # libsvm has no C = ∞: a hard margin is a very large C


@dataclass(frozen=True)
class CrossCheck:
    """scikit-learn's output on the points asked for, and the largest |ours − scikit-learn's|."""

    values: np.ndarray
    discrepancy: float


def svc_crosscheck(model, points) -> CrossCheck:
    """libsvm's SVC (``sklearn.svm.SVC``) with the same kernel, C and samples as a fitted
    :class:`algorithms.SVC`: its f on ``points``; the discrepancy is max |f − f_sklearn| over the
    training samples (Li Hang (7.94); the Gaussian kernel's γ = 1/(2σ²), the polynomial one's γ = 1).
    libsvm gets the same step limit as ours (a hard margin on data it cannot separate ran for minutes)."""
    from sklearn.svm import SVC as SklearnSVC

    kernels = {
        "linear": dict(kernel="linear"),
        "gaussian": dict(kernel="rbf", gamma=1.0 / (2.0 * model.sigma**2)),
        "poly": dict(kernel="poly", gamma=1.0, coef0=model.coef0, degree=model.degree),
    }
    C = model.C_ if np.isfinite(model.C_) else HARD_C
    theirs = SklearnSVC(C=C, tol=1e-6, max_iter=model.max_iter, **kernels[model.kernel])
    theirs.fit(model.X_fit_, model.y_signed_)
    gap = theirs.decision_function(model.X_fit_) - model.decision_train_
    return CrossCheck(theirs.decision_function(np.asarray(points, float)), float(np.max(np.abs(gap))))


def least_squares_crosscheck(model, X, y, points) -> CrossCheck | None:
    """``sklearn.linear_model`` on the same design matrix Φ = φ(X) (no intercept of its own: it is in
    Φ): LinearRegression for :class:`algorithms.LinearRegression`, Ridge(α = λ) for
    :class:`algorithms.Ridge` (Sugiyama (4.3)); the predictions on ``points`` and the largest
    |ŷ − ŷ_sklearn| there. None for models with no scikit-learn counterpart (subspace, SGD)."""
    from sklearn.linear_model import LinearRegression as SklearnLinear
    from sklearn.linear_model import Ridge as SklearnRidge

    if isinstance(model, Ridge) and model.lam > 0:
        theirs = SklearnRidge(alpha=model.lam, fit_intercept=False, solver="svd")
    elif isinstance(model, (Ridge, LinearRegression)):
        theirs = SklearnLinear(fit_intercept=False)
    else:
        return None
    theirs.fit(model.basis_.transform(np.asarray(X, float)), np.asarray(y, float))
    points = np.asarray(points, float)
    values = theirs.predict(model.basis_.transform(points))
    return CrossCheck(values, float(np.max(np.abs(values - model.predict(points)))))


def kmeans_crosscheck(X, run) -> CrossCheck:
    """scikit-learn's KMeans (Lloyd's algorithm, run until no label changes) from the same start as one
    of our runs (:class:`algorithms.KMeansRun`): its final centres; the discrepancy is the largest
    |μ_j − μ_j(sklearn)| (the same start keeps the centres in the same order). A cluster that empties
    is re-seeded differently there (ours: at the point farthest from its centre), so such runs may part."""
    from sklearn.cluster import KMeans as SklearnKMeans

    start = np.asarray(run.init_centers, float)
    theirs = SklearnKMeans(len(start), init=start, n_init=1, algorithm="lloyd", tol=0.0, max_iter=1000)
    theirs.fit(np.asarray(X, float))
    return CrossCheck(theirs.cluster_centers_, float(np.max(np.abs(theirs.cluster_centers_ - run.centers))))


def gmm_crosscheck(model, X) -> CrossCheck:
    """scikit-learn's GaussianMixture from the same start as a fitted :class:`algorithms.GaussianMixture`
    (its first E-step's π, μ and Σ), the same covariance type and reg_covar, for the same number of
    EM iterations: its final means; the discrepancy is the largest |μ_kj − μ_kj(sklearn)|
    (CS229 M41–M43: the same start gives the same EM path)."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning
    from sklearn.mixture import GaussianMixture as SklearnMixture

    start = model.history_[0]
    full = np.asarray(start.covariances, float)
    covariances = {
        "full": full,
        "tied": full[0],
        "diag": np.diagonal(full, axis1=1, axis2=2),
        "spherical": np.diagonal(full, axis1=1, axis2=2).mean(axis=1),
    }[model.covariance_type]
    inverse = model.covariance_type in ("full", "tied")  # matrices; diag and spherical hold variances
    precisions = np.linalg.inv(covariances) if inverse else 1.0 / covariances
    theirs = SklearnMixture(
        len(start.weights),
        covariance_type=model.covariance_type,
        max_iter=max(model.n_iter_, 1),
        tol=0.0,
        reg_covar=model.reg_covar,
        weights_init=start.weights,
        means_init=start.means,
        precisions_init=precisions,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # stopped where ours stopped, on purpose
        theirs.fit(np.asarray(X, float))
    return CrossCheck(theirs.means_, float(np.max(np.abs(theirs.means_ - model.means_))))


def tree_crosscheck(model, X, y, points, criterion: str, max_depth: int, min_samples_leaf: int):
    """scikit-learn's DecisionTreeClassifier (CART) with the same impurity ("gini", or "entropy" for
    information gain, Li Hang (5.7)–(5.8), (5.24)), depth and leaf size as our unpruned tree ``model``:
    its classes on ``points``; the discrepancy is the share of ``points`` the two trees classify
    differently (equally good splits may be chosen differently). None for the gain ratio (C4.5, no
    scikit-learn counterpart) and for depth 0 (a single leaf)."""
    from sklearn.tree import DecisionTreeClassifier as SklearnTree

    if criterion not in ("gini", "entropy") or max_depth < 1:
        return None
    theirs = SklearnTree(
        criterion=criterion, max_depth=max_depth, min_samples_leaf=min_samples_leaf, random_state=0
    ).fit(np.asarray(X, float), np.asarray(y))
    points = np.asarray(points, float)
    values = theirs.predict(points)
    return CrossCheck(values, float(np.mean(values != model.predict(points))))
