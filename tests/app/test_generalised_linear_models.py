"""The GLM page as a user sees it (AppTest): presets and their numbers, family switching, bad data."""

import numpy as np
import pytest

from algorithms import GLMRegressor
from algorithms import LogisticRegression
from algorithms import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "generalised_linear_models.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str):
    at = open_page(PAGE)
    preset = widget(at, "glm.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def theta_text(theta) -> str:
    return "(" + ", ".join(f"{v:.3g}" for v in theta) + ")"


def test_bernoulli_family_preset_shows_a_of_zero_is_log_two():
    """CS229 §8: a(η) = log(1 + e^η); at η = 0, φ = ½ and a = log 2."""
    shown = metrics(choose_preset("CS229 §8: the Bernoulli"))
    assert shown == {"a(η)": "0.6931", "E[T(y)] = a′(η)": "0.5", "Var[T(y)] = a″(η)": "0.25"}


def test_poisson_family_preset_has_mean_and_variance_e_to_the_eta():
    shown = metrics(choose_preset("CS229 §8: the Poisson"))
    assert set(shown.values()) == {"2.718"}


@pytest.mark.parametrize("label,family,data", [
    ("CS229 §9.2", "bernoulli", "glm_bernoulli"),
    ("CS229 §9: Poisson", "poisson", "glm_poisson"),
    ("CS229 §9.3", "multinomial", "glm_multinomial"),
])
def test_fit_presets_show_the_irls_fit_of_their_family(label, family, data):
    at = choose_preset(label)
    ds = load_dataset(data, random_state=0)
    model = GLMRegressor(family).fit(ds.X, ds.y)
    shown = metrics(at)
    assert shown["θ (intercept first)"] == theta_text(model.theta_.T.ravel())
    assert shown["IRLS steps"] == str(model.n_iter_)
    assert shown["Deviance"] == f"{model.deviance_:.4g}"
    if family == "bernoulli":  # the same numbers as the project's logistic regression
        logistic = LogisticRegression(tol=1e-12).fit(ds.X, ds.y)
        assert shown["θ (intercept first)"] == theta_text(logistic.theta_)
    steps = widget(at, "glm.irls.step")
    steps.set_value(0).run()
    assert any("IRLS step 0" in m.value for m in at.markdown)


def test_loglinear_preset_compares_the_two_fits_and_the_band():
    at = choose_preset("Seed 004 §2.3")
    shown = metrics(at)
    ds = load_dataset("glm_poisson", random_state=0)
    assert shown["θ (Poisson GLM)"] == theta_text(GLMRegressor("poisson").fit(ds.X, ds.y).theta_)
    line = np.polyfit(ds.X[:, 0], np.log(ds.y + 1), 1)
    assert shown["(b, w) (log-linear)"] == theta_text(line[::-1])
    inside = float(shown["Counts inside the 90.0 % band"].rstrip(" %"))
    assert 85 <= inside <= 100
    widget(at, "glm.log_space").set_value(True).run()
    assert not at.exception
    spec = next(s for s in chart_specs(at) if "log space" in s["layout"]["title"]["text"])
    line = next(tr for tr in spec["data"] if tr.get("name") == "log-linear least squares")
    assert np.allclose(np.diff(next(decoded_arrays(line["y"])), 2), 0, atol=1e-9)  # a straight line


def test_switching_family_loads_that_familys_data():
    at = open_page(PAGE, {"glm.view": "fit"})
    assert at.session_state["glm.data"] == "glm_gaussian"
    set_label(at, widget(at, "glm.family"), "Poisson")
    at.run()
    assert at.session_state["glm.data"] == "glm_poisson" and not at.error
    links = widget(at, "glm.link").options
    assert links == ["log (canonical for Poisson)", "identity (canonical for Gaussian)"]


@pytest.mark.parametrize("lang,text", [("en", "negative value"), ("zh", "负值")])
def test_negative_counts_for_poisson_are_a_message(lang, text):
    at = open_page(PAGE, {"glm.view": "counts", "glm.data": "sinc"}, lang=lang)
    assert not at.exception and any(text in e.value for e in at.error)


def test_labels_outside_zero_one_for_bernoulli_are_a_message():
    at = open_page(PAGE, {"glm.view": "fit", "glm.family": "bernoulli", "glm.data": "gauss3_1d"})
    assert not at.exception and any("labels 0 and 1 only, but y contains 2" in e.value for e in at.error)
    assert not at.metric
