"""XGBoost's weighted quantile sketch and sparsity-aware split finding (seed 003 §5.4; KDD 2016 §3.3,
Algorithm 3): hand-computed oracles, ordinary quantiles for equal h, the ε bound, and the default
direction against the two explicit assignments of the missing samples."""

import numpy as np
import pytest

from algorithms import second_order_split_gains
from algorithms import sparsity_aware_split_gains
from algorithms import weighted_quantile_sketch

# The view's toy: value 3 carries 4 of the 10 units of hessian.
TOY_X, TOY_H = np.array([1.0, 2, 3, 4, 5, 6]), np.array([1.0, 1, 4, 1, 1, 2])
# The D5 oracle (x = 1..4, y = 1, 1, 3, 3, ŷ = 0, ½-squared loss) plus one sample with x missing, y = 3.
MISS_X, MISS_Y = np.array([1.0, 2, 3, 4, np.nan]), np.array([1.0, 1, 3, 3, 3])


def test_weighted_quantiles_by_hand():
    """r = 0, .1, .2, .6, .7, .8; ε = 0.3: from 1 the last r < 0.3 is at 3; 3 alone holds 0.4 ≥ ε, so
    4 follows it; from 4 (r = .6) the last r < .9 is 6."""
    sketch = weighted_quantile_sketch(TOY_X, TOY_H, eps=0.3)
    np.testing.assert_allclose(sketch.value_ranks, [0, 0.1, 0.2, 0.6, 0.7, 0.8])
    np.testing.assert_array_equal(sketch.candidates, [1, 3, 4, 6])
    np.testing.assert_allclose(sketch.ranks, [0, 0.2, 0.6, 0.8])
    np.testing.assert_allclose(sketch.gaps, [0.2, 0.4, 0.2])
    np.testing.assert_array_equal(weighted_quantile_sketch(TOY_X, TOY_H, eps=0.2).candidates, TOY_X)


def test_equal_hessians_give_ordinary_quantiles():
    x = np.random.default_rng(0).permutation(np.arange(20.0) ** 1.5)
    for eps, k in [(0.22, 4), (0.12, 2), (0.33, 6)]:  # k = ⌈εn⌉ − 1 order statistics per bucket
        sketch = weighted_quantile_sketch(x, np.full(20, 0.25), eps)
        expected = np.unique(np.append(np.sort(x)[::k], x.max()))
        np.testing.assert_array_equal(sketch.candidates, expected)
        np.testing.assert_allclose(sketch.ranks[:-1], np.arange(len(expected) - 1) * k / 20)


@pytest.mark.parametrize("eps", [0.05, 0.1, 0.2, 0.3])
def test_epsilon_bound_and_ends(eps):
    rng = np.random.default_rng(3)
    x = np.round(rng.normal(size=200), 2)
    p = rng.uniform(0.05, 0.95, size=200)
    sketch = weighted_quantile_sketch(x, p * (1 - p), eps)
    assert sketch.candidates[0] == x.min() and sketch.candidates[-1] == x.max()
    assert np.all(np.diff(sketch.candidates) > 0)
    assert np.all(sketch.gaps < eps) and sketch.value_shares.max() < eps
    assert len(sketch.candidates) <= 2 / eps + 1  # about 1/ε buckets: two neighbouring gaps exceed ε
    # A heavy value breaks the bound only by its own share.
    heavy = weighted_quantile_sketch(TOY_X, TOY_H, eps)
    own = heavy.value_shares[np.searchsorted(heavy.values, heavy.candidates[:-1])]
    assert np.all((heavy.gaps < eps) | np.isclose(heavy.gaps, own))


def test_sketch_rejects_bad_input():
    with pytest.raises(ValueError, match="ε"):
        weighted_quantile_sketch(TOY_X, TOY_H, 0)
    with pytest.raises(ValueError, match="h must be"):
        weighted_quantile_sketch(TOY_X, -TOY_H, 0.1)
    with pytest.raises(ValueError, match="same length"):
        weighted_quantile_sketch(TOY_X, TOY_H[:3], 0.1)
    with pytest.raises(ValueError, match="h > 0"):
        weighted_quantile_sketch(TOY_X, 0 * TOY_H, 0.1)


def test_missing_value_oracle_by_hand():
    """G = −11, H = 5, λ = 1; at s = 2.5 missing right: ½[(−2)²/3 + (−9)²/4 − 121/6] = 0.70833."""
    gains = sparsity_aware_split_gains(MISS_X, -MISS_Y, np.ones(5), lam=1.0)
    np.testing.assert_allclose(gains.thresholds, [1.5, 2.5, 3.5])
    np.testing.assert_allclose(gains.gain_missing_left, [-1.291667, -0.958333, -1.433333], atol=1e-6)
    np.testing.assert_allclose(gains.gain_missing_right, [0.166667, 0.708333, -0.958333], atol=1e-6)
    np.testing.assert_array_equal(gains.default_left, [False, False, False])
    assert (gains.G_missing, gains.H_missing) == (-3.0, 1.0)


@pytest.mark.parametrize("lam,gamma", [(1.0, 0.0), (0.0, 0.2), (5.0, 1.0)])
def test_default_direction_is_the_better_explicit_assignment(lam, gamma):
    rng = np.random.default_rng(7)
    x = rng.normal(size=60)
    x[rng.random(60) < 0.3] = np.nan
    g, h = rng.normal(size=60), rng.uniform(0.1, 1, size=60)
    found = sparsity_aware_split_gains(x, g, h, lam, gamma)
    low, high = np.nanmin(x) - 1, np.nanmax(x) + 1
    as_left = second_order_split_gains(np.where(np.isnan(x), low, x), g, h, lam, gamma)
    as_right = second_order_split_gains(np.where(np.isnan(x), high, x), g, h, lam, gamma)
    np.testing.assert_allclose(as_left.thresholds[1:], found.thresholds)
    np.testing.assert_allclose(as_left.gains[1:], found.gain_missing_left)
    np.testing.assert_allclose(as_right.gains[:-1], found.gain_missing_right)
    np.testing.assert_allclose(found.gains, np.maximum(as_left.gains[1:], as_right.gains[:-1]))
    np.testing.assert_array_equal(found.default_left, as_left.gains[1:] >= as_right.gains[:-1])
    assert found.default_left.any() and not found.default_left.all()


def test_no_missing_values_gives_the_exact_gains_both_ways():
    x, y = np.array([1.0, 2, 3, 4]), np.array([1.0, 1, 3, 3])
    found = sparsity_aware_split_gains(x, -y, np.ones(4))
    np.testing.assert_allclose(found.gains, [-0.025, 0.266667, -1.025], atol=1e-6)
    np.testing.assert_array_equal(found.gain_missing_left, found.gain_missing_right)


def test_sparsity_rejects_bad_input():
    with pytest.raises(ValueError, match="g must"):
        sparsity_aware_split_gains(MISS_X, MISS_Y[:3], np.ones(5))
    with pytest.raises(ValueError, match="x must"):
        sparsity_aware_split_gains([1, np.inf], [1, 1], [1, 1])
