"""Four lasso solvers on the same Gaussian-kernel problem, stepped: the book's iteratively reweighted ℓ2
iteration, soft-thresholded SGD, coordinate descent and proximal gradient (ISTA). All reach the same
optimum; the curves show J(θ_t) − J* against the iteration.

Sugiyama §5.2 (Figs 5.4–5.6: the quadratic upper bound and the reweighted step, erratum Θ† for Θ, run in
the rescaled form; the soft-thresholded SGD at the end of §5.2); seed 004 §2.8 (ISTA, coordinate descent).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import SOLVERS
from algorithms import Lasso
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.data_panel import DataRequest
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.figures import figure
from ui.figures import safe_range
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLUE
from ui.theme import GREEN
from ui.theme import ORANGE
from ui.theme import VERMILLION
from ui.views import fit_subset
from views.sparse_learning._common import LAM_RANGE
from views.sparse_learning._common import ZERO_TOL
from views.sparse_learning._common import kept_fit
from views.sparse_learning._common import make_basis
from views.sparse_learning._common import stem_traces

DATA = DataRequest("regression", 1, "sinc")
COLOURS = {"irls": GREEN, "sgd": ORANGE, "cd": BLUE, "ista": VERMILLION}
MAX_ITER = {"cd": 2000, "irls": 2000, "ista": 2000, "sgd": 200}
FLOOR = 1e-12
SOLVERS_LIMIT = 200  # SGD runs 200 epochs of one step per sample: an even sample above this many points


@st.cache_data(max_entries=64, show_spinner=False)
def fit_one(X, y, h, lam, solver, eta):
    """One solver on the problem (ε matters only to SGD); only algorithms/ computes."""
    basis = make_basis("gaussian", h)
    return Lasso(
        lam, solver, basis=basis, max_iter=MAX_ITER[solver], tol=1e-10, eta=eta, zero_tol=ZERO_TOL
    ).fit(X, y)


def fit_all(X, y, h, lam, eta):
    """Every solver; a diverging SGD (ε too large) is reported and left out, the others still shown."""
    fits = {}
    for solver in SOLVERS:
        try:
            fits[solver] = fit_one(X, y, h, lam, solver, eta if solver == "sgd" else 0.1)
        except ValueError as err:
            if solver != "sgd":
                raise
            st.warning(t("sp.sgd_failed", detail=str(err)))
    return fits


def render(ctx, controls, main):
    train = ctx.data.train
    with main:
        shown = fit_subset(len(train.X), SOLVERS_LIMIT)
    X, y = train.X[shown, :1], train.y[shown]
    with controls:
        h = log_slider(t("sp.h"), "sp.h", -2, 1, 0.3)
        lam = log_slider(t("sp.lam"), "sp.lam", *LAM_RANGE, 0.1)
        eta = log_slider(t("sp.eta"), "sp.eta", -3, 0, 0.1)
        shown = choice(
            t("sp.step_solver"),
            list(SOLVERS),
            "sp.step_solver",
            catalogue_labels("sp.solvers"),
            default="irls",
        )
    fits = kept_fit("solvers", fit_all, X, y, h, lam, eta)
    if fits is None:
        return
    best = min(est.objective_ for est in fits.values())
    curves, top = [], FLOOR * 10
    for solver, est in fits.items():
        steps = np.array([s.step + 1 for s in est.history_], float)
        gap = np.maximum(np.array([s.objective for s in est.history_]) - best, FLOOR)
        top = max(top, float(gap.max()))
        curves.append(Curve(t(f"sp.solvers.{solver}"), steps, gap, COLOURS[solver]))
    longest = max(float(c.x[-1]) for c in curves)
    axes = Axes(safe_range(1, longest * 1.2, True), (FLOOR, top * 3), t("sp.iteration"), t("sp.gap"))
    gap_fig = curves_figure(
        curves, axes, ctx.style, log_x=True, log_y=True, title=t("sp.gap_title"), legend_rows=2
    )
    est = fits.get(shown, fits["irls"])
    snaps = [s for s in est.history_ if s.theta is not None]
    thetas = np.vstack([s.theta for s in snaps])
    lim = float(np.abs(thetas).max(initial=0.0)) * 1.1 or 1.0
    stem_axes = Axes((-0.7, thetas.shape[1] - 0.3), (-lim, lim), t("sp.index"), "θ_j")
    static = figure(ctx.style, stem_axes, t("sp.stem_steps"), [])

    def frame(i):
        return stem_traces(snaps[i].theta, ctx.style)

    def label(i):
        return t("sp.step_label", step=snaps[i].step, J=fmt(snaps[i].objective))

    def details(i):
        nonzero = int(np.count_nonzero(np.abs(snaps[i].theta) > ZERO_TOL))
        return t(
            "sp.step_details", step=snaps[i].step, J=fmt(snaps[i].objective), k=nonzero, b=len(snaps[i].theta)
        )

    table = pd.DataFrame(
        {
            t("sp.solver"): [t(f"sp.solvers.{s}") for s in fits],
            t("metric.iterations"): [str(e.n_iter_) for e in fits.values()],
            t("sp.objective"): [fmt(e.objective_, 7) for e in fits.values()],
            t("sp.nonzero"): [str(e.n_nonzero_) for e in fits.values()],
        }
    )
    with main:
        chart(gap_fig, key="sp.gap_chart")
        st.dataframe(table, hide_index=True)
        metrics_row(
            [
                (t("sp.optimum"), fmt(best, 7)),
                (t("sp.nonzero"), t("sp.k_of_b", k=est.n_nonzero_, b=len(est.theta_))),
            ]
        )
        stepper("sp.solver_steps", len(snaps), StepView(static, frame, label, details))
    formula_panel(solver_formulas(shown, lam, eta), ctx.projector)
    code_view(Lasso, projector=ctx.projector)


def solver_formulas(shown, lam, eta):
    bound = Formula(
        r"|\theta_j| \le \frac{\theta_j^2}{2|\tilde\theta_j|} + \frac{|\tilde\theta_j|}{2}",
        "Sugiyama §5.2, Fig 5.4",
    )
    rules = {
        "irls": Formula(
            r"\theta \leftarrow \Theta^{1/2}(\Theta^{1/2}\Phi^\top\Phi\Theta^{1/2} + \lambda I)^{-1}"
            r"\Theta^{1/2}\Phi^\top y = (\Phi^\top\Phi + \lambda\Theta^\dagger)^{-1}\Phi^\top y,\ "
            rf"\lambda = {number(lam)}",
            "Sugiyama Fig 5.6 (erratum: Θ†; rescaled form, spec A5.1)",
        ),
        "sgd": Formula(
            r"\theta \leftarrow \theta - \varepsilon_t\phi(x_i)(f_\theta(x_i) - y_i),\ "
            r"\theta_j \leftarrow \mathrm{sign}(\theta_j)\max(0, |\theta_j| - \lambda\varepsilon_t/n),\ "
            rf"\varepsilon = {number(eta)}",
            "Sugiyama §5.2 (end); threshold λε/n because J sums n samples",
        ),
        "cd": Formula(
            r"\theta_j \leftarrow \frac{S_\lambda\big(\phi_j^\top(y - \Phi_{-j}\theta_{-j})\big)}"
            r"{\|\phi_j\|^2},\ "
            r"S_\lambda(u) = \mathrm{sign}(u)\max(|u| - \lambda, 0)",
            "seed 004 §2.8 (LASSO solver [S])",
        ),
        "ista": Formula(
            r"\theta \leftarrow S_{\lambda/L}\big(\theta - \Phi^\top(\Phi\theta - y)/L\big),\ "
            r"L = \lambda_{\max}(\Phi^\top\Phi)",
            "seed 004 §2.8 (ISTA [S])",
        ),
    }
    return [bound, rules[shown]]
