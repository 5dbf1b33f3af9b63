"""Coordinate ascent on a 2-D quadratic (CS229 notes 3, "Coordinate ascent"; seed-001 spec §E.S7).

W(α) = −½(α − c)ᵀA(α − c) from the start (2, −2): each step maximises W over one coordinate with the
other fixed, so the path is axis-parallel; the toggle adds gradient ascent α := α + η∇W from the same
start. The table lists every coordinate-ascent step with W, which never decreases. SMO is coordinate
ascent on a pair, because the SVM dual's constraint fixes α₁ once the others are fixed.
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import quadratic_ascent
from algorithms import quadratic_grid
from ui.charts import chart
from ui.contours import level_lines
from ui.controls import bound
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLUE
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR

LIMIT = 3.0  # the plot shows [−3, 3]²
CENTRE = (0.0, 0.0)
MAX_STEPS = 60


@st.cache_data(max_entries=32, show_spinner=False)
def ascend(a12, a22, start, eta):
    """The quadratic on the plot grid and both paths (only algorithms/ computes)."""
    A = np.array([[1.0, a12], [a12, a22]])
    grid = np.linspace(-LIMIT, LIMIT, 121)
    J = quadratic_grid(A, CENTRE, grid, grid)
    coordinate = quadratic_ascent(A, CENTRE, start, "coordinate", max_steps=MAX_STEPS)
    gradient = quadratic_ascent(A, CENTRE, start, "gradient", eta=eta, max_steps=MAX_STEPS)
    return grid, J, coordinate, gradient


def render(ctx, controls, main):
    with controls:
        a22 = slider(t("svm.ca_a22"), 0.5, 4.0, 2.0, "svm.ca_a22", step=0.25)
        rho = slider(t("svm.ca_rho"), -0.9, 0.9, 0.5, "svm.ca_rho", step=0.1, help=t("svm.ca_rho_help"))
        start1 = slider(t("svm.ca_start1"), -LIMIT, LIMIT, 2.0, "svm.ca_start1", step=0.25)
        start2 = slider(t("svm.ca_start2"), -LIMIT, LIMIT, -2.0, "svm.ca_start2", step=0.25)
        compare = st.toggle(t("svm.ca_compare"), **bound("svm.ca_compare"))
        eta = slider(t("svm.ca_eta"), 0.05, 1.0, 0.3, "svm.ca_eta", step=0.05) if compare else 0.3
    a12 = rho * float(np.sqrt(a22))  # A = [[1, ρ√a], [ρ√a, a]]: ρ is the correlation of the ellipses
    grid, J, coordinate, gradient = ascend(a12, a22, (start1, start2), eta)
    style = ctx.style
    level = np.sqrt(2.0 * J)  # evenly spaced ellipses: √(−2W) grows linearly away from the centre
    traces = [
        level_lines(grid, level, "W", start=0.4, end=float(level.max()), size=0.4, color=BLUE, width=1.0),
        path_trace(coordinate, t("svm.ca_coordinate"), FIT_COLOR, style),
    ]
    if compare:
        traces.append(path_trace(gradient, t("svm.ca_gradient"), ALT_COLOR, style, dash="dash"))
    traces.append(points_trace([start1], [start2], t("svm.ca_start"), style, color=HIGHLIGHT_COLOR))
    traces.append(points_trace([0.0], [0.0], t("svm.ca_optimum"), style, symbol="x", color=BLUE))
    axes = Axes((-LIMIT, LIMIT), (-LIMIT, LIMIT), "α₁", "α₂", equal=True)
    paths = [(coordinate, t("svm.ca_coordinate"))] + ([(gradient, t("svm.ca_gradient"))] if compare else [])
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            fig = figure(style, axes, t("svm.ca_title"), traces, legend="bottom")
            chart(fig, key="svm.ca_chart")
        with right:
            chart(objective_figure(paths, style), key="svm.ca_objective")
        metric_rows(
            [(t("svm.ca_steps", method=name), str(len(p.values) - 1)) for p, name in paths]
            + [(t("svm.ca_final"), fmt(coordinate.values[-1], 4))],
            ctx.projector,
        )
        if compare and gradient.values[-1] < gradient.values[0]:
            st.warning(t("svm.ca_diverged"), icon=":material/warning:")
        st.dataframe(step_table(coordinate), hide_index=True, width="stretch", height=300)
    first = coordinate.points[1] if len(coordinate.points) > 1 else coordinate.points[0]
    formula_panel(
        [
            Formula(
                rf"W(\alpha) = -\tfrac12 \alpha^\top A \alpha,\ A = \begin{{pmatrix}}1 & {number(a12, 3)}\\"
                rf"{number(a12, 3)} & {number(a22)}\end{{pmatrix}},\ \alpha^{{(0)}} = ({number(start1)},\ "
                rf"{number(start2)})",
                "CS229 notes 3, coordinate ascent (seed-001 spec §E.S7)",
            ),
            Formula(
                r"\alpha_i := \arg\max_{\hat\alpha_i} W(\alpha_1, \ldots, \hat\alpha_i, \ldots, \alpha_m)"
                rf" = -\frac{{\sum_{{j \ne i}} A_{{ij}}\alpha_j}}{{A_{{ii}}}}:\ \alpha^{{(1)}} = "
                rf"({number(first[0])},\ {number(first[1])})",
                "CS229 notes 3, coordinate ascent",
            ),
            Formula(
                rf"\alpha := \alpha + \eta \nabla W(\alpha) = \alpha - \eta A\alpha,\ \eta = {number(eta)}",
                "gradient ascent, for comparison (CS229 Part I §1)",
            ),
        ],
        ctx.projector,
    )
    code_view(quadratic_ascent, projector=ctx.projector)


def path_trace(path, name, color, style, dash="solid") -> dict:
    """The iterates joined in order, with a marker at each."""
    return dict(
        type="scatter",
        mode="lines+markers",
        x=path.points[:, 0],
        y=path.points[:, 1],
        name=name,
        line=dict(color=color, width=style.line_width, dash=dash),
        marker=dict(color=color, size=style.marker_size * 0.6),
    )


def objective_figure(paths, style):
    """W(α⁽ᵏ⁾) against the step k for each method."""
    curves = [
        Curve(name, np.arange(len(p.values)), p.values, color)
        for (p, name), color in zip(paths, (FIT_COLOR, ALT_COLOR), strict=False)
    ]
    longest = max(len(p.values) for p, _ in paths)
    low = float(paths[0][0].values[0])  # W at the start; a diverging gradient ascent leaves the plot
    axes = Axes((0, max(longest - 1, 1)), (1.05 * low - 0.05, 0.05 * max(-low, 1.0)), "k", "W(α⁽ᵏ⁾)")
    return curves_figure(curves, axes, style, title=t("svm.ca_objective_title"), markers=True)


def step_table(path) -> pd.DataFrame:
    """One row per state: the step, the coordinate it changed, α and W."""
    changed = ["–", *(f"α{'₁₂'[i]}" for i in path.coordinates)]
    return pd.DataFrame(
        {
            t("svm.ca_col_step"): np.arange(len(path.values)),
            t("svm.ca_col_coordinate"): changed,
            "α₁": path.points[:, 0],
            "α₂": path.points[:, 1],
            "W(α)": path.values,
        }
    )
