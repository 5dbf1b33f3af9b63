"""Bias and variance measured by simulation: many training sets drawn from one truth, their fits
overlaid, and the squared bias, variance and noise against the model's complexity (degree or λ).

CS229 Part VI §1 (F.S1, from the notes' full text: linear, quadratic and 5th-order fits; simple
models have high bias, complex ones high variance); the decomposition E[(y − f̂)²] = bias² +
variance + σ² is the standard one for squared loss.
"""

import numpy as np
import streamlit as st

from algorithms import TRUTHS
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import bias_variance
from algorithms import bias_variance_curve
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import number_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import BLUE
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import PURPLE
from views.learning_theory._common import vertical_line

DEGREES = np.arange(0, 11)
LAMBDAS = np.logspace(-6, 2, 17)
LAM_DEGREE = 10  # the λ sweep fits this polynomial
SETS = [10, 20, 50, 100, 200]
SHOWN_FITS = 30
X_RANGE = (-1.0, 1.0)


def model_of(kind: str):
    """Complexity p → an unfitted model: a degree-p polynomial, or a degree-10 one with ridge λ = p."""
    if kind == "degree":
        return lambda p: Ridge(1e-8, PolynomialBasis(int(p)))
    return lambda p: Ridge(float(p), PolynomialBasis(LAM_DEGREE))


@st.cache_data(max_entries=32, show_spinner=False)
def simulate(kind: str, value: float, truth: str, n_sets: int, n: int, noise: float):
    """The fits at the chosen complexity and the decomposition along all complexities (algorithms/ only)."""
    params = DEGREES if kind == "degree" else LAMBDAS
    make = model_of(kind)
    here = bias_variance(lambda: make(value), truth, n_sets, n, noise, X_RANGE, random_state=0)
    return here, bias_variance_curve(make, params, truth, n_sets, n, noise, X_RANGE, random_state=0)


def render(ctx, controls, main):
    with controls:
        kind = choice(
            t("lt.complexity"), ["degree", "lambda"], "lt.complexity", catalogue_labels("lt.complexities")
        )
        if kind == "degree":
            value = slider(t("lt.degree"), 0, int(DEGREES[-1]), 3, "lt.degree")
        else:
            value = log_slider(t("lt.lam", degree=LAM_DEGREE), "lt.lam", -6, 2, 0.001)
        truth = choice(t("lt.truth"), list(TRUTHS), "lt.truth", catalogue_labels("lt.truths"))
        n = slider(t("lt.bv_n"), 5, 100, 20, "lt.bv_n")
        n_sets = int(number_slider(t("lt.sets"), "lt.sets", SETS, 50))
        noise = slider(t("lt.sigma"), 0.0, 1.0, 0.3, "lt.sigma", step=0.05)
    here, curve = simulate(kind, float(value), truth, n_sets, n, noise)
    total = here.bias2 + here.variance + here.noise
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(fits_figure(here, truth, ctx), key="lt.fits_chart")
        with right:
            chart(decomposition_figure(kind, value, curve, ctx), key="lt.decomposition_chart")
        metric_rows(
            [
                (t("lt.bias2"), fmt(here.bias2, 3)),
                (t("lt.variance"), fmt(here.variance, 3)),
                (t("lt.noise"), fmt(here.noise, 3)),
                (t("lt.sum"), fmt(total, 3)),
                (t("lt.test_error"), fmt(here.test_error, 3)),
            ],
            ctx.projector,
        )
    formula_panel(
        [
            Formula(
                rf"E[(y - \hat f(x))^2] = \underbrace{{(f(x) - E\hat f(x))^2}}_{{{number(here.bias2, 3)}}} + "
                rf"\underbrace{{\mathrm{{Var}}\,\hat f(x)}}_{{{number(here.variance, 3)}}} + "
                rf"\underbrace{{\sigma^2}}_{{{number(here.noise, 3)}}} = {number(total, 3)}"
                rf"\ \approx {number(here.test_error, 3)}",
                "CS229 Part VI §1 (F.S1); std decomposition",
                t("lt.bv_note", sets=n_sets),
            ),
        ],
        ctx.projector,
    )
    code_view(bias_variance, projector=ctx.projector)


def fits_figure(result, truth, ctx):
    """Up to 30 of the fitted curves, their mean and the truth."""
    x = result.x_test
    shown = result.predictions[:SHOWN_FITS]
    axes = Axes(X_RANGE, (-2.5, 2.5), "x", "y")
    fig = curves_figure(
        [
            Curve(t("lt.truth_curve"), x, TRUTHS[truth](x), BLACK, "dash"),
            Curve(t("lt.mean_fit"), x, result.mean_prediction, HIGHLIGHT_COLOR, "solid", 1.3),
        ],
        axes,
        ctx.style,
        title=t("lt.fits_title"),
        legend_rows=2,
    )
    pieces = np.stack([np.broadcast_to(x, shown.shape), shown], axis=-1)
    fits = polylines_trace(pieces, t("lt.fits", n=len(shown)), BLUE, ctx.style.line_width * 0.3, opacity=0.45)
    fig.add_trace(fits)
    return fig


def decomposition_figure(kind, value, curve, ctx):
    """bias², variance, σ², their sum and the measured test error against degree or λ."""
    params = DEGREES if kind == "degree" else LAMBDAS
    total = curve["bias2"] + curve["variance"] + curve["noise"]
    top = float(min(max(np.max(curve["test_error"][: len(params)]) * 1.1, 0.2), 2.0))
    x_title = t("lt.degree") if kind == "degree" else "λ"
    x_range = (-0.3, params[-1] + 0.3) if kind == "degree" else (params[0] / 1.5, params[-1] * 1.5)
    traces = [
        line_trace(c, ctx.style)
        for c in (
            Curve(t("lt.bias2"), params, curve["bias2"], ALT_COLOR),
            Curve(t("lt.variance"), params, curve["variance"], BLUE),
            Curve(t("lt.noise"), params, curve["noise"], TRUTH_COLOR, "dot"),
            Curve(t("lt.sum"), params, total, PURPLE, "dash"),
        )
    ]
    traces.append(points_trace(params, curve["test_error"], t("lt.test_error"), ctx.style, FIT_COLOR))
    traces.append(vertical_line(value, (0, top), ctx.style))
    axes = Axes(x_range, (0, top), x_title, t("lt.error_axis"))
    fig = figure(ctx.style, axes, t("lt.decomposition_title"), traces, legend="bottom", legend_width=420)
    if kind != "degree":
        fig.update_xaxes(type="log", range=list(np.log10(axes.x_range)), exponentformat="power")
    return fig
