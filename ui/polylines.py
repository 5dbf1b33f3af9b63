"""Polylines: many line pieces (edges, paths) drawn as one Plotly trace."""

from __future__ import annotations

import numpy as np


def polylines(pieces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pieces of equal length, shape (m, points, 2), as one trace's x and y: NaN between pieces.

    plotly.js breaks a line at NaN (in a typed array; JSON turns it into null, which breaks it too).
    Float arrays, not object arrays with None: those cost ~30 ms a chart to copy and to serialise
    point by point at a few thousand points (the k-NN graph of spectral clustering).
    """
    m, p, _ = np.shape(pieces)
    out = np.full((m, p + 1, 2), np.nan)
    out[:, :p] = pieces
    return out[:, :, 0].ravel(), out[:, :, 1].ravel()


def rectangles(x0, x1, y0, y1) -> tuple[np.ndarray, np.ndarray]:
    """The outlines of the boxes [x0, x1] × [y0, y1] (equal-length arrays) as one trace's x and y."""
    x0, x1, y0, y1 = np.broadcast_arrays(*(np.asarray(v, float) for v in (x0, x1, y0, y1)))
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    return polylines(np.stack([np.column_stack(c) for c in corners], axis=1))


def polylines_trace(pieces: np.ndarray, name: str, color: str, width: float, **extra) -> dict:
    """Pieces (m, points, 2) as one thin line trace without hover (graph edges, residuals)."""
    x, y = polylines(pieces)
    line = dict(color=color, width=width)
    return dict(type="scatter", mode="lines", x=x, y=y, name=name, line=line, hoverinfo="skip", **extra)
