"""What the clustering views share: their sliders, the data's own groups, cluster markers, fit errors."""

import numpy as np
import streamlit as st

from algorithms.clustering import adjusted_rand_index
from algorithms.clustering import nearest_center
from ui.charts import clicked_points
from ui.controls import slider
from ui.figures import Axes
from ui.figures import discrete_scale
from ui.figures import grid_points
from ui.figures import scatter_axes
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import HIGHLIGHT_COLOR

P = "clu"
MAX_K = 10
SIDE_HEIGHT = 300  # the charts beside a stepper
# Plotly's symbol numbers, for a per-point marker.symbol array. The circle is the string "0": plotly.js
# draws a point from `symbolNumber(d.mx || marker.symbol)`, so a point whose symbol is the number 0
# (falsy) reads the whole array as a number, a cost in n for every circle (4 284 points: a redraw
# 650 → 280 ms in chromium).
SYMBOL_CODES = {"circle": "0", "x": 4, "triangle-up": 5, "square": 1, "diamond": 2, "star": 17}


def cluster_symbols(n_clusters: int) -> np.ndarray:
    """The marker symbol of each cluster, to index by cluster code (an object array: see SYMBOL_CODES)."""
    return np.array([SYMBOL_CODES[cluster_symbol(k)] for k in range(max(n_clusters, 1))], object)


def k_slider() -> int:
    return slider(t("clu.k"), 1, MAX_K, 3, "clu.k")


def seed_slider() -> int:
    return slider(t("clu.init_seed"), 0, 50, 0, "clu.init_seed")


def cluster_color(k: int) -> str:
    return CLASS_COLORS[k % len(CLASS_COLORS)]


def cluster_symbol(k: int) -> str:
    """Colour and symbol both cycle through 6, offset after 6 so clusters 1 and 7 still differ."""
    return CLASS_SYMBOLS[(k + k // len(CLASS_COLORS)) % len(CLASS_SYMBOLS)]


def marker_trace(X, name: str, **marker) -> dict:
    """Markers at the rows of X, shape (n, 2), as a plain scatter trace dict."""
    X = np.asarray(X, float).reshape(-1, 2)
    return dict(type="scatter", mode="markers", x=X[:, 0], y=X[:, 1], name=name, marker=marker)


def points_dict(X, name, style, color, symbol="circle", customdata=None, scale=1.0) -> dict:
    outline = dict(width=1, color="white")
    trace = marker_trace(X, name, color=color, symbol=symbol, line=outline, size=style.marker_size * scale)
    if customdata is not None:
        trace["customdata"] = np.asarray(customdata)
    return trace


def cluster_traces(X, labels, n_clusters: int, style, scale=1.0) -> list[dict]:
    """One marker trace per cluster (colour + symbol); customdata = sample index (for editing)."""
    return [
        points_dict(
            X[idx],
            t("clu.cluster", k=k + 1),
            style,
            cluster_color(k),
            cluster_symbol(k),
            customdata=idx,
            scale=scale,
        )
        for k in range(n_clusters)
        for idx in [np.flatnonzero(labels == k)]
    ]


def stepping_points(X, labels, n_clusters: int, style) -> list[dict]:
    """A stepping chart's points as one trace, colour and symbol by cluster, customdata = sample index:
    x, y and customdata are the same in every step, so the animation frames carry only the cluster
    codes (a fifth of the bytes at n = 20 000); plus a legend entry per cluster."""
    codes = np.asarray(labels)
    symbols = cluster_symbols(n_clusters)
    outline = dict(width=1, color="white")
    points = dict(
        type="scatter",
        mode="markers",
        x=X[:, 0],
        y=X[:, 1],
        name=t("clu.points"),
        showlegend=False,
        customdata=np.arange(len(X)),
        marker=dict(
            color=(codes % len(CLASS_COLORS)).astype(np.int8),
            colorscale=discrete_scale(CLASS_COLORS),
            cmin=-0.5,
            cmax=len(CLASS_COLORS) - 0.5,
            symbol=symbols[codes],
            size=style.marker_size,
            line=outline,
        ),
    )
    legend = [  # a point that is not drawn (null) shows the cluster's marker in the legend
        dict(type="scatter", mode="markers", x=[None], y=[None], name=t("clu.cluster", k=k + 1), marker=dict(
            color=cluster_color(k), symbol=cluster_symbol(k), size=style.marker_size, line=outline))
        for k in range(n_clusters)
    ]
    return [points, *legend]


def centre_trace(centers, style, name) -> dict:
    """Cluster centres as large squares in their cluster's colour (Sugiyama Fig 14.2)."""
    return marker_trace(
        centers,
        name,
        symbol="square",
        size=style.marker_size * 2.1,
        color=np.array([cluster_color(j) for j in range(len(centers))]),
        line=dict(color=BLACK, width=max(2, style.line_width * 0.8)),
    )


def ring_trace(X, name, style, customdata=None) -> dict:
    """Rings around the points a step acts on (customdata: their sample indices, so that a stepper
    drawing a sample rings only drawn points)."""
    trace = marker_trace(
        X,
        name,
        symbol="circle-open",
        size=style.marker_size * 2.2,
        color=HIGHLIGHT_COLOR,
        line=dict(width=max(2, style.line_width * 0.8)),
    )
    if customdata is not None:
        trace["customdata"] = np.asarray(customdata)
    return trace


def step_regions(centers_per_step: np.ndarray, x_range, y_range, res: int, p=2.0, w=None) -> np.ndarray:
    """Nearest-centre index on a res × res grid for every step's centres, uint8 (steps, res, res); a
    step that keeps the centres before it (an assignment half-step) reuses their map."""
    _, _, grid = grid_points(x_range, y_range, res)
    moved = np.r_[True, np.any(centers_per_step[1:] != centers_per_step[:-1], axis=(1, 2))]
    maps = [nearest_center(grid, c, p, w).reshape(res, res) for c in centers_per_step[moved]]
    return np.stack(maps).astype(np.uint8)[np.cumsum(moved) - 1]


def data_axes(train) -> Axes:
    """Fixed ranges from the data, equal scales unless the units differ a lot."""
    return scatter_axes(train.X, train.feature_names)


def subsample(X, truth, limit: int):
    """At most ``limit`` points (a fixed random subset), with a caption when it applies."""
    if len(X) <= limit:
        return X, truth, False
    keep = np.sort(np.random.default_rng(0).choice(len(X), limit, replace=False))
    st.caption(t("clu.subsampled", m=limit, n=len(X)))
    return X[keep], None if truth is None else truth[keep], True


def ari_text(truth, labels) -> str:
    return "—" if truth is None else f"{adjusted_rand_index(truth, labels):.3f}"


def too_few(n: int, k: int) -> bool:
    if k > n:
        st.error(t("clu.too_few", k=k, n=n))
        return True
    return False


def first_picked(chart_key: str) -> int | None:
    """The customdata of the first point selected in a chart (its first entry), if any."""
    picked = [
        p.get("customdata")
        for p in clicked_points(chart_key)
        if p.get("customdata") is not None
    ]
    return int(np.atleast_1d(picked[0])[0]) if picked else None
