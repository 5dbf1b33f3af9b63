"""Timing helpers and the case format shared by the fit benchmarks, and the app server the browser
benches and make load start."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ui.registry import ROOT


@dataclass(frozen=True)
class FitCase:
    """One estimator timed beside its scikit-learn counterpart on the same data.

    ``data(n)`` returns the arguments of ``fit``; ``ours()`` and ``reference()`` build fresh,
    unfitted estimators (``reference`` is None when scikit-learn has no counterpart). ``goal``
    is the issue's target for ours/reference, e.g. 1.0 (no slower) or 3.0.
    """

    name: str
    ours: Callable[[], object]
    reference: Callable[[], object] | None
    data: Callable[[int], tuple]
    goal: float | None = None


def median_times(fns: list[Callable[[], object]], repeats: int = 7, budget: float = 2.0,
                 at_least: int = 3) -> list[float]:
    """Median wall time in seconds of each of ``fns``, run in turns (one run of each per round), so a
    change of the machine's load touches all of them alike; fewer rounds past ``budget``, not under
    ``at_least``."""
    times = [[] for _ in fns]
    start = time.perf_counter()
    for _ in range(repeats):
        for fn, runs in zip(fns, times, strict=True):
            t0 = time.perf_counter()
            fn()
            runs.append(time.perf_counter() - t0)
        if time.perf_counter() - start > budget and len(times[0]) >= at_least:
            break
    return [statistics.median(runs) for runs in times]


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def run_fit_case(case: FitCase, n: int = 500, repeats=7, budget=2.0, at_least=3) -> dict:
    args = case.data(n)
    timing = dict(repeats=repeats, budget=budget, at_least=at_least)
    fits = [lambda: case.ours().fit(*args)] + [lambda: case.reference().fit(*args)] * bool(case.reference)
    ours, reference = (median_times(fits, **timing) + [None])[:2]
    return {
        "name": case.name,
        "n": n,
        "ours_ms": ours * 1e3,
        "reference_ms": None if reference is None else reference * 1e3,
        "ratio": None if reference is None else ours / reference,
        "goal": case.goal,
    }


def run_fit_sizes(case: FitCase, sizes=(500, 5000, 20000), budget: float = 30.0) -> list[dict]:
    """``run_fit_case`` at each size (above the first: up to 3 repeats within ``budget``, at least one).

    Before a larger size, single fits at doubling sizes measure the exponent k of fit time ∝ n^k
    while a cubic extrapolation of the next doubling stays within ``budget``; a size whose fit is
    then predicted over ``budget`` seconds is skipped, with the prediction as ``skipped``. A fit that
    refuses a larger size (ValueError, e.g. an SGD that diverges there) ends the row with ``failed``.
    """
    rows = [run_fit_case(case, sizes[0])]
    m, seconds, k = sizes[0], rows[0]["ours_ms"] / 1e3, 3.0
    for n in sizes[1:]:
        if "failed" in rows[-1]:
            rows.append({"n": n, "failed": rows[-1]["failed"]})
            continue
        if "skipped" in rows[-1]:
            rows.append({"n": n, "skipped": rows[-1]["skipped"] * (n / rows[-1]["n"]) ** k})
            continue
        try:
            while 2 * m < n and seconds * 8 <= budget:
                args = case.data(2 * m)
                probe = median_times([lambda a=args: case.ours().fit(*a)], repeats=1, at_least=1)[0]
                m, seconds, k = 2 * m, probe, max(1.0, float(np.log2(probe / seconds)))
            predicted = seconds * (n / m) ** k
            if predicted > budget:
                rows.append({"n": n, "skipped": predicted})
                continue
            rows.append(run_fit_case(case, n, repeats=3, budget=budget, at_least=1))
        except ValueError as error:
            rows.append({"n": n, "failed": str(error)})                 # here or at a size on the way
            continue
        new_seconds = rows[-1]["ours_ms"] / 1e3
        k = max(1.0, float(np.log(new_seconds / seconds) / np.log(n / m)))
        m, seconds = n, new_seconds
    return rows


def fit_exponent(small: dict, large: dict) -> float:
    """Slope k of fit time ∝ n^k between two timed rows of ``run_fit_sizes``."""
    return float(np.log(large["ours_ms"] / small["ours_ms"]) / np.log(large["n"] / small["n"]))


def wait_healthy(url: str, seconds: float = 60) -> None:
    """Until the app at ``url`` (host:port) answers its health check; an error after ``seconds``."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://{url}/_stcore/health", timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing healthy at {url} after {seconds:.0f} s")


def start_app(port: int) -> subprocess.Popen:
    """``streamlit run serve.py`` on 127.0.0.1:``port``, quiet (wait for it with :func:`wait_healthy`)."""
    return subprocess.Popen([sys.executable, "-m", "streamlit", "run", "serve.py", "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
