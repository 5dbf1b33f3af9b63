"""ℓ2, ℓ1, Huber and Tukey fits side by side on data with outliers; ρ(r) and w(r) with the residuals.

Sugiyama §6.1–6.3, Figs 6.1–6.4, 6.6, 6.10–6.11: click to add an outlier (or remove a point) and
watch least squares swing while the robust fits stay; the loss and weight panels show why.
"""

import numpy as np
import streamlit as st

from algorithms import HuberRegression
from algorithms import LeastAbsoluteDeviation
from algorithms import LinearRegression
from algorithms import TukeyRegression
from algorithms import robust_loss
from algorithms import robust_weight
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import points_trace
from ui.figures import regression_figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.registry import PLANNED
from ui.registry import streamlit_page
from views.robust_regression._common import LOSS_STYLE
from views.robust_regression._common import LOSSES
from views.robust_regression._common import curve_axes
from views.robust_regression._common import eta_slider
from views.robust_regression._common import grid_of
from views.robust_regression._common import keep_last_good
from views.robust_regression._common import loss_curve
from views.robust_regression._common import make_basis
from views.robust_regression._common import model_controls
from views.robust_regression._common import shown_points
from views.robust_regression._common import training
from views.robust_regression._common import truth_curves

RUG_LOSSES = ["l2", "l1", "huber", "tukey"]
N_R = 400


@st.cache_data(max_entries=32, show_spinner=False)
def fit_all(X, y, model, degree, h, eta):
    """The four fits on the same data and model: only algorithms/ computes."""
    basis = make_basis(model, degree, h)
    return {
        "l2": LinearRegression(basis).fit(X, y),
        "l1": LeastAbsoluteDeviation(basis).fit(X, y),
        "huber": HuberRegression(eta, basis).fit(X, y),
        "tukey": TukeyRegression(eta, basis).fit(X, y),
    }


def render(ctx, controls, main):
    X, y = training(ctx)
    with controls:
        model, degree, h = model_controls()
        eta = eta_slider()
        rug = choice(t("rob.rug"), RUG_LOSSES, "rob.rug", catalogue_labels("rob.losses"), default="huber")
    with main:
        kept = keep_last_good("rob.fits", fit_all, X, y, model, degree, h, eta)
        if kept is None:
            return
        fits, X, y = kept
        axes = curve_axes(ctx)
        grid = grid_of(axes)
        curves = truth_curves(ctx, grid) + [loss_curve(loss, fits[loss], grid) for loss in LOSSES]
        fig = regression_figure(
            *shown_points(ctx),
            curves,
            axes,
            ctx.style,
            data_name=t("rob.points"),
            title=t("rob.fits_title", eta=f"{eta:g}"),
        )
        editable_chart(fig, "rob", ctx.data, axes.x_range, axes.y_range, key="rob.fits_chart")
        shown = fit_metrics(fits, ctx, model)
        metrics_row(shown[:2])
        metrics_row(shown[2:])
        left, right = columns_or_stacked(ctx.projector, 2)
        residuals = fits[rug].predict(X) - y  # r_i = f(x_i) − y_i, the book's sign
        loss_fig, weight_fig = loss_figures(residuals, eta, rug, ctx.style)
        with left:
            chart(loss_fig, key="rob.rho_chart")
        with right:
            chart(weight_fig, key="rob.w_chart")
        st.caption(t("rob.rug_caption", loss=t(f"rob.losses.{rug}")))
        svm = next(p for p in PLANNED if p.key == "svm")
        st.page_link(
            streamlit_page(svm),
            label=t("rob.ramp_link"),
            icon=":material/arrow_forward:",
            query_params={"svm.view": "hinge", "svm.data": "blobs_outliers"},
        )
    formula_panel(formulas(fits, eta), ctx.projector)
    code_view(LeastAbsoluteDeviation, HuberRegression, TukeyRegression, projector=ctx.projector)


def fit_metrics(fits, ctx, model):
    """θ of each fit for the line, else the test error (the test points have no outlier)."""
    test = ctx.data.test
    shown = []
    for loss in LOSSES:
        label = t(f"rob.losses.{loss}")
        if model == "linear":
            shown.append((t("rob.theta_of", loss=label), vector_text(fits[loss].theta_, 3)))
        elif test is not None:
            error = float(np.mean((fits[loss].predict(test.X[:, :1]) - test.y) ** 2))
            shown.append((t("rob.test_mse_of", loss=label), fmt(error)))
        else:
            shown.append((t("rob.objective_of", loss=label), fmt(fits[loss].objective_)))
    return shown


def loss_figures(residuals, eta, rug, style):
    """ρ(r) and w(r) of the four losses (Figs 6.2, 6.4, 6.6, 6.10) with the residuals as a rug."""
    reach = max(3.0 * eta, 1.05 * float(np.max(np.abs(residuals))), 1.0)
    r = np.linspace(-reach, reach, N_R)  # an even count: never exactly 0, where ℓ1's weight is ∞
    rho = {loss: robust_loss(loss, r, eta) for loss in LOSSES}
    rho_top = 1.15 * float(max(rho["l1"].max(), rho["huber"].max(), rho["tukey"].max()))
    figures = []
    for name, values, top in [("rho", rho, rho_top), ("w", None, 1.25)]:
        curves = [
            Curve(
                t(f"rob.losses.{loss}"),
                r,
                values[loss] if values else robust_weight(loss, r, eta),
                *LOSS_STYLE[loss],
            )
            for loss in LOSSES
        ]
        axes = Axes((-reach, reach), (-0.06 * top, top), t("rob.residual"), t(f"rob.{name}_axis"))
        fig = curves_figure(
            curves,
            axes,
            style,
            title=t(f"rob.{name}_title", eta=f"{eta:g}"),
            height=int(style.figure_height * 0.8),
            legend_rows=0,
        )
        color = LOSS_STYLE[rug][0]
        fig.add_trace(
            points_trace(
                residuals,
                np.full(len(residuals), -0.03 * top),
                t("rob.residuals"),
                style,
                color=color,
                symbol="line-ns",
                size_scale=1.4,
                hollow=True,
            )
        )
        figures.append(fig)
    return figures


def formulas(fits, eta):
    e = number(eta)
    return [
        Formula(
            r"r_i = f_\theta(x_i) - y_i,\quad J_{\ell_1}(\theta) = \sum_i |r_i| = "
            + number(fits["l1"].objective_),
            "Sugiyama §6.1",
        ),
        Formula(
            rf"\rho_{{\mathrm{{Huber}}}}(r) = \begin{{cases}} r^2/2 & |r| \le {e} \\ {e}|r| - {e}^2/2 "
            rf"& |r| > {e} \end{{cases}},\quad w = \begin{{cases}} 1 & |r| \le {e} \\ {e}/|r| & |r| > {e}"
            r"\end{cases}",
            "Sugiyama §6.2, (6.1), Figs 6.4, 6.6",
        ),
        Formula(
            rf"\rho_{{\mathrm{{Tukey}}}}(r) = \begin{{cases}} \big(1 - (1 - r^2/{e}^2)^3\big)\,{e}^2/6 & "
            rf"|r| \le {e} \\ {e}^2/6 & |r| > {e} \end{{cases}},\quad w = \begin{{cases}} "
            rf"(1 - r^2/{e}^2)^2 & |r| \le {e} \\ 0 & |r| > {e} \end{{cases}}",
            "Sugiyama §6.3, Fig 6.10",
        ),
        Formula(
            rf"J_{{\mathrm{{Huber}}}} = {number(fits['huber'].objective_)},\ "
            rf"J_{{\mathrm{{Tukey}}}} = {number(fits['tukey'].objective_)},\ "
            rf"\text{{IRLS: }} {fits['huber'].n_iter_},\ {fits['tukey'].n_iter_}",
            "Sugiyama Fig 6.7",
        ),
    ]
