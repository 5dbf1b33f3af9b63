"""A finite horizon T: backward dynamic programming gives a different policy at every time t. On the
two-goal grid the agent heads for the far +10 while there is time, and settles for the near +1
when there is not.

CS229 Part XIV §1 (seed 001 M55): V*_T(s) = R(s); V*_t(s) = R(s) + max_a E_{s'~P_sa}[V*_{t+1}(s')].
"""

from functools import partial

import streamlit as st

from algorithms import finite_horizon_values
from algorithms import planned_walk
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.views import fitted
from views.reinforcement_learning._grid import ARROWS
from views.reinforcement_learning._grid import brush_picker
from views.reinforcement_learning._grid import built_world
from views.reinforcement_learning._grid import clicked
from views.reinforcement_learning._grid import grid_static
from views.reinforcement_learning._grid import make_world
from views.reinforcement_learning._grid import value_traces
from views.reinforcement_learning._grid import world_controls
from views.reinforcement_learning._grid import world_picker
from views.reinforcement_learning._grid import write_layout

NO_DISCOUNT = 0.9  # a finite horizon needs no γ (M55); the world is built with any γ < 1 and ignores it


@st.cache_data(max_entries=32, show_spinner=False)
def plan(layout, step_reward, slip, T):
    return finite_horizon_values(make_world(layout, step_reward, slip, NO_DISCOUNT), T)


def render(ctx, controls, main):
    with controls:
        layout = world_picker("two_goals")
        brush = brush_picker()
        step_reward, slip, _ = world_controls(with_gamma=False)
        T = slider(t("rl.horizon"), 1, 30, 8, "rl.fh_T", help=t("rl.fh_help"))
    write_layout(layout)
    with main:
        world = built_world(layout, step_reward, slip, NO_DISCOUNT)
        if world is None or (out := fitted(plan, layout, step_reward, slip, T)) is None:
            return
        V, policy = out

        def frame(step):
            return value_traces(world, layout, V[step], policy[step], ctx.style)

        def label(step):
            return t("rl.fh_title", t=step, left=T - step, v=fmt(float(V[step][world.start]), 3))

        stepper("rl.fh", T + 1, StepView(grid_static(layout, ctx), frame, label),
                on_click=partial(clicked, layout, "inspect" if brush == "inspect" else brush),
                click_caption=t("rl.click_paint") if brush != "inspect" else None)
        states, actions = planned_walk(world, policy)
        end = world.R[states[-1]] if world.terminal[states[-1]] else None
        metric_rows([
            (t("rl.fh_value"), fmt(float(V[0][world.start]), 4)),
            (t("rl.fh_actions"), "".join(ARROWS[actions]) or "—"),
            (t("rl.fh_goal"), fmt(end)),
        ], ctx.projector)
    formula_panel([
        Formula(r"V^*_T(s) = R(s),\quad V^*_t(s) = R(s) + \max_a \sum_{s'} P_{sa}(s')\,V^*_{t+1}(s')",
                "CS229 XIV §1, (1)–(2)"),
    ], ctx.projector)
    code_view(finite_horizon_values, projector=ctx.projector)
