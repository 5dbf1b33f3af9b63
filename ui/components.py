"""Our custom components (Streamlit components v2): the chart (``chart_component/chart.js``, see
:mod:`ui.charts`) and the formula list (``formula_component/formulas.js``, see :mod:`ui.explain`).

Each keeps its DOM node between reruns and redraws only what changed. Their libraries are the copies
the installed packages ship: plotly.js from ``plotly``, KaTeX from Streamlit's own frontend (the
rehype-katex chunk its ``st.latex`` loads). Nothing is downloaded.
"""

from __future__ import annotations

import functools
import weakref
from pathlib import Path

import plotly
import streamlit as st
from streamlit.components.v2 import component
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig
from streamlit.components.v2.manifest_scanner import ComponentManifest

CHART = "ml_explorer.chart"
FORMULAS = "ml_explorer.formulas"
STREAMLIT_JS = Path(st.__file__).parent / "static" / "static" / "js"
# Streamlit serves a component's files only from an installed package's declared asset folder;
# the app is not installed, so its folders are declared here, on the running Streamlit.
MANIFESTS = (  # (manifest, the folder its asset_dir is in)
    (ComponentManifest("ml_explorer", "1", [ComponentConfig("chart", "chart_component"),
                                            ComponentConfig("formulas", "formula_component")]),
     Path(__file__).parent),
    (ComponentManifest("ml_explorer_plotly", "1", [ComponentConfig("js", "package_data")]),
     Path(plotly.__file__).parent),
    (ComponentManifest("ml_explorer_katex", "1", [ComponentConfig("js", STREAMLIT_JS.name)]),
     STREAMLIT_JS.parent),
)
FILES = {CHART: dict(js="chart.js"), FORMULAS: dict(js="formulas.js", css="formulas.css")}
_MOUNTS = weakref.WeakKeyDictionary()  # Streamlit runtime's component manager → {name: mount function}


@functools.cache
def katex_module() -> str | None:
    """The file name of Streamlit's rehype-katex chunk (the KaTeX its ``st.latex`` typesets with, whose
    stylesheet Streamlit loads), or None if this Streamlit has none (formulas then use ``st.latex``).
    Looked up once: the installed Streamlit does not change while the app runs."""
    found = sorted(STREAMLIT_JS.glob("rehype-katex.*.js"))
    return found[0].name if len(found) == 1 else None


def mounted(name: str):
    """The mount function of component ``name`` (CHART, FORMULAS), declared on this Streamlit runtime
    if it is not yet."""
    manager = get_bidi_component_manager()
    if manager not in _MOUNTS:
        for manifest, root in MANIFESTS:
            manager.register_from_manifest(manifest, root)
        _MOUNTS[manager] = {key: component(key, isolate_styles=False, **files)
                            for key, files in FILES.items()}
    return _MOUNTS[manager][name]
