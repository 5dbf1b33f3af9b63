"""Anomaly detection (Sugiyama ch. 12).

Three views: the local outlier factor (marker size by LOF, the neighbours and reachability
distances of a selected point, a threshold), the SVM anomaly detector / support vector data
description (C and σ, its boundary, SMO step by step; the dual with Σα = 1, erratum §22), and
density-ratio detection with KLIEP (its projected-gradient iterations, cross-validation over κ and
a threshold on ŵ; listing errata fixed).
"""

from functools import partial

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import KLIEP
from algorithms import SVDD
from algorithms import LocalOutlierFactor
from algorithms import gaussian_kernel
from algorithms import kliep_cv
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import chosen_before_drawn
from ui.controls import log_slider
from ui.controls import preset_picker
from ui.controls import set_values
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import LoadedData
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import grid_points
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import VERMILLION

P = "anom"
VIEWS = ["lof", "svdd", "kliep"]
REQUESTS = {
    "lof": DataRequest("clustering", 2, "lof_demo"),
    "svdd": DataRequest("clustering", 2, "gaussian_outliers"),
    "kliep": DataRequest("clustering", 1, "kliep_demo"),
}
DATA_PREFIX = {"kliep": "anom.1d"}
CONVENTIONS = ["standard", "listing"]
KERNELS = ["gaussian", "linear"]
CRITERIA = ["log", "listing"]
BOOK_KAPPAS = (1.0, 5.0, 10.0)  # Sugiyama Fig 12.7 listing: hhs = 2*[1 5 10].^2
FINE_KAPPAS = (0.3, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
PLANTED_SETS = {"lof_demo", "gaussian_outliers", "kliep_demo"}
LOF_RES, SVDD_RES, SVDD_FRAME_RES = 110, 120, 60
N_CENTERS = 100  # KLIEP centres (all of them for the book's n' = 100)
REGION_TINT = "#F7DCCC"
NEG_INF = r"-\infty"  # light vermillion: the anomalous region

PRESETS = {
    "anom_fig12_1": {
        "anom.view": "lof",
        "anom.data": "lof_demo",
        "anom.n": 100,
        "anom.seed": 0,
        "anom.k": 3,
        "anom.convention": "listing",
        "anom.point": 99,
        "anom.tau": 1.5,
    },
    "anom_fig12_1_std": {
        "anom.view": "lof",
        "anom.data": "lof_demo",
        "anom.n": 100,
        "anom.seed": 0,
        "anom.k": 3,
        "anom.convention": "standard",
        "anom.point": 99,
        "anom.tau": 1.5,
    },
    "anom_fig12_3": {
        "anom.view": "svdd",
        "anom.data": "gaussian_outliers",
        "anom.n": 100,
        "anom.seed": 0,
        "anom.kernel": "linear",
        "anom.C": 0.1,
    },
    "anom_svdd_rbf": {
        "anom.view": "svdd",
        "anom.data": "gaussian_outliers",
        "anom.n": 100,
        "anom.seed": 0,
        "anom.kernel": "gaussian",
        "anom.C": 0.05,
        "anom.sigma": 1.0,
    },
    "anom_fig12_7": {
        "anom.view": "kliep",
        "anom.1d.data": "kliep_demo",
        "anom.1d.n": 100,
        "anom.1d.seed": 0,
        "anom.kappa": 5.0,
        "anom.criterion": "log",
        "anom.fine": False,
        "anom.threshold": 0.8,
    },
    "anom_fig12_7_k10": {
        "anom.view": "kliep",
        "anom.1d.data": "kliep_demo",
        "anom.1d.n": 100,
        "anom.1d.seed": 0,
        "anom.kappa": 10.0,
        "anom.criterion": "log",
        "anom.fine": False,
        "anom.threshold": 0.8,
    },
    "anom_fig12_7_k1": {
        "anom.view": "kliep",
        "anom.1d.data": "kliep_demo",
        "anom.1d.n": 100,
        "anom.1d.seed": 0,
        "anom.kappa": 1.0,
        "anom.criterion": "log",
        "anom.fine": False,
        "anom.threshold": 0.8,
    },
}


# ---- shared helpers --------------------------------------------------------------------------------


def planted(train) -> np.ndarray:
    """Indices of the planted anomalies of the book's demo sets (y = 1), else none."""
    if train.name not in PLANTED_SETS or train.y is None:
        return np.zeros(0, dtype=int)
    return np.flatnonzero(np.asarray(train.y) == 1)


def square_axes(X, names, pad=0.1) -> Axes:
    """Equal ranges on both axes (circles stay round and the shaded grid covers the whole plot)."""
    (x0, x1), (y0, y1) = padded_range(X[:, 0], pad), padded_range(X[:, 1], pad)
    half = max(x1 - x0, y1 - y0) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return Axes((cx - half, cx + half), (cy - half, cy + half), plain(names[0]), plain(names[1]), equal=True)


def square_figure(style, axes: Axes, title: str = "") -> go.Figure:
    """A base figure whose plot area, not its ranges, adapts to keep the scale equal."""
    fig = base_figure(style, axes, title, height=int(style.figure_height * 1.3))
    fig.update_xaxes(constrain="domain")
    fig.update_yaxes(constrain="domain")
    # The square leaves room at the side: a vertical legend there keeps the top for the title.
    fig.update_layout(
        legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top"),
        margin=dict(t=style.title_size * 2 + 16 if title else 20),
    )
    return fig


def circle(center, radius, n=60):
    angle = np.linspace(0, 2 * np.pi, n)
    return center[0] + radius * np.cos(angle), center[1] + radius * np.sin(angle)


def region_trace(gx, gy, inside: np.ndarray, tint: str = REGION_TINT) -> dict:
    """A part of the plane as a light uint8 heat-map (1 inside the region, 0 transparent)."""
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=inside.astype(np.uint8),
        zmin=0,
        zmax=1,
        showscale=False,
        colorscale=[[0, "rgba(255,255,255,0)"], [1, tint]],
        hoverinfo="skip",
        name="",
    )


def level_trace(gx, gy, z, level, name, style, dash="solid") -> dict:
    return dict(
        type="contour",
        x=gx,
        y=gy,
        z=np.asarray(z, np.float32),
        showscale=False,
        hoverinfo="skip",
        contours=dict(start=level, end=level, size=1.0, coloring="lines"),
        colorscale=[[0, BLACK], [1, BLACK]],
        line=dict(color=BLACK, width=style.line_width * 0.8, dash=dash),
        name=name,
        showlegend=bool(name),
    )


def data_chart(fig, data: LoadedData, axes: Axes, key: str, on_select=None) -> None:
    """The main 2-D view: editable in edit mode, else (optionally) clicking selects a point."""
    if edit_enabled(P) or on_select is None:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key=key)
    else:
        fig.update_layout(clickmode="event+select")
        chart(fig, key=key, on_select=on_select, selection_mode="points")


# ---- local outlier factor ----------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_lof(X, k, convention):
    return LocalOutlierFactor(k, convention).fit(X)


@st.cache_data(max_entries=16, show_spinner=False)
def lof_map(X, k, convention):
    """LOF of a new point placed anywhere on a grid over the plot."""
    lof = LocalOutlierFactor(k, convention).fit(X)
    axes = square_axes(X, ("", ""))
    gx, gy, grid = grid_points(axes.x_range, axes.y_range, LOF_RES)
    return gx, gy, lof.score_samples(grid).reshape(len(gy), len(gx)).astype(np.float32)


def pick_point(key: str) -> None:
    """Clicking a data point selects it (its neighbours and reachability distances are drawn)."""
    for point in st.session_state[key].selection.points:
        if point.get("customdata") is not None:
            st.session_state["anom.point"] = int(np.atleast_1d(point["customdata"])[0])
            return


def lof_view(ctx, controls, main):
    data = ctx.data
    X = data.train.X
    n = len(X)
    with controls:
        k = slider(t("anom.k"), 1, max(min(30, n - 1), 2), 3, "anom.k", help=t("anom.k_help"))
        convention = choice(
            t("anom.convention"),
            CONVENTIONS,
            "anom.convention",
            catalogue_labels("anom.conventions"),
            horizontal=not ctx.projector,
        )
        tau = slider(t("anom.tau"), 1.0, 3.0, 1.5, "anom.tau", step=0.05, help=t("anom.tau_help"))
        if (
            st.session_state.get("anom.point") is not None
            and not 0 <= st.session_state["anom.point"] <= n - 1
        ):
            st.session_state["anom.point"] = n - 1
        point = int(
            st.number_input(
                t("anom.point"), 0, n - 1, n - 1, step=1, help=t("anom.point_help"), **bound("anom.point")
            )
        )
        show_map = st.toggle(t("anom.show_map"), **bound("anom.show_map"))
    if k > n - 1:
        st.error(t("anom.too_few", n=n, k=k))
        return
    try:
        lof = fit_lof(X, k, convention)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    scores = lof.lof_
    axes = square_axes(X, data.train.feature_names)
    fig = square_figure(ctx.style, axes)
    if show_map:
        gx, gy, grid_lof = lof_map(X, k, convention)
        fig.add_trace(region_trace(gx, gy, grid_lof > tau))
        fig.add_trace(level_trace(gx, gy, grid_lof, tau, t("anom.lof_level", tau=f"{tau:g}"), ctx.style))
    nb = lof.neighbors_[point]
    for j in nb:  # k-distance of each neighbour: RD = max(kd, d)
        cx, cy = circle(X[j], lof.k_distance_[j])
        fig.add_trace(
            dict(
                type="scatter",
                mode="lines",
                x=cx,
                y=cy,
                line=dict(color=TRUTH_COLOR, width=1, dash="dot"),
                hoverinfo="skip",
                showlegend=bool(j == nb[0]),
                name=t("anom.kd_neighbours"),
            )
        )
    cx, cy = circle(X[point], lof.k_distance_[point])
    fig.add_trace(
        dict(
            type="scatter",
            mode="lines",
            x=cx,
            y=cy,
            name=t("anom.kd_selected"),
            line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 0.7),
            hoverinfo="skip",
        )
    )
    xs, ys = [], []
    for j in nb:
        xs += [float(X[point, 0]), float(X[j, 0]), None]
        ys += [float(X[point, 1]), float(X[j, 1]), None]
    fig.add_trace(
        dict(
            type="scatter",
            mode="lines",
            x=xs,
            y=ys,
            name=t("anom.neighbour_lines", k=k),
            line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 0.6),
            hoverinfo="skip",
        )
    )
    sizes = ctx.style.marker_size * np.clip(0.45 + 0.9 * (scores - 1.0), 0.45, 4.5) * 1.6
    fig.add_trace(
        dict(
            type="scatter",
            mode="markers",
            x=X[:, 0],
            y=X[:, 1],
            name=t("anom.lof_circles"),
            customdata=np.arange(n),
            text=np.array([f"LOF = {v:.3g}" for v in scores]),
            hovertemplate="#%{customdata}: %{text}<extra></extra>",
            marker=dict(size=sizes, color="rgba(0,114,178,0.10)", line=dict(color=BLUE, width=1.5)),
        )
    )
    fig.add_trace(
        points_trace(
            X[:, 0], X[:, 1], t("anom.points"), ctx.style, color=VERMILLION, symbol="x", size_scale=0.8
        )
    )
    fig.data[-1].hoverinfo = "skip"
    marked = planted(data.train)
    if len(marked):
        fig.add_trace(
            points_trace(
                X[marked, 0],
                X[marked, 1],
                t("anom.planted"),
                ctx.style,
                color=BLACK,
                symbol="star",
                size_scale=1.3,
            )
        )
    fig.add_trace(
        dict(
            type="scatter",
            mode="markers",
            x=X[point : point + 1, 0],
            y=X[point : point + 1, 1],
            name=t("anom.selected"),
            marker=dict(
                symbol="circle-open",
                size=ctx.style.marker_size * 2.4,
                color=HIGHLIGHT_COLOR,
                line=dict(width=3),
            ),
        )
    )
    rank = {int(i): r + 1 for r, i in enumerate(np.argsort(-scores, kind="stable"))}
    with main:
        data_chart(fig, data, axes, key="anom.lof_chart", on_select=partial(pick_point, "anom.lof_chart"))
        if not edit_enabled(P):
            st.caption(t("anom.click_select"))
        metrics = [
            (t("anom.lof_of", i=point), fmt(scores[point])),
            (t("anom.lrd_of", i=point), fmt(lof.lrd_[point])),
            (t("anom.rank_of", i=point), f"{rank[point]} / {n}"),
            (t("anom.flagged", tau=f"{tau:g}"), str(int(np.sum(scores > tau)))),
        ]
        if len(marked):
            metrics.append((t("anom.planted_rank"), ", ".join(str(rank[int(i)]) for i in marked[:3])))
        metrics_row(metrics)
        st.markdown(neighbour_table(lof, point, nb))
    rd = lof.reachability_[point]
    mean_lrd = float(lof.lrd_[nb].mean())
    kd_note = "k" if convention == "standard" else "k-1"
    formulas = [
        Formula(
            rf"RD_{{{k}}}(x, x^{{(j)}}) = \max\big(\|x^{{(j)}} - x^{{(j)({kd_note})}}\|,\ "
            rf"\|x - x^{{(j)}}\|\big) = {vector(rd, 3, 8)}",
            "Sugiyama §12.1"
            + (
                ""
                if convention == "standard"
                else " — the listing's k-distance s(:,k) is the (k−1)-th neighbour (erratum §22)"
            ),
        ),
        Formula(
            rf"LRD_{{{k}}}(x) = \Big(\frac1{{{k}}}\sum_{{j=1}}^{{{k}}} "
            rf"RD_{{{k}}}(x, x^{{(j)}})\Big)^{{-1}} = "
            rf"\Big(\frac{{{number(float(rd.sum()))}}}{{{k}}}\Big)^{{-1}} = {number(lof.lrd_[point])}",
            "Sugiyama §12.1",
        ),
        Formula(
            rf"LOF_{{{k}}}(x) = \frac{{\frac1{{{k}}}\sum_j LRD_{{{k}}}(x^{{(j)}})}}{{LRD_{{{k}}}(x)}} = "
            rf"\frac{{{number(mean_lrd)}}}{{{number(lof.lrd_[point])}}} = {number(scores[point])}",
            "Sugiyama §12.1, Fig 12.2 (marker size ∝ LOF)",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(LocalOutlierFactor, projector=ctx.projector)


def neighbour_table(lof, point, nb) -> str:
    header = (
        f"| {t('anom.col_neighbour')} | {t('anom.col_distance')} | {t('anom.col_kd')} | "
        f"{t('anom.col_rd')} | {t('anom.col_lrd')} |\n|---:|---:|---:|---:|---:|\n"
    )
    rows = "".join(
        f"| #{j} | {lof.neighbor_distances_[point, r]:.4g} | {lof.k_distance_[j]:.4g} | "
        f"{lof.reachability_[point, r]:.4g} | {lof.lrd_[j]:.4g} |\n"
        for r, j in enumerate(nb)
    )
    return f"{t('anom.table_title', i=point)}\n\n{header}{rows}"


# ---- SVDD --------------------------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_svdd(X, C, sigma):
    """The fit, its decision function on a grid, and the boundary after every recorded SMO step."""
    svdd = SVDD(C, sigma, tol=1e-6, n_snapshots=60).fit(X)
    axes = square_axes(X, ("", ""), 0.25)
    gx, gy, grid = grid_points(axes.x_range, axes.y_range, SVDD_RES)
    decision = svdd.decision_function(grid).reshape(len(gy), len(gx)).astype(np.float32)
    fx, fy, coarse = grid_points(axes.x_range, axes.y_range, SVDD_FRAME_RES)
    K = gaussian_kernel(X, X, sigma) if sigma is not None else X @ X.T
    Kg = gaussian_kernel(coarse, X, sigma) if sigma is not None else coarse @ X.T
    kgg = np.ones(len(coarse)) if sigma is not None else (coarse * coarse).sum(1)
    Kd = np.diag(K)
    frames, radii, kinds = [], [], []
    for step in svdd.history_:
        a = step.alpha
        aKa = float(a @ K @ a)
        d2 = Kd - 2 * K @ a + aKa
        r2 = _radius2(a, d2, C)
        frames.append(zero_contour(fx, fy, (r2 - (kgg - 2 * Kg @ a + aKa)).reshape(len(fy), len(fx))))
        radii.append(r2)
        kinds.append(_categories(a, C))
    return svdd, gx, gy, decision, frames, np.array(radii), np.array(kinds)


def zero_contour(gx, gy, z):
    """The level z = 0 as line segments (marching squares), as x, y lists with None between segments.

    The stepper animates scatter traces only (its frames carry x/y), so each step's boundary is drawn
    as a line rather than as a Plotly contour.
    """
    z = np.asarray(z, float)
    z = np.where(z == 0.0, 1e-12, z)
    xs, ys = [], []

    def cross(p0, p1, z0, z1):
        f = z0 / (z0 - z1)
        return p0[0] + f * (p1[0] - p0[0]), p0[1] + f * (p1[1] - p0[1])

    sign = z > 0
    cells = np.argwhere(
        (sign[:-1, :-1] != sign[:-1, 1:])
        | (sign[:-1, :-1] != sign[1:, :-1])
        | (sign[1:, 1:] != sign[:-1, 1:])
        | (sign[1:, 1:] != sign[1:, :-1])
    )
    for i, j in cells:
        corners = [
            ((gx[j], gy[i]), z[i, j]),
            ((gx[j + 1], gy[i]), z[i, j + 1]),
            ((gx[j + 1], gy[i + 1]), z[i + 1, j + 1]),
            ((gx[j], gy[i + 1]), z[i + 1, j]),
        ]
        points = [
            cross(corners[e][0], corners[(e + 1) % 4][0], corners[e][1], corners[(e + 1) % 4][1])
            for e in range(4)
            if (corners[e][1] > 0) != (corners[(e + 1) % 4][1] > 0)
        ]
        if len(points) == 4 and (z[i : i + 2, j : j + 2].mean() > 0) == (corners[0][1] > 0):
            points = [points[1], points[2], points[3], points[0]]  # saddle: pair the other way
        for a, b in zip(points[::2], points[1::2], strict=True):
            xs += [float(a[0]), float(b[0]), None]
            ys += [float(a[1]), float(b[1]), None]
    return xs, ys


def _radius2(alpha, d2, C) -> float:
    """R² as SVDD.fit computes it: mean over free SVs, else the middle of the KKT interval."""
    tol = 1e-8 * C
    free = (alpha > tol) & (alpha < C - tol)
    if free.any():
        return float(d2[free].mean())
    inside, outside = d2[alpha <= tol], d2[alpha >= C - tol]
    lo = inside.max() if len(inside) else (outside.min() if len(outside) else 0.0)
    hi = outside.min() if len(outside) else lo
    return float((lo + hi) / 2)


def _categories(alpha, C) -> np.ndarray:
    """0: α = 0 (inside), 1: 0 < α < C (on the sphere), 2: α = C (on or outside)."""
    tol = 1e-8 * C
    return np.where(alpha <= tol, 0, np.where(alpha >= C - tol, 2, 1)).astype(np.int8)


CATEGORY_STYLE = ((TRUTH_COLOR, "circle", 0.75), (FIT_COLOR, "diamond", 1.25), (VERMILLION, "x", 1.2))


def svdd_view(ctx, controls, main):
    data = ctx.data
    X = data.train.X
    n = len(X)
    with controls:
        C = log_slider(t("anom.C"), "anom.C", -3, 0, 0.05, help=t("anom.C_help"))
        kernel = choice(
            t("anom.kernel"),
            KERNELS,
            "anom.kernel",
            catalogue_labels("anom.kernels"),
            horizontal=not ctx.projector,
        )
        sigma = log_slider(t("anom.sigma"), "anom.sigma", -1, 1, 1.0) if kernel == "gaussian" else None
        st.caption(t("anom.nu_note", n=n, bound=f"{1 / (n * C):.3g}" if C * n >= 1 else "—"))
    if C * n < 1 - 1e-12:
        st.error(t("anom.C_too_small", C=f"{C:g}", n=n, min=f"{1 / n:.3g}"))
        return
    try:
        svdd, gx, gy, decision, frames, radii, kinds = fit_svdd(X, float(C), sigma)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    axes = square_axes(X, data.train.feature_names, 0.25)
    static = square_figure(ctx.style, axes, " ")
    static.add_trace(region_trace(gx, gy, decision >= 0, REGION_COLORS[0]))
    marked = planted(data.train)
    if len(marked):
        static.add_trace(
            points_trace(
                X[marked, 0],
                X[marked, 1],
                t("anom.planted"),
                ctx.style,
                color=BLACK,
                symbol="star-open",
                size_scale=2.0,
            )
        )
    if svdd.center_ is not None:
        static.add_trace(
            points_trace(
                [svdd.center_[0]],
                [svdd.center_[1]],
                t("anom.center"),
                ctx.style,
                color=HIGHLIGHT_COLOR,
                symbol="cross",
                size_scale=1.6,
            )
        )
    history = svdd.history_
    names = [t(f"anom.alpha_kind.{j}") for j in range(3)]

    def frame(s):
        traces = [
            dict(
                type="scatter",
                mode="lines",
                x=frames[s][0],
                y=frames[s][1],
                name=t("anom.boundary"),
                line=dict(color=BLACK, width=ctx.style.line_width * 0.8),
                hoverinfo="skip",
            )
        ]
        for j, (color, symbol, scale) in enumerate(CATEGORY_STYLE):
            mask = kinds[s] == j
            traces.append(
                points_trace(
                    X[mask, 0],
                    X[mask, 1],
                    names[j],
                    ctx.style,
                    color=color,
                    symbol=symbol,
                    size_scale=scale,
                    customdata=np.flatnonzero(mask),
                )
            )
        return traces

    def label(s):
        return t("anom.svdd_label", step=history[s].step, dual=fmt(history[s].objective), r2=fmt(radii[s]))

    def details(s):
        counts = np.bincount(kinds[s], minlength=3)
        gap = history[s].gap
        return t(
            "anom.svdd_details",
            step=history[s].step,
            dual=fmt(history[s].objective),
            r2=fmt(radii[s]),
            inside=counts[0],
            free=counts[1],
            bounded=counts[2],
            gap=fmt(gap) if np.isfinite(gap) else "—",
        )

    outside = int(np.sum(svdd.predict(X) == -1))
    with main:
        if edit_enabled(P):
            final = go.Figure(static)
            final.add_traces(frame(len(history) - 1))
            data_chart(final, data, axes, key="anom.svdd_edit")
            st.caption(t("anom.edit_no_steps"))
        else:
            stepper("anom.svdd", len(history), StepView(static, frame, label, details))
        metrics_row(
            [
                (t("anom.r2"), fmt(svdd.radius2_)),
                (t("anom.svs"), f"{len(svdd.free_support_)} + {len(svdd.bounded_support_)}"),
                (t("anom.outside"), f"{outside} / {n}"),
                (t("anom.bound"), f"{1 / (n * C):.3g}"),
                (t("anom.smo_iters"), str(svdd.n_iter_)),
            ]
        )
    kxx = r"x^\top x" if sigma is None else "1"
    kernel_tex = (
        r"K(x, x') = x^\top x'"
        if sigma is None
        else rf"K(x, x') = \exp\!\Big(-\frac{{\|x - x'\|^2}}{{2\sigma^2}}\Big),\ \sigma = {number(sigma)}"
    )
    formulas = [
        Formula(
            rf"\min_{{c, R, \xi}} R^2 + C\sum_i \xi_i\ \ {tex('anom.tex.st')}\ "
            rf"\|\psi(x_i) - c\|^2 \le R^2 + \xi_i,\ "
            rf"\xi_i \ge 0;\ C = {number(C)},\ {kernel_tex}",
            "Sugiyama §12.2",
        ),
        Formula(
            rf"\max_\alpha \sum_i \alpha_i K(x_i, x_i) - \sum_{{i,j}}\alpha_i\alpha_j K(x_i, x_j) = "
            rf"{number(history[-1].objective)}\ \ {tex('anom.tex.st')}\ "
            r"0 \le \alpha_i \le C,\ \sum_i \alpha_i = 1",
            "Sugiyama §12.2 dual — with Σα = 1 from ∂L/∂R = 0, which the book's dual omits (erratum §22)",
        ),
        Formula(
            rf"\|\psi(x) - c\|^2 = {kxx} - 2\sum_i \alpha_i K(x, x_i) + \alpha^\top K\alpha > \hat R^2 = "
            rf"{number(svdd.radius2_)}\ \Rightarrow\ {tex('anom.tex.anomaly')}\ "
            rf"({tex('anom.tex.of', k=outside, n=n)});\ "
            rf"{tex('anom.tex.share')} \le \frac{{1}}{{nC}} = {number(1 / (n * C))}",
            "Sugiyama §12.2 (kernelised as §8.4)",
        ),
    ]
    if svdd.center_ is not None:
        formulas.append(
            Formula(
                rf"\hat c = \sum_i \hat\alpha_i x_i = {vector(svdd.center_)},\ \hat R = "
                rf"{number(float(np.sqrt(svdd.radius2_)))}",
                "Sugiyama §12.2",
            )
        )
    formula_panel(formulas, ctx.projector)
    code_view(SVDD, projector=ctx.projector)


# ---- KLIEP -------------------------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_kliep(Xn, Xt, kappa, seed):
    return KLIEP(kappa, random_state=seed, n_centers=N_CENTERS).fit(Xn, Xt)


@st.cache_data(max_entries=32, show_spinner=False)
def cv_kliep(Xn, Xt, kappas, criterion, seed):
    return kliep_cv(Xn, Xt, sigmas=kappas, criterion=criterion, random_state=seed, n_centers=N_CENTERS)


def reference_sample(train, seed):
    """The known-normal sample x′: the data set's own, else (own data) a random half of the points."""
    if "X_prime" in train.extra:
        return np.asarray(train.extra["X_prime"], float), np.asarray(train.X, float), False
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(train.X))
    half = len(order) // 2
    return train.X[np.sort(order[:half])], train.X[np.sort(order[half:])], True


def kliep_view(ctx, controls, main):
    data = ctx.data
    seed = int(st.session_state.get("anom.1d.seed", 0) or 0)
    with controls:
        kappa = log_slider(t("anom.kappa"), "anom.kappa", -1, 1, 5.0, help=t("anom.kappa_help"))
        threshold = slider(
            t("anom.threshold"), 0.0, 1.5, 0.8, "anom.threshold", step=0.05, help=t("anom.threshold_help")
        )
        criterion = choice(
            t("anom.criterion"),
            CRITERIA,
            "anom.criterion",
            catalogue_labels("anom.criteria"),
            horizontal=not ctx.projector,
        )
        fine = st.toggle(t("anom.fine"), help=t("anom.fine_help"), **bound("anom.fine"))
    if data.train.X.shape[1] != 1:
        st.warning(t("anom.need_1d"))
        return
    Xn, Xt, split = reference_sample(data.train, seed)
    if len(Xn) < 5 or len(Xt) < 1:
        st.error(t("anom.too_few_kliep", n=len(Xn)))
        return
    kappas = FINE_KAPPAS if fine else BOOK_KAPPAS
    try:
        model = fit_kliep(Xn, Xt, float(kappa), seed)
        cv = cv_kliep(Xn, Xt, kappas, criterion, seed)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    w = model.score_samples(Xt)
    flagged = w < threshold
    history = model.history_
    lo, hi = padded_range(np.concatenate([Xn[:, 0], Xt[:, 0]]), 0.06)
    grid = np.linspace(lo, hi, 300)
    Kg = gaussian_kernel(grid[:, None], model.centers_, kappa)
    Kt = gaussian_kernel(Xt, model.centers_, kappa)
    top = max(1.6, float((Kg @ model.alpha_).max()) * 1.15, float(w.max()) * 1.15)  # early steps may leave it
    axes = Axes((lo, hi), (-0.32, top), plain(data.train.feature_names[0]), t("anom.w_axis"))
    static = base_figure(ctx.style, axes, " ")
    static.add_trace(
        points_trace(
            Xn[:, 0],
            np.full(len(Xn), -0.1),
            t("anom.normal_rug"),
            ctx.style,
            color=BLUE,
            symbol="line-ns",
            size_scale=1.4,
            hollow=True,
        )
    )
    static.add_trace(
        points_trace(
            Xt[:, 0],
            np.full(len(Xt), -0.23),
            t("anom.test_rug"),
            ctx.style,
            color=VERMILLION,
            symbol="line-ns",
            size_scale=1.4,
            hollow=True,
        )
    )
    static.add_trace(
        line_trace(
            Curve(
                t("anom.threshold_line", tau=f"{threshold:g}"),
                np.array([lo, hi]),
                np.array([threshold, threshold]),
                TRUTH_COLOR,
                "dash",
                0.6,
            ),
            ctx.style,
        )
    )
    marked = planted(data.train) if not split else np.zeros(0, dtype=int)

    def frame(s):
        a = history[s].alpha
        ws = Kt @ a
        low = ws < threshold
        return [
            line_trace(Curve(t("anom.w_curve"), grid, Kg @ a, FIT_COLOR), ctx.style),
            points_trace(
                Xt[:, 0], ws, t("anom.w_points"), ctx.style, color=VERMILLION, symbol="x", size_scale=0.9
            ),
            points_trace(
                Xt[low, 0],
                ws[low],
                t("anom.flagged_points"),
                ctx.style,
                color=HIGHLIGHT_COLOR,
                symbol="circle-open",
                size_scale=2.0,
            ),
        ]

    def label(s):
        return t("anom.kliep_label", step=history[s].step, obj=fmt(history[s].objective))

    def details(s):
        step = history[s]
        return t(
            "anom.kliep_details",
            step=step.step,
            obj=fmt(step.objective),
            change=fmt(step.change) if np.isfinite(step.change) else "—",
            nonzero=int(np.sum(step.alpha > 0)),
            b=len(step.alpha),
        )

    best = cv.best_sigma
    planted_w = float(w[marked[0]]) if len(marked) else None
    with main:
        if split:
            st.info(t("anom.split_note"))
        stepper("anom.kliep", len(history), StepView(static, frame, label, details))
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(cv_figure(cv, kappa, ctx), key="anom.cv_chart")
            st.button(
                t("anom.use_best", kappa=f"{best:g}"),
                on_click=set_values,
                args=({"anom.kappa": best},),
                icon=":material/star:",
                disabled=best == kappa,
            )
        with right:
            chart(objective_figure(history, ctx), key="anom.objective_chart")
            st.caption(
                t("anom.kliep_converged" if model.converged_ else "anom.kliep_max_iter", n=model.n_iter_)
            )
        metrics = [
            (
                t("anom.w_planted") if planted_w is not None else t("anom.w_min"),
                fmt(planted_w if planted_w is not None else float(w.min()), 3),
            ),
            (t("anom.w_median"), fmt(float(np.median(w)), 4)),
            (t("anom.flagged_w", tau=f"{threshold:g}"), f"{int(flagged.sum())} / {len(w)}"),
            (t("metric.iterations"), str(model.n_iter_)),
            (t("anom.cv_best"), f"{best:g}"),
        ]
        metrics_row(metrics)
    scores = r",\ ".join(
        f"{k:g}: {number(v) if np.isfinite(v) else NEG_INF}"
        for k, v in zip(cv.sigmas, cv.scores, strict=True)
    )
    crit = (
        r"\frac{1}{|\mathcal T_i|}\sum_{x' \in \mathcal T_i}\log\hat w(x')"
        if criterion == "log"
        else r"\frac{1}{|\mathcal T_i|}\sum_{x' \in \mathcal T_i}\hat w(x')"
    )
    formulas = [
        Formula(
            rf"w_\alpha(x) = \sum_{{j=1}}^{{{len(model.centers_)}}} \alpha_j "
            rf"\exp\!\Big(-\frac{{\|x - x'_j\|^2}}"
            rf"{{2\kappa^2}}\Big),\ \kappa = {number(kappa)}",
            "Sugiyama §12.3, (12.1)",
        ),
        Formula(
            rf"\max_\alpha \frac1{{n'}}\sum_{{i'}} \log w_\alpha(x'_{{i'}}) = "
            rf"{number(history[-1].objective)}\ "
            rf"{tex('anom.tex.st')}\ \frac1n\sum_i w_\alpha(x_i) = 1,\ \alpha \ge 0",
            "Sugiyama §12.3",
        ),
        Formula(
            r"\alpha \leftarrow \alpha + \varepsilon A^\top(\mathbf 1 ./ A\alpha);\ "
            r"\alpha \leftarrow \alpha + "
            r"(1 - b^\top\alpha)\frac{b}{b^\top b};\ \alpha \leftarrow \max(0, \alpha);\ \alpha \leftarrow "
            r"\frac{\alpha}{b^\top\alpha};\ \ \varepsilon = 0.01,\ "
            + tex("anom.tex.iterations", n=model.n_iter_),
            "Sugiyama Fig 12.5 (listing errata fixed: Aᵀ(1/(Aα)), loop counter — §22)",
        ),
        Formula(
            rf"\text{{CV}}(\kappa) = \frac15\sum_{{i=1}}^{{5}} {crit}:\ {scores}\ "
            rf"\Rightarrow\ \hat\kappa = {best:g}",
            "Sugiyama Fig 12.7 listing"
            + (
                " (KL criterion, as the text says; the listing scores mean ŵ — §22)"
                if criterion == "log"
                else " (the listing's mean ŵ)"
            ),
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(KLIEP, kliep_cv, projector=ctx.projector)


def cv_figure(cv, kappa, ctx) -> go.Figure:
    finite = np.isfinite(cv.scores)
    values = np.where(finite, cv.scores, np.nan)
    lo = float(np.nanmin(values)) if finite.any() else -1.0
    hi = float(np.nanmax(values)) if finite.any() else 0.0
    pad = (hi - lo) * 0.15 or 0.1
    floor = lo - pad
    shown = np.where(finite, cv.scores, floor)
    labels = np.array([f"{s:g}" for s in cv.sigmas])
    fig = base_figure(
        ctx.style,
        Axes((-0.5, len(labels) - 0.5), (floor, hi + pad), "κ", t("anom.cv_axis")),
        t("anom.cv_title"),
        height=300,
    )
    colors = [
        HIGHLIGHT_COLOR if s == cv.best_sigma else (FIT_COLOR if s == kappa else BLUE) for s in cv.sigmas
    ]
    fig.add_trace(
        go.Bar(
            x=np.arange(len(labels)),
            y=shown - floor,
            base=np.full(len(labels), floor),
            marker_color=colors,
            showlegend=False,
            text=[f"{v:.3g}" if np.isfinite(v) else "−∞" for v in cv.scores],
            textposition="outside",
        )
    )
    fig.update_xaxes(tickvals=np.arange(len(labels)), ticktext=labels)
    return fig


def objective_figure(history, ctx) -> go.Figure:
    steps = np.array([h.step for h in history], float)
    obj = np.array([h.objective for h in history])
    keep = np.isfinite(obj) & ((steps > 0) | (len(steps) == 1))  # step 0 is before the first normalisation
    steps, obj = steps[keep], obj[keep]
    if not len(obj):
        steps, obj = np.array([0.0]), np.array([0.0])
    pad = (obj.max() - obj.min()) * 0.08 or 0.1
    return curves_figure(
        [Curve(t("anom.objective"), steps, obj, FIT_COLOR)],
        Axes(
            (0, max(steps[-1], 1)),
            (obj.min() - pad, obj.max() + pad),
            t("anom.iteration"),
            t("anom.objective_axis"),
        ),
        ctx.style,
        title=t("anom.objective_title"),
        height=300,
    )


# ---- the screen ------------------------------------------------------------------------------------------

view = chosen_before_drawn("anom.view", VIEWS)
# KLIEP's 1-D sets keep their own data panel (keys anom.1d.*): their sizes and samples differ from
# the 2-D sets', and each kind keeps the user's choice when the view changes.
ctx = page_frame(DATA_PREFIX.get(view, P), REQUESTS[view])
preset_picker(PRESETS, "anom.preset")
view = choice(t("anom.view"), VIEWS, "anom.view", catalogue_labels("anom.views"), horizontal=True)
if ctx.data.train.X.shape[1] != REQUESTS[view].dims:
    st.warning(t("anom.need_1d" if REQUESTS[view].dims == 1 else "anom.need_2d"))
    st.stop()
controls, main = st.columns([1, 3], gap="medium")
{"lof": lof_view, "svdd": svdd_view, "kliep": kliep_view}[view](ctx, controls, main)
