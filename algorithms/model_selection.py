"""Model selection: m-fold cross-validation and the closed-form leave-one-out error.

Sugiyama §4.3 (Figs 4.10–4.14, eq. (4.4)); CS229 Part VII §1 (hold-out, k-fold, LOO).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import clone
from algorithms._base import squared_distances
from algorithms.basis import PolynomialBasis
from algorithms.linear_regression import LinearRegression

__all__ = [
    "fold_ids",
    "cross_validate",
    "CVResult",
    "loo_error",
    "loo_error_from_design",
    "loo_errors_from_design",
    "kernel_ridge_cv_grid",
    "holdout_mask",
    "holdout_error",
    "DegreeCurves",
    "polynomial_degree_curves",
]


def fold_ids(n: int, n_folds: int, random_state=None) -> np.ndarray:
    """Balanced random folds 0..m−1: the book's u = floor(m·(0:n−1)/n), permuted (Fig 4.14)."""
    if int(n_folds) != n_folds or not 2 <= n_folds <= n:
        raise ValueError(
            f"The number of folds must be between 2 and the number of samples ({n}); got {n_folds}."
        )
    rng = check_random_state(random_state)
    return rng.permutation(np.arange(n) * int(n_folds) // n)


@dataclass(frozen=True)
class CVResult:
    """Mean held-out error and the error of each fold."""

    error: float
    fold_errors: FloatArray


def cross_validate(
    estimator: BaseEstimator, X, y, n_folds: int = 5, random_state=None, loss: str = "squared"
) -> CVResult:
    """m-fold cross-validation (Sugiyama Fig 4.12).

    Each fold: fit a clone on the other folds, average the loss on the held-out fold —
    (f(x) − y)² for ``loss="squared"``, ½(1 − sign(f(x)y)) for ``loss="zero_one"`` (the printed
    square in Fig 4.12 is an erratum). The estimate is the mean over folds.
    """
    X, y = check_X_y(X, y, y_numeric=loss == "squared")
    if loss not in ("squared", "zero_one"):
        raise ValueError("loss must be 'squared' or 'zero_one'.")
    folds = fold_ids(len(X), n_folds, random_state)
    errors = np.empty(int(n_folds))
    for k in range(int(n_folds)):
        held_out = folds == k
        model = clone(estimator).fit(X[~held_out], y[~held_out])
        pred = model.predict(X[held_out])
        if loss == "squared":
            errors[k] = np.mean((pred - y[held_out]) ** 2)
        else:
            errors[k] = np.mean(0.5 * (1.0 - np.sign(pred * y[held_out])))
    return CVResult(float(errors.mean()), errors)


def loo_errors_from_design(Phi: FloatArray, y: FloatArray, lams) -> FloatArray:
    """Closed-form leave-one-out error of ℓ2-regularised LS (Sugiyama (4.4)) for every λ of ``lams``.

    Ĝ = (1/n)‖H̃⁻¹Hy‖² with H = I − Φ(ΦᵀΦ + λI)⁻¹Φᵀ and H̃ its diagonal part. One SVD Φ = UΚVᵀ
    serves every λ: H = I − U diag(κ²/(κ² + λ)) Uᵀ (λ = 0: the projection onto the range of Φ).
    """
    lams = np.array([check_positive(lam, "λ", allow_zero=True) for lam in np.atleast_1d(lams)])[:, None]
    U, kappa, _ = np.linalg.svd(Phi, full_matrices=False)
    k2 = kappa**2
    with np.errstate(divide="ignore", invalid="ignore"):
        shrink = np.where(lams > 0, k2 / (k2 + lams), kappa > kappa.max(initial=0.0) * 1e-12)
    Hy = y - (shrink * (U.T @ y)) @ U.T                  # one row per λ
    H_diag = 1.0 - shrink @ (U * U).T
    if np.any(np.abs(H_diag) < 1e-12):
        raise ValueError(
            "Leave-one-out is undefined here: the model interpolates a point exactly "
            "(increase λ or use a simpler model)."
        )
    return np.mean((Hy / H_diag) ** 2, axis=1)


def loo_error_from_design(Phi: FloatArray, y: FloatArray, lam: float) -> float:
    """Closed-form leave-one-out error of ℓ2-regularised LS for one λ (:func:`loo_errors_from_design`)."""
    return float(loo_errors_from_design(Phi, y, [lam])[0])


def loo_error(estimator: BaseEstimator, X, y) -> float:
    """Closed-form LOO error of a Ridge-family estimator (Ridge, KernelRidge, LinearRegression).

    The basis is fitted once on all X, so a kernel model keeps all n centres, as in the book.
    """
    X, y = check_X_y(X, y, min_samples=2)
    basis = estimator._fit_basis(X)
    return loo_error_from_design(basis.transform(X), y, getattr(estimator, "lam", 0.0))


def kernel_ridge_cv_grid(X, y, hs, lams, n_folds: int | None = 5, random_state=None,
                         progress: Callable[[float], None] | None = None) -> FloatArray:
    """Cross-validation error of KernelRidge(h, λ) over a grid, shape (len(hs), len(lams)).

    ``n_folds=None`` uses the closed-form LOO error (4.4); otherwise m-fold CV exactly as
    Sugiyama Fig 4.14: all n inputs stay kernel centres, and each fold solves
    (K_trᵀK_tr + λI)θ = K_trᵀy_tr, i.e. θ = K_trᵀ(K_trK_trᵀ + λI)⁻¹y_tr (push-through identity:
    a matrix with a row per training sample, fewer than the n centres). One eigendecomposition per
    (h, fold) serves every λ; the LOO error needs one SVD per h.
    ``progress(fraction)``, if given, is called after each h (a progress bar).
    """
    X, y = check_X_y(X, y, min_samples=2)
    hs = [check_positive(h, "h") for h in hs]
    lams = np.array([check_positive(lam, "λ", allow_zero=True) for lam in lams])
    d2 = squared_distances(X, X)
    errors = np.empty((len(hs), len(lams)))
    folds = None if n_folds is None else fold_ids(len(X), n_folds, random_state)
    for a, h in enumerate(hs):
        K = np.exp(-d2 / (2.0 * h * h))
        if folds is None:
            errors[a] = loo_errors_from_design(K, y, lams)
            if progress is not None:
                progress((a + 1) / len(hs))
            continue
        fold_err = np.zeros(len(lams))
        for k in range(int(n_folds)):
            tr = folds != k
            K_tr, K_te = K[tr], K[~tr]
            evals, V = np.linalg.eigh(K_tr @ K_tr.T)           # m × m, m training rows < n centres
            with np.errstate(divide="ignore", invalid="ignore"):
                inv = np.where(
                    evals[None, :] + lams[:, None] > 1e-300,
                    1.0 / (np.maximum(evals, 0.0)[None, :] + lams[:, None]),
                    0.0,
                )
            coef = inv * (V.T @ y[tr])[None, :]                 # one row per λ
            residual = coef @ (K_te @ (K_tr.T @ V)).T - y[~tr][None, :]
            fold_err += np.mean(residual**2, axis=1)
        errors[a] = fold_err / int(n_folds)
        if progress is not None:
            progress((a + 1) / len(hs))
    return errors


def holdout_mask(n: int, fraction: float = 0.3, random_state=None) -> np.ndarray:
    """True for the round(fraction·n) samples of S_cv, drawn at random (CS229 Part VII §1, M33: 30%)."""
    if not 0 < fraction < 1:
        raise ValueError(f"The hold-out fraction must be between 0 and 1; got {fraction}.")
    n_cv = int(round(fraction * n))
    if not 1 <= n_cv <= n - 1:
        raise ValueError(f"With {n} samples a hold-out fraction of {fraction:g} leaves a set empty.")
    mask = np.zeros(n, bool)
    mask[check_random_state(random_state).permutation(n)[:n_cv]] = True
    return mask


def holdout_error(estimator: BaseEstimator, X, y, fraction: float = 0.3, random_state=None) -> float:
    """Hold-out (simple) cross-validation: fit on S_train, mean squared error on S_cv (CS229 M33)."""
    X, y = check_X_y(X, y, min_samples=2)
    held_out = holdout_mask(len(y), fraction, random_state)
    model = clone(estimator).fit(X[~held_out], y[~held_out])
    return float(np.mean((model.predict(X[held_out]) - y[held_out]) ** 2))


@dataclass(frozen=True)
class DegreeCurves:
    """Training, hold-out, k-fold and leave-one-out mean squared error per polynomial degree
    (NaN where leave-one-out is undefined because the polynomial interpolates a point)."""

    degrees: FloatArray
    train: FloatArray
    holdout: FloatArray
    kfold: FloatArray
    loo: FloatArray


def polynomial_degree_curves(
    X, y, degrees, fraction: float = 0.3, n_folds: int = 5, random_state=None
) -> DegreeCurves:
    """Least-squares polynomials of each degree k (CS229 Part VII §1: k ∈ {0, …, 10}) scored by their
    training error, hold-out error (M33), k-fold CV (M34) and closed-form LOO (k = m, Sugiyama (4.4)).
    The hold-out split and the folds are the same for every degree."""
    X, y = check_X_y(X, y, min_samples=2)
    rows = []
    for k in degrees:
        model = LinearRegression(PolynomialBasis(int(k)))
        train = float(np.mean((model.fit(X, y).predict(X) - y) ** 2))
        try:
            loo = loo_error(model, X, y)
        except ValueError:
            loo = np.nan
        rows.append((
            train,
            holdout_error(model, X, y, fraction, random_state),
            cross_validate(model, X, y, n_folds, random_state).error,
            loo,
        ))
    columns = np.array(rows, dtype=float).T
    return DegreeCurves(np.asarray(degrees, dtype=float), *columns)
