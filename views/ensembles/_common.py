"""What the ensemble views share: option lists, lines, error curves, a learner's cuts, sized markers."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.figures import Axes
from ui.figures import figure
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.polylines import polylines
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR

GRID, FRAME_GRID = 150, 60  # class regions: the large picture, the stepper's frames
ROUNDS = [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 500]
RATES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0]


def fit_or_warn(fit, *args):
    """``fit(*args)``, or None once a warning says why this setting cannot be fitted."""
    try:
        return fit(*args)
    except ValueError as err:
        st.warning(t("ens.cannot_fit", detail=str(err)))


def line(x, y, name: str, color: str, style, dash: str = "solid", **extra) -> dict:
    """A line trace; lists keep their None gaps (a float array would turn them into NaN)."""
    return dict(
        type="scatter",
        mode="lines",
        x=x if isinstance(x, list) else np.asarray(x, float),
        y=y if isinstance(y, list) else np.asarray(y, float),
        name=name,
        line=dict(color=color, width=style.line_width, dash=dash),
        **extra,
    )


def errors_figure(curves: list, x_title: str, y_title: str, style, log_y: bool = False) -> go.Figure:
    """Curves (name, x, y, colour, dash) against rounds or learners; ranges from the curves."""
    xs = np.concatenate([c[1] for c in curves])
    ys = np.concatenate([c[2] for c in curves])
    ys = ys[np.isfinite(ys)]
    top = float(ys.max()) * 1.1 if len(ys) and ys.max() > 0 else 1.0
    bottom = max(float(ys[ys > 0].min()) / 2, 1e-6) if log_y and (ys > 0).any() else 0.0
    y_range = (np.log10(bottom), np.log10(top)) if log_y else (0.0, top)
    traces = [
        line(x, np.where(np.isfinite(y), y, 0.0), name, color, style, dash)
        for name, x, y, color, dash in curves
    ]
    x_range = (float(xs.min()), max(float(xs.max()), float(xs.min()) + 1))
    return figure(
        style,
        Axes(x_range, y_range, x_title, y_title),
        traces=traces,
        height=int(style.figure_height * 0.62),
        yaxis=dict(type="log") if log_y else {},
    )


def best_marker(x: float, y: float, name: str, style) -> dict:
    """A star on the best point of a curve (the best cut, the best split)."""
    return points_trace([x], [y], name, style, color=HIGHLIGHT_COLOR, symbol="star", size_scale=1.8)


def learner_lines(est, axes: Axes) -> tuple[list, list]:
    """The cuts of one learner: a stump's line or a tree's splits (None-separated), inside the axes."""
    tree = getattr(est, "tree_", None)
    if tree is None:
        c = est.threshold_
        return ([c, c], list(axes.y_range)) if est.feature_ == 0 else (list(axes.x_range), [c, c])
    lo, hi = tree.node_bounds()
    lo = np.maximum(lo, [axes.x_range[0], axes.y_range[0]])
    hi = np.minimum(hi, [axes.x_range[1], axes.y_range[1]])
    inner = np.flatnonzero(~tree.is_leaf)
    cut = np.repeat(tree.threshold[inner, None], 2, axis=1)
    vertical = (tree.feature[inner] == 0)[:, None]
    xs = np.where(vertical, cut, np.column_stack([lo[inner, 0], hi[inner, 0]]))
    ys = np.where(vertical, np.column_stack([lo[inner, 1], hi[inner, 1]]), cut)
    xs, ys = polylines(np.stack([xs, ys], axis=2))
    return list(xs), list(ys)


def sized_markers(X, y, classes, sizes, shown=None, **extra) -> list[dict]:
    """One marker trace per class, each point with its own size (a bootstrap count, a weight)."""
    shown = np.ones(len(y), bool) if shown is None else shown
    return [
        dict(
            type="scatter",
            mode="markers",
            x=X[m, 0],
            y=X[m, 1],
            name=plain(c),
            **extra,
            marker=dict(
                color=CLASS_COLORS[k % len(CLASS_COLORS)], size=sizes[m], line=dict(color="white", width=1)
            ),
        )
        for k, c in enumerate(classes)
        for m in [shown & (y == c)]
    ]
