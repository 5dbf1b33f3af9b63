"""Anomaly detection: local outlier factor, support vector data description, KLIEP.

Sugiyama ch. 12: LOF §12.1 (Fig 12.2 listing), the SVM anomaly detector / minimum enclosing
hypersphere §12.2, density-ratio detection with KLIEP §12.3 (Figs 12.5 and 12.7).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.spatial import cKDTree

from algorithms._base import DIRECT_FEATURES
from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import gaussian_kernel
from algorithms._base import geometric_steps
from algorithms._base import squared_distances
from algorithms.linear_classifiers import _gaussian_gram
from algorithms.model_selection import fold_ids
from algorithms.svm import _KernelRows

__all__ = ["LocalOutlierFactor", "SVDD", "SVDDStep", "SVDDSnapshots", "KLIEP", "KLIEPStep", "kliep_cv",
           "KLIEPCVResult"]


def _readonly(a) -> np.ndarray:
    a = np.array(a, copy=True)
    a.setflags(write=False)
    return a


CHUNK = 4096  # rows of a distance matrix computed at once when scoring many new points (memory bound)


def _check_int(value, name: str, low: int = 1) -> int:
    if isinstance(value, bool) or int(value) != value or value < low:
        raise ValueError(f"{name} must be a whole number ≥ {low}; got {value!r}.")
    return int(value)


# ----------------------------------------------------------------------------------------------
# local outlier factor
# ----------------------------------------------------------------------------------------------

def _k_smallest(D: FloatArray, k: int) -> np.ndarray:
    """Column indices of the k smallest entries of every row, by distance then by index."""
    if k < D.shape[1]:
        part = np.argpartition(D, k - 1, axis=1)[:, :k]
        kth = np.take_along_axis(D, part, 1).max(1)
        if np.all((D <= kth[:, None]).sum(1) == k):     # no tie at the k-th distance
            vals = np.take_along_axis(D, part, 1)
            order = np.lexsort((part, vals), axis=1)
            return np.take_along_axis(part, order, 1)
    return np.argsort(D, axis=1, kind="stable")[:, :k]


def _dense_k_nearest(Q, X, k, self_index=None) -> tuple[FloatArray, np.ndarray]:
    """:func:`_k_nearest` from blocks of the full distance matrix (``self_index``: Q's rows in X)."""
    dist, idx = np.empty((len(Q), k)), np.empty((len(Q), k), dtype=int)
    for start in range(0, len(Q), CHUNK):          # a 150² grid against 1000 points stays small
        D = np.sqrt(squared_distances(Q[start:start + CHUNK], X))
        if self_index is not None:                 # never its own neighbour
            D[np.arange(len(D)), self_index[start:start + CHUNK]] = np.inf
        nb = _k_smallest(D, k)
        idx[start:start + CHUNK] = nb
        dist[start:start + CHUNK] = np.take_along_axis(D, nb, 1)
    return dist, idx


def _k_nearest(Q, X, k: int, tree, exclude_self: bool) -> tuple[FloatArray, np.ndarray]:
    """Distances and indices of the k nearest samples of X to every row of Q, by distance then by
    index (``exclude_self``: Q is X and a sample is not its own neighbour).

    A k-d tree finds them in O(n log n). A row whose k-th and (k+1)-th distances are within a
    relative 1e-7 (a tie, or a near tie the n × n expansion could order either way) or that has a
    duplicate of itself is redone from the distance matrix, so the neighbours are those of the
    dense computation.
    """
    s = int(exclude_self)
    q = min(k + s + 1, len(X))
    dist, idx = tree.query(Q, k=np.arange(1, q + 1))
    clear = np.ones(len(Q), dtype=bool)
    if exclude_self:
        clear &= (idx[:, 0] == np.arange(len(Q))) & (dist[:, 1] > 0)
    if q > k + s:
        clear &= dist[:, k + s] - dist[:, k + s - 1] > 1e-7 * dist[:, k + s]
    dist, idx = dist[:, s:k + s], idx[:, s:k + s]
    order = np.lexsort((idx, dist), axis=1)
    dist, idx = np.take_along_axis(dist, order, 1), np.take_along_axis(idx, order, 1)
    redo = np.flatnonzero(~clear)
    if len(redo):
        dist[redo], idx[redo] = _dense_k_nearest(Q[redo], X, k, redo if exclude_self else None)
    return dist, idx


class LocalOutlierFactor(BaseEstimator):
    """Local outlier factor (Sugiyama §12.1, Fig 12.2).

    With x^(i) the i-th nearest training sample of x (x itself excluded), the k-distance
    kd(x) = ‖x − x^(k)‖ and
      RD_k(x, x') = max(kd(x'), ‖x − x'‖)             (reachability distance of x from x'),
      LRD_k(x) = 1 / ((1/k) Σ_i RD_k(x, x^(i)))        (local reachability density),
      LOF_k(x) = ((1/k) Σ_i LRD_k(x^(i))) / LRD_k(x)   (larger = more anomalous).

    ``convention="standard"`` uses the k-th non-self neighbour for kd, as the text and
    scikit-learn. ``convention="listing"`` reproduces the book's program, whose ``s(:,k)`` is
    the (k−1)-th non-self neighbour (column 1 of the sorted distances is the point itself;
    erratum §22); neighbours are the same k points in both. Sorting is stable (ties by index).
    Duplicates: as scikit-learn, 1e-10 is added to the mean reachability distance so a point with
    k identical neighbours gets a huge but finite LRD instead of 1/0.

    Attributes: ``neighbors_`` (n, k) indices, ``neighbor_distances_`` (n, k), ``k_distance_``,
    ``reachability_`` (n, k) RD_k(x_i, x_i^(j)), ``lrd_``, ``lof_`` (the factors) and
    ``negative_outlier_factor_`` = −LOF (scikit-learn's name). ``score_samples(X)`` gives the LOF
    of new points against the training set (for shading a map or a dragged point).
    """

    def __init__(self, n_neighbors: int = 3, convention: str = "standard"):
        self._store(locals())

    def fit(self, X, y=None) -> "LocalOutlierFactor":
        X = check_array(X, min_samples=2)
        n = len(X)
        k = _check_int(self.n_neighbors, "The number of neighbours k")
        if k > n - 1:
            raise ValueError(f"k = {k} neighbours need at least k + 1 = {k + 1} samples; "
                             f"got {n}.")
        if self.convention not in ("standard", "listing"):
            raise ValueError("convention must be 'standard' or 'listing'.")
        self._tree = cKDTree(X)
        nd, nb = _k_nearest(X, X, k, self._tree, exclude_self=True)
        kd = nd[:, k - 1] if self.convention == "standard" else \
            (nd[:, k - 2] if k >= 2 else np.zeros(n))
        rd = np.maximum(kd[nb], nd)
        lrd = 1.0 / (rd.mean(1) + 1e-10)
        lof = lrd[nb].mean(1) / lrd
        self.X_fit_ = X
        self.neighbors_ = nb
        self.neighbor_distances_ = nd
        self.k_distance_ = kd
        self.reachability_ = rd
        self.lrd_ = lrd
        self.lof_ = lof
        self.negative_outlier_factor_ = -lof
        return self

    def fit_predict(self, X, y=None, threshold: float = 1.5) -> np.ndarray:
        """−1 where LOF > ``threshold`` (anomaly), +1 elsewhere."""
        self.fit(X)
        return np.where(self.lof_ > threshold, -1, 1)

    def kneighbors(self, X) -> tuple[FloatArray, np.ndarray]:
        """Distances and indices of the k nearest training samples of new points."""
        X = check_new_data(self, X, "X_fit_")
        k = int(self.n_neighbors)
        dist, idx = _k_nearest(X, self.X_fit_, k, self._tree, exclude_self=False)
        return dist, idx

    def score_samples(self, X) -> FloatArray:
        """LOF of new points x (not part of the training set) against the training samples."""
        dist, idx = self.kneighbors(X)
        rd = np.maximum(self.k_distance_[idx], dist)
        lrd = 1.0 / (rd.mean(1) + 1e-10)
        return self.lrd_[idx].mean(1) / lrd


# ----------------------------------------------------------------------------------------------
# SVDD
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SVDDStep:
    """The dual variables after SMO iteration ``step`` and the dual objective there.

    ``gap`` is the KKT violation measured at the start of that iteration (∞ for the start).
    """

    step: int
    alpha: FloatArray
    objective: float
    gap: float


@dataclass(frozen=True)
class SVDDSnapshots:
    """The sphere after every recorded SMO step of :attr:`SVDD.history_` (Sugiyama §12.2).

    ``radius2`` (steps,) R² of that α; ``decision`` (steps, m) R² − ‖ψ(x) − c‖² at m given points
    (positive inside); ``kinds`` (steps, n) of every training α: 0 α = 0 (inside), 1 0 < α < C
    (on the sphere), 2 α = C (on or outside).
    """

    radius2: FloatArray
    decision: FloatArray
    kinds: np.ndarray


def _gaussian_rows(X, width):
    """i ↦ gaussian_kernel(X[i:i + 1], X, width)[0] by the same operations (squared_distances with
    B = X): its direct sum for up to DIRECT_FEATURES features (nothing to prepare), else its
    expansion with X's mean, centred rows and their squared norms computed once."""
    if 0 < X.shape[1] <= DIRECT_FEATURES:
        return lambda i: gaussian_kernel(X[i:i + 1], X, width)[0]
    width = float(width)
    shift = X.mean(0) if len(X) else 0.0
    X0 = X - shift
    norms = (X0 * X0).sum(1)[None, :]

    def row(i):
        A = X[i:i + 1]
        A0 = A - shift
        scale = (A0 * A0).sum(1)[:, None] + norms
        d = scale - 2.0 * A0 @ X0.T
        rows, cols = np.nonzero(d <= 1e-8 * scale)
        d[rows, cols] = ((A[rows] - X[cols]) ** 2).sum(1)
        return np.exp(-d / (2.0 * width * width))[0]
    return row


def _alpha_kinds(alpha, C) -> np.ndarray:
    """0 where α = 0, 1 where 0 < α < C (free), 2 where α = C (bounded), to within 1e-8·C."""
    tol = 1e-8 * C
    return np.where(alpha <= tol, 0, np.where(alpha >= C - tol, 2, 1)).astype(np.int8)


def _sphere_radius2(kinds, d2) -> float:
    """R² (Sugiyama §12.2): the mean ‖ψ(x_i) − c‖² = d2_i over free SVs; with none, the middle of the
    KKT interval [max d2 over α = 0, min d2 over α = C]."""
    if (kinds == 1).any():
        return float(d2[kinds == 1].mean())
    inside, outside = d2[kinds == 0], d2[kinds == 2]
    lo = inside.max() if len(inside) else (outside.min() if len(outside) else 0.0)
    hi = outside.min() if len(outside) else lo
    return float((lo + hi) / 2)


class SVDD(BaseEstimator):
    """Support vector data description / minimum enclosing hypersphere (Sugiyama §12.2).

    Primal: min R² + C Σ_i ξ_i s.t. ‖ψ(x_i) − c‖² ≤ R² + ξ_i, ξ_i ≥ 0. Dual:
    max_α Σ_i α_i K(x_i, x_i) − Σ_ij α_i α_j K(x_i, x_j) s.t. 0 ≤ α_i ≤ C **and Σ_i α_i = 1**
    (the printed dual drops the last constraint, which ∂L/∂R = 0 gives; erratum §22). It needs
    C ≥ 1/n; for C ≥ 1 no point may lie outside (the hard minimum enclosing ball), and 1/(nC)
    bounds the fraction outside. Kernel: Gaussian exp(−‖x − x'‖²/(2σ²)) for ``sigma`` > 0, or the
    book's linear x·x' for ``sigma=None``.

    Solver: SMO from α = C on the ⌊1/C⌋ points farthest from the mean (:meth:`_initial_alpha`;
    α = 1/n when that is the only feasible point). At each step the pair (i, j) violating the KKT
    conditions most (second-order working-set choice of Fan, Chen & Lin 2005) moves α_i += δ,
    α_j −= δ, keeping Σα = 1, until the gap max_{α_i<C} −∇_i − min_{α_j>0} −∇_j ≤ ``tol``. K is
    computed whole when it fits in ``cache_size`` MB, else its rows on demand in a
    least-recently-used cache (as :class:`algorithms.SVC`; the same steps until a near-tie of the
    choice, which the last bit of a kernel value decides).

    Centre c = Σ α_i ψ(x_i); ‖ψ(x) − c‖² = K(x,x) − 2Σ_i α_i K(x, x_i) + αᵀKα;
    R² = the mean of ‖ψ(x_i) − c‖² over free support vectors (0 < α_i < C). If there is none,
    R² is the midpoint between the largest distance of the points with α_i = 0 and the smallest
    of those with α_i = C (the KKT interval). An anomaly has ‖ψ(x) − c‖² > R².

    Attributes: ``alpha_``, ``support_`` (α > 0), ``free_support_`` (0 < α < C),
    ``bounded_support_`` (α = C), ``radius2_`` (R²), ``dist2_`` (‖ψ(x_i) − c‖² of the training
    points), ``center_`` (c; linear kernel only, else None), ``n_iter_``, ``converged_``,
    ``history_`` (:class:`SVDDStep` at up to
    ``n_snapshots`` iterations: every early one, then geometrically spaced, plus the last).
    """

    def __init__(self, C: float = 0.1, sigma: float | None = 1.0, tol: float = 1e-6,
                 max_iter: int = 100_000, n_snapshots: int = 100, cache_size: float = 200.0):
        self._store(locals())

    def _kernel(self, A, B):
        if self.sigma is None:
            return A @ B.T
        return gaussian_kernel(A, B, self.sigma)

    def _training_kernel(self, X):
        """The kernel of the fit: the Gaussian one by linear_classifiers' in-place Gram on data
        centred at X's mean (no cancellation far from the origin; identical rows give exactly 1),
        ~4× faster than gaussian_kernel for the n × n matrix."""
        if self.sigma is None:
            return self._kernel
        shift = X.mean(0)
        return lambda A, B: _gaussian_gram(A - shift, B - shift, self.sigma)

    def fit(self, X, y=None) -> "SVDD":
        X = check_array(X, min_samples=1)
        n = len(X)
        C = check_positive(self.C, "C")
        if self.sigma is not None:
            check_positive(self.sigma, "The kernel width σ")
        if C * n < 1 - 1e-12:
            raise ValueError(f"C = {C:g} is too small: with Σα = 1 and α ≤ C it must be at least "
                             f"1/n = {1 / n:.4g}.")
        tol = check_positive(self.tol, "The tolerance")
        max_iter = _check_int(self.max_iter, "max_iter")
        check_positive(self.cache_size, "cache_size (MB)")
        rows = _KernelRows(X, self._training_kernel(X), float(self.cache_size),
                           None if self.sigma is None else lambda cols: _gaussian_rows(X, self.sigma))
        K = rows.K                                       # None when K does not fit in the cache
        Kd = np.diag(K).copy() if K is not None else ((X * X).sum(1) if self.sigma is None else np.ones(n))
        rows.use_diag(Kd)
        trivial = C * n <= 1.0 + 1e-9                    # the only feasible point: α = 1/n
        if trivial:
            max_iter = 0
        alpha = np.full(n, 1.0 / n) if trivial else self._initial_alpha(X, C)
        grad = self._start_gradient(rows, alpha, Kd)
        schedule = geometric_steps(max_iter, int(self.n_snapshots))
        history = [SVDDStep(0, _readonly(alpha), self._dual(alpha, -grad, Kd), np.inf)]
        eps_a = 1e-12 * C
        self.converged_ = trivial
        a, kd = alpha.tolist(), Kd.tolist()
        # −∇ in three rows: over the samples that may increase (else −inf), over those that may
        # decrease (else +inf), and over all (for the recorded duals)
        GG = np.array([np.where(alpha < C - eps_a, -grad, -np.inf), np.where(alpha > eps_a, -grad, np.inf),
                       -grad])
        g_up, g_low, neg_grad = GG                       # views: one GG −= u updates all three
        score, u = np.empty(n), np.empty(n)              # work buffers: no allocation per step
        subtract, multiply, inf = np.subtract, np.multiply, np.inf
        it = 0
        for it in range(1, max_iter + 1):
            i = int(g_up.argmax())
            m_up = float(g_up[i])
            k = int(g_low.argmin())
            gap = m_up - float(g_low[k])
            if gap <= tol:
                self.converged_ = True
                it -= 1
                break
            # second-order choice of j among the samples that may decrease with −∇_j < m_up: the
            # largest b²/a_ij, b = m_up + ∇_j > 0, i.e. the largest b/√a_ij
            subtract(m_up, g_low, out=score)
            multiply(score, rows.inv_root_eta(i), out=score)
            j = int(score.argmax())
            Ki, Kj = rows.row(i), rows.row(j)
            gi, gj = -m_up, -float(g_low[j])
            eta = max(kd[i] + kd[j] - 2.0 * float(Ki[j]), 1e-12)
            delta = (gj - gi) / (2.0 * eta)              # minimiser along α_i += δ, α_j −= δ
            delta = min(delta, C - a[i], a[j])
            if delta <= 0.0:                             # no progress possible at this precision
                break
            a[i] += delta
            a[j] -= delta
            if C - a[i] < eps_a:                         # snap onto the bounds
                a[i] = C
            if a[j] < eps_a:
                a[j] = 0.0
            alpha[i], alpha[j] = a[i], a[j]              # the array of a, for the snapshots
            subtract(Ki, Kj, out=u)                      # Δ∇ = 2δ(K_i· − K_j·)
            multiply(u, 2.0 * delta, out=u)
            GG -= u
            gi, gj = gi + float(u[i]), gj + float(u[j])  # the sets of i and j
            g_up[i] = -gi if a[i] < C - eps_a else -inf
            g_low[i] = -gi if a[i] > eps_a else inf
            g_up[j] = -gj if a[j] < C - eps_a else -inf
            g_low[j] = -gj if a[j] > eps_a else inf
            if it in schedule:
                history.append(SVDDStep(it, _readonly(alpha), self._dual(alpha, neg_grad, Kd), gap))
        if history[-1].step != it:
            history.append(SVDDStep(it, _readonly(alpha), self._dual(alpha, neg_grad, Kd),
                                    self._gap(alpha, neg_grad, C)))
        alpha = np.clip(alpha, 0.0, C)
        alpha /= alpha.sum()
        self.X_fit_ = X
        self.alpha_ = alpha
        self.n_iter_ = it
        self.history_ = tuple(history)
        self.kernel_rows_computed_ = rows.misses
        Ka = rows.times(alpha)
        self._aKa = float(alpha @ Ka)
        d2 = Kd - 2.0 * Ka + self._aKa
        kinds = _alpha_kinds(alpha, C)
        self.support_ = np.flatnonzero(kinds > 0)
        self.free_support_ = np.flatnonzero(kinds == 1)
        self.bounded_support_ = np.flatnonzero(kinds == 2)
        self.radius2_ = max(_sphere_radius2(kinds, d2), 0.0)
        self.center_ = alpha @ X if self.sigma is None else None
        self.dist2_ = d2
        return self

    @staticmethod
    def _initial_alpha(X, C):
        """A feasible start (Σα = 1, 0 ≤ α ≤ C, needs C ≥ 1/n): α = C on the ⌊1/C⌋ points farthest
        from the mean of X (ties: lower index), the rest of the unit sum on the next one, 0 elsewhere.
        The sphere is made of the outermost points, so SMO starts near its end (as libsvm, which puts
        its first ⌊1/C⌋ points at C; from α = 1/n everywhere it took ~5× the steps)."""
        n = len(X)
        k = min(n, int(1.0 / C + 1e-9))
        centred = X - X.mean(0)
        order = np.argsort(-(centred * centred).sum(1), kind="stable")
        alpha = np.zeros(n)
        alpha[order[:k]] = C
        if k < n:
            alpha[order[k]] = max(0.0, 1.0 - k * C)
        return alpha

    @staticmethod
    def _start_gradient(rows, alpha, Kd, block=64) -> FloatArray:
        """∇ of f(α) = αᵀKα − Σ α_i K_ii (minimised), 2Kα − K_d, from the kernel rows of the start's
        support: −K_d + 2α_i K_i· added row after row (the same numbers with rows on demand), up to
        ``block`` rows in one sum over axis 0, which adds them in that order."""
        support = np.flatnonzero(alpha)
        terms = np.empty((min(len(support), block) + 1, len(Kd)))
        grad = -Kd
        for start in range(0, len(support), block):
            part = support[start:start + block]
            some = terms[:len(part) + 1]
            some[0] = grad
            for r, i in enumerate(part, 1):
                some[r] = rows.row(i)
            some[1:] *= (2.0 * alpha[part])[:, None]
            grad = some.sum(0)
        return grad

    @staticmethod
    def _dual(alpha, neg_grad, Kd) -> float:
        """Σ α_i K_ii − αᵀKα, with Kα = (K_d − (−∇))/2 from the gradient the solver keeps."""
        return float(alpha @ Kd - 0.5 * alpha @ (Kd - neg_grad))

    @staticmethod
    def _gap(alpha, neg_grad, C) -> float:
        up, low = alpha < C * (1 - 1e-12), alpha > 1e-12 * C
        return float(np.max(neg_grad[up], initial=-np.inf) - np.min(neg_grad[low], initial=np.inf))

    def distance2(self, X) -> FloatArray:
        """‖ψ(x) − c‖² for new points."""
        X = check_new_data(self, X, "X_fit_")
        kxx = (X * X).sum(1) if self.sigma is None else np.ones(len(X))
        cross = np.concatenate([self._kernel(X[start:start + CHUNK], self.X_fit_) @ self.alpha_
                                for start in range(0, len(X), CHUNK)]) if len(X) else np.zeros(0)
        return kxx - 2.0 * cross + self._aKa

    def decision_function(self, X) -> FloatArray:
        """R² − ‖ψ(x) − c‖²: positive inside the sphere, negative for anomalies."""
        return self.radius2_ - self.distance2(X)

    def snapshots(self, X) -> SVDDSnapshots:
        """The sphere of every α in ``history_``: its R², its decision at the points X, the α kinds.

        For each recorded α: ‖ψ(x) − c‖² = K(x, x) − 2Σ_i α_i K(x, x_i) + αᵀKα and R² as in ``fit``
        (not floored at 0), so the SMO iterations can be drawn step by step (Sugiyama §12.2).
        """
        X = check_new_data(self, X, "X_fit_")
        C = float(self.C)
        K = self._kernel(self.X_fit_, self.X_fit_)
        Kx = self._kernel(X, self.X_fit_)
        kxx = np.ones(len(X)) if self.sigma is not None else (X * X).sum(1)
        Kd = np.diag(K)
        radii, decisions, kinds = [], [], []
        for step in self.history_:
            a = step.alpha
            aKa = float(a @ K @ a)
            kind = _alpha_kinds(a, C)
            r2 = _sphere_radius2(kind, Kd - 2 * K @ a + aKa)
            radii.append(r2)
            decisions.append(r2 - (kxx - 2 * Kx @ a + aKa))
            kinds.append(kind)
        return SVDDSnapshots(_readonly(radii), _readonly(decisions), _readonly(kinds))

    def predict(self, X) -> np.ndarray:
        """+1 inside or on the sphere (normal), −1 outside (anomaly).

        "On the sphere" allows ``tol``: the solver fixes the distances of the support vectors only
        to within the KKT gap, so R² − ‖ψ(x) − c‖² ≥ −tol counts as inside.
        """
        return np.where(self.decision_function(X) >= -float(self.tol), 1, -1)

    def fit_predict(self, X, y=None) -> np.ndarray:
        return self.fit(X).predict(X)


# ----------------------------------------------------------------------------------------------
# KLIEP
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class KLIEPStep:
    """α after iteration ``step`` of Fig 12.5, the objective (1/n')Σ log w_α(x') and ‖Δα‖."""

    step: int
    alpha: FloatArray
    objective: float
    change: float


def _project_onto_constraints(v, b):
    """The Euclidean projection of v onto {α ≥ 0, bᵀα = 1} (b ≥ 0): α = max(0, v − τb), where τ is
    the root of the decreasing, piecewise-linear bᵀmax(0, v − τb) = 1, found among its breakpoints
    v_j/b_j. (The listing's hyperplane step, clipping and rescaling only approximate it.)"""
    pos = b > 0
    breaks = v[pos] / b[pos]
    order = np.argsort(-breaks)
    bv, bb = np.cumsum((b[pos] * v[pos])[order]), np.cumsum((b[pos] ** 2)[order])
    taus = (bv - 1.0) / bb  # τ when the k largest breakpoints are active
    ordered = breaks[order]
    valid = (taus < ordered) & (taus >= np.append(ordered[1:], -np.inf))
    tau = taus[np.flatnonzero(valid)[0] if valid.any() else -1]
    return np.maximum(0.0, v - tau * b)


def _mean_log(A, a) -> float:
    """The KLIEP objective (1/n') Σ_i' log w_α(x'_i'); −∞ once some w(x'_i') underflows to 0."""
    with np.errstate(divide="ignore"):
        return float(np.mean(np.log(A @ a)))


def _kliep_iterate(A, b, alpha0, eps, max_iter, tol, record):
    """Projected gradient ascent of Fig 12.5 that never lowers the objective: returns α, steps, converged.

    (a) α' = α + ε Aᵀ(1/(Aα)); (b)–(d) the exact projection of α' onto {α ≥ 0, bᵀα = 1}. A step is
    kept only if the objective rises, and ε then grows by half; otherwise ε halves and the step is
    tried again (Sugiyama's reference code also lowers ε), so the iteration cannot fall into the
    period-2 oscillation of a fixed ε. Converged when a kept step moves α by less than ``tol``·‖α‖,
    or when no step of any size ε ≥ 1e-12·(starting ε) improves the objective.
    """
    if not float(b @ b) > 0:
        raise ValueError("KLIEP cannot start: the kernel width σ is so small that every kernel value at the "
                         "known-normal samples is 0. Increase σ.")
    a0 = _project_onto_constraints(alpha0, b)
    score = _mean_log(A, a0)
    steps = [KLIEPStep(0, _readonly(a0), score, np.inf)] if record else []
    step, floor, converged = eps, eps * 1e-12, False
    for it in range(1, max_iter + 1):
        # A kernel too narrow for the data can make some w(x'_i) underflow to 0: floor it so the
        # gradient stays finite.
        gradient = A.T @ (1.0 / np.maximum(A @ a0, 1e-300))
        while True:
            a = _project_onto_constraints(a0 + step * gradient, b)
            new = _mean_log(A, a)
            if new > score or step < floor:
                break
            step /= 2.0
        if not new > score:  # no step improves: α is optimal to working precision
            converged = True
            break
        change = float(np.sqrt((a - a0) @ (a - a0)))
        if record:
            steps.append(KLIEPStep(it, _readonly(a), new, change))
        a0, score, step = a, new, step * 1.5
        if change < tol * max(1.0, float(np.sqrt(a @ a))):
            converged = True
            break
    return a0, steps, converged


def _center_index(n: int, n_centers, rng) -> np.ndarray:
    """All n samples as centres (the book), or ``n_centers`` of them drawn without replacement."""
    if n_centers is None or n_centers >= n:
        return np.arange(n)
    return np.sort(rng.choice(n, _check_int(n_centers, "n_centers"), replace=False))


class KLIEP(BaseEstimator):
    """Density-ratio anomaly detection with KLIEP (Sugiyama §12.3, Figs 12.5 and 12.7).

    ``fit(X_normal, X_test)``: estimate w(x) = p'(x)/p(x), p' the density of the known-normal
    samples x'_i', p that of the test samples, with the model
    w_α(x) = Σ_j α_j exp(−‖x − x'_j‖²/(2σ²)) (centres = the normal samples, eq. (12.1)) by
    maximising (1/n') Σ_i' log w_α(x'_i') subject to (1/n) Σ_i w_α(x_i) = 1 and α ≥ 0.
    Iterations (Fig 12.5), with A_i'j = ψ_j(x'_i') and b_j = (1/n) Σ_i ψ_j(x_i): gradient step
    α ← α + ε Aᵀ(1/(Aα)), then the projection onto {bᵀα = 1, α ≥ 0}, done exactly; a step is kept
    only if the objective rises, ε adapting from the given one (see ``_kliep_iterate``), so the run
    reaches the optimum of the convex program. The listing's garbled step ``a0+0.01*k.*(1./k*a0)``
    and its loop counter ``c`` (which destroys bᵀb) are fixed (errata §22). Start: α ~ U(0, 1)
    (``random_state``); stop when ‖Δα‖ < ``tol``·max(1, ‖α‖), when no step improves, or after
    ``max_iter`` iterations (``converged_`` tells which).

    Normal points get w ≈ 1, anomalies small w. ``score_samples(X)`` = ŵ(x);
    ``predict(X)`` = −1 where ŵ(x) < ``threshold``. ``history_`` holds one :class:`KLIEPStep` per
    kept step (≤ ``max_iter`` + 1). Choose σ with :func:`kliep_cv`.

    ``n_centers``: the book centres the model on all n' normal samples (the default, None). With
    many samples each iteration costs O(n'·b); ``n_centers=b`` keeps b of them, drawn at random
    without replacement (Sugiyama's reference KLIEP code uses b = min(100, n')). When
    b ≥ n' nothing is drawn, so the book's setting is reproduced exactly.
    """

    def __init__(self, sigma: float = 1.0, eps: float = 0.01, max_iter: int = 1000,
                 tol: float = 1e-3, threshold: float = 0.5, random_state=None,
                 n_centers: int | None = None):
        self._store(locals())

    def fit(self, X_normal, X_test) -> "KLIEP":
        Xn = check_array(X_normal, name="The normal samples", min_samples=1)
        Xt = check_array(X_test, name="The test samples", min_samples=1)
        if Xn.shape[1] != Xt.shape[1]:
            raise ValueError("The normal and the test samples must have the same features.")
        sigma = check_positive(self.sigma, "The kernel width σ")
        eps = check_positive(self.eps, "The step size ε")
        max_iter = _check_int(self.max_iter, "max_iter")
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        rng = check_random_state(self.random_state)
        centers = Xn[_center_index(len(Xn), self.n_centers, rng)]
        A = gaussian_kernel(Xn, centers, sigma)
        b = gaussian_kernel(Xt, centers, sigma).mean(0)
        alpha, steps, conv = _kliep_iterate(A, b, rng.random(len(centers)), eps, max_iter, tol, True)
        self.centers_ = centers
        self.alpha_ = alpha
        self.history_ = tuple(steps)
        self.n_iter_ = len(steps) - 1
        self.converged_ = conv
        self.objective_ = steps[-1].objective
        return self

    def score_samples(self, X) -> FloatArray:
        """The estimated ratio ŵ(x) = Σ_j α_j K(x, x'_j) (≈ 1 normal, small = anomalous)."""
        X = check_new_data(self, X, "centers_")
        return gaussian_kernel(X, self.centers_, self.sigma) @ self.alpha_

    def history_scores(self, X) -> FloatArray:
        """ŵ(x) = Σ_j α_j K(x, x'_j) at the points X with the α of every step in ``history_``:
        shape (steps, len(X)), to draw the iterations of Fig 12.5 one by one (Sugiyama §12.3)."""
        X = check_new_data(self, X, "centers_")
        K = gaussian_kernel(X, self.centers_, self.sigma)
        return np.array([K @ step.alpha for step in self.history_]).reshape(len(self.history_), len(X))

    def decision_function(self, X) -> FloatArray:
        """ŵ(x) − threshold: negative for anomalies."""
        return self.score_samples(X) - float(self.threshold)

    def predict(self, X) -> np.ndarray:
        """−1 where ŵ(x) < threshold (anomaly), +1 elsewhere."""
        return np.where(self.decision_function(X) < 0, -1, 1)


@dataclass(frozen=True)
class KLIEPCVResult:
    """Cross-validation of KLIEP over σ.

    ``scores[s]`` = mean held-out criterion over the folds (larger is better).
    """

    sigmas: FloatArray
    scores: FloatArray
    fold_scores: FloatArray
    best_sigma: float
    criterion: str


def kliep_cv(X_normal, X_test, sigmas=(1.0, 5.0, 10.0), n_folds: int = 5,
             criterion: str = "log", eps: float = 0.01, max_iter: int = 1000, tol: float = 1e-3,
             random_state=None, n_centers: int | None = None) -> KLIEPCVResult:
    """m-fold cross-validation of the kernel width σ for KLIEP (Sugiyama §12.3, Fig 12.7).

    The normal samples are split into folds (the book's balanced random folds); for each fold
    KLIEP is fitted on the other folds, with **all** normal samples kept as centres (as the
    listing), and scored on the held-out normal samples by the KL criterion
    mean(log ŵ(x'_held-out)) (``criterion="log"``, the text) or by the listing's mean(ŵ)
    (``criterion="listing"``; erratum §22: the text says the KL criterion). σ with the largest
    mean score wins. Default grid: the listing's κ ∈ {1, 5, 10}. ``n_centers`` as in
    :class:`KLIEP` (one random subset of centres for every fold and σ).
    """
    Xn = check_array(X_normal, name="The normal samples", min_samples=2)
    Xt = check_array(X_test, name="The test samples", min_samples=1)
    if criterion not in ("log", "listing"):
        raise ValueError("criterion must be 'log' (the KL criterion) or 'listing' (mean ŵ).")
    sigmas = np.array([check_positive(s, "σ") for s in np.atleast_1d(sigmas)], dtype=float)
    rng = check_random_state(random_state)
    folds = fold_ids(len(Xn), n_folds, rng)
    centers = Xn[_center_index(len(Xn), n_centers, rng)]
    dn = squared_distances(Xn, centers)
    dt = squared_distances(Xt, centers)
    fold_scores = np.empty((len(sigmas), int(n_folds)))
    for a, s in enumerate(sigmas):
        Kn = np.exp(-dn / (2 * s * s))
        b = np.exp(-dt / (2 * s * s)).mean(0)
        for f in range(int(n_folds)):
            tr = folds != f
            alpha, _, _ = _kliep_iterate(Kn[tr], b, rng.random(len(centers)), eps, max_iter, tol,
                                         False)
            w = Kn[~tr] @ alpha
            with np.errstate(divide="ignore"):
                fold_scores[a, f] = np.mean(np.log(w)) if criterion == "log" else np.mean(w)
    scores = fold_scores.mean(1)
    best = float(sigmas[int(np.argmax(scores))])
    return KLIEPCVResult(_readonly(sigmas), _readonly(scores), _readonly(fold_scores), best,
                         criterion)
