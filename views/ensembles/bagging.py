"""Bagging and random forests: the averaged vote of learners fitted on bootstrap samples, a stepper
through the bootstraps (point sizes = multiplicities, rings = out of bag) and the out-of-bag error curve.

Sugiyama §9.2 (Figs 9.7–9.8); seed 003 §5.7 (bootstrap, out-of-bag, random forest).
"""

import numpy as np
import streamlit as st

from algorithms import BaggingClassifier
from algorithms import DecisionStump
from algorithms import DecisionTreeClassifier
from algorithms import RandomForestClassifier
from ui.charts import chart
from ui.contours import level_line
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.progress import progress_bar
from ui.regions import region_trace
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import TRUTH_COLOR
from views.ensembles._common import FRAME_GRID
from views.ensembles._common import GRID
from views.ensembles._common import errors_figure
from views.ensembles._common import fit_or_warn
from views.ensembles._common import learner_lines
from views.ensembles._common import line
from views.ensembles._common import sized_markers

DATA = DataRequest("classification", 2, "diagonal")
LEARNERS = ["stump_random", "stump_best", "tree"]


@st.cache_data(max_entries=32, show_spinner=False)
def fit_bagging(X, y, learners: int, learner: str, depth: int, forest: bool, rng: int, _progress=None):
    if learner == "tree":
        return (
            RandomForestClassifier(learners, max_features=1, max_depth=depth, random_state=rng)
            if forest
            else BaggingClassifier(learners, DecisionTreeClassifier(max_depth=depth), random_state=rng)
        ).fit(X, y, progress=_progress)
    return BaggingClassifier(learners, DecisionStump(feature=learner[6:]), random_state=rng).fit(
        X, y, progress=_progress
    )


def fit_with_progress(*args):
    """The cached fit, with a progress bar while it runs (bagging many trees at large n takes seconds)."""
    with progress_bar(t("progress.bagging")) as report:
        return fit_bagging(*args, _progress=report)


@st.cache_data(max_entries=32, show_spinner=False)
def bagging_frames(X, y, learners: int, learner: str, depth: int, forest: bool, rng: int, axes_key: tuple):
    """Running-majority regions after b learners on a coarse grid (uint8)."""
    model = fit_bagging(X, y, learners, learner, depth, forest, rng)
    gx, gy, G = grid_points(axes_key[:2], axes_key[2:], FRAME_GRID)
    codes = np.searchsorted(model.classes_, model.staged_predict(G)).astype(np.uint8)
    return gx, gy, codes.reshape(len(model.estimators_), len(gy), len(gx))


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X, train.y
    with controls:
        learners = slider(t("ens.learners"), 1, 60, 15, "ens.learners", help=t("ens.learners_help"))
        learner = choice(t("ens.learner"), LEARNERS, "ens.learner", catalogue_labels("ens.learner_kinds"))
        depth = slider(t("ens.depth"), 1, 10, 4, "ens.depth") if learner == "tree" else 4
        forest = (
            st.toggle(t("ens.forest"), help=t("ens.forest_help"), **bound("ens.forest"))
            if learner == "tree"
            else False
        )
        rng = st.number_input(t("ens.rng"), 0, 999, 0, **bound("ens.rng"))
        model = fit_or_warn(fit_with_progress, X, y, learners, learner, depth, bool(forest), int(rng))
    if model is None:
        return
    with main:
        bagging_main(ctx, model, (learners, learner, depth, bool(forest), int(rng)))
    n = len(y)
    out = np.mean(model.sample_counts_ == 0, axis=1).mean()  # share out of bag, averaged over learners
    formula_panel(
        [
            Formula(
                rf"f(x) = \frac{{1}}{{b}}\sum_{{j=1}}^{{b}} \varphi_j(x),\ b = {learners}",
                "Sugiyama §9.2, Fig 9.7",
            ),
            Formula(
                rf"P(\text{{{t('ens.oob_word')}}}) = \Big(1 - \frac{{1}}{{n}}\Big)^n = "
                rf"\Big(1 - \frac{{1}}{{{n}}}\Big)^{{{n}}} = {number((1 - 1 / n) ** n)} \approx e^{{-1}},\ "
                rf"\text{{{t('ens.observed')}}}\ {number(out)}",
                "seed 003 §5.7 (bootstrap, out-of-bag)",
            ),
        ],
        ctx.projector,
    )
    code_view(BaggingClassifier, RandomForestClassifier, projector=ctx.projector)


def bagging_main(ctx, model, settings: tuple) -> None:
    data, style = ctx.data, ctx.style
    X, y = data.train.X, data.train.y
    classes = model.classes_
    axes = scatter_axes(X, data.train.feature_names, equal=False)
    gx, gy, G = grid_points(axes.x_range, axes.y_range, GRID)
    votes = model.predict_proba(G)
    z = np.argmax(votes, axis=1).reshape(len(gy), len(gx))
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('ens.ensemble_title', b=len(model.estimators_))}**")
        traces = [region_trace(gx, gy, z, len(classes)), *vote_contours(gx, gy, votes, style)]
        fig = figure(style, axes, traces=traces + class_traces(X, y, classes, style))
        editable_chart(fig, "ens", data, axes.x_range, axes.y_range, key="ens.bag_chart")
    with right:
        st.markdown(f"**{t('ens.bootstrap_title')}**")
        frames = bagging_frames(X, y, *settings, (*axes.x_range, *axes.y_range))
        stepper("ens.bag", len(model.history_), bagging_steps(model, frames, X, y, axes, style))
    test = data.test
    learners = np.arange(1, len(model.history_) + 1)
    curves = [(t("ens.oob"), learners, model.oob_error_curve_, CLASS_COLORS[0], "solid")]
    test_curve = model.staged_errors(test.X, test.y) if test is not None else None
    if test_curve is not None:
        curves.append((t("ens.test_error"), learners, test_curve, CLASS_COLORS[1], "dash"))
    chart(errors_figure(curves, t("ens.learners_axis"), t("ens.error_axis"), style), key="ens.oob_curve")
    metrics_row(
        [
            (t("ens.train_error"), fmt(np.mean(model.predict(X) != y))),
            (t("ens.test_error"), fmt(test_curve[-1] if test_curve is not None else None)),
            (t("ens.oob"), fmt(model.oob_error_)),
            (t("ens.learners_metric"), str(len(model.estimators_))),
        ]
    )


def vote_contours(gx, gy, votes, style) -> list[dict]:
    """Two classes: the averaged vote f = P(second class) − ½ at 0 (solid) and ±¼ (dashed)."""
    if votes.shape[1] != 2:
        return []
    f, name = votes[:, 1] - 0.5, t("ens.vote_level")
    dashed = [
        {**level_line(gx, gy, f, name, style, level=level, dash="dash", width=0.4), "showlegend": False}
        for level in (-0.25, 0.25)
    ]
    return [dashed[0], level_line(gx, gy, f, name, style, width=0.8), dashed[1]]


def bagging_steps(model, frames, X, y, axes: Axes, style) -> StepView:
    gx, gy, regions = frames
    classes = model.classes_
    out_of_bag = dict(
        type="scatter",
        mode="markers",
        x=X[:, 0],
        y=X[:, 1],
        name=t("ens.out_of_bag"),
        hoverinfo="skip",
        zorder=1,
        marker=dict(
            symbol="circle-open", size=style.marker_size * 0.8, color=TRUTH_COLOR, line=dict(width=1)
        ),
    )

    def frame(b):
        counts = model.history_[b].sample_counts
        sizes = style.marker_size * np.sqrt(counts)
        return [
            region_trace(gx, gy, regions[b], len(classes)),
            line(*learner_lines(model.estimators_[b], axes), t("ens.learner_b"), BLACK, style),
            *sized_markers(X, y, classes, sizes, counts > 0, showlegend=False),
        ]

    def label(b):
        return t("ens.bag_label", b=b + 1, oob=fmt(model.oob_error_curve_[b]))

    def details(b):
        counts = model.history_[b].sample_counts
        return t(
            "ens.bag_details",
            b=b + 1,
            unique=int((counts > 0).sum()),
            n=len(counts),
            most=int(counts.max()),
            out=int((counts == 0).sum()),
        )

    return StepView(figure(style, axes, traces=[out_of_bag]), frame, label, details)
