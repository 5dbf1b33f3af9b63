"""Showing a Plotly figure: always our own styling (Streamlit's chart theme would override the
projector-mode font sizes) and a slim toolbar.

``st.plotly_chart`` names its element by a hash of the figure, so every changed figure is a new
element that Plotly draws from scratch. ``chart`` shows figures through a small custom component
(:mod:`ui.components`) instead: one element per key whose Plotly graph is updated in place with
``Plotly.react``. A chart with ``on_select`` reports clicks: the callback reads them with
``clicked_points(key)``.

An animation's frames (a stepper sends 40 of them, 0.2–0.5 MB) are sent when its ▶ asks for them, and
once: a figure carries only their digest, a press on ▶ of a chart without those frames asks for them
(the rerun sends them and the chart plays), and while they stay the same the chart keeps them. A new fit
(new frames) costs no more than its figure until someone presses ▶. Frames come as numpy arrays: the
digest hashes their bytes, and they become plotly.js typed arrays (single precision) only when sent.
Frames that cost more to make than the figure come as :class:`LazyFrames`: made only when sent.

Beyond ``DISPLAY_MARKERS`` markers a chart draws an even random sample of them (the same points for
the same trace length, so the frames of an animation agree) and says so under the chart: the
computations use every point. Clicks keep working through ``customdata`` (point indices change).
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from typing import Callable

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st

from ui.components import CHART
from ui.components import mounted
from ui.exports import image_options
from ui.i18n import t
from ui.shown import record

CONFIG = {"displaylogo": False, "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"]}
DISPLAY_MARKERS = 5000  # markers one chart draws at most (a browser round trip stays < 1 s at n = 20 000)
SMALL_TRACE = 100  # marker traces up to this long without sample indices are drawn whole
_PER_POINT = ("x", "y", "z", "customdata", "text", "hovertext", "ids")
FRAMES_SENT = "charts.frames_sent"  # chart key → the digest of the animation frames its browser chart holds
FRAMES_WANTED = "charts.frames_wanted"  # keys of the charts whose ▶ asked for their frames


def chart(fig: go.Figure, key: str, on_select: Callable[[], None] | None = None) -> None:
    """Show ``fig`` under ``key``; with ``on_select``, a click on a point calls it (read the point
    with :func:`clicked_points`)."""
    record("figures", fig)
    clickable = on_select is not None
    spec, shown, total, panels = display_sample(fig)
    spec = dict(spec if isinstance(spec, dict) else figure_dict(spec))
    frames = spec.pop("frames", None)
    if isinstance(frames, LazyFrames):
        digest, build = frames.digest, frames.build
    else:
        digest, build = (frames_digest(frames) if frames else None), lambda: frames
    sent = st.session_state.setdefault(FRAMES_SENT, {})
    wanted = st.session_state.setdefault(FRAMES_WANTED, set())
    if digest is not None and key in wanted and sent.get(key) != digest:
        frames, sent[key] = pio.json.to_json_plotly(typed(build(), f32=True)), digest
    else:
        frames = None  # the browser's chart holds them, or drops its old ones and waits for ▶
        if sent.get(key) != digest:
            sent.pop(key, None)
    wanted.discard(key)
    figure = pio.to_json(typed(spec), validate=False)  # no second validation of the figure
    config = json.dumps({**CONFIG, **image_options(key)})
    data = (f'{{"figure": {figure}, "config": {config}, "clickable": {json.dumps(clickable)}, '
            f'"frames": {frames or "null"}, "frames_digest": {json.dumps(digest)}}}')

    def frames_wanted() -> None:  # ▶ on a chart without its frames (new ones, or drawn anew)
        wanted.add(key)
        sent.pop(key, None)

    callbacks = {"on_frames_wanted_change": frames_wanted}
    if clickable:
        callbacks["on_selection_change"] = on_select
    mounted(CHART)(key=key, data=data.encode(), **callbacks)
    sampled_caption(shown, total, panels)


def figure_dict(fig: go.Figure) -> dict:
    """The figure's data, layout and frames as Plotly keeps them (validated dicts, numpy arrays as they
    are), without ``Figure.to_dict``'s deep copy of all of it and its per-array checks: ``chart`` only
    reads them, and :func:`typed` turns the arrays into typed-array specs in new containers. (Plotly's
    ``_data``, ``_layout`` and ``_frame_objs`` are private; requirements pin Plotly.)"""
    if isinstance(fig, FigureSpec):
        return fig.to_dict()
    spec = {"data": fig._data, "layout": fig._layout}
    if fig._frame_objs:
        spec["frames"] = [frame._props for frame in fig._frame_objs]
    return spec


@dataclass(frozen=True)
class LazyFrames:
    """Animation frames that :func:`chart` builds (``build()``) only when it sends them, known until then
    by ``digest``: a :func:`frames_digest` of what they are made from."""

    digest: str
    build: Callable[[], list]


def frames_digest(frames: list) -> str:
    """A digest of animation frames (plain lists and dicts, numpy arrays): their JSON with each array's
    bytes hashed beside it, a few times cheaper than Plotly's JSON of them."""
    h = hashlib.blake2b(digest_size=16)

    def array(value):
        if isinstance(value, np.ndarray):
            h.update(json.dumps(value.tolist()).encode() if value.dtype.kind == "O" else value.tobytes())
            return [value.dtype.str, value.shape]  # (dtype.str: str(dtype) costs ~5 µs an array)
        return value.item() if isinstance(value, np.generic) else str(value)

    h.update(json.dumps(frames, default=array).encode())
    return h.hexdigest()


TYPED_ARRAY = {  # numpy dtype → plotly.js typed-array code (looked up by dtype: str(dtype) is slow)
    np.dtype(name): code
    for name, code in [
        ("int8", "i1"),
        ("uint8", "u1"),
        ("int16", "i2"),
        ("uint16", "u2"),
        ("int32", "i4"),
        ("uint32", "u4"),
        ("float32", "f4"),
        ("float64", "f8"),
    ]
}


FLOAT32_MAX = float(np.finfo(np.float32).max)


_NESTED = (dict, list, tuple, np.ndarray)
_UNTYPED_KEYS = ("geojson", "layer", "layers", "range")  # values plotly.js reads as plain lists (as Plotly)


def typed(obj, f32: bool = False):
    """Numeric numpy arrays → plotly.js typed-array specs (what Figure.to_dict does, without its
    per-array checks); ``f32`` stores floats in single precision (animation frames: half the bytes).
    A list of plain values (numbers, text, None: a polyline's points) is kept as it is; numpy arrays
    of text or objects (per-point colours, labels) become lists."""
    if isinstance(obj, dict):
        return {k: v if k in _UNTYPED_KEYS else typed(v, f32) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        if not any(isinstance(v, _NESTED) for v in obj):
            return obj
        return [typed(v, f32) for v in obj]
    if isinstance(obj, np.ndarray) and obj.dtype.kind in "iuf" and obj.size:
        if obj.dtype == np.int64 and not (-2**31 <= obj.min() and obj.max() < 2**31):
            return obj                                     # (plotly.js has no 64-bit integer arrays)
        a = obj.astype(np.int32) if obj.dtype == np.int64 else obj
        if f32 and a.dtype == np.float64 and not (np.abs(a) > FLOAT32_MAX).any():  # diverged runs stay f8
            a = a.astype(np.float32)
        a = np.ascontiguousarray(a)
        code = TYPED_ARRAY.get(a.dtype)
        if code is None:
            return obj
        spec = {"dtype": code, "bdata": base64.b64encode(a).decode("ascii")}
        if a.ndim > 1:
            spec["shape"] = ", ".join(map(str, a.shape))
        return spec
    if isinstance(obj, np.ndarray) and obj.dtype.kind in "USO":  # orjson writes lists of them at once;
        return typed(obj.tolist(), f32)  # on such an array it fails, and Plotly cleans the whole figure
    return obj


def _part(trace, name: str):
    """A trace property, for a plotly trace object or a trace dict alike (None when unset)."""
    return trace[name] if name in trace else None


def is_points(trace) -> bool:
    """Visible markers only (lines are never thinned, an unset mode draws lines for 20 points and
    more; invisible markers, such as the edit grid, are click targets)."""
    mode = _part(trace, "mode") or ""
    marker = _part(trace, "marker")
    return (_part(trace, "type") or "scatter") in ("scatter", "scattergl", "scatter3d") and (
        "markers" in mode and "lines" not in mode) and (marker is None or _part(marker, "opacity") != 0)


def point_count(traces) -> int:
    """The markers these traces draw."""
    return sum(trace_length(tr) for tr in traces if is_points(tr))


def trace_length(trace) -> int:
    x = _part(trace, "x")
    return 0 if x is None else len(x)


def sample_ids(trace) -> np.ndarray | None:
    """The trace's sample indices: its customdata when that is one integer per point."""
    ids = _part(trace, "customdata")
    if ids is None or isinstance(ids, (str, dict)):
        return None
    ids = np.asarray(ids)
    return ids if ids.ndim == 1 and ids.dtype.kind in "iu" and len(ids) == trace_length(trace) else None


def thinned(trace) -> bool:
    """Whether display sampling thins this trace: markers that carry sample indices, or more than
    SMALL_TRACE other markers (a few centres or highlighted points are drawn whole)."""
    return is_points(trace) and (trace_length(trace) > SMALL_TRACE or (
        trace_length(trace) > 0 and sample_ids(trace) is not None))


def even_sample(n: int, size: int) -> slice | np.ndarray:
    """Which of ``n`` points to use: all (a slice) up to ``size``, else an even random sample of
    ``size`` indices, sorted, the same for the same n (charts, and views that fit or draw a sample)."""
    if n <= size:
        return slice(None)
    return np.sort(np.random.default_rng(n).choice(n, size, replace=False))


def cut_points(trace: dict, rows) -> dict:
    """``trace`` with only its points ``rows`` (indices or a mask); per-point arrays cut alike."""
    n = trace_length(trace)

    def cut(part: dict) -> dict:
        return {k: (np.asarray(v)[rows] if not isinstance(v, (str, dict)) and np.ndim(v) >= 1 and len(v) == n
                    else v) for k, v in part.items()}

    cut_trace = {**trace, **cut({k: v for k, v in trace.items() if k in _PER_POINT})}
    if "marker" in trace:
        cut_trace["marker"] = cut(trace["marker"])
    return cut_trace


def sampled(trace: dict, keep: float) -> dict:
    """``trace`` with an even random share ``keep`` of its points (at least one)."""
    n = trace_length(trace)
    return cut_points(trace, np.arange(n)[even_sample(n, max(1, round(n * keep)))])


def _panel(trace) -> tuple:
    """The subplot a trace is drawn in."""
    return _part(trace, "xaxis") or "x", _part(trace, "yaxis") or "y", _part(trace, "scene")


class FigureSpec(go.Figure):
    """A finished figure spec that :func:`chart` serialises as it is (no second validation); it was
    thinned where it was built: it draws ``shown`` of its ``total`` points (of each of ``panels``)."""

    def __init__(self, spec: dict, shown: int = 0, total: int = 0, panels: int = 1):
        super().__init__()
        self._spec = spec
        self._drawn = (shown, total, panels)  # (go.Figure takes no public attributes of its own)

    def to_dict(self) -> dict:
        return self._spec

    def drawn(self) -> tuple[int, int, int]:
        """The points drawn, the points there are, the panels they were counted in."""
        return self._drawn


def display_sample(fig: go.Figure) -> tuple[dict | go.Figure, int, int, int]:
    """The figure to draw, the points it draws and the points it has, per panel when the points of
    several panels (subplots) are thinned alike, and the number of those panels (:data:`DISPLAY_MARKERS`)."""
    if isinstance(fig, FigureSpec):
        return fig, *fig.drawn()
    total = point_count(fig.data)
    if total <= DISPLAY_MARKERS:
        return fig, total, total, 1
    data, shown, total, panels = thin_points([tr.to_plotly_json() for tr in fig.data], total)
    spec = {"data": data, "layout": fig.layout.to_plotly_json()}
    if fig.frames:
        keep = _keep_share(fig.data, total)
        frames = [frame.to_plotly_json() for frame in fig.frames]
        spec["frames"] = [{**frame, "data": _thin(frame.get("data", []), keep)} for frame in frames]
    return spec, shown, total, panels


def _keep_share(traces, total: int) -> float:
    """The share of the thinned points that keeps the markers drawn at DISPLAY_MARKERS."""
    whole = sum(trace_length(tr) for tr in traces if is_points(tr) and not thinned(tr))
    return max(DISPLAY_MARKERS - whole, 0) / (total - whole)


def _thin(traces: list[dict], keep: float) -> list[dict]:
    return [sampled(tr, keep) if thinned(tr) else tr for tr in traces]


def thin_points(traces: list[dict], total: int | None = None) -> tuple[list[dict], int, int, int]:
    """Trace dicts with at most about DISPLAY_MARKERS markers (an even sample of the thinned ones); the
    points drawn and there are, per panel when several panels are thinned alike, and those panels."""
    total = point_count(traces) if total is None else total
    if total <= DISPLAY_MARKERS:
        return traces, total, total, 1
    after = _thin(traces, _keep_share(traces, total))
    panels = {}  # panel → (points drawn, points there are)
    for before, drawn in zip(traces, after, strict=True):
        if thinned(before):
            shown, had = panels.get(_panel(before), (0, 0))
            panels[_panel(before)] = (shown + trace_length(drawn), had + trace_length(before))
    if len(panels) > 1 and len(set(panels.values())) == 1:
        shown, total = next(iter(panels.values()))
        return after, shown, total, len(panels)
    return after, point_count(after), total, 1


def drawn_caption(keep: slice | np.ndarray, n: int) -> None:
    """Under a chart that draws the sample ``keep`` (:func:`even_sample`) of n points: how many it shows."""
    sampled_caption(n if isinstance(keep, slice) else len(keep), n)


def sampled_caption(shown: int, total: int, panels: int = 1) -> None:
    """Says under a chart that it draws a sample of its points (of each panel's points)."""
    if shown < total:
        key = "chart.sampled" if panels == 1 else "chart.sampled_panels"
        st.caption(t(key, shown=f"{shown:,}", total=f"{total:,}", panels=panels))


def clicked_points(key: str) -> list[dict]:
    """The points of the click on chart ``key`` being handled (in its ``on_select`` callback), named
    as st.plotly_chart names them: curve_number, point_number, point_index, x, y, customdata."""
    return (st.session_state[key].get("selection") or {}).get("points", [])
