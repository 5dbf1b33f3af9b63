"""k-means as hard EM beside soft EM (CS229 Ch. 7a–7b, "soft vs hard" assignments).

Both start from the same k-means++ means: soft EM moves every point's responsibilities, hard EM
(equal weights, one shared σ²I) assigns each point to its nearest mean, which is k-means. The
mixture log-likelihood may fall under hard EM while its hard bound J never does.
"""

from functools import partial

import numpy as np
import streamlit as st

from algorithms import GaussianMixture
from algorithms import HardEM
from algorithms import adjusted_rand_index
from algorithms import kmeans_plusplus
from ui.charts import drawn_caption
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.frame import columns_or_stacked
from ui.i18n import current_language
from ui.i18n import t
from ui.stepper import FrameSource
from ui.stepper import StepView
from ui.stepper import frame_steps
from views.mixtures._common import TOL
from views.mixtures._common import cov_choice
from views.mixtures._common import data_axes
from views.mixtures._common import fit_components
from views.mixtures._common import k_slider
from views.mixtures._common import pair
from views.mixtures._common import seed_slider
from views.mixtures._plot import data_static
from views.mixtures._plot import likelihood_chart
from views.mixtures._plot import mixture_traces
from views.mixtures._plot import stepped_points
from views.mixtures._stepping import clickable_stepper
from views.mixtures._stepping import em_label


@st.cache_data(max_entries=32, show_spinner=False)
def fit_soft_and_hard(X, k, cov, seed):
    start = kmeans_plusplus(X, k, seed)
    soft = GaussianMixture(k, cov, 200, TOL, seed, means_init=start).fit(X)
    hard = HardEM(k, means_init=start).fit(X)
    return start, soft, hard


@st.cache_data(max_entries=32, show_spinner=False)
def run_frames(X, k, cov, seed, run: int, style, lang) -> dict[int, list[dict]]:
    """The animation frames of one run's stepper (``run`` 1: soft EM, 2: hard EM), cached as em.py's
    em_frames: the responsibilities and ellipses of ~40 steps cost more than a rerun. ``lang`` keys the
    cache."""
    model = fit_soft_and_hard(X, k, cov, seed)[run]
    keep = stepped_points(len(X))
    steps = frame_steps(len(model.history_))
    return {int(s): mixture_traces(X, keep, model, s, style, names=False) for s in steps}


def frame_source(*inputs) -> FrameSource:
    """The animation frames of one run's stepper, :func:`run_frames` of ``inputs``, made when ▶ asks."""
    return FrameSource(inputs, lambda: run_frames(*inputs))


def render(ctx, controls, main) -> None:
    data, X = ctx.data, ctx.data.train.X
    with controls:
        k = k_slider()
        cov = cov_choice()
        seed = seed_slider()
        st.caption(t("gmm.hard_help"))
    axes = data_axes(data.train)
    with main:
        fits = fit_components(len(X), k, fit_soft_and_hard, X, k, cov, seed)
        if fits is None:
            return
        start, soft, hard = fits
        left, right = columns_or_stacked(ctx.projector, 2, gap="medium")
        with left:
            frames = frame_source(X, k, cov, seed, 1, ctx.style, current_language())
            run_stepper(ctx, X, axes, "gmm.soft", t("gmm.soft_heading"), soft, frames, em_label)
        with right:
            frames = frame_source(X, k, cov, seed, 2, ctx.style, current_language())
            run_stepper(
                ctx, X, axes, "gmm.hard", t("gmm.hard_heading"), hard, frames, hard_label, shortcuts=False
            )
        likelihood_chart(
            ctx, [(t("gmm.soft"), soft.history_), (t("gmm.hard"), hard.history_)], key="gmm.hard_ll"
        )
        hard_ll = np.array([s.log_likelihood for s in hard.history_])
        bound = np.array([s.lower_bound for s in hard.history_])
        metrics_row(
            [
                (t("gmm.ll_soft"), fmt(soft.log_likelihood_)),
                (t("gmm.ll_hard"), fmt(hard_ll[-1])),
                (t("gmm.hard_ll_falls"), str(int(np.sum(np.diff(hard_ll) < -1e-9)))),
                (t("gmm.hard_bound_falls"), str(int(np.sum(np.diff(bound) < -1e-9)))),
                (t("gmm.agreement"), f"{adjusted_rand_index(soft.predict(X), hard.labels_):.3f}"),
            ]
        )
    formula_panel(
        [
            Formula(
                r"Q_i(k) = \gamma_{ik} \in [0, 1] \ \ \longleftrightarrow\ \ Q_i(k) = \mathbb 1\{k = c_i\},\ "
                r"c_i = \arg\min_k \|x_i - \mu_k\|^2",
                "CS229 Ch. 7b (soft vs hard assignments)",
            ),
            Formula(
                rf"\pi_k = \tfrac1{k},\ \Sigma_k = \sigma^2 I,\ "
                rf"\sigma^2 = \frac{{J}}{{n d}} = {number(hard.variance_)}"
                r"\ \Rightarrow\ \operatorname{EM}_{\mathrm{hard}} \equiv \operatorname{kmeans}",
                "CS229 Ch. 7a–7b (k-means as hard EM)",
            ),
            Formula(
                r"\mu^{(0)} = " + r",\ ".join(pair(c) for c in start[:6]),
                "k-means++ start shared by both (Arthur & Vassilvitskii 2007)",
            ),
        ],
        ctx.projector,
    )
    code_view(HardEM, projector=ctx.projector)


def run_stepper(ctx, X, axes, key: str, heading: str, model, frames, label, shortcuts: bool = True) -> None:
    """One run's heading and stepper, without legend entries (the two runs stand side by side);
    ``frames``: its animation's, :func:`frame_source`."""
    st.markdown(heading)
    keep = stepped_points(len(X))
    view = StepView(
        data_static(ctx, axes, False, ctx.style.figure_height + 60, legend_rows=0),
        lambda s: mixture_traces(X, keep, model, s, ctx.style, names=False),
        partial(label, model.history_),
        frames=frames,
    )
    clickable_stepper(key, len(model.history_), view, shortcuts=shortcuts)
    drawn_caption(keep, len(X))


def hard_label(history, s) -> str:
    step = history[s]
    kind = "e" if step.kind == "E" else "m"
    return t(
        f"gmm.hard_label_{kind}", it=step.iteration, ll=fmt(step.log_likelihood), J=fmt(step.lower_bound)
    )
