"""SELF's labelling in a real browser: a click on a grey point labels it, a second click unlabels it."""

from tests.browser.conftest import chart_data
from tests.browser.conftest import wait_for_app

CHART = ".st-key-sdr-self_chart .js-plotly-plot"


def point_on_screen(page, trace: str, index: int) -> dict:
    """Page coordinates of point ``index`` of the named trace of the SELF chart."""
    return page.evaluate(f"""() => {{
        const gd = document.querySelector('{CHART}');
        const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
        const tr = gd._fullData.find(t => t.name === '{trace}');
        const box = gd.getBoundingClientRect();
        return {{x: box.left + xa._offset + xa.d2p(tr.x[{index}]),
                 y: box.top + ya._offset + ya.d2p(tr.y[{index}])}};
    }}""")


def count(page, trace: str) -> int:
    return len(next(t for t in chart_data(page, "sdr.self_chart") if t["name"] == trace)["x"])


def test_clicking_points_labels_and_unlabels_them(server, page):
    page.goto(f"{server}/supervised_dimensionality_reduction?sdr.view=semi")
    wait_for_app(page)
    assert count(page, "unlabelled") == 96
    spot = point_on_screen(page, "unlabelled", 0)
    page.mouse.click(spot["x"], spot["y"])
    wait_for_app(page)
    assert count(page, "unlabelled") == 95
    assert page.get_by_text("5 labelled points").count() == 1
    page.mouse.click(spot["x"], spot["y"])            # the same point, now labelled: unlabel it
    wait_for_app(page)
    assert count(page, "unlabelled") == 96
    page.mouse.click(spot["x"], spot["y"])
    wait_for_app(page)
    assert count(page, "unlabelled") == 95
    page.get_by_role("button", name="Back to two labels per class").click()
    wait_for_app(page)
    assert count(page, "unlabelled") == 96
