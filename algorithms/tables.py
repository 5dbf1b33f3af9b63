"""The textbooks' own tables with text categories: text columns as category codes, and the printed
tables shipped as CSV files in ``assets/data``.

A column is *text* when some non-empty cell is not a number; its levels are its distinct values in
order of first appearance (for Li Hang's Table 5.1: 青年, 中年, 老年), and a cell becomes the
level's index 0..k−1 (a float code, as the coded tables of :mod:`algorithms.datasets`). An empty
cell is a missing value (NaN; seed 003 §4.5). Number columns stay numbers.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import numpy as np

from algorithms._base import FloatArray

__all__ = ["MAX_LEVELS", "encode_categories", "book_table"]

MAX_LEVELS = 50  # a text column with more distinct values is not a category (names, ids, free text)
DATA_DIR = Path(__file__).resolve().parent.parent / "assets" / "data"


def _number(cell) -> float | None:
    """The cell as a finite number, NaN when empty, None when it is text."""
    if cell is None or (isinstance(cell, str) and not cell.strip()):
        return np.nan
    try:
        value = float(cell)
    except (TypeError, ValueError):
        return None
    return value if np.isfinite(value) or np.isnan(value) else None


def _as_cells(X) -> np.ndarray:
    cells = np.asarray(X, dtype=object)
    if cells.ndim == 1:
        cells = cells[:, None]
    if cells.ndim != 2:
        raise ValueError(f"X must be a table of shape (n_samples, n_features); got {cells.ndim} dimensions.")
    return cells


def encode_categories(X, levels=None, max_levels: int = MAX_LEVELS):
    """``(codes, levels)``: a table whose text columns are replaced by level codes.

    ``levels[j]`` is the tuple of level names of column j (None for a number column). Pass the
    ``levels`` of a fitted table to code new rows the same way: a value it has never seen is a
    ValueError naming it. A text column with more than ``max_levels`` distinct values is refused.
    """
    cells = _as_cells(X)
    if levels is not None and len(levels) != cells.shape[1]:
        raise ValueError(f"X has {cells.shape[1]} columns, but the table was coded with {len(levels)}.")
    codes = np.empty(cells.shape, dtype=float)
    found = []
    for j, column in enumerate(cells.T):
        numbers = [_number(cell) for cell in column]
        known = None if levels is None else levels[j]
        if known is None and (levels is not None or all(v is not None for v in numbers)):
            if any(v is None for v in numbers):
                raise ValueError(f"Column {j + 1} held numbers when the model was fitted; it now has text "
                                 f"such as {str(column[[v is None for v in numbers]][0])!r}.")
            codes[:, j] = numbers
            found.append(None)
            continue
        text = [None if isinstance(v, float) and np.isnan(v) else str(cell).strip()
                for cell, v in zip(column, numbers, strict=True)]
        names = tuple(dict.fromkeys(v for v in text if v is not None)) if known is None else tuple(known)
        if len(names) > max_levels:
            raise ValueError(f"Column {j + 1} has {len(names)} different text values (at most {max_levels} "
                             "categories): it looks like names or free text, not a categorical feature.")
        index = {name: k for k, name in enumerate(names)}
        unknown = sorted({v for v in text if v is not None and v not in index})
        if unknown:
            raise ValueError(f"Column {j + 1} has the value {unknown[0]!r}, which the model never saw; "
                             f"known values are {list(names)}.")
        codes[:, j] = [np.nan if v is None else index[v] for v in text]
        found.append(names)
    return codes, tuple(found)


@cache
def book_table(file: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """``(header, rows)`` of a printed table in ``assets/data`` (UTF-8 CSV), every cell as text."""
    with open(DATA_DIR / file, encoding="utf-8", newline="") as handle:
        header, *rows = csv.reader(handle)
    return tuple(header), tuple(tuple(row) for row in rows)


def book_table_codes(file: str, drop_first: bool = True) -> tuple[FloatArray, np.ndarray, tuple, tuple, str]:
    """``(X, y, feature_names, levels, target_name)`` of a printed table: the last column is the
    class, the others the features (the first, a row number, dropped when ``drop_first``)."""
    header, rows = book_table(file)
    start = 1 if drop_first else 0
    cells = np.array(rows, dtype=object)
    X, levels = encode_categories(cells[:, start:-1])
    return X, cells[:, -1].astype(str), header[start:-1], levels, header[-1]
