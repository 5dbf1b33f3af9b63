"""Factor analysis by EM with one factor on 2-D data, step by step: the factor's line against PCA's,
the noise ellipse Ψ and model ellipse ΛΛᵀ + Ψ, the posterior reconstructions μ + Λμ_{z|x}, and the
log-likelihood that EM never lowers.

CS229 Part X §3 (the model, M44), §4 (E-step M45, M-step (8), erratum K.14 on the Ψ update).
"""

import numpy as np
import streamlit as st

from algorithms import PCA
from algorithms import FactorAnalysis
from algorithms import covariance_ellipse
from algorithms import fa_posterior
from ui.charts import drawn_caption
from ui.controls import bound
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import FIT_COLOR
from ui.figures import SIDE_LEGEND
from ui.figures import TRUTH_COLOR
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import line_trace
from ui.figures import plain
from ui.figures import points_trace
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper_unless_editing
from ui.theme import ALT_COLOR
from ui.theme import ORANGE
from ui.views import fitted
from views.dimensionality_reduction._common import P
from views.dimensionality_reduction._common import data_axes
from views.dimensionality_reduction._common import data_traces
from views.dimensionality_reduction._common import drawn_points
from views.dimensionality_reduction._common import likelihood_chart
from views.dimensionality_reduction._common import line_across
from views.dimensionality_reduction._common import unit

DATA = DataRequest("clustering", 2, "pilot_karma")
FA_ITERS = [1, 2, 5, 10, 20, 50, 100, 200, 500]


@st.cache_data(max_entries=32, show_spinner=False)
def fit_fa(X, iters, seed):
    return FactorAnalysis(1, max_iter=iters, tol=1e-8, random_state=seed).fit(X)


def fit_both(X, iters, seed):
    """Factor analysis and, for comparison, PCA's first axis."""
    return fit_fa(X, iters, seed), PCA(1).fit(X)


def render(ctx, controls, main):
    data = ctx.data
    X = data.train.X
    names = data.train.feature_names
    with controls:
        iters = st.select_slider(
            t("dr.fa_iters"), FA_ITERS, 200, help=t("dr.fa_iters_help"), **bound("dr.fa_iters")
        )
        seed = st.number_input(t("dr.fa_seed"), 0, 99, 0, step=1, **bound("dr.fa_seed"))
        st.caption(t("dr.fa_note"))
    fits = fitted(fit_both, X, int(iters), int(seed))
    if fits is None:
        return
    fa, pca = fits
    history = fa.history_
    mu = fa.mean_
    axes = data_axes(data.train)
    keep = drawn_points(len(X), 2)  # each step draws the points and their reconstructions
    static = base_figure(ctx.style, axes, " ")
    static.add_trace(
        line_trace(
            Curve(
                t("dr.pca_line"),
                *line_across(mu, pca.components_[0], axes),
                TRUTH_COLOR,
                "dash",
                width_scale=0.7,
            ),
            ctx.style,
        )
    )
    static.add_traces(data_traces(X, data.train, ctx.style, colorbar=False, keep=keep))
    static.update_layout(legend=SIDE_LEGEND)

    # every step's Ψ and ΛΛᵀ + Ψ ellipses in one call each, the names once (not per frame)
    lams = np.array([step.loadings[:, 0] for step in history])
    psis = np.array([np.diag(step.psi) for step in history])
    centres = np.broadcast_to(mu, (len(history), 2))
    psi_rings = covariance_ellipse(centres, psis, 2.0, 90)
    model_rings = covariance_ellipse(centres, lams[:, :, None] * lams[:, None, :] + psis, 2.0, 90)
    legend = {key: t(f"dr.{key}") for key in ("fa_line", "psi_ellipse", "model_ellipse", "posterior")}

    def frame(s):
        step = history[s]
        lam, psi = step.loadings[:, 0], step.psi
        beta, _ = fa_posterior(step.loadings, psi)
        x_hat = mu + np.outer((X[keep] - mu) @ beta[0], lam)
        ex, ey = psi_rings[s].T
        sx, sy = model_rings[s].T
        return [
            line_trace(Curve(legend["fa_line"], *line_across(mu, unit(lam), axes), FIT_COLOR), ctx.style),
            line_trace(Curve(legend["psi_ellipse"], ex, ey, ALT_COLOR, "dot", width_scale=0.8), ctx.style),
            line_trace(Curve(legend["model_ellipse"], sx, sy, ORANGE, "dash", width_scale=0.8), ctx.style),
            points_trace(
                x_hat[:, 0],
                x_hat[:, 1],
                legend["posterior"],
                ctx.style,
                color=FIT_COLOR,
                hollow=True,
                size_scale=0.7,
            ),
        ]

    def details(s):
        step = history[s]
        return t(
            "dr.fa_details",
            step=step.step,
            ll=fmt(step.log_likelihood),
            lam=", ".join(f"{v:.4g}" for v in step.loadings[:, 0]),
            psi=", ".join(f"{v:.4g}" for v in step.psi),
        )

    def label(s):
        return t("dr.fa_label", step=history[s].step, ll=fmt(history[s].log_likelihood))

    lam, psi = fa.loadings_[:, 0], fa.noise_variance_
    angle = np.degrees(np.arccos(min(1.0, abs(unit(lam) @ pca.components_[0]))))
    beta, sigma_z = fa_posterior(fa.loadings_, psi)
    beta, sigma_z = beta[0], float(sigma_z[0, 0])
    with main:
        if len(fa.heywood_):
            st.warning(t("dr.heywood", features=", ".join(plain(names[j]) for j in fa.heywood_)))
        stepper_unless_editing("dr.fa", len(history), StepView(static, frame, label, details), P, data, axes)
        drawn_caption(keep, len(X))
        titles = (t("dr.em_iteration"), "ℓ", t("dr.ll_title"))
        likelihood_chart(history, "step", titles, ctx, "dr.fa_ll", 260, markers=len(history) <= 30)
        st.caption(t("dr.fa_converged" if fa.converged_ else "dr.fa_max_iter", n=fa.n_iter_))
        metrics_row(
            [
                (t("dr.loglik"), fmt(fa.log_likelihood_)),
                (t("metric.iterations"), str(fa.n_iter_)),
                (t("dr.posterior_var"), fmt(sigma_z, 3)),
                (t("dr.fa_pca_angle"), f"{angle:.1f}°"),
            ]
        )
    formulas = [
        Formula(
            r"x = \mu + \Lambda z + \epsilon,\ z \sim \mathcal N(0, 1),\ \epsilon \sim \mathcal N(0, \Psi):\ "
            rf"\mu = {vector(mu)},\ \Lambda = {vector(lam)},\ "
            rf"\Psi = \operatorname{{diag}}({number(psi[0])}, {number(psi[1])})",
            "CS229 Part X §3 (M44)",
        ),
        Formula(
            rf"\mu_{{z|x}} = \Lambda^\top(\Lambda\Lambda^\top + \Psi)^{{-1}}(x - \mu) = "
            rf"({number(beta[0])},\ {number(beta[1])})\,(x - \mu),\ "
            rf"\Sigma_{{z|x}} = 1 - \Lambda^\top(\Lambda\Lambda^\top + \Psi)^{{-1}}\Lambda = "
            rf"{number(sigma_z)}",
            "CS229 Part X §4 (M45), E-step",
        ),
        Formula(
            r"\Lambda = \Big(\sum_i (x^{(i)} - \mu)\mu_{z|x}^\top\Big)\Big(\sum_i \mu_{z|x}\mu_{z|x}^\top + "
            r"\Sigma_{z|x}\Big)^{-1},\ \Psi = \operatorname{diag}\frac1m\sum_i\big[\tilde x\tilde x^\top - "
            r"\tilde x\mu_{z|x}^\top\Lambda^\top - \Lambda\mu_{z|x}\tilde x^\top + "
            r"\Lambda(\mu_{z|x}\mu_{z|x}^\top"
            r" + \Sigma_{z|x})\Lambda^\top\big]",
            "CS229 Part X §4, (8) — with centred x̃ = x − μ (erratum K.14)",
        ),
        Formula(
            rf"\ell = \sum_i \log \mathcal N(x^{{(i)}}; \mu, \Lambda\Lambda^\top + \Psi) = "
            rf"{number(fa.log_likelihood_, 6)}"
            rf"\ \ ({tex('dr.tex.em_iterations', n=fa.n_iter_)})",
            "CS229 Part X §3",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(FactorAnalysis, projector=ctx.projector)
