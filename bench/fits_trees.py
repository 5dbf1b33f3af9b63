"""Fit-time cases for the tree family (decision-tree and ensembles pages), beside scikit-learn."""

import numpy as np
from sklearn import ensemble
from sklearn import linear_model
from sklearn import naive_bayes
from sklearn import tree

from algorithms import AdaBoostClassifier
from algorithms import BaggingClassifier
from algorithms import BaggingRegressor
from algorithms import DecisionStump
from algorithms import DecisionTreeClassifier
from algorithms import DecisionTreeRegressor
from algorithms import GaussianNaiveBayes
from algorithms import GradientBoostingClassifier
from algorithms import GradientBoostingRegressor
from algorithms import LogisticRegression
from algorithms import RandomForestClassifier
from algorithms import SecondOrderBoostingClassifier
from algorithms import StackingClassifier
from bench.core import FitCase


def moons(n):
    """Two noisy interleaved half circles (the page's default classification data)."""
    rng = np.random.default_rng(0)
    t = rng.uniform(0, np.pi, n)
    label = rng.integers(2, size=n)
    X = np.column_stack(
        [np.where(label, 1 - np.cos(t), np.cos(t)), np.where(label, 0.5 - np.sin(t), np.sin(t))]
    )
    return X + 0.2 * rng.normal(size=(n, 2)), label


def sinc(n):
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3, 3, n))
    return x[:, None], np.sinc(x) + 0.1 * x + 0.2 * rng.normal(size=n)


def depth(d):
    return dict(max_depth=d)


CASES = [
    FitCase(
        "DecisionTreeClassifier (Gini, depth 8)",
        lambda: DecisionTreeClassifier(**depth(8)),
        lambda: tree.DecisionTreeClassifier(**depth(8)),
        moons,
        goal=5.0,
    ),
    FitCase(
        "DecisionTreeClassifier (Gini, fully grown)",
        DecisionTreeClassifier,
        tree.DecisionTreeClassifier,
        moons,
        goal=5.0,
    ),
    FitCase(
        "DecisionTreeClassifier (entropy, fully grown)",
        lambda: DecisionTreeClassifier("entropy"),
        lambda: tree.DecisionTreeClassifier(criterion="entropy"),
        moons,
        goal=5.0,
    ),
    FitCase(
        "DecisionTreeRegressor (fully grown)",
        DecisionTreeRegressor,
        tree.DecisionTreeRegressor,
        sinc,
        goal=5.0,
    ),
    FitCase("DecisionStump", DecisionStump, lambda: tree.DecisionTreeClassifier(max_depth=1), moons),
    FitCase(
        "BaggingClassifier (50 trees)",
        lambda: BaggingClassifier(50, random_state=0),
        lambda: ensemble.BaggingClassifier(n_estimators=50, random_state=0),
        moons,
    ),
    FitCase(
        "RandomForestClassifier (50 trees)",
        lambda: RandomForestClassifier(50, random_state=0),
        lambda: ensemble.RandomForestClassifier(50, random_state=0),
        moons,
    ),
    FitCase(
        "AdaBoostClassifier (50 stumps)",
        lambda: AdaBoostClassifier(50),
        lambda: ensemble.AdaBoostClassifier(n_estimators=50),
        moons,
    ),
    FitCase(
        "GradientBoostingRegressor (100 × depth 3)",
        GradientBoostingRegressor,
        ensemble.GradientBoostingRegressor,
        sinc,
    ),
    FitCase(
        "GradientBoostingClassifier (100 × depth 3)",
        GradientBoostingClassifier,
        ensemble.GradientBoostingClassifier,
        moons,
    ),
    FitCase(
        "SecondOrderBoostingClassifier (100 × depth 3)",
        SecondOrderBoostingClassifier,
        lambda: ensemble.HistGradientBoostingClassifier(max_iter=100, max_depth=3, early_stopping=False),
        moons,
    ),
    # Like for like: LightGBM's histogram search (seed 003 §5.5.2) with scikit-learn's 255 bins.
    FitCase(
        "SecondOrderBoostingClassifier, histograms (100 × depth 3, 255 bins)",
        lambda: SecondOrderBoostingClassifier(n_bins=255),
        lambda: ensemble.HistGradientBoostingClassifier(max_iter=100, max_depth=3, early_stopping=False),
        moons,
    ),
    FitCase(
        "StackingClassifier (tree, naive Bayes, logistic; 5 folds)",
        lambda: StackingClassifier(
            [
                ("tree", DecisionTreeClassifier(max_depth=4)),
                ("nb", GaussianNaiveBayes()),
                ("lr", LogisticRegression(lam=1e-3)),
            ],
            random_state=0,
        ),
        lambda: ensemble.StackingClassifier(
            [
                ("tree", tree.DecisionTreeClassifier(max_depth=4)),
                ("nb", naive_bayes.GaussianNB()),
                ("lr", linear_model.LogisticRegression(C=1e3)),
            ],
        ),
        moons,
    ),
    FitCase(
        "BaggingRegressor (10 trees, depth 4)",
        lambda: BaggingRegressor(10, max_depth=4, random_state=0),
        lambda: ensemble.BaggingRegressor(
            tree.DecisionTreeRegressor(max_depth=4), n_estimators=10, random_state=0
        ),
        sinc,
    ),
]
