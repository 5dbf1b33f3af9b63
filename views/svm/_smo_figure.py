"""The SMO step-through figure (Li Hang §7.4, Fig 7.8): the data with f = 0, ±1 after the step and the
pair (i, j) ringed; the box [0, C]² of (α_i, α_j) with the constraint segment, the old, unclipped and new
point; every α as a bar; and the dual objective D(α) with the current step marked."""

import math

import numpy as np
import streamlit as st

from ui.contours import level_polylines
from ui.figures import axis_layout
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import padded_range
from ui.i18n import t
from ui.panels import panel_title
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR
from ui.theme import VERMILLION
from views.svm._common import FREE_COLOR
from views.svm._common import c_line
from views.svm._common import f_line
from views.svm._common import fit_svc
from views.svm._common import index_range

STEP_RESOLUTION = 40  # grid of the per-step decision function in the animation
EMPTY = np.array([], float)


@st.cache_data(max_entries=16, show_spinner=False)
def smo_frames(X, y, params, x_range, y_range, steps: tuple, style, lang) -> dict[int, list[dict]]:
    """The stepper's animation frames: :func:`step_traces` of every animated step, with the lines f = 0,
    ±1 on a coarse grid; made when ▶ asks for them (ui.stepper.FrameSource) and cached (they cost more
    than the rest of a rerun); ``lang`` keys the cache (the names are translated)."""
    model = fit_svc(X, y, *params)
    gx, gy, pts = grid_points(x_range, y_range, STEP_RESOLUTION)
    alphas, values = model.states_at(pts, steps)
    top, dual = alpha_top(model), dual_path(model)
    return {
        s: step_traces(model, X, alpha, level_lines(gx, gy, f.reshape(len(gy), len(gx))), s, top, dual, style)
        for s, alpha, f in zip(steps, alphas, values, strict=True)
    }


def dual_path(model) -> np.ndarray:
    """D(α) at every state: 0 at α = 0, then after each step."""
    return np.r_[0.0, model.step_values("dual_objective")]


def step_traces(model, X, alpha, lines, s: int, top: float, dual, style) -> list[dict]:
    """What changes with state s: f = 0, ±1 and the rings on the data, the pair's box, the α bars and D(α)."""
    step = model.history_[s - 1] if s > 0 else None
    pair = [] if step is None else [step.i, step.j]
    return [
        *data_traces(X, alpha, lines, pair, style),
        *box_traces(model, step, top, style),
        *progress_traces(alpha, pair, s, dual, style),
    ]


def level_lines(gx, gy, z) -> tuple[list, list, list, list]:
    """The lines f = 0 and f = ±1 of one SMO state (x, y lists of each)."""
    zero_x, zero_y = level_polylines(gx, gy, z, 0.0)
    plus_x, plus_y = level_polylines(gx, gy, z, 1.0)
    minus_x, minus_y = level_polylines(gx, gy, z, -1.0)
    return zero_x, zero_y, plus_x + minus_x, plus_y + minus_y


def alpha_top(model) -> float:
    """The top of the α axes: C, or for the hard margin the largest α any step set."""
    if math.isfinite(model.C_):
        return model.C_
    moved = np.r_[model.step_values("alpha_i"), model.step_values("alpha_j")]
    return max(float(moved.max()) if moved.size else 1.0, 1e-9)


def static_figure(model, X, y, axes, dual, top, ctx):
    """The four panels with what every step shares: samples, the box, α = C and the path of D(α)."""
    style = ctx.style
    n = len(model.alpha_)
    traces = class_traces(X, y, model.classes_, style, names=[str(c) for c in model.classes_])
    traces.append(
        dict(
            type="scatter",
            x=np.array([0, top, top, 0, 0], float),
            y=np.array([0, 0, top, top, 0], float),
            mode="lines",
            line=dict(color=TRUTH_COLOR, width=1.5),
            name=t("svm.box"),
            showlegend=False,
            xaxis="x2",
            yaxis="y2",
            hoverinfo="skip",
        )
    )
    if math.isfinite(model.C_):
        traces.append(c_line(n, model.C_, 1.2, xaxis="x3", yaxis="y3", hoverinfo="skip"))
    traces.append(
        dict(
            type="scatter",
            x=np.arange(len(dual), dtype=float),
            y=dual,
            mode="lines",
            showlegend=False,
            line=dict(color=FIT_COLOR, width=style.line_width * 0.7),
            name="D(α)",
            xaxis="x4",
            yaxis="y4",
        )
    )
    pad = 0.06 * top
    split = (0.47, 0.65) if ctx.projector else (0.56, 0.66)  # room for the panels' y titles at 1280 px
    centre = (split[1] + 1) / 2
    return figure(
        style,
        None,
        "",
        traces,
        height=style.figure_height + 260,
        legend_rows=7 if ctx.projector else 4,  # the seven entries wrap to one a row at projector sizes
        barmode="overlay",
        xaxis=axis_layout(axes.x_range, axes.x_title, domain=[0, split[0]], anchor="y"),
        yaxis=axis_layout(axes.y_range, axes.y_title, domain=[0, 1], anchor="x"),
        xaxis2=axis_layout((-pad, top + pad), "", domain=[split[1], 1], anchor="y2"),
        yaxis2=axis_layout((-pad, top + pad), "αⱼ", domain=[0.72, 0.91], anchor="x2"),
        xaxis3=axis_layout(index_range(n), "", domain=[split[1], 1], anchor="y3"),
        yaxis3=axis_layout((0, top * 1.1), "α", domain=[0.37, 0.57], anchor="x3"),
        xaxis4=axis_layout((0, max(len(dual) - 1, 1)), "", domain=[split[1], 1], anchor="y4"),
        yaxis4=axis_layout(padded_range(dual, 0.08), "D(α)", domain=[0, 0.23], anchor="x4"),
        annotations=[
            panel_title(t("svm.box_title"), centre, 0.92, style),
            panel_title(t("svm.alphas_title"), centre, 0.58, style),
            panel_title(t("svm.dual_title"), centre, 0.24, style),
        ],
    )


def data_traces(X, alpha, lines, pair, style) -> list[dict]:
    """f = ±1 and f = 0 of the state, the support vectors ringed and the pair i, j ringed large."""
    zero_x, zero_y, margin_x, margin_y = lines
    sv = np.setdiff1d(np.flatnonzero(alpha > 0), pair)
    rings = np.r_[sv, pair].astype(int)
    big = np.r_[np.zeros(len(sv)), np.ones(len(pair))]
    on_data = dict(xaxis="x", yaxis="y", hoverinfo="skip")
    return [
        f_line("f1", style, margin_x, margin_y, **on_data),
        f_line("f0", style, zero_x, zero_y, **on_data),
        dict(
            type="scatter",
            mode="markers+text",
            x=X[rings, 0].astype(np.float32),
            y=X[rings, 1].astype(np.float32),
            text=np.array([""] * len(sv) + ["i", "j"][: len(pair)]),
            textposition="top right",
            textfont=dict(size=style.font_size + 2, color=HIGHLIGHT_COLOR),
            name=t("svm.sv_now"),
            xaxis="x",
            yaxis="y",
            marker=dict(
                symbol="circle-open",
                size=style.marker_size * (1.9 + 0.6 * big),
                color=big,
                cmin=0,
                cmax=1,
                colorscale=[[0, FREE_COLOR], [1, HIGHLIGHT_COLOR]],
                line=dict(width=style.line_width * 0.8),
            ),
        ),
    ]


def box_traces(model, step, top, style) -> list[dict]:
    """In the (α_i, α_j) box: the segment the step moves on, and the old, unclipped and new point."""
    seg_x = seg_y = unc_x = unc_y = EMPTY
    old = new = (EMPTY, EMPTY)
    if step is not None:
        ai_old, aj_old = step.alpha_i_old, step.alpha_j_old
        s_ij = model.y_signed_[step.i] * model.y_signed_[step.j]
        H = min(step.H, top * 1.5)
        seg_x = np.array([ai_old + s_ij * (aj_old - step.L), ai_old + s_ij * (aj_old - H)])
        seg_y = np.array([step.L, H])
        old = (np.array([ai_old]), np.array([aj_old]))
        new = (np.array([step.alpha_i]), np.array([step.alpha_j]))
        if math.isfinite(step.alpha_j_unclipped):
            unc_x = np.array([ai_old + s_ij * (aj_old - step.alpha_j_unclipped)])
            unc_y = np.array([step.alpha_j_unclipped])
    counts = (len(old[0]), len(unc_x), len(new[0]))
    return [
        dict(
            type="scatter",
            mode="lines",
            x=seg_x,
            y=seg_y,
            name=t("svm.segment"),
            xaxis="x2",
            yaxis="y2",
            line=dict(color=BLUE, width=style.line_width),
        ),
        dict(
            type="scatter",
            mode="markers",
            x=np.r_[old[0], unc_x, new[0]],
            y=np.r_[old[1], unc_y, new[1]],
            name=t("svm.box_points"),
            xaxis="x2",
            yaxis="y2",
            marker=dict(
                symbol=np.repeat(["circle", "x", "star"], counts),
                size=np.repeat([1.3, 1.5, 1.9], counts) * style.marker_size,
                color=np.repeat([0.0, 0.5, 1.0], counts),
                cmin=0,
                cmax=1,
                colorscale=[[0, TRUTH_COLOR], [0.5, VERMILLION], [1, HIGHLIGHT_COLOR]],
                line=dict(color=BLACK, width=0.5),
            ),
        ),
    ]


def progress_traces(alpha, pair, s, dual, style) -> list[dict]:
    """Every α as a bar, the pair's bars drawn over them highlighted, and the current point on the path
    of D(α). (Two one-colour bar traces: a bar trace coloured by numbers makes plotly.js warn per bar.)"""
    pair = np.asarray(pair, int)
    bars = dict(type="bar", width=0.8, xaxis="x3", yaxis="y3", showlegend=False)
    return [
        dict(
            bars,
            x=np.arange(1, len(alpha) + 1, dtype=np.float32),
            y=alpha.astype(np.float32),
            name="α",
            marker=dict(color=BLUE),
        ),
        dict(
            bars,
            x=(pair + 1).astype(np.float32),
            y=alpha[pair].astype(np.float32),
            name="αᵢ, αⱼ",
            marker=dict(color=HIGHLIGHT_COLOR),
        ),
        dict(
            type="scatter",
            mode="markers",
            x=np.array([float(s)]),
            y=np.array([dual[s]]),
            xaxis="x4",
            yaxis="y4",
            name="D",
            showlegend=False,
            marker=dict(color=HIGHLIGHT_COLOR, size=style.marker_size * 1.5, line=dict(color=BLACK, width=1)),
        ),
    ]
