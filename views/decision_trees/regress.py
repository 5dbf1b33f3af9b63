"""The least-squares regression tree on 1-D data (Li Hang Table 5.2, exercise 5.2; toy data): the
step function of the pruned tree, the tree diagram, growth split by split, the squared error m(s)
against every threshold of the selected node, and the pruning path of §5.5.2.

Li Hang Algorithm 5.5 ((5.17), (5.19)–(5.21)); pruning Algorithm 5.7 (seed 002 §2.10 oracle B).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import DecisionTreeRegressor
from algorithms.trees import Tree
from algorithms.trees import _SquaredError
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import fmt
from ui.explain import markdown_literal
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import TRUTH_COLOR
from views.decision_trees._cells import clipped_bounds
from views.decision_trees._cells import selected_box
from views.decision_trees._cells import step_curve
from views.decision_trees._formulas import explanation
from views.decision_trees._grow import depth_control
from views.decision_trees._grow import error_of
from views.decision_trees._grow import grow
from views.decision_trees._grow import msl_control
from views.decision_trees._grow import tree_metrics
from views.decision_trees._growth import growth_view_1d
from views.decision_trees._inspector import node_rows
from views.decision_trees._path import path_section
from views.decision_trees._screen import chart_and_diagram
from views.decision_trees._screen import growth_and_inspector

DATA = DataRequest("regression", 1, "table_5_2")


def fit_figure(tree: Tree, X, y, data, axes: Axes, style, node: int) -> go.Figure:
    """The training points, the tree's step function f(x), the true curve if known and the
    selected node's interval."""
    lo, hi = clipped_bounds(tree, axes)
    grid = np.linspace(*axes.x_range, 300)
    truth = data.train.truth
    curves = [] if truth is None else [Curve(t("tree.truth"), grid, truth(grid), TRUTH_COLOR, "dash", 0.8)]
    curves.append(Curve(t("tree.fit_curve"), *step_curve(tree, np.flatnonzero(tree.is_leaf), axes)))
    points = points_trace(
        X[:, 0], y, t("tree.train_points"), style, color=CLASS_COLORS[0], customdata=np.arange(len(y))
    )
    selected = selected_box(lo[node, 0], hi[node, 0], *axes.y_range, node, 1)
    return figure(style, axes, traces=[selected, *(line_trace(c, style) for c in curves), points])


def regression_formulas(tree: Tree, node: int, X, y) -> list[Formula]:
    """The node's mean ĉ and, for a split node, m(s) and the children's means at its threshold s."""
    yn = y[node_rows(tree, node, X)]
    xn = X[node_rows(tree, node, X), 0]
    out = [
        Formula(
            rf"\hat c = \mathrm{{ave}}(y_i \mid x_i \in R) = \tfrac{{1}}{{{len(yn)}}}\sum y_i = "
            rf"{number(yn.mean())}",
            "Li Hang (5.17)",
        )
    ]
    if tree.is_leaf[node]:
        return out
    s = tree.threshold[node]
    left, right = yn[xn <= s], yn[xn > s]
    both = len(left) and len(right)
    sse = [float(((v - v.mean()) ** 2).sum()) for v in (left, right)] if both else [0.0, 0.0]
    return out + [
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


def render(ctx, controls, main) -> None:
    data, test = ctx.data, ctx.data.test
    X, y = data.train.X[:, :1], data.train.y
    Xt, yt = (test.X[:, :1], test.y) if test is not None else (None, None)
    with controls:
        g = grow("regression", (X, y, depth_control(2), msl_control()), "mse", "ccp", data.train)
    if g is None:
        return
    names = data.train.feature_names
    axes = Axes(
        padded_range(X[:, 0], 0.03), padded_range(y, 0.12), plain(names[0]), plain(data.train.target_name)
    )
    with main:
        if data.train.X.shape[1] > 1:
            st.caption(t("tree.first_feature", name=markdown_literal(names[0])))
        chart_and_diagram(ctx, g, fit_figure(g.tree, X, y, data, axes, ctx.style, g.node), axes, "tree.fit")
        errors = [
            (t("metric.train_mse"), fmt(error_of(g.pruned, X, y))),
            (t("metric.test_mse"), fmt(error_of(g.pruned, Xt, yt))),
        ]
        tree_metrics(g, errors)
        growth_and_inspector(ctx, g, growth_view_1d(g.tree, X, y, data.train, axes, ctx.style), X, y, names)
        path_section(g, X, y, Xt, yt, ctx.style)
    explanation(
        ctx,
        g,
        regression_formulas(g.tree, g.node, X, y),
        DecisionTreeRegressor,
        _SquaredError,
        Tree.pruning_path,
    )
