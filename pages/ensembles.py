"""Ensembles (Sugiyama ch. 9; seed 003 §5): stumps, bagging and random forests, AdaBoost, gradient and
second-order boosting, and small demos of LightGBM's histograms and GOSS and CatBoost's ordered target
statistics.

Each view draws what its algorithm records in ``history_``: bootstrap samples, sample weights, residuals,
g and h. Code is kept flat (few nested blocks): AppTest recompiles the page on every rerun.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import AdaBoostClassifier
from algorithms import BaggingClassifier
from algorithms import DecisionStump
from algorithms import DecisionTreeClassifier
from algorithms import GradientBoostingRegressor
from algorithms import RandomForestClassifier
from algorithms import SecondOrderBoostingRegressor
from algorithms import bin_codes
from algorithms import build_histogram
from algorithms import goss_sample
from algorithms import greedy_target_statistics
from algorithms import histogram_bin_edges
from algorithms import histogram_split_gains
from algorithms import ordered_target_statistics
from algorithms import second_order_split_gains
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import chosen_before_drawn
from ui.controls import preset_picker
from ui.controls import set_values
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import markdown_literal
from ui.explain import metrics_row
from ui.explain import number as _number
from ui.figures import Axes
from ui.figures import class_traces
from ui.figures import figure as shared_figure
from ui.figures import grid_points
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import TRUTH_COLOR

P = "ens"
VIEWS = ["stump", "bagging", "adaboost", "gbdt", "xgb", "lgbm"]
REQUESTS = {
    "stump": DataRequest("classification", 2, "diagonal"),
    "bagging": DataRequest("classification", 2, "diagonal"),
    "adaboost": DataRequest("classification", None, "diagonal"),
    "gbdt": DataRequest("regression", 1, "sinc"),
    "xgb": DataRequest("regression", 1, "sinc"),
    "lgbm": DataRequest("regression", 1, "sinc"),
}
LEARNERS = ["stump_random", "stump_best", "tree"]
STUMPS = ["best", "random"]
ROUNDS = [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 500]
RATES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0]
LAMBDAS = [0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0]
GAMMAS = [0.0, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0]
BINS = [2, 3, 4, 8, 16, 32, 64]
SHARES = [0.05, 0.1, 0.2, 0.3, 0.5]
PRIORS = [0.1, 0.5, 1.0, 2.0, 5.0]
GRID, FRAME_GRID = 150, 60
TOY_X, TOY_Y = np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([1.0, 1.0, 3.0, 3.0])  # seed 003 §5.4 oracle
CAT_EXAMPLE = (np.array(list("ABAAB")), np.array([1.0, 0.0, 1.0, 0.0, 1.0]))  # seed 003 (33) oracle
# The last preset returns to the default view and data: the AppTest sweep leaves it applied.
PRESETS = {
    "ens_fig9_8": {
        "ens.view": "bagging",
        "ens.data": "diagonal",
        "ens.n": 50,
        "ens.learners": 50,
        "ens.learner": "stump_random",
        "ens.rng": 0,
    },
    "ens_forest": {
        "ens.view": "bagging",
        "ens.data": "moons",
        "ens.n": 200,
        "ens.noise": 0.3,
        "ens.learners": 30,
        "ens.learner": "tree",
        "ens.depth": 6,
        "ens.forest": True,
    },
    "ens_ex8_1": {
        "ens.view": "adaboost",
        "ens.data": "ex_8_1",
        "ens.rounds": 3,
        "ens.stump": "best",
        "ens.rate": 1.0,
    },
    "ens_fig9_13": {
        "ens.view": "adaboost",
        "ens.data": "diagonal",
        "ens.n": 50,
        "ens.rounds": 500,
        "ens.stump": "random",
        "ens.rate": 1.0,
        "ens.rng": 0,
    },
    "ens_boost_5_2": {
        "ens.view": "gbdt",
        "ens.data": "table_5_2",
        "ens.rounds": 5,
        "ens.rate": 1.0,
        "ens.depth": 1,
    },
    "ens_gbdt_sinc": {
        "ens.view": "gbdt",
        "ens.data": "sinc",
        "ens.n": 50,
        "ens.noise": 0.2,
        "ens.rounds": 50,
        "ens.rate": 0.1,
        "ens.depth": 2,
    },
    "ens_xgb_oracle": {
        "ens.view": "xgb",
        "ens.toy": True,
        "ens.rounds": 1,
        "ens.rate": 1.0,
        "ens.lam": 1.0,
        "ens.gamma": 0.0,
        "ens.depth": 3,
        "ens.inspect": 1,
    },
    "ens_xgb_gamma": {
        "ens.view": "xgb",
        "ens.toy": True,
        "ens.rounds": 1,
        "ens.rate": 1.0,
        "ens.lam": 1.0,
        "ens.gamma": 0.5,
        "ens.depth": 3,
        "ens.inspect": 1,
    },
    "ens_catboost": {"ens.view": "lgbm", "ens.cat_example": True, "ens.prior": 1.0, "ens.perm": 0},
    "ens_fig9_4": {"ens.view": "stump", "ens.data": "diagonal", "ens.n": 50, "ens.feature": "0"},
}


# ---- small helpers (as in the decision-tree page) ------------------------------------------------------


def number(value: float) -> str:
    return _number(float(value) + 0.0)


def figure(traces: list, style, axes: Axes, height: int | None = None, **layout) -> go.Figure:
    """ui.figures.figure with the traces first (the stepper makes room for its own title)."""
    return shared_figure(style, axes, traces=traces, height=height, **layout)


def line(x, y, name: str, color: str, style, dash: str = "solid", **extra) -> dict:
    """A line trace; lists keep their None gaps (a float array would turn them into NaN)."""
    return dict(
        type="scatter",
        mode="lines",
        x=x if isinstance(x, list) else np.asarray(x, float),
        y=y if isinstance(y, list) else np.asarray(y, float),
        name=name,
        line=dict(color=color, width=style.line_width, dash=dash),
        **extra,
    )


def region_trace(gx, gy, z, n_classes: int, **extra) -> dict:
    """uint8 class regions as a heat-map trace (the colours of ui.figures.decision_surface)."""
    k = max(n_classes, 2)
    scale = [[(j + e) / k, REGION_COLORS[j % len(REGION_COLORS)]] for j in range(k) for e in (0, 1)]
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=z.astype(np.uint8),
        zmin=-0.5,
        zmax=k - 0.5,
        colorscale=scale,
        showscale=False,
        hoverinfo="skip",
        name="",
        **extra,
    )


def class_regions(predict, classes, axes: Axes, resolution: int):
    gx, gy, G = grid_points(axes.x_range, axes.y_range, resolution)
    return gx, gy, np.searchsorted(classes, predict(G)).reshape(len(gy), len(gx)).astype(np.uint8)


def data_axes(X) -> Axes:
    return Axes(padded_range(X[:, 0]), padded_range(X[:, 1]))


def titled(axes: Axes, names) -> Axes:
    return Axes(axes.x_range, axes.y_range, plain(names[0]), plain(names[1]))


def errors_figure(curves: list, x_title: str, y_title: str, style, log_y: bool = False) -> go.Figure:
    """Curves (name, x, y, colour, dash) against rounds or learners; ranges from the curves."""
    xs = np.concatenate([c[1] for c in curves])
    ys = np.concatenate([c[2] for c in curves])
    ys = ys[np.isfinite(ys)]
    top = float(ys.max()) * 1.1 if len(ys) and ys.max() > 0 else 1.0
    bottom = max(float(ys[ys > 0].min()) / 2, 1e-6) if log_y and (ys > 0).any() else 0.0
    y_range = (np.log10(bottom), np.log10(top)) if log_y else (0.0, top)
    traces = [
        line(x, np.where(np.isfinite(y), y, 0.0), name, color, style, dash)
        for name, x, y, color, dash in curves
    ]
    return figure(
        traces,
        style,
        Axes((float(xs.min()), max(float(xs.max()), float(xs.min()) + 1)), y_range, x_title, y_title),
        int(style.figure_height * 0.62),
        yaxis=dict(type="log") if log_y else {},
    )


def fit_or_warn(fit, *args):
    try:
        return fit(*args)
    except ValueError as err:
        st.warning(t("ens.cannot_fit", detail=str(err)))


# ---- view: the decision stump (Sugiyama §9.1) ----------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def stump_curves(X, y):
    stump = DecisionStump().fit(X, y)
    return stump, [stump.error_curve(X, y, feature=f) for f in range(X.shape[1])]


def stump_view(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X, train.y
    names = train.feature_names
    with controls:
        feature = int(
            choice(
                t("ens.feature"), ["0", "1"], "ens.feature", lambda f: plain(names[int(f)]), horizontal=True
            )
        )
        lo, hi = float(X[:, feature].min()), float(X[:, feature].max())
        hi = hi if hi > lo else lo + 1.0
        threshold = slider(
            t("ens.threshold"),
            lo,
            hi,
            (lo + hi) / 2,
            "ens.threshold",
            step=float(f"{(hi - lo) / 200:.2g}") or 0.01,
            help=t("ens.threshold_help"),
        )
        result = fit_or_warn(stump_curves, X, y)
    if result is None:
        return
    best, curves = result
    with controls:
        st.button(
            t("ens.snap"),
            icon=":material/my_location:",
            on_click=set_values,
            args=({"ens.feature": str(best.feature_), "ens.threshold": float(best.threshold_)},),
        )
    error, left, right = DecisionStump.error_at(X, y, threshold, feature)
    with main:
        stump_main(ctx, feature, threshold, error, left, right, best, curves)
    classes = np.unique(y)
    s = 1 if len(classes) == 2 and right == classes[1] else -1
    formula_panel(
        [
            Formula(
                rf"\varphi(x) = \mathrm{{sign}}\big(s\,(x^{{({feature + 1})}} - c)\big)"
                rf",\ c = {number(threshold)},\ "
                rf"s = {s:+d}",
                "Sugiyama §9.1, Fig 9.5",
            ),
            Formula(
                rf"R(\varphi) = \sum_i \frac{{w_i}}{{2}}\big(1 - \varphi(x_i)y_i\big)"
                rf" = {number(error)},\quad "
                rf"\max_c |e| = 1 - 2R_{{\min}} = {number(1 - 2 * best.weighted_error_)}",
                "Sugiyama §9.1 (listing Fig 9.5), §9.3.1 (a)",
            ),
        ],
        ctx.projector,
    )
    code_view(DecisionStump, projector=ctx.projector)


def stump_main(ctx, feature: int, threshold: float, error, left, right, best, curves) -> None:
    data, style = ctx.data, ctx.style
    train = data.train
    X, y = train.X, train.y
    classes = np.unique(y)
    axes = titled(data_axes(X), train.feature_names)
    gx, gy, G = grid_points(axes.x_range, axes.y_range, GRID)
    side = np.where(G[:, feature] <= threshold, left, right)
    z = np.searchsorted(classes, side).reshape(len(gy), len(gx))
    wrong = np.where(X[:, feature] <= threshold, left, right) != y
    cut = (
        ([threshold, threshold], list(axes.y_range))
        if feature == 0
        else (list(axes.x_range), [threshold] * 2)
    )
    traces = [
        region_trace(gx, gy, z, len(classes)),
        line(*cut, t("ens.stump_line"), BLACK, style),
        dict(
            type="scatter",
            mode="markers",
            x=X[wrong, 0],
            y=X[wrong, 1],
            name=t("ens.misclassified"),
            hoverinfo="skip",
            marker=dict(
                symbol="circle-open", size=style.marker_size * 2.2, color=HIGHLIGHT_COLOR, line=dict(width=2)
            ),
        ),
    ]
    traces += class_traces(X, y, classes, style)
    left_col, right_col = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left_col:
        editable_chart(
            figure(traces, style, axes), P, data, axes.x_range, axes.y_range, key="ens.stump_chart"
        )
    with right_col:
        curve = curves[feature]
        k = int(np.argmin(curve.errors))
        fig = errors_figure(
            [(t("ens.weighted_error"), curve.thresholds, curve.errors, CLASS_COLORS[0], "solid")],
            t("ens.threshold_axis", name=plain(train.feature_names[feature])),
            t("ens.error_axis"),
            style,
        )
        fig.add_traces(
            [
                points_trace(
                    [curve.thresholds[k]],
                    [curve.errors[k]],
                    t("ens.best_cut"),
                    style,
                    color=HIGHLIGHT_COLOR,
                    symbol="star",
                    size_scale=1.8,
                ),
                points_trace(
                    [threshold], [error], t("ens.your_cut"), style, color=BLACK, symbol="x", size_scale=1.5
                ),
            ]
        )
        chart(fig, key="ens.stump_errors")
        st.caption(t("ens.stump_help"))
    metrics_row(
        [
            (t("ens.error_here"), fmt(error)),
            (t("ens.best_here"), fmt(curves[feature].errors.min())),
            (
                t("ens.best_cut_metric"),
                f"{plain(train.feature_names[best.feature_])} ≤ {best.threshold_:.4g}",
            ),
            (t("ens.best_error"), fmt(best.weighted_error_)),
        ]
    )


# ---- view: bagging and random forests (Sugiyama §9.2; seed 003 §5.7) ----------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_bagging(X, y, learners: int, learner: str, depth: int, forest: bool, rng: int):
    if learner == "tree":
        return (
            RandomForestClassifier(learners, max_features=1, max_depth=depth, random_state=rng)
            if forest
            else BaggingClassifier(learners, DecisionTreeClassifier(max_depth=depth), random_state=rng)
        ).fit(X, y)
    return BaggingClassifier(learners, DecisionStump(feature=learner[6:]), random_state=rng).fit(X, y)


@st.cache_data(max_entries=32, show_spinner=False)
def bagging_frames(X, y, learners: int, learner: str, depth: int, forest: bool, rng: int, axes_key: tuple):
    """Running-majority regions after b learners on a coarse grid (uint8), and each learner's test error."""
    model = fit_bagging(X, y, learners, learner, depth, forest, rng)
    axes = Axes(axes_key[:2], axes_key[2:])
    gx, gy, G = grid_points(axes.x_range, axes.y_range, FRAME_GRID)
    votes = np.cumsum([m.predict_proba(G) for m in model.estimators_], axis=0)
    regions = np.argmax(votes, axis=2).astype(np.uint8).reshape(len(model.estimators_), len(gy), len(gx))
    return gx, gy, regions


def learner_lines(est, axes: Axes) -> tuple[list, list]:
    """The cuts of one learner: a stump's line or a tree's splits (None-separated)."""
    tree = getattr(est, "tree_", None)
    if tree is None:
        c = est.threshold_
        return ([c, c], list(axes.y_range)) if est.feature_ == 0 else (list(axes.x_range), [c, c])
    lo, hi = tree.node_bounds()
    lo = np.maximum(lo, [axes.x_range[0], axes.y_range[0]])
    hi = np.minimum(hi, [axes.x_range[1], axes.y_range[1]])
    inner = np.flatnonzero(~tree.is_leaf)
    xs = [
        v
        for i in inner
        for v in ((tree.threshold[i],) * 2 if tree.feature[i] == 0 else (lo[i, 0], hi[i, 0])) + (None,)
    ]
    ys = [
        v
        for i in inner
        for v in ((lo[i, 1], hi[i, 1]) if tree.feature[i] == 0 else (tree.threshold[i],) * 2) + (None,)
    ]
    return xs, ys


def bagging_view(ctx, controls, main) -> None:
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
        model = fit_or_warn(fit_bagging, X, y, learners, learner, depth, bool(forest), int(rng))
    if model is None:
        return
    with main:
        bagging_main(ctx, model, (learners, learner, depth, bool(forest), int(rng)))
    n = len(y)
    out = np.mean([np.mean(h.sample_counts == 0) for h in model.history_])
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
    axes = titled(data_axes(X), data.train.feature_names)
    gx, gy, G = grid_points(axes.x_range, axes.y_range, GRID)
    votes = model.predict_proba(G)
    z = np.argmax(votes, axis=1).reshape(len(gy), len(gx)).astype(np.uint8)
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('ens.ensemble_title', b=len(model.estimators_))}**")
        fig = figure(
            [region_trace(gx, gy, z, len(classes)), *vote_contours(gx, gy, votes, style)]
            + class_traces(X, y, classes, style),
            style,
            axes,
        )
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="ens.bag_chart")
    with right:
        st.markdown(f"**{t('ens.bootstrap_title')}**")
        key = (*axes.x_range, *axes.y_range)
        frames = bagging_frames(X, y, *settings, key)
        stepper("ens.bag", len(model.history_), bagging_steps(model, frames, X, y, axes, style))
    test = data.test
    curves = [
        (
            t("ens.oob"),
            np.arange(1, len(model.history_) + 1),
            model.oob_error_curve_,
            CLASS_COLORS[0],
            "solid",
        )
    ]
    test_curve = staged_errors(model, test.X, test.y) if test is not None else None
    curves += (
        [
            (
                t("ens.test_error"),
                np.arange(1, len(test_curve) + 1),
                np.array(test_curve),
                CLASS_COLORS[1],
                "dash",
            )
        ]
        if test_curve
        else []
    )
    chart(errors_figure(curves, t("ens.learners_axis"), t("ens.error_axis"), style), key="ens.oob_curve")
    metrics_row(
        [
            (t("ens.train_error"), fmt(np.mean(model.predict(X) != y))),
            (t("ens.test_error"), fmt(test_curve[-1] if test_curve else None)),
            (t("ens.oob"), fmt(model.oob_error_)),
            (t("ens.learners_metric"), str(len(model.estimators_))),
        ]
    )


def staged_errors(model, X, y) -> list[float]:
    """Error of the vote of the first b learners, b = 1 … B (one pass: cumulative votes)."""
    votes = np.cumsum([m.predict_proba(X) for m in model.estimators_], axis=0)
    return list(np.mean(model.classes_[np.argmax(votes, axis=2)] != y, axis=1))


def vote_contours(gx, gy, votes, style) -> list[dict]:
    """Two classes: the averaged vote f = P(second class) − ½ at 0 (solid) and ±¼ (dashed)."""
    if votes.shape[1] != 2:
        return []
    f = (votes[:, 1] - 0.5).reshape(len(gy), len(gx)).astype(np.float32)
    return [
        dict(
            type="contour",
            x=gx,
            y=gy,
            z=f,
            showscale=False,
            hoverinfo="skip",
            name=t("ens.vote_level"),
            contours=dict(start=level, end=level, size=1.0, coloring="lines"),
            colorscale=[[0, BLACK], [1, BLACK]],
            showlegend=level == 0.0,
            line=dict(
                color=BLACK,
                width=style.line_width * (0.8 if level == 0 else 0.4),
                dash="solid" if level == 0 else "dash",
            ),
        )
        for level in (-0.25, 0.0, 0.25)
    ]


def bagging_steps(model, frames, X, y, axes: Axes, style) -> StepView:
    gx, gy, regions = frames
    classes = model.classes_
    static = figure(
        [
            dict(
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
        ],
        style,
        axes,
    )

    def frame(b):
        counts = model.history_[b].sample_counts
        drawn = [(counts > 0) & (y == c) for c in classes]
        return (
            [region_trace(gx, gy, regions[b], len(classes))]
            + [line(*learner_lines(model.estimators_[b], axes), t("ens.learner_b"), BLACK, style)]
            + [
                dict(
                    type="scatter",
                    mode="markers",
                    x=X[m, 0],
                    y=X[m, 1],
                    name=plain(c),
                    showlegend=False,
                    marker=dict(
                        color=CLASS_COLORS[k % len(CLASS_COLORS)],
                        size=style.marker_size * np.sqrt(counts[m]),
                        line=dict(color="white", width=1),
                    ),
                )
                for k, (c, m) in enumerate(zip(classes, drawn, strict=True))
            ]
        )

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

    return StepView(static, frame, label, details)


# ---- view: AdaBoost (Sugiyama §9.3; seed 003 §5.2; Li Hang Example 8.1) -----------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_adaboost(X, y, rounds: int, stump: str, rate: float, rng: int):
    return AdaBoostClassifier(rounds, DecisionStump(feature=stump), learning_rate=rate, random_state=rng).fit(
        X, y
    )


@st.cache_data(max_entries=32, show_spinner=False)
def adaboost_frames(X, y, rounds, stump, rate, rng, axes_key: tuple):
    """sign f after each recorded round on a coarse grid (2-D), or f on a line (1-D), from one pass
    over the rounds (staged_decision_function)."""
    model = fit_adaboost(X, y, rounds, stump, rate, rng)
    K = len(model.classes_)
    kept = {s.round for s in model.history_}
    one_d = X.shape[1] == 1
    if one_d:
        grid = np.linspace(axes_key[0], axes_key[1], 300)[:, None]
        gx, gy = grid[:, 0], None
    else:
        gx, gy, grid = grid_points(axes_key[:2], axes_key[2:], FRAME_GRID)
    staged = [f for t_, f in enumerate(model.staged_decision_function(grid), start=1) if t_ in kept]
    codes = [(f > 0).astype(int) if K == 2 else np.argmax(f, axis=1) for f in staged]
    if one_d:
        return (
            gx,
            gy,
            np.array([f if K == 2 else c / (K - 1) * 2 - 1.0 for f, c in zip(staged, codes, strict=True)]),
        )
    return gx, gy, np.array(codes, np.uint8).reshape(len(codes), len(gy), len(gx))


def adaboost_view(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X[:, :2], train.y
    with controls:
        rounds = st.select_slider(
            t("ens.rounds"), ROUNDS, 20, help=t("ens.rounds_help"), **bound("ens.rounds")
        )
        stump = choice(t("ens.stump"), STUMPS, "ens.stump", catalogue_labels("ens.stumps"))
        rate = st.select_slider(
            t("ens.rate"), RATES, 1.0, format_func=lambda v: f"{v:g}", **bound("ens.rate")
        )
        rng = st.number_input(t("ens.rng"), 0, 999, 0, **bound("ens.rng"))
        model = fit_or_warn(fit_adaboost, X, y, rounds, stump, rate, int(rng))
    if model is None:
        return
    with main:
        adaboost_main(ctx, model, X, y, (rounds, stump, rate, int(rng)))
    last = model.history_[-1]
    K = len(model.classes_)
    e = min(max(last.weighted_error, 1e-10), 1 - 1e-10)
    multi = rf" + \ln({K}-1)" if K > 2 else ""
    formula_panel(
        [
            Formula(
                rf"\varepsilon_t = \sum_i w_{{t,i}}\, I(h_t(x_i) \ne y_i) = {number(last.weighted_error)}"
                rf",\ t = {last.round}",
                "seed 003 §5.2 (3); Sugiyama §9.3.1 (a)",
            ),
            Formula(
                rf"\alpha_t"
                rf" = \nu\cdot\tfrac12\Big[\ln\frac{{1-\varepsilon_t}}{{\varepsilon_t}}{multi}\Big] = "
                rf"{number(rate)}\cdot\tfrac12\ln\frac{{{number(1 - e)}}}{{{number(e)}}}"
                rf" = {number(last.alpha)}",
                "seed 003 §5.2 (4); Sugiyama §9.3.1 (b); SAMME for K > 2",
            ),
            Formula(
                r"w_{t+1,i} = \frac{w_{t,i}\,e^{2\alpha_t I(h_t(x_i)\ne y_i)}}{Z_t},\quad "
                rf"\sum_{{h_t(x_i)\ne y_i}} w_{{t+1,i}}"
                rf" = {number(last.new_weights[model.estimators_[-1].predict(X) != y].sum())}",
                t("ens.weights_source"),
            ),
            Formula(
                rf"f(x) = \sum_{{t=1}}^{{{len(model.alphas_)}}}\alpha_t h_t(x),\quad "
                rf"\tfrac1n\sum_i e^{{-y_i f(x_i)}} = {number(last.exp_loss)}",
                "seed 003 §5.2 (6); Sugiyama §9.3.2",
            ),
        ],
        ctx.projector,
    )
    code_view(AdaBoostClassifier, DecisionStump, projector=ctx.projector)


def adaboost_main(ctx, model, X, y, settings: tuple) -> None:
    data, style = ctx.data, ctx.style
    if data.train.X.shape[1] > 2:
        st.caption(t("ens.first_two", names=markdown_literal(", ".join(data.train.feature_names[:2]))))
    one_d = X.shape[1] == 1
    axes = (
        Axes(padded_range(X[:, 0]), (-1.6, 1.6)) if one_d else titled(data_axes(X), data.train.feature_names)
    )
    frames = adaboost_frames(X, y, *settings, (*axes.x_range, *axes.y_range))
    steps = adaboost_steps_1d if one_d else adaboost_steps_2d
    view = steps(model, frames, X, y, axes, style, data.train.feature_names)
    stepper("ens.ada", len(model.history_), view)
    test = data.test
    rounds = np.arange(1, len(model.alphas_) + 1)
    curves = [
        (t("ens.train_error"), rounds, model.train_errors_, CLASS_COLORS[0], "solid"),
        (t("ens.exp_loss"), rounds, model.exp_losses_, CLASS_COLORS[2], "dot"),
    ]
    test_curve = (
        np.array([np.mean(p != test.y) for p in model.staged_predict(test.X[:, :2])])
        if test is not None
        else None
    )
    curves += [(t("ens.test_error"), rounds, test_curve, CLASS_COLORS[1], "dash")] if test is not None else []
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        chart(errors_figure(curves, t("ens.rounds_axis"), t("ens.error_axis"), style), key="ens.ada_curves")
        st.caption(
            t(
                "ens.stop_reason",
                reason=t(f"ens.stops.{model.stop_reason_.replace(' ', '_')}"),
                n=len(model.alphas_),
            )
        )
    with right:
        st.dataframe(
            pd.DataFrame(
                {
                    "t": rounds[:50],
                    t("ens.col_cut"): [
                        stump_text(e, data.train.feature_names) for e in model.estimators_[:50]
                    ],
                    "ε_t": np.round(model.errors_[:50], 4),
                    "α_t": np.round(model.alphas_[:50], 4),
                }
            ),
            hide_index=True,
            height=int(style.figure_height * 0.62),
        )
    metrics_row(
        [
            (t("ens.train_error"), fmt(model.train_errors_[-1])),
            (t("ens.test_error"), fmt(test_curve[-1] if test_curve is not None else None)),
            (t("ens.exp_loss"), fmt(model.exp_losses_[-1])),
            (t("ens.rounds_metric"), str(len(model.alphas_))),
        ]
    )


def stump_text(est, names) -> str:
    left, right = est.left_class_, est.right_class_
    return f"{names[est.feature_]} ≤ {est.threshold_:.4g} → {left} | {right}"


def ada_label(model, s: int) -> str:
    step = model.history_[s]
    return t(
        "ens.ada_label",
        t=step.round,
        eps=fmt(step.weighted_error),
        alpha=fmt(step.alpha),
        err=fmt(step.train_error),
    )


def ada_details(model, X, y, names, s: int) -> str:
    step = model.history_[s]
    wrong = step.estimator.predict(X) != y
    return t(
        "ens.ada_details",
        t=step.round,
        cut=markdown_literal(stump_text(step.estimator, names)),
        eps=fmt(step.weighted_error),
        alpha=fmt(step.alpha),
        half=fmt(step.new_weights[wrong].sum()),
        loss=fmt(step.exp_loss),
    )


def weight_sizes(w, style):
    return style.marker_size * (0.6 + 2.2 * np.sqrt(w / w.max()))


def adaboost_steps_2d(model, frames, X, y, axes: Axes, style, names) -> StepView:
    gx, gy, regions = frames
    classes = model.classes_

    def frame(s):
        step = model.history_[s]
        sizes = weight_sizes(step.weights, style)
        return (
            [region_trace(gx, gy, regions[s], len(classes))]
            + [line(*learner_lines(step.estimator, axes), t("ens.new_stump"), BLACK, style)]
            + [
                dict(
                    type="scatter",
                    mode="markers",
                    x=X[y == c, 0],
                    y=X[y == c, 1],
                    name=plain(c),
                    marker=dict(
                        color=CLASS_COLORS[k % len(CLASS_COLORS)],
                        size=sizes[y == c],
                        line=dict(color="white", width=1),
                    ),
                )
                for k, c in enumerate(classes)
            ]
        )

    return StepView(
        figure([], style, axes),
        frame,
        partial(ada_label, model),
        partial(ada_details, model, X, y, names),
    )


def adaboost_steps_1d(model, frames, X, y, axes: Axes, style, names) -> StepView:
    """Li Hang Example 8.1 style: points at ±1 (sizes = weights), the new stump's cut, f(x) after round t."""
    grid, _, f = frames
    K = len(model.classes_)
    top = max(float(np.abs(f).max()), 1.0) / 1.4 if K == 2 else 1.0
    sign = np.searchsorted(model.classes_, y) / (K - 1) * 2 - 1.0  # classes at −1 … +1

    def frame(s):
        step = model.history_[s]
        c = step.estimator.threshold_
        return [
            line(grid, f[s] / top, t("ens.f_scaled" if K == 2 else "ens.predicted_class"), FIT_COLOR, style),
            line([c, c], [-1.6, 1.6], t("ens.new_stump"), BLACK, style, "dash"),
            dict(
                type="scatter",
                mode="markers",
                x=X[:, 0],
                y=sign,
                name=t("ens.samples"),
                marker=dict(
                    color=np.where(sign > 0, CLASS_COLORS[1], CLASS_COLORS[0]),
                    size=weight_sizes(step.weights, style),
                    line=dict(color="white", width=1),
                ),
            ),
        ]

    static = figure(
        [line(axes.x_range, [0, 0], "", TRUTH_COLOR, style, "dot", showlegend=False)],
        style,
        Axes(axes.x_range, axes.y_range, plain(names[0]), t("ens.label_axis")),
    )
    return StepView(static, frame, partial(ada_label, model), partial(ada_details, model, X, y, names))


# ---- view: gradient boosting (seed 003 §5.3) ----------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_gbdt(X, y, rounds: int, rate: float, depth: int):
    return GradientBoostingRegressor(rounds, learning_rate=rate, max_depth=depth).fit(X, y)


@st.cache_data(max_entries=32, show_spinner=False)
def gbdt_curves(X, y, rounds, rate, depth, x_range: tuple):
    """f_m on a grid for every recorded round (f_0 first) and each round's tree on the same grid."""
    model = fit_gbdt(X, y, rounds, rate, depth)
    grid = np.linspace(*x_range, 300)[:, None]
    f = [np.full(300, model.init_[0])] + list(model.staged_predict(grid))
    trees = [s.trees[0].predict_value(grid)[:, 0] for s in model.history_]
    return grid[:, 0], np.array(f), np.array(trees)


def gbdt_controls():
    rounds = st.select_slider(
        t("ens.rounds"), ROUNDS[:-1], 30, help=t("ens.rounds_help"), **bound("ens.rounds")
    )
    rate = st.select_slider(
        t("ens.rate"),
        RATES,
        0.3,
        format_func=lambda v: f"{v:g}",
        help=t("ens.rate_help"),
        **bound("ens.rate"),
    )
    depth = slider(t("ens.depth"), 1, 6, 2, "ens.depth")
    return rounds, rate, depth


def gbdt_view(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X[:, :1], train.y
    with controls:
        rounds, rate, depth = gbdt_controls()
        model = fit_or_warn(fit_gbdt, X, y, rounds, rate, depth)
    if model is None:
        return
    with main:
        gbdt_main(ctx, model, X, y, (rounds, rate, depth))
    step = model.history_[-1]
    formula_panel(
        [
            Formula(
                rf"f_0 = \arg\min_c \sum_i \tfrac12(y_i - c)^2 = \bar y = {number(model.init_[0])}",
                "seed 003 §5.3.2 step 1",
            ),
            Formula(
                rf"r_{{m,i}} = -\frac{{\partial L(y_i, f)}}{{\partial f}}\Big|_{{f = f_{{m-1}}}}"
                rf" = y_i - f_{{m-1}}(x_i),"
                rf"\quad \tfrac1n\sum_i r_{{{step.round},i}}^2 = {number(np.mean(step.residuals**2))}",
                "seed 003 §5.3.1 (10)–(11), §5.3.2 (17)",
            ),
            Formula(
                rf"f_m(x) = f_{{m-1}}(x) + \nu\, T(x;\Theta_m),\ \nu = {number(rate)},\ "
                rf"\tfrac1n\sum_i (y_i - f_{{{step.round}}}(x_i))^2 = {number(step.train_loss)}",
                "seed 003 §5.3 (7), (14)",
            ),
        ],
        ctx.projector,
    )
    code_view(GradientBoostingRegressor, projector=ctx.projector)


def gbdt_main(ctx, model, X, y, settings: tuple) -> None:
    data, style = ctx.data, ctx.style
    if data.train.X.shape[1] > 1:
        st.caption(t("ens.first_feature", name=markdown_literal(data.train.feature_names[0])))
    x_range = padded_range(X[:, 0], 0.03)
    grid, f, trees = gbdt_curves(X, y, *settings, x_range)
    stepper("ens.gb", len(model.history_), boosting_steps(model, X, y, grid, f, trees, x_range, data, style))
    test = data.test
    rounds = np.arange(0, len(model.trees_) + 1)
    curves = [(t("ens.train_mse"), rounds, model.loss_curve(X, y), CLASS_COLORS[0], "solid")]
    test_loss = model.loss_curve(test.X[:, :1], test.y) if test is not None else None
    curves += [(t("ens.test_mse"), rounds, test_loss, CLASS_COLORS[1], "dash")] if test is not None else []
    chart(
        errors_figure(curves, t("ens.rounds_axis"), t("ens.mse_axis"), style, log_y=True), key="ens.gb_curves"
    )
    metrics_row(
        [
            (t("ens.train_mse"), fmt(model.train_loss_[-1])),
            (t("ens.test_mse"), fmt(test_loss[-1] if test_loss is not None else None)),
            (t("ens.f0"), fmt(model.init_[0])),
            (t("ens.rounds_metric"), str(len(model.trees_))),
        ]
    )


def boosting_steps(model, X, y, grid, f, trees, x_range, data, style) -> StepView:
    """Top: data, f_(m−1) and f_m. Bottom: the residuals r_m and the tree T_m fitted to them."""
    res = np.concatenate([s.residuals for s in model.history_])
    r_range = padded_range(res, 0.1)
    y_range = padded_range(y, 0.12)
    static = figure(
        [points_trace(X[:, 0], y, t("ens.train_points"), style, color=CLASS_COLORS[0])],
        style,
        Axes(x_range, y_range, "", plain(data.train.target_name)),
        int(style.figure_height * 1.25),
        yaxis=dict(domain=[0.45, 1.0]),
        xaxis=dict(anchor="y2", matches="x2", showticklabels=False),
        xaxis2=dict(
            range=list(x_range),
            anchor="y2",
            title=dict(text=plain(data.train.feature_names[0])),
            showline=True,
            linecolor="#888",
            gridcolor="#e6e6e6",
            automargin=True,
            zeroline=False,
        ),
        yaxis2=dict(
            domain=[0.0, 0.38],
            range=list(r_range),
            title=dict(text=t("ens.residual_axis")),
            showline=True,
            linecolor="#888",
            gridcolor="#e6e6e6",
            automargin=True,
            zeroline=True,
            zerolinecolor="#bbb",
        ),
    )

    def frame(s):
        step = model.history_[s]
        m = step.round
        return [
            line(grid, f[m - 1], t("ens.f_before"), TRUTH_COLOR, style, "dash"),
            line(grid, f[m], t("ens.f_after"), FIT_COLOR, style),
            dict(
                type="scatter",
                mode="markers",
                x=X[:, 0],
                y=step.residuals,
                xaxis="x2",
                yaxis="y2",
                name=t("ens.residuals"),
                marker=dict(color=CLASS_COLORS[1], size=style.marker_size * 0.8),
            ),
            line(grid, trees[s], t("ens.tree_m"), BLACK, style, xaxis="x2", yaxis="y2"),
        ]

    def label(s):
        step = model.history_[s]
        return t("ens.gb_label", m=step.round, loss=fmt(step.train_loss))

    def details(s):
        step = model.history_[s]
        tree = step.trees[0]
        leaves = ", ".join(f"{v:.4g}" for v in np.unique(np.round(tree.value[tree.is_leaf, 0], 6)))
        return t(
            "ens.gb_details",
            m=step.round,
            leaves=leaves,
            rate=fmt(model.learning_rate),
            loss=fmt(step.train_loss),
        )

    return StepView(static, frame, label, details)


# ---- view: second-order (XGBoost-style) boosting (seed 003 §5.4) ------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_xgb(X, y, rounds: int, rate: float, depth: int, lam: float, gamma: float, toy: bool):
    return SecondOrderBoostingRegressor(
        rounds, lam=lam, gamma=gamma, max_depth=depth, learning_rate=rate, base_score=0.0 if toy else None
    ).fit(X, y)


def xgb_view(ctx, controls, main) -> None:
    train = ctx.data.train
    with controls:
        toy = st.toggle(t("ens.toy"), help=t("ens.toy_help"), **bound("ens.toy"))
        rounds, rate, depth = gbdt_controls()
        lam = st.select_slider(
            "λ", LAMBDAS, 1.0, format_func=lambda v: f"{v:g}", help=t("ens.lam_help"), **bound("ens.lam")
        )
        gamma = st.select_slider(
            "γ", GAMMAS, 0.0, format_func=lambda v: f"{v:g}", help=t("ens.gamma_help"), **bound("ens.gamma")
        )
    X, y = (TOY_X, TOY_Y) if toy else (train.X[:, :1], train.y)
    model = fit_or_warn(fit_xgb, X, y, rounds, rate, depth, lam, gamma, bool(toy))
    if model is None:
        return
    with controls:
        inspect_round = (
            slider(t("ens.inspect"), 1, len(model.trees_), 1, "ens.inspect", help=t("ens.inspect_help"))
            if len(model.trees_) > 1
            else 1
        )
    with main:
        gains = xgb_main(ctx, model, X, y, inspect_round, bool(toy))
    tree = model.trees_[inspect_round - 1][0]
    G, H = np.where(np.abs(tree.stats[0]) < 1e-9, 0.0, tree.stats[0])
    k = int(np.argmax(gains.gains)) if len(gains.gains) else 0
    parts = (
        (gains.G_left[k], gains.H_left[k], gains.G_right[k], gains.H_right[k])
        if len(gains.gains)
        else (G, H, 0, 0)
    )
    sq = [f"({number(v if abs(v) > 1e-9 else 0.0)})^2" for v in (parts[0], parts[2], parts[0] + parts[2])]
    formula_panel(
        [
            Formula(
                rf"g_i = \hat y_i - y_i,\ h_i = 1,\quad "
                rf"G = \sum g_i = {number(G)},\ H = \sum h_i = {number(H)}",
                "seed 003 §5.4 (25)–(28), ½-squared loss",
            ),
            Formula(
                rf"\mathrm{{Gain}} = \tfrac12\Big[\frac{{G_L^2}}{{H_L+\lambda}} + "
                rf"\frac{{G_R^2}}{{H_R+\lambda}} - "
                rf"\frac{{(G_L+G_R)^2}}{{H_L+H_R+\lambda}}\Big] - \gamma = \tfrac12\Big[\frac{{{sq[0]}}}"
                rf"{{{number(parts[1])}+{number(lam)}}}"
                rf" + \frac{{{sq[1]}}}{{{number(parts[3])}+{number(lam)}}}"
                rf" - \frac{{{sq[2]}}}{{{number(parts[1] + parts[3])}+{number(lam)}}}\Big] - "
                rf"{number(gamma)} = {number(gains.gains[k] if len(gains.gains) else 0.0)}",
                "seed 003 §5.4 (29)–(31)",
            ),
            Formula(
                r"w_j^* = -\frac{G_j}{H_j + \lambda}:\ "
                + r",\ ".join(f"{number(w)}" for w in tree.value[tree.is_leaf, 0]),
                t("ens.leaf_weight_source"),
            ),
        ],
        ctx.projector,
    )
    code_view(SecondOrderBoostingRegressor, second_order_split_gains, projector=ctx.projector)


def xgb_main(ctx, model, X, y, inspect_round: int, toy: bool):
    data, style = ctx.data, ctx.style
    x_range = padded_range(X[:, 0], 0.06)
    grid = np.linspace(*x_range, 300)[:, None]
    f = np.array([np.full(300, model.init_[0])] + list(model.staged_predict(grid)))
    titles = ("x", "y") if toy else (plain(data.train.feature_names[0]), plain(data.train.target_name))
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        stepper("ens.xgb", len(model.history_), xgb_steps(model, X, y, grid[:, 0], f, x_range, titles, style))
    gains = model.split_gains(X, y, round=inspect_round, node=0)[0]
    with right:
        st.markdown(f"**{t('ens.gain_title', m=inspect_round)}**")
        gain_chart(gains, model.gamma, style)
    table = pd.DataFrame(
        {
            "s": gains.thresholds,
            "G_L": gains.G_left,
            "H_L": gains.H_left,
            "G_R": gains.G_right,
            "H_R": gains.H_right,
            "Gain": gains.gains,
        }
    ).round(6)
    st.dataframe(table, hide_index=True, height=min(38 * (len(table) + 1), 300))
    st.caption(t("ens.gain_help", gamma=fmt(model.gamma), lam=fmt(model.lam)))
    tree = model.trees_[inspect_round - 1][0]
    metrics_row(
        [
            (t("ens.train_mse"), fmt(model.train_loss_[-1])),
            (t("ens.rounds_metric"), str(len(model.trees_))),
            (t("ens.leaves_metric", m=inspect_round), str(tree.n_leaves)),
            (t("ens.best_gain"), fmt(gains.gains.max() if len(gains.gains) else None)),
        ]
    )
    return gains


def gain_chart(gains, gamma: float, style) -> None:
    if not len(gains.gains):
        st.info(t("ens.no_candidates"))
        return
    k = int(np.argmax(gains.gains))
    lo, hi = float(min(gains.gains.min(), 0.0)), float(max(gains.gains.max(), 0.0))
    span = (hi - lo) or 1.0
    axes = Axes(
        padded_range(gains.thresholds, 0.08), (lo - 0.1 * span, hi + 0.15 * span), t("ens.split_axis"), "Gain"
    )
    colors = np.where(gains.gains > 0, FIT_COLOR, CLASS_COLORS[1])
    width = float(np.min(np.diff(gains.thresholds))) * 0.6 if len(gains.thresholds) > 1 else 0.5
    traces = [
        dict(
            type="bar",
            x=gains.thresholds,
            y=gains.gains,
            marker=dict(color=colors),
            width=width,
            name="Gain",
            hovertemplate="s = %{x:.4g}: %{y:.4g}<extra></extra>",
        ),
        points_trace(
            [gains.thresholds[k]],
            [gains.gains[k]],
            t("ens.best_split"),
            style,
            color=HIGHLIGHT_COLOR,
            symbol="star",
            size_scale=1.8,
        ),
    ]
    chart(
        figure(
            traces,
            style,
            axes,
            int(style.figure_height * 0.8),
            shapes=[dict(type="line", xref="paper", x0=0, x1=1, y0=0, y1=0, line=dict(color=BLACK, width=1))],
        ),
        key="ens.gain_chart",
    )


def xgb_steps(model, X, y, grid, f, x_range, titles, style) -> StepView:
    y_range = padded_range(np.concatenate([y, f[-1]]), 0.12)
    static = figure(
        [points_trace(X[:, 0], y, t("ens.train_points"), style, color=CLASS_COLORS[0])],
        style,
        Axes(x_range, y_range, *titles),
    )

    def frame(s):
        m = model.history_[s].round
        return [
            line(grid, f[m - 1], t("ens.f_before"), TRUTH_COLOR, style, "dash"),
            line(grid, f[m], t("ens.f_after"), FIT_COLOR, style),
        ]

    def label(s):
        step = model.history_[s]
        return t("ens.gb_label", m=step.round, loss=fmt(step.train_loss))

    def details(s):
        step = model.history_[s]
        tree = step.trees[0]
        return t(
            "ens.xgb_details",
            m=step.round,
            leaves=tree.n_leaves,
            G=fmt(tree.stats[0, 0]),
            H=fmt(tree.stats[0, 1]),
            gain=fmt(tree.score[0]) if tree.n_leaves > 1 else "—",
        )

    return StepView(static, frame, label, details)


# ---- view: LightGBM's histograms and GOSS, CatBoost's ordered target statistics (seed 003 §5.5–5.6) --------


def lgbm_view(ctx, controls, main) -> None:
    train = ctx.data.train
    x, y = train.X[:, 0], train.y
    g = (y.mean() - y) if len(y) else y  # first-round gradients of ½(y − f)², f_0 = mean
    h = np.ones_like(g)
    with controls:
        st.markdown(f"**{t('ens.hist_title')}**")
        n_bins = st.select_slider(t("ens.bins"), BINS, 8, help=t("ens.bins_help"), **bound("ens.bins"))
        strategy = choice(
            t("ens.binning"),
            ["quantile", "uniform"],
            "ens.binning",
            catalogue_labels("ens.binnings"),
            horizontal=True,
        )
        st.markdown(f"**{t('ens.goss_title')}**")
        top = st.select_slider(
            t("ens.top_rate"), SHARES, 0.2, format_func=lambda v: f"{v:g}", **bound("ens.top")
        )
        other = st.select_slider(
            t("ens.other_rate"), SHARES, 0.1, format_func=lambda v: f"{v:g}", **bound("ens.other")
        )
        st.markdown(f"**{t('ens.cat_title')}**")
        example = st.toggle(
            t("ens.cat_example"), value=True, help=t("ens.cat_example_help"), **bound("ens.cat_example")
        )
        prior = st.select_slider(
            t("ens.prior"),
            PRIORS,
            1.0,
            format_func=lambda v: f"{v:g}",
            help=t("ens.prior_help"),
            **bound("ens.prior"),
        )
        perm = slider(t("ens.perm"), 0, 20, 0, "ens.perm", help=t("ens.perm_help"))
    edges = histogram_bin_edges(x, n_bins, strategy)
    hist = build_histogram(bin_codes(x, edges), g, h, len(edges) + 1)
    exact = second_order_split_gains(x, g, h, 1.0, 0.0)
    approx = histogram_split_gains(hist, 1.0, 0.0)
    goss = goss_sample(g, top, other, random_state=0) if top + other <= 1 else None
    with main:
        lgbm_main(ctx, x, g, edges, exact, approx, goss, top, other)
        cats, labels, encoded, greedy, order = catboost_part(bool(example), prior, int(perm), ctx.style)
    best_hist = float(approx[np.isfinite(approx)].max()) if np.isfinite(approx).any() else 0.0
    formula_panel(
        [
            Formula(
                rf"G_b = \sum_{{x_i \in b}} g_i,\ H_b = \sum_{{x_i \in b}} h_i,\quad k = {len(edges) + 1}\ "
                rf"\text{{{t('ens.bins_word')}}},\ "
                rf"\max_j \mathrm{{Gain}}_j = {number(best_hist)}"
                rf"\ \text{{vs}}\ {number(exact.gains.max())}",
                "seed 003 §5.5.2",
            ),
            Formula(
                rf"\frac{{1-a}}{{b}} = \frac{{1-{number(top)}}}{{{number(other)}}}"
                rf" = {number((1 - top) / other)}",
                "seed 003 §5.5.3 (GOSS)",
            ),
            Formula(
                rf"\hat x_{{\sigma_p}} = \frac"
                rf"{{\sum_{{j<p}}[x_{{\sigma_j}} = x_{{\sigma_p}}]\,y_{{\sigma_j}} + \alpha P}}"
                rf"{{\sum_{{j<p}}[x_{{\sigma_j}} = x_{{\sigma_p}}] + \alpha}},\ \alpha = {number(prior)},\ "
                rf"P = {number(labels.mean())}:\ \hat x_{{{order[-1] + 1}}} = {number(encoded[order[-1]])}",
                "seed 003 §5.6.1 (33)",
            ),
        ],
        ctx.projector,
    )
    code_view(histogram_split_gains, goss_sample, ordered_target_statistics, projector=ctx.projector)


def lgbm_main(ctx, x, g, edges, exact, approx, goss, top, other) -> None:
    style = ctx.style
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    with left:
        st.markdown(f"**{t('ens.hist_title')}**")
        axes = Axes(
            padded_range(x, 0.03),
            (0.0, float(max(exact.gains.max(), 1e-9)) * 1.15),
            t("ens.split_axis"),
            "Gain",
        )
        ok = np.isfinite(approx)
        traces = [
            line(exact.thresholds, np.maximum(exact.gains, 0.0), t("ens.exact_gain"), CLASS_COLORS[0], style),
            dict(
                type="scatter",
                mode="markers",
                x=edges[ok],
                y=np.maximum(approx[ok], 0.0),
                name=t("ens.hist_gain"),
                marker=dict(
                    symbol="diamond",
                    size=style.marker_size * 1.4,
                    color=HIGHLIGHT_COLOR,
                    line=dict(color=BLACK, width=1),
                ),
            ),
        ]
        shapes = [
            dict(
                type="line",
                x0=e,
                x1=e,
                yref="paper",
                y0=0,
                y1=1,
                line=dict(color="#bbb", width=1, dash="dot"),
            )
            for e in edges
        ]
        chart(
            figure(traces, style, axes, int(style.figure_height * 0.8), shapes=shapes), key="ens.hist_chart"
        )
        best_exact = exact.thresholds[int(np.argmax(exact.gains))]
        best_hist = edges[ok][int(np.argmax(approx[ok]))] if ok.any() else float("nan")
        st.caption(t("ens.hist_help", exact=fmt(best_exact), hist=fmt(best_hist), bins=len(edges) + 1))
    with right:
        st.markdown(f"**{t('ens.goss_title')}**")
        goss_chart(g, goss, top, other, style)


def goss_chart(g, goss, top, other, style) -> None:
    if goss is None:
        st.warning(t("ens.goss_too_much"))
        return
    order = np.argsort(-np.abs(g), kind="stable")
    rank = np.empty(len(g), int)
    rank[order] = np.arange(len(g))
    kept_top = goss.indices[goss.top]
    kept_other = goss.indices[~goss.top]
    axes = Axes((-1, len(g)), (0.0, float(np.abs(g).max()) * 1.15 + 1e-9), t("ens.rank_axis"), "|g|")
    traces = [
        dict(type="bar", x=rank, y=np.abs(g), marker=dict(color="#cccccc"), name=t("ens.dropped")),
        dict(
            type="bar",
            x=rank[kept_top],
            y=np.abs(g[kept_top]),
            marker=dict(color=CLASS_COLORS[1]),
            name=t("ens.kept_top", a=fmt(top)),
        ),
        dict(
            type="bar",
            x=rank[kept_other],
            y=np.abs(g[kept_other]),
            marker=dict(color=CLASS_COLORS[0]),
            name=t("ens.kept_other", b=fmt(other), amp=fmt(goss.amplification)),
        ),
    ]
    chart(
        figure(traces, style, axes, int(style.figure_height * 0.8), barmode="overlay", bargap=0.05),
        key="ens.goss_chart",
    )
    st.caption(t("ens.goss_help", n=len(goss.indices), total=len(g), amp=fmt(goss.amplification)))


@st.cache_data(max_entries=8, show_spinner=False)
def noisy_categories(n: int = 40):
    rng = np.random.default_rng(1)
    return np.array(list("ABCDEFGH"))[rng.integers(8, size=n)], rng.integers(2, size=n).astype(float)


def catboost_part(example: bool, prior: float, perm: int, style):
    cats, labels = CAT_EXAMPLE if example else noisy_categories()
    order = np.arange(len(labels)) if perm == 0 else np.random.default_rng(perm).permutation(len(labels))
    encoded = ordered_target_statistics(cats, labels, alpha=prior, permutation=order)
    greedy = greedy_target_statistics(cats, labels, alpha=prior)
    st.markdown(f"**{t('ens.cat_title')}**")
    position = np.empty(len(labels), int)
    position[order] = np.arange(len(labels))
    table = pd.DataFrame(
        {
            t("ens.col_row"): np.arange(1, len(labels) + 1),
            t("ens.col_category"): cats,
            "y": labels,
            t("ens.col_position"): position + 1,
            t("ens.col_ordered"): np.round(encoded, 5),
            t("ens.col_greedy"): np.round(greedy, 5),
        }
    )
    left, right = st.columns([3, 2], gap="small")
    with left:
        st.dataframe(table, hide_index=True, height=min(38 * (len(table) + 1), 330))
    with right:
        fit_ordered = max(np.mean((encoded > 0.5) == labels), np.mean((encoded <= 0.5) == labels))
        fit_greedy = max(np.mean((greedy > 0.5) == labels), np.mean((greedy <= 0.5) == labels))
        st.metric(t("ens.acc_greedy"), fmt(fit_greedy))
        st.metric(t("ens.acc_ordered"), fmt(fit_ordered))
        st.caption(t("ens.cat_help"))
    return cats, labels, encoded, greedy, order


# ---- the screen -------------------------------------------------------------------------------------------

ctx = page_frame(P, REQUESTS[chosen_before_drawn("ens.view", VIEWS)])
preset_picker(PRESETS, "ens.preset")
view = choice(t("ens.view"), VIEWS, "ens.view", catalogue_labels("ens.views"), horizontal=True)
controls, main = st.columns([1, 3], gap="medium")
{
    "stump": stump_view,
    "bagging": bagging_view,
    "adaboost": adaboost_view,
    "gbdt": gbdt_view,
    "xgb": xgb_view,
    "lgbm": lgbm_view,
}[view](ctx, controls, main)
