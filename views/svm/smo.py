"""SMO step by step (Li Hang §7.4, Algorithm 7.5, Theorem 7.6, Example 7.2; CS229 Part V; seed 003 §6).

Each step picks the pair (i, j) — i the largest KKT violation, j by the book's |E_i − E_j| or the
second-order gain — computes the box [L, H], the unclipped and clipped α_j, α_i, the book's b₁, b₂ and b,
and the dual objective; the stepper replays every step with the boundary of the current α. The tiles
compare the last step's b with the b from all KKT conditions (they differ for Example 7.1 with C = 0.1).
"""

import math

import streamlit as st

from algorithms import SVC
from ui.controls import bound
from ui.controls import number_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tt
from ui.explain import metric_rows
from ui.explain import nice_number
from ui.explain import nice_text
from ui.figures import grid_points
from ui.i18n import current_language
from ui.i18n import t
from ui.stepper import FrameSource
from ui.stepper import StepView
from ui.stepper import frame_steps
from ui.stepper import stepper
from ui.views import fitted
from views.svm._common import fit_svc
from views.svm._common import plane_axes
from views.svm._common import stop_message
from views.svm._common import svm_controls
from views.svm._common import training_samples
from views.svm._smo_figure import STEP_RESOLUTION
from views.svm._smo_figure import alpha_top
from views.svm._smo_figure import dual_path
from views.svm._smo_figure import level_lines
from views.svm._smo_figure import smo_frames
from views.svm._smo_figure import static_figure
from views.svm._smo_figure import step_traces

TOL_OPTIONS = [0.1, 0.01, 1e-3, 1e-4, 1e-6]


def render(ctx, controls, main) -> None:
    data = ctx.data
    with controls:
        _, C, kernel, sigma, degree, coef0 = svm_controls()
        book_rule = st.toggle(t("svm.book_rule"), help=t("svm.book_rule_help"), **bound("svm.book_rule"))
        tol = number_slider(t("svm.tol"), "svm.tol", TOL_OPTIONS, 1e-3, help=t("svm.tol_help"))
        st.caption(t("svm.smo_help"))
    samples = training_samples(data, main, binary=True)
    if samples is None:
        return
    X, y = samples
    params = (C, kernel, sigma, degree, coef0, tol, "book" if book_rule else "second_order")
    with main:
        model = fitted(fit_svc, X, y, *params)
    if model is None:
        return
    n_steps = model.n_iter_ + 1  # states 0 (α = 0) … n_iter
    axes = plane_axes(data.train)
    steps = tuple(int(s) for s in frame_steps(n_steps))
    inputs = (X, y, params, axes.x_range, axes.y_range, steps, ctx.style, current_language())
    frames = FrameSource(inputs, lambda: smo_frames(*inputs))
    last_b = model.b_at(model.n_iter_)
    with main:
        stepper("svm.smo", n_steps, smo_step_view(model, X, y, axes, frames, ctx))
        stop_message(model)
        metric_rows(
            [
                (t("svm.smo_steps"), str(model.n_iter_)),
                (t("svm.dual"), fmt(model.dual_objective_, 6)),
                (t("svm.b_last_step"), nice_text(last_b)),
                (t("svm.b_final"), nice_text(model.b_)),
                (t("svm.n_sv_plain"), str(len(model.support_))),
            ],
            ctx.projector,
        )
        lo, hi = model.b_interval_
        if not lo - 1e-6 <= last_b <= hi + 1e-6:
            b_texts = {k: nice_text(v) for k, v in dict(last=last_b, final=model.b_, lo=lo, hi=hi).items()}
            st.info(t("svm.b_differs", **b_texts), icon=":material/info:")
    formula_panel(smo_formulas(model.b_, last_b), ctx.projector)
    code_view(SVC, projector=ctx.projector)


def smo_step_view(model, X, y, axes, frames, ctx) -> StepView:
    """Data space with f at the step, the (α_i, α_j) box of the pair, every α, and the dual objective;
    ``frames``: the animation's, :func:`smo_frames`."""
    style = ctx.style
    history = model.history_
    top = alpha_top(model)
    dual = dual_path(model)
    gx, gy, pts = grid_points(axes.x_range, axes.y_range, STEP_RESOLUTION)

    def frame(s):
        lines = level_lines(gx, gy, model.decision_function_at(pts, s).reshape(len(gy), len(gx)))
        return step_traces(model, X, model.alpha_at(s), lines, s, top, dual, style)

    def label(s):
        if s == 0:
            return t("svm.step0_label")
        step = history[s - 1]
        return t("svm.step_label", s=s, i=step.i + 1, j=step.j + 1, d=fmt(step.dual_objective, 5))

    def details(s):
        return t("svm.step0_details") if s == 0 else step_details(model, history[s - 1], dual[s - 1])

    return StepView(static_figure(model, X, y, axes, dual, top, ctx), frame, label, details, frames=frames)


def step_details(model, step, previous_dual: float) -> str:
    """The table of one step: pair, errors, box, η, α_j unclipped and clipped, α_i, b₁, b₂, b and D."""
    C = model.C_
    clipped = step.alpha_j != step.alpha_j_unclipped
    end = "L" if clipped and step.alpha_j == step.L else "H" if clipped and step.alpha_j == step.H else ""
    if 0 < step.alpha_i < C:
        rule = t("svm.b_rule_1")
    elif 0 < step.alpha_j < C:
        rule = t("svm.b_rule_2")
    else:
        rule = t("svm.b_rule_mid")
    return t(
        "svm.step_details",
        s=step.step,
        i=step.i + 1,
        j=step.j + 1,
        yi=f"{model.y_signed_[step.i]:+.0f}",
        yj=f"{model.y_signed_[step.j]:+.0f}",
        viol=f"{step.violation:.4g}",
        gap=f"{step.gap:.4g}",
        why=t(f"svm.why_{step.rule}"),
        Ei=f"{step.E_i:.4g}",
        Ej=f"{step.E_j:.4g}",
        L=f"{step.L:.5g}",
        H="∞" if math.isinf(step.H) else f"{step.H:.5g}",
        eta=f"{step.eta:.5g}",
        unc=t("svm.eta_zero") if math.isinf(step.alpha_j_unclipped) else f"{step.alpha_j_unclipped:.5g}",
        aj=f"{step.alpha_j:.5g}",
        aj_old=f"{step.alpha_j_old:.5g}",
        clip=t("svm.clipped_at", end=end) if end else t("svm.not_clipped"),
        ai_old=f"{step.alpha_i_old:.5g}",
        ai=f"{step.alpha_i:.5g}",
        b1=f"{step.b1:.5g}",
        b2=f"{step.b2:.5g}",
        b=f"{step.b:.5g}",
        rule=rule,
        d=f"{step.dual_objective:.6g}",
        dd=f"{step.dual_objective - previous_dual:+.3g}",
    )


def smo_formulas(b_final: float, b_last: float) -> list[Formula]:
    """The box, the pair update, b₁ / b₂, the error update, and the two values of b."""
    return [
        Formula(
            r"y_i \ne y_j:\ L = \max(0, \alpha_j - \alpha_i),\ "
            r"H = \min(C, C + \alpha_j - \alpha_i);\quad "
            r"y_i = y_j:\ L = \max(0, \alpha_i + \alpha_j - C),\ H = \min(C, \alpha_i + \alpha_j)",
            "Li Hang §7.4.1, Fig 7.8",
        ),
        Formula(
            r"\alpha_j^{new,unc} = \alpha_j + \frac{y_j(E_i - E_j)}{\eta},\ "
            r"\eta = K_{ii} + K_{jj} - 2K_{ij}",
            "Li Hang Theorem 7.6, (7.106)–(7.107)",
        ),
        Formula(
            r"\alpha_j^{new} = \mathrm{clip}(\alpha_j^{new,unc}, L, H),\ "
            r"\alpha_i^{new} = \alpha_i + y_iy_j(\alpha_j - \alpha_j^{new})",
            "Li Hang (7.108)–(7.109)",
        ),
        Formula(
            r"b_1 = -E_i - y_iK_{ii}\Delta\alpha_i - y_jK_{ji}\Delta\alpha_j + b,\ "
            r"b_2 = -E_j - y_iK_{ij}\Delta\alpha_i - y_jK_{jj}\Delta\alpha_j + b",
            "Li Hang (7.115)–(7.116): b₁ if α_i is free, else b₂ if α_j is free, else the midpoint",
        ),
        Formula(
            r"E_k \leftarrow E_k + y_i\Delta\alpha_iK_{ik} + y_j\Delta\alpha_jK_{jk} + \Delta b",
            "Li Hang (7.117) with the erratum y_j (not y_i) corrected",
        ),
        Formula(
            rf"{tt('svm.b_final')}:\ b = {nice_number(b_final)};\ "
            rf"{tt('svm.b_last_step')}:\ b = {nice_number(b_last)}",
            "Li Hang §7.2.3 advice; spec errata (SMO bias)",
        ),
    ]
