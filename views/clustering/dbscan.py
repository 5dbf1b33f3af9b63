"""Density clustering (DBSCAN): clusters growing point by point from the core points' ε-balls, the
noise marked last, and the k-distance plot that helps to choose ε.

Seed 003 §3.1 (density clustering; DBSCAN named); Ester et al. 1996.
"""

import numpy as np
import streamlit as st

from algorithms import DBSCAN
from algorithms.clustering import k_distances
from ui.charts import chart
from ui.controls import number_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import discrete_scale
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from ui.views import fit_subset
from ui.views import fitted
from views.clustering._common import ari_text
from views.clustering._common import cluster_symbols
from views.clustering._common import data_axes
from views.clustering._common import points_dict
from views.clustering._stepping import clickable_stepper
from views.clustering._stepping import data_static
from views.clustering._stepping import edit_mode

EPS_OPTIONS = [float(f"{m}e{e}") for e in range(-2, 1) for m in (1, 1.5, 2, 3, 4, 5, 6, 8)] + [10.0]
FIT_LIMIT = 2000  # DBSCAN's ε-neighbourhoods compare all pairs (n × n): larger data are sampled


@st.cache_data(max_entries=32, show_spinner=False)
def fit_dbscan(X, eps, min_pts):
    return DBSCAN(eps, min_pts).fit(X), k_distances(X, min_pts)


def render(ctx, controls, main):
    data = ctx.data
    idx = fit_subset(len(data.train.X), FIT_LIMIT)
    X, truth = data.train.X[idx], data.own_groups()
    truth = None if truth is None else truth[idx]
    with controls:
        eps = number_slider(t("clu.eps"), "clu.eps", EPS_OPTIONS, 0.8, help=t("clu.eps_help"))
        min_pts = slider(t("clu.min_pts"), 1, 30, 10, "clu.min_pts", help=t("clu.min_pts_help"))
    axes = data_axes(data.train)
    with main:
        mode = edit_mode(len(X) < len(data.train.X))
        if (fit := fitted(fit_dbscan, X, eps, min_pts)) is None:
            return
        model, kdist = fit
        counts = {kind: int(np.sum(model.point_type_ == kind)) for kind in ("core", "border", "noise")}
        if model.n_clusters_ == 0:
            st.info(t("clu.all_noise"))
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            dbscan_stepper(ctx, X, model, eps, axes, mode)
        with right:
            kdist_chart(kdist, eps, min_pts, ctx)
        metrics_row(
            [
                (t("clu.n_found"), str(model.n_clusters_)),
                (t("clu.n_core"), str(counts["core"])),
                (t("clu.n_border"), str(counts["border"])),
                (t("clu.n_noise"), str(counts["noise"])),
                (t("clu.ari"), ari_text(truth, model.labels_)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"N_\varepsilon(x) = \{{x' : \|x - x'\| \le \varepsilon\}},\ \varepsilon = {number(eps)}",
                "seed 003 §3.1 (density clustering; DBSCAN named); Ester et al. 1996",
            ),
            Formula(
                rf"\mathcal K = \{{x_i : |N_\varepsilon(x_i)| \ge \mathrm{{MinPts}}\}},\ \mathrm{{MinPts}} = "
                rf"{min_pts},\ |\mathcal K| = {counts['core']},\ "
                rf"n_{{\mathrm{{border}}}} = {counts['border']},\ "
                rf"n_{{\mathrm{{noise}}}} = {counts['noise']},\ c = {model.n_clusters_}",
                "Ester et al. 1996 (a cluster = core points linked by ε-neighbourhoods, plus their border)",
            ),
        ],
        ctx.projector,
    )
    code_view(DBSCAN, projector=ctx.projector)


def dbscan_stepper(ctx, X, model, eps, axes, mode):
    """Clusters growing point by point (expansion order), then the noise marked."""
    order, final = model.expansion_order_, model.labels_
    cuts = np.unique(np.linspace(0, len(order), min(len(order), 38) + 1).round().astype(int))
    n_steps = len(cuts) + 1
    core = np.zeros(len(X), bool)
    core[model.core_sample_indices_] = True
    sizes = np.where(core, ctx.style.marker_size * 1.15, ctx.style.marker_size * 0.7)
    codes = np.maximum(final, 0)
    colors = (codes % len(CLASS_COLORS)).astype(float)
    symbols = cluster_symbols(int(codes.max(initial=0)) + 1)[codes]
    scale = discrete_scale(CLASS_COLORS)
    circle = np.linspace(0, 2 * np.pi, 60)

    def reached(s):
        return order[: cuts[min(s, len(cuts) - 1)]]

    def frame(s):
        done = reached(s)
        last = s == n_steps - 1
        rest = np.setdiff1d(np.arange(len(X)), done)
        waiting, noise = (rest[:0], rest) if last else (rest, rest[:0])
        centre = X[order[-1]] if last and len(order) else X[done[-1]] if len(done) else X[0]
        return [
            points_dict(X[waiting], t("clu.unvisited"), ctx.style, "#c8c8c8", customdata=waiting, scale=0.7),
            dict(
                type="scatter",
                mode="markers",
                x=X[done, 0],
                y=X[done, 1],
                name=t("clu.clustered"),
                customdata=done,
                marker=dict(
                    color=colors[done],
                    symbol=symbols[done],
                    size=sizes[done],
                    colorscale=scale,
                    cmin=-0.5,
                    cmax=len(CLASS_COLORS) - 0.5,
                    line=dict(width=1, color="white"),
                ),
            ),
            points_dict(
                X[noise], t("clu.noise"), ctx.style, BLACK, "x-thin-open", customdata=noise, scale=0.9
            ),
            dict(
                type="scatter",
                mode="lines",
                x=centre[0] + eps * np.cos(circle),
                y=centre[1] + eps * np.sin(circle),
                name=t("clu.eps_ball"),
                line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 0.7),
            ),
        ]

    def label(s):
        if s == n_steps - 1:
            return t("clu.db_label_final", k=model.n_clusters_, noise=int(np.sum(final < 0)))
        done = reached(s)
        if not len(done):
            return t("clu.db_label_start", n=len(X))
        return t("clu.db_label", m=len(done), n=len(X), k=int(final[done[-1]]) + 1)

    def details(s):
        done = reached(s)
        return t("clu.db_details", m=len(done), core=int(core[done].sum()), border=int((~core[done]).sum()))

    view = StepView(data_static(ctx, axes, mode is not None), frame, label, details)
    clickable_stepper("clu.db", n_steps, view, ctx.data, mode)


def kdist_chart(kdist, eps, min_pts, ctx):
    finite = np.sort(kdist[np.isfinite(kdist)])[::-1]
    if not len(finite):
        st.caption(t("clu.kdist_none", m=min_pts))
        return
    rank = np.arange(1, len(finite) + 1, dtype=float)
    axes = Axes(
        (0, rank[-1] + 1),
        (0, max(float(finite.max()), eps) * 1.1),
        t("clu.kdist_rank"),
        t("clu.kdist", m=min_pts),
    )
    fig = curves_figure(
        [
            Curve(t("clu.kdist_curve"), rank, finite, CLASS_COLORS[0]),
            Curve(f"ε = {eps:g}", np.array([0.0, rank[-1] + 1]), np.full(2, eps), ALT_COLOR, "dash"),
        ],
        axes,
        ctx.style,
        title=t("clu.kdist_title"),
        height=ctx.style.figure_height,
    )
    chart(fig, key="clu.kdist")
    st.caption(t("clu.kdist_caption"))
