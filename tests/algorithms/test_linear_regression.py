"""Least squares family: book oracles (Sugiyama ch. 3–4, CS229 Part I), scikit-learn parity, invariants."""

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression as SkLinearRegression
from sklearn.linear_model import Ridge as SkRidge

from algorithms import GaussianBasis
from algorithms import GaussianNoiseRegression
from algorithms import GeneralizedRidge
from algorithms import GradientDescentRegressor
from algorithms import KernelRidge
from algorithms import LinearBasis
from algorithms import LinearRegression
from algorithms import LocallyWeightedRegression
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import SGDRegressor
from algorithms import SubspaceLeastSquares
from algorithms import TrigonometricBasis
from algorithms import WeightedLeastSquares
from algorithms import ellipse_points
from algorithms import gaussian_log_likelihood
from algorithms import gram_spectrum
from algorithms import kernel_ridge_errors
from algorithms import least_squares_draws
from algorithms import least_squares_projection
from algorithms import load_dataset
from algorithms import ridge_path
from algorithms import squared_loss
from algorithms import squared_loss_grid
from algorithms._base import gram_lower
from algorithms._base import ridge_solve
from algorithms._base import weighted_gram


@pytest.fixture
def random_data():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(60, 4))
    y = X @ np.array([1.0, -2.0, 0.5, 3.0]) + 1.5 + 0.3 * rng.normal(size=60)
    return X, y


def test_linear_regression_matches_scikit_learn(random_data):
    X, y = random_data
    ours = LinearRegression().fit(X, y)
    ref = SkLinearRegression().fit(X, y)
    np.testing.assert_allclose(ours.theta_, [ref.intercept_, *ref.coef_], rtol=1e-10)
    np.testing.assert_allclose(ours.predict(X), ref.predict(X), rtol=1e-10)


@pytest.mark.parametrize("lam", [1e-3, 0.1, 10.0, 1e4])
def test_ridge_matches_scikit_learn_on_the_same_design(random_data, lam):
    """Both books penalise every θ_j, the intercept included: compare on Φ = (1, X) without intercept."""
    X, y = random_data
    Phi = np.column_stack([np.ones(len(X)), X])
    ref = SkRidge(alpha=lam, fit_intercept=False, solver="svd").fit(Phi, y)
    np.testing.assert_allclose(Ridge(lam).fit(X, y).theta_, ref.coef_, rtol=1e-9, atol=1e-12)


def test_ridge_equals_its_closed_form_and_svd_form(random_data):
    """(ΦᵀΦ + λI)⁻¹Φᵀy (4.3) = Σ κ/(κ²+λ) (ψᵀy) φ (Sugiyama §4.2)."""
    X, y = random_data
    lam = 0.7
    Phi = np.column_stack([np.ones(len(X)), X])
    closed = np.linalg.solve(Phi.T @ Phi + lam * np.eye(Phi.shape[1]), Phi.T @ y)
    U, k, Vt = np.linalg.svd(Phi, full_matrices=False)
    svd_form = sum(k[j] / (k[j] ** 2 + lam) * (U[:, j] @ y) * Vt[j] for j in range(len(k)))
    theta = Ridge(lam).fit(X, y).theta_
    np.testing.assert_allclose(theta, closed, rtol=1e-10)
    np.testing.assert_allclose(theta, svd_form, rtol=1e-10)


@pytest.mark.parametrize("lam", [0.0, 1e-3, 2.0])
def test_ridge_solve_handles_several_targets_and_a_singular_gram(lam):
    """ridge_solve: one column per target, (4.3) for λ > 0, the minimum-norm LS solution at λ = 0
    even when ΦᵀΦ is singular (a repeated column), and ΦᵀΦ from syrk equals Phi.T @ Phi."""
    rng = np.random.default_rng(3)
    Phi = rng.normal(size=(40, 5))
    Phi[:, 4] = Phi[:, 0]
    Y = rng.normal(size=(40, 3))
    np.testing.assert_allclose(np.tril(gram_lower(Phi)), np.tril(Phi.T @ Phi), rtol=1e-13, atol=1e-13)
    expected = (np.linalg.lstsq(Phi, Y, rcond=None)[0] if lam == 0
                else np.linalg.solve(Phi.T @ Phi + lam * np.eye(5), Phi.T @ Y))
    theta = ridge_solve(Phi, Y, lam)
    np.testing.assert_allclose(theta, expected, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(ridge_solve(Phi, Y[:, 1], lam), theta[:, 1], rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("b", [3, 8, 30])
def test_weighted_gram_is_symmetric_phi_t_w_phi(b):
    """ΦᵀWΦ of the Newton / IRLS steps, by one product below 8 columns and by syrk on W^½Φ from 8
    on (both triangles filled in, exactly symmetric), zero weights included."""
    rng = np.random.default_rng(b)
    Phi, w = rng.normal(size=(50, b)), rng.uniform(0, 2, 50)
    w[:5] = 0.0
    A = weighted_gram(Phi, w)
    np.testing.assert_allclose(A, Phi.T @ (w[:, None] * Phi), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(A, A.T, rtol=0, atol=0 if b >= 8 else 1e-12)


def test_ridge_with_zero_lambda_is_least_squares(random_data):
    X, y = random_data
    np.testing.assert_allclose(Ridge(0.0).fit(X, y).theta_, LinearRegression().fit(X, y).theta_, rtol=1e-9)


def test_ridge_norm_shrinks_monotonically_with_lambda():
    d = load_dataset("sinc", 50, 0.2, 0)
    norms = [np.linalg.norm(KernelRidge(0.3, lam).fit(d.X, d.y).theta_) for lam in np.logspace(-4, 3, 15)]
    assert np.all(np.diff(norms) < 0)


def test_kernel_ridge_is_the_books_form_not_k_plus_lambda():
    """θ = (K² + λI)⁻¹Ky (Sugiyama Fig 4.7), which differs from (K + λI)⁻¹y."""
    d = load_dataset("sinc", 50, 0.2, 0)
    x = d.X[:, 0]
    K = np.exp(-((x[:, None] - x[None, :]) ** 2) / (2 * 0.3**2))
    book = np.linalg.solve(K @ K + 0.1 * np.eye(50), K @ d.y)
    other = np.linalg.solve(K + 0.1 * np.eye(50), d.y)
    theta = KernelRidge(0.3, 0.1).fit(d.X, d.y).theta_
    np.testing.assert_allclose(theta, book, rtol=1e-7, atol=1e-9)
    assert np.linalg.norm(theta - other) > 0.1


def test_least_squares_recovers_noiseless_parameters():
    """Oracle O2: y = Φθ* exactly gives θ̂ = θ* (m = 5 keeps Φ well conditioned; m = 15 has κ ≈ 1e7)."""
    x = np.linspace(-3, 3, 50)[:, None]
    basis = TrigonometricBasis(5).fit(x)
    theta_star = np.random.default_rng(0).normal(size=11)
    y = basis.transform(x) @ theta_star
    np.testing.assert_allclose(
        LinearRegression(TrigonometricBasis(5)).fit(x, y).theta_, theta_star, atol=1e-9
    )


def test_residual_is_orthogonal_to_the_design():
    d = load_dataset("sinc", 50, 0.05, 1)
    model = LinearRegression(TrigonometricBasis(5)).fit(d.X, d.y)
    Phi = model.design(d.X)
    np.testing.assert_allclose(Phi.T @ (d.y - Phi @ model.theta_), 0.0, atol=1e-9)


def test_subspace_constraint_zeroes_the_removed_coefficients():
    """Oracle O5: P = diag(1×11, 0×20) leaves the last 20 coefficients at 0 (Sugiyama Fig 4.3)."""
    d = load_dataset("sinc", 50, 0.2, 0)
    model = SubspaceLeastSquares(11, TrigonometricBasis(15)).fit(d.X, d.y)
    assert np.all(model.theta_[11:] == 0)
    first11 = np.linalg.lstsq(TrigonometricBasis(15).fit(d.X).transform(d.X)[:, :11], d.y, rcond=None)[0]
    np.testing.assert_allclose(model.theta_[:11], first11, rtol=1e-9)


def test_subspace_rejects_keeping_more_than_b():
    d = load_dataset("sinc", 50, 0.2, 0)
    with pytest.raises(ValueError, match="between 1 and 31"):
        SubspaceLeastSquares(40, TrigonometricBasis(15)).fit(d.X, d.y)


def test_trigonometric_basis_is_the_books_half_frequency_form():
    x = np.array([[0.0], [1.0]])
    Phi = TrigonometricBasis(2).fit(x).transform(x)
    np.testing.assert_allclose(Phi[1], [1, np.sin(0.5), np.cos(0.5), np.sin(1.0), np.cos(1.0)])
    assert Phi.shape == (2, 5)


def test_polynomial_basis_fits_the_same_polynomial_as_raw_powers():
    rng = np.random.default_rng(3)
    x = rng.uniform(-3, 3, 30)
    y = 1 - 2 * x + 0.5 * x**3
    model = LinearRegression(PolynomialBasis(3)).fit(x[:, None], y)
    np.testing.assert_allclose(
        model.predict(np.array([[2.5], [-1.0]])), [1 - 5 + 0.5 * 2.5**3, 1 + 2 - 0.5], rtol=1e-9
    )


def test_sgd_reaches_a_good_fit_on_the_books_demo():
    """Sugiyama Fig 3.7 (ε = 0.1, h = 0.3, σ = 0.05): spec [SIM] final training MSE < 0.02."""
    for seed in range(4):
        d = load_dataset("sinc", 50, 0.05, seed)
        model = SGDRegressor(0.1, GaussianBasis(0.3), random_state=seed).fit(d.X, d.y)
        assert np.mean((model.predict(d.X) - d.y) ** 2) < 0.02
        assert 1 <= model.n_iter_ <= 50_000


def test_sgd_converges_to_the_closed_form_on_a_well_conditioned_problem(random_data):
    X, y = random_data
    model = SGDRegressor(
        0.01, LinearBasis(standardize=True), max_iter=200_000, tol=1e-12, random_state=0
    ).fit(X, y)
    closed = LinearRegression(LinearBasis(standardize=True)).fit(X, y).theta_
    np.testing.assert_allclose(model.theta_, closed, atol=0.05)


def test_sgd_history_is_immutable_and_ends_at_the_fit():
    d = load_dataset("sinc", 50, 0.05, 0)
    model = SGDRegressor(0.1, GaussianBasis(0.3), random_state=0).fit(d.X, d.y)
    last = model.history_[-1]
    assert last.step == model.n_iter_
    np.testing.assert_array_equal(last.theta, model.theta_)
    assert [h.step for h in model.history_] == sorted({h.step for h in model.history_})
    with pytest.raises(ValueError):
        last.theta[0] = 1.0
    assert all(0 <= h.index < 50 for h in model.history_[1:])


def test_sgd_reports_divergence_instead_of_nan():
    d = load_dataset("sinc", 50, 0.05, 0)
    model = SGDRegressor(5.0, GaussianBasis(0.3), random_state=0).fit(d.X, d.y)
    assert model.diverged_
    assert not model.converged_


def test_sgd_is_reproducible_from_random_state():
    d = load_dataset("sinc", 50, 0.05, 0)
    a = SGDRegressor(0.1, GaussianBasis(0.3), random_state=5).fit(d.X, d.y)
    b = SGDRegressor(0.1, GaussianBasis(0.3), random_state=5).fit(d.X, d.y)
    np.testing.assert_array_equal(a.theta_, b.theta_)


def test_housing_normal_equations_on_the_five_printed_rows():
    """Spec M01: on the seed's 5 rows, θ = (26.79, 0.1651) and (−70.43, 0.0638, 103.44)."""
    d = load_dataset("housing")
    np.testing.assert_allclose(LinearRegression().fit(d.X[:, :1], d.y).theta_, [26.79, 0.1651], rtol=2e-3)
    np.testing.assert_allclose(LinearRegression().fit(d.X, d.y).theta_, [-70.43, 0.0638, 103.44], rtol=2e-3)


def test_batch_gradient_descent_with_scaling_reaches_the_normal_equations():
    d = load_dataset("housing")
    gd = GradientDescentRegressor(0.1, LinearBasis(standardize=True), max_iter=2000, tol=0).fit(d.X, d.y)
    exact = LinearRegression().fit(d.X, d.y).theta_
    np.testing.assert_allclose(gd.basis_.to_original(gd.theta_), exact, rtol=1e-6)


def test_unscaled_gradient_descent_crawls():
    """CS229 M02 pitfall: at α just below 2/λmax the unscaled intercept barely moves in 100 steps."""
    d = load_dataset("housing")
    Phi = np.column_stack([np.ones(5), d.X[:, 0]])
    alpha = 0.9 * 2 / np.linalg.eigvalsh(Phi.T @ Phi)[-1]
    gd = GradientDescentRegressor(alpha, LinearBasis(), max_iter=100, tol=0).fit(d.X[:, :1], d.y)
    assert gd.step_limit_ == pytest.approx(2 / np.linalg.eigvalsh(Phi.T @ Phi)[-1])
    assert abs(gd.theta_[0]) < 0.1 * 26.79  # the optimum intercept is 26.79
    losses = [h.loss for h in gd.history_]
    assert np.all(np.diff(losses) <= 1e-9)


def test_gradient_descent_above_the_limit_diverges_without_nan():
    d = load_dataset("housing")
    gd = GradientDescentRegressor(1.5, LinearBasis(standardize=True), max_iter=2000).fit(d.X, d.y)
    assert gd.diverged_
    assert all(np.isfinite(h.loss) for h in gd.history_)


def test_lwr_with_huge_bandwidth_is_ordinary_least_squares():
    d = load_dataset("sinc", 50, 0.2, 0)
    q = np.linspace(-3, 3, 7)[:, None]
    np.testing.assert_allclose(
        LocallyWeightedRegression(1e4).fit(d.X, d.y).predict(q),
        LinearRegression().fit(d.X, d.y).predict(q),
        rtol=1e-6,
    )


def test_lwr_matches_a_direct_weighted_solve():
    d = load_dataset("sinc", 50, 0.2, 0)
    tau, q = 0.4, 0.7
    w = np.exp(-((d.X[:, 0] - q) ** 2) / (2 * tau**2))
    Xh = np.column_stack([np.ones(50), d.X[:, 0]])
    theta = np.linalg.solve(Xh.T @ (w[:, None] * Xh), Xh.T @ (w * d.y))
    lwr = LocallyWeightedRegression(tau).fit(d.X, d.y)
    np.testing.assert_allclose(lwr.local_theta([[q]])[0], theta, rtol=1e-8)
    np.testing.assert_allclose(lwr.predict([[q]])[0], theta[0] + theta[1] * q, rtol=1e-8)


def test_lwr_tiny_bandwidth_stays_finite():
    d = load_dataset("sinc", 50, 0.2, 0)
    pred = LocallyWeightedRegression(1e-4).fit(d.X, d.y).predict(np.linspace(-4, 4, 50)[:, None])
    assert np.all(np.isfinite(pred))


@pytest.mark.parametrize(
    "bad",
    [
        lambda: Ridge(-1.0).fit([[1.0], [2.0]], [1.0, 2.0]),
        lambda: KernelRidge(0.0, 0.1).fit([[1.0], [2.0]], [1.0, 2.0]),
        lambda: LinearRegression().fit([[1.0], [np.nan]], [1.0, 2.0]),
        lambda: LinearRegression().fit([[1.0], [2.0]], [1.0]),
        lambda: LocallyWeightedRegression(0).fit([[1.0], [2.0]], [1.0, 2.0]),
        lambda: SGDRegressor(eta=0).fit([[1.0], [2.0]], [1.0, 2.0]),
        lambda: PolynomialBasis(2).fit(np.ones((3, 2))),
        lambda: LinearRegression().predict([[1.0]]),
    ],
)
def test_bad_input_raises_a_clear_value_error(bad):
    with pytest.raises(ValueError):
        bad()


def test_a_subset_of_centres_for_large_n():
    """Sugiyama §2.2: with large n a random subset of the inputs serves as kernel centres."""
    d = load_dataset("sinc", 2000, 0.2, 0)
    model = KernelRidge(0.3, 0.1, n_centers=200, random_state=1).fit(d.X, d.y)
    assert model.basis_.centers_.shape == (200, 1) and len(model.theta_) == 200
    assert set(model.basis_.centers_[:, 0]) <= set(d.X[:, 0])
    assert np.mean((model.predict(d.X) - d.y) ** 2) < 0.05  # noise variance is 0.04
    small = load_dataset("sinc", 50, 0.2, 0)
    np.testing.assert_array_equal(KernelRidge(0.3, 0.1, n_centers=200).fit(small.X, small.y).theta_,
                                  KernelRidge(0.3, 0.1).fit(small.X, small.y).theta_)


def test_ridge_path_equals_one_ridge_fit_per_lambda():
    rng = np.random.default_rng(3)
    X, y = rng.uniform(-3, 3, (25, 1)), rng.normal(size=25)
    basis = PolynomialBasis(4)
    Phi = basis.fit(X).transform(X)
    lams = [1e-3, 0.1, 10.0]
    expected = [Ridge(lam, PolynomialBasis(4)).fit(X, y).theta_ for lam in lams]
    np.testing.assert_allclose(ridge_path(Phi, y, lams), expected, rtol=1e-7, atol=1e-9)
    with pytest.raises(ValueError, match="λ"):
        ridge_path(Phi, y, [-1.0])


def test_kernel_ridge_errors_are_the_mse_of_each_kernel_ridge_fit():
    rng = np.random.default_rng(4)
    X, y = rng.uniform(-3, 3, (30, 1)), rng.normal(size=30)
    X_test, y_test = rng.uniform(-3, 3, (12, 1)), rng.normal(size=12)
    lams = [1e-2, 1.0]
    train, test = kernel_ridge_errors(X, y, X_test, y_test, 0.5, lams)
    for k, lam in enumerate(lams):
        model = KernelRidge(0.5, lam).fit(X, y)
        assert train[k] == pytest.approx(np.mean((model.predict(X) - y) ** 2), rel=1e-6)
        assert test[k] == pytest.approx(np.mean((model.predict(X_test) - y_test) ** 2), rel=1e-6)
    assert kernel_ridge_errors(X, y, None, None, 0.5, lams)[1] is None


def test_gram_spectrum_gives_the_largest_eigenvalue_and_the_condition_number():
    Phi = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    top, kappa = gram_spectrum(Phi)
    e = np.linalg.eigvalsh(Phi.T @ Phi)
    assert top == pytest.approx(e[-1])
    assert kappa == pytest.approx(np.linalg.cond(Phi.T @ Phi))
    assert gram_spectrum(np.ones((3, 2)))[1] == np.inf


def test_squared_loss_grid_is_the_objective_at_each_grid_point():
    Phi = np.array([[1.0, -1.0], [1.0, 0.5], [1.0, 2.0]])
    y = np.array([0.3, 1.0, -0.4])
    t0, t1 = np.array([-1.0, 0.0, 2.0]), np.array([0.5, 1.5])
    J = squared_loss_grid(Phi, y, t0, t1)
    assert J.shape == (2, 3)
    assert J[1, 2] == pytest.approx(squared_loss(Phi, y, np.array([2.0, 1.5])))


def test_squared_loss_grid_equals_the_residual_sums_on_many_points():
    rng = np.random.default_rng(0)
    Phi = np.column_stack([np.ones(2000), rng.normal(3.0, 2.0, 2000)])
    y = 1.5 - 0.7 * Phi[:, 1] + rng.normal(0, 0.3, 2000)
    t0, t1 = np.linspace(-5, 5, 31), np.linspace(-3, 2, 23)
    T0, T1 = np.meshgrid(t0, t1)
    direct = 0.5 * ((Phi @ np.stack([T0.ravel(), T1.ravel()]) - y[:, None]) ** 2).sum(0)
    np.testing.assert_allclose(squared_loss_grid(Phi, y, t0, t1).ravel(), direct, rtol=1e-11)


# Weighted least squares (Sugiyama §3.1, A3.2) and the probabilistic reading (CS229 Part I §3)


def test_weighted_least_squares_matches_scikit_learn_sample_weight(random_data):
    X, y = random_data
    w = np.random.default_rng(3).uniform(0.0, 3.0, len(y))
    ours = WeightedLeastSquares().fit(X, y, sample_weight=w)
    ref = SkLinearRegression().fit(X, y, sample_weight=w)
    np.testing.assert_allclose(ours.theta_, [ref.intercept_, *ref.coef_], rtol=1e-9)
    np.testing.assert_allclose(ours.predict(X), ref.predict(X), rtol=1e-9)


def test_weighted_least_squares_oracles_of_the_book():
    """A3.2: all wᵢ = 1 is ordinary LS; wₖ = 0 is the same as deleting sample k."""
    d = load_dataset("sinc", 50, 0.2, 0)
    basis = PolynomialBasis(3)
    ones = WeightedLeastSquares(basis).fit(d.X, d.y, np.ones(50))
    np.testing.assert_allclose(ones.theta_, LinearRegression(basis).fit(d.X, d.y).theta_, atol=1e-10)
    w = np.ones(50)
    w[7] = 0.0
    dropped = WeightedLeastSquares(LinearBasis()).fit(d.X, d.y, w)
    kept = np.arange(50) != 7
    deleted = LinearRegression().fit(d.X[kept], d.y[kept])
    np.testing.assert_allclose(dropped.theta_, deleted.theta_, atol=1e-10)
    heavy = np.ones(50)
    heavy[7] = 1e6  # a very heavy point pulls the fit through itself
    assert abs(WeightedLeastSquares().fit(d.X, d.y, heavy).predict(d.X[7:8])[0] - d.y[7]) < 1e-4


@pytest.mark.parametrize(
    "weights, message",
    [(np.ones(3), "one weight per sample"), (-np.ones(10), "≥ 0"), (np.zeros(10), "at least one")],
)
def test_weighted_least_squares_rejects_bad_weights(weights, message):
    X = np.arange(10.0)[:, None]
    with pytest.raises(ValueError, match=message):
        WeightedLeastSquares().fit(X, X[:, 0], weights)


def test_gaussian_maximum_likelihood_is_least_squares_and_sigma_is_the_mean_squared_residual():
    """CS229 Part I §3: argmax_θ ℓ = θ̂_LS for every σ; σ̂² = (1/n)Σ rᵢ² maximises ℓ(σ)."""
    from scipy.optimize import minimize

    d = load_dataset("sinc", 50, 0.2, 0)
    basis = PolynomialBasis(3)
    ml = GaussianNoiseRegression(basis).fit(d.X, d.y)
    ls = LinearRegression(basis).fit(d.X, d.y)
    np.testing.assert_allclose(ml.theta_, ls.theta_, atol=1e-12)
    residuals = d.y - ls.predict(d.X)
    assert ml.sigma_**2 == pytest.approx(np.mean(residuals**2), rel=1e-12)
    Phi = ml.design(d.X)

    def negative_ll(params):
        return -gaussian_log_likelihood(d.y - Phi @ params[:-1], np.exp(params[-1]))

    best = minimize(negative_ll, np.zeros(5), method="BFGS", options={"gtol": 1e-10})
    np.testing.assert_allclose(best.x[:-1], ls.theta_, atol=1e-5)
    assert np.exp(best.x[-1]) == pytest.approx(ml.sigma_, rel=1e-5)
    sigmas = np.linspace(0.5, 2.0, 3001) * ml.sigma_
    curve = ml.log_likelihood(d.X, d.y, sigmas)
    assert sigmas[np.argmax(curve)] == pytest.approx(ml.sigma_, rel=1e-3)
    # at the maximum ℓ = −n/2 (log(2πσ̂²) + 1)
    peak = -25 * (np.log(2 * np.pi * ml.sigma_**2) + 1)
    assert ml.log_likelihood(d.X, d.y) == pytest.approx(peak, rel=1e-12)


def test_an_interpolating_fit_is_flagged_as_having_no_likelihood_maximum():
    X = np.linspace(-1, 1, 5)[:, None]
    y = np.array([0.3, -1.0, 2.0, 0.5, 1.0])
    assert GaussianNoiseRegression(PolynomialBasis(4)).fit(X, y).interpolates_
    assert not GaussianNoiseRegression(PolynomialBasis(3)).fit(X, y).interpolates_


def test_gaussian_log_likelihood_rejects_a_non_positive_sigma():
    with pytest.raises(ValueError, match="σ must be positive"):
        gaussian_log_likelihood(np.ones(3), 0.0)



def test_generalized_ridge_formula_identity_and_diagonal_rescaling(random_data):
    """A4.3: θ̂ = (ΦᵀΦ + λG)⁻¹Φᵀy; G = I is ridge; G = diag(g) is ridge on the columns scaled by 1/√g."""
    X, y = random_data
    G = np.diag([1.0, 4.0, 0.25, 9.0, 1.0])
    ours = GeneralizedRidge(0.7, G).fit(X, y)
    Phi = ours.design(X)
    np.testing.assert_allclose(ours.theta_, np.linalg.solve(Phi.T @ Phi + 0.7 * G, Phi.T @ y), rtol=1e-10)
    np.testing.assert_allclose(GeneralizedRidge(0.7).fit(X, y).theta_, Ridge(0.7).fit(X, y).theta_, rtol=1e-9)
    scale = 1 / np.sqrt(np.diag(G))
    ref = SkRidge(0.7, fit_intercept=False).fit(Phi * scale, y)
    np.testing.assert_allclose(ours.theta_, ref.coef_ * scale, rtol=1e-8)


def test_generalized_ridge_rejects_a_g_that_is_not_positive_definite():
    X = np.arange(10.0)[:, None]
    with pytest.raises(ValueError, match="positive definite"):
        GeneralizedRidge(1.0, [[1.0, 2.0], [2.0, 1.0]]).fit(X, X[:, 0])
    with pytest.raises(ValueError, match="2×2"):
        GeneralizedRidge(1.0, np.eye(3)).fit(X, X[:, 0])


def test_ellipse_points_lie_on_the_constraint_boundary():
    G = np.array([[2.0, 0.6], [0.6, 0.5]])
    points = ellipse_points(G, 3.0)
    np.testing.assert_allclose(np.einsum("ni,ij,nj->n", points, G, points), 3.0, rtol=1e-10)


def test_projection_residual_is_orthogonal_to_every_column_and_matches_lstsq():
    """Sugiyama §3.2 (A3.4): r = y − Φθ̂ ⟂ R(Φ); the SVD formula Σ κ_k†(ψ_kᵀy)φ_k equals lstsq."""
    d = load_dataset("sinc", 50, 0.2, 0)
    Phi = PolynomialBasis(4).fit(d.X).transform(d.X)
    proj = least_squares_projection(Phi, d.y)
    assert np.abs(proj.normal_residual).max() < 1e-10
    assert np.abs(Phi.T @ proj.residual).max() < 1e-10
    assert proj.theta == pytest.approx(np.linalg.lstsq(Phi, d.y, rcond=None)[0], abs=1e-10)
    assert proj.fitted + proj.residual == pytest.approx(d.y, abs=1e-12)
    assert d.y @ d.y == pytest.approx(proj.fitted @ proj.fitted + proj.residual @ proj.residual)
    assert proj.rank == 5


def test_projection_matrix_is_idempotent_symmetric_and_of_trace_b():
    """P = ΦΦ† satisfies P² = P, Pᵀ = P (spec O3), tr P = rank Φ, Py = ŷ; also for a rank-deficient Φ."""
    rng = np.random.default_rng(3)
    Phi = rng.normal(size=(7, 3))
    for design, rank in ((Phi, 3), (np.column_stack([Phi, Phi[:, 0] + Phi[:, 1]]), 3)):
        y = rng.normal(size=7)
        proj = least_squares_projection(design, y)
        P = proj.projection_matrix()
        assert P @ P == pytest.approx(P, abs=1e-12)
        assert P.T == pytest.approx(P, abs=1e-14)
        assert np.trace(P) == pytest.approx(rank) and proj.rank == rank
        assert P @ y == pytest.approx(proj.fitted, abs=1e-12)
        assert P == pytest.approx(design @ np.linalg.pinv(design), abs=1e-10)


def test_three_points_and_a_line_project_y_onto_a_plane_in_three_dimensions():
    """n = 3, b = 2 (Fig 3.3): x = (−1, 0, 1), y = (0, 0, 3): ŷ = (−0.5, 1, 2.5), r = (0.5, −1, 0.5)."""
    Phi = np.array([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0]])
    proj = least_squares_projection(Phi, [0.0, 0.0, 3.0])
    assert proj.theta == pytest.approx([1.0, 1.5])
    assert proj.fitted == pytest.approx([-0.5, 1.0, 2.5])
    assert proj.residual == pytest.approx([0.5, -1.0, 0.5])


def test_monte_carlo_mean_of_theta_converges_to_the_true_theta():
    """E[θ̂] = θ* under zero-mean noise (Sugiyama §3.2): the mean over 4 000 draws lies within 4 standard
    errors of θ*, the spread matches σ√diag((ΦᵀΦ)⁻¹), and 16× the draws shrink the error ~4×."""
    d = load_dataset("sinc", 50, 0.2, 0)
    Phi = PolynomialBasis(3).fit(d.X).transform(d.X)
    theta_true = np.array([0.8, 0.2, -0.9, 0.1])
    draws = least_squares_draws(Phi, theta_true, 0.5, 4000, random_state=0)
    assert draws.thetas.shape == (4000, 4)
    assert np.all(np.abs(draws.mean - theta_true) < 4 * draws.standard_error)
    exact_spread = 0.5 * np.sqrt(np.diag(np.linalg.inv(Phi.T @ Phi)))
    assert draws.spread == pytest.approx(exact_spread, rel=0.05)
    assert draws.standard_error == pytest.approx(exact_spread / np.sqrt(4000), rel=0.05)
    few = least_squares_draws(Phi, theta_true, 0.5, 250, random_state=0)
    assert few.standard_error == pytest.approx(4 * draws.standard_error, rel=0.15)
    assert draws.running_mean(1)[-1] == pytest.approx(draws.mean[1])
    assert draws.running_mean(1)[0] == draws.thetas[0, 1]


def test_monte_carlo_without_noise_returns_theta_exactly_and_rejects_bad_input():
    Phi = np.array([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0]])
    draws = least_squares_draws(Phi, [1.0, 2.0], 0.0, 5, random_state=1)
    assert draws.thetas == pytest.approx(np.tile([1.0, 2.0], (5, 1)))
    with pytest.raises(ValueError, match="full column rank"):
        least_squares_draws(np.ones((3, 2)), [1.0, 2.0], 0.1, 5)
    with pytest.raises(ValueError, match="noise draws"):
        least_squares_draws(Phi, [1.0, 2.0], 0.1, 1)
    with pytest.raises(ValueError, match="one value per column"):
        least_squares_draws(Phi, [1.0], 0.1, 5)
    with pytest.raises(ValueError, match="fewer draws"):
        least_squares_draws(np.c_[np.ones(1000), np.arange(1000.0)], [1.0, 2.0], 0.1, 10_000)


def test_lwr_local_fits_equal_the_per_query_sums_of_the_book():
    """θ(x) from matrix products equals Σᵢ wᵢx̂ᵢx̂ᵢᵀ θ = Σᵢ wᵢyᵢx̂ᵢ summed query by query (CS229 M08)."""
    rng = np.random.default_rng(3)
    X, y = rng.normal(size=(3000, 1)) * 2, rng.normal(size=3000)
    q = np.linspace(-5, 5, 41)[:, None]
    lwr = LocallyWeightedRegression(0.3).fit(X, y)
    W, Xh = lwr.weights(q), np.column_stack([np.ones(len(X)), X])
    expected = []
    for w in W:
        A = (w[:, None, None] * Xh[:, :, None] * Xh[:, None, :]).sum(0)
        A += LocallyWeightedRegression._JITTER * np.eye(2) * np.trace(A)
        expected.append(np.linalg.solve(A, (w[:, None] * Xh * y[:, None]).sum(0)))
    np.testing.assert_allclose(lwr.local_theta(q), expected, rtol=1e-10, atol=1e-12)
