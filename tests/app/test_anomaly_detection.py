"""The anomaly-detection page as a user sees it (AppTest): book presets and numbers, URL state,
language, and the messages for impossible settings."""

import numpy as np

from algorithms import SVDD
from algorithms import LocalOutlierFactor
from algorithms.datasets import load_dataset
from tests.app.apptools import captions
from tests.app.apptools import chart_specs
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import sample_message
from tests.app.apptools import set_label
from tests.app.apptools import widget
from views.anomaly_detection.kliep import FIT_LIMIT as KLIEP_LIMIT
from views.anomaly_detection.lof import FIT_LIMIT as LOF_LIMIT
from views.anomaly_detection.svdd import FIT_LIMIT as SVDD_LIMIT

PAGE = "anomaly_detection.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return " ".join(formulas(at))


def choose_preset(at, label_start: str):
    preset = widget(at, "anom.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_lof_defaults_match_the_estimator_and_show_the_neighbours():
    at = open_page(PAGE)
    assert not at.exception
    X = load_dataset("lof_demo", 100, None, 0).X
    lof = LocalOutlierFactor(3).fit(X)
    shown = metrics(at)
    assert shown["LOF of #99"] == f"{lof.lof_[99]:.4g}"
    rank = int(np.sum(lof.lof_ > lof.lof_[99])) + 1
    assert shown["Rank of #99"] == f"{rank} / 100" and shown["Rank (planted)"] == str(rank)
    assert any("Neighbours of #99" in m.value for m in at.markdown)
    table = next(m.value for m in at.markdown if "Neighbours of #99" in m.value)
    for j in lof.neighbors_[99]:
        assert f"#{j} " in table
    main = chart_specs(at)[0]
    sizes = next(t for t in main["data"] if t.get("name") == "Circle size ∝ LOF")["marker"]["size"]
    assert sizes is not None  # marker size by LOF (Fig 12.1)


def test_fig12_1_preset_uses_the_listing_k_distance():
    """Sugiyama Fig 12.2 listing: s(:,k) is the (k−1)-th non-self neighbour (erratum §22)."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 12.1")
    assert at.session_state["anom.convention"] == "listing" and at.session_state["anom.k"] == 3
    X = load_dataset("lof_demo", 100, None, 0).X
    listing = LocalOutlierFactor(3, convention="listing").fit(X)
    assert metrics(at)["LOF of #99"] == f"{listing.lof_[99]:.4g}"
    assert "erratum" in captions(at)


def test_selecting_the_most_outlying_point():
    X = load_dataset("lof_demo", 100, None, 0).X
    top = int(np.argmax(LocalOutlierFactor(3).fit(X).lof_))
    at = open_page(PAGE, query={"anom.point": str(top)})
    assert metrics(at)[f"Rank of #{top}"] == "1 / 100"


def test_lof_map_and_threshold():
    at = open_page(PAGE, query={"anom.show_map": "true", "anom.tau": "2.0"})
    assert not at.exception
    main = chart_specs(at)[0]
    assert main["data"][0]["type"] == "heatmap" and main["data"][0]["z"]["dtype"] == "u1"  # uint8 region


def test_svdd_linear_preset_is_the_minimum_enclosing_sphere_with_the_corrected_dual():
    """Sugiyama §12.2 / Fig 12.3: the dual needs Σα = 1 (erratum §22); ≤ 1/(nC) points outside."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 12.3")
    assert at.session_state["anom.view"] == "svdd" and at.session_state["anom.kernel"] == "linear"
    X = load_dataset("gaussian_outliers", 100, None, 0).X
    svdd = SVDD(0.1, None, tol=1e-6, n_snapshots=60).fit(X)
    shown = metrics(at)
    assert shown["R²"] == f"{svdd.radius2_:.4g}"
    outside = int(shown["Outside the sphere"].split(" / ")[0])
    assert outside <= 10 and shown["Bound 1/(nC)"] == "0.1"
    text = latex(at)
    assert r"\sum_i \alpha_i = 1" in text and r"\hat c" in text
    assert "Σα = 1" in captions(at)


def test_svdd_steps_through_smo():
    at = open_page(PAGE, query={"anom.view": "svdd"})
    step = widget(at, "anom.svdd.step")
    step.set_value(0).run()
    assert any("SMO step 0" in m.value for m in at.markdown)


def test_too_small_C_is_a_message_not_an_exception():
    at = open_page(PAGE, query={"anom.view": "svdd", "anom.C": "0.001"})
    assert not at.exception
    assert any("1/n" in e.value for e in at.error)


def test_kliep_book_numbers():
    """Sugiyama §12.3 / Fig 12.7 with numpy seed 0, each width solved to the optimum of the KLIEP program
    (issue 21; spec §12.C's derived 0.79/0.94 and "κ = 1 does not converge" came from the listing's
    fixed-ε iteration stopping short): κ = 5 gives ŵ(5) = 0.924 (median 1.018), κ = 10 gives 0.981
    (median 1.005), κ = 1 converges with ŵ(5) = 0.017 and 7 points below 0.8; CV picks κ = 1."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 12.7")
    shown = metrics(at)
    assert shown["ŵ at the planted anomaly"] == "0.924" and shown["Median ŵ"] == "1.018"
    assert shown["CV choice of κ"] == "1" and shown["ŵ < 0.8"] == "3 / 100"
    at = choose_preset(at, "Sugiyama §12.3: KLIEP with κ = 10")
    shown = metrics(at)
    assert shown["ŵ at the planted anomaly"] == "0.981" and shown["Median ŵ"] == "1.005"
    at = choose_preset(at, "Sugiyama §12.3: KLIEP with κ = 1 (")
    shown = metrics(at)
    assert shown["ŵ at the planted anomaly"] == "0.0173" and shown["ŵ < 0.8"] == "7 / 100"
    assert any(c.value.startswith("Converged after") for c in at.caption)


def test_the_cv_button_applies_the_choice():
    at = open_page(PAGE, query={"anom.view": "kliep", "anom.kappa": "5"})
    assert metrics(at)["CV choice of κ"] == "1"
    next(b for b in at.button if b.label.startswith("Use the CV choice")).click().run()
    assert at.session_state["anom.kappa"] == 1.0
    assert metrics(at)["ŵ at the planted anomaly"] == "0.0173"


def test_the_listings_cv_criterion_scores_mean_w():
    """The listing scores held-out normal samples by mean ŵ (erratum §22 keeps it as an option); with
    our folds it prefers the narrow κ = 1."""
    at = open_page(PAGE, query={"anom.view": "kliep", "anom.criterion": "listing"})
    assert not at.exception
    assert r"\hat w(x')" in latex(at) and "mean ŵ" in captions(at)


def test_kliep_finer_grid_never_shows_infinite_bars():
    at = open_page(PAGE, query={"anom.view": "kliep", "anom.fine": "true"})
    assert not at.exception
    cv = next(s for s in chart_specs(at) if s["layout"]["title"]["text"].startswith("Cross-validation"))
    assert len(cv["data"][0]["text"]) == 7


def test_url_state_and_chinese():
    at = open_page(PAGE, query={"anom.view": "svdd", "anom.kernel": "linear", "anom.C": "0.2", "lang": "zh"})
    assert not at.exception
    assert at.session_state["anom.C"] == 0.2 and at.session_state["anom.kernel"] == "linear"
    assert at.title[0].value == "异常检测"
    assert "球外的点" in metrics(at)


def test_kliep_with_data_without_a_normal_sample():
    at = open_page(PAGE, query={"anom.view": "kliep", "anom.1d.data": "rulsif_pair"})
    assert not at.exception
    assert "CV choice of κ" in metrics(at)
    at = open_page(PAGE, query={"anom.view": "kliep", "anom.1d.data": "lsdd_pair"})
    assert not at.exception and "Smallest ŵ" in metrics(at)


def test_own_csv_file_in_every_view():
    """An uploaded table works everywhere; KLIEP then splits it into a normal and a test half."""
    import pandas as pd

    rng = np.random.default_rng(0)
    table = pd.DataFrame(
        {
            "a": rng.normal(size=60).round(3).astype(str),
            "b": rng.normal(size=60).round(3).astype(str),
            "label": np.array(["x", "y"])[rng.integers(0, 2, 60)],
        }
    )
    for view, prefix in (("lof", "anom"), ("svdd", "anom"), ("kliep", "anom.1d")):
        at = open_page(PAGE, query={"anom.view": view, f"{prefix}.data": "csv"})
        at.session_state[f"{prefix}.csv_table"] = table
        at.session_state[f"{prefix}.csv_name"] = "own.csv"
        at.run()
        assert not at.exception and not at.error, view
        assert chart_specs(at) and at.metric
    assert any("random half" in i.value for i in at.info)


def test_lof_at_20000_points_fits_on_the_sample_said_on_screen():
    at = open_page(PAGE, query={"anom.view": "lof", "anom.n": "20000"})
    assert not at.exception
    assert f"{LOF_LIMIT:,} of the 20,000 samples" in sample_message(at)
    last = LOF_LIMIT - 1  # the selected point defaults to the sample's last
    assert metrics(at)[f"Rank of #{last}"].endswith(f" / {LOF_LIMIT}")
    assert not sample_message(open_page(PAGE, query={"anom.view": "lof"}))


def test_svdd_at_20000_points_fits_on_the_sample_said_on_screen():
    at = open_page(PAGE, query={"anom.view": "svdd", "anom.n": "20000"})
    assert not at.exception
    assert f"{SVDD_LIMIT:,} of the 20,000 samples" in sample_message(at)
    assert metrics(at)["Outside the sphere"].endswith(f" / {SVDD_LIMIT}")
    assert metrics(at)["Bound 1/(nC)"] == f"{1 / (SVDD_LIMIT * 0.05):.3g}"
    assert not sample_message(open_page(PAGE, query={"anom.view": "svdd"}))


def test_kliep_at_20000_points_fits_on_the_sample_said_on_screen():
    at = open_page(PAGE, query={"anom.view": "kliep", "anom.1d.n": "20000"})
    assert not at.exception
    assert f"{KLIEP_LIMIT:,} of the 20,000 samples" in sample_message(at)
    assert next(v for k, v in metrics(at).items() if k.startswith("ŵ <")).endswith(f" / {KLIEP_LIMIT}")
    assert not sample_message(open_page(PAGE, query={"anom.view": "kliep"}))
