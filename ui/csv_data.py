"""Reading a user's CSV file into a data set, with a clear refusal for anything unusable.

Pure functions (no Streamlit): every refusal is a :class:`CsvError` carrying a catalogue key and
values, so the page can show it in the user's language.
"""

from __future__ import annotations

import csv
import io

import numpy as np
import pandas as pd

from algorithms import PCA
from algorithms.datasets import Dataset
from algorithms.tables import MAX_LEVELS
from algorithms.tables import encode_categories
from ui.i18n import Refusal

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 20_000
MAX_COLUMNS = 200
MIN_ROWS = 5
MAX_CLASSES = 10
DELIMITERS = ",;\t|"


class CsvError(Refusal):
    """A file or column choice we cannot use; ``key`` names the message in the catalogue."""


def decode(data: bytes) -> str:
    """Text of the file: UTF-8 (with or without BOM), else GB18030 (covers GBK)."""
    if not data.strip():
        raise CsvError("csv.empty")
    if len(data) > MAX_BYTES:
        raise CsvError("csv.too_big", mb=MAX_BYTES // (1024 * 1024))
    if b"\x00" in data[:65536]:
        raise CsvError("csv.binary")
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        printable = sum(ch.isprintable() or ch in "\r\n\t" for ch in text[:65536])
        if printable < 0.95 * min(len(text), 65536):
            raise CsvError("csv.binary")
        return text
    raise CsvError("csv.encoding")


def sniff_delimiter(text: str) -> str:
    sample = "\n".join(text.splitlines()[:50])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        return ","


def read_table(data: bytes) -> pd.DataFrame:
    """Parse the bytes of a CSV file into a table with unique column names."""
    text = decode(data)
    delimiter = sniff_delimiter(text)
    header = next(csv.reader(io.StringIO(text), delimiter=delimiter), [])
    names = [name.strip() for name in header]
    if len(names) > MAX_COLUMNS:
        raise CsvError("csv.too_many_columns", max=MAX_COLUMNS, found=len(names))
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise CsvError("csv.duplicate_columns", names=", ".join(duplicates))
    if any(not name for name in names):
        raise CsvError("csv.blank_header")
    try:
        table = pd.read_csv(
            io.StringIO(text),
            sep=delimiter,
            nrows=MAX_ROWS + 1,
            dtype=str,
            keep_default_na=False,
            skipinitialspace=True,
            engine="python",
        )
    except (pd.errors.ParserError, ValueError, csv.Error) as err:
        raise CsvError("csv.unreadable", detail=str(err).splitlines()[0][:120]) from None
    table.columns = names[: len(table.columns)] if len(table.columns) <= len(names) else table.columns
    if len(table) > MAX_ROWS:
        raise CsvError("csv.too_many_rows", max=MAX_ROWS)
    if len(table) == 0:
        raise CsvError("csv.no_rows")
    if table.shape[1] < 2:
        raise CsvError("csv.too_few_columns")
    return table


def to_number(column: pd.Series) -> pd.Series:
    """Numbers of a text column (thousands separators allowed); NaN where a cell is not a number."""
    cleaned = column.str.strip().str.replace(r"(?<=\d),(?=\d{3}\b)", "", regex=True)
    values = pd.to_numeric(cleaned, errors="coerce")
    return values.where(np.isfinite(values))


def numeric_columns(table: pd.DataFrame) -> list[str]:
    """Columns in which most (over half) of the non-empty cells are numbers."""
    result = []
    for name in table.columns:
        filled = table[name].str.strip() != ""
        if filled.sum() and to_number(table[name])[filled].notna().mean() > 0.5:
            result.append(name)
    return result


def row_numbers(table: pd.DataFrame) -> list[str]:
    """Columns that only number the rows 1..n (or 0..n−1), like the printed tables' ID column."""
    n = len(table)
    return [name for name in table.columns
            if to_number(table[name]).tolist() in (list(range(1, n + 1)), list(range(n)))]


def _text_codes(table: pd.DataFrame, text: list[str]) -> tuple[pd.DataFrame, dict]:
    """Level codes of the text columns (NaN where a cell is empty) and their level names."""
    for name in text:
        found = table[name].str.strip().replace("", np.nan).nunique()
        if found > MAX_LEVELS:
            raise CsvError("csv.too_many_levels", name=name, found=found, max=MAX_LEVELS)
    codes, levels = encode_categories(table[text].to_numpy(dtype=object))
    return pd.DataFrame(codes, columns=text, index=table.index), dict(zip(text, levels, strict=True))


def build_dataset(
    table: pd.DataFrame,
    features: list[str],
    target: str,
    task: str,
    project: bool = False,
    n_features: int | None = 2,
    categorical: bool = False,
) -> tuple[Dataset, int]:
    """A :class:`Dataset` from chosen columns, and how many incomplete rows were dropped.

    ``project=True`` replaces the features by their first ``n_features`` principal components
    (PCA, CS229 Part XI / Sugiyama §13.2). ``categorical=True``: text columns are categorical
    features (level codes, their names in ``categories``); ``n_features=None``: any number of them.
    """
    if not features:
        raise CsvError("csv.no_features")
    if target in features:
        raise CsvError("csv.target_is_feature")
    text = [name for name in features if name not in numeric_columns(table[features])] if categorical else []
    codes, levels = _text_codes(table, text) if text else (None, {})
    X = pd.DataFrame({name: codes[name] if name in levels else to_number(table[name]) for name in features})
    bad_columns = [name for name in features if X[name].isna().all()]
    if bad_columns:
        raise CsvError("csv.not_numeric", names=", ".join(bad_columns))
    if task == "regression":
        y = to_number(table[target])
    else:
        y = table[target].str.strip().replace("", np.nan)
    keep = X.notna().all(axis=1) & y.notna()
    dropped = int((~keep).sum())
    X, y = X[keep].to_numpy(dtype=float), y[keep].to_numpy()
    if len(X) < MIN_ROWS:
        raise CsvError("csv.too_few_rows", min=MIN_ROWS, found=len(X))
    if task == "classification":
        y = _labels(y)
    names = tuple(features)
    if project:
        if X.shape[1] < n_features:
            raise CsvError("csv.feature_count", n=n_features)
        X = PCA(n_components=n_features).fit_transform(X)
        names = tuple(f"PC{i + 1}" for i in range(n_features))
    elif n_features is not None and X.shape[1] != n_features:
        raise CsvError("csv.feature_count", n=n_features)
    categories = tuple(levels.get(name) for name in features) if levels else None
    return Dataset(
        X=X, y=y, feature_names=names, target_name=target, task=task, source="csv", name="csv",
        categories=categories,
    ), dropped


def _labels(y: np.ndarray) -> np.ndarray:
    """Class labels: numbers when every label is a number, else the text itself."""
    classes = np.unique(y.astype(str))
    if len(classes) < 2:
        raise CsvError("csv.one_class")
    if len(classes) > MAX_CLASSES:
        raise CsvError("csv.too_many_classes", max=MAX_CLASSES, found=len(classes))
    numbers = pd.to_numeric(pd.Series(y), errors="coerce")
    return numbers.to_numpy() if numbers.notna().all() else y.astype(str)
