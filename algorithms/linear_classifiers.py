"""Linear classifiers: least squares, perceptron, logistic and softmax regression, LSPC, losses.

Sugiyama ch. 7 (least-squares classification, margins and surrogate losses) and ch. 10 (logistic
regression, LSPC); CS229 Parts II–III (logistic regression, Newton's method, perceptron, softmax);
seed 004 §2.4–2.5 (Newton's method, softmax with weight decay) and its class-imbalance part;
seed 003 §2.1.4–2.1.5.

Conventions shared by every binary classifier here and in :mod:`algorithms.svm`:

* ``classes_`` holds the sorted labels; ``classes_[1]`` is the positive class (y = +1, or y = 1 in
  CS229's {0, 1} coding) and ``classes_[0]`` the negative one;
* ``decision_function`` returns the real score f(x); ``predict`` returns ``classes_[1]`` where
  f(x) ≥ 0. The books' sign(0) = 0 is a probability-zero event (Sugiyama (7.1)); it is sent to the
  positive class, as CS229's threshold g(z) = 1 for z ≥ 0 does;
* the margin of a sample is m = y f(x) with y = ±1 (Sugiyama §7.2); see
  :func:`classification_margins`.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from operator import add
from operator import mul
from typing import NamedTuple

import numpy as np
from scipy.special import expit
from scipy.special import log_softmax
from scipy.special import logsumexp
from scipy.special import softmax

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import clone
from algorithms._base import geometric_steps
from algorithms._base import ridge_solve
from algorithms._base import solve_pd
from algorithms._base import weighted_gram
from algorithms.basis import GaussianBasis
from algorithms.basis import LinearBasis

__all__ = ["LeastSquaresClassifier", "Perceptron", "LogisticRegression", "SoftmaxRegression", "LSPC",
           "PerceptronStep", "LogisticStep", "MARGIN_LOSSES", "margin_loss",
           "margin_loss_derivative", "ramp_target", "classification_margins", "rescale_odds",
           "moved_threshold", "perceptron_mistake_bound", "resample_balanced", "binary_report",
           "threshold_rates", "fisher_alignment", "SigmoidLandscape", "sigmoid_loss_landscape",
           "sigmoid_descent", "two_class_1d"]


# ---------------------------------------------------------------------------------------------
# Shared helpers (also used by algorithms.svm and algorithms.multiclass)

def _check_labels(X, y, *, min_samples: int = 1):
    """Finite 2-D X and a 1-D label vector y of the same length (labels of any type)."""
    X, y = check_X_y(X, y, min_samples=min_samples, y_numeric=False)
    if y.dtype.kind == "f" and not np.all(np.isfinite(y)):
        raise ValueError("y contains missing or infinite labels; every sample needs a class.")
    if y.dtype.kind == "O" and any(v is None for v in y):
        raise ValueError("y contains missing labels (None); every sample needs a class.")
    return X, y


def _binary_targets(y, what: str):
    """Sorted classes and y coded as ±1 (+1 for ``classes[1]``); exactly two classes required."""
    classes = check_classification_targets(y)
    if len(classes) != 2:
        raise ValueError(f"{what} separates exactly two classes; y has {len(classes)} "
                         f"({classes.tolist()}). For more classes wrap it in OneVsRest, OneVsOne "
                         f"or ECOC.")
    return classes, np.where(y == classes[1], 1.0, -1.0)


def _class_index(y, classes):
    """Index of each label in ``classes`` (labels must all be known)."""
    idx = np.searchsorted(classes, y)
    idx = np.clip(idx, 0, len(classes) - 1)
    if not np.all(classes[idx] == y):
        unknown = sorted({repr(v) for v in np.asarray(y)[classes[idx] != y]})
        raise ValueError(f"Unknown class label(s) {', '.join(unknown)}; the model was fitted on "
                         f"{classes.tolist()}.")
    return idx


def _check_int(value, name: str, low: int = 1) -> int:
    if isinstance(value, bool) or int(value) != value or value < low:
        raise ValueError(f"{name} must be a whole number ≥ {low}; got {value}.")
    return int(value)


def _record_schedule(max_steps: int, n_snapshots: int) -> frozenset[int]:
    """Steps to record when a run can be long: :func:`geometric_steps`, n_snapshots checked."""
    return geometric_steps(max_steps, _check_int(n_snapshots, "n_snapshots", 2))


def _runs(record: set[int], steps: int) -> list[int]:
    """The last step of each run between two recorded steps: the recorded steps below ``steps`` in
    order, then ``steps`` (a loop looks at the record once a run instead of once a step)."""
    return sorted(s for s in record if s < steps) + [steps]


def _frozen(a) -> FloatArray:
    a = np.array(a, dtype=float, copy=True)
    a.setflags(write=False)
    return a


def _design(basis, X):
    """Fit ``basis`` (LinearBasis by default) on X and return it with Φ."""
    fitted = (LinearBasis() if basis is None else clone(basis)).fit(X)
    return fitted, fitted.transform(X)


def _penalty_mask(Phi: FloatArray) -> FloatArray:
    """1 for penalised coefficients; 0 for a constant first basis function (the intercept θ₀)."""
    mask = np.ones(Phi.shape[1])
    if np.all(Phi[:, 0] == 1.0):
        mask[0] = 0.0
    return mask


def _dot_gram(A: FloatArray, B: FloatArray) -> FloatArray:
    """A Bᵀ. With few features it is summed feature by feature in row blocks (small scratch
    buffers): a BLAS product with a tiny inner dimension gains nothing and, multithreaded on a
    busy machine, was measured up to 10× slower."""
    d = A.shape[1]
    if d > 8:
        return A @ B.T
    G = np.empty((A.shape[0], B.shape[0]))
    step = max(1, 32_768 // max(B.shape[0], 1))
    cols = [np.ascontiguousarray(B[:, k]) for k in range(d)]
    for r in range(0, A.shape[0], step):
        block = G[r:r + step]
        np.multiply.outer(A[r:r + step, 0], cols[0], out=block)
        for k in range(1, d):
            block += np.multiply.outer(A[r:r + step, k], cols[k])
    return G


def _gaussian_gram(A: FloatArray, B: FloatArray, width: float) -> FloatArray:
    """exp(−‖a_i − b_j‖²/(2 width²)), the values of :func:`algorithms._base.gaussian_kernel`.

    Computed in place in one (len(A), len(B)) buffer: no large temporaries, which matters for
    the n × n training matrix.
    """
    G = _dot_gram(A, B)
    G *= 2.0
    G -= (A * A).sum(1)[:, None]
    G -= (B * B).sum(1)[None, :]
    np.minimum(G, 0.0, out=G)
    G *= 1.0 / (2.0 * float(width) ** 2)
    return np.exp(G, out=G)


def _gaussian_apply(A: FloatArray, B: FloatArray, width: float, coef: FloatArray) -> FloatArray:
    """K(A, B) @ coef for the Gaussian kernel, in row blocks that stay in cache.

    The full (len(A), len(B)) matrix is never built: a 150 × 150 grid against 500 centres would
    be 11 M entries; blockwise it is several times faster and needs little memory.
    """
    coef = np.asarray(coef, dtype=float)
    out = np.empty((A.shape[0],) + coef.shape[1:])
    step = max(1, 65_536 // max(B.shape[0], 1))
    for r in range(0, A.shape[0], step):
        out[r:r + step] = _gaussian_gram(A[r:r + step], B, width) @ coef
    return out


# ---------------------------------------------------------------------------------------------
# Loss zoo (Sugiyama Fig 7.8; Li Hang Fig 7.6; seed 003 Fig 14)

def _zero_one(m):
    return 0.5 * (1.0 - np.sign(m))


def _squared(m):
    return (1.0 - m) ** 2


def _hinge(m):
    return np.maximum(0.0, 1.0 - m)


def _logistic(m):
    return np.logaddexp(0.0, -m)


def _exponential(m):
    return np.exp(-m)


def _ramp(m):
    return np.minimum(1.0, np.maximum(0.0, 1.0 - m))


def _perceptron(m):
    return np.maximum(0.0, -m)


def _madaboost(m):
    return np.where(m <= 0, 0.5 - m, 0.5 * np.exp(-2.0 * np.maximum(m, 0.0)))


def _logitboost(m):
    return np.logaddexp(0.0, -2.0 * m)


#: Surrogate losses as functions of the margin m = y f(x), name → vectorised function.
#: ``zero_one`` is ½(1 − sign m) (Sugiyama §7.2), so it is exactly ½ at m = 0; ``logistic`` uses
#: the natural log (Sugiyama (10.2)); ``perceptron`` is [−m]₊ (Li Hang Fig 7.6, with the seed's
#: sign typo corrected); ``madaboost`` and ``logitboost`` are the boosting losses of Sugiyama §9.3.2.
MARGIN_LOSSES = {
    "zero_one": _zero_one,
    "squared": _squared,
    "hinge": _hinge,
    "logistic": _logistic,
    "exponential": _exponential,
    "ramp": _ramp,
    "perceptron": _perceptron,
    "madaboost": _madaboost,
    "logitboost": _logitboost,
}

_LOSS_DERIVATIVES = {
    "zero_one": lambda m: np.zeros_like(m),
    "squared": lambda m: -2.0 * (1.0 - m),
    "hinge": lambda m: np.where(m < 1.0, -1.0, 0.0),
    "logistic": lambda m: -expit(-m),
    "exponential": lambda m: -np.exp(-m),
    "ramp": lambda m: np.where((m >= 0.0) & (m < 1.0), -1.0, 0.0),
    "perceptron": lambda m: np.where(m < 0.0, -1.0, 0.0),
    "madaboost": lambda m: np.where(m <= 0, -1.0, -np.exp(-2.0 * np.maximum(m, 0.0))),
    "logitboost": lambda m: -2.0 * expit(-2.0 * m),
}


def _check_loss_name(kind: str) -> None:
    if kind not in MARGIN_LOSSES:
        raise ValueError(f"Unknown loss '{kind}'. Choose one of: {', '.join(MARGIN_LOSSES)}.")


def margin_loss(m, kind: str) -> FloatArray:
    """The loss ``kind`` (a key of :data:`MARGIN_LOSSES`) at margins m, elementwise."""
    _check_loss_name(kind)
    return MARGIN_LOSSES[kind](np.asarray(m, dtype=float))


def margin_loss_derivative(m, kind: str) -> FloatArray:
    """dℓ/dm of the loss ``kind`` (a subgradient at the kinks: the right-hand value)."""
    _check_loss_name(kind)
    return _LOSS_DERIVATIVES[kind](np.asarray(m, dtype=float))


def ramp_target(m) -> FloatArray:
    """v = m + min{1, max(0, 1 − m)}, the ramp-loss regression target (Sugiyama (8.5), Fig 8.17).

    The ramp loss equals |v − m|: v = m for m > 1, v = 1 for 0 < m ≤ 1, v = m + 1 for m ≤ 0.
    """
    m = np.asarray(m, dtype=float)
    return m + _ramp(m)


def classification_margins(model, X, y) -> FloatArray:
    """Margins m_i = y_i f(x_i) of a fitted binary classifier, y coded ±1 by ``model.classes_``.

    This is the rug the loss-zoo plot draws under the loss curves (Sugiyama §7.2).
    """
    check_is_fitted(model, "classes_")
    X = check_array(X)
    y = np.asarray(y)
    if len(model.classes_) != 2:
        raise ValueError("Margins are defined for two-class models only.")
    if len(y) != len(X):
        raise ValueError(f"X has {len(X)} samples but y has {len(y)}; they must match.")
    idx = _class_index(y, model.classes_)
    return np.where(idx == 1, 1.0, -1.0) * model.decision_function(X)


# ---------------------------------------------------------------------------------------------
# Class imbalance (seed 004, class-imbalance part; seed 003 §2.1.5 with its ratio corrected)

def rescale_odds(proba, n_pos: float, n_neg: float) -> FloatArray:
    """Rescaled probability y′ with y′/(1 − y′) = y/(1 − y) × m⁻/m⁺ (seed 004 再缩放).

    Predicting positive when y′ > ½ is the same as moving the threshold to m⁺/(m⁺ + m⁻)
    (:func:`moved_threshold`). Seed 003 (19) prints the inverted ratio m⁺/m⁻: an erratum.
    Cost-sensitive learning passes the costs instead: m⁻/m⁺ → cost⁺/cost⁻.
    """
    n_pos = check_positive(n_pos, "The number of positives m⁺")
    n_neg = check_positive(n_neg, "The number of negatives m⁻")
    p = np.asarray(proba, dtype=float)
    if np.any((p < 0) | (p > 1)) or not np.all(np.isfinite(p)):
        raise ValueError("Probabilities must lie in [0, 1].")
    return p * n_neg / (p * n_neg + (1.0 - p) * n_pos)


def moved_threshold(n_pos: float, n_neg: float) -> float:
    """Threshold moving: predict positive iff y > m⁺/(m⁺ + m⁻) (seed 004; 990/10 → 0.99)."""
    n_pos = check_positive(n_pos, "The number of positives m⁺")
    n_neg = check_positive(n_neg, "The number of negatives m⁻")
    return n_pos / (n_pos + n_neg)


def resample_balanced(positive, sampling: str, seed: int = 0) -> np.ndarray:
    """Indices of a training set re-sampled so both classes are equally large (seed 004, 欠采样/过采样).

    ``positive`` marks one class. ``"under"``: the smaller class and as many of the larger, drawn
    without replacement; ``"over"``: both classes and the smaller one drawn again, with replacement,
    up to the larger's size; ``"none"``: every index, in order.
    """
    positive = np.asarray(positive, dtype=bool)
    if sampling == "none":
        return np.arange(len(positive))
    if sampling not in ("under", "over"):
        raise ValueError(f"sampling must be 'none', 'under' or 'over'; got {sampling!r}.")
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(positive), np.flatnonzero(~positive)
    small, large = (pos, neg) if len(pos) <= len(neg) else (neg, pos)
    if sampling == "under":
        return np.concatenate([small, rng.choice(large, size=len(small), replace=False)])
    return np.concatenate([large, small, rng.choice(small, size=len(large) - len(small), replace=True)])


def binary_report(predicted, positive) -> dict:
    """The confusion counts tp, fp, fn, tn of a two-class decision and the rates built from them.

    accuracy = (tp + tn)/n, precision = tp/(tp + fp), recall = tp/(tp + fn), specificity =
    tn/(tn + fp) and F1 = 2PR/(P + R) (seed 004, class imbalance); a rate whose denominator
    is 0 (or an F1 with P or R zero) is None.
    """
    pred, positive = np.asarray(predicted, dtype=bool), np.asarray(positive, dtype=bool)
    tp, fp = int(np.sum(pred & positive)), int(np.sum(pred & ~positive))
    fn, tn = int(np.sum(~pred & positive)), int(np.sum(~pred & ~positive))
    precision = tp / (tp + fp) if tp + fp else None
    recall = tp / (tp + fn) if tp + fn else None
    return dict(tp=tp, fp=fp, fn=fn, tn=tn, accuracy=(tp + tn) / max(len(pred), 1),
                precision=precision, recall=recall,
                specificity=tn / (tn + fp) if tn + fp else None,
                f1=2 * precision * recall / (precision + recall) if precision and recall else None)


def threshold_rates(proba, positive, thresholds):
    """Accuracy, recall of the positives and of the negatives when predicting positive iff p ≥ t,
    for every threshold t (threshold moving, seed 004); a class without samples gives zeros."""
    p, positive = np.asarray(proba, dtype=float), np.asarray(positive, dtype=bool)
    ts = np.asarray(thresholds, dtype=float)
    pred = p[None, :] >= ts[:, None]
    accuracy = np.mean(pred == positive[None, :], axis=1)
    recall = np.mean(pred[:, positive], axis=1) if positive.any() else np.zeros_like(ts)
    specificity = np.mean(~pred[:, ~positive], axis=1) if (~positive).any() else np.zeros_like(ts)
    return accuracy, recall, specificity


# ---------------------------------------------------------------------------------------------
# Least-squares classification

def fisher_alignment(w, X, y) -> float:
    """cos∠(w, S_W⁻¹(μ₊ − μ₋)): how parallel w is to Fisher's discriminant direction (Sugiyama §7.1).

    S_W = Σ_k Σ_{i∈k} (x_i − μ_k)(x_i − μ_k)ᵀ is the within-class scatter of the two classes of y
    (the larger label is +). Least squares onto the targets +1/n₊, −1/n₋ with an intercept gives
    a θ₁.. with cosine 1. NaN when either direction is zero.
    """
    X, y = _check_labels(X, y)
    classes, _ = _binary_targets(y, "Fisher's direction")
    X0, X1 = X[y == classes[0]], X[y == classes[1]]
    D0, D1 = X0 - X0.mean(0), X1 - X1.mean(0)
    fisher = np.linalg.lstsq(D0.T @ D0 + D1.T @ D1, X1.mean(0) - X0.mean(0), rcond=None)[0]
    w = np.asarray(w, dtype=float).ravel()
    if not (np.any(w) and np.any(fisher)):
        return float("nan")
    return float(w @ fisher / (np.linalg.norm(w) * np.linalg.norm(fisher)))


class LeastSquaresClassifier(BaseEstimator):
    """Least-squares classification: fit ±1 targets by ℓ2-regularised LS, predict sign f (Sugiyama §7.1).

    ``kernel="gaussian"`` is the book's kernel model f(x) = Σ_j θ_j K(x, x_j) with
    K = exp(−‖x − x'‖²/(2h²)) and θ̂ = (K² + λI)⁻¹Ky (Fig 7.3; book demo h = 1, λ = 0.01).
    ``kernel="linear"`` is f(x) = θ₀ + θᵀx with θ̂ = (ΦᵀΦ + λI)⁻¹Φᵀy, every θ_j (θ₀ included)
    penalised as in :class:`~algorithms.linear_regression.Ridge`.

    ``targets="lda"`` replaces ±1 by +1/n₊ and −1/n₋; with the linear kernel this is Fisher's LDA
    (the direction θ₁.. is parallel to S_W⁻¹(μ₊ − μ₋) when λ = 0; the intercept is needed).
    With more than two classes the targets are one-vs-rest ±1 columns, f is one column per
    class and ``predict`` takes the argmax (seed 004 §2.4: regression onto one-hot codes).

    The squared loss (1 − m)² also punishes margins m > 1, which is why LS can fail on separable
    data (Sugiyama Fig 7.6). ``n_centers`` = b < n uses b random training inputs as kernel centres
    (Sugiyama §2.2, for large n): then θ̂ = (ΦᵀΦ + λI)⁻¹Φᵀy with Φ = K(X, centres).
    """

    def __init__(self, h: float = 1.0, lam: float = 0.01, kernel: str = "gaussian",
                 targets: str = "pm1", n_centers: int | None = None, random_state=0):
        self._store(locals())

    def _basis(self):
        if self.kernel == "gaussian":
            return GaussianBasis(self.h, n_centers=self.n_centers, random_state=self.random_state)
        if self.kernel == "linear":
            return LinearBasis()
        raise ValueError(f"kernel must be 'gaussian' or 'linear'; got {self.kernel!r}.")

    def fit(self, X, y) -> "LeastSquaresClassifier":
        X, y = _check_labels(X, y)
        lam = check_positive(self.lam, "λ", allow_zero=True)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        if self.targets not in ("pm1", "lda"):
            raise ValueError(f"targets must be 'pm1' or 'lda'; got {self.targets!r}.")
        if len(self.classes_) == 2:
            t = np.where(idx == 1, 1.0, -1.0)
            if self.targets == "lda":
                n_pos = np.count_nonzero(idx == 1)
                t = np.where(idx == 1, 1.0 / n_pos, -1.0 / (len(y) - n_pos))
        else:
            if self.targets == "lda":
                raise ValueError("targets='lda' is defined for two classes only.")
            t = np.where(idx[:, None] == np.arange(len(self.classes_))[None, :], 1.0, -1.0)
        self.basis_ = self._basis().fit(X)
        Phi = (_gaussian_gram(X, self.basis_.centers_, self.h) if self.kernel == "gaussian"
               else self.basis_.transform(X))
        self.theta_ = ridge_solve(Phi, t, lam)          # with all centres Φ = K: (K² + λI)⁻¹Kt
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> FloatArray:
        """f(x): shape (n,) for two classes, (n, c) otherwise."""
        X = check_new_data(self, X, "n_features_in_")
        if self.kernel == "gaussian":
            return _gaussian_apply(X, self.basis_.centers_, self.h, self.theta_)
        return self.basis_.transform(X) @ self.theta_

    def predict(self, X) -> np.ndarray:
        f = self.decision_function(X)
        if f.ndim == 1:
            return self.classes_[(f >= 0).astype(int)]
        return self.classes_[np.argmax(f, axis=1)]


# ---------------------------------------------------------------------------------------------
# Perceptron

@dataclass(frozen=True)
class PerceptronStep:
    """The perceptron after its ``n_mistakes``-th update.

    ``index`` is the misclassified sample that caused the update (−1 for the initial state) and
    ``epoch`` the pass over the data (0-based) in which it happened.
    """

    n_mistakes: int
    epoch: int
    index: int
    w: FloatArray
    b: float


_PERCEPTRON_BLOCK = 64


class Perceptron(BaseEstimator):
    """Rosenblatt's perceptron, mistake-driven (CS229 M11–M12; seed 003 §7.1).

    Start from θ = (b, w) = 0 and visit the samples in order (a fresh random order per epoch when
    ``shuffle``); whenever y_i(wᵀx_i + b) ≤ 0, update w ← w + η y_i x_i, b ← b + η y_i. The
    test uses ≤ 0 (seed 003 prints < 0, which never fires from θ = 0). Stops after an epoch
    without mistakes (``converged_``) or after ``max_epochs`` (never converges on
    non-separable data). With θ₀ = 0, η only rescales θ.

    ``history_`` holds :class:`PerceptronStep` snapshots: the initial state, every update at
    first, then geometrically spaced ones (about ``n_snapshots`` in all over the largest possible
    run of ``max_epochs`` × n updates), and always the last update. ``n_mistakes_`` counts all;
    ``epoch_mistakes_`` holds the number of updates in each epoch (the last is 0 on convergence).
    """

    def __init__(self, eta: float = 1.0, max_epochs: int = 100, shuffle: bool = False,
                 random_state=None, n_snapshots: int = 2000):
        self._store(locals())

    def fit(self, X, y) -> "Perceptron":
        X, y = _check_labels(X, y)
        eta = check_positive(self.eta, "The learning rate η")
        max_epochs = _check_int(self.max_epochs, "max_epochs")
        self.classes_, t = _binary_targets(y, "The perceptron")
        rng = check_random_state(self.random_state)
        n, d = X.shape
        Xh = np.column_stack([np.ones(n), X])
        theta = np.zeros(d + 1)
        record = _record_schedule(max_epochs * n, self.n_snapshots)
        history = [PerceptronStep(0, 0, -1, _frozen(theta[1:]), 0.0)]
        mistakes, last_index, last_epoch = 0, -1, 0
        self.converged_ = False
        epoch = 0
        per_epoch = []
        for epoch in range(max_epochs):
            order = rng.permutation(n) if self.shuffle else np.arange(n)
            errors, position = 0, 0
            while position < n:
                # θ only changes at a mistake, so the next mistake can be found a block at a time.
                block = order[position:position + _PERCEPTRON_BLOCK]
                wrong = np.flatnonzero(t[block] * (Xh[block] @ theta) <= 0.0)
                if not len(wrong):
                    position += len(block)
                    continue
                i = int(block[wrong[0]])
                theta += (eta * t[i]) * Xh[i]
                mistakes += 1
                errors += 1
                last_index, last_epoch = i, epoch
                if mistakes in record:
                    history.append(PerceptronStep(mistakes, epoch, i, _frozen(theta[1:]), float(theta[0])))
                position += int(wrong[0]) + 1
            per_epoch.append(errors)
            if errors == 0:
                self.converged_ = True
                break
        if history[-1].n_mistakes != mistakes:
            history.append(PerceptronStep(mistakes, last_epoch, last_index, _frozen(theta[1:]),
                                          float(theta[0])))
        self.w_, self.b_ = theta[1:].copy(), float(theta[0])
        self.n_mistakes_ = mistakes
        self.n_epochs_ = epoch + 1
        self.epoch_mistakes_ = np.array(per_epoch, dtype=int)
        self.history_ = tuple(history)
        self.n_features_in_ = d
        return self

    def decision_function(self, X) -> FloatArray:
        X = check_new_data(self, X, "n_features_in_")
        return X @ self.w_ + self.b_

    def predict(self, X) -> np.ndarray:
        return self.classes_[(self.decision_function(X) >= 0).astype(int)]


def perceptron_mistake_bound(X, y, w, b: float = 0.0) -> float:
    """Block–Novikoff bound (D/γ)² on the perceptron's mistakes (CS229 M12).

    Uses the augmented vectors x̂ = (1, x) the perceptron actually learns on: D = max‖x̂_i‖ and
    γ = min_i y_i uᵀx̂_i for the unit vector u ∝ (b, w) of a separating hyperplane (e.g. the
    hard-margin SVM's). Raises ValueError if (w, b) does not separate the data.
    """
    X, y = _check_labels(X, y)
    _, t = _binary_targets(y, "The mistake bound")
    u = np.concatenate([[float(b)], np.asarray(w, dtype=float).ravel()])
    if u.shape[0] != X.shape[1] + 1:
        raise ValueError(f"w must have {X.shape[1]} entries, one per feature.")
    norm = np.linalg.norm(u)
    if norm == 0:
        raise ValueError("The hyperplane (w, b) must not be zero.")
    Xh = np.column_stack([np.ones(len(X)), X])
    gamma = float(np.min(t * (Xh @ u)) / norm)
    if gamma <= 0:
        raise ValueError("This hyperplane does not separate the data (some margin ≤ 0); the "
                         "bound needs linearly separable data and a separating (w, b).")
    D = float(np.max(np.linalg.norm(Xh, axis=1)))
    return (D / gamma) ** 2


# ---------------------------------------------------------------------------------------------
# Logistic and softmax regression

class LogisticStep(NamedTuple):
    """One step of logistic or softmax regression (a named tuple: read-only, cheap to make).

    ``theta`` after the step ((b,) binary, (b, c) softmax); ``log_likelihood`` ℓ(θ) = Σ log q(y_i|x_i);
    ``objective`` = ℓ(θ) − (λ/2)‖θ‖² (intercept excluded; the maximised criterion); ``grad_norm``
    = ‖∇objective‖ at θ;
    ``index`` = the sample drawn by an SGD step (−1 for a full-batch or mini-batch step); ``step_size`` = the
    learning rate used (Newton: the damping factor, 1 for a full step).
    """

    step: int
    theta: FloatArray
    log_likelihood: float
    objective: float
    grad_norm: float
    index: int = -1
    step_size: float = 1.0


_SOLVERS = ("gd", "sgd", "newton")
_DEFAULT_MAX_ITER = {"gd": 1000, "sgd": 20_000, "newton": 100}
_CACHED_ENTRIES = 2 ** 16   # (samples × snapshots) evaluated at once: 512 kB per array
# features (basis functions, intercept included) below which a per-sample step is faster in Python
# floats than in numpy (a numpy call costs more than a short dot product); also algorithms.online's
_PYTHON_FLOATS_UP_TO = 32


def _sigmoid(z: float) -> float:
    """1/(1 + e^−z) of a Python float, as scipy's expit (e^z where e^−z would overflow)."""
    return 1.0 / (1.0 + math.exp(-z)) if z > -700.0 else math.exp(z)


class _IterativeClassifier(BaseEstimator):
    """Shared fitting loop of :class:`LogisticRegression` and :class:`SoftmaxRegression`.

    Subclasses provide ``_evaluate(theta) -> (ℓ, objective, gradient)`` over the whole sample,
    ``_sample_gradient(theta, i)``, ``_mean_gradient(theta, Phi, targets)`` (the mean of the
    sample gradients over the rows of a batch, without the penalty), ``_targets`` (the rows'
    targets) and ``_newton_direction(theta, grad)``.
    """

    def _check_common(self):
        lam = check_positive(self.lam, "λ", allow_zero=True)
        if self.solver not in _SOLVERS:
            raise ValueError(f"solver must be one of {_SOLVERS}; got {self.solver!r}.")
        eta = check_positive(self.eta, "The learning rate ε")
        max_iter = (_DEFAULT_MAX_ITER[self.solver] if self.max_iter is None
                    else _check_int(self.max_iter, "max_iter"))
        if self.tol is None:
            tol = 0.0 if self.solver == "sgd" else 1e-6
        else:
            tol = check_positive(self.tol, "The tolerance", allow_zero=True)
        _check_int(self.batch_size, "batch_size")
        return lam, eta, max_iter, tol

    def _run(self, theta, max_iter, eta, tol, progress=None):
        """The fit from ``theta``; ``progress(step / max_iter)``, if given, is called after every
        step of the batch solvers (a progress bar; SGD does not report)."""
        ll, obj, grad = self._evaluate(theta)
        history = [LogisticStep(0, _frozen(theta), ll, obj, float(np.linalg.norm(grad)))]
        self.converged_ = False
        step = 0
        if self.solver == "sgd":
            rng = check_random_state(self.random_state)
            record = _record_schedule(max_iter, self.n_snapshots)
            if int(self.batch_size) == 1:
                picks = rng.integers(self._n, size=max_iter)
                snapshots, step, self.converged_ = self._sample_steps(theta, picks, eta, tol, record)
            else:
                snapshots, step, self.converged_ = self._batch_steps(theta, rng, int(self.batch_size),
                                                                     max_iter, eta, tol, record)
            theta = np.array(snapshots[-1][2], dtype=float)
            steps, indices, thetas = zip(*snapshots, strict=True)       # evaluated together
            thetas = _frozen(thetas)
            history.extend(map(LogisticStep, steps, thetas, *self._evaluate_many(thetas), indices,
                               [eta] * len(steps)))
        else:
            for step in range(1, max_iter + 1):
                if self.solver == "gd":
                    t, new = eta, theta + (eta / self._n) * grad
                    new_ll, new_obj, new_grad = self._evaluate(new)
                else:
                    direction = self._newton_direction(theta, grad)
                    t = 1.0
                    for _ in range(40):        # step halving: the objective never decreases
                        new = theta + t * direction
                        new_ll, new_obj, new_grad = self._evaluate(new)
                        if new_obj >= obj:
                            break
                        t *= 0.5
                    else:
                        new, new_ll, new_obj, new_grad = theta, ll, obj, grad
                history.append(LogisticStep(step, _frozen(new), new_ll, new_obj,
                                            float(np.linalg.norm(new_grad)), -1, t))
                moved = float(np.linalg.norm(new - theta))
                theta, ll, obj, grad = new, new_ll, new_obj, new_grad
                if progress is not None:
                    progress(step / max_iter)
                if moved <= tol * (1.0 + float(np.linalg.norm(theta))):
                    self.converged_ = True
                    break
                if not np.all(np.isfinite(theta)) or np.linalg.norm(theta) > 1e8:
                    break
        self.n_iter_ = step
        self.history_ = tuple(history)
        self.log_likelihood_ = history[-1].log_likelihood
        return theta

    def _evaluate_many(self, thetas):
        """ℓ, objective and ‖gradient‖ of each θ in ``thetas`` (the SGD snapshots)."""
        values = [self._evaluate(theta) for theta in thetas]
        return ([v[0] for v in values], [v[1] for v in values],
                [float(np.linalg.norm(v[2])) for v in values])

    def _sample_steps(self, theta, picks, eta, tol, record):
        """SGD over the samples ``picks``, θ ← θ + ε·(sample gradient); returns the snapshots
        (step, sample, θ) of the steps in ``record`` and the last, the steps taken and whether
        a step moved θ by less than ``tol``."""
        snapshots = []
        for step, i in enumerate(picks, start=1):
            delta = eta * self._sample_gradient(theta, i)
            theta = theta + delta
            small = tol > 0 and np.linalg.norm(delta) < tol
            if step in record or small or step == len(picks):
                snapshots.append((step, int(i), theta))
            if small:
                break
        return snapshots, step, small

    def _batch_steps(self, theta, rng, batch: int, max_iter: int, eta, tol, record):
        """``max_iter`` mini-batch steps, θ ← θ + ε[(mean gradient over B) − (λ/n)θ]: each epoch a
        random permutation of the samples cut into batches of ``batch`` (the last one of an epoch
        smaller when n is not a multiple). Returns as :meth:`_sample_steps` (sample −1)."""
        decay = (self._lam / self._n) * self._pen
        snapshots, step = [], 0
        while True:
            perm = rng.permutation(self._n)
            Phi, targets = self._Phi[perm], self._targets[perm]       # the epoch's batches are slices
            for start in range(0, self._n, batch):
                step += 1
                rows = slice(start, start + batch)
                gradient = self._mean_gradient(theta, Phi[rows], targets[rows])
                delta = eta * (gradient - decay * theta if self._lam else gradient)  # λ = 0: − 0·θ is a no-op
                theta = theta + delta
                small = tol > 0 and np.linalg.norm(delta) < tol
                if step in record or small or step == max_iter:
                    snapshots.append((step, -1, theta))
                if small or step == max_iter:
                    return snapshots, step, small


class LogisticRegression(_IterativeClassifier):
    """Binary logistic regression q(y=1|x) = 1/(1 + exp(−θᵀφ(x))) (CS229 M10; Sugiyama §10.1.2).

    Maximises ℓ(θ) − (λ/2)Σ_j θ_j², ℓ(θ) = Σ_i [y_i log h_i + (1 − y_i) log(1 − h_i)] with y ∈ {0, 1}
    (``classes_[1]`` ↔ 1). φ is ``basis`` (default: x̂ = (1, x)); a constant first basis function,
    the intercept θ₀, is not penalised. Solvers, each recorded step by step in ``history_``:

    * ``"gd"``: θ ← θ + (ε/n) ∇ (the average gradient, so one ε suits any n);
    * ``"sgd"``: θ ← θ + ε[(y_i − h_i)φ(x_i) − (λ/n)θ] for a random i (CS229 M10; Sugiyama Fig
      10.1); snapshots at up to ``n_snapshots`` geometrically spaced steps plus the last. By
      default it runs all ``max_iter`` steps; a ``tol`` > 0 adds the book's rule "stop when one
      step moves θ by less than tol" (1e-6 in Sugiyama), which can stop far too early.
      ``batch_size`` b > 1 turns it into mini-batch SGD, θ ← θ + ε[(1/b)Σ_{i∈B}(y_i − h_i)φ(x_i) −
      (λ/n)θ] over the batches B of a random permutation per epoch (one step per batch; the
      same rule averaged, vectorised); b = 1 (default) is the book's per-sample rule;
    * ``"newton"``: θ ← θ − H⁻¹∇ with H = −ΦᵀDΦ − λI, D = diag(h_i(1 − h_i)) (CS229 M09,
      seed 004 (4.5)); halving the step when the objective would decrease (an addition to the
      books) makes the recorded objective non-decreasing.

    Batch solvers stop when ‖Δθ‖ ≤ tol(1 + ‖θ‖) (``tol=None``: 1e-6 for them, off for SGD).
    Default ``max_iter``: gd 1000, sgd 20 000, newton 100. On linearly separable data with
    λ = 0 the maximum-likelihood θ does not exist: ‖θ‖ grows until ``max_iter`` or 10⁸ and
    ``converged_`` stays False; use λ > 0.

    ``threshold``: predict ``classes_[1]`` when q(y=1|x) ≥ threshold (default ½). ``"rescale"``
    uses the threshold moving of seed 004, m⁺/(m⁺ + m⁻) from the training counts
    (:func:`moved_threshold`); ``decision_threshold_`` holds the value used.
    """

    def __init__(self, lam: float = 0.0, solver: str = "newton", eta: float = 0.1,
                 max_iter: int | None = None, tol: float | None = None, basis=None,
                 threshold: float | str = 0.5, n_snapshots: int = 500, random_state=None,
                 batch_size: int = 1):
        self._store(locals())

    def fit(self, X, y, progress: Callable[[float], None] | None = None) -> "LogisticRegression":
        """``progress(fraction)``, if given, is called after every Newton or gradient step."""
        X, y = _check_labels(X, y)
        lam, eta, max_iter, tol = self._check_common()
        self.classes_, t = _binary_targets(y, "Logistic regression")
        self.class_counts_ = np.array([np.count_nonzero(t < 0), np.count_nonzero(t > 0)])
        if isinstance(self.threshold, str):
            if self.threshold != "rescale":
                raise ValueError("threshold must be a number in (0, 1) or 'rescale'.")
            self.decision_threshold_ = moved_threshold(self.class_counts_[1], self.class_counts_[0])
        else:
            thr = float(self.threshold)
            if not 0.0 < thr < 1.0:
                raise ValueError(f"threshold must lie strictly between 0 and 1; got {thr}.")
            self.decision_threshold_ = thr
        self.basis_, Phi = _design(self.basis, X)
        self._Phi, self._y, self._n, self._lam = Phi, (t > 0).astype(float), len(X), lam
        self._pen, self._targets = _penalty_mask(Phi), self._y
        self._signed = Phi * np.where(t > 0, 1.0, -1.0)[:, None]       # ψ_i = ±φ(x_i), + for y_i = 1
        try:
            self.theta_ = self._run(np.zeros(Phi.shape[1]), max_iter, eta, tol, progress)
        finally:
            del self._Phi, self._y, self._n, self._lam, self._pen, self._targets, self._signed
        self.n_features_in_ = X.shape[1]
        return self

    def _evaluate(self, theta):
        z = self._Phi @ theta
        ll = float(np.sum(self._y * z - np.logaddexp(0.0, z)))
        pen = self._pen * theta
        obj = ll - 0.5 * self._lam * float(pen @ theta)
        grad = self._Phi.T @ (self._y - expit(z)) - self._lam * pen
        return ll, obj, grad

    def _sample_gradient(self, theta, i):
        phi = self._Phi[i]
        return (self._y[i] - expit(phi @ theta)) * phi - (self._lam / self._n) * self._pen * theta

    def _evaluate_many(self, thetas):
        """:meth:`_evaluate` of every row of ``thetas``, a block of snapshots small enough to stay in
        cache at a time, from the margins m_i = θᵀψ_i of the signed rows (ψ_i = ±φ(x_i), + for y_i = 1):
        ℓ = Σ log σ(m_i) = Σ [min(m_i, 0) − log(1 + e^−|m_i|)], Σ min(m_i, 0) = (θᵀΣψ_i − Σ|m_i|)/2, and
        ∇ℓ = Σ σ(−m_i)ψ_i with σ(−m) = (e^−|m| if m ≥ 0 else 1)/(1 + e^−|m|): one exponential per entry.

        Σ log(1 + e^−|m_i|) is the sum of the logarithms of products of up to 1000 factors in (1, 2] (no
        overflow; a logarithm per product, not per entry). Its rounding error, under about 10nu (u = 2⁻⁵³),
        is below 1e-13 relative while ℓ/n ≤ −1/64; closer to 0, where most margins exceed 3 in size, it is
        of the order of the error of Σ min(m_i, 0) above (about uΣ|m_i|)."""
        n = self._n
        depth = min(-(-n // 256), 1000)                                  # factors per product
        width = depth * -(-n // depth)                                    # ≥ n: the products' padding is 1
        ll, grad = np.empty(len(thetas)), np.empty_like(thetas)
        signed_t = np.ascontiguousarray(self._signed.T)
        # few basis functions: blocks that stay in cache; many: 64 snapshots a block, so that the products
        # read Φ once per 64 (n = 20 000, 401 Gaussian centres, 210 snapshots: 0.9 → 0.25 s)
        block = max(2, _CACHED_ENTRIES // width) if len(signed_t) <= 32 else 64
        margins, e = (np.empty((min(block, len(thetas)), n)) for _ in range(2))
        factors = np.ones((len(margins), width))
        for start in range(0, len(thetas), block):
            part = slice(start, start + block)
            rows = len(ll[part])
            m, e_m, w = margins[:rows], e[:rows], factors[:rows, :n]
            np.matmul(thetas[part], signed_t, out=m)
            minus_abs = np.negative(np.abs(m, out=e_m), out=e_m).sum(1)    # −Σ|m_i|
            np.exp(e_m, out=e_m)                                          # e^−|m|
            np.add(e_m, 1.0, out=w)
            log_sum = np.log(np.multiply.reduce(factors[:rows].reshape(rows, depth, -1), axis=1)).sum(1)
            ll[part] = 0.5 * minus_abs - log_sum
            np.copyto(e_m, 1.0, where=m < 0)
            np.matmul(np.divide(e_m, w, out=e_m), signed_t.T, out=grad[part])   # σ(−m)ᵀΨ
        ll += 0.5 * (thetas @ signed_t.sum(1))                            # + ½θᵀΣψ_i
        pen = self._pen * thetas
        obj = ll - 0.5 * self._lam * (pen * thetas).sum(1)
        return ll.tolist(), obj.tolist(), np.linalg.norm(grad - self._lam * pen, axis=1).tolist()

    def _batch_steps(self, theta, rng, batch: int, max_iter: int, eta, tol, record):
        """The base class's mini-batch rule in two products and a sigmoid per step: on the signed rows
        ψ_i, y_i − h_i = ±σ(−ψ_iᵀθ), so θ ← sθ + Σ_{i∈B} σ(−ψ_iᵀθ)(ε/|B|)ψ_i with s = 1 − ελ/n
        (1 for the intercept). With tol > 0 (a norm per step) the base class's loop runs."""
        if tol > 0:
            return super()._batch_steps(theta, rng, batch, max_iter, eta, tol, record)
        n, theta = self._n, theta.copy()
        shrink = 1.0 - eta * (self._lam / n) * self._pen
        full, rest = divmod(n, batch)
        cut = full * batch
        # each epoch's rows go into the same buffers, so the batches are views made once
        rows, scaled = np.empty_like(self._signed), np.empty_like(self._signed)
        batches = list(zip(rows[:cut].reshape(full, batch, len(theta)),
                           scaled[:cut].reshape(full, batch, len(theta)).transpose(0, 2, 1), strict=True))
        if rest:
            batches.append((rows[cut:], scaled[cut:].T))
        snapshots, step = [], 0
        while True:
            np.take(self._signed, rng.permutation(n), axis=0, out=rows, mode="clip")  # nothing to clip
            np.multiply(rows[:cut], eta / batch, out=scaled[:cut])
            if rest:
                np.multiply(rows[cut:], eta / rest, out=scaled[cut:])         # the smaller last batch
            np.negative(rows, out=rows)
            for minus_psi, scaled_psi_t in batches:
                step += 1
                z = minus_psi.dot(theta)
                expit(z, out=z)                                           # σ(−ψ_iᵀθ)
                if self._lam:
                    theta *= shrink
                theta += scaled_psi_t.dot(z)
                if step in record or step == max_iter:
                    snapshots.append((step, -1, theta.copy()))
                    if step == max_iter:
                        return snapshots, step, False

    def _sample_steps(self, theta, picks, eta, tol, record):
        """The per-sample steps in Python floats when φ is short (see the base class); θ in the
        snapshots as a tuple or list of floats."""
        if len(theta) > _PYTHON_FLOATS_UP_TO:
            return super()._sample_steps(theta, picks, eta, tol, record)
        if len(theta) == 3:
            return self._sample_steps_3(theta, picks, eta, tol, record)
        return self._sample_steps_lists(theta, picks, eta, tol, record)

    def _sample_steps_lists(self, theta, picks, eta, tol, record):
        """The per-sample steps on lists of Python floats, in runs between recorded steps."""
        rows, targets, theta = self._Phi.tolist(), self._y.tolist(), theta.tolist()
        decay = ((self._lam / self._n) * self._pen).tolist()
        picks, snapshots, done = picks.tolist(), [], 0
        for end in _runs(record, len(picks)):
            for step, i in enumerate(picks[done:end], done + 1):
                phi = rows[i]
                residual = targets[i] - _sigmoid(sum(map(mul, phi, theta)))
                delta = [eta * (residual * p - d * t) for p, d, t in zip(phi, decay, theta, strict=True)]
                theta = list(map(add, theta, delta))
                if tol > 0 and math.sqrt(sum(map(mul, delta, delta))) < tol:
                    snapshots.append((step, i, theta))
                    return snapshots, step, True
            snapshots.append((end, i, theta))
            done = end
        return snapshots, end, False

    def _sample_steps_3(self, theta, picks, eta, tol, record):
        """:meth:`_sample_steps_lists` written out for three basis functions (an intercept and 2-D x,
        the pages' case): the same operations in the same order (with λ = 0 less the − 0·θ terms, which
        change no bit), the picked samples read from one list per column (a list per row, thousands
        alive at once, sets off the garbage collector)."""
        samples = zip(range(1, len(picks) + 1), *self._Phi.take(picks, axis=0).T.tolist(),
                      self._y.take(picks).tolist(), strict=True)
        t0, t1, t2 = theta.tolist()
        d0, d1, d2 = ((self._lam / self._n) * self._pen).tolist()
        penalised, stop_early, exp = self._lam > 0, tol > 0, math.exp
        snapshots, done = [], 0
        for end in _runs(record, len(picks)):
            for step, p0, p1, p2, target in islice(samples, end - done):
                z = p0 * t0 + p1 * t1 + p2 * t2
                residual = target - (1.0 / (1.0 + exp(-z)) if z > -700.0 else exp(z))
                if penalised:
                    u0, u1, u2 = (eta * (residual * p0 - d0 * t0), eta * (residual * p1 - d1 * t1),
                                  eta * (residual * p2 - d2 * t2))
                else:                                       # λ = 0: − 0·θ is a no-op (θ is finite)
                    u0, u1, u2 = eta * (residual * p0), eta * (residual * p1), eta * (residual * p2)
                t0, t1, t2 = t0 + u0, t1 + u1, t2 + u2
                if stop_early and math.sqrt(u0 * u0 + u1 * u1 + u2 * u2) < tol:
                    snapshots.append((step, int(picks[step - 1]), (t0, t1, t2)))
                    return snapshots, step, True
            snapshots.append((end, int(picks[end - 1]), (t0, t1, t2)))
            done = end
        return snapshots, end, False

    def _mean_gradient(self, theta, Phi, y):
        return Phi.T @ (y - expit(Phi @ theta)) / len(Phi)

    def _newton_direction(self, theta, grad):
        """−H⁻¹∇ with −H = ΦᵀDΦ + λI, D = diag(h_i(1 − h_i))."""
        w = expit(self._Phi @ theta)
        w *= 1.0 - w
        A = weighted_gram(self._Phi, w)
        A.flat[::A.shape[0] + 1] += self._lam * self._pen
        return solve_pd(A, grad)

    def decision_function(self, X) -> FloatArray:
        """The log-odds θᵀφ(x) = log q(y=1|x)/q(y=0|x)."""
        check_is_fitted(self, "theta_")
        return self.basis_.transform(X) @ self.theta_

    def predict_proba(self, X) -> FloatArray:
        """Columns q(classes_[0] | x), q(classes_[1] | x)."""
        p1 = expit(self.decision_function(X))
        return np.column_stack([1.0 - p1, p1])

    def predict(self, X) -> np.ndarray:
        p1 = expit(self.decision_function(X))
        return self.classes_[(p1 >= self.decision_threshold_).astype(int)]


class SoftmaxRegression(_IterativeClassifier):
    """Softmax (multinomial logistic) regression q(y|x) ∝ exp(θ^(y)ᵀφ(x)) (CS229 M15; Sugiyama (10.1)).

    One parameter vector per class, Θ of shape (b, c), as in Sugiyama and seed 004 §2.5 (the
    model is over-parameterised: adding the same vector to every column changes nothing; λ > 0
    makes the optimum unique). Maximises ℓ(Θ) − (λ/2)‖Θ‖², intercept row (a constant first
    basis function) not penalised. Gradient ∂/∂θ^(k) = Σ_i φ(x_i)(1{y_i = k} − q(k|x_i)) − λθ^(k)
    (seed 004 prints the opposite sign for the loss gradient: an erratum). Solvers as in
    :class:`LogisticRegression`; ``"sgd"`` is Sugiyama's stochastic gradient of Fig 10.1 with
    denominator Σ_y' exp(·) (the listing's extra "1 +" is a slip). Newton uses the full (bc × bc)
    Hessian with a tiny ridge that keeps it invertible when λ = 0 (it is singular along the
    over-parameterised direction, seed 004). ``batch_size`` > 1: mini-batch SGD as in
    :class:`LogisticRegression`.
    """

    def __init__(self, lam: float = 0.0, solver: str = "newton", eta: float = 0.1,
                 max_iter: int | None = None, tol: float | None = None, basis=None,
                 n_snapshots: int = 500, random_state=None, batch_size: int = 1):
        self._store(locals())

    def fit(self, X, y, progress: Callable[[float], None] | None = None) -> "SoftmaxRegression":
        """``progress(fraction)``, if given, is called after every Newton or gradient step."""
        X, y = _check_labels(X, y)
        lam, eta, max_iter, tol = self._check_common()
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        c = len(self.classes_)
        self.basis_, Phi = _design(self.basis, X)
        self._Phi, self._n, self._lam = Phi, len(X), lam
        self._idx = idx
        self._Y = self._targets = (idx[:, None] == np.arange(c)[None, :]).astype(float)
        self._pen = _penalty_mask(Phi)[:, None]
        try:
            self.theta_ = self._run(np.zeros((Phi.shape[1], c)), max_iter, eta, tol, progress)
        finally:
            del self._Phi, self._Y, self._targets, self._idx, self._n, self._lam, self._pen
        self.n_features_in_ = X.shape[1]
        return self

    def _evaluate(self, theta):
        S = self._Phi @ theta
        logq = log_softmax(S, axis=1)
        ll = float(np.sum(logq[np.arange(self._n), self._idx]))
        pen = self._pen * theta
        obj = ll - 0.5 * self._lam * float(np.sum(pen * theta))
        grad = self._Phi.T @ (self._Y - np.exp(logq)) - self._lam * pen
        return ll, obj, grad

    def _evaluate_many(self, thetas):
        """:meth:`_evaluate` of every snapshot Θ in ``thetas`` (k, b, c), a block of snapshots at a
        time: Φ times the block's Θs side by side and Φᵀ times their residuals Y − Q are two matrix
        products instead of two passes over Φ per snapshot, and the scores are laid out (n, c, m) so
        that log-softmax's sums over the c classes run over contiguous rows (at n = 20 000 with 400
        Gaussian centres, 210 SGD snapshots 4.8 → 0.6 s)."""
        k, b, c = thetas.shape
        n = self._n
        ll, grad = np.empty(k), np.empty_like(thetas)
        block = max(1, min(k, 128 // c))
        for start in range(0, k, block):
            T = thetas[start:start + block]
            m = len(T)
            S = (self._Phi @ T.transpose(1, 2, 0).reshape(b, c * m)).reshape(n, c, m)
            S -= S.max(axis=1, keepdims=True)
            E = np.exp(S)
            Z = E.sum(axis=1, keepdims=True)
            ll[start:start + m] = (S[np.arange(n), self._idx] - np.log(Z[:, 0])).sum(0)   # Σ log q(y_i|x_i)
            residual = self._Y[:, :, None] - E / Z
            G = self._Phi.T @ residual.reshape(n, c * m)
            grad[start:start + m] = G.reshape(b, c, m).transpose(2, 0, 1)
        pen = self._pen * thetas
        obj = ll - 0.5 * self._lam * (pen * thetas).sum((1, 2))
        norms = np.linalg.norm((grad - self._lam * pen).reshape(k, -1), axis=1)
        return ll.tolist(), obj.tolist(), norms.tolist()

    def _sample_gradient(self, theta, i):
        phi = self._Phi[i]
        q = softmax(phi @ theta)
        g = -np.outer(phi, q)
        g[:, self._idx[i]] += phi
        return g - (self._lam / self._n) * self._pen * theta

    def _mean_gradient(self, theta, Phi, Y):
        return Phi.T @ (Y - softmax(Phi @ theta, axis=1)) / len(Phi)

    def _newton_direction(self, theta, grad):
        b, c = theta.shape
        P = softmax(self._Phi @ theta, axis=1)
        A = np.empty((b * c, b * c))
        for k in range(c):
            for m in range(k, c):
                w = P[:, k] * ((k == m) - P[:, m])
                block = self._Phi.T @ (w[:, None] * self._Phi)
                A[k * b:(k + 1) * b, m * b:(m + 1) * b] = block
                A[m * b:(m + 1) * b, k * b:(k + 1) * b] = block.T
        A.flat[::b * c + 1] += self._lam * np.tile(self._pen[:, 0], c)
        A.flat[::b * c + 1] += 1e-10 * max(np.trace(A) / (b * c), 1e-12)
        step = solve_pd(A, grad.T.ravel())
        return step.reshape(c, b).T

    def decision_function(self, X) -> FloatArray:
        """Class scores θ^(y)ᵀφ(x), shape (n, c)."""
        check_is_fitted(self, "theta_")
        return self.basis_.transform(X) @ self.theta_

    def predict_proba(self, X) -> FloatArray:
        return softmax(self.decision_function(X), axis=1)

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.decision_function(X), axis=1)]

    def shifted(self, shift) -> "SoftmaxRegression":
        """The same model with θ^(k) − shift for every class k (Θ − shift·1ᵀ): its probabilities are
        those of this model, as e^{−shiftᵀφ(x)} cancels between numerator and denominator (seed 004
        §2.5, over-parameterisation). Only the penalty (λ/2)‖Θ‖² sees the shift."""
        check_is_fitted(self, "theta_")
        shift = np.asarray(shift, dtype=float).reshape(-1)
        if shift.shape != (self.theta_.shape[0],) or not np.all(np.isfinite(shift)):
            raise ValueError(f"The shift needs one finite value per basis function ({self.theta_.shape[0]}).")
        twin = copy.copy(self)
        twin.theta_ = self.theta_ - shift[:, None]
        return twin

    def reduced_theta(self) -> FloatArray:
        """The (c − 1)-class parameterisation (seed 004 §2.5): class 1's vector fixed to 0, the others
        η^(k) = θ^(k) − θ^(1), k = 2..c; shape (b, c − 1). For c = 2 it is logistic regression."""
        check_is_fitted(self, "theta_")
        return self.theta_[:, 1:] - self.theta_[:, :1]

    def reduced_proba(self, X) -> FloatArray:
        """q(1|x) = 1/(1 + Σ_k e^{η^(k)ᵀφ(x)}), q(k|x) = e^{η^(k)ᵀφ(x)}/(1 + Σ_k' e^{η^(k')ᵀφ(x)}) from the
        reduced parameters alone (for c = 2: q(2|x) = σ(η^(2)ᵀφ(x)))."""
        scores = self.basis_.transform(X) @ self.reduced_theta()
        log_norm = np.logaddexp(0.0, logsumexp(scores, axis=1))  # log(1 + Σ e^score)
        return np.exp(np.column_stack([np.zeros(len(scores)), scores]) - log_norm[:, None])


# ---------------------------------------------------------------------------------------------
# Least-squares probabilistic classifier

class LSPC(BaseEstimator):
    """Least-squares probabilistic classifier (Sugiyama §10.2, Figs 10.5/10.6).

    Each class posterior is fitted separately by ℓ2-regularised least squares on the 0/1
    indicator π^(y): θ̂^(y) = (ΦᵀΦ + λI)⁻¹Φᵀπ^(y), with Gaussian kernels of width h. With
    ``class_centers=True`` (the book's demo) class y uses only the kernels centred on its own
    samples; otherwise all n centres are shared. Probabilities are post-processed by (10.5),
    p̂(y|x) = max(0, q̂_y)/Σ_y' max(0, q̂_y'). Far from the data every max(0, ·) can be 0: the
    posterior is then set to uniform 1/c (instead of 0/0). ``raw_scores`` gives the unclipped q̂.

    Book demo: h = 1, λ = 0.1. The book's "正则化项" remark compares normalisation terms, not
    regularisation (a mistranslation). ``n_centers`` = b caps the kernel centres (per class with
    ``class_centers``) at b random training inputs, as Sugiyama §2.2 suggests for large n.
    """

    def __init__(self, h: float = 1.0, lam: float = 0.1, class_centers: bool = True,
                 n_centers: int | None = None, random_state=0):
        self._store(locals())

    def fit(self, X, y) -> "LSPC":
        X, y = _check_labels(X, y)
        h = check_positive(self.h, "The kernel width h")
        lam = check_positive(self.lam, "λ", allow_zero=True)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        rng = check_random_state(self.random_state)

        def centres(rows: np.ndarray) -> np.ndarray:
            if self.n_centers is None or len(rows) <= self.n_centers:
                return rows
            return np.sort(rng.choice(rows, int(self.n_centers), replace=False))

        self.centers_, self.theta_ = [], []
        if self.class_centers:
            for k in range(len(self.classes_)):
                own = np.flatnonzero(idx == k)
                C = X[centres(own)]
                self.centers_.append(C)
                self.theta_.append(ridge_solve(_gaussian_gram(X, C, h), (idx == k).astype(float), lam))
        else:
            C = X[centres(np.arange(len(X)))]
            Pi = (idx[:, None] == np.arange(len(self.classes_))[None, :]).astype(float)
            Theta = ridge_solve(_gaussian_gram(X, C, h), Pi, lam)
            self.centers_ = [C] * len(self.classes_)
            self.theta_ = [Theta[:, k] for k in range(len(self.classes_))]
        self.n_features_in_ = X.shape[1]
        return self

    def raw_scores(self, X) -> FloatArray:
        """Unclipped least-squares estimates q̂(y|x) = θ̂^(y)ᵀφ(x), shape (n, c); can be < 0."""
        X = check_new_data(self, X, "n_features_in_")
        if self.class_centers:
            cols = [_gaussian_apply(X, C, self.h, t)
                    for C, t in zip(self.centers_, self.theta_, strict=True)]
            return np.column_stack(cols)
        return _gaussian_apply(X, self.centers_[0], self.h, np.column_stack(self.theta_))

    def predict_proba(self, X) -> FloatArray:
        q = np.maximum(0.0, self.raw_scores(X))
        total = q.sum(1, keepdims=True)
        c = q.shape[1]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total > 0, q / np.where(total > 0, total, 1.0), 1.0 / c)

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]


# ---------------------------------------------------------------------------------------------
# Why logistic regression is not fitted by least squares (seed 003 §2.2.3)
# ---------------------------------------------------------------------------------------------

SIGMOID_LOSSES = ("mse", "ce")


def _sigmoid_loss_terms(x, y, w, b):
    x, y = np.asarray(x, dtype=float).ravel(), np.asarray(y, dtype=float).ravel()
    if len(x) != len(y) or len(x) == 0:
        raise ValueError("x and y need the same, non-zero length.")
    if not np.all(np.isin(y, (0, 1))):
        raise ValueError("The labels y must be 0 or 1.")
    z = np.outer(np.atleast_1d(np.asarray(w, dtype=float)), x) + b    # (len(w), n)
    return x, y, z, expit(z)


@dataclass(frozen=True)
class SigmoidLandscape:
    """Over the weights w of f(x) = σ(wx + b): the mean squared error (1/n)Σ(σ − y)² and the mean
    cross-entropy −(1/n)Σ[y log σ + (1 − y) log(1 − σ)], with their second derivatives."""

    mse: FloatArray
    ce: FloatArray
    mse_curvature: FloatArray
    ce_curvature: FloatArray


def sigmoid_loss_landscape(x, y, w, b: float = 0.0) -> SigmoidLandscape:
    """Seed 003 §2.2.3 (20): the squared error of a sigmoid output is non-convex in w (its second
    derivative (2/n)Σx²σ(1−σ)[σ(1−σ) + (σ − y)(1 − 2σ)] turns negative), the cross-entropy is convex
    (second derivative (1/n)Σx²σ(1 − σ) ≥ 0)."""
    x, y, z, s = _sigmoid_loss_terms(x, y, w, b)
    ds = s * (1 - s)
    mse = ((s - y) ** 2).mean(axis=1)
    ce = (np.logaddexp(0, z) - y * z).mean(axis=1)    # −[y log σ(z) + (1 − y) log(1 − σ(z))]
    mse_curvature = 2 * (x**2 * ds * (ds + (s - y) * (1 - 2 * s))).mean(axis=1)
    ce_curvature = (x**2 * ds).mean(axis=1)
    return SigmoidLandscape(mse, ce, mse_curvature, ce_curvature)


def sigmoid_descent(x, y, loss: str, w0: float, lr: float, n_steps: int, b: float = 0.0) -> FloatArray:
    """Gradient descent on w for the mean squared error (gradient (2/n)Σ(σ − y)σ(1 − σ)x) or the
    cross-entropy (gradient (1/n)Σ(σ − y)x); returns w after 0, 1, …, n_steps steps."""
    if loss not in SIGMOID_LOSSES:
        raise ValueError(f"loss must be one of {SIGMOID_LOSSES}; got {loss!r}.")
    check_positive(lr, "The learning rate")
    path = [float(w0)]
    for _ in range(int(n_steps)):
        x_, y_, _, s = _sigmoid_loss_terms(x, y, path[-1], b)
        r = (s[0] - y_) * (2 * s[0] * (1 - s[0]) if loss == "mse" else 1.0)
        path.append(path[-1] - lr * float((r * x_).mean()))
    return np.array(path)


def two_class_1d(n: int, separation: float, flip: float = 0.0, random_state=0):
    """n points x ~ N(∓s/2, 1) with labels y ∈ {0, 1} (class 0 on the left), a share ``flip`` of the
    labels flipped: the 1-D data of the squared-error-versus-cross-entropy view."""
    if int(n) < 2 or not 0 <= flip <= 0.5:
        raise ValueError("Draw at least 2 points, and flip at most half of the labels.")
    rng = check_random_state(random_state)
    y = (np.arange(int(n)) % 2).astype(int)
    x = rng.normal(size=int(n)) + (y - 0.5) * separation
    flipped = rng.random(int(n)) < flip
    return x, np.where(flipped, 1 - y, y)
