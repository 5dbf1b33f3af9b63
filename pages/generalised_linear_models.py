"""Generalised linear models (CS229 Part III §8–9, M13–M15; seed 003 §2.1.3–2.1.4; seed 004 §2.3).

Three views: the exponential family of the chosen response distribution (η, T(y), a(η), b(y)),
a GLM fitted by IRLS (Newton / Fisher scoring) step by step, and log-linear regression for counts
beside the Poisson GLM with its bands.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.generalised_linear_models import counts
from views.generalised_linear_models import family
from views.generalised_linear_models import fit
from views.generalised_linear_models._common import data_request

P = "glm"
VIEWS = (family, fit, counts)
PRESETS = {
    "glm_bernoulli_family": {"glm.view": "family", "glm.family": "bernoulli", "glm.eta": 0.0},
    "glm_poisson_family": {"glm.view": "family", "glm.family": "poisson", "glm.eta": 1.0},
    "glm_logistic": {
        "glm.view": "fit",
        "glm.family": "bernoulli",
        "glm.data": "glm_bernoulli",
        "glm.n": 80,
        "glm.seed": 0,
    },
    "glm_poisson": {
        "glm.view": "fit",
        "glm.family": "poisson",
        "glm.link": "log",
        "glm.data": "glm_poisson",
        "glm.n": 60,
        "glm.seed": 0,
    },
    "glm_softmax": {
        "glm.view": "fit",
        "glm.family": "multinomial",
        "glm.data": "glm_multinomial",
        "glm.n": 90,
        "glm.seed": 0,
    },
    "glm_loglinear": {
        "glm.view": "counts",
        "glm.data": "glm_poisson",
        "glm.n": 60,
        "glm.seed": 0,
        "glm.level": 0.9,
        "glm.offset": 1.0,
        "glm.log_space": False,
    },
}

ctx = page_frame(P, data_request(VIEWS))
preset_picker(PRESETS, "glm.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
