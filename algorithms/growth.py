"""Level-wise (XGBoost) against leaf-wise (LightGBM) tree growth after the same number of splits.

seed 003 §5.5.5: level-wise growth splits every leaf of a level; leaf-wise growth always splits the
leaf with the largest gain ("with the same number of splits it reduces the error more", but it
grows deep trees, hence a max depth limit). Greedy CART splits depend only on a node's own samples,
so both strategies pick their splits from the same fully grown tree: they differ in the *order*
in which its internal nodes are split. "Reduces the error more" is what usually happens, not a
theorem: a weak split can open the way to strong ones that level-wise growth reaches first.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np

from algorithms._base import FloatArray
from algorithms.linear_classifiers import _check_int
from algorithms.trees import DecisionTreeRegressor

__all__ = ["GrowthPath", "growth_path", "LevelVsLeaf", "level_vs_leaf"]


@dataclass(frozen=True)
class GrowthPath:
    """The internal nodes of a fully grown tree in the order a strategy splits them, and the
    training MSE after 0, 1, …, len(order) splits (``losses[0]``: one leaf, the mean)."""

    order: np.ndarray
    losses: FloatArray


def growth_path(tree, strategy: str = "leaf", max_depth: int | None = None) -> GrowthPath:
    """Split order of ``tree`` (an ``algorithms.trees.Tree`` of squared-error regression).

    ``"level"``: breadth-first, a level at a time (node id order). ``"leaf"``: best-first, each
    time the leaf whose split lowers the training loss most (ties: the smaller id), skipping
    leaves at ``max_depth``. Loss = Σ_leaves N_t·MSE_t / N (``node_costs``), so a split lowers it
    by its gain C(t) − Σ_children C(c).
    """
    if strategy not in ("level", "leaf"):
        raise ValueError('strategy must be "level" or "leaf".')
    cost = tree.node_costs()
    internal = ~tree.is_leaf
    gain = np.zeros(tree.n_nodes)
    for i in np.flatnonzero(internal):
        gain[i] = cost[i] - cost[list(tree.children(i))].sum()
    limit = np.inf if max_depth is None else _check_int(max_depth, "max_depth", 1)
    allowed = internal & (tree.depth < limit)
    if strategy == "level":
        order = np.flatnonzero(allowed)
    else:
        order, frontier = [], [(-gain[0], 0)] if allowed[0] else []
        while frontier:  # a heap: the largest gain first, ties by the smaller id
            best = heapq.heappop(frontier)[1]
            order.append(best)
            for c in tree.children(best):
                if allowed[c]:
                    heapq.heappush(frontier, (-gain[c], c))
        order = np.array(order, dtype=np.intp)
    losses = cost[0] - np.concatenate([[0.0], np.cumsum(gain[order])])
    return GrowthPath(order, np.maximum(losses, 0.0))


@dataclass(frozen=True)
class LevelVsLeaf:
    """Both strategies on the same data: the fully grown tree, each growth path, and the trees
    after ``n_splits`` splits (``level_tree``, ``leaf_tree``: fitted regressors)."""

    full: DecisionTreeRegressor
    level: GrowthPath
    leaf: GrowthPath
    level_tree: DecisionTreeRegressor
    leaf_tree: DecisionTreeRegressor


def level_vs_leaf(X, y, n_splits: int, max_depth: int | None = None,
                  min_samples_leaf: int = 1) -> LevelVsLeaf:
    """Grow a CART regression tree fully (leaves ≥ ``min_samples_leaf``), then keep its first
    ``n_splits`` splits in level-wise and in leaf-wise order (``max_depth`` limits the leaf-wise
    tree, as LightGBM's guard against overfitting). A strategy with fewer possible splits stops
    there."""
    k = _check_int(n_splits, "The number of splits", 0)
    full = DecisionTreeRegressor(min_samples_leaf=min_samples_leaf).fit(X, y)
    level = growth_path(full.tree_, "level")
    leaf = growth_path(full.tree_, "leaf", max_depth)

    def keep(path):
        chosen = np.zeros(full.tree_.n_nodes, dtype=bool)
        chosen[path.order[:k]] = True
        return full._copy_with(full.tree_._collapse(np.flatnonzero(~chosen), "truncated"))

    return LevelVsLeaf(full, level, leaf, keep(level), keep(leaf))
