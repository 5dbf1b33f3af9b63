"""AdaBoost: a stepper through the rounds (the new stump's cut, sample weights as point sizes, sign f
as regions, or f on a line for 1-D data as in Li Hang Example 8.1), training, test and exponential-loss
curves, and the table of the rounds' stumps, ε_t and α_t.

Sugiyama §9.3 (Figs 9.10–9.13); seed 003 §5.2 (3)–(6), SAMME for K > 2; Li Hang Example 8.1.
"""

from functools import partial

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import AdaBoostClassifier
from algorithms import DecisionStump
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
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
from ui.figures import grid_points
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import TRUTH_COLOR
from views.ensembles._common import FRAME_GRID
from views.ensembles._common import RATES
from views.ensembles._common import ROUNDS
from views.ensembles._common import errors_figure
from views.ensembles._common import fit_or_warn
from views.ensembles._common import learner_lines
from views.ensembles._common import line
from views.ensembles._common import sized_markers

DATA = DataRequest("classification", None, "diagonal")
STUMPS = ["best", "random"]


@st.cache_data(max_entries=32, show_spinner=False)
def fit_adaboost(X, y, rounds: int, stump: str, rate: float, rng: int):
    return AdaBoostClassifier(rounds, DecisionStump(feature=stump), learning_rate=rate, random_state=rng).fit(
        X, y
    )


@st.cache_data(max_entries=32, show_spinner=False)
def adaboost_frames(X, y, rounds, stump, rate, rng, axes_key: tuple):
    """sign f after each recorded round on a coarse grid (2-D), or f on a line (1-D), from one pass
    over the rounds (staged_decision_function)."""
    model = fit_adaboost(X, y, rounds, stump, rate, rng)
    K = len(model.classes_)
    kept = {s.round for s in model.history_}
    one_d = X.shape[1] == 1
    if one_d:
        grid = np.linspace(axes_key[0], axes_key[1], 300)[:, None]
        gx, gy = grid[:, 0], None
    else:
        gx, gy, grid = grid_points(axes_key[:2], axes_key[2:], FRAME_GRID)
    staged = [f for t_, f in enumerate(model.staged_decision_function(grid), start=1) if t_ in kept]
    codes = [(f > 0).astype(int) if K == 2 else np.argmax(f, axis=1) for f in staged]
    if one_d:
        return (
            gx,
            gy,
            np.array([f if K == 2 else c / (K - 1) * 2 - 1.0 for f, c in zip(staged, codes, strict=True)]),
        )
    return gx, gy, np.array(codes, np.uint8).reshape(len(codes), len(gy), len(gx))


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X[:, :2], train.y
    with controls:
        rounds = number_slider(t("ens.rounds"), "ens.rounds", ROUNDS, 20, t("ens.rounds_help"))
        stump = choice(t("ens.stump"), STUMPS, "ens.stump", catalogue_labels("ens.stumps"))
        rate = number_slider(t("ens.rate"), "ens.rate", RATES, 1.0)
        rng = st.number_input(t("ens.rng"), 0, 999, 0, **bound("ens.rng"))
        model = fit_or_warn(fit_adaboost, X, y, rounds, stump, rate, int(rng))
    if model is None:
        return
    with main:
        adaboost_main(ctx, model, X, y, (rounds, stump, rate, int(rng)))
    last = model.history_[-1]
    K = len(model.classes_)
    e = min(max(last.weighted_error, 1e-10), 1 - 1e-10)
    multi = rf" + \ln({K}-1)" if K > 2 else ""
    formula_panel(
        [
            Formula(
                rf"\varepsilon_t = \sum_i w_{{t,i}}\, I(h_t(x_i) \ne y_i) = {number(last.weighted_error)}"
                rf",\ t = {last.round}",
                "seed 003 §5.2 (3); Sugiyama §9.3.1 (a)",
            ),
            Formula(
                rf"\alpha_t"
                rf" = \nu\cdot\tfrac12\Big[\ln\frac{{1-\varepsilon_t}}{{\varepsilon_t}}{multi}\Big] = "
                rf"{number(rate)}\cdot\tfrac12\ln\frac{{{number(1 - e)}}}{{{number(e)}}}"
                rf" = {number(last.alpha)}",
                "seed 003 §5.2 (4); Sugiyama §9.3.1 (b); SAMME for K > 2",
            ),
            Formula(
                r"w_{t+1,i} = \frac{w_{t,i}\,e^{2\alpha_t I(h_t(x_i)\ne y_i)}}{Z_t},\quad "
                rf"\sum_{{h_t(x_i)\ne y_i}} w_{{t+1,i}}"
                rf" = {number(last.new_weights[model.estimators_[-1].predict(X) != y].sum())}",
                t("ens.weights_source"),
            ),
            Formula(
                rf"f(x) = \sum_{{t=1}}^{{{len(model.alphas_)}}}\alpha_t h_t(x),\quad "
                rf"\tfrac1n\sum_i e^{{-y_i f(x_i)}} = {number(last.exp_loss)}",
                "seed 003 §5.2 (6); Sugiyama §9.3.2",
            ),
        ],
        ctx.projector,
    )
    code_view(AdaBoostClassifier, DecisionStump, projector=ctx.projector)


def adaboost_main(ctx, model, X, y, settings: tuple) -> None:
    data, style = ctx.data, ctx.style
    names = data.train.feature_names
    if data.train.X.shape[1] > 2:
        st.caption(t("ens.first_two", names=markdown_literal(", ".join(names[:2]))))
    one_d = X.shape[1] == 1
    axes = Axes(padded_range(X[:, 0]), (-1.6, 1.6)) if one_d else scatter_axes(X, names, equal=False)
    frames = adaboost_frames(X, y, *settings, (*axes.x_range, *axes.y_range))
    steps = adaboost_steps_1d if one_d else adaboost_steps_2d
    stepper("ens.ada", len(model.history_), steps(model, frames, X, y, axes, style, names))
    test = data.test
    rounds = np.arange(1, len(model.alphas_) + 1)
    curves = [
        (t("ens.train_error"), rounds, model.train_errors_, CLASS_COLORS[0], "solid"),
        (t("ens.exp_loss"), rounds, model.exp_losses_, CLASS_COLORS[2], "dot"),
    ]
    test_curve = model.staged_errors(test.X[:, :2], test.y) if test is not None else None
    if test_curve is not None:
        curves.append((t("ens.test_error"), rounds, test_curve, CLASS_COLORS[1], "dash"))
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        chart(errors_figure(curves, t("ens.rounds_axis"), t("ens.error_axis"), style), key="ens.ada_curves")
        reason = t(f"ens.stops.{model.stop_reason_.replace(' ', '_')}")
        st.caption(t("ens.stop_reason", reason=reason, n=len(model.alphas_)))
    with right:
        table = {
            "t": rounds[:50],
            t("ens.col_cut"): [stump_text(e, names) for e in model.estimators_[:50]],
            "ε_t": np.round(model.errors_[:50], 4),
            "α_t": np.round(model.alphas_[:50], 4),
        }
        st.dataframe(pd.DataFrame(table), hide_index=True, height=int(style.figure_height * 0.62))
    metrics_row(
        [
            (t("ens.train_error"), fmt(model.train_errors_[-1])),
            (t("ens.test_error"), fmt(test_curve[-1] if test_curve is not None else None)),
            (t("ens.exp_loss"), fmt(model.exp_losses_[-1])),
            (t("ens.rounds_metric"), str(len(model.alphas_))),
        ]
    )


def stump_text(est, names) -> str:
    left, right = est.left_class_, est.right_class_
    return f"{names[est.feature_]} ≤ {est.threshold_:.4g} → {left} | {right}"


def ada_label(model, s: int) -> str:
    step = model.history_[s]
    return t(
        "ens.ada_label",
        t=step.round,
        eps=fmt(step.weighted_error),
        alpha=fmt(step.alpha),
        err=fmt(step.train_error),
    )


def ada_details(model, X, y, names, s: int) -> str:
    step = model.history_[s]
    wrong = step.estimator.predict(X) != y
    return t(
        "ens.ada_details",
        t=step.round,
        cut=markdown_literal(stump_text(step.estimator, names)),
        eps=fmt(step.weighted_error),
        alpha=fmt(step.alpha),
        half=fmt(step.new_weights[wrong].sum()),
        loss=fmt(step.exp_loss),
    )


def weight_sizes(w, style):
    return style.marker_size * (0.6 + 2.2 * np.sqrt(w / w.max()))


def steps_view(model, X, y, names, static, frame) -> StepView:
    return StepView(static, frame, partial(ada_label, model), partial(ada_details, model, X, y, names))


def adaboost_steps_2d(model, frames, X, y, axes: Axes, style, names) -> StepView:
    gx, gy, regions = frames
    classes = model.classes_

    def frame(s):
        step = model.history_[s]
        return [
            region_trace(gx, gy, regions[s], len(classes)),
            line(*learner_lines(step.estimator, axes), t("ens.new_stump"), BLACK, style),
            *sized_markers(X, y, classes, weight_sizes(step.weights, style)),
        ]

    return steps_view(model, X, y, names, figure(style, axes), frame)


def adaboost_steps_1d(model, frames, X, y, axes: Axes, style, names) -> StepView:
    """Li Hang Example 8.1 style: points at ±1 (sizes = weights), the new stump's cut, f(x) after round t."""
    grid, _, f = frames
    K = len(model.classes_)
    top = max(float(np.abs(f).max()), 1.0) / 1.4 if K == 2 else 1.0
    sign = np.searchsorted(model.classes_, y) / (K - 1) * 2 - 1.0  # classes at −1 … +1

    def frame(s):
        step = model.history_[s]
        c = step.estimator.threshold_
        return [
            line(grid, f[s] / top, t("ens.f_scaled" if K == 2 else "ens.predicted_class"), FIT_COLOR, style),
            line([c, c], [-1.6, 1.6], t("ens.new_stump"), BLACK, style, "dash"),
            dict(
                type="scatter",
                mode="markers",
                x=X[:, 0],
                y=sign,
                name=t("ens.samples"),
                marker=dict(
                    color=np.where(sign > 0, CLASS_COLORS[1], CLASS_COLORS[0]),
                    size=weight_sizes(step.weights, style),
                    line=dict(color="white", width=1),
                ),
            ),
        ]

    static = figure(
        style,
        Axes(axes.x_range, axes.y_range, plain(names[0]), t("ens.label_axis")),
        traces=[line(axes.x_range, [0, 0], "", TRUTH_COLOR, style, "dot", showlegend=False)],
    )
    return steps_view(model, X, y, names, static, frame)
