"""Every page, every control: each widget at its ends and every option, in every view (AppTest).

The sweep discovers widgets itself, so a new page is covered without new test code. Mode
switches (segmented controls and short select boxes) open new states, explored breadth-first;
each "Reproduce the book" preset is loaded in a fresh session.
"""

import pytest

from tests.app.apptools import Report
from tests.app.apptools import apply
from tests.app.apptools import check
from tests.app.apptools import current_label
from tests.app.apptools import input_widgets
from tests.app.apptools import open_page
from tests.app.apptools import trial_values
from ui.registry import HOME
from ui.registry import PAGES

MAX_STATES = 14
MAX_DEPTH = 2


def is_mode_switch(w) -> bool:
    """Views and model choices open new states; the language is swept only on its own."""
    kind = type(w).__name__
    if w.key == "lang" or w.key.endswith(".preset"):
        return False
    return kind == "ButtonGroup" or (kind == "Selectbox" and len(w.options) <= 6)


def sweep_state(file: str, state: tuple, report: Report) -> list[tuple]:
    """Open the page, enter ``state``, try every value of every other widget; return child states."""
    at = open_page(file)
    for key, value in state:
        apply(at, next(w for w in input_widgets(at) if w.key == key), value)
        at.run()
    where = f"{file} {dict(state)}"
    check(at, where, report)
    fixed = {key for key, _ in state}
    children = []
    for w in input_widgets(at):
        frame_widget = w.key.endswith(".data") or w.key == "lang"  # swept in the first state only
        swept_elsewhere = w.key.endswith(".preset") or (state and frame_widget)
        if w.key in fixed or swept_elsewhere:
            continue
        original = current_label(w)
        for value in trial_values(w):
            target = next((x for x in input_widgets(at) if x.key == w.key), None)
            if target is None:
                break
            apply(at, target, value)
            at.run()
            check(at, f"{where} {w.key}={value}", report)
            if is_mode_switch(w) and len(state) < MAX_DEPTH:
                children.append((*state, (w.key, value)))
        restore = next((x for x in input_widgets(at) if x.key == w.key), None)
        if (
            restore is not None
            and original is not None
            and (not isinstance(original, tuple) or original[1] in (restore.options or []))
        ):
            apply(at, restore, original)
            at.run()
    return children


def sweep_presets(file: str, report: Report) -> None:
    """Every "Reproduce the book" preset, each in a fresh session (a preset changes many widgets)."""
    at = open_page(file)
    presets = [w for w in input_widgets(at) if w.key.endswith(".preset")]
    for label in presets[0].options[1:] if presets else []:
        at = open_page(file)
        apply(at, next(w for w in input_widgets(at) if w.key.endswith(".preset")), ("label", label))
        at.run()
        check(at, f"{file} preset {label!r}", report)


@pytest.mark.parametrize("page", [HOME, *PAGES], ids=lambda p: p.key)
def test_every_control_of_every_page(page, record_property):
    report = Report()
    sweep_presets(page.file, report)
    queue, states = [()], 0
    while queue and states < MAX_STATES:
        state = queue.pop(0)
        queue += sweep_state(page.file, state, report)
        states += 1
    record_property("sweep_runs", (page.key, report.runs))
    print(f"\n{page.key}: {report.runs} combinations in {states} states")
    assert not report.problems, "\n".join(report.problems[:20])
