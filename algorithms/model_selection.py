"""Model selection: m-fold cross-validation and the closed-form leave-one-out error.

Sugiyama §4.3 (Figs 4.10–4.14, eq. (4.4)); CS229 Part VII §1 (hold-out, k-fold, LOO).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import clone
from algorithms._base import squared_distances

__all__ = [
    "fold_ids",
    "cross_validate",
    "CVResult",
    "loo_error",
    "loo_error_from_design",
    "kernel_ridge_cv_grid",
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


def loo_error_from_design(Phi: FloatArray, y: FloatArray, lam: float) -> float:
    """Closed-form leave-one-out error of ℓ2-regularised LS (Sugiyama (4.4)).

    Ĝ = (1/n)‖H̃⁻¹Hy‖² with H = I − Φ(ΦᵀΦ + λI)⁻¹Φᵀ and H̃ its diagonal part.
    """
    lam = check_positive(lam, "λ", allow_zero=True)
    U, kappa, _ = np.linalg.svd(Phi, full_matrices=False)
    shrink = kappa**2 / (kappa**2 + lam) if lam > 0 else (kappa > kappa.max() * 1e-12).astype(float)
    Hy = y - U @ (shrink * (U.T @ y))
    H_diag = 1.0 - np.einsum("ik,k,ik->i", U, shrink, U)
    if np.any(np.abs(H_diag) < 1e-12):
        raise ValueError(
            "Leave-one-out is undefined here: the model interpolates a point exactly "
            "(increase λ or use a simpler model)."
        )
    return float(np.mean((Hy / H_diag) ** 2))


def loo_error(estimator: BaseEstimator, X, y) -> float:
    """Closed-form LOO error of a Ridge-family estimator (Ridge, KernelRidge, LinearRegression).

    The basis is fitted once on all X, so a kernel model keeps all n centres, as in the book.
    """
    X, y = check_X_y(X, y, min_samples=2)
    basis = estimator._fit_basis(X)
    return loo_error_from_design(basis.transform(X), y, getattr(estimator, "lam", 0.0))


def kernel_ridge_cv_grid(X, y, hs, lams, n_folds: int | None = 5, random_state=None) -> FloatArray:
    """Cross-validation error of KernelRidge(h, λ) over a grid, shape (len(hs), len(lams)).

    ``n_folds=None`` uses the closed-form LOO error (4.4); otherwise m-fold CV exactly as
    Sugiyama Fig 4.14: all n inputs stay kernel centres, and each fold solves
    (K_trᵀK_tr + λI)θ = K_trᵀy_tr. One eigendecomposition per (h, fold) serves every λ.
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
            errors[a] = [loo_error_from_design(K, y, lam) for lam in lams]
            continue
        fold_err = np.zeros(len(lams))
        for k in range(int(n_folds)):
            tr = folds != k
            K_tr, K_te = K[tr], K[~tr]
            evals, V = np.linalg.eigh(K_tr.T @ K_tr)
            proj = V.T @ (K_tr.T @ y[tr])
            with np.errstate(divide="ignore", invalid="ignore"):
                inv = np.where(
                    evals[None, :] + lams[:, None] > 1e-300,
                    1.0 / (np.maximum(evals, 0.0)[None, :] + lams[:, None]),
                    0.0,
                )
            thetas = (inv * proj[None, :]) @ V.T  # one θ per λ, shape (len(lams), n)
            residual = thetas @ K_te.T - y[~tr][None, :]
            fold_err += np.mean(residual**2, axis=1)
        errors[a] = fold_err / int(n_folds)
    return errors
