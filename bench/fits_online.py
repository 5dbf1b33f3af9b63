"""Fit-time cases for online and semi-supervised learning (online-learning and semi-supervised pages).

The online learners walk the stream in Python, one sample at a time, and keep a snapshot per sample
for the animation; scikit-learn's passive-aggressive rules (SGD with learning_rate="pa1"/"pa2", one
ordered pass) run the same arithmetic in compiled code, so the ratio is shown for information.
AROW, RLS and LapRLS have no scikit-learn counterpart.
"""

import numpy as np
from sklearn import linear_model

from algorithms import AROWClassifier
from algorithms import AROWRegressor
from algorithms import LapRLS
from algorithms import OnlinePerceptron
from algorithms import PassiveAggressiveClassifier
from algorithms import PassiveAggressiveRegressor
from algorithms import load_dataset
from bench.core import FitCase


def stream(n):
    """Sugiyama's PA stream (§15.1): x1 ~ N(∓5, 1), x2 ~ N(0, 5²), random order."""
    data = load_dataset("pa_stream", n=n, random_state=0)
    return data.X, data.y


def line(n):
    rng = np.random.default_rng(0)
    x = rng.uniform(-3, 3, (n, 1))
    return x, 2 * x[:, 0] + 1 + 0.3 * rng.normal(size=n)


def moons(n):
    """The book's two moons with only the two tips labelled (y = 0 elsewhere)."""
    data = load_dataset("laprls_moons", n=min(n, 1000), random_state=0)
    return data.X, np.where(data.extra["labelled"], data.y, 0).astype(float)


def sgd_pa(rule, C, regression=False):
    common = dict(penalty=None, learning_rate=rule, eta0=C, fit_intercept=False, shuffle=False, max_iter=1,
                  tol=None)
    if regression:
        return linear_model.SGDRegressor(loss="epsilon_insensitive", epsilon=0.1, **common)
    return linear_model.SGDClassifier(loss="hinge", **common)


CASES = [
    FitCase("PassiveAggressiveClassifier PA-I (one pass)", lambda: PassiveAggressiveClassifier(0.5, "PA-I"),
            lambda: sgd_pa("pa1", 0.5), stream),
    FitCase("PassiveAggressiveClassifier PA-II (one pass)", lambda: PassiveAggressiveClassifier(0.5, "PA-II"),
            lambda: sgd_pa("pa2", 0.5), stream),
    FitCase("PassiveAggressiveRegressor PA-I (one pass)",
            lambda: PassiveAggressiveRegressor(0.5, 0.1, "PA-I"), lambda: sgd_pa("pa1", 0.5, True), line),
    FitCase("OnlinePerceptron (one pass)", lambda: OnlinePerceptron(fit_intercept=True),
            lambda: linear_model.Perceptron(shuffle=False, max_iter=1, tol=None), stream),
    FitCase("AROWClassifier(r=1)", lambda: AROWClassifier(1.0, fit_intercept=True), None, stream),
    FitCase("AROWRegressor(r=1) = RLS", lambda: AROWRegressor(1.0, fit_intercept=True), None, line),
    FitCase("LapRLS(λ=1, ν=10, h=1)", lambda: LapRLS(1.0, 10.0, 1.0), None, moons),
]
