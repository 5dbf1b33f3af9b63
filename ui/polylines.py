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


def graph_walk(points: np.ndarray, edges: np.ndarray) -> tuple[list, list]:
    """A graph's edges (rows of ``edges``: pairs of indices into ``points``) as one trace's x and y: for
    each connected part one walk along every edge and back (depth first), None between parts.

    Drawn, each edge is one stroke as with :func:`polylines`, but plotly.js draws a line trace piece by
    piece: the spectral clustering page's k-NN graph (1 900 edges) took ~60 ms to redraw as 1 900
    pieces and ~12 ms as one walk. Draw it with :func:`graph_trace`.
    """
    edges = np.asarray(edges, dtype=int).reshape(-1, 2)
    neighbours = [[] for _ in range(len(points))]
    for e, (a, b) in enumerate(edges.tolist()):
        neighbours[a].append((b, e))
        neighbours[b].append((a, e))
    used, seen, order = bytearray(len(edges)), bytearray(len(points)), []
    for root in np.unique(edges).tolist():
        if seen[root]:
            continue
        seen[root] = 1
        order += [-1, root] if order else [root]
        stack = [(root, iter(neighbours[root]))]
        while stack:
            v, rest = stack[-1]
            for u, e in rest:
                if used[e]:
                    continue
                used[e] = 1
                if seen[u]:
                    order += [u, v]  # there and back
                else:
                    seen[u] = 1
                    order.append(u)
                    stack.append((u, iter(neighbours[u])))
                break
            else:
                stack.pop()
                if stack:
                    order.append(stack[-1][0])  # back along the edge it came by
    order = np.array(order, dtype=int)
    xy = np.asarray(points, dtype=float)[order].astype(object)
    xy[order < 0] = None
    return xy[:, 0].tolist(), xy[:, 1].tolist()


def graph_trace(walk: tuple[list, list], name: str, color: str, width: float, **extra) -> dict:
    """A graph's edges, ``walk`` = :func:`graph_walk`'s x and y, as one thin line trace without hover
    (and without line simplification, which could drop the walk's turning points)."""
    x, y = walk
    line = dict(color=color, width=width, simplify=False)
    return dict(type="scatter", mode="lines", x=x, y=y, name=name, line=line, hoverinfo="skip", **extra)
