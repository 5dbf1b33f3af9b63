"""Stacking: a tree, naive Bayes and a linear classifier, and a logistic meta-learner trained on their
out-of-fold class probabilities; the decision regions of the three and of the stack, their errors and
the weight the meta-learner gives each (and what happens when it sees in-sample predictions).

seed 003 §5.1 (family 3, stacking); Zhou §8.4.3 (cross-validated first-level outputs) [S].
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import DecisionTreeClassifier
from algorithms import GaussianNaiveBayes
from algorithms import LogisticRegression
from algorithms import SoftmaxRegression
from algorithms import StackingClassifier
from ui.charts import chart
from ui.controls import bound
from ui.controls import number_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number_no_minus_zero as number
from ui.figures import class_traces
from ui.figures import grid_points
from ui.figures import scatter_axes
from ui.i18n import t
from ui.panels import panels_figure
from ui.regions import region_trace
from views.ensembles._common import FRAME_GRID
from views.ensembles._common import fit_or_warn

DATA = DataRequest("classification", 2, "moons")
META_LAMBDAS = [0.01, 0.1, 1.0, 10.0, 100.0]
NAMES = ("tree", "nb", "linear")


@st.cache_data(max_entries=32, show_spinner=False)
def fit_stack(X, y, depth: int, folds: int, lam: float, leaky: bool, rng: int):
    two = len(np.unique(y)) == 2
    linear = LogisticRegression(lam=1e-3) if two else SoftmaxRegression(lam=1e-3)
    learners = [
        ("tree", DecisionTreeClassifier(max_depth=depth)),
        ("nb", GaussianNaiveBayes()),
        ("linear", linear),
    ]
    final = LogisticRegression(lam=lam) if two else SoftmaxRegression(lam=lam)
    return StackingClassifier(learners, final, n_folds=folds, in_sample=leaky, random_state=rng).fit(X, y)


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    with controls:
        depth = slider(t("ens.depth"), 1, 10, 4, "ens.depth")
        folds = slider(t("ens.folds"), 2, 10, 5, "ens.folds", help=t("ens.folds_help"))
        lam = number_slider(t("ens.meta_lam"), "ens.meta_lam", META_LAMBDAS, 1.0, t("ens.meta_lam_help"))
        leaky = st.toggle(t("ens.leaky"), help=t("ens.leaky_help"), **bound("ens.leaky"))
        rng = st.number_input(t("ens.rng"), 0, 999, 0, **bound("ens.rng"))
    model = fit_or_warn(fit_stack, train.X, train.y, depth, folds, lam, bool(leaky), int(rng))
    if model is None:
        return
    with main:
        stack_main(ctx, model)
    two = len(model.classes_) == 2
    held = "" if model.in_sample else "^{(-k(i))}"
    z = ",\\ ".join(rf"\hat p_{j}{held}(x_i)" for j in range(1, 4))
    folds_text = "" if model.in_sample else rf",\ k(i) \in \{{1, \dots, {folds}\}}"
    first = ",\\ ".join(number(v) for v in model.oof_[0])
    theta = model.final_estimator_.theta_
    meta = (
        r"q(y = 1 \mid z) = \sigma\big("
        + number(theta[0])
        + "".join(rf" {'+' if w >= 0 else '-'} {number(abs(w))}\,z_{j + 1}" for j, w in enumerate(theta[1:]))
        + r"\big)"
        if two
        else r"q(y = c \mid z) \propto \exp(\theta_c^\top z)"
    )
    formula_panel(
        [
            Formula(
                rf"z_i = \big({z}\big){folds_text}:\ z_1 = ({first})",
                "seed 003 §5.1 (stacking); Zhou §8.4.3",
            ),
            Formula(meta + rf",\ \lambda = {number(lam)}", t("ens.meta_source")),
        ],
        ctx.projector,
    )
    code_view(StackingClassifier, projector=ctx.projector)


def stack_main(ctx, model) -> None:
    data, style = ctx.data, ctx.style
    X, y = data.train.X, data.train.y
    test = data.test
    axes = scatter_axes(X, data.train.feature_names, equal=False)
    gx, gy, G = grid_points(axes.x_range, axes.y_range, FRAME_GRID)
    codes = [np.searchsorted(model.classes_, est.predict(G)) for est in model.estimators_]
    codes.append(np.searchsorted(model.classes_, model.predict(G)))
    train_err = [float(np.mean(est.predict(X) != y)) for est in model.estimators_] + [1 - model.score(X, y)]
    test_err = (
        [float(np.mean(est.predict(test.X) != test.y)) for est in model.estimators_]
        + [1 - model.score(test.X, test.y)]
        if test is not None
        else [None] * 4
    )
    titles = [t(f"ens.learner_names.{n}") for n in NAMES] + [t("ens.stacked")]
    shown = [
        f"{name}: {fmt(tr if te is None else te)}"
        for name, tr, te in zip(titles, train_err, test_err, strict=True)
    ]
    points = class_traces(X, y, model.classes_, style)
    panels = [
        [
            region_trace(gx, gy, z.reshape(len(gy), len(gx)), len(model.classes_)),
            *({**trace, "showlegend": i == 0, "legendgroup": trace["name"]} for trace in points),
        ]
        for i, z in enumerate(codes)
    ]
    fig = panels_figure(
        panels,
        shown,
        axes,
        style,
        height=style.figure_height + 160,
        margin=dict(l=10, r=10, t=60, b=10),
        legend=dict(orientation="h", yanchor="bottom", y=1.06, x=0),
        dragmode=False,
    )
    st.markdown(f"**{t('ens.stack_title' if test is not None else 'ens.stack_title_train')}**")
    chart(fig, key="ens.stack_chart")
    two = len(model.classes_) == 2
    weights = list(model.final_estimator_.theta_[1:]) if two else [None] * 3
    table = pd.DataFrame(
        {
            t("ens.col_learner"): titles,
            t("ens.train_error"): [fmt(v) for v in train_err],
            t("ens.test_error"): [fmt(v) for v in test_err],
            t("ens.col_meta_weight"): [fmt(w) for w in weights] + ["—"],
        }
    )
    st.dataframe(table, hide_index=True)
    st.caption(t("ens.leaky_caption" if model.in_sample else "ens.stack_caption"))
    metrics_row(
        [
            (t("ens.stack_test_error"), fmt(test_err[-1])),
            (t("ens.best_single_error"), fmt(min(test_err[:3]) if test is not None else None)),
            (t("ens.folds_metric"), "—" if model.in_sample else str(model.n_folds)),
        ]
    )
