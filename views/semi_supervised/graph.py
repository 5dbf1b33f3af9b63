"""The similarity graph behind the Laplacian (Sugiyama §16.3, Fig 16.5): an edge wherever W_ii' exceeds
a threshold. Thresholded, the Gaussian similarity connects each moon within itself, so labels travel
along the edges — a geodesic, not a straight-line, notion of closeness. Points are coloured by the
LapRLS prediction; click one to label or unlabel it.
"""

from __future__ import annotations

import streamlit as st

from algorithms import graph_components
from algorithms import graph_edges
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import base_figure
from ui.figures import grid_points
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import scatter_axes
from ui.i18n import t
from ui.polylines import graph_trace
from ui.polylines import graph_walk
from ui.rings import ring_trace
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.views import fitted
from views.semi_supervised._labels import reset_button
from views.semi_supervised._labels import sample_index
from views.semi_supervised._labels import targets
from views.semi_supervised.laprls import RESOLUTION
from views.semi_supervised.laprls import fit
from views.semi_supervised.laprls import model_controls
from views.semi_supervised.laprls import show

MAX_EDGES = 6000  # drawn at most (the strongest ones)


@st.cache_data(max_entries=32, show_spinner=False)
def graph(W, threshold):
    """The edges above the threshold (the strongest MAX_EDGES drawn), their number and the components."""
    edges = graph_edges(W, threshold)
    n_components, _ = graph_components(W > threshold)
    return edges[:MAX_EDGES], len(edges), n_components


def render(ctx, controls, main) -> None:
    lam, nu, h, k, variant = model_controls(controls)
    with controls:
        threshold = slider(t("ssl.threshold"), 0.0, 0.99, 0.05, "ssl.threshold", step=0.01,
                           help=t("ssl.threshold_help"))
        reset_button(ctx)
    labels = targets(ctx)
    if labels is None:
        return
    classes, truth, y, labelled = labels
    shown = sample_index(main, labelled)
    X, truth, y, labelled = ctx.data.train.X[shown], truth[shown], y[shown], labelled[shown]
    axes = scatter_axes(X, tuple(plain(n) for n in ctx.data.train.feature_names))
    _, _, grid = grid_points(axes.x_range, axes.y_range, RESOLUTION)  # the LapRLS view's fit, cached
    k = None if k is None else min(int(k), len(X) - 1)
    result = fitted(fit, X, y, lam, nu, h, k, variant, grid)
    if result is None:
        return
    (model, _), _ = result
    edges, n_edges, n_components = graph(model.similarity_, threshold)
    predicted = model.predict(X)
    style = ctx.style
    fig = base_figure(style, axes, t("ssl.graph_title", tau=f"{threshold:g}"), legend_rows=2)
    if len(edges):
        fig.add_trace(graph_trace(graph_walk(X, edges), t("ssl.edges"), "#8a8a8a", style.line_width * 0.4))
    for j, sign in enumerate((-1.0, 1.0)):
        mine = predicted == sign
        name = t("ssl.predicted_as", label=plain(str(classes[j])))
        fig.add_trace(points_trace(X[mine, 0], X[mine, 1], name, style, CLASS_COLORS[j], CLASS_SYMBOLS[j],
                                   customdata=shown[mine]))
    if labelled.any():
        fig.add_trace(ring_trace(X[labelled], t("ssl.labelled"), style, BLACK))
    with main:
        show(ctx, fig, axes, "ssl.graph_chart")
        st.caption(t("ssl.click_caption"))
        metric_rows([(t("ssl.n_edges"), str(n_edges)), (t("ssl.n_components"), str(n_components)),
                     (t("ssl.acc_lap"), f"{100 * model.score(X, truth):.1f} %")], ctx.projector)
        if n_edges > len(edges):
            st.caption(t("ssl.edges_capped", shown=len(edges), total=n_edges))
    formula_panel(
        [Formula(rf"W_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{2h^2}}\Big) > {number(threshold)},"
                 rf"\ h = {number(h)}", "Sugiyama §16.3, Fig 16.5")],
        ctx.projector,
    )
    code_view(graph_edges, projector=ctx.projector)
