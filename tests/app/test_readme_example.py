"""The README's "Writing a page" example is a working page with one view, short enough to copy."""

import re
import sys
import types

from streamlit.testing.v1 import AppTest

from tests.app.apptools import TIMEOUT
from tests.app.apptools import chart_specs
from ui.registry import ROOT


def readme_example() -> tuple[str, str]:
    """The page and the view code blocks of the README's "Writing a page" section."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Writing a page")[1].split("\n## ")[0]
    page, view = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    return page, view


def test_the_readme_example_view_is_short_and_has_the_view_interface():
    page, view = readme_example()
    assert len(view.splitlines()) < 80 and len(page.splitlines()) <= 150
    assert "def render(ctx, controls, main):" in view


def test_the_readme_example_page_runs_and_draws_the_fitted_curve(monkeypatch):
    page, view = readme_example()
    package = types.ModuleType("views.ridge_demo")
    curve = types.ModuleType("views.ridge_demo.curve")
    exec(compile(view, "views/ridge_demo/curve.py", "exec"), curve.__dict__)
    package.curve = curve
    monkeypatch.setitem(sys.modules, "views.ridge_demo", package)
    monkeypatch.setitem(sys.modules, "views.ridge_demo.curve", curve)
    at = AppTest.from_string(page, default_timeout=TIMEOUT).run()
    assert not at.exception
    lines = [trace for spec in chart_specs(at) for trace in spec["data"] if trace.get("mode") == "lines"]
    assert lines and lines[0]["name"] == "demo.fit"
    objective = float(at.metric[0].value)
    at.select_slider(key="demo.lam").set_value(100.0).run()  # a strong ℓ2 penalty fits the data worse
    assert not at.exception and float(at.metric[0].value) > objective
