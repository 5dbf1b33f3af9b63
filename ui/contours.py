"""Level lines: one contour of a function sampled on a grid, drawn as a single named line."""

from __future__ import annotations

import numpy as np

from ui.theme import BLACK
from ui.theme import Style


def level_line(
    gx: np.ndarray,
    gy: np.ndarray,
    z: np.ndarray,
    name: str,
    style: Style,
    *,
    level: float = 0.0,
    color: str = BLACK,
    dash: str = "solid",
    width: float = 1.0,
) -> dict:
    """The ``level`` contour of z (its values on the grid gx × gy, rows = gy) as one line.

    The level set is traced here (:func:`level_polylines`) and sent as a few hundred points: a Plotly
    contour trace would send the whole grid and trace it in the browser at every redraw. A named line
    gets a legend entry; ``width`` scales the style's line width.
    """
    xs, ys = level_polylines(gx, gy, np.asarray(z, float).reshape(len(gy), len(gx)), level)
    return level_trace(
        xs, ys, name, style, color=color, width=width, dash=dash, hoverinfo="skip", showlegend=bool(name)
    )


def level_lines(grid, z, name: str, *, start: float, end: float, size: float, color: str, width: float,
                showlegend: bool = False) -> dict:
    """Level lines of z (on the square grid × grid) from ``start`` to ``end`` every ``size``, in one
    colour and an absolute line width: the ellipses of a quadratic objective."""
    return dict(
        type="contour",
        x=grid,
        y=grid,
        z=z,
        showscale=False,
        hoverinfo="skip",
        name=name,
        contours=dict(coloring="lines", start=start, end=end, size=size),
        showlegend=showlegend,
        colorscale=[[0, color], [1, color]],
        line=dict(width=width),
    )


def level_polylines(gx: np.ndarray, gy: np.ndarray, z: np.ndarray, level: float) -> tuple[list, list]:
    """The ``level`` set of z (its values on the grid gx × gy, rows = gy) as polylines by marching squares.

    Returns one trace's x and y lists, None between polylines, rounded to 1/1000 of the axis span
    (short JSON); also for frames, which animate scatter traces only (a Plotly contour cannot move).
    A saddle cell (all four edges crossed) joins bottom with left and top with right.
    """
    segments = cell_segments(gx, gy, np.asarray(z, float) - level)
    digits = [max(0, 3 - int(np.floor(np.log10(max(abs(g[-1] - g[0]), 1e-12))))) for g in (gx, gy)]
    return join_segments(segments, digits)


EDGE_PAIRS = (
    ("bottom", "top"),
    ("left", "right"),
    ("bottom", "left"),
    ("bottom", "right"),
    ("top", "left"),
    ("top", "right"),
)
SADDLE_PAIRS = (("bottom", "left"), ("top", "right"))  # the pairs a saddle cell joins


def cell_segments(gx: np.ndarray, gy: np.ndarray, z: np.ndarray) -> list[tuple]:
    """The zero set of z as line segments ((x, y), (x, y)), one per grid cell it crosses (cells with a
    value that is not finite have none)."""
    z00, z10, z01, z11 = z[:-1, :-1], z[:-1, 1:], z[1:, :-1], z[1:, 1:]
    x0, x1 = gx[:-1][None, :], gx[1:][None, :]
    y0, y1 = gy[:-1][:, None], gy[1:][:, None]

    def cross(a, b):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.clip(a / (a - b), 0.0, 1.0)

    shape = z00.shape
    edges = {  # crossing flag and the crossing point on each cell edge
        "bottom": ((z00 > 0) != (z10 > 0), x0 + cross(z00, z10) * (x1 - x0), np.broadcast_to(y0, shape)),
        "top": ((z01 > 0) != (z11 > 0), x0 + cross(z01, z11) * (x1 - x0), np.broadcast_to(y1, shape)),
        "left": ((z00 > 0) != (z01 > 0), np.broadcast_to(x0, shape), y0 + cross(z00, z01) * (y1 - y0)),
        "right": ((z10 > 0) != (z11 > 0), np.broadcast_to(x1, shape), y0 + cross(z10, z11) * (y1 - y0)),
    }
    finite = np.isfinite(z)
    finite = finite[:-1, :-1] & finite[:-1, 1:] & finite[1:, :-1] & finite[1:, 1:]
    segments = []
    for a, b in EDGE_PAIRS:
        others = [e for e in edges if e not in (a, b)]
        saddle = edges[others[0]][0] & edges[others[1]][0]
        flags = edges[a][0] & edges[b][0] & (~saddle | ((a, b) in SADDLE_PAIRS)) & finite
        if flags.any():
            pa = np.column_stack([edges[a][1][flags], edges[a][2][flags]])
            pb = np.column_stack([edges[b][1][flags], edges[b][2][flags]])
            segments += [(tuple(p), tuple(q)) for p, q in zip(pa.tolist(), pb.tolist(), strict=True)]
    return segments


def join_segments(segments: list[tuple], digits=(6, 6)) -> tuple[list, list]:
    """Segments that share end points joined into polylines (so dashed lines dash evenly).

    A crossing on an edge shared by two cells is computed bit for bit the same in both, so end points
    match exactly. Returns x and y lists, None after each polyline, rounded to ``digits`` decimals.
    """
    segments = [(p, q) for p, q in segments if p != q]  # a level through a grid node
    ends: dict = {}
    for k, (p, q) in enumerate(segments):
        ends.setdefault(p, []).append(k)
        ends.setdefault(q, []).append(k)
    used = [False] * len(segments)
    xs, ys = [], []
    for start in range(len(segments)):
        if used[start]:
            continue
        used[start] = True
        line = list(segments[start])
        for forward in (True, False):  # grow the polyline at both ends
            while True:
                tip = line[-1] if forward else line[0]
                nxt = next((k for k in ends.get(tip, []) if not used[k]), None)
                if nxt is None:
                    break
                used[nxt] = True
                p, q = segments[nxt]
                point = q if p == tip else p
                if forward:
                    line.append(point)
                else:
                    line.insert(0, point)
        xs += [round(p[0], digits[0]) for p in line] + [None]
        ys += [round(p[1], digits[1]) for p in line] + [None]
    return xs, ys


def level_trace(
    xs, ys, name: str, style: Style, *, color: str = BLACK, width: float = 1.0, dash: str = "solid", **extra
) -> dict:
    """Polylines (:func:`level_polylines`) as a line trace; with x = y = [None], only a legend entry
    (for levels drawn as contours, which have none of their own). ``width`` scales the style's."""
    line = dict(color=color, width=style.line_width * width, dash=dash)
    return dict(type="scatter", mode="lines", x=xs, y=ys, name=name, line=line, **extra)
