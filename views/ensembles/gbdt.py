"""Gradient boosting: a stepper through the rounds (top: the data, f_(m−1) and f_m; bottom: the
residuals r_m and the tree T_m fitted to them) and the training and test MSE against the rounds.

seed 003 §5.3 (7), (10)–(11), (14), (17); the boosting tree of §5.3.1 (Table 5.2).
"""

import numpy as np
import streamlit as st

from algorithms import GradientBoostingRegressor
from ui.charts import chart
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import markdown_literal
from ui.explain import metrics_row
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import plain
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from views.ensembles._boosting import boosting_controls
from views.ensembles._boosting import round_label
from views.ensembles._boosting import round_lines
from views.ensembles._boosting import staged_curves
from views.ensembles._boosting import training_points
from views.ensembles._common import errors_figure
from views.ensembles._common import fit_or_warn
from views.ensembles._common import line

DATA = DataRequest("regression", 1, "sinc")
PANEL_AXIS = dict(showline=True, linecolor="#888", gridcolor="#e6e6e6", automargin=True)


@st.cache_data(max_entries=32, show_spinner=False)
def fit_gbdt(X, y, rounds: int, rate: float, depth: int):
    return GradientBoostingRegressor(rounds, learning_rate=rate, max_depth=depth).fit(X, y)


@st.cache_data(max_entries=32, show_spinner=False)
def gbdt_curves(X, y, rounds, rate, depth, x_range: tuple):
    """f_m on a grid for every recorded round (f_0 first) and each round's tree on the same grid."""
    model = fit_gbdt(X, y, rounds, rate, depth)
    grid = np.linspace(*x_range, 300)[:, None]
    trees = [s.trees[0].predict_value(grid)[:, 0] for s in model.history_]
    return grid[:, 0], staged_curves(model, grid), np.array(trees)


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X[:, :1], train.y
    with controls:
        rounds, rate, depth = boosting_controls()
        model = fit_or_warn(fit_gbdt, X, y, rounds, rate, depth)
    if model is None:
        return
    with main:
        gbdt_main(ctx, model, X, y, (rounds, rate, depth))
    step = model.history_[-1]
    formula_panel(
        [
            Formula(
                rf"f_0 = \arg\min_c \sum_i \tfrac12(y_i - c)^2 = \bar y = {number(model.init_[0])}",
                "seed 003 §5.3.2 step 1",
            ),
            Formula(
                rf"r_{{m,i}} = -\frac{{\partial L(y_i, f)}}{{\partial f}}\Big|_{{f = f_{{m-1}}}}"
                rf" = y_i - f_{{m-1}}(x_i),"
                rf"\quad \tfrac1n\sum_i r_{{{step.round},i}}^2 = {number(np.mean(step.residuals**2))}",
                "seed 003 §5.3.1 (10)–(11), §5.3.2 (17)",
            ),
            Formula(
                rf"f_m(x) = f_{{m-1}}(x) + \nu\, T(x;\Theta_m),\ \nu = {number(rate)},\ "
                rf"\tfrac1n\sum_i (y_i - f_{{{step.round}}}(x_i))^2 = {number(step.train_loss)}",
                "seed 003 §5.3 (7), (14)",
            ),
        ],
        ctx.projector,
    )
    code_view(GradientBoostingRegressor, projector=ctx.projector)


def gbdt_main(ctx, model, X, y, settings: tuple) -> None:
    data, style = ctx.data, ctx.style
    if data.train.X.shape[1] > 1:
        st.caption(t("ens.first_feature", name=markdown_literal(data.train.feature_names[0])))
    x_range = padded_range(X[:, 0], 0.03)
    grid, f, trees = gbdt_curves(X, y, *settings, x_range)
    stepper("ens.gb", len(model.history_), boosting_steps(model, X, y, grid, f, trees, x_range, data, style))
    test = data.test
    rounds = np.arange(0, len(model.trees_) + 1)
    curves = [(t("ens.train_mse"), rounds, model.loss_curve(X, y), CLASS_COLORS[0], "solid")]
    test_loss = model.loss_curve(test.X[:, :1], test.y) if test is not None else None
    if test_loss is not None:
        curves.append((t("ens.test_mse"), rounds, test_loss, CLASS_COLORS[1], "dash"))
    fig = errors_figure(curves, t("ens.rounds_axis"), t("ens.mse_axis"), style, log_y=True)
    chart(fig, key="ens.gb_curves")
    metrics_row(
        [
            (t("ens.train_mse"), fmt(model.train_loss_[-1])),
            (t("ens.test_mse"), fmt(test_loss[-1] if test_loss is not None else None)),
            (t("ens.f0"), fmt(model.init_[0])),
            (t("ens.rounds_metric"), str(len(model.trees_))),
        ]
    )


def boosting_steps(model, X, y, grid, f, trees, x_range, data, style) -> StepView:
    """Top: data, f_(m−1) and f_m. Bottom: the residuals r_m and the tree T_m fitted to them."""
    res = np.concatenate([s.residuals for s in model.history_])
    static = figure(
        style,
        Axes(x_range, padded_range(y, 0.12), "", plain(data.train.target_name)),
        traces=[training_points(X, y, style)],
        height=int(style.figure_height * 1.25),
        yaxis=dict(domain=[0.45, 1.0]),
        xaxis=dict(anchor="y2", matches="x2", showticklabels=False),
        xaxis2=dict(
            range=list(x_range),
            anchor="y2",
            title=dict(text=plain(data.train.feature_names[0])),
            **PANEL_AXIS,
            zeroline=False,
        ),
        yaxis2=dict(
            domain=[0.0, 0.38],
            range=list(padded_range(res, 0.1)),
            title=dict(text=t("ens.residual_axis")),
            **PANEL_AXIS,
            zeroline=True,
            zerolinecolor="#bbb",
        ),
    )

    def frame(s):
        step = model.history_[s]
        return [
            *round_lines(grid, f, step.round, style),
            dict(
                type="scatter",
                mode="markers",
                x=X[:, 0],
                y=step.residuals,
                xaxis="x2",
                yaxis="y2",
                name=t("ens.residuals"),
                marker=dict(color=CLASS_COLORS[1], size=style.marker_size * 0.8),
            ),
            line(grid, trees[s], t("ens.tree_m"), BLACK, style, xaxis="x2", yaxis="y2"),
        ]

    def details(s):
        step = model.history_[s]
        tree = step.trees[0]
        leaves = ", ".join(f"{v:.4g}" for v in np.unique(np.round(tree.value[tree.is_leaf, 0], 6)))
        return t(
            "ens.gb_details",
            m=step.round,
            leaves=leaves,
            rate=fmt(model.learning_rate),
            loss=fmt(step.train_loss),
        )

    return StepView(static, frame, round_label(model), details)
