"""Settings saved as JSON and loaded back on a real page (AppTest); files from another page or
version, or not JSON at all, are refused with a message and change nothing."""

import json

import pytest

from tests.app.apptools import open_page
from tests.app.apptools import widget
from ui.controls import DOMAINS_KEY
from ui.exports import page_settings
from ui.exports import settings_json

PAGE = "decision_trees.py"


def saved_settings(at) -> dict:
    """What the Settings (JSON) button offers: the page's control values of this session."""
    state = {k: at.session_state[k] for k in at.session_state[DOMAINS_KEY] if k in at.session_state}
    return json.loads(settings_json("tree", page_settings("tree", at.session_state[DOMAINS_KEY], state)))


def upload(at, doc) -> None:
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    at.file_uploader(key="export.settings_file").upload("settings.json", data, "application/json")
    at.run()
    assert not at.exception


def test_settings_round_trip():
    at = open_page(PAGE, query={"tree.view": "table"})
    widget(at, "tree.depth").set_value(2).run()
    widget(at, "tree.eps").set_value(0.1).run()
    doc = saved_settings(at)
    assert doc["settings"]["tree.depth"] == 2 and doc["settings"]["tree.eps"] == 0.1
    assert doc["settings"]["tree.view"] == "table"
    widget(at, "tree.depth").set_value(5).run()
    widget(at, "tree.eps").set_value(0.0).run()
    upload(at, doc)
    assert widget(at, "tree.depth").value == 2 and widget(at, "tree.eps").value == 0.1
    assert any(s.value.startswith("Settings loaded") for s in at.sidebar.success)


@pytest.mark.parametrize(
    "change,message",
    [
        ({"page": "ls"}, "These settings belong to another page (ls)"),
        ({"version": 2}, "These settings come from another version of ML Explorer (version 2;"),
        ({"settings": {"tree.depth": 1000}}, "These settings do not fit this page's controls: tree.depth."),
        (b"{oops", "This file is not a JSON settings file."),
    ],
)
def test_a_settings_file_that_does_not_fit_changes_nothing(change, message):
    at = open_page(PAGE, query={"tree.view": "table"})
    widget(at, "tree.depth").set_value(3).run()
    doc = saved_settings(at)
    doc["settings"]["tree.depth"] = 1
    upload(at, change if isinstance(change, bytes) else doc | change)
    assert [e.value for e in at.sidebar.error if e.value.startswith(message)]
    assert widget(at, "tree.depth").value == 3


def test_messages_in_chinese():
    at = open_page(PAGE, lang="zh")
    upload(at, {"app": "ML Explorer", "page": "ls", "version": 1, "settings": {}})
    message = "这些设置属于另一个页面（ls），请在该页面载入。未做任何更改。"
    assert [e.value for e in at.sidebar.error] == [message]
