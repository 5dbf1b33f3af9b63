"""The layout the classification and regression views share: data chart beside the tree diagram,
then the growth stepper beside the split inspector."""

import streamlit as st

from ui.data_panel import editable_chart
from ui.figures import Axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from views.decision_trees._diagram import diagram_panel
from views.decision_trees._grow import Grown
from views.decision_trees._inspector import inspector


def chart_and_diagram(ctx, g: Grown, fig, axes: Axes, key: str) -> None:
    """The data figure (points editable by clicking) and the clickable diagram, side by side."""
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        editable_chart(fig, "tree", ctx.data, axes.x_range, axes.y_range, key=key)
    with right:
        diagram_panel(ctx, g, ctx.data.train, height=ctx.style.figure_height)


def growth_and_inspector(ctx, g: Grown, growth: StepView, X, y, names) -> None:
    """Growth split by split and the split inspector of the selected node, side by side."""
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('tree.growth_title')}**")
        stepper("tree.grow", g.tree.n_splits + 1, growth)
    with right:
        st.markdown(f"**{t('tree.inspector_title', node=g.node)}**")
        inspector(g, X, y, names, ctx.style)
