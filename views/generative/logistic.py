"""GDA and logistic regression: with a shared Σ, GDA's posterior is exactly a logistic function of x;
logistic regression fits that form directly (Newton's method, stepped), and learning curves show
which of the two needs fewer samples.

CS229 Part IV §1.3 (GDA and logistic regression, θ from φ, μ₀, μ₁, Σ); CS229 Part II §5, §7 (logistic
regression, Newton's method).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import GaussianDiscriminantAnalysis
from algorithms import LogisticRegression
from algorithms import gda_logistic_learning_curves
from algorithms import sigmoid
from ui.charts import chart
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import column
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.explain import vector_text
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import axis_layout
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import line_points
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import TRUTH_COLOR
from views.generative._common import class_names
from views.generative._common import ellipse_traces
from views.generative._common import enough_classes
from views.generative._common import error_rate
from views.generative._common import fit_gauss
from views.generative._common import fitted
from views.generative._common import labelled_test
from views.generative._common import plane_axes


@st.cache_data(max_entries=32, show_spinner=False)
def fit_logistic(X, y, lam: float):
    return LogisticRegression(lam=lam, solver="newton").fit(X, y)


@st.cache_data(max_entries=16, show_spinner=False)
def learning_curves(X, y, X_test, y_test, lam: float):
    return gda_logistic_learning_curves(X, y, X_test, y_test, lam)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        lam = log_slider(t("gen.lr_lam"), "gen.lr_lam", -4, 2, 0.01, help=t("gen.lr_lam_help"))
        st.caption(t("gen.logistic_help"))
    if not enough_classes(y):
        return
    classes = np.unique(y)
    if len(classes) != 2:
        with main:
            st.info(t("gen.binary_only"), icon=":material/info:")
        return
    gda = fitted(main, fit_gauss, X, y, "shared", 0.0)
    lr = None if gda is None else fitted(main, fit_logistic, X, y, lam)
    if lr is None:
        return
    axes = plane_axes(data.train)
    theta_gda, theta_lr = gda.logistic_theta_, lr.theta_
    test = labelled_test(data)
    errors = [(t("gen.train_error_gda_lr"), pair_text(gda, lr, X, y))]
    if test is not None:
        errors.append((t("gen.test_error_gda_lr"), pair_text(gda, lr, test.X, test.y)))
    with main:
        stepper("gen.newton", len(lr.history_), newton_view(gda, lr, X, y, axes, ctx))
        metric_rows(
            [(t("gen.theta_gda"), vector_text(theta_gda, 3)), (t("gen.theta_lr"), vector_text(theta_lr, 3))],
            ctx.projector,
        )
        metric_rows(errors, ctx.projector)
        left, right = columns_or_stacked(ctx.projector, 2)
    with left:
        chart(sigmoid_figure(gda, X, y, classes, ctx), key="gen.sigmoid_chart")
    curve = learning_figure(X, y, test, lam, ctx) if test is not None and len(y) >= 8 else None
    if curve is not None:
        with right:
            chart(curve, key="gen.learning")
    formula_panel(
        [
            Formula(
                rf"\theta_{{1..d}} = \Sigma^{{-1}}(\mu_1-\mu_0) = {matrix(gda.shared_precision())}"
                rf"{column(gda.means_[1] - gda.means_[0])}"
                rf" = {column(theta_gda[1:])}",
                "CS229 Part IV §1.3",
            ),
            Formula(
                rf"\theta_0 = \tfrac12\mu_0^\top\Sigma^{{-1}}\mu_0 - \tfrac12\mu_1^\top\Sigma^{{-1}}\mu_1 + "
                rf"\log\frac{{\phi}}{{1-\phi}} = {number(theta_gda[0])},\ \phi = {number(gda.priors_[1], 3)}",
                "CS229 Part IV §1.3",
            ),
            Formula(
                rf"\max_\theta \sum_i \big[y_i\log h_\theta(x_i) + (1-y_i)\log(1-h_\theta(x_i))\big] - "
                rf"\tfrac{{\lambda}}{{2}}\|\theta_{{1..d}}\|^2 \Rightarrow \theta = {vector(theta_lr)},\ "
                rf"\lambda = {number(lam)}",
                "CS229 Part II §5, §7 (Newton's method)",
            ),
        ],
        ctx.projector,
    )
    code_view(GaussianDiscriminantAnalysis, LogisticRegression, projector=ctx.projector)


def pair_text(gda, lr, X, y) -> str:
    return f"{fmt(error_rate(gda.predict(X), y), 3)} / {fmt(error_rate(lr.predict(X), y), 3)}"


def newton_view(gda, lr, X, y, axes, ctx) -> StepView:
    """Data, GDA's ellipses and boundary (fixed) and the logistic-regression line at each Newton step."""
    classes = gda.classes_
    static = ellipse_traces(gda, 2.0, ctx.style)
    static += class_traces(X, y, classes, ctx.style, names=class_names(classes))
    gx, gy = line_points(gda.logistic_theta_, axes.x_range, axes.y_range)
    static.append(line_trace(Curve(t("gen.gda_line"), gx, gy, BLACK, "dash"), ctx.style))
    history = lr.history_

    def frame(s):
        lx, ly = line_points(history[s].theta, axes.x_range, axes.y_range)
        return [line_trace(Curve(t("gen.lr_line"), lx, ly, ALT_COLOR), ctx.style)]

    def details(s):
        return t(
            "gen.newton_details",
            step=s,
            theta=vector_text(history[s].theta, 3),
            ll=fmt(history[s].log_likelihood),
        )

    fig = figure(ctx.style, axes, "", static, legend_rows=2)
    return StepView(
        fig, frame, lambda s: t("gen.newton_label", step=s, ll=fmt(history[s].log_likelihood)), details
    )


def sigmoid_figure(gda, X, y, classes, ctx) -> go.Figure:
    """p(y = 1 | x) from Bayes' rule against θᵀx̂: every training sample lies on the sigmoid (CS229 §1.3)."""
    z = np.c_[np.ones(len(X)), X] @ gda.logistic_theta_
    p_gda = gda.predict_proba(X)[:, 1]
    zz = np.linspace(min(z.min(), -6), max(z.max(), 6), 300)
    traces = [line_trace(Curve(t("gen.sigmoid"), zz, sigmoid(zz), TRUTH_COLOR), ctx.style)]
    for k, label in enumerate(classes):
        mask = y == label
        traces.append(
            points_trace(
                z[mask], p_gda[mask], plain(str(label)), ctx.style, CLASS_COLORS[k], CLASS_SYMBOLS[k], 0.8
            )
        )
    axes = Axes(
        padded_range(zz, 0.02), (-0.05, 1.05), t("gen.theta_x"), t("gen.posterior_axis", c=classes[1])
    )
    return figure(
        ctx.style, axes, t("gen.sigmoid_title"), traces, height=360, legend="bottom", legend_width=420
    )


def learning_figure(X, y, test, lam, ctx) -> go.Figure | None:
    """Test error of GDA and logistic regression against the training size (CS229 Part IV §1.3)."""
    sizes, e_gda, e_lr = learning_curves(X, y, test.X, test.y, lam)
    if len(sizes) < 2:
        return None
    top = max(e_gda.max(), e_lr.max(), 0.05)
    traces = [
        line_trace(c, ctx.style) | {"mode": "lines+markers"}
        for c in (
            Curve(t("gen.gda"), sizes, e_gda, BLACK, "dash"),
            Curve(t("gen.lr"), sizes, e_lr, ALT_COLOR),
        )
    ]
    x_range = np.log10([sizes.min() * 0.9, sizes.max() * 1.1])
    return figure(
        ctx.style,
        None,
        t("gen.learning_title"),
        traces,
        height=360,
        legend="bottom",
        legend_width=420,
        xaxis=axis_layout(
            x_range, t("gen.train_size"), type="log", tickvals=sizes, ticktext=[str(int(m)) for m in sizes]
        ),
        yaxis=axis_layout((0, top * 1.15), t("gen.test_error")),
    )
