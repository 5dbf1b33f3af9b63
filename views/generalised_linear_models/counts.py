"""Log-linear regression for counts: the Poisson GLM's mean curve with its Poisson bands beside least
squares on ln(y + c), in the original space or in log space.

Seed 003 §2.1.3 and seed 004 §2.3 (ln y = wᵀx + b approximates y = e^{wᵀx+b}); CS229 Part III §9
(M14: the Poisson GLM for counts, h = e^{θᵀx}).
"""

import numpy as np
import streamlit as st

from algorithms import GLMRegressor
from algorithms import LogLinearRegression
from algorithms import poisson_band
from algorithms import share_inside
from ui.charts import chart
from ui.controls import bound
from ui.controls import number_slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import percent
from ui.explain import vector_text
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.generalised_linear_models._common import response_ok

LEVELS = [0.5, 0.8, 0.9, 0.95, 0.99]
OFFSETS = [0.0, 0.1, 0.5, 1.0]
N_CURVE = 200


@st.cache_data(max_entries=32, show_spinner=False)
def fit_counts(X, y, offset: float):
    """The Poisson GLM and the log-linear least-squares line (only algorithms/ computes)."""
    return GLMRegressor("poisson").fit(X, y), LogLinearRegression(offset).fit(X, y)


def render(ctx, controls, main):
    train = ctx.data.train
    X, y = train.X[:, :1], train.y
    with controls:
        level = number_slider(t("glm.level"), "glm.level", LEVELS, 0.9)
        offset = number_slider(t("glm.offset"), "glm.offset", OFFSETS, 1.0, help=t("glm.offset_help"))
        log_space = st.toggle(t("glm.log_space"), **bound("glm.log_space"))
    if not response_ok("poisson", y, main):
        return
    with main:
        models = fitted(fit_counts, X, y, offset)
    if models is None:
        return
    glm, loglin = models
    x_range = padded_range(X[:, 0], 0.03)
    grid = np.linspace(*x_range, N_CURVE)[:, None]
    mu = glm.predict(grid)
    lo, hi = poisson_band(mu, level)
    lo_x, hi_x = poisson_band(glm.predict(X), level)
    inside = share_inside(y, lo_x, hi_x)
    shown = np.log(y + offset) if log_space else y
    curves = [
        Curve(t("glm.band_low", level=percent(level)), grid[:, 0], lo, FIT_COLOR, "dot", 0.6),
        Curve(t("glm.band_high", level=percent(level)), grid[:, 0], hi, FIT_COLOR, "dot", 0.6),
        Curve(t("glm.poisson_mean"), grid[:, 0], mu, FIT_COLOR),
        Curve(t("glm.loglinear"), grid[:, 0], loglin.predict(grid), ALT_COLOR, "dash"),
    ]
    if train.truth is not None:
        curves.append(Curve(t("glm.truth"), grid[:, 0], train.truth(grid), TRUTH_COLOR, "dashdot"))
    if log_space:  # every curve c(x) drawn as ln(c(x) + offset); the two fits are straight lines
        curves = [
            Curve(c.name, c.x, np.log(np.maximum(c.y + offset, 1e-3)), c.color, c.dash, c.width_scale)
            for c in curves
        ]
    y_name = f"ln({plain(train.target_name)} + {offset:g})" if log_space else plain(train.target_name)
    finite = shown[np.isfinite(shown)]
    axes = Axes(
        x_range,
        padded_range(np.r_[finite, 0.0] if len(finite) else np.r_[0.0, 1.0], 0.1),
        plain(train.feature_names[0]),
        y_name,
    )
    traces = [line_trace(c, ctx.style) for c in curves]
    traces.append(
        points_trace(
            X[:, 0], shown, t("glm.counts"), ctx.style, CLASS_COLORS[0], customdata=np.arange(len(y))
        )
    )
    title = t("glm.counts_title_log") if log_space else t("glm.counts_title")
    with main:
        fig = figure(ctx.style, axes, title, traces, legend_rows=2)
        if log_space:
            chart(fig, key="glm.counts_chart")
        else:
            editable_chart(fig, "glm", ctx.data, axes.x_range, axes.y_range, key="glm.counts_chart")
        metrics_row(
            [
                (t("glm.theta_poisson"), vector_text(glm.theta_, 3)),
                (t("glm.theta_loglinear"), vector_text(loglin.theta_, 3)),
            ]
        )
        metric_rows(
            [
                (t("glm.inside_band", level=percent(level)), percent(inside)),
                (t("glm.deviance"), fmt(glm.deviance_)),
            ],
            ctx.projector,
        )
    t0, t1 = glm.theta_
    w0, w1 = loglin.theta_
    formula_panel(
        [
            Formula(
                rf"\log\mu = \theta^\top\hat x = {number(t0)} + {number(t1)}\,x,\ "
                rf"y \sim \mathrm{{Poisson}}(\mu)",
                "CS229 Part III §9 (M14)",
            ),
            Formula(
                rf"\ln(y + {number(offset)}) = w^\top x + b = {number(w0)} + {number(w1)}\,x",
                "seed 003 §2.1.3; seed 004 §2.3",
                t("glm.loglinear_note"),
            ),
            Formula(
                rf"[F^{{-1}}_\mu(\tfrac{{1-L}}{{2}}),\ F^{{-1}}_\mu(\tfrac{{1+L}}{{2}})],\ "
                rf"L = {number(level)}",
                "Poisson quantiles (std)",
            ),
        ],
        ctx.projector,
    )
    code_view(GLMRegressor, LogLinearRegression, poisson_band, projector=ctx.projector)
