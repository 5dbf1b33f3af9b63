"""The main chart of a linear-classifier view: the samples on the plane (clickable to edit on 2-D
data), the stepper or its editable last frame, and the page's guard against one-class data."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.charts import chart
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import highlight_trace
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from views.linear_classifiers._plane import RES
from views.linear_classifiers._plane import Plane
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import rug_rows
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import problem

P = "lc"


def sample_traces(plane: Plane, X, labels, style, rows=None, values=(0.0, 1.0), sizes=None, test=False):
    """Points by class of ``labels`` (a Problem or Binary: y or y_test, classes, names); 1-D at
    their rug heights. Training points carry their index (a click removes one); test points are
    hollow, and test labels the training data lack are left out."""
    classes = labels.classes
    y = labels.y_test if test else labels.y
    idx = np.searchsorted(classes, y)
    known = (idx < len(classes)) & (classes[np.minimum(idx, len(classes) - 1)] == y)
    rows = rows if rows is not None else rug_rows(len(classes), values)
    traces = []
    for k in range(len(classes)):
        mask = known & (idx == k)
        height = X[mask, 1] if plane.dims == 2 else np.full(mask.sum(), rows[k])
        if test:
            name, extra = t("lc.test_of", name=labels.names[k]), dict(hollow=True, size_scale=0.8)
        else:
            name = labels.names[k]
            extra = dict(customdata=np.flatnonzero(mask), sizes=None if sizes is None else sizes[mask])
        color, symbol = CLASS_COLORS[k % len(CLASS_COLORS)], CLASS_SYMBOLS[k % len(CLASS_SYMBOLS)]
        traces.append(points_trace(X[mask, 0], height, plain(name), style, color, symbol, **extra))
    return traces


def add_samples(fig: go.Figure, plane: Plane, prob, labels, style, show_test: bool, rows=None,
                values=(0.0, 1.0), sizes=None) -> None:
    """The test points (if shown) and the training points, labelled by ``labels``."""
    if show_test and labels.y_test is not None:
        fig.add_traces(sample_traces(plane, prob.X_test, labels, style, rows, values, test=True))
    fig.add_traces(sample_traces(plane, prob.X, labels, style, rows, values, sizes))


def ring(plane: Plane, X, labels, rows, i: int, name: str, style) -> dict:
    """The ring on the sample a step acts on (none when i < 0); 1-D: at its class's rug height."""
    if i < 0:
        return highlight_trace([], [], name, style)
    height = X[i, 1] if plane.dims == 2 else rows[int(np.searchsorted(labels.classes, labels.y[i]))]
    return highlight_trace(X[i, 0], height, name, style)


def show_map(fig: go.Figure, ctx, plane: Plane, axes: Axes, key: str) -> None:
    """The main data view: click-to-edit on 2-D data, a plain chart on 1-D data."""
    if plane.dims == 2:
        editable_chart(fig, P, ctx.data, axes.x_range, axes.y_range, key=key)
    else:
        chart(fig, key=key)
        if edit_enabled(P):
            st.caption(t("lc.edit_1d"))


def step_or_edit(ctx, plane: Plane, axes: Axes, key: str, n_steps: int, view: StepView) -> None:
    """The stepper; in edit mode (2-D) the final state as a clickable chart instead."""
    if edit_enabled(P) and plane.dims == 2:
        fig = go.Figure(view.static)
        fig.add_traces(view.frame(n_steps - 1))
        fig.update_layout(
            margin=dict(t=(fig.layout.margin.t or 0) + 2 * ctx.style.title_size),
            title=dict(text=view.label(n_steps - 1)),
        )
        show_map(fig, ctx, plane, axes, f"{key}_edit")
    else:
        stepper(key, n_steps, view)


def one_class_left(ctx, main) -> bool:
    """Data (after edits) with a single class: say so and show the points, still clickable."""
    prob = problem(ctx)
    if len(prob.classes) >= 2:
        return False
    main.warning(t("lc.one_class"))
    plane = make_plane(prob, RES)
    axes = view_axes(plane)
    lonely = base_figure(ctx.style, axes)
    add_samples(lonely, plane, prob, prob, ctx.style, False)
    with main:
        show_map(lonely, ctx, plane, axes, "lc.one_class_chart")
    return True
