"""Linear-chain CRF (Sugiyama ch. 11): forward–backward, Viterbi and the gradient against brute force."""

import itertools

import numpy as np
import pytest

from algorithms import LinearChainCRF
from algorithms import chain_costs
from algorithms import chain_features
from algorithms import crf_log_likelihood
from algorithms import forward_backward
from algorithms import sticky_chain
from algorithms import viterbi


def brute_force(U, G):
    T, K = U.shape
    paths = np.array(list(itertools.product(range(K), repeat=T)))
    scores = U[np.arange(T), paths].sum(1) + (G[paths[:, :-1], paths[:, 1:]].sum(1) if T > 1 else 0)
    log_Z = np.log(np.exp(scores - scores.max()).sum()) + scores.max()
    p = np.exp(scores - log_Z)
    marg = np.stack([np.bincount(paths[:, t], weights=p, minlength=K) for t in range(T)])
    return log_Z, marg, paths[np.argmax(scores)]


@pytest.mark.parametrize("T,K,seed", [(1, 3, 0), (2, 2, 1), (5, 3, 2), (6, 2, 3)])
def test_forward_backward_and_viterbi_equal_enumeration(T, K, seed):
    rng = np.random.default_rng(seed)
    U, G = rng.normal(size=(T, K)) * 2, rng.normal(size=(K, K)) * 2
    log_Z, marg, best = brute_force(U, G)
    fb = forward_backward(U, G)
    assert fb.log_Z == pytest.approx(log_Z, abs=1e-10)
    np.testing.assert_allclose(fb.marginals, marg, atol=1e-12)
    np.testing.assert_allclose(fb.pair_marginals.sum(axis=2), fb.marginals[:-1], atol=1e-12)
    np.testing.assert_array_equal(viterbi(U, G), best)


def test_log_space_survives_huge_potentials():
    U = np.array([[800.0, 0.0], [0.0, 900.0]])
    fb = forward_backward(U, np.zeros((2, 2)))
    assert np.isfinite(fb.log_Z) and fb.log_Z == pytest.approx(1700.0)


def test_crf_gradient_equals_finite_differences():
    rng = np.random.default_rng(0)
    coef, trans = rng.normal(size=(3, 3)), rng.normal(size=(3, 3))
    Phi = chain_features(rng.normal(size=5))
    y = np.array([0, 0, 2, 1, 1])
    _, g_coef, g_trans = crf_log_likelihood(coef, trans, Phi, y)
    h = 1e-6
    for M, g in ((coef, g_coef), (trans, g_trans)):
        numeric = np.zeros_like(M)
        for idx in np.ndindex(M.shape):
            M[idx] += h
            up = crf_log_likelihood(coef, trans, Phi, y)[0]
            M[idx] -= 2 * h
            down = crf_log_likelihood(coef, trans, Phi, y)[0]
            M[idx] += h
            numeric[idx] = (up - down) / (2 * h)
        np.testing.assert_allclose(g, numeric, atol=1e-6)


def test_crf_likelihood_equals_enumeration_with_the_books_boundary():
    """y⁽⁰⁾ = y⁽¹⁾: the first label earns Γ[y₁, y₁] (11.2)."""
    rng = np.random.default_rng(1)
    coef, trans = rng.normal(size=(2, 3)), rng.normal(size=(2, 2))
    Phi = chain_features(rng.normal(size=3))
    y = np.array([1, 0, 0])

    def score(path):
        return sum(coef[path[t]] @ Phi[t] for t in range(3)) + trans[path[0], path[0]] + sum(
            trans[path[t - 1], path[t]] for t in range(1, 3))

    all_scores = [score(p) for p in itertools.product(range(2), repeat=3)]
    expected = score(y) - np.log(np.sum(np.exp(all_scores)))
    assert crf_log_likelihood(coef, trans, Phi, y)[0] == pytest.approx(expected, abs=1e-12)


def test_sgd_raises_the_log_likelihood_and_viterbi_beats_chance():
    X, Y = sticky_chain(30, 12, 3, 0.85, sigma=0.6, random_state=0)
    Phis = [chain_features(x) for x in X]
    crf = LinearChainCRF(3, epsilon=0.05, n_iter=400, random_state=0).fit(Phis, Y)
    lls = [h.log_likelihood for h in crf.history_]
    assert lls[-1] > lls[0] + 100
    assert lls[0] == pytest.approx(-30 * 12 * np.log(3))
    accuracy = np.mean([np.mean(crf.predict(P) == y) for P, y in zip(Phis, Y, strict=True)])
    assert accuracy > 0.8
    np.testing.assert_allclose(crf.predict_marginals(Phis[0]).sum(1), 1.0)


def test_counts_of_the_books_cost_comparison():
    assert chain_costs(10, 10) == (10 ** 10 * 10, 1000)  # Fig 11.1: c = m = 10
    assert chain_costs(3, 5) == (1215, 45)


def test_sticky_chain_stays():
    _, Y = sticky_chain(200, 20, 3, 0.9, random_state=0)
    assert np.mean(Y[:, 1:] == Y[:, :-1]) == pytest.approx(0.9, abs=0.02)
    X, Y = sticky_chain(50, 10, 3, 0.5, emission="categorical", sigma=0.0, random_state=0)
    np.testing.assert_array_equal(X, Y)


def test_bad_input_messages():
    with pytest.raises(ValueError, match="length 0"):
        forward_backward(np.zeros((0, 3)), np.zeros((3, 3)))
    with pytest.raises(ValueError, match="length 0"):
        viterbi(np.zeros((0, 2)), np.zeros((2, 2)))
    with pytest.raises(ValueError, match="length 0"):
        sticky_chain(3, 0)
    with pytest.raises(ValueError, match="length 0"):
        LinearChainCRF(2).fit([np.zeros((0, 3))], [np.zeros(0, int)])
    with pytest.raises(ValueError, match="T×K"):
        viterbi(np.zeros((3, 2)), np.zeros((3, 3)))
