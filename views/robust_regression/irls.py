"""Iteratively reweighted least squares step by step: each point drawn with a size ∝ its weight w_i.

Sugiyama §6.2–6.3, Figs 6.5–6.9, 6.11: from least squares, the weights of the current residuals
define a weighted least-squares problem whose solution never raises the objective; Huber's weights
fall like η/|r|, Tukey's reach 0 beyond η. η = 0.01 reproduces the book's ℓ1 fit (Fig 6.3).
"""

import numpy as np
import streamlit as st

from algorithms import HuberRegression
from algorithms import TukeyRegression
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.figures import safe_range
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper_unless_editing
from ui.theme import BLUE
from views.robust_regression._common import LOSS_STYLE
from views.robust_regression._common import curve_axes
from views.robust_regression._common import eta_slider
from views.robust_regression._common import grid_of
from views.robust_regression._common import keep_last_good
from views.robust_regression._common import make_basis
from views.robust_regression._common import model_controls
from views.robust_regression._common import shown_points
from views.robust_regression._common import training
from views.robust_regression._common import truth_curves

IRLS_LOSSES = ["huber", "tukey"]
ESTIMATORS = {"huber": HuberRegression, "tukey": TukeyRegression}


@st.cache_data(max_entries=32, show_spinner=False)
def fit_irls(X, y, loss, eta, model, degree, h):
    """The IRLS fit with its history (θ, weights and objective of every step)."""
    return ESTIMATORS[loss](eta, make_basis(model, degree, h)).fit(X, y)


def render(ctx, controls, main):
    X, y = training(ctx)
    with controls:
        loss = choice(t("rob.loss"), IRLS_LOSSES, "rob.loss", catalogue_labels("rob.losses"), horizontal=True)
        model, degree, h = model_controls()
        eta = eta_slider()
    with main:
        kept = keep_last_good("rob.irls", fit_irls, X, y, loss, eta, model, degree, h)
        if kept is None:
            return
        est, X, y = kept
        axes = curve_axes(ctx)
        view = step_view(est, X, y, loss, axes, ctx)
        stepper_unless_editing("rob.irls", len(est.history_), view, "rob", ctx.data, axes)
        last = est.history_[-1]
        status = "rob.converged" if est.converged_ else "rob.stalled" if est.stalled_ else "rob.max_iter"
        metrics_row(
            [
                (t("metric.iterations"), str(est.n_iter_)),
                (t("rob.objective"), fmt(last.objective)),
                (t("rob.zero_weights"), str(int(np.sum(est.weights_ == 0.0)))),
            ]
        )
        metrics_row([(t("rob.theta"), vector_text(est.theta_, 3))])
        st.caption(t(status, n=est.n_iter_))
        chart(objective_figure(est, ctx.style), key="rob.irls_objective")
    formula_panel(formulas(est, loss, eta), ctx.projector)
    code_view(ESTIMATORS[loss], projector=ctx.projector)


def step_view(est, X, y, loss, axes, ctx) -> StepView:
    """Static: the truth and faint rings at every point; per step: the points sized by w_i and the fit."""
    style = ctx.style
    grid = grid_of(axes)
    Phi_grid = est.design(grid[:, None])
    static = base_figure(style, axes)
    shown = shown_points(ctx)
    for curve in truth_curves(ctx, grid):
        static.add_trace(line_trace(curve, style))
    static.add_trace(
        points_trace(
            *shown,
            t("rob.points"),
            style,
            color=BLUE,
            size_scale=0.9,
            hollow=True,
            customdata=np.arange(len(shown[1])),
        )
    )
    color, dash = LOSS_STYLE[loss]
    history = est.history_

    def frame(s):
        snap = history[s]
        sizes = np.maximum(2.0 * style.marker_size * snap.weights / snap.weights.max(), 2.0)
        return [
            points_trace(X[:, 0], y, t("rob.weighted_points"), style, color=BLUE, sizes=sizes),
            line_trace(Curve(t(f"rob.losses.{loss}"), grid, Phi_grid @ snap.theta, color, dash), style),
        ]

    def label(s):
        return t("rob.step_label", step=history[s].step, J=fmt(history[s].objective))

    def details(s):
        snap = history[s]
        return t(
            "rob.step_details",
            step=snap.step,
            J=fmt(snap.objective),
            theta=vector_text(snap.theta, 3),
            lo=fmt(float(snap.weights.min()), 3),
            zeros=int(np.sum(snap.weights == 0.0)),
        )

    return StepView(static, frame, label, details)


def objective_figure(est, style):
    steps = np.array([s.step for s in est.history_], float)
    objective = np.array([s.objective for s in est.history_])
    axes = Axes(
        safe_range(0, steps.max()),
        safe_range(objective.min() * 0.95, objective.max() * 1.05),
        t("rob.iteration"),
        t("rob.objective"),
    )
    return curves_figure(
        [Curve(t("rob.objective"), steps, objective, LOSS_STYLE["huber"][0])],
        axes,
        style,
        markers=True,
        height=240,
        legend_rows=0,
    )


def formulas(est, loss, eta):
    e = number(eta)
    weight = (
        rf"w_i = \begin{{cases}} 1 & |r_i| \le {e} \\ {e}/|r_i| & |r_i| > {e} \end{{cases}}"
        if loss == "huber"
        else rf"w_i = \begin{{cases}} (1 - r_i^2/{e}^2)^2 & |r_i| \le {e} \\ 0 & |r_i| > {e} \end{{cases}}"
    )
    return [
        Formula(
            r"\tilde J(\theta) = \tfrac12 \sum_i \tilde w_i r_i^2 + C \ \ge\ J(\theta),\quad "
            r"\eta|r| - \tfrac{\eta^2}{2} \le \tfrac{\eta}{2c} r^2 + \tfrac{\eta c}{2} - \tfrac{\eta^2}{2}",
            "Sugiyama §6.2, Fig 6.5",
            t("rob.erratum_6_5"),
        ),
        Formula(
            weight + r",\quad \theta \leftarrow (\Phi^\top W \Phi)^\dagger \Phi^\top W y",
            "Sugiyama (6.2), Fig 6.7; §6.3",
        ),
        Formula(
            rf"\hat\theta = {vector(est.theta_)},\ J(\hat\theta) = {number(est.objective_)},\ "
            rf"t = {est.n_iter_}",
            "Sugiyama Figs 6.8, 6.11",
            t("rob.erratum_6_9"),
        ),
    ]
