"""Sequence labelling (Sugiyama ch. 11, seed 000 11.A).

No data set: sticky-Markov label chains with Gaussian or categorical observations are drawn with a
seed. A linear-chain CRF trained by stochastic gradient ascent (Fig 11.3), its forward–backward
tables and marginals (11.4)–(11.6), the Viterbi path (§11.3) against independent per-position
softmax, and the count c^m against c²m.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.sequence_labelling import chain
from views.sequence_labelling import sgd

P = "seq"
VIEWS = (chain, sgd)
PRESETS = {
    "seq_fig11_2": {
        "seq.view": "chain", "seq.emission": "gaussian", "seq.classes": 3, "seq.length": 10,
        "seq.p_stay": 0.85, "seq.sigma": 0.6, "seq.n": 20, "seq.epsilon": 0.02, "seq.n_iter": 200,
        "seq.seed": 0, "seq.position": 1,
    },
    "seq_symbols": {
        "seq.view": "chain", "seq.emission": "categorical", "seq.classes": 4, "seq.length": 12,
        "seq.p_stay": 0.9, "seq.sigma": 0.5, "seq.n": 20, "seq.epsilon": 0.02, "seq.n_iter": 200,
        "seq.seed": 0,
    },
}

ctx = page_frame(P)
preset_picker(PRESETS, "seq.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
