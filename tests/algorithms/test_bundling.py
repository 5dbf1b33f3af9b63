"""Tests for algorithms.bundling: exclusive feature bundling (seed 003 §5.5.4) on a hand example of
two one-hot coded categoricals, with K = 0 and K = 1 worked out by hand."""

import numpy as np
import pytest

from algorithms import exclusive_feature_bundling
from algorithms import one_hot_bins

# columns 0–2: one-hot of a three-valued categorical; columns 3–4: of a two-valued one
HAND = np.array(
    [
        [1, 0, 0, 1, 0],
        [0, 1, 0, 1, 0],
        [0, 0, 1, 0, 1],
        [1, 0, 0, 0, 1],
        [0, 1, 0, 0, 1],
        [1, 0, 0, 1, 0],
    ]
)


def test_conflict_graph_and_order_by_non_zero_count():
    b = exclusive_feature_bundling(HAND)
    expected = np.zeros((5, 5), int)
    for i, j, n in [(0, 3, 2), (0, 4, 1), (1, 3, 1), (1, 4, 1), (2, 4, 1)]:
        expected[i, j] = expected[j, i] = n
    np.testing.assert_array_equal(b.conflicts, expected)
    assert b.order.tolist() == [0, 3, 4, 1, 2]  # non-zeros 3, 3, 3, 2, 1 (ties keep column order)


def test_without_conflicts_the_two_categoricals_come_back_with_offsets():
    b = exclusive_feature_bundling(HAND, max_conflicts=0)
    assert b.bundles == ((0, 1, 2), (3, 4))
    assert b.offsets.tolist() == [0, 1, 2, 0, 1]
    assert b.bundle_conflicts.tolist() == [0, 0]
    np.testing.assert_array_equal(b.merged, [[1, 1], [2, 1], [3, 2], [1, 2], [2, 2], [1, 1]])


def test_one_allowed_conflict_packs_other_features():
    # f0 opens bundle 0; f3 clashes twice with it → bundle 1; f4 clashes once with bundle 0 (row 3)
    # → joins it; f1 would add a second clash to bundle 0 (row 4) → bundle 1 (one clash, row 1);
    # f2 clashes with bundle 0 (row 2, a second clash) → bundle 1 (no clash)
    b = exclusive_feature_bundling(HAND, max_conflicts=1)
    assert b.bundles == ((0, 4), (3, 1, 2))
    assert b.bundle_conflicts.tolist() == [1, 1]
    assert b.offsets.tolist() == [0, 1, 2, 0, 1]
    np.testing.assert_array_equal(b.merged[:, 0], [1, 0, 2, 2, 2, 1])  # row 3: f4 overwrites f0


def test_multi_bin_features_shift_by_the_largest_bin_before_them():
    codes = np.array([[2, 0], [0, 1], [1, 0], [0, 3]])
    b = exclusive_feature_bundling(codes)
    assert b.bundles == ((0, 1),) and b.offsets.tolist() == [0, 2]
    assert b.merged[:, 0].tolist() == [2, 3, 1, 5]


def test_one_hot_bins_are_exclusive_per_feature_and_bundle_back():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 2))
    H, names = one_hot_bins(X, 4)
    assert H.shape == (40, 8) and names[:2] == [(0, 0), (0, 1)]
    np.testing.assert_array_equal(H.sum(1), [2] * 40)
    assert exclusive_feature_bundling(H).bundles == ((0, 1, 2, 3), (4, 5, 6, 7))


def test_bad_codes_are_refused():
    with pytest.raises(ValueError, match="≥ 0"):
        exclusive_feature_bundling([[-1, 0]])
    with pytest.raises(ValueError, match="whole"):
        exclusive_feature_bundling([[0.5, 0]])
    with pytest.raises(ValueError, match="K"):
        exclusive_feature_bundling(HAND, -1)
