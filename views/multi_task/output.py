"""Multi-output learning: every input carries T outputs; the Sylvester equation against conjugate
gradient and the direct solve, with CG's residual per iteration.

Sugiyama §19.3, (19.3)–(19.5) (erratum §22: ΦᵀYᵀ in (19.4)); app toy: sinc shifted per output.
"""

import numpy as np
import streamlit as st

from algorithms import MultiOutputLS
from algorithms import multi_output_sample
from ui.charts import chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.figures import safe_range
from ui.i18n import t
from ui.views import fitted
from views.multi_task._common import common_controls
from views.multi_task._common import legend_rows
from views.multi_task._common import task_color
from views.multi_task._common import task_symbol

SOLVERS = ("sylvester", "cg", "direct")
X_RANGE = (-3.0, 3.0)


@st.cache_data(max_entries=32, show_spinner=False)
def fit(T, n, spread, noise, gamma, lam, h, seed):
    sample = multi_output_sample(T, n, spread, noise, random_state=seed)
    return sample, {s: MultiOutputLS(gamma, lam, h, s).fit(sample.X, sample.Y) for s in SOLVERS}


def render(ctx, controls, main) -> None:
    with controls:
        c = common_controls(t("mtl.n_shared"), 20, (3, 200), 0.6)
    fits = fitted(fit, c["T"], c["n"], c["spread"], c["noise"], c["gamma"], c["lam"], c["h"], c["seed"])
    if fits is None:
        return
    sample, models = fits
    syl, cg, direct = (models[s] for s in SOLVERS)
    grid = np.linspace(*X_RANGE, 200)
    pred = syl.predict(grid[:, None])
    fig = base_figure(ctx.style, Axes(X_RANGE, (-0.8, 1.4), "x", "y"), t("mtl.output_title"),
                      legend_rows=legend_rows(("mtl.output_fit", "mtl.output_points"), c["T"], ctx.style))
    for k in range(c["T"]):
        fig.add_trace(
            line_trace(Curve(t("mtl.output_fit", t=k + 1), grid, pred[:, k], task_color(k)), ctx.style)
        )
        fig.add_trace(
            points_trace(
                sample.X[:, 0],
                sample.Y[:, k],
                t("mtl.output_points", t=k + 1),
                ctx.style,
                task_color(k),
                task_symbol(k),
                0.8,
            )
        )
    res = cg.residuals_
    steps = np.arange(len(res), dtype=float)
    lo, hi = safe_range(float(res.min()) / 3, float(res.max()) * 3, positive=True)
    residual_fig = curves_figure(
        [Curve(t("mtl.residual"), steps, res, FIT_COLOR)],
        Axes((0, max(len(res) - 1, 1)), (lo, hi), t("mtl.iteration"), t("mtl.residual_axis")),
        ctx.style,
        log_y=True,
        markers=True,
        title=t("mtl.residual_title"),
        height=320,
    )
    gap_syl = float(np.abs(syl.theta_ - direct.theta_).max())
    gap_cg = float(np.abs(cg.theta_ - direct.theta_).max())
    with main:
        chart(fig, key="mtl.output_chart")
        chart(residual_fig, key="mtl.residual_chart")
        metrics_row(
            [
                (t("mtl.gap_sylvester"), fmt(gap_syl, 2)),
                (t("mtl.gap_cg"), fmt(gap_cg, 2)),
                (t("mtl.cg_iterations"), str(len(res) - 1)),
                (t("mtl.unknowns"), f"{direct.theta_.size} = {direct.theta_.shape[0]}·{c['T']}"),
                (t("mtl.err_multi"), fmt(syl.test_error(sample.X_test, sample.Y_test))),
            ]
        )
    formula_panel(
        [
            Formula(
                r"\Phi^\top\Phi\,\Theta + \Theta C = \Phi^\top Y^\top,\ "
                r"\hat\Theta = (\mathbf u_1 \dots \mathbf u_b)\,Q\,(\mathbf v_1 \dots \mathbf v_T)^\top,\ "
                r"Q_{jt} = \frac{\mathbf u_j^\top\Phi^\top Y^\top\mathbf v_t}{u_j + v_t}",
                "Sugiyama §19.3.2, (19.4) (ΦᵀYᵀ: erratum §22)",
            ),
            Formula(
                r"(I_T\otimes\Phi^\top\Phi + C\otimes I_b)\theta = h:\ "
                rf"\|h - G\theta^{{(k)}}\| = {number(res[-1])}"
                rf"\ (k = {len(res) - 1})",
                "Sugiyama §19.3.3, (19.5)",
            ),
        ],
        ctx.projector,
    )
    code_view(MultiOutputLS, projector=ctx.projector)
