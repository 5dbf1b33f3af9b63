"""Supervised dimensionality reduction (Sugiyama ch. 17; seed 004 §2.6–2.7).

Five views: FDA against LFDA on unimodal and multimodal classes (Figs 17.1–17.4), with the affinity
graph and the scatter ellipses; SELF with a few clickable labels between LFDA (β = 0) and PCA
(β = 1); sufficient dimension reduction by gradient ascent on the LSMI estimate with J(φ) over all
angles; seed 004's local LDA (mutual k-NN pairs) and NNDA beside FDA with the ratio-trace and
trace-ratio criteria; three classes in 3-D projected to 2-D beside PCA.
"""

import streamlit as st

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.supervised_dimensionality_reduction import fda
from views.supervised_dimensionality_reduction import local
from views.supervised_dimensionality_reduction import lsdr
from views.supervised_dimensionality_reduction import proj3d
from views.supervised_dimensionality_reduction import semi
from views.supervised_dimensionality_reduction.fda import ROOT2

P = "sdr"
VIEWS = (fda, semi, lsdr, local, proj3d)  # each view's DATA is its data request
PRESETS = {
    "sdr_fig17_1": {"sdr.view": "fda", "sdr.data": "fisher1", "sdr.n": 100, "sdr.seed": 1,
                    "sdr.affinity": "heat", "sdr.t": ROOT2},
    "sdr_fig17_3": {"sdr.view": "fda", "sdr.data": "fisher2", "sdr.n": 100, "sdr.seed": 1,
                    "sdr.affinity": "heat", "sdr.t": ROOT2},
    "sdr_self": {"sdr.view": "semi", "sdr.data": "fisher2", "sdr.n": 100, "sdr.seed": 1, "sdr.beta": 0.5,
                 "sdr.knn": 7},
    "sdr_lsdr": {"sdr.view": "lsdr", "sdr.data": "sdr_stripes", "sdr.n": 200, "sdr.seed": 0,
                 "sdr.start_angle": 150, "sdr.width": 1.0, "sdr.lam": 0.1},
    "sdr_nnda": {"sdr.view": "local", "sdr.data": "fisher2", "sdr.n": 100, "sdr.seed": 1,
                 "sdr.local_method": "nnda", "sdr.alpha": 1.0},
    "sdr_3d": {"sdr.view": "proj3d", "sdr.3d.data": "classes3d", "sdr.3d.n": 150, "sdr.3d.seed": 0,
               "sdr.method3d": "fda", "sdr.criterion": "ratio_trace"},
}

view = view_before_drawn(P, VIEWS)
# The 3-D view keeps its own data panel (keys sdr.3d.*), so each kind keeps the user's choice.
ctx = page_frame("sdr.3d" if view is proj3d else P, view.DATA)
preset_picker(PRESETS, "sdr.preset")
view = view_picker(P, VIEWS)
if ctx.data is not None and ctx.data.train.X.shape[1] != view.DATA.dims:
    st.warning(t("sdr.need_3d" if view.DATA.dims == 3 else "sdr.need_2d"))
    st.stop()
controls, main = view_columns()
view.render(ctx, controls, main)
