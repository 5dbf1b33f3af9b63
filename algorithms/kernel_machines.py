"""Kernel machines as regularised risk minimisers, and coordinate ascent (CS229, seed 001).

Coordinate ascent on a quadratic (CS229 notes 3, §E.S7 of the seed-001 spec): one coordinate at a
time is set to its maximiser, so the path is axis-parallel; gradient ascent for comparison.
The supplementary notes on representer functions (seed 001, Supplementary §1–4):
J_λ(θ) = (1/m) Σᵢ L(θᵀφ(xᵢ), yᵢ) + (λ/2)‖θ‖² … (2) has a minimiser θ = Σᵢ αᵢ φ(xᵢ) (Theorem 2.1),
so J_λ(α) = (1/m) Σᵢ L(K⁽ⁱ⁾ᵀα, yᵢ) + (λ/2) αᵀKα is minimised over α ∈ ℝᵐ, e.g. by Algorithm 1
(stochastic gradient descent for kernel machines). Labels are ±1; there is no intercept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations_with_replacement

import numpy as np
from scipy.special import expit

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms.linear_classifiers import _binary_targets
from algorithms.linear_classifiers import _check_int
from algorithms.linear_classifiers import _check_labels
from algorithms.linear_classifiers import _frozen
from algorithms.svm import svc_kernel

__all__ = ["AscentPath", "quadratic_ascent", "explicit_features", "KERNEL_LOSSES", "kernel_loss",
           "KernelSGD", "KernelSGDStep", "RepresenterRidge"]

ASCENT_METHODS = ("coordinate", "gradient")
KERNEL_LOSSES = ("hinge", "logistic", "squared")
SGD_KERNELS = ("linear", "poly", "gaussian")
MAX_RECORDED = 60   # KernelSGD keeps at most this many snapshots of α
FIRST_STEPS = 10    # … always including the first steps, for the update table


# ---- coordinate ascent ----------------------------------------------------------------------------

@dataclass(frozen=True)
class AscentPath:
    """The iterates of an ascent on W(α) = −½(α − c)ᵀA(α − c): ``points`` (k + 1, n) from the start,
    ``values`` W at each, ``coordinates`` the coordinate each step changed (−1: all, gradient ascent)
    and the analytic maximiser ``optimum`` = c with W(c) = 0."""

    points: FloatArray
    values: FloatArray
    coordinates: np.ndarray
    optimum: FloatArray


def quadratic_ascent(A, center, start, method: str = "coordinate", eta: float = 0.5,
                     max_steps: int = 100, tol: float = 1e-8) -> AscentPath:
    """Maximise W(α) = −½(α − c)ᵀA(α − c) (A symmetric positive definite) from ``start``.

    ``"coordinate"``: CS229 notes 3 (coordinate ascent; seed-001 spec §E.S7), cycling i = 1 … n,
    αᵢ := argmax over αᵢ of W = cᵢ − Σ_{j≠i} A_ij(αⱼ − cⱼ)/A_ii, each step along one axis.
    ``"gradient"``: α := α + η∇W(α) = α − ηA(α − c) (stable for η < 2/λ_max(A)).
    Stops once W(c) − W(α) < ``tol`` or after ``max_steps`` steps.
    """
    A, c = np.asarray(A, dtype=float), np.asarray(center, dtype=float).ravel()
    alpha = np.asarray(start, dtype=float).ravel()
    n = len(c)
    if A.shape != (n, n) or alpha.shape != (n,):
        raise ValueError(f"A must be {n}×{n} and the start a point with {n} coordinates.")
    if not (np.all(np.isfinite(A)) and np.all(np.isfinite(c)) and np.all(np.isfinite(alpha))):
        raise ValueError("A, the centre and the start must be finite numbers.")
    if not np.allclose(A, A.T) or np.linalg.eigvalsh(A)[0] <= 0:
        raise ValueError("A must be symmetric positive definite, so that W has a single maximum.")
    if method not in ASCENT_METHODS:
        raise ValueError(f"method must be one of {ASCENT_METHODS}; got {method!r}.")
    check_positive(eta, "The step size η")
    max_steps = _check_int(max_steps, "max_steps")

    def value(a):
        d = a - c
        return -0.5 * float(d @ A @ d)

    points, values, coords = [alpha.copy()], [value(alpha)], []
    for step in range(max_steps):
        if -values[-1] < tol:
            break
        if method == "coordinate":
            i = step % n
            d = alpha - c
            alpha[i] = c[i] - (A[i] @ d - A[i, i] * d[i]) / A[i, i]
        else:
            i = -1
            alpha = alpha - eta * A @ (alpha - c)
            if not np.all(np.abs(alpha) < 1e100):
                break  # diverged (η too large): the iterates are already off every plot
        points.append(alpha.copy())
        values.append(value(alpha))
        coords.append(i)
    coordinates = np.array(coords, dtype=int)
    coordinates.setflags(write=False)
    return AscentPath(_frozen(points), _frozen(values), coordinates, _frozen(c))


# ---- kernels and their explicit features ---------------------------------------------------------

def explicit_features(X, kernel: str = "linear", degree: int = 2) -> FloatArray:
    """φ(x) with φ(x)ᵀφ(z) = K(x, z) for the kernels that have a finite one (Supplementary §3):
    ``"linear"`` φ(x) = x; ``"poly"`` (xᵀz + 1)^p, whose φ has one coordinate √(p!/∏kⱼ!) ∏ x̃ⱼ^kⱼ per
    monomial of degree p in x̃ = (x, 1). The Gaussian kernel's φ is infinite-dimensional."""
    X = check_array(X)
    if kernel == "linear":
        return X
    if kernel != "poly":
        raise ValueError(f"Only the linear and polynomial kernels have a finite feature map; got {kernel!r}.")
    p = _check_int(degree, "The polynomial degree p")
    Xt = np.c_[X, np.ones(len(X))]
    columns = []
    for combo in combinations_with_replacement(range(Xt.shape[1]), p):
        counts = np.bincount(combo, minlength=Xt.shape[1])
        weight = math.factorial(p) / math.prod(math.factorial(int(k)) for k in counts)
        columns.append(math.sqrt(weight) * np.prod(Xt[:, list(combo)], axis=1))
    return np.column_stack(columns)


def kernel_loss(z, y, loss: str) -> tuple[FloatArray, FloatArray]:
    """L(z, y) and L′(z, y) = ∂L/∂z for labels y = ±1 (Supplementary §1, §5): hinge [1 − yz]₊
    (subgradient −y where yz < 1), logistic log(1 + e^(−yz)) (L′ = −y/(1 + e^(yz))), squared ½(z − y)²."""
    z, y = np.asarray(z, dtype=float), np.asarray(y, dtype=float)
    if loss == "hinge":
        return np.maximum(0.0, 1.0 - y * z), np.where(y * z < 1.0, -y, 0.0)
    if loss == "logistic":
        return np.logaddexp(0.0, -y * z), -y * expit(-y * z)
    if loss == "squared":
        return 0.5 * (z - y) ** 2, z - y
    raise ValueError(f"loss must be one of {KERNEL_LOSSES}; got {loss!r}.")


# L′(z, y) of kernel_loss for one sample in Python floats (numpy calls on scalars cost a step more)
_LOSS_DERIVATIVES = {
    "hinge": lambda z, y: -y if y * z < 1.0 else 0.0,
    "logistic": lambda z, y: -y * float(expit(-y * z)),
    "squared": lambda z, y: z - y,
}


class _KernelModel(BaseEstimator):
    """What both kernel estimators share: the kernel, ±1 labels, and f(x) = Σᵢ αᵢ K(xᵢ, x)."""

    def _check_kernel(self):
        if self.kernel not in SGD_KERNELS:
            raise ValueError(f"kernel must be one of {SGD_KERNELS}; got {self.kernel!r}.")
        check_positive(self.tau, "The bandwidth τ")
        _check_int(self.degree, "The polynomial degree p")
        check_positive(self.lam, "The regularisation λ")

    def _kernel(self, A, B) -> FloatArray:
        """K(a, b): xᵀz, (xᵀz + 1)^p or exp(−‖x − z‖²/(2τ²)) (Supplementary §3)."""
        return svc_kernel(A, B, self.kernel, sigma=self.tau, degree=self.degree, coef0=1.0)

    def _targets(self, X, y):
        X, y = _check_labels(X, y, min_samples=2)
        self.classes_, t = _binary_targets(y, type(self).__name__)
        self.X_fit_, self.n_features_in_ = X, X.shape[1]
        return X, t

    def decision_function(self, X, alpha=None) -> FloatArray:
        """f(x) = Σᵢ αᵢ K(xᵢ, x) (Supplementary §6): > 0 predicts ``classes_[1]``; ``alpha`` another α."""
        X = check_new_data(self, X, "X_fit_")
        return self._kernel(X, self.X_fit_) @ (self.alpha_ if alpha is None else alpha)

    def predict(self, X) -> np.ndarray:
        return self.classes_[(self.decision_function(X) > 0).astype(int)]


# ---- Algorithm 1: SGD for kernel machines --------------------------------------------------------

@dataclass(frozen=True)
class KernelSGDStep:
    """Step t of Algorithm 1: the sample i, its label y, z = K⁽ⁱ⁾ᵀα before the step, L′(z, y), the
    step size η_t, αᵢ before the step, and α and J_λ(α) after it."""

    t: int
    i: int
    y: float
    z: float
    dloss: float
    eta: float
    alpha_i: float
    alpha: FloatArray
    objective: float


class KernelSGD(_KernelModel):
    """Stochastic gradient descent for kernel machines (seed 001, Supplementary §4, Algorithm 1).

    α := 0; for t = 1 … ``n_iter``: draw i uniformly, α := α − η_t[L′(K⁽ⁱ⁾ᵀα, yᵢ)K⁽ⁱ⁾ + mλK⁽ⁱ⁾αᵢ]
    with η_t = η₀/√t: an unbiased stochastic gradient of J_λ(α) = (1/m)Σᵢ L(K⁽ⁱ⁾ᵀα, yᵢ) + (λ/2)αᵀKα.
    The seed's figure of the algorithm is missing; this is its reconstruction from the formulas
    (spec M26). ``history_`` holds at most 60 steps: the first ten, then evenly spread ones.
    """

    def __init__(self, kernel: str = "gaussian", tau: float = 1.0, degree: int = 2, lam: float = 0.01,
                 loss: str = "hinge", n_iter: int = 2000, eta0: float = 1.0, random_state=0):
        self._store(locals())

    def fit(self, X, y) -> "KernelSGD":
        self._check_kernel()
        kernel_loss(0.0, 1.0, self.loss)
        n_iter = _check_int(self.n_iter, "The number of iterations")
        check_positive(self.eta0, "The step size η₀")
        X, t = self._targets(X, y)
        K = self._kernel(X, X)
        m = len(t)
        order = check_random_state(self.random_state).integers(0, m, n_iter)
        recorded = set(range(1, min(FIRST_STEPS, n_iter) + 1))
        recorded |= set(np.linspace(1, n_iter, MAX_RECORDED - len(recorded)).round().astype(int).tolist())
        alpha, history = np.zeros(m), []
        derivative, targets, m_lam = _LOSS_DERIVATIVES[self.loss], t.tolist(), m * self.lam
        with np.errstate(over="ignore", invalid="ignore"):     # a diverging run is stopped below
            for step, i in enumerate(order.tolist(), start=1):
                row = K[i]
                z = float(row @ alpha)
                dloss = derivative(z, targets[i])
                eta, alpha_i = self.eta0 / math.sqrt(step), float(alpha[i])
                alpha -= (eta * (dloss + m_lam * alpha_i)) * row
                if step % 64 == 0 or step in recorded:
                    if not np.all(np.abs(alpha) < 1e100):
                        raise ValueError("Stochastic gradient descent diverged: lower η₀ or λ (the factor "
                                         "mλ in the update makes a large λ unstable).")
                    if step in recorded:
                        history.append(KernelSGDStep(step, i, targets[i], z, dloss, eta, alpha_i,
                                                     _frozen(alpha.copy()), self._objective(K, t, alpha)))
        self.alpha_, self.K_, self.y_signed_ = _frozen(alpha), _frozen(K), _frozen(t)
        self.history_ = tuple(history)
        self.objective_ = self._objective(K, t, alpha)
        return self

    def _objective(self, K, t, alpha) -> float:
        """J_λ(α) = (1/m) Σᵢ L(K⁽ⁱ⁾ᵀα, yᵢ) + (λ/2) αᵀKα (Supplementary §4)."""
        f = K @ alpha
        return float(np.mean(kernel_loss(f, t, self.loss)[0]) + 0.5 * self.lam * alpha @ f)


# ---- the representer theorem, checked --------------------------------------------------------------

class RepresenterRidge(_KernelModel):
    """Regularised least squares (2) with L(z, y) = ½(z − y)², solved both ways (Supplementary §2–3).

    Over α (Theorem 2.1): ∇J_λ(α) = (1/m)K[(K + mλI)α − y] = 0 gives α = (K + mλI)⁻¹y for any kernel.
    Over θ, for kernels with a finite φ (:func:`explicit_features`): θ = (ΦᵀΦ + mλI)⁻¹Φᵀy, which the
    theorem says equals Σᵢ αᵢ φ(xᵢ) = Φᵀα (``theta_`` and ``theta_from_alpha_``; None for the
    Gaussian kernel). The spec's erratum: the exact coefficient is αᵢ = −L′ᵢ/(λm), with the 1/m.
    """

    def __init__(self, kernel: str = "linear", tau: float = 1.0, degree: int = 2, lam: float = 0.01):
        self._store(locals())

    def fit(self, X, y) -> "RepresenterRidge":
        self._check_kernel()
        X, t = self._targets(X, y)
        m = len(t)
        K = self._kernel(X, X)
        self.alpha_ = _frozen(np.linalg.solve(K + m * self.lam * np.eye(m), t))
        self.theta_ = self.theta_from_alpha_ = None
        if self.kernel != "gaussian":
            Phi = explicit_features(X, self.kernel, self.degree)
            A = Phi.T @ Phi + m * self.lam * np.eye(Phi.shape[1])
            self.theta_ = _frozen(np.linalg.solve(A, Phi.T @ t))
            self.theta_from_alpha_ = _frozen(Phi.T @ self.alpha_)
        f = K @ self.alpha_
        self.objective_ = float(np.mean(0.5 * (f - t) ** 2) + 0.5 * self.lam * self.alpha_ @ f)
        return self
