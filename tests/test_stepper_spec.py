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
