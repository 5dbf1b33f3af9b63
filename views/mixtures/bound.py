"""Why EM climbs: Jensen's inequality, and the log-likelihood ℓ(μ₁) of a 1-D two-component mixture
against EM's lower bound J(Q⁽ᵗ⁾, μ₁), which touches ℓ at the current μ₁ and whose maximum is the next.

CS229 Part IX §1 (M40: the two-point picture of Jensen's inequality) and §2 (M41: the bound, its
tightness at Q = p(z | x), the monotonicity proof). This view draws its own 1-D sample (only μ₁ is
learnt; w = ½, σ = 1 and μ₂ = s/2 are known), not the data set of the sidebar.
"""

import numpy as np
import streamlit as st

from algorithms import JENSEN_FUNCTIONS
from algorithms import em_lower_bound_path
from algorithms import jensen_two_point
from algorithms import two_gaussians_1d
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import FIT_COLOR

N_STEPS = 12


@st.cache_data(max_entries=32, show_spinner=False)
def bound_path(n, separation, seed, mu_start):
    x = two_gaussians_1d(n, separation, random_state=seed)
    return x, em_lower_bound_path(x, mu_start, separation / 2, n_steps=N_STEPS)


def render(ctx, controls, main):
    with controls:
        f = choice(
            t("gmm.jensen_f"), list(JENSEN_FUNCTIONS), "gmm.jensen_f", catalogue_labels("gmm.jensen_fs")
        )
        a = slider(t("gmm.jensen_a"), 0.2, 4.0, 0.5, "gmm.jensen_a", step=0.1)
        b = slider(t("gmm.jensen_b"), 0.2, 4.0, 3.5, "gmm.jensen_b", step=0.1)
        p = slider(t("gmm.jensen_p"), 0.0, 1.0, 0.5, "gmm.jensen_p", step=0.05)
        st.divider()
        separation = slider(t("gmm.bound_sep"), 1.0, 6.0, 4.0, "gmm.bound_sep", step=0.5)
        n = slider(t("gmm.bound_n"), 20, 400, 60, "gmm.bound_n", step=10)
        mu_start = slider(t("gmm.bound_start"), -5.0, 5.0, 4.0, "gmm.bound_start", step=0.5)
        st.caption(t("gmm.bound_caption"))
    mean, f_mean, mean_f = jensen_two_point(f, a, b, p)
    x, path = bound_path(n, separation, 0, mu_start)
    with main:
        left, right = columns_or_stacked(ctx.projector, [2, 3])
        with left:
            chart(jensen_figure(f, a, b, mean, f_mean, mean_f, ctx.style), key="gmm.jensen_chart")
            metric_rows(
                [(t("gmm.jensen_f_mean"), fmt(f_mean, 4)), (t("gmm.jensen_mean_f"), fmt(mean_f, 4))],
                ctx.projector,
            )
        with right:
            stepper("gmm.bound", len(path.mu), bound_view(path, ctx.style))
    formula_panel(formulas(f, a, b, p, mean, f_mean, mean_f, path), ctx.projector)
    code_view(em_lower_bound_path, projector=ctx.projector)


def jensen_figure(f, a, b, mean, f_mean, mean_f, style):
    """The curve f, the chord from (a, f(a)) to (b, f(b)), f(E[X]) on the curve and E[f(X)] on the chord."""
    lo, hi = 0.1, 4.2
    x = np.linspace(lo, hi, 200)
    y = JENSEN_FUNCTIONS[f](x)
    traces = [
        line_trace(Curve("f(x)", x, y, FIT_COLOR), style),
        line_trace(
            Curve(
                t("gmm.jensen_chord"), np.array([a, b]), JENSEN_FUNCTIONS[f](np.array([a, b])), BLACK, "dot"
            ),
            style,
        ),
        line_trace(
            Curve(t("gmm.jensen_gap"), np.array([mean, mean]), np.array([f_mean, mean_f]), ALT_COLOR), style
        ),
        points_trace([mean], [f_mean], "f(E[X])", style, FIT_COLOR, "circle", 1.6),
        points_trace([mean], [mean_f], "E[f(X)]", style, ALT_COLOR, "diamond", 1.6),
    ]
    pad = 0.05 * (y.max() - y.min())
    axes = Axes((lo, hi), (float(y.min() - pad), float(y.max() + pad)), "x", "f(x)")
    return figure(style, axes, t("gmm.jensen_title"), traces, height=360, legend="bottom", legend_width=420)


def bound_view(path, style) -> StepView:
    """ℓ(μ₁) fixed; per step the bound J(Q⁽ᵗ⁾, ·), where it touches ℓ, and its maximum μ₁⁽ᵗ⁺¹⁾."""
    top, bottom = float(path.loglik.max()), float(np.percentile(path.loglik, 5))
    span = top - bottom
    axes = Axes((float(path.grid[0]), float(path.grid[-1])), (bottom, top + 0.1 * span), "μ₁", "ℓ(μ₁)")
    static = figure(
        style,
        axes,
        t("gmm.bound_title"),
        [line_trace(Curve(t("gmm.bound_loglik"), path.grid, path.loglik, FIT_COLOR), style)],
        height=420,
        legend="bottom",
    )
    last = len(path.mu) - 1

    def frame(step):
        nxt = path.mu[min(step + 1, last)]
        return [
            line_trace(Curve(t("gmm.bound_curve"), path.grid, path.bounds[step], ALT_COLOR, "dash"), style),
            points_trace(
                [path.mu[step]], [np.interp(path.mu[step], path.grid, path.loglik)], "μ₁⁽ᵗ⁾", style, BLACK
            ),
            points_trace(
                [nxt],
                [np.interp(nxt, path.grid, path.bounds[step])],
                "μ₁⁽ᵗ⁺¹⁾",
                style,
                ALT_COLOR,
                "star",
                1.6,
            ),
        ]

    def label(step):
        return t(
            "gmm.bound_step",
            t=step,
            mu=number(path.mu[step]),
            ll=fmt(np.interp(path.mu[step], path.grid, path.loglik), 5),
        )

    return StepView(static, frame, label)


def formulas(f, a, b, p, mean, f_mean, mean_f, path) -> list[Formula]:
    sign = r"\le" if f == "log" else r"\ge"
    return [
        Formula(
            rf"E[f(X)] = {number(p)}\,f({number(a)}) + {number(1 - p)}\,f({number(b)}) = {number(mean_f)}\ "
            rf"{sign}\ f(E[X]) = f({number(mean)}) = {number(f_mean)}",
            "CS229 Part IX §1 (Jensen; log is concave, x² and eˣ convex)",
        ),
        Formula(
            r"\ell(\mu_1) = \sum_i \log\sum_z Q_i(z)\frac{p(x_i,z;\mu_1)}{Q_i(z)} \ \ge\ "
            r"J(Q,\mu_1) = \sum_i\sum_z Q_i(z)\log\frac{p(x_i,z;\mu_1)}{Q_i(z)},\ "
            r"Q_i^{(t)}(z) = p(z\mid x_i;\mu_1^{(t)})",
            "CS229 Part IX §2, (2)–(3)",
        ),
        Formula(
            rf"\mu_1^{{(t+1)}} = \frac{{\sum_i Q_i^{{(t)}}(1)\,x_i}}{{\sum_i Q_i^{{(t)}}(1)}}:\ "
            rf"\mu_1^{{(0)}} = {number(path.mu[0])} \to \mu_1^{{(1)}} = {number(path.mu[1])} \to \dots \to "
            rf"\mu_1^{{({len(path.mu) - 1})}} = {number(path.mu[-1])}",
            "CS229 Part IX §2 (M-step; ℓ(θ⁽ᵗ⁺¹⁾) ≥ ℓ(θ⁽ᵗ⁾), (4)–(6))",
        ),
    ]
