"""Feature selection: which of d features matter. The lasso keeps a subset as λ grows (its path, the true
features ringed); the ℓ2,1 penalty drops whole rows of a multi-output W; forward and backward wrapper search
by cross-validation; the mutual-information filter (with the worked example MI(x = y) = ln 2).

Sugiyama §5.3 (spec A5.3 toy: y = 3x⁽¹⁾ − 2x⁽²⁾ + 1.5x⁽³⁾ + noise); seed 004 §2.8 (‖W‖₂,₁); CS229 Part VII §2
(M35 wrapper search, M36 mutual information).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import GroupLasso
from algorithms import Lasso
from algorithms import backward_elimination
from algorithms import forward_selection
from algorithms import mutual_information
from algorithms import mutual_information_ranking
from algorithms import regularisation_path
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.controls import series_125
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import plain
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import HIGHLIGHT_COLOR
from views.sparse_learning._common import kept_fit
from views.sparse_learning._common import stem_figure

DATA = DataRequest("regression", None, "sparse_features")
METHODS = ["lasso", "group", "wrapper", "filter"]
LAMS = [0.0, *series_125(-2, 3)]
PATH_LAMS = np.logspace(-2, 3, 31)
RELEVANT = 3  # the toy set's first three features carry the signal


@st.cache_data(max_entries=32, show_spinner=False)
def fit_lasso(X, y, lam):
    return Lasso(lam, "cd", max_iter=5000).fit(X, y), regularisation_path(X, y, PATH_LAMS, "lasso")


@st.cache_data(max_entries=32, show_spinner=False)
def fit_group(X, Y, lam):
    return GroupLasso(lam).fit(X, Y)


@st.cache_data(max_entries=16, show_spinner=False)
def search(X, y, forward, folds):
    return forward_selection(X, y, n_folds=folds) if forward else backward_elimination(X, y, n_folds=folds)


@st.cache_data(max_entries=16, show_spinner=False)
def rank(X, y, bins):
    return mutual_information_ranking(X, y, bins)


def bar_chart(values, names, relevant, style, title, y_title, key):
    colours = [HIGHLIGHT_COLOR if r else FIT_COLOR for r in relevant]
    top = float(np.max(values, initial=0.0)) * 1.15 or 1.0
    values = np.asarray(values, float)
    trace = dict(type="bar", x=list(names), y=values, marker_color=colours, showlegend=False)
    axes = Axes((-0.6, len(names) - 0.4), (0.0, top), t("sp.feature"), y_title)
    chart(figure(style, axes, title, [trace], height=int(style.figure_height * 0.75)), key=key)


def render(ctx, controls, main):
    train = ctx.data.train
    X, y = train.X, train.y
    names = [plain(n) for n in train.feature_names]
    relevant = np.arange(X.shape[1]) < (RELEVANT if train.name == "sparse_features" else 0)
    with controls:
        method = choice(t("sp.method"), METHODS, "sp.method", catalogue_labels("sp.methods"))
        if relevant.any():
            st.caption(t("sp.relevant_note"))
    if method == "lasso":
        lasso_part(ctx, controls, main, X, y, names, relevant)
    elif method == "group":
        group_part(ctx, controls, main, X, train, names, relevant)
    elif method == "wrapper":
        wrapper_part(ctx, controls, main, X, y, names)
    else:
        filter_part(ctx, controls, main, X, y, names, relevant)


def lasso_part(ctx, controls, main, X, y, names, relevant):
    with controls:
        lam = number_slider(t("sp.lam"), "sp.sel_lam", LAMS, 20.0)
    fit = kept_fit("select_lasso", fit_lasso, X, y, lam)
    if fit is None:
        return
    est, path = fit
    coefs = path[:, 1:]
    chosen = [names[j] for j in np.flatnonzero(est.theta_[1:])]
    traces = [
        dict(
            type="scatter",
            mode="lines",
            x=PATH_LAMS,
            y=coefs[:, j],
            name=names[j],
            line=dict(color=HIGHLIGHT_COLOR if relevant[j] else TRUTH_COLOR, width=ctx.style.line_width),
        )
        for j in range(coefs.shape[1])
    ]
    lim = float(np.abs(coefs).max(initial=0.0)) * 1.1 or 1.0
    mark = max(lam, PATH_LAMS[0])
    traces.append(
        dict(
            type="scatter",
            mode="lines",
            x=[mark, mark],
            y=[-lim, lim],
            name=t("sp.current_lam"),
            line=dict(color=FIT_COLOR, dash="dash", width=ctx.style.line_width),
        )
    )
    axes = Axes((PATH_LAMS[0], PATH_LAMS[-1]), (-lim, lim), "λ", "θ_j")
    fig = figure(ctx.style, axes, t("sp.select_path"), traces, legend="bottom")
    fig.update_xaxes(type="log", range=list(np.log10([PATH_LAMS[0], PATH_LAMS[-1]])), exponentformat="power")
    with main:
        metrics_row(
            [
                (t("sp.selected"), ", ".join(chosen) or "∅"),
                (t("sp.nonzero"), t("sp.k_of_b", k=len(chosen), b=len(names))),
                (t("sp.objective"), fmt(est.objective_)),
            ]
        )
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(fig, key="sp.select_path_chart")
        with right:
            stem = stem_figure(est.theta_[1:], ctx.style, t("sp.select_stem"), names, relevant)
            chart(stem, key="sp.select_stem")
    objective = r"J(\theta) = \tfrac12\sum_i(\theta_0 + \theta^\top x_i - y_i)^2 + \lambda\|\theta\|_1"
    formula_panel([Formula(rf"{objective},\ \lambda = {number(lam)}", "Sugiyama §5.3, (5.1)")], ctx.projector)
    code_view(Lasso, projector=ctx.projector)


def group_part(ctx, controls, main, X, train, names, relevant):
    Y = np.asarray(train.extra["Y"]) if "Y" in train.extra else np.asarray(train.y, float)[:, None]
    with controls:
        lam = number_slider(t("sp.lam"), "sp.group_lam", LAMS, 50.0)
    est = kept_fit("select_group", fit_group, X, Y, lam)
    if est is None:
        return
    chosen = [names[j] for j in np.flatnonzero(est.row_norms_ > 0)]
    with main:
        metrics_row(
            [
                (t("sp.outputs"), str(Y.shape[1])),
                (t("sp.selected"), ", ".join(chosen) or "∅"),
                (t("sp.l21"), fmt(float(est.row_norms_.sum()))),
            ]
        )
        bar_chart(est.row_norms_, names, relevant, ctx.style, t("sp.row_norms_title"), "‖w^i‖₂", "sp.rows")
    formula_panel(
        [
            Formula(
                r"\min_{W,b}\ \tfrac12\|XW + e_n b^\top - Y\|_F^2 + \lambda\|W\|_{2,1},\ "
                rf"\|W\|_{{2,1}} = \sum_i \|w^i\|_2,\ \lambda = {number(lam)}",
                "seed 004 §2.8 (sign typo −e_n b^T corrected)",
            ),
        ],
        ctx.projector,
    )
    code_view(GroupLasso, projector=ctx.projector)


def wrapper_part(ctx, controls, main, X, y, names):
    with controls:
        direction = choice(
            t("sp.direction"),
            ["forward", "backward"],
            "sp.direction",
            catalogue_labels("sp.directions"),
            horizontal=True,
        )
        folds = slider(t("sp.folds"), 2, 10, 5, "sp.folds")
    steps = kept_fit("select_wrapper", search, X, y, direction == "forward", folds)
    if steps is None:
        return
    best = min(steps, key=lambda s: s.cv_error)
    sizes = np.array([len(s.selected) for s in steps], float)
    errors = np.array([s.cv_error for s in steps])
    axes = Axes(
        (-0.3, len(names) + 0.3),
        safe_range(errors.min() * 0.8, errors.max() * 1.2, True),
        "|F|",
        t("sp.cv_error"),
    )
    fig = curves_figure(
        [Curve(t("sp.cv_error"), sizes, errors, FIT_COLOR)],
        axes,
        ctx.style,
        log_y=True,
        markers=True,
        title=t("sp.cv_title"),
        height=int(ctx.style.figure_height * 0.75),
    )
    rows = []
    for i, s in enumerate(steps):
        changed = set(s.selected) ^ set(steps[i - 1].selected) if i else set()
        rows.append(
            {
                t("sp.step"): i,
                t("sp.changed"): ", ".join(names[j] for j in sorted(changed)) or "—",
                t("sp.feature_set"): "{" + ", ".join(names[j] for j in s.selected) + "}",
                t("sp.cv_error"): fmt(s.cv_error),
            }
        )
    with main:
        metrics_row(
            [
                (t("sp.best_set"), ", ".join(names[j] for j in best.selected) or "∅"),
                (t("sp.cv_error"), fmt(best.cv_error)),
                (t("sp.fits"), str(sum(len(s.candidates) for s in steps) + 1)),
            ]
        )
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(fig, key="sp.cv_chart")
        with right:
            st.dataframe(pd.DataFrame(rows), hide_index=True, height=min(38 * (len(rows) + 1), 420))
    formula_panel(
        [
            Formula(
                r"\mathcal F \leftarrow \mathcal F \cup \{\arg\min_{i \notin \mathcal F}\ "
                r"\mathrm{CV}(\mathcal F \cup \{i\})\},\ " + rf"m = {folds}",
                "CS229 Part VII §2 (M35); Sugiyama §5.3",
            ),
        ],
        ctx.projector,
    )
    code_view(forward_selection, backward_elimination, projector=ctx.projector)


def filter_part(ctx, controls, main, X, y, names, relevant):
    with controls:
        bins = slider(t("sp.bins"), 2, 8, 3, "sp.bins")
        k = slider(t("sp.top_k"), 1, len(names), min(3, len(names)), "sp.top_k")
    ranked = kept_fit("select_filter", rank, X, y, bins)
    if ranked is None:
        return
    order, scores = ranked
    example = mutual_information([0, 1], [0, 1])
    with main:
        metrics_row(
            [
                (t("sp.top_features"), ", ".join(names[j] for j in order[:k])),
                (t("sp.mi_example"), number(example)),
                ("ln 2", number(float(np.log(2)))),
            ]
        )
        bar_chart(scores, names, relevant, ctx.style, t("sp.mi_title"), t("sp.mi_nats"), "sp.mi")
        st.caption(t("sp.mi_example_note"))
    formula_panel(
        [
            Formula(
                r"\mathrm{MI}(x_i, y) = \sum_{x_i}\sum_{y} p(x_i, y)\ln\frac{p(x_i, y)}{p(x_i)p(y)} = "
                r"\mathrm{KL}\big(p(x_i, y)\,\|\,p(x_i)p(y)\big)",
                "CS229 Part VII §2 (M36)",
            ),
            Formula(
                r"x = y,\ p(y{=}1) = \tfrac12:\ \mathrm{MI} = 2\cdot\tfrac12\ln\frac{1/2}{1/4} = \ln 2 = "
                + number(example),
                "CS229 Part VII §2 (M36 worked example)",
            ),
        ],
        ctx.projector,
    )
    code_view(mutual_information, mutual_information_ranking, projector=ctx.projector)
