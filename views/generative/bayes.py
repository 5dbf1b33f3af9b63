"""The Bayes decision rule with a loss matrix: missing one chosen class costs more, the regions move
towards it (the cells whose decision changed are outlined), and errors trade for a lower mean loss.

seed 003 §8.2 (conditional risk (2), the Bayes decision (3)); Li Hang §4.1.2 (0/1 loss: argmax
posterior).
"""

import numpy as np

from algorithms import bayes_decision
from algorithms import conditional_risk
from ui.contours import level_line
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_label
from ui.explain import latex_words
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.figures import class_traces
from ui.figures import figure
from ui.i18n import t
from ui.regions import region_trace
from ui.theme import HIGHLIGHT_COLOR
from views.generative._common import class_names
from views.generative._common import enough_classes
from views.generative._common import fit_gauss
from views.generative._common import fitted
from views.generative._common import gauss_grid
from views.generative._common import labelled_test
from views.generative._common import plane_axes

MODELS = ["shared", "classwise"]


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    classes = np.unique(y)
    names = class_names(classes)
    with controls:
        cost = log_slider(t("gen.cost"), "gen.cost", -1, 2, 1.0, help=t("gen.cost_help"))
        costly = choice(t("gen.cost_class"), names, "gen.cost_class", str, default=names[-1])
        labels = catalogue_labels("gen.models")
        model = choice(t("gen.model"), MODELS, "gen.bayes_model", labels, default="classwise")
    if not enough_classes(y):
        return
    est = fitted(main, fit_gauss, X, y, model, 0.0)
    if est is None:
        return
    c, k = len(classes), names.index(costly)
    loss = 1.0 - np.eye(c)
    loss[:, k] = cost
    loss[k, k] = 0.0
    axes = plane_axes(data.train)
    gx, gy, proba, _ = gauss_grid(X, y, model, 0.0, axes.x_range, axes.y_range)
    plain_rule = np.argmax(proba, axis=1)
    cost_rule = bayes_decision(proba, loss)
    traces = [region_trace(gx, gy, cost_rule.reshape(len(gy), len(gx)), c)]
    changed = (plain_rule != cost_rule).astype(np.float32)
    if changed.any():
        outline = dict(level=0.5, color=HIGHLIGHT_COLOR, width=0.9)
        traces.append(level_line(gx, gy, changed, t("gen.changed"), ctx.style, **outline))
    traces += class_traces(X, y, classes, ctx.style, names=names)
    fig = figure(ctx.style, axes, t("gen.bayes_title", c=costly, cost=f"{cost:g}"), traces)
    test = labelled_test(data)
    where, Xs, ys = (t("gen.on_train"), X, y) if test is None else (t("gen.on_test"), test.X, test.y)
    P_s = est.predict_proba(Xs)
    idx = np.searchsorted(classes, ys)
    d0, d1 = np.argmax(P_s, axis=1), bayes_decision(P_s, loss)
    mean_point = X.mean(0)
    p_mean = est.predict_proba(mean_point[None])[0]
    risk_mean = conditional_risk(p_mean[None], loss)[0]
    with main:
        editable_chart(fig, "gen", data, axes.x_range, axes.y_range, key="gen.bayes_chart")
        metric_rows(
            [
                (t("gen.error_01", where=where), fmt(np.mean(d0 != idx), 3)),
                (t("gen.error_cost", where=where), fmt(np.mean(d1 != idx), 3)),
                (t("gen.risk_01", where=where), fmt(np.mean(loss[d0, idx]), 3)),
                (t("gen.risk_cost", where=where), fmt(np.mean(loss[d1, idx]), 3)),
            ],
            ctx.projector,
        )
    head = r" & ".join(latex_label(n) for n in names)
    body = r" \\ ".join(
        latex_label(names[i]) + " & " + " & ".join(number(v, 3) for v in loss[i]) for i in range(c)
    )
    formula_panel(
        [
            Formula(
                rf"\lambda = \begin{{array}}{{c|{'c' * c}}} & {head} \\ \hline {body} \end{{array}}"
                rf"\quad({latex_words('gen.loss_rows')})",
                "seed 003 §8.2",
            ),
            Formula(
                rf"R(c_i\mid x) = \sum_j \lambda_{{ij}} P(c_j\mid x);\ "
                rf"{latex_words('gen.at')}\ \bar x = {vector(mean_point)}:\ "
                rf"P = {vector(p_mean)},\ R = {vector(risk_mean)}",
                "seed 003 §8.2, (2)",
            ),
            Formula(
                r"h^*(x) = \arg\min_{c} R(c\mid x);\ \lambda_{ij} = 1 - \delta_{ij} \Rightarrow "
                r"R(c\mid x) = 1 - P(c\mid x),\ h^*(x) = \arg\max_c P(c\mid x)",
                "seed 003 §8.2, (3); Li Hang §4.1.2",
            ),
        ],
        ctx.projector,
    )
    code_view(bayes_decision, conditional_risk, type(est), projector=ctx.projector)
