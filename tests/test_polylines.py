"""Polylines: pieces joined into one trace's data."""

import numpy as np

from ui.polylines import polylines
from ui.polylines import polylines_trace
from ui.polylines import rectangles


def test_polylines_put_none_between_pieces():
    pieces = np.array([[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]])
    x, y = polylines(pieces)
    assert list(x) == [0.0, 2.0, None, 4.0, 6.0, None]
    assert list(y) == [1.0, 3.0, None, 5.0, 7.0, None]
    x, y = polylines(np.zeros((0, 2, 2)))
    assert len(x) == len(y) == 0


def test_rectangles_are_closed_outlines_one_after_another():
    x, y = rectangles([0.0, 2.0], [1.0, 3.0], [0.0, -1.0], [0.5, 1.0])
    assert list(x) == [0, 1, 1, 0, 0, None, 2, 3, 3, 2, 2, None]
    assert list(y) == [0, 0, 0.5, 0.5, 0, None, -1, -1, 1, 1, -1, None]
    x, y = rectangles([], [], [], [])
    assert len(x) == len(y) == 0


def test_polylines_trace_is_one_hoverless_line_trace():
    pieces = np.array([[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]])
    trace = polylines_trace(pieces, "edges", "#bbbbbb", 0.8, showlegend=False)
    assert trace["type"] == "scatter" and trace["mode"] == "lines" and trace["hoverinfo"] == "skip"
    assert list(trace["x"]) == [0.0, 2.0, None, 4.0, 6.0, None]
    assert list(trace["y"]) == [1.0, 3.0, None, 5.0, 7.0, None]
    assert trace["line"] == {"color": "#bbbbbb", "width": 0.8} and trace["name"] == "edges"
    assert trace["showlegend"] is False
