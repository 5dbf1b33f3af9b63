"""Spectral clustering in three pictures: the kNN graph with the final labels, the Laplacian
embedding, and k-means stepping in that embedding; a warning when the graph's components and the
clusters do not match.

Sugiyama §13.5 (Laplacian eigenmap, (13.2)), §14.3 (Figs 14.4–14.6 and the listing).
"""

import numpy as np
import streamlit as st

from algorithms import SpectralClustering
from algorithms import knn_graph
from algorithms.decomposition import laplacian_eigenvectors
from ui.charts import chart
from ui.controls import slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_list
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import padded_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import graph_trace
from ui.polylines import graph_walk
from ui.polylines import polylines
from ui.stepper import StepView
from ui.theme import BLACK
from ui.views import fitted
from views.clustering._common import P
from views.clustering._common import ari_text
from views.clustering._common import centre_trace
from views.clustering._common import cluster_traces
from views.clustering._common import data_axes
from views.clustering._common import k_slider
from views.clustering._common import seed_slider
from views.clustering._common import subsample
from views.clustering._stepping import clickable_stepper
from views.clustering._stepping import edit_mode

MAX_N = 1000  # larger data are subsampled (the eigenproblem costs O(n³))


@st.cache_data(max_entries=32, show_spinner=False)
def fit_spectral(X, c, knn, seed):
    model = SpectralClustering(c, knn, random_state=seed).fit(X)
    return model, graph_walk(X, np.argwhere(np.triu(model.affinity_matrix_, 1)))


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        c = k_slider()
        knn = slider(t("clu.knn"), 1, 50, 10, "clu.knn", help=t("clu.knn_help"))
        seed = seed_slider()
    with main:
        X, truth, cut = subsample(data.train.X, data.own_groups(), MAX_N)
        n = len(X)
        if c < 2:
            st.warning(t("clu.spectral_two"))
            return
        if n < 4 or c > n - 1 or knn > n - 1:
            st.error(t("clu.spectral_small", n=n, c=c, knn=knn))
            return
        if (fit := fitted(fit_spectral, X, c, knn, seed)) is None:
            return
        model, walk = fit
        components_message(model.n_connected_components_, knn, c)
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            graph_chart(ctx, X, walk, model.labels_, c, cut)
        with right:
            embedding_stepper(ctx, model, c)
        metrics_row(
            [
                (t("clu.components"), str(model.n_connected_components_)),
                (t("clu.lambda2"), f"{model.eigenvalues_[0]:.3g}"),
                (t("clu.objective_embedding"), fmt(model.kmeans_.inertia_)),
                (t("clu.ari"), ari_text(truth, model.labels_)),
            ]
        )
    degrees = model.affinity_matrix_.sum(1)
    formula_panel(
        [
            Formula(
                rf"W_{{ii'}} = 1 \iff x_i \in N_{{{knn}}}(x_{{i'}}) \lor x_{{i'}} \in N_{{{knn}}}(x_i),\ "
                rf"D_{{ii}} = \sum_{{i'}} W_{{ii'}} \in [{int(degrees.min())}, {int(degrees.max())}]",
                r"Sugiyama §13.5 and Fig 14.6 listing (self-loops kept; W=(W+W'\~=0), erratum §22)",
            ),
            Formula(
                rf"L\alpha = \lambda D\alpha,\ L = D - W:\ \lambda_1 = 0\ (\alpha = \mathbf 1),\ "
                rf"(\lambda_2, \dots, \lambda_{{{c}}}) = "
                rf"({latex_list(list(model.eigenvalues_), max_items=6)})",
                "Sugiyama §13.5, (13.2); §14.3 step 1 (trivial vector removed)",
            ),
            Formula(
                rf"z_i = (\alpha_{{2,i}}, \dots, \alpha_{{{c},i}}) \in \mathbb R^{{{c - 1}}},\ "
                rf"y = \operatorname{{kmeans}}_{{{c}}}(z_1, \dots, z_n):\ "
                rf"J = {number(model.kmeans_.inertia_)}",
                "Sugiyama §14.3, Fig 14.4 step 2",
            ),
        ],
        ctx.projector,
    )
    code_view(SpectralClustering, knn_graph, laplacian_eigenvectors, projector=ctx.projector)


def components_message(n_comp: int, knn: int, c: int) -> None:
    if n_comp == 1:
        return
    text = t("clu.components_warning", n=n_comp, k=knn)
    if n_comp == c:
        st.info(f"{text} {t('clu.components_equal', c=c)}", icon=":material/info:")
    elif n_comp > c:
        st.warning(f"{text} {t('clu.components_more', c=c)}", icon=":material/warning:")
    else:
        st.warning(f"{text} {t('clu.components_fewer', c=c)}", icon=":material/warning:")


def graph_chart(ctx, X, walk, labels, c, cut):
    data = ctx.data
    axes = data_axes(data.train)
    fig = base_figure(ctx.style, axes, t("clu.graph_title"), int(ctx.style.figure_height * 1.05), 2)
    fig.add_trace(graph_trace(walk, t("clu.edges"), "#b5b5b5", 1))
    fig.add_traces(cluster_traces(X, labels, c, ctx.style))
    if edit_mode(cut) is None:
        chart(fig, key="clu.sc_graph")
    else:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="clu.sc_graph")


def embedding_stepper(ctx, model, c):
    Z, history = model.embedding_, model.history_
    n = len(Z)
    one_d = Z.shape[1] == 1
    if one_d:
        E = np.column_stack([Z[:, 0], np.arange(n, dtype=float)])
        axes = Axes(padded_range(Z[:, 0], 0.1), (-0.03 * n, 1.03 * n), "z₁", t("clu.sample_index"))
    else:
        E = Z[:, :2]
        axes = Axes(padded_range(Z[:, 0], 0.1), padded_range(Z[:, 1], 0.1), "z₁", "z₂")
    static = base_figure(ctx.style, axes, " ", int(ctx.style.figure_height * 0.9), 2)

    def frame(s):
        centers = np.asarray(history[s].centers)
        traces = cluster_traces(E, history[s].labels, c, ctx.style)
        if one_d:
            ends = np.array([[[m, axes.y_range[0]], [m, axes.y_range[1]]] for m in centers[:, 0]])
            x, y = polylines(ends)
            traces.append(
                dict(
                    type="scatter",
                    mode="lines",
                    x=x,
                    y=y,
                    name=t("clu.centres"),
                    line=dict(color=BLACK, width=ctx.style.line_width * 0.6, dash="dash"),
                )
            )
            traces.append(
                {
                    **centre_trace(np.column_stack([centers[:, 0], np.full(c, n / 2)]), ctx.style, ""),
                    "showlegend": False,
                }
            )
        else:
            traces.append(centre_trace(centers[:, :2], ctx.style, t("clu.centres")))
        return traces

    distinct = len(np.unique(Z.round(8), axis=0))
    view = StepView(
        static,
        frame,
        lambda s: t(f"clu.sc_label_{history[s].kind}", it=history[s].step, J=fmt(history[s].objective)),
        lambda s: t("clu.sc_details", distinct=distinct, dim=Z.shape[1]),
    )
    clickable_stepper("clu.sc", len(history), view, shortcuts=False)
