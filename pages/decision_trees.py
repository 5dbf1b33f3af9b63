"""Decision trees (Li Hang ch. 5; seed 003 §4): ID3, C4.5 and CART, grown, inspected and pruned.

Three views: a classification tree on 2-D data (regions, tree diagram, split inspector, growth split
by split), the loan table of Examples 5.1–5.4 (every entropy, gain, gain ratio and Gini value next to
the tree; missing values of seed 003 §4.5), and the least-squares regression tree (Table 5.2, 1-D
toy data). Each view prunes the displayed tree with α: C_α(T) by dynamic programming or as printed
(§5.4), or CART's weakest link (§5.5.2). Code is kept flat: AppTest recompiles the page per rerun.
"""

from __future__ import annotations

import re
from functools import partial

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import DecisionTreeClassifier
from algorithms import DecisionTreeRegressor
from algorithms import criterion_table
from algorithms import split_curve
from algorithms.trees import Tree
from algorithms.trees import _ClassCriterion
from algorithms.trees import _SquaredError
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import chosen_before_drawn
from ui.controls import preset_picker
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import markdown_literal
from ui.explain import metrics_row
from ui.explain import number as _number
from ui.figures import Axes
from ui.figures import class_traces
from ui.figures import decision_surface
from ui.figures import figure as shared_figure
from ui.figures import grid_points
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import catalogue
from ui.i18n import current_language
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import TRUTH_COLOR

P = "tree"
VIEWS = ["classify", "table", "regress"]
CRITERIA = ["gini", "entropy", "gain_ratio", "gain_ratio_book"]
PRUNING = ["ccp", "c_alpha", "c_alpha_literal"]
REQUESTS = {
    "classify": DataRequest("classification", 2, "moons"),
    "table": DataRequest("classification", None, "table_5_1"),
    "regress": DataRequest("regression", 1, "table_5_2"),
}
MAX_DEPTH = 12
GRID = 150
MISSING = [0, 5, 10, 15, 20, 30, 40]
EPSILONS = [0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5]
ALPHA_STEPS = (1, 1.5, 2, 3, 4, 5, 6, 8)
HALO = "rgba(230,159,0,0.18)"
LOAN = {
    "tree.view": "table",
    "tree.data": "table_5_1",
    "tree.depth": 6,
    "tree.msl": 1,
    "tree.eps": 0.0,
    "tree.missing": 0,
    "tree.alpha": 0.0,
    "tree.node": 0,
}
# The last preset returns to the first view: the AppTest sweep leaves the last preset applied.
PRESETS = {
    "tree_ex5_2": {**LOAN, "tree.criterion": "entropy"},
    "tree_ex5_3": {**LOAN, "tree.criterion": "entropy", "tree.node": 2},
    "tree_ex5_4": {**LOAN, "tree.criterion": "gini"},
    "tree_ex5_1_c45": {**LOAN, "tree.criterion": "gain_ratio"},
    "tree_prune_5_4": {
        **LOAN,
        "tree.criterion": "entropy",
        "tree.prune": "c_alpha_literal",
        "tree.alpha": 8.0,
    },
    "tree_prune_5_7": {**LOAN, "tree.criterion": "gini", "tree.prune": "ccp", "tree.alpha": 4.0},
    "tree_missing": {**LOAN, "tree.criterion": "entropy", "tree.missing": 20},
    "tree_table5_2": {
        "tree.view": "regress",
        "tree.data": "table_5_2",
        "tree.depth": 2,
        "tree.msl": 1,
        "tree.alpha": 0.0,
        "tree.node": 0,
    },
    "tree_table5_2_prune": {
        "tree.view": "regress",
        "tree.data": "table_5_2",
        "tree.depth": 12,
        "tree.msl": 1,
        "tree.prune": "ccp",
        "tree.alpha": 0.4,
        "tree.node": 0,
    },
    "tree_fig5_2": {
        "tree.view": "classify",
        "tree.data": "blobs",
        "tree.n": 200,
        "tree.noise": 1.0,
        "tree.criterion": "gini",
        "tree.depth": 3,
        "tree.msl": 1,
        "tree.alpha": 0.0,
        "tree.node": 0,
    },
}


class Grown:
    """A fitted tree, its pruned copy and the selected node (a plain class: a dataclass would compile
    its methods again on every rerun)."""

    def __init__(
        self,
        est,
        args: tuple,
        task: str,
        criterion: str,
        method: str,
        alpha: float,
        pruned,
        options: list,
        node: int,
    ):
        self.est, self.args, self.task, self.criterion = est, args, task, criterion
        self.method, self.alpha, self.pruned, self.options, self.node = method, alpha, pruned, options, node
        self.tree: Tree = pruned.tree_


# ---- names, numbers, text -------------------------------------------------------------------------------


def raw_name(text) -> str:
    """A feature, level or class name: the catalogue's translation if there is one, else the text."""
    key = "tree.names." + re.sub(r"[^a-z0-9]+", "_", str(text).lower()).strip("_")
    return t(key) if key in catalogue(current_language()) else str(text)


def name(text) -> str:
    return plain(raw_name(text))


def level_name(data, f: int, code: float, raw: bool = False) -> str:
    cats = data.categories[f] if data.categories is not None else None
    ok = cats is not None and float(code).is_integer() and 0 <= int(code) < len(cats)
    return (raw_name if raw else name)(cats[int(code)]) if ok else f"{code:g}"


def number(value: float) -> str:
    """ui.explain.number without a minus sign on zero."""
    return _number(float(value) + 0.0)


def counts_text(counts) -> str:
    return "[" + ", ".join(f"{c:g}" if float(c).is_integer() else f"{c:.2f}" for c in counts) + "]"


# ---- fast figures and code (workarounds for ui.figures / ui.explain; see the report) --------------------


def figure(traces: list, style, axes: Axes, height: int | None = None, **layout) -> go.Figure:
    """ui.figures.figure with the traces first (the stepper makes room for its own title)."""
    return shared_figure(style, axes, traces=traces, height=height, **layout)


# ---- fits and pruning -----------------------------------------------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def fit_tree(task: str, args: tuple):
    """A classification tree on (X, y, criterion, depth, msl, ε, categorical columns) or a regression
    tree on (X, y, depth, msl)."""
    if task == "regression":
        X, y, depth, msl = args
        return DecisionTreeRegressor(max_depth=depth, min_samples_leaf=msl).fit(X, y)
    X, y, criterion, depth, msl, eps, categorical = args
    return DecisionTreeClassifier(
        criterion=criterion,
        max_depth=depth,
        min_samples_leaf=msl,
        epsilon=eps,
        categorical_features=list(categorical) or None,
    ).fit(X, y)


def fit_or_warn(task: str, args: tuple):
    try:
        return fit_tree(task, args)
    except ValueError as err:
        st.warning(t("tree.cannot_fit", detail=str(err)))


def error_of(est, X, y, task) -> float | None:
    if X is None or y is None or len(y) == 0:
        return None
    pred = est.predict(X)
    return float(np.mean((pred - y) ** 2)) if task == "regression" else float(np.mean(pred != y))


@st.cache_data(max_entries=64, show_spinner=False)
def path_summary(fit_args: tuple, task: str, X, y, Xt, yt, literal_alphas: tuple):
    """The weakest-link path T_0 ⊃ T_1 ⊃ … (count scale) with the training/test error of every T_k, and
    the leaves the printed Algorithm 5.4 keeps at each of ``literal_alphas``."""
    est = fit_tree(task, fit_args)
    path = est.pruning_path(normalize=False)
    subs = [est.prune(float(a), "ccp", normalize=False) for a in path.ccp_alphas]
    train = np.array([error_of(s, X, y, task) for s in subs], float)
    test = None if Xt is None else np.array([error_of(s, Xt, yt, task) for s in subs], float)
    literal = [est.prune(a, "c_alpha_literal", normalize=False).get_n_leaves() for a in literal_alphas]
    return path, train, test, np.array(literal) if literal_alphas else None


def alpha_options(path) -> list[float]:
    """0 and a 1–1.5–2–3–4–5–6–8 grid spanning the path's breakpoints (the book's count scale)."""
    positive = path.ccp_alphas[path.ccp_alphas > 0]
    if not len(positive):
        return [0.0]
    hi = int(np.ceil(np.log10(positive.max() * 1.01))) + 1
    lo = max(int(np.floor(np.log10(positive.min()))), hi - 7)
    return [0.0] + [float(f"{m}e{e}") for e in range(lo, hi) for m in ALPHA_STEPS]


def cost_alpha(tree: Tree, alpha: float) -> float:
    return tree.cost_complexity(alpha, normalize=False)


# ---- controls shared by the views -----------------------------------------------------------------------


def depth_control(default: int) -> int:
    return slider(t("tree.depth"), 0, MAX_DEPTH, default, "tree.depth", help=t("tree.depth_help"))


def msl_control() -> int:
    return slider(t("tree.msl"), 1, 20, 1, "tree.msl", help=t("tree.msl_help"))


def criterion_control(default: str) -> str:
    return choice(
        t("tree.criterion"), CRITERIA, "tree.criterion", catalogue_labels("tree.criteria"), default=default
    )


def grow(task: str, args: tuple, criterion: str, default_method: str, train) -> Grown | None:
    """Fit (cached), then the pruning controls (method, α) and the node selector."""
    est = fit_or_warn(task, args)
    if est is None:
        return None
    method = choice(
        t("tree.prune"), PRUNING, "tree.prune", catalogue_labels("tree.prunes"), default=default_method
    )
    options = alpha_options(est.pruning_path(normalize=False))
    alpha = (
        st.select_slider(
            t("tree.alpha"),
            options,
            0.0,
            format_func=lambda v: f"{v:g}",
            help=t("tree.alpha_help"),
            **bound("tree.alpha"),
        )
        if len(options) > 1
        else 0.0
    )
    pruned = est.prune(alpha, method, normalize=False)
    tree = pruned.tree_
    node = (
        slider(t("tree.node"), 0, tree.n_nodes - 1, 0, "tree.node", help=t("tree.node_help"))
        if tree.n_nodes > 1
        else 0
    )
    st.caption(describe_node(tree, node, train, task, criterion))
    return Grown(est, args, task, criterion, method, alpha, pruned, options, node)


def pick_node(chart_key: str) -> None:
    """Clicking a node of the tree diagram selects it."""
    points = st.session_state[chart_key].selection.points
    ids = [p["customdata"] for p in points if p.get("customdata") is not None]
    current = st.session_state.get("tree.node", 0)
    st.session_state["tree.node"] = int(np.atleast_1d(ids[0])[0]) if ids else current


def literal_note(g: Grown) -> None:
    """Algorithm 5.4 as printed can stop above the optimum: say so when it does (seed 002 §2.6)."""
    best = g.est.prune(g.alpha, "c_alpha", normalize=False) if g.method == "c_alpha_literal" else g.pruned
    if best.get_n_leaves() != g.pruned.get_n_leaves():
        st.info(
            t(
                "tree.literal_misses",
                literal=g.pruned.get_n_leaves(),
                best=best.get_n_leaves(),
                c_lit=fmt(cost_alpha(g.tree, g.alpha)),
                c_best=fmt(cost_alpha(best.tree_, g.alpha)),
            ),
            icon=":material/warning:",
        )


# ---- node text ------------------------------------------------------------------------------------------


def split_label(tree: Tree, i: int, data) -> str:
    f, kind = int(tree.feature[i]), int(tree.kind[i])
    fname = name(data.feature_names[f])
    return (
        f"{fname} ≤ {tree.threshold[i]:.3g}"
        if kind == 1
        else f"{fname} = {level_name(data, f, tree.category[i])}"
        if kind == 2
        else f"{fname}?"
    )


def node_lines(tree: Tree, i: int, data, task: str, criterion: str) -> list[str]:
    """Split (or prediction), impurity and counts of node i."""
    imp = t("tree.imp." + ("mse" if task == "regression" else "gini" if criterion == "gini" else "entropy"))
    value = tree.impurity[i] + 0.0
    regression = task == "regression"
    leaf = bool(tree.is_leaf[i])
    head = (
        (f"ŷ = {tree.value[i, 0]:.4g}" if regression else "→ " + name(tree.labels[i]))
        if leaf
        else split_label(tree, i, data)
    )
    count = (
        (f"n = {tree.n_samples[i]}" + ("" if leaf else f", ȳ = {tree.value[i, 0]:.3g}"))
        if regression
        else counts_text(tree.stats[i])
    )
    return [head, f"{imp} = {value:.3f}" if abs(value) < 100 else f"{imp} = {value:.4g}", count]


def describe_node(tree: Tree, i: int, data, task: str, criterion: str) -> str:
    kind = t("tree.leaf") if tree.is_leaf[i] else t("tree.internal")
    text = markdown_literal(" · ".join(node_lines(tree, i, data, task, criterion)))
    return t("tree.node_caption", node=i, kind=kind, depth=int(tree.depth[i]), text=text)


def count_order(classes) -> str:
    return t("tree.count_order", classes=markdown_literal(", ".join(raw_name(c) for c in classes)))


def edge_labels(tree: Tree, i: int, data) -> list[str]:
    multiway = int(tree.kind[i]) == 3
    return (
        [level_name(data, int(tree.feature[i]), c) for c in tree.categories[i]]
        if multiway
        else [t("tree.yes"), t("tree.no")]
    )


def condition(tree: Tree, parent: int, branch: int, data) -> str:
    """The test on the way from ``parent`` into child ``branch``: x ≤ s / x > s, A = a / A ≠ a, A = v."""
    f, kind = int(tree.feature[parent]), int(tree.kind[parent])
    fname = raw_name(data.feature_names[f])
    threshold = f"{fname} {'≤' if branch == 0 else '>'} {tree.threshold[parent]:.3g}"
    equals = f"{fname} {'=' if branch == 0 else '≠'} {level_name(data, f, tree.category[parent], raw=True)}"
    value = tree.categories[parent][branch] if kind == 3 else 0
    multiway = f"{fname} = {level_name(data, f, value, raw=True)}"
    return threshold if kind == 1 else equals if kind == 2 else multiway


def rule_lines(tree: Tree, data) -> list[str]:
    """The if-then rules of §5.1.2, one per leaf."""
    classify = tree.task == "classification"
    what = [raw_name(c) if classify else f"{c:.4g}" for c in tree.labels]
    paths = {int(leaf): tree.ancestors(leaf) for leaf in np.flatnonzero(tree.is_leaf)}
    conds = {
        leaf: f" {t('tree.and')} ".join(
            condition(tree, int(p), int(tree.branch[c]), data)
            for p, c in zip(path[:-1], path[1:], strict=True)
        )
        for leaf, path in paths.items()
    }
    return [t("tree.rule", what=what[leaf], conds=conds[leaf] or t("tree.always")) for leaf in paths]


# ---- the tree diagram -----------------------------------------------------------------------------------


def diagram_positions(tree: Tree) -> tuple[np.ndarray, np.ndarray]:
    """Leaves one unit apart in depth-first order, a parent centred over its children."""
    x = np.zeros(tree.n_nodes)
    order, stack = [], [0]
    while stack:  # pre-order; children pushed right to left
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(tree.children(node)))
    leaves = [i for i in order if tree.is_leaf[i]]
    x[leaves] = np.arange(len(leaves))
    for i in sorted(np.flatnonzero(~tree.is_leaf), key=lambda j: -tree.depth[j]):
        x[i] = (x[tree.first_child[i]] + x[tree.first_child[i] + tree.n_children[i] - 1]) / 2
    return x, -tree.depth.astype(float)


def class_index(tree: Tree) -> np.ndarray:
    classify = tree.task == "classification"
    return np.argmax(tree.value, axis=1) if classify else np.zeros(tree.n_nodes, dtype=int)


def boxes(x0, x1, y0, y1, ids):
    """One None-separated path of the rectangles [x0, x1] × [y0, y1] of the nodes ``ids``."""
    xs = [v for i in ids for v in (x0[i], x1[i], x1[i], x0[i], x0[i], None)]
    ys = [v for i in ids for v in (y0[i], y0[i], y1[i], y1[i], y0[i], None)]
    return xs, ys


def box_trace(xy, fill: str, line: str, width: float, **extra) -> dict:
    return dict(
        type="scatter",
        mode="lines",
        x=xy[0],
        y=xy[1],
        fill="toself" if fill else "none",
        fillcolor=fill or None,
        hoverinfo="skip",
        line=dict(color=line, width=width),
        **extra,
    )


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
    traces = [
        dict(
            type="scatter",
            mode="lines",
            hoverinfo="skip",
            line=dict(color="#888", width=1.2),
            x=[v for p, j in zip(up, kids, strict=True) for v in (x[p], x[j], None)],
            y=[v for p, j in zip(up, kids, strict=True) for v in (y[p] - h, y[j] + h, None)],
        )
    ]
    traces += [
        box_trace(
            boxes(x - w, x + w, y - h, y + h, np.flatnonzero(codes == c)),
            "#E8F5F0" if regression else REGION_COLORS[c % len(REGION_COLORS)],
            FIT_COLOR if regression else CLASS_COLORS[c % len(CLASS_COLORS)],
            1.5,
        )
        for c in range(int(codes.max()) + 1)
    ]
    traces.append(
        box_trace(
            boxes(x - w - 0.05, x + w + 0.05, y - h - 0.06, y + h + 0.06, [selected]),
            "",
            HIGHLIGHT_COLOR,
            style.line_width + 1,
        )
    )
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
    axes = Axes((-0.6, max(n_leaves, 1) - 0.4), (-depth - 0.55, 0.55))
    return figure(
        traces,
        style,
        axes,
        height or max(260, min(560, 150 + 110 * depth)),
        xaxis=dict(visible=False),
        yaxis=dict(visible=False),
        showlegend=False,
        margin=dict(l=4, r=4, t=8, b=4),
        dragmode=False,
        clickmode="event+select",
    )


def diagram_panel(ctx, g: Grown, data, height: int | None = None, width_px: int = 460) -> None:
    chart(
        diagram_figure(g.tree, data, g.task, g.criterion, ctx.style, g.node, height, width_px),
        key="tree.diagram",
        on_select=partial(pick_node, "tree.diagram"),
        selection_mode="points",
    )
    classes = "" if g.task == "regression" else " " + count_order(g.est.classes_)
    st.caption(t("tree.click_node") + classes)


# ---- growth, split by split -----------------------------------------------------------------------------


def grown_after(tree: Tree, k: int):
    """The splits done and the leaves of the tree after its first k (breadth-first) splits."""
    done = np.flatnonzero(~tree.is_leaf)[:k]
    exists = (tree.parent < 0) | np.isin(tree.parent, done)
    return done, np.flatnonzero(exists & ~np.isin(np.arange(tree.n_nodes), done))


def growth_label(tree: Tree, k: int) -> str:
    return t("tree.growth_label", k=k, leaves=len(grown_after(tree, k)[1]))


def growth_details(tree: Tree, data, task: str, k: int) -> str:
    i = int(grown_after(tree, k)[0][-1]) if k else 0
    kids = tree.children(i)
    parts = ", ".join(
        f"n = {tree.n_samples[c]}, ĉ = {tree.value[c, 0]:.4g}"
        if task == "regression"
        else counts_text(tree.stats[c])
        for c in kids
    )
    return (
        t(
            "tree.growth_details",
            k=k,
            node=i,
            split=markdown_literal(split_label(tree, i, data)),
            score=fmt(tree.score[i]),
            n=tree.n_samples[i],
            children=markdown_literal(parts),
        )
        if k
        else t("tree.growth_root", n=tree.n_samples[0])
    )


def clipped_bounds(tree: Tree, axes: Axes):
    lo, hi = tree.node_bounds()
    low = np.array([axes.x_range[0], axes.y_range[0]][: lo.shape[1]])
    high = np.array([axes.x_range[1], axes.y_range[1]][: lo.shape[1]])
    return np.maximum(lo, low), np.minimum(hi, high)


def split_segments(tree: Tree, nodes, lo, hi):
    """The line of each split inside its node's box (2-D threshold trees), None-separated."""
    vertical = [tree.feature[i] == 0 for i in nodes]
    xs = [
        v
        for i, vert in zip(nodes, vertical, strict=True)
        for v in ((tree.threshold[i], tree.threshold[i], None) if vert else (lo[i, 0], hi[i, 0], None))
    ]
    ys = [
        v
        for i, vert in zip(nodes, vertical, strict=True)
        for v in ((lo[i, 1], hi[i, 1], None) if vert else (tree.threshold[i], tree.threshold[i], None))
    ]
    return xs, ys


def growth_view_2d(tree: Tree, train, axes: Axes, style, classes) -> StepView:
    """The partition after k splits, the newest split highlighted (Li Hang Fig 5.2)."""
    lo, hi = clipped_bounds(tree, axes)
    codes = np.searchsorted(classes, tree.labels)
    points = [
        {**trace, "zorder": 2}
        for trace in class_traces(train.X, train.y, classes, style, names=[raw_name(c) for c in classes])
    ]

    def frame(k):
        done, leaves = grown_after(tree, k)
        cells = [
            box_trace(
                boxes(lo[:, 0], hi[:, 0], lo[:, 1], hi[:, 1], leaves[codes[leaves] == c]),
                REGION_COLORS[c % len(REGION_COLORS)],
                "#999",
                0.8,
                showlegend=False,
                zorder=0,
            )
            for c in range(len(classes))
        ]
        old, new = split_segments(tree, done[:-1], lo, hi), split_segments(tree, done[-1:], lo, hi)
        return cells + [
            dict(
                type="scatter",
                mode="lines",
                x=old[0],
                y=old[1],
                showlegend=False,
                hoverinfo="skip",
                zorder=1,
                line=dict(color="#444", width=1.2),
            ),
            dict(
                type="scatter",
                mode="lines",
                x=new[0],
                y=new[1],
                name=t("tree.new_split"),
                hoverinfo="skip",
                zorder=1,
                line=dict(color=HIGHLIGHT_COLOR, width=style.line_width + 1),
            ),
        ]

    return StepView(
        figure(points, style, axes),
        frame,
        partial(growth_label, tree),
        partial(growth_details, tree, train, "classification"),
    )


def step_curve(tree: Tree, leaves, axes: Axes):
    lo, hi = clipped_bounds(tree, axes)
    order = leaves[np.argsort(lo[leaves, 0])]
    return (np.column_stack([lo[order, 0], hi[order, 0]]).ravel(), np.repeat(tree.value[order, 0], 2))


def growth_view_1d(tree: Tree, X, y, train, axes: Axes, style) -> StepView:
    def frame(k):
        done, leaves = grown_after(tree, k)
        xs, ys = step_curve(tree, leaves, axes)
        s = [tree.threshold[done[-1]]] * 2 if k else []
        return [
            dict(
                type="scatter",
                mode="lines",
                x=xs,
                y=ys,
                name=t("tree.fit_curve"),
                line=dict(color=FIT_COLOR, width=style.line_width),
            ),
            dict(
                type="scatter",
                mode="lines",
                x=s,
                y=list(axes.y_range) if k else [],
                name=t("tree.new_split"),
                line=dict(color=HIGHLIGHT_COLOR, width=style.line_width, dash="dash"),
            ),
        ]

    points = points_trace(X[:, 0], y, t("tree.train_points"), style, color=CLASS_COLORS[0])
    return StepView(
        figure([points], style, axes),
        frame,
        partial(growth_label, tree),
        partial(growth_details, tree, train, "regression"),
    )


def score_steps(tree: Tree, data, criterion: str, style) -> StepView:
    """ID3 / C4.5 / CART step by step: the candidate scores at the node split in step k."""
    internal = np.flatnonzero(~tree.is_leaf)
    d = tree.n_features
    scores = np.zeros((len(internal) + 1, d))
    for k, i in enumerate(internal):
        cands = tree.candidates(int(i))
        np.maximum.at(scores[k + 1], np.array([c.feature for c in cands], int), [c.score for c in cands])
    top = max(float(scores.max()), 1e-9) * 1.15
    ticks = [f"A{f + 1} {name(data.feature_names[f])}" for f in range(d)]
    static = figure(
        [],
        style,
        Axes((-0.5, d - 0.5), (0, top), "", t(f"tree.score.{criterion}")),
        int(style.figure_height * 0.72),
        xaxis=dict(tickvals=np.arange(d), ticktext=ticks),
    )

    def frame(k):
        chosen = [int(tree.feature[internal[k - 1]])] if k else []
        return [
            dict(
                type="bar",
                x=np.arange(d),
                y=scores[k],
                marker=dict(color=CLASS_COLORS[0]),
                showlegend=False,
                hovertemplate="%{y:.4f}<extra></extra>",
            ),
            dict(
                type="scatter",
                mode="markers",
                x=chosen,
                y=[scores[k, c] + top * 0.04 for c in chosen],
                name=t("tree.chosen"),
                marker=dict(symbol="star", size=style.marker_size * 2, color=HIGHLIGHT_COLOR),
            ),
        ]

    return StepView(
        static, frame, partial(growth_label, tree), partial(growth_details, tree, data, "classification")
    )


# ---- split inspector and pruning path -------------------------------------------------------------------


def node_rows(tree: Tree, i: int, X) -> np.ndarray:
    """Boolean mask of the training rows that reach node i (numeric threshold trees)."""
    lo, hi = tree.node_bounds()
    return np.all((X > lo[i]) & (X <= hi[i]), axis=1)


def inspector_axis(f: int, X, y, mask, criterion: str, names, style):
    """Traces and axis layout of the criterion against the threshold s of feature f (None if no split)."""
    xs = X[mask, f]
    regression = criterion == "squared_error"
    curve = split_curve(xs, y[mask], criterion) if len(np.unique(xs)) > 1 else None
    values = (
        None
        if curve is None
        else (
            curve.children_impurity * mask.sum()
            if regression
            else curve.children_impurity
            if criterion == "gini"
            else curve.score
        )
    )
    if values is None or not np.isfinite(values).any():
        return None
    ok = np.isfinite(values)
    best = int(np.argmin(values[ok]) if regression or criterion == "gini" else np.argmax(values[ok]))
    axis, color, d = ("" if f == 0 else str(f + 1)), CLASS_COLORS[f % len(CLASS_COLORS)], X.shape[1]
    gap = 0.07 if d > 1 else 0.0
    traces = [
        dict(
            type="scatter",
            mode="lines+markers",
            x=curve.thresholds[ok],
            y=values[ok],
            xaxis=f"x{axis}",
            name=plain(names[f]),
            marker=dict(size=max(style.marker_size - 3, 4), color=color),
            line=dict(color=color, width=style.line_width * 0.7),
        ),
        {
            **points_trace(
                [curve.thresholds[ok][best]],
                [values[ok][best]],
                t("tree.best_split"),
                style,
                color=HIGHLIGHT_COLOR,
                symbol="star",
                size_scale=1.8,
            ),
            "xaxis": f"x{axis}",
            "showlegend": f == 0,
        },
    ]
    layout = dict(
        domain=[f / d + (gap if f else 0), (f + 1) / d - (gap if f < d - 1 else 0)],
        anchor="y",
        range=list(padded_range(X[:, f], 0.03)),
        title=dict(text=f"{plain(names[f])}: s"),
        gridcolor="#e6e6e6",
        showline=True,
        linecolor="#888",
        automargin=True,
        zeroline=False,
    )
    return traces, {f"xaxis{axis}": layout}


def inspector(g: Grown, X, y, names, style) -> None:
    """The criterion at every threshold s of each feature, over the selected node's samples."""
    criterion = "squared_error" if g.task == "regression" else g.criterion
    mask = node_rows(g.tree, g.node, X)
    axes = (inspector_axis(f, X, y, mask, criterion, names, style) for f in range(X.shape[1]))
    parts = [p for p in axes if p]
    layout = {k: v for _, axis in parts for k, v in axis.items()}
    ylabel = t("tree.m_s") if criterion == "squared_error" else t(f"tree.curve.{criterion}")
    fig = go.Figure(
        data=[tr for traces, _ in parts for tr in traces],
        _validate=False,
        layout=dict(
            height=style.figure_height,
            font=dict(size=style.font_size),
            plot_bgcolor="white",
            hovermode="closest",
            margin=dict(l=10, r=10, t=34, b=10),
            legend=dict(orientation="h", yanchor="bottom", y=1.0, x=0.0),
            yaxis=dict(
                title=dict(text=ylabel),
                automargin=True,
                gridcolor="#e6e6e6",
                showline=True,
                linecolor="#888",
                zeroline=False,
            ),
            **layout,
        ),
    )
    hint = "regression" if g.task == "regression" else "min" if g.criterion == "gini" else "max"
    if parts:
        chart(fig, key="tree.inspector")
    else:
        st.info(t("tree.no_candidates"))
    st.caption(t(f"tree.inspector_help_{hint}"))


def path_figure(path, train, test, alpha, literal, options, task, style) -> go.Figure:
    """Number of leaves and training/test error of T_α against α (log axis; α = 0 at the left edge)."""
    positive = path.ccp_alphas[path.ccp_alphas > 0]
    lo, hi = positive.min() / 3, positive.max() * 3
    xs = np.append(np.maximum(path.ccp_alphas, lo), hi)
    axes = Axes(
        (float(np.log10(lo)), float(np.log10(hi))),
        (0, float(path.n_leaves[0]) * 1.08 + 0.5),
        t("tree.alpha_axis"),
        t("tree.leaves"),
    )
    leaves = np.append(path.n_leaves, path.n_leaves[-1]).astype(float)
    traces = [
        dict(
            type="scatter",
            mode="lines",
            x=xs,
            y=leaves,
            line_shape="hv",
            name=t("tree.leaves_path"),
            line=dict(color=BLACK, width=style.line_width),
        )
    ]
    opts = np.minimum(np.maximum(np.asarray(options, float), lo), hi)
    traces += (
        [
            dict(
                type="scatter",
                mode="lines",
                x=opts,
                y=literal.astype(float),
                line_shape="hv",
                name=t("tree.leaves_literal"),
                line=dict(color=CLASS_COLORS[4], width=style.line_width, dash="dot"),
            )
        ]
        if literal is not None
        else []
    )
    errors = [(train, "tree.train", CLASS_COLORS[0], "solid"), (test, "tree.test", CLASS_COLORS[1], "dash")]
    traces += [
        dict(
            type="scatter",
            mode="lines",
            x=xs,
            y=np.append(v, v[-1]),
            yaxis="y2",
            line_shape="hv",
            name=t(label),
            line=dict(color=color, width=style.line_width, dash=dash),
        )
        for v, label, color, dash in errors
        if v is not None
    ]
    top = max(float(np.nanmax(np.concatenate([e[0] for e in errors if e[0] is not None]))), 1e-9) * 1.15
    marker = dict(
        type="line",
        xref="x",
        yref="paper",
        x0=max(alpha, lo),
        x1=max(alpha, lo),
        y0=0,
        y1=1,
        line=dict(color=HIGHLIGHT_COLOR, width=style.line_width, dash="dash"),
    )
    return figure(
        traces,
        style,
        axes,
        int(style.figure_height * 0.7),
        xaxis=dict(type="log"),
        shapes=[marker],
        yaxis2=dict(
            overlaying="y",
            side="right",
            range=[0, top],
            showgrid=False,
            zeroline=False,
            title=dict(text=t("tree.mse" if task == "regression" else "tree.error")),
            automargin=True,
            ticks="outside",
            dtick=float(f"{top / 4:.0e}"),
        ),
    )


def path_section(g: Grown, X, y, Xt, yt, style) -> None:
    literal_alphas = tuple(g.options) if g.method == "c_alpha_literal" else ()
    path, train, test, literal = path_summary(g.args, g.task, X, y, Xt, yt, literal_alphas)
    if (path.ccp_alphas > 0).sum() < 1:
        return
    st.markdown(f"**{t('tree.path_title')}**")
    chart(path_figure(path, train, test, g.alpha, literal, g.options, g.task, style), key="tree.path")
    steps = ", ".join(f"{a:.4g} → {n}" for a, n in zip(path.ccp_alphas[1:], path.n_leaves[1:], strict=True))
    st.caption(t("tree.path_caption", steps=steps))


# ---- formulas ---------------------------------------------------------------------------------------------


def impurity_tex(counts, criterion: str, symbol: str = "D") -> tuple[str, float]:
    """Gini(D) = 1 − Σ(|C_k|/|D|)² or H(D) = −Σ |C_k|/|D| log₂ |C_k|/|D| with the counts substituted."""
    counts = np.asarray(counts, float)
    N, terms = counts.sum(), [c for c in counts if c > 0][:4]
    more = r" \dots" if np.count_nonzero(counts) > 4 else ""
    p = counts[counts > 0] / N
    if criterion == "gini":
        body = " + ".join(rf"(\tfrac{{{c:g}}}{{{N:g}}})^2" for c in terms)
        value = 1 - float((p**2).sum())
        return rf"\mathrm{{Gini}}({symbol}) = 1 - \big[{body}{more}\big] = {number(value)}", value
    body = " ".join(rf"- \tfrac{{{c:g}}}{{{N:g}}}\log_2\tfrac{{{c:g}}}{{{N:g}}}" for c in terms)
    value = float(-(p * np.log2(p)).sum())
    return rf"H({symbol}) = {body}{more} = {number(value)}", value


def tree_costs(tree: Tree):
    """C(t) = N_t·I(t) of every node as a leaf, and C(T_t), |T_t| of the subtree below it."""
    c = tree.node_costs(normalize=False)
    R, L = np.where(tree.is_leaf, c, 0.0), tree.is_leaf.astype(float)
    for i in range(tree.n_nodes - 1, 0, -1):  # children have larger ids than their parents
        R[tree.parent[i]] += R[i]
        L[tree.parent[i]] += L[i]
    return c, R, L


def pruning_formulas(tree: Tree, alpha: float) -> list[Formula]:
    c, R, L = tree_costs(tree)
    out = [
        Formula(
            rf"C_\alpha(T) = \sum_{{t=1}}^{{|T|}} N_t I_t(T) + \alpha|T| = {number(R[0])} + "
            rf"{number(alpha)}\times{int(L[0])} = {number(R[0] + alpha * L[0])}",
            "Li Hang §5.4 (5.11)–(5.14); §5.5.2 (5.26)",
        )
    ]
    inner = np.flatnonzero(~tree.is_leaf)
    g = (c[inner] - R[inner]) / (L[inner] - 1)
    i = int(inner[np.argmin(g)]) if len(inner) else 0
    out += (
        [
            Formula(
                rf"g(t) = \frac{{C(t) - C(T_t)}}{{|T_t| - 1}} = \frac{{{number(c[i])} - {number(R[i])}}}"
                rf"{{{int(L[i])} - 1}} = {number(g.min())}\ \ (\text{{{t('tree.weakest', node=i)}}})",
                t("tree.weakest_source"),
            )
        ]
        if len(inner)
        else []
    )
    return out


def classification_formulas(tree: Tree, node: int, criterion: str) -> list[Formula]:
    """Impurity of the selected node and the criterion of its split (Li Hang (5.7)–(5.10), (5.24)–(5.25))."""
    counts = tree.stats[node]
    gini = criterion == "gini"
    tex, value = impurity_tex(counts, "gini" if gini else "entropy")
    out = [Formula(tex, "Li Hang (5.24)" if gini else "Li Hang (5.7)")]
    kids = tree.children(node)
    N = counts.sum()
    share = np.array([tree.stats[c].sum() / N for c in kids])
    parts = " + ".join(
        rf"\tfrac{{{tree.stats[c].sum():g}}}{{{N:g}}}\times{number(tree.impurity[c])}" for c in kids
    )
    child = float(share @ tree.impurity[list(kids)]) if kids else 0.0
    gain = value - child
    split_info = float(-(share * np.log2(share)).sum()) if kids else 0.0
    ratios = {
        "gain_ratio": (r"H_A(D)", split_info, t("tree.gain_ratio_source")),
        "gain_ratio_book": (r"H(D)", value, t("tree.gain_ratio_book_source")),
    }
    den = ratios.get(criterion)
    out += (
        [Formula(rf"\mathrm{{Gini}}(D, A) = {parts} = {number(child)}", "Li Hang (5.25)")]
        if kids and gini
        else []
    )
    out += (
        [
            Formula(
                rf"H(D|A) = {parts} = {number(child)},\quad g(D,A) = {number(value)} - {number(child)} = "
                rf"{number(gain)}",
                "Li Hang (5.8)–(5.9)",
            )
        ]
        if kids and not gini
        else []
    )
    out += (
        [
            Formula(
                rf"g_R(D,A) = \frac{{g(D,A)}}{{{den[0]}}} = "
                rf"\frac{{{number(gain)}}}{{{number(den[1])}}} = "
                rf"{number(gain / den[1] if den[1] else 0.0)}",
                den[2],
            )
        ]
        if kids and den
        else []
    )
    return out


def gini_of(counts) -> float:
    counts = np.asarray(counts, float)
    total = counts.sum()
    return 1 - float(((counts / total) ** 2).sum()) if total > 0 else 0.0


def table_formulas(table, chosen: int, criterion: str) -> list[Formula]:
    """Algorithm 5.1 (H(D), H(D|A), g) and both gain ratios, or Example 5.4's Gini(D, A = a), for the
    feature the node splits on (else the best one)."""
    if not table.features:
        return []
    f = chosen if chosen >= 0 else int(np.argmax([fs.gain for fs in table.features]))
    fs = table.features[f]
    sizes = fs.branch_counts.sum(1)
    W, A = sizes.sum(), f"A_{{{f + 1}}}"
    rest = fs.branch_counts.sum(0) - fs.branch_counts
    gini = [Formula(impurity_tex(table.counts, "gini")[0], "Li Hang (5.24)")] + [
        Formula(
            rf"\mathrm{{Gini}}(D, {A} = a_{{{j + 1}}}) = \tfrac{{{sizes[j]:g}}}{{{W:g}}}\times"
            rf"{number(gini_of(fs.branch_counts[j]))} + \tfrac{{{W - sizes[j]:g}}}{{{W:g}}}\times"
            rf"{number(gini_of(rest[j]))} = {number(fs.gini_binary[j])}",
            "Li Hang (5.25), Example 5.4",
        )
        for j in range(len(sizes) if len(sizes) > 2 else 1)
    ]
    missing = fs.rho < 1
    parts = " + ".join(
        rf"\tfrac{{{n:g}}}{{{W:g}}}\times{number(h)}" for n, h in zip(sizes, fs.branch_entropy, strict=True)
    )
    h_known = fs.gain / fs.rho + fs.conditional_entropy if fs.rho > 0 else 0.0
    rho = rf"{number(fs.rho)}\times" if missing else ""
    entropy = [
        Formula(
            impurity_tex(fs.branch_counts.sum(0), "entropy", r"\tilde D" if missing else "D")[0],
            "Li Hang (5.7), Algorithm 5.1 (1)",
        ),
        Formula(
            rf"H(D|{A}) = \sum_i \tfrac{{|D_i|}}{{|D|}}H(D_i) = {parts} = "
            rf"{number(fs.conditional_entropy)}",
            "Li Hang (5.8), Algorithm 5.1 (2)",
        ),
        Formula(
            rf"g(D,{A}) = {rho}\big[{number(h_known)} - {number(fs.conditional_entropy)}\big] = "
            rf"{number(fs.gain)}",
            "Li Hang (5.9)" + ("; seed 003 §4.5 (7)" if missing else ""),
        ),
        Formula(
            rf"\frac{{g(D,{A})}}{{H_A(D)}} = \frac{{{number(fs.gain)}}}{{{number(fs.split_info)}}} = "
            rf"{number(fs.gain_ratio)},\qquad \frac{{g(D,{A})}}{{H(D)}} = \frac{{{number(fs.gain)}}}"
            rf"{{{number(table.entropy)}}} = {number(fs.gain_ratio_book)}",
            t("tree.gain_ratio_both_source"),
        ),
    ]
    return gini if criterion == "gini" else entropy


def regression_formulas(tree: Tree, node: int, X, y) -> list[Formula]:
    yn = y[node_rows(tree, node, X)]
    xn = X[node_rows(tree, node, X), 0]
    out = [
        Formula(
            rf"\hat c = \mathrm{{ave}}(y_i \mid x_i \in R) = \tfrac{{1}}{{{len(yn)}}}\sum y_i = "
            rf"{number(yn.mean())}",
            "Li Hang (5.17)",
        )
    ]
    s = tree.threshold[node]
    left, right = yn[xn <= s], yn[xn > s]
    both = len(left) and len(right)
    sse = [float(((v - v.mean()) ** 2).sum()) for v in (left, right)] if both else [0.0, 0.0]
    return out + (
        []
        if tree.is_leaf[node]
        else [
            Formula(
                rf"m(s) = \min_{{c_1}}\!\sum_{{x_i\le s}}(y_i - c_1)^2 + "
                rf"\min_{{c_2}}\!\sum_{{x_i> s}}(y_i - c_2)^2 = {number(sse[0])} + {number(sse[1])} = "
                rf"{number(sum(sse))},\ s = {number(s)}",
                "Li Hang (5.19), (5.21), Algorithm 5.5 step (1)",
            ),
            Formula(
                rf"\hat c_1 = \mathrm{{ave}}(y_i \mid x_i \le s) = {number(left.mean())},\quad "
                rf"\hat c_2 = \mathrm{{ave}}(y_i \mid x_i > s) = {number(right.mean())}",
                "Li Hang (5.20), Algorithm 5.5 step (2)",
            ),
        ]
    )


# ---- view: 2-D classification -----------------------------------------------------------------------------


def regions_figure(g: Grown, data, axes: Axes, style) -> go.Figure:
    tree, classes = g.tree, g.est.classes_
    gx, gy, G = grid_points(axes.x_range, axes.y_range, GRID)
    region = class_index(tree)[tree.apply(G)].reshape(len(gy), len(gx)).astype(np.uint8)
    lo, hi = clipped_bounds(tree, axes)
    sx, sy = split_segments(tree, np.flatnonzero(~tree.is_leaf), lo, hi)
    cell = boxes(lo[:, 0], hi[:, 0], lo[:, 1], hi[:, 1], [g.node])
    traces = [
        dict(
            type="scatter",
            mode="lines",
            x=sx,
            y=sy,
            name=t("tree.splits"),
            hoverinfo="skip",
            line=dict(color="#444", width=1.2),
        ),
        box_trace(
            cell,
            HALO if g.node else "",
            HIGHLIGHT_COLOR,
            style.line_width,
            name=t("tree.selected_node", node=g.node),
        ),
    ]
    names = [raw_name(c) for c in classes]
    return figure(
        decision_surface(gx, gy, region, style, n_classes=len(classes))
        + traces
        + class_traces(data.train.X, data.train.y, classes, style, names=names),
        style,
        axes,
    )


def classify_controls(train) -> Grown | None:
    depth = depth_control(3)
    criterion = criterion_control("gini")
    args = (train.X, train.y, criterion, depth, msl_control(), 0.0, ())
    return grow("classification", args, criterion, "ccp", train)


def classify_main(ctx, g: Grown) -> None:
    data, tree = ctx.data, g.tree
    X, y, test = data.train.X, data.train.y, data.test
    names = data.train.feature_names
    axes = Axes(padded_range(X[:, 0]), padded_range(X[:, 1]), plain(names[0]), plain(names[1]))
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        editable_chart(
            regions_figure(g, data, axes, ctx.style), P, data, axes.x_range, axes.y_range, key="tree.regions"
        )
    with right:
        diagram_panel(ctx, g, data.train, height=ctx.style.figure_height)
    test_error = error_of(g.pruned, test.X, test.y, "classification") if test is not None else None
    metrics_row(
        [
            (t("tree.train_error"), fmt(error_of(g.pruned, X, y, "classification"))),
            (t("tree.test_error"), fmt(test_error)),
            (t("tree.leaves"), str(tree.n_leaves)),
            (t("tree.depth_metric"), str(tree.max_depth)),
            (t("tree.cost"), fmt(cost_alpha(tree, g.alpha))),
        ]
    )
    literal_note(g)
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('tree.growth_title')}**")
        growth = growth_view_2d(tree, data.train, axes, ctx.style, g.est.classes_)
        stepper("tree.grow", tree.n_splits + 1, growth)
    with right:
        st.markdown(f"**{t('tree.inspector_title', node=g.node)}**")
        inspector(g, X, y, names, ctx.style)
    path_section(g, X, y, *((test.X, test.y) if test is not None else (None, None)), ctx.style)


def classify_view(ctx, controls, main) -> None:
    with controls:
        g = classify_controls(ctx.data.train)
    if g is None:
        return
    with main:
        classify_main(ctx, g)
    formula_panel(
        classification_formulas(g.tree, g.node, g.criterion) + pruning_formulas(g.tree, g.alpha),
        ctx.projector,
    )
    code_view(DecisionTreeClassifier, _ClassCriterion, Tree.prune, projector=ctx.projector)


# ---- view: the loan table (Examples 5.1–5.4) ------------------------------------------------------------

BOOK_ROOT = {  # Li Hang Examples 5.2 and 5.4, as printed (features A1..A4 of Table 5.1)
    "gain": [0.083, 0.324, 0.420, 0.363],
    "cond": [0.888, None, 0.551, 0.608],
    "gini": [[0.44, 0.48, 0.44], [0.32], [0.27], [0.36, 0.47, 0.32]],
}
BOOK_D2 = {"gain": [0.251, 0.918, None, 0.474], "cond": [0.667, None, None, None], "gini": [[], [], [], []]}
D2_ROWS = (0, 1, 2, 4, 5, 6, 12, 13, 14)  # Example 5.3: samples 1, 2, 3, 5, 6, 7, 13, 14, 15


def with_missing(X, percent: int):
    """Hide ``percent`` % of the entries at random (seed 003 §4.5's missing values)."""
    out = np.array(X, dtype=float)
    out[np.random.default_rng(0).random(out.shape) < percent / 100] = np.nan
    return out


def categorical_columns(data) -> tuple[int, ...]:
    """Columns with level names, or (own data) at most 6 distinct whole numbers."""
    cats = data.categories or (None,) * data.X.shape[1]
    few = [len(np.unique(c)) <= 6 and bool(np.all(c == np.round(c))) for c in data.X.T]
    return tuple(j for j in range(data.X.shape[1]) if cats[j] is not None or few[j])


def book_values(data, rows, weights, missing) -> dict | None:
    """The book's printed numbers for the root (Examples 5.2, 5.4) and D₂ (Example 5.3) of Table 5.1."""
    whole = not np.any((weights > 0) & (weights < 1))
    ids = tuple(np.flatnonzero(rows).tolist()) if whole else None
    known = {tuple(range(15)): BOOK_ROOT, D2_ROWS: BOOK_D2}
    return known.get(ids) if data.name == "table_5_1" and not missing else None


def check_mark(label: str, value, printed, tol) -> str:
    return f"{label} {printed:g} {'✓' if abs(value - printed) <= tol else '✗'}"


def book_marks(fs, book: dict) -> str:
    f = fs.feature
    marks = [check_mark("g", fs.gain, book["gain"][f], 1.5e-3)] if book["gain"][f] is not None else []
    marks += (
        [check_mark("H(D|A)", fs.conditional_entropy, book["cond"][f], 1.5e-3)]
        if book["cond"][f] is not None
        else []
    )
    marks += [check_mark("Gini", v, p, 6e-3) for v, p in zip(fs.gini_binary, book["gini"][f], strict=False)]
    return "; ".join(marks)


def criterion_row(fs, data, chosen: int, book: dict | None, missing: bool) -> dict:
    f = fs.feature
    levels = [level_name(data, f, v, raw=True) for v in fs.values]
    label = ("★ " if f == chosen else "") + f"A{f + 1} " + raw_name(data.feature_names[f])
    row = {
        t("tree.col.feature"): label,
        "H(D|A)": round(fs.conditional_entropy, 6) + 0.0,
        "g(D,A)": round(fs.gain, 6) + 0.0,
        "H_A(D)": round(fs.split_info, 6) + 0.0,
        "g/H_A(D)": round(fs.gain_ratio, 6) + 0.0,
        "g/H(D)": round(fs.gain_ratio_book, 6) + 0.0,
        "Gini(D,A=a)": " · ".join(f"{v}: {g:.3f}" for v, g in zip(levels, fs.gini_binary, strict=True)),
    }
    extra = ({"ρ": round(fs.rho, 4)} if missing else {}) | (
        {t("tree.col.book"): book_marks(fs, book)} if book else {}
    )
    branches = "; ".join(f"{v} {counts_text(c)}" for v, c in zip(levels, fs.branch_counts, strict=True))
    return row | extra | {t("tree.col.branches"): branches}


def table_controls(train):
    depth = depth_control(MAX_DEPTH)
    criterion = criterion_control("entropy")
    msl = msl_control()
    eps = st.select_slider(
        t("tree.eps"),
        EPSILONS,
        0.0,
        format_func=lambda v: f"{v:g}",
        help=t("tree.eps_help"),
        **bound("tree.eps"),
    )
    missing = st.select_slider(
        t("tree.missing"), MISSING, 0, format_func=str, help=t("tree.missing_help"), **bound("tree.missing")
    )
    X = with_missing(train.X, missing) if missing else train.X
    args = (X, train.y, criterion, depth, msl, float(eps), categorical_columns(train))
    return grow("classification", args, criterion, "c_alpha", train), missing


def table_main(ctx, g: Grown, missing: int):
    data, tree = ctx.data.train, g.tree
    X, y = g.args[0], g.args[1]
    if not g.args[-1]:
        st.caption(t("tree.table_numeric_hint"))
    diagram_panel(ctx, g, data, width_px=900)
    weights = g.pruned.node_weights(X)[:, g.node]
    rows = weights > 0
    table = criterion_table(X[rows], y[rows], weights[rows])
    metrics_row(
        [
            (t("tree.train_error"), fmt(error_of(g.pruned, X, y, "classification"))),
            (t("tree.leaves"), str(tree.n_leaves)),
            (t("tree.depth_metric"), str(tree.max_depth)),
            (t("tree.node_h"), fmt(table.entropy)),
            (t("tree.cost"), fmt(cost_alpha(tree, g.alpha))),
        ]
    )
    literal_note(g)
    st.markdown(f"**{t('tree.table_title', node=g.node, n=fmt(weights.sum(), 4))}**")
    chosen = -1 if tree.is_leaf[g.node] else int(tree.feature[g.node])
    book = book_values(data, rows, weights, missing)
    st.dataframe(
        pd.DataFrame([criterion_row(fs, data, chosen, book, missing > 0) for fs in table.features]),
        hide_index=True,
        width="stretch",
    )
    st.caption(t("tree.table_help", H=fmt(table.entropy, 4), gini=fmt(table.gini, 4)))
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        st.markdown(f"**{t('tree.id3_steps')}**")
        stepper("tree.grow", tree.n_splits + 1, score_steps(tree, data, g.criterion, ctx.style))
    with right:
        st.markdown(f"**{t('tree.rules')}**")
        st.code("\n".join(rule_lines(tree, data)), language=None, wrap_lines=True)
    path_section(g, X, y, None, None, ctx.style)
    return table, chosen


def table_view(ctx, controls, main) -> None:
    with controls:
        g, missing = table_controls(ctx.data.train)
    if g is None:
        return
    with main:
        table, chosen = table_main(ctx, g, missing)
    formula_panel(
        table_formulas(table, chosen, g.criterion) + pruning_formulas(g.tree, g.alpha), ctx.projector
    )
    code_view(criterion_table, DecisionTreeClassifier, Tree.prune, projector=ctx.projector)


# ---- view: the least-squares regression tree ------------------------------------------------------------


def fit_figure(tree: Tree, X, y, data, axes: Axes, style, node: int) -> go.Figure:
    lo, hi = clipped_bounds(tree, axes)
    grid = np.linspace(*axes.x_range, 300)
    truth = (
        [
            dict(
                type="scatter",
                mode="lines",
                x=grid,
                y=data.train.truth(grid),
                name=t("tree.truth"),
                line=dict(color=TRUTH_COLOR, dash="dash", width=style.line_width * 0.8),
            )
        ]
        if data.train.truth is not None
        else []
    )
    xs, ys = step_curve(tree, np.flatnonzero(tree.is_leaf), axes)
    bottom, top = np.full(tree.n_nodes, axes.y_range[0]), np.full(tree.n_nodes, axes.y_range[1])
    cell = boxes(lo[:, 0], hi[:, 0], bottom, top, [node])
    selected = box_trace(
        cell, HALO if node else "", HIGHLIGHT_COLOR, 1, name=t("tree.selected_node", node=node)
    )
    return figure(
        [
            selected,
            *truth,
            dict(
                type="scatter",
                mode="lines",
                x=xs,
                y=ys,
                name=t("tree.fit_curve"),
                line=dict(color=FIT_COLOR, width=style.line_width),
            ),
            points_trace(
                X[:, 0], y, t("tree.train_points"), style, color=CLASS_COLORS[0], customdata=np.arange(len(y))
            ),
        ],
        style,
        axes,
    )


def regress_main(ctx, g: Grown) -> None:
    data, tree = ctx.data, g.tree
    X, y, test = data.train.X[:, :1], data.train.y, data.test
    Xt, yt = (test.X[:, :1], test.y) if test is not None else (None, None)
    axes = Axes(
        padded_range(X[:, 0], 0.03),
        padded_range(y, 0.12),
        plain(data.train.feature_names[0]),
        plain(data.train.target_name),
    )
    if data.train.X.shape[1] > 1:
        st.caption(t("tree.first_feature", name=markdown_literal(data.train.feature_names[0])))
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        editable_chart(
            fit_figure(tree, X, y, data, axes, ctx.style, g.node),
            P,
            data,
            axes.x_range,
            axes.y_range,
            key="tree.fit",
        )
    with right:
        diagram_panel(ctx, g, data.train, height=ctx.style.figure_height)
    metrics_row(
        [
            (t("metric.train_mse"), fmt(error_of(g.pruned, X, y, "regression"))),
            (t("metric.test_mse"), fmt(error_of(g.pruned, Xt, yt, "regression"))),
            (t("tree.leaves"), str(tree.n_leaves)),
            (t("tree.depth_metric"), str(tree.max_depth)),
            (t("tree.cost"), fmt(cost_alpha(tree, g.alpha))),
        ]
    )
    literal_note(g)
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('tree.growth_title')}**")
        stepper("tree.grow", tree.n_splits + 1, growth_view_1d(tree, X, y, data.train, axes, ctx.style))
    with right:
        st.markdown(f"**{t('tree.inspector_title', node=g.node)}**")
        inspector(g, X, y, data.train.feature_names, ctx.style)
    path_section(g, X, y, Xt, yt, ctx.style)


def regress_view(ctx, controls, main) -> None:
    train = ctx.data.train
    with controls:
        args = (train.X[:, :1], train.y, depth_control(2), msl_control())
        g = grow("regression", args, "mse", "ccp", train)
    if g is None:
        return
    with main:
        regress_main(ctx, g)
    formulas = regression_formulas(g.tree, g.node, train.X[:, :1], train.y)
    formulas += pruning_formulas(g.tree, g.alpha)
    formula_panel(formulas, ctx.projector)
    code_view(DecisionTreeRegressor, _SquaredError, Tree.pruning_path, projector=ctx.projector)


# ---- the screen -------------------------------------------------------------------------------------------

ctx = page_frame(P, REQUESTS[chosen_before_drawn("tree.view", VIEWS)])
preset_picker(PRESETS, "tree.preset")
view = choice(t("tree.view"), VIEWS, "tree.view", catalogue_labels("tree.views"), horizontal=True)
controls, main = st.columns([1, 3], gap="medium")
{"classify": classify_view, "table": table_view, "regress": regress_view}[view](ctx, controls, main)
