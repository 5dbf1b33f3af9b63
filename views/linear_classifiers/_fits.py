"""The cached fits several linear-classifier views share: least squares (with an SVM to compare),
the perceptron (with its mistake bound) and logistic/softmax regression with their history."""

from __future__ import annotations

import time

import numpy as np
import streamlit as st

from algorithms import SVC
from algorithms import GaussianBasis
from algorithms import LeastSquaresClassifier
from algorithms import LogisticRegression
from algorithms import Perceptron
from algorithms import SoftmaxRegression
from algorithms import perceptron_mistake_bound
from ui.i18n import t
from ui.progress import progress_bar
from ui.stepper import frame_steps
from views.linear_classifiers._problem import KERNEL_CENTRES


@st.cache_data(max_entries=64, show_spinner=False)
def ls_scene(X, y, kernel, h, lam, targets, grid, X_test, svm):
    """Least squares (Sugiyama §7.1): the model, f on the grid and the data, test predictions and,
    if asked, the hard-margin-like linear SVM (C = 1000) and its f on the grid."""
    model = LeastSquaresClassifier(h=h, lam=lam, kernel=kernel, targets=targets, n_centers=KERNEL_CENTRES)
    model.fit(X, y)
    comparison = SVC(C=1000.0).fit(X, y) if svm else None
    return (
        model,
        model.decision_function(grid),
        model.decision_function(X),
        None if X_test is None else model.predict(X_test),
        comparison,
        None if comparison is None else comparison.decision_function(grid),
    )


@st.cache_data(max_entries=32, show_spinner=False)
def perceptron_scene(X, y, eta, epochs, shuffle, seed):
    """The perceptron and, once it converged, the Block–Novikoff bound from the hard-margin SVM."""
    model = Perceptron(eta=eta, max_epochs=epochs, shuffle=shuffle, random_state=seed, n_snapshots=400).fit(
        X, y
    )
    bound = None
    if model.converged_:
        svm = SVC(C=np.inf, tol=1e-6, max_iter=20_000).fit(X, y)
        if svm.converged_:
            try:
                bound = perceptron_mistake_bound(X, y, svm.w_, svm.b_)
            except ValueError:
                bound = None
    return model, bound


def iterative_model(kind, solver, lam, basis, h, eta, iters, seed):
    phi = GaussianBasis(h, n_centers=KERNEL_CENTRES) if basis == "gaussian" else None
    cls = LogisticRegression if kind == "logistic" else SoftmaxRegression
    return cls(lam=lam, solver=solver, eta=eta, max_iter=iters, basis=phi, n_snapshots=300, random_state=seed)


def iterative_scene(kind, X, y, solver, lam, basis, h, eta, iters, seed, grid):
    """Fit logistic or softmax regression (cached), with a progress bar while Newton or GD runs
    (seconds with 400 Gaussian centres at n = 20 000); the model, its fit time and the probabilities
    on the grid for the animation frames."""
    with progress_bar(t("progress.fit")) as report:
        return cached_scene(kind, X, y, solver, lam, basis, h, eta, iters, seed, grid, _progress=report)


@st.cache_data(max_entries=32, show_spinner=False)
def cached_scene(kind, X, y, solver, lam, basis, h, eta, iters, seed, grid, _progress=None):
    model = iterative_model(kind, solver, lam, basis, h, eta, iters, seed)
    start = time.perf_counter()
    model.fit(X, y, progress=_progress)
    seconds = time.perf_counter() - start
    Phi = model.basis_.transform(grid)
    steps = sorted(set(frame_steps(len(model.history_)).tolist()) | {len(model.history_) - 1})
    maps = {int(s): grid_probabilities(Phi, model.history_[s].theta) for s in steps}
    return model, seconds, maps


def grid_probabilities(Phi, theta) -> np.ndarray:
    """The sigmoid (θ a vector) or softmax (θ a matrix) of the scores Φθ, as float32."""
    scores = Phi @ theta
    if scores.ndim == 1:
        return (1.0 / (1.0 + np.exp(-np.clip(scores, -500, 500)))).astype(np.float32)
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def step_probabilities(maps, model, grid):
    """Grid probabilities of step s: the cached map when there is one, else from θ_s (basis built once)."""
    Phi = None

    def probabilities(s):
        nonlocal Phi
        if s in maps:
            return maps[s]
        if Phi is None:
            Phi = model.basis_.transform(grid)
        return grid_probabilities(Phi, model.history_[s].theta)

    return probabilities


def likelihood_curve(model, solver: str):
    """Step numbers (≥ 1 for SGD's log axis) and the log-likelihood at each recorded step."""
    steps = np.array([s.step for s in model.history_], dtype=float)
    ll = np.array([s.log_likelihood for s in model.history_])
    return (np.maximum(steps, 1) if solver == "sgd" else steps), ll
