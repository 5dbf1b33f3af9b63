"""Fit-time cases for the GLM and learning-theory pages (generalised_linear_models, learning_theory)."""

import numpy as np
from sklearn import linear_model

from algorithms import BayesianLinearRegression
from algorithms import GLMRegressor
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import bias_variance
from bench.core import FitCase


def inputs(n):
    rng = np.random.default_rng(0)
    return rng, rng.uniform(0, 3, (n, 2))


def gaussian_data(n):
    rng, X = inputs(n)
    return X, 0.5 + X @ [0.6, -0.3] + rng.normal(size=n)


def poisson_data(n):
    rng, X = inputs(n)
    return X, rng.poisson(np.exp(0.2 + X @ [0.5, -0.3])).astype(float)


def bernoulli_data(n):
    rng, X = inputs(n)
    return X, (rng.uniform(size=n) < 1 / (1 + np.exp(-(X @ [1.5, -1.0])))).astype(int)


def multinomial_data(n):
    rng, X = inputs(n)
    return X, np.digitize(X[:, 0] - X[:, 1] + rng.normal(0, 0.7, n), [-0.7, 0.7])


class _BiasVariance:
    """The bias–variance view's work for one complexity: 50 training sets of 20 points, degree 3."""

    def fit(self, X, y):
        bias_variance(lambda: Ridge(1e-8, PolynomialBasis(3)), "sine", n_sets=50, n=20, random_state=0)
        return self


CASES = [
    FitCase(
        "GLMRegressor(gaussian)",
        lambda: GLMRegressor("gaussian"),
        linear_model.LinearRegression,
        gaussian_data,
        goal=2.0,
    ),
    FitCase(
        "GLMRegressor(poisson), IRLS",
        lambda: GLMRegressor("poisson"),
        lambda: linear_model.PoissonRegressor(alpha=0, solver="newton-cholesky"),
        poisson_data,
        goal=2.0,
    ),
    FitCase(
        "GLMRegressor(bernoulli), IRLS",
        lambda: GLMRegressor("bernoulli"),
        lambda: linear_model.LogisticRegression(C=np.inf, solver="newton-cholesky"),
        bernoulli_data,
        goal=2.0,
    ),
    FitCase(
        "GLMRegressor(multinomial), Newton",
        lambda: GLMRegressor("multinomial"),
        lambda: linear_model.LogisticRegression(C=np.inf, max_iter=1000),
        multinomial_data,
        goal=2.0,
    ),
    FitCase(
        "BayesianLinearRegression(α=2, β=5), 50 snapshots",
        lambda: BayesianLinearRegression(2.0, 5.0),
        lambda: linear_model.Ridge(alpha=0.4),
        gaussian_data,
        goal=2.0,
    ),
    FitCase("bias_variance (50 sets × 20 points, degree 3)", _BiasVariance, None, gaussian_data),
]
