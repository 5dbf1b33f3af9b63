"""Transfer learning: covariate shift, density ratios and differences, class-balance change.

Sugiyama ch. 18: importance-weighted least squares §18.1.1, relative importance §18.1.2, importance-
weighted cross-validation (IWCV) §18.1.3, RuLSIF §18.1.4 (Fig 18.6 listing), class-balance weighting
§18.2.1, semi-supervised estimation of the test class balance §18.2.2 and LSDD §18.2.3 (Fig 18.11
listing). The errata of §22 are fixed where noted: Ĝ_β in RuLSIF's solution, x′ in LSDD's v̂.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.linalg import LinAlgError

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import clone
from algorithms._base import gaussian_kernel
from algorithms._base import squared_distances
from algorithms.basis import LinearBasis
from algorithms.model_selection import CVResult
from algorithms.model_selection import fold_ids

__all__ = [
    "gaussian_density",
    "relative_importance",
    "gaussian_l2_difference",
    "ShiftSample",
    "covariate_shift_sample",
    "ImportanceWeightedLS",
    "iwcv",
    "FlatteningCurve",
    "flattening_curve",
    "RuLSIF",
    "RatioCV",
    "rulsif_cv",
    "LSDD",
    "lsdd_cv",
    "BalanceSample",
    "class_balance_sample",
    "class_balance_weights",
    "ClassBalanceLS",
    "bayes_threshold_1d",
    "ClassPrior",
    "estimate_class_prior",
]

LOG_2PI = np.log(2.0 * np.pi)
NUMERATOR, DENOMINATOR = "The numerator samples x′", "the denominator samples x"


def _check_beta(beta: float, name: str = "β") -> float:
    beta = float(beta)
    if not (np.isfinite(beta) and 0.0 <= beta <= 1.0):
        raise ValueError(f"{name} must lie between 0 and 1 (0: the plain importance, 1: no weighting); "
                         f"got {beta}.")
    return beta


def _check_prior(prior: float, name: str) -> float:
    prior = float(prior)
    if not (np.isfinite(prior) and 0.0 < prior < 1.0):
        raise ValueError(f"{name} must lie strictly between 0 and 1 so that both classes occur; got {prior}.")
    return prior


def _same_features(A: FloatArray, B: FloatArray, first: str, second: str) -> None:
    if A.shape[1] != B.shape[1]:
        raise ValueError(f"{first} have {A.shape[1]} feature(s) but {second} have {B.shape[1]}: both samples "
                         "must describe the same inputs.")


def gaussian_density(x, mean: float, sd: float, log: bool = False) -> FloatArray:
    """N(x; mean, sd²) of 1-D inputs (its logarithm with ``log=True``, which never underflows)."""
    sd = check_positive(sd, "The standard deviation")
    x = np.asarray(x, dtype=float).reshape(-1)
    logp = -0.5 * ((x - mean) / sd) ** 2 - np.log(sd) - 0.5 * LOG_2PI
    return logp if log else np.exp(logp)


def relative_importance(log_p_test, log_p_train, beta: float = 0.0) -> FloatArray:
    """w_β(x) = p′/(βp′ + (1−β)p) = 1/(β + (1−β)p/p′) ≤ 1/β from log densities (Sugiyama §18.1.2).

    β = 0 is the importance w = p′/p of §18.1.1, β = 1 gives w ≡ 1. Computed as
    1/(β + (1−β)·exp(log p − log p′)), so far tails give 0 or 1/β instead of 0/0.
    """
    beta = _check_beta(beta)
    ratio = np.exp(np.clip(np.asarray(log_p_train, float) - np.asarray(log_p_test, float), -700, 700))
    with np.errstate(divide="ignore"):
        return 1.0 / (beta + (1.0 - beta) * ratio)


def gaussian_l2_difference(mean1: float, sd1: float, mean2: float, sd2: float) -> float:
    """∫(N(x; m₁, s₁²) − N(x; m₂, s₂²))² dx in closed form (the truth for LSDD, Sugiyama (18.1)).

    = 1/(2√π s₁) + 1/(2√π s₂) − 2 N(m₁; m₂, s₁² + s₂²); for N(0, 1) against N(1, 1) it is
    (1 − e^{−1/4})/√π = 0.12480.
    """
    sd1, sd2 = check_positive(sd1, "s₁"), check_positive(sd2, "s₂")
    cross = gaussian_density([mean1], mean2, float(np.hypot(sd1, sd2)))[0]
    return float(1 / (2 * np.sqrt(np.pi) * sd1) + 1 / (2 * np.sqrt(np.pi) * sd2) - 2 * cross)


# ----------------------------------------------------------------------------------------------
# Covariate shift: importance-weighted least squares and IWCV
# ----------------------------------------------------------------------------------------------

def _sinc(x: FloatArray) -> FloatArray:
    return np.sinc(x)  # sin(πx)/(πx)


@dataclass(frozen=True)
class ShiftSample:
    """Training (X, y) from p(x), test (X_test, y_test) from p′(x), the same p(y|x); the log densities."""

    X: FloatArray
    y: FloatArray
    X_test: FloatArray
    y_test: FloatArray
    train: tuple[float, float]
    test: tuple[float, float]

    def log_densities(self, x) -> tuple[FloatArray, FloatArray]:
        """(log p′(x), log p(x)): the test and the training input densities at x."""
        return gaussian_density(x, *self.test, log=True), gaussian_density(x, *self.train, log=True)


def covariate_shift_sample(n: int = 100, n_test: int = 100, train=(1.0, 0.5), test=(2.0, 0.25),
                           noise: float = 0.1, random_state=0) -> ShiftSample:
    """x ~ N(μ, σ²) for training, x′ ~ N(μ′, σ′²) for test, y = sinc(x) + noise·N(0, 1) (Sugiyama §18.1.1).

    The defaults are the book's program (spec [EXT]); with them the draws equal the registry's
    ``covariate_shift`` set (training: one generator; test: the registry's derived test generator).
    """
    for name, (mean, sd) in (("training", train), ("test", test)):
        check_positive(sd, f"The {name} standard deviation")
        if not np.isfinite(mean):
            raise ValueError(f"The {name} mean must be a finite number; got {mean}.")
    noise = check_positive(noise, "The noise level", allow_zero=True)
    if int(n) < 2 or int(n_test) < 1:
        raise ValueError(f"Need at least 2 training and 1 test sample; got {n} and {n_test}.")
    seed_rng = check_random_state(random_state)
    state = seed_rng.bit_generator.state
    x = train[0] + train[1] * seed_rng.standard_normal(int(n))
    y = _sinc(x) + noise * seed_rng.standard_normal(int(n))
    seed_rng.bit_generator.state = state
    rng = np.random.default_rng(seed_rng.integers(2**32) + 1)
    u = test[0] + test[1] * rng.standard_normal(int(n_test))
    v = _sinc(u) + noise * rng.standard_normal(int(n_test))
    return ShiftSample(x[:, None], y, u[:, None], v, (float(train[0]), float(train[1])),
                       (float(test[0]), float(test[1])))


def _check_weights(weights, n: int) -> FloatArray:
    w = check_array(weights, name="The importance weights", ensure_2d=False).reshape(-1)
    if len(w) != n:
        raise ValueError(f"There are {len(w)} importance weights for {n} samples; give one per sample.")
    if np.any(w < 0):
        raise ValueError("Importance weights cannot be negative.")
    if not w.sum() > 0:
        raise ValueError("Every importance weight is 0: the test inputs lie where no training input is, so "
                         "nothing can be learned for them. Move the densities closer or raise β.")
    return w


class ImportanceWeightedLS(BaseEstimator):
    """Importance-weighted least squares min_θ ½ Σ_i w(x_i)(θᵀφ(x_i) − y_i)² (Sugiyama §18.1.1).

    ``fit(X, y, sample_weight)``: the weights are the importance p′(x_i)/p(x_i), its relative
    version w_β (§18.1.2) or the class-balance weights p′(y_i)/p(y_i) (§18.2.1); no weights = ordinary
    least squares. Default model: the book's line θ₁ + θ₂x. Solved as the least squares problem of
    √w·Φ and √w·y (minimum-norm when rank-deficient); ``lam`` > 0 adds ½λ‖θ‖².
    """

    def __init__(self, basis=None, lam: float = 0.0):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "ImportanceWeightedLS":
        X, y = check_X_y(X, y)
        lam = check_positive(self.lam, "λ", allow_zero=True)
        w = np.ones(len(X)) if sample_weight is None else _check_weights(sample_weight, len(X))
        self.basis_ = (LinearBasis() if self.basis is None else clone(self.basis)).fit(X)
        Phi = self.basis_.transform(X)
        root = np.sqrt(w / w.max())  # rescaled: the same θ, no overflow for huge importances
        A, b = root[:, None] * Phi, root * y
        if lam > 0:
            A = np.vstack([A, np.sqrt(lam / w.max()) * np.eye(Phi.shape[1])])
            b = np.concatenate([b, np.zeros(Phi.shape[1])])
        self.theta_ = np.linalg.lstsq(A, b, rcond=None)[0]
        self.weights_ = w
        self.objective_ = float(0.5 * np.sum(w * (Phi @ self.theta_ - y) ** 2))
        return self

    def decision_function(self, X) -> FloatArray:
        check_is_fitted(self, "theta_")
        return self.basis_.transform(X) @ self.theta_

    def predict(self, X) -> FloatArray:
        return self.decision_function(X)

    def test_error(self, X, y) -> float:
        """Mean squared error (1/n)Σ(f(x) − y)² on a sample (e.g. the test sample)."""
        X, y = check_X_y(X, y)
        return float(np.mean((self.predict(X) - y) ** 2))


def iwcv(estimator: BaseEstimator, X, y, importance, train_weight=None, n_folds: int = 5,
         random_state=None, loss: str = "squared") -> CVResult:
    """Importance-weighted cross-validation (Sugiyama §18.1.3, Fig 18.4).

    For each of m folds T_i: fit on T∖T_i (with ``train_weight`` as sample weights, e.g. w_β), score
    Ĝ_i = (1/|T_i|) Σ_{T_i} w(x)(f_i(x) − y)² (``loss="squared"``) or Σ w(x)/2·(1 − sign(f_i(x)y))
    (``loss="zero_one"``), w the importance; Ĝ = mean Ĝ_i. ``importance`` = 1 gives plain CV, which is
    biased under covariate shift.
    """
    X, y = check_X_y(X, y)
    w = _check_weights(importance, len(X))
    tw = None if train_weight is None else _check_weights(train_weight, len(X))
    if loss not in ("squared", "zero_one"):
        raise ValueError("loss must be 'squared' or 'zero_one'.")
    folds = fold_ids(len(X), n_folds, random_state)
    errors = np.empty(int(n_folds))
    for k in range(int(n_folds)):
        out = folds == k
        weight = None if tw is None else tw[~out]
        if weight is not None and not weight.sum() > 0:
            weight = np.ones(int((~out).sum()))
        model = clone(estimator).fit(X[~out], y[~out], weight)
        pred = model.predict(X[out])
        pointwise = (pred - y[out]) ** 2 if loss == "squared" else 0.5 * (1.0 - np.sign(pred * y[out]))
        errors[k] = np.mean(w[out] * pointwise)
    return CVResult(float(errors.mean()), errors)


@dataclass(frozen=True)
class FlatteningCurve:
    """IWCV, plain CV and the true test error of IW-LS with w_β for every β of ``betas``."""

    betas: FloatArray
    iwcv: FloatArray
    cv: FloatArray
    test: FloatArray

    @property
    def best_beta(self) -> float:
        return float(self.betas[int(np.argmin(self.iwcv))])


def flattening_curve(sample: ShiftSample, betas, estimator: BaseEstimator | None = None, n_folds: int = 5,
                     random_state=0) -> FlatteningCurve:
    """Choose the flattening β by IWCV (Sugiyama §18.1.3): train with w_β, validate with w = w₀.

    The same folds serve every β; ``test`` is the mean squared error on the test sample (unknown in
    practice, shown for comparison), ``cv`` ordinary CV (validation weights 1).
    """
    estimator = ImportanceWeightedLS() if estimator is None else estimator
    betas = np.array([_check_beta(b) for b in np.atleast_1d(betas)], dtype=float)
    log_test, log_train = sample.log_densities(sample.X[:, 0])
    w0 = relative_importance(log_test, log_train, 0.0)
    ones = np.ones(len(sample.X))
    iw, cv, test = (np.empty(len(betas)) for _ in range(3))
    for k, beta in enumerate(betas):
        wb = relative_importance(log_test, log_train, beta)
        iw[k] = iwcv(estimator, sample.X, sample.y, w0, wb, n_folds, random_state).error
        cv[k] = iwcv(estimator, sample.X, sample.y, ones, wb, n_folds, random_state).error
        model = clone(estimator).fit(sample.X, sample.y, wb)
        test[k] = float(np.mean((model.predict(sample.X_test) - sample.y_test) ** 2))
    return FlatteningCurve(betas, iw, cv, test)


# ----------------------------------------------------------------------------------------------
# RuLSIF
# ----------------------------------------------------------------------------------------------

def _centers(X: FloatArray, n_centers, rng) -> FloatArray:
    if n_centers is None or n_centers >= len(X):
        return X
    if int(n_centers) != n_centers or n_centers < 1:
        raise ValueError(f"n_centers must be a whole number ≥ 1; got {n_centers}.")
    return X[np.sort(rng.choice(len(X), int(n_centers), replace=False))]


def _solve_spd(A: FloatArray, b: FloatArray) -> FloatArray:
    try:
        return np.linalg.solve(A, b)
    except LinAlgError:
        return np.linalg.lstsq(A, b, rcond=None)[0]


def _two_samples(X_first, X_second, first: str, second: str, min_samples: int = 2):
    A = check_array(X_first, name=first, min_samples=min_samples)
    B = check_array(X_second, name=second, min_samples=min_samples)
    _same_features(A, B, first, second)
    return A, B


class RuLSIF(BaseEstimator):
    """Least-squares relative density-ratio estimation (Sugiyama §18.1.4, Fig 18.6 listing).

    ``fit(X_numerator, X_denominator)`` with x′ ~ p′ (numerator) and x ~ p (denominator) estimates
    w_β(x) = p′/(βp′ + (1−β)p) by the model Σ_j θ_j exp(−‖x − x′_j‖²/(2σ²)), centres the numerator
    samples: θ̂ = (Ĝ_β + λI)⁻¹ĥ, Ĝ_β = (β/n′)Σψ(x′)ψ(x′)ᵀ + ((1−β)/n)Σψ(x)ψ(x)ᵀ, ĥ = (1/n′)Σψ(x′)
    (the printed Ĝ without β is erratum §22). ``alpha`` is the book's β (the name of Yamada et al.'s
    RuLSIF and of this app's API); the book's coefficient vector α is ``coef_`` here. β = 0 is uLSIF.
    ``n_centers``: at most that many numerator samples as centres (random, ``random_state``).
    """

    def __init__(self, alpha: float = 0.5, sigma: float = 1.0, lam: float = 0.1,
                 n_centers: int | None = 100, random_state=0):
        self._store(locals())

    def fit(self, X_numerator, X_denominator) -> "RuLSIF":
        Xn, Xd = _two_samples(X_numerator, X_denominator, NUMERATOR, DENOMINATOR)
        beta = _check_beta(self.alpha, "The relative parameter β (alpha)")
        sigma = check_positive(self.sigma, "The kernel width σ")
        lam = check_positive(self.lam, "λ", allow_zero=True)
        self.centers_ = _centers(Xn, self.n_centers, check_random_state(self.random_state))
        Kn, Kd = gaussian_kernel(Xn, self.centers_, sigma), gaussian_kernel(Xd, self.centers_, sigma)
        G = beta * Kn.T @ Kn / len(Xn) + (1 - beta) * Kd.T @ Kd / len(Xd)
        h = Kn.mean(0)
        self.coef_ = _solve_spd(G + lam * np.eye(len(h)), h)
        self.objective_ = float(0.5 * self.coef_ @ G @ self.coef_ - self.coef_ @ h)
        return self

    def predict(self, X) -> FloatArray:
        """ŵ_β(x) (may dip below 0: the model is not constrained)."""
        X = check_new_data(self, X, "centers_")
        return gaussian_kernel(X, self.centers_, self.sigma) @ self.coef_


@dataclass(frozen=True)
class RatioCV:
    """Held-out scores over the σ × λ grid (rows σ, columns λ), and the minimiser."""

    sigmas: FloatArray
    lams: FloatArray
    scores: FloatArray

    @property
    def best(self) -> tuple[float, float]:
        i, j = np.unravel_index(int(np.argmin(self.scores)), self.scores.shape)
        return float(self.sigmas[i]), float(self.lams[j])


def _grid(values, name: str, allow_zero: bool = False) -> FloatArray:
    return np.array([check_positive(v, name, allow_zero=allow_zero) for v in np.atleast_1d(values)], float)


def rulsif_cv(X_numerator, X_denominator, alpha: float = 0.5, sigmas=(1.0, 5.0, 10.0),
              lams=(1e-3, 1e-2, 1e-1), n_folds: int = 5, n_centers: int | None = 100,
              random_state=0) -> RatioCV:
    """m-fold CV of σ and λ for RuLSIF, as the Fig 18.6 listing (book grid κ ∈ {1, 5, 10}, λ ∈ 10^{−3..−1}).

    Separate folds for the two samples; the same centres in every fold; the held-out score
    ½[β mean((K_c θ)²) + (1−β) mean((R_c θ)²)] − mean(K_c θ) (the empirical J) is minimised.
    """
    Xn, Xd = _two_samples(X_numerator, X_denominator, NUMERATOR, DENOMINATOR, min_samples=int(n_folds))
    beta = _check_beta(alpha, "The relative parameter β (alpha)")
    sigmas, lams = _grid(sigmas, "σ"), _grid(lams, "λ", allow_zero=True)
    rng = check_random_state(random_state)
    centers = _centers(Xn, n_centers, rng)
    u, v = fold_ids(len(Xn), n_folds, rng), fold_ids(len(Xd), n_folds, rng)
    dn, dd = squared_distances(Xn, centers), squared_distances(Xd, centers)
    scores = np.zeros((len(sigmas), len(lams)))
    eye = np.eye(len(centers))
    for a, s in enumerate(sigmas):
        Kn, Kd = np.exp(-dn / (2 * s * s)), np.exp(-dd / (2 * s * s))
        for k in range(int(n_folds)):
            ki, ri, kc, rc = Kn[u != k], Kd[v != k], Kn[u == k], Kd[v == k]
            G = beta * ki.T @ ki / len(ki) + (1 - beta) * ri.T @ ri / len(ri)
            h = ki.mean(0)
            for b, lam in enumerate(lams):
                theta = _solve_spd(G + lam * eye, h)
                kct = kc @ theta
                squares = beta * np.mean(kct ** 2) + (1 - beta) * np.mean((rc @ theta) ** 2)
                scores[a, b] += (0.5 * squares - kct.mean()) / int(n_folds)
    return RatioCV(sigmas, lams, scores)


# ----------------------------------------------------------------------------------------------
# LSDD
# ----------------------------------------------------------------------------------------------

def _lsdd_u(centers: FloatArray, sigma: float) -> FloatArray:
    """U_jj′ = ∫ψ_jψ_j′ = (πσ²)^{d/2} exp(−‖c_j − c_j′‖²/(4σ²)) (Sugiyama §18.2.3)."""
    d = centers.shape[1]
    scale = (np.pi * sigma * sigma) ** (d / 2)
    return scale * np.exp(-squared_distances(centers, centers) / (4 * sigma * sigma))


class LSDD(BaseEstimator):
    """Least-squares density-difference estimation (Sugiyama §18.2.3, (18.1)–(18.2), Fig 18.11 listing).

    ``fit(X, X_prime)`` estimates f = p − p′ by g(x) = Σ_j α_j exp(−‖x − c_j‖²/(2σ²)):
    α̂ = (U + λI)⁻¹v̂ with U as in :func:`_lsdd_u` and v̂_j = (1/n)Σ_i ψ_j(x_i) − (1/n′)Σ_i′ ψ_j(x′_i′)
    (the printed x_{i′} in the second sum is erratum §22). Centres: ``centers="all"`` takes
    x₁..x_n, x′₁..x′_n′ as the text, ``"listing"`` only the x_i as the program; at most ``n_centers``
    of them (random). ``l2_`` = 2v̂ᵀα̂ − α̂ᵀUα̂ (the book's recommended, less biased L² estimate);
    ``l2_quadratic_`` = α̂ᵀUα̂ and ``l2_linear_`` = v̂ᵀα̂ are the other two.
    """

    def __init__(self, sigma: float = 1.0, lam: float = 0.1, centers: str = "all",
                 n_centers: int | None = 200, random_state=0):
        self._store(locals())

    def fit(self, X, X_prime) -> "LSDD":
        Xp, Xq = _two_samples(X, X_prime, "The samples x (density p)", "the samples x′ (density p′)")
        sigma = check_positive(self.sigma, "The kernel width σ")
        lam = check_positive(self.lam, "λ", allow_zero=True)
        if self.centers not in ("all", "listing"):
            raise ValueError("centers must be 'all' (the text) or 'listing' (only the x_i).")
        pool = np.vstack([Xp, Xq]) if self.centers == "all" else Xp
        self.centers_ = _centers(pool, self.n_centers, check_random_state(self.random_state))
        U = _lsdd_u(self.centers_, sigma)
        v = gaussian_kernel(Xp, self.centers_, sigma).mean(0)
        v = v - gaussian_kernel(Xq, self.centers_, sigma).mean(0)
        self.coef_ = _solve_spd(U + lam * np.eye(len(v)), v)
        self.l2_quadratic_ = float(self.coef_ @ U @ self.coef_)
        self.l2_linear_ = float(v @ self.coef_)
        self.l2_ = 2 * self.l2_linear_ - self.l2_quadratic_
        return self

    def predict(self, X) -> FloatArray:
        """ĝ(x) ≈ p(x) − p′(x)."""
        X = check_new_data(self, X, "centers_")
        return gaussian_kernel(X, self.centers_, self.sigma) @ self.coef_


def lsdd_cv(X, X_prime, sigmas=(0.5, 1.0, 3.0), lams=(1e-2, 1e-1, 1.0), n_folds: int = 5,
            centers: str = "all", n_centers: int | None = 200, random_state=0) -> RatioCV:
    """m-fold CV of σ and λ for LSDD as the Fig 18.11 listing: held-out score α̂ᵀUα̂ − 2zᵀα̂ (z the held-out
    v̂), minimised. Book grid σ ∈ {0.5, 1, 3}, λ ∈ {0.01, 0.1, 1}."""
    Xp, Xq = _two_samples(X, X_prime, "The samples x (density p)", "the samples x′ (density p′)",
                          min_samples=int(n_folds))
    sigmas, lams = _grid(sigmas, "σ"), _grid(lams, "λ", allow_zero=True)
    if centers not in ("all", "listing"):
        raise ValueError("centers must be 'all' (the text) or 'listing' (only the x_i).")
    rng = check_random_state(random_state)
    pool = np.vstack([Xp, Xq]) if centers == "all" else Xp
    C = _centers(pool, n_centers, rng)
    u, v = fold_ids(len(Xp), n_folds, rng), fold_ids(len(Xq), n_folds, rng)
    dp, dq = squared_distances(Xp, C), squared_distances(Xq, C)
    scores = np.zeros((len(sigmas), len(lams)))
    eye = np.eye(len(C))
    for a, s in enumerate(sigmas):
        K, R, U = np.exp(-dp / (2 * s * s)), np.exp(-dq / (2 * s * s)), _lsdd_u(C, s)
        for k in range(int(n_folds)):
            vh = K[u != k].mean(0) - R[v != k].mean(0)
            z = K[u == k].mean(0) - R[v == k].mean(0)
            for b, lam in enumerate(lams):
                alpha = _solve_spd(U + lam * eye, vh)
                scores[a, b] += (alpha @ U @ alpha - 2 * z @ alpha) / int(n_folds)
    return RatioCV(sigmas, lams, scores)


# ----------------------------------------------------------------------------------------------
# Class-balance change
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BalanceSample:
    """Training (X, y) with prior p(y = +1) = ``train_prior``, test (X_test, y_test) with ``test_prior``."""

    X: FloatArray
    y: FloatArray
    X_test: FloatArray
    y_test: FloatArray
    means: tuple[float, float]
    sd: float


def class_balance_sample(n: int = 200, n_test: int = 200, train_prior: float = 0.8, test_prior: float = 0.5,
                         means=(-1.0, 1.0), sd: float = 1.0, random_state=0) -> BalanceSample:
    """Two 1-D Gaussian classes, p(x|y = −1) = N(means[0], sd²) and p(x|y = +1) = N(means[1], sd²), whose
    proportions change between training and test (Sugiyama §18.2.1, Figs 18.7–18.8; app toy, spec [EXT]).
    The class counts are round(prior·n)."""
    sd = check_positive(sd, "The class standard deviation")
    rng = check_random_state(random_state)

    def draw(count, prior, what):
        prior = _check_prior(prior, f"The {what} share of class +1")
        pos = int(round(prior * count))
        if not 0 < pos < count:
            raise ValueError(f"With n = {count} and a {what} share of {prior:g} one class gets no sample; "
                             "use more samples or a share further from 0 and 1.")
        y = np.concatenate([np.ones(pos), -np.ones(count - pos)])
        x = np.where(y > 0, means[1], means[0]) + sd * rng.standard_normal(count)
        return x[:, None], y

    X, y = draw(int(n), train_prior, "training")
    Xt, yt = draw(int(n_test), test_prior, "test")
    return BalanceSample(X, y, Xt, yt, (float(means[0]), float(means[1])), sd)


def _binary(y) -> FloatArray:
    y = np.asarray(y)
    classes = check_classification_targets(y)
    if len(classes) != 2 or not set(classes.tolist()) <= {-1, 1}:
        raise ValueError(f"Class-balance weighting needs the two labels +1 and −1; got {classes.tolist()}.")
    return y.astype(float)


def class_balance_weights(y, test_prior: float) -> FloatArray:
    """p′(y_i)/p(y_i) with p(y) = n_y/n and p′(+1) = ``test_prior`` (Sugiyama §18.2.1)."""
    y = _binary(y)
    prior = _check_prior(test_prior, "The test share of class +1")
    train_pos = float(np.mean(y > 0))
    return np.where(y > 0, prior / train_pos, (1 - prior) / (1 - train_pos))


class ClassBalanceLS(ImportanceWeightedLS):
    """Class-balance-weighted least-squares classification (Sugiyama §18.2.1).

    min_θ ½ Σ_i p′(y_i)/p(y_i)·(θᵀφ(x_i) − y_i)², labels ±1, predicted class sign(f). ``test_prior`` =
    p′(y = +1), known or estimated by :func:`estimate_class_prior`; None = unweighted least squares.
    ``threshold_`` is the 1-D boundary x where f(x) = 0 for the line model.
    """

    def __init__(self, test_prior: float | None = 0.5, basis=None, lam: float = 0.0):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "ClassBalanceLS":
        yb = _binary(y)
        if sample_weight is None and self.test_prior is not None:
            sample_weight = class_balance_weights(yb, self.test_prior)
        super().fit(X, yb, sample_weight)
        t0, t1 = (self.theta_[0], self.theta_[1]) if len(self.theta_) == 2 else (np.nan, np.nan)
        self.threshold_ = float(-t0 / t1) if t1 != 0 else float("nan")
        return self

    def predict(self, X) -> FloatArray:
        return np.where(self.decision_function(X) >= 0, 1.0, -1.0)

    def score(self, X, y) -> float:
        """Accuracy: the share of samples whose sign(f(x)) is their label."""
        X, y = check_X_y(X, y)
        return float(np.mean(self.predict(X) == y))


def bayes_threshold_1d(means, sd: float, prior: float) -> float:
    """The Bayes boundary of two equal-variance Gaussian classes with p(+1) = prior:
    x* = (m₋ + m₊)/2 + sd² log((1 − π)/π)/(m₊ − m₋)."""
    prior = _check_prior(prior, "The share of class +1")
    m0, m1 = float(means[0]), float(means[1])
    if m0 == m1:
        raise ValueError("The two class means coincide: there is no boundary.")
    return (m0 + m1) / 2 + sd * sd * np.log((1 - prior) / prior) / (m1 - m0)


@dataclass(frozen=True)
class ClassPrior:
    """The LSDD estimate of L²(p′, q_π) for every π of ``priors`` and its minimiser ``prior``."""

    priors: FloatArray
    l2: FloatArray

    @property
    def prior(self) -> float:
        return float(self.priors[int(np.argmin(self.l2))])


def estimate_class_prior(X, y, X_test, sigma: float = 1.0, lam: float = 0.1, priors=None,
                         n_centers: int | None = 200, random_state=0) -> ClassPrior:
    """Semi-supervised estimate of the test class balance π = p′(y = +1) (Sugiyama §18.2.2).

    Fits q_π = π p(x|+1) + (1 − π) p(x|−1) to the test input density p′ by minimising the LSDD estimate
    2v̂ᵀα̂ − α̂ᵀUα̂ of L²(p′, q_π) over the grid ``priors`` (default 0, 0.01, …, 1): sample means under q_π
    are π·(mean over class +1) + (1 − π)·(mean over class −1) (spec [DERIVED]; the book gives the idea).
    Centres: the test and training inputs (at most ``n_centers``).
    """
    X, yb = check_X_y(X, y)
    yb = _binary(yb)
    Xt = check_array(X_test, name="The test inputs", min_samples=2)
    _same_features(X, Xt, "The training inputs", "the test inputs")
    sigma = check_positive(sigma, "The kernel width σ")
    lam = check_positive(lam, "λ", allow_zero=True)
    priors = np.linspace(0, 1, 101) if priors is None else np.asarray(priors, float)
    if priors.ndim != 1 or not len(priors) or np.any((priors < 0) | (priors > 1)):
        raise ValueError("The candidate class shares π must be numbers between 0 and 1.")
    C = _centers(np.vstack([Xt, X]), n_centers, check_random_state(random_state))
    U = _lsdd_u(C, sigma)
    test_mean = gaussian_kernel(Xt, C, sigma).mean(0)
    K = gaussian_kernel(X, C, sigma)
    pos, neg = K[yb > 0].mean(0), K[yb < 0].mean(0)
    V = test_mean[:, None] - np.outer(pos, priors) - np.outer(neg, 1 - priors)  # one v̂ per column
    A = _solve_spd(U + lam * np.eye(len(C)), V)
    l2 = 2 * np.sum(V * A, 0) - np.sum(A * (U @ A), 0)
    return ClassPrior(priors, l2)
