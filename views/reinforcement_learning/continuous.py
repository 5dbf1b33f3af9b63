"""A continuous state: the car on a hill, (position, velocity). Discretise it into k × k cells and run
value iteration, or fit V(s) = θᵀφ(s) by fitted value iteration on sampled states; both value
functions as heat-maps with the greedy drive from the chosen start. Coarse grids strand the car.

CS229 Part XIII §4 (seed 001 M52–M54): discretisation and the curse of dimensionality (k^n
states), a simulator (M53), fitted value iteration with k = 1 for a deterministic model.
"""

import numpy as np
import streamlit as st

from algorithms import discretised_rollout
from algorithms import discretised_value_iteration
from algorithms import fitted_rollout
from algorithms import fitted_value_iteration
from algorithms import fitted_values_on_grid
from ui.charts import chart
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.views import fitted

AXES_RANGES = ((-1.2, 0.5), (-0.07, 0.07))


@st.cache_data(max_entries=16, show_spinner=False)
def discretised(k, gamma, start_x):
    xs, vs, V, _, sweeps = discretised_value_iteration(k, gamma)
    return xs, vs, V, sweeps, discretised_rollout(V, [start_x, 0.0])


@st.cache_data(max_entries=16, show_spinner=False)
def fitted_vi(m, centres, gamma, n_iter, seed, start_x):
    S, steps = fitted_value_iteration(m, centres, gamma, n_iter, random_state=seed)
    grids = [fitted_values_on_grid(s.theta, centres, 30) for s in steps]
    values = np.array([g[2] for g in grids])
    path = fitted_rollout(steps[-1].theta, centres, [start_x, 0.0])
    return S, steps, grids[0][0], grids[0][1], values, path


def render(ctx, controls, main):
    with controls:
        gamma = slider(t("rl.gamma"), 0.8, 0.99, 0.95, "rl.car_gamma", step=0.01)
        start_x = slider(t("rl.start_x"), -1.1, 0.3, -0.5, "rl.start_x", step=0.1)
        k = slider(t("rl.cells"), 3, 41, 21, "rl.cells", help=t("rl.cells_help"))
        centres = slider(t("rl.centres"), 3, 9, 7, "rl.centres", help=t("rl.centres_help"))
        m = slider(t("rl.samples"), 50, 800, 400, "rl.samples", step=50)
        n_iter = slider(t("rl.fvi_iter"), 1, 80, 60, "rl.fvi_iter")
        seed = slider(t("rl.seed"), 0, 20, 0, "rl.car_seed")
        n_dims = slider(t("rl.dims"), 1, 12, 2, "rl.dims", help=t("rl.dims_help"))
    with main:
        grid_out = fitted(discretised, k, gamma, start_x)
        fit_out = fitted(fitted_vi, m, centres, gamma, n_iter, seed, start_x)
        if grid_out is None or fit_out is None:
            return
        xs, vs, V, sweeps, grid_path = grid_out
        S, steps, fx, fv, values, fit_path = fit_out
        lo = float(min(V.min(), values[-1].min()))
        left, right = columns_or_stacked(ctx.projector, 2, gap="medium")
        with left:
            fig = value_figure(ctx, t("rl.discretised_title", k=k), xs, vs, V, lo, grid_path)
            chart(fig, key="rl.car_grid")
        with right:
            fitted_stepper(ctx, steps, fx, fv, values, lo, fit_path, S)
        change_chart(ctx, steps)
        metric_rows([
            (t("rl.grid_steps"), steps_text(grid_path)),
            (t("rl.fitted_steps"), steps_text(fit_path)),
            (t("rl.vi_sweeps"), str(sweeps)),
            (t("rl.state_count"), f"{k}^{n_dims} = {float(k) ** n_dims:.3g}"),
        ], ctx.projector)
    formula_panel([
        Formula(r"y^{(i)} = \max_a\big[R(s^{(i)}) + \gamma V(f(s^{(i)}, a))\big],\quad "
                r"\theta := \arg\min_\theta \tfrac12\sum_i(\theta^\top\phi(s^{(i)}) - y^{(i)})^2",
                "CS229 XIII §4.2.2, M54 (k = 1; brackets restored)"),
        Formula(rf"|\bar S| = k^n = {k}^{{{n_dims}}}", "CS229 XIII §4.1, M52 (the seed prints kn)"),
    ], ctx.projector)
    code_view(discretised_value_iteration, fitted_value_iteration, projector=ctx.projector)


def steps_text(path) -> str:
    return str(len(path) - 1) if path[-1, 0] >= AXES_RANGES[0][1] else t("rl.not_reached")


def heat(xs, vs, V, lo) -> dict:
    return dict(type="heatmap", x=xs, y=vs, z=V.T, colorscale="Viridis", zmin=lo, zmax=0.0, hoverinfo="skip",
                colorbar=dict(title="V", thickness=14))


def path_trace(path, ctx) -> dict:
    trace = line_trace(Curve(t("rl.drive"), path[:, 0], path[:, 1], BLACK), ctx.style)
    return trace | {"mode": "lines+markers"}


def value_figure(ctx, title, xs, vs, V, lo, path):
    fig = base_figure(ctx.style, Axes(*AXES_RANGES, t("rl.position"), t("rl.velocity")), title)
    fig.add_traces([heat(xs, vs, V, lo), path_trace(path, ctx)])
    return fig


def fitted_stepper(ctx, steps, fx, fv, values, lo, path, S):
    static = base_figure(ctx.style, Axes(*AXES_RANGES, t("rl.position"), t("rl.velocity")), " ")
    last = len(steps) - 1

    def frame(step):
        shown = path if step == last else path[:1]
        return [heat(fx, fv, values[step], lo), path_trace(shown, ctx),
                dict(type="scatter", mode="markers", x=S[:, 0], y=S[:, 1], name=t("rl.sampled"),
                     marker=dict(size=3, color="white", opacity=0.6))]

    def label(step):
        return t("rl.fvi_title", i=step, c=fmt(steps[step].change, 3))

    stepper("rl.fvi", len(steps), StepView(static, frame, label))


def change_chart(ctx, steps):
    it = np.array([s.iteration for s in steps[1:]])
    change = np.maximum([s.change for s in steps[1:]], 1e-12)
    axes = Axes((1, max(len(it), 2)), safe_range(change.min() / 2, change.max() * 2, positive=True),
                t("rl.iteration"), "‖Δθ‖∞")
    fig = curves_figure([Curve(t("rl.theta_change"), it, change)], axes, ctx.style, log_y=True,
                        title=t("rl.theta_title"), height=300)
    chart(fig, key="rl.theta_chart")
