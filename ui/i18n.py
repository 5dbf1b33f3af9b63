"""The language catalogue: every UI string, in ``assets/i18n/<lang>/*.json``.

Each page has its own file (``ls.json`` holds the ``ls.*`` keys); ``common.json`` holds the
frame's strings. A language's catalogue is the union of its files.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import streamlit as st

CATALOGUE_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
LANGUAGES = {"en": "English", "zh": "中文"}
DEFAULT_LANGUAGE = "en"
LANGUAGE_KEY = "lang"


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """All strings of one language, keyed by dotted names such as ``"ls.title"``."""
    merged: dict[str, str] = {}
    for path in sorted((CATALOGUE_DIR / lang).glob("*.json")):
        with open(path, encoding="utf-8") as f:
            part = json.load(f)
        clash = merged.keys() & part.keys()
        if clash:
            raise ValueError(f"{path.name} repeats catalogue keys: {sorted(clash)[:5]}")
        merged.update(part)
    return merged


def current_language() -> str:
    """The language chosen in the sidebar, else the URL's ``lang``, else English."""
    lang = st.session_state.get(LANGUAGE_KEY) or st.query_params.get(LANGUAGE_KEY)
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def text_in(lang: str, key: str, **values) -> str:
    """The text for ``key`` in ``lang``, with ``{name}`` fields filled from ``values``.

    Falls back to English, then to the key itself (tests check that no key is missing).
    """
    text = catalogue(lang).get(key) or catalogue(DEFAULT_LANGUAGE).get(key, key)
    return text.format(**values) if values else text


def t(key: str, **values) -> str:
    """The text for ``key`` in the current language."""
    return text_in(current_language(), key, **values)


class Refusal(ValueError):
    """Input we cannot use: ``key`` names its message in the catalogue, ``values`` fill it in."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key = key
        self.values = values
