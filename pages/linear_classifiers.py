"""Linear classifiers (Sugiyama ch. 7 and 10; CS229 Parts II–III; slides §2.4–2.5, 2.9; Zhou notes §2).

Nine views: least-squares classification (linear or Gaussian kernel), the perceptron's mistakes
one by one, logistic regression by gradient descent, SGD or Newton's method, softmax regression beside
the least-squares probabilistic classifier, softmax's over-parameterisation (W − θ1ᵀ, the reduced
c − 1 model, slides §2.5), the loss zoo with the current model's margins, multi-class
strategies (one-vs-rest, one-vs-one, ECOC), class imbalance (rescaling, threshold moving, resampling),
and why the squared error of a sigmoid is not minimised (its non-convex landscape beside the
cross-entropy, seed 003 §2.2.3, on its own 1-D data). One-dimensional data (Sugiyama DS-6) are drawn
as curves over x with the samples as a rug, as in the book's figures.
"""

import streamlit as st

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.linear_classifiers import convexity
from views.linear_classifiers import imbalance
from views.linear_classifiers import logistic
from views.linear_classifiers import losses
from views.linear_classifiers import ls
from views.linear_classifiers import multiclass
from views.linear_classifiers import overparam
from views.linear_classifiers import perceptron
from views.linear_classifiers import softmax
from views.linear_classifiers._map import one_class_left

P = "lc"
VIEWS = (ls, perceptron, logistic, softmax, overparam, losses, multiclass, imbalance, convexity)
PRESETS = {
    "lc_fig7_2": {
        "lc.view": "ls", "lc.data": "spirals", "lc.n": 200, "lc.noise": 1.0, "lc.seed": 0,
        "lc.kernel": "gaussian", "lc.h": 1.0, "lc.lam": 0.01, "lc.edit": False,
    },
    "lc_fig7_6": {
        "lc.view": "ls", "lc.data": "ls_fails", "lc.n": 200, "lc.noise": 0.5, "lc.seed": 0,
        "lc.kernel": "linear", "lc.lam": 0.0, "lc.targets": "pm1", "lc.svm": True, "lc.edit": False,
    },
    "lc_lda": {
        "lc.view": "ls", "lc.data": "fisher1", "lc.n": 100, "lc.seed": 0, "lc.kernel": "linear",
        "lc.lam": 0.0, "lc.targets": "lda", "lc.edit": False,
    },
    "lc_lihang_2_1": {
        "lc.view": "perceptron", "lc.data": "ex_7_1", "lc.eta": 1.0, "lc.epochs": 100, "lc.shuffle": False,
        "lc.edit": False,
    },
    "lc_novikoff": {
        "lc.view": "perceptron", "lc.data": "separable", "lc.n": 100, "lc.seed": 0, "lc.eta": 1.0,
        "lc.epochs": 100, "lc.shuffle": False, "lc.edit": False,
    },
    "lc_newton": {
        "lc.view": "logistic", "lc.data": "blobs", "lc.n": 200, "lc.noise": 1.0, "lc.seed": 0,
        "lc.solver": "newton", "lc.newton_iter": 20, "lc.lr_lam": 0.0, "lc.basis": "linear", "lc.edit": False,
    },
    "lc_separable": {
        "lc.view": "logistic", "lc.data": "separable", "lc.n": 100, "lc.seed": 0, "lc.solver": "newton",
        "lc.newton_iter": 50, "lc.lr_lam": 0.0, "lc.basis": "linear", "lc.edit": False,
    },
    "lc_fig10_2": {
        "lc.view": "softmax", "lc.data": "gauss3_1d", "lc.n": 90, "lc.noise": 1.0, "lc.seed": 0,
        "lc.sm_basis": "gaussian", "lc.h": 1.0, "lc.sm_lam": 0.0, "lc.solver": "sgd", "lc.sgd_eta": 0.1,
        "lc.sgd_iter": 20_000, "lc.lspc_lam": 0.1, "lc.lspc_raw": False, "lc.lspc_shared": False,
    },
    "lc_s004_overparam": {
        "lc.view": "overparam", "lc.data": "blobs3", "lc.n": 150, "lc.noise": 1.0, "lc.seed": 0,
        "lc.op_lam": 0.0, "lc.op_shift": 1.0,
    },
    "lc_fig7_8": {
        "lc.view": "losses",
        "lc.losses": [
            "zero_one", "squared", "hinge", "logistic", "exponential", "ramp", "madaboost", "logitboost"
        ],
        "lc.m": 0.5,
    },
    "lc_ecoc": {
        "lc.view": "multiclass", "lc.data": "blobs4", "lc.n": 200, "lc.noise": 1.0, "lc.seed": 0,
        "lc.strategy": "ecoc", "lc.code": "book", "lc.base": "ls_gaussian", "lc.h": 1.0, "lc.mc_lam": 0.1,
        "lc.decoding": "hamming", "lc.flip": "none", "lc.word": "-1 -1 +1 -1 +1", "lc.edit": False,
    },
    "lc_ovo_tie": {
        "lc.view": "multiclass", "lc.data": "blobs3", "lc.n": 150, "lc.noise": 1.0, "lc.seed": 0,
        "lc.strategy": "ovo", "lc.base": "logistic", "lc.mc_lam": 0.1, "lc.flip": "none", "lc.edit": False,
    },
    "lc_imb990": {
        "lc.view": "imbalance", "lc.data": "imbalanced_99", "lc.n": 1000, "lc.noise": 1.0, "lc.seed": 0,
        "lc.imb_pos": "majority", "lc.rule": "rescale", "lc.sampling": "none", "lc.imb_lam": 0.01,
        "lc.edit": False,
    },
    "lc_mse_nonconvex": {
        "lc.view": "convexity", "lc.cvx_sep": 2.0, "lc.cvx_n": 60, "lc.cvx_flip": 0.0, "lc.cvx_seed": 0,
        "lc.cvx_w0": -10.0, "lc.cvx_lr": 1.0, "lc.cvx_steps": 200,
    },
}

OWN_DATA = (convexity,)  # views that draw their own data: no data panel
DATA = DataRequest("classification", None, "blobs")
ctx = page_frame(P, None if view_before_drawn(P, VIEWS) in OWN_DATA else DATA)
if ctx.data is None:
    st.sidebar.caption(t("lc.own_data"))
preset_picker(PRESETS, "lc.preset")
view = view_picker(P, VIEWS)
if ctx.data is not None and ctx.data.train.X.shape[1] > 2:
    st.caption(t("lc.first_features", a=ctx.data.train.feature_names[0], b=ctx.data.train.feature_names[1]))
controls, main = view_columns(2.2 if ctx.projector else 3)
if ctx.data is None or not one_class_left(ctx, main):
    view.render(ctx, controls, main)
