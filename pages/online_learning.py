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
from views.online_learning import pa

P = "onl"
VIEWS = (pa,)
PRESETS = {
    "onl_fig15_5": {
        "onl.view": "pa", "onl.data": "pa_stream", "onl.n": 200, "onl.seed": 0, "onl.variant": "PA-II",
        "onl.C": 0.5, "onl.shuffle": False, "onl.outliers": 0, "onl.edit": False,
    },
}

# Classification views share the 2-D stream panel; the regression view has its own (keys onl.reg.*).
view = view_before_drawn(P, VIEWS)
ctx = page_frame(view.DATA_PREFIX, view.DATA)
preset_picker(PRESETS, "onl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
