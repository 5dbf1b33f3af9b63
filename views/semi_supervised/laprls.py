"""Laplacian-regularised least squares against the supervised fit (Sugiyama §16.1–16.3, Figs 16.3–16.4).

Left: LapRLS, whose Laplacian term makes f smooth along the data, so two labels spread over their
moons. Right: ν = 0 on the labelled points alone (kernels centred at them), ordinary ℓ2-regularised kernel
least squares: a straight boundary halfway between two labels, as in Fig 16.3(b). (With centres at
all points, ν = 0 leaves f ≈ 0 away from the labels and its sign is round-off.) Click a point to
label it (with its true class) or unlabel it.
"""

from __future__ import annotations

import streamlit as st

from algorithms import LapRLS
from ui.charts import chart
from ui.charts import clicked_points
from ui.contours import level_polylines
from ui.contours import level_trace
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.figures import base_figure
from ui.figures import grid_points
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import TRUTH_COLOR
from ui.views import fitted
from views.semi_supervised._labels import reset_button
from views.semi_supervised._labels import sample_index
from views.semi_supervised._labels import targets
from views.semi_supervised._labels import toggle

MOONS_DATA = DataRequest("classification", 2, "laprls_moons")
SIMILARITIES = ["full", "knn"]
VARIANTS = ["book", "exact"]
NUS = [0.0, 0.01, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0]
RESOLUTION = 90


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, y, lam, nu, h, k, variant, grid):
    """LapRLS and the supervised fit (ν = 0 on the labelled points only), with f on the grid."""
    labelled = y != 0
    models = [LapRLS(lam, nu, h, k, variant).fit(X, y),
              LapRLS(lam, 0.0, h, None, variant).fit(X[labelled], y[labelled])]
    return models, [m.decision_function(grid) for m in models]


def panel(ctx, X, truth, labelled, classes, f_grid, axes, gx, gy, title, index):
    """Decision regions sign f, the boundary f = 0, unlabelled dots and labelled markers (customdata:
    ``index``, the points' indices in the data, for clicks)."""
    style = ctx.style
    fig = base_figure(style, axes, title, legend_rows=2)
    fig.add_trace(region_trace(gx, gy, (f_grid >= 0).reshape(len(gy), len(gx)), 2))
    xs, ys = level_polylines(gx, gy, f_grid.reshape(len(gy), len(gx)), 0.0)
    fig.add_trace(level_trace(xs, ys, t("ssl.boundary"), style))
    free = ~labelled
    fig.add_trace(points_trace(X[free, 0], X[free, 1], t("ssl.unlabelled"), style, TRUTH_COLOR, "circle", 0.6,
                               customdata=index[free]))
    for k, sign in enumerate((-1.0, 1.0)):
        mine = labelled & (truth == sign)
        fig.add_trace(points_trace(X[mine, 0], X[mine, 1], t("ssl.labelled_as", label=plain(str(classes[k]))),
                                   style, CLASS_COLORS[k], CLASS_SYMBOLS[k], size_scale=1.6,
                                   customdata=index[mine]))
    return fig


def show(ctx, fig, axes, key):
    """Clickable: a click (un)labels a point; while editing points the data panel's editor instead."""
    if edit_enabled("ssl"):
        editable_chart(fig, "ssl", ctx.data, axes.x_range, axes.y_range, key=f"{key}_edit")
        return
    chart(fig, key=key, on_select=lambda: toggle(ctx, clicked_points(key)))


def model_controls(controls):
    """λ, ν, h, the similarity (W = K or K on the k-NN graph) and the book / exact form."""
    with controls:
        lam = log_slider(t("ssl.lam"), "ssl.lam", -3, 2, 1.0, help=t("ssl.lam_help"))
        nu = number_slider(t("ssl.nu"), "ssl.nu", NUS, 10.0, help=t("ssl.nu_help"))
        h = log_slider(t("ssl.h"), "ssl.h", -1, 1, 1.0, help=t("ssl.h_help"))
        similarity = choice(t("ssl.similarity"), SIMILARITIES, "ssl.similarity",
                            catalogue_labels("ssl.similarities"))
        k = None
        if similarity == "knn":
            k = slider(t("ssl.k"), 1, 30, 10, "ssl.k")
        variant = choice(t("ssl.variant"), VARIANTS, "ssl.variant", catalogue_labels("ssl.variants"),
                         horizontal=True)
    return lam, nu, h, k, variant


def render(ctx, controls, main) -> None:
    lam, nu, h, k, variant = model_controls(controls)
    with controls:
        reset_button(ctx)
    labels = targets(ctx)
    if labels is None:
        return
    classes, truth, y, labelled = labels
    shown = sample_index(main, labelled)
    X, truth, y, labelled = ctx.data.train.X[shown], truth[shown], y[shown], labelled[shown]
    axes = scatter_axes(X, tuple(plain(n) for n in ctx.data.train.feature_names))
    gx, gy, grid = grid_points(axes.x_range, axes.y_range, RESOLUTION)
    k = None if k is None else min(int(k), len(X) - 1)
    result = fitted(fit, X, y, lam, nu, h, k, variant, grid)
    if result is None:
        return
    (model, supervised), (f_lap, f_sup) = result
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            show(ctx, panel(ctx, X, truth, labelled, classes, f_lap, axes, gx, gy,
                            t("ssl.lap_title", nu=f"{nu:g}"), shown), axes, "ssl.lap_chart")
        with right:
            show(ctx, panel(ctx, X, truth, labelled, classes, f_sup, axes, gx, gy, t("ssl.sup_title"),
                            shown),
                 axes, "ssl.sup_chart")
        st.caption(t("ssl.click_caption"))
        metric_rows([(t("ssl.acc_lap"), percent(model.score(X, truth))),
                     (t("ssl.acc_sup"), percent(supervised.score(X, truth))),
                     (t("ssl.n_labelled"), f"{int(labelled.sum())} / {len(X)}")], ctx.projector)
    solve = r"K^2" if variant == "book" else r"KJK"
    formula_panel(
        [
            Formula(rf"\hat\theta = ({solve} + \lambda I + \nu K L K)^{{-1}} K y,\ L = D - W,\ "
                    rf"\lambda = {number(lam)},\ \nu = {number(nu)},\ h = {number(h)}",
                    "Sugiyama §16.2, (16.3)", t(f"ssl.variant_note.{variant}")),
            Formula(r"\frac{\nu}{4}\sum_{i,i'} W_{ii'}\big(f(x_i) - f(x_{i'})\big)^2 = \frac{\nu}{2}\,"
                    r"f^\top L f,\quad f(x) = \sum_j \theta_j \exp\!\Big(-\frac{\|x - x_j\|^2}{2h^2}\Big)",
                    "Sugiyama §16.2, (16.1)–(16.2)"),
        ],
        ctx.projector,
    )
    code_view(LapRLS, projector=ctx.projector)

