"""Growth split by split (breadth-first node ids: the tree after k splits is its first k internal
nodes): the partition of the plane, the step function, or (loan table) the candidate scores of
ID3 / C4.5 / CART at each split (Li Hang Algorithms 5.2, 5.3, 5.5, 5.6)."""

from functools import partial

import numpy as np

from algorithms.trees import Tree
from ui.explain import counts_text
from ui.explain import fmt
from ui.explain import markdown_literal
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.stepper import StepView
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from views.decision_trees._cells import cell_outlines
from views.decision_trees._cells import clipped_bounds
from views.decision_trees._cells import outline_trace
from views.decision_trees._cells import split_segments
from views.decision_trees._cells import step_curve
from views.decision_trees._text import name
from views.decision_trees._text import raw_name
from views.decision_trees._text import split_label


def grown_after(tree: Tree, k: int):
    """The splits done and the leaves of the tree after its first k (breadth-first) splits."""
    done = np.flatnonzero(~tree.is_leaf)[:k]
    exists = (tree.parent < 0) | np.isin(tree.parent, done)
    return done, np.flatnonzero(exists & ~np.isin(np.arange(tree.n_nodes), done))


def growth_label(tree: Tree, k: int) -> str:
    return t("tree.growth_label", k=k, leaves=len(grown_after(tree, k)[1]))


def growth_details(tree: Tree, data, task: str, k: int) -> str:
    """The k-th split: its node, test, score and the children's counts (or sizes and means)."""
    if not k:
        return t("tree.growth_root", n=tree.n_samples[0])
    i = int(grown_after(tree, k)[0][-1])
    parts = ", ".join(
        f"n = {tree.n_samples[c]}, ĉ = {tree.value[c, 0]:.4g}"
        if task == "regression"
        else counts_text(tree.stats[c])
        for c in tree.children(i)
    )
    return t(
        "tree.growth_details",
        k=k,
        node=i,
        split=markdown_literal(split_label(tree, i, data)),
        score=fmt(tree.score[i]),
        n=tree.n_samples[i],
        children=markdown_literal(parts),
    )


def growth_steps(tree: Tree, static, frame, data, task: str) -> StepView:
    """The stepper's view over the tree's splits, labelled and explained as it grows."""
    return StepView(static, frame, partial(growth_label, tree), partial(growth_details, tree, data, task))


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
            outline_trace(
                cell_outlines(lo, hi, leaves[codes[leaves] == c]),
                "#999",
                0.8,
                REGION_COLORS[c % len(REGION_COLORS)],
                showlegend=False,
                zorder=0,
            )
            for c in range(len(classes))
        ]
        old, new = split_segments(tree, done[:-1], lo, hi), split_segments(tree, done[-1:], lo, hi)
        return cells + [
            polylines_trace(old, "", "#444", 1.2, showlegend=False, zorder=1),
            polylines_trace(new, t("tree.new_split"), HIGHLIGHT_COLOR, style.line_width + 1, zorder=1),
        ]

    return growth_steps(tree, figure(style, axes, traces=points), frame, train, "classification")


def growth_view_1d(tree: Tree, X, y, train, axes: Axes, style) -> StepView:
    """The step function after k splits, the newest threshold dashed (Li Hang Algorithm 5.5)."""

    def frame(k):
        done, leaves = grown_after(tree, k)
        s = [tree.threshold[done[-1]]] * 2 if k else []
        return [
            line_trace(Curve(t("tree.fit_curve"), *step_curve(tree, leaves, axes)), style),
            line_trace(
                Curve(t("tree.new_split"), s, list(axes.y_range) if k else [], HIGHLIGHT_COLOR, "dash"), style
            ),
        ]

    points = points_trace(X[:, 0], y, t("tree.train_points"), style, color=CLASS_COLORS[0])
    return growth_steps(tree, figure(style, axes, traces=[points]), frame, train, "regression")


def score_steps(tree: Tree, data, criterion: str, style) -> StepView:
    """ID3 / C4.5 / CART step by step: the candidate scores at the node split in step k."""
    internal = np.flatnonzero(~tree.is_leaf)
    d = tree.n_features
    scores = np.vstack([np.zeros(d), tree.feature_scores()])
    top = max(float(scores.max()), 1e-9) * 1.15
    ticks = [f"A{f + 1} {name(data.feature_names[f])}" for f in range(d)]
    static = figure(
        style,
        Axes((-0.5, d - 0.5), (0, top), "", t(f"tree.score.{criterion}")),
        height=int(style.figure_height * 0.72),
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

    return growth_steps(tree, static, frame, data, "classification")
