"""Learning theory (CS229 Part VI M28–M31 with F.S1–F.S2; Part VII §3 M37; seed 003 §8.1).

Four views: Hoeffding and the union bound by simulation with the finite-H bound calculator,
shattering and the VC bound, bias and variance measured over many training sets, and MAP
estimation as regularisation (the posterior for b = 2 as data arrive).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.learning_theory import bayes
from views.learning_theory import bias_variance
from views.learning_theory import hoeffding
from views.learning_theory import vc
from views.learning_theory._common import data_request

P = "lt"
VIEWS = (hoeffding, vc, bias_variance, bayes)
PRESETS = {
    "lt_finite_h": {"lt.view": "hoeffding", "lt.m": 1000, "lt.k": 1000, "lt.delta": 0.05, "lt.gamma": 0.05},
    "lt_hoeffding_coin": {"lt.view": "hoeffding", "lt.m": 100, "lt.k": 1, "lt.phi": 0.5, "lt.gamma": 0.1},
    "lt_vc_three": {"lt.view": "vc", "lt.concept": "line", "lt.layout": "triangle"},
    "lt_vc_four": {"lt.view": "vc", "lt.concept": "line", "lt.layout": "square"},
    "lt_vc_rectangle": {"lt.view": "vc", "lt.concept": "rectangle", "lt.layout": "diamond"},
    "lt_underfit": {
        "lt.view": "bias_variance",
        "lt.complexity": "degree",
        "lt.degree": 1,
        "lt.truth": "quadratic",
        "lt.bv_n": 20,
        "lt.sets": 50,
        "lt.sigma": 0.3,
    },
    "lt_overfit": {
        "lt.view": "bias_variance",
        "lt.complexity": "degree",
        "lt.degree": 5,
        "lt.truth": "quadratic",
        "lt.bv_n": 20,
        "lt.sets": 50,
        "lt.sigma": 0.3,
    },
    "lt_ridge_map": {
        "lt.view": "bayes",
        "lt.prior": "gaussian",
        "lt.alpha": 2.0,
        "lt.beta": 5.0,
        "lt.seen": 5,
        "lt.data": "glm_gaussian",
        "lt.n": 60,
        "lt.noise": 0.5,
        "lt.seed": 0,
    },
    "lt_lasso_map": {
        "lt.view": "bayes",
        "lt.prior": "laplace",
        "lt.alpha": 20.0,
        "lt.beta": 5.0,
        "lt.seen": 5,
        "lt.data": "glm_gaussian",
        "lt.n": 60,
        "lt.noise": 0.5,
        "lt.seed": 0,
    },
}

ctx = page_frame(P, data_request(VIEWS))
preset_picker(PRESETS, "lt.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
