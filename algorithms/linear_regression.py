"""Least squares and its relatives for the model f_θ(x) = θᵀφ(x).

Sugiyama ch. 3–4 (least squares, SGD, subspace and ℓ2 constraints), CS229 Part I (batch and
stochastic gradient descent, normal equations, locally weighted regression), seed 004 §2.2 (ridge).
The objective is J(θ) = ½ Σ_i (f_θ(x_i) − y_i)², with the ½ of Sugiyama (3.1) and CS229.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import geometric_steps
from algorithms._base import ridge_solve
from algorithms.basis import BasisModel
from algorithms.basis import GaussianBasis

__all__ = [
    "LinearRegression",
    "Ridge",
    "KernelRidge",
    "SubspaceLeastSquares",
    "SGDRegressor",
    "GradientDescentRegressor",
    "LocallyWeightedRegression",
    "WeightedLeastSquares",
    "GeneralizedRidge",
    "ellipse_points",
    "GaussianNoiseRegression",
    "gaussian_log_likelihood",
    "GradientStep",
    "squared_loss",
    "squared_loss_grid",
    "ridge_path",
    "kernel_ridge_errors",
    "gram_spectrum",
    "LeastSquaresProjection",
    "least_squares_projection",
    "UnbiasednessDraws",
    "least_squares_draws",
    "MAX_NOISE_VALUES",
]


def squared_loss(Phi: FloatArray, y: FloatArray, theta: FloatArray) -> float:
    """J(θ) = ½‖Φθ − y‖² (Sugiyama (3.1); CS229 J(θ)); inf once a diverging iteration overflows."""
    with np.errstate(over="ignore", invalid="ignore"):
        r = Phi @ theta - y
        return 0.5 * float(r @ r)


def squared_loss_grid(Phi: FloatArray, y: FloatArray, theta0: FloatArray, theta1: FloatArray) -> FloatArray:
    """J(θ) = ½‖Φθ − y‖² at every point of the grid θ₀ × θ₁ of a two-parameter model (b = 2),
    shape (len(theta1), len(theta0)) as contour plots want it (Sugiyama (3.1), Fig 4.3).

    Without the n × grid residuals: around the least-squares θ̂ (r̂ = Φθ̂ − y),
    J(θ) = ½‖r̂‖² + (θ − θ̂)ᵀΦᵀr̂ + ½(θ − θ̂)ᵀΦᵀΦ(θ − θ̂), exact for any θ̂ (Φᵀr̂ ≈ 0 keeps
    the small differences near the optimum accurate), so the grid costs the same for any n."""
    T0, T1 = np.meshgrid(theta0, theta1)
    centre = np.linalg.lstsq(Phi, y, rcond=None)[0]
    r = Phi @ centre - y
    D = np.stack([T0.ravel(), T1.ravel()]) - centre[:, None]
    quadratic = np.einsum("im,ij,jm->m", D, Phi.T @ Phi, D)
    return (0.5 * float(r @ r) + (Phi.T @ r) @ D + 0.5 * quadratic).reshape(T0.shape)


def ridge_path(Phi: FloatArray, y: FloatArray, lams) -> FloatArray:
    """θ̂(λ) = (ΦᵀΦ + λI)⁻¹Φᵀy for every λ, one row each (Sugiyama (4.3)), from one eigendecomposition
    ΦᵀΦ = V diag(e) Vᵀ: θ̂(λ) = V diag(1/(e + λ)) VᵀΦᵀy. Every λ must be positive."""
    lams = np.array([check_positive(lam, "λ") for lam in np.atleast_1d(lams)])
    e, V = np.linalg.eigh(Phi.T @ Phi)
    return (V / (np.maximum(e, 0.0)[None, :] + lams[:, None, None])) @ (V.T @ (Phi.T @ y))


def kernel_ridge_errors(X, y, X_test, y_test, h: float, lams) -> tuple[FloatArray, FloatArray | None]:
    """Training and test mean squared error of KernelRidge(h, λ) (centres at all training inputs,
    θ̂ = (K² + λI)⁻¹Ky, Sugiyama (4.3) with Φ = K) for every λ; the test errors are None without test data."""
    X, y = check_X_y(X, y)
    basis = GaussianBasis(h).fit(X)
    K = basis.transform(X)
    thetas = ridge_path(K, y, lams)
    train = np.mean((thetas @ K.T - y) ** 2, axis=1)
    if X_test is None:
        return train, None
    test = np.mean((thetas @ basis.transform(check_array(X_test)).T - y_test) ** 2, axis=1)
    return train, test


def gram_spectrum(Phi: FloatArray) -> tuple[float, float]:
    """The largest eigenvalue of ΦᵀΦ and its condition number κ = e_max/e_min (inf when singular).

    Batch gradient descent on ½‖Φθ − y‖² converges exactly for step sizes 0 < α < 2/e_max, and κ
    sets how slowly it zig-zags (CS229 Part I §1; feature scaling lowers κ)."""
    e = np.linalg.eigvalsh(Phi.T @ Phi)
    return float(e[-1]), float(e[-1] / e[0]) if e[0] > e[-1] * 1e-300 else float("inf")


class _BasisRegressor(BasisModel):
    """Fits θ on the design matrix Φ = φ(X); subclasses define ``_solve(Phi, y)``."""

    def fit(self, X, y) -> "_BasisRegressor":
        X, y = check_X_y(X, y)
        self.basis_ = self._fit_basis(X)
        Phi = self.basis_.transform(X)
        self.theta_ = self._solve(Phi, y)
        self.objective_ = squared_loss(Phi, y, self.theta_)
        return self


class LinearRegression(_BasisRegressor):
    """Ordinary least squares θ̂ = Φ†y (Sugiyama §3.1; CS229 normal equations XᵀXθ = Xᵀy).

    Solved through the SVD (``lstsq``), which returns the minimum-norm solution when Φ is
    rank-deficient (Sugiyama §3.2).
    """

    def __init__(self, basis=None):
        self._store(locals())

    def _solve(self, Phi, y):
        theta, _, self.rank_, self.singular_values_ = np.linalg.lstsq(Phi, y, rcond=None)
        return theta


class Ridge(_BasisRegressor):
    """ℓ2-regularised least squares θ̂ = (ΦᵀΦ + λI)⁻¹Φᵀy (Sugiyama (4.3); seed 004 §2.2).

    Solved by a Cholesky factorisation of ΦᵀΦ + λI when λ > 0, else by the SVD form
    θ̂ = Σ_k κ_k/(κ_k² + λ) (ψ_kᵀy) φ_k. As in both books, every θ_j is penalised, the intercept
    included.
    """

    def __init__(self, lam: float = 0.1, basis=None):
        self._store(locals())

    def _solve(self, Phi, y):
        return ridge_solve(Phi, y, check_positive(self.lam, "λ", allow_zero=True))


class KernelRidge(Ridge):
    """Gaussian kernel model with ℓ2 penalty: θ̂ = (K² + λI)⁻¹Ky (Sugiyama §4.2, Fig 4.7).

    This is the book's form (penalising ‖θ‖² with Φ = K), not the (K + λI)⁻¹y of other texts.
    ``centers`` fixes the kernel centres (default: the training inputs); ``n_centers`` uses that
    many random training inputs instead (Sugiyama §2.2, for large n).
    """

    def __init__(self, h: float = 0.3, lam: float = 0.1, centers=None, n_centers: int | None = None,
                 random_state=0):
        self._store(locals())

    @property
    def basis(self):
        return GaussianBasis(self.h, self.centers, self.n_centers, self.random_state)


class SubspaceLeastSquares(_BasisRegressor):
    """Least squares restricted to θ = Pθ: θ̂ = (ΦP)†y (Sugiyama §4.1, Fig 4.3).

    P = diag(1, …, 1, 0, …, 0) keeps the first ``n_keep`` basis functions (the book keeps 11 of 31).
    """

    def __init__(self, n_keep: int = 11, basis=None):
        self._store(locals())

    def _solve(self, Phi, y):
        b = Phi.shape[1]
        if int(self.n_keep) != self.n_keep or not 1 <= self.n_keep <= b:
            raise ValueError(
                f"The number of kept basis functions must be between 1 and {b}; got {self.n_keep}."
            )
        P = np.diag((np.arange(b) < self.n_keep).astype(float))
        return np.linalg.lstsq(Phi @ P, y, rcond=None)[0]


@dataclass(frozen=True)
class GradientStep:
    """One recorded step of a gradient method: θ after the step and J(θ).

    ``index`` is the sample used by a stochastic step (−1 for a full-batch step).
    """

    step: int
    theta: FloatArray
    loss: float
    index: int = -1


def _snapshot(step, theta, loss, index=-1) -> GradientStep:
    theta = theta.copy()
    theta.setflags(write=False)
    return GradientStep(step, theta, float(loss), int(index))


class _GradientRegressor(_BasisRegressor):
    def _check_common(self):
        if int(self.max_iter) != self.max_iter or self.max_iter < 1:
            raise ValueError(f"max_iter must be a whole number ≥ 1; got {self.max_iter}.")
        check_positive(self.tol, "The tolerance", allow_zero=True)


class SGDRegressor(_GradientRegressor):
    """Stochastic gradient descent for least squares (Sugiyama §3.3, Fig 3.8; CS229 M03).

    Repeats θ ← θ − ε φ(x_i)(f_θ(x_i) − y_i) for a uniformly drawn sample i, starting from
    θ ~ N(0, I), until ‖Δθ‖ < tol or ``max_iter`` steps. ``history_`` holds ``GradientStep``
    snapshots at up to ``n_snapshots`` steps (every early step, then geometrically spaced ones)
    plus the last step; ``n_iter_`` counts all steps.
    """

    def __init__(
        self,
        eta: float = 0.1,
        basis=None,
        max_iter: int = 50_000,
        tol: float = 1e-6,
        n_snapshots: int = 200,
        theta0=None,
        random_state=None,
    ):
        self._store(locals())

    def _solve(self, Phi, y):
        eta = check_positive(self.eta, "The learning rate ε")
        self._check_common()
        rng = check_random_state(self.random_state)
        n, b = Phi.shape
        theta = rng.standard_normal(b) if self.theta0 is None else np.array(self.theta0, dtype=float)
        if theta.shape != (b,):
            raise ValueError(f"theta0 must have {b} entries, one per basis function.")
        picks = rng.integers(n, size=int(self.max_iter))
        row_norms = np.linalg.norm(Phi, axis=1)
        record = geometric_steps(int(self.max_iter), int(self.n_snapshots))
        history = [_snapshot(0, theta, squared_loss(Phi, y, theta))]
        self.converged_, self.diverged_ = False, False
        step = 0
        for step, i in enumerate(picks, start=1):
            scaled_residual = eta * (Phi[i] @ theta - y[i])
            theta -= scaled_residual * Phi[i]
            done = abs(scaled_residual) * row_norms[i] < self.tol
            blown = not np.isfinite(scaled_residual) or abs(scaled_residual) > 1e150
            if step in record or done or blown:
                history.append(_snapshot(step, theta, squared_loss(Phi, y, theta), i))
            if blown:
                self.diverged_ = True
                break
            if done:
                self.converged_ = True
                break
        if history[-1].step != step:
            history.append(_snapshot(step, theta, squared_loss(Phi, y, theta), picks[step - 1]))
        self.n_iter_ = step
        self.history_ = tuple(history)
        return theta


class GradientDescentRegressor(_GradientRegressor):
    """Batch gradient descent, the LMS rule θ := θ − α Φᵀ(Φθ − y) (CS229 M02).

    J is a sum over samples, so α must stay below 2/λ_max(ΦᵀΦ) (``step_limit_``); on unscaled
    housing features that bound is about 1e-8, which is why feature scaling matters. ``diverged_``
    is set as soon as J rises (it cannot below the limit) or overflows.
    Starts from ``theta0`` (zeros by default); one ``GradientStep`` per iteration.
    """

    def __init__(self, alpha: float = 0.01, basis=None, max_iter: int = 200, tol: float = 1e-9, theta0=None):
        self._store(locals())

    def _solve(self, Phi, y):
        alpha = check_positive(self.alpha, "The learning rate α")
        self._check_common()
        b = Phi.shape[1]
        theta = np.zeros(b) if self.theta0 is None else np.array(self.theta0, dtype=float)
        if theta.shape != (b,):
            raise ValueError(f"theta0 must have {b} entries, one per basis function.")
        self.step_limit_ = 2.0 / np.linalg.eigvalsh(Phi.T @ Phi)[-1]
        loss = squared_loss(Phi, y, theta)
        history = [_snapshot(0, theta, loss)]
        self.converged_, self.diverged_ = False, False
        for step in range(1, int(self.max_iter) + 1):
            theta = theta - alpha * (Phi.T @ (Phi @ theta - y))
            new_loss = squared_loss(Phi, y, theta)
            if not np.isfinite(new_loss) or new_loss > 1e300:
                self.diverged_ = True
                break
            # Below the step limit J never rises (the quadratic's error shrinks in every eigendirection):
            # a rise beyond round-off means the iteration is diverging, however slowly it has grown so far.
            self.diverged_ |= new_loss > loss * (1.0 + 1e-9)
            history.append(_snapshot(step, theta, new_loss))
            if abs(loss - new_loss) < self.tol * max(1.0, loss):
                self.converged_ = True
                break
            loss = new_loss
        self.n_iter_ = len(history) - 1
        self.history_ = tuple(history)
        return history[-1].theta.copy()


class LocallyWeightedRegression(BaseEstimator):
    """Locally weighted linear regression (CS229 M08).

    For each query x, fit θ(x) minimising Σ_i w⁽ⁱ⁾(y⁽ⁱ⁾ − θᵀx̂⁽ⁱ⁾)² with
    w⁽ⁱ⁾ = exp(−‖x⁽ⁱ⁾ − x‖²/(2τ²)), then predict θ(x)ᵀx̂ (x̂ = (1, x)). The weights are rescaled so
    the largest is 1 (the solution does not change) and a tiny ridge keeps XᵀWX invertible when
    only one point carries weight.
    """

    _JITTER = 1e-10

    def __init__(self, tau: float = 0.5):
        self._store(locals())

    def fit(self, X, y) -> "LocallyWeightedRegression":
        X, y = check_X_y(X, y)
        check_positive(self.tau, "The bandwidth τ")
        self.X_, self.y_ = X, y
        return self

    def weights(self, Xq) -> FloatArray:
        """w⁽ⁱ⁾ for every query (rows) and training sample (columns), largest = 1 per row."""
        Xq = check_new_data(self, Xq, "X_")
        d2 = ((Xq[:, None, :] - self.X_[None, :, :]) ** 2).sum(-1)
        logw = -d2 / (2.0 * self.tau**2)
        return np.exp(logw - logw.max(1, keepdims=True))

    def local_theta(self, Xq) -> FloatArray:
        """θ(x) of the local fit at each query point, shape (n_queries, d + 1)."""
        W = self.weights(Xq)
        Xh = np.column_stack([np.ones(len(self.X_)), self.X_])
        b = Xh.shape[1]
        outer = (Xh[:, :, None] * Xh[:, None, :]).reshape(len(Xh), b * b)  # x̂ᵢx̂ᵢᵀ, one row per sample
        A = (W @ outer).reshape(len(W), b, b)  # Σᵢ wᵢ x̂ᵢx̂ᵢᵀ per query: one matrix product
        A += self._JITTER * np.eye(b) * np.trace(A, axis1=1, axis2=2)[:, None, None]
        rhs = W @ (Xh * self.y_[:, None])
        return np.linalg.solve(A, rhs[..., None])[..., 0]

    def predict(self, Xq) -> FloatArray:
        Xq = check_array(Xq)
        theta = self.local_theta(Xq)
        return theta[:, 0] + (theta[:, 1:] * Xq).sum(1)


class WeightedLeastSquares(_BasisRegressor):
    """Weighted least squares θ̂ = (ΦᵀWΦ)†ΦᵀWy, W = diag(w₁, …, wₙ), wᵢ ≥ 0 (Sugiyama §3.1, A3.2).

    It minimises ½ Σ_i wᵢ(f_θ(xᵢ) − yᵢ)², solved as the least-squares problem of √W Φ and √W y
    (minimum-norm when ΦᵀWΦ is singular). All wᵢ = 1 is ordinary LS; wₖ = 0 deletes sample k.
    """

    def __init__(self, basis=None):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "WeightedLeastSquares":
        X, y = check_X_y(X, y)
        w = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, dtype=float).reshape(-1)
        if w.shape != y.shape:
            raise ValueError(f"Give one weight per sample: {len(y)} samples but {w.size} weights.")
        if not np.all(np.isfinite(w)) or np.any(w < 0) or not np.any(w > 0):
            raise ValueError("The weights must be finite and ≥ 0, and at least one must be positive.")
        self.basis_ = self._fit_basis(X)
        Phi = self.basis_.transform(X)
        root = np.sqrt(w)
        self.theta_ = np.linalg.lstsq(root[:, None] * Phi, root * y, rcond=None)[0]
        self.sample_weight_ = w
        r = Phi @ self.theta_ - y
        self.objective_ = 0.5 * float(w @ r**2)
        return self


def gaussian_log_likelihood(residuals, sigma) -> FloatArray:
    """ℓ = n log(1/(√(2π)σ)) − (1/σ²)·½ Σ_i rᵢ² of the residuals rᵢ = yᵢ − θᵀxᵢ under Gaussian noise
    N(0, σ²) (CS229 Part I §3), for one σ or an array of them."""
    r = np.asarray(residuals, dtype=float).reshape(-1)
    sigma = np.asarray(sigma, dtype=float)
    if np.any(~np.isfinite(sigma)) or np.any(sigma <= 0):
        raise ValueError("The noise standard deviation σ must be positive.")
    return -r.size * np.log(np.sqrt(2.0 * np.pi) * sigma) - 0.5 * float(r @ r) / sigma**2


class GaussianNoiseRegression(_BasisRegressor):
    """Maximum likelihood for y = θᵀφ(x) + ε, ε ~ N(0, σ²) IID (CS229 Part I §3; seed 003 §2.2.4).

    ℓ(θ, σ) = −n log(√(2π)σ) − J(θ)/σ², so for every σ the maximiser in θ is the least-squares θ̂
    (it does not depend on σ); then ∂ℓ/∂σ = 0 gives σ̂² = (1/n)Σ_i(yᵢ − θ̂ᵀφ(xᵢ))², the mean
    squared residual. ``interpolates_`` is True when the fit passes through every point (σ̂ at
    round-off level): then ℓ grows without bound as σ → 0 and has no maximum.
    """

    def __init__(self, basis=None):
        self._store(locals())

    def _solve(self, Phi, y):
        theta = np.linalg.lstsq(Phi, y, rcond=None)[0]
        self.sigma_ = float(np.sqrt(np.mean((y - Phi @ theta) ** 2)))
        self.interpolates_ = self.sigma_ <= 1e-9 * (1.0 + float(np.abs(y).max()))
        return theta

    def log_likelihood(self, X, y, sigma=None) -> FloatArray:
        """ℓ(θ̂, σ) on (X, y); σ defaults to the fitted σ̂ (then this is the maximum, when σ̂ > 0)."""
        check_is_fitted(self, "theta_")
        X, y = check_X_y(X, y)
        return gaussian_log_likelihood(y - self.predict(X), self.sigma_ if sigma is None else sigma)


class GeneralizedRidge(_BasisRegressor):
    """Generalised ℓ2-constrained least squares θ̂ = (ΦᵀΦ + λG)⁻¹Φᵀy (Sugiyama §4.2, A4.3, Fig 4.8).

    The constraint θᵀGθ ≤ R with G symmetric positive definite is an ellipse (b = 2); G = I is Ridge.
    """

    def __init__(self, lam: float = 0.1, G=None, basis=None):
        self._store(locals())

    def _solve(self, Phi, y):
        lam = check_positive(self.lam, "λ", allow_zero=True)
        b = Phi.shape[1]
        G = np.eye(b) if self.G is None else np.asarray(self.G, dtype=float)
        if G.shape != (b, b):
            raise ValueError(f"G must be a {b}×{b} matrix for {b} parameters; got shape {G.shape}.")
        if not np.allclose(G, G.T) or np.linalg.eigvalsh(G)[0] <= 0:
            raise ValueError("G must be symmetric and positive definite.")
        return np.linalg.lstsq(Phi.T @ Phi + lam * G, Phi.T @ y, rcond=None)[0]


def ellipse_points(G, R: float, n: int = 200) -> FloatArray:
    """n points on the boundary θᵀGθ = R of a 2×2 positive-definite G, shape (n, 2): θ = √R·L⁻ᵀu with
    G = LLᵀ and u on the unit circle (Sugiyama Fig 4.8)."""
    L = np.linalg.cholesky(np.asarray(G, dtype=float))
    angle = np.linspace(0.0, 2.0 * np.pi, n)
    u = np.stack([np.cos(angle), np.sin(angle)])
    return (np.sqrt(max(float(R), 0.0)) * np.linalg.solve(L.T, u)).T


@dataclass(frozen=True)
class LeastSquaresProjection:
    """ŷ = Φθ̂ = Py, the orthogonal projection of y onto the range of Φ (Sugiyama §3.2, A3.4, Fig 3.3).

    ``basis`` holds orthonormal columns spanning R(Φ) (the left singular vectors ψ_k with κ_k > 0), so
    P = ΦΦ† = basis·basisᵀ; ``normal_residual`` is Φᵀr, zero because r = y − ŷ is ⟂ every column of Φ.
    """

    theta: FloatArray
    fitted: FloatArray
    residual: FloatArray
    basis: FloatArray
    normal_residual: FloatArray

    @property
    def rank(self) -> int:
        """dim R(Φ) = tr P."""
        return self.basis.shape[1]

    def projection_matrix(self) -> FloatArray:
        """P = ΦΦ† (n × n: only for small n)."""
        return self.basis @ self.basis.T


def least_squares_projection(Phi, y) -> LeastSquaresProjection:
    """The least-squares solution θ̂ = Φ†y = Σ_k κ_k†(ψ_kᵀy)φ_k from the SVD Φ = Σ_k κ_k ψ_k φ_kᵀ, and
    its geometry: ŷ = Φθ̂ = ΦΦ†y, r = y − ŷ, Φᵀr (Sugiyama §3.2, A3.4)."""
    Phi = check_array(Phi)
    y = np.asarray(y, dtype=float).reshape(-1)
    if y.shape[0] != Phi.shape[0] or not np.all(np.isfinite(y)):
        raise ValueError(
            f"Give one finite output per row of Φ: Φ has {Phi.shape[0]} rows, y has {y.size} values."
        )
    U, kappa, Vt = np.linalg.svd(Phi, full_matrices=False)
    keep = kappa > kappa.max(initial=0.0) * max(Phi.shape) * np.finfo(float).eps
    U, kappa, Vt = U[:, keep], kappa[keep], Vt[keep]
    coords = U.T @ y
    theta = Vt.T @ (coords / kappa)
    fitted = U @ coords
    residual = y - fitted
    return LeastSquaresProjection(theta, fitted, residual, U, Phi.T @ residual)


@dataclass(frozen=True)
class UnbiasednessDraws:
    """θ̂ over repeated noise draws y = Φθ* + ε (Sugiyama §3.2, A3.4): one row per draw in ``thetas``."""

    theta_true: FloatArray
    thetas: FloatArray

    @property
    def mean(self) -> FloatArray:
        return self.thetas.mean(axis=0)

    @property
    def spread(self) -> FloatArray:
        """The standard deviation of θ̂_j over the draws."""
        return self.thetas.std(axis=0, ddof=1)

    @property
    def standard_error(self) -> FloatArray:
        """spread/√draws: how far the Monte-Carlo mean may sit from E[θ̂] by chance."""
        return self.spread / np.sqrt(len(self.thetas))

    def running_mean(self, j: int) -> FloatArray:
        """The mean of θ̂_j over the first 1, 2, …, draws."""
        return np.cumsum(self.thetas[:, j]) / np.arange(1, len(self.thetas) + 1)


MAX_DRAWS = 20_000
MAX_NOISE_VALUES = 5_000_000  # n × draws: about a second of random numbers


def least_squares_draws(Phi, theta_true, sigma: float, n_draws: int, random_state=None) -> UnbiasednessDraws:
    """Monte Carlo of unbiasedness: θ̂ = Φ†(Φθ* + ε), ε ~ N(0, σ²I), for ``n_draws`` noise draws.

    With zero-mean noise and Φ of full column rank, E[θ̂] = Φ†Φθ* = θ* (Sugiyama §3.2, A3.4); the mean
    of the draws is within a few standard errors of θ*.
    """
    Phi = check_array(Phi)
    theta_true = np.asarray(theta_true, dtype=float).reshape(-1)
    if theta_true.shape[0] != Phi.shape[1]:
        raise ValueError(f"θ* needs one value per column of Φ ({Phi.shape[1]}); got {theta_true.size}.")
    sigma = check_positive(sigma, "The noise standard deviation σ", allow_zero=True)
    if int(n_draws) != n_draws or not 2 <= n_draws <= MAX_DRAWS:
        raise ValueError(f"The number of noise draws must be a whole number from 2 to {MAX_DRAWS}.")
    if Phi.shape[0] * n_draws > MAX_NOISE_VALUES:
        raise ValueError(
            f"{Phi.shape[0]} samples × {int(n_draws)} draws is more than {MAX_NOISE_VALUES:,} noise values; "
            "use fewer draws or fewer samples."
        )
    if np.linalg.matrix_rank(Phi) < Phi.shape[1]:
        raise ValueError(
            f"Φ has {Phi.shape[1]} columns but rank below that (fewer distinct samples than parameters): "
            "θ̂ is not unique, and least squares is unbiased only with full column rank."
        )
    rng = check_random_state(random_state)
    pinv, clean = np.linalg.pinv(Phi), Phi @ theta_true
    chunk = max(1, 2_000_000 // Phi.shape[0])  # noise vectors per block: a bounded n × chunk array
    thetas = np.vstack([
        (pinv @ (clean[:, None] + sigma * rng.standard_normal((Phi.shape[0], min(chunk, n_draws - start))))).T
        for start in range(0, int(n_draws), chunk)
    ])
    return UnbiasednessDraws(theta_true, thetas)
