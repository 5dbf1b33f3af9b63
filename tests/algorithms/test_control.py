"""Reinforcement learning and control (CS229 XIII–XIV, seed 001 M48–M60): book oracles and invariants."""

import numpy as np
import pytest
from scipy.linalg import solve_discrete_are

from algorithms import GridWorld
from algorithms import KalmanFilter
from algorithms import ModelBasedRL
from algorithms import Pendulum
from algorithms import bellman_residual
from algorithms import discretised_value_iteration
from algorithms import finite_horizon_lqr
from algorithms import finite_horizon_values
from algorithms import fitted_value_iteration
from algorithms import linearise
from algorithms import lqg_rollout
from algorithms import lqr
from algorithms import lqr_rollout
from algorithms import policy_iteration
from algorithms import simulate_tracking
from algorithms import value_iteration


def cs229_grid(gamma=0.99, slip=0.2):
    """CS229 XIII's 4×3 world: wall at (2,2), +1 and −1 terminals, R = −0.02 elsewhere."""
    rewards = np.full((3, 4), -0.02)
    rewards[0, 3], rewards[1, 3] = 1.0, -1.0
    walls = np.zeros((3, 4), bool)
    walls[1, 1] = True
    terminals = np.zeros((3, 4), bool)
    terminals[0, 3] = terminals[1, 3] = True
    return GridWorld(rewards, walls, terminals, slip, gamma)


def test_cs229_grid_values():
    """The value table of CS229 XIII's figure: .86 .90 .93 / .82 · .69 / .78 .75 .71 .49."""
    world = cs229_grid()
    V = world.to_grid(value_iteration(world).values)
    expected = [[0.86, 0.90, 0.93, 1.0], [0.82, np.nan, 0.69, -1.0], [0.78, 0.75, 0.71, 0.49]]
    np.testing.assert_allclose(V, expected, atol=0.006)
    policy = world.to_grid(value_iteration(world).policy)
    assert policy[2, 2] == 3  # CS229: from (3,1) go West, away from the −1


def test_value_and_policy_iteration_agree_and_satisfy_bellman():
    for slip in (0.0, 0.2, 0.5):
        world = cs229_grid(0.9, slip)
        vi, pi = value_iteration(world), policy_iteration(world, random_state=3)
        np.testing.assert_allclose(vi.values, pi.values, atol=1e-8)
        np.testing.assert_array_equal(vi.policy, pi.policy)
        assert bellman_residual(world, vi.values) < 1e-8 and bellman_residual(world, pi.values) < 1e-8
        assert pi.changes[-1] == 0 and pi.n_iter < vi.n_iter


def test_absorbing_reward_gives_geometric_series_and_contraction():
    """One absorbing state with R = 1, γ = 0.9: V = 1/(1 − 0.9) = 10; the error shrinks by γ per sweep."""
    vi = value_iteration(GridWorld([[1.0]], gamma=0.9))
    assert vi.values[0] == pytest.approx(10.0)
    ratios = vi.deltas[1:20] / vi.deltas[:19]
    np.testing.assert_allclose(ratios, 0.9)


def test_asynchronous_sweeps_reach_the_same_values():
    world = cs229_grid(0.9, 0.2)
    sweeps = value_iteration(world, synchronous=False).values
    np.testing.assert_allclose(sweeps, value_iteration(world).values, atol=1e-8)


def test_finite_horizon_switches_goal_as_time_runs_out():
    """M55: +10 far, +1 near; with few steps left head for +1."""
    rewards = np.zeros((1, 7))
    rewards[0, 0], rewards[0, 6] = 10.0, 1.0
    terminals = rewards != 0
    world = GridWorld(rewards, terminals=terminals, slip=0.0, gamma=1.0, start=(0, 4))
    V, policy = finite_horizon_values(world, 4)
    s = world.index[0, 4]
    assert policy[0, s] == 3 and policy[2, s] == 1  # left to +10 at t = 0, right to +1 at t = 2
    assert V[0, s] == pytest.approx(10.0) and V[2, s] == pytest.approx(1.0)


def test_model_based_rl_learns_the_model():
    world = cs229_grid(0.9, 0.2)
    model = ModelBasedRL(n_rounds=12, trials=20, max_steps=60, epsilon=0.3, random_state=0).fit(world)
    errors = [r.model_error for r in model.history_]
    assert errors[-1] < errors[0]
    true = value_iteration(world).values
    assert np.abs(model.values_ - true)[world.reachable()].max() < 0.25
    assert model.policy_[world.start] == value_iteration(world).policy[world.start]


def test_car_on_a_hill_discretised_and_fitted():
    xs, vs, V, policy, sweeps = discretised_value_iteration(21, gamma=0.95)
    assert V.shape == (21, 21) and np.all(V <= 0) and V[-1].max() == 0.0
    S, steps = fitted_value_iteration(m=200, n_centres=5, gamma=0.95, n_iter=30, random_state=0)
    assert steps[-1].change < steps[1].change


def test_lqr_book_scalar_oracle():
    """M56: A = B = U = W = 1, Φ_{t+1} = −1 → L = −0.5 (K = 0.5), Φ_t = −1.5; brute force over a."""
    f = finite_horizon_lqr(1, 1, 1, 1, T=1)
    assert f.K[0, 0, 0] == pytest.approx(0.5) and f.P[0, 0, 0] == pytest.approx(1.5)
    a = np.linspace(-2, 2, 40001)
    best = a[np.argmax(-1 - a ** 2 - (1 + a) ** 2)]
    assert best == pytest.approx(-0.5, abs=1e-4)


def test_lqr_gain_equals_scipy_dare():
    A = np.array([[1.0, 0.1], [0.0, 1.0]])
    B = np.array([[0.005], [0.1]])
    Q, R = np.diag([1.0, 0.5]), np.array([[0.2]])
    P = solve_discrete_are(A, B, Q, R)
    np.testing.assert_allclose(lqr(A, B, Q, R), np.linalg.solve(R + B.T @ P @ B, B.T @ P @ A), rtol=1e-7)
    f = finite_horizon_lqr(A, B, Q, R, T=400)
    np.testing.assert_allclose(f.K[0], lqr(A, B, Q, R), rtol=1e-6)


def test_noise_changes_the_cost_not_the_gain():
    """Fact 3: Φ and L do not depend on Σ; Ψ does (c_t = c_{t+1} + tr(Σ P_{t+1}))."""
    quiet = finite_horizon_lqr(1.1, 1, 1, 1, T=5)
    noisy = finite_horizon_lqr(1.1, 1, 1, 1, T=5, Sigma=0.5)
    np.testing.assert_allclose(quiet.K, noisy.K)
    assert noisy.c[4] == pytest.approx(0.5 * noisy.P[5, 0, 0]) and quiet.c[0] == 0


def test_closed_loop_settles_and_open_loop_does_not():
    A, B = np.array([[1.0, 0.1], [0.0, 1.0]]), np.array([[0.005], [0.1]])
    K = lqr(A, B, np.eye(2), np.eye(1))
    x, _ = lqr_rollout(A, B, K, [1.0, 0.0], 300)
    x_open, _ = lqr_rollout(A, B, np.zeros((1, 2)), [1.0, 0.5], 50)
    assert np.abs(x[-1]).max() < 1e-3 and x_open[-1, 0] > 3


def test_linearisation_of_the_pendulum():
    pend = Pendulum(dt=0.05)
    A, B, k = linearise(pend.step, [0.0, 0.0], [0.0])
    np.testing.assert_allclose(A, [[1, 0.05], [0.05 * 9.81, 1 - 0.05 * 0.1]], atol=1e-7)
    np.testing.assert_allclose(B, [[0], [0.05]], atol=1e-7)
    np.testing.assert_allclose(k, 0, atol=1e-9)


def test_kalman_equals_gaussian_conditioning():
    """The filtered mean and covariance equal conditioning the joint Gaussian of (s_0..s_T, y_1..y_T)."""
    A = np.array([[1.0, 1.0], [0.0, 1.0]])
    C = np.array([[1.0, 0.0]])
    Ss, Sy = np.diag([0.1, 0.2]), np.array([[0.5]])
    m0, P0 = np.array([0.0, 1.0]), np.eye(2)
    _, Y = simulate_tracking(A, C, Ss, Sy, m0, 4, random_state=0)
    kf = KalmanFilter(A, C, Ss, Sy, m0, P0).fit(Y)
    T, n = 4, 2
    # s = M (s0, w1..wT): build the joint covariance of all states and observations
    M = np.zeros(((T + 1) * n, (T + 1) * n))
    for t in range(T + 1):
        for j in range(t + 1):
            M[t * n:(t + 1) * n, j * n:(j + 1) * n] = np.linalg.matrix_power(A, t - j)
    D = np.zeros(((T + 1) * n,) * 2)
    D[:n, :n] = P0
    for j in range(1, T + 1):
        D[j * n:(j + 1) * n, j * n:(j + 1) * n] = Ss
    S_cov, S_mean = M @ D @ M.T, M[:, :n] @ m0
    H = np.kron(np.eye(T + 1), C)[1:]  # y_1..y_T
    for t in range(1, T + 1):
        Ht = H[:t]
        Syy = Ht @ S_cov @ Ht.T + np.kron(np.eye(t), Sy)
        block = slice(t * n, (t + 1) * n)
        gain = S_cov[block] @ Ht.T @ np.linalg.inv(Syy)
        mean = S_mean[block] + gain @ (Y[:t].ravel() - Ht @ S_mean)
        cov = S_cov[block, block] - gain @ Ht @ S_cov[:, block]
        np.testing.assert_allclose(kf.means_[t], mean, atol=1e-10)
        np.testing.assert_allclose(kf.covariances_[t], cov, atol=1e-10)


def test_kalman_scalar_oracle_is_the_running_mean():
    """M60: A = C = 1, Σ_s = 0, flat prior → s_{t|t} = running mean of y."""
    y = np.array([3.0, 1.0, 4.0, 1.0, 5.0])
    kf = KalmanFilter(1, 1, 0.0, 2.0, [0.0], [[1e12]]).fit(y[:, None])
    np.testing.assert_allclose(kf.means_[1:, 0], np.cumsum(y) / np.arange(1, 6), atol=1e-9)


def test_lqg_is_close_to_lqr_on_the_true_state():
    A, B = np.array([[1.0, 0.1], [0.0, 1.0]]), np.array([[0.005], [0.1]])
    out = lqg_rollout(A, B, np.array([[1.0, 0.0]]), np.eye(2), np.eye(1), 1e-4 * np.eye(2), [[0.01]],
                      [1.0, 0.0], [0.0, 0.0], np.eye(2), 100, random_state=0)
    assert out["lqr_cost"] <= out["lqg_cost"] < 3 * out["lqr_cost"]


def test_bad_input_messages():
    with pytest.raises(ValueError, match="γ = 1 and no terminal"):
        GridWorld(np.zeros((2, 2)), gamma=1.0)
    walls = np.zeros((3, 3), bool)
    walls[1, :] = True
    terminals = np.zeros((3, 3), bool)
    terminals[0, 0] = True
    with pytest.raises(ValueError, match="No terminal"):
        GridWorld(np.zeros((3, 3)), walls, terminals)
    with pytest.raises(ValueError, match="No stabilising gain"):
        lqr([[2.0, 0.0], [0.0, 0.5]], [[0.0], [1.0]], np.eye(2), np.eye(1))
    with pytest.raises(ValueError, match="length 0"):
        KalmanFilter(1, 1, 0.1, 1.0, [0.0], [[1.0]]).fit(np.zeros((0, 1)))
    with pytest.raises(ValueError, match="length 0"):
        simulate_tracking(1, 1, [[0.1]], [[1.0]], [0.0], 0)
