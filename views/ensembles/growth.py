"""Level-wise (XGBoost) against leaf-wise (LightGBM) growth: the two regression trees after the same
number of splits side by side, and the training loss of each after every split.

seed 003 §5.5.5 (growth strategies); the split gain of CART regression (Li Hang (5.19)).
"""

import numpy as np
import streamlit as st

from algorithms import level_vs_leaf
from ui.charts import chart
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from views.ensembles._boosting import training_points
from views.ensembles._common import errors_figure
from views.ensembles._common import fit_or_warn
from views.ensembles._common import line

DATA = DataRequest("regression", 1, "sinc")


@st.cache_data(max_entries=32, show_spinner=False)
def fit_growth(X, y, splits: int, depth: int):
    return level_vs_leaf(X, y, splits, max_depth=depth)


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    X, y = train.X[:, :1], train.y
    with controls:
        splits = slider(t("ens.splits"), 1, 30, 6, "ens.splits", help=t("ens.splits_help"))
        depth = slider(t("ens.leaf_depth"), 1, 20, 20, "ens.leaf_depth", help=t("ens.leaf_depth_help"))
    both = fit_or_warn(fit_growth, X, y, splits, depth)
    if both is None:
        return
    level_k = min(splits, len(both.level.order))
    leaf_k = min(splits, len(both.leaf.order))
    with main:
        growth_main(ctx, both, X, y, level_k, leaf_k)
    formula_panel(
        [
            Formula(
                r"\mathrm{Gain}(t) = C(t) - C(t_L) - C(t_R),\ "
                r"C(t) = \tfrac1N \sum_{x_i \in t}(y_i - \bar y_t)^2",
                "seed 003 §5.5.5; Li Hang (5.19)",
            ),
            Formula(
                rf"L_{{{level_k}}}^{{\text{{level}}}} = {number(both.level.losses[level_k])},\ "
                rf"L_{{{leaf_k}}}^{{\text{{leaf}}}} = {number(both.leaf.losses[leaf_k])},\ "
                rf"L_0 = {number(both.level.losses[0])}",
                t("ens.growth_source"),
            ),
        ],
        ctx.projector,
    )
    code_view(level_vs_leaf, projector=ctx.projector)


def growth_main(ctx, both, X, y, level_k: int, leaf_k: int) -> None:
    style, train = ctx.style, ctx.data.train
    x_range = padded_range(X[:, 0], 0.03)
    grid = np.linspace(*x_range, 400)[:, None]
    axes = Axes(x_range, padded_range(y, 0.08), plain(train.feature_names[0]), plain(train.target_name))
    left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
    for column, model, k, name, color in (
        (left, both.level_tree, level_k, "level", CLASS_COLORS[1]),
        (right, both.leaf_tree, leaf_k, "leaf", FIT_COLOR),
    ):
        with column:
            st.markdown(f"**{t('ens.growth_title.' + name, k=k, depth=model.get_depth())}**")
            traces = [
                training_points(X, y, style),
                line(grid[:, 0], model.predict(grid), t("ens.tree_fit"), color, style),
            ]
            chart(figure(style, axes, traces=traces), key=f"ens.growth_{name}_chart")
    n_level, n_leaf = len(both.level.losses), len(both.leaf.losses)
    curves = [
        (t("ens.growth_curve.level"), np.arange(n_level), both.level.losses, CLASS_COLORS[1], "dash"),
        (t("ens.growth_curve.leaf"), np.arange(n_leaf), both.leaf.losses, FIT_COLOR, "solid"),
    ]
    fig = errors_figure(curves, t("ens.splits_axis"), t("ens.train_mse"), style)
    at_k = dict(
        type="line", x0=level_k, x1=level_k, yref="paper", y0=0, y1=1, line=dict(color="#999", dash="dot")
    )
    fig.update_layout(shapes=[at_k])
    chart(fig, key="ens.growth_curve_chart")
    st.caption(t("ens.growth_help"))
    metrics_row(
        [
            (t("ens.level_loss"), fmt(both.level.losses[level_k])),
            (t("ens.leaf_loss"), fmt(both.leaf.losses[leaf_k])),
            (t("ens.level_depth"), str(both.level_tree.get_depth())),
            (t("ens.leaf_depth_metric"), str(both.leaf_tree.get_depth())),
        ]
    )
