"""Hoeffding and the union bound: toss k coins (one per hypothesis) m times, many times over, and
compare how often the estimate misses by more than γ with 2exp(−2γ²m) and 2k exp(−2γ²m); the
finite-H bound γ(m, k, δ) and the sample complexity with the current numbers.

CS229 Part VI F.S2 (union bound, Hoeffding, finite H) and M28 (the theorem, its corollary and the
worked example k = m = 1000, δ = 0.05 → γ ≈ 0.0728).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import finite_class_gamma
from algorithms import hoeffding_bound
from algorithms import hoeffding_curve
from algorithms import hoeffding_experiment
from algorithms import sample_complexity
from ui.charts import chart
from ui.controls import number_slider
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
from ui.figures import base_figure
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from views.learning_theory._common import vertical_line

M_OPTIONS = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
K_OPTIONS = [1, 2, 5, 10, 20, 50, 100, 1000]
DELTAS = [0.01, 0.05, 0.1, 0.2]
M_GRID = np.array([10, 20, 50, 100, 200, 500, 1000, 2000, 5000])
TRIALS = 1000


@st.cache_data(max_entries=32, show_spinner=False)
def simulate(m: int, gamma: float, k: int, phi: float):
    """The coin experiment at m and over the m grid (only algorithms/ computes)."""
    return (
        hoeffding_experiment(m, gamma, k, phi, TRIALS, random_state=0),
        hoeffding_curve(M_GRID, gamma, k, phi, TRIALS, random_state=1),
    )


def render(ctx, controls, main):
    with controls:
        m = int(number_slider(t("lt.m"), "lt.m", M_OPTIONS, 100))
        k = int(number_slider(t("lt.k"), "lt.k", K_OPTIONS, 10))
        gamma = slider(t("lt.gamma"), 0.01, 0.3, 0.1, "lt.gamma", step=0.01)
        phi = slider(t("lt.phi"), 0.05, 0.95, 0.5, "lt.phi", step=0.05)
        delta = number_slider(t("lt.delta"), "lt.delta", DELTAS, 0.05)
        st.caption(t("lt.coins_help", trials=TRIALS))
    result, (single, any_of) = simulate(m, gamma, k, phi)
    gamma_bound = float(finite_class_gamma(m, k, delta))
    m_needed = sample_complexity(gamma, k, delta)
    with main:
        metric_rows(
            [
                (t("lt.gamma_bound"), fmt(gamma_bound, 3)),
                (t("lt.m_needed", gamma=fmt(gamma, 3)), str(m_needed)),
                (t("lt.excess"), fmt(2 * gamma_bound, 3)),
            ],
            ctx.projector,
        )
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(frequency_figure(single, any_of, gamma, k, m, ctx), key="lt.frequency_chart")
        with right:
            chart(estimate_figure(result.phi_hat[:, 0], phi, gamma, m, ctx), key="lt.estimate_chart")
        metric_rows(
            [
                (t("lt.observed_one"), fmt(result.single_frequency, 3)),
                (t("lt.hoeffding"), fmt(result.single_bound, 3)),
                (t("lt.observed_any", k=k), fmt(result.any_frequency, 3)),
                (t("lt.union"), fmt(result.union_bound, 3)),
            ],
            ctx.projector,
        )
    formula_panel(
        [
            Formula(
                rf"P(|\phi - \hat\phi| > \gamma) \le 2e^{{-2\gamma^2 m}} = {number(result.single_bound)},\ "
                rf"P(\exists h_i: |\epsilon(h_i) - \hat\epsilon(h_i)| > \gamma) \le 2k\,e^{{-2\gamma^2 m}} = "
                rf"{number(result.union_bound)}",
                "CS229 Part VI F.S2 (Hoeffding, union bound)",
            ),
            Formula(
                rf"\gamma = \sqrt{{\tfrac{{1}}{{2m}}\log\tfrac{{2k}}{{\delta}}}} = "
                rf"\sqrt{{\tfrac{{\ln(2\cdot {k}/{number(delta)})}}{{2\cdot {m}}}}} = "
                rf"{number(gamma_bound)},\ "
                rf"\epsilon(\hat h) \le \min_h \epsilon(h) + {number(2 * gamma_bound)}",
                "CS229 Part VI §3 (M28, theorem)",
            ),
            Formula(
                rf"m \ge \frac{{1}}{{2\gamma^2}}\log\frac{{2k}}{{\delta}} = "
                rf"\frac{{\ln(2\cdot {k}/{number(delta)})}}{{2\cdot {number(gamma)}^2}} "
                rf"\Rightarrow m = {m_needed}",
                "CS229 Part VI §3 (M28, corollary)",
            ),
        ],
        ctx.projector,
    )
    code_view(hoeffding_experiment, finite_class_gamma, sample_complexity, projector=ctx.projector)


def frequency_figure(single, any_of, gamma, k, m, ctx):
    """Observed frequencies against m beside Hoeffding's and the union bound (log m)."""
    traces = [
        line_trace(
            Curve(t("lt.hoeffding"), M_GRID, hoeffding_bound(M_GRID, gamma), FIT_COLOR, "dash"), ctx.style
        ),
        line_trace(
            Curve(t("lt.union"), M_GRID, hoeffding_bound(M_GRID, gamma, k), ALT_COLOR, "dash"), ctx.style
        ),
        points_trace(M_GRID, single, t("lt.observed_one"), ctx.style, FIT_COLOR),
        points_trace(M_GRID, any_of, t("lt.observed_any", k=k), ctx.style, ALT_COLOR, "x"),
        vertical_line(m, (0, 1), ctx.style),
    ]
    axes = Axes((M_GRID[0] * 0.8, M_GRID[-1] * 1.25), (-0.03, 1.05), "m", t("lt.probability"))
    fig = figure(ctx.style, axes, t("lt.frequency_title"), traces, legend="bottom", legend_width=420)
    fig.update_xaxes(type="log", range=list(np.log10(axes.x_range)), exponentformat="power")
    return fig


def estimate_figure(phi_hat, phi, gamma, m, ctx):
    """The estimates φ̂ of one coin over the trials, with the band φ ± γ."""
    axes = Axes((-0.02, 1.02), (0, 1), "φ̂", t("lt.share_of_trials"))
    fig = base_figure(ctx.style, axes, t("lt.estimate_title", m=m))
    fig.add_trace(
        go.Histogram(
            x=phi_hat, histnorm="probability", marker_color=BLUE, name="φ̂", xbins=dict(size=1 / max(m, 50))
        )
    )
    fig.add_vrect(x0=phi - gamma, x1=phi + gamma, fillcolor=FIT_COLOR, opacity=0.12, line_width=0)
    fig.update_yaxes(autorange=True)
    return fig
