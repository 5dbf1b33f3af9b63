"""The curse of dimensionality: the samples needed to keep k per axis (kᵈ), the volume of the ball
inscribed in the unit cube (→ 0), and the contrast of distances (all points become equally far).

Sugiyama ch. 13 introduction, Fig 13.1 (a) and (b).
"""

import numpy as np
import streamlit as st

from algorithms import curse_of_dimensionality
from algorithms import distance_contrast
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import subscript
from ui.explain import superscript
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import points_trace
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR

DATA = None  # no data panel: the curves are computed
MAX_D = 30


@st.cache_data(max_entries=4, show_spinner=False)
def contrast_curve(max_d):
    dims = np.arange(1, max_d + 1)
    return dims, distance_contrast(dims, n_samples=200, random_state=0)


def render(ctx, controls, main):
    with controls:
        d = slider(t("dr.d"), 1, MAX_D, 10, "dr.d")
        per_axis = slider(t("dr.per_axis"), 2, 10, 5, "dr.per_axis")
    curve = curse_of_dimensionality(range(1, MAX_D + 1), per_axis)
    dims = curve.dims.astype(float)
    needed, volume = curve.samples_needed[d - 1], curve.ball_volume[d - 1]
    contrast_dims, contrast = contrast_curve(MAX_D)
    with main:
        left, mid, right = columns_or_stacked(ctx.projector, 3)
        with left:
            needed_axes = Axes(
                (0.5, MAX_D + 0.5), (0.5, curve.samples_needed.max() * 10), "d", t("dr.samples_axis")
            )
            needed_curve = Curve(t("dr.needed_curve", k=per_axis), dims, curve.samples_needed, BLUE)
            marked_chart(
                needed_curve, needed_axes, t("dr.needed_title"), d, ctx, "dr.needed_chart", log_y=True
            )
        with mid:
            volume_axes = Axes((0.5, MAX_D + 0.5), (0, 1.08), "d", t("dr.volume_axis"))
            volume_curve = Curve(t("dr.volume_curve"), dims, curve.ball_volume, FIT_COLOR)
            marked_chart(volume_curve, volume_axes, t("dr.volume_title"), d, ctx, "dr.volume_chart")
        with right:
            contrast_range = safe_range(contrast.min() * 0.5, contrast.max() * 2, True)
            contrast_axes = Axes((0.5, MAX_D + 0.5), contrast_range, "d", t("dr.contrast_axis"))
            contrast_line = Curve(t("dr.contrast_curve"), contrast_dims.astype(float), contrast, ALT_COLOR)
            marked_chart(
                contrast_line, contrast_axes, t("dr.contrast_title"), d, ctx, "dr.contrast_chart", log_y=True
            )
        metrics_row(
            [
                (t("dr.needed_metric", power=f"{per_axis}{superscript(d)}"), f"{needed:,.0f}"),
                (t("dr.volume_metric", vd=f"V{subscript(d)}"), f"{volume:.4g}"),
                (t("dr.contrast_metric", d=d), fmt(float(contrast[d - 1]), 3)),
            ]
        )
        st.caption(t("dr.curse_note"))
    v = curve.ball_volume
    formulas = [
        Formula(
            rf"{per_axis}^{{d}} = {per_axis}^{{{d}}} = {needed:,.0f}".replace(",", r"{,}")
            + (r"\ \approx 10^7" if per_axis == 5 and d == 10 else ""),
            "Sugiyama ch. 13 intro, Fig 13.1(a)",
        ),
        Formula(
            rf"V_d = \frac{{\pi^{{d/2}}(1/2)^d}}{{\Gamma(d/2 + 1)}}:\ V_{{{d}}} = {number(volume)};\ "
            rf"V_1 = {number(v[0])},\ V_2 = \pi/4 = {number(v[1])} \approx 0.79,\ "
            rf"V_3 = \pi/6 = {number(v[2])} "
            r"\approx 0.52",
            "Sugiyama ch. 13 intro, Fig 13.1(b)",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(curse_of_dimensionality, distance_contrast, projector=ctx.projector)


def marked_chart(curve: Curve, axes: Axes, title: str, d: int, ctx, key: str, log_y: bool = False) -> None:
    """A curve against the dimension d with the chosen d marked by a star."""
    fig = curves_figure([curve], axes, ctx.style, log_y=log_y, markers=True, title=title, height=340)
    y = curve.y[d - 1]
    fig.add_trace(
        points_trace([d], [y], f"d = {d}", ctx.style, color=HIGHLIGHT_COLOR, symbol="star", size_scale=1.8)
    )
    fig.update_layout(showlegend=False)
    chart(fig, key=key)
