"""Widget conventions: every control is keyed, mirrored in the URL and kept across page switches."""

from __future__ import annotations

import re
from typing import Any
from typing import Callable

import numpy as np
import streamlit as st
from streamlit.errors import StreamlitAPIException

from ui.i18n import current_language
from ui.i18n import t
from ui.i18n import text_in
from ui.shown import record

LINK_VALUE_MAX = 400  # characters: over twice the longest value a control writes (10 k-means centres)
LONG_LINK_VALUE_MAX = 3000  # characters of an A/B or lesson value (ui.classroom checks them itself)
LONG_LINK_KEYS = (".ab", ".lesson")
LINK_NUMBER_MAX = 1e9  # no control takes a number of this size
NOTICE_KEY = "_link_dropped"  # keys removed from the link, for the notice after the rerun
UNBOUND_KEY = "_link_unbound"  # keys whose widgets must not read the URL in this run
DOMAINS_KEY = "_control_domains"  # key → the values its control takes (settings files are checked against it)
KEY_SHAPE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+){0,3}$")  # how this app's URL keys look


def usable_in_link(value: str, long: bool = False) -> bool:
    """Whether some control could take ``value`` from a URL: not overlong, and a finite, moderate number
    if it reads as one (Streamlit stops the page on ``?seed=inf`` while seeding an integer input).
    ``long``: a classroom link value (``LONG_LINK_KEYS``), which may be longer."""
    if len(value) > (LONG_LINK_VALUE_MAX if long else LINK_VALUE_MAX):
        return False
    try:
        number = float(value)
    except ValueError:
        return True
    return abs(number) <= LINK_NUMBER_MAX  # False for NaN too


def drop_unusable_link_values() -> None:
    """Before any control reads the URL: drop the values no control can take, and say so in a toast.

    The frame calls this first on every page. Streamlit seeds bound widgets from the URL the run
    started with, so a cleaned link takes a rerun. Anything else wrong in a value (text for a number,
    an unknown option, out of range) each widget rejects itself, falling back to its default.
    """
    unusable = [
        key
        for key in st.query_params
        if not all(
            usable_in_link(value, key.endswith(LONG_LINK_KEYS)) for value in st.query_params.get_all(key)
        )
    ]
    removed = [key for key in unusable if _remove_from_link(key)]
    if removed:
        st.session_state[NOTICE_KEY] = removed
        st.rerun()
    st.session_state[UNBOUND_KEY] = unusable  # bound already, so kept in the link: see bound()
    noticed = sorted({*st.session_state.pop(NOTICE_KEY, ()), *unusable})
    if noticed:
        named = [f"`{key}`" for key in noticed if KEY_SHAPE.match(key)]  # never echo markup
        st.toast(t("frame.link_dropped", keys=", ".join(named) or "…"), icon=":material/link_off:")


def _remove_from_link(key: str) -> bool:
    """Remove ``key`` from the URL unless a widget of this session is bound to it already."""
    try:
        del st.query_params[key]
    except StreamlitAPIException:  # bound in an earlier run: only a history navigation brings it back
        return False
    return True


def domain(key: str, values: tuple | None = None) -> None:
    """Record which values the control ``key`` takes: ``("range", lo, hi)``, ``("options", …)`` or
    None (a bound widget of no declared domain: only a toggle's True/False is loaded back)."""
    st.session_state.setdefault(DOMAINS_KEY, {})[key] = values


def bound(key: str) -> dict[str, Any]:
    """Keyword arguments that make a widget shareable: its value lives in the URL as ``key``.

    A widget bound in an earlier run whose key comes back with an unusable value (browser history)
    is unbound for this run: Streamlit would seed it from the URL (its value stays).
    """
    st.session_state.setdefault(DOMAINS_KEY, {}).setdefault(key, None)
    record("controls", key)
    if key in st.session_state.get(UNBOUND_KEY, ()):
        return {"key": key, "persist_state": "session"}
    return {"key": key, "bind": "query-params", "persist_state": "session"}


def slider(label: str, lo, hi, default, key: str, step=None, help: str | None = None):
    """A URL-bound slider whose remembered value is first clamped into [lo, hi].

    Ranges can depend on the data (history length, data range, a data set's n range); a value
    kept from before would otherwise be out of range and stop the page.
    """
    value = st.session_state.get(key)
    if value is not None and not lo <= value <= hi:
        st.session_state[key] = min(max(value, lo), hi)
    domain(key, ("range", lo, hi))
    return st.slider(label, lo, hi, default, step=step, help=help, **bound(key))


def series_125(lo_exp: int, hi_exp: int) -> list[float]:
    """1-2-3-5 values per decade from 10^lo_exp to 10^hi_exp (holds the books' 0.03, 0.3, 0.1, 1e-4)."""
    values = [float(f"{m}e{e}") for e in range(lo_exp, hi_exp) for m in (1, 2, 3, 5)]
    return values + [float(f"1e{hi_exp}")]


def log_slider(
    label: str, key: str, lo_exp: int, hi_exp: int, default: float, help: str | None = None
) -> float:
    """A slider over a logarithmic 1-2-3-5 scale (λ, h, σ, C, learning rates)."""
    return number_slider(label, key, series_125(lo_exp, hi_exp), default, help)


def _equal_option_from_link(key: str, options: list[float]) -> None:
    """A number in the URL written otherwise than its option's label ("4.0" for 4, "0.50" for 0.5):
    Streamlit matches the label's text and would drop it, so on the session's first meeting with the
    control the link is rewritten with the label and the page rerun (a bound widget is seeded from
    the link the run started with)."""
    if key in st.session_state or key not in st.query_params:
        return
    try:
        number = float(st.query_params[key])
    except ValueError:
        return
    labels = [f"{option:g}" for option in options if option == number]
    if labels and labels[0] != st.query_params[key] and _remove_from_link(key):
        st.query_params[key] = labels[0]
        st.rerun()


def number_slider(label: str, key: str, options: list[float], default: float, help: str | None = None):
    """A URL-bound slider over a fixed list of numbers, shown short (0.001, 1e-05, 3)."""
    domain(key, ("options", *options))
    _equal_option_from_link(key, options)
    return st.select_slider(
        label, options=options, value=default, format_func=lambda v: f"{v:g}", help=help, **bound(key)
    )


def choice(
    label: str,
    options: list[str],
    key: str,
    format_func: Callable[[str], str],
    *,
    horizontal: bool = False,
    default: str | None = None,
    on_change: Callable[[], None] | None = None,
) -> str:
    """A select box (or horizontal segmented control) over stable option codes.

    Labels are translated, and ``bind="query-params"`` would put the translated label in the
    URL; so the URL holds the option code instead, synchronised here: read once when the
    session first meets the widget, written back on every run (removed at the default).
    """
    default = options[0] if default is None else default
    domain(key, ("options", *options))
    record("controls", key)
    if key not in st.session_state and st.query_params.get(key) in options:
        st.session_state[key] = st.query_params[key]
    if st.session_state.get(key) not in options:
        st.session_state.pop(key, None)
    if horizontal:
        value = st.segmented_control(
            label,
            options,
            default=default,
            required=True,
            format_func=format_func,
            key=key,
            persist_state="session",
            on_change=on_change,
        )
    else:
        value = st.selectbox(
            label,
            options,
            index=options.index(default),
            format_func=format_func,
            key=key,
            persist_state="session",
            on_change=on_change,
        )
    value = default if value is None else value
    if value == default:
        st.query_params.pop(key, None)
    elif st.query_params.get(key) != value:
        st.query_params[key] = value
    return value


def chosen_before_drawn(key: str, options: list[str]) -> str:
    """The option a :func:`choice` will show, known before it is drawn (from this session or the URL).

    A page whose data panel depends on its view needs the view before the view's control is drawn.
    """
    value = st.session_state.get(key)
    if value not in options and key not in st.session_state:
        value = st.query_params.get(key)
    return value if value in options else options[0]


def catalogue_labels(prefix: str) -> Callable[[str], str]:
    """format_func showing option ``o`` as the catalogue text ``{prefix}.{o}``.

    The language is fixed when the labeller is made, so the labels do not depend on where
    (which thread) Streamlit later calls it.
    """
    lang = current_language()
    return lambda option: text_in(lang, f"{prefix}.{option}")


def set_values(values: dict[str, Any]) -> None:
    """Callback body: put several widgets' values at once (presets, 'use the optimum')."""
    for key, value in values.items():
        st.session_state[key] = value


def preset_picker(
    presets: dict[str, dict[str, Any]], key: str, on_apply: Callable[[], None] | None = None
) -> None:
    """'Reproduce the book': choosing a preset sets every listed widget, then the box resets."""

    def apply():
        name = st.session_state[key]
        if name in presets:
            set_values(presets[name])
            if on_apply:
                on_apply()
        st.session_state[key] = "-"

    labels, none = catalogue_labels("preset"), t("preset.none")
    st.selectbox(
        t("preset.label"),
        ["-", *presets],
        key=key,
        on_change=apply,
        format_func=lambda p: none if p == "-" else labels(p),
        help=t("preset.help"),
    )


def clamp_index(value: int, n: int) -> int:
    return int(np.clip(value, 0, max(n - 1, 0)))
