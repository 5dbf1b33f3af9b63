"""The VC view in a real browser: a click on the placing area adds a point and every labelling is
enumerated again (3 points → 8 labellings, 4 points → 16)."""

from tests.browser.conftest import chart_data
from tests.browser.conftest import wait_for_app


def test_clicking_places_a_point_and_enumerates_again(server, page):
    page.goto(f"{server}/learning_theory?lt.view=vc")
    wait_for_app(page)
    points = next(t for t in chart_data(page, "lt.place_chart") if t["name"] == "points")
    assert len(points["x"]) == 3
    area = page.locator(".st-key-lt-place_chart .nsewdrag").first.bounding_box()
    page.mouse.click(area["x"] + area["width"] * 0.62, area["y"] + area["height"] * 0.55)
    wait_for_app(page)
    points = next(t for t in chart_data(page, "lt.place_chart") if t["name"] == "points")
    assert len(points["x"]) == 4
    assert page.get_by_text("/ 16").count() >= 1
