"""Sparse learning and feature selection.

Sugiyama ch. 5: ℓ1-constrained least squares (lasso, §5.1–5.2, (5.1)), its iteratively reweighted ℓ2
solver (Fig 5.6), soft-thresholded SGD (§5.2 end), feature selection (§5.3), ℓp (§5.4) and ℓ1 + ℓ2
(elastic net, §5.5) penalties; seed 004 §2.8 (ℓ2,1 row-sparse selection for several outputs); CS229
Part VII §2 (wrapper search, mutual-information filter).

Every penalty has the book's scaling: J(θ) = ½‖Φθ − y‖² + λ·R(θ), e.g. R = ‖θ‖₁ (5.1). ``fit(X, y)`` on raw
inputs uses the linear model φ(x) = (1, x) with an unpenalised intercept (solved by centring); with
``basis=`` (``algorithms.basis``) every θ_j is penalised, as in the book's kernel demos.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.linalg.lapack import dgesv
from scipy.optimize import minimize

from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import geometric_steps
from algorithms.basis import BasisModel
from algorithms.linear_regression import LinearRegression
from algorithms.linear_regression import ridge_path
from algorithms.model_selection import cross_validate
from algorithms.model_selection import fold_ids

__all__ = [
    "Lasso",
    "ElasticNet",
    "LpRegression",
    "GroupLasso",
    "SparseStep",
    "SelectionStep",
    "SOLVERS",
    "soft_threshold",
    "lp_norm",
    "l21_norm",
    "penalised_objective",
    "regularisation_path",
    "ball_boundary",
    "ball_norm",
    "quadratic_grid",
    "constrained_optimum",
    "forward_selection",
    "backward_elimination",
    "mutual_information",
    "mutual_information_ranking",
    "relevant_features_data",
]

SOLVERS = ("cd", "irls", "ista", "sgd")
N_SNAPSHOTS = 120  # at most this many θ snapshots in history_ (objectives are kept for every step)
VANISHED = 1e-18  # IRLS: |θ_j| below this share of max|θ| no longer changes the others (below rounding)
SET_ASIDE_FROM = 100  # IRLS sets vanished rows aside from this many rows (below, the whole LU is cheaper)


# --------------------------------------------------------------------------------------------------
# Norms and objectives
# --------------------------------------------------------------------------------------------------

def soft_threshold(u, tau: float):
    """S_τ(u) = sign(u)·max(|u| − τ, 0), the proximal step of τ|u| (Sugiyama §5.2 end; seed 004 §2.8)."""
    u = np.asarray(u, dtype=float)
    return np.sign(u) * np.maximum(np.abs(u) - tau, 0.0)


def lp_norm(v, p: float) -> float:
    """‖v‖_p = (Σ|v_j|^p)^(1/p); p = 0 counts the non-zeros and p = inf is max|v_j| (Sugiyama §5.4).

    For 0 < p < 1 the formula is only a quasi-norm (its ball is not convex, Fig 5.9)."""
    v = np.abs(np.asarray(v, dtype=float).ravel())
    if p == 0:
        return float(np.count_nonzero(v))
    if p == np.inf:
        return float(v.max(initial=0.0))
    if not p > 0:
        raise ValueError(f"The exponent p must be ≥ 0 (or inf); got {p}.")
    return float((v**p).sum() ** (1.0 / p))


def l21_norm(W) -> float:
    """‖W‖₂,₁ = Σ_i ‖w^i‖₂, the sum of the row norms: row sparsity (seed 004 §2.8)."""
    W = np.asarray(W, dtype=float)
    return float(np.sqrt((W * W).sum(axis=1)).sum())


def _penalty(theta, lam: float, tau: float = 0.0, p: float = 1.0, group: bool = False) -> float:
    """λ·R(θ): R = (1 − τ)‖θ‖₁ + τ‖θ‖² (elastic net, §5.5), Σ|θ_j|^p (ℓp, §5.4) or ‖W‖₂,₁ (group)."""
    theta = np.asarray(theta, dtype=float)
    if group:
        return lam * l21_norm(theta.reshape(len(theta), -1))
    if p != 1.0:
        return lam * float((np.abs(theta) ** p).sum())
    return lam * ((1.0 - tau) * float(np.abs(theta).sum()) + tau * float((theta * theta).sum()))


def penalised_objective(Phi, y, theta, lam: float, tau: float = 0.0, p: float = 1.0, penalised=None) -> float:
    """J(θ) = ½‖Φθ − y‖² + λ·R(θ) (Sugiyama (5.1), §5.4–5.5); ``penalised`` masks an unpenalised intercept."""
    Phi, theta = np.asarray(Phi, float), np.asarray(theta, float)
    r = Phi @ theta - np.asarray(y, float)
    mask = np.ones(len(theta), bool) if penalised is None else np.asarray(penalised, bool)
    return 0.5 * float((r * r).sum()) + _penalty(theta[mask], lam, tau, p, group=theta.ndim == 2)


# --------------------------------------------------------------------------------------------------
# Solvers on the centred problem ½‖Φθ − y‖² + λ1 Σ‖θ_j‖ + λ2 ‖θ‖² (θ_j a coefficient or a row)
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SparseStep:
    """One recorded iteration of a sparse solver: its number, θ then (None between snapshots), J(θ)."""

    step: int
    theta: FloatArray | None
    objective: float


class _Recorder:
    """Keeps J at every step and θ at a bounded, geometrically spaced set of steps.

    With ``objectives`` (J of a stack of θ, one per leading index) ``add`` only keeps θ and J is
    computed for every step at once in ``close``: one matrix product instead of one per step.
    """

    def __init__(self, max_iter: int, objective, objectives=None):
        self.objective = objective
        self.objectives = objectives
        self.keep = geometric_steps(max_iter, N_SNAPSHOTS)
        self.steps: list[SparseStep] = []
        self.pending: list[tuple] = []      # (step, snapshot or None, θ) while J waits for close

    def add(self, step: int, theta: FloatArray, final: bool = False) -> float | None:
        snap = None
        if step == 0 or step in self.keep or final:
            snap = theta.copy()
            snap.setflags(write=False)
        if self.objectives is not None:
            self.pending.append((step, snap, theta.copy() if snap is None else snap))
            return None
        value = self.objective(theta)
        self.steps.append(SparseStep(step, snap, value))
        return value

    def close(self, theta: FloatArray) -> tuple[SparseStep, ...]:
        if self.pending:
            thetas = np.array([p[2] for p in self.pending])
            values = np.concatenate([self.objectives(thetas[i:i + 256]) for i in range(0, len(thetas), 256)])
            self.steps = [SparseStep(step, snap, value)
                          for (step, snap, _), value in zip(self.pending, values.tolist(), strict=True)]
        last = self.steps[-1]
        if last.theta is None:
            frozen = theta.copy()
            frozen.setflags(write=False)
            self.steps[-1] = SparseStep(last.step, frozen, last.objective)
        return tuple(self.steps)


def _squared_losses(A, B, G, C, Ws) -> FloatArray:
    """½‖AW − B‖²_F for every W of the stack Ws (k, d, m), from G = AᵀA and C = AᵀB as
    ½(tr WᵀGW − 2 tr CᵀW + ‖B‖²): O(d²m) per W instead of O(ndm). Where that difference cancels
    (loss < 10⁻⁴‖B‖², digits lost) the loss is recomputed from the residual AW − B."""
    B = _as_rows(B)
    total = float((B * B).sum())
    loss = 0.5 * (((G @ Ws) * Ws).sum((1, 2)) - 2.0 * (_as_rows(C) * Ws).sum((1, 2)) + total)
    for i in np.flatnonzero(loss < 1e-4 * total):
        R = A @ Ws[i] - B
        loss[i] = 0.5 * float((R * R).sum())
    return loss


def _as_rows(theta: FloatArray) -> FloatArray:
    return theta if theta.ndim == 2 else theta[:, None]


def _group_shrink(u: FloatArray, tau: float) -> FloatArray:
    """Rows of u shrunk by τ in ℓ2 norm: the proximal step of τ‖w^i‖₂ (a soft threshold for one column)."""
    norms = np.sqrt((u * u).sum(axis=1, keepdims=True))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(norms > tau, u * (1.0 - tau / np.where(norms > 0, norms, 1.0)), 0.0)


def _coordinate_descent(G, C, l1, l2, theta, tol, max_iter, record):
    """Cyclic (block) coordinate descent: θ_j ← S_λ1(c_j − Σ_{k≠j} G_jk θ_k)/(G_jj + 2λ2), exact zeros."""
    if theta.ndim == 1:
        return _coordinate_descent_1d(G, C, l1, l2, theta, tol, max_iter, record)
    W = _as_rows(theta.copy())
    Cm = _as_rows(C)
    grad_part = G @ W  # G W, kept up to date
    diag = np.diag(G)
    for sweep in range(1, max_iter + 1):
        biggest = 0.0
        scale = max(float(np.abs(W).max(initial=0.0)), 1.0)
        for j in range(len(W)):
            old = W[j]
            rho = Cm[j] - grad_part[j] + diag[j] * old
            norm = float(np.sqrt(rho @ rho))
            if norm <= l1 and not old.any():          # a zero row that stays zero (most rows)
                continue
            new = 0.0 * rho
            if norm > 0 and diag[j] > 0:
                new = rho * max(0.0, 1.0 - l1 / norm) / (diag[j] + 2.0 * l2)
            delta = new - old
            if delta.any():
                grad_part += G[:, j, None] * delta
                W[j] = new
                biggest = max(biggest, float(np.abs(delta).max()))
        exact = _support_solution(G, C, l1, l2, W[:, 0]) if W.shape[1] == 1 and sweep % 5 == 0 else None
        if exact is not None:
            W = exact[:, None]
            biggest = 0.0
        record.add(sweep, W.reshape(theta.shape))
        if biggest <= tol * scale:
            break
    return W.reshape(theta.shape)


def _coordinate_descent_1d(G, c, l1, l2, theta, tol, max_iter, record):
    """The single-output case of ``_coordinate_descent`` on Python floats (the same updates, faster)."""
    values = theta.tolist()
    grad = G @ theta
    diag = np.diag(G).tolist()
    denominators = [g + 2.0 * l2 for g in diag]
    columns = [np.ascontiguousarray(G[:, j]) for j in range(len(theta))]
    rows = list(zip(range(len(values)), c.tolist(), diag, denominators, columns, strict=True))
    for sweep in range(1, max_iter + 1):
        biggest = 0.0
        scale = max(max(map(abs, values), default=0.0), 1.0)
        for j, c_j, g_jj, denominator, column in rows:
            old = values[j]
            rho = c_j - grad.item(j) + g_jj * old
            new = 0.0
            if g_jj > 0 and abs(rho) > l1:
                new = (rho - l1 if rho > 0 else rho + l1) / denominator
            if new != old:
                grad += column * (new - old)
                values[j] = new
                biggest = max(biggest, abs(new - old))
        theta = np.array(values)
        exact = _support_solution(G, c, l1, l2, theta) if sweep % 5 == 0 else None
        if exact is not None:
            theta, values, biggest = exact, exact.tolist(), 0.0
        record.add(sweep, theta)
        if biggest <= tol * scale:
            break
    return theta


def _support_solution(G, c, l1, l2, theta):
    """The exact optimum once coordinate descent has found the support S and the signs s: the optimality
    conditions there are linear, (G_SS + 2λ2 I)θ_S = c_S − λ1 s_S. Returned only when it satisfies every
    condition (signs kept, |c_j − G_j θ| ≤ λ1 off S), else None, and descent continues."""
    size = np.abs(theta)
    tried = None
    for cut in (0.0, 1e-6, 1e-4, 1e-2):  # small coefficients may still be on their way to 0
        support = size > cut * size.max(initial=0.0)
        if not support.any():
            return None
        if tried is not None and np.array_equal(support, tried):
            continue  # the same support as the last cut: the same answer
        tried = support
        signs = np.sign(theta[support])
        try:
            inside = np.linalg.solve(G[np.ix_(support, support)] + 2 * l2 * np.eye(int(support.sum())),
                                     c[support] - l1 * signs)
        except np.linalg.LinAlgError:
            continue
        if np.any(np.sign(inside) != signs):
            continue
        exact = np.zeros_like(theta)
        exact[support] = inside
        if np.all(np.abs(c[~support] - G[~support] @ exact) <= l1 * (1 + 1e-9)):
            return exact
    return None


def _irls(G, C, l1, l2, theta, tol, max_iter, record):
    """The book's iteratively reweighted ℓ2 step (Sugiyama Fig 5.6 with the erratum Θ† for Θ), in the
    rescaled form θ = Θ^½(Θ^½ G Θ^½ + λ1 I + 2λ2 Θ)⁻¹Θ^½ c that needs no inverse of |θ| (spec A5.1
    pitfall); for rows, Θ = diag(‖w^i‖) (Nie et al.'s ℓ2,1 reweighting, seed 004 §2.8).

    A θ_j below VANISHED·max|θ| couples to the rest of the system below rounding, so (λ1 > 0, at least
    SET_ASIDE_FROM rows) the step solves only for the others and gives it θ_j ← |θ_j|(c_j − G_j θ)/
    (λ1 + 2λ2|θ_j|), its own row of the same system: the same iterates to rounding, at the cost of the
    support's size."""
    W = _as_rows(theta.copy())
    Cm = _as_rows(C)
    parts = None  # the vanished rows, the others, and G's blocks for them, while that split lasts
    set_aside = l1 > 0 and len(W) >= SET_ASIDE_FROM
    for it in range(1, max_iter + 1):
        size = np.sqrt((W * W).sum(axis=1))
        vanished = size < VANISHED * size.max(initial=0.0) if set_aside else None
        if set_aside and vanished.any():
            if parts is None or not np.array_equal(parts[0], vanished):
                keep, lost = np.flatnonzero(~vanished), np.flatnonzero(vanished)
                parts = vanished, keep, lost, G[np.ix_(keep, keep)], G[np.ix_(lost, keep)]
            _, keep, lost, G_keep, G_lost = parts
            new = np.empty_like(W)
            new[keep] = _reweighted_solve(G_keep, Cm[keep], size[keep], l1, l2)
            new[lost] = (size[lost] / (l1 + 2.0 * l2 * size[lost]))[:, None] * (Cm[lost] - G_lost @ new[keep])
        else:
            new = _reweighted_solve(G, Cm, size, l1, l2)
        change = float(np.sqrt(((new - W) ** 2).sum()))
        W = new
        record.add(it, W.reshape(theta.shape))
        if change < tol * max(1.0, float(np.sqrt((W * W).sum()))):
            break
    return W.reshape(theta.shape)


def _reweighted_solve(G, C, size, l1, l2):
    """θ = Θ^½(Θ^½ G Θ^½ + λ1 I + 2λ2 Θ)⁻¹Θ^½ c, Θ = diag(size): one step of ``_irls``."""
    d = np.sqrt(size)[:, None]
    A = d * G * d.T
    diagonal = A.reshape(-1)[::len(A) + 1]  # a view: + λ1 I (+ 2λ2 Θ) added in place
    diagonal += l1
    if l2:
        diagonal += 2.0 * l2 * size
    lu, piv, x, info = dgesv(A, d * C)          # LAPACK's LU solve, as np.linalg.solve
    if info:
        raise np.linalg.LinAlgError("Singular matrix in the reweighted ℓ2 step.")
    return d * x


def _ista(G, C, l1, l2, theta, tol, max_iter, record):
    """Proximal gradient (ISTA): θ ← S_{λ1/L}(θ − (Gθ − c)/L)/(1 + 2λ2/L), L = the largest eigenvalue of G."""
    W = _as_rows(theta.copy())
    Cm = _as_rows(C)
    L = max(float(np.linalg.eigvalsh(G)[-1]), 1e-12)
    for it in range(1, max_iter + 1):
        new = _group_shrink(W - (G @ W - Cm) / L, l1 / L) / (1.0 + 2.0 * l2 / L)
        change = float(np.abs(new - W).max())
        W = new
        record.add(it, W.reshape(theta.shape))
        if change <= tol * max(1.0, float(np.abs(W).max())):
            break
    return W.reshape(theta.shape)


def _sparse_sgd(Phi, y, l1, l2, theta, eta, max_iter, rng, record):
    """Soft-thresholded SGD (Sugiyama §5.2 end): a gradient step on one sample, then every θ_j moves
    λε towards 0 and stops there. J sums n samples, so one step carries 1/n of the penalty: the
    threshold is λ1·ε_t/n (the book's λε is for the per-sample loss). ε_t = ε/√(1 + t/n) decays so the
    iterate settles at the optimum; ``max_iter`` counts epochs (passes over a random order)."""
    n = len(y)
    theta = theta.copy()
    rows, targets = list(Phi), y.tolist()
    for epoch in range(1, max_iter + 1):
        steps = (eta / np.sqrt(1.0 + (epoch - 1) + np.arange(n) / n)).tolist()  # ε_t of the epoch's steps
        for step, i in zip(steps, rng.permutation(n).tolist(), strict=True):
            row = rows[i]
            if l2:
                theta -= step * (row @ theta - targets[i]) * row + step * 2.0 * l2 / n * theta
            else:
                theta -= step * (row @ theta - targets[i]) * row
            theta = np.sign(theta) * np.maximum(np.abs(theta) - l1 * step / n, 0.0)  # soft_threshold
        value = record.add(epoch, theta)
        if not np.isfinite(value) or value > 1e6 * (record.steps[0].objective + 1.0):
            raise ValueError(f"SGD diverged at the learning rate ε = {eta:g}: lower ε.")
    return theta


# --------------------------------------------------------------------------------------------------
# Estimators
# --------------------------------------------------------------------------------------------------

class _PenalisedRegressor(BasisModel):
    """Fits θ for f_θ(x) = θᵀφ(x) under J(θ) = ½‖Φθ − y‖² + λ·R(θ); subclasses give ``_solve``."""

    def _design(self, X, y):
        X, y = check_X_y(X, y)
        self.basis_ = self._fit_basis(X)
        Phi = self.basis_.transform(X)
        penalised = np.ones(Phi.shape[1], bool)
        penalised[0] = self.basis is not None  # raw inputs: the intercept θ₀ is not penalised
        return Phi, y, penalised

    def _common_checks(self, Phi, y, penalised):
        lam = check_positive(self.lam, "λ", allow_zero=True)
        if float(np.ptp(y)) == 0.0:
            raise ValueError("All target values are equal: there is nothing to fit (every θ_j would be 0). "
                             "Use data whose y varies.")
        if lam == 0 and Phi[:, penalised].shape[1] > len(y) - (not penalised.all()):
            raise ValueError(f"λ = 0 with more basis functions ({Phi.shape[1]}) than samples ({len(y)}): the "
                             "least-squares solution is not unique. Choose λ > 0 or fewer features.")
        if int(self.max_iter) != self.max_iter or self.max_iter < 1:
            raise ValueError(f"max_iter must be a whole number ≥ 1; got {self.max_iter}.")
        return lam


def _centred(Phi, Y, penalised):
    """Drop an unpenalised intercept column by centring Φ and y (its optimum is ȳ − x̄ᵀθ afterwards)."""
    if penalised.all():
        return Phi, Y, None
    keep = Phi[:, penalised]
    means, y_mean = keep.mean(axis=0), Y.mean(axis=0)
    return keep - means, Y - y_mean, (means, y_mean)


def _restore(theta, shift, penalised):
    if shift is None:
        return theta
    means, y_mean = shift
    full = np.zeros((len(penalised),) + theta.shape[1:])
    full[penalised] = theta
    full[~penalised] = y_mean - means @ theta
    return full


class ElasticNet(_PenalisedRegressor):
    """ℓ1 + ℓ2-constrained least squares: J(θ) = ½‖Φθ − y‖² + λ[(1 − τ)‖θ‖₁ + τ‖θ‖²] (Sugiyama §5.5).

    τ = 0 is the lasso (5.1), τ = 1 ridge (4.3). ``solver``: "cd" coordinate descent (exact zeros),
    "irls" the book's reweighted ℓ2 iteration (Fig 5.6, converging rescaled form, see ``_irls``),
    "ista" proximal gradient, "sgd" soft-thresholded SGD (§5.2; ``max_iter`` epochs, step ``eta``).
    ``history_`` holds a ``SparseStep`` per iteration (θ at up to 120 of them); ``n_nonzero_`` counts
    |θ_j| > ``zero_tol`` among the penalised θ_j (the book's footnote to Fig 5.7 uses 10⁻³).
    """

    def __init__(self, lam: float = 0.1, tau: float = 0.5, solver: str = "cd", basis=None,
                 max_iter: int = 1000, tol: float = 1e-8, eta: float = 0.1, zero_tol: float = 1e-3,
                 random_state=0):
        self._store(locals())

    def _tau(self) -> float:
        tau = float(self.tau)
        if not 0.0 <= tau <= 1.0:
            raise ValueError(f"The mix τ must be between 0 (lasso) and 1 (ridge); got {self.tau}.")
        return tau

    def fit(self, X, y) -> "ElasticNet":
        Phi, y, penalised = self._design(X, y)
        lam, tau = self._common_checks(Phi, y, penalised), self._tau()
        if self.solver not in SOLVERS:
            raise ValueError(f"Unknown solver '{self.solver}'; choose one of {', '.join(SOLVERS)}.")
        l1, l2 = lam * (1.0 - tau), lam * tau
        A, b, shift = _centred(Phi, y, penalised)
        G, c = A.T @ A, A.T @ b

        def objective(theta):            # penalised_objective(A, b, θ, λ, τ) without its checks
            r = A @ theta - b
            return 0.5 * float((r * r).sum()) + lam * ((1.0 - tau) * float(np.abs(theta).sum())
                                                       + tau * float((theta * theta).sum()))

        def objectives(thetas):          # J of every row of a stack of θ
            loss = _squared_losses(A, b, G, c, thetas[:, :, None])
            return loss + lam * ((1.0 - tau) * np.abs(thetas).sum(1) + tau * (thetas * thetas).sum(1))

        record = _Recorder(int(self.max_iter), objective, None if self.solver == "sgd" else objectives)
        start = _start(G, c, lam, self.solver)
        record.add(0, start)
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        if self.solver == "cd":
            theta = _coordinate_descent(G, c, l1, l2, start, tol, int(self.max_iter), record)
        elif self.solver == "irls":
            theta = _irls(G, c, l1, l2, start, tol, int(self.max_iter), record)
        elif self.solver == "ista":
            theta = _ista(G, c, l1, l2, start, tol, int(self.max_iter), record)
        else:
            eta = check_positive(self.eta, "The learning rate ε")
            rng = check_random_state(self.random_state)
            theta = _sparse_sgd(A, b, l1, l2, start, eta, int(self.max_iter), rng, record)
        self.history_ = record.close(theta)
        self.n_iter_ = self.history_[-1].step
        self.theta_ = _restore(theta, shift, penalised)
        self.penalised_ = penalised
        self.objective_ = penalised_objective(Phi, y, self.theta_, lam, tau, penalised=penalised)
        self.n_nonzero_ = int(np.count_nonzero(np.abs(self.theta_[penalised]) > self.zero_tol))
        return self


def _start(G, c, lam, solver):
    """The starting θ: ridge (ΦᵀΦ + λI)⁻¹Φᵀy for IRLS (a zero start is a fixed point of Fig 5.6; the
    book's randn start also works, spec A5.1), zeros for the others."""
    if solver != "irls":
        return np.zeros_like(c)
    return np.linalg.solve(G + max(lam, 1e-8) * np.eye(len(G)), c)


class Lasso(ElasticNet):
    """ℓ1-constrained least squares: J(θ) = ½‖Φθ − y‖² + λ‖θ‖₁ (Sugiyama §5.1–5.2, (5.1); seed 004 §2.8).

    The elastic net with τ = 0; solvers and attributes as in ``ElasticNet``. Sugiyama's demo
    (Fig 5.7: Gaussian kernel, h = 0.3, λ = 0.1) leaves 13 of 50 θ_j non-zero.
    """

    def __init__(self, lam: float = 0.1, solver: str = "cd", basis=None, max_iter: int = 1000,
                 tol: float = 1e-8, eta: float = 0.1, zero_tol: float = 1e-3, random_state=0):
        self._store(locals())

    def _tau(self) -> float:
        return 0.0


class LpRegression(_PenalisedRegressor):
    """ℓp-constrained least squares: J(θ) = ½‖Φθ − y‖² + λ Σ_j |θ_j|^p (Sugiyama §5.4).

    p > 1: smooth and convex, minimised by L-BFGS. p ≤ 1: majorise–minimise, because |θ|^p is concave
    in θ², so |θ|^p ≤ (p/2)|θ̃|^(p−2) θ² + const; each step solves θ = S(S G S + λp I)⁻¹S c with
    S = diag(|θ̃|^(1 − p/2)) (for p = 1 the book's Fig 5.6). For p < 1 the ball is not convex (Fig 5.10)
    and the result is a local optimum.
    """

    def __init__(self, p: float = 1.0, lam: float = 0.1, basis=None, max_iter: int = 500, tol: float = 1e-8,
                 zero_tol: float = 1e-3):
        self._store(locals())

    def fit(self, X, y) -> "LpRegression":
        p = float(self.p)
        if not (np.isfinite(p) and p > 0):
            raise ValueError(f"The exponent p must be a number > 0; got {self.p}.")
        Phi, y, penalised = self._design(X, y)
        lam = self._common_checks(Phi, y, penalised)
        A, b, shift = _centred(Phi, y, penalised)
        G, c = A.T @ A, A.T @ b

        def objective(theta):
            return 0.5 * float(((A @ theta - b) ** 2).sum()) + lam * float((np.abs(theta) ** p).sum())

        record = _Recorder(int(self.max_iter), objective)
        theta = np.linalg.solve(G + max(lam, 1e-8) * np.eye(len(G)), c)
        record.add(0, theta)
        if p > 1:
            def value_grad(t):
                return objective(t), G @ t - c + lam * p * np.sign(t) * np.abs(t) ** (p - 1.0)

            steps = [0]

            def callback(t):
                steps[0] += 1
                record.add(steps[0], t)

            theta = minimize(value_grad, theta, jac=True, method="L-BFGS-B", callback=callback,
                             options=dict(maxiter=int(self.max_iter), ftol=1e-15, gtol=1e-10)).x
            if steps[0] == 0:
                record.add(1, theta)
        else:
            eye = np.eye(len(G))
            for it in range(1, int(self.max_iter) + 1):
                s = np.abs(theta) ** (1.0 - p / 2.0)
                new = s * np.linalg.solve(s[:, None] * G * s[None, :] + lam * p * eye, s * c)
                change = float(np.linalg.norm(new - theta))
                theta = new
                record.add(it, theta)
                if change < self.tol * max(1.0, float(np.linalg.norm(theta))):
                    break
        self.history_ = record.close(theta)
        self.n_iter_ = self.history_[-1].step
        self.theta_ = _restore(theta, shift, penalised)
        self.objective_ = record.steps[-1].objective
        self.n_nonzero_ = int(np.count_nonzero(np.abs(self.theta_[penalised]) > self.zero_tol))
        return self


class GroupLasso(_PenalisedRegressor):
    """ℓ2,1-regularised multi-output least squares (seed 004 §2.8):
    J(W, b) = ½‖XW + 1bᵀ − Y‖²_F + λ‖W‖₂,₁, ‖W‖₂,₁ = Σ_i ‖w^i‖₂.

    Whole rows w^i (one per feature) become zero, so a feature is dropped for every output at once;
    ``row_norms_`` ranks the features. Solved by block coordinate descent (``solver="cd"``, exact zero
    rows) or the reweighted ℓ2 iteration of Nie et al. (``"irls"``). ``theta_`` is (b, m) with the
    intercept row first for raw inputs (unpenalised, as b in the seed).
    """

    def __init__(self, lam: float = 1.0, solver: str = "cd", basis=None, max_iter: int = 1000,
                 tol: float = 1e-8, zero_tol: float = 1e-3):
        self._store(locals())

    def fit(self, X, Y) -> "GroupLasso":
        X = check_array(X)
        Y = check_array(Y, name="Y")
        if len(Y) != len(X):
            raise ValueError(f"X has {len(X)} samples but Y has {len(Y)}; they must match.")
        if self.solver not in ("cd", "irls"):
            raise ValueError(f"Unknown solver '{self.solver}'; choose 'cd' or 'irls'.")
        Phi, _, penalised = self._design(X, Y[:, 0])
        lam = self._common_checks(Phi, Y.ravel() if np.ptp(Y, axis=0).any() else Y[:, 0], penalised)
        A, B, shift = _centred(Phi, Y, penalised)
        G, C = A.T @ A, A.T @ B

        def objective(W):
            return 0.5 * float(((A @ W - B) ** 2).sum()) + lam * l21_norm(W)

        def objectives(Ws):              # J of every W of a stack
            return _squared_losses(A, B, G, C, Ws) + lam * np.sqrt((Ws * Ws).sum(2)).sum(1)

        record = _Recorder(int(self.max_iter), objective, objectives)
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        if self.solver == "cd":
            start = np.zeros_like(C)
            record.add(0, start)
            W = _coordinate_descent(G, C, lam, 0.0, start, tol, int(self.max_iter), record)
        else:
            start = np.linalg.solve(G + max(lam, 1e-8) * np.eye(len(G)), C)
            record.add(0, start)
            W = _irls(G, C, lam, 0.0, start, tol, int(self.max_iter), record)
        self.history_ = record.close(W)
        self.n_iter_ = self.history_[-1].step
        self.theta_ = _restore(W, shift, penalised)
        self.row_norms_ = np.sqrt((self.theta_[penalised] ** 2).sum(axis=1))
        self.objective_ = record.steps[-1].objective
        self.n_nonzero_ = int(np.count_nonzero(self.row_norms_ > self.zero_tol))
        return self


# --------------------------------------------------------------------------------------------------
# Paths and the geometry of b = 2
# --------------------------------------------------------------------------------------------------

def regularisation_path(X, y, lams, kind: str = "lasso", basis=None) -> FloatArray:
    """θ̂(λ) for every λ, one row each: "lasso" (5.1, the reweighted ℓ2 iteration warm-started from
    the previous λ) or "ridge" ((4.3), from one eigendecomposition). Raw inputs keep θ₀ unpenalised."""
    lams = np.array([check_positive(lam, "λ") for lam in np.atleast_1d(lams)])
    if kind not in ("lasso", "ridge"):
        raise ValueError(f"kind must be 'lasso' or 'ridge'; got {kind!r}.")
    X, y = check_X_y(X, y)
    est = Lasso(basis=basis)
    Phi, y, penalised = est._design(X, y)
    A, b, shift = _centred(Phi, y, penalised)
    if kind == "ridge":
        return np.array([_restore(t, shift, penalised) for t in ridge_path(A, b, lams)])
    G, c = A.T @ A, A.T @ b
    rows = np.empty((len(lams), Phi.shape[1]))
    theta = _start(G, c, float(lams.min()), "irls")
    for k in np.argsort(lams):
        record = _Recorder(1, lambda t: 0.0)
        theta = _irls(G, c, lams[k], 0.0, theta, 1e-6, 300, record)
        rows[k] = _restore(theta, shift, penalised)
    return rows


def ball_norm(theta, kind: str, p: float = 1.0, tau: float = 0.5) -> FloatArray:
    """The constraint function of a ball, row-wise for points (…, 2): ‖θ‖_p (kind "lp"), or
    (1 − τ)‖θ‖₁ + τ‖θ‖² (kind "enet", Sugiyama §5.5)."""
    theta = np.abs(np.asarray(theta, dtype=float))
    if kind == "lp":
        if not p > 0:
            raise ValueError(f"The exponent p must be a number > 0; got {p}.")
        return (theta**p).sum(axis=-1) ** (1.0 / p)
    if kind == "enet":
        return (1.0 - tau) * theta.sum(axis=-1) + tau * (theta * theta).sum(axis=-1)
    raise ValueError(f"kind must be 'lp' or 'enet'; got {kind!r}.")


def ball_boundary(kind: str, radius: float = 1.0, p: float = 1.0, tau: float = 0.5, n_points: int = 721):
    """Points (n_points, 2) on the boundary of {θ ∈ R²: norm(θ) ≤ R}, by angle (Sugiyama Figs 5.1, 5.9, 5.11).

    Along the direction u the boundary radius r solves norm(r·u) = R: r = R/‖u‖_p for ℓp, and the root
    of τr²‖u‖² + (1 − τ)r‖u‖₁ = R for the elastic net. The four axis points are always included."""
    radius = check_positive(radius, "The radius R")
    angles = np.unique(np.concatenate([np.linspace(0, 2 * np.pi, n_points), np.pi / 2 * np.arange(5)]))
    u = np.column_stack([np.cos(angles), np.sin(angles)])
    u[np.abs(u) < 1e-15] = 0.0
    if kind == "lp":
        r = radius / ball_norm(u, "lp", p)
    else:
        a, b = tau * (u * u).sum(1), (1.0 - tau) * np.abs(u).sum(1)
        r = radius / b if tau == 0 else (-b + np.sqrt(b * b + 4 * a * radius)) / (2 * a)
    return u * r[:, None]


def quadratic_grid(A, center, t0, t1) -> FloatArray:
    """J(θ) = ½(θ − c)ᵀA(θ − c) on the grid t0 × t1, shape (len(t1), len(t0)) for contour plots: the
    least-squares error ellipses around the unconstrained optimum c (Sugiyama Figs 5.1–5.2)."""
    A, c = np.asarray(A, float), np.asarray(center, float)
    T0, T1 = np.meshgrid(np.asarray(t0, float) - c[0], np.asarray(t1, float) - c[1])
    return 0.5 * (A[0, 0] * T0 * T0 + 2 * A[0, 1] * T0 * T1 + A[1, 1] * T1 * T1)


def constrained_optimum(A, center, kind: str, radius: float = 1.0, p: float = 1.0, tau: float = 0.5):
    """argmin ½(θ − c)ᵀA(θ − c) subject to norm(θ) ≤ R in R² (Sugiyama §5.1, §5.4–5.5).

    Inside the ball the answer is c itself; otherwise it lies on the boundary (a convex J has no other
    minimum), found by a fine search along it and refined around the best point. The search is global,
    so for p < 1 (a non-convex ball) it returns the best corner or edge point."""
    A, c = np.asarray(A, float), np.asarray(center, float)
    if float(ball_norm(c, kind, p, tau)) <= radius:
        return c.copy()
    pts = ball_boundary(kind, radius, p, tau, n_points=7201)
    values = 0.5 * np.einsum("ij,jk,ik->i", pts - c, A, pts - c)
    best = pts[np.argmin(values)]
    if np.any(np.abs(best) < 1e-12):
        return best
    angle = np.arctan2(best[1], best[0])
    fine = np.linspace(angle - 2 * np.pi / 7200, angle + 2 * np.pi / 7200, 401)
    u = np.column_stack([np.cos(fine), np.sin(fine)])
    if kind == "lp":
        r = radius / ball_norm(u, "lp", p)
    else:
        a, b = tau * 1.0, (1.0 - tau) * np.abs(u).sum(1)
        r = radius / b if tau == 0 else (-b + np.sqrt(b * b + 4 * a * radius)) / (2 * a)
    near = u * r[:, None]
    near_values = 0.5 * np.einsum("ij,jk,ik->i", near - c, A, near - c)
    return near[np.argmin(near_values)] if near_values.min() < values.min() else best


# --------------------------------------------------------------------------------------------------
# Feature selection (Sugiyama §5.3; CS229 Part VII §2)
# --------------------------------------------------------------------------------------------------

def relevant_features_data(n: int = 100, d: int = 10, noise: float = 0.5, n_outputs: int = 1,
                           random_state=0) -> tuple[FloatArray, FloatArray]:
    """d standard-normal features of which the first three matter: y = 3x⁽¹⁾ − 2x⁽²⁾ + 1.5x⁽³⁾ + σε
    (spec A5.3 proposal); with several outputs each uses the same three features with its own weights."""
    rng = check_random_state(random_state)
    if d < 3:
        raise ValueError(f"Need at least 3 features; got {d}.")
    X = rng.standard_normal((n, d))
    weights = np.zeros((d, n_outputs))
    weights[:3, 0] = (3.0, -2.0, 1.5)
    if n_outputs > 1:
        weights[:3, 1:] = rng.uniform(1.0, 3.0, (3, n_outputs - 1)) * rng.choice((-1, 1), (3, n_outputs - 1))
    Y = X @ weights + noise * rng.standard_normal((n, n_outputs))
    return X, Y[:, 0] if n_outputs == 1 else Y


@dataclass(frozen=True)
class SelectionStep:
    """One step of a wrapper search: the set after it, its CV error, and every candidate's CV error
    (feature index → error of the set with that feature added or removed)."""

    selected: tuple[int, ...]
    cv_error: float
    candidates: dict


def _subset_cv(X, y, subset, n_folds, random_state) -> float:
    """m-fold CV error of least squares with an intercept on the features ``subset`` (Sugiyama §4.3)."""
    if not subset:
        folds = fold_ids(len(y), n_folds, random_state)
        return float(np.mean([np.mean((y[folds == k] - y[folds != k].mean()) ** 2) for k in range(n_folds)]))
    return cross_validate(LinearRegression(), X[:, list(subset)], y, n_folds, random_state).error


def _wrapper(X, y, forward: bool, max_features, n_folds, random_state):
    X, y = check_X_y(X, y, min_samples=4)
    d = X.shape[1]
    n_folds = int(min(n_folds, len(y)))
    limit = d if max_features is None else int(min(max_features, d))
    if limit < 1:
        raise ValueError(f"max_features must be at least 1; got {max_features}.")
    selected = () if forward else tuple(range(d))
    steps = [SelectionStep(selected, _subset_cv(X, y, selected, n_folds, random_state), {})]
    while (len(selected) < limit) if forward else selected:
        pool = [j for j in range(d) if j not in selected] if forward else list(selected)
        trial = {}
        for j in pool:
            subset = tuple(sorted(selected + (j,))) if forward else tuple(k for k in selected if k != j)
            trial[j] = _subset_cv(X, y, subset, n_folds, random_state)
        pick = min(trial, key=trial.get)
        selected = tuple(sorted(selected + (pick,))) if forward else tuple(k for k in selected if k != pick)
        steps.append(SelectionStep(selected, trial[pick], trial))
    return tuple(steps)


def forward_selection(X, y, max_features=None, n_folds: int = 5, random_state=0) -> tuple[SelectionStep, ...]:
    """CS229 Part VII §2 forward search (Sugiyama §5.3 向前选择): from F = ∅ add, at each step, the feature
    whose addition gives the lowest m-fold CV error of least squares, until |F| = max_features (or d).
    The answer is the step with the lowest CV error (``best_step``); about d² fits in all."""
    return _wrapper(X, y, True, max_features, n_folds, random_state)


def backward_elimination(X, y, n_folds: int = 5, random_state=0) -> tuple[SelectionStep, ...]:
    """CS229 Part VII §2 backward search (Sugiyama §5.3 向后删除): from all d features remove, at each step,
    the one whose removal gives the lowest CV error, down to F = ∅."""
    return _wrapper(X, y, False, None, n_folds, random_state)


def mutual_information(x, y, alpha: float = 0.0) -> float:
    """MI(x, y) = Σ p(x, y) ln[p(x, y)/(p(x)p(y))] in nats for discrete x and y, from the empirical
    (Laplace-smoothed by ``alpha``) joint distribution, with 0·ln 0 = 0 (CS229 Part VII §2, M36).
    A fair binary x = y gives ln 2; independent variables give 0."""
    x, y = np.asarray(x).ravel(), np.asarray(y).ravel()
    if len(x) != len(y) or len(x) == 0:
        raise ValueError("x and y must be non-empty and of the same length.")
    _, xi = np.unique(x, return_inverse=True)
    _, yi = np.unique(y, return_inverse=True)
    counts = np.zeros((xi.max() + 1, yi.max() + 1))
    np.add.at(counts, (xi, yi), 1.0)
    joint = (counts + check_positive(alpha, "The smoothing α", allow_zero=True))
    joint /= joint.sum()
    px, py = joint.sum(1, keepdims=True), joint.sum(0, keepdims=True)
    nz = joint > 0
    return float((joint[nz] * np.log(joint[nz] / (px @ py)[nz])).sum())


def _bins(v: FloatArray, n_bins: int) -> np.ndarray:
    """Equal-count bins 0..n_bins−1 of a continuous variable (a discrete one with ≤ n_bins values keeps
    its values)."""
    values = np.unique(v)
    if len(values) <= n_bins:
        return np.searchsorted(values, v)
    edges = np.quantile(v, np.linspace(0, 1, n_bins + 1)[1:-1])
    return np.searchsorted(edges, v, side="right")


def mutual_information_ranking(X, y, n_bins: int = 4, alpha: float = 0.0) -> tuple[np.ndarray, FloatArray]:
    """The filter method (CS229 Part VII §2, M36): S(i) = MI(x_i, y) after cutting each continuous
    variable into ``n_bins`` equal-count bins; returns (features ordered best first, scores per feature)."""
    X, y = check_X_y(X, y)
    if int(n_bins) != n_bins or n_bins < 2:
        raise ValueError(f"n_bins must be a whole number ≥ 2; got {n_bins}.")
    yb = _bins(y, int(n_bins))
    scores = np.array([mutual_information(_bins(X[:, j], int(n_bins)), yb, alpha) for j in range(X.shape[1])])
    return np.argsort(-scores, kind="stable"), scores
