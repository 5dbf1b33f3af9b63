"""Transfer learning (Sugiyama ch. 18).

Four views: covariate shift (ordinary against importance-weighted least squares, the relative
importance w_β and IWCV over the flattening β, §18.1.1–18.1.3), RuLSIF (the relative density ratio
against the true one, §18.1.4), class-balance change (the test class share estimated from the test
inputs and the class-balance-weighted classifier, §18.2.1–18.2.2) and LSDD (the density difference and
its L² distance, §18.2.3; the book's pair has L² = 0.1248). Errata §22: Ĝ_β in RuLSIF, x′ in LSDD's v̂.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.transfer_learning import balance
from views.transfer_learning import diff
from views.transfer_learning import ratio
from views.transfer_learning import shift

P = "tl"
VIEWS = (shift, ratio, balance, diff)
PRESETS = {
    "tl_fig18_2": {
        "tl.view": "shift", "tl.mu": 1.0, "tl.sd": 0.5, "tl.mu_test": 2.0, "tl.sd_test": 0.25, "tl.beta": 0.0,
        "tl.n": 100, "tl.noise": 0.1, "tl.seed": 0,
    },
    "tl_fig18_2_ols": {
        "tl.view": "shift", "tl.mu": 1.0, "tl.sd": 0.5, "tl.mu_test": 2.0, "tl.sd_test": 0.25, "tl.beta": 1.0,
        "tl.n": 100, "tl.noise": 0.1, "tl.seed": 0,
    },
    "tl_fig18_6": {
        "tl.view": "ratio", "tl.ratio.data": "rulsif_pair", "tl.ratio.n": 300, "tl.ratio.seed": 0,
        "tl.ratio.beta": 0.5, "tl.ratio.sigma": 1.0, "tl.ratio.lam": 0.01,
    },
    "tl_fig18_8": {
        "tl.view": "balance", "tl.prior_train": 0.8, "tl.prior_test": 0.5, "tl.bal_n": 200, "tl.bal_seed": 0,
        "tl.bal_sigma": 1.0, "tl.weights": "estimated",
    },
    "tl_fig18_11": {
        "tl.view": "diff", "tl.diff.data": "lsdd_pair", "tl.diff.n": 200, "tl.diff.seed": 0,
        "tl.diff.sigma": 1.0, "tl.diff.lam": 1.0, "tl.diff.centers": "listing",
    },
}

# The data panel depends on the view: RuLSIF and LSDD keep their own sample pairs (tl.ratio.*,
# tl.diff.*); the covariate-shift and class-balance views draw their samples from their sliders.
view = view_before_drawn(P, VIEWS)
ctx = page_frame(view.DATA_PREFIX if view.DATA else P, view.DATA)
preset_picker(PRESETS, "tl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
