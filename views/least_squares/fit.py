"""Fitting a basis model: closed-form least squares, the ℓ2 and subspace constraints, and SGD stepped.

Sugiyama ch. 3 (least squares, (3.1); SGD, (3.3)), ch. 4 (subspace and ℓ2 constraints, (4.3));
CS229 Part I (LMS); seed 004 §2.2 (ridge).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import GaussianBasis
from algorithms import KernelRidge
from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import SGDRegressor
from algorithms import SubspaceLeastSquares
from algorithms import TrigonometricBasis
from algorithms import least_squares_crosscheck
from ui.charts import chart
from ui.classroom import crosscheck
from ui.classroom import crosscheck_caption
from ui.classroom import crosscheck_wanted
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import editable_chart
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
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import highlight_trace
from ui.figures import line_trace
from ui.figures import regression_figure
from ui.figures import safe_range
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from views.least_squares._common import H_RANGE
from views.least_squares._common import KERNEL_CENTRES
from views.least_squares._common import LAM_RANGE
from views.least_squares._common import N_CURVE
from views.least_squares._common import data_axes
from views.least_squares._common import data_seed

MODELS = ["linear", "polynomial", "trigonometric", "gaussian"]
CONSTRAINTS = ["none", "l2", "subspace"]


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


@st.cache_data(max_entries=64, show_spinner=False)
def mean_squared_errors(X, y, Xt, yt, *args) -> tuple[float, float | None]:
    """Training and test MSE of fit_model's fit (a prediction at every point: cached, as the fit)."""
    est = fit_model(X, y, *args)
    test = None if Xt is None else float(np.mean((est.predict(Xt) - yt) ** 2))
    return float(np.mean((est.predict(X) - y) ** 2)), test


def render(ctx, controls, main):
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
        xcheck = solver == "closed" and crosscheck_wanted("ls")
    args = (model, degree, m, h, constraint, lam, keep, solver, eta, max_iter, data_seed())
    est = fit_model(X, y, *args)
    if model == "gaussian" and len(y) > KERNEL_CENTRES:
        st.caption(t("ls.centres_subset", b=KERNEL_CENTRES, n=len(y)))
    axes = data_axes(data.train)
    grid = np.linspace(*axes.x_range, N_CURVE)
    curves = []
    if data.train.truth is not None:
        curves.append(Curve(t("ls.truth"), grid, data.train.truth(grid), TRUTH_COLOR, "dash"))
    test = (data.test.X[:, 0], data.test.y) if show_test and data.test is not None else None
    Xt, yt = (data.test.X[:, :1], data.test.y) if data.test else (None, None)
    train_mse, test_mse = mean_squared_errors(X, y, Xt, yt, *args)
    with main:
        if solver == "sgd":
            sgd_stepper(est, X, y, grid, curves, axes, test, ctx)
        else:
            fit = Curve(t(f"ls.constraints.{constraint}"), grid, est.predict(grid[:, None]), FIT_COLOR)
            check = crosscheck(least_squares_crosscheck, est, X, y, grid[:, None]) if xcheck else None
            theirs = [Curve(t("cls.xcheck_name"), grid, check.values, ALT_COLOR, "dot")] if check else []
            fig = regression_figure(
                X[:, 0],
                y,
                [*curves, fit, *theirs],
                axes,
                ctx.style,
                data_name=t("ls.train_points"),
                test=test,
                test_name=t("ls.test_points"),
            )
            editable_chart(fig, "ls", data, axes.x_range, axes.y_range, key="ls.fit_chart")
            if check is not None:
                crosscheck_caption(check, t("cls.xcheck_ls"))
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
