"""Semi-supervised learning (Sugiyama ch. 16).

Two moons with two labelled points (the book's data) or any two-class set with a few labels: click a
point to label or unlabel it. Laplacian-regularised least squares (λ, ν, kernel width h, the
similarity W = K or K on a k-NN graph, the book's or the exact form) against ν = 0, the supervised fit
on the labels alone (Fig 16.3), and the thresholded similarity graph the labels travel along
(Fig 16.5).
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.semi_supervised import graph
from views.semi_supervised import laprls
from views.semi_supervised.laprls import MOONS_DATA

P = "ssl"
VIEWS = (laprls, graph)
BOOK = {"ssl.data": "laprls_moons", "ssl.n": 200, "ssl.noise": 1.0, "ssl.seed": 0, "ssl.edit": False,
        "ssl.lam": 1.0, "ssl.nu": 10.0, "ssl.h": 1.0, "ssl.similarity": "full"}
PRESETS = {
    "ssl_fig16_3": {"ssl.view": "laprls", **BOOK, "ssl.variant": "book"},
    "ssl_exact": {"ssl.view": "laprls", **BOOK, "ssl.variant": "exact"},
    "ssl_fig16_5": {"ssl.view": "graph", **BOOK, "ssl.variant": "book", "ssl.threshold": 0.05},
}

ctx = page_frame(P, MOONS_DATA)
preset_picker(PRESETS, "ssl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
