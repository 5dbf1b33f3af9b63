"""The robust-regression page as a user sees it (AppTest): the book's presets, bad data, language."""

import numpy as np
import pytest

from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "robust_regression.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def vector(text: str) -> list[float]:
    return [float(v) for v in text.strip("()").split(",")]


def choose_preset(label_start: str):
    at = open_page(PAGE)
    preset = widget(at, "rob.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception and not at.error
    return at


def test_fig_6_3_preset_least_squares_swings_while_l1_follows_the_line():
    """Sugiyama Figs 6.1, 6.3 on DS-2 (seed 0): the outlier (3, −4) tilts least squares; ℓ1 stays on y = x."""
    shown = metrics(choose_preset("Sugiyama Figs 6.1, 6.3"))
    assert vector(shown["θ of ℓ2 (least squares)"]) == pytest.approx([-0.658, 0.429], abs=1e-3)
    assert vector(shown["θ of ℓ1 (least absolute deviations)"]) == pytest.approx([0.0189, 0.998], abs=1e-3)
    assert vector(shown["θ of Huber"])[1] == pytest.approx(0.883, abs=1e-3)
    assert vector(shown["θ of Tukey"])[1] == pytest.approx(1.01, abs=1e-2)


def test_the_loss_panels_draw_the_residuals_of_the_chosen_fit():
    at = choose_preset("Sugiyama Figs 6.1, 6.3")
    rho = next(s for s in chart_specs(at) if s["layout"]["title"]["text"].startswith("Losses"))
    rug = next(decoded_arrays(rho["data"][-1]["x"]))
    assert len(rug) == 10 and rug.max() == pytest.approx(3.0 * 0.998 + 0.0189 + 4.0, abs=1e-2)
    assert np.sum(np.abs(rug) < 1e-6) >= 2  # an ℓ1 line passes through (at least) two points


def test_fig_6_8_preset_huber_converges_in_a_few_iterations():
    """Fig 6.8: the book needs 4 iterations ([SIM] 4–5); marker sizes follow the weights."""
    at = choose_preset("Sugiyama Fig 6.8")
    shown = metrics(at)
    assert 3 <= int(shown["Iterations"]) <= 6
    assert vector(shown["θ"]) == pytest.approx([-0.103, 0.883], abs=1e-3)
    widget(at, "rob.irls.step").set_value(0).run()
    assert any("Step 0" in m.value and "every weight 1" in m.value for m in at.markdown)


def test_fig_6_3_the_books_way_huber_with_tiny_eta_is_the_l1_fit():
    shown = metrics(choose_preset("Sugiyama Fig 6.3 the book's way"))
    assert vector(shown["θ"]) == pytest.approx([0.0189, 0.998], abs=2e-2)


def test_fig_6_11_preset_tukey_gives_the_outlier_weight_zero():
    shown = metrics(choose_preset("Sugiyama Fig 6.11:"))
    assert int(shown["Points with weight 0"]) >= 1
    assert vector(shown["θ"])[1] == pytest.approx(1.0, abs=0.1)


def test_fig_6_11c_preset_finds_several_local_optima():
    shown = metrics(choose_preset("Sugiyama Fig 6.11(c)"))
    assert int(shown["Distinct local optima"]) >= 2
    assert shown["Least-squares start → optimum"] == "1"  # on DS-2 the book's start finds the best
    assert float(shown["Lowest objective"]) < 0.5


def test_fig_6_13_preset_counts_zeros_like_the_book():
    """Spec O15: (b) 38 and (d) 36 zeros in the book, [SIM] 29–39 and 25–40; (a), (c) none."""
    shown = metrics(choose_preset("Sugiyama Fig 6.13"))
    zeros = {p: int(shown[f"Zeros in ({p})"].split("/")[0]) for p in "abcd"}
    assert zeros["a"] == 0 and zeros["c"] == 0
    assert 25 <= zeros["b"] <= 40 and 25 <= zeros["d"] <= 40


def test_a_link_leads_to_the_ramp_loss_classifier():
    at = open_page(PAGE)
    links = at.get("page_link")
    assert any("ramp" in link.proto.label and "svm.view=hinge" in link.proto.query_string for link in links)


def test_all_equal_targets_get_a_message_and_the_last_fit_stays():
    at = open_page(PAGE)
    set_label(at, widget(at, "rob.data"), "Your own CSV file")
    at.run()
    flat = b"x,y\n1,2\n2,2\n3,2\n4,2\n5,2\n6,2\n"
    at.file_uploader(key="rob.csv_file").upload("flat.csv", flat, "text/csv")
    at.run()
    assert not at.exception
    assert any("targets are equal" in e.value for e in at.error)
    assert "θ of Huber" in metrics(at)  # the last good fit is still shown


def test_url_state_and_chinese_labels():
    at = open_page(PAGE, query={"rob.view": "irls", "rob.loss": "tukey", "rob.eta": "3"}, lang="zh")
    assert not at.exception
    assert at.title[0].value == "鲁棒回归"
    assert at.session_state["rob.loss"] == "tukey" and at.session_state["rob.eta"] == 3.0
    assert "权重为 0 的点" in metrics(at)
