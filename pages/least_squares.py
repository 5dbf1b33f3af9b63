"""Least squares & model selection (Sugiyama ch. 2–4; CS229 Part I; seed 004 §2.2).

Views: fitting a basis model (closed form, constraints, SGD), least squares as a projection and its
unbiasedness by Monte Carlo, weighted least squares, Gaussian noise
(least squares = maximum likelihood), the parameter space for b = 2 with the ℓ2 disc or a θᵀGθ ≤ R
ellipse, model selection by cross-validation / LOO over (h, λ), the polynomial degree by hold-out /
k-fold / LOO, CS229 gradient descent on the housing rows, and locally weighted regression.
"""

import streamlit as st

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_columns
from ui.views import view_picker
from views.least_squares import degree
from views.least_squares import fit
from views.least_squares import gd
from views.least_squares import gl2
from views.least_squares import lwr
from views.least_squares import ml
from views.least_squares import params
from views.least_squares import proj
from views.least_squares import select
from views.least_squares import unbiased
from views.least_squares import wls

P = "ls"
VIEWS = (fit, proj, unbiased, wls, ml, params, gl2, select, degree, gd, lwr)
PRESETS = {
    "fig3_1": {
        "ls.view": "fit", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.05, "ls.model": "trigonometric",
        "ls.m": 15, "ls.constraint": "none", "ls.solver": "closed",
    },
    "fig3_7": {
        "ls.view": "fit", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.05, "ls.model": "gaussian",
        "ls.h": 0.3, "ls.solver": "sgd", "ls.eta": 0.1, "ls.max_iter": 50_000,
    },
    "fig4_1": {
        "ls.view": "fit", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.model": "trigonometric",
        "ls.m": 15, "ls.constraint": "subspace", "ls.keep": 11, "ls.solver": "closed",
    },
    "fig4_6": {
        "ls.view": "fit", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.model": "gaussian",
        "ls.h": 0.3, "ls.constraint": "l2", "ls.lam": 0.1, "ls.solver": "closed",
    },
    "fig4_8": {
        "ls.view": "gl2", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.lam": 10.0, "ls.g11": 1.0,
        "ls.g22": 10.0, "ls.g_rho": 0.5,
    },
    "fig4_13": {
        "ls.view": "select", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.cv": "kfold", "ls.folds": 5,
        "ls.grid": "book", "ls.h": 0.3, "ls.lam": 0.1,
    },
    "cs229_cv": {
        "ls.view": "degree", "ls.data": "sinc", "ls.n": 30, "ls.noise": 0.2, "ls.deg_holdout": 0.3,
        "ls.deg_folds": 10,
    },
    "cs229_gd": {
        "ls.view": "gd", "ls.data": "housing", "ls.scale": True, "ls.bedrooms": False, "ls.alpha": 0.5,
        "ls.gd_iters": 100,
    },
    "cs229_ml": {
        "ls.view": "ml", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.ml_degree": 3,
        "ls.ml_sigma": 0.2,
    },
    "cs229_lwr": {"ls.view": "lwr", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.tau": 0.3},
    "s000_wls": {
        "ls.view": "wls", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.wls_degree": 1,
        "ls.wls_pattern": "right", "ls.wls_cut": 1.5, "ls.wls_weight": 0.01,
    },
    "s000_proj": {"ls.view": "proj", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.proj_degree": 3},
    "s000_unbiased": {
        "ls.view": "unbiased", "ls.data": "sinc", "ls.n": 50, "ls.noise": 0.2, "ls.mc_degree": 1,
        "ls.mc_sigma": 0.2, "ls.mc_draws": 1000.0, "ls.mc_j": 1,
    },
    "s004_ridge": {
        "ls.view": "fit", "ls.data": "sinc", "ls.n": 20, "ls.noise": 0.2, "ls.model": "polynomial",
        "ls.degree": 12, "ls.constraint": "l2", "ls.lam": 0.001, "ls.solver": "closed",
    },
}

ctx = page_frame(P, DataRequest("regression", 1, "sinc"))
preset_picker(PRESETS, "ls.preset")
view = view_picker(P, VIEWS)
if ctx.data.train.X.shape[1] > 1 and view.module is not gd:
    st.caption(t("ls.first_feature", name=ctx.data.train.feature_names[0]))
controls, main = view_columns()
view.render(ctx, controls, main)
