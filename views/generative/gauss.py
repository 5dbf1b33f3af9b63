"""Gaussian class models: GDA with a shared Σ, class-wise Σ_k or Gaussian naive Bayes, drawn as
radius-σ ellipses over the posterior map (colour = decided class, shade = its posterior), with the
p = ½ boundary for two classes and the estimates in the formulas.

CS229 Part IV §1.2–1.3 (GDA, maximum likelihood, the logistic posterior); seed 003 §8.3 (Gaussian
naive Bayes, (8)–(11)); Li Hang (4.4) (Bayes' rule).
"""

import numpy as np
import streamlit as st

from ui.contours import level_line
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import column
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_label
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.figures import class_traces
from ui.figures import discrete_scale
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import points_trace
from ui.figures import tint
from ui.i18n import t
from ui.regions import region_trace
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import TRUTH_COLOR
from views.generative._common import RESOLUTION
from views.generative._common import class_names
from views.generative._common import ellipse_traces
from views.generative._common import enough_classes
from views.generative._common import error_rate
from views.generative._common import fit_gauss
from views.generative._common import fitted
from views.generative._common import gauss_grid
from views.generative._common import labelled_test
from views.generative._common import plane_axes

MODELS = ["shared", "classwise", "naive"]
REG_OPTIONS = [0.0, 1e-3, 1e-2, 0.03, 0.1, 0.3, 1.0, 3.0]
SHADES = (0.6, 0.8, 0.95)  # posterior levels that change the shade of a class region
SHADE_STRENGTH = (0.07, 0.14, 0.22, 0.32)


def render(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    with controls:
        reg = number_slider(t("gen.reg"), "gen.reg", REG_OPTIONS, 0.0, help=t("gen.reg_help"))
        model = choice(t("gen.model"), MODELS, "gen.model", catalogue_labels("gen.models"), default="shared")
        radius = st.select_slider(t("gen.radius"), [1, 2, 3], 2, **bound("gen.radius"))
        show_truth = False
        if data.train.truth is not None:
            show_truth = st.toggle(t("gen.show_truth"), value=True, **bound("gen.truth"))
    if not enough_classes(y):
        return
    est = fitted(main, fit_gauss, X, y, model, reg)
    if est is None:
        return
    axes = plane_axes(data.train)
    gx, gy, proba, logodds = gauss_grid(X, y, model, reg, axes.x_range, axes.y_range)
    classes = est.classes_
    traces = [posterior_map(gx, gy, proba)]
    if logodds is not None:
        traces.append(level_line(gx, gy, logodds, t("gen.boundary_half"), ctx.style))
    if show_truth:
        _, _, pts = grid_points(axes.x_range, axes.y_range, RESOLUTION)
        truth = data.train.truth(pts)
        dashed = dict(color=TRUTH_COLOR, dash="dash", width=0.7)
        traces.append(level_line(gx, gy, truth, t("gen.true_boundary"), ctx.style, **dashed))
    traces += ellipse_traces(est, radius, ctx.style)
    traces += class_traces(X, y, classes, ctx.style, names=class_names(classes))
    traces.append(
        points_trace(est.means_[:, 0], est.means_[:, 1], t("gen.means"), ctx.style, BLACK, "star", 1.9)
    )
    title = t(f"gen.gauss_title_{model}")
    fig = figure(ctx.style, axes, title, traces, height=ctx.style.figure_height + 80, legend="bottom")
    test = labelled_test(data)
    train_err = error_rate(est.predict(X), y)
    test_err = error_rate(est.predict(test.X), test.y) if test is not None else None
    idx = np.searchsorted(classes, y)
    loglik = float(np.mean(est.log_joint(X)[np.arange(len(y)), idx]))
    with main:
        editable_chart(fig, "gen", data, axes.x_range, axes.y_range, key="gen.gauss_chart")
        st.caption(t("gen.shade_caption"))
        metric_rows(
            [
                (t("gen.train_error"), fmt(train_err, 3)),
                (t("gen.test_error"), fmt(test_err, 3)),
                (t("gen.loglik"), fmt(loglik)),
                (t("gen.n_params"), str(parameter_count(model, len(classes), 2))),
            ],
            ctx.projector,
        )
        if model != "naive" and np.any(est.jitter_ > 0):
            st.warning(t("gen.jitter", value=fmt(float(est.jitter_.max()), 2)), icon=":material/warning:")
    formula_panel(gauss_formulas(est, model, reg, classes), ctx.projector)
    code_view(type(est), projector=ctx.projector)


def posterior_map(gx, gy, proba: np.ndarray) -> dict:
    """Class regions (colour = decided class) shaded by the posterior of the decided class."""
    c = proba.shape[1]
    decided = np.argmax(proba, axis=1)
    top = proba[np.arange(len(proba)), decided]
    level = np.digitize(top, SHADES)
    codes = (decided * len(SHADE_STRENGTH) + level).astype(np.uint8).reshape(len(gy), len(gx))
    colors = [tint(CLASS_COLORS[k % len(CLASS_COLORS)], s) for k in range(c) for s in SHADE_STRENGTH]
    return region_trace(gx, gy, codes, len(colors)) | {"colorscale": discrete_scale(colors)}


def parameter_count(model: str, c: int, d: int) -> int:
    """Free parameters: c means, the covariance(s) or variances, and c − 1 priors."""
    cov = d * (d + 1) // 2
    per_class = {"shared": d, "classwise": d + cov, "naive": 2 * d}[model]
    return c * per_class + (cov if model == "shared" else 0) + c - 1


def gauss_formulas(est, model, reg, classes) -> list[Formula]:
    shown = range(min(len(classes), 3))
    phi = r",\ ".join(rf"\phi_{{{latex_label(classes[k])}}} = {number(est.priors_[k], 3)}" for k in shown)
    mus = r",\ ".join(rf"\mu_{{{latex_label(classes[k])}}} = {column(est.means_[k])}" for k in shown)
    more = r",\ \dots" if len(classes) > 3 else ""
    out = [
        Formula(rf"\phi_k = \frac{{n_k}}{{n}}:\ {phi}{more}", "CS229 Part IV §1.2 (GDA maximum likelihood)"),
        Formula(rf"\mu_k = \frac{{1}}{{n_k}}\sum_{{y_i = k}} x_i:\ {mus}{more}", "CS229 Part IV §1.2"),
    ]
    if model == "shared":
        out.append(
            Formula(
                rf"\Sigma = \frac1n\sum_i (x_i-\mu_{{y_i}})(x_i-\mu_{{y_i}})^\top + \varepsilon I = "
                rf"{matrix(est.covariance_)},\ \varepsilon = {number(reg)}",
                "CS229 Part IV §1.2",
            )
        )
    elif model == "classwise":
        sig = r",\ ".join(
            rf"\Sigma_{{{latex_label(classes[k])}}} = {matrix(est.covariances_[k])}" for k in shown
        )
        out.append(
            Formula(
                rf"\Sigma_k = \frac{{1}}{{n_k}}\sum_{{y_i=k}}(x_i-\mu_k)(x_i-\mu_k)^\top:\ {sig}{more}",
                "CS229 Part IV §1.2 (class-wise Σ_k: quadratic boundaries, an extension)",
            )
        )
    else:
        sig = r",\ ".join(
            rf"\sigma^2_{{{latex_label(classes[k])}}} = {vector(est.variances_[k])}" for k in shown
        )
        out.append(
            Formula(
                rf"p(x\mid y=k) = \prod_j \mathcal N(x_j;\mu_{{kj}},\sigma^2_{{kj}}):\ {sig}{more}",
                "seed 003 §8.3, (8)–(11)",
            )
        )
    out.append(
        Formula(
            r"p(y=k\mid x) = \frac{\phi_k\,\mathcal N(x;\mu_k,\Sigma_k)}"
            r"{\sum_j \phi_j\,\mathcal N(x;\mu_j,\Sigma_j)}"
            r",\quad \hat y = \arg\max_k p(y=k\mid x)",
            "CS229 Part IV intro (Bayes rule); Li Hang (4.4)",
        )
    )
    if model == "shared" and len(classes) == 2:
        theta = est.logistic_theta_
        out.append(
            Formula(
                rf"p(y={latex_label(classes[1])}\mid x) = \frac{{1}}{{1+e^{{-\theta^\top \hat x}}}},\ "
                rf"\theta = {vector(theta)}",
                "CS229 Part IV §1.3",
            )
        )
    return out
