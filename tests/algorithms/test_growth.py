"""Tests for algorithms.growth: leaf-wise growth is scikit-learn's best-first growth
(max_leaf_nodes), level-wise growth is a depth-limited fit, and on the view's data leaf-wise growth
has the lower training loss after the same number of splits (seed 003 §5.5.5)."""

import numpy as np
import pytest
from sklearn.tree import DecisionTreeRegressor as SkTree

from algorithms import DecisionTreeRegressor
from algorithms import growth_path
from algorithms import level_vs_leaf
from algorithms import load_dataset


def sinc(n=None, noise=None):
    data = load_dataset("sinc", n, noise, 0)
    return data.X, data.y


def test_leaf_wise_growth_equals_scikit_learns_best_first_trees():
    X, y = sinc()
    grid = np.linspace(X.min() - 1, X.max() + 1, 400)[:, None]
    for k in range(1, 16):
        ours = level_vs_leaf(X, y, k).leaf_tree
        sk = SkTree(max_leaf_nodes=k + 1).fit(X, y)
        assert ours.get_n_leaves() == k + 1
        np.testing.assert_allclose(ours.predict(grid), sk.predict(grid), atol=1e-12)


def test_level_wise_growth_after_whole_levels_equals_a_depth_limited_tree():
    X, y = sinc()
    full = DecisionTreeRegressor().fit(X, y)
    path = growth_path(full.tree_, "level")
    for depth in range(1, 6):
        k = int(np.sum(~full.tree_.is_leaf & (full.tree_.depth < depth)))
        assert path.losses[k] == pytest.approx(DecisionTreeRegressor(max_depth=depth).fit(X, y).error(X, y))


def test_losses_are_the_training_mse_of_the_grown_trees():
    X, y = sinc()
    for k in (0, 1, 3, 7, 12):
        both = level_vs_leaf(X, y, k)
        assert both.level.losses[k] == pytest.approx(both.level_tree.error(X, y), abs=1e-12)
        assert both.leaf.losses[k] == pytest.approx(both.leaf_tree.error(X, y), abs=1e-12)
    assert np.all(np.diff(both.leaf.losses) <= 1e-15)  # every split lowers the loss


@pytest.mark.parametrize(("n", "noise"), [(None, None), (50, 0.2)])  # the view's default and preset
def test_leaf_wise_loss_is_never_above_level_wise_loss_on_the_views_data(n, noise):
    X, y = sinc(n, noise)
    both = level_vs_leaf(X, y, 0)
    m = len(both.level.order)
    assert len(both.leaf.order) == m
    assert np.all(both.leaf.losses <= both.level.losses + 1e-12)
    assert np.any(both.leaf.losses < both.level.losses - 1e-6)  # strictly better somewhere


def test_a_depth_limit_stops_leaf_wise_growth():
    X, y = sinc()
    both = level_vs_leaf(X, y, 40, max_depth=2)
    assert both.leaf_tree.get_depth() <= 2 and len(both.leaf.order) == 3  # root + two children
    assert both.leaf_tree.error(X, y) == pytest.approx(
        DecisionTreeRegressor(max_depth=2).fit(X, y).error(X, y)
    )
    with pytest.raises(ValueError, match="strategy"):
        growth_path(both.full.tree_, "depth")
    with pytest.raises(ValueError, match="splits"):
        level_vs_leaf(X, y, -1)


def best_first_order(tree, max_depth=None):
    """The book's best-first rule written out: the frontier leaf with the largest gain, ties by id."""
    cost = tree.node_costs()
    gain = {i: cost[i] - cost[list(tree.children(i))].sum() for i in np.flatnonzero(~tree.is_leaf)}
    allowed = ~tree.is_leaf & (tree.depth < (np.inf if max_depth is None else max_depth))
    order, frontier = [], {0} if allowed[0] else set()
    while frontier:
        best = max(sorted(frontier), key=lambda i: gain[i])
        frontier.remove(best)
        order.append(best)
        frontier.update(c for c in tree.children(best) if allowed[c])
    return order


@pytest.mark.parametrize("pattern", ["random", "ties"])
def test_leaf_wise_order_is_the_best_first_rule(pattern):
    rng = np.random.default_rng(3)
    if pattern == "ties":  # two halves alike up to a shift: their splits have exactly the same gains
        X, y = np.arange(16.0)[:, None], np.r_[np.tile([0.0, 1.0], 4), 10 + np.tile([0.0, 1.0], 4)]
    else:
        X = rng.normal(size=(300, 1))
        y = np.sin(3 * X[:, 0]) + rng.normal(0, 0.3, 300)
    full = level_vs_leaf(X, y, 0).full
    for depth in (None, 3):
        assert growth_path(full.tree_, "leaf", depth).order.tolist() == best_first_order(full.tree_, depth)
