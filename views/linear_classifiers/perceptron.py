"""The perceptron (CS229 Part II §6 and Ch. 6 §1; Li Hang §2; Zhou notes §7.1), mistake by mistake.

The stepper replays every update w ← w + η yᵢxᵢ, b ← b + η yᵢ with the misclassified point ringed;
the tiles compare the number of mistakes with the Block–Novikoff bound (D/γ)² taken from the
hard-margin SVM, and the bar chart shows the mistakes per epoch (0 in the last one once converged).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import Perceptron
from ui.charts import chart
from ui.controls import bound
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import bar_figure
from ui.figures import base_figure
from ui.figures import line_points
from ui.i18n import t
from ui.stepper import StepView
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from views.linear_classifiers._fits import perceptron_scene
from views.linear_classifiers._map import add_samples
from views.linear_classifiers._map import ring
from views.linear_classifiers._map import step_or_edit
from views.linear_classifiers._plane import STEP_RES
from views.linear_classifiers._plane import add_hlines
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import region_trace
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import accuracy
from views.linear_classifiers._problem import binary_problem
from views.linear_classifiers._problem import data_seed
from views.linear_classifiers._problem import problem
from views.linear_classifiers._problem import test_toggle

EPOCHS = [1, 2, 3, 5, 10, 20, 50, 100, 200]
VALUES, ROWS = (-2.0, 2.0), {0: -1.0, 1: 1.0}  # 1-D: the classes at y = ∓1


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    with controls:
        epochs = st.select_slider(t("lc.epochs"), EPOCHS, 100, **bound("lc.epochs"))
        eta = log_slider(t("lc.eta"), "lc.eta", -2, 1, 1.0, help=t("lc.eta_help"))
        shuffle = st.toggle(t("lc.shuffle"), **bound("lc.shuffle"))
        show_test = test_toggle(prob)
    task = binary_problem(prob, controls)
    plane = make_plane(prob, STEP_RES)
    try:
        model, bound_value = perceptron_scene(prob.X, task.y, eta, epochs, shuffle, data_seed())
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    history = model.history_
    axes = view_axes(plane, VALUES, t("lc.class_axis"), rug=False)
    static = base_figure(ctx.style, axes)
    if plane.dims == 1:
        add_hlines(static, [0.0], ctx.style, ["solid"])
    add_samples(static, plane, prob, task, ctx.style, show_test, ROWS)

    def frame(s):
        snap = history[s]
        f = plane.grid @ snap.w + snap.b
        lx, ly = boundary_points(plane, snap.w, snap.b)
        line = dict(color=BLACK, width=ctx.style.line_width)
        return [
            region_trace(plane, (f >= 0).astype(np.uint8), 2, VALUES),
            dict(type="scatter", mode="lines", x=lx, y=ly, name=t("lc.boundary"), line=line),
            ring(plane, prob.X, task, ROWS, snap.index, t("lc.mistake"), ctx.style),
        ]

    def label(s):
        snap = history[s]
        return t("lc.perc_label", k=snap.n_mistakes, epoch=snap.epoch + 1)

    def details(s):
        snap = history[s]
        if snap.index < 0:
            return t("lc.perc_start")
        prev = history[s - 1]
        i = snap.index
        yi = 1 if task.y[i] == task.classes[1] else -1
        text = t(
            "lc.perc_details",
            k=snap.n_mistakes,
            i=i + 1,
            y=yi,
            x=vector_text(prob.X[i]),
            w=vector_text(snap.w),
            b=f"{snap.b:.4g}",
        )
        if prev.n_mistakes == snap.n_mistakes - 1:
            m = yi * (prob.X[i] @ prev.w + prev.b)
            text = t("lc.perc_margin", m=f"{m:.4g}", w=vector_text(prev.w), b=f"{prev.b:.4g}") + " " + text
        else:
            text = t("lc.perc_skipped", n=snap.n_mistakes - prev.n_mistakes - 1) + " " + text
        return text

    with main:
        step_or_edit(ctx, plane, axes, "lc.perceptron", len(history), StepView(static, frame, label, details))
        pred = model.predict(prob.X)
        pred_test = None if prob.X_test is None else model.predict(prob.X_test)
        tiles = [
            (t("lc.mistakes"), str(model.n_mistakes_)),
            (t("lc.epochs_used"), str(model.n_epochs_)),
            (t("lc.converged"), t("lc.yes") if model.converged_ else t("lc.no")),
            (t("lc.train_acc"), percent(accuracy(pred, task.y))),
            (t("lc.test_acc"), percent(accuracy(pred_test, task.y_test))),
            (t("lc.bound"), "—" if bound_value is None else fmt(bound_value, 4)),
        ]
        metric_rows(tiles, ctx.projector, per_row=4)
        if not model.converged_:
            st.info(t("lc.perc_not_separable", epochs=model.n_epochs_))
        epoch_chart(model, ctx)
    formula_panel(perceptron_formulas(model, eta, bound_value), ctx.projector)
    code_view(Perceptron, projector=ctx.projector)


def boundary_points(plane, w, b) -> tuple[np.ndarray, np.ndarray]:
    """2-D: the line wᵀx + b = 0. 1-D: a vertical line at x = −b/w where that lies in the plot."""
    if plane.dims == 2:
        return line_points(np.r_[b, w], plane.x_range, plane.y_range)
    x0 = -b / w[0] if abs(w[0]) > 1e-12 else np.nan
    if np.isfinite(x0) and plane.x_range[0] <= x0 <= plane.x_range[1]:
        return np.array([x0, x0]), np.array(VALUES)
    return np.array([]), np.array([])


def epoch_chart(model, ctx) -> None:
    """Mistakes in each pass over the data: the last bar is 0 when the perceptron has converged."""
    per_epoch = np.asarray(model.epoch_mistakes_, dtype=float)
    top = max(float(per_epoch.max()) if len(per_epoch) else 1.0, 1.0)
    axes = Axes((0.4, len(per_epoch) + 0.6), (0, top * 1.15), t("lc.epoch_axis"), t("lc.mistakes"))
    epochs = np.arange(1, len(per_epoch) + 1)
    fig = bar_figure(per_epoch, epochs, axes, ctx.style, t("lc.epoch_title"), CLASS_COLORS[0], height=240)
    chart(fig, key="lc.perceptron_epochs")


def perceptron_formulas(model, eta, bound_value) -> list[Formula]:
    formulas = [
        Formula(
            rf"y_i\,(w^\top x_i + b) \le 0\ \Rightarrow\ w \leftarrow w + \eta\, y_i x_i,\ "
            rf"b \leftarrow b + \eta\, y_i,\quad \eta = {number(eta)}",
            "CS229 Part II §6 and Ch. 6 §1 (M11–M12); Zhou notes §7.1 (≤ 0, not < 0)",
        ),
        Formula(
            rf"f(x) = w^\top x + b,\ w = {vector(model.w_)},\ b = {number(model.b_)},\quad "
            rf"k = {model.n_mistakes_}\ \text{{{t('lc.updates_tex')}}}",
            "CS229 M12",
        ),
    ]
    if bound_value is not None:
        formulas.append(
            Formula(
                rf"k \le (D/\gamma)^2 = {number(bound_value)},\quad D = \max_i\|\hat x_i\|,\ "
                rf"\gamma = \min_i y_i\, u^\top \hat x_i\ (u:\ \text{{{t('lc.svm_direction_tex')}}})",
                "CS229 Ch. 6 §1 (Block–Novikoff)",
            )
        )
    return formulas
