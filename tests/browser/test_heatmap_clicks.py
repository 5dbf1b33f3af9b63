"""Clicking a heat-map cell picks that cell (ui.heatmaps.heatmap_figure: customdata = (row, col))."""

from urllib.parse import parse_qs
from urllib.parse import urlparse

from tests.browser.conftest import wait_for_app


def test_clicking_a_minkovdm_cell_picks_its_two_applicants(server, page):
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{server}/clustering?clu.view=vdm")
    wait_for_app(page)
    page.locator(".st-key-clu-dm_chart").scroll_into_view_if_needed()
    area = page.locator(".st-key-clu-dm_chart .nsewdrag").first.bounding_box()
    # 15 × 15 cells, rows from the bottom: the cell at 5/6 of the width and 1/6 of the height is (13, 13)
    cell = area["width"] / 15, area["height"] / 15
    page.mouse.click(area["x"] + 12.5 * cell[0], area["y"] + 2.5 * cell[1])
    wait_for_app(page)
    page.wait_for_function("() => location.search.includes('clu.row_i=13')")
    query = parse_qs(urlparse(page.url).query)
    assert query["clu.row_i"] == ["13"] and query["clu.row_j"] == ["13"]
