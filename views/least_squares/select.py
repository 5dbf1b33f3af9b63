"""Model selection: cross-validation or closed-form LOO over a (h, λ) grid of kernel ridge models,
and training, test and CV error against λ.

Sugiyama §4.3 (Figs 4.10–4.14, (4.4)); CS229 Part VII §1.
"""

from functools import partial

import numpy as np
import streamlit as st

from algorithms import KernelRidge
from algorithms import kernel_ridge_cv_grid
from algorithms import kernel_ridge_errors
from algorithms import loo_error
from ui.charts import chart
from ui.charts import clicked_points
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import series_125
from ui.controls import set_values
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.progress import progress_bar
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from views.least_squares._common import H_RANGE
from views.least_squares._common import LAM_RANGE
from views.least_squares._common import N_CURVE
from views.least_squares._common import curve_axes
from views.least_squares._common import data_seed
from views.least_squares._common import fit_figure

BOOK_GRID = ([0.03, 0.3, 3.0], [1e-4, 0.1, 100.0])  # Sugiyama Fig 4.14
FINE_GRID = (series_125(-2, 1), series_125(-4, 2))
SELECTION_SAMPLE = 500  # model selection refits a grid of models: it works on at most 500 points


@st.cache_data(max_entries=32, show_spinner=False)
def cv_grid(X, y, hs, lams, folds, seed, _progress=None):
    return kernel_ridge_cv_grid(X, y, hs, lams, folds, seed, progress=_progress)


@st.cache_data(max_entries=32, show_spinner=False)
def errors_against_lambda(X, y, X_test, y_test, h, lams):
    return kernel_ridge_errors(X, y, X_test, y_test, h, lams)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        method = choice(t("ls.cv"), ["kfold", "loo"], "ls.cv", catalogue_labels("ls.cvs"), horizontal=True)
        folds = slider(t("ls.folds"), 2, 10, 5, "ls.folds") if method == "kfold" else None
        grid_name = choice(
            t("ls.grid"), ["fine", "book"], "ls.grid", catalogue_labels("ls.grids"), horizontal=True
        )
        h = log_slider(t("ls.h"), "ls.h", *H_RANGE, 0.3)
        lam = log_slider(t("ls.lam"), "ls.lam", *LAM_RANGE, 0.1)
    hs, lams = BOOK_GRID if grid_name == "book" else FINE_GRID
    seed = data_seed()
    if len(y) > SELECTION_SAMPLE:
        keep = np.sort(np.random.default_rng(seed).choice(len(y), SELECTION_SAMPLE, replace=False))
        X, y = X[keep], y[keep]
        st.caption(t("ls.selection_sample", b=SELECTION_SAMPLE, n=len(data.train.y)))
    if len(y) < (folds or 2):
        st.error(t("ls.too_few_for_cv", n=len(y), m=folds or 2))
        return
    try:
        with progress_bar(t("progress.cv")) as report:
            errors = cv_grid(X, y, hs, lams, folds, seed, _progress=report)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    best = np.unravel_index(np.argmin(errors), errors.shape)
    selected = (hs.index(h), lams.index(lam)) if h in hs and lam in lams else None
    heat = heatmap_figure(
        np.log10(errors).T,
        [f"{v:g}" for v in hs],
        [f"{v:g}" for v in lams],
        ("h", "λ"),
        ctx.style,
        best=(best[1], best[0]),
        selected=None if selected is None else (selected[1], selected[0]),
        colorbar_title="log₁₀ Ĝ",
        title=t(f"ls.cv_title_{method}"),
        best_name=t("ls.best_cell"),
        selected_name=t("ls.selected_cell"),
    )
    model = KernelRidge(h, lam).fit(X, y)
    axes = curve_axes(X[:, 0], y, data.train.feature_names[0], data.train.target_name)
    grid = np.linspace(*axes.x_range, N_CURVE)
    curves = (
        [Curve(t("ls.truth"), grid, data.train.truth(grid), TRUTH_COLOR, "dash")] if data.train.truth else []
    )
    selected_fit = Curve(f"h = {h:g}, λ = {lam:g}", grid, model.predict(grid[:, None]), FIT_COLOR)
    fit_fig = fit_figure(X[:, 0], y, [*curves, selected_fit], axes, ctx.style, t("ls.selected_fit"))
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(heat, key="ls.cv_chart", on_select=partial(pick_cell, hs, lams))
            st.caption(t("ls.click_cell"))
        with right:
            chart(fit_fig, key="ls.cv_fit")
        st.button(
            t("ls.use_best"),
            on_click=set_values,
            args=({"ls.h": hs[best[0]], "ls.lam": lams[best[1]]},),
            icon=":material/star:",
        )
        complexity_chart(X, y, data.test, h, lams, errors[hs.index(h)] if h in hs else None, ctx)
        metrics_row(
            [
                (t("ls.best_h"), f"{hs[best[0]]:g}"),
                (t("ls.best_lam"), f"{lams[best[1]]:g}"),
                (t("ls.best_error"), fmt(errors[best])),
                (t("ls.loo_selected"), fmt(loo_error(model, X, y))),
            ]
        )
    if method == "kfold":
        main_formula = Formula(
            rf"\hat G = \frac1m\sum_{{i=1}}^m \frac{{1}}{{|\mathcal T_i|}}\sum_{{(x,y)\in\mathcal T_i}}"
            rf"(f_i(x)-y)^2,\ m = {folds},\ \min \hat G = {number(errors[best])}",
            "Sugiyama §4.3, Fig 4.12 (kernel centres stay at all n inputs, Fig 4.14)",
        )
    else:
        main_formula = Formula(
            rf"\hat G = \frac1n\|\tilde H^{{-1}} H y\|^2,\ H = I - \Phi(\Phi^\top\Phi+\lambda I)^{{-1}}"
            rf"\Phi^\top,\ \min\hat G = {number(errors[best])}",
            "Sugiyama §4.3, (4.4)",
        )
    formula_panel([main_formula], ctx.projector)
    code_view(kernel_ridge_cv_grid, projector=ctx.projector)


def pick_cell(hs, lams):
    """Clicking a heat-map cell selects that (h, λ)."""
    points = clicked_points("ls.cv_chart")
    cells = [p["customdata"] for p in points if p.get("customdata") is not None]
    if cells:
        row, col = cells[0]
        set_values({"ls.h": hs[int(col)], "ls.lam": lams[int(row)]})




def complexity_chart(X, y, test, h, lams, cv_row, ctx):
    """Training, test and CV error against λ (complexity grows to the right as λ shrinks)."""
    train_err, test_err = errors_against_lambda(
        X, y, None if test is None else test.X[:, :1], None if test is None else test.y, h, tuple(lams)
    )
    lams_arr = np.asarray(lams, float)
    curves = [Curve(t("metric.train_mse"), lams_arr, np.maximum(train_err, 1e-12), CLASS_COLORS[0])]
    if test_err is not None:
        curves.append(Curve(t("metric.test_mse"), lams_arr, test_err, ALT_COLOR))
    if cv_row is not None:
        curves.append(Curve(t("ls.cv_error"), lams_arr, cv_row, FIT_COLOR, "dash"))
    values = np.concatenate([c.y for c in curves])
    axes = Axes(
        (lams_arr.max() * 2, lams_arr.min() / 2),
        safe_range(values.min() * 0.7, values.max() * 1.5, True),
        t("ls.lam_axis"),
        t("ls.error_axis"),
    )
    fig = curves_figure(
        curves,
        axes,
        ctx.style,
        log_x=True,
        log_y=True,
        markers=True,
        title=t("ls.complexity_title", h=f"{h:g}"),
        height=320,
    )
    chart(fig, key="ls.complexity")


