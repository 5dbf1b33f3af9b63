"""Every Streamlit cache is bounded: a lecture hall's many settings must not grow the server forever.

Each ``st.cache_data`` / ``st.cache_resource`` in the app (ui/, pages/, views/, app.py) has
``max_entries`` or ``ttl``, not set to None (checked on the syntax tree, decorators and calls alike).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CACHES = {"cache_data", "cache_resource"}
BOUNDS = {"max_entries", "ttl"}


def app_files() -> list[Path]:
    return sorted([ROOT / "app.py", *(ROOT / "ui").glob("*.py"), *(ROOT / "pages").glob("*.py"),
                   *(ROOT / "views").rglob("*.py")])


def is_cache(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in CACHES) or (
        isinstance(node, ast.Name) and node.id in CACHES)


def unbounded_caches(source: str) -> list[int]:
    """Line numbers of caches made without a bound (bare decorators included)."""
    tree = ast.parse(source)
    called, reached_through = set(), set()  # cache_data(...) and cache_data.clear()
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and is_cache(node.func):
            called.add(id(node.func))
            bounds = {k.arg for k in node.keywords if not (
                isinstance(k.value, ast.Constant) and k.value.value is None)}
            if not bounds & BOUNDS:
                lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and is_cache(node.value):
            reached_through.add(id(node.value))
    for node in ast.walk(tree):
        if is_cache(node) and id(node) not in called | reached_through:
            lines.append(node.lineno)
    return sorted(lines)


@pytest.mark.parametrize("path", app_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_streamlit_cache_has_max_entries_or_ttl(path):
    assert unbounded_caches(path.read_text(encoding="utf-8")) == [], path


def test_the_check_finds_unbounded_caches():
    source = """
import streamlit as st
from streamlit import cache_resource

@st.cache_data
def a(): ...

@st.cache_data(show_spinner=False)
def b(): ...

@st.cache_resource(max_entries=None)
def c(): ...

d = cache_resource(lambda: 1)

@st.cache_data(max_entries=8, show_spinner=False)
def ok1(): ...

@st.cache_resource(ttl="1h")
def ok2(): ...

st.cache_data.clear()
"""
    assert unbounded_caches(source) == [5, 8, 11, 14]
