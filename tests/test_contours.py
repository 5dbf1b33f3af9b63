"""Level lines: the contour trace holds the grid values and draws exactly one level."""

import numpy as np

from ui.contours import join_segments
from ui.contours import level_line
from ui.contours import level_polylines
from ui.contours import level_trace
from ui.theme import BLACK
from ui.theme import style_for


def test_level_line_traces_one_level_of_the_grid_values():
    gx, gy = np.linspace(0, 1, 4), np.linspace(0, 2, 3)
    z = np.arange(12.0)  # rows follow y: 0 1 2 3 on y = 0, 4 5 6 7 on y = 1
    style = style_for(False)
    trace = level_line(gx, gy, z, "boundary", style, level=0.5, color="#123456", dash="dash", width=0.5)
    assert trace["type"] == "scatter" and trace["mode"] == "lines" and trace["hoverinfo"] == "skip"
    # 0.5 lies halfway from 0 to 1 along x (x = 1/6) and an eighth of the way from 0 to 4 along y
    (line,) = polylines_of(trace["x"], trace["y"])
    assert sorted(line) == [(0.0, 0.125), (0.167, 0.0)]
    assert trace["line"] == dict(color="#123456", width=style.line_width * 0.5, dash="dash")
    assert trace["showlegend"] and trace["name"] == "boundary"
    assert not level_line(gx, gy, z, "", style)["showlegend"]


def test_cells_with_values_that_are_not_finite_have_no_level_line():
    g = np.linspace(-1, 1, 5)
    z = np.tile(g, (5, 1))  # z = x: the level 1/4 crosses the cells between x = 0 and x = 1/2
    z[4, 2], z[0, 3] = np.nan, np.inf  # a corner of the top cell and of the bottom cell
    (line,) = polylines_of(*level_polylines(g, g, z, 0.25))
    assert all(x == 0.25 for x, _ in line) and sorted(y for _, y in line) == [-0.5, 0.0, 0.5]


def polylines_of(xs, ys) -> list[list[tuple]]:
    """The x, y lists of level_polylines split at None into lists of points."""
    lines, line = [], []
    for x, y in zip(xs, ys, strict=True):
        if x is None:
            lines.append(line)
            line = []
        else:
            line.append((x, y))
    assert not line  # every polyline ends in None
    return lines


def test_a_straight_level_is_one_polyline_through_every_row_of_cells():
    gx, gy = np.linspace(-1, 1, 5), np.linspace(0, 2, 3)
    z = np.tile(gx, (3, 1))  # z = x
    (line,) = polylines_of(*level_polylines(gx, gy, z, 0.25))
    assert all(x == 0.25 for x, _ in line) and sorted(y for _, y in line) == [0, 1, 2]


def test_a_circle_is_one_closed_polyline_near_the_true_radius():
    g = np.linspace(-2, 2, 41)
    z = g[None, :] ** 2 + g[:, None] ** 2
    (line,) = polylines_of(*level_polylines(g, g, z, 1.0))
    assert line[0] == line[-1] and len(line) > 20
    radius = np.hypot(*np.array(line).T)
    assert np.all(np.abs(radius - 1) < 0.01)
    assert all(round(x, 3) == x for x, _ in line)  # 1/1000 of the span 4: three decimals


def test_separate_pieces_saddles_and_empty_levels():
    g = np.linspace(-1, 1, 21)
    assert len(polylines_of(*level_polylines(g, g, np.tile(g**2, (21, 1)), 0.25))) == 2  # x = ±1/2
    saddle = np.array([[1.0, -1.0], [-1.0, 1.0]])  # z = xy on one cell: bottom–left and top–right
    xs, ys = level_polylines(np.array([-1.0, 1.0]), np.array([-1.0, 1.0]), saddle, 0.0)
    assert sorted(map(sorted, polylines_of(xs, ys))) == [[(-1, 0), (0, -1)], [(0, 1), (1, 0)]]
    assert level_polylines(g, g, np.ones((21, 21)), 0.0) == ([], [])


def test_joined_segments_share_end_points_and_drop_degenerate_ones():
    segments = [((1, 0), (2, 0)), ((0, 0), (1, 0)), ((5, 5), (5, 5)), ((2, 0), (2, 1))]
    xs, ys = join_segments(segments, digits=(0, 0))
    assert polylines_of(xs, ys) == [[(0, 0), (1, 0), (2, 0), (2, 1)]]


def test_level_trace_lines_and_legend_entries():
    style = style_for(False)
    trace = level_trace([0, 1, None], [1, 2, None], "f = 0", style, width=0.6, dash="dash", xaxis="x")
    assert trace["mode"] == "lines" and trace["x"] == [0, 1, None] and trace["xaxis"] == "x"
    assert trace["line"] == dict(color=BLACK, width=style.line_width * 0.6, dash="dash")
