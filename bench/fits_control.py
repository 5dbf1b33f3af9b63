"""Fit-time cases for the reinforcement learning & control and sequence-labelling pages (issue 15).

scikit-learn has none of these methods, so there is no reference and no ratio goal: the rows record
our fit times (and their growth with n) for ``make bench``. The solvers that are functions are
wrapped so that ``fit`` runs them.
"""

import numpy as np

from algorithms import GridWorld
from algorithms import KalmanFilter
from algorithms import LinearChainCRF
from algorithms import ModelBasedRL
from algorithms import finite_horizon_lqr
from algorithms import policy_iteration
from algorithms import sequence_features
from algorithms import simulate_tracking
from algorithms import sticky_chain
from algorithms import value_iteration
from bench.core import FitCase


class Solver:
    """``fit(*args)`` calls ``solve(*args)`` (a function solver timed like an estimator)."""

    def __init__(self, solve):
        self.solve = solve

    def fit(self, *args):
        self.result_ = self.solve(*args)
        return self


def square_grid(n):
    """About n cells: a square grid with a goal (+1) and a pit (−1) in the far corners, R = −0.02."""
    side = max(int(np.sqrt(n)), 3)
    rewards = np.full((side, side), -0.02)
    terminals = np.zeros((side, side), bool)
    rewards[0, -1], rewards[1, -1] = 1.0, -1.0
    terminals[0, -1] = terminals[1, -1] = True
    return (GridWorld(rewards, None, terminals, 0.2, 0.95),)


def double_integrator(n):
    """The LQR of the page's double integrator over a horizon of n steps."""
    return (np.array([[1.0, 0.1], [0.0, 1.0]]), np.array([[0.005], [0.1]]), np.eye(2), np.eye(1), n)


def tracking(n):
    """n noisy observations of a 2-D constant-velocity trajectory."""
    A = np.array([[1.0, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0], [0, 0, 0, 1]])
    _, Y = simulate_tracking(A, np.eye(2, 4), 0.01 * np.eye(4), np.eye(2), [0, 0, 1, 0.5], n, random_state=0)
    return (Y,)


def chains(n):
    """n sticky-Markov sequences of length 10 with Gaussian observations."""
    X, Y = sticky_chain(n, 10, 3, 0.85, sigma=0.6, random_state=0)
    return sequence_features(X), Y


A_KALMAN = np.array([[1.0, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0], [0, 0, 0, 1]])

CASES = [
    FitCase("value_iteration (grid world, n cells)", lambda: Solver(value_iteration), None, square_grid),
    FitCase("policy_iteration (grid world, n cells)", lambda: Solver(policy_iteration), None, square_grid),
    FitCase("ModelBasedRL (grid world, n cells)", lambda: ModelBasedRL(5, 5, 60, 0.2, random_state=0), None,
            square_grid),
    FitCase("finite_horizon_lqr (T = n)", lambda: Solver(finite_horizon_lqr), None, double_integrator),
    FitCase("KalmanFilter (n observations)",
            lambda: KalmanFilter(A_KALMAN, np.eye(2, 4), 0.01 * np.eye(4), np.eye(2), np.zeros(4), np.eye(4)),
            None, tracking),
    FitCase("LinearChainCRF (n sequences, 100 SGD steps)",
            lambda: LinearChainCRF(3, 0.02, 100, n_snapshots=3, random_state=0), None, chains),
]
