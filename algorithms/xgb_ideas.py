"""Two of XGBoost's speed ideas that the notes on Zhou only name (seed 003 §5.4): the weighted
quantile sketch and sparsity-aware split finding.

Both follow Chen & Guestrin, "XGBoost: A Scalable Tree Boosting System" (KDD 2016), §3.3
(8)–(9) and Algorithm 3 [S in the spec]. The sketch here is exact (it sorts the data): it shows
which candidates the streaming sketch approximates, not its merge/prune data structure.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import FloatArray
from algorithms._base import check_positive
from algorithms.trees import _midpoints
from algorithms.trees import _SecondOrder

__all__ = ["QuantileSketch", "weighted_quantile_sketch", "SparsityGains", "sparsity_aware_split_gains"]


def _feature_and_weights(x, h, allow_nan: bool):
    x = np.asarray(x, dtype=float).reshape(-1)
    h = np.asarray(h, dtype=float).reshape(-1)
    if h.shape != x.shape:
        raise ValueError("x and h must have the same length.")
    if not np.all(np.isfinite(x) | (allow_nan & np.isnan(x))):
        raise ValueError("x must hold numbers" + (" (NaN marks a missing value)." if allow_nan else "."))
    if not np.all(np.isfinite(h)) or np.any(h < 0):
        raise ValueError("The hessians h must be finite and ≥ 0.")
    return x, h


@dataclass(frozen=True)
class QuantileSketch:
    """The candidates s_1 < … < s_l, their ranks r(s_j), and the sorted distinct values with
    their ranks (the step function r) and hessian shares."""

    candidates: FloatArray
    ranks: FloatArray
    values: FloatArray
    value_ranks: FloatArray
    value_shares: FloatArray

    @property
    def gaps(self) -> FloatArray:
        """r(s_{j+1}) − r(s_j): the hessian share of each bucket [s_j, s_{j+1})."""
        return np.diff(self.ranks)


def weighted_quantile_sketch(x, h, eps: float = 0.1) -> QuantileSketch:
    """Split candidates with about the same total hessian between neighbours (KDD 2016 (8)–(9)).

    Rank r(z) = Σ_{x_i < z} h_i / Σ h_i. From s_1 = min x, each next candidate is the largest
    distinct value z with r(z) − r(s_j) < ε, so |r(s_j) − r(s_{j+1})| < ε; the last is max x.
    A single value with hessian share ≥ ε cannot share a bucket: the next value follows it and
    that gap is the value's own share. With all h_i equal the candidates are ordinary quantiles
    (every k-th order statistic, k = ⌈εn⌉ − 1 for n distinct values).
    """
    x, h = _feature_and_weights(x, h, allow_nan=False)
    eps = check_positive(eps, "ε")
    if x.size == 0 or h.sum() <= 0:
        raise ValueError("The sketch needs at least one value with h > 0.")
    values, inverse = np.unique(x, return_inverse=True)
    shares = np.bincount(inverse, weights=h) / h.sum()
    ranks = np.concatenate([[0.0], np.cumsum(shares)[:-1]])
    chosen = [0]
    while chosen[-1] < len(values) - 1:
        a = chosen[-1]
        b = int(np.searchsorted(ranks, ranks[a] + eps, side="left")) - 1
        chosen.append(min(max(b, a + 1), len(values) - 1))
    chosen = np.array(chosen)
    return QuantileSketch(values[chosen], ranks[chosen], values, ranks, shares)


@dataclass(frozen=True)
class SparsityGains:
    """Split gain at every threshold of the present values with the missing samples sent left
    and sent right, and which side each threshold's default direction is (the better one)."""

    thresholds: FloatArray
    gain_missing_left: FloatArray
    gain_missing_right: FloatArray
    G_missing: float
    H_missing: float

    @property
    def gains(self) -> FloatArray:
        return np.maximum(self.gain_missing_left, self.gain_missing_right)

    @property
    def default_left(self) -> np.ndarray:
        """True where sending the missing samples left gains at least as much (ties go left)."""
        return self.gain_missing_left >= self.gain_missing_right


def sparsity_aware_split_gains(x, g, h, lam: float = 1.0, gamma: float = 0.0) -> SparsityGains:
    """Sparsity-aware split finding (KDD 2016 Algorithm 3) on one feature, NaN = missing.

    Only the present values are sorted and swept (x ≤ s goes left, thresholds between distinct
    present values); the missing samples' sums G_m, H_m are added to the left side, then to the
    right side, and the gain (seed 003 (31)) of both is kept: the default direction is the better.
    """
    x, h = _feature_and_weights(x, h, allow_nan=True)
    g = np.asarray(g, dtype=float).reshape(-1)
    if g.shape != x.shape or not np.all(np.isfinite(g)):
        raise ValueError("g must hold one finite number per sample.")
    lam = check_positive(lam, "λ", allow_zero=True)
    gamma = check_positive(gamma, "γ", allow_zero=True)
    missing = np.isnan(x)
    present = np.flatnonzero(~missing)
    order = present[np.argsort(x[present], kind="stable")]
    xs = x[order]
    S = np.column_stack([g, h])
    C = np.cumsum(S[order], axis=0)[:-1]
    ok = xs[1:] > xs[:-1]
    C = C[ok]
    M = S[missing].sum(0)
    P = S.sum(0)
    crit = _SecondOrder(None, None, lam, gamma, 0.0)
    left = crit.evaluate(np.stack([C + M, P - C - M]), P)[0]
    right = crit.evaluate(np.stack([C, P - C]), P)[0]
    thr = _midpoints(xs[:-1][ok], xs[1:][ok])
    return SparsityGains(thr, left, right, float(M[0]), float(M[1]))
