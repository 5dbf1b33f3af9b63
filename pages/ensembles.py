"""Ensembles (Sugiyama ch. 9; seed 003 §5): stumps, bagging and random forests, AdaBoost, gradient and
second-order boosting, small demos of LightGBM's histograms, GOSS, leaf-wise growth and feature
bundling and CatBoost's ordered target statistics, stacking, error–ambiguity and diversity measures.

Each view (``views/ensembles/``) draws what its algorithm records in ``history_``: bootstrap samples,
sample weights, residuals, g and h. The data request depends on the view (classification or regression).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.ensembles import adaboost
from views.ensembles import ambiguity
from views.ensembles import bagging
from views.ensembles import catboost
from views.ensembles import diversity
from views.ensembles import efb
from views.ensembles import gbdt
from views.ensembles import growth
from views.ensembles import lgbm
from views.ensembles import sketch
from views.ensembles import stack
from views.ensembles import stump
from views.ensembles import xgb

P = "ens"
VIEWS = (  # menu order
    stump, bagging, adaboost, gbdt, xgb, sketch, lgbm, growth, efb, catboost, stack, ambiguity, diversity,
)
# The last preset returns to the default view and data: the AppTest sweep leaves it applied.
PRESETS = {
    "ens_fig9_8": {
        "ens.view": "bagging", "ens.data": "diagonal", "ens.n": 50, "ens.learners": 50,
        "ens.learner": "stump_random", "ens.rng": 0,
    },
    "ens_forest": {
        "ens.view": "bagging", "ens.data": "moons", "ens.n": 200, "ens.noise": 0.3, "ens.learners": 30,
        "ens.learner": "tree", "ens.depth": 6, "ens.forest": True,
    },
    "ens_ex8_1": {
        "ens.view": "adaboost", "ens.data": "ex_8_1", "ens.rounds": 3, "ens.stump": "best", "ens.rate": 1.0,
    },
    "ens_fig9_13": {
        "ens.view": "adaboost", "ens.data": "diagonal", "ens.n": 50, "ens.rounds": 500, "ens.stump": "random",
        "ens.rate": 1.0, "ens.rng": 0,
    },
    "ens_boost_5_2": {
        "ens.view": "gbdt", "ens.data": "table_5_2", "ens.rounds": 5, "ens.rate": 1.0, "ens.depth": 1,
    },
    "ens_gbdt_sinc": {
        "ens.view": "gbdt", "ens.data": "sinc", "ens.n": 50, "ens.noise": 0.2, "ens.rounds": 50,
        "ens.rate": 0.1, "ens.depth": 2,
    },
    "ens_xgb_oracle": {
        "ens.view": "xgb", "ens.toy": True, "ens.rounds": 1, "ens.rate": 1.0, "ens.lam": 1.0,
        "ens.gamma": 0.0, "ens.depth": 3, "ens.inspect": 1, "ens.xgb_search": "exact",
    },
    "ens_xgb_gamma": {
        "ens.view": "xgb", "ens.toy": True, "ens.rounds": 1, "ens.rate": 1.0, "ens.lam": 1.0,
        "ens.gamma": 0.5, "ens.depth": 3, "ens.inspect": 1, "ens.xgb_search": "exact",
    },
    "ens_sketch_toy": {"ens.view": "sketch", "ens.sk_toy": True, "ens.sk_eps": 0.3},
    "ens_sketch_data": {
        "ens.view": "sketch", "ens.data": "diagonal", "ens.n": 50, "ens.rng": 0, "ens.sk_toy": False,
        "ens.sk_eps": 0.1, "ens.sk_round": 5, "ens.sk_missing": 0.2,
    },
    "ens_catboost": {"ens.view": "lgbm", "ens.cat_example": True, "ens.prior": 1.0, "ens.perm": 0},
    "ens_stacking": {
        "ens.view": "stack", "ens.data": "moons", "ens.n": 200, "ens.noise": 0.3, "ens.depth": 8,
        "ens.folds": 5, "ens.meta_lam": 1.0, "ens.leaky": False, "ens.rng": 0,
    },
    "ens_stacking_leak": {
        "ens.view": "stack", "ens.data": "moons", "ens.n": 200, "ens.noise": 0.3, "ens.depth": 8,
        "ens.folds": 5, "ens.meta_lam": 1.0, "ens.leaky": True, "ens.rng": 0,
    },
    "ens_ambiguity": {
        "ens.view": "ambiguity", "ens.data": "sinc", "ens.n": 50, "ens.noise": 0.2, "ens.learners": 10,
        "ens.depth": 4, "ens.rng": 0,
    },
    "ens_diversity": {
        "ens.view": "diversity", "ens.data": "moons", "ens.n": 200, "ens.noise": 0.3, "ens.learners": 10,
        "ens.depth": 4, "ens.measure": "kappa", "ens.tree_i": 1, "ens.tree_j": 2, "ens.rng": 0,
    },
    "ens_growth": {
        "ens.view": "growth", "ens.data": "sinc", "ens.n": 50, "ens.noise": 0.2, "ens.splits": 6,
        "ens.leaf_depth": 20,
    },
    "ens_efb": {"ens.view": "efb", "ens.efb_example": True, "ens.conflicts": 0},
    "ens_catboost_combo": {"ens.view": "catboost", "ens.prior": 1.0, "ens.perm": 0, "ens.levels": 30},
    "ens_fig9_4": {"ens.view": "stump", "ens.data": "diagonal", "ens.n": 50, "ens.feature": "0"},
}

ctx = page_frame(P, view_before_drawn(P, VIEWS).DATA)
preset_picker(PRESETS, "ens.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
