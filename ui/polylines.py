"""Polylines: many line pieces (edges, paths) drawn as one Plotly trace."""

from __future__ import annotations

import numpy as np


def polylines(pieces: np.ndarray) -> tuple[list, list]:
    """Pieces of equal length, shape (m, points, 2), as one trace's x and y: None between pieces.

    None breaks the line (and a filled outline). Lists, not object arrays: Plotly deep-copies and
    serialises an object array point by point (~3× slower at a few thousand pieces, the k-NN graph of
    spectral clustering); NaN would be faster still, but a chart must stay finite (the AppTests check it).
    """
    m, p, _ = np.shape(pieces)
    out = np.empty((m, p + 1, 2), dtype=object)
    out[:, :p] = pieces
    out[:, p] = None
    return out[:, :, 0].ravel().tolist(), out[:, :, 1].ravel().tolist()


def rectangles(x0, x1, y0, y1) -> tuple[list, list]:
    """The outlines of the boxes [x0, x1] × [y0, y1] (equal-length arrays) as one trace's x and y."""
    x0, x1, y0, y1 = np.broadcast_arrays(*(np.asarray(v, float) for v in (x0, x1, y0, y1)))
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    return polylines(np.stack([np.column_stack(c) for c in corners], axis=1))


def polylines_trace(pieces: np.ndarray, name: str, color: str, width: float, **extra) -> dict:
    """Pieces (m, points, 2) as one thin line trace without hover (graph edges, residuals)."""
    x, y = polylines(pieces)
    line = dict(color=color, width=width)
    return dict(type="scatter", mode="lines", x=x, y=y, name=name, line=line, hoverinfo="skip", **extra)
