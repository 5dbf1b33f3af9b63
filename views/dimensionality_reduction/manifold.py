"""Kernel PCA and Laplacian eigenmaps (and linear PCA for contrast) on the Swiss roll or S-curve: the
3-D data as the book views it beside the 2-D embedding, and how well z₁ follows the roll.

Sugiyama §13.4 (kernel PCA, HKHα = λα) and §13.5 (Laplacian eigenmaps, Lα = λDα (13.2),
Figs 13.13–13.14); §13.2 (PCA).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import PCA
from algorithms import KernelPCA
from algorithms import LaplacianEigenmap
from algorithms import knn_graph
from algorithms import laplacian_eigenvectors
from algorithms import rank_correlation
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import padded_range
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.dimensionality_reduction._common import COLORSCALE
from views.dimensionality_reduction._common import class_labels
from views.dimensionality_reduction._common import colouring
from views.dimensionality_reduction._common import data_traces
from views.dimensionality_reduction._common import fit_sample

DATA = DataRequest("clustering", 3, "swiss_roll")
METHODS = ["le", "kpca", "pca"]
KPCA_LIMIT = 1000  # kernel PCA eigendecomposes the n × n centred kernel matrix: larger data are sampled


@st.cache_data(max_entries=24, show_spinner=False)
def fit_embedding(X, method, k, h):
    """The 2-D embedding, its two eigenvalues and the graph's number of components."""
    if method == "le":
        le = LaplacianEigenmap(2, k).fit(X)
        return le.embedding_, le.eigenvalues_, le.n_connected_components_
    if method == "kpca":
        kp = KernelPCA(2, h).fit(X)
        return kp.embedding_, kp.eigenvalues_, 1
    pca = PCA(2).fit(X)
    return pca.transform(X), pca.eigenvalues_, 1


def render(ctx, controls, main):
    data = ctx.data
    n = len(data.train.X)
    with controls:
        method = choice(t("dr.method"), METHODS, "dr.method", catalogue_labels("dr.methods"))
        k, h = 10, 3.0
        if method == "le":
            k = slider(t("dr.k_le"), 1, max(min(50, n - 1), 2), 10, "dr.k_le", help=t("dr.k_le_help"))
        elif method == "kpca":
            h = log_slider(t("dr.h"), "dr.h", -1, 2, 3.0, help=t("dr.h_help"))
        st.caption(t(f"dr.method_note.{method}"))
    train = fit_sample(data.train, KPCA_LIMIT) if method == "kpca" else data.train
    X, y, n = train.X, train.y, len(train.X)
    if method == "le" and k > n - 1:
        st.error(t("dr.too_few_for_k", n=n, k=k))
        return
    fit = fitted(fit_embedding, X, method, k if method == "le" else None, h if method == "kpca" else None)
    if fit is None:
        return
    Z, lam, components = fit
    kind, values = colouring(y)
    with main:
        if components > 1:
            st.warning(t("dr.disconnected", c=components, k=k))
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(scatter3d(X, y, train.feature_names, ctx), key="dr.roll_chart")
        with right:
            axes = Axes(padded_range(Z[:, 0]), padded_range(Z[:, 1]), "z₁", "z₂")
            fig = base_figure(ctx.style, axes, t(f"dr.embedding_title.{method}"))
            fig.add_traces(data_traces(Z, train, ctx.style, size_scale=0.6))
            chart(fig, key="dr.embedding_chart")
        rho = rank_correlation(Z[:, 0], values if kind == "values" else None)
        metrics_row(
            [
                (t("dr.n_points"), str(n)),
                (t("dr.eig1"), fmt(lam[0])),
                (t("dr.eig2"), fmt(lam[1])),
                (t("dr.unroll"), fmt(rho, 3)),
                (t("dr.components"), str(components) if method == "le" else "—"),
            ]
        )
    formula_panel(FORMULAS[method](lam, k, h), ctx.projector)
    code_view(*CODE[method], projector=ctx.projector)


def eigenmap_formulas(lam, k, h) -> list[Formula]:
    return [
        Formula(
            rf"W = {tex('dr.tex.knn_graph', k=k)},\ D = \operatorname{{diag}}(W\mathbf 1),\ "
            r"L = D - W,\ L\mathbf 1 = \mathbf 0",
            "Sugiyama §13.5, Fig 13.14 listing (self-loops, OR rule; W=(W+W'~=0))",
        ),
        Formula(
            rf"L\alpha = \lambda D\alpha:\ \lambda_n = 0\ "
            rf"(\alpha_n = \mathbf 1,\ {tex('dr.tex.dropped')}),\ "
            rf"\lambda_{{n-1}} = {number(lam[0])},\ \lambda_{{n-2}} = {number(lam[1])};\ "
            r"z_i = (\alpha_{n-1,i},\ \alpha_{n-2,i})",
            "Sugiyama §13.5, (13.2)",
        ),
    ]


def kernel_pca_formulas(lam, k, h) -> list[Formula]:
    return [
        Formula(
            rf"K_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{2h^2}}\Big),\ h = {number(h)},\ "
            r"H = I_n - \tfrac1n\mathbf 1\mathbf 1^\top",
            "Sugiyama §13.4",
        ),
        Formula(
            rf"HKH\alpha_j = \lambda_j\alpha_j:\ \lambda_1 = {number(lam[0])},\ "
            rf"\lambda_2 = {number(lam[1])};\ "
            r"z_{ij} = \sqrt{\lambda_j}\,\alpha_{ij}\ \ (\|\xi_j\| = \sqrt{\lambda_j})",
            "Sugiyama §13.4",
        ),
    ]


def pca_formulas(lam, k, h) -> list[Formula]:
    return [
        Formula(
            rf"C\xi = \lambda\xi:\ \lambda_1 = {number(lam[0])},\ \lambda_2 = {number(lam[1])},\ "
            r"z_i = T x_i,\ T = (\xi_1, \xi_2)^\top",
            "Sugiyama §13.2",
        )
    ]


FORMULAS = {"le": eigenmap_formulas, "kpca": kernel_pca_formulas, "pca": pca_formulas}
CODE = {"le": (LaplacianEigenmap, knn_graph, laplacian_eigenvectors), "kpca": (KernelPCA,), "pca": (PCA,)}


def scatter3d(X, y, names, ctx) -> go.Figure:
    """The 3-D data seen as in Sugiyama Fig 13.13(a): MATLAB view([15 10]) (azimuth 15°, elevation 10°)."""
    az, el = np.radians(15.0), np.radians(10.0)
    eye = 2.4 * np.array([np.cos(el) * np.sin(az), -np.cos(el) * np.cos(az), np.sin(el)])
    kind, info = colouring(y)
    marker = dict(size=max(2.5, ctx.style.marker_size * 0.4), color=BLUE, line=dict(width=0))
    if kind == "values":
        marker.update(color=info, colorscale=COLORSCALE)
    elif kind == "classes":
        index = np.searchsorted(info, class_labels(y))
        marker["color"] = np.array(CLASS_COLORS)[index % len(CLASS_COLORS)]
    fig = go.Figure(
        go.Scatter3d(
            x=X[:, 0],
            y=X[:, 1],
            z=X[:, 2],
            mode="markers",
            marker=marker,
            name=t("dr.data_points"),
            hoverinfo="skip",
        )
    )
    scene = dict(
        camera=dict(eye=dict(x=eye[0], y=eye[1], z=eye[2]), up=dict(x=0, y=0, z=1)), aspectmode="cube"
    )
    for axis, j in (("xaxis", 0), ("yaxis", 1), ("zaxis", 2)):
        scene[axis] = dict(range=list(padded_range(X[:, j], 0.04)), title=dict(text=plain(names[j])))
    fig.update_layout(
        height=ctx.style.figure_height,
        margin=dict(l=0, r=0, t=50, b=0),
        scene=scene,
        uirevision="dr.roll",
        font=dict(size=ctx.style.font_size),
        title=dict(text=t("dr.roll_title"), font=dict(size=ctx.style.title_size)),
    )
    return fig
