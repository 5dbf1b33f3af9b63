"""Small multiples: the panels laid out as make_subplots lays them out, every panel framed over the
same ranges (make_subplots is the oracle here; the app no longer uses it)."""

import base64

import numpy as np
import pytest
from plotly.subplots import make_subplots

from ui.charts import DISPLAY_MARKERS
from ui.charts import display_sample
from ui.figures import Axes
from ui.panels import BOX
from ui.panels import gallery_layout
from ui.panels import grid_domains
from ui.panels import panel_title
from ui.panels import panels_figure
from ui.theme import NORMAL
from ui.theme import PROJECTOR

SHAPES = [(1, 4, 0.03, 0.12), (2, 2, 0.03, 0.12), (2, 2, 0.04, 0.1), (3, 2, 0.05, 0.09), (2, 3, 0.03, 0.1)]


def decoded(value):
    """A typed-array spec's numbers (or the plain list as it is)."""
    if isinstance(value, dict):
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
    return np.asarray(value)


@pytest.mark.parametrize("rows, cols, h, v", SHAPES)
def test_domains_and_anchors_are_those_of_make_subplots(rows, cols, h, v):
    titles = [f"panel {k}" for k in range(rows * cols - 1)]  # one cell without a title (or a panel)
    oracle = make_subplots(rows=rows, cols=cols, subplot_titles=titles, horizontal_spacing=h,
                           vertical_spacing=v).to_dict()["layout"]
    panels = [[dict(type="scatter", x=[0.0], y=[0.0])] for _ in titles]
    layout = panels_figure(panels, titles, Axes((0, 1), (-2, 2)), NORMAL, cols, (h, v)).to_dict()["layout"]
    assert len(grid_domains(rows, cols, h, v)) == rows * cols
    for name in [k for k in oracle if k.startswith(("xaxis", "yaxis"))]:
        assert layout[name]["anchor"] == oracle[name]["anchor"]
        np.testing.assert_allclose(layout[name]["domain"], oracle[name]["domain"], rtol=0, atol=1e-9)
    assert {k for k in layout if k.startswith(("xaxis", "yaxis"))} == {
        k for k in oracle if k.startswith(("xaxis", "yaxis"))}
    assert len(layout["annotations"]) == len(oracle["annotations"])
    for mine, theirs in zip(layout["annotations"], oracle["annotations"], strict=True):
        assert mine["text"] == theirs["text"]
        assert (mine["xanchor"], mine["yanchor"], mine["showarrow"]) == ("center", "bottom", False)
        np.testing.assert_allclose([mine["x"], mine["y"]], [theirs["x"], theirs["y"]], rtol=0, atol=1e-9)


def test_every_panel_is_framed_over_the_same_ranges_with_titles_a_size_smaller():
    spec = panels_figure([[], [], []], ["a", "b", "c"], Axes((0, 1), (-2, 2)), PROJECTOR, height=500)
    layout = spec.to_dict()["layout"]
    for n in ("", "2", "3", "4"):  # the empty fourth cell is framed too, as boxed make_subplots framed it
        assert layout[f"xaxis{n}"]["range"] == [0, 1] and layout[f"yaxis{n}"]["range"] == [-2, 2]
        assert {k: layout[f"yaxis{n}"][k] for k in BOX} == BOX
    assert all(a["font"] == dict(size=PROJECTOR.font_size - 2) for a in layout["annotations"])
    assert layout["height"] == 500 and layout["plot_bgcolor"] == "white"
    assert layout["font"] == dict(size=PROJECTOR.font_size)


def test_traces_keep_their_numbers_and_sit_in_their_panel():
    x = np.linspace(-1, 1, 7)
    ids = np.arange(7)
    panels = [[dict(type="scatter", x=x, y=x**2, customdata=ids, mode="markers")],
              [dict(type="scatter", x=x, y=-x, mode="lines"), dict(type="scatter", x=[0.5], y=[0.25])]]
    data = panels_figure(panels, ["a", "b"], Axes((-1, 1), (-1, 1)), NORMAL).to_dict()["data"]
    assert [(tr["xaxis"], tr["yaxis"]) for tr in data] == [("x", "y"), ("x2", "y2"), ("x2", "y2")]
    np.testing.assert_array_equal(decoded(data[0]["x"]), x)
    np.testing.assert_array_equal(decoded(data[0]["y"]), x**2)
    np.testing.assert_array_equal(decoded(data[0]["customdata"]), ids)
    np.testing.assert_array_equal(decoded(data[1]["y"]), -x)
    assert data[2]["x"] == [0.5]


def test_many_points_are_thinned_per_panel_as_a_plotly_figure_would_be():
    n = DISPLAY_MARKERS // 2
    x = np.random.default_rng(0).normal(size=n)
    panels = [[dict(type="scatter", x=x, y=x, mode="markers", customdata=np.full(n, k))] for k in range(4)]
    spec = panels_figure(panels, list("abcd"), Axes((-3, 3), (-3, 3)), NORMAL)
    old = make_subplots(rows=2, cols=2)
    for k, traces in enumerate(panels):
        old.add_trace(traces[0], row=k // 2 + 1, col=k % 2 + 1)
    assert spec.drawn() == display_sample(old)[1:] and spec.drawn()[2] == 4
    assert display_sample(spec) == (spec, *spec.drawn())
    assert sum(len(decoded(tr["x"])) for tr in spec.to_dict()["data"]) <= DISPLAY_MARKERS


def test_a_gallery_has_its_title_above_and_no_legend():
    layout = gallery_layout(NORMAL, "six starts", 640, clickmode="event+select", dragmode=False)
    assert layout["title"]["text"] == "six starts" and layout["showlegend"] is False
    assert (layout["clickmode"], layout["dragmode"], layout["height"]) == ("event+select", False, 640)


def test_panel_titles_sit_on_their_paper_height():
    title = panel_title("α", 0.5, 0.41, NORMAL)
    assert (title["x"], title["y"], title["xref"], title["yref"]) == (0.5, 0.41, "paper", "paper")
    assert title["yanchor"] == "bottom" and title["font"] == dict(size=NORMAL.font_size)
