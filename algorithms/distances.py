"""Distances for clustering: Minkowski (weighted), its unit balls, VDM and MinkovDM for categorical data.

Seed 003 §3.2(3) (notes on Zhou §9.3): (2) the Minkowski distance with p (p = 2 Euclidean (3),
p = 1 Manhattan (4), p → ∞ Chebyshev), (5) VDM for unordered attributes, (6) MinkovDM for mixed
attributes, (7) the weighted Minkowski distance.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import FloatArray
from algorithms._base import check_array

__all__ = ["check_minkowski", "minkowski_distances", "unit_ball", "VDMTable", "vdm_table", "minkov_dm"]


def check_minkowski(p, w, n_features: int) -> tuple[float, FloatArray]:
    """p > 0 (p = inf allowed) and weights w ≥ 0, one per feature, not all 0 (None: all 1)."""
    p = float(p)
    if not p > 0:  # also rejects nan
        raise ValueError(f"The Minkowski exponent p must be > 0 (or ∞); got {p}.")
    if w is None:
        return p, np.ones(n_features)
    w = np.asarray(w, dtype=float).ravel()
    if w.shape != (n_features,):
        raise ValueError(f"Give one weight per feature: {n_features} weights, got {w.size}.")
    if not np.all(np.isfinite(w)) or np.any(w < 0) or not np.any(w > 0):
        raise ValueError("The weights w must be finite, ≥ 0 and not all 0.")
    return p, w


def minkowski_distances(A, B, p: float = 2.0, w=None) -> FloatArray:
    """dist_wmk(a_i, b_j) = (Σ_u w_u |a_iu − b_ju|^p)^(1/p) for every pair (seed 003 §3.2, (2), (7)).

    p = inf is the limit, the Chebyshev distance max_u |a_iu − b_ju| over the features with w_u > 0.
    For p < 1 this is not a metric (the triangle inequality fails), but it is still computed.
    """
    A, B = check_array(A, name="A"), check_array(B, name="B")
    if A.shape[1] != B.shape[1]:
        raise ValueError(f"Both sets of points need the same features; got {A.shape[1]} and {B.shape[1]}.")
    p, w = check_minkowski(p, w, A.shape[1])
    diff = np.abs(A[:, None, :] - B[None, :, :])
    if np.isinf(p):
        return diff[:, :, w > 0].max(2)
    return ((w * diff**p).sum(2)) ** (1.0 / p)


def unit_ball(p: float, w=None, n_points: int = 721) -> FloatArray:
    """Boundary of the 2-D unit ball {x : dist_wmk(x, 0) = 1}, shape (n_points, 2), by angle.

    Every direction u(θ) = (cos θ, sin θ) is scaled by 1/dist(u, 0). A zero weight makes the ball
    unbounded along that axis: such directions are not representable and give an error.
    """
    p, w = check_minkowski(p, w, 2)
    if np.any(w == 0):
        raise ValueError("With a weight of 0 the unit ball is an unbounded strip: give both weights > 0.")
    theta = np.linspace(0.0, 2.0 * np.pi, n_points)
    u = np.column_stack([np.cos(theta), np.sin(theta)])
    return u / minkowski_distances(u, np.zeros((1, 2)), p, w)


@dataclass(frozen=True)
class VDMTable:
    """One attribute u's VDM (seed 003 §3.2, (5)).

    ``levels`` are the attribute's values a, ``groups`` the clusters i, ``counts[a, i]`` = m_{u,a,i},
    ``totals[a]`` = m_{u,a}, ``shares`` = m_{u,a,i} / m_{u,a}, ``matrix[a, b]`` = VDM_p(a, b).
    """

    levels: np.ndarray
    groups: np.ndarray
    counts: np.ndarray
    totals: np.ndarray
    shares: FloatArray
    matrix: FloatArray


def vdm_table(values, groups, p: float = 1.0) -> VDMTable:
    """VDM_p(a, b) = Σ_i |m_{u,a,i}/m_{u,a} − m_{u,b,i}/m_{u,b}|^p for every pair of values a, b.

    ``values``: the attribute's value per sample (any labels); ``groups``: the cluster of each sample
    (seed 003 (5): m_{u,a,i} counts the samples of cluster i with value a). Values that differ only
    in how they spread over the clusters are close; VDM_p(a, a) = 0.
    """
    values, groups = np.asarray(values).ravel(), np.asarray(groups).ravel()
    if values.shape != groups.shape or values.size == 0:
        raise ValueError("Give one value and one cluster per sample (and at least one sample).")
    p = float(p)
    if not (np.isfinite(p) and p > 0):
        raise ValueError(f"The VDM exponent p must be a finite number > 0; got {p}.")
    levels, a = np.unique(values, return_inverse=True)
    clusters, i = np.unique(groups, return_inverse=True)
    counts = np.zeros((len(levels), len(clusters)), dtype=int)
    np.add.at(counts, (a, i), 1)
    totals = counts.sum(1)
    shares = counts / totals[:, None]
    matrix = (np.abs(shares[:, None, :] - shares[None, :, :]) ** p).sum(2)
    return VDMTable(levels, clusters, counts, totals, shares, matrix)


def minkov_dm(numeric, categorical, groups, p: float = 2.0) -> FloatArray:
    """MinkovDM_p(x_i, x_j) = (Σ_{u ≤ n_c} |x_iu − x_ju|^p + Σ_{u > n_c} VDM_p(x_iu, x_ju))^(1/p).

    Seed 003 §3.2, (6), for every pair of samples: ``numeric`` (n, n_c) ordered attributes (n_c may
    be 0), ``categorical`` (n, n − n_c) unordered ones, ``groups`` the clusters behind VDM.
    """
    categorical = np.asarray(categorical)
    if categorical.ndim != 2:
        raise ValueError("The categorical attributes must be a table (n_samples, n_attributes).")
    n = len(categorical)
    numeric = np.zeros((n, 0)) if numeric is None else check_array(numeric, name="The ordered attributes")
    if len(numeric) != n:
        raise ValueError(f"The ordered and the categorical attributes have {len(numeric)} and {n} rows.")
    p = float(p)
    if not (np.isfinite(p) and p > 0):
        raise ValueError(f"The exponent p must be a finite number > 0; got {p}.")
    total = (np.abs(numeric[:, None, :] - numeric[None, :, :]) ** p).sum(2)
    for column in categorical.T:
        table = vdm_table(column, groups, p)
        codes = np.searchsorted(table.levels, column)
        total = total + table.matrix[codes[:, None], codes[None, :]]
    return total ** (1.0 / p)
