"""Kernel k-means step by step, and how much it depends on its start: the same data and width h
from six random starts, side by side (click one to step through it).

Sugiyama §14.2 (k-means in the feature space of the Gaussian kernel; local minima).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import KernelKMeans
from algorithms import kernel_kmeans_starts
from algorithms.clustering import LANDMARKS
from algorithms.clustering import adjusted_rand_index
from ui.charts import chart
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_list
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import discrete_scale
from ui.figures import grid_points
from ui.frame import columns_or_stacked
from ui.i18n import current_language
from ui.i18n import t
from ui.panels import gallery_layout
from ui.panels import panels_figure
from ui.regions import region_trace
from ui.stepper import StepView
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.clustering._common import ari_text
from views.clustering._common import data_axes
from views.clustering._common import first_picked
from views.clustering._common import k_slider
from views.clustering._common import ring_trace
from views.clustering._common import seed_slider
from views.clustering._common import stepping_points
from views.clustering._common import subsample
from views.clustering._common import too_few
from views.clustering._stepping import clickable_stepper
from views.clustering._stepping import data_static
from views.clustering._stepping import edit_mode

MAX_N = 5000  # larger data are subsampled
EXACT_N = 600  # up to here the exact n × n kernel, above it Nyström with LANDMARKS landmarks (said on screen)
GALLERY = 6  # kernel k-means starts compared side by side


def kernel_resolution(n: int) -> int:
    """The grid × training kernel matrix stays below ~4 million entries."""
    return int(np.clip(np.sqrt(4e6 / max(n, 1)), 30, 80))


def landmarks(n: int) -> int | None:
    """The view's kernel: exact up to EXACT_N points (six starts are fitted), else Nyström."""
    return None if n <= EXACT_N else LANDMARKS


@st.cache_data(max_entries=32, show_spinner=False)
def fit_kernel_kmeans(X, k, h, seed, x_range, y_range):
    model = KernelKMeans(k, h, random_state=seed, n_landmarks=landmarks(len(X))).fit(X)
    res = kernel_resolution(len(X))
    _, _, grid = grid_points(x_range, y_range, res)
    return model, model.predict_steps(grid).reshape(-1, res, res).astype(np.uint8)


@st.cache_data(max_entries=16, show_spinner=False)
def kernel_gallery(X, k, h, first_seed):
    return kernel_kmeans_starts(X, k, h, range(first_seed, first_seed + GALLERY), landmarks(len(X)))


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        k = k_slider()
        h = log_slider(t("clu.h"), "clu.h", -2, 1, 1.0, help=t("clu.h_help"))
        seed = seed_slider()
    axes = data_axes(data.train)
    with main:
        X, truth, cut = subsample(data.train.X, data.own_groups(), MAX_N)
        mode = edit_mode(cut)
        if too_few(len(X), k):
            return
        if (fit := fitted(fit_kernel_kmeans, X, k, h, seed, axes.x_range, axes.y_range)) is None:
            return
        model, regions = fit
        if model.approximated_:
            st.info(t("clu.kk_nystrom", m=model.n_landmarks_, n=len(X), exact=EXACT_N))
        history = model.history_
        res = regions.shape[1]
        gx, gy = np.linspace(*axes.x_range, res), np.linspace(*axes.y_range, res)

        def frame(s):
            moved = np.flatnonzero(history[s].labels != history[s - 1].labels) if s else np.zeros(0, int)
            return [
                region_trace(gx, gy, regions[s], k),
                *stepping_points(X, history[s].labels, k, ctx.style),
                ring_trace(X[moved], t("clu.moved"), ctx.style, customdata=moved),
            ]

        def details(s):
            return t(
                "clu.kk_details" if s else "clu.kk_details_start",
                it=s,
                moved=history[s].moved,
                J=fmt(history[s].objective),
            )

        view = StepView(
            data_static(ctx, axes, mode is not None),
            frame,
            lambda s: t("clu.kk_label", it=s, J=fmt(history[s].objective)),
            details,
        )
        gallery = kernel_gallery(X, k, h, seed)
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            clickable_stepper("clu.kk", len(history), view, data, mode)
        with right:
            chart(
                gallery_figure(X, k, h, seed, axes, truth, ctx.style, current_language()),
                key="clu.kk_gallery",
                on_select=pick_seed,
            )
            st.caption(t("clu.gallery_caption"))
        Js = [m.objective_ for m in gallery]
        metrics_row(
            [
                (t("clu.objective_feature"), fmt(model.objective_)),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("clu.gallery_spread"), f"{fmt(min(Js))} – {fmt(max(Js))}"),
                (t("clu.ari"), ari_text(truth, model.labels_)),
            ]
        )
    counts = np.bincount(model.labels_, minlength=k)
    formula_panel(
        [
            Formula(
                r"y \leftarrow \arg\min_y \Big[-\frac{2}{n_y}\sum_{i:\,y_i=y} K(x, x_i) + \frac{1}{n_y^2}"
                rf"\sum_{{i,i':\,y_i=y_{{i'}}=y}} K(x_i, x_{{i'}})\Big],\ K(x,x') = "
                rf"\exp\!\Big(-\frac{{\|x-x'\|^2}}{{2\cdot {number(h)}^2}}\Big)",
                "Sugiyama §14.2",
            ),
            Formula(
                rf"J = \sum_i \|\psi(x_i) - \mu_{{y_i}}\|^2 = \sum_i K_{{ii}} - \sum_y \frac{{1}}{{n_y}}"
                rf"\sum_{{i,i' \in y}} K_{{ii'}} = {number(model.objective_)},\ (n_1, \dots, n_c) = "
                rf"({latex_list(list(counts))})",
                "Sugiyama §14.2 (feature-space k-means objective)",
            ),
        ],
        ctx.projector,
    )
    code_view(KernelKMeans, projector=ctx.projector)


@st.cache_resource(max_entries=16, show_spinner=False)
def gallery_figure(X, k, h, first_seed, axes, truth, style, lang) -> go.Figure:
    """The same data and h from six starts: kernel k-means ends in different places (Sugiyama §14.2).

    Cached as a finished figure (never changed after this): it only depends on these arguments.
    """
    models = kernel_gallery(X, k, h, first_seed)
    titles = [
        t(
            "clu.gallery_title",
            seed=first_seed + i,
            J=fmt(m.objective_, 3),
            ari=""
            if truth is None
            else t("clu.gallery_ari", ari=f"{adjusted_rand_index(truth, m.labels_):.2f}"),
        )
        for i, m in enumerate(models)
    ]
    scale = discrete_scale(CLASS_COLORS)  # numeric colours: 5 000 colour names are a lot of JSON
    marker = dict(colorscale=scale, cmin=-0.5, cmax=len(CLASS_COLORS) - 0.5,
                  size=max(3, style.marker_size * 0.55))
    panels = [
        [
            dict(
                type="scatter",
                x=X[:, 0],
                y=X[:, 1],
                mode="markers",
                showlegend=False,
                hoverinfo="none",
                marker=dict(color=(model.labels_ % len(CLASS_COLORS)).astype(float), **marker),
                customdata=np.full(len(X), first_seed + i),
            )
        ]
        for i, model in enumerate(models)
    ]
    layout = gallery_layout(style, t("clu.gallery"), style.figure_height + 160, clickmode="event+select",
                            dragmode=False)
    return panels_figure(panels, titles, axes, style, spacing=(0.05, 0.09), **layout)


def pick_seed():
    if (seed := first_picked("clu.kk_gallery")) is not None:
        st.session_state["clu.init_seed"] = seed
