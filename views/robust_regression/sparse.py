"""ℓ1-constrained Huber loss: sparse and robust at once, the four corners of Fig 6.13 side by side.

Sugiyama §6.4, Figs 6.12–6.13: (a) least squares, (b) ℓ1-constrained least squares, (c) Huber,
(d) ℓ1-constrained Huber, each with its count of zero parameters. The outlier near x = 0 pulls (a)
and (b); the Huber loss in (c) and (d) suppresses it; the ℓ1 penalty in (b) and (d) zeroes most θ_j.
"""

import numpy as np
import streamlit as st

from algorithms import L1HuberRegression
from ui.charts import chart
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import bar_figure
from ui.i18n import t
from ui.panels import panels_figure
from ui.theme import BLUE
from ui.theme import VERMILLION
from views.robust_regression._common import SPARSE_MODELS
from views.robust_regression._common import curve_axes
from views.robust_regression._common import eta_slider
from views.robust_regression._common import grid_of
from views.robust_regression._common import keep_last_good
from views.robust_regression._common import make_basis
from views.robust_regression._common import model_controls
from views.robust_regression._common import training

PANELS = ("a", "b", "c", "d")
SPARSE_MAX = 200  # IRLS for the ℓ1 penalty takes hundreds of steps: at most this many points


@st.cache_data(max_entries=16, show_spinner=False)
def fit_corners(X, y, lam, eta, model, degree, h):
    """(λ, η) = (0, ∞), (λ, ∞), (0, η), (λ, η): Fig 6.13's four panels with the current λ and η."""
    basis = make_basis(model, degree, h)
    settings = [(0.0, np.inf), (lam, np.inf), (0.0, eta), (lam, eta)]
    return [L1HuberRegression(e, lm, basis).fit(X, y) for lm, e in settings]


def render(ctx, controls, main):
    X, y = training(ctx, SPARSE_MAX)
    with controls:
        model, degree, h = model_controls(SPARSE_MODELS)
        lam = log_slider(t("rob.lam"), "rob.lam", -3, 1, 0.1, help=t("rob.lam_help"))
        eta = eta_slider("rob.l1_eta", 0.1)
    with main:
        kept = keep_last_good("rob.sparse", fit_corners, X, y, lam, eta, model, degree, h)
        if kept is None:
            return
        fits, X, y = kept
        axes = curve_axes(ctx)
        chart(corner_figure(fits, X, y, axes, lam, eta, ctx), key="rob.corners")
        st.caption(t("rob.panels_caption"))
        final = fits[3]
        metrics_row(
            [
                (t("rob.zeros_of", panel=p), f"{m.n_zero_} / {len(m.theta_)}")
                for p, m in zip(PANELS, fits, strict=True)
            ]
        )
        metrics_row(
            [
                (t("rob.objective"), fmt(final.objective_)),
                (t("metric.iterations"), str(final.n_iter_) + ("" if final.converged_ else " ⚠")),
            ]
        )
        chart(theta_figure(final, ctx.style), key="rob.theta_bars")
    formula_panel(formulas(final, lam, eta), ctx.projector)
    code_view(L1HuberRegression, projector=ctx.projector)


def corner_figure(fits, X, y, axes, lam, eta, ctx):
    style = ctx.style
    titles = [
        t(
            f"rob.panel_{p}",
            lam=f"{lm:g}",
            eta="∞" if e == np.inf else f"{e:g}",
            zeros=m.n_zero_,
            b=len(m.theta_),
        )
        for p, m, (lm, e) in zip(
            PANELS, fits, [(0, np.inf), (lam, np.inf), (0, eta), (lam, eta)], strict=True
        )
    ]
    grid = grid_of(axes)
    truth = ctx.data.train.truth
    panels = []
    for i, model in enumerate(fits):
        traces = []
        if truth is not None:
            traces.append(dict(type="scatter", x=grid, y=truth(grid), mode="lines", name=t("rob.truth"),
                               showlegend=i == 0,
                               line=dict(color=TRUTH_COLOR, dash="dot", width=style.line_width * 0.6)))
        traces.append(dict(type="scatter", x=X[:, 0], y=y, mode="markers", name=t("rob.points"),
                           showlegend=i == 0, marker=dict(color=BLUE, size=style.marker_size * 0.6)))
        traces.append(dict(type="scatter", x=grid, y=model.predict(grid[:, None]), mode="lines",
                           name=t("rob.fit"), showlegend=i == 0,
                           line=dict(color=FIT_COLOR, width=style.line_width)))
        panels.append(traces)
    legend = dict(orientation="h", yanchor="top", y=1.0, yref="container", xanchor="left", x=0.0)
    return panels_figure(panels, titles, axes, style, height=style.figure_height + 120,
                         margin=dict(l=10, r=10, t=int(4.5 * style.font_size), b=10), legend=legend)


def theta_figure(model, style):
    theta = np.asarray(model.theta_, float)
    lim = float(np.max(np.abs(theta))) * 1.1 or 1.0
    colors = np.where(theta == 0.0, VERMILLION, FIT_COLOR)
    axes = Axes((0.3, len(theta) + 0.7), (-lim, lim), "j", "θ_j")
    fig = bar_figure(
        theta,
        np.arange(1, len(theta) + 1),
        axes,
        style,
        title=t("rob.theta_title", zeros=model.n_zero_, b=len(theta)),
        height=260,
    )
    fig.update_traces(marker_color=colors)
    return fig


def formulas(model, lam, eta):
    e, lm = number(eta), number(lam)
    return [
        Formula(
            rf"\min_\theta \sum_i \rho_{{\mathrm{{Huber}}}}(r_i) + {lm}\,\|\theta\|_1 "
            rf"= {number(model.objective_)}",
            "Sugiyama §6.4",
        ),
        Formula(
            rf"\theta \leftarrow (\Phi^\top W \Phi + {lm}\,\Theta^\dagger)^{{-1}} \Phi^\top W y,\ "
            rf"\Theta = \mathrm{{diag}}(|\theta_1|, \dots, |\theta_b|),\ \eta = {e}",
            "Sugiyama Fig 6.12",
            t("rob.erratum_6_12"),
        ),
    ]
