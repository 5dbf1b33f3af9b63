"""The multilayer perceptron and threshold networks (seed 003 §7.1–7.5): gradients equal finite
differences, one epoch equals scikit-learn's, XOR and two spirals are learned, the book's triangle."""

import warnings

import numpy as np
import pytest
from sklearn.neural_network import MLPClassifier as SkMLPClassifier
from sklearn.neural_network import MLPRegressor as SkMLPRegressor

from algorithms import ACTIVATIONS
from algorithms import TRIANGLE_NETWORK
from algorithms import XOR_NETWORK
from algorithms import MLPClassifier
from algorithms import MLPRegressor
from algorithms import Perceptron
from algorithms import backward_pass
from algorithms import epochs_within_budget
from algorithms import forward_pass
from algorithms import initial_parameters
from algorithms import logic_gate
from algorithms import numerical_gradient
from algorithms import softmax
from algorithms import threshold_network
from algorithms.datasets import load_dataset

SK_ACTIVATION = {"sigmoid": "logistic", "tanh": "tanh", "relu": "relu"}


def targets(output, rng, n):
    if output == "identity":
        return rng.normal(size=(n, 1))
    if output == "sigmoid":
        return rng.integers(0, 2, (n, 1)).astype(float)
    return np.eye(3)[rng.integers(0, 3, n)]


@pytest.mark.parametrize("activation", ACTIVATIONS)
@pytest.mark.parametrize("output", ["identity", "sigmoid", "softmax"])
def test_backpropagation_equals_finite_differences(activation, output):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(7, 2))
    Y = targets(output, rng, len(X))
    weights, biases = initial_parameters([2, 4, 3, Y.shape[1]], 1.5, rng)
    lam = 0.3
    Zs, As, masks = forward_pass(weights, biases, X, activation, output)
    gW, gb, _ = backward_pass(weights, Zs, As, masks, Y, activation, lam)
    for m, W in enumerate(weights):
        for r in range(W.shape[0]):
            for c in range(W.shape[1]):
                num = numerical_gradient(weights, biases, X, Y, activation, output, lam, m, r, c)
                assert abs(num - gW[m][r, c]) <= 1e-6 * max(abs(num), abs(gW[m][r, c]), 1e-3)
            num = numerical_gradient(weights, biases, X, Y, activation, output, lam, m, r, None)
            assert abs(num - gb[m][r]) <= 1e-6 * max(abs(num), abs(gb[m][r]), 1e-3)



@pytest.mark.parametrize("activation", ACTIVATIONS)
@pytest.mark.parametrize("output", ["identity", "sigmoid", "softmax"])
def test_a_pass_into_the_arrays_of_an_earlier_pass_gives_the_same_numbers(activation, output):
    # the training loop's workspace: z, a, δ and φ′ written over an earlier pass at other weights
    rng = np.random.default_rng(2)
    X = rng.normal(size=(9, 2))
    Y = targets(output, rng, len(X))
    earlier = initial_parameters([2, 4, 3, Y.shape[1]], 1.5, rng)
    weights, biases = initial_parameters([2, 4, 3, Y.shape[1]], 1.5, rng)
    passes = forward_pass(*earlier, X, activation, output)
    scratch = tuple([np.full_like(Z, np.nan) for Z in passes[0][:-1]] for _ in range(2))
    backward_pass(earlier[0], *passes, Y, activation, 0.3, out=scratch)
    fresh = forward_pass(weights, biases, X, activation, output)
    reused = forward_pass(weights, biases, X, activation, output, out=passes)
    assert reused[0][0] is passes[0][0] and reused[1][1] is passes[1][1]
    for ours, plain in zip([*reused[0], *reused[1]], [*fresh[0], *fresh[1]], strict=True):
        np.testing.assert_array_equal(ours, plain)
    plain = backward_pass(weights, *fresh, Y, activation, 0.3)
    into_scratch = backward_pass(weights, *reused, Y, activation, 0.3, out=scratch)
    assert into_scratch[2][0] is scratch[0][0]
    for ours, expected in zip(sum(into_scratch, []), sum(plain, []), strict=True):
        np.testing.assert_array_equal(ours, expected)

def sk_one_epoch(sk, X, y, weights, biases):
    """scikit-learn's net started from our weights (its coefs_ are W transposed), one more epoch."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # one epoch: "not converged"
        sk.fit(X, y)  # builds the optimizer and the output layer
    for m, (W, b) in enumerate(zip(weights, biases, strict=True)):
        sk.coefs_[m][...] = W.T
        sk.intercepts_[m][...] = b
    sk.partial_fit(X, y)
    return sk


@pytest.mark.parametrize("activation", ACTIVATIONS)
@pytest.mark.parametrize("n_classes", [2, 3])
def test_one_full_batch_epoch_equals_scikit_learn(activation, n_classes):
    ds = load_dataset("blobs3" if n_classes == 3 else "xor", 60, 1.0, 0)
    X, y = ds.X, ds.y
    ours = MLPClassifier((5, 4), activation, lr=0.2, lam=0.7, epochs=1, random_state=3).fit(X, y)
    start = ours.history_[0]
    sk = SkMLPClassifier((5, 4), activation=SK_ACTIVATION[activation], solver="sgd", alpha=0.7,
                         batch_size=len(X), learning_rate_init=0.2, momentum=0.0, max_iter=1,
                         shuffle=False, random_state=0)
    sk_one_epoch(sk, X, y, start.weights, start.biases)
    penalty = 0.5 * 0.7 * sum(np.sum(W * W) for W in start.weights) / len(X)
    assert sk.loss_curve_[-1] == pytest.approx(start.loss + penalty, rel=1e-10)
    for m in range(3):
        np.testing.assert_allclose(ours.coefs_[m], sk.coefs_[m].T, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(ours.intercepts_[m], sk.intercepts_[m], rtol=1e-10, atol=1e-12)


def test_one_epoch_of_regression_equals_scikit_learn():
    ds = load_dataset("sinc", 40, 0.2, 0)
    ours = MLPRegressor((6,), "tanh", lr=0.05, lam=0.1, epochs=1, random_state=1).fit(ds.X, ds.y)
    start = ours.history_[0]
    sk = SkMLPRegressor(hidden_layer_sizes=(6,), activation="tanh", solver="sgd", alpha=0.1,
                        batch_size=len(ds.X), learning_rate_init=0.05, momentum=0.0, max_iter=1,
                        shuffle=False, random_state=0)
    sk_one_epoch(sk, ds.X, ds.y, start.weights, start.biases)
    penalty = 0.05 * sum(np.sum(W * W) for W in start.weights) / len(ds.X)
    assert sk.loss_curve_[-1] == pytest.approx(start.loss + penalty, rel=1e-10)
    for m in range(2):
        np.testing.assert_allclose(ours.coefs_[m], sk.coefs_[m].T, rtol=1e-10, atol=1e-12)


def test_xor_reaches_100_percent():
    ds = load_dataset("xor", 200, 0.2, 0)
    model = MLPClassifier((8,), "tanh", lr=0.1, batch_size=16, epochs=200, random_state=0).fit(ds.X, ds.y)
    assert np.mean(model.predict(ds.X) == ds.y) == 1.0


def test_two_spirals_reach_95_percent():
    ds = load_dataset("spirals", 200, 1.0, 0)
    model = MLPClassifier((8, 8), "relu", lr=0.3, batch_size=16, epochs=1000, random_state=0,
                          standardize=True).fit(ds.X, ds.y)
    assert np.mean(model.predict(ds.X) == ds.y) >= 0.95


def test_history_is_bounded_and_the_loss_falls():
    ds = load_dataset("circles", 200, None, 0)
    model = MLPClassifier((8,), "relu", lr=0.5, epochs=500, random_state=0, n_snapshots=40).fit(ds.X, ds.y)
    assert len(model.history_) <= 40
    assert model.history_[0].epoch == 0 and model.history_[-1].epoch == 500
    assert len(model.loss_curve_) == 501 and model.loss_curve_[-1] < model.loss_curve_[0]
    assert model.history_[-1].loss == pytest.approx(model.loss_)
    assert model.history_[0].grad_norms.shape == (2,)
    assert model.loss_path(ds.X, ds.y)[-1] == pytest.approx(model.loss_)


def test_softmax_probabilities_for_three_classes():
    ds = load_dataset("blobs3", 90, 1.0, 0)
    model = MLPClassifier((4,), "tanh", lr=0.5, epochs=100, random_state=0).fit(ds.X, ds.y)
    P = model.predict_proba(ds.X)
    assert P.shape == (90, 3)
    np.testing.assert_allclose(P.sum(1), 1.0)
    assert np.mean(model.predict(ds.X) == ds.y) > 0.8
    np.testing.assert_allclose(softmax(np.array([[1000.0, 1000.0]])), [[0.5, 0.5]])


def test_zero_hidden_layers_is_a_linear_model_and_zero_units_is_refused():
    ds = load_dataset("xor", 100, 1.0, 0)
    linear = MLPClassifier((), "tanh", lr=0.5, epochs=200, random_state=0).fit(ds.X, ds.y)
    assert len(linear.coefs_) == 1 and np.mean(linear.predict(ds.X) == ds.y) < 0.75
    with pytest.raises(ValueError, match="at least one unit"):
        MLPClassifier((4, 0)).fit(ds.X, ds.y)
    with pytest.raises(ValueError, match="learning rate"):
        MLPClassifier(lr=0).fit(ds.X, ds.y)
    with pytest.raises(ValueError, match="dropout"):
        MLPClassifier(dropout=1.0).fit(ds.X, ds.y)
    with pytest.raises(ValueError, match="activation"):
        MLPClassifier(activation="swish").fit(ds.X, ds.y)


def test_a_diverging_learning_rate_stops_with_finite_numbers():
    ds = load_dataset("sinc", 50, 0.2, 0)
    model = MLPRegressor((8, 8), "relu", lr=20.0, epochs=200, random_state=0).fit(ds.X, ds.y)
    assert model.diverged_ and 1 <= model.diverged_epoch_ <= 200
    assert np.isfinite(model.loss_curve_).all()
    assert all(np.isfinite(W).all() for W in model.coefs_)
    assert np.isfinite(model.predict(ds.X)).all()


def test_dropout_keeps_the_expected_output():
    rng = np.random.default_rng(0)
    X = np.ones((20000, 3))
    W = [np.eye(3), np.ones((1, 3))]
    b = [np.zeros(3), np.zeros(1)]
    _, As, _ = forward_pass(W, b, X, "relu", "identity", dropout=0.4, rng=rng)
    assert As[1].mean() == pytest.approx(1.0, abs=0.02)  # E[x'] = x, seed 003 (31)–(32)
    _, As, _ = forward_pass(W, b, X, "relu", "identity", dropout=0.4)
    assert np.all(As[1] == 1.0)  # inference: unchanged (33)


def test_initialisation_variance_is_one_third():
    rng = np.random.default_rng(0)
    weights, biases = initial_parameters([50, 2000], 1.0, rng)
    Z = rng.normal(size=(200, 50)) @ weights[0].T + biases[0]
    assert Z.var() == pytest.approx(1 / 3, abs=0.02)  # seed 003 §7.5.1


def test_backprop_trace_matches_the_numerical_gradient():
    ds = load_dataset("xor", 40, 1.0, 0)
    model = MLPClassifier((3,), "sigmoid", lr=1.0, epochs=5, random_state=0).fit(ds.X, ds.y)
    trace = model.backprop(ds.X[0], ds.y[0])
    assert trace.grads_W[0][1, 0] == pytest.approx(trace.deltas[0][1] * trace.activations[0][0])
    for m in range(2):
        np.testing.assert_allclose(trace.deltas[m], trace.upstream[m] * trace.slopes[m])
    a = trace.activations[1]
    np.testing.assert_allclose(trace.slopes[0], a * (1 - a))  # σ' = σ(1 − σ)
    np.testing.assert_allclose(trace.upstream[0], trace.deltas[1] @ model.coefs_[1])
    target = float(ds.y[0] == model.classes_[1])
    assert trace.upstream[1][0] == pytest.approx(trace.activations[2][0] - target)
    numeric = model.numerical_gradient(ds.X[0], ds.y[0], 0, 1, 0)
    assert trace.grads_W[0][1, 0] == pytest.approx(numeric, rel=1e-6)


def test_one_layer_learns_and_or_but_never_xor():
    for gate, separable in (("and", True), ("or", True), ("xor", False)):
        X, y = logic_gate(gate)
        assert Perceptron(max_epochs=50).fit(X, y).converged_ is separable
    X, y = logic_gate("xor")
    np.testing.assert_array_equal(threshold_network(X, *XOR_NETWORK)[-1][:, 0], y)


def test_the_triangle_network_with_bias_minus_2_5():
    out = threshold_network(np.array([[0.2, 0.2], [0.8, 0.8]]), *TRIANGLE_NETWORK)
    hidden, y = out
    assert hidden[0].sum() - 2.5 == 0.5 and hidden[1].sum() - 2.5 == -0.5  # seed 003 §7.2.1 Ex. 1
    np.testing.assert_array_equal(y[:, 0], [1.0, 0.0])


def test_epochs_within_budget():
    assert epochs_within_budget(200, 5000, 8, 10000) == 16
    assert epochs_within_budget(200, 400, None, 10000) == 200
    assert epochs_within_budget(5, 5000, 1, 100) == 1


@pytest.mark.parametrize("batch,lam,dropout", [(16, 0.0, 0.0), (4, 0.1, 0.2), (None, 0.0, 0.0)])
def test_training_equals_the_plain_mini_batch_loop(batch, lam, dropout):
    """fit (each epoch's order drawn once and sliced) gives bit for bit the weights and losses of
    the plain loop: per batch, forward and backward on X[rows] and w ← w − α ∂E/∂w (seed 003 (11), (23))."""
    data = load_dataset("xor", 120, 0.35, 0)
    X, y = data.X, data.y
    model = MLPClassifier((5, 3), "tanh", 0.2, batch, lam, dropout, 1.0, 15, random_state=0).fit(X, y)
    Y = (y == model.classes_[1]).astype(float)[:, None]
    rng = np.random.default_rng(0)
    weights, biases = initial_parameters([2, 5, 3, 1], 1.0, rng)
    size = len(X) if batch is None else batch
    for _ in range(15):
        order = rng.permutation(len(X)) if size < len(X) else np.arange(len(X))
        for start in range(0, len(X), size):
            rows = order[start:start + size]
            Zs, As, masks = forward_pass(weights, biases, X[rows], "tanh", "sigmoid", dropout,
                                         rng if dropout > 0 else None)
            gW, gb, _ = backward_pass(weights, Zs, As, masks, Y[rows], "tanh", lam)
            weights = [W - 0.2 * g for W, g in zip(weights, gW, strict=True)]
            biases = [b - 0.2 * g for b, g in zip(biases, gb, strict=True)]
    for ours, plain in zip([*model.coefs_, *model.intercepts_], [*weights, *biases], strict=True):
        np.testing.assert_array_equal(ours, plain)


@pytest.mark.parametrize("lam", [0.0, 0.1])
def test_full_batch_history_equals_the_loop_that_evaluates_every_epoch(lam):
    """Full batch: each epoch one step w ← w − α ∂E/∂w, then the loss and ‖∂E/∂W⁽ᵐ⁾‖ on the whole set
    (seed 003 (20)–(23), written out for a 2-5-3-1 tanh net with a logistic output and cross-entropy);
    fit reuses that evaluation as the next step's gradient and must give the same history_."""
    data = load_dataset("xor", 150, 0.35, 0)
    X, y = data.X, data.y
    model = MLPClassifier((5, 3), "tanh", 0.3, None, lam, epochs=40, random_state=0, n_snapshots=7).fit(X, y)
    Y = (y == model.classes_[1]).astype(float)[:, None]
    n = len(X)

    def loss_and_gradients(weights, biases):
        A = [X]
        for m, (W, b) in enumerate(zip(weights, biases, strict=True)):
            z = A[-1] @ W.T + b
            A.append(1 / (1 + np.exp(-z)) if m == 2 else np.tanh(z))
        loss = -np.mean(Y * np.log(A[3]) + (1 - Y) * np.log(1 - A[3]))
        delta, grads_W, grads_b = (A[3] - Y) / n, [None] * 3, [None] * 3
        for m in (2, 1, 0):
            grads_W[m], grads_b[m] = delta.T @ A[m] + lam / n * weights[m], delta.sum(axis=0)
            delta = (delta @ weights[m]) * (1 - A[m] ** 2)
        return loss, grads_W, grads_b

    weights, biases = initial_parameters([2, 5, 3, 1], 1.0, np.random.default_rng(0))
    curve, states = [], []
    for _ in range(41):
        loss, grads_W, grads_b = loss_and_gradients(weights, biases)
        curve.append(loss)
        states.append((weights, biases, [np.linalg.norm(g) for g in grads_W]))
        weights = [W - 0.3 * g for W, g in zip(weights, grads_W, strict=True)]
        biases = [b - 0.3 * g for b, g in zip(biases, grads_b, strict=True)]
    np.testing.assert_allclose(model.loss_curve_, curve, rtol=1e-12)
    assert [s.epoch for s in model.history_] == [0, 7, 13, 20, 27, 33, 40]
    for snapshot in model.history_:
        weights, biases, norms = states[snapshot.epoch]
        assert snapshot.loss == pytest.approx(curve[snapshot.epoch], rel=1e-12)
        np.testing.assert_allclose(snapshot.grad_norms, norms, rtol=1e-12)
        for ours, plain in zip([*snapshot.weights, *snapshot.biases], [*weights, *biases], strict=True):
            np.testing.assert_allclose(ours, plain, rtol=1e-12, atol=1e-15)
