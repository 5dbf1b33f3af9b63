"""Fit-time cases for the linear-classifier family (linear-classifiers page).

Closed-form methods carry the issue's goal "no slower than scikit-learn" (ratio ≤ 1); the
iterative ones (logistic, softmax, perceptron) and the multi-class wrappers are shown for
information: their stopping rules differ from scikit-learn's.
"""

import numpy as np
from sklearn import kernel_ridge
from sklearn import linear_model
from sklearn import multiclass
from sklearn.metrics.pairwise import rbf_kernel

from algorithms import ECOC
from algorithms import LSPC
from algorithms import LeastSquaresClassifier
from algorithms import LogisticRegression
from algorithms import OneVsOne
from algorithms import OneVsRest
from algorithms import Perceptron
from algorithms import SoftmaxRegression
from bench.core import FitCase


def two_blobs(n):
    """Two overlapping Gaussian classes in 2-D, labels ±1 (the page's default data)."""
    rng = np.random.default_rng(0)
    y = np.where(np.arange(n) < n // 2, 1, -1)
    return np.c_[1.5 * y, 1.0 * y] + rng.normal(size=(n, 2)), y


def separable(n):
    """Linearly separable with margin 0.5 (the perceptron converges)."""
    rng = np.random.default_rng(0)
    y = np.where(np.arange(n) < n // 2, 1, -1)
    t = y * rng.uniform(0.5, 3.0, n)
    s = rng.uniform(-3.0, 3.0, n)
    w = np.array([0.6, 0.8])
    return 0.5 * w + t[:, None] * w + s[:, None] * np.array([-0.8, 0.6]), y


def four_blobs(n):
    rng = np.random.default_rng(0)
    y = np.arange(n) % 4
    centres = np.array([[-2.0, -2.0], [2.0, -2.0], [-2.0, 2.0], [2.0, 2.0]])
    return centres[y] + rng.normal(size=(n, 2)), y


class _IndicatorKernelRidge(kernel_ridge.KernelRidge):
    """KernelRidge on 0/1 class indicators, the regression LSPC solves (one column per class)."""

    def __init__(self):
        super().__init__(alpha=0.1, kernel="rbf", gamma=0.5)

    def fit(self, X, y):
        return super().fit(X, (y[:, None] == np.unique(y)[None, :]).astype(float))


class _KernelFeatureRidge:
    """The book's estimator in scikit-learn: Ridge (no intercept) on the Gaussian kernel features Φ = K.

    It solves the same (ΦᵀΦ + λI)θ = Φᵀy as Sugiyama's (K² + λI)⁻¹Ky.
    """

    def __init__(self, h=1.0, lam=0.01):
        self.h, self.lam = h, lam

    def fit(self, X, y):
        K = rbf_kernel(X, X, gamma=1.0 / (2.0 * self.h**2))
        self.ridge_ = linear_model.Ridge(alpha=self.lam, fit_intercept=False).fit(
            K, np.where(y > 0, 1.0, -1.0)
        )
        return self


CASES = [
    FitCase(
        "LeastSquaresClassifier, linear (λ=1)",
        lambda: LeastSquaresClassifier(kernel="linear", lam=1.0),
        lambda: linear_model.RidgeClassifier(alpha=1.0),
        two_blobs,
        goal=1.0,
    ),
    # The book's (K² + λI)⁻¹Ky (Sugiyama Fig 7.3): the same estimator is Ridge on the kernel features.
    FitCase(
        "LeastSquaresClassifier, Gaussian (h=1, λ=0.01)",
        lambda: LeastSquaresClassifier(h=1.0, lam=0.01),
        _KernelFeatureRidge,
        two_blobs,
        goal=1.0,
    ),
    # scikit-learn's KernelRidge solves a different, cheaper system, (K + λI)α = y (n³/3 flops
    # against the book's K² and its Cholesky, 4n³/3): shown for information, no goal.
    FitCase(
        "LeastSquaresClassifier, Gaussian, vs KernelRidge (K + λI)α = y",
        lambda: LeastSquaresClassifier(h=1.0, lam=0.01),
        lambda: kernel_ridge.KernelRidge(alpha=0.01, kernel="rbf", gamma=0.5),
        two_blobs,
    ),
    FitCase(
        "LSPC (h=1, λ=0.1), 4 classes", lambda: LSPC(1.0, 0.1), _IndicatorKernelRidge, four_blobs, goal=1.0
    ),
    FitCase(
        "LogisticRegression, Newton (λ=0)",
        lambda: LogisticRegression(),
        lambda: linear_model.LogisticRegression(C=np.inf, tol=1e-6, max_iter=1000),
        two_blobs,
    ),
    FitCase(
        "LogisticRegression, gradient ascent (200 steps)",
        lambda: LogisticRegression(solver="gd", eta=1.0, max_iter=200),
        None,
        two_blobs,
    ),
    FitCase(
        "LogisticRegression, SGD (5000 steps)",
        lambda: LogisticRegression(solver="sgd", eta=0.1, max_iter=5000, random_state=0),
        lambda: linear_model.SGDClassifier(
            loss="log_loss", alpha=1e-6, max_iter=10, tol=None, random_state=0
        ),
        two_blobs,
    ),
    # The same 10 epochs as scikit-learn's SGDClassifier, vectorised over mini-batches of 32.
    FitCase(
        "LogisticRegression, mini-batch SGD (10 epochs, batch 32)",
        lambda: _Epochs(10, 32),
        lambda: linear_model.SGDClassifier(
            loss="log_loss", alpha=1e-6, max_iter=10, tol=None, random_state=0
        ),
        two_blobs,
    ),
    FitCase(
        "SoftmaxRegression, Newton (λ=0.1), 4 classes",
        lambda: SoftmaxRegression(lam=0.1),
        lambda: linear_model.LogisticRegression(C=10.0, tol=1e-6, max_iter=1000),
        four_blobs,
    ),
    FitCase(
        "Perceptron (separable)",
        lambda: Perceptron(),
        lambda: linear_model.Perceptron(tol=None, max_iter=100, shuffle=False, eta0=1.0),
        separable,
    ),
    FitCase(
        "OneVsRest(LogisticRegression λ=1), 4 classes",
        lambda: OneVsRest(LogisticRegression(lam=1.0)),
        lambda: multiclass.OneVsRestClassifier(linear_model.LogisticRegression(C=1.0)),
        four_blobs,
    ),
    FitCase(
        "OneVsOne(LogisticRegression λ=1), 4 classes",
        lambda: OneVsOne(LogisticRegression(lam=1.0)),
        lambda: multiclass.OneVsOneClassifier(linear_model.LogisticRegression(C=1.0)),
        four_blobs,
    ),
    FitCase(
        "ECOC(exhaustive 7 columns, LS linear), 4 classes",
        lambda: ECOC(estimator=LeastSquaresClassifier(kernel="linear", lam=1.0)),
        lambda: multiclass.OutputCodeClassifier(
            linear_model.RidgeClassifier(alpha=1.0), code_size=1.75, random_state=0
        ),
        four_blobs,
    ),
]


class _Epochs:
    """Mini-batch SGD logistic regression for a number of epochs (max_iter depends on n)."""

    def __init__(self, epochs, batch):
        self.epochs, self.batch = epochs, batch

    def fit(self, X, y):
        steps = self.epochs * -(-len(X) // self.batch)
        return LogisticRegression(solver="sgd", eta=0.1, max_iter=steps, batch_size=self.batch,
                                  random_state=0).fit(X, y)
