"""What the neural-network views share: the architecture controls, the cached training and the figures
(network diagram with |weight| as edge width and its sign as colour, hidden-unit tiles, loss curves)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import MLPClassifier
from algorithms import MLPRegressor
from algorithms import epochs_within_budget
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import safe_range
from ui.i18n import t
from ui.progress import progress_bar
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.theme import VERMILLION
from ui.views import fit_subset

ACTIVATIONS = ["tanh", "relu", "sigmoid"]
EPOCHS = [10, 20, 50, 100, 200, 500, 1000]
BATCHES = [1, 4, 16, 64, 256, 0]  # 0 = the whole training set (full-batch gradient descent)
INIT_SCALES = [0.1, 0.3, 1.0, 3.0, 10.0]
MAX_UPDATES = 15_000  # mini-batch steps per training run: keeps every setting under about half a second
TILE_GRID = 28
NN_LIMIT = 1_000  # every epoch passes over all samples (and 41 snapshots): an even sample above this many


@dataclass(frozen=True)
class Net:
    """The hyperparameters chosen in the controls."""

    hidden: tuple[int, ...]
    activation: str
    lr: float
    batch: int
    lam: float
    dropout: float
    init_scale: float
    epochs: int

    def batch_size(self) -> int | None:
        return None if self.batch == 0 else self.batch


def training_sample(train_set, main):
    """The training samples a view fits and draws: all up to NN_LIMIT, else an even sample of that many
    (said on screen by ``fit_subset``)."""
    with main:
        shown = fit_subset(len(train_set.X), NN_LIMIT)
    return train_set.X[shown], np.asarray(train_set.y)[shown]


def net_controls(
    lr_default: float = 0.1,
    layers_default: int = 2,
    units_default: int = 4,
    epochs_default: int = 200,
    full: bool = True,
) -> Net:
    """The architecture and training controls (draw inside the controls column)."""
    layers = slider(t("nn.layers"), 0, 4, layers_default, "nn.layers", help=t("nn.layers_help"))
    units = slider(t("nn.units"), 0, 8, units_default, "nn.units", help=t("nn.units_help")) if layers else 0
    activation = choice(t("nn.activation"), ACTIVATIONS, "nn.act", catalogue_labels("nn.acts"))
    lr = log_slider(t("nn.lr"), "nn.lr", -3, 1, lr_default, help=t("nn.lr_help"))
    epochs = st.select_slider(t("nn.epochs"), EPOCHS, epochs_default, **bound("nn.epochs"))
    batch, lam, dropout, init_scale = 0, 0.0, 0.0, 1.0
    if full:
        batch = st.select_slider(t("nn.batch"), BATCHES, 16, format_func=batch_label, **bound("nn.batch"))
        lam = number_slider(
            t("nn.lam"), "nn.lam", [0.0, 0.001, 0.01, 0.1, 1.0, 10.0], 0.0, help=t("nn.lam_help")
        )
        dropout = slider(t("nn.dropout"), 0.0, 0.8, 0.0, "nn.dropout", step=0.1, help=t("nn.dropout_help"))
        init_scale = number_slider(t("nn.init"), "nn.init", INIT_SCALES, 1.0, help=t("nn.init_help"))
    return Net((units,) * layers, activation, lr, batch, lam, dropout, init_scale, epochs)


def batch_label(batch: int) -> str:
    return t("nn.full_batch") if batch == 0 else str(batch)


def budget_epochs(net: Net, n: int) -> int:
    """The epochs actually run: at most MAX_UPDATES mini-batch steps in all."""
    return epochs_within_budget(net.epochs, n, net.batch_size(), MAX_UPDATES)


def train(X, y, net: Net, regression: bool, epochs: int):
    """The cached training run, with a progress bar while it runs."""
    with progress_bar(t("progress.training")) as report:
        return cached_training(X, y, net, regression, epochs, _progress=report)


@st.cache_data(max_entries=24, show_spinner=False)
def cached_training(X, y, net: Net, regression: bool, epochs: int, _progress=None):
    """The training run (inputs standardised inside the estimator)."""
    cls = MLPRegressor if regression else MLPClassifier
    return cls(
        net.hidden,
        net.activation,
        net.lr,
        net.batch_size(),
        net.lam,
        net.dropout,
        net.init_scale,
        epochs,
        random_state=0,
        n_snapshots=41,
        standardize=True,
    ).fit(X, y, progress=_progress)


def unit_layout(sizes) -> list[np.ndarray]:
    """Node heights of every layer, centred on 0."""
    return [(n - 1) / 2 - np.arange(n) for n in sizes]


WIDTH_BINS = 5


def show_network(weights, style, input_names, output_names, key: str) -> None:
    """The diagram under its title (a caption line: a chart title would not fit a narrow column)."""
    st.markdown(f"**{t('nn.diagram_title')}**")
    chart(network_figure(weights, style, input_names, output_names), key=key)


def network_figure(weights, style, input_names, output_names, title: str = "") -> go.Figure:
    """The network diagram: edge width ∝ |weight| (in five bins), blue = positive, vermillion = negative."""
    sizes = [weights[0].shape[1], *[W.shape[0] for W in weights]]
    heights = unit_layout(sizes)
    top = max(max(sizes), 2) / 2 + 0.2
    biggest = max(float(np.max(np.abs(W))) for W in weights) or 1.0
    traces = []
    for sign, color in ((1, BLUE), (-1, VERMILLION)):
        in_legend = False
        for level in range(WIDTH_BINS - 1, -1, -1):  # widest first: it carries the legend entry
            xs, ys = [], []
            for m, W in enumerate(weights):
                share = np.abs(W) / biggest
                cells = np.argwhere(
                    (np.sign(W) == sign)
                    & (np.minimum((share * WIDTH_BINS).astype(int), WIDTH_BINS - 1) == level)
                )
                for j, i in cells:
                    xs += [m, m + 1, None]
                    ys += [heights[m][i], heights[m + 1][j], None]
            if xs:
                name = t("nn.positive") if sign > 0 else t("nn.negative")
                traces.append(
                    dict(
                        type="scatter",
                        mode="lines",
                        x=xs,
                        y=ys,
                        hoverinfo="skip",
                        name=name,
                        showlegend=not in_legend,
                        legendgroup=name,
                        line=dict(color=color, width=0.6 + 1.6 * level),
                    )
                )
                in_legend = True
    names = [*input_names, *[""] * (sum(sizes[1:-1])), *output_names]
    nx = np.concatenate([np.full(n, m, float) for m, n in enumerate(sizes)])
    ny = np.concatenate(heights)
    traces.append(
        dict(
            type="scatter",
            mode="markers+text",
            x=nx,
            y=ny,
            text=names,
            textposition=["middle left"] * (len(names) - sizes[-1]) + ["middle right"] * sizes[-1],
            hoverinfo="skip",
            showlegend=False,
            marker=dict(size=style.marker_size * 2.2, color="white", line=dict(color=BLACK, width=2)),
        )
    )
    axes = Axes((-0.8, len(sizes) - 0.2), (-top, top))
    layers = dict(
        showticklabels=True,
        tickvals=list(range(len(sizes))),
        ticktext=[layer_name(m, len(sizes)) for m in range(len(sizes))],
        showgrid=False,
        zeroline=False,
    )
    height = int(style.figure_height * 0.8)
    return figure(style, axes, title, traces, height=height, xaxis=layers, yaxis=dict(visible=False))


def layer_name(m: int, n_layers: int) -> str:
    if m == 0:
        return t("nn.input_layer")
    return t("nn.output_layer") if m == n_layers - 1 else t("nn.hidden_layer", m=m)


def tiles_figure(maps: list[np.ndarray], gx, gy, style, activation: str) -> go.Figure:
    """Every hidden unit's output over the plane, a small heat-map per unit (rows = layers)."""
    rows, cols = len(maps), max(a.shape[1] for a in maps)
    lo, hi = (0.0, 1.0) if activation == "sigmoid" else (-1.0, 1.0) if activation == "tanh" else (0.0, None)
    traces, layout = [], {}
    gap = 0.02
    k = 0
    for r, A in enumerate(maps):
        for c in range(A.shape[1]):
            k += 1
            z = A[:, c].reshape(len(gy), len(gx))
            top = hi if hi is not None else max(float(z.max()), 1e-9)
            suffix = "" if k == 1 else str(k)
            traces.append(
                go.Heatmap(
                    x=gx,
                    y=gy,
                    z=z.astype(np.float32),
                    zmin=lo,
                    zmax=top,
                    colorscale="RdBu",
                    reversescale=True,
                    showscale=False,
                    hoverinfo="skip",
                    xaxis=f"x{suffix}",
                    yaxis=f"y{suffix}",
                )
            )
            x0, y1 = c / cols, 1 - r / rows
            layout[f"xaxis{suffix}"] = dict(
                domain=[x0 + gap, x0 + 1 / cols - gap], visible=False, anchor=f"y{suffix}"
            )
            layout[f"yaxis{suffix}"] = dict(
                domain=[y1 - 1 / rows + gap * 2, y1 - gap], visible=False, anchor=f"x{suffix}"
            )
    size = 90 if style.font_size < 16 else 120
    layout.update(
        height=size * rows + 30,
        margin=dict(l=5, r=5, t=25, b=5),
        plot_bgcolor="white",
        font=dict(size=style.font_size),
    )
    return go.Figure(data=traces, layout=layout)  # one validation (add_trace per unit cost ~1 ms each)


@st.cache_data(max_entries=24, show_spinner=False)
def test_losses(X, y, net: Net, regression: bool, epochs: int, X_test, y_test):
    """The cached test-loss curve: the loss on (X_test, y_test) at every recorded epoch."""
    return train(X, y, net, regression, epochs).loss_path(X_test, y_test)


def loss_figure(model, test_loss, style) -> go.Figure:
    """Training loss after every epoch and ``test_loss`` (None: no test set) at the recorded epochs."""
    epochs = np.arange(len(model.loss_curve_))
    curves = [Curve(t("nn.train_loss"), epochs, model.loss_curve_, CLASS_COLORS[0])]
    values = [model.loss_curve_]
    if test_loss is not None:
        if np.isfinite(test_loss).all():
            at = np.array([s.epoch for s in model.history_])
            curves.append(Curve(t("nn.test_loss"), at, test_loss, ALT_COLOR, "dash"))
            values.append(test_loss)
    top = max(float(np.max(v)) for v in values)
    axes = Axes(safe_range(0, epochs[-1]), safe_range(0, top * 1.08), t("nn.epoch_axis"), t("nn.loss_axis"))
    return curves_figure(curves, axes, style, height=280)
