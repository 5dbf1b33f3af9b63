"""A GLM fitted by IRLS step by step: the mean curve h(x) = g⁻¹(θᵀx̂) at each Newton / Fisher-scoring
step, the log-likelihood per step, and the predictive distribution p(y | x) at a probe x.

CS229 Part III §9 (M14: the three GLM assumptions, canonical response and link; M15 softmax),
Newton's method (M09); seed 003 §2.1.4 (9) y = g⁻¹(wᵀx + b); seed 004 (4.5).
"""

import numpy as np
import streamlit as st

from algorithms import LINKS
from algorithms import GLMRegressor
from algorithms import family_pmf
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import metrics_row
from ui.explain import vector
from ui.explain import vector_text
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import bar_figure
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper_unless_editing
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import HIGHLIGHT_COLOR
from ui.views import fitted
from views.generalised_linear_models._common import EXP_FORM
from views.generalised_linear_models._common import RESPONSE
from views.generalised_linear_models._common import family_control
from views.generalised_linear_models._common import response_ok

N_CURVE = 200
IRLS = {
    True: r"\theta^{(t+1)} = \theta^{(t)} + (\hat X^\top W\hat X)^{-1}\nabla_\theta\ell = "
    r"\theta^{(t)} - H^{-1}\nabla_\theta\ell",
    False: r"\theta^{(t+1)} = (\hat X^\top W\hat X)^{-1}\hat X^\top W z,\ "
    r"W_{ii} = \frac{(d\mu_i/d\eta_i)^2}{\mathrm{Var}(y_i)},\ "
    r"z_i = \eta_i + (y_i-\mu_i)\frac{d\eta_i}{d\mu_i}",
}


@st.cache_data(max_entries=32, show_spinner=False)
def fit_glm(X, y, family: str, link: str):
    """The cached fit: only algorithms/ computes."""
    return GLMRegressor(family, link).fit(X, y)


def render(ctx, controls, main):
    train = ctx.data.train
    X, y = train.X[:, :1], train.y
    lo, hi = float(X.min()), float(X.max())
    with controls:
        family = family_control()
        link = choice(t("glm.link"), list(LINKS[family]), "glm.link", catalogue_labels("glm.links"))
        step = (hi - lo) / 100 if hi > lo else 1.0
        probe = slider(t("glm.probe"), lo, hi, (lo + hi) / 2, "glm.probe", step=step)
    if not response_ok(family, y, main):
        return
    with main:
        model = fitted(fit_glm, X, y, family, link)
    if model is None:
        return
    history = model.history_
    canonical = link == LINKS[family][0]
    with main:
        if not model.converged_:
            st.warning(t("glm.not_converged", n=model.n_iter_), icon=":material/warning:")
        view, axes = irls_view(model, X, y, ctx)
        stepper_unless_editing("glm.irls", len(history), view, "glm", ctx.data, axes)
        metrics_row([(t("glm.theta"), vector_text(model.theta_.T.ravel(), 3))])
        metric_rows(
            [
                (t("glm.log_likelihood"), fmt(model.log_likelihood_)),
                (t("glm.deviance"), fmt(model.deviance_)),
                (t("glm.iterations"), str(model.n_iter_)),
            ],
            ctx.projector,
        )
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            steps = np.arange(len(history))
            ll = np.array([h.log_likelihood for h in history])
            finite = ll[np.isfinite(ll)]
            axes = Axes((-0.3, max(len(history) - 0.7, 1)), padded_range(finite, 0.1), t("glm.step"), "ℓ(θ)")
            chart(
                curves_figure(
                    [Curve("ℓ(θ)", steps, ll, FIT_COLOR)],
                    axes,
                    ctx.style,
                    markers=True,
                    title=t("glm.ll_title"),
                ),
                key="glm.ll_chart",
            )
        with right:
            chart(predictive_figure(model, probe, y, ctx), key="glm.predictive_chart")
    formula_panel(
        [
            Formula(EXP_FORM[family], "CS229 Part III §8 (6), §9.3"),
            Formula(
                rf"\eta = \theta^\top\hat x,\ {RESPONSE[link]},\ \theta = {vector(model.theta_.T.ravel())}",
                "CS229 Part III §9 (assumptions 1–3); seed 003 §2.1.4 (9)",
            ),
            Formula(
                IRLS[canonical], "CS229 Part II §7 (Newton); seed 004 (4.5)", t(f"glm.irls_note_{canonical}")
            ),
        ],
        ctx.projector,
    )
    code_view(GLMRegressor, projector=ctx.projector)


def irls_view(model, X, y, ctx) -> tuple[StepView, Axes]:
    """The data and the mean curve(s) at each IRLS step, and the fixed axes."""
    family = model.family_
    x_range = padded_range(X[:, 0], 0.03)
    grid = np.linspace(*x_range, N_CURVE)[:, None]
    if family == "multinomial":
        classes = model.classes_
        rows = 1.08 + 0.07 * np.searchsorted(classes, y)
        static = [
            points_trace(
                X[y == c, 0],
                rows[y == c],
                plain(str(c)),
                ctx.style,
                CLASS_COLORS[k % 6],
                CLASS_SYMBOLS[k % 6],
                0.8,
                customdata=np.flatnonzero(y == c),
            )
            for k, c in enumerate(classes)
        ]
        axes = Axes(
            x_range, (-0.05, 1.12 + 0.07 * len(classes)), plain(ctx.data.train.feature_names[0]), "p(y | x)"
        )
    else:
        static = [
            points_trace(X[:, 0], y, t("glm.data"), ctx.style, CLASS_COLORS[0], customdata=np.arange(len(y)))
        ]
        y_range = (-0.08, 1.08) if family == "bernoulli" else padded_range(np.r_[y, 0.0], 0.1)
        axes = Axes(
            x_range, y_range, plain(ctx.data.train.feature_names[0]), plain(ctx.data.train.target_name)
        )
    history = model.history_

    def frame(s):
        theta = history[s].theta
        if family == "multinomial":
            P = model.predict_proba(grid, theta)
            return [
                line_trace(
                    Curve(f"p(y = {plain(str(c))} | x)", grid[:, 0], P[:, k], CLASS_COLORS[k % 6]), ctx.style
                )
                for k, c in enumerate(model.classes_)
            ]
        return [
            line_trace(Curve("h(x) = E[y | x]", grid[:, 0], model.predict(grid, theta), FIT_COLOR), ctx.style)
        ]

    def label(s):
        return t("glm.step_label", step=s, ll=fmt(history[s].log_likelihood))

    def details(s):
        h = history[s]
        return t(
            "glm.step_details",
            step=s,
            theta=vector_text(h.theta.T.ravel(), 3),
            ll=fmt(h.log_likelihood),
            deviance=fmt(h.deviance),
            grad=fmt(h.grad_norm, 3),
            size=fmt(h.step_size, 3),
        )

    fig = figure(ctx.style, axes, "", static, legend_rows=2)
    return StepView(fig, frame, label, details), axes


def predictive_figure(model, probe, y, ctx):
    """p(y | x) at the probe x: the fitted member of the family there (CS229 M14 visual)."""
    family = model.family_
    title = t("glm.predictive_title", x=fmt(probe, 3))
    if family == "gaussian":
        mean = float(model.predict([[probe]])[0])
        grid = np.linspace(mean - 4, mean + 4, 200)
        curve = Curve(t("glm.density"), grid, family_pmf("gaussian", mean, grid), FIT_COLOR)
        return curves_figure(
            [curve], Axes((grid[0], grid[-1]), (0, 0.45), "y", "p(y | x)"), ctx.style, title=title
        )
    if family == "multinomial":
        p = model.predict_proba([[probe]])[0]
        labels = [plain(str(c)) for c in model.classes_]
        return bar_figure(p, labels, Axes((-0.6, len(p) - 0.4), (0, 1.05), "y", "p(y | x)"), ctx.style, title)
    if family == "bernoulli":
        phi = float(model.predict([[probe]])[0])
        return bar_figure(
            [1 - phi, phi], [0, 1], Axes((-0.6, 1.6), (0, 1.05), "y", "p(y | x)"), ctx.style, title
        )
    mean = float(model.predict([[probe]])[0])
    support = np.arange(0, int(max(np.max(y), mean + 4 * np.sqrt(mean) + 2)) + 1)
    p = family_pmf("poisson", np.log(max(mean, 1e-12)), support)
    axes = Axes((-0.6, support[-1] + 0.6), (0, max(0.2, float(p.max()) * 1.15)), "y", "p(y | x)")
    fig = bar_figure(p, support, axes, ctx.style, title)
    fig.add_vline(x=mean, line=dict(color=HIGHLIGHT_COLOR, dash="dash", width=ctx.style.line_width / 2))
    return fig
