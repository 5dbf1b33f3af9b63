"""Kernels as functions to inspect: Gram matrices of five kernels with their eigenvalues (is K a valid
kernel?), and Li Hang's string kernel with the index sequences behind each feature.

Li Hang §7.3.2 (Theorem 7.5: K is a positive-definite kernel iff every Gram matrix is PSD), §7.3.3
((7.88) polynomial, (7.90) Gaussian, (7.92)–(7.93) string kernel); Zhou-Zhihua notes §6.3.1 (the
Laplacian and sigmoid kernels; the sigmoid kernel, β > 0, θ < 0, is not PSD in general).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_positive
from algorithms._base import squared_distances
from algorithms.svm import svc_kernel

__all__ = ["GRAM_KERNELS", "gram_matrix", "gram_eigenvalues", "StringFeature", "string_features",
           "string_kernel"]

GRAM_KERNELS = ("linear", "poly", "gaussian", "laplacian", "sigmoid")
MAX_STRING = 16   # characters; C(16, 4) = 1 820 index sequences at most
MAX_N = 4


def gram_matrix(X, kernel: str = "gaussian", sigma: float = 1.0, degree: int = 3, coef0: float = 1.0,
                beta: float = 1.0, theta: float = -1.0) -> FloatArray:
    """K_ij = K(x_i, x_j) for the linear, polynomial (xᵀz + c)^p, Gaussian exp(−‖x − z‖²/(2σ²)),
    Laplacian exp(−‖x − z‖/σ) or sigmoid tanh(βxᵀz + θ) kernel (Zhou notes §6.3.1, Table 6.1)."""
    X = check_array(X)
    if kernel not in GRAM_KERNELS:
        raise ValueError(f"kernel must be one of {GRAM_KERNELS}; got {kernel!r}.")
    if kernel in ("linear", "poly", "gaussian"):
        return svc_kernel(X, X, kernel, sigma=sigma, degree=degree, coef0=coef0)
    if kernel == "laplacian":
        check_positive(sigma, "The Laplacian kernel width σ")
        return np.exp(-np.sqrt(squared_distances(X, X)) / sigma)
    check_positive(beta, "The sigmoid kernel slope β")
    return np.tanh(beta * (X @ X.T) + theta)


def gram_eigenvalues(K) -> FloatArray:
    """Eigenvalues of a symmetric Gram matrix, largest first; a negative one means K is not a valid
    kernel (Li Hang Theorem 7.5)."""
    K = check_array(K, name="K")
    if K.shape[0] != K.shape[1] or not np.allclose(K, K.T):
        raise ValueError("A Gram matrix is square and symmetric.")
    return np.linalg.eigvalsh(K)[::-1]


@dataclass(frozen=True)
class StringFeature:
    """[φₙ(s)]_u = Σ_{i: s(i) = u} λ^{l(i)}: the value, and each index sequence i (1-based) with its
    span l(i) = i_|u| − i_1 + 1 (Li Hang (7.92))."""

    value: float
    sequences: tuple[tuple[tuple[int, ...], int], ...]


def _check_string(s: str, n: int, lam: float) -> None:
    if not isinstance(s, str) or len(s) > MAX_STRING:
        raise ValueError(f"Use strings of at most {MAX_STRING} characters.")
    if int(n) != n or not 1 <= n <= MAX_N:
        raise ValueError(f"The subsequence length n must be a whole number from 1 to {MAX_N}; got {n}.")
    if not 0 < lam <= 1:
        raise ValueError(f"The decay λ must satisfy 0 < λ ≤ 1; got {lam}.")


def string_features(s: str, n: int, lam: float) -> dict[str, StringFeature]:
    """Every non-zero coordinate of φₙ(s): each length-n subsequence u of s (Li Hang (7.92))."""
    _check_string(s, n, lam)
    found: dict[str, list] = {}
    for idx in combinations(range(len(s)), int(n)):
        u = "".join(s[i] for i in idx)
        found.setdefault(u, []).append((tuple(i + 1 for i in idx), idx[-1] - idx[0] + 1))
    return {u: StringFeature(float(sum(lam**span for _, span in seqs)), tuple(seqs))
            for u, seqs in found.items()}


def string_kernel(s: str, t: str, n: int, lam: float, normalise: bool = False) -> float:
    """kₙ(s, t) = Σ_u [φₙ(s)]_u [φₙ(t)]_u (Li Hang (7.93)); ``normalise`` divides by √(kₙ(s,s)kₙ(t,t)),
    which makes it the cosine similarity the book mentions (1 for equal strings)."""
    fs, ft = string_features(s, n, lam), string_features(t, n, lam)
    k = sum(f.value * ft[u].value for u, f in fs.items() if u in ft)
    if not normalise:
        return float(k)
    norm = np.sqrt(sum(f.value**2 for f in fs.values()) * sum(f.value**2 for f in ft.values()))
    return float(k / norm) if norm > 0 else 0.0
