"""Clustering (Sugiyama ch. 14; CS229 Ch. 7a; seed 003 §3).

Seven views: k-means step by step (random, k-means++, bounding-box or clicked starts, restarts
compared), kernel k-means and how much it depends on the start, spectral clustering (kNN graph,
Laplacian embedding, k-means in the embedding, final labels), choosing the number of clusters and
the graph's k (elbow curve, SMI/LSMI), density clustering (DBSCAN), the Minkowski distance (unit
balls, weights, k-means under p) and VDM/MinkovDM for categorical data (seed 003 §3.2).
"""

import streamlit as st

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_columns
from ui.views import view_picker
from views.clustering import choose
from views.clustering import dbscan
from views.clustering import distance
from views.clustering import kernel
from views.clustering import kmeans
from views.clustering import spectral
from views.clustering import vdm

P = "clu"
VIEWS = (kmeans, kernel, spectral, choose, dbscan, distance, vdm)
PRESETS = {
    "clu_fig14_2": {
        "clu.view": "kmeans", "clu.data": "kmeans3", "clu.n": 300, "clu.noise": 1.0, "clu.seed": 0,
        "clu.k": 3, "clu.init": "random", "clu.restarts": 1, "clu.init_seed": 0,
    },
    "clu_restarts": {
        "clu.view": "kmeans", "clu.data": "gmm_blobs", "clu.n": 300, "clu.seed": 0, "clu.k": 3,
        "clu.init": "random", "clu.restarts": 10, "clu.init_seed": 0,
    },
    "clu_kernel": {
        "clu.view": "kernel", "clu.data": "spectral_spirals", "clu.n": 500, "clu.noise": 1.0, "clu.seed": 1,
        "clu.k": 2, "clu.h": 0.3, "clu.init_seed": 0,
    },
    # Data seed 1: the kNN graph has the usual 2 components (seed 0 is the one-in-ten draw with 3).
    "clu_fig14_5": {
        "clu.view": "spectral", "clu.data": "spectral_spirals", "clu.n": 500, "clu.noise": 1.0, "clu.seed": 1,
        "clu.k": 2, "clu.knn": 10, "clu.init_seed": 0,
    },
    "clu_fig14_8": {
        "clu.view": "choose", "clu.data": "spectral_spirals", "clu.n": 500, "clu.noise": 1.0, "clu.seed": 1,
        "clu.k": 2, "clu.smi_k": 10,
    },
    "clu_dbscan": {
        "clu.view": "dbscan", "clu.data": "spectral_spirals", "clu.n": 500, "clu.noise": 1.0, "clu.seed": 1,
        "clu.eps": 1.0, "clu.min_pts": 5,
    },
    "clu_minkowski": {
        "clu.view": "distance", "clu.data": "kmeans3", "clu.n": 300, "clu.noise": 1.0, "clu.seed": 0,
        "clu.k": 3, "clu.p": "p05", "clu.w1": 1.0, "clu.center": "mean", "clu.init_seed": 0,
    },
    "clu_vdm": {
        "clu.view": "vdm", "clu.attr": "job", "clu.vdm_p": 1.0, "clu.age_ordered": False,
        "clu.row_i": 1, "clu.row_j": 3,
    },
}

ctx = page_frame(P, DataRequest("clustering", 2, "kmeans3"))
preset_picker(PRESETS, "clu.preset")
view = view_picker(P, VIEWS)
if ctx.data.train.X.shape[1] != 2:
    st.error(t("clu.needs_2d"))
    st.stop()
controls, main = view_columns()
view.render(ctx, controls, main)
