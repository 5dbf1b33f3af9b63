"""The data as the linear-classifier views see it: the first two features and the class list, a
two-class version for the binary views (one class against the rest), and the view's settings."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from ui.controls import bound
from ui.controls import choice
from ui.i18n import t

KERNEL_CENTRES = 400  # above this n kernel models use 400 random inputs as centres (Sugiyama §2.2)
NEWTON_LIMIT = 600  # Newton's Hessian is (parameters)²: beyond this, too slow


@dataclass(frozen=True)
class Problem:
    """Training (and test) data restricted to the first two features, with the class list."""

    X: np.ndarray
    y: np.ndarray
    classes: np.ndarray
    names: list[str]
    X_test: np.ndarray | None
    y_test: np.ndarray | None
    feature_names: tuple[str, ...]


@dataclass(frozen=True)
class Binary:
    """A two-class problem: the data's own two classes, or one class against the rest."""

    y: np.ndarray
    classes: np.ndarray  # sorted; classes[1] is the positive class
    names: list[str]
    y_test: np.ndarray | None


def problem(ctx) -> Problem:
    """The frame's data as a :class:`Problem`."""
    train, test = ctx.data.train, ctx.data.test
    X = np.asarray(train.X, dtype=float)[:, :2]
    y = np.asarray(train.y)
    classes = np.unique(y)
    X_test = y_test = None
    if test is not None and test.y is not None:
        X_test, y_test = np.asarray(test.X, dtype=float)[:, :2], np.asarray(test.y)
    names = [t("lc.class_name", label=str(c)) for c in classes]
    return Problem(X, y, classes, names, X_test, y_test, tuple(train.feature_names[:2]))


def binary_problem(prob: Problem, controls) -> Binary:
    """Two classes as they are; with more, the user picks the positive class (one vs the rest)."""
    if len(prob.classes) == 2:
        return Binary(prob.y, prob.classes, prob.names, prob.y_test)
    labels = [str(c) for c in prob.classes]
    with controls:
        chosen = choice(t("lc.positive"), labels, "lc.positive", str, default=labels[-1])
        st.caption(t("lc.one_vs_rest_note"))
    k = labels.index(chosen)
    y = np.where(prob.y == prob.classes[k], 1, -1)
    y_test = None if prob.y_test is None else np.where(prob.y_test == prob.classes[k], 1, -1)
    return Binary(y, np.array([-1, 1]), [t("lc.rest"), prob.names[k]], y_test)


def class_index(y, classes) -> np.ndarray:
    return np.searchsorted(classes, y)


def accuracy(pred, y) -> float | None:
    return None if y is None or len(y) == 0 else float(np.mean(np.asarray(pred) == np.asarray(y)))


def data_seed() -> int:
    """The data panel's seed, reused by the fits that draw random numbers."""
    return int(st.session_state.get("lc.seed", 0))


def setting(key: str, default, options=None):
    """A control's value when its widget is on another view: session, then URL, then default."""
    value = st.session_state.get(key)
    if value is None and key in st.query_params:
        raw = st.query_params[key]
        try:
            value = type(default)(raw) if not isinstance(default, bool) else raw.lower() == "true"
        except (TypeError, ValueError):
            value = None
    if value is None or (options is not None and value not in options):
        return default
    return value


def test_toggle(prob: Problem) -> bool:
    """The "show test points" toggle, offered when the data have a test set."""
    if prob.X_test is None:
        return False
    return st.toggle(t("lc.show_test"), **bound("lc.show_test"))


def centres_note(main, n: int) -> None:
    """Say when a kernel model uses a random subset of the inputs as centres (large n)."""
    if n > KERNEL_CENTRES:
        main.caption(t("lc.centres_subset", b=KERNEL_CENTRES, n=n))
