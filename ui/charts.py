"""Showing a Plotly figure: always our own styling (Streamlit's chart theme would override the
projector-mode font sizes) and a slim toolbar.

``st.plotly_chart`` names its element by a hash of the figure, so every changed figure is a new
element that Plotly draws from scratch. ``chart`` shows figures through a small custom component
(``chart_component/chart.js``) instead: one element per key whose Plotly graph is updated in place
with ``Plotly.react``. Its plotly.js is the one the ``plotly`` package ships, served by Streamlit as
a component asset. A chart with ``on_select`` reports clicks: the callback reads them with
``clicked_points(key)``.

Beyond ``DISPLAY_MARKERS`` markers a chart draws an even random sample of them (the same points for
the same trace length, so the frames of an animation agree) and says so under the chart: the
computations use every point. Clicks keep working through ``customdata`` (point indices change).
"""

from __future__ import annotations

import json
import weakref
from pathlib import Path
from typing import Callable

import numpy as np
import plotly
import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st
from streamlit.components.v2 import component
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig
from streamlit.components.v2.manifest_scanner import ComponentManifest

from ui.exports import image_options
from ui.i18n import t
from ui.shown import record

CONFIG = {"displaylogo": False, "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"]}
COMPONENT = "ml_explorer.chart"
DISPLAY_MARKERS = 5000  # markers one chart draws at most (a browser round trip stays < 1 s at n = 20 000)
_PER_POINT = ("x", "y", "z", "customdata", "text", "hovertext", "ids")
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
    spec, shown, total = display_sample(fig)
    figure = pio.to_json(spec, validate=False)  # no second validation of the figure
    config = json.dumps({**CONFIG, **image_options(key)})
    data = f'{{"figure": {figure}, "config": {config}, "clickable": {json.dumps(clickable)}}}'
    _mount()(key=key, data=data.encode(), **({"on_selection_change": on_select} if clickable else {}))
    if shown < total:
        st.caption(t("chart.sampled", shown=f"{shown:,}", total=f"{total:,}"))


def _part(trace, name: str):
    """A trace property, for a plotly trace object or a trace dict alike (None when unset)."""
    return trace[name] if name in trace else None


def _is_markers(trace) -> bool:
    """Markers only (lines are never thinned; an unset mode draws lines for 20 points and more)."""
    mode = _part(trace, "mode") or ""
    return (_part(trace, "type") or "scatter") in ("scatter", "scattergl", "scatter3d") and (
        "markers" in mode and "lines" not in mode)


def _length(trace) -> int:
    x = _part(trace, "x")
    return 0 if x is None else len(x)


def even_sample(n: int, size: int) -> slice | np.ndarray:
    """Which of ``n`` points to use: all (a slice) up to ``size``, else an even random sample of
    ``size`` indices, sorted, the same for the same n (charts, and views that fit or draw a sample)."""
    if n <= size:
        return slice(None)
    return np.sort(np.random.default_rng(n).choice(n, size, replace=False))


def _sampled(trace: dict, keep: float) -> dict:
    """``trace`` with an even random share ``keep`` of its points; per-point arrays cut alike."""
    n = _length(trace)
    idx = np.arange(n)[even_sample(n, max(1, round(n * keep)))]

    def cut(part: dict) -> dict:
        return {k: (np.asarray(v)[idx] if not isinstance(v, (str, dict)) and np.ndim(v) >= 1 and len(v) == n
                    else v) for k, v in part.items()}

    thinned = {**trace, **cut({k: v for k, v in trace.items() if k in _PER_POINT})}
    if "marker" in trace:
        thinned["marker"] = cut(trace["marker"])
    return thinned


def display_sample(fig: go.Figure) -> tuple[dict | go.Figure, int, int]:
    """The figure to draw, the markers it draws and the markers it has (:data:`DISPLAY_MARKERS`)."""
    total = sum(_length(tr) for tr in fig.data if _is_markers(tr))
    if total <= DISPLAY_MARKERS:
        return fig, total, total
    keep = DISPLAY_MARKERS / total

    def thin(traces: list[dict]) -> list[dict]:
        return [_sampled(tr, keep) if _is_markers(tr) and _length(tr) > 1 else tr for tr in traces]

    spec = {"data": thin([tr.to_plotly_json() for tr in fig.data]), "layout": fig.layout.to_plotly_json()}
    if fig.frames:
        frames = [frame.to_plotly_json() for frame in fig.frames]
        spec["frames"] = [{**frame, "data": thin(frame.get("data", []))} for frame in frames]
    return spec, sum(_length(tr) for tr in spec["data"] if _is_markers(tr)), total


def clicked_points(key: str) -> list[dict]:
    """The points of the click on chart ``key`` being handled (in its ``on_select`` callback), named
    as st.plotly_chart names them: curve_number, point_number, point_index, x, y, customdata."""
    return (st.session_state[key].get("selection") or {}).get("points", [])
