"""Coordinate ascent, Algorithm 1 (SGD for kernel machines) and the representer theorem (seed 001, CS229)."""

import numpy as np
import pytest
from sklearn import kernel_ridge
from sklearn import linear_model
from sklearn.metrics import pairwise

from algorithms import KERNEL_LOSSES
from algorithms import KernelSGD
from algorithms import RepresenterRidge
from algorithms import explicit_features
from algorithms import kernel_loss
from algorithms import quadratic_ascent
from algorithms import svc_kernel

A = np.array([[1.0, 0.6], [0.6, 1.0]])


def two_classes(m=60, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(m, 2))
    return X, np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.3, 1, -1)


def test_coordinate_ascent_from_2_minus_2_moves_along_one_axis_per_step_and_climbs():
    """CS229 notes 3: the path starts at (2, −2); every step changes one coordinate; W never falls."""
    path = quadratic_ascent(A, [0.0, 0.0], [2.0, -2.0])
    assert path.points[0] == pytest.approx([2, -2])
    steps = np.diff(path.points, axis=0)
    assert np.all(np.count_nonzero(np.abs(steps) > 0, axis=1) <= 1)
    assert path.coordinates[:4].tolist() == [0, 1, 0, 1]
    assert path.points[1] == pytest.approx([1.2, -2])  # α₁ := −A₁₂α₂/A₁₁ = 0.6·2
    assert path.points[2] == pytest.approx([1.2, -0.72])
    assert np.all(np.diff(path.values) >= 0)
    assert path.values[-1] > -1e-8 and path.points[-1] == pytest.approx([0, 0], abs=1e-3)


@pytest.mark.parametrize("method", ["coordinate", "gradient"])
def test_both_ascents_converge_to_the_analytic_optimum(method):
    A3 = np.array([[2.0, 0.5, 0.0], [0.5, 1.0, 0.3], [0.0, 0.3, 1.5]])
    c = np.array([0.5, -1.0, 2.0])
    path = quadratic_ascent(A3, c, [3.0, 3.0, -3.0], method=method, eta=0.5, max_steps=500, tol=1e-12)
    assert path.points[-1] == pytest.approx(c, abs=1e-5)
    assert np.all(np.diff(path.values) >= -1e-15)
    assert path.values == pytest.approx([-0.5 * (p - c) @ A3 @ (p - c) for p in path.points])


def test_gradient_ascent_with_too_large_a_step_does_not_climb():
    """η > 2/λ_max(A) = 1.25: along the steep direction (1, 1) the iterates overshoot and W falls."""
    path = quadratic_ascent(A, [0, 0], [2, 2], method="gradient", eta=1.5, max_steps=20)
    assert path.values[-1] < path.values[0]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(A=[[1, 2], [2, 1]]), "positive definite"),
        (dict(method="newton"), "method must be"),
        (dict(start=[1, 2, 3]), "coordinates"),
        (dict(eta=0), "step size"),
    ],
)
def test_bad_ascent_input_is_refused(kwargs, message):
    args = dict(A=A, center=[0, 0], start=[2, -2]) | kwargs
    with pytest.raises(ValueError, match=message):
        quadratic_ascent(**args)


@pytest.mark.parametrize("degree", [1, 2, 3])
def test_explicit_polynomial_features_reproduce_the_kernel(degree):
    X, _ = two_classes(20)
    Phi = explicit_features(X, "poly", degree)
    assert Phi @ Phi.T == pytest.approx(svc_kernel(X, X, "poly", degree=degree, coef0=1.0))
    assert explicit_features(X, "linear") == pytest.approx(X)


def test_loss_derivatives_match_finite_differences():
    z, y, h = np.linspace(-2, 2, 9) + 0.05, np.array([1, -1] * 4 + [1.0]), 1e-6
    for loss in ("logistic", "squared", "hinge"):
        value, slope = kernel_loss(z, y, loss)
        numeric = (kernel_loss(z + h, y, loss)[0] - kernel_loss(z - h, y, loss)[0]) / (2 * h)
        assert slope == pytest.approx(numeric, abs=1e-5)
    assert kernel_loss(0.5, 1.0, "hinge")[0] == pytest.approx(0.5)


def test_algorithm_1_steps_follow_the_update_rule():
    """α := α − η_t[L′(K⁽ⁱ⁾ᵀα, yᵢ)K⁽ⁱ⁾ + mλK⁽ⁱ⁾αᵢ], η_t = η₀/√t: replay the first recorded steps."""
    X, y = two_classes(40)
    model = KernelSGD(kernel="gaussian", tau=0.7, lam=0.01, loss="logistic", n_iter=300, eta0=0.5).fit(X, y)
    K, m = model.K_, len(y)
    alpha = np.zeros(m)
    for step in model.history_[:10]:
        z = K[step.i] @ alpha
        assert step.z == pytest.approx(z) and step.eta == pytest.approx(0.5 / np.sqrt(step.t))
        assert step.dloss == pytest.approx(-step.y / (1 + np.exp(step.y * z)))
        alpha = alpha - step.eta * (step.dloss + m * 0.01 * alpha[step.i]) * K[step.i]
        assert step.alpha == pytest.approx(alpha)
    assert [s.t for s in model.history_[:10]] == list(range(1, 11))
    assert len(model.history_) <= 60 and model.history_[-1].t == 300


def test_algorithm_1_with_an_explicit_feature_map_equals_the_kernel_run():
    """The kernel (xᵀz + 1)² and its 6 explicit features φ give the same α and f = θᵀφ(x), θ = Σαᵢφ(xᵢ)."""
    X, y = two_classes(50)
    kernel = KernelSGD(kernel="poly", degree=2, lam=0.001, loss="hinge", n_iter=500, eta0=0.1).fit(X, y)
    Phi = explicit_features(X, "poly", 2)
    linear = KernelSGD(kernel="linear", lam=0.001, loss="hinge", n_iter=500, eta0=0.1).fit(Phi, y)
    assert kernel.alpha_ == pytest.approx(linear.alpha_)
    theta = Phi.T @ kernel.alpha_
    grid = np.random.default_rng(1).normal(size=(30, 2))
    assert kernel.decision_function(grid) == pytest.approx(explicit_features(grid, "poly", 2) @ theta)


def test_algorithm_1_with_squared_loss_approaches_the_exact_minimiser():
    """J_λ(α) for squared loss is minimised by α = (K + mλI)⁻¹y; SGD's J_λ gets within 10 %."""
    X, y = two_classes(60)
    exact = RepresenterRidge(kernel="gaussian", tau=1.0, lam=0.01).fit(X, y)
    sgd = KernelSGD(kernel="gaussian", tau=1.0, lam=0.01, loss="squared", n_iter=20000, eta0=0.3).fit(X, y)
    assert exact.objective_ <= sgd.objective_ <= 1.1 * exact.objective_
    assert sgd.history_[-1].objective < 0.5 * sgd.history_[0].objective


def test_hinge_sgd_separates_and_small_tau_is_wigglier():
    """Supplementary §6: m = 200, λ = 1/m (seed scaling Σ, i.e. 1/m² here); τ = .1 fits the training set
    almost perfectly, a large τ is nearly linear and makes more training errors."""
    X, y = two_classes(200)
    errors = {}
    for tau in (0.1, 5.0):
        model = KernelSGD(tau=tau, lam=1 / 200**2, n_iter=4000).fit(X, y)
        errors[tau] = np.mean(model.predict(X) != y)
    assert errors[0.1] < 0.05 < errors[5.0]


def test_representer_linear_kernel_theta_is_x_transpose_alpha_and_equals_ridge():
    """Theorem 2.1: θ of ridge (explicit, scikit-learn's Ridge with alpha = mλ) equals Xᵀα."""
    X, y = two_classes(80)
    model = RepresenterRidge(kernel="linear", lam=0.05).fit(X, y)
    oracle = linear_model.Ridge(alpha=80 * 0.05, fit_intercept=False).fit(X, y)
    assert model.theta_ == pytest.approx(oracle.coef_)
    assert model.theta_from_alpha_ == pytest.approx(model.theta_, abs=1e-10)
    assert model.theta_from_alpha_ == pytest.approx(X.T @ model.alpha_)
    assert model.decision_function(X) == pytest.approx(X @ model.theta_)


def test_representer_poly_and_gaussian_alphas_equal_scikit_learns_kernel_ridge():
    X, y = two_classes(80)
    poly = RepresenterRidge(kernel="poly", degree=3, lam=0.01).fit(X, y)
    assert poly.theta_from_alpha_ == pytest.approx(poly.theta_, abs=1e-8)
    gauss = RepresenterRidge(kernel="gaussian", tau=0.5, lam=0.01).fit(X, y)
    oracle = kernel_ridge.KernelRidge(alpha=0.8, kernel="rbf", gamma=1 / (2 * 0.5**2)).fit(X, y)
    assert gauss.alpha_ == pytest.approx(oracle.dual_coef_)
    assert gauss.theta_ is None
    K = pairwise.rbf_kernel(X[:5], X, gamma=2.0)
    assert gauss.decision_function(X[:5]) == pytest.approx(K @ oracle.dual_coef_)


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: KernelSGD(loss="absolute"), "loss must be"),
        (lambda: KernelSGD(tau=0), "bandwidth"),
        (lambda: KernelSGD(lam=-1), "regularisation"),
        (lambda: KernelSGD(kernel="sigmoid"), "kernel must be"),
        (lambda: KernelSGD(loss="squared", lam=1.0, eta0=50.0, n_iter=200), "diverged"),
        (lambda: RepresenterRidge(kernel="laplacian"), "kernel must be"),
    ],
)
def test_bad_kernel_machine_input_is_refused(make, message):
    X, y = two_classes(30)
    with pytest.raises(ValueError, match=message):
        make().fit(X, y)


def test_three_classes_are_refused_with_a_message():
    X, _ = two_classes(30)
    with pytest.raises(ValueError, match="exactly two classes"):
        KernelSGD().fit(X, np.arange(30) % 3)


@pytest.mark.parametrize("loss", KERNEL_LOSSES)
def test_the_steps_derivative_of_one_sample_is_kernel_losss_bit_for_bit(loss):
    from algorithms.kernel_machines import _LOSS_DERIVATIVES

    z = np.r_[np.linspace(-40.0, 40.0, 801), -1.0, 1.0, 0.999999999, 1e-300]
    for y in (-1.0, 1.0):
        expected = kernel_loss(z, y, loss)[1]
        got = np.array([_LOSS_DERIVATIVES[loss](float(v), y) for v in z])
        np.testing.assert_array_equal(got, expected)
