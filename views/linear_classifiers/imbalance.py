"""Class imbalance (slides, class imbalance; seed 003 §2.1.5 with its ratio corrected): logistic
regression on skewed classes, corrected by rescaling (threshold m⁺/(m⁺ + m⁻)), cost-sensitive or
hand-moved thresholds, or by under-/over-sampling the training set.

The map shows q(positive | x) with the ½ boundary and the moved one; the tiles compare the
"always the majority" accuracy (990 : 10 → 99 %) with the recall of each class, the curves show
accuracy and both recalls against the threshold, and the confusion matrix the current counts.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import LogisticRegression
from algorithms import binary_report
from algorithms import moved_threshold
from algorithms import resample_balanced
from algorithms import threshold_rates
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.explain import percent
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import curves_figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.linear_classifiers._cells import cell_grid
from views.linear_classifiers._controls import lam_slider
from views.linear_classifiers._map import add_samples
from views.linear_classifiers._map import show_map
from views.linear_classifiers._plane import PROB_COLORS
from views.linear_classifiers._plane import RES
from views.linear_classifiers._plane import add_hlines
from views.linear_classifiers._plane import contour_trace
from views.linear_classifiers._plane import curve_trace
from views.linear_classifiers._plane import make_plane
from views.linear_classifiers._plane import probability_trace
from views.linear_classifiers._plane import region_trace
from views.linear_classifiers._plane import view_axes
from views.linear_classifiers._problem import binary_problem
from views.linear_classifiers._problem import data_seed
from views.linear_classifiers._problem import problem
from views.linear_classifiers._problem import test_toggle

RULES = ["plain", "rescale", "cost", "manual"]
SAMPLINGS = ["none", "under", "over"]
SIDES = ["minority", "majority"]


@st.cache_data(max_entries=32, show_spinner=False)
def imbalance_scene(X, positive, lam, sampling, seed, grid):
    """Logistic regression on the (re-sampled) training set; q(positive | x) on the grid and the data."""
    keep = resample_balanced(positive, sampling, seed)
    ys = positive[keep].astype(int)
    model = LogisticRegression(lam=lam).fit(X[keep], ys)
    counts = (int(ys.sum()), int(len(ys) - ys.sum()))
    return (
        model,
        model.predict_proba(grid)[:, 1].astype(np.float32),
        model.predict_proba(X)[:, 1],
        counts,
        len(keep),
    )


def render(ctx, controls, main) -> None:
    prob = problem(ctx)
    with controls:
        side = choice(
            t("lc.imb_pos"), SIDES, "lc.imb_pos", catalogue_labels("lc.sides"), horizontal=not ctx.projector
        )
        rule = choice(t("lc.rule"), RULES, "lc.rule", catalogue_labels("lc.rules"), default="rescale")
        cost = 1.0
        if rule == "cost":
            cost = log_slider(t("lc.cost"), "lc.cost", -2, 2, 10.0, help=t("lc.cost_help"))
        manual = 0.5
        if rule == "manual":
            manual = slider(t("lc.threshold"), 0.01, 0.99, 0.5, "lc.threshold", step=0.01)
        sampling = choice(t("lc.sampling"), SAMPLINGS, "lc.sampling", catalogue_labels("lc.samplings"))
        lam = lam_slider(t("lc.lr_lam"), "lc.imb_lam", -4, 2, 0.01)
        show_test = test_toggle(prob)
    task = binary_problem(prob, controls)
    counts = np.array([np.sum(task.y == task.classes[0]), np.sum(task.y == task.classes[1])])
    minority = int(np.argmin(counts))
    pos_index = minority if side == "minority" else 1 - minority
    neg_index = 1 - pos_index
    positive = task.y == task.classes[pos_index]
    plane = make_plane(prob, RES)
    try:
        model, p_grid, p_train, (m_pos, m_neg), n_fit = imbalance_scene(
            prob.X, positive, lam, sampling, data_seed(), plane.grid
        )
    except ValueError as err:
        main.error(t("error.fit", detail=str(err)))
        return
    threshold = {
        "plain": 0.5,
        "rescale": moved_threshold(m_pos, m_neg),
        "cost": 1.0 / (1.0 + cost),
        "manual": manual,
    }[rule]
    values = (0.0, 1.0)
    rows = {neg_index: 0.0, pos_index: 1.0}  # 1-D: each class at its coded label y ∈ {0, 1}
    axes = view_axes(plane, values, t("lc.q_pos_axis"), rug=False)
    fig = base_figure(ctx.style, axes)
    if plane.dims == 2:
        moved = t("lc.boundary_moved", t=f"{threshold:.3g}")
        fig.add_traces(
            [
                probability_trace(plane, p_grid, (PROB_COLORS[neg_index], PROB_COLORS[pos_index])),
                contour_trace(plane, p_grid, 0.5, ctx.style, t("lc.boundary_half"), TRUTH_COLOR, 0.7, "dash"),
                contour_trace(plane, p_grid, threshold, ctx.style, moved),
            ]
        )
    else:
        fig.add_trace(region_trace(plane, np.where(p_grid >= threshold, pos_index, neg_index), 2, values))
        fig.add_trace(curve_trace(plane, p_grid, t("lc.q_pos_curve"), FIT_COLOR, ctx.style))
        add_hlines(fig, [0.5, threshold], ctx.style, ["dot", "solid"])
    sizes = np.where(task.y == task.classes[minority], 1.5, 1.0) * ctx.style.marker_size
    add_samples(fig, plane, prob, task, ctx.style, show_test, rows, sizes=sizes)
    report = binary_report(p_train >= threshold, positive)
    n = len(positive)
    trivial = max(positive.sum(), n - positive.sum()) / n
    with main:
        show_map(fig, ctx, plane, axes, "lc.imb_chart")
        counts_tiles = [
            (t("lc.m_pos"), str(int(positive.sum()))),
            (t("lc.m_neg"), str(int(n - positive.sum()))),
            (t("lc.trivial_acc"), percent(trivial)),
            (t("lc.threshold_value"), f"{threshold:.4g}"),
        ]
        metric_rows(counts_tiles, ctx.projector, per_row=4)
        rates_tiles = [
            (t("lc.train_acc"), percent(report["accuracy"])),
            (t("lc.precision"), percent(report["precision"])),
            (t("lc.recall_pos"), percent(report["recall"])),
            (t("lc.recall_neg"), percent(report["specificity"])),
            (t("lc.f1"), fmt(report["f1"], 3)),
        ]
        metric_rows(rates_tiles, ctx.projector, per_row=4)
        if sampling != "none":
            st.caption(t("lc.sampling_note", n=n_fit, pos=m_pos, neg=m_neg))
        left, right = columns_or_stacked(ctx.projector, [3, 2])
        with left:
            threshold_chart(p_train, positive, threshold, ctx)
        with right:
            confusion_chart(report, ctx)
    formula_panel(imbalance_formulas(m_pos, m_neg, threshold, rule, cost, trivial), ctx.projector)
    code_view(moved_threshold, LogisticRegression, projector=ctx.projector)


def threshold_chart(p, positive, threshold, ctx) -> None:
    ts = np.linspace(0.005, 0.995, 199)
    acc, rec, spec = threshold_rates(p, positive, ts)
    curves = [
        Curve(t("lc.train_acc"), ts, acc, BLACK),
        Curve(t("lc.recall_pos"), ts, rec, CLASS_COLORS[1], "dash"),
        Curve(t("lc.recall_neg"), ts, spec, CLASS_COLORS[0], "dot"),
    ]
    axes = Axes((0, 1), (-0.02, 1.04), t("lc.threshold_axis"), "")
    fig = curves_figure(curves, axes, ctx.style, title=t("lc.threshold_title"), height=320)
    fig.add_vline(x=0.5, line=dict(color=TRUTH_COLOR, width=1, dash="dot"))
    fig.add_vline(x=threshold, line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width / 2))
    chart(fig, key="lc.threshold_chart")


def confusion_chart(report, ctx) -> None:
    z = np.array([[report["tp"], report["fn"]], [report["fp"], report["tn"]]])
    fig = cell_grid(
        z.astype(np.int32),
        z.astype(str),
        [[0, "#FFFFFF"], [1, PROB_COLORS[0]]],
        t("lc.confusion_title"),
        ctx.style,
        height=320,
        text_size=ctx.style.font_size + 4,
        gap=3,
    )
    predicted = [t("lc.predicted_pos"), t("lc.predicted_neg")]
    actual = [t("lc.actual_pos"), t("lc.actual_neg")]
    fig.update_xaxes(tickvals=[0, 1], ticktext=predicted, automargin=True)
    fig.update_yaxes(tickvals=[0, 1], ticktext=actual, range=[1.5, -0.5], automargin=True)
    chart(fig, key="lc.confusion_chart")


def imbalance_formulas(m_pos, m_neg, threshold, rule, cost, trivial) -> list[Formula]:
    cost_rule = (
        rf",\quad \frac{{\text{{cost}}^+}}{{\text{{cost}}^-}} = {number(cost)}\Rightarrow t = "
        rf"\frac{{1}}{{1 + {number(cost)}}}"
        if rule == "cost"
        else ""
    )
    return [
        Formula(
            rf"\frac{{y'}}{{1 - y'}} = \frac{{y}}{{1 - y}}\cdot\frac{{m^-}}{{m^+}} = \frac{{y}}{{1 - y}}\cdot"
            rf"\frac{{{m_neg}}}{{{m_pos}}}\ \Longleftrightarrow\ y > \frac{{m^+}}{{m^+ + m^-}} = "
            rf"{number(m_pos / (m_pos + m_neg))}",
            "Slides, class imbalance (再缩放)",
            t("lc.erratum_003"),
        ),
        Formula(
            rf"\text{{{t('lc.rule_tex')}}}\ y \ge t = {number(threshold)}" + cost_rule,
            "Slides, class imbalance (threshold moving; cost-sensitive learning)",
        ),
        Formula(
            rf"\text{{{t('lc.trivial_tex')}}} = \frac{{\max(m^+, m^-)}}{{m^+ + m^-}} = "
            rf"{100 * trivial:.1f}\,\%",
            "Slides, class imbalance (990 : 10; the slides print 98 %: the true value is 99 %)",
        ),
    ]
