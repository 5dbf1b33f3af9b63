"""Numerics at the edges (issue 21): exact distances, zero weights, optimal KLIEP, honest divergence.

Each test here failed before the fix it names.
"""

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.neighbors import LocalOutlierFactor as SkLOF

from algorithms import DBSCAN
from algorithms import KLIEP
from algorithms import DecisionStump
from algorithms import DecisionTreeClassifier
from algorithms import DecisionTreeRegressor
from algorithms import GaussianNaiveBayes
from algorithms import GradientDescentRegressor
from algorithms import KMeans
from algorithms import LocalOutlierFactor
from algorithms import SoftmaxRegression
from algorithms import knn_graph
from algorithms._base import squared_distances


@pytest.fixture
def cloud():
    rng = np.random.default_rng(21)
    return np.vstack([rng.normal(0, 1, (30, 2)), rng.normal(4, 0.5, (20, 2))])


def test_identical_rows_are_exactly_zero_apart(cloud):
    X = np.vstack([cloud, cloud[:3]])
    d = squared_distances(X, X)
    assert np.all(np.diag(d) == 0.0)
    assert d[0, len(cloud)] == 0.0 and d.min() == 0.0


@pytest.mark.parametrize("offset", [1e6, 1e8])
def test_distances_do_not_depend_on_where_the_data_sit(cloud, offset):
    X = cloud + offset
    exact = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
    assert np.abs(squared_distances(X, X) - exact).max() <= 1e-12 * exact.max()


def test_lof_of_duplicated_points_matches_scikit_learn():
    rng = np.random.default_rng(3)
    point = np.array([0.123, 0.456, 0.789])
    X = np.vstack([np.tile(point, (4, 1)), [point + 0.5], point + rng.normal(0, 3, (12, 3))])
    ours = LocalOutlierFactor(n_neighbors=3).fit(X).lof_
    with pytest.warns(UserWarning, match="Duplicate"):
        theirs = -SkLOF(n_neighbors=3).fit(X).negative_outlier_factor_
    np.testing.assert_allclose(ours, theirs, rtol=1e-6)


def test_lof_scores_do_not_move_with_an_offset(cloud):
    plain = LocalOutlierFactor(n_neighbors=5).fit(cloud).lof_
    shifted = LocalOutlierFactor(n_neighbors=5).fit(cloud + 1e6).lof_
    np.testing.assert_allclose(shifted, plain, rtol=1e-6)


def test_knn_graph_does_not_move_with_an_offset():
    X = np.random.default_rng(5).normal(0, 1, (300, 2))
    np.testing.assert_array_equal(knn_graph(X + 1e6, 5), knn_graph(X, 5))


def test_kmeans_and_dbscan_labels_do_not_move_with_an_offset(cloud):
    start = cloud[[0, 40]]
    labels = KMeans(2, init=start).fit(cloud).labels_
    np.testing.assert_array_equal(KMeans(2, init=start + 1e8).fit(cloud + 1e8).labels_, labels)
    dense = DBSCAN(eps=0.6, min_samples=4).fit(cloud).labels_
    np.testing.assert_array_equal(DBSCAN(eps=0.6, min_samples=4).fit(cloud + 1e8).labels_, dense)


def test_gradient_descent_reports_divergence_before_overflow():
    rng = np.random.default_rng(8)
    X, y = rng.normal(size=(40, 1)), rng.normal(size=40)
    limit = GradientDescentRegressor(0.01, max_iter=1).fit(X, y).step_limit_
    slow = GradientDescentRegressor(1.05 * limit, max_iter=100, tol=0.0).fit(X, y)
    losses = [step.loss for step in slow.history_]
    assert np.isfinite(losses[-1]) and losses[-1] > 1e3 * losses[0] and slow.diverged_
    stable = GradientDescentRegressor(0.95 * limit, max_iter=2000, tol=0.0).fit(X, y)
    assert not stable.diverged_


@pytest.mark.parametrize("make", [DecisionStump, lambda: DecisionTreeClassifier(max_depth=1)])
def test_a_row_of_weight_zero_is_no_row_at_all(make):
    X, y = np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([0, 0, 1, 1])
    weighted = make().fit(X, y, sample_weight=[1.0, 1.0, 0.0, 1.0])
    removed = make().fit(X[[0, 1, 3]], y[[0, 1, 3]])
    grid = np.linspace(-0.5, 3.5, 81)[:, None]
    np.testing.assert_array_equal(weighted.predict(grid), removed.predict(grid))


def test_a_regression_row_of_weight_zero_is_no_row_at_all():
    X, y = np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([0.0, 0.1, 5.0, 1.0])
    weighted = DecisionTreeRegressor(max_depth=1).fit(X, y, sample_weight=[1.0, 1.0, 0.0, 1.0])
    removed = DecisionTreeRegressor(max_depth=1).fit(X[[0, 1, 3]], y[[0, 1, 3]])
    grid = np.linspace(-0.5, 3.5, 81)[:, None]
    np.testing.assert_allclose(weighted.predict(grid), removed.predict(grid))


def kliep_program(x, y, sigma, centers):
    """A and b of the KLIEP program max (1/n')Σ log(Aα) s.t. bᵀα = 1, α ≥ 0 (Sugiyama §12.3)."""
    A = np.exp(-((x - centers.T) ** 2) / (2 * sigma**2))
    return A, np.exp(-((y - centers.T) ** 2) / (2 * sigma**2)).mean(0)


@pytest.mark.parametrize("sigma", [1.0, 2.0, 5.0])
def test_kliep_reaches_the_optimum_of_its_program(sigma):
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((100, 1)), rng.standard_normal((100, 1))
    y[-1] = 5
    model = KLIEP(sigma=sigma, random_state=0).fit(x, y)
    A, b = kliep_program(x, y, sigma, model.centers_)
    alpha = model.alpha_
    # KKT with multiplier 1 (Σ_j α_j ∂_j = 1): gradient ≤ b everywhere, = b where α_j > 0
    gradient = A.T @ (1.0 / (A @ alpha)) / len(x)
    assert np.all(gradient <= b * (1 + 1e-3) + 1e-9)
    support = alpha > 1e-6 * alpha.max()
    np.testing.assert_allclose(gradient[support], b[support], rtol=2e-3)
    assert abs(b @ alpha - 1.0) < 1e-10 and alpha.min() >= 0.0
    # and no feasible direction found by a general solver does better
    constraint = {"type": "eq", "fun": lambda a: b @ a - 1}
    direct = minimize(lambda a: -np.mean(np.log(A @ a + 1e-300)), alpha, method="SLSQP",
                      bounds=[(0, None)] * len(alpha), constraints=[constraint])
    assert model.objective_ >= -direct.fun - 1e-6


def test_kliep_objective_never_falls():
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((100, 1)), rng.standard_normal((100, 1))
    objectives = [step.objective for step in KLIEP(sigma=1.0, random_state=0).fit(x, y).history_]
    assert np.all(np.diff(objectives) > 0)


@pytest.mark.parametrize("make", [SoftmaxRegression, GaussianNaiveBayes, DecisionTreeClassifier])
def test_a_continuous_target_is_refused_by_classifiers(make):
    X = np.random.default_rng(1).normal(size=(30, 2))
    with pytest.raises(ValueError, match="fractional values"):
        make().fit(X, X[:, 0] * 2.5)
    make().fit(X, (X[:, 0] > 0).astype(float))  # whole-number labels stored as floats are fine
