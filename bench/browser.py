"""Browser round trip per page: from a key press on a control (a slider, else a toggle or segmented
control) to the redrawn chart, in headless chromium.

Chromium renders in software here, so the numbers are an upper bound for a real laptop.
"""

from __future__ import annotations

import json
import math
import shutil
import statistics
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bench.core import percentile
from bench.core import start_app
from bench.core import wait_healthy
from tests.browser.conftest import CHROMIUM_ARGS
from tests.browser.conftest import free_port
from tests.browser.conftest import wait_for_app
from ui.registry import PAGES

PRESSES = 16
PRESS_TIMEOUT_MS = 10_000
# A fingerprint of every chart: per drawn trace (Plotly's _fullData: the binary arrays decoded), the
# length of x, y and z and a weighted sum of about 1 000 of their values (rows of z included). It is
# polled every animation frame, so it samples rather than reads all 90 000 values of a 150² surface.
CHART_STATE = """() => {
  const total = (a, budget) => {
    const step = Math.max(1, Math.ceil(a.length / budget));
    const inner = Math.max(1, Math.floor(budget / a.length));
    let s = 0;
    for (let i = 0; i < a.length; i += step) {
      const v = a[i];
      s += (i + 1) * (Array.isArray(v) || ArrayBuffer.isView(v) ? total(v, inner) : +v || 0);
    }
    return s;
  };
  return Array.from(document.querySelectorAll('.js-plotly-plot')).map(
    g => (g._fullData || []).map(
      t => ['x', 'y', 'z'].map(k => (t[k] ? t[k].length + ':' + total(t[k], 1000) : '')).join(',')).join('|')
  ).join('#');
}"""


def targets(pages: list[str] | None = None, n: int | None = None, views: bool = False) -> list[tuple]:
    """(page key, view code or "", URL path and query) to measure: each kept page (``pages``: page keys
    or URL paths; None: every page) at its first view, or at every view with ``views``; ``n``: the
    page's data set with n samples (its default data set, if generated)."""
    rows = []
    for page in [p for p in PAGES if not pages or p.key in pages or p.url_path in pages]:
        for view in page.views if views else ("",):
            query = [f"{page.key}.view={view}"] * bool(view) + [f"{page.key}.n={n}"] * bool(n)
            rows.append((page.key, view, page.url_path + ("?" + "&".join(query) if query else "")))
    return rows


def presses_redrawn(page, focused: tuple, keys: tuple[str, str], presses: int) -> list[float]:
    """Seconds from each of ``presses`` key presses to a changed chart: press k focuses
    ``focused[k % 2]`` and presses ``keys[k % 2]`` (so the control goes back and forth between two
    values). The presses that left every chart as it was are left out, and none are measured when
    neither of the first two presses redrew a chart (this control draws no chart)."""
    times = []
    for k in range(presses):
        before = page.evaluate(CHART_STATE)
        focused[k % 2].focus()
        started = time.perf_counter()
        page.keyboard.press(keys[k % 2])
        try:
            page.wait_for_function(f"({CHART_STATE})() !== {json.dumps(before)}", polling="raf",
                                   timeout=PRESS_TIMEOUT_MS)
        except PlaywrightTimeout:  # this press leaves every chart as it was
            wait_for_app(page)
            if k == 1 and not times:
                return []
            continue
        times.append(time.perf_counter() - started)
        wait_for_app(page)
    return times


def controls(page, page_key: str) -> list[tuple]:
    """The view's controls that key presses move, in the order tried: (label, focused, keys) of each
    slider (arrow right, arrow left on its thumb), then of each toggle (space, space) and segmented
    control (space on its second option, then on its first); select boxes are left out (their menu
    must be opened first). The page's view switcher (a segmented control keyed ``<page key>.view``) is
    not one of them."""
    found = []
    for kind in ("stSlider", "stCheckbox", "stButtonGroup"):
        widgets = page.locator(f"[data-testid='stMain'] .stElementContainer:not(.st-key-{page_key}-view) "
                               f"[data-testid='{kind}']")
        for w in range(widgets.count()):
            widget = widgets.nth(w)
            if kind == "stSlider":
                thumb = widget.get_by_role("slider")
                focused, keys = (thumb, thumb), ("ArrowRight", "ArrowLeft")
            elif kind == "stCheckbox":
                box = widget.locator("input")
                focused, keys = (box, box), ("Space", "Space")
            else:
                options = widget.get_by_role("radio")
                focused, keys = (options.nth(1), options.nth(0)), ("Space", "Space")
            found.append((widget.inner_text().split("\n")[0], focused, keys))
    return found


def round_trips(pages: list[str] | None = None, presses: int = PRESSES, n: int | None = None,
                views: bool = False) -> list[dict]:
    """Round trips per page, or per view with ``views`` (see :func:`targets`)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        return []
    port = free_port()
    server = start_app(port)
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        wait_healthy(f"127.0.0.1:{port}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1600, "height": 1200})
            for key, view, path in targets(pages, n, views):
                page.goto(f"{url}/{path}")
                wait_for_app(page)
                control, times = "(no control)", []
                for c, (label, focused, keys) in enumerate(controls(page, key)):  # the first redrawing most
                    tried = presses_redrawn(page, focused, keys, presses)
                    if len(tried) > len(times) or c == 0:
                        control, times = label, tried
                    if len(times) >= presses // 2:
                        break
                rows.append({"page": key, "view": view, "control": control, "presses": len(times),
                             "median_ms": statistics.median(times) * 1e3 if times else math.nan,
                             "p95_ms": percentile(times, 95) * 1e3 if times else math.nan,
                             "max_ms": max(times) * 1e3 if times else math.nan})
                print(f"{path}: {rows[-1]['median_ms']:.0f} ms median", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return rows
