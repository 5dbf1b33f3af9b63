"""What the classification views of the online-learning page share: the stream (its order and the
injected outliers), its controls, the animated plane with one boundary per learner, and the
cumulative-mistakes and regret charts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import arrival_order
from algorithms import corrupt_stream
from algorithms import hindsight_losses
from ui.charts import chart
from ui.controls import bound
from ui.controls import number_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import highlight_trace
from ui.figures import line_points
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import safe_range
from ui.figures import scatter_axes
from ui.i18n import t
from ui.panels import panels_figure
from ui.rings import ring_trace
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import TRUTH_COLOR
from ui.views import fit_subset
from ui.views import fitted

STREAM_DATA = DataRequest("classification", 2, "pa_stream")
SPEEDS = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0]  # points per second while ▶ plays
MAX_STREAM_FRAMES = 250  # animation frames: one per point up to this many points
MAX_OUTLIERS = 20
GROWING_MAX = 600  # up to this many points each frame redraws all points seen; beyond, the last RECENT
RECENT = 30
STREAM_LIMIT = 2_000  # a longer data set streams an even sample of this many points (said on screen)


@dataclass(frozen=True)
class Stream:
    """The samples in arrival order, their labels (outliers injected) and the outlier mask."""

    X: np.ndarray
    y: np.ndarray
    outliers: np.ndarray  # injected here (label flipped)
    planted: np.ndarray  # the data set's own outliers (Sugiyama Fig 15.9)
    classes: np.ndarray
    names: tuple[str, ...]

    @property
    def clean(self) -> np.ndarray:
        return ~(self.outliers | self.planted)


@dataclass(frozen=True)
class Learner:
    """A fitted online learner as drawn: legend name, colour and dash of its boundary."""

    name: str
    model: object
    color: str
    dash: str = "solid"


@st.cache_data(max_entries=32, show_spinner=False)
def make_stream(X, y, planted, shuffle: bool, n_outliers: int, seed: int, regression: bool = False) -> Stream:
    order = arrival_order(len(X), shuffle, seed)
    labels, outliers = corrupt_stream(np.asarray(y)[order], n_outliers, seed + 1, regression)
    classes = np.array([]) if regression else np.unique(labels)
    planted = np.zeros(len(X), bool) if planted is None else np.asarray(planted, bool)[order]
    return Stream(X[order], labels, outliers, planted, classes, tuple(plain(str(c)) for c in classes))


def _inject(key: str) -> None:
    st.session_state[key] = min(int(st.session_state.get(key, 0)) + 2, MAX_OUTLIERS)


def stream_controls(ctx, controls, main, prefix: str = "onl") -> tuple[Stream | None, float]:
    """Order, injected outliers and speed (keys under ``prefix``: "onl", or "onl.reg" for the
    regression stream); returns the stream (None once a message says why not) and the points per
    second. Over STREAM_LIMIT points the stream is an even sample of them (``fit_subset``)."""
    regression = prefix != "onl"
    with controls:
        shuffle = st.toggle(t("onl.shuffle"), help=t("onl.shuffle_help"), **bound(f"{prefix}.shuffle"))
        n_outliers = slider(t("onl.outliers"), 0, MAX_OUTLIERS, 0, f"{prefix}.outliers",
                            help=t("onl.reg_outliers_help" if regression else "onl.outliers_help"))
        st.button(t("onl.inject"), key=f"{prefix}.inject", on_click=_inject, args=(f"{prefix}.outliers",),
                  icon=":material/bolt:")
        speed = number_slider(t("onl.speed"), "onl.speed", SPEEDS, 10.0, help=t("onl.speed_help"))
    train = ctx.data.train
    with main:
        used = fit_subset(len(train.X), STREAM_LIMIT)
    seed = int(st.session_state.get(f"{prefix}.seed", 0) or 0)
    planted = train.extra.get("planted_outlier")
    planted = None if planted is None else np.asarray(planted)[used]
    stream = fitted(make_stream, train.X[used], np.asarray(train.y)[used], planted, shuffle, int(n_outliers),
                    seed, regression)
    return stream, float(speed)


def frame_time(n: int, speed: float) -> int:
    """Milliseconds per animation frame for ``speed`` points a second (a frame covers n/frames points)."""
    per_frame = max(1.0, n / MAX_STREAM_FRAMES)
    return int(round(1000.0 * per_frame / speed))


def stream_axes(stream: Stream, ctx) -> Axes:
    return scatter_axes(stream.X, tuple(plain(n) for n in ctx.data.train.feature_names), equal=False)


def step_details(stream: Stream, model, s: int) -> str:
    """The numbers of step s: the sample, the score and loss before the update, the update and w."""
    step = model.history_[s]
    sign = 1 if stream.y[s] == model.classes_[1] else -1
    return t(
        "onl.step_details",
        t=step.t,
        x=vector_text(stream.X[s]),
        y=f"{sign:+d}",
        score=f"{step.score:.4g}",
        loss=f"{step.loss:.4g}",
        tau=f"{step.step:.4g}",
        w=vector_text(step.w),
        b=f"{step.b:.4g}",
    )


def plane_view(
    ctx,
    stream: Stream,
    learners: list[Learner],
    key: str,
    speed: float,
    label: Callable[[int], str],
    details: Callable[[int], str] | None = None,
    axes: Axes | None = None,
    extra_static: Callable[[go.Figure], None] | None = None,
    extra_frame: Callable[[int], list[dict]] | None = None,
) -> None:
    """The stream animated: points appear one by one (the rest faint), each learner's boundary
    wᵀx + b = 0 after the point, the current point ringed; ▶ plays at ``speed`` points a second.
    Long streams (over GROWING_MAX points) show every point from the start and only the last RECENT
    points in full, so the frames stay small."""
    axes = axes or stream_axes(stream, ctx)
    style, n = ctx.style, len(stream.y)
    static = base_figure(style, axes, legend_rows=2)
    for k, label_k in enumerate(stream.classes):
        mine = stream.X[stream.y == label_k]
        faint = points_trace(mine[:, 0], mine[:, 1], "", style, CLASS_COLORS[k], CLASS_SYMBOLS[k], 0.8)
        static.add_trace(dict(faint, opacity=0.18 if n <= GROWING_MAX else 0.4, showlegend=False,
                              hoverinfo="skip"))
    if stream.outliers.any():
        static.add_trace(ring_trace(stream.X[stream.outliers], t("onl.injected"), style, TRUTH_COLOR,
                                    symbol="square-open", size=2.0))
    if stream.planted.any():
        static.add_trace(ring_trace(stream.X[stream.planted], t("onl.planted"), style, TRUTH_COLOR,
                                    symbol="diamond-open", size=2.0))
    if extra_static:
        extra_static(static)
    # what every frame needs, once: a step's (b, w) of each learner, the class masks, the catalogue text
    histories = [learner.model.history_ for learner in learners]
    thetas = [np.column_stack([[snap.b for snap in h], [snap.w for snap in h]]) for h in histories]
    classes = [stream.y == label for label in stream.classes]
    index = np.arange(n)
    current = t("onl.current")

    def frame(s: int) -> list[dict]:
        seen = (index <= s) & ((index > s - RECENT) | (n <= GROWING_MAX))
        traces = []
        for k, name in enumerate(stream.names):
            mask = seen & classes[k]
            traces.append(points_trace(stream.X[mask, 0], stream.X[mask, 1], name, style, CLASS_COLORS[k],
                                       CLASS_SYMBOLS[k], customdata=np.flatnonzero(mask)))
        for learner, theta in zip(learners, thetas, strict=True):
            lx, ly = line_points(theta[s], axes.x_range, axes.y_range)
            traces.append(dict(type="scatter", mode="lines", x=lx, y=ly, name=learner.name,
                               line=dict(color=learner.color, dash=learner.dash, width=style.line_width)))
        traces.append(highlight_trace(stream.X[s, 0], stream.X[s, 1], current, style))
        if extra_frame:
            traces.extend(extra_frame(s))
        return traces

    stepper(key, n, StepView(static, frame, label, details, max_frames=MAX_STREAM_FRAMES,
                             frame_ms=frame_time(n, speed)))


@st.cache_data(max_entries=32, show_spinner=False)
def comparator_losses(X, y, fit_intercept: bool) -> np.ndarray:
    """Per-sample hinge losses of the best fixed linear classifier in hindsight (for the regret)."""
    return hindsight_losses(X, y, "hinge", fit_intercept)


def progress_charts(ctx, stream: Stream, learners: list[Learner], key: str, bound_value: float | None = None):
    """Cumulative mistakes (with the perceptron's bound when given) and regret against the best
    fixed linear classifier in hindsight, for every learner."""
    n = len(stream.y)
    t_axis = np.arange(1, n + 1)
    best = comparator_losses(stream.X, stream.y, True)
    mistakes = [Curve(lr.name, t_axis, lr.model.cumulative_mistakes(), lr.color, lr.dash) for lr in learners]
    top = max(float(c.y[-1]) for c in mistakes)
    if bound_value is not None:
        ends = np.array([1.0, n])
        mistakes.append(Curve(t("onl.bound_curve"), ends, np.full(2, bound_value), BLACK, "dot"))
        top = max(top, bound_value)
    regrets = [Curve(lr.name, t_axis, lr.model.regret(best), lr.color, lr.dash) for lr in learners]
    low = min(float(c.y.min()) for c in regrets)
    high = max(float(c.y.max()) for c in regrets)
    height = 300 if not ctx.projector else 380
    x_range = (1.0, float(max(n, 2)))
    left, right = st.columns(2) if not ctx.projector else (st.container(), st.container())
    with left:
        axes = Axes(x_range, safe_range(0.0, top * 1.1 + 0.5), t("onl.t_axis"), t("onl.mistakes_axis"))
        chart(curves_figure(mistakes, axes, ctx.style, title=t("onl.mistakes_title"), height=height),
              key=f"{key}_mistakes")
    with right:
        pad = 0.05 * (high - low) + 0.5
        axes = Axes(x_range, safe_range(low - pad, high + pad), t("onl.t_axis"), t("onl.regret_axis"))
        chart(curves_figure(regrets, axes, ctx.style, title=t("onl.regret_title"), height=height),
              key=f"{key}_regret")
    st.caption(t("onl.regret_caption"))
    return best


def snapshot_panels(ctx, stream: Stream, learner: Learner, counts: list[int], key: str) -> None:
    """Small multiples: the points seen and the boundary after each of ``counts`` points (Fig 15.5)."""
    style, axes = ctx.style, stream_axes(stream, ctx)
    cols = 2 if ctx.projector else len(counts)
    rows = -(-len(counts) // cols)
    titles = [t("onl.after_points", k=k) for k in counts]
    size = max(4, style.marker_size * 0.6)
    panels = []
    for k in counts:
        traces = []
        for j, label in enumerate(stream.classes):
            seen = stream.X[:k][stream.y[:k] == label]
            marker = dict(color=CLASS_COLORS[j], symbol=CLASS_SYMBOLS[j], size=size)
            traces.append(dict(type="scatter", x=seen[:, 0], y=seen[:, 1], mode="markers", showlegend=False,
                               hoverinfo="skip", marker=marker))
        snap = learner.model.history_[k - 1]
        lx, ly = line_points(np.r_[snap.b, snap.w], axes.x_range, axes.y_range)
        traces.append(dict(type="scatter", x=lx, y=ly, mode="lines", showlegend=False, hoverinfo="skip",
                           line=dict(color=learner.color, width=style.line_width)))
        panels.append(traces)
    height = (230 if not ctx.projector else 300) * rows + 40
    fig = panels_figure(panels, titles, axes, style, cols=cols, spacing=(0.03, 0.12), height=height,
                        margin=dict(l=10, r=10, t=50, b=10))
    chart(fig, key=key)
