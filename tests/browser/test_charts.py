"""ui.charts in a real browser (issue 18): a chart keeps its DOM node when its figure changes
(Plotly.react, not a new chart), and a stepper's ▶ still plays the Plotly frames."""

from tests.browser.conftest import wait_for_app
from ui.i18n import catalogue

PLOT = ".st-key-ls-fit_chart .js-plotly-plot"
STEP_TITLE = "() => document.querySelector('.st-key-gmm-em-chart .js-plotly-plot').layout.title.text"
EN = catalogue("en")


def test_a_chart_keeps_its_node_and_redraws_in_place(server, page):
    page.goto(f"{server}/least_squares")
    wait_for_app(page)
    page.wait_for_selector(PLOT)
    page.evaluate(f"document.querySelector('{PLOT}').dataset.marked = 'yes'")
    before = page.evaluate(f"Array.from(document.querySelector('{PLOT}')._fullData[1].y)")
    page.locator(".st-key-ls-h").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)
    assert page.evaluate(f"document.querySelector('{PLOT}').dataset.marked") == "yes"
    assert page.evaluate(f"Array.from(document.querySelector('{PLOT}')._fullData[1].y)") != before


def test_the_play_button_animates_the_stepper_frames(server, page):
    page.goto(f"{server}/mixtures")
    wait_for_app(page)
    page.wait_for_selector(".st-key-gmm-em-chart .js-plotly-plot")
    last = page.evaluate(STEP_TITLE)
    page.locator(".st-key-gmm-em-chart .updatemenu-button").first.click()
    page.wait_for_function(f"({STEP_TITLE})() !== {last!r}", timeout=10_000)
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_chart_follows_its_column_when_the_sidebar_closes(server, page):
    page.goto(f"{server}/least_squares")
    wait_for_app(page)
    page.wait_for_selector(PLOT)
    width = f"document.querySelector('{PLOT}')._fullLayout.width"
    before = page.evaluate(width)
    page.locator("[data-testid='stSidebar']").hover()  # its close button shows on hover
    page.locator("[data-testid='stSidebarCollapseButton'] button").click()
    page.wait_for_function(f"{width} > {before} + 50", timeout=10_000)


FRAMES = "() => document.querySelector('.st-key-gmm-em-chart .js-plotly-plot')._transitionData._frames.length"


def test_stepper_frames_are_kept_and_asked_for_again_by_a_new_chart(server, page):
    page.goto(f"{server}/mixtures")
    wait_for_app(page)
    page.wait_for_selector(".st-key-gmm-em-chart .js-plotly-plot")
    frames = page.evaluate(FRAMES)
    assert frames > 1
    page.locator(".st-key-gmm-em-step").get_by_role("slider").focus()
    page.keyboard.press("Home")  # a step: the server sends the frames' digest only
    wait_for_app(page)
    assert page.evaluate(FRAMES) == frames
    page.get_by_text(EN["gmm.views.hard"], exact=True).click()
    wait_for_app(page)
    page.get_by_text(EN["gmm.views.em"], exact=True).click()  # a new chart, the same frames
    wait_for_app(page)
    page.wait_for_function(f"({FRAMES})() === {frames}", timeout=10_000)
    last = page.evaluate(STEP_TITLE)
    page.locator(".st-key-gmm-em-chart .updatemenu-button").first.click()
    page.wait_for_function(f"({STEP_TITLE})() !== {last!r}", timeout=10_000)
