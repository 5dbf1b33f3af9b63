"""Online learning: the perceptron, passive-aggressive learning and AROW, one sample at a time.

Sugiyama ch. 15 (§15.1 passive-aggressive classification and regression, §15.2 AROW classification
and regression) and CS229 Ch. 6 §1 (M12: the online perceptron and its mistake bound).

Every learner here is linear, f(x) = wᵀx (+ b with ``fit_intercept``: the books' constant feature
x(:,3) = 1, which is updated, and enters ‖x‖², exactly like the other weights). ``partial_fit``
takes the next samples of the stream in their order; ``fit`` forgets and starts from w = 0 (AROW:
Σ = I). After each sample, ``history_`` (an :class:`OnlineHistory`) gets an :class:`OnlineStep` (the
state *after* the update, plus what the learner predicted and suffered *before* it); recording stops
after ``MAX_HISTORY`` samples, the learning does not.

Classifiers code the two classes as y = ±1 (``classes_[1]`` → +1) and predict ``classes_[1]`` where
f(x) ≥ 0; a mistake is y f(x) ≤ 0 (a score of 0 counts as a mistake, as CS229's perceptron rule).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import repeat
from typing import NamedTuple

import numpy as np
import scipy.sparse
from scipy.optimize import linprog

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms.linear_classifiers import _PYTHON_FLOATS_UP_TO
from algorithms.linear_classifiers import _check_labels

__all__ = ["OnlineStep", "OnlineHistory", "OnlinePerceptron", "PassiveAggressiveClassifier",
           "PassiveAggressiveRegressor", "arrival_order", "AROWClassifier", "AROWRegressor", "PA_VARIANTS",
           "hindsight_losses", "corrupt_stream", "MAX_HISTORY"]

MAX_HISTORY = 10_000
PA_VARIANTS = ("PA", "PA-I", "PA-II")


class OnlineStep(NamedTuple):
    """One sample of the stream.

    ``t`` counts the samples seen so far (1 for the first); ``score`` = f(x_t) with the weights
    *before* the update; ``loss`` the loss suffered then (hinge max(0, 1 − y f) for classifiers,
    ε-insensitive for PA regression, squared (y − f)² for AROW regression); ``mistake`` whether
    y f ≤ 0 (classifiers; False for regressors); ``step`` the size of the update (PA's τ, AROW's
    α = max(0, 1 − m)/β, the perceptron's 1; 0 when passive); ``w``, ``b`` the weights after it and
    ``cov`` AROW's Σ after it (over (w, b) with an intercept; None for the others). A named tuple:
    read-only; :class:`OnlineHistory` makes one when its sample is read.
    """

    t: int
    score: float
    loss: float
    mistake: bool
    step: float
    w: FloatArray
    b: float
    cov: FloatArray | None = None


def _frozen(a) -> FloatArray:
    a = np.array(a, dtype=float, copy=True)
    a.setflags(write=False)
    return a


class OnlineHistory(Sequence):
    """``history_`` of an online learner: the :class:`OnlineStep` of each recorded sample, made when
    it is read. It keeps one list per field (score, loss, mistake, step), the learner's distinct
    states (θ after each update, intercept last, and Σ) in read-only arrays and which state each
    sample left, so a pass makes no Python object per sample and pickles as a few arrays.
    """

    def __init__(self, fit_intercept: bool, columns=((), (), (), ()), owner=(), states=None, covs=None):
        self._fit_intercept = fit_intercept
        self._columns = tuple(map(list, columns))
        self._owner = list(owner)
        self._states = _frozen(np.zeros((0, 1)) if states is None else states)
        self._covs = None if covs is None else _frozen(covs)
        self._b = self._states[:, -1].tolist() if fit_intercept else [0.0] * len(self._states)

    def extended(self, columns, owner, states, covs) -> "OnlineHistory":
        """A new history: these samples after this one's (``owner`` indexes ``states``)."""
        if not self._owner:
            return OnlineHistory(self._fit_intercept, columns, owner, states, covs)
        columns = [mine + list(more) for mine, more in zip(self._columns, columns, strict=True)]
        owner = self._owner + [len(self._states) + j for j in owner]
        states = np.concatenate([self._states, states])
        covs = None if covs is None else np.concatenate([self._covs, covs])
        return OnlineHistory(self._fit_intercept, columns, owner, states, covs)

    def __len__(self) -> int:
        return len(self._owner)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(map(self.__getitem__, range(len(self))[i]))
        i = range(len(self))[i]
        j = self._owner[i]
        w = self._states[j, :-1] if self._fit_intercept else self._states[j]
        score, loss, mistake, step = (column[i] for column in self._columns)
        return OnlineStep(i + 1, score, loss, mistake, step, w, self._b[j],
                          None if self._covs is None else self._covs[j])

    def __iter__(self):
        return map(self.__getitem__, range(len(self)))

    def column(self, field: str) -> np.ndarray:
        """One field of every recorded sample: ``"score"``, ``"loss"``, ``"mistake"`` or ``"step"``."""
        return np.array(self._columns[("score", "loss", "mistake", "step").index(field)])


class _OnlineLinear(BaseEstimator):
    """The stream machinery shared by every online learner: state, partial_fit, history."""

    _is_classifier = True
    _name = "This learner"

    def _check_hyperparameters(self) -> None:
        """Validate the hyperparameters (ValueError with a message)."""

    def _start(self, d: int) -> None:
        """Fresh state for inputs of d columns (the intercept column included)."""
        self.theta_ = np.zeros(d)

    def _walk(self, Xa: FloatArray, targets: list[float], room: int):
        """Learn from the samples in order: returns the per-sample scores, losses and steps, the
        states (θ, Σ) after the first ``room`` samples and how many samples each state stands for
        (None: one each)."""
        scores, losses, steps, thetas, covs = [], [], [], [], []
        for x, target in zip(Xa, targets.tolist(), strict=True):
            score, loss, step = self._update(x, target)
            scores.append(score)
            losses.append(loss)
            steps.append(step)
            if len(thetas) < room:  # every update rebinds θ and Σ, so no copies
                thetas.append(self.theta_)
                covs.append(getattr(self, "cov_", None))
        return scores, losses, steps, thetas, covs, None

    def _update(self, x: FloatArray, y: float) -> tuple[float, float, float]:
        """Learn from one sample; return (score before, loss suffered, step size)."""
        raise NotImplementedError

    def _targets(self, y, classes) -> FloatArray:
        if not self._is_classifier:
            return y
        if not hasattr(self, "classes_"):
            found = check_classification_targets(y if classes is None else np.asarray(classes), min_classes=1)
            if len(found) != 2:
                raise ValueError(
                    f"{self._name} separates two classes; the stream has {len(found)} "
                    f"({found.tolist()}). Both classes must appear in the first batch of the stream "
                    "(or be named with classes=…)."
                )
            self.classes_ = found
        positive = y == self.classes_[1]
        known = positive | (y == self.classes_[0])
        if not known.all():
            raise ValueError(f"Unknown label {np.asarray(y)[~known][0]!r}: this stream's classes are "
                             f"{self.classes_.tolist()}.")
        return np.where(positive, 1.0, -1.0)

    def fit(self, X, y) -> "_OnlineLinear":
        """Forget everything and learn from the stream (X, y) in its order (one pass)."""
        for name in ("theta_", "classes_", "history_"):
            self.__dict__.pop(name, None)
        return self.partial_fit(X, y)

    def partial_fit(self, X, y, classes=None) -> "_OnlineLinear":
        """Learn from the next samples of the stream, one at a time, in order."""
        self._check_hyperparameters()
        if self._is_classifier:
            X, y = _check_labels(X, y)
        else:
            X, y = check_X_y(X, y)
        targets = self._targets(y, classes)
        if hasattr(self, "theta_") and X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} columns, but this stream had {self.n_features_in_}.")
        Xa = np.column_stack([X, np.ones(len(X))]) if self.fit_intercept else X
        if not hasattr(self, "theta_"):
            self.n_features_in_ = X.shape[1]
            self.n_seen_, self.n_mistakes_, self.cumulative_loss_ = 0, 0, 0.0
            self.history_ = OnlineHistory(self.fit_intercept)
            self._start(Xa.shape[1])
        room = max(0, MAX_HISTORY - len(self.history_))
        scores, losses, steps, thetas, covs, counts = self._walk(Xa, targets, room)
        if self._is_classifier:
            mistakes = (targets * np.array(scores) <= 0).tolist()
        else:
            mistakes = [False] * len(scores)
        self.n_seen_ += len(scores)
        self.n_mistakes_ += sum(mistakes)
        cumulative = self.cumulative_loss_
        for loss in losses:  # in stream order, as the running total was kept
            cumulative += loss
        self.cumulative_loss_ = cumulative
        self.history_ = self._recorded((scores, losses, mistakes, steps), thetas, covs, counts)
        self.coef_, self.intercept_ = self._split(self.theta_)
        return self

    def _recorded(self, columns, thetas, covs, counts) -> OnlineHistory:
        """``history_`` with the walk's first samples (columns: score, loss, mistake, step of each);
        state j (θ, Σ) stands for ``counts[j]`` samples in a row (None: one each)."""
        owner = range(len(thetas)) if counts is None else np.repeat(np.arange(len(thetas)), counts).tolist()
        if not len(owner):
            return self.history_
        used = owner[-1] + 1
        covs = None if covs is None or covs[0] is None else covs[:used]
        return self.history_.extended([column[:len(owner)] for column in columns], owner, thetas[:used], covs)

    def _split(self, theta) -> tuple[FloatArray, float]:
        if self.fit_intercept:
            return theta[:-1].copy(), float(theta[-1])
        return theta.copy(), 0.0

    def decision_function(self, X) -> FloatArray:
        X = check_new_data(self, X, "n_features_in_")
        return X @ self.coef_ + self.intercept_

    def predict(self, X) -> np.ndarray:
        scores = self.decision_function(X)
        if self._is_classifier:
            return self.classes_[(scores >= 0).astype(int)]
        return scores

    def cumulative_mistakes(self) -> np.ndarray:
        """Mistakes made up to each recorded sample (CS229 M12's quantity of interest)."""
        check_is_fitted(self, "history_")
        return np.cumsum(self.history_.column("mistake")).astype(int)

    def losses(self) -> FloatArray:
        """The loss suffered on each recorded sample, before learning from it."""
        check_is_fitted(self, "history_")
        return self.history_.column("loss")

    def accuracy_path(self, X, y) -> FloatArray:
        """The accuracy on (X, y) of the weights after each recorded sample (Fig 15.5's snapshots)."""
        check_is_fitted(self, "history_")
        X, y = _check_labels(X, y)
        moved = self.history_.column("step") != 0
        moved[:1] = True
        changed = np.flatnonzero(moved)
        W = np.array([self.history_[i].w for i in changed])
        b = np.array([self.history_[i].b for i in changed])
        positive = (np.asarray(y) == self.classes_[1])[:, None]
        accuracy = np.empty(len(W))
        for start in range(0, len(W), 256):  # blocks of snapshots keep the n × steps table small
            block = slice(start, start + 256)
            accuracy[block] = ((X @ W[block].T + b[block] >= 0) == positive).mean(axis=0)
        # passive steps keep the weights: repeat the last computed accuracy
        return accuracy[np.searchsorted(changed, np.arange(len(self.history_)), side="right") - 1]

    def squared_errors(self, y) -> FloatArray:
        """(y_t − f_t(x_t))² of each recorded prediction, made before learning from the sample."""
        check_is_fitted(self, "history_")
        scores = self.history_.column("score")
        return (np.asarray(y, dtype=float)[: len(scores)] - scores) ** 2

    def regret(self, comparator_losses, losses=None) -> FloatArray:
        """Regret after each recorded sample: Σ_{s≤t} ℓ_s(w_s) − Σ_{s≤t} ℓ_s(u), for the per-sample
        losses of a fixed comparator u (e.g. :func:`hindsight_losses`); ``losses`` replaces the
        learner's own (e.g. :meth:`squared_errors`, to compare regressors on one loss)."""
        mine = self.losses() if losses is None else np.asarray(losses, dtype=float)
        theirs = np.asarray(comparator_losses, dtype=float)[: len(mine)]
        if len(theirs) != len(mine):
            raise ValueError(f"The comparator has {len(theirs)} losses; the stream has {len(mine)} samples.")
        return np.cumsum(mine) - np.cumsum(theirs)


class _AdditiveLinear(_OnlineLinear):
    """Learners whose update is θ ← θ + c x (the perceptron, passive-aggressive learning).

    θ changes only at the samples whose rule moves it, so the walk scores the samples ahead in
    blocks with the current θ and steps, one sample at a time, only through the samples that may
    move it (and any sample within a relative 1e-9 of its rule's threshold, so no decision depends
    on round-off). With the few features of the views the scores are the Python-float sums, column
    by column, in the same order (bit for bit); with many, numpy products.
    """

    _PASSIVE_RUN = 8  # passive samples in a row before the walk scores the next ones in a block
    _CHUNK = 32  # samples converted to Python floats at a time for the one-at-a-time walk

    def _rule(self):
        """The per-sample rule: a function (score, y, ‖x‖²) → (loss, step size, c)."""
        raise NotImplementedError

    def _gaps(self, scores: FloatArray, y: FloatArray) -> tuple[FloatArray, FloatArray, float]:
        """The rule on a block: (gap, loss, scale); the rule may move θ only where gap ≥ 0, and
        ``scale`` bounds the rule's constants (for the round-off margin)."""
        raise NotImplementedError

    def _walk(self, Xa, targets, room):
        rule, n, y = self._rule(), len(Xa), np.asarray(targets, dtype=float)
        sq_norms = np.einsum("ij,ij->i", Xa, Xa)
        if Xa.shape[1] <= _PYTHON_FLOATS_UP_TO:
            theta, columns = self.theta_.tolist(), range(Xa.shape[1])
            def rows(start, stop): return Xa[start:stop].tolist()
            def dot(a, b):
                total = 0.0
                for j in columns:
                    total += a[j] * b[j]
                return total
            def move(theta, c, x):
                for j in columns:
                    theta[j] += c * x[j]
            def block_scores(block, theta):  # the order of dot's sum, so the same floats
                total = np.zeros(len(block))
                for column, weight in zip(block.T, theta, strict=True):
                    total += column * weight
                return total
        else:
            theta = self.theta_.copy()
            def rows(start, stop): return Xa[start:stop]
            def dot(a, b): return float(a @ b)
            def move(theta, c, x): theta += c * x
            def block_scores(block, theta): return block @ np.asarray(theta)
        scores, losses, steps = [], [], []  # of each sample, in order
        add_score, add_loss, add_step = scores.append, losses.append, steps.append
        moved_at, coefs = [], []  # the samples that moved θ, and their c

        def skip(i: int, theta) -> int:
            """Record the passive samples from i on; return the next sample that may move θ."""
            size, weights = 128, np.abs(np.asarray(theta))
            while i < n:
                block = Xa[i:i + size]
                score = block_scores(block, theta)
                gap, loss, scale = self._gaps(score, y[i:i + size])
                margin = 1e-9 * (np.abs(block) @ weights + np.abs(y[i:i + size]) + scale)
                active = np.flatnonzero(gap >= -margin)
                passive = int(active[0]) if len(active) else len(block)
                scores.extend(score[:passive].tolist())
                losses.extend(loss[:passive].tolist())
                steps.extend(repeat(0.0, passive))
                i += passive
                if len(active):
                    return i
                size *= 2
            return n

        i, passive_run = 0, 0
        while i < n:
            if passive_run == self._PASSIVE_RUN:
                i, passive_run = skip(i, theta), 0
            stop = min(n, i + self._CHUNK)
            chunk = zip(rows(i, stop), y[i:stop].tolist(), sq_norms[i:stop].tolist(), strict=True)
            for x, target, sq_norm in chunk:  # one sample at a time until a passive run
                score = dot(theta, x)
                loss, step, c = rule(score, target, sq_norm)
                add_score(score)
                add_loss(loss)
                add_step(step)
                i += 1
                if c:
                    move(theta, c, x)  # in place: the states are summed again below
                    moved_at.append(i - 1)
                    coefs.append(c)
                    passive_run = 0
                else:
                    passive_run += 1
                    if passive_run == self._PASSIVE_RUN:
                        break
        # θ after each move: θ₀ + c₁x₁ + c₂x₂ + … added in order, the walk's own sums (same floats)
        thetas = np.cumsum(np.vstack([self.theta_, np.array(coefs)[:, None] * Xa[moved_at]]), axis=0)
        self.theta_ = thetas[-1].copy()
        counts = np.diff(np.minimum([0, *moved_at, n], room))  # state k holds from moved_at[k - 1] on
        return scores, losses, steps, thetas, None, counts


def _check_C(C) -> float:
    try:
        value = float(C)
    except (TypeError, ValueError):
        raise ValueError(f"C must be a number > 0; got {C!r}.") from None
    if not value > 0 or np.isnan(value):
        raise ValueError(f"C must be > 0 (it bounds how far one sample may move the weights); got {C}.")
    return value


class OnlinePerceptron(_AdditiveLinear):
    """The online perceptron of CS229 Ch. 6 §1 (M12): predict, then learn only from mistakes.

    θ = 0; for each (x, y), y = ±1: if y θᵀx ≤ 0, θ ← θ + y x (the learning rate only rescales θ,
    so it is dropped). Block–Novikoff: if ‖x‖ ≤ D and some unit u has y uᵀx ≥ γ for every sample,
    the number of mistakes is at most (D/γ)² (see
    :func:`algorithms.linear_classifiers.perceptron_mistake_bound`; with an intercept D and γ are
    those of the augmented x). One ordered pass equals ``Perceptron(max_epochs=1)``.
    """

    _name = "The perceptron"

    def __init__(self, fit_intercept: bool = False):
        self._store(locals())

    def _rule(self):
        def perceptron(score, y, sq_norm):
            loss = max(0.0, 1.0 - y * score)
            return (loss, 1.0, y) if y * score <= 0 else (loss, 0.0, 0.0)
        return perceptron

    def _gaps(self, scores, y):
        margins = y * scores
        return -margins, np.maximum(0.0, 1.0 - margins), 0.0


def _pa_step(loss: float, sq_norm: float, variant: str, C: float) -> float:
    """τ of Crammer et al. (2006): PA ℓ/‖x‖², PA-I min(C, ℓ/‖x‖²), PA-II ℓ/(‖x‖² + 1/(2C))."""
    if loss <= 0.0:
        return 0.0
    if variant == "PA-II":
        return loss / (sq_norm + 0.5 / C)
    if sq_norm == 0.0:  # x = 0 carries no information: stay passive
        return 0.0
    tau = loss / sq_norm
    return min(C, tau) if variant == "PA-I" else tau


class _PassiveAggressive(_AdditiveLinear):
    def _check_hyperparameters(self) -> None:
        if self.variant not in PA_VARIANTS:
            raise ValueError(f"variant must be one of {PA_VARIANTS}; got {self.variant!r}.")
        if self.variant != "PA":
            _check_C(self.C)


class PassiveAggressiveClassifier(_PassiveAggressive):
    """Passive-aggressive classification (Sugiyama §15.1.1–15.1.2; Crammer et al. 2006).

    For each (x, y), y = ±1, with ℓ = max(0, 1 − y θᵀx): θ ← θ + τ y x, where
    "PA" τ = ℓ/‖x‖² (hard: the new θ classifies x with margin 1),
    "PA-I" τ = min(C, ℓ/‖x‖²) (hinge loss: the book's θ ← θ + y min{1/λ, ℓ/‖x‖²}x, C = 1/λ),
    "PA-II" τ = ℓ/(‖x‖² + 1/(2C)) (squared hinge: the book's (15.6),
    θ ← θ + y max(0, 1 − θᵀxy) x/(‖x‖² + λ), C = 1/(2λ); the demo's λ = 1 is C = 0.5).
    Nothing changes when the margin is ≥ 1 (passive). Errata (spec §22): the book's combined
    formula has an extra factor y, and Fig 15.4 prints "θ ← 0 + …" for "θ ← θ + …".
    With ``fit_intercept`` the constant 1 is appended to x (the book's x(:,3) = 1).
    """

    _name = "Passive-aggressive classification"

    def __init__(self, C: float = 1.0, variant: str = "PA-I", fit_intercept: bool = False):
        self._store(locals())

    def _rule(self):
        variant, C = self.variant, float(self.C)
        def pa(score, y, sq_norm):
            loss = max(0.0, 1.0 - y * score)
            tau = _pa_step(loss, sq_norm, variant, C)
            return loss, tau, tau * y
        return pa

    def _gaps(self, scores, y):
        gap = 1.0 - y * scores
        return gap, np.maximum(0.0, gap), 1.0


class PassiveAggressiveRegressor(_PassiveAggressive):
    """Passive-aggressive regression (Sugiyama §15.1.3; Crammer et al. 2006).

    With the residual r = y − θᵀx and the ε-insensitive loss ℓ = max(0, |r| − ε):
    θ ← θ + sign(r) τ x with τ as for :class:`PassiveAggressiveClassifier`. For ε = 0 these are the
    book's updates: "PA-II" the ℓ2 loss θ ← θ − (θᵀx − y)x/(‖x‖² + λ) (C = 1/(2λ)) and "PA-I" the
    ℓ1 loss θ ← θ − sign(θᵀx − y) min{1/λ, |θᵀx − y|/‖x‖²}x (C = 1/λ).
    """

    _is_classifier = False
    _name = "Passive-aggressive regression"

    def __init__(self, C: float = 1.0, epsilon: float = 0.1, variant: str = "PA-I",
                 fit_intercept: bool = False):
        self._store(locals())

    def _check_hyperparameters(self) -> None:
        super()._check_hyperparameters()
        check_positive(self.epsilon, "The insensitivity ε", allow_zero=True)

    def _rule(self):
        variant, C, epsilon = self.variant, float(self.C), float(self.epsilon)
        def pa(score, y, sq_norm):
            residual = y - score
            loss = max(0.0, abs(residual) - epsilon)
            tau = _pa_step(loss, sq_norm, variant, C)
            return loss, tau, math.copysign(tau, residual)
        return pa

    def _gaps(self, scores, y):
        epsilon = float(self.epsilon)
        gap = np.abs(y - scores) - epsilon
        return gap, np.maximum(0.0, gap), epsilon


class _AROW(_OnlineLinear):
    def _check_hyperparameters(self) -> None:
        _check_r(self.r)

    def _start(self, d: int) -> None:
        self.theta_ = np.zeros(d)
        self.cov_ = np.eye(d)

    def _shrink(self, z: FloatArray, beta: float) -> None:
        """Σ ← Σ − Σxxᵀ Σ/β (z = Σx), symmetrised so round-off never breaks positive definiteness."""
        cov = self.cov_ - np.outer(z, z) / beta
        self.cov_ = 0.5 * (cov + cov.T)


def _check_r(r) -> float:
    try:
        value = float(r)
    except (TypeError, ValueError):
        raise ValueError(f"r must be a number > 0; got {r!r}.") from None
    if not value > 0 or not np.isfinite(value):
        raise ValueError(f"r must be a finite number > 0 (the book's C: how much one sample may "
                         f"change the weights); got {r}.")
    return value


class AROWClassifier(_AROW):
    """Adaptive regularisation of weight vectors, AROW (Sugiyama §15.2.1–15.2.2, Fig 15.8).

    The weights are a Gaussian N(μ, Σ), μ = 0 and Σ = I at the start. For each (x, y), y = ±1, with
    the margin m = y μᵀx < 1: β = xᵀΣx + r, μ ← μ + y max(0, 1 − m) Σx/β, Σ ← Σ − ΣxxᵀΣ/β
    (r is the book's C, Crammer et al.'s r). The Σ update is (Σ⁻¹ + xxᵀ/r)⁻¹ by the matrix
    inversion lemma — erratum: the book prints Σ̂⁻¹ = Σ̃⁻¹ − xxᵀ/C, the sign must be + — so Σ stays
    positive definite and only shrinks, most along the directions seen often: later updates there
    are smaller, which is what makes AROW robust to a few outliers. ``step`` records α = (1 − m)/β.
    """

    _name = "AROW"

    def __init__(self, r: float = 1.0, fit_intercept: bool = False):
        self._store(locals())

    def _update(self, x, y):
        score = float(self.theta_ @ x)
        margin = y * score
        loss = max(0.0, 1.0 - margin)
        if margin >= 1.0:
            return score, loss, 0.0
        z = self.cov_ @ x
        beta = float(x @ z) + float(self.r)
        alpha = loss / beta
        self.theta_ = self.theta_ + alpha * y * z
        self._shrink(z, beta)
        return score, loss, alpha


class AROWRegressor(_AROW):
    """AROW regression = recursive least squares (Sugiyama §15.2.3).

    For each (x, y): β = xᵀΣx + r, μ ← μ + (y − μᵀx) Σx/β, Σ ← Σ − ΣxxᵀΣ/β. Erratum (spec §22): the
    book prints (μᵀx − y), a sign error. After the samples 1..t, μ is exactly ridge regression
    (XᵀX + rI)⁻¹Xᵀy on them and Σ = r(XᵀX + rI)⁻¹. ``step`` records 1/β.
    """

    _is_classifier = False
    _name = "AROW regression"

    def __init__(self, r: float = 1.0, fit_intercept: bool = False):
        self._store(locals())

    def _update(self, x, y):
        score = float(self.theta_ @ x)
        residual = y - score
        z = self.cov_ @ x
        beta = float(x @ z) + float(self.r)
        self.theta_ = self.theta_ + residual * z / beta
        self._shrink(z, beta)
        return score, residual * residual, 1.0 / beta


def hindsight_losses(X, y, loss: str = "hinge", fit_intercept: bool = False) -> FloatArray:
    """Per-sample losses of the best fixed linear model chosen in hindsight on the whole stream.

    The regret after t samples is Σ_{s≤t} ℓ_s(w_s) − Σ_{s≤t} ℓ_s(u*), u* minimising the total loss
    over all samples. ``"hinge"``: ℓ = max(0, 1 − y uᵀx) for two classes coded y = ±1 as the
    classifiers do (the larger label is +1; a linear programme); ``"squared"``: ℓ = (y − uᵀx)²
    (least squares).
    """
    X = check_array(X)
    if len(y) != len(X):
        raise ValueError(f"X has {len(X)} samples but y has {len(y)}; they must match.")
    if loss == "hinge":
        classes = check_classification_targets(np.asarray(y), min_classes=1)
        if len(classes) > 2:
            raise ValueError(f"The hinge loss needs two classes; y has {len(classes)}.")
        y = np.where(np.asarray(y) == classes[-1], 1.0, -1.0) if len(classes) == 2 else np.ones(len(X))
    else:
        y = check_array(y, name="y", ensure_2d=False)
    Xa = np.column_stack([X, np.ones(len(X))]) if fit_intercept else X
    if loss == "squared":
        u = np.linalg.lstsq(Xa, y, rcond=None)[0]
        return (y - Xa @ u) ** 2
    if loss != "hinge":
        raise ValueError(f"loss must be 'hinge' or 'squared'; got {loss!r}.")
    n, d = Xa.shape
    # variables (u, ξ): minimise Σξ subject to ξ_i ≥ 1 − y_i uᵀx_i, ξ ≥ 0, u free
    cost = np.r_[np.zeros(d), np.ones(n)]
    A = scipy.sparse.hstack([scipy.sparse.csr_matrix(-(y[:, None] * Xa)), -scipy.sparse.identity(n)])
    bounds = [(None, None)] * d + [(0, None)] * n
    result = linprog(cost, A_ub=A, b_ub=-np.ones(n), bounds=bounds, method="highs")
    if result.status != 0:
        raise ValueError(f"The hindsight comparator could not be found ({result.message}).")
    u = result.x[:d]
    return np.maximum(0.0, 1.0 - y * (Xa @ u))


def arrival_order(n: int, shuffle: bool, random_state=None) -> np.ndarray:
    """The order in which n samples arrive: as given, or a random permutation (Sugiyama's
    listings: ``p=randperm(n); x=x(p,:)``)."""
    return check_random_state(random_state).permutation(n) if shuffle else np.arange(n)


def corrupt_stream(y, k: int, random_state=None, regression: bool = False):
    """Inject k outliers into a stream's targets; returns (new y, mask of the corrupted samples).

    Classification: k samples, drawn at random, get the other class's label (the book's outliers of
    Fig 15.9 are +1 points inside class −1). Regression: k targets are moved by ±5 standard
    deviations of y (at least 5).
    """
    y = np.asarray(y)
    if int(k) != k or k < 0:
        raise ValueError(f"The number of outliers must be a whole number ≥ 0; got {k}.")
    k = min(int(k), len(y))
    rng = check_random_state(random_state)
    chosen = rng.choice(len(y), size=k, replace=False)
    mask = np.zeros(len(y), dtype=bool)
    mask[chosen] = True
    out = y.copy()
    if regression:
        jump = 5.0 * max(float(np.std(y)), 1.0)
        out = out.astype(float)
        out[chosen] += np.where(rng.random(k) < 0.5, -jump, jump)
        return out, mask
    classes = np.unique(y)
    if k and len(classes) != 2:
        raise ValueError(f"Label outliers need two classes; the stream has {len(classes)}.")
    out[chosen] = np.where(y[chosen] == classes[0], classes[1], classes[0])
    return out, mask
