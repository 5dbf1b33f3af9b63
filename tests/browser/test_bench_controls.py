"""bench.browser in a real browser: which controls a view's round trips press, and that their presses
redraw a chart (a view whose slider moves no chart is measured through its toggle or segments)."""

from bench.browser import controls
from bench.browser import presses_redrawn
from tests.browser.conftest import wait_for_app


def test_controls_are_sliders_then_toggles_then_segments_without_the_view_switcher(server, page):
    page.goto(f"{server}/neural_networks?nn.view=gates")
    wait_for_app(page)
    assert [label for label, _, _ in controls(page, "nn")] == ["Perceptron epochs (at most)", "Truth table"]
    page.goto(f"{server}/generative?gen.view=text")
    wait_for_app(page)
    assert [label for label, _, _ in controls(page, "gen")] == ["Laplace smoothing in the tables"]


def test_a_toggle_and_segments_redraw_where_the_slider_does_not(server, page):
    page.goto(f"{server}/neural_networks?nn.view=gates")
    wait_for_app(page)
    _, (_, segments, spaces) = controls(page, "nn")  # (its epochs slider: the AND perceptron has converged)
    assert len(presses_redrawn(page, segments, spaces, 4)) == 4  # AND ↔ OR: a new boundary each time
    page.goto(f"{server}/generative?gen.view=text")
    wait_for_app(page)
    (_, toggle, keys), = controls(page, "gen")
    assert len(presses_redrawn(page, toggle, keys, 2)) == 2
