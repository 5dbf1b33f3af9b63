"""Seed 004's local LDA: neighbourhood-constrained LDA (only mutual k-NN pairs count) and nearest-neighbour
discriminant analysis (each point against its nearest same-class and other-class neighbour), beside
FDA, with the pairs that build S_w and S_b drawn and both criteria (ratio trace, trace ratio).

seed 004 §2.6 (Problem 1 trace ratio vs Problem 2's generalised eigenproblem), §2.7 (methods 1, 2a).
"""

from types import SimpleNamespace

import numpy as np
import streamlit as st

from algorithms import NNDA
from algorithms import FisherDA
from algorithms import LocalLDA
from algorithms import nn_accuracy
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.figures import figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import FIT_COLOR
from ui.views import fitted
from views.supervised_dimensionality_reduction._common import CROSS_EDGE_COLOR
from views.supervised_dimensionality_reduction._common import P
from views.supervised_dimensionality_reduction._common import data_traces
from views.supervised_dimensionality_reduction._common import direction_angle
from views.supervised_dimensionality_reduction._common import direction_trace
from views.supervised_dimensionality_reduction._common import edges_trace
from views.supervised_dimensionality_reduction._common import plane_axes
from views.supervised_dimensionality_reduction._common import projection_histogram
from views.supervised_dimensionality_reduction._common import sample
from views.supervised_dimensionality_reduction._common import usable

DATA = DataRequest("classification", 2, "fisher2")
METHODS = ["local", "nnda"]


@st.cache_data(max_entries=64, show_spinner=False)
def fit_local(X, y, method, k, alpha):
    """FDA and the local method under both criteria; the pairs behind S_w (same class) and S_b."""
    fda = FisherDA(1).fit(X, y)
    if method == "local":
        ratio_trace, trace_ratio = (LocalLDA(1, k, c).fit(X, y) for c in ("ratio_trace", "trace_ratio"))
        within = ratio_trace.pairs_[ratio_trace.same_class_]
        between = ratio_trace.pairs_[~ratio_trace.same_class_]
    else:
        ratio_trace, trace_ratio = (NNDA(1, alpha, c).fit(X, y) for c in ("ratio_trace", "trace_ratio"))
        rows = np.arange(len(X))
        within, between = np.c_[rows, ratio_trace.intra_], np.c_[rows, ratio_trace.extra_]
    z = ratio_trace.transform(X)[:, 0]
    return SimpleNamespace(
        fda=fda.components_[0], direction=ratio_trace.components_[0], mean=fda.mean_, z=z,
        acc=nn_accuracy(z[:, None], y), acc_fda=nn_accuracy(fda.transform(X), y),
        z_fda=fda.transform(X)[:, 0], Sw=ratio_trace.within_scatter_, Sb=ratio_trace.between_scatter_,
        lam=float(ratio_trace.eigenvalues_[0]),
        criteria=[(ratio_trace.ratio_trace_, ratio_trace.trace_ratio_),
                  (trace_ratio.ratio_trace_, trace_ratio.trace_ratio_)],
        tr_direction=trace_ratio.components_[0], tr_steps=len(trace_ratio.history_),
        within=within, between=between,
    )


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        method = choice(t("sdr.local_method"), METHODS, "sdr.local_method",
                        catalogue_labels("sdr.local_methods"), horizontal=not ctx.projector)
        k, alpha = 10, 1.0
        if method == "local":
            k = slider(t("sdr.k"), 1, 40, 10, "sdr.k", help=t("sdr.k_help"))
        else:
            alpha = slider(t("sdr.alpha"), 0.0, 3.0, 1.0, "sdr.alpha", step=0.5, help=t("sdr.alpha_help"))
        show_pairs = st.toggle(t("sdr.show_pairs"), value=True, **bound("sdr.show_pairs"))
        st.caption(t("sdr.local_note"))
    if not usable(data):
        return
    shown = sample(data, main)
    X, y = data.train.X[shown], np.asarray(data.train.y)[shown]
    if method == "local" and k > len(X) - 1:
        with main:
            st.error(t("sdr.too_few_for_k", n=len(X), k=k))
        return
    res = fitted(fit_local, X, y, method, k, alpha)
    if res is None:
        return
    axes = plane_axes(data.train)
    traces = []
    if show_pairs:
        for pairs, name, color in ((res.within, t("sdr.pairs_within"), "#bbbbbb"),
                                   (res.between, t("sdr.pairs_between"), CROSS_EDGE_COLOR)):
            trace = edges_trace(X, pairs, name, color, 1.0)
            traces += [] if trace is None else [trace]
    traces += data_traces(X, y, data.train, ctx.style, shown)
    traces.append(direction_trace(res.mean, res.fda, axes, t("sdr.fda_line"), ALT_COLOR, ctx.style, "dash"))
    traces.append(direction_trace(res.mean, res.direction, axes, t(f"sdr.local_line.{method}"), FIT_COLOR,
                                  ctx.style))
    fig = figure(ctx.style, axes, t("sdr.local_title"), traces, height=ctx.style.figure_height,
                 legend="bottom", legend_width=520)
    (rt_rt, rt_tr), (tr_rt, tr_tr) = res.criteria
    with main:
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            editable_chart(fig, P, data, axes.x_range, axes.y_range, key="sdr.local_chart")
        with right:
            projection_histogram(res.z, y, t(f"sdr.hist_local.{method}"), ctx, "sdr.hist_local")
            projection_histogram(res.z_fda, y, t("sdr.hist_fda"), ctx, "sdr.hist_fda2")
        metric_rows([
            (t("sdr.angle_fda"), f"{direction_angle(res.fda):.1f}°"),
            (t(f"sdr.angle_local.{method}"), f"{direction_angle(res.direction):.1f}°"),
            (t("sdr.acc_fda"), percent(res.acc_fda)),
            (t("sdr.acc_local"), percent(res.acc)),
            (t("sdr.pairs_count"), f"{len(res.within)} / {len(res.between)}"),
        ], ctx.projector)
        metric_rows([
            (t("sdr.crit_rt_of_rt"), fmt(rt_rt)),
            (t("sdr.crit_tr_of_tr"), fmt(tr_tr)),
            (t("sdr.tr_steps"), str(res.tr_steps)),
        ], ctx.projector)
        st.caption(t("sdr.criteria_note"))
    formula_panel(formulas(res, method, k, alpha), ctx.projector)
    code_view(LocalLDA if method == "local" else NNDA, projector=ctx.projector)


def formulas(res, method, k, alpha) -> list[Formula]:
    if method == "local":
        scatter = Formula(
            rf"S_w = \sum_{{y_i = y_j,\ x_i \in N_{{{k}}}(x_j),\ x_j \in N_{{{k}}}(x_i)}}"
            rf"(x_i - x_j)(x_i - x_j)^\top = {matrix(res.Sw)},\ "
            rf"S_b = \sum_{{y_i \ne y_j,\ \dots}} = {matrix(res.Sb)}",
            "seed 004 §2.7, method 1 (neighbourhood constraints)",
        )
    else:
        scatter = Formula(
            r"S_w = \sum_i w_i(x_i - x_i^I)(x_i - x_i^I)^\top,\ "
            r"S_b = \sum_i w_i(x_i - x_i^E)(x_i - x_i^E)^\top,\ "
            rf"w_i = \frac{{d_I^\alpha}}{{d_I^\alpha + d_E^\alpha}},\ \alpha = {number(alpha)}:\ "
            rf"S_w = {matrix(res.Sw)},\ S_b = {matrix(res.Sb)}",
            "seed 004 §2.7, method 2 (a) NNDA; w_i from Qiu & Wu (the seed's figure is lost)",
        )
    return [
        scatter,
        Formula(
            rf"S_b\xi = \lambda S_w\xi:\ \lambda_1 = {number(res.lam)},\ "
            rf"\xi_1 \propto {vector(res.direction)}",
            "seed 004 §2.6, Problem 2 (ratio trace)",
        ),
        Formula(
            r"\lambda_t = \frac{\operatorname{tr}(W_t^\top S_b W_t)}{\operatorname{tr}(W_t^\top S_w W_t)},\ "
            r"W_{t+1} = \operatorname{top}(S_b - \lambda_t S_w):\ "
            rf"W = {vector(res.tr_direction)}",
            "seed 004 §2.6, Problem 1 (trace ratio, iterative)",
        ),
    ]
