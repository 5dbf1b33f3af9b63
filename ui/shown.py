"""What the current run shows: the URL-bound controls it draws, its first figure and its metrics.

:mod:`ui.classroom` reads this record (A/B comparison, lesson links, challenges); ``controls``,
``charts`` and ``explain`` write to it. Callbacks run before the next run starts, so there it is
still the record of what the user saw.
"""

from __future__ import annotations

import streamlit as st

RECORD_KEY = "_shown"
HIDE_EXPLANATIONS_KEY = "_hide_explanations"  # set by a lesson step that hides the explanations


def reset() -> None:
    """Start the record of a new run (the frame calls this first)."""
    st.session_state[RECORD_KEY] = {"controls": [], "figures": [], "metrics": [], "view_start": None}


def record(kind: str, item) -> None:
    """Note a drawn control key, a shown figure (only the first is kept) or a row of metrics."""
    shown = st.session_state.get(RECORD_KEY)
    if shown is None or (kind == "figures" and shown["figures"]):
        return
    shown[kind].append(item)


def current() -> dict | None:
    return st.session_state.get(RECORD_KEY)


def explanations_hidden() -> bool:
    return bool(st.session_state.get(HIDE_EXPLANATIONS_KEY))
