"""The decision stump: one cut on one feature, dragged by hand against its weighted-error curve, with a
button that jumps to the best cut.

Sugiyama §9.1 (Figs 9.4–9.5, listing Fig 9.5), §9.3.1 (a).
"""

import numpy as np
import streamlit as st

from algorithms import DecisionStump
from ui.charts import chart
from ui.controls import choice
from ui.controls import set_values
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number_no_minus_zero as number
from ui.figures import class_traces
from ui.figures import figure
from ui.figures import grid_points
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.ensembles._common import GRID
from views.ensembles._common import best_marker
from views.ensembles._common import errors_figure
from views.ensembles._common import fit_or_warn
from views.ensembles._common import line

DATA = DataRequest("classification", 2, "diagonal")


@st.cache_data(max_entries=32, show_spinner=False)
def stump_curves(X, y):
    stump = DecisionStump().fit(X, y)
    return stump, [stump.error_curve(X, y, feature=f) for f in range(X.shape[1])]


def render(ctx, controls, main) -> None:
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
    axes = scatter_axes(X, train.feature_names, equal=False)
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
        fig = figure(style, axes, traces=traces)
        editable_chart(fig, "ens", data, axes.x_range, axes.y_range, key="ens.stump_chart")
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
                best_marker(curve.thresholds[k], curve.errors[k], t("ens.best_cut"), style),
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
