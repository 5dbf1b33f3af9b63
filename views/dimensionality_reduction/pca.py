"""PCA on 2-D data: the principal axes, the projection onto the kept subspace with its residuals, the
variance along a trial direction u against its angle, and the reconstruction error tr(C) − tr(TCTᵀ).

Sugiyama §13.2 (scatter matrix C = Σ xxᵀ, Fig 13.5); CS229 Part XI (steps 1–4, max uᵀΣu, M46).
"""

import numpy as np
import streamlit as st

from algorithms import PCA
from ui.charts import chart
from ui.charts import drawn_caption
from ui.controls import bound
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
from ui.explain import percent
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import PURPLE
from ui.views import fitted
from views.dimensionality_reduction._common import data_axes
from views.dimensionality_reduction._common import data_chart
from views.dimensionality_reduction._common import data_traces
from views.dimensionality_reduction._common import direction_angle
from views.dimensionality_reduction._common import drawn_points
from views.dimensionality_reduction._common import line_across

DATA = DataRequest("clustering", 2, "pca_gauss")


def fit_pca(X, m, standardize):
    """PCA keeping every component (the axes) and keeping m (the projection)."""
    return PCA(None, standardize).fit(X), PCA(m, standardize).fit(X)


def render(ctx, controls, main):
    data = ctx.data
    X = data.train.X
    with controls:
        m = slider(t("dr.m"), 1, 2, 1, "dr.m", help=t("dr.m_help"))
        angle = slider(t("dr.angle"), 0, 180, 45, "dr.angle", help=t("dr.angle_help"))
        standardize = st.toggle(t("dr.standardize"), help=t("dr.standardize_help"), **bound("dr.standardize"))
    fits = fitted(fit_pca, X, m, standardize)
    if fits is None:
        return
    full, pca = fits
    n = len(X)
    mu, scale = pca.mean_, pca.scale_
    Z = (X - mu) / scale
    S = Z.T @ Z / n
    theta = np.radians(angle)
    u = np.array([np.cos(theta), np.sin(theta)])
    axes = data_axes(data.train)
    keep = drawn_points(n, 3 if m < 2 else 2)  # the data, its projection on u (and on the kept line)
    fig = base_figure(ctx.style, axes)
    fig.add_trace(
        line_trace(
            Curve(t("dr.trial_line"), *line_across(mu, u * scale, axes), ALT_COLOR, "dash", width_scale=0.6),
            ctx.style,
        )
    )
    on_u = mu + np.outer(Z[keep] @ u, u) * scale
    fig.add_trace(
        points_trace(
            on_u[:, 0], on_u[:, 1], t("dr.trial_projection"), ctx.style, color=ALT_COLOR, size_scale=0.45
        )
    )
    fig.data[-1].showlegend = False
    if m < 2:
        add_projection(fig, X[keep], full, pca, axes, ctx)
    for j, color in enumerate((HIGHLIGHT_COLOR, PURPLE)):
        half = 2 * np.sqrt(full.explained_variance_[j]) * full.components_[j] * scale
        fig.add_trace(
            dict(
                type="scatter",
                mode="lines+markers",
                x=np.array([mu[0] - half[0], mu[0] + half[0]]),
                y=np.array([mu[1] - half[1], mu[1] + half[1]]),
                name=t("dr.axis", j=j + 1),
                line=dict(color=color, width=ctx.style.line_width * 1.3),
                marker=dict(symbol="diamond", size=ctx.style.marker_size * 0.9, color=color),
            )
        )
    fig.add_traces(data_traces(X, data.train, ctx.style, keep=keep))
    recon = pca.reconstruction_error(X)
    xi = full.components_
    lam, ratio = full.eigenvalues_, full.explained_variance_ratio_
    var_u = float(u @ S @ u)
    with main:
        st.caption(t("dr.pca_title"))
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            data_chart(fig, data, axes, key="dr.pca_chart")
            drawn_caption(keep, n)
        with right:
            variance_curve(S, (direction_angle(xi[0]), lam[0] / n), (angle, var_u), ctx)
            st.caption(t("dr.ratio_caption", pc1=f"{100 * ratio[0]:.1f}", pc2=f"{100 * ratio[1]:.1f}"))
        metrics_row(
            [
                (t("dr.lambda", j=1), fmt(lam[0])),
                (t("dr.lambda", j=2), fmt(lam[1])),
                (t("dr.kept"), percent(ratio[:m].sum())),
                (t("dr.recon"), fmt(recon)),
                (t("dr.var_u"), fmt(var_u)),
            ]
        )
    C = Z.T @ Z
    kept = float(np.trace(pca.components_ @ C @ pca.components_.T))
    formulas = [
        Formula(
            rf"C = \sum_{{i=1}}^{{{n}}} x_i x_i^\top = {matrix(C)}"
            + (rf"\ \ ({tex('dr.tex.standardized')})" if standardize else ""),
            "Sugiyama §13.2 (scatter matrix, no 1/n); CS229 Part XI steps 1–4",
        ),
        Formula(
            rf"C\xi = \lambda\xi:\ \lambda_1 = {number(lam[0])},\ \xi_1 = {vector(xi[0])},\ "
            rf"\lambda_2 = {number(lam[1])},\ \xi_2 = {vector(xi[1])},\ T = "
            + (r"\xi_1^\top" if m == 1 else r"(\xi_1, \xi_2)^\top"),
            "Sugiyama §13.2",
        ),
        Formula(
            rf"\sum_i \|T^\top T x_i - x_i\|^2 = \operatorname{{tr}}(C) - \operatorname{{tr}}(TCT^\top) = "
            rf"{number(float(np.trace(C)))} - {number(kept)} = {number(recon)}",
            "Sugiyama §13.2",
        ),
        Formula(
            rf"\frac1m\sum_i (x^{{(i)\top}}u)^2 = u^\top\Sigma u = {number(var_u)}\ {tex('dr.tex.at')}\ "
            rf"u = ({number(u[0], 3)}, {number(u[1], 3)}),\ \max_{{\|u\|=1}} = \frac{{\lambda_1}}{{m}} = "
            rf"{number(lam[0] / n)}",
            "CS229 Part XI (M46)",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(PCA, projector=ctx.projector)


def add_projection(fig, X, full, pca, axes, ctx):
    """The kept line (m = 1), each drawn point's projection onto it and the residual between them."""
    direction = full.components_[0] * pca.scale_
    fig.add_trace(
        line_trace(Curve(t("dr.subspace"), *line_across(pca.mean_, direction, axes), FIT_COLOR), ctx.style)
    )
    X_hat = pca.inverse_transform(pca.transform(X))
    residuals = np.stack([X, X_hat], axis=1)
    fig.add_trace(polylines_trace(residuals, t("dr.residuals"), TRUTH_COLOR, 1, showlegend=False))
    fig.add_trace(
        points_trace(
            X_hat[:, 0],
            X_hat[:, 1],
            t("dr.projections"),
            ctx.style,
            color=FIT_COLOR,
            hollow=True,
            size_scale=0.8,
        )
    )


def variance_curve(S, best, trial, ctx):
    """uᵀΣu against the angle of u, with the first principal axis (the maximum) and the trial u
    marked as (angle, variance) points."""
    degrees = np.linspace(0, 180, 181)
    rad = np.radians(degrees)
    U = np.vstack([np.cos(rad), np.sin(rad)])
    values = np.einsum("ij,ik,kj->j", U, S, U)
    top = float(values.max()) * 1.15 or 1.0
    fig = curves_figure(
        [Curve(t("dr.var_curve"), degrees, values, BLUE)],
        Axes((0, 180), (0, top), t("dr.angle_axis"), t("dr.var_axis")),
        ctx.style,
        title=t("dr.var_title"),
        height=340,
    )
    fig.add_trace(
        points_trace(
            [best[0]],
            [best[1]],
            t("dr.axis", j=1),
            ctx.style,
            color=HIGHLIGHT_COLOR,
            symbol="star",
            size_scale=1.6,
        )
    )
    fig.add_trace(
        points_trace([trial[0]], [trial[1]], t("dr.trial_line"), ctx.style, color=ALT_COLOR, size_scale=1.2)
    )
    fig.update_layout(showlegend=False)
    fig.update_xaxes(tickvals=np.arange(0, 181, 30))
    chart(fig, key="dr.var_chart")
