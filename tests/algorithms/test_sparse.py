"""Sparse learning and feature selection: book oracles, scikit-learn parity, invariants, bad input."""

import numpy as np
import pytest
from sklearn import linear_model

from algorithms import ElasticNet
from algorithms import GaussianBasis
from algorithms import GroupLasso
from algorithms import Lasso
from algorithms import LpRegression
from algorithms import backward_elimination
from algorithms import ball_boundary
from algorithms import ball_norm
from algorithms import constrained_optimum
from algorithms import forward_selection
from algorithms import l21_norm
from algorithms import load_dataset
from algorithms import lp_norm
from algorithms import mutual_information
from algorithms import mutual_information_ranking
from algorithms import penalised_objective
from algorithms import regularisation_path
from algorithms import relevant_features_data
from algorithms import soft_threshold


@pytest.fixture(scope="module")
def sinc():
    d = load_dataset("sinc", 50, 0.2, 0)
    return d.X, d.y


@pytest.fixture(scope="module")
def features():
    return relevant_features_data(100, 10, 0.5, random_state=0)


def test_norm_oracles():
    """Spec O10 (Sugiyama §5.4): ‖(3, −4)‖₁ = 7, ‖·‖₂ = 5, ‖·‖∞ = 4, ‖(3, −4, 0)‖₀ = 2."""
    assert lp_norm([3, -4], 1) == 7 and lp_norm([3, -4], 2) == 5
    assert lp_norm([3, -4], np.inf) == 4 and lp_norm([3, -4, 0], 0) == 2
    assert l21_norm([[3, 4], [0, 0], [1, 0]]) == 6
    np.testing.assert_allclose(soft_threshold([-2.0, -0.5, 0.5, 3.0], 1.0), [-1, 0, 0, 2])


def test_lasso_demo_of_fig_5_7(sinc):
    """Sugiyama Fig 5.7: h = 0.3, λ = 0.1 leaves 37 of 50 zeros (book); the exact optimum has 35–38
    zeros and, for seed 0, J = 0.78031 (spec [SIM])."""
    X, y = sinc
    exact = Lasso(0.1, "cd", basis=GaussianBasis(0.3), max_iter=5000).fit(X, y)
    assert exact.objective_ == pytest.approx(0.78031, abs=1e-5)
    assert 35 <= 50 - exact.n_nonzero_ <= 38


@pytest.mark.parametrize("solver", ["irls", "ista"])
def test_every_solver_reaches_the_same_optimum(sinc, solver):
    X, y = sinc
    exact = Lasso(0.1, "cd", basis=GaussianBasis(0.3), max_iter=5000).fit(X, y)
    other = Lasso(0.1, solver, basis=GaussianBasis(0.3), max_iter=20000, tol=1e-9).fit(X, y)
    assert other.objective_ == pytest.approx(exact.objective_, rel=1e-6)
    assert other.n_nonzero_ == exact.n_nonzero_


def test_sgd_approaches_the_optimum(sinc):
    X, y = sinc
    exact = Lasso(0.1, basis=GaussianBasis(0.3), max_iter=5000).fit(X, y)
    sgd = Lasso(0.1, "sgd", basis=GaussianBasis(0.3), max_iter=300).fit(X, y)
    values = [s.objective for s in sgd.history_]
    assert values[-1] < values[0] and sgd.objective_ < exact.objective_ * 1.05


def test_irls_objective_never_rises(sinc):
    """The majorise–minimise property of Fig 5.5: J(θ_{t+1}) ≤ J(θ_t) at every reweighted step."""
    X, y = sinc
    est = Lasso(0.1, "irls", basis=GaussianBasis(0.3), max_iter=500).fit(X, y)
    values = np.array([s.objective for s in est.history_])
    assert np.all(np.diff(values) <= 1e-10 * values[:-1])
    assert sum(s.theta is not None for s in est.history_) <= 130


@pytest.mark.parametrize("lam", [0.5, 5.0, 30.0])
def test_lasso_equals_scikit_learn(features, lam):
    """sklearn minimises (1/2n)‖y − Xw − b‖² + α‖w‖₁, so α = λ/n (intercept unpenalised in both)."""
    X, y = features
    ours = Lasso(lam).fit(X, y)
    ref = linear_model.Lasso(alpha=lam / len(y), tol=1e-12, max_iter=100_000).fit(X, y)
    theta_ref = np.concatenate([[ref.intercept_], ref.coef_])
    mask = ours.penalised_
    j_ref = penalised_objective(ours.design(X), y, theta_ref, lam, penalised=mask)
    assert ours.objective_ == pytest.approx(j_ref, rel=1e-6)
    np.testing.assert_array_equal(ours.theta_[1:] != 0, ref.coef_ != 0)


@pytest.mark.parametrize("tau", [0.2, 0.5, 0.9])
def test_elastic_net_equals_scikit_learn(features, tau):
    """Book: λ[(1 − τ)‖θ‖₁ + τ‖θ‖²]; sklearn: α[r‖w‖₁ + (1 − r)/2‖w‖²] per sample, so
    nα = λ(1 + τ) and r = (1 − τ)/(1 + τ)."""
    X, y = features
    lam = 4.0
    ours = ElasticNet(lam, tau).fit(X, y)
    ref = linear_model.ElasticNet(
        alpha=lam * (1 + tau) / len(y), l1_ratio=(1 - tau) / (1 + tau), tol=1e-12, max_iter=100_000
    ).fit(X, y)
    theta_ref = np.concatenate([[ref.intercept_], ref.coef_])
    j_ref = penalised_objective(ours.design(X), y, theta_ref, lam, tau, penalised=ours.penalised_)
    assert ours.objective_ == pytest.approx(j_ref, rel=1e-6)
    np.testing.assert_array_equal(ours.theta_[1:] != 0, ref.coef_ != 0)


def test_group_lasso_equals_scikit_learn_multitask():
    X, Y = relevant_features_data(100, 10, 0.5, n_outputs=3, random_state=1)
    ours = GroupLasso(20.0).fit(X, Y)
    ref = linear_model.MultiTaskLasso(alpha=20.0 / 100, tol=1e-12, max_iter=100_000).fit(X, Y)
    np.testing.assert_allclose(ours.theta_[1:], ref.coef_.T, atol=1e-5)
    assert ours.n_nonzero_ == 3 and np.all(ours.row_norms_[3:] == 0)
    irls = GroupLasso(20.0, "irls").fit(X, Y)
    assert irls.objective_ == pytest.approx(ours.objective_, rel=1e-6)


def test_lasso_selects_the_true_features(features):
    """Sugiyama §5.3 with spec A5.3's toy (θ* = (3, −2, 1.5, 0, …)): a middle λ keeps exactly the three."""
    X, y = features
    est = Lasso(20.0).fit(X, y)
    assert np.flatnonzero(est.theta_[1:]).tolist() == [0, 1, 2]
    path = regularisation_path(X, y, np.logspace(-2, 3, 12), "lasso")
    counts = (np.abs(path[:, 1:]) > 1e-3).sum(1)
    assert counts[0] >= 3 and counts[-1] == 0 and np.all(np.diff(counts) <= 1)


def test_ridge_path_keeps_every_coefficient(sinc):
    X, y = sinc
    path = regularisation_path(X, y, [0.01, 1.0], "ridge", GaussianBasis(0.3))
    assert np.all(np.abs(path) > 0) and np.linalg.norm(path[1]) < np.linalg.norm(path[0])


def test_lp_regression_is_sparse_only_for_p_at_most_one(sinc):
    """Fig 5.10: p ≤ 1 gives sparse solutions; p = 1 equals the lasso; p > 1 keeps every θ_j."""
    X, y = sinc
    lasso = Lasso(0.1, basis=GaussianBasis(0.3), max_iter=5000).fit(X, y)
    lp1 = LpRegression(1.0, 0.1, basis=GaussianBasis(0.3), max_iter=3000).fit(X, y)
    assert lp1.objective_ == pytest.approx(lasso.objective_, rel=1e-4)
    assert LpRegression(0.5, 0.1, basis=GaussianBasis(0.3)).fit(X, y).n_nonzero_ < 20
    assert LpRegression(2.0, 0.1, basis=GaussianBasis(0.3)).fit(X, y).n_nonzero_ == 50


def test_balls_and_their_corner_solutions():
    """Fig 5.2: the ellipse touches the ℓ1 diamond on an axis (θ₂ = 0) but the ℓ2 disc off it; τ = ½
    still has a corner (Fig 5.11)."""
    A, centre = np.array([[1.0, 0.5], [0.5, 1.0]]), [2.0, 0.6]
    np.testing.assert_allclose(constrained_optimum(A, centre, "lp", 1.0, p=1.0), [1.0, 0.0])
    disc = constrained_optimum(A, centre, "lp", 1.0, p=2.0)
    assert np.linalg.norm(disc) == pytest.approx(1.0, abs=1e-9) and disc[1] > 0.1
    assert constrained_optimum(A, centre, "lp", 1.0, p=0.5)[1] == 0
    np.testing.assert_allclose(constrained_optimum(A, [0.1, 0.2], "lp", 1.0, p=1.0), [0.1, 0.2])
    for kind, p, tau in [("lp", 0.5, 0), ("lp", 3.0, 0), ("enet", 1, 0.5)]:
        pts = ball_boundary(kind, 2.0, p, tau)
        np.testing.assert_allclose(ball_norm(pts, kind, p, tau), 2.0, rtol=1e-9)


def test_mutual_information_oracles():
    """CS229 Part VII §2 (M36): a fair binary x = y gives MI = ln 2 nats; independent variables 0."""
    assert mutual_information([0, 1, 0, 1], [0, 1, 0, 1]) == pytest.approx(np.log(2), abs=1e-12)
    assert mutual_information([0, 0, 1, 1], [0, 1, 0, 1]) == pytest.approx(0.0, abs=1e-12)
    assert mutual_information([0, 1], [0, 1], alpha=1.0) < np.log(2)


def test_filter_and_wrapper_find_the_relevant_features(features):
    X, y = features
    order, scores = mutual_information_ranking(X, y)
    assert set(order[:3].tolist()) == {0, 1, 2} and np.all(scores >= 0)
    forward = forward_selection(X, y)
    best = min(forward, key=lambda s: s.cv_error)
    assert forward[3].selected == (0, 1, 2) and set(best.selected) >= {0, 1, 2} and len(best.selected) <= 5
    backward = backward_elimination(X, y)
    assert len(backward) == 11 and backward[-4].selected == (0, 1, 2)
    assert len(forward[2].candidates) == 9


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Lasso(0.0).fit(np.random.default_rng(0).normal(size=(5, 8)), np.arange(5.0)), "not unique"),
        (lambda: Lasso(0.1).fit(np.arange(6.0)[:, None], np.ones(6)), "All target values are equal"),
        (lambda: LpRegression(0.0).fit(np.arange(6.0)[:, None], np.arange(6.0)), "p must be"),
        (lambda: LpRegression(-1.0).fit(np.arange(6.0)[:, None], np.arange(6.0)), "p must be"),
        (lambda: ElasticNet(0.1, 1.5).fit(np.arange(6.0)[:, None], np.arange(6.0)), "between 0"),
        (lambda: Lasso(-1.0).fit(np.arange(6.0)[:, None], np.arange(6.0)), "λ"),
        (lambda: Lasso(0.1, "newton").fit(np.arange(6.0)[:, None], np.arange(6.0)), "Unknown solver"),
        (lambda: lp_norm([1, 2], -1), "p must be"),
    ],
)
def test_bad_input_is_refused_with_a_message(make, message):
    with pytest.raises(ValueError, match=message):
        make()


@pytest.mark.parametrize("tau", [0.0, 0.3])
def test_reweighted_l2_is_the_book_iteration_step_by_step(tau):
    # Sugiyama Fig 5.6 (rescaled form θ = Θ^½(Θ^½GΘ^½ + λ1 I + 2λ2 Θ)⁻¹Θ^½c) written out plainly:
    # every recorded θ and every J of history_ to 1e-10
    X, y = relevant_features_data(200, 10, 0.5, random_state=3)
    model = ElasticNet(20.0, tau, "irls").fit(X, y)
    A, b = X - X.mean(0), y - y.mean()
    G, c = A.T @ A, A.T @ b
    theta = np.linalg.solve(G + 20.0 * np.eye(10), c)
    for step in model.history_:
        if step.theta is not None:
            np.testing.assert_allclose(step.theta, theta, rtol=1e-10, atol=1e-12)
        J = penalised_objective(A, b, theta, 20.0, tau)
        np.testing.assert_allclose(step.objective, J, rtol=1e-10)
        d = np.sqrt(np.abs(theta))
        M = d[:, None] * G * d[None, :] + 20.0 * (1 - tau) * np.eye(10) + 40.0 * tau * np.diag(np.abs(theta))
        theta = d * np.linalg.solve(M, d * c)


def test_group_lasso_history_objectives_are_those_of_its_snapshots():
    X, Y = relevant_features_data(300, 10, 0.5, n_outputs=3, random_state=1)
    for solver in ("cd", "irls"):
        model = GroupLasso(50.0, solver).fit(X, Y)
        A, B = X - X.mean(0), Y - Y.mean(0)
        for step in model.history_:
            if step.theta is not None:
                J = 0.5 * ((A @ step.theta - B) ** 2).sum() + 50.0 * l21_norm(step.theta)
                np.testing.assert_allclose(step.objective, J, rtol=1e-12)
        assert model.objective_ == model.history_[-1].objective



def _book_irls(Phi, y, lam, tau, max_iter, tol):
    """Fig 5.6 in the rescaled form, the whole system solved at every step (from the ridge start)."""
    G, c = Phi.T @ Phi, Phi.T @ y
    l1, l2 = lam * (1 - tau), lam * tau
    theta, path = np.linalg.solve(G + lam * np.eye(len(G)), c), []
    for _ in range(max_iter):
        size = np.abs(theta)
        d = np.sqrt(size)
        new = d * np.linalg.solve(d[:, None] * G * d + l1 * np.eye(len(G)) + 2 * l2 * np.diag(size), d * c)
        change, theta = np.linalg.norm(new - theta), new
        path.append(theta)
        if change < tol * max(1.0, np.linalg.norm(theta)):
            break
    return theta, path


@pytest.mark.parametrize("tau", [0.0, 0.5])
def test_irls_setting_vanished_rows_aside_keeps_the_book_iterates(tau):
    """θ_j that have vanished (< 10⁻¹⁸ max|θ|) are updated from their own row while the rest is solved
    alone: the same iterates, the same stopping step and J as solving the whole system every step."""
    d = load_dataset("sinc", 150, 0.2, 0)  # 150 kernels: rows are set aside from 100 on
    X, y = d.X, d.y
    est = ElasticNet(0.1, tau, "irls", basis=GaussianBasis(0.3), max_iter=600, tol=1e-8).fit(X, y)
    theta, path = _book_irls(est.design(X), y, 0.1, tau, 600, 1e-8)
    assert np.sum(np.abs(theta) < 1e-18 * np.abs(theta).max()) >= 10  # the shortcut was taken
    assert est.n_iter_ == len(path)
    tolerance = 1e-10 * np.abs(theta).max()
    np.testing.assert_allclose(est.theta_, theta, rtol=0, atol=tolerance)
    for step in est.history_[1:]:
        if step.theta is not None:
            np.testing.assert_allclose(step.theta, path[step.step - 1], rtol=0, atol=tolerance)
