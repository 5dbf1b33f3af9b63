"""Cached values are never changed in place by a page.

Streamlit's caches are shared by every session of the process. If a page mutated a cached array
or model (say, sorted it, appended a point, or refitted it), the next session would see different
numbers for the same settings. Each page is run twice in fresh sessions of one process, with the
caches warm the second time: everything drawn must be identical.
"""

import json

import pytest

from algorithms import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import open_page
from ui.data_panel import cached_dataset
from ui.registry import PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_a_second_session_sees_exactly_the_first_sessions_numbers(page):
    first = open_page(page.file)
    second = open_page(page.file)
    assert not first.exception and not second.exception
    assert [json.dumps(s, sort_keys=True) for s in chart_specs(first)] == \
        [json.dumps(s, sort_keys=True) for s in chart_specs(second)]
    assert [m.value for m in first.metric] == [m.value for m in second.metric]


def test_shared_data_sets_cannot_be_modified_in_place():
    data = load_dataset("moons", 50, 0.1, 0)
    for array in (data.X, data.y):
        with pytest.raises(ValueError):
            array[0] = 0
    assert not cached_dataset.__wrapped__("sinc", 50, 0.2, 0, False).X.flags.writeable


def test_the_detector_notices_a_mutation():
    """A page that changes a shared cached array in place gives the next session other numbers."""
    script = """
import numpy as np
import streamlit as st

@st.cache_resource
def data():
    return np.arange(5.0)

x = data()
st.metric("sum", float(x.sum()))
x += 1  # the bug this test exists to catch
"""
    from streamlit.testing.v1 import AppTest

    first, second = AppTest.from_string(script).run(), AppTest.from_string(script).run()
    assert [m.value for m in first.metric] != [m.value for m in second.metric]
