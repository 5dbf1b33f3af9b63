"""Clustering: k-means, kernel k-means, spectral clustering, DBSCAN, and choosing k.

Sugiyama ch. 14 (k-means §14.1, kernel k-means §14.2, spectral clustering §14.3, SMI/LSMI
§14.4); CS229 Ch. 7a (k-means as coordinate descent on the distortion J, M38); seed 003 §3
(k-means objective E, density clustering DBSCAN named in §3.1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.sparse import coo_matrix
from scipy.spatial import cKDTree

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import gaussian_kernel
from algorithms._base import squared_distances
from algorithms.decomposition import _components_warning
from algorithms.decomposition import _graph
from algorithms.decomposition import graph_components
from algorithms.decomposition import laplacian_eigenvectors
from algorithms.distances import check_minkowski
from algorithms.distances import minkowski_distances
from algorithms.model_selection import fold_ids

__all__ = ["KMeans", "MinkowskiKMeans", "KMeansStep", "KMeansRun", "kmeans_plusplus", "nearest_center",
           "kmeans_objective", "elbow_curve", "KernelKMeans", "KernelKMeansStep",
           "kernel_kmeans_starts", "SpectralClustering", "DBSCAN", "DBSCANStep", "k_distances",
           "lsmi", "SMIResult", "smi_curve", "knn_smi_curve", "adjusted_rand_index"]


def _readonly(a) -> np.ndarray:
    a = np.array(a, copy=True)
    a.setflags(write=False)
    return a


def _check_int(value, name: str, low: int = 1, high: int | None = None) -> int:
    if isinstance(value, bool) or int(value) != value or value < low or \
            (high is not None and value > high):
        rng = f"between {low} and {high}" if high is not None else f"≥ {low}"
        raise ValueError(f"{name} must be a whole number {rng}; got {value!r}.")
    return int(value)


def _check_n_clusters(n_clusters, n: int) -> int:
    if isinstance(n_clusters, bool) or int(n_clusters) != n_clusters or n_clusters < 1:
        raise ValueError(f"The number of clusters must be a whole number ≥ 1; got {n_clusters!r}.")
    if n_clusters > n:
        raise ValueError(f"Cannot make {n_clusters} clusters from only {n} samples.")
    return int(n_clusters)


# ----------------------------------------------------------------------------------------------
# k-means
# ----------------------------------------------------------------------------------------------

def nearest_center(X, centers, p: float = 2.0, w=None) -> np.ndarray:
    """Assignment step (Sugiyama (14.1)): index of the nearest centre for every row of X.

    Nearest in the weighted Minkowski distance with exponent p and weights w (seed 003 §3.2, (7));
    the default is the Euclidean one. Ties go to the lowest index. Use it to shade the regions of
    any recorded step.
    """
    X = check_array(X)
    centers = check_array(centers, name="centers")
    if centers.shape[1] != X.shape[1]:
        raise ValueError(f"The centres have {centers.shape[1]} features but X has {X.shape[1]}.")
    if p == 2 and w is None:
        return _assign(X, centers)
    return minkowski_distances(X, centers, p, w).argmin(1)


def kmeans_objective(X, labels, centers) -> float:
    """J = Σ_i ‖x_i − μ_{c(i)}‖² (CS229 distortion; Sugiyama §14.1; seed 003 E)."""
    diff = np.asarray(X, dtype=float) - np.asarray(centers, dtype=float)[np.asarray(labels)]
    return float(np.einsum("ij,ij->", diff, diff))


def kmeans_plusplus(X, n_clusters: int, random_state=None) -> FloatArray:
    """k-means++ seeding (Arthur & Vassilvitskii 2007; not in the seeds).

    First centre: a uniformly drawn sample; each next one: a sample drawn with probability
    ∝ D(x)², its squared distance to the nearest centre so far (inverse transform sampling of
    one uniform number: the draw of ``rng.choice(n, p=D²/ΣD²)``). Duplicated data: once every
    distance is 0 the remaining centres are drawn uniformly among the other samples.
    """
    X = check_array(X)
    k = _check_n_clusters(n_clusters, len(X))
    rng = check_random_state(random_state)
    n = len(X)
    idx = [int(rng.integers(n))]
    d2 = _center_distances(X, X[idx])[0]
    for _ in range(1, k):
        total = d2.sum()
        if total > 0:
            cdf = np.cumsum(d2 / total)
            cdf /= cdf[-1]
            j = int(cdf.searchsorted(rng.random(), side="right"))
        else:
            j = int(rng.choice(np.setdiff1d(np.arange(n), idx)))
        idx.append(j)
        np.minimum(d2, _center_distances(X, X[[j]])[0], out=d2)
    return X[idx].copy()


@dataclass(frozen=True)
class KMeansStep:
    """One half-step of k-means: ``kind`` is "init", "assign" or "update".

    ``labels`` are the assignments and ``centers`` the centres after this half-step (at "init"
    the labels are the assignment to the initial centres), ``objective`` = J(labels, centers).
    The labels are stored in the smallest signed integer type that holds them, one array for an
    update and the assignment before it (a run at n = 20 000 keeps hundreds of half-steps).
    ``moved`` counts the points that changed cluster (assign) or the centres re-seeded because
    their cluster became empty (update).
    """

    step: int
    kind: str
    labels: np.ndarray
    centers: FloatArray
    objective: float
    moved: int = 0


@dataclass(frozen=True)
class KMeansRun:
    """One restart of k-means: where it started, where it ended, and its half-steps."""

    init_centers: FloatArray
    centers: FloatArray
    labels: np.ndarray
    objective: float
    n_iter: int
    history: tuple


def _update_centers(X, labels, centers, k, center="mean"):
    """Means (or coordinate-wise medians) of the clusters; an empty cluster is re-seeded at the
    point farthest from its centre.

    The re-seeded centre owns no point yet, so J is unchanged by it and falls at the next
    assignment (the far point then joins it at distance 0): J stays non-increasing.
    """
    counts = np.bincount(labels, minlength=k)
    if center == "median":
        new = np.array([np.median(X[labels == j], 0) if counts[j] else centers[j] for j in range(k)])
    else:
        sums = np.stack([np.bincount(labels, weights=X[:, j], minlength=k)
                         for j in range(X.shape[1])], axis=1)
        new = sums / np.maximum(counts, 1)[:, None]
    empty = np.flatnonzero(counts == 0)
    if len(empty):
        d = ((X - centers[labels]) ** 2).sum(1)
        far = np.argsort(-d, kind="stable")[:len(empty)]
        new[empty] = X[far]
    return new, len(empty)


def _center_distances(X, centers):
    """‖x_i − μ_y‖² with one row per centre y and one column per sample i, summed feature by
    feature from the differences: exact (no cancellation far from the origin) and, at a few
    features, cheaper than the ‖x‖² + ‖μ‖² − 2xᵀμ expansion."""
    D = np.subtract.outer(centers[:, 0], X[:, 0])
    D *= D
    for u in range(1, X.shape[1]):
        diff = np.subtract.outer(centers[:, u], X[:, u])
        diff *= diff
        D += diff
    return D


def _nearest(D):
    """For every column of D (one row per centre): the row of its smallest entry (ties go to the
    lowest index, as argmin) and that entry."""
    labels = np.zeros(D.shape[1], dtype=np.intp)
    best = D[0].copy()
    for y in range(1, len(D)):
        labels = np.where(D[y] < best, y, labels)
        np.minimum(best, D[y], out=best)
    return labels, best


def _assign(X, centers):
    """argmin_y ‖x − μ_y‖² (Sugiyama (14.1)) from the exact distances."""
    return _nearest(_center_distances(X, centers))[0]


def _sum(chosen):
    """J from each sample's squared distance to its own centre."""
    return float(chosen.sum())


def _lloyd(X, centers, max_iter, record, distances=_center_distances, objective_of=_sum, center="mean"):
    """Lloyd's iterations from given centres until the labels stop changing.

    ``distances(X, centers)`` has one row per centre; one such matrix per iteration gives the
    assignment and both objectives (``objective_of`` the chosen entries): after an update with the
    labels before it, after an assignment with the nearest centres.
    """
    k = len(centers)
    compact = np.min_scalar_type(-k)
    samples = np.arange(len(X))  # D.take(labels * n + samples) = D[labels, samples]
    centers = centers.copy()
    labels, chosen = _nearest(distances(X, centers))
    objective = objective_of(chosen)
    stored = _readonly(labels.astype(compact))  # an update half-step shares the labels before it
    history = [KMeansStep(0, "init", stored, _readonly(centers), objective)] if record else []
    n_iter = 0
    for it in range(1, max_iter + 1):
        n_iter = it
        centers, n_empty = _update_centers(X, labels, centers, k, center)
        D = distances(X, centers)
        if record:
            history.append(KMeansStep(it, "update", stored, _readonly(centers),
                                      objective_of(D.take(labels * len(X) + samples)), n_empty))
        new_labels, chosen = _nearest(D)
        moved = int(np.count_nonzero(new_labels != labels))
        labels = new_labels
        objective = objective_of(chosen)
        if record:
            stored = _readonly(labels.astype(compact))
            history.append(KMeansStep(it, "assign", stored, _readonly(centers), objective, moved))
        if moved == 0 and n_empty == 0:
            break
    return labels, centers, objective, n_iter, tuple(history)


class KMeans(BaseEstimator):
    """k-means clustering (Sugiyama §14.1; CS229 M38; seed 003 §3.2).

    Alternates the assignment step y_i ← argmin_y ‖x_i − μ_y‖² (14.1) and the update step
    μ_y ← mean of cluster y. This is coordinate descent on J = Σ_i ‖x_i − μ_{y_i}‖², so J never
    increases; it stops when no label changes (the book's listing instead stops when the
    per-cluster mean distances settle; here convergence is exact) or after ``max_iter`` updates.

    ``init``: ``"random"`` (the books: c distinct random samples), ``"k-means++"``, ``"box"``
    (uniform in the bounding box of the data, not at samples: CS229 Ch. 7a Fig 1(b)), or an
    array of shape (n_clusters, d) of initial centres (e.g. clicked by the user; then one run).
    ``n_init`` restarts keep the run with the lowest J; all runs are in ``runs_``.
    Empty cluster (a mean of nothing is undefined): its centre is moved to the point farthest
    from its own centre, which keeps J non-increasing.

    Attributes: ``cluster_centers_``, ``labels_``, ``inertia_`` (= J), ``n_iter_``,
    ``history_`` (the best run's :class:`KMeansStep` half-steps: init, then update/assign
    pairs), ``runs_`` (one :class:`KMeansRun` per restart), ``best_run_``.
    """

    def __init__(self, n_clusters: int = 3, init="k-means++", n_init: int = 1,
                 max_iter: int = 300, random_state=None):
        self._store(locals())

    def _initial_centers(self, X, k, rng):
        if isinstance(self.init, str):
            if self.init == "random":
                return X[rng.choice(len(X), size=k, replace=False)].copy()
            if self.init == "k-means++":
                return kmeans_plusplus(X, k, rng)
            if self.init == "box":
                return rng.uniform(X.min(0), X.max(0), size=(k, X.shape[1]))
            raise ValueError(f"init must be 'random', 'k-means++', 'box' or an array of centres; "
                             f"got {self.init!r}.")
        raise AssertionError

    def _rules(self, X) -> dict:
        """How _lloyd assigns, scores and updates: the defaults are the squared Euclidean ones."""
        return {}

    def fit(self, X, y=None) -> "KMeans":
        X = check_array(X)
        k = _check_n_clusters(self.n_clusters, len(X))
        max_iter = _check_int(self.max_iter, "max_iter")
        n_init = _check_int(self.n_init, "n_init")
        rng = check_random_state(self.random_state)
        if not isinstance(self.init, str):
            given = check_array(self.init, name="The initial centres")
            if given.shape != (k, X.shape[1]):
                raise ValueError(f"The initial centres must have shape ({k}, {X.shape[1]}): one "
                                 f"row per cluster, one column per feature; got {given.shape}.")
            starts = [given.copy()]
        else:
            starts = [self._initial_centers(X, k, rng) for _ in range(n_init)]
        runs = []
        X = np.asfortranarray(X)  # contiguous columns: distances and means go feature by feature
        for c0 in starts:
            labels, centers, obj, n_iter, hist = _lloyd(X, c0, max_iter, True, **self._rules(X))
            runs.append(KMeansRun(_readonly(c0), _readonly(centers), _readonly(labels), obj,
                                  n_iter, hist))
        best = int(np.argmin([r.objective for r in runs]))
        run = runs[best]
        self.runs_ = tuple(runs)
        self.best_run_ = best
        self.cluster_centers_ = np.array(run.centers)
        self.labels_ = np.array(run.labels)
        self.inertia_ = run.objective
        self.n_iter_ = run.n_iter
        self.history_ = run.history
        return self

    def predict(self, X) -> np.ndarray:
        X = check_new_data(self, X, "cluster_centers_")
        return nearest_center(X, self.cluster_centers_)

    def fit_predict(self, X, y=None) -> np.ndarray:
        return self.fit(X).labels_

    def transform(self, X) -> FloatArray:
        """Distances ‖x − μ_y‖ to every centre."""
        return np.sqrt(squared_distances(check_new_data(self, X, "cluster_centers_"), self.cluster_centers_))


class MinkowskiKMeans(KMeans):
    """k-means driven by the weighted Minkowski distance (seed 003 §3.2, (2), (7)).

    Assignment y_i ← argmin_y dist_wmk(x_i, μ_y) with exponent ``p`` (p = inf: Chebyshev) and
    feature weights ``w``; update μ_y ← the cluster's mean (``center="mean"``) or coordinate-wise
    median (``"median"``). The objective shown is E_p = Σ_i dist_wmk(x_i, μ_{y_i})^p (p = inf:
    Σ_i dist). With p = 2, w = 1 and means this is :class:`KMeans` (E_2 = J), and with p = 1 and
    medians it is k-medians; both are coordinate descent on E_p, which never increases. Any other
    pair is the seed's caveat (spec pitfall 36): the mean does not minimise E_p, so E_p can rise.

    Same ``init``, ``n_init``, attributes and history as :class:`KMeans` (``inertia_`` = E_p).
    """

    def __init__(self, n_clusters: int = 3, p: float = 2.0, w=None, center: str = "mean",
                 init="k-means++", n_init: int = 1, max_iter: int = 300, random_state=None):
        self._store(locals())

    def _rules(self, X) -> dict:
        if self.center not in ("mean", "median"):
            raise ValueError(f"center must be 'mean' or 'median'; got {self.center!r}.")
        p, w = check_minkowski(self.p, self.w, X.shape[1])
        power = 1.0 if np.isinf(p) else p

        def distances(X, centers):
            return minkowski_distances(X, centers, p, w).T

        def objective_of(chosen):
            return float((chosen**power).sum())

        return dict(distances=distances, objective_of=objective_of, center=self.center)

    def predict(self, X) -> np.ndarray:
        X = check_new_data(self, X, "cluster_centers_")
        return nearest_center(X, self.cluster_centers_, self.p, self.w)

    def transform(self, X) -> FloatArray:
        """Distances dist_wmk(x, μ_y) to every centre."""
        return minkowski_distances(check_new_data(self, X, "cluster_centers_"), self.cluster_centers_,
                                   self.p, self.w)


def elbow_curve(X, ks=range(1, 11), init="k-means++", n_init: int = 5,
                random_state=None) -> FloatArray:
    """Best k-means objective J for every number of clusters in ``ks`` (the elbow plot).

    J always falls as k grows (J = 0 at k = n); look for the "elbow" where the fall flattens.
    Values of k larger than n are rejected. ``random_state`` goes to every fit as given: an int
    starts every k from the same seed (the curve does not change when ``ks`` grows), a Generator
    is shared by the fits.
    """
    X = check_array(X)
    return np.array([KMeans(k, init=init, n_init=n_init, random_state=random_state).fit(X).inertia_
                     for k in ks])


# ----------------------------------------------------------------------------------------------
# kernel k-means
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class KernelKMeansStep:
    """Labels after a reassignment (step 0 = the random start) and the feature-space objective."""

    step: int
    labels: np.ndarray
    objective: float
    moved: int = 0


def _kernel_scores(K_onehot, K_diag_train_sums, counts):
    """−(2/n_y) Σ_{i∈y} K(x, x_i) + (1/n_y²) Σ_{i,i'∈y} K(x_i, x_i') for every x and y, from
    K_onehot = K(x, x_i) @ onehot (the sums Σ_{i∈y} K(x, x_i))."""
    with np.errstate(divide="ignore", invalid="ignore"):
        cross = K_onehot / counts[None, :]
        within = K_diag_train_sums / counts**2
    scores = -2.0 * cross + within[None, :]
    scores[:, counts == 0] = np.inf
    return scores


EXACT_UP_TO = 3000   # kernel k-means keeps the exact n × n kernel up to this many samples
LANDMARKS = 300      # and above uses the Nyström approximation with this many landmarks


class KernelKMeans(BaseEstimator):
    """Kernel k-means with the Gaussian kernel K(x, x') = exp(−‖x − x'‖²/(2h²)) (Sugiyama §14.2).

    Expanding ‖ψ(x) − μ_y‖² in feature space gives the assignment rule
    y ← argmin_y [−(2/n_y) Σ_{i:y_i=y} K(x, x_i) + (1/n_y²) Σ_{i,i':y_i=y_i'=y} K(x_i, x_i')]
    (K(x, x) is constant and dropped). Starts from a random assignment (``random_state``;
    every cluster non-empty) or from ``init_labels``; all points are reassigned at once until
    no label changes. The objective J = Σ_i ‖ψ(x_i) − μ_{y_i}‖² = Σ_i K_ii − Σ_y (1/n_y)
    Σ_{i,i'∈y} K_ii' never increases. Empty cluster (n_y = 0 would divide by 0): the point
    farthest from its own cluster mean in feature space is moved into it.

    The result depends strongly on the start — the motivation for spectral clustering.

    Size: the exact K is n × n (3.2 GB at n = 20 000). ``n_landmarks="auto"`` keeps it exact up
    to ``EXACT_UP_TO`` (3 000) samples and above uses the Nyström approximation
    K ≈ K_nm K_mm⁻¹ K_mn with ``LANDMARKS`` (300) landmarks drawn by ``random_state`` (after the
    random start, so the exact path is unchanged): K ≈ ΦΦᵀ, Φ = K_nm U S^{-1/2} from the
    eigenpairs (S, U) of K_mm, and every product K·M becomes Φ(ΦᵀM), O(nm) instead of O(n²).
    An integer asks for that many landmarks at any size (exact when ≥ n), None for the exact K.
    ``approximated_`` says whether the approximation was used (``n_landmarks_`` how many).

    Attributes: ``labels_``, ``objective_``, ``n_iter_``, ``history_`` (one
    :class:`KernelKMeansStep` per reassignment). ``predict(X, labels=None)`` assigns new points
    by the same rule, for the clusters of the final labels or of any recorded ``labels``.
    """

    def __init__(self, n_clusters: int = 2, h: float = 1.0, max_iter: int = 100,
                 init_labels=None, random_state=None, n_landmarks="auto"):
        self._store(locals())

    def _landmark_count(self, n: int) -> int | None:
        """How many Nyström landmarks to use on n samples, None for the exact kernel."""
        m = self.n_landmarks
        if isinstance(m, str) and m == "auto":
            return LANDMARKS if n > EXACT_UP_TO else None
        if m is None:
            return None
        m = _check_int(m, "The number of landmarks")
        return m if m < n else None

    def _gram_times(self, M):
        """K @ M for the training kernel (exact or Nyström)."""
        return self._K @ M if self._features is None else self._features @ (self._features.T @ M)

    def _cross_rows(self, X):
        """Rows standing for K(X, training samples): K itself, or the Nyström features of X."""
        if self._features is None:
            return gaussian_kernel(X, self.X_fit_, self.h)
        return gaussian_kernel(X, self._landmarks, self.h) @ self._nystrom_map

    def _cross_times(self, rows, onehot):
        """K(X, training samples) @ onehot from :meth:`_cross_rows`."""
        return rows @ (onehot if self._features is None else self._features.T @ onehot)

    def fit(self, X, y=None) -> "KernelKMeans":
        X = check_array(X)
        n = len(X)
        k = _check_n_clusters(self.n_clusters, n)
        h = check_positive(self.h, "The kernel width h")
        max_iter = _check_int(self.max_iter, "max_iter")
        rng = check_random_state(self.random_state)
        if self.init_labels is None:
            labels = rng.permutation(np.arange(n) % k)
        else:
            labels = np.asarray(self.init_labels)
            if labels.shape != (n,) or not np.all(np.isin(labels, np.arange(k))):
                raise ValueError(f"init_labels must give one label in 0..{k - 1} per sample.")
            labels = labels.astype(int)
        m = self._landmark_count(n)
        self.X_fit_ = X
        if m is None:
            self._K, self._features = gaussian_kernel(X, X, h), None
            diagK = np.diag(self._K)
        else:
            self._landmarks = X[np.sort(rng.choice(n, m, replace=False))]
            S, U = np.linalg.eigh(gaussian_kernel(self._landmarks, self._landmarks, h))
            keep = S > 1e-10 * S[-1]
            self._nystrom_map = U[:, keep] / np.sqrt(S[keep])
            self._K, self._features = None, gaussian_kernel(X, self._landmarks, h) @ self._nystrom_map
            diagK = (self._features ** 2).sum(1)
        self.approximated_, self.n_landmarks_ = m is not None, m
        ar = np.arange(k)

        def stats(lab):                 # the one kernel product of an iteration: K @ onehot
            onehot = (lab[:, None] == ar[None, :]).astype(float)
            KO = self._gram_times(onehot)
            return KO, onehot.sum(0), np.einsum("ik,ik->k", onehot, KO)

        def objective(counts, within_sums):
            nz = counts > 0
            return float(diagK.sum() - (within_sums[nz] / counts[nz]).sum())

        KO, counts, within_sums = stats(labels)
        history = [KernelKMeansStep(0, _readonly(labels), objective(counts, within_sums))]
        for it in range(1, max_iter + 1):
            scores = _kernel_scores(KO, within_sums, counts)
            new = scores.argmin(1)
            new_counts = np.bincount(new, minlength=k)
            for j in np.flatnonzero(new_counts == 0):          # re-seed empty clusters
                dist = diagK + scores[np.arange(n), new]
                dist[new_counts[new] <= 1] = -np.inf           # never empty another cluster
                i = int(np.argmax(dist))
                new_counts[new[i]] -= 1
                new[i] = j
                new_counts[j] += 1
            moved = int((new != labels).sum())
            labels = new
            KO, counts, within_sums = stats(labels)
            history.append(KernelKMeansStep(it, _readonly(labels),
                                            objective(counts, within_sums), moved))
            if moved == 0:
                break
        self.labels_ = labels
        self.objective_ = history[-1].objective
        self.n_iter_ = len(history) - 1
        self.history_ = tuple(history)
        return self

    def predict(self, X, labels=None) -> np.ndarray:
        X = check_new_data(self, X, "X_fit_")
        lab = self.labels_ if labels is None else np.asarray(labels)
        if lab.shape != self.labels_.shape:
            raise ValueError("labels must give one cluster per training sample.")
        k = int(self.n_clusters)
        onehot = (lab[:, None] == np.arange(k)[None, :]).astype(float)
        counts = onehot.sum(0)
        within = np.einsum("ik,ik->k", onehot, self._gram_times(onehot))
        return _kernel_scores(self._cross_times(self._cross_rows(X), onehot), within, counts).argmin(1)

    def predict_steps(self, X, steps=None) -> np.ndarray:
        """Labels of new points X for the clusters of every recorded step (default: all).

        Shape (len(steps), m): row s assigns X by the rule above with the labels of
        ``history_[steps[s]]``. The kernel to X is computed once (shading regions per step).
        """
        X = check_new_data(self, X, "X_fit_")
        steps = range(len(self.history_)) if steps is None else steps
        rows = self._cross_rows(X)
        k = int(self.n_clusters)
        out = []
        for s in steps:
            lab = self.history_[s].labels
            onehot = (lab[:, None] == np.arange(k)[None, :]).astype(float)
            within = np.einsum("ik,ik->k", onehot, self._gram_times(onehot))
            out.append(_kernel_scores(self._cross_times(rows, onehot), within, onehot.sum(0)).argmin(1))
        return np.array(out, dtype=int).reshape(len(out), len(X))

    def fit_predict(self, X, y=None) -> np.ndarray:
        return self.fit(X).labels_


def kernel_kmeans_starts(X, n_clusters: int, h: float, seeds, n_landmarks="auto") -> tuple[KernelKMeans, ...]:
    """Kernel k-means fitted once from each random start in ``seeds`` (Sugiyama §14.2).

    The same data and width h end in different partitions and objectives J depending on the
    start: kernel k-means only finds a local minimum. ``n_landmarks`` as in :class:`KernelKMeans`.
    """
    X = check_array(X)
    return tuple(KernelKMeans(n_clusters, h, random_state=seed, n_landmarks=n_landmarks).fit(X)
                 for seed in seeds)


# ----------------------------------------------------------------------------------------------
# spectral clustering
# ----------------------------------------------------------------------------------------------

class SpectralClustering(BaseEstimator):
    """Spectral clustering (Sugiyama §14.3, Fig 14.4 and the listing of Fig 14.6).

    1. Laplacian eigenmaps: the k-nearest-neighbour graph W of the listing (column-wise
       (k+1)-th-distance threshold, self-loops W_ii = 1, OR symmetrisation; see
       :func:`algorithms.knn_graph`), D = diag(W1), L = D − W, and the c − 1 smallest
       non-trivial solutions of Lα = λDα as the embedding z_i ∈ ℝ^{c−1}.
    2. Ordinary k-means on the z_i.

    The trivial constant vector is always removed (every embedding vector is D-orthogonal to 1),
    so a disconnected graph cannot make the embedding constant (the listing's ``eigs(...,'sm')``
    pitfall). k-means uses k-means++ starts (distinct points, so a two-valued embedding never
    gets two identical centres) with ``n_init`` restarts.

    From ``SPARSE_FROM`` (2 000) samples on, W is kept as a scipy.sparse matrix
    (:func:`algorithms.sparse_knn_graph`, the same entries) and the eigenvectors come from Lanczos.

    Attributes: ``affinity_matrix_`` (W, 0/1 with self-loops), ``n_connected_components_``,
    ``component_labels_``, ``warning_`` (text when the graph has several components, else None),
    ``eigenvalues_``, ``embedding_`` (n, c − 1), ``kmeans_`` (the fitted :class:`KMeans` on the
    embedding), ``history_`` (its half-steps), ``labels_``.
    """

    def __init__(self, n_clusters: int = 2, n_neighbors: int = 10, n_init: int = 10,
                 random_state=None):
        self._store(locals())

    def fit(self, X, y=None) -> "SpectralClustering":
        X = check_array(X, min_samples=3)
        n = len(X)
        c = _check_n_clusters(self.n_clusters, n)
        if c < 2:
            raise ValueError("Spectral clustering needs at least 2 clusters.")
        if c > n - 1:
            raise ValueError(f"Too many clusters ({c}) for {n} samples.")
        W = _graph(X, self.n_neighbors)
        self.affinity_matrix_ = W
        self.n_connected_components_, self.component_labels_ = graph_components(W)
        self.warning_ = _components_warning(self.n_connected_components_, int(self.n_neighbors),
                                            c)
        self.eigenvalues_, self.embedding_ = laplacian_eigenvectors(W, c - 1)
        self.kmeans_ = KMeans(c, init="k-means++", n_init=self.n_init,
                              random_state=self.random_state).fit(self.embedding_)
        self.labels_ = self.kmeans_.labels_
        self.history_ = self.kmeans_.history_
        return self

    def fit_predict(self, X, y=None) -> np.ndarray:
        return self.fit(X).labels_


# ----------------------------------------------------------------------------------------------
# DBSCAN
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DBSCANStep:
    """The labels after cluster ``cluster`` has been grown from its seed core point."""

    step: int
    cluster: int
    seed: int
    labels: np.ndarray


def _eps_neighbours(X, eps: float) -> list[np.ndarray]:
    """N_ε(x_i) = {j : ‖x_i − x_j‖ ≤ ε} for every i (i included, in no particular order), from the
    pairs a k-d tree finds (O(n log n) instead of the n × n distance matrix)."""
    n = len(X)
    pairs = cKDTree(X).query_pairs(eps, output_type="ndarray")          # i < j
    rows, cols = np.r_[pairs[:, 0], pairs[:, 1], np.arange(n)], np.r_[pairs[:, 1], pairs[:, 0], np.arange(n)]
    adj = coo_matrix((np.ones(len(rows), dtype=bool), (rows, cols)), shape=(n, n))
    adj.has_canonical_format = True                 # no pair twice: rows bucketed, nothing summed
    adj = adj.tocsr()
    return np.split(adj.indices, adj.indptr[1:-1])


class DBSCAN(BaseEstimator):
    """Density-based clustering DBSCAN (named in seed 003 §3.1; Ester et al. 1996).

    N_ε(x) = {x' : ‖x − x'‖ ≤ ε}, x included. A core point has |N_ε(x)| ≥ ``min_samples``.
    Clusters are grown from core points: every point of the ε-neighbourhood of a core point
    joins its cluster, and core points keep the growth going. Points reached only as neighbours
    are border points; points reached by no cluster are noise (label −1). Seeds are taken in
    index order and a border point keeps the first cluster that reaches it, which makes the
    labels identical to scikit-learn's.

    Attributes: ``labels_``, ``core_sample_indices_``, ``point_type_`` ("core", "border",
    "noise" per point), ``n_clusters_``, ``history_`` (one :class:`DBSCANStep` per cluster),
    ``expansion_order_`` (points in the order they were labelled, for an animation).
    """

    def __init__(self, eps: float = 0.5, min_samples: int = 5):
        self._store(locals())

    def fit(self, X, y=None) -> "DBSCAN":
        X = check_array(X)
        n = len(X)
        eps = check_positive(self.eps, "ε (eps)")
        min_samples = _check_int(self.min_samples, "min_samples (MinPts)")
        neighbours = _eps_neighbours(X, eps)
        is_core = np.array([len(nb) for nb in neighbours]) >= min_samples
        labels = np.full(n, -1)
        order, history = [], []
        cluster = 0
        for seed in np.flatnonzero(is_core).tolist():
            if labels[seed] != -1:
                continue
            labels[seed] = cluster
            order.append(seed)
            stack = [seed]
            while stack:                                # only core points are pushed
                i = stack.pop()
                reached = neighbours[i][labels[neighbours[i]] == -1]
                if len(reached):
                    reached.sort()                      # index order
                    labels[reached] = cluster
                    order.extend(reached.tolist())
                    stack.extend(reached[is_core[reached]].tolist())
            history.append(DBSCANStep(cluster + 1, cluster, seed, _readonly(labels)))
            cluster += 1
        kinds = np.where(is_core, "core", np.where(labels >= 0, "border", "noise"))
        self.labels_ = labels
        self.core_sample_indices_ = np.flatnonzero(is_core)
        self.point_type_ = kinds
        self.n_clusters_ = cluster
        self.history_ = tuple(history)
        self.expansion_order_ = np.array(order, dtype=int)
        return self

    def fit_predict(self, X, y=None) -> np.ndarray:
        return self.fit(X).labels_


def k_distances(X, min_samples: int) -> FloatArray:
    """For every point, the radius of its smallest ball holding ``min_samples`` points (itself
    included): it is a DBSCAN core point exactly when this distance is ≤ ε.

    Sorted in decreasing order this is the "k-distance plot" used to pick ε (Ester et al. 1996).
    """
    X = check_array(X)
    m = _check_int(min_samples, "min_samples (MinPts)")
    if m > len(X):
        return np.full(len(X), np.inf)
    return cKDTree(X).query(X, k=[m])[0][:, 0]          # the m-th nearest, itself the first


# ----------------------------------------------------------------------------------------------
# agreement between two labellings
# ----------------------------------------------------------------------------------------------

def adjusted_rand_index(labels_a, labels_b) -> float:
    """Adjusted Rand index (Hubert & Arabie 1985; not in the seeds): 1 for the same partition up
    to renaming, about 0 for independent labels. Any label values (text, numbers, −1 for noise).

    ARI = (Σ_ij C(n_ij, 2) − E) / (½[Σ_i C(a_i, 2) + Σ_j C(b_j, 2)] − E) with
    E = Σ_i C(a_i, 2) Σ_j C(b_j, 2) / C(n, 2), from the contingency table n_ij. When both
    labellings put everything in one cluster (or every point alone) the index is 1.
    """
    a = np.asarray(labels_a)
    b = np.asarray(labels_b)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("The two labellings must give one label per sample each.")
    _, ia = np.unique(a, return_inverse=True)
    _, ib = np.unique(b, return_inverse=True)
    table = np.zeros((ia.max(initial=-1) + 1, ib.max(initial=-1) + 1))
    np.add.at(table, (ia, ib), 1)

    def pairs(v):
        return float((v * (v - 1) / 2).sum())

    n = len(a)
    index = pairs(table)
    rows, cols = pairs(table.sum(1)), pairs(table.sum(0))
    expected = rows * cols / (n * (n - 1) / 2) if n > 1 else 0.0
    top = (rows + cols) / 2
    if top == expected:
        return 1.0
    return float((index - expected) / (top - expected))


# ----------------------------------------------------------------------------------------------
# squared-loss mutual information (Sugiyama §14.4)
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SMIResult:
    """LSMI estimate of SMI(x, y) with the (κ, λ) chosen by cross-validation.

    ``cv_scores[a, b]`` is the held-out J for sigmas[a], lams[b] (lower is better).
    """

    smi: float
    sigma: float
    lam: float
    sigmas: FloatArray
    lams: FloatArray
    cv_scores: FloatArray


def lsmi(X, labels, sigmas=(0.5, 1.0, 2.0), lams=(1e-5, 1e-4, 1e-3), n_folds: int = 5,
         random_state=None) -> SMIResult:
    """Least-squares mutual information SMI(x, y) between inputs and cluster labels (§14.4).

    Density-ratio model w_α(x, y) = Σ_{j: y_j = y} α_j exp(−‖x − x_j‖²/(2κ²)) (Gaussian basis
    per cluster, centres = that cluster's samples), α̂ = (Ĝ + λI)⁻¹ĥ solved cluster by cluster
    (Ĝ_y = (n_y/n²) K_yᵀK_y, ĥ_y = (1/n) Σ_{i: y_i = y} k_y(x_i)), and
    SMI^ = ½ ĥᵀα̂ − ½. κ ∈ ``sigmas`` and λ ∈ ``lams`` are chosen by ``n_folds``-fold CV of
    J = ½αᵀĜα − ĥᵀα on held-out samples, summed over clusters (Fig 14.9 listing, with its
    ``u~i`` / ``k{y==j,:}`` misprints read as ``u~=i`` / ``k(y==j,:)``). The centres stay all
    samples of the cluster in every fold, as in the listing.

    Any balanced deterministic labelling has population SMI = (c − 1)/2 (0.5 for c = 2);
    independent labels give 0. So compare candidates by their estimate, not by the theory.
    """
    X = check_array(X, min_samples=2)
    labels = np.asarray(labels)
    if labels.shape != (len(X),):
        raise ValueError("labels must give one cluster label per sample.")
    sigmas = np.array([check_positive(s, "κ") for s in np.atleast_1d(sigmas)], dtype=float)
    lams = np.array([check_positive(v, "λ", allow_zero=True) for v in np.atleast_1d(lams)],
                    dtype=float)
    n = len(X)
    classes = np.unique(labels)
    folds = fold_ids(n, n_folds, random_state)
    d2 = squared_distances(X, X)
    scores = np.zeros((len(sigmas), len(lams)))
    for a, s in enumerate(sigmas):
        K = np.exp(-d2 / (2 * s * s))
        for f in range(int(n_folds)):
            tr, te = folds != f, folds == f
            n_tr, n_te = tr.sum(), te.sum()
            for c in classes:
                cols = labels == c
                Ki, Kc = K[tr][:, cols], K[te][:, cols]
                Gi = Ki.T @ Ki * np.sum(tr & cols) / n_tr**2
                Gc = Kc.T @ Kc * np.sum(te & cols) / n_te**2
                hi = K[tr & cols][:, cols].sum(0) / n_tr
                hc = K[te & cols][:, cols].sum(0) / n_te
                evals, V = np.linalg.eigh(Gi)
                proj = V.T @ hi
                denom = np.maximum(evals, 0.0)[None, :] + lams[:, None]
                safe = denom > 1e-300
                alphas = (np.where(safe, proj[None, :] / np.where(safe, denom, 1.0), 0.0)) @ V.T
                scores[a] += np.einsum("bi,ij,bj->b", alphas, Gc, alphas) / 2 - alphas @ hc
    scores /= int(n_folds)
    a, b = np.unravel_index(np.argmin(scores), scores.shape)
    s, lam = sigmas[a], lams[b]
    K = np.exp(-d2 / (2 * s * s))
    smi = -0.5
    for c in classes:
        cols = labels == c
        Kc = K[:, cols]
        h = K[cols][:, cols].sum(0) / n
        G = Kc.T @ Kc * cols.sum() / n**2
        smi += h @ np.linalg.lstsq(G + lam * np.eye(cols.sum()), h, rcond=None)[0] / 2
    return SMIResult(float(smi), float(s), float(lam), _readonly(sigmas), _readonly(lams),
                     _readonly(scores))


def smi_curve(X, grid=(3, 5, 10, 20, 40), n_clusters: int = 2, method: str = "spectral",
              sigmas=(0.5, 1.0, 2.0), lams=(1e-5, 1e-4, 1e-3), n_folds: int = 5,
              random_state=None) -> tuple[FloatArray, tuple[np.ndarray, ...]]:
    """SMI estimate of the cluster labels for every value of a tuning parameter (Fig 14.8).

    ``method="spectral"``: ``grid`` holds the k of the kNN graph of :class:`SpectralClustering`
    (the book's example); ``method="kernel_kmeans"``: ``grid`` holds kernel widths h of
    :class:`KernelKMeans`. Returns (SMI values, labels per grid value). Pick the largest SMI,
    but show the whole curve: good candidates differ little (Sugiyama §14.4 pitfall). Do not
    use it to choose the number of clusters: SMI grows with it ((c − 1)/2 for c balanced
    clusters).
    """
    X = check_array(X, min_samples=3)
    if method not in ("spectral", "kernel_kmeans"):
        raise ValueError("method must be 'spectral' or 'kernel_kmeans'.")
    rng = check_random_state(random_state)
    values, all_labels = [], []
    for p in grid:
        if method == "spectral":
            lab = SpectralClustering(n_clusters, p, random_state=rng).fit(X).labels_
        else:
            lab = KernelKMeans(n_clusters, p, random_state=rng).fit(X).labels_
        seed = int(rng.integers(2**31))
        values.append(lsmi(X, lab, sigmas, lams, n_folds, seed).smi)
        all_labels.append(lab)
    return np.array(values), tuple(all_labels)


def _partition_key(labels: np.ndarray) -> bytes:
    """Labels renamed in order of first appearance: equal partitions give equal bytes."""
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    return np.argsort(np.argsort(first))[inverse].astype(np.int16).tobytes()


def knn_smi_curve(X, n_clusters: int, grid, random_state: int = 0,
                  progress: Callable[[float], None] | None = None
                  ) -> tuple[tuple[SMIResult, ...], tuple[np.ndarray, ...]]:
    """LSMI estimate of spectral clustering's labels for every k of the kNN graph (Fig 14.8).

    Unlike :func:`smi_curve`, every k gets the same seed for its clustering and the same CV split
    for its :func:`lsmi` (``random_state``), and labellings that are the same partition up to
    renaming share one estimate, so equal partitions get equal SMI (Sugiyama §14.4). Returns the
    full :class:`SMIResult` (with its CV table) and the labels for each k. ``progress(fraction)``,
    if given, is called after each k (a progress bar).
    """
    X = check_array(X, min_samples=3)
    results, labels, estimates = [], [], {}
    for done, knn in enumerate(grid, start=1):
        lab = SpectralClustering(n_clusters, knn, random_state=random_state).fit(X).labels_
        key = _partition_key(lab)
        if key not in estimates:
            estimates[key] = lsmi(X, lab, random_state=random_state)
        results.append(estimates[key])
        labels.append(lab)
        if progress is not None:
            progress(done / len(grid))
    return tuple(results), tuple(labels)
