"""The same benchmarks on the code of an earlier commit, in the same `make bench` run.

:class:`Before` unpacks a commit (``git archive``: local history, nothing downloaded) into a
temporary folder, puts today's ``bench/`` over that commit's, and starts ``python -m bench.before``
there: a second process in which ``algorithms``, ``ui``, ``pages`` and ``views`` are the old ones
and the timing code is today's. The main process asks it for one fit case, the page reruns or the
browser round trips right after timing today's code, so both are measured in one run, on the same
data, under the same load; the report puts the old figures beside the new (after / before).

A case the old code cannot build or fit (an estimator or a parameter added since) answers ``missing``; a
page or view it does not have is not measured.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def checkout(ref: str, into: Path) -> Path:
    """The files of commit ``ref`` in ``into``, with today's ``bench/`` in place of its own."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    shutil.rmtree(into / "bench", ignore_errors=True)
    shutil.copytree(ROOT / "bench", into / "bench", ignore=shutil.ignore_patterns("results", "__pycache__"))
    return into


class Before:
    """A worker process on the code of ``ref``; :meth:`ask` sends it one request and returns its answer."""

    def __init__(self, ref: str):
        self.ref = ref
        self.folder = Path(tempfile.mkdtemp(prefix="bench-before-"))
        checkout(ref, self.folder)
        self.worker = subprocess.Popen([sys.executable, "-m", "bench.before"], cwd=self.folder, text=True,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, what: str, **args):
        self.worker.stdin.write(json.dumps({"what": what, **args}) + "\n")
        self.worker.stdin.flush()
        line = self.worker.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker on {self.ref} stopped (see its messages above)")
        return json.loads(line)

    def close(self) -> None:
        self.worker.stdin.close()
        self.worker.wait(timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def answer(request: dict):
    """One request of the main process, answered with this process's code (the old one in a worker).

    ``fit``: the rows of ``run_fit_sizes`` for the case ``name`` of ``family`` (timed in turns with
    scikit-learn's fit, as in the main process: a large reference fit slows the next one by what it
    leaves in memory and caches), or ``{"missing": why}``; ``pages``: page rerun rows at default
    data; ``views``: view rerun rows; ``browser``: round-trip rows at default data, of the pages and
    views this code has.
    """
    what = request["what"]
    if what == "fit":
        from bench.__main__ import fit_cases
        from bench.core import run_fit_sizes
        try:
            case = next((c for _, cases in fit_cases([request["family"]]) for c in cases
                         if c.name == request["name"]), None)
            if case is None:
                return {"missing": "no such case"}
            # a name or parameter added since fails at the first size: making the case, or in its fit
            return run_fit_sizes(case, tuple(request["sizes"]), request["budget"])
        except (ImportError, TypeError, ValueError) as error:
            return {"missing": f"{type(error).__name__}: {error}"}
    if what == "pages":
        from bench.pages import page_rows
        return page_rows(request["pages"], None)
    if what == "views":
        from bench.pages import view_rows
        return view_rows(request["pages"])
    if what == "browser":
        from bench.browser import round_trips
        return round_trips(request["pages"], views=request["views"])
    raise ValueError(f"unknown request {what!r}")


def absent(name: str):
    """Stands for a name the old ``algorithms`` lacks: raises ImportError when called."""
    if name.startswith("__"):
        raise AttributeError(name)

    def missing(*args, **kwargs):
        raise ImportError(f"{name} is not in this commit's algorithms")
    return missing


def serve() -> None:
    """Answer the main process's requests, one JSON line each, until its pipe closes. Anything the
    measured code prints goes to stderr, so stdout carries only the answers."""
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    sys.stdout = sys.stderr
    import algorithms
    import ui  # noqa: F401  (the app's single-threaded BLAS setting, as in the main process)

    algorithms.__getattr__ = absent    # a name added since imports, and fails when used
    for line in sys.stdin:
        answers.write(json.dumps(answer(json.loads(line))) + "\n")
        answers.flush()


if __name__ == "__main__":
    serve()
