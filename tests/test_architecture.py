"""Project rules that code review alone would miss."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_ALGORITHMS = {"streamlit", "plotly", "sklearn", "pandas"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "algorithms").glob("*.py")), ids=lambda p: p.name)
def test_algorithms_import_neither_streamlit_nor_plotly(path):
    assert not imported_modules(path) & FORBIDDEN_IN_ALGORITHMS


def test_importing_algorithms_loads_no_ui_library():
    code = (
        "import sys, algorithms; bad = [m for m in ('streamlit', 'plotly', 'sklearn') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_app_never_imports_scikit_learn():
    for folder in ("ui", "pages"):
        for path in (ROOT / folder).glob("*.py"):
            assert "sklearn" not in imported_modules(path), path
    assert "sklearn" not in imported_modules(ROOT / "app.py")


def test_nothing_is_pickled_evaluated_or_fetched_at_run_time():
    """User data never reaches pickle/eval/exec, and the app makes no network requests."""
    banned_calls = {"eval", "exec", "loads"}
    banned_modules = {"pickle", "urllib", "requests", "http", "socket"}
    for folder in ("ui", "pages", "algorithms"):
        for path in (ROOT / folder).glob("*.py"):
            assert not imported_modules(path) & banned_modules, path
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id not in banned_calls, f"{path}: {node.func.id}()"


def test_every_page_in_the_registry_exists_and_pages_folder_holds_only_registered_pages():
    from ui.registry import HOME
    from ui.registry import PAGES

    files = {p.file for p in (HOME, *PAGES)}
    assert all((ROOT / "pages" / f).exists() for f in files)
    assert {p.name for p in (ROOT / "pages").glob("*.py")} == files
    for page in PAGES:
        assert page.url_path == Path(page.file).stem  # see ui.frame._leave_legacy_pages_mode


def test_blas_is_single_threaded_once_ui_is_imported():
    code = ("import ui; from threadpoolctl import threadpool_info; "
            "print(max(i['num_threads'] for i in threadpool_info() if i['user_api'] == 'blas'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
