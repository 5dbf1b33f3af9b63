"""Showing a Plotly figure: always our own styling (Streamlit's chart theme would override the
projector-mode font sizes) and a slim toolbar.

``st.plotly_chart`` names its element by a hash of the figure, so every changed figure is a new
element that Plotly draws from scratch. ``chart`` shows figures through a small custom component
(``chart_component/chart.js``) instead: one element per key whose Plotly graph is updated in place
with ``Plotly.react``. Its plotly.js is the one the ``plotly`` package ships, served by Streamlit as
a component asset. A chart with ``on_select`` reports clicks: the callback reads them with
``clicked_points(key)``.
"""

from __future__ import annotations

import json
import weakref
from pathlib import Path
from typing import Callable

import plotly
import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st
from streamlit.components.v2 import component
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig
from streamlit.components.v2.manifest_scanner import ComponentManifest

from ui.exports import image_options
from ui.shown import record

CONFIG = {"displaylogo": False, "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"]}
COMPONENT = "ml_explorer.chart"
# Streamlit serves a component's files only from an installed package's declared asset folder;
# the app is not installed, so the two folders are declared here, on the running Streamlit.
MANIFESTS = (  # (manifest, the folder its asset_dir is in)
    (ComponentManifest("ml_explorer", "1", [ComponentConfig("chart", "chart_component")]),
     Path(__file__).parent),
    (ComponentManifest("ml_explorer_plotly", "1", [ComponentConfig("js", "package_data")]),
     Path(plotly.__file__).parent),
)


_MOUNTS = weakref.WeakKeyDictionary()  # Streamlit runtime's component manager → mount function


def _mount():
    """The component's mount function, declared on this Streamlit runtime if it is not yet."""
    manager = get_bidi_component_manager()
    if manager not in _MOUNTS:
        for manifest, root in MANIFESTS:
            manager.register_from_manifest(manifest, root)
        _MOUNTS[manager] = component(COMPONENT, js="chart.js", isolate_styles=False)
    return _MOUNTS[manager]


def chart(fig: go.Figure, key: str, on_select: Callable[[], None] | None = None) -> None:
    """Show ``fig`` under ``key``; with ``on_select``, a click on a point calls it (read the point
    with :func:`clicked_points`)."""
    record("figures", fig)
    clickable = on_select is not None
    figure = pio.to_json(fig, validate=False)  # no second validation of the figure
    config = json.dumps({**CONFIG, **image_options(key)})
    data = f'{{"figure": {figure}, "config": {config}, "clickable": {json.dumps(clickable)}}}'
    _mount()(key=key, data=data.encode(), **({"on_selection_change": on_select} if clickable else {}))


def clicked_points(key: str) -> list[dict]:
    """The points of the click on chart ``key`` being handled (in its ``on_select`` callback), named
    as st.plotly_chart names them: curve_number, point_number, point_index, x, y, customdata."""
    return (st.session_state[key].get("selection") or {}).get("points", [])
