"""Vanishing and exploding gradients: ‖∂E/∂W⁽ᵐ⁾‖ for every layer m of a deep network, at the start and
over training, as the depth, the activation and the initialisation scale change.

Seed 003 §7.5: (34)–(35), the gradient of a low layer is a product of d − t Jacobians; with sigmoid
(φ′ ≤ ¼) it vanishes, with large weights it explodes; the initialisation ±1/√d gives wᵀx + b a
variance of about 1/3 (§7.5.1).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import MLPClassifier
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from views.neural_networks._common import ACTIVATIONS
from views.neural_networks._common import INIT_SCALES
from views.neural_networks._common import Net
from views.neural_networks._common import train
from views.neural_networks._common import training_sample

DATA = DataRequest("classification", 2, "xor")
EPOCHS = [10, 20, 50, 100, 200, 500]
TINY = 1e-30  # a gradient of exactly 0 (dead ReLUs) drawn at the bottom of the log axis


def render(ctx, controls, main) -> None:
    X, y = training_sample(ctx.data.train, main)
    with controls:
        depth = slider(t("nn.depth"), 1, 10, 6, "nn.depth", help=t("nn.depth_help"))
        activation = choice(
            t("nn.activation"), ACTIVATIONS, "nn.act", catalogue_labels("nn.acts"), default="sigmoid"
        )
        init_scale = number_slider(t("nn.init"), "nn.init", INIT_SCALES, 1.0, help=t("nn.init_help"))
        lr = log_slider(t("nn.lr"), "nn.lr", -3, 1, 0.1, help=t("nn.lr_help"))
        epochs = st.select_slider(t("nn.epochs"), EPOCHS, 100, **bound("nn.epochs"))
    net = Net((8,) * depth, activation, lr, 0, 0.0, 0.0, init_scale, epochs)
    model = train(X, y, net, False, epochs)
    history = model.history_
    norms = np.array([s.grad_norms for s in history])
    shown = np.maximum(norms, TINY)
    layers = np.arange(1, norms.shape[1] + 1)
    with main:
        if model.diverged_:
            st.warning(t("nn.diverged", epoch=model.diverged_epoch_, lr=number(lr)))
        left, right = columns_or_stacked(ctx.projector, 2, gap="small")
        lo, hi = float(shown.min()) / 3, float(shown.max()) * 3
        with left:
            curves = [
                Curve(t("nn.at_start"), layers, shown[0], CLASS_COLORS[0]),
                Curve(t("nn.at_end", epoch=history[-1].epoch), layers, shown[-1], ALT_COLOR, "dash"),
            ]
            axes = Axes((0.7, len(layers) + 0.3), (lo, hi), t("nn.layer_axis"), t("nn.grad_axis"))
            fig = curves_figure(
                curves, axes, ctx.style, log_y=True, markers=True, title=t("nn.per_layer_title")
            )
            chart(fig, key="nn.grad_layers")
        with right:
            epochs_at = np.array([s.epoch for s in history])
            curves = [
                Curve(
                    f"W⁽{m}⁾",
                    epochs_at,
                    shown[:, m - 1],
                    CLASS_COLORS[(m - 1) % len(CLASS_COLORS)],
                    "solid" if m <= len(CLASS_COLORS) else "dash",
                )
                for m in layers
            ]
            axes = Axes((0, max(epochs_at[-1], 1)), (lo, hi), t("nn.epoch_axis"), t("nn.grad_axis"))
            fig = curves_figure(
                curves, axes, ctx.style, log_y=True, title=t("nn.over_training_title"), legend_rows=2
            )
            chart(fig, key="nn.grad_time")
        ratio = norms[0, 0] / norms[0, -1] if norms[0, -1] > 0 else np.nan
        metric_rows(
            [
                (t("nn.first_layer_grad"), f"{norms[0, 0]:.3g}"),
                (t("nn.last_layer_grad"), f"{norms[0, -1]:.3g}"),
                (t("nn.grad_ratio"), "—" if not np.isfinite(ratio) else f"{ratio:.3g}"),
                (t("nn.final_loss"), f"{model.loss_:.4g}"),
            ],
            ctx.projector,
            per_row=4,
        )
    formula_panel(
        [
            Formula(
                r"\frac{\partial \ell}{\partial W_t} = \frac{\partial \ell}{\partial h_d}"
                r"\prod_{i=t}^{d-1}\frac{\partial h_{i+1}}{\partial h_i}"
                r"\,\frac{\partial h_t}{\partial W_t},\ "
                r"\frac{\partial h_{i+1}}{\partial h_i} = \mathrm{diag}\big(\varphi'(z_{i+1})\big)W_{i+1},"
                r"\quad "
                rf"d = {depth + 1}",
                "seed 003 §7.5.2, (34)–(35)",
            ),
            Formula(
                rf"w \sim U\Big(-\frac{{s}}{{\sqrt{{d}}}}, \frac{{s}}{{\sqrt{{d}}}}\Big),\ "
                rf"s = {number(init_scale)}:\ "
                rf"\mathrm{{Var}}(w^\top x) = d\cdot\frac{{s^2}}{{3d}} = {number(init_scale**2 / 3)}",
                "seed 003 §7.5.1 (s = 1: 1/3)",
            ),
        ],
        ctx.projector,
    )
    code_view(MLPClassifier, projector=ctx.projector)
