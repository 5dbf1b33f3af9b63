"""ui.components: the formula component typesets with the KaTeX chunk of Streamlit's own st.latex; a
Streamlit without that chunk gets one st.latex per formula instead."""

import re

from tests.app.apptools import formulas
from tests.app.apptools import open_page
from ui import explain
from ui.components import STREAMLIT_JS
from ui.components import katex_module


def test_the_katex_of_st_latex_is_found_and_is_a_module_with_a_default_export():
    chunk = (STREAMLIT_JS / katex_module()).read_text()
    assert re.search(r"export\{\w+ as default\};?\s*$", chunk)
    assert "renderToString" in chunk


def test_without_streamlits_katex_chunk_the_formulas_are_st_latex(monkeypatch):
    with_component = formulas(open_page("mixtures.py", {"gmm.view": "em"}))
    monkeypatch.setattr(explain, "katex_module", lambda: None)
    at = open_page("mixtures.py", {"gmm.view": "em"})
    assert not at.exception
    assert formulas(at) == with_component and len(at.latex) == 6
    assert any(c.value.startswith("Source: CS229") for c in at.caption)
