"""Tukey's local optima: the same data, several starts, and where each start's IRLS ends.

Sugiyama §6.3, Fig 6.11: the Tukey loss is not convex, so IRLS stops at a local optimum that depends on
the start (the book starts from least squares; here also from lines through random pairs of points).
"""

import numpy as np
import streamlit as st

from algorithms import TukeyRegression
from algorithms import tukey_restarts
from ui.controls import bound
from ui.controls import slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector_text
from ui.figures import TRUTH_COLOR
from ui.figures import Curve
from ui.figures import regression_figure
from ui.i18n import t
from ui.theme import CLASS_COLORS
from views.robust_regression._common import curve_axes
from views.robust_regression._common import eta_slider
from views.robust_regression._common import grid_of
from views.robust_regression._common import keep_last_good
from views.robust_regression._common import make_basis
from views.robust_regression._common import model_controls
from views.robust_regression._common import shown_points
from views.robust_regression._common import training

SHOWN_OPTIMA = 6


@st.cache_data(max_entries=16, show_spinner=False)
def restart(X, y, eta, n_starts, seed, model, degree, h):
    """Tukey IRLS from least squares and from random elemental starts, optima grouped."""
    return tukey_restarts(X, y, eta, n_starts, seed, make_basis(model, degree, h))


def render(ctx, controls, main):
    X, y = training(ctx)
    with controls:
        model, degree, h = model_controls()
        eta = eta_slider()
        n_starts = slider(t("rob.n_starts"), 2, 20, 8, "rob.n_starts")
        seed = st.number_input(t("rob.start_seed"), 0, 999, 0, step=1, **bound("rob.start_seed"))
        show_starts = st.toggle(t("rob.show_starts"), **bound("rob.show_starts"))
    with main:
        kept = keep_last_good("rob.starts", restart, X, y, eta, n_starts, int(seed), model, degree, h)
        if kept is None:
            return
        result, X, y = kept
        axes = curve_axes(ctx)
        grid = grid_of(axes)
        fits = result.fits
        curves = []
        if show_starts:
            Phi_grid = fits[0].design(grid[:, None])
            curves += [
                Curve(t("rob.start_curve") if k == 0 else "", grid, Phi_grid @ s, TRUTH_COLOR, "dot", 0.5)
                for k, s in enumerate(result.starts)
            ]
        counts = np.bincount(result.optimum, minlength=len(result.optima))
        for rank, k in enumerate(result.optima[:SHOWN_OPTIMA]):
            name = t("rob.optimum_curve", rank=rank + 1, J=fmt(fits[k].objective_, 3), count=counts[rank])
            color = CLASS_COLORS[(rank + 2) % len(CLASS_COLORS)]
            curves.append(
                Curve(name, grid, fits[k].predict(grid[:, None]), color, "solid" if rank == 0 else "dash")
            )
        fig = regression_figure(
            *shown_points(ctx),
            curves,
            axes,
            ctx.style,
            data_name=t("rob.points"),
            title=t("rob.starts_title", n=len(fits), eta=f"{eta:g}"),
        )
        fig.update_traces(showlegend=False, selector=dict(name=""))
        fig.update_layout(legend=dict(font=dict(size=ctx.style.font_size - 2)))
        editable_chart(fig, "rob", ctx.data, axes.x_range, axes.y_range, key="rob.starts_chart")
        from_ls = result.optimum[0] + 1
        metrics_row(
            [
                (t("rob.n_optima"), str(len(result.optima))),
                (t("rob.best_objective"), fmt(fits[result.optima[0]].objective_)),
                (t("rob.ls_start_optimum"), str(from_ls)),
            ]
        )
        metrics_row([(t("rob.best_theta"), vector_text(fits[result.optima[0]].theta_, 3))])
        if len(result.optima) > SHOWN_OPTIMA:
            st.caption(t("rob.more_optima", shown=SHOWN_OPTIMA, n=len(result.optima)))
    best = fits[result.optima[0]]
    formula_panel(
        [
            Formula(
                rf"\rho_{{\mathrm{{Tukey}}}}(r) = \big(1 - (1 - r^2/{number(eta)}^2)^3\big)"
                rf"\,{number(eta)}^2/6\ (|r| \le {number(eta)}),\ \text{{else }} {number(eta)}^2/6",
                "Sugiyama §6.3",
            ),
            Formula(
                rf"\min_k J(\hat\theta_k) = {number(best.objective_)},\ "
                rf"J(\hat\theta_{{\mathrm{{LS\ start}}}}) = {number(fits[0].objective_)}",
                "Sugiyama Fig 6.11",
            ),
        ],
        ctx.projector,
    )
    code_view(TukeyRegression, tukey_restarts, projector=ctx.projector)
