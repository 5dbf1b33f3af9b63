"""Online regression (Sugiyama §15.1.3 and §15.2.3): passive-aggressive regression with an ε-insensitive
loss (PA-I: the book's ℓ1 update, PA-II: its ℓ2 update) against AROW regression, which is recursive
least squares, on a 1-D stream f(x) = w x + b. Erratum (spec §22): the RLS update is
μ ← μ + (y − μᵀx)Σx/β (the book prints μᵀx − y).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import AROWRegressor
from algorithms import PassiveAggressiveRegressor
from algorithms import hindsight_losses
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import highlight_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import safe_range
from ui.i18n import t
from ui.rings import ring_trace
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import CLASS_COLORS
from ui.theme import GREEN
from ui.theme import TRUTH_COLOR
from ui.theme import VERMILLION
from ui.views import fitted
from views.online_learning._stream import MAX_STREAM_FRAMES
from views.online_learning._stream import frame_time
from views.online_learning._stream import stream_controls

DATA = DataRequest("regression", 1, "line_outlier")
# The regression stream keeps its own data panel (keys onl.reg.*): 1-D sets, not the 2-D classes.
DATA_PREFIX = "onl.reg"
VARIANTS = ["PA-II", "PA-I"]
EPSILONS = [0.0, 0.05, 0.1, 0.2, 0.5, 1.0]


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, y, variant, C, epsilon, r):
    """Both learners on the stream and the squared errors of the least-squares line in hindsight."""
    pa = PassiveAggressiveRegressor(C, epsilon, variant, fit_intercept=True).fit(X, y)
    rls = AROWRegressor(r, fit_intercept=True).fit(X, y)
    return pa, rls, hindsight_losses(X, y, "squared", fit_intercept=True)


def render(ctx, controls, main) -> None:
    with controls:
        variant = choice(t("onl.variant"), VARIANTS, "onl.reg_variant", catalogue_labels("onl.reg_variants"))
        C = log_slider(t("onl.C"), "onl.C", -3, 2, 0.5, help=t("onl.C_help"))
        epsilon = number_slider(t("onl.epsilon"), "onl.epsilon", EPSILONS, 0.0, help=t("onl.epsilon_help"))
        r = log_slider(t("onl.r"), "onl.r", -3, 2, 1.0, help=t("onl.r_help"))
    stream, speed = stream_controls(ctx, controls, main, "onl.reg")
    if stream is None:
        return
    result = fitted(fit, stream.X, stream.y, variant, C, epsilon, r)
    if result is None:
        return
    pa, rls, best = result
    style, x, y = ctx.style, stream.X[:, 0], stream.y
    axes = Axes(padded_range(x, 0.05), padded_range(y, 0.15), plain(ctx.data.train.feature_names[0]),
                plain(ctx.data.train.target_name))
    static = base_figure(style, axes)
    static.add_trace(dict(points_trace(x, y, "", style, CLASS_COLORS[0], size_scale=0.8), opacity=0.18,
                          showlegend=False, hoverinfo="skip"))
    if stream.outliers.any():
        moved = np.c_[x[stream.outliers], y[stream.outliers]]
        static.add_trace(ring_trace(moved, t("onl.injected_reg"), style, TRUTH_COLOR, "square-open", 2.0))
    ends = np.array(axes.x_range)
    learners = [(f"PA ({variant})", pa, VERMILLION, "dash"), ("AROW = RLS", rls, GREEN, "solid")]

    def frame(s):
        traces = [points_trace(x[: s + 1], y[: s + 1], t("onl.seen"), style, CLASS_COLORS[0],
                               customdata=np.arange(s + 1))]
        for name, model, color, dash in learners:
            snap = model.history_[s]
            traces.append(dict(type="scatter", mode="lines", x=ends, y=snap.w[0] * ends + snap.b, name=name,
                               line=dict(color=color, dash=dash, width=style.line_width)))
        traces.append(highlight_trace(x[s], y[s], t("onl.current"), style))
        return traces

    def label(s):
        return t("onl.reg_label", t=s + 1, pa=fmt(pa.history_[s].score - y[s], 3),
                 rls=fmt(rls.history_[s].score - y[s], 3))

    errors = [pa.squared_errors(y), rls.squared_errors(y)]
    with main:
        stepper("onl.regression", len(y), StepView(static, frame, label, max_frames=MAX_STREAM_FRAMES,
                                                   frame_ms=frame_time(len(y), speed)))
        metric_rows([(t("onl.sq_error_of", name=name), fmt(float(e.sum()), 4))
                     for (name, *_), e in zip(learners, errors, strict=True)]
                    + [(t("onl.sq_error_best"), fmt(float(best.sum()), 4))], ctx.projector)
        t_axis = np.arange(1, len(y) + 1)
        regrets = [Curve(name, t_axis, model.regret(best, e), color, dash)
                   for (name, model, color, dash), e in zip(learners, errors, strict=True)]
        low = min(float(c.y.min()) for c in regrets)
        high = max(float(c.y.max()) for c in regrets)
        pad = 0.05 * (high - low) + 0.5
        regret_axes = Axes((1.0, float(max(len(y), 2))), safe_range(low - pad, high + pad), t("onl.t_axis"),
                           t("onl.regret_axis"))
        chart(curves_figure(regrets, regret_axes, style, title=t("onl.reg_regret_title"), height=300),
              key="onl.regression_regret")
    lam = 0.5 / C if variant == "PA-II" else 1.0 / C
    formula_panel(
        [
            Formula(rf"r = y - \theta^\top x,\ \ell = \max(0, |r| - \varepsilon),\ "
                    r"\theta \leftarrow \theta + \mathrm{sign}(r)\,\tau\,x,\ "
                    rf"\varepsilon = {number(epsilon)},\ "
                    rf"\lambda = {number(lam)}", "Sugiyama §15.1.3; Crammer et al. (2006)"),
            Formula(r"\beta = x^\top\Sigma x + r,\ "
                    r"\mu \leftarrow \mu + \frac{(y - \mu^\top x)\,\Sigma x}{\beta},\ "
                    rf"\Sigma \leftarrow \Sigma - \frac{{\Sigma x x^\top\Sigma}}{{\beta}},\ r = {number(r)}",
                    "Sugiyama §15.2.3", t("onl.rls_erratum")),
        ],
        ctx.projector,
    )
    code_view(PassiveAggressiveRegressor, AROWRegressor, projector=ctx.projector)
