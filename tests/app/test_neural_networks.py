"""The neural-network page as a user sees it (AppTest): presets, the numbers shown, bad settings."""

import numpy as np

from tests.app.apptools import chart_specs
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget
from views.neural_networks._common import NN_LIMIT

PAGE = "neural_networks.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str, lang: str | None = None):
    at = open_page(PAGE, lang=lang)
    preset = widget(at, "nn.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def percent(text: str) -> float:
    return float(text.rstrip(" %"))


def test_xor_preset_learns_the_four_blobs():
    at = choose_preset("An XOR of four blobs")
    shown = metrics(at)
    assert shown["Training accuracy"] == "99.5 %" and percent(shown["Test accuracy"]) >= 95.0  # 1 overlap
    assert shown["Epochs run"] == "200"
    frames = next(s for s in chart_specs(play(at)) if s.get("frames"))
    assert len(frames["frames"]) == 40  # 40 of the 41 recorded epochs play in the browser


def test_spirals_preset_reaches_95_percent():
    at = choose_preset("Two spirals")
    assert percent(metrics(at)["Training accuracy"]) >= 95.0
    assert not at.caption or not any("Trained for" in c.value for c in at.caption)


def test_sinc_preset_fits_the_curve():
    at = choose_preset("Seed 003 §7.2.1")
    shown = metrics(at)
    assert float(shown["Final training loss"]) < 0.03 and shown["Epochs run"] == "500"


def test_a_diverging_learning_rate_is_reported_not_drawn_as_nan():
    at = choose_preset("A learning rate of 5")
    assert any("diverged" in w.value for w in at.warning)
    assert all("nan" not in m.value.lower() for m in at.metric)


def test_zero_units_and_zero_layers():
    at = open_page(PAGE, query={"nn.units": "0"})
    assert any("zero units" in e.value for e in at.error)
    at = open_page(PAGE, query={"nn.layers": "0"}, lang="zh")
    assert not at.exception and not at.error  # a linear model: softmax / logistic regression
    assert percent(metrics(at)["训练准确率"]) < 80.0  # one layer cannot separate XOR


def test_three_classes_use_softmax():
    at = open_page(PAGE, query={"nn.data": "blobs3"})
    assert percent(metrics(at)["Training accuracy"]) > 85.0
    assert any(r"\mathrm{softmax}" in f for f in formulas(at))


def test_a_large_data_set_with_batch_1_is_cut_to_the_budget():
    at = open_page(PAGE, query={"nn.data": "xor", "nn.n": "3000", "nn.batch": "1", "nn.epochs": "50"})
    # trained on an even sample of NN_LIMIT = 1 000: 15 000 updates are 15 epochs
    assert any("Trained for 15 of the 50 epochs" in c.value for c in at.caption)
    assert np.isclose(int(metrics(at)["Epochs run"]), 15)


def test_backprop_preset_matches_the_numerical_gradient():
    at = choose_preset("Seed 003 Figure 17")
    shown = metrics(at)
    assert float(shown["∂E/∂W by back-propagation"]) == float(shown["Numerical gradient"])
    assert float(shown["Relative difference"]) < 1e-6
    assert any(r"\delta^{(1)}_{1}" in f for f in formulas(at))


def test_xor_gate_preset_one_layer_fails_two_layers_succeed():
    at = choose_preset("Seed 003 §7.1")
    shown = metrics(at)
    assert shown["Converged"] == "no" and shown["Training accuracy"] != "100 %"
    table = at.dataframe[0].value
    assert list(table["ŷ"]) == list(table["y"]) == [0, 1, 1, 0]


def test_triangle_preset_shows_the_book_sums():
    at = choose_preset("Seed 003 §7.2.1 Ex. 1")
    assert metrics(at)["Converged"] == "yes"  # AND is separable
    assert any(r"\to 0.5 > 0" in f and r"\to -0.5 < 0" in f for f in formulas(at))


def test_vanishing_preset_sigmoid_gradients_shrink_towards_the_input():
    at = choose_preset("Seed 003 §7.5")
    assert float(metrics(at)["First / output layer"]) < 1e-4
    at = open_page(PAGE, query={"nn.view": "gradients", "nn.act": "relu", "nn.depth": "8"})
    assert float(metrics(at)["First / output layer"]) > 1e-3  # ReLU: φ′ = 1, no ¼ per layer


def test_n_20000_trains_on_an_even_sample_said_on_screen():
    """Every data view at n = 20 000 trains on NN_LIMIT points (back-propagation's sample slider runs
    over them) and says so; at the default n no message and all 200 points."""
    message = [f"This view fits on {NN_LIMIT:,} of the 20,000 samples, an even random sample, so that it "
               "answers within a second."]
    for view in ("play", "regress", "backprop", "gradients"):
        at = open_page(PAGE, {"nn.view": view, "nn.n": "20000"})
        assert not at.exception and [e.value for e in at.info if "samples" in e.value] == message, view
        if view == "backprop":
            assert widget(at, "nn.sample").max == NN_LIMIT
    at = open_page(PAGE, {"nn.view": "backprop"})
    assert not [e for e in at.info if "samples" in e.value] and widget(at, "nn.sample").max == 200
