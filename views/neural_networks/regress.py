"""MLP regression: a network with a linear output unit fitted to a 1-D curve by least squares, the
fitted curve epoch by epoch, every hidden unit's output along x, the loss curves; a learning rate that
is too large shows the loss exploding (and the run stops, with a message, before any number overflows).

Seed 003 §7.2.1 (universal approximation: one hidden layer fits any continuous function), §7.2.2
(Figure 17, E = ½(y − Y)² (10), back-propagation (12)–(23)).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import MLPRegressor
from ui.charts import chart
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import markdown_literal
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import regression_figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.neural_networks._common import budget_epochs
from views.neural_networks._common import loss_figure
from views.neural_networks._common import net_controls
from views.neural_networks._common import show_network
from views.neural_networks._common import test_losses
from views.neural_networks._common import train
from views.neural_networks._common import training_sample

DATA = DataRequest("regression", 1, "sinc")
CURVE_POINTS = 200
MAX_UNIT_CURVES = 8


def render(ctx, controls, main) -> None:
    train_set, test = ctx.data.train, ctx.data.test
    X, y = training_sample(train_set, main)
    X = X[:, :1]  # a curve over the first feature
    test_xy = None if test is None else (test.X[:, :1], test.y)
    with controls:
        net = net_controls(lr_default=0.1, layers_default=1, units_default=8, epochs_default=500)
    if 0 in net.hidden:
        main.error(t("nn.zero_units"))
        return
    epochs = budget_epochs(net, len(X))
    with main:
        model = fitted(train, X, y, net, True, epochs)
    if model is None:
        return
    x_title, y_title = plain(train_set.feature_names[0]), plain(train_set.target_name)
    axes = Axes(padded_range(X[:, 0], 0.03), padded_range(y, 0.25), x_title, y_title)
    grid = np.linspace(*axes.x_range, CURVE_POINTS)
    static = regression_figure(X[:, 0], y, [], axes, ctx.style, data_name=t("nn.train_points"))
    history = model.history_

    def frame(s):
        fit = np.clip(model.predict(grid[:, None], history[s]), *stretched(axes.y_range))
        return [line_trace(Curve(t("nn.network_output"), grid, fit, FIT_COLOR), ctx.style)]

    def label(s):
        return t("nn.epoch_label", epoch=history[s].epoch, loss=f"{history[s].loss:.4g}")

    with main:
        if train_set.X.shape[1] > 1:
            st.caption(t("nn.first_feature", name=markdown_literal(train_set.feature_names[0])))
        if epochs < net.epochs:
            st.caption(t("nn.budget", epochs=epochs, asked=net.epochs))
        if model.diverged_:
            st.warning(t("nn.diverged", epoch=model.diverged_epoch_, lr=number(net.lr)))
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
        with left:
            stepper("nn.reg", len(history), StepView(static, frame, label), shortcuts=False)
        with right:
            show_network(model.coefs_, ctx.style, [x_title], [y_title], "nn.reg_net")
        if net.hidden:
            chart(units_figure(model, grid, axes, ctx.style), key="nn.reg_units")
        curve = None if test_xy is None else test_losses(X, y, net, True, epochs, *test_xy)
        chart(loss_figure(model, curve, ctx.style), key="nn.reg_loss")
        test_loss = None if curve is None else curve[-1]
        metric_rows(
            [
                (t("nn.final_loss"), fmt(model.loss_)),
                (t("nn.test_loss_metric"), fmt(test_loss)),
                (t("nn.epochs_run"), str(model.n_epochs_)),
            ],
            ctx.projector,
        )
    formula_panel(
        [
            Formula(
                r"y = \sum_k w_k\,\varphi(a_k) + b,\quad E = \frac{1}{2n}\sum_i (y_i - Y_i)^2 = "
                + number(model.loss_),
                "seed 003 §7.2.1 (5)–(7); §7.2.2 (10)",
            ),
            Formula(
                rf"\frac{{\partial E}}{{\partial w_k}} = (y - Y)\,z_k,\ "
                rf"\frac{{\partial E}}{{\partial w_{{kj}}}} = (y - Y)\,w_k\,\varphi'(a_k)\,X_j,"
                rf"\quad \alpha = {number(net.lr)}",
                "seed 003 §7.2.2 (15)–(16), (18) corrected",
            ),
        ],
        ctx.projector,
    )
    code_view(MLPRegressor, projector=ctx.projector)


def stretched(y_range) -> tuple[float, float]:
    """Far outside the plot: a wild curve is cut there instead of stretching the axis."""
    span = y_range[1] - y_range[0]
    return y_range[0] - 10 * span, y_range[1] + 10 * span


def units_figure(model, grid, axes, style):
    """The last hidden layer's units along x, each scaled by its output weight (they sum to ŷ − b)."""
    A = model.hidden_outputs(grid[:, None])[-1]
    parts = A * model.coefs_[-1][0]
    curves = [
        Curve(
            f"w{k + 1}·z{k + 1}",
            grid,
            np.clip(parts[:, k], *stretched(axes.y_range)),
            CLASS_COLORS[k % len(CLASS_COLORS)],
            width_scale=0.6,
        )
        for k in range(min(parts.shape[1], MAX_UNIT_CURVES))
    ]
    top = float(np.max(np.abs(parts[:, :MAX_UNIT_CURVES]))) if parts.size else 1.0
    top = top if np.isfinite(top) and top > 0 else 1.0
    unit_axes = Axes(axes.x_range, (-1.05 * top, 1.05 * top), axes.x_title, t("nn.unit_axis"))
    return curves_figure(curves, unit_axes, style, title=t("nn.units_title"), height=300, legend_rows=2)
