"""Driving pages with Streamlit's AppTest: discover widgets, set them by label, check what is shown."""

from __future__ import annotations

import base64
import functools
import json
import re
from dataclasses import dataclass
from dataclasses import field

import numpy as np
from streamlit.components.v2 import manifest_scanner
from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1 import app_test
from streamlit.testing.v1 import local_script_runner
from streamlit.testing.v1.element_tree import TESTING_KEY

from ui.charts import FRAMES_SENT
from ui.charts import FRAMES_WANTED
from ui.components import CHART
from ui.components import FORMULAS
from ui.registry import ROOT

TIMEOUT = 60

# A real server compiles each page once; AppTest would recompile it on every run (about 90 ms for
# the largest pages), which makes reruns look slower than users see them. Share one cache.
_SCRIPTS = ScriptCache()
app_test.ScriptCache = local_script_runner.ScriptCache = lambda: _SCRIPTS
# Every AppTest scans all installed packages for component manifests (about 130 ms); the installed
# packages do not change during a test run, so scan once.
manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)
WIDGET_KINDS = ("slider", "select_slider", "selectbox", "button_group", "toggle", "checkbox", "number_input")
STEPPER_SAMPLES = 8  # steps tried per stepper (the animation frames cover up to 40 more)
RAW_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def open_page(file: str, query: dict[str, str] | None = None, lang: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / file), default_timeout=TIMEOUT)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    if lang:
        at.session_state["lang"] = lang
    return at.run()


def sample_message(at: AppTest) -> str:
    """The text of ``ui.views.fit_subset``'s notice ("… fits on m of the n samples …"), if shown."""
    return " ".join(i.value for i in at.info if "samples" in i.value)


def input_widgets(at: AppTest) -> list:
    """Every keyed input widget on the page (main area and sidebar)."""
    found, seen = [], set()
    for kind in WIDGET_KINDS:
        for widget in getattr(at, kind):
            if widget.key and widget.key not in seen and not getattr(widget.proto, "disabled", False):
                seen.add(widget.key)
                found.append(widget)
    return found


def widget(at: AppTest, key: str):
    matches = [w for w in input_widgets(at) if w.key == key]
    assert matches, f"no widget with key {key!r}"
    return matches[0]


def set_label(at: AppTest, w, label: str) -> None:
    """Choose an option by its displayed label (works for any option type)."""
    at.session_state[TESTING_KEY][w.id] = lambda value: value
    w.set_value(label)


def trial_values(w) -> list:
    """Values worth trying: slider ends, every option, both states of a switch."""
    kind = type(w).__name__
    if kind == "Slider" and w.key.endswith(".step"):  # a stepper: its ends and steps in between
        return sorted({int(round(v)) for v in np.linspace(w.min, w.max, STEPPER_SAMPLES)} - {int(w.value)})
    if kind == "Slider":
        return [w.min, w.max]
    if kind == "NumberInput":
        return [v for v in (w.min, w.max) if v is not None and abs(v) < 1e9]
    if kind == "SelectSlider":
        return [("label", w.options[0]), ("label", w.options[-1])]
    if kind in ("Selectbox", "ButtonGroup"):
        current = w.format_func(w.value) if w.value is not None else None
        return [("label", o) for o in w.options if o != current]
    if kind in ("Toggle", "Checkbox"):
        return [not w.value]
    return []


def apply(at: AppTest, w, value) -> None:
    if isinstance(value, tuple) and value[0] == "label":
        set_label(at, w, value[1])
    else:
        w.set_value(value)


def current_label(w):
    kind = type(w).__name__
    if kind in ("Selectbox", "ButtonGroup", "SelectSlider") and w.value is not None:
        return ("label", w.format_func(w.value))
    return w.value


def decoded_arrays(node):
    """Every numeric array in a Plotly JSON spec (base64 'bdata' or plain lists)."""
    if isinstance(node, dict):
        if "bdata" in node and "dtype" in node:
            yield np.frombuffer(base64.b64decode(node["bdata"]), dtype=np.dtype(node["dtype"]))
            return
        for value in node.values():
            yield from decoded_arrays(value)
    elif isinstance(node, list):
        if node and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in node):
            yield np.asarray(node, dtype=float)
        else:
            for value in node:
                yield from decoded_arrays(value)


def _chart_data(node) -> dict | None:
    """The data sent to one of ui.charts' charts, if the node is one."""
    if node.type == "bidi_component" and node.proto.component_name == CHART:
        return json.loads(node.proto.bytes)
    return None


def _run_keeping_frames(at: AppTest, *args, **kwargs) -> AppTest:
    """AppTest's run, keeping the animation frames each chart was last sent, as the browser's charts
    do (ui.charts sends them once, when ▶ asks): ``at.chart_frames`` maps a chart's key to (their
    digest, the frames)."""
    _run(at, *args, **kwargs)
    held = at.__dict__.setdefault("chart_frames", {})
    for node in at._tree:
        if (data := _chart_data(node)) is not None and data["frames"] is not None:
            held[node.key] = data["frames_digest"], data["frames"]
    return at


_run, AppTest._run = AppTest._run, _run_keeping_frames


def play(at: AppTest) -> AppTest:
    """Press ▶ on every chart that lacks its animation frames, as a browser does: ui.charts' callback
    marks them wanted, and the rerun sends them."""
    lacking = {node.key for node in at._tree if (data := _chart_data(node)) is not None
               and data["frames_digest"] not in (None, at.chart_frames.get(node.key, (None,))[0])}
    if lacking:
        sent = at.session_state[FRAMES_SENT]
        at.session_state[FRAMES_SENT] = {key: d for key, d in sent.items() if key not in lacking}
        at.session_state[FRAMES_WANTED] = at.session_state[FRAMES_WANTED] | lacking
        at.run()
    return at


def charts(at: AppTest) -> dict[str, dict]:
    """Every chart's figure spec by its key, in page order: ui.charts' component (its data carry the
    figure, and the frames its chart holds, see :func:`play`) or st.plotly_chart."""
    specs = {}
    for node in at._tree:
        if node.type == "plotly_chart":
            specs[node.key] = json.loads(node.proto.spec)
        elif (data := _chart_data(node)) is not None:
            specs[node.key] = data["figure"]
            digest, frames = at.chart_frames.get(node.key, (None, None))
            if data["frames_digest"] is not None and digest == data["frames_digest"]:
                specs[node.key]["frames"] = frames
    return specs


def _formula_panels(at: AppTest):
    """Each formula panel's (LaTeX, source line) pairs and each st.latex, in page order."""
    for node in at._tree:
        if node.type == "bidi_component" and node.proto.component_name == FORMULAS:
            yield json.loads(node.proto.bytes)["formulas"]
        elif node.type == "latex":
            yield [(node.value.removeprefix("$$\n").removesuffix("\n$$"), "")]


def formulas(at: AppTest) -> list[str]:
    """The LaTeX of every formula shown, in page order: the formula panels' (ui.explain, a component
    whose data carry them) and any st.latex."""
    return [latex for panel in _formula_panels(at) for latex, _ in panel]


def formula_sources(at: AppTest) -> list[str]:
    """The source line under each formula of the formula panels ("Source: Li Hang (7.50) …")."""
    return [source for panel in _formula_panels(at) for _, source in panel if source]


def captions(at: AppTest) -> str:
    """Every caption's text and every formula's source line, joined (a note may be in either)."""
    return " ".join([c.value for c in at.caption] + formula_sources(at))


def chart_specs(at: AppTest) -> list[dict]:
    """Every chart's figure spec in page order."""
    return list(charts(at).values())


def visible_texts(at: AppTest) -> list[str]:
    texts = []
    for kind in (
        "title",
        "header",
        "subheader",
        "markdown",
        "caption",
        "text",
        "error",
        "warning",
        "info",
        "success",
    ):
        texts += [str(e.value) for e in getattr(at, kind)]
    for m in at.metric:
        texts += [m.label, str(m.value)]
    for w in input_widgets(at):
        texts.append(w.label)
        texts += list(getattr(w, "options", []) or [])
    return texts


def zero_in_symbols(trace: dict) -> bool:
    """Whether a per-point marker.symbol array holds the number 0 (a circle): plotly.js then reads the
    whole array for each such point, a redraw in n² (views.clustering._common.SYMBOL_CODES)."""
    symbol = (trace.get("marker") or {}).get("symbol")
    if isinstance(symbol, dict):
        return any((array == 0).any() for array in decoded_arrays(symbol))
    return isinstance(symbol, list) and any(v == 0 and not isinstance(v, str | bool) for v in symbol)


@dataclass
class Report:
    runs: int = 0
    problems: list[str] = field(default_factory=list)


def check(at: AppTest, where: str, report: Report) -> None:
    """No exception, every chart non-empty and finite, no raw catalogue key or unfilled field."""
    report.runs += 1
    for exc in at.exception:
        report.problems.append(f"{where}: exception {exc.value}")
    for spec in chart_specs(at):
        if not spec.get("data"):
            report.problems.append(f"{where}: empty chart")
        for array in decoded_arrays(spec.get("data", [])):
            if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
                report.problems.append(f"{where}: NaN or inf in a chart")
                break
        if any(zero_in_symbols(tr) for tr in spec.get("data", [])):
            report.problems.append(f"{where}: the number 0 in a per-point marker.symbol array")
    for text in visible_texts(at):
        if RAW_KEY.match(text) or PLACEHOLDER.search(text):
            report.problems.append(f"{where}: untranslated text {text!r}")
