"""The progress callbacks of long computations (issue 18): called with fractions that rise to 1,
and the results are exactly those of a run without a callback."""

import numpy as np
import pytest

from algorithms import BaggingClassifier
from algorithms import DecisionTreeClassifier
from algorithms import LogisticRegression
from algorithms import MLPClassifier
from algorithms import RandomForestClassifier
from algorithms import SoftmaxRegression
from algorithms import kernel_ridge_cv_grid
from algorithms import knn_smi_curve
from algorithms.ensembles import DecisionStump


def recorded():
    seen = []
    return seen, seen.append


def assert_rises_to_one(seen, calls):
    assert len(seen) == calls
    assert np.all(np.diff(seen) > 0) and seen[0] >= 0 and seen[-1] == pytest.approx(1.0)


@pytest.fixture
def regression():
    rng = np.random.default_rng(0)
    X = rng.uniform(-3, 3, size=(40, 1))
    return X, np.sin(X[:, 0]) + 0.1 * rng.normal(size=40)


@pytest.fixture
def classification():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(60, 2))
    return X, (X[:, 0] + X[:, 1] > 0).astype(int)


@pytest.mark.parametrize("folds", [5, None])
def test_cv_grid_reports_after_each_width(regression, folds):
    X, y = regression
    hs, lams = [0.1, 0.3, 1.0, 3.0], [1e-3, 0.1, 1.0]
    seen, report = recorded()
    errors = kernel_ridge_cv_grid(X, y, hs, lams, folds, 0, progress=report)
    assert seen == [0.25, 0.5, 0.75, 1.0]
    np.testing.assert_array_equal(errors, kernel_ridge_cv_grid(X, y, hs, lams, folds, 0))


def test_network_reports_after_each_epoch(classification):
    X, y = classification
    seen, report = recorded()
    net = MLPClassifier((5,), epochs=30, random_state=0).fit(X, y, progress=report)
    assert_rises_to_one(seen, 30)
    plain = MLPClassifier((5,), epochs=30, random_state=0).fit(X, y)
    np.testing.assert_array_equal(net.loss_curve_, plain.loss_curve_)


@pytest.mark.parametrize(
    "make",
    [
        lambda: BaggingClassifier(12, DecisionStump(feature="best"), random_state=0),
        lambda: BaggingClassifier(12, DecisionTreeClassifier(max_depth=3), random_state=0),
        lambda: RandomForestClassifier(12, max_features=1, max_depth=3, random_state=0),
    ],
)
def test_bagging_reports_after_each_learner(classification, make):
    X, y = classification
    seen, report = recorded()
    model = make().fit(X, y, progress=report)
    assert seen[0] == 0.0  # at the start: the bar shows while batched trees grow
    assert_rises_to_one(seen, 13)
    np.testing.assert_array_equal(model.oob_error_curve_, make().fit(X, y).oob_error_curve_)
    np.testing.assert_array_equal(model.predict(X), make().fit(X, y).predict(X))


@pytest.mark.parametrize("Model", [LogisticRegression, SoftmaxRegression])
@pytest.mark.parametrize("solver, steps", [("gd", 40), ("newton", 6)])
def test_batch_solvers_report_after_each_step(classification, Model, solver, steps):
    X, y = classification
    kw = dict(solver=solver, lam=0.1, max_iter=steps, tol=0.0, eta=0.5)
    seen, report = recorded()
    model = Model(**kw).fit(X, y, progress=report)
    assert_rises_to_one(seen, steps)
    np.testing.assert_array_equal(model.theta_, Model(**kw).fit(X, y).theta_)


def test_smi_curve_reports_after_each_k(classification):
    X, _ = classification
    seen, report = recorded()
    results, labels = knn_smi_curve(X, 2, (3, 5, 7, 10), random_state=0, progress=report)
    assert_rises_to_one(seen, 4)
    plain_results, plain_labels = knn_smi_curve(X, 2, (3, 5, 7, 10), random_state=0)
    assert [r.smi for r in results] == [r.smi for r in plain_results]
    assert all(np.array_equal(a, b) for a, b in zip(labels, plain_labels, strict=True))
