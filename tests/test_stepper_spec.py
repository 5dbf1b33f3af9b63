"""Animation frames are sent as plotly.js typed arrays: the bytes must decode to the same numbers."""

import base64

import numpy as np

from ui.charts import typed

DTYPES = {"f4": np.float32, "f8": np.float64, "i4": np.int32}


def decode(spec: dict) -> np.ndarray:
    return np.frombuffer(base64.b64decode(spec["bdata"]), DTYPES[spec["dtype"]])


def test_frames_in_single_precision_round_trip():
    values = np.array([0.1, -2.5, 1e6])
    spec = typed({"x": values}, f32=True)["x"]
    assert spec["dtype"] == "f4"
    np.testing.assert_allclose(decode(spec), values, rtol=1e-7)


def test_a_diverged_run_keeps_double_precision_instead_of_turning_into_infinity():
    values = np.array([1.0, 1e200, np.nan])
    spec = typed({"y": values}, f32=True)["y"]
    assert spec["dtype"] == "f8"
    np.testing.assert_array_equal(decode(spec), values)


def test_int64_labels_travel_as_int32_and_2d_arrays_keep_their_shape():
    spec = typed({"z": np.arange(6).reshape(2, 3)})["z"]
    assert spec["dtype"] == "i4" and spec["shape"] == "2, 3"
    np.testing.assert_array_equal(decode(spec), np.arange(6))


def test_a_polyline_list_is_kept_and_arrays_inside_lists_are_still_typed():
    line = [0.0, 1.5, None, 2.0]
    spec = typed({"data": [{"x": line, "y": np.arange(3.0)}], "names": ("a", "b")})
    assert spec["data"][0]["x"] is line and spec["names"] == ("a", "b")
    np.testing.assert_array_equal(decode(spec["data"][0]["y"]), np.arange(3.0))
    nested = typed([1.0, [np.arange(2.0)]])
    assert nested[0] == 1.0 and decode(nested[1][0]).tolist() == [0.0, 1.0]


def test_the_frames_leave_the_stepper_as_numbers_and_are_typed_only_when_sent():
    import plotly.graph_objects as go

    from ui.stepper import StepView
    from ui.stepper import animated_figure

    def frame(s):
        return [dict(type="scatter", x=np.arange(3.0), y=np.full(3, float(s)))]

    view = StepView(go.Figure(), frame, str)
    spec = animated_figure(view, 5, 4)[0].to_dict()
    assert isinstance(spec["frames"][1]["data"][0]["y"], np.ndarray)  # digested as bytes, not base64
    assert spec["data"][0]["y"]["dtype"] == "f8"  # the figure itself is typed
    sent = typed(spec["frames"], f32=True)[1]["data"][0]["y"]
    assert sent["dtype"] == "f4" and decode(sent).tolist() == [1.0, 1.0, 1.0]


def test_a_stream_gets_one_frame_per_point_and_its_own_speed():
    import plotly.graph_objects as go

    from ui.stepper import StepView
    from ui.stepper import animated_figure

    def frame(s):
        return [dict(type="scatter", x=np.arange(s + 1.0), y=np.zeros(s + 1))]

    view = StepView(go.Figure(), frame, str, max_frames=100, frame_ms=250)
    spec = animated_figure(view, 90, 89)[0].to_dict()
    assert [f["name"] for f in spec["frames"]] == [str(s) for s in range(90)]
    assert spec["layout"]["updatemenus"][0]["buttons"][0]["args"][1]["frame"]["duration"] == 250
    default = animated_figure(StepView(go.Figure(), frame, str), 90, 89)[0].to_dict()
    assert len(default["frames"]) == 40


def k_means_like_view(n=20_000, steps=30):
    """Two clusters whose members change every step, rings around the points that moved, 3 centres."""
    import plotly.graph_objects as go

    from ui.stepper import StepView

    X = np.random.default_rng(0).normal(size=(n, 2))
    labels = [(X[:, 0] > 0.1 * s - 1.5).astype(int) for s in range(steps)]

    def frame(s):
        moved = np.flatnonzero(labels[s] != labels[s - 1]) if s else np.zeros(0, int)
        clusters = [np.flatnonzero(labels[s] == k) for k in (0, 1)]
        return [
            *[dict(type="scatter", mode="markers", x=X[i, 0], y=X[i, 1], customdata=i) for i in clusters],
            dict(type="scatter", mode="markers", x=X[moved, 0], y=X[moved, 1], customdata=moved),
            dict(type="scatter", mode="markers", x=np.zeros(3), y=np.zeros(3)),
        ]

    return X, frame, StepView(go.Figure(), frame, str)


def test_a_large_stepper_draws_the_same_sample_of_points_in_every_frame():
    from ui.charts import DISPLAY_MARKERS
    from ui.stepper import drawn_points
    from ui.stepper import frame_steps

    X, frame, _ = k_means_like_view()
    frames = [frame(s) for s in frame_steps(30)]
    drawn = drawn_points([], frames)
    kept = np.flatnonzero(drawn.kept)
    assert 0 < len(kept) < DISPLAY_MARKERS
    for s in range(30):  # every step, in the animation or not
        *clusters, rings, centres = drawn.thin(frame(s))
        ids = np.concatenate([c["customdata"] for c in clusters])
        np.testing.assert_array_equal(np.sort(ids), kept)  # the same points, wherever their cluster
        for trace in (*clusters, rings):  # clicks map to the right point
            np.testing.assert_array_equal(trace["x"], X[trace["customdata"], 0])
        assert set(rings["customdata"]) <= set(kept)  # rings only around drawn points
        assert len(centres["x"]) == 3
        assert sum(len(tr["x"]) for tr in (*clusters, rings, centres)) <= DISPLAY_MARKERS + 50


def test_the_stepper_says_how_many_of_its_points_it_draws():
    from ui.charts import DISPLAY_MARKERS
    from ui.stepper import animated_figure

    X, frame, view = k_means_like_view()
    spec, shown, total = animated_figure(view, 30, 29)
    assert total == len(X) and 0 < shown < DISPLAY_MARKERS
    first = spec.to_dict()["data"][0]
    ids = decode(first["customdata"])
    np.testing.assert_allclose(decode(first["x"]), X[ids, 0])
    _, shown_small, total_small = animated_figure(k_means_like_view(n=2000)[2], 30, 29)
    assert shown_small == total_small  # no caption


def test_points_in_the_static_figure_are_thinned_and_counted_by_the_points_there_are():
    """A growth chart draws its points once, in the static figure; a view may pass a sample of its own
    (customdata = indices of the full data): the caption counts the points given, not the largest index."""
    import plotly.graph_objects as go

    from ui.charts import DISPLAY_MARKERS
    from ui.stepper import StepView
    from ui.stepper import animated_figure

    X = np.random.default_rng(1).normal(size=(20_000, 2))

    def line(step):
        return [dict(type="scatter", mode="lines", x=[0.0, 0.0], y=[-1.0, 1.0])]

    for given in (np.arange(20_000), np.sort(np.random.default_rng(2).choice(20_000, 8_000, replace=False))):
        static = go.Figure(go.Scatter(x=X[given, 0], y=X[given, 1], mode="markers", customdata=given))
        spec, shown, total = animated_figure(StepView(static, line, str), 5, 4)
        points = spec.to_dict()["data"][0]
        ids = decode(points["customdata"])
        assert (shown, total) == (DISPLAY_MARKERS, len(given)) and len(ids) == DISPLAY_MARKERS
        assert set(ids) <= set(given)
        np.testing.assert_array_equal(decode(points["x"]), X[ids, 0])


def test_frames_from_a_source_are_made_only_when_sent_and_equal_the_frames_made_step_by_step():
    import plotly.graph_objects as go

    from ui.charts import LazyFrames
    from ui.stepper import FrameSource
    from ui.stepper import StepView
    from ui.stepper import animated_figure

    made = []

    def frame(s, scale=1.0):
        return [dict(type="scatter", x=np.arange(3.0), y=np.full(3, scale * s))]

    def source(scale):
        def build():
            made.append(scale)
            return {s: frame(s, scale) for s in range(60)}
        return FrameSource(("fit", np.array([scale])), build)

    eager = animated_figure(StepView(go.Figure(), frame, str), 60, 59)[0].to_dict()
    lazy = animated_figure(StepView(go.Figure(), frame, str, frames=source(1.0)), 60, 59)[0].to_dict()
    assert isinstance(lazy["frames"], LazyFrames) and made == []
    assert lazy["data"] == eager["data"] and lazy["layout"] == eager["layout"]
    frames = lazy["frames"].build()
    assert made == [1.0] and len(frames) == 40
    assert str(typed(frames, f32=True)) == str(typed(eager["frames"], f32=True))
    other = animated_figure(StepView(go.Figure(), frame, str, frames=source(2.0)), 60, 59)[0].to_dict()
    again = animated_figure(StepView(go.Figure(), frame, str, frames=source(1.0)), 60, 59)[0].to_dict()
    assert other["frames"].digest != lazy["frames"].digest == again["frames"].digest
    assert made == [1.0]
