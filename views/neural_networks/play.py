"""The MLP playground: an adjustable network trained live on 2-D toy data (two classes with a logistic
output, three or more with softmax), the decision surface epoch by epoch (▶ plays precomputed epochs in
the browser), every hidden unit's map, the network diagram and the train/test loss curves.

Seed 003 §7.2–7.4: forward pass and back-propagation (20)–(23), softmax and cross-entropy (26)–(30),
dropout (32), initialisation ±1/√d (§7.5.1).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import MLPClassifier
from ui.charts import chart
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import plain
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.stepper import StepView
from ui.stepper import stepper
from ui.views import fitted
from views.neural_networks._common import TILE_GRID
from views.neural_networks._common import budget_epochs
from views.neural_networks._common import loss_figure
from views.neural_networks._common import net_controls
from views.neural_networks._common import show_network
from views.neural_networks._common import test_losses
from views.neural_networks._common import tiles_figure
from views.neural_networks._common import train
from views.neural_networks._common import training_sample

DATA = DataRequest("classification", 2, "xor")
FRAME_GRID = 60


@st.cache_data(max_entries=24, show_spinner=False)
def surface_codes(X, y, net, epochs: int, box: tuple) -> np.ndarray:
    """The class index on the frame grid at every recorded epoch (uint8: epochs × rows × columns)."""
    model = train(X, y, net, False, epochs)
    gx, gy, grid = grid_points(box[:2], box[2:], FRAME_GRID)
    codes = [np.searchsorted(model.classes_, model.predict(grid, s)) for s in model.history_]
    return np.array(codes, np.uint8).reshape(len(codes), len(gy), len(gx))


def render(ctx, controls, main) -> None:
    train_set, test = ctx.data.train, ctx.data.test
    X, y = training_sample(train_set, main)
    with controls:
        net = net_controls()
    if 0 in net.hidden:
        main.error(t("nn.zero_units"))
        return
    epochs = budget_epochs(net, len(X))
    with main:
        model = fitted(train, X, y, net, False, epochs)
    if model is None:
        return
    classes = model.classes_
    axes = scatter_axes(X, train_set.feature_names, equal=False)
    gx, gy, _ = grid_points(axes.x_range, axes.y_range, FRAME_GRID)
    static = figure(ctx.style, axes, traces=class_traces(X, y, classes, ctx.style))
    history = model.history_

    codes = surface_codes(X, y, net, epochs, (*axes.x_range, *axes.y_range))

    def frame(s):
        return [region_trace(gx, gy, codes[s], len(classes))]

    def label(s):
        return t("nn.epoch_label", epoch=history[s].epoch, loss=f"{history[s].loss:.4g}")

    with main:
        if epochs < net.epochs:
            st.caption(t("nn.budget", epochs=epochs, asked=net.epochs))
        if model.diverged_:
            st.warning(t("nn.diverged", epoch=model.diverged_epoch_, lr=number(net.lr)))
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
        with left:
            stepper("nn.play", len(history), StepView(static, frame, label), shortcuts=False)
        with right:
            names = [plain(n) for n in train_set.feature_names]
            outputs = [plain(str(c)) for c in classes] if len(classes) > 2 else [plain(str(classes[1]))]
            show_network(model.coefs_, ctx.style, names, outputs, "nn.play_net")
            if net.hidden:
                st.markdown(f"**{t('nn.tiles_title')}**")
                tx, ty, tgrid = grid_points(axes.x_range, axes.y_range, TILE_GRID)
                chart(
                    tiles_figure(model.hidden_outputs(tgrid), tx, ty, ctx.style, net.activation),
                    key="nn.play_tiles",
                )
        curve = None if test is None else test_losses(X, y, net, False, epochs, test.X, test.y)
        chart(loss_figure(model, curve, ctx.style), key="nn.play_loss")
        acc = np.mean(model.predict(X) == y)
        test_acc = None if test is None else np.mean(model.predict(test.X) == test.y)
        metric_rows(
            [
                (t("nn.train_acc"), percent(acc)),
                (t("nn.test_acc"), percent(test_acc)),
                (t("nn.final_loss"), fmt(model.loss_)),
                (t("nn.epochs_run"), str(model.n_epochs_)),
            ],
            ctx.projector,
            per_row=4,
        )
    formula_panel(play_formulas(model, net, len(X)), ctx.projector)
    code_view(MLPClassifier, projector=ctx.projector)


def play_formulas(model, net, n) -> list[Formula]:
    sizes = " \\to ".join(str(s) for s in [model.n_features_in_, *net.hidden, model.coefs_[-1].shape[0]])
    out = r"\sigma" if len(model.classes_) == 2 else r"\mathrm{softmax}"
    act = {"sigmoid": r"\sigma", "tanh": r"\tanh", "relu": r"\mathrm{ReLU}"}[net.activation]
    penalty = 0.5 * net.lam * sum(float(np.sum(W * W)) for W in model.coefs_) / n
    return [
        Formula(
            rf"a^{{(m)}} = {act}\big(W^{{(m)}} a^{{(m-1)}} + b^{{(m)}}\big),\ \hat y = {out}\big(W^{{(l)}}"
            rf"a^{{(l-1)}} + b^{{(l)}}\big),\quad {sizes}",
            "seed 003 §7.2.2, Figure 21; (26)",
        ),
        Formula(
            rf"E = -\frac{{1}}{{n}}\sum_i \log \hat y_{{i,y_i}}"
            rf" + \frac{{\lambda}}{{2n}}\sum_m \|W^{{(m)}}\|^2"
            rf" = {number(model.loss_)} + {number(penalty)},\ \lambda = {number(net.lam)}",
            "seed 003 §7.3, (29)",
        ),
        Formula(
            rf"W \leftarrow W - \alpha\,\frac{{\partial E}}{{\partial W}},\ \alpha = {number(net.lr)},\ "
            rf"p_{{\mathrm{{drop}}}} = {number(net.dropout)}",
            "seed 003 §7.2.2 (11), (23); §7.4 (32)",
        ),
    ]
