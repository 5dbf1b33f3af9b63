"""Ensembles: decision stumps, bagging, random forests, AdaBoost, gradient and second-order boosting.

Sugiyama ch. 9 (seed 000 §10: A9.1 stump, A9.2 bagging, A9.3–A9.4 AdaBoost, oracles O23–O25);
seed 003 §5 (AdaBoost, boosting tree, GBDT, XGBoost, LightGBM's histogram and GOSS, CatBoost's
ordered target statistics, random forest). Trees come from :mod:`algorithms.trees`.

Bagging, random forests and AdaBoost also take tables with text categories (a printed table as it
is, issue 17): :func:`algorithms.tables.encode_categories` codes the text columns (their level names
in ``category_names_``) and the tree learners declare them categorical, so a fit on the text equals
a fit on the level codes with those columns in ``categorical_features``.

Every ensemble records ``history_``: one frozen snapshot per learner / round with what a page
needs to redraw that step (bootstrap multiplicities, sample weights, residuals, g and h, losses).
Runs longer than 500 rounds keep the arrays of a bounded subset of rounds (see
``_snapshot_rounds``); per-round scalars such as α_t, ε_t and losses are kept for every round.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.special import expit
from scipy.special import logsumexp
from scipy.special import softmax

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_is_fitted
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms._base import clone
from algorithms.tables import encode_categories
from algorithms.trees import DecisionTreeClassifier
from algorithms.trees import _Builder
from algorithms.trees import _categorical_mask
from algorithms.trees import _check_class_y
from algorithms.trees import _check_int
from algorithms.trees import _check_reg_y
from algorithms.trees import _check_sample_weight
from algorithms.trees import _check_X
from algorithms.trees import _has_text
from algorithms.trees import _midpoints
from algorithms.trees import _presorted
from algorithms.trees import _SecondOrder
from algorithms.trees import _SquaredError
from algorithms.trees import _weighted_rows

__all__ = ["DecisionStump", "StumpCurve", "BaggingClassifier", "BaggingStep",
           "RandomForestClassifier", "AdaBoostClassifier", "AdaBoostStep",
           "GradientBoostingRegressor", "GradientBoostingClassifier", "BoostingStep",
           "SecondOrderBoostingClassifier", "SecondOrderBoostingRegressor", "SecondOrderStep",
           "GainCurve", "second_order_split_gains", "histogram_bin_edges", "bin_codes",
           "Histogram", "build_histogram", "histogram_split_gains", "GossSample", "goss_sample",
           "ordered_target_statistics", "greedy_target_statistics", "encoding_accuracy",
           "combine_categories", "PredictionShift", "prediction_shift", "interaction_table",
           "noise_categories"]


def _ro(a) -> np.ndarray:
    a = np.array(a)
    a.setflags(write=False)
    return a


def _check_n_estimators(value):
    return _check_int(value, "n_estimators", 1)


_FULL_HISTORY = 500


def _snapshot_rounds(total: int) -> set[int]:
    """Rounds (1-based) whose arrays go into ``history_``: all of them for runs of at most 500
    rounds; for longer runs (Sugiyama uses b = 5000) rounds 1–100, about 400 geometrically spaced
    ones and the last. Per-round scalars (α, ε, losses) are always kept for every round."""
    if total <= _FULL_HISTORY:
        return set(range(1, total + 1))
    spaced = np.unique(np.round(np.geomspace(100, total, _FULL_HISTORY - 100)).astype(int))
    return set(range(1, 101)) | set(spaced.tolist()) | {total}


def _seed(rng) -> int:
    return int(rng.integers(2**63 - 1))


def _fit_member(estimator, X, codes, classes, weights, rng):
    """Fit a clone on class codes so that its outputs cover all ``classes`` (same columns)."""
    est = clone(estimator)
    if "random_state" in est.get_params():
        est.set_params(random_state=_seed(rng))
    if hasattr(est, "_fit_codes"):
        est._fit_codes(X, codes, classes, weights)
    else:
        est.fit(X, classes[codes], sample_weight=weights)
    return est


def _coded_table(ens, X, base):
    """``(X, base)`` for an ensemble's fit: a table of numbers as it is; a table with text columns
    as level codes (names in ``ens.category_names_``) and a clone of the tree learner ``base`` that
    declares those columns categorical."""
    ens.category_names_ = None
    if not _has_text(X):
        return _check_X(X, allow_nan=False), base
    X, ens.category_names_ = encode_categories(X)
    if "categorical_features" not in base.get_params():
        raise ValueError(f"{type(base).__name__} splits numbers only; a table with text columns needs "
                         "tree learners (DecisionTreeClassifier, e.g. max_depth=1 for stumps).")
    mask = _categorical_mask(base.categorical_features, X.shape[1])
    mask[[names is not None for names in ens.category_names_]] = True
    return _check_X(X, allow_nan=False), clone(base).set_params(categorical_features=mask)


def _table_X(ens, X):
    """Rows to predict, coded as in the fit (text cells by the fitted level names)."""
    check_is_fitted(ens, "estimators_")
    names = getattr(ens, "category_names_", None)
    if names is not None and _has_text(X):
        X, _ = encode_categories(X, names)
    return _check_X(X, ens.n_features_in_, allow_nan=False)


def _member_proba(est, X, classes):
    """Class probabilities of a member, with columns aligned to the ensemble's ``classes``."""
    P = est.predict_proba(X)
    own = getattr(est, "classes_", classes)
    if len(own) == len(classes) and np.array_equal(own, classes):
        return P
    out = np.zeros((len(X), len(classes)))
    out[:, np.searchsorted(classes, own)] = P
    return out


def _member_codes(est, X, classes):
    return np.searchsorted(classes, est.predict(X))


# ----------------------------------------------------------------------------------------------
# Decision stump (Sugiyama §9.1)


@dataclass(frozen=True)
class StumpCurve:
    """Weighted error of a stump at every candidate threshold of one feature.

    ``errors[i]`` is the weighted 0/1 error (weights normalised to sum 1) of the best stump with
    threshold ``thresholds[i]`` (x ≤ threshold → ``left_classes[i]``, else ``right_classes[i]``).
    """

    feature: int
    thresholds: FloatArray
    errors: FloatArray
    left_classes: np.ndarray
    right_classes: np.ndarray


def _side_errors(L, R):
    """Best labels and error for left/right class-weight sums L, R (…, K).

    Two classes: the book's opposite-label stump sign(s(x − c)) (polarity +1 = right side is the
    second class; a tie picks +1). More classes: the weighted majority on each side.
    """
    if L.shape[-1] == 2:
        err_pos = L[..., 1] + R[..., 0]
        err_neg = L[..., 0] + R[..., 1]
        pos = err_pos <= err_neg
        left = np.where(pos, 0, 1)
        return np.where(pos, err_pos, err_neg), left, 1 - left
    left, right = np.argmax(L, axis=-1), np.argmax(R, axis=-1)
    err = (L.sum(-1) - L.max(-1)) + (R.sum(-1) - R.max(-1))
    return err, left, right


def _stump_curve(x, codes, p, K):
    order = np.argsort(x, kind="stable")
    xs = x[order]
    Wk = np.zeros((len(x), K))
    Wk[np.arange(len(x)), codes[order]] = p[order]
    C = np.cumsum(Wk, axis=0)
    L = C[:-1]
    R = C[-1] - L
    ok = xs[1:] > xs[:-1]
    err, left, right = _side_errors(L[ok], R[ok])
    thr = _midpoints(xs[:-1][ok], xs[1:][ok])
    return thr, np.maximum(err, 0.0), left, right


class DecisionStump(BaseEstimator):
    """One-level tree: x^(d) ≤ c → one class, else another (Sugiyama §9.1, Fig 9.5).

    Minimises the weighted 0/1 error Σ_i w_i I(φ(x_i) ≠ y_i) (weights normalised to sum 1) over
    the thresholds between consecutive distinct sorted values (at most n − 1 of them, midpoints).
    With two classes this is the book's φ(x) = sign(s(x − c)), i.e. the cut maximising |e| in
    the MATLAB listing; with more classes each side takes its weighted majority.
    ``feature``: "best" (every feature), "random" (the book's ``d=ceil(2*rand)``) or a column.
    Ties: the first feature, then the smallest threshold. A point exactly at c goes to the left
    side (the book's sign(0) = 0 would predict nothing). Data with a single class (or constant
    features) give a constant stump with ``threshold_`` = +inf.
    """

    def __init__(self, feature="best", random_state=None):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "DecisionStump":
        X = _check_X(X, allow_nan=False)
        _, classes, codes = _check_class_y(y, len(X))
        return self._fit_codes(X, codes, classes, _check_sample_weight(sample_weight, len(X)))

    def _features(self, d):
        if isinstance(self.feature, str):
            if self.feature == "best":
                return list(range(d))
            if self.feature == "random":
                return [int(check_random_state(self.random_state).integers(d))]
        elif isinstance(self.feature, (int, np.integer)) and 0 <= self.feature < d:
            return [int(self.feature)]
        raise ValueError(f'feature must be "best", "random" or a column index below {d}; '
                         f"got {self.feature!r}.")

    def _fit_codes(self, X, codes, classes, w):
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        w, X, codes = _weighted_rows(w, X, codes)
        K = len(classes)
        p = w / w.sum()
        totals = np.bincount(codes, weights=p, minlength=K)
        majority = int(np.argmax(totals))
        best = (1.0 - totals[majority], -1, np.inf, majority, majority)
        feats = self._features(X.shape[1])
        self.feature_ = feats[0]
        if np.count_nonzero(totals > 0) >= 2:
            for f in feats:
                thr, err, left, right = _stump_curve(X[:, f], codes, p, K)
                if len(thr) == 0:
                    continue
                i = int(np.argmax(err <= err.min() + 1e-12))
                if best[1] < 0 or err[i] < best[0] - 1e-12:
                    best = (float(err[i]), f, float(thr[i]), int(left[i]), int(right[i]))
        err, f, thr, left, right = best
        self.feature_ = f if f >= 0 else self.feature_
        self.threshold_ = thr
        self.left_class_, self.right_class_ = classes[left], classes[right]
        self._left, self._right = left, right
        self.polarity_ = (1 if right == 1 else -1) if K == 2 and left != right else 0
        self.weighted_error_ = float(err)
        return self

    def _codes(self, X):
        check_is_fitted(self, "threshold_")
        X = _check_X(X, self.n_features_in_, allow_nan=False)
        return np.where(X[:, self.feature_] <= self.threshold_, self._left, self._right)

    def predict(self, X) -> np.ndarray:
        idx = self._codes(X)
        return self.classes_[idx]

    def predict_proba(self, X) -> FloatArray:
        """One-hot of the predicted class (a stump votes; bagging averages the votes)."""
        codes = self._codes(X)
        return np.eye(len(self.classes_))[codes]

    def decision_function(self, X) -> FloatArray:
        """φ(x) ∈ {−1, +1}: +1 where the stump predicts ``classes_[1]`` (two classes only)."""
        if len(self.classes_) != 2:
            raise ValueError("decision_function is defined for two classes.")
        return np.where(self._codes(X) == 1, 1.0, -1.0)

    def error_curve(self, X, y, sample_weight=None, feature: int | None = None) -> StumpCurve:
        """Weighted error at every candidate threshold of one feature (no fitting needed).

        ``feature`` defaults to the fitted ``feature_`` (or 0 before fitting).
        """
        X = _check_X(X, allow_nan=False)
        _, classes, codes = _check_class_y(y, len(X), min_classes=1)
        w = _check_sample_weight(sample_weight, len(X))
        f = getattr(self, "feature_", 0) if feature is None else int(feature)
        if not 0 <= f < X.shape[1]:
            raise ValueError(f"feature must be a column index below {X.shape[1]}; got {f}.")
        thr, err, left, right = _stump_curve(X[:, f], codes, w / w.sum(), len(classes))
        return StumpCurve(f, _ro(thr), _ro(err), _ro(classes[left]), _ro(classes[right]))

    @staticmethod
    def error_at(X, y, threshold: float, feature: int = 0, sample_weight=None):
        """(weighted error, left class, right class) of the best stump cutting at ``threshold``.

        For a threshold dragged anywhere along the axis (x ≤ threshold is the left side).
        """
        X = _check_X(X, allow_nan=False)
        _, classes, codes = _check_class_y(y, len(X), min_classes=1)
        w = _check_sample_weight(sample_weight, len(X))
        p = w / w.sum()
        K = len(classes)
        side = X[:, int(feature)] <= float(threshold)
        L = np.bincount(codes[side], weights=p[side], minlength=K)
        R = np.bincount(codes[~side], weights=p[~side], minlength=K)
        err, left, right = _side_errors(L, R)
        return float(err), classes[int(left)], classes[int(right)]


# ----------------------------------------------------------------------------------------------
# Bagging and random forests (Sugiyama §9.2; seed 003 §5.7)


def _oob_votes(members, X, counts):
    """Each tree's class probabilities on its out-of-bag rows (counts 0), all trees routed down
    together one depth at a time (threshold trees, no missing values): ``predict_proba`` of
    every member on its rows without a Python pass per tree and depth."""
    trees = [m.tree_ for m in members]
    offset = np.cumsum([0] + [t.n_nodes for t in trees[:-1]])
    first_child = np.concatenate([t.first_child + o for t, o in zip(trees, offset, strict=True)])
    feature = np.concatenate([t.feature for t in trees])
    threshold = np.concatenate([t.threshold for t in trees])
    is_leaf = np.concatenate([t.is_leaf for t in trees])
    rows = [np.flatnonzero(c == 0) for c in counts]
    x_row = np.concatenate(rows)
    node = np.repeat(offset, [len(r) for r in rows])
    inner = np.flatnonzero(~is_leaf[node])
    while len(inner):
        at = node[inner]
        node[inner] = first_child[at] + (X[x_row[inner], feature[at]] > threshold[at])
        inner = inner[~is_leaf[node[inner]]]
    values = np.concatenate([t.value for t in trees])[node]
    return np.split(values, np.cumsum([len(r) for r in rows])[:-1])


@dataclass(frozen=True)
class BaggingStep:
    """Learner ``index`` (1-based), the bootstrap multiplicity of every training sample, and the
    out-of-bag error of the first ``index`` learners (NaN while no sample has been out of bag)."""

    index: int
    estimator: object
    sample_counts: np.ndarray
    oob_error: float


class BaggingClassifier(BaseEstimator):
    """Bootstrap aggregation (Sugiyama Fig 9.7): each learner sees n draws with replacement.

    The ensemble averages the learners' ``predict_proba`` (a stump's is its one-hot vote, so
    bagged stumps give Sugiyama's f(x) = (1/b) Σ φ_j(x)); ties go to the first class.
    ``estimator`` defaults to an unpruned Gini tree; ``DecisionStump(feature="random")``
    reproduces Sugiyama Fig 9.8. Out-of-bag (OOB) error: each sample is judged by the learners
    whose bootstrap missed it; ``oob_error_curve_[b]`` uses the first b + 1 learners and is NaN
    until some sample has been out of bag; ``oob_decision_function_`` rows are NaN for samples
    never out of bag (both documented, not silent). ``sample_counts_[b]`` holds each sample's
    multiplicity in bootstrap b. Tree learners (the default) are grown together in one
    level-wise pass; each equals a separate fit on its bootstrap sample, except that random
    feature draws (``max_features``) come from the ensemble's generator.
    """

    def __init__(self, n_estimators: int = 10, estimator=None, random_state=None):
        self._store(locals())

    def _base(self):
        return DecisionTreeClassifier() if self.estimator is None else self.estimator

    def fit(self, X, y, progress: Callable[[float], None] | None = None) -> "BaggingClassifier":
        """``progress(fraction)``, if given, is called with 0 at the start and after each learner
        (a progress bar; batched trees are grown together first, so they report as their
        out-of-bag votes are counted)."""
        B = _check_n_estimators(self.n_estimators)
        X, base = _coded_table(self, X, self._base())
        _, classes, codes = _check_class_y(y, len(X))
        rng = check_random_state(self.random_state)
        n, K = len(X), len(classes)
        self.classes_, self.n_features_in_ = classes, X.shape[1]
        oob_sum = np.zeros((n, K))
        estimators, curve = [], []
        draws = [rng.integers(n, size=n) for _ in range(B)]
        if progress is not None:
            progress(0.0)
        batched = (isinstance(base, DecisionTreeClassifier) and base.categorical_features is None)
        counts_all = [np.bincount(idx, minlength=n) for idx in draws]
        if batched:                     # all trees grown together, level by level
            members = self._grow_batched(clone(base), X, codes, classes, draws, counts_all, rng)
            oob_votes = _oob_votes(members, X, counts_all)
        for b, (idx, counts) in enumerate(zip(draws, counts_all, strict=True)):
            est = (members[b] if batched
                   else _fit_member(base, X[idx], codes[idx], classes, np.ones(n), rng))
            out = counts == 0
            if out.any():
                oob_sum[out] += oob_votes[b] if batched else _member_proba(est, X[out], classes)
            seen = oob_sum.sum(1) > 0
            err = (float(np.mean(np.argmax(oob_sum[seen], 1) != codes[seen])) if seen.any()
                   else np.nan)
            estimators.append(est)
            curve.append(err)
            if progress is not None:
                progress((b + 1) / B)
        self.estimators_ = tuple(estimators)
        self.sample_counts_ = _ro(np.array(counts_all))
        history = [BaggingStep(b + 1, est, self.sample_counts_[b], err)      # read-only views
                   for b, (est, err) in enumerate(zip(estimators, curve, strict=True))]
        self.oob_error_curve_ = _ro(curve)
        self.oob_error_ = curve[-1]
        seen = oob_sum.sum(1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            self.oob_decision_function_ = _ro(np.where(seen > 0, oob_sum / seen, np.nan))
        self.history_ = tuple(history)
        return self

    @staticmethod
    def _grow_batched(tree, X, codes, classes, draws, counts, rng):
        """The trees of all bootstraps in one level-wise pass. With min_samples_leaf = 1 each
        tree grows on its distinct rows weighted by their multiplicities (the same tree as on the
        repeated rows, with fewer entries to sort and scan: about 63 % of n)."""
        if tree.min_samples_leaf != 1:
            return tree._forest_codes(X, codes, classes, draws, rng)
        rows = [np.flatnonzero(c) for c in counts]
        return tree._forest_codes(X, codes, classes, rows, rng,
                                  [c[r] for c, r in zip(counts, rows, strict=True)])

    def _X(self, X):
        return _table_X(self, X)

    def predict_proba(self, X, n_learners: int | None = None) -> FloatArray:
        """Mean class probabilities (votes) of the first ``n_learners`` learners (default all)."""
        X = self._X(X)
        ests = self.estimators_[:n_learners] if n_learners else self.estimators_
        return sum(_member_proba(e, X, self.classes_) for e in ests) / len(ests)

    def predict(self, X, n_learners: int | None = None) -> np.ndarray:
        idx = np.argmax(self.predict_proba(X, n_learners), axis=1)
        return self.classes_[idx]

    def staged_predict(self, X) -> np.ndarray:
        """The vote of the first b learners for b = 1 … B in one pass, shape (B, n): row b − 1 is
        ``predict(X, n_learners=b)``, the sign of Sugiyama's f(x) = (1/b) Σ_{j≤b} φ_j(x) (Fig 9.7)
        for two classes; running vote sums, ties to the first class."""
        X = self._X(X)
        votes = np.cumsum([_member_proba(e, X, self.classes_) for e in self.estimators_], axis=0)
        return self.classes_[np.argmax(votes, axis=2)]

    def staged_errors(self, X, y) -> FloatArray:
        """Error rate of the vote of the first b learners on (X, y), b = 1 … B (seed 003 §5.7)."""
        return np.mean(self.staged_predict(X) != np.asarray(y), axis=1)

    def score(self, X, y) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))


class RandomForestClassifier(BaggingClassifier):
    """Bagged CART trees that draw ``max_features`` candidate features at every split (seed 003
    §5.7 with its pitfall fixed: features are sampled per split, not once per tree; Sugiyama Fig
    9.10). ``max_features``: "sqrt", "log2", a count, a fraction, or None (= bagging)."""

    def __init__(self, n_estimators: int = 100, max_features="sqrt", max_depth: int | None = None,
                 min_samples_leaf: int = 1, criterion: str = "gini", random_state=None):
        self._store(locals())

    def _base(self):
        return DecisionTreeClassifier(criterion=self.criterion, max_depth=self.max_depth,
                                      min_samples_leaf=self.min_samples_leaf,
                                      max_features=self.max_features)


# ----------------------------------------------------------------------------------------------
# AdaBoost (Sugiyama §9.3; seed 003 §5.2; SAMME for several classes)


@dataclass(frozen=True)
class AdaBoostStep:
    """Round ``round`` (1-based): the weak learner, the normalised weights it was trained on,
    its weighted error ε_t and weight α_t, the normalised weights after the update, and the
    ensemble's training error and exponential loss after the round."""

    round: int
    estimator: object
    weights: FloatArray
    weighted_error: float
    alpha: float
    new_weights: FloatArray
    train_error: float
    exp_loss: float


class AdaBoostClassifier(BaseEstimator):
    """AdaBoost with stumps (Sugiyama Fig 9.11; seed 003 §5.2), SAMME for K > 2 classes.

    Round t fits the weak learner to the weights w (Σw = 1), takes ε_t = Σ w_i I(h_t(x_i) ≠ y_i),
    α_t = ν·½[ln((1 − ε_t)/ε_t) + ln(K − 1)] (for K = 2 the book's θ = ½ ln((1 − R)/R);
    scikit-learn's SAMME ``estimator_weights_`` are 2α_t), and w_i ∝ w_i exp(2α_t I(wrong)) —
    for K = 2 the same normalised weights as w_i ∝ exp(−y_i f(x_i)). Seed 003's printed update
    (5) drops the factor w_{t,i} (erratum); this is the corrected form.
    Weights are kept as logarithms and normalised by their maximum, so they never underflow to
    all-zero or NaN (Sugiyama A9.3 pitfall). ε_t is clipped at 1e-10 and boosting stops after a
    perfect learner; a learner no better than chance (ε_t ≥ 1 − 1/K) is discarded and stops it.
    On a table with text columns the default weak learner is a one-level CART tree (a stump whose
    test on a text column is "A = a"), as a threshold on arbitrary level codes would mean nothing.
    Decision function: f(x) = Σ α_t h_t(x) with h ∈ {−1, +1} (K = 2), else class scores
    Σ α_t (I(h_t = k) − I(h_t ≠ k)/(K − 1)); f = 0 predicts ``classes_[0]``.
    The exponential loss is the weighted mean of exp(−m_i), m_i = Σ_t α_t (2I(h_t(x_i) = y_i) − 1)
    (= y_i f(x_i) for K = 2).
    """

    def __init__(self, n_estimators: int = 50, estimator=None, learning_rate: float = 1.0,
                 random_state=None):
        self._store(locals())

    def fit(self, X, y, sample_weight=None) -> "AdaBoostClassifier":
        T = _check_n_estimators(self.n_estimators)
        nu = check_positive(self.learning_rate, "learning_rate")
        stump = DecisionStump() if not _has_text(X) else DecisionTreeClassifier(max_depth=1)
        X, base = _coded_table(self, X, stump if self.estimator is None else self.estimator)
        _, classes, codes = _check_class_y(y, len(X))
        w0 = _check_sample_weight(sample_weight, len(X))
        w0 = w0 / w0.sum()
        rng = check_random_state(self.random_state)
        n, K = len(X), len(classes)
        self.classes_, self.n_features_in_ = classes, X.shape[1]
        with np.errstate(divide="ignore"):
            logw = np.log(w0)
        margin = np.zeros(n)
        scores = np.zeros((n, K))
        keep = _snapshot_rounds(T)
        p = _ro(w0)
        rounds, history, self.stop_reason_ = [], [], "n_estimators"
        for t in range(T):
            est = _fit_member(base, X, codes, classes, p, rng)
            pred = _member_codes(est, X, classes)
            wrong = pred != codes
            eps = float(p[wrong].sum())
            if eps >= 1.0 - 1.0 / K - 1e-12:
                if t == 0:
                    raise ValueError("The first weak learner is no better than chance "
                                     f"(weighted error {eps:.3f} ≥ {1 - 1 / K:.3f}); AdaBoost "
                                     "cannot start. Use a stronger weak learner.")
                self.stop_reason_ = "no better than chance"
                break
            e = min(max(eps, 1e-10), 1 - 1e-10)
            alpha = nu * 0.5 * (np.log((1 - e) / e) + np.log(K - 1))
            logw = logw + 2.0 * alpha * wrong
            scores[np.arange(n), pred] += alpha
            margin += alpha * np.where(wrong, -1.0, 1.0)
            new = np.exp(logw - logw.max())
            new = _ro(new / new.sum())
            train_error = float(w0 @ (np.argmax(scores, 1) != codes))
            with np.errstate(divide="ignore"):
                exp_loss = float(np.exp(logsumexp(-margin, b=w0)))
            rounds.append(AdaBoostStep(t + 1, est, p, eps, float(alpha), new, train_error,
                                       exp_loss))
            if t + 1 in keep:
                history.append(rounds[-1])
            p = new
            if eps <= 1e-10:
                self.stop_reason_ = "perfect weak learner"
                break
        if history[-1] is not rounds[-1]:
            history.append(rounds[-1])
        self.history_ = tuple(history)
        self.estimators_ = tuple(s.estimator for s in rounds)
        self.alphas_ = _ro([s.alpha for s in rounds])
        self.errors_ = _ro([s.weighted_error for s in rounds])
        self.train_errors_ = _ro([s.train_error for s in rounds])
        self.exp_losses_ = _ro([s.exp_loss for s in rounds])
        self.n_estimators_ = len(rounds)
        return self

    def _X(self, X):
        return _table_X(self, X)

    def _staged_scores(self, X, n_rounds=None):
        X = self._X(X)
        K = len(self.classes_)
        code = np.full(K, -1.0 / (K - 1)) if K > 2 else None
        S = np.zeros((len(X), K))
        for est, a in zip(self.estimators_[:n_rounds], self.alphas_[:n_rounds], strict=True):
            pred = _member_codes(est, X, self.classes_)
            if K == 2:
                S[:, 1] += a * np.where(pred == 1, 1.0, -1.0)
            else:
                H = np.tile(code, (len(X), 1))
                H[np.arange(len(X)), pred] = 1.0
                S += a * H
            yield S[:, 1].copy() if K == 2 else S.copy()

    def staged_decision_function(self, X):
        """f after each round (a generator)."""
        yield from self._staged_scores(X)

    def decision_function(self, X, n_rounds: int | None = None) -> FloatArray:
        """f(x) after ``n_rounds`` rounds (default all): shape (n,) for two classes, else (n, K)."""
        last = deque(self._staged_scores(X, n_rounds), maxlen=1)
        if not last:
            raise ValueError("n_rounds must be at least 1.")
        return last[0]

    def _to_codes(self, f):
        return (f > 0).astype(int) if f.ndim == 1 else np.argmax(f, axis=1)

    def predict(self, X, n_rounds: int | None = None) -> np.ndarray:
        idx = self._to_codes(self.decision_function(X, n_rounds))
        return self.classes_[idx]

    def staged_predict(self, X):
        for f in self._staged_scores(X):
            yield self.classes_[self._to_codes(f)]

    def staged_errors(self, X, y) -> FloatArray:
        """Error rate of sign f_t = Σ_{s≤t} α_s h_s on (X, y) after each round t (seed 003 §5.2 (6);
        on the training set it equals ``train_errors_``)."""
        y = np.asarray(y)
        return np.array([np.mean(p != y) for p in self.staged_predict(X)])

    def predict_proba(self, X, n_rounds: int | None = None) -> FloatArray:
        """softmax of the class scores (two classes: P(classes_[1]) = 1/(1 + e^{−2f}))."""
        f = self.decision_function(X, n_rounds)
        S = np.column_stack([-f, f]) if f.ndim == 1 else f
        return softmax(S, axis=1)

    def score(self, X, y) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))


# ----------------------------------------------------------------------------------------------
# Gradient boosting (seed 003 §5.3)


@dataclass(frozen=True)
class BoostingStep:
    """Round ``round`` (1-based): the tree(s) fitted (one per class for K > 2 classes), the
    pseudo-residuals −∂L/∂f they were fitted to ((n,) or (n, K)), and the training loss after
    the round."""

    round: int
    trees: tuple
    residuals: FloatArray
    train_loss: float


def _grow_regression_tree(X, r, max_depth, min_samples_leaf, presorted):
    """A CART regression tree fitted to r, and the leaf of every row of X (no predict pass)."""
    builder = _Builder(_SquaredError(r), X, np.zeros(X.shape[1], dtype=bool), False, max_depth,
                       min_samples_leaf, 0.0, None, None, None)
    return builder.grow_leaves(np.ones(len(X)), presorted)


def _log_loss(codes, P):
    return float(-np.mean(np.log(np.clip(P[np.arange(len(codes)), codes], 1e-300, None))))


class _Boosting(BaseEstimator):
    """Forward stagewise additive model f_M = f_0 + ν Σ_m T_m (seed 003 (7)–(14))."""

    def _check(self):
        self._T = _check_n_estimators(self.n_estimators)
        self._nu = check_positive(self.learning_rate, "learning_rate")
        _check_int(self.max_depth, "max_depth", 0, allow_none=True)

    def _X(self, X):
        check_is_fitted(self, "trees_")
        return _check_X(X, self.n_features_in_, allow_nan=False)

    def _staged_raw(self, X, n_rounds=None):
        X = self._X(X)
        raw = np.tile(self.init_, (len(X), 1)).astype(float)
        for trees in self.trees_[:n_rounds]:
            for k, tree in enumerate(trees):
                raw[:, k] += self._nu_ * tree.predict_value(X)[:, 0]
            yield raw.copy()

    def _raw(self, X, n_rounds=None):
        X = self._X(X)
        if n_rounds == 0:
            return np.tile(self.init_, (len(X), 1)).astype(float)
        return deque(self._staged_raw(X, n_rounds), maxlen=1)[0]

    def _record(self, rounds, step_type, *args):
        """Append round m's trees and loss; its arrays only for the rounds in ``history_``."""
        m = len(self._all_trees) + 1
        self._all_trees.append(tuple(args[0]))
        self._losses.append(float(args[-1]))
        if m in self._keep:
            rounds.append(step_type(m, tuple(args[0]), *(_ro(a) for a in args[1:-1]),
                                    float(args[-1])))

    def _start(self):
        self._all_trees, self._losses, self._keep = [], [], _snapshot_rounds(self._T)
        return []

    def _finish(self, history):
        self.history_ = tuple(history)
        self.trees_ = tuple(self._all_trees)
        self.train_loss_ = _ro(self._losses)
        del self._all_trees, self._losses, self._keep
        return self

    def _history_step(self, round):
        if not 1 <= round <= len(self.trees_):
            raise ValueError(f"round must be between 1 and {len(self.trees_)}; got {round}.")
        for step in self.history_:
            if step.round == round:
                return step
        raise ValueError(f"Round {round} is not in history_ (long runs keep a subset of rounds; "
                         f"recorded: {[s.round for s in self.history_][:5]} …).")


class GradientBoostingRegressor(_Boosting):
    """Boosting tree / GBDT for squared loss (seed 003 §5.3.1–5.3.2; Friedman).

    f_0 = mean(y); round m fits a CART regression tree of depth ``max_depth`` to the residuals
    r = y − f_{m−1} (the negative gradient of ½(y − f)²) and adds ν·T_m (``learning_rate`` ν).
    ``train_loss_`` holds the mean squared error after each round; ``loss_curve(X, y)`` gives it
    on any data (index 0 = f_0).
    """

    def __init__(self, n_estimators: int = 100, learning_rate: float = 0.1, max_depth: int = 3,
                 min_samples_leaf: int = 1):
        self._store(locals())

    def fit(self, X, y) -> "GradientBoostingRegressor":
        self._check()
        msl = _check_int(self.min_samples_leaf, "min_samples_leaf", 1)
        X = _check_X(X, allow_nan=False)
        y = _check_reg_y(y, len(X))
        self.n_features_in_, self._nu_ = X.shape[1], self._nu
        self.init_ = np.array([y.mean()])
        raw = np.full(len(X), y.mean())
        history, presorted = self._start(), _presorted(X)
        for _ in range(self._T):
            r = y - raw
            tree, leaves = _grow_regression_tree(X, r, self.max_depth, msl, presorted)
            raw = raw + self._nu * tree.value[leaves, 0]
            self._record(history, BoostingStep, [tree], r, np.mean((y - raw) ** 2))
        return self._finish(history)

    def predict(self, X, n_rounds: int | None = None) -> FloatArray:
        return self._raw(X, n_rounds)[:, 0]

    def staged_predict(self, X):
        for raw in self._staged_raw(X):
            yield raw[:, 0]

    def loss_curve(self, X, y) -> FloatArray:
        """Mean squared error of f_0, f_1, …, f_M on (X, y)."""
        y = _check_reg_y(y, len(self._X(X)))
        losses = [np.mean((y - self.init_[0]) ** 2)]
        losses += [np.mean((y - raw[:, 0]) ** 2) for raw in self._staged_raw(X)]
        return np.array(losses)


class _LogisticMixin:
    """Binary logistic / multinomial (softmax) loss on raw scores f (seed 003 §5.3.2)."""

    def _init_raw(self, codes, K):
        prior = np.clip(np.bincount(codes, minlength=K) / len(codes), 1e-15, 1 - 1e-15)
        if K == 2:
            return np.array([np.log(prior[1] / prior[0])])
        logp = np.log(prior)
        return logp - logp.mean()

    @staticmethod
    def _proba(raw):
        if raw.shape[1] == 1:
            p = expit(raw[:, 0])
            return np.column_stack([1 - p, p])
        return softmax(raw, axis=1)

    def decision_function(self, X, n_rounds: int | None = None) -> FloatArray:
        """Raw score f: the log-odds (n,) for two classes, else (n, K) softmax inputs."""
        raw = self._raw(X, n_rounds)
        return raw[:, 0] if raw.shape[1] == 1 else raw

    def predict_proba(self, X, n_rounds: int | None = None) -> FloatArray:
        return self._proba(self._raw(X, n_rounds))

    def predict(self, X, n_rounds: int | None = None) -> np.ndarray:
        idx = np.argmax(self.predict_proba(X, n_rounds), axis=1)
        return self.classes_[idx]

    def staged_predict_proba(self, X):
        for raw in self._staged_raw(X):
            yield self._proba(raw)

    def loss_curve(self, X, y) -> FloatArray:
        """Mean log-loss (nats) of f_0, f_1, …, f_M on (X, y)."""
        X = self._X(X)
        y = np.asarray(y)
        codes = np.minimum(np.searchsorted(self.classes_, y), len(self.classes_) - 1)
        if len(y) != len(X) or np.any(self.classes_[codes] != y):
            raise ValueError("y must hold one known class label per row of X.")
        out = [_log_loss(codes, self._proba(np.tile(self.init_, (len(X), 1))))]
        out += [_log_loss(codes, self._proba(raw)) for raw in self._staged_raw(X)]
        return np.array(out)

    def score(self, X, y) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))


class GradientBoostingClassifier(_LogisticMixin, _Boosting):
    """GBDT with the logistic loss (Friedman; seed 003 §5.3.2 with its pitfall fixed: the trees
    are regression trees on the log-odds, not classification trees).

    f_0 = log-odds of the class prior. Round m: p = σ(f), residual r = y − p (the negative
    gradient), a regression tree on r, then each leaf gets one Newton step
    γ_j = Σ r_i / Σ p_i(1 − p_i) (0 if the denominator is < 1e-150), and f += ν·γ.
    K > 2 classes: softmax, one tree per class and round, γ scaled by (K − 1)/K (as
    scikit-learn). ``train_loss_`` is the mean log-loss (nats) after each round.
    """

    def __init__(self, n_estimators: int = 100, learning_rate: float = 0.1, max_depth: int = 3,
                 min_samples_leaf: int = 1):
        self._store(locals())

    def fit(self, X, y) -> "GradientBoostingClassifier":
        self._check()
        msl = _check_int(self.min_samples_leaf, "min_samples_leaf", 1)
        X = _check_X(X, allow_nan=False)
        _, classes, codes = _check_class_y(y, len(X))
        K = len(classes)
        self.classes_, self.n_features_in_, self._nu_ = classes, X.shape[1], self._nu
        self.init_ = self._init_raw(codes, K)
        raw = np.tile(self.init_, (len(X), 1))
        Y = np.eye(K)[codes] if K > 2 else codes[:, None].astype(float)
        factor = (K - 1) / K if K > 2 else 1.0
        history, presorted, P = self._start(), _presorted(X), self._proba(raw)
        for _ in range(self._T):
            Pk = P if K > 2 else P[:, 1:]
            R = Y - Pk
            trees, update = [], np.zeros_like(raw)
            for k in range(R.shape[1]):
                tree, leaves = _grow_regression_tree(X, R[:, k], self.max_depth, msl, presorted)
                num = tree.node_sums(leaves, R[:, k])
                den = tree.node_sums(leaves, Pk[:, k] * (1 - Pk[:, k]))
                with np.errstate(divide="ignore", invalid="ignore"):
                    gamma = np.where(np.abs(den) < 1e-150, 0.0, factor * num / den)
                trees.append(tree.with_values(gamma))
                update[:, k] = gamma[leaves]        # each row's leaf value, without a predict pass
            raw = raw + self._nu * update
            P = self._proba(raw)                    # the loss now, the next round's residuals
            self._record(history, BoostingStep, trees, R if K > 2 else R[:, 0],
                         _log_loss(codes, P))
        return self._finish(history)


# ----------------------------------------------------------------------------------------------
# Second-order (XGBoost-style) boosting (seed 003 §5.4)


@dataclass(frozen=True)
class SecondOrderStep:
    """Round ``round`` (1-based): the tree(s), the gradients g and hessians h at f_{m−1} they
    were grown from ((n,) or (n, K)), and the training loss after the round."""

    round: int
    trees: tuple
    gradients: FloatArray
    hessians: FloatArray
    train_loss: float


@dataclass(frozen=True)
class GainCurve:
    """Split gain at every threshold of one feature, with the G and H sums of both sides."""

    thresholds: FloatArray
    gains: FloatArray
    G_left: FloatArray
    H_left: FloatArray
    G_right: FloatArray
    H_right: FloatArray


def second_order_split_gains(x, g, h, lam: float = 1.0, gamma: float = 0.0,
                             edges=None) -> GainCurve:
    """gain(s) = ½[G_L²/(H_L+λ) + G_R²/(H_R+λ) − (G_L+G_R)²/(H_L+H_R+λ)] − γ for every threshold
    s between consecutive distinct values of x (seed 003 (31); x ≤ s is the left side). With bin
    ``edges`` (histogram splits, §5.5.2) the thresholds are the edges with values on both sides."""
    x = _check_X(x, allow_nan=False)
    if x.shape[1] != 1:
        raise ValueError("second_order_split_gains takes one feature (a 1-D array).")
    x = x[:, 0]
    g = np.asarray(g, dtype=float).reshape(-1)
    h = np.asarray(h, dtype=float).reshape(-1)
    if g.shape != x.shape or h.shape != x.shape:
        raise ValueError("x, g and h must have the same length.")
    lam = check_positive(lam, "λ", allow_zero=True)
    gamma = check_positive(gamma, "γ", allow_zero=True)
    crit = _SecondOrder(g, h, lam, gamma, 0.0)
    order = np.argsort(x, kind="stable")
    xs = x[order]
    S = np.column_stack([g, h])[order]
    C = np.cumsum(S, axis=0)[:-1]
    ok = xs[1:] > xs[:-1]
    if edges is not None:                   # a cut only where an edge falls between the values
        edges, codes = np.asarray(edges, dtype=float), bin_codes(xs, edges)
        ok &= codes[1:] > codes[:-1]
    C = C[ok]
    P = S.sum(0)
    gains = crit.evaluate(np.stack([C, P - C]), P)[0]
    thr = _midpoints(xs[:-1][ok], xs[1:][ok]) if edges is None else edges[codes[:-1][ok]]
    return GainCurve(_ro(thr), _ro(gains), _ro(C[:, 0]), _ro(C[:, 1]), _ro(P[0] - C[:, 0]),
                     _ro(P[1] - C[:, 1]))


class _SecondOrderBoosting(_Boosting):
    def _check_second(self):
        self._check()
        lam = check_positive(self.lam, "λ (lam)", allow_zero=True)
        gamma = check_positive(self.gamma, "γ (gamma)", allow_zero=True)
        mcw = check_positive(self.min_child_weight, "min_child_weight", allow_zero=True)
        if lam == 0 and mcw == 0:
            raise ValueError("With λ = 0 set min_child_weight > 0, or a leaf with H = 0 has no "
                             "weight −G/(H+λ).")
        _check_int(self.n_bins, "n_bins", 2, allow_none=True)
        if self.n_bins is not None and self.n_bins > MAX_BINS:
            raise ValueError(f"n_bins must be at most {MAX_BINS} (8-bit bins); got {self.n_bins}.")
        return lam, gamma, mcw

    def _searched(self, X):
        """What every round's split search reuses: X sorted per feature (exact greedy), or with
        ``n_bins`` each feature's bin edges ``bin_edges_`` and every value's bin (histograms)."""
        if self.n_bins is None:
            self.bin_edges_ = None
            return _presorted(X), None
        self.bin_edges_ = tuple(histogram_bin_edges(x, self.n_bins) for x in X.T)
        return None, _bin_table(X, self.bin_edges_)

    def _grow(self, X, g, h, lam, gamma, mcw, searched):
        """Round m's tree and its leaf weights w* per training row (f += η·w*, no predict pass)."""
        presorted, bins = searched
        crit = _SecondOrder(g, h, lam, gamma, mcw)
        builder = _Builder(crit, X, np.zeros(X.shape[1], dtype=bool), False, self.max_depth, 1,
                           0.0, None, None, None, bins)
        tree, leaf = builder.grow_leaves(np.ones(len(X)), presorted)
        return tree, tree.value[leaf, 0]

    def split_gains(self, X, y, round: int, node: int = 0, k: int = 0) -> dict[int, GainCurve]:
        """The gain of every candidate split of ``node`` in the tree of round ``round`` (1-based;
        tree ``k`` of that round for K > 2 classes), one :class:`GainCurve` per feature.

        Recomputes g and h at f_{round−1} on the training data (X, y) and keeps the samples
        that reach the node.
        """
        check_is_fitted(self, "trees_")
        X = self._X(X)
        step = self._history_step(round)
        if len(step.gradients) != len(X):
            raise ValueError("Pass the training data the model was fitted on.")
        tree = step.trees[k]
        if not 0 <= node < tree.n_nodes:
            raise ValueError(f"node must be between 0 and {tree.n_nodes - 1}; got {node}.")
        mask = tree.decision_path(X)[:, node]
        g = step.gradients if step.gradients.ndim == 1 else step.gradients[:, k]
        h = step.hessians if step.hessians.ndim == 1 else step.hessians[:, k]
        return {f: second_order_split_gains(X[mask, f], g[mask], h[mask], self.lam, self.gamma,
                                            None if self.bin_edges_ is None else self.bin_edges_[f])
                for f in range(X.shape[1])}


class SecondOrderBoostingClassifier(_LogisticMixin, _SecondOrderBoosting):
    """XGBoost-style boosting with the logistic loss (seed 003 §5.4), exact greedy splits, or with
    ``n_bins`` = k LightGBM's histogram algorithm (§5.5.2): each feature cut once into at most k
    quantile bins (:func:`histogram_bin_edges`, ``bin_edges_``), G and H summed per bin, and a
    node split only at the bin edges.

    Round m: g = p − y, h = p(1 − p) at f_{m−1}; a tree grown level by level where a node splits
    at the threshold with the largest gain = ½[G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ)] − γ, only
    if that gain is > 0 (the gain can be < 0 even with γ = 0 when λ > 0) and each child has
    Σh ≥ ``min_child_weight``; leaves get w* = −G/(H+λ) and f += η·w*. f_0 = log-odds of the
    class prior (``base_score`` overrides it). K > 2 classes: softmax, one tree per class,
    h = p_k(1 − p_k) (the diagonal Hessian; XGBoost doubles it). Each tree node's ``stats`` are
    (G, H), its ``impurity`` −½G²/(H+λ), and ``candidates`` the best gain per feature;
    :meth:`split_gains` gives every candidate's gain.
    """

    def __init__(self, n_estimators: int = 100, lam: float = 1.0, gamma: float = 0.0,
                 max_depth: int = 3, learning_rate: float = 0.3, min_child_weight: float = 1.0,
                 base_score: float | None = None, n_bins: int | None = None):
        self._store(locals())

    def fit(self, X, y) -> "SecondOrderBoostingClassifier":
        lam, gamma, mcw = self._check_second()
        X = _check_X(X, allow_nan=False)
        _, classes, codes = _check_class_y(y, len(X))
        K = len(classes)
        self.classes_, self.n_features_in_, self._nu_ = classes, X.shape[1], self._nu
        self.init_ = (self._init_raw(codes, K) if self.base_score is None
                      else np.full(1 if K == 2 else K, float(self.base_score)))
        raw = np.tile(self.init_, (len(X), 1))
        Y = np.eye(K)[codes] if K > 2 else codes[:, None].astype(float)
        history, searched, P = self._start(), self._searched(X), self._proba(raw)
        for _ in range(self._T):
            Pk = P if K > 2 else P[:, 1:]
            G, H = Pk - Y, Pk * (1 - Pk)
            trees, w = zip(*(self._grow(X, G[:, k], H[:, k], lam, gamma, mcw, searched)
                             for k in range(G.shape[1])), strict=True)
            raw = raw + self._nu * np.column_stack(w)
            P = self._proba(raw)                    # the loss now, the next round's g and h
            self._record(history, SecondOrderStep, trees, G if K > 2 else G[:, 0],
                         H if K > 2 else H[:, 0], _log_loss(codes, P))
        return self._finish(history)


class SecondOrderBoostingRegressor(_SecondOrderBoosting):
    """XGBoost-style boosting with the half squared loss ½(y − f)²: g = f − y, h = 1.

    As :class:`SecondOrderBoostingClassifier` (``n_bins`` too); f_0 = mean(y) unless ``base_score`` is given
    (seed 003 oracle D5 uses f_0 = 0). ``train_loss_`` is the mean squared error.
    """

    def __init__(self, n_estimators: int = 100, lam: float = 1.0, gamma: float = 0.0,
                 max_depth: int = 3, learning_rate: float = 0.3, min_child_weight: float = 1.0,
                 base_score: float | None = None, n_bins: int | None = None):
        self._store(locals())

    def fit(self, X, y) -> "SecondOrderBoostingRegressor":
        lam, gamma, mcw = self._check_second()
        X = _check_X(X, allow_nan=False)
        y = _check_reg_y(y, len(X))
        self.n_features_in_, self._nu_ = X.shape[1], self._nu
        self.init_ = np.array([y.mean() if self.base_score is None else float(self.base_score)])
        raw = np.full(len(X), self.init_[0])
        history, searched = self._start(), self._searched(X)
        for _ in range(self._T):
            g, h = raw - y, np.ones(len(X))
            tree, w = self._grow(X, g, h, lam, gamma, mcw, searched)
            raw = raw + self._nu * w
            self._record(history, SecondOrderStep, [tree], g, h, np.mean((y - raw) ** 2))
        return self._finish(history)

    def predict(self, X, n_rounds: int | None = None) -> FloatArray:
        return self._raw(X, n_rounds)[:, 0]

    def staged_predict(self, X):
        """f after each round (a generator), as GradientBoostingRegressor.staged_predict."""
        for raw in self._staged_raw(X):
            yield raw[:, 0]


# ----------------------------------------------------------------------------------------------
# LightGBM: histogram binning and GOSS (seed 003 §5.5)


MAX_BINS = 256                              # bins of an 8-bit code (seed 003 §5.5.2)


def histogram_bin_edges(x, n_bins: int = 16, strategy: str = "quantile") -> FloatArray:
    """Interior cut points c_1 < … < c_{k−1} of at most ``n_bins`` bins (bin j: c_j < x ≤ c_{j+1}).

    "quantile": cuts at the data's quantiles (duplicates merged, so heavy ties give fewer bins),
    or with at most ``n_bins`` distinct values a bin per value (as LightGBM); "uniform":
    equal-width bins over [min, max]. Splits are then only searched at these cuts.
    """
    x = np.asarray(x, dtype=float).reshape(-1)
    if x.size == 0 or not np.all(np.isfinite(x)):
        raise ValueError("x must be a non-empty array of finite numbers.")
    k = _check_int(n_bins, "n_bins", 2)
    if strategy == "quantile":
        distinct = np.unique(x)
        cuts = (distinct[:-1] if len(distinct) <= k
                else np.quantile(x, np.linspace(0, 1, k + 1)[1:-1], method="lower"))
    elif strategy == "uniform":
        cuts = np.linspace(x.min(), x.max(), k + 1)[1:-1]
    else:
        raise ValueError('strategy must be "quantile" or "uniform".')
    cuts = np.unique(cuts)
    return _ro(cuts[cuts < x.max()])


def bin_codes(x, edges) -> np.ndarray:
    """Bin index of every value: 0 for x ≤ c_1, …, len(edges) for x > c_last (8-bit if ≤ 256)."""
    x = np.asarray(x, dtype=float).reshape(-1)
    codes = np.searchsorted(np.asarray(edges, dtype=float), x, side="left")
    return codes.astype(np.uint8 if len(edges) < 256 else np.int64)


@dataclass(frozen=True)
class Histogram:
    """Per-bin sums of g and h and sample counts. ``parent − sibling`` gives the other child
    (the histogram subtraction trick)."""

    grad: FloatArray
    hess: FloatArray
    count: np.ndarray

    def __sub__(self, other: "Histogram") -> "Histogram":
        return Histogram(_ro(self.grad - other.grad), _ro(self.hess - other.hess),
                         _ro(self.count - other.count))


def _bin_table(X, edges):
    """Every value's bin, (d, n) (:func:`bin_codes` of each column with its ``edges``), and the cut
    after each bin, (d, k) with k the most bins of a feature (+inf past a feature's last cut): what
    the tree builder's histogram search takes, made once when boosting bins X."""
    k = max(len(e) for e in edges) + 1
    cuts = np.full((len(edges), k), np.inf)
    for f, e in enumerate(edges):
        cuts[f, :len(e)] = e
    codes = np.array([bin_codes(x, e) for x, e in zip(X.T, edges, strict=True)], dtype=np.intp)
    return codes, cuts


def build_histogram(codes, g, h, n_bins: int) -> Histogram:
    """One pass over the samples: G_b = Σ g, H_b = Σ h, n_b per bin b."""
    codes = np.asarray(codes, dtype=np.int64).reshape(-1)
    g = np.asarray(g, dtype=float).reshape(-1)
    h = np.asarray(h, dtype=float).reshape(-1)
    if not (len(codes) == len(g) == len(h)):
        raise ValueError("codes, g and h must have the same length.")
    if codes.size and (codes.min() < 0 or codes.max() >= n_bins):
        raise ValueError(f"bin codes must lie in 0..{n_bins - 1}.")
    return Histogram(_ro(np.bincount(codes, weights=g, minlength=n_bins)),
                     _ro(np.bincount(codes, weights=h, minlength=n_bins)),
                     _ro(np.bincount(codes, minlength=n_bins)))


def histogram_split_gains(hist: Histogram, lam: float = 1.0, gamma: float = 0.0) -> FloatArray:
    """Second-order gain of the split "bin ≤ j" for j = 0 … n_bins − 2, from the bins alone.

    Splits that leave a side empty get −inf.
    """
    lam = check_positive(lam, "λ", allow_zero=True)
    gamma = check_positive(gamma, "γ", allow_zero=True)
    S = np.column_stack([hist.grad, hist.hess])
    C = np.cumsum(S, axis=0)[:-1]
    P = S.sum(0)
    n_left = np.cumsum(hist.count)[:-1]
    gains = _SecondOrder(None, None, lam, gamma, 0.0).evaluate(np.stack([C, P - C]), P)[0]
    return np.where((n_left > 0) & (n_left < hist.count.sum()), gains, -np.inf)


@dataclass(frozen=True)
class GossSample:
    """GOSS: the kept ``indices``, their ``weights`` (1 for the top-|g| samples, (1 − a)/b for
    the random rest), which are ``top``, and the amplification (1 − a)/b."""

    indices: np.ndarray
    weights: FloatArray
    top: np.ndarray
    amplification: float


def goss_sample(g, top_rate: float = 0.2, other_rate: float = 0.1, random_state=None) -> GossSample:
    """Gradient-based one-side sampling (seed 003 §5.5.3, with the seed's slip fixed: the samples,
    not the features, are sorted by |g|). Keep the ⌊a·n⌋ largest |g|; draw ⌊b·n⌋ of the rest
    uniformly without replacement and multiply their g and h by (1 − a)/b."""
    g = np.asarray(g, dtype=float).reshape(-1)
    a = check_positive(top_rate, "top_rate a")
    b = check_positive(other_rate, "other_rate b")
    if a + b > 1:
        raise ValueError(f"top_rate + other_rate must be ≤ 1; got {a} + {b}.")
    n = len(g)
    n_top, n_other = int(a * n), int(b * n)
    order = np.argsort(-np.abs(g), kind="stable")
    top = order[:n_top]
    rng = check_random_state(random_state)
    other = rng.choice(order[n_top:], size=min(n_other, n - n_top), replace=False)
    amp = (1 - a) / b
    idx = np.concatenate([top, other])
    weights = np.concatenate([np.ones(len(top)), np.full(len(other), amp)])
    return GossSample(_ro(idx), _ro(weights), _ro(np.isin(idx, top)), float(amp))


# ----------------------------------------------------------------------------------------------
# CatBoost: ordered target statistics (seed 003 §5.6.1)


def _ts_inputs(categories, y, alpha, prior):
    cats = np.asarray(categories).reshape(-1)
    y = np.asarray(y, dtype=float).reshape(-1)
    if len(cats) != len(y):
        raise ValueError("categories and y must have the same length.")
    if not np.all(np.isfinite(y)):
        raise ValueError("y must be finite numbers (targets or 0/1 labels).")
    alpha = check_positive(alpha, "the prior weight α")
    P = float(y.mean()) if prior is None else float(prior)
    return cats, y, alpha, P


def ordered_target_statistics(categories, y, alpha: float = 1.0, prior: float | None = None,
                              permutation=None, random_state=None) -> FloatArray:
    """CatBoost's ordered TS (seed 003 (33)), returned in the original row order.

    Row σ_p is encoded with the rows before it in the permutation σ that share its category:
    (Σ_{j<p} [x_σj = x_σp] y_σj + αP) / (Σ_{j<p} [x_σj = x_σp] + α). P defaults to mean(y).
    ``permutation`` defaults to a random one from ``random_state``.
    """
    cats, y, alpha, P = _ts_inputs(categories, y, alpha, prior)
    n = len(y)
    if permutation is None:
        perm = check_random_state(random_state).permutation(n)
    else:
        perm = np.asarray(permutation, dtype=np.int64).reshape(-1)
        if not np.array_equal(np.sort(perm), np.arange(n)):
            raise ValueError("permutation must contain every row index exactly once.")
    _, inv = np.unique(cats[perm], return_inverse=True)
    order = np.argsort(inv, kind="stable")              # groups of equal category, σ order kept
    ys = y[perm][order]
    grp = inv[order]
    before = np.cumsum(ys) - ys                         # Σ of the earlier rows (all groups)
    start = np.searchsorted(grp, grp)                   # first position of each row's group
    before_sum = before - before[start]
    before_cnt = np.arange(n) - start
    enc_sorted = (before_sum + alpha * P) / (before_cnt + alpha)
    enc = np.empty(n)
    enc[perm[order]] = enc_sorted
    return enc


def greedy_target_statistics(categories, y, alpha: float = 1.0,
                             prior: float | None = None) -> FloatArray:
    """The leaky 'greedy' TS that uses every row of the category, the row's own label included:
    (Σ [x_j = x_i] y_j + αP) / (Σ [x_j = x_i] + α). Contrast with the ordered TS."""
    cats, y, alpha, P = _ts_inputs(categories, y, alpha, prior)
    _, inv = np.unique(cats, return_inverse=True)
    s = np.bincount(inv, weights=y)
    c = np.bincount(inv)
    return (s[inv] + alpha * P) / (c[inv] + alpha)


def encoding_accuracy(encoded, y) -> float:
    """How well an encoding alone separates 0/1 labels: the better of "class 1 when > ½" and
    "class 1 when ≤ ½" (a one-split tree on the encoded column at ½)."""
    encoded, y = np.asarray(encoded, dtype=float), np.asarray(y, dtype=float)
    return float(max(np.mean((encoded > 0.5) == y), np.mean((encoded <= 0.5) == y)))


def combine_categories(*columns) -> np.ndarray:
    """CatBoost's feature combination (seed 003 §5.6.2): one categorical whose value is the tuple
    of the columns' values, written "a×b"; its target statistic sees interactions that the TS of
    each column alone averages away."""
    if not columns:
        raise ValueError("Give at least one categorical column to combine.")
    cols = [np.asarray(c).astype(str).reshape(-1) for c in columns]
    if len({len(c) for c in cols}) != 1:
        raise ValueError("The categorical columns must have the same length.")
    out = cols[0]
    for c in cols[1:]:
        out = np.char.add(np.char.add(out, "×"), c)
    return out


@dataclass(frozen=True)
class PredictionShift:
    """Mean squared residual y − TS (seed 003 §5.6.3): on the training rows with the greedy TS
    (which saw each row's own label), with the ordered TS (33), and on new rows encoded from all
    training rows (the situation at prediction time)."""

    greedy_train: float
    ordered_train: float
    test: float


def prediction_shift(categories, y, test_categories, test_y, alpha: float = 1.0,
                     permutation=None, random_state=None) -> PredictionShift:
    """Target leakage made visible: the greedy TS fits the training labels better than it will
    fit new ones (a residual too small: the prediction shift), the ordered TS does not. New rows
    get (Σ_train [x_j = x] y_j + αP)/(Σ_train [x_j = x] + α), P = mean of the training y (unseen
    categories: P)."""
    cats, y, alpha, P = _ts_inputs(categories, y, alpha, None)
    test_cats, test_y, _, _ = _ts_inputs(test_categories, test_y, alpha, P)
    greedy = greedy_target_statistics(cats, y, alpha, P)
    ordered = ordered_target_statistics(cats, y, alpha, P, permutation, random_state)
    known, inv = np.unique(cats, return_inverse=True)
    s, c = np.bincount(inv, weights=y), np.bincount(inv)
    idx = np.clip(np.searchsorted(known, test_cats), 0, len(known) - 1)
    seen = known[idx] == test_cats
    new = np.where(seen, (s[idx] + alpha * P) / (c[idx] + alpha), P)
    return PredictionShift(float(np.mean((y - greedy) ** 2)), float(np.mean((y - ordered) ** 2)),
                           float(np.mean((test_y - new) ** 2)))


def interaction_table(n: int = 60, flip: float = 0.1, random_state=None):
    """A toy table for CatBoost's combinations: colour ∈ {red, green, blue}, size ∈ {S, L} drawn
    uniformly, y = 1 exactly when (colour = red) XOR (size = L), each label flipped with
    probability ``flip``. Returns (colour, size, y)."""
    n = _check_int(n, "n", 2)
    if not 0 <= flip <= 0.5:
        raise ValueError(f"flip must lie in [0, 0.5]; got {flip}.")
    rng = check_random_state(random_state)
    colour = np.array(["red", "green", "blue"])[rng.integers(3, size=n)]
    size = np.array(["S", "L"])[rng.integers(2, size=n)]
    y = ((colour == "red") ^ (size == "L")) ^ (rng.random(n) < flip)
    return colour, size, y.astype(float)


def noise_categories(n: int = 60, levels: int = 30, random_state=None):
    """A categorical with ``levels`` values and 0/1 labels independent of it (fair coins): any
    pattern a target statistic finds in it is leakage. Returns (categories, y)."""
    n, levels = _check_int(n, "n", 2), _check_int(levels, "levels", 1)
    rng = check_random_state(random_state)
    cats = np.char.add("c", rng.integers(levels, size=n).astype(str))
    return cats, (rng.random(n) < 0.5).astype(float)
