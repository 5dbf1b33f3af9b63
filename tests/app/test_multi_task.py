"""The multi-task page as a user sees it (AppTest): the values each view shows and the book presets."""

import pytest

from algorithms import MultiOutputLS
from algorithms import MultiTaskLS
from algorithms import multi_output_sample
from algorithms import related_tasks_sample
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "multi_task.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "mtl.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def errors(gamma, T=3, n=8, spread=0.6, learn=False):
    s = related_tasks_sample(T, n, spread, 0.1, random_state=0)
    model = MultiTaskLS(gamma, 0.1, 1.0, 10 if learn else 0, n_tasks=T).fit(s.X, s.y, s.tasks)
    return f"{model.test_error(s.X_test, s.y_test, s.tasks_test):.4g}"


def test_independent_and_shared_presets():
    at = choose_preset(open_page(PAGE), "Sugiyama §19.1: γ = 0")
    shown = metrics(at)
    assert shown["Test error, multi-task"] == shown["Test error, tasks alone"] == errors(0.0)
    at = choose_preset(at, "Sugiyama §19.1: γ = 1")
    shown = metrics(at)
    assert shown["Test error, multi-task"] == errors(1.0)
    assert float(shown["Test error, multi-task"]) < float(shown["Test error, tasks alone"])


def test_fig19_1_preset_learns_the_similarities():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 19.1")
    assert metrics(at)["Test error, multi-task"] == errors(1.0, T=5, spread=2.0, learn=True)
    assert metrics(at)["Unknowns bT"] == "200 = 40·5"


def test_sylvester_preset_agrees_with_cg_and_the_direct_solve():
    at = choose_preset(open_page(PAGE), "Sugiyama §19.3")
    shown = metrics(at)
    assert float(shown["Sylvester − direct (max)"]) < 1e-8
    assert float(shown["CG − direct (max)"]) < 1e-6
    s = multi_output_sample(3, 20, 0.6, 0.1, random_state=0)
    cg = MultiOutputLS(1.0, 0.1, 1.0, "cg").fit(s.X, s.Y)
    assert shown["CG iterations"] == str(len(cg.residuals_) - 1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_view_opens(lang):
    for view in ("reg", "cls", "output"):
        at = open_page(PAGE, {"mtl.view": view}, lang=lang)
        assert not at.exception and not at.error, (view, at.error)
        assert len(at.metric) >= 2
