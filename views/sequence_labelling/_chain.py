"""What the sequence-labelling views share: the sticky-Markov toy data, its controls and the trained
linear-chain CRF with the independent softmax model beside it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from algorithms import LinearChainCRF
from algorithms import accuracy
from algorithms import per_position_softmax
from algorithms import sequence_features
from algorithms import sticky_chain
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.i18n import t
from ui.views import fitted

EMISSIONS = ["gaussian", "categorical"]


@dataclass(frozen=True)
class Setting:
    emission: str
    n_classes: int
    length: int
    p_stay: float
    sigma: float
    n_sequences: int
    epsilon: float
    n_iter: int
    seed: int


N_TEST = 20


@dataclass(frozen=True)
class Trained:
    """Training sequences, the shown test sequence (its x, labels, features and softmax labels), both
    models' accuracies over N_TEST test sequences and over the training sequences."""

    Y: np.ndarray
    Phis: list
    x_test: np.ndarray
    y_test: np.ndarray
    Phi_test: np.ndarray
    crf: LinearChainCRF
    softmax_labels: np.ndarray
    test_accuracy: tuple[float, float]
    train_accuracy: tuple[float, float]


def setting_controls() -> Setting:
    emission = choice(t("seq.emission"), EMISSIONS, "seq.emission", catalogue_labels("seq.emissions"))
    n_classes = slider(t("seq.classes"), 2, 4, 3, "seq.classes")
    length = slider(t("seq.length"), 0, 12, 10, "seq.length", help=t("seq.length_help"))
    p_stay = slider(t("seq.p_stay"), 0.0, 1.0, 0.85, "seq.p_stay", step=0.05, help=t("seq.p_stay_help"))
    sigma = slider(t("seq.sigma"), 0.1, 1.5, 0.6, "seq.sigma", step=0.1, help=t("seq.sigma_help"))
    n_sequences = slider(t("seq.n_sequences"), 2, 40, 20, "seq.n", help=t("seq.n_help"))
    epsilon = log_slider(t("seq.epsilon"), "seq.epsilon", -3, -1, 0.02, help=t("seq.epsilon_help"))
    n_iter = slider(t("seq.n_iter"), 10, 400, 200, "seq.n_iter", step=10)
    seed = slider(t("seq.seed"), 0, 20, 0, "seq.seed")
    return Setting(emission, n_classes, length, p_stay, sigma, n_sequences, epsilon, n_iter, seed)


@st.cache_data(max_entries=16, show_spinner=False)
def train(s: Setting) -> Trained:
    n = s.n_sequences
    X, Y = sticky_chain(n + N_TEST, s.length, s.n_classes, s.p_stay, s.emission, s.sigma, random_state=s.seed)
    Phis = sequence_features(X, s.emission, s.n_classes)
    crf = LinearChainCRF(s.n_classes, s.epsilon, s.n_iter, n_snapshots=25, random_state=s.seed)
    crf.fit(Phis[:n], Y[:n])
    softmax = per_position_softmax(Phis[:n], Y[:n], Phis, s.n_classes)
    crf_labels = [crf.predict(P) for P in Phis]

    def mean_accuracy(labels, part):
        return float(np.mean([accuracy(p, y) for p, y in zip(labels[part], Y[part], strict=True)]))

    test, train_part = slice(n, None), slice(0, n)
    return Trained(Y[:n], Phis[:n], X[n], Y[n], Phis[n], crf, softmax[n],
                   (mean_accuracy(crf_labels, test), mean_accuracy(softmax, test)),
                   (mean_accuracy(crf_labels, train_part), mean_accuracy(softmax, train_part)))


def trained(s: Setting) -> Trained | None:
    """The trained models, or None once the reason is shown (e.g. sequences of length 0)."""
    return fitted(train, s)
