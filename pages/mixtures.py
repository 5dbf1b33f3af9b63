"""Gaussian mixtures & EM (CS229 Ch. 7b and Part IX; seed 003 §3.3).

Four views: EM step by step with the E- and M-steps as separate steps (responsibilities as colour
blends, ellipses, mixing weights, the log-likelihood and its lower bound), k-means as hard EM beside
soft EM from the same start, the four covariance types fitted to the same data, and why EM climbs:
Jensen's inequality and the lower bound J(Q, θ) against ℓ(θ) in one dimension (CS229 Part IX §1–2).
"""

import streamlit as st

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.mixtures import bound
from views.mixtures import em
from views.mixtures import hard
from views.mixtures import types

P = "gmm"
VIEWS = (em, hard, types, bound)
PRESETS = {
    "gmm_cs229": {
        "gmm.view": "em", "gmm.data": "gmm_blobs", "gmm.n": 300, "gmm.seed": 0, "gmm.k": 3, "gmm.cov": "full",
        "gmm.init": "random", "gmm.init_seed": 0, "gmm.iters": 100,
    },
    "gmm_zhou": {
        "gmm.view": "em", "gmm.data": "kmeans3", "gmm.n": 300, "gmm.noise": 1.0, "gmm.seed": 0, "gmm.k": 3,
        "gmm.cov": "full", "gmm.init": "random", "gmm.init_seed": 0, "gmm.iters": 100,
    },
    "gmm_hard": {
        "gmm.view": "hard", "gmm.data": "gmm_blobs", "gmm.n": 300, "gmm.seed": 0, "gmm.k": 3,
        "gmm.cov": "full", "gmm.init_seed": 0,
    },
    "gmm_restricted": {
        "gmm.view": "types", "gmm.data": "gmm_blobs", "gmm.n": 300, "gmm.seed": 0, "gmm.k": 3,
        "gmm.init": "random", "gmm.init_seed": 0,
    },
    "gmm_collapse": {
        "gmm.view": "em", "gmm.data": "kmeans3", "gmm.n": 12, "gmm.noise": 1.0, "gmm.seed": 0, "gmm.k": 3,
        "gmm.cov": "full", "gmm.init": "random", "gmm.init_seed": 0, "gmm.iters": 100,
    },
    "gmm_jensen": {
        "gmm.view": "bound", "gmm.jensen_f": "square", "gmm.jensen_a": 1.0, "gmm.jensen_b": 3.0,
        "gmm.jensen_p": 0.5,
    },
    "gmm_em_bound": {
        "gmm.view": "bound", "gmm.jensen_f": "log", "gmm.bound_sep": 4.0, "gmm.bound_n": 60,
        "gmm.bound_start": 4.0,
    },
}

DATA = DataRequest("clustering", 2, "gmm_blobs")
ctx = page_frame(P, None if view_before_drawn(P, VIEWS) is bound else DATA)  # the bound view draws its own
if ctx.data is None:
    st.sidebar.caption(t("gmm.own_data"))
preset_picker(PRESETS, "gmm.preset")
view = view_picker(P, VIEWS)
if ctx.data is not None and ctx.data.train.X.shape[1] != 2:
    st.error(t("gmm.needs_2d"))
    st.stop()
controls, main = view_columns()
view.render(ctx, controls, main)
