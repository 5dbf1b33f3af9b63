"""Supervised dimensionality reduction: FDA, LFDA, SELF, LSDR and seed 004's local LDA variants.

Sugiyama ch. 17 (FDA §17.1.1, LFDA §17.1.2, SELF §17.1.3, sufficient dimension reduction by
least-squares SMI §17.2); seed 004 §2.6 (ratio-trace vs trace-ratio criteria) and §2.7 (local
LDA: neighbourhood-constrained LDA, nearest-neighbour discriminant analysis).

Every method here solves "maximise the between-class scatter S_b against the within-class
scatter S_w along z = Tx"; they differ only in how the two scatter matrices weigh pairs of
samples. ``components_`` holds one unit-length row per direction (rows of the book's T, which
Sugiyama §17 misprints as d × m: it is m × d), ``transform`` returns (x − mean) Tᵀ, as ``PCA``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import squared_distances

__all__ = ["FisherDA", "LFDA", "SELF", "LSDR", "LocalLDA", "NNDA", "LSDRStep", "local_affinity",
           "trace_ratio", "projection_criteria", "unit_directions", "nn_accuracy", "spread_labels",
           "self_path", "path_angles", "CRITERIA"]

CRITERIA = ("ratio_trace", "trace_ratio")
MAX_GRAPH_EDGES = 20000   # LFDA keeps the affinity graph's strong edges for drawing up to this many
EDGE_WEIGHT = 0.3         # ... those with W_ii' ≥ this


# ----------------------------------------------------------------------------------------------
# checks and the two criteria
# ----------------------------------------------------------------------------------------------

def _check_points(X) -> FloatArray:
    X = check_array(X, min_samples=2)
    if not np.any(np.ptp(X, axis=0) > 0):
        raise ValueError("All points are identical: every direction projects them onto the same "
                         "value, so there is nothing to separate. Use data with some spread.")
    return X


def _check_components(n_components, d: int) -> int:
    if isinstance(n_components, bool) or int(n_components) != n_components or n_components < 1:
        raise ValueError(f"n_components must be a whole number ≥ 1; got {n_components!r}.")
    if n_components >= d:
        raise ValueError(f"n_components = {n_components} must be smaller than the number of features "
                         f"d = {d}: projecting onto {d} directions of a {d}-dimensional space reduces "
                         "nothing.")
    return int(n_components)


def _check_labels(X, y, min_per_class: int = 2) -> tuple[FloatArray, np.ndarray, np.ndarray]:
    X = _check_points(X)
    y = np.asarray(y).ravel()
    if len(y) != len(X):
        raise ValueError(f"X has {len(X)} samples but y has {len(y)}; they must match.")
    classes, idx, counts = np.unique(y, return_inverse=True, return_counts=True)
    if len(classes) < 2:
        raise ValueError(f"Only one class ({classes[0] if len(classes) else 'none'}) is present: "
                         "supervised dimensionality reduction needs at least two classes to separate.")
    if counts.min() < min_per_class:
        lone = classes[np.argmin(counts)]
        raise ValueError(f"Class {lone} has only {counts.min()} sample: its within-class scatter is "
                         f"zero. Every class needs at least {min_per_class} samples.")
    return X, classes, idx


def _check_criterion(criterion: str) -> str:
    if criterion not in CRITERIA:
        raise ValueError(f"criterion must be one of {CRITERIA}; got {criterion!r}.")
    return criterion


def _sym(S: FloatArray) -> FloatArray:
    return (S + S.T) / 2.0


def _laplacian_scatter(P: FloatArray, Q: FloatArray) -> FloatArray:
    """½ Σ_ii' Q_ii'(p_i − p_i')(p_i − p_i')ᵀ = Pᵀ(diag(Q1) − Q)P for a symmetric weight matrix Q."""
    return P.T @ (Q.sum(1)[:, None] * P) - P.T @ (Q @ P)


def _definite(Sw: FloatArray) -> tuple[FloatArray, bool]:
    """S_w, plus a ridge of 1e-9·tr/d when it is singular (too few samples or a flat feature)."""
    d = len(Sw)
    w = np.linalg.eigvalsh(Sw)
    scale = max(float(np.trace(Sw)) / d, 1e-300)
    if w[0] > 1e-10 * scale:
        return Sw, False
    return Sw + 1e-9 * scale * np.eye(d) + max(-w[0], 0.0) * np.eye(d), True


def projection_criteria(T, Sb, Sw) -> tuple[float, float]:
    """(trace ratio, ratio trace) of the directions T (rows): seed 004 §2.6's two criteria.

    trace ratio tr(QS_bQᵀ)/tr(QS_wQᵀ) with Q an orthonormal basis of T's rows (Problem 1's
    constraint QQᵀ = I; the value depends only on the subspace) and ratio trace
    tr((TS_wTᵀ)⁻¹TS_bTᵀ) (the generalised-eigenproblem criterion, Sugiyama §17.1.1; invariant to
    any basis of the subspace).
    """
    T = np.atleast_2d(np.asarray(T, dtype=float))
    Q = _orthonormal(T)
    den = float(np.trace(Q @ Sw @ Q.T))
    tr_ratio = float(np.trace(Q @ Sb @ Q.T)) / den if den > 0 else np.inf
    B, W = T @ Sb @ T.T, T @ Sw @ T.T
    try:
        ratio_tr = float(np.trace(np.linalg.solve(W, B)))
    except np.linalg.LinAlgError:
        ratio_tr = np.inf
    return tr_ratio, ratio_tr


def trace_ratio(Sb, Sw, n_components: int, max_iter: int = 100, tol: float = 1e-12):
    """Seed 004 §2.6 Problem 1, max tr(WᵀS_bW)/tr(WᵀS_wW) s.t. WᵀW = I, by the iteration
    λ_t = ratio(W_t), W_{t+1} = top-m eigenvectors of S_b − λ_t S_w (λ never decreases).

    Returns (W with orthonormal rows (m, d), the λ of every iteration).
    """
    Sb, Sw = _sym(np.asarray(Sb, float)), _sym(np.asarray(Sw, float))
    d = len(Sb)
    W = np.linalg.eigh(Sb)[1][:, d - n_components:].T
    lams: list[float] = []
    for _ in range(max_iter):
        lam = float(np.trace(W @ Sb @ W.T)) / max(float(np.trace(W @ Sw @ W.T)), 1e-300)
        lams.append(lam)
        W = np.linalg.eigh(Sb - lam * Sw)[1][:, d - n_components:].T
        if len(lams) > 1 and lams[-1] - lams[-2] <= tol * max(abs(lam), 1.0):
            break
    lam = float(np.trace(W @ Sb @ W.T)) / max(float(np.trace(W @ Sw @ W.T)), 1e-300)
    if lam > lams[-1]:
        lams.append(lam)
    return W, np.array(lams)


def unit_directions(degrees) -> FloatArray:
    """(cos θ, sin θ) for every angle θ in degrees, one row each (2-D directions)."""
    r = np.radians(np.asarray(degrees, dtype=float))
    return np.column_stack([np.cos(r), np.sin(r)])


def path_angles(directions) -> FloatArray:
    """Angles in degrees of a sequence of 2-D directions (rows), unwrapped so that the path is
    continuous (a direction and its negative are the same line: period 180°), starting in [0, 180)."""
    D = np.atleast_2d(np.asarray(directions, dtype=float))
    doubled = np.unwrap(2.0 * np.arctan2(D[:, 1], D[:, 0]))
    angles = np.degrees(doubled / 2.0)
    return angles - 180.0 * np.floor(angles[0] / 180.0)


def _flip(T: FloatArray) -> FloatArray:
    idx = np.argmax(np.abs(T), axis=1)
    s = np.sign(T[np.arange(len(T)), idx])
    return T * np.where(s == 0, 1.0, s)[:, None]


class _ScatterProjection(BaseEstimator):
    """Solve S_b ξ = λ S_w ξ (ratio trace, Sugiyama §17.1.1) or seed 004's trace ratio; shared
    fitted attributes: ``components_`` (m, d) unit rows, ``eigenvalues_`` (the top generalised
    eigenvalues), ``between_scatter_``, ``within_scatter_``, ``trace_ratio_``, ``ratio_trace_``,
    ``regularized_`` (S_w got a tiny ridge), ``mean_``; ``history_`` the trace-ratio λ's."""

    criterion = "ratio_trace"

    def _solve(self, X, Sb, Sw, m: int) -> None:
        criterion = _check_criterion(self.criterion)
        Sb, Sw = _sym(Sb), _sym(Sw)
        if not np.any(np.abs(Sb) > 1e-12 * (1.0 + np.abs(Sw).max())):
            raise ValueError("The between-class scatter S_b is zero (all class means coincide, or no "
                             "pair of points from different classes is counted): no direction "
                             "separates the classes.")
        Sw_def, self.regularized_ = _definite(Sw)
        d = len(Sb)
        lam, V = scipy.linalg.eigh(Sb, Sw_def, subset_by_index=[d - m, d - 1])
        self.eigenvalues_ = lam[::-1]
        T = V[:, ::-1].T
        self.history_ = ()
        if criterion == "trace_ratio":
            T, lams = trace_ratio(Sb, Sw_def, m)
            self.history_ = tuple(float(v) for v in lams)
        T = _flip(T / np.linalg.norm(T, axis=1, keepdims=True))
        self.components_ = T
        self.between_scatter_, self.within_scatter_ = Sb, Sw
        self.trace_ratio_, self.ratio_trace_ = projection_criteria(T, Sb, Sw_def)
        self.mean_ = X.mean(0)
        self.n_components_, self.n_features_in_ = m, X.shape[1]

    def ratios(self, T) -> FloatArray:
        """J(t) = tᵀS_b t / tᵀS_w t for every row t of T (e.g. one per angle of a 2-D direction)."""
        T = np.atleast_2d(np.asarray(T, dtype=float))
        num = np.einsum("ij,jk,ik->i", T, self.between_scatter_, T)
        den = np.einsum("ij,jk,ik->i", T, self.within_scatter_, T)
        return num / np.maximum(den, 1e-300)

    def transform(self, X) -> FloatArray:
        """z = T(x − mean) for every sample, shape (n, m)."""
        X = check_new_data(self, X, "mean_")
        return (X - self.mean_) @ self.components_.T

    def fit_transform(self, X, y=None, **kwargs) -> FloatArray:
        return self.fit(X, y, **kwargs).transform(X)


# ----------------------------------------------------------------------------------------------
# FDA and LFDA
# ----------------------------------------------------------------------------------------------

class FisherDA(_ScatterProjection):
    """Fisher discriminant analysis as dimensionality reduction (Sugiyama §17.1.1, seed 004 §2.6).

    S_w = Σ_y Σ_{y_i=y}(x_i − μ_y)(x_i − μ_y)ᵀ, S_b = Σ_y n_y(μ_y − μ)(μ_y − μ)ᵀ (the book's
    n_y μ_y μ_yᵀ after centring); T = the top-m generalised eigenvectors of S_b ξ = λ S_w ξ. Only
    c − 1 eigenvalues can be non-zero. (``FisherLDA`` in :mod:`algorithms.generative` is the same
    direction used as a classifier.)
    """

    def __init__(self, n_components: int = 1, criterion: str = "ratio_trace"):
        self._store(locals())

    def fit(self, X, y) -> "FisherDA":
        X, self.classes_, idx = _check_labels(X, y)
        m = _check_components(self.n_components, X.shape[1])
        means = np.array([X[idx == k].mean(0) for k in range(len(self.classes_))])
        counts = np.bincount(idx)
        R = X - means[idx]
        D = means - X.mean(0)
        self.means_ = means
        self._solve(X, (counts[:, None] * D).T @ D, R.T @ R, m)
        return self


def local_affinity(P, knn: int | None = None, t: float | None = None) -> FloatArray:
    """Similarity W among the samples P of one class (Sugiyama Fig 13.8, §17.1.2).

    ``knn`` given: local scaling W = exp(−‖x_i − x_i'‖²/(t_i t_i')), t_i = distance from x_i to
    its knn-th nearest neighbour (clipped to the class size), as in Sugiyama's LFDA paper (the
    book's Fig 13.8 writes 2t_i t_i'; the factor only rescales the width). Else the heat kernel
    exp(−‖x_i − x_i'‖²/(2t²)); the listing (Fig 17.4) uses exp(−d²), t = 1/√2, the default.
    """
    P = np.asarray(P, dtype=float)
    D2 = np.maximum(squared_distances(P, P), 0.0)
    np.fill_diagonal(D2, 0.0)
    if knn is not None:
        if isinstance(knn, bool) or int(knn) != knn or knn < 1:
            raise ValueError(f"knn must be a whole number ≥ 1; got {knn!r}.")
        if len(P) < 2:
            return np.ones((len(P), len(P)))
        k = min(int(knn), len(P) - 1)
        scale = np.sqrt(np.partition(D2, k, axis=1)[:, k])
        scale = np.where(scale > 0, scale, max(float(scale.max()), 1e-12))
        return np.exp(-D2 / np.outer(scale, scale))
    width = check_positive(1 / np.sqrt(2) if t is None else t, "The affinity width t")
    return np.exp(-D2 / (2.0 * width * width))


def _local_scatters(X, idx, n_classes: int, knn, t):
    """(S_lb, S_lw, strong edges, their weights) of Sugiyama §17.1.2, class by class.

    Q_lw = W/n_y within class y; Q_lb = W(1/n − 1/n_y) within, 1/n across. With ½ΣQ(·)(·)ᵀ =
    Pᵀ(diag(Q1) − Q)P: S_lw = Σ_y Lap(W_y)/n_y and S_lb = S_t + Σ_y Lap(W_y(1/n − 1/n_y) − 1/n),
    S_t the total scatter (½Σ(1/n)(·)(·)ᵀ over all pairs).
    """
    n, d = X.shape
    Xc = X - X.mean(0)
    Sb, Sw = Xc.T @ Xc, np.zeros((d, d))
    edges, weights = [], []
    for k in range(n_classes):
        members = np.flatnonzero(idx == k)
        P = Xc[members]
        nk = len(members)
        W = local_affinity(P, knn, t)
        Sw += _laplacian_scatter(P, W) / nk
        Sb += _laplacian_scatter(P, W * (1.0 / n - 1.0 / nk) - 1.0 / n)
        i, j = np.nonzero(np.triu(W >= EDGE_WEIGHT, 1))
        edges.append(np.c_[members[i], members[j]])
        weights.append(W[i, j])
    return Sb, Sw, np.vstack(edges), np.concatenate(weights)


class LFDA(_ScatterProjection):
    """Local Fisher discriminant analysis (Sugiyama §17.1.2, Fig 17.4; seed 004 §2.7 (b)).

    FDA's pairwise weights times a within-class affinity W (:func:`local_affinity`): far-apart
    pairs of one class are not pulled together, so multimodal classes survive (Fig 17.3).
    S_lb ξ = λ S_lw ξ, top m. The listing's ``Sb`` is S_lb + S_lw (same ξ, λ + 1): here the
    text's S_lb. With W ≡ 1 (t → ∞) LFDA is FDA. ``graph_edges_``/``graph_weights_``: the
    within-class pairs with W ≥ 0.3 (empty when there are more than 20 000).
    """

    def __init__(self, n_components: int = 1, knn: int | None = None, t: float | None = None,
                 criterion: str = "ratio_trace"):
        self._store(locals())

    def fit(self, X, y) -> "LFDA":
        X, self.classes_, idx = _check_labels(X, y)
        m = _check_components(self.n_components, X.shape[1])
        Sb, Sw, edges, weights = _local_scatters(X, idx, len(self.classes_), self.knn, self.t)
        self._solve(X, Sb, Sw, m)
        keep = len(edges) <= MAX_GRAPH_EDGES
        self.graph_edges_ = edges if keep else np.zeros((0, 2), int)
        self.graph_weights_ = weights if keep else np.zeros(0)
        self.n_graph_edges_ = len(edges)
        return self


class SELF(_ScatterProjection):
    """Semi-supervised LFDA (Sugiyama §17.1.3), with the erratum's corrected formula.

    S_rlb = (1 − β)S_lb + βS_t and S_rlw = (1 − β)S_lw + βI_d (the book prints S_t and I swapped,
    which at β = 1 gives the *minor* principal axis; spec §22). S_lb, S_lw are LFDA's on the
    labelled samples (``labelled`` mask; default all), S_t the total scatter of all samples.
    β = 0 is LFDA on the labelled points, β = 1 is PCA.
    """

    def __init__(self, n_components: int = 1, beta: float = 0.5, knn: int | None = None,
                 t: float | None = None):
        self._store(locals())

    def fit(self, X, y, labelled=None) -> "SELF":
        X = _check_points(X)
        beta = float(self.beta)
        if not 0.0 <= beta <= 1.0:
            raise ValueError(f"β must be between 0 (LFDA) and 1 (PCA); got {self.beta}.")
        y = np.asarray(y).ravel()
        mask = np.ones(len(X), bool) if labelled is None else np.asarray(labelled, bool).ravel()
        if len(y) != len(X) or len(mask) != len(X):
            raise ValueError("X, y and the labelled mask must have one entry per sample.")
        m = _check_components(self.n_components, X.shape[1])
        d = X.shape[1]
        Xc = X - X.mean(0)
        St = Xc.T @ Xc
        Slb, Slw = np.zeros((d, d)), np.zeros((d, d))
        self.classes_ = np.unique(y[mask])
        if beta < 1.0:
            if len(self.classes_) < 2:
                what = (f"Only one class ({self.classes_[0]}) is labelled" if len(self.classes_)
                        else "No point is labelled")
                raise ValueError(f"{what}: SELF with β < 1 needs labels of two classes or more "
                                 "(β = 1, PCA, needs none).")
            XL, classes, idx = _check_labels(X[mask], y[mask], min_per_class=2 if beta == 0 else 1)
            Slb, Slw, _, _ = _local_scatters(XL, idx, len(classes), self.knn, self.t)
        self.total_scatter_ = St
        self.n_labelled_ = int(mask.sum())
        self._solve(X, (1 - beta) * Slb + beta * St, (1 - beta) * Slw + beta * np.eye(d), m)
        return self


def spread_labels(y, per_class: int = 2) -> np.ndarray:
    """Indices of ``per_class`` samples of every class, spread evenly over the class's order of
    appearance (first and last for two): the few labelled points of a SELF demo."""
    y = np.asarray(y).ravel()
    picked = []
    for c in np.unique(y):
        members = np.flatnonzero(y == c)
        at = np.unique(np.linspace(0, len(members) - 1, min(per_class, len(members))).round().astype(int))
        picked.append(members[at])
    return np.sort(np.concatenate(picked))


def self_path(X, y, labelled, betas, knn: int | None = None) -> FloatArray:
    """SELF's first direction (unit rows, sign fixed) for every β in ``betas``: LFDA → PCA."""
    return np.array([SELF(1, float(b), knn).fit(X, y, labelled).components_[0] for b in betas])


# ----------------------------------------------------------------------------------------------
# seed 004 §2.7: neighbourhood-constrained LDA and NNDA
# ----------------------------------------------------------------------------------------------

def _nearest(X, idx, k: int | None = None, chunk: int = 512):
    """Row by row (in chunks, so n = 5000 stays small): the k nearest other samples of each x_i
    (k given) or, for k None, the nearest same-class and nearest other-class sample."""
    n = len(X)
    out = []
    for lo in range(0, n, chunk):
        rows = np.arange(lo, min(lo + chunk, n))
        D2 = np.maximum(squared_distances(X[rows], X), 0.0)
        D2[np.arange(len(rows)), rows] = np.inf
        if k is not None:
            part = np.argpartition(D2, k - 1, axis=1)[:, :k] if k < n - 1 else np.argsort(D2, axis=1)[:, :k]
            out.append(part)
        else:
            same = idx[rows][:, None] == idx[None, :]
            out.append(np.c_[np.argmin(np.where(same, D2, np.inf), axis=1),
                             np.argmin(np.where(same, np.inf, D2), axis=1)])
    return np.vstack(out)


def nn_accuracy(Z, y) -> float:
    """Leave-one-out 1-nearest-neighbour accuracy in the projected space Z (n, m): how well the
    projection keeps the classes apart, also when a class has several clusters (seed 004 §2.7's
    "NNDA finds the correct projection"). Ties go to the lower index."""
    Z = check_array(Z, name="Z", min_samples=2)
    y = np.asarray(y).ravel()
    near = _nearest(Z, np.zeros(len(Z), int), 1)[:, 0]
    return float(np.mean(y[near] == y))


def _pair_scatter(X, pairs) -> FloatArray:
    R = X[pairs[:, 0]] - X[pairs[:, 1]]
    return R.T @ R


class LocalLDA(_ScatterProjection):
    """Neighbourhood-constrained LDA (seed 004 §2.7, method 1).

    Only mutual k-nearest-neighbour pairs count: S_w = Σ over same-class pairs with x_i ∈ N_k(x_j)
    and x_j ∈ N_k(x_i) of (x_i − x_j)(x_i − x_j)ᵀ, S_b the same over different-class pairs; then
    the generalised eigenproblem (or the trace ratio). The seed's open problem: choosing k.
    ``pairs_`` lists the mutual-neighbour pairs (i < j), ``same_class_`` marks the within-class ones.
    """

    def __init__(self, n_components: int = 1, k: int = 10, criterion: str = "ratio_trace"):
        self._store(locals())

    def fit(self, X, y) -> "LocalLDA":
        X, self.classes_, idx = _check_labels(X, y)
        m = _check_components(self.n_components, X.shape[1])
        n = len(X)
        if isinstance(self.k, bool) or int(self.k) != self.k or not 1 <= self.k <= n - 1:
            raise ValueError(f"k must be a whole number between 1 and n − 1 = {n - 1}; got {self.k!r}.")
        near = _nearest(X, idx, int(self.k))
        i = np.repeat(np.arange(n), near.shape[1])
        j = near.ravel()
        codes = i * n + j
        mutual = np.isin(codes, j * n + i) & (i < j)
        pairs = np.c_[i[mutual], j[mutual]]
        same = idx[pairs[:, 0]] == idx[pairs[:, 1]]
        if not np.any(~same):
            raise ValueError(f"With k = {self.k} no two points of different classes are mutual "
                             "neighbours, so S_b = 0: raise k.")
        self.pairs_, self.same_class_ = pairs, same
        self._solve(X, _pair_scatter(X, pairs[~same]), _pair_scatter(X, pairs[same]), m)
        return self


class NNDA(_ScatterProjection):
    """Nearest-neighbour discriminant analysis (seed 004 §2.7, method 2 (a); Qiu & Wu 2005).

    For every x_i its nearest same-class neighbour x_iᴵ and nearest other-class neighbour x_iᴱ;
    S_w = Σ_i w_i(x_i − x_iᴵ)(·)ᵀ, S_b = Σ_i w_i(x_i − x_iᴱ)(·)ᵀ. The seed's weight was in a lost
    figure: here the nonparametric-DA weight w_i = d_Iᵅ/(d_Iᵅ + d_Eᵅ) (spec [S]), large near the
    class boundary. ``intra_``, ``extra_`` (neighbour indices), ``weights_``.
    """

    def __init__(self, n_components: int = 1, alpha: float = 1.0, criterion: str = "ratio_trace"):
        self._store(locals())

    def fit(self, X, y) -> "NNDA":
        X, self.classes_, idx = _check_labels(X, y)
        m = _check_components(self.n_components, X.shape[1])
        alpha = check_positive(self.alpha, "The weight exponent α", allow_zero=True)
        intra, extra = _nearest(X, idx).T
        RI, RE = X - X[intra], X - X[extra]
        dI = np.sqrt((RI * RI).sum(1)) ** alpha
        dE = np.sqrt((RE * RE).sum(1)) ** alpha
        total = dI + dE
        w = np.divide(dI, total, out=np.full(len(X), 0.5), where=total > 0)
        self.intra_, self.extra_, self.weights_ = intra, extra, w
        self._solve(X, (w[:, None] * RE).T @ RE, (w[:, None] * RI).T @ RI, m)
        return self


# ----------------------------------------------------------------------------------------------
# LSDR: sufficient dimension reduction by least-squares SMI (Sugiyama §17.2)
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LSDRStep:
    """One gradient-ascent step: the directions T (m, d), the SMI estimate J(T), the step size."""

    T: FloatArray
    smi: float
    step: float


class LSDR(BaseEstimator):
    """Sufficient dimension reduction by maximising the least-squares SMI estimate (Sugiyama §17.2).

    ψ_l(z, y) = exp(−‖z − Tc_l‖²/(2h²)) · L(y, y_l) for b centres (c_l, y_l) drawn from the data;
    L = δ(y, y_l) for class labels (``discrete``), a Gaussian of width 1 on standardised y for a
    continuous target. Ĝ = (KᵀK)∘(LᵀL)/n², ĥ = (1/n)Σ_i K_i∘L_i, J(T) = ½ĥᵀ(Ĝ + λI)⁻¹ĥ − ½ (§14.4).
    Gradient ascent T ← T + ε∇J (the book's gradient, projected on the tangent space), then
    re-orthonormalised (the book states no constraint on T; spec pitfall); ε halves whenever J
    would fall, so J never decreases. ``history_``: one :class:`LSDRStep` per step (≤ max_iter + 1).
    """

    def __init__(self, n_components: int = 1, width: float = 1.0, lam: float = 0.1, step: float = 1.0,
                 max_iter: int = 50, n_centers: int = 100, discrete: bool = True, init=None,
                 random_state=0):
        self._store(locals())

    def fit(self, X, y) -> "LSDR":
        X = _check_points(X)
        n, d = X.shape
        m = _check_components(self.n_components, d)
        y = np.asarray(y).ravel()
        if len(y) != n:
            raise ValueError(f"X has {n} samples but y has {len(y)}; they must match.")
        self._h = check_positive(self.width, "The kernel width h")
        self._lam = check_positive(self.lam, "λ")
        if self.discrete:
            _, codes = np.unique(y, return_inverse=True)
            if codes.max() == 0:
                raise ValueError("Only one class is present: y carries no information to keep.")
        else:
            y = check_array(y, name="y", ensure_2d=False).astype(float)
            if np.ptp(y) == 0:
                raise ValueError("y is constant: it carries no information to keep.")
        rng = check_random_state(self.random_state)
        b = min(int(self.n_centers), n)
        centres = np.sort(rng.choice(n, b, replace=False))
        self.mean_ = X.mean(0)
        self._X = X - self.mean_
        self._C = self._X[centres]
        if self.discrete:
            self._L = (codes[:, None] == codes[centres][None, :]).astype(float)
        else:
            ys = (y - y.mean()) / y.std()
            self._L = np.exp(-(ys[:, None] - ys[centres][None, :]) ** 2 / 2.0)
        self.centers_ = centres
        T = rng.standard_normal((m, d)) if self.init is None else np.atleast_2d(np.asarray(self.init, float))
        if T.shape != (m, d) or not np.all(np.isfinite(T)):
            raise ValueError(f"init must be {m} finite direction(s) with {d} entries each.")
        T = _orthonormal(T)
        J, grad = self._objective(T, gradient=True)
        eps = check_positive(self.step, "The step size ε")
        history = [LSDRStep(T, J, eps)]
        for _ in range(int(self.max_iter)):
            G = grad - (grad @ T.T) @ T
            if np.linalg.norm(G) < 1e-10:
                break
            while eps > 1e-8:
                T_new = _orthonormal(T + eps * G)
                J_new = self._objective(T_new)
                if J_new >= J:
                    break
                eps /= 2
            if eps <= 1e-8:
                break
            T = T_new
            J, grad = self._objective(T, gradient=True)
            history.append(LSDRStep(T, J, eps))
            eps *= 1.5
        self.components_ = _flip(T)
        self.smi_ = J
        self.history_ = tuple(history)
        self.n_components_, self.n_features_in_ = m, d
        return self

    def _objective(self, T, gradient: bool = False):
        X, C, L, h, lam = self._X, self._C, self._L, self._h, self._lam
        n = len(X)
        Z, Zc = X @ T.T, C @ T.T
        K = np.exp(-((Z[:, None, :] - Zc[None, :, :]) ** 2).sum(2) / (2 * h * h))
        M = L.T @ L
        G = (K.T @ K) * M / n**2
        hv = (K * L).sum(0) / n
        alpha = scipy.linalg.cho_solve(scipy.linalg.cho_factor(G + lam * np.eye(len(G))), hv)
        J = 0.5 * float(hv @ alpha) - 0.5
        if not gradient:
            return J
        R = L * alpha[None, :] / n - (K @ (alpha[:, None] * M)) * alpha[None, :] / n**2
        S = R * K
        Sigma = (X.T @ (S.sum(1)[:, None] * X) - X.T @ S @ C - C.T @ S.T @ X
                 + C.T @ (S.sum(0)[:, None] * C))
        return J, -(T @ Sigma) / (h * h)

    def smi(self, T) -> float:
        """The least-squares SMI estimate J(T) for directions T (rows, orthonormalised first)."""
        check_new_data(self, np.zeros((1, self.n_features_in_)), "n_features_in_")
        return self._objective(_orthonormal(np.atleast_2d(np.asarray(T, float))))

    def smi_curve(self, degrees) -> FloatArray:
        """J(φ) for the 2-D directions (cos φ, sin φ), one per angle in degrees (d = 2, m = 1)."""
        if self.n_features_in_ != 2 or self.n_components_ != 1:
            raise ValueError("J(φ) over angles is drawn for one direction in 2-D data.")
        return np.array([self._objective(u[None, :]) for u in unit_directions(degrees)])

    def transform(self, X) -> FloatArray:
        X = check_new_data(self, X, "mean_")
        return (X - self.mean_) @ self.components_.T

    def fit_transform(self, X, y) -> FloatArray:
        return self.fit(X, y).transform(X)


def _orthonormal(T: FloatArray) -> FloatArray:
    """Rows of T orthonormalised (QR), each keeping its orientation."""
    Q, R = np.linalg.qr(T.T)
    s = np.sign(np.diag(R))
    return (Q * np.where(s == 0, 1.0, s)).T
