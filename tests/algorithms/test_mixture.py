"""Tests for algorithms.mixture: Gaussian mixtures by EM and k-means as hard EM."""

import numpy as np
import pytest
from scipy.special import logsumexp
from scipy.stats import multivariate_normal
from sklearn import mixture as skm

from algorithms import COVARIANCE_TYPES
from algorithms import GaussianMixture
from algorithms import HardEM
from algorithms import KMeans
from algorithms import covariance_ellipse
from algorithms import em_lower_bound_path
from algorithms import fit_covariance_types
from algorithms import gaussian_conditional
from algorithms import gaussian_log_density
from algorithms import gaussian_shape
from algorithms import jensen_two_point
from algorithms import two_gaussians_1d
from algorithms.mixture import _log_sum_exp


def _blobs(seed=0):
    rng = np.random.default_rng(seed)
    return np.r_[rng.multivariate_normal([0, 0], [[1, 0.8], [0.8, 1]], 200),
                 rng.multivariate_normal([3, 0], [[0.3, 0], [0, 2]], 150),
                 rng.multivariate_normal([0, 4], [[1, 0], [0, 0.2]], 150)]


def _sk_precisions(cov, covariance_type):
    if covariance_type == "full":
        return np.linalg.inv(cov)
    if covariance_type == "tied":
        return np.linalg.inv(cov)
    return 1.0 / cov


@pytest.mark.parametrize("covariance_type", COVARIANCE_TYPES)
def test_em_matches_sklearn_from_the_same_start(covariance_type):
    # parity: from identical initial parameters both reach the same optimum; final mean
    # log-likelihood rtol 1e-8, means atol 1e-4, weights atol 1e-5
    X = _blobs()
    rng = np.random.default_rng(1)
    means0 = X[rng.choice(len(X), 3, replace=False)]
    w0 = np.array([0.2, 0.3, 0.5])
    cov0 = {"full": np.array([np.eye(2), 2 * np.eye(2), [[1, 0.3], [0.3, 1]]]),
            "diag": np.array([[1.0, 2.0], [0.5, 0.5], [1.0, 1.0]]),
            "spherical": np.array([1.0, 0.5, 2.0]),
            "tied": np.array([[1.0, 0.2], [0.2, 1.5]])}[covariance_type]
    ours = GaussianMixture(3, covariance_type, max_iter=2000, tol=1e-12, weights_init=w0,
                           means_init=means0, covariances_init=cov0).fit(X)
    ref = skm.GaussianMixture(3, covariance_type=covariance_type, max_iter=2000, tol=1e-12,
                              weights_init=w0, means_init=means0,
                              precisions_init=_sk_precisions(cov0, covariance_type)).fit(X)
    np.testing.assert_allclose(ours.score(X), ref.score(X), rtol=1e-8)
    np.testing.assert_allclose(ours.means_, ref.means_, atol=1e-4)
    np.testing.assert_allclose(ours.weights_, ref.weights_, atol=1e-5)
    np.testing.assert_allclose(ours.covariances_, ref.covariances_, atol=1e-4)
    np.testing.assert_allclose(ours.bic(X), ref.bic(X), rtol=1e-8)
    np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(X), atol=1e-4)


@pytest.mark.parametrize("covariance_type", COVARIANCE_TYPES)
@pytest.mark.parametrize("init_params, seed", [("kmeans", 0), ("random", 1), ("random", 2)])
def test_em_log_likelihood_never_decreases(covariance_type, init_params, seed):
    X = _blobs(seed)
    gm = GaussianMixture(4, covariance_type, init_params=init_params, random_state=seed,
                         max_iter=200, tol=1e-8).fit(X)
    ll = np.array([s.log_likelihood for s in gm.history_])
    bound = np.array([s.lower_bound for s in gm.history_])
    assert np.all(np.diff(ll) >= -1e-9 * abs(ll[-1]))
    assert np.all(bound <= ll + 1e-9 * abs(ll[-1]))               # J(Q, θ) ≤ ℓ(θ)
    assert np.all(np.diff(bound) >= -1e-9 * abs(ll[-1]))          # coordinate ascent on J
    e_steps = [s for s in gm.history_ if s.kind == "E"]
    np.testing.assert_allclose([s.lower_bound for s in e_steps],
                               [s.log_likelihood for s in e_steps])   # E-step makes J = ℓ
    assert [s.kind for s in gm.history_] == ["E"] + ["M", "E"] * gm.n_iter_
    np.testing.assert_allclose(gm.log_likelihood_, gm.score(X) * len(X), rtol=1e-10)
    np.testing.assert_allclose(gm.step_responsibilities(X, len(gm.history_) - 1).sum(1), 1.0)
    assert not gm.history_[1].means.flags.writeable


def test_em_snapshots_and_point_breakdown():
    X = _blobs()
    gm = GaussianMixture(3, "diag", random_state=0).fit(X)
    snap = gm.history_[-1]
    assert snap.covariances.shape == (3, 2, 2)                     # always full matrices
    np.testing.assert_allclose(np.diagonal(snap.covariances, axis1=1, axis2=2), gm.covariances_)
    b = gm.point_breakdown(X[5])
    np.testing.assert_allclose(b.responsibilities, gm.predict_proba(X[5:6])[0], atol=1e-12)
    np.testing.assert_allclose(b.log_evidence, gm.score_samples(X[5:6])[0], rtol=1e-12)
    np.testing.assert_allclose(b.weighted, b.weights * b.densities)
    np.testing.assert_allclose(b.evidence, b.weighted.sum())
    b0 = gm.point_breakdown(X[5], step=0)
    np.testing.assert_allclose(b0.responsibilities, gm.step_responsibilities(X[5:6], 0)[0])
    np.testing.assert_array_equal(gm.predict(X), gm.predict_proba(X).argmax(1))


@pytest.mark.parametrize("covariance_type", COVARIANCE_TYPES)
def test_step_responsibilities_are_those_em_computed_at_that_step(covariance_type):
    """history_ keeps parameters only; the Q of step s, recomputed from them, is the γ the fit had:
    E-step t of a long run = the final γ of a run stopped after t M-steps, M-step t + 1 the same."""
    X = _blobs(4)
    long = GaussianMixture(3, covariance_type, 6, 0.0, 2, "random").fit(X)
    assert len(long.history_) == 13
    for t in range(7):
        stopped = GaussianMixture(3, covariance_type, t, 0.0, 2, "random").fit(X)
        np.testing.assert_allclose(long.step_responsibilities(X, 2 * t), stopped.responsibilities_,
                                   rtol=0, atol=1e-12)
        if t < 6:
            np.testing.assert_allclose(long.step_responsibilities(X, 2 * t + 1), stopped.responsibilities_,
                                       rtol=0, atol=1e-12)
    snap = long.history_[4]  # the book's E-step with scipy's densities, for some rows; M-step 5 used it
    dens = np.c_[[w * multivariate_normal(m, c).pdf(X[::50]) for w, m, c in
                  zip(snap.weights, snap.means, snap.covariances, strict=True)]].T
    for step in (4, 5):
        np.testing.assert_allclose(long.step_responsibilities(X[::50], step), dens / dens.sum(1)[:, None],
                                   atol=1e-10)
    with pytest.raises(ValueError, match="step"):
        long.step_responsibilities(X, 13)


def test_row_log_sum_exp_is_scipys_to_the_last_bit():
    rng = np.random.default_rng(0)
    a = rng.normal(size=(500, 4)) * [1, 30, 300, 1e3]
    a[::7, 1] = a[::7, 0]        # tied largest terms
    a[::5, 2] = -np.inf          # a component of weight 0
    a[::11] = 2.5                # a whole row of ties
    np.testing.assert_array_equal(_log_sum_exp(a), logsumexp(a, axis=1))


def test_gaussian_log_density_matches_scipy():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((20, 3))
    means = rng.standard_normal((2, 3))
    A = rng.standard_normal((2, 3, 3))
    covs = A @ np.swapaxes(A, 1, 2) + np.eye(3)
    got = gaussian_log_density(X, means, covs, "full")
    expect = np.c_[[multivariate_normal(means[k], covs[k]).logpdf(X) for k in range(2)]].T
    np.testing.assert_allclose(got, expect, rtol=1e-10)
    got = gaussian_log_density(X, means, np.array([0.5, 2.0]), "spherical")
    expect = np.c_[[multivariate_normal(means[k], s * np.eye(3)).logpdf(X)
                    for k, s in enumerate([0.5, 2.0])]].T
    np.testing.assert_allclose(got, expect, rtol=1e-10)


def test_collapse_guard_reports_the_component():
    # a component started on an isolated point shrinks onto it: ℓ would grow without bound
    X = np.r_[np.random.default_rng(0).standard_normal((100, 2)), [[10.0, 10.0]]]
    gm = GaussianMixture(2, means_init=[[0, 0], [10, 10]], max_iter=50).fit(X)
    assert gm.collapsed_components_ == (1,)
    assert "Component 1 collapsed" in gm.warnings_[0]
    assert np.all(np.isfinite(gm.covariances_)) and np.isfinite(gm.log_likelihood_)
    assert np.linalg.eigvalsh(gm.covariances_[1]).min() >= 1e-6 * 0.999
    assert gm.history_[1].collapsed == (1,) and gm.history_[0].collapsed == ()
    healthy = GaussianMixture(3, random_state=0).fit(_blobs())
    assert healthy.collapsed_components_ == () and healthy.warnings_ == ()


def test_vanished_component_keeps_finite_parameters():
    X = np.random.default_rng(0).standard_normal((60, 2))
    gm = GaussianMixture(2, means_init=[[0, 0], [1e3, 1e3]], max_iter=20).fit(X)
    assert 1 in gm.collapsed_components_
    np.testing.assert_allclose(gm.means_[1], [1e3, 1e3])
    assert np.all(np.isfinite(gm.score_samples(X)))


@pytest.mark.parametrize("kw, match", [
    ({"covariance_type": "banana"}, "covariance_type"),
    ({"n_components": 0}, "n_components"),
    ({"n_components": 50}, "Cannot fit"),
    ({"weights_init": [0.5, 0.6]}, "sum to 1"),
    ({"means_init": [[0, 0]]}, "means_init"),
    ({"covariances_init": np.array([[[1, 0], [0, -1]], [[1, 0], [0, 1]]])}, "positive definite"),
    ({"covariances_init": np.eye(2)}, "shape"),
    ({"init_params": "magic"}, "init_params"),
])
def test_gaussian_mixture_rejects_bad_parameters(kw, match):
    params = {"n_components": 2, **kw}
    with pytest.raises(ValueError, match=match):
        GaussianMixture(**params).fit(np.random.default_rng(0).standard_normal((30, 2)))


def test_identical_samples_are_rejected():
    with pytest.raises(ValueError, match="identical"):
        GaussianMixture(1).fit(np.ones((5, 2)))


def test_hard_em_is_kmeans():
    X = _blobs(3)
    m0 = X[[0, 250, 450]]
    hard = HardEM(3, means_init=m0).fit(X)
    km = KMeans(3, init=m0).fit(X)
    np.testing.assert_array_equal(hard.labels_, km.labels_)
    np.testing.assert_allclose(hard.means_, km.cluster_centers_)
    np.testing.assert_allclose(hard.variance_, km.inertia_ / X.size)     # σ² = J/(n d)
    bound = np.array([s.lower_bound for s in hard.history_])
    assert np.all(np.diff(bound) >= -1e-9 * abs(bound[-1]))
    assert np.all(bound <= np.array([s.log_likelihood for s in hard.history_]) + 1e-9)
    R = hard.step_responsibilities(X, len(hard.history_) - 1)
    assert set(np.unique(R)) == {0.0, 1.0} and np.all(R.sum(1) == 1)
    for s, step in enumerate(km.history_):  # the Q of every half-step: the labels k-means used
        np.testing.assert_array_equal(hard.step_responsibilities(X, s).argmax(1), step.labels)
    for step in hard.history_[:6]:  # ℓ of each half-step's own parameters, by the book's densities
        parts = zip(step.means, step.covariances, strict=True)
        dens = sum(multivariate_normal(m, c).pdf(X) / 3 for m, c in parts)
        np.testing.assert_allclose(step.log_likelihood, np.log(dens).sum(), rtol=1e-10)
    assert [s.kind for s in hard.history_[:3]] == ["E", "M", "E"]
    np.testing.assert_array_equal(hard.predict(X), km.predict(X))


def test_covariance_ellipse():
    mean, cov = np.array([1.0, -2.0]), np.array([[2.0, 0.6], [0.6, 1.0]])
    P = covariance_ellipse(mean, cov, n_std=2.0, n_points=50)
    d = P - mean
    np.testing.assert_allclose(np.einsum("ni,ij,nj->n", d, np.linalg.inv(cov), d), 4.0)
    with pytest.raises(ValueError):
        covariance_ellipse([0, 0, 0], np.eye(3))


def test_covariance_ellipses_of_a_stack_are_each_ones_ellipse():
    rng = np.random.default_rng(0)
    A = rng.normal(size=(5, 2, 2))
    means, covs = rng.normal(size=(5, 2)), A @ np.swapaxes(A, 1, 2) + 0.1 * np.eye(2)
    stacked = covariance_ellipse(means, covs, 1.5, 30)
    assert stacked.shape == (5, 30, 2)
    for k in range(5):
        np.testing.assert_allclose(stacked[k], covariance_ellipse(means[k], covs[k], 1.5, 30), atol=1e-12)
    with pytest.raises(ValueError):
        covariance_ellipse(means[:4], covs)


def test_fit_covariance_types_fits_each_type_from_the_same_start():
    X = _blobs(2)
    models = fit_covariance_types(X, 3, 200, 1e-4, random_state=5, init_params="random")
    assert [m.covariance_type for m in models] == list(COVARIANCE_TYPES)
    for cov, model in zip(COVARIANCE_TYPES, models, strict=True):
        alone = GaussianMixture(3, cov, 200, 1e-4, 5, "random").fit(X)
        np.testing.assert_allclose(model.means_, alone.means_)
        assert model.log_likelihood_ == pytest.approx(alone.log_likelihood_)
    np.testing.assert_allclose(models[0].history_[0].means, models[3].history_[0].means)  # same start
    # p = (k − 1) + k d + covariance entries (k = 3, d = 2): full 3·3, diag 3·2, spherical 3, tied 3
    assert [m.n_parameters() for m in models] == [17, 14, 11, 11]
    bic = [-2 * m.log_likelihood_ + m.n_parameters() * np.log(len(X)) for m in models]
    np.testing.assert_allclose([m.bic(X) for m in models], bic)


# ---- one Gaussian: shape and conditionals (CS229 Part IV §1.1, Part X §2) ----------------------


@pytest.mark.parametrize("rho", [-0.8, -0.5, 0.0, 0.5, 0.8])
def test_conditional_of_unit_variances_is_rho_x2_with_variance_one_minus_rho_squared(rho):
    """CS229 M43 oracle: unit variances, correlation ρ: x₁ | x₂ ~ N(ρx₂, 1 − ρ²)."""
    mean, var = gaussian_conditional([0, 0], [[1, rho], [rho, 1]], 1.5)
    assert mean == pytest.approx([rho * 1.5]) and var == pytest.approx(np.array([[1 - rho**2]]))


def test_conditional_density_is_the_joint_over_the_marginal():
    """p(x₁ | x₂ = c) = p(x₁, c) / p(c) at every x₁, for a Gaussian with non-zero mean."""
    mu, S, c = np.array([1.0, -0.5]), np.array([[3.0, 0.8], [0.8, 1.0]]), 0.7
    m, v = gaussian_conditional(mu, S, c)
    x1 = np.linspace(-4, 6, 41)
    joint = gaussian_log_density(np.c_[x1, np.full_like(x1, c)], mu, S[None])[:, 0]
    marginal = gaussian_log_density([[c]], mu[1:], S[1:, 1:][None])[0, 0]
    conditional = gaussian_log_density(x1[:, None], m, v[None])[:, 0]
    assert conditional == pytest.approx(joint - marginal, abs=1e-10)


def test_conditioning_a_3d_gaussian_on_two_coordinates_matches_the_precision_matrix():
    """Σ₁|₂ is the inverse of the free block of the precision matrix Σ⁻¹ (the Schur complement)."""
    A = np.random.default_rng(0).normal(size=(3, 3))
    S = A @ A.T + np.eye(3)
    _, v = gaussian_conditional(np.zeros(3), S, [0.2, -0.1], given=[0, 2])
    assert v == pytest.approx(np.linalg.inv(np.linalg.inv(S)[1:2, 1:2]))


def test_gaussian_shape_of_the_notes_figures():
    """CS229 Part IV §1.1: Σ = 0.6I has |Σ| = 0.36 and peak 1/(2π·0.6); [[1, .8], [.8, 1]] leans along 45°."""
    iso = gaussian_shape(0.6 * np.eye(2))
    assert iso.det == pytest.approx(0.36) and iso.peak == pytest.approx(1 / (2 * np.pi * 0.6))
    tilted = gaussian_shape([[1, 0.8], [0.8, 1]])
    assert tilted.eigenvalues == pytest.approx([1.8, 0.2]) and tilted.angle == pytest.approx(45)
    assert gaussian_shape([[1, -0.8], [-0.8, 1]]).angle == pytest.approx(135)


@pytest.mark.parametrize(
    "cov,message",
    [
        ([[1, 1], [1, 1]], "positive definite"),
        ([[1, 0.5], [0.2, 1]], "symmetric"),
        ([[1, 0], [0, -1]], "positive"),
    ],
)
def test_gaussian_conditional_refuses_a_covariance_that_is_not_one(cov, message):
    with pytest.raises(ValueError, match=message):
        gaussian_conditional([0, 0], cov, 0.0)


# ---- Jensen and EM's lower bound in 1-D (CS229 Part IX §1–2) -----------------------------------


def test_jensen_two_point_direction_follows_convexity():
    """CS229 M40: E[f(X)] ≥ f(E[X]) for convex f, ≤ for the concave log; equality when a = b."""
    mean, f_mean, mean_f = jensen_two_point("square", 1.0, 3.0, 0.5)
    assert (mean, f_mean, mean_f) == (2.0, 4.0, 5.0)
    _, f_mean, mean_f = jensen_two_point("log", 1.0, 4.0, 0.5)
    assert mean_f == pytest.approx(np.log(2.0)) and f_mean == pytest.approx(np.log(2.5)) and mean_f < f_mean
    assert jensen_two_point("exp", 0.7, 0.7, 0.3)[1:] == pytest.approx((np.exp(0.7), np.exp(0.7)))
    with pytest.raises(ValueError, match="positive"):
        jensen_two_point("log", -1.0, 2.0, 0.5)


def test_em_lower_bound_touches_the_likelihood_and_its_maximum_is_the_next_iterate():
    """CS229 M41: J(Q⁽ᵗ⁾, μ₁) ≤ ℓ(μ₁) with equality at μ₁⁽ᵗ⁾; the M-step maximises J; ℓ never falls."""
    x = two_gaussians_1d(60, 4.0, random_state=0)
    path = em_lower_bound_path(x, mu_start=3.0, mu2=2.0, n_steps=8, grid=np.linspace(-6, 6, 2401))
    assert len(path.mu) == len(path.bounds) == 9
    assert np.all(path.bounds <= path.loglik[None] + 1e-9)
    for t, mu in enumerate(path.mu[:-1]):
        at = np.argmin(np.abs(path.grid - mu))
        assert path.bounds[t, at] == pytest.approx(path.loglik[at], abs=0.05)   # touching, up to the grid
        assert path.grid[np.argmax(path.bounds[t])] == pytest.approx(path.mu[t + 1], abs=0.006)
    loglik_at = np.interp(path.mu, path.grid, path.loglik)
    assert np.all(np.diff(loglik_at) >= -1e-6)


def test_em_on_mu1_alone_reaches_the_mean_of_its_component():
    """From a far start, EM moves μ₁ to the left component (about −2 for separation 4)."""
    x = two_gaussians_1d(400, 4.0, random_state=1)
    assert em_lower_bound_path(x, mu_start=5.0, mu2=2.0, n_steps=60).mu[-1] == pytest.approx(-2.0, abs=0.25)
