"""Display sampling of large scatter charts (ui.charts.display_sample)."""

import numpy as np
import plotly.graph_objects as go

from ui.charts import DISPLAY_MARKERS
from ui.charts import display_sample


def big_figure(n_a=8000, n_b=4000, frames=False) -> go.Figure:
    a, b = np.arange(n_a), np.arange(n_b)
    line = np.linspace(0, 1, 20_000)
    fig = go.Figure([
        dict(type="scatter", mode="markers", x=2.0 * a, y=a, customdata=a,
             marker=dict(size=a % 7, color="red")),
        dict(type="scatter", mode="markers", x=3.0 * b, y=b, customdata=b),
        dict(type="scatter", mode="lines", x=line, y=line),
    ])
    if frames:
        fig.frames = [go.Frame(data=[dict(type="scatter", mode="markers", x=2.0 * a, y=a, customdata=a)])]
    return fig


def test_a_small_figure_is_drawn_as_it_is():
    fig = big_figure(100, 50)
    drawn, shown, total = display_sample(fig)
    assert drawn is fig and shown == total == 150


def test_markers_beyond_the_limit_are_thinned_alike_and_lines_kept_whole():
    drawn, shown, total = display_sample(big_figure())
    a, b, line = drawn["data"]
    assert total == 12_000 and shown == len(a["x"]) + len(b["x"]) == DISPLAY_MARKERS
    assert len(a["x"]) == round(8000 * DISPLAY_MARKERS / 12_000)  # each trace keeps the same share
    for trace, scale in ((a, 2.0), (b, 3.0)):
        index = np.asarray(trace["customdata"])
        assert len(np.unique(index)) == len(index)  # no point twice
        np.testing.assert_array_equal(trace["x"], scale * index)  # x, y and customdata cut alike
        np.testing.assert_array_equal(trace["y"], index)
    np.testing.assert_array_equal(a["marker"]["size"], np.asarray(a["customdata"]) % 7)
    assert a["marker"]["color"] == "red"
    assert len(line["x"]) == 20_000


def test_frames_of_an_animation_keep_the_same_points():
    drawn, _, _ = display_sample(big_figure(frames=True))
    np.testing.assert_array_equal(drawn["frames"][0]["data"][0]["customdata"], drawn["data"][0]["customdata"])
