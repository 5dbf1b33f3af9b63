"""Cells of the partition: the box of every node inside the axes, its outline, the split lines
inside the boxes (Li Hang Fig 5.2) and the step function of a 1-D regression tree (Fig 5.6)."""

import numpy as np

from algorithms.trees import Tree
from ui.figures import Axes
from ui.i18n import t
from ui.polylines import rectangles
from ui.theme import HIGHLIGHT_COLOR

HALO = "rgba(230,159,0,0.18)"


def outline_trace(xy, color: str, width: float, fill: str = "", **extra) -> dict:
    """Outlines (x, y) from ui.polylines.rectangles as lines, each box filled with ``fill`` unless empty."""
    return dict(
        type="scatter",
        mode="lines",
        x=xy[0],
        y=xy[1],
        fill="toself" if fill else "none",
        fillcolor=fill or None,
        hoverinfo="skip",
        line=dict(color=color, width=width),
        **extra,
    )


def selected_box(x0: float, x1: float, y0: float, y1: float, node: int, width: float) -> dict:
    """The selected node's cell [x0, x1] × [y0, y1], haloed unless it is the root."""
    xy = rectangles([x0], [x1], [y0], [y1])
    return outline_trace(
        xy, HIGHLIGHT_COLOR, width, HALO if node else "", name=t("tree.selected_node", node=node)
    )


def clipped_bounds(tree: Tree, axes: Axes):
    """Every node's box (lower, upper) cut to the axes ranges (1 or 2 features)."""
    lo, hi = tree.node_bounds()
    low = np.array([axes.x_range[0], axes.y_range[0]][: lo.shape[1]])
    high = np.array([axes.x_range[1], axes.y_range[1]][: lo.shape[1]])
    return np.maximum(lo, low), np.minimum(hi, high)


def cell_outlines(lo, hi, ids) -> tuple[np.ndarray, np.ndarray]:
    """The 2-D boxes of the nodes ``ids`` as one path."""
    return rectangles(lo[ids, 0], hi[ids, 0], lo[ids, 1], hi[ids, 1])


def split_segments(tree: Tree, nodes, lo, hi) -> np.ndarray:
    """The line of each split inside its node's box (2-D threshold trees): pieces (m, 2, 2)."""
    nodes = np.asarray(nodes, dtype=int)
    s, vertical = tree.threshold[nodes], (tree.feature[nodes] == 0)[:, None]
    start = np.where(vertical, np.column_stack([s, lo[nodes, 1]]), np.column_stack([lo[nodes, 0], s]))
    end = np.where(vertical, np.column_stack([s, hi[nodes, 1]]), np.column_stack([hi[nodes, 0], s]))
    return np.stack([start, end], axis=1)


def step_curve(tree: Tree, leaves, axes: Axes) -> tuple[np.ndarray, np.ndarray]:
    """The piecewise-constant fit of a 1-D tree with these leaves, left to right."""
    lo, hi = clipped_bounds(tree, axes)
    order = leaves[np.argsort(lo[leaves, 0])]
    return (np.column_stack([lo[order, 0], hi[order, 0]]).ravel(), np.repeat(tree.value[order, 0], 2))
