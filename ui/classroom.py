"""Classroom tools on every view (issue 17): A/B comparison, lesson links, challenges, cross-checks.

A view's *settings* are the values of the URL-bound controls it drew in a run (:mod:`ui.shown`),
less the data panel's (A and B share the data and seed). Settings travel in the URL as compact JSON
(``<prefix>.ab``: the frozen A; ``<prefix>.lesson``: a list of lesson steps) and are applied to the
controls before they are drawn, each only if the control exists with a value of the same type, so a
hand-made link cannot break a control; a malformed one is reported and ignored, the state untouched.
The cross-check toggle runs an :mod:`algorithms.crosscheck` function (scikit-learn, optional).
"""

from __future__ import annotations

import json
import math
import re

import numpy as np
import streamlit as st

from ui import shown
from ui.charts import chart
from ui.controls import LINK_NUMBER_MAX
from ui.controls import LONG_LINK_VALUE_MAX
from ui.controls import bound
from ui.i18n import t
from ui.registry import ROOT
from ui.theme import BLACK

AB, LESSON = "ab", "lesson"  # URL keys <prefix>.ab and <prefix>.lesson
NAME = re.compile(r"^[A-Za-z0-9_]{1,40}$")
NOTE_MAX = 200
MAX_STEPS = 8
APPLY_KEY, RETURN_KEY, REACHED_KEY = "_cls_apply", "_cls_return", "_cls_reached"
SLOT_KEY = "_cls_slot"
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def begin(prefix: str) -> None:
    """At the start of a run, before any control is drawn (in the sidebar): apply pending settings,
    open a lesson link, hide what the lesson step hides, and keep a place for the A/B panel."""
    shown.reset()
    pending = st.session_state.pop(APPLY_KEY, None)
    if pending is not None:
        _apply(pending)
    step = _lesson_step(prefix)
    shown_all = step is None or (not step["l"] and st.session_state.get("cls.unhide"))
    st.session_state[shown.HIDE_EXPLANATIONS_KEY] = bool(step and step["x"] and not shown_all)
    st.session_state[SLOT_KEY] = {"lesson": st.container()}
    if step is not None and step["h"] and not shown_all:
        st.html(_hiding_css(prefix, step["h"]))


def place_panel() -> None:
    """Keep the place under the page title where the A/B comparison will appear."""
    st.session_state[SLOT_KEY]["ab"] = st.container()


def after_view(prefix: str, projector: bool) -> None:
    """After the view: the A/B comparison, the lesson sequence and the classroom tools.

    The view is a fragment (:class:`ui.views.PickedView`), which may fill a container of the page only
    if it wrote into it in the page's last full run: so it writes one inner container into each slot
    on every run."""
    record = shown.current()
    slots = st.session_state.get(SLOT_KEY, {})
    if record is None or "ab" not in slots:
        return
    slots = {name: slot.container() for name, slot in slots.items()}
    settings, data = view_settings(prefix, record), data_settings(prefix, record)
    back = st.session_state.pop(RETURN_KEY, None)
    with slots["ab"]:
        a = _link_value(prefix, AB)
    if back is not None and a is not None:  # A was drawn to be captured: take its picture, go back to B
        _snapshot(prefix, a, data, record)
        st.session_state[APPLY_KEY] = back
        st.rerun()
    with slots["ab"]:
        if a is not None:
            _ab_panel(prefix, a, settings, data, record, projector)
    with slots["lesson"]:
        _lesson_player(prefix)
    with st.sidebar:
        _tools(prefix, a, settings, record)
        _challenges(prefix, {**settings, **data}, record)


# --- settings --------------------------------------------------------------------------------------


def _scalar(value) -> bool:
    if isinstance(value, float):
        return math.isfinite(value) and abs(value) <= LINK_NUMBER_MAX
    if isinstance(value, int):
        return abs(value) <= LINK_NUMBER_MAX
    return isinstance(value, str) and len(value) <= 100


def _settings(prefix: str, keys) -> dict:
    """{name: value} of the controls ``<prefix>.<name>`` among ``keys`` with a plain value."""
    out = {}
    for key in keys:
        name = key[len(prefix) + 1 :]
        if key.startswith(f"{prefix}.") and NAME.match(name) and _scalar(st.session_state.get(key)):
            out[name] = st.session_state[key]
    return out


def view_settings(prefix: str, record: dict) -> dict:
    start = record["view_start"] or 0
    return _settings(prefix, record["controls"][start:])


def data_settings(prefix: str, record: dict) -> dict:
    return _settings(prefix, record["controls"][: record["view_start"] or 0])


def encode(settings) -> str:
    return json.dumps(settings, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def decode_settings(raw) -> dict:
    """A settings dict from the URL; ValueError unless every name and value looks like a control's."""
    value = json.loads(raw) if isinstance(raw, str) and len(raw) <= LONG_LINK_VALUE_MAX else None
    if not isinstance(value, dict) or not value or len(value) > 40:
        raise ValueError("settings")
    if not all(isinstance(k, str) and NAME.match(k) and _scalar(v) for k, v in value.items()):
        raise ValueError("settings")
    return value


def decode_lesson(raw) -> list[dict]:
    """The lesson's steps: settings ``s``, hidden control names ``h``, explanations hidden ``x``,
    locked ``l`` and the note ``n`` (plain text)."""
    steps = json.loads(raw) if isinstance(raw, str) and len(raw) <= LONG_LINK_VALUE_MAX else None
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise ValueError("lesson")
    out = []
    for step in steps:
        if not isinstance(step, dict) or set(step) != {"s", "h", "x", "l", "n"}:
            raise ValueError("lesson")
        hidden, note = step["h"], step["n"]
        if not isinstance(hidden, list) or not all(isinstance(h, str) and NAME.match(h) for h in hidden):
            raise ValueError("lesson")
        if (
            not isinstance(note, str)
            or len(note) > NOTE_MAX
            or not all(isinstance(step[k], int) for k in "xl")
        ):
            raise ValueError("lesson")
        settings = decode_settings(json.dumps(step["s"])) if step["s"] else {}
        out.append({"s": settings, "h": hidden, "x": bool(step["x"]), "l": bool(step["l"]), "n": note})
    return out


def _link_value(prefix: str, name: str):
    """The decoded ``<prefix>.<name>`` of the URL, or None; a malformed one is removed with a message."""
    raw = st.query_params.get(f"{prefix}.{name}")
    if raw is None:
        return None
    try:
        return decode_settings(raw) if name == AB else decode_lesson(raw)
    except (ValueError, TypeError, RecursionError):
        st.query_params.pop(f"{prefix}.{name}", None)
        st.error(t(f"cls.bad_{name}"), icon=":material/link_off:")
        return None


def _apply(settings: dict) -> None:
    """Put each ``<prefix>.<name>`` value into its control if the control holds a value of that type."""
    for key, value in settings.items():
        if key in st.session_state and type(st.session_state[key]) is type(value):
            st.session_state[key] = value


def _qualified(prefix: str, settings: dict) -> dict:
    return {f"{prefix}.{name}": value for name, value in settings.items()}


# --- A/B -------------------------------------------------------------------------------------------


def _snapshot(prefix: str, a: dict, data: dict, record: dict) -> None:
    st.session_state[f"_cls_snap.{prefix}"] = {
        "a": encode(a),
        "data": data,
        "figure": record["figures"][0] if record["figures"] else None,
        "metrics": [m for row in record["metrics"] for m in row],
    }


def _freeze(prefix: str) -> None:
    """Callback: the settings shown now become A (with their picture)."""
    record = shown.current()
    a = view_settings(prefix, record)
    if a:
        st.query_params[f"{prefix}.{AB}"] = encode(a)
        _snapshot(prefix, a, data_settings(prefix, record), record)


def _swap(prefix: str, a: dict) -> None:
    """Callback: show A live; the settings shown now become A."""
    b = view_settings(prefix, shown.current())
    _apply(_qualified(prefix, a))
    st.query_params[f"{prefix}.{AB}"] = encode(b)


def _compute_a(prefix: str, a: dict) -> None:
    """Callback: draw A once on the current data to take its picture, then come back to B."""
    st.session_state[RETURN_KEY] = _qualified(prefix, view_settings(prefix, shown.current()))
    _apply(_qualified(prefix, a))


def _clear(prefix: str) -> None:
    st.query_params.pop(f"{prefix}.{AB}", None)


def number_in(text: str) -> float | None:
    """The first number in a metric's text ("0.05", "96.5 %", "3 (2 + 1)"), or None."""
    found = NUMBER.search(str(text))
    return float(found.group()) if found else None


def metric_deltas(a: list, b: list) -> list[dict]:
    """Rows label, A, B, B − A for the metrics both show (by label)."""
    a_values = dict(a)
    rows = []
    for label, value in b:
        if label not in a_values:
            continue
        x, y = number_in(a_values[label]), number_in(value)
        delta = "—" if x is None or y is None else f"{y - x:+.4g}"
        rows.append({t("cls.metric"): label, "A": a_values[label], "B": value, "B − A": delta})
    return rows


def _ab_panel(prefix: str, a: dict, settings: dict, data: dict, record: dict, projector: bool) -> None:
    snap = st.session_state.get(f"_cls_snap.{prefix}")
    with st.container(border=True):
        st.subheader(t("cls.ab_title"))
        changed = [
            f"{name}: {a.get(name, '—')} → {value}"
            for name, value in settings.items()
            if a.get(name) != value
        ]
        st.text(t("cls.ab_changed", changes="; ".join(changed)) if changed else t("cls.ab_same"))
        if snap is None or snap["a"] != encode(a) or snap["data"] != data:
            st.info(t("cls.ab_missing"), icon=":material/info:")
            st.button(t("cls.ab_compute"), on_click=_compute_a, args=(prefix, a), key="cls.compute")
            return
        figures = (snap["figure"], record["figures"][0] if record["figures"] else None)
        columns = [st.container() for _ in figures] if projector else st.columns(2)
        for column, name, figure in zip(columns, ("A", "B"), figures, strict=True):
            with column:
                st.markdown(f"**{name}**")
                if figure is not None:
                    chart(figure, key=f"cls.ab_{name}")
        rows = metric_deltas(snap["metrics"], [m for row in record["metrics"] for m in row])
        if rows:
            st.dataframe(rows, hide_index=True)


# --- lessons ---------------------------------------------------------------------------------------


def _lesson_step(prefix: str) -> dict | None:
    """The current step of the lesson in the URL; a newly opened lesson starts at its first step."""
    steps = _link_value(prefix, LESSON)
    if steps is None:
        return None
    state = st.session_state.get(f"_cls_lesson.{prefix}")
    raw = st.query_params[f"{prefix}.{LESSON}"]
    if state is None or state["raw"] != raw:
        state = {"raw": raw, "step": 0, "steps": steps}
        st.session_state[f"_cls_lesson.{prefix}"] = state
        _go(prefix, 0)
    return state["steps"][state["step"]]


def _go(prefix: str, index: int) -> None:
    """Move to lesson step ``index``: its settings are applied at the start of the next run(s)."""
    state = st.session_state[f"_cls_lesson.{prefix}"]
    state["step"] = index
    state["pending"] = _qualified(prefix, state["steps"][index]["s"])
    st.session_state[APPLY_KEY] = state["pending"]


def _lesson_player(prefix: str) -> None:
    """The lesson's steps in the sidebar: the note of the current one (as plain text), back and next."""
    state = st.session_state.get(f"_cls_lesson.{prefix}")
    if state is None or st.query_params.get(f"{prefix}.{LESSON}") != state["raw"]:
        return
    pending = state.pop("pending", None)
    if pending and any(_differs(key, value) for key, value in pending.items()):
        st.session_state[APPLY_KEY] = pending  # the controls exist now (first run of a new session)
        st.rerun()
    index, steps = state["step"], state["steps"]
    step = steps[index]
    with st.container(border=True):
        st.markdown(f"**{t('cls.lesson_step', i=index + 1, n=len(steps))}**")
        if step["n"]:
            st.text(step["n"])
        back, forward = st.columns(2)
        back.button(
            t("cls.back"), on_click=_go, args=(prefix, index - 1), disabled=index == 0, key="cls.back"
        )
        forward.button(
            t("cls.next"),
            on_click=_go,
            args=(prefix, index + 1),
            disabled=index == len(steps) - 1,
            key="cls.next",
        )
        if step["l"]:
            st.caption(t("cls.locked"))
        elif step["h"] or step["x"]:
            st.toggle(t("cls.unhide"), key="cls.unhide")


def _differs(key: str, value) -> bool:
    """Whether the control ``key`` exists and would take ``value`` but holds another."""
    return (
        key in st.session_state
        and type(st.session_state[key]) is type(value)
        and st.session_state[key] != value
    )


def _hiding_css(prefix: str, hidden: list[str]) -> str:
    """CSS hiding the step's controls (Streamlit gives a keyed widget the class ``st-key-<key>``)."""
    classes = [".st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", f"{prefix}.{name}") for name in hidden]
    return f"<style>{', '.join(classes)} {{display: none !important;}}</style>"


def _add_step(prefix: str, settings: dict) -> None:
    """Callback: the current state, with what is chosen to hide and the note, as the next step."""
    steps = st.session_state.setdefault(f"_cls_draft.{prefix}", [])
    if len(steps) < MAX_STEPS:
        steps.append(
            {
                "s": settings,
                "h": [h for h in st.session_state.get("cls.hide", []) if h in settings],
                "x": int(st.session_state.get("cls.hide_explain", False)),
                "l": int(st.session_state.get("cls.lock", False)),
                "n": st.session_state.get("cls.note", "")[:NOTE_MAX],
            }
        )


def lesson_link(prefix: str, steps: list[dict]) -> str:
    """This page's address with the lesson in it, percent-encoded so that it can be pasted anywhere."""
    value = "".join(c if c.isascii() and (c.isalnum() or c in "-._~") else _escaped(c) for c in encode(steps))
    return f"{(st.context.url or '').split('?')[0]}?{prefix}.{LESSON}={value}"


def _escaped(char: str) -> str:
    return "".join(f"%{byte:02X}" for byte in char.encode())


def _open_lesson(prefix: str) -> None:
    st.query_params[f"{prefix}.{LESSON}"] = encode(st.session_state.get(f"_cls_draft.{prefix}", []))


def _tools(prefix: str, a: dict | None, settings: dict, record: dict) -> None:
    """The sidebar's classroom tools: freeze A, and build a lesson link step by step."""
    if not st.toggle(t("cls.tools"), help=t("cls.tools_help"), key="cls.open"):
        return
    st.button(t("cls.freeze"), on_click=_freeze, args=(prefix,), key="cls.freeze", help=t("cls.freeze_help"))
    if a is not None:
        left, right = st.columns(2)
        left.button(t("cls.swap"), on_click=_swap, args=(prefix, a), key="cls.swap")
        right.button(t("cls.clear"), on_click=_clear, args=(prefix,), key="cls.clear")
    st.divider()
    names = sorted({*settings, *data_settings(prefix, record)})
    st.multiselect(t("cls.hide"), names, key="cls.hide")
    st.toggle(t("cls.hide_explain"), key="cls.hide_explain")
    st.toggle(t("cls.lock"), help=t("cls.lock_help"), key="cls.lock")
    st.text_input(t("cls.note"), max_chars=NOTE_MAX, key="cls.note")
    everything = {**data_settings(prefix, record), **settings}
    st.button(t("cls.add_step"), on_click=_add_step, args=(prefix, everything), key="cls.add")
    steps = st.session_state.get(f"_cls_draft.{prefix}", [])
    if steps:
        st.caption(t("cls.steps", n=len(steps)))
        st.code(lesson_link(prefix, steps), language=None, wrap_lines=True)
        st.button(t("cls.open_lesson"), on_click=_open_lesson, args=(prefix,), key="cls.open_lesson")


# --- cross-check with scikit-learn ------------------------------------------------------------------


def crosscheck_wanted(prefix: str) -> bool:
    """The toggle overlaying scikit-learn's fit of the same model (``<prefix>.xcheck``)."""
    return st.toggle(t("cls.xcheck"), help=t("cls.xcheck_help"), **bound(f"{prefix}.xcheck"))


def crosscheck(compute, *args):
    """``compute(*args)`` (an :mod:`algorithms.crosscheck` function), or None once it is said why not:
    scikit-learn is not installed (how to install it), or the model has no counterpart there."""
    try:
        check = compute(*args)
    except ImportError:
        st.info(t("cls.xcheck_missing"), icon=":material/download:")
        return None
    if check is None:
        st.caption(t("cls.xcheck_none"))
    return check


def crosscheck_points(points, style) -> dict:
    """scikit-learn's centres or means: large open diamonds (ours sit inside them when both agree)."""
    points = np.asarray(points, float)
    return dict(
        type="scatter",
        mode="markers",
        x=points[:, 0],
        y=points[:, 1],
        name=t("cls.xcheck_name"),
        marker=dict(symbol="diamond-open", size=style.marker_size * 3.2, color=BLACK, line=dict(width=2)),
    )


def crosscheck_caption(check, what: str) -> None:
    """The largest discrepancy between our fit and scikit-learn's (``what`` says of which number)."""
    st.caption(t("cls.xcheck_result", what=what, value=f"{check.discrepancy:.2g}"))


# --- challenges ------------------------------------------------------------------------------------


def challenges_of(prefix: str) -> list[dict]:
    """The page's challenges, declared as data in ``pages/challenges/<prefix>.json``."""
    path = ROOT / "pages" / "challenges" / f"{prefix}.json"
    if not path.exists():
        return []
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def met(goal: dict, settings: dict, metrics: dict) -> bool:
    """Whether a condition holds: a setting or a shown metric (by its catalogue label) within bounds."""
    if "setting" in goal:
        value = settings.get(goal["setting"])
    else:
        value = number_in(metrics[t(goal["metric"])]) if t(goal["metric"]) in metrics else None
    if value is None:
        return False
    if "equals" in goal:
        return value == goal["equals"]
    return goal.get("min", -math.inf) <= value <= goal.get("max", math.inf)


def _challenges(prefix: str, settings: dict, record: dict) -> None:
    """The view's challenges; one met now is marked reached for the rest of the session."""
    view = st.session_state.get(f"{prefix}.view")
    goals = [c for c in challenges_of(prefix) if c["view"] in (view, None)]
    if not goals:
        return
    metrics = {label: value for row in record["metrics"] for label, value in row}
    reached = st.session_state.setdefault(REACHED_KEY, set())
    with st.expander(t("cls.challenges"), icon=":material/flag:"):
        for challenge in goals:
            name = f"{prefix}.{challenge['id']}"
            if all(met(goal, settings, metrics) for goal in challenge["all"]):
                if name not in reached:
                    st.toast(t("cls.reached_toast"), icon=":material/emoji_events:")
                reached.add(name)
            mark = ":material/check_circle:" if name in reached else ":material/radio_button_unchecked:"
            text = t(f"cls.challenge.{prefix}.{challenge['id']}")
            st.markdown(f"{mark} {text}")
