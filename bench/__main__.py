"""make bench: one table of page rerun times and fit times beside scikit-learn (same process).

Options: --pages-only, --fits-only, --scaling (also fit-time growth from n = 500 to 5 000).
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
from bench.core import run_fit_case, scaling_exponent
from bench.pages import page_rows

RESULTS = Path(__file__).resolve().parent / "results"


def fit_cases():
    for module in sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("fits_")):
        yield module[5:], importlib.import_module(f"bench.{module}").CASES


def fmt(value, digits=3):
    return "—" if value is None else f"{value:.{digits}g}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages-only", action="store_true")
    parser.add_argument("--fits-only", action="store_true")
    parser.add_argument("--scaling", action="store_true")
    args = parser.parse_args()
    lines = [
        f"# make bench ({platform.processor() or platform.machine()}, Python {platform.python_version()})",
        "",
    ]
    if not args.fits_only:
        lines += [
            "## Page rerun after a hyperparameter change (AppTest, default data)",
            "",
            "| page | widget moved | median ms | p95 ms |",
            "|---|---|---|---|",
        ]
        for row in page_rows():
            lines.append(
                f"| {row['page']} | {row['widget']} | {row['median_ms']:.0f} | {row['p95_ms']:.0f} |"
            )
            print(lines[-1], flush=True)
        lines.append("")
    if not args.pages_only:
        header = "| family | estimator | ours ms | scikit-learn ms | ratio | goal |"
        lines += [
            "## Fit time at n = 500 (median, same process)",
            "",
            header + (" n^k, 500→5000 |" if args.scaling else ""),
            "|---|---|---|---|---|---|" + ("---|" if args.scaling else ""),
        ]
        for family, cases in fit_cases():
            for case in cases:
                row = run_fit_case(case)
                line = (
                    f"| {family} | {row['name']} | {fmt(row['ours_ms'])} | {fmt(row['reference_ms'])} | "
                    f"{fmt(row['ratio'], 2)} | {'≤ ' + fmt(case.goal, 2) if case.goal else ''} |"
                )
                if args.scaling:
                    line += f" {scaling_exponent(case):.2f} |"
                lines.append(line)
                print(line, flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {RESULTS / 'latest.md'}", file=sys.stderr)


if __name__ == "__main__":
    main()
