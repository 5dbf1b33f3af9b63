"""Class-balance change: the test class share estimated from unlabelled test inputs, and the
class-balance-weighted least-squares classifier against the unweighted one.

Sugiyama §18.2.1–18.2.2 (Figs 18.7–18.9): two 1-D Gaussian classes, N(−1, 1) for y = −1 and N(1, 1)
for y = +1 (app toy, spec [EXT]); π̂ minimises the LSDD estimate of L²(p′, q_π).
"""

import numpy as np
import streamlit as st

from algorithms import ClassBalanceLS
from algorithms import bayes_threshold_1d
from algorithms import class_balance_sample
from algorithms import estimate_class_prior
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import percent
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import HIGHLIGHT_COLOR
from ui.views import fitted

DATA = None  # the view draws its own samples from the class shares its sliders set
MEANS, SD = (-1.0, 1.0), 1.0
WEIGHTS = ["estimated", "true"]
X_RANGE = (-4.5, 4.5)


@st.cache_data(max_entries=32, show_spinner=False)
def fit(n, train_prior, test_prior, sigma, weights, seed):
    sample = class_balance_sample(n, n, train_prior, test_prior, MEANS, SD, seed)
    prior = estimate_class_prior(sample.X, sample.y, sample.X_test, sigma, 0.1, random_state=seed)
    used = prior.prior if weights == "estimated" else test_prior
    plain = ClassBalanceLS(None).fit(sample.X, sample.y)
    weighted = ClassBalanceLS(min(max(used, 0.01), 0.99)).fit(sample.X, sample.y)
    return sample, prior, plain, weighted


def vertical(name, x, y_range, color, dash, style):
    return line_trace(Curve(name, np.array([x, x]), np.array(y_range), color, dash), style)


def render(ctx, controls, main) -> None:
    with controls:
        train_prior = slider(t("tl.prior_train"), 0.05, 0.95, 0.8, "tl.prior_train", step=0.05)
        test_prior = slider(t("tl.prior_test"), 0.05, 0.95, 0.5, "tl.prior_test", step=0.05)
        weights = choice(t("tl.weights"), WEIGHTS, "tl.weights", catalogue_labels("tl.weights_options"),
                         horizontal=not ctx.projector)
        sigma = log_slider(t("tl.sigma"), "tl.bal_sigma", -1, 1, 1.0, help=t("tl.bal_sigma_help"))
        n = slider(t("tl.n"), 20, 1000, 200, "tl.bal_n", step=10)
        seed = st.number_input(t("tl.seed"), 0, 9999, 0, step=1, **bound("tl.bal_seed"))
    fits = fitted(fit, int(n), float(train_prior), float(test_prior), float(sigma), weights, int(seed))
    if fits is None:
        return
    sample, prior, plain, weighted = fits
    bayes = bayes_threshold_1d(MEANS, SD, test_prior)
    y_range = (-2.1, 1.6)
    fig = base_figure(ctx.style, Axes(X_RANGE, y_range, "x", t("tl.label_axis")), t("tl.balance_title"),
                      legend_rows=3)
    # Ticks at the labels ±1: automatic ones change with the plot's height (4 or 3 legend rows in
    # Chinese projector mode at 1280 px), and the tick labels' width with them, and the width the
    # legend's rows: plotly.js went on redrawing the chart.
    fig.layout.yaxis.dtick = 1
    grid = np.linspace(*X_RANGE, 200)
    fig.add_trace(line_trace(Curve(t("tl.plain_fit"), grid, plain.decision_function(grid[:, None]), ALT_COLOR,
                                   "dash"), ctx.style))
    fig.add_trace(line_trace(Curve(t("tl.weighted_fit"), grid, weighted.decision_function(grid[:, None]),
                                   FIT_COLOR), ctx.style))
    for k, label in enumerate((-1.0, 1.0)):
        mask = sample.y == label
        name = t("tl.class_pos" if label > 0 else "tl.class_neg")
        fig.add_trace(points_trace(sample.X[mask, 0], sample.y[mask], name, ctx.style, CLASS_COLORS[k],
                                   CLASS_SYMBOLS[k], 0.8))
    fig.add_trace(points_trace(sample.X_test[:, 0], np.full(len(sample.X_test), -1.8), t("tl.test_inputs"),
                               ctx.style, BLUE, "line-ns", 1.2, hollow=True))
    for name, x, color, dash in ((t("tl.plain_boundary"), plain.threshold_, ALT_COLOR, "dash"),
                                 (t("tl.weighted_boundary"), weighted.threshold_, FIT_COLOR, "solid"),
                                 (t("tl.bayes_boundary"), bayes, TRUTH_COLOR, "dot")):
        if np.isfinite(x):
            fig.add_trace(vertical(name, x, y_range, color, dash, ctx.style))
    top = float(np.max(prior.l2))
    bottom = float(np.min(prior.l2))
    pad = (top - bottom) * 0.1 or 0.01
    l2_fig = curves_figure([Curve(t("tl.l2_curve"), prior.priors, prior.l2, FIT_COLOR)],
                           Axes((0.0, 1.0), (bottom - pad, top + pad), "π", t("tl.l2_axis")), ctx.style,
                           title=t("tl.prior_title"), height=300)
    span = (bottom - pad, top + pad)
    l2_fig.add_trace(vertical(t("tl.true_prior"), test_prior, span, TRUTH_COLOR, "dot", ctx.style))
    l2_fig.add_trace(vertical(t("tl.est_prior"), prior.prior, span, HIGHLIGHT_COLOR, "dash", ctx.style))
    boundaries = (plain.threshold_, weighted.threshold_, bayes)
    with main:
        chart(fig, key="tl.balance_chart")
        st.caption(t("tl.boundaries", plain=fmt(boundaries[0], 3), weighted=fmt(boundaries[1], 3),
                     bayes=fmt(boundaries[2], 3)))
        chart(l2_fig, key="tl.prior_chart")
        metrics_row([
            (t("tl.est_prior"), fmt(prior.prior, 2)),
            (t("tl.true_prior"), fmt(test_prior, 2)),
            (t("tl.acc_plain"), percent(plain.score(sample.X_test, sample.y_test))),
            (t("tl.acc_weighted"), percent(weighted.score(sample.X_test, sample.y_test))),
        ])
    used = prior.prior if weights == "estimated" else test_prior
    w_pos, w_neg = used / train_prior, (1 - used) / (1 - train_prior)
    formula_panel([
        Formula(rf"\min_\theta\frac12\sum_i\frac{{p'(y_i)}}{{p(y_i)}}(f_\theta(x_i) - y_i)^2,\ "
                rf"\frac{{p'(+1)}}{{p(+1)}} = {number(w_pos)},\ \frac{{p'(-1)}}{{p(-1)}} = {number(w_neg)}",
                "Sugiyama §18.2.1"),
        Formula(rf"\hat\pi = \arg\min_\pi \widehat{{L^2}}(p', \pi p(x|{{+1}}) + (1-\pi)p(x|{{-1}})) = "
                rf"{number(prior.prior)},\ \sigma = {number(sigma)},\ \lambda = 0.1",
                "Sugiyama §18.2.2 with LSDD §18.2.3 (procedure: spec [DERIVED])"),
    ], ctx.projector)
    code_view(ClassBalanceLS, estimate_class_prior, projector=ctx.projector)
