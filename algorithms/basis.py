"""Basis functions φ(x) of the linear-in-parameters model f_θ(x) = θᵀφ(x) (Sugiyama §2.1–2.2).

A basis is fitted on the training inputs (to learn scaling or kernel centres) and then maps any
inputs X of shape (n, d) to the design matrix Φ of shape (n, b), Φ_ij = φ_j(x_i).
"""

from __future__ import annotations

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import clone
from algorithms._base import gaussian_kernel

__all__ = ["LinearBasis", "PolynomialBasis", "TrigonometricBasis", "GaussianBasis"]


class LinearBasis(BaseEstimator):
    """φ(x) = (1, x⁽¹⁾, …, x⁽ᵈ⁾): the plain linear model with intercept x₀ = 1 (CS229 M01).

    With ``standardize=True`` each feature is replaced by (x − mean)/std of the training data,
    the feature scaling that makes gradient descent practical on the housing rows (CS229 M02).
    """

    def __init__(self, standardize: bool = False):
        self._store(locals())

    def fit(self, X) -> "LinearBasis":
        X = check_array(X)
        self.mean_ = X.mean(0) if self.standardize else np.zeros(X.shape[1])
        scale = X.std(0) if self.standardize else np.ones(X.shape[1])
        self.scale_ = np.where(scale > 0, scale, 1.0)
        self.n_basis_ = X.shape[1] + 1
        return self

    def transform(self, X) -> FloatArray:
        X = check_new_data(self, X, "mean_")
        return np.column_stack([np.ones(len(X)), (X - self.mean_) / self.scale_])

    def to_original(self, theta: FloatArray) -> FloatArray:
        """Coefficients (θ₀, θ₁, …) in the units of the raw features."""
        theta = np.asarray(theta, dtype=float)
        slopes = theta[1:] / self.scale_
        return np.concatenate([[theta[0] - slopes @ self.mean_], slopes])


class PolynomialBasis(BaseEstimator):
    """φ(x) = (1, x̃, x̃², …, x̃^degree) for 1-D x (Sugiyama §2.1; CS229 M07).

    x̃ = (x − c)/s maps the training range onto [−1, 1], which keeps Φ well conditioned for high
    degrees (CS229 M07 pitfall); the fitted curve is the same polynomial in x.
    """

    def __init__(self, degree: int = 3):
        self._store(locals())

    def fit(self, X) -> "PolynomialBasis":
        X = _check_1d_input(X, "A polynomial basis")
        if int(self.degree) != self.degree or self.degree < 0:
            raise ValueError(f"The polynomial degree must be a whole number ≥ 0; got {self.degree}.")
        lo, hi = X.min(), X.max()
        self.center_ = (lo + hi) / 2.0
        self.scale_ = (hi - lo) / 2.0 if hi > lo else 1.0
        self.n_basis_ = int(self.degree) + 1
        return self

    def transform(self, X) -> FloatArray:
        check_is_fitted(self, "center_")
        x = (_check_1d_input(X, "A polynomial basis")[:, 0] - self.center_) / self.scale_
        return x[:, None] ** np.arange(self.n_basis_)[None, :]


class TrigonometricBasis(BaseEstimator):
    """φ(x) = (1, sin(x/2), cos(x/2), …, sin(mx/2), cos(mx/2)), b = 2m + 1 (Sugiyama §2.1, Fig 3.2).

    The book's demos use this half-frequency form with m = 15, so b = 31.
    """

    def __init__(self, m: int = 15):
        self._store(locals())

    def fit(self, X) -> "TrigonometricBasis":
        _check_1d_input(X, "A trigonometric basis")
        if int(self.m) != self.m or self.m < 0:
            raise ValueError(f"The number of frequencies m must be a whole number ≥ 0; got {self.m}.")
        self.n_basis_ = 2 * int(self.m) + 1
        return self

    def transform(self, X) -> FloatArray:
        check_is_fitted(self, "n_basis_")
        x = _check_1d_input(X, "A trigonometric basis")[:, 0]
        angles = x[:, None] * (np.arange(1, int(self.m) + 1)[None, :] / 2.0)
        Phi = np.empty((len(x), self.n_basis_))
        Phi[:, 0] = 1.0
        Phi[:, 1::2] = np.sin(angles)
        Phi[:, 2::2] = np.cos(angles)
        return Phi


class GaussianBasis(BaseEstimator):
    """Kernel model φ_j(x) = K(x, c_j) = exp(−‖x − c_j‖²/(2h²)) (Sugiyama §2.2, (2.2)).

    The centres c_j are the training inputs unless ``centers`` fixes them; Sugiyama's
    cross-validation keeps all n inputs as centres in every fold (§4.3, Fig 4.14). With
    ``n_centers`` = b < n, b of the inputs drawn at random serve as centres, as §2.2 suggests for
    large n (the cost then grows like n·b² instead of n³).
    """

    def __init__(self, h: float = 0.3, centers=None, n_centers: int | None = None, random_state=0):
        self._store(locals())

    def fit(self, X) -> "GaussianBasis":
        X = check_array(X)
        check_positive(self.h, "The kernel width h")
        centers = X if self.centers is None else check_array(self.centers, name="centers")
        if self.n_centers is not None and len(centers) > self.n_centers:
            if int(self.n_centers) != self.n_centers or self.n_centers < 1:
                raise ValueError(f"n_centers must be a whole number ≥ 1; got {self.n_centers}.")
            rng = check_random_state(self.random_state)
            pick = rng.choice(len(centers), int(self.n_centers), replace=False)
            centers = centers[np.sort(pick)]
        if centers.shape[1] != X.shape[1]:
            raise ValueError("The kernel centres must have as many features as X.")
        self.centers_ = centers
        self.n_basis_ = len(centers)
        return self

    def transform(self, X) -> FloatArray:
        return gaussian_kernel(check_new_data(self, X, "centers_"), self.centers_, self.h)


def _check_1d_input(X, what: str) -> FloatArray:
    X = check_array(X)
    if X.shape[1] != 1:
        raise ValueError(f"{what} needs exactly one input feature; got {X.shape[1]}.")
    return X


class BasisModel(BaseEstimator):
    """A model f(x) = θᵀφ(x) linear in its parameters (Sugiyama §2.1): ``basis`` (default the linear
    basis (1, x), so the intercept is θ₀) is fitted to the inputs as ``basis_``; subclasses set ``theta_``."""

    def _fit_basis(self, X):
        """A fitted copy of ``basis`` (or of the linear basis)."""
        return (LinearBasis() if self.basis is None else clone(self.basis)).fit(X)

    def design(self, X) -> FloatArray:
        """Φ for new inputs, using the fitted basis."""
        check_is_fitted(self, "basis_")
        return self.basis_.transform(X)

    def predict(self, X) -> FloatArray:
        check_is_fitted(self, "theta_")
        return self.design(X) @ self.theta_
