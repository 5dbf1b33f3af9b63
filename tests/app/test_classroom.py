"""Classroom tools (issue 17): A/B comparison, lesson links, challenges (AppTest), and their bad links."""

import json
import re

import pytest

from tests.app.apptools import charts
from tests.app.apptools import open_page
from ui.classroom import challenges_of
from ui.classroom import decode_lesson
from ui.classroom import decode_settings
from ui.classroom import metric_deltas
from ui.classroom import number_in
from ui.i18n import catalogue
from ui.registry import PAGES

EN = catalogue("en")
A_C10 = json.dumps({"C": 10.0, "hard": False, "kernel": "linear", "slack": True})


def lesson(*steps) -> str:
    return json.dumps([{"s": {}, "h": [], "x": 0, "l": 0, "n": "", **step} for step in steps])


def deltas(at) -> dict:
    """The A/B table by metric: (A, B, B − A)."""
    table = at.dataframe[0].value
    return {row[EN["cls.metric"]]: (row["A"], row["B"], row["B − A"]) for _, row in table.iterrows()}


def test_numbers_are_read_from_metric_texts():
    assert number_in("0.055") == 0.055
    assert number_in("96.5 %") == 96.5
    assert number_in("20 (3 + 17)") == 20
    assert number_in("-1e-05") == -1e-05
    assert number_in("—") is None
    rows = metric_deltas(
        [("e", "0.05"), ("n", "20 (3 + 17)"), ("x", "—")], [("e", "0.055"), ("n", "17"), ("x", "1")]
    )
    assert [r["B − A"] for r in rows] == ["+0.005", "-3", "—"]


def test_freezing_a_then_changing_c_compares_both_fits():
    at = open_page("svm.py")
    at.toggle(key="cls.open").set_value(True).run()
    at.button(key="cls.freeze").click().run()
    assert json.loads(at.query_params["svm.ab"])["C"] == 1.0
    at.select_slider(key="svm.C").set_value(10.0).run()
    assert not at.exception
    assert at.subheader[0].value == EN["cls.ab_title"]
    assert at.text[0].value == EN["cls.ab_changed"].format(changes="C: 1.0 → 10.0")
    assert set(charts(at)) >= {"cls.ab_A", "cls.ab_B", "svm.fit_chart"}
    rows = deltas(at)
    a, b, delta = rows[EN["svm.n_sv"]]
    assert a.startswith("20 ") and b.startswith("17 ") and delta == "-3"  # larger C: fewer points inside
    assert rows[EN["svm.train_error"]] == ("0.03", "0.03", "+0")


def test_a_from_a_link_is_drawn_once_on_this_data_then_b_is_back():
    at = open_page("svm.py", {"svm.ab": A_C10})
    assert not at.exception
    assert not at.dataframe  # A not drawn yet: only its settings are known
    at.button(key="cls.compute").click().run()
    assert not at.exception
    assert at.select_slider(key="svm.C").value == 1.0  # B, the current state, is back
    a, b, delta = deltas(at)[EN["svm.n_sv"]]
    assert a.startswith("17 ") and b.startswith("20 ") and delta == "+3"


def test_swapping_shows_a_live_and_keeps_b_as_a():
    at = open_page("svm.py", {"svm.ab": A_C10})
    at.toggle(key="cls.open").set_value(True).run()
    at.button(key="cls.swap").click().run()
    assert at.select_slider(key="svm.C").value == 10.0
    assert json.loads(at.query_params["svm.ab"])["C"] == 1.0


def test_a_lesson_link_opens_its_first_step_locked_with_its_note_as_plain_text():
    note = "<b>Look</b> at **C**"
    steps = lesson(
        {"s": {"C": 0.1, "kernel": "gaussian"}, "h": ["C", "kernel"], "x": 1, "l": 1, "n": note},
        {"s": {"C": 5.0}, "n": "Now a larger C"},
    )
    at = open_page("svm.py", {"svm.lesson": steps})
    assert not at.exception
    assert at.select_slider(key="svm.C").value == 0.1 and at.selectbox(key="svm.kernel").value == "gaussian"
    css = " ".join(h.proto.body for h in at.get("html"))
    assert ".st-key-svm-C, .st-key-svm-kernel {display: none !important;}" in css
    assert [x.value for x in at.text] == [note]  # never Markdown or HTML
    assert not any(note in m.value for m in at.markdown)
    assert EN["cls.locked"] in [c.value for c in at.caption]
    assert not [w for w in at.toggle if w.key == "cls.unhide"]  # locked: no way to show them
    assert not [e for e in at.expander if e.label == EN["explain.formula"]]  # explanations hidden
    at.button(key="cls.next").click().run()
    assert at.select_slider(key="svm.C").value == 5.0
    assert [x.value for x in at.text] == ["Now a larger C"]
    assert ".st-key-svm-C" not in " ".join(h.proto.body for h in at.get("html"))


def test_an_unlocked_lesson_lets_students_show_the_hidden_controls():
    at = open_page("svm.py", {"svm.lesson": lesson({"s": {"C": 0.1}, "h": ["C"]})})
    assert ".st-key-svm-C" in " ".join(h.proto.body for h in at.get("html"))
    at.toggle(key="cls.unhide").set_value(True).run()
    assert ".st-key-svm-C" not in " ".join(h.proto.body for h in at.get("html"))


def test_a_lecturer_builds_a_lesson_link_from_the_current_state():
    at = open_page("svm.py")
    at.toggle(key="cls.open").set_value(True).run()
    at.select_slider(key="svm.C").set_value(0.2).run()
    at.multiselect(key="cls.hide").select("C").run()
    at.toggle(key="cls.lock").set_value(True).run()
    at.text_input(key="cls.note").input("Watch the margin").run()
    at.button(key="cls.add").click().run()
    link = at.code[-1].value
    assert link.startswith("?svm.lesson=%5B%7B%22h%22%3A%5B%22C%22%5D") and " " not in link  # pastes anywhere
    at.button(key="cls.open_lesson").click().run()
    steps = decode_lesson(at.query_params["svm.lesson"])
    assert steps[0]["s"]["C"] == 0.2 and steps[0]["h"] == ["C"] and steps[0]["l"] and not steps[0]["x"]
    assert steps[0]["n"] == "Watch the margin"


BAD_A = (
    "{",
    "[1, 2]",
    "{}",
    '{"C": [1]}',
    '{"C": 1e308}',
    '{"<b>": 1}',
    '{"C": NaN}',
    "[" * 2000,
    "x" * 5000,
)
BAD_LESSON = (
    "{",
    "[]",
    '[{"s": {}}]',
    '[{"s": {}, "h": ["<b>"], "x": 0, "l": 0, "n": ""}]',
    '[{"s": {}, "h": [], "x": "yes", "l": 0, "n": ""}]',
    json.dumps([{"s": {}, "h": [], "x": 0, "l": 0, "n": "n" * 201}]),
    lesson(*[{}] * 9),
    "[" * 2000,
)


@pytest.mark.parametrize("raw", BAD_A, ids=range(len(BAD_A)))
def test_malformed_a_settings_are_refused(raw):
    with pytest.raises((ValueError, RecursionError)):
        decode_settings(raw)


@pytest.mark.parametrize("raw", BAD_LESSON, ids=range(len(BAD_LESSON)))
def test_malformed_lessons_are_refused(raw):
    with pytest.raises((ValueError, RecursionError)):
        decode_lesson(raw)


@pytest.mark.parametrize(
    "key,raw,message", [("svm.ab", BAD_A[3], "cls.bad_ab"), ("svm.lesson", BAD_LESSON[4], "cls.bad_lesson")]
)
def test_a_malformed_link_says_so_and_leaves_the_state_untouched(key, raw, message):
    at = open_page("svm.py", {"svm.C": "0.2", key: raw})
    assert not at.exception
    assert [e.value for e in at.error] == [EN[message]]
    assert at.select_slider(key="svm.C").value == 0.2
    assert key not in at.query_params


def test_a_lesson_value_of_the_wrong_type_is_not_applied():
    at = open_page("svm.py", {"svm.lesson": lesson({"s": {"C": "big", "hard": 1, "kernel": "poly"}})})
    assert not at.exception
    assert at.select_slider(key="svm.C").value == 1.0 and at.toggle(key="svm.hard").value is False
    assert at.selectbox(key="svm.kernel").value == "poly"


def test_a_challenge_is_marked_reached_and_stays_reached():
    at = open_page("decision_trees.py", {"tree.depth": "1"})
    stump = EN["cls.challenge.tree.stump"]
    assert f":material/check_circle: {stump}" in [m.value for m in at.markdown]
    assert [toast.value for toast in at.toast] == [EN["cls.reached_toast"]]
    at.slider(key="tree.depth").set_value(5).run()
    assert f":material/check_circle: {stump}" in [m.value for m in at.markdown]  # kept in the session
    shallow = EN["cls.challenge.tree.shallow"]
    assert f":material/radio_button_unchecked: {shallow}" in [m.value for m in at.markdown]


@pytest.mark.parametrize("page", [p for p in PAGES if challenges_of(p.key)], ids=lambda p: p.key)
def test_challenges_name_real_views_metrics_and_texts(page):
    for challenge in challenges_of(page.key):
        assert challenge["view"] in page.views
        assert f"cls.challenge.{page.key}.{challenge['id']}" in EN
        for goal in challenge["all"]:
            assert goal.get("metric", "cls.metric") in EN
            assert {"min", "max", "equals"} & set(goal)


def sklearn_trace(at, chart_key: str):
    figure = charts(at)[chart_key]
    return [trace for trace in figure["data"] if trace.get("name") == EN["cls.xcheck_name"]]


@pytest.mark.parametrize(
    "file,query,chart_key,what,bound",
    [
        ("svm.py", {}, "svm.fit_chart", "cls.xcheck_svm", 1e-2),  # the view's SMO stops at KKT tolerance 1e-3
        ("svm.py", {"svm.kernel": "gaussian"}, "svm.fit_chart", "cls.xcheck_svm", 1e-2),
        ("least_squares.py", {}, "ls.fit_chart", "cls.xcheck_ls", 1e-6),
        (
            "least_squares.py",
            {"ls.model": "polynomial", "ls.constraint": "none"},
            "ls.fit_chart",
            "cls.xcheck_ls",
            1e-6,
        ),
        ("clustering.py", {"clu.view": "kmeans"}, "clu.km.chart", "cls.xcheck_kmeans", 1e-9),
        ("mixtures.py", {"gmm.view": "em"}, "gmm.em.chart", "cls.xcheck_gmm", 1e-9),
        ("decision_trees.py", {}, "tree.regions", "cls.xcheck_tree", 1e-9),
    ],
    ids=["svm", "svm-gaussian", "ls-kernel-ridge", "ls-polynomial", "kmeans", "gmm-em", "tree"],
)
def test_the_cross_check_overlays_scikit_learn_and_shows_a_tiny_discrepancy(
    file, query, chart_key, what, bound
):
    at = open_page(file, query)
    assert not sklearn_trace(at, chart_key)
    at.toggle(key=chart_key.split(".")[0] + ".xcheck").set_value(True).run()
    assert not at.exception
    assert not at.exception
    assert len(sklearn_trace(at, chart_key)) == 1
    prefix = EN["cls.xcheck_result"].split("{")[0]
    caption = next(c.value for c in at.caption if c.value.startswith(prefix))
    assert EN[what] in caption
    assert float(caption.rsplit(": ", 1)[1]) < bound


def test_without_scikit_learn_the_cross_check_says_how_to_install_it(monkeypatch):
    from tests.algorithms.test_crosscheck import hide_scikit_learn

    hide_scikit_learn(monkeypatch)
    at = open_page("svm.py", {"svm.xcheck": "true"})
    assert not at.exception
    assert [i.value for i in at.info] == [EN["cls.xcheck_missing"]]
    assert "pip install scikit-learn" in EN["cls.xcheck_missing"]
    assert not sklearn_trace(at, "svm.fit_chart")
    assert at.metric  # the view itself is untouched


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_pages_compare_the_picked_views_module_not_the_picked_view(page):
    """view_picker returns a PickedView (ui.views): ``view is fit`` after it would always be False."""
    source = page.path.read_text(encoding="utf-8")
    after = source.split("view_picker(", 1)[1] if "view_picker(" in source else ""
    assert not re.search(r"\bview (is|in|==|!=)\b", after), page.file


@pytest.mark.parametrize(
    "file,query,met,unmet",
    [
        ("mixtures.py", {"gmm.view": "em", "gmm.init_seed": "2"}, "gmm.wrong_optimum", "gmm.spherical"),
        ("mixtures.py", {"gmm.view": "em", "gmm.cov": "spherical"}, "gmm.spherical", "gmm.wrong_optimum"),
        (
            "least_squares.py",
            {"ls.model": "gaussian", "ls.h": "0.01", "ls.constraint": "none", "ls.n": "20"},
            "ls.overfit",
            "ls.few_params",
        ),
        (
            "least_squares.py",
            {"ls.model": "polynomial", "ls.degree": "3", "ls.constraint": "none"},
            "ls.few_params",
            "ls.overfit",
        ),
    ],
    ids=["em-wrong-optimum", "em-spherical", "ls-overfit", "ls-few-params"],
)
def test_challenges_read_the_metrics_the_view_shows(file, query, met, unmet):
    marks = [m.value for m in open_page(file, query).markdown]
    assert f":material/check_circle: {EN[f'cls.challenge.{met}']}" in marks
    assert f":material/radio_button_unchecked: {EN[f'cls.challenge.{unmet}']}" in marks


@pytest.mark.parametrize("page", [p for p in PAGES if challenges_of(p.key)], ids=lambda p: p.key)
def test_no_challenge_is_met_by_the_default_settings(page):
    for view in {c["view"] for c in challenges_of(page.key)}:
        at = open_page(page.file, {f"{page.key}.view": view})
        assert not [m.value for m in at.markdown if m.value.startswith(":material/check_circle:")], view
        assert EN["cls.reached_toast"] not in [toast.value for toast in at.toast]


@pytest.mark.parametrize(
    "query", [{"tree.criterion": "gain_ratio"}, {"tree.depth": "0"}], ids=["c45", "leaf"]
)
def test_the_tree_cross_check_says_when_scikit_learn_has_no_counterpart(query):
    at = open_page("decision_trees.py", {**query, "tree.xcheck": "true"})
    assert not at.exception
    assert EN["cls.xcheck_none"] in [c.value for c in at.caption]
    assert not sklearn_trace(at, "tree.regions")
