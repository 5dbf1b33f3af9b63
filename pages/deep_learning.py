"""Deep-learning building blocks (seed 003 §7.6–7.7): convolution, padding, stride, pooling; edge
detection; recurrent cells; attention; positional encoding.

Views: the convolution explorer (cell by cell with the window highlighted, pooling; the seed's matrices
as presets), edge detection on a small synthetic image, a recurrent cell unrolled (RNN, LSTM, GRU),
self-attention of 2-D tokens, the sinusoidal positional encoding.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_columns
from ui.views import view_picker
from views.deep_learning import attention
from views.deep_learning import conv
from views.deep_learning import edges
from views.deep_learning import pe
from views.deep_learning import rnn

P = "dl"
VIEWS = (conv, edges, rnn, attention, pe)
CONV = {"dl.view": "conv", "dl.op": "conv", "dl.padding": 0, "dl.stride_h": 1, "dl.stride_w": 1}
PRESETS = {
    "dl_pad40": {**CONV, "dl.input": "seed40", "dl.kernel": "seed40", "dl.padding": 1},
    "dl_stride": {**CONV, "dl.input": "seed40", "dl.kernel": "seed40", "dl.padding": 1, "dl.stride_h": 3,
                  "dl.stride_w": 2},
    "dl_edge46": {**CONV, "dl.input": "seed46", "dl.kernel": "vertical"},
    "dl_channels": {**CONV, "dl.input": "channels2"},
    "dl_pool47": {**CONV, "dl.op": "max", "dl.input": "edges46", "dl.window": 3, "dl.padding": 1},
    "dl_sobel": {"dl.view": "edges", "dl.edge_kernel": "sobel_x", "dl.edge_pool": True, "dl.edge_window": 2},
    "dl_attention": {
        "dl.view": "attention", "dl.token": "A", "dl.tok0x": 1.5, "dl.tok0y": 1.5, "dl.sharpness": 1.0,
    },
    "dl_lstm": {"dl.view": "rnn", "dl.cell": "lstm", "dl.hidden": 4, "dl.lag": 2, "dl.seq_length": 60},
    "dl_pe": {"dl.view": "pe", "dl.length": 50, "dl.d_model": 32, "dl.position": 10},
    "dl_pool_fig27": {**CONV, "dl.op": "max", "dl.input": "seed40", "dl.window": 2},
}

ctx = page_frame(P)
preset_picker(PRESETS, "dl.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
