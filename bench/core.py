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


def scaling_exponent(case: FitCase, n_small: int = 500, n_large: int = 5000) -> float:
    """Slope of log(fit time) against log(n) between the two sizes."""
    small = median_time(lambda: case.ours().fit(*case.data(n_small)), repeats=3)
    large_args = case.data(n_large)
    large = median_time(lambda: case.ours().fit(*large_args), repeats=3, budget=10.0)
    return float(np.log(large / small) / np.log(n_large / n_small))
