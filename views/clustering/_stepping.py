"""Stepping charts that also take clicks: edit the points, or place k-means' initial centres."""

from functools import partial

import plotly.graph_objects as go
import streamlit as st

from ui.data_panel import add_edit_grid
from ui.data_panel import edit_enabled
from ui.data_panel import edit_points
from ui.figures import Axes
from ui.figures import base_figure
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from views.clustering._centres import place_centre
from views.clustering._common import P


def edit_mode(subsampled: bool = False) -> str | None:
    """'edit' when the sidebar's edit switch is on and this data can be edited here."""
    if not edit_enabled(P):
        return None
    if subsampled:
        st.caption(t("clu.no_edit"))
        return None
    return "edit"


def chart_clicked(data, grid_curve: int, mode: str, stepper_key: str, points: list[dict]) -> None:
    """Edit mode: add/remove points (shared handler). Centre mode: a click places an initial centre."""
    if mode == "edit":
        edit_points(P, data.train, grid_curve, points)
    elif mode == "centres":
        place_centre(stepper_key, points)


def clickable_stepper(
    key: str, n_steps: int, view: StepView, data=None, mode: str | None = None, shortcuts: bool = True
) -> None:
    """ui.stepper.stepper whose chart takes clicks when ``mode`` is 'edit' or 'centres'."""
    on_click = None if mode is None else partial(chart_clicked, data, len(view.static.data) - 1, mode, key)
    caption = None if mode is None else t("data.edit_caption") if mode == "edit" else t("clu.click_caption")
    stepper(key, n_steps, view, shortcuts=shortcuts, on_click=on_click, click_caption=caption)


def data_static(ctx, axes: Axes, clickable: bool) -> go.Figure:
    """The fixed part of a stepping data chart (the step's title is set per frame)."""
    fig = base_figure(ctx.style, axes, " ", ctx.style.figure_height + 100, 3 if ctx.projector else 2)
    if clickable:
        add_edit_grid(fig, axes.x_range, axes.y_range)
    return fig
