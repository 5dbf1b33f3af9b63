"""Step through an iterative method's ``history_``.

A step slider with first / previous / next / last buttons (keyboard: Home, ←, →, End); stepping
reruns the view alone (a fragment, :class:`ui.views.PickedView`) with its fit cached. The stepper
is not a fragment of its own: Streamlit 1.67 leaves a nested fragment's old output in place when
the outer fragment, writing into the page's columns, reruns. The figure also has Plotly frames for a
sample of steps, so its ▶ button animates in the browser: the first ▶ after a new fit fetches them with
one rerun (ui.charts sends frames when asked), later presses play at once.

Building those frames as Plotly objects would cost more than the rest of a page (Plotly validates
every trace of every frame), so the figure is assembled as a plain spec of numbers we control and
handed to Streamlit as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable
from typing import Mapping

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.charts import DISPLAY_MARKERS
from ui.charts import FigureSpec
from ui.charts import LazyFrames
from ui.charts import chart
from ui.charts import clicked_points
from ui.charts import cut_points
from ui.charts import even_sample
from ui.charts import frames_digest
from ui.charts import is_points
from ui.charts import sample_ids
from ui.charts import sampled
from ui.charts import sampled_caption
from ui.charts import thinned
from ui.charts import trace_length
from ui.charts import typed
from ui.controls import slider
from ui.data_panel import LoadedData
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.figures import Axes
from ui.figures import title_room
from ui.i18n import t

MAX_FRAMES = 40


@dataclass(frozen=True)
class FrameSource:
    """Animation frames that cost more than the figure (the contours or ellipses of ~40 steps): ``build()``
    gives {step: the traces ``frame`` gives}, e.g. a cached function of ``key``, and is called only
    when ▶ asks for them; ``key``, everything they are made from (arrays, numbers, text, dataclasses),
    stands for them in the digest until then."""

    key: tuple
    build: Callable[[], Mapping[int, list[dict]]]


@dataclass(frozen=True)
class StepView:
    """What the stepper draws: a figure of static traces plus the traces of one step.

    ``frame(step)`` returns the trace dicts that change with the step (appended after the static
    ones, in the same order every step); ``label(step)`` a short title such as "step 12: J = 0.3";
    ``details(step)`` optional markdown shown under the figure (the step's numbers); ``frames``: where
    the animation frames come from when ``frame`` of every animated step would cost a rerun too much
    (None: ``frame`` of each, made and digested every rerun).
    """

    static: go.Figure
    frame: Callable[[int], list[dict]]
    label: Callable[[int], str]
    details: Callable[[int], str] | None = None
    redraw: bool = True
    max_frames: int = MAX_FRAMES  # animation frames at most (a stream: one per point)
    frame_ms: int | None = None  # ▶'s time per frame (None: the whole run in about 4 s)
    frames: FrameSource | None = None


def frame_steps(n_steps: int, max_frames: int = MAX_FRAMES) -> np.ndarray:
    """The steps that get an animation frame: evenly spread, always the first and the last."""
    return np.unique(np.linspace(0, n_steps - 1, min(n_steps, max_frames)).round().astype(int))


ANIMATED_KEYS = ("type", "x", "y", "z", "text", "customdata")
ANIMATED_MARKER_KEYS = ("size", "color", "symbol")


def changing_part(trace: dict) -> dict:
    """What a frame must carry: the trace type (a contour frame is invalid without it), data and
    per-point marker arrays; styling stays on the trace."""
    part = {k: trace[k] for k in ANIMATED_KEYS if k in trace}
    part.setdefault("type", "scatter")
    marker = {
        k: v
        for k, v in trace.get("marker", {}).items()
        if k in ANIMATED_MARKER_KEYS and isinstance(v, np.ndarray)
    }
    if marker:
        part["marker"] = marker
    return part


def frame_parts(frames: list[list[dict]]) -> list[list[dict]]:
    """The changing part of every trace of every frame, minus arrays equal in all frames
    (Plotly keeps those from the figure)."""
    parts = [[changing_part(trace) for trace in frame] for frame in frames]
    for j, first in enumerate(parts[0]):
        for key, value in list(first.items()):
            if isinstance(value, np.ndarray) and all(
                isinstance(p[j].get(key), np.ndarray)
                and p[j][key].shape == value.shape
                and np.array_equal(p[j][key], value)
                for p in parts
            ):
                for p in parts:
                    del p[j][key]
    return parts


def play_controls(n_frames: int, redraw: bool, frame_ms: int | None = None) -> list[dict]:
    """▶ / ❚❚ below the plot, bottom right (the top edge belongs to Plotly's modebar)."""
    play = dict(
        frame=dict(duration=max(60, 4000 // n_frames) if frame_ms is None else frame_ms, redraw=redraw),
        transition=dict(duration=0),
        fromcurrent=False,
        mode="immediate",
    )
    pause = dict(frame=dict(duration=0, redraw=False), mode="immediate")
    return [
        dict(
            type="buttons",
            direction="left",
            x=1.0,
            xanchor="right",
            y=0.0,
            yanchor="top",
            pad=dict(t=45),
            showactive=False,
            buttons=[
                dict(label="▶", method="animate", args=[None, play]),
                dict(label="❚❚", method="animate", args=[[None], pause]),
            ],
        )
    ]


@dataclass(frozen=True)
class Drawn:
    """What a stepper draws of its points: a ``share`` of each thinned trace (ui.charts.thinned),
    and when the traces carry sample indices (customdata), a mask ``kept`` over those indices;
    ``shown`` of the ``total`` points (sample indices, or markers) are drawn."""

    share: float = 1.0
    kept: np.ndarray | None = None
    shown: int = 0
    total: int = 0

    def thin(self, traces: list[dict]) -> list[dict]:
        if self.share == 1.0:
            return traces
        return [self._cut(tr) if thinned(tr) else tr for tr in traces]

    def _cut(self, trace: dict) -> dict:
        ids = sample_ids(trace)
        if ids is None or self.kept is None or ids.max() >= len(self.kept):
            return sampled(trace, self.share)
        return cut_points(trace, self.kept[ids])


def drawn_points(static: list[dict], frames: list[list[dict]]) -> Drawn:
    """The points to draw when a frame would have more than DISPLAY_MARKERS markers (ui.charts): an
    even sample of the sample indices, its share set by the animation frames alone, so that every step
    draws the same points (a point changing cluster does not vanish or appear)."""

    def counts(traces: list[dict]) -> tuple[int, int]:  # markers drawn whole, markers thinned
        whole = many = 0
        for tr in traces:
            if is_points(tr):
                if thinned(tr):
                    many += trace_length(tr)
                else:
                    whole += trace_length(tr)
        return whole, many

    (static_whole, static_many), per_frame = counts(static), [counts(frame) for frame in frames]
    whole = static_whole + max(w for w, _ in per_frame)  # the static traces are in every frame's figure
    many = static_many + max(m for _, m in per_frame)
    if whole + many <= DISPLAY_MARKERS:
        return Drawn()
    share = max(DISPLAY_MARKERS - whole, 0) / many
    figures = [static, *frames]
    ids = [i for fig in figures for tr in fig if thinned(tr) and (i := sample_ids(tr)) is not None and i.size]
    if not ids:
        return Drawn(share, shown=whole + round(many * share), total=whole + many)
    present = np.unique(np.concatenate(ids))  # the points drawn (a view may draw a sample of its own)
    chosen = present[even_sample(len(present), max(1, round(len(present) * share)))]
    kept = np.zeros(int(present[-1]) + 1, bool)
    kept[chosen] = True
    return Drawn(share, kept, len(chosen), len(present))


def animated_figure(view: StepView, n_steps: int, step: int) -> tuple[FigureSpec, int, int]:
    """The figure at ``step`` with frames for a sample of steps and the play controls; and the points
    it draws and the points there are (:func:`drawn_points`)."""
    # the static traces as numpy arrays, not typed-array specs, so that their points are counted and cut
    static = view.static
    spec = {"data": [tr.to_plotly_json() for tr in static.data], "layout": static.layout.to_plotly_json()}
    steps = frame_steps(n_steps, view.max_frames)
    if view.frames is None:
        frames = [view.frame(s) for s in steps]
        current = frames[list(steps).index(step)] if step in steps else view.frame(step)
        drawn = drawn_points(spec["data"], frames)
    else:  # the frames are made when sent: the points drawn follow the current step
        current = view.frame(step)
        drawn = drawn_points(spec["data"], [current])
    first = len(spec["data"])
    spec["data"] = [*drawn.thin(spec["data"]), *drawn.thin(current)]
    layout = spec["layout"]
    if not layout.get("title", {}).get("text"):  # make room for the step title above the legend row
        layout.update(title_room(layout))
    layout["title"] = {**layout.get("title", {}), "text": view.label(step)}
    traces = list(range(first, first + len(current)))

    def animation(frames: list[list[dict]]) -> list[dict]:
        parts = frame_parts([drawn.thin(frame) for frame in frames])
        return [dict(data=data, traces=traces, name=str(s), layout=dict(title=dict(text=view.label(s))))
                for s, data in zip(steps, parts, strict=True)]

    if n_steps > 1:
        layout["margin"] = {**layout.get("margin", {}), "b": 80}
        layout["updatemenus"] = play_controls(len(steps), view.redraw, view.frame_ms)
    figure = typed(spec)
    if n_steps > 1 and view.frames is None:
        figure["frames"] = animation(frames)  # numpy arrays: ui.charts digests them, types them when sent
    elif n_steps > 1:
        source = view.frames
        digest = frames_digest([source.key, steps, traces, drawn.share, drawn.kept])

        def made() -> list[dict]:
            built = source.build()
            return animation([built[s] if s in built else view.frame(s) for s in steps])
        figure["frames"] = LazyFrames(digest, made)
    return FigureSpec(figure), drawn.shown, drawn.total


def _move(key: str, n_steps: int, to: int | None = None, by: int = 0) -> None:
    current = st.session_state.get(key, n_steps - 1)
    target = to if to is not None else current + by
    st.session_state[key] = int(np.clip(target, 0, n_steps - 1))


def stepper(
    key: str,
    n_steps: int,
    view: StepView,
    shortcuts: bool = True,
    on_click: Callable[[list[dict]], None] | None = None,
    click_caption: str | None = None,
) -> None:
    """Draw the step controls and the figure for ``n_steps`` recorded steps (default: the last).

    ``on_click(points)`` makes the chart clickable (edit points, place centres). The view reruns
    with what the click changed; edited points rerun the whole page (:func:`ui.shown.view_started`).
    """
    step_key = f"{key}.step"
    if n_steps > 1:
        buttons = st.columns([1.3, 1.3, 1.3, 1.3, 5], vertical_alignment="bottom")
        for col, (icon, name, shortcut, kwargs) in zip(
            buttons[:4],
            [
                (":material/first_page:", "first", "Home", dict(to=0)),
                (":material/chevron_left:", "previous", "Left", dict(by=-1)),
                (":material/chevron_right:", "next", "Right", dict(by=1)),
                (":material/last_page:", "last", "End", dict(to=n_steps - 1)),
            ],
            strict=True,
        ):
            col.button(
                "",
                icon=icon,
                help=t(f"stepper.{name}"),
                key=f"{key}.{name}",
                on_click=_move,
                args=(step_key, n_steps),
                kwargs=kwargs,
                shortcut=shortcut if shortcuts else None,
                width="stretch",
            )
        with buttons[4]:
            step = slider(t("stepper.step"), 0, n_steps - 1, n_steps - 1, step_key)
    else:
        step = 0
    (figure, shown, total), chart_key = animated_figure(view, n_steps, step), f"{key}.chart"
    if on_click is None:
        chart(figure, key=chart_key)
    else:
        chart(
            figure,
            key=chart_key,
            on_select=lambda: on_click(clicked_points(chart_key)),
        )
        if click_caption:
            st.caption(click_caption)
    sampled_caption(shown, total)
    if view.details:
        st.markdown(view.details(step))


def stepper_unless_editing(
    key: str, n_steps: int, view: StepView, prefix: str, data: LoadedData, axes: Axes
) -> None:
    """The stepper; while the page's points are being edited (``<prefix>.edit``), the last step as an
    editable chart (``<key>_edit``) instead, with the catalogue note ``<prefix>.edit_no_steps``."""
    if not edit_enabled(prefix):
        stepper(key, n_steps, view)
        return
    final = go.Figure(view.static)
    final.add_traces(view.frame(n_steps - 1))
    editable_chart(final, prefix, data, axes.x_range, axes.y_range, key=f"{key}_edit")
    st.caption(t(f"{prefix}.edit_no_steps"))
