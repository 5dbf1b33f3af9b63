"""Classroom tools in a real browser: A/B comparison, a locked lesson link, a challenge being met."""

import json
from urllib.parse import quote

from tests.browser.conftest import OUTPUT
from tests.browser.conftest import chart_data
from tests.browser.conftest import wait_for_app
from ui.i18n import catalogue

EN = catalogue("en")


def widget(page, key: str):
    return page.locator(f".st-key-{key.replace('.', '-')}")


def press(page, key: str) -> None:
    widget(page, key).get_by_role("button").first.click()
    wait_for_app(page)


def test_freezing_a_and_moving_c_shows_a_and_b_side_by_side(server, page):
    page.goto(f"{server}/svm")
    wait_for_app(page)
    widget(page, "cls.open").locator("label").first.click()
    wait_for_app(page)
    press(page, "cls.freeze")
    assert "svm.ab=" in page.url
    widget(page, "svm.C").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")  # C: 1 → 2
    wait_for_app(page)
    assert page.get_by_text(EN["cls.ab_title"]).count() == 1
    a, b = chart_data(page, "cls.ab_A"), chart_data(page, "cls.ab_B")
    assert a and b and a != b  # two different fits
    assert page.locator("[data-testid='stDataFrame']").count() == 1  # the metric deltas
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(OUTPUT / "classroom-ab-en.png"), full_page=True)


def test_a_locked_lesson_link_opens_with_its_controls_hidden_and_steps_on(server, page):
    steps = [
        {
            "s": {"C": 0.1, "view": "fit"},
            "h": ["C", "kernel"],
            "x": 1,
            "l": 1,
            "n": "<i>Watch</i> the **margin**",
        },
        {"s": {"C": 10.0}, "h": ["C"], "x": 0, "l": 1, "n": "Now C = 10"},
    ]
    page.goto(f"{server}/svm?svm.lesson={quote(json.dumps(steps))}")
    wait_for_app(page)
    assert widget(page, "svm.C").count() == 1 and not widget(page, "svm.C").is_visible()
    assert not widget(page, "svm.kernel").is_visible()
    assert widget(page, "svm.hard").is_visible()
    sidebar = page.locator("[data-testid='stSidebar']")
    assert "<i>Watch</i> the **margin**" in sidebar.inner_text()  # the note as typed, not rendered
    assert EN["cls.locked"] in sidebar.inner_text()
    assert widget(page, "cls.unhide").count() == 0
    assert page.get_by_text(EN["explain.formula"]).count() == 0
    page.screenshot(path=str(OUTPUT / "classroom-lesson-en.png"), full_page=True)
    press(page, "cls.next")
    # the step's note: the click's run can end before the page's rerun with the new step has begun
    sidebar.get_by_text("Now C = 10").wait_for(timeout=30_000)
    wait_for_app(page)
    assert EN["cls.lesson_step"].format(i=2, n=2) in sidebar.inner_text()
    assert page.get_by_text(EN["explain.formula"]).count() == 1
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_challenge_is_marked_reached(server, page):
    page.goto(f"{server}/decision_trees?tree.depth=2")
    wait_for_app(page)
    sidebar = page.locator("[data-testid='stSidebar']")
    sidebar.get_by_text(EN["cls.challenges"]).click()
    stump = sidebar.get_by_text(EN["cls.challenge.tree.stump"])
    assert stump.count() == 1
    assert "check_circle" not in stump.locator("xpath=..").inner_text()
    widget(page, "tree.depth").get_by_role("slider").focus()
    page.keyboard.press("ArrowLeft")  # depth 2 → 1: a single split
    wait_for_app(page)
    assert (
        "check_circle" in sidebar.get_by_text(EN["cls.challenge.tree.stump"]).locator("xpath=..").inner_text()
    )
    page.screenshot(path=str(OUTPUT / "classroom-challenge-en.png"), full_page=True)
