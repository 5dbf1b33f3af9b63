"""Multi-task learning (Sugiyama ch. 19).

Three views: multi-task least squares over T related regression tasks (γ from independent to fully
shared, the T × T similarity matrix, learned by alternation as Fig 19.1 when asked; (19.1), (19.2)),
the multi-task least-squares probabilistic classifier (§19.2), and multi-output learning through the
Sylvester equation against conjugate gradient with its residual per iteration (§19.3). Errata §22:
[C⁻¹]_{t_i t_i′} in (19.2), J_y in §19.2, ΦᵀYᵀ in (19.4).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.multi_task import cls
from views.multi_task import output
from views.multi_task import reg

P = "mtl"
VIEWS = (reg, cls, output)
PRESETS = {
    "mtl_independent": {
        "mtl.view": "reg",
        "mtl.T": 3,
        "mtl.n": 8,
        "mtl.spread": 0.6,
        "mtl.noise": 0.1,
        "mtl.gamma": 0.0,
        "mtl.lam": 0.1,
        "mtl.h": 1.0,
        "mtl.seed": 0,
        "mtl.learn": False,
    },
    "mtl_shared": {
        "mtl.view": "reg",
        "mtl.T": 3,
        "mtl.n": 8,
        "mtl.spread": 0.6,
        "mtl.noise": 0.1,
        "mtl.gamma": 1.0,
        "mtl.lam": 0.1,
        "mtl.h": 1.0,
        "mtl.seed": 0,
        "mtl.learn": False,
    },
    "mtl_fig19_1": {
        "mtl.view": "reg",
        "mtl.T": 5,
        "mtl.n": 8,
        "mtl.spread": 2.0,
        "mtl.noise": 0.1,
        "mtl.gamma": 1.0,
        "mtl.lam": 0.1,
        "mtl.h": 1.0,
        "mtl.seed": 0,
        "mtl.learn": True,
    },
    "mtl_sylvester": {
        "mtl.view": "output",
        "mtl.T": 3,
        "mtl.n": 20,
        "mtl.spread": 0.6,
        "mtl.noise": 0.1,
        "mtl.gamma": 1.0,
        "mtl.lam": 0.1,
        "mtl.h": 1.0,
        "mtl.seed": 0,
    },
}

ctx = page_frame(P)
preset_picker(PRESETS, "mtl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
