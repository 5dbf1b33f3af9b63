"""The common frame every page draws first: language, projector mode and the data panel."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

from ui import classroom
from ui.controls import bound
from ui.controls import choice
from ui.controls import drop_unusable_link_values
from ui.data_panel import DataRequest
from ui.data_panel import LoadedData
from ui.data_panel import data_panel
from ui.exports import export_panel
from ui.i18n import LANGUAGE_KEY
from ui.i18n import LANGUAGES
from ui.i18n import t
from ui.shown import explanations_hidden
from ui.theme import PAGE_CSS
from ui.theme import PROJECTOR_CSS
from ui.theme import Style
from ui.theme import style_for

PROJECTOR_KEY = "projector"


@dataclass(frozen=True)
class PageContext:
    """What a page needs from the frame."""

    projector: bool
    style: Style
    data: LoadedData | None


def page_frame(page: str, data: DataRequest | None = None) -> PageContext:
    """Draw the shared sidebar and the page title; return the display mode and the data.

    ``page`` is the page's catalogue prefix: its title is ``{page}.title`` and intro ``{page}.intro``.
    """
    _leave_legacy_pages_mode()
    drop_unusable_link_values()
    with st.sidebar:
        choice(t("frame.language"), list(LANGUAGES), LANGUAGE_KEY, LANGUAGES.get, horizontal=True)
        projector = st.toggle(t("frame.projector"), help=t("frame.projector_help"), **bound(PROJECTOR_KEY))
        classroom.begin(page)
    st.html(PAGE_CSS + PROJECTOR_CSS if projector else PAGE_CSS)
    loaded = data_panel(page, data) if data is not None else None
    export_panel(page, loaded.train if loaded else None)
    st.title(t(f"{page}.title"))
    if not projector and not explanations_hidden():
        st.caption(t(f"{page}.intro"))
    classroom.place_panel()
    return PageContext(projector=projector, style=style_for(projector), data=loaded)


def _leave_legacy_pages_mode() -> None:
    """Run through app.py's navigation even in the server's very first session.

    Until some session has executed ``st.navigation``, Streamlit treats an app with a ``pages/``
    folder as a legacy multipage app and runs a deep-linked page file directly (legacy sidebar,
    no wide layout). The pages' URL paths equal their file stems, so the same page is found again
    when the rerun goes through app.py.
    """
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


def columns_or_stacked(projector: bool, spec, **columns):
    """Columns, or in projector mode (large text, narrow columns) the same blocks one under the other."""
    count = spec if isinstance(spec, int) else len(spec)
    if projector:
        return [st.container() for _ in range(count)]
    return st.columns(spec, **columns)
