"""The loss zoo (Sugiyama §7.2, Fig 7.8 and its table; §8.5–8.6, §9.3.2, §10.1.2; Li Hang Fig 7.6):
surrogate losses of the margin m = y f(x) side by side.

A cursor reads every chosen loss and its slope at one margin (the book's table at m = 0.5); the
rug shows the margins of the current model of another view (least squares, logistic regression or
the perceptron, with that view's settings) and the table its empirical risk under each loss.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import MARGIN_LOSSES
from algorithms import classification_margins
from algorithms import margin_loss
from algorithms import margin_loss_derivative
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.figures import SIDE_LEGEND
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.linear_classifiers._controls import BASES
from views.linear_classifiers._controls import ETA_DEFAULT
from views.linear_classifiers._controls import ITER_DEFAULT
from views.linear_classifiers._controls import KERNELS
from views.linear_classifiers._controls import SOLVERS
from views.linear_classifiers._fits import iterative_scene
from views.linear_classifiers._fits import ls_scene
from views.linear_classifiers._fits import perceptron_scene
from views.linear_classifiers._plane import DASHES
from views.linear_classifiers._plane import LINE_COLORS
from views.linear_classifiers._problem import Binary
from views.linear_classifiers._problem import Problem
from views.linear_classifiers._problem import binary_problem
from views.linear_classifiers._problem import class_index
from views.linear_classifiers._problem import problem
from views.linear_classifiers._problem import setting

RUG_MODELS = ["ls", "logistic", "perceptron"]
DEFAULT_LOSSES = ["zero_one", "squared", "hinge", "logistic", "exponential", "ramp"]
LOSS_TEX = {
    "zero_one": r"\tfrac12\big(1 - \operatorname{sign} m\big)",
    "squared": r"(1 - m)^2",
    "hinge": r"\max\{0,\ 1 - m\}",
    "logistic": r"\log\big(1 + e^{-m}\big)",
    "exponential": r"e^{-m}",
    "ramp": r"\min\{1,\ \max(0,\ 1 - m)\}",
    "perceptron": r"\max\{0,\ -m\}",
    "madaboost": r"\begin{cases}-m + \tfrac12 & m \le 0\\ \tfrac12 e^{-2m} & m > 0\end{cases}",
    "logitboost": r"\log\big(1 + e^{-2m}\big)",
}
LOSS_SOURCE = {
    "zero_one": "Sugiyama §7.2, Fig 7.5",
    "squared": "Sugiyama §7.2",
    "hinge": "Sugiyama §8.5; Li Hang Fig 7.6",
    "logistic": "Sugiyama §10.1.2, (10.2)",
    "exponential": "Sugiyama §9.3.2",
    "ramp": "Sugiyama §8.6",
    "perceptron": "Li Hang Fig 7.6 ([−m]₊; the seed's sign typo corrected)",
    "madaboost": "Sugiyama §9.3.2",
    "logitboost": "Sugiyama §9.3.2",
}


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    names = list(MARGIN_LOSSES)
    labels = catalogue_labels("lc.losses")
    with controls:
        m_cursor = slider(t("lc.m_cursor"), -3.0, 3.0, 0.5, "lc.m", step=0.1)
        chosen = st.multiselect(
            t("lc.loss_choice"), names, default=DEFAULT_LOSSES, format_func=labels, **bound("lc.losses")
        )
        rug_model = choice(t("lc.rug_model"), RUG_MODELS, "lc.rug", catalogue_labels("lc.rug_models"))
    task = binary_problem(prob, controls)
    chosen = [name for name in names if name in chosen] or ["zero_one"]
    try:
        margins = rug_margins(prob, task, rug_model)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        margins = None
    at_cursor = np.array([float(margin_loss(m_cursor, name)) for name in chosen])
    fig = zoo_figure(chosen, labels, m_cursor, at_cursor, margins, task, ctx.style)
    risks = [float(np.mean(margin_loss(margins, n))) for n in chosen] if margins is not None else None
    table = pd.DataFrame(
        {
            t("lc.col_loss"): [labels(name) for name in chosen],
            t("lc.col_value", m=f"{m_cursor:g}"): np.round(at_cursor, 5),
            t("lc.col_slope", m=f"{m_cursor:g}"): np.round(
                [float(margin_loss_derivative(m_cursor, n)) for n in chosen], 5
            ),
            t("lc.col_risk"): np.round(risks, 5) if risks is not None else [np.nan] * len(chosen),
        }
    )
    with main:
        chart(fig, key="lc.zoo_chart")
        columns = {name: st.column_config.NumberColumn(format="%.5f") for name in table.columns[1:]}
        st.dataframe(table, hide_index=True, column_config=columns)
        if margins is not None:
            tiles = [
                (t("lc.rug_acc"), percent(float(np.mean(margins > 0)))),
                (t("lc.rug_zero_one"), fmt(float(np.mean(margin_loss(margins, "zero_one"))))),
                (t("lc.rug_above_one"), str(int(np.sum(margins > 1)))),
                (t("lc.rug_n"), str(len(margins))),
            ]
            metric_rows(tiles, ctx.projector, per_row=4)
    formulas = [Formula(rf"m = y\,f(x),\quad m = {number(m_cursor)}", "Sugiyama §7.2")]
    for name, value in zip(chosen, at_cursor, strict=True):
        formulas.append(Formula(rf"{LOSS_TEX[name]} = {number(float(value), 5)}", LOSS_SOURCE[name]))
    formula_panel(formulas, ctx.projector)
    code_view(*[MARGIN_LOSSES[name] for name in chosen], classification_margins, projector=ctx.projector)


def rug_margins(prob: Problem, task: Binary, model_name: str):
    """Margins of the current model of another view, fitted with that view's settings."""
    seed = int(setting("lc.seed", 0))
    if model_name == "ls":
        kernel = setting("lc.kernel", "gaussian", KERNELS)
        h, lam = setting("lc.h", 1.0), setting("lc.lam", 0.01)
        model = ls_scene(prob.X, task.y, kernel, h, lam, "pm1", prob.X[:1], None, False)[0]
    elif model_name == "logistic":
        solver = setting("lc.solver", "newton", SOLVERS)
        basis = setting("lc.basis", "linear", BASES)
        lam, h = setting("lc.lr_lam", 0.0), setting("lc.h", 1.0)
        eta = setting(f"lc.{solver}_eta", ETA_DEFAULT.get(solver, 1.0))
        iters = setting(f"lc.{solver}_iter", ITER_DEFAULT[solver])
        fit = iterative_scene("logistic", prob.X, task.y, solver, lam, basis, h, eta, iters, seed, prob.X[:1])
        model = fit[0]
    else:
        eta, epochs = setting("lc.eta", 1.0), setting("lc.epochs", 100)
        shuffle = setting("lc.shuffle", False)
        model = perceptron_scene(prob.X, task.y, eta, epochs, shuffle, seed)[0]
    return classification_margins(model, prob.X, task.y)


def zoo_figure(chosen, labels, m_cursor, at_cursor, margins, task: Binary, style):
    """The chosen losses over m, their values at the cursor, and the rug of the model's margins."""
    grid = np.linspace(-3, 3, 601)
    axes = Axes((-3.0, 3.0), (-0.55, 4.2), t("lc.margin_axis"), t("lc.loss_axis"))
    fig = base_figure(style, axes, t("lc.zoo_title"))
    fig.update_layout(legend=SIDE_LEGEND)
    for k, name in enumerate(chosen):
        color = LINE_COLORS[k % len(LINE_COLORS)] if k < len(LINE_COLORS) else CLASS_COLORS[k % 6]
        loss = np.minimum(margin_loss(grid, name), 50.0)
        fig.add_trace(line_trace(Curve(labels(name), grid, loss, color, DASHES[k % len(DASHES)]), style))
    fig.add_vline(x=m_cursor, line=dict(color=HIGHLIGHT_COLOR, width=style.line_width / 2, dash="dash"))
    fig.add_trace(
        points_trace(
            np.full(len(chosen), m_cursor),
            np.minimum(at_cursor, 4.1),
            t("lc.at_cursor"),
            style,
            color=HIGHLIGHT_COLOR,
            size_scale=1.1,
        )
    )
    if margins is None:
        return fig
    idx = class_index(task.y, task.classes)
    for k in range(2):
        mask = idx == k
        fig.add_trace(
            points_trace(
                np.clip(margins[mask], -3, 3),
                np.full(mask.sum(), -0.25 - 0.15 * k),
                plain(t("lc.margins_of", name=task.names[k])),
                style,
                color=CLASS_COLORS[k],
                symbol="line-ns",
                size_scale=1.2,
                hollow=True,
            )
        )
    return fig
