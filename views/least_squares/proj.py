"""Least squares as an orthogonal projection: ŷ = Φθ̂ = ΦΦ†y is the point of R(Φ) closest to y, and the
residual r = y − ŷ is perpendicular to every column of Φ. In 3-D for three samples and a straight line
(n = 3, b = 2: R(Φ) is a plane), and as numbers (Φᵀr = 0, ‖y‖² = ‖ŷ‖² + ‖r‖²) on the whole data.

Sugiyama §3.2 (Fig 3.3); spec A3.4.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import PolynomialBasis
from algorithms import least_squares_projection
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metrics_row
from ui.explain import subscript
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Curve
from ui.figures import highlight_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.views import fitted
from views.least_squares._common import N_CURVE
from views.least_squares._common import data_axes
from views.least_squares._common import fit_figure
from views.least_squares._common import half_width_legend


@st.cache_data(max_entries=32, show_spinner=False)
def project(X, y, degree):
    """The polynomial basis fitted on X and the projection of y onto the range of its design matrix."""
    basis = PolynomialBasis(degree).fit(X)
    return basis, least_squares_projection(basis.transform(X), y)


def three_samples(n: int) -> np.ndarray:
    """The first, middle and last sample: three points for the 3-D picture."""
    return np.array([0, n // 2, n - 1])


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        degree = slider(t("ls.degree"), 0, 10, 3, "ls.proj_degree")
    picked = three_samples(len(y))
    three = fitted(project, X[picked], y[picked], 1)
    whole = fitted(project, X, y, degree)
    if three is None or whole is None:
        return
    basis3, proj3 = three
    Phi3 = basis3.transform(X[picked])
    basis, proj = whole
    axes = data_axes(data.train)
    grid = np.linspace(*axes.x_range, N_CURVE)[:, None]
    curve = Curve(t("ls.proj_fit", degree=degree), grid[:, 0], basis.transform(grid) @ proj.theta, FIT_COLOR)
    fig = fit_figure(X[:, 0], y, [curve], axes, ctx.style, t("ls.proj_data_title", b=degree + 1))
    fig.add_trace(highlight_trace(X[picked, 0], y[picked], t("ls.proj_three"), ctx.style))
    half_width_legend(fig, ctx.style, t("ls.proj_data_title", b=degree + 1), ctx.projector)
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(space_figure(Phi3, y[picked], proj3, ctx), key="ls.proj_space_chart")
        with right:
            chart(fig, key="ls.proj_fit_chart")
        tiles = [
            (t("ls.proj_orth3"), fmt(np.abs(proj3.normal_residual).max())),
            (t("ls.proj_orth"), fmt(np.abs(proj.normal_residual).max())),
            (t("ls.proj_rank"), str(proj.rank)),
            (t("ls.proj_y2"), fmt(y @ y)),
            (t("ls.proj_pythagoras"), fmt(proj.fitted @ proj.fitted + proj.residual @ proj.residual)),
            (t("ls.proj_r2"), fmt(proj.residual @ proj.residual)),
        ]
        for start in (0, 3):  # two rows of three: the numbers need the width
            metrics_row(tiles[start : start + 3])
    P3 = proj3.projection_matrix()
    formula_panel(
        [
            Formula(
                r"\phi(x) = (1, \tilde x),\ \tilde x = \tfrac{x - c}{s} \in [-1, 1]:\ "
                rf"\Phi = {matrix(Phi3)},\ y = {vector(y[picked])},\ "
                rf"\hat\theta = \Phi^\dagger y = {vector(proj3.theta)}",
                "Sugiyama §3.2",
            ),
            Formula(
                rf"P = \Phi\Phi^\dagger = {matrix(P3)},\ P^2 = P,\ P^\top = P,\ "
                rf"\hat y = Py = {vector(proj3.fitted)}",
                "Sugiyama §3.2, Fig 3.3",
            ),
            Formula(
                rf"r = y - \hat y = {vector(proj3.residual)},\ \Phi^\top r = {vector(proj3.normal_residual)}",
                "Sugiyama §3.2",
            ),
        ],
        ctx.projector,
    )
    code_view(least_squares_projection, projector=ctx.projector)


def arrow(start, end, name: str, color: str, style, dash: str = "solid") -> go.Scatter3d:
    """A segment from start to end with a marker at its end."""
    points = np.vstack([start, end])
    return go.Scatter3d(
        x=points[:, 0], y=points[:, 1], z=points[:, 2], mode="lines+markers", name=name,
        line=dict(color=color, width=style.line_width * 2, dash=dash),
        marker=dict(size=[0, style.marker_size * 0.6], color=color),
    )


def space_figure(Phi, y, proj, ctx) -> go.Figure:
    """R³ with the plane R(Φ) spanned by the two columns, y, its projection ŷ and the residual y − ŷ."""
    style = ctx.style
    span = 0.5 * max(float(np.abs(proj.theta).max()), 1.0)  # the plane reaches past 0 and θ̂
    lo, hi = np.minimum(proj.theta, 0.0) - span, np.maximum(proj.theta, 0.0) + span
    corners = np.array([[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]]]) @ Phi.T
    origin = np.zeros(3)
    fig = go.Figure()
    fig.add_trace(go.Mesh3d(
        x=corners[:, 0], y=corners[:, 1], z=corners[:, 2], i=[0, 0], j=[1, 2], k=[2, 3],
        color=REGION_COLORS[0], opacity=0.55, name=t("ls.proj_plane"), showlegend=True, hoverinfo="skip",
    ))
    for j, color in ((0, TRUTH_COLOR), (1, BLUE)):
        fig.add_trace(arrow(origin, Phi[:, j], t("ls.proj_column", j=subscript(j + 1)), color, style))
    fig.add_trace(arrow(origin, y, "y", BLACK, style))
    fig.add_trace(arrow(origin, proj.fitted, "ŷ = Py", FIT_COLOR, style))
    fig.add_trace(arrow(proj.fitted, y, t("ls.proj_residual"), HIGHLIGHT_COLOR, style, "dash"))
    names = ("y₁", "y₂", "y₃")
    scene = dict(aspectmode="data", camera=dict(eye=dict(x=1.6, y=-1.6, z=1.0)))
    for axis, name in zip(("xaxis", "yaxis", "zaxis"), names, strict=True):
        scene[axis] = dict(title=dict(text=name), nticks=4, tickfont=dict(size=int(style.font_size * 0.7)))
    fig.update_layout(
        height=style.figure_height + 120, margin=dict(l=0, r=0, t=50, b=0), scene=scene, uirevision="ls.proj",
        font=dict(size=style.font_size), legend=dict(orientation="h", y=-0.02),
        title=dict(text=t("ls.proj_space_title"), font=dict(size=style.title_size)),
    )
    return fig
