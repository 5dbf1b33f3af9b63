"""SELF with only a few labels: a β slider sweeps the direction from LFDA on the labelled points (β = 0)
to PCA of all points (β = 1); click a point to label or unlabel it.

Sugiyama §17.1.3, with the erratum's correction: S_rlb = (1 − β)S_lb + βS_t, S_rlw = (1 − β)S_lw + βI
(the book prints S_t and I swapped, which at β = 1 gives the minor principal axis).
"""

from types import SimpleNamespace

import numpy as np
import streamlit as st

from algorithms import LFDA
from algorithms import PCA
from algorithms import SELF
from algorithms import nn_accuracy
from algorithms import path_angles
from algorithms import self_path
from algorithms import spread_labels
from ui.charts import chart
from ui.charts import clicked_points
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import data_signature
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
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import FIT_COLOR
from ui.views import fitted
from views.supervised_dimensionality_reduction._common import class_names
from views.supervised_dimensionality_reduction._common import classes_of
from views.supervised_dimensionality_reduction._common import direction_angle
from views.supervised_dimensionality_reduction._common import direction_trace
from views.supervised_dimensionality_reduction._common import plane_axes
from views.supervised_dimensionality_reduction._common import projection_histogram
from views.supervised_dimensionality_reduction._common import sample
from views.supervised_dimensionality_reduction._common import usable

DATA = DataRequest("classification", 2, "fisher2")
LABELS_KEY = "sdr.labelled"
CHART_KEY = "sdr.self_chart"
BETAS = np.linspace(0.0, 1.0, 21)
UNLABELLED = "#aaaaaa"


@st.cache_data(max_entries=64, show_spinner=False)
def fit_self(X, y, labelled: tuple, beta: float, knn: int):
    """SELF at β, its two ends (LFDA on the labelled points, PCA) and its direction for every β."""
    mask = np.zeros(len(X), bool)
    mask[list(labelled)] = True
    model = SELF(1, beta, knn).fit(X, y, mask)
    z = model.transform(X)[:, 0]
    try:
        lfda = LFDA(1, knn=knn).fit(X[mask], y[mask]).components_[0]
    except ValueError:            # fewer than two labels in some class: β = 0 is not defined
        lfda = None
    path = self_path(X, y, mask, BETAS[BETAS > 0] if lfda is None else BETAS, knn)
    return SimpleNamespace(
        direction=model.components_[0], mean=model.mean_, z=z, accuracy=nn_accuracy(z[:, None], y),
        lfda=lfda, pca=PCA(1).fit(X).components_[0], Slb=model.between_scatter_,
        Slw=model.within_scatter_, lam=float(model.eigenvalues_[0]),
        path_betas=BETAS[BETAS > 0] if lfda is None else BETAS, path_angles=path_angles(path),
    )


def labelled_points(data) -> tuple:
    """The labelled sample indices of this data set (two per class to start; reset when it changes)."""
    sig = data_signature(data.train)
    stored = st.session_state.get(LABELS_KEY)
    if stored is None or stored["sig"] != sig:
        stored = {"sig": sig, "idx": tuple(int(i) for i in spread_labels(data.train.y, 2))}
        st.session_state[LABELS_KEY] = stored
    return stored["idx"]


def toggle_labels(n: int) -> None:
    """A click on a point labels it, or unlabels it when it was labelled."""
    stored = st.session_state.get(LABELS_KEY)
    if stored is None:
        return
    idx = set(stored["idx"])
    for point in clicked_points(CHART_KEY):
        if point.get("customdata") is not None:
            i = int(np.atleast_1d(point["customdata"])[0])
            if 0 <= i < n:
                idx ^= {i}
    st.session_state[LABELS_KEY] = {"sig": stored["sig"], "idx": tuple(sorted(idx))}


def render(ctx, controls, main):
    data = ctx.data
    with controls:
        beta = slider(t("sdr.beta"), 0.0, 1.0, 0.5, "sdr.beta", step=0.05, help=t("sdr.beta_help"))
        knn = slider(t("sdr.knn"), 1, 20, 7, "sdr.knn", help=t("sdr.knn_help"))
        st.caption(t("sdr.self_note"))
    if not usable(data):
        return
    X, y = data.train.X, data.train.y
    labelled = labelled_points(data)
    with controls:
        if st.button(t("sdr.reset_labels"), key="sdr.reset_labels"):
            st.session_state.pop(LABELS_KEY, None)
            labelled = labelled_points(data)
    shown = sample(data, main, labelled)
    X, y = X[shown], np.asarray(y)[shown]
    res = fitted(fit_self, X, y, tuple(np.searchsorted(shown, labelled).tolist()), float(beta), knn)
    axes = plane_axes(data.train)
    fig = labelling_figure(X, y, labelled, res, axes, data.train.target_name, ctx, shown)
    with main:
        st.caption(t("sdr.click_to_label", n=len(labelled)))
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            chart(fig, key=CHART_KEY, on_select=lambda: toggle_labels(len(data.train.X)))
        if res is None:
            return
        with right:
            projection_histogram(res.z, y, t("sdr.hist_self"), ctx, "sdr.hist_self")
            chart(path_figure(res, beta, ctx), key="sdr.self_path")
        metric_rows([
            (t("sdr.angle_self"), f"{direction_angle(res.direction):.1f}°"),
            (t("sdr.angle_pca"), f"{direction_angle(res.pca):.1f}°"),
            (t("sdr.angle_lfda_labelled"), "—" if res.lfda is None else f"{direction_angle(res.lfda):.1f}°"),
            (t("sdr.acc_self"), percent(res.accuracy)),
        ], ctx.projector)
    formula_panel([
        Formula(
            r"S^{(rlb)} = (1-\beta)S^{(lb)} + \beta S^{(t)},\ S^{(rlw)} = (1-\beta)S^{(lw)} + \beta I_d,\ "
            rf"\beta = {number(beta)}",
            "Sugiyama §17.1.3 (corrected: the book swaps S(t) and I, erratum §22)",
        ),
        Formula(
            rf"{matrix(res.Slb)}\xi = \lambda{matrix(res.Slw)}\xi:\ \lambda_1 = {number(res.lam)},\ "
            rf"\xi_1 \propto {vector(res.direction)}",
            "Sugiyama §17.1.3 (β = 0: LFDA, β = 1: PCA)",
        ),
    ], ctx.projector)
    code_view(SELF, projector=ctx.projector)


def labelling_figure(X, y, labelled, res, axes, target, ctx, index):
    """Unlabelled points grey, labelled ones in their class colour (large), and the three directions.
    X holds the samples ``index`` of the data; ``labelled`` and the customdata are indices in the data."""
    mask = np.isin(index, labelled)
    traces = [points_trace(X[~mask, 0], X[~mask, 1], t("sdr.unlabelled"), ctx.style, UNLABELLED,
                           customdata=index[~mask])]
    classes = classes_of(y)
    for k, (label, name) in enumerate(zip(classes, class_names(classes, target), strict=True)):
        sel = mask & (y == label)
        traces.append(points_trace(X[sel, 0], X[sel, 1], name, ctx.style, CLASS_COLORS[k % 6],
                                   CLASS_SYMBOLS[k % 6], 1.8, customdata=index[sel]))
    if res is not None:
        traces.append(direction_trace(res.mean, res.pca, axes, t("sdr.pca_line"), BLUE, ctx.style, "dot"))
        if res.lfda is not None:
            traces.append(direction_trace(res.mean, res.lfda, axes, t("sdr.lfda_labelled_line"), ALT_COLOR,
                                          ctx.style, "dash"))
        traces.append(direction_trace(res.mean, res.direction, axes, t("sdr.self_line"), FIT_COLOR,
                                      ctx.style))
    fig = figure(ctx.style, axes, t("sdr.self_title"), traces, height=ctx.style.figure_height,
                 legend="bottom", legend_width=520)
    fig.update_layout(clickmode="event+select", dragmode=False)
    return fig


def path_figure(res, beta, ctx):
    """The angle of SELF's direction for every β, the current β marked."""
    angles = res.path_angles
    current = float(np.interp(beta, res.path_betas, angles))
    traces = [
        line_trace(Curve(t("sdr.self_line"), res.path_betas, angles, FIT_COLOR), ctx.style),
        points_trace([beta], [current], plain(f"β = {beta:g}"), ctx.style, BLACK, "star", 1.6),
    ]
    lo, hi = float(angles.min()), float(angles.max())
    pad = max((hi - lo) * 0.1, 5.0)
    axes = Axes((0, 1), (lo - pad, hi + pad), "β", t("sdr.angle_axis"))
    fig = figure(ctx.style, axes, t("sdr.path_title"), traces, height=300, legend="bottom", legend_width=330)
    fig.update_traces(mode="lines+markers", selector=dict(mode="lines"))
    return fig
