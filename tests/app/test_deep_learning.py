"""The deep-learning page as a user sees it (AppTest): the seed's convolution matrices, bad windows."""

import numpy as np

from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "deep_learning.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str, lang: str | None = None):
    at = open_page(PAGE, lang=lang)
    preset = widget(at, "dl.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def latex(at) -> str:
    return "\n".join(formulas(at))


def test_padding_preset_reproduces_seed_40():
    at = choose_preset("Seed 003 (40)")
    assert metrics(at)["Output"] == "4 × 4"
    rows = r"0 & 3 & 8 & 4 \\ 9 & 19 & 25 & 10 \\ 21 & 37 & 43 & 16 \\ 6 & 7 & 8 & 0"
    assert rows in latex(at)
    widget(at, "dl.conv.step").set_value(5).run()  # cell (2, 2): 0×0 + 1×1 + 3×2 + 4×3 = 19
    assert any("0×0 + 1×1 + 3×2 + 4×3 = 19" in m.value for m in at.markdown)


def test_stride_preset_reproduces_0_8_6_8():
    at = choose_preset("Seed 003 §7.6.2")
    assert metrics(at)["Output"] == "2 × 2"
    assert r"0 & 8 \\ 6 & 8" in latex(at)


def test_edge_and_pooling_presets():
    at = choose_preset("Seed 003 (46)")
    assert r"0 & 1 & 0 & 0 \\ 0 & 1 & 0 & 0" in latex(at)
    at = choose_preset("Seed 003 (47)")
    assert r"1 & 1 & 1 & 0 \\ 1 & 1 & 1 & 0" in latex(at) and metrics(at)["Learnable parameters"] == "0"
    at = choose_preset("Seed 003 Figure 27")
    assert r"4 & 5 \\ 7 & 8" in latex(at)


def test_windows_that_do_not_fit_get_a_message_in_the_users_language():
    at = open_page(PAGE, query={"dl.kernel": "ones4"})
    assert any("larger than the padded input" in e.value for e in at.error)
    at = open_page(PAGE, query={"dl.stride_h": "5"}, lang="zh")
    assert any("步幅" in e.value for e in at.error) and not at.exception


def test_attention_rows_sum_to_one():
    at = choose_preset("Seed 003 (53)")
    text = latex(at)
    assert r"\sum = 1" in text
    weights = text.split(r"\sum")[0].rsplit("= (", 1)[1].split(")")[0]
    assert np.isclose(sum(float(v) for v in weights.split(",")), 1.0, atol=2e-3)


def test_positional_encoding_value():
    at = choose_preset("Seed 003 (54)")
    value = np.sin(10 / 10000 ** (2 / 32))
    assert f"{value:.4g}" in latex(at)


def test_lstm_preset_remembers_and_shows_its_gates():
    at = choose_preset("Seed 003 §7.7.1")
    shown = metrics(at)
    assert float(shown["Read-out mean squared error"]) < 0.15
    assert shown["Recurrent weights and biases (random, kept fixed)"] == str(4 * (4 * 5 + 4))
    widget(at, "dl.rnn.step").set_value(3).run()
    assert any(m.value.startswith("h = (") and "f = (" in m.value for m in at.markdown)


def test_two_channel_preset_sums_the_channels():
    at = choose_preset("Seed 003 §7.6.3")
    assert metrics(at)["Learnable parameters"] == "8"
    assert r"56 & 72 \\ 104 & 120" in latex(at)


def test_sobel_preset_shows_the_feature_map_and_its_pooled_size():
    """Seed 003 §7.6.4: Sobel x on the 32 × 32 shapes image, padding 1, then 2 × 2 max pooling."""
    from algorithms import EDGE_KERNELS
    from algorithms import conv2d
    from algorithms import synthetic_image

    at = choose_preset("Sobel x with 2 × 2 max pooling")
    Y = conv2d(synthetic_image(32), EDGE_KERNELS["sobel_x"], (1, 1))
    shown = metrics(at)
    assert shown["Output"] == "32 × 32 → 32 × 32 → 16 × 16"
    assert shown["Strongest response |Y|"] == f"{np.abs(Y).max():.3g}"
    assert r"-1 & 0 & 1 \\ -2 & 0 & 2 \\ -1 & 0 & 1" in latex(at)
