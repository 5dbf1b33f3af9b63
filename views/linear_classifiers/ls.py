"""Least-squares classification (Sugiyama §7.1–7.2; slides §2.4): regress onto ±1 (or one-hot, or
Fisher's ±1/n±) targets with a linear or Gaussian-kernel model and classify by the sign.

The map shows the regions, the boundary f = 0 and (±1 targets) the levels f = ±1; the margin chart
shows why correct points with m > 1 are still penalised (Figs 7.5–7.6), the optional linear SVM
why that costs accuracy on separable data (Figs 7.6/8.6), and the LDA targets give Fisher's
direction (§7.1).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import LeastSquaresClassifier
from algorithms import classification_margins
from algorithms import fisher_alignment
from algorithms import margin_loss
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from views.linear_classifiers._controls import KERNELS
from views.linear_classifiers._controls import lam_slider
from views.linear_classifiers._controls import width_slider
from views.linear_classifiers._fits import ls_scene
from views.linear_classifiers._map import add_samples
from views.linear_classifiers._map import show_map
from views.linear_classifiers._plane import DASHES
from views.linear_classifiers._plane import RES
from views.linear_classifiers._plane import add_hlines
from views.linear_classifiers._plane import contour_trace
from views.linear_classifiers._plane import curve_trace
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import region_trace
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import Problem
from views.linear_classifiers._problem import accuracy
from views.linear_classifiers._problem import centres_note
from views.linear_classifiers._problem import class_index
from views.linear_classifiers._problem import problem
from views.linear_classifiers._problem import test_toggle

TARGETS = ["pm1", "lda"]


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    c = len(prob.classes)
    segmented = not ctx.projector
    with controls:
        labels = catalogue_labels("lc.kernels")
        kernel = choice(t("lc.model"), KERNELS, "lc.kernel", labels, horizontal=segmented)
        h = width_slider(kernel == "gaussian")
        lam = lam_slider(t("lc.lam"), "lc.lam", -6, 3, 0.01)
        targets = "pm1"
        if kernel == "linear" and c == 2:
            labels = catalogue_labels("lc.target_options")
            targets = choice(t("lc.targets"), TARGETS, "lc.targets", labels, horizontal=segmented)
        svm = False
        if c == 2:
            svm = st.toggle(t("lc.compare_svm"), help=t("lc.compare_svm_help"), **bound("lc.svm"))
        show_test = test_toggle(prob)
    if kernel == "gaussian":
        centres_note(main, len(prob.y))
    plane = make_plane(prob, RES)
    try:
        model, F, F_train, pred_test, comparison, F_svm = ls_scene(
            prob.X, prob.y, kernel, h, lam, targets, plane.grid, prob.X_test, svm
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    binary = F.ndim == 1
    pred_train = model.predict(prob.X)
    t_pos = t_neg = 1.0
    if targets == "lda":
        n_pos = int(np.sum(prob.y == prob.classes[1]))
        t_pos, t_neg = 1.0 / n_pos, 1.0 / (len(prob.y) - n_pos)
    scale = max(t_pos, t_neg)
    values = (-2 * scale, 2 * scale)
    rows = {0: -t_neg, 1: t_pos} if binary else None
    axes = view_axes(plane, values, t("lc.f_axis"), rug=not binary)
    region = region_trace(plane, (F >= 0).astype(np.uint8) if binary else F.argmax(axis=1), c, values)
    fig = figure(ctx.style, axes, traces=[region, *f_traces(plane, F, F_svm, targets, ctx.style)])
    if plane.dims == 1:
        levels = [0.0] + ([-1.0, 1.0] if binary and targets == "pm1" else [])
        add_hlines(fig, levels, ctx.style, ["solid", "dot", "dot"])
    elif targets == "lda":
        lda_arrow(fig, prob, model, ctx.style)
    add_samples(fig, plane, prob, prob, ctx.style, show_test, rows, values)
    objective = 0.5 * float(np.sum((F_train - ls_targets(prob, model, targets)) ** 2))
    margins = classification_margins(model, prob.X, prob.y) if binary else None
    penalised = int(np.sum((margins > 1) & (pred_train == prob.y))) if margins is not None else None
    with main:
        show_map(fig, ctx, plane, axes, "lc.ls_chart")
        items = [
            (t("lc.train_acc"), percent(accuracy(pred_train, prob.y))),
            (t("lc.test_acc"), percent(accuracy(pred_test, prob.y_test))),
            (t("lc.objective"), fmt(objective)),
            (t("lc.n_params"), str(np.size(model.theta_))),
        ]
        if penalised is not None and targets == "pm1":
            items.append((t("lc.penalised"), str(penalised)))
        if comparison is not None:
            items.append((t("lc.svm_acc"), percent(accuracy(comparison.predict(prob.X), prob.y))))
        metric_rows(items, ctx.projector, per_row=4)
        if margins is not None and targets == "pm1":
            margin_chart(margins, prob, ctx)
        elif not binary:
            st.caption(t("lc.ls_multiclass_note"))
    formula_panel(ls_formulas(model, prob, kernel, h, lam, targets, objective, penalised), ctx.projector)
    code_view(LeastSquaresClassifier, projector=ctx.projector)


def f_traces(plane, F, F_svm, targets: str, style) -> list[dict]:
    """2-D: the boundary f = 0 (and f = ±1), or each class's f_k = 0. 1-D: f (or each f_k) over x.
    Either way the linear SVM's boundary when asked for."""
    traces = []
    if F.ndim == 1 and plane.dims == 2:
        traces.append(contour_trace(plane, F, 0.0, style, t("lc.boundary")))
        if targets == "pm1":
            traces += [contour_trace(plane, F, level, style, width=0.5, dash="dash") for level in (-1.0, 1.0)]
    elif F.ndim == 1:
        traces.append(curve_trace(plane, F, t("lc.f_curve"), FIT_COLOR, style))
    for k in range(F.shape[1] if F.ndim == 2 else 0):
        color = CLASS_COLORS[k % 6]
        if plane.dims == 2:
            trace = contour_trace(plane, F[:, k], 0.0, style, t("lc.fk_zero", k=k + 1), color, 0.6, "dash")
            traces.append(dict(trace, showlegend=k == 0))
        else:
            dash = DASHES[k % len(DASHES)]
            traces.append(curve_trace(plane, F[:, k], t("lc.fk", k=k + 1), color, style, dash))
    svm = t("lc.svm_boundary")
    if F_svm is not None and plane.dims == 2:
        traces.append(contour_trace(plane, F_svm, 0.0, style, svm, ALT_COLOR, dash="dashdot"))
    elif F_svm is not None:
        traces.append(curve_trace(plane, F_svm, svm, ALT_COLOR, style, "dashdot"))
    return traces


def ls_targets(prob: Problem, model, targets: str) -> np.ndarray:
    """The regression targets: ±1, ±1/n± (LDA) or one-hot ±1 columns (several classes)."""
    idx = class_index(prob.y, model.classes_)
    if len(model.classes_) > 2:
        return np.where(idx[:, None] == np.arange(len(model.classes_))[None, :], 1.0, -1.0)
    if targets == "lda":
        n_pos = int(np.sum(idx == 1))
        return np.where(idx == 1, 1.0 / n_pos, -1.0 / (len(idx) - n_pos))
    return np.where(idx == 1, 1.0, -1.0)


def lda_arrow(fig, prob: Problem, model, style) -> None:
    """The LS direction θ₁.. (parallel to Fisher's S_W⁻¹(μ₊ − μ₋)) drawn from the data mean."""
    w = np.asarray(model.theta_[1:], dtype=float)
    if not np.any(w):
        return
    centre = prob.X.mean(axis=0)
    span = min(np.ptp(prob.X[:, 0]), np.ptp(prob.X[:, 1])) * 0.3 or 1.0
    tip = centre + span * w / np.sqrt(w @ w)
    fig.add_annotation(
        x=tip[0],
        y=tip[1],
        ax=centre[0],
        ay=centre[1],
        xref="x",
        yref="y",
        axref="x",
        ayref="y",
        showarrow=True,
        arrowhead=3,
        arrowwidth=style.line_width,
        arrowcolor=ALT_COLOR,
        text=t("lc.lda_direction"),
        font=dict(color=ALT_COLOR),
    )


def margin_chart(margins, prob: Problem, ctx) -> None:
    """Each sample's margin m = y f(x) on the squared loss (1 − m)²: m > 1 is penalised although correct."""
    m = np.clip(margins, -3, 3)
    grid = np.linspace(-3, 3, 241)
    axes = Axes((-3, 3), (-0.3, 6.0), t("lc.margin_axis"), t("lc.loss_axis"))
    zero_one = Curve(t("lc.losses.zero_one"), grid, margin_loss(grid, "zero_one"), TRUTH_COLOR, "dot")
    traces = [
        line_trace(Curve(t("lc.losses.squared"), grid, (1 - grid) ** 2, FIT_COLOR), ctx.style),
        line_trace(zero_one, ctx.style),
    ]
    idx = class_index(prob.y, prob.classes)
    for k in range(2):
        mask = idx == k
        loss = np.minimum((1 - m[mask]) ** 2, 5.9)
        name = plain(prob.names[k])
        traces.append(points_trace(m[mask], loss, name, ctx.style, CLASS_COLORS[k], CLASS_SYMBOLS[k], 0.8))
    # m > 1 shaded: the shape (and empty annotation list) fig.add_vrect would add, without its ~5 ms
    penalised = dict(type="rect", xref="x", yref="y domain", x0=1, x1=3, y0=0, y1=1,
                     fillcolor="rgba(213,94,0,0.08)", line=dict(width=0))
    layout = dict(height=300, shapes=[penalised], annotations=[])
    fig = figure(ctx.style, axes, t("lc.margin_title"), traces, **layout)
    chart(fig, key="lc.ls_margins")


def ls_formulas(model, prob, kernel, h, lam, targets, objective, penalised) -> list[Formula]:
    n = len(prob.y)
    if kernel == "gaussian":
        model_tex = (
            rf"f_\theta(x) = \sum_{{j=1}}^{{{n}}} \theta_j K(x, x_j),\quad "
            rf"K(x, x') = \exp\!\Big(-\frac{{\|x - x'\|^2}}"
            rf"{{2 \cdot {number(h)}^2}}\Big),\quad \hat\theta = (K^2 + {number(lam)}\, I)^{{-1}} K y"
        )
        formulas = [Formula(model_tex, "Sugiyama §7.1, Fig 7.3")]
    else:
        theta = np.asarray(model.theta_)
        head = (
            rf"f_\theta(x) = {number(theta[0])} + {number(theta[1])}\,x^{{(1)}}"
            + (rf" + {number(theta[2])}\,x^{{(2)}}" if theta.ndim == 1 and len(theta) > 2 else "")
            if theta.ndim == 1
            else r"f_{\theta,k}(x) = \theta_k^\top (1, x)"
        )
        formulas = [
            Formula(
                rf"{head},\quad \hat\theta = (\Phi^\top\Phi + {number(lam)}\, I)^{{-1}}\Phi^\top y",
                "Sugiyama §7.1; slides §2.4 (regression onto ±1 / one-hot targets)",
            )
        ]
    if targets == "lda":
        n_pos = int(np.sum(prob.y == prob.classes[1]))
        cos = fisher_alignment(model.theta_[1:], prob.X, prob.y)
        formulas.append(
            Formula(
                rf"y_i = +\tfrac{{1}}{{n_+}} = {number(1 / n_pos)}\ \text{{or}}\ -\tfrac{{1}}{{n_-}} = "
                rf"{number(-1 / (n - n_pos))}\ \Rightarrow\ "
                rf"\cos\angle\big(\hat\theta_{{1:}},\ S_W^{{-1}}(\mu_+ - \mu_-)\big) = "
                rf"{number(cos, 6)}",
                "Sugiyama §7.1 (LDA link; the intercept θ₀ is needed)",
            )
        )
    formulas.append(
        Formula(
            rf"\hat y = \operatorname{{sign}} f_{{\hat\theta}}(x),\quad "
            rf"J = \tfrac12\sum_{{i=1}}^{{{n}}}(f_{{\hat\theta}}(x_i) - y_i)^2"
            rf" = {number(objective)}",
            "Sugiyama §7.1, (7.1)",
        )
    )
    if penalised is not None and targets == "pm1":
        formulas.append(
            Formula(
                rf"(y_i - f(x_i))^2 = (1 - m_i)^2,\ m_i = f(x_i)\,y_i;\quad \#\{{i: m_i > 1\}} = {penalised}",
                "Sugiyama §7.2, Figs 7.5–7.6",
            )
        )
    return formulas
