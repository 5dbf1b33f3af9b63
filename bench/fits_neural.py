"""Fit-time cases for the neural-network family: the MLP beside scikit-learn's (sgd, no momentum,
the same epochs and batch size; the issue's goal: 200 epochs of a 2 × 8 net on 400 points under 1 s)."""

import warnings

import numpy as np
from sklearn import neural_network

from algorithms import RNN
from algorithms import MLPClassifier
from algorithms import MLPRegressor
from algorithms import conv2d
from bench.core import FitCase


def xor_data(n):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2))
    return X, (X[:, 0] * X[:, 1] > 0).astype(int)


def sinc_data(n):
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3, 3, n))
    return x[:, None], np.sinc(x) + 0.1 * rng.normal(size=n)


def sequence_data(n):
    t = np.linspace(0, 20, n)
    return np.sin(t)[:, None], np.sin(t + 0.5)


class _QuietSk:
    """scikit-learn's MLP with its "not converged" warning silenced (a fixed epoch count is the point)."""

    def __init__(self, cls, **params):
        self.model = cls(**params)

    def fit(self, X, y):
        if self.model.batch_size == "auto_full":
            self.model.set_params(batch_size=len(X))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return self.model.fit(X, y)


def _sk(cls, batch):
    return lambda: _QuietSk(
        cls,
        hidden_layer_sizes=(8, 8),
        activation="tanh",
        solver="sgd",
        momentum=0.0,
        learning_rate_init=0.1,
        batch_size=batch,
        max_iter=200,
        tol=0.0,
        n_iter_no_change=10**6,
        shuffle=True,
        random_state=0,
    )


class _ConvSweep:
    """The explorer's work for one setting: a 32 × 32 image with a 3 × 3 kernel, padding 1."""

    def fit(self, X, y):
        conv2d(np.resize(X, (32, 32)), np.ones((3, 3)), 1)
        return self


CASES = [
    FitCase(
        "MLPClassifier 2×8, 200 epochs, full batch",
        lambda: MLPClassifier((8, 8), "tanh", 0.1, None, epochs=200, random_state=0),
        _sk(neural_network.MLPClassifier, "auto_full"),
        xor_data,
        goal=1.0,
    ),
    FitCase(
        "MLPClassifier 2×8, 200 epochs, batch 32",
        lambda: MLPClassifier((8, 8), "tanh", 0.1, 32, epochs=200, random_state=0),
        _sk(neural_network.MLPClassifier, 32),
        xor_data,
        goal=2.0,
    ),
    FitCase(
        "MLPRegressor 2×8, 200 epochs, batch 32",
        lambda: MLPRegressor((8, 8), "tanh", 0.1, 32, epochs=200, random_state=0),
        _sk(neural_network.MLPRegressor, 32),
        sinc_data,
        goal=2.0,
    ),
    FitCase(
        "LSTM, 6 units (unrolled + read-out)", lambda: RNN(6, "lstm", random_state=0), None, sequence_data
    ),
    FitCase("conv2d 32×32 ⋆ 3×3", _ConvSweep, None, xor_data),
]
