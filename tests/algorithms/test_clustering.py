"""Tests for algorithms.clustering: k-means, kernel k-means, spectral clustering, DBSCAN, LSMI."""

import numpy as np
import pytest
from sklearn import cluster as skc

import algorithms.decomposition as dec
from algorithms import DBSCAN
from algorithms import KernelKMeans
from algorithms import KMeans
from algorithms import SpectralClustering
from algorithms import adjusted_rand_index
from algorithms import elbow_curve
from algorithms import k_distances
from algorithms import kernel_kmeans_starts
from algorithms import kmeans_objective
from algorithms import kmeans_plusplus
from algorithms import knn_graph
from algorithms import knn_smi_curve
from algorithms import lsmi
from algorithms import nearest_center
from algorithms import smi_curve
from algorithms.clustering import _partition_key


def _three_blobs(seed=0):
    """Sugiyama Fig 14.3 data: 100 points each around (−2, 0), (0, 4), (2, 0)."""
    rng = np.random.default_rng(seed)
    m = 100
    return np.r_[np.c_[rng.standard_normal(m) - 2, rng.standard_normal(m)],
                 np.c_[rng.standard_normal(m), rng.standard_normal(m) + 4],
                 np.c_[rng.standard_normal(m) + 2, rng.standard_normal(m)]]


def _spirals(seed=0, n=500):
    """Sugiyama Fig 14.6 data: two interleaved spirals, uniform noise in [0, 1)², centred."""
    rng = np.random.default_rng(seed)
    a = np.linspace(0, 2 * np.pi, n // 2)
    X = np.r_[np.c_[a * np.cos(a), a * np.sin(a)],
              np.c_[(a + np.pi) * np.cos(a), (a + np.pi) * np.sin(a)]]
    X = X + rng.random((n, 2))
    return X - X.mean(0), np.r_[np.ones(n // 2, int), np.zeros(n // 2, int)]


def _moons(n=300, noise=0.06, seed=0):
    rng = np.random.default_rng(seed)
    t = np.pi * rng.random(n)
    upper = rng.random(n) < 0.5
    X = np.where(upper[:, None], np.c_[np.cos(t), np.sin(t)], np.c_[1 - np.cos(t), 0.5 - np.sin(t)])
    return X + noise * rng.standard_normal((n, 2)), upper.astype(int)


def _agreement(a, b):
    """Fraction of equal labels for two 2-cluster labellings, up to swapping the names."""
    return max(np.mean(a == b), np.mean(a != b))


# -------------------------------------------------------------------------------------- k-means

@pytest.mark.parametrize("seed", range(4))
def test_kmeans_matches_sklearn_from_the_same_centres(seed):
    # parity: same labels exactly, inertia rtol 1e-10 (scikit-learn Lloyd with tol=0 also stops
    # when no label changes)
    X = np.random.default_rng(seed).standard_normal((300, 2)) * [2, 1]
    c0 = X[np.random.default_rng(seed + 10).choice(300, 4, replace=False)]
    ours = KMeans(4, init=c0).fit(X)
    ref = skc.KMeans(4, init=c0, n_init=1, tol=0, algorithm="lloyd").fit(X)
    np.testing.assert_array_equal(ours.labels_, ref.labels_)
    np.testing.assert_allclose(ours.inertia_, ref.inertia_, rtol=1e-10)
    np.testing.assert_allclose(ours.cluster_centers_, ref.cluster_centers_, atol=1e-10)


def test_kmeans_history_is_monotone_and_readonly():
    X = _three_blobs()
    km = KMeans(3, init="random", random_state=1).fit(X)
    kinds = [s.kind for s in km.history_]
    assert kinds[0] == "init" and kinds[1::2] == ["update"] * km.n_iter_
    assert kinds[2::2] == ["assign"] * km.n_iter_
    J = np.array([s.objective for s in km.history_])
    assert np.all(np.diff(J) <= 1e-9 * J[0])
    assert km.history_[-1].moved == 0
    for s in km.history_:
        np.testing.assert_allclose(s.objective, kmeans_objective(X, s.labels, s.centers))
        assert not s.labels.flags.writeable and not s.centers.flags.writeable
    np.testing.assert_array_equal(km.predict(X), km.labels_)


def test_kmeans_history_keeps_the_book_steps_in_compact_labels():
    X = _three_blobs()
    km = KMeans(3, init="random", n_init=3, random_state=2).fit(X)
    for run in km.runs_:
        history = run.history
        centres = run.init_centers
        for s in history:
            assert s.labels.dtype == np.int8
            if s.kind != "update":  # init, assign: y_i = argmin_y ‖x_i − μ_y‖² (14.1), the step's centres
                labels = ((X[:, None, :] - s.centers[None]) ** 2).sum(2).argmin(1)
                np.testing.assert_array_equal(s.labels, labels)
            else:  # update: the means of the clusters just assigned
                means = np.array([X[s.labels == j].mean(0) for j in range(3)])
                np.testing.assert_allclose(s.centers, means, rtol=1e-12)
            if s.kind == "assign":  # an assignment keeps the centres of the update before it
                np.testing.assert_array_equal(s.centers, centres)
            centres = s.centers
        np.testing.assert_array_equal(history[-1].labels, run.labels)


def test_kmeans_recovers_the_book_blobs():
    X = _three_blobs(seed=2)
    km = KMeans(3, init="k-means++", n_init=5, random_state=0).fit(X)
    c = km.cluster_centers_
    centres = c[np.argsort(c[:, 0] + 0.1 * c[:, 1])]
    np.testing.assert_allclose(centres, [[-2, 0], [0, 4], [2, 0]], atol=0.35)
    assert km.inertia_ == min(r.objective for r in km.runs_) and len(km.runs_) == 5


def test_kmeans_empty_cluster_guard():
    X = np.r_[np.random.default_rng(0).standard_normal((50, 2)), [[8.0, 8.0]]]
    km = KMeans(3, init=np.array([[0.0, 0.0], [0.1, 0.0], [100.0, 100.0]])).fit(X)
    assert np.all(np.isfinite(km.cluster_centers_))
    assert np.bincount(km.labels_, minlength=3).min() >= 1
    J = [s.objective for s in km.history_]
    assert np.all(np.diff(J) <= 1e-9 * J[0])
    assert km.history_[1].moved == 1              # the update step re-seeded one empty centre


def test_kmeans_plusplus_and_nearest_center():
    X = _three_blobs()
    C = kmeans_plusplus(X, 3, random_state=0)
    assert C.shape == (3, 2) and len({tuple(c) for c in C}) == 3
    assert all(any(np.all(c == x) for x in X) for c in C)
    dup = np.zeros((5, 2))
    assert kmeans_plusplus(dup, 2, random_state=0).shape == (2, 2)
    np.testing.assert_array_equal(nearest_center([[0.0, 0.0], [5.0, 5.0]], [[0, 0], [4, 4]]),
                                  [0, 1])


def _book_kmeans_plusplus(X, k, rng):
    """k-means++ written out: D² from the differences, the next centre drawn by rng.choice."""
    idx = [int(rng.integers(len(X)))]
    d2 = ((X - X[idx[0]]) ** 2).sum(1)
    for _ in range(1, k):
        idx.append(int(rng.choice(len(X), p=d2 / d2.sum())))
        d2 = np.minimum(d2, ((X - X[idx[-1]]) ** 2).sum(1))
    return X[idx]


def _book_lloyd(X, centres, max_iter=300):
    """Lloyd's half-steps written out: (step, kind, labels, centres, J, moved) (Sugiyama (14.1))."""
    def nearest(C):  # argmin_y ‖x_i − μ_y‖², ties to the lowest index
        return ((X[:, None, :] - C[None]) ** 2).sum(2).argmin(1)

    k = len(centres)
    labels = nearest(centres)
    steps = [(0, "init", labels, centres, kmeans_objective(X, labels, centres), 0)]
    for it in range(1, max_iter + 1):
        new = np.array([X[labels == j].mean(0) if np.any(labels == j) else centres[j] for j in range(k)])
        empty = [j for j in range(k) if not np.any(labels == j)]
        far = np.argsort(-((X - centres[labels]) ** 2).sum(1), kind="stable")[:len(empty)]
        new[empty] = X[far]
        centres = new
        steps.append((it, "update", labels, centres, kmeans_objective(X, labels, centres), len(empty)))
        new_labels = nearest(centres)
        moved = int((new_labels != labels).sum())
        labels = new_labels
        steps.append((it, "assign", labels, centres, kmeans_objective(X, labels, centres), moved))
        if moved == 0 and not empty:
            break
    return steps


GRID = np.array([[i, j] for i in range(8) for j in range(8)], dtype=float)  # exact ties between centres


@pytest.mark.parametrize("data", ["blobs", "wide", "grid"])
@pytest.mark.parametrize("init", ["k-means++", "random"])
@pytest.mark.parametrize("seed", range(3))
def test_kmeans_restarts_are_the_written_out_book_steps(data, init, seed):
    # every restart's start, half-steps, labels (exactly), centres and J (rtol 1e-12: the same
    # numbers summed in another order) and the choice of the best run
    rng = np.random.default_rng(seed)
    X = {"blobs": _three_blobs(seed), "grid": GRID,
         "wide": rng.standard_normal((400, 6)) + np.repeat(rng.normal(0, 3, (4, 6)), 100, 0)}[data]
    k = 3 if data == "blobs" else 5
    km = KMeans(k, init=init, n_init=4, random_state=seed).fit(X)
    book_rng = np.random.default_rng(seed)
    for run in km.runs_:
        start = (_book_kmeans_plusplus(X, k, book_rng) if init == "k-means++"
                 else X[book_rng.choice(len(X), size=k, replace=False)])
        np.testing.assert_array_equal(run.init_centers, start)
        book = _book_lloyd(X, start)
        assert run.n_iter == book[-1][0]
        for s, (step, kind, labels, centres, J, moved) in zip(run.history, book, strict=True):
            assert (s.step, s.kind, s.moved) == (step, kind, moved)
            np.testing.assert_array_equal(s.labels, labels)
            np.testing.assert_allclose(s.centers, centres, rtol=1e-12, atol=1e-12)
            np.testing.assert_allclose(s.objective, J, rtol=1e-12)
        np.testing.assert_array_equal(run.labels, book[-1][2])
        np.testing.assert_allclose(run.objective, book[-1][4], rtol=1e-12)
    best = int(np.argmin([r.objective for r in km.runs_]))
    assert km.best_run_ == best and km.inertia_ == km.runs_[best].objective
    np.testing.assert_array_equal(km.labels_, km.runs_[best].labels)


@pytest.mark.parametrize("seed", range(5))
def test_kmeans_plusplus_draws_what_rng_choice_draws(seed):
    X = np.random.default_rng(seed).standard_normal((300, 12)) * np.arange(1, 13)
    np.testing.assert_array_equal(kmeans_plusplus(X, 6, random_state=seed),
                                  _book_kmeans_plusplus(X, 6, np.random.default_rng(seed)))


def test_nearest_center_sends_an_exact_tie_to_the_lowest_index():
    # ‖(7, 2) − μ‖² = 2, 5, 2: the expansion ‖x‖² + ‖μ‖² − 2xᵀμ rounds this tie to the last centre
    np.testing.assert_array_equal(nearest_center([[7.0, 2.0]], [[6.0, 3.0], [5.0, 1.0], [8.0, 3.0]]), [0])


@pytest.mark.parametrize("kw", [{"n_clusters": 0}, {"n_clusters": 7}, {"init": "farthest"},
                                {"init": np.zeros((2, 2))}, {"n_init": 0}])
def test_kmeans_rejects_bad_parameters(kw):
    params = {"n_clusters": 3, **kw}
    with pytest.raises(ValueError):
        KMeans(**params).fit(np.random.default_rng(0).standard_normal((6, 2)))


def test_elbow_curve():
    J = elbow_curve(_three_blobs(), range(1, 7), random_state=0)
    assert np.all(np.diff(J) < 0)
    drops = -np.diff(J)
    assert drops[1] > 2 * drops[2]                # the elbow is at k = 3


# ------------------------------------------------------------------------------- kernel k-means

def test_kernel_kmeans_objective_and_fixed_point():
    X, _ = _spirals(seed=1, n=200)
    kk = KernelKMeans(2, h=1.0, random_state=3).fit(X)
    J = np.array([s.objective for s in kk.history_])
    assert np.all(np.diff(J) <= 1e-9 * J[0])
    K = np.exp(-((X[:, None] - X[None]) ** 2).sum(-1) / 2.0)
    within = [K[np.ix_(kk.labels_ == y, kk.labels_ == y)].sum() / (kk.labels_ == y).sum()
              for y in (0, 1)]
    expect = len(X) - sum(within)
    np.testing.assert_allclose(kk.objective_, expect, rtol=1e-10)
    np.testing.assert_array_equal(kk.predict(X), kk.labels_)        # converged: a fixed point
    first = kk.predict(X[:5], labels=kk.history_[0].labels)          # shade any recorded step
    assert first.shape == (5,) and set(first) <= {0, 1}
    assert kk.history_[-1].moved == 0


def test_kernel_kmeans_depends_on_the_start():
    # Sugiyama §14.2: kernel k-means is very sensitive to its initialisation
    X, _ = _spirals(seed=0, n=200)
    objectives = {round(KernelKMeans(2, h=0.5, random_state=s).fit(X).objective_, 6)
                  for s in range(6)}
    assert len(objectives) > 1


def test_kernel_kmeans_reseeds_empty_clusters():
    X = np.r_[np.zeros((5, 2)), np.ones((5, 2)) * 0.01]
    kk = KernelKMeans(3, h=5.0, init_labels=np.r_[np.zeros(9, int), [1]]).fit(X)
    J = np.array([s.objective for s in kk.history_])
    assert np.all(np.isfinite(J)) and np.all(np.diff(J) <= 1e-12)
    assert np.bincount(kk.labels_, minlength=3).min() >= 1         # cluster 2 was re-seeded
    with pytest.raises(ValueError, match="init_labels"):
        KernelKMeans(2, init_labels=[0, 1, 5]).fit(np.zeros((3, 2)))


def test_kernel_kmeans_exact_path_is_the_book_iteration():
    # below EXACT_UP_TO samples the full kernel: labels and J of every step as a plain loop over
    # the assignment rule of Sugiyama §14.2 from the same random start
    X, _ = _spirals(2, 300)
    kk = KernelKMeans(2, 1.0, random_state=4).fit(X)
    assert not kk.approximated_ and kk.n_landmarks_ is None
    K = np.exp(-((X[:, None] - X[None]) ** 2).sum(-1) / 2.0)
    labels = np.random.default_rng(4).permutation(np.arange(300) % 2)
    for step in kk.history_:
        np.testing.assert_array_equal(step.labels, labels)
        onehot = np.eye(2)[labels]
        n_y, sums = onehot.sum(0), onehot.T @ K @ onehot
        np.testing.assert_allclose(step.objective, np.trace(K) - (np.diag(sums) / n_y).sum(), rtol=1e-10)
        labels = (-2 * K @ onehot / n_y + np.diag(sums) / n_y**2).argmin(1)
    np.testing.assert_array_equal(kk.history_[-1].labels, labels)      # the last step moved nothing


def test_kernel_kmeans_nystrom_above_the_exact_size_finds_the_same_clusters():
    rng = np.random.default_rng(0)
    truth = np.arange(4000) % 3
    X = np.array([[-4.0, 0.0], [0.0, 6.0], [4.0, 0.0]])[truth] + rng.standard_normal((4000, 2))
    approx = KernelKMeans(3, 1.0, random_state=0).fit(X)                 # n > EXACT_UP_TO
    exact = KernelKMeans(3, 1.0, random_state=0, n_landmarks=None).fit(X)
    assert approx.approximated_ and approx.n_landmarks_ == 300 and not exact.approximated_
    assert adjusted_rand_index(approx.labels_, exact.labels_) > 0.99
    assert adjusted_rand_index(approx.labels_, truth) > 0.99
    J = np.array([s.objective for s in approx.history_])
    assert np.all(np.diff(J) <= 1e-9 * J[0])                             # still never increases
    grid = rng.uniform(-6, 8, (200, 2))
    np.testing.assert_array_equal(approx.predict_steps(grid)[-1], approx.predict(grid))
    assert adjusted_rand_index(approx.predict(grid), exact.predict(grid)) > 0.95
    small = KernelKMeans(2, 1.0, random_state=0, n_landmarks=50).fit(X[:200])
    assert small.approximated_ and small.n_landmarks_ == 50


# -------------------------------------------------------------------------- spectral clustering

def test_spectral_clustering_separates_the_book_spirals():
    # Sugiyama Fig 14.5: at k = 10 the kNN graph usually has 2 components and the 1-D embedding
    # takes just two values; the spirals are separated exactly (seed 0 is the unusual draw with
    # 3 components, see the next test)
    X, y = _spirals(seed=1)
    sc = SpectralClustering(2, 10, random_state=0).fit(X)
    assert _agreement(sc.labels_, y) == 1.0
    assert sc.n_connected_components_ == 2 and "2 connected components" in sc.warning_
    assert np.unique(sc.embedding_.round(8)).size == 2
    W = sc.affinity_matrix_
    np.testing.assert_array_equal(W, knn_graph(X, 10))
    np.testing.assert_allclose(W.sum(1) @ sc.embedding_, 0.0, atol=1e-8)
    assert sc.history_ is sc.kmeans_.history_


def test_spectral_clustering_recovers_two_moons():
    X, y = _moons()
    sc = SpectralClustering(2, 10, random_state=0).fit(X)
    assert _agreement(sc.labels_, y) > 0.99
    km = KMeans(2, n_init=5, random_state=0).fit(X)            # k-means cuts linearly
    assert _agreement(km.labels_, y) < 0.9


@pytest.mark.parametrize("seed, k", [(0, 10), (1, 2)])
def test_spectral_clustering_warns_when_components_exceed_clusters(seed, k):
    # seed 0 at k = 10: one spiral breaks into two pieces (3 components), as the spec found for
    # 1 draw in 10; the UI must warn, because which pieces get merged is arbitrary
    X, _ = _spirals(seed=seed)
    sc = SpectralClustering(2, k, random_state=0).fit(X)
    assert sc.n_connected_components_ > 2 and "more components than clusters" in sc.warning_
    assert np.all(np.isfinite(sc.embedding_)) and np.ptp(sc.embedding_) > 0


def test_spectral_embedding_of_two_spirals_by_lanczos_is_the_dense_one():
    # two components and one embedding dimension: the vector is unique up to sign, so shift-invert
    # Lanczos (above ITERATIVE_FROM) gives the dense LAPACK solution of the deflated problem to 1e-10
    import scipy.linalg

    X, y = _spirals(1, 600)
    sc = SpectralClustering(2, 10, random_state=0).fit(X)
    assert sc.n_connected_components_ == 2
    W = sc.affinity_matrix_
    deg = W.sum(1)
    s, u0 = 1 / np.sqrt(deg), np.sqrt(deg / deg.sum())
    mu, U = scipy.linalg.eigh(s[:, None] * W * s[None, :] - 2 * np.outer(u0, u0))
    v = s * U[:, -1]
    v *= np.sign(v[np.abs(v).argmax()])
    np.testing.assert_allclose(sc.eigenvalues_, [1 - mu[-1]], atol=1e-12)
    np.testing.assert_allclose(sc.embedding_[:, 0], v, atol=1e-10)
    assert adjusted_rand_index(sc.labels_, y) == 1.0


# --------------------------------------------------------------------------------------- DBSCAN

@pytest.mark.parametrize("eps, min_samples", [(0.3, 5), (0.5, 4), (0.8, 10), (0.2, 2)])
def test_dbscan_matches_sklearn(eps, min_samples):
    rng = np.random.default_rng(7)
    X = np.r_[rng.standard_normal((100, 2)) * 0.5, rng.standard_normal((100, 2)) * 0.5 + 3,
              rng.uniform(-3, 6, (30, 2))]
    ours = DBSCAN(eps, min_samples).fit(X)
    ref = skc.DBSCAN(eps=eps, min_samples=min_samples).fit(X)
    np.testing.assert_array_equal(ours.labels_, ref.labels_)     # identical, not just up to names
    np.testing.assert_array_equal(ours.core_sample_indices_, ref.core_sample_indices_)
    types = ours.point_type_
    assert np.all((types == "noise") == (ours.labels_ == -1))
    assert np.all(types[ours.core_sample_indices_] == "core")
    assert len(ours.history_) == ours.n_clusters_ == ours.labels_.max() + 1
    assert sorted(ours.expansion_order_) == sorted(np.flatnonzero(ours.labels_ >= 0))


def _dbscan_by_the_definition(X, eps, min_samples):
    """Ester et al.'s growth with the full distance matrix, one neighbour at a time."""
    adj = ((X[:, None] - X[None]) ** 2).sum(-1) <= eps * eps
    is_core = adj.sum(1) >= min_samples
    labels, order, cluster = np.full(len(X), -1), [], 0
    for seed in np.flatnonzero(is_core):
        if labels[seed] != -1:
            continue
        labels[seed], stack = cluster, [seed]
        order.append(seed)
        while stack:
            i = stack.pop()
            for j in np.flatnonzero(adj[i]) if is_core[i] else ():
                if labels[j] == -1:
                    labels[j] = cluster
                    order.append(j)
                    stack += [j] if is_core[j] else []
        cluster += 1
    return labels, order


@pytest.mark.parametrize("eps, min_samples", [(0.3, 5), (0.5, 4), (1.0, 3)])
def test_dbscan_neighbour_search_keeps_labels_and_expansion_order(eps, min_samples):
    rng = np.random.default_rng(11)
    X = np.r_[rng.standard_normal((300, 2)), rng.standard_normal((300, 2)) + 3, np.zeros((5, 2)),
              np.c_[np.arange(10.0), np.zeros(10)] * 0.5]          # duplicates; a chain ε apart
    model = DBSCAN(eps, min_samples).fit(X)
    labels, order = _dbscan_by_the_definition(X, eps, min_samples)
    np.testing.assert_array_equal(model.labels_, labels)
    np.testing.assert_array_equal(model.expansion_order_, order)
    np.testing.assert_array_equal(model.history_[-1].labels, labels)
    d = np.sort(np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1)), axis=1)
    np.testing.assert_allclose(k_distances(X, min_samples), d[:, min_samples - 1], rtol=1e-12)


def test_dbscan_rejects_bad_parameters():
    with pytest.raises(ValueError, match="eps"):
        DBSCAN(eps=0).fit(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="min_samples"):
        DBSCAN(min_samples=0).fit(np.zeros((3, 2)))


# ----------------------------------------------------------------------------------------- LSMI

def test_lsmi_book_value_for_true_labels():
    # Sugiyama Fig 14.9: SMI(true labels) = 0.4987 in a public MATLAB run, 0.4984 in the spec's
    # numpy replication (κ = 1, λ = 1e-5 chosen by CV); the population value is 0.5
    X, y = _spirals(seed=0)
    r = lsmi(X, y, random_state=0)
    assert 0.49 < r.smi < 0.505
    assert r.sigma == 1.0 and r.lam == 1e-5 and r.cv_scores.shape == (3, 3)
    rand = lsmi(X, np.random.default_rng(1).integers(0, 2, len(X)), random_state=0)
    half = lsmi(X, (X[:, 0] > 0).astype(int), random_state=0)
    assert rand.smi < 0.1 < half.smi < r.smi


def test_smi_curve_prefers_a_connected_but_local_graph():
    # Sugiyama Fig 14.8: SMI against k of the kNN graph is largest near k = 10 for the spirals
    X, y = _spirals(seed=1)
    values, labels = smi_curve(X, (1, 10, 60), random_state=0)
    assert values[1] > values[0] and values[1] > values[2]
    assert _agreement(labels[1], y) == 1.0
    h_values, _ = smi_curve(X[::5], (0.3, 3.0), method="kernel_kmeans", random_state=0)
    assert h_values.shape == (2,) and np.all(h_values > -0.5)


# ------------------------------------------------------------------- additions for the page


def test_kmeans_box_start_is_inside_the_bounding_box_and_not_at_samples():
    """CS229 Ch. 7a Fig 1(b): the initial centroids are random points, not training examples."""
    X = _three_blobs()
    km = KMeans(4, init="box", n_init=3, random_state=0).fit(X)
    for run in km.runs_:
        c0 = run.init_centers
        assert np.all(c0 >= X.min(0)) and np.all(c0 <= X.max(0))
        assert not any(np.any(np.all(X == c, axis=1)) for c in c0)
        J = [s.objective for s in run.history]
        assert np.all(np.diff(J) <= 1e-9)


def test_kernel_kmeans_predict_steps_matches_predict():
    X, _ = _spirals(1, 200)
    kk = KernelKMeans(2, 1.0, random_state=3).fit(X)
    grid = np.random.default_rng(0).uniform(-8, 8, (50, 2))
    steps = kk.predict_steps(grid)
    assert steps.shape == (len(kk.history_), 50)
    for s, step in enumerate(kk.history_):
        np.testing.assert_array_equal(steps[s], kk.predict(grid, labels=step.labels))
    np.testing.assert_array_equal(kk.predict_steps(grid, [0])[0], steps[0])


def test_k_distances_decide_the_core_points():
    X = _three_blobs()
    for eps, m in [(0.3, 5), (0.5, 10), (1.0, 30)]:
        core = np.zeros(len(X), bool)
        core[DBSCAN(eps, m).fit(X).core_sample_indices_] = True
        np.testing.assert_array_equal(k_distances(X, m) <= eps, core)
    assert np.all(np.isinf(k_distances(X[:3], 5)))


@pytest.mark.parametrize("seed", range(5))
def test_adjusted_rand_index_matches_sklearn(seed):
    from sklearn.metrics import adjusted_rand_score

    rng = np.random.default_rng(seed)
    a = rng.integers(0, 4, 120)
    b = np.where(rng.random(120) < 0.7, a, rng.integers(-1, 3, 120))
    assert adjusted_rand_index(a, b) == pytest.approx(adjusted_rand_score(a, b), abs=1e-12)
    assert adjusted_rand_index(a.astype(str), b) == pytest.approx(adjusted_rand_score(a, b), abs=1e-12)
    assert adjusted_rand_index(a, (a + 1) % 4) == pytest.approx(1.0)


def test_adjusted_rand_index_special_cases():
    assert adjusted_rand_index(np.zeros(5), np.zeros(5)) == 1.0
    assert adjusted_rand_index(np.arange(5), np.arange(5) + 7) == 1.0
    with pytest.raises(ValueError):
        adjusted_rand_index([0, 1], [0, 1, 2])


def test_elbow_curve_with_an_int_seed_starts_every_k_alike():
    """An int seed gives each k the k-means fit of that seed: the curve is the direct fits."""
    X = _three_blobs()
    J = elbow_curve(X, range(1, 6), random_state=0)
    direct = [KMeans(k, init="k-means++", n_init=5, random_state=0).fit(X).inertia_ for k in range(1, 6)]
    np.testing.assert_allclose(J, direct, rtol=0, atol=0)
    np.testing.assert_allclose(elbow_curve(X, range(1, 4), random_state=0), J[:3], rtol=0, atol=0)


def test_kernel_kmeans_starts_are_the_fits_of_each_seed():
    """Sugiyama §14.2: the same data and h from several starts; each is the fit of its own seed."""
    X, _ = _spirals(seed=1, n=200)
    models = kernel_kmeans_starts(X, 2, 0.3, range(3, 7))
    assert len(models) == 4
    for seed, model in zip(range(3, 7), models, strict=True):
        alone = KernelKMeans(2, 0.3, random_state=seed).fit(X)
        np.testing.assert_array_equal(model.labels_, alone.labels_)
        assert model.objective_ == alone.objective_


def test_partition_key_ignores_label_names():
    assert _partition_key(np.array([2, 2, 0, 1])) == _partition_key(np.array([0, 0, 5, 3]))
    assert _partition_key(np.array([0, 0, 1, 1])) != _partition_key(np.array([0, 1, 1, 1]))


def test_knn_smi_curve_scores_each_k_with_one_seed_and_one_split():
    """Sugiyama Fig 14.8: every point is lsmi of spectral clustering with the same seed; equal
    partitions share one estimate, and the spiral labels (k = 10) beat a too-small graph."""
    X, y = _spirals(seed=1)
    grid = (3, 10, 15)
    results, labels = knn_smi_curve(X, 2, grid)
    for knn, result, lab in zip(grid, results, labels, strict=True):
        np.testing.assert_array_equal(lab, SpectralClustering(2, knn, random_state=0).fit(X).labels_)
        direct = lsmi(X, lab, random_state=0)
        assert result.smi == pytest.approx(direct.smi, abs=1e-12)
        np.testing.assert_allclose(result.cv_scores, direct.cv_scores, rtol=1e-12)
    assert _agreement(labels[1], y) == 1.0 and _agreement(labels[2], y) == 1.0
    assert results[1] is results[2]
    assert results[1].smi > results[0].smi


def test_spectral_clustering_on_the_sparse_graph_gives_the_same_clusters(monkeypatch):
    # from SPARSE_FROM samples on, W is sparse and Lanczos solves the (here two-component) problem
    rng = np.random.default_rng(3)
    a = np.linspace(0, 2 * np.pi, 150)
    X = np.r_[np.c_[a * np.cos(a), a * np.sin(a)], np.c_[(a + np.pi) * np.cos(a), (a + np.pi) * np.sin(a)]]
    X = X + 0.5 * rng.random(X.shape)
    dense = SpectralClustering(2, 8, random_state=0).fit(X)
    monkeypatch.setattr(dec, "SPARSE_FROM", 100)
    sparse = SpectralClustering(2, 8, random_state=0).fit(X)
    assert sparse.affinity_matrix_.nnz == int(dense.affinity_matrix_.sum())
    assert sparse.n_connected_components_ == dense.n_connected_components_
    np.testing.assert_allclose(sparse.eigenvalues_, dense.eigenvalues_, atol=1e-10)
    assert adjusted_rand_index(sparse.labels_, dense.labels_) == 1.0
