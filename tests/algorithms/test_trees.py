"""Tests for algorithms.trees: Li Hang ch. 5 oracles (seed 002 §2, §5), scikit-learn parity,
pruning invariants, missing values (seed 003 §4.5) and input checks."""

import hashlib
import itertools

import numpy as np
import pytest
from sklearn.tree import DecisionTreeClassifier as SkTreeClassifier
from sklearn.tree import DecisionTreeRegressor as SkTreeRegressor

from algorithms import trees
from algorithms.trees import DecisionTreeClassifier
from algorithms.trees import DecisionTreeRegressor
from algorithms.trees import Tree
from algorithms.trees import criterion_table
from algorithms.trees import entropy
from algorithms.trees import gini
from algorithms.trees import split_curve

BOOK_H = 1.5e-3        # numbers the book prints to 3 d.p. (covers the 0.251 rounding, erratum #6)
BOOK_GINI = 6e-3       # Gini printed to 2 d.p.
DERIVED = 1e-6         # the spec's [DERIVED] values (6 d.p.)

# Table 5.1 (seed 002 §2.11) with the book's CART coding: age 1/2/3 = youth/middle/old; job,
# house 1 = yes, 2 = no; credit 1/2/3 = very good/good/fair.
LOAN = [
    (1, 'youth', 'no', 'no', 'fair', 'no'), (2, 'youth', 'no', 'no', 'good', 'no'),
    (3, 'youth', 'yes', 'no', 'good', 'yes'), (4, 'youth', 'yes', 'yes', 'fair', 'yes'),
    (5, 'youth', 'no', 'no', 'fair', 'no'), (6, 'middle', 'no', 'no', 'fair', 'no'),
    (7, 'middle', 'no', 'no', 'good', 'no'), (8, 'middle', 'yes', 'yes', 'good', 'yes'),
    (9, 'middle', 'no', 'yes', 'very_good', 'yes'), (10, 'middle', 'no', 'yes', 'very_good', 'yes'),
    (11, 'old', 'no', 'yes', 'very_good', 'yes'), (12, 'old', 'no', 'yes', 'good', 'yes'),
    (13, 'old', 'yes', 'no', 'good', 'yes'), (14, 'old', 'yes', 'no', 'very_good', 'yes'),
    (15, 'old', 'no', 'no', 'fair', 'no'),
]
CODES = [{'youth': 1, 'middle': 2, 'old': 3}, {'yes': 1, 'no': 2}, {'yes': 1, 'no': 2},
         {'very_good': 1, 'good': 2, 'fair': 3}]
X_LOAN = np.array([[CODES[j][row[j + 1]] for j in range(4)] for row in LOAN], dtype=float)
Y_LOAN = np.array([row[5] for row in LOAN])
ALL_CAT = [0, 1, 2, 3]

X52 = np.arange(1, 11, dtype=float)
Y52 = np.array([4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00])


def loan_tree(criterion):
    return DecisionTreeClassifier(criterion=criterion, categorical_features=ALL_CAT).fit(X_LOAN,
                                                                                        Y_LOAN)


def samples_per_leaf(model, X):
    """Book sample ids (1-based) in each leaf, as a set of frozensets."""
    leaves = model.apply(X)
    return {frozenset((np.flatnonzero(leaves == leaf) + 1).tolist()) for leaf in np.unique(leaves)}


FIG_5_5 = {frozenset({4, 8, 9, 10, 11, 12}), frozenset({3, 13, 14}),
           frozenset({1, 2, 5, 6, 7, 15})}


# ------------------------------------------------------------------------------------------
# Impurities


def test_entropy_and_gini_oracles():
    # seed 003 D2 and Li Hang (5.4): 50/50 → 1 bit and Gini 0.5; uniform 3 classes → log2 3.
    assert entropy([5, 5]) == pytest.approx(1.0)
    assert gini([5, 5]) == pytest.approx(0.5)
    assert entropy([1, 1, 1]) == pytest.approx(np.log2(3))
    assert entropy([7, 0]) == 0.0 and gini([7, 0]) == 0.0          # 0·log 0 = 0
    p = np.linspace(0.01, 0.99, 7)
    np.testing.assert_allclose(gini(np.column_stack([p, 1 - p])), 2 * p * (1 - p))   # (5.23)
    assert entropy([9, 6]) == pytest.approx(0.971, abs=BOOK_H)                      # Ex 5.2
    with pytest.raises(ValueError):
        entropy([-1, 2])


# ------------------------------------------------------------------------------------------
# Examples 5.2–5.4 (book numbers and the spec's derived full-precision values)


def test_example_5_2_root_information_gain_table():
    table = criterion_table(X_LOAN, Y_LOAN)
    assert table.entropy == pytest.approx(0.971, abs=BOOK_H)
    assert table.entropy == pytest.approx(0.970951, abs=DERIVED)
    book_gain = [0.083, 0.324, 0.420, 0.363]
    book_cond = {0: 0.888, 2: 0.551, 3: 0.608}
    derived = [  # H(D|A), g, H_A(D), g/H_A, g/H(D)  (seed 002 §2.12)
        (0.887943, 0.083007, 1.584963, 0.052372, 0.085491),
        (0.647300, 0.323650, 0.918296, 0.352447, 0.333333),
        (0.550978, 0.419973, 0.970951, 0.432538, 0.432538),
        (0.607961, 0.362990, 1.565596, 0.231854, 0.373850)]
    for f, fs in enumerate(table.features):
        assert fs.gain == pytest.approx(book_gain[f], abs=BOOK_H)
        if f in book_cond:
            assert fs.conditional_entropy == pytest.approx(book_cond[f], abs=BOOK_H)
        got = (fs.conditional_entropy, fs.gain, fs.split_info, fs.gain_ratio, fs.gain_ratio_book)
        np.testing.assert_allclose(got, derived[f], atol=DERIVED)
    # per-branch counts of A4 credit: very good (4, 0), good (4, 2), fair (1, 4) as (yes, no)
    np.testing.assert_array_equal(table.features[3].branch_counts[:, ::-1], [[4, 0], [4, 2], [1, 4]])
    assert int(np.argmax([fs.gain for fs in table.features])) == 2          # A3 owns house


def test_id3_root_candidates_carry_the_same_numbers():
    root = loan_tree("entropy").nodes_[0]
    assert root.kind == "multiway" and root.feature == 2
    assert [c.feature for c in root.candidates] == [0, 1, 2, 3]
    np.testing.assert_allclose([c.score for c in root.candidates],
                               [0.083007, 0.323650, 0.419973, 0.362990], atol=DERIVED)
    np.testing.assert_allclose([c.children_impurity for c in root.candidates],
                               [0.887943, 0.647300, 0.550978, 0.607961], atol=DERIVED)
    assert root.impurity == pytest.approx(0.970951, abs=DERIVED)


def test_example_5_3_second_level_and_id3_tree():
    model = loan_tree("entropy")
    d2 = np.array([1, 2, 3, 5, 6, 7, 13, 14, 15]) - 1
    table = criterion_table(X_LOAN[d2], Y_LOAN[d2])
    assert table.entropy == pytest.approx(0.918, abs=BOOK_H)
    a1, a2, a4 = table.features[0], table.features[1], table.features[3]
    assert a1.conditional_entropy == pytest.approx(0.667, abs=BOOK_H)
    assert a1.gain == pytest.approx(0.251, abs=BOOK_H)              # printed 0.251 (erratum #6)
    assert a1.gain == pytest.approx(0.251629, abs=DERIVED)
    assert a2.gain == pytest.approx(0.918, abs=BOOK_H)
    assert a4.gain == pytest.approx(0.474, abs=BOOK_H)
    np.testing.assert_allclose([a1.split_info, a1.gain_ratio, a4.gain_ratio, a4.gain_ratio_book],
                               [1.530493, 0.164411, 0.340374, 0.516012], atol=DERIVED)
    # The tree of Figure 5.5: house → (yes: 是) (no: job → yes: 是, no: 否)
    nodes = model.nodes_
    assert [nd.kind for nd in nodes] == ["multiway", "leaf", "multiway", "leaf", "leaf"]
    assert nodes[0].feature == 2 and nodes[2].feature == 1
    assert [nodes[i].label for i in (1, 3, 4)] == ["yes", "yes", "no"]
    assert nodes[2].score == pytest.approx(0.918296, abs=DERIVED)
    assert samples_per_leaf(model, X_LOAN) == FIG_5_5
    assert model.rules(["age", "job", "house", "credit"]) == [
        (1, ["house = 1"], "yes"), (3, ["house = 2", "job = 1"], "yes"),
        (4, ["house = 2", "job = 2"], "no")]


@pytest.mark.parametrize("criterion", ["gain_ratio", "gain_ratio_book"])
def test_exercise_5_1_c45_gives_the_id3_tree(criterion):
    model = loan_tree(criterion)
    ratios = {"gain_ratio": [0.052372, 0.352447, 0.432538, 0.231854],
              "gain_ratio_book": [0.085491, 0.333333, 0.432538, 0.373850]}[criterion]
    np.testing.assert_allclose([c.score for c in model.nodes_[0].candidates], ratios, atol=DERIVED)
    assert model.nodes_[2].score == pytest.approx(1.0)
    assert samples_per_leaf(model, X_LOAN) == FIG_5_5


def test_gain_ratio_penalises_many_valued_features_unlike_the_printed_definition():
    # An ID column (every value distinct) has the largest gain H(D); the standard ratio g/H_A(D)
    # divides it by log2(15) and prefers "owns house", the printed g/H(D) keeps the ID column.
    X = np.column_stack([X_LOAN, np.arange(15)])
    cat = [0, 1, 2, 3, 4]
    std = DecisionTreeClassifier(criterion="gain_ratio", categorical_features=cat).fit(X, Y_LOAN)
    book = DecisionTreeClassifier(criterion="gain_ratio_book", categorical_features=cat).fit(X, Y_LOAN)
    id3 = DecisionTreeClassifier(criterion="entropy", categorical_features=cat).fit(X, Y_LOAN)
    assert std.nodes_[0].feature == 2
    assert book.nodes_[0].feature == 4 and id3.nodes_[0].feature == 4


def test_example_5_4_cart_gini_values_and_tree():
    model = loan_tree("gini")
    root = model.nodes_[0]
    got = {(c.feature, c.category): c.children_impurity for c in root.candidates}
    book = {(0, 1.0): 0.44, (0, 2.0): 0.48, (0, 3.0): 0.44, (1, 1.0): 0.32, (2, 1.0): 0.27,
            (3, 1.0): 0.36, (3, 2.0): 0.47, (3, 3.0): 0.32}
    assert set(got) == set(book)                 # binary features get a single cut "A = 1"
    for key, value in book.items():
        assert got[key] == pytest.approx(value, abs=BOOK_GINI)
    exact = {(0, 1.0): 11 / 25, (0, 2.0): 12 / 25, (0, 3.0): 11 / 25, (1, 1.0): 8 / 25,
             (2, 1.0): 4 / 15, (3, 1.0): 4 / 11, (3, 2.0): 64 / 135, (3, 3.0): 8 / 25}
    for key, value in exact.items():
        assert got[key] == pytest.approx(value, abs=1e-12)
    assert root.impurity == pytest.approx(12 / 25)
    assert (root.kind, root.feature, root.category) == ("equals", 2, 1.0)
    second = model.nodes_[root.children[1]]
    assert (second.feature, second.category) == (1, 1.0)
    d2 = {(c.feature, c.category): c.children_impurity for c in second.candidates}
    np.testing.assert_allclose([d2[(0, 1.0)], d2[(0, 2.0)], d2[(0, 3.0)], d2[(1, 1.0)],
                                d2[(3, 1.0)], d2[(3, 2.0)], d2[(3, 3.0)]],
                               [13 / 30, 8 / 21, 1 / 3, 0, 1 / 3, 2 / 5, 4 / 15], atol=1e-12)
    assert samples_per_leaf(model, X_LOAN) == FIG_5_5
    table = criterion_table(X_LOAN, Y_LOAN)
    np.testing.assert_allclose(table.features[0].gini_binary, [11 / 25, 12 / 25, 11 / 25])


def test_ties_are_broken_by_column_then_value_order():
    # A1 = 1 and A1 = 3 tie at 0.44 (Example 5.4): on the age column alone, the first value wins.
    model = DecisionTreeClassifier(criterion="gini", categorical_features=[0], max_depth=1)
    model.fit(X_LOAN[:, :1], Y_LOAN)
    assert model.nodes_[0].category == 1.0
    # the same data with the columns swapped picks the first column among equals
    X = np.column_stack([X_LOAN[:, 3], X_LOAN[:, 1]])       # A4 = 3 and A2 = 1 tie at 0.32
    m = DecisionTreeClassifier(categorical_features=[0, 1], max_depth=1).fit(X, Y_LOAN)
    assert (m.nodes_[0].feature, m.nodes_[0].category) == (0, 3.0)
    m = DecisionTreeClassifier(categorical_features=[0, 1], max_depth=1).fit(X[:, ::-1], Y_LOAN)
    assert (m.nodes_[0].feature, m.nodes_[0].category) == (0, 1.0)


# ------------------------------------------------------------------------------------------
# Table 5.2: least-squares regression tree (Exercise 5.2, seed 002 §2.13)


def test_table_5_2_split_curve_and_root():
    curve = split_curve(X52, Y52, "squared_error")
    np.testing.assert_allclose(curve.thresholds, np.arange(1, 10) + 0.5)
    m_s = 10 * curve.children_impurity                   # m(s) = SSE₁ + SSE₂
    np.testing.assert_allclose(m_s, [22.648, 17.702238, 12.193486, 7.3787, 3.35872, 5.073958,
                                     10.052467, 15.1778, 21.328], atol=DERIVED)
    root = DecisionTreeRegressor(max_depth=1).fit(X52, Y52)
    assert root.nodes_[0].threshold == 5.5
    np.testing.assert_allclose(root.predict([[5], [6]]), [5.06, 8.176])
    assert root.nodes_[0].impurity * 10 == pytest.approx(27.632360, abs=DERIVED)


def test_table_5_2_depth_two_and_three():
    two = DecisionTreeRegressor(max_depth=2).fit(X52, Y52)
    assert sorted(nd.threshold for nd in two.nodes_ if not nd.is_leaf) == [3.5, 5.5, 7.5]
    np.testing.assert_allclose(two.predict(X52[:, None]),
                               np.repeat([4.72, 5.57, 7.475, 8.643333], [3, 2, 2, 3]), atol=DERIVED)
    assert np.sum((two.predict(X52) - Y52) ** 2) == pytest.approx(0.853717, abs=DERIVED)
    three = DecisionTreeRegressor(max_depth=3).fit(X52, Y52)
    np.testing.assert_allclose(np.unique(three.predict(X52)),
                               [4.50, 4.83, 5.34, 5.80, 7.05, 7.90, 8.23, 8.85], atol=DERIVED)
    assert np.sum((three.predict(X52) - Y52) ** 2) == pytest.approx(0.0578, abs=DERIVED)
    full = DecisionTreeRegressor().fit(X52, Y52)
    assert full.get_n_leaves() == 10 and np.allclose(full.predict(X52), Y52)


def test_regression_tree_is_piecewise_constant_on_1d_toy_data():
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3, 3, 80))
    y = np.sin(x) + 0.1 * rng.standard_normal(80)
    model = DecisionTreeRegressor(max_depth=3).fit(x, y)
    grid = np.linspace(-3, 3, 400)
    pred = model.predict(grid)
    assert len(np.unique(pred)) == model.get_n_leaves() <= 8
    leaves = model.apply(x[:, None])
    for leaf in np.unique(leaves):                       # each leaf predicts its samples' mean
        assert model.tree_.value[leaf, 0] == pytest.approx(y[leaves == leaf].mean())


# ------------------------------------------------------------------------------------------
# Pruning (§2.6 and §2.10; errata #4)


def test_pruning_path_b_table_5_2():
    path = DecisionTreeRegressor().cost_complexity_pruning_path(X52, Y52, normalize=False)
    np.testing.assert_allclose(path.ccp_alphas, [0, 0.0128, 0.045, 0.0726, 0.1058, 0.256267,
                                                 0.36125, 0.867, 1.638003, 24.27364], atol=DERIVED)
    np.testing.assert_allclose(path.impurities, [0, 0.0128, 0.0578, 0.1304, 0.2362, 0.492467,
                                                 0.853717, 1.720717, 3.35872, 27.63236],
                               atol=DERIVED)
    np.testing.assert_array_equal(path.n_leaves, np.arange(10, 0, -1))
    per_sample = DecisionTreeRegressor().cost_complexity_pruning_path(X52, Y52)
    np.testing.assert_allclose(per_sample.ccp_alphas, path.ccp_alphas / 10)
    sk = SkTreeRegressor(random_state=0).cost_complexity_pruning_path(X52[:, None], Y52)
    np.testing.assert_allclose(per_sample.ccp_alphas, sk.ccp_alphas, atol=1e-12)
    np.testing.assert_allclose(per_sample.impurities, sk.impurities, atol=1e-12)
    # initial g(t) of T_0: the weakest link [2, 3] (0.0128) is pruned first
    full = DecisionTreeRegressor().fit(X52, Y52)
    (weakest,) = path.pruned[1]
    assert full.nodes_[weakest].n_samples == 2
    assert full.nodes_[weakest].value[0] == pytest.approx(4.83)        # the region {2, 3}
    pruned = full.prune(0.3, normalize=False)
    assert pruned.get_n_leaves() == 5
    np.testing.assert_allclose(np.unique(pruned.predict(X52)), [4.72, 5.57, 7.05, 7.9, 8.643333],
                               atol=DERIVED)


def test_pruning_path_a_loan_data_all_conventions():
    id3 = loan_tree("entropy")
    bits = id3.pruning_path(normalize=False)
    np.testing.assert_allclose(bits.ccp_alphas, [0, 7.282129], atol=DERIVED)
    np.testing.assert_array_equal(bits.n_leaves, [3, 1])
    cart = loan_tree("gini")
    path = cart.pruning_path(normalize=False)
    np.testing.assert_allclose(path.ccp_alphas, [0, 3.6])               # g(root)=3.6 < g(t2)=4
    np.testing.assert_allclose(cart.pruning_path().ccp_alphas, [0, 0.24])   # (N_t/N)·Gini
    err = cart.pruning_path(normalize=False, cost="error")             # tie g = 3 at both nodes
    np.testing.assert_allclose(err.ccp_alphas, [0, 3.0])
    assert err.pruned[1] == (0,)                                       # top-down: the root


def test_c_alpha_pruning_dp_versus_literal_algorithm_5_4():
    model = loan_tree("entropy")
    assert model.tree_.cost_complexity(7.0, normalize=False) == pytest.approx(21.0)   # C(T)=0
    for alpha, dp_leaves, literal_leaves in [(7.0, 3, 3), (7.2821, 3, 3), (7.2822, 1, 3),
                                             (8.0, 1, 3), (8.2646, 1, 3), (8.2647, 1, 1)]:
        dp = model.prune(alpha, "c_alpha", normalize=False)
        literal = model.prune(alpha, "c_alpha_literal", normalize=False)
        ccp = model.prune(alpha, "ccp", normalize=False)
        assert dp.get_n_leaves() == dp_leaves == ccp.get_n_leaves()
        assert literal.get_n_leaves() == literal_leaves
        # the DP optimum is never worse than the literal retraction
        assert (dp.tree_.cost_complexity(alpha, normalize=False)
                <= literal.tree_.cost_complexity(alpha, normalize=False) + 1e-9)
    assert model.prune(8.3, "c_alpha", normalize=False).nodes_[0].leaf_reason == "pruned"


def _subtrees(tree):
    """Every pruned subtree of a small tree, as sets of collapsed internal nodes."""
    internal = [i for i in range(tree.n_nodes) if not tree.is_leaf[i]]
    seen = {}
    for k in range(len(internal) + 1):
        for combo in itertools.combinations(internal, k):
            t = tree._collapse(combo, "pruned")
            seen[tuple(t.origin)] = t
    return list(seen.values())


@pytest.mark.parametrize("seed", range(4))
def test_pruned_trees_minimise_c_alpha_exhaustively(seed):
    # Exercises 5.3/5.4: T_k of the path is the smallest minimiser of C_α on [α_k, α_{k+1}).
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(40, 2))
    y = (X[:, 0] + 0.8 * rng.normal(size=40) > 0).astype(int)
    model = DecisionTreeClassifier(max_depth=3).fit(X, y)
    candidates = _subtrees(model.tree_)
    path = model.pruning_path(normalize=False)
    assert np.all(np.diff(path.ccp_alphas) > 0)              # strictly increasing
    assert np.all(np.diff(path.impurities) >= -1e-12)        # cost grows as the tree shrinks
    alphas = np.concatenate([path.ccp_alphas, path.ccp_alphas[1:] - 1e-6, rng.uniform(0, 8, 10)])
    for alpha in alphas:
        costs = np.array([t.cost_complexity(alpha, normalize=False) for t in candidates])
        best = costs.min()
        smallest = min(t.n_leaves for t, c in zip(candidates, costs, strict=True) if c <= best + 1e-9)
        for method in ("ccp", "c_alpha"):
            t = model.tree_.prune(alpha, method, normalize=False)
            assert t.cost_complexity(alpha, normalize=False) == pytest.approx(best, abs=1e-9)
            assert t.n_leaves == smallest


def _from_sklearn(sk):
    """An algorithms.trees.Tree with exactly the structure of a fitted scikit-learn tree."""
    t = sk.tree_
    order, parent, branch, i = [0], [-1], [-1], 0
    while i < len(order):
        node = order[i]
        if t.children_left[node] != -1:
            for b, child in enumerate((t.children_left[node], t.children_right[node])):
                order.append(child)
                parent.append(i)
                branch.append(b)
        i += 1
    new = {old: k for k, old in enumerate(order)}
    n = len(order)
    first = np.array([new[t.children_left[o]] if t.children_left[o] != -1 else -1 for o in order])
    value = t.value[order, 0, :]
    W = t.weighted_n_node_samples[order]
    cols = dict(parent=parent, depth=np.zeros(n, int), branch=branch,
                kind=np.where(first >= 0, 1, 0), feature=np.where(first >= 0, t.feature[order], -1),
                threshold=t.threshold[order], category=np.full(n, np.nan), first_child=first,
                n_children=np.where(first >= 0, 2, 0), fraction=np.ones(n),
                n_samples=t.n_node_samples[order], weighted_n_samples=W,
                stats=value * W[:, None], value=value, impurity=t.impurity[order],
                score=np.full(n, np.nan), reason=np.zeros(n, int), origin=np.arange(n))
    for k in range(1, n):
        cols["depth"][k] = cols["depth"][parent[k]] + 1
    task = "classification" if hasattr(sk, "classes_") else "regression"
    return Tree(cols, sk.n_features_in_, task, getattr(sk, "classes_", None))


def _distinct(alphas, impurities):
    """Collapse scikit-learn's repeated α (one step per tied node) to the last cost per α."""
    out_a, out_c = [alphas[0]], [impurities[0]]
    for a, c in zip(alphas[1:], impurities[1:], strict=True):
        if abs(a - out_a[-1]) <= 1e-12 * max(1.0, abs(a)):
            out_c[-1] = c
        else:
            out_a.append(a)
            out_c.append(c)
    return np.array(out_a), np.array(out_c)


@pytest.mark.parametrize("seed", range(3))
def test_ccp_path_matches_sklearn_on_the_same_tree(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(150, 3))
    y = (X[:, 0] + X[:, 1] ** 2 + 0.8 * rng.normal(size=150) > 0.8).astype(int)
    for sk in (SkTreeClassifier(random_state=seed).fit(X, y),
               SkTreeRegressor(random_state=seed, min_samples_leaf=2).fit(X, X[:, 0] * y)):
        ref = sk.cost_complexity_pruning_path(X, y if hasattr(sk, "classes_") else X[:, 0] * y)
        ours = _from_sklearn(sk).pruning_path()
        a, c = _distinct(ref.ccp_alphas, ref.impurities)
        np.testing.assert_allclose(ours.ccp_alphas, a, rtol=1e-9, atol=1e-14)
        np.testing.assert_allclose(ours.impurities, c, rtol=1e-9, atol=1e-14)


def test_ccp_path_and_pruning_match_sklearn_when_trees_coincide():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(300, 2))
    y = (X[:, 0] * X[:, 1] + 0.3 * rng.normal(size=300) > 0).astype(int)
    ours = DecisionTreeClassifier(min_samples_leaf=4)
    sk = SkTreeClassifier(min_samples_leaf=4, random_state=0)
    a = ours.cost_complexity_pruning_path(X, y)
    b = sk.cost_complexity_pruning_path(X, y)
    ref_a, ref_c = _distinct(b.ccp_alphas, b.impurities)
    np.testing.assert_allclose(a.ccp_alphas, ref_a, rtol=1e-9, atol=1e-14)
    np.testing.assert_allclose(a.impurities, ref_c, rtol=1e-9, atol=1e-14)
    grid = rng.normal(size=(2000, 2))
    for alpha in (0.002, 0.005, 0.01):
        p = DecisionTreeClassifier(min_samples_leaf=4, ccp_alpha=alpha).fit(X, y)
        q = SkTreeClassifier(min_samples_leaf=4, ccp_alpha=alpha, random_state=0).fit(X, y)
        assert p.get_n_leaves() == q.get_n_leaves()
        np.testing.assert_array_equal(p.predict(grid), q.predict(grid))
        pruned = ours.fit(X, y).prune(alpha)
        np.testing.assert_array_equal(pruned.predict(grid), q.predict(grid))


# ------------------------------------------------------------------------------------------
# scikit-learn parity of growth


def _compare_with_sklearn(ours, ref):
    """Walk both trees breadth-first. Where our node had no tie the split must be identical;
    where several candidates tie exactly (scikit-learn breaks ties by a random feature order),
    scikit-learn's feature must be one of our tied ones and the subtrees are not compared.
    Returns the number of tie nodes met."""
    t, ties, queue = ours.tree_, 0, [(0, 0)]
    while queue:
        i, j = queue.pop(0)
        assert t.n_samples[i] == ref.n_samples[j]
        assert t.impurity[i] == pytest.approx(ref.impurity[j], abs=1e-12)
        assert t.is_leaf[i] == ref.is_leaf[j]
        if t.is_leaf[i]:
            continue
        scores = np.array([c.score for c in t.candidates(i)])
        tied = [c.feature for c, s in zip(t.candidates(i), scores, strict=True) if s >= scores.max() - 1e-12]
        if len(tied) > 1:
            ties += 1
            assert ref.feature[j] in tied
            continue
        assert t.feature[i] == ref.feature[j]
        assert t.threshold[i] == pytest.approx(ref.threshold[j], abs=1e-6)   # sklearn: float32 X
        queue += list(zip(ours.tree_.children(i), ref.children(j), strict=True))
    return ties


@pytest.mark.parametrize("seed", [1, 2, 4])        # seeds whose depth-4 trees have no ties
def test_gini_tree_matches_sklearn(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(400, 3))
    y = (X[:, 0] * X[:, 1] + 0.5 * X[:, 2] + 0.3 * rng.normal(size=400) > 0).astype(int)
    for depth, leaf in ((4, 5), (6, 1)):
        ours = DecisionTreeClassifier(max_depth=depth, min_samples_leaf=leaf).fit(X, y)
        sk = SkTreeClassifier(max_depth=depth, min_samples_leaf=leaf, random_state=0).fit(X, y)
        ties = _compare_with_sklearn(ours, _from_sklearn(sk))
        if depth == 4:                       # no ties here: identical trees, identical outputs
            assert ties == 0
            grid = rng.normal(size=(5000, 3))
            np.testing.assert_array_equal(ours.predict(grid), sk.predict(grid))
            np.testing.assert_allclose(ours.predict_proba(grid), sk.predict_proba(grid),
                                       atol=1e-12)
            np.testing.assert_array_equal(ours.predict(X), sk.predict(X))


def test_regression_and_entropy_trees_match_sklearn():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(300, 2))
    y = np.sin(2 * X[:, 0]) + X[:, 1] + 0.2 * rng.normal(size=300)
    ours = DecisionTreeRegressor(max_depth=4, min_samples_leaf=3).fit(X, y)
    sk = SkTreeRegressor(max_depth=4, min_samples_leaf=3, random_state=0).fit(X, y)
    grid = rng.normal(size=(3000, 2))
    np.testing.assert_allclose(ours.predict(grid), sk.predict(grid), atol=1e-10)
    yc = (y > 0).astype(int)
    ours = DecisionTreeClassifier(criterion="entropy", max_depth=4).fit(X, yc)
    sk = SkTreeClassifier(criterion="entropy", max_depth=4, random_state=0).fit(X, yc)
    np.testing.assert_allclose(ours.predict_proba(grid), sk.predict_proba(grid), atol=1e-12)


def test_sample_weights_match_repeated_rows():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(60, 2))
    y = (X[:, 0] > 0.2 * rng.normal(size=60)).astype(int)
    counts = rng.integers(1, 4, 60)
    a = DecisionTreeClassifier(max_depth=3).fit(X, y, sample_weight=counts)
    b = DecisionTreeClassifier(max_depth=3).fit(np.repeat(X, counts, 0), np.repeat(y, counts))
    grid = rng.normal(size=(500, 2))
    np.testing.assert_allclose(a.predict_proba(grid), b.predict_proba(grid), atol=1e-12)


# ------------------------------------------------------------------------------------------
# Structure: growth order, truncation, routing, regions


def test_level_wise_and_node_wise_growth_agree(monkeypatch):
    rng = np.random.default_rng(4)
    for trial in range(12):
        n, d = 30 + 10 * trial, 1 + trial % 3
        X = rng.normal(size=(n, d)).round(trial % 3)
        y = rng.integers(0, 2 + trial % 2, n)
        w = rng.uniform(0.2, 2, n) if trial % 2 else None
        kw = dict(max_depth=[None, 3, 5][trial % 3], min_samples_leaf=1 + trial % 3,
                  max_features=1 if d > 1 else None, random_state=trial)
        criterion = trees._CLASS_CRITERIA[trial % 4]
        for make, target in ((lambda kw=kw, c=criterion: DecisionTreeClassifier(criterion=c, **kw), y),
                             (lambda kw=kw: DecisionTreeRegressor(**kw), X[:, 0] + rng.normal(size=n))):
            monkeypatch.setattr(trees._Builder, "levelwise", True)
            a = make().fit(X, target, sample_weight=w).tree_
            monkeypatch.setattr(trees._Builder, "levelwise", False)
            b = make().fit(X, target, sample_weight=w).tree_
            assert a.n_nodes == b.n_nodes
            for name in ("parent", "feature", "first_child", "n_samples", "reason"):
                np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
            for name in ("threshold", "impurity", "value", "score", "weighted_n_samples"):
                np.testing.assert_allclose(getattr(a, name), getattr(b, name), rtol=1e-9,
                                           atol=1e-12)
            assert [len(a.candidates(i)) for i in range(a.n_nodes)] == \
                   [len(b.candidates(i)) for i in range(b.n_nodes)]


def test_presorted_level_growth_gives_the_node_by_node_trees(monkeypatch):
    """Each feature is sorted once at the root and the sorted lists are partitioned down the
    tree: same structure and thresholds as growing node by node (Li Hang's Table 5.2 and loan
    data, tied and untied data, several depths of fully grown trees)."""
    rng = np.random.default_rng(7)
    X3 = rng.normal(size=(400, 3)).round(1)                   # many ties in every column
    cases = [(DecisionTreeRegressor, X52[:, None], Y52),
             (DecisionTreeClassifier, X_LOAN, Y_LOAN),
             (lambda: DecisionTreeClassifier("entropy"), X_LOAN, Y_LOAN),
             (DecisionTreeClassifier, X3, (X3[:, 0] * X3[:, 1] > 0) ^ (rng.random(400) < 0.2)),
             (lambda: DecisionTreeRegressor(min_samples_leaf=3), X3,
              X3 @ [1, -2, 0.5] + rng.normal(size=400)),
             (DecisionTreeRegressor, rng.uniform(-3, 3, (300, 1)), rng.normal(size=300))]
    for make, X, y in cases:
        monkeypatch.setattr(trees._Builder, "levelwise", True)
        a = make().fit(X, y).tree_
        monkeypatch.setattr(trees._Builder, "levelwise", False)
        b = make().fit(X, y).tree_
        assert a.max_depth == b.max_depth >= 2
        for name in ("parent", "feature", "threshold", "n_samples", "reason"):
            np.testing.assert_array_equal(getattr(a, name), getattr(b, name))


def test_level_growth_gives_every_node_and_candidate_of_node_by_node_growth(monkeypatch):
    """The level-wise builder (all nodes of a level in one pass, candidates' quantities worked out
    after the last level) against the node-by-node builder: every node and every candidate's
    numbers, for classification (all criteria), regression and second-order gains, with ties,
    sample weights, depth limits, min_samples_leaf and max_features."""
    rng = np.random.default_rng(11)
    X = rng.normal(size=(240, 3)).round(1)
    w = rng.uniform(0.2, 2, 240)
    y3 = rng.integers(0, 3, 240) * (X[:, 0] > 0) + (X[:, 1] > 0.5)
    yr = X @ [1, -2, 0.5] + rng.normal(size=240)
    g, h = rng.normal(size=240), rng.uniform(0.1, 0.3, 240)
    cases = [(trees._ClassCriterion(c, y3, 4), c in trees._MULTIWAY_CRITERIA, kw, ww)
             for c in trees._CLASS_CRITERIA
             for kw, ww in ((dict(), None), (dict(max_depth=4, msl=3), w),
                            (dict(max_features=1), None))]
    cases += [(trees._SquaredError(yr), False, kw, ww)
              for kw, ww in ((dict(), None), (dict(msl=4), w), (dict(max_features=2), w))]
    cases += [(trees._SecondOrder(g, h, lam, gamma, mcw), False, dict(max_depth=5), None)
              for lam, gamma, mcw in ((1.0, 0.0, 0.5), (0.0, 0.05, 1.0))]
    assert len(cases) == 17
    for crit, multiway, kw, ww in cases:
        grown = []
        for levelwise in (True, False):
            monkeypatch.setattr(trees._Builder, "levelwise", levelwise)
            builder = trees._Builder(crit, X, np.zeros(3, dtype=bool), multiway,
                                     kw.get("max_depth"), kw.get("msl", 1), 0.0,
                                     kw.get("max_features"), np.random.default_rng(0))
            grown.append(builder.grow(np.ones(240) if ww is None else ww))
        a, b = grown
        assert a.n_nodes == b.n_nodes > 7
        for name in ("parent", "feature", "threshold", "first_child", "n_samples", "reason"):
            np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
        for name in ("impurity", "value", "stats", "score", "weighted_n_samples", "fraction"):
            np.testing.assert_allclose(getattr(a, name), getattr(b, name), rtol=1e-9, atol=1e-12)
        for i in range(a.n_nodes):
            ca, cb = a.candidates(i), b.candidates(i)
            assert [(c.feature, c.threshold) for c in ca] == [(c.feature, c.threshold) for c in cb]
            for field in ("score", "impurity_decrease", "children_impurity", "split_info"):
                np.testing.assert_allclose([getattr(c, field) for c in ca],
                                           [getattr(c, field) for c in cb], rtol=1e-9, atol=1e-11)


# Structure digests (parent, feature, threshold, n_samples, reason of the five trees of each data
# set below) recorded with the level-wise builder of a9cc2de, before its feature-major rewrite.
RECORDED_DIGESTS = [
    '946c03a929', 'b4908afa61', 'b15de0b07b', '2c2355be26', '6bd885d9d4', 'b2983b2863',
    '921c61da93', 'c745d15f11', '6abd5f6482', '57c85aefa5', 'fc28e2530a', 'e4ddb6e405',
    'a4a590e2bc', '5cd6924acf', '99ca1a0e91', '9303eb2be1', '7497ed163b', 'ebda44ef8f',
    '73a004595b', 'e42435c17c', 'ac18a61fe7', 'a826326d86', '548cdf66d0', '43d50172f7']


def test_level_growth_gives_the_recorded_trees_on_random_data():
    """24 random data sets (ties, weights, depth limits, min_samples_leaf), every criterion: the
    same trees, node for node and threshold for threshold, as the builder before the rewrite."""
    rng = np.random.default_rng(2026)
    digests = []
    for trial in range(24):
        n, d = int(rng.integers(20, 400)), int(rng.integers(1, 4))
        X = rng.normal(size=(n, d)).round(trial % 4)
        w = rng.uniform(0.2, 2, n) if trial % 3 == 1 else None
        kw = dict(max_depth=[None, None, 4][trial % 3], min_samples_leaf=[1, 1, 3, 5][trial % 4])
        yc = rng.integers(0, 2 + trial % 3, n) + (X[:, 0] > 0)
        yr = X @ rng.normal(size=d) + rng.normal(size=n) * (trial % 2)
        fits = [DecisionTreeClassifier(c, **kw).fit(X, yc, sample_weight=w)
                for c in trees._CLASS_CRITERIA]
        fits.append(DecisionTreeRegressor(**kw).fit(X, yr, sample_weight=w))
        h = hashlib.sha256()
        for est in fits:
            for name in ("parent", "feature", "threshold", "n_samples", "reason"):
                h.update(np.asarray(getattr(est.tree_, name), dtype=float).tobytes())
        digests.append(h.hexdigest()[:10])
    assert digests == RECORDED_DIGESTS


def _bench_like_trees():
    """The bench's data (two noisy half moons; a noisy sinc on sorted x) at n = 60 and 500, random
    weighted data with ties, min_samples_leaf, max_features draws, second-order gains and
    bootstrap counts: the fully grown and depth-limited trees the builder's speed work touches."""
    rng = np.random.default_rng(18)
    out = []
    for n in (60, 500):
        t = rng.uniform(0, np.pi, n)
        label = rng.integers(2, size=n)
        X = np.column_stack([np.where(label, 1 - np.cos(t), np.cos(t)),
                             np.where(label, 0.5 - np.sin(t), np.sin(t))])
        X += 0.2 * rng.normal(size=(n, 2))
        x = np.sort(rng.uniform(-3, 3, n))
        y = np.sinc(x) + 0.1 * x + 0.2 * rng.normal(size=n)
        w = rng.uniform(0.2, 2, n)
        for kw in (dict(), dict(max_depth=8), dict(min_samples_leaf=3),
                   dict(max_features=1, random_state=5)):
            out.append(DecisionTreeClassifier(**kw).fit(X, label).tree_)
            out.append(DecisionTreeClassifier(**kw).fit(X.round(1), label, sample_weight=w).tree_)
        out.append(DecisionTreeRegressor().fit(x[:, None], y).tree_)
        out.append(DecisionTreeRegressor(min_samples_leaf=2).fit(x[:, None].round(1), y,
                                                                 sample_weight=w).tree_)
        out.append(DecisionTreeRegressor(max_depth=6).fit(X, y).tree_)
        g, h = rng.normal(size=n), rng.uniform(0.1, 0.3, n)
        builder = trees._Builder(trees._SecondOrder(g, h, 1.0, 0.0, 0.2), X,
                                 np.zeros(2, dtype=bool), False, 5, 1, 0.0, None, None)
        out.append(builder.grow(np.ones(n)))
        samples = [np.unique(rng.integers(0, n, n)) for _ in range(3)]
        counts = [rng.integers(1, 4, len(s)) for s in samples]
        builder = trees._Builder(trees._ClassCriterion("gini", label, 2), X,
                                 np.zeros(2, dtype=bool), False, None, 1, 0.0, None, None)
        out += builder.grow_forest(samples, counts)
    return out


def _number_digest(tree):
    """Every number of a tree (its columns and its candidates' arrays), bit for bit."""
    h = hashlib.sha256()
    for name in ("parent", "feature", "threshold", "n_samples", "reason", "weighted_n_samples",
                 "stats", "value", "impurity", "score", "fraction"):
        h.update(np.ascontiguousarray(getattr(tree, name), dtype=float).tobytes())
    for name in trees._CAND_FIELDS:
        h.update(np.ascontiguousarray(tree._candidates[name], dtype=float).tobytes())
    return h.hexdigest()[:10]


# Number digests (every column and candidate array, bit for bit) of the trees above, recorded
# with the level-wise builder of 7fe206e, before issue 18's second speed round. Gini, squared
# error and second-order gains use + − × ÷ only, so the bits do not depend on the CPU's log.
RECORDED_NUMBER_DIGESTS = [
    '220a2bc050', 'd70b8f8a28', '220a2bc050', 'd70b8f8a28', 'e8c03c6eec', 'f2b140447a',
    'd8d3894681', '4c1ab1205e', 'cc09af3802', 'a228459103', '6e0a3bb921', '552655b942',
    'e593c35531', '18be8464c1', 'b49b53f25f', '3728d77ba9', 'e09b0f24ed', 'ec46a93753',
    'fef6cd81d9', '7275fe90d5', 'ca4675f19a', '3b2e5f1e1f', 'ec9c596d8d', 'c76661b753',
    'b49f649ef3', '688904650c', '43f6b3de3a', '9384091b49', '67571a107e', '7851f493a0',
]


def test_level_growth_keeps_every_number_of_the_recorded_trees():
    """Fully grown and limited trees on the bench's data, weighted, tied, min_samples_leaf,
    max_features, second order and bootstrap counts: the same nodes, thresholds, sums,
    impurities, values, scores and candidates, bit for bit, as before the speed work."""
    assert [_number_digest(t) for t in _bench_like_trees()] == RECORDED_NUMBER_DIGESTS


@pytest.mark.parametrize("seed", range(4))
def test_level_growth_equals_node_by_node_growth_on_random_data(monkeypatch, seed):
    """The level-wise builder against the straightforward node-by-node one on random data sets of
    2 to 60 rows: same nodes and thresholds, same numbers (every criterion, second order too)."""
    rng = np.random.default_rng(100 + seed)
    for trial in range(6):
        n, d = int(rng.choice([2, 3, 7, 25, 60])), int(rng.integers(1, 4))
        X = rng.normal(size=(n, d)).round(int(rng.integers(0, 3)))
        w = [np.ones(n), rng.uniform(0.2, 2, n)][trial % 2]
        y = rng.integers(0, 3, n)
        g, h = rng.normal(size=n), rng.uniform(0.1, 0.3, n)
        crits = [trees._ClassCriterion(c, y, 3) for c in trees._CLASS_CRITERIA]
        crits += [trees._SquaredError(X[:, 0] + rng.normal(size=n)),
                  trees._SecondOrder(g, h, 1.0, 0.0, 0.2)]
        for crit in crits:
            grown = []
            for levelwise in (True, False):
                monkeypatch.setattr(trees._Builder, "levelwise", levelwise)
                builder = trees._Builder(crit, X, np.zeros(d, dtype=bool), False,
                                         [None, 3][trial % 2], 1 + trial % 3, 0.0, None, None)
                grown.append(builder.grow(w))
            a, b = grown
            for name in ("parent", "feature", "threshold", "n_samples", "reason"):
                np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
            for name in ("impurity", "value", "stats", "score", "weighted_n_samples"):
                np.testing.assert_allclose(getattr(a, name), getattr(b, name), rtol=1e-9,
                                           atol=1e-12)


def test_breadth_first_growth_and_truncation():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(200, 2))
    y = (np.sin(3 * X[:, 0]) + X[:, 1] > 0).astype(int)
    full = DecisionTreeClassifier().fit(X, y)
    depths = full.tree_.depth
    assert np.all(np.diff(depths) >= 0)                           # ids are breadth-first
    assert all(full.nodes_[c].parent == nd.id for nd in full.nodes_ for c in nd.children)
    grid = rng.normal(size=(1000, 2))
    for d in range(5):
        cut = full.truncate(max_depth=d)
        refit = DecisionTreeClassifier(max_depth=d).fit(X, y)
        assert cut.get_depth() == refit.get_depth() <= d
        np.testing.assert_array_equal(cut.predict_proba(grid), refit.predict_proba(grid))
    internal = [nd.id for nd in full.nodes_ if not nd.is_leaf]
    for k in (0, 1, 3, 7):
        grown = full.truncate(n_splits=k)
        assert grown.tree_.n_splits == k
        assert sorted(nd.origin for nd in grown.nodes_ if not nd.is_leaf) == internal[:k]
        assert all(nd.leaf_reason == "truncated" for nd in grown.nodes_
                   if nd.is_leaf and not full.nodes_[nd.origin].is_leaf)


def test_apply_decision_path_and_node_bounds_agree():
    rng = np.random.default_rng(6)
    X = rng.normal(size=(150, 2))
    y = (X[:, 0] + X[:, 1] ** 2 > 0.5).astype(int)
    model = DecisionTreeClassifier(max_depth=4).fit(X, y)
    path = model.decision_path(X)
    leaves = model.apply(X)
    lo, hi = model.node_bounds()
    for i, leaf in enumerate(leaves):
        assert path[i, leaf] and set(np.flatnonzero(path[i])) == set(model.tree_.ancestors(leaf))
    for node in range(model.tree_.n_nodes):
        inside = np.all((X > lo[node]) & (X <= hi[node]), axis=1)
        np.testing.assert_array_equal(inside, path[:, node])
        assert inside.sum() == model.nodes_[node].n_samples
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba.sum(1), 1.0)
    np.testing.assert_allclose(proba, model.tree_.value[leaves])


def test_string_labels_and_multiclass():
    rng = np.random.default_rng(8)
    X = rng.normal(size=(90, 2))
    y = np.array(["setosa", "versicolor", "virginica"])[np.digitize(X[:, 0], [-0.4, 0.4])]
    model = DecisionTreeClassifier(max_depth=2).fit(X, y)
    assert list(model.classes_) == ["setosa", "versicolor", "virginica"]
    assert model.score(X, y) > 0.9
    assert set(model.predict(X)) <= set(model.classes_)


def test_unseen_category_falls_back_to_node_majority():
    model = loan_tree("entropy")
    x = np.array([[1.0, 1.0, 3.0, 2.0]])           # "owns house" = 3 was never seen at the root
    assert model.apply(x)[0] == 0
    assert model.predict(x)[0] == "yes"             # the root's majority (9 yes / 6 no)
    np.testing.assert_allclose(model.predict_proba(x), [[6 / 15, 9 / 15]])


# ------------------------------------------------------------------------------------------
# Missing values (seed 003 §4.5)


def test_missing_values_rho_weighted_gain_and_fractional_routing():
    # Feature A known for 4 of 5 samples (ρ = 4/5) and separates them perfectly:
    # Gain(D, A) = ρ · Gain(D̃, A) = 0.8 · 1 = 0.8. B is fully known but weak.
    X = np.array([[1, 1], [1, 2], [2, 1], [2, 2], [np.nan, 1]], dtype=float)
    y = np.array(["a", "a", "b", "b", "a"])
    model = DecisionTreeClassifier(criterion="entropy", categorical_features=[0, 1]).fit(X, y)
    root = model.nodes_[0]
    cand = {c.feature: c for c in root.candidates}
    assert cand[0].rho == pytest.approx(0.8)
    assert cand[0].impurity_decrease == pytest.approx(1.0)
    assert cand[0].score == pytest.approx(0.8)
    h_d = entropy([3, 2])
    assert cand[1].score == pytest.approx(h_d - 0.6 * entropy([2, 1]) - 0.4 * entropy([1, 1]))
    assert root.feature == 0 and root.child_fractions == (0.5, 0.5)
    table = criterion_table(X, y)                        # the same numbers for the book table
    assert (table.features[0].rho, table.features[0].gain) == (pytest.approx(0.8),
                                                               pytest.approx(0.8))
    assert table.features[0].conditional_entropy == 0.0
    left, right = (model.nodes_[c] for c in root.children)
    # the sample with a missing A goes to both children with weight r̃ = 1/2
    assert left.weighted_n_samples == pytest.approx(2.5) and left.n_samples == 3
    np.testing.assert_allclose(left.stats, [2.5, 0.0])
    np.testing.assert_allclose(right.stats, [0.5, 2.0])
    np.testing.assert_allclose(right.value, [0.2, 0.8])
    # prediction: a missing A mixes both branches with r̃ = (1/2, 1/2). The right child splits
    # further on B: B = 1 holds (0.5 a, 1 b), B = 2 holds (0, 1 b).
    np.testing.assert_allclose(model.predict_proba([[np.nan, 1]]), [[0.5 + 0.5 / 3, 0.5 * 2 / 3]])
    np.testing.assert_allclose(model.predict_proba([[np.nan, 2]]), [[0.5, 0.5]])
    stump = DecisionTreeClassifier(criterion="entropy", categorical_features=[0, 1],
                                   max_depth=1).fit(X, y)
    np.testing.assert_allclose(stump.predict_proba([[np.nan, 1]]), [[0.6, 0.4]])
    assert stump.apply([[np.nan, 1]])[0] == 1         # the heavier (first, on a tie) branch


def test_node_weights_give_each_nodes_criterion_table():
    """node_weights: 0/1 without missing values (= decision_path); r̃-fractions for a sample that goes
    down every branch; weighted criterion_table of a node = the numbers the tree used there."""
    X = np.array([[1, 1], [1, 2], [2, 1], [2, 2], [np.nan, 1]], dtype=float)
    y = np.array(["a", "a", "b", "b", "a"])
    model = DecisionTreeClassifier(criterion="entropy", categorical_features=[0, 1]).fit(X, y)
    W = model.node_weights(X)
    left, right = model.nodes_[0].children
    np.testing.assert_allclose(W[:, 0], 1.0)
    np.testing.assert_allclose(W[:, left], [1, 1, 0, 0, 0.5])
    np.testing.assert_allclose(W[:, right], [0, 0, 1, 1, 0.5])
    rows = W[:, right] > 0
    table = criterion_table(X[rows], y[rows], W[rows, right])
    np.testing.assert_allclose(table.counts, model.nodes_[right].stats)      # (a, b) = (0.5, 2)
    full = loan_tree("gini")
    np.testing.assert_array_equal(full.node_weights(X_LOAN) > 0, full.decision_path(X_LOAN))


def test_missing_values_in_numeric_features_and_gain_ratio():
    rng = np.random.default_rng(9)
    X = rng.normal(size=(120, 2))
    y = (X[:, 0] > 0).astype(int)
    X[rng.random(120) < 0.25, 0] = np.nan
    for criterion in ("entropy", "gain_ratio", "gini"):
        model = DecisionTreeClassifier(criterion=criterion, max_depth=3).fit(X, y)
        root = model.nodes_[0]
        assert root.feature == 0
        rho = np.mean(~np.isnan(X[:, 0]))
        assert {c.feature: c.rho for c in root.candidates}[0] == pytest.approx(rho)
        proba = model.predict_proba(X)
        np.testing.assert_allclose(proba.sum(1), 1.0)
        assert np.all(np.isfinite(proba))
        known = ~np.isnan(X[:, 0])
        assert np.mean(model.predict(X[known]) == y[known]) > 0.95
    reg = DecisionTreeRegressor(max_depth=2).fit(X, X[:, 1] + (y > 0))
    assert np.all(np.isfinite(reg.predict(X)))


# ------------------------------------------------------------------------------------------
# Input checks


def test_bad_input_raises_clear_errors():
    X, y = X_LOAN, Y_LOAN
    with pytest.raises(ValueError, match="criterion"):
        DecisionTreeClassifier(criterion="mse").fit(X, y)
    with pytest.raises(ValueError, match="at least 2 classes"):
        DecisionTreeClassifier().fit(X, np.full(15, "yes"))
    with pytest.raises(ValueError, match="must match"):
        DecisionTreeClassifier().fit(X, y[:10])
    with pytest.raises(ValueError, match="min_samples_leaf"):
        DecisionTreeClassifier(min_samples_leaf=0).fit(X, y)
    with pytest.raises(ValueError, match="max_depth"):
        DecisionTreeRegressor(max_depth=-1).fit(X52, Y52)
    with pytest.raises(ValueError, match="categorical_features"):
        DecisionTreeClassifier(categorical_features=[7]).fit(X, y)
    with pytest.raises(ValueError, match="infinite"):
        DecisionTreeRegressor().fit([[1.0], [np.inf]], [1, 2])
    with pytest.raises(ValueError, match="missing"):
        DecisionTreeRegressor().fit([[1.0], [2.0]], [1, np.nan])
    with pytest.raises(ValueError, match="max_features"):
        DecisionTreeClassifier(max_features=9).fit(X, y)
    with pytest.raises(ValueError, match="not fitted"):
        DecisionTreeClassifier().predict(X)
    model = DecisionTreeClassifier().fit(X, y)
    with pytest.raises(ValueError, match="features"):
        model.predict(X[:, :2])
    with pytest.raises(ValueError, match="method"):
        model.prune(0.1, method="greedy")
    with pytest.raises(ValueError, match="α"):
        model.prune(-1.0)
    with pytest.raises(ValueError, match="sample_weight"):
        DecisionTreeClassifier().fit(X, y, sample_weight=-np.ones(15))


# ------------------------------------------------------------------------------------------
# Helpers for the page: drawing order, subtree costs, step-by-step scores, errors along the path


def test_preorder_lists_each_node_before_its_subtree_children_left_to_right():
    def by_recursion(tree, node=0):
        return [node] + [i for c in tree.children(node) for i in by_recursion(tree, c)]

    for model in (loan_tree("entropy"), loan_tree("gini"), DecisionTreeRegressor().fit(X52, Y52)):
        np.testing.assert_array_equal(model.tree_.preorder(), by_recursion(model.tree_))
    leaves = DecisionTreeRegressor().fit(X52, Y52).tree_
    order = leaves.preorder()
    left_to_right = order[leaves.is_leaf[order]]
    np.testing.assert_allclose(leaves.value[left_to_right, 0], Y52)  # one sample per leaf, x sorted


def test_subtree_costs_and_weakest_link_against_the_direct_sums():
    cart = loan_tree("gini").tree_
    c, R, L = cart.subtree_costs(normalize=False)
    np.testing.assert_allclose(c, cart.weighted_n_samples * cart.impurity)
    for node in range(cart.n_nodes):
        below = [leaf for leaf in np.flatnonzero(cart.is_leaf) if node in cart.ancestors(leaf)]
        assert R[node] == pytest.approx(c[below].sum()) and L[node] == len(below)
    assert R[0] == pytest.approx(cart.cost_complexity(0.0, normalize=False))
    assert cart.weakest_link(normalize=False) == (0, pytest.approx(3.6))   # g(root) = 3.6 < g(t2) = 4
    reg = DecisionTreeRegressor().fit(X52, Y52)
    node, g = reg.tree_.weakest_link(normalize=False)
    assert g == pytest.approx(0.0128) and reg.nodes_[node].n_samples == 2   # the region {2, 3}
    assert DecisionTreeRegressor(max_depth=0).fit(X52, Y52).tree_.weakest_link() is None


def test_feature_scores_are_the_gains_of_examples_5_2_and_5_3():
    scores = loan_tree("entropy").tree_.feature_scores()
    assert scores.shape == (2, 4)
    np.testing.assert_allclose(scores[0], [0.083, 0.324, 0.420, 0.363], atol=BOOK_H)
    np.testing.assert_allclose(scores[1], [0.251, 0.918, 0.0, 0.474], atol=BOOK_H)  # A3 used: none


def test_errors_along_the_pruning_path_and_pruned_leaf_counts():
    reg = DecisionTreeRegressor().fit(X52, Y52)
    assert reg.error(X52, Y52) == 0.0
    assert reg.prune(0.3, normalize=False).error(X52, Y52) == pytest.approx(
        np.mean((reg.prune(0.3, normalize=False).predict(X52) - Y52) ** 2))
    path = reg.pruning_path(normalize=False)
    np.testing.assert_allclose(reg.path_errors(X52, Y52, normalize=False), path.impurities / 10)  # SSE/N
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 2))
    y = np.where(X[:, 0] + 0.5 * rng.normal(size=60) > 0, "a", "b")
    model = DecisionTreeClassifier(max_depth=4).fit(X, y)
    assert model.error(X, y) == pytest.approx(1 - model.score(X, y))
    errors = model.path_errors(X, y)
    assert errors[0] == model.error(X, y)
    assert errors[-1] == pytest.approx(min(np.mean(y == "a"), np.mean(y == "b")))  # the root as a leaf
    assert np.all(np.diff(errors) >= -1e-12)   # a smaller subtree never fits the training data better
    id3 = loan_tree("entropy")
    alphas = [7.0, 7.2822, 8.2647]
    np.testing.assert_array_equal(id3.pruned_n_leaves(alphas, "c_alpha_literal", normalize=False), [3, 3, 1])
    np.testing.assert_array_equal(id3.pruned_n_leaves(alphas, "c_alpha", normalize=False), [3, 1, 1])
