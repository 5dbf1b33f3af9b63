"""bench.before: the bench's measures on an earlier commit's code, beside today's, in one run."""

import numpy as np
import pytest

import bench.fits_glm
from bench.__main__ import before_cells
from bench.__main__ import fit_before_cells
from bench.before import ROOT
from bench.before import Before
from bench.before import absent
from bench.before import answer
from bench.before import checkout
from bench.core import FitCase


class _Fits:
    def fit(self, X):
        return self


class _BuildsInFit:
    """A wrapper that makes its estimator in ``fit`` (as the mini-batch logistic case): a parameter
    the old code lacks fails there, not when the case is made."""

    def fit(self, X):
        raise TypeError("LogisticRegression.__init__() got an unexpected keyword argument 'batch_size'")


def test_a_checkout_has_the_commits_code_and_todays_bench(tmp_path):
    folder = checkout("HEAD", tmp_path)
    assert (folder / "algorithms" / "__init__.py").exists() and (folder / "pages").is_dir()
    assert (folder / "bench" / "before.py").read_text() == (ROOT / "bench" / "before.py").read_text()
    assert not (folder / "bench" / "results").exists()


def test_a_name_the_old_algorithms_lack_imports_and_fails_when_used():
    made = absent("NewEstimator")
    with pytest.raises(ImportError, match="NewEstimator is not in this commit's algorithms"):
        made(C=1.0)
    with pytest.raises(AttributeError):
        absent("__path__")


def test_a_case_the_old_code_cannot_build_is_missing_and_one_it_can_is_timed(monkeypatch):
    cases = [FitCase("gone", absent("Gone"), None, lambda n: (np.zeros((n, 2)),)),
             FitCase("here", _Fits, None, lambda n: (np.zeros((n, 2)),))]
    monkeypatch.setattr(bench.fits_glm, "CASES", cases)
    gone = answer({"what": "fit", "family": "glm", "name": "gone", "sizes": [50, 100], "budget": 1.0})
    assert gone == {"missing": "ImportError: Gone is not in this commit's algorithms"}
    monkeypatch.setattr(bench.fits_glm, "CASES", cases + [FitCase("late", _BuildsInFit, None, cases[1].data)])
    late = answer({"what": "fit", "family": "glm", "name": "late", "sizes": [50, 100], "budget": 1.0})
    assert late["missing"].startswith("TypeError: LogisticRegression.__init__() got an unexpected")
    rows = answer({"what": "fit", "family": "glm", "name": "here", "sizes": [50, 100], "budget": 1.0})
    assert [r["n"] for r in rows] == [50, 100] and all(r["ours_ms"] > 0 and r["ratio"] is None for r in rows)
    both = FitCase("both", _Fits, _Fits, lambda n: (np.zeros((n, 2)),))
    monkeypatch.setattr(bench.fits_glm, "CASES", [both])
    rows = answer({"what": "fit", "family": "glm", "name": "both", "sizes": [50], "budget": 1.0})
    assert rows[0]["reference_ms"] > 0 and rows[0]["ratio"] > 0       # timed in turns, as in the main process


def test_the_report_puts_the_old_figures_and_after_over_before_beside_todays():
    then = {"median_ms": 300.0, "p95_ms": 400.0}
    assert before_cells({"median_ms": 150.0}, then) == " 300 | 0.50 |"
    assert before_cells({"median_ms": 150.0}, then, p95=True) == " 300 | 400 | 0.50 |"
    assert before_cells({"median_ms": 150.0}, None) == " — | — |"                # a view the old code lacks
    assert before_cells({"median_ms": 150.0}, {"median_ms": float("nan")}, p95=True) == " — | — | — |"
    assert fit_before_cells({"ours_ms": 5.0}, {"ours_ms": 20.0}) == " | 20 | 0.25"
    assert fit_before_cells({"ours_ms": 5.0}, "ImportError: x") == " | — (ImportError: x) | —"
    skipped = {"n": 20000, "skipped": 95.2}
    assert fit_before_cells({"ours_ms": 5.0}, skipped) == " | skipped (~95 s predicted) | —"
    assert fit_before_cells({"skipped": 40.0}, {"ours_ms": 20.0}) == fit_before_cells({"ours_ms": 5.0}, None)


def test_the_worker_on_a_commit_answers_in_its_own_process():
    with Before("HEAD") as before:
        rows = before.ask("fit", family="generative_svm", name="SVC linear, C=1", sizes=[100], budget=1.0)
        assert rows[0]["n"] == 100 and rows[0]["ours_ms"] > 0
        assert before.ask("fit", family="generative_svm", name="no such case", sizes=[100], budget=1.0) == {
            "missing": "no such case"}
        folder = before.folder
    assert not folder.exists()
