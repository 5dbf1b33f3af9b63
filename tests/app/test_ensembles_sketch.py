"""The XGBoost sketch view (ensembles page) as a user sees it: the hand-checked candidates and default
direction of its presets, the ε bound on data, Chinese and projector mode."""

import numpy as np

from tests.app.apptools import chart_specs
from tests.app.apptools import open_page
from tests.app.test_ensembles import PAGE
from tests.app.test_ensembles import choose_preset
from tests.app.test_ensembles import latex
from tests.app.test_ensembles import metrics


def test_toy_preset_shows_the_hand_computed_candidates_and_default_direction():
    at = choose_preset("Notes on Zhou §5.4 (XGBoost paper")
    sketch, sparsity = at.dataframe[0].value, at.dataframe[1].value
    np.testing.assert_array_equal(sketch["s_j"], [1, 3, 4, 6])
    np.testing.assert_allclose(sketch["r(s_j)"], [0, 0.2, 0.6, 0.8])
    assert list(sketch["< ε"]) == ["✓", "✗", "✓", ""]  # value 3 alone holds 0.4 ≥ ε = 0.3
    np.testing.assert_allclose(sparsity["s"], [1.5, 2.5, 3.5])
    np.testing.assert_allclose(sparsity["Gain, missing → left"], [-1.291667, -0.958333, -1.433333], atol=1e-6)
    np.testing.assert_allclose(sparsity["Gain, missing → right"], [0.166667, 0.708333, -0.958333], atol=1e-6)
    assert list(sparsity["default direction"]) == ["right"] * 3
    shown = metrics(at)
    assert shown["Candidates"] == "4" and shown["Largest rank gap"] == "0.4"
    assert shown["Best gain"] == "0.7083" and shown["Best split s"] == "2.5"
    assert shown["Default direction"] == "right"
    assert r"\max(-0.9583,\ 0.7083) = 0.7083" in latex(at) and r"G_m = -3,\ H_m = 1" in latex(at)


def test_data_preset_keeps_every_bucket_below_epsilon_and_picks_the_better_side():
    at = choose_preset("Notes on Zhou §5.4: weighted quantile sketch")
    assert at.session_state["ens.sk_round"] == 5 and at.session_state["ens.sk_eps"] == 0.1
    sketch, sparsity = at.dataframe[0].value, at.dataframe[1].value
    gaps = sketch["r(s_j+1) − r(s_j)"].to_numpy()[:-1]
    assert np.all(gaps < 0.1) and 10 <= len(sketch) <= 21
    assert abs(float(metrics(at)["Largest rank gap"]) - gaps.max()) < 1e-4
    left, right = sparsity["Gain, missing → left"], sparsity["Gain, missing → right"]
    expected = np.where(left >= right, "left", "right")
    np.testing.assert_array_equal(sparsity["default direction"], expected)
    k = int(np.argmax(np.maximum(left, right)))
    assert metrics(at)["Default direction"] == expected[k]
    best = max(left[k], right[k])
    assert best > 0 and abs(float(metrics(at)["Best gain"]) - best) <= 1e-3 * best


def test_round_one_hessians_are_equal_so_candidates_are_ordinary_quantiles():
    at = open_page(
        PAGE,
        query={
            "ens.view": "sketch",
            "ens.sk_toy": "false",
            "ens.sk_round": "1",
            "ens.sk_eps": "0.2",
            "ens.n": "50",
        },
    )
    assert not at.exception
    r = at.dataframe[0].value["r(s_j)"].to_numpy()[:-1]
    k = int(np.ceil(0.2 * 50)) - 1  # 50 distinct values of equal h: every 9th order statistic
    np.testing.assert_allclose(r, np.arange(len(r)) * k / 50, atol=1e-6)


def test_chinese_and_projector_mode():
    at = choose_preset("周志华札记 §5.4（XGBoost", lang="zh")
    assert metrics(at)["默认方向"] == "右"
    at = open_page(PAGE, query={"ens.view": "sketch", "projector": "true"})
    assert not at.exception and len(chart_specs(at)) == 2
