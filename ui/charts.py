"""Showing a Plotly figure: always our own styling (Streamlit's chart theme would override the
projector-mode font sizes) and a slim toolbar."""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from ui.exports import image_options
from ui.shown import record

CONFIG = {"displaylogo": False, "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"]}


def chart(fig: go.Figure, key: str, **kwargs):
    """``st.plotly_chart`` with the app's conventions; extra arguments (on_select, …) pass through."""
    record("figures", fig)
    return st.plotly_chart(fig, key=key, theme=None, config={**CONFIG, **image_options(key)}, **kwargs)
