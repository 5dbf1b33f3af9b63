"""XGBoost's weighted quantile sketch and sparsity-aware split finding: the rank function r(z) with
the candidates that cut it into buckets of less than ε of the total hessian, and the split gain
with the missing samples sent left and sent right, the better one being the default direction.

seed 003 §5.4 names both ideas; the formulas are Chen & Guestrin (KDD 2016) §3.3 (8)–(9) and
Algorithm 3, with the seed's gain (31).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import SecondOrderBoostingClassifier
from algorithms import sparsity_aware_split_gains
from algorithms import weighted_quantile_sketch
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
from ui.figures import Axes
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from views.ensembles._common import best_marker
from views.ensembles._common import fit_or_warn
from views.ensembles._common import line

DATA = DataRequest("classification", 2, "diagonal")
EPSILONS = [0.05, 0.1, 0.2, 0.3, 0.5]
MISSING = [0.0, 0.1, 0.2, 0.3, 0.5]
ROUNDS = 10
# Toys checked by hand in tests/algorithms/test_xgb_ideas.py: value 3 carries 4 of 10 units of h;
# the seed's D5 example (x = 1..4, y = 1, 1, 3, 3, f₀ = 0, ½-squared loss) plus x missing with y = 3.
TOY_X, TOY_H = np.array([1.0, 2, 3, 4, 5, 6]), np.array([1.0, 1, 4, 1, 1, 2])
MISS_X, MISS_Y = np.array([1.0, 2, 3, 4, np.nan]), np.array([1.0, 1, 3, 3, 3])


@st.cache_data(max_entries=16, show_spinner=False)
def fit_rounds(X, y):
    """Ten rounds of logistic second-order boosting: round m's g = p − y and h = p(1 − p)."""
    return SecondOrderBoostingClassifier(ROUNDS, lam=1.0, max_depth=2, learning_rate=0.3).fit(X, y)


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    with controls:
        toy = st.toggle(t("ens.sk_toy"), value=True, help=t("ens.sk_toy_help"), **bound("ens.sk_toy"))
        eps = number_slider("ε", "ens.sk_eps", EPSILONS, 0.2, t("ens.sk_eps_help"))
    if toy:
        x, h, x_missing, g, h_missing = TOY_X, TOY_H, MISS_X, -MISS_Y, np.ones(len(MISS_X))
        x_title = "x"
    else:
        with controls:
            m = slider(t("ens.sk_round"), 1, ROUNDS, 3, "ens.sk_round", help=t("ens.sk_round_help"))
            share = number_slider(
                t("ens.sk_missing"), "ens.sk_missing", MISSING, 0.2, t("ens.sk_missing_help")
            )
        model = fit_or_warn(fit_rounds, train.X, train.y)
        if model is None:
            return
        step = model.history_[m - 1]
        g, h = step.gradients, step.hessians
        if g.ndim > 1:  # K > 2 classes: the first class's tree
            g, h = g[:, 0], h[:, 0]
        x = train.X[:, 0]
        x_missing = np.where(np.random.default_rng(0).random(len(x)) < share, np.nan, x)
        h_missing, x_title = h, plain(train.feature_names[0])
    sketch = fit_or_warn(weighted_quantile_sketch, x, h, eps)
    gains = fit_or_warn(sparsity_aware_split_gains, x_missing, g, h_missing, 1.0, 0.0)
    if sketch is None or gains is None:
        return
    with main:
        left, right = columns_or_stacked(ctx.projector, [1, 1], gap="small")
        with left:
            sketch_part(sketch, eps, x_title, ctx.style)
        with right:
            sparsity_part(gains, x_title, ctx.style)
    explain(ctx, sketch, gains, eps)


def sketch_part(sketch, eps: float, x_title: str, style) -> None:
    st.markdown(f"**{t('ens.sk_sketch_title')}**")
    axes = Axes(padded_range(sketch.values, 0.05), (0.0, 1.08), x_title, t("ens.sk_rank_axis_r"))
    rank = line(sketch.values, sketch.value_ranks, "r(z)", CLASS_COLORS[0], style)
    rank["line"]["shape"] = "vh"  # r is left-continuous: it jumps just after each value
    traces = [
        dict(
            type="bar",
            x=sketch.values,
            y=sketch.value_shares,
            marker=dict(color="#bbbbbb"),
            name=t("ens.sk_h_share"),
            hovertemplate="%{x:.4g}: %{y:.4g}<extra></extra>",
        ),
        rank,
        points_trace(
            sketch.candidates,
            sketch.ranks,
            t("ens.sk_candidates"),
            style,
            color=HIGHLIGHT_COLOR,
            symbol="star",
            size_scale=1.8,
        ),
    ]
    dotted = dict(color=BLACK, width=1, dash="dot")
    cuts = [dict(type="line", x0=s, x1=s, yref="paper", y0=0, y1=1, line=dotted) for s in sketch.candidates]
    fig = figure(style, axes, traces=traces, height=int(style.figure_height * 0.8), shapes=cuts)
    chart(fig, key="ens.sketch_chart")
    gaps = np.append(sketch.gaps, np.nan)
    table = pd.DataFrame(
        {
            "s_j": sketch.candidates,
            "r(s_j)": sketch.ranks,
            t("ens.sk_col_gap"): gaps,
            "< ε": np.where(np.isnan(gaps), "", np.where(gaps < eps, "✓", "✗")),
        }
    )
    st.dataframe(table.round(6), hide_index=True, height=min(38 * (len(table) + 1), 300))
    metrics_row(
        [
            (t("ens.sk_n_candidates"), str(len(sketch.candidates))),
            (t("ens.sk_n_values"), str(len(sketch.values))),
            (t("ens.sk_max_gap"), fmt(sketch.gaps.max() if len(sketch.gaps) else None)),
        ]
    )
    st.caption(t("ens.sk_sketch_help", eps=fmt(eps)))


def sparsity_part(gains, x_title: str, style) -> None:
    st.markdown(f"**{t('ens.sk_sparsity_title')}**")
    if not len(gains.thresholds):
        st.info(t("ens.no_candidates"))
        return
    k = int(np.argmax(gains.gains))
    both = np.concatenate([gains.gain_missing_left, gains.gain_missing_right])
    lo, hi = float(min(both.min(), 0.0)), float(max(both.max(), 0.0))
    span = (hi - lo) or 1.0
    axes = Axes(padded_range(gains.thresholds, 0.05), (lo - 0.1 * span, hi + 0.15 * span), x_title, "Gain")
    x = gains.thresholds
    traces = [
        line(x, gains.gain_missing_left, t("ens.sk_missing_left"), CLASS_COLORS[1], style),
        line(x, gains.gain_missing_right, t("ens.sk_missing_right"), FIT_COLOR, style, "dash"),
    ]
    for trace in traces:
        trace["mode"] = "lines+markers"
    traces.append(best_marker(x[k], gains.gains[k], t("ens.best_split"), style))
    zero = dict(type="line", xref="paper", x0=0, x1=1, y0=0, y1=0, line=dict(color=BLACK, width=1))
    fig = figure(style, axes, traces=traces, height=int(style.figure_height * 0.8), shapes=[zero])
    chart(fig, key="ens.sparsity_chart")
    side = np.where(gains.default_left, t("ens.sk_left"), t("ens.sk_right"))
    table = pd.DataFrame(
        {
            "s": gains.thresholds,
            t("ens.sk_col_gain_left"): gains.gain_missing_left,
            t("ens.sk_col_gain_right"): gains.gain_missing_right,
            t("ens.sk_col_default"): side,
        }
    )
    st.dataframe(table.round(6), hide_index=True, height=min(38 * (len(table) + 1), 300))
    metrics_row(
        [
            (t("ens.best_gain"), fmt(gains.gains[k])),
            (t("ens.sk_best_threshold"), fmt(gains.thresholds[k])),
            (t("ens.sk_default_direction"), str(side[k])),
        ]
    )
    st.caption(t("ens.sk_sparsity_help", G=fmt(gains.G_missing), H=fmt(gains.H_missing)))


def explain(ctx, sketch, gains, eps: float) -> None:
    formulas = [
        Formula(
            rf"r(z) = \frac{{\sum_{{x_i < z}} h_i}}{{\sum_i h_i}},\quad "
            rf"|r(s_j) - r(s_{{j+1}})| < \epsilon = {number(eps)}:\ "
            rf"\max_j |r(s_j) - r(s_{{j+1}})| = {number(sketch.gaps.max() if len(sketch.gaps) else 0.0)}",
            "Chen & Guestrin 2016 (8)–(9); seed 003 §5.4",
        )
    ]
    if len(gains.thresholds):
        k = int(np.argmax(gains.gains))
        formulas.append(
            Formula(
                rf"\mathrm{{Gain}}(s) = \max(\mathrm{{Gain}}_{{m \to L}}, \mathrm{{Gain}}_{{m \to R}})"
                rf":\ s = {number(gains.thresholds[k])},\ \max({number(gains.gain_missing_left[k])},\ "
                rf"{number(gains.gain_missing_right[k])}) = {number(gains.gains[k])},\ "
                rf"G_m = {number(gains.G_missing)},\ H_m = {number(gains.H_missing)},\ \lambda = 1",
                "Chen & Guestrin 2016 Algorithm 3; seed 003 §5.4 (31)",
            )
        )
    formula_panel(formulas, ctx.projector)
    code_view(weighted_quantile_sketch, sparsity_aware_split_gains, projector=ctx.projector)
