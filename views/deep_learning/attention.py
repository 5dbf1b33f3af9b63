"""Attention: four 2-D token vectors (move one with the sliders); self-attention with Q = K = V = the
tokens gives the softmax weights (a heat-map whose rows sum to 1) and each token's weighted sum.

Seed 003 §7.7.2, (53): Attention(Q, K, V) = softmax(QKᵀ/√d_k)V, the softmax over the keys.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import scaled_dot_attention
from ui.charts import chart
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import number
from ui.figures import Axes
from ui.figures import figure
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS

DATA = None
TOKENS = np.array([[1.0, 0.5], [-1.0, 1.0], [0.5, -1.5], [1.5, 1.5]])
NAMES = ["A", "B", "C", "D"]
LIMIT = 3.0


def render(ctx, controls, main) -> None:
    with controls:
        which = choice(t("dl.token"), NAMES, "dl.token", lambda n: n, horizontal=True)
        k = NAMES.index(which)
        X = TOKENS.copy()
        X[k, 0] = slider(
            t("dl.token_x", name=which), -LIMIT, LIMIT, float(TOKENS[k, 0]), f"dl.tok{k}x", step=0.1
        )
        X[k, 1] = slider(
            t("dl.token_y", name=which), -LIMIT, LIMIT, float(TOKENS[k, 1]), f"dl.tok{k}y", step=0.1
        )
        scale = slider(
            t("dl.sharpness"), 0.5, 4.0, 1.0, "dl.sharpness", step=0.5, help=t("dl.sharpness_help")
        )
    Q = X * scale
    out, W = scaled_dot_attention(Q, X, X)
    style = ctx.style
    with main:
        left, right = columns_or_stacked(ctx.projector, 2, gap="small")
        with left:
            traces = []
            for j, name in enumerate(NAMES):
                color = CLASS_COLORS[j]
                traces.append(
                    dict(
                        type="scatter",
                        mode="lines",
                        x=[X[j, 0], out[j, 0]],
                        y=[X[j, 1], out[j, 1]],
                        showlegend=False,
                        hoverinfo="skip",
                        line=dict(color=color, width=1.5, dash="dot"),
                    )
                )
                token = points_trace([X[j, 0]], [X[j, 1]], name, style, color=color, size_scale=1.6)
                token.update(mode="markers+text", text=[name], textposition="top center")
                traces.append(token)
                traces.append(
                    points_trace(
                        [out[j, 0]],
                        [out[j, 1]],
                        t("dl.output_of", name=name),
                        style,
                        color=color,
                        hollow=True,
                        size_scale=1.6,
                    )
                )
            axes = Axes((-LIMIT - 0.3, LIMIT + 0.3), (-LIMIT - 0.3, LIMIT + 0.3), "x₁", "x₂", equal=True)
            fig = figure(style, axes, "", traces, legend="bottom")
            fig.add_hline(y=0, line=dict(color=BLACK, width=0.5))
            fig.add_vline(x=0, line=dict(color=BLACK, width=0.5))
            chart(fig, key="dl.att_tokens")
        with right:
            st.markdown(f"**{t('dl.weights_title')}**")
            chart(weights_figure(W, style), key="dl.att_weights")
    scores = Q[k] @ X.T / np.sqrt(2)
    formula_panel(
        [
            Formula(
                rf"\mathrm{{softmax}}\Big(\frac{{q_{which} K^\top}}{{\sqrt{{d_k}}}}\Big) = \mathrm{{softmax}}"
                rf"({', '.join(number(v, 3) for v in scores)}) = ({', '.join(number(v, 3) for v in W[k])}),\ "
                rf"\sum = {number(W[k].sum())}",
                "seed 003 §7.7.2, (53); d_k = 2",
            ),
            Formula(
                rf"\mathrm{{output}}_{which} = \sum_j w_{{{which}j}} v_j = {matrix(out[k][None, :])}",
                "seed 003 §7.7.2 (V weighted and summed)",
            ),
        ],
        ctx.projector,
    )
    code_view(scaled_dot_attention, projector=ctx.projector)


def weights_figure(W, style):
    """The attention weights: rows = queries, columns = keys, each row summing to 1."""
    heat = dict(
        type="heatmap",
        z=W,
        x=NAMES,
        y=NAMES,
        colorscale="Blues",
        reversescale=True,  # plotly.js runs Blues from dark to light
        zmin=0.0,
        zmax=1.0,
        showscale=False,
        hoverinfo="skip",
        text=[[f"{v:.3g}" for v in row] for row in W],
        texttemplate="%{text}",
        textfont=dict(size=style.font_size),
    )
    fig = figure(style, None, "", [heat], legend_rows=0, height=int(style.figure_height * 0.85))
    fig.update_xaxes(title=t("dl.keys"), side="top", type="category", automargin=True)
    fig.update_yaxes(title=t("dl.queries"), autorange="reversed", type="category", automargin=True)
    fig.update_layout(margin=dict(l=10, r=10, t=4 * style.font_size, b=10))
    return fig
