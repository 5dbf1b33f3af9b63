"""Neural networks from the formulas (seed 003 §7.1–7.5; seed 004 softmax): the M-P neuron, networks
of threshold units, and the multilayer perceptron trained by error back-propagation.

Conventions follow seed 003 §7.2.2 (Figure 21): a⁽⁰⁾ = x, z⁽ᵐ⁾ = W⁽ᵐ⁾a⁽ᵐ⁻¹⁾ + b⁽ᵐ⁾, a⁽ᵐ⁾ = φ(z⁽ᵐ⁾),
with W⁽ᵐ⁾ of shape (units out × units in); rows of X are samples, so a layer computes A Wᵀ + b.
The output layer is the identity (regression, squared error (10)), the logistic sigmoid (two
classes, cross-entropy) or the softmax (three or more classes, (26)–(29)); with each of these
pairs the output error is δ = ŷ − y ((12), (30)).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y

__all__ = ["ACTIVATIONS", "activate", "activation_derivative", "softmax", "forward_pass",
           "backward_pass", "network_loss", "numerical_gradient", "MLPSnapshot", "BackpropTrace",
           "MLPClassifier", "MLPRegressor", "LOGIC_GATES", "logic_gate", "threshold_network",
           "XOR_NETWORK", "TRIANGLE_NETWORK", "initial_parameters", "epochs_within_budget"]

ACTIVATIONS = ("sigmoid", "tanh", "relu")
OUTPUTS = ("identity", "sigmoid", "softmax")
DIVERGED_LOSS = 1e12  # a loss past this means the learning rate made the weights explode


# ---------------------------------------------------------------------------------------------
# Activations, loss and back-propagation (seed 003 §7.2.2)

def activate(z: FloatArray, name: str, out=None) -> FloatArray:
    """φ(z) (seed 003 §7.2.2, activations (1)–(3); the step function of §7.1; the identity).

    The sigmoid, tanh and relu write into ``out`` (an array of z's shape) when it is given."""
    if name == "sigmoid":  # 0.5·(1 + tanh(z/2)) = 1 / (1 + e^−z), without overflow
        half = np.tanh(np.multiply(z, 0.5, out=out), out=out)
        return np.multiply(np.add(half, 1.0, out=out), 0.5, out=out)
    if name == "tanh":
        return np.tanh(z, out=out)
    if name == "relu":
        return np.maximum(z, 0.0, out=out)
    if name == "step":
        return (z > 0).astype(float)
    if name == "identity":
        return np.asarray(z, float)
    raise ValueError(f"Unknown activation {name!r}; choose one of {', '.join(ACTIVATIONS)}.")


def activation_derivative(z: FloatArray, a: FloatArray, name: str, out=None) -> FloatArray:
    """φ′(z) written with a = φ(z) where the seed does: σ(1 − σ), 1 − tanh², 1[z > 0]; into ``out``
    (an array of z's shape) when it is given."""
    if name == "sigmoid":
        return np.multiply(a, np.subtract(1.0, a, out=out), out=out)
    if name == "tanh":
        return np.subtract(1.0, np.multiply(a, a, out=out), out=out)
    if name == "relu":
        return (z > 0).astype(float) if out is None else np.greater(z, 0.0, out=out)
    if name == "identity":
        return np.ones_like(z)
    raise ValueError(f"Unknown activation {name!r}; choose one of {', '.join(ACTIVATIONS)}.")


def softmax(outputs: FloatArray) -> FloatArray:
    """Row-wise softmax of O (seed 003 (26)), computed from O − max O (the same value, no overflow)."""
    E = np.exp(outputs - outputs.max(axis=1, keepdims=True))
    return E / E.sum(axis=1, keepdims=True)


def _output(Z: FloatArray, output: str) -> FloatArray:
    return softmax(Z) if output == "softmax" else activate(Z, output)


def forward_pass(weights, biases, X, activation: str, output: str, dropout: float = 0.0, rng=None,
                 out=None):
    """The forward pass: (pre-activations z⁽ᵐ⁾, activations a⁽ᵐ⁾ with a⁽⁰⁾ = X, dropout masks).

    With ``dropout`` p > 0 and an ``rng`` (training), each hidden output is zeroed with probability p
    and the others are divided by 1 − p (seed 003 §7.4, (32)); otherwise no unit is dropped (33).
    ``out``, the result of an earlier pass on as many samples, receives the hidden layers' z⁽ᵐ⁾ and
    a⁽ᵐ⁾ in its arrays (a training loop's workspace: no new arrays of n rows each epoch).
    """
    Zs, As, masks = [], [X], []
    for m, (W, b) in enumerate(zip(weights, biases, strict=True)):
        last = m == len(weights) - 1
        reuse = out is not None and not last
        Z = np.matmul(As[-1], W.T, out=out[0][m] if reuse else None)
        Z += b
        A = _output(Z, output) if last else activate(Z, activation, out[1][m + 1] if reuse else None)
        mask = None
        if not last and dropout > 0 and rng is not None:
            mask = (rng.random(A.shape) >= dropout) / (1.0 - dropout)
            A = A * mask
        Zs.append(Z)
        As.append(A)
        masks.append(mask)
    return Zs, As, masks


def network_loss(P: FloatArray, Y: FloatArray, output: str) -> float:
    """The data term of E: ½·mean squared error (identity output, seed 003 (10)), mean binary
    cross-entropy (sigmoid output) or mean cross-entropy −log ŷ_y (softmax, (29))."""
    n = len(Y)
    if output == "identity":
        return float(0.5 * np.sum((P - Y) ** 2) / n)
    eps = np.finfo(float).eps
    P = np.clip(P, eps, 1.0 - eps)
    if output == "sigmoid":
        return float(-np.sum(Y * np.log(P) + (1.0 - Y) * np.log(1.0 - P)) / n)
    return float(-np.sum(Y * np.log(P)) / n)


def _penalty(weights, lam: float, n: int) -> float:
    return 0.5 * lam * sum(float(np.sum(W * W)) for W in weights) / n


def backward_pass(weights, Zs, As, masks, Y, activation: str, lam: float = 0.0, out=None):
    """Back-propagation (seed 003 (20)–(22)) of E = loss + λ/(2n)·Σ‖W⁽ᵐ⁾‖²: the gradients and the δs.

    Output: δ⁽ˡ⁾ = (ŷ − y)/n for each of the three output/loss pairs. Hidden: δ⁽ᵐ⁾ = (δ⁽ᵐ⁺¹⁾W⁽ᵐ⁺¹⁾)
    ⊙ φ′(z⁽ᵐ⁾) (⊙ the dropout mask) — (21) with its sum over the units of layer m + 1 (the seed
    prints Σ_{j=1}^{m−1}). Then ∂E/∂W⁽ᵐ⁾ = δ⁽ᵐ⁾ᵀa⁽ᵐ⁻¹⁾ + (λ/n)W⁽ᵐ⁾ and ∂E/∂b⁽ᵐ⁾ = Σ δ⁽ᵐ⁾ (22).
    ``out`` = (δs, slopes): one array per hidden layer each (of z⁽ᵐ⁾'s shape) that receive δ⁽ᵐ⁾ and
    φ′(z⁽ᵐ⁾) (a training loop's workspace).
    """
    n = len(Y)
    L = len(weights)
    delta = As[-1] - Y
    delta /= n
    grads_W, grads_b, deltas = [None] * L, [None] * L, [None] * L
    for m in range(L - 1, -1, -1):
        deltas[m] = delta
        grads_W[m] = delta.T @ As[m] + (lam / n) * weights[m] if lam else delta.T @ As[m]
        grads_b[m] = np.add.reduce(delta, axis=0)  # = delta.sum(axis=0), without its wrapper
        if m > 0:
            deltas_out, slopes_out = (None, None) if out is None else (out[0][m - 1], out[1][m - 1])
            delta = np.matmul(delta, weights[m], out=deltas_out)
            delta *= activation_derivative(Zs[m - 1], As[m], activation, slopes_out)
            if masks[m - 1] is not None:
                delta *= masks[m - 1]
    return grads_W, grads_b, deltas


def _objective(weights, biases, X, Y, activation, output, lam) -> float:
    _, As, _ = forward_pass(weights, biases, X, activation, output)
    return network_loss(As[-1], Y, output) + _penalty(weights, lam, len(X))


def numerical_gradient(weights, biases, X, Y, activation: str, output: str, lam: float, layer: int,
                       row: int, col: int | None, eps: float = 1e-6) -> float:
    """Central difference (E(w + ε) − E(w − ε)) / 2ε for one weight W⁽ˡᵃʸᵉʳ⁾[row, col] (or the bias
    b⁽ˡᵃʸᵉʳ⁾[row] when ``col`` is None): the check of back-propagation (seed 003 §7.2.2 pitfalls)."""
    values = []
    for sign in (1.0, -1.0):
        Ws = [W.copy() for W in weights]
        bs = [b.copy() for b in biases]
        if col is None:
            bs[layer][row] += sign * eps
        else:
            Ws[layer][row, col] += sign * eps
        values.append(_objective(Ws, bs, X, Y, activation, output, lam))
    return (values[0] - values[1]) / (2.0 * eps)


def initial_parameters(sizes, init_scale: float, rng) -> tuple[list[FloatArray], list[FloatArray]]:
    """W⁽ᵐ⁾ and b⁽ᵐ⁾ drawn uniformly from (−s/√d, s/√d), d = fan-in (seed 003 §7.5.1, s = 1 there)."""
    weights, biases = [], []
    for d_in, d_out in zip(sizes[:-1], sizes[1:], strict=True):
        r = init_scale / np.sqrt(d_in)
        weights.append(rng.uniform(-r, r, (d_out, d_in)))
        biases.append(rng.uniform(-r, r, d_out))
    return weights, biases


def epochs_within_budget(epochs: int, n: int, batch_size: int | None, max_updates: int) -> int:
    """The most epochs (≤ ``epochs``, ≥ 1) whose mini-batch updates stay within ``max_updates``."""
    per_epoch = 1 if batch_size is None or batch_size >= n else -(-n // batch_size)
    return int(max(1, min(epochs, max_updates // per_epoch)))


# ---------------------------------------------------------------------------------------------
# The multilayer perceptron

@dataclass(frozen=True)
class MLPSnapshot:
    """The network after ``epoch`` epochs: its weights and biases, the training loss (data term, no
    dropout) and ‖∂E/∂W⁽ᵐ⁾‖ for every layer m at these weights (full batch)."""

    epoch: int
    weights: tuple[FloatArray, ...]
    biases: tuple[FloatArray, ...]
    loss: float
    grad_norms: FloatArray


@dataclass(frozen=True)
class BackpropTrace:
    """One forward and backward pass: z⁽ᵐ⁾, a⁽ᵐ⁾ (a⁽⁰⁾ = x), δ⁽ᵐ⁾ and the gradients.

    The chain rule's two factors: δ⁽ᵐ⁾ = ``upstream[m]`` ⊙ ``slopes[m]``, with upstream = δ⁽ᵐ⁺¹⁾W⁽ᵐ⁺¹⁾
    and slopes = φ′(z⁽ᵐ⁾) in hidden layers, upstream = ŷ − y and slopes = 1 at the output (12), (30).
    """

    zs: tuple[FloatArray, ...]
    activations: tuple[FloatArray, ...]
    upstream: tuple[FloatArray, ...]
    slopes: tuple[FloatArray, ...]
    deltas: tuple[FloatArray, ...]
    grads_W: tuple[FloatArray, ...]
    grads_b: tuple[FloatArray, ...]
    loss: float


def _frozen(a) -> FloatArray:
    a = np.array(a, dtype=float, copy=True)
    a.setflags(write=False)
    return a


def _check_int(value, name: str, low: int) -> int:
    if isinstance(value, bool) or int(value) != value or value < low:
        raise ValueError(f"{name} must be a whole number ≥ {low}; got {value}.")
    return int(value)


class _MLP(BaseEstimator):
    """Shared training loop: mini-batch gradient descent w ← w − α ∂E/∂w (seed 003 (11), (23))."""

    _output_kind = "identity"

    def __init__(self, hidden=(8,), activation: str = "tanh", lr: float = 0.1, batch_size=None,
                 lam: float = 0.0, dropout: float = 0.0, init_scale: float = 1.0, epochs: int = 200,
                 random_state=None, n_snapshots: int = 60, standardize: bool = False):
        self._store(locals())

    def _check_params(self) -> tuple[list[int], int | None]:
        hidden = [self.hidden] if np.ndim(self.hidden) == 0 else list(self.hidden)
        for units in hidden:
            if isinstance(units, bool) or int(units) != units or units < 1:
                raise ValueError(f"Every hidden layer needs at least one unit; got {units}. Remove the layer "
                                 "(0 hidden layers is a linear model) or give it units.")
        if self.activation not in ACTIVATIONS:
            raise ValueError(f"Unknown activation {self.activation!r}; "
                             f"choose one of {', '.join(ACTIVATIONS)}.")
        check_positive(self.lr, "The learning rate α")
        check_positive(self.lam, "The ℓ2 weight λ", allow_zero=True)
        check_positive(self.init_scale, "The initialisation scale", allow_zero=True)
        if not 0.0 <= float(self.dropout) < 1.0:
            raise ValueError(f"The dropout probability p must be in [0, 1); got {self.dropout}.")
        _check_int(self.epochs, "The number of epochs", 1)
        batch = None if self.batch_size is None else _check_int(self.batch_size, "The batch size", 1)
        return [int(u) for u in hidden], batch

    def fit(self, X, y, initial=None, progress: Callable[[float], None] | None = None):
        """Train for ``epochs`` epochs; ``initial`` = (weights, biases) replaces the random start;
        ``progress(fraction)``, if given, is called after every epoch (a progress bar).

        Stops early, with ``diverged_`` set, once the loss or a weight is no longer finite (or the loss
        passes 10¹²): the learning rate is too large. The parameters are then the last finite ones.
        """
        hidden, batch = self._check_params()
        X, Y = self._prepare(X, y)
        self.n_features_in_ = X.shape[1]
        self.mean_, self.scale_ = np.zeros(X.shape[1]), np.ones(X.shape[1])
        if self.standardize:
            std = X.std(axis=0)
            self.mean_, self.scale_ = X.mean(axis=0), np.where(std > 0, std, 1.0)
            X = (X - self.mean_) / self.scale_
        n = len(X)
        rng = check_random_state(self.random_state)
        sizes = [X.shape[1], *hidden, Y.shape[1]]
        if initial is None:
            weights, biases = initial_parameters(sizes, float(self.init_scale), rng)
        else:
            weights = [np.array(W, float) for W in initial[0]]
            biases = [np.array(b, float) for b in initial[1]]
            if [W.shape for W in weights] != [(o, i) for i, o in zip(sizes[:-1], sizes[1:], strict=True)]:
                raise ValueError("The initial weights do not match the layer sizes.")
        batch = n if batch is None else min(batch, n)
        record = set(np.unique(np.linspace(0, self.epochs, min(self.n_snapshots, self.epochs + 1))
                               .round().astype(int)).tolist())
        lam, lr, p = float(self.lam), float(self.lr), float(self.dropout)
        # full batch without dropout: an epoch's one step is the gradient just evaluated at its weights
        full_batch = batch == n and p == 0
        history, curve = [], []
        self.diverged_, self.diverged_epoch_ = False, None
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            loss, kept_norms, (gW, gb), work = self._evaluate(weights, biases, X, Y, lam)
            curve.append(loss)
            history.append(self._snapshot(0, weights, biases, loss, kept_norms))
            for epoch in range(1, self.epochs + 1):
                if full_batch:
                    new_W = [W - lr * g for W, g in zip(weights, gW, strict=True)]
                    new_b = [b - lr * g for b, g in zip(biases, gb, strict=True)]
                else:
                    new_W, new_b = self._epoch(weights, biases, X, Y, batch, lr, lam, p, rng)
                loss, norms, (gW, gb), work = self._evaluate(new_W, new_b, X, Y, lam, work)
                finite = all(np.isfinite(W).all() for W in new_W) and all(np.isfinite(b).all() for b in new_b)
                if not (finite and np.isfinite(loss) and loss < DIVERGED_LOSS and np.isfinite(norms).all()):
                    self.diverged_, self.diverged_epoch_ = True, epoch
                    break
                weights, biases, kept_norms = new_W, new_b, norms
                curve.append(loss)
                if epoch in record:
                    history.append(self._snapshot(epoch, weights, biases, loss, norms))
                if progress is not None:
                    progress(epoch / self.epochs)
        if history[-1].epoch != len(curve) - 1:
            history.append(self._snapshot(len(curve) - 1, weights, biases, curve[-1], kept_norms))
        self.coefs_ = [_frozen(W) for W in weights]
        self.intercepts_ = [_frozen(b) for b in biases]
        self.loss_curve_ = np.array(curve)
        self.loss_ = float(curve[-1])
        self.n_epochs_ = len(curve) - 1
        self.history_ = tuple(history)
        return self

    def _epoch(self, weights, biases, X, Y, batch, lr, lam, p, rng):
        """One epoch of mini-batch steps: the epoch's order drawn once, each batch then a slice."""
        n = len(X)
        if batch < n:
            order = rng.permutation(n)
            X, Y = X[order], Y[order]
        new_W, new_b = [W.copy() for W in weights], [b.copy() for b in biases]
        for start in range(0, n, batch):
            Zs, As, masks = forward_pass(new_W, new_b, X[start:start + batch], self.activation,
                                         self._output_kind, p, rng if p > 0 else None)
            gW, gb, _ = backward_pass(new_W, Zs, As, masks, Y[start:start + batch], self.activation, lam)
            for m in range(len(new_W)):
                new_W[m] -= lr * gW[m]
                new_b[m] -= lr * gb[m]
        return new_W, new_b

    def _evaluate(self, weights, biases, X, Y, lam, work=None):
        """The training loss (no dropout), ‖∂E/∂W⁽ᵐ⁾‖ and the full-batch gradients at these weights;
        ``work``, returned by the previous call, holds the arrays of n rows that this one overwrites."""
        passes, scratch = work or (None, None)
        passes = forward_pass(weights, biases, X, self.activation, self._output_kind, out=passes)
        Zs, As, masks = passes
        if scratch is None:
            scratch = [np.empty_like(Z) for Z in Zs[:-1]], [np.empty_like(Z) for Z in Zs[:-1]]
        gW, gb, _ = backward_pass(weights, Zs, As, masks, Y, self.activation, lam, out=scratch)
        norms = np.array([np.sqrt(np.sum(g * g)) for g in gW])
        return network_loss(As[-1], Y, self._output_kind), norms, (gW, gb), (passes, scratch)

    @staticmethod
    def _snapshot(epoch, weights, biases, loss, norms) -> MLPSnapshot:
        return MLPSnapshot(epoch, tuple(_frozen(W) for W in weights), tuple(_frozen(b) for b in biases),
                           float(loss), _frozen(norms))

    def _inputs(self, X) -> FloatArray:
        """New inputs, standardised with the training mean and standard deviation when ``standardize``."""
        return (check_new_data(self, X) - self.mean_) / self.scale_

    def _parameters(self, snapshot):
        if snapshot is None:
            return self.coefs_, self.intercepts_
        return snapshot.weights, snapshot.biases

    def output(self, X, snapshot: MLPSnapshot | None = None) -> FloatArray:
        """The network output ŷ (n × outputs) with the final weights or those of a snapshot."""
        X = self._inputs(X)
        weights, biases = self._parameters(snapshot)
        with np.errstate(over="ignore", invalid="ignore"):
            return forward_pass(weights, biases, X, self.activation, self._output_kind)[1][-1]

    def hidden_outputs(self, X, snapshot: MLPSnapshot | None = None) -> list[FloatArray]:
        """a⁽¹⁾ … a⁽ˡ⁻¹⁾: every hidden unit's output at the inputs X ("what each neuron sees")."""
        X = self._inputs(X)
        weights, biases = self._parameters(snapshot)
        return forward_pass(weights, biases, X, self.activation, self._output_kind)[1][1:-1]

    def loss_path(self, X, y) -> FloatArray:
        """The data loss on (X, y) at every snapshot of ``history_`` (e.g. the test-loss curve)."""
        check_is_fitted(self, "history_")
        Y = self._targets(y)
        X = self._inputs(X)  # checked and standardised once, not once per snapshot
        with np.errstate(over="ignore", invalid="ignore"):
            return np.array([network_loss(forward_pass(s.weights, s.biases, X, self.activation,
                                                       self._output_kind)[1][-1], Y, self._output_kind)
                             for s in self.history_])

    def backprop(self, x, y, snapshot: MLPSnapshot | None = None) -> BackpropTrace:
        """Forward values, δs and gradients of E for one sample (x, y) (seed 003 (12)–(22), λ = 0)."""
        X = self._inputs(np.atleast_2d(x))[:1]
        Y = self._targets(np.atleast_1d(y))[:1]
        weights, biases = self._parameters(snapshot)
        Zs, As, masks = forward_pass(weights, biases, X, self.activation, self._output_kind)
        gW, gb, deltas = backward_pass(weights, Zs, As, masks, Y, self.activation)
        L = len(weights)
        upstream = [deltas[m + 1][0] @ weights[m + 1] for m in range(L - 1)] + [As[-1][0] - Y[0]]
        slopes = [activation_derivative(Zs[m][0], As[m + 1][0], self.activation) for m in range(L - 1)]
        return BackpropTrace(tuple(z[0] for z in Zs), tuple(a[0] for a in As), tuple(upstream),
                             (*slopes, np.ones(Y.shape[1])), tuple(d[0] for d in deltas), tuple(gW),
                             tuple(gb), network_loss(As[-1], Y, self._output_kind))

    def numerical_gradient(self, x, y, layer: int, row: int, col: int | None,
                           snapshot: MLPSnapshot | None = None, eps: float = 1e-6) -> float:
        """The central-difference ∂E/∂W⁽ˡᵃʸᵉʳ⁾[row, col] for one sample, beside :meth:`backprop`."""
        X = self._inputs(np.atleast_2d(x))[:1]
        Y = self._targets(np.atleast_1d(y))[:1]
        weights, biases = self._parameters(snapshot)
        return numerical_gradient(list(weights), list(biases), X, Y, self.activation, self._output_kind, 0.0,
                                  layer, row, col, eps)


class MLPClassifier(_MLP):
    """A multilayer perceptron classifier (seed 003 §7.2–7.4): logistic output and cross-entropy for
    two classes, softmax output and cross-entropy (26)–(30) for three or more; ℓ2 penalty
    λ/(2n)·Σ‖W‖² (scikit-learn's ``alpha``), inverted dropout on hidden outputs (32), weights drawn
    from ±init_scale/√fan-in (§7.5.1). ``batch_size=None`` is full-batch gradient descent.

    ``standardize`` trains on inputs scaled to mean 0 and variance 1 (``mean_``, ``scale_``), the
    usual preparation (not in the seed); every method takes the original inputs.
    ``history_`` holds at most ``n_snapshots`` :class:`MLPSnapshot` (epoch 0 and the last included);
    ``loss_curve_`` the training loss after every epoch (index 0: before training).
    """

    _output_kind = "softmax"

    def _prepare(self, X, y):
        X, y = check_X_y(X, y, y_numeric=False)
        self.classes_ = check_classification_targets(y)
        self._output_kind = "sigmoid" if len(self.classes_) == 2 else "softmax"
        return X, self._targets(y)

    def _targets(self, y) -> FloatArray:
        y = np.asarray(y)
        unknown = ~np.isin(y, self.classes_)
        if unknown.any():
            raise ValueError(f"y has labels the classifier was not trained on, such as {y[unknown][0]!r}.")
        codes = np.searchsorted(self.classes_, y)
        if len(self.classes_) == 2:
            return codes[:, None].astype(float)
        return np.eye(len(self.classes_))[codes]

    def predict_proba(self, X, snapshot: MLPSnapshot | None = None) -> FloatArray:
        """Class probabilities (columns in the order of ``classes_``)."""
        P = self.output(X, snapshot)
        return np.column_stack([1.0 - P[:, 0], P[:, 0]]) if P.shape[1] == 1 else P

    def predict(self, X, snapshot: MLPSnapshot | None = None) -> np.ndarray:
        """ŷ = argmax_i of the class probabilities (seed 003 (25))."""
        return self.classes_[np.argmax(self.predict_proba(X, snapshot), axis=1)]


class MLPRegressor(_MLP):
    """A multilayer perceptron for regression (seed 003 §7.2.2, Figure 17): a linear output unit
    and the squared error E = ½(y − Y)² (10) averaged over the samples, plus λ/(2n)·Σ‖W‖²."""

    _output_kind = "identity"

    def _prepare(self, X, y):
        X, y = check_X_y(X, y)
        return X, y[:, None]

    def _targets(self, y) -> FloatArray:
        return check_array(np.asarray(y, float), name="y", ensure_2d=False).reshape(-1, 1)

    def predict(self, X, snapshot: MLPSnapshot | None = None) -> FloatArray:
        return self.output(X, snapshot)[:, 0]


# ---------------------------------------------------------------------------------------------
# Threshold units: the M-P neuron, logic gates, hand-built networks (seed 003 §7.1, §7.2.1)

LOGIC_GATES = ("and", "or", "xor")


def logic_gate(name: str) -> tuple[FloatArray, np.ndarray]:
    """The four inputs (0/1, 0/1) and the truth table of AND, OR or XOR."""
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    a, b = X[:, 0].astype(bool), X[:, 1].astype(bool)
    table = {"and": a & b, "or": a | b, "xor": a ^ b}
    if name not in table:
        raise ValueError(f"Unknown logic gate {name!r}; choose one of {', '.join(LOGIC_GATES)}.")
    return X, table[name].astype(int)


def threshold_network(X, weights, biases) -> list[FloatArray]:
    """Layers of M-P neurons y = step(Wx + b) (seed 003 §7.1, step activation); every layer's outputs."""
    outputs = [check_array(X)]
    for W, b in zip(weights, biases, strict=True):
        outputs.append(activate(outputs[-1] @ np.asarray(W, float).T + np.asarray(b, float), "step"))
    return outputs[1:]


# XOR = OR and not AND: two hidden threshold units, one output unit.
XOR_NETWORK = (
    (np.array([[1.0, 1.0], [1.0, 1.0]]), np.array([[1.0, -1.0]])),
    (np.array([-0.5, -1.5]), np.array([-0.5])),
)
# Seed 003 §7.2.1 Ex. 1: the triangle (0,0), (1,0), (0,1) as three half-planes and an AND unit with
# bias −2.5.
TRIANGLE_NETWORK = (
    (np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]]), np.array([[1.0, 1.0, 1.0]])),
    (np.array([0.0, 0.0, 1.0]), np.array([-2.5])),
)
