"""A tiny recurrent network unrolled over a synthetic sequence: the input, the target and the read-out
over time, the hidden state of every unit (and the LSTM's or GRU's gates) as heat-maps; the stepper
walks through time with the cell's numbers at step t.

Seed 003 §7.7.1: parameters shared across time steps, LSTM (48)–(52), GRU (reset and update gates; the
seed gives no formulas, the standard ones are used).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import RNN
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR

DATA = None
STATE_SCALE = dict(colorscale="RdBu", reversescale=True, zmin=-1.0, zmax=1.0)
GATE_SCALE = dict(colorscale="Blues", reversescale=True, zmin=0.0, zmax=1.0)  # plotly.js Blues: dark first
CELLS = ["lstm", "gru", "rnn"]
FORMULAS = {
    "rnn": (r"h_t = \tanh(W[h_{t-1}, x_t] + b)", "seed 003 §7.7.1"),
    "lstm": (
        r"f_t, i_t, o_t = \sigma(W_{f,i,o}[h_{t-1}, x_t] + b),\ "
        r"\tilde c_t = \tanh(W_c[h_{t-1}, x_t] + b_c),\ "
        r"c_t = f_t\odot c_{t-1} + i_t\odot\tilde c_t,\ h_t = o_t\odot\tanh(c_t)",
        "seed 003 §7.7.1, (48)–(51)",
    ),
    "gru": (
        r"z_t, r_t = \sigma(W_{z,r}[h_{t-1}, x_t]),\ \tilde h_t = \tanh(W[r_t\odot h_{t-1}, x_t]),\ "
        r"h_t = (1 - z_t)\odot h_{t-1} + z_t\odot\tilde h_t",
        "standard GRU (seed 003 §7.7.1 names the gates only)",
    ),
}


@st.cache_data(max_entries=16, show_spinner=False)
def run(cell: str, hidden: int, lag: int, length: int):
    """A square wave with random switching times; the target is the input ``lag`` steps ago."""
    rng = np.random.default_rng(0)
    x = np.repeat(rng.choice([-1.0, 1.0], length // 4 + 1), 4)[:length] + 0.1 * rng.normal(size=length)
    y = np.r_[np.zeros(lag), x[: length - lag]]
    model = RNN(hidden, cell, scale=2.0, random_state=0).fit(x[:, None], y)
    return x, y, model, model.run(x[:, None]), model.predict(x[:, None])


def render(ctx, controls, main) -> None:
    with controls:
        cell = choice(t("dl.cell"), CELLS, "dl.cell", catalogue_labels("dl.cells"), horizontal=True)
        hidden = slider(t("dl.hidden"), 1, 8, 4, "dl.hidden")
        lag = slider(t("dl.lag"), 0, 8, 2, "dl.lag", help=t("dl.lag_help"))
        length = slider(t("dl.length"), 20, 120, 60, "dl.seq_length")
    x, y, model, steps, pred = run(cell, hidden, lag, length)
    time = np.arange(length)
    style = ctx.style
    axes = Axes((-0.5, length - 0.5), (-2.0, 2.0), t("dl.time"), "")
    static = curves_figure(
        [
            Curve(t("dl.input_x"), time, x, CLASS_COLORS[0], width_scale=0.7),
            Curve(t("dl.target_y"), time, y, BLACK, "dot", width_scale=0.7),
            Curve(t("dl.readout"), time, pred, FIT_COLOR),
        ],
        axes,
        style,
        height=320,
    )

    def frame(s):
        return [
            dict(
                type="scatter",
                mode="lines",
                x=np.array([s, s]),
                y=np.array([-2.0, 2.0]),
                showlegend=False,
                hoverinfo="skip",
                line=dict(color=ALT_COLOR, width=style.line_width),
            )
        ]

    def label(s):
        return t("dl.time_label", t=s, x=f"{x[s]:.3g}", y=f"{pred[s]:.3g}")

    def details(s):
        step = steps[s]
        parts = [f"h = {vector_text(step.h, 3)}"]
        if step.c is not None:
            parts.append(f"c = {vector_text(step.c, 3)}")
        parts += [f"{name} = {vector_text(v, 3)}" for name, v in step.gates.items()]
        return "; ".join(parts)

    with main:
        stepper("dl.rnn", length, StepView(static, frame, label, details), shortcuts=False)
        maps = [(t("dl.hidden_state"), np.array([s.h for s in steps]).T)]
        if cell != "rnn":
            maps += [
                (t("dl.gate", name=name), np.array([s.gates[name] for s in steps]).T)
                for name in steps[0].gates
                if not name.endswith("~")
            ]
        chart(time_maps(maps, length, style), key="dl.rnn_maps")
        mse = float(np.mean((pred - y) ** 2))
        metric_rows(
            [(t("dl.readout_mse"), f"{mse:.3g}"), (t("dl.recurrent_params"), str(parameter_count(model)))],
            ctx.projector,
        )
    formula_panel([Formula(*FORMULAS[cell])], ctx.projector)
    code_view(RNN, projector=ctx.projector)


def parameter_count(model) -> int:
    return int(sum(W.size for W in model.weights_.values()) + sum(b.size for b in model.biases_.values()))


def time_maps(maps, length: int, style):
    """Heat-maps (units × time) stacked top to bottom, sharing the time axis: the state in (−1, 1)
    red/blue around 0, the gates in (0, 1) from white (closed) to blue (open)."""
    n = len(maps)
    traces, layout, annotations = [], {}, []
    for k, (title, M) in enumerate(maps):
        suffix = "" if k == 0 else str(k + 1)
        top = 1 - k / n
        traces.append(
            dict(
                type="heatmap",
                z=M.astype(np.float32),
                x=np.arange(length),
                y=np.arange(1, len(M) + 1),
                showscale=False,
                **(GATE_SCALE if k else STATE_SCALE),
                hoverinfo="skip",
                xaxis=f"x{suffix}",
                yaxis=f"y{suffix}",
            )
        )
        layout[f"xaxis{suffix}"] = dict(
            range=[-0.5, length - 0.5],
            anchor=f"y{suffix}",
            showticklabels=k == n - 1,
            matches="x" if k else None,
        )
        layout[f"yaxis{suffix}"] = dict(
            domain=[top - 1 / n + 0.06, top - 0.04], anchor=f"x{suffix}", showticklabels=False
        )
        annotations.append(
            dict(
                text=title,
                x=0,
                y=top,
                xref="paper",
                yref="paper",
                xanchor="left",
                yanchor="bottom",
                showarrow=False,
                yshift=-14,
                font=dict(size=style.font_size),
            )
        )
    fig = figure(style, None, "", traces, height=90 * n + 60, legend_rows=0, **layout)
    fig.update_layout(annotations=annotations, margin=dict(l=10, r=10, t=10, b=30))
    return fig
