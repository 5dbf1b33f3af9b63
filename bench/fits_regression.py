"""Fit-time cases for the regression family (least-squares page)."""

import numpy as np
from sklearn import kernel_ridge
from sklearn import linear_model

from algorithms import GaussianBasis
from algorithms import KernelRidge
from algorithms import LinearRegression
from algorithms import LocallyWeightedRegression
from algorithms import Ridge
from algorithms import SGDRegressor
from algorithms import WeightedLeastSquares
from bench.core import FitCase


def linear_data(n):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 5))
    return X, X @ rng.normal(size=5) + 0.1 * rng.normal(size=n)


def weighted_linear_data(n):
    X, y = linear_data(n)
    return X, y, np.random.default_rng(1).uniform(0.0, 2.0, n)


def sinc_data(n):
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3, 3, n))
    return x[:, None], np.sinc(x) + 0.1 * x + 0.2 * rng.normal(size=n)


CASES = [
    FitCase("LinearRegression", LinearRegression, linear_model.LinearRegression, linear_data, goal=1.0),
    FitCase(
        "WeightedLeastSquares",
        WeightedLeastSquares,
        linear_model.LinearRegression,
        weighted_linear_data,
        goal=1.0,
    ),
    FitCase("Ridge(λ=1)", lambda: Ridge(1.0), lambda: linear_model.Ridge(1.0), linear_data, goal=1.0),
    # The book's (K² + λI)⁻¹Ky forms K² = ΦᵀΦ (~n³ flops) before its Cholesky factorisation (n³/3);
    # scikit-learn solves (K + λI)α = y with the Cholesky factorisation alone.
    FitCase(
        "KernelRidge(h=0.3, λ=0.1)",
        lambda: KernelRidge(0.3, 0.1),
        lambda: kernel_ridge.KernelRidge(alpha=0.1, kernel="rbf", gamma=1 / (2 * 0.3**2)),
        sinc_data,
    ),
    FitCase(
        "SGDRegressor (Gaussian basis, 5000 steps)",
        lambda: SGDRegressor(0.05, GaussianBasis(0.3), max_iter=5000, tol=0, random_state=0),
        None,
        sinc_data,
    ),
    FitCase("LocallyWeightedRegression (fit + 300 queries)", lambda: _LWRWithQueries(0.3), None, sinc_data),
]


class _LWRWithQueries(LocallyWeightedRegression):
    """LWR's work happens at prediction time; time fit plus a 300-point curve as the page does."""

    def fit(self, X, y):
        super().fit(X, y)
        self.predict(np.linspace(X.min(), X.max(), 300)[:, None])
        return self
