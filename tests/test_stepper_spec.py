"""Animation frames are sent as plotly.js typed arrays: the bytes must decode to the same numbers."""

import base64

import numpy as np

from ui.stepper import typed

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


def test_a_stream_gets_one_frame_per_point_and_its_own_speed():
    import plotly.graph_objects as go

    from ui.stepper import StepView
    from ui.stepper import animated_figure

    def frame(s):
        return [dict(type="scatter", x=np.arange(s + 1.0), y=np.zeros(s + 1))]

    view = StepView(go.Figure(), frame, str, max_frames=100, frame_ms=250)
    spec = animated_figure(view, 90, 89).to_dict()
    assert [f["name"] for f in spec["frames"]] == [str(s) for s in range(90)]
    assert spec["layout"]["updatemenus"][0]["buttons"][0]["args"][1]["frame"]["duration"] == 250
    default = animated_figure(StepView(go.Figure(), frame, str), 90, 89).to_dict()
    assert len(default["frames"]) == 40
