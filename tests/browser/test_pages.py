"""Every page in a real browser: it renders, a slider moves the chart, the URL holds the state."""

import pytest

from tests.browser.conftest import NARROW_VIEWPORT
from tests.browser.conftest import OUTPUT
from tests.browser.conftest import all_chart_data
from tests.browser.conftest import chart_data
from tests.browser.conftest import clipped_choices
from tests.browser.conftest import overflowing_chart_text
from tests.browser.conftest import wait_for_app
from ui.registry import PAGES

VIEWS = [(info, code) for info in PAGES for code in info.views]  # discovered: views/<page>/<code>.py
# What plotly.js and KaTeX log about a figure or formula they had to repair: each is a bug of ours, and
# plotly.js logs a stack trace per bar (200 bars cost an SMO step 45 ms of its 290).
DRAWING_WARNINGS = ("WARN:", "LaTeX-incompatible", "KaTeX could not typeset")


def assert_renders(page, url: str, shot: str, home: bool = False) -> None:
    """In English and in Chinese projector mode (the widest text, so Chinese at normal size fits too), in
    a window 1280 px wide (a laptop or a projector: the narrowest charts and column of controls): no
    exception, a chart, no chart text sticking out of its chart or over its title, no clipped control;
    screenshots go to tests/output.
    In English, moving the view's first slider (a rerun of the view alone, a fragment) raises nothing.
    Neither plotly.js nor KaTeX warns about what they were given."""
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.text.startswith(DRAWING_WARNINGS) else None)
    page.set_viewport_size(NARROW_VIEWPORT)
    joint = "&" if "?" in url else "?"
    for name, query in (("en", ""), ("zh-projector", "lang=zh&projector=true")):
        page.goto(f"{url}{joint}{query}" if query else url)
        wait_for_app(page)
        assert page.locator("[data-testid='stException']").count() == 0
        assert page.locator("h1").count() >= 1
        if not home:
            assert page.locator(".js-plotly-plot").count() >= 1
        assert overflowing_chart_text(page) == [], query
        assert clipped_choices(page) == [], query
        page.screenshot(path=str(OUTPUT / f"{shot}-{name}.png"), full_page=True)
        sliders = page.locator("[data-testid='stMain'] [data-testid='stSlider']")
        if name == "en" and sliders.count():
            sliders.first.get_by_role("slider").focus()
            page.keyboard.press("ArrowRight")
            wait_for_app(page)
            assert page.locator("[data-testid='stException']").count() == 0
        assert sorted(set(warnings)) == [], query


def test_home_renders_without_exception_and_screenshot(server, page):
    assert_renders(page, server, "home", home=True)


@pytest.mark.parametrize("info,view", VIEWS, ids=lambda v: getattr(v, "key", v))
def test_every_view_renders_without_exception_and_screenshot(server, page, info, view):
    assert_renders(page, f"{server}/{info.url_path}?{info.key}.view={view}", f"{info.url_path}-{view}")


def test_a_legend_with_more_rows_than_planned_makes_its_chart_taller_not_its_plot_smaller(server, page):
    """Seven legend entries in Chinese at projector size need more rows in a 1280 px window than the
    layout planned: the chart grows by what the legend pushed the plot down, so the plot keeps its
    planned height (it lost 71 px)."""
    page.set_viewport_size(NARROW_VIEWPORT)
    page.goto(f"{server}/multi_task?mtl.view=cls&lang=zh&projector=true")
    wait_for_app(page)
    grown_pushed = page.evaluate("""() => Array.from(document.querySelectorAll('.ml-chart'), g => {
      const asked = JSON.parse(g.wanted).figure.layout;
      return [g._fullLayout.height - asked.height, g._fullLayout._size.t - asked.margin.t];
    })""")
    assert max(pushed for _, pushed in grown_pushed) > 40
    assert all(abs(grown - pushed) <= 2 for grown, pushed in grown_pushed), grown_pushed


@pytest.mark.parametrize("info", PAGES, ids=lambda p: p.key)
def test_moving_a_slider_redraws_the_chart_and_updates_the_url(server, page, info):
    """The first slider of the page's main area: one key press must redraw some chart and
    appear in the URL, and the URL must reproduce the view in a new session."""
    page.goto(f"{server}/{info.url_path}")
    wait_for_app(page)
    before = all_chart_data(page)
    slider = page.locator("[data-testid='stMain'] [data-testid='stSlider']").first
    key = next(
        c
        for c in slider.locator("xpath=ancestor-or-self::*[contains(@class,'st-key-')]")
        .first.get_attribute("class")
        .split()
        if c.startswith("st-key-")
    )[len("st-key-") :]
    slider.get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)
    after = all_chart_data(page)
    assert before != after
    assert page.locator("[data-testid='stException']").count() == 0
    param = next(p for p in page.url.split("?")[1].split("&") if p.split("=")[0].replace(".", "-") == key)
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)
    wait_for_app(page)
    assert param in page.url
    assert all_chart_data(page) == after


def test_projector_mode_enlarges_text(server, page):
    page.goto(f"{server}/least_squares")
    wait_for_app(page)
    normal = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    page.goto(f"{server}/least_squares?projector=true")
    wait_for_app(page)
    large = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    assert large > normal
    page.screenshot(path=str(OUTPUT / "least_squares-projector.png"), full_page=True)


def test_clicking_the_chart_adds_and_removes_points(server, page):
    page.goto(f"{server}/least_squares")
    wait_for_app(page)
    page.locator(".st-key-ls-edit label").click()
    wait_for_app(page)
    n_before = len(next(t for t in chart_data(page, "ls.fit_chart") if t["name"] == "Training data")["x"])
    area = page.locator(".st-key-ls-fit_chart .nsewdrag").first.bounding_box()
    page.mouse.click(area["x"] + area["width"] * 0.5, area["y"] + area["height"] * 0.12)
    wait_for_app(page)
    points = next(t for t in chart_data(page, "ls.fit_chart") if t["name"] == "Training data")
    assert len(points["x"]) == n_before + 1
    page.get_by_role("button", name="Undo all edits").click()
    wait_for_app(page)
    points = next(t for t in chart_data(page, "ls.fit_chart") if t["name"] == "Training data")
    assert len(points["x"]) == n_before


def test_stepper_buttons_and_client_side_animation(server, page):
    page.goto(f"{server}/least_squares?ls.solver=sgd")
    wait_for_app(page)
    title = page.locator(".st-key-ls-sgd-chart .gtitle")
    last = title.text_content()
    page.locator(".st-key-ls-sgd-first button").first.click()
    wait_for_app(page)
    first = title.text_content()
    assert first != last and first.startswith("Step 0")
    page.locator(".st-key-ls-sgd-next button").first.click()
    wait_for_app(page)
    assert title.text_content() not in (first, last)
    # ▶ animates in the browser: the first press fetches the frames (one rerun), later ones play
    # while the script never reruns.
    page.evaluate("""() => { window.__reruns = 0; const app = document.querySelector('[data-testid=stApp]');
        new MutationObserver(() => { if (app.dataset.testScriptState === 'running') window.__reruns++; })
            .observe(app, {attributes: true}); }""")
    play, pause = page.locator(".st-key-ls-sgd-chart .updatemenu-button").all()
    for reruns in (1, 0):
        pause.click()  # (▶ starts again from the first frame)
        shown = title.text_content()
        play.click()
        page.wait_for_function(
            f"() => document.querySelector('.st-key-ls-sgd-chart .gtitle').textContent !== {shown!r}",
            polling="raf", timeout=10_000)
        page.wait_for_timeout(500)
        assert (page.evaluate("window.__reruns") > 0) == bool(reruns)
        page.evaluate("window.__reruns = 0")
