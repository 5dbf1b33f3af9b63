"""Unsupervised dimensionality reduction and latent linear models.

Sugiyama ch. 13 (curse of dimensionality §13.0, PCA §13.2, LPP §13.3, kernel PCA §13.4,
Laplacian eigenmaps §13.5); CS229 Part X (factor analysis by EM, M44–M45), Part XI (PCA, M46) and
Part XII (ICA, M47). Also the kNN similarity graph shared with spectral clustering (Sugiyama
§13.3 Fig 13.8, §13.5 and §14.3 listings).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from math import isfinite
from math import tanh

import numpy as np
import scipy.linalg
from scipy.linalg.lapack import dpotrf
from scipy.linalg.lapack import dpotrs
from scipy.sparse import csr_matrix
from scipy.sparse import diags
from scipy.sparse import identity
from scipy.sparse import issparse
from scipy.sparse.csgraph import connected_components as _cc
from scipy.sparse.linalg import ArpackError
from scipy.sparse.linalg import ArpackNoConvergence
from scipy.sparse.linalg import LinearOperator
from scipy.sparse.linalg import eigsh
from scipy.sparse.linalg import splu
from scipy.spatial import cKDTree
from scipy.special import gammaln

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import gaussian_kernel
from algorithms._base import squared_distances

__all__ = ["PCA", "LPP", "KernelPCA", "LaplacianEigenmap", "FactorAnalysis", "ICA",
           "FAStep", "ICAStep", "knn_graph", "sparse_knn_graph", "heat_kernel_graph", "graph_components",
           "laplacian_eigenvectors", "cocktail_party", "inscribed_ball_volume",
           "samples_for_density", "curse_of_dimensionality", "CurseOfDimensionality",
           "distance_contrast", "to_polar", "from_polar", "class_separation", "rank_correlation",
           "fa_posterior", "match_sources"]


# ----------------------------------------------------------------------------------------------
# small shared helpers
# ----------------------------------------------------------------------------------------------

def _check_n_components(n_components, upper: int,
                        why: str = "the smaller of the numbers of samples and features") -> int:
    if n_components is None:
        return upper
    if isinstance(n_components, bool) or int(n_components) != n_components or n_components < 1:
        raise ValueError(f"n_components must be a whole number ≥ 1; got {n_components!r}.")
    if n_components > upper:
        raise ValueError(f"n_components = {n_components} is too large: it can be at most "
                         f"{upper} here ({why}).")
    return int(n_components)


def _flip_signs(components: FloatArray) -> FloatArray:
    """Deterministic sign: the largest-|·| entry of every row is made positive (as scikit-learn)."""
    idx = np.argmax(np.abs(components), axis=1)
    signs = np.sign(components[np.arange(len(components)), idx])
    signs[signs == 0] = 1.0
    return components * signs[:, None]


def _eigh_subset(A, B, lo: int, hi: int):
    """Eigenpairs lo..hi (ascending) of the symmetric (generalized) problem.

    LAPACK's subset driver can return fewer pairs than asked for when eigenvalues are heavily
    repeated (e.g. a graph Laplacian with many components); then fall back to the full solve.
    """
    w, V = scipy.linalg.eigh(A, B, subset_by_index=[lo, hi])
    if len(w) != hi - lo + 1:
        w, V = scipy.linalg.eigh(A, B)
        w, V = w[lo:hi + 1], V[:, lo:hi + 1]
    return w, V


ITERATIVE_FROM = 400  # above this many samples, a few top eigenpairs come from ARPACK (Lanczos)


def _top_eigh(A, m: int, n: int):
    """The m largest eigenpairs of the symmetric n × n array A, ascending.

    Dense LAPACK for small n; for large n with few pairs, ARPACK's Lanczos iteration to machine
    precision (O(n²) per product instead of O(n³)), from a fixed start vector so that results are
    reproducible. Falls back to the dense solver if ARPACK does not converge.
    """
    if n > ITERATIVE_FROM and m <= min(20, n // 10):
        v0 = np.random.default_rng(0).standard_normal(n)
        try:
            w, V = eigsh(A, k=m, which="LA", v0=v0, tol=0.0, ncv=min(n, max(2 * m + 1, 30)))
            order = np.argsort(w)
            return w[order], V[:, order]
        except (ArpackNoConvergence, ArpackError):
            pass
    return _eigh_subset(A, None, n - m, n - 1)


def _shift_invert_top(S, u0, m: int, sigma: float = -1e-6):
    """The m largest eigenpairs (ascending) of S − 2u0u0ᵀ, S sparse symmetric with spectrum in
    [−1, 1] and u0 a unit vector: ARPACK on A = I − S + 2u0u0ᵀ in shift-invert mode around
    ``sigma`` just below A's spectrum, where the wanted eigenvalues (A's smallest, near 0) become
    far the largest of (A − σI)⁻¹ and Lanczos needs a few dozen products instead of thousands.
    (A − σI)⁻¹ comes from one sparse LU of I − S − σI and Sherman–Morrison for 2u0u0ᵀ. Returns
    None when ARPACK fails (the caller then solves densely).
    """
    n = S.shape[0]
    A = LinearOperator((n, n), dtype=float, matvec=lambda v: np.ravel(v) - S @ np.ravel(v)
                       + 2.0 * u0 * float(u0 @ np.ravel(v)))
    v0 = np.random.default_rng(0).standard_normal(n)
    try:
        lu = splu((identity(n, format="csc") * (1.0 - sigma) - S).tocsc())
        z = lu.solve(u0)
        c = 2.0 / (1.0 + 2.0 * float(u0 @ z))

        def solve(b):
            y = lu.solve(np.ravel(b))
            return y - c * z * float(u0 @ y)

        inverse = LinearOperator((n, n), matvec=solve, dtype=float)
        w, V = eigsh(A, k=m, sigma=sigma, which="LM", OPinv=inverse, v0=v0, tol=0.0)
    except (ArpackNoConvergence, ArpackError, RuntimeError):      # RuntimeError: a singular factor
        return None
    order = np.argsort(1.0 - w)
    return 1.0 - w[order], V[:, order]


def _readonly(a: np.ndarray) -> np.ndarray:
    a = np.array(a, copy=True)
    a.setflags(write=False)
    return a


# ----------------------------------------------------------------------------------------------
# PCA
# ----------------------------------------------------------------------------------------------

class PCA(BaseEstimator):
    """Principal component analysis (Sugiyama §13.2; CS229 Part XI, M46).

    Centre the data, then T = the top-m eigenvectors of the scatter matrix C = Σ_i x_i x_iᵀ
    (Sugiyama writes C without 1/n; CS229 with 1/m — the directions are the same). Computed by
    the SVD of the centred data, which is more accurate than forming C.

    With ``standardize=True`` each feature is first divided by its standard deviation (CS229's
    optional steps 3–4; zero-variance features are left unscaled).

    Fitted attributes:
      ``components_`` (m, d): rows are the principal directions, largest variance first; the sign
      of each row is fixed so that its largest-|·| entry is positive (stable animations).
      ``eigenvalues_`` (m,): the book's λ_j of C = Σ x xᵀ (no 1/n), so Σ_i z_i z_iᵀ = diag(λ).
      ``explained_variance_`` (m,): λ_j/(n − 1), the sample variance along each direction
      (scikit-learn's convention). ``explained_variance_ratio_`` (m,): λ_j / tr(C) (0 when all
      points coincide). ``mean_``, ``scale_``, ``singular_values_``, ``total_variance_``.
    """

    def __init__(self, n_components: int | None = 2, standardize: bool = False):
        self._store(locals())

    def fit(self, X, y=None) -> "PCA":
        X = check_array(X, min_samples=2)
        n, d = X.shape
        m = _check_n_components(self.n_components, min(n, d))
        self.mean_ = X.mean(0)
        scale = X.std(0) if self.standardize else np.ones(d)
        self.scale_ = np.where(scale > 0, scale, 1.0)
        Xc = (X - self.mean_) / self.scale_
        _, s, Vt = np.linalg.svd(Xc, full_matrices=False)
        eig_all = s**2
        total = float(eig_all.sum())
        self.components_ = _flip_signs(Vt[:m])
        self.singular_values_ = s[:m]
        self.eigenvalues_ = eig_all[:m]
        self.explained_variance_ = eig_all[:m] / (n - 1)
        self.explained_variance_ratio_ = eig_all[:m] / total if total > 0 else np.zeros(m)
        self.total_variance_ = total / (n - 1)
        self.n_components_ = m
        self.n_samples_, self.n_features_in_ = n, d
        return self

    def transform(self, X) -> FloatArray:
        """z = T(x − mean) (the projection coordinates, Sugiyama §13.1)."""
        X = check_new_data(self, X, "mean_")
        return ((X - self.mean_) / self.scale_) @ self.components_.T

    def fit_transform(self, X, y=None) -> FloatArray:
        return self.fit(X).transform(X)

    def inverse_transform(self, Z) -> FloatArray:
        """Back to the input space: x̂ = TᵀZ + mean (the orthogonal projection of x)."""
        check_is_fitted(self, "components_")
        Z = check_array(Z, name="Z")
        if Z.shape[1] != self.n_components_:
            raise ValueError(f"Z must have {self.n_components_} columns (one per component); "
                             f"got {Z.shape[1]}.")
        return (Z @ self.components_) * self.scale_ + self.mean_

    def reconstruction_error(self, X) -> float:
        """Σ_i ‖TᵀT x_i − x_i‖² on centred (and scaled) data, no 1/n (Sugiyama §13.2).

        On the training data it equals tr(C) − Σ_{j≤m} λ_j.
        """
        X = check_new_data(self, X, "mean_")
        Xc = (X - self.mean_) / self.scale_
        R = Xc - (Xc @ self.components_.T) @ self.components_
        return float((R * R).sum())


# ----------------------------------------------------------------------------------------------
# similarity graphs (Sugiyama Fig 13.8, listings of Figs 13.14 and 14.6)
# ----------------------------------------------------------------------------------------------

def _check_n_neighbors(k, n: int) -> int:
    if isinstance(k, bool) or int(k) != k or not 1 <= k <= n - 1:
        raise ValueError(f"The number of neighbours k must be a whole number between 1 and n − 1 "
                         f"= {n - 1}; got {k!r}.")
    return int(k)


def knn_graph(X, n_neighbors: int = 10, self_loops: bool = True) -> FloatArray:
    """k-nearest-neighbour similarity W (n × n, entries 0/1), exactly as Sugiyama's listings.

    ``W = d <= p(k+1,:)`` (Figs 13.14, 14.6): column j marks every x_i whose squared distance to
    x_j is at most the (k+1)-th smallest in that column — x_j itself (distance 0) and its k
    nearest neighbours, more on ties. Then the OR rule of Fig 13.8: W_ii' = 1 if x_i ∈ N_k(x_i')
    or x_i' ∈ N_k(x_i) (the printed ``W=(W+W'~/=0)`` is read ``W=(W+W'~=0)``, erratum §22).
    The listings keep the self-loops W_ii = 1; they leave L = D − W unchanged but add 1 to every
    degree. ``self_loops=False`` gives the clean graph.
    """
    X = check_array(X, min_samples=2)
    k = _check_n_neighbors(n_neighbors, len(X))
    d = squared_distances(X, X)
    np.fill_diagonal(d, 0.0)
    threshold = np.partition(d, k, axis=0)[k]
    W = d <= threshold[None, :]
    W = (W | W.T).astype(float)
    if not self_loops:
        np.fill_diagonal(W, 0.0)
    return W


SPARSE_FROM = 2000  # from this many samples, estimators keep the k-NN graph as a sparse matrix


def sparse_knn_graph(X, n_neighbors: int = 10, self_loops: bool = True) -> csr_matrix:
    """:func:`knn_graph` as a scipy.sparse CSR matrix, in O(nk) memory instead of n × n.

    Column j marks x_j and every x_i within its (k+1)-th smallest distance (ties included), then
    the OR rule, as :func:`knn_graph`. With up to 10 features the neighbours come from a k-d tree
    (O(n log n); distances within a relative 1e-12 of the threshold count as ties), else from
    blocks of the distance matrix. The estimators use it from ``SPARSE_FROM`` samples on, where
    the dense W would take n² · 8 bytes (3.2 GB at n = 20 000).
    """
    X = check_array(X, min_samples=2)
    n = len(X)
    k = _check_n_neighbors(n_neighbors, n)
    if X.shape[1] <= 10:
        tree = cKDTree(X)
        radius = tree.query(X, k + 1)[0][:, k]
        found = tree.query_ball_point(X, radius * (1 + 1e-12), return_sorted=False)
        cols = np.repeat(np.arange(n), [len(f) for f in found])
        rows = np.concatenate(found).astype(np.int64)
    else:
        rows, cols = [], []
        step = max(1, 4_000_000 // n)              # a (step, n) block of distances: 32 MB
        for start in range(0, n, step):
            d = squared_distances(X[start:start + step], X)       # rows = columns j of knn_graph's d
            j = np.arange(start, start + len(d))
            d[j - start, j] = 0.0
            threshold = np.partition(d, k, axis=1)[:, k]
            r, c = np.nonzero(d <= threshold[:, None])
            rows.append(c)
            cols.append(r + start)
        rows, cols = np.concatenate(rows), np.concatenate(cols)
    M = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    W = ((M + M.T) > 0).astype(float).tocsr()                     # the OR rule
    W.setdiag(1.0 if self_loops else 0.0)
    W.eliminate_zeros()
    return W


def _graph(X, n_neighbors):
    """The k-NN graph an estimator uses: :func:`sparse_knn_graph` (the entries of :func:`knn_graph`,
    found in O(n log n)), as a dense array below ``SPARSE_FROM`` samples."""
    W = sparse_knn_graph(X, n_neighbors)
    return W if len(X) >= SPARSE_FROM else W.toarray()


def heat_kernel_graph(X, t: float = 0.7071067811865476) -> FloatArray:
    """Gaussian similarity W_ii' = exp(−‖x_i − x_i'‖²/(2t²)) (Sugiyama Fig 13.8).

    The LPP listing (Fig 13.10) writes ``W=exp(-dist2)``, i.e. 2t² = 1, t = 1/√2 (the default).
    """
    X = check_array(X, min_samples=2)
    return gaussian_kernel(X, X, check_positive(t, "The heat-kernel width t"))


def graph_components(W) -> tuple[int, np.ndarray]:
    """Number of connected components of the graph W and each vertex's component (0, 1, …).

    A kNN graph with several components makes the Laplacian's eigenvalue 0 repeated: the
    smallest eigenvectors are then arbitrary mixtures of component indicators (Sugiyama §14.3).
    W may be dense or scipy.sparse.
    """
    n, labels = _cc(csr_matrix(W) if issparse(W) else csr_matrix(np.asarray(W) != 0), directed=False)
    return int(n), labels


def laplacian_eigenvectors(W, n_components: int) -> tuple[FloatArray, FloatArray]:
    """The generalized eigenproblem Lα = λDα of Sugiyama (13.2), trivial solution removed.

    Returns (eigenvalues, vectors): the ``n_components`` smallest eigenvalues after the trivial
    λ = 0 of α = 1, ascending, and their D-orthonormal eigenvectors as columns — the book's
    (α_{n−1}, α_{n−2}, …). Solved as the symmetric problem D^{-1/2}WD^{-1/2}u = (1 − λ)u with the
    trivial u₀ ∝ D^{1/2}1 deflated, i.e. every vector is D-orthogonal to 1 (for a large graph by
    sparse Lanczos iterations in shift-invert mode, else densely). This is the robust
    reading of the book's ``eigs(L,D,c-1,'sm')``: on a disconnected graph it still never
    returns the constant vector (Sugiyama §14.3 pitfall). Signs: largest-|·| entry positive.
    A scipy.sparse W (:func:`sparse_knn_graph`) is solved by Lanczos in shift-invert mode,
    connected or not (a repeated eigenvalue's vectors are then a reproducible basis of its
    eigenspace), see :func:`_shift_invert_top`.
    """
    sparse = issparse(W)
    W = csr_matrix(W, dtype=float) if sparse else np.asarray(W, dtype=float)
    n = W.shape[0]
    if not 1 <= n_components <= n - 1:
        raise ValueError(f"The embedding dimension must be between 1 and n − 1 = {n - 1}; "
                         f"got {n_components}.")
    deg = np.asarray(W.sum(1)).ravel()
    if np.any(deg <= 0):
        raise ValueError("A point has no neighbours in the similarity graph (zero degree).")
    s = 1.0 / np.sqrt(deg)
    u0 = np.sqrt(deg) / np.sqrt(deg.sum())
    found = None
    # Lanczos unless a dense graph is small, or has more zero eigenvalues (components) than wanted,
    # whose basis would then be the solver's choice: the dense LAPACK one as before.
    lanczos = sparse or (n > ITERATIVE_FROM and graph_components(W)[0] <= n_components + 1)
    if lanczos and n_components < n - 1:
        Ws = csr_matrix(W)
        S = diags(s) @ ((Ws + Ws.T) / 2.0) @ diags(s)
        found = _shift_invert_top(S.tocsc(), u0, n_components)
    if found is None:
        W = W.toarray() if sparse else W
        A = s[:, None] * W * s[None, :]
        A -= np.outer(u0, u0) * 2.0            # trivial eigenvalue 1 → −1: never among the largest
        A = (A + A.T) / 2.0
        found = _eigh_subset(A, None, n - n_components, n - 1)
    mu, U = found
    order = np.argsort(-mu, kind="stable")
    lam = np.clip(1.0 - mu[order], 0.0, None)
    V = s[:, None] * U[:, order]
    return lam, _flip_signs(V.T).T


# ----------------------------------------------------------------------------------------------
# LPP, kernel PCA, Laplacian eigenmaps
# ----------------------------------------------------------------------------------------------

def _similarity(X, n_neighbors, t):
    if n_neighbors is not None and t is not None:
        raise ValueError("Choose one similarity: give either n_neighbors (k-nearest-neighbour "
                         "graph) or t (heat kernel), not both.")
    if n_neighbors is not None:
        return knn_graph(X, n_neighbors)
    return heat_kernel_graph(X, 1 / np.sqrt(2) if t is None else t)


class LPP(BaseEstimator):
    """Locality preserving projection (Sugiyama §13.3, Fig 13.10).

    Centre the data, build the similarity W — the k-nearest-neighbour graph (``n_neighbors``,
    OR rule with the listings' self-loops, see :func:`knn_graph`) or the heat kernel
    exp(−‖x − x'‖²/(2t²)) (``t``; default t = 1/√2, the listing's ``exp(-dist2)``) — with
    D = diag(W1) and L = D − W, and solve XᵀLXξ = λXᵀDXξ (XᵀDX symmetrised, as the listing).
    The book orders λ descending and keeps the last m; here eigenvalues are ascending and the
    first m are kept. ``projection_`` holds the book's T (rows D-normalised, ξᵀXᵀDXξ = 1);
    ``components_`` the same directions with unit length (for drawing lines and for
    ``transform``); ``laplacian_scatter_`` and ``degree_scatter_`` the two sides' matrices XᵀLX
    and XᵀDX (symmetrised). If XᵀDX is singular (a constant or duplicated feature) a ridge of
    1e-10·tr/d is added in the solve and ``regularized_`` is True.
    """

    def __init__(self, n_components: int = 1, n_neighbors: int | None = None,
                 t: float | None = None):
        self._store(locals())

    def fit(self, X, y=None) -> "LPP":
        X = check_array(X, min_samples=2)
        n, d = X.shape
        m = _check_n_components(self.n_components, d, "the number of features")
        self.mean_ = X.mean(0)
        Xc = X - self.mean_
        W = _similarity(Xc, self.n_neighbors, self.t)
        deg = W.sum(1)
        A = Xc.T @ ((np.diag(deg) - W) @ Xc)
        B = Xc.T @ (deg[:, None] * Xc)
        A, B = (A + A.T) / 2, (B + B.T) / 2
        self.laplacian_scatter_, self.degree_scatter_ = A, B
        self.regularized_ = False
        try:
            lam, Xi = _eigh_subset(A, B, 0, m - 1)
        except np.linalg.LinAlgError:
            self.regularized_ = True
            B = B + 1e-10 * max(np.trace(B) / d, 1e-300) * np.eye(d)
            lam, Xi = _eigh_subset(A, B, 0, m - 1)
        T = _flip_signs(Xi.T)
        self.projection_ = T
        self.components_ = T / np.linalg.norm(T, axis=1, keepdims=True)
        self.eigenvalues_ = np.clip(lam, 0.0, None)
        self.affinity_matrix_ = W
        self.n_components_ = m
        return self

    def transform(self, X) -> FloatArray:
        X = check_new_data(self, X, "mean_")
        return (X - self.mean_) @ self.components_.T

    def fit_transform(self, X, y=None) -> FloatArray:
        return self.fit(X).transform(X)


def class_separation(z, labels) -> float | None:
    """Between-class over within-class variance of a 1-D projection z (Sugiyama Figs 13.5, 13.9).

    (1/n)Σ_c n_c(z̄_c − z̄)² / (1/n)Σ_c Σ_{i∈c}(z_i − z̄_c)²: large when the projection keeps the
    classes apart (LPP on the stripes), small when they overlap (PCA). None when there is no
    within-class spread.
    """
    z = np.asarray(z, dtype=float)
    labels = np.asarray(labels)
    classes = np.unique(labels)
    means = np.array([z[labels == c].mean() for c in classes])
    counts = np.array([np.sum(labels == c) for c in classes])
    within = sum(((z[labels == c] - m) ** 2).sum() for c, m in zip(classes, means, strict=True)) / len(z)
    between = float((counts * (means - z.mean()) ** 2).sum() / len(z))
    return between / within if within > 0 else None


class KernelPCA(BaseEstimator):
    """Kernel PCA with the Gaussian kernel K(x, x') = exp(−‖x − x'‖²/(2h²)) (Sugiyama §13.4).

    Centre K in feature space (HKH, H = I − 11ᵀ/n), take its top-m unit eigenvectors α_j and
    eigenvalues λ_j, and embed z_ij = √λ_j α_ij (= (HKH α_j/√λ_j)_i, the book's normalisation
    ‖ξ_j‖ = √λ_j). Eigenvalues ≤ 1e-12·λ_max carry no direction: their coordinates are set to 0
    (guard against dividing by √0). ``transform`` projects new points with the centred test
    kernel (not in the book). Matches scikit-learn's KernelPCA(kernel="rbf", gamma=1/(2h²)).
    """

    def __init__(self, n_components: int = 2, h: float = 1.0):
        self._store(locals())

    def fit(self, X, y=None) -> "KernelPCA":
        X = check_array(X, min_samples=2)
        n = len(X)
        m = _check_n_components(self.n_components, n, "the number of samples")
        h = check_positive(self.h, "The kernel width h")
        K = gaussian_kernel(X, X, h)
        self._col_mean = K.mean(0)
        self._all_mean = float(K.mean())
        Kc = K - self._col_mean[None, :] - self._col_mean[:, None] + self._all_mean
        Kc = (Kc + Kc.T) / 2
        lam, alpha = _top_eigh(Kc, m, n)
        lam, alpha = lam[::-1], _flip_signs(alpha[:, ::-1].T).T
        lam = np.clip(lam, 0.0, None)
        keep = lam > 1e-12 * max(lam.max(initial=0.0), 1e-300)
        self.eigenvalues_ = lam
        self.eigenvectors_ = alpha
        self._scaled = np.where(keep, 1.0 / np.sqrt(np.where(keep, lam, 1.0)), 0.0)
        self.embedding_ = alpha * np.sqrt(lam) * keep
        self.X_fit_ = X
        self.n_components_ = m
        return self

    def transform(self, X) -> FloatArray:
        X = check_new_data(self, X, "X_fit_")
        Kt = gaussian_kernel(X, self.X_fit_, self.h)
        Kt = Kt - Kt.mean(1, keepdims=True) - self._col_mean[None, :] + self._all_mean
        return Kt @ (self.eigenvectors_ * self._scaled)

    def fit_transform(self, X, y=None) -> FloatArray:
        return self.fit(X).embedding_


def to_polar(X) -> FloatArray:
    """The explicit feature map ψ(x) = (r, θ) of Sugiyama Fig 13.11 (θ = atan2(x₂, x₁))."""
    X = check_array(X)
    if X.shape[1] != 2:
        raise ValueError("The polar map needs 2-D points (two columns).")
    return np.c_[np.hypot(X[:, 0], X[:, 1]), np.arctan2(X[:, 1], X[:, 0])]


def from_polar(R) -> FloatArray:
    """Inverse of :func:`to_polar`: (r, θ) ↦ (r cos θ, r sin θ), to map a PCA line back."""
    R = check_array(R, name="R")
    if R.shape[1] != 2:
        raise ValueError("Polar coordinates need two columns (r, θ).")
    return np.c_[R[:, 0] * np.cos(R[:, 1]), R[:, 0] * np.sin(R[:, 1])]


class LaplacianEigenmap(BaseEstimator):
    """Laplacian eigenmaps (Sugiyama §13.5, Fig 13.14), the kernelised LPP.

    W = the k-nearest-neighbour graph of the listing (column-wise (k+1)-th threshold, self-loops,
    OR rule; :func:`knn_graph`), D = diag(W1), L = D − W, and Lα = λDα. The trivial λ = 0, α = 1
    is dropped; ``embedding_`` = (α_{n−1}, …, α_{n−m}) as columns, smallest eigenvalue first
    (the listing's plot: horizontal = 2nd smallest, vertical = 3rd smallest). The vectors are
    D-orthonormal and D-orthogonal to 1 (:func:`laplacian_eigenvectors`).

    ``n_connected_components_`` > 1 means eigenvalue 0 is repeated and the embedding is an
    arbitrary mixture of component indicators; ``warning_`` then says so (else None).
    From ``SPARSE_FROM`` (2 000) samples on, ``affinity_matrix_`` is the same graph as a
    scipy.sparse matrix (:func:`sparse_knn_graph`) and the eigenvectors come from Lanczos.
    """

    def __init__(self, n_components: int = 2, n_neighbors: int = 10):
        self._store(locals())

    def fit(self, X, y=None) -> "LaplacianEigenmap":
        X = check_array(X, min_samples=3)
        n = len(X)
        m = _check_n_components(self.n_components, n - 1, "the number of samples − 1")
        W = _graph(X, self.n_neighbors)
        self.affinity_matrix_ = W
        self.n_connected_components_, self.component_labels_ = graph_components(W)
        self.eigenvalues_, self.embedding_ = laplacian_eigenvectors(W, m)
        self.warning_ = _components_warning(self.n_connected_components_, self.n_neighbors)
        self.n_components_ = m
        return self

    def fit_transform(self, X, y=None) -> FloatArray:
        return self.fit(X).embedding_


def rank_correlation(a, b) -> float | None:
    """|Spearman ρ| of a and b: the correlation of their ranks (ties ranked in order of appearance).

    Measures how well an embedding unrolls a manifold (Sugiyama Fig 13.13): |ρ| between the first
    coordinate and the position along the roll is near 1 when the order is kept. None with fewer
    than 3 values or a constant one.
    """
    if a is None or b is None or len(a) < 3:
        return None
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    if np.std(ra) == 0 or np.std(rb) == 0:
        return None
    return float(abs(np.corrcoef(ra, rb)[0, 1]))


def _components_warning(n_comp: int, k: int, n_clusters: int | None = None) -> str | None:
    if n_comp == 1:
        return None
    msg = (f"The {k}-nearest-neighbour graph has {n_comp} connected components, so the "
           f"eigenvalue 0 is repeated {n_comp} times and the smallest eigenvectors are only "
           f"defined up to mixing the component indicators.")
    if n_clusters is not None:
        if n_comp == n_clusters:
            msg += f" Each component will become one of the {n_clusters} clusters."
        elif n_comp > n_clusters:
            msg += (f" There are more components than clusters ({n_clusters}): which components "
                    f"get merged is arbitrary. Increase k.")
    else:
        msg += " Increase k to connect the graph."
    return msg


# ----------------------------------------------------------------------------------------------
# factor analysis by EM (CS229 M44–M45)
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FAStep:
    """Parameters after one EM iteration of factor analysis and ℓ at those parameters."""

    step: int
    loadings: FloatArray        # Λ, shape (d, k)
    psi: FloatArray             # diagonal of Ψ, shape (d,)
    log_likelihood: float


def fa_posterior(loadings, psi) -> tuple[FloatArray, FloatArray]:
    """The E-step of factor analysis for Λ (d, k) and diag Ψ (d,) (CS229 Part X §4, M45).

    Returns β = Λᵀ(ΛΛᵀ + Ψ)⁻¹ (k, d), so that μ_{z|x} = β(x − μ), and the posterior covariance
    Σ_{z|x} = I − Λᵀ(ΛΛᵀ + Ψ)⁻¹Λ = I − βΛ (k, k).
    """
    Lam = np.asarray(loadings, dtype=float)
    beta = np.linalg.solve(Lam @ Lam.T + np.diag(np.asarray(psi, dtype=float)), Lam).T
    return beta, np.eye(Lam.shape[1]) - beta @ Lam


def _fa_loglik(S, m, Lam, psi) -> float:
    """ℓ = −m/2 [d log 2π + log|ΛΛᵀ + Ψ| + tr((ΛΛᵀ + Ψ)⁻¹S)], S the 1/m scatter of centred data."""
    d = len(psi)
    Sigma = Lam @ Lam.T + np.diag(psi)
    c, info = dpotrf(Sigma, lower=False, clean=False)       # LAPACK's Cholesky, as cho_factor
    if info:
        raise np.linalg.LinAlgError("ΛΛᵀ + Ψ is not positive definite.")
    logdet = 2.0 * np.log(np.diag(c)).sum()
    tr = np.trace(dpotrs(c, S, lower=False)[0])              # (ΛΛᵀ + Ψ)⁻¹S, as cho_solve
    return float(-0.5 * m * (d * np.log(2 * np.pi) + logdet + tr))


class FactorAnalysis(BaseEstimator):
    """Factor analysis x = μ + Λz + ε, z ~ N(0, I_k), ε ~ N(0, Ψ) fitted by EM (CS229 M44–M45).

    μ = the sample mean (fixed). E-step: μ_{z|x} = Λᵀ(ΛΛᵀ + Ψ)⁻¹(x − μ),
    Σ_{z|x} = I − Λᵀ(ΛΛᵀ + Ψ)⁻¹Λ. M-step (8): Λ = (Σ_i (x_i − μ)μ_{z|x}ᵀ)(Σ_i μ_{z|x}μ_{z|x}ᵀ
    + Σ_{z|x})⁻¹ and Ψ = diag of (1/m)Σ_i[x̃x̃ᵀ − x̃μ_{z|x}ᵀΛᵀ − Λμ_{z|x}x̃ᵀ + Λ(μμᵀ + Σ)Λᵀ] with
    the **centred** x̃ = x − μ (the seed's Ψ update uses x and drops the brackets — erratum K.14).

    Initialisation: Λ small random (``random_state``), Ψ = diag of the sample covariance.
    Stops when the per-sample increase of ℓ is below ``tol`` or after ``max_iter`` iterations.
    Guard (Heywood case): Ψ_ii is floored at 1e-6 × var_i (1e-12 for a constant feature);
    ``heywood_`` lists the features that hit the floor. ``history_`` holds one :class:`FAStep`
    per iteration (the first is the initial state); ℓ is non-decreasing.
    Attributes: ``components_`` = Λᵀ (k, d), ``loadings_`` = Λ, ``noise_variance_`` = diag Ψ,
    ``mean_``, ``log_likelihood_``, ``n_iter_``, ``converged_``.
    """

    def __init__(self, n_components: int = 1, max_iter: int = 1000, tol: float = 1e-8,
                 random_state=None):
        self._store(locals())

    def fit(self, X, y=None) -> "FactorAnalysis":
        X = check_array(X, min_samples=2)
        m, d = X.shape
        k = _check_n_components(self.n_components, d, "the number of features")
        if int(self.max_iter) != self.max_iter or self.max_iter < 1:
            raise ValueError(f"max_iter must be a whole number ≥ 1; got {self.max_iter}.")
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        rng = check_random_state(self.random_state)
        self.mean_ = X.mean(0)
        Xc = X - self.mean_
        S = Xc.T @ Xc / m
        var = np.diag(S).copy()
        floor = np.where(var > 0, 1e-6 * var, 1e-12)
        psi = np.maximum(var, floor)
        Lam = 0.1 * np.sqrt(psi)[:, None] * rng.standard_normal((d, k))
        ll = _fa_loglik(S, m, Lam, psi)
        history = [FAStep(0, _readonly(Lam), _readonly(psi), ll)]
        heywood = np.zeros(d, dtype=bool)
        self.converged_ = False
        for it in range(1, int(self.max_iter) + 1):
            # E-step: β = Λᵀ(ΛΛᵀ + Ψ)⁻¹ via the k×k Woodbury form
            LtPinv = Lam.T / psi                                   # ΛᵀΨ⁻¹
            Sigma_z = np.linalg.inv(np.eye(k) + LtPinv @ Lam)      # Σ_{z|x}
            beta = Sigma_z @ LtPinv                                 # = Λᵀ(ΛΛᵀ + Ψ)⁻¹
            # M-step; with μ_{z|x} = βx̃ the sums over samples are products with S = (1/m) Σ x̃x̃ᵀ
            Exz = S @ beta.T                                        # (1/m) Σ x̃ μᵀ
            Ezz = beta @ Exz + Sigma_z                              # (1/m) Σ (μμᵀ + Σ)
            Lam = np.linalg.solve(Ezz, Exz.T).T
            Phi_diag = (var - 2.0 * np.einsum("ij,ij->i", Exz, Lam)
                        + np.einsum("ij,jk,ik->i", Lam, Ezz, Lam))
            heywood |= Phi_diag < floor
            psi = np.maximum(Phi_diag, floor)
            new_ll = _fa_loglik(S, m, Lam, psi)
            history.append(FAStep(it, _readonly(Lam), _readonly(psi), new_ll))
            done = (new_ll - ll) / m < tol
            ll = new_ll
            if done:
                self.converged_ = True
                break
        self.loadings_ = Lam
        self.components_ = Lam.T
        self.noise_variance_ = psi
        self.log_likelihood_ = ll
        self.heywood_ = np.flatnonzero(heywood)
        self.n_iter_ = len(history) - 1
        self.history_ = tuple(history)
        return self

    def get_covariance(self) -> FloatArray:
        """The model covariance ΛΛᵀ + Ψ."""
        check_is_fitted(self, "loadings_")
        return self.loadings_ @ self.loadings_.T + np.diag(self.noise_variance_)

    def transform(self, X) -> FloatArray:
        """Posterior means E[z | x] = Λᵀ(ΛΛᵀ + Ψ)⁻¹(x − μ)."""
        X = check_new_data(self, X, "mean_")
        beta, _ = fa_posterior(self.loadings_, self.noise_variance_)
        return (X - self.mean_) @ beta.T

    def fit_transform(self, X, y=None) -> FloatArray:
        return self.fit(X).transform(X)

    def score(self, X) -> float:
        """Average log-likelihood per sample under N(μ, ΛΛᵀ + Ψ)."""
        X = check_new_data(self, X, "mean_")
        Xc = X - self.mean_
        return _fa_loglik(Xc.T @ Xc / len(X), len(X), self.loadings_, self.noise_variance_) / len(X)


# ----------------------------------------------------------------------------------------------
# ICA (CS229 M47)
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ICAStep:
    """W after an epoch of stochastic gradient ascent (or a FastICA fixed-point iteration) and ℓ(W)
    on the (whitened) data."""

    epoch: int
    W: FloatArray                # the unmixing matrix the algorithm updates
    unmixing: FloatArray         # the same acting on centred raw x (W·whitening)
    log_likelihood: float


def _ica_loglik(Xw, W) -> float:
    """ℓ(W) = Σ_i (Σ_j log g'(w_jᵀx_i) + log|W|), g the sigmoid: log g'(s) = −log(2 + 2cosh s)."""
    A = np.abs(Xw @ W.T.copy())          # a contiguous Wᵀ is BLAS's fast path (the same floats as the view)
    # log(2 + 2cosh s) = |s| + 2 log(1 + e^−|s|)
    total_abs = A.sum()
    log_terms = np.log1p(np.exp(np.negative(A, out=A), out=A), out=A).sum()
    return float(-(total_abs + 2.0 * log_terms) + len(Xw) * np.linalg.slogdet(W)[1])


class ICA(BaseEstimator):
    """Independent component analysis by Bell–Sejnowski maximum likelihood (CS229 M47).

    Sources have density g'(s), g the sigmoid. Stochastic gradient ascent on
    ℓ(W) = Σ_i (Σ_j log g'(w_jᵀx_i) + log|W|), one example at a time in shuffled order:
    W := W + α((1 − 2g(Wx))xᵀ + (Wᵀ)⁻¹). ``batch_size`` > 1 averages the gradient over that
    many examples (faster in numpy; 1 is the book's rule). The data are centred (the model has
    E[s] = 0); ``whiten=True`` (standard, not in the notes) first maps x to unit covariance,
    which speeds convergence. W starts at the identity; ``random_state`` fixes the order.

    ``history_`` holds one :class:`ICAStep` per epoch (the first is the start). If W becomes
    singular or overflows the run stops and ``diverged_`` is True (lower α).
    Attributes: ``unmixing_`` (W on centred x; = ``components_``), ``mixing_`` (its inverse),
    ``mean_``, ``whitening_``, ``log_likelihood_``. Recovered sources are permuted, scaled and
    sign-flipped versions of the true ones (the ICA ambiguities of §1). The sigmoid density is
    super-Gaussian: it separates speech-like or Laplace sources, but not sub-Gaussian ones
    (uniform, sine or square waves), for which the true unmixing is not a likelihood maximum.

    ``solver="fastica"`` (not in the notes; Hyvärinen & Oja 2000, scikit-learn's FastICA with
    G(s) = log cosh s) replaces the gradient steps by the fixed-point update on whitened data,
    W ← E[tanh(Wx) xᵀ] − diag(E[1 − tanh²(Wx)]) W, then W ← (WWᵀ)^(−1/2) W, from a random
    orthogonal start, for at most ``n_epochs`` iterations (one :class:`ICAStep` each) until
    max_j |1 − |w_j,newᵀ w_j|| < ``tol``; ``converged_`` says whether it did. Its W is orthogonal:
    the sources have unit variance (ℓ(W) is still the notes' likelihood of that W).
    """

    def __init__(self, alpha: float = 0.01, n_epochs: int = 10, batch_size: int = 1,
                 whiten: bool = True, random_state=None, solver: str = "sga", tol: float = 1e-4):
        self._store(locals())

    def fit(self, X, y=None) -> "ICA":
        X = check_array(X, min_samples=2)
        m, d = X.shape
        alpha = check_positive(self.alpha, "The learning rate α")
        for name in ("n_epochs", "batch_size"):
            v = getattr(self, name)
            if isinstance(v, bool) or int(v) != v or v < 1:
                raise ValueError(f"{name} must be a whole number ≥ 1; got {v!r}.")
        if self.solver not in ("sga", "fastica"):
            raise ValueError(f"solver must be 'sga' or 'fastica'; got {self.solver!r}.")
        if self.solver == "fastica" and not self.whiten:
            raise ValueError("FastICA works on whitened data: use whiten=True.")
        tol = check_positive(self.tol, "The tolerance")
        rng = check_random_state(self.random_state)
        self.mean_ = X.mean(0)
        Xc = X - self.mean_
        if self.whiten:
            evals, E = np.linalg.eigh(Xc.T @ Xc / m)
            if evals[0] <= 1e-12 * max(evals[-1], 1e-300):
                raise ValueError("The mixed signals are linearly dependent (their covariance is "
                                 "singular); ICA needs as many independent mixtures as sources.")
            P = (E / np.sqrt(evals)).T
        else:
            P = np.eye(d)
        Xw = Xc @ P.T
        W = _symmetric_decorrelation(rng.standard_normal((d, d))) if self.solver == "fastica" else np.eye(d)
        history = [ICAStep(0, _readonly(W), _readonly(W @ P), _ica_loglik(Xw, W))]
        batches = (_MiniBatchEpochs(Xw, alpha, int(self.batch_size))
                   if self.solver == "sga" and self.batch_size > 1 else None)
        self.diverged_ = False
        self.converged_ = False
        for epoch in range(1, int(self.n_epochs) + 1):
            if self.solver == "fastica":
                W, change = _fastica_step(Xw, W)
                history.append(ICAStep(epoch, _readonly(W), _readonly(W @ P), _ica_loglik(Xw, W)))
                if change < tol:
                    self.converged_ = True
                    break
                continue
            order = rng.permutation(m)
            W = batches.epoch(order, W) if batches else _ica_sga_epoch(Xw.take(order, axis=0), W, alpha)
            if W is None or not np.all(np.isfinite(W)) or abs(np.linalg.det(W)) < 1e-300:
                self.diverged_ = True
                W = history[-1].W.copy()
                break
            history.append(ICAStep(epoch, _readonly(W), _readonly(W @ P), _ica_loglik(Xw, W)))
        self.whitening_ = P
        self.W_ = W
        self.unmixing_ = W @ P
        self.components_ = self.unmixing_
        self.mixing_ = np.linalg.inv(self.unmixing_)
        self.log_likelihood_ = history[-1].log_likelihood
        self.history_ = tuple(history)
        return self

    def transform(self, X) -> FloatArray:
        """Recovered sources s = W(x − mean)."""
        X = check_new_data(self, X, "mean_")
        return (X - self.mean_) @ self.unmixing_.T

    def fit_transform(self, X, y=None) -> FloatArray:
        return self.fit(X).transform(X)


def match_sources(R, S) -> tuple[FloatArray, FloatArray]:
    """The recovered sources R put in the order, sign and scale of the true ones S (CS229 Part XII §1).

    ICA recovers sources only up to permutation, scaling and sign (the ambiguities of §1): pick the
    permutation with the largest total |correlation|, then give each recovered source the matched
    true one's sign, mean and standard deviation. Returns (matched sources, |correlation| of each).
    """
    c = S.shape[1]
    C = np.nan_to_num(np.corrcoef(R.T, S.T)[:c, c:])
    best = max(permutations(range(c)), key=lambda p: sum(abs(C[p[j], j]) for j in range(c)))
    out = np.empty_like(S)
    corr = np.empty(c)
    for j, i in enumerate(best):
        r = R[:, i] - R[:, i].mean()
        sd = r.std() or 1.0
        sign = 1.0 if C[i, j] >= 0 else -1.0
        out[:, j] = sign * r / sd * S[:, j].std() + S[:, j].mean()
        corr[j] = abs(C[i, j])
    return out, corr


def _symmetric_decorrelation(W: FloatArray) -> FloatArray:
    """(WWᵀ)^(−1/2) W: the orthogonal matrix nearest to W's rows' directions (FastICA)."""
    evals, E = np.linalg.eigh(W @ W.T)
    return (E / np.sqrt(np.maximum(evals, 1e-300))) @ E.T @ W


def _fastica_step(Xw: FloatArray, W: FloatArray) -> tuple[FloatArray, float]:
    """One parallel FastICA fixed-point update with G = log cosh (g = tanh, g' = 1 − tanh²) on
    whitened rows Xw; returns the new W and max_j |1 − |w_j,newᵀ w_j||."""
    T = np.tanh(Xw @ W.T.copy())                                # (m, d): g(w_jᵀx_i)
    new = T.T @ Xw / len(Xw) - (1.0 - T * T).mean(0)[:, None] * W
    new = _symmetric_decorrelation(new)
    return new, float(np.max(np.abs(np.abs(np.einsum("ij,ij->i", new, W)) - 1.0)))


def _ica_sga_epoch(Xs: FloatArray, W: FloatArray, alpha: float):
    """One pass of the rule W += α((1 − 2g(Wx))xᵀ + (Wᵀ)⁻¹), one example at a time.

    (Wᵀ)⁻¹ is the cofactor matrix over det W; for 2 and 3 sources it is written out in Python
    floats (numpy's per-call cost would dominate), the samples read from one list per column (a list
    per row, n of them alive at once, sets off the garbage collector, whose full passes over all the
    process's objects cost tens of ms a fit at n = 5 000). Returns None if W turns singular.
    """
    d = W.shape[0]
    if d == 2:
        a, b, c, e = W.ravel().tolist()
        for x0, x1 in zip(*Xs.T.tolist(), strict=True):
            det = a * e - b * c
            if det == 0.0 or not isfinite(det):
                return None
            s0 = -tanh(0.5 * (a * x0 + b * x1))   # 1 − 2g(s) = −tanh(s/2)
            s1 = -tanh(0.5 * (c * x0 + e * x1))
            # (Wᵀ)⁻¹ = [[e, −c], [−b, a]] / det
            a, b, c, e = (a + alpha * (s0 * x0 + e / det), b + alpha * (s0 * x1 - c / det),
                          c + alpha * (s1 * x0 - b / det), e + alpha * (s1 * x1 + a / det))
        return np.array([[a, b], [c, e]])
    if d == 3:
        a, b, c, e, f, g, h, i, k = W.ravel().tolist()    # rows (a, b, c), (e, f, g), (h, i, k)
        for x0, x1, x2 in zip(*Xs.T.tolist(), strict=True):
            # the cofactor rows are the cross products of the other two rows
            c00, c01, c02 = f * k - g * i, g * h - e * k, e * i - f * h
            c10, c11, c12 = i * c - k * b, k * a - h * c, h * b - i * a
            c20, c21, c22 = b * g - c * f, c * e - a * g, a * f - b * e
            det = a * c00 + b * c01 + c * c02
            if det == 0.0 or not isfinite(det):
                return None
            s0 = -tanh(0.5 * (a * x0 + b * x1 + c * x2))
            s1 = -tanh(0.5 * (e * x0 + f * x1 + g * x2))
            s2 = -tanh(0.5 * (h * x0 + i * x1 + k * x2))
            a, b, c = (a + alpha * (s0 * x0 + c00 / det), b + alpha * (s0 * x1 + c01 / det),
                       c + alpha * (s0 * x2 + c02 / det))
            e, f, g = (e + alpha * (s1 * x0 + c10 / det), f + alpha * (s1 * x1 + c11 / det),
                       g + alpha * (s1 * x2 + c12 / det))
            h, i, k = (h + alpha * (s2 * x0 + c20 / det), i + alpha * (s2 * x1 + c21 / det),
                       k + alpha * (s2 * x2 + c22 / det))
        return np.array([[a, b, c], [e, f, g], [h, i, k]])
    W = W.copy()
    for x in Xs:
        try:
            inv_T = np.linalg.inv(W).T
        except np.linalg.LinAlgError:
            return None
        W += alpha * (np.outer(-np.tanh(0.5 * (W @ x)), x) + inv_T)
    return W


def _plus_inverse_transpose(w: list, step: list, alpha: float, d: int) -> list | None:
    """A + α(Aᵀ)⁻¹ − S for a 2×2 or 3×3 A, all given by their entries row by row, in Python floats:
    (Aᵀ)⁻¹ = cof(A)/det A, a cofactor row being the cross product of the other two rows of A (numpy's
    inverse costs more than the rest of an ICA step). None if A is singular."""
    if d == 2:
        a, b, c, e = w
        det = a * e - b * c
        if det == 0.0 or not isfinite(det):
            return None
        r, (s0, s1, s2, s3) = alpha / det, step
        return [a + r * e - s0, b - r * c - s1, c - r * b - s2, e + r * a - s3]
    a, b, c, e, f, g, h, i, k = w
    c00, c01, c02 = f * k - g * i, g * h - e * k, e * i - f * h
    c10, c11, c12 = i * c - k * b, k * a - h * c, h * b - i * a
    c20, c21, c22 = b * g - c * f, c * e - a * g, a * f - b * e
    det = a * c00 + b * c01 + c * c02
    if det == 0.0 or not isfinite(det):
        return None
    r, (s0, s1, s2, s3, s4, s5, s6, s7, s8) = alpha / det, step
    return [a + r * c00 - s0, b + r * c01 - s1, c + r * c02 - s2,
            e + r * c10 - s3, f + r * c11 - s4, g + r * c12 - s5,
            h + r * c20 - s6, i + r * c21 - s7, k + r * c22 - s8]


class _MiniBatchEpochs:
    """Epochs of the averaged rule W += α((Wᵀ)⁻¹ − (1/|B|)Σ_{x∈B} tanh(Wx/2)xᵀ) (1 − 2g(s) = −tanh(s/2))
    over the batches of the whitened rows Xw in a given order; the last batch is smaller when the size
    does not divide. Every epoch's rows go into the same buffers, so the batches are views made once.
    The loop updates Wᵀ (the right-hand factor of XWᵀ) by α W⁻¹ − (α/|B|)Σ x tanh(Wx/2)ᵀ, for 2 and 3
    sources in Python floats (:func:`_plus_inverse_transpose`)."""

    def __init__(self, Xw: FloatArray, alpha: float, batch: int):
        m, d = Xw.shape
        self.Xw, self.alpha = Xw, alpha
        self.rows, self.half, self.scaled = np.empty_like(Xw), np.empty_like(Xw), np.empty_like(Xw)
        full, rest = divmod(m, batch)
        cut = full * batch
        self.scales = [(slice(0, cut), alpha / batch)] + ([(slice(cut, m), alpha / rest)] if rest else [])
        self.batches = list(zip(self.half[:cut].reshape(full, batch, d),
                                self.scaled[:cut].reshape(full, batch, d).transpose(0, 2, 1), strict=True))
        if rest:
            self.batches.append((self.half[cut:], self.scaled[cut:].T))

    def epoch(self, order: np.ndarray, W: FloatArray) -> FloatArray | None:
        """W after one pass over the rows in ``order``; None if W turns singular."""
        np.take(self.Xw, order, axis=0, out=self.rows, mode="clip")   # a permutation: nothing to clip
        np.multiply(self.rows, 0.5, out=self.half)
        for part, scale in self.scales:                               # α/|B| on each batch's rows
            np.multiply(self.rows[part], scale, out=self.scaled[part])
        alpha, d = self.alpha, len(W)
        Wt = W.T.copy()
        if d not in (2, 3):
            for half_b, scaled_b_t in self.batches:
                t = half_b.dot(Wt)
                try:
                    Wt = Wt + alpha * np.linalg.inv(Wt.T) - scaled_b_t.dot(np.tanh(t, out=t))
                except np.linalg.LinAlgError:
                    return None
            return Wt.T
        entries, w = Wt.ravel(), Wt.ravel().tolist()
        for half_b, scaled_b_t in self.batches:
            t = half_b.dot(Wt)                                          # Wx/2 for each x in B
            np.tanh(t, out=t)
            w = _plus_inverse_transpose(w, scaled_b_t.dot(t).ravel().tolist(), alpha, d)
            if w is None:
                return None
            entries[:] = w                                              # Wt's own entries
        return Wt.T


def cocktail_party(n_samples: int = 1000, n_sources: int = 3, kind: str = "speech", mixing=None,
                   random_state=None) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Synthetic cocktail party (CS229 M47): returns (X, S, A), microphones X = S Aᵀ.

    ``kind`` chooses the sources (time t ∈ [0, 8], ``n_sources`` of 2 or 3):
      * ``"speech"`` — speech-like bursts: sinusoids under a pulsing envelope (super-Gaussian,
        kurtosis ≈ 4): the sigmoid source model of the notes recovers them;
      * ``"laplace"`` — i.i.d. Laplace samples (super-Gaussian, also recovered);
      * ``"waves"`` — sine, square and sawtooth waves, and ``"uniform"`` — i.i.d. uniform: both
        sub-Gaussian, where the sigmoid density is the wrong model and ICA fails (a teaching case);
      * ``"gaussian"`` — i.i.d. normal: the mixing matrix is unidentifiable (notes §1).
    ``mixing`` is the square A (default a fixed well-conditioned matrix; ``"random"`` draws one).
    """
    if int(n_samples) != n_samples or n_samples < 2:
        raise ValueError(f"n_samples must be a whole number ≥ 2; got {n_samples}.")
    if n_sources not in (2, 3):
        raise ValueError(f"n_sources must be 2 or 3; got {n_sources}.")
    rng = check_random_state(random_state)
    n, c = int(n_samples), int(n_sources)
    t = np.linspace(0, 8, n)
    if kind == "speech":
        freq, env, phase = (5.0, 3.1, 7.3), (0.37, 0.23, 0.51), (0.0, 1.0, 2.0)
        S = np.column_stack([np.maximum(0.0, np.sin(2 * np.pi * env[j] * t + phase[j])) ** 3
                             * np.sin(2 * np.pi * freq[j] * t) for j in range(c)])
    elif kind == "waves":
        S = np.c_[np.sin(2 * t), np.sign(np.sin(3 * t)), 2 * (t % 1.0) - 1][:, :c]
    elif kind == "laplace":
        S = rng.laplace(size=(n, c))
    elif kind == "uniform":
        S = rng.uniform(-1, 1, (n, c))
    elif kind == "gaussian":
        S = rng.standard_normal((n, c))
    else:
        raise ValueError(f"kind must be 'speech', 'laplace', 'waves', 'uniform' or 'gaussian'; "
                         f"got {kind!r}.")
    if mixing is None:
        A = (np.array([[1.0, 0.6], [0.4, 1.0]]) if c == 2 else
             np.array([[1.0, 1.0, 1.0], [0.5, 2.0, 1.0], [1.5, 1.0, 2.0]]))
    elif isinstance(mixing, str) and mixing == "random":
        A = rng.uniform(0.2, 1.0, (c, c)) + np.eye(c)
    else:
        A = np.asarray(mixing, dtype=float)
        if A.shape != (c, c) or not np.all(np.isfinite(A)):
            raise ValueError(f"mixing must be a {c}×{c} matrix of numbers.")
        if abs(np.linalg.det(A)) < 1e-12:
            raise ValueError("The mixing matrix is singular: the sources cannot be recovered.")
    return S @ A.T, S, A


# ----------------------------------------------------------------------------------------------
# curse of dimensionality (Sugiyama §13.0, Fig 13.1)
# ----------------------------------------------------------------------------------------------

def inscribed_ball_volume(d) -> FloatArray:
    """Volume of the ball inscribed in [0, 1]^d: V_d = π^{d/2}(1/2)^d / Γ(d/2 + 1).

    d = 1 → 1, d = 2 → 0.785, d = 3 → 0.524, → 0 as d grows while the cube keeps volume 1.
    """
    d = np.asarray(d, dtype=float)
    if np.any(d < 1) or np.any(d != np.round(d)):
        raise ValueError("The dimension d must be a whole number ≥ 1.")
    return np.exp(0.5 * d * np.log(np.pi) - d * np.log(2.0) - gammaln(d / 2.0 + 1.0))


def samples_for_density(d, per_axis: int = 5) -> FloatArray:
    """Samples needed to keep ``per_axis`` samples per unit length in d dimensions: per_axis^d.

    Sugiyama §13.0: 5 samples on [0, 1] need 5^10 ≈ 10⁷ (exactly 9,765,625) in 10 dimensions.
    Returned as floats (exact up to 2⁵³).
    """
    d = np.asarray(d, dtype=float)
    if np.any(d < 1) or np.any(d != np.round(d)):
        raise ValueError("The dimension d must be a whole number ≥ 1.")
    if int(per_axis) != per_axis or per_axis < 1:
        raise ValueError(f"per_axis must be a whole number ≥ 1; got {per_axis}.")
    return float(per_axis) ** d


@dataclass(frozen=True)
class CurseOfDimensionality:
    """Fig 13.1 as numbers: dimensions, samples needed, inscribed-ball volume."""

    dims: np.ndarray
    samples_needed: FloatArray
    ball_volume: FloatArray


def curse_of_dimensionality(dims=range(1, 21), per_axis: int = 5) -> CurseOfDimensionality:
    """Both panels of Sugiyama Fig 13.1 for the dimensions ``dims``."""
    dims = np.asarray(list(dims), dtype=int)
    return CurseOfDimensionality(_readonly(dims), _readonly(samples_for_density(dims, per_axis)),
                                 _readonly(inscribed_ball_volume(dims)))


def distance_contrast(dims=range(1, 51), n_samples: int = 200, random_state=None) -> FloatArray:
    """(max − min)/min of the distances from the cube's centre to uniform samples in [0, 1]^d.

    Not in the book (a standard companion of §13.0): the contrast shrinks with d, i.e. all
    points become almost equally far — nearest neighbours lose meaning.
    """
    rng = check_random_state(random_state)
    if int(n_samples) != n_samples or n_samples < 2:
        raise ValueError(f"n_samples must be a whole number ≥ 2; got {n_samples}.")
    out = []
    for d in dims:
        if int(d) != d or d < 1:
            raise ValueError("Every dimension must be a whole number ≥ 1.")
        r = np.linalg.norm(rng.random((int(n_samples), int(d))) - 0.5, axis=1)
        out.append((r.max() - r.min()) / max(r.min(), 1e-300))
    return np.array(out)
