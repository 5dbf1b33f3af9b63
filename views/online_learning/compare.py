"""PA and AROW on the same stream (Sugiyama §15.2, Fig 15.9): a few outliers drag PA's boundary
far into the other class, while AROW, whose confident weights move little, stays put. Inject more
outliers with the button and watch both boundaries and their mistakes."""

from __future__ import annotations

import streamlit as st

from algorithms import AROWClassifier
from algorithms import PassiveAggressiveClassifier
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.explain import vector
from ui.i18n import t
from ui.theme import GREEN
from ui.theme import VERMILLION
from ui.views import fitted
from views.online_learning._stream import STREAM_DATA
from views.online_learning._stream import Learner
from views.online_learning._stream import plane_view
from views.online_learning._stream import progress_charts
from views.online_learning._stream import stream_controls
from views.online_learning.pa import VARIANTS

DATA, DATA_PREFIX = STREAM_DATA, "onl"


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, y, variant, C, r, clean):
    """Both learners on the stream and their accuracy on its clean points after each point."""
    pa = PassiveAggressiveClassifier(C, variant, fit_intercept=True).fit(X, y)
    arow = AROWClassifier(r, fit_intercept=True).fit(X, y)
    paths = [m.accuracy_path(X[clean], y[clean]) for m in (pa, arow)] if clean.any() else None
    return pa, arow, paths


def render(ctx, controls, main) -> None:
    with controls:
        variant = choice(t("onl.variant"), VARIANTS, "onl.variant", catalogue_labels("onl.variants"))
        C = log_slider(t("onl.C"), "onl.C", -3, 2, 0.5, help=t("onl.C_help"))
        r = log_slider(t("onl.r"), "onl.r", -3, 2, 1.0, help=t("onl.r_help"))
    stream, speed = stream_controls(ctx, controls, main)
    if stream is None:
        return
    result = fitted(fit, stream.X, stream.y, variant, C, r, stream.clean)
    if result is None:
        return
    pa, arow, paths = result
    learners = [Learner(variant, pa, VERMILLION, "dash"), Learner("AROW", arow, GREEN)]
    pa_mistakes, arow_mistakes = pa.cumulative_mistakes(), arow.cumulative_mistakes()

    def label(s):
        return t("onl.cmp_label", t=s + 1, pa=int(pa_mistakes[s]), arow=int(arow_mistakes[s]))

    with main:
        plane_view(ctx, stream, learners, "onl.compare", speed, label)
        clean_pa = "—" if paths is None else percent(paths[0][-1])
        clean_arow = "—" if paths is None else percent(paths[1][-1])
        metric_rows([(t("onl.mistakes_of", name=variant), str(pa.n_mistakes_)),
                     (t("onl.mistakes_of", name="AROW"), str(arow.n_mistakes_)),
                     (t("onl.clean_acc_of", name=variant), clean_pa),
                     (t("onl.clean_acc_of", name="AROW"), clean_arow)], ctx.projector, per_row=2)
        progress_charts(ctx, stream, learners, "onl.compare")
    formula_panel(
        [
            Formula(rf"\theta_{{\mathrm{{PA}}}} = {vector(pa.coef_.tolist() + [pa.intercept_])},\ "
                    rf"\mu_{{\mathrm{{AROW}}}} = {vector(arow.coef_.tolist() + [arow.intercept_])},\ "
                    rf"C = {number(C)},\ r = {number(r)}",
                    "Sugiyama §15.1.2 (15.6), §15.2.2, Fig 15.9"),
        ],
        ctx.projector,
    )
    code_view(PassiveAggressiveClassifier, AROWClassifier, projector=ctx.projector)
