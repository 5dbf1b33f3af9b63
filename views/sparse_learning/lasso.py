"""ℓ1-constrained least squares (lasso) with the linear or the Gaussian kernel model: the fitted curve, the
stem plot of θ with its non-zero count, and the regularisation paths of ridge and lasso against λ.

Sugiyama §5.1–5.2, (5.1), Figs 5.6–5.7 (h = 0.3, λ = 0.1: 13 of 50 kernels kept); seed 004 §2.8.
"""

import numpy as np
import streamlit as st

from algorithms import ElasticNet
from algorithms import Lasso
from algorithms import LpRegression
from algorithms import Ridge
from algorithms import regularisation_path
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import editable_chart
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
from ui.figures import figure
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import regression_figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.polylines import polylines_trace
from ui.theme import ALT_COLOR
from ui.views import fit_subset
from views.sparse_learning._common import LAM_RANGE
from views.sparse_learning._common import ZERO_TOL
from views.sparse_learning._common import kept_fit
from views.sparse_learning._common import make_basis
from views.sparse_learning._common import stem_figure

DATA = DataRequest("regression", 1, "sinc")
MODELS = ["gaussian", "linear"]
PENALTIES = ["l1", "enet", "lp"]
P_OPTIONS = [round(0.5 + 0.1 * i, 1) for i in range(26)]
PENALTY_TEX = {
    "l1": r"\|\theta\|_1",
    "enet": r"\big[(1-\tau)\|\theta\|_1 + \tau\|\theta\|^2\big],\ \tau = {tau}",
    "lp": r"\sum_j|\theta_j|^{{{p}}}",
}
RULES = {  # the reweighted ℓ2 step of each penalty (majorise |θ_j| or |θ_j|^p by a parabola)
    "l1": r"\theta \leftarrow (\Phi^\top\Phi + \lambda\Theta^{{\dagger}})^{{-1}}\Phi^\top y",
    "enet": r"\theta \leftarrow (\Phi^\top\Phi + \lambda(1-\tau)\Theta^{{\dagger}} + 2\lambda\tau I)^{{-1}}"
    r"\Phi^\top y",
    "lp": r"\theta \leftarrow (\Phi^\top\Phi + \lambda {p}\,\Theta^{{{p} - 2}})^{{-1}}\Phi^\top y\ (p \le 1)",
}
PENALTY_SOURCE = {"l1": "Sugiyama §5.1, (5.1)", "enet": "Sugiyama §5.5", "lp": "Sugiyama §5.4"}
N_PATH = 31
LASSO_LIMIT = 1_000  # the iterations cost n·b each (b = 200 centres): an even sample above this many points


@st.cache_data(max_entries=48, show_spinner=False)
def fit_pair(X, y, model, h, lam, solver, penalty, tau, p):
    """The lasso, elastic net or ℓp fit (and, for contrast, ridge) at λ: only algorithms/ computes."""
    basis = make_basis(model, h)
    if penalty == "enet":
        lasso = ElasticNet(lam, tau, solver, basis=basis, max_iter=2000, tol=1e-8, zero_tol=ZERO_TOL)
    elif penalty == "lp":
        lasso = LpRegression(p, lam, basis=basis, max_iter=500, zero_tol=ZERO_TOL)
    else:
        lasso = Lasso(lam, solver, basis=basis, max_iter=2000, tol=1e-8, zero_tol=ZERO_TOL)
    lasso = lasso.fit(X, y)
    ridge = Ridge(lam, basis).fit(X, y) if basis is not None else None
    return lasso, ridge


@st.cache_data(max_entries=16, show_spinner=False)
def fit_paths(X, y, model, h):
    lams = np.logspace(LAM_RANGE[0], LAM_RANGE[1], N_PATH)
    basis = make_basis(model, h)
    return (
        lams,
        regularisation_path(X, y, lams, "lasso", basis),
        regularisation_path(X, y, lams, "ridge", basis),
    )


def path_figure(lams, path, lam, style, title, intercept: bool):
    """θ_j(λ) for every j on a log λ axis, the current λ marked (spec A5.1 proposal); the paths in two
    colours by alternate j, one trace per colour (fewer traces redraw faster)."""
    coefs = path[:, 1:] if intercept else path
    lim = float(np.abs(coefs).max(initial=0.0)) * 1.1 or 1.0
    pieces = np.stack(np.broadcast_arrays(lams[None, :], coefs.T), axis=2)  # (j, λ, 2)
    traces = [
        polylines_trace(pieces[first::2], "", color, style.line_width * 0.7, showlegend=False)
        for first, color in ((0, FIT_COLOR), (1, ALT_COLOR))
    ]
    traces.append(
        dict(
            type="scatter",
            mode="lines",
            x=[lam, lam],
            y=[-lim, lim],
            name=t("sp.current_lam"),
            line=dict(color=TRUTH_COLOR, dash="dash", width=style.line_width),
        )
    )
    axes = Axes((lams[0], lams[-1]), (-lim, lim), "λ", "θ_j")
    fig = figure(style, axes, title, traces, height=int(style.figure_height * 0.8))
    fig.update_xaxes(type="log", range=list(np.log10([lams[0], lams[-1]])), exponentformat="power")
    return fig


def render(ctx, controls, main):
    data = ctx.data
    with main:
        shown = np.arange(len(data.train.X))[fit_subset(len(data.train.X), LASSO_LIMIT)]
    X, y = data.train.X[shown, :1], data.train.y[shown]
    with controls:
        model = choice(t("sp.model"), MODELS, "sp.model", catalogue_labels("sp.models"))
        h = log_slider(t("sp.h"), "sp.h", -2, 1, 0.3) if model == "gaussian" else 0.3
        lam = log_slider(t("sp.lam"), "sp.lam", *LAM_RANGE, 0.1)
        penalty = choice(t("sp.penalty"), PENALTIES, "sp.penalty", catalogue_labels("sp.penalties"))
        tau = slider(t("sp.tau"), 0.0, 1.0, 0.5, "sp.fit_tau", step=0.05) if penalty == "enet" else 0.5
        p = st.select_slider(t("sp.p"), P_OPTIONS, 1.0, **bound("sp.fit_p")) if penalty == "lp" else 1.0
        solver = "irls"
        if penalty != "lp":
            solver = choice(
                t("sp.solver"), ["irls", "cd"], "sp.solver", catalogue_labels("sp.solvers"), horizontal=True
            )
    fits = kept_fit("lasso", fit_pair, X, y, model, h, lam, solver, penalty, tau, p)
    if fits is None:
        return
    lasso, ridge = fits
    intercept = model == "linear"
    theta = lasso.theta_[1:] if intercept else lasso.theta_
    b, k = len(theta), lasso.n_nonzero_
    x_title, y_title = plain(data.train.feature_names[0]), plain(data.train.target_name)
    axes = Axes(padded_range(X[:, 0], 0.03), padded_range(y, 0.25), x_title, y_title)
    grid = np.linspace(*axes.x_range, 400)
    curves = []
    if data.train.truth is not None:
        curves.append(Curve(t("sp.truth"), grid, data.train.truth(grid), TRUTH_COLOR, "dot"))
    if ridge is not None:
        curves.append(Curve(t("sp.ridge"), grid, ridge.predict(grid[:, None]), ALT_COLOR, "dash"))
    curves.append(Curve(t(f"sp.penalties.{penalty}"), grid, lasso.predict(grid[:, None]), FIT_COLOR))
    fig = regression_figure(X[:, 0], y, curves, axes, ctx.style, data_name=t("sp.train_points"))
    fig.update_traces(customdata=shown, selector=dict(name=t("sp.train_points")))  # edit clicks: data indices
    with main:
        editable_chart(fig, "sp", data, axes.x_range, axes.y_range, key="sp.lasso_chart")
        metrics_row(
            [
                (t("sp.nonzero"), t("sp.k_of_b", k=k, b=b)),
                (t("sp.objective"), fmt(lasso.objective_)),
                (t("metric.train_mse"), fmt(float(np.mean((lasso.predict(X) - y) ** 2)))),
                (t("metric.iterations"), str(lasso.n_iter_)),
            ]
        )
        chart(
            stem_figure(
                theta, ctx.style, t("sp.stem_title", k=k, b=b), height=int(ctx.style.figure_height * 0.7)
            ),
            key="sp.stem",
        )
        path = kept_fit("paths", fit_paths, X, y, model, h)
        if path is not None:
            lams, lasso_path, ridge_path = path
            left, right = columns_or_stacked(ctx.projector, 2)
            with left:
                chart(
                    path_figure(lams, lasso_path, lam, ctx.style, t("sp.path_lasso"), intercept),
                    key="sp.path_l1",
                )
            with right:
                chart(
                    path_figure(lams, ridge_path, lam, ctx.style, t("sp.path_ridge"), intercept),
                    key="sp.path_l2",
                )
    penalty_tex = PENALTY_TEX[penalty].format(tau=number(tau), p=number(p))
    rule = RULES[penalty].format(tau=number(tau), p=number(p))
    formula_panel(
        [
            Formula(
                rf"J(\theta) = \tfrac12\|\Phi\theta - y\|^2 + \lambda {penalty_tex},\ "
                rf"\lambda = {number(lam)},\ "
                rf"J(\hat\theta) = {number(lasso.objective_)}",
                PENALTY_SOURCE[penalty],
            ),
            Formula(
                rf"{rule},\ \Theta = \mathrm{{diag}}(|\theta_1|, \dots, |\theta_b|)",
                "Sugiyama Fig 5.6 (erratum: Θ† for the printed Θ; run in the rescaled form)"
                if penalty == "l1"
                else "Sugiyama §5.2 bound applied to " + PENALTY_SOURCE[penalty],
            ),
            Formula(
                rf"\#\{{j: |\hat\theta_j| > 10^{{-3}}\}} = {k}\ \text{{of}}\ b = {b}", "Sugiyama Fig 5.7"
            ),
        ],
        ctx.projector,
    )
    code_view(type(lasso), projector=ctx.projector)
