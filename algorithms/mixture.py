"""Gaussian mixture models fitted by EM, and k-means as hard EM.

CS229 Ch. 7b and Part IX (mixture of Gaussians, EM, its lower bound and monotonicity: M39–M41;
restricted covariances M42); seed 003 §3.3 (Gaussian mixture clustering, Zhou §9.4.3 formulas).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp
from scipy.special import xlogy

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms.clustering import KMeans
from algorithms.clustering import nearest_center

__all__ = ["GaussianMixture", "EMStep", "PointBreakdown", "HardEM", "covariance_ellipse",
           "gaussian_log_density", "COVARIANCE_TYPES", "fit_covariance_types", "gaussian_conditional",
           "GaussianShape", "gaussian_shape", "LowerBoundPath", "em_lower_bound_path", "two_gaussians_1d",
           "jensen_two_point", "JENSEN_FUNCTIONS"]

COVARIANCE_TYPES = ("full", "diag", "spherical", "tied")
_LOG_2PI = np.log(2 * np.pi)


def _readonly(a) -> np.ndarray:
    a = np.array(a, copy=True)
    a.setflags(write=False)
    return a


@dataclass(frozen=True)
class EMStep:
    """One half-step of EM: ``kind`` is "E" or "M".

    ``weights`` π_k (k,), ``means`` μ_k (k, d) and ``covariances`` Σ_k (k, d, d, always as full
    matrices, for drawing ellipses) are the parameters after this half-step. The Q of the half-step,
    γ_ik, is not stored (n × k numbers per step): ``step_responsibilities(X, step)`` of the estimator
    recomputes it for any rows of X from these parameters (an M-step keeps the Q it used: the E-step's
    before it). ``log_likelihood`` = ℓ(θ) = Σ_i log Σ_k π_k N(x_i | μ_k, Σ_k) of these parameters, and
    ``lower_bound`` = J(Q, θ) = Σ_i Σ_k γ_ik log(π_k N(x_i | μ_k, Σ_k)/γ_ik) ≤ ℓ(θ) (CS229 M41):
    equal to ℓ after an E-step, below it after an M-step. ``iteration`` counts completed
    M-steps; ``collapsed`` lists components whose covariance was floored at this step.
    """

    iteration: int
    kind: str
    weights: FloatArray
    means: FloatArray
    covariances: FloatArray
    log_likelihood: float
    lower_bound: float
    collapsed: tuple = ()


@dataclass(frozen=True)
class PointBreakdown:
    """The E-step for one point with the current numbers (for the formula panel).

    γ_k = π_k N(x | μ_k, Σ_k) / Σ_l π_l N(x | μ_l, Σ_l). Densities are given as logs too,
    because far from every component they underflow to 0.
    """

    x: FloatArray
    weights: FloatArray
    log_densities: FloatArray
    densities: FloatArray
    weighted: FloatArray
    evidence: float
    log_evidence: float
    responsibilities: FloatArray


# ----------------------------------------------------------------------------------------------
# densities
# ----------------------------------------------------------------------------------------------

def _full_covariances(cov, covariance_type, k, d) -> FloatArray:
    if covariance_type == "full":
        return np.array(cov, dtype=float)
    if covariance_type == "diag":
        return np.einsum("kd,de->kde", cov, np.eye(d))
    if covariance_type == "spherical":
        return np.asarray(cov, dtype=float)[:, None, None] * np.eye(d)[None]
    return np.repeat(np.asarray(cov, dtype=float)[None], k, axis=0)


def _typed_covariances(full, covariance_type) -> FloatArray:
    """The inverse of :func:`_full_covariances` (exact): full matrices (k, d, d) → the type's shape."""
    if covariance_type == "full":
        return full
    if covariance_type == "diag":
        return np.diagonal(full, axis1=1, axis2=2)
    if covariance_type == "spherical":
        return full[:, 0, 0]
    return full[0]


def _log_sum_exp(a) -> FloatArray:
    """log Σ_k exp(a_ik) of every row: scipy.special.logsumexp(a, axis=1) step for step (the same
    numbers to the last bit), without its array-API overhead (about ½ ms a call, ten times the
    arithmetic for a few hundred rows; the EM view calls it 40 times a rerun). The row's
    largest terms are counted apart, m of them: max + log m + log1p(Σ_rest exp(a − max) / m)."""
    top = a.max(1, keepdims=True)
    is_top = a == top
    m = is_top.sum(1, keepdims=True, dtype=a.dtype)
    rest = np.exp(np.where(is_top, -np.inf, a) - top).sum(1, keepdims=True)
    rest = np.where(rest == 0, rest, rest / m)
    return (np.log1p(rest) + np.log(m) + top)[:, 0]


def _responsibilities(log_weighted) -> tuple[FloatArray, FloatArray]:
    """E-step in the log domain: γ_ik = exp(log π_k N_ik − log Σ_l π_l N_il), and the log-sums."""
    lse = _log_sum_exp(log_weighted)
    return np.exp(log_weighted - lse[:, None]), lse


def _q_step(history, step: int) -> int:
    """The E-step whose Q the half-step ``step`` holds: itself, or for an M-step the E-step before."""
    if not 0 <= step < len(history):
        raise ValueError(f"step must be between 0 and {len(history) - 1}; got {step}.")
    return step if history[step].kind == "E" else step - 1


def _log_gauss_full(X, means, covs):
    """log N(x_i | μ_k, Σ_k) for full covariances (k, d, d), via Cholesky factors."""
    n, d = X.shape
    L = np.linalg.cholesky(covs)                                  # (k, d, d), lower
    diff = X[None, :, :] - means[:, None, :]                      # (k, n, d)
    # solve L y = diff for every component
    Y = np.linalg.solve(L, diff.transpose(0, 2, 1))               # (k, d, n)
    maha = (Y * Y).sum(1)                                         # (k, n)
    logdet = 2.0 * np.log(np.diagonal(L, axis1=1, axis2=2)).sum(1)
    return (-0.5 * (d * _LOG_2PI + logdet[:, None] + maha)).T


def gaussian_log_density(X, means, covariances, covariance_type: str = "full") -> FloatArray:
    """log N(x_i | μ_k, Σ_k) for every sample and component, shape (n, k).

    ``covariances`` in the shape of ``covariance_type``: full (k, d, d), diag (k, d),
    spherical (k,), tied (d, d).
    """
    X = check_array(X)
    means = np.atleast_2d(np.asarray(means, dtype=float))
    k, d = means.shape
    if covariance_type not in COVARIANCE_TYPES:
        raise ValueError(f"covariance_type must be one of {COVARIANCE_TYPES}; "
                         f"got {covariance_type!r}.")
    cov = np.asarray(covariances, dtype=float)
    if covariance_type == "diag":
        return _log_gauss_diag(X, means, cov)
    if covariance_type == "spherical":
        return _log_gauss_diag(X, means, np.repeat(cov[:, None], d, axis=1))
    if covariance_type == "tied":
        cov = np.repeat(cov[None], k, axis=0)
    return _log_gauss_full(X, means, cov)


def _log_gauss_diag(X, means, var):
    """Diagonal covariances var (k, d): −½ Σ_j [log 2πσ²_kj + (x_j − μ_kj)²/σ²_kj]."""
    prec = 1.0 / var
    maha = (X * X) @ prec.T - 2.0 * X @ (means * prec).T + (means * means * prec).sum(1)[None]
    return -0.5 * (X.shape[1] * _LOG_2PI + np.log(var).sum(1)[None, :] + np.maximum(maha, 0.0))


# ----------------------------------------------------------------------------------------------
# Gaussian mixture
# ----------------------------------------------------------------------------------------------

class GaussianMixture(BaseEstimator):
    """Mixture of Gaussians fitted by EM (CS229 M39–M41; seed 003 §3.3).

    E-step: γ_ik = π_k N(x_i | μ_k, Σ_k) / Σ_l π_l N(x_i | μ_l, Σ_l), computed in the log
    domain (log-sum-exp). M-step: N_k = Σ_i γ_ik, π_k = N_k/n, μ_k = Σ_i γ_ik x_i / N_k and
    Σ_k = Σ_i γ_ik (x_i − μ_k)(x_i − μ_k)ᵀ / N_k, restricted by ``covariance_type``:
    "full"; "diag" (only the diagonal); "spherical" (σ_k² I, σ_k² = mean of the diagonal);
    "tied" (one Σ shared by all components, Σ_k N_k Σ_k / n). Stops when the per-sample
    increase of ℓ is below ``tol`` or after ``max_iter`` M-steps. ℓ never decreases (M41);
    ``reg_covar``·I added to every covariance (as scikit-learn) perturbs this only by
    round-off-sized amounts.

    Start (``init_params``): "kmeans" — responsibilities from a k-means run (one k-means++
    start), then one M-step; "random" — means at distinct random samples, every covariance the
    data covariance, equal weights. Any of ``weights_init`` (k,), ``means_init`` (k, d),
    ``covariances_init`` (shaped as the covariance type: full (k, d, d), diag (k, d), spherical
    (k,), tied (d, d)) overrides that part; with ``means_init`` alone, weights are equal and
    covariances the data covariance.

    Collapse guard: a component whose covariance (before the floor) has a variance below
    1e-6 × the data's mean variance has shrunk onto a point or a line, where the likelihood is
    unbounded. Its covariance keeps the floor reg_covar·I (at least 1e-10 × the data's mean
    variance), the component is listed in ``collapsed_components_`` and ``warnings_`` explains it
    in words. A component that no point belongs to any more (N_k ≈ 0) keeps its previous mean
    and covariance and is reported the same way.

    Attributes: ``weights_``, ``means_``, ``covariances_`` (covariance-type shape),
    ``responsibilities_``, ``log_likelihood_`` (total ℓ), ``lower_bound_`` (ℓ/n, scikit-learn's
    name), ``n_iter_``, ``converged_``, ``history_`` (:class:`EMStep`: E, M, E, …, M, E),
    ``collapsed_components_``, ``warnings_``.
    """

    def __init__(self, n_components: int = 3, covariance_type: str = "full", max_iter: int = 100,
                 tol: float = 1e-3, random_state=None, init_params: str = "kmeans",
                 weights_init=None, means_init=None, covariances_init=None,
                 reg_covar: float = 1e-6):
        self._store(locals())

    # -- parameter checks ------------------------------------------------------------------------

    def _check_params(self, X):
        n, d = X.shape
        k = self.n_components
        if isinstance(k, bool) or int(k) != k or k < 1:
            raise ValueError(f"n_components must be a whole number ≥ 1; got {k!r}.")
        k = int(k)
        if k > n:
            raise ValueError(f"Cannot fit {k} components to only {n} samples.")
        if self.covariance_type not in COVARIANCE_TYPES:
            raise ValueError(f"covariance_type must be one of {COVARIANCE_TYPES}; "
                             f"got {self.covariance_type!r}.")
        if isinstance(self.max_iter, bool) or int(self.max_iter) != self.max_iter \
                or self.max_iter < 0:
            raise ValueError(f"max_iter must be a whole number ≥ 0; got {self.max_iter!r}.")
        check_positive(self.tol, "The tolerance", allow_zero=True)
        check_positive(self.reg_covar, "reg_covar", allow_zero=True)
        if self.init_params not in ("kmeans", "random"):
            raise ValueError(f"init_params must be 'kmeans' or 'random'; got {self.init_params!r}.")
        return k

    def _check_covariances(self, cov, k, d):
        t = self.covariance_type
        shape = {"full": (k, d, d), "diag": (k, d), "spherical": (k,), "tied": (d, d)}[t]
        cov = np.asarray(cov, dtype=float)
        if cov.shape != shape or not np.all(np.isfinite(cov)):
            raise ValueError(f"covariances_init for covariance_type='{t}' must be finite numbers "
                             f"of shape {shape}; got shape {cov.shape}.")
        full = _full_covariances(cov, t, k, d)
        if not np.allclose(full, np.swapaxes(full, 1, 2)):
            raise ValueError("Every initial covariance matrix must be symmetric.")
        if np.any(np.linalg.eigvalsh(full)[:, 0] <= 0):
            raise ValueError("Every initial covariance must be positive definite (all variances "
                             "> 0).")
        return cov.copy()

    # -- EM pieces -------------------------------------------------------------------------------

    def _restrict(self, full_cov, nk, n):
        """Full per-component covariances (k, d, d) → the covariance type's shape."""
        t = self.covariance_type
        if t == "full":
            return full_cov
        if t == "diag":
            return np.diagonal(full_cov, axis1=1, axis2=2).copy()
        if t == "spherical":
            return np.diagonal(full_cov, axis1=1, axis2=2).mean(1)
        return np.einsum("k,kde->de", nk, full_cov) / nk.sum()

    def _m_step(self, X, resp, prev_means, prev_cov):
        """π, μ, Σ from the responsibilities (plus the floor); returns collapsed components."""
        n, d = X.shape
        counts = resp.sum(0)
        nk = counts + 10 * np.finfo(float).eps
        vanished = counts < 1e-8
        means = (resp.T @ X) / nk[:, None]
        t = self.covariance_type
        if t == "full":
            diff = X[None, :, :] - means[:, None, :]
            raw = np.einsum("nk,kni,knj->kij", resp, diff, diff) / nk[:, None, None]
        elif t == "tied":
            raw = ((X.T @ X) - (nk[:, None] * means).T @ means) / nk.sum()
            raw = (raw + raw.T) / 2
        else:
            avg_x2 = resp.T @ (X * X) / nk[:, None]
            raw = np.maximum(avg_x2 - 2 * means * (resp.T @ X) / nk[:, None] + means * means, 0.0)
            if t == "spherical":
                raw = raw.mean(1)
        cov, collapsed = self._floor_covariances(raw)
        if np.any(vanished) and prev_means is not None:
            means[vanished] = prev_means[vanished]
            if t != "tied":
                cov[vanished] = prev_cov[vanished]
        weights = nk / nk.sum()
        collapsed = sorted(set(collapsed) | set(np.flatnonzero(vanished).tolist()))
        return weights, means, cov, tuple(int(c) for c in collapsed)

    def _floor_covariances(self, raw):
        """Add reg_covar and report components whose own variance fell below the threshold."""
        t = self.covariance_type
        if t == "full":
            smallest = np.linalg.eigvalsh(raw)[:, 0]
        elif t == "diag":
            smallest = raw.min(1)
        elif t == "spherical":
            smallest = raw
        else:
            smallest = np.full(self.n_components, np.linalg.eigvalsh(raw)[0])
        collapsed = np.flatnonzero(smallest < self._collapse_level).tolist()
        d = self._d
        if t in ("full", "tied"):
            cov = raw + self._floor * np.eye(d)
        else:
            cov = raw + self._floor
        if t == "tied":
            collapsed = list(range(self.n_components)) if collapsed else []
        return cov, collapsed

    def _log_weighted(self, X, weights, means, cov):
        """log π_k + log N(x_i | μ_k, Σ_k), shape (n, k)."""
        t = self.covariance_type
        with np.errstate(divide="ignore"):
            logw = np.log(weights)
        if t == "diag":
            return _log_gauss_diag(X, means, cov) + logw
        if t == "spherical":
            return _log_gauss_diag(X, means, np.repeat(cov[:, None], X.shape[1], 1)) + logw
        full = _full_covariances(cov, t, len(means), X.shape[1])
        return _log_gauss_full(X, means, full) + logw

    def _initial_parameters(self, X, k, rng):
        n, d = X.shape
        data_cov = np.atleast_2d(np.cov(X.T, bias=True)) + self._floor * np.eye(d)
        collapsed: tuple = ()
        if self.means_init is not None:
            means = check_array(self.means_init, name="means_init")
            if means.shape != (k, d):
                raise ValueError(f"means_init must have shape ({k}, {d}); got {means.shape}.")
            weights = np.full(k, 1.0 / k)
            cov = self._restrict(np.repeat(data_cov[None], k, 0), np.full(k, n / k), n)
        elif self.init_params == "kmeans":
            labels = KMeans(k, init="k-means++", n_init=1, random_state=rng).fit(X).labels_
            resp = np.zeros((n, k))
            resp[np.arange(n), labels] = 1.0
            weights, means, cov, collapsed = self._m_step(X, resp, None, None)
        else:
            means = X[rng.choice(n, size=k, replace=False)].copy()
            weights = np.full(k, 1.0 / k)
            cov = self._restrict(np.repeat(data_cov[None], k, 0), np.full(k, n / k), n)
        if self.weights_init is not None:
            w = np.asarray(self.weights_init, dtype=float)
            if w.shape != (k,) or not np.all(np.isfinite(w)) or np.any(w <= 0):
                raise ValueError(f"weights_init must be {k} positive numbers.")
            if abs(w.sum() - 1.0) > 1e-6:
                raise ValueError(f"weights_init must sum to 1; they sum to {w.sum():.6g}.")
            weights = w / w.sum()
        if self.covariances_init is not None:
            cov = self._check_covariances(self.covariances_init, k, d)
            collapsed = ()
        return weights, means, cov, collapsed

    # -- fit -------------------------------------------------------------------------------------

    def fit(self, X, y=None) -> "GaussianMixture":
        X = check_array(X, min_samples=2)
        n, d = X.shape
        k = self._check_params(X)
        rng = check_random_state(self.random_state)
        scale = float(X.var(0).mean())
        if scale <= 0:
            raise ValueError("All samples are identical: there is nothing to model.")
        self._d = d
        self._collapse_level = 1e-6 * scale
        self._floor = max(float(self.reg_covar), 1e-10 * scale)
        weights, means, cov, collapsed0 = self._initial_parameters(X, k, rng)
        tol = float(self.tol)

        def full(c):
            return _full_covariances(c, self.covariance_type, k, d)

        logp = self._log_weighted(X, weights, means, cov)
        resp, lse = _responsibilities(logp)
        ll = float(lse.sum())
        history = [EMStep(0, "E", _readonly(weights), _readonly(means), _readonly(full(cov)), ll, ll,
                          collapsed0)]
        collapsed_any: set[int] = set(collapsed0)
        self.converged_ = False
        it = 0
        for it in range(1, int(self.max_iter) + 1):
            weights, means, cov, collapsed = self._m_step(X, resp, means, cov)
            collapsed_any.update(collapsed)
            logp = self._log_weighted(X, weights, means, cov)
            new_resp, lse = _responsibilities(logp)
            new_ll = float(lse.sum())
            bound = float((resp * np.where(resp > 0, logp, 0.0)).sum() - xlogy(resp, resp).sum())
            w_ro, m_ro, c_ro = _readonly(weights), _readonly(means), _readonly(full(cov))
            history.append(EMStep(it, "M", w_ro, m_ro, c_ro, new_ll, bound, collapsed))
            resp = new_resp
            history.append(EMStep(it, "E", w_ro, m_ro, c_ro, new_ll, new_ll, collapsed))
            change = (new_ll - ll) / n
            ll = new_ll
            if abs(change) < tol:
                self.converged_ = True
                break
        self.weights_, self.means_, self.covariances_ = weights, means, cov
        self.responsibilities_ = resp
        self.log_likelihood_ = ll
        self.lower_bound_ = ll / n
        self.n_iter_ = it
        self.history_ = tuple(history)
        self.collapsed_components_ = tuple(sorted(collapsed_any))
        self.warnings_ = tuple(self._collapse_message(j) for j in self.collapsed_components_)
        self.n_features_in_ = d
        return self

    def _collapse_message(self, j: int) -> str:
        if self.covariance_type == "tied":
            return (f"The shared covariance became (nearly) singular: the data lie close to a "
                    f"line or a point, so the likelihood is unbounded. A floor {self._floor:.1e}·I "
                    f"keeps it finite.")
        return (f"Component {j} collapsed: its covariance became (nearly) singular because it "
                f"shrank onto a single point or a line, where the likelihood can grow without "
                f"bound. A floor of {self._floor:.1e}·I keeps the numbers finite; try another "
                f"start, fewer components, or a diagonal, spherical or tied covariance.")

    # -- use -------------------------------------------------------------------------------------

    def _check_X(self, X):
        X = check_new_data(self, X, "n_features_in_")
        return X

    def _weighted_log_prob(self, X):
        return self._log_weighted(self._check_X(X), self.weights_, self.means_, self.covariances_)

    def score_samples(self, X) -> FloatArray:
        """log p(x) = log Σ_k π_k N(x | μ_k, Σ_k) for every sample."""
        return _log_sum_exp(self._weighted_log_prob(X))

    def score(self, X, y=None) -> float:
        """Average log-likelihood per sample."""
        return float(self.score_samples(X).mean())

    def predict_proba(self, X) -> FloatArray:
        """Responsibilities γ_k(x) (rows sum to 1)."""
        logp = self._weighted_log_prob(X)
        return _responsibilities(logp)[0]

    def predict(self, X) -> np.ndarray:
        """The most responsible component argmax_k γ_k(x) (seed 003 λ_j)."""
        return self._weighted_log_prob(X).argmax(1)

    def fit_predict(self, X, y=None) -> np.ndarray:
        return self.fit(X).predict(X)

    def n_parameters(self) -> int:
        """Free parameters: k − 1 weights, k·d means, and the covariance entries of the type."""
        check_is_fitted(self, "means_")
        k, d = self.means_.shape
        cov = {"full": k * d * (d + 1) // 2, "diag": k * d, "spherical": k,
               "tied": d * (d + 1) // 2}[self.covariance_type]
        return int(k - 1 + k * d + cov)

    def bic(self, X) -> float:
        """Bayesian information criterion −2ℓ + p log n (lower is better; for choosing k)."""
        X = self._check_X(X)
        return float(-2 * self.score(X) * len(X) + self.n_parameters() * np.log(len(X)))

    def aic(self, X) -> float:
        """Akaike information criterion −2ℓ + 2p."""
        X = self._check_X(X)
        return float(-2 * self.score(X) * len(X) + 2 * self.n_parameters())

    def point_breakdown(self, x, step: int | None = None) -> PointBreakdown:
        """The E-step numbers for one point x with the parameters of ``history_[step]``
        (default: the fitted parameters): π_k, N(x | μ_k, Σ_k), π_k N(·), p(x) and γ_k."""
        check_is_fitted(self, "means_")
        x = check_array(np.atleast_2d(np.asarray(x, dtype=float)), name="x")
        if x.shape != (1, self.n_features_in_):
            raise ValueError(f"x must be one point with {self.n_features_in_} coordinates.")
        if step is None:
            w, m = self.weights_, self.means_
            full = _full_covariances(self.covariances_, self.covariance_type, len(m), m.shape[1])
        else:
            snap = self.history_[step]
            w, m, full = snap.weights, snap.means, snap.covariances
        logd = _log_gauss_full(x, m, full)[0]
        with np.errstate(divide="ignore"):
            logw = logd + np.log(w)
        log_ev = float(logsumexp(logw))
        return PointBreakdown(_readonly(x[0]), _readonly(w), _readonly(logd),
                              _readonly(np.exp(logd)), _readonly(np.exp(logw)),
                              float(np.exp(log_ev)), log_ev, _readonly(np.exp(logw - log_ev)))

    def step_responsibilities(self, X, step: int) -> FloatArray:
        """γ_ik of ``history_[step]`` for the rows of X (n, k): an E-step's from its own π, μ, Σ; an
        M-step's are the Q it used, the E-step's before it (CS229 Ch. 7b). For the training data
        these are the responsibilities EM computed at that step."""
        X = self._check_X(X)
        snap = self.history_[_q_step(self.history_, step)]
        cov = _typed_covariances(snap.covariances, self.covariance_type)
        return _responsibilities(self._log_weighted(X, snap.weights, snap.means, cov))[0]


def fit_covariance_types(X, n_components: int = 3, max_iter: int = 100, tol: float = 1e-3,
                         random_state=None, init_params: str = "kmeans") -> tuple[GaussianMixture, ...]:
    """One :class:`GaussianMixture` per covariance type, in ``COVARIANCE_TYPES`` order.

    CS229 Part X §1 (restrictions of Σ): full, diagonal, spherical σ_k²I and tied (one Σ for all
    components), each fitted with the same k, start settings and stopping rule, so that their
    log-likelihoods ℓ, free parameters p and BIC = −2ℓ + p log n can be compared.
    """
    return tuple(GaussianMixture(n_components, cov, max_iter, tol, random_state, init_params).fit(X)
                 for cov in COVARIANCE_TYPES)


# ----------------------------------------------------------------------------------------------
# k-means as hard EM
# ----------------------------------------------------------------------------------------------

class HardEM(BaseEstimator):
    """k-means as hard EM (CS229 M39 "soft vs hard"), recorded like :class:`GaussianMixture`.

    The model: equal weights 1/k and one shared spherical covariance σ²I. Hard E-step:
    Q_i = a point mass on the most probable component, which for this model is the nearest
    mean. M-step: μ_k = mean of its points, σ² = J/(n d) (J the k-means distortion). This is
    exactly k-means — same labels and centres as :class:`algorithms.KMeans` from the same start
    (``means_init``, or ``init`` = "k-means++" / "random" with ``random_state``).

    In each :class:`EMStep` (its 0/1 Q from ``step_responsibilities``), ``lower_bound`` is the
    hard bound J(Q, θ) = Σ_i log(π N(x_i | μ_{c_i}, σ²I)) ≤ ℓ(θ) — it never decreases — and
    ``log_likelihood`` is the mixture ℓ(θ) of the same parameters, which hard EM does **not**
    promise to increase. σ² is floored at 1e-10 × the data's mean variance (all points on
    their centres). Attributes: ``labels_``, ``means_``, ``variance_``, ``n_iter_``,
    ``history_``.
    """

    def __init__(self, n_components: int = 3, max_iter: int = 300, init="k-means++",
                 means_init=None, random_state=None):
        self._store(locals())

    def fit(self, X, y=None) -> "HardEM":
        X = check_array(X, min_samples=2)
        n, d = X.shape
        init = self.init if self.means_init is None else self.means_init
        km = KMeans(self.n_components, init=init, n_init=1, max_iter=self.max_iter,
                    random_state=self.random_state)
        km.fit(X)
        k = km.cluster_centers_.shape[0]
        floor = 1e-10 * max(float(X.var(0).mean()), 1e-300)
        weights = _readonly(np.full(k, 1.0 / k))
        history = []
        sigma2 = None
        for s in km.history_:
            if s.kind in ("init", "update"):  # an assign step keeps these centres and σ²: the same ℓ
                sigma2 = max(s.objective / (n * d), floor)
                cov = _readonly(np.repeat((sigma2 * np.eye(d))[None], k, 0))
                logp = _log_gauss_diag(X, s.centers, np.full((k, d), sigma2)) + np.log(1.0 / k)
                ll = float(_log_sum_exp(logp).sum())
            bound = float(logp[np.arange(n), s.labels].sum())
            kind = "M" if s.kind == "update" else "E"
            history.append(EMStep(s.step, kind, weights, s.centers, cov, ll, bound))
        self.labels_ = km.labels_
        self.means_ = km.cluster_centers_
        self.variance_ = sigma2
        self.n_iter_ = km.n_iter_
        self.history_ = tuple(history)
        return self

    def predict(self, X) -> np.ndarray:
        return nearest_center(check_new_data(self, X, "means_"), self.means_)

    def step_responsibilities(self, X, step: int) -> FloatArray:
        """The 0/1 Q of ``history_[step]`` for the rows of X (n, k): at an E-step each point goes to
        the step's nearest mean; an M-step keeps the Q it used, the E-step's before it."""
        X = check_new_data(self, X, "means_")
        labels = nearest_center(X, self.history_[_q_step(self.history_, step)].means)
        return np.eye(len(self.means_))[labels]


# ----------------------------------------------------------------------------------------------
# one Gaussian: its shape, its conditionals (CS229 Part IV §1.1, Part X §2)
# ----------------------------------------------------------------------------------------------

def _check_gaussian(mean, cov) -> tuple[FloatArray, FloatArray]:
    mean = np.atleast_1d(np.asarray(mean, dtype=float))
    cov = np.atleast_2d(np.asarray(cov, dtype=float))
    d = len(mean)
    if cov.shape != (d, d) or not np.all(np.isfinite(cov)) or not np.all(np.isfinite(mean)):
        raise ValueError(f"A Gaussian in {d}-D needs a finite mean of length {d} and a finite {d}×{d} Σ.")
    if not np.allclose(cov, cov.T):
        raise ValueError("Σ must be symmetric (Σ₁₂ = Σ₂₁).")
    if np.linalg.eigvalsh(cov)[0] <= 1e-12 * max(1.0, np.abs(cov).max()):
        raise ValueError("Σ must be positive definite: keep |ρ| < 1 and every variance > 0.")
    return mean, cov


@dataclass(frozen=True)
class GaussianShape:
    """det Σ, the eigenvalues of Σ (squared half-axes of the 1σ ellipse, largest first), the angle of
    the long axis in degrees, and the peak density 1/((2π)^{d/2}|Σ|^{1/2}) (CS229 Part IV §1.1)."""

    det: float
    eigenvalues: FloatArray
    angle: float
    peak: float


def gaussian_shape(cov) -> GaussianShape:
    """The numbers that describe the shape of N(μ, Σ); see :class:`GaussianShape`."""
    _, cov = _check_gaussian(np.zeros(len(np.atleast_2d(cov))), cov)
    evals, evecs = np.linalg.eigh(cov)
    long_axis = evecs[:, -1]
    angle = float(np.degrees(np.arctan2(long_axis[1], long_axis[0])) % 180) if len(cov) == 2 else 0.0
    det = float(np.linalg.det(cov))
    return GaussianShape(det, evals[::-1].copy(), angle, float((2 * np.pi) ** (-len(cov) / 2) / np.sqrt(det)))


def gaussian_conditional(mean, cov, value, given=(1,)) -> tuple[FloatArray, FloatArray]:
    """x₁ | x₂ = value for x = [x₁; x₂] ~ N(μ, Σ), x₂ the coordinates ``given`` (CS229 Part X §2, M43):

    μ₁|₂ = μ₁ + Σ₁₂Σ₂₂⁻¹(x₂ − μ₂),  Σ₁|₂ = Σ₁₁ − Σ₁₂Σ₂₂⁻¹Σ₂₁.  Returns (μ₁|₂, Σ₁|₂).
    """
    mean, cov = _check_gaussian(mean, cov)
    given = np.atleast_1d(np.asarray(given, dtype=int))
    free = np.setdiff1d(np.arange(len(mean)), given)
    if len(free) == 0 or len(np.unique(given)) != len(given) or given.min() < 0 or given.max() >= len(mean):
        raise ValueError("Condition on some, not all, of the coordinates, each once.")
    value = np.atleast_1d(np.asarray(value, dtype=float))
    if value.shape != given.shape or not np.all(np.isfinite(value)):
        raise ValueError(f"Give one finite value for each of the {len(given)} conditioning coordinate(s).")
    S12 = cov[np.ix_(free, given)]
    gain = np.linalg.solve(cov[np.ix_(given, given)], S12.T).T    # Σ₁₂Σ₂₂⁻¹
    return mean[free] + gain @ (value - mean[given]), cov[np.ix_(free, free)] - gain @ S12.T


# ----------------------------------------------------------------------------------------------
# Jensen's inequality and EM's lower bound, drawn in one dimension (CS229 Part IX §1–2, M40–M41)
# ----------------------------------------------------------------------------------------------

JENSEN_FUNCTIONS = {"log": np.log, "square": np.square, "exp": np.exp}


def jensen_two_point(f: str, a: float, b: float, p: float) -> tuple[float, float, float]:
    """X = a with probability p, else b: (E[X], f(E[X]), E[f(X)]) (CS229 M40; f = log is concave,
    so E[f(X)] ≤ f(E[X]); x² and exp are convex, so E[f(X)] ≥ f(E[X]))."""
    if f not in JENSEN_FUNCTIONS:
        raise ValueError(f"f must be one of {tuple(JENSEN_FUNCTIONS)}; got {f!r}.")
    if not 0 <= p <= 1:
        raise ValueError(f"p is a probability: 0 ≤ p ≤ 1; got {p}.")
    if f == "log" and min(a, b) <= 0:
        raise ValueError("log needs positive a and b.")
    fn = JENSEN_FUNCTIONS[f]
    mean = p * a + (1 - p) * b
    return float(mean), float(fn(mean)), float(p * fn(a) + (1 - p) * fn(b))


def two_gaussians_1d(n: int, separation: float, random_state=0) -> FloatArray:
    """n points from ½N(−s/2, 1) + ½N(s/2, 1), sorted (the 1-D mixture of the EM lower-bound view)."""
    rng = check_random_state(random_state)
    if int(n) < 2:
        raise ValueError(f"Draw at least 2 points; got n = {n}.")
    z = rng.random(int(n)) < 0.5
    return np.sort(np.where(z, -separation / 2, separation / 2) + rng.normal(size=int(n)))


@dataclass(frozen=True)
class LowerBoundPath:
    """ℓ(μ₁) on ``grid``, EM's iterates μ₁⁽ᵗ⁾ and, one row per t, the bound J(Q⁽ᵗ⁾, μ₁) on the grid."""

    grid: FloatArray
    loglik: FloatArray
    mu: FloatArray
    bounds: FloatArray


def em_lower_bound_path(x, mu_start: float, mu2: float, n_steps: int = 12, sigma: float = 1.0,
                        weight: float = 0.5, grid=None) -> LowerBoundPath:
    """EM on μ₁ alone in the 1-D mixture w·N(μ₁, σ²) + (1 − w)·N(μ₂, σ²) (CS229 Part IX §2, M41).

    E-step Q⁽ᵗ⁾ᵢ(z) = p(z | xᵢ; μ₁⁽ᵗ⁾); the bound J(Q⁽ᵗ⁾, μ₁) = Σᵢ Σ_z Qᵢ(z) log(p(xᵢ, z; μ₁)/Qᵢ(z))
    lies below ℓ(μ₁) (Jensen, log concave) and touches it at μ₁⁽ᵗ⁾; the M-step
    μ₁⁽ᵗ⁺¹⁾ = Σᵢ Qᵢ(1)xᵢ / Σᵢ Qᵢ(1) is the bound's maximum.
    """
    x = check_array(np.asarray(x, dtype=float).reshape(-1, 1), min_samples=2)[:, 0]
    check_positive(sigma, "σ")
    if not 0 < weight < 1:
        raise ValueError(f"The mixing weight w must lie strictly between 0 and 1; got {weight}.")
    grid = np.linspace(x.min() - 1, x.max() + 1, 301) if grid is None else np.asarray(grid, dtype=float)

    def log_joint(mu1):  # log p(xᵢ, z; μ₁), shape (len(mu1), n, 2)
        mu1 = np.atleast_1d(mu1)[:, None]
        first = np.log(weight) - 0.5 * ((x[None] - mu1) / sigma) ** 2
        second = np.broadcast_to(np.log(1 - weight) - 0.5 * ((x - mu2) / sigma) ** 2, first.shape)
        return np.stack([first, second], axis=-1) - 0.5 * np.log(2 * np.pi * sigma**2)

    grid_joint = log_joint(grid)
    loglik = np.logaddexp(grid_joint[..., 0], grid_joint[..., 1]).sum(axis=1)
    mus, bounds = [float(mu_start)], []
    for _ in range(int(n_steps) + 1):
        joint = log_joint(mus[-1])[0]
        log_q = joint - np.logaddexp(joint[:, :1], joint[:, 1:])          # E-step: log Qᵢ(z)
        q = np.exp(log_q)
        bounds.append((q[None] * (grid_joint - log_q[None])).sum(axis=(1, 2)))
        if len(mus) > n_steps:
            break
        mus.append(float(q[:, 0] @ x / q[:, 0].sum()) if q[:, 0].sum() > 0 else mus[-1])  # M-step
    return LowerBoundPath(grid, loglik, np.array(mus), np.array(bounds))


# ----------------------------------------------------------------------------------------------
# drawing helper
# ----------------------------------------------------------------------------------------------

def covariance_ellipse(mean, cov, n_std: float = 2.0, n_points: int = 100) -> FloatArray:
    """Points (n_points, 2) of the ellipse {x : (x − μ)ᵀΣ⁻¹(x − μ) = n_std²} of a 2-D Gaussian.

    Stacks of means (..., 2) and covariances (..., 2, 2) give one ellipse each, (..., n_points, 2), in one
    eigendecomposition (the ellipse of every step of a run: one call, not one per step)."""
    mean = np.asarray(mean, dtype=float)
    cov = np.asarray(cov, dtype=float)
    if mean.shape[-1:] != (2,) or cov.shape[-2:] != (2, 2) or mean.shape[:-1] != cov.shape[:-2]:
        raise ValueError("covariance_ellipse draws 2-D Gaussians: mean (2,), cov (2, 2), or stacks of them.")
    check_positive(n_std, "n_std")
    evals, evecs = np.linalg.eigh((cov + np.swapaxes(cov, -1, -2)) / 2)
    evals = np.maximum(evals, 0.0)
    t = np.linspace(0, 2 * np.pi, int(n_points))
    circle = np.c_[np.cos(t), np.sin(t)]
    return mean[..., None, :] + n_std * (circle * np.sqrt(evals)[..., None, :]) @ np.swapaxes(evecs, -1, -2)
