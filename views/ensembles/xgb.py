"""Second-order (XGBoost-style) boosting: g and h, the split gain with λ and γ at every candidate cut
of a round's root (bars and table), leaf weights w* = −G/(H + λ), and a stepper through the rounds; a
four-point toy reproduces the seed's oracle. The split search is exact greedy or LightGBM's
histograms (cuts only at k bin edges).

seed 003 §5.4 (25)–(31), oracles D5–D6; §5.5.2 (histograms).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import SecondOrderBoostingRegressor
from algorithms import second_order_split_gains
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
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
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from views.ensembles._boosting import boosting_controls
from views.ensembles._boosting import round_label
from views.ensembles._boosting import round_lines
from views.ensembles._boosting import staged_curves
from views.ensembles._boosting import training_points
from views.ensembles._common import best_marker
from views.ensembles._common import fit_or_warn

DATA = DataRequest("regression", 1, "sinc")
LAMBDAS = [0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0]
GAMMAS = [0.0, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0]
BINS = [2, 4, 8, 16, 32, 64, 255]
TOY_X, TOY_Y = np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([1.0, 1.0, 3.0, 3.0])  # seed 003 §5.4 oracle


@st.cache_data(max_entries=32, show_spinner=False)
def fit_xgb(X, y, rounds: int, rate: float, depth: int, lam: float, gamma: float, toy: bool, bins):
    return SecondOrderBoostingRegressor(
        rounds,
        lam=lam,
        gamma=gamma,
        max_depth=depth,
        learning_rate=rate,
        base_score=0.0 if toy else None,
        n_bins=bins,
    ).fit(X, y)


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    with controls:
        toy = st.toggle(t("ens.toy"), help=t("ens.toy_help"), **bound("ens.toy"))
        rounds, rate, depth = boosting_controls()
        lam = number_slider("λ", "ens.lam", LAMBDAS, 1.0, t("ens.lam_help"))
        gamma = number_slider("γ", "ens.gamma", GAMMAS, 0.0, t("ens.gamma_help"))
        search = choice(
            t("ens.split_search"),
            ["exact", "histogram"],
            "ens.xgb_search",
            catalogue_labels("ens.split_searches"),
            horizontal=True,
        )
        bins = (
            number_slider(t("ens.bins"), "ens.xgb_bins", BINS, 16, t("ens.xgb_bins_help"))
            if search == "histogram"
            else None
        )
    X, y = (TOY_X, TOY_Y) if toy else (train.X[:, :1], train.y)
    model = fit_or_warn(fit_xgb, X, y, rounds, rate, depth, lam, gamma, bool(toy), bins)
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
    f = staged_curves(model, grid)
    titles = ("x", "y") if toy else (plain(data.train.feature_names[0]), plain(data.train.target_name))
    left, right = columns_or_stacked(ctx.projector, [3, 2], gap="small")
    with left:
        stepper("ens.xgb", len(model.history_), xgb_steps(model, X, y, grid[:, 0], f, x_range, titles, style))
    gains = model.split_gains(X, y, round=inspect_round, node=0)[0]
    with right:
        st.markdown(f"**{t('ens.gain_title', m=inspect_round)}**")
        gain_chart(gains, style)
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
    if model.bin_edges_ is not None:
        edges = len(model.bin_edges_[0])
        st.caption(t("ens.xgb_bins_caption", edges=edges, bins=edges + 1))
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


def gain_chart(gains, style) -> None:
    """The gain of every candidate cut as bars (green above 0, red below), the best one starred."""
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
        best_marker(gains.thresholds[k], gains.gains[k], t("ens.best_split"), style),
    ]
    zero = dict(type="line", xref="paper", x0=0, x1=1, y0=0, y1=0, line=dict(color=BLACK, width=1))
    fig = figure(style, axes, traces=traces, height=int(style.figure_height * 0.8), shapes=[zero])
    chart(fig, key="ens.gain_chart")


def xgb_steps(model, X, y, grid, f, x_range, titles, style) -> StepView:
    axes = Axes(x_range, padded_range(np.concatenate([y, f[-1]]), 0.12), *titles)
    static = figure(style, axes, traces=[training_points(X, y, style)])

    def frame(s):
        return round_lines(grid, f, model.history_[s].round, style)

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

    return StepView(static, frame, round_label(model), details)
