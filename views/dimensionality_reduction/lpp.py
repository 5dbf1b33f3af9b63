"""LPP beside PCA on the book's two 2-D sets: the heat-kernel or kNN similarity graph, both projection
directions, the 1-D projections as histograms, and how far each keeps the classes apart.

Sugiyama §13.3 (similarity W, L = D − W, XLXᵀξ = λXDXᵀξ (13.1), Figs 13.5, 13.8–13.10).
"""

from types import SimpleNamespace

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import LPP
from algorithms import PCA
from algorithms import class_separation
from algorithms import graph_components
from algorithms import heat_kernel_graph
from algorithms import knn_graph
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import matrix
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import graph_trace
from ui.polylines import graph_walk
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.dimensionality_reduction._common import class_labels
from views.dimensionality_reduction._common import colouring
from views.dimensionality_reduction._common import data_axes
from views.dimensionality_reduction._common import data_chart
from views.dimensionality_reduction._common import data_traces
from views.dimensionality_reduction._common import direction_angle
from views.dimensionality_reduction._common import fit_sample
from views.dimensionality_reduction._common import line_across

DATA = DataRequest("clustering", 2, "pca_stripes")
SIMILARITIES = ["heat", "knn"]
ROOT2 = float(1 / np.sqrt(2))  # the listing's exp(−d²) is the heat kernel with t = 1/√2
T_OPTIONS = [0.1, 0.2, 0.3, 0.5, ROOT2, 1.0, 2.0, 3.0, 5.0, 10.0]
MAX_GRAPH_EDGES = 6000
FIT_LIMIT = 2000  # the similarity W is n × n (the heat kernel joins all pairs): larger data are sampled


@st.cache_data(max_entries=64, show_spinner=False)
def fit_lpp(X, similarity, k, t_width):
    """LPP's direction and matrices beside PCA's direction; for the kNN graph, its edges and components."""
    lpp = LPP(
        1, n_neighbors=k if similarity == "knn" else None, t=t_width if similarity == "heat" else None
    ).fit(X)
    edges, components = None, 1
    if similarity == "knn":
        W = lpp.affinity_matrix_
        components = graph_components(W)[0]
        edges = np.column_stack(np.nonzero(np.triu(W, 1)))
    return SimpleNamespace(
        lpp_dir=lpp.components_[0],
        xi=lpp.projection_[0],
        lam=float(lpp.eigenvalues_[0]),
        pca_dir=PCA(1).fit(X).components_[0],
        mean=lpp.mean_,
        A=lpp.laplacian_scatter_,
        B=lpp.degree_scatter_,
        components=components,
        edges=edges,
        regularized=lpp.regularized_,
    )


def t_label(value: float) -> str:
    return "1/√2 ≈ 0.707" if abs(value - ROOT2) < 1e-9 else f"{value:g}"


def render(ctx, controls, main):
    data = ctx.data
    train = fit_sample(data.train, FIT_LIMIT)
    X, y = train.X, train.y
    n = len(X)
    with controls:
        similarity = choice(
            t("dr.similarity"),
            SIMILARITIES,
            "dr.similarity",
            catalogue_labels("dr.similarities"),
            horizontal=not ctx.projector,
        )
        k, t_width, show_graph = None, None, False
        if similarity == "heat":
            t_width = st.select_slider(
                t("dr.t"), T_OPTIONS, ROOT2, format_func=t_label, help=t("dr.t_help"), **bound("dr.t")
            )
        else:
            k = slider(t("dr.k"), 1, max(min(30, n - 1), 2), 10, "dr.k", help=t("dr.k_help"))
            show_graph = st.toggle(t("dr.show_graph"), value=True, **bound("dr.show_graph"))
        st.caption(t("dr.lpp_note"))
    if k is not None and k > n - 1:
        st.error(t("dr.too_few_for_k", n=n, k=k))
        return
    res = fitted(fit_lpp, X, similarity, k, t_width)
    if res is None:
        return
    axes = data_axes(train)
    fig = base_figure(ctx.style, axes)
    if show_graph and res.edges is not None:
        add_graph(fig, X, res.edges)
    fig.add_traces(data_traces(X, train, ctx.style))
    for direction, name, color, dash in (
        (res.pca_dir, t("dr.pca_line"), ALT_COLOR, "dash"),
        (res.lpp_dir, t("dr.lpp_line"), FIT_COLOR, "solid"),
    ):
        curve = Curve(name, *line_across(res.mean, direction, axes), color, dash, width_scale=1.2)
        fig.add_trace(line_trace(curve, ctx.style))
    Xc = X - res.mean
    z_pca, z_lpp = Xc @ res.pca_dir, Xc @ res.lpp_dir
    by_class = colouring(y)[0] == "classes"
    sep_pca = class_separation(z_pca, class_labels(y)) if by_class else None
    sep_lpp = class_separation(z_lpp, class_labels(y)) if by_class else None
    with main:
        if res.components > 1:
            st.warning(t("dr.disconnected", c=res.components, k=k))
        if res.regularized:
            st.info(t("dr.regularized"))
        st.caption(t("dr.lpp_title"))
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            data_chart(fig, data, axes, key="dr.lpp_chart", sampled=train is not data.train)
        with right:
            projection_histogram(z_pca, y, t("dr.hist_pca"), ALT_COLOR, ctx, "dr.hist_pca")
            projection_histogram(z_lpp, y, t("dr.hist_lpp"), FIT_COLOR, ctx, "dr.hist_lpp")
        metrics = [
            (t("dr.angle_pca"), f"{direction_angle(res.pca_dir):.1f}°"),
            (t("dr.angle_lpp"), f"{direction_angle(res.lpp_dir):.1f}°"),
            (t("dr.lpp_lambda"), fmt(res.lam)),
        ]
        if sep_pca is not None:
            metrics += [(t("dr.sep_pca"), fmt(sep_pca, 3)), (t("dr.sep_lpp"), fmt(sep_lpp, 3))]
        if similarity == "knn":
            metrics.append((t("dr.components"), str(res.components)))
        metrics_row(metrics)
    formulas = [
        similarity_formula(t_width, k, res.components),
        Formula(
            rf"XLX^\top\xi = \lambda XDX^\top\xi:\ {matrix(res.A)}\xi = \lambda{matrix(res.B)}\xi,\ "
            rf"\lambda_{{\min}} = {number(res.lam)},\ \xi = {vector(res.xi)}",
            "Sugiyama §13.3, (13.1); L = D − W, smallest λ kept",
        ),
        Formula(
            rf"T = \xi^\top / \|\xi\| = ({number(res.lpp_dir[0], 3)}, {number(res.lpp_dir[1], 3)})\ \ "
            rf"{tex('dr.tex.vs_pca')}\ ({number(res.pca_dir[0], 3)}, {number(res.pca_dir[1], 3)})",
            "Sugiyama §13.3, Figs 13.5 and 13.9",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(LPP, heat_kernel_graph if similarity == "heat" else knn_graph, projector=ctx.projector)


def add_graph(fig, X, edges):
    """The kNN graph's edges in light grey (only a caption when there are too many to draw)."""
    if len(edges) > MAX_GRAPH_EDGES:
        st.caption(t("dr.graph_too_big", edges=len(edges)))
        return
    fig.add_trace(graph_trace(graph_walk(X, edges), t("dr.graph"), "#bbbbbb", 0.8))


def similarity_formula(t_width, k, components) -> Formula:
    """W of the heat kernel (t given) or of the kNN graph (k given)."""
    if t_width is not None:
        return Formula(
            rf"W_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{2t^2}}\Big),\ t = {number(t_width)},"
            rf"\ 2t^2 = {number(2 * t_width**2)}",
            "Sugiyama §13.3, Fig 13.8 (listing Fig 13.10: 2t² = 1)",
        )
    return Formula(
        rf"W_{{ii'}} = 1\ {tex('dr.tex.if')}\ x_i \in \mathcal N_{{{k}}}(x_{{i'}})\ {tex('dr.tex.or')}\ "
        rf"x_{{i'}} \in \mathcal N_{{{k}}}(x_i),\ {tex('dr.tex.else')}\ 0;\ \ "
        + tex("dr.tex.components", c=components),
        "Sugiyama §13.3, Fig 13.8",
    )


def projection_histogram(z, y, title, color, ctx, key):
    """Histogram of a 1-D projection, one overlaid colour per class when y has classes."""
    lo, hi = padded_range(z, 0.05)
    edges = np.linspace(lo, hi, 31)
    centres = (edges[:-1] + edges[1:]) / 2
    kind, classes = colouring(y)
    if kind == "classes":
        labels = class_labels(y)
        groups = [
            (plain(str(c)), np.histogram(z[labels == c], edges)[0], CLASS_COLORS[j % len(CLASS_COLORS)])
            for j, c in enumerate(classes)
        ]
    else:
        groups = [("", np.histogram(z, edges)[0], color)]
    top = max(int(g[1].max()) for g in groups) * 1.15 + 1
    fig = base_figure(ctx.style, Axes((lo, hi), (0, top), "z", t("dr.count")), title, height=215)
    for name, counts, c in groups:
        fig.add_trace(
            go.Bar(
                x=centres,
                y=counts.astype(float),
                marker_color=c,
                opacity=0.75,
                name=name,
                showlegend=False,
                width=float(edges[1] - edges[0]),
            )
        )
    fig.update_layout(barmode="overlay", margin=dict(t=40, b=10))
    chart(fig, key=key)
