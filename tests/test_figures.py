"""The shared figure builders are pure functions: check the numbers they put into a figure."""

import numpy as np
import pytest

from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import decision_surface
from ui.figures import discrete_scale
from ui.figures import grid_points
from ui.figures import line_points
from ui.figures import padded_range
from ui.figures import regression_figure
from ui.figures import scatter_axes
from ui.figures import title_room
from ui.heatmaps import heatmap_figure
from ui.theme import style_for


@pytest.mark.parametrize("theta", [(1.0, 2.0, -3.0), (-5.0, 0.0, 1.0), (0.3, 1.0, 0.0), (40.0, 7.0, 7.0)])
def test_line_points_lie_on_the_line_and_span_the_plot(theta):
    x_range, y_range = (-2.0, 3.0), (-1.0, 4.0)
    xs, ys = line_points(theta, x_range, y_range)
    assert xs.shape == ys.shape == (2,)
    np.testing.assert_allclose(theta[0] + theta[1] * xs + theta[2] * ys, 0.0, atol=1e-9)
    # far enough that Plotly's clipping, not the end points, decides what is seen
    assert np.hypot(xs[1] - xs[0], ys[1] - ys[0]) >= 2 * np.hypot(5.0, 5.0)


@pytest.mark.parametrize("theta", [(1.0, 0.0, 0.0), (0.0, np.nan, 1.0), (2.0, 1e-15, 0.0)])
def test_line_points_of_a_degenerate_normal_draw_nothing(theta):
    xs, ys = line_points(theta, (0.0, 1.0), (0.0, 1.0))
    assert xs.size == ys.size == 0


def test_grid_points_rows_follow_y_and_columns_follow_x():
    gx, gy, points = grid_points((0.0, 1.0), (10.0, 12.0), resolution=3)
    np.testing.assert_allclose(gx, [0.0, 0.5, 1.0])
    np.testing.assert_allclose(gy, [10.0, 11.0, 12.0])
    grid = points.reshape(3, 3, 2)
    np.testing.assert_allclose(grid[1, :, 0], gx)
    np.testing.assert_allclose(grid[:, 1, 1], gy)


def test_padded_range_widens_by_the_span_and_survives_constant_data():
    assert padded_range(np.array([0.0, 10.0]), 0.1) == pytest.approx((-1.0, 11.0))
    lo, hi = padded_range(np.array([3.0, 3.0]), 0.5)
    assert lo < 3.0 < hi


def test_decision_surface_is_a_uint8_heatmap_with_one_level_line_per_level():
    gx, gy, points = grid_points((-1.0, 1.0), (-1.0, 1.0), resolution=5)
    decision = (2 * (points[:, 0] - 0.2)).reshape(5, 5)  # f = -1, 0, 1 on x = -0.3, 0.2, 0.7
    traces = decision_surface(
        gx, gy, (decision > 0).astype(int), style_for(False), n_classes=2, decision=decision
    )
    heat, *lines = traces
    assert heat.z.dtype == np.uint8
    assert (heat.zmin, heat.zmax) == (-0.5, 1.5)
    assert [line["line"]["dash"] for line in lines] == ["dash", "solid", "dash"]
    for x, line in zip((-0.3, 0.2, 0.7), lines, strict=True):
        xs = [v for v in line["x"] if v is not None]
        assert len(xs) == 5 and np.allclose(xs, x) and not line["showlegend"]


def test_discrete_scale_gives_each_class_a_flat_band():
    scale = discrete_scale(["#000000", "#ffffff", "#ff0000"])
    assert scale == [
        [0.0, "#000000"],
        [1 / 3, "#000000"],
        [1 / 3, "#ffffff"],
        [2 / 3, "#ffffff"],
        [2 / 3, "#ff0000"],
        [1.0, "#ff0000"],
    ]


def test_scatter_axes_choose_equal_scales_unless_told():
    X = np.array([[0.0, 0.0], [10.0, 1.0]])  # spans 10 : 1, units too different for equal scales
    auto = scatter_axes(X, ("a", "<b>"))
    assert not auto.equal and auto.x_range == padded_range(X[:, 0]) and auto.y_title == "&lt;b&gt;"
    assert scatter_axes(X, ("a", "b"), equal=True).equal
    square = X * [1, 10]
    assert scatter_axes(square, ("a", "b")).equal and not scatter_axes(square, ("a", "b"), equal=False).equal


def test_curves_figure_leaves_room_for_the_legend_rows_asked_for():
    style = style_for(False)
    curve = Curve("J", np.arange(3.0), np.arange(3.0), "#000000")
    axes = Axes((0, 2), (0, 2))
    one, four = (curves_figure([curve], axes, style, title="t", legend_rows=r) for r in (1, 4))
    assert four.layout.margin.t - one.layout.margin.t == pytest.approx(3 * 1.7 * style.font_size, abs=1)
    assert one.data[0].mode == "lines"


def legend_top_px(layout) -> float:
    """How far below the top of the figure its legend starts, in pixels."""
    assert layout.legend.yref == "container" and layout.legend.yanchor == "top"
    return (1 - layout.legend.y) * layout.height


@pytest.mark.parametrize("projector", [False, True])
@pytest.mark.parametrize("height", [200, 440, 900])
def test_the_legend_hangs_right_under_the_title_whatever_the_height(projector, height):
    """In pixels, not in fractions of the plot: more legend rows than planned push the plot down, never
    the legend up into the title (it did, by up to 19 px, in a 1280 px window in Chinese)."""
    style = style_for(projector)
    titled = base_figure(style, Axes((0, 1), (0, 1)), "title", height, legend_rows=2)
    assert legend_top_px(titled.layout) == pytest.approx(2 * style.title_size)
    assert titled.layout.margin.t >= 2 * style.title_size + 2 * 1.7 * style.font_size
    untitled = base_figure(style, Axes((0, 1), (0, 1)), "", height)
    assert legend_top_px(untitled.layout) == pytest.approx(0)
    heat = heatmap_figure(np.ones((2, 2)), ["a", "b"], ["c", "d"], ("x", "y"), style, title="t",
                          height=height)
    assert heat.layout.height == height and legend_top_px(heat.layout) == pytest.approx(2 * style.title_size)


@pytest.mark.parametrize(
    "y_range,widest",
    [((-3.77, 7.87), "-3"), ((-0.31, 0.29), "-0.25"), ((-1250.0, 40.0), "-1200"), ((0.2, 0.9), "0.25")],
)
def test_an_equal_scale_chart_has_a_left_margin_for_its_widest_y_label(y_range, widest):
    """plotly.js does not size its left margin (automargin went round a circle with the legend's rows
    until it gave up): the margin holds the title and the widest tick label at the finest spacing
    plotly.js would choose (about 15 ticks over the range)."""
    style = style_for(False)
    x_range = (y_range[0], y_range[0] + 0.8 * (y_range[1] - y_range[0]))
    layout = base_figure(style, Axes(x_range, y_range, "x", "y", equal=True)).layout
    assert layout.yaxis.automargin is False and layout.yaxis.scaleanchor == "x"
    assert layout.margin.l == int(style.font_size * (0.6 * len(widest) + 2.4))


def test_title_room_moves_the_legend_and_the_plot_down_by_the_same_room():
    """A stepper titles a figure built without one: its legend and plot move down together."""
    style = style_for(True)
    layout = base_figure(style, Axes((0, 1), (0, 1)), "", 500).to_plotly_json()["layout"]
    moved = {**layout, **title_room(layout)}
    assert moved["margin"]["t"] - layout["margin"]["t"] == 2 * style.title_size
    assert (layout["legend"]["y"] - moved["legend"]["y"]) * 500 == pytest.approx(2 * style.title_size)
    assert moved["legend"]["orientation"] == "h" and layout["legend"]["y"] == 1.0  # not modified


def test_regression_figure_draws_the_curves_over_the_points_and_lists_them_first():
    x = np.linspace(0, 1, 5)
    curves = [Curve("true", x, x, "#000000", "dash"), Curve("fit", x, x + 0.1, "#00ff00")]
    fig = regression_figure(x, x, curves, Axes((0, 1), (0, 1)), style_for(False), data_name="train",
                            test=(x, x), test_name="test")
    assert [tr.name for tr in fig.data] == ["test", "train", "true", "fit"]  # drawn in this order
    legend = sorted(range(4), key=lambda i: (fig.data[i].legendrank or 1000, i))
    assert [fig.data[i].name for i in legend] == ["true", "fit", "test", "train"]
    np.testing.assert_array_equal(fig.data[1].customdata, np.arange(5))  # clicks find the sample


def test_curves_figure_log_axes_hold_the_log_range_and_markers():
    style = style_for(False)
    curve = Curve("err", np.array([1.0, 10.0, 100.0]), np.array([0.5, 0.05, 0.01]), "#000000")
    fig = curves_figure([curve], Axes((1, 100), (0.01, 1)), style, log_x=True, log_y=True, markers=True)
    assert fig.layout.xaxis.type == fig.layout.yaxis.type == "log"
    np.testing.assert_allclose(fig.layout.xaxis.range, [0.0, 2.0])
    np.testing.assert_allclose(fig.layout.yaxis.range, [-2.0, 0.0])
    assert fig.layout.xaxis.exponentformat == "power" and fig.data[0].mode == "lines+markers"


def test_heatmap_figure_labels_every_cell_and_marks_the_best_and_selected():
    z = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    fig = heatmap_figure(z, [0.1, 1, 10], ["a", "b"], ("C", "σ"), style_for(False), best=(1, 2),
                         selected=(0, 1), colorbar_title="err", title="grid", best_name="best",
                         selected_name="now")
    heat, cells, selected, best = fig.data
    np.testing.assert_array_equal(heat.z, z)
    assert heat.colorbar.title.text == "err" and heat.reversescale
    assert list(cells.text) == ["0.1, a: 1", "1, a: 2", "10, a: 3", "0.1, b: 4", "1, b: 5", "10, b: 6"]
    np.testing.assert_array_equal(cells.customdata, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
    assert (selected.x, selected.y, best.x, best.y) == ((1,), (0,), (2,), (1,))
    assert list(fig.layout.xaxis.ticktext) == ["0.1", "1", "10"]
    assert list(fig.layout.yaxis.ticktext) == ["a", "b"]
    assert fig.layout.xaxis.range == (-0.5, 2.5) and fig.layout.yaxis.range == (-0.5, 1.5)
    assert fig.layout.xaxis.title.text == "C" and fig.layout.title.text == "grid"
    assert fig.layout.clickmode == "event+select"
