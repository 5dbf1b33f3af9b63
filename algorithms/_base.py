"""Shared estimator machinery: parameters, cloning, input checks, randomness.

Every estimator in `algorithms` follows the scikit-learn contract:

* ``__init__`` only stores its keyword arguments under the same names;
* ``fit`` validates input, returns ``self`` and sets learned attributes ending in ``_``;
* iterative methods record ``history_``: a tuple of small frozen snapshots, one per step;
* randomness comes only from ``random_state`` through :func:`check_random_state`;
* bad input raises :class:`ValueError` with a message a student can act on.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import numpy as np
import scipy.linalg
import scipy.linalg.blas
from numpy.typing import ArrayLike
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]


@functools.cache
def _init_parameters(init) -> tuple[str, ...]:
    """The hyperparameters a constructor takes (read once per class: ``inspect`` is slow)."""
    parameters = inspect.signature(init).parameters.items()
    return tuple(name for name, p in parameters if name != "self" and p.kind != p.VAR_KEYWORD)


class BaseEstimator:
    """Parameter handling shared by all estimators (get_params / set_params / repr)."""

    @classmethod
    def _param_names(cls) -> tuple[str, ...]:
        return _init_parameters(cls.__init__)

    def _store(self, arguments: dict[str, Any]) -> None:
        """Keep every constructor argument as the attribute of the same name (scikit-learn's rule:
        ``__init__`` only stores its hyperparameters; ``fit`` checks them). Call as
        ``self._store(locals())``."""
        for name in self._param_names():
            setattr(self, name, arguments[name])

    def get_params(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any) -> "BaseEstimator":
        valid = set(self._param_names())
        for name, value in params.items():
            if name not in valid:
                raise ValueError(
                    f"{type(self).__name__} has no parameter '{name}'; valid parameters are {sorted(valid)}."
                )
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"


def clone(estimator: BaseEstimator) -> BaseEstimator:
    """A new, unfitted estimator with the same parameters."""
    return type(estimator)(**estimator.get_params())


def check_is_fitted(estimator: BaseEstimator, attribute: str) -> None:
    if not hasattr(estimator, attribute):
        raise ValueError(f"This {type(estimator).__name__} is not fitted yet: call fit(X, y) first.")


def check_new_data(estimator: BaseEstimator, X: ArrayLike, reference: str = "n_features_in_") -> FloatArray:
    """New inputs for a fitted estimator (predict, transform, …): a finite table with the columns of fit.

    ``reference`` is the fitted attribute that knows the number of features: ``n_features_in_``
    itself, or an array whose last axis runs over the features (centres, means, training inputs).
    """
    check_is_fitted(estimator, reference)
    X = check_array(X)
    known = getattr(estimator, reference)
    d = int(known) if np.ndim(known) == 0 else np.shape(known)[-1]
    if X.shape[1] != d:
        raise ValueError(f"X has {X.shape[1]} columns (features), but this {type(estimator).__name__} was "
                         f"fitted on data with {d}; new points need the same columns as the training data.")
    return X


def check_array(X: ArrayLike, *, name: str = "X", ensure_2d: bool = True, min_samples: int = 1) -> FloatArray:
    """Return X as a finite float64 array of shape (n_samples, n_features)."""
    try:
        X = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{name} must contain only numbers ({err}).") from None
    if ensure_2d:
        if X.ndim == 1:
            X = X[:, None]
        if X.ndim != 2:
            raise ValueError(
                f"{name} must be a table of shape (n_samples, n_features); "
                f"got an array with {X.ndim} dimensions."
            )
    if X.shape[0] < min_samples:
        raise ValueError(f"{name} needs at least {min_samples} sample(s); got {X.shape[0]}.")
    if ensure_2d and X.shape[1] == 0:
        raise ValueError(f"{name} has no features (columns).")
    if not np.all(np.isfinite(X)):
        raise ValueError(f"{name} contains missing or infinite values; remove or fill them first.")
    return X


def check_X_y(
    X: ArrayLike, y: ArrayLike, *, min_samples: int = 1, y_numeric: bool = True
) -> tuple[FloatArray, np.ndarray]:
    """Validate a training set: 2-D finite X and a 1-D y of the same length."""
    X = check_array(X, min_samples=min_samples)
    y = np.asarray(y)
    if y.ndim != 1:
        y = y.ravel() if y.ndim == 2 and 1 in y.shape else y
    if y.ndim != 1:
        raise ValueError("y must be one value per sample (a 1-D array).")
    if len(y) != len(X):
        raise ValueError(f"X has {len(X)} samples but y has {len(y)}; they must match.")
    if y_numeric:
        y = check_array(y, name="y", ensure_2d=False)
    return X, y


def check_classification_targets(y: np.ndarray, *, min_classes: int = 2) -> np.ndarray:
    """Return the sorted class labels of y, requiring at least ``min_classes`` of them.

    A numeric y with fractional values is a regression target, not labels: refused, rather than
    turning every value into a class of its own."""
    if np.issubdtype(np.asarray(y).dtype, np.floating):
        with np.errstate(invalid="ignore"):
            fractional = np.asarray(y)[np.mod(y, 1) != 0]
        if len(fractional):
            raise ValueError(f"y has fractional values such as {float(fractional[0]):g}: a classifier needs "
                             "class labels (use a regression method for a continuous target).")
    classes = np.unique(y)
    if len(classes) < min_classes:
        raise ValueError(
            f"y must contain at least {min_classes} classes; found {len(classes)} ({classes.tolist()})."
        )
    return classes


@functools.lru_cache(maxsize=64)
def geometric_steps(max_steps: int, n_snapshots: int) -> frozenset[int]:
    """The steps an iterative method records in ``history_``: ``n_snapshots`` geometrically spaced in
    [1, max_steps], rounded (every step at first, sparser later); the same for every fit with these
    arguments, so computed once."""
    steps = np.unique(np.round(np.geomspace(1, max(max_steps, 1), n_snapshots)).astype(int))
    return frozenset(steps.tolist())


def check_positive(value: float, name: str, *, allow_zero: bool = False) -> float:
    """Require a finite positive (or non-negative) hyperparameter."""
    value = float(value)
    ok = value >= 0 if allow_zero else value > 0
    if not np.isfinite(value) or not ok:
        bound = "≥ 0" if allow_zero else "> 0"
        raise ValueError(f"{name} must be a finite number {bound}; got {value}.")
    return value


def check_random_state(random_state: int | np.random.Generator | None) -> np.random.Generator:
    """The only source of randomness in `algorithms`: a numpy Generator."""
    if isinstance(random_state, np.random.Generator):
        return random_state
    return np.random.default_rng(random_state)


DIRECT_FEATURES = 2  # up to this many features, squared_distances sums (a_k − b_k)² directly


def squared_distances(A: FloatArray, B: FloatArray) -> FloatArray:
    """Matrix of ‖a_i − b_j‖², exact where it matters.

    With one or two features, Σ_k (a_ik − b_jk)² directly: exact to round-off, and fewer passes over
    the result than the expansion (20 000 × 500 distances of 1-D points 127 → 29 ms, of 2-D points
    108 → 70 ms). With more, Sugiyama's repmat idiom ‖a‖² + ‖b‖² − 2aᵀb (a matrix product): the
    expansion cancels badly far from the origin and for nearly equal rows, so it runs on data
    centred at B's mean (an offset of 1e8 changes nothing), and every entry small against
    ‖a‖² + ‖b‖² is recomputed from a − b. Identical rows are exactly 0 either way, as in scikit-learn.
    """
    if 0 < A.shape[1] <= DIRECT_FEATURES:
        d = np.subtract(A[:, :1], B[:, 0])
        d *= d
        if A.shape[1] == 2:
            other = np.subtract(A[:, 1:], B[:, 1])
            other *= other
            d += other
        return d
    shift = B.mean(0) if len(B) else 0.0
    A0, B0 = A - shift, B - shift
    scale = (A0 * A0).sum(1)[:, None] + (B0 * B0).sum(1)[None, :]
    d = scale - 2.0 * A0 @ B0.T
    rows, cols = np.nonzero(d <= 1e-8 * scale)  # here round-off of the expansion could dominate
    d[rows, cols] = ((A[rows] - B[cols]) ** 2).sum(1)
    return d


def gaussian_kernel(A: FloatArray, B: FloatArray, width: float) -> FloatArray:
    """K(a, b) = exp(−‖a − b‖² / (2 width²)) (Sugiyama §2.2; Li Hang (7.90) with σ = width)."""
    width = check_positive(width, "The kernel width")
    K = squared_distances(A, B)
    K /= -2.0 * width * width                    # in place: one n × m array, not three
    return np.exp(K, out=K)


def gram_lower(Phi: FloatArray) -> FloatArray:
    """ΦᵀΦ with only its lower triangle filled in, in Fortran order (BLAS syrk: half the products
    of ``Phi.T @ Phi``; Φᵀ of a C-ordered Φ is passed without a copy). For a symmetric kernel
    matrix K this is K² (Sugiyama (4.3) with Φ = K)."""
    return scipy.linalg.blas.dsyrk(1.0, np.asarray(Phi, dtype=float).T, lower=1)


def weighted_gram(Phi: FloatArray, w: FloatArray) -> FloatArray:
    """ΦᵀWΦ = Σ_i w_i φ_i φ_iᵀ for weights w ≥ 0 (the matrix of a Newton or IRLS step), symmetric.
    From 8 basis functions on by :func:`gram_lower` on W^½Φ (half the products: 401 Gaussian
    centres at n = 20 000, 125 → 70 ms); with fewer, one product costs less than the square roots
    and the scaled copy."""
    if Phi.shape[1] < 8:
        return Phi.T @ (w[:, None] * Phi)
    A = gram_lower(np.sqrt(w)[:, None] * Phi)
    A += np.tril(A, -1).T                                     # the upper triangle from the lower
    return A


def ridge_solve(Phi: FloatArray, Y: FloatArray, lam: float) -> FloatArray:
    """θ̂ = (ΦᵀΦ + λI)⁻¹ΦᵀY (Sugiyama (4.3); Y may have several columns).

    For λ > 0 by a Cholesky factorisation of ΦᵀΦ + λI built in place (:func:`gram_lower`; at
    n = 5 000 kernel centres no copy of the 200 MB matrix); if that fails (λ = 0 or round-off),
    by the SVD form θ̂ = Σ_k κ_k/(κ_k² + λ) (ψ_kᵀY) φ_k, the minimum-norm solution when λ = 0.
    """
    if lam > 0:
        A = gram_lower(Phi)
        A.flat[::A.shape[0] + 1] += lam
        try:
            factor = scipy.linalg.cho_factor(A, lower=True, overwrite_a=True, check_finite=False)
            return scipy.linalg.cho_solve(factor, Phi.T @ Y, check_finite=False)
        except np.linalg.LinAlgError:
            pass
    U, kappa, Vt = np.linalg.svd(Phi, full_matrices=False)
    keep = kappa > kappa.max(initial=0.0) * 1e-15
    filt = np.zeros_like(kappa)
    filt[keep] = kappa[keep] / (kappa[keep] ** 2 + lam)
    UtY = U.T @ Y
    return Vt.T @ (filt[:, None] * UtY if UtY.ndim == 2 else filt * UtY)


def solve_pd(A: FloatArray, B: FloatArray) -> FloatArray:
    """Solve A X = B for symmetric positive (semi)definite A: Cholesky, else least squares.

    A C-ordered A is factorised as its transpose (the same matrix in Fortran order, so LAPACK gets
    it without a copy).
    """
    try:
        factor = scipy.linalg.cho_factor(A.T if A.flags.c_contiguous else A, lower=True,
                                         check_finite=False)
    except np.linalg.LinAlgError:
        return np.linalg.lstsq(A, B, rcond=None)[0]
    return scipy.linalg.cho_solve(factor, B, check_finite=False)
