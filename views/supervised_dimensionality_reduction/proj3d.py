"""Three classes in 3-D projected to 2-D: FDA or LFDA (ratio trace or trace ratio) side by side with PCA
of the same data, the two found directions drawn in the 3-D cloud, and both criteria of both solutions.

Sugiyama §17.1.1–17.1.2 (T is m × d, erratum of §17 intro); seed 004 §2.6 (Problems 1 and 2: "the
solutions of Problem 1 and Problem 2 are different").
"""

from types import SimpleNamespace

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import LFDA
from algorithms import PCA
from algorithms import FisherDA
from algorithms import nn_accuracy
from algorithms import trace_ratio
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import percent
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.views import fitted
from views.supervised_dimensionality_reduction._common import class_names
from views.supervised_dimensionality_reduction._common import classes_of
from views.supervised_dimensionality_reduction._common import data_traces
from views.supervised_dimensionality_reduction._common import sample
from views.supervised_dimensionality_reduction._common import usable

DATA = DataRequest("classification", 3, "classes3d")
METHODS = ["fda", "lfda"]
CRITERIA = ["ratio_trace", "trace_ratio"]
MODELS = {"fda": FisherDA, "lfda": LFDA}


@st.cache_data(max_entries=32, show_spinner=False)
def fit_3d(X, y, method, criterion):
    """The method under both criteria (2 directions each), PCA, both embeddings and their 1-NN accuracy."""
    models = {c: MODELS[method](2, criterion=c).fit(X, y) for c in CRITERIA}
    chosen = models[criterion]
    pca = PCA(2).fit(X)
    Z, Z_pca = chosen.transform(X), pca.transform(X)
    return SimpleNamespace(
        T=chosen.components_, mean=chosen.mean_, Z=Z, Z_pca=Z_pca, pca=pca.components_,
        acc=nn_accuracy(Z, y), acc_pca=nn_accuracy(Z_pca, y),
        criteria={c: (m.ratio_trace_, m.trace_ratio_) for c, m in models.items()},
        steps=len(models["trace_ratio"].history_), Sb=chosen.between_scatter_, Sw=chosen.within_scatter_,
    )


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        method = choice(t("sdr.method3d"), METHODS, "sdr.method3d", catalogue_labels("sdr.methods3d"),
                        horizontal=not ctx.projector)
        criterion = choice(t("sdr.criterion"), CRITERIA, "sdr.criterion", catalogue_labels("sdr.criteria"))
        st.caption(t("sdr.proj3d_note"))
    if not usable(data):
        return
    shown = sample(data, main)
    X, y = data.train.X[shown], np.asarray(data.train.y)[shown]
    res = fitted(fit_3d, X, y, method, criterion)
    if res is None:
        return
    names = (t("sdr.z1"), t("sdr.z2"))
    emb = figure(ctx.style, scatter_axes(res.Z, names, 0.1), t(f"sdr.emb_title.{method}"),
                 data_traces(res.Z, y, data.train, ctx.style, shown), legend="bottom", legend_width=420)
    emb_pca = figure(ctx.style, scatter_axes(res.Z_pca, names, 0.1), t("sdr.emb_title.pca"),
                     data_traces(res.Z_pca, y, data.train, ctx.style, shown), legend="bottom",
                     legend_width=420)
    (rt_rt, rt_tr), (tr_rt, tr_tr) = res.criteria["ratio_trace"], res.criteria["trace_ratio"]
    with main:
        chart(cloud_figure(X, y, res, data.train, ctx), key="sdr.cloud")
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(emb, key="sdr.emb")
        with right:
            chart(emb_pca, key="sdr.emb_pca")
        metric_rows([
            (t(f"sdr.acc_emb.{method}"), percent(res.acc)),
            (t("sdr.acc_emb.pca"), percent(res.acc_pca)),
            (t("sdr.tr_steps"), str(res.steps)),
        ], ctx.projector)
        metric_rows([
            (t("sdr.rt_solution_rt"), fmt(rt_rt)),
            (t("sdr.rt_solution_tr"), fmt(rt_tr)),
            (t("sdr.tr_solution_rt"), fmt(tr_rt)),
            (t("sdr.tr_solution_tr"), fmt(tr_tr)),
        ], ctx.projector)
        st.caption(t("sdr.criteria3d_note"))
    formula_panel([
        Formula(rf"S_b = {matrix(res.Sb)},\ S_w = {matrix(res.Sw)}", "Sugiyama §17.1; seed 004 §2.6"),
        Formula(
            r"\text{ratio trace: } \operatorname{tr}\big((TS_wT^\top)^{-1}TS_bT^\top\big) = "
            rf"{fmt(rt_rt)} \ \text{{vs}}\ {fmt(tr_rt)}",
            "seed 004 §2.6 Problem 2 (generalised eigenproblem S_bξ = λS_wξ)",
        ),
        Formula(
            r"\text{trace ratio: } \frac{\operatorname{tr}(TS_bT^\top)}{\operatorname{tr}(TS_wT^\top)},\ "
            rf"TT^\top = I:\ {fmt(tr_tr)}\ \text{{vs}}\ {fmt(rt_tr)}",
            "seed 004 §2.6 Problem 1 (iterative; Xiang, Nie & Zhang 2008)",
        ),
        Formula(rf"T = {matrix(res.T)}\ (m \times d)",
                "Sugiyama §17 (T is m × d; the text's d × m is an erratum)"),
    ], ctx.projector)
    code_view(MODELS[method], trace_ratio, projector=ctx.projector)


def cloud_figure(X, y, res, train, ctx) -> go.Figure:
    """The 3-D points by class and the two found directions through their mean."""
    classes = classes_of(y)
    fig = go.Figure()
    for k, (label, name) in enumerate(zip(classes, class_names(classes, train.target_name), strict=True)):
        P = X[y == label]
        fig.add_trace(go.Scatter3d(x=P[:, 0], y=P[:, 1], z=P[:, 2], mode="markers", name=name,
                                   marker=dict(size=max(2.5, ctx.style.marker_size * 0.45),
                                               line=dict(width=0), color=CLASS_COLORS[k % 6])))
    span = float(np.max(np.ptp(X, axis=0))) * 0.45
    for j, (direction, color) in enumerate(zip(res.T, (FIT_COLOR, BLACK), strict=True)):
        ends = np.vstack([res.mean - span * direction, res.mean + span * direction])
        fig.add_trace(go.Scatter3d(x=ends[:, 0], y=ends[:, 1], z=ends[:, 2], mode="lines",
                                   name=t("sdr.direction_j", j=j + 1),
                                   line=dict(color=color, width=ctx.style.line_width * 2)))
    scene = dict(aspectmode="cube")
    for axis, j in (("xaxis", 0), ("yaxis", 1), ("zaxis", 2)):
        scene[axis] = dict(range=list(padded_range(X[:, j], 0.04)),
                           title=dict(text=plain(train.feature_names[j])))
    fig.update_layout(height=ctx.style.figure_height, margin=dict(l=0, r=0, t=50, b=0), scene=scene,
                      uirevision="sdr.cloud", font=dict(size=ctx.style.font_size),
                      title=dict(text=t("sdr.cloud_title"), font=dict(size=ctx.style.title_size)),
                      legend=dict(orientation="h", y=-0.02))
    return fig
