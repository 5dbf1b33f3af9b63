"""The four covariance types fitted to the same data (CS229 Part X §1; BIC after Schwarz 1978).

Full, diagonal, spherical and tied Σ from the same start, side by side as small multiples, with each
fit's log-likelihood, number of free parameters and BIC.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import GaussianMixture
from algorithms import fit_covariance_types
from ui.charts import chart
from ui.charts import even_sample
from ui.charts import sampled_caption
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.i18n import current_language
from ui.i18n import t
from ui.panels import panels_figure
from views.mixtures._common import COVS
from views.mixtures._common import TOL
from views.mixtures._common import data_axes
from views.mixtures._common import fit_components
from views.mixtures._common import init_choice
from views.mixtures._common import k_slider
from views.mixtures._common import seed_slider
from views.mixtures._plot import DRAWN_POINTS
from views.mixtures._plot import mixture_traces

PANEL_POINTS = DRAWN_POINTS // 4  # the four panels share one chart's markers: each draws a sample


@st.cache_data(max_entries=32, show_spinner=False)
def fit_types(X, k, init, seed):
    return fit_covariance_types(X, k, 200, TOL, seed, init)


@st.cache_resource(max_entries=16, show_spinner=False)
def types_figure(X, k, init, seed, axes, style, lang) -> go.Figure:
    """The four covariance types from the same start; cached as a finished figure (never changed)."""
    models = fit_types(X, k, init, seed)
    titles = [
        t(
            "gmm.type_title",
            type=t(f"gmm.covs.{cov}"),
            ll=fmt(m.log_likelihood_, 4),
            p=m.n_parameters(),
            bic=fmt(m.bic(X), 4),
        )
        for cov, m in zip(COVS, models, strict=True)
    ]
    keep = even_sample(len(X), PANEL_POINTS)
    panels = []
    for model in models:
        traces = mixture_traces(X, keep, model, len(model.history_) - 1, style, names=False)
        for trace in traces:
            if trace["mode"] == "markers":  # smaller, and without the white outline: hardly seen at
                # this size, it was a quarter of the time the browser took to redraw the 1 200 markers
                trace["marker"] = {**trace["marker"], "size": style.marker_size * 0.7, "line": {"width": 0}}
            if trace["mode"] == "markers+text":
                trace["mode"] = "markers"
        panels.append(traces)
    height = int(style.figure_height * 1.6)
    return panels_figure(panels, titles, axes, style, height=height, margin=dict(l=10, r=10, t=40, b=10),
                         showlegend=False)


def render(ctx, controls, main) -> None:
    X = ctx.data.train.X
    with controls:
        k = k_slider()
        init = init_choice()
        seed = seed_slider()
    axes = data_axes(ctx.data.train)
    with main:
        models = fit_components(len(X), k, fit_types, X, k, init, seed)
        if models is None:
            return
        chart(types_figure(X, k, init, seed, axes, ctx.style, current_language()), key="gmm.types")
        sampled_caption(min(len(X), PANEL_POINTS), len(X))
        st.caption(t("gmm.types_caption"))
        bics = [m.bic(X) for m in models]
        metrics_row(
            [(t("gmm.bic_of", type=t(f"gmm.covs.{cov}")), fmt(b)) for cov, b in zip(COVS, bics, strict=True)]
            + [(t("gmm.best_bic"), t(f"gmm.covs.{COVS[int(np.argmin(bics))]}"))]
        )
        collapsed = [
            t(f"gmm.covs.{cov}") for cov, m in zip(COVS, models, strict=True) if m.collapsed_components_
        ]
        if collapsed:
            st.warning(t("gmm.collapsed_types", types=", ".join(collapsed)), icon=":material/warning:")
    d = X.shape[1]
    formula_panel(
        [
            Formula(
                rf"p_{{\text{{full}}}} = (k-1) + kd + k\tfrac{{d(d+1)}}{{2}} = {models[0].n_parameters()},\ "
                rf"p_{{\text{{diag}}}} = {models[1].n_parameters()},\ p_{{\text{{spherical}}}} = "
                rf"{models[2].n_parameters()},\ p_{{\text{{tied}}}} = {models[3].n_parameters()}\ "
                rf"(k = {k},\ d = {d})",
                "CS229 Part X §1 (restrictions of Σ); free parameters of each type",
            ),
            Formula(
                r"\Sigma_{jj} = \frac{\sum_i \gamma_{ik}(x_j^{(i)} - \mu_{kj})^2}{N_k}\ (\text{diag}),\ "
                r"\sigma_k^2 = \frac1d \sum_j \Sigma_{jj}\ (\text{spherical}),\ "
                r"\Sigma = \sum_k \frac{N_k}{n}\Sigma_k\ "
                r"(\text{tied})",
                "CS229 Part X §1 (diagonal, isotropic Σ) with EM weights",
            ),
            Formula(
                r"\mathrm{BIC} = -2\ell(\hat\theta) + p \log n:\ "
                + r",\ ".join(
                    rf"\mathrm{{{cov}}}\ {number(m.bic(X))}" for cov, m in zip(COVS, models, strict=True)
                ),
                "Schwarz (1978); not in the seeds — lower is better",
            ),
        ],
        ctx.projector,
    )
    code_view(GaussianMixture, projector=ctx.projector)
