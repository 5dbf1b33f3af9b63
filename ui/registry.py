"""The pages of the explorer, grouped by section (navigation and home-page cards read this)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from ui.i18n import t

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = ("regression", "classification", "trees", "unsupervised", "advanced")


@dataclass(frozen=True)
class PageInfo:
    """One page: catalogue prefix, file under ``pages/``, section, icon and stable URL path."""

    key: str
    file: str
    section: str
    icon: str
    url_path: str

    @property
    def path(self) -> Path:
        return ROOT / "pages" / self.file

    @property
    def thumbnail(self) -> Path:
        return ROOT / "assets" / "thumbnails" / f"{self.url_path}.png"


HOME = PageInfo("home", "home.py", "", ":material/home:", "home")
PAGES = (
    PageInfo("ls", "least_squares.py", "regression", ":material/show_chart:", "least_squares"),
)


def streamlit_page(page: PageInfo) -> st.Page:
    """The ``st.Page`` for navigation and links (title in the current language)."""
    if page is HOME:
        return st.Page(page.path, title=t("home.nav"), icon=page.icon, default=True)
    return st.Page(page.path, title=t(f"{page.key}.nav"), icon=page.icon, url_path=page.url_path)
