"""The online perceptron and its mistake bound (CS229 Ch. 6 §1, M12).

Predict each point with g(θᵀx); on a mistake θ ← θ + y x. On a stream separable with margin γ by a
unit u, inside a ball of radius D, the number of mistakes never exceeds (D/γ)², whatever the length
of the stream; u is taken from the hard-margin SVM (the largest γ), D and γ over the augmented
x̂ = (x, 1) the perceptron learns on.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import SVC
from algorithms import OnlinePerceptron
from algorithms import perceptron_mistake_bound
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import vector
from ui.i18n import t
from ui.theme import BLACK
from ui.views import fitted
from views.online_learning._stream import STREAM_DATA
from views.online_learning._stream import Learner
from views.online_learning._stream import plane_view
from views.online_learning._stream import progress_charts
from views.online_learning._stream import step_details
from views.online_learning._stream import stream_controls

DATA, DATA_PREFIX = STREAM_DATA, "onl"


@st.cache_data(max_entries=32, show_spinner=False)
def fit(X, y):
    """The perceptron over the stream and, on separable data, the bound (D/γ)² from the hard-margin SVM."""
    model = OnlinePerceptron(fit_intercept=True).fit(X, y)
    bound = None
    svm = SVC(C=np.inf, tol=1e-6, max_iter=20_000).fit(X, y)
    if svm.converged_:
        try:
            bound = perceptron_mistake_bound(X, y, svm.w_, svm.b_)
        except ValueError:
            bound = None
    return model, bound


def render(ctx, controls, main) -> None:
    stream, speed = stream_controls(ctx, controls, main)
    if stream is None:
        return
    result = fitted(fit, stream.X, stream.y)
    if result is None:
        return
    model, bound_value = result
    learner = Learner(t("onl.perceptron"), model, BLACK)
    history, mistakes = model.history_, model.cumulative_mistakes()

    def label(s):
        key = "onl.perc_mistake" if history[s].mistake else "onl.perc_ok"
        return t(key, t=history[s].t, mistakes=int(mistakes[s]),
                 bound="—" if bound_value is None else fmt(bound_value, 3))

    with main:
        plane_view(ctx, stream, [learner], "onl.perceptron", speed, label,
                   lambda s: step_details(stream, model, s))
        metric_rows([(t("onl.mistakes"), str(model.n_mistakes_)),
                     (t("onl.bound"), "—" if bound_value is None else fmt(bound_value, 4)),
                     (t("onl.points"), str(model.n_seen_))], ctx.projector)
        if bound_value is None:
            st.info(t("onl.no_bound"))
        progress_charts(ctx, stream, [learner], "onl.perceptron", bound_value)
    formulas = [
        Formula(r"y\,\theta^\top x \le 0\ \Rightarrow\ \theta \leftarrow \theta + y\,x,\qquad "
                rf"\theta = {vector(np.r_[model.coef_, model.intercept_])}",
                "CS229 Ch. 6 §1 (M12)"),
    ]
    if bound_value is not None:
        formulas.append(Formula(
            rf"k = {model.n_mistakes_} \le (D/\gamma)^2 = {number(bound_value)},\ "
            r"D = \max_i \|\hat x_i\|,\ \gamma = \min_i y_i\,u^\top \hat x_i",
            "CS229 Ch. 6 §1 (Block 1962; Novikoff 1962)", t("onl.bound_erratum")))
    formula_panel(formulas, ctx.projector)
    code_view(OnlinePerceptron, projector=ctx.projector)
