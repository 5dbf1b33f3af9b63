"""Suite-wide hooks: report how many widget combinations the AppTest sweep ran."""

from tests.browser.conftest import OUTPUT


def pytest_terminal_summary(terminalreporter):
    runs = {}
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        for name, value in getattr(report, "user_properties", []):
            if name == "sweep_runs":
                where, count = value
                runs[where] = count
    if runs:
        total = sum(runs.values())
        line = f"AppTest sweep: {total} combinations in {len(runs)} views and preset lists ({runs})"
        terminalreporter.write_line(line)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        (OUTPUT / "sweep.txt").write_text(line + "\n", encoding="utf-8")
