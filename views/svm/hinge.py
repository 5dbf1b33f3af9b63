"""The hinge loss and the robust ramp-loss classifier (Sugiyama §8.5–8.6, Figs 8.11, 8.15, 8.18, 8.20).

The linear SVM minimises the hinge loss max(0, 1 − m), which grows without bound for outliers; the ramp
loss min{1, max(0, 1 − m)} caps it. The stepper replays the IRLS iterations of the ramp-loss classifier
against the fixed SVM line, rings sized by the weights; the loss chart puts every sample at its margin
under both models on the 0/1, hinge and ramp curves.
"""

import numpy as np
import streamlit as st

from algorithms import RampSVC
from algorithms import margin_loss
from algorithms import ramp_target
from ui.charts import chart
from ui.controls import log_slider
from ui.controls import number_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tt
from ui.explain import metric_rows
from ui.explain import nice_number
from ui.explain import nice_vector_text
from ui.explain import number
from ui.explain import vector
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import line_points
from ui.figures import line_trace
from ui.figures import points_trace
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import TRUTH_COLOR
from ui.views import fitted
from views.svm._common import error_rate
from views.svm._common import fit_svc
from views.svm._common import margin_controls
from views.svm._common import plane_axes
from views.svm._common import training_samples
from views.svm._common import w_latex

ETA_OPTIONS = [0.001, 0.01, 0.1, 1.0]
LOSSES = (("zero_one", TRUTH_COLOR, "dot"), ("hinge", BLACK, "dash"), ("ramp", ALT_COLOR, "solid"))


@st.cache_resource(max_entries=16, show_spinner=False)
def fit_ramp(X, y, lam, eta):
    """The ramp-loss classifier with its IRLS history, shared read-only."""
    return RampSVC(lam=lam, eta=eta).fit(X, y)


def render(ctx, controls, main) -> None:
    data = ctx.data
    with controls:
        lam = log_slider(t("svm.ramp_lam"), "svm.ramp_lam", -3, 1, 0.01, help=t("svm.ramp_lam_help"))
        eta = number_slider(t("svm.ramp_eta"), "svm.ramp_eta", ETA_OPTIONS, 0.01, help=t("svm.ramp_eta_help"))
        hard, C = margin_controls()
        st.caption(t("svm.hinge_help"))
    samples = training_samples(data, main, binary=True)
    if samples is None:
        return
    X, y = samples
    with main:
        svm = fitted(fit_svc, X, y, C, "linear", 1.0, 3, 1.0, 1e-3, "second_order")
        ramp = None if svm is None else fitted(fit_ramp, X, y, lam, eta)
    if ramp is None:
        return
    view = ramp_step_view(svm, ramp, X, y, data, plane_axes(data.train), ctx.style)
    losses = loss_figure(svm, ramp, X, y, ctx.style)
    with main:
        stepper("svm.ramp", len(ramp.history_), view)
        metric_rows(
            [
                (t("svm.err_hinge"), fmt(error_rate(svm.predict(X), y), 3)),
                (t("svm.err_ramp"), fmt(error_rate(ramp.predict(X), y), 3)),
                (t("svm.ramp_iters"), f"{ramp.n_iter_}" + ("" if ramp.converged_ else " ⚠")),
                (t("svm.ramp_loss"), fmt(ramp.history_[-1].ramp_loss, 4)),
            ],
            ctx.projector,
        )
        if not ramp.converged_:
            st.warning(t("svm.ramp_not_converged", n=ramp.n_iter_), icon=":material/warning:")
        chart(losses, key="svm.loss_chart")
    formula_panel(hinge_formulas(svm, ramp, lam, eta, r"\infty" if hard else number(C)), ctx.projector)
    code_view(RampSVC, ramp_target, projector=ctx.projector)


def hinge_formulas(svm, ramp, lam, eta, c_tex) -> list[Formula]:
    """The two losses, the IRLS weights and update, and the SVM line they are compared with."""
    return [
        Formula(
            r"\ell_{ramp}(m) = \min\{1, \max(0, 1-m)\},\ \ \ell_{hinge}(m) = \max(0, 1-m),\ m = y f(x)",
            "Sugiyama §8.5–8.6, Figs 8.11, 8.15",
        ),
        Formula(
            r"v_i = m_i + \min\{1, \max(0, 1-m_i)\},\ w_i = \begin{cases}1 & |v_i - m_i| \le \eta\\ "
            rf"\eta/|v_i-m_i| & {tt('svm.else_tex')}\end{{cases}},\ \eta = {number(eta)}",
            "Sugiyama (8.5), Fig 8.18",
        ),
        Formula(
            rf"\theta \leftarrow (\Phi^\top W\Phi + \lambda I)^{{-1}}\Phi^\top W V y = "
            rf"{vector(ramp.theta_)},\ \lambda = {number(lam)}",
            "Sugiyama Fig 8.18 ③, Fig 8.20",
        ),
        Formula(
            rf"{tt('svm.hinge_line')}:\ w = {w_latex(svm)},\ b = {nice_number(svm.b_)},\ C = {c_tex}",
            "Sugiyama §8.5: the SVM minimises the hinge loss",
        ),
    ]


def ramp_step_view(svm, ramp, X, y, data, axes, style) -> StepView:
    """The SVM line (fixed) and the ramp-loss line of each IRLS iteration, rings sized by the weights."""
    static = class_traces(X, y, svm.classes_, style, names=[str(c) for c in svm.classes_])
    planted = data.train.extra.get("planted_outlier") if not data.edited else None
    if planted is not None and len(planted) == len(y) and planted.any():
        static.append(
            points_trace(
                X[planted, 0],
                X[planted, 1],
                t("svm.outliers"),
                style,
                color=BLACK,
                symbol="diamond",
                size_scale=2.2,
                hollow=True,
            )
        )
    sx, sy = line_points(np.r_[svm.b_, svm.w_], axes.x_range, axes.y_range)
    static.append(line_trace(Curve(t("svm.hinge_line"), sx, sy, BLACK, "dash"), style))
    history = ramp.history_

    def frame(s):
        step = history[s]
        lx, ly = line_points(step.theta, axes.x_range, axes.y_range)
        share = step.weights / max(float(step.weights.max()), 1e-12)
        sizes = style.marker_size * (0.7 + 2.2 * np.sqrt(share))
        return [
            line_trace(Curve(t("svm.ramp_line"), lx, ly, ALT_COLOR), style),
            dict(
                type="scatter",
                mode="markers",
                x=X[:, 0],
                y=X[:, 1],
                name=t("svm.weights"),
                marker=dict(symbol="circle-open", size=sizes, color=ALT_COLOR, line=dict(width=1.2)),
            ),
        ]

    def details(s):
        step = history[s]
        return t(
            "svm.ramp_details",
            s=step.step,
            theta=nice_vector_text(step.theta),
            loss=fmt(step.ramp_loss),
            wmin=fmt(float(step.weights.min()), 3),
            wmax=fmt(float(step.weights.max()), 3),
        )

    return StepView(
        figure(style, axes, "", static, height=style.figure_height + 40, legend_rows=2),
        frame,
        lambda s: t("svm.ramp_label", s=history[s].step, loss=fmt(history[s].ramp_loss)),
        details,
    )


def loss_figure(svm, ramp, X, y, style):
    """0/1, hinge and ramp loss against the margin, with every sample at its margin under each model."""
    signs = np.where(y == svm.classes_[1], 1.0, -1.0)
    m_svm = signs * svm.decision_function(X)
    m_ramp = signs * ramp.decision_function(X)
    lo = float(min(m_svm.min(), m_ramp.min(), -2.0))
    hi = float(max(m_svm.max(), m_ramp.max(), 3.0))
    mm = np.linspace(lo, hi, 400)
    traces = [
        line_trace(Curve(t(f"svm.loss_{k}"), mm, margin_loss(mm, k), c, d), style) for k, c, d in LOSSES
    ]
    index = np.arange(1, len(y) + 1)
    traces.append(
        points_trace(
            m_svm,
            margin_loss(m_svm, "hinge"),
            t("svm.margins_svm"),
            style,
            color=BLACK,
            symbol="line-ns",
            hollow=True,
            size_scale=1.4,
            customdata=index,
        )
    )
    traces.append(
        points_trace(
            m_ramp,
            margin_loss(m_ramp, "ramp"),
            t("svm.margins_ramp"),
            style,
            color=ALT_COLOR,
            size_scale=0.8,
            customdata=index,
        )
    )
    axes = Axes(
        (lo - 0.2, hi + 0.2), (-0.25, max(2.0, 1.0 - lo) * 1.05), t("svm.margin_axis"), t("svm.loss_axis")
    )
    return figure(style, axes, t("svm.loss_title"), traces, height=style.figure_height + 40, legend="bottom")
