"""Neural networks (seed 003 §7.1–7.5; seed 004 softmax): the MLP trained live, back-propagation with
the current numbers, one layer against XOR, vanishing and exploding gradients.

Views: the playground (an adjustable network on 2-D toy data, two classes or softmax for more, its
decision surface played epoch by epoch, hidden-unit maps, the network diagram, loss curves); the same
network fitting a 1-D curve (a diverging learning rate is reported); back-propagation of one weight with
the numerical gradient beside it; the perceptron on AND/OR/XOR and hand-built threshold networks (XOR,
the seed's triangle); gradient norms per layer for deep sigmoid/tanh/ReLU networks.
"""

from ui.controls import preset_picker
from ui.frame import page_frame
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.neural_networks import backprop
from views.neural_networks import gates
from views.neural_networks import gradients
from views.neural_networks import play
from views.neural_networks import regress

P = "nn"
VIEWS = (play, regress, backprop, gates, gradients)
TRAINING = {"nn.seed": 0, "nn.batch": 16, "nn.lam": 0.0, "nn.dropout": 0.0, "nn.init": 1.0}
PRESETS = {
    "nn_xor": {
        **TRAINING, "nn.view": "play", "nn.data": "xor", "nn.n": 200, "nn.noise": 0.35, "nn.layers": 1,
        "nn.units": 8, "nn.act": "tanh", "nn.lr": 0.1, "nn.epochs": 200,
    },
    "nn_spirals": {
        **TRAINING, "nn.view": "play", "nn.data": "spirals", "nn.n": 200, "nn.noise": 1.0, "nn.layers": 2,
        "nn.units": 8, "nn.act": "relu", "nn.lr": 0.3, "nn.epochs": 1000,
    },
    "nn_sinc": {
        **TRAINING, "nn.view": "regress", "nn.data": "sinc", "nn.n": 50, "nn.noise": 0.2, "nn.layers": 1,
        "nn.units": 8, "nn.act": "tanh", "nn.lr": 0.1, "nn.epochs": 500,
    },
    "nn_bp_fig17": {
        "nn.view": "backprop", "nn.data": "xor", "nn.n": 200, "nn.noise": 0.35, "nn.seed": 0, "nn.layers": 1,
        "nn.units": 2, "nn.act": "sigmoid", "nn.lr": 0.3, "nn.epochs": 10, "nn.sample": 1, "nn.bp_layer": 1,
        "nn.to_unit": 1, "nn.from_unit": 1,
    },
    "nn_xor_gate": {"nn.view": "gates", "nn.gate": "xor", "nn.gate_epochs": 100},
    "nn_triangle": {"nn.view": "gates", "nn.gate": "and", "nn.gate_epochs": 20},
    "nn_vanish": {
        "nn.view": "gradients", "nn.data": "xor", "nn.n": 200, "nn.noise": 0.35, "nn.seed": 0, "nn.depth": 8,
        "nn.act": "sigmoid", "nn.init": 1.0, "nn.lr": 0.1, "nn.epochs": 100,
    },
    "nn_diverge": {
        **TRAINING, "nn.view": "regress", "nn.data": "sinc", "nn.n": 50, "nn.noise": 0.2, "nn.layers": 2,
        "nn.units": 8, "nn.act": "relu", "nn.lr": 5.0, "nn.epochs": 200,
    },
}

ctx = page_frame(P, view_before_drawn(P, VIEWS).DATA)
preset_picker(PRESETS, "nn.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
