"""Tests for algorithms.ensembles: Sugiyama ch. 9 oracles O23–O25 (seed 000 §10), seed 003 §5
oracles D3, D5–D7, scikit-learn parity (SAMME, gradient boosting) and invariants."""

import hashlib

import numpy as np
import pytest
from sklearn.ensemble import AdaBoostClassifier as SkAdaBoost
from sklearn.ensemble import GradientBoostingClassifier as SkGBC
from sklearn.ensemble import GradientBoostingRegressor as SkGBR
from sklearn.ensemble import HistGradientBoostingClassifier as SkHGB
from sklearn.tree import DecisionTreeClassifier as SkTree

from algorithms.ensembles import AdaBoostClassifier
from algorithms.ensembles import BaggingClassifier
from algorithms.ensembles import DecisionStump
from algorithms.ensembles import GradientBoostingClassifier
from algorithms.ensembles import GradientBoostingRegressor
from algorithms.ensembles import RandomForestClassifier
from algorithms.ensembles import SecondOrderBoostingClassifier
from algorithms.ensembles import SecondOrderBoostingRegressor
from algorithms.ensembles import bin_codes
from algorithms.ensembles import build_histogram
from algorithms.ensembles import goss_sample
from algorithms.ensembles import greedy_target_statistics
from algorithms.ensembles import histogram_bin_edges
from algorithms.ensembles import histogram_split_gains
from algorithms.ensembles import ordered_target_statistics
from algorithms.ensembles import second_order_split_gains
from algorithms.trees import DecisionTreeClassifier
from algorithms.trees import _Builder
from algorithms.trees import _midpoint
from algorithms.trees import _SecondOrder
from algorithms.trees import _SquaredError

X_LH = np.arange(10, dtype=float)[:, None]                 # Li Hang Ex. 8.1 (seed 003 oracle D3)
Y_LH = np.array([1, 1, 1, -1, -1, -1, 1, 1, 1, -1])


def diagonal_data(n=50, seed=0):
    """Sugiyama DS-5: x ~ N(0, I), y = +1 where x1 > x2."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, 2))
    return X, np.where(X[:, 0] > X[:, 1], 1, -1)


def noisy_data(n=300, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = (X[:, 0] + 0.5 * X[:, 1] + 0.7 * rng.normal(size=n) > 0).astype(int)
    return X, y, rng


def count_ties(model):
    """Nodes of a boosted model whose two best candidate splits tie (scikit-learn would pick
    among them at random, so parity is only exact without ties)."""
    ties = 0
    for trees in model.trees_:
        for tree in trees:
            for i in range(tree.n_nodes):
                s = np.sort([c.score for c in tree.candidates(i)])
                ties += len(s) > 1 and s[-1] - s[-2] <= 1e-9 * max(1.0, abs(s[-1]))
    return ties


# ------------------------------------------------------------------------------------------
# Decision stump (Sugiyama §9.1)


def test_o23_stump_on_separable_toy():
    stump = DecisionStump().fit([[1], [2], [3], [4]], [-1, -1, 1, 1])
    assert stump.threshold_ == 2.5 and stump.polarity_ == 1 and stump.weighted_error_ == 0.0
    # ties at the threshold: x = c goes to the left side (the book's sign(0) = 0 predicts nothing)
    np.testing.assert_array_equal(stump.predict([[2.5], [2.5000001]]), [-1, 1])
    np.testing.assert_array_equal(stump.decision_function([[0], [9]]), [-1.0, 1.0])


def test_stump_error_curve_and_dragged_threshold():
    X = np.array([[1.0], [2.0], [2.0], [3.0], [4.0]])
    y = np.array([1, -1, -1, 1, 1])
    w = np.array([1, 1, 1, 1, 4], dtype=float)                 # Σw = 8
    curve = DecisionStump().error_curve(X, y, sample_weight=w, feature=0)
    np.testing.assert_allclose(curve.thresholds, [1.5, 2.5, 3.5])   # distinct values only
    # 1.5: s = +1 (left −1, right +1) misses x=1 and both x=2 → 3/8 (s = −1: 5/8);
    # 2.5: misses x=1 → 1/8;  3.5: misses x=1 and x=3 → 2/8 (s = −1: 6/8)
    np.testing.assert_allclose(curve.errors, [3 / 8, 1 / 8, 2 / 8])
    np.testing.assert_array_equal(curve.left_classes, [-1, -1, -1])
    stump = DecisionStump().fit(X, y, sample_weight=w)
    assert stump.threshold_ == 2.5 and stump.weighted_error_ == pytest.approx(1 / 8)
    err, left, right = DecisionStump.error_at(X, y, 0.0, sample_weight=w)   # all on the right
    assert (err, left, right) == (pytest.approx(2 / 8), -1, 1)
    err, left, right = DecisionStump.error_at(X, y, 2.7, sample_weight=w)
    assert err == pytest.approx(1 / 8) and (left, right) == (-1, 1)


def test_stump_matches_sugiyama_max_abs_e_rule():
    # The listing picks argmax |e|, e_i = Σ_{k>i} w y − Σ_{k≤i} w y, and R = (1 − |e|)/2.
    rng = np.random.default_rng(3)
    for _ in range(20):
        x = rng.normal(size=30)
        y = np.where(rng.random(30) < 0.5, -1, 1)
        w = rng.random(30)
        w /= w.sum()
        order = np.argsort(x)
        wy = (w * y)[order]
        e = np.cumsum(wy[::-1])[-2::-1] - np.cumsum(wy)[:-1]
        i = int(np.argmax(np.abs(e)))
        stump = DecisionStump().fit(x[:, None], y, sample_weight=w)
        assert stump.weighted_error_ == pytest.approx((1 - abs(e[i])) / 2)
        assert stump.threshold_ == pytest.approx((x[order][i] + x[order][i + 1]) / 2)
        assert stump.polarity_ == np.sign(e[i])


def test_stump_curve_thresholds_are_the_trees_midpoints_and_errors_by_brute_force():
    """The stump's curve (one sort, cumulative sums, vectorised midpoints) equals trees._midpoint
    of each pair of consecutive distinct values, and each error a direct count on that cut."""
    rng = np.random.default_rng(5)
    for seed in range(4):
        x = rng.normal(size=40).round(1)
        x[:2] = [np.nextafter(1.0, 0.0), 1.0]                # a/2 + b/2 rounds up to b: threshold a
        y = rng.integers(2 + seed % 2, size=40)
        w = rng.random(40)
        curve = DecisionStump().error_curve(x[:, None], y, sample_weight=w, feature=0)
        xs = np.unique(x)
        pairs = zip(xs[:-1], xs[1:], strict=True)
        assert curve.thresholds.tolist() == [_midpoint(a, b) for a, b in pairs]
        assert curve.thresholds[np.searchsorted(xs, 1.0) - 1] == np.nextafter(1.0, 0.0)
        for thr, err in zip(curve.thresholds, curve.errors, strict=True):
            assert err == pytest.approx(DecisionStump.error_at(x[:, None], y, thr, 0, w)[0])


def test_stump_feature_modes_and_multiclass():
    X, y = diagonal_data()
    best = DecisionStump().fit(X, y)
    errs = [DecisionStump(feature=f).fit(X, y).weighted_error_ for f in (0, 1)]
    assert best.weighted_error_ == min(errs)
    random_dims = {DecisionStump(feature="random", random_state=s).fit(X, y).feature_
                   for s in range(20)}
    assert random_dims == {0, 1}
    y3 = np.digitize(X[:, 0], [-0.5, 0.5])
    stump = DecisionStump().fit(X, y3)
    assert stump.polarity_ == 0 and stump.left_class_ != stump.right_class_
    assert stump.weighted_error_ == pytest.approx(np.mean(stump.predict(X) != y3))


# ------------------------------------------------------------------------------------------
# AdaBoost (Sugiyama §9.3; seed 003 §5.2)


def test_d3_li_hang_example_8_1():
    model = AdaBoostClassifier(n_estimators=3).fit(X_LH, Y_LH)
    np.testing.assert_allclose([s.estimator.threshold_ for s in model.history_], [2.5, 8.5, 5.5])
    np.testing.assert_array_equal([s.estimator.left_class_ for s in model.history_], [1, 1, -1])
    np.testing.assert_allclose(model.errors_, [0.3, 0.2143, 0.1818], atol=5e-5)
    np.testing.assert_allclose(model.alphas_, [0.4236, 0.6496, 0.7520], atol=5e-5)
    np.testing.assert_allclose(model.history_[0].new_weights,
                               [1 / 14] * 6 + [1 / 6] * 3 + [1 / 14], atol=1e-12)
    assert model.train_errors_[-1] == 0.0
    np.testing.assert_array_equal(model.predict(X_LH), Y_LH)


def test_o24_alpha_formula_and_o25_half_weight_identity():
    # R = 0.25: one of four points is on the wrong side of the best stump → θ = ½ ln 3.
    model = AdaBoostClassifier(n_estimators=1).fit([[1], [2], [3], [4]], [-1, -1, 1, -1])
    assert model.errors_[0] == 0.25
    assert model.alphas_[0] == pytest.approx(0.5493061, abs=1e-7)
    x = np.arange(10, dtype=float)[:, None]
    model = AdaBoostClassifier(n_estimators=1).fit(x, [-1] * 4 + [1] * 5 + [-1])
    assert model.errors_[0] == pytest.approx(0.1)
    assert model.alphas_[0] == pytest.approx(1.0986123, abs=1e-7)
    # R = 0.5: θ = 0 — the first learner is no better than chance and AdaBoost refuses to start
    with pytest.raises(ValueError, match="no better than chance"):
        AdaBoostClassifier().fit([[0], [0], [1], [1]], [-1, 1, -1, 1])
    X, y = diagonal_data(60, seed=4)
    model = AdaBoostClassifier(n_estimators=40).fit(X, y)
    for step in model.history_:                              # O25
        wrong = step.estimator.predict(X) != y
        assert step.new_weights[wrong].sum() == pytest.approx(0.5, abs=1e-12)
        assert step.weights.sum() == pytest.approx(1.0) and step.new_weights.sum() == pytest.approx(1.0)


def test_adaboost_staged_errors_follow_the_rounds():
    X, y = diagonal_data(80, seed=2)
    model = AdaBoostClassifier(n_estimators=15).fit(X, y)
    np.testing.assert_allclose(model.staged_errors(X, y), model.train_errors_)   # training set
    Xt, yt = diagonal_data(60, seed=3)
    expected = [np.mean(model.predict(Xt, n_rounds=r) != yt) for r in range(1, len(model.alphas_) + 1)]
    np.testing.assert_allclose(model.staged_errors(Xt, yt), expected)
    assert model.staged_errors(Xt, yt)[0] == pytest.approx(np.mean(model.estimators_[0].predict(Xt) != yt))


def test_adaboost_weights_equal_normalised_exp_of_margin():
    # w_i ∝ exp(−y_i f(x_i)) (Sugiyama (d)); the exponential loss is Π_t Z_t and bounds the error.
    X, y = diagonal_data(80, seed=1)
    model = AdaBoostClassifier(n_estimators=25, estimator=DecisionStump(feature="random"),
                               random_state=0).fit(X, y)
    f = np.zeros(len(y))
    z_prod = 1.0
    for step in model.history_:
        f += step.alpha * step.estimator.decision_function(X)
        w = np.exp(-y * f)
        np.testing.assert_allclose(step.new_weights, w / w.sum(), rtol=1e-10)
        eps = step.weighted_error
        z_prod *= 2 * np.sqrt(eps * (1 - eps))
        assert step.exp_loss == pytest.approx(np.mean(np.exp(-y * f)), rel=1e-10)
        assert step.exp_loss == pytest.approx(z_prod, rel=1e-10)
        assert step.train_error <= step.exp_loss
    np.testing.assert_allclose(model.decision_function(X), f, rtol=1e-12)
    assert np.all(np.diff(model.exp_losses_) < 0)
    staged = list(model.staged_decision_function(X))
    np.testing.assert_allclose(staged[4], model.decision_function(X, n_rounds=5))


def test_adaboost_weights_never_underflow():
    # Sugiyama A9.3 pitfall: with b = 5000 rounds exp(−f y) underflows and R becomes 0 / NaN.
    X, y = diagonal_data(50, seed=2)
    model = AdaBoostClassifier(n_estimators=2000, estimator=DecisionStump(feature="random"),
                               random_state=0).fit(X, y)
    W = np.array([s.new_weights for s in model.history_])
    assert np.all(np.isfinite(W)) and np.allclose(W.sum(1), 1.0)
    # a bounded history: every one of the first 100 rounds, then geometric spacing, and the last
    rounds = [s.round for s in model.history_]
    assert rounds[:100] == list(range(1, 101)) and rounds[-1] == model.n_estimators_
    assert len(rounds) <= 500 and np.all(np.diff(rounds) > 0)
    assert len(model.alphas_) == len(model.exp_losses_) == model.n_estimators_
    assert model.history_[5].new_weights is model.history_[6].weights      # shared, not copied
    assert np.all(np.isfinite(model.alphas_)) and np.all(model.alphas_ > 0)
    assert max(np.abs(model.decision_function(X))) > 745      # naive exp(−f y) would be 0
    assert model.train_errors_[-1] == 0.0


def test_adaboost_stops_after_a_perfect_learner():
    model = AdaBoostClassifier(n_estimators=10).fit([[1], [2], [3], [4]], [0, 0, 1, 1])
    assert model.n_estimators_ == 1 and model.stop_reason_ == "perfect weak learner"
    assert np.isfinite(model.alphas_[0]) and model.alphas_[0] == pytest.approx(0.5 * np.log(1e10))


@pytest.mark.parametrize("n_classes", [2, 3])
def test_adaboost_follows_sklearn_samme(n_classes):
    X, y, rng = noisy_data()
    if n_classes == 3:
        y = np.digitize(X[:, 0] + 0.3 * rng.normal(size=len(y)), [-0.5, 0.5])
    ours = AdaBoostClassifier(n_estimators=30, estimator=DecisionTreeClassifier(max_depth=1))
    ours.fit(X, y)
    sk = SkAdaBoost(estimator=SkTree(max_depth=1), n_estimators=30, random_state=0).fit(X, y)
    np.testing.assert_allclose(2 * ours.alphas_, sk.estimator_weights_, rtol=1e-10)
    np.testing.assert_allclose(ours.errors_, sk.estimator_errors_, rtol=1e-10)
    grid = rng.normal(size=(3000, 2))
    np.testing.assert_array_equal(ours.predict(grid), sk.predict(grid))
    f = ours.decision_function(grid)
    if n_classes == 2:      # scikit-learn: Σ 2·(2α_t)h_t / Σ 2α_t
        np.testing.assert_allclose(2 * f / ours.alphas_.sum(), sk.decision_function(grid),
                                   atol=1e-10)
    proba = ours.predict_proba(grid)
    np.testing.assert_allclose(proba.sum(1), 1.0)


def test_adaboost_string_labels_and_sample_weight():
    X, y = diagonal_data(40, seed=5)
    labels = np.where(y > 0, "pos", "neg")
    a = AdaBoostClassifier(n_estimators=5).fit(X, labels)
    b = AdaBoostClassifier(n_estimators=5).fit(X, y)
    np.testing.assert_array_equal(a.predict(X) == "pos", b.predict(X) == 1)
    w = np.ones(40)
    w[:20] = 3
    c = AdaBoostClassifier(n_estimators=3).fit(X, y, sample_weight=w)
    assert c.history_[0].weights[0] == pytest.approx(3 * c.history_[0].weights[30])


# ------------------------------------------------------------------------------------------
# Bagging and random forests (Sugiyama §9.2; seed 003 §5.7)


@pytest.mark.parametrize("make", [
    lambda: BaggingClassifier(n_estimators=15, random_state=0),
    lambda: RandomForestClassifier(15, max_depth=6, criterion="entropy", random_state=4),
    lambda: BaggingClassifier(15, DecisionTreeClassifier(ccp_alpha=0.01), random_state=2)])
def test_bagging_records_bootstraps_and_oob_curve(make):
    X, y, rng = noisy_data(200)
    model = make().fit(X, y)
    counts = model.sample_counts_
    assert counts.shape == (15, 200) and np.all(counts.sum(1) == 200)
    assert 0.25 < np.mean(counts == 0) < 0.5                      # ≈ (1 − 1/n)^n = 0.368
    for b, est in enumerate(model.estimators_):
        assert est.tree_.n_samples[0] == 200 and model.history_[b].index == b + 1
        np.testing.assert_array_equal(model.history_[b].sample_counts, counts[b])
    # recompute the OOB votes and curve by hand from the members (trees routed one at a time)
    votes = np.zeros((200, 2))
    for b, est in enumerate(model.estimators_):
        out = counts[b] == 0
        votes[out] += est.predict_proba(X[out])
        seen = votes.sum(1) > 0
        assert model.oob_error_curve_[b] == np.mean(np.argmax(votes[seen], 1) != y[seen])
    assert model.oob_error_ == model.oob_error_curve_[-1]
    with np.errstate(invalid="ignore"):                  # NaN: rows never out of bag
        np.testing.assert_array_equal(model.oob_decision_function_,
                                      votes / votes.sum(1, keepdims=True))
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba, np.mean([e.predict_proba(X) for e in model.estimators_], 0))


def test_batched_trees_equal_separate_fits_on_the_bootstrap():
    X, y, rng = noisy_data(120)
    model = BaggingClassifier(n_estimators=6, estimator=DecisionTreeClassifier(max_depth=5),
                              random_state=1).fit(X, y)
    grid = rng.normal(size=(500, 2))
    for counts, est in zip(model.sample_counts_, model.estimators_, strict=True):
        idx = np.repeat(np.arange(120), counts)
        single = DecisionTreeClassifier(max_depth=5).fit(X[idx], y[idx])
        np.testing.assert_array_equal(est.tree_.feature, single.tree_.feature)
        np.testing.assert_allclose(est.predict_proba(grid), single.predict_proba(grid))


@pytest.mark.parametrize("seed", range(4))
def test_trees_on_bootstrap_counts_equal_the_trees_on_the_repeated_rows(seed):
    """A bootstrap grows on its distinct rows weighted by their multiplicities: every tree (all
    node columns: sizes, leaf reasons, thresholds, …, and every candidate) and the random
    feature draws are those of the repeated rows, on tied values too."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(150, 3)).round(1)
    codes = rng.integers(2 + seed % 2, size=150)
    tree = DecisionTreeClassifier(criterion=("gini", "entropy")[seed % 2],
                                  max_depth=(None, 4)[seed // 2 % 2], max_features=2)
    model = BaggingClassifier(8, estimator=tree, random_state=seed).fit(X, codes)
    gen = np.random.default_rng(seed)
    draws = [gen.integers(150, size=150) for _ in range(8)]
    repeated = tree._forest_codes(X, codes, np.unique(codes), draws, gen)
    np.testing.assert_array_equal(model.sample_counts_,
                                  [np.bincount(d, minlength=150) for d in draws])
    repeats = 0
    for ours, ref, counts in zip(model.estimators_, repeated, model.sample_counts_, strict=True):
        a, b = ours.tree_, ref.tree_
        assert a._cols.keys() == b._cols.keys() and a._candidates.keys() == b._candidates.keys()
        for name in a._cols:
            np.testing.assert_array_equal(a._cols[name], b._cols[name], err_msg=name)
        for name in a._candidates:
            np.testing.assert_array_equal(a._candidates[name], b._candidates[name], err_msg=name)
        distinct_rows = np.bincount(a.apply(X[counts > 0]), minlength=a.n_nodes)
        repeats += np.count_nonzero((distinct_rows == 1) & (a.n_samples > 1))
    assert repeats > 0                       # leaves of one row drawn several times were met
    rows = [np.flatnonzero(c) for c in model.sample_counts_]   # the roots' sorted entries
    entries, sizes = np.concatenate(rows), [len(r) for r in rows]
    ranks = np.column_stack([np.unique(x, return_inverse=True)[1] for x in X.T])
    keys = np.repeat(np.arange(8), sizes)[:, None] * 150 + ranks[entries]
    builder = _Builder(None, X, np.zeros(3, dtype=bool), False, None, 1, 0.0, None, None)
    np.testing.assert_array_equal(builder._distinct_rows_order(entries, sizes),
                                  np.argsort(keys, axis=0, kind="stable"))


def test_bagged_stumps_one_round_is_a_stump_on_the_bootstrap_sample():
    X, y = diagonal_data(50, seed=0)
    model = BaggingClassifier(n_estimators=1, estimator=DecisionStump(), random_state=3).fit(X, y)
    idx = np.repeat(np.arange(50), model.sample_counts_[0])
    stump = DecisionStump().fit(X[idx], y[idx])
    np.testing.assert_array_equal(model.predict(X), stump.predict(X))
    many = BaggingClassifier(n_estimators=301, estimator=DecisionStump(feature="random"),
                             random_state=0).fit(X, y)
    vote = many.predict_proba(X)[:, 1]                       # fraction of +1 votes
    assert set(np.round(vote * 301).astype(int)) <= set(range(302))
    assert many.score(X, y) > 0.85                           # Fig 9.8 staircase ([SIM] 0.90–0.96)


def test_random_forest_samples_features_per_split():
    X, y, rng = noisy_data(200)
    Xn = np.column_stack([X, rng.normal(size=(200, 4))])     # 2 informative + 4 noise features
    forest = RandomForestClassifier(n_estimators=20, max_features=2, random_state=0).fit(Xn, y)
    sizes = {len(est.tree_.candidates(i)) for est in forest.estimators_
             for i in range(est.tree_.n_nodes) if est.tree_.candidates(i)}
    assert sizes <= {1, 2}
    used = {f for est in forest.estimators_ for f in est.tree_.feature if f >= 0}
    assert used == set(range(6))
    bag = RandomForestClassifier(n_estimators=20, max_features=None, random_state=0).fit(Xn, y)
    same = BaggingClassifier(n_estimators=20, random_state=0).fit(Xn, y)
    np.testing.assert_array_equal(bag.predict_proba(Xn), same.predict_proba(Xn))
    assert forest.oob_error_ < 0.35 and np.isnan(forest.oob_error_curve_).sum() == 0


@pytest.mark.parametrize("estimator", [DecisionStump(feature="random"), DecisionTreeClassifier(max_depth=3)])
def test_bagging_staged_predict_is_the_vote_of_the_first_b_learners(estimator):
    X, y, rng = noisy_data(150)
    y = np.where(X[:, 0] > 0.5, 2, y)                             # three classes
    model = BaggingClassifier(n_estimators=12, estimator=estimator, random_state=0).fit(X, y)
    grid = rng.normal(size=(300, 2))
    staged = model.staged_predict(grid)
    assert staged.shape == (12, 300)
    for b in range(1, 13):
        np.testing.assert_array_equal(staged[b - 1], model.predict(grid, n_learners=b))
    errors = model.staged_errors(X, y)
    np.testing.assert_allclose(errors, [np.mean(model.predict(X, n_learners=b) != y) for b in range(1, 13)])
    assert errors[-1] == pytest.approx(1 - model.score(X, y))


# ------------------------------------------------------------------------------------------
# Gradient boosting (seed 003 §5.3)


def test_boosting_tree_first_round_on_table_5_2():
    x = np.arange(1, 11, dtype=float)
    y = np.array([4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00])
    model = GradientBoostingRegressor(n_estimators=2, learning_rate=1.0, max_depth=1).fit(x, y)
    assert model.init_[0] == pytest.approx(6.618)
    np.testing.assert_allclose(model.history_[0].residuals, y - 6.618)
    np.testing.assert_allclose(model.predict(x, n_rounds=1), np.repeat([5.06, 8.176], 5))
    assert model.train_loss_[0] * 10 == pytest.approx(3.35872, abs=1e-6)   # m(5) of Table 5.2
    np.testing.assert_allclose(model.history_[1].residuals, y - model.predict(x, n_rounds=1))


def test_gradient_boosting_regressor_matches_sklearn_and_decreases_loss():
    X, _, rng = noisy_data(300, seed=1)
    y = np.sin(2 * X[:, 0]) + X[:, 1] + 0.2 * rng.normal(size=300)
    ours = GradientBoostingRegressor(n_estimators=40, min_samples_leaf=5).fit(X, y)
    sk = SkGBR(n_estimators=40, min_samples_leaf=5, random_state=0).fit(X, y)
    assert count_ties(ours) == 0
    grid = rng.normal(size=(2000, 2))
    np.testing.assert_allclose(ours.predict(grid), sk.predict(grid), atol=1e-10)
    assert np.all(np.diff(ours.train_loss_) <= 1e-12)           # ν ≤ 1: SSE never increases
    curve = ours.loss_curve(X, y)
    np.testing.assert_allclose(curve[1:], ours.train_loss_)
    staged = list(ours.staged_predict(grid))
    np.testing.assert_allclose(staged[9], ours.predict(grid, n_rounds=10))


@pytest.mark.parametrize("n_classes", [2, 3])
def test_gradient_boosting_classifier_matches_sklearn(n_classes):
    X, y, rng = noisy_data(300, seed=1)
    if n_classes == 3:
        y = np.digitize(X[:, 0] + 0.3 * rng.normal(size=300), [-0.5, 0.5])
    ours = GradientBoostingClassifier(n_estimators=25, min_samples_leaf=5).fit(X, y)
    sk = SkGBC(n_estimators=25, min_samples_leaf=5, random_state=0).fit(X, y)
    assert count_ties(ours) == 0
    grid = rng.normal(size=(2000, 2))
    np.testing.assert_allclose(ours.predict_proba(grid), sk.predict_proba(grid), atol=1e-10)
    np.testing.assert_array_equal(ours.predict(grid), sk.predict(grid))
    assert ours.train_loss_[-1] < ours.loss_curve(X, y)[0]
    step = ours.history_[0]
    assert len(step.trees) == (1 if n_classes == 2 else 3)
    assert step.residuals.shape == ((300,) if n_classes == 2 else (300, 3))
    # residuals y − p at f_{m−1} and the loss at f_m, exactly as the staged probabilities give them
    Y = np.eye(3)[y] if n_classes == 3 else y
    staged = [ours.predict_proba(X, n_rounds=0)] + list(ours.staged_predict_proba(X))
    for step, before in zip(ours.history_, staged, strict=False):
        np.testing.assert_array_equal(step.residuals, Y - (before if n_classes == 3 else before[:, 1]))
    np.testing.assert_array_equal(ours.loss_curve(X, y)[1:], ours.train_loss_)


# ------------------------------------------------------------------------------------------
# Second-order boosting (seed 003 §5.4)


def test_d5_d6_second_order_split_gains():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    y = np.array([1.0, 1.0, 3.0, 3.0])
    curve = second_order_split_gains(x, 0 - y, np.ones(4), lam=1.0, gamma=0.0)   # ½-squared
    np.testing.assert_allclose(curve.thresholds, [1.5, 2.5, 3.5])
    np.testing.assert_allclose(curve.gains, [-0.025, 0.266667, -1.025], atol=1e-6)
    np.testing.assert_allclose(curve.G_left, [-1, -2, -5])
    np.testing.assert_allclose(second_order_split_gains(x, -y, np.ones(4), 1.0, 0.5).gains,
                               [-0.525, -0.233333, -1.525], atol=1e-6)
    un_halved = second_order_split_gains(x, 2 * (0 - y), 2 * np.ones(4), 1.0, 0.0)
    np.testing.assert_allclose(un_halved.gains, [0.444444, 1.777778, -1.079365], atol=1e-6)
    # one round from f_0 = 0 with η = 1: split x ≤ 2.5, leaves w* = −G/(H+λ) = 0.66667 / 2.0
    model = SecondOrderBoostingRegressor(n_estimators=1, learning_rate=1.0, max_depth=3,
                                         base_score=0.0).fit(x, y)
    tree = model.trees_[0][0]
    assert tree.n_nodes == 3 and tree.threshold[0] == 2.5          # the ±0.025 splits lose
    np.testing.assert_allclose(tree.value[1:, 0], [2 / 3, 2.0])
    np.testing.assert_allclose(tree.stats[0], [-8, 4])                # (G, H) of the root
    assert tree.score[0] == pytest.approx(0.266667, abs=1e-6)
    np.testing.assert_allclose(model.predict(x), [2 / 3, 2 / 3, 2, 2])
    stumpless = SecondOrderBoostingRegressor(n_estimators=1, gamma=0.5, base_score=0.0).fit(x, y)
    assert stumpless.trees_[0][0].n_nodes == 1                        # max gain ≤ 0: no split


def test_second_order_regressor_staged_predict_matches_predict():
    x = np.linspace(-3, 3, 40)[:, None]
    y = np.sinc(x[:, 0])
    model = SecondOrderBoostingRegressor(n_estimators=6, lam=1.0, max_depth=2).fit(x, y)
    staged = list(model.staged_predict(x))
    assert len(staged) == 6
    for m, f in enumerate(staged, start=1):
        np.testing.assert_allclose(f, model.predict(x, n_rounds=m))
    np.testing.assert_allclose(np.mean((y - staged[-1]) ** 2), model.train_loss_[-1])


def test_second_order_classifier_gains_and_leaf_weights():
    X, y, rng = noisy_data(200, seed=2)
    model = SecondOrderBoostingClassifier(n_estimators=15, lam=1.0, gamma=0.1,
                                          max_depth=3).fit(X, y)
    for step in model.history_:
        tree = step.trees[0]
        leaves = tree.apply(X)
        for node in range(tree.n_nodes):
            members = tree.decision_path(X)[:, node]
            G, H = step.gradients[members].sum(), step.hessians[members].sum()
            np.testing.assert_allclose(tree.stats[node], [G, H], atol=1e-10)
            assert tree.value[node, 0] == pytest.approx(-G / (H + 1.0))
            if not tree.is_leaf[node]:
                assert tree.score[node] > 0                        # only positive gains split
        np.testing.assert_allclose(tree.predict_value(X)[:, 0], tree.value[leaves, 0])
    gains = model.split_gains(X, y, round=1, node=0)
    best = max(g.gains.max() for g in gains.values())
    assert model.trees_[0][0].score[0] == pytest.approx(best)
    assert np.all(np.diff(model.train_loss_) < 0)
    assert model.score(X, y) > 0.75
    y3 = np.digitize(X[:, 0], [-0.5, 0.5])
    multi = SecondOrderBoostingClassifier(n_estimators=10).fit(X, y3)
    np.testing.assert_allclose(multi.predict_proba(X).sum(1), 1.0)
    assert multi.history_[0].gradients.shape == (200, 3)
    for fitted, labels in ((model, y), (multi, y3)):      # g, h at f_{m−1}; loss at f_m, exactly
        Y = np.eye(3)[labels] if labels is y3 else labels
        staged = [fitted.predict_proba(X, n_rounds=0)] + list(fitted.staged_predict_proba(X))
        for step, before in zip(fitted.history_, staged, strict=False):
            p = before if labels is y3 else before[:, 1]
            np.testing.assert_array_equal(step.gradients, p - Y)
            np.testing.assert_array_equal(step.hessians, p * (1 - p))
        np.testing.assert_array_equal(fitted.loss_curve(X, labels)[1:], fitted.train_loss_)
    huge = SecondOrderBoostingClassifier(n_estimators=3, gamma=1e6).fit(X, y)
    assert all(t[0].n_nodes == 1 for t in huge.trees_)


# Digests of boosted fits on eight random data sets, recorded with 7fe206e before the fits skipped
# their second predict pass. Regressors use + − × ÷ only: every number of their trees and history_
# is hashed. Classifiers pass through exp and log, whose last bit depends on the CPU's vector
# instructions: their trees' structure is hashed (nodes, features, thresholds, sample counts).
RECORDED_BOOSTING_DIGESTS = [
    '5a6ca2cd86', 'aa7e34ec99', '274cb15944', '21843e2dcb', '2677997104', '8fdaf3aafb',
    'cafc048436', 'f30b6f969a', '30e9aaecaa', '0eab1661f4', '3aac67232e', 'f4498cc3e3',
    '023f5d99ef', 'c44748e487', '05028eae51', '549312c3f1', '66b56b215c', '5ce8de948d',
    'f4a49c5fe6', '82998bb2e7', '7a60ab58b1', '1f351fb499', '9e3dd535a7', '50f10e2768',
    '6da77619eb', 'a4a8329226', '8032b49238', '968eb72e05', '162e3a961c', '2be195c422',
    '1f6eec6a67', 'cefe83408f', 'fc3dad5960', 'a2f4051249', 'e57e676f08', '827534e71a',
    'e65082110f', 'd95662ff91', '480e5ed8e1', '1cd7c14255', 'f5955cc13a', 'c3d109a181',
    '2df8bb6b80', '458727e992', 'ccd1edd119', '3b8af04655', '7ca98b4544', 'd7440d6591',
]


def _boosting_digest(model):
    exact = not hasattr(model, "classes_")
    h = hashlib.sha256(np.asarray(model.init_, dtype=float).tobytes() if exact else b"")
    for tree in (t for trees in model.trees_ for t in trees):
        for name in ("parent", "feature", "threshold", "n_samples") + (
                ("weighted_n_samples", "reason", "value", "stats", "impurity", "score") if exact else ()):
            h.update(np.ascontiguousarray(getattr(tree, name), dtype=float).tobytes())
        for name in sorted(tree._candidates) if exact else ():
            h.update(np.ascontiguousarray(tree._candidates[name], dtype=float).tobytes())
    for step in model.history_ if exact else ():
        for value in vars(step).values():
            if isinstance(value, np.ndarray):
                h.update(np.ascontiguousarray(value).tobytes())
    h.update(np.asarray(model.train_loss_).tobytes() if exact else b"")
    return h.hexdigest()[:10]


def test_boosting_fits_give_the_recorded_trees_and_history():
    """Both boosting families, regression and two or three classes, ties in X, λ = 0, γ > 0,
    min_samples_leaf, base_score: the same trees, leaf values, g, h, residuals and losses, bit for
    bit, as before the fits were sped up."""
    digests = []
    for seed in range(8):
        rng = np.random.default_rng(seed)
        n, d = int(rng.integers(30, 400)), int(rng.integers(1, 4))
        X = rng.normal(size=(n, d)).round(seed % 3 + seed % 2)
        y = X @ rng.normal(size=d) + rng.normal(size=n)
        y2, y3 = (y > 0).astype(int), np.digitize(y, [-0.5, 0.5])
        so = dict(n_estimators=12, max_depth=[3, 2, 4, None][seed % 4])
        so.update([{}, dict(lam=0.0, min_child_weight=0.5), dict(gamma=0.2, learning_rate=0.5),
                   dict(base_score=0.2, min_child_weight=0.0)][seed % 4])
        gb = dict(n_estimators=8, max_depth=[3, 2][seed % 2], min_samples_leaf=[1, 3][seed % 2])
        for model in (SecondOrderBoostingClassifier(**so).fit(X, y2),
                      SecondOrderBoostingClassifier(**so).fit(X, y3),
                      SecondOrderBoostingRegressor(**so).fit(X, y),
                      GradientBoostingClassifier(**gb).fit(X, y2),
                      GradientBoostingClassifier(**gb).fit(X, y3),
                      GradientBoostingRegressor(**gb).fit(X, y)):
            digests.append(_boosting_digest(model))
    assert digests == RECORDED_BOOSTING_DIGESTS


def test_histogram_splits_partition_as_exact_splits_with_a_bin_per_value():
    """With at most n_bins distinct values per feature every value has its own bin: the histogram
    search (LightGBM, seed 003 §5.5.2) finds the exact search's splits (features, node sizes,
    G, H, w*, gains, losses) and cuts at the value left of the exact midpoint. Ties in X, two and
    three classes, the regressor, min_child_weight, γ > 0, unbounded depth. (Not λ = 0: a node
    whose rows share g/h has gain 0 at every cut up to rounding, which then decides.)"""
    for seed in range(12):
        rng = np.random.default_rng(200 + seed)
        n, d = int(rng.integers(30, 300)), int(rng.integers(1, 4))
        X = rng.normal(size=(n, d)).round(seed % 2 + 1)
        y = X @ rng.normal(size=d) + rng.normal(size=n)
        target = [(y > 0).astype(int), np.digitize(y, [-0.5, 0.5]), y][seed % 3]
        make = SecondOrderBoostingRegressor if seed % 3 == 2 else SecondOrderBoostingClassifier
        params = [{}, dict(lam=0.3, min_child_weight=0.5), dict(gamma=0.2, max_depth=None),
                  dict(max_depth=5)][seed % 4]
        exact = make(n_estimators=8, **params).fit(X, target)
        binned = make(n_estimators=8, n_bins=256, **params).fit(X, target)
        assert exact.bin_edges_ is None
        for f in range(d):
            np.testing.assert_array_equal(binned.bin_edges_[f], np.unique(X[:, f])[:-1])
        np.testing.assert_allclose(binned.train_loss_, exact.train_loss_, rtol=1e-9)
        for a, b in zip((t for ts in exact.trees_ for t in ts),
                        (t for ts in binned.trees_ for t in ts), strict=True):
            for name in ("parent", "feature", "n_samples", "reason"):
                np.testing.assert_array_equal(getattr(b, name), getattr(a, name))
            for name in ("stats", "value", "impurity", "score"):
                np.testing.assert_allclose(getattr(b, name), getattr(a, name), rtol=1e-9, atol=1e-12)
            np.testing.assert_array_equal(b.apply(X), a.apply(X))
            path = a.decision_path(X)
            for node in np.flatnonzero(a.feature >= 0):       # the node's last value left of a cut
                x = X[path[:, node], a.feature[node]]
                assert b.threshold[node] == x[x < a.threshold[node]].max()


def test_histogram_splits_cut_at_the_bin_edges_and_match_scikit_learn():
    """Coarse bins: every cut is a bin edge, each tree's gain is the best of split_gains at the
    edges, the loss falls. With a bin per value, the fit equals scikit-learn's
    HistGradientBoostingClassifier (the same second-order gain and leaf weight −G/(H+λ)·η)."""
    X, y, rng = noisy_data(300, seed=4)
    model = SecondOrderBoostingClassifier(n_estimators=10, n_bins=8, max_depth=3).fit(X, y)
    assert all(len(e) == 7 for e in model.bin_edges_)
    for trees in model.trees_:
        tree = trees[0]
        split = tree.feature >= 0
        assert all(c in model.bin_edges_[f] for f, c in zip(tree.feature[split],
                                                             tree.threshold[split], strict=True))
    gains = model.split_gains(X, y, round=1, node=0)
    for f, curve in gains.items():
        assert set(curve.thresholds) <= set(model.bin_edges_[f])
    assert model.trees_[0][0].score[0] == pytest.approx(max(c.gains.max() for c in gains.values()))
    assert np.all(np.diff(model.train_loss_) < 0)
    Xd = X.round(1)                                          # ~50 distinct values per feature
    ours = SecondOrderBoostingClassifier(n_estimators=20, lam=1.0, max_depth=3, learning_rate=0.3,
                                         min_child_weight=1e-3, n_bins=255).fit(Xd, y)
    theirs = SkHGB(max_iter=20, max_depth=3, learning_rate=0.3, l2_regularization=1.0,
                   min_samples_leaf=1, max_leaf_nodes=None, early_stopping=False,
                   max_bins=255).fit(Xd, y)
    np.testing.assert_allclose(ours.predict_proba(Xd), theirs.predict_proba(Xd), atol=1e-9)


# ------------------------------------------------------------------------------------------
# LightGBM histogram and GOSS; CatBoost ordered TS (seed 003 §5.5–5.6)


def test_histogram_binning_and_subtraction():
    rng = np.random.default_rng(0)
    x = rng.normal(size=200)
    g, h = rng.normal(size=200), rng.uniform(0.1, 1, 200)
    edges = histogram_bin_edges(x, n_bins=8)
    codes = bin_codes(x, edges)
    assert len(edges) == 7 and codes.dtype == np.uint8
    assert np.all(np.bincount(codes, minlength=8) == 25)          # quantile bins: equal counts
    hist = build_histogram(codes, g, h, 8)
    np.testing.assert_allclose(hist.grad, [g[codes == b].sum() for b in range(8)])
    left = codes[:120]
    parent_minus_left = hist - build_histogram(left, g[:120], h[:120], 8)
    right = build_histogram(codes[120:], g[120:], h[120:], 8)
    np.testing.assert_allclose(parent_minus_left.grad, right.grad, atol=1e-12)
    np.testing.assert_array_equal(parent_minus_left.count, right.count)
    # split "bin ≤ j" = split x ≤ edge_j: the binned gains are the exact gains at those cuts
    exact = second_order_split_gains(x, g, h, 1.0, 0.0)
    binned = histogram_split_gains(hist, 1.0, 0.0)
    for j, e in enumerate(edges):
        k = np.searchsorted(exact.thresholds, e)                  # first midpoint above edge_j
        assert binned[j] == pytest.approx(exact.gains[k])
    assert binned.max() <= exact.gains.max() + 1e-12              # fewer candidates
    uniform = histogram_bin_edges(x, 4, "uniform")
    np.testing.assert_allclose(np.diff(uniform), np.diff(uniform)[0])


def test_goss_keeps_large_gradients_and_amplifies_the_rest():
    g = np.array([0.1, -3.0, 0.5, 2.0, -0.2, 0.05, 1.0, -0.7, 0.3, 0.01])
    s = goss_sample(g, top_rate=0.2, other_rate=0.3, random_state=0)
    assert sorted(s.indices[s.top].tolist()) == [1, 3]            # |g| = 3 and 2
    assert len(s.indices) == 5 and len(set(s.indices.tolist())) == 5
    assert s.amplification == pytest.approx(0.8 / 0.3)
    np.testing.assert_allclose(s.weights, np.where(s.top, 1.0, 0.8 / 0.3))
    # unbiased on average: E[Σ weight·g over the sample] = Σ g
    rng = np.random.default_rng(1)
    big = rng.normal(size=1000)
    means = [np.sum(big[t.indices] * t.weights) for t in
             (goss_sample(big, 0.2, 0.1, random_state=k) for k in range(300))]
    assert abs(np.mean(means) - big.sum()) < 4 * np.std(means) / np.sqrt(len(means))
    with pytest.raises(ValueError):
        goss_sample(g, 0.7, 0.5)


def test_d7_ordered_target_statistics():
    cats, y = list("ABAAB"), [1, 0, 1, 0, 1]
    enc = ordered_target_statistics(cats, y, alpha=1.0, prior=0.6, permutation=np.arange(5))
    np.testing.assert_allclose(enc, [0.6, 0.6, 0.8, 0.866667, 0.3], atol=1e-6)
    assert ordered_target_statistics(cats, y, permutation=np.arange(5))[0] == pytest.approx(0.6)
    greedy = greedy_target_statistics(cats, y, alpha=1.0, prior=0.6)
    np.testing.assert_allclose(greedy[[0, 2, 3]], 0.65)            # (1 + 1 + 0 + 0.6)/(3 + 1)
    # any permutation: the first row of each category in σ gets the prior; the rest use only
    # earlier rows, so the own label never enters the encoding
    perm = np.array([3, 0, 4, 2, 1])
    enc = ordered_target_statistics(cats, y, alpha=2.0, prior=0.5, permutation=perm)
    assert enc[3] == 0.5 and enc[4] == 0.5
    assert enc[0] == pytest.approx((0 + 1.0) / (1 + 2))             # after row 3 (A, y=0)
    assert enc[2] == pytest.approx((0 + 1 + 1.0) / (2 + 2))         # after rows 3, 0
    assert enc[1] == pytest.approx((1 + 1.0) / (1 + 2))             # after row 4 (B, y=1)
    flipped = ordered_target_statistics(cats, 1 - np.array(y), alpha=2.0, prior=0.5,
                                        permutation=perm)
    np.testing.assert_allclose(flipped, 1 - enc)


# ------------------------------------------------------------------------------------------
# Input checks


def test_bad_input_raises_clear_errors():
    X, y = diagonal_data(20)
    with pytest.raises(ValueError, match="n_estimators"):
        AdaBoostClassifier(n_estimators=0).fit(X, y)
    with pytest.raises(ValueError, match="learning_rate"):
        GradientBoostingRegressor(learning_rate=0).fit(X, X[:, 0])
    with pytest.raises(ValueError, match="at least 2 classes"):
        BaggingClassifier().fit(X, np.ones(20))
    with pytest.raises(ValueError, match="feature"):
        DecisionStump(feature=5).fit(X, y)
    with pytest.raises(ValueError, match="missing"):
        RandomForestClassifier(n_estimators=2).fit(np.where(X > 1, np.nan, X), y)
    with pytest.raises(ValueError, match="λ"):
        SecondOrderBoostingClassifier(lam=-1).fit(X, y)
    for bad in (1, 257, 2.5):
        with pytest.raises(ValueError, match="n_bins"):
            SecondOrderBoostingClassifier(n_bins=bad).fit(X, y)
    with pytest.raises(ValueError, match="not fitted"):
        GradientBoostingClassifier().predict(X)
    with pytest.raises(ValueError, match="not fitted"):
        DecisionStump().predict(X)
    model = AdaBoostClassifier(n_estimators=2).fit(X, y)
    with pytest.raises(ValueError, match="features"):
        model.predict(X[:, :1])
    with pytest.raises(ValueError, match="permutation"):
        ordered_target_statistics(list("ab"), [0, 1], permutation=[0, 0])


# ---- text tables (issue 17): a fit on the printed text equals a fit on the level codes


def _text_table(file):
    from algorithms.tables import book_table
    from algorithms.tables import book_table_codes

    _, rows = book_table(file)
    X, y, _, levels, _ = book_table_codes(file)
    return np.array(rows, dtype=object)[:, 1:-1], X, y, [names is not None for names in levels]


TEXT_FILES = ["li_hang_table_5_1.csv", "zhou_watermelon_2_0.csv"]


def _same_fit(text_fit, code_fit, cells, X):
    np.testing.assert_array_equal(text_fit.predict_proba(cells), code_fit.predict_proba(X))
    np.testing.assert_array_equal(text_fit.predict(cells), code_fit.predict(X))
    np.testing.assert_array_equal(text_fit.predict(X), code_fit.predict(X))  # codes also accepted


@pytest.mark.parametrize("file", TEXT_FILES)
def test_bagging_on_a_text_table_equals_bagging_on_its_codes(file):
    cells, X, y, cat = _text_table(file)
    text = BaggingClassifier(n_estimators=15, random_state=3).fit(cells, y)
    codes = BaggingClassifier(n_estimators=15, estimator=DecisionTreeClassifier(categorical_features=cat),
                              random_state=3).fit(X, y)
    _same_fit(text, codes, cells, X)
    np.testing.assert_array_equal(text.sample_counts_, codes.sample_counts_)
    np.testing.assert_array_equal(text.oob_error_curve_, codes.oob_error_curve_)
    assert text.category_names_[0][0] in ("青年", "青绿") and codes.category_names_ is None
    assert all(est.categorical_.all() for est in text.estimators_)


@pytest.mark.parametrize("file", TEXT_FILES)
def test_a_random_forest_on_a_text_table_equals_one_on_its_codes(file):
    cells, X, y, cat = _text_table(file)
    text = RandomForestClassifier(n_estimators=12, random_state=1).fit(cells, y)
    tree = DecisionTreeClassifier(max_features="sqrt", categorical_features=cat)
    codes = BaggingClassifier(n_estimators=12, estimator=tree, random_state=1).fit(X, y)
    _same_fit(text, codes, cells, X)


@pytest.mark.parametrize("file", TEXT_FILES)
def test_adaboost_on_a_text_table_boosts_categorical_stumps(file):
    cells, X, y, cat = _text_table(file)
    text = AdaBoostClassifier(n_estimators=8, random_state=0).fit(cells, y)
    stump = DecisionTreeClassifier(max_depth=1, categorical_features=cat)
    codes = AdaBoostClassifier(n_estimators=8, estimator=stump, random_state=0).fit(X, y)
    _same_fit(text, codes, cells, X)
    np.testing.assert_array_equal(text.alphas_, codes.alphas_)
    np.testing.assert_array_equal(text.errors_, codes.errors_)
    assert all(est.tree_.n_splits <= 1 for est in text.estimators_)


def test_text_and_number_columns_mix_and_unknown_values_fail():
    cells, X, y, _ = _text_table("zhou_watermelon_2_0.csv")
    density = np.linspace(0.2, 0.8, len(y))[:, None]
    mixed = np.hstack([cells, density.astype(object)])
    model = BaggingClassifier(n_estimators=5, random_state=0).fit(mixed, y)
    np.testing.assert_array_equal(model.estimators_[0].categorical_, [True] * 6 + [False])
    assert model.category_names_[-1] is None
    unseen = mixed[:1].copy()
    unseen[0, 0] = "紫色"
    with pytest.raises(ValueError, match="never saw"):
        model.predict(unseen)
    with pytest.raises(ValueError, match="splits numbers only"):
        AdaBoostClassifier(estimator=DecisionStump()).fit(cells, y)


# ------------------------------------------------------------------------------------------
# CatBoost: feature combinations and the prediction shift (seed 003 §5.6.2–§5.6.3)


def test_combined_categories_and_the_accuracy_of_an_encoding():
    from algorithms.ensembles import combine_categories
    from algorithms.ensembles import encoding_accuracy

    combo = combine_categories(["red", "red", "blue"], ["S", "L", "S"])
    assert combo.tolist() == ["red×S", "red×L", "blue×S"]
    assert encoding_accuracy([0.9, 0.2, 0.6, 0.4], [1, 0, 0, 0]) == 0.75  # > ½ → 1: right on 3 of 4
    assert encoding_accuracy([0.1, 0.8], [1, 0]) == 1.0  # the reversed rule counts too
    with pytest.raises(ValueError, match="same length"):
        combine_categories(["a"], ["b", "c"])


def test_the_combination_sees_an_interaction_each_column_alone_misses():
    from algorithms.ensembles import combine_categories
    from algorithms.ensembles import encoding_accuracy
    from algorithms.ensembles import interaction_table

    colour, size, y = interaction_table(60, random_state=0)
    order = np.arange(60)
    acc = [
        encoding_accuracy(ordered_target_statistics(c, y, permutation=order), y)
        for c in (colour, size, combine_categories(colour, size))
    ]
    assert acc[2] > 0.8 and max(acc[:2]) < 0.65


def test_prediction_shift_by_hand_and_on_a_noise_category():
    from algorithms.ensembles import noise_categories
    from algorithms.ensembles import prediction_shift

    # training A, A, B with y 1, 0, 1 (P = 2/3, α = 1); identity order
    shift = prediction_shift(["A", "A", "B"], [1, 0, 1], ["A", "C"], [1, 0], 1.0, permutation=[0, 1, 2])
    greedy = np.array([(1 + 2 / 3) / 3, (1 + 2 / 3) / 3, (1 + 2 / 3) / 2])
    ordered = np.array([2 / 3, (1 + 2 / 3) / 2, 2 / 3])
    assert shift.greedy_train == pytest.approx(np.mean((np.array([1, 0, 1]) - greedy) ** 2))
    assert shift.ordered_train == pytest.approx(np.mean((np.array([1, 0, 1]) - ordered) ** 2))
    # new A: (1 + 0 + αP)/(2 + α); new C was never seen: P
    assert shift.test == pytest.approx(np.mean([(1 - (1 + 2 / 3) / 3) ** 2, (0 - 2 / 3) ** 2]))
    cats, y = noise_categories(60, 30, random_state=0)
    new_cats, new_y = noise_categories(400, 30, random_state=1)
    big = prediction_shift(cats, y, new_cats, new_y, 1.0, permutation=np.arange(60))
    assert big.greedy_train < big.test - 0.1  # the leaky TS looks far better than it is
    assert abs(big.ordered_train - big.test) < abs(big.greedy_train - big.test)


def test_boosting_rounds_grown_on_the_presorted_x_equal_fresh_trees():
    """Boosting sorts X once per fit; each round's tree is the tree grown from scratch on the
    round's residuals (or g, h), tied values in X included (before any leaf re-valuing)."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(120, 3)).round(1)
    y = X[:, 0] - X[:, 1] ** 2 + 0.3 * rng.normal(size=120)
    yc = (y > np.median(y)).astype(int)
    no_categories = np.zeros(3, dtype=bool)

    def fresh(crit, depth, msl):
        return _Builder(crit, X, no_categories, False, depth, msl, 0.0, None, None,
                        None).grow(np.ones(len(X)))

    fitted = []
    for model in (GradientBoostingRegressor(6, max_depth=3).fit(X, y),
                  GradientBoostingClassifier(6, max_depth=2, min_samples_leaf=3).fit(X, yc)):
        fitted += [(step.trees[0], fresh(_SquaredError(step.residuals), model.max_depth,
                                         model.min_samples_leaf)) for step in model.history_]
    model = SecondOrderBoostingClassifier(6, max_depth=3).fit(X, yc)
    fitted += [(step.trees[0], fresh(_SecondOrder(step.gradients, step.hessians, model.lam,
                                                  model.gamma, model.min_child_weight), 3, 1))
               for step in model.history_]
    assert len(fitted) == 18
    for a, b in fitted:
        assert a.n_nodes == b.n_nodes >= 7
        for name in ("parent", "feature", "threshold", "n_samples", "reason", "impurity"):
            np.testing.assert_array_equal(getattr(a, name), getattr(b, name))


def test_second_order_rounds_equal_trees_grown_from_scratch():
    """Second-order boosting grows each round level by level on X sorted once per fit and takes
    every row's leaf from the grow: bit for bit the tree grown from scratch on the round's g, h,
    f the same as a predict pass, and the node-by-node builder's tree (structure, features,
    thresholds exactly; G, H, w*, gains to 1e-12), on data with ties, two and three classes,
    the regressor, λ = 0 with min_child_weight > 0, γ > 0. With λ = 0 a node whose rows all
    have the same g/h has gain 0 at every threshold, up to rounding, which decides; there the
    two builders may disagree."""
    n_trees = 0
    for seed in range(36):
        rng = np.random.default_rng(100 + seed)
        n, d = int(rng.integers(20, 250)), int(rng.integers(1, 4))
        X = rng.normal(size=(n, d)).round(seed % 3)
        y = X @ rng.normal(size=d) + rng.normal(size=n)
        params = [{}, dict(lam=0.0, min_child_weight=0.5), dict(gamma=0.3, learning_rate=0.5),
                  dict(lam=3.0, min_child_weight=0.0, max_depth=4)][seed % 4]
        target = [(y > 0).astype(int), np.digitize(y, [-0.5, 0.5]), y][seed % 3]
        make = SecondOrderBoostingRegressor if seed % 3 == 2 else SecondOrderBoostingClassifier
        model = make(n_estimators=6, **params).fit(X, target)
        curve = (model.loss_curve(X, target)[1:] if make is SecondOrderBoostingClassifier
                 else [np.mean((target - f) ** 2) for f in model.staged_predict(X)])
        np.testing.assert_array_equal(curve, model.train_loss_)
        for step in model.history_:
            for k, a in enumerate(step.trees):
                g, h = (v if v.ndim == 1 else v[:, k] for v in (step.gradients, step.hessians))
                builder = _Builder(_SecondOrder(g, h, model.lam, model.gamma,
                                                model.min_child_weight), X,
                                   np.zeros(d, dtype=bool), False, model.max_depth, 1, 0.0, None,
                                   None, None)
                fresh = builder.grow(np.ones(n))
                for name in ("parent", "feature", "threshold", "n_samples", "reason", "stats",
                             "value", "impurity", "score"):
                    np.testing.assert_array_equal(getattr(a, name), getattr(fresh, name))
                for name in a._candidates:
                    np.testing.assert_array_equal(a._candidates[name], fresh._candidates[name])
                n_trees += 1
                if model.lam == 0:
                    continue
                b = builder._grow_nodes(np.ones(n))
                assert a.n_nodes == b.n_nodes
                for name in ("parent", "feature", "threshold", "n_samples", "reason"):
                    np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
                for name in ("stats", "value", "impurity", "score"):
                    np.testing.assert_allclose(getattr(a, name), getattr(b, name), rtol=1e-12,
                                               atol=1e-12)
    assert n_trees > 250
