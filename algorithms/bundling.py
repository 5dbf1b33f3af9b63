"""Exclusive feature bundling (EFB), LightGBM's way of packing sparse columns together.

seed 003 §5.5.4: bundle mutually exclusive features (never non-zero together, e.g. the one-hot
columns of one categorical); steps: 1 sort the features by their number of non-zero values,
2 count the pairwise conflicts, 3 go through the features and add each to the first bundle it
conflicts with at most K times [T]. Merging shifts each feature's bins by an offset (the bins of
the earlier features of its bundle) so one column holds them all [S] (Ke et al. 2017,
Algorithms 3–4).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms.ensembles import bin_codes
from algorithms.ensembles import histogram_bin_edges
from algorithms.linear_classifiers import _check_int

__all__ = ["Bundling", "exclusive_feature_bundling", "one_hot_bins"]


@dataclass(frozen=True)
class Bundling:
    """``conflicts[i, j]``: rows where features i and j are both non-zero (the conflict graph's
    edge weights); ``order``: the features by decreasing non-zero count (step 1); ``bundles``:
    the features of each bundle in the order they joined; ``offsets[j]``: the shift of feature
    j's bins inside its bundle; ``bundle_conflicts``: conflicting rows accepted in each bundle;
    ``merged``: one column a bundle, 0 where every feature of the bundle is 0, else
    offset_j + code_j (a later feature overwrites an earlier one on a conflicting row)."""

    conflicts: np.ndarray
    order: np.ndarray
    bundles: tuple
    offsets: np.ndarray
    bundle_conflicts: np.ndarray
    merged: np.ndarray


def exclusive_feature_bundling(codes, max_conflicts: int = 0) -> Bundling:
    """Greedy bundling of the integer bin codes ``codes`` (n × d, 0 = the zero bin) allowing at
    most ``max_conflicts`` (K) conflicting rows per bundle, then merging with offsets."""
    C = np.asarray(codes)
    if C.ndim != 2 or not C.size:
        raise ValueError("codes must be a non-empty table (samples × features) of bin codes.")
    if not np.issubdtype(C.dtype, np.integer):
        if not (np.all(np.isfinite(C)) and np.all(C == np.round(C))):
            raise ValueError("codes must be whole numbers (bin indices).")
        C = C.astype(np.int64)
    if np.any(C < 0):
        raise ValueError("codes must be ≥ 0 (0 is the zero bin).")
    K = _check_int(max_conflicts, "The number of allowed conflicts K", 0)
    nonzero = C != 0
    Z = nonzero.astype(np.int64)
    conflicts = Z.T @ Z
    np.fill_diagonal(conflicts, 0)
    order = np.argsort(-nonzero.sum(0), kind="stable")
    bundles, rows, accepted = [], [], []
    for f in order:
        for b, used in enumerate(rows):
            clash = int(np.sum(used & nonzero[:, f]))
            if accepted[b] + clash <= K:
                bundles[b].append(int(f))
                rows[b] = used | nonzero[:, f]
                accepted[b] += clash
                break
        else:
            bundles.append([int(f)])
            rows.append(nonzero[:, f].copy())
            accepted.append(0)
    offsets = np.zeros(C.shape[1], dtype=np.int64)
    merged = np.zeros((len(C), len(bundles)), dtype=np.int64)
    for b, members in enumerate(bundles):
        shift = 0
        for f in members:
            offsets[f] = shift
            merged[nonzero[:, f], b] = shift + C[nonzero[:, f], f]
            shift += int(C[:, f].max())
    return Bundling(conflicts, order, tuple(tuple(m) for m in bundles), offsets,
                    np.array(accepted), merged)


def one_hot_bins(X, n_bins: int = 4) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Each column of X cut into at most ``n_bins`` quantile bins (:func:`histogram_bin_edges`)
    and one-hot coded: a sparse 0/1 matrix whose columns of one feature are mutually exclusive,
    and (feature, bin) of every column."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or not X.size:
        raise ValueError("X must be a non-empty table of numbers.")
    columns, names = [], []
    for j in range(X.shape[1]):
        codes = bin_codes(X[:, j], histogram_bin_edges(X[:, j], n_bins))
        for k in range(int(codes.max()) + 1):
            columns.append((codes == k).astype(np.int64))
            names.append((j, k))
    return np.column_stack(columns), names
