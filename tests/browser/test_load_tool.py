"""bench.load (make load, make load-hall): a session speaking Streamlit's protocol sees each chart the
app sends (our chart component), one chart per slider value, and fetches plotly.js as a browser does."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from bench.load import Totals
from bench.load import isolation_problems
from bench.load import session


def test_a_load_session_moves_its_slider_and_sees_a_new_chart_for_each_value(server):
    totals = Totals()
    work = session(0, "svm", server.removeprefix("http://"), 4.0, (0.1, 0.2), totals)
    with ThreadPoolExecutor(1) as thread:  # a loop of its own (Playwright's may run in this thread)
        thread.submit(asyncio.run, work).result()
    assert totals.errors == [] and totals.moves >= 4
    assert len(totals.chart_latencies) == totals.moves
    assert len(totals.charts_by_setting) == 2 and isolation_problems(totals) == []
