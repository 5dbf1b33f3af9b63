"""An editable grid world solved by value iteration or policy iteration, stepped: the value heat-map
with the greedy policy as arrows, ‖V_{k+1} − V_k‖∞, and a clicked cell's Bellman update in numbers.

CS229 Part XIII §1–2 (seed 001 M48–M50): Bellman equations (1)–(3), synchronous and asynchronous
value iteration, policy iteration.
"""

from functools import partial

import numpy as np
import streamlit as st

from algorithms import bellman_residual
from algorithms import bellman_terms
from algorithms import policy_iteration
from algorithms import value_iteration
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import bar_figure
from ui.figures import curves_figure
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.views import fitted
from views.reinforcement_learning._grid import ARROWS
from views.reinforcement_learning._grid import brush_picker
from views.reinforcement_learning._grid import built_world
from views.reinforcement_learning._grid import cell_sliders
from views.reinforcement_learning._grid import clicked
from views.reinforcement_learning._grid import grid_static
from views.reinforcement_learning._grid import make_world
from views.reinforcement_learning._grid import value_traces
from views.reinforcement_learning._grid import world_controls
from views.reinforcement_learning._grid import world_picker
from views.reinforcement_learning._grid import write_layout

METHODS = ["vi", "vi_async", "pi"]


@st.cache_data(max_entries=32, show_spinner=False)
def solve(layout: str, step_reward: float, slip: float, gamma: float, method: str):
    world = make_world(layout, step_reward, slip, gamma)
    if method == "pi":
        return policy_iteration(world)
    return value_iteration(world, synchronous=method == "vi")


def render(ctx, controls, main):
    with controls:
        layout = world_picker()
        brush = brush_picker()
        step_reward, slip, gamma = world_controls()
        method = choice(t("rl.method"), METHODS, "rl.method", catalogue_labels("rl.methods"))
    write_layout(layout)
    with main:
        world = built_world(layout, step_reward, slip, gamma)
        if world is None:
            return
        spec = (layout, step_reward, slip, gamma)
        result = fitted(solve, *spec, method)
        other = fitted(solve, *spec, "vi" if method == "pi" else "pi")
        if result is None or other is None:
            return
    with controls:
        row, col = cell_sliders(world.shape)
    state = int(world.index[row, col])
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="medium")
        with left:
            grid_stepper(ctx, world, layout, result, method, brush, (row, col), state)
        with right:
            progress_chart(ctx, result, method, world.gamma)
        vi, pi = (other, result) if method == "pi" else (result, other)
        metric_rows([
            (t("rl.vi_sweeps"), str(vi.n_iter)),
            (t("rl.pi_iterations"), str(pi.n_iter)),
            (t("rl.vi_pi_gap"), fmt(float(np.max(np.abs(vi.values - pi.values))), 2)),
            (t("rl.same_policy"), t("rl.yes") if np.array_equal(vi.policy, pi.policy) else t("rl.no")),
            (t("rl.residual"), fmt(bellman_residual(world, result.values), 2)),
        ], ctx.projector)
    formula_panel(formulas(world, result, state), ctx.projector)
    code_view(policy_iteration if method == "pi" else value_iteration, projector=ctx.projector)


def grid_stepper(ctx, world, layout, result, method, brush, cell, state):
    name = t("rl.pi_step") if method == "pi" else t("rl.vi_step")

    def frame(step):
        return value_traces(world, layout, result.value_history[step], result.policy_history[step], ctx.style)

    def label(step):
        return t("rl.step_title", name=name, k=result.snapshot_steps[step],
                 v=fmt(float(result.value_history[step][world.start]), 3))

    def details(step):
        return backup_text(world, result.value_history[step], state) if state >= 0 else t("rl.wall_cell")

    view = StepView(grid_static(layout, ctx, selected=cell), frame, label, details)
    caption = t("rl.click_inspect") if brush == "inspect" else t("rl.click_paint")
    stepper("rl.grid", len(result.value_history), view, on_click=partial(clicked, layout, brush),
            click_caption=caption)


def backup_text(world, V, state) -> str:
    """The Bellman backup of one cell from the values shown, one line per action."""
    if world.terminal[state]:
        return t("rl.terminal_backup", r=number(world.R[state]))
    terms = bellman_terms(world, V, state)
    lines = []
    for a, (probs, values, q) in enumerate(terms):
        sum_text = " + ".join(f"{p:.2g}·{v:.3f}" for p, v in zip(probs, values, strict=True))
        reward = f"{world.R[state]:.3g} + {world.gamma:.3g}"
        lines.append(f"- {ARROWS[a]}  Q = {reward}·({sum_text}) = **{q:.4f}**")
    best = max(q for _, _, q in terms)
    return t("rl.backup_heading", v=f"{best:.4f}") + "\n\n" + "\n".join(lines)


def progress_chart(ctx, result, method, gamma):
    if method == "pi":
        steps = np.arange(1, len(result.changes) + 1)
        axes = Axes((0.5, len(steps) + 0.5), (0, max(result.changes) + 1), t("rl.iteration"), t("rl.changes"))
        chart(bar_figure(np.array(result.changes), steps, axes, ctx.style, t("rl.changes_title")),
              key="rl.changes_chart")
        return
    deltas = np.maximum(result.deltas, 1e-16)
    k = np.arange(1, len(deltas) + 1)
    bound = deltas[0] * gamma ** (k - 1)
    axes = Axes((1, max(len(k), 2)), safe_range(deltas.min() / 2, deltas.max() * 2, positive=True),
                t("rl.sweep"), "‖ΔV‖∞")
    curves = [Curve(t("rl.delta"), k, deltas), Curve(t("rl.gamma_bound"), k, np.maximum(bound, 1e-16),
                                                      "#777777", "dash")]
    chart(curves_figure(curves, axes, ctx.style, log_y=True, title=t("rl.delta_title")), key="rl.delta_chart")


def formulas(world, result, state) -> list[Formula]:
    V = result.values
    out = [Formula(r"V^*(s) = R(s) + \max_a \gamma \sum_{s'} P_{sa}(s') V^*(s')", "CS229 XIII §1, (2)")]
    if state >= 0 and not world.terminal[state]:
        q = max(q for _, _, q in bellman_terms(world, V, state))
        out.append(Formula(rf"V^*(s) = {number(world.R[state])} + \max_a(\dots) = {number(q)}"
                           rf"\approx {number(V[state])}", "CS229 XIII §2, M49"))
    contraction = r"\|V_{t+1}-V^*\|_\infty \le \gamma \|V_t - V^*\|_\infty,\ \gamma = "
    out.append(Formula(contraction + number(world.gamma), "CS229 XIII §2 (contraction)"))
    return out
