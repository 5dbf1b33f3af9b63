"""Sparse learning & feature selection (Sugiyama ch. 5; seed 004 §2.8; CS229 Part VII §2).

Views: the lasso with the linear or Gaussian kernel model (fit, stem plot with the non-zero count,
ridge and lasso paths); the geometry of b = 2 (error ellipses against the ℓ2 disc, the ℓ1 diamond, the
ℓp ball and the elastic-net ball); the solvers stepped (the book's reweighted ℓ2 iteration, soft-
thresholded SGD, coordinate descent, ISTA); feature selection (lasso, ℓ2,1 rows, wrapper search, the
mutual-information filter).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.sparse_learning import geometry
from views.sparse_learning import lasso
from views.sparse_learning import select
from views.sparse_learning import solvers

P = "sp"
VIEWS = (lasso, geometry, solvers, select)
SINC = {"sp.data": "sinc", "sp.n": 50, "sp.noise": 0.2, "sp.seed": 0}
GEOMETRY = {"sp.view": "geometry", "sp.radius": 1.0, "sp.c1": 0.8, "sp.c2": 2.4, "sp.rho": 0.5}
# The last preset returns to the first view: the AppTest sweep leaves the last preset applied.
FEATURES = {"sp.view": "select", "sp.data": "sparse_features", "sp.n": 100, "sp.noise": 0.5, "sp.seed": 0}
PRESETS = {
    "sp_a5_3": {**FEATURES, "sp.method": "lasso", "sp.sel_lam": 20.0},
    "sp_s004_l21": {**FEATURES, "sp.method": "group", "sp.group_lam": 50.0},
    "sp_cs229_forward": {**FEATURES, "sp.method": "wrapper", "sp.direction": "forward", "sp.folds": 5},
    "sp_cs229_mi": {**FEATURES, "sp.method": "filter", "sp.bins": 3, "sp.top_k": 3},
    "sp_fig5_2": {**GEOMETRY, "sp.ball": "l1"},
    "sp_fig5_11": {**GEOMETRY, "sp.ball": "enet", "sp.tau": 0.5, "sp.rho": -0.5},
    "sp_fig5_7": {
        **SINC,
        "sp.view": "lasso",
        "sp.model": "gaussian",
        "sp.h": 0.3,
        "sp.lam": 0.1,
        "sp.solver": "irls",
    },
}

ctx = page_frame(P, view_before_drawn(P, VIEWS).DATA)
preset_picker(PRESETS, "sp.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
