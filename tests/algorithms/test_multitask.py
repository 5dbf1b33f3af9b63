"""Multi-task learning (Sugiyama ch. 19): the joint system, the dual form, independence at γ = 0,
Sylvester = CG = direct for multi-output learning, and the bad-input messages."""

import numpy as np
import pytest

from algorithms import GaussianBasis
from algorithms import MultiOutputLS
from algorithms import MultiTaskLS
from algorithms import MultiTaskLSPC
from algorithms import Ridge
from algorithms import conjugate_gradient_solve
from algorithms import related_classification_sample
from algorithms import related_tasks_sample
from algorithms import sylvester_solve
from algorithms import task_matrix

GRID = np.linspace(-3, 3, 25)[:, None]
SOLVERS = ("sylvester", "cg", "direct")


def joint_solution(model, X, y, tasks, gamma, lam):
    """θ̂ of (19.1) built from scratch: Ψ row i holds φ(x_i) in block t_i."""
    Phi = model.basis_.transform(X)
    T, b = model.n_tasks_, Phi.shape[1]
    Psi = np.zeros((len(X), T * b))
    for i, t in enumerate(tasks):
        Psi[i, t * b:(t + 1) * b] = Phi[i]
    G = np.full((T, T), gamma)
    C = np.diag(lam + G.sum(1) - np.diag(G)) - G + np.diag(np.diag(G))
    return np.linalg.solve(Psi.T @ Psi + np.kron(C, np.eye(b)), Psi.T @ y).reshape(T, b).T


def test_task_matrix():
    C = task_matrix(2.0, [0.1, 0.2, 0.3])
    np.testing.assert_allclose(C, [[4.1, -2, -2], [-2, 4.2, -2], [-2, -2, 4.3]])
    np.testing.assert_allclose(task_matrix(0.0, 0.5), np.eye(1) * 0.5)


@pytest.mark.parametrize("gamma", [0.0, 0.5, 10.0])
def test_multitask_equals_the_direct_joint_solve_and_the_dual_form(gamma):
    s = related_tasks_sample(3, 8, 0.6, 0.1, random_state=1)
    model = MultiTaskLS(gamma, 0.1, 1.0).fit(s.X, s.y, s.tasks)
    np.testing.assert_allclose(model.theta_, joint_solution(model, s.X, s.y, s.tasks, gamma, 0.1), atol=1e-9)
    for t in range(3):
        np.testing.assert_allclose(model.predict_dual(GRID, t), model.predict(GRID, t), atol=1e-9)


def test_gamma_zero_is_independent_ridge_and_large_gamma_shares_one_function():
    s = related_tasks_sample(3, 8, 0.6, 0.1, random_state=2)
    model = MultiTaskLS(0.0, 0.1, 1.0).fit(s.X, s.y, s.tasks)
    for t in range(3):
        basis = GaussianBasis(1.0, centers=model.basis_.centers_)
        ridge = Ridge(0.1, basis).fit(s.X[s.tasks == t], s.y[s.tasks == t])
        np.testing.assert_allclose(model.theta_[:, t], ridge.theta_, atol=1e-9)
    shared = MultiTaskLS(1e6, 0.1, 1.0).fit(s.X, s.y, s.tasks)
    spread = np.ptp([shared.predict(GRID, t) for t in range(3)], axis=0).max()
    assert spread < 1e-3


def test_alternating_similarity_learning_records_gamma():
    s = related_tasks_sample(4, 10, 0.5, 0.1, random_state=0)
    model = MultiTaskLS(1.0, 0.1, 1.0, n_iter=5).fit(s.X, s.y, s.tasks)
    assert len(model.history_) == 6
    G = model.gamma_
    assert G.shape == (4, 4) and np.allclose(G, G.T) and np.all((G > 0) & (G <= 1))
    # neighbouring tasks (shifts closer) are more similar than the two ends
    assert G[0, 1] > G[0, 3]


def test_multitask_lspc_probabilities():
    s = related_classification_sample(3, 20, 1.0, random_state=0)
    model = MultiTaskLSPC(1.0, 0.1, 1.0).fit(s.X, s.y, s.tasks)
    P = model.predict_proba(GRID, 1)
    np.testing.assert_allclose(P.sum(1), 1.0)
    assert np.all(P >= 0)
    assert P[0, 0] > 0.8 and P[-1, 1] > 0.8          # class −1 on the left, +1 on the right
    acc = np.mean([np.mean(model.predict(s.X_test[s.tasks_test == t], t) == s.y_test[s.tasks_test == t])
                   for t in range(3)])
    assert acc > 0.75
    # each class column is the multi-task LS fit of its indicator targets
    indicator = MultiTaskLS(1.0, 0.1, 1.0).fit(s.X, (s.y == 1).astype(float), s.tasks)
    np.testing.assert_allclose(model.theta_[:, :, 1], indicator.theta_, atol=1e-9)


def test_multi_output_sylvester_cg_direct_agree():
    s = related_tasks_sample(3, 30, 0.6, 0.0, random_state=0)
    X = s.X[:30]
    noise = 0.05 * np.random.default_rng(0).standard_normal((30, 3))
    Y = np.column_stack([s.truth(X[:, 0], t) for t in range(3)]) + noise
    models = {solver: MultiOutputLS(1.0, 0.1, 1.0, solver).fit(X, Y) for solver in SOLVERS}
    np.testing.assert_allclose(models["sylvester"].theta_, models["direct"].theta_, atol=1e-8)
    np.testing.assert_allclose(models["cg"].theta_, models["direct"].theta_, atol=1e-6)
    residuals = models["cg"].residuals_
    assert residuals[-1] <= 1e-10 * residuals[0] and len(residuals) <= Y.size + 1
    # (19.3) built from scratch: Ψ stacks every input once per task, y = (y_1ᵀ … y_nᵀ)ᵀ
    Phi = models["direct"].basis_.transform(X)
    b = Phi.shape[1]
    Psi = np.zeros((90, 3 * b))
    for i in range(30):
        for t in range(3):
            Psi[3 * i + t, t * b:(t + 1) * b] = Phi[i]
    C = models["direct"].C_
    theta = np.linalg.solve(Psi.T @ Psi + np.kron(C, np.eye(b)), Psi.T @ Y.reshape(-1))
    np.testing.assert_allclose(models["sylvester"].theta_, theta.reshape(3, b).T, atol=1e-8)
    # γ = 0: independent ridge per output
    zero = MultiOutputLS(0.0, 0.1, 1.0).fit(X, Y)
    ridge = Ridge(0.1, GaussianBasis(1.0, centers=zero.basis_.centers_)).fit(X, Y[:, 2])
    np.testing.assert_allclose(zero.theta_[:, 2], ridge.theta_, atol=1e-9)


def test_solvers_on_a_random_system():
    rng = np.random.default_rng(3)
    A = rng.standard_normal((6, 6))
    M = rng.uniform(0, 1, (4, 4))
    PtP, C = A @ A.T, task_matrix(M + M.T, 0.2)
    H = rng.standard_normal((6, 4))
    for Theta in (sylvester_solve(PtP, C, H), conjugate_gradient_solve(PtP, C, H)[0]):
        np.testing.assert_allclose(PtP @ Theta + Theta @ C, H, atol=1e-7)


def test_bad_input_messages():
    s = related_tasks_sample(3, 5, 0.5, 0.1)
    with pytest.raises(ValueError, match="≥ 0"):
        MultiTaskLS(-1.0).fit(s.X, s.y, s.tasks)
    with pytest.raises(ValueError, match="3 × 3"):
        MultiTaskLS(np.ones((2, 2))).fit(s.X, s.y, s.tasks)
    with pytest.raises(ValueError, match="one task index per sample"):
        MultiTaskLS().fit(s.X, s.y, s.tasks[:-1])
    with pytest.raises(ValueError, match="λ"):
        MultiTaskLS(lam=0.0).fit(s.X, s.y, s.tasks)
    with pytest.raises(ValueError, match="at least 2 classes"):
        MultiTaskLSPC().fit(s.X, np.ones(len(s.X)), s.tasks)
    with pytest.raises(ValueError, match="task index"):
        MultiTaskLS().fit(s.X, s.y, s.tasks).predict(GRID, 3)
    with pytest.raises(ValueError, match="from 2 to 10"):
        related_tasks_sample(1)


def test_sharing_helps_related_tasks_with_few_samples():
    errors = {gamma: [] for gamma in (0.0, 1.0)}
    for seed in range(5):
        s = related_tasks_sample(4, 6, 0.3, 0.1, random_state=seed)
        for gamma in errors:
            model = MultiTaskLS(gamma, 0.1, 1.0).fit(s.X, s.y, s.tasks)
            errors[gamma].append(model.test_error(s.X_test, s.y_test, s.tasks_test))
            np.testing.assert_allclose(model.predict_all(GRID)[:, 2], model.predict(GRID, 2))
    assert np.mean(errors[1.0]) < np.mean(errors[0.0])


def test_multi_output_sample_shapes():
    from algorithms import multi_output_sample

    s = multi_output_sample(4, 20, 0.5, 0.0)
    assert s.X.shape == (20, 1) and s.Y.shape == (20, 4)
    np.testing.assert_allclose(s.Y[:, 0], np.sinc(s.X[:, 0] - s.shifts[0]))
