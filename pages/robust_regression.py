"""Robust regression (Sugiyama ch. 6): a table of contents, its views in views/robust_regression/.

Four views: ℓ2, ℓ1, Huber and Tukey fits side by side with their losses and weights, IRLS step by
step, Tukey's local optima from several starts, and the ℓ1-constrained Huber loss (sparse and robust).
"""

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.robust_regression import fits
from views.robust_regression import irls
from views.robust_regression import sparse
from views.robust_regression import starts

P = "rob"
VIEWS = (fits, irls, starts, sparse)
DS2 = {"rob.data": "line_outlier", "rob.n": 10, "rob.noise": 0.2, "rob.seed": 0, "rob.model": "linear"}
SINC = {
    "rob.data": "sinc_outlier",
    "rob.n": 50,
    "rob.noise": 0.2,
    "rob.seed": 0,
    "rob.model": "gaussian",
    "rob.h": 0.3,
}
PRESETS = {
    "rob_fig6_3": {**DS2, "rob.view": "fits", "rob.eta": 1.0, "rob.rug": "l1"},
    "rob_fig6_3_irls": {**DS2, "rob.view": "irls", "rob.loss": "huber", "rob.eta": 0.01},
    "rob_fig6_8": {**DS2, "rob.view": "irls", "rob.loss": "huber", "rob.eta": 1.0},
    "rob_fig6_11": {**DS2, "rob.view": "irls", "rob.loss": "tukey", "rob.eta": 1.0},
    "rob_fig6_11c": {**DS2, "rob.view": "starts", "rob.eta": 1.0, "rob.n_starts": 8, "rob.start_seed": 0},
    "rob_fig6_13": {**SINC, "rob.view": "sparse", "rob.lam": 0.1, "rob.l1_eta": 0.1},
}

ctx = page_frame(P, DataRequest("regression", 1, "line_outlier"))
preset_picker(PRESETS, "rob.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
