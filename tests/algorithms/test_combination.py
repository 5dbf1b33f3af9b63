"""Tests for algorithms.combination: stacking (out-of-fold meta-features, scikit-learn parity), the
error–ambiguity identity of seed 003 §5.1 (1) and the pairwise diversity measures on a hand-counted
contingency table (Zhou (8.40)–(8.43))."""

import numpy as np
import pytest
from sklearn.ensemble import StackingClassifier as SkStacking
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier as SkTree

from algorithms import BaggingRegressor
from algorithms import DecisionTreeClassifier
from algorithms import DecisionTreeRegressor
from algorithms import GaussianNaiveBayes
from algorithms import LogisticRegression
from algorithms import StackingClassifier
from algorithms import error_ambiguity
from algorithms import pair_table
from algorithms import pairwise_diversity
from algorithms import stratified_fold_ids


def curved_data(n=120, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    return X, (X[:, 0] ** 2 + X[:, 1] + 0.5 * rng.normal(size=n) > 0.5).astype(int), rng


def learners():
    return [("tree", DecisionTreeClassifier(max_depth=3)), ("nb", GaussianNaiveBayes())]


def splits(folds):
    return [(np.flatnonzero(folds != k), np.flatnonzero(folds == k)) for k in range(folds.max() + 1)]


def sk_tree():
    """scikit-learn breaks ties between equally good features at random: fixed, it matches ours."""
    return SkTree(max_depth=3, random_state=0)


def sk_logistic(C):
    return SkLogistic(C=C, tol=1e-10, max_iter=10_000)


def test_two_class_stacking_matches_scikit_learn_with_the_same_folds():
    X, y, rng = curved_data()
    ours = learners() + [("lr", LogisticRegression(lam=1e-3))]
    model = StackingClassifier(ours, n_folds=5, random_state=0).fit(X, y)
    sk_learners = [("tree", sk_tree()), ("nb", GaussianNB()), ("lr", sk_logistic(1e3))]
    sk = SkStacking(sk_learners, final_estimator=sk_logistic(1.0), cv=splits(model.folds_)).fit(X, y)
    X_new = rng.normal(size=(50, 2))
    assert model.oof_.shape == (120, 3)  # one column, P(class 1), per learner
    np.testing.assert_allclose(model.transform(X_new), sk.transform(X_new), atol=1e-7)
    np.testing.assert_allclose(model.predict_proba(X_new), sk.predict_proba(X_new), atol=1e-7)
    np.testing.assert_allclose(model.final_estimator_.theta_[1:], sk.final_estimator_.coef_[0], atol=1e-6)


def test_three_class_stacking_matches_scikit_learn():
    X, _, rng = curved_data()
    y = np.digitize(X[:, 0] + 0.3 * rng.normal(size=len(X)), [-0.5, 0.5])
    model = StackingClassifier(learners(), n_folds=4, random_state=1).fit(X, y)
    sk_learners = [("tree", sk_tree()), ("nb", GaussianNB())]
    sk = SkStacking(sk_learners, final_estimator=sk_logistic(1.0), cv=splits(model.folds_)).fit(X, y)
    X_new = rng.normal(size=(40, 2))
    assert model.oof_.shape == (120, 6)  # one column a class per learner
    np.testing.assert_allclose(model.predict_proba(X_new), sk.predict_proba(X_new), atol=1e-6)
    assert np.array_equal(model.predict(X_new), sk.predict(X_new))


def test_out_of_fold_meta_features_come_from_models_that_never_saw_the_sample():
    X, y, _ = curved_data()
    model = StackingClassifier(learners(), n_folds=5, random_state=0).fit(X, y)
    for k in range(5):
        held = model.folds_ == k
        tree = DecisionTreeClassifier(max_depth=3).fit(X[~held], y[~held])
        np.testing.assert_allclose(model.oof_[held, 0], tree.predict_proba(X[held])[:, 1])
    # an unpruned tree memorises its training set: in-sample it returns every label exactly,
    # out of fold it cannot (a leak would make the two agree)
    deep = StackingClassifier([("tree", DecisionTreeClassifier())], random_state=0).fit(X, y)
    np.testing.assert_array_equal(deep.estimators_[0].predict_proba(X)[:, 1], y)
    assert np.mean(deep.oof_[:, 0] != y) > 0.1


def test_stratified_folds_share_every_class_evenly():
    y = np.array([0] * 13 + [1] * 7 + [2] * 5)
    folds = stratified_fold_ids(y, 5, random_state=3)
    counts = np.array([[np.sum((folds == k) & (y == c)) for c in range(3)] for k in range(5)])
    assert np.all(counts.max(0) - counts.min(0) <= 1) and counts.sum() == 25
    with pytest.raises(ValueError, match="single sample"):
        stratified_fold_ids(np.array([0, 0, 0, 1]), 2)
    with pytest.raises(ValueError, match="folds"):
        stratified_fold_ids(y, 1)


def test_in_sample_stacking_trains_the_meta_learner_on_the_refitted_learners():
    X, y, _ = curved_data()
    deep = [("tree", DecisionTreeClassifier()), ("nb", GaussianNaiveBayes())]
    leaky = StackingClassifier(deep, in_sample=True).fit(X, y)
    np.testing.assert_array_equal(leaky.oof_, leaky.transform(X))
    assert set(np.unique(leaky.oof_[:, 0])) <= {0.0, 1.0}  # the unpruned tree's training outputs
    honest = StackingClassifier(deep, random_state=0).fit(X, y)
    # the leak: the meta-learner leans on the memorising tree far more than on naive Bayes
    w_leaky, w_honest = leaky.final_estimator_.theta_[1:], honest.final_estimator_.theta_[1:]
    assert w_leaky[0] / w_leaky[1] > w_honest[0] / w_honest[1]


def test_stacking_refuses_bad_input():
    with pytest.raises(ValueError, match="at least one"):
        StackingClassifier([]).fit(np.zeros((4, 1)), [0, 1, 0, 1])
    with pytest.raises(ValueError, match="two classes"):
        StackingClassifier(learners()).fit(np.zeros((4, 1)), [1, 1, 1, 1])


def test_error_ambiguity_decomposition_holds_exactly():
    F = np.array([[1.0, 2.0], [3.0, 2.0]])  # by hand: H = (2, 2), E_i = ½, A_i = ½, E = 0
    d = error_ambiguity(F, [2.0, 2.0])
    assert (d.E, d.E_bar, d.A_bar) == (0.0, 0.5, 0.5)
    rng = np.random.default_rng(0)
    F, y, w = rng.normal(size=(7, 30)), rng.normal(size=30), rng.dirichlet(np.ones(7))
    d = error_ambiguity(F, y, w)
    assert d.E == pytest.approx(d.E_bar - d.A_bar, abs=1e-12)
    assert d.E == pytest.approx(np.mean((w @ F - y) ** 2), abs=1e-12) and d.A_bar > 0
    with pytest.raises(ValueError, match="weights"):
        error_ambiguity(F, y, np.ones(7))


def test_bagged_regression_trees_average_trees_fitted_on_their_bootstrap_samples():
    rng = np.random.default_rng(1)
    X = rng.uniform(-3, 3, size=(60, 1))
    y = np.sinc(X[:, 0]) + 0.1 * rng.normal(size=60)
    model = BaggingRegressor(8, max_depth=3, random_state=0).fit(X, y)
    F = model.member_predictions(X)
    assert F.shape == (8, 60) and model.draws_.shape == (8, 60)
    for draw, row in zip(model.draws_, F, strict=True):
        np.testing.assert_allclose(row, DecisionTreeRegressor(max_depth=3).fit(X[draw], y[draw]).predict(X))
    np.testing.assert_allclose(model.predict(X), F.mean(0))
    d = error_ambiguity(F, y)  # the ensemble of the view: E = Ē − Ā, the ensemble beats its members
    assert d.E == pytest.approx(np.mean((model.predict(X) - y) ** 2), abs=1e-12)
    assert d.E == pytest.approx(d.E_bar - d.A_bar, abs=1e-12) and d.A_bar > 0
    with pytest.raises(ValueError, match="y"):
        BaggingRegressor(3).fit(X, np.full(60, np.nan))


def test_diversity_measures_from_a_hand_counted_table():
    h1 = np.array([1, 1, 1, -1, -1, 1, -1, 1])
    h2 = np.array([1, 1, -1, -1, 1, 1, -1, -1])
    table = pair_table(h1, h2)
    assert (table.a, table.b, table.c, table.d) == (3, 2, 1, 2)
    assert (table.p1, table.p2) == (5 / 8, 0.5)
    div = pairwise_diversity(np.vstack([h1, h2]))
    assert div.disagreement[0, 1] == pytest.approx(3 / 8)  # (b + c)/m
    assert div.correlation[0, 1] == pytest.approx(4 / np.sqrt(5 * 4 * 3 * 4))  # (ad − bc)/√…
    assert div.q_statistic[0, 1] == pytest.approx(0.5)  # (6 − 2)/(6 + 2)
    assert div.kappa[0, 1] == pytest.approx(0.25)  # p1 = 5/8, p2 = 32/64
    assert div.disagreement[0, 0] == 0 and div.kappa[1, 1] == pytest.approx(1.0)
    np.testing.assert_allclose(div.q_statistic, div.q_statistic.T)
    with pytest.raises(ValueError, match="−1 and \\+1"):
        pairwise_diversity([[0, 1, 1]])
