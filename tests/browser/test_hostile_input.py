"""User text is never markup: a CSV header is shown literally and injects nothing (real browser)."""

from tests.browser.conftest import OUTPUT
from tests.browser.conftest import wait_for_app

HOSTILE = "<img src=x onerror=alert(1)>"
CSV = f"{HOSTILE},**bold**,[link](javascript:alert(2))\n" + "".join(
    f"{i},{i % 3},{2 * i}\n" for i in range(12))


def test_markup_in_a_csv_header_is_shown_literally(server, page, tmp_path):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    upload = tmp_path / "<b>evil<b>.csv"  # the file name is user text too
    upload.write_text(CSV, encoding="utf-8")
    page.goto(f"{server}/least_squares?ls.data=csv")
    wait_for_app(page)
    dropzone = ".st-key-ls-csv_file [data-testid='stFileUploaderDropzoneInput']"  # not the settings loader
    page.locator(dropzone).set_input_files(str(upload))
    wait_for_app(page)
    page.wait_for_timeout(1500)
    page.screenshot(path=str(OUTPUT / "hostile-csv.png"), full_page=True)
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.locator("img[src='x']").count() == 0
    assert page.locator("main b:text-is('evil')").count() == 0
    assert page.locator("a[href^='javascript']").count() == 0
    assert dialogs == []
    text = (page.locator("[data-testid='stSidebar']").inner_text()
            + page.locator(".js-plotly-plot").first.inner_text())
    assert "**bold**" in text or "[link](javascript:alert(2))" in text


def test_a_hostile_link_shows_the_defaults_a_notice_and_a_clean_link(server, page):
    """?ls.seed=inf once stopped the page; now the seed shows its default, the link is cleaned, and
    the seed control writes the URL again when moved."""
    page.goto(f"{server}/least_squares?ls.seed=inf&ls.n=1e308&ls.h=0.5")
    assert "ls.seed" in page.locator("[data-testid='stToast']").inner_text()  # read before it fades
    wait_for_app(page)
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.locator(".st-key-ls-seed input").input_value() == "0"
    assert page.url.endswith("/least_squares?ls.h=0.5")
    page.locator(".st-key-ls-seed input").fill("7")
    page.keyboard.press("Enter")
    wait_for_app(page)
    assert "ls.seed=7" in page.url
    assert page.locator("[data-testid='stException']").count() == 0
