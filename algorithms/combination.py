"""Combining learners: stacking, the error–ambiguity decomposition and pairwise diversity measures.

seed 003 §5.1 names the three families (boosting, bagging, stacking), the error–ambiguity
decomposition (1) E = Ē − Ā and four diversity measures without formulas; the formulas here are
the standard ones of Zhou's book (§8.4.3 stacking, §8.5.1 (8.31), §8.5.2 (8.40)–(8.43)) [S].
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_random_state
from algorithms._base import check_X_y
from algorithms._base import clone
from algorithms.linear_classifiers import LogisticRegression
from algorithms.linear_classifiers import SoftmaxRegression
from algorithms.linear_classifiers import _check_int
from algorithms.linear_classifiers import _check_labels
from algorithms.trees import DecisionTreeRegressor

__all__ = ["StackingClassifier", "stratified_fold_ids", "BaggingRegressor", "ErrorAmbiguity",
           "error_ambiguity",
           "PairTable", "pair_table", "Diversity", "pairwise_diversity"]


def stratified_fold_ids(y, n_folds: int, random_state=None) -> np.ndarray:
    """Fold 0..k−1 of every sample: each class shuffled, then dealt to the folds in turn, so every
    fold holds about the same share of each class. Each class needs at least two samples (so that
    the other folds always contain it)."""
    classes, codes, counts = np.unique(y, return_inverse=True, return_counts=True)
    k = _check_int(n_folds, "The number of folds", 2)
    if k > len(y):
        raise ValueError(f"The number of folds ({k}) cannot exceed the number of samples ({len(y)}).")
    if counts.min() < 2:
        rare = classes[np.argmin(counts)]
        raise ValueError(f"Class {rare!r} has a single sample; out-of-fold predictions need at least "
                         "two samples of every class.")
    rng = check_random_state(random_state)
    folds = np.empty(len(y), dtype=np.intp)
    start = 0
    for c in range(len(classes)):
        members = rng.permutation(np.flatnonzero(codes == c))
        folds[members] = (start + np.arange(len(members))) % k
        start += len(members)
    return folds


def _proba(estimator, X, classes) -> FloatArray:
    """Class probabilities with columns aligned to ``classes`` (a fold may miss no class, but a
    learner's own ``classes_`` could still be a subset)."""
    P = estimator.predict_proba(X)
    own = getattr(estimator, "classes_", classes)
    if len(own) == len(classes):
        return P
    out = np.zeros((len(X), len(classes)))
    out[:, np.searchsorted(classes, own)] = P
    return out


class StackingClassifier(BaseEstimator):
    """Stacking (seed 003 §5.1 family 3; Zhou §8.4.3 [S]): heterogeneous first-level learners and a
    meta-learner trained on their **out-of-fold** class probabilities.

    ``estimators``: (name, estimator) pairs. The samples are split into ``n_folds`` stratified folds
    (:func:`stratified_fold_ids`); for fold k each learner is fitted on the other folds and predicts
    the samples of fold k, so no sample's meta-feature comes from a model that saw it
    (``oof_``, one row a sample). With two classes a learner contributes one column,
    P(``classes_[1]``); otherwise one column a class (as scikit-learn's ``stack_method=
    "predict_proba"``). The meta-learner (``final_estimator``; default logistic regression with
    λ = 1, softmax regression for more classes, i.e. scikit-learn's C = 1) is fitted on ``oof_``;
    the first-level learners are then refitted on all samples (``estimators_``) to predict.
    ``in_sample=True`` skips the folds and trains the meta-learner on predictions of the learners
    fitted on all samples: the leak stacking avoids (a deep tree's in-sample probabilities are
    0/1, so the meta-learner trusts it).
    """

    def __init__(self, estimators, final_estimator=None, n_folds: int = 5, in_sample: bool = False,
                 random_state=None):
        self._store(locals())

    def _final(self, n_classes):
        if self.final_estimator is not None:
            return clone(self.final_estimator)
        return LogisticRegression(lam=1.0) if n_classes == 2 else SoftmaxRegression(lam=1.0)

    def _meta(self, learners, X) -> FloatArray:
        cols = [_proba(est, X, self.classes_) for est in learners]
        return np.hstack([P[:, 1:] if len(self.classes_) == 2 else P for P in cols])

    def fit(self, X, y) -> "StackingClassifier":
        X, y = _check_labels(X, y)
        if not len(self.estimators):
            raise ValueError("Stacking needs at least one first-level learner.")
        self.classes_ = np.unique(y)
        if len(self.classes_) < 2:
            raise ValueError("y must contain at least two classes.")
        self.names_ = tuple(name for name, _ in self.estimators)
        self.n_features_in_ = X.shape[1]
        self.estimators_ = tuple(clone(est).fit(X, y) for _, est in self.estimators)
        if self.in_sample:
            self.folds_ = np.full(len(y), -1)
            self.oof_ = self._meta(self.estimators_, X)
        else:
            self.folds_ = stratified_fold_ids(y, self.n_folds, self.random_state)
            self.oof_ = np.empty((len(y), len(self.estimators) * (1 if len(self.classes_) == 2
                                                                   else len(self.classes_))))
            for k in range(int(self.n_folds)):
                held = self.folds_ == k
                fold = [clone(est).fit(X[~held], y[~held]) for _, est in self.estimators]
                self.oof_[held] = self._meta(fold, X[held])
        self.final_estimator_ = self._final(len(self.classes_)).fit(self.oof_, y)
        return self

    def transform(self, X) -> FloatArray:
        """The meta-features of new samples: the refitted learners' class probabilities."""
        check_is_fitted(self, "estimators_")
        return self._meta(self.estimators_, check_new_data(self, X))

    def predict_proba(self, X) -> FloatArray:
        return _proba(self.final_estimator_, self.transform(X), self.classes_)

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    def score(self, X, y) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))


# ----------------------------------------------------------------------------------------------
# Error–ambiguity decomposition (seed 003 §5.1 (1))


class BaggingRegressor(BaseEstimator):
    """Bagged regression trees (seed 003 §5.7: "mean for regression"): each of ``n_estimators``
    CART regression trees (depth ≤ ``max_depth``) is fitted on a bootstrap sample of n draws with
    replacement, and the ensemble predicts their mean, H(x) = (1/T) Σ_i h_i(x) — the averaging
    ensemble of the error–ambiguity decomposition."""

    def __init__(self, n_estimators: int = 10, max_depth: int | None = None, random_state=None):
        self._store(locals())

    def fit(self, X, y) -> "BaggingRegressor":
        T = _check_int(self.n_estimators, "n_estimators")
        X, y = check_X_y(X, y)
        rng = check_random_state(self.random_state)
        self.draws_ = rng.integers(len(X), size=(T, len(X)))
        self.estimators_ = tuple(DecisionTreeRegressor(max_depth=self.max_depth).fit(X[d], y[d])
                                 for d in self.draws_)
        self.n_features_in_ = X.shape[1]
        return self

    def member_predictions(self, X) -> FloatArray:
        """h_i(x) of every tree, shape (T, m): one row a member."""
        X = check_new_data(self, X)
        return np.array([est.predict(X) for est in self.estimators_])

    def predict(self, X) -> FloatArray:
        return self.member_predictions(X).mean(axis=0)


@dataclass(frozen=True)
class ErrorAmbiguity:
    """E = Ē − Ā over the samples: the ensemble's mean squared error, the weighted mean of the
    members' errors and of their ambiguities (squared deviations from the ensemble output);
    ``member_errors`` and ``member_ambiguities`` are each member's mean over the samples."""

    E: float
    E_bar: float
    A_bar: float
    member_errors: FloatArray
    member_ambiguities: FloatArray


def error_ambiguity(F, y, weights=None) -> ErrorAmbiguity:
    """Krogh and Vedelsby's decomposition (seed 003 §5.1 (1); Zhou (8.31) [S]) of an averaging
    regression ensemble H(x) = Σ_i w_i h_i(x) under the squared loss.

    ``F``: member outputs, shape (T, m) (one row a member); ``weights`` w_i ≥ 0 summing to 1
    (default 1/T). With E_i = mean_x (h_i − y)², A_i = mean_x (h_i − H)²: E = Ē − Ā exactly,
    Ē = Σ w_i E_i, Ā = Σ w_i A_i.
    """
    F = np.atleast_2d(np.asarray(F, dtype=float))
    y = np.asarray(y, dtype=float).ravel()
    if F.shape[1] != len(y) or not len(y):
        raise ValueError(f"F needs one column a sample: got {F.shape[1]} columns for {len(y)} targets.")
    if not (np.all(np.isfinite(F)) and np.all(np.isfinite(y))):
        raise ValueError("Member outputs and targets must be finite numbers.")
    T = len(F)
    w = np.full(T, 1.0 / T) if weights is None else np.asarray(weights, dtype=float).ravel()
    if len(w) != T or np.any(w < 0) or not np.isclose(w.sum(), 1.0):
        raise ValueError("The weights need one entry a member, all ≥ 0, summing to 1.")
    H = w @ F
    errors = np.mean((F - y) ** 2, axis=1)
    ambiguities = np.mean((F - H) ** 2, axis=1)
    return ErrorAmbiguity(float(np.mean((H - y) ** 2)), float(w @ errors), float(w @ ambiguities),
                          errors, ambiguities)


# ----------------------------------------------------------------------------------------------
# Pairwise diversity measures (seed 003 §5.1: names only; Zhou §8.5.2 (8.40)–(8.43) [S])


@dataclass(frozen=True)
class PairTable:
    """The contingency table of two classifiers' ±1 predictions over m samples (Zhou Table 8.5):
    a = both +1, b = h_i +1 and h_j −1, c = h_i −1 and h_j +1, d = both −1; a + b + c + d = m."""

    a: int
    b: int
    c: int
    d: int

    @property
    def p1(self) -> float:
        """Observed agreement (a + d)/m of κ (8.43)."""
        return (self.a + self.d) / (self.a + self.b + self.c + self.d)

    @property
    def p2(self) -> float:
        """Agreement by chance ((a+b)(a+c) + (c+d)(b+d))/m² of κ (8.43)."""
        a, b, c, d = self.a, self.b, self.c, self.d
        return ((a + b) * (a + c) + (c + d) * (b + d)) / (a + b + c + d) ** 2


def _pm1(P) -> np.ndarray:
    P = np.asarray(P)
    if P.size and not np.all(np.isin(P, (-1, 1))):
        raise ValueError("Diversity measures compare two-class predictions coded as −1 and +1.")
    return P


def pair_table(hi, hj) -> PairTable:
    hi, hj = _pm1(hi), _pm1(hj)
    if hi.shape != hj.shape or not hi.size:
        raise ValueError("Both classifiers need predictions for the same samples.")
    return PairTable(int(np.sum((hi > 0) & (hj > 0))), int(np.sum((hi > 0) & (hj < 0))),
                     int(np.sum((hi < 0) & (hj > 0))), int(np.sum((hi < 0) & (hj < 0))))


@dataclass(frozen=True)
class Diversity:
    """T × T matrices of the four measures between every pair of classifiers (diagonal: a
    classifier with itself; NaN where a formula divides by zero, e.g. ρ of a constant classifier)."""

    disagreement: FloatArray
    correlation: FloatArray
    q_statistic: FloatArray
    kappa: FloatArray


def pairwise_diversity(P) -> Diversity:
    """Disagreement dis = (b + c)/m (8.40), correlation ρ = (ad − bc)/√((a+b)(a+c)(c+d)(b+d))
    (8.41), Q = (ad − bc)/(ad + bc) (8.42), κ = (p₁ − p₂)/(1 − p₂) with p₁ = (a + d)/m and
    p₂ = ((a+b)(a+c) + (c+d)(b+d))/m² (8.43), for every pair of rows of ``P`` (T classifiers'
    ±1 predictions on m samples). Small dis, large ρ, Q, κ: similar classifiers."""
    P = _pm1(np.atleast_2d(P)).astype(float)
    if not P.size:
        raise ValueError("Diversity measures need at least one prediction.")
    m = P.shape[1]
    pos, neg = (P > 0).astype(float), (P < 0).astype(float)
    a, b, c, d = pos @ pos.T, pos @ neg.T, neg @ pos.T, neg @ neg.T
    with np.errstate(invalid="ignore", divide="ignore"):
        cross = a * d - b * c
        rho = cross / np.sqrt((a + b) * (a + c) * (c + d) * (b + d))
        q = cross / (a * d + b * c)
        p1 = (a + d) / m
        p2 = ((a + b) * (a + c) + (c + d) * (b + d)) / m**2
        kappa = (p1 - p2) / (1.0 - p2)
    return Diversity((b + c) / m, rho, q, kappa)
