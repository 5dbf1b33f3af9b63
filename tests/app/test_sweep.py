"""Every view, every control: each widget at its ends and every option (AppTest).

Views are discovered from the registry (``views/<page>/<code>.py``) and widgets from the page, so a
new page or view is covered without new test code. Each view is opened by its URL; mode switches
(segmented controls and short select boxes) open new states, explored breadth-first; each "Reproduce
the book" preset is loaded in a fresh session.
"""

import pytest

from tests.app.apptools import Report
from tests.app.apptools import apply
from tests.app.apptools import check
from tests.app.apptools import current_label
from tests.app.apptools import input_widgets
from tests.app.apptools import open_page
from tests.app.apptools import trial_values
from tests.app.apptools import widget
from ui.exports import SVG_KEY
from ui.registry import HOME
from ui.registry import PAGES

MAX_STATES = 8
MAX_DEPTH = 2
VIEWS = [(info, code) for info in PAGES for code in info.views]


# Widgets of the frame, the same on every view of a page (language, data, exports, classroom tools):
# swept in a view's first state only.
TOOLKIT_WIDGETS = ("lang", SVG_KEY)


def is_mode_switch(w) -> bool:
    """Model and solver choices open new states; the language is swept only on its own."""
    kind = type(w).__name__
    if w.key == "lang" or w.key.endswith(".preset"):
        return False
    return kind == "ButtonGroup" or (kind == "Selectbox" and len(w.options) <= 6)


def sweep_state(file: str, query: dict, state: tuple, report: Report) -> list[tuple]:
    """Open the view, enter ``state``, try every value of every other widget; return child states.

    Putting a widget back to its value is done in the same run as the next widget's first trial (one
    run instead of two) unless that trial does not fit the next widget before the first is put back
    (it is missing, or has other options or another range)."""
    at = open_page(file, query)
    for key, value in state:
        apply(at, next(w for w in input_widgets(at) if w.key == key), value)
        at.run()
    where = f"{file} {query} {dict(state)}"
    check(at, where, report)
    fixed = {key for key, _ in state} | set(query)
    children, restore = [], None
    for w in input_widgets(at):
        frame_widget = w.key.endswith(".data") or w.key in TOOLKIT_WIDGETS or w.key.startswith("cls.")
        swept_elsewhere = w.key.endswith(".preset") or (state and frame_widget)
        if w.key in fixed or swept_elsewhere:
            continue
        original = current_label(w)
        for value in trial_values(w):
            target = find(at, w.key)
            if restore is not None and not fits(target, value):
                put_back(at, restore)
                at.run()
                restore, target = None, find(at, w.key)
            if target is None:
                break
            if restore is not None:
                put_back(at, restore)
                restore = None
            apply(at, target, value)
            at.run()
            check(at, f"{where} {w.key}={value}", report)
            if is_mode_switch(w) and len(state) < MAX_DEPTH:
                children.append((*state, (w.key, value)))
        current = find(at, w.key)
        if (
            current is not None
            and original is not None
            and (not isinstance(original, tuple) or original[1] in (current.options or []))
        ):
            restore = (w.key, original)
    return children


def fits(target, value) -> bool:
    """Whether ``value`` can be given to the widget as it is now (it exists; an option it has, a
    number in its range): a widget put back in the same run may have changed its options."""
    if target is None:
        return False
    if isinstance(value, tuple) and value[0] == "label":
        return value[1] in target.options
    if type(target).__name__ in ("Slider", "NumberInput") and not isinstance(value, bool):
        low, high = target.min, target.max
        return (low is None or value >= low) and (high is None or value <= high)
    return True


def find(at, key: str):
    """The widget with this key in the app's current state, or None."""
    return next((x for x in input_widgets(at) if x.key == key), None)


def put_back(at, restore: tuple) -> None:
    """Set a widget back to its original value (applied by the next run)."""
    key, original = restore
    apply(at, find(at, key), original)


def sweep(file: str, query: dict, report: Report) -> int:
    """Breadth-first over the mode switches, at most MAX_STATES states; returns the states visited."""
    queue, states = [()], 0
    while queue and states < MAX_STATES:
        queue += sweep_state(file, query, queue.pop(0), report)
        states += 1
    return states


@pytest.mark.parametrize("info,view", VIEWS, ids=lambda v: getattr(v, "key", v))
def test_every_control_of_every_view(info, view, record_property):
    query = {f"{info.key}.view": view}
    picker = widget(open_page(info.file, query), f"{info.key}.view")
    assert picker.value == view and len(picker.options) == len(info.views)  # the page lists every view
    report = Report()
    states = sweep(info.file, query, report)
    record_property("sweep_runs", (f"{info.key}.{view}", report.runs))
    print(f"\n{info.key}.{view}: {report.runs} combinations in {states} states")
    assert not report.problems, "\n".join(report.problems[:20])


@pytest.mark.parametrize("info", PAGES, ids=lambda p: p.key)
def test_every_book_preset(info, record_property):
    """Every "Reproduce the book" preset, each in a fresh session (a preset changes many widgets)."""
    report = Report()
    at = open_page(info.file)
    presets = [w for w in input_widgets(at) if w.key.endswith(".preset")]
    for label in presets[0].options[1:] if presets else []:
        at = open_page(info.file)
        apply(at, next(w for w in input_widgets(at) if w.key.endswith(".preset")), ("label", label))
        at.run()
        check(at, f"{info.file} preset {label!r}", report)
    record_property("sweep_runs", (f"{info.key}.presets", report.runs))
    assert not report.problems, "\n".join(report.problems[:20])


def test_every_control_of_the_home_page():
    report = Report()
    sweep(HOME.file, {}, report)
    assert report.runs >= 2 and not report.problems, "\n".join(report.problems[:20])
