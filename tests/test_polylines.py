"""Polylines: pieces joined into one trace's data."""

import numpy as np

from ui.polylines import graph_trace
from ui.polylines import graph_walk
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


def walked_edges(x, y) -> list[frozenset]:
    """The strokes a walk draws: its consecutive point pairs (None breaks it)."""
    points = list(zip(x, y, strict=True))
    return [frozenset([p, q]) for p, q in zip(points, points[1:], strict=False) if None not in p + q]


def test_graph_walk_strokes_every_edge_once_each_way_and_nothing_else():
    rng = np.random.default_rng(0)
    points = rng.normal(size=(40, 2))
    edges = np.array([(a, b) for a in range(30) for b in range(a + 1, 30) if rng.random() < 0.2]
                     + [(30, 31), (31, 32), (32, 30), (33, 34)])  # two more parts; 35..39 have no edge
    x, y = graph_walk(points, edges)
    strokes = walked_edges(x, y)
    wanted = {frozenset([tuple(points[a]), tuple(points[b])]) for a, b in edges}
    assert set(strokes) == wanted
    assert len(strokes) == 2 * len(edges)  # each edge there and back, in one walk per part
    assert x.count(None) == y.count(None) == 2  # three parts (30 points in one, with these edges)
    assert {tuple(p) for p in points[35:]}.isdisjoint(zip(x, y, strict=True))


def test_graph_walk_of_no_edges_is_empty():
    assert graph_walk(np.zeros((3, 2)), np.zeros((0, 2), int)) == ([], [])


def test_graph_trace_keeps_every_turning_point():
    points = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]])
    trace = graph_trace(graph_walk(points, np.array([[0, 1], [1, 2]])), "graph", "#bbbbbb", 0.8)
    assert trace["x"] == [0.0, 1.0, 2.0, 1.0, 0.0] and trace["y"] == [0.0] * 5
    assert trace["line"] == {"color": "#bbbbbb", "width": 0.8, "simplify": False}
    assert trace["mode"] == "lines" and trace["hoverinfo"] == "skip" and trace["name"] == "graph"
