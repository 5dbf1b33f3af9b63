"""Rings around chosen points: one hollow marker per row, in the ring's colour."""

import numpy as np

from ui.rings import ring_trace
from ui.theme import NORMAL


def test_rings_surround_the_rows_and_keep_extra_keys():
    X = np.array([[0.0, 1.0], [2.0, 3.0]])
    trace = ring_trace(X, "support vectors", NORMAL, "#00aa00", "square-open", customdata=np.array([4, 7]))
    np.testing.assert_array_equal(trace["x"], [0, 2])
    np.testing.assert_array_equal(trace["y"], [1, 3])
    assert trace["marker"]["symbol"] == "square-open" and trace["marker"]["size"] == NORMAL.marker_size * 2.3
    assert trace["marker"]["line"] == dict(width=NORMAL.line_width * 0.8, color="#00aa00")
    assert list(trace["customdata"]) == [4, 7]
