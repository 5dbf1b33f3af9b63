"""Sequence labelling with a linear-chain conditional random field (Sugiyama ch. 11, seed 000 11.A).

A chain's score is Σ_t U[t, y_t] + Σ_{t≥2} G[y_{t−1}, y_t] (unary and pairwise log-potentials).
The CRF's are U[t, y] = θ_yᵀφ(x_t) and G = Γ (11.3), with the book's boundary convention
y⁽⁰⁾ = y⁽¹⁾ adding Γ[y₁, y₁] to the first position. Forward–backward (11.5)–(11.6) and Viterbi
(§11.3) run in log space (the book's raw exponentials overflow: 11.A pitfall).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_random_state
from algorithms.linear_classifiers import SoftmaxRegression

__all__ = [
    "sticky_chain", "chain_features", "ChainMarginals", "forward_backward", "viterbi", "viterbi_tables",
    "chain_costs", "crf_potentials", "crf_log_likelihood", "CRFStep", "LinearChainCRF",
    "sequence_features", "per_position_softmax", "gradient_check", "accuracy",
]


def logsumexp(a, axis=None):
    """log Σ exp(a) along ``axis`` without overflow (plain numpy: scipy's is slow on tiny arrays)."""
    m = np.max(a, axis=axis, keepdims=True)
    out = m + np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True))
    return np.squeeze(out, axis=axis) if axis is not None else out.item()


def _check_potentials(unary, pairwise) -> tuple[FloatArray, FloatArray]:
    unary, pairwise = np.asarray(unary, float), np.asarray(pairwise, float)
    if unary.ndim != 2 or unary.shape[0] == 0:
        raise ValueError("The sequence is empty (length 0): a chain needs at least one position.")
    K = unary.shape[1]
    if K == 0 or pairwise.shape != (K, K):
        raise ValueError(f"Unary potentials are T×K and pairwise K×K; got {unary.shape}, {pairwise.shape}.")
    if not (np.all(np.isfinite(unary)) and np.all(np.isfinite(pairwise))):
        raise ValueError("The potentials must be finite numbers.")
    return unary, pairwise


def sticky_chain(n_sequences: int, length: int, n_classes: int = 3, p_stay: float = 0.8,
                 emission: str = "gaussian", sigma: float = 0.6, random_state=None):
    """Labels from a sticky Markov chain (stay with p_stay, else jump uniformly to another label) and
    emissions x ~ N(y, σ²) (``"gaussian"``) or a symbol: with probability min(σ, 1)(K − 1)/K another
    symbol drawn uniformly, else y (``"categorical"``); 11.A's suggested toy. Returns X, Y (n, T)."""
    n, T, K = int(n_sequences), int(length), int(n_classes)
    if T < 1:
        raise ValueError("Sequences of length 0 have nothing to label: choose a length of at least 1.")
    if n < 1 or K < 2:
        raise ValueError("Draw at least one sequence over at least two labels.")
    if not 0.0 <= p_stay <= 1.0:
        raise ValueError("The stay probability must lie in [0, 1].")
    rng = check_random_state(random_state)
    Y = np.zeros((n, T), int)
    Y[:, 0] = rng.integers(K, size=n)
    for t in range(1, T):
        jump = rng.random(n) >= p_stay
        Y[:, t] = np.where(jump, (Y[:, t - 1] + rng.integers(1, K, size=n)) % K, Y[:, t - 1])
    if emission == "gaussian":
        X = Y + sigma * rng.standard_normal((n, T))
    elif emission == "categorical":
        flip = rng.random((n, T)) < min(sigma, 1.0) * (K - 1) / K
        X = np.where(flip, (Y + rng.integers(1, K, size=(n, T))) % K, Y).astype(float)
    else:
        raise ValueError("emission must be 'gaussian' or 'categorical'.")
    return X, Y


def chain_features(x, emission: str = "gaussian", n_symbols: int = 3) -> FloatArray:
    """φ(x) per position: (1, x, x²) for Gaussian emissions (a class-conditional Gaussian's log is
    quadratic in x), the one-hot symbol for categorical ones. Returns (T, b)."""
    x = np.asarray(x, float).ravel()
    if emission == "gaussian":
        return np.column_stack([np.ones_like(x), x, x ** 2])
    return (x.astype(int)[:, None] == np.arange(int(n_symbols))[None, :]).astype(float)


@dataclass(frozen=True)
class ChainMarginals:
    """log α (T, K), log β (T, K), log Z, p(y_t) (T, K) and p(y_{t−1}, y_t) (T−1, K, K)."""

    log_alpha: FloatArray
    log_beta: FloatArray
    log_Z: float
    marginals: FloatArray
    pair_marginals: FloatArray


def forward_backward(unary, pairwise) -> ChainMarginals:
    """Forward–backward (Sugiyama (11.5)–(11.6)) in log space, c²T operations instead of c^T.

    log α_t(y) = U[t, y] + logsumexp_{y'} (log α_{t−1}(y') + G[y', y]), α_1 = exp U[1];
    log β_t(y) = logsumexp_{y'} (G[y, y'] + U[t+1, y'] + log β_{t+1}(y')), β_T = 1; Z = Σ α_T.
    """
    U, G = _check_potentials(unary, pairwise)
    T, K = U.shape
    la, lb = np.zeros((T, K)), np.zeros((T, K))
    la[0] = U[0]
    for t in range(1, T):
        la[t] = U[t] + logsumexp(la[t - 1][:, None] + G, axis=0)
    for t in range(T - 2, -1, -1):
        lb[t] = logsumexp(G + (U[t + 1] + lb[t + 1])[None, :], axis=1)
    log_Z = float(logsumexp(la[-1]))
    marg = np.exp(la + lb - log_Z)
    pairs = np.exp(la[:-1, :, None] + G[None] + (U[1:] + lb[1:])[:, None, :] - log_Z)
    return ChainMarginals(la, lb, log_Z, marg, pairs)


def viterbi_tables(unary, pairwise) -> tuple[FloatArray, np.ndarray, np.ndarray]:
    """Sugiyama §11.3: P_t(y) = U[t, y] + max_{y'} (P_{t−1}(y') + G[y', y]) with back-pointers.

    Returns the max-score table (T, K), the back-pointers (T, K) (row 0 unused) and the best path."""
    U, G = _check_potentials(unary, pairwise)
    T, K = U.shape
    P, back = np.zeros((T, K)), np.zeros((T, K), int)
    P[0] = U[0]
    for t in range(1, T):
        scores = P[t - 1][:, None] + G
        back[t] = np.argmax(scores, axis=0)
        P[t] = U[t] + scores.max(axis=0)
    path = np.zeros(T, int)
    path[-1] = int(np.argmax(P[-1]))
    for t in range(T - 1, 0, -1):
        path[t - 1] = back[t, path[t]]
    return P, back, path


def viterbi(unary, pairwise) -> np.ndarray:
    """The best label sequence argmax_y Σ_t U[t, y_t] + Σ G[y_{t−1}, y_t] (T×K and K×K log-potentials)."""
    return viterbi_tables(unary, pairwise)[2]


def chain_costs(n_classes: int, length: int) -> tuple[int, int]:
    """Terms summed by brute force (c^T sequences of T scores each) and by dynamic programming (c²T)."""
    c, T = int(n_classes), int(length)
    return c ** T * T, c * c * T


def crf_potentials(coef, transitions, Phi) -> tuple[FloatArray, FloatArray]:
    """U[t, y] = θ_yᵀφ(x_t), plus Γ[y₁, y₁] at t = 1 (y⁽⁰⁾ = y⁽¹⁾, (11.2)); G = Γ (indexed [prev, next])."""
    U = np.asarray(Phi, float) @ np.asarray(coef, float).T
    U[0] += np.diag(transitions)
    return U, np.asarray(transitions, float)


def crf_log_likelihood(coef, transitions, Phi, y) -> tuple[float, FloatArray, FloatArray]:
    """log q(ȳ|x̄; ζ) and its gradient φ(x̄, ȳ) − E_q[φ(x̄, ·)] (Fig 11.3, the expectation by (11.4)–(11.6)).

    Returns (log-likelihood, ∂/∂θ (K, b), ∂/∂Γ (K, K))."""
    Phi, y = np.asarray(Phi, float), np.asarray(y, int)
    U, G = crf_potentials(coef, transitions, Phi)
    fb = forward_backward(U, G)
    T = len(y)
    score = U[np.arange(T), y].sum() + G[y[:-1], y[1:]].sum()
    K = U.shape[1]
    onehot = (y[:, None] == np.arange(K)[None, :]).astype(float)
    grad_coef = (onehot - fb.marginals).T @ Phi
    observed = np.zeros((K, K))
    np.add.at(observed, (y[:-1], y[1:]), 1.0)
    observed[y[0], y[0]] += 1.0
    expected = fb.pair_marginals.sum(axis=0) + np.diag(fb.marginals[0])
    return float(score - fb.log_Z), grad_coef, observed - expected


@dataclass(frozen=True)
class CRFStep:
    step: int
    coef: FloatArray
    transitions: FloatArray
    log_likelihood: float


class LinearChainCRF(BaseEstimator):
    """Linear-chain CRF trained by stochastic gradient ascent (Sugiyama §11.1–§11.3, Fig 11.3).

    ζ = (θ, Γ): per-label weights θ (c × b) and transitions Γ (c × c, [previous, next]); each step
    picks a training sequence at random and moves ζ by ε(φ(x̄, ȳ) − E[φ]). ``history_`` holds
    snapshots of ζ and the total log-likelihood.
    """

    def __init__(self, n_classes: int = 3, epsilon: float = 0.05, n_iter: int = 300,
                 n_snapshots: int = 40, random_state=None):
        self._store(locals())

    def fit(self, Phis, Y) -> "LinearChainCRF":
        Phis, Y = [np.asarray(P, float) for P in Phis], [np.asarray(y, int) for y in Y]
        if not Phis or len(Phis) != len(Y):
            raise ValueError("Give one label sequence per feature sequence (and at least one).")
        if any(len(P) == 0 for P in Phis) or any(len(P) != len(y) for P, y in zip(Phis, Y, strict=True)):
            raise ValueError("Sequences of length 0 cannot be labelled; each needs one label per position.")
        K = int(self.n_classes)
        if K < 2 or any((y < 0).any() or (y >= K).any() for y in Y):
            raise ValueError(f"Labels must be whole numbers 0 … {K - 1} (at least two classes).")
        if not self.epsilon > 0 or int(self.n_iter) < 1:
            raise ValueError("The step size ε must be positive and the iterations at least 1.")
        rng = check_random_state(self.random_state)
        coef, trans = np.zeros((K, Phis[0].shape[1])), np.zeros((K, K))
        n_iter = int(self.n_iter)
        marks = np.linspace(0, n_iter, min(n_iter + 1, int(self.n_snapshots))).round()
        record = set(np.unique(marks).astype(int).tolist())
        history = [CRFStep(0, coef.copy(), trans.copy(), self._total(coef, trans, Phis, Y))]
        for step, i in enumerate(rng.integers(len(Phis), size=n_iter), start=1):
            _, g_coef, g_trans = crf_log_likelihood(coef, trans, Phis[i], Y[i])
            coef = coef + self.epsilon * g_coef
            trans = trans + self.epsilon * g_trans
            if step in record:
                history.append(CRFStep(step, coef.copy(), trans.copy(), self._total(coef, trans, Phis, Y)))
        self.coef_, self.transitions_, self.history_ = coef, trans, tuple(history)
        return self

    @staticmethod
    def _total(coef, trans, Phis, Y) -> float:
        return float(sum(crf_log_likelihood(coef, trans, P, y)[0] for P, y in zip(Phis, Y, strict=True)))

    def potentials(self, Phi) -> tuple[FloatArray, FloatArray]:
        return crf_potentials(self.coef_, self.transitions_, Phi)

    def predict(self, Phi) -> np.ndarray:
        """The Viterbi labelling of one sequence (§11.3)."""
        return viterbi(*self.potentials(Phi))

    def predict_marginals(self, Phi) -> FloatArray:
        return forward_backward(*self.potentials(Phi)).marginals


def sequence_features(X, emission: str = "gaussian", n_symbols: int = 3) -> list[FloatArray]:
    """φ of every position of every sequence: a list of (T, b) arrays (see :func:`chain_features`)."""
    return [chain_features(x, emission, n_symbols) for x in np.atleast_2d(X)]


def per_position_softmax(Phis, Y, test_Phis, n_classes: int, lam: float = 1e-2) -> list[np.ndarray]:
    """The independent model of Fig 11.2(a): softmax regression (§10.1) trained on every position
    alone (a constant feature is left to the model's own intercept). Returns the labels it predicts
    for each sequence of ``test_Phis``."""
    stacked = np.vstack(Phis)
    drop = int(np.all(stacked[:, 0] == 1.0))
    y = np.concatenate([np.asarray(v) for v in Y])
    model = SoftmaxRegression(lam=lam).fit(stacked[:, drop:], y)
    labels = []
    for Phi in test_Phis:
        proba = np.zeros((len(Phi), int(n_classes)))
        proba[:, model.classes_.astype(int)] = model.predict_proba(np.asarray(Phi)[:, drop:])
        labels.append(np.argmax(proba, axis=1))
    return labels


def gradient_check(coef, transitions, Phi, y, h: float = 1e-6) -> float:
    """max |analytic − central-difference| over every parameter of the CRF log-likelihood."""
    _, g_coef, g_trans = crf_log_likelihood(coef, transitions, Phi, y)
    worst = 0.0
    for which, grad in ((0, g_coef), (1, g_trans)):
        for idx in np.ndindex(grad.shape):
            params = [np.array(coef, float), np.array(transitions, float)]
            params[which][idx] += h
            up = crf_log_likelihood(*params, Phi, y)[0]
            params[which][idx] -= 2 * h
            down = crf_log_likelihood(*params, Phi, y)[0]
            worst = max(worst, abs((up - down) / (2 * h) - grad[idx]))
    return worst


def accuracy(predicted, truth) -> float:
    return float(np.mean(np.asarray(predicted) == np.asarray(truth)))
