"""The tree diagram: boxes coloured by majority class, with split, impurity and counts where the
text fits (Li Hang Figs 5.1, 5.4–5.5); clicking a node selects it."""

from functools import partial

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms.trees import Tree
from ui.charts import chart
from ui.charts import clicked_points
from ui.figures import Axes
from ui.figures import figure
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.polylines import rectangles
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from views.decision_trees._cells import outline_trace
from views.decision_trees._grow import Grown
from views.decision_trees._text import count_order
from views.decision_trees._text import edge_labels
from views.decision_trees._text import node_lines


def diagram_positions(tree: Tree) -> tuple[np.ndarray, np.ndarray]:
    """Leaves one unit apart in depth-first order, a parent centred over its children."""
    x = np.zeros(tree.n_nodes)
    order = tree.preorder()
    leaves = order[tree.is_leaf[order]]
    x[leaves] = np.arange(len(leaves))
    for depth in range(tree.max_depth - 1, -1, -1):  # bottom-up, a level at a time
        inner = np.flatnonzero(~tree.is_leaf & (tree.depth == depth))
        first = tree.first_child[inner]
        x[inner] = (x[first] + x[first + tree.n_children[inner] - 1]) / 2
    return x, -tree.depth.astype(float)


def class_index(tree: Tree) -> np.ndarray:
    """Each node's majority class index (0 for a regression tree)."""
    classify = tree.task == "classification"
    return np.argmax(tree.value, axis=1) if classify else np.zeros(tree.n_nodes, dtype=int)


def diagram_figure(
    tree: Tree,
    data,
    task: str,
    criterion: str,
    style,
    selected: int,
    height: int | None = None,
    width_px: int = 460,
) -> go.Figure:
    """Boxes coloured by majority class with split, impurity and counts where the text fits; hover always."""
    x, y = diagram_positions(tree)
    n_leaves, depth = int(tree.is_leaf.sum()), int(tree.depth.max())
    w, h = 0.42, 0.31
    lines = [node_lines(tree, i, data, task, criterion) for i in range(tree.n_nodes)]
    font = max(style.font_size - 2, 9)
    room = width_px / max(n_leaves, 1) / (0.55 * font)  # characters that fit in one leaf slot
    widest = [np.percentile([max(map(len, lines[i][:k])) for i in range(tree.n_nodes)], 85) for k in (1, 3)]
    keep = 3 if widest[1] <= room else 1 if widest[0] <= room else 0
    text = [
        "<br>".join(lines[i][:keep]) if keep else lines[i][0] if i == 0 else "" for i in range(tree.n_nodes)
    ]
    kids = np.flatnonzero(tree.parent >= 0)
    up = tree.parent[kids]
    labels = {int(i): edge_labels(tree, int(i), data) for i in np.unique(up)}
    edge_text = [labels[int(p)][int(tree.branch[j])] for p, j in zip(up, kids, strict=True)]
    codes = class_index(tree)
    regression = task == "regression"
    ends = [np.column_stack([x[up], y[up] - h]), np.column_stack([x[kids], y[kids] + h])]
    traces = [polylines_trace(np.stack(ends, axis=1), "", "#888", 1.2)]
    for c in range(int(codes.max()) + 1):
        ids = codes == c
        traces.append(
            outline_trace(
                rectangles(x[ids] - w, x[ids] + w, y[ids] - h, y[ids] + h),
                FIT_COLOR if regression else CLASS_COLORS[c % len(CLASS_COLORS)],
                1.5,
                "#E8F5F0" if regression else REGION_COLORS[c % len(REGION_COLORS)],
            )
        )
    x0, y0 = x[selected], y[selected]
    halo = rectangles([x0 - w - 0.05], [x0 + w + 0.05], [y0 - h - 0.06], [y0 + h + 0.06])
    traces.append(outline_trace(halo, HIGHLIGHT_COLOR, style.line_width + 1))
    traces.append(
        dict(
            type="scatter",
            mode="text",
            hoverinfo="skip",
            textfont=dict(size=font - 1, color="#555"),
            x=(x[up] + x[kids]) / 2,
            y=(y[up] + y[kids]) / 2,
            text=[
                s if abs(x[j] - x[p]) * room >= len(s) + 1 else ""
                for s, p, j in zip(edge_text, up, kids, strict=True)
            ],
        )
    )
    traces.append(
        dict(
            type="scatter",
            mode="markers+text",
            x=x,
            y=y,
            text=text,
            hoverinfo="text",
            hovertext=[f"#{i}<br>" + "<br>".join(lines[i]) for i in range(tree.n_nodes)],
            customdata=np.arange(tree.n_nodes),
            textfont=dict(size=font, color=BLACK),
            marker=dict(symbol="square", size=28, opacity=0.0, color="#000"),
        )
    )
    return figure(
        style,
        Axes((-0.6, max(n_leaves, 1) - 0.4), (-depth - 0.55, 0.55)),
        traces=traces,
        height=height or max(260, min(560, 150 + 110 * depth)),
        xaxis=dict(visible=False),
        yaxis=dict(visible=False),
        showlegend=False,
        margin=dict(l=4, r=4, t=8, b=4),
        dragmode=False,
        clickmode="event+select",
    )


def pick_node(chart_key: str) -> None:
    """Clicking a node of the tree diagram selects it."""
    points = clicked_points(chart_key)
    ids = [p["customdata"] for p in points if p.get("customdata") is not None]
    current = st.session_state.get("tree.node", 0)
    st.session_state["tree.node"] = int(np.atleast_1d(ids[0])[0]) if ids else current


def diagram_panel(ctx, g: Grown, data, height: int | None = None, width_px: int = 460) -> None:
    """The clickable diagram of the pruned tree and what its counts mean."""
    chart(
        diagram_figure(g.tree, data, g.task, g.criterion, ctx.style, g.node, height, width_px),
        key="tree.diagram",
        on_select=partial(pick_node, "tree.diagram"),
    )
    classes = "" if g.task == "regression" else " " + count_order(g.est.classes_)
    st.caption(t("tree.click_node") + classes)
