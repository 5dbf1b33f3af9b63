"""Generalised linear models: the exponential family, canonical links, IRLS, log-linear regression.

CS229 Part III §8–9 (M13 exponential family, M14 constructing GLMs, M15 softmax); seed 003
§2.1.3–2.1.4 and seed 004 §2.3 (log-linear regression ln y = wᵀx + b, the GLM y = g⁻¹(wᵀx + b)).

Naming follows CS229: p(y; η) = b(y) exp(ηᵀT(y) − a(η)), the canonical response g(η) = E[T(y); η]
and the canonical link g⁻¹. Seed 003 calls g⁻¹ the link (CS229 footnote 7 notes the two
conventions); here ``link`` names the function from the mean to η, as in most software.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import expit
from scipy.special import gammaln
from scipy.special import log_softmax
from scipy.special import logit
from scipy.special import softmax

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_X_y
from algorithms._base import weighted_gram
from algorithms.linear_regression import LinearRegression

__all__ = ["GLMRegressor", "GLMStep", "LogLinearRegression", "FAMILIES", "CANONICAL_LINKS", "LINKS",
           "log_partition", "canonical_response", "natural_variance", "family_pmf", "poisson_band",
           "share_inside", "response_problem"]

FAMILIES = ("gaussian", "bernoulli", "poisson", "multinomial")
CANONICAL_LINKS = {"gaussian": "identity", "bernoulli": "logit", "poisson": "log", "multinomial": "softmax"}
LINKS = {"gaussian": ("identity", "log"), "bernoulli": ("logit",), "poisson": ("log", "identity"),
         "multinomial": ("softmax",)}
_ETA_LIMIT = 30.0  # |η| above this overflows e^η for Poisson (CS229 M14 pitfall): clipped


def _check_family(family: str) -> str:
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {FAMILIES}; got {family!r}.")
    return family


def log_partition(family: str, eta) -> FloatArray:
    """a(η) of CS229 §8: Gaussian η²/2, Bernoulli log(1 + e^η), Poisson e^η, multinomial
    log(1 + Σ_{i<k} e^{η_i}) for η of shape (..., k − 1)."""
    eta = np.asarray(eta, dtype=float)
    if _check_family(family) == "gaussian":
        return eta**2 / 2.0
    if family == "bernoulli":
        return np.logaddexp(0.0, eta)
    if family == "poisson":
        return np.exp(np.clip(eta, -_ETA_LIMIT, _ETA_LIMIT))
    zero = np.zeros(eta.shape[:-1] + (1,))
    return np.logaddexp.reduce(np.concatenate([eta, zero], axis=-1), axis=-1)


def canonical_response(family: str, eta) -> FloatArray:
    """g(η) = E[T(y); η] = a′(η): identity, the sigmoid, e^η, or the softmax φ_i = e^{η_i}/Σ_j e^{η_j}
    with η_k = 0 (CS229 (7)); the multinomial returns all k probabilities."""
    eta = np.asarray(eta, dtype=float)
    if _check_family(family) == "gaussian":
        return eta.copy()
    if family == "bernoulli":
        return expit(eta)
    if family == "poisson":
        return np.exp(np.clip(eta, -_ETA_LIMIT, _ETA_LIMIT))
    zero = np.zeros(eta.shape[:-1] + (1,))
    return softmax(np.concatenate([eta, zero], axis=-1), axis=-1)


def natural_variance(family: str, eta) -> FloatArray:
    """Var[T(y); η] = a″(η) for the scalar families: 1, φ(1 − φ), e^η (CS229 §8, std)."""
    if _check_family(family) == "multinomial":
        raise ValueError("The multinomial's a″(η) is a (k − 1) × (k − 1) matrix, not a number.")
    if family == "gaussian":
        return np.ones_like(np.asarray(eta, dtype=float))
    mu = canonical_response(family, eta)
    return mu * (1.0 - mu) if family == "bernoulli" else mu


def response_problem(family: str, y) -> tuple[str, float] | None:
    """Why y cannot be this family's response, as (code, offending value), else None:
    "negative_count" (Poisson), "not_binary" (Bernoulli labels other than 0 and 1)."""
    y = np.asarray(y)
    if family in ("poisson", "bernoulli") and y.dtype.kind not in "biuf":
        return "not_numeric", float("nan")
    if family == "poisson" and np.any(y < 0):
        return "negative_count", float(y[y < 0][0])
    if family == "bernoulli" and not np.all((y == 0) | (y == 1)):
        return "not_binary", float(y[(y != 0) & (y != 1)][0])
    return None


def share_inside(y, lo, hi) -> float:
    """The share of the y with lo ≤ y ≤ hi (how many counts a band holds)."""
    y = np.asarray(y, dtype=float)
    return float(np.mean((y >= lo) & (y <= hi))) if len(y) else float("nan")


def family_pmf(family: str, eta, y) -> FloatArray:
    """p(y; η) = b(y) exp(ηᵀT(y) − a(η)) at the values y (the density for the Gaussian, σ² = 1;
    class indices 0..k−1 for the multinomial, the last one the reference class k)."""
    y = np.asarray(y, dtype=float)
    if _check_family(family) == "multinomial":
        return canonical_response(family, eta)[..., y.astype(int)]
    eta = float(eta)
    a = float(log_partition(family, eta))
    if family == "gaussian":
        log_b = -0.5 * y**2 - 0.5 * np.log(2 * np.pi)
    elif family == "poisson":
        log_b = -gammaln(y + 1.0)
    else:
        log_b = np.zeros_like(y)
    return np.exp(log_b + eta * y - a)


def poisson_band(mu, level: float = 0.9) -> tuple[FloatArray, FloatArray]:
    """The central ``level`` interval of Poisson(μ) counts at each μ (the bands around a fitted mean)."""
    from scipy import stats  # imported here: scipy.stats costs every app start most of a second
    level = float(level)
    if not 0.0 < level < 1.0:
        raise ValueError(f"The band level must lie strictly between 0 and 1; got {level}.")
    mu = np.maximum(np.asarray(mu, dtype=float), 1e-12)
    tail = (1.0 - level) / 2.0
    return stats.poisson.ppf(tail, mu), stats.poisson.ppf(1.0 - tail, mu)


@dataclass(frozen=True)
class GLMStep:
    """One IRLS step: θ after it ((b,) or (b, k − 1)), the log-likelihood ℓ(θ), the deviance
    2(ℓ_saturated − ℓ), ‖∇ℓ‖ and the step size (1 = a full step; halved while ℓ would fall)."""

    step: int
    theta: FloatArray
    log_likelihood: float
    deviance: float
    grad_norm: float
    step_size: float = 1.0


def _frozen(a) -> FloatArray:
    a = np.array(a, dtype=float, copy=True)
    a.setflags(write=False)
    return a


class GLMRegressor(BaseEstimator):
    """A generalised linear model y | x ~ ExponentialFamily(η), η = θᵀx̂, h(x) = E[y | x] (CS229 M14).

    ``family``: "gaussian" (σ² = 1), "bernoulli" (y ∈ {0, 1}), "poisson" (counts y ≥ 0) or
    "multinomial" (any k ≥ 2 labels; CS229 M15 with θ_k = 0 for the last class). ``link`` is the
    canonical one by default (identity, logit, log, softmax); the Gaussian also takes "log" and the
    Poisson "identity". The intercept is included: x̂ = (1, x).

    Fitted by iteratively reweighted least squares (Fisher scoring): with μ = g⁻¹(η),
    W = diag((dμ/dη)² / Var(y)) and the working response z = η + (y − μ) dη/dμ,
    θ ← (X̂ᵀWX̂)⁻¹X̂ᵀWz. For the canonical link this is exactly Newton's method on ℓ(θ)
    (CS229 M09; seed 004 (4.5)); the multinomial takes the full Newton step on all k − 1 vectors.
    The step is halved while ℓ would decrease (an addition to the books). Step 0 is the null
    model (intercept only, η = link(ȳ)). Stops when ‖Δθ‖ ≤ tol(1 + ‖θ‖) or after ``max_iter``;
    every step is in ``history_``. On separable labels the MLE does not exist: ‖θ‖ grows and
    ``converged_`` stays False.
    """

    def __init__(self, family: str = "gaussian", link: str | None = None, max_iter: int = 100,
                 tol: float = 1e-8):
        self._store(locals())

    # -- checks ---------------------------------------------------------------------------------
    def _check(self, X, y):
        family = _check_family(self.family)
        link = CANONICAL_LINKS[family] if self.link is None else self.link
        if link not in LINKS[family]:
            allowed = " or ".join(LINKS[family])
            raise ValueError(f"The {family} family takes the link {allowed}; got {link!r}.")
        if isinstance(self.max_iter, bool) or int(self.max_iter) != self.max_iter or self.max_iter < 1:
            raise ValueError(f"max_iter must be a whole number ≥ 1; got {self.max_iter}.")
        tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        X, y = check_X_y(X, y, y_numeric=family != "multinomial")
        problem = response_problem(family, y)
        if problem is not None and problem[0] == "not_binary":
            raise ValueError(f"A Bernoulli response takes the labels 0 and 1 only; y contains "
                             f"{problem[1]:g}. Recode the two classes as 0 and 1.")
        if problem is not None:
            raise ValueError(f"A Poisson response is a count (0, 1, 2, …); y contains the negative value "
                             f"{problem[1]:g}.")
        if family == "multinomial":
            self.classes_, y = np.unique(y, return_inverse=True)
            if len(self.classes_) < 2:
                raise ValueError("A multinomial response needs at least 2 classes; y has one.")
        return family, link, tol, X, y

    # -- the mean function and its pieces ---------------------------------------------------------
    def _mean(self, eta):
        """μ = g⁻¹(η) and dμ/dη for the scalar families."""
        if self.link_ == "identity":
            return eta, np.ones_like(eta)
        if self.link_ == "log":
            mu = np.exp(np.clip(eta, -_ETA_LIMIT, _ETA_LIMIT))
            return mu, mu
        mu = expit(eta)
        return mu, mu * (1.0 - mu)

    def _log_likelihood(self, eta, y) -> float:
        """ℓ = Σ log p(y_i; μ_i); −∞ where μ leaves the family's range (identity-link Poisson)."""
        if self.family_ == "multinomial":
            return float(np.sum(log_softmax(self._scores(eta), axis=1)[np.arange(len(y)), y]))
        mu, _ = self._mean(eta)
        if self.family_ == "gaussian":
            return float(np.sum(-0.5 * (y - mu) ** 2 - 0.5 * np.log(2 * np.pi)))
        if self.family_ == "bernoulli":
            return float(np.sum(y * eta - np.logaddexp(0.0, eta)))
        if np.any(mu <= 0):
            return -np.inf
        return float(np.sum(y * np.log(mu) - mu - gammaln(y + 1.0)))

    def _saturated(self, y) -> float:
        """ℓ of the saturated model μ_i = y_i (the deviance's reference)."""
        if self.family_ == "gaussian":
            return -0.5 * len(y) * np.log(2 * np.pi)
        if self.family_ == "poisson":
            pos = y > 0
            return float(np.sum(y[pos] * np.log(y[pos])) - y.sum() - gammaln(y + 1.0).sum())
        return 0.0

    @staticmethod
    def _scores(eta):
        return np.column_stack([eta, np.zeros(len(eta))])

    def _gradient(self, Xh, eta, y):
        if self.family_ == "multinomial":
            P = softmax(self._scores(eta), axis=1)[:, :-1]
            Y = (y[:, None] == np.arange(P.shape[1])[None, :]).astype(float)
            return Xh.T @ (Y - P)
        mu, dmu = self._mean(eta)
        return Xh.T @ ((y - mu) * dmu / self._variance(mu))

    def _variance(self, mu):
        if self.family_ == "gaussian":
            return np.ones_like(mu)
        if self.family_ == "bernoulli":
            return np.maximum(mu * (1.0 - mu), 1e-12)
        return np.maximum(mu, 1e-12)

    def _direction(self, Xh, theta, eta, y, grad):
        """The Fisher-scoring (= Newton, canonical link) step (X̂ᵀWX̂)⁻¹∇ℓ."""
        if self.family_ == "multinomial":
            b, c = theta.shape
            P = softmax(self._scores(eta), axis=1)[:, :-1]
            A = np.empty((b * c, b * c))
            for k in range(c):
                for m in range(k, c):
                    block = Xh.T @ ((P[:, k] * ((k == m) - P[:, m]))[:, None] * Xh)
                    A[k * b:(k + 1) * b, m * b:(m + 1) * b] = block
                    A[m * b:(m + 1) * b, k * b:(k + 1) * b] = block.T
            A.flat[::b * c + 1] += 1e-12 * max(np.trace(A) / (b * c), 1e-12)
            return np.linalg.lstsq(A, grad.T.ravel(), rcond=None)[0].reshape(c, b).T
        mu, dmu = self._mean(eta)
        w = dmu**2 / self._variance(mu)
        A = weighted_gram(Xh, w)
        return np.linalg.lstsq(A, grad, rcond=None)[0]

    def _start(self, y, b):
        """The null model: intercept η = link(ȳ) (class log-odds against class k), slopes 0."""
        if self.family_ == "multinomial":
            counts = np.bincount(y, minlength=len(self.classes_)) + 0.5
            theta = np.zeros((b, len(self.classes_) - 1))
            theta[0] = np.log(counts[:-1] / counts[-1])
            return theta
        theta = np.zeros(b)
        ybar = float(np.mean(y))
        if self.link_ == "log":
            theta[0] = np.log(max(ybar, 1e-3))
        elif self.link_ == "logit":
            theta[0] = logit(min(max(ybar, 1e-3), 1 - 1e-3))
        else:
            theta[0] = ybar if self.family_ == "gaussian" else max(ybar, 1e-3)
        return theta

    # -- fitting ----------------------------------------------------------------------------------
    def fit(self, X, y) -> "GLMRegressor":
        family, link, tol, X, y = self._check(X, y)
        self.family_, self.link_ = family, link
        Xh = np.column_stack([np.ones(len(X)), X])
        theta = self._start(y, Xh.shape[1])
        saturated = self._saturated(y)
        eta = Xh @ theta
        ll = self._log_likelihood(eta, y)
        grad = self._gradient(Xh, eta, y)
        history = [GLMStep(0, _frozen(theta), ll, 2 * (saturated - ll), float(np.linalg.norm(grad)))]
        self.converged_ = False
        for step in range(1, int(self.max_iter) + 1):
            direction = self._direction(Xh, theta, eta, y, grad)
            size = 1.0
            for _ in range(40):
                new = theta + size * direction
                new_eta = Xh @ new
                new_ll = self._log_likelihood(new_eta, y)
                if new_ll >= ll - 1e-12 * abs(ll):
                    break
                size *= 0.5
            else:
                new, new_eta, new_ll = theta, eta, ll
            grad = self._gradient(Xh, new_eta, y)
            history.append(GLMStep(step, _frozen(new), new_ll, 2 * (saturated - new_ll),
                                   float(np.linalg.norm(grad)), size))
            moved = float(np.linalg.norm(new - theta))
            theta, eta, ll = new, new_eta, new_ll
            if moved <= tol * (1.0 + float(np.linalg.norm(theta))):
                self.converged_ = True
                break
            if np.linalg.norm(theta) > 1e6:
                break
        self.theta_ = theta
        self.intercept_, self.coef_ = theta[0], theta[1:]
        self.history_ = tuple(history)
        self.n_iter_ = len(history) - 1
        self.log_likelihood_ = ll
        self.deviance_ = 2 * (saturated - ll)
        self.n_features_in_ = X.shape[1]
        return self

    # -- prediction -------------------------------------------------------------------------------
    def linear_predictor(self, X, theta=None) -> FloatArray:
        """η = θᵀx̂ (with another θ, e.g. a step of ``history_``, when given)."""
        X = check_new_data(self, X)
        theta = self.theta_ if theta is None else np.asarray(theta, dtype=float)
        return np.column_stack([np.ones(len(X)), X]) @ theta

    def predict(self, X, theta=None) -> FloatArray:
        """h(x) = E[y | x] = g⁻¹(θᵀx̂); for the multinomial the most probable class."""
        eta = self.linear_predictor(X, theta)
        if self.family_ == "multinomial":
            return self.classes_[np.argmax(self._scores(eta), axis=1)]
        return self._mean(eta)[0]

    def predict_proba(self, X, theta=None) -> FloatArray:
        """Class probabilities: (1 − φ, φ) for the Bernoulli, the k softmax columns (CS229 (8))."""
        if self.family_ not in ("bernoulli", "multinomial"):
            raise ValueError(f"predict_proba is for class labels; the {self.family_} family predicts means.")
        eta = self.linear_predictor(X, theta)
        if self.family_ == "bernoulli":
            phi = self._mean(eta)[0]
            return np.column_stack([1.0 - phi, phi])
        return softmax(self._scores(eta), axis=1)


class LogLinearRegression(BaseEstimator):
    """Log-linear regression ln(y + offset) = wᵀx + b by least squares (seed 003 §2.1.3; seed 004 §2.3).

    It approximates y by e^{wᵀx+b} − offset. Least squares in log space weighs residuals
    differently from a Poisson GLM fitted in the original space; ``offset`` (e.g. 1) lets zero
    counts in, which ln y alone cannot take.
    """

    def __init__(self, offset: float = 0.0):
        self._store(locals())

    def fit(self, X, y) -> "LogLinearRegression":
        X, y = check_X_y(X, y)
        offset = check_positive(self.offset, "The offset", allow_zero=True)
        if np.any(y + offset <= 0):
            bad = float(y[y + offset <= 0][0])
            raise ValueError(f"Log-linear regression takes ln(y + {offset:g}), so it needs "
                             f"y + {offset:g} > 0; y has {bad:g}. Raise the offset, or fit a Poisson GLM.")
        self.line_ = LinearRegression().fit(X, np.log(y + offset))
        self.theta_ = self.line_.theta_
        self.n_features_in_ = X.shape[1]
        return self

    def predict_log(self, X) -> FloatArray:
        """The fitted line wᵀx + b in log space."""
        check_is_fitted(self, "theta_")
        return self.line_.predict(X)

    def predict(self, X) -> FloatArray:
        """The curve e^{wᵀx+b} − offset in the original space."""
        return np.exp(self.predict_log(X)) - self.offset
