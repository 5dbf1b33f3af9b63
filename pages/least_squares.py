"""Least squares & model selection (Sugiyama ch. 2–4; CS229 Part I; seed 004 §2.2).

Five views: fitting a basis model (closed form, constraints, SGD), the parameter space for b = 2,
model selection by cross-validation / LOO, CS229 gradient descent on the housing rows, and
locally weighted regression.
"""

from functools import partial

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import GaussianBasis
from algorithms import GradientDescentRegressor
from algorithms import KernelRidge
from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import LocallyWeightedRegression
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import SGDRegressor
from algorithms import SubspaceLeastSquares
from algorithms import TrigonometricBasis
from algorithms import kernel_ridge_cv_grid
from algorithms import loo_error
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import preset_picker
from ui.controls import series_125
from ui.controls import set_values
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import ALT_COLOR
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import heatmap_figure
from ui.figures import highlight_trace
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import regression_figure
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR

P = "ls"
VIEWS = ["fit", "params", "select", "gd", "lwr"]
MODELS = ["linear", "polynomial", "trigonometric", "gaussian"]
CONSTRAINTS = ["none", "l2", "subspace"]
H_RANGE, LAM_RANGE = (-2, 1), (-6, 3)  # slider decades for h and λ
BOOK_GRID = ([0.03, 0.3, 3.0], [1e-4, 0.1, 100.0])  # Sugiyama Fig 4.14
FINE_GRID = (series_125(-2, 1), series_125(-4, 2))
N_CURVE = 400

PRESETS = {
    "fig3_1": {
        "ls.view": "fit",
        "ls.data": "sinc",
        "ls.n": 50,
        "ls.noise": 0.05,
        "ls.model": "trigonometric",
        "ls.m": 15,
        "ls.constraint": "none",
        "ls.solver": "closed",
    },
    "fig3_7": {
        "ls.view": "fit",
        "ls.data": "sinc",
        "ls.n": 50,
        "ls.noise": 0.05,
        "ls.model": "gaussian",
        "ls.h": 0.3,
        "ls.solver": "sgd",
        "ls.eta": 0.1,
        "ls.max_iter": 50_000,
    },
    "fig4_1": {
        "ls.view": "fit",
        "ls.data": "sinc",
        "ls.n": 50,
        "ls.noise": 0.2,
        "ls.model": "trigonometric",
        "ls.m": 15,
        "ls.constraint": "subspace",
        "ls.keep": 11,
        "ls.solver": "closed",
    },
    "fig4_6": {
        "ls.view": "fit",
        "ls.data": "sinc",
        "ls.n": 50,
        "ls.noise": 0.2,
        "ls.model": "gaussian",
        "ls.h": 0.3,
        "ls.constraint": "l2",
        "ls.lam": 0.1,
        "ls.solver": "closed",
    },
    "fig4_13": {
        "ls.view": "select",
        "ls.data": "sinc",
        "ls.n": 50,
        "ls.noise": 0.2,
        "ls.cv": "kfold",
        "ls.folds": 5,
        "ls.grid": "book",
        "ls.h": 0.3,
        "ls.lam": 0.1,
    },
    "cs229_gd": {
        "ls.view": "gd",
        "ls.data": "housing",
        "ls.scale": True,
        "ls.bedrooms": False,
        "ls.alpha": 0.5,
        "ls.gd_iters": 100,
    },
    "cs229_lwr": {"ls.view": "lwr", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.tau": 0.3},
    "s004_ridge": {
        "ls.view": "fit",
        "ls.data": "sinc",
        "ls.n": 20,
        "ls.noise": 0.2,
        "ls.model": "polynomial",
        "ls.degree": 12,
        "ls.constraint": "l2",
        "ls.lam": 0.001,
        "ls.solver": "closed",
    },
}


# ---- cached computations -----------------------------------------------------------------------


KERNEL_CENTRES = 500  # above this n the kernel model uses 500 random inputs as centres (Sugiyama §2.2)
SELECTION_SAMPLE = 500  # model selection refits a grid of models: it works on at most 500 points


def make_basis(model: str, degree: int, m: int, h: float):
    return {
        "linear": LinearBasis(),
        "polynomial": PolynomialBasis(degree),
        "trigonometric": TrigonometricBasis(m),
        "gaussian": GaussianBasis(h, n_centers=KERNEL_CENTRES),
    }[model]


def make_estimator(model, degree, m, h, constraint, lam, keep, solver, eta, max_iter, seed):
    basis = make_basis(model, degree, m, h)
    if solver == "sgd":
        return SGDRegressor(eta=eta, basis=basis, max_iter=max_iter, random_state=seed)
    if constraint == "l2":
        return KernelRidge(h, lam, n_centers=KERNEL_CENTRES) if model == "gaussian" else Ridge(lam, basis)
    if constraint == "subspace":
        return SubspaceLeastSquares(keep, basis)
    return LinearRegression(basis)


@st.cache_data(max_entries=64, show_spinner=False)
def fit_model(X, y, *args):
    return make_estimator(*args).fit(X, y)


@st.cache_data(max_entries=32, show_spinner=False)
def cv_grid(X, y, hs, lams, folds, seed):
    return kernel_ridge_cv_grid(X, y, hs, lams, folds, seed)


@st.cache_data(max_entries=32, show_spinner=False)
def gradient_runs(X, y, scale, alpha_fraction, iters, seed):
    """Batch GD, SGD (same start θ = 0) and the normal equations on the same design."""
    basis = LinearBasis(standardize=scale).fit(X)
    Phi = basis.transform(X)
    alpha = alpha_fraction * 2.0 / np.linalg.eigvalsh(Phi.T @ Phi)[-1]
    bgd = GradientDescentRegressor(alpha, LinearBasis(scale), max_iter=iters, tol=0.0).fit(X, y)
    sgd = SGDRegressor(
        alpha,
        LinearBasis(scale),
        max_iter=iters,
        tol=0.0,
        n_snapshots=iters,
        theta0=np.zeros(Phi.shape[1]),
        random_state=seed,
    ).fit(X, y)
    normal = LinearRegression(LinearBasis(scale)).fit(X, y)
    return bgd, sgd, normal, Phi


def curve_axes(x, y, x_title, y_title) -> Axes:
    """Fixed ranges from the data only, so the frame does not jump when the fit changes."""
    return Axes(padded_range(x, 0.03), padded_range(y, 0.25), plain(x_title), plain(y_title))


# ---- views ---------------------------------------------------------------------------------------


def fit_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        model = choice(t("ls.model"), MODELS, "ls.model", catalogue_labels("ls.models"), default="gaussian")
        degree = slider(t("ls.degree"), 0, 15, 3, "ls.degree") if model == "polynomial" else 3
        m = slider(t("ls.m"), 0, 15, 15, "ls.m") if model == "trigonometric" else 15
        h = log_slider(t("ls.h"), "ls.h", *H_RANGE, 0.3) if model == "gaussian" else 0.3
        solver = choice(
            t("ls.solver"), ["closed", "sgd"], "ls.solver", catalogue_labels("ls.solvers"), horizontal=True
        )
        constraint, lam, keep, eta, max_iter = "none", 0.1, 11, 0.1, 50_000
        if solver == "closed":
            constraint = choice(
                t("ls.constraint"),
                CONSTRAINTS,
                "ls.constraint",
                catalogue_labels("ls.constraints"),
                default="l2",
            )
            if constraint == "l2":
                lam = log_slider(t("ls.lam"), "ls.lam", *LAM_RANGE, 0.1)
            elif constraint == "subspace":
                b = make_basis(model, degree, m, h).fit(X).n_basis_
                keep = min(slider(t("ls.keep"), 1, 101, 11, "ls.keep"), b)
        else:
            eta = log_slider(t("ls.eta"), "ls.eta", -3, 0, 0.1)
            max_iter = st.select_slider(
                t("ls.max_iter"), [1000, 2000, 5000, 10_000, 20_000, 50_000], 50_000, **bound("ls.max_iter")
            )
        show_test = st.toggle(t("ls.show_test"), **bound("ls.show_test"))
    seed = int(st.session_state.get("ls.seed", 0))
    est = fit_model(X, y, model, degree, m, h, constraint, lam, keep, solver, eta, max_iter, seed)
    if model == "gaussian" and len(y) > KERNEL_CENTRES:
        st.caption(t("ls.centres_subset", b=KERNEL_CENTRES, n=len(y)))
    axes = curve_axes(X[:, 0], y, data.train.feature_names[0], data.train.target_name)
    grid = np.linspace(*axes.x_range, N_CURVE)
    curves = []
    if data.train.truth is not None:
        curves.append(Curve(t("ls.truth"), grid, data.train.truth(grid), TRUTH_COLOR, "dash"))
    test = (data.test.X[:, 0], data.test.y) if show_test and data.test is not None else None
    train_mse = float(np.mean((est.predict(X) - y) ** 2))
    test_mse = float(np.mean((est.predict(data.test.X[:, :1]) - data.test.y) ** 2)) if data.test else None
    with main:
        if solver == "sgd":
            sgd_stepper(est, X, y, grid, curves, axes, test, ctx)
        else:
            fit = Curve(t(f"ls.constraints.{constraint}"), grid, est.predict(grid[:, None]), FIT_COLOR)
            fig = regression_figure(
                X[:, 0],
                y,
                [*curves, fit],
                axes,
                ctx.style,
                data_name=t("ls.train_points"),
                test=test,
                test_name=t("ls.test_points"),
            )
            editable_chart(fig, P, data, axes.x_range, axes.y_range, key="ls.fit_chart")
        shown = [
            (t("metric.train_mse"), fmt(train_mse)),
            (t("metric.test_mse"), fmt(test_mse)),
            (t("ls.objective"), fmt(est.objective_)),
            (t("ls.n_params"), str(len(est.theta_))),
        ]
        if solver == "sgd":
            shown.append((t("metric.iterations"), str(est.n_iter_)))
        metrics_row(shown)
        coefficient_chart(est.theta_, ctx)
    formula_panel(
        fit_formulas(est, model, constraint, solver, data.train, degree, m, h, lam, keep, eta), ctx.projector
    )
    code_view(type(est), type(est.basis_), projector=ctx.projector)


def sgd_stepper(est, X, y, grid, curves, axes, test, ctx):
    history = est.history_
    Phi_grid = est.design(grid[:, None])

    def frame(s):
        snap = history[s]
        traces = [line_trace(Curve(t("ls.sgd_fit"), grid, Phi_grid @ snap.theta, FIT_COLOR), ctx.style)]
        i = snap.index if snap.index >= 0 else 0
        traces.append(highlight_trace(X[i, 0], y[i], t("ls.sampled"), ctx.style))
        return traces

    static = regression_figure(
        X[:, 0],
        y,
        curves,
        axes,
        ctx.style,
        data_name=t("ls.train_points"),
        test=test,
        test_name=t("ls.test_points"),
    )
    view = StepView(
        static,
        frame,
        lambda s: t("ls.sgd_label", step=history[s].step, loss=fmt(history[s].loss)),
        details=lambda s: t(
            "ls.sgd_details", step=history[s].step, i=history[s].index + 1, loss=fmt(history[s].loss)
        ),
    )
    stepper("ls.sgd", len(history), view)
    steps = np.array([max(h.step, 1) for h in history], float)
    losses = np.array([h.loss for h in history])
    loss_axes = Axes(
        safe_range(1, steps.max(), True),
        safe_range(losses.min() * 0.8, losses.max() * 1.2, True),
        t("ls.sgd_steps"),
        t("ls.objective"),
    )
    chart(
        curves_figure(
            [Curve(t("ls.objective"), steps, losses, ALT_COLOR)],
            loss_axes,
            ctx.style,
            log_x=True,
            log_y=True,
            height=260,
        ),
        key="ls.sgd_loss",
    )
    status = "converged" if est.converged_ else "diverged" if est.diverged_ else "max_iter"
    st.caption(t(f"ls.sgd_{status}", n=est.n_iter_))


def coefficient_chart(theta, ctx):
    with st.expander(t("ls.coefficients"), expanded=False):
        lim = float(np.max(np.abs(theta))) * 1.1 or 1.0
        labels = np.arange(1, len(theta) + 1)
        fig = base_figure(ctx.style, Axes((0.3, len(theta) + 0.7), (-lim, lim), "j", "θ_j"), height=240)
        fig.add_trace(go.Bar(x=labels, y=np.asarray(theta, float), marker_color=FIT_COLOR, showlegend=False))
        chart(fig, key="ls.theta")


BASIS_LATEX = {
    "linear": r"\phi(x) = (1,\ x)^\top",
    "polynomial": r"\phi(x) = (1,\ \tilde x,\ \dots,\ \tilde x^{{{degree}}})^\top,\ \tilde x = (x-c)/s",
    "trigonometric": (
        r"\phi(x) = (1,\ \sin\tfrac{{x}}{{2}},\ \cos\tfrac{{x}}{{2}},\ \dots,"
        r"\ \sin\tfrac{{{m}x}}{{2}},\ \cos\tfrac{{{m}x}}{{2}})^\top"
    ),
    "gaussian": r"\phi_j(x) = K(x, x_j) = \exp\!\Big(-\frac{{(x-x_j)^2}}{{2\cdot {h}^2}}\Big),\ j = 1..{n}",
}


def fit_formulas(est, model, constraint, solver, train, degree, m, h, lam, keep, eta):
    n, b = len(train.y), len(est.theta_)
    basis = Formula(
        BASIS_LATEX[model].format(degree=degree, m=m, h=number(h), n=n), "Sugiyama §2.1–2.2, (2.1)–(2.2)"
    )
    summary = (
        rf"b = {b},\ n = {n},\ J(\hat\theta) = \tfrac12\sum_i (f_{{\hat\theta}}(x_i)-y_i)^2 = "
        rf"{number(est.objective_)},\ \|\hat\theta\|^2 = {number(float(est.theta_ @ est.theta_))}"
    )
    if solver == "sgd":
        last = est.history_[-1]
        main = Formula(
            rf"\theta \leftarrow \theta - \varepsilon\,\phi(x_i)\big(f_\theta(x_i) - y_i\big),\ "
            rf"\varepsilon = {number(eta)},\ t = {last.step}",
            "Sugiyama §3.3, (3.3); CS229 M03",
        )
    elif constraint == "l2" and model == "gaussian":
        main = Formula(
            rf"\hat\theta = (K^2 + \lambda I)^{{-1}} K y,\ \lambda = {number(lam)}",
            "Sugiyama §4.2, (4.3) with Φ = K (Fig 4.7)",
        )
    elif constraint == "l2":
        main = Formula(
            rf"\hat\theta = (\Phi^\top\Phi + \lambda I)^{{-1}}\Phi^\top y,\ \lambda = {number(lam)}",
            "Sugiyama §4.2, (4.3); seed 004 §2.2",
        )
    elif constraint == "subspace":
        main = Formula(
            rf"\hat\theta = (\Phi P)^\dagger y,\ P = \mathrm{{diag}}(\underbrace{{1,\dots,1}}_{{{keep}}},"
            rf"\underbrace{{0,\dots,0}}_{{{b - keep}}})",
            "Sugiyama §4.1",
        )
    else:
        main = Formula(
            r"\hat\theta = \Phi^\dagger y = \arg\min_\theta \tfrac12\|\Phi\theta - y\|^2",
            "Sugiyama §3.1, (3.1); CS229 M05 normal equations",
        )
    return [basis, main, Formula(summary, "Sugiyama (3.1)")]


def params_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    with controls:
        lam = log_slider(t("ls.lam"), "ls.lam", *LAM_RANGE, 0.1)
        st.caption(t("ls.params_help"))
    ls_fit = LinearRegression(LinearBasis()).fit(X, y)
    ridge = Ridge(lam, LinearBasis()).fit(X, y)
    Phi = ls_fit.design(X)
    path = np.array([Ridge(lam_k, LinearBasis()).fit(X, y).theta_ for lam_k in np.logspace(-4, 5, 120)])
    t_ls, t_r = ls_fit.theta_, ridge.theta_
    extent = max(np.abs(t_ls).max(), 0.5) * 1.5
    center = t_ls / 2
    g1 = np.linspace(center[0] - extent, center[0] + extent, 120)
    g2 = np.linspace(center[1] - extent, center[1] + extent, 120)
    T1, T2 = np.meshgrid(g1, g2)
    thetas = np.stack([T1.ravel(), T2.ravel()])
    J = 0.5 * ((Phi @ thetas - y[:, None]) ** 2).sum(0).reshape(T1.shape)
    axes = Axes((g1[0], g1[-1]), (g2[0], g2[-1]), "θ₁", "θ₂", equal=True)
    fig = base_figure(ctx.style, axes, t("ls.params_title"))
    levels = np.quantile(J, np.linspace(0.02, 0.9, 14))
    fig.add_trace(
        go.Contour(
            x=g1,
            y=g2,
            z=np.log(J - J.min() + 1e-9),
            showscale=False,
            hoverinfo="skip",
            contours=dict(
                coloring="lines",
                start=float(np.log(levels[0] - J.min() + 1e-9)),
                end=float(np.log(levels[-1] - J.min())),
                size=0.35,
            ),
            colorscale=[[0, BLUE], [1, BLUE]],
            line=dict(width=1.2),
            name="J",
        )
    )
    radius = float(np.linalg.norm(t_r))
    angle = np.linspace(0, 2 * np.pi, 200)
    fig.add_trace(
        go.Scatter(
            x=radius * np.cos(angle),
            y=radius * np.sin(angle),
            mode="lines",
            fill="toself",
            fillcolor="rgba(213,94,0,0.12)",
            line=dict(color=ALT_COLOR, width=ctx.style.line_width),
            name=t("ls.disc"),
        )
    )
    fig.add_trace(
        line_trace(Curve(t("ls.ridge_path"), path[:, 0], path[:, 1], TRUTH_COLOR, "dot"), ctx.style)
    )
    fig.add_trace(
        points_trace(
            [t_ls[0]],
            [t_ls[1]],
            t("ls.ls_solution"),
            ctx.style,
            symbol="star",
            color=HIGHLIGHT_COLOR,
            size_scale=1.8,
        )
    )
    fig.add_trace(
        points_trace([t_r[0]], [t_r[1]], t("ls.ridge_solution"), ctx.style, color=ALT_COLOR, size_scale=1.4)
    )
    data_axes = curve_axes(X[:, 0], y, data.train.feature_names[0], data.train.target_name)
    grid = np.linspace(*data_axes.x_range, 100)
    fit_fig = regression_figure(
        X[:, 0],
        y,
        [
            Curve(t("ls.ls_solution"), grid, ls_fit.predict(grid[:, None]), HIGHLIGHT_COLOR, "dash"),
            Curve(t("ls.ridge_solution"), grid, ridge.predict(grid[:, None]), ALT_COLOR),
        ],
        data_axes,
        ctx.style,
        data_name=t("ls.train_points"),
        title=t("ls.params_fit_title"),
    )
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(fig, key="ls.params_chart")
        with right:
            chart(fit_fig, key="ls.params_fit")
        metrics_row(
            [
                (t("ls.theta_ls"), f"({t_ls[0]:.3g}, {t_ls[1]:.3g})"),
                (t("ls.theta_ridge"), f"({t_r[0]:.3g}, {t_r[1]:.3g})"),
                (t("ls.radius"), fmt(radius**2)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"\min_\theta J_{{LS}}(\theta)\ \text{{s.t.}}\ \|\theta\|^2 \le R = {number(radius**2)}",
                "Sugiyama §4.2, (4.1)",
            ),
            Formula(
                rf"\hat\theta(\lambda) = (\Phi^\top\Phi + \lambda I)^{{-1}}\Phi^\top y = {vector(t_r)},\ "
                rf"\lambda = {number(lam)}",
                "Sugiyama (4.2)–(4.3)",
            ),
        ],
        ctx.projector,
    )
    code_view(Ridge, projector=ctx.projector)


def select_view(ctx, controls, main):
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
    seed = int(st.session_state.get("ls.seed", 0))
    if len(y) > SELECTION_SAMPLE:
        keep = np.sort(np.random.default_rng(seed).choice(len(y), SELECTION_SAMPLE, replace=False))
        X, y = X[keep], y[keep]
        st.caption(t("ls.selection_sample", b=SELECTION_SAMPLE, n=len(data.train.y)))
    if len(y) < (folds or 2):
        st.error(t("ls.too_few_for_cv", n=len(y), m=folds or 2))
        return
    try:
        errors = cv_grid(X, y, hs, lams, folds, seed)
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
    fit_fig = regression_figure(
        X[:, 0],
        y,
        [*curves, Curve(f"h = {h:g}, λ = {lam:g}", grid, model.predict(grid[:, None]), FIT_COLOR)],
        axes,
        ctx.style,
        data_name=t("ls.train_points"),
        title=t("ls.selected_fit"),
    )
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(heat, key="ls.cv_chart", on_select=partial(pick_cell, hs, lams), selection_mode="points")
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
    points = st.session_state["ls.cv_chart"].selection.points
    cells = [p["customdata"] for p in points if p.get("customdata") is not None]
    if cells:
        row, col = cells[0]
        set_values({"ls.h": hs[int(col)], "ls.lam": lams[int(row)]})


@st.cache_data(max_entries=32, show_spinner=False)
def errors_against_lambda(X, y, X_test, y_test, h, lams):
    """Training and test MSE of KernelRidge(h, λ) for every λ: θ(λ) = V diag(1/(e + λ)) Vᵀ Kᵀy from
    one eigendecomposition KᵀK = V diag(e) Vᵀ (the same θ as (K² + λI)⁻¹Ky, Sugiyama (4.3))."""
    basis = GaussianBasis(h).fit(X)
    K = basis.transform(X)
    e, V = np.linalg.eigh(K.T @ K)
    thetas = (V / (np.maximum(e, 0.0)[None, :] + np.asarray(lams)[:, None, None])) @ (V.T @ (K.T @ y))
    train = np.mean((thetas @ K.T - y) ** 2, axis=1)
    test = None if X_test is None else np.mean((thetas @ basis.transform(X_test).T - y_test) ** 2, axis=1)
    return train, test


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


def gd_view(ctx, controls, main):
    data = ctx.data
    with controls:
        use_all = False
        if data.train.X.shape[1] > 1:
            use_all = st.toggle(t("ls.bedrooms"), **bound("ls.bedrooms"))
        scale = st.toggle(t("ls.scale"), value=True, **bound("ls.scale"))
        alpha_fraction = st.select_slider(
            t("ls.alpha"),
            [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 0.95, 1.05],
            0.5,
            **bound("ls.alpha"),
            help=t("ls.alpha_help"),
        )
        iters = st.select_slider(
            t("ls.gd_iters"), [10, 20, 50, 100, 200, 500, 1000], 100, **bound("ls.gd_iters")
        )
    X = data.train.X if use_all else data.train.X[:, :1]
    y = data.train.y
    bgd, sgd, normal, Phi = gradient_runs(
        X, y, scale, alpha_fraction, iters, int(st.session_state.get("ls.seed", 0))
    )
    j_star = normal.objective_
    history = bgd.history_
    with main:
        if Phi.shape[1] == 2:
            gd_stepper(bgd, sgd, normal, Phi, y, ctx, scale)
        else:
            st.info(t("ls.gd_3d"))
        n_b = len(history)
        gap_b = np.array([h.loss - j_star for h in history])
        gap_s = np.array([h.loss - j_star for h in sgd.history_])
        steps_s = np.array([h.step for h in sgd.history_], float)
        curves = [
            Curve(t("ls.bgd"), np.arange(n_b, dtype=float), np.maximum(gap_b, 1e-14), CLASS_COLORS[0]),
            Curve(t("ls.sgd"), steps_s, np.maximum(gap_s, 1e-14), ALT_COLOR),
        ]
        top = max(gap_b.max(), gap_s.max(), 1e-12)
        fig = curves_figure(
            curves,
            Axes(
                (0, max(iters, 1)),
                safe_range(1e-14 if top > 1e-8 else 1e-16, top * 3, True),
                t("ls.iteration"),
                t("ls.gap_axis"),
            ),
            ctx.style,
            log_y=True,
            title=t("ls.gd_loss_title"),
            height=300,
        )
        chart(fig, key="ls.gd_loss")
        cond = np.linalg.cond(Phi.T @ Phi)
        metrics_row(
            [
                (t("ls.condition"), fmt(cond, 3)),
                (t("ls.alpha_value"), fmt(bgd.alpha, 3)),
                (t("ls.objective"), fmt(bgd.history_[-1].loss)),
                (t("ls.optimum"), fmt(j_star)),
            ]
        )
        st.dataframe(theta_table(bgd, sgd, normal, data.train), hide_index=True)
        if bgd.diverged_:
            st.warning(t("ls.diverged"))
    formula_panel(
        [
            Formula(
                rf"\theta := \theta - \alpha\,\Phi^\top(\Phi\theta - y),\ \alpha = {number(bgd.alpha)} = "
                rf"{alpha_fraction:g}\cdot\frac{{2}}{{\lambda_{{\max}}(\Phi^\top\Phi)}}",
                "CS229 Part I §1 (LMS, M02)",
            ),
            Formula(
                rf"\Phi^\top\Phi\,\theta = \Phi^\top y \Rightarrow \theta = {vector(normal.theta_)},\ "
                rf"\kappa(\Phi^\top\Phi) = {number(cond)}",
                "CS229 Part I §2.2 (normal equations, M05)",
            ),
        ],
        ctx.projector,
    )
    code_view(GradientDescentRegressor, LinearBasis, projector=ctx.projector)


def theta_table(bgd, sgd, normal, train) -> pd.DataFrame:
    """θ of each method in the units of the raw features (CS229 prints θ₀ = 71.27, θ₁ = 0.1345)."""
    rows = {t("ls.bgd"): bgd, t("ls.sgd"): sgd, t("ls.normal_eq"): normal}
    names = ["θ₀", *[f"θ{chr(0x2081 + j)}" for j in range(len(normal.theta_) - 1)]]
    table = pd.DataFrame(
        [model.basis_.to_original(model.theta_) for model in rows.values()], columns=names
    ).round(4)
    table.insert(0, t("ls.method"), list(rows))
    return table


def gd_stepper(bgd, sgd, normal, Phi, y, ctx, scale):
    """Contours of J over (θ₀, θ₁) with the batch and stochastic paths and the normal-equation optimum."""
    path_b = np.array([h.theta for h in bgd.history_])
    path_s = np.array([h.theta for h in sgd.history_])
    star = normal.theta_
    pts = np.vstack([path_b, star[None, :]])
    lo, hi = pts.min(0), pts.max(0)
    span = np.maximum(hi - lo, np.abs(star) * 0.2 + 1e-9)
    lo, hi = lo - 0.15 * span, hi + 0.15 * span
    g0, g1 = np.linspace(lo[0], hi[0], 110), np.linspace(lo[1], hi[1], 110)
    T0, T1 = np.meshgrid(g0, g1)
    J = 0.5 * ((Phi @ np.stack([T0.ravel(), T1.ravel()]) - y[:, None]) ** 2).sum(0).reshape(T0.shape)
    axes = Axes(
        (lo[0], hi[0]),
        (lo[1], hi[1]),
        "θ₀" + (t("ls.scaled") if scale else ""),
        "θ₁" + (t("ls.scaled") if scale else ""),
    )
    static = base_figure(ctx.style, axes)
    static.add_trace(
        go.Contour(
            x=g0,
            y=g1,
            z=np.log(J - normal.objective_ + 1e-12),
            showscale=False,
            contours=dict(coloring="lines"),
            colorscale=[[0, BLUE], [1, BLUE]],
            line=dict(width=1),
            hoverinfo="skip",
            ncontours=18,
            name="J",
        )
    )
    static.add_trace(
        go.Scatter(
            x=path_b[:, 0],
            y=path_b[:, 1],
            mode="lines",
            name=t("ls.bgd"),
            line=dict(color=CLASS_COLORS[0], width=1),
            opacity=0.5,
        )
    )
    static.add_trace(
        go.Scatter(
            x=path_s[:, 0],
            y=path_s[:, 1],
            mode="lines",
            name=t("ls.sgd"),
            line=dict(color=ALT_COLOR, width=1),
            opacity=0.5,
        )
    )
    static.add_trace(
        points_trace(
            [star[0]],
            [star[1]],
            t("ls.normal_eq"),
            ctx.style,
            symbol="star",
            color=HIGHLIGHT_COLOR,
            size_scale=2,
        )
    )
    steps_s = np.array([h.step for h in sgd.history_])

    def frame(s):
        k = int(np.searchsorted(steps_s, bgd.history_[s].step, side="right") - 1)
        return [
            points_trace(
                [path_b[s, 0]], [path_b[s, 1]], t("ls.bgd"), ctx.style, color=CLASS_COLORS[0], size_scale=1.4
            ),
            points_trace(
                [path_s[k, 0]],
                [path_s[k, 1]],
                t("ls.sgd"),
                ctx.style,
                color=ALT_COLOR,
                symbol="x",
                size_scale=1.4,
            ),
        ]

    view = StepView(static, frame, lambda s: t("ls.gd_label", step=s, loss=fmt(bgd.history_[s].loss)))
    stepper("ls.gd", len(bgd.history_), view)


def lwr_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X[:, :1], data.train.y
    lo, hi = float(X.min()), float(X.max())
    with controls:
        tau = log_slider(t("ls.tau"), "ls.tau", -2, 1, 0.5)
        step = (hi - lo) / 100 if hi > lo else 1.0
        query = slider(t("ls.query"), lo, hi, (lo + hi) / 2, "ls.query", step=step)
    lwr = LocallyWeightedRegression(tau).fit(X, y)
    axes = curve_axes(X[:, 0], y, data.train.feature_names[0], data.train.target_name)
    grid = np.linspace(*axes.x_range, 300)
    w = lwr.weights(np.array([[query]]))[0]
    theta_q = lwr.local_theta(np.array([[query]]))[0]
    ols = LinearRegression().fit(X, y)
    fig = base_figure(ctx.style, axes, t("ls.lwr_title"))
    fig.add_trace(
        line_trace(Curve(t("ls.ols"), grid, ols.predict(grid[:, None]), TRUTH_COLOR, "dash"), ctx.style)
    )
    fig.add_trace(
        line_trace(Curve(t("ls.lwr_curve"), grid, lwr.predict(grid[:, None]), FIT_COLOR), ctx.style)
    )
    local_x = np.linspace(max(axes.x_range[0], query - 3 * tau), min(axes.x_range[1], query + 3 * tau), 50)
    fig.add_trace(
        line_trace(
            Curve(t("ls.local_line"), local_x, theta_q[0] + theta_q[1] * local_x, ALT_COLOR, "dot"), ctx.style
        )
    )
    sizes = ctx.style.marker_size * (0.5 + 1.6 * np.sqrt(w))
    fig.add_trace(
        points_trace(
            X[:, 0],
            y,
            t("ls.weighted_points"),
            ctx.style,
            color=CLASS_COLORS[0],
            sizes=sizes,
            customdata=np.arange(len(y)),
        )
    )
    fig.add_vline(x=query, line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width / 2, dash="dash"))
    prediction = theta_q[0] + theta_q[1] * query
    with main:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="ls.lwr_chart")
        metrics_row(
            [
                (t("ls.query_value"), fmt(query)),
                (t("ls.prediction"), fmt(prediction)),
                (t("ls.effective_n"), fmt(w.sum() ** 2 / (w @ w), 3)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"w^{{(i)}} = \exp\!\Big(-\frac{{(x^{{(i)}} - x)^2}}{{2\tau^2}}\Big),"
                rf"\ \tau = {number(tau)},\ x = {number(query)}",
                "CS229 Part I §4 (M08)",
            ),
            Formula(
                rf"\theta(x) = \arg\min_\theta \sum_i w^{{(i)}}(y^{{(i)}} - \theta^\top \hat x^{{(i)}})^2 = "
                rf"{vector(theta_q)},\ \theta(x)^\top\hat x = {number(prediction)}",
                "CS229 Part I §4 (M08)",
            ),
        ],
        ctx.projector,
    )
    code_view(LocallyWeightedRegression, projector=ctx.projector)


# ---- the screen ------------------------------------------------------------------------------------

ctx = page_frame(P, DataRequest("regression", 1, "sinc"))
preset_picker(PRESETS, "ls.preset")
view = choice(t("ls.view"), VIEWS, "ls.view", catalogue_labels("ls.views"), horizontal=True)
if ctx.data.train.X.shape[1] > 1 and view != "gd":
    st.caption(t("ls.first_feature", name=ctx.data.train.feature_names[0]))
controls, main = st.columns([1, 3], gap="medium")
{"fit": fit_view, "params": params_view, "select": select_view, "gd": gd_view, "lwr": lwr_view}[view](
    ctx, controls, main
)
