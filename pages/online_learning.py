"""Online learning (Sugiyama ch. 15; CS229 Ch. 6 §1).

A stream of points arrives one at a time, animated in the browser (▶ / ❚❚, step, speed): the
perceptron's mistakes against the Block–Novikoff bound (D/γ)², passive-aggressive classification
(PA, PA-I, PA-II; Figs 15.5–15.6), AROW with the covariance ellipse of its weights, PA and AROW on
the same stream with injected outliers (Fig 15.9), and the regression variants (PA with ε, AROW =
recursive least squares). Cumulative mistakes and regret under every stream. Errata (spec §22):
the PA update's extra factor y, AROW's Σ⁻¹ sign and the RLS residual sign.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.online_learning import arow
from views.online_learning import compare
from views.online_learning import pa
from views.online_learning import perceptron
from views.online_learning import regression

P = "onl"
VIEWS = (perceptron, pa, arow, compare, regression)
PA_STREAM = {"onl.data": "pa_stream", "onl.n": 200, "onl.seed": 0, "onl.shuffle": False, "onl.outliers": 0,
             "onl.edit": False}
AROW_STREAM = {**PA_STREAM, "onl.data": "arow_outliers", "onl.n": 50}
PRESETS = {
    "onl_novikoff": {"onl.view": "perceptron", **PA_STREAM},
    "onl_fig15_5": {"onl.view": "pa", "onl.variant": "PA-II", "onl.C": 0.5, **PA_STREAM},
    "onl_fig15_10": {"onl.view": "arow", "onl.r": 1.0, **AROW_STREAM},
    "onl_fig15_9": {"onl.view": "compare", "onl.variant": "PA-II", "onl.C": 0.5, "onl.r": 1.0, **AROW_STREAM},
    "onl_rls": {
        "onl.view": "regression", "onl.reg.data": "line_outlier", "onl.reg.n": 50, "onl.reg.seed": 0,
        "onl.reg.noise": 0.2, "onl.reg.shuffle": True, "onl.reg.outliers": 0, "onl.reg_variant": "PA-II",
        "onl.C": 0.5, "onl.epsilon": 0.0, "onl.r": 1.0, "onl.reg.edit": False,
    },
}

# Classification views share the 2-D stream panel; the regression view has its own (keys onl.reg.*).
view = view_before_drawn(P, VIEWS)
ctx = page_frame(view.DATA_PREFIX, view.DATA)
preset_picker(PRESETS, "onl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
