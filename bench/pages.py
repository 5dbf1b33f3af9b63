"""Page rerun times: median and p95 of AppTest reruns after a hyperparameter change."""

from __future__ import annotations

import logging
import time

from streamlit.testing.v1 import AppTest

from bench.core import percentile
from tests.app.apptools import set_label
from ui.registry import PAGES
from ui.registry import ROOT

RERUNS = 11
# AppTest built outside a script run logs "missing ScriptRunContext" once per page: harmless here.
logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
    lambda record: "missing ScriptRunContext" not in record.getMessage())


def first_main_slider(at: AppTest):
    """The first slider or select slider of the main area (a hyperparameter, not the data panel)."""
    for kind in ("slider", "select_slider"):
        for widget in getattr(at.main, kind):
            if widget.key and not widget.key.endswith(".step"):
                return widget
    return None


def rerun_times(file: str, query: dict | None = None) -> dict:
    at = AppTest.from_file(str(ROOT / "pages" / file), default_timeout=120)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    times = []
    for i in range(RERUNS):
        widget = first_main_slider(at)
        if widget is None:
            t0 = time.perf_counter()
            at.run()
        else:
            kind = type(widget).__name__
            if kind == "SelectSlider":
                options = widget.options
                label = options[
                    (options.index(widget.format_func(widget.value)) + (1 if i % 2 == 0 else -1))
                    % len(options)
                ]
                set_label(at, widget, label)
            else:
                step = widget.step or 1
                value = (
                    widget.value + step
                    if i % 2 == 0 and widget.value + step <= widget.max
                    else widget.value - step
                )
                widget.set_value(max(widget.min, value))
            t0 = time.perf_counter()
            at.run()
        times.append(time.perf_counter() - t0)
        if at.exception:
            raise RuntimeError(f"{file}: {at.exception[0].value}")
    return {
        "median_ms": percentile(times, 50) * 1e3,
        "p95_ms": percentile(times, 95) * 1e3,
        "widget": getattr(widget, "key", "—"),
    }


LARGE_N = 20_000


def page_rows(pages: list[str] | None = None, large_n: int | None = LARGE_N) -> list[dict]:
    """Default data, then the same page with ``large_n`` points (its default data set, if generated;
    None: default data only); ``pages``: page keys or URL paths to keep (None: every page)."""
    rows = []
    for page in [p for p in PAGES if not pages or p.key in pages or p.url_path in pages]:
        row = {"page": page.key, **rerun_times(page.file)}
        if large_n:
            large = rerun_times(page.file, {f"{page.key}.n": str(large_n)})
            row["large_median_ms"], row["large_p95_ms"] = large["median_ms"], large["p95_ms"]
        rows.append(row)
    return rows


def view_rows(pages: list[str] | None = None) -> list[dict]:
    """Every view of every page (discovered from views/<page>/; ``pages``: page keys to keep), opened
    by its URL, default data."""
    return [
        {"view": f"{page.key}.{code}", **rerun_times(page.file, {f"{page.key}.view": code})}
        for page in PAGES
        if not pages or page.key in pages
        for code in page.views
    ]
