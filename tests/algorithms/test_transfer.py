"""Transfer learning (Sugiyama ch. 18): book oracles, analytic truths, parity and bad input."""

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression as SkLinearRegression

from algorithms import LSDD
from algorithms import ClassBalanceLS
from algorithms import ImportanceWeightedLS
from algorithms import RuLSIF
from algorithms import bayes_threshold_1d
from algorithms import class_balance_sample
from algorithms import class_balance_weights
from algorithms import covariate_shift_sample
from algorithms import estimate_class_prior
from algorithms import flattening_curve
from algorithms import gaussian_density
from algorithms import gaussian_l2_difference
from algorithms import iwcv
from algorithms import load_dataset
from algorithms import lsdd_cv
from algorithms import relative_importance
from algorithms import rulsif_cv

# Spec §18.B table: w_β(x) for p′ = N(0, 1), p = N(0.5, 1)
TABLE_X = np.array([-2.0, 0.0, 0.25, 1.0, 2.0])
TABLE = {
    0.0: [3.0802, 1.1331, 1.0, 0.6873, 0.4169],
    0.25: [2.0264, 1.0966, 1.0, 0.7456, 0.4880],
    0.5: [1.5098, 1.0624, 1.0, 0.8147, 0.5884],
    0.75: [1.2031, 1.0303, 1.0, 0.8979, 0.7409],
    1.0: [1.0, 1.0, 1.0, 1.0, 1.0],
}


def true_relative(x, beta, test=(0.0, 1.0), train=(0.5, 1.0)):
    log_test, log_train = gaussian_density(x, *test, log=True), gaussian_density(x, *train, log=True)
    return relative_importance(log_test, log_train, beta)


@pytest.mark.parametrize("beta", sorted(TABLE))
def test_relative_importance_table(beta):
    np.testing.assert_allclose(true_relative(TABLE_X, beta), TABLE[beta], atol=5e-5)
    grid = np.linspace(-5, 5, 101)
    if beta > 0:
        assert true_relative(grid, beta).max() <= 1 / beta + 1e-12


def test_shift_sample_is_the_registry_set_and_its_importance():
    s = covariate_shift_sample()
    train = load_dataset("covariate_shift", 100, 0.1, 0)
    test = load_dataset("covariate_shift", 100, 0.1, 0, test=True)
    np.testing.assert_allclose(s.X, train.X)
    np.testing.assert_allclose(s.y, train.y)
    np.testing.assert_allclose(s.X_test, test.X)
    w = relative_importance(*s.log_densities(s.X[:, 0]), 0.0)
    np.testing.assert_allclose(w, train.extra["importance"], rtol=1e-10)  # 2exp(−8(x−2)² + 2(x−1)²)


def test_iwls_equals_weighted_least_squares_with_true_weights():
    s = covariate_shift_sample()
    w = relative_importance(*s.log_densities(s.X[:, 0]), 0.0)
    model = ImportanceWeightedLS().fit(s.X, s.y, w)
    sk = SkLinearRegression().fit(s.X, s.y, sample_weight=w)
    np.testing.assert_allclose(model.theta_, [sk.intercept_, sk.coef_[0]], rtol=1e-8)
    ols = ImportanceWeightedLS().fit(s.X, s.y)
    sk0 = SkLinearRegression().fit(s.X, s.y)
    np.testing.assert_allclose(ols.theta_, [sk0.intercept_, sk0.coef_[0]], rtol=1e-8)
    # Fig 18.2: the weighted line predicts the test points far better than ordinary LS
    iw_error = np.mean((model.predict(s.X_test) - s.y_test) ** 2)
    assert iw_error < 0.3 * np.mean((ols.predict(s.X_test) - s.y_test) ** 2)


def test_iwcv_unit_weights_is_plain_cv_and_flattening_curve():
    from algorithms import LinearRegression
    from algorithms import cross_validate

    s = covariate_shift_sample()
    plain = cross_validate(LinearRegression(), s.X, s.y, 5, random_state=3).error
    assert iwcv(ImportanceWeightedLS(), s.X, s.y, np.ones(100), random_state=3).error == pytest.approx(plain)
    curve = flattening_curve(s, [0.0, 0.5, 1.0])
    assert curve.iwcv[0] < curve.iwcv[-1]          # importance weighting pays off on this set
    assert curve.best_beta < 1.0
    assert curve.test[0] < curve.test[-1]
    assert curve.cv[-1] < curve.cv[0]              # plain CV is fooled: it prefers β = 1


def test_rulsif_reproduces_the_spec_run():
    data = load_dataset("rulsif_pair", 300, None, 0)
    Xn, Xd = data.extra["X_prime"], data.X
    cv = rulsif_cv(Xn, Xd, 0.5, random_state=0)
    assert cv.scores.shape == (3, 3)
    sigma, lam = cv.best
    assert sigma == 1.0
    model = RuLSIF(0.5, sigma, lam, n_centers=None).fit(Xn, Xd)
    truth = true_relative(Xd, 0.5)
    rmse = np.sqrt(np.mean((model.predict(Xd) - truth) ** 2))
    assert rmse < 0.15                             # spec §18.D: 0.117 with the listing's draws
    assert model.predict(Xd).max() < 2.0           # the bound 1/β


def test_rulsif_against_analytic_ratio_with_many_samples():
    rng = np.random.default_rng(5)
    Xn, Xd = rng.standard_normal((2000, 1)), rng.standard_normal((2000, 1)) + 0.5
    grid = np.linspace(-1.0, 2.0, 30)[:, None]
    for beta, atol in ((0.0, 0.1), (0.5, 0.06)):  # the relative ratio (β > 0) is the easier target
        est = RuLSIF(beta, 1.0, 1e-2, n_centers=100).fit(Xn, Xd).predict(grid)
        np.testing.assert_allclose(est, true_relative(grid, beta), atol=atol)


def test_lsdd_book_l2():
    assert gaussian_l2_difference(0, 1, 1, 1) == pytest.approx(0.12480, abs=5e-6)
    values = []
    for seed in range(10):
        data = load_dataset("lsdd_pair", 200, None, seed)
        sigma, lam = lsdd_cv(data.X, data.extra["X_prime"], random_state=seed).best
        values.append(LSDD(sigma, lam).fit(data.X, data.extra["X_prime"]).l2_)
    # spec §18.G: five runs of the listing gave 0.087, 0.157, 0.106, 0.126, 0.121
    np.testing.assert_allclose(values[:5], [0.087, 0.157, 0.106, 0.126, 0.121], atol=0.003)
    assert np.mean(values) == pytest.approx(0.1248, abs=0.02)


def test_lsdd_against_analytic_difference():
    rng = np.random.default_rng(1)
    X, Xp = rng.standard_normal((3000, 1)), rng.standard_normal((3000, 1)) + 1
    model = LSDD(0.5, 0.01, n_centers=150).fit(X, Xp)
    grid = np.linspace(-2, 3, 40)
    truth = gaussian_density(grid, 0, 1) - gaussian_density(grid, 1, 1)
    np.testing.assert_allclose(model.predict(grid[:, None]), truth, atol=0.04)
    assert model.l2_ == pytest.approx(0.1248, abs=0.015)


def test_class_balance_weights_and_classifier():
    y = np.array([1, 1, 1, -1])
    np.testing.assert_allclose(class_balance_weights(y, 0.5), [2 / 3, 2 / 3, 2 / 3, 2])
    s = class_balance_sample(400, 400, 0.8, 0.5, random_state=0)
    weighted = ClassBalanceLS(0.5).fit(s.X, s.y)
    plain = ClassBalanceLS(None).fit(s.X, s.y)
    bayes = bayes_threshold_1d(s.means, s.sd, 0.5)
    assert bayes == 0.0
    assert plain.threshold_ < -0.3                  # Fig 18.8: pushed into the minority class
    assert abs(weighted.threshold_ - bayes) < abs(plain.threshold_ - bayes)
    assert np.mean(weighted.predict(s.X_test) == s.y_test) >= np.mean(plain.predict(s.X_test) == s.y_test)


def test_estimate_class_prior():
    estimates = []
    for seed in range(4):
        s = class_balance_sample(300, 600, 0.8, 0.3, random_state=seed)
        est = estimate_class_prior(s.X, s.y, s.X_test, sigma=1.0, lam=0.1)
        assert len(est.l2) == 101 and est.prior == pytest.approx(0.3, abs=0.12)
        estimates.append(est.prior)
    assert np.mean(estimates) == pytest.approx(0.3, abs=0.06)    # far from the training share 0.8
    big = class_balance_sample(3000, 3000, 0.8, 0.3, random_state=2)
    assert estimate_class_prior(big.X, big.y, big.X_test).prior == pytest.approx(0.3, abs=0.02)


def test_bad_input_messages():
    X = np.zeros((10, 1))
    with pytest.raises(ValueError, match="same inputs"):
        RuLSIF().fit(np.zeros((10, 2)), X)
    with pytest.raises(ValueError, match="same inputs"):
        LSDD().fit(X, np.zeros((10, 3)))
    with pytest.raises(ValueError, match="same inputs"):
        estimate_class_prior(X, np.r_[np.ones(5), -np.ones(5)], np.zeros((4, 2)))
    with pytest.raises(ValueError, match="between 0 and 1"):
        RuLSIF(alpha=1.5).fit(X, X)
    with pytest.raises(ValueError, match="between 0 and 1"):
        relative_importance([0.0], [0.0], -0.1)
    with pytest.raises(ValueError, match="at least 2 classes"):
        ClassBalanceLS(0.5).fit(X, np.ones(10))
    with pytest.raises(ValueError, match="no sample"):
        class_balance_sample(10, 10, 0.99, 0.5)
    with pytest.raises(ValueError, match="Every importance weight is 0"):
        ImportanceWeightedLS().fit(X, np.arange(10.0), np.zeros(10))
    with pytest.raises(ValueError, match="one per sample"):
        ImportanceWeightedLS().fit(X, np.arange(10.0), np.ones(3))
