"""Step through an iterative method's ``history_``.

A fragment holds a step slider with first / previous / next / last buttons (keyboard: Home, ←, →,
End), so stepping reruns only the fragment, never the fit. The figure also
carries Plotly frames for a sample of steps, so its ▶ button animates in the browser without
any rerun.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.charts import chart
from ui.controls import slider
from ui.i18n import t

MAX_FRAMES = 40


@dataclass(frozen=True)
class StepView:
    """What the stepper draws: a figure of static traces plus the traces of one step.

    ``frame(step)`` returns the trace dicts that change with the step (appended after the static
    ones, in the same order every step); ``label(step)`` a short title such as "step 12: J = 0.3";
    ``details(step)`` optional markdown shown under the figure (the step's numbers).
    """

    static: go.Figure
    frame: Callable[[int], list[dict]]
    label: Callable[[int], str]
    details: Callable[[int], str] | None = None
    redraw: bool = True


def frame_steps(n_steps: int, max_frames: int = MAX_FRAMES) -> np.ndarray:
    """The steps that get an animation frame: evenly spread, always the first and the last."""
    return np.unique(np.linspace(0, n_steps - 1, min(n_steps, max_frames)).round().astype(int))


ANIMATED_KEYS = ("type", "x", "y", "z", "text", "customdata")
ANIMATED_MARKER_KEYS = ("size", "color", "symbol")


def changing_part(trace: dict) -> dict:
    """What a frame must carry: the trace type (a contour frame is invalid without it), data and
    per-point marker arrays; styling stays on the trace."""
    part = {k: trace[k] for k in ANIMATED_KEYS if k in trace}
    marker = {
        k: v
        for k, v in trace.get("marker", {}).items()
        if k in ANIMATED_MARKER_KEYS and isinstance(v, np.ndarray)
    }
    if marker:
        part["marker"] = marker
    return part


def animated_figure(view: StepView, n_steps: int, step: int) -> go.Figure:
    """The figure at ``step`` with frames and a ▶/❚❚ control for client-side playback."""
    fig = go.Figure(view.static)
    first_animated = len(fig.data)
    current = view.frame(step)
    fig.add_traces(current)
    animated = list(range(first_animated, first_animated + len(current)))
    if not fig.layout.title.text:  # make room for the step title above the legend row
        title_size = fig.layout.title.font.size or fig.layout.font.size or 14
        fig.update_layout(margin=dict(t=(fig.layout.margin.t or 0) + 2 * title_size))
    fig.update_layout(title=dict(text=view.label(step)))
    if n_steps > 1:
        fig.frames = [
            dict(
                data=[changing_part(trace) for trace in view.frame(s)],
                traces=animated,
                name=str(s),
                layout=dict(title=dict(text=view.label(s))),
            )
            for s in frame_steps(n_steps)
        ]
        duration = max(60, 4000 // len(fig.frames))
        # Below the plot, bottom right: the top edge belongs to Plotly's modebar.
        fig.update_layout(
            margin=dict(b=80),
            updatemenus=[
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
                        dict(
                            label="▶",
                            method="animate",
                            args=[
                                None,
                                dict(
                                    frame=dict(duration=duration, redraw=view.redraw),
                                    transition=dict(duration=0),
                                    fromcurrent=False,
                                    mode="immediate",
                                ),
                            ],
                        ),
                        dict(
                            label="❚❚",
                            method="animate",
                            args=[[None], dict(frame=dict(duration=0, redraw=False), mode="immediate")],
                        ),
                    ],
                )
            ],
        )
    return fig


def _move(key: str, n_steps: int, to: int | None = None, by: int = 0) -> None:
    current = st.session_state.get(key, n_steps - 1)
    target = to if to is not None else current + by
    st.session_state[key] = int(np.clip(target, 0, n_steps - 1))


@st.fragment
def stepper(key: str, n_steps: int, view: StepView, shortcuts: bool = True) -> None:
    """Draw the step controls and the figure for ``n_steps`` recorded steps (default: the last)."""
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
    chart(animated_figure(view, n_steps, step), key=f"{key}.chart")
    if view.details:
        st.markdown(view.details(step))
