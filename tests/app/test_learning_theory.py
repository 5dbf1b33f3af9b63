"""The learning-theory page as a user sees it (AppTest): the finite-H worked example, shattering,
the bias–variance identity, MAP = ridge / lasso, and the enumeration cap."""

import numpy as np
import pytest

from algorithms import BayesianLinearRegression
from algorithms import LinearRegression
from algorithms import Ridge
from algorithms import arrival_order
from algorithms import laplace_map
from algorithms import load_dataset
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "learning_theory.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str, lang: str | None = None):
    at = open_page(PAGE, lang=lang)
    preset = widget(at, "lt.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def test_finite_h_worked_example_shows_gamma_0_0728():
    """CS229 M28 (issue 20): k = 1000, δ = 0.05, m = 1000 → γ = √(ln 40000 / 2000) ≈ 0.0728."""
    shown = metrics(choose_preset("CS229 Part VI §3"))
    assert shown["γ(m, k, δ)"] == "0.0728"
    assert shown["ε(ĥ) − min ε ≤ 2γ"] == "0.146"
    assert shown["m needed for γ = 0.05"] == "2120"
    assert float(shown["observed, one coin"]) <= float(shown["Hoeffding 2e^(−2γ²m)"]) == pytest.approx(0.0135)


def test_one_coin_stays_under_hoeffding():
    shown = metrics(choose_preset("CS229 Part VI §2"))
    assert shown["Hoeffding 2e^(−2γ²m)"] == "0.271"  # 2e^(−2)
    assert float(shown["observed, one coin"]) < 0.271
    assert shown["observed, one coin"] == shown["observed, any of 1 coins"]


@pytest.mark.parametrize("label,realised,shattered,d", [
    ("CS229 Part VI §4: lines shatter", "8 / 8", "yes", "3"),
    ("CS229 Part VI §4: no 4", "14 / 16", "no", "3"),
    ("Rectangles shatter", "16 / 16", "yes", "4"),
])
def test_shattering_presets(label, realised, shattered, d):
    shown = metrics(choose_preset(label))
    assert shown == {"Labellings realised": realised, "Shattered": shattered, "VC dimension d": d}


def test_intervals_do_not_shatter_three_points():
    at = open_page(PAGE, {"lt.view": "vc", "lt.concept": "interval", "lt.layout": "collinear"})
    assert metrics(at) == {"Labellings realised": "7 / 8", "Shattered": "no", "VC dimension d": "2"}


def test_more_points_than_the_cap_are_capped_with_a_message():
    at = open_page(PAGE, {"lt.view": "vc", "lt.layout": "clicked"})
    at.session_state["lt.points"] = np.random.default_rng(0).uniform(0, 1, (9, 2)).tolist()
    at.run()
    assert not at.exception
    assert any("stops at 7 points" in w.value for w in at.warning)
    assert metrics(at)["Labellings realised"].endswith("/ 128")


@pytest.mark.parametrize("label", ["CS229 Part VI §1: a linear", "CS229 Part VI §1: a 5th-order"])
def test_bias_variance_adds_up_to_the_measured_test_error(label):
    shown = {k: float(v) for k, v in metrics(choose_preset(label)).items()}
    total = shown["bias²"] + shown["variance"] + shown["noise σ²"]
    assert shown["bias² + variance + σ²"] == pytest.approx(total, rel=0.01)
    assert shown["measured test error"] == pytest.approx(total, rel=0.05)


def test_underfit_has_more_bias_and_overfit_more_variance():
    under = {k: float(v) for k, v in metrics(choose_preset("CS229 Part VI §1: a linear")).items()}
    over = {k: float(v) for k, v in metrics(choose_preset("CS229 Part VI §1: a 5th-order")).items()}
    assert under["bias²"] > 10 * over["bias²"] and over["variance"] > 3 * under["variance"]


def _first_seen(n_seen: int):
    ds = load_dataset("glm_gaussian", random_state=0)
    order = arrival_order(len(ds.y), True, 0)[:n_seen]
    return ds.X[order], ds.y[order]


def vec(theta) -> str:
    return "(" + ", ".join(f"{v:.3g}" for v in theta) + ")"


def test_gaussian_prior_map_is_ridge_with_lambda_alpha_over_beta():
    shown = metrics(choose_preset("CS229 Part VII §3: Gaussian"))
    X, y = _first_seen(5)
    assert shown["λ = α/β"] == "0.4"
    assert shown["θ MAP"] == vec(Ridge(0.4).fit(X, y).theta_)
    assert shown["θ MAP"] == vec(BayesianLinearRegression(2, 5).fit(X, y).mean_)
    assert shown["θ ML"] == vec(LinearRegression().fit(X, y).theta_)


def test_laplace_prior_map_is_the_lasso_and_zeroes_a_coefficient():
    shown = metrics(choose_preset("CS229 Part VII §3: Laplace"))
    X, y = _first_seen(5)
    Phi = np.column_stack([np.ones(len(y)), X[:, 0]])
    assert shown["θ MAP"] == vec(laplace_map(Phi, y, 20.0, 5.0))
    assert shown["θ MAP"].startswith("(0,")
