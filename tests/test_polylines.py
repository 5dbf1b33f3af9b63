"""Polylines: pieces joined into one trace's data."""

import numpy as np

from ui.polylines import polylines
from ui.polylines import polylines_trace
from ui.polylines import rectangles


def test_polylines_put_nan_between_pieces():
    pieces = np.array([[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]])
    x, y = polylines(pieces)
    assert x.dtype == y.dtype == np.float64  # typed arrays for plotly.js, not object arrays
    np.testing.assert_array_equal(x, [0.0, 2.0, np.nan, 4.0, 6.0, np.nan])
    np.testing.assert_array_equal(y, [1.0, 3.0, np.nan, 5.0, 7.0, np.nan])
    x, y = polylines(np.zeros((0, 2, 2)))
    assert len(x) == len(y) == 0


def test_rectangles_are_closed_outlines_one_after_another():
    x, y = rectangles([0.0, 2.0], [1.0, 3.0], [0.0, -1.0], [0.5, 1.0])
    np.testing.assert_array_equal(x, [0, 1, 1, 0, 0, np.nan, 2, 3, 3, 2, 2, np.nan])
    np.testing.assert_array_equal(y, [0, 0, 0.5, 0.5, 0, np.nan, -1, -1, 1, 1, -1, np.nan])
    x, y = rectangles([], [], [], [])
    assert len(x) == len(y) == 0


def test_polylines_trace_is_one_hoverless_line_trace():
    pieces = np.array([[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]])
    trace = polylines_trace(pieces, "edges", "#bbbbbb", 0.8, showlegend=False)
    assert trace["type"] == "scatter" and trace["mode"] == "lines" and trace["hoverinfo"] == "skip"
    np.testing.assert_array_equal(trace["x"], [0.0, 2.0, np.nan, 4.0, 6.0, np.nan])
    np.testing.assert_array_equal(trace["y"], [1.0, 3.0, np.nan, 5.0, 7.0, np.nan])
    assert trace["line"] == {"color": "#bbbbbb", "width": 0.8} and trace["name"] == "edges"
    assert trace["showlegend"] is False
