"""Deep-learning building blocks (seed 003 §7.6–7.7): the seed's convolution matrices exactly, scipy
parity, pooling, attention weights summing to 1, positional encoding, recurrent cells."""

import numpy as np
import pytest
from scipy.signal import correlate2d

from algorithms import EDGE_KERNELS
from algorithms import RNN
from algorithms import conv2d
from algorithms import conv_output_shape
from algorithms import pad2d
from algorithms import pool2d
from algorithms import positional_encoding
from algorithms import scaled_dot_attention
from algorithms import synthetic_image

X3 = np.arange(9.0).reshape(3, 3)
K2 = np.array([[0.0, 1.0], [2.0, 3.0]])


def test_seed_39_window_sum_is_minus_2():
    patch = np.array([[3.0, 4.0, 5.0], [3.0, 2.0, 1.0], [3.0, 4.0, 5.0]])
    kernel = np.array([[-1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [-1.0, 1.0, -1.0]])
    assert conv2d(patch, kernel)[0, 0] == -2.0


def test_seed_40_padding_example():
    assert pad2d(X3, 1).shape == (5, 5)
    expected = [[0, 3, 8, 4], [9, 19, 25, 10], [21, 37, 43, 16], [6, 7, 8, 0]]
    np.testing.assert_array_equal(conv2d(X3, K2, padding=1), expected)
    assert conv_output_shape((3, 3), (2, 2), 1, 1) == (4, 4)


def test_seed_stride_3_by_2_example():
    np.testing.assert_array_equal(conv2d(X3, K2, padding=1, stride=(3, 2)), [[0, 8], [6, 8]])
    assert conv_output_shape((3, 3), (2, 2), 1, (3, 2)) == (2, 2)


def test_seed_46_vertical_edge_and_47_pooling():
    X = np.tile([1.0, 1.0, 0.0, 0.0, 0.0], (4, 1))
    Y = conv2d(X, EDGE_KERNELS["vertical"])
    np.testing.assert_array_equal(Y, np.tile([0.0, 1.0, 0.0, 0.0], (4, 1)))
    # (47) is reproduced by a 3×3 window, padding 1, stride 1 (the seed calls it 2×2: erratum)
    np.testing.assert_array_equal(pool2d(Y, 3, stride=1, padding=1), np.tile([1.0, 1.0, 1.0, 0.0], (4, 1)))
    np.testing.assert_array_equal(pool2d(X3, 2, stride=1), [[4, 5], [7, 8]])
    np.testing.assert_array_equal(pool2d(X3, 2, stride=1, mode="avg"), [[2, 3], [5, 6]])


@pytest.mark.parametrize("shape,k", [((7, 9), (3, 3)), ((6, 5), (2, 4)), ((8, 8), (5, 1))])
def test_conv2d_equals_scipy_correlate2d(shape, k):
    rng = np.random.default_rng(0)
    X, K = rng.normal(size=shape), rng.normal(size=k)
    np.testing.assert_allclose(conv2d(X, K), correlate2d(X, K, mode="valid"))
    np.testing.assert_allclose(conv2d(X, K, padding=(k[0] - 1, k[1] - 1)), correlate2d(X, K, mode="full"))


def test_channels_are_summed_and_output_channels_stacked():
    rng = np.random.default_rng(1)
    X, K = rng.normal(size=(3, 6, 6)), rng.normal(size=(2, 3, 3, 3))
    Y = conv2d(X, K, padding=1)
    assert Y.shape == (2, 6, 6)
    np.testing.assert_allclose(Y[1], sum(conv2d(X[c], K[1, c], padding=1) for c in range(3)))
    one_by_one = conv2d(X, np.ones((1, 3, 1, 1)))[0]
    np.testing.assert_allclose(one_by_one, X.sum(0))  # a 1×1 kernel mixes channels per pixel


def test_bad_windows_are_refused():
    with pytest.raises(ValueError, match="larger than the padded input"):
        conv2d(X3, np.ones((4, 4)))
    with pytest.raises(ValueError, match="stride"):
        conv2d(X3, K2, stride=5)
    with pytest.raises(ValueError, match="channels"):
        conv2d(np.ones((2, 4, 4)), np.ones((3, 2, 2)))
    with pytest.raises(ValueError, match="padding"):
        conv2d(X3, K2, padding=-1)


def test_attention_weights_sum_to_one():
    rng = np.random.default_rng(0)
    Q, K, V = rng.normal(size=(4, 2)), rng.normal(size=(5, 2)), rng.normal(size=(5, 3))
    out, W = scaled_dot_attention(Q, K, V)
    np.testing.assert_allclose(W.sum(1), 1.0)
    scores = Q @ K.T / np.sqrt(2)
    np.testing.assert_allclose(W, np.exp(scores) / np.exp(scores).sum(1, keepdims=True))
    np.testing.assert_allclose(out, W @ V)
    _, masked = scaled_dot_attention(Q, K, V, mask=np.ones((4, 5), bool))
    np.testing.assert_allclose(masked, 0.2)  # everything hidden: a finite, uniform row


def test_positional_encoding_formula():
    PE = positional_encoding(10, 6)
    assert PE.shape == (10, 6)
    assert PE[3, 2] == pytest.approx(np.sin(3 / 10000 ** (2 / 6)))
    assert PE[3, 3] == pytest.approx(np.cos(3 / 10000 ** (2 / 6)))
    np.testing.assert_allclose(PE[0], [0, 1, 0, 1, 0, 1])


@pytest.mark.parametrize("cell", ["rnn", "lstm", "gru"])
def test_recurrent_cells_follow_their_equations(cell):
    t = np.linspace(0, 6 * np.pi, 80)
    model = RNN(6, cell, scale=1.5, random_state=0).fit(np.sin(t)[:, None], np.sin(t + 0.3))
    steps = model.run(np.sin(t)[:, None])
    assert len(steps) == 80 and steps[-1].h.shape == (6,)
    if cell == "lstm":
        s0, s1 = steps[0], steps[1]
        np.testing.assert_allclose(s1.c, s1.gates["f"] * s0.c + s1.gates["i"] * s1.gates["c~"])  # (50)
        np.testing.assert_allclose(s1.h, s1.gates["o"] * np.tanh(s1.c))  # (51)
    if cell == "gru":
        s0, s1 = steps[0], steps[1]
        z = s1.gates["z"]
        np.testing.assert_allclose(s1.h, (1 - z) * s0.h + z * s1.gates["h~"])
    assert np.mean((model.predict(np.sin(t)[:, None]) - np.sin(t + 0.3)) ** 2) < 0.05


def test_synthetic_image_and_edges():
    img = synthetic_image(32)
    assert img.shape == (32, 32) and 0 <= img.min() and img.max() <= 1
    edges = conv2d(img, EDGE_KERNELS["sobel_x"], padding=1)
    assert edges.shape == (32, 32) and np.abs(edges).max() > 1


def test_two_input_channels_example():
    X = np.stack([np.arange(9.0).reshape(3, 3), np.arange(1.0, 10.0).reshape(3, 3)])
    K = np.stack([np.arange(4.0).reshape(2, 2), np.arange(1.0, 5.0).reshape(2, 2)])
    np.testing.assert_array_equal(conv2d(X, K), [[56, 72], [104, 120]])  # [D] 19 + 37 = 56, …
