"""A progress bar for computations that can take over a second (CV grids, bagging at large n,
training a net). The computation reports through a plain callback ``progress(fraction)``, so
algorithms/ stay free of Streamlit:

    with progress_bar(t("ls.cv_progress")) as report:
        errors = cv_grid(X, y, ..., _progress=report)   # a cached fit: "_" keeps it out of the cache key

The bar appears at the first report (a fit served from the cache reports nothing and shows
nothing), moves in whole percents, and is removed when the block ends.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_run_context import in_cached_function


@contextmanager
def progress_bar(text: str) -> Iterator[Callable[[float], None]]:
    slot = st.empty()
    shown = -1

    def report(fraction: float) -> None:
        nonlocal shown
        percent = int(100 * min(max(float(fraction), 0.0), 1.0))
        if percent == shown:
            return
        shown = percent
        # Called from inside a cached fit: the bar is not part of what the cache replays (it
        # belongs to this run only; a replay into a container of an earlier run would fail).
        token = in_cached_function.set(False)
        try:
            slot.progress(percent, text=text)
        finally:
            in_cached_function.reset(token)

    try:
        yield report
    finally:
        slot.empty()
