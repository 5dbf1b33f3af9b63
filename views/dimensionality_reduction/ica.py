"""ICA on the cocktail party: the microphones' mixed signals, the sources recovered epoch by epoch
against the true ones, the log-likelihood ℓ(W), and the mixing directions beside the PCA axes.

CS229 Part XII (x = As §1 and its ambiguities, Bell–Sejnowski stochastic gradient ascent §3, M47).
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import ICA
from algorithms import PCA
from algorithms import cocktail_party
from algorithms import match_sources
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import matrix
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import points_trace
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import CLASS_COLORS
from ui.views import fitted
from views.dimensionality_reduction._common import likelihood_chart
from views.dimensionality_reduction._common import unit

DATA = None  # no data panel: the view mixes its own sources
SOURCES = ["speech", "laplace", "waves", "uniform", "gaussian"]
N_SOURCES = ["2", "3"]
ICA_SAMPLES = [200, 500, 1000, 2000]


@st.cache_data(max_entries=24, show_spinner=False)
def run_ica(kind, n_sources, n_samples, alpha, epochs, random_mixing, seed):
    X, S, A = cocktail_party(
        n_samples, n_sources, kind, mixing="random" if random_mixing else None, random_state=seed
    )
    ica = ICA(alpha=alpha, n_epochs=epochs, random_state=seed).fit(X)
    return X, S, A, ica


def render(ctx, controls, main):
    with controls:
        alpha = log_slider(t("dr.ica_alpha"), "dr.ica_alpha", -4, 0, 0.01, help=t("dr.ica_alpha_help"))
        epochs = slider(t("dr.epochs"), 1, 30, 10, "dr.epochs")
        kind = choice(t("dr.sources"), SOURCES, "dr.sources", catalogue_labels("dr.source_kinds"))
        n_sources = int(
            choice(
                t("dr.n_sources"),
                N_SOURCES,
                "dr.n_sources",
                catalogue_labels("dr.n_source_labels"),
                horizontal=True,
                default="3",
            )
        )
        n_samples = st.select_slider(t("dr.ica_n"), ICA_SAMPLES, 1000, **bound("dr.ica_n"))
        random_mixing = st.toggle(t("dr.random_mixing"), **bound("dr.random_mixing"))
        seed = st.number_input(t("dr.ica_seed"), 0, 99, 0, step=1, **bound("dr.ica_seed"))
    run = fitted(
        run_ica, kind, n_sources, int(n_samples), float(alpha), int(epochs), bool(random_mixing), int(seed)
    )
    if run is None:
        return
    X, S, A, ica = run
    history = ica.history_
    time_axis = np.linspace(0, 8, len(X))
    _, corr = match_sources(ica.transform(X), S)
    with main:
        if kind == "gaussian":
            st.warning(t("dr.ica_gaussian"))
        elif kind in ("waves", "uniform"):
            st.info(t("dr.ica_subgaussian"))
        if ica.diverged_:
            st.warning(t("dr.ica_diverged"))
        mixed = signals_figure(
            time_axis, X, t("dr.mixed_title"), t("dr.mic"), [CLASS_COLORS[4]] * n_sources, ctx
        )
        chart(mixed, key="dr.mixed_chart")
        ica_stepper(history, X, S, time_axis, ctx)
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            titles = (t("dr.epoch"), "ℓ(W)", t("dr.ica_ll_title"))
            likelihood_chart(history, "epoch", titles, ctx, "dr.ica_ll", 300)
        with right:
            chart(mixture_scatter(X, ica, ctx), key="dr.ica_scatter")
        metrics_row(
            [
                (t("dr.min_corr"), fmt(float(corr.min()), 3)),
                (t("dr.ica_ll"), fmt(ica.log_likelihood_)),
                (t("dr.epochs_done"), str(len(history) - 1)),
                (t("dr.n_sources_metric"), str(n_sources)),
            ]
        )
    WA = ica.unmixing_ @ A
    formulas = [
        Formula(rf"x = As,\ A = {matrix(A, 2)},\ s_j\ {tex('dr.tex.independent')}", "CS229 Part XII (M47)"),
        Formula(
            r"W := W + \alpha\Big(\big(\mathbf 1 - 2g(Wx^{(i)})\big)x^{(i)\top} + (W^\top)^{-1}\Big),\ "
            rf"\alpha = {number(alpha)},\ g(s) = \frac{{1}}{{1 + e^{{-s}}}}",
            "CS229 Part XII §3 (M47)",
        ),
        Formula(
            rf"\ell(W) = \sum_{{i=1}}^{{m}}\Big(\sum_j \log g'(w_j^\top x^{{(i)}}) + \log|W|\Big) = "
            rf"{number(ica.log_likelihood_, 6)}",
            "CS229 Part XII §3",
        ),
        Formula(
            rf"\hat W A = {matrix(WA, 2)}\ \approx\ {tex('dr.tex.permutation')}",
            "CS229 Part XII §1 (ambiguities)",
            note=t("dr.ica_whiten_note"),
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(ICA, cocktail_party, projector=ctx.projector)


def signals_figure(time_axis, signals, title, label, colors, ctx, height=None, legend=False) -> go.Figure:
    """Each signal standardised and drawn on its own row (offsets of −4), labelled "label j"."""
    c = signals.shape[1]
    scaled = (signals - signals.mean(0)) / (signals.std(0) + 1e-12)
    offsets = -4.0 * np.arange(c)
    lim = float(np.abs(scaled).max()) if len(scaled) else 1.0
    axes = Axes((0, 8), (offsets[-1] - lim - 0.3, lim + 0.3), t("dr.time"), "")
    fig = base_figure(ctx.style, axes, title, height=height or 120 + 85 * c)
    for j in range(c):
        curve = Curve(f"{label} {j + 1}", time_axis, scaled[:, j] + offsets[j], colors[j], width_scale=0.45)
        fig.add_trace(line_trace(curve, ctx.style))
    fig.update_yaxes(tickvals=offsets, ticktext=[f"{label} {j + 1}" for j in range(c)], showgrid=False)
    fig.update_layout(showlegend=legend)
    return fig


def ica_stepper(history, X, S, time_axis, ctx):
    """The true sources (dotted) and, per epoch, the sources W recovers, matched to them."""
    c = S.shape[1]
    mean = X.mean(0)
    static = signals_figure(
        time_axis, S, " ", t("dr.source"), [TRUTH_COLOR] * c, ctx, height=150 + 95 * c, legend=True
    )
    for trace in static.data:
        trace.line.dash = "dot"
        trace.name = f"{trace.name} ({t('dr.true')})"
    offsets = -4.0 * np.arange(c)

    def matched(s):
        return match_sources((X - mean) @ history[s].unmixing.T, S)

    def frame(s):
        rec = (matched(s)[0] - S.mean(0)) / (S.std(0) + 1e-12)
        return [
            line_trace(
                Curve(
                    f"{t('dr.recovered')} {j + 1}",
                    time_axis,
                    rec[:, j] + offsets[j],
                    CLASS_COLORS[j],
                    width_scale=0.45,
                ),
                ctx.style,
            )
            for j in range(c)
        ]

    def label(s):
        return t("dr.ica_label", epoch=history[s].epoch, ll=fmt(history[s].log_likelihood))

    def details(s):
        corr = ", ".join(f"{v:.3f}" for v in matched(s)[1])
        return t("dr.ica_details", epoch=history[s].epoch, corr=corr)

    stepper("dr.ica", len(history), StepView(static, frame, label, details))


def mixture_scatter(X, ica, ctx) -> go.Figure:
    """Microphones 1 and 2 with the ICA mixing directions (columns of W⁻¹) and the PCA axes."""
    P2 = X[:, :2] - X[:, :2].mean(0)
    lim = float(np.abs(P2).max()) * 1.1 or 1.0
    fig = base_figure(
        ctx.style,
        Axes((-lim, lim), (-lim, lim), t("dr.mic") + " 1", t("dr.mic") + " 2", equal=True),
        t("dr.scatter_title"),
        height=300,
    )
    step = max(1, len(P2) // 600)
    fig.add_trace(
        points_trace(
            P2[::step, 0], P2[::step, 1], t("dr.mixed_points"), ctx.style, color=TRUTH_COLOR, size_scale=0.35
        )
    )
    mixing = ica.mixing_[:2]
    for vectors, name, color, dash, width in (
        (
            [unit(mixing[:, j]) * lim for j in range(mixing.shape[1])],
            t("dr.ica_axis"),
            FIT_COLOR,
            "solid",
            1.0,
        ),
        (PCA(2).fit(X[:, :2]).components_ * lim, t("dr.pca_axes"), ALT_COLOR, "dash", 0.7),
    ):
        for j, v in enumerate(vectors):
            ends = Curve(
                name if j == 0 else "", np.array([-v[0], v[0]]), np.array([-v[1], v[1]]), color, dash, width
            )
            fig.add_trace(line_trace(ends, ctx.style))
            fig.data[-1].showlegend = j == 0
    return fig
