"""Softmax regression beside the least-squares probabilistic classifier (Sugiyama §10.1.1 and
§10.2, Figs 10.2/10.5–10.6; CS229 Part III §9.3; slides §2.5).

Left: softmax regression fitted step by step (one θ per class, by Newton, GD or SGD); right: LSPC
in closed form, one small ridge problem per class, its posterior clipped at 0 and renormalised (the
clipped, uniform regions can be shown). On 1-D data both are drawn as posterior curves and their
argmax at x = −4, 0, 4 is compared.
"""

from __future__ import annotations

import time

import numpy as np
import streamlit as st

from algorithms import LSPC
from algorithms import SoftmaxRegression
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
from ui.explain import percent_pair
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.i18n import t
from ui.stepper import StepView
from ui.theme import CLASS_COLORS
from views.linear_classifiers._controls import BASES
from views.linear_classifiers._controls import lam_slider
from views.linear_classifiers._controls import solver_controls
from views.linear_classifiers._controls import width_slider
from views.linear_classifiers._fits import iterative_scene
from views.linear_classifiers._fits import likelihood_curve
from views.linear_classifiers._fits import step_probabilities
from views.linear_classifiers._map import add_samples
from views.linear_classifiers._map import ring
from views.linear_classifiers._map import sample_traces
from views.linear_classifiers._map import show_map
from views.linear_classifiers._map import step_or_edit
from views.linear_classifiers._plane import PANEL_AXIS
from views.linear_classifiers._plane import STEP_RES
from views.linear_classifiers._plane import curve_trace
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import mask_trace
from views.linear_classifiers._plane import posterior_traces
from views.linear_classifiers._plane import rug_rows
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import KERNEL_CENTRES
from views.linear_classifiers._problem import NEWTON_LIMIT
from views.linear_classifiers._problem import accuracy
from views.linear_classifiers._problem import centres_note
from views.linear_classifiers._problem import data_seed
from views.linear_classifiers._problem import problem

PROBES = np.array([[-4.0], [0.0], [4.0]])  # where Sugiyama's DS-6 posteriors peak


@st.cache_data(max_entries=32, show_spinner=False)
def lspc_scene(X, y, h, lam, shared, grid):
    start = time.perf_counter()
    model = LSPC(h=h, lam=lam, class_centers=not shared, n_centers=KERNEL_CENTRES).fit(X, y)
    seconds = time.perf_counter() - start
    return (
        model,
        seconds,
        model.predict_proba(grid).astype(np.float32),
        model.raw_scores(grid).astype(np.float32),
    )


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    c = len(prob.classes)
    segmented = not ctx.projector
    with controls:
        h = width_slider(help=t("lc.h_both"))
        st.markdown(t("lc.softmax_heading"))
        labels = catalogue_labels("lc.bases")
        basis = choice(t("lc.basis"), BASES, "lc.sm_basis", labels, horizontal=segmented)
        lam = lam_slider(t("lc.lr_lam"), "lc.sm_lam", -4, 2, 0.0)
        solver, eta, iters = solver_controls(segmented)
        st.markdown(t("lc.lspc_heading"))
        lspc_lam = lam_slider(t("lc.lam"), "lc.lspc_lam", -4, 2, 0.1)
        shared = st.toggle(t("lc.lspc_shared"), help=t("lc.lspc_shared_help"), **bound("lc.lspc_shared"))
        raw = st.toggle(t("lc.lspc_raw"), help=t("lc.lspc_raw_help"), **bound("lc.lspc_raw"))
    plane = make_plane(prob, STEP_RES)
    centres_note(main, len(prob.y))
    n_params = (min(len(prob.y), KERNEL_CENTRES) if basis == "gaussian" else prob.X.shape[1] + 1) * c
    try:
        lspc, lspc_seconds, lspc_P, lspc_raw = lspc_scene(prob.X, prob.y, h, lspc_lam, shared, plane.grid)
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    softmax = None
    if solver == "newton" and n_params > NEWTON_LIMIT:
        main.warning(t("lc.newton_too_big", n=n_params, limit=NEWTON_LIMIT))
    else:
        try:
            softmax, sm_seconds, maps = iterative_scene(
                "softmax", prob.X, prob.y, solver, lam, basis, h, eta, iters, data_seed(), plane.grid
            )
        except ValueError as err:
            main.error(t("error.fit", detail=str(err)))
    axes = view_axes(plane, (0.0, 1.0), t("lc.posterior_axis"), rug=True)
    lspc_traces = lspc_map(plane, lspc_P, lspc_raw, raw, ctx.style)
    tiles = [
        (t("lc.lspc_time"), f"{1e3 * lspc_seconds:.1f} ms"),
        (t("lc.lspc_acc"), accuracies(lspc, prob)),
    ]
    with main:
        if softmax is not None:
            tiles = [
                (t("lc.sm_time"), f"{1e3 * sm_seconds:.1f} ms"),
                (t("lc.sm_acc"), accuracies(softmax, prob)),
                *tiles,
            ]
            softmax_stepper(ctx, prob, plane, axes, softmax, maps, lspc_traces)
        else:
            fig = base_figure(ctx.style, axes, t("lc.lspc_title"))
            fig.add_traces(lspc_traces)
            add_samples(fig, plane, prob, prob, ctx.style, False)
            show_map(fig, ctx, plane, axes, "lc.lspc_chart")
        metric_rows(tiles, ctx.projector, per_row=4)
        if plane.dims == 1:
            softmax_probe = "—" if softmax is None else ", ".join(map(str, softmax.predict(PROBES)))
            lspc_probe = ", ".join(map(str, lspc.predict(PROBES)))
            st.caption(t("lc.argmax_probe", softmax=softmax_probe, lspc=lspc_probe))
        if softmax is not None:
            likelihood_chart(softmax, solver, ctx)
    formula_panel(softmax_formulas(softmax, c, n_params, lam, lspc_lam, shared), ctx.projector)
    code_view(SoftmaxRegression, LSPC, projector=ctx.projector)


def accuracies(model, prob) -> str:
    """Training / test accuracy in one tile."""
    test = None if prob.X_test is None else accuracy(model.predict(prob.X_test), prob.y_test)
    return percent_pair(accuracy(model.predict(prob.X), prob.y), test)


def softmax_stepper(ctx, prob, plane, axes, model, maps, lspc_traces) -> None:
    """Softmax regression step by step (left panel) beside the closed-form LSPC (right panel)."""
    history = model.history_
    static = base_figure(ctx.style, axes)
    names = (t("lc.softmax_panel"), t("lc.lspc_panel"))
    static.update_layout(
        xaxis=dict(domain=[0.0, 0.47], title=t("lc.panel_axis", panel=names[0], x=axes.x_title)),
        xaxis2=dict(
            domain=[0.53, 1.0], anchor="y2", range=list(axes.x_range),
            title=t("lc.panel_axis", panel=names[1], x=axes.x_title), **PANEL_AXIS, zeroline=False,
        ),
        yaxis2=dict(anchor="x2", range=list(axes.y_range), title=axes.y_title, **PANEL_AXIS, zeroline=False),
    )
    points = sample_traces(plane, prob.X, prob, ctx.style)
    static.add_traces([*map(on_second, lspc_traces), *points, *map(on_second, points)])
    probabilities = step_probabilities(maps, model, plane.grid)
    rows = rug_rows(len(prob.classes))

    def frame(s):
        traces = posterior_traces(plane, probabilities(s), ctx.style, "q(y={k}|x)")
        return [*traces, ring(plane, prob.X, prob, rows, history[s].index, t("lc.sampled"), ctx.style)]

    def label(s):
        return t("lc.sm_label", step=history[s].step, ll=fmt(history[s].log_likelihood))

    def details(s):
        snap = history[s]
        return t("lc.sm_details", step=snap.step, ll=fmt(snap.log_likelihood), grad=fmt(snap.grad_norm))

    step_or_edit(ctx, plane, axes, "lc.softmax", len(history), StepView(static, frame, label, details))


def on_second(trace: dict) -> dict:
    """A trace moved to the right-hand panel, without a second legend entry."""
    return dict(trace, xaxis="x2", yaxis="y2", showlegend=False)


def likelihood_chart(model, solver, ctx) -> None:
    steps, ll = likelihood_curve(model, solver)
    lo, hi = float(ll.min()), float(ll.max())
    pad = 0.05 * (hi - lo) if hi > lo else 1.0
    x_hi = max(float(steps.max()), 1.0)
    x_range = (1, x_hi) if solver == "sgd" else (0, x_hi)
    axes = Axes(x_range, (lo - pad, hi + pad), t("lc.step_axis"), t("lc.ll_axis"))
    curve = Curve(t("lc.ll_axis"), steps, ll, FIT_COLOR)
    fig = curves_figure([curve], axes, ctx.style, log_x=solver == "sgd", title=t("lc.ll_title"), height=240)
    fig.update_layout(showlegend=False)
    chart(fig, key="lc.softmax_ll")


def lspc_map(plane, lspc_P, lspc_raw, raw, style) -> list[dict]:
    """LSPC's posterior; if asked, where every raw score is ≤ 0 (2-D, the uniform fallback) or the
    raw scores before clipping (1-D)."""
    traces = posterior_traces(plane, lspc_P, style, "p(y={k}|x)")
    if raw and plane.dims == 2:
        traces.append(mask_trace(plane, np.all(np.asarray(lspc_raw) <= 0, axis=1), name=t("lc.lspc_uniform")))
    elif raw:
        for k in range(lspc_raw.shape[1]):
            score, name = np.clip(lspc_raw[:, k], -0.34, 1.1), t("lc.raw_k", k=k + 1)
            traces.append(curve_trace(plane, score, name, CLASS_COLORS[k % 6], style, "dot", 0.6))
    return traces


def softmax_formulas(softmax, c, n_params, lam, lspc_lam, shared) -> list[Formula]:
    formulas = [
        Formula(
            rf"q(y\mid x;\theta) = \frac{{\exp(\theta^{{(y)\top}}\phi(x))}}{{\sum_{{y'=1}}^{{{c}}}"
            rf"\exp(\theta^{{(y')\top}}\phi(x))}},\ b\,c = {n_params}\ \text{{{t('lc.params_tex')}}}",
            "Sugiyama §10.1.1, (10.1); CS229 Part III §9.3 (M15); slides §2.5",
        ),
        Formula(
            rf"\hat\theta^{{(y)}} = (\Phi_y^\top\Phi_y + {number(lspc_lam)}\,I)^{{-1}}"
            rf"\Phi_y^\top\pi^{{(y)}},\ "
            rf"\hat p(y\mid x) = \frac{{\max(0, \hat\theta^{{(y)\top}}\phi(x))}}{{\sum_{{y'}}\max(0, "
            rf"\hat\theta^{{(y')\top}}\phi(x))}},\ b_y = {'n' if shared else 'n_y'}",
            "Sugiyama §10.2, (10.5), Fig 10.6",
        ),
    ]
    if softmax is not None:
        formulas.insert(
            1,
            Formula(
                rf"\ell(\theta) = \sum_i \log q(y_i\mid x_i;\theta) = {number(softmax.log_likelihood_)},\ "
                rf"\lambda = {number(lam)},\ {softmax.n_iter_}\ \text{{{t('lc.steps_tex')}}}",
                "Sugiyama §10.1.1 (max, not min: erratum); Fig 10.1 without the listing's extra “1 +”",
            ),
        )
    return formulas
