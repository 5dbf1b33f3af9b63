"""Dimensionality reduction (Sugiyama ch. 13; CS229 Parts X–XII).

Six views: PCA (principal axes, projection, variance explained, reconstruction error and CS229's
trial direction), LPP beside PCA on the book's two data sets, kernel PCA and Laplacian eigenmaps
on the Swiss roll / S-curve (3-D view plus 2-D embedding), factor analysis by EM, ICA on the
cocktail party, and the curse of dimensionality (Sugiyama Fig 13.1).
"""

import streamlit as st

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.dimensionality_reduction import curse
from views.dimensionality_reduction import fa
from views.dimensionality_reduction import ica
from views.dimensionality_reduction import lpp
from views.dimensionality_reduction import manifold
from views.dimensionality_reduction import pca
from views.dimensionality_reduction.lpp import ROOT2

P = "dr"
VIEWS = (pca, lpp, manifold, fa, ica, curse)  # each view's DATA is its data request (None: no data panel)
PRESETS = {
    "dr_fig13_5": {
        "dr.view": "pca", "dr.data": "pca_gauss", "dr.n": 100, "dr.seed": 0, "dr.m": 1,
        "dr.standardize": False,
    },
    "dr_fig13_5_stripes": {
        "dr.view": "pca", "dr.data": "pca_stripes", "dr.n": 100, "dr.noise": 1 / 3, "dr.seed": 1, "dr.m": 1,
        "dr.standardize": False,
    },
    "dr_fig13_9": {
        "dr.view": "lpp", "dr.data": "pca_gauss", "dr.n": 100, "dr.seed": 0, "dr.similarity": "heat",
        "dr.t": ROOT2,
    },
    "dr_fig13_9_stripes": {
        "dr.view": "lpp", "dr.data": "pca_stripes", "dr.n": 100, "dr.noise": 1 / 3, "dr.seed": 1,
        "dr.similarity": "heat", "dr.t": ROOT2,
    },
    "dr_fig13_13": {
        "dr.view": "manifold", "dr.3d.data": "swiss_roll", "dr.3d.n": 1000, "dr.3d.noise": 0.0,
        "dr.3d.seed": 0, "dr.method": "le", "dr.k_le": 10,
    },
    "dr_fig13_1": {"dr.view": "curse", "dr.d": 10, "dr.per_axis": 5},
    "dr_cs229_pca": {
        "dr.view": "pca", "dr.data": "pilot_karma", "dr.n": 100, "dr.noise": 0.3, "dr.seed": 0, "dr.m": 1,
        "dr.standardize": True,
    },
    "dr_cs229_fa": {
        "dr.view": "fa", "dr.data": "pilot_karma", "dr.n": 100, "dr.noise": 0.3, "dr.seed": 0,
        "dr.fa_iters": 200, "dr.fa_seed": 0,
    },
    "dr_cs229_ica": {
        "dr.view": "ica", "dr.sources": "speech", "dr.n_sources": "3", "dr.ica_n": 1000, "dr.ica_alpha": 0.01,
        "dr.epochs": 10, "dr.random_mixing": False, "dr.ica_seed": 0,
    },
}

view = view_before_drawn(P, VIEWS)
# The 3-D view keeps its own data panel (keys dr.3d.*): 2-D and 3-D sets differ in their sample-size
# ranges, and each kind keeps the user's choice when the view changes.
ctx = page_frame("dr.3d" if view is manifold else P, view.DATA)
if ctx.data is None:
    st.sidebar.caption(t("dr.own_data"))
preset_picker(PRESETS, "dr.preset")
view = view_picker(P, VIEWS)
dims = None if view.DATA is None else view.DATA.dims
if ctx.data is not None and ctx.data.train.X.shape[1] != dims:
    st.warning(t("dr.need_3d" if dims == 3 else "dr.need_2d"))
    st.stop()
controls, main = view_columns()
view.render(ctx, controls, main)
