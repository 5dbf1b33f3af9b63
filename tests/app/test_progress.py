"""ui.progress: a bar moved by a cached fit through a plain callback (issue 18)."""

from streamlit.testing.v1 import AppTest


def script():
    import streamlit as st

    from ui.progress import progress_bar

    @st.cache_data(show_spinner=False)
    def slow_sum(n, _progress=None):
        total = 0
        for i in range(n):
            total += i
            _progress((i + 1) / n)
        st.session_state["reports"] = st.session_state.get("reports", 0) + 1
        return total

    with progress_bar("Working…") as report:
        st.session_state["total"] = slow_sum(st.session_state.get("n", 10), _progress=report)
    st.markdown("done")


def test_the_bar_is_gone_after_the_fit_and_a_cached_fit_replays_without_error():
    at = AppTest.from_function(script).run()
    assert not at.exception
    assert at.session_state["total"] == 45 and at.session_state["reports"] == 1
    assert at.get("progress") == [] and at.markdown[0].value == "done"
    at.run()  # served from the cache: the bar of the first run is not replayed into a stale container
    assert not at.exception
    assert at.session_state["reports"] == 1 and at.get("progress") == []
    at.session_state["n"] = 5
    at.run()
    assert not at.exception and at.session_state["total"] == 10 and at.session_state["reports"] == 2
