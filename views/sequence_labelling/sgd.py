"""Training the linear-chain CRF by stochastic gradient ascent, step by step: the log-likelihood of
the training sequences, the transition weights Γ learnt so far, the gradient against finite
differences, and the Viterbi labelling against the independent softmax model.

Sugiyama §11.1–§11.2, Fig 11.3: ζ ← ζ + ε(φ(x̄, ȳ) − E_q[φ(x̄, ·)]), the expectation (11.4) by
forward–backward (Fig 11.3's index v and c_i are ȳ and c̄_i: erratum 11.1).
"""

import numpy as np
import streamlit as st

from algorithms import LinearChainCRF
from algorithms import gradient_check
from ui.charts import chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.explain import percent
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.frame import columns_or_stacked
from ui.heatmaps import heatmap_figure
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLUE
from views.sequence_labelling._chain import setting_controls
from views.sequence_labelling._chain import trained


@st.cache_data(max_entries=16, show_spinner=False)
def check(_model, setting):
    """The analytic gradient against central differences on the first sequence (cached by setting)."""
    crf = _model.crf
    return gradient_check(crf.coef_, crf.transitions_, _model.Phis[0], _model.Y[0])


def render(ctx, controls, main):
    with controls:
        setting = setting_controls()
    with main:
        model = trained(setting)
        if model is None:
            return
        history = model.crf.history_
        lls = np.array([h.log_likelihood for h in history])
        steps = np.array([h.step for h in history])
        left, right = columns_or_stacked(ctx.projector, [3, 2], gap="medium")
        with left:
            axes = Axes((0, max(steps[-1], 1)), padded_range(lls, 0.1), t("seq.sgd_step"),
                        t("seq.log_likelihood"))
            static = base_figure(ctx.style, axes, " ")

            def frame(i):
                curve = Curve(t("seq.log_likelihood"), steps[: i + 1], lls[: i + 1], BLUE)
                return [line_trace(curve, ctx.style) | {"mode": "lines+markers"}]

            def label(i):
                return t("seq.sgd_title", step=steps[i], ll=fmt(lls[i], 5))

            def details(i):
                return t("seq.gamma_now") + "\n\n" + "  \n".join(
                    " ".join(f"{v:+.3f}" for v in row) for row in history[i].transitions)

            stepper("seq.sgd", len(history), StepView(static, frame, label, details))
        with right:
            K = setting.n_classes
            fig = heatmap_figure(model.crf.transitions_, list(range(K)), list(range(K)),
                                 (t("seq.next_label"), t("seq.previous_label")), ctx.style,
                                 title=t("seq.gamma_title"))
            chart(fig, key="seq.gamma_chart")
        metric_rows([
            (t("seq.final_ll"), fmt(lls[-1], 5)),
            (t("seq.train_viterbi"), percent(model.train_accuracy[0])),
            (t("seq.train_softmax"), percent(model.train_accuracy[1])),
            (t("seq.gradient_check"), fmt(check(model, setting), 2)),
            (t("seq.parameters"), str(K * model.Phis[0].shape[1] + K * K)),
        ], ctx.projector)
    formula_panel([
        Formula(r"\zeta \leftarrow \zeta + \varepsilon\Big(\varphi(\bar x_i,\bar y_i) - "
                r"\sum_{\bar y}q(\bar y|\bar x_i;\zeta)\varphi(\bar x_i,\bar y)\Big),\ \varepsilon = "
                + fmt(setting.epsilon), "Sugiyama §11.1, Fig 11.3 (index ȳ, c̄_i: erratum)"),
        Formula(rf"\Gamma = {matrix(model.crf.transitions_, 3)}", "Sugiyama (11.3)"),
        Formula(r"\dim\zeta = cb + c^2", "Sugiyama §11.1"),
    ], ctx.projector)
    code_view(LinearChainCRF, projector=ctx.projector)
