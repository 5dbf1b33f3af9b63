"""algorithms.crosscheck: scikit-learn's fit of the same model agrees with ours (the visible cross-check)."""

import math
import sys

import numpy as np
import pytest

from algorithms import SVC
from algorithms import DecisionTreeClassifier
from algorithms import GaussianBasis
from algorithms import GaussianMixture
from algorithms import KMeans
from algorithms import LinearRegression
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import SGDRegressor
from algorithms import gmm_crosscheck
from algorithms import kmeans_crosscheck
from algorithms import least_squares_crosscheck
from algorithms import svc_crosscheck
from algorithms import tree_crosscheck


def overlapping(n=60, seed=0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(-0.8, 1.0, (n // 2, 2)), rng.normal(0.8, 1.0, (n - n // 2, 2))])
    return X, np.r_[-np.ones(n // 2), np.ones(n - n // 2)]


@pytest.mark.parametrize(
    "params",
    [dict(kernel="linear", C=1.0), dict(kernel="gaussian", sigma=0.7, C=5.0), dict(kernel="poly", C=0.5)],
)
def test_svc_agrees_with_libsvm_on_the_training_points(params):
    X, y = overlapping()
    model = SVC(tol=1e-6, **params).fit(X, y)
    points = np.array([[0.0, 0.0], [1.0, -2.0]])
    check = svc_crosscheck(model, points)
    assert check.values.shape == (2,)
    assert check.discrepancy < 1e-3
    assert np.allclose(check.values, model.decision_function(points), atol=1e-3)


def test_a_hard_margin_is_a_very_large_c_in_libsvm():
    X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])  # Li Hang Example 7.1: f = x1/2 + x2/2 − 2
    model = SVC(C=math.inf, tol=1e-9).fit(X, np.array([1, 1, -1]))
    check = svc_crosscheck(model, np.array([[2.0, 2.0]]))
    assert check.discrepancy < 1e-6
    assert check.values[0] == pytest.approx(0.0, abs=1e-6)


def test_a_different_model_shows_a_large_discrepancy():
    X, y = overlapping()
    model = SVC(C=0.01).fit(X, y)
    model.decision_train_ = model.decision_train_ + 0.5  # as if our b were off by 0.5
    assert svc_crosscheck(model, X[:1]).discrepancy == pytest.approx(0.5, abs=1e-3)


@pytest.mark.parametrize(
    "model",
    [
        LinearRegression(PolynomialBasis(5)),
        Ridge(0.1, PolynomialBasis(8)),
        Ridge(0.0, PolynomialBasis(3)),
        Ridge(0.3, GaussianBasis(0.5)),
    ],
    ids=["ols", "ridge", "ridge0", "gaussian"],
)
def test_least_squares_agrees_with_sklearn_on_the_same_design(model):
    rng = np.random.default_rng(1)
    X = rng.uniform(-3, 3, (40, 1))
    y = np.sinc(X[:, 0]) + 0.1 * rng.standard_normal(40)
    model.fit(X, y)
    grid = np.linspace(-3, 3, 50)[:, None]
    check = least_squares_crosscheck(model, X, y, grid)
    assert check.values.shape == (50,)
    assert check.discrepancy < 1e-8
    assert np.allclose(check.values, model.predict(grid), atol=1e-8)


def test_models_without_a_counterpart_give_none():
    X = np.linspace(0, 1, 10)[:, None]
    model = SGDRegressor(eta=0.1, max_iter=100, random_state=0).fit(X, X[:, 0])
    assert least_squares_crosscheck(model, X, X[:, 0], X) is None


@pytest.mark.parametrize("seed", range(4))
def test_kmeans_from_the_same_start_ends_at_the_same_centres(seed):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(c, 0.7, (40, 2)) for c in ((0, 0), (4, 0), (2, 3))])
    run = KMeans(3, init="random", n_init=1, random_state=seed).fit(X).runs_[0]
    check = kmeans_crosscheck(X, run)
    assert check.values.shape == (3, 2)
    assert check.discrepancy < 1e-12


@pytest.mark.parametrize("cov", ["full", "diag", "spherical", "tied"])
@pytest.mark.parametrize("init", ["kmeans", "random"])
def test_em_from_the_same_start_follows_the_same_path(cov, init):
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(c, 0.7, (60, 2)) for c in ((0, 0), (4, 0), (2, 3))])
    model = GaussianMixture(3, covariance_type=cov, init_params=init, random_state=1).fit(X)
    check = gmm_crosscheck(model, X)
    assert check.values.shape == (3, 2)
    assert check.discrepancy < 1e-10


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@pytest.mark.parametrize("depth,min_leaf", [(1, 1), (3, 1), (6, 5)])
def test_cart_grows_the_same_tree_as_scikit_learn(criterion, depth, min_leaf):
    X, y = overlapping(120, seed=3)
    model = DecisionTreeClassifier(criterion=criterion, max_depth=depth, min_samples_leaf=min_leaf).fit(X, y)
    grid = np.random.default_rng(0).uniform(-3, 3, (500, 2))
    check = tree_crosscheck(model, X, y, grid, criterion, depth, min_leaf)
    assert check.values.shape == (500,)
    assert check.discrepancy == 0.0


def test_trees_without_a_counterpart_give_none():
    X, y = overlapping()
    model = DecisionTreeClassifier(max_depth=2).fit(X, y)
    assert tree_crosscheck(model, X, y, X, "gain_ratio", 2, 1) is None
    assert tree_crosscheck(model, X, y, X, "gini", 0, 1) is None


def hide_scikit_learn(monkeypatch):
    """Every ``import sklearn…`` raises ImportError, as where scikit-learn is not installed."""
    for name in [m for m in sys.modules if m.split(".")[0] == "sklearn"] + ["sklearn"]:
        monkeypatch.setitem(sys.modules, name, None)


def test_without_scikit_learn_the_import_error_reaches_the_caller(monkeypatch):
    hide_scikit_learn(monkeypatch)
    X, y = overlapping()
    with pytest.raises(ImportError):
        svc_crosscheck(SVC().fit(X, y), X)
