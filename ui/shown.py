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


def view_started(frame_extra: tuple = ()) -> bool:
    """The frame is drawn, the view follows. When only the view reruns (its widgets are in a fragment,
    :class:`ui.views.PickedView`), what its last run recorded is forgotten (the frame's part stays)
    and the answer is whether a callback of the view changed what the frame drew: the values of the
    frame's controls or ``frame_extra`` (edited points, a lesson link…); then the page must rerun."""
    shown = current()
    if shown is None:
        return False
    if shown["view_start"] is None:
        shown["view_start"] = len(shown["controls"])
        shown["frame_counts"] = {kind: len(shown[kind]) for kind in ("figures", "metrics")}
        shown["frame_state"] = (_values(shown["controls"]), frame_extra)
        return False
    del shown["controls"][shown["view_start"]:]
    for kind, count in shown["frame_counts"].items():
        del shown[kind][count:]
    values, extra = shown["frame_state"]
    same = [a is b or (isinstance(a, str) and a == b) for a, b in zip(extra, frame_extra, strict=True)]
    return _values(shown["controls"]) != values or not all(same)


def _values(keys: list[str]) -> list:
    return [(key, st.session_state.get(key)) for key in keys]


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
