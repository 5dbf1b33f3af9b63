"""A generated corpus of messy and hostile CSV files: each loads or gets a clear message.

"Clear message" means a :class:`CsvError` whose catalogue key exists in every language; anything
else (a pandas error, a UnicodeDecodeError, a crash) fails. The corpus is built from a fixed seed,
so a failure names a reproducible file.
"""

from __future__ import annotations

import codecs
import random

import numpy as np
import pytest

from ui.csv_data import MAX_ROWS
from ui.csv_data import CsvError
from ui.csv_data import build_dataset
from ui.csv_data import numeric_columns
from ui.csv_data import read_table
from ui.i18n import LANGUAGES
from ui.i18n import catalogue

N_RANDOM = 500


def table_text(rng: random.Random, rows: int, cols: int, delimiter: str = ",", header=None) -> str:
    header = header or [f"col{j}" for j in range(cols)]
    lines = [delimiter.join(header)]
    for _ in range(rows):
        numbers = delimiter.join(f"{rng.gauss(0, 3):.4f}" for _ in range(cols - 1))
        lines.append(numbers + delimiter + rng.choice("ab"))
    return "\n".join(lines) + "\n"


def mutate(rng: random.Random, text: str) -> str:
    """One of the everyday ways a CSV goes wrong."""
    lines = text.splitlines()
    kind = rng.randrange(12)
    if kind == 0:  # empty cells
        lines = [",".join("" if rng.random() < 0.2 else c for c in line.split(",")) for line in lines]
    elif kind == 1:  # text in numeric columns
        lines = [line.replace(line.split(",")[0], rng.choice(["n/a", "?", "abc", "1.2.3"]), 1)
                 if i and rng.random() < 0.3 else line for i, line in enumerate(lines)]
    elif kind == 2:  # NaN and inf
        lines = [line if not i else line.replace(line.split(",")[0], rng.choice(["nan", "inf", "-inf"]), 1)
                 for i, line in enumerate(lines)]
    elif kind == 3:  # ragged rows
        lines = [line + ",extra" if rng.random() < 0.3 else line for line in lines]
    elif kind == 4:  # Windows line endings and trailing blank lines
        return "\r\n".join(lines) + "\r\n\r\n\r\n"
    elif kind == 5:  # quoted cells with embedded delimiters
        lines = [line if not i else f'"{line.split(",")[0]}",' + ",".join(line.split(",")[1:])
                 for i, line in enumerate(lines)]
    elif kind == 6:  # header only
        lines = lines[:1]
    elif kind == 7:  # one row
        lines = lines[:2]
    elif kind == 8:  # very long cells
        lines = [line + "," + "x" * rng.choice([1000, 100_000]) if i else line + ",long"
                 for i, line in enumerate(lines)]
    elif kind == 9:  # unbalanced quotes
        lines = [line.replace(",", ',"', 1) if rng.random() < 0.2 else line for line in lines]
    elif kind == 10:  # only one class
        lines = [lines[0]] + [line.rsplit(",", 1)[0] + ",a" for line in lines[1:]]
    else:  # spaces and a leading comment-like row
        lines = ["# exported"] + [" , ".join(line.split(",")) for line in lines]
    return "\n".join(lines) + "\n"


def encode(rng: random.Random, text: str) -> bytes:
    choice = rng.randrange(5)
    if choice == 0:
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if choice == 1:
        return text.replace("col", "列").encode("gbk")
    if choice == 2:
        return text.encode("utf-16")  # not UTF-8 or GBK: must be refused, not misread
    if choice == 3:
        return text.replace("col", "Spalte_é").encode("latin-1")
    return text.encode("utf-8")


def corpus() -> list[tuple[str, bytes]]:
    rng = random.Random(20261121)
    files = [
        ("empty", b""), ("whitespace", b" \n\t\n"), ("header only", b"a,b,c\n"),
        ("one row", b"a,b,y\n1,2,a\n"), ("binary garbage", bytes(rng.randrange(256) for _ in range(5000))),
        ("png header", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 10),
        ("nul bytes", b"a,b\n1,\x002\n"),
        ("semicolon", table_text(rng, 30, 3, ";").encode()), ("tab", table_text(rng, 30, 3, "\t").encode()),
        ("pipe", table_text(rng, 30, 3, "|").encode()),
        ("thousands", ("x,y,label\n" + "".join(f'"{1000 * i:,}",{i},{"ab"[i % 2]}\n'
                                                for i in range(20))).encode()),
        ("duplicate names", b"a,a,y\n1,2,a\n3,4,b\n"),
        ("blank name", b"a,,y\n1,2,a\n3,4,b\n"),
        ("200 columns", table_text(rng, 10, 200).encode()),
        ("201 columns", table_text(rng, 10, 201).encode()),
        ("too many rows", ("a,b,y\n" + "1,2,a\n" * (MAX_ROWS + 1)).encode()),
        ("a million rows", ("a,b,y\n" + "1,2,a\n" * 1_000_000).encode()),
        ("huge cell", ("a,b,y\n" + "1,2," + "z" * 3_000_000 + "\n").encode()),
        ("markup headers", b"<img src=x onerror=alert(1)>,**bold**,y\n1,2,a\n3,4,b\n5,6,a\n7,8,b\n9,1,a\n"),
        ("chinese gbk", table_text(rng, 20, 3, header=["面积", "卧室", "类别"]).encode("gbk")),
        ("utf8 bom", codecs.BOM_UTF8 + table_text(rng, 20, 3).encode()),
        ("latin-1 accents", "naïve,café,y\n1,2,a\n3,4,b\n5,6,a\n7,8,b\n9,1,a\n".encode("latin-1")),
    ]
    for k in range(N_RANDOM):
        text = table_text(rng, rng.choice([0, 1, 3, 8, 40, 300]), rng.choice([2, 3, 5, 12]))
        for _ in range(rng.randrange(1, 4)):
            text = mutate(rng, text)
        files.append((f"random {k}", encode(rng, text)))
    return files


CORPUS = corpus()
KEYS = set.intersection(*(set(catalogue(lang)) for lang in LANGUAGES))


def test_the_corpus_is_big_enough():
    assert len(CORPUS) >= 500


@pytest.mark.parametrize("name,data", CORPUS, ids=[name for name, _ in CORPUS])
def test_every_file_loads_or_gets_a_translated_message(name, data):
    try:
        table = read_table(data)
    except CsvError as err:
        assert err.key in KEYS, err.key
        return
    numeric = numeric_columns(table)
    target = table.columns[-1]
    features = [c for c in numeric if c != target][:2]
    for task in ("classification", "regression"):
        try:
            dataset, dropped = build_dataset(table, features, target, task, project=len(features) != 2)
        except CsvError as err:
            assert err.key in KEYS, err.key
            continue
        assert np.all(np.isfinite(dataset.X)) and len(dataset.X) + dropped == len(table)
        assert dataset.X.shape[1] == 2
