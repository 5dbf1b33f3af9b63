"""Small multiples: every panel framed over the same ranges."""

from plotly.subplots import make_subplots

from ui.figures import Axes
from ui.panels import boxed_panels
from ui.panels import panel_title
from ui.theme import NORMAL


def test_boxed_panels_share_ranges_and_hide_ticks():
    panels = make_subplots(rows=1, cols=2, subplot_titles=["a", "b"])
    fig = boxed_panels(panels, Axes((0, 1), (-2, 2)), NORMAL)
    for axis in (fig.layout.xaxis, fig.layout.xaxis2):
        assert tuple(axis.range) == (0, 1) and axis.showticklabels is False and axis.mirror is True
    assert tuple(fig.layout.yaxis2.range) == (-2, 2) and fig.layout.yaxis2.showgrid is False
    assert all(a.font.size == NORMAL.font_size - 2 for a in fig.layout.annotations)


def test_panel_titles_sit_on_their_paper_height():
    title = panel_title("α", 0.5, 0.41, NORMAL)
    assert (title["x"], title["y"], title["xref"], title["yref"]) == (0.5, 0.41, "paper", "paper")
    assert title["yanchor"] == "bottom" and title["font"] == dict(size=NORMAL.font_size)
