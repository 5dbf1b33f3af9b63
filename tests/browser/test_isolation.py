"""Two students on one server: nothing of one session appears in the other (two browser contexts).

Each context is a separate browser profile (own cookies and storage), as two students' laptops are.
Student A uploads a CSV, clicks points in, moves a slider and turns on projector mode; student B,
on the same page at the same time, keeps the default data, its own points and settings.
"""

import pytest

from tests.browser.conftest import chart_data
from tests.browser.conftest import wait_for_app

ROWS = 12
CSV = "temperature_a,yield_a\n" + "".join(f"{1000 + i},{7000 + 3 * i}\n" for i in range(ROWS))
CHART = "ls.fit_chart"


@pytest.fixture
def students(browser, browser_context_args, server):
    """Two pages in two browser contexts, both on the least-squares page choosing their own CSV."""
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(f"{server}/least_squares?ls.data=csv")
    for page in pages:
        wait_for_app(page)
    yield pages
    for context in contexts:
        context.close()


def training_data(page) -> tuple[list, list]:
    trace = next(t for t in chart_data(page, CHART) if t["name"] == "Training data")
    return trace["x"], trace["y"]


def click(page, key: str) -> None:
    page.locator(f".st-key-{key.replace('.', '-')} label").first.click()
    wait_for_app(page)


def move_slider(page, key: str) -> None:
    page.locator(f".st-key-{key.replace('.', '-')}").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)


def sidebar_text(page) -> str:
    return page.locator("[data-testid='stSidebar']").inner_text()


def title_size(page) -> float:
    return page.locator("h1").first.evaluate("h => parseFloat(getComputedStyle(h).fontSize)")


def test_one_students_data_and_settings_never_reach_another(students, tmp_path):
    """No reloads: a reload starts a new session; both sessions live on through the whole test."""
    a, b = students
    fallback = training_data(b)
    assert training_data(a) == fallback and "Upload a CSV file" in sidebar_text(a)

    upload = tmp_path / "student_a.csv"
    upload.write_text(CSV, encoding="utf-8")
    a.locator(".st-key-ls-csv_file [data-testid='stFileUploaderDropzoneInput']").set_input_files(str(upload))
    wait_for_app(a)
    x_a, y_a = training_data(a)
    assert sorted(x_a) == [1000 + i for i in range(ROWS)] and 7000 in y_a
    assert "student_a.csv" in sidebar_text(a)

    click(a, "ls.edit")  # A clicks a point in, and turns on projector mode
    area = a.locator(".st-key-ls-fit_chart .nsewdrag").first.bounding_box()
    a.mouse.click(area["x"] + area["width"] * 0.5, area["y"] + area["height"] * 0.12)
    wait_for_app(a)
    assert len(training_data(a)[0]) == ROWS + 1
    click(a, "projector")
    assert title_size(a) > title_size(b)

    move_slider(b, "ls.h")  # B reruns: still waiting for its own file, with its own points and settings
    assert "Upload a CSV file to use your own data." in sidebar_text(b)
    assert "student_a.csv" not in sidebar_text(b)
    assert training_data(b) == fallback
    click(b, "ls.edit")
    assert training_data(b) == fallback
    assert b.get_by_role("button", name="Undo all edits").count() == 0
    assert title_size(b) < title_size(a)
    assert "ls.h=" in b.url and "ls.h=" not in a.url and "projector" not in b.url

    move_slider(a, "ls.lam")  # and A, rerun after B's moves, still has its file, its point and its settings
    x, y = training_data(a)
    assert len(x) == ROWS + 1 and set(x_a) <= set(x) and "student_a.csv" in sidebar_text(a)
    assert "projector=true" in a.url and "ls.h=" not in a.url
    for page in (a, b):
        assert page.locator("[data-testid='stException']").count() == 0
