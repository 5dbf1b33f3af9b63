"""The local outlier factor (Sugiyama §12.1, Figs 12.1–12.2; listing convention erratum §22).

Marker size grows with LOF; a selected point shows its k neighbours, their k-distances and its
reachability distances (as a table too), and a threshold τ flags the anomalies, optionally shaded as
the LOF of a new point anywhere on the plane.
"""

import numpy as np
import streamlit as st

from algorithms import LocalOutlierFactor
from ui.charts import chart
from ui.charts import clicked_points
from ui.contours import level_line
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import TRUTH_COLOR
from ui.figures import grid_points
from ui.figures import points_trace
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import VERMILLION
from ui.views import fit_subset
from ui.views import fitted
from views.anomaly_detection._common import P
from views.anomaly_detection._common import planted
from views.anomaly_detection._common import region_trace
from views.anomaly_detection._common import square_axes
from views.anomaly_detection._common import square_figure

DATA = DataRequest("clustering", 2, "lof_demo")
DATA_PREFIX = P
CONVENTIONS = ["standard", "listing"]
LOF_RES = 110
FIT_LIMIT = 2000  # LOF compares all pairs (an n × n distance matrix): larger data are sampled
CHART = "anom.lof_chart"


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


def pick_point() -> None:
    """Clicking a data point selects it (its neighbours and reachability distances are drawn)."""
    for point in clicked_points(CHART):
        if point.get("customdata") is not None:
            st.session_state["anom.point"] = int(np.atleast_1d(point["customdata"])[0])
            return


def circle_trace(center, radius, name: str, line: dict, **extra) -> dict:
    """The circle of ``radius`` around ``center`` as a line (60 points)."""
    angle = np.linspace(0, 2 * np.pi, 60)
    x, y = center[0] + radius * np.cos(angle), center[1] + radius * np.sin(angle)
    return dict(type="scatter", mode="lines", x=x, y=y, name=name, line=line, hoverinfo="skip", **extra)


def point_controls(ctx, n: int):
    """k, the convention, τ, the selected point (kept within the data) and the map switch."""
    k = slider(t("anom.k"), 1, max(min(30, n - 1), 2), 3, "anom.k", help=t("anom.k_help"))
    convention = choice(
        t("anom.convention"),
        CONVENTIONS,
        "anom.convention",
        catalogue_labels("anom.conventions"),
        horizontal=not ctx.projector,
    )
    tau = slider(t("anom.tau"), 1.0, 3.0, 1.5, "anom.tau", step=0.05, help=t("anom.tau_help"))
    if st.session_state.get("anom.point") is not None and not 0 <= st.session_state["anom.point"] <= n - 1:
        st.session_state["anom.point"] = n - 1
    point = int(
        st.number_input(
            t("anom.point"), 0, n - 1, n - 1, step=1, help=t("anom.point_help"), **bound("anom.point")
        )
    )
    show_map = st.toggle(t("anom.show_map"), **bound("anom.show_map"))
    return k, convention, tau, point, show_map


def render(ctx, controls, main) -> None:
    data = ctx.data
    idx = fit_subset(len(data.train.X), FIT_LIMIT)
    X = data.train.X[idx]
    n = len(X)
    sampled = n < len(data.train.X)
    with controls:
        k, convention, tau, point, show_map = point_controls(ctx, n)
    if k > n - 1:
        st.error(t("anom.too_few", n=n, k=k))
        return
    lof = fitted(fit_lof, X, k, convention)
    if lof is None:
        return
    scores = lof.lof_
    axes = square_axes(X, data.train.feature_names)
    fig = square_figure(ctx.style, axes)
    if show_map:
        gx, gy, grid_lof = lof_map(X, k, convention)
        fig.add_trace(region_trace(gx, gy, grid_lof > tau))
        name = t("anom.lof_level", tau=f"{tau:g}")
        fig.add_trace(level_line(gx, gy, grid_lof, name, ctx.style, level=tau, width=0.8))
    nb = lof.neighbors_[point]
    ring = dict(color=TRUTH_COLOR, width=1, dash="dot")
    for j in nb:  # k-distance of each neighbour: RD = max(kd, d)
        name = t("anom.kd_neighbours")
        fig.add_trace(circle_trace(X[j], lof.k_distance_[j], name, ring, showlegend=bool(j == nb[0])))
    selected_ring = dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 0.7)
    fig.add_trace(circle_trace(X[point], lof.k_distance_[point], t("anom.kd_selected"), selected_ring))
    pieces = np.stack([np.broadcast_to(X[point], (len(nb), 2)), X[nb]], axis=1)
    width = ctx.style.line_width * 0.6
    fig.add_trace(polylines_trace(pieces, t("anom.neighbour_lines", k=k), HIGHLIGHT_COLOR, width))
    sizes = ctx.style.marker_size * np.clip(0.45 + 0.9 * (scores - 1.0), 0.45, 4.5) * 1.6
    fig.add_trace(
        dict(
            type="scatter",
            mode="markers",
            x=X[:, 0],
            y=X[:, 1],
            name=t("anom.lof_circles"),
            customdata=np.arange(n),
            text=np.char.add("LOF = ", np.char.mod("%.3g", scores)),
            hovertemplate="#%{customdata}: %{text}<extra></extra>",
            marker=dict(size=sizes, color="rgba(0,114,178,0.10)", line=dict(color=BLUE, width=1.5)),
        )
    )
    points = points_trace(X[:, 0], X[:, 1], t("anom.points"), ctx.style, VERMILLION, "x", 0.8)
    fig.add_trace({**points, "hoverinfo": "skip"})
    marked = planted(data.train, idx)
    if len(marked):
        star = points_trace(X[marked, 0], X[marked, 1], t("anom.planted"), ctx.style, BLACK, "star", 1.3)
        fig.add_trace(star)
    size = ctx.style.marker_size * 2.4
    marker = dict(symbol="circle-open", size=size, color=HIGHLIGHT_COLOR, line=dict(width=3))
    x, y = X[point : point + 1, 0], X[point : point + 1, 1]
    fig.add_trace(dict(type="scatter", mode="markers", x=x, y=y, name=t("anom.selected"), marker=marker))
    rank = np.empty(n, dtype=int)
    rank[np.argsort(-scores, kind="stable")] = np.arange(1, n + 1)  # 1 = the largest LOF
    with main:
        if edit_enabled(P) and not sampled:
            editable_chart(fig, P, data, axes.x_range, axes.y_range, key=CHART)
        else:
            fig.update_layout(clickmode="event+select")
            chart(fig, key=CHART, on_select=pick_point)
            st.caption(t("anom.click_select"))
            if edit_enabled(P):
                st.caption(t("anom.no_edit_sample", limit=f"{FIT_LIMIT:,}"))
        metrics = [
            (t("anom.lof_of", i=point), fmt(scores[point])),
            (t("anom.lrd_of", i=point), fmt(lof.lrd_[point])),
            (t("anom.rank_of", i=point), f"{rank[point]} / {n}"),
            (t("anom.flagged", tau=f"{tau:g}"), str(int(np.sum(scores > tau)))),
        ]
        if len(marked):
            metrics.append((t("anom.planted_rank"), ", ".join(str(rank[i]) for i in marked[:3])))
        metrics_row(metrics)
        st.markdown(neighbour_table(lof, point, nb))
    formula_panel(lof_formulas(lof, k, convention, point), ctx.projector)
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


def lof_formulas(lof, k: int, convention: str, point: int) -> list[Formula]:
    rd = lof.reachability_[point]
    mean_lrd = float(lof.lrd_[lof.neighbors_[point]].mean())
    kd_note = "k" if convention == "standard" else "k-1"
    return [
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
            rf"\frac{{{number(mean_lrd)}}}{{{number(lof.lrd_[point])}}} = {number(lof.lof_[point])}",
            "Sugiyama §12.1, Fig 12.2 (marker size ∝ LOF)",
        ),
    ]
