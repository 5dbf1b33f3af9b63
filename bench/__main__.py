"""make bench: page rerun times, browser round trips, and fit times beside scikit-learn.

Fit times are measured in the same process as scikit-learn's, on the same data; the scaling
exponent k says fit time grows like n^k from n = 500 to 5 000; n = 20 000 is timed too unless a
fit there is predicted to take over --budget seconds (30; the row then says "skipped" with the
prediction). Options: --pages-only, --fits-only, --browser-only, --no-browser, --no-scaling
(n = 500 only), --only FAMILY ... (fits_<family>.py), --match TEXT (estimator names containing
TEXT); --page KEY (repeatable): page reruns and browser round trips of those pages only (no
per-view table); --views: browser round trips of every view at default data, not only of each page's
first view; --n N: the large n of the page reruns and browser round trips (20 000); --before REF:
the same page reruns, browser round trips (default data) and fits on the code of commit REF, in the
same run, beside today's with the ratio after / before (see bench/before.py; `make bench` passes
the commit before issue 18's speed work).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import platform
import sys
from pathlib import Path

import bench
import ui  # noqa: F401  (the app's single-threaded BLAS setting)
from bench.before import Before
from bench.browser import PRESSES
from bench.browser import round_trips
from bench.core import fit_exponent
from bench.core import run_fit_case
from bench.core import run_fit_sizes
from bench.pages import LARGE_N
from bench.pages import page_rows
from bench.pages import view_rows
from ui.registry import PAGES

RESULTS = Path(__file__).resolve().parent / "results"


def fit_cases(only=None, match=None):
    for module in sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("fits_")):
        if only and module[5:] not in only:
            continue
        cases = importlib.import_module(f"bench.{module}").CASES
        yield module[5:], [c for c in cases if not match or match.lower() in c.name.lower()]


def fmt(value, digits=3):
    return "—" if value is None else f"{value:.{digits}g}"


def size_cells(row, budget):
    """ours ms | scikit-learn ms | ratio at one size, or the predicted seconds of a skipped size, or
    why our fit failed there."""
    if "failed" in row:
        return f"failed ({row['failed']}) | | "
    if "skipped" in row:
        return f"skipped (> {budget:g} s: ~{row['skipped']:.0f} s predicted) | | "
    return f"{fmt(row['ours_ms'])} | {fmt(row['reference_ms'])} | {fmt(row['ratio'], 2)}"


def before_cells(now: dict, then: dict | None, p95: bool = False) -> str:
    """The old code's median (and p95) ms and after / before, for a row measured now (ms fields)."""
    if not then or not then.get("median_ms") or then["median_ms"] != then["median_ms"]:   # none, or NaN
        return " — |" * (3 if p95 else 2)
    cells = f" {then['median_ms']:.0f} |" + (f" {then['p95_ms']:.0f} |" if p95 else "")
    return cells + f" {now['median_ms'] / then['median_ms']:.2f} |"


def fit_before_cells(now: dict, then) -> str:
    """The old code's ms and after / before at one size, after ``size_cells``; ``then`` is the old
    code's row, None, or why it has none."""
    if isinstance(then, str):
        return f" | — ({then}) | —"
    if then and "skipped" in then:
        return f" | skipped (~{then['skipped']:.0f} s predicted) | —"
    if not then or "ours_ms" not in now or "ours_ms" not in then:
        return " | — | —"
    return f" | {fmt(then['ours_ms'])} | {fmt(now['ours_ms'] / then['ours_ms'], 2)}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages-only", action="store_true")
    parser.add_argument("--fits-only", action="store_true")
    parser.add_argument("--no-scaling", action="store_true")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--only", nargs="+", metavar="FAMILY", help="fit families, e.g. generative_svm trees")
    parser.add_argument("--match", metavar="TEXT", help="only estimators whose name contains TEXT")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds a larger size may take")
    parser.add_argument("--browser-only", action="store_true")
    parser.add_argument("--page", action="append", help="only this page (key or URL path; repeatable)")
    parser.add_argument("--views", action="store_true", help="round trips of every view (default data)")
    parser.add_argument("--n", type=int, default=LARGE_N, help="the large n of the page reruns")
    parser.add_argument("--before", metavar="REF", help="also time the code of this commit, beside today's")
    args = parser.parse_args()
    lines = [
        f"# make bench ({platform.processor() or platform.machine()}, Python {platform.python_version()})",
        "",
    ]
    before = Before(args.before) if args.before else None
    try:
        if not args.fits_only and not args.browser_only:
            lines += rerun_tables(args, before)
        if not args.fits_only and not args.no_browser:
            lines += browser_tables(args, before)
        if not args.pages_only and not args.browser_only:
            lines += fit_table(args, before)
    finally:
        if before:
            before.close()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / ("browser.md" if args.browser_only else "latest.md")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {out}", file=sys.stderr)


def printed(lines: list[str], line: str) -> None:
    lines.append(line)
    print(line, flush=True)


def rerun_tables(args, before: Before | None) -> list[str]:
    """Page reruns (default data and n = args.n) and view reruns (default data), in AppTest."""
    then = (f" before ({args.before}) median ms | after / before |", "---|---|") if before else ("", "")
    lines = [f"## Page rerun after a hyperparameter change (AppTest; default data, then n = {args.n})", "",
             f"| page | widget moved | median ms | p95 ms | n = {args.n} median ms | n = {args.n} p95 ms |"
             + then[0], "|---|---|---|---|---|---|" + then[1]]
    for row in page_rows(args.page, args.n):
        old = {r["page"]: r for r in before.ask("pages", pages=[row["page"]])} if before else {}
        printed(lines, f"| {row['page']} | {row['widget']} | {row['median_ms']:.0f} | {row['p95_ms']:.0f} | "
                       f"{row['large_median_ms']:.0f} | {row['large_p95_ms']:.0f} |"
                       + (before_cells(row, old.get(row["page"])) if before else ""))
    lines += ["", "## View rerun after a hyperparameter change (AppTest; every view, default data)", "",
              "| view | widget moved | median ms | p95 ms |" + then[0], "|---|---|---|---|" + then[1]]
    for page in [] if args.page else [p.key for p in PAGES]:
        old = {r["view"]: r for r in before.ask("views", pages=[page])} if before else {}
        for row in view_rows([page]):
            times = f"{row['median_ms']:.0f} | {row['p95_ms']:.0f}"
            printed(lines, f"| {row['view']} | {row['widget']} | {times} |"
                           + (before_cells(row, old.get(row["view"])) if before else ""))
    return lines + [""]


def browser_tables(args, before: Before | None) -> list[str]:
    """Round trips at default data (each page's first view, or every view with --views; the old code's
    right after each page's) and at n = args.n."""
    lines = []
    for n in (None, args.n):
        compare = before is not None and n is None
        lines += [f"## Browser round trip: key press on a control → redrawn chart (headless chromium; "
                  f"{'default data' if n is None else f'n = {n}'})", "",
                  "| page | control | presses that redrew | median ms | p95 ms | max ms |"
                  + (f" before ({args.before}) median ms | before p95 ms | after / before |" * compare),
                  "|---|---|---|---|---|---|" + "---|---|---|" * compare]
        trips, old = [], {}
        for pages in [[p] for p in args.page or [p.key for p in PAGES]] if compare else [args.page]:
            trips += round_trips(pages, n=n, views=args.views and n is None)
            if compare:
                answer = before.ask("browser", pages=pages, views=args.views)
                old |= {(r["page"], r["view"]): r for r in answer}
        for r in trips:
            control = r["control"].replace("|", "\\|")  # a label such as "|S_cv| / m" in a table cell
            printed(lines, f"| {r['page']}{' · ' + r['view'] if r['view'] else ''} | {control} | "
                           f"{r['presses']}/{PRESSES} | {r['median_ms']:.0f} | {r['p95_ms']:.0f} | "
                           f"{r['max_ms']:.0f} |"
                           + (before_cells(r, old.get((r["page"], r["view"])), p95=True) if compare else ""))
        lines += ([] if trips else ["| (chromium not found) | | | | | |"]) + [""]
    return lines


def fit_table(args, before: Before | None) -> list[str]:
    """Fit times beside scikit-learn's at n = 500, 5 000, 20 000 (the old code's right after each case's)."""
    scaling = not args.no_scaling
    sizes = (500, 5000, 20000) if scaling else (500,)
    per_size = " ours ms | scikit-learn ms | ratio |" + (f" before ({args.before}) ms | after / before |"
                                                        if before else "")
    lines = ["## Fit time (median, same process; goal is the issue's bound on the ratio)", "",
             "| family | estimator | goal |" + "".join(f" n = {n}" + per_size for n in sizes)
             + (" k in n^k (500→5000) |" if scaling else ""),
             "|---|---|---|" + ("---|---|---|" + "---|---|" * bool(before)) * len(sizes) + "---|" * scaling]
    for family, cases in fit_cases(args.only, args.match):
        for case in cases:
            rows = run_fit_sizes(case, sizes, args.budget) if scaling else [run_fit_case(case)]
            cells = [size_cells(r, args.budget) for r in rows]
            if before:
                old = before.ask("fit", family=family, name=case.name, sizes=sizes, budget=args.budget)
                old = [old["missing"]] + [None] * (len(rows) - 1) if isinstance(old, dict) else old
                cells = [c + fit_before_cells(r, o) for c, r, o in zip(cells, rows, old, strict=True)]
            goal = "≤ " + fmt(case.goal, 2) if case.goal else ""
            line = f"| {family} | {case.name} | {goal} | {' | '.join(cells)} |"
            if scaling:
                line += f" {fit_exponent(*rows[:2]):.2f} |" if "ours_ms" in rows[1] else " — |"
            printed(lines, line)
    return lines


if __name__ == "__main__":
    main()
