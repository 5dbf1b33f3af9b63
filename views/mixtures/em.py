"""EM step by step (CS229 Ch. 7b and Part IX; seed 003 §3.3, Zhou §9.4.3).

The E- and M-steps are separate steps: responsibilities as colour blends, the 1σ/2σ ellipses, the
mixing weights, and the log-likelihood with its Jensen lower bound J(Q, θ); the formulas show the
E-step of a selected point with today's numbers.
"""

from functools import partial

import numpy as np
import streamlit as st

from algorithms import GaussianMixture
from algorithms import adjusted_rand_index
from algorithms import gmm_crosscheck
from ui.charts import chart
from ui.charts import drawn_caption
from ui.classroom import crosscheck
from ui.classroom import crosscheck_caption
from ui.classroom import crosscheck_points
from ui.classroom import crosscheck_wanted
from ui.controls import bound
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.frame import columns_or_stacked
from ui.i18n import current_language
from ui.i18n import t
from ui.stepper import FrameSource
from ui.stepper import StepView
from ui.stepper import frame_steps
from ui.theme import CLASS_COLORS
from views.mixtures._common import TOL
from views.mixtures._common import cov_choice
from views.mixtures._common import data_axes
from views.mixtures._common import fit_components
from views.mixtures._common import init_choice
from views.mixtures._common import k_slider
from views.mixtures._common import pair
from views.mixtures._common import seed_slider
from views.mixtures._plot import SIDE_HEIGHT
from views.mixtures._plot import data_static
from views.mixtures._plot import likelihood_chart
from views.mixtures._plot import mixture_traces
from views.mixtures._plot import stepped_points
from views.mixtures._stepping import click_mode
from views.mixtures._stepping import clickable_stepper
from views.mixtures._stepping import em_label

ITERS = [5, 10, 20, 50, 100, 200]


@st.cache_data(max_entries=64, show_spinner=False)
def fit_em(X, k, cov, init, seed, iters):
    return GaussianMixture(k, cov, iters, TOL, seed, init).fit(X)


@st.cache_data(max_entries=16, show_spinner=False)
def sklearn_em(X, k, cov, init, seed, iters):
    """scikit-learn's EM from our fit's start (cached: at n = 20 000 it takes a good part of a second)."""
    return gmm_crosscheck(fit_em(X, k, cov, init, seed, iters), X)


@st.cache_data(max_entries=16, show_spinner=False)
def em_frames(X, k, cov, init, seed, iters, point, style, lang) -> dict[int, list[dict]]:
    """The stepper's animation frames (:func:`mixture_traces` of every animated step), made when ▶ asks
    for them and cached: the responsibilities and ellipses of ~40 steps cost more than a rerun. ``lang``
    keys the cache (the names are translated)."""
    model = fit_em(X, k, cov, init, seed, iters)
    keep = stepped_points(len(X))
    return {int(s): mixture_traces(X, keep, model, s, style, point) for s in frame_steps(len(model.history_))}


def render(ctx, controls, main) -> None:
    data, X = ctx.data, ctx.data.train.X
    n = len(X)
    with controls:
        k = k_slider()
        cov = cov_choice()
        init = init_choice()
        seed = seed_slider()
        iters = st.select_slider(t("gmm.iters"), ITERS, 100, **bound("gmm.iters"))
        point = slider(t("gmm.point"), 0, n - 1, 0, "gmm.point", help=t("gmm.point_help"))
        xcheck = crosscheck_wanted("gmm")
    axes = data_axes(data.train)
    with main:
        model = fit_components(n, k, fit_em, X, k, cov, init, seed, iters)
        if model is None:
            return
        if model.collapsed_components_:
            st.warning(
                t("gmm.collapsed", comps=", ".join(str(j + 1) for j in model.collapsed_components_)),
                icon=":material/warning:",
            )
        mode = click_mode(data)
        history = model.history_
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            check = crosscheck(sklearn_em, X, k, cov, init, seed, iters) if xcheck else None
            theirs = [] if check is None else [crosscheck_points(check.values[:, :2], ctx.style)]
            keep = stepped_points(n)
            inputs = (X, k, cov, init, seed, iters, point, ctx.style, current_language())
            frames = FrameSource(
                (*inputs, None if check is None else check.values),
                lambda: {s: [*drawn, *theirs] for s, drawn in em_frames(*inputs).items()},
            )
            view = StepView(
                data_static(ctx, axes, mode == "edit"),
                lambda s: [*mixture_traces(X, keep, model, s, ctx.style, point), *theirs],
                partial(em_label, history),
                partial(em_details, model, X, point),
                frames=frames,
            )
            clickable_stepper("gmm.em", len(history), view, data, mode)
            drawn_caption(keep, n)
            if check is not None:
                crosscheck_caption(check, t("cls.xcheck_gmm"))
        with right:
            likelihood_chart(ctx, [(t("gmm.soft"), history)], key="gmm.em_ll", bound_curve=True)
            weights_chart(ctx, history)
        ll = np.array([s.log_likelihood for s in history if s.kind == "E"])  # ℓ once per iteration
        rise = float(np.diff(ll).min()) if len(ll) > 1 else 0.0
        rise = max(rise, 0.0) if rise > -1e-9 * max(1.0, abs(ll[-1])) else rise  # round-off of the floor
        truth = data.own_groups()
        ari = "—" if truth is None else f"{adjusted_rand_index(truth, model.predict(X)):.3f}"
        metrics_row(
            [
                (t("gmm.loglik"), fmt(model.log_likelihood_)),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("gmm.min_rise"), f"{rise:.2g}"),
                (t("gmm.bic"), fmt(model.bic(X))),
                (t("gmm.ari"), ari),
            ]
        )
    formula_panel(em_formulas(model, X, point), ctx.projector)
    code_view(GaussianMixture, projector=ctx.projector)


def em_details(model, X, point, s) -> str:
    history, step = model.history_, model.history_[s]
    gamma = ", ".join(f"{g:.3f}" for g in model.step_responsibilities(X[[point]], s)[0])
    weights = ", ".join(f"{w:.3f}" for w in step.weights)
    if s == 0:
        return t("gmm.details_start", ll=fmt(step.log_likelihood), i=point + 1, gamma=gamma, pi=weights)
    if step.kind == "E":
        return t("gmm.details_e", it=step.iteration, ll=fmt(step.log_likelihood), i=point + 1, gamma=gamma)
    before = history[s - 1].log_likelihood
    return t(
        "gmm.details_m",
        it=step.iteration,
        pi=weights,
        before=fmt(before),
        ll=fmt(step.log_likelihood),
        J=fmt(step.lower_bound),
    )


def weights_chart(ctx, history):
    """π_k after every M-step."""
    ms = [s for s in history if s.kind == "M"] or list(history[:1])
    it = np.array([s.iteration for s in ms], float)
    W = np.array([s.weights for s in ms])
    axes = Axes(
        (it.min() - 0.5, it.max() + 0.5), (0, min(1.0, W.max() * 1.15 + 0.02)), t("gmm.iteration"), "π_k"
    )
    traces = []
    for j in range(W.shape[1]):
        trace = line_trace(Curve(t("gmm.component", k=j + 1), it, W[:, j], CLASS_COLORS[j % 6]), ctx.style)
        trace["mode"] = "lines+markers" if len(it) < 30 else "lines"
        traces.append(trace)
    fig = figure(ctx.style, axes, t("gmm.weights_title"), traces, height=SIDE_HEIGHT, showlegend=False)
    chart(fig, key="gmm.weights")


def em_formulas(model, X, point) -> list[Formula]:
    b = model.point_breakdown(X[point])
    k = len(b.weights)
    terms = r",\ ".join(
        rf"\gamma_{{{point + 1},{j + 1}}} = \frac{{{number(b.weights[j], 3)} \cdot "
        rf"e^{{{number(b.log_densities[j], 3)}}}}}"
        rf"{{e^{{{number(b.log_evidence, 3)}}}}} = {number(b.responsibilities[j], 3)}"
        for j in range(min(k, 4))
    )
    full = model.history_[-1].covariances
    nk = model.responsibilities_.sum(0)
    return [
        Formula(
            r"\gamma_{ik} = \frac{\pi_k\,\mathcal N(x_i \mid \mu_k, \Sigma_k)}"
            r"{\sum_{l} \pi_l\,\mathcal N(x_i \mid \mu_l, \Sigma_l)},\quad "
            rf"x_{{{point + 1}}} = {pair(b.x)}",
            "CS229 Ch. 7b (E-step, w_j^(i)); seed 003 §3.3 (Zhou §9.4.3)",
        ),
        Formula(
            terms + (r",\ \dots" if k > 4 else ""),
            "CS229 Ch. 7b (densities written as exp of their logarithms, which do not underflow)",
        ),
        Formula(
            rf"\pi_k = \frac{{N_k}}{{n}},\ N_k = \sum_i \gamma_{{ik}}:\ \pi = {pair(model.weights_[:6])},\ "
            rf"N = {pair(nk[:6])}",
            "CS229 Ch. 8 §3 (φ_j, with the Lagrangian's +β, erratum #11)",
        ),
        Formula(
            r"\mu_k = \frac{1}{N_k}\sum_i \gamma_{ik} x_i:\ "
            + r",\ ".join(rf"\mu_{{{j + 1}}} = {pair(m)}" for j, m in enumerate(model.means_[:4])),
            "CS229 Ch. 7b (M-step)",
        ),
        Formula(
            r"\Sigma_k = \frac{1}{N_k}\sum_i \gamma_{ik}(x_i - \mu_k)(x_i - \mu_k)^\top:\ "
            + r",\ ".join(rf"\Sigma_{{{j + 1}}} = {matrix(c)}" for j, c in enumerate(full[:3])),
            f"CS229 Ch. 7b; covariance type '{model.covariance_type}' (CS229 Part X §1)",
        ),
        Formula(
            rf"\ell(\theta) = \sum_i \log \sum_k \pi_k \mathcal N(x_i \mid \mu_k, \Sigma_k) = "
            rf"{number(model.log_likelihood_)} \ \ge\ J(Q, \theta) = \sum_i\sum_k Q_i(k) \log"
            r"\frac{\pi_k \mathcal N(x_i \mid \mu_k, \Sigma_k)}{Q_i(k)}",
            "CS229 Part IX §2 (Jensen's lower bound; EM never decreases ℓ)",
        ),
    ]
