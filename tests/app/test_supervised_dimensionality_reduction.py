"""The supervised-dimensionality-reduction page as a user sees it (AppTest): the book presets and the
numbers they show, URL state, and messages for unusable data."""

import numpy as np

from algorithms import LFDA
from algorithms import LSDR
from algorithms import NNDA
from algorithms import PCA
from algorithms import SELF
from algorithms import FisherDA
from algorithms import nn_accuracy
from algorithms import spread_labels
from algorithms import unit_directions
from algorithms.datasets import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget
from views.supervised_dimensionality_reduction._common import SAMPLE_LIMIT
from views.supervised_dimensionality_reduction.lsdr import LSDR_LIMIT

PAGE = "supervised_dimensionality_reduction.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return " ".join(formulas(at))


def choose_preset(at, label_start: str):
    preset = widget(at, "sdr.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def angle(v) -> float:
    return float(np.degrees(np.arctan2(v[1], v[0])) % 180.0)


def test_fig17_3_preset_fda_fails_lfda_is_horizontal():
    """Sugiyama Figs 17.1 (right) / 17.3 on fisher2: FDA ≈ (−0.06, 1.00), LFDA ≈ (−1.00, 0.03)."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 17.1 (right)")
    assert at.session_state["sdr.data"] == "fisher2" and at.session_state["sdr.seed"] == 1
    d = load_dataset("fisher2", 100, None, 1)
    fda, lfda = FisherDA(1).fit(d.X, d.y).components_[0], LFDA(1).fit(d.X, d.y).components_[0]
    shown = metrics(at)
    assert shown["FDA direction"] == f"{angle(fda):.1f}°" == "93.6°"
    assert shown["LFDA direction"] == f"{angle(lfda):.1f}°" == "178.3°"
    assert float(shown["1-NN accuracy on LFDA's z"].rstrip(" %")) > 90
    assert float(shown["1-NN accuracy on FDA's z"].rstrip(" %")) < 70
    assert "2t^2 = 1" in latex(at)
    assert any(trace.get("name") == "Affinity W ≥ 0.3" for spec in chart_specs(at) for trace in spec["data"])


def test_fig17_1_preset_both_directions_agree_on_unimodal_classes():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 17.1 (left)")
    shown = metrics(at)
    fda, lfda = float(shown["FDA direction"].rstrip("°")), float(shown["LFDA direction"].rstrip("°"))
    assert min(fda, 180 - fda) < 10 and min(lfda, 180 - lfda) < 10
    assert shown["1-NN accuracy on FDA's z"] == "100.0 %"


def test_knn_affinity_from_the_url_and_chinese():
    at = open_page(PAGE, query={"sdr.affinity": "knn", "sdr.knn": "3"}, lang="zh")
    assert not at.exception and at.session_state["sdr.knn"] == 3
    assert "t_i = " in latex(at)
    assert "LFDA 方向" in metrics(at)


def test_smallest_data_still_fits():
    at = open_page(PAGE, query={"sdr.data": "fisher1", "sdr.n": "8"})
    assert not at.exception and not at.error
    assert metrics(at)["1-NN accuracy on FDA's z"] == "100.0 %"


def test_self_preset_and_its_two_ends():
    """Sugiyama §17.1.3 (corrected): β = 0 is LFDA on the labelled points, β = 1 is PCA."""
    at = choose_preset(open_page(PAGE), "Sugiyama §17.1.3")
    assert at.session_state["sdr.view"] == "semi"
    d = load_dataset("fisher2", 100, None, 1)
    mask = np.zeros(100, bool)
    mask[spread_labels(d.y, 2)] = True
    shown = metrics(at)
    expected = SELF(1, 0.5, 7).fit(d.X, d.y, mask).components_[0]
    assert shown["SELF direction"] == f"{angle(expected):.1f}°" == "36.2°"
    lfda = LFDA(1, knn=7).fit(d.X[mask], d.y[mask]).components_[0]
    assert shown["LFDA direction (labels only)"] == f"{angle(lfda):.1f}°"
    at = open_page(PAGE, query={"sdr.view": "semi", "sdr.seed": "1", "sdr.beta": "1.0"})
    shown = metrics(at)
    pca = PCA(1).fit(d.X).components_[0]
    assert shown["SELF direction"] == shown["PCA direction"] == f"{angle(pca):.1f}°"
    at = open_page(PAGE, query={"sdr.view": "semi", "sdr.seed": "1", "sdr.beta": "0.0"})
    shown = metrics(at)
    assert shown["SELF direction"] == shown["LFDA direction (labels only)"]
    assert "S^{(rlb)} = (1-\\beta)S^{(lb)} + \\beta S^{(t)}" in latex(at)
    assert "4 labelled points" in " ".join(c.value for c in at.caption)


def test_lsdr_preset_finds_the_hidden_30_degree_direction():
    """Sugiyama §17.2: gradient ascent on the LSMI estimate ends at the peak of J(φ), 30°."""
    at = choose_preset(open_page(PAGE), "Sugiyama §17.2")
    assert at.session_state["sdr.view"] == "lsdr" and at.session_state["sdr.data"] == "sdr_stripes"
    d = load_dataset("sdr_stripes", 200, None, 0)
    model = LSDR(1, init=unit_directions([150]), max_iter=40).fit(d.X, d.y)
    shown = metrics(at)
    assert shown["LSDR direction"] == f"{angle(model.components_[0]):.1f}°"
    assert abs(float(shown["LSDR direction"].rstrip("°")) - 30) < 3
    assert shown["Best φ on the curve"] == "30°"
    assert shown["SMI estimate J"] == f"{model.smi_:.4g}"
    assert shown["Steps"] == str(len(model.history_) - 1)


def test_nnda_preset_finds_the_direction_where_lda_fails():
    """seed 004 §2.7: "NNDA finds the correct projection direction, but LDA failed!" (fisher2)."""
    at = choose_preset(open_page(PAGE), "Seed 004 §2.7")
    assert at.session_state["sdr.local_method"] == "nnda"
    d = load_dataset("fisher2", 100, None, 1)
    nnda = NNDA(1, 1.0).fit(d.X, d.y)
    shown = metrics(at)
    assert shown["NNDA direction"] == f"{angle(nnda.components_[0]):.1f}°"
    assert shown["FDA direction"] == "93.6°"
    assert float(shown["1-NN accuracy on the local z"].rstrip(" %")) > 85
    both = (shown["Ratio trace of its solution"], shown["Trace ratio of its solution"])
    assert both == (f"{nnda.ratio_trace_:.4g}",) * 2


def test_local_lda_with_too_small_k_explains_itself():
    at = open_page(PAGE, query={"sdr.view": "local", "sdr.data": "fisher1", "sdr.k": "3"})
    assert not at.exception
    assert "no two points of different classes are mutual neighbours" in at.error[0].value


def test_3d_preset_fda_beats_pca_and_each_criterion_wins_its_own():
    at = choose_preset(open_page(PAGE), "Seed 004 §2.6")
    assert at.session_state["sdr.view"] == "proj3d" and at.session_state["sdr.3d.data"] == "classes3d"
    d = load_dataset("classes3d", 150, None, 0)
    Z, Z_pca = FisherDA(2).fit_transform(d.X, d.y), PCA(2).fit_transform(d.X)
    shown = metrics(at)
    assert shown["1-NN accuracy, FDA"] == f"{100 * nn_accuracy(Z, d.y):.1f} %" == "94.0 %"
    assert shown["1-NN accuracy, PCA"] == f"{100 * nn_accuracy(Z_pca, d.y):.1f} %" == "84.0 %"
    assert float(shown["Eigenproblem T: ratio trace"]) >= float(shown["Iterative T: ratio trace"])
    assert float(shown["Iterative T: trace ratio"]) >= float(shown["Eigenproblem T: trace ratio"])
    assert len(chart_specs(at)) >= 2



def test_n_20000_fits_an_even_sample_said_on_screen():
    """Every view at n = 20 000 fits and draws an even sample (LSDR a smaller one): the info message
    gives the numbers, the data traces hold exactly that many points, with indices into the data
    (SELF's labelled points among them); at the default n no message."""
    views = (("fda", "sdr"), ("semi", "sdr"), ("local", "sdr"), ("lsdr", "sdr"), ("proj3d", "sdr.3d"))
    for view, prefix in views:
        limit = LSDR_LIMIT if view == "lsdr" else SAMPLE_LIMIT
        at = open_page(PAGE, {"sdr.view": view, f"{prefix}.n": "20000"})
        assert not at.exception and not at.error, view
        info = [e.value for e in at.info if "samples" in e.value]
        assert info == [f"This view fits on {limit:,} of the 20,000 samples, an even random sample, so that "
                        "it answers within a second."], view
        spec = next(s for s in chart_specs(at) if any("customdata" in tr for tr in s["data"]))
        index = np.concatenate([next(decoded_arrays(tr["customdata"])) for tr in spec["data"]
                                if "customdata" in tr]).astype(int)
        assert len(index) == len(np.unique(index)) == limit and index.max() < 20_000, view
        if view == "semi":
            y = load_dataset("fisher2", 20_000, None, 0).y
            assert set(spread_labels(y).tolist()) <= set(index.tolist())
        at = open_page(PAGE, {"sdr.view": view})
        assert not [e for e in at.info if "samples" in e.value], view
