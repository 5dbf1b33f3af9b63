"""make thumbnails: home-page card images and the README screenshot, taken in Debian's chromium.

Starts the app, opens each page at its defaults, and saves the main chart as
``assets/thumbnails/<url_path>.png`` and the least-squares page as ``assets/screenshots/``.
Run it after a page's look changes and commit the images (nothing is drawn at run time).
"""

from __future__ import annotations

import shutil
import sys

from PIL import Image
from playwright.sync_api import sync_playwright

from bench.core import start_app
from bench.core import wait_healthy
from tests.browser.conftest import CHROMIUM_ARGS
from tests.browser.conftest import free_port
from tests.browser.conftest import wait_for_app
from ui.registry import PAGES
from ui.registry import ROOT

THUMBNAILS = ROOT / "assets" / "thumbnails"
SCREENSHOTS = ROOT / "assets" / "screenshots"


CARD = (800, 500)  # every card image has the same size, so the home page's cards line up


def fit_to_card(path) -> None:
    """Scale the screenshot to fit CARD and centre it on white."""
    image = Image.open(path).convert("RGB")
    image.thumbnail(CARD, Image.LANCZOS)
    card = Image.new("RGB", CARD, "white")
    card.paste(image, ((CARD[0] - image.width) // 2, (CARD[1] - image.height) // 2))
    card.save(path, optimize=True)


def main() -> None:
    """All pages, or only the pages whose URL paths are given as arguments (then no README screenshot)."""
    wanted = sys.argv[1:]
    pages = [info for info in PAGES if not wanted or info.url_path in wanted]
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("chromium not found: apt-get install chromium")
    port = free_port()
    server = start_app(port)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(f"127.0.0.1:{port}")
        THUMBNAILS.mkdir(parents=True, exist_ok=True)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            for info in pages:
                page.goto(f"{url}/{info.url_path}")
                wait_for_app(page)
                target = THUMBNAILS / f"{info.url_path}.png"
                page.locator("[data-testid='stPlotlyChart']").first.screenshot(path=str(target))
                fit_to_card(target)
                print("thumbnail", info.url_path)
            if not wanted:
                page.goto(f"{url}/least_squares")
                wait_for_app(page)
                page.screenshot(path=str(SCREENSHOTS / "least_squares.png"))
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
