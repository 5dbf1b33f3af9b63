"""Sufficient dimension reduction: gradient ascent on the least-squares SMI estimate J(T). The curve
J(φ) over every direction (cos φ, sin φ), the estimate stepping along it, and the data with the
start and the found direction.

Sugiyama §17.2 (LSMI of §14.4: Ĝ, ĥ, J = ½ĥᵀ(Ĝ + λI)⁻¹ĥ − ½, its gradient in T).
"""

import numpy as np
import streamlit as st

from algorithms import LSDR
from algorithms import nn_accuracy
from algorithms import unit_directions
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import FIT_COLOR
from ui.theme import ORANGE
from ui.views import fitted
from views.supervised_dimensionality_reduction._common import data_traces
from views.supervised_dimensionality_reduction._common import direction_angle
from views.supervised_dimensionality_reduction._common import direction_trace
from views.supervised_dimensionality_reduction._common import plane_axes
from views.supervised_dimensionality_reduction._common import sample
from views.supervised_dimensionality_reduction._common import usable

DATA = DataRequest("classification", 2, "sdr_stripes")
LSDR_LIMIT = 500  # every ascent step and J(φ) at every angle cost n·b² (b = 100 centres): a smaller sample
DEGREES = np.arange(0.0, 180.0, 2.0)


@st.cache_data(max_entries=32, show_spinner=False)
def fit_lsdr(X, y, start, width, lam):
    """Gradient ascent from the direction at ``start`` degrees, and J(φ) for every φ."""
    model = LSDR(1, width=width, lam=lam, init=unit_directions([start]), max_iter=40).fit(X, y)
    z = model.transform(X)[:, 0]
    return model, model.smi_curve(DEGREES), nn_accuracy(z[:, None], y)


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        start = slider(t("sdr.start_angle"), 0, 178, 150, "sdr.start_angle", step=2, help=t("sdr.start_help"))
        width = log_slider(t("sdr.width"), "sdr.width", -1, 1, 1.0, help=t("sdr.width_help"))
        lam = log_slider(t("sdr.lam"), "sdr.lam", -3, 0, 0.1, help=t("sdr.lam_help"))
        st.caption(t("sdr.lsdr_note"))
    if not usable(data):
        return
    shown = sample(data, main, limit=LSDR_LIMIT)
    X, y = data.train.X[shown], np.asarray(data.train.y)[shown]
    fit = fitted(fit_lsdr, X, y, float(start), float(width), float(lam))
    if fit is None:
        return
    model, curve, accuracy = fit
    history = model.history_
    angles = np.array([direction_angle(s.T[0]) for s in history])
    smis = np.array([s.smi for s in history])
    top = float(max(curve.max(), smis.max()))
    bottom = float(min(curve.min(), smis.min()))
    pad = (top - bottom) * 0.1 or 0.05
    axes = Axes((0, 180), (bottom - pad, top + pad), t("sdr.phi_axis"), "J(φ)")
    static = figure(ctx.style, axes, " ", [line_trace(Curve("J(φ)", DEGREES, curve, FIT_COLOR), ctx.style)],
                    height=360, legend="bottom", legend_width=520)

    def frame(s):
        return [
            points_trace(angles[: s + 1], smis[: s + 1], t("sdr.path"), ctx.style, ORANGE, size_scale=0.8),
            points_trace([angles[s]], [smis[s]], t("sdr.current"), ctx.style, BLACK, "star", 1.8),
        ]

    def label(s):
        return t("sdr.lsdr_label", step=s, phi=f"{angles[s]:.1f}", smi=fmt(smis[s]))

    plane = plane_axes(data.train)
    traces = data_traces(X, y, data.train, ctx.style, shown)
    traces.append(direction_trace(model.mean_, history[0].T[0], plane, t("sdr.start_line"), ALT_COLOR,
                                  ctx.style, "dash"))
    traces.append(direction_trace(model.mean_, model.components_[0], plane, t("sdr.lsdr_line"), FIT_COLOR,
                                  ctx.style))
    data_fig = figure(ctx.style, plane, t("sdr.lsdr_title"), traces, height=ctx.style.figure_height,
                      legend="bottom", legend_width=420)
    with main:
        left, right = columns_or_stacked(ctx.projector, [1, 1])
        with left:
            stepper("sdr.lsdr", len(history), StepView(static, frame, label))
        with right:
            chart(data_fig, key="sdr.lsdr_chart")
        metric_rows([
            (t("sdr.angle_lsdr"), f"{angles[-1]:.1f}°"),
            (t("sdr.best_phi"), f"{DEGREES[int(np.argmax(curve))]:.0f}°"),
            (t("sdr.smi"), fmt(model.smi_)),
            (t("sdr.steps"), str(len(history) - 1)),
            (t("sdr.acc_lsdr"), percent(accuracy)),
        ], ctx.projector)
    formula_panel([
        Formula(
            r"\psi_\ell(z, y) = \exp\!\Big(-\frac{(z - Tx_\ell)^2}{2h^2}\Big)\,\delta(y, y_\ell),\ "
            rf"h = {number(width)},\ b = {len(model.centers_)}",
            "Sugiyama §17.2 (basis of §14.4, per-class Gaussians)",
        ),
        Formula(
            r"J(T) = \tfrac12\hat h^\top(\hat G + \lambda I)^{-1}\hat h - \tfrac12,\ "
            rf"\lambda = {number(lam)}:\ J = {number(model.smi_)},\ T = {vector(model.components_[0])}",
            "Sugiyama §17.2 (LSMI estimate of SMI)",
        ),
        Formula(
            r"T \leftarrow T + \varepsilon\frac{\partial J}{\partial T},\ \frac{\partial J}{\partial T} = "
            r"\hat h^\top(\hat G + \lambda I)^{-1}\frac{\partial \hat h}{\partial T} - \tfrac12\hat h^\top"
            r"(\hat G + \lambda I)^{-1}\frac{\partial \hat G}{\partial T}(\hat G + \lambda I)^{-1}\hat h,\ "
            rf"TT^\top = 1,\ \varepsilon_{{\text{{last}}}} = {number(history[-1].step)}",
            "Sugiyama §17.2 (gradient; ε halved when J would fall)",
        ),
    ], ctx.projector)
    code_view(LSDR, projector=ctx.projector)
