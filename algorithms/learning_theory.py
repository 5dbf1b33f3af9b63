"""Learning theory: bias–variance by simulation, Hoeffding and the union bound, shattering and the VC
bound, and the Bayesian (MAP) reading of regularisation.

CS229 Part VI (M28 finite-H bound, M30 shattering, M31 VC bound; F.S1–F.S2 from the notes' full
text: bias/variance, union bound, Hoeffding) and Part VII §3 (M37 MAP and regularisation); seed 003
§8.1 (evidence updates the prior rather than deciding alone).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_is_fitted
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import clone
from algorithms.basis import LinearBasis

__all__ = ["finite_class_gamma", "sample_complexity", "hoeffding_bound", "vc_bound", "HoeffdingResult",
           "hoeffding_experiment", "hoeffding_curve", "CONCEPT_CLASSES", "VC_DIMENSIONS",
           "MAX_SHATTER_POINTS",
           "realisable_labellings", "shatters", "line_in_box", "BiasVariance", "bias_variance",
           "bias_variance_curve", "TRUTHS",
           "BayesianLinearRegression", "PosteriorStep", "log_posterior_grid", "laplace_map"]


# ---------------------------------------------------------------------------------------------
# Finite H: Hoeffding, the union bound and the sample complexity (M28, F.S2)

def _check_count(value, name: str, low: int = 1) -> int:
    if isinstance(value, bool) or int(value) != value or value < low:
        raise ValueError(f"{name} must be a whole number ≥ {low}; got {value}.")
    return int(value)


def _check_probability(value, name: str) -> float:
    value = float(value)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1; got {value:g}.")
    return value


def finite_class_gamma(m, k, delta) -> FloatArray:
    """γ = √(log(2k/δ) / (2m)) (natural log): with probability ≥ 1 − δ every h of a class of k
    hypotheses has |ε(h) − ε̂(h)| ≤ γ, and ε(ĥ) ≤ min ε + 2γ (CS229 M28; k = m = 1000, δ = 0.05
    gives 0.0728)."""
    m = np.asarray(m, dtype=float)
    if np.any(m < 1) or float(k) < 1:
        raise ValueError("m and k must be at least 1.")
    delta = _check_probability(delta, "δ")
    return np.sqrt(np.log(2.0 * float(k) / delta) / (2.0 * m))


def sample_complexity(gamma, k, delta) -> int:
    """The smallest m with m ≥ log(2k/δ) / (2γ²) (CS229 M28 corollary)."""
    gamma = check_positive(gamma, "γ")
    delta = _check_probability(delta, "δ")
    if float(k) < 1:
        raise ValueError("k must be at least 1.")
    return int(np.ceil(np.log(2.0 * float(k) / delta) / (2.0 * gamma**2)))


def hoeffding_bound(m, gamma, k=1) -> FloatArray:
    """min(1, 2k exp(−2γ²m)): Hoeffding for one coin (k = 1), the union bound over k (F.S2)."""
    gamma = check_positive(gamma, "γ")
    return np.minimum(1.0, 2.0 * float(k) * np.exp(-2.0 * gamma**2 * np.asarray(m, dtype=float)))


def vc_bound(m, d, delta) -> FloatArray:
    """√((d/m) log(m/d) + (1/m) log(1/δ)), the VC bound up to its unknown constant (CS229 M31).

    The seed prints log(d/m), negative for m > d: an erratum; the original has log(m/d).
    """
    m = np.asarray(m, dtype=float)
    d = float(_check_count(d, "The VC dimension d"))
    delta = _check_probability(delta, "δ")
    if np.any(m < d):
        raise ValueError("The VC bound is stated for m ≥ d.")
    return np.sqrt(d / m * np.log(m / d) + np.log(1.0 / delta) / m)


@dataclass(frozen=True)
class HoeffdingResult:
    """Frequencies over the trials: one coin's |φ̂ − φ| > γ, and the same for at least one of k
    coins; the bounds; ``phi_hat`` (trials, k) the estimates of each run."""

    single_frequency: float
    any_frequency: float
    single_bound: float
    union_bound: float
    phi_hat: FloatArray


def hoeffding_experiment(m, gamma, k=1, phi=0.5, n_trials=2000, random_state=None) -> HoeffdingResult:
    """Toss k coins of bias φ m times each, ``n_trials`` times (F.S2): coin i stands for
    Z = 1{h_i(x) ≠ y} of hypothesis i, so φ̂ is its training error and φ its generalisation error.
    Compares how often |φ̂ − φ| > γ with Hoeffding's 2exp(−2γ²m) and the union bound 2k exp(−2γ²m).
    """
    m = _check_count(m, "m")
    k = _check_count(k, "k (the number of hypotheses)")
    n_trials = _check_count(n_trials, "The number of trials")
    gamma = check_positive(gamma, "γ")
    phi = float(phi)
    if not 0.0 <= phi <= 1.0:
        raise ValueError(f"φ is a probability in [0, 1]; got {phi:g}.")
    rng = check_random_state(random_state)
    phi_hat = rng.binomial(m, phi, size=(n_trials, k)) / m
    off = np.abs(phi_hat - phi) > gamma
    return HoeffdingResult(float(off[:, 0].mean()), float(off.any(axis=1).mean()),
                           float(hoeffding_bound(m, gamma)), float(hoeffding_bound(m, gamma, k)), phi_hat)


def hoeffding_curve(ms, gamma, k=1, phi=0.5, n_trials=2000, random_state=None):
    """:func:`hoeffding_experiment` at each m of ``ms``: the observed frequencies for one coin and
    for any of k coins, as two arrays."""
    rng = check_random_state(random_state)
    runs = [hoeffding_experiment(m, gamma, k, phi, n_trials, rng) for m in ms]
    return np.array([r.single_frequency for r in runs]), np.array([r.any_frequency for r in runs])


# ---------------------------------------------------------------------------------------------
# Shattering (M30)

CONCEPT_CLASSES = ("line", "rectangle", "interval")
VC_DIMENSIONS = {"line": 3, "rectangle": 4, "interval": 2}
MAX_SHATTER_POINTS = 7  # 2⁷ = 128 labellings: the enumeration cap


def _inside_box(points, positive):
    """Labelling realisable by an axis-aligned box (1-D: an interval), positive inside: no negative
    point lies in the bounding box of the positives. Returns (ok, box lo, box hi)."""
    if not positive.any():
        return True, None, None
    lo, hi = points[positive].min(0), points[positive].max(0)
    trapped = np.all((points >= lo) & (points <= hi), axis=1) & ~positive
    return not trapped.any(), lo, hi


def _half_plane(points, positive):
    """A θ with θᵀx̂ ≥ 1 on positives and ≤ −1 on negatives (an LP; exists iff h(x) = 1{θᵀx̂ ≥ 0}
    realises the labelling), else None."""
    from scipy.optimize import linprog  # imported here: scipy.optimize slows every app start
    Xh = np.column_stack([np.ones(len(points)), points])
    signs = np.where(positive, 1.0, -1.0)
    res = linprog(np.zeros(Xh.shape[1]), A_ub=-signs[:, None] * Xh, b_ub=-np.ones(len(points)),
                  bounds=[(None, None)] * Xh.shape[1], method="highs")
    return res.x if res.status == 0 else None


def realisable_labellings(points, concept_class: str):
    """Every labelling of the points (row j of ``labels`` is labelling j in binary, 1 = positive),
    whether the class realises it, and a witness for each realised one (θ of a line, (lo, hi) of a
    box or interval; None otherwise). Lines use 2-D points, intervals the first coordinate."""
    if concept_class not in CONCEPT_CLASSES:
        raise ValueError(f"concept_class must be one of {CONCEPT_CLASSES}; got {concept_class!r}.")
    points = check_array(points, name="The points")
    if concept_class == "interval":
        points = points[:, :1]
    elif points.shape[1] != 2:
        raise ValueError(f"A {concept_class} lives in the plane: give 2-D points; got {points.shape[1]}-D.")
    n = len(points)
    if n > MAX_SHATTER_POINTS:
        raise ValueError(f"{n} points have 2^{n} labellings; the enumeration stops at {MAX_SHATTER_POINTS} "
                         "points.")
    labels = np.array(list(product([0, 1], repeat=n)), dtype=int).reshape(-1, n)
    ok, witnesses = [], []
    for row in labels.astype(bool):
        if concept_class == "line":
            theta = _half_plane(points, row)
            ok.append(theta is not None)
            witnesses.append(theta)
        else:
            good, lo, hi = _inside_box(points, row)
            ok.append(good)
            witnesses.append((lo, hi) if good else None)
    return labels, np.array(ok), witnesses


def shatters(points, concept_class: str) -> bool:
    """True when the class realises all 2ⁿ labellings of the points (CS229 M30)."""
    return bool(realisable_labellings(points, concept_class)[1].all())


def line_in_box(theta, lo, hi) -> FloatArray:
    """The piece of the line θ₀ + θ₁x₁ + θ₂x₂ = 0 inside the box [lo, hi] as its two end points
    (shape (2, 2)), or an empty (0, 2) array when the line misses the box."""
    theta = np.asarray(theta, dtype=float)
    lo, hi = np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)
    ends = []
    for axis in (0, 1):
        other = 1 - axis
        if abs(theta[1 + other]) < 1e-12:
            continue
        for edge in (lo[axis], hi[axis]):
            value = -(theta[0] + theta[1 + axis] * edge) / theta[1 + other]
            if lo[other] - 1e-9 <= value <= hi[other] + 1e-9:
                point = np.empty(2)
                point[axis], point[other] = edge, value
                ends.append(point)
    if not ends:
        return np.empty((0, 2))
    ends = np.array(ends)
    far = np.argmax(((ends - ends[0]) ** 2).sum(1))
    return np.array([ends[0], ends[far]])


# ---------------------------------------------------------------------------------------------
# Bias and variance by simulation (F.S1)

TRUTHS = {
    "sine": lambda x: np.sin(np.pi * x),
    "quadratic": lambda x: 1.0 - 2.0 * x**2,
}


@dataclass(frozen=True)
class BiasVariance:
    """Over the test inputs ``x_test``: each training set's predictions (n_sets, n_test), their mean,
    squared bias, variance, the noise σ², and the test error measured on fresh noisy targets."""

    x_test: FloatArray
    predictions: FloatArray
    mean_prediction: FloatArray
    bias2: float
    variance: float
    noise: float
    test_error: float


def bias_variance(model_factory, truth, n_sets=50, n=20, noise=0.3, x_range=(-1.0, 1.0), n_test=100,
                  random_state=None) -> BiasVariance:
    """Draw ``n_sets`` training sets of n points x ~ U(x_range), y = truth(x) + N(0, noise²), fit
    ``model_factory()`` to each and decompose the expected squared test error at fixed x_test:
    E[(y − f̂(x))²] = (f(x) − E f̂(x))² + Var f̂(x) + σ² (F.S1, the standard decomposition).
    ``truth`` is a function or a name of :data:`TRUTHS`.
    """
    truth = TRUTHS[truth] if isinstance(truth, str) else truth
    n_sets = _check_count(n_sets, "The number of training sets", 2)
    n = _check_count(n, "n (points per training set)", 2)
    noise = check_positive(noise, "The noise σ", allow_zero=True)
    rng = check_random_state(random_state)
    lo, hi = map(float, x_range)
    x_test = np.linspace(lo, hi, _check_count(n_test, "n_test"))
    f_test = truth(x_test)
    X = rng.uniform(lo, hi, size=(n_sets, n))
    Y = truth(X) + noise * rng.standard_normal((n_sets, n))
    predictions = np.array([model_factory().fit(x[:, None], y).predict(x_test[:, None])
                            for x, y in zip(X, Y, strict=True)])
    mean = predictions.mean(0)
    y_fresh = f_test + noise * rng.standard_normal(predictions.shape)
    return BiasVariance(x_test, predictions, mean, float(np.mean((mean - f_test) ** 2)),
                        float(np.mean(predictions.var(0))), noise**2,
                        float(np.mean((y_fresh - predictions) ** 2)))


def bias_variance_curve(model_of, params, truth, n_sets=50, n=20, noise=0.3, x_range=(-1.0, 1.0),
                        n_test=100, random_state=None) -> dict[str, FloatArray]:
    """:func:`bias_variance` for each complexity p of ``params`` (degree or λ) with the model
    ``model_of(p)``, on the same training sets (one seed): arrays "bias2", "variance", "noise",
    "test_error" against p."""
    runs = [bias_variance(lambda p=p: model_of(p), truth, n_sets, n, noise, x_range, n_test, random_state)
            for p in params]
    return {name: np.array([getattr(r, name) for r in runs]) for name in ("bias2", "variance", "noise",
                                                                          "test_error")}


# ---------------------------------------------------------------------------------------------
# MAP and Bayesian linear regression (M37)

@dataclass(frozen=True)
class PosteriorStep:
    """The posterior N(mean, cov) after the first ``n_seen`` samples."""

    n_seen: int
    mean: FloatArray
    cov: FloatArray


class BayesianLinearRegression(BaseEstimator):
    """Bayesian linear regression: prior θ ~ N(0, α⁻¹I), y | x, θ ~ N(θᵀφ(x), β⁻¹) (CS229 M37, the
    conjugate case). Posterior N(m_N, S_N) with S_N = (αI + βΦᵀΦ)⁻¹ and m_N = βS_NΦᵀy; m_N is the
    MAP estimate, ridge with λ = α/β (every θ_j penalised, the intercept too, as in Ridge).
    ``history_`` holds the posterior after each of the first ``n_snapshots`` samples, as data arrive
    one by one (step 0 is the prior).
    """

    def __init__(self, alpha: float = 1.0, beta: float = 25.0, basis=None, n_snapshots: int = 50):
        self._store(locals())

    def fit(self, X, y) -> "BayesianLinearRegression":
        X, y = check_X_y(X, y)
        alpha = check_positive(self.alpha, "The prior precision α")
        beta = check_positive(self.beta, "The noise precision β")
        self.basis_ = (LinearBasis() if self.basis is None else clone(self.basis)).fit(X)
        Phi = self.basis_.transform(X)
        b = Phi.shape[1]
        keep = min(len(y), _check_count(self.n_snapshots, "n_snapshots", 0))
        history = [PosteriorStep(0, np.zeros(b), np.eye(b) / alpha)]
        for i in range(1, keep + 1):
            history.append(PosteriorStep(i, *self._posterior(Phi[:i], y[:i], alpha, beta)))
        self.history_ = tuple(history)
        self.mean_, self.cov_ = self._posterior(Phi, y, alpha, beta)
        self.theta_ = self.mean_
        return self

    @staticmethod
    def _posterior(Phi, y, alpha, beta):
        precision = alpha * np.eye(Phi.shape[1]) + beta * Phi.T @ Phi
        cov = np.linalg.inv(precision)
        cov = (cov + cov.T) / 2.0
        return beta * cov @ Phi.T @ y, cov

    def predict(self, X, return_std: bool = False):
        """The predictive mean m_Nᵀφ(x) and, if asked, its standard deviation √(1/β + φᵀS_Nφ)."""
        check_is_fitted(self, "mean_")
        Phi = self.basis_.transform(X)
        mean = Phi @ self.mean_
        if not return_std:
            return mean
        return mean, np.sqrt(1.0 / self.beta + np.einsum("ij,jk,ik->i", Phi, self.cov_, Phi))

    def sample_curves(self, X, n_samples: int = 10, random_state=None) -> FloatArray:
        """Curves φ(x)ᵀθ for θ drawn from the posterior, shape (n_samples, len(X))."""
        check_is_fitted(self, "mean_")
        rng = check_random_state(random_state)
        thetas = rng.multivariate_normal(self.mean_, self.cov_, size=_check_count(n_samples, "n_samples"))
        return thetas @ self.basis_.transform(X).T


def log_posterior_grid(Phi, y, alpha, beta, prior: str, g1, g2) -> FloatArray:
    """log p(θ | S) up to a constant over the grid θ = (g1[j], g2[i]) for b = 2: the Gaussian
    log-likelihood −(β/2)‖y − Φθ‖² plus the prior −(α/2)‖θ‖² ("gaussian") or −α‖θ‖₁ ("laplace")."""
    Phi, y = check_X_y(Phi, y)
    if Phi.shape[1] != 2:
        raise ValueError("The posterior grid is drawn for two parameters (b = 2).")
    if prior not in ("gaussian", "laplace", "flat"):
        raise ValueError(f"prior must be 'gaussian', 'laplace' or 'flat'; got {prior!r}.")
    T1, T2 = np.meshgrid(np.asarray(g1, float), np.asarray(g2, float))
    G = Phi.T @ Phi
    r = Phi.T @ y
    sse = y @ y - 2 * (r[0] * T1 + r[1] * T2) + G[0, 0] * T1**2 + 2 * G[0, 1] * T1 * T2 + G[1, 1] * T2**2
    log_prior = {"gaussian": -alpha / 2 * (T1**2 + T2**2), "laplace": -alpha * (np.abs(T1) + np.abs(T2)),
                 "flat": 0.0}[prior]
    return -beta / 2 * sse + log_prior


def laplace_map(Phi, y, alpha, beta, n_iter: int = 2000) -> FloatArray:
    """MAP under the Laplace prior p(θ) ∝ exp(−α‖θ‖₁): the lasso min ½‖y − Φθ‖² + (α/β)‖θ‖₁,
    solved by proximal gradient steps (ISTA) with step 1/λmax(ΦᵀΦ)."""
    Phi, y = check_X_y(Phi, y)
    lam = check_positive(alpha, "α", allow_zero=True) / check_positive(beta, "β")
    G, r = Phi.T @ Phi, Phi.T @ y
    step = 1.0 / max(np.linalg.eigvalsh(G).max(), 1e-12)
    theta = np.zeros(Phi.shape[1])
    for _ in range(_check_count(n_iter, "n_iter")):
        z = theta - step * (G @ theta - r)
        theta = np.sign(z) * np.maximum(np.abs(z) - step * lam, 0.0)
    return theta
