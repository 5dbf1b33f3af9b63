"""make bench: page rerun times, browser round trips, and fit times beside scikit-learn.

Fit times are measured in the same process as scikit-learn's, on the same data; the scaling
exponent k says fit time grows like n^k from n = 500 to 5 000; n = 20 000 is timed too unless a
fit there is predicted to take over --budget seconds (30; the row then says "skipped" with the
prediction). Options: --pages-only, --fits-only, --browser-only, --no-browser, --no-scaling
(n = 500 only), --only FAMILY ... (fits_<family>.py), --match TEXT (estimator names containing
TEXT); --page KEY (repeatable): page reruns and browser round trips of those pages only (no
per-view table); --views: browser round trips of every view at default data, not only of each page's
first view; --n N: the large n of the page reruns and browser round trips (20 000).
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
from bench.browser import PRESSES
from bench.browser import round_trips
from bench.core import fit_exponent
from bench.core import run_fit_case
from bench.core import run_fit_sizes
from bench.pages import LARGE_N
from bench.pages import page_rows
from bench.pages import view_rows

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
    args = parser.parse_args()
    lines = [
        f"# make bench ({platform.processor() or platform.machine()}, Python {platform.python_version()})",
        "",
    ]
    if not args.fits_only and not args.browser_only:
        lines += [
            f"## Page rerun after a hyperparameter change (AppTest; default data, then n = {args.n})",
            "",
            f"| page | widget moved | median ms | p95 ms | n = {args.n} median ms | n = {args.n} p95 ms |",
            "|---|---|---|---|---|---|",
        ]
        for row in page_rows(args.page, args.n):
            lines.append(
                f"| {row['page']} | {row['widget']} | {row['median_ms']:.0f} | {row['p95_ms']:.0f} | "
                f"{row['large_median_ms']:.0f} | {row['large_p95_ms']:.0f} |"
            )
            print(lines[-1], flush=True)
        lines += ["", "## View rerun after a hyperparameter change (AppTest; every view, default data)", "",
                  "| view | widget moved | median ms | p95 ms |", "|---|---|---|---|"]
        for row in [] if args.page else view_rows():
            times = f"{row['median_ms']:.0f} | {row['p95_ms']:.0f}"
            lines.append(f"| {row['view']} | {row['widget']} | {times} |")
            print(lines[-1], flush=True)
        lines.append("")
    if not args.fits_only and not args.no_browser:
        for n in (None, args.n):
            trips = round_trips(args.page, n=n, views=args.views and n is None)
            lines += [f"## Browser round trip: slider key press → redrawn chart (headless chromium; "
                      f"{'default data' if n is None else f'n = {n}'})", "",
                      "| page | slider | presses that redrew | median ms | p95 ms | max ms |",
                      "|---|---|---|---|---|---|"]
            lines += [f"| {r['page']}{' · ' + r['view'] if r['view'] else ''} | {r['slider']} | "
                      f"{r['presses']}/{PRESSES} | {r['median_ms']:.0f} | {r['p95_ms']:.0f} | "
                      f"{r['max_ms']:.0f} |" for r in trips]
            lines += [] if trips else ["| (chromium not found) | | | | | |"]
            print("\n".join(lines[-len(trips) - 1:]), flush=True)
            lines.append("")
    if not args.pages_only and not args.browser_only:
        scaling = not args.no_scaling
        sizes = (500, 5000, 20000) if scaling else (500,)
        columns = "".join(f" n = {n} ours ms | scikit-learn ms | ratio |" for n in sizes)
        lines += [
            "## Fit time (median, same process; goal is the issue's bound on the ratio)",
            "",
            "| family | estimator | goal |" + columns + (" k in n^k (500→5000) |" if scaling else ""),
            "|---|---|---|" + "---|---|---|" * len(sizes) + ("---|" if scaling else ""),
        ]
        for family, cases in fit_cases(args.only, args.match):
            for case in cases:
                rows = run_fit_sizes(case, sizes, args.budget) if scaling else [run_fit_case(case)]
                goal = "≤ " + fmt(case.goal, 2) if case.goal else ""
                cells = " | ".join(size_cells(r, args.budget) for r in rows)
                line = f"| {family} | {case.name} | {goal} | {cells} |"
                if scaling:
                    line += f" {fit_exponent(*rows[:2]):.2f} |" if "ours_ms" in rows[1] else " — |"
                lines.append(line)
                print(line, flush=True)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / ("browser.md" if args.browser_only else "latest.md")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
