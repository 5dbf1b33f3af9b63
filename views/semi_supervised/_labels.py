"""Which points carry a label: the data set's own choice (the book's two tips), one point per class,
or the user's clicks; shared by the semi-supervised views."""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import partial_labels
from ui.data_panel import data_signature
from ui.i18n import t
from ui.views import fit_subset
from ui.views import fitted

KEY = "ssl.labels"
SAMPLE_LIMIT = 500  # LapRLS solves an n × n system: above this many points the views fit an even sample


def labelled_mask(ctx) -> np.ndarray | None:
    """The current labelled mask: the user's clicks on these data, else the data set's own
    (``extra['labelled']``), else None (one point per class)."""
    train = ctx.data.train
    chosen = st.session_state.get(KEY)
    if chosen is not None and chosen["base"] == data_signature(train) and len(chosen["mask"]) == len(train.X):
        return chosen["mask"]
    own = train.extra.get("labelled")
    return None if own is None else np.asarray(own, bool)


def targets(ctx):
    """(classes, truth ±1, targets with 0 for unlabelled, labelled mask), or None after a message."""
    result = fitted(partial_labels, ctx.data.train.y, labelled_mask(ctx))
    if result is None:
        return None
    classes, truth, y = result
    return classes, truth, y, y != 0


def sample_index(main, labelled: np.ndarray) -> np.ndarray:
    """Indices of the points the views fit and draw: all up to SAMPLE_LIMIT, else an even sample of
    that many holding every labelled point (said on screen by ``fit_subset``)."""
    with main:
        return np.arange(len(labelled))[fit_subset(len(labelled), SAMPLE_LIMIT, np.flatnonzero(labelled))]


def toggle(ctx, points: list[dict]) -> None:
    """A click on a point labels it (with its true class) or removes its label."""
    train = ctx.data.train
    current = labelled_mask(ctx)
    if current is None:
        current = partial_labels(train.y)[2] != 0
    mask = np.array(current, dtype=bool)
    for point in points:
        index = point.get("customdata")
        if index is None:
            continue
        index = int(np.atleast_1d(index)[0])
        if 0 <= index < len(mask):
            mask[index] = not mask[index]
    st.session_state[KEY] = {"base": data_signature(train), "mask": mask}


def reset_button(ctx) -> None:
    """Back to the data set's own labels."""
    st.button(t("ssl.reset_labels"), key="ssl.reset", icon=":material/undo:",
              on_click=lambda: st.session_state.pop(KEY, None))
