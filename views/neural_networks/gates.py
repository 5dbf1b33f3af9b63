"""One layer against XOR: the M-P neuron / perceptron learns AND and OR but never XOR (no line splits
it); a hidden layer of two threshold units (OR, AND) solves it; and the seed's triangle, three
half-planes joined by an output unit with bias −2.5.

Seed 003 §7.1 (M-P neuron, perceptron, convergence only on separable data) and §7.2.1 (Ex. 1, the
triangle; "a three-layer network can realise any decision region").
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import TRIANGLE_NETWORK
from algorithms import XOR_NETWORK
from algorithms import Perceptron
from algorithms import logic_gate
from algorithms import threshold_network
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import line_points
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.theme import ALT_COLOR
from ui.theme import BLACK

DATA = None
GATES = ["and", "or", "xor"]
EPOCHS = [1, 2, 5, 10, 20, 50, 100]
BOX = Axes((-0.5, 1.5), (-0.5, 1.5), "x₁", "x₂", equal=True)
TRIANGLE_POINTS = np.array([[0.2, 0.2], [0.8, 0.8]])
RES = 80


def render(ctx, controls, main) -> None:
    with controls:
        gate = choice(t("nn.gate"), GATES, "nn.gate", catalogue_labels("nn.gates"), horizontal=True)
        epochs = st.select_slider(t("nn.gate_epochs"), EPOCHS, 20, **bound("nn.gate_epochs"))
    X, y = logic_gate(gate)
    model = Perceptron(max_epochs=epochs).fit(X, y)
    gx, gy, grid = grid_points(BOX.x_range, BOX.y_range, RES)
    style = ctx.style
    with main:
        left, right = columns_or_stacked(ctx.projector, 2, gap="small")
        with left:
            st.markdown(f"**{t('nn.one_layer_title', gate=t(f'nn.gates.{gate}'))}**")
            region = (model.predict(grid) == 1).reshape(len(gy), len(gx))
            lx, ly = line_points(np.r_[model.b_, model.w_], BOX.x_range, BOX.y_range)
            traces = [
                region_trace(gx, gy, region, 2),
                dict(
                    type="scatter",
                    mode="lines",
                    x=lx,
                    y=ly,
                    name=t("nn.perceptron_line"),
                    line=dict(color=BLACK, width=style.line_width),
                ),
                *class_traces(X, y, [0, 1], style),
            ]
            chart(figure(style, BOX, traces=traces), key="nn.gate_one")
            acc = float(np.mean(model.predict(X) == y))
            metric_rows(
                [
                    (t("nn.converged"), t("nn.yes") if model.converged_ else t("nn.no")),
                    (t("nn.updates"), str(model.n_mistakes_)),
                    (t("nn.train_acc"), f"{100 * acc:.0f} %"),
                ],
                ctx.projector,
            )
            if not model.converged_:
                st.info(t("nn.xor_fails", epochs=model.n_epochs_))
        with right:
            if gate == "xor":
                xor_panel(X, y, gx, gy, grid, style)
            else:
                triangle_panel(gx, gy, grid, style)
    formula_panel(gate_formulas(model, gate), ctx.projector)
    code_view(Perceptron, threshold_network, projector=ctx.projector)


def xor_panel(X, y, gx, gy, grid, style) -> None:
    st.markdown(f"**{t('nn.hidden_solves')}**")
    region = threshold_network(grid, *XOR_NETWORK)[-1][:, 0].reshape(len(gy), len(gx))
    traces = [region_trace(gx, gy, region, 2)]
    for k, (name, dash) in enumerate(((t("nn.h_or"), "dash"), (t("nn.h_and"), "dot"))):
        W, b = XOR_NETWORK[0][0][k], XOR_NETWORK[1][0][k]
        lx, ly = line_points(np.r_[b, W], BOX.x_range, BOX.y_range)
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=lx,
                y=ly,
                name=name,
                line=dict(color=ALT_COLOR, width=style.line_width * 0.8, dash=dash),
            )
        )
    chart(figure(style, BOX, traces=traces + class_traces(X, y, [0, 1], style)), key="nn.gate_xor")
    hidden, out = threshold_network(X, *XOR_NETWORK)
    table = pd.DataFrame(
        {
            "x₁": X[:, 0].astype(int),
            "x₂": X[:, 1].astype(int),
            "h₁ (OR)": hidden[:, 0].astype(int),
            "h₂ (AND)": hidden[:, 1].astype(int),
            "ŷ": out[:, 0].astype(int),
            "y": y,
        }
    )
    st.dataframe(table, hide_index=True)


def triangle_panel(gx, gy, grid, style) -> None:
    st.markdown(f"**{t('nn.triangle_title')}**")
    region = threshold_network(grid, *TRIANGLE_NETWORK)[-1][:, 0].reshape(len(gy), len(gx))
    traces = [region_trace(gx, gy, region, 2)]
    for k in range(3):
        W, b = TRIANGLE_NETWORK[0][0][k], TRIANGLE_NETWORK[1][0][k]
        lx, ly = line_points(np.r_[b, W], BOX.x_range, BOX.y_range)
        traces.append(
            dict(
                type="scatter",
                mode="lines",
                x=lx,
                y=ly,
                name="h₁, h₂, h₃",
                showlegend=k == 0,
                line=dict(color=ALT_COLOR, width=style.line_width * 0.7, dash="dash"),
            )
        )
    traces.append(
        points_trace(
            TRIANGLE_POINTS[:, 0],
            TRIANGLE_POINTS[:, 1],
            t("nn.test_points"),
            style,
            symbol="star",
            size_scale=1.6,
        )
    )
    chart(figure(style, BOX, traces=traces), key="nn.gate_triangle")


def gate_formulas(model, gate) -> list[Formula]:
    hidden = threshold_network(TRIANGLE_POINTS, *TRIANGLE_NETWORK)[0]
    sums = hidden.sum(axis=1) + TRIANGLE_NETWORK[1][1][0]
    formulas = [
        Formula(
            rf"y = \mathrm{{step}}(w^\top x + b),\ w = ({number(model.w_[0])}, {number(model.w_[1])}),\ "
            rf"b = {number(model.b_)}",
            "seed 003 §7.1 (M-P neuron, perceptron; ≤ 0 in Step 2)",
        )
    ]
    if gate == "xor":
        formulas.append(
            Formula(
                r"h_1 = \mathrm{step}(x_1 + x_2 - 0.5),\ h_2 = \mathrm{step}(x_1 + x_2 - 1.5),\ "
                r"y = \mathrm{step}(h_1 - h_2 - 0.5)",
                "seed 003 §7.2.1 (a non-linearity is mandatory)",
            )
        )
    else:
        formulas.append(
            Formula(
                rf"y = \mathrm{{step}}(h_1 + h_2 + h_3 - 2.5):\ (0.2, 0.2) \to {number(sums[0])} > 0,\ "
                rf"(0.8, 0.8) \to {number(sums[1])} < 0",
                "seed 003 §7.2.1, Ex. 1 (Figure 18, bias −2.5)",
            )
        )
    return formulas
