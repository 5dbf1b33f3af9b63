"""Choosing the number of clusters and the graph's k: the k-means elbow curve, and the SMI (LSMI)
estimate of spectral clustering's labels against the k of its kNN graph, with the CV table of the
selected k and its labels.

Sugiyama §14.1 (objective J), §14.4 (SMI, LSMI; Figs 14.8–14.9); seed 003 §3.2 (elbow).
"""

import numpy as np
import streamlit as st

from algorithms import elbow_curve
from algorithms import knn_smi_curve
from algorithms import lsmi
from ui.charts import chart
from ui.controls import number_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_list
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.progress import progress_bar
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR
from ui.views import fit_subset
from views.clustering._common import MAX_K
from views.clustering._common import SIDE_HEIGHT
from views.clustering._common import cluster_traces
from views.clustering._common import data_axes
from views.clustering._common import k_slider
from views.clustering._common import points_dict
from views.clustering._common import ring_trace
from views.clustering._common import subsample

SMI_GRID = [3, 5, 7, 10, 15, 20, 30]  # k of the kNN graph for the SMI curve (Fig 14.8)
MAX_N = 500  # larger data are subsampled (spectral clustering and LSMI for every k)
ELBOW_LIMIT = 1000  # the elbow runs k-means 5 times for each of 10 k: larger data are sampled


@st.cache_data(max_entries=16, show_spinner=False)
def elbow(X, ks):
    return elbow_curve(X, ks, init="k-means++", n_init=5, random_state=0)


@st.cache_data(max_entries=16, show_spinner=False)
def smi_against_knn(X, c, grid, _progress=None):
    """SMI estimate of spectral clustering's labels for each k of the kNN graph (Fig 14.8)."""
    return knn_smi_curve(X, c, grid, random_state=0, progress=_progress)


@st.cache_data(max_entries=16, show_spinner=False)
def smi_of(X, labels):
    return lsmi(X, labels, random_state=0)


def ties(values: np.ndarray, tol: float = 1e-4) -> list[int]:
    """Indices of the largest value and of every value within ``tol`` of it (SMI plateaus)."""
    return [int(i) for i in np.flatnonzero(values >= values.max() - tol)]


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        c = k_slider()
        smi_k = number_slider(t("clu.smi_k"), "clu.smi_k", SMI_GRID, 10, help=t("clu.smi_k_help"))
    ks = list(range(1, min(MAX_K, len(data.train.X)) + 1))
    with main:
        J = elbow(data.train.X[fit_subset(len(data.train.X), ELBOW_LIMIT)], tuple(ks))
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            elbow_chart(ks, J, c, ctx)
        with right:
            if c < 2:
                st.warning(t("clu.spectral_two"))
                return
            X, truth, _ = subsample(data.train.X, data.own_groups(), MAX_N)
            grid = tuple(k for k in SMI_GRID if k <= len(X) - 2)
            if len(X) < 10 or c > len(X) // 3 or not grid:
                st.error(t("clu.smi_small", n=len(X), c=c))
                return
            with progress_bar(t("clu.computing")) as report:
                results, labels = smi_against_knn(X, c, grid, _progress=report)
            reference = smi_of(X, truth) if truth is not None else None
            smi = np.array([r.smi for r in results])
            smi_chart(grid, smi, smi_k, reference, ctx)
        selected = grid.index(smi_k) if smi_k in grid else int(np.argmax(smi))
        result = results[selected]
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            cv_chart(result, grid[selected], ctx)
        with right:
            labels_chart(X, labels[selected], c, grid[selected], ctx)
        best = ties(smi)
        metrics_row(
            [
                (t("clu.best_knn"), ", ".join(str(grid[i]) for i in best)),
                (t("clu.smi_max"), f"{smi.max():.4f}"),
                (t("clu.smi_true"), "—" if reference is None else f"{reference.smi:.4f}"),
                (t("clu.objective_at", c=c), fmt(J[c - 1]) if c <= len(J) else "—"),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"\widehat{{SMI}} = \tfrac12 \hat h^\top(\hat G + \lambda I)^{{-1}}\hat h - \tfrac12 = "
                rf"{number(result.smi)},\ \kappa = {number(result.sigma)},\ \lambda = {number(result.lam)}\ "
                rf"(k = {grid[selected]})",
                r"Sugiyama §14.4, Fig 14.9 listing (misprints u\~i, k{y==j,:} read as u\~=i, k(y==j,:); §22)",
            ),
            Formula(
                r"w_\alpha(x, y) = \sum_{j:\,y_j = y} \alpha_j "
                r"\exp\!\Big(-\frac{\|x - x_j\|^2}{2\kappa^2}\Big),"
                r"\ \hat G_y = \frac{n_y}{n^2}K_y^\top K_y,\ \hat h_y = \frac1n\sum_{i:\,y_i=y} k_y(x_i)",
                "Sugiyama §14.4 (per-cluster Gaussian basis)",
            ),
            Formula(
                r"J(c) = \min \sum_i \|x_i - \mu_{y_i}\|^2:\ "
                + latex_list([f"J({k}) = {number(v, 3)}" for k, v in zip(ks, J, strict=True)], max_items=6),
                "Sugiyama §14.1; seed 003 §3.2 (elbow: J always falls as c grows)",
            ),
        ],
        ctx.projector,
    )
    code_view(lsmi, projector=ctx.projector)


def elbow_chart(ks, J, c, ctx):
    ks_arr = np.asarray(ks, float)
    fig = curves_figure(
        [Curve(t("clu.objective"), ks_arr, J, CLASS_COLORS[0])],
        Axes((0.5, ks_arr.max() + 0.5), (0, J.max() * 1.08 or 1.0), t("clu.n_clusters"), t("clu.objective")),
        ctx.style,
        title=t("clu.elbow_title"),
        height=SIDE_HEIGHT + 40,
        markers=True,
    )
    if c <= len(J):
        fig.add_trace(
            points_dict(
                [[c, J[c - 1]]], t("clu.chosen_c", c=c), ctx.style, HIGHLIGHT_COLOR, "star", scale=2.0
            )
        )
    chart(fig, key="clu.elbow")


def smi_chart(grid, smi, smi_k, reference, ctx):
    g = np.asarray(grid, float)
    values = smi if reference is None else np.append(smi, reference.smi)
    lo, hi = float(values.min()), float(values.max())
    pad = max((hi - lo) * 0.15, 0.002)
    axes = Axes((g.min() * 0.8, g.max() * 1.2), (lo - pad, hi + pad), t("clu.knn_axis"), "SMI")
    fig = curves_figure(
        [Curve(t("clu.smi"), g, smi, FIT_COLOR)],
        axes,
        ctx.style,
        title=t("clu.smi_title"),
        height=SIDE_HEIGHT + 90,
        markers=True,
        legend_rows=4,
    )
    ticks = dict(tickvals=g, ticktext=[str(k) for k in grid])
    fig.update_xaxes(type="log", range=list(np.log10(axes.x_range)), **ticks)
    if reference is not None:
        fig.add_trace(
            line_trace(
                Curve(
                    t("clu.smi_true"),
                    np.array(axes.x_range),
                    np.full(2, reference.smi),
                    TRUTH_COLOR,
                    "dash",
                    0.7,
                ),
                ctx.style,
            )
        )
    best = ties(smi)
    fig.add_trace(
        points_dict(
            np.column_stack([g[best], smi[best]]),
            t("clu.smi_best"),
            ctx.style,
            HIGHLIGHT_COLOR,
            "star",
            scale=2.0,
        )
    )
    if smi_k in grid:
        i = grid.index(smi_k)
        fig.add_trace(ring_trace([[g[i], smi[i]]], t("clu.selected_k"), ctx.style))
    chart(fig, key="clu.smi_curve")


def cv_chart(result, knn, ctx):
    """The held-out LSMI objective over (κ, λ) for the selected k, its minimum starred."""
    scores = result.cv_scores.T
    heat = heatmap_figure(
        scores,
        [f"{v:g}" for v in result.sigmas],
        [f"{v:g}" for v in result.lams],
        ("κ", "λ"),
        ctx.style,
        best=np.unravel_index(np.argmin(scores), scores.shape),
        colorbar_title="CV J",
        title=t("clu.cv_title", k=knn),
        best_name=t("clu.cv_best"),
        height=SIDE_HEIGHT + 40,
    )
    chart(heat, key="clu.smi_cv")


def labels_chart(X, labels, c, knn, ctx):
    fig = base_figure(ctx.style, data_axes(ctx.data.train), t("clu.labels_at", k=knn), SIDE_HEIGHT + 40)
    fig.add_traces(cluster_traces(X, labels, c, ctx.style, scale=0.7))
    chart(fig, key="clu.smi_labels")
