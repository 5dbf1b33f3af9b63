"""Clicking a panel of kernel k-means' gallery steps through that start (its points carry the seed as
customdata; with hoverinfo "skip" Plotly sends no click for them at all)."""

from tests.browser.conftest import wait_for_app


def test_clicking_a_gallery_panel_picks_its_seed(server, page):
    page.goto(f"{server}/clustering?clu.view=kernel")
    wait_for_app(page)
    seed = page.locator(".st-key-clu-init_seed input")
    assert seed.input_value() == "0"
    point = page.locator(".st-key-clu-kk_gallery g.subplot.x4y4 path.point").nth(10)  # the fourth start
    point.scroll_into_view_if_needed()
    box = point.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_for_app(page)
    page.wait_for_function("() => document.querySelector('.st-key-clu-init_seed input').value === '3'")
