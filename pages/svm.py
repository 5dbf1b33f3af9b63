"""Support vector machines (Sugiyama ch. 8; Li Hang ch. 7; Zhou-Zhihua notes §6; CS229 Part V).

Four views: the decision surface (hard/soft margin, linear / polynomial / Gaussian kernels,
support vectors by α category, slack, α against the sample index and the margin, one-vs-rest and
one-vs-one for several classes); the SMO step-through (pair, KKT violation, box [L, H], unclipped
and clipped α_j, b and the dual objective of every step); and the hinge view with the robust
ramp-loss classifier and its IRLS iterations; and the kernels themselves: Gram matrices with their
eigenvalues (Mercer) and Li Hang's string kernel (§7.3.2–7.3.3); coordinate ascent on a quadratic
(CS229 notes 3); SGD for kernel machines (Algorithm 1) with its τ gallery and the representer
theorem as α bubbles (CS229 supplementary notes).
"""

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.svm import ascent
from views.svm import fit
from views.svm import hinge
from views.svm import kernels
from views.svm import ksgd
from views.svm import representer
from views.svm import smo

P = "svm"
VIEWS = (fit, smo, hinge, kernels, ascent, ksgd, representer)
PRESETS = {
    "svm_ex7_1": {"svm.view": "fit", "svm.data": "ex_7_1", "svm.hard": True, "svm.kernel": "linear"},
    "svm_ex7_2": {
        "svm.view": "smo", "svm.data": "ex_7_1", "svm.hard": True, "svm.kernel": "linear",
        "svm.book_rule": True, "svm.tol": 1e-3,
    },
    "svm_exercise7_2": {
        "svm.view": "fit", "svm.data": "ex_7_2", "svm.hard": True, "svm.kernel": "linear", "svm.tol": 1e-6,
    },
    "svm_c02": {
        "svm.view": "fit", "svm.data": "ex_7_1", "svm.hard": False, "svm.C": 0.2, "svm.kernel": "linear",
    },
    "svm_c01": {
        "svm.view": "smo", "svm.data": "ex_7_1", "svm.hard": False, "svm.C": 0.1, "svm.kernel": "linear",
        "svm.book_rule": True, "svm.tol": 1e-3,
    },
    "svm_fig8_6": {
        "svm.view": "fit", "svm.data": "ls_fails", "svm.n": 200, "svm.noise": 0.5, "svm.seed": 0,
        "svm.hard": False, "svm.C": 1000.0, "svm.kernel": "linear",
    },
    "svm_fig8_10": {
        "svm.view": "fit", "svm.data": "spirals", "svm.n": 200, "svm.noise": 1.0, "svm.seed": 0,
        "svm.hard": False, "svm.C": 10.0, "svm.kernel": "gaussian", "svm.sigma": 1.0,
    },
    "svm_fig8_20": {
        "svm.view": "hinge", "svm.data": "blobs_outliers", "svm.n": 40, "svm.noise": 1.0, "svm.seed": 0,
        "svm.ramp_lam": 0.01, "svm.ramp_eta": 0.01, "svm.hard": False, "svm.C": 1.0,
    },
    "svm_multi": {
        "svm.view": "fit", "svm.data": "blobs3", "svm.n": 150, "svm.noise": 1.0, "svm.hard": False,
        "svm.C": 1.0, "svm.kernel": "gaussian", "svm.sigma": 1.0, "svm.strategy": "ovo",
    },
    "svm_string_kernel": {
        "svm.view": "kernels", "svm.str_s": "Nasdaq", "svm.str_t": "lass das", "svm.str_n": 3,
        "svm.str_lam": 0.5, "svm.str_u": "asd",
    },
    "svm_sigmoid_mercer": {
        "svm.view": "kernels", "svm.data": "blobs", "svm.n": 200, "svm.noise": 1.0, "svm.seed": 0,
        "svm.gram_kernel": "sigmoid", "svm.gram_beta": 1.0, "svm.gram_theta": -1.0, "svm.gram_m": 40,
    },
    "svm_coordinate_ascent": {
        "svm.view": "ascent", "svm.ca_a22": 2.0, "svm.ca_rho": 0.5, "svm.ca_start1": 2.0,
        "svm.ca_start2": -2.0, "svm.ca_compare": True, "svm.ca_eta": 0.3,
    },
    "svm_tau_gallery": {
        "svm.view": "ksgd", "svm.data": "xor", "svm.n": 200, "svm.noise": 0.5, "svm.seed": 0,
        "svm.ksgd_loss": "hinge", "svm.ksgd_seed_lam": True, "svm.ksgd_iter": 2000, "svm.ksgd_eta0": 1.0,
        "svm.ksgd_tau": 0.1,
    },
    "svm_representer": {
        "svm.view": "representer", "svm.data": "blobs", "svm.n": 200, "svm.noise": 1.0, "svm.seed": 0,
        "svm.rep_kernel": "linear", "svm.rep_lam": 0.01,
    },
}

ctx = page_frame(P, DataRequest("classification", 2, "blobs"))
preset_picker(PRESETS, "svm.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
