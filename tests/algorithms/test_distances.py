"""Tests for algorithms.distances and MinkowskiKMeans: seed 003 §3.2, (2)–(7)."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist

from algorithms import KMeans
from algorithms import MinkowskiKMeans
from algorithms import minkov_dm
from algorithms import minkowski_distances
from algorithms import nearest_center
from algorithms import unit_ball
from algorithms import vdm_table
from algorithms.datasets import TABLE_5_1_ROWS

LOAN = np.array(TABLE_5_1_ROWS)  # age, has job, owns house, credit rating, approved (Li Hang Table 5.1)


def test_manhattan_euclidean_and_chebyshev_of_a_3_4_step():
    """(4), (3) and p → ∞ on x = (0, 0), y = (3, 4): 7, 5 and 4."""
    d = [minkowski_distances([[0, 0]], [[3, 4]], p)[0, 0] for p in (1, 2, np.inf)]
    np.testing.assert_allclose(d, [7, 5, 4])
    assert minkowski_distances([[0, 0]], [[3, 4]], 60)[0, 0] == pytest.approx(4, rel=1e-3)  # the limit


@pytest.mark.parametrize("p", [0.5, 1, 1.5, 2, 3, np.inf])
def test_weighted_minkowski_matches_scipy(p):
    """(7): (Σ_u w_u |x_u − y_u|^p)^(1/p); scipy's weighted Minkowski is the same formula."""
    rng = np.random.default_rng(1)
    A, B, w = rng.normal(size=(7, 3)), rng.normal(size=(5, 3)), np.array([0.5, 2.0, 1.0])
    if np.isinf(p):
        expected = cdist(A, B, "chebyshev")
    else:
        expected = cdist(A, B, "minkowski", p=p, w=w)
    np.testing.assert_allclose(minkowski_distances(A, B, p, None if np.isinf(p) else w), expected)


@pytest.mark.parametrize("p", [1, 1.5, 2, 4, np.inf])
def test_distance_axioms_hold_for_p_at_least_1(p):
    """Non-negativity, identity, symmetry and the triangle inequality on random triples."""
    X = np.random.default_rng(2).normal(size=(30, 2))
    D = minkowski_distances(X, X, p, [1.0, 3.0])
    assert np.all(D >= 0) and np.all(np.diag(D) == 0) and np.allclose(D, D.T)
    assert np.all(D[:, None, :] <= D[:, :, None] + D[None, :, :] + 1e-12)


def test_p_below_1_breaks_the_triangle_inequality():
    """a = (0, 0), b = (1, 0), c = (1, 1): d(a, c) = 2^(1/p) = 4 > d(a, b) + d(b, c) = 2 at p = 0.5."""
    P = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])
    D = minkowski_distances(P, P, 0.5)
    assert D[0, 2] == pytest.approx(4.0) and D[0, 1] + D[1, 2] == pytest.approx(2.0)


@pytest.mark.parametrize("p,w", [(1, None), (2, None), (np.inf, None), (0.5, None), (2, [4.0, 1.0])])
def test_unit_ball_points_are_at_distance_1(p, w):
    ball = unit_ball(p, w)
    np.testing.assert_allclose(minkowski_distances(ball, [[0, 0]], p, w)[:, 0], 1.0)
    assert np.abs(ball).max() == pytest.approx(1.0)  # the ball reaches 1 on an axis of weight 1


def test_weighted_unit_ball_is_squeezed_along_the_heavy_axis():
    """w = (4, 1), p = 2: the ellipse x²·4 + y² = 1 has semi-axes 1/2 and 1."""
    ball = unit_ball(2, [4.0, 1.0])
    assert np.abs(ball[:, 0]).max() == pytest.approx(0.5) and np.abs(ball[:, 1]).max() == pytest.approx(1.0)


def test_vdm_of_has_job_by_hand():
    """Has job: yes → 5 approved, 0 not; no → 4 approved, 6 not (Table 5.1).

    VDM_1(yes, no) = |5/5 − 4/10| + |0/5 − 6/10| = 1.2; VDM_2 = 0.6² + 0.6² = 0.72.
    """
    table = vdm_table(LOAN[:, 1], LOAN[:, 4], p=1)
    assert list(table.levels) == ["no", "yes"] and list(table.groups) == ["no", "yes"]
    np.testing.assert_array_equal(table.counts, [[6, 4], [0, 5]])
    np.testing.assert_array_equal(table.totals, [10, 5])
    np.testing.assert_allclose(table.matrix, [[0, 1.2], [1.2, 0]])
    assert vdm_table(LOAN[:, 1], LOAN[:, 4], p=2).matrix[0, 1] == pytest.approx(0.72)


def test_vdm_of_age_by_hand():
    """Age: youth 2/5 approved, middle-aged 3/5, old 4/5: VDM_1 = 0.4 for neighbours, 0.8 youth–old."""
    table = vdm_table(LOAN[:, 0], LOAN[:, 4], p=1)
    order = [list(table.levels).index(a) for a in ("youth", "middle-aged", "old")]
    expected = [[0, 0.4, 0.8], [0.4, 0, 0.4], [0.8, 0.4, 0]]
    np.testing.assert_allclose(table.matrix[np.ix_(order, order)], expected)
    assert vdm_table(LOAN[:, 0], LOAN[:, 4], p=2).matrix[order[0], order[2]] == pytest.approx(0.32)


def test_minkov_dm_of_rows_1_and_2():
    """Rows 1 and 2 differ only in credit (fair: 1 of 5 approved; good: 4 of 6):

    MinkovDM_2 = (2 · (4/5 − 2/6)²)^(1/2) = 0.65997; with age ordered (0, 1, 2) rows 1 and 6 add |0 − 1|².
    """
    D = minkov_dm(None, LOAN[:, :4], LOAN[:, 4], p=2)
    assert D[0, 1] == pytest.approx(np.sqrt(2 * (4 / 5 - 2 / 6) ** 2))
    assert np.allclose(D, D.T) and np.all(np.diag(D) == 0)
    age = np.array([("youth", "middle-aged", "old").index(a) for a in LOAN[:, 0]], float)[:, None]
    mixed = minkov_dm(age, LOAN[:, 1:4], LOAN[:, 4], p=2)
    assert mixed[0, 5] == pytest.approx(1.0)  # rows 1 and 6: same job, house, credit; age youth → middle


def test_bad_input_is_explained():
    with pytest.raises(ValueError, match="p must be > 0"):
        minkowski_distances([[0, 0]], [[1, 1]], 0)
    with pytest.raises(ValueError, match="one weight per feature"):
        minkowski_distances([[0, 0]], [[1, 1]], 2, [1.0])
    with pytest.raises(ValueError, match="not all 0"):
        minkowski_distances([[0, 0]], [[1, 1]], 2, [0.0, 0.0])
    with pytest.raises(ValueError, match="one value and one cluster"):
        vdm_table(["a", "b"], [0])
    with pytest.raises(ValueError, match="center must be"):
        MinkowskiKMeans(2, center="mode").fit(np.eye(3))


def _blobs(seed=0):
    rng = np.random.default_rng(seed)
    return np.concatenate([rng.normal(size=(60, 2)) + c for c in ([-2, 0], [2, 0], [0, 4])])


@pytest.mark.parametrize("init", ["random", "k-means++"])
def test_minkowski_kmeans_with_p_2_is_kmeans(init):
    X = _blobs()
    a = KMeans(3, init=init, n_init=4, random_state=3).fit(X)
    b = MinkowskiKMeans(3, p=2, init=init, n_init=4, random_state=3).fit(X)
    np.testing.assert_array_equal(a.labels_, b.labels_)
    np.testing.assert_allclose(b.cluster_centers_, a.cluster_centers_)
    assert b.inertia_ == pytest.approx(a.inertia_) and b.n_iter_ == a.n_iter_
    np.testing.assert_allclose([s.objective for s in b.history_], [s.objective for s in a.history_])


def test_k_medians_never_increases_its_objective_and_ends_at_medians():
    """p = 1 with medians: coordinate descent on E_1 = Σ ‖x − μ‖₁."""
    X = _blobs(1)
    km = MinkowskiKMeans(3, p=1, center="median", init="random", random_state=0).fit(X)
    E = np.array([s.objective for s in km.history_])
    assert np.all(np.diff(E) <= 1e-9)
    for j in range(3):
        np.testing.assert_allclose(km.cluster_centers_[j], np.median(X[km.labels_ == j], 0))
    D = np.abs(X[:, None, :] - km.cluster_centers_[None]).sum(2)
    assert km.inertia_ == pytest.approx(D.min(1).sum())
    np.testing.assert_array_equal(km.predict(X), D.argmin(1))


def test_chebyshev_and_weighted_assignments_use_their_distance():
    X = _blobs(2)
    km = MinkowskiKMeans(3, p=np.inf, init="random", random_state=0).fit(X)
    D = np.abs(X[:, None, :] - km.cluster_centers_[None]).max(2)
    np.testing.assert_array_equal(km.labels_, D.argmin(1))
    assert km.inertia_ == pytest.approx(D.min(1).sum())
    heavy = MinkowskiKMeans(2, p=2, w=[100.0, 0.01], init="random", random_state=0).fit(X)
    # a heavy x weight makes the split vertical-ish: the two centres differ most in x
    gap = np.abs(np.diff(heavy.cluster_centers_, axis=0))[0]
    assert gap[0] > gap[1]


def test_nearest_center_under_manhattan_and_chebyshev():
    """x = (0, 0), centres (1.9, 1.9) and (0, 3): Manhattan 3.8 vs 3 → second; Chebyshev 1.9 vs 3 → first."""
    X, C = np.zeros((1, 2)), np.array([[1.9, 1.9], [0.0, 3.0]])
    assert nearest_center(X, C, p=1)[0] == 1 and nearest_center(X, C, p=np.inf)[0] == 0
    assert nearest_center(X, C)[0] == 0  # Euclidean 2.69 vs 3
