"""Multi-class classification from binary classifiers: one-vs-rest, one-vs-one and ECOC.

Sugiyama §7.3 (one-vs-rest, one-vs-one with voting, the 3-way tie, ECOC mentioned); seed 004
§2.9 (拆解法: OvO, OvR, many-vs-many / ECOC with binary and ternary codes, minimum-distance
decoding and its worked example). Any binary estimator with ``decision_function`` works as the
base learner (LeastSquaresClassifier, LogisticRegression, Perceptron, SVC, RampSVC, …); the
default is ``LogisticRegression(lam=1.0)`` (a small penalty keeps it finite on separable pairs).

A binary score f ≥ 0 counts as the positive answer everywhere (as the binary ``predict`` does),
except in one-vs-one voting, where the book's sign(0) = 0 casts no vote.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_classification_targets
from algorithms._base import check_new_data
from algorithms._base import clone
from algorithms.linear_classifiers import LogisticRegression
from algorithms.linear_classifiers import _check_labels
from algorithms.linear_classifiers import _class_index

__all__ = ["OneVsRest", "OneVsOne", "ECOC", "ovo_vote_counts", "ovo_confidence", "ecoc_decode",
           "exhaustive_code", "ECOC_EXAMPLE_CODE", "ovr_code", "ovo_code", "random_code",
           "code_min_distance", "combine_binary_scores"]

#: The binary ECOC matrix of seed 004's worked example (rows C1..C4, columns f1..f5; Zhou
#: Zhihua Fig 3.5(a), reconstructed: the seed's figure is missing but C3's row matches its text).
ECOC_EXAMPLE_CODE = np.array([[-1, +1, -1, +1, +1],
                              [+1, -1, -1, +1, -1],
                              [-1, +1, +1, -1, +1],
                              [-1, -1, +1, +1, -1]])
ECOC_EXAMPLE_CODE.setflags(write=False)


def _base(estimator):
    return LogisticRegression(lam=1.0) if estimator is None else estimator


def _binary_scores(model, X) -> FloatArray:
    f = np.asarray(model.decision_function(X), dtype=float)
    if f.ndim != 1:
        raise ValueError(f"The base estimator {type(model).__name__} must be a binary classifier "
                         f"whose decision_function returns one score per sample.")
    return f


def _fit_binary(estimator, X, t):
    """Fit a clone on labels t ∈ {−1, +1}; +1 is then ``classes_[1]``, the positive class."""
    return clone(estimator).fit(X, t)


class OneVsRest(BaseEstimator):
    """One-vs-rest (一对多法): c binary problems "class k (+1) vs all others (−1)" (Sugiyama §7.3).

    Prediction ŷ = argmax_k f_k(x) (ties → lowest class index). The f_k are scores, not
    probabilities. Regions where no f_k or several f_k are ≥ 0 are *ambiguous*
    (:meth:`ambiguous`); the argmax still decides there. Each problem sees all the data, so the
    "rest" side is usually much larger (class imbalance, seed 004 §2.9).
    """

    def __init__(self, estimator=None):
        self._store(locals())

    def fit(self, X, y) -> "OneVsRest":
        X, y = _check_labels(X, y)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        base = _base(self.estimator)
        self.estimators_ = [_fit_binary(base, X, np.where(idx == k, 1, -1))
                            for k in range(len(self.classes_))]
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> FloatArray:
        """f_k(x) for every class, shape (n, c)."""
        X = check_new_data(self, X, "n_features_in_")
        return np.column_stack([_binary_scores(m, X) for m in self.estimators_])

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.decision_function(X), axis=1)]

    def positive_counts(self, X) -> np.ndarray:
        """How many of the c binary classifiers claim x (f_k ≥ 0)."""
        return np.count_nonzero(self.decision_function(X) >= 0, axis=1)

    def ambiguous(self, X) -> np.ndarray:
        """True where no classifier or more than one says "mine" (the regions to hatch)."""
        return self.positive_counts(X) != 1


def ovo_vote_counts(decisions, n_classes: int) -> np.ndarray:
    """Votes per class from one-vs-one scores (Sugiyama §7.3).

    ``decisions`` has one column per pair (a, b), a < b, in ``itertools.combinations`` order:
    f > 0 votes for a, f < 0 for b, f = 0 casts no vote. Returns counts of shape (n, c).
    Book example (c = 3): f₁₂ > 0, f₁₃ < 0, f₂₃ > 0 gives one vote each, a tie.
    """
    D = np.atleast_2d(np.asarray(decisions, dtype=float))
    pairs = list(combinations(range(int(n_classes)), 2))
    if D.shape[1] != len(pairs):
        raise ValueError(f"{n_classes} classes need {len(pairs)} pairwise scores per sample; "
                         f"got {D.shape[1]}.")
    votes = np.zeros((D.shape[0], int(n_classes)), dtype=int)
    for col, (a, b) in enumerate(pairs):
        votes[:, a] += D[:, col] > 0
        votes[:, b] += D[:, col] < 0
    return votes


def ovo_confidence(decisions, n_classes: int) -> FloatArray:
    """Total confidence per class from one-vs-one scores: Σ f_ab over its pairs as a, −Σ f_ab as b.

    Breaks ties of :func:`ovo_vote_counts` (pairs in ``itertools.combinations`` order); shape (n, c).
    """
    D = np.atleast_2d(np.asarray(decisions, dtype=float))
    conf = np.zeros((D.shape[0], int(n_classes)))
    for col, (a, b) in enumerate(combinations(range(int(n_classes)), 2)):
        conf[:, a] += D[:, col]
        conf[:, b] -= D[:, col]
    return conf


class OneVsOne(BaseEstimator):
    """One-vs-one (一对一法): c(c−1)/2 classifiers, one per pair, combined by voting (Sugiyama §7.3).

    The classifier of pair (a, b), a < b in ``classes_`` order, is trained on those two classes
    only, a as +1 and b as −1; f > 0 votes for a, f < 0 for b, f = 0 for neither. The most votes
    wins. Simple voting can tie (the book's 1-1-1 example): ties are broken by the larger total
    confidence Σ ±f over the tied classes' pairs, then by the lowest class index; :meth:`tied`
    shows where that happened.
    """

    def __init__(self, estimator=None):
        self._store(locals())

    def fit(self, X, y) -> "OneVsOne":
        X, y = _check_labels(X, y)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        base = _base(self.estimator)
        self.pairs_ = list(combinations(range(len(self.classes_)), 2))
        self.estimators_ = []
        for a, b in self.pairs_:
            keep = (idx == a) | (idx == b)
            self.estimators_.append(_fit_binary(base, X[keep], np.where(idx[keep] == a, 1, -1)))
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> FloatArray:
        """Pairwise scores f_ab(x), one column per pair in ``pairs_`` order."""
        X = check_new_data(self, X, "n_features_in_")
        return np.column_stack([_binary_scores(m, X) for m in self.estimators_])

    def votes(self, X) -> np.ndarray:
        """Vote counts per class, shape (n, c) (the vote map)."""
        return ovo_vote_counts(self.decision_function(X), len(self.classes_))

    def _votes_and_confidence(self, X):
        D = self.decision_function(X)
        c = len(self.classes_)
        return ovo_vote_counts(D, c), ovo_confidence(D, c)

    def tied(self, X) -> np.ndarray:
        """True where the top vote count is shared by several classes."""
        votes = self.votes(X)
        return np.count_nonzero(votes == votes.max(1, keepdims=True), axis=1) > 1

    def predict(self, X) -> np.ndarray:
        votes, conf = self._votes_and_confidence(X)
        top = votes == votes.max(1, keepdims=True)
        return self.classes_[np.argmax(np.where(top, conf, -np.inf), axis=1)]


def exhaustive_code(n_classes: int) -> np.ndarray:
    """The exhaustive ±1 code: every split of the classes into two non-empty groups, once.

    2^(c−1) − 1 columns; class 0 is always +1 (Dietterich & Bakiri's exhaustive code). Any two
    rows differ in 2^(c−2) columns. Practical for c ≤ 10.
    """
    c = int(n_classes)
    if c < 2 or c > 10:
        raise ValueError(f"The exhaustive code is built for 2 to 10 classes; got {n_classes}.")
    cols = []
    for mask in range(2 ** (c - 1) - 1):        # subsets of classes 1..c−1 joining class 0's side
        members = [(mask >> k) & 1 for k in range(c - 1)]
        cols.append([1] + [1 if m else -1 for m in members])
    return np.array(cols, dtype=int).T


def ovr_code(n_classes: int) -> np.ndarray:
    """One-vs-rest as a code matrix (seed 004 §2.9): the ±1 identity, class k against all others."""
    return 2 * np.eye(int(n_classes), dtype=int) - 1


def ovo_code(n_classes: int) -> np.ndarray:
    """One-vs-one as a ternary code matrix (seed 004 §2.9): column (a, b) is +1 for a, −1 for b, 0 else.

    Columns in ``itertools.combinations`` order, as :class:`OneVsOne` trains its pairs.
    """
    pairs = list(combinations(range(int(n_classes)), 2))
    M = np.zeros((int(n_classes), len(pairs)), dtype=int)
    for s, (a, b) in enumerate(pairs):
        M[a, s], M[b, s] = 1, -1
    return M


def random_code(n_classes: int, length: int, seed: int = 0, attempts: int = 200) -> np.ndarray:
    """A random ±1 code (c × length) whose every column splits the classes and rows all differ.

    Draws up to ``attempts`` matrices; raises ValueError when none qualifies (e.g. 5 classes
    cannot have distinct words of length 2).
    """
    rng = np.random.default_rng(seed)
    for _ in range(attempts):
        M = rng.choice([-1, 1], size=(n_classes, length))
        cols_ok = np.all((M == 1).any(0) & (M == -1).any(0))
        rows_ok = len({tuple(r) for r in M}) == n_classes
        if cols_ok and rows_ok:
            return M
    raise ValueError(f"No random code of length {length} with distinct words for {n_classes} classes "
                     f"was found in {attempts} draws.")


def code_min_distance(code) -> int | None:
    """The smallest Hamming distance between two code words (rows); None for fewer than two rows.

    A code of minimum distance d corrects ⌊(d − 1)/2⌋ wrong binary outputs (seed 004 §2.9).
    """
    M = np.asarray(code)
    if len(M) < 2:
        return None
    return min(int(np.sum(M[a] != M[b])) for a, b in combinations(range(len(M)), 2))


def combine_binary_scores(scores, strategy: str, code, decoding: str = "hamming",
                          flip: int | None = None):
    """The multi-class decision from the binary scores F (n × M) of OvR, OvO or ECOC.

    Returns (class index, ambiguous, map value): OvR argmax f_k, ambiguous unless exactly one
    f_k ≥ 0, value = that count; OvO most votes (ties by confidence, :func:`ovo_confidence`),
    ambiguous on a tie, value = top vote count; ECOC nearest code word of ``code`` by
    ``decoding``, ambiguous when several are nearest, value = that distance (Sugiyama §7.3, seed
    004 §2.9). ``flip`` negates one classifier's scores (a simulated classifier error).
    """
    F = np.array(scores, dtype=float)
    if flip is not None:
        F[:, flip] *= -1
    if strategy == "ovr":
        positive = np.count_nonzero(F >= 0, axis=1)
        return F.argmax(axis=1), positive != 1, positive
    if strategy == "ovo":
        c = len(code)
        votes, conf = ovo_vote_counts(F, c), ovo_confidence(F, c)
        top = votes == votes.max(axis=1, keepdims=True)
        return np.argmax(np.where(top, conf, -np.inf), axis=1), top.sum(axis=1) > 1, votes.max(axis=1)
    if strategy != "ecoc":
        raise ValueError(f"strategy must be 'ovr', 'ovo' or 'ecoc'; got {strategy!r}.")
    D = ecoc_decode(F, code, decoding)
    nearest = D.min(axis=1, keepdims=True)
    return D.argmin(axis=1), np.count_nonzero(np.isclose(D, nearest), axis=1) > 1, D.min(axis=1)


def _check_code(code, n_classes: int | None = None) -> np.ndarray:
    M = np.asarray(code)
    if M.ndim != 2:
        raise ValueError("The code matrix must be a table: one row per class, one column per "
                         "binary classifier.")
    if not np.all(np.isin(M, (-1, 0, 1))):
        raise ValueError("Code matrix entries must be +1, −1 or 0 (0: class not used).")
    M = M.astype(int)
    if n_classes is not None and M.shape[0] != n_classes:
        raise ValueError(f"The code matrix has {M.shape[0]} rows but y has {n_classes} classes; "
                         f"one row per class is needed.")
    bad = [s for s in range(M.shape[1]) if not ((M[:, s] == 1).any() and (M[:, s] == -1).any())]
    if bad:
        raise ValueError(f"Code column(s) {bad} need at least one +1 class and one −1 class.")
    for r1, r2 in combinations(range(M.shape[0]), 2):
        if np.array_equal(M[r1], M[r2]):
            raise ValueError(f"Classes {r1} and {r2} have the same code word; they could never be "
                             f"told apart.")
    return M


def ecoc_decode(bits, code_matrix, decoding: str = "hamming") -> FloatArray:
    """Distance from each predicted code to each class's code word, shape (n, c) (seed 004 §2.9).

    ``bits``: the M binary outputs per sample (their signs are used; f ≥ 0 → +1).
    ``"hamming"``: Σ_s (1 − sign(M_rs b_s))/2, so a 0 (unused) entry costs ½ (Allwein, Schapire &
    Singer 2000); ``"euclidean"``: ‖M_r − b‖. Seed 004's example: output (−1,−1,+1,−1,+1) against
    :data:`ECOC_EXAMPLE_CODE` gives Hamming (3, 4, 1, 2) → C3.
    """
    M = _check_code(code_matrix)
    B = np.atleast_2d(np.asarray(bits, dtype=float))
    if B.shape[1] != M.shape[1]:
        raise ValueError(f"Each sample needs {M.shape[1]} binary outputs, one per code column; "
                         f"got {B.shape[1]}.")
    S = np.where(B >= 0, 1.0, -1.0)
    agreement = S @ M.T.astype(float)                 # Σ_s b_s M_rs
    if decoding == "hamming":
        return 0.5 * (M.shape[1] - agreement)
    if decoding == "euclidean":
        sq = (M * M).sum(1)[None, :] - 2.0 * agreement + M.shape[1]
        return np.sqrt(np.maximum(sq, 0.0))
    raise ValueError(f"decoding must be 'hamming' or 'euclidean'; got {decoding!r}.")


class ECOC(BaseEstimator):
    """Error-correcting output codes (纠错输出码; seed 004 §2.9, Sugiyama §7.3).

    ``code_matrix`` (c × M, rows in ``classes_`` order) assigns each class +1, −1 or 0 (ternary
    code: class left out) for each of M binary classifiers. Classifier s is trained on the
    classes with a non-zero entry, with those entries as labels. A new x gets the code
    b = (sign f₁(x), …, sign f_M(x)) and the class whose code word is nearest (:func:`ecoc_decode`;
    ties → lowest index) wins. Default code: :func:`exhaustive_code`. Longer codes and larger
    distances between code words correct more classifier errors.
    """

    def __init__(self, code_matrix=None, estimator=None, decoding: str = "hamming"):
        self._store(locals())

    def fit(self, X, y) -> "ECOC":
        X, y = _check_labels(X, y)
        if self.decoding not in ("hamming", "euclidean"):
            raise ValueError(f"decoding must be 'hamming' or 'euclidean'; got {self.decoding!r}.")
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        c = len(self.classes_)
        code = exhaustive_code(c) if self.code_matrix is None else self.code_matrix
        self.code_matrix_ = _check_code(code, c)
        base = _base(self.estimator)
        self.estimators_ = []
        for s in range(self.code_matrix_.shape[1]):
            labels = self.code_matrix_[idx, s]
            keep = labels != 0
            self.estimators_.append(_fit_binary(base, X[keep], labels[keep]))
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> FloatArray:
        """The M binary scores f_s(x), shape (n, M)."""
        X = check_new_data(self, X, "n_features_in_")
        return np.column_stack([_binary_scores(m, X) for m in self.estimators_])

    def bit_predictions(self, X) -> np.ndarray:
        """The predicted code b ∈ {−1, +1}^M per sample."""
        return np.where(self.decision_function(X) >= 0, 1, -1)

    def distances(self, X) -> FloatArray:
        """Decoding distance to every class's code word, shape (n, c)."""
        return ecoc_decode(self.decision_function(X), self.code_matrix_, self.decoding)

    def tied(self, X) -> np.ndarray:
        """True where several code words are equally near."""
        d = self.distances(X)
        return np.count_nonzero(np.isclose(d, d.min(1, keepdims=True)), axis=1) > 1

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmin(self.distances(X), axis=1)]
