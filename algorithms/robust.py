"""Robust regression: ℓ1 (least absolute deviations), Huber and Tukey losses, ℓ1-constrained Huber.

Sugiyama ch. 6 (seed 000, spec A6.1–A6.4). The model is f_θ(x) = θᵀφ(x) with residuals
r_i = f_θ(x_i) − y_i. ``fit(X, y)`` on raw inputs uses the linear model φ(x) = (1, x); ``basis=``
(a basis of :mod:`algorithms.basis`) selects any other. Huber, Tukey and the ℓ1-constrained Huber are
minimised by iteratively reweighted least squares (IRLS, Fig 6.7): each step solves a weighted least
squares problem whose quadratic majorises the loss at the current residuals, so the objective never
rises (spec pitfall 13.3; for Tukey because ρ is concave in r²).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog

from algorithms._base import FloatArray
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import weighted_gram
from algorithms.basis import BasisModel

__all__ = [
    "LeastAbsoluteDeviation",
    "HuberRegression",
    "TukeyRegression",
    "L1HuberRegression",
    "IRLSStep",
    "TukeyRestarts",
    "tukey_restarts",
    "subsample",
    "robust_loss",
    "robust_weight",
    "ROBUST_LOSSES",
]

ROBUST_LOSSES = ("l2", "l1", "huber", "tukey")
MIN_SAMPLES = 3
MAX_SNAPSHOTS = 200
RCOND = 1e-10  # singular values of the weighted design below this share of the largest count as 0: once
# Tukey gives far points weight 0, a kernel model's weighted system is nearly singular, and lstsq's
# default cut would let θ grow without bound through directions the remaining points cannot see


def robust_loss(name: str, r, eta: float = 1.0) -> FloatArray:
    """ρ(r) of the ℓ2 (r²/2), ℓ1 (|r|), Huber and Tukey losses (Sugiyama §6.1–6.3, Figs 6.2, 6.4, 6.10).

    Huber: r²/2 for |r| ≤ η, η|r| − η²/2 beyond. Tukey: (1 − (1 − r²/η²)³) η²/6 for |r| ≤ η, η²/6
    beyond (the printed subscript "Ttukey" is a typo, erratum 17).
    """
    r = np.asarray(r, dtype=float)
    a = np.abs(r)
    if name == "l2":
        return 0.5 * r * r
    if name == "l1":
        return a
    if name == "huber":
        return np.where(a <= eta, 0.5 * r * r, eta * a - 0.5 * eta * eta)
    if name == "tukey":
        inside = 1.0 - np.minimum(a / eta, 1.0) ** 2
        return (1.0 - inside**3) * eta * eta / 6.0
    raise ValueError(f"Unknown loss {name!r}; choose one of {ROBUST_LOSSES}.")


def robust_weight(name: str, r, eta: float = 1.0) -> FloatArray:
    """The IRLS weight w(r) = ρ′(r)/r (Sugiyama §6.2 Fig 6.6, §6.3): ℓ2 1; ℓ1 1/|r| (∞ at 0);
    Huber 1 for |r| ≤ η, η/|r| beyond; Tukey (1 − r²/η²)² for |r| ≤ η, 0 beyond."""
    r = np.asarray(r, dtype=float)
    a = np.abs(r)
    if name == "l2":
        return np.ones_like(r)
    if name == "l1":
        with np.errstate(divide="ignore"):
            return 1.0 / a
    if name == "huber":
        return eta / np.maximum(a, eta)
    if name == "tukey":
        return np.where(a <= eta, (1.0 - (a / eta) ** 2) ** 2, 0.0)
    raise ValueError(f"Unknown loss {name!r}; choose one of {ROBUST_LOSSES}.")


@dataclass(frozen=True)
class IRLSStep:
    """One IRLS iteration: θ after it, the weights w_i that produced it (from the previous θ; step 0 is
    the least-squares start, all weights 1) and the objective J(θ)."""

    step: int
    theta: FloatArray
    weights: FloatArray
    objective: float


def _frozen(a) -> FloatArray:
    a = np.array(a, dtype=float)
    a.setflags(write=False)
    return a


def _check_eta(eta, allow_inf: bool = False) -> float:
    if allow_inf and eta is not None and float(eta) == np.inf:
        return np.inf
    return check_positive(eta, "The threshold η")


def _check_int(value, name: str) -> int:
    if int(value) != value or value < 1:
        raise ValueError(f"{name} must be a whole number ≥ 1; got {value}.")
    return int(value)


class _RobustRegressor(BasisModel):
    """Validation, the design matrix and prediction shared by the robust estimators."""

    def _design(self, X, y):
        X, y = check_X_y(X, y, min_samples=MIN_SAMPLES)
        spread = float(np.max(y) - np.min(y))
        if spread <= 1e-12 * max(1.0, float(np.max(np.abs(y)))):
            raise ValueError(f"All {len(y)} targets are equal (y = {y[0]:g}): every loss fits the same flat "
                             "line, so there is nothing to compare. Change at least one y.")
        self.basis_ = self._fit_basis(X)
        self.n_features_in_ = X.shape[1]
        return self.basis_.transform(X), y


class LeastAbsoluteDeviation(_RobustRegressor):
    """ℓ1-loss minimisation J(θ) = Σ|r_i| (Sugiyama §6.1, "LA"; the constant model gives the median).

    The book approximates it by Huber IRLS with a tiny η (Fig 6.9 with e = 0.01, Fig 6.3); here it is
    solved exactly (the reference solver the spec suggests) as the dual linear programme
    max_d yᵀd s.t. Φᵀd = 0, −1 ≤ d_i ≤ 1 (scipy's HiGHS): b constraints instead of n, and θ is the
    multiplier of Φᵀd = 0. The optimum can be non-unique (a flat piece of J).
    """

    def __init__(self, basis=None):
        self._store(locals())

    def fit(self, X, y) -> "LeastAbsoluteDeviation":
        Phi, y = self._design(X, y)
        result = linprog(-y, A_eq=Phi.T, b_eq=np.zeros(Phi.shape[1]), bounds=(-1.0, 1.0), method="highs")
        if result.status != 0:
            raise ValueError(f"The ℓ1 fit failed: {result.message}")
        self.theta_ = -np.asarray(result.eqlin.marginals, dtype=float)
        self.objective_ = float(np.sum(np.abs(Phi @ self.theta_ - y)))
        return self


class _IRLSRegressor(_RobustRegressor):
    """θ ← argmin Σ w_i r_i² with w_i = w(r_i) of the previous θ (Sugiyama Fig 6.7), from least squares
    (or ``theta0``), until ‖Δθ‖ < tol (book: 0.001) or ``max_iter`` (book: 1000) iterations."""

    loss = ""

    def _weights(self, r):
        return robust_weight(self.loss, r, self._eta)

    def _objective(self, Phi, y, theta):
        return float(np.sum(robust_loss(self.loss, Phi @ theta - y, self._eta)))

    def _start(self, Phi, y):
        if self.theta0 is None:
            return np.linalg.lstsq(Phi, y, rcond=None)[0]
        theta = np.array(self.theta0, dtype=float).ravel()
        if theta.shape != (Phi.shape[1],) or not np.all(np.isfinite(theta)):
            raise ValueError(f"theta0 must be {Phi.shape[1]} finite numbers, one per basis function.")
        return theta

    def _step(self, Phi, y, w, theta):
        """The weighted least-squares solution θ = (ΦᵀWΦ)†ΦᵀWy (6.2), through lstsq on √w-scaled rows
        (weights rescaled by their maximum: spec pitfall for tiny η; singular values cut at RCOND)."""
        top = w.max()
        if top <= 0:
            return None
        s = np.sqrt(w / top)
        return np.linalg.lstsq(s[:, None] * Phi, s * y, rcond=RCOND)[0]

    def fit(self, X, y):
        Phi, y = self._design(X, y)
        self._eta = self._prepare(Phi)
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        max_iter = _check_int(self.max_iter, "max_iter")
        theta = self._start(Phi, y)
        steps = [IRLSStep(0, _frozen(theta), _frozen(np.ones(len(y))), self._objective(Phi, y, theta))]
        self.converged_, self.stalled_ = False, False
        for step in range(1, max_iter + 1):
            w = self._weights(Phi @ theta - y)
            new = self._step(Phi, y, w, theta)
            if new is None:  # every weight is 0 (Tukey: all |r| > η): keep θ (spec A6.3 pitfall)
                self.stalled_ = True
                break
            steps.append(IRLSStep(step, _frozen(new), _frozen(w), self._objective(Phi, y, new)))
            done = np.linalg.norm(new - theta) < tol
            theta = new
            if done:
                self.converged_ = True
                break
        self.theta_ = theta
        self.n_iter_ = len(steps) - 1
        self.objective_ = self._objective(Phi, y, theta)
        self.weights_ = self._weights(Phi @ theta - y)
        self.history_ = _thin(steps)
        return self


def _thin(steps: list[IRLSStep]) -> tuple[IRLSStep, ...]:
    """At most MAX_SNAPSHOTS steps: every early one, then spaced out, always the last."""
    if len(steps) <= MAX_SNAPSHOTS:
        return tuple(steps)
    keep = np.unique(np.round(np.geomspace(1, len(steps), MAX_SNAPSHOTS - 1)).astype(int) - 1)
    return tuple([steps[0]] + [steps[i] for i in keep if i > 0])


class HuberRegression(_IRLSRegressor):
    """Huber-loss minimisation J(θ) = Σ ρ_Huber(r_i) by IRLS (Sugiyama §6.2, (6.1)–(6.2), Figs 6.7, 6.9).

    ρ(r) = r²/2 for |r| ≤ η and η|r| − η²/2 beyond; the weights are w_i = 1 for |r_i| ≤ η and η/|r_i|
    beyond. The printed listing's ``p*`` is ``p'*`` (erratum 16). η → 0 approaches the ℓ1 fit, η → ∞
    least squares. The objective is convex and IRLS never increases it. Book demo (Fig 6.8): η = 1,
    about 4 iterations on DS-2.
    """

    loss = "huber"

    def __init__(self, eta: float = 1.0, basis=None, tol: float = 1e-3, max_iter: int = 1000, theta0=None):
        self._store(locals())

    def _prepare(self, Phi):
        return _check_eta(self.eta)


class TukeyRegression(_IRLSRegressor):
    """Tukey (biweight) loss minimisation by IRLS (Sugiyama §6.3, Fig 6.11).

    ρ(r) = (1 − (1 − r²/η²)³) η²/6 for |r| ≤ η and η²/6 beyond, so a point with |r| > η gets weight
    w = 0 and no influence; w = (1 − r²/η²)² inside. Not convex: IRLS never raises the objective but
    stops at a local optimum that depends on the start (least squares, or ``theta0``). Stops (and sets
    ``stalled_``) if every residual exceeds η.
    """

    loss = "tukey"

    def __init__(self, eta: float = 1.0, basis=None, tol: float = 1e-3, max_iter: int = 1000, theta0=None):
        self._store(locals())

    def _prepare(self, Phi):
        return _check_eta(self.eta)


class L1HuberRegression(_IRLSRegressor):
    """ℓ1-constrained Huber loss J(θ) = Σ ρ_Huber(r_i) + λ‖θ‖₁ (Sugiyama §6.4, Fig 6.12), by IRLS.

    θ ← (ΦᵀWΦ + λΘ†)⁻¹ΦᵀWy with W the Huber weights and Θ = diag(|θ_1|, …, |θ_b|) (the seed prints
    |θ_n|, erratum 18), in the scaled form Θ^½(Θ^½ΦᵀWΦΘ^½ + λI)⁻¹Θ^½ΦᵀWy (no pseudo-inverse of a
    tiny |θ_j|), plus the book's 1e-6 on the diagonal. η = ∞ is the ℓ2 loss (all weights 1, Fig 6.13
    a–b). With the default linear model the intercept θ₁ is not penalised; with ``basis=`` every θ_j
    is, as in the book. Coefficients below ``zero_tol`` are set to 0 and stay there; ``n_zero_``
    counts them (book Fig 6.13: 38 and 36 of 50).
    """

    loss = "huber"
    JITTER = 1e-6

    def __init__(self, eta: float = 1.0, lam: float = 0.1, basis=None, tol: float = 1e-3,
                 max_iter: int = 1000, theta0=None, zero_tol: float = 1e-6):
        self._store(locals())

    def _prepare(self, Phi):
        self._lam = check_positive(self.lam, "λ", allow_zero=True)
        self._zero_tol = check_positive(self.zero_tol, "zero_tol", allow_zero=True)
        self._penalised = np.ones(Phi.shape[1], bool)
        self._penalised[0] = self.basis is not None  # the linear model's intercept stays free
        return _check_eta(self.eta, allow_inf=True)

    def _weights(self, r):
        if self._eta == np.inf:
            return np.ones_like(r)
        return robust_weight("huber", r, self._eta)

    def _penalty(self, theta):
        return self._lam * float(np.sum(np.abs(theta[self._penalised])))

    def _objective(self, Phi, y, theta):
        r = Phi @ theta - y
        loss = 0.5 * r @ r if self._eta == np.inf else np.sum(robust_loss("huber", r, self._eta))
        return float(loss) + self._penalty(theta)

    def _start(self, Phi, y):
        if self.theta0 is not None:
            return super()._start(Phi, y)
        A = Phi.T @ Phi
        A.flat[:: A.shape[0] + 1] += self.JITTER
        return np.linalg.solve(A, Phi.T @ y)

    def _step(self, Phi, y, w, theta):
        A, rhs = weighted_gram(Phi, w), Phi.T @ (w * y)
        if self._lam == 0:  # no penalty: plain weighted least squares (Fig 6.13 a, c)
            A.flat[:: A.shape[0] + 1] += self.JITTER
            return np.linalg.solve(A, rhs)
        d = np.where(self._penalised, np.sqrt(np.abs(theta)), 1.0)
        M = d[:, None] * A * d[None, :]
        M.flat[:: M.shape[0] + 1] += self._lam * self._penalised + self.JITTER
        new = d * np.linalg.solve(M, d * rhs)
        return np.where(np.abs(new) <= self._zero_tol, 0.0, new)

    def fit(self, X, y) -> "L1HuberRegression":
        super().fit(X, y)
        self.n_zero_ = int(np.sum(self.theta_ == 0.0))
        return self


@dataclass(frozen=True)
class TukeyRestarts:
    """Tukey fits from several starts (Sugiyama §6.3, Fig 6.11: the result depends on the start).

    ``starts[k]`` is start k's θ (k = 0: least squares), ``fits[k]`` its converged TukeyRegression,
    ``optimum[k]`` the index of the distinct local optimum it reached, ``optima`` one representative fit
    index per distinct optimum (lowest objective first).
    """

    starts: FloatArray
    fits: tuple
    optimum: np.ndarray
    optima: tuple[int, ...]


def tukey_restarts(X, y, eta: float = 1.0, n_starts: int = 8, random_state=0, basis=None,
                   tol: float = 1e-6, max_iter: int = 1000) -> TukeyRestarts:
    """Run Tukey IRLS from least squares and from ``n_starts − 1`` elemental starts (the least-squares fit
    of b randomly chosen samples, e.g. the line through two points) and group the local optima."""
    n_starts = _check_int(n_starts, "The number of starts")
    first = TukeyRegression(eta, basis, tol, max_iter).fit(X, y)
    Phi, y = first.design(X), np.asarray(y, dtype=float)
    rng = check_random_state(random_state)
    n, b = Phi.shape
    starts = [first.history_[0].theta]
    for _ in range(n_starts - 1):
        pick = rng.choice(n, size=min(b, n), replace=False)
        starts.append(np.linalg.lstsq(Phi[pick], y[pick], rcond=None)[0])
    fits = [first] + [TukeyRegression(eta, basis, tol, max_iter, theta0=s).fit(X, y) for s in starts[1:]]
    optimum = np.full(n_starts, -1)
    optima: list[int] = []
    scale = 1e-3 * (1.0 + float(np.max(np.abs(y))))
    for k in np.argsort([f.objective_ for f in fits], kind="stable"):
        fitted_k = Phi @ fits[k].theta_
        same = [j for j in optima if np.max(np.abs(Phi @ fits[j].theta_ - fitted_k)) < scale]
        if same:
            optimum[k] = optima.index(same[0])
        else:
            optimum[k] = len(optima)
            optima.append(int(k))
    return TukeyRestarts(_frozen(starts), tuple(fits), optimum, tuple(optima))


def subsample(X, y, m: int, random_state=0):
    """At most ``m`` of the samples, drawn at random without replacement, in their original order
    (pages keep their fits interactive on large data); all of them when there are no more than m."""
    n = len(y)
    if n <= m:
        return X, y
    keep = np.sort(check_random_state(random_state).choice(n, size=int(m), replace=False))
    return X[keep], y[keep]
