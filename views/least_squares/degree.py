"""Choosing a polynomial degree k ∈ {0, …, 10}: training error against hold-out (30%), k-fold and
leave-one-out cross-validation, and the fits each one picks, retrained on all of S.

CS229 Part VII §1 (M32–M34); Sugiyama (4.4) for the closed-form leave-one-out error.
"""

import numpy as np
import streamlit as st

from algorithms import LinearRegression
from algorithms import PolynomialBasis
from algorithms import holdout_mask
from algorithms import polynomial_degree_curves
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.least_squares._common import N_CURVE
from views.least_squares._common import data_axes
from views.least_squares._common import data_seed
from views.least_squares._common import half_width_legend

DEGREES = tuple(range(11))  # CS229 Part VII §1: k ∈ {0, 1, …, 10}
ESTIMATES = ("holdout", "kfold", "loo")
COLORS = {"train": CLASS_COLORS[0], "holdout": ALT_COLOR, "kfold": FIT_COLOR, "loo": TRUTH_COLOR}
DASHES = {"train": "solid", "holdout": "dot", "kfold": "solid", "loo": "dash"}


@st.cache_data(max_entries=32, show_spinner=False)
def degree_curves(X, y, fraction, folds, seed):
    return polynomial_degree_curves(X, y, DEGREES, fraction, folds, seed)


@st.cache_data(max_entries=64, show_spinner=False)
def polynomial_fit(X, y, degree):
    """The chosen degree retrained on all of S (CS229 M34 step 3)."""
    return LinearRegression(PolynomialBasis(degree)).fit(X, y)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        fraction = slider(t("ls.deg_holdout"), 0.1, 0.5, 0.3, "ls.deg_holdout", step=0.05)
        folds = slider(t("ls.deg_folds"), 2, 10, 10, "ls.deg_folds")
    seed = data_seed()
    curves = fitted(degree_curves, X, y, fraction, folds, seed)
    if curves is None:
        return
    errors = {"train": curves.train, "holdout": curves.holdout, "kfold": curves.kfold, "loo": curves.loo}
    picked = {name: int(curves.degrees[np.nanargmin(values)]) for name, values in errors.items()}
    lines = []
    for name, values in errors.items():
        finite = np.isfinite(values)  # LOO is undefined where a polynomial interpolates the data
        lines.append(
            Curve(
                t(f"ls.deg_curve.{name}"),
                curves.degrees[finite],
                np.maximum(values[finite], 1e-12),
                COLORS[name],
                DASHES[name],
            )
        )
    shown = np.concatenate([c.y for c in lines])
    error_fig = curves_figure(
        lines,
        Axes((-0.5, 10.5), safe_range(shown.min() * 0.7, shown.max() * 1.5, True), "k", t("ls.error_axis")),
        ctx.style,
        log_y=True,
        markers=True,
        title=t("ls.deg_error_title"),
    )
    half_width_legend(error_fig, ctx.style, t("ls.deg_error_title"), ctx.projector)
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(error_fig, key="ls.deg_chart")
        with right:
            chart(picked_fits_figure(X, y, data.train, picked, fraction, seed, ctx), key="ls.deg_fit")
        metrics_row([(t(f"ls.deg_pick.{name}"), str(picked[name])) for name in ("train", *ESTIMATES)])
    formula_panel(
        [
            Formula(
                rf"\hat\varepsilon_{{S_{{cv}}}}(h_k),\ |S_{{cv}}| = {number(fraction)}\,m,\ "
                rf"\arg\min_k = {picked['holdout']}",
                "CS229 Part VII §1 (hold-out)",
            ),
            Formula(
                rf"\frac1{{{folds}}}\sum_{{j=1}}^{{{folds}}}\hat\varepsilon_{{S_j}}(h_{{kj}}),\ "
                rf"\arg\min_k = {picked['kfold']}",
                "CS229 Part VII §1 (k-fold)",
            ),
            Formula(
                rf"\hat G = \frac1m\|\tilde H^{{-1}}Hy\|^2\ (k = m,\ \text{{leave-one-out}}),\ "
                rf"\arg\min_k = {picked['loo']}",
                "CS229 Part VII §1; Sugiyama (4.4)",
            ),
        ],
        ctx.projector,
    )
    code_view(polynomial_degree_curves, projector=ctx.projector)


def picked_fits_figure(X, y, train, picked, fraction, seed, ctx):
    """S_train (filled) and S_cv (open) points and the polynomial each estimate picks."""
    axes = data_axes(train)
    grid = np.linspace(*axes.x_range, N_CURVE)[:, None]
    fig = base_figure(ctx.style, axes, t("ls.deg_fit_title"))
    for name in ESTIMATES:
        model = polynomial_fit(X, y, picked[name])
        label = t("ls.deg_fit_curve", name=t(f"ls.deg_curve.{name}"), k=picked[name])
        curve = Curve(label, grid[:, 0], model.predict(grid), COLORS[name], DASHES[name])
        fig.add_trace(line_trace(curve, ctx.style))
    held = holdout_mask(len(y), fraction, seed)
    for part, name, hollow in ((~held, "ls.deg_train_set", False), (held, "ls.deg_cv_set", True)):
        fig.add_trace(
            points_trace(X[part, 0], y[part], t(name), ctx.style, color=CLASS_COLORS[0], hollow=hollow)
        )
    half_width_legend(fig, ctx.style, t("ls.deg_fit_title"), ctx.projector)
    return fig
