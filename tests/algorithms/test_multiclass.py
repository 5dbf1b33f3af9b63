"""Tests for algorithms.multiclass: OvR, OvO, ECOC with the books' oracles."""

from itertools import combinations

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.multiclass import OneVsRestClassifier

from algorithms import ECOC
from algorithms import ECOC_EXAMPLE_CODE
from algorithms import SVC
from algorithms import BaseEstimator
from algorithms import LeastSquaresClassifier
from algorithms import LogisticRegression
from algorithms import OneVsOne
from algorithms import OneVsRest
from algorithms import code_min_distance
from algorithms import combine_binary_scores
from algorithms import ecoc_decode
from algorithms import exhaustive_code
from algorithms import ovo_code
from algorithms import ovo_confidence
from algorithms import ovo_vote_counts
from algorithms import ovr_code
from algorithms import random_code


def blobs(c=3, n_per=30, seed=0, spread=0.6):
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(c) / c
    centres = 3 * np.c_[np.cos(angles), np.sin(angles)]
    X = np.vstack([rng.normal(m, spread, (n_per, 2)) for m in centres])
    return X, np.repeat(np.arange(c), n_per)


class PairScore(BaseEstimator):
    """Test stub: data of class k sit at x = k; fit learns its pair (a, b), scores a fixed table."""

    def __init__(self, table=None):
        self.table = table

    def fit(self, X, y):
        a, b = int(X[y == 1][0, 0]), int(X[y == -1][0, 0])
        self.score_ = self.table[(a, b)]
        return self

    def decision_function(self, X):
        return np.full(len(X), float(self.score_))


def stub_data(c=3):
    return np.repeat(np.arange(c), 2)[:, None].astype(float), np.repeat(np.arange(c), 2)


# ----------------------------------------------------------------------------- counting

@pytest.mark.parametrize("c", [3, 4])
def test_number_of_binary_classifiers(c):
    # seed 004 §2.9 / Sugiyama §7.3: OvR c, OvO c(c−1)/2 (T20); c = 26 letters → 325.
    X, y = blobs(c)
    assert len(OneVsRest().fit(X, y).estimators_) == c
    ovo = OneVsOne().fit(X, y)
    assert len(ovo.estimators_) == c * (c - 1) // 2
    assert ovo.pairs_ == list(combinations(range(c), 2))
    assert len(list(combinations(range(26), 2))) == 325


# --------------------------------------------------------------------------------- voting

def test_the_book_three_way_tie():
    # Sugiyama §7.3 (O19): f12 > 0 votes 1, f13 < 0 votes 3, f23 > 0 votes 2 → 1-1-1 tie.
    np.testing.assert_array_equal(ovo_vote_counts([[+1.0, -1.0, +1.0]], 3), [[1, 1, 1]])
    np.testing.assert_array_equal(ovo_vote_counts([[0.0, 0.0, 0.0]], 3), [[0, 0, 0]])  # sign 0
    with pytest.raises(ValueError, match="pairwise"):
        ovo_vote_counts([[1.0, 1.0]], 3)


def test_one_vs_one_breaks_the_tie_by_confidence():
    X, y = stub_data()
    table = {(0, 1): 0.5, (0, 2): -2.0, (1, 2): 1.0}       # the book's cycle, unequal confidences
    model = OneVsOne(PairScore(table)).fit(X, y)
    x = np.zeros((1, 1))
    np.testing.assert_array_equal(model.votes(x), [[1, 1, 1]])
    assert model.tied(x)[0]
    # confidences: class 0: 0.5 − 2 = −1.5; class 1: −0.5 + 1 = 0.5; class 2: 2 − 1 = 1
    assert model.predict(x)[0] == 2
    equal = OneVsOne(PairScore({(0, 1): 1.0, (0, 2): -1.0, (1, 2): 1.0})).fit(X, y)
    assert equal.predict(x)[0] == 0                          # full tie → lowest index
    clear = OneVsOne(PairScore({(0, 1): 1.0, (0, 2): 1.0, (1, 2): -1.0})).fit(X, y)
    np.testing.assert_array_equal(clear.votes(x), [[2, 0, 1]])
    assert not clear.tied(x)[0] and clear.predict(x)[0] == 0


# ------------------------------------------------------------------------------------- ECOC

def test_ecoc_decoding_of_the_seed_example():
    # seed 004 §2.9 (T18, D10): output (−1,−1,+1,−1,+1) is decoded as C3 despite f2's error.
    out = np.array([[-1, -1, +1, -1, +1]])
    np.testing.assert_allclose(ecoc_decode(out, ECOC_EXAMPLE_CODE), [[3, 4, 1, 2]])
    np.testing.assert_allclose(ecoc_decode(out, ECOC_EXAMPLE_CODE, "euclidean"),
                               [[2 * np.sqrt(3), 4, 2, 2 * np.sqrt(2)]])
    np.testing.assert_allclose(ecoc_decode([ECOC_EXAMPLE_CODE[2]], ECOC_EXAMPLE_CODE), [[2, 5, 0, 3]])


def test_ternary_entries_cost_half_in_hamming_decoding():
    code = np.array([[1, 1, 0], [-1, 0, 1], [0, -1, -1]])
    d = ecoc_decode([[1.0, 1.0, 1.0]], code)
    np.testing.assert_allclose(d, [[0.5, 1.5, 2.5]])


def test_exhaustive_code_properties():
    for c in range(2, 7):
        M = exhaustive_code(c)
        assert M.shape == (c, 2 ** (c - 1) - 1)
        assert np.all((M == 1).any(0) & (M == -1).any(0))
        cols = {tuple(col) for col in M.T} | {tuple(-col) for col in M.T}
        assert len(cols) == 2 * M.shape[1]                    # no column repeated or complemented
        if c >= 3:
            dist = [(M[a] != M[b]).sum() for a, b in combinations(range(c), 2)]
            assert set(dist) == {2 ** (c - 2)}


def test_invalid_code_matrices_are_rejected():
    X, y = blobs(4)
    for bad, msg in [([[1, 2], [-1, 1], [1, -1], [-1, -1]], "entries"),
                     ([[1, 1], [1, -1], [1, 1], [1, -1]], "column"),
                     ([[1, -1], [-1, 1], [1, -1], [-1, -1]], "same code word"),
                     ([[1, -1], [-1, 1], [1, 1]], "rows")]:
        with pytest.raises(ValueError, match=msg):
            ECOC(code_matrix=bad).fit(X, y)


def test_ecoc_corrects_a_flipped_classifier():
    X, y = blobs(4, seed=1)
    # some columns split the four blobs XOR-like, so the base learner must be non-linear
    model = ECOC(code_matrix=ECOC_EXAMPLE_CODE, estimator=LeastSquaresClassifier(h=1.0)).fit(X, y)
    assert np.mean(model.predict(X) == y) > 0.95
    bits = model.bit_predictions(X)
    bits[:, 1] *= -1                                           # classifier f2 now always wrong
    recovered = np.argmin(ecoc_decode(bits, ECOC_EXAMPLE_CODE), axis=1)
    assert np.mean(recovered == y) > 0.9


def test_ternary_ecoc_trains_each_classifier_on_its_classes_only():
    X, y = blobs(3, n_per=20, seed=2)
    code = np.array([[1, 1, 0], [-1, 0, 1], [0, -1, -1]])      # = one-vs-one as a ternary code
    model = ECOC(code_matrix=code, estimator=LeastSquaresClassifier(h=1.0)).fit(X, y)
    assert [len(m.basis_.centers_) for m in model.estimators_] == [40, 40, 40]
    assert np.mean(model.predict(X) == y) > 0.95


# ----------------------------------------------------------------------------- end to end

@pytest.mark.parametrize("strategy", [OneVsRest, OneVsOne, ECOC])
def test_strategies_classify_separated_blobs_with_any_labels(strategy):
    X, y = blobs(4, seed=3)
    names = np.array(["north", "east", "south", "west"])[y]
    model = strategy().fit(X, names)
    assert np.mean(model.predict(X) == names) > 0.95
    assert set(model.predict(X)) <= set(names)


def test_one_vs_rest_matches_scikit_learn_and_flags_ambiguity():
    X, y = blobs(3, seed=4, spread=1.2)
    ours = OneVsRest(LogisticRegression(lam=0.5)).fit(X, y)
    sk = OneVsRestClassifier(SkLogistic(C=2.0, tol=1e-12, max_iter=10_000)).fit(X, y)
    np.testing.assert_allclose(ours.decision_function(X), sk.decision_function(X), atol=1e-6)
    np.testing.assert_array_equal(ours.predict(X), sk.predict(X))
    grid = np.stack(np.meshgrid(np.linspace(-6, 6, 60), np.linspace(-6, 6, 60)), -1).reshape(-1, 2)
    amb = ours.ambiguous(grid)
    assert amb.any() and not amb.all()
    np.testing.assert_array_equal(amb, ours.positive_counts(grid) != 1)
    centres = np.array([X[y == k].mean(0) for k in range(3)])
    assert not ours.ambiguous(centres).any()


def test_one_vs_one_with_kernel_svm():
    X, y = blobs(3, seed=5, spread=1.0)
    model = OneVsOne(SVC(C=1.0, kernel="gaussian", sigma=1.0)).fit(X, y)
    assert np.mean(model.predict(X) == y) > 0.9
    assert model.votes(X).sum(1).max() == 3


class Wide(BaseEstimator):
    """Test stub with a two-column score: not a binary classifier."""

    def __init__(self):
        pass

    def fit(self, X, y):
        return self

    def decision_function(self, X):
        return np.zeros((len(X), 2))


def test_base_estimator_must_be_binary():
    X, y = blobs(3)
    with pytest.raises(ValueError, match="binary"):
        OneVsRest(Wide()).fit(X, y).decision_function(X)


# ------------------------------------------------------------------ strategies as code matrices

def test_ovr_and_ovo_as_code_matrices():
    np.testing.assert_array_equal(ovr_code(3), [[1, -1, -1], [-1, 1, -1], [-1, -1, 1]])
    np.testing.assert_array_equal(ovo_code(3), [[1, 1, 0], [-1, 0, 1], [0, -1, -1]])
    assert ovo_code(5).shape == (5, 10) and np.all(np.abs(ovo_code(5)).sum(0) == 2)


def test_random_code_splits_every_column_and_separates_every_row():
    M = random_code(5, 7, seed=3)
    assert M.shape == (5, 7) and set(np.unique(M)) == {-1, 1}
    assert np.all((M == 1).any(0) & (M == -1).any(0))
    assert len({tuple(r) for r in M}) == 5
    np.testing.assert_array_equal(random_code(5, 7, seed=3), M)
    with pytest.raises(ValueError, match="distinct"):
        random_code(5, 2, seed=0)          # only 4 words of length 2 exist


def test_code_min_distance_and_the_correctable_errors():
    assert code_min_distance(ECOC_EXAMPLE_CODE) == 2
    for c in range(3, 7):
        assert code_min_distance(exhaustive_code(c)) == 2 ** (c - 2)
    assert code_min_distance(ovr_code(4)) == 2
    assert code_min_distance([[1, -1, 1]]) is None


def test_ovo_confidence_is_the_signed_sum_over_pairs():
    F = np.random.default_rng(0).normal(size=(6, 6))
    np.testing.assert_allclose(ovo_confidence(F, 4), F @ ovo_code(4).T, atol=1e-12)


@pytest.mark.parametrize("strategy", ["ovr", "ovo", "ecoc"])
def test_combined_scores_decide_as_the_models_do(strategy):
    X, y = blobs(4, seed=2, spread=1.2)
    grid = np.random.default_rng(1).uniform(-5, 5, (300, 2))
    model = {"ovr": OneVsRest, "ovo": OneVsOne, "ecoc": ECOC}[strategy]().fit(X, y)
    code = {"ovr": ovr_code(4), "ovo": ovo_code(4), "ecoc": getattr(model, "code_matrix_", None)}[strategy]
    index, ambiguous, value = combine_binary_scores(model.decision_function(grid), strategy, code)
    np.testing.assert_array_equal(model.classes_[index], model.predict(grid))
    if strategy == "ovr":
        np.testing.assert_array_equal(ambiguous, model.ambiguous(grid))
        np.testing.assert_array_equal(value, model.positive_counts(grid))
    elif strategy == "ovo":
        np.testing.assert_array_equal(ambiguous, model.tied(grid))
        np.testing.assert_array_equal(value, model.votes(grid).max(1))
        # the book's tie: one vote each, broken by the confidences (2 − 1, −2 + 1, 1 − 1)
        np.testing.assert_allclose(ovo_confidence([[2.0, -1.0, 1.0]], 3), [[1.0, -1.0, 0.0]])
        index, tie, votes = combine_binary_scores([[2.0, -1.0, 1.0]], "ovo", ovo_code(3))
        assert tie[0] and votes[0] == 1 and index[0] == 0
        return
    else:
        np.testing.assert_array_equal(ambiguous, model.tied(grid))
        np.testing.assert_allclose(value, model.distances(grid).min(1))
    assert ambiguous.any() and not ambiguous.all()


def test_flipping_a_classifier_negates_its_scores():
    F = np.random.default_rng(4).normal(size=(50, 7))
    code = exhaustive_code(4)
    flipped = F.copy()
    flipped[:, 2] *= -1
    for a, b in zip(combine_binary_scores(F, "ecoc", code, "euclidean", flip=2),
                    combine_binary_scores(flipped, "ecoc", code, "euclidean"), strict=True):
        np.testing.assert_array_equal(a, b)
    assert F[0, 2] != flipped[0, 2]                    # the caller's scores are left alone
    with pytest.raises(ValueError, match="strategy"):
        combine_binary_scores(F, "dag", code)
