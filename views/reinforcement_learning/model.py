"""Model-based RL on the grid: the agent walks from the start, counts its transitions, estimates P_sa
and R(s), plans by value iteration on its estimate, and acts ε-greedily; round by round the estimated
model and the values converge to the true ones.

CS229 Part XIII §3 (seed 001 M51): P_sa(s') = #(s, a → s') / #(s, a), 1/|S| when never tried (4);
value iteration warm-started from the previous round.
"""

from functools import partial

import numpy as np
import streamlit as st

from algorithms import ACTIONS
from algorithms import ModelBasedRL
from algorithms import value_iteration
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.figures import Axes
from ui.figures import figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import TRUTH_COLOR
from ui.views import fitted
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


@st.cache_data(max_entries=16, show_spinner=False)
def learn(layout, step_reward, slip, gamma, rounds, trials, epsilon, seed):
    world = make_world(layout, step_reward, slip, gamma)
    agent = ModelBasedRL(rounds, trials, 60, epsilon, random_state=seed).fit(world)
    return agent, value_iteration(world)


def render(ctx, controls, main):
    with controls:
        layout = world_picker()
        brush = brush_picker()
        spec = world_controls()
        rounds = slider(t("rl.rounds"), 1, 15, 8, "rl.rounds")
        trials = slider(t("rl.trials"), 1, 20, 5, "rl.trials", help=t("rl.trials_help"))
        epsilon = slider(t("rl.epsilon"), 0.0, 1.0, 0.2, "rl.epsilon", step=0.05, help=t("rl.epsilon_help"))
        seed = slider(t("rl.seed"), 0, 20, 0, "rl.mb_seed")
    write_layout(layout)
    with main:
        world = built_world(layout, *spec)
        if world is None or (out := fitted(learn, layout, *spec, rounds, trials, epsilon, seed)) is None:
            return
        agent, truth = out
    with controls:
        row, col = cell_sliders(world.shape)
        action = choice(t("rl.action"), list(ACTIONS), "rl.action", catalogue_labels("rl.actions"))
    state, a = int(world.index[row, col]), ACTIONS.index(action)
    with main:
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="medium")
        with left:
            history = agent.history_

            def frame(step):
                return value_traces(world, layout, history[step].values, history[step].policy, ctx.style)

            def label(step):
                return t("rl.round_title", r=step + 1, n=history[step].trials,
                         e=fmt(history[step].model_error, 2))

            static = grid_static(layout, ctx, selected=(row, col))
            stepper("rl.mb", len(history), StepView(static, frame, label),
                    on_click=partial(clicked, layout, brush), click_caption=t("rl.click_inspect"))
        with right:
            if state >= 0:
                transition_bars(ctx, world, agent, state, a)
            else:
                st.info(t("rl.wall_cell"))
        start = world.start
        same = agent.policy_[start] == truth.policy[start]
        metric_rows([
            (t("rl.trials_run"), str(history[-1].trials)),
            (t("rl.model_error"), fmt(history[-1].model_error, 3)),
            (t("rl.value_error"), fmt(float(abs(agent.values_[start] - truth.values[start])), 3)),
            (t("rl.same_first_action"), t("rl.yes") if same else t("rl.no")),
        ], ctx.projector)
    formula_panel([Formula(r"P_{sa}(s') = \frac{\#\{s \xrightarrow{a} s'\}}{\#\{s \xrightarrow{a}\}}"
                           r"\quad(\tfrac{1}{|S|}\ \text{if}\ 0/0)", "CS229 XIII §3, (4)")], ctx.projector)
    code_view(ModelBasedRL, projector=ctx.projector)


def transition_bars(ctx, world, agent, state, a):
    """Estimated against true P_sa(s') of the inspected cell and action (the last round)."""
    true_row, est_row = world.P[a, state], agent.P_[a, state]
    shown = np.flatnonzero((true_row > 0) | (est_row > 1.0 / world.n_states + 1e-12))[:12]
    labels = [f"({r + 1},{c + 1})" for r, c in world.cells[shown]]
    tried = int(agent.counts_[a, state].sum())
    traces = [
        dict(type="bar", x=labels, y=true_row[shown], name=t("rl.true_P"), marker_color=TRUTH_COLOR),
        dict(type="bar", x=labels, y=est_row[shown], name=t("rl.estimated_P"), marker_color=ALT_COLOR),
    ]
    axes = Axes((-0.5, max(len(labels), 1) - 0.5), (0, 1.05), t("rl.next_cell"), "P")
    title = t("rl.bars_title", n=tried)
    chart(figure(ctx.style, axes, title, traces, legend_rows=1, barmode="group"), key="rl.mb_bars")
    if world.terminal[state]:
        st.caption(t("rl.terminal_no_moves"))
