"""Fit-time cases for supervised dimensionality reduction (Sugiyama ch. 17, seed 004 §2.6–2.7)."""

import numpy as np
from sklearn import discriminant_analysis

from algorithms import LFDA
from algorithms import LSDR
from algorithms import NNDA
from algorithms import SELF
from algorithms import FisherDA
from algorithms import LocalLDA
from bench.core import FitCase


def fisher2(n):
    """Sugiyama Fig 17.1 (right): class 1 bimodal at x1 ∓ 4, class 2 at the origin."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2))
    q = n // 4
    X[:q, 0] -= 4
    X[q:2 * q, 0] += 4
    return X, np.repeat([1, 2], [2 * q, n - 2 * q])


def three_classes(n):
    """Three classes in 10-D: FDA's multi-class eigenproblem beside scikit-learn's."""
    rng = np.random.default_rng(0)
    y = np.arange(n) % 3
    return rng.normal(size=(n, 10)) + np.eye(3, 10)[y] * 3, y


class _SELFFewLabels:
    """SELF at β = 0.5 with every tenth point labelled."""

    def fit(self, X, y):
        return SELF(1, 0.5, 7).fit(X, y, np.arange(len(X)) % 10 == 0)


CASES = [
    FitCase(
        "FisherDA (3 classes, 10-D)",
        lambda: FisherDA(2),
        lambda: discriminant_analysis.LinearDiscriminantAnalysis(solver="eigen"),
        three_classes,
        goal=2.0,
    ),
    FitCase("LFDA (heat kernel)", lambda: LFDA(1), None, fisher2),
    FitCase("LFDA (local scaling, k = 7)", lambda: LFDA(1, knn=7), None, fisher2),
    FitCase("SELF (β = 0.5, 10 % labelled)", _SELFFewLabels, None, fisher2),
    FitCase("LocalLDA (k = 10)", lambda: LocalLDA(1, 10), None, fisher2),
    FitCase("NNDA (α = 1)", lambda: NNDA(1), None, fisher2),
    FitCase("LSDR (40 steps, 100 centres)", lambda: LSDR(1, max_iter=40), None, fisher2),
]
