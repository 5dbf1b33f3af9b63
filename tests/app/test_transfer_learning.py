"""The transfer-learning page as a user sees it (AppTest): the values each view shows, the book
presets, and the messages for impossible settings."""

import numpy as np
import pytest

from algorithms import LSDD
from algorithms import ClassBalanceLS
from algorithms import ImportanceWeightedLS
from algorithms import RuLSIF
from algorithms import class_balance_sample
from algorithms import covariate_shift_sample
from algorithms import estimate_class_prior
from algorithms import load_dataset
from algorithms import relative_importance
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget
from views.transfer_learning._common import two_samples

PAGE = "transfer_learning.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "tl.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_fig18_2_presets_show_weighted_and_ordinary_least_squares():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 18.2(b)")
    s = covariate_shift_sample()
    w = relative_importance(*s.log_densities(s.X[:, 0]), 0.0)
    iw = ImportanceWeightedLS().fit(s.X, s.y, w)
    ols = ImportanceWeightedLS().fit(s.X, s.y)
    shown = metrics(at)
    assert shown["Test error, weighted (β = 0)"] == f"{iw.test_error(s.X_test, s.y_test):.4g}"
    assert shown["Test error, ordinary LS"] == f"{ols.test_error(s.X_test, s.y_test):.4g}" == "0.3075"
    assert shown["IWCV's choice of β"] == "0"
    assert shown["Largest weight"] == f"{w.max():.3g}"
    at = choose_preset(at, "Sugiyama Fig 18.2(a)")
    assert metrics(at)["Test error, weighted (β = 1)"] == "0.3075"  # β = 1 is ordinary least squares


def test_shift_sliders_move_the_densities():
    at = open_page(PAGE, {"tl.view": "shift", "tl.mu_test": "1", "tl.sd_test": "0.5"})
    assert not at.exception
    assert metrics(at)["Largest weight"] == "1"  # p′ = p: every weight is 1


def test_rulsif_preset_reproduces_the_spec_run():
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 18.5")
    data = load_dataset("rulsif_pair", 300, None, 0)
    model = RuLSIF(0.5, 1.0, 0.01, random_state=0).fit(data.extra["X_prime"], data.X)
    shown = metrics(at)
    assert shown["CV's choice"] == "σ = 1, λ = 0.01"
    assert shown["Largest ŵ_β at the samples"] == f"{model.predict(data.X).max():.3g}"
    assert shown["Bound 1/β"] == "2"
    assert float(shown["RMSE against the truth"]) < 0.15  # spec §18.D: 0.117


def test_lsdd_preset_shows_the_book_l2():
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 18.10")
    data = load_dataset("lsdd_pair", 200, None, 0)
    model = LSDD(1.0, 1.0, "listing", random_state=0).fit(data.X, data.extra["X_prime"])
    shown = metrics(at)
    assert shown["True L²"] == "0.1248"
    assert shown["L² estimate 2v̂ᵀα̂ − α̂ᵀUα̂"] == f"{model.l2_:.4g}"  # spec: seed 0 gave 0.087
    assert abs(model.l2_ - 0.087) < 0.002
    assert shown["CV's choice"] == "σ = 1, λ = 1"


def test_class_balance_preset_estimates_the_test_share():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 18.8")
    s = class_balance_sample(200, 200, 0.8, 0.5, (-1.0, 1.0), 1.0, 0)
    prior = estimate_class_prior(s.X, s.y, s.X_test, 1.0, 0.1, random_state=0).prior
    plain = ClassBalanceLS(None).fit(s.X, s.y)
    weighted = ClassBalanceLS(prior).fit(s.X, s.y)
    shown = metrics(at)
    assert shown["Estimated share π̂"] == f"{prior:.2g}"
    assert abs(prior - 0.5) < 0.1
    captions = " ".join(c.value for c in at.caption)
    expected = f"unweighted {plain.threshold_:.3g}, weighted {weighted.threshold_:.3g}, optimal"
    assert expected in captions
    assert plain.threshold_ < weighted.threshold_  # Fig 18.8: the unweighted boundary leans into class −1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_view_opens(lang):
    for view in ("shift", "ratio", "balance", "diff"):
        at = open_page(PAGE, {"tl.view": view}, lang=lang)
        assert not at.exception and not at.error, (view, at.error)
        assert len(at.metric) >= 4


def test_other_pairs_show_no_truth_and_a_set_without_x_prime_is_split():
    at = open_page(PAGE, {"tl.view": "ratio", "tl.ratio.data": "kliep_demo"})
    assert not at.exception and not at.error
    assert "RMSE against the truth" not in metrics(at)
    assert np.isfinite(float(metrics(at)["Largest ŵ_β at the samples"]))
    sinc = load_dataset("sinc", 50, 0.2, 0)
    X, X_prime, split = two_samples(sinc, 0)
    assert split and len(X) + len(X_prime) == 50
    assert sorted(np.r_[X[:, 0], X_prime[:, 0]]) == sorted(sinc.X[:, 0])
