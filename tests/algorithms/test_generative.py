"""Tests for algorithms.generative: Li Hang Examples 4.1/4.2, GDA ↔ logistic, scikit-learn parity."""

from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
from sklearn.naive_bayes import BernoulliNB
from sklearn.naive_bayes import CategoricalNB
from sklearn.naive_bayes import GaussianNB
from sklearn.naive_bayes import MultinomialNB

from algorithms import TOY_SPAM_CORPUS
from algorithms import BernoulliNaiveBayes
from algorithms import BetaBernoulli
from algorithms import CategoricalNaiveBayes
from algorithms import FisherLDA
from algorithms import GaussianDiscriminantAnalysis
from algorithms import GaussianNaiveBayes
from algorithms import LogisticRegression
from algorithms import MultinomialNaiveBayes
from algorithms import bayes_decision
from algorithms import build_vocabulary
from algorithms import coin_estimates
from algorithms import coin_flips
from algorithms import conditional_risk
from algorithms import equal_width_bins
from algorithms import gda_logistic_learning_curves
from algorithms import sigmoid
from algorithms import tokenize
from algorithms import word_counts

# Li Hang Table 4.1
X1 = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
X2 = ["S", "M", "M", "S", "S", "S", "M", "M", "L", "L", "L", "M", "M", "L", "L"]
Y = [-1, -1, 1, 1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, -1]
TABLE_4_1 = [[a, b] for a, b in zip(X1, X2, strict=True)]
QUERY = [2, "S"]


def gaussians(c=3, n_per=50, d=2, seed=0, shared=True):
    rng = np.random.default_rng(seed)
    X, y = [], []
    A = rng.normal(size=(d, d)) * 0.6
    for k in range(c):
        if not shared and k > 0:
            A = rng.normal(size=(d, d)) * 0.6
        X.append(rng.normal(size=(n_per, d)) @ A.T + rng.normal(0, 2.0, d))
        y.append(np.full(n_per, k))
    return np.vstack(X), np.concatenate(y)


# ---------------------------------------------------------------- categorical naive Bayes

def test_example_4_1_maximum_likelihood():
    model = CategoricalNaiveBayes(lam=0).fit(TABLE_4_1, Y)
    assert list(model.classes_) == [-1, 1]
    assert model.categories_ == [(1, 2, 3), ("S", "M", "L")]
    # priors 6/15 and 9/15, unreduced
    np.testing.assert_array_equal(model.prior_numerators_, [6, 9])
    assert model.prior_denominator_ == 15
    # P(X1 | Y=−1) = 3/6, 2/6, 1/6; P(X1 | Y=1) = 2/9, 3/9, 4/9
    np.testing.assert_array_equal(model.cond_numerators_[0], [[3, 2, 1], [2, 3, 4]])
    np.testing.assert_array_equal(model.cond_denominators_[0], [6, 9])
    # P(X2 | Y=−1) = 3/6, 2/6, 1/6 (S, M, L); P(X2 | Y=1) = 1/9, 4/9, 4/9
    np.testing.assert_array_equal(model.cond_numerators_[1], [[3, 2, 1], [1, 4, 4]])
    np.testing.assert_array_equal(model.cond_denominators_[1], [6, 9])
    tables = model.probability_tables()
    assert tables["prior"] == {-1: "6/15", 1: "9/15"}
    assert tables["conditional"][0] == {1: {-1: "3/6", 1: "2/9"}, 2: {-1: "2/6", 1: "3/9"},
                                        3: {-1: "1/6", 1: "4/9"}}
    assert tables["conditional"][1]["S"] == {-1: "3/6", 1: "1/9"}
    assert model.score_fractions(QUERY) == [Fraction(1, 15), Fraction(1, 45)]
    np.testing.assert_allclose(model.scores([QUERY]), [[1 / 15, 1 / 45]], rtol=1e-14)
    np.testing.assert_allclose(model.predict_proba([QUERY]), [[0.75, 0.25]], rtol=1e-14)
    assert model.predict([QUERY])[0] == -1


def test_example_4_2_laplace_smoothing():
    model = CategoricalNaiveBayes(lam=1).fit(TABLE_4_1, Y)
    np.testing.assert_array_equal(model.prior_numerators_, [7, 10])      # 7/17, 10/17
    assert model.prior_denominator_ == 17
    np.testing.assert_array_equal(model.cond_numerators_[0], [[4, 3, 2], [3, 4, 5]])   # /9, /12
    np.testing.assert_array_equal(model.cond_numerators_[1], [[4, 3, 2], [2, 5, 5]])
    np.testing.assert_array_equal(model.cond_denominators_[0], [9, 12])
    np.testing.assert_array_equal(model.cond_denominators_[1], [9, 12])
    tables = model.probability_tables()
    assert tables["prior"] == {-1: "7/17", 1: "10/17"}
    assert tables["conditional"][0][1] == {-1: "4/9", 1: "3/12"}
    assert tables["conditional"][1]["L"] == {-1: "2/9", 1: "5/12"}
    assert CategoricalNaiveBayes(lam=0.5).fit(TABLE_4_1, Y).probability_tables()["prior"][1] == "9.5/16"
    assert model.score_fractions(QUERY) == [Fraction(28, 459), Fraction(5, 153)]
    np.testing.assert_allclose(model.scores([QUERY]), [[0.0610022, 0.0326797]], atol=5e-8)
    np.testing.assert_allclose(model.predict_proba([QUERY]), [[28 / 43, 15 / 43]], rtol=1e-14)
    assert model.predict([QUERY])[0] == -1


def test_zero_count_wipes_out_the_product_until_smoothing():
    rows = [r for i, r in enumerate(TABLE_4_1) if i != 3]              # drop sample 4: no (S, Y=1)
    ys = [v for i, v in enumerate(Y) if i != 3]
    mle = CategoricalNaiveBayes(lam=0).fit(rows, ys)
    assert mle.score_fractions(QUERY)[1] == 0
    np.testing.assert_allclose(mle.predict_proba([QUERY]), [[1.0, 0.0]])
    smooth = CategoricalNaiveBayes(lam=1).fit(rows, ys)
    assert smooth.score_fractions(QUERY)[1] > 0


def test_declared_categories_set_S_j_and_unknown_values_fail():
    cats = [[1, 2, 3], ["S", "M", "L", "XL"]]
    model = CategoricalNaiveBayes(lam=1, categories=cats).fit(TABLE_4_1, Y)
    np.testing.assert_array_equal(model.cond_denominators_[1], [6 + 4, 9 + 4])
    np.testing.assert_allclose(model.conditionals_[1].sum(1), 1.0)
    with pytest.raises(ValueError, match="no category"):
        CategoricalNaiveBayes().fit(TABLE_4_1, Y).predict([[2, "XL"]])
    with pytest.raises(ValueError, match="missing"):
        CategoricalNaiveBayes().fit([[1, None], [2, "S"]], [0, 1])


def test_categorical_conditionals_match_scikit_learn():
    rng = np.random.default_rng(0)
    X = rng.integers(0, 4, size=(80, 3))
    y = rng.integers(0, 3, size=80)
    ours = CategoricalNaiveBayes(lam=0.5, categories=[range(4)] * 3).fit(X, y)
    sk = CategoricalNB(alpha=0.5, min_categories=4).fit(X, y)
    for j in range(3):
        np.testing.assert_allclose(np.log(ours.conditionals_[j]), sk.feature_log_prob_[j], atol=1e-12)


def test_categorical_counts_are_the_book_counts_for_number_and_object_tables():
    # (4.10)/(4.11) from N_k and N_{k,jl} counted one sample at a time; the numeric table (np.unique path)
    # and the same table as Python objects (dict path) give the same categories, in order of appearance.
    rng = np.random.default_rng(3)
    X = rng.integers(-3, 4, size=(300, 3)) * np.array([1, 10, 100])
    y = rng.choice(["no", "yes", "maybe"], 300)
    numeric = CategoricalNaiveBayes(lam=0.5).fit(X, y)
    objects = CategoricalNaiveBayes(lam=0.5).fit(X.tolist(), y.tolist())
    for model in (numeric, objects):
        for j, cats in enumerate(model.categories_):
            assert list(cats) == list(dict.fromkeys(X[:, j].tolist()))
            assert all(type(v) is int for v in cats)
            expected = [[sum(1 for i in range(300) if y[i] == c and X[i, j] == v) for v in cats]
                        for c in model.classes_]
            np.testing.assert_array_equal(model.feature_counts_[j], expected)
        np.testing.assert_array_equal(model.class_count_, [np.sum(y == c) for c in model.classes_])
    np.testing.assert_array_equal(numeric.predict_proba(X), objects.predict_proba(X.tolist()))
    declared = CategoricalNaiveBayes(categories=[c[::-1] for c in numeric.categories_]).fit(X, y)
    for j in range(3):
        np.testing.assert_array_equal(declared.feature_counts_[j], numeric.feature_counts_[j][:, ::-1])
    with pytest.raises(ValueError, match="no category 7"):
        numeric.predict(np.array([[7, 0, 0]]))
    with pytest.raises(ValueError, match="missing"):
        CategoricalNaiveBayes().fit(np.array([[1.0], [np.nan]]), [0, 1])
    with pytest.raises(ValueError, match="cannot be a category"):
        CategoricalNaiveBayes().fit([[{1}], [{2}]], [0, 1])


# ------------------------------------------------------------------------------------ GDA

def test_shared_covariance_gda_is_logistic():
    # CS229 M18 / L.3: p(y=1|x) = sigmoid(θᵀx̂) pointwise with θ from (φ, μ₀, μ₁, Σ).
    X, y = gaussians(c=2, seed=1)
    model = GaussianDiscriminantAnalysis().fit(X, y)
    theta = model.logistic_theta_
    grid = np.random.default_rng(2).uniform(-6, 6, (500, 2))
    expected = 1 / (1 + np.exp(-(theta[0] + grid @ theta[1:])))
    np.testing.assert_allclose(model.predict_proba(grid)[:, 1], expected, atol=1e-13)
    S_inv = np.linalg.inv(model.covariance_)
    np.testing.assert_allclose(theta[1:], S_inv @ (model.means_[1] - model.means_[0]), rtol=1e-10)


def test_shared_precision_is_the_inverse_covariance_in_theta():
    # CS229 Part IV §1.3: θ₁.. = Σ⁻¹(μ₁ − μ₀).
    X, y = gaussians(c=2, seed=3)
    model = GaussianDiscriminantAnalysis().fit(X, y)
    P = model.shared_precision()
    np.testing.assert_allclose(P @ model.covariance_, np.eye(2), atol=1e-12)
    np.testing.assert_allclose(P @ (model.means_[1] - model.means_[0]), model.logistic_theta_[1:], rtol=1e-10)
    with pytest.raises(ValueError, match="shared_covariance"):
        GaussianDiscriminantAnalysis(shared_covariance=False).fit(X, y).shared_precision()


def test_sigmoid_is_the_logistic_function_without_overflow():
    z = np.linspace(-30, 30, 61)
    np.testing.assert_allclose(sigmoid(z), 1 / (1 + np.exp(-z)), rtol=1e-14)
    np.testing.assert_array_equal(sigmoid([-1000.0, 0.0, 1000.0]), [0.0, 0.5, 1.0])  # no RuntimeWarning


def test_learning_curves_compare_gda_and_logistic_regression_at_growing_sizes():
    # CS229 Part IV §1.3: the full-size point is the error of the models fitted on all the data.
    X, y = gaussians(c=2, n_per=40, seed=4)
    X_test, y_test = gaussians(c=2, n_per=100, seed=5)
    sizes, e_gda, e_lr = gda_logistic_learning_curves(X, y, X_test, y_test, lam=0.1)
    np.testing.assert_array_equal(sizes, [6, 9, 14, 22, 34, 52, 80])  # 6·(80/6)^(k/6)
    assert np.all((e_gda >= 0) & (e_gda <= 1)) and np.all((e_lr >= 0) & (e_lr <= 1))
    gda = GaussianDiscriminantAnalysis().fit(X, y)
    lr = LogisticRegression(lam=0.1, solver="newton", max_iter=50).fit(X, y)
    assert e_gda[-1] == pytest.approx(np.mean(gda.predict(X_test) != y_test))
    assert e_lr[-1] == pytest.approx(np.mean(lr.predict(X_test) != y_test))
    again = gda_logistic_learning_curves(X, y, X_test, y_test, lam=0.1)
    np.testing.assert_array_equal(again[1], e_gda)  # the same subsets every time


def test_learning_curves_skip_sizes_whose_subsets_hold_one_class():
    X = np.arange(40.0).reshape(20, 2)
    y = np.r_[np.zeros(19), 1]  # a subset of 6 almost never holds the single sample of class 1
    sizes, e_gda, e_lr = gda_logistic_learning_curves(X, y, X, y, repeats=1)
    assert sizes[-1] == 20 and len(sizes) == len(e_gda) == len(e_lr)
    assert len(sizes) < len(np.unique(np.geomspace(6, 20, 7).round()))


@pytest.mark.parametrize("c", [2, 3])
def test_shared_gda_matches_scikit_learn_lda(c):
    X, y = gaussians(c=c, seed=3)
    ours = GaussianDiscriminantAnalysis().fit(X, y)
    sk = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    grid = np.random.default_rng(4).uniform(-6, 6, (300, 2))
    np.testing.assert_allclose(ours.predict_proba(grid), sk.predict_proba(grid), atol=1e-10)
    np.testing.assert_allclose(ours.covariance_, sk.covariance_, atol=1e-12)
    # the same posterior as a softmax of the linear functions in linear_coef_
    scores = np.c_[np.ones(len(grid)), grid] @ ours.linear_coef_
    soft = np.exp(scores - scores.max(1, keepdims=True))
    np.testing.assert_allclose(ours.predict_proba(grid), soft / soft.sum(1, keepdims=True), atol=1e-12)


def test_class_wise_gda_matches_scikit_learn_qda_and_scipy():
    X, y = gaussians(c=3, seed=5, shared=False)
    ours = GaussianDiscriminantAnalysis(shared_covariance=False).fit(X, y)
    sk = QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, y)
    np.testing.assert_allclose(ours.means_, sk.means_, atol=1e-12)
    np.testing.assert_allclose(ours.priors_, sk.priors_, atol=1e-15)
    np.testing.assert_allclose(ours.covariances_, sk.covariance_, atol=1e-12)   # both ÷ n_k
    grid = np.random.default_rng(6).uniform(-6, 6, (300, 2))
    np.testing.assert_allclose(ours.predict_proba(grid), sk.predict_proba(grid), atol=1e-10)
    joint = np.column_stack([ours.priors_[k] * multivariate_normal(ours.means_[k], ours.covariances_[k])
                             .pdf(grid) for k in range(3)])
    np.testing.assert_allclose(ours.predict_proba(grid), joint / joint.sum(1, keepdims=True), atol=1e-10)


def test_gda_degenerate_cases():
    rng = np.random.default_rng(7)
    x = rng.normal(size=40)
    X = np.c_[x, 2 * x]                                    # collinear: singular covariance
    y = (x > 0).astype(int)
    model = GaussianDiscriminantAnalysis().fit(X, y)
    assert model.jitter_[0] > 0
    P = model.predict_proba(X)
    assert np.all(np.isfinite(P)) and np.allclose(P.sum(1), 1.0)
    with pytest.raises(ValueError, match="at least 2 samples"):
        GaussianDiscriminantAnalysis(shared_covariance=False).fit(np.r_[X, [[9.0, 9.0]]], np.r_[y, 2])
    ells = GaussianDiscriminantAnalysis().fit(*gaussians(c=2)).ellipses(n_std=1.0, n_points=50)
    assert len(ells) == 2 and ells[0].shape == (50, 2)


# ------------------------------------------------------------------------- Gaussian NB

def test_gaussian_naive_bayes_matches_scikit_learn():
    X, y = gaussians(c=3, seed=8, shared=False)
    ours = GaussianNaiveBayes().fit(X, y)
    sk = GaussianNB().fit(X, y)
    np.testing.assert_allclose(ours.variances_, sk.var_, rtol=1e-12)
    np.testing.assert_allclose(ours.means_, sk.theta_, rtol=1e-12)
    grid = np.random.default_rng(9).uniform(-6, 6, (300, 2))
    np.testing.assert_allclose(ours.predict_proba(grid), sk.predict_proba(grid), atol=1e-10)
    np.testing.assert_array_equal(ours.predict(grid), sk.predict(grid))


def test_gaussian_naive_bayes_constant_feature_and_axis_aligned_ellipses():
    X = np.array([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [5.0, 3.0], [6.0, 4.0], [7.0, 5.0]])
    y = np.array([0, 0, 0, 1, 1, 1])                        # feature 2 constant within class 0
    model = GaussianNaiveBayes().fit(X, y)
    P = model.predict_proba(X)
    assert np.all(np.isfinite(P)) and np.all(model.predict(X) == y)
    bare = GaussianNaiveBayes(var_smoothing=0.0).fit(X, y)
    assert np.all(bare.variances_ > 0) and np.all(np.isfinite(bare.predict_proba(X)))
    e = model.ellipses(n_std=1.0, n_points=9)[1]
    centre, var = model.means_[1], model.variances_[1]
    np.testing.assert_allclose(((e - centre) ** 2 / var).sum(1), 1.0)


# ---------------------------------------------------------------------------- Fisher LDA

def test_two_class_fisher_direction():
    X, y = gaussians(c=2, seed=10)
    model = FisherLDA().fit(X, y)
    mu0, mu1 = X[y == 0].mean(0), X[y == 1].mean(0)
    Sw = sum((X[y == k] - m).T @ (X[y == k] - m) for k, m in [(0, mu0), (1, mu1)])
    w = np.linalg.solve(Sw, mu1 - mu0)
    np.testing.assert_allclose(model.components_[0], w / np.linalg.norm(w), atol=1e-12)
    # w maximises J(w) = wᵀS_Bw / wᵀS_Ww
    angles = np.linspace(0, np.pi, 361)
    ratios = [model.fisher_ratio([np.cos(a), np.sin(a)]) for a in angles]
    assert model.eigenvalues_[0] >= max(ratios) - 1e-12
    assert np.mean(model.predict(X) == y) > 0.8
    np.testing.assert_array_equal(model.predict(X), (model.decision_function(X) >= 0).astype(int))
    np.testing.assert_allclose(model.decision_function(X), model.transform(X)[:, 0] - model.threshold_)


def test_multiclass_fisher_matches_scikit_learn_eigen_solver():
    X, y = gaussians(c=4, d=3, seed=11)
    ours = FisherLDA().fit(X, y)
    sk = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    assert ours.components_.shape == (3, 3)
    for k in range(3):   # same directions up to sign and scale
        v = sk.scalings_[:, k]
        cos = abs(ours.components_[k] @ v) / np.linalg.norm(v)
        assert cos == pytest.approx(1.0, abs=1e-8)
    assert np.all(np.diff(ours.eigenvalues_) <= 1e-12)
    np.testing.assert_allclose(ours.eigenvalues_, [ours.fisher_ratio(w) for w in ours.components_])


def test_fisher_ratios_of_many_directions_at_once():
    X, y = gaussians(c=3, seed=14)
    model = FisherLDA().fit(X, y)
    angles = np.radians(np.arange(0, 180, 7.0))
    U = np.column_stack([np.cos(angles), np.sin(angles)])
    np.testing.assert_allclose(model.fisher_ratios(U), [model.fisher_ratio(u) for u in U], rtol=1e-12)
    np.testing.assert_allclose(model.fisher_ratios(model.components_), model.eigenvalues_, rtol=1e-10)
    assert model.fisher_ratios(U).max() <= model.eigenvalues_[0] + 1e-12


def test_projection_histograms_count_every_sample_of_every_class():
    X, y = gaussians(c=2, seed=15)
    model = FisherLDA().fit(X, y)
    U = np.array([[1.0, 0.0], [0.6, 0.8]])
    edges, counts = model.projection_histograms(X, y, U, n_bins=12)
    radius = 1.05 * np.sqrt(((X - X.mean(0)) ** 2).sum(1)).max()
    np.testing.assert_allclose(edges, np.linspace(-radius, radius, 13))
    assert counts.shape == (2, 2, 12)
    np.testing.assert_array_equal(counts.sum(2), [[50, 50], [50, 50]])
    np.testing.assert_array_equal(counts[1, 1], np.histogram((X[y == 1] - X.mean(0)) @ U[1], edges)[0])


def test_scatter_matrices_equal_their_pairwise_forms():
    # seed 004 §13.2 (D8): S_W, S_B from the pairwise weights; S_T = S_W + S_B.
    X, y = gaussians(c=3, n_per=5, seed=12)
    model = FisherLDA().fit(X, y)
    n = len(X)
    counts = np.bincount(y)
    same = y[:, None] == y[None, :]
    Aw = np.where(same, 1.0 / counts[y][:, None], 0.0)
    Ab = np.where(same, 1.0 / n - 1.0 / counts[y][:, None], 1.0 / n)
    D = X[:, None, :] - X[None, :, :]
    Sw = 0.5 * np.einsum("ij,ija,ijb->ab", Aw, D, D)
    Sb = 0.5 * np.einsum("ij,ija,ijb->ab", Ab, D, D)
    np.testing.assert_allclose(model.within_scatter_, Sw, atol=1e-10)
    np.testing.assert_allclose(model.between_scatter_, Sb, atol=1e-10)
    St = (X - X.mean(0)).T @ (X - X.mean(0))
    np.testing.assert_allclose(Sw + Sb, St, atol=1e-10)


def test_fisher_fails_on_a_multimodal_class():
    # Sugiyama Fig 17.1: data set 1 (classes at x₁ = ∓4) gives a horizontal direction with a large
    # Fisher ratio; in data set 2 class 1 is split at x₁ = ±4 around class 2, the class means
    # coincide and no direction separates them (ratio ≈ 0): FDA fails.
    rng = np.random.default_rng(13)
    y = np.r_[np.ones(50), 2 * np.ones(50)]
    X1 = rng.normal(size=(100, 2))
    X1[:50, 0] -= 4
    X1[50:, 0] += 4
    good = FisherLDA().fit(X1, y)
    assert abs(good.components_[0, 0]) > 0.95 and good.eigenvalues_[0] > 5
    X2 = rng.normal(size=(100, 2))
    X2[:25, 0] -= 4
    X2[25:50, 0] += 4
    bad = FisherLDA().fit(X2, y)
    assert bad.eigenvalues_[0] < 0.05
    assert np.mean(bad.predict(X2) == y) < 0.75


def test_equal_width_bins_match_numpy_histogram():
    X = np.random.default_rng(16).normal(size=(200, 2))
    X[:, 1] *= 5
    codes, edges = equal_width_bins(X, 5)
    assert codes.shape == X.shape and codes.min() == 0 and codes.max() == 4
    for j in range(2):
        np.testing.assert_allclose(edges[j], np.histogram_bin_edges(X[:, j], 5))
        np.testing.assert_array_equal(np.bincount(codes[:, j], minlength=5), np.histogram(X[:, j], 5)[0])
    constant = np.column_stack([np.full(4, 3.0), [0.0, 1.0, 2.0, 3.0]])
    codes, edges = equal_width_bins(constant, 4)  # a constant feature: unit bins centred on its value
    np.testing.assert_allclose(edges[0], [1.0, 2.0, 3.0, 4.0, 5.0])
    np.testing.assert_array_equal(codes, [[2, 0], [2, 1], [2, 2], [2, 3]])


# ------------------------------------------------------------------------- Bayes decision

def test_bayes_decision_rule():
    P = np.array([[0.7, 0.3], [0.2, 0.8], [0.8, 0.2]])
    np.testing.assert_array_equal(bayes_decision(P), [0, 1, 0])            # 0/1 loss: argmax
    loss = np.array([[0.0, 10.0], [1.0, 0.0]])     # deciding 0 when the truth is 1 costs 10
    np.testing.assert_allclose(conditional_risk(P, loss), [[3.0, 0.7], [8.0, 0.2], [2.0, 0.8]])
    np.testing.assert_array_equal(bayes_decision(P, loss), [1, 1, 1])
    # seed 003 §8.1: prior p(1) = 0.8 → predict heads, error 0.2
    prior = np.array([[0.2, 0.8]])
    assert bayes_decision(prior)[0] == 1
    assert 1 - conditional_risk(prior, 1 - np.eye(2)).min() == pytest.approx(0.8)
    with pytest.raises(ValueError, match="loss matrix"):
        conditional_risk(P, np.eye(3))


# ---- MLE against Bayesian estimation of a coin (seed 003 §2.2.5, §8.1) ----------------------------


def test_uniform_prior_map_is_the_mle():
    """Seed 003 §2.2.5: with a uniform prior, maximising the posterior gives the MLE."""
    flips = coin_flips(30, 0.3, random_state=2)
    coin = BetaBernoulli(1.0, 1.0).fit(flips)
    assert coin.map_ == pytest.approx(coin.mle_) == pytest.approx(flips.mean())


def test_posterior_is_prior_times_likelihood_normalised():
    """Bayes (seed 003 (1)): p(θ | D) = p(θ) p(D | θ) / P(D), on a grid, for a Beta(8, 2) prior."""
    flips = np.array([1, 0, 0, 1, 0, 0, 0])
    coin = BetaBernoulli(8.0, 2.0).fit(flips)
    theta = np.linspace(0.0005, 0.9995, 1000)
    unnormalised = coin.prior_pdf(theta) * theta**2 * (1 - theta) ** 5
    numeric = unnormalised / (unnormalised.sum() * (theta[1] - theta[0]))
    assert coin.posterior_pdf(theta) == pytest.approx(numeric, rel=1e-3, abs=1e-3)
    assert coin.map_ == pytest.approx((8 + 2 - 1) / (10 + 7 - 2)) and coin.mean_ == pytest.approx(10 / 17)


def test_coin_estimates_follow_every_prefix_and_the_prior_fades():
    flips = coin_flips(400, 0.7, random_state=0)
    mle, mode, mean = coin_estimates(flips, 8.0, 2.0)
    for k in (1, 5, 50):
        coin = BetaBernoulli(8.0, 2.0).fit(flips[:k])
        assert (mle[k - 1], mode[k - 1], mean[k - 1]) == pytest.approx((coin.mle_, coin.map_, coin.mean_))
    assert abs(mode[-1] - mle[-1]) < 0.02 < abs(mode[0] - mle[0])


def test_coin_refuses_flips_that_are_not_zero_or_one():
    with pytest.raises(ValueError, match="heads"):
        BetaBernoulli().fit([0, 1, 2])
    with pytest.raises(ValueError, match="α"):
        BetaBernoulli(0.0, 1.0).fit([1])


# ------------------------------------------------------------------ naive Bayes for text (CS229 IV §2)

def spam_counts(extra=()):
    docs = [d for d, _ in TOY_SPAM_CORPUS]
    vocab = build_vocabulary([*docs, *extra])
    return vocab, word_counts(docs, vocab), np.array([label for _, label in TOY_SPAM_CORPUS])


def test_tokenizer_and_dictionary():
    assert tokenize("Cheap price, BUY now: buy!") == ["cheap", "price", "buy", "now", "buy"]
    assert tokenize("the notes of a lecture") == ["notes", "lecture"]  # stop words dropped
    vocab, X, y = spam_counts()
    assert vocab[:4] == ["buy", "cheap", "pills", "now"]
    assert X[1, vocab.index("buy")] == 2 and X[1, vocab.index("now")] == 2
    assert y.tolist() == [1, 1, 1, 1, 0, 0, 0, 0]


@pytest.mark.parametrize("lam", [0.0, 1.0])
def test_text_naive_bayes_parameters_follow_the_count_formulas(lam):
    """CS229 Part IV §2 and §2.2: Bernoulli φ_{k|y} = (#messages of y with word k + λ)/(#messages of y + 2λ),
    multinomial φ_{k|y} = (#occurrences of k in y + λ)/(#words in y + λ|V|), φ_y = #y/m."""
    vocab, X, y = spam_counts()
    V = len(vocab)
    bern = BernoulliNaiveBayes(lam).fit(X, y)
    multi = MultinomialNaiveBayes(lam).fit(X, y)
    for c, label in enumerate(bern.classes_):
        rows = X[y == label]
        np.testing.assert_allclose(bern.feature_prob_[c], ((rows > 0).sum(0) + lam) / (len(rows) + 2 * lam))
        np.testing.assert_allclose(multi.feature_prob_[c], (rows.sum(0) + lam) / (rows.sum() + lam * V))
        assert bern.class_prior_[c] == multi.class_prior_[c] == 0.5
    spam = list(bern.classes_).index(1)
    k = vocab.index("buy")  # in 3 of 4 spam messages, 4 of the 18 spam words
    assert bern.feature_prob_[spam, k] == pytest.approx((3 + lam) / (4 + 2 * lam))
    assert multi.feature_prob_[spam, k] == pytest.approx((4 + lam) / (18 + lam * V))
    np.testing.assert_allclose(multi.feature_prob_.sum(axis=1), 1.0)


def test_text_naive_bayes_matches_scikit_learn_with_laplace_smoothing():
    """alpha = 1 in scikit-learn is Laplace smoothing (λ = 1); its class prior is the ML φ_y, as in CS229."""
    vocab, X, y = spam_counts()
    messages = word_counts(["buy cheap lecture notes now now", "course meeting today", "free money"], vocab)
    for ours, theirs in ((BernoulliNaiveBayes(1.0), BernoulliNB(alpha=1.0)),
                         (MultinomialNaiveBayes(1.0), MultinomialNB(alpha=1.0))):
        ours.fit(X, y)
        theirs.fit(X, y)
        np.testing.assert_allclose(np.log(ours.feature_prob_), theirs.feature_log_prob_, atol=1e-12)
        np.testing.assert_allclose(ours.predict_proba(messages), theirs.predict_proba(messages), atol=1e-12)
        np.testing.assert_array_equal(ours.predict(messages), theirs.predict(messages))


def test_an_unseen_word_gives_zero_over_zero_and_laplace_smoothing_fixes_it():
    """CS229 Part IV §2.1 (the "nips" e-mail): a dictionary word absent from every training message has
    φ_{k|y} = 0 in both classes, so p(y = 1|x) = 0/0; with λ = 1, φ = 1/(n_y + 2) (Bernoulli) and
    1/(#words of y + |V|) (multinomial), and the posterior is defined again."""
    message = "buy nips now"
    vocab, X, y = spam_counts(extra=[message])
    k = vocab.index("nips")
    assert X[:, k].sum() == 0
    x = word_counts([message], vocab)
    for model in (BernoulliNaiveBayes(0.0), MultinomialNaiveBayes(0.0)):
        model.fit(X, y)
        assert np.all(model.feature_prob_[:, k] == 0)
        assert np.all(np.isneginf(model.joint_log_likelihood(x)))
        assert np.all(np.isnan(model.predict_proba(x)))
    bern, multi = BernoulliNaiveBayes(1.0).fit(X, y), MultinomialNaiveBayes(1.0).fit(X, y)
    np.testing.assert_allclose(bern.feature_prob_[:, k], [1 / 6, 1 / 6])
    words = X.sum(axis=1)
    expected = [1 / (words[y == label].sum() + len(vocab)) for label in (0, 1)]
    np.testing.assert_allclose(multi.feature_prob_[:, k], expected)
    for model in (bern, multi):
        p = model.predict_proba(x)
        assert np.all(np.isfinite(p)) and p[0, 1] > 0.5  # "buy" and "now" are spam words


def test_a_word_seen_in_one_class_only_makes_the_other_class_impossible_without_smoothing():
    vocab, X, y = spam_counts()
    x = word_counts(["lecture"], vocab)
    multi = MultinomialNaiveBayes(0.0).fit(X, y)
    np.testing.assert_array_equal(multi.predict_proba(x), [[1.0, 0.0]])
    # the Bernoulli model also multiplies in 1 − φ for every absent word: "now" is in every spam
    # message, so a message without it cannot be spam
    bern = BernoulliNaiveBayes(0.0).fit(X, y)
    assert bern.feature_prob_[1, vocab.index("now")] == pytest.approx(0.75)
    np.testing.assert_array_equal(bern.predict_proba(x), [[1.0, 0.0]])
    with pytest.raises(ValueError, match="word-count table"):
        MultinomialNaiveBayes().fit(X, y[:3])
    with pytest.raises(ValueError, match="λ"):
        BernoulliNaiveBayes(-1).fit(X, y)


@pytest.mark.parametrize("file", ["li_hang_table_5_1.csv", "zhou_watermelon_2_0.csv"])
@pytest.mark.parametrize("lam", [0.0, 1.0])
def test_a_text_table_fits_as_its_level_codes(file, lam):
    """Issue 17: the printed table's text cells give the same estimates as the level codes of
    algorithms.tables (both in order of first appearance), with the level names in categories_."""
    from algorithms.tables import book_table
    from algorithms.tables import book_table_codes

    _, rows = book_table(file)
    cells = np.array(rows, dtype=object)
    X, y, _, levels, _ = book_table_codes(file)
    text = CategoricalNaiveBayes(lam=lam).fit(cells[:, 1:-1], y)
    codes = CategoricalNaiveBayes(lam=lam).fit(X, y)
    assert text.categories_ == [tuple(names) for names in levels]
    np.testing.assert_array_equal(text.priors_, codes.priors_)
    for a, b in zip(text.conditionals_, codes.conditionals_, strict=True):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(text.predict(cells[:, 1:-1]), codes.predict(X))
    np.testing.assert_array_equal(text.predict_proba(cells[:, 1:-1]), codes.predict_proba(X))


def test_the_chinese_loan_table_with_laplace_smoothing():
    """Li Hang Table 5.1 as printed: 9 of 15 approved (是), every owner of a house approved, so
    P₁(类别=是) = (9+1)/(15+2) and P₁(有自己的房子=是 | 类别=是) = (6+1)/(9+2) (4.10)–(4.11)."""
    from algorithms.tables import book_table

    header, rows = book_table("li_hang_table_5_1.csv")
    cells = np.array(rows, dtype=object)
    model = CategoricalNaiveBayes(lam=1).fit(cells[:, 1:-1], cells[:, -1])
    tables = model.probability_tables()
    assert header[3] == "有自己的房子" and tables["prior"]["是"] == "10/17"
    assert tables["conditional"][2]["是"]["是"] == "7/11" and tables["conditional"][2]["是"]["否"] == "1/8"
