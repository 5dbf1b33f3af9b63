"""Real-browser fixtures: a `streamlit run` server (one per pytest-xdist worker) and Playwright on
Debian's chromium.

Without chromium the browser tests skip with a loud reason, except in CI
(ML_EXPLORER_REQUIRE_BROWSER=1), where its absence fails the run. No browser is ever downloaded.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "output"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    """Browser tests carry the mark ``browser`` (``-m "not browser"`` leaves them out)."""
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(log_name: str):
    """The app served by `streamlit run` on a free port (its output in tests/output/<log_name>)."""
    port = free_port()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    log = open(OUTPUT / log_name, "w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "serve.py",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                break
        except OSError:
            time.sleep(0.3)
    else:
        process.terminate()
        pytest.fail(f"streamlit did not start; see tests/output/{log_name}")
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def server():
    """The app, shared by the browser tests of one pytest-xdist worker."""
    with serving(f"server-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log") as url:
        yield url


@pytest.fixture
def fresh_server():
    """The app started for one test, whose first page load is the server's first session."""
    with serving("fresh-server.log") as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if CHROMIUM is None:
        if os.environ.get("ML_EXPLORER_REQUIRE_BROWSER"):
            pytest.fail("chromium is required here (ML_EXPLORER_REQUIRE_BROWSER=1) but was not found")
        pytest.skip("BROWSER TESTS SKIPPED: chromium not found; install Debian's chromium to run them")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


VIEWPORT = {"width": 1600, "height": 1400}
NARROW_VIEWPORT = {"width": 1280, "height": 800}  # a laptop or a projector: the narrowest column of controls


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": VIEWPORT}


@pytest.fixture(scope="session")
def profile(playwright, browser_type_launch_args, browser_context_args, tmp_path_factory):
    """One browser profile on disk per pytest-xdist worker, as a student's browser has. Chromium keeps
    the compiled code of plotly.js there (V8's code cache, which Playwright's off-the-record contexts
    never keep): from the third page load on, plotly.js is ready in ~0.3 s instead of ~1.2 s."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("profile"), **browser_type_launch_args, **browser_context_args)
    yield context
    context.close()


@pytest.fixture
def context(profile):
    """The worker's profile (see :func:`profile`). After each test its pages are closed and what
    Streamlit keeps in the browser's storage is cleared (the sidebar's width and state), so that a
    test never sees another's; a test that needs a browser that has never seen the app asks for
    pytest-playwright's ``new_context``."""
    yield profile
    for page in profile.pages:
        if page.url.startswith("http"):
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.close()
    profile.clear_cookies()


def wait_for_app(page, timeout: float = 30_000) -> None:
    """Until the script has finished running and the page has settled."""
    page.wait_for_timeout(250)
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=timeout)
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout)
    # Until the page has content (a server's first session ends one run with an empty page: the
    # legacy-pages rerun of ui.frame), no widget still shows the skeleton of its loading code, and
    # our components (ui.components), which draw after the script has run, each hold their chart or
    # formulas (plotly.js and KaTeX load once per page) and none is still drawing.
    page.wait_for_function(
        "document.querySelector('[data-testid=stMain] .stElementContainer') !== null"
        " && document.querySelectorAll('[data-testid=stSkeleton],"
        " .stBidiComponent:not(:has(.ml-chart, .ml-formulas)), [data-drawing]').length === 0",
        timeout=timeout,
    )
    page.wait_for_timeout(400)


def all_chart_data(page):
    """The drawn data of every chart on the page (to see whether anything changed)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(
        g => (g._fullData || []).map(
            t => [Array.from(t.x || []), Array.from(t.y || []), t.z ? t.z.length : 0]))""")


def overflowing_chart_text(page) -> list[str]:
    """Chart titles, axis titles, legend entries and panel labels that stick out of their chart,
    titles that run into each other (subplot titles side by side), and a legend over its chart's title."""
    return page.evaluate("""() => {
      const out = [];
      document.querySelectorAll('.js-plotly-plot').forEach(g => {
        const svg = g.querySelector('svg.main-svg');
        if (!svg) return;
        const box = svg.getBoundingClientRect();
        const texts = '.gtitle, .g-xtitle text, .g-ytitle text, .legendtext, .annotation-text';
        g.querySelectorAll(texts).forEach(el => {
          const r = el.getBoundingClientRect();
          const over = Math.max(box.left - r.left, r.right - box.right,
                                box.top - r.top, r.bottom - box.bottom);
          if (r.width > 0 && over > 2) out.push(`"${el.textContent}" by ${Math.round(over)} px`);
        });
        const titles = Array.from(g.querySelectorAll('.gtitle, .annotation-text'),
                                  el => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
        const legend = g.querySelector('.legend .bg');
        if (legend) titles.push([{textContent: 'the legend'}, legend.getBoundingClientRect()]);
        titles.forEach(([a, r], i) => titles.slice(i + 1).forEach(([b, q]) => {
          const across = Math.min(r.right, q.right) - Math.max(r.left, q.left);
          const down = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
          if (across > 2 && down > 2) {
            out.push(`"${a.textContent}" runs into "${b.textContent}" by ${Math.round(across)} px`);
          }
        }));
      });
      return out;
    }""")


def clipped_choices(page) -> list[str]:
    """Segmented controls of the main area with a button sticking out of the control (clipped in a
    narrow column of controls): their label and by how many pixels; and toggle or checkbox labels cut
    short (Streamlit ends them with an ellipsis)."""
    return page.evaluate("""() => {
      const labels = document.querySelectorAll(
        '[data-testid=stMain] [data-testid=stCheckbox] .stMarkdownEllipsis');
      const cut = Array.from(labels).filter(e => e.scrollWidth > e.clientWidth + 1);
      const groups = document.querySelectorAll('[data-testid=stMain] [data-testid=stButtonGroup]');
      return cut.map(e => `"${e.innerText}" cut short`).concat(Array.from(groups).flatMap(g => {
        const box = g.getBoundingClientRect();
        const sides = b => {
          const r = b.getBoundingClientRect();
          return Math.max(box.left - r.left, r.right - box.right);
        };
        const shown = Array.from(g.querySelectorAll('button')).filter(b => b.offsetWidth > 0);
        const over = Math.max(0, ...shown.map(sides));
        return over > 2 ? [`"${g.innerText.split('\\n')[0]}" by ${Math.round(over)} px`] : [];
      }));
    }""")


def chart_data(page, key: str):
    """The data Plotly actually drew in the chart with the given widget key."""
    css = ".st-key-" + key.replace(".", "-")
    page.wait_for_function(
        f"document.querySelector('{css} .js-plotly-plot') && "
        f"document.querySelector('{css} .js-plotly-plot')._fullData"
    )
    return page.evaluate(f"""() => document.querySelector('{css} .js-plotly-plot')._fullData.map(
        t => ({{name: t.name, x: Array.from(t.x || []), y: Array.from(t.y || [])}}))""")
