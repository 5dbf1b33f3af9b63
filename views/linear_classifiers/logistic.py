"""Logistic regression (CS229 Part II §5–7; Sugiyama §10.1.2; slides §2.4) by gradient ascent, SGD
or Newton's method, step by step.

The map shows q(y = 1 | x) and its ½ contour at each recorded step (the sampled point ringed for
SGD), with the log-likelihood against the step beside it; on separable data without a penalty
the likelihood keeps rising and the maximiser does not exist.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import LogisticRegression
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.explain import vector_text
from ui.figures import FIT_COLOR
from ui.figures import base_figure
from ui.figures import points_trace
from ui.i18n import t
from ui.stepper import StepView
from ui.theme import HIGHLIGHT_COLOR
from views.linear_classifiers._controls import BASES
from views.linear_classifiers._controls import lam_slider
from views.linear_classifiers._controls import solver_controls
from views.linear_classifiers._controls import width_slider
from views.linear_classifiers._fits import iterative_scene
from views.linear_classifiers._fits import likelihood_curve
from views.linear_classifiers._fits import step_probabilities
from views.linear_classifiers._map import add_samples
from views.linear_classifiers._map import ring
from views.linear_classifiers._map import step_or_edit
from views.linear_classifiers._plane import PANEL_AXIS
from views.linear_classifiers._plane import STEP_RES
from views.linear_classifiers._plane import add_hlines
from views.linear_classifiers._plane import contour_trace
from views.linear_classifiers._plane import curve_trace
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import probability_trace
from views.linear_classifiers._plane import region_trace
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import KERNEL_CENTRES
from views.linear_classifiers._problem import NEWTON_LIMIT
from views.linear_classifiers._problem import accuracy
from views.linear_classifiers._problem import binary_problem
from views.linear_classifiers._problem import centres_note
from views.linear_classifiers._problem import data_seed
from views.linear_classifiers._problem import problem
from views.linear_classifiers._problem import test_toggle

ROWS = {0: 0.0, 1: 1.0}  # 1-D: the classes at their labels y ∈ {0, 1}


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    segmented = not ctx.projector
    with controls:
        lam = lam_slider(t("lc.lr_lam"), "lc.lr_lam", -4, 2, 0.0)
        solver, eta, iters = solver_controls(segmented)
        basis = choice(t("lc.basis"), BASES, "lc.basis", catalogue_labels("lc.bases"), horizontal=segmented)
        h = width_slider(basis == "gaussian")
        show_test = test_toggle(prob)
    task = binary_problem(prob, controls)
    if basis == "gaussian":
        centres_note(main, len(prob.y))
    if solver == "newton" and basis == "gaussian" and min(len(prob.y), KERNEL_CENTRES) > NEWTON_LIMIT:
        main.warning(t("lc.newton_too_big", n=min(len(prob.y), KERNEL_CENTRES), limit=NEWTON_LIMIT))
        return
    plane = make_plane(prob, STEP_RES)
    try:
        model, _, maps = iterative_scene(
            "logistic", prob.X, task.y, solver, lam, basis, h, eta, iters, data_seed(), plane.grid
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    history = model.history_
    steps, ll = likelihood_curve(model, solver)
    axes = view_axes(plane, (0.0, 1.0), t("lc.q_axis"), rug=False)
    static = base_figure(ctx.style, axes)
    side_panel(static, steps, ll, t("lc.step_axis"), t("lc.ll_axis"), log_x=solver == "sgd")
    if plane.dims == 1:
        add_hlines(static, [0.5], ctx.style, ["dash"])
    add_samples(static, plane, prob, task, ctx.style, show_test, ROWS)
    probabilities = step_probabilities(maps, model, plane.grid)

    def frame(s):
        p = probabilities(s)
        if plane.dims == 2:
            traces = [
                probability_trace(plane, p),
                contour_trace(plane, p, 0.5, ctx.style, t("lc.half_contour")),
            ]
        else:
            traces = [
                region_trace(plane, (p >= 0.5).astype(np.uint8), 2),
                curve_trace(plane, p, t("lc.q_curve"), FIT_COLOR, ctx.style),
            ]
        traces.append(ring(plane, prob.X, task, ROWS, history[s].index, t("lc.sampled"), ctx.style))
        marker = points_trace([steps[s]], [ll[s]], "", ctx.style, color=HIGHLIGHT_COLOR, size_scale=1.4)
        traces.append(dict(marker, xaxis="x2", yaxis="y2", showlegend=False))
        return traces

    def label(s):
        return t("lc.lr_label", step=history[s].step, ll=fmt(history[s].log_likelihood))

    def details(s):
        snap = history[s]
        text = t(
            "lc.lr_details",
            step=snap.step,
            ll=fmt(snap.log_likelihood),
            obj=fmt(snap.objective),
            grad=fmt(snap.grad_norm),
            theta=theta_text(snap.theta),
        )
        if snap.index >= 0:
            text += " " + t("lc.lr_sample", i=snap.index + 1)
        if solver == "newton" and snap.step > 0:
            text += " " + t("lc.lr_damping", t=f"{snap.step_size:g}")
        return text

    pred = model.predict(prob.X)
    pred_test = None if prob.X_test is None else model.predict(prob.X_test)
    with main:
        step_or_edit(ctx, plane, axes, "lc.logistic", len(history), StepView(static, frame, label, details))
        tiles = [
            (t("lc.train_acc"), percent(accuracy(pred, task.y))),
            (t("lc.test_acc"), percent(accuracy(pred_test, task.y_test))),
            (t("lc.log_likelihood"), fmt(model.log_likelihood_)),
            (t("metric.iterations"), str(model.n_iter_)),
            (t("lc.grad_norm"), fmt(history[-1].grad_norm, 2)),
            (t("lc.converged"), t("lc.yes") if model.converged_ else t("lc.no")),
        ]
        metric_rows(tiles, ctx.projector, per_row=4)
        if not model.converged_ and solver != "sgd":
            separable = accuracy(pred, task.y) == 1.0 and lam == 0
            st.info(t("lc.lr_separable") if separable else t("lc.lr_not_converged", n=model.n_iter_))
    formula_panel(logistic_formulas(model, task, solver, lam, eta, basis, h), ctx.projector)
    code_view(LogisticRegression, projector=ctx.projector)


def side_panel(fig: go.Figure, x, y, x_title: str, y_title: str, log_x: bool = False) -> None:
    """A second, small plot at the right of a map (objective against iteration)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if log_x:
        x_range = [0, np.log10(max(x.max(), 10)) * 1.02]
    else:
        x_range = [-0.02 * max(x.max(), 1), max(x.max(), 1) * 1.02]
    lo, hi = float(np.min(y)), float(np.max(y))
    pad = 0.06 * (hi - lo) if hi > lo else max(abs(hi) * 0.1, 1.0)
    fig.update_layout(
        xaxis=dict(domain=[0.0, 0.56]),
        xaxis2=dict(
            domain=[0.72, 1.0], anchor="y2", title=x_title, type="log" if log_x else "linear", range=x_range,
            **PANEL_AXIS,
        ),
        yaxis2=dict(anchor="x2", title=y_title, range=[lo - pad, hi + pad], **PANEL_AXIS),
    )
    line = dict(color=FIT_COLOR, width=2)
    fig.add_trace(
        go.Scatter(
            x=x, y=y, mode="lines", xaxis="x2", yaxis="y2", line=line, name=y_title, showlegend=False,
            hoverinfo="x+y",
        )
    )


def theta_text(theta) -> str:
    theta = np.asarray(theta)
    if theta.size > 6:
        flat = theta.ravel()
        return t("lc.theta_many", b=theta.size, norm=f"{np.sqrt(flat @ flat):.4g}")
    return vector_text(theta.ravel())


def logistic_formulas(model, task, solver, lam, eta, basis, h) -> list[Formula]:
    n = len(task.y)
    if basis == "linear":
        model_tex = (
            rf"q(y{{=}}1\mid x) = \frac{{1}}{{1 + e^{{-\theta^\top \hat x}}}},\ "
            rf"\hat\theta = {vector(np.asarray(model.theta_))}"
        )
    else:
        model_tex = (
            rf"q(y{{=}}1\mid x) = \frac{{1}}{{1 + e^{{-\sum_{{j=1}}^{{{n}}} \theta_j K(x, x_j)}}}},\ "
            rf"h = {number(h)}"
        )
    rule = {
        "gd": rf"\theta \leftarrow \theta + \frac{{\varepsilon}}{{n}} \nabla_\theta\big(\ell(\theta) - "
        rf"\tfrac{{\lambda}}{{2}}\|\theta\|^2\big),\ \varepsilon = {number(eta)}",
        "sgd": rf"\theta \leftarrow \theta + \varepsilon\big[(y_i - h_\theta(x_i))\,\phi(x_i)"
        rf" - \tfrac{{\lambda}}{{n}}"
        rf"\theta\big],\ \varepsilon = {number(eta)}",
        "newton": r"\theta \leftarrow \theta - H^{-1}\nabla_\theta \ell,\ "
        r"H = -\Phi^\top D\,\Phi - \lambda I,\ "
        r"D = \operatorname{diag}(h_i(1 - h_i))",
    }[solver]
    source = {
        "gd": "CS229 Part II §5 (M10); Zhou notes §2.1.4",
        "sgd": "CS229 M10; Sugiyama Fig 10.1",
        "newton": "CS229 Part II §7 (M09); slides §2.4 (4.5)",
    }[solver]
    return [
        Formula(model_tex, "CS229 Part II §5 (M10); Sugiyama §10.1.2"),
        Formula(
            rf"\ell(\theta) = \sum_{{i=1}}^{{{n}}} y_i \log h_\theta(x_i)"
            rf" + (1 - y_i)\log(1 - h_\theta(x_i)) = "
            rf"{number(model.log_likelihood_)},\ \lambda = {number(lam)}",
            "CS229 M10; Sugiyama (10.2) as the logistic loss",
        ),
        Formula(rf"{rule},\quad {model.n_iter_}\ \text{{{t('lc.steps_tex')}}}", source),
    ]
