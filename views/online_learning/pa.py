"""Passive-aggressive classification on a stream (Sugiyama §15.1.1–15.1.2, Figs 15.4–15.6).

Each point arrives, is predicted, then teaches: no change when its margin is ≥ 1 (passive), else
the smallest move of θ that fixes it (aggressive), softened by C in PA-I (hinge) and PA-II (squared
hinge; the book's λ = 1/(2C)). The book's Fig 15.5 shows the boundary after 3, 5, 10 and 200 points.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

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
from ui.theme import BLACK
from ui.views import fitted
from views.online_learning._stream import STREAM_DATA
from views.online_learning._stream import Learner
from views.online_learning._stream import plane_view
from views.online_learning._stream import progress_charts
from views.online_learning._stream import snapshot_panels
from views.online_learning._stream import step_details
from views.online_learning._stream import stream_controls

DATA, DATA_PREFIX = STREAM_DATA, "onl"
VARIANTS = ["PA-II", "PA-I", "PA"]
SNAPSHOTS = (3, 5, 10, 200)  # Fig 15.5


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, y, variant, C):
    """PA over the stream and the accuracy on the whole stream after each point."""
    model = PassiveAggressiveClassifier(C, variant, fit_intercept=True).fit(X, y)
    return model, model.accuracy_path(X, y)


def pa_update(variant: str, C: float) -> str:
    """The update rule of the variant, with today's C (and the book's λ)."""
    loss = r"\ell = \max(0,\ 1 - y\,\theta^\top x)"
    if variant == "PA":
        return rf"\theta \leftarrow \theta + \frac{{\ell}}{{\|x\|^2}}\,y\,x,\quad {loss}"
    if variant == "PA-I":
        return (rf"\theta \leftarrow \theta + \min\!\Big\{{C,\ \frac{{\ell}}{{\|x\|^2}}\Big\}}\,y\,x,\quad "
                rf"C = \frac{{1}}{{\lambda}} = {number(C)},\ {loss}")
    return (rf"\theta \leftarrow \theta + \frac{{y\,\max(0,\ 1 - \theta^\top x\,y)}}{{\|x\|^2 + \lambda}}\,x,"
            rf"\quad \lambda = \frac{{1}}{{2C}} = {number(0.5 / C)}")


def render(ctx, controls, main) -> None:
    with controls:
        variant = choice(t("onl.variant"), VARIANTS, "onl.variant", catalogue_labels("onl.variants"))
        C = log_slider(t("onl.C"), "onl.C", -3, 2, 0.5, help=t("onl.C_help"))
    stream, speed = stream_controls(ctx, controls, main)
    if stream is None:
        return
    result = fitted(fit, stream.X, stream.y, variant, C)
    if result is None:
        return
    model, accuracy = result
    learner = Learner(variant, model, BLACK)
    history = model.history_
    mistakes = model.cumulative_mistakes()

    def label(s):
        key = "onl.label_mistake" if history[s].mistake else "onl.label_ok"
        return t(key, t=history[s].t, mistakes=int(mistakes[s]), acc=percent(accuracy[s]))

    with main:
        plane_view(ctx, stream, [learner], "onl.pa", speed, label,
                   lambda s: step_details(stream, model, s))
        shots = [k for k in SNAPSHOTS if k < len(history)] + [len(history)]
        snapshot_panels(ctx, stream, learner, shots, "onl.pa_snapshots")
        metric_rows([(t("onl.acc_after", k=k), percent(accuracy[k - 1])) for k in shots]
                    + [(t("onl.mistakes"), str(model.n_mistakes_))], ctx.projector, per_row=3)
        progress_charts(ctx, stream, [learner], "onl.pa")
    formula_panel(
        [
            Formula(pa_update(variant, C), "Sugiyama §15.1.2, (15.6) and the hinge variant; Crammer et al. "
                    "(2006) PA / PA-I / PA-II",
                    t("onl.pa_erratum")),
            Formula(rf"\theta = {vector(np.r_[model.coef_, model.intercept_])}\ "
                    rf"(w_1, w_2, b),\quad \text{{{t('onl.mistakes_tex')}}} = {model.n_mistakes_}",
                    "Sugiyama Fig 15.4"),
        ],
        ctx.projector,
    )
    code_view(PassiveAggressiveClassifier, projector=ctx.projector)
