"""Reinforcement learning and control (CS229 Parts XIII–XIV, seed 001 M48–M60).

Grid-world MDPs with value and policy iteration (M48–M50), model-based RL (M51), a continuous
car-on-a-hill task solved by discretisation and by fitted value iteration (M52–M54), finite-horizon
backward dynamic programming (M55), LQR by the Riccati recursion (M56; the corrected gain and
Riccati equation of seed 001 errata 20–22), linearisation (M57), the Kalman filter and LQG (M59–M60).

Conventions: LQR minimises Σ xᵀQx + uᵀRu with u = −Kx (the book maximises the reward
−xᵀUx − aᵀWa: U = Q, W = R, Φ_t = −P_t and the book's L_t = −K_t).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_random_state

__all__ = [
    "ACTIONS", "GridWorld", "DPResult", "value_iteration", "policy_iteration", "q_values",
    "greedy_policy", "bellman_residual", "bellman_terms", "parse_layout", "finite_horizon_values",
    "planned_walk", "ModelRound", "ModelBasedRL", "MountainCar", "discretised_value_iteration",
    "FittedVIStep", "fitted_value_iteration", "car_rollout", "rbf_features", "discretised_rollout",
    "fitted_values_on_grid", "fitted_rollout", "lqr", "FiniteHorizonLQR", "finite_horizon_lqr",
    "lqr_rollout", "Pendulum", "linearise", "affine_rollout", "KalmanFilter", "simulate_tracking",
    "lqg_rollout",
]

ACTIONS = ("up", "right", "down", "left")
_MOVES = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]])
_MAX_SNAPSHOTS = 60


def _check_gamma(gamma: float, has_terminal: bool) -> float:
    gamma = float(gamma)
    if not 0.0 <= gamma <= 1.0:
        raise ValueError(f"The discount γ must lie in [0, 1]; got {gamma:g}.")
    if gamma >= 1.0 and not has_terminal:
        raise ValueError("With γ = 1 and no terminal cell the payoff of a walk that never ends is infinite "
                         "(CS229 XIII §1 needs γ < 1): lower γ or add a terminal cell.")
    return gamma


def _first_best(scores: FloatArray, tol: float = 1e-10) -> np.ndarray:
    """argmax over axis 0 with ties broken towards the first action (M50's pitfall)."""
    best = scores.max(axis=0)
    return np.argmax(scores >= best - tol * (1 + np.abs(best)), axis=0)


class GridWorld:
    """A grid MDP (M48): free cells are states, walls block, terminal cells end the walk.

    ``rewards`` (rows × cols) is R(s); an action moves up/right/down/left with probability 1 − slip
    and slips to each perpendicular direction with probability slip/2; moving into a wall or off
    the grid stays put. A terminal cell collects its reward and stops: V(s) = R(s) there.
    ``P`` has shape (actions, S, S) (terminal rows are zero), ``R`` shape (S,).
    """

    def __init__(self, rewards, walls=None, terminals=None, slip: float = 0.2, gamma: float = 0.9,
                 start=None):
        rewards = np.asarray(rewards, dtype=float)
        if rewards.ndim != 2 or rewards.size == 0 or not np.all(np.isfinite(rewards)):
            raise ValueError("The rewards must be a finite table of cells (rows × columns).")
        shape = rewards.shape
        walls = np.zeros(shape, bool) if walls is None else np.asarray(walls, bool)
        terminals = np.zeros(shape, bool) if terminals is None else np.asarray(terminals, bool) & ~walls
        if walls.shape != shape or terminals.shape != shape:
            raise ValueError("Walls and terminal cells must have the shape of the reward table.")
        if walls.all():
            raise ValueError("Every cell is a wall: free at least one cell.")
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"The slip probability must lie in [0, 1]; got {slip:g}.")
        self.shape, self.walls, self.terminal_cells = shape, walls, terminals
        self.slip, self.gamma = float(slip), _check_gamma(gamma, bool(terminals.any()))
        self.cells = np.argwhere(~walls)  # (S, 2) row, col of each state
        self.index = -np.ones(shape, int)
        self.index[~walls] = np.arange(len(self.cells))
        self.R = rewards[~walls]
        self.terminal = terminals[~walls]
        self.P = self._transitions()
        start = (shape[0] - 1, 0) if start is None else tuple(int(v) for v in start)
        if not (0 <= start[0] < shape[0] and 0 <= start[1] < shape[1]) or walls[start]:
            raise ValueError("The start cell must be a free cell of the grid.")
        self.start = int(self.index[start])
        if terminals.any() and not self.reachable()[self.terminal].any():
            raise ValueError("No terminal (goal) cell can be reached from the start: open a way through "
                             "the walls.")

    @property
    def n_states(self) -> int:
        return len(self.cells)

    def _target(self, move: np.ndarray) -> np.ndarray:
        rows, cols = self.shape
        nxt = self.cells + move
        inside = (nxt[:, 0] >= 0) & (nxt[:, 0] < rows) & (nxt[:, 1] >= 0) & (nxt[:, 1] < cols)
        nxt = np.where(inside[:, None], nxt, self.cells)
        blocked = self.walls[nxt[:, 0], nxt[:, 1]]
        nxt = np.where(blocked[:, None], self.cells, nxt)
        return self.index[nxt[:, 0], nxt[:, 1]]

    def _transitions(self) -> FloatArray:
        S = self.n_states
        P = np.zeros((4, S, S))
        targets = [self._target(m) for m in _MOVES]
        rows = np.arange(S)
        for a in range(4):
            for other, p in ((a, 1 - self.slip), ((a + 1) % 4, self.slip / 2), ((a + 3) % 4, self.slip / 2)):
                np.add.at(P[a], (rows, targets[other]), p)
        P[:, self.terminal, :] = 0.0
        return P

    def reachable(self) -> np.ndarray:
        """States the walk can reach from the start (some actions and slips lead there)."""
        adjacency = self.P.sum(axis=0) > 0
        seen = np.zeros(self.n_states, bool)
        seen[self.start] = True
        frontier = seen.copy()
        while frontier.any():
            new = adjacency[frontier].any(axis=0) & ~seen
            seen |= new
            frontier = new
        return seen

    def to_grid(self, values, fill=np.nan) -> FloatArray:
        """Per-state values laid out on the grid (walls get ``fill``)."""
        grid = np.full(self.shape, fill, dtype=float)
        grid[~self.walls] = values
        return grid


@dataclass(frozen=True)
class DPResult:
    """Values V, greedy policy π (−1 at terminal cells), snapshots of (V, π) and ‖V_{t+1} − V_t‖∞."""

    values: FloatArray
    policy: np.ndarray
    value_history: tuple
    policy_history: tuple
    deltas: FloatArray
    n_iter: int
    changes: tuple = ()
    snapshot_steps: tuple = ()


def q_values(world: GridWorld, V) -> FloatArray:
    """Q(a, s) = R(s) + γ Σ_s' P_sa(s') V(s') (M48 (2) before the max)."""
    return world.R[None, :] + world.gamma * world.P @ np.asarray(V, float)


def greedy_policy(world: GridWorld, V) -> np.ndarray:
    """π(s) = argmax_a Σ_s' P_sa(s') V(s') (M48 (3)); −1 at terminal cells."""
    return np.where(world.terminal, -1, _first_best(q_values(world, V)))


def bellman_residual(world: GridWorld, V) -> float:
    """‖V − max_a Q(a, ·)‖∞: zero at V*."""
    return float(np.max(np.abs(np.asarray(V) - q_values(world, V).max(axis=0))))


def bellman_terms(world: GridWorld, V, s: int) -> list[tuple[FloatArray, FloatArray, float]]:
    """The backup of one state written out: per action the (P_sa(s'), V(s')) pairs with P > 0 and
    Q(a, s) = R(s) + γ Σ P_sa(s') V(s')."""
    V = np.asarray(V, float)
    Q = q_values(world, V)[:, s]
    terms = []
    for a in range(4):
        nxt = np.flatnonzero(world.P[a, s] > 0)
        terms.append((world.P[a, s, nxt], V[nxt], float(Q[a])))
    return terms


LAYOUT_CELLS = {".": 0.0, "#": 0.0, "+": 1.0, "*": 10.0, "-": -1.0}


def parse_layout(layout: str, step_reward: float = -0.02, max_side: int = 10):
    """A grid written as rows of characters separated by ';' — '.' free (R = step reward), '#' wall,
    and terminal cells '+' (R = +1), '*' (R = +10), '-' (R = −1). Returns (rewards, walls, terminals)."""
    rows = str(layout).split(";")
    if not rows or len({len(r) for r in rows}) != 1 or not rows[0] or len(rows) > max_side \
            or len(rows[0]) > max_side or any(c not in LAYOUT_CELLS for r in rows for c in r):
        raise ValueError(f"A layout is rows of equal length (at most {max_side}) of the characters .#+*-")
    chars = np.array([list(r) for r in rows])
    rewards = np.vectorize(LAYOUT_CELLS.get)(chars).astype(float)
    free = chars == "."
    rewards[free] = step_reward
    return rewards, chars == "#", np.isin(chars, ["+", "*", "-"])


def _snapshots(n: int) -> set[int]:
    return set(np.unique(np.linspace(0, n, min(n + 1, _MAX_SNAPSHOTS)).round().astype(int)).tolist())


def value_iteration(world: GridWorld, tol: float = 1e-10, max_iter: int = 5000,
                    synchronous: bool = True, V0=None) -> DPResult:
    """Value iteration (M49): V := R + γ max_a Σ P_sa V, from V = 0 (or a warm start ``V0``).

    Synchronous sweeps apply the Bellman backup operator to all states at once; asynchronous ones
    update the states one by one in order, each using the newest values.
    """
    V = np.zeros(world.n_states) if V0 is None else np.array(V0, float)
    values, deltas = [V.copy()], []
    for _ in range(int(max_iter)):
        old = V.copy()
        if synchronous:
            V = q_values(world, V).max(axis=0)
        else:
            for s in range(world.n_states):
                V[s] = world.R[s] + world.gamma * np.max(world.P[:, s, :] @ V)
        deltas.append(float(np.max(np.abs(V - old))))
        values.append(V.copy())
        if not np.all(np.isfinite(V)) or deltas[-1] > 1e12:
            raise ValueError("Value iteration diverges: with γ = 1 some walk never reaches a terminal cell; "
                             "lower γ.")
        if deltas[-1] <= tol:
            break
    keep = sorted(_snapshots(len(values) - 1))
    history = tuple(values[i] for i in keep)
    return DPResult(V, greedy_policy(world, V), history, tuple(greedy_policy(world, v) for v in history),
                    np.array(deltas), len(deltas), (), tuple(keep))


def _evaluate(world: GridWorld, policy: np.ndarray) -> FloatArray:
    """V^π from the |S| linear Bellman equations V = R + γ P_π V (M48)."""
    S = world.n_states
    P_pi = world.P[np.maximum(policy, 0), np.arange(S), :]
    try:
        V = np.linalg.solve(np.eye(S) - world.gamma * P_pi, world.R)
    except np.linalg.LinAlgError:
        raise ValueError("This policy never reaches a terminal cell and γ = 1, so its value is infinite; "
                         "lower γ.") from None
    if not np.all(np.isfinite(V)) or np.max(np.abs(V)) > 1e12:
        raise ValueError("This policy never reaches a terminal cell and γ = 1; lower γ.")
    return V


def policy_iteration(world: GridWorld, max_iter: int = 100, random_state=0) -> DPResult:
    """Policy iteration (M50): evaluate V^π exactly, improve π greedily; stop when π is stable.

    The initial policy is random (``random_state``); an action is changed only when another is
    strictly better, so ties never make the policy flip for ever.
    """
    rng = check_random_state(random_state)
    policy = np.where(world.terminal, -1, rng.integers(4, size=world.n_states))
    values, policies, changes, deltas = [], [policy.copy()], [], []
    V_old = np.zeros(world.n_states)
    for _ in range(int(max_iter)):
        V = _evaluate(world, policy)
        values.append(V)
        deltas.append(float(np.max(np.abs(V - V_old))))
        V_old = V
        Q = q_values(world, V)
        current = Q[np.maximum(policy, 0), np.arange(world.n_states)]
        better = Q.max(axis=0) > current + 1e-10 * (1 + np.abs(current))
        new = np.where(better & ~world.terminal, _first_best(Q), policy)
        changes.append(int(np.sum(new != policy)))
        policy = new
        policies.append(policy.copy())
        if changes[-1] == 0:
            break
    values.append(values[-1])
    return DPResult(values[-1], policy, tuple(values), tuple(policies), np.array(deltas), len(changes),
                    tuple(changes), tuple(range(len(values))))


def finite_horizon_values(world: GridWorld, horizon: int) -> tuple[FloatArray, np.ndarray]:
    """Backward DP for a finite horizon T (M55 (1)–(2)) with state rewards and no discount.

    V_T(s) = R(s); V_t(s) = R(s) + max_a Σ_s' P_sa(s') V_{t+1}(s'). Returns V (T+1, S) and the
    non-stationary policy π_t (T+1, S) (−1 where no action matters: terminal cells and t = T).
    """
    T = int(horizon)
    if T < 0:
        raise ValueError("The horizon T must be a whole number ≥ 0.")
    S = world.n_states
    V = np.zeros((T + 1, S))
    policy = -np.ones((T + 1, S), int)
    V[T] = world.R
    for t in range(T - 1, -1, -1):
        Q = world.R[None, :] + world.P @ V[t + 1]
        V[t] = Q.max(axis=0)
        policy[t] = np.where(world.terminal, -1, _first_best(Q))
    return V, policy


def planned_walk(world: GridWorld, policy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Follow a non-stationary policy π_t (T+1, S) from the start, each step to its most likely next
    state, until a terminal cell or t = T. Returns the visited states and the actions taken."""
    s, states, actions = world.start, [world.start], []
    for t in range(len(policy) - 1):
        a = policy[t, s]
        if a < 0:
            break
        s = int(np.argmax(world.P[a, s]))
        states.append(s)
        actions.append(int(a))
    return np.array(states), np.array(actions, int)


# ---------------------------------------------------------------------------------------------
# Model-based RL (M51)
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ModelRound:
    """After a round of trials: counts, estimated P̂ and R̂, the values and policy planned on them."""

    trials: int
    P_hat: FloatArray
    R_hat: FloatArray
    values: FloatArray
    policy: np.ndarray
    model_error: float
    visits: np.ndarray


class ModelBasedRL(BaseEstimator):
    """Learn P_sa by counting (M51 (4); 0/0 → 1/|S|), R(s) by averaging, plan by warm-started VI.

    Each round runs ``trials`` walks from the start (at most ``max_steps`` steps) with the current
    greedy policy, ε-greedy (the first round acts at random), then re-estimates and re-plans.
    """

    def __init__(self, n_rounds: int = 10, trials: int = 5, max_steps: int = 50, epsilon: float = 0.1,
                 random_state=None):
        self._store(locals())

    def fit(self, world: GridWorld) -> "ModelBasedRL":
        if not (int(self.n_rounds) >= 1 and int(self.trials) >= 1 and int(self.max_steps) >= 1):
            raise ValueError("Rounds, trials and steps must each be at least 1.")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError("ε must lie in [0, 1].")
        rng = check_random_state(self.random_state)
        S = world.n_states
        counts = np.zeros((4, S, S))
        reward_sum, visits = np.zeros(S), np.zeros(S)
        policy = np.where(world.terminal, -1, rng.integers(4, size=S))
        V = np.zeros(S)
        history = []
        for r in range(int(self.n_rounds)):
            explore = 1.0 if r == 0 else self.epsilon
            for _ in range(int(self.trials)):
                s = world.start
                for _ in range(int(self.max_steps)):
                    reward_sum[s] += world.R[s]
                    visits[s] += 1
                    if world.terminal[s]:
                        break
                    a = rng.integers(4) if rng.random() < explore else policy[s]
                    s_next = rng.choice(S, p=world.P[a, s])
                    counts[a, s, s_next] += 1
                    s = s_next
            P_hat, R_hat = self._estimates(world, counts, reward_sum, visits)
            model = _EstimatedWorld(world, P_hat, R_hat)
            V = value_iteration(model, tol=1e-8, max_iter=2000, V0=V).values
            policy = greedy_policy(model, V)
            history.append(ModelRound((r + 1) * int(self.trials), P_hat, R_hat, V, policy,
                                      float(np.abs(P_hat - world.P)[:, ~world.terminal].max()),
                                      visits.copy()))
        self.history_ = tuple(history)
        self.counts_, self.P_, self.R_ = counts, history[-1].P_hat, history[-1].R_hat
        self.values_, self.policy_ = V, policy
        return self

    @staticmethod
    def _estimates(world, counts, reward_sum, visits):
        S = world.n_states
        totals = counts.sum(axis=2, keepdims=True)
        P_hat = np.where(totals > 0, counts / np.maximum(totals, 1), 1.0 / S)
        P_hat[:, world.terminal, :] = 0.0
        R_hat = np.where(visits > 0, reward_sum / np.maximum(visits, 1), 0.0)
        return P_hat, R_hat


class _EstimatedWorld:
    """The grid world's known parts (states, terminals, γ) with an estimated model."""

    def __init__(self, world: GridWorld, P, R):
        self.P, self.R, self.gamma = P, R, world.gamma
        self.terminal, self.n_states = world.terminal, world.n_states


# ---------------------------------------------------------------------------------------------
# Continuous state: the car on a hill (M52–M54)
# ---------------------------------------------------------------------------------------------

class MountainCar:
    """A car in a valley, state s = (x, v), actions push −1, 0, +1 (a deterministic simulator, M53).

    v' = clip(v + 0.001 a − 0.0025 cos 3x), x' = clip(x + v'), a tick; one decision holds the action
    for ``HOLD`` ticks (so a coarse grid can see the car move). Reaching x ≥ 0.5 ends the task.
    R(s) = −1 per decision before the goal (so −V counts discounted decisions to the goal).
    """

    HOLD = 4

    x_range = (-1.2, 0.5)
    v_range = (-0.07, 0.07)
    actions = (-1.0, 0.0, 1.0)

    def step(self, S: FloatArray, a: float) -> FloatArray:
        x, v = np.atleast_2d(S).T
        for _ in range(self.HOLD):
            v = np.clip(v + 0.001 * a - 0.0025 * np.cos(3 * x), *self.v_range)
            x = np.clip(x + v, *self.x_range)
            v = np.where(x <= self.x_range[0], np.maximum(v, 0.0), v)
        return np.column_stack([x, v])

    def done(self, S: FloatArray) -> np.ndarray:
        return np.atleast_2d(S)[:, 0] >= self.x_range[1]

    def reward(self, S: FloatArray) -> FloatArray:
        return np.where(self.done(S), 0.0, -1.0)


def _cell_of(car: MountainCar, S: FloatArray, k: int) -> np.ndarray:
    lo = np.array([car.x_range[0], car.v_range[0]])
    hi = np.array([car.x_range[1], car.v_range[1]])
    ij = np.clip(np.round((S - lo) / (hi - lo) * (k - 1)).astype(int), 0, k - 1)
    return ij[:, 0] * k + ij[:, 1]


def discretised_value_iteration(k: int, gamma: float = 0.99, tol: float = 1e-6, max_iter: int = 3000):
    """Discretise (x, v) into k × k cells (M52); each cell's centre moves deterministically to the
    nearest cell; value iteration on that finite MDP. Returns (x grid, v grid, V (k, k) indexed [x, v],
    greedy action index (k, k), sweeps)."""
    k = int(k)
    if k < 2:
        raise ValueError("The grid needs at least 2 cells per dimension.")
    _check_gamma(gamma, True)
    car = MountainCar()
    xs, vs = np.linspace(*car.x_range, k), np.linspace(*car.v_range, k)
    S = np.column_stack([np.repeat(xs, k), np.tile(vs, k)])
    nxt = np.stack([_cell_of(car, car.step(S, a), k) for a in car.actions])
    goal = car.done(S)
    R = car.reward(S)
    V = np.zeros(k * k)
    sweeps = 0
    while sweeps < int(max_iter):
        new = np.where(goal, 0.0, R + gamma * V[nxt].max(axis=0))
        delta = np.max(np.abs(new - V))
        V, sweeps = new, sweeps + 1
        if delta <= tol:
            break
    return xs, vs, V.reshape(k, k), _first_best(V[nxt]).reshape(k, k), sweeps


def rbf_features(S: FloatArray, n_centres: int) -> FloatArray:
    """Gaussian bumps on an n × n grid over the car's scaled (x, v) plus a constant: φ(s) for V = θᵀφ(s)."""
    car = MountainCar()
    lo = np.array([car.x_range[0], car.v_range[0]])
    hi = np.array([car.x_range[1], car.v_range[1]])
    Z = (np.atleast_2d(S) - lo) / (hi - lo)
    c = np.linspace(0, 1, int(n_centres))
    centres = np.column_stack([np.repeat(c, len(c)), np.tile(c, len(c))])
    width = 1.0 / max(int(n_centres) - 1, 1)
    d2 = ((Z[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
    return np.column_stack([np.ones(len(Z)), np.exp(-d2 / (2 * width ** 2))])


@dataclass(frozen=True)
class FittedVIStep:
    iteration: int
    theta: FloatArray
    change: float


def fitted_value_iteration(m: int = 400, n_centres: int = 7, gamma: float = 0.99, n_iter: int = 60,
                           ridge: float = 1e-3, random_state=None) -> tuple[FloatArray, tuple]:
    """Fitted value iteration (M54) on the car with a deterministic model (k = 1).

    Sample m states; repeat: y⁽ⁱ⁾ = max_a [R(s⁽ⁱ⁾) + γ V(f(s⁽ⁱ⁾, a))] (0 at the goal), then θ by
    (slightly ridged) least squares on φ(s⁽ⁱ⁾). Returns the sampled states and the steps (θ, ‖Δθ‖).
    It may not converge (M54): watch ‖Δθ‖.
    """
    if int(m) < 2 or int(n_iter) < 1:
        raise ValueError("Fitted value iteration needs m ≥ 2 sampled states and at least one iteration.")
    _check_gamma(gamma, True)
    rng = check_random_state(random_state)
    car = MountainCar()
    S = np.column_stack([rng.uniform(*car.x_range, int(m)), rng.uniform(*car.v_range, int(m))])
    Phi = rbf_features(S, n_centres)
    next_Phi = [rbf_features(car.step(S, a), n_centres) for a in car.actions]
    next_done = [car.done(car.step(S, a)) for a in car.actions]
    goal, R = car.done(S), car.reward(S)
    gram = Phi.T @ Phi + ridge * np.eye(Phi.shape[1])
    theta = np.zeros(Phi.shape[1])
    steps = [FittedVIStep(0, theta.copy(), 0.0)]
    for it in range(1, int(n_iter) + 1):
        pairs = zip(next_Phi, next_done, strict=True)
        q = np.stack([R + gamma * np.where(d, 0.0, F @ theta) for F, d in pairs])
        y = np.where(goal, 0.0, q.max(axis=0))
        new = np.linalg.solve(gram, Phi.T @ y)
        steps.append(FittedVIStep(it, new, float(np.max(np.abs(new - theta)))))
        theta = new
    return S, tuple(steps)


def car_rollout(value_of, start, max_steps: int = 500) -> FloatArray:
    """Act greedily, a = argmax_a V(f(s, a)) (M54 (10)), from ``start``; returns the visited states."""
    car = MountainCar()
    s = np.atleast_2d(np.asarray(start, float))
    path = [s[0]]
    for _ in range(int(max_steps)):
        if car.done(s)[0]:
            break
        candidates = np.vstack([car.step(s, a) for a in car.actions])
        scores = np.where(car.done(candidates), np.inf, value_of(candidates))
        s = candidates[[int(np.argmax(scores))]]
        path.append(s[0])
    return np.array(path)


def discretised_rollout(V, start, max_steps: int = 500) -> FloatArray:
    """Act greedily on the discretised values V (k, k): each candidate next state takes its cell's V."""
    k = V.shape[0]
    return car_rollout(lambda S: V.ravel()[_cell_of(MountainCar(), S, k)], start, max_steps)


def fitted_values_on_grid(theta, n_centres: int, resolution: int = 40):
    """V(s) = θᵀφ(s) on a resolution × resolution grid: (x grid, v grid, V indexed [x, v])."""
    car = MountainCar()
    xs, vs = np.linspace(*car.x_range, resolution), np.linspace(*car.v_range, resolution)
    S = np.column_stack([np.repeat(xs, resolution), np.tile(vs, resolution)])
    return xs, vs, (rbf_features(S, n_centres) @ theta).reshape(resolution, resolution)


def fitted_rollout(theta, n_centres: int, start, max_steps: int = 500) -> FloatArray:
    """Act greedily on the fitted V = θᵀφ (M54 (10): argmax_a V(f(s, a)))."""
    return car_rollout(lambda S: rbf_features(S, n_centres) @ theta, start, max_steps)


# ---------------------------------------------------------------------------------------------
# LQR (M56), linearisation (M57), Kalman filter and LQG (M59–M60)
# ---------------------------------------------------------------------------------------------

def _system(A, B, Q, R):
    A, B, Q, R = (np.atleast_2d(np.asarray(M, float)) for M in (A, B, Q, R))
    n = A.shape[0]
    if A.shape != (n, n) or B.shape[0] != n or Q.shape != (n, n) or R.shape != (B.shape[1],) * 2:
        raise ValueError("Shapes must be A (n×n), B (n×d), Q (n×n) and R (d×d) — W is d×d (seed 001 "
                         "erratum 20).")
    if not all(np.all(np.isfinite(M)) for M in (A, B, Q, R)):
        raise ValueError("The system matrices must be finite numbers.")
    if np.min(np.linalg.eigvalsh((R + R.T) / 2)) <= 0:
        raise ValueError("The effort weight R (the book's W) must be positive definite.")
    if np.min(np.linalg.eigvalsh((Q + Q.T) / 2)) < 0:
        raise ValueError("The state weight Q (the book's U) must be positive semi-definite.")
    return A, B, Q, R


def _riccati_step(A, B, Q, R, P):
    """One backward step: K = (R + BᵀPB)⁻¹BᵀPA, P' = Q + AᵀPA − AᵀPBK (corrected M56 recursion)."""
    K = np.linalg.solve(R + B.T @ P @ B, B.T @ P @ A)
    P_new = Q + A.T @ P @ A - A.T @ P @ B @ K
    return K, (P_new + P_new.T) / 2


def lqr(A, B, Q, R, tol: float = 1e-10, max_iter: int = 10000) -> FloatArray:
    """The infinite-horizon LQR gain K (u = −Kx): the Riccati recursion run to its fixed point.

    An unstable system that no gain can stabilise makes P grow without bound: a ValueError then.
    """
    A, B, Q, R = _system(A, B, Q, R)
    P = Q.copy()
    for _ in range(int(max_iter)):
        K, P_new = _riccati_step(A, B, Q, R, P)
        if not np.all(np.isfinite(P_new)) or np.max(np.abs(P_new)) > 1e12:
            break
        if np.max(np.abs(P_new - P)) <= tol * (1 + np.max(np.abs(P))):
            K, _ = _riccati_step(A, B, Q, R, P_new)
            if np.max(np.abs(np.linalg.eigvals(A - B @ K))) < 1:
                return K
            break
        P = P_new
    raise ValueError("No stabilising gain: the system is unstable in a direction the controls (B) cannot "
                     "reach, so the Riccati recursion does not converge.")


@dataclass(frozen=True)
class FiniteHorizonLQR:
    """Gains K_t (T, d, n), cost-to-go matrices P_t (T+1, n, n) and constants c_t (T+1,).

    Cost-to-go x_tᵀP_t x_t + c_t; the book's value is V*_t = s_tᵀΦ_t s_t + Ψ_t with Φ_t = −P_t,
    Ψ_t = −c_t, and its gain L_t = −K_t.
    """

    K: FloatArray
    P: FloatArray
    c: FloatArray


def finite_horizon_lqr(A, B, Q, R, T: int, Q_final=None, Sigma=None) -> FiniteHorizonLQR:
    """Backward Riccati recursion over a horizon T (M56, corrected as in seed 001 errata 21–22).

    P_T = Q_final (the book's Φ_T = −U_T); K_t = (R + BᵀP_{t+1}B)⁻¹BᵀP_{t+1}A;
    P_t = Q + AᵀP_{t+1}A − AᵀP_{t+1}B K_t; c_t = c_{t+1} + tr(Σ P_{t+1}) (the book's corrected
    Ψ_t = Ψ_{t+1} + tr(ΣΦ_{t+1})). The gains do not depend on Σ (Fact 3).
    """
    A, B, Q, R = _system(A, B, Q, R)
    T = int(T)
    if T < 1:
        raise ValueError("The horizon T must be at least 1.")
    n, d = B.shape
    Sigma = np.zeros((n, n)) if Sigma is None else np.atleast_2d(np.asarray(Sigma, float))
    P = np.zeros((T + 1, n, n))
    K = np.zeros((T, d, n))
    c = np.zeros(T + 1)
    P[T] = Q if Q_final is None else np.atleast_2d(np.asarray(Q_final, float))
    for t in range(T - 1, -1, -1):
        K[t], P[t] = _riccati_step(A, B, Q, R, P[t + 1])
        c[t] = c[t + 1] + float(np.trace(Sigma @ P[t + 1]))
    if not np.all(np.isfinite(P)):
        raise ValueError("The cost-to-go overflows: shorten the horizon or stabilise the system.")
    return FiniteHorizonLQR(K, P, c)


def lqr_rollout(A, B, gains, x0, T: int, Sigma=None, random_state=None) -> tuple[FloatArray, FloatArray]:
    """x_{t+1} = Ax_t + Bu_t + w_t with u_t = −K_t x_t (``gains``: one K, or one per step; zeros = open
    loop) and w_t ~ N(0, Σ). Returns states (T+1, n) and actions (T, d)."""
    A, B = np.atleast_2d(np.asarray(A, float)), np.atleast_2d(np.asarray(B, float))
    gains = np.asarray(gains, float)
    T, n = int(T), A.shape[0]
    rng = check_random_state(random_state)
    Sigma = np.zeros((n, n)) if Sigma is None else np.atleast_2d(Sigma)
    noise = rng.multivariate_normal(np.zeros(n), Sigma, T)
    x = np.zeros((T + 1, n))
    u = np.zeros((T, B.shape[1]))
    x[0] = np.asarray(x0, float)
    for t in range(T):
        K = gains[t] if gains.ndim == 3 else np.atleast_2d(gains)
        u[t] = -K @ x[t]
        x[t + 1] = A @ x[t] + B @ u[t] + noise[t]
    return x, u


class Pendulum:
    """An inverted pendulum on a motor: θ from upright, θ̈ = (g/l) sin θ − b θ̇ + u/(m l²), Euler steps dt."""

    def __init__(self, g: float = 9.81, length: float = 1.0, mass: float = 1.0, damping: float = 0.1,
                 dt: float = 0.05):
        self.g, self.length, self.mass, self.damping, self.dt = g, length, mass, damping, dt

    def step(self, s, a) -> FloatArray:
        theta, omega = np.asarray(s, float)
        acc = self.g / self.length * np.sin(theta) - self.damping * omega + float(np.ravel(a)[0]) / (
            self.mass * self.length ** 2)
        return np.array([theta + self.dt * omega, omega + self.dt * acc])

    def simulate(self, s0, T: int, gain=None) -> FloatArray:
        """T steps from s0 with u = −K s (or u = 0)."""
        s = [np.asarray(s0, float)]
        for _ in range(int(T)):
            u = 0.0 if gain is None else -(np.atleast_2d(gain) @ s[-1])
            s.append(self.step(s[-1], u))
        return np.array(s)


def linearise(step, s_bar, a_bar, eps: float = 1e-6) -> tuple[FloatArray, FloatArray, FloatArray]:
    """s_{t+1} ≈ F(s̄, ā) + ∇_sF (s − s̄) + ∇_aF (a − ā) (M57 (3)) by central differences.

    Returns A = ∇_sF, B = ∇_aF and the constant k with s_{t+1} ≈ A s + B a + k.
    """
    s_bar, a_bar = np.asarray(s_bar, float), np.atleast_1d(np.asarray(a_bar, float))
    n, d = len(s_bar), len(a_bar)
    A, B = np.zeros((n, n)), np.zeros((n, d))
    for j in range(n):
        e = np.zeros(n)
        e[j] = eps
        A[:, j] = (step(s_bar + e, a_bar) - step(s_bar - e, a_bar)) / (2 * eps)
    for j in range(d):
        e = np.zeros(d)
        e[j] = eps
        B[:, j] = (step(s_bar, a_bar + e) - step(s_bar, a_bar - e)) / (2 * eps)
    k = step(s_bar, a_bar) - A @ s_bar - B @ a_bar
    return A, B, k


def affine_rollout(A, B, k, s0, T: int, gain=None) -> FloatArray:
    """The linearised model s_{t+1} = A s_t + B a_t + k with a_t = −K s_t (or 0): states (T+1, n)."""
    A, B, k = np.atleast_2d(A), np.atleast_2d(B), np.asarray(k, float)
    s = [np.asarray(s0, float)]
    for _ in range(int(T)):
        a = np.zeros(B.shape[1]) if gain is None else -(np.atleast_2d(gain) @ s[-1])
        s.append(A @ s[-1] + B @ a + k)
    return np.array(s)


class KalmanFilter(BaseEstimator):
    """The Kalman filter (M60): predict s_{t+1|t} = A s_{t|t} (+ B a_t), Σ_{t+1|t} = AΣ_{t|t}Aᵀ + Σ_s;
    update with gain K = Σ_{t+1|t}Cᵀ(CΣ_{t+1|t}Cᵀ + Σ_y)⁻¹.

    The belief starts at s_0 ~ N(mean0, cov0); ``fit(Y)`` filters observations y_1..y_T and sets
    ``means_`` (T+1, n), ``covariances_`` (T+1, n, n), ``predicted_means_``/``predicted_covariances_``
    (T, …) and ``gains_`` (T, n, m).
    """

    def __init__(self, A, C, Sigma_s, Sigma_y, mean0, cov0, B=None):
        self._store(locals())

    def _matrices(self):
        A, C = np.atleast_2d(np.asarray(self.A, float)), np.atleast_2d(np.asarray(self.C, float))
        Ss = np.atleast_2d(np.asarray(self.Sigma_s, float))
        Sy = np.atleast_2d(np.asarray(self.Sigma_y, float))
        n, m = A.shape[0], C.shape[0]
        if A.shape != (n, n) or C.shape[1] != n or Ss.shape != (n, n) or Sy.shape != (m, m):
            raise ValueError("Shapes must be A (n×n), C (m×n), Σ_s (n×n) and Σ_y (m×m).")
        if np.min(np.linalg.eigvalsh((Sy + Sy.T) / 2)) <= 0:
            raise ValueError("The sensor noise Σ_y must be positive definite.")
        return A, C, Ss, Sy

    def fit(self, Y, actions=None) -> "KalmanFilter":
        A, C, Ss, Sy = self._matrices()
        Y = np.atleast_2d(np.asarray(Y, float))
        if Y.shape[0] == 0 or Y.size == 0:
            raise ValueError("There are no observations to filter (a sequence of length 0).")
        if Y.shape[1] != C.shape[0]:
            Y = Y.T if Y.shape[0] == C.shape[0] else Y
        T = len(Y)
        mean, cov = np.asarray(self.mean0, float).copy(), np.atleast_2d(np.asarray(self.cov0, float)).copy()
        means, covs, pred_means, pred_covs, gains = [mean], [cov], [], [], []
        for t in range(T):
            mean, cov = self.predict_step(A, Ss, mean, cov, None if actions is None else actions[t])
            pred_means.append(mean)
            pred_covs.append(cov)
            gain = np.linalg.solve(C @ cov @ C.T + Sy, C @ cov).T
            mean = mean + gain @ (Y[t] - C @ mean)
            cov = cov - gain @ C @ cov
            cov = (cov + cov.T) / 2
            means.append(mean)
            covs.append(cov)
            gains.append(gain)
        self.means_, self.covariances_ = np.array(means), np.array(covs)
        self.predicted_means_, self.predicted_covariances_ = np.array(pred_means), np.array(pred_covs)
        self.gains_ = np.array(gains)
        return self

    def predict_step(self, A, Ss, mean, cov, action=None):
        mean = A @ mean
        if action is not None and self.B is not None:
            mean = mean + np.atleast_2d(np.asarray(self.B, float)) @ np.atleast_1d(action)
        return mean, A @ cov @ A.T + Ss


def simulate_tracking(A, C, Sigma_s, Sigma_y, s0, T: int, random_state=None) -> tuple[FloatArray, FloatArray]:
    """A linear-Gaussian trajectory s_{t+1} = As_t + w_t and its observations y_t = Cs_t + v_t, t = 1..T.

    Returns the states (T+1, n) (s_0 … s_T) and observations (T, m)."""
    A, C = np.atleast_2d(np.asarray(A, float)), np.atleast_2d(np.asarray(C, float))
    if int(T) < 1:
        raise ValueError("The trajectory needs at least one step (length 0 has nothing to track).")
    rng = check_random_state(random_state)
    n, m = A.shape[0], C.shape[0]
    w = rng.multivariate_normal(np.zeros(n), np.atleast_2d(Sigma_s), int(T))
    v = rng.multivariate_normal(np.zeros(m), np.atleast_2d(Sigma_y), int(T))
    s = [np.asarray(s0, float)]
    for t in range(int(T)):
        s.append(A @ s[-1] + w[t])
    states = np.array(s)
    return states, states[1:] @ C.T + v


def lqg_rollout(A, B, C, Q, R, Sigma_s, Sigma_y, x0, mean0, cov0, T: int, random_state=None) -> dict:
    """LQG (M59–M60): act a_t = −K ŝ_{t|t} on the Kalman mean, against LQR on the true state (same noise).

    Returns the true states and actions of both controllers, the Kalman means and the total costs.
    """
    A, B, Q, R = _system(A, B, Q, R)
    C = np.atleast_2d(np.asarray(C, float))
    K = lqr(A, B, Q, R)
    T = int(T)
    rng = check_random_state(random_state)
    n, m = A.shape[0], C.shape[0]
    w = rng.multivariate_normal(np.zeros(n), np.atleast_2d(Sigma_s), T)
    v = rng.multivariate_normal(np.zeros(m), np.atleast_2d(Sigma_y), T + 1)
    kf = KalmanFilter(A, C, Sigma_s, Sigma_y, mean0, cov0, B)
    _, _, Ss, Sy = kf._matrices()
    x_true, x_lqg = [np.asarray(x0, float)], [np.asarray(x0, float)]
    u_true, u_lqg, estimates = [], [], []
    mean, cov = np.asarray(mean0, float), np.atleast_2d(np.asarray(cov0, float))
    for t in range(T + 1):
        y = C @ x_lqg[-1] + v[t]
        gain = np.linalg.solve(C @ cov @ C.T + Sy, C @ cov).T
        mean, cov = mean + gain @ (y - C @ mean), cov - gain @ C @ cov
        estimates.append(mean)
        if t == T:
            break
        u_lqg.append(-K @ mean)
        u_true.append(-K @ x_true[-1])
        x_lqg.append(A @ x_lqg[-1] + B @ u_lqg[-1] + w[t])
        x_true.append(A @ x_true[-1] + B @ u_true[-1] + w[t])
        mean, cov = kf.predict_step(A, Ss, mean, cov, u_lqg[-1])

    def cost(xs, us):
        xs, us = np.array(xs), np.array(us)
        return float(np.einsum("ti,ij,tj->", xs, Q, xs) + np.einsum("ti,ij,tj->", us, R, us))

    return dict(lqr_states=np.array(x_true), lqg_states=np.array(x_lqg), estimates=np.array(estimates),
                lqr_cost=cost(x_true, u_true), lqg_cost=cost(x_lqg, u_lqg), gain=K)
