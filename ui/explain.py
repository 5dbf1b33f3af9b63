"""Explanations beside a figure: the formula with today's numbers, the code, the metrics."""

from __future__ import annotations

import functools
import inspect
import re
from dataclasses import dataclass

import numpy as np
import streamlit as st

from ui.i18n import t


@dataclass(frozen=True)
class Formula:
    """A formula in LaTeX (the current numbers already substituted) and the seed section it cites."""

    latex: str
    source: str
    note: str = ""


def number(value: float, digits: int = 4) -> str:
    """A number for LaTeX: 4 significant digits, scientific notation as 10^k."""
    if value is None or not np.isfinite(value):
        return r"\text{—}"
    text = f"{value:.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        return rf"{mantissa}\times10^{{{int(exponent)}}}"
    return text


def vector(values, digits: int = 3, max_items: int = 6) -> str:
    """A short LaTeX row vector; long vectors are elided in the middle."""
    values = np.asarray(values, dtype=float).ravel()
    items = [number(v, digits) for v in values]
    if len(items) > max_items:
        items = items[: max_items // 2] + [r"\dots"] + items[-(max_items // 2) :]
    return r"(" + r",\ ".join(items) + r")^\top"


def formula_panel(formulas: list[Formula], projector: bool) -> None:
    """The key formulas of the current view, bound to the current numbers, with their sources."""
    with st.expander(t("explain.formula"), expanded=not projector, icon=":material/function:"):
        for formula in formulas:
            st.latex(formula.latex)
            caption = t("explain.source", source=formula.source)
            st.caption(f"{caption} {formula.note}".strip())


@functools.cache
def source_of(obj) -> tuple[str, str]:
    """Qualified name and source text (parsing a module for a class is slow: do it once)."""
    module = inspect.getmodule(obj)
    name = f"{module.__name__}.{obj.__qualname__}" if module else obj.__qualname__
    return name, inspect.getsource(obj)


def code_view(*objects, projector: bool) -> None:
    """The exact source of the algorithm(s) that produced the figure."""
    with st.expander(t("explain.code"), expanded=False, icon=":material/code:"):
        for obj in objects:
            name, source = source_of(obj)
            st.caption(f"`{name}`")
            st.code(source, language="python", line_numbers=not projector)


def metrics_row(metrics: list[tuple[str, str]]) -> None:
    """A row of headline numbers, e.g. training and test error, objective, iterations."""
    for col, (label, value) in zip(st.columns(len(metrics)), metrics, strict=True):
        col.metric(label, value)


def fmt(value: float | None, digits: int = 4) -> str:
    """A number for a metric tile."""
    if value is None or not np.isfinite(value):
        return "—"
    return f"{value:.{digits}g}"


LATEX_SPECIALS = (
    ("\\", r"\backslash "),
    ("{", r"\{"),
    ("}", r"\}"),
    ("$", r"\$"),
    ("&", r"\&"),
    ("#", r"\#"),
    ("^", r"\hat{}"),
    ("_", r"\_"),
    ("%", r"\%"),
    ("~", r"\sim "),
)


def latex_text(text) -> str:
    """Any text (a catalogue string, a CSV class name) as literal words inside a KaTeX formula."""
    out = str(text)
    for char, replacement in LATEX_SPECIALS:
        out = out.replace(char, replacement)
    return rf"\text{{{out}}}"


def latex_words(key: str, **values) -> str:
    """Catalogue text for ``key`` as words inside a formula, in the reader's language."""
    return latex_text(t(key, **values))


def markdown_literal(text) -> str:
    """Text shown literally in Markdown (a CSV header such as **bold** stays as typed)."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~$])", r"\\\1", str(text))
