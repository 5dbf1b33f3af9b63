"""bench.core: fits timed in turns with their reference; a fit that refuses a larger size ends its row."""

import numpy as np

from bench.__main__ import size_cells
from bench.core import FitCase
from bench.core import median_times
from bench.core import run_fit_case
from bench.core import run_fit_sizes


class _DivergesAbove1000:
    def fit(self, X):
        if len(X) > 1000:
            raise ValueError("Stochastic gradient descent diverged.")
        return self


def test_a_fit_that_fails_at_a_larger_size_ends_its_row():
    case = FitCase("diverging", _DivergesAbove1000, None, lambda n: (np.zeros((n, 2)),))
    rows = run_fit_sizes(case, (500, 5000, 20000), budget=5.0)
    assert [r["n"] for r in rows] == [500, 5000, 20000]
    assert rows[0]["ours_ms"] > 0
    assert rows[1]["failed"] == rows[2]["failed"] == "Stochastic gradient descent diverged."
    assert size_cells(rows[1], 5.0) == "failed (Stochastic gradient descent diverged.) | | "


def test_ours_and_the_reference_are_timed_in_turns():
    calls = []
    times = median_times([lambda: calls.append("ours"), lambda: calls.append("reference")], repeats=3)
    assert calls == ["ours", "reference"] * 3
    assert len(times) == 2 and all(t >= 0 for t in times)


def test_a_case_without_reference_has_no_ratio():
    row = run_fit_case(FitCase("alone", _DivergesAbove1000, None, lambda n: (np.zeros((n, 2)),)), n=10)
    assert row["ours_ms"] > 0 and row["reference_ms"] is None and row["ratio"] is None
