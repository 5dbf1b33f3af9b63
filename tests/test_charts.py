"""Display sampling of large scatter charts (ui.charts.display_sample) and the figure spec a chart sends."""

import base64
import json

import numpy as np
import orjson
import plotly.graph_objects as go
import plotly.io as pio
import pytest
from plotly.subplots import make_subplots

from ui.charts import DISPLAY_MARKERS
from ui.charts import display_sample
from ui.charts import figure_dict
from ui.charts import frames_digest
from ui.charts import typed


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
    drawn, shown, total, panels = display_sample(fig)
    assert drawn is fig and shown == total == 150 and panels == 1


def test_markers_beyond_the_limit_are_thinned_alike_and_lines_kept_whole():
    drawn, shown, total, panels = display_sample(big_figure())
    a, b, line = drawn["data"]
    assert total == 12_000 and panels == 1 and shown == len(a["x"]) + len(b["x"]) == DISPLAY_MARKERS
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
    drawn, *_ = display_sample(big_figure(frames=True))
    np.testing.assert_array_equal(drawn["frames"][0]["data"][0]["customdata"], drawn["data"][0]["customdata"])


def test_a_few_centres_and_the_invisible_edit_grid_are_drawn_whole():
    fig = big_figure()
    fig.add_trace(dict(type="scatter", mode="markers", x=[0.0, 1.0, 2.0], y=[0.0, 1.0, 2.0]))  # 3 centres
    grid = np.arange(988.0)
    fig.add_trace(dict(type="scatter", mode="markers", x=grid, y=grid, marker=dict(opacity=0)))
    drawn, shown, total, _ = display_sample(fig)
    a, b, _, centres, edit_grid = drawn["data"]
    assert len(centres["x"]) == 3 and len(edit_grid["x"]) == 988
    assert total == 12_003 and shown == len(a["x"]) + len(b["x"]) + 3 == DISPLAY_MARKERS


def test_the_caption_of_small_multiples_counts_the_points_of_one_panel():
    fig = make_subplots(rows=3, cols=2)
    x = np.arange(5000.0)
    for i in range(6):
        trace = go.Scatter(x=x, y=x, mode="markers", customdata=np.full(5000, i))
        fig.add_trace(trace, row=i // 2 + 1, col=i % 2 + 1)
    drawn, shown, total, panels = display_sample(fig)
    assert (shown, total, panels) == (833, 5000, 6)
    assert [len(tr["x"]) for tr in drawn["data"]] == [833] * 6


def test_the_frames_digest_follows_every_number_of_the_frames():
    """ui.charts sends frames again only when their digest changes: equal frames give equal digests, a
    change to one array value, its dtype or a label gives a new one."""

    def frames(y, label="step 1", dtype=np.float32):
        return [{"data": [{"x": np.arange(3.0), "y": np.asarray(y, dtype=dtype)}], "name": "0",
                 "layout": {"title": {"text": label}}}]

    same = frames_digest(frames([1, 2, 3]))
    assert frames_digest(frames([1, 2, 3])) == same
    assert len({same, frames_digest(frames([1, 2, 4])), frames_digest(frames([1, 2, 3], "step 2")),
                frames_digest(frames([1, 2, 3], dtype=np.float64))}) == 4


def _decoded(obj):
    """A JSON figure with plotly.js typed arrays read back as lists."""
    if isinstance(obj, dict) and "bdata" in obj:
        values = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=obj["dtype"])
        shape = [int(s) for s in obj.get("shape", str(len(values))).split(",")]
        return values.reshape(shape).tolist()
    if isinstance(obj, dict):
        return {k: _decoded(v) for k, v in obj.items()}
    return [_decoded(v) for v in obj] if isinstance(obj, list) else obj


def test_text_colour_and_object_arrays_are_sent_as_lists_that_orjson_writes_without_plotlys_clean():
    colours, names = np.array(["#1f77b4", "#ff7f0e"]), np.array(["a", None, 2.5], dtype=object)
    fig = go.Figure(go.Scatter(x=np.arange(2), y=np.ones(2), text=np.array(["x", "y"]),
                               marker=dict(color=colours)))
    fig.add_bar(x=np.arange(3), y=np.ones(3), hovertext=names)
    spec = typed(figure_dict(fig))
    assert spec["data"][0]["marker"]["color"] == ["#1f77b4", "#ff7f0e"]
    assert spec["data"][1]["hovertext"] == ["a", None, 2.5]
    # orjson writes it in one go: with a numpy array of text it fails, and Plotly then walks the
    # whole figure value by value (a gmm·hard chart: 0.30 ms instead of 0.06)
    orjson.dumps(spec, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY)
    with pytest.raises(TypeError):
        orjson.dumps({"color": colours}, option=orjson.OPT_SERIALIZE_NUMPY)
    assert _decoded(json.loads(pio.to_json(spec, validate=False))) == _decoded(
        json.loads(pio.to_json(fig.to_dict(), validate=False)))


def test_a_figure_is_sent_with_the_numbers_plotly_would_send_without_its_deep_copy():
    fig = go.Figure(go.Scatter(x=np.arange(5), y=np.linspace(0, 1, 5), customdata=np.arange(5)[:, None],
                               text=["a", "b", "c", "d", "e"], marker=dict(size=np.array([1, 2, 3, 4, 5]))),
                    layout=dict(xaxis=dict(range=np.array([0.0, 4.0])), template="plotly_white"))
    fig.add_heatmap(z=np.arange(12.0).reshape(3, 4), x=np.array([1, 2**40, 3, 4]))
    fig.frames = [go.Frame(data=[go.Scatter(x=np.arange(3), y=np.ones(3))], name="0")]
    ours = json.loads(pio.to_json(typed(figure_dict(fig)), validate=False))
    plotly = json.loads(pio.to_json(fig.to_dict(), validate=False))
    assert _decoded(ours) == _decoded(plotly)
    assert ours["layout"]["xaxis"]["range"] == [0.0, 4.0]                 # plotly.js reads ranges as lists
    assert ours["data"][1]["x"] == [1, 2**40, 3, 4]                      # no 64-bit integer arrays there
    assert ours["data"][0]["y"]["dtype"] == "f8" and ours["data"][1]["z"]["shape"] == "3, 4"
    assert figure_dict(fig)["data"][0]["y"] is fig._data[0]["y"]       # read, not copied
