"""serve.py: plotly.js and KaTeX reach a browser once; a second page load revalidates them (304)."""

from tests.browser.conftest import wait_for_app

SENT = """() => Object.fromEntries(performance.getEntriesByType('resource')
    .filter(e => /ml_explorer_(plotly|katex)\\.js\\//.test(e.name))
    .map(e => [e.name.split('/').pop(), e.transferSize]))"""


def test_a_second_page_load_gets_plotly_and_katex_without_their_bodies(server, new_context):
    page = new_context().new_page()  # a browser that has never seen the app
    page.goto(f"{server}/mixtures?gmm.view=em")
    wait_for_app(page)
    first = page.evaluate(SENT)
    assert first["plotly.min.js"] > 1_000_000  # gzipped: ~1.5 MB of 4.8
    page.goto(f"{server}/mixtures?gmm.view=em")
    wait_for_app(page)
    again = page.evaluate(SENT)
    assert again.keys() == first.keys() and any(name.startswith("rehype-katex") for name in again)
    assert all(size < 1_000 for size in again.values()), again  # headers only: 304 Not Modified
    assert page.locator(".js-plotly-plot").count() >= 1 and page.locator(".katex").count() >= 1
