"""GLMs (CS229 M13–M15; seed 003 §2.1.3–2.1.4, seed 004 §2.3): scikit-learn and in-project parity,
the exponential-family identities, IRLS invariants and the bad-input messages."""

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression as SkLinearRegression
from sklearn.linear_model import PoissonRegressor

from algorithms import GLMRegressor
from algorithms import LogisticRegression
from algorithms import LogLinearRegression
from algorithms import SoftmaxRegression
from algorithms import canonical_response
from algorithms import family_pmf
from algorithms import log_partition
from algorithms import natural_variance
from algorithms import poisson_band
from algorithms import response_problem
from algorithms import share_inside


@pytest.fixture
def x():
    return np.random.default_rng(0).uniform(0, 3, (80, 1))


def test_poisson_glm_equals_scikit_learns_unpenalised_poisson_regressor(x):
    y = np.random.default_rng(1).poisson(np.exp(0.3 + 0.7 * x[:, 0]))
    ours = GLMRegressor("poisson").fit(x, y)
    ref = PoissonRegressor(alpha=0, tol=1e-12, max_iter=1000).fit(x, y)
    np.testing.assert_allclose(ours.theta_, [ref.intercept_, *ref.coef_], rtol=1e-7)
    np.testing.assert_allclose(ours.predict(x), ref.predict(x), rtol=1e-7)
    assert ours.converged_ and ours.n_iter_ < 15


def test_bernoulli_glm_equals_the_projects_logistic_regression(x):
    y = (np.random.default_rng(2).uniform(size=80) < 1 / (1 + np.exp(-2 * (x[:, 0] - 1.5)))).astype(int)
    ours = GLMRegressor("bernoulli").fit(x, y)
    ref = LogisticRegression(solver="newton", tol=1e-12).fit(x, y)
    np.testing.assert_allclose(ours.theta_, ref.theta_, rtol=1e-7)
    np.testing.assert_allclose(ours.predict_proba(x), ref.predict_proba(x), atol=1e-9)


def test_multinomial_glm_equals_softmax_regression_with_the_last_class_pinned(x):
    y = np.digitize(x[:, 0] + np.random.default_rng(3).normal(0, 0.6, 80), [1, 2])
    ours = GLMRegressor("multinomial").fit(x, y)
    ref = SoftmaxRegression(tol=1e-12).fit(x, y).theta_
    np.testing.assert_allclose(ours.theta_, ref[:, :2] - ref[:, [2]], rtol=1e-6)
    np.testing.assert_allclose(ours.predict_proba(x).sum(1), 1.0)
    assert set(ours.predict(x)) <= {0, 1, 2}


def test_gaussian_glm_is_least_squares_in_one_step(x):
    y = 1 + 0.8 * x[:, 0] + np.random.default_rng(4).normal(size=80)
    ours = GLMRegressor("gaussian").fit(x, y)
    ref = SkLinearRegression().fit(x, y)
    np.testing.assert_allclose(ours.theta_, [ref.intercept_, *ref.coef_], rtol=1e-10)
    np.testing.assert_allclose(ours.history_[1].theta, ours.theta_, rtol=1e-10)  # Newton is exact at once


@pytest.mark.parametrize("family,link", [("poisson", "log"), ("poisson", "identity"), ("gaussian", "log"),
                                         ("bernoulli", "logit"), ("multinomial", "softmax")])
def test_irls_never_lowers_the_likelihood_and_the_gradient_vanishes(x, family, link):
    rng = np.random.default_rng(5)
    y = {"poisson": rng.poisson(1 + x[:, 0]), "gaussian": np.exp(0.5 * x[:, 0]) + rng.normal(0, .3, 80),
         "bernoulli": (rng.uniform(size=80) < x[:, 0] / 3).astype(int),
         "multinomial": rng.integers(0, 3, 80)}[family]
    model = GLMRegressor(family, link).fit(x, y)
    ll = [h.log_likelihood for h in model.history_]
    assert np.all(np.diff(ll) >= -1e-9 * abs(ll[-1])) and model.converged_
    assert model.history_[-1].grad_norm < 1e-5 * (1 + len(y))
    assert model.history_[0].theta[1:].tolist() in ([0.0], [[0.0, 0.0]])  # step 0: the null model


def test_deviance_of_the_poisson_fit_matches_its_definition(x):
    y = np.random.default_rng(6).poisson(np.exp(0.2 + 0.5 * x[:, 0]))
    model = GLMRegressor("poisson").fit(x, y)
    mu = model.predict(x)
    term = np.where(y > 0, y * np.log(np.where(y > 0, y, 1) / mu), 0.0)
    np.testing.assert_allclose(model.deviance_, 2 * np.sum(term - (y - mu)), rtol=1e-9)


def test_exponential_family_pieces():
    """CS229 §8: a(η) per family, a′(η) = E[T(y)], and the pmf sums (integrates) to 1."""
    eta = np.linspace(-2, 2, 9)
    h = 1e-6
    for family in ("gaussian", "bernoulli", "poisson"):
        slope = (log_partition(family, eta + h) - log_partition(family, eta - h)) / (2 * h)
        np.testing.assert_allclose(slope, canonical_response(family, eta), rtol=1e-6)
    np.testing.assert_allclose(log_partition("bernoulli", 0.0), np.log(2))
    assert family_pmf("bernoulli", 0.3, [0, 1]).sum() == pytest.approx(1)
    assert family_pmf("poisson", 1.2, np.arange(60)).sum() == pytest.approx(1)
    grid = np.linspace(-10, 10, 4001)
    assert np.trapezoid(family_pmf("gaussian", 0.7, grid), grid) == pytest.approx(1, abs=1e-6)
    probs = canonical_response("multinomial", np.array([0.5, -1.0]))
    np.testing.assert_allclose(probs, np.exp([0.5, -1, 0]) / np.exp([0.5, -1, 0]).sum())
    np.testing.assert_allclose(family_pmf("multinomial", np.array([0.5, -1.0]), [0, 1, 2]), probs)


def test_poisson_band_holds_the_central_counts():
    lo, hi = poisson_band(np.array([4.0]), 0.9)
    assert (lo[0], hi[0]) == (1, 8)


def test_log_linear_regression_is_a_line_in_log_space():
    x = np.linspace(0, 2, 30)[:, None]
    y = np.exp(0.5 + 1.5 * x[:, 0])
    model = LogLinearRegression().fit(x, y)
    np.testing.assert_allclose(model.theta_, [0.5, 1.5], rtol=1e-10)
    np.testing.assert_allclose(model.predict(x), y, rtol=1e-10)
    with pytest.raises(ValueError, match="y \\+ 0 > 0"):
        LogLinearRegression().fit(x, np.r_[0.0, y[1:]])
    assert LogLinearRegression(offset=1).fit(x, np.r_[0.0, y[1:]]).theta_.shape == (2,)


@pytest.mark.parametrize("family,y,message", [
    ("poisson", [1, 2, -1, 3], "negative value -1"),
    ("bernoulli", [0, 1, 2, 1], "labels 0 and 1 only; y contains 2"),
    ("bernoulli", [-1, 1, 1, -1], "labels 0 and 1 only; y contains -1"),
    ("multinomial", [1, 1, 1, 1], "at least 2 classes"),
])
def test_bad_responses_are_refused_with_a_message(family, y, message):
    with pytest.raises(ValueError, match=message):
        GLMRegressor(family).fit(np.arange(4.0)[:, None], y)


def test_bad_family_and_link_are_refused():
    with pytest.raises(ValueError, match="family must be one of"):
        GLMRegressor("gamma").fit([[0.0], [1.0]], [1.0, 2.0])
    with pytest.raises(ValueError, match="takes the link logit"):
        GLMRegressor("bernoulli", link="identity").fit([[0.0], [1.0]], [0, 1])
    with pytest.raises(ValueError, match="predicts means"):
        GLMRegressor("poisson").fit([[0.0], [1.0]], [1, 2]).predict_proba([[0.5]])


def test_separable_labels_do_not_converge():
    model = GLMRegressor("bernoulli", max_iter=30).fit(np.arange(6.0)[:, None], [0, 0, 0, 1, 1, 1])
    assert not model.converged_ and abs(model.theta_[1]) > 5


def test_response_problems_name_the_offending_value():
    assert response_problem("poisson", np.array([1.0, -2.0])) == ("negative_count", -2.0)
    assert response_problem("bernoulli", np.array([0, 1, 3])) == ("not_binary", 3.0)
    assert response_problem("bernoulli", np.array(["a", "b"]))[0] == "not_numeric"
    assert response_problem("gaussian", np.array([-5.0])) is None
    assert share_inside([0, 1, 2, 3], 1, 2) == 0.5
    np.testing.assert_allclose(natural_variance("bernoulli", 0.0), 0.25)
    np.testing.assert_allclose(natural_variance("poisson", np.log(3.0)), 3.0)
