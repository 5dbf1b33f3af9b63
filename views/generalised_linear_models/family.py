"""The exponential family: pick the response distribution, move η, and watch p(y; η), a(η) and its
slope a′(η) = E[T(y)].

CS229 Part III §8 (M13: Bernoulli and Gaussian written as p(y; η) = b(y) exp(ηᵀT(y) − a(η)); the
Poisson and multinomial members, §9.3 for the multinomial).
"""

import numpy as np
import streamlit as st

from algorithms import canonical_response
from algorithms import family_pmf
from algorithms import log_partition
from algorithms import natural_variance
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import bar_figure
from ui.figures import curves_figure
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from views.generalised_linear_models._common import EXP_FORM
from views.generalised_linear_models._common import family_control

ETA_RANGE = (-3.0, 3.0)
LINK = {
    "gaussian": r"\mu = g(\eta) = \eta",
    "bernoulli": r"\phi = g(\eta) = \frac{1}{1+e^{-\eta}}",
    "poisson": r"\lambda = g(\eta) = e^{\eta}",
    "multinomial": r"\phi_i = g_i(\eta) = \frac{e^{\eta_i}}{1+\sum_{j<k}e^{\eta_j}}",
}


def render(ctx, controls, main):
    with controls:
        family = family_control()
        if family == "multinomial":
            eta = np.array(
                [slider(t("glm.eta_i", i=i), *ETA_RANGE, 0.0, f"glm.eta{i}", step=0.1) for i in (1, 2)]
            )
            st.caption(t("glm.multinomial_help"))
        else:
            eta = slider(t("glm.eta"), *ETA_RANGE, 0.0, "glm.eta", step=0.1)
    mean = canonical_response(family, eta)
    a = float(log_partition(family, eta))
    with main:
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(pmf_figure(family, eta, ctx), key="glm.pmf_chart")
        with right:
            chart(partition_figure(family, eta, ctx), key="glm.partition_chart")
        mean_text = ", ".join(fmt(m, 3) for m in mean) if family == "multinomial" else fmt(float(mean))
        var = "—" if family == "multinomial" else fmt(float(natural_variance(family, eta)))
        metric_rows(
            [(t("glm.a_value"), fmt(a)), (t("glm.mean_value"), mean_text), (t("glm.var_value"), var)],
            ctx.projector,
        )
    eta_text = (
        rf"\eta = ({number(eta[0])}, {number(eta[1])})"
        if family == "multinomial"
        else rf"\eta = {number(eta)}"
    )
    formula_panel(
        [
            Formula(EXP_FORM[family], "CS229 Part III §8 (6), §9.3"),
            Formula(
                rf"{LINK[family]},\ {eta_text},\ a(\eta) = {number(a)}",
                "CS229 Part III §9 (canonical response)",
            ),
        ],
        ctx.projector,
    )
    code_view(log_partition, canonical_response, family_pmf, projector=ctx.projector)


def pmf_figure(family, eta, ctx):
    """p(y; η): a density curve (Gaussian, σ² = 1) or bars over the support."""
    title = t("glm.pmf_title")
    if family == "gaussian":
        y = np.linspace(-6, 6, 300)
        p = family_pmf(family, eta, y)
        return curves_figure(
            [Curve(t("glm.density"), y, p, FIT_COLOR)],
            Axes((-6, 6), (0, 0.45), "y", "p(y; η)"),
            ctx.style,
            title=title,
        )
    if family == "bernoulli":
        support = np.array([0, 1])
    elif family == "poisson":
        support = np.arange(0, 26)
    else:
        support = np.arange(3)
    p = family_pmf(family, eta, support)
    labels = support + 1 if family == "multinomial" else support
    top = 1.05 if family in ("bernoulli", "multinomial") else max(0.4, float(p.max()) * 1.15)
    axes = Axes((labels[0] - 0.6, labels[-1] + 0.6), (0, top), "y", "p(y; η)")
    return bar_figure(p, labels, axes, ctx.style, title=title)


def partition_figure(family, eta, ctx):
    """a(η) along η (η₁ for the multinomial) and its tangent at η: the slope is E[T(y)] (CS229 §8)."""
    grid = np.linspace(*ETA_RANGE, 200)
    if family == "multinomial":
        along = np.column_stack([grid, np.full_like(grid, eta[1])])
        a_curve, here, slope = (
            log_partition(family, along),
            float(eta[0]),
            float(canonical_response(family, eta)[0]),
        )
    else:
        a_curve, here, slope = log_partition(family, grid), float(eta), float(canonical_response(family, eta))
    a_here = float(log_partition(family, eta))
    tangent = a_here + slope * (grid - here)
    lo, hi = float(a_curve.min()), float(a_curve.max())
    axes = Axes(
        ETA_RANGE,
        (lo - 0.1 * (hi - lo + 1), hi + 0.1 * (hi - lo + 1)),
        "η₁" if family == "multinomial" else "η",
        "a(η)",
    )
    fig = curves_figure(
        [
            Curve("a(η)", grid, a_curve, FIT_COLOR),
            Curve(t("glm.tangent", slope=fmt(slope, 3)), grid, tangent, ALT_COLOR, "dash"),
        ],
        axes,
        ctx.style,
        title=t("glm.partition_title"),
    )
    fig.add_trace(points_trace([here], [a_here], "η", ctx.style, color=HIGHLIGHT_COLOR, size_scale=1.3))
    return fig
