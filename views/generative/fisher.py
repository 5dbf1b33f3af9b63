"""Fisher's linear discriminant: a direction chosen by its angle against Fisher's, the samples
projected on it, the per-class histograms of the projections and the Fisher ratio J(θ) of every
direction.

seed 004 §2.6 (scatter matrices, the generalised Rayleigh quotient, the constructive two-class
solution, the multi-class eigenproblem); Sugiyama §17.1.1 (Fig 17.1: where FDA fails).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import FisherLDA
from ui.charts import chart
from ui.controls import slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import column
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import line_points
from ui.figures import line_trace
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from views.generative._common import class_names
from views.generative._common import enough_classes
from views.generative._common import error_rate
from views.generative._common import fitted
from views.generative._common import plane_axes

DEGREES = np.arange(0, 180, 1.0)  # the directions of the J(θ) curve; the slider picks one of them
PROBE_DEGREES = np.arange(0, 180, 5)  # directions whose histograms fix the histogram's height


@st.cache_data(max_entries=32, show_spinner=False)
def fit_fisher(X, y):
    return FisherLDA().fit(X, y)


def unit_vectors(degrees) -> np.ndarray:
    """(cos θ, sin θ) for every angle θ in degrees, one row each."""
    radians = np.radians(degrees)
    return np.column_stack([np.cos(radians), np.sin(radians)])


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        angle = slider(t("gen.angle"), 0, 179, 90, "gen.angle", help=t("gen.angle_help"))
        st.caption(t("gen.fisher_help"))
    if not enough_classes(y):
        return
    model = fitted(main, fit_fisher, X, y)
    if model is None:
        return
    u = unit_vectors([angle])[0]
    axes = plane_axes(data.train, equal=True)
    fig, fisher_angles = projection_figure(model, X, y, u, angle, axes, ctx)
    hist = histogram_figure(model, X, y, u, angle, ctx)
    J = model.fisher_ratios(unit_vectors(DEGREES))
    J_user = float(J[angle])
    ratio = ratio_figure(model, J, angle, fisher_angles[0], ctx)
    train_err = error_rate(model.predict(X), y)
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            editable_chart(fig, "gen", data, axes.x_range, axes.y_range, key="gen.fisher_chart")
        with right:
            chart(hist, key="gen.fisher_hist")
            chart(ratio, key="gen.fisher_ratio")
        metric_rows(
            [
                (t("gen.j_user"), fmt(J_user, 4)),
                (t("gen.j_fisher"), fmt(float(model.eigenvalues_[0]), 4)),
                (t("gen.fisher_angle"), f"{fisher_angles[0]:.1f}°"),
                (t("gen.train_error"), fmt(train_err, 3)),
            ],
            ctx.projector,
        )
    formula_panel(fisher_formulas(model, angle, J_user), ctx.projector)
    code_view(FisherLDA, projector=ctx.projector)


def fisher_formulas(model, angle, J_user) -> list[Formula]:
    w = model.components_[0]
    Sb, Sw = model.between_scatter_, model.within_scatter_
    formulas = [
        Formula(
            rf"S_W = \sum_k\sum_{{y_i=k}}(x_i-\mu_k)(x_i-\mu_k)^\top = {matrix(Sw)},\ "
            rf"S_B = \sum_k n_k(\mu_k-\mu)(\mu_k-\mu)^\top = {matrix(Sb)}",
            "seed 004 §2.6; Sugiyama §17.1.1",
        ),
        Formula(
            rf"J(w) = \frac{{w^\top S_B w}}{{w^\top S_W w}},\ "
            rf"w = (\cos {angle}^\circ, \sin {angle}^\circ)^\top:\ "
            rf"J = {number(J_user)}",
            "seed 004 §2.6 (generalised Rayleigh quotient)",
        ),
    ]
    if len(model.classes_) == 2:
        formulas.append(
            Formula(
                rf"w^* \propto S_W^{{-1}}(\mu_1-\mu_0) \propto {column(w)},\ J(w^*) = "
                rf"{number(model.eigenvalues_[0])}",
                "seed 004 §2.6 (constructive solution)",
            )
        )
    else:
        formulas.append(
            Formula(
                rf"S_B\xi = \lambda S_W\xi:\ \lambda = {vector(model.eigenvalues_)},\ "
                rf"\xi_1 = {column(w)}",
                "seed 004 §2.6 (multi-class); Sugiyama §17.1.1",
            )
        )
    return formulas


def direction_line(w, mean, axes) -> tuple[np.ndarray, np.ndarray]:
    """The line through the mean along w (its normal is w rotated by 90°)."""
    normal = np.array([-w[1], w[0]])
    return line_points(np.r_[-normal @ mean, normal], axes.x_range, axes.y_range)


def projection_figure(model, X, y, u, angle, axes, ctx):
    """Samples, Fisher's direction(s), the chosen direction and every sample's projection on it."""
    style, mean, classes = ctx.style, model.mean_, model.classes_
    traces, fisher_angles = [], []
    for k, w in enumerate(model.components_):
        lx, ly = direction_line(w, mean, axes)
        fisher_angles.append(float(np.degrees(np.arctan2(w[1], w[0])) % 180))
        dash = "solid" if k == 0 else "dashdot"
        traces.append(line_trace(Curve(t("gen.fisher_dir", k=k + 1), lx, ly, BLACK, dash), style))
    lx, ly = direction_line(u, mean, axes)
    traces.append(line_trace(Curve(t("gen.user_dir", a=angle), lx, ly, ALT_COLOR, "dash"), style))
    feet = mean + ((X - mean) @ u)[:, None] * u
    traces += class_traces(X, y, classes, style, names=class_names(classes))
    for k, label in enumerate(classes):
        mask = y == label
        foot = points_trace(
            feet[mask, 0], feet[mask, 1], "", style, CLASS_COLORS[k % 6], "line-ns", 0.9, hollow=True
        )
        traces.append(foot | {"showlegend": False, "hoverinfo": "skip"})
    traces.append(
        points_trace(model.means_[:, 0], model.means_[:, 1], t("gen.means"), style, BLACK, "star", 1.9)
    )
    fig = figure(
        style,
        axes,
        t("gen.fisher_title"),
        traces,
        height=style.figure_height + 220,
        legend="bottom",
        legend_width=520,
    )
    return fig, fisher_angles


def histogram_figure(model, X, y, u, angle, ctx) -> go.Figure:
    """Per-class histograms of the projections on the chosen direction; axes fixed over all angles."""
    edges, counts = model.projection_histograms(X, y, np.vstack([unit_vectors(PROBE_DEGREES), u]))
    radius, top = edges[-1], counts[:-1].max()
    centres = (edges[:-1] + edges[1:]) / 2
    traces = [
        dict(
            type="bar",
            x=centres,
            y=counts[-1, k].astype(float),
            width=edges[1] - edges[0],
            opacity=0.55,
            marker=dict(color=CLASS_COLORS[k % 6]),
            name=plain(str(label)),
        )
        for k, label in enumerate(model.classes_)
    ]
    axes = Axes((-radius, radius), (0, top * 1.1), t("gen.projection_axis", a=angle), t("gen.count_axis"))
    return figure(
        ctx.style,
        axes,
        t("gen.hist_title"),
        traces,
        height=330,
        legend="bottom",
        legend_width=330,
        barmode="overlay",
        bargap=0,
    )


def ratio_figure(model, J, angle, fisher_angle, ctx) -> go.Figure:
    """The Fisher ratio J(θ) of every direction, Fisher's optimum and the chosen θ."""
    traces = [
        line_trace(Curve("J(θ)", DEGREES, J, FIT_COLOR), ctx.style),
        points_trace(
            [fisher_angle], [model.eigenvalues_[0]], t("gen.fisher_opt"), ctx.style, BLACK, "star", 1.8
        ),
        points_trace([angle], [J[angle]], t("gen.user_point"), ctx.style, ALT_COLOR, size_scale=1.4),
    ]
    axes = Axes((0, 180), (0, float(J.max()) * 1.12 or 1.0), t("gen.angle_axis"), "J(θ)")
    return figure(
        ctx.style, axes, t("gen.ratio_title"), traces, height=330, legend="bottom", legend_width=330
    )
