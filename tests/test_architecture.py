"""Project rules that code review alone would miss."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from ui.registry import HOME
from ui.registry import LEARNING_MAP
from ui.registry import PAGES
from ui.registry import PLANNED
from ui.registry import TASK_MAP

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_ALGORITHMS = {"streamlit", "plotly", "sklearn", "pandas"}
CROSSCHECK = ROOT / "algorithms" / "crosscheck.py"


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
    # The visible cross-check (issue 17) runs scikit-learn's fit when a student asks: only there.
    allowed = {"sklearn"} if path.name == CROSSCHECK.name else set()
    assert not imported_modules(path) & (FORBIDDEN_IN_ALGORITHMS - allowed)


def test_the_cross_check_imports_scikit_learn_only_inside_its_functions():
    """scikit-learn is optional at run time: never imported at module level (app start)."""
    tree = ast.parse(CROSSCHECK.read_text(encoding="utf-8"))
    top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert not [node for node in top if "sklearn" in ast.unparse(node)]
    assert "sklearn" in imported_modules(CROSSCHECK)


def test_importing_algorithms_loads_no_ui_library():
    code = (
        "import sys, algorithms; bad = [m for m in ('streamlit', 'plotly', 'sklearn') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_app_never_imports_scikit_learn():
    for folder in ("ui", "pages", "views"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "sklearn" not in imported_modules(path), path
    assert "sklearn" not in imported_modules(ROOT / "app.py")


def test_nothing_is_pickled_evaluated_or_fetched_at_run_time():
    """User data never reaches pickle/eval/exec, and the app makes no network requests."""
    banned_calls = {"eval", "exec", "loads"}
    banned_modules = {"pickle", "urllib", "requests", "http", "socket"}
    for folder in ("ui", "pages", "views", "algorithms"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not imported_modules(path) & banned_modules, path
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id not in banned_calls, f"{path}: {node.func.id}()"


def test_every_page_in_the_registry_exists_and_pages_folder_holds_only_registered_pages():
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


# ---- layers: pages → views → ui → algorithms, each using only those below it -------------------------

ABOVE_TOOLKIT = sorted([*(ROOT / "pages").glob("*.py"), *(ROOT / "views").rglob("*.py")])
APP_CODE = [*ABOVE_TOOLKIT, *sorted((ROOT / "ui").glob("*.py"))]
LAYERS = {"pages": 3, "views": 2, "ui": 1, "algorithms": 0}


def own_imports(path: Path) -> set[str]:
    """The project modules a file imports, as dotted names (``views.svm._common``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in names if name.split(".")[0] in LAYERS}


@pytest.mark.parametrize("path", [*APP_CODE, *sorted((ROOT / "algorithms").glob("*.py"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_each_layer_uses_only_the_layers_below_it(path):
    layer = path.relative_to(ROOT).parts[0]
    above = {name for name in own_imports(path) if LAYERS[name.split(".")[0]] > LAYERS[layer]}
    assert not above, f"{path.relative_to(ROOT)} imports {above}"
    if layer == "views":  # a family's views share code through ui/, not with other families
        family = path.relative_to(ROOT).parts[1]
        foreign = {n for n in own_imports(path) if n.startswith("views.") and n.split(".")[1] != family}
        assert not foreign, foreign


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize(
    "folder,limit", [("pages", 150), ("views", 400), ("ui", 600), ("bench", 600)], ids=lambda v: str(v)
)
def test_modules_stay_small(folder, limit):
    """A page is a table of contents, a view the screen of one idea (see the README's "Writing a page")."""
    too_long = {str(p.relative_to(ROOT)): line_count(p) for p in (ROOT / folder).rglob("*.py")}
    assert {name: n for name, n in too_long.items() if n > limit} == {}


def test_pages_are_a_small_part_of_the_code():
    folders = ("algorithms", "ui", "views", "pages", "bench")
    code = [p for folder in folders for p in (ROOT / folder).rglob("*.py")]
    pages = sum(line_count(p) for p in code if p.parts[-2] == "pages")
    assert pages <= 0.10 * sum(line_count(p) for p in code)


@pytest.mark.parametrize("path", ABOVE_TOOLKIT, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_numerics_above_the_toolkit(path):
    """Linear algebra and scipy live in algorithms/ (tested there), never in pages or views."""
    assert "linalg" not in path.read_text(encoding="utf-8")
    assert "scipy" not in imported_modules(path)


@pytest.mark.parametrize("info", PAGES, ids=lambda p: p.key)
def test_every_view_module_has_one_entry_point(info):
    """``render(ctx, controls, main)`` in every ``views/<page>/<code>.py`` (see ui.views)."""
    assert info.views, f"{info.file} has no views/ package"
    for code in info.views:
        tree = ast.parse((ROOT / "views" / Path(info.file).stem / f"{code}.py").read_text(encoding="utf-8"))
        render = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "render"]
        assert render and [a.arg for a in render[0].args.args] == ["ctx", "controls", "main"], code


def test_every_planned_page_is_on_the_home_pages_map_and_the_map_names_only_pages():
    """Sugiyama §1.1–1.3 map: each page sits under at least one kind of learning; no key is a typo."""
    on_map = {key for _, keys in LEARNING_MAP for key in keys}
    assert on_map == {page.key for page in PLANNED}
    assert {key for _, keys in TASK_MAP for key in keys} <= on_map  # the tasks row (§1.2) names pages too


def test_no_two_algorithm_modules_export_the_same_name():
    """``from algorithms import *`` keeps the last module's object: a shared name would silently hide one."""
    owners = {}
    for module in sorted((ROOT / "algorithms").glob("[!_]*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
                for name in ast.literal_eval(node.value):
                    owners.setdefault(name, []).append(module.stem)
    assert {name: mods for name, mods in owners.items() if len(mods) > 1} == {}
