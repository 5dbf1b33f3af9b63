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


def median_time(fn: Callable[[], object], repeats: int = 7, budget: float = 2.0) -> float:
    """Median wall time of ``fn`` in seconds (fewer repeats if one call is slow)."""
    times = []
    start = time.perf_counter()
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        if time.perf_counter() - start > budget and len(times) >= 3:
            break
    return statistics.median(times)


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def run_fit_case(case: FitCase, n: int = 500) -> dict:
    args = case.data(n)
    ours = median_time(lambda: case.ours().fit(*args))
    reference = median_time(lambda: case.reference().fit(*args)) if case.reference else None
    return {
        "name": case.name,
        "ours_ms": ours * 1e3,
        "reference_ms": None if reference is None else reference * 1e3,
        "ratio": None if reference is None else ours / reference,
        "goal": case.goal,
    }


def scaling_exponent(case: FitCase, n_small: int = 500, n_large: int = 5000,
                     budget: float = 20.0) -> tuple[float, float]:
    """Slope k of fit time ∝ n^k between the two sizes, and the fit time at ``n_large`` (s).

    A fit at ``n_large`` that would exceed ``budget`` seconds is not waited for: the exponent is
    then measured up to the largest size that fits the budget (n doubles from ``n_small``).
    """
    small = median_time(lambda: case.ours().fit(*case.data(n_small)), repeats=3)
    n, seconds = n_small, small
    while n < n_large:
        next_n = min(2 * n, n_large)
        predicted = seconds * (next_n / n) ** 3
        if predicted > budget:
            break
        args = case.data(next_n)
        n, seconds = next_n, median_time(lambda a=args: case.ours().fit(*a), repeats=1, budget=budget)
    exponent = float(np.log(seconds / small) / np.log(n / n_small)) if n > n_small else float("nan")
    return exponent, seconds if n == n_large else float("inf")
