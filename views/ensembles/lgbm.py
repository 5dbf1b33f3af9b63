"""LightGBM's histograms and GOSS, CatBoost's ordered target statistics: the split gain at the bin
edges against the exact gain at every cut, the samples GOSS keeps ranked by |g|, and a table of
ordered against greedy target statistics of a categorical feature.

seed 003 §5.5.2 (histograms), §5.5.3 (GOSS), §5.6.1 (33) (ordered target statistics, oracle D7).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import bin_codes
from algorithms import build_histogram
from algorithms import encoding_accuracy
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
from ui.controls import number_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import number_no_minus_zero as number
from ui.figures import Axes
from ui.figures import figure
from ui.figures import padded_range
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.ensembles._common import line

DATA = DataRequest("regression", 1, "sinc")
BINS = [2, 3, 4, 8, 16, 32, 64]
SHARES = [0.05, 0.1, 0.2, 0.3, 0.5]
PRIORS = [0.1, 0.5, 1.0, 2.0, 5.0]
CAT_EXAMPLE = (np.array(list("ABAAB")), np.array([1.0, 0.0, 1.0, 0.0, 1.0]))  # seed 003 (33) oracle


def render(ctx, controls, main) -> None:
    train = ctx.data.train
    x, y = train.X[:, 0], train.y
    g = (y.mean() - y) if len(y) else y  # first-round gradients of ½(y − f)², f_0 = mean
    h = np.ones_like(g)
    with controls:
        st.markdown(f"**{t('ens.hist_title')}**")
        n_bins = number_slider(t("ens.bins"), "ens.bins", BINS, 8, t("ens.bins_help"))
        strategy = choice(
            t("ens.binning"),
            ["quantile", "uniform"],
            "ens.binning",
            catalogue_labels("ens.binnings"),
            horizontal=True,
        )
        st.markdown(f"**{t('ens.goss_title')}**")
        top = number_slider(t("ens.top_rate"), "ens.top", SHARES, 0.2)
        other = number_slider(t("ens.other_rate"), "ens.other", SHARES, 0.1)
        st.markdown(f"**{t('ens.cat_title')}**")
        example = st.toggle(
            t("ens.cat_example"), value=True, help=t("ens.cat_example_help"), **bound("ens.cat_example")
        )
        prior = number_slider(t("ens.prior"), "ens.prior", PRIORS, 1.0, t("ens.prior_help"))
        perm = slider(t("ens.perm"), 0, 20, 0, "ens.perm", help=t("ens.perm_help"))
    edges = histogram_bin_edges(x, n_bins, strategy)
    hist = build_histogram(bin_codes(x, edges), g, h, len(edges) + 1)
    exact = second_order_split_gains(x, g, h, 1.0, 0.0)
    approx = histogram_split_gains(hist, 1.0, 0.0)
    goss = goss_sample(g, top, other, random_state=0) if top + other <= 1 else None
    with main:
        histogram_and_goss(ctx, x, g, edges, exact, approx, goss, top, other)
        labels, encoded, order = catboost_part(bool(example), prior, int(perm))
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


def histogram_and_goss(ctx, x, g, edges, exact, approx, goss, top, other) -> None:
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
        dotted = dict(color="#bbb", width=1, dash="dot")
        edge_lines = [dict(type="line", x0=e, x1=e, yref="paper", y0=0, y1=1, line=dotted) for e in edges]
        fig = figure(style, axes, traces=traces, height=int(style.figure_height * 0.8), shapes=edge_lines)
        chart(fig, key="ens.hist_chart")
        best_exact = exact.thresholds[int(np.argmax(exact.gains))]
        best_hist = edges[ok][int(np.argmax(approx[ok]))] if ok.any() else float("nan")
        st.caption(t("ens.hist_help", exact=fmt(best_exact), hist=fmt(best_hist), bins=len(edges) + 1))
    with right:
        st.markdown(f"**{t('ens.goss_title')}**")
        goss_chart(g, goss, top, other, style)


def goss_chart(g, goss, top, other, style) -> None:
    """|g| of every sample in rank order: grey if dropped, coloured if GOSS keeps it."""
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
    height = int(style.figure_height * 0.8)
    fig = figure(style, axes, traces=traces, height=height, barmode="overlay", bargap=0.05)
    chart(fig, key="ens.goss_chart")
    st.caption(t("ens.goss_help", n=len(goss.indices), total=len(g), amp=fmt(goss.amplification)))


@st.cache_data(max_entries=8, show_spinner=False)
def noisy_categories(n: int = 40):
    rng = np.random.default_rng(1)
    return np.array(list("ABCDEFGH"))[rng.integers(8, size=n)], rng.integers(2, size=n).astype(float)


def catboost_part(example: bool, prior: float, perm: int):
    """The table of ordered and greedy target statistics and how well each fits the labels."""
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
        st.metric(t("ens.acc_greedy"), fmt(encoding_accuracy(greedy, labels)))
        st.metric(t("ens.acc_ordered"), fmt(encoding_accuracy(encoded, labels)))
        st.caption(t("ens.cat_help"))
    return labels, encoded, order
