"""Deep-learning building blocks from the formulas (seed 003 §7.6–7.7): 2-D convolution (cross-
correlation, as deep learning uses it), padding, stride, channels, pooling; scaled dot-product
attention; sinusoidal positional encoding; recurrent cells (plain, LSTM, GRU).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_random_state

__all__ = ["conv2d", "conv_output_shape", "pad2d", "pool2d", "scaled_dot_attention", "positional_encoding",
           "EDGE_KERNELS", "RNN", "RNNStep", "synthetic_image"]


def _pair(value, name: str, low: int) -> tuple[int, int]:
    pair = (value, value) if np.ndim(value) == 0 else tuple(value)
    if len(pair) != 2 or any(isinstance(v, bool) or int(v) != v or v < low for v in pair):
        raise ValueError(f"The {name} must be a whole number ≥ {low} (or a pair of them); got {value}.")
    return int(pair[0]), int(pair[1])


def _grid(X, name: str) -> FloatArray:
    try:
        X = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"The {name} must contain only numbers.") from None
    if X.ndim not in (2, 3) or X.size == 0:
        raise ValueError(f"The {name} must be a grid (rows × columns) or channels × rows × columns; "
                         f"got shape {X.shape}.")
    if not np.isfinite(X).all():
        raise ValueError(f"The {name} contains missing or infinite values.")
    return X


def pad2d(X, padding, value: float = 0.0) -> FloatArray:
    """X with ``padding`` = (p_h, p_w) rings of ``value`` on every side (seed 003 (40): one ring of zeros)."""
    X = np.asarray(X, dtype=float)
    ph, pw = _pair(padding, "padding", 0)
    widths = [(0, 0)] * (X.ndim - 2) + [(ph, ph), (pw, pw)]
    return np.pad(X, widths, constant_values=value)


def conv_output_shape(n: tuple[int, int], k: tuple[int, int], padding, stride) -> tuple[int, int]:
    """⌊(n − k + 2p + s)/s⌋ per axis (seed 003 (42), with 2p rows and columns of padding in all)."""
    ph, pw = _pair(padding, "padding", 0)
    sh, sw = _pair(stride, "stride", 1)
    return (n[0] - k[0] + 2 * ph + sh) // sh, (n[1] - k[1] + 2 * pw + sw) // sw


def _windows(X, k, padding, stride, pad_value, what: str):
    ph, pw = _pair(padding, "padding", 0)
    sh, sw = _pair(stride, "stride", 1)
    kh, kw = k
    H, W = X.shape[-2] + 2 * ph, X.shape[-1] + 2 * pw
    if kh > H or kw > W:
        raise ValueError(f"The {what} ({kh}×{kw}) is larger than the padded input ({H}×{W}): no window fits. "
                         "Use a smaller window or more padding.")
    if sh > H or sw > W:
        raise ValueError(f"The stride ({sh}, {sw}) is larger than the padded input ({H}×{W}): the window "
                         "could only be placed once. Use a smaller stride.")
    P = pad2d(X, (ph, pw), pad_value)
    return sliding_window_view(P, (kh, kw), axis=(-2, -1))[..., ::sh, ::sw, :, :]


def conv2d(X, K, padding=0, stride=1) -> FloatArray:
    """Y[i, j] = Σ_{m,n} X[i·s_h + m, j·s_w + n]·K[m, n] on the zero-padded input (seed 003 §7.6.1–7.6.3).

    This is cross-correlation, which deep learning calls convolution (the kernel is not flipped; seed
    003 §7.6.1 property 3). X: rows × columns, or channels × rows × columns with K of the same channels
    (the per-channel results are summed, §7.6.3); K of shape c_out × c_in × k_h × k_w gives c_out maps.
    """
    X, K = _grid(X, "input"), np.asarray(K, dtype=float)
    if K.ndim not in (2, 3, 4) or K.size == 0 or not np.isfinite(K).all():
        raise ValueError(f"The kernel must be a finite grid of numbers; got shape {K.shape}.")
    if K.ndim == 2 and X.ndim == 3:
        raise ValueError("A multi-channel input needs one kernel per channel (channels × rows × columns).")
    if K.ndim >= 3 and (X.ndim != 3 or K.shape[-3] != X.shape[0]):
        raise ValueError(f"The kernel has {K.shape[-3]} channels but the input has "
                         f"{X.shape[0] if X.ndim == 3 else 1}: they must match.")
    windows = _windows(X, K.shape[-2:], padding, stride, 0.0, "kernel")
    if K.ndim == 2:
        return np.einsum("ijmn,mn->ij", windows, K)
    if K.ndim == 3:
        return np.einsum("cijmn,cmn->ij", windows, K)
    return np.einsum("cijmn,ocmn->oij", windows, K)


def pool2d(X, size, stride=None, padding=0, mode: str = "max") -> FloatArray:
    """Max or average pooling per channel over size windows (seed 003 §7.6.4); no parameters to learn.
    ``stride`` defaults to the window size; max pooling pads with −∞, average pooling with 0."""
    X = _grid(X, "input")
    if mode not in ("max", "avg"):
        raise ValueError(f"Unknown pooling {mode!r}; use 'max' or 'avg'.")
    k = _pair(size, "pooling window", 1)
    windows = _windows(X, k, padding, k if stride is None else stride, -np.inf if mode == "max" else 0.0,
                       "pooling window")
    return windows.max(axis=(-2, -1)) if mode == "max" else windows.mean(axis=(-2, -1))


EDGE_KERNELS = {
    "vertical": np.array([[1.0, -1.0]]),  # seed 003 (46)
    "sobel_x": np.array([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]]),
    "sobel_y": np.array([[-1.0, -2.0, -1.0], [0.0, 0.0, 0.0], [1.0, 2.0, 1.0]]),
    "prewitt_x": np.array([[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]),
    "laplacian": np.array([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]),
    "blur": np.full((3, 3), 1.0 / 9.0),
    "sharpen": np.array([[0.0, -1.0, 0.0], [-1.0, 5.0, -1.0], [0.0, -1.0, 0.0]]),
}


def synthetic_image(size: int = 32) -> FloatArray:
    """A small grey image in [0, 1]: a bright square, a disc and a diagonal bar on a dark ground
    (shapes with vertical, horizontal, diagonal and curved edges for the edge kernels)."""
    r, c = np.mgrid[0:size, 0:size] / size
    img = np.full((size, size), 0.1)
    img[(r > 0.15) & (r < 0.45) & (c > 0.1) & (c < 0.4)] = 0.9
    img[(r - 0.7) ** 2 + (c - 0.7) ** 2 < 0.04] = 0.6
    img[np.abs(r - (1.05 - c)) < 0.05] = 0.4
    return img


def scaled_dot_attention(Q, K, V, mask=None) -> tuple[FloatArray, FloatArray]:
    """softmax(QKᵀ/√d_k)V (seed 003 (53)): the output (one row per query) and the weights (rows sum to 1).

    ``mask`` (queries × keys, True = hidden) sets those scores to a large negative number before the
    softmax (not −∞: a fully masked row stays finite)."""
    Q, K, V = (np.atleast_2d(np.asarray(a, float)) for a in (Q, K, V))
    if Q.shape[1] != K.shape[1] or K.shape[0] != V.shape[0]:
        raise ValueError(f"Q ({Q.shape}) and K ({K.shape}) need the same width d_k, and K and V "
                         f"({V.shape}) one row per token.")
    scores = Q @ K.T / np.sqrt(K.shape[1])
    if mask is not None:
        scores = np.where(np.asarray(mask, bool), -1e9, scores)
    E = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = E / E.sum(axis=1, keepdims=True)
    return weights @ V, weights


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> FloatArray:
    """PE(pos, 2i) = sin(pos/base^{2i/d}), PE(pos, 2i+1) = cos(pos/base^{2i/d}) (seed 003 (54))."""
    if int(length) < 1 or int(d_model) < 1:
        raise ValueError("The sequence length and d_model must be at least 1.")
    pos = np.arange(int(length))[:, None]
    i = np.arange(int(d_model))[None, :]
    angle = pos / base ** ((i - i % 2) / d_model)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle))


@dataclass(frozen=True)
class RNNStep:
    """The cell at time t: input x_t, hidden state h_t, cell state c_t (LSTM) and the gates' values."""

    x: FloatArray
    h: FloatArray
    c: FloatArray | None
    gates: dict


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


class RNN(BaseEstimator):
    """A tiny recurrent network unrolled over a sequence (seed 003 §7.7.1), with a linear read-out.

    ``cell``: "rnn" h_t = tanh(W[h_{t−1}, x_t] + b); "lstm" (48)–(51) forget, input, output gates and
    the cell state c_t = f⊙c_{t−1} + i⊙c̃; "gru" (not in the seed) update and reset gates,
    h_t = (1 − z)⊙h_{t−1} + z⊙h̃. The recurrent weights are drawn from ±scale/√(h + d) and kept; ``fit``
    learns only the read-out y_t = vᵀh_t + c by least squares with a small ridge λ (so the fitted model
    shows what the states carry, not back-propagation through time).
    """

    def __init__(self, hidden: int = 4, cell: str = "lstm", scale: float = 1.0, lam: float = 1e-3,
                 random_state=None):
        self._store(locals())

    def _init(self, d: int) -> None:
        if self.cell not in ("rnn", "lstm", "gru"):
            raise ValueError(f"Unknown cell {self.cell!r}; use 'rnn', 'lstm' or 'gru'.")
        h = int(self.hidden)
        if h < 1:
            raise ValueError("The recurrent network needs at least one hidden unit.")
        rng = check_random_state(self.random_state)
        r = float(self.scale) / np.sqrt(h + d)
        names = {"rnn": ["h"], "lstm": ["f", "i", "c", "o"], "gru": ["z", "r", "h"]}[self.cell]
        self.weights_ = {n: rng.uniform(-r, r, (h, h + d)) for n in names}
        self.biases_ = {n: np.zeros(h) for n in names}
        if self.cell == "lstm":
            self.biases_["f"] = np.ones(h)  # remember by default

    def run(self, X) -> tuple[RNNStep, ...]:
        """Unroll over the sequence X (time × features): every step's state and gates."""
        X = np.asarray(X, float).reshape(len(X), -1)
        W, b = self.weights_, self.biases_
        h = np.zeros(int(self.hidden))
        c = np.zeros_like(h)
        steps = []
        for x in X:
            hx = np.concatenate([h, x])
            if self.cell == "rnn":
                h = np.tanh(W["h"] @ hx + b["h"])
                steps.append(RNNStep(x, h, None, {}))
            elif self.cell == "lstm":
                f, i, o = (_sigmoid(W[g] @ hx + b[g]) for g in "fio")
                c_new = np.tanh(W["c"] @ hx + b["c"])
                c = f * c + i * c_new
                h = o * np.tanh(c)
                steps.append(RNNStep(x, h, c, {"f": f, "i": i, "o": o, "c~": c_new}))
            else:
                z, r = (_sigmoid(W[g] @ hx + b[g]) for g in "zr")
                h_new = np.tanh(W["h"] @ np.concatenate([r * h, x]) + b["h"])
                h = (1.0 - z) * h + z * h_new
                steps.append(RNNStep(x, h, None, {"z": z, "r": r, "h~": h_new}))
        return tuple(steps)

    def fit(self, X, y) -> "RNN":
        X = np.asarray(X, float).reshape(len(X), -1)
        y = np.asarray(y, float).ravel()
        if len(X) != len(y) or len(X) < 2:
            raise ValueError("The sequence needs at least two steps and one target per step.")
        self._init(X.shape[1])
        H = np.column_stack([np.array([s.h for s in self.run(X)]), np.ones(len(X))])
        A = H.T @ H + float(self.lam) * np.eye(H.shape[1])
        self.readout_ = np.linalg.solve(A, H.T @ y)
        return self

    def predict(self, X) -> FloatArray:
        X = np.asarray(X, float).reshape(len(X), -1)
        H = np.array([s.h for s in self.run(X)])
        return H @ self.readout_[:-1] + self.readout_[-1]
