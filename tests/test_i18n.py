"""The language catalogues: same keys in every language, every used key present, no literal labels."""

import ast
import re
import string
from pathlib import Path

import pytest

from algorithms.datasets import DATASETS
from ui.i18n import LANGUAGES
from ui.i18n import catalogue
from ui.registry import HOME
from ui.registry import PAGES
from ui.registry import SECTIONS

ROOT = Path(__file__).resolve().parent.parent
CODE = sorted(
    [*(ROOT / "ui").glob("*.py"), *(ROOT / "pages").glob("*.py"), *(ROOT / "views").rglob("*.py")]
    + [ROOT / "app.py"]
)
# Streamlit calls whose first argument is text the user reads.
TEXT_CALLS = {
    "title",
    "header",
    "subheader",
    "markdown",
    "caption",
    "text",
    "write",
    "info",
    "warning",
    "error",
    "success",
    "toast",
    "button",
    "slider",
    "select_slider",
    "selectbox",
    "segmented_control",
    "radio",
    "toggle",
    "checkbox",
    "number_input",
    "text_input",
    "multiselect",
    "file_uploader",
    "expander",
    "metric",
    "page_link",
    "download_button",
    "pills",
    "tabs",
    "form_submit_button",
    "latex",
}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_the_same_keys_and_fields():
    english = catalogue("en")
    for lang in LANGUAGES:
        other = catalogue(lang)
        assert set(other) == set(english), set(other) ^ set(english)
        for key, text in english.items():
            assert fields(other[key]) == fields(text), key
            assert other[key].strip(), key


def used_literal_keys() -> set[str]:
    keys = set()
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.add(node.args[0].value)
    return keys


def test_every_key_used_in_code_exists():
    missing = used_literal_keys() - set(catalogue("en"))
    assert not missing


def test_dynamic_keys_exist():
    """Keys built at run time: data sets, sections, page titles and cards."""
    keys = set(catalogue("en"))
    expected = {f"dataset.{name}" for name in DATASETS} | {"dataset.csv"}
    expected |= {f"section.{s}" for s in SECTIONS}
    expected |= {f"{p.key}.{part}" for p in PAGES for part in ("nav", "title", "intro", "card")}
    expected |= {f"{HOME.key}.{part}" for part in ("nav", "title", "intro")}
    assert not expected - keys, expected - keys


def test_catalogue_prefixes_cover_their_options():
    """catalogue_labels("p") over a literal option list needs "p.option" for every option."""
    keys = set(catalogue("en"))
    for path in CODE:
        source = path.read_text(encoding="utf-8")
        constants = {}
        tree = ast.parse(source)
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
                values = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        constants[target.id] = values
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "choice"
            ):
                continue
            options, labels = node.args[1], node.args[3]
            if not (isinstance(labels, ast.Call) and getattr(labels.func, "id", "") == "catalogue_labels"):
                continue
            prefix = labels.args[0].value
            values = (
                [e.value for e in options.elts]
                if isinstance(options, ast.List)
                else constants.get(getattr(options, "id", ""), [])
            )
            for value in values:
                assert f"{prefix}.{value}" in keys, f"{path.name}: {prefix}.{value}"


def literal_labels(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr in TEXT_CALLS and node.args:
            first = node.args[0]
            if (
                isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and re.search(r"[A-Za-z]{2}", first.value)
            ):
                found.append(f"{path.name}:{node.lineno} {node.func.attr}({first.value!r})")
            if isinstance(first, ast.JoinedStr) and any(
                isinstance(v, ast.Constant) and re.search(r"[A-Za-z]{3}", v.value) for v in first.values
            ):
                found.append(f"{path.name}:{node.lineno} {node.func.attr}(f-string)")
    return found


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_untranslated_literal_label(path):
    assert literal_labels(path) == []


def test_the_detector_finds_a_lazy_labeller(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def view():\n    def label(o):\n        return t(o)\n"
                      '    choice("a", [], "k", label)\n')
    assert lazy_labellers(sample) == ["sample.py:4"]


def test_the_detector_finds_a_literal_label(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('import streamlit as st\nst.slider("Noise", 0, 1)\nst.title(t("ok"))\n')
    assert len(literal_labels(sample)) == 1


def lazy_labellers(path: Path) -> list[str]:
    """Labellers (``format_func=`` or ``choice``'s fourth argument) that call ``t()`` when invoked.

    Streamlit may call a labeller outside the script run (AppTest does, in its own thread), where
    the session's language is unknown: labellers must bind the language when they are made
    (``catalogue_labels``, or ``text_in`` with ``current_language()`` taken beforehand).
    """

    def calls_t(node) -> bool:
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "t"
                   for n in ast.walk(node))

    def own_nodes(scope):
        """Nodes of a scope, not descending into nested functions."""
        stack = list(ast.iter_child_nodes(scope))
        while stack:
            node = stack.pop()
            yield node
            if not isinstance(node, (ast.FunctionDef, ast.Lambda)):
                stack.extend(ast.iter_child_nodes(node))

    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]:
        local = {n.name: n for n in own_nodes(scope) if isinstance(n, ast.FunctionDef)}
        for node in own_nodes(scope):
            if not isinstance(node, ast.Call):
                continue
            labellers = [k.value for k in node.keywords if k.arg == "format_func"]
            if isinstance(node.func, ast.Name) and node.func.id == "choice" and len(node.args) >= 4:
                labellers.append(node.args[3])
            for labeller in labellers:
                body = local.get(labeller.id) if isinstance(labeller, ast.Name) else labeller
                if isinstance(body, (ast.Lambda, ast.FunctionDef)) and calls_t(body):
                    found.append(f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_labellers_bind_their_language(path):
    assert lazy_labellers(path) == []
