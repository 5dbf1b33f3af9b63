"""Multi-task least-squares probabilistic classification: T related binary tasks, each task's
P(y = +1 | x) as γ moves from independent to shared.

Sugiyama §19.2 (errata §22: J_y, θ_{t_i}); LSPC outputs clipped at 0 and normalised (§10.2); app toy:
P(y = +1 | x) = 1/(1 + e^{−3(x − s_t)}) with shifted centres s_t.
"""

import numpy as np
import streamlit as st

from algorithms import MultiTaskLSPC
from algorithms import related_classification_sample
from ui.charts import chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import percent
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.i18n import t
from ui.views import fitted
from views.multi_task._common import common_controls
from views.multi_task._common import legend_rows
from views.multi_task._common import task_color

X_RANGE = (-3.0, 3.0)


@st.cache_data(max_entries=32, show_spinner=False)
def fit(T, n, spread, gamma, lam, h, seed):
    sample = related_classification_sample(T, n, spread, random_state=seed)
    model = MultiTaskLSPC(gamma, lam, h, n_tasks=T).fit(sample.X, sample.y, sample.tasks)
    alone = MultiTaskLSPC(0.0, lam, h, n_tasks=T).fit(sample.X, sample.y, sample.tasks)
    return sample, model, alone


def render(ctx, controls, main) -> None:
    with controls:
        c = common_controls(t("mtl.n_task"), 15, (4, 100), 1.5, noise=False)
    fits = fitted(fit, c["T"], c["n"], c["spread"], c["gamma"], c["lam"], c["h"], c["seed"])
    if fits is None:
        return
    sample, model, alone = fits
    T = c["T"]
    grid = np.linspace(*X_RANGE, 200)
    fig = base_figure(
        ctx.style, Axes(X_RANGE, (-0.12, 1.12), "x", t("mtl.prob_axis")), t("mtl.cls_title"),
        legend_rows=legend_rows(("mtl.task_prob", "mtl.task_truth", "mtl.task_points"), T, ctx.style),
    )
    positive = list(model.classes_).index(1.0) if 1.0 in model.classes_ else len(model.classes_) - 1
    for k in range(T):
        fig.add_trace(
            line_trace(
                Curve(
                    t("mtl.task_prob", t=k + 1),
                    grid,
                    model.predict_proba(grid[:, None], k)[:, positive],
                    task_color(k),
                ),
                ctx.style,
            )
        )
        fig.add_trace(
            line_trace(
                Curve(t("mtl.task_truth", t=k + 1), grid, sample.truth(grid, k), task_color(k), "dot", 0.6),
                ctx.style,
            )
        )
        mask = sample.tasks == k
        level = (sample.y[mask] > 0) * (1.0 + 0.02 * (k + 1)) - 0.02 * (k + 1) * (sample.y[mask] < 0)
        fig.add_trace(
            points_trace(
                sample.X[mask, 0],
                level,
                t("mtl.task_points", t=k + 1),
                ctx.style,
                task_color(k),
                "line-ns",
                1.0,
                hollow=True,
            )
        )
    with main:
        chart(fig, key="mtl.cls_chart")
        metrics_row(
            [
                (t("mtl.acc_multi"), percent(model.score(sample.X_test, sample.y_test, sample.tasks_test))),
                (t("mtl.acc_alone"), percent(alone.score(sample.X_test, sample.y_test, sample.tasks_test))),
            ]
        )
    formula_panel(
        [
            Formula(
                r"\hat\theta^{(y)} = (\Psi^\top\Psi + C\otimes I_b)^{-1}\Psi^\top\pi^{(y)},\ "
                rf"\pi^{{(y)}}_i = [y_i = y],\ \gamma = {number(c['gamma'])},\ \lambda = {number(c['lam'])}",
                "Sugiyama §19.2 (J_y and θ with the task index t_i: errata §22)",
            ),
            Formula(
                r"\hat p_t(y|x) = \frac{\max(0, \hat\theta_t^{(y)\top}\phi(x))}"
                r"{\sum_{y'}\max(0, \hat\theta_t^{(y')\top}\phi(x))}",
                "Sugiyama §10.2",
            ),
        ],
        ctx.projector,
    )
    code_view(MultiTaskLSPC, projector=ctx.projector)
