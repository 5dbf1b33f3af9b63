"""AROW: a Gaussian N(μ, Σ) over the weights, learned one point at a time (Sugiyama §15.2, Figs 15.7–15.10).

The left panel is the stream and the boundary μᵀx̂ = 0; the right one the weight space (w₁, w₂): the
path of μ and the 1-σ ellipse of Σ's (w₁, w₂) block, which only shrinks — most along directions the
stream has already shown — so later points move the weights less. Errata (spec §22): the update is
Σ̂⁻¹ = Σ̃⁻¹ + xxᵀ/C (the book prints −), i.e. Σ̂ = Σ̃ − Σ̃xxᵀΣ̃/β.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import AROWClassifier
from algorithms import covariance_ellipse
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.figures import axis_layout
from ui.figures import padded_range
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import GREEN
from ui.views import fitted
from views.online_learning._stream import STREAM_DATA
from views.online_learning._stream import Learner
from views.online_learning._stream import plane_view
from views.online_learning._stream import progress_charts
from views.online_learning._stream import step_details
from views.online_learning._stream import stream_axes
from views.online_learning._stream import stream_controls

DATA, DATA_PREFIX = STREAM_DATA, "onl"
SPLIT = (0.56, 0.66)  # the data plane ends and the weight panel starts (paper coordinates)


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, y, r, clean):
    """AROW over the stream and its accuracy after each point on the stream's clean points."""
    model = AROWClassifier(r, fit_intercept=True).fit(X, y)
    accuracy = model.accuracy_path(X[clean], y[clean]) if clean.any() else np.zeros(len(y))
    return model, accuracy


def ellipses(history) -> np.ndarray:
    """The 1-σ ellipse of Σ's (w₁, w₂) block around μ after every step, (steps, 60, 2)."""
    return covariance_ellipse(np.array([s.w[:2] for s in history]),
                              np.array([s.cov[:2, :2] for s in history]), 1.0, 60)


def render(ctx, controls, main) -> None:
    with controls:
        r = log_slider(t("onl.r"), "onl.r", -3, 2, 1.0, help=t("onl.r_help"))
    stream, speed = stream_controls(ctx, controls, main)
    if stream is None:
        return
    result = fitted(fit, stream.X, stream.y, r, stream.clean)
    if result is None:
        return
    model, accuracy = result
    history, mistakes = model.history_, model.cumulative_mistakes()
    learner = Learner("AROW", model, GREEN)
    axes = stream_axes(stream, ctx)
    path = np.array([s.w for s in history])
    rings = ellipses(history)
    reach = np.vstack([path, rings[0], rings[-1]])
    w_range = (padded_range(reach[:, 0], 0.1), padded_range(reach[:, 1], 0.1))

    def weight_panel(fig):
        fig.update_layout(
            xaxis=dict(domain=[0.0, SPLIT[0]]),
            xaxis2=axis_layout(w_range[0], "w₁", domain=[SPLIT[1], 1.0], anchor="y2"),
            yaxis2=axis_layout(w_range[1], "w₂", anchor="x2"),
        )

    on_panel = dict(xaxis="x2", yaxis="y2")
    line = dict(color=GREEN, width=ctx.style.line_width)
    mu_path, ellipse_name = t("onl.mu_path"), t("onl.ellipse")  # once, not per frame

    def weight_frame(s):
        points = rings[s]
        return [
            dict(type="scatter", mode="lines", x=path[: s + 1, 0], y=path[: s + 1, 1], name=mu_path,
                 line=dict(color=BLACK, width=ctx.style.line_width * 0.5), **on_panel),
            dict(type="scatter", mode="lines", x=points[:, 0], y=points[:, 1],
                 name=ellipse_name, line=line, **on_panel),
        ]

    def label(s):
        key = "onl.label_mistake" if history[s].mistake else "onl.label_ok"
        return t(key, t=history[s].t, mistakes=int(mistakes[s]), acc=percent(accuracy[s]))

    with main:
        plane_view(ctx, stream, [learner], "onl.arow", speed, label, lambda s: step_details(stream, model, s),
                   axes=axes, extra_static=weight_panel, extra_frame=weight_frame)
        metric_rows([(t("onl.mistakes"), str(model.n_mistakes_)),
                     (t("onl.clean_acc"), percent(accuracy[-1])),
                     (t("onl.sigma_trace"), f"{np.trace(model.cov_):.4g}")], ctx.projector)
        progress_charts(ctx, stream, [learner], "onl.arow")
    formula_panel(
        [
            Formula(r"m = y\,\mu^\top x < 1:\ \beta = x^\top\Sigma x + r,\ "
                    r"\mu \leftarrow \mu + \frac{y\,(1 - m)}{\beta}\,\Sigma x,\ "
                    r"\Sigma \leftarrow \Sigma - \frac{\Sigma x x^\top \Sigma}{\beta},"
                    rf"\quad r = {number(r)}",
                    "Sugiyama §15.2.2, Fig 15.8", t("onl.arow_erratum")),
            Formula(rf"\mu = {vector(np.r_[model.coef_, model.intercept_])},\ "
                    rf"\Sigma = {matrix(model.cov_)}", "Sugiyama §15.2.1 (15.7)"),
        ],
        ctx.projector,
    )
    code_view(AROWClassifier, projector=ctx.projector)
