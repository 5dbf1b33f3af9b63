"""The sequence-labelling page as a user sees it (AppTest): presets, the counts, the messages."""

import numpy as np

from algorithms import LinearChainCRF
from algorithms import forward_backward
from algorithms import sequence_features
from algorithms import sticky_chain
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "sequence_labelling.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "seq.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_fig11_2_preset_counts_and_log_partition_function():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 11.2")
    shown = metrics(at)
    assert shown["Brute force c^m·m: terms"] == "590,490"  # 3^10 · 10
    assert shown["DP c²m: terms"] == "90"
    X, Y = sticky_chain(40, 10, 3, 0.85, "gaussian", 0.6, random_state=0)
    Phis = sequence_features(X, "gaussian", 3)
    crf = LinearChainCRF(3, 0.02, 200, n_snapshots=25, random_state=0).fit(Phis[:20], Y[:20])
    assert shown["log Z"] == f"{forward_backward(*crf.potentials(Phis[20])).log_Z:.5g}"
    crf_acc = float(shown["Test accuracy, CRF (Viterbi)"].rstrip(" %"))
    assert crf_acc > float(shown["Test accuracy, softmax"].rstrip(" %"))


def test_symbols_preset_has_4_to_the_12_labellings():
    at = choose_preset(open_page(PAGE), "Sugiyama §11.2")
    assert metrics(at)["Brute force c^m·m: terms"] == "2.01e+08"  # 4^12 · 12 = 201,326,592


def test_position_messages_are_written_out():
    at = open_page(PAGE, {"seq.position": "3"})
    latex = " ".join(formulas(at))
    assert r"\log\alpha_{3}(y)" in latex and "p(y^{(3)} = y)" in latex


def test_sequences_of_length_zero_get_a_message():
    at = open_page(PAGE, {"seq.length": "0"})
    assert not at.exception and any("length 0" in e.value for e in at.error)


def test_sgd_view_checks_the_gradient():
    at = open_page(PAGE, {"seq.view": "sgd"})
    shown = metrics(at)
    assert float(shown["Gradient − finite differences"]) < 1e-6 and shown["Parameters cb + c²"] == "18"
    assert np.isfinite(float(shown["Final log-likelihood"]))


def test_chinese_labels():
    at = open_page(PAGE, lang="zh")
    assert not at.exception and "动态规划 c²m：项数" in metrics(at)
