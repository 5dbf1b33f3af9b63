"""Tests for algorithms.semi_supervised: Sugiyama Fig 16.3 on two moons, the closed forms, bad input."""

import numpy as np
import pytest

from algorithms import LapRLS
from algorithms import gaussian_kernel
from algorithms import graph_edges
from algorithms import load_dataset
from algorithms import partial_labels


def book_moons(seed=0):
    data = load_dataset("laprls_moons", random_state=seed)
    return data.X, np.where(data.extra["labelled"], data.y, 0).astype(float), data.y


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fig_16_3_one_label_per_class(seed):
    """Fig 16.3: LapRLS (h = 1, λ = 1, ν = 10, W = K) separates the moons from two labels; ν = 0
    cannot. The spec's numpy run (seed 0): accuracy 1.0 against 0.51."""
    X, y, truth = book_moons(seed)
    assert (y != 0).sum() == 2 and set(y[y != 0]) == {-1.0, 1.0}
    for variant in ("book", "exact"):
        assert np.mean(LapRLS(1.0, 10.0, 1.0, variant=variant).fit(X, y).predict(X) == truth) >= 0.95
    assert np.mean(LapRLS(1.0, 10.0, 1.0, n_neighbors=10).fit(X, y).predict(X) == truth) >= 0.95
    assert np.mean(LapRLS(1.0, 0.0, 1.0).fit(X, y).predict(X) == truth) < 0.6
    labelled = y != 0                                        # Fig 16.3(b): LS on the two labels alone
    assert LapRLS(1.0, 0.0, 1.0).fit(X[labelled], y[labelled]).score(X, truth) < 0.7


def test_seed_0_reproduces_the_spec_numbers():
    X, y, truth = book_moons(0)
    assert np.mean(LapRLS(1.0, 10.0, 1.0).fit(X, y).predict(X) == truth) == 1.0
    assert np.mean(LapRLS(1.0, 0.0, 1.0).fit(X, y).predict(X) == truth) == pytest.approx(0.51)


def test_closed_forms_book_and_exact():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(12, 2))
    y = np.zeros(12)
    y[[0, 5]] = [1.0, -1.0]
    K = gaussian_kernel(X, X, 0.8)
    L = np.diag(K.sum(1)) - K
    J = np.diag((y != 0).astype(float))
    book = np.linalg.solve(K @ K + 0.5 * np.eye(12) + 3.0 * K @ L @ K, K @ y)
    exact = np.linalg.solve(K @ J @ K + 0.5 * np.eye(12) + 3.0 * K @ L @ K, K @ y)
    np.testing.assert_allclose(LapRLS(0.5, 3.0, 0.8).fit(X, y).coef_, book, rtol=1e-8)
    np.testing.assert_allclose(LapRLS(0.5, 3.0, 0.8, variant="exact").fit(X, y).coef_, exact, rtol=1e-8)
    model = LapRLS(0.5, 3.0, 0.8).fit(X, y)
    np.testing.assert_allclose(model.decision_function(X), K @ book, rtol=1e-8)


def test_the_laplacian_term_is_the_pairwise_smoothness():
    """(ν/4)Σ W_ii'(f_i − f_i')² = (ν/2) fᵀLf (Sugiyama §16.2)."""
    rng = np.random.default_rng(1)
    X, f = rng.normal(size=(8, 2)), rng.normal(size=8)
    W = gaussian_kernel(X, X, 1.0)
    L = np.diag(W.sum(1)) - W
    assert 0.25 * (W * (f[:, None] - f[None, :]) ** 2).sum() == pytest.approx(0.5 * f @ L @ f)


def test_graph_edges_thresholds_the_similarity():
    W = np.array([[1.0, 0.5, 0.1], [0.5, 1.0, 0.3], [0.1, 0.3, 1.0]])
    np.testing.assert_array_equal(graph_edges(W, 0.2), [[0, 1], [1, 2]])
    np.testing.assert_array_equal(graph_edges(W, 0.05), [[0, 1], [1, 2], [0, 2]])  # strongest first
    assert len(graph_edges(W, 0.9)) == 0


def test_bad_input_gives_messages():
    X = np.random.default_rng(0).normal(size=(6, 2))
    with pytest.raises(ValueError, match="No sample is labelled"):
        LapRLS().fit(X, np.zeros(6))
    with pytest.raises(ValueError, match="0 for an unlabelled"):
        LapRLS().fit(X, np.arange(6.0))
    with pytest.raises(ValueError, match="λ must be"):
        LapRLS(lam=0.0).fit(X, np.r_[1.0, np.zeros(5)])
    with pytest.raises(ValueError, match="variant"):
        LapRLS(variant="other").fit(X, np.r_[1.0, np.zeros(5)])


def test_partial_labels_codes_the_book_targets():
    classes, truth, targets = partial_labels(np.array(["b", "a", "b", "a"]))
    assert classes.tolist() == ["a", "b"]
    np.testing.assert_array_equal(truth, [1, -1, 1, -1])
    np.testing.assert_array_equal(targets, [1, -1, 0, 0])      # the first sample of each class
    _, _, targets = partial_labels([1, -1, 1], [False, False, True])
    np.testing.assert_array_equal(targets, [0, 0, 1])
    with pytest.raises(ValueError, match="two classes"):
        partial_labels([0, 1, 2])
    X, y, truth_moons = book_moons(0)
    model = LapRLS().fit(X, y)
    assert model.score(X, truth_moons) == 1.0
