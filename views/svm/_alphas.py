"""The KKT picture of a fitted SVM (Sugiyama Fig 8.8): α_i and ξ_i against the sample index, and α_i
against the margin y_i f(x_i), where α = 0 lies beyond 1, free α on it and α = C before it."""

import math

import numpy as np

from ui.charts import chart
from ui.figures import Axes
from ui.figures import axis_layout
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.panels import panel_title
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR
from views.svm._common import BOUND_COLOR
from views.svm._common import FREE_COLOR
from views.svm._common import c_line
from views.svm._common import index_range

CATEGORIES = (("zero", TRUTH_COLOR), ("free", FREE_COLOR), ("bound", BOUND_COLOR))


def alpha_charts(model, ctx):
    """The bars of α and ξ beside α against the margin (stacked in projector mode)."""
    top = model.C_ if math.isfinite(model.C_) else max(float(model.alpha_.max()), 1e-9)
    left, right = columns_or_stacked(ctx.projector, 2)
    with left:
        chart(index_bars(model, top, ctx.style), key="svm.alpha_chart")
    with right:
        chart(margin_scatter(model, top, ctx.style), key="svm.alpha_margin")


def bar(x, y, color, name, **extra) -> dict:
    marker = dict(color=color, line=dict(width=0))
    return dict(type="bar", x=x, y=y, marker=marker, width=0.8, showlegend=False, name=name, **extra)


def index_bars(model, top, style):
    """α_i by category (C dashed) above ξ_i, against the sample index."""
    n = len(model.alpha_)
    idx = np.arange(1, n + 1, dtype=float)
    cats = model.alpha_category_
    traces = [bar(idx[cats == cat], model.alpha_[cats == cat], color, "α") for cat, color in CATEGORIES[1:]]
    traces.append(bar(idx, model.slack_, HIGHLIGHT_COLOR, "ξ", xaxis="x2", yaxis="y2"))
    if math.isfinite(model.C_):
        traces.append(c_line(n, top, 1.5))
    return figure(
        style,
        None,
        "",
        traces,
        height=400,
        bargap=0.1 if n < 60 else 0,
        barmode="overlay",
        margin=dict(l=10, r=10, t=2 * style.font_size + 8, b=10),
        xaxis=axis_layout(index_range(n), "", domain=[0, 1], anchor="y", showticklabels=False),
        yaxis=axis_layout((0, top * 1.12), "αᵢ", domain=[0.56, 1.0]),
        xaxis2=axis_layout(index_range(n), t("svm.index_axis"), domain=[0, 1], anchor="y2"),
        yaxis2=axis_layout((0, max(float(model.slack_.max()), 1.0) * 1.12), "ξᵢ", domain=[0, 0.4]),
        annotations=[
            panel_title(t("svm.alpha_title"), 0.5, 1.0, style),
            panel_title(t("svm.slack_title"), 0.5, 0.41, style),
        ],
    )


def margin_scatter(model, top, style):
    """α_i against y_i f(x_i) by category, with the margin m = 1 dashed."""
    m = model.y_signed_ * model.decision_train_
    traces = [
        dict(
            type="scatter",
            mode="lines",
            x=np.array([1.0, 1.0]),
            y=np.array([-top, 2 * top]),
            hoverinfo="skip",
            line=dict(color=TRUTH_COLOR, dash="dash", width=1.5),
            showlegend=False,
            name="m = 1",
        )
    ]
    for cat, color in CATEGORIES:
        mask = model.alpha_category_ == cat
        name = t(f"svm.{cat}_sv")
        traces.append(
            points_trace(
                m[mask],
                model.alpha_[mask],
                name,
                style,
                color=color,
                size_scale=0.8,
                customdata=np.flatnonzero(mask) + 1,
            )
        )
    return figure(
        style,
        Axes(padded_range(np.r_[m, 1.0, 0.0], 0.05), (-top * 0.06, top * 1.12), t("svm.margin_axis"), "αᵢ"),
        t("svm.alpha_margin_title"),
        traces,
        height=400,
        legend="bottom",
        legend_width=420,
    )
