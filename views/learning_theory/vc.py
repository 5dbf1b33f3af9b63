"""Shattering and the VC dimension: place points by clicking; every labelling is enumerated and drawn
with the line (or axis-aligned rectangle, or interval) that realises it, or a ✗; then the VC bound
against m.

CS229 Part VI §4 (M30: shattering, VC(lines in the plane) = 3, all 8 labellings of 3 points, no
set of 4; M31: the VC bound, with log(m/d) where the seed misprints log(d/m)).
"""

import numpy as np
import streamlit as st

from algorithms import MAX_SHATTER_POINTS
from algorithms import VC_DIMENSIONS
from algorithms import realisable_labellings
from algorithms import vc_bound
from ui.charts import chart
from ui.charts import clicked_points
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.data_panel import add_edit_grid
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from views.learning_theory._tiles import BOX
from views.learning_theory._tiles import tile_layout
from views.learning_theory._tiles import tile_traces

CONCEPTS = ["line", "rectangle", "interval"]
LAYOUTS = {
    "triangle": [[0.1, 0.1], [0.9, 0.2], [0.4, 0.9]],
    "square": [[0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]],
    "diamond": [[0.5, 0.05], [0.95, 0.5], [0.5, 0.95], [0.05, 0.5]],
    "collinear": [[0.1, 0.1], [0.5, 0.5], [0.9, 0.9]],
    "five": [[0.5, 0.05], [0.95, 0.5], [0.5, 0.95], [0.05, 0.5], [0.55, 0.45]],
    "clicked": [],
}
POINTS_KEY = "lt.points"
M_GRID = np.unique(np.round(np.geomspace(10, 100_000, 60)))
OTHER_D = (1, 10)


@st.cache_data(max_entries=64, show_spinner=False)
def enumerate_labellings(points, concept: str):
    """Every labelling and whether the class realises it (only algorithms/ computes)."""
    return realisable_labellings(points, concept)


def current_points(layout: str) -> np.ndarray:
    if layout == "clicked":
        return np.array(st.session_state.get(POINTS_KEY, []), dtype=float).reshape(-1, 2)
    return np.array(LAYOUTS[layout], dtype=float)


def _clicked(layout: str, grid_curve: int) -> None:
    """A click on empty space adds a point there; a click on a point removes it."""
    points = current_points(layout).tolist()
    for p in clicked_points("lt.place_chart"):
        if p.get("curve_number") == grid_curve:
            points.append([round(float(p["x"]), 3), round(float(p["y"]), 3)])
        elif p.get("customdata") is not None:
            index = int(np.atleast_1d(p["customdata"])[0])
            if 0 <= index < len(points):
                points.pop(index)
    st.session_state[POINTS_KEY] = points
    st.session_state["lt.layout"] = "clicked"


def _clear() -> None:
    st.session_state[POINTS_KEY] = []
    st.session_state["lt.layout"] = "clicked"


def render(ctx, controls, main):
    with controls:
        concept = choice(t("lt.concept"), CONCEPTS, "lt.concept", catalogue_labels("lt.concepts"))
        layout = choice(t("lt.layout"), list(LAYOUTS), "lt.layout", catalogue_labels("lt.layouts"))
        st.button(t("lt.clear"), on_click=_clear, key="lt.clear")
        delta = number_slider(t("lt.delta"), "lt.delta", [0.01, 0.05, 0.1, 0.2], 0.05)
        st.caption(t("lt.place_help"))
    points = current_points(layout)
    with main:
        if len(points) > MAX_SHATTER_POINTS:
            st.warning(t("lt.capped", n=len(points), cap=MAX_SHATTER_POINTS), icon=":material/warning:")
            points = points[:MAX_SHATTER_POINTS]
        place_figure = placing_figure(points, ctx)
        grid_curve = len(place_figure.data) - 1
        left, right = columns_or_stacked(ctx.projector, [1, 2])
        with left:
            chart(
                place_figure,
                key="lt.place_chart",
                on_select=lambda: _clicked(layout, grid_curve),
            )
        if len(points) == 0:
            st.info(t("lt.no_points"), icon=":material/info:")
            return
        labels, ok, witnesses = enumerate_labellings(points, concept)
        with right:
            chart(tiles_figure(points, labels, ok, witnesses, concept, ctx), key="lt.tiles_chart")
        shattered = bool(ok.all())
        d = VC_DIMENSIONS[concept]
        metric_rows(
            [
                (t("lt.realised"), f"{int(ok.sum())} / {len(ok)}"),
                (t("lt.shattered"), t("lt.yes") if shattered else t("lt.no")),
                (t("lt.vc_dimension"), str(d)),
            ],
            ctx.projector,
        )
        st.caption(t(f"lt.verdict_{shattered}", n=len(points), d=d))
        chart(bound_figure(d, delta, ctx), key="lt.vc_bound_chart")
    formula_panel(
        [
            Formula(
                rf"|\{{(h(x^{{(1)}}), \dots, h(x^{{(n)}})) : h \in H\}}| = {int(ok.sum())},\ "
                rf"2^n = 2^{{{len(points)}}} = {2 ** len(points)}",
                "CS229 Part VI §4 (M30)",
            ),
            Formula(
                rf"|\epsilon(h) - \hat\epsilon(h)| \le O\Big(\sqrt{{\tfrac{{d}}{{m}}\log\tfrac{{m}}{{d}} + "
                rf"\tfrac{{1}}{{m}}\log\tfrac{{1}}{{\delta}}}}\Big),\ d = {d},\ \delta = {number(delta)}",
                "CS229 Part VI §4 (M31)",
                t("lt.vc_erratum"),
            ),
        ],
        ctx.projector,
    )
    code_view(realisable_labellings, vc_bound, projector=ctx.projector)


def placing_figure(points, ctx):
    """The placing area: click to add a point, click a point to remove it."""
    axes = Axes(
        (float(BOX[0][0]), float(BOX[1][0])), (float(BOX[0][1]), float(BOX[1][1])), "x₁", "x₂", equal=True
    )
    fig = base_figure(ctx.style, axes, t("lt.place_title"))
    fig.add_trace(
        points_trace(
            points[:, 0], points[:, 1], t("lt.points"), ctx.style, BLACK, customdata=np.arange(len(points))
        )
    )
    return add_edit_grid(fig, axes.x_range, axes.y_range)


def tiles_figure(points, labels, ok, witnesses, concept, ctx):
    names = {
        "positive": t("lt.positive"),
        "negative": t("lt.negative"),
        "hypothesis": t(f"lt.concepts.{concept}"),
        "impossible": t("lt.impossible"),
    }
    traces, (x_range, y_range) = tile_traces(points, labels, ok, witnesses, concept, names, ctx.style)
    cols, rows = tile_layout(len(labels))
    axes = Axes(x_range, y_range, equal=True)
    fig = figure(
        ctx.style, axes, t("lt.tiles_title", n=len(labels)), traces, height=int(120 + 520 * rows / cols)
    )
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return fig


def bound_figure(d, delta, ctx):
    """The VC bound's shape against m for this class's d and two others (constants unknown)."""
    colors = {d: FIT_COLOR, OTHER_D[0]: TRUTH_COLOR, OTHER_D[1]: ALT_COLOR}
    curves = []
    for dd in sorted({d, *OTHER_D}):
        ms = M_GRID[M_GRID >= dd]
        curves.append(
            Curve(f"d = {dd}", ms, vc_bound(ms, dd, delta), colors[dd], "solid" if dd == d else "dash")
        )
    axes = Axes((M_GRID[0], M_GRID[-1]), (0.001, 1.5), "m", t("lt.up_to_constants"))
    return curves_figure(curves, axes, ctx.style, log_x=True, log_y=True, title=t("lt.vc_bound_title"))
