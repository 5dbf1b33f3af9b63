"""Fit-time cases for the robust-regression page (Sugiyama ch. 6)."""

import numpy as np
from sklearn import linear_model

from algorithms import GaussianBasis
from algorithms import HuberRegression
from algorithms import L1HuberRegression
from algorithms import LeastAbsoluteDeviation
from algorithms import TukeyRegression
from bench.core import FitCase

EPSILON = 1.35  # scikit-learn's Huber threshold in units of its scale σ; the data's noise σ is 1


def outlier_data(n):
    """A line with unit Gaussian noise and 10 % gross outliers."""
    rng = np.random.default_rng(0)
    x = rng.uniform(-3, 3, n)
    y = 1.0 + 2.0 * x + rng.normal(size=n)
    bad = rng.random(n) < 0.1
    y[bad] -= rng.uniform(10, 30, bad.sum())
    return x[:, None], y


def sinc_outlier_data(n):
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3, 3, n))
    y = np.sinc(x) + 0.1 * x + 0.2 * rng.normal(size=n)
    y[n // 2] = -0.5
    return x[:, None], y


CASES = [
    FitCase(
        "LeastAbsoluteDeviation (dual LP, HiGHS)",
        LeastAbsoluteDeviation,
        lambda: linear_model.QuantileRegressor(quantile=0.5, alpha=0.0, solver="highs"),
        outlier_data,
        goal=2.0,
    ),
    # scikit-learn also estimates the scale σ (threshold ε·σ); ours uses the book's fixed η = ε·1.
    FitCase(
        "HuberRegression(η=1.35) IRLS",
        lambda: HuberRegression(EPSILON, tol=1e-6),
        lambda: linear_model.HuberRegressor(epsilon=EPSILON, alpha=0.0),
        outlier_data,
        goal=2.0,
    ),
    FitCase("TukeyRegression(η=3) IRLS", lambda: TukeyRegression(3.0, tol=1e-6), None, outlier_data),
    FitCase(
        "L1HuberRegression(η=0.1, λ=0.1), 50 Gaussian centres",
        lambda: L1HuberRegression(0.1, 0.1, GaussianBasis(0.3, n_centers=50)),
        None,
        sinc_outlier_data,
    ),
]
