"""Several classes from binary SVMs (Sugiyama §7.3; seed 004 §2.9): one-vs-rest (the largest f_k wins)
or one-vs-one (votes of the c(c−1)/2 pairs), every binary boundary f = 0 and the areas where the rule is
ambiguous (OvR: no or several f_k > 0) or tied (OvO: equal votes)."""

import math

import numpy as np
import streamlit as st

from algorithms import SVC
from algorithms import OneVsOne
from algorithms import OneVsRest
from ui.contours import level_line
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tt
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import class_traces
from ui.figures import decision_surface
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import plain
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.svm._common import MAX_ITER
from views.svm._common import error_rate
from views.svm._common import held_out_error
from views.svm._common import kernel_latex
from views.svm._common import plane_axes

STRATEGIES = ["ovr", "ovo"]
RESOLUTION = 150
DASHES = ["solid", "dash", "dot", "dashdot"]  # one-vs-one: the line of the pair (a, b) by b


def multi_controls(n_classes: int) -> str:
    """The strategy for three or more classes; for two, a hint that there would be one."""
    if n_classes > 2:
        return choice(
            t("svm.strategy"), STRATEGIES, "svm.strategy", catalogue_labels("svm.strategies"), default="ovr"
        )
    st.caption(t("svm.multi_hint"))
    return "ovr"


@st.cache_resource(max_entries=16, show_spinner=False)
def fit_multi(X, y, strategy, C, kernel, sigma, degree, coef0, tol):
    """One-vs-rest or one-vs-one over SVCs, shared read-only like fit_svc."""
    base = SVC(C=C, kernel=kernel, sigma=sigma, degree=degree, coef0=coef0, tol=tol, max_iter=MAX_ITER)
    return (OneVsRest(base) if strategy == "ovr" else OneVsOne(base)).fit(X, y)


@st.cache_data(max_entries=16, show_spinner=False)
def multi_grid(X, y, strategy, params, x_range, y_range):
    """The binary scores, the predicted class and the ambiguous / tied flag on the plot grid."""
    model = fit_multi(X, y, strategy, *params)
    gx, gy, pts = grid_points(x_range, y_range, RESOLUTION)
    scores = model.decision_function(pts)
    region = np.searchsorted(model.classes_, model.predict(pts))
    flag = model.ambiguous(pts) if strategy == "ovr" else model.tied(pts)
    return gx, gy, scores.astype(np.float32), region.astype(np.uint8), flag.astype(np.float32)


def multi_view(ctx, main, X, y, strategy, params):
    """The decision surface of the multi-class SVM, its tiles and formulas."""
    C, kernel, sigma, degree, coef0, tol, _ = params
    with main:
        model = fitted(fit_multi, X, y, strategy, C, kernel, sigma, degree, coef0, tol)
    if model is None:
        return
    data = ctx.data
    axes = plane_axes(data.train)
    fig, flag = multi_figure(model, X, y, axes, strategy, params, ctx.style)
    n_sv = sum(len(m.support_) for m in model.estimators_)
    with main:
        editable_chart(fig, "svm", data, axes.x_range, axes.y_range, key="svm.fit_chart")
        st.caption(t(f"svm.multi_caption_{strategy}"))
        metric_rows(
            [
                (t("svm.train_error"), fmt(error_rate(model.predict(X), y), 3)),
                (t("svm.test_error"), fmt(held_out_error(model, data.test), 3)),
                (t("svm.n_binary"), str(len(model.estimators_))),
                (t("svm.n_sv_total"), str(n_sv)),
                (t("svm.flagged"), fmt(float(flag.mean()), 3)),
            ],
            ctx.projector,
        )
    c = len(model.classes_)
    rule = (
        rf"\hat y = \arg\max_k f_k(x),\ f_k:\ {tt('svm.ovr_tex', c=c)}"
        if strategy == "ovr"
        else rf"\hat y = \arg\max_k \#\{{{tt('svm.votes_tex')}\}},\ "
        rf"f_{{ab}} > 0 \to a,\ f_{{ab}} < 0 \to b,\ {c}({c}-1)/2 = {c * (c - 1) // 2}\ {tt('svm.svms_tex')}"
    )
    c_tex = r",\ C = \infty" if math.isinf(C) else rf",\ C = {number(C)}"
    formula_panel(
        [
            Formula(rule, "Sugiyama §7.3; seed 004 §2.9"),
            Formula(kernel_latex(kernel, sigma, degree, coef0) + c_tex, "Li Hang §7.3.3; Sugiyama §8.4"),
        ],
        ctx.projector,
    )
    code_view(type(model), SVC, projector=ctx.projector)


def multi_figure(model, X, y, axes, strategy, params, style):
    """The multi-class regions, every binary boundary f = 0, and the ambiguous (OvR) or tied (OvO) areas."""
    gx, gy, scores, region, flag = multi_grid(X, y, strategy, params[:6], axes.x_range, axes.y_range)
    classes = model.classes_
    names = [str(c) for c in classes]
    shape = (len(gy), len(gx))
    traces = list(decision_surface(gx, gy, region.reshape(shape), style, n_classes=len(classes)))
    if flag.any():
        traces.append(
            dict(
                type="heatmap",
                x=gx,
                y=gy,
                z=flag.reshape(shape),
                zmin=0,
                zmax=1,
                showscale=False,
                hoverinfo="skip",
                colorscale=[[0, "rgba(0,0,0,0)"], [1, "rgba(60,60,60,0.28)"]],
                name=t(f"svm.flag_{strategy}"),
                showlegend=True,
            )
        )
    pairs = [(k, None) for k in range(len(classes))] if strategy == "ovr" else model.pairs_
    for col, (a, b) in enumerate(pairs):
        name = t("svm.ovr_line", c=names[a]) if b is None else t("svm.ovo_line", a=names[a], b=names[b])
        traces.append(
            level_line(
                gx,
                gy,
                scores[:, col],
                plain(name),
                style,
                color=CLASS_COLORS[a % len(CLASS_COLORS)],
                dash="solid" if b is None else DASHES[b % 4],
                width=0.8,
            )
        )
    traces += class_traces(X, y, classes, style, names=names)
    title = t(f"svm.multi_title_{strategy}", n=len(model.estimators_))
    return figure(style, axes, title, traces, height=style.figure_height + 80, legend="bottom"), flag
