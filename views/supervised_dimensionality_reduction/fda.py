"""FDA against LFDA: both directions drawn through the data, the per-class histograms of the two 1-D
projections, the scatter matrices as ellipses, and LFDA's within-class affinity graph as its width
(heat kernel t) or its neighbourhood (local scaling, k-NN) moves.

Sugiyama §17.1.1 (FDA, Figs 17.1–17.2), §17.1.2 (LFDA, Figs 17.3–17.4); seed 004 §2.7 (b).
"""

from types import SimpleNamespace

import numpy as np
import streamlit as st

from algorithms import LFDA
from algorithms import FisherDA
from algorithms import covariance_ellipse
from algorithms import local_affinity
from algorithms import nn_accuracy
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import FIT_COLOR
from ui.views import fitted
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
AFFINITIES = ["heat", "knn"]
ROOT2 = float(1 / np.sqrt(2))  # the listing's exp(−‖x − x′‖²) is the heat kernel with t = 1/√2
T_OPTIONS = [0.2, 0.3, 0.5, ROOT2, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 100.0]


@st.cache_data(max_entries=64, show_spinner=False)
def fit_pair(X, y, knn, t_width):
    """FDA and LFDA on the same data, their projections and scatter ellipses (each of unit trace)."""
    fda = FisherDA(1).fit(X, y)
    lfda = LFDA(1, knn=knn, t=t_width).fit(X, y)
    z_fda, z_lfda = fda.transform(X)[:, 0], lfda.transform(X)[:, 0]

    def ellipse(S):
        return covariance_ellipse(np.zeros(2), S / np.trace(S), 1.0, 80)

    return SimpleNamespace(
        fda=fda.components_[0], lfda=lfda.components_[0], mean=fda.mean_,
        lam_fda=float(fda.eigenvalues_[0]), lam_lfda=float(lfda.eigenvalues_[0]),
        z_fda=z_fda, z_lfda=z_lfda,
        acc_fda=nn_accuracy(z_fda[:, None], y), acc_lfda=nn_accuracy(z_lfda[:, None], y),
        Sw=fda.within_scatter_, Sb=fda.between_scatter_,
        Slw=lfda.within_scatter_, Slb=lfda.between_scatter_,
        ellipses=[ellipse(S) for S in (fda.within_scatter_, fda.between_scatter_,
                                       lfda.within_scatter_, lfda.between_scatter_)],
        edges=lfda.graph_edges_, n_edges=lfda.n_graph_edges_, regularized=lfda.regularized_,
    )


def t_label(value: float) -> str:
    return "1/√2 ≈ 0.707" if abs(value - ROOT2) < 1e-9 else f"{value:g}"


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        affinity = choice(t("sdr.affinity"), AFFINITIES, "sdr.affinity", catalogue_labels("sdr.affinities"),
                          horizontal=not ctx.projector)
        knn, t_width = None, None
        if affinity == "heat":
            t_width = st.select_slider(t("sdr.t"), T_OPTIONS, ROOT2, format_func=t_label,
                                       help=t("sdr.t_help"), **bound("sdr.t"))
        else:
            knn = slider(t("sdr.knn"), 1, 20, 7, "sdr.knn", help=t("sdr.knn_help"))
        show_graph = st.toggle(t("sdr.show_graph"), value=True, **bound("sdr.show_graph"))
        st.caption(t("sdr.fda_note"))
    if not usable(data):
        return
    shown = sample(data, main)
    X, y = data.train.X[shown], np.asarray(data.train.y)[shown]
    res = fitted(fit_pair, X, y, knn, t_width)
    if res is None:
        return
    axes = plane_axes(data.train)
    traces = []
    graph = edges_trace(X, res.edges, t("sdr.graph")) if show_graph else None
    if graph is not None:
        traces.append(graph)
    traces += data_traces(X, y, data.train, ctx.style, shown)
    traces.append(direction_trace(res.mean, res.fda, axes, t("sdr.fda_line"), ALT_COLOR, ctx.style, "dash"))
    traces.append(direction_trace(res.mean, res.lfda, axes, t("sdr.lfda_line"), FIT_COLOR, ctx.style))
    fig = figure(ctx.style, axes, t("sdr.fda_title"), traces, height=ctx.style.figure_height,
                 legend="bottom", legend_width=520)
    with main:
        if res.regularized:
            st.info(t("sdr.regularized"))
        if show_graph and graph is None and res.n_edges:
            st.caption(t("sdr.graph_too_big", edges=res.n_edges))
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            editable_chart(fig, P, data, axes.x_range, axes.y_range, key="sdr.fda_chart")
        with right:
            projection_histogram(res.z_fda, y, t("sdr.hist_fda"), ctx, "sdr.hist_fda")
            projection_histogram(res.z_lfda, y, t("sdr.hist_lfda"), ctx, "sdr.hist_lfda")
            chart(ellipse_figure(res, ctx), key="sdr.ellipses")
        metric_rows([
            (t("sdr.angle_fda"), f"{direction_angle(res.fda):.1f}°"),
            (t("sdr.angle_lfda"), f"{direction_angle(res.lfda):.1f}°"),
            (t("sdr.acc_fda"), percent(res.acc_fda)),
            (t("sdr.acc_lfda"), percent(res.acc_lfda)),
            (t("sdr.graph_edges"), str(res.n_edges)),
        ], ctx.projector)
    formula_panel(formulas(res, knn, t_width), ctx.projector)
    code_view(FisherDA, LFDA, local_affinity, projector=ctx.projector)


def ellipse_figure(res, ctx):
    """The four scatter matrices as ellipses {x : xᵀ(S/tr S)⁻¹x = 1} (S_b of two classes is a segment)."""
    names = [t("sdr.ell_sw"), t("sdr.ell_sb"), t("sdr.ell_slw"), t("sdr.ell_slb")]
    styles = [(ALT_COLOR, "dot"), (ALT_COLOR, "dash"), (FIT_COLOR, "dot"), (FIT_COLOR, "solid")]
    traces = [line_trace(Curve(name, e[:, 0], e[:, 1], color, dash), ctx.style)
              for name, e, (color, dash) in zip(names, res.ellipses, styles, strict=True)]
    traces.append(line_trace(Curve("", [-1.05, 1.05], [0, 0], BLACK, "dot", 0.3), ctx.style)
                  | {"showlegend": False, "hoverinfo": "skip"})
    axes = Axes((-1.1, 1.1), (-1.1, 1.1), "", "", equal=True)
    return figure(ctx.style, axes, t("sdr.ellipses_title"), traces, height=330, legend="bottom",
                  legend_width=330)


def formulas(res, knn, t_width) -> list[Formula]:
    if knn is not None:
        affinity = Formula(
            rf"W_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{t_i t_{{i'}}}}\Big),\ "
            rf"t_i = \|x_i - x_i^{{({knn})}}\|",
            "Sugiyama §13.3 Fig 13.8 (local scaling, as in the LFDA paper: t_i t_i′)",
        )
    else:
        affinity = Formula(
            rf"W_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{2t^2}}\Big),\ t = {number(t_width)},\ "
            rf"2t^2 = {number(2 * t_width**2)}",
            "Sugiyama §17.1.2, listing Fig 17.4 (2t² = 1)",
        )
    return [
        Formula(
            rf"S^{{(w)}} = {matrix(res.Sw)},\ S^{{(b)}} = {matrix(res.Sb)},\ "
            rf"S^{{(b)}}\xi = \lambda S^{{(w)}}\xi:\ \lambda_1 = {number(res.lam_fda)},\ "
            rf"\xi_1 \propto {vector(res.fda)}",
            "Sugiyama §17.1.1",
        ),
        affinity,
        Formula(
            r"Q^{(lw)}_{ii'} = \begin{cases} W_{ii'}/n_y & y_i = y_{i'} = y\\ 0 & y_i \ne y_{i'}"
            r"\end{cases},\ "
            r"Q^{(lb)}_{ii'} = \begin{cases} W_{ii'}(1/n - 1/n_y) & y_i = y_{i'} = y\\ 1/n & y_i \ne y_{i'}"
            r"\end{cases}",
            "Sugiyama §17.1.2 (the text's 1/n_{y′} read 1/n_y, erratum)",
        ),
        Formula(
            rf"S^{{(lw)}} = {matrix(res.Slw)},\ S^{{(lb)}} = {matrix(res.Slb)},\ "
            rf"\lambda_1 = {number(res.lam_lfda)},\ \xi_1 \propto {vector(res.lfda)}",
            "Sugiyama §17.1.2 (the listing's Sb is S^(lb) + S^(lw): same ξ, λ + 1)",
        ),
    ]
