"""The labelling tiles of the VC view: one small square per labelling of the points, with the
hypothesis that realises it (a line, a box, an interval) or a red ✗ (CS229 M30 "shattering game")."""

import numpy as np

from algorithms import line_in_box
from ui.polylines import polylines
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import FIT_COLOR
from ui.theme import VERMILLION

BOX = (np.array([-0.1, -0.1]), np.array([1.1, 1.1]))  # the placing area, as each tile shows it
GAP = 1.35  # tile pitch in placing units


def tile_layout(n_labellings: int) -> tuple[int, int]:
    """Columns and rows: 2^⌈n/2⌉ columns (8 labellings → 4 × 2, 128 → 16 × 8)."""
    cols = 2 ** int(np.ceil(np.log2(n_labellings) / 2))
    return cols, int(np.ceil(n_labellings / cols))


def _joined(pieces) -> tuple[np.ndarray, np.ndarray]:
    """Equal-length polylines as one trace's x and y (None between pieces)."""
    if not pieces:
        return np.array([]), np.array([])
    return polylines(np.array(pieces))


def _box(lo, hi) -> np.ndarray:
    return np.array([[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]], [lo[0], lo[1]]])


def tile_traces(points, labels, ok, witnesses, concept_class: str, names: dict, style) -> tuple[list, tuple]:
    """Trace dicts of every tile and the figure's (x, y) ranges. ``names``: legend names for
    "positive", "negative", "hypothesis", "impossible"."""
    cols, rows = tile_layout(len(labels))
    shown = points.copy()
    if concept_class == "interval":
        shown[:, 1] = 0.5
    pos, neg, hyp, frames, bad_frames, crosses = [], [], [], [], [], []
    for j, (row, good, witness) in enumerate(zip(labels.astype(bool), ok, witnesses, strict=True)):
        offset = np.array([(j % cols) * GAP, -(j // cols) * GAP])
        pos.append(shown[row] + offset)
        neg.append(shown[~row] + offset)
        (frames if good else bad_frames).append(_box(*BOX) + offset)
        if not good:
            crosses.append(offset + 0.5)
        elif witness is not None and concept_class == "line":
            segment = line_in_box(witness, *BOX)
            if len(segment):
                hyp.append(segment + offset)
        elif witness is not None and witness[0] is not None:
            lo, hi = np.array(witness[0], float), np.array(witness[1], float)
            if concept_class == "interval":
                hyp.append(np.array([[lo[0] - 0.03, 0.5], [hi[0] + 0.03, 0.5]]) + offset)
            else:
                hyp.append(_box(lo - 0.04, hi + 0.04) + offset)
    size = max(4, style.marker_size * (0.9 if len(labels) <= 16 else 0.6))
    line = style.line_width * (0.7 if len(labels) <= 16 else 0.45)
    traces = []
    for pieces, color, width, name in (
        (frames, "#bbbbbb", 1, None),
        (bad_frames, VERMILLION, 1.5, None),
        (hyp, FIT_COLOR, line, names["hypothesis"]),
    ):
        x, y = _joined(pieces)
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=x,
                y=y,
                hoverinfo="skip",
                name=name or "",
                showlegend=name is not None,
                line=dict(color=color, width=width),
            )
        )
    for pieces, color, symbol, name in (
        (pos, BLUE, "circle", names["positive"]),
        (neg, ALT_COLOR, "x", names["negative"]),
    ):
        stacked = np.vstack(pieces) if pieces else np.empty((0, 2))
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=stacked[:, 0],
                y=stacked[:, 1],
                name=name,
                hoverinfo="skip",
                marker=dict(color=color, symbol=symbol, size=size),
            )
        )
    if crosses:
        c = np.array(crosses)
        traces.append(
            dict(
                type="scatter",
                mode="markers",
                x=c[:, 0],
                y=c[:, 1],
                name=names["impossible"],
                hoverinfo="skip",
                marker=dict(
                    color=VERMILLION,
                    symbol="x-thin-open",
                    size=size * 3,
                    line=dict(width=2, color=VERMILLION),
                ),
            )
        )
    x_range = (BOX[0][0] - 0.1, (cols - 1) * GAP + BOX[1][0] + 0.1)
    y_range = (-(rows - 1) * GAP + BOX[0][1] - 0.1, BOX[1][1] + 0.1)
    return traces, (x_range, y_range)
