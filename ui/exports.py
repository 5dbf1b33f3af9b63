"""Exports on every page: the data as CSV, the settings as JSON (and loading them back), each figure
as PNG or SVG (Plotly's own export in the browser: the camera button of the chart's toolbar) and the
formula panel as a LaTeX file with the current numbers.

The file contents are pure functions; a settings file that does not fit (another page, another
version, not JSON, values no control takes) is refused with a :class:`SettingsError` naming its
catalogue message, and nothing changes.
"""

from __future__ import annotations

import csv
import io
import json
import math
from functools import partial

import numpy as np
import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from algorithms.datasets import Dataset
from ui.controls import DOMAINS_KEY
from ui.i18n import Refusal
from ui.i18n import t

APP = "ML Explorer"
SETTINGS_VERSION = 1
SETTINGS_MAX_BYTES = 100_000
SVG_KEY = "export.svg"  # the camera button of every chart saves SVG instead of PNG
LOADED_KEY = "_settings_loaded"  # (page, catalogue key, values) of the last settings file's message
PANELS_KEY = "_formula_panels"  # formula panels drawn so far in this run (each download needs its own key)


class SettingsError(Refusal):
    """A settings file we cannot use; ``key`` names the message in the catalogue."""


# ---- file contents (pure) ----------------------------------------------------------------------


def data_csv(data: Dataset) -> str:
    """The data set as a CSV table: one column per feature (level names for categorical ones, an
    empty cell for a missing value), then the target; the header is the data's own column names."""
    cats = data.categories or (None,) * data.X.shape[1]
    columns = [
        ["" if np.isnan(v) else names[int(v)] if names is not None else f"{v:.10g}" for v in column]
        for names, column in zip(cats, np.asarray(data.X).T, strict=True)
    ]
    header = list(data.feature_names)
    if data.y is not None:
        columns.append([f"{v:.10g}" if isinstance(v, (float, np.floating)) else str(v) for v in data.y])
        header.append(data.target_name)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(zip(*columns, strict=True))
    return out.getvalue()


def settings_json(page: str, values: dict) -> str:
    """The page's settings as a JSON document: app, page, version and the control values."""
    return json.dumps({"app": APP, "page": page, "version": SETTINGS_VERSION, "settings": values},
                      ensure_ascii=False, indent=1, sort_keys=True)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _taken(value, current, domain) -> list:
    """``[v]``: the value the control takes for ``value`` (from JSON), or ``[]`` if it takes none;
    ``current`` is the control's present value."""
    if isinstance(current, bool) or domain is None:
        return [value] if isinstance(current, bool) and isinstance(value, bool) else []
    if domain[0] == "options":
        same = [o for o in domain[1:] if (_number(o) and _number(value) and o == value) or (
            isinstance(o, str) and o == value)]
        return same[:1]
    whole = isinstance(value, int) or not isinstance(current, (int, np.integer))
    return [value] if _number(value) and whole and domain[1] <= value <= domain[2] else []


def parse_settings(data: bytes, page: str, domains: dict, current: dict) -> dict:
    """The values of a settings file that this page's controls take, checked one by one.

    ``domains``: key → what its control takes (see :func:`ui.controls.domain`); ``current``: the
    present values. Raises :class:`SettingsError` for anything else; a value some control does not
    take refuses the whole file, so a file applies completely or not at all.
    """
    if len(data) > SETTINGS_MAX_BYTES:
        raise SettingsError("export.settings_too_big")
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise SettingsError("export.settings_not_json") from None
    if not isinstance(doc, dict) or doc.get("app") != APP or not isinstance(doc.get("settings"), dict):
        raise SettingsError("export.settings_not_ours")
    if doc.get("page") != page:
        raise SettingsError("export.settings_other_page", page=str(doc.get("page"))[:40])
    if doc.get("version") != SETTINGS_VERSION:
        raise SettingsError("export.settings_version", found=str(doc.get("version"))[:20],
                            version=SETTINGS_VERSION)
    settings = doc["settings"]
    unknown = [k for k in settings if not k.startswith(f"{page}.") or k not in domains or k not in current]
    taken = {k: _taken(v, current[k], domains[k]) for k, v in settings.items() if k not in unknown}
    bad = sorted(k for k, v in taken.items() if not v)
    if bad:
        raise SettingsError("export.settings_bad_value", keys=", ".join(bad)[:200])
    return {k: v[0] for k, v in taken.items()}


def page_settings(page: str, domains: dict, state) -> dict:
    """The present values of the page's controls that a settings file can set again (those this
    session has drawn)."""
    return {k: state[k] for k in sorted(domains) if k.startswith(f"{page}.") and k in state
            and _taken(state[k], state[k], domains[k])}


def formulas_latex(formulas, title: str) -> str:
    """A LaTeX document with the formulas as shown (their current numbers) and their sources."""
    body = "\n".join(f"% {f.source}\n\\[\n{f.latex}\n\\]\n" for f in formulas)
    return (f"% {APP}: {title}\n% Compile with xelatex or lualatex (Unicode).\n"
            "\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n\\begin{document}\n\n"
            f"{body}\n\\end{{document}}\n")


def image_options(key: str) -> dict:
    """Plotly config for a chart's camera button: the chosen format, the chart's key as file name."""
    fmt = "svg" if st.session_state.get(SVG_KEY) is True else "png"
    return {"toImageButtonOptions": {"format": fmt, "filename": key.replace(".", "-"), "scale": 2}}


# ---- Streamlit ----------------------------------------------------------------------------------


def number_formula_panels_anew() -> None:
    """Formula panels are numbered from 1 in each run of the view (their downloads' keys)."""
    st.session_state[PANELS_KEY] = 0


def export_panel(page: str, data: Dataset | None) -> None:
    """The sidebar's export block (the frame draws it on every page)."""
    with st.sidebar.expander(t("export.heading"), icon=":material/download:"):
        if data is not None:
            st.download_button(t("export.data"), partial(data_csv, data), f"{page}-data.csv", "text/csv",
                               key="export.data", on_click="ignore", icon=":material/table:")
        session = get_script_run_ctx().session_state  # read when clicked: the whole run's controls
        st.download_button(t("export.settings"), partial(_settings_file, page, session),
                           f"{page}-settings.json", "application/json",
                           key="export.settings", on_click="ignore", icon=":material/tune:")
        st.file_uploader(t("export.load"), type=["json"], key="export.settings_file",
                         on_change=_load_settings, args=(page,), help=t("export.load_help"))
        loaded_on, key, values = st.session_state.get(LOADED_KEY) or (None, None, None)
        if loaded_on == page:  # a message of this page's loader only
            show = st.success if key == "export.loaded" else st.error
            show(t(key, **values), icon=":material/check:" if show is st.success else ":material/error:")
        st.toggle(t("export.svg"), key=SVG_KEY, help=t("export.svg_help"))  # a toggle: not a view mode


def _settings_file(page: str, state) -> str:
    domains = state[DOMAINS_KEY] if DOMAINS_KEY in state else {}
    return settings_json(page, page_settings(page, domains, state))


def _load_settings(page: str) -> None:
    """On upload: apply a settings file of this page, or say why not and change nothing."""
    upload = st.session_state.get("export.settings_file")
    st.session_state[LOADED_KEY] = None
    if upload is None:
        return
    domains = st.session_state.get(DOMAINS_KEY, {})
    try:
        values = parse_settings(upload.getvalue(), page, domains, st.session_state)
    except SettingsError as err:
        st.session_state[LOADED_KEY] = (page, err.key, err.values)
        return
    for key, value in values.items():
        st.session_state[key] = value
    st.session_state[LOADED_KEY] = (page, "export.loaded", {"n": len(values)})


def next_formula_panel() -> int:
    """The number of a formula panel about to be drawn in this run of the view (1, 2, …): the keys of
    its elements."""
    n = st.session_state[PANELS_KEY] = st.session_state.get(PANELS_KEY, 0) + 1
    return n


def formula_download(formulas, n: int) -> None:
    """The download of formula panel ``n``: its formulas as a LaTeX file, written when clicked (a file
    made on every rerun was stored on the server and fetched by the browser each time)."""
    if formulas:
        title = t("export.latex_title")
        st.download_button(t("export.latex"), lambda: formulas_latex(formulas, title),
                           "formulas.tex", "application/x-tex", key=f"export.latex{n}", on_click="ignore",
                           icon=":material/download:")
