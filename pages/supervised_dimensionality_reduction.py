"""Supervised dimensionality reduction (Sugiyama ch. 17; seed 004 §2.6–2.7).

FDA against LFDA on unimodal and multimodal classes (Figs 17.1–17.4), with the affinity graph and
the scatter ellipses; SELF with a few clickable labels between LFDA (β = 0) and PCA (β = 1).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.supervised_dimensionality_reduction import fda
from views.supervised_dimensionality_reduction import semi
from views.supervised_dimensionality_reduction.fda import ROOT2

P = "sdr"
VIEWS = (fda, semi)  # each view's DATA is its data request
PRESETS = {
    "sdr_fig17_1": {"sdr.view": "fda", "sdr.data": "fisher1", "sdr.n": 100, "sdr.seed": 1,
                    "sdr.affinity": "heat", "sdr.t": ROOT2},
    "sdr_fig17_3": {"sdr.view": "fda", "sdr.data": "fisher2", "sdr.n": 100, "sdr.seed": 1,
                    "sdr.affinity": "heat", "sdr.t": ROOT2},
    "sdr_self": {"sdr.view": "semi", "sdr.data": "fisher2", "sdr.n": 100, "sdr.seed": 1, "sdr.beta": 0.5,
                 "sdr.knn": 7},
}

view = view_before_drawn(P, VIEWS)
ctx = page_frame(P, view.DATA)
preset_picker(PRESETS, "sdr.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
