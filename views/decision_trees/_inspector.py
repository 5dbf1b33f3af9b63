"""The split inspector: the criterion against every threshold s of each feature over the selected
node's samples, best s starred (Li Hang (5.21) for squared error, (5.25) Gini, (5.9)/(5.10) gains)."""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import split_curve
from algorithms.trees import Tree
from ui.charts import chart
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.decision_trees._grow import Grown

AXIS = dict(gridcolor="#e6e6e6", showline=True, linecolor="#888", automargin=True, zeroline=False)
RUNS = 500  # beyond 2 × RUNS thresholds a curve draws the lowest and highest point of RUNS runs of them


def envelope(values, runs: int = RUNS) -> np.ndarray:
    """Indices of the points that draw the curve ``values`` as it looks: all of them up to 2 × runs,
    else the first, the last and the lowest and highest of each of ``runs`` runs of neighbours."""
    n = len(values)
    if n <= 2 * runs:
        return np.arange(n)
    width = -(-n // runs)
    rows = -(-n // width)
    grid = np.full(rows * width, np.nan)
    grid[:n] = values
    grid = grid.reshape(rows, width)
    start = np.arange(rows) * width
    ends = [0, n - 1]
    return np.unique(np.concatenate([ends, start + np.nanargmin(grid, 1), start + np.nanargmax(grid, 1)]))


def node_rows(tree: Tree, i: int, X) -> np.ndarray:
    """Boolean mask of the training rows that reach node i (numeric threshold trees)."""
    lo, hi = tree.node_bounds()
    return np.all((X > lo[i]) & (X <= hi[i]), axis=1)


def criterion_values(curve, criterion: str, n: int):
    """What the inspector plots: m(s) (squared error, summed over the n samples), the children's
    Gini, or the gain (ratio)."""
    if criterion == "squared_error":
        return curve.children_impurity * n
    return curve.children_impurity if criterion == "gini" else curve.score


def inspector_axis(f: int, X, y, mask, criterion: str, names, style):
    """Traces and axis layout of the criterion against the threshold s of feature f and the number of
    thresholds (None if no split)."""
    xs = X[mask, f]
    curve = split_curve(xs, y[mask], criterion) if len(np.unique(xs)) > 1 else None
    values = None if curve is None else criterion_values(curve, criterion, mask.sum())
    if values is None or not np.isfinite(values).any():
        return None
    ok = np.isfinite(values)
    minimise = criterion in ("squared_error", "gini")
    best = int(np.argmin(values[ok]) if minimise else np.argmax(values[ok]))
    axis, color, d = ("" if f == 0 else str(f + 1)), CLASS_COLORS[f % len(CLASS_COLORS)], X.shape[1]
    drawn = envelope(values[ok])
    gap = 0.07 if d > 1 else 0.0
    star = points_trace(
        [curve.thresholds[ok][best]],
        [values[ok][best]],
        t("tree.best_split"),
        style,
        color=HIGHLIGHT_COLOR,
        symbol="star",
        size_scale=1.8,
    )
    traces = [
        dict(
            type="scatter",
            mode="lines+markers",
            x=curve.thresholds[ok][drawn],
            y=values[ok][drawn],
            xaxis=f"x{axis}",
            name=plain(names[f]),
            marker=dict(size=max(style.marker_size - 3, 4), color=color),
            line=dict(color=color, width=style.line_width * 0.7),
        ),
        {**star, "xaxis": f"x{axis}", "showlegend": f == 0},
    ]
    layout = dict(
        domain=[f / d + (gap if f else 0), (f + 1) / d - (gap if f < d - 1 else 0)],
        anchor="y",
        range=list(padded_range(X[:, f], 0.03)),
        title=dict(text=f"{plain(names[f])}: s"),
        **AXIS,
    )
    return traces, {f"xaxis{axis}": layout}, ok.sum()


def inspector(g: Grown, X, y, names, style) -> None:
    """The criterion at every threshold s of each feature, over the selected node's samples."""
    criterion = "squared_error" if g.task == "regression" else g.criterion
    mask = node_rows(g.tree, g.node, X)
    axes = (inspector_axis(f, X, y, mask, criterion, names, style) for f in range(X.shape[1]))
    parts = [p for p in axes if p]
    layout = {k: v for _, axis, _ in parts for k, v in axis.items()}
    ylabel = t("tree.m_s") if criterion == "squared_error" else t(f"tree.curve.{criterion}")
    fig = go.Figure(
        data=[tr for traces, _, _ in parts for tr in traces],
        _validate=False,
        layout=dict(
            height=style.figure_height,
            font=dict(size=style.font_size),
            plot_bgcolor="white",
            hovermode="closest",
            margin=dict(l=10, r=10, t=34, b=10),
            legend=dict(orientation="h", yanchor="bottom", y=1.0, x=0.0),
            yaxis=dict(title=dict(text=ylabel), **AXIS),
            **layout,
        ),
    )
    hint = "regression" if g.task == "regression" else "min" if g.criterion == "gini" else "max"
    if parts:
        chart(fig, key="tree.inspector")
        thresholds = max(count for _, _, count in parts)
        if thresholds > 2 * RUNS:
            st.caption(t("tree.inspector_envelope", runs=RUNS, total=f"{thresholds:,}"))
    else:
        st.info(t("tree.no_candidates"))
    st.caption(t(f"tree.inspector_help_{hint}"))
