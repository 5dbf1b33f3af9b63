"""Anomaly detection (Sugiyama ch. 12).

Three views: the local outlier factor (marker size by LOF, the neighbours and reachability
distances of a selected point, a threshold), the SVM anomaly detector / support vector data
description (C and σ, its boundary, SMO step by step; the dual with Σα = 1, erratum §22), and
density-ratio detection with KLIEP (its projected-gradient iterations, cross-validation over κ and
a threshold on ŵ; listing errata fixed).
"""

import streamlit as st

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.anomaly_detection import kliep
from views.anomaly_detection import lof
from views.anomaly_detection import svdd

P = "anom"
VIEWS = (lof, svdd, kliep)
PRESETS = {
    "anom_fig12_1": {
        "anom.view": "lof", "anom.data": "lof_demo", "anom.n": 100, "anom.seed": 0, "anom.k": 3,
        "anom.convention": "listing", "anom.point": 99, "anom.tau": 1.5,
    },
    "anom_fig12_1_std": {
        "anom.view": "lof", "anom.data": "lof_demo", "anom.n": 100, "anom.seed": 0, "anom.k": 3,
        "anom.convention": "standard", "anom.point": 99, "anom.tau": 1.5,
    },
    "anom_fig12_3": {
        "anom.view": "svdd", "anom.data": "gaussian_outliers", "anom.n": 100, "anom.seed": 0,
        "anom.kernel": "linear", "anom.C": 0.1,
    },
    "anom_svdd_rbf": {
        "anom.view": "svdd", "anom.data": "gaussian_outliers", "anom.n": 100, "anom.seed": 0,
        "anom.kernel": "gaussian", "anom.C": 0.05, "anom.sigma": 1.0,
    },
    "anom_fig12_7": {
        "anom.view": "kliep", "anom.1d.data": "kliep_demo", "anom.1d.n": 100, "anom.1d.seed": 0,
        "anom.kappa": 5.0, "anom.criterion": "log", "anom.fine": False, "anom.threshold": 0.8,
    },
    "anom_fig12_7_k10": {
        "anom.view": "kliep", "anom.1d.data": "kliep_demo", "anom.1d.n": 100, "anom.1d.seed": 0,
        "anom.kappa": 10.0, "anom.criterion": "log", "anom.fine": False, "anom.threshold": 0.8,
    },
    "anom_fig12_7_k1": {
        "anom.view": "kliep", "anom.1d.data": "kliep_demo", "anom.1d.n": 100, "anom.1d.seed": 0,
        "anom.kappa": 1.0, "anom.criterion": "log", "anom.fine": False, "anom.threshold": 0.8,
    },
}

# The data panel depends on the view (its request, and KLIEP's own 1-D panel: see views/…/kliep.py).
view = view_before_drawn(P, VIEWS)
ctx = page_frame(view.DATA_PREFIX, view.DATA)
preset_picker(PRESETS, "anom.preset")
view = view_picker(P, VIEWS)
if ctx.data.train.X.shape[1] != view.DATA.dims:
    st.warning(t("anom.need_1d" if view.DATA.dims == 1 else "anom.need_2d"))
    st.stop()
controls, main = view_columns()
view.render(ctx, controls, main)
