"""EM steppers whose chart takes clicks (edit the points, or pick the point of the formulas), and their
step titles."""

from functools import partial

import numpy as np
import streamlit as st

from ui.data_panel import edit_enabled
from ui.data_panel import edit_points
from ui.explain import fmt
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from views.mixtures._common import P


def chart_clicked(data, grid_curve: int, mode: str, points: list[dict]) -> None:
    """Edit mode: add/remove points (shared handler). Otherwise a click on a point selects it."""
    if mode == "edit":
        edit_points(P, data.train, grid_curve, points)
        return
    picked = [p.get("customdata") for p in points if p.get("customdata") is not None]
    if picked:
        st.session_state["gmm.point"] = int(np.atleast_1d(picked[0])[0])


def clickable_stepper(
    key: str, n_steps: int, view: StepView, data=None, mode: str | None = None, shortcuts: bool = True
) -> None:
    """ui.stepper.stepper whose chart takes clicks: edit points, or select the point of the formulas."""
    on_click = None if mode is None else partial(chart_clicked, data, len(view.static.data) - 1, mode)
    caption = None if mode is None else t("data.edit_caption") if mode == "edit" else t("gmm.click_caption")
    stepper(key, n_steps, view, shortcuts=shortcuts, on_click=on_click, click_caption=caption)


def click_mode(data) -> str:
    """Clicks edit the data when the sidebar's edit switch is on (and the set has labels), else they
    select a point."""
    if edit_enabled(P):
        if data.train.y is not None:
            return "edit"
        st.caption(t("gmm.no_edit"))
    return "select"


def em_label(history, s) -> str:
    step = history[s]
    if step.kind == "E":
        return t("gmm.label_e", it=step.iteration, ll=fmt(step.log_likelihood))
    return t("gmm.label_m", it=step.iteration, ll=fmt(step.log_likelihood), J=fmt(step.lower_bound))
