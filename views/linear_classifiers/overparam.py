"""Softmax regression is over-parameterised: subtracting the same vector θ from every class's weights,
W → W − θ1ᵀ, leaves every probability q(y|x) unchanged, because e^{−θᵀx} cancels in the softmax. The
slider moves θ = s·w₁ (s = 1 sets class 1's weights to 0: the reduced model with c − 1 weight
vectors, for c = 2 logistic regression); the weights move, the probabilities do not. With λ > 0 the
penalty picks one representative, the one with Σ_k w_k = 0.

Slides 004 §2.5 (over-parameterisation); CS229 Part III §9.3; Sugiyama §10.1.1.
"""

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import LinearBasis
from algorithms import SoftmaxRegression
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.views import fitted
from views.linear_classifiers._controls import lam_slider
from views.linear_classifiers._problem import problem

SHOWN = 6  # samples in the probability table, spread over the data


@st.cache_data(max_entries=32, show_spinner=False)
def fit_softmax(X, y, lam):
    return SoftmaxRegression(lam=lam, solver="newton", basis=LinearBasis()).fit(X, y)


def render(ctx, controls, main):
    prob = problem(ctx)
    with controls:
        lam = lam_slider(t("lc.lr_lam"), "lc.op_lam", -4, 2, 0.0)
        s = slider(t("lc.op_shift"), -2.0, 2.0, 0.5, "lc.op_shift", step=0.25, help=t("lc.op_shift_help"))
    model = fitted(fit_softmax, prob.X, prob.y, lam)
    if model is None:
        return
    theta = s * model.theta_[:, 0]
    twin = model.shifted(theta)
    q, q_shift = model.predict_proba(prob.X), twin.predict_proba(prob.X)
    q_reduced = model.reduced_proba(prob.X)
    shown = np.unique(np.linspace(0, len(prob.y) - 1, SHOWN).round().astype(int))  # spread over the classes
    same = int(np.sum(model.predict(prob.X) == twin.predict(prob.X)))
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            fig = weights_figure(model.theta_, twin.theta_, prob.names, prob.feature_names, ctx.style)
            chart(fig, key="lc.op_chart")
        with right:
            st.markdown(t("lc.op_table_title", n=len(shown)))
            st.caption(t("lc.op_table_order", classes=", ".join(prob.names)))
            st.dataframe(probability_table(shown, q, q_shift, q_reduced), hide_index=True)
        metric_rows(
            [
                (t("lc.op_dq_shift"), fmt(np.abs(q_shift - q).max(), 2)),
                (t("lc.op_dq_reduced"), fmt(np.abs(q_reduced - q).max(), 2)),
                (t("lc.op_same"), f"{same} / {len(prob.y)}"),
                (t("lc.op_norm"), fmt(np.sqrt(np.sum(model.theta_**2)))),
                (t("lc.op_norm_shift"), fmt(np.sqrt(np.sum(twin.theta_**2)))),
            ],
            ctx.projector,
        )
    formula_panel(
        [
            Formula(
                r"q(y|x; W - \theta 1^\top) = \frac{e^{(w_y-\theta)^\top x}}{\sum_k e^{(w_k-\theta)^\top x}}"
                r" = \frac{e^{w_y^\top x}}{\sum_k e^{w_k^\top x}},\ "
                rf"\theta = {number(s)}\,w_1 = {vector(theta)}",
                "slides 004 §2.5",
            ),
            Formula(
                rf"W = {matrix(model.theta_)},\ W - \theta 1^\top = {matrix(twin.theta_)}",
                "slides 004 §2.5 (one column per class; rows: intercept, then the features)",
            ),
            Formula(
                rf"w_1 = 0:\ \eta_k = w_k - w_1 = {matrix(model.reduced_theta())},\ "
                r"q(1|x) = \frac{1}{1 + \sum_{k\ge2} e^{\eta_k^\top x}}",
                "slides 004 §2.5 (c − 1 weight vectors; c = 2 is logistic regression)",
            ),
        ],
        ctx.projector,
    )
    st.caption(t("lc.op_note"))
    code_view(SoftmaxRegression.shifted, SoftmaxRegression.reduced_proba, projector=ctx.projector)


def weights_figure(W, W_shift, names, features, style) -> go.Figure:
    """Each class's last two weights before (filled) and after the shift (hollow), joined by the
    same vector −θ."""
    a, b = W.shape[0] - 2, W.shape[0] - 1
    both = np.hstack([W, W_shift])
    rows = (t("lc.op_intercept"), *(plain(f) for f in features))
    axes = Axes(padded_range(both[a], 0.15), padded_range(both[b], 0.15),
                t("lc.op_weight", name=rows[a]), t("lc.op_weight", name=rows[b]))
    fig = base_figure(style, axes, t("lc.op_chart_title"), legend_rows=2)
    for k, name in enumerate(names):
        color, symbol = CLASS_COLORS[k % 6], CLASS_SYMBOLS[k % 6]
        fig.add_trace(go.Scatter(x=[W[a, k], W_shift[a, k]], y=[W[b, k], W_shift[b, k]], mode="lines",
                                 line=dict(color=color, dash="dot", width=style.line_width / 2),
                                 showlegend=False, hoverinfo="skip"))
        fig.add_trace(points_trace([W[a, k]], [W[b, k]], name, style, color, symbol, 1.4))
        fig.add_trace(points_trace([W_shift[a, k]], [W_shift[b, k]], t("lc.op_shifted", name=name), style,
                                   color, symbol, 1.4, hollow=True))
    fig.add_trace(points_trace([0.0], [0.0], "0", style, BLACK, "cross", 0.8))
    return fig


def probability_table(shown, q, q_shift, q_reduced) -> pd.DataFrame:
    """(q(1|x_i), …, q(c|x_i)) of the samples ``shown`` under W, W − θ1ᵀ and the reduced model."""
    rows = {t("lc.op_sample"): shown + 1}
    for key, P in (("lc.op_col_full", q), ("lc.op_col_shift", q_shift), ("lc.op_col_reduced", q_reduced)):
        rows[t(key)] = [" · ".join(f"{v:.4f}" for v in row) for row in P[shown]]
    return pd.DataFrame(rows)
