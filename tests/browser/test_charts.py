"""ui.charts in a real browser (issue 18): a chart keeps its DOM node when its figure changes
(Plotly.react, not a new chart), and a stepper's ▶ fetches the Plotly frames once and plays them."""

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
    fit = (f"Array.from(document.querySelector('{PLOT}')._fullData"
           f".find(t => t.name === {EN['ls.constraints.l2']!r}).y)")
    before = page.evaluate(fit)
    page.locator(".st-key-ls-h").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)
    assert page.evaluate(f"document.querySelector('{PLOT}').dataset.marked") == "yes"
    assert page.evaluate(fit) != before


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


def play_and_wait(page) -> None:
    """Press the EM stepper's ▶ and wait until the animation has moved the step title."""
    last = page.evaluate(STEP_TITLE)
    page.locator(".st-key-gmm-em-chart .updatemenu-button").first.click()
    page.wait_for_function(f"({STEP_TITLE})() !== {last!r}", timeout=10_000)


def test_stepper_frames_come_when_play_asks_and_stay_until_the_fit_changes(server, page):
    messages = []  # plotly.js warnings (such as WARN: on animate) and script errors
    page.on("console", lambda m: messages.append(m.text) if m.text.startswith("WARN:") else None)
    page.on("pageerror", lambda error: messages.append(str(error)))
    page.goto(f"{server}/mixtures")
    wait_for_app(page)
    page.wait_for_selector(".st-key-gmm-em-chart .js-plotly-plot")
    assert page.evaluate(FRAMES) == 0  # a figure carries only its frames' digest
    play_and_wait(page)  # ▶ asks for them, the rerun brings them and the chart plays
    frames = page.evaluate(FRAMES)
    assert frames > 1
    page.locator(".st-key-gmm-em-step").get_by_role("slider").focus()
    page.keyboard.press("Home")  # a step: the chart keeps them
    wait_for_app(page)
    assert page.evaluate(FRAMES) == frames
    play_and_wait(page)
    page.get_by_text(EN["gmm.views.hard"], exact=True).click()
    wait_for_app(page)
    page.get_by_text(EN["gmm.views.em"], exact=True).click()  # a new chart asks again on ▶
    wait_for_app(page)
    page.wait_for_selector(".st-key-gmm-em-chart .js-plotly-plot")
    assert page.evaluate(FRAMES) == 0
    play_and_wait(page)
    assert page.evaluate(FRAMES) == frames
    page.locator(".st-key-gmm-k").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")  # a new fit: its frames wait for ▶
    wait_for_app(page)
    assert page.evaluate(FRAMES) == 0
    assert messages == []


def test_graph_edges_are_drawn_as_one_walk_with_every_turn_kept(server, page):
    """ui.polylines.graph_walk: plotly.js must draw the k-NN graph as the walk it is sent, breaking the
    line only between parts (None) and keeping every turning point (no line simplification), so that
    each edge is stroked."""
    page.goto(f"{server}/clustering?clu.view=spectral")
    wait_for_app(page)
    graph = ".st-key-clu-sc_graph .js-plotly-plot"
    page.wait_for_selector(graph)
    sent, drawn = page.evaluate(f"""() => {{
        const plot = document.querySelector('{graph}');
        const trace = plot._fullData.findIndex(t => t.mode === 'lines');
        const x = Array.from(plot._fullData[trace].x);
        const lines = plot.querySelectorAll('.scatterlayer .trace')[trace].querySelectorAll('.js-line');
        const d = Array.from(lines).map(l => l.getAttribute('d')).join('');
        return [[x.filter(v => v !== null).length, x.filter(v => v === null).length + 1],
                [(d.match(/[ML]/g) || []).length, (d.match(/M/g) || []).length]];
    }}""")
    assert sent[0] > 2000  # points of the walk: each of ~1 900 edges there and back
    assert drawn == sent  # every point drawn, a move-to only where a part begins
