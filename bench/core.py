"""Timing helpers and the case format shared by the fit benchmarks."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np


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


def median_time(fn: Callable[[], object], repeats: int = 7, budget: float = 2.0, at_least: int = 3) -> float:
    """Median wall time of ``fn`` in seconds (fewer repeats, not under ``at_least``, past ``budget``)."""
    times = []
    start = time.perf_counter()
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        if time.perf_counter() - start > budget and len(times) >= at_least:
            break
    return statistics.median(times)


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def run_fit_case(case: FitCase, n: int = 500, repeats=7, budget=2.0, at_least=3) -> dict:
    args = case.data(n)
    timing = dict(repeats=repeats, budget=budget, at_least=at_least)
    ours = median_time(lambda: case.ours().fit(*args), **timing)
    reference = median_time(lambda: case.reference().fit(*args), **timing) if case.reference else None
    return {
        "name": case.name,
        "n": n,
        "ours_ms": ours * 1e3,
        "reference_ms": None if reference is None else reference * 1e3,
        "ratio": None if reference is None else ours / reference,
        "goal": case.goal,
    }


def run_fit_sizes(case: FitCase, sizes=(500, 5000, 20000), budget: float = 30.0) -> list[dict]:
    """``run_fit_case`` at each size (above the first: up to 3 repeats within ``budget``, at least one);
    a size is skipped, with the
    predicted seconds as ``skipped``, when fit time ∝ n^k extrapolated from the sizes already timed
    (k = 3 before two sizes are known, at least 1) exceeds ``budget`` seconds for one fit."""
    rows = [run_fit_case(case, sizes[0])]
    for n in sizes[1:]:
        last = rows[-1]
        if "skipped" in last:
            rows.append({"n": n, "skipped": last["skipped"] * (n / last["n"]) ** 3})
            continue
        k = 3.0 if len(rows) < 2 else max(1.0, fit_exponent(rows[-2], last))
        predicted = last["ours_ms"] / 1e3 * (n / last["n"]) ** k
        if predicted > budget:
            rows.append({"n": n, "skipped": predicted})
        else:
            rows.append(run_fit_case(case, n, repeats=3, budget=budget, at_least=1))
    return rows


def fit_exponent(small: dict, large: dict) -> float:
    """Slope k of fit time ∝ n^k between two timed rows of ``run_fit_sizes``."""
    return float(np.log(large["ours_ms"] / small["ours_ms"]) / np.log(large["n"] / small["n"]))
