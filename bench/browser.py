"""Browser round trip per page: from a slider key press to the redrawn chart, in headless chromium.

Chromium renders in software here, so the numbers are an upper bound for a real laptop.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, free_port, wait_for_app
from ui.registry import PAGES, ROOT

PRESSES = 8
CHART_STATE = """() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(
    g => (g._fullData || []).map(t => (t.y ? t.y.length + ':' + t.y[0] + ':' + t.y[t.y.length - 1] : '')
                                       + (t.z ? ':' + t.z.length : '')).join('|')).join('#')"""


def round_trips() -> list[dict]:
    chromium = shutil.which("chromium")
    if chromium is None:
        return []
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                               "--server.address", "127.0.0.1", "--server.headless", "true"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{url}/_stcore/health", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1600, "height": 1200})
            for info in PAGES:
                page.goto(f"{url}/{info.url_path}")
                wait_for_app(page)
                sliders = page.locator("[data-testid='stMain'] [data-testid='stSlider']")
                thumb = sliders.first.get_by_role("slider")
                times = []
                for k in range(PRESSES):
                    before = page.evaluate(CHART_STATE)
                    thumb.focus()
                    started = time.perf_counter()
                    page.keyboard.press("ArrowRight" if k % 2 == 0 else "ArrowLeft")
                    page.wait_for_function(f"({CHART_STATE})() !== {json.dumps(before)}", polling="raf",
                                           timeout=30_000)
                    times.append(time.perf_counter() - started)
                    wait_for_app(page)
                rows.append({"page": info.key, "median_ms": statistics.median(times) * 1e3,
                             "max_ms": max(times) * 1e3})
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return rows
