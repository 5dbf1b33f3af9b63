"""A classification tree on 2-D data: the regions of the pruned tree with its splits, the tree
diagram (click a node to select it), growth split by split, the split inspector of the selected
node and the pruning path.

Li Hang ch. 5: CART generation with Gini (Algorithm 5.6, (5.24)–(5.25)), or ID3 / C4.5 gains
((5.7)–(5.10)) on numeric thresholds; pruning §5.4, §5.5.2; seed 003 §4.
"""

import numpy as np
import plotly.graph_objects as go

from algorithms import DecisionTreeClassifier
from algorithms import entropy
from algorithms import tree_crosscheck
from algorithms.trees import Tree
from algorithms.trees import _ClassCriterion
from ui.classroom import crosscheck
from ui.classroom import crosscheck_caption
from ui.classroom import crosscheck_wanted
from ui.contours import level_polylines
from ui.contours import level_trace
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import fmt
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import class_traces
from ui.figures import decision_surface
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import padded_range
from ui.figures import plain
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.theme import HIGHLIGHT_COLOR
from views.decision_trees._cells import clipped_bounds
from views.decision_trees._cells import selected_box
from views.decision_trees._cells import split_segments
from views.decision_trees._diagram import class_index
from views.decision_trees._formulas import explanation
from views.decision_trees._formulas import impurity_tex
from views.decision_trees._grow import Grown
from views.decision_trees._grow import criterion_control
from views.decision_trees._grow import depth_control
from views.decision_trees._grow import error_of
from views.decision_trees._grow import grow
from views.decision_trees._grow import msl_control
from views.decision_trees._grow import tree_metrics
from views.decision_trees._growth import growth_view_2d
from views.decision_trees._path import path_section
from views.decision_trees._screen import chart_and_diagram
from views.decision_trees._screen import growth_and_inspector
from views.decision_trees._text import raw_name

DATA = DataRequest("classification", 2, "moons")
GRID = 150


def regions_figure(g: Grown, data, axes: Axes, style) -> go.Figure:
    """The pruned tree's class regions, its split lines and the selected node's cell."""
    tree, classes = g.tree, g.est.classes_
    gx, gy, G = grid_points(axes.x_range, axes.y_range, GRID)
    region = class_index(tree)[tree.apply(G)].reshape(len(gy), len(gx)).astype(np.uint8)
    lo, hi = clipped_bounds(tree, axes)
    splits = split_segments(tree, np.flatnonzero(~tree.is_leaf), lo, hi)
    traces = [
        polylines_trace(splits, t("tree.splits"), "#444", 1.2),
        selected_box(lo[g.node, 0], hi[g.node, 0], lo[g.node, 1], hi[g.node, 1], g.node, style.line_width),
    ]
    names = [raw_name(c) for c in classes]
    return figure(
        style,
        axes,
        traces=decision_surface(gx, gy, region, style, n_classes=len(classes))
        + traces
        + class_traces(data.train.X, data.train.y, classes, style, names=names),
    )


def sklearn_regions(g: Grown, X, y, axes: Axes, style):
    """scikit-learn's class borders for the same unpruned tree (dotted) and its cross-check; None when it
    has no counterpart (gain ratio, depth 0) or the tree is pruned (α > 0)."""
    gx, gy, G = grid_points(axes.x_range, axes.y_range, GRID)
    _, _, criterion, depth, min_leaf = g.args[:5]
    check = tree_crosscheck(g.est, X, y, G, criterion, depth, min_leaf) if g.alpha == 0 else None
    if check is None:
        return None
    labels = check.values.reshape(len(gy), len(gx))
    pieces = [level_polylines(gx, gy, (labels == c).astype(float), 0.5) for c in g.est.classes_]
    xs = [x for px, _ in pieces for x in [*px, None]]
    ys = [y for _, py in pieces for y in [*py, None]]
    return level_trace(xs, ys, t("cls.xcheck_name"), style, color=HIGHLIGHT_COLOR, dash="dot"), check


def classification_formulas(tree: Tree, node: int, criterion: str) -> list[Formula]:
    """Impurity of the selected node and the criterion of its split (Li Hang (5.7)–(5.10), (5.24)–(5.25))."""
    counts = tree.stats[node]
    gini = criterion == "gini"
    tex, value = impurity_tex(counts, "gini" if gini else "entropy")
    out = [Formula(tex, "Li Hang (5.24)" if gini else "Li Hang (5.7)")]
    kids = tree.children(node)
    if not kids:
        return out
    N = counts.sum()
    share = np.array([tree.stats[c].sum() / N for c in kids])
    parts = " + ".join(
        rf"\tfrac{{{tree.stats[c].sum():g}}}{{{N:g}}}\times{number(tree.impurity[c])}" for c in kids
    )
    child = float(share @ tree.impurity[list(kids)])
    if gini:
        return out + [Formula(rf"\mathrm{{Gini}}(D, A) = {parts} = {number(child)}", "Li Hang (5.25)")]
    gain = value - child
    out.append(
        Formula(
            rf"H(D|A) = {parts} = {number(child)},\quad g(D,A) = {number(value)} - {number(child)} = "
            rf"{number(gain)}",
            "Li Hang (5.8)–(5.9)",
        )
    )
    ratios = {
        "gain_ratio": (r"H_A(D)", entropy(share), t("tree.gain_ratio_source")),
        "gain_ratio_book": (r"H(D)", value, t("tree.gain_ratio_book_source")),
    }
    if criterion not in ratios:
        return out
    symbol, den, source = ratios[criterion]
    ratio = gain / den if den else 0.0
    return out + [
        Formula(
            rf"g_R(D,A) = \frac{{g(D,A)}}{{{symbol}}} = "
            rf"\frac{{{number(gain)}}}{{{number(den)}}} = {number(ratio)}",
            source,
        )
    ]


def render(ctx, controls, main) -> None:
    data = ctx.data
    X, y, test = data.train.X, data.train.y, data.test
    with controls:
        depth = depth_control(3)
        criterion = criterion_control("gini")
        g = grow(
            "classification", (X, y, criterion, depth, msl_control(), 0.0, ()), criterion, "ccp", data.train
        )
    if g is None:
        return
    with controls:
        xcheck = crosscheck_wanted("tree")
    Xt, yt = (test.X, test.y) if test is not None else (None, None)
    names = data.train.feature_names
    axes = Axes(padded_range(X[:, 0]), padded_range(X[:, 1]), plain(names[0]), plain(names[1]))
    with main:
        fig = regions_figure(g, data, axes, ctx.style)
        check = crosscheck(sklearn_regions, g, X, y, axes, ctx.style) if xcheck else None
        if check is not None:
            fig.add_trace(check[0])
        chart_and_diagram(ctx, g, fig, axes, "tree.regions")
        if check is not None:
            crosscheck_caption(check[1], t("cls.xcheck_tree"))
        errors = [
            (t("tree.train_error"), fmt(error_of(g.pruned, X, y))),
            (t("tree.test_error"), fmt(error_of(g.pruned, Xt, yt))),
        ]
        tree_metrics(g, errors)
        growth_and_inspector(
            ctx, g, growth_view_2d(g.tree, data.train, axes, ctx.style, g.est.classes_), X, y, names
        )
        path_section(g, X, y, Xt, yt, ctx.style)
    explanation(
        ctx,
        g,
        classification_formulas(g.tree, g.node, g.criterion),
        DecisionTreeClassifier,
        _ClassCriterion,
        Tree.prune,
    )
