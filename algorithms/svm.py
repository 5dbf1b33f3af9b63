"""Support vector machines: the soft-margin dual solved by SMO, and the robust ramp-loss SVM.

Li Hang ch. 7 (Algorithms 7.3–7.5, Theorem 7.6, Examples 7.1/7.2), Sugiyama ch. 8 (soft margin,
KKT relations, kernels, hinge and ramp losses), CS229 Part V (external SMO notes), seed 003 §6.

The dual is written in the max form of Sugiyama §8.2 / CS229,
D(α) = Σ_i α_i − ½ Σ_ij α_i α_j y_i y_j K_ij, subject to Σ_i α_i y_i = 0 and 0 ≤ α_i ≤ C;
Li Hang's (7.37) minimises −D, so his printed dual values are −D.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import solve_pd
from algorithms._base import weighted_gram
from algorithms.linear_classifiers import _binary_targets
from algorithms.linear_classifiers import _check_int
from algorithms.linear_classifiers import _check_labels
from algorithms.linear_classifiers import _design
from algorithms.linear_classifiers import _dot_gram
from algorithms.linear_classifiers import _frozen
from algorithms.linear_classifiers import _gaussian_apply
from algorithms.linear_classifiers import _gaussian_gram
from algorithms.linear_classifiers import ramp_target

__all__ = ["SVC", "SMOStep", "RampSVC", "RampStep", "svc_kernel"]

_KERNELS = ("linear", "poly", "gaussian")


def _check_kernel_params(kernel, sigma, degree, coef0):
    if kernel not in _KERNELS:
        raise ValueError(f"kernel must be one of {_KERNELS}; got {kernel!r}.")
    if kernel == "gaussian":
        check_positive(sigma, "The Gaussian kernel width σ")
    if kernel == "poly":
        _check_int(degree, "The polynomial degree p")
        check_positive(coef0, "The polynomial offset c", allow_zero=True)


def svc_kernel(A, B, kernel: str = "linear", sigma: float = 1.0, degree: int = 3,
               coef0: float = 1.0) -> FloatArray:
    """Kernel matrix K_ij = K(a_i, b_j).

    ``"linear"``: aᵀb; ``"poly"``: (aᵀb + c)^p (Sugiyama §8.4; Li Hang (7.88) has c = 1);
    ``"gaussian"``: exp(−‖a − b‖²/(2σ²)) (Li Hang (7.90), σ not γ = 1/(2σ²)).
    """
    A, B = check_array(A, name="A"), check_array(B, name="B")
    if A.shape[1] != B.shape[1]:
        raise ValueError(f"Both point sets need the same number of features "
                         f"({A.shape[1]} vs {B.shape[1]}).")
    _check_kernel_params(kernel, sigma, degree, coef0)
    if kernel == "gaussian":
        return _gaussian_gram(A, B, sigma)
    return _from_dot(_dot_gram(A, B), kernel, degree, coef0)


def _from_dot(G, kernel, degree, coef0) -> FloatArray:
    """The linear (G itself) or polynomial ((G + c)^p) kernel from the dot products G, which it
    overwrites; the power by repeated products (much faster than np.power; every caller gets the
    same bits)."""
    if kernel == "linear":
        return G
    G += float(coef0)
    P = G.copy()
    for _ in range(int(degree) - 1):
        P *= G
    return P


def _kernel_diag(X, kernel, sigma, degree, coef0) -> FloatArray:
    """K(x_i, x_i) for every row, with the same elementwise operations as :func:`svc_kernel`
    (bit-identical to its diagonal for up to 8 features, where the dot products are summed
    feature by feature)."""
    if kernel == "gaussian":
        return np.ones(len(X))
    if X.shape[1] > 8:
        G = np.einsum("ij,ij->i", X, X)
    else:
        G = X[:, 0] * X[:, 0]
        for k in range(1, X.shape[1]):
            G += X[:, k] * X[:, k]
    return _from_dot(G, kernel, degree, coef0)


def _row_kernel(X, cols, kernel, sigma, degree, coef0):
    """i ↦ K(x_i, X[cols]), a row of :func:`svc_kernel` with the same elementwise operations
    (bit-identical for up to 8 features), the columns and squared norms prepared once."""
    Xc = X[cols]
    if X.shape[1] > 8:
        return lambda i: svc_kernel(X[i:i + 1], Xc, kernel, sigma, degree, coef0)[0]
    columns = [np.ascontiguousarray(Xc[:, k]) for k in range(X.shape[1])]
    norms, norms_c = (X * X).sum(1), (Xc * Xc).sum(1)
    scale = 1.0 / (2.0 * float(sigma) ** 2)

    def row(i):
        G = X[i, 0] * columns[0]
        for k in range(1, len(columns)):
            G += X[i, k] * columns[k]
        if kernel == "gaussian":
            G *= 2.0
            G -= norms[i]
            G -= norms_c
            np.minimum(G, 0.0, out=G)
            G *= scale
            return np.exp(G, out=G)
        return _from_dot(G, kernel, degree, coef0)
    return row


class _KernelRows:
    """Rows K[i, :] of the training kernel matrix for SMO, and the rows 1/√η_ik of the second-order
    choice, within ``cache_size`` MB: the whole K computed once when it fits (with all n rows of
    1/√η), otherwise each row computed on demand and kept in a least-recently-used cache (as
    libsvm's kernel cache). A row is the same numbers either way (up to 8 features).

    ``make_row(cols)`` gives i ↦ K(x_i, X[cols]); :meth:`restrict` limits the rows computed on
    demand to the columns of the samples SMO still considers (shrinking). ``diag`` (K_ii) is set
    by :meth:`use_diag` before the first 1/√η row.
    """

    def __init__(self, X, kernel, cache_size: float, make_row=None):
        n = len(X)
        self.X, self.kernel, self.cache_size = X, kernel, cache_size
        self.make_row = make_row or (lambda cols: lambda i: kernel(X[i:i + 1], X[cols])[0])
        self.capacity = max(2, int(cache_size * 2**20) // (16 * n))   # a row and its 1/η row
        self.K = kernel(X, X) if self.capacity >= n else None
        self._inv_whole = [None] * n if self.K is not None else None    # no LRU when all rows fit
        self.misses = 0
        self.diag = None
        self.restrict(slice(None))

    def use_diag(self, diag):
        self.diag = diag
        self.diag_cols = diag[self.cols]

    def restrict(self, cols):
        """Rows over the columns ``cols`` only from now on (rows computed on demand; the cache restarts)."""
        self.cols = cols
        self.row_kernel = self.make_row(cols)
        self._rows, self._inv_eta = OrderedDict(), OrderedDict()
        m = len(self.X[cols])
        self.capacity = max(2, int(self.cache_size * 2**20) // (16 * m))
        if self.diag is not None:
            self.diag_cols = self.diag[cols]

    def times(self, coef, rows=slice(None)) -> FloatArray:
        """(K @ coef)[rows], over the nonzero coef in row blocks when K is not kept."""
        if self.K is not None:
            return self.K[rows] @ coef
        nz, X = np.flatnonzero(coef), self.X[rows]
        if len(nz) == 0 or len(X) == 0:
            return np.zeros(len(X))
        step = max(1, 2_000_000 // max(len(nz), 1))      # a (step, nnz) block: 16 MB
        return np.concatenate([self.kernel(X[r:r + step], self.X[nz]) @ coef[nz]
                               for r in range(0, len(X), step)])

    def _cached(self, cache, i, compute):
        row = cache.get(i)
        if row is None:
            row = cache[i] = compute(i)
            if len(cache) > self.capacity:
                cache.popitem(last=False)
        else:
            cache.move_to_end(i)
        return row

    def row(self, i) -> FloatArray:
        if self.K is not None:
            return self.K[i]
        return self._cached(self._rows, i, self._compute_row)

    def _compute_row(self, i):
        self.misses += 1
        return self.row_kernel(i)

    def inv_root_eta(self, i) -> FloatArray:
        """1/√η_ik = 1/√(K_ii + K_kk − 2K_ik) for every column k (η floored at 1e-12)."""
        if self._inv_whole is None:
            return self._cached(self._inv_eta, i, self._compute_inv_root_eta)
        row = self._inv_whole[i]
        if row is None:
            row = self._inv_whole[i] = self._compute_inv_root_eta(i)
        return row

    def _compute_inv_root_eta(self, i):
        row = self.diag_cols + self.diag[i]
        row -= self.row(i)
        row -= self.row(i)
        np.maximum(row, 1e-12, out=row)
        np.sqrt(row, out=row)
        return np.reciprocal(row, out=row)


@dataclass(frozen=True)
class SMOStep:
    """One SMO pair update (Li Hang Algorithm 7.5), in the book's notation.

    ``i`` is the first variable (α₁ in the book: the largest KKT violation ``violation`` with the
    current b) and ``j`` the second (α₂, updated by Theorem 7.6). ``gap`` is the largest KKT
    violation independent of b (the maximal-violating-pair gap; SMO stops when it is < tol).
    ``E_i``, ``E_j`` are the errors g(x) − y before the step; ``L``, ``H`` the box for α_j; ``eta``
    = K_ii + K_jj − 2K_ij; ``alpha_j_unclipped`` the optimum on the line (±inf when η ≤ 0) and
    ``alpha_j`` its clipped value; ``alpha_i`` = α_i + y_i y_j (α_j_old − α_j). ``b1``, ``b2`` are
    (7.115)/(7.116) and ``b`` the book's choice (b1 if α_i is free, else b2 if α_j is free, else
    their midpoint). ``dual_objective`` is D(α) after the step. ``rule`` names the second-variable
    rule: ``"book"`` (max |E_i − E_j|) or ``"second_order"`` (max (E_i − E_j)²/η).
    """

    step: int
    i: int
    j: int
    violation: float
    gap: float
    E_i: float
    E_j: float
    L: float
    H: float
    eta: float
    alpha_i_old: float
    alpha_j_old: float
    alpha_j_unclipped: float
    alpha_j: float
    alpha_i: float
    b1: float
    b2: float
    b: float
    dual_objective: float
    rule: str = "second_order"

    def describe(self) -> str:
        """One-paragraph explanation of this step, for a step-through panel."""
        if math.isinf(self.alpha_j_unclipped):
            unc = "moves to a box end (η ≤ 0: the objective is linear or concave on this line)"
        else:
            unc = f"unclipped optimum α_j = {self.alpha_j_unclipped:.6g}"
        clipped = ("" if self.alpha_j == self.alpha_j_unclipped
                   else f", clipped to [{self.L:.6g}, {self.H:.6g}]")
        why = ("|E_i − E_j|" if self.rule == "book"
               else "the gain (E_i − E_j)²/η, the dual increase of an unclipped step,")
        return (f"Step {self.step}: first variable i = {self.i} violates the KKT conditions most "
                f"(by {self.violation:.4g} with the current b; gap {self.gap:.4g}); the second "
                f"variable j = {self.j} maximises {why} with E_i = {self.E_i:.4g}, "
                f"E_j = {self.E_j:.4g}. "
                f"η = {self.eta:.6g}; {unc}{clipped} → α_j = {self.alpha_j:.6g}, "
                f"α_i = {self.alpha_i:.6g}. b1 = {self.b1:.6g}, b2 = {self.b2:.6g}, "
                f"b = {self.b:.6g}; dual objective {self.dual_objective:.6g}.")


class SVC(BaseEstimator):
    """Soft-margin kernel SVM trained by SMO (Li Hang Algorithm 7.5; Sugiyama §8.1–8.4).

    f(x) = Σ_i α_i y_i K(x_i, x) + b, with α maximising the dual D(α). ``C = np.inf`` is the hard
    margin (Li Hang §7.1); on data that are not linearly separable (in feature space) it never
    converges and stops with ``converged_ = False``.

    **SMO as implemented.** α = 0, b = 0, E_i = −y_i. Each step:

    1. *Pair selection (deterministic).* Let F_i = E_i − b. The samples that can still move up
       (α_i < C, y_i = +1 or α_i > 0, y_i = −1) and down (α_i < C, y_i = −1 or α_i > 0, y_i = +1)
       define the maximal violating pair i_up = argmin F over the first set and i_low = argmax F
       over the second (lowest index on ties). The KKT conditions (7.111–7.113) hold within ``tol``
       iff gap = F(i_low) − F(i_up) < ``tol``: then SMO stops. Otherwise the first variable i is
       the one of i_up, i_low that violates (7.111–7.113) most with the current b (the book's
       outer loop; ties → lower index). The second variable j is chosen among the samples that
       can move the opposite way: with ``selection="book"`` it maximises |E_i − E_j| (the book's
       inner loop; it is the other member of the pair); with ``selection="second_order"``
       (default) it maximises (E_i − E_j)²/η, the dual increase of the unclipped step (the
       book's aim of a large change, measured exactly; Fan, Chen & Lin 2005, as in libsvm),
       which needs 2–5× fewer steps. Restricting partners to samples that can move removes the
       book's fallback searches; its preference for non-bound samples in the outer loop is not
       used.
    2. *Pair update.* Theorem 7.6: α_j += y_j(E_i − E_j)/η, clipped to [L, H]; α_i from (7.109).
       η ≤ 0 (repeated points) moves α_j to the box end in the ascent direction.
    3. *b and E.* b follows the book ((7.115)/(7.116), midpoint when both are at a bound); E is
       updated for **all** samples (all active ones with ``shrinking``, below), E_k += y_i Δα_i K_ik
       + y_j Δα_j K_jk + Δb (the seed's (7.117) has y_i for y_j: erratum).

    Each step can only increase D(α) (it maximises D along the feasible segment). After the
    loop, ``b_`` is recomputed from all KKT conditions (Li Hang §7.2.3 advice and the spec's
    erratum): the mean of y_j − Σ_i α_i y_i K_ij over the free support vectors (0 < α_j < C); if
    there are none, the midpoint of the interval ``b_interval_`` allowed by the KKT inequalities.
    The book's per-step b can end outside that interval (e.g. Example 7.1 data with C = 0.1: the
    step gives b = −0.8, the optimal b lies in [−0.4, −0.2]).

    ``history_`` has one :class:`SMOStep` per step (α itself is rebuilt by :meth:`alpha_at`).
    The kernel matrix is computed once for the fit when it fits in ``cache_size`` MB (as
    scikit-learn's parameter); for larger n, rows K[i, :] are computed when SMO needs them and kept
    in a least-recently-used cache of that size (``kernel_rows_computed_`` counts the rows computed,
    0 when K was computed whole). With rows on demand, ``shrinking`` (libsvm's heuristic, as
    scikit-learn's parameter) sets aside the samples at a bound that cannot be chosen for now, so
    steps and rows cover fewer samples; the solution is the same to the tolerance, the steps may
    differ (``shrinking=False``: the same steps as with K whole). ``max_iter`` bounds the steps.

    Fitted attributes: ``alpha_``, ``b_``, ``b_interval_``, ``support_`` (indices with α > 0),
    ``support_vectors_``, ``dual_coef_`` (α_i y_i of the support vectors), ``alpha_category_``
    ("zero": α = 0, m ≥ 1; "free": 0 < α < C, on the margin; "bound": α = C, m ≤ 1; Sugiyama
    Fig 8.8), ``slack_`` ξ_i = max(0, 1 − y_i f(x_i)), ``decision_train_``, ``dual_objective_``,
    ``primal_objective_`` (½‖w‖² + CΣξ; equal at the optimum), ``w_`` and ``margin_width_`` 2/‖w‖
    (linear kernel only),
    ``n_iter_``, ``converged_`` and ``stop_reason_``: "kkt" (KKT within tol), "max_iter",
    "stalled" (no representable progress left) or "unbounded" (hard margin impossible).
    Labels are ±1 internally (``y_signed_``); ``classes_[1]`` is the +1 class.
    """

    def __init__(self, C: float = 1.0, kernel: str = "linear", sigma: float = 1.0,
                 degree: int = 3, coef0: float = 1.0, tol: float = 1e-3,
                 max_iter: int = 100_000, selection: str = "second_order", cache_size: float = 200.0,
                 shrinking: bool = True):
        self._store(locals())

    # -- fitting ---------------------------------------------------------------------------
    def _check_params(self):
        C = float(self.C)
        if math.isnan(C) or C <= 0:
            raise ValueError(f"C must be > 0 (np.inf for the hard margin); got {self.C}.")
        _check_kernel_params(self.kernel, self.sigma, self.degree, self.coef0)
        tol = check_positive(self.tol, "The KKT tolerance ε")
        if self.selection not in ("book", "second_order"):
            raise ValueError(f"selection must be 'book' or 'second_order'; got {self.selection!r}.")
        check_positive(self.cache_size, "cache_size (MB)")
        return C, tol, _check_int(self.max_iter, "max_iter")

    def _kernel(self, A, B):
        return svc_kernel(A, B, self.kernel, self.sigma, self.degree, self.coef0)

    def fit(self, X, y) -> "SVC":
        X, y = _check_labels(X, y)
        C, tol, max_iter = self._check_params()
        self.classes_, t = _binary_targets(y, "An SVM")
        params = self.kernel, self.sigma, self.degree, self.coef0
        rows = _KernelRows(X, self._kernel, float(self.cache_size),
                           lambda cols: _row_kernel(X, cols, *params))
        diag = (np.diag(rows.K).copy() if rows.K is not None
                else _kernel_diag(X, self.kernel, self.sigma, self.degree, self.coef0))
        rows.use_diag(diag)
        shrinking = bool(self.shrinking) and rows.K is None
        alpha, history, self.stop_reason_ = _smo(rows, diag, t, C, tol, max_iter,
                                                 self.selection == "second_order", shrinking)
        self.kernel_rows_computed_ = rows.misses
        self.__dict__.pop("_steps", None)
        # F = K(α∘y) − y exactly, without the loop's round-off (over the support vectors if K is not kept)
        if rows.K is not None:
            F = rows.K @ (alpha * t) - t
        else:
            sv = np.flatnonzero(alpha)
            F = self._apply(X, X[sv], (alpha * t)[sv]) - t
        self.converged_ = self.stop_reason_ == "kkt"
        self.n_iter_ = len(history)
        self._raw_history = history           # tuples of SMOStep's fields; see history_
        self._rule = "second_order" if self.selection == "second_order" else "book"
        self.alpha_ = alpha
        self.X_fit_, self.y_signed_ = X, t
        self.C_ = C
        self._finish(F)
        self.n_features_in_ = X.shape[1]
        return self

    def _finish(self, F):
        """Final b from all KKT conditions, support vectors, objectives."""
        a, t, C = self.alpha_, self.y_signed_, self.C_
        scale = max(1.0, float(a.max(initial=0.0))) if math.isinf(C) else C
        at_zero = a <= 1e-8 * scale
        at_C = (a >= C * (1 - 1e-8)) if math.isfinite(C) else np.zeros_like(at_zero)
        free = ~at_zero & ~at_C
        # KKT: α=0 → y g ≥ 1, α=C → y g ≤ 1, with g = F + y + b; bounds on b = −F ± …
        lower = (at_zero & (t > 0)) | (at_C & (t < 0))
        upper = (at_zero & (t < 0)) | (at_C & (t > 0))
        lo = float(np.max(-F[lower])) if lower.any() else -np.inf
        hi = float(np.min(-F[upper])) if upper.any() else np.inf
        if free.any():
            b = float(np.mean(-F[free]))
        elif math.isfinite(lo) and math.isfinite(hi):
            b = 0.5 * (lo + hi)
        else:
            b = lo if math.isfinite(lo) else hi
        self.b_ = b
        self.b_interval_ = (lo, hi)
        self.support_ = np.flatnonzero(~at_zero)
        self.support_vectors_ = self.X_fit_[self.support_]
        self.dual_coef_ = (a * t)[self.support_]
        cats = np.full(len(a), "zero", dtype=object)
        cats[free] = "free"
        cats[at_C] = "bound"
        self.alpha_category_ = cats
        Ka = F + t                                       # (K (α∘y))_i
        self.decision_train_ = Ka + b
        self.slack_ = np.maximum(0.0, 1.0 - t * self.decision_train_)
        quad = 0.5 * float((a * t) @ Ka)
        self.dual_objective_ = float(a.sum()) - quad
        if math.isinf(C):
            self.primal_objective_ = quad if np.all(self.slack_ <= 1e-9) else np.inf
        else:
            self.primal_objective_ = quad + C * float(self.slack_.sum())
        if self.kernel == "linear":
            self.w_ = (a * t) @ self.X_fit_
            with np.errstate(divide="ignore"):
                self.margin_width_ = 2.0 / np.linalg.norm(self.w_)   # Li Hang §7.1.3: 2/‖w‖

    @property
    def history_(self) -> tuple:
        """One :class:`SMOStep` per step, built from the recorded numbers on first use.

        The loop records plain tuples (cheaper than an object per step); the steps are the same
        numbers, so the step-through is exact.
        """
        steps = self.__dict__.get("_steps")
        if steps is None:
            raw = self.__dict__.get("_raw_history")
            if raw is None:
                raise AttributeError("history_")
            steps = self.__dict__["_steps"] = tuple(_make_step(values, self._rule) for values in raw)
        return steps

    # -- prediction ------------------------------------------------------------------------
    def decision_function(self, X) -> FloatArray:
        """f(x) = Σ_{i ∈ SV} α_i y_i K(x_i, x) + b."""
        X = check_new_data(self, X, "n_features_in_")
        return self._apply(X, self.support_vectors_, self.dual_coef_) + self.b_

    def _apply(self, X, centres, coef) -> FloatArray:
        """Σ_s coef_s K(centre_s, x) for every row x of X."""
        if self.kernel == "linear":
            return X @ (coef @ centres)
        if self.kernel == "gaussian":
            return _gaussian_apply(X, centres, self.sigma, coef)
        out = np.empty(len(X))
        step = max(1, 65_536 // max(len(centres), 1))         # row blocks: no len(X) × len(centres) matrix
        for r in range(0, len(X), step):
            out[r:r + step] = self._kernel(X[r:r + step], centres) @ coef
        return out

    def predict(self, X) -> np.ndarray:
        return self.classes_[(self.decision_function(X) >= 0).astype(int)]

    # -- step-through helpers --------------------------------------------------------------
    def _check_step(self, step: int) -> int:
        check_is_fitted(self, "history_")
        if isinstance(step, bool) or int(step) != step or not 0 <= step <= len(self.history_):
            raise ValueError(f"step must be a whole number between 0 and {len(self.history_)}.")
        return int(step)

    def alpha_at(self, step: int) -> FloatArray:
        """α after ``step`` SMO steps (0 = the start, α = 0), rebuilt from ``history_``."""
        step = self._check_step(step)
        alpha = np.zeros(len(self.alpha_))
        for s in self.history_[:step]:
            alpha[s.i] = s.alpha_i
            alpha[s.j] = s.alpha_j
        return alpha

    def b_at(self, step: int) -> float:
        """The book's b after ``step`` steps (0 at the start)."""
        step = self._check_step(step)
        return self.history_[step - 1].b if step else 0.0

    def decision_function_at(self, X, step: int) -> FloatArray:
        """f(x) with the α and the book's b after ``step`` steps (draws the boundary per step)."""
        alpha = self.alpha_at(step)
        coef = alpha * self.y_signed_
        sv = np.flatnonzero(alpha > 0)
        X = check_array(X)
        if len(sv) == 0:
            return np.full(len(X), self.b_at(step))
        return self._apply(X, self.X_fit_[sv], coef[sv]) + self.b_at(step)

    def states_at(self, X, steps) -> tuple[FloatArray, FloatArray]:
        """α and f(x) on the rows of X after each of ``steps`` SMO steps, in one replay of ``history_``.

        Row k of both arrays belongs to ``steps[k]`` (any order): α as :meth:`alpha_at` and
        f(x) = Σ_i α_i y_i K(x_i, x) + b with the book's b (:meth:`b_at`; Li Hang (7.94), Algorithm 7.5).
        The kernel matrix K(X, x_i) is computed once for all steps (the frames of a step-through).
        """
        steps = [self._check_step(s) for s in steps]
        K = self._kernel(check_array(X), self.X_fit_)
        alphas = np.empty((len(steps), len(self.alpha_)))
        values = np.empty((len(steps), len(K)))
        alpha, done = np.zeros(len(self.alpha_)), 0
        for row in np.argsort(steps, kind="stable"):
            for s in self.history_[done:steps[row]]:
                alpha[s.i], alpha[s.j] = s.alpha_i, s.alpha_j
            done = steps[row]
            alphas[row] = alpha
            values[row] = K @ (alpha * self.y_signed_) + self.b_at(steps[row])
        return alphas, values

    def step_values(self, field: str) -> FloatArray:
        """One number of every SMO step (a field of :class:`SMOStep`, e.g. ``"dual_objective"``)."""
        check_is_fitted(self, "alpha_")
        if field not in _STEP_FIELDS:
            raise ValueError(f"field must be one of {_STEP_FIELDS}; got {field!r}.")
        k = _STEP_FIELDS.index(field)
        return np.array([values[k] for values in self._raw_history], dtype=float)

    def kkt_violations(self) -> FloatArray:
        """Per-sample violation of (7.111–7.113) with the final b_ (0 where satisfied)."""
        check_is_fitted(self, "alpha_")
        r = self.y_signed_ * self.decision_train_ - 1.0
        cat = self.alpha_category_
        return np.where(cat == "zero", np.maximum(0.0, -r),
                        np.where(cat == "bound", np.maximum(0.0, r), np.abs(r)))


_STEP_FIELDS = tuple(f for f in SMOStep.__dataclass_fields__ if f != "rule")


def _make_step(values, rule: str) -> SMOStep:
    """An SMOStep from a recorded tuple, without the frozen dataclass's per-field __setattr__."""
    step = object.__new__(SMOStep)
    step.__dict__.update(zip(_STEP_FIELDS, values, strict=True))
    step.__dict__["rule"] = rule
    return step


def _smo(rows, diag_arr, t, C, tol, max_iter, second_order=True, shrinking=False):
    """The SMO loop; returns α, the steps and the stop reason.

    ``rows`` gives K[i, :] (``rows.row(i)``) and 1/√η_i· (``rows.inv_root_eta(i)``), ``diag_arr`` K_ii.
    With ``shrinking`` (libsvm's heuristic; Chang & Lin 2011 §5.1), every min(n, 1000) steps the
    samples at a bound whose F lies beyond the current extremes (they can be neither i nor j now)
    leave the active set, and the steps work on the others (kernel rows over their columns only);
    F of the samples set aside is brought up to date once when the gap first falls below 10·tol
    and whenever the active set satisfies the KKT conditions, and SMO goes on with all samples
    until they all do. F = K(α∘y) − y is linear in α: the F a sample had when it was set aside
    plus K(Δα∘y) over the α that moved since (far fewer kernel values than K(α∘y) over all
    support vectors, as libsvm's gradient reconstruction from its Ḡ).
    """
    n = len(t)
    a = [0.0] * n
    diag = diag_arr.tolist()
    F = -t                                 # F = E − b = K(α∘y) − y at α = 0
    active = np.arange(n)
    every = min(n, 1000) if shrinking else max_iter
    b, dual, step, exact_once = 0.0, 0.0, 0, not shrinking
    history, aside = [], []                # aside: (samples set aside at one shrink, α then)
    while True:
        steps = range(step + 1, min(step + every, max_iter) + 1)
        reason, step, b, dual, F[active], gap = _smo_steps(
            rows, active, a, t, diag, F[active], C, tol, steps, b, dual, history, second_order)
        if reason == "steps" and step == max_iter:
            reason = "max_iter"
        if reason not in ("kkt", "steps") or (reason == "kkt" and len(active) == n):
            return np.array(a), history, reason
        alpha = np.array(a)
        if reason == "kkt" or (not exact_once and gap <= 10 * tol):
            for samples, alpha_then in aside:
                F[samples] += rows.times((alpha - alpha_then) * t, samples)
            aside = []
            active = np.arange(n)
            exact_once = True
        if reason == "steps":              # shrink: drop the samples at a bound beyond the extremes
            up = np.where(t > 0, alpha < C, alpha > 0)[active]
            low = np.where(t > 0, alpha > 0, alpha < C)[active]
            Fa = F[active]
            F_up, F_low = Fa[up].min(initial=math.inf), Fa[low].max(initial=-math.inf)
            stays = ~((up & ~low & (Fa > F_low)) | (low & ~up & (Fa < F_up)))
            aside.append((active[~stays], alpha))
            active = active[stays]
        rows.restrict(active)


def _smo_steps(rows, active, a, t, diag, F, C, tol, steps, b, dual, history, second_order):
    """SMO steps over the samples ``active`` (global indices; ``F`` theirs) for the step numbers
    ``steps``; returns the stop reason ("steps" when they ran out), the last step, b, the dual, F
    and the last gap. α (``a``) and ``history`` are updated in place.

    F_k = E_k − b is kept in two copies: ``Fu`` (+inf for samples that cannot move up) and ``Fl``
    (−inf for samples that cannot move down); every sample is in at least one of the two sets.
    """
    m = len(active)
    row = rows.K.__getitem__ if rows.K is not None else rows.row      # no method call when K is whole
    inf = math.inf
    alpha, t = np.array(a)[active], t[active]
    up, low = np.where(t > 0, alpha < C, alpha > 0), np.where(t > 0, alpha > 0, alpha < C)
    y, active = t.tolist(), active.tolist()
    Fu, Fl = np.where(up, F, inf), np.where(low, F, -inf)
    finite_C = math.isfinite(C)
    multiply, subtract = np.multiply, np.subtract
    gain, delta, other = np.empty(m), np.empty(m), np.empty(m)     # work buffers: no allocation per step
    reason, step, gap = "steps", steps.start - 1, math.inf
    for step in steps:
        i_up = int(Fu.argmin())
        F_up = float(Fu[i_up])
        i_low = int(Fl.argmax())
        F_low = float(Fl[i_low])
        gap = F_low - F_up
        if not gap >= tol:                 # also catches an empty set (gap = −inf)
            reason = "kkt"
            break
        v_up, v_low = -b - F_up, F_low + b    # book violations with the current b
        first_up = v_up > v_low or (v_up == v_low and i_up < i_low)
        if first_up:
            i, j, viol, Fi, Fj = i_up, i_low, v_up, F_up, F_low
        else:
            i, j, viol, Fi, Fj = i_low, i_up, v_low, F_low, F_up
        if second_order:                   # j maximises (E_i − E_j)²/η among the partners:
            if first_up:                   # the largest (F_j − F_i)/√η, positive for i_low / i_up
                subtract(Fl, F_up, out=gain)
            else:
                subtract(F_low, Fu, out=gain)
            multiply(gain, rows.inv_root_eta(active[i]), out=gain)
            j = int(gain.argmax())
            Fj = float(Fl[j] if first_up else Fu[j])
        gi, gj = active[i], active[j]
        yi, yj = y[i], y[j]
        ai, aj = a[gi], a[gj]
        Ki, Kj = row(gi), row(gj)
        Kii, Kjj, Kij = diag[gi], diag[gj], float(Ki[j])
        if yi != yj:
            L, H = max(0.0, aj - ai), min(C, C + aj - ai)
        else:
            L, H = max(0.0, ai + aj - C), min(C, ai + aj)
        eta = Kii + Kjj - 2.0 * Kij
        push = yj * (Fi - Fj)              # = y_j (E_i − E_j)
        if eta > 1e-12:
            aj_unc = aj + push / eta
        else:
            aj_unc = inf if push > 0 else -inf
        aj_new = min(max(aj_unc, L), H)
        if not math.isfinite(aj_new):
            reason = "unbounded"
            break
        tiny = 1e-12 * (C if finite_C else max(1.0, aj_new, ai))
        if aj_new < tiny:
            aj_new = 0.0
        elif finite_C and aj_new > C - tiny:
            aj_new = C
        ai_new = ai + yi * yj * (aj - aj_new)
        if ai_new < tiny:
            ai_new = 0.0
        elif finite_C and ai_new > C - tiny:
            ai_new = C
        dai, daj = ai_new - ai, aj_new - aj
        if dai == 0.0 and daj == 0.0:
            reason = "stalled"
            break
        Ei, Ej = Fi + b, Fj + b
        b1 = -Ei - yi * Kii * dai - yj * Kij * daj + b
        b2 = -Ej - yi * Kij * dai - yj * Kjj * daj + b
        if 0.0 < ai_new < C:
            b = b1
        elif 0.0 < aj_new < C:
            b = b2
        else:
            b = 0.5 * (b1 + b2)
        dual += (-yi * Fi * dai - yj * Fj * daj
                 - 0.5 * (Kii * dai * dai + 2.0 * yi * yj * Kij * dai * daj + Kjj * daj * daj))
        multiply(Ki, yi * dai, out=delta)  # two products, not y_i Δα_i (K_i − K_j): the book rule's
        multiply(Kj, yj * daj, out=other)  # ties are that sensitive to round-off
        delta += other
        Fu += delta
        Fl += delta
        a[gi], a[gj] = ai_new, aj_new
        Fi, Fj = Fi + float(delta[i]), Fj + float(delta[j])
        Fu[i] = Fi if (ai_new < C if yi > 0 else ai_new > 0.0) else inf       # the sets of i and j
        Fl[i] = Fi if (ai_new > 0.0 if yi > 0 else ai_new < C) else -inf
        Fu[j] = Fj if (aj_new < C if yj > 0 else aj_new > 0.0) else inf
        Fl[j] = Fj if (aj_new > 0.0 if yj > 0 else aj_new < C) else -inf
        history.append((step, gi, gj, viol, gap, Ei, Ej, L, H, eta, ai, aj, aj_unc, aj_new, ai_new, b1,
                        b2, b, dual))
    return reason, step, b, dual, np.where(np.isfinite(Fu), Fu, Fl), gap


# ---------------------------------------------------------------------------------------------
# Ramp-loss SVM

@dataclass(frozen=True)
class RampStep:
    """One IRLS iteration of the ramp-loss classifier (Sugiyama Fig 8.18).

    ``margins`` m_i = y_i θᵀφ(x_i) and the targets ``targets`` v_i = m_i + min{1, max(0, 1 − m_i)}
    and ``weights`` w_i = 1 if |v_i − m_i| ≤ η else η/|v_i − m_i|, all computed from the previous
    θ; ``theta`` is the solution of the weighted problem; ``ramp_loss`` = Σ_i ramp(m_i) at the new θ.
    """

    step: int
    theta: FloatArray
    margins: FloatArray
    targets: FloatArray
    weights: FloatArray
    ramp_loss: float


class RampSVC(BaseEstimator):
    """Robust classification with the ramp loss min{1, max(0, 1 − m)} (Sugiyama §8.6, Fig 8.18).

    The ramp loss equals |v − m| with v = m + min{1, max(0, 1 − m)}; it is minimised as ℓ1
    regression of the margins onto v, approximated by Huber IRLS with a small η and ℓ2
    regularisation: θ ← (ΦᵀWΦ + λI)⁻¹ΦᵀWVy with V = diag(v) and W = diag(w) from the previous
    θ. Starts from θ = 0 (the book's demo; the first step then gives every w_i = η) and stops
    when ‖Δθ‖ < tol or after ``max_iter`` iterations. Book demo (Fig 8.20): linear model with
    intercept, λ = η = 0.01, tol = 0.001, at most 1000 iterations (the printed ``1*eye(3)`` is
    ``l*eye(3)``). Every θ_j, the intercept included, is penalised, as in the book. The loss is
    not convex: the result is a local optimum that depends on the start.

    ``basis``: φ (default x̂ = (1, x); a GaussianBasis gives a kernel ramp classifier).
    ``history_`` has one :class:`RampStep` per iteration.
    """

    def __init__(self, lam: float = 0.01, eta: float = 0.01, tol: float = 1e-3,
                 max_iter: int = 1000, basis=None):
        self._store(locals())

    def fit(self, X, y) -> "RampSVC":
        X, y = _check_labels(X, y)
        lam = check_positive(self.lam, "λ", allow_zero=True)
        eta = check_positive(self.eta, "η")
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        max_iter = _check_int(self.max_iter, "max_iter")
        self.classes_, t = _binary_targets(y, "The ramp-loss classifier")
        self.basis_, Phi = _design(self.basis, X)
        theta = np.zeros(Phi.shape[1])
        history = []
        self.converged_ = False
        for step in range(1, max_iter + 1):
            m = (Phi @ theta) * t
            v = ramp_target(m)
            gap = np.abs(v - m)
            w = np.where(gap > eta, eta / np.where(gap > eta, gap, 1.0), 1.0)
            A = weighted_gram(Phi, w)
            A.flat[::A.shape[0] + 1] += lam
            new = solve_pd(A, Phi.T @ (w * v * t))
            new_m = (Phi @ new) * t
            loss = float(np.sum(np.minimum(1.0, np.maximum(0.0, 1.0 - new_m))))
            history.append(RampStep(step, _frozen(new), _frozen(m), _frozen(v), _frozen(w), loss))
            done = np.linalg.norm(new - theta) < tol
            theta = new
            if done:
                self.converged_ = True
                break
        self.theta_ = theta
        self.n_iter_ = len(history)
        self.history_ = tuple(history)
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> FloatArray:
        check_is_fitted(self, "theta_")
        return self.basis_.transform(X) @ self.theta_

    def predict(self, X) -> np.ndarray:
        return self.classes_[(self.decision_function(X) >= 0).astype(int)]
