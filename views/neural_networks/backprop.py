"""Back-propagation made visible: pick a sample and a weight; the forward values, the local gradients
δ, the chain-rule product ∂E/∂W = δ·a with the current numbers, the numerical gradient beside it, and
the one gradient-descent step it makes.

Seed 003 §7.2.2: (12)–(19) for Figure 17's two-layer net, the vectorised (20)–(23) (the sum of (21)
runs over the units of layer m + 1; the seed prints Σ_{j=1}^{m−1}; (18) repeats (13) in the seed and is
∂E/∂w₂ⱼ = (y − Y)w₂φ′(a₂)Xⱼ).
"""

from __future__ import annotations

import streamlit as st

from algorithms import MLPClassifier
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.figures import plain
from ui.i18n import t
from views.neural_networks._common import budget_epochs
from views.neural_networks._common import net_controls
from views.neural_networks._common import show_network
from views.neural_networks._common import train
from views.neural_networks._common import training_sample

DATA = DataRequest("classification", 2, "xor")
PHI_PRIME = {
    "sigmoid": r"\varphi'(z) = \varphi(z)\,(1 - \varphi(z))",
    "tanh": r"\varphi'(z) = 1 - \varphi(z)^2",
    "relu": r"\varphi'(z) = 1[z > 0]",
}


def render(ctx, controls, main) -> None:
    train_set = ctx.data.train
    X, y = training_sample(train_set, main)
    with controls:
        net = net_controls(lr_default=0.3, layers_default=1, units_default=3, epochs_default=10, full=False)
    if 0 in net.hidden:
        main.error(t("nn.zero_units"))
        return
    model = train(X, y, net, False, budget_epochs(net, len(X)))
    sizes = [X.shape[1], *net.hidden, model.coefs_[-1].shape[0]]
    with controls:
        sample = slider(t("nn.sample"), 1, len(X), 1, "nn.sample") - 1
        layer = 1
        if len(sizes) > 2:
            layer = slider(
                t("nn.bp_layer"), 1, len(sizes) - 1, len(sizes) - 1, "nn.bp_layer", help=t("nn.bp_layer_help")
            )

        to_unit = slider(t("nn.to_unit"), 1, sizes[layer], 1, "nn.to_unit") if sizes[layer] > 1 else 1
        from_unit = (
            slider(t("nn.from_unit"), 1, sizes[layer - 1], 1, "nn.from_unit") if sizes[layer - 1] > 1 else 1
        )
    m, j, i = layer - 1, to_unit - 1, from_unit - 1
    x, target = X[sample], y[sample]
    trace = model.backprop(x, target)
    grad = float(trace.grads_W[m][j, i])
    numeric = model.numerical_gradient(x, target, m, j, i)
    new_weight = float(model.coefs_[m][j, i]) - net.lr * grad
    with main:
        st.markdown(
            t(
                "nn.bp_intro",
                i=sample + 1,
                x=", ".join(f"{v:.3g}" for v in x),
                y=plain(str(target)),
                m=layer,
                j=to_unit,
                k=from_unit,
            )
        )
        relative = abs(grad - numeric) / max(abs(grad), abs(numeric), 1e-12)
        metric_rows(
            [
                (t("nn.bp_chain"), f"{grad:.6g}"),
                (t("nn.bp_numeric"), f"{numeric:.6g}"),
                (t("nn.bp_relative"), f"{relative:.1e}"),
                (t("nn.bp_step"), f"{new_weight:.4g}"),
            ],
            ctx.projector,
            per_row=4,
        )
        names = [plain(n) for n in train_set.feature_names]
        outputs = (
            [plain(str(c)) for c in model.classes_]
            if len(model.classes_) > 2
            else [plain(str(model.classes_[1]))]
        )
        show_network(model.coefs_, ctx.style, names, outputs, "nn.bp_net")
    formula_panel(bp_formulas(model, trace, net, m, j, i, grad, numeric, new_weight), ctx.projector)
    code_view(MLPClassifier.backprop, MLPClassifier.numerical_gradient, projector=ctx.projector)


def bp_formulas(model, trace, net, m, j, i, grad, numeric, new_weight) -> list[Formula]:
    L = len(model.coefs_)
    layer = m + 1
    weight = rf"W^{{({layer})}}_{{{j + 1}{i + 1}}}"
    forward = [
        Formula(
            rf"z^{{({k + 1})}} = W^{{({k + 1})}}a^{{({k})}} + b^{{({k + 1})}} = {vector(trace.zs[k])},\ "
            rf"a^{{({k + 1})}} = {vector(trace.activations[k + 1])}",
            "seed 003 §7.2.2, Figure 21",
        )
        for k in range(L)
    ]
    d = rf"\delta^{{({layer})}}_{{{j + 1}}}"
    if m == L - 1:
        delta = Formula(
            rf"{d} = \hat y_{{{j + 1}}} - y_{{{j + 1}}} = {number(trace.upstream[m][j])}",
            "seed 003 (12), (30)",
        )
    else:
        shown = min(len(trace.deltas[m + 1]), 4)
        terms = r" + ".join(
            rf"({number(trace.deltas[m + 1][k])})({number(model.coefs_[m + 1][k, j])})" for k in range(shown)
        ) + (r" + \dots" if len(trace.deltas[m + 1]) > shown else "")
        up, w = rf"\delta^{{({layer + 1})}}_k", rf"W^{{({layer + 1})}}_{{k{j + 1}}}"
        delta = Formula(
            rf"{d} = \Big(\sum_k {up} {w}\Big)\varphi'(z^{{({layer})}}_{{{j + 1}}}) = "
            rf"[{terms}]\times {number(trace.slopes[m][j])} = {number(trace.deltas[m][j])},\ "
            + PHI_PRIME[net.activation],
            "seed 003 (21) (sum over layer m + 1), activations (1)–(3)",
        )
    a_in = rf"a^{{({m})}}_{{{i + 1}}}"
    return [
        *forward,
        delta,
        Formula(
            rf"\frac{{\partial E}}{{\partial {weight}}} = {d}\,{a_in}"
            rf" = {number(trace.deltas[m][j])}\times{number(trace.activations[m][i])} = {number(grad, 6)}"
            rf"\ \approx\ \frac{{E(w+\varepsilon)-E(w-\varepsilon)}}{{2\varepsilon}} = {number(numeric, 6)}",
            "seed 003 (22); central difference, ε = 10⁻⁶",
        ),
        Formula(
            rf"{weight} \leftarrow {number(model.coefs_[m][j, i])} - "
            rf"{number(net.lr)}\times({number(grad)}) = {number(new_weight)}",
            "seed 003 (11), (23)",
        ),
    ]
