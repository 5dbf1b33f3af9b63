"""Explanations beside a figure: the formula with today's numbers, the code, the metrics."""

from __future__ import annotations

import functools
import inspect
import json
import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import streamlit as st

from ui.components import FORMULAS
from ui.components import katex_module
from ui.components import mounted
from ui.exports import formula_download
from ui.exports import next_formula_panel
from ui.i18n import t
from ui.shown import explanations_hidden
from ui.shown import record


@dataclass(frozen=True)
class Formula:
    """A formula in LaTeX (the current numbers already substituted) and the seed section it cites."""

    latex: str
    source: str
    note: str = ""


def number(value: float, digits: int = 4, keep_zeros: bool = False) -> str:
    """A number for LaTeX: 4 significant digits (trailing zeros kept if asked), 10^k for exponents."""
    if value is None or not np.isfinite(value):
        return r"\text{—}"
    text = f"{value:#.{digits}g}" if keep_zeros else f"{value:.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        return rf"{mantissa}\times10^{{{int(exponent)}}}"
    return text


def number_no_minus_zero(value: float, digits: int = 4) -> str:
    """:func:`number` with −0 (e.g. an entropy −1·log₂1) written 0."""
    return number(float(value) + 0.0, digits)


def vector(values, digits: int = 3, max_items: int = 6) -> str:
    """A short LaTeX row vector; long vectors are elided in the middle."""
    values = np.asarray(values, dtype=float).ravel()
    items = [number(v, digits) for v in values]
    if len(items) > max_items:
        items = items[: max_items // 2] + [r"\dots"] + items[-(max_items // 2) :]
    return r"(" + r",\ ".join(items) + r")^\top"


def matrix(M, digits: int = 3) -> str:
    """A LaTeX matrix (pmatrix), every entry with ``digits`` significant digits."""
    rows = [r" & ".join(number(float(v), digits) for v in row) for row in np.atleast_2d(M)]
    return r"\begin{pmatrix}" + r" \\ ".join(rows) + r"\end{pmatrix}"


def column(values, digits: int = 3) -> str:
    """A LaTeX column vector."""
    return matrix(np.asarray(values, float).reshape(-1, 1), digits)


def vector_text(values, digits: int = 4) -> str:
    """A short vector for a metric tile: "(0.5, -1.23, 2)"."""
    return "(" + ", ".join(f"{v:.{digits}g}" for v in np.asarray(values, float).ravel()) + ")"


def simple_fraction(value: float) -> Fraction | None:
    """The value as a fraction with a small denominator, if it is one (Li Hang prints 1/4, 5/2, 2/13)."""
    frac = Fraction(float(value)).limit_denominator(60)
    return frac if abs(float(frac) - value) < 1e-9 * max(1.0, abs(value)) else None


def reads_as_decimal(frac: Fraction) -> bool:
    """Tenths and fifths read better as decimals (−0.8, [−0.4, −0.2]); halves and quarters not."""
    return frac.denominator % 5 == 0


def nice_number(value: float, digits: int = 4) -> str:
    """A number for LaTeX; a simple fraction as one (Li Hang's 1/4, 5/2), tenths as decimals, +∞ as ∞."""
    if value is None or not np.isfinite(value):
        return r"\infty" if value is not None and value > 0 else number(value, digits)
    frac = simple_fraction(value)
    if frac is not None and frac.denominator > 1 and not reads_as_decimal(frac):
        sign = "-" if frac < 0 else ""
        return rf"{sign}\tfrac{{{abs(frac.numerator)}}}{{{frac.denominator}}}"
    if abs(value - round(value)) < 1e-9 * max(1.0, abs(value)):
        return str(int(round(value)))
    return number(value, digits)


def nice_text(value: float, digits: int = 4) -> str:
    """:func:`nice_number` for a metric tile or plain text: "1/4", "-2", "0.3721", "∞"."""
    if value is None or not np.isfinite(value):
        return "∞" if value is not None and value > 0 else "—"
    frac = simple_fraction(value)
    if frac is not None and not reads_as_decimal(frac):
        return str(frac)
    return f"{value:.{digits}g}"


def nice_vector_text(values, digits: int = 4) -> str:
    """A vector in plain text, each entry by :func:`nice_text`: "(1/2, -2, 0.3721)"."""
    return "(" + ", ".join(nice_text(float(v), digits) for v in values) + ")"


def latex_list(values, digits: int = 3, max_items: int = 8) -> str:
    """Items for a formula, comma-separated: floats rounded, anything else as is; long lists end in …"""
    items = [number(v, digits) if isinstance(v, float) else str(v) for v in values[:max_items]]
    return r",\ ".join(items + ([r"\dots"] if len(values) > max_items else []))


def book_fraction(text: str) -> str:
    """An unreduced fraction as a book prints it ("9/15") in LaTeX: \\dfrac{9}{15}."""
    numerator, denominator = text.split("/")
    return rf"\dfrac{{{numerator}}}{{{denominator}}}"


def exact_fraction(value: Fraction) -> str:
    """An exact value in LaTeX: an integer, a fraction, or (huge denominators) a decimal."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator > 10**6:
        return number(float(value))
    return rf"\frac{{{value.numerator}}}{{{value.denominator}}}"


def approx_fraction(value: Fraction, digits: int) -> str:
    """ " ≈ 0.0610" with trailing zeros kept (as books print), or nothing for an exact integer."""
    if value.denominator == 1:
        return ""
    return rf" \approx {number(float(value), digits, keep_zeros=True)}"


def superscript(n: int) -> str:
    """A whole number as Unicode superscript digits, for plain text: 5¹⁰."""
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def subscript(n: int) -> str:
    """A whole number as Unicode subscript digits, for plain text: V₁₀."""
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def formula_panel(formulas: list[Formula], projector: bool) -> None:
    """The key formulas of the current view, bound to the current numbers, with their sources: one
    formula component (:mod:`ui.components`), which typesets again only the formulas that changed."""
    if explanations_hidden():  # a lesson step hides them
        return
    n = next_formula_panel()
    with st.expander(t("explain.formula"), expanded=not projector, icon=":material/function:"):
        sources = [f"{t('explain.source', source=f.source)} {f.note}".strip() for f in formulas]
        katex = katex_module()
        if katex is None:  # a Streamlit without its KaTeX chunk: one st.latex per formula
            for formula, source in zip(formulas, sources, strict=True):
                st.latex(formula.latex)
                st.caption(source)
        elif formulas:
            rows = [[formula.latex, source] for formula, source in zip(formulas, sources, strict=True)]
            data = json.dumps({"katex": katex, "formulas": rows}).encode()
            mounted(FORMULAS)(key=f"formulas{n}", data=data)
        formula_download(formulas, n)


@functools.cache
def source_of(obj) -> tuple[str, str]:
    """Qualified name and source text (parsing a module for a class is slow: do it once)."""
    module = inspect.getmodule(obj)
    name = f"{module.__name__}.{obj.__qualname__}" if module else obj.__qualname__
    return name, inspect.getsource(obj)


def code_view(*objects, projector: bool) -> None:
    """The exact source of the algorithm(s) that produced the figure, written only while its expander
    is open (opening or closing it reruns the view). A closed one was sent and drawn again on every
    rerun all the same: the highlighted source of GaussianMixture is ~3 800 DOM nodes (issue 18)."""
    if explanations_hidden():
        return
    panel = st.expander(t("explain.code"), icon=":material/code:", key="explain.code", on_change="rerun")
    if not panel.open:
        return
    with panel:
        for obj in objects:
            name, source = source_of(obj)
            st.caption(f"`{name}`")
            st.code(source, language="python", line_numbers=not projector)


def metrics_row(metrics: list[tuple[str, str]]) -> None:
    """A row of headline numbers, e.g. training and test error, objective, iterations."""
    record("metrics", metrics)
    for col, (label, value) in zip(st.columns(len(metrics)), metrics, strict=True):
        col.metric(label, value)


def metric_rows(metrics: list[tuple[str, str]], projector: bool, per_row: int = 3) -> None:
    """metrics_row, ``per_row`` to a row in projector mode (large numbers need the width)."""
    step = per_row if projector else len(metrics)
    for start in range(0, len(metrics), step):
        metrics_row(metrics[start : start + step])


def fmt(value: float | None, digits: int = 4) -> str:
    """A number for a metric tile."""
    if value is None or not np.isfinite(value):
        return "—"
    return f"{value:.{digits}g}"


def percent(share: float | None) -> str:
    """A share for a metric tile: "96.5 %" (— when unknown)."""
    return "—" if share is None else f"{100 * share:.1f} %"


def percent_pair(first: float, second: float | None) -> str:
    """Two shares in one tile, e.g. training and test accuracy: "96.5 / 94.0 %"."""
    return f"{100 * first:.1f} / {'—' if second is None else f'{100 * second:.1f}'} %"


def counts_text(counts) -> str:
    """Class counts as a list: whole counts bare, weighted (fractional) ones to 2 decimals: "[3, 2.50]"."""
    return "[" + ", ".join(f"{c:g}" if float(c).is_integer() else f"{c:.2f}" for c in counts) + "]"


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
    ("×", r"$\times$"),  # KaTeX has no text-mode ×: math inside the text
)


def latex_text(text) -> str:
    """Any text (a catalogue string, a CSV class name) as literal words inside a KaTeX formula."""
    out = str(text)
    for char, replacement in LATEX_SPECIALS:
        out = out.replace(char, replacement)
    return rf"\text{{{out}}}"


def latex_label(text) -> str:
    """A label inside a formula (a class name, a category): a number as math, anything else as text."""
    out = str(text)
    return out if re.fullmatch(r"-?\d+(\.\d+)?", out) else latex_text(out)


def latex_words(key: str, **values) -> str:
    """Catalogue text for ``key`` as words inside a formula, in the reader's language."""
    return latex_text(t(key, **values))


def markdown_literal(text) -> str:
    """Text shown literally in Markdown (a CSV header such as **bold** stays as typed)."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~$])", r"\\\1", str(text))
