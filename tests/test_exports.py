"""Exports (ui/exports.py): the data as CSV, the settings as JSON and back, the formulas as LaTeX."""

import csv
import io
import json
from dataclasses import replace

import numpy as np
import pytest

from algorithms import load_dataset
from ui.explain import Formula
from ui.exports import SETTINGS_VERSION
from ui.exports import SettingsError
from ui.exports import data_csv
from ui.exports import formulas_latex
from ui.exports import page_settings
from ui.exports import parse_settings
from ui.exports import settings_json

DOMAINS = {"tree.depth": ("range", 1, 12), "tree.eps": ("options", 0.0, 0.1, 0.5),
           "tree.criterion": ("options", "gini", "entropy"), "tree.edit": None, "tree.seed": None}
CURRENT = {"tree.depth": 6, "tree.eps": 0.0, "tree.criterion": "gini", "tree.edit": False, "tree.seed": 3,
           "tree.csv_table": object(), "ls.h": 0.3}


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_the_data_csv_names_the_levels_and_reads_back_as_the_same_table():
    table = rows(data_csv(load_dataset("table_5_1_zh")))
    assert table[0] == ["年龄", "有工作", "有自己的房子", "信贷情况", "类别"]
    assert table[1] == ["青年", "否", "否", "一般", "否"] and len(table) == 16
    loan = load_dataset("table_5_1")
    missing = replace(loan, X=np.where(np.eye(15, 4) == 1, np.nan, loan.X))  # row 1's age is missing
    assert rows(data_csv(missing))[1] == ["", "no", "no", "fair", "no"]
    sinc = load_dataset("sinc", 20, 0.2, 0)
    back = np.array(rows(data_csv(sinc))[1:], dtype=float)
    np.testing.assert_allclose(back, np.c_[sinc.X, sinc.y], rtol=1e-9)


def test_settings_round_trip_only_the_page_s_controls():
    values = page_settings("tree", DOMAINS, CURRENT)
    assert values == {"tree.criterion": "gini", "tree.depth": 6, "tree.edit": False, "tree.eps": 0.0}
    doc = json.loads(settings_json("tree", {**values, "tree.depth": 3}))
    assert doc["page"] == "tree" and doc["version"] == SETTINGS_VERSION
    loaded = parse_settings(json.dumps(doc).encode(), "tree", DOMAINS, CURRENT)
    assert loaded == {"tree.criterion": "gini", "tree.depth": 3, "tree.edit": False, "tree.eps": 0.0}
    assert "tree.seed" not in values  # a bound widget of no declared domain: only toggles are saved


def settings_error(doc, raw: bytes | None = None) -> SettingsError:
    with pytest.raises(SettingsError) as err:
        parse_settings(raw if raw is not None else json.dumps(doc).encode(), "tree", DOMAINS, CURRENT)
    return err.value


@pytest.mark.parametrize(
    "change,key",
    [
        ({"page": "ls"}, "export.settings_other_page"),
        ({"version": 99}, "export.settings_version"),
        ({"app": "other"}, "export.settings_not_ours"),
        ({"settings": {"tree.depth": 99}}, "export.settings_bad_value"),
        ({"settings": {"tree.depth": 2.5}}, "export.settings_bad_value"),
        ({"settings": {"tree.eps": 0.3}}, "export.settings_bad_value"),
        ({"settings": {"tree.criterion": "<b>x</b>"}}, "export.settings_bad_value"),
        ({"settings": {"tree.edit": "yes"}}, "export.settings_bad_value"),
    ],
)
def test_settings_that_do_not_fit_are_refused_whole(change, key):
    doc = {"app": "ML Explorer", "page": "tree", "version": SETTINGS_VERSION,
           "settings": {"tree.criterion": "entropy"}} | change
    assert settings_error(doc).key == key


def test_not_json_and_huge_files_are_refused():
    assert settings_error(None, b"\xff\xfe{not json").key == "export.settings_not_json"
    assert settings_error(None, b"[1, 2]").key == "export.settings_not_ours"
    assert settings_error(None, b" " * 200_000).key == "export.settings_too_big"


def test_the_latex_file_holds_every_formula_with_its_source():
    formulas = [Formula(r"H(D) = 0.971", "Li Hang (5.7)"), Formula(r"\frac{1}{2}", "Zhou (4.2)")]
    tex = formulas_latex(formulas, "trees")
    assert tex.count(r"\[") == 2 and "H(D) = 0.971" in tex and "% Li Hang (5.7)" in tex
    assert r"\begin{document}" in tex and tex.rstrip().endswith(r"\end{document}")
