"""Multi-task least squares: T related regression tasks, γ from independent to fully shared, the
task-similarity matrix (learned by alternation as Fig 19.1 when asked) and each task's fit.

Sugiyama §19.1, (19.1)–(19.2); app toy (spec §19.A [EXT]): sinc shifted slightly per task.
"""

import numpy as np
import streamlit as st

from algorithms import MultiTaskLS
from algorithms import related_tasks_sample
from ui.charts import chart
from ui.controls import bound
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.views import fitted
from views.multi_task._common import common_controls
from views.multi_task._common import legend_rows
from views.multi_task._common import task_color
from views.multi_task._common import task_symbol

N_ITER = 10  # rounds of Fig 19.1 when the similarities are learned
X_RANGE = (-3.0, 3.0)


@st.cache_data(max_entries=32, show_spinner=False)
def fit(T, n, spread, noise, gamma, lam, h, learn, seed):
    sample = related_tasks_sample(T, n, spread, noise, random_state=seed)
    model = MultiTaskLS(gamma, lam, h, N_ITER if learn else 0, n_tasks=T).fit(
        sample.X, sample.y, sample.tasks
    )
    alone = MultiTaskLS(0.0, lam, h, n_tasks=T).fit(sample.X, sample.y, sample.tasks)
    return sample, model, alone


def render(ctx, controls, main) -> None:
    with controls:
        c = common_controls(t("mtl.n_task"), 8, (3, 50), 0.6)
        learn = st.toggle(t("mtl.learn"), help=t("mtl.learn_help"), **bound("mtl.learn"))
    fits = fitted(
        fit, c["T"], c["n"], c["spread"], c["noise"], c["gamma"], c["lam"], c["h"], learn, c["seed"]
    )
    if fits is None:
        return
    sample, model, alone = fits
    T = c["T"]
    grid = np.linspace(*X_RANGE, 200)
    together, apart = model.predict_all(grid[:, None]), alone.predict_all(grid[:, None])
    rows = legend_rows(("mtl.task_fit", "mtl.task_alone", "mtl.task_points"), T, ctx.style)
    traces = []
    for k in range(T):
        together_curve = Curve(t("mtl.task_fit", t=k + 1), grid, together[:, k], task_color(k))
        traces.append(line_trace(together_curve, ctx.style))
        apart_curve = Curve(t("mtl.task_alone", t=k + 1), grid, apart[:, k], task_color(k), "dot", 0.6)
        traces.append(line_trace(apart_curve, ctx.style))
        mask = sample.tasks == k
        traces.append(
            points_trace(
                sample.X[mask, 0],
                sample.y[mask],
                t("mtl.task_points", t=k + 1),
                ctx.style,
                task_color(k),
                task_symbol(k),
            )
        )
    axes = Axes(X_RANGE, (-0.8, 1.4), "x", "y")
    fig = figure(ctx.style, axes, t("mtl.fits_title"), traces, legend_rows=rows)
    labels = [str(k + 1) for k in range(T)]
    heat = heatmap_figure(model.gamma_, labels, labels, (t("mtl.task"), t("mtl.task")), ctx.style,
                          colorbar_title="γ", title=t("mtl.gamma_title"))
    heat.update_traces(reversescale=False, selector=dict(type="heatmap"))
    with main:
        chart(fig, key="mtl.reg_chart")
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(heat, key="mtl.gamma_chart")
        with right:
            if learn:
                chart(objective_figure(model.history_, ctx.style), key="mtl.objective_chart")
            else:
                c_heat = heatmap_figure(model.C_, labels, labels, (t("mtl.task"), t("mtl.task")), ctx.style,
                                        colorbar_title="C", title=t("mtl.c_title"))
                chart(c_heat, key="mtl.c_chart")
                st.caption(t("mtl.learn_hint"))
        metrics_row(
            [
                (t("mtl.err_multi"), fmt(model.test_error(sample.X_test, sample.y_test, sample.tasks_test))),
                (t("mtl.err_alone"), fmt(alone.test_error(sample.X_test, sample.y_test, sample.tasks_test))),
                (t("mtl.unknowns"), f"{model.theta_.size} = {model.theta_.shape[0]}·{T}"),
            ]
        )
    formula_panel(
        [
            Formula(
                r"J(\theta) = \frac12\sum_i(\theta_{t_i}^\top\phi(x_i) - y_i)^2"
                r" + \frac12\sum_t\lambda\|\theta_t\|^2"
                r" + \frac14\sum_{t,t'}\gamma_{t,t'}\|\theta_t - \theta_{t'}\|^2 = "
                + number(model.history_[-1].objective),
                "Sugiyama §19.1",
            ),
            Formula(
                rf"\hat\theta = (\Psi^\top\Psi + C\otimes I_b)^{{-1}}\Psi^\top y,\ C = {matrix(model.C_, 3)}",
                "Sugiyama §19.1, (19.1)",
            ),
            Formula(
                r"\gamma_{t,t'} \leftarrow \exp(-\|\hat\theta_t - \hat\theta_{t'}\|^2)", "Sugiyama Fig 19.1"
            ),
        ],
        ctx.projector,
    )
    code_view(MultiTaskLS, projector=ctx.projector)


def objective_figure(history, style):
    """J after each round of the alternation (Fig 19.1)."""
    steps = np.array([s.step for s in history], float)
    objective = np.array([s.objective for s in history])
    pad = (objective.max() - objective.min()) * 0.1 or 0.1 * abs(objective[0]) or 0.1
    axes = Axes((0, max(steps[-1], 1)), (objective.min() - pad, objective.max() + pad), t("mtl.round"), "J")
    return curves_figure([Curve(t("mtl.objective"), steps, objective, ALT_COLOR)], axes, style,
                         title=t("mtl.objective_title"), markers=True, height=320)
