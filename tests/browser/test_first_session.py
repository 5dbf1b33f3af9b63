"""The very first visit after the server starts (on a server started for this test).

Streamlit runs an app with a ``pages/`` folder in legacy mode until some session has executed
``st.navigation``; a deep link then used to show "Page not found" or the legacy sidebar.
"""

from tests.browser.conftest import wait_for_app


def test_a_deep_link_opens_the_page_and_view_it_names(fresh_server, page):
    page.goto(f"{fresh_server}/least_squares?ls.view=select&ls.h=0.03")
    wait_for_app(page)
    assert page.get_by_text("Page not found").count() == 0
    # wait_for_app has waited for the real run, not the legacy-pages run's empty page: the view's
    # width slider is drawn at the link's value (count, unlike a locator's text, does not wait)
    width = page.locator(".st-key-ls-h [data-testid='stSliderThumbValue']")
    assert width.count() == 1 and width.inner_text() == "0.03"
    nav = page.locator("[data-testid='stSidebarNav']").inner_text()
    assert "Least squares & model selection" in nav and "least squares" not in nav
    assert page.locator(".st-key-ls-view [aria-checked='true']").inner_text() == "Model selection"
    assert "ls.h=0.03" in page.url
    assert page.locator("[data-testid='stException']").count() == 0
