"""Maximum likelihood against Bayesian estimation of a coin: the Beta prior, the likelihood and the
posterior after the flips seen so far, and the MLE, MAP and posterior mean as the flips arrive.

Seed 003 §2.2.5 (Table 1: θ̂ = argmax p(D | θ) against p(θ | D) = p(θ)p(D | θ)/P(D); a uniform prior
makes MAP the MLE) and §8.1 (the prior p(1) = 0.8 of the coin example: predict heads, error 0.2).
This view flips its own coin, not the data set of the sidebar.
"""

import numpy as np
import streamlit as st

from algorithms import BetaBernoulli
from algorithms import coin_estimates
from algorithms import coin_flips
from ui.charts import chart
from ui.controls import bound
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import FIT_COLOR
from ui.theme import TRUTH_COLOR

THETA = np.linspace(0.0, 1.0, 401)[1:-1]  # open (0, 1): with α or β < 1 a Beta density is infinite at an end


@st.cache_data(max_entries=32, show_spinner=False)
def flips_and_estimates(n, p, seed, alpha, beta):
    flips = coin_flips(n, p, random_state=seed)
    return flips, coin_estimates(flips, alpha, beta)


def render(ctx, controls, main):
    with controls:
        p = slider(t("gen.coin_p"), 0.0, 1.0, 0.7, "gen.coin_p", step=0.05)
        n = slider(t("gen.coin_n"), 1, 300, 100, "gen.coin_n")
        seen = slider(t("gen.coin_seen"), 0, n, min(10, n), "gen.coin_seen", help=t("gen.coin_seen_help"))
        alpha = slider(t("gen.coin_a"), 0.5, 20.0, 2.0, "gen.coin_a", step=0.5)
        beta = slider(t("gen.coin_b"), 0.5, 20.0, 2.0, "gen.coin_b", step=0.5)
        seed = st.number_input(t("data.seed"), 0, 10_000, 0, **bound("gen.coin_seed"))
        st.caption(t("gen.coin_caption"))
    flips, (mle, mode, mean) = flips_and_estimates(n, p, int(seed), alpha, beta)
    coin = BetaBernoulli(alpha, beta).fit(flips[:seen])
    with main:
        left, right = columns_or_stacked(ctx.projector, [1, 1])
        with left:
            chart(density_figure(coin, p, ctx.style), key="gen.coin_density")
        with right:
            chart(estimates_figure(mle, mode, mean, p, seen, ctx.style), key="gen.coin_path")
        guess = t("gen.coin_heads") if coin.mean_ >= 0.5 else t("gen.coin_tails")
        metric_rows(
            [
                (t("gen.coin_counts"), f"{coin.heads_} / {coin.tails_}"),
                (t("gen.coin_mle"), "—" if seen == 0 else fmt(coin.mle_, 4)),
                (t("gen.coin_map"), fmt(coin.map_, 4)),
                (t("gen.coin_mean"), fmt(coin.mean_, 4)),
                (t("gen.coin_guess"), guess),
                (t("gen.coin_error"), fmt(min(coin.mean_, 1 - coin.mean_), 4)),
            ],
            ctx.projector,
        )
    formula_panel(formulas(coin, alpha, beta, seen), ctx.projector)
    code_view(BetaBernoulli, projector=ctx.projector)


def density_figure(coin, p, style):
    """Prior, likelihood (scaled to integrate to 1) and posterior over θ = P(heads)."""
    likelihood = THETA**coin.heads_ * (1 - THETA) ** coin.tails_
    likelihood = likelihood / (likelihood.mean() or 1.0)  # ∫₀¹ = mean on the even grid
    prior, posterior = coin.prior_pdf(THETA), coin.posterior_pdf(THETA)
    curves = [
        Curve(t("gen.coin_prior"), THETA, prior, BLACK, "dot"),
        Curve(t("gen.coin_likelihood"), THETA, likelihood, FIT_COLOR, "dash"),
        Curve(t("gen.coin_posterior"), THETA, posterior, ALT_COLOR),
        Curve(t("gen.coin_truth"), np.array([p, p]), np.array([0.0, 1e3]), TRUTH_COLOR, "dashdot"),
    ]
    finite = np.concatenate([c[np.isfinite(c)] for c in (prior, likelihood, posterior)])
    top = float(min(np.percentile(finite, 99.5), 30.0)) * 1.1
    axes = Axes((0.0, 1.0), (0.0, top), "θ = P(heads)", t("gen.mvn_density"))
    traces = [line_trace(c, style) for c in curves]
    return figure(style, axes, t("gen.coin_density_title"), traces, legend="bottom", legend_width=420)


def estimates_figure(mle, mode, mean, p, seen, style):
    k = np.arange(1, len(mle) + 1)
    curves = [
        Curve(t("gen.coin_mle"), k, mle, FIT_COLOR, "dash"),
        Curve(t("gen.coin_map"), k, mode, ALT_COLOR),
        Curve(t("gen.coin_mean"), k, mean, BLACK, "dot"),
        Curve(t("gen.coin_truth"), np.array([1, len(k)]), np.array([p, p]), TRUTH_COLOR, "dashdot"),
        Curve(t("gen.coin_seen_marker"), np.array([seen, seen]), np.array([0.0, 1.0]), BLACK, "dot", 0.6),
    ]
    axes = Axes(
        (1, max(len(k), 2)),
        (0.0, 1.0),
        t("gen.coin_flips_axis"),
        "θ̂",
    )
    traces = [line_trace(c, style) for c in curves]
    return figure(style, axes, t("gen.coin_path_title"), traces, legend="bottom", legend_width=420)


def formulas(coin, alpha, beta, seen) -> list[Formula]:
    h, tails = coin.heads_, coin.tails_
    mle = r"\text{—}" if seen == 0 else rf"\frac{{{h}}}{{{seen}}} = {number(coin.mle_)}"
    return [
        Formula(
            rf"\hat\theta_{{ML}} = \arg\max_\theta\, \theta^{{{h}}}(1-\theta)^{{{tails}}} = {mle}",
            "seed 003 §2.2.5, Table 1",
        ),
        Formula(
            rf"p(\theta\mid D) \propto p(\theta)\,p(D\mid\theta) = "
            rf"\mathrm{{Beta}}({number(alpha)}, {number(beta)})\cdot\theta^{{{h}}}(1-\theta)^{{{tails}}} = "
            rf"\mathrm{{Beta}}({number(coin.a_)}, {number(coin.b_)})",
            "seed 003 §2.2.5, §8.1 (Bayes' theorem (1))",
        ),
        Formula(
            rf"\hat\theta_{{MAP}} = \frac{{\alpha+h-1}}{{\alpha+\beta+n-2}} = {number(coin.map_)},\ "
            rf"E[\theta\mid D] = \frac{{\alpha+h}}{{\alpha+\beta+n}} = {number(coin.mean_)}",
            "seed 003 §2.2.5 (α = β = 1: MAP = ML)",
        ),
    ]
