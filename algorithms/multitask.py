"""Multi-task learning: least squares and the least-squares probabilistic classifier over related tasks,
and multi-output learning through the Sylvester equation or conjugate gradient.

Sugiyama ch. 19: multi-task least squares §19.1 ((19.1), the dual form (19.2), alternating similarity
learning Fig 19.1), multi-task LSPC §19.2, multi-dimensional output §19.3 ((19.3)–(19.5)). Errata §22
fixed: [C⁻¹]_{t_i,t_i′} in A (19.2), J_y and θ_{t_i} in §19.2, ΦᵀYᵀ in (19.4).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms.basis import GaussianBasis

__all__ = [
    "task_matrix",
    "TaskSample",
    "related_tasks_sample",
    "related_classification_sample",
    "MultiOutputSample",
    "multi_output_sample",
    "MultiTaskStep",
    "MultiTaskLS",
    "MultiTaskLSPC",
    "MultiOutputLS",
    "sylvester_solve",
    "conjugate_gradient_solve",
]


def _similarities(gamma, T: int) -> FloatArray:
    """γ as a T × T matrix: a scalar γ ≥ 0 for every pair, or a symmetric non-negative matrix."""
    G = np.asarray(gamma, dtype=float)
    if G.ndim == 0:
        G = np.full((T, T), float(G))
    if G.shape != (T, T):
        raise ValueError(f"The task similarities γ must be one number or a {T} × {T} matrix; "
                         f"got shape {G.shape}.")
    if not np.all(np.isfinite(G)) or np.any(G < 0):
        raise ValueError("The task similarities γ must be finite and ≥ 0 (0: independent tasks).")
    if not np.allclose(G, G.T):
        raise ValueError("The task similarity matrix γ must be symmetric (γ_tt′ = γ_t′t).")
    return G


def task_matrix(gamma, lams) -> FloatArray:
    """C of (19.1): C_tt = λ_t + Σ_t″ γ_tt″ − γ_tt, C_tt′ = −γ_tt′ (Sugiyama §19.1).

    ``lams`` holds λ_t (one per task, or one number for all); λ_t > 0 keeps C invertible (with all
    λ_t = 0, C is a graph Laplacian and singular, spec §19.A pitfall).
    """
    lams = np.atleast_1d(np.asarray(lams, dtype=float))
    G = _similarities(gamma, len(lams) if np.ndim(gamma) == 0 else np.shape(gamma)[0])
    T = len(G)
    lams = np.broadcast_to(lams, (T,)) if len(lams) == 1 else lams
    if len(lams) != T or not np.all(np.isfinite(lams)) or np.any(lams <= 0):
        raise ValueError("Every λ_t must be a finite number > 0 (one per task).")
    C = -G.copy()
    np.fill_diagonal(C, lams + G.sum(1) - np.diag(G))
    return C


@dataclass(frozen=True)
class TaskSample:
    """Inputs X, targets y and task indices ``tasks`` (0..T−1), the same for the test sample; the shifts."""

    X: FloatArray
    y: FloatArray
    tasks: np.ndarray
    X_test: FloatArray
    y_test: FloatArray
    tasks_test: np.ndarray
    shifts: FloatArray
    kind: str = "regression"

    def truth(self, x, task: int) -> FloatArray:
        """The task's mean function (regression) or P(y = +1 | x) (classification) at 1-D x."""
        return _task_function(np.asarray(x, float).reshape(-1), self.shifts[task], self.kind)


def _task_function(x: FloatArray, shift: float, kind: str) -> FloatArray:
    if kind == "regression":
        return np.sinc(x - shift)
    return 1.0 / (1.0 + np.exp(-3.0 * (x - shift)))


def _task_shifts(T: int, spread: float) -> FloatArray:
    if isinstance(T, bool) or int(T) != T or not 2 <= T <= 10:
        raise ValueError(f"The number of tasks T must be a whole number from 2 to 10; got {T}.")
    if not np.isfinite(spread) or spread < 0:
        raise ValueError(f"The difference between tasks must be a finite number ≥ 0; got {spread}.")
    return spread * (np.arange(T) - (T - 1) / 2) / max(T - 1, 1)


def related_tasks_sample(T: int = 3, n_per_task: int = 10, spread: float = 0.6, noise: float = 0.1,
                         n_test: int = 50, random_state=0) -> TaskSample:
    """T related 1-D regression tasks y = sinc(x − s_t) + noise·N(0, 1), x ~ U(−3, 3), shifts s_t evenly
    over [−spread/2, spread/2] (app toy, spec §19.A [EXT]: sinc shifted per task, few samples each)."""
    return _sample(T, n_per_task, spread, noise, n_test, random_state, "regression")


def related_classification_sample(T: int = 3, n_per_task: int = 20, spread: float = 1.0, n_test: int = 100,
                                  random_state=0) -> TaskSample:
    """T related 1-D binary tasks: P(y = +1 | x) = 1/(1 + e^{−3(x − s_t)}), x ~ U(−3, 3), labels ±1
    (app toy for §19.2)."""
    return _sample(T, n_per_task, spread, 0.0, n_test, random_state, "classification")


def _sample(T, n_per_task, spread, noise, n_test, random_state, kind) -> TaskSample:
    shifts = _task_shifts(T, spread)
    noise = check_positive(noise, "The noise level", allow_zero=True)
    if int(n_per_task) < 2 or int(n_test) < 1:
        raise ValueError(f"Every task needs at least 2 training samples; got {n_per_task}.")
    rng = check_random_state(random_state)

    def draw(count):
        tasks = np.repeat(np.arange(T), count)
        x = rng.uniform(-3, 3, len(tasks))
        mean = _task_function(x - shifts[tasks], 0.0, kind)
        if kind == "regression":
            y = mean + noise * rng.standard_normal(len(x))
        else:
            y = np.where(rng.uniform(size=len(x)) < mean, 1.0, -1.0)
        return x[:, None], y, tasks

    X, y, tasks = draw(int(n_per_task))
    Xt, yt, tt = draw(int(n_test))
    return TaskSample(X, y, tasks, Xt, yt, tt, shifts, kind)


@dataclass(frozen=True)
class MultiOutputSample:
    """Shared inputs X (n, 1) with T outputs Y (n, T) (Sugiyama §19.3, Fig 19.2), a test sample, shifts."""

    X: FloatArray
    Y: FloatArray
    X_test: FloatArray
    Y_test: FloatArray
    shifts: FloatArray


def multi_output_sample(T: int = 3, n: int = 30, spread: float = 0.6, noise: float = 0.1, n_test: int = 100,
                        random_state=0) -> MultiOutputSample:
    """Every input x ~ U(−3, 3) carries all T outputs y^(t) = sinc(x − s_t) + noise·N(0, 1) (app toy)."""
    shifts = _task_shifts(T, spread)
    noise = check_positive(noise, "The noise level", allow_zero=True)
    if int(n) < 2:
        raise ValueError(f"Multi-output learning needs at least 2 samples; got {n}.")
    rng = check_random_state(random_state)

    def draw(count):
        x = rng.uniform(-3, 3, int(count))
        Y = _task_function(x[:, None] - shifts[None, :], 0.0, "regression")
        return x[:, None], Y + noise * rng.standard_normal(Y.shape)

    X, Y = draw(n)
    Xt, Yt = draw(n_test)
    return MultiOutputSample(X, Y, Xt, Yt, shifts)


# ----------------------------------------------------------------------------------------------
# Multi-task least squares
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MultiTaskStep:
    """One round of Fig 19.1: the similarities γ used and the objective J(θ̂) reached with them."""

    step: int
    gamma: FloatArray
    objective: float


def _check_tasks(tasks, n: int, n_tasks: int | None) -> tuple[np.ndarray, int]:
    tasks = np.asarray(tasks)
    if tasks.shape != (n,):
        raise ValueError(f"Give one task index per sample: {n} samples but {tasks.size} task indices.")
    if tasks.dtype.kind not in "iu" and not np.all(np.mod(tasks, 1) == 0):
        raise ValueError("Task indices must be whole numbers 0, 1, …, T − 1.")
    tasks = tasks.astype(int)
    T = int(tasks.max()) + 1 if n_tasks is None else int(n_tasks)
    if tasks.min() < 0 or tasks.max() >= T:
        raise ValueError(f"Task indices must lie in 0 … {T - 1}.")
    return tasks, T


class _MultiTaskBase(BaseEstimator):
    def _setup(self, X, tasks):
        self.basis_ = GaussianBasis(self.h, n_centers=self.n_centers, random_state=0).fit(X)
        Phi = self.basis_.transform(X)
        tasks, T = _check_tasks(tasks, len(X), self.n_tasks)
        self.n_tasks_ = T
        lam = check_positive(self.lam, "λ")
        return Phi, tasks, T, lam

    def _solve(self, Phi, tasks, T, C, targets) -> FloatArray:
        """θ̂ = (ΨᵀΨ + C ⊗ I_b)⁻¹Ψᵀy (19.1) for each column of ``targets``; returns (b, T, k)."""
        b = Phi.shape[1]
        Psi = np.zeros((len(Phi), T * b))
        for t in range(T):
            Psi[tasks == t, t * b:(t + 1) * b] = Phi[tasks == t]
        G = Psi.T @ Psi + np.kron(C, np.eye(b))
        theta = np.linalg.solve(G, Psi.T @ targets)
        return theta.reshape(T, b, -1).transpose(1, 0, 2)

    def _dual_predict(self, X, task: int, Phi, tasks, C, targets) -> FloatArray:
        """(19.2): f_t(x) = yᵀA⁻¹b_t, A_ii′ = [C⁻¹]_{t_i t_i′}φ(x_i)ᵀφ(x_i′) + δ_ii′ (erratum §22: t_i)."""
        Cinv = np.linalg.inv(C)
        A = Cinv[np.ix_(tasks, tasks)] * (Phi @ Phi.T) + np.eye(len(Phi))
        B = Cinv[task, tasks][:, None] * (Phi @ self.basis_.transform(X).T)
        return (np.linalg.solve(A, targets).T @ B).T


class MultiTaskLS(_MultiTaskBase):
    """Multi-task least squares (Sugiyama §19.1).

    ``fit(X, y, tasks)`` minimises ½Σ_i(θ_{t_i}ᵀφ(x_i) − y_i)² + ½Σ_t λ‖θ_t‖² + ¼Σ_{t,t′}γ_tt′‖θ_t − θ_t′‖²
    with the Gaussian kernel basis φ of width ``h`` shared by all tasks (centres: the inputs, at most
    ``n_centers``). ``gamma``: one number for every pair, or a T × T matrix; γ = 0 gives independent
    ridge regressions, large γ one shared function. Solution (19.1), θ̂ = (ΨᵀΨ + C ⊗ I_b)⁻¹Ψᵀy;
    ``predict(X, task)``; ``predict_dual`` evaluates the same functions by (19.2).
    ``n_iter`` > 0 alternates as Fig 19.1: refit, then γ_tt′ = exp(−‖θ_t − θ_t′‖²) (the diagonal is
    irrelevant); ``history_`` records γ and J each round. ``theta_`` is b × T.
    """

    def __init__(self, gamma=1.0, lam: float = 0.1, h: float = 1.0, n_iter: int = 0,
                 n_centers: int | None = 50, n_tasks: int | None = None):
        self._store(locals())

    def fit(self, X, y, tasks) -> "MultiTaskLS":
        X, y = check_X_y(X, y)
        Phi, tasks, T, lam = self._setup(X, tasks)
        if isinstance(self.n_iter, bool) or int(self.n_iter) != self.n_iter or not 0 <= self.n_iter <= 100:
            raise ValueError(f"n_iter must be a whole number from 0 to 100; got {self.n_iter}.")
        gamma = _similarities(self.gamma, T)
        steps = []
        for step in range(int(self.n_iter) + 1):
            if step:
                diff = self.theta_[:, :, None] - self.theta_[:, None, :]
                gamma = np.exp(-np.sum(diff ** 2, 0))
            C = task_matrix(gamma, np.full(T, lam))
            self.theta_ = self._solve(Phi, tasks, T, C, y[:, None])[:, :, 0]
            steps.append(MultiTaskStep(step, gamma, self._objective(Phi, y, tasks, gamma, lam)))
        self.gamma_, self.C_ = gamma, C
        self.history_ = tuple(steps)
        self._train = (Phi, tasks, y)
        return self

    def _objective(self, Phi, y, tasks, gamma, lam) -> float:
        residual = (Phi * self.theta_.T[tasks]).sum(1) - y
        diff = self.theta_[:, :, None] - self.theta_[:, None, :]
        coupling = np.sum(gamma * np.sum(diff ** 2, 0))
        return float(0.5 * residual @ residual + 0.5 * lam * np.sum(self.theta_ ** 2) + 0.25 * coupling)

    def predict(self, X, task: int) -> FloatArray:
        check_is_fitted(self, "theta_")
        task = _check_task(task, self.n_tasks_)
        return self.basis_.transform(check_array(X)) @ self.theta_[:, task]

    def predict_all(self, X) -> FloatArray:
        """Every task's prediction: column t is f_t(x)."""
        check_is_fitted(self, "theta_")
        return self.basis_.transform(check_array(X)) @ self.theta_

    def test_error(self, X, y, tasks) -> float:
        """Mean squared error (1/m)Σ(f_{t_i}(x_i) − y_i)² over a sample of several tasks."""
        X, y = check_X_y(X, y)
        tasks, _ = _check_tasks(tasks, len(X), self.n_tasks_)
        return float(np.mean((self.predict_all(X)[np.arange(len(X)), tasks] - y) ** 2))

    def predict_dual(self, X, task: int) -> FloatArray:
        """The same prediction through the n × n system (19.2), cheaper when n < bT."""
        check_is_fitted(self, "theta_")
        Phi, tasks, y = self._train
        task = _check_task(task, self.n_tasks_)
        return self._dual_predict(check_array(X), task, Phi, tasks, self.C_, y[:, None])[:, 0]


def _check_task(task, T: int) -> int:
    if isinstance(task, bool) or int(task) != task or not 0 <= task < T:
        raise ValueError(f"The task index must be a whole number from 0 to {T - 1}; got {task}.")
    return int(task)


class MultiTaskLSPC(_MultiTaskBase):
    """Multi-task least-squares probabilistic classifier (Sugiyama §19.2; LSPC §10.2).

    For each class y: θ̂^(y) = (ΨᵀΨ + C ⊗ I_b)⁻¹Ψᵀπ^(y), π^(y)_i = 1 if y_i = y else 0 (the printed J₂ and
    θ_{i_t} are errata §22: J_y, θ_{t_i}). ``predict_proba(X, task)``: the outputs clipped at 0 and
    normalised over the classes (all 0 → uniform). ``gamma``, ``lam``, ``h`` as :class:`MultiTaskLS`.
    """

    def __init__(self, gamma=1.0, lam: float = 0.1, h: float = 1.0, n_centers: int | None = 50,
                 n_tasks: int | None = None):
        self._store(locals())

    def fit(self, X, y, tasks) -> "MultiTaskLSPC":
        X, y = check_X_y(X, y, y_numeric=False)
        self.classes_ = check_classification_targets(y)
        Phi, tasks, T, lam = self._setup(X, tasks)
        self.C_ = task_matrix(_similarities(self.gamma, T), np.full(T, lam))
        targets = (y[:, None] == self.classes_[None, :]).astype(float)
        self.theta_ = self._solve(Phi, tasks, T, self.C_, targets)  # (b, T, classes)
        return self

    def predict_proba(self, X, task: int) -> FloatArray:
        check_is_fitted(self, "theta_")
        task = _check_task(task, self.n_tasks_)
        out = np.maximum(self.basis_.transform(check_array(X)) @ self.theta_[:, task, :], 0.0)
        total = out.sum(1, keepdims=True)
        return np.where(total > 0, out / np.where(total > 0, total, 1.0), 1.0 / len(self.classes_))

    def predict(self, X, task: int) -> np.ndarray:
        return self.classes_[np.argmax(self.predict_proba(X, task), 1)]

    def score(self, X, y, tasks) -> float:
        """Accuracy over a sample of several tasks (each point classified by its own task's model)."""
        X, y = check_X_y(X, y, y_numeric=False)
        tasks, _ = _check_tasks(tasks, len(X), self.n_tasks_)
        right = [np.sum(self.predict(X[tasks == t], t) == y[tasks == t]) for t in np.unique(tasks)]
        return float(np.sum(right) / len(X))


# ----------------------------------------------------------------------------------------------
# Multi-output learning
# ----------------------------------------------------------------------------------------------

def sylvester_solve(PhiTPhi: FloatArray, C: FloatArray, H: FloatArray) -> FloatArray:
    """Θ with ΦᵀΦΘ + ΘC = ΦᵀYᵀ (19.4) from the eigen-pairs (u_j, 𝐮_j) of ΦᵀΦ and (v_t, 𝐯_t) of C:
    Θ = U Q Vᵀ, Q_jt = 𝐮_jᵀH𝐯_t/(u_j + v_t), H = ΦᵀYᵀ (Sugiyama §19.3.2; the printed ΦᵀY is erratum §22)."""
    u, U = np.linalg.eigh(PhiTPhi)
    v, V = np.linalg.eigh(C)
    return U @ ((U.T @ H @ V) / (u[:, None] + v[None, :])) @ V.T


def conjugate_gradient_solve(PhiTPhi: FloatArray, C: FloatArray, H: FloatArray, tol: float = 1e-10,
                             max_iter: int | None = None) -> tuple[FloatArray, FloatArray]:
    """Conjugate gradient on (19.5) Gθ = h, G = I_T ⊗ ΦᵀΦ + C ⊗ I_b, never forming G: the product is
    ΦᵀΦΘ + ΘC (Sugiyama §19.3.3). Returns Θ and the residual norms ‖h − Gθ‖ per iteration (from θ = 0)."""
    n_unknowns = H.size
    max_iter = n_unknowns if max_iter is None else int(max_iter)

    def product(Theta):
        return PhiTPhi @ Theta + Theta @ C

    Theta = np.zeros_like(H)
    r = H - product(Theta)
    p = r.copy()
    rr = float(np.sum(r * r))
    residuals = [np.sqrt(rr)]
    stop = tol * max(residuals[0], 1e-300)
    for _ in range(max_iter):
        if residuals[-1] <= stop:
            break
        Gp = product(p)
        step = rr / float(np.sum(p * Gp))
        Theta = Theta + step * p
        r = r - step * Gp
        rr_new = float(np.sum(r * r))
        residuals.append(np.sqrt(rr_new))
        p = r + (rr_new / rr) * p
        rr = rr_new
    return Theta, np.array(residuals)


class MultiOutputLS(BaseEstimator):
    """Multi-dimensional output learning (Sugiyama §19.3): every input carries T outputs y_i ∈ ℝ^T.

    Multi-task least squares with shared inputs: (ΨᵀΨ + C ⊗ I_b)θ = Ψᵀy (19.3) becomes
    ΦᵀΦΘ + ΘC = ΦᵀYᵀ (19.4), Θ = (θ_1 … θ_T). ``solver``: "sylvester" (eigen-decompositions),
    "cg" (conjugate gradient on (19.5); ``residuals_`` per iteration) or "direct" (the bT × bT system).
    ``fit(X, Y)`` with Y of shape (n, T); ``predict(X)`` gives (m, T).
    """

    def __init__(self, gamma=1.0, lam: float = 0.1, h: float = 1.0, solver: str = "sylvester",
                 n_centers: int | None = 50, tol: float = 1e-10):
        self._store(locals())

    def fit(self, X, Y) -> "MultiOutputLS":
        X = check_array(X, min_samples=2)
        Y = check_array(Y, name="Y")
        if len(Y) != len(X):
            raise ValueError(f"X has {len(X)} samples but Y has {len(Y)} rows; they must match.")
        T = Y.shape[1]
        if T < 2:
            raise ValueError("Multi-output learning needs at least 2 outputs (columns of Y).")
        if self.solver not in ("sylvester", "cg", "direct"):
            raise ValueError("solver must be 'sylvester', 'cg' or 'direct'.")
        lam = check_positive(self.lam, "λ")
        self.basis_ = GaussianBasis(self.h, n_centers=self.n_centers, random_state=0).fit(X)
        Phi = self.basis_.transform(X)
        self.C_ = task_matrix(_similarities(self.gamma, T), np.full(T, lam))
        PtP, H = Phi.T @ Phi, Phi.T @ Y
        self.residuals_ = None
        if self.solver == "sylvester":
            self.theta_ = sylvester_solve(PtP, self.C_, H)
        elif self.solver == "cg":
            tol = check_positive(self.tol, "tol")
            self.theta_, self.residuals_ = conjugate_gradient_solve(PtP, self.C_, H, tol)
        else:
            b = Phi.shape[1]
            G = np.kron(np.eye(T), PtP) + np.kron(self.C_, np.eye(b))
            self.theta_ = np.linalg.solve(G, H.T.reshape(-1)).reshape(T, b).T
        return self

    def predict(self, X) -> FloatArray:
        check_is_fitted(self, "theta_")
        return self.basis_.transform(check_array(X)) @ self.theta_

    def test_error(self, X, Y) -> float:
        """Mean squared error over every output of a sample."""
        return float(np.mean((self.predict(X) - check_array(Y, name="Y")) ** 2))
