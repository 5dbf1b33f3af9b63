"""Views: a page is a list of views, each the screen of one idea in its own module.

A view module lives in ``views/<page file stem>/<code>.py``; its module name is its URL code
(``?<prefix>.view=<code>``) and its label the catalogue text ``<prefix>.views.<code>``. It has one
entry point, ``render(ctx, controls, main)``: ``ctx`` is the frame's :class:`ui.frame.PageContext`,
``controls`` the narrow column for its widgets and ``main`` the wide one for figures and metrics.
Modules of a family package whose names start with ``_`` are shared by its views, not views.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import streamlit as st

from ui import classroom
from ui import shown
from ui.charts import even_sample
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import chosen_before_drawn
from ui.exports import number_formula_panels_anew
from ui.i18n import t


def view_code(view: ModuleType) -> str:
    """The view's URL code: its module name."""
    return view.__name__.rsplit(".", 1)[-1]


def view_before_drawn(prefix: str, views: tuple[ModuleType, ...]) -> ModuleType:
    """The view the picker will show, known before it is drawn (for pages whose data depend on it)."""
    codes = [view_code(v) for v in views]
    return views[codes.index(chosen_before_drawn(f"{prefix}.view", codes))]


class PickedView:
    """The chosen view: its ``render`` draws the view, then the classroom tools (:mod:`ui.classroom`).

    The view is a fragment (``st.fragment``): moving one of its controls reruns the view alone, not
    the frame (sidebar, data, page title), so less is computed, sent and redrawn (issue 18). When a
    callback of the view changed what the frame draws (:func:`ui.shown.view_started`), the whole page
    reruns instead.
    Other attributes are the module's (``DATA``…); compare ``.module`` with a view module, not the
    picked view itself.
    """

    def __init__(self, prefix: str, module: ModuleType):
        self.prefix, self.module = prefix, module

    def __getattr__(self, name: str):
        return getattr(self.module, name)

    def render(self, ctx, controls, main) -> None:
        _view_fragment(self.prefix, self.module, ctx, controls, main)


@st.fragment
def _view_fragment(prefix: str, module: ModuleType, ctx, controls, main) -> None:
    edits = st.session_state.get(f"{prefix}.edits")  # replaced, never changed in place: compared by identity
    if shown.view_started((edits, st.query_params.get(f"{prefix}.lesson"))):
        st.rerun(scope="app")  # e.g. points clicked in, a new GLM family's data, a lesson opened
    number_formula_panels_anew()
    module.render(ctx, controls, main)
    classroom.after_view(prefix, ctx.projector)


def view_picker(prefix: str, views: tuple[ModuleType, ...]) -> PickedView:
    """The row of view buttons (``<prefix>.view`` in the URL); returns the chosen view."""
    codes = [view_code(v) for v in views]
    labels = catalogue_labels(f"{prefix}.views")
    code = choice(t(f"{prefix}.view"), codes, f"{prefix}.view", labels, horizontal=True)
    return PickedView(prefix, views[codes.index(code)])


def view_columns(wide: float = 3.0):
    """The controls column and the main column every view draws into."""
    return st.columns([1, wide], gap="medium")


def fitted(fit, *args):
    """``fit(*args)``, or None once the reason it failed (a ValueError from algorithms/) is shown."""
    try:
        return fit(*args)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return None


def fit_subset(n: int, limit: int, keep=()) -> slice | np.ndarray:
    """Which of ``n`` samples a view fits on: all up to ``limit`` (a fit that must answer within a
    second), else an even random sample of ``limit`` of them (the same for the same n), said on screen.
    Index the data with it: ``X[fit_subset(len(X), 3000)]``. The indices ``keep`` (a few labelled
    points) are in the sample, in place of as many others taken evenly from it."""
    picked = even_sample(n, limit)
    if n <= limit:
        return picked
    st.info(t("view.fit_subset", used=f"{limit:,}", total=f"{n:,}"))
    keep = np.unique(np.asarray(keep, dtype=int))[:limit]
    if len(keep) == 0:
        return picked
    rest = np.setdiff1d(picked, keep)
    return np.union1d(keep, rest[np.round(np.linspace(0, len(rest) - 1, limit - len(keep))).astype(int)])
