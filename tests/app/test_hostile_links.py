"""Hostile links: every URL key of every view set to values no control can take (AppTest).

A shared link is user input. Each page is opened with every key its controls bind set to one
hostile value at once (and, with a smaller corpus, one key at a time): no exception, no raw
catalogue key, every control shows its default; values no control can take leave the link with a
notice. Keys are found from the widgets, views from ``PageInfo.views`` (else the page's default
view), so a new page or view is covered with no new test code.
"""

from __future__ import annotations

import ast
import functools
from urllib.parse import urlencode

import pytest
from streamlit.runtime.state.query_params import CLIENT_STATE_QUERY_STRING_MAX_LENGTH

from tests.app.apptools import WIDGET_KINDS
from tests.app.apptools import Report
from tests.app.apptools import check
from tests.app.apptools import open_page
from ui.i18n import catalogue
from ui.registry import HOME
from ui.registry import PAGES

LONG = "9" * 100_000
TEXT = "x" * 100_000
REPEATED = (["0", "inf"], ["1e308", "nan", "-1e308"])  # a key given more than once
MARKUP = "<script>alert(1)</script>"
HOSTILE = (
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "1e308",
    "-1e308",
    "1e999",
    "banana",
    LONG,
    TEXT,
    MARKUP,
    "**x**",
    "",
    *REPEATED,
)
PER_KEY = ("inf", LONG, MARKUP)
NOTICED = ("nan", "NaN", "inf", "-inf", "Infinity", "1e308", "-1e308", "1e999", LONG, TEXT, *REPEATED)
KINDS = (*WIDGET_KINDS, "multiselect", "text_input")
FREE_TEXT = ("TextInput",)  # any string is a valid value of these


def screens() -> list[tuple]:
    """(page, view code or None): the default view of every page, then each view by its URL code."""
    return [(page, view) for page in (HOME, *PAGES) for view in (None, *page.views)]


def screen_id(screen) -> str:
    page, view = screen
    return page.key if view is None else f"{page.key}.{view}"


def view_query(page, view) -> dict:
    return {} if view is None else {f"{page.key}.view": view}


def controls(at) -> dict:
    """Keyed input controls shown on the page, by key."""
    found = {}
    for kind in KINDS:
        for widget in getattr(at, kind):
            if widget.key and widget.key not in found:
                found[widget.key] = widget
    return found


@functools.cache
def defaults(page, view) -> dict:
    """Each control's value when the page is opened on ``view`` with a clean link."""
    at = open_page(page.file, view_query(page, view))
    assert not at.exception, [e.value for e in at.exception]
    return {key: widget.value for key, widget in controls(at).items()}


def url_keys(page, view) -> list[str]:
    """The keys set hostile on a screen: its controls' keys, less the key that chooses the view."""
    return [key for key in defaults(page, view) if view is None or key != f"{page.key}.view"]


def foreign_keys(page) -> list[str]:
    """Another page's keys (the next page's default view): they must be ignored here."""
    others = [p for p in PAGES if p != page]
    return [key for key in defaults(others[0], None) if not key.startswith("lang") and key != "projector"]


def shown(value) -> str:
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


def problems_after(at, page, view, keys, value) -> list[str]:
    """What went wrong in a run with ``keys`` set to ``value``."""
    where = f"{screen_id((page, view))} {shown(value)}"
    report = Report()
    check(at, where, report)
    problems = report.problems
    expected, found = defaults(page, view), controls(at)
    for key in keys:
        widget = found.get(key)
        if widget is None:
            problems.append(f"{where}: the control {key} is gone")
            continue
        if type(widget).__name__ in FREE_TEXT:
            if not isinstance(widget.value, str):
                problems.append(f"{where}: {key} holds {shown(widget.value)}, not text")
            continue
        if type(widget).__name__ == "Multiselect" and value == "" and widget.value == []:
            continue  # an empty value is a shareable state of a multi-select: nothing chosen
        if widget.value != expected[key]:
            problems.append(f"{where}: {key} shows {shown(widget.value)}, not its default {expected[key]!r}")
    return problems


def open_hostile(page, view, keys, value):
    """The page opened with ``keys`` set to ``value``, and whether Streamlit reads a link that long."""
    query = {**{key: value for key in keys}, **view_query(page, view)}
    read = len(urlencode(query, doseq=True)) <= CLIENT_STATE_QUERY_STRING_MAX_LENGTH
    return open_page(page.file, query), read


def default_view(page) -> str | None:
    """The view a page opens on: the first of its ``VIEWS`` (read from the page's source)."""
    for node in ast.parse(page.path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "VIEWS":
            return node.value.elts[0].id
    return None


def distinct_screens() -> list[tuple]:
    """The screens less each page's default view by its code: the page opened without a view code is
    that same view (and has, besides, the key that chooses the view set hostile)."""
    return [(page, view) for page, view in screens() if view is None or view != default_view(page)]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: shown(v)[:24])
@pytest.mark.parametrize("screen", distinct_screens(), ids=screen_id)
def test_every_key_at_once(screen, value):
    page, view = screen
    keys = url_keys(page, view)
    sent = [*keys, *foreign_keys(page)]
    at, seen = open_hostile(page, view, sent, value)
    if not seen:  # Streamlit ignores the whole link: the default view, as if opened without one
        view, keys = None, url_keys(page, None)
    problems = problems_after(at, page, view, keys, value)
    assert not problems, "\n".join(problems[:20])
    if seen and value in NOTICED:  # dropped from the link, with a notice
        assert not set(sent) & set(at.query_params)
        assert [toast.value for toast in at.toast] == [notice("en", sent)]


def new_keys(page, view) -> list[str]:
    """The screen's keys that no earlier screen of its page has (the data panel's keys, the language
    and the like are the same controls on every view: one view tries them)."""
    earlier = screens()[: screens().index((page, view))]
    seen = {key for other, code in earlier if other == page for key in url_keys(other, code)}
    return [key for key in url_keys(page, view) if key not in seen]


@pytest.mark.parametrize("screen", distinct_screens(), ids=screen_id)
def test_each_key_alone(screen):
    page, view = screen
    problems = []
    for key in new_keys(page, view):
        for value in PER_KEY:
            at, _ = open_hostile(page, view, [key], value)
            problems += problems_after(at, page, view, [key], value)
    assert not problems, "\n".join(problems[:20])


def notice(lang: str, keys: list[str]) -> str:
    """The notice naming the keys dropped from the link."""
    named = ", ".join(f"`{key}`" for key in sorted(set(keys)))
    return catalogue(lang)["frame.link_dropped"].format(keys=named)


@pytest.mark.parametrize("family", PAGES[:3], ids=lambda p: p.key)
def test_the_notice_is_in_the_users_language(family):
    query = {"lang": "zh", f"{family.key}.seed": "inf", f"{family.key}.n": LONG, "<b>**x**</b>": "nan"}
    at = open_page(family.file, query)
    assert not at.exception
    assert [toast.value for toast in at.toast] == [notice("zh", [f"{family.key}.seed", f"{family.key}.n"])]
    assert dict(at.query_params) == {"lang": "zh"}  # a key in markup is dropped but never echoed


def test_a_rerun_bringing_a_hostile_value_back_keeps_the_controls_value():
    """A rerun whose link holds an unusable value for a control already drawn (browser history, a
    hand-made client): the value stays, the link is cleaned at the control, and a notice says so."""
    at = open_page("least_squares.py")
    at.number_input(key="ls.seed").set_value(5).run()
    at.query_params["ls.seed"] = "inf"
    at.run()
    assert not at.exception
    assert at.number_input(key="ls.seed").value == 5 and "ls.seed" not in at.query_params
    assert [toast.value for toast in at.toast] == [notice("en", ["ls.seed"])]


@pytest.mark.parametrize(
    ("file", "view", "key", "text", "value", "link"),
    [
        ("generative.py", "gen.view=nb", "gen.lam", "2.0", 2.0, "2"),  # select slider, option 2.0 shown "2"
        ("generative.py", "gen.view=nb", "gen.lam", "0.50", 0.5, "0.5"),
        ("generative.py", "gen.view=nb", "gen.lam", "5e0", 5.0, "5"),
        ("decision_trees.py", "tree.view=table", "tree.missing", "10.0", 10, "10"),  # the integer 10
        ("generative.py", "gen.view=nb", "gen.bins", "5.0", 5, "5.0"),  # an integer slider parses it
    ],
)
def test_a_number_written_another_way_in_the_link_still_sets_its_control(file, view, key, text, value, link):
    """A hand-written link says 2.0 where the control shows 2 (or 10.0 for the option 10): the
    control takes the numerically equal option instead of ignoring the link, which keeps it."""
    view_key, view_code = view.split("=")
    at = open_page(file, {view_key: view_code, key: text})
    assert not at.exception
    shown = next(w for kind in ("select_slider", "slider") for w in getattr(at, kind) if w.key == key)
    assert shown.value == value and type(shown.value) is type(value)
    assert at.query_params[key] == link and not at.toast
