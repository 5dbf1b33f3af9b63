"""Tests for algorithms.linear_classifiers: book oracles, scikit-learn parity, invariants."""

import math

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression as SkLogistic

from algorithms import LSPC
from algorithms import MARGIN_LOSSES
from algorithms import GaussianBasis
from algorithms import LeastSquaresClassifier
from algorithms import LogisticRegression
from algorithms import Perceptron
from algorithms import SoftmaxRegression
from algorithms import binary_report
from algorithms import classification_margins
from algorithms import fisher_alignment
from algorithms import margin_loss
from algorithms import margin_loss_derivative
from algorithms import moved_threshold
from algorithms import perceptron_mistake_bound
from algorithms import ramp_target
from algorithms import resample_balanced
from algorithms import rescale_odds
from algorithms import sigmoid_descent
from algorithms import sigmoid_loss_landscape
from algorithms import threshold_rates
from algorithms.svm import SVC


def blobs(n=120, seed=0, sep=1.5):
    """Two overlapping Gaussian classes in 2-D, labels 0/1."""
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(-sep / 2, 1.0, (n // 2, 2)), rng.normal(sep / 2, 1.0, (n - n // 2, 2))])
    y = np.r_[np.zeros(n // 2, int), np.ones(n - n // 2, int)]
    return X, y


def three_blobs(n_per=40, seed=0, spread=1.0):
    rng = np.random.default_rng(seed)
    centres = np.array([[-2.0, 0.0], [2.0, 0.0], [0.0, 2.5]])
    X = np.vstack([rng.normal(c, spread, (n_per, 2)) for c in centres])
    return X, np.repeat([0, 1, 2], n_per)


def spirals(seed=0):
    """Sugiyama DS-3 (Fig 7.3): two spirals with uniform noise, n = 200."""
    rng = np.random.default_rng(seed)
    n = 200
    a = np.linspace(0, 4 * np.pi, n // 2)
    u = np.r_[a * np.cos(a), (a + np.pi) * np.cos(a)] + rng.random(n)
    v = np.r_[a * np.sin(a), (a + np.pi) * np.sin(a)] + rng.random(n)
    return np.c_[u, v], np.r_[np.ones(n // 2), -np.ones(n // 2)]


def ds6(seed=0):
    """Sugiyama DS-6 (Figs 10.2, 10.5): three 1-D Gaussian classes, 30 each, column-major order."""
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((30, 3)) + np.array([-3.0, 0.0, 3.0])).ravel(order="F")
    return x[:, None], np.repeat([1, 2, 3], 30)


# ------------------------------------------------------------------------------------- losses

M = np.array([-1.0, 0.0, 0.5, 2.0])
BOOK_LOSSES = {   # Sugiyama Fig 7.8 table (spec A7.2, oracle O18), printed to 5 decimals
    "zero_one": [1.0, 0.5, 0.0, 0.0],
    "squared": [4.0, 1.0, 0.25, 1.0],
    "hinge": [2.0, 1.0, 0.5, 0.0],
    "ramp": [1.0, 1.0, 0.5, 0.0],
    "exponential": [2.71828, 1.0, 0.60653, 0.13534],
    "logistic": [1.31326, 0.69315, 0.47408, 0.12693],
    "madaboost": [1.5, 0.5, 0.18394, 0.00916],
    "logitboost": [2.12693, 0.69315, 0.31326, 0.01815],
    "perceptron": [1.0, 0.0, 0.0, 0.0],
}


@pytest.mark.parametrize("kind", sorted(BOOK_LOSSES))
def test_loss_zoo_reproduces_the_book_table(kind):
    np.testing.assert_allclose(margin_loss(M, kind), BOOK_LOSSES[kind], atol=6e-6)
    np.testing.assert_allclose(MARGIN_LOSSES[kind](M), BOOK_LOSSES[kind], atol=6e-6)


def test_logistic_loss_at_zero_is_log_2():   # O27
    assert margin_loss(0.0, "logistic") == pytest.approx(0.6931472, abs=1e-7)


@pytest.mark.parametrize("kind", sorted(MARGIN_LOSSES))
def test_loss_derivatives_match_finite_differences(kind):
    m = np.array([-1.7, -0.4, 0.3, 0.8, 1.6, 2.5])     # away from every kink (0 and 1)
    h = 1e-6
    numeric = (margin_loss(m + h, kind) - margin_loss(m - h, kind)) / (2 * h)
    np.testing.assert_allclose(margin_loss_derivative(m, kind), numeric, atol=1e-6)


def test_ramp_target_and_ramp_loss_identity():
    # Spec A8.6 oracle: v(−1) = 0, v(0.25) = 1, v(2) = 2; ramp = |v − m|.
    np.testing.assert_allclose(ramp_target([-1.0, 0.25, 2.0]), [0.0, 1.0, 2.0])
    m = np.linspace(-3, 3, 61)
    np.testing.assert_allclose(np.abs(ramp_target(m) - m), margin_loss(m, "ramp"))


def test_unknown_loss_is_rejected():
    with pytest.raises(ValueError, match="Unknown loss"):
        margin_loss(0.0, "cubic")


# --------------------------------------------------------------------------------- imbalance

def test_rescaling_equals_threshold_moving():
    # seed 004: y'/(1−y') = y/(1−y) · m⁻/m⁺; predicting y' > ½ ⇔ y > m⁺/(m⁺+m⁻).
    p = np.linspace(0.001, 0.999, 999)
    for n_pos, n_neg in [(990, 10), (10, 990), (30, 70), (50, 50)]:
        t = moved_threshold(n_pos, n_neg)
        assert t == pytest.approx(n_pos / (n_pos + n_neg))
        scaled = rescale_odds(p, n_pos, n_neg)
        odds_ratio = (scaled / (1 - scaled)) / (p / (1 - p))
        np.testing.assert_allclose(odds_ratio, n_neg / n_pos, rtol=1e-9)
        away = np.abs(p - t) > 1e-9
        np.testing.assert_array_equal((scaled > 0.5)[away], (p > t)[away])
    assert moved_threshold(990, 10) == pytest.approx(0.99)       # spec D11


def test_logistic_threshold_rescale_moves_the_boundary():
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(-1, 1, (180, 2)), rng.normal(1, 1, (20, 2))])
    y = np.r_[np.zeros(180, int), np.ones(20, int)]      # 20 positives, 180 negatives
    plain = LogisticRegression().fit(X, y)
    moved = LogisticRegression(threshold="rescale").fit(X, y)
    assert moved.decision_threshold_ == pytest.approx(20 / 200)
    p = plain.predict_proba(X)[:, 1]
    np.testing.assert_array_equal(moved.predict(X), (rescale_odds(p, 20, 180) >= 0.5).astype(int))
    # the minority class is predicted more often after rescaling
    assert (moved.predict(X) == 1).sum() > (plain.predict(X) == 1).sum()


def test_rescale_rejects_bad_input():
    with pytest.raises(ValueError):
        rescale_odds([0.5], 0, 10)
    with pytest.raises(ValueError):
        rescale_odds([1.5], 10, 10)
    with pytest.raises(ValueError, match="threshold"):
        LogisticRegression(threshold=1.0).fit(*blobs())


def test_resampling_balances_the_classes():
    positive = np.r_[np.ones(10, bool), np.zeros(90, bool)]
    under = resample_balanced(positive, "under", seed=1)
    assert positive[under].sum() == 10 and (~positive[under]).sum() == 10
    assert set(np.flatnonzero(positive)) <= set(under) and len(set(under)) == 20   # no repeats
    over = resample_balanced(positive, "over", seed=1)
    assert positive[over].sum() == 90 and (~positive[over]).sum() == 90
    assert set(over) == set(range(100))                                           # nothing left out
    np.testing.assert_array_equal(resample_balanced(positive, "over", seed=1), over)  # reproducible
    np.testing.assert_array_equal(resample_balanced(positive, "none"), np.arange(100))
    with pytest.raises(ValueError, match="sampling"):
        resample_balanced(positive, "smote")


def test_binary_report_matches_scikit_learn():
    from sklearn.metrics import confusion_matrix
    from sklearn.metrics import f1_score
    from sklearn.metrics import precision_score
    from sklearn.metrics import recall_score

    rng = np.random.default_rng(2)
    positive, pred = rng.random(200) < 0.3, rng.random(200) < 0.4
    report = binary_report(pred, positive)
    (tn, fp), (fn, tp) = confusion_matrix(positive, pred)
    assert (report["tp"], report["fp"], report["fn"], report["tn"]) == (tp, fp, fn, tn)
    assert report["accuracy"] == pytest.approx(np.mean(pred == positive))
    assert report["precision"] == pytest.approx(precision_score(positive, pred))
    assert report["recall"] == pytest.approx(recall_score(positive, pred))
    assert report["specificity"] == pytest.approx(recall_score(~positive, ~pred))
    assert report["f1"] == pytest.approx(f1_score(positive, pred))
    never = binary_report(np.zeros(5, bool), np.array([1, 0, 0, 0, 0], bool))
    assert never["precision"] is None and never["recall"] == 0 and never["f1"] is None


def test_threshold_rates_are_the_report_at_each_threshold():
    rng = np.random.default_rng(5)
    p, positive = rng.random(150), rng.random(150) < 0.2
    ts = np.array([0.0, 0.25, 0.5, 0.9, 1.0])
    accuracy, recall, specificity = threshold_rates(p, positive, ts)
    for k, t in enumerate(ts):
        report = binary_report(p >= t, positive)
        assert accuracy[k] == pytest.approx(report["accuracy"])
        assert recall[k] == pytest.approx(report["recall"])
        assert specificity[k] == pytest.approx(report["specificity"])
    assert recall[0] == 1 and specificity[0] == 0
    np.testing.assert_array_equal(threshold_rates(p, np.zeros(150, bool), ts)[1], np.zeros(5))


# ------------------------------------------------------------------------- least squares

def test_least_squares_gaussian_kernel_classifies_the_spirals():
    # Sugiyama Fig 7.2/7.3, oracle O16: h = 1, λ = 0.01 → 100 % training accuracy.
    X, y = spirals()
    model = LeastSquaresClassifier(h=1.0, lam=0.01).fit(X, y)
    assert np.mean(model.predict(X) == y) == 1.0


def test_least_squares_kernel_solution_is_the_book_formula():
    X, y = blobs(40, seed=2)
    t = np.where(y == 1, 1.0, -1.0)
    model = LeastSquaresClassifier(h=0.7, lam=0.3).fit(X, y)
    K = np.exp(-((X[:, None] - X[None]) ** 2).sum(-1) / (2 * 0.7**2))
    expected = np.linalg.solve(K @ K + 0.3 * np.eye(len(X)), K @ t)   # θ = (K² + λI)⁻¹Ky
    np.testing.assert_allclose(model.theta_, expected, rtol=1e-8, atol=1e-10)


def test_least_squares_with_lda_targets_is_fisher_lda():
    # Spec A7.1 / O17: targets ±1/n±, linear model with intercept → θ₁.. ∥ S_W⁻¹(μ₊ − μ₋).
    X, y = blobs(90, seed=4)
    X = X @ np.array([[1.0, 0.4], [0.0, 0.7]])
    model = LeastSquaresClassifier(kernel="linear", lam=0.0, targets="lda").fit(X, y)
    w = model.theta_[1:]
    mu0, mu1 = X[y == 0].mean(0), X[y == 1].mean(0)
    Sw = sum((X[y == k] - m).T @ (X[y == k] - m) for k, m in [(0, mu0), (1, mu1)])
    lda = np.linalg.solve(Sw, mu1 - mu0)
    cos = w @ lda / np.linalg.norm(w) / np.linalg.norm(lda)
    assert cos == pytest.approx(1.0, abs=1e-12)
    assert fisher_alignment(w, X, y) == pytest.approx(cos, abs=1e-12)


def test_fisher_alignment_is_the_cosine_to_fishers_direction():
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    X, y = blobs(80, seed=6)
    X = X @ np.array([[1.0, 0.8], [0.0, 0.5]])
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y).coef_[0]   # ∝ S_W⁻¹(μ₊ − μ₋)
    assert fisher_alignment(lda, X, y) == pytest.approx(1.0, abs=1e-10)
    assert fisher_alignment(-2 * lda, X, y) == pytest.approx(-1.0, abs=1e-10)
    assert fisher_alignment([-lda[1], lda[0]], X, y) == pytest.approx(0.0, abs=1e-10)
    assert np.isnan(fisher_alignment([0.0, 0.0], X, y))
    with pytest.raises(ValueError, match="two classes"):
        fisher_alignment(lda, *three_blobs())


def test_least_squares_fails_on_separable_data_where_the_svm_succeeds():
    # Sugiyama Figs 7.6 / 8.6 with the spec's DS-7 proposal: a far +1 sub-cluster.
    rng = np.random.default_rng(0)
    pos = np.r_[rng.normal((-2, 0), 0.5, (50, 2)), rng.normal((-12, 0), 0.5, (50, 2))]
    X = np.r_[pos, rng.normal((2, 0), 0.5, (100, 2))]
    y = np.r_[np.ones(100), -np.ones(100)]
    ls = LeastSquaresClassifier(kernel="linear", lam=0.0).fit(X, y)
    assert np.mean(ls.predict(X) == y) < 0.9
    svm = SVC(C=1000.0).fit(X, y)
    assert np.mean(svm.predict(X) == y) == 1.0


def test_least_squares_multiclass_uses_argmax_of_one_vs_rest_targets():
    X, y = three_blobs(spread=0.7)
    model = LeastSquaresClassifier(kernel="linear", lam=0.1).fit(X, y)
    F = model.decision_function(X)
    assert F.shape == (len(X), 3)
    Phi = np.c_[np.ones(len(X)), X]
    T = np.where(y[:, None] == np.arange(3), 1.0, -1.0)
    np.testing.assert_allclose(F, Phi @ np.linalg.solve(Phi.T @ Phi + 0.1 * np.eye(3), Phi.T @ T))
    np.testing.assert_array_equal(model.predict(X), np.argmax(F, axis=1))
    assert np.mean(model.predict(X) == y) > 0.9


def test_least_squares_labels_and_bad_parameters():
    X, y = blobs(60)
    labels = np.where(y == 1, "spam", "ham")
    model = LeastSquaresClassifier(kernel="linear").fit(X, labels)
    assert set(model.predict(X)) <= {"spam", "ham"}
    m = classification_margins(model, X, labels)
    np.testing.assert_allclose(m, np.where(labels == "spam", 1, -1) * model.decision_function(X))
    with pytest.raises(ValueError, match="kernel"):
        LeastSquaresClassifier(kernel="rbf").fit(X, y)
    with pytest.raises(ValueError, match="λ"):
        LeastSquaresClassifier(lam=-1).fit(X, y)
    with pytest.raises(ValueError, match="targets"):
        LeastSquaresClassifier(targets="onehot").fit(X, y)
    with pytest.raises(ValueError, match="at least 2 classes"):
        LeastSquaresClassifier().fit(X, np.zeros(len(X)))
    with pytest.raises(ValueError, match="Unknown class"):
        classification_margins(model, X, np.full(len(X), "eggs"))


# -------------------------------------------------------------------------------- perceptron

def separable(n=80, seed=1, gap=0.3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(4 * n, 2)) * 2
    s = X @ np.array([1.0, 1.0]) + 0.5
    keep = np.abs(s) > gap
    X, s = X[keep][:n], s[keep][:n]
    return X, np.where(s > 0, 1, -1)


def test_perceptron_converges_within_the_novikoff_bound():
    X, y = separable()
    model = Perceptron().fit(X, y)
    assert model.converged_ and np.all(model.predict(X) == y)
    svm = SVC(C=np.inf, tol=1e-8).fit(X, y)
    bound = perceptron_mistake_bound(X, y, svm.w_, svm.b_)
    assert 1 <= model.n_mistakes_ <= bound


def test_perceptron_history_replays_every_mistake():
    X, y = separable(seed=5)
    model = Perceptron().fit(X, y)
    h = model.history_
    assert h[0].n_mistakes == 0 and h[0].index == -1 and not np.any(h[0].w)
    assert [s.n_mistakes for s in h] == list(range(len(h)))
    assert h[-1].n_mistakes == model.n_mistakes_
    for prev, step in zip(h[:-1], h[1:], strict=True):
        i = step.index
        assert y[i] * (X[i] @ prev.w + prev.b) <= 0           # it was a mistake
        np.testing.assert_allclose(step.w, prev.w + y[i] * X[i])
        assert step.b == pytest.approx(prev.b + y[i])
    with pytest.raises(ValueError):
        h[1].w[0] = 5.0                                       # read-only snapshots


def test_perceptron_counts_mistakes_per_epoch():
    X, y = separable(seed=5)
    model = Perceptron(n_snapshots=5).fit(X, y)              # sparse history, exact counts
    assert len(model.epoch_mistakes_) == model.n_epochs_
    assert model.epoch_mistakes_.sum() == model.n_mistakes_
    assert model.epoch_mistakes_[-1] == 0 and model.epoch_mistakes_[0] >= 1
    xor = Perceptron(max_epochs=7).fit(np.array([[0, 0], [1, 1], [0, 1], [1, 0]], float), [1, 1, -1, -1])
    assert len(xor.epoch_mistakes_) == 7 and np.all(xor.epoch_mistakes_ > 0)


def test_perceptron_learning_rate_only_rescales_theta():
    X, y = separable(seed=2)
    a = Perceptron(eta=1.0).fit(X, y)
    b = Perceptron(eta=0.1).fit(X, y)
    np.testing.assert_allclose(b.w_, 0.1 * a.w_)
    assert a.n_mistakes_ == b.n_mistakes_


def test_perceptron_on_xor_never_converges_and_keeps_history_bounded():
    X = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], float)
    y = np.array([1, 1, -1, -1])
    model = Perceptron(max_epochs=200, n_snapshots=30).fit(X, y)
    assert not model.converged_ and model.n_epochs_ == 200
    assert len(model.history_) <= 32
    assert model.history_[-1].n_mistakes == model.n_mistakes_ > 200


def test_perceptron_shuffle_is_reproducible_and_checks_input():
    X, y = separable(seed=3)
    a = Perceptron(shuffle=True, random_state=7).fit(X, y)
    b = Perceptron(shuffle=True, random_state=7).fit(X, y)
    np.testing.assert_array_equal(a.w_, b.w_)
    with pytest.raises(ValueError, match="exactly two classes"):
        Perceptron().fit(*three_blobs())
    with pytest.raises(ValueError, match="does not separate"):
        perceptron_mistake_bound(X, y, [1.0, -1.0], 0.0)


# ----------------------------------------------------------------------- logistic regression

def test_unpenalised_logistic_matches_scikit_learn():
    X, y = blobs(150, seed=1)
    ours = LogisticRegression().fit(X, y)
    sk = SkLogistic(C=np.inf, tol=1e-12, max_iter=10_000).fit(X, y)
    assert ours.converged_
    np.testing.assert_allclose(ours.predict_proba(X), sk.predict_proba(X), atol=1e-7)   # tolerance 1e-7
    np.testing.assert_allclose(ours.theta_, np.r_[sk.intercept_, sk.coef_[0]], rtol=1e-5)


@pytest.mark.parametrize("lam", [0.3, 5.0])
def test_penalised_logistic_matches_scikit_learn_with_C_one_over_lambda(lam):
    X, y = blobs(150, seed=2)
    ours = LogisticRegression(lam=lam).fit(X, y)
    sk = SkLogistic(C=1 / lam, tol=1e-12, max_iter=10_000).fit(X, y)
    np.testing.assert_allclose(ours.predict_proba(X), sk.predict_proba(X), atol=1e-7)


def test_newton_with_many_basis_functions_matches_scikit_learn_on_the_same_design():
    # 20 Gaussian centres, no intercept: the Hessian by syrk on D^½Φ (8 or more basis functions)
    X, y = blobs(150, seed=2)
    basis = GaussianBasis(1.0, n_centers=20, random_state=0)
    ours = LogisticRegression(lam=0.5, basis=basis).fit(X, y)
    Phi = ours.basis_.transform(X)
    sk = SkLogistic(C=2.0, fit_intercept=False, tol=1e-12, max_iter=10_000).fit(Phi, y)
    np.testing.assert_allclose(ours.predict_proba(X), sk.predict_proba(Phi), atol=1e-7)
    assert ours.converged_ and ours.n_iter_ < 15


def test_newton_log_likelihood_increases_and_gradient_vanishes():
    X, y = blobs(200, seed=3)
    model = LogisticRegression(solver="newton").fit(X, y)
    ll = np.array([s.log_likelihood for s in model.history_])
    assert np.all(np.diff(ll) >= -1e-12) and ll[-1] > ll[0]
    assert model.history_[-1].grad_norm < 1e-6
    assert ll[0] == pytest.approx(len(y) * np.log(0.5))          # θ = 0: every q = ½
    assert model.n_iter_ < 15                                     # Newton: a handful of steps


def test_gradient_descent_is_monotone_and_reaches_the_newton_solution():
    X, y = blobs(100, seed=4)
    newton = LogisticRegression(lam=0.1).fit(X, y)
    gd = LogisticRegression(lam=0.1, solver="gd", eta=1.0, max_iter=5000, tol=1e-10).fit(X, y)
    obj = np.array([s.objective for s in gd.history_])
    assert np.all(np.diff(obj) >= -1e-10)
    np.testing.assert_allclose(gd.theta_, newton.theta_, atol=1e-4)


def test_sgd_is_reproducible_bounded_and_close_to_the_optimum():
    X, y = blobs(100, seed=5)
    kw = dict(solver="sgd", eta=0.05, max_iter=30_000, n_snapshots=100, random_state=11)
    a, b = LogisticRegression(**kw).fit(X, y), LogisticRegression(**kw).fit(X, y)
    np.testing.assert_array_equal(a.theta_, b.theta_)
    assert a.n_iter_ == 30_000 and len(a.history_) <= 102
    assert a.history_[-1].step == 30_000
    assert all(0 <= s.index < len(X) for s in a.history_[1:])
    newton = LogisticRegression().fit(X, y)
    assert a.log_likelihood_ > newton.log_likelihood_ - 2.0
    c = LogisticRegression(**{**kw, "random_state": 12}).fit(X, y)
    assert not np.array_equal(a.theta_, c.theta_)


def test_logistic_on_separable_data_diverges_without_penalty():
    X, y = separable()
    free = LogisticRegression(max_iter=60).fit(X, y)
    assert not free.converged_ and np.linalg.norm(free.theta_) > 50
    obj = np.array([s.objective for s in free.history_])
    assert np.all(np.diff(obj) >= -1e-12)
    assert LogisticRegression(lam=1.0).fit(X, y).converged_


def test_logistic_labels_kernel_basis_and_errors():
    rng = np.random.default_rng(0)
    X = rng.uniform(-2, 2, (200, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, "same", "diff")            # XOR pattern
    model = LogisticRegression(lam=0.01, basis=GaussianBasis(0.7)).fit(X, y)
    assert list(model.classes_) == ["diff", "same"]
    assert np.mean(model.predict(X) == y) > 0.9
    np.testing.assert_allclose(model.predict_proba(X).sum(1), 1.0)
    with pytest.raises(ValueError, match="exactly two classes"):
        LogisticRegression().fit(*three_blobs())
    with pytest.raises(ValueError, match="solver"):
        LogisticRegression(solver="lbfgs").fit(X, y)
    with pytest.raises(ValueError, match="learning rate"):
        LogisticRegression(eta=0).fit(X, y)
    Xnan = X.copy()
    Xnan[0, 0] = np.nan
    with pytest.raises(ValueError, match="missing"):
        LogisticRegression().fit(Xnan, y)


# ------------------------------------------------------------------------ softmax regression

def noisy_three(n=240, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.argmax(X @ rng.normal(size=(2, 3)) + rng.normal(size=(n, 3)), axis=1)
    return X, y


@pytest.mark.parametrize("lam", [0.0, 0.1, 2.0])
def test_softmax_matches_scikit_learn_multinomial(lam):
    X, y = noisy_three()
    ours = SoftmaxRegression(lam=lam).fit(X, y)
    sk = SkLogistic(C=np.inf if lam == 0 else 1 / lam, tol=1e-12, max_iter=10_000).fit(X, y)
    np.testing.assert_allclose(ours.predict_proba(X), sk.predict_proba(X), atol=1e-7)


def test_softmax_with_two_classes_is_logistic_regression():
    X, y = blobs(120, seed=6)
    soft = SoftmaxRegression().fit(X, y)
    logi = LogisticRegression().fit(X, y)
    np.testing.assert_allclose(soft.predict_proba(X), logi.predict_proba(X), atol=1e-8)
    # over-parameterised: the difference of the two columns is the logistic θ
    np.testing.assert_allclose(soft.theta_[:, 1] - soft.theta_[:, 0], logi.theta_, rtol=1e-5)


def test_softmax_invariants_and_monotone_newton():
    X, y = noisy_three(seed=1)
    model = SoftmaxRegression(lam=0.5).fit(X, y)
    np.testing.assert_allclose(model.predict_proba(X).sum(1), 1.0)
    obj = np.array([s.objective for s in model.history_])
    assert np.all(np.diff(obj) >= -1e-10)
    assert model.history_[-1].grad_norm < 1e-6
    gd = SoftmaxRegression(lam=0.5, solver="gd", eta=1.0, max_iter=3000, tol=1e-10).fit(X, y)
    np.testing.assert_allclose(gd.predict_proba(X), model.predict_proba(X), atol=1e-5)


@pytest.mark.parametrize("scale", [0.5, 1.0, -3.0, 40.0])
def test_softmax_shift_leaves_every_probability_unchanged(scale):
    """Seed 004 §2.5: W → W − θ1ᵀ gives the same q(y|x) for any θ (here θ = scale·w₁ and a random θ),
    to round-off, while ‖W‖ changes; the predictions are identical."""
    X, y = noisy_three(seed=2)
    model = SoftmaxRegression().fit(X, y)
    rng = np.random.default_rng(5)
    for theta in (scale * model.theta_[:, 0], scale * rng.normal(size=3)):
        twin = model.shifted(theta)
        assert np.abs(twin.predict_proba(X) - model.predict_proba(X)).max() < 1e-12
        np.testing.assert_array_equal(twin.predict(X), model.predict(X))
        np.testing.assert_allclose(twin.theta_, model.theta_ - theta[:, None])
    assert np.linalg.norm(model.shifted(model.theta_[:, 0]).theta_[:, 0]) == 0.0
    with pytest.raises(ValueError, match="one finite value per basis function"):
        model.shifted([1.0, 2.0])


def test_reduced_softmax_gives_the_full_models_probabilities():
    """Seed 004 §2.5: fixing w₁ = 0 and keeping η^(k) = w_k − w₁ (c − 1 vectors) loses nothing."""
    X, y = noisy_three(seed=3)
    model = SoftmaxRegression(lam=0.3).fit(X, y)
    assert model.reduced_theta().shape == (3, 2)
    np.testing.assert_allclose(model.reduced_proba(X), model.predict_proba(X), atol=1e-13)
    shifted = model.shifted(model.theta_[:, 0])  # w₁ − w₁ = 0: the reduced parameters as a full model
    np.testing.assert_allclose(shifted.theta_[:, 1:], model.reduced_theta(), atol=1e-15)
    # λ > 0 picks the representative with Σ_k w_k = 0 on the penalised rows (the slopes)
    np.testing.assert_allclose(model.theta_[1:].sum(axis=1), 0.0, atol=1e-8)


def test_reduced_softmax_with_two_classes_is_the_sigmoid_of_logistic_regression():
    X, y = blobs(120, seed=6)
    soft = SoftmaxRegression().fit(X, y)
    logi = LogisticRegression().fit(X, y)
    eta = soft.reduced_theta()[:, 0]
    np.testing.assert_allclose(eta, logi.theta_, rtol=1e-5)
    phi = np.column_stack([np.ones(len(X)), X])
    np.testing.assert_allclose(soft.reduced_proba(X)[:, 1], 1 / (1 + np.exp(-phi @ eta)), atol=1e-13)


def test_kernel_softmax_sgd_learns_the_ds6_posteriors():
    # Sugiyama Figs 10.2/10.3 (O28): h = 1, ε = 0.1; argmax at −4, 0, 4 is class 1, 2, 3.
    X, y = ds6()
    model = SoftmaxRegression(basis=GaussianBasis(1.0), solver="sgd", eta=0.1, max_iter=20_000,
                              random_state=0).fit(X, y)
    np.testing.assert_array_equal(model.predict([[-4.0], [0.0], [4.0]]), [1, 2, 3])
    assert np.mean(model.predict(X) == y) >= 0.85
    np.testing.assert_allclose(model.predict_proba(np.linspace(-5, 5, 11)[:, None]).sum(1), 1.0)


# ---------------------------------------------------------------------------------------- LSPC

def test_lspc_reproduces_the_ds6_demo():
    # Sugiyama Figs 10.5/10.6 (O28): h = 1, λ = 0.1, class-specific centres.
    X, y = ds6()
    model = LSPC(h=1.0, lam=0.1).fit(X, y)
    np.testing.assert_array_equal(model.predict([[-4.0], [0.0], [4.0]]), [1, 2, 3])
    grid = np.linspace(-5, 5, 100)[:, None]
    P = model.predict_proba(grid)
    np.testing.assert_allclose(P.sum(1), 1.0)
    assert np.all(P >= 0)
    assert (model.raw_scores(grid) < 0).any()                 # the clipping of (10.5) matters


def test_lspc_solution_is_the_normal_equations_and_far_away_is_uniform():
    X, y = ds6(seed=3)
    model = LSPC(h=1.0, lam=0.1).fit(X, y)
    K = np.exp(-(X - X.T) ** 2 / 2.0)
    for k, cls in enumerate(model.classes_):
        Phi = K[:, y == cls]
        theta = np.linalg.solve(Phi.T @ Phi + 0.1 * np.eye(Phi.shape[1]), Phi.T @ (y == cls))
        np.testing.assert_allclose(model.theta_[k], theta, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(model.predict_proba([[100.0]]), [[1 / 3, 1 / 3, 1 / 3]])
    shared = LSPC(class_centers=False).fit(X, y)
    np.testing.assert_array_equal(shared.predict([[-4.0], [0.0], [4.0]]), [1, 2, 3])
    with pytest.raises(ValueError, match="width"):
        LSPC(h=0).fit(X, y)


# ---- MSE of a sigmoid against cross-entropy (seed 003 §2.2.3) -----------------------------------


def sigmoid_data():
    rng = np.random.default_rng(0)
    y = (rng.random(60) < 0.5).astype(int)
    return rng.normal(size=60) + 2.0 * y - 1.0, y


def test_cross_entropy_is_convex_but_the_squared_error_of_a_sigmoid_is_not():
    """Seed 003 §2.2.3 (20): (σ(wx) − y)² has negative curvature somewhere; the cross-entropy never."""
    x, y = sigmoid_data()
    w = np.linspace(-15, 15, 601)
    land = sigmoid_loss_landscape(x, y, w)
    assert np.all(land.ce_curvature >= 0) and land.mse_curvature.min() < 0
    h = w[1] - w[0]
    numeric = (land.mse[2:] - 2 * land.mse[1:-1] + land.mse[:-2]) / h**2
    assert numeric == pytest.approx(land.mse_curvature[1:-1], abs=2e-3)


def test_descent_on_cross_entropy_reaches_logistic_regression_while_mse_stalls_far_out():
    """From w₀ = −12 the squared error's gradient has vanished; cross-entropy descent reaches the MLE."""
    x, y = sigmoid_data()
    ce = sigmoid_descent(x, y, "ce", -12.0, 1.0, 400)
    mle = SkLogistic(C=np.inf, fit_intercept=False, tol=1e-10).fit(x[:, None], y)
    assert ce[-1] == pytest.approx(float(mle.coef_[0, 0]), rel=1e-3)
    mse = sigmoid_descent(x, y, "mse", -12.0, 1.0, 400)
    assert abs(mse[-1] - ce[-1]) > 8  # 400 steps of the same size leave the squared error far out


# ------------------------------------------------------------------------------ mini-batch SGD

@pytest.mark.parametrize("Model", [LogisticRegression, SoftmaxRegression])
def test_minibatch_sgd_with_the_whole_sample_as_batch_is_gradient_ascent(Model):
    # b = n: (1/n)Σ_i (y_i − h_i)φ_i − (λ/n)θ is the gd step's (1/n)∇, in permuted order
    X, y = blobs(90, seed=8)
    kw = dict(lam=0.5, eta=0.3, max_iter=40, tol=0.0)
    gd = Model(solver="gd", **kw).fit(X, y)
    mb = Model(solver="sgd", batch_size=len(X), random_state=0, **kw).fit(X, y)
    assert mb.n_iter_ == gd.n_iter_ == 40
    np.testing.assert_allclose(mb.theta_, gd.theta_, rtol=1e-12, atol=1e-12)
    assert all(s.index == -1 for s in mb.history_)


def test_minibatch_sgd_steps_follow_the_permutation_and_reach_the_optimum():
    X, y = blobs(200, seed=9)
    eta, b = 0.5, 16
    model = LogisticRegression(solver="sgd", eta=eta, batch_size=b, max_iter=2000, lam=0.1,
                               random_state=3).fit(X, y)
    rows = np.random.default_rng(3).permutation(len(X))[:b]       # the first batch of epoch 1
    Phi, t = np.c_[np.ones(len(X)), X][rows], (y[rows] == model.classes_[1]).astype(float)
    first = eta * Phi.T @ (t - 1 / (1 + np.exp(-Phi @ np.zeros(3)))) / b
    np.testing.assert_allclose(model.history_[1].theta, first, rtol=1e-14)
    assert model.history_[1].step == 1 and model.history_[-1].step == 2000
    newton = LogisticRegression(lam=0.1).fit(X, y)
    assert model.history_[-1].objective > newton.history_[-1].objective - 0.5
    np.testing.assert_allclose(model.theta_, newton.theta_, atol=0.3)
    with pytest.raises(ValueError, match="batch_size"):
        LogisticRegression(solver="sgd", batch_size=0).fit(X, y)


# one block / several / products of 4 factors padded with 1s (1001 = 4 × 251 − 3) / 40 Gaussian
# centres, no intercept (blocks of 64 snapshots)
@pytest.mark.parametrize("n, n_snapshots, recorded, centres",
                         [(150, 20, 15, 0), (3000, 100, 60, 0), (1001, 50, 30, 0), (300, 100, 60, 40)])
def test_sgd_snapshots_have_the_log_likelihood_objective_and_gradient_of_their_theta(
        n, n_snapshots, recorded, centres):
    # the snapshots are evaluated together after the loop: each equals the formulas at its own θ
    X, y = blobs(n, seed=10)
    basis = GaussianBasis(1.0, n_centers=centres, random_state=0) if centres else None
    model = LogisticRegression(solver="sgd", lam=0.2, max_iter=300, n_snapshots=n_snapshots, random_state=1,
                               basis=basis)
    model.fit(X, y)
    Phi = model.basis_.transform(X) if centres else np.c_[np.ones(len(X)), X]
    pen = np.r_[float(centres > 0), np.ones(Phi.shape[1] - 1)]
    t = (y == model.classes_[1]).astype(float)
    assert len(model.history_) > recorded
    for step in model.history_[1:]:
        z = Phi @ step.theta
        ll = np.sum(t * z - np.logaddexp(0, z))
        assert step.log_likelihood == pytest.approx(ll, rel=1e-12)
        assert step.objective == pytest.approx(ll - 0.1 * (pen * step.theta) @ step.theta, rel=1e-12)
        grad = Phi.T @ (t - 1 / (1 + np.exp(-z))) - 0.2 * pen * step.theta
        assert step.grad_norm == pytest.approx(np.linalg.norm(grad), rel=1e-10)


@pytest.mark.parametrize("n_snapshots", [20, 120])  # one block of snapshots / several
def test_softmax_sgd_snapshots_have_the_log_likelihood_objective_and_gradient_of_their_theta(n_snapshots):
    # evaluated together in blocks after the loop: each equals the formulas at its own Θ
    X, y = three_blobs(100, seed=10)
    model = SoftmaxRegression(solver="sgd", lam=0.2, max_iter=500, n_snapshots=n_snapshots, random_state=1)
    model.fit(X, y)
    Phi, Y = np.c_[np.ones(len(X)), X], (y[:, None] == model.classes_[None, :]).astype(float)
    assert len(model.history_) > min(n_snapshots, 500) // 2
    for step in model.history_[1:]:
        S = Phi @ step.theta
        logq = S - np.log(np.exp(S).sum(1, keepdims=True))
        ll = np.sum(Y * logq)
        assert step.log_likelihood == pytest.approx(ll, rel=1e-12)
        assert step.objective == pytest.approx(ll - 0.1 * np.sum(step.theta[1:] ** 2), rel=1e-12)
        grad = Phi.T @ (Y - np.exp(logq)) - 0.2 * np.r_[np.zeros((1, 3)), step.theta[1:]]
        assert step.grad_norm == pytest.approx(np.linalg.norm(grad), rel=1e-10)


@pytest.mark.parametrize("tol", [0.0, 1e-3])
def test_per_sample_sgd_written_out_for_three_features_equals_the_list_loop(monkeypatch, tol):
    # the pages' case (intercept and 2-D x) has its own loop: the same θ, bit for bit, as the lists'
    X, y = blobs(150, seed=13)
    kw = dict(solver="sgd", lam=0.3, eta=0.2, max_iter=3000, tol=tol, n_snapshots=60, random_state=6)
    written = LogisticRegression(**kw).fit(X, y)
    monkeypatch.setattr(LogisticRegression, "_sample_steps_3", LogisticRegression._sample_steps_lists)
    lists = LogisticRegression(**kw).fit(X, y)
    assert [s.step for s in written.history_] == [s.step for s in lists.history_]
    np.testing.assert_array_equal([s.theta for s in written.history_], [s.theta for s in lists.history_])
    assert written.converged_ == lists.converged_ == (tol > 0)


def per_step_sgd(X, y, lam, eta, max_iter, tol, n_snapshots, seed):
    """The per-sample rule one step at a time in Python floats, the record looked up at every step:
    [(step, sample, θ)] of the recorded steps, the early stop and the last step."""
    Phi, targets = np.c_[np.ones(len(X)), X].tolist(), (y == 1).astype(float).tolist()
    decay = [0.0] + [lam / len(X)] * X.shape[1]
    record = set(np.round(np.geomspace(1, max_iter, n_snapshots)).astype(int).tolist())
    theta, snapshots = [0.0] * len(decay), []
    for step, i in enumerate(np.random.default_rng(seed).integers(len(X), size=max_iter).tolist(), 1):
        z = sum(p * t for p, t in zip(Phi[i], theta, strict=True))
        residual = targets[i] - (1.0 / (1.0 + math.exp(-z)) if z > -700.0 else math.exp(z))
        delta = [eta * (residual * p - d * t) for p, d, t in zip(Phi[i], decay, theta, strict=True)]
        theta = [t + u for t, u in zip(theta, delta, strict=True)]
        small = tol > 0 and math.sqrt(sum(u * u for u in delta)) < tol
        if step in record or small or step == max_iter:
            snapshots.append((step, i, theta))
        if small:
            break
    return snapshots


@pytest.mark.parametrize("features, lam, tol", [(2, 0.0, 0.0), (2, 0.3, 0.0), (2, 0.0, 1e-3), (2, 0.3, 1e-3),
                                                (4, 0.0, 0.0), (4, 0.3, 2e-3)])
def test_per_sample_sgd_runs_between_records_equal_the_per_step_loop(features, lam, tol):
    # the loops look at the record once a run of steps (and λ = 0, tol = 0 drops the − 0·θ terms):
    # the same steps, samples and θ, bit for bit, as one step at a time
    X, y = blobs(150, seed=14)
    X = np.c_[X, X ** 2][:, :features]
    kw = dict(lam=lam, eta=0.3, max_iter=4000, tol=tol, n_snapshots=80)
    model = LogisticRegression(solver="sgd", random_state=7, **kw).fit(X, y)
    expected = per_step_sgd(X, y, seed=7, **kw)
    assert [(s.step, s.index) for s in model.history_[1:]] == [(step, i) for step, i, _ in expected]
    np.testing.assert_array_equal([s.theta for s in model.history_[1:]], [t for _, _, t in expected])
    np.testing.assert_array_equal(model.theta_, expected[-1][2])
    assert model.n_iter_ == expected[-1][0] and model.converged_ == (model.n_iter_ < 4000)
    assert (model.n_iter_ < 4000) == (tol > 0)


def written_out_sgd(X, y, classes, lam, eta, max_iter, batch, tol, seed):
    """The SGD rules of LogisticRegression (two classes) and SoftmaxRegression written out in numpy,
    one step at a time: {step: θ after it}, and whether a step moved θ by less than tol."""
    Phi, n = np.c_[np.ones(len(X)), X], len(X)
    pen = np.r_[0.0, np.ones(X.shape[1])]
    if classes == 2:
        targets, theta = (y == 1).astype(float), np.zeros(3)
    else:
        targets, theta = (y[:, None] == np.arange(classes)).astype(float), np.zeros((3, classes))
        pen = pen[:, None]

    def mean_gradient(rows):
        scores = Phi[rows] @ theta
        if classes == 2:
            q = 1 / (1 + np.exp(-scores))
        else:
            q = np.exp(scores - scores.max(1, keepdims=True))
            q /= q.sum(1, keepdims=True)
        return Phi[rows].T @ (targets[rows] - q) / len(Phi[rows]) - lam / n * pen * theta

    rng = np.random.default_rng(seed)
    if batch == 1:
        order = [[i] for i in rng.integers(n, size=max_iter)]
    else:
        order = [perm[s:s + batch] for _ in range(-(-max_iter * batch // n) + 1)
                 for perm in [rng.permutation(n)] for s in range(0, n, batch)][:max_iter]
    thetas = {}
    for step, rows in enumerate(order, start=1):
        delta = eta * mean_gradient(rows)
        theta = theta + delta
        thetas[step] = theta
        if tol > 0 and np.linalg.norm(delta) < tol:
            return thetas, True
    return thetas, False


@pytest.mark.parametrize("classes, batch, tol, lam", [(2, 1, 0.0, 0.3), (2, 1, 1e-3, 0.3), (2, 1, 0.0, 0.0),
                                                      (2, 32, 0.0, 0.3), (2, 7, 1e-3, 0.3), (2, 32, 0.0, 0.0),
                                                      (2, 200, 0.0, 0.3),     # one batch larger than n
                                                      (3, 1, 0.0, 0.3), (3, 32, 0.0, 0.3), (3, 7, 1e-3, 0.3),
                                                      (3, 32, 0.0, 0.0)])
def test_sgd_snapshots_are_the_written_out_rules(classes, batch, tol, lam):
    X, y = blobs(150, seed=12) if classes == 2 else three_blobs(50, seed=12)
    Model = LogisticRegression if classes == 2 else SoftmaxRegression
    model = Model(solver="sgd", lam=lam, eta=0.2, max_iter=2000, tol=tol, batch_size=batch,
                  n_snapshots=60, random_state=4).fit(X, y)
    thetas, converged = written_out_sgd(X, y, classes, lam, 0.2, 2000, batch, tol, 4)
    assert model.converged_ == converged and model.n_iter_ == len(thetas)
    schedule = set(np.round(np.geomspace(1, 2000, 60)).astype(int).tolist())
    recorded = sorted(k for k in thetas if k in schedule or k == len(thetas))
    assert [s.step for s in model.history_[1:]] == recorded
    for snap in model.history_[1:]:
        np.testing.assert_allclose(snap.theta, thetas[snap.step], rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(model.theta_, thetas[len(thetas)], rtol=1e-12, atol=1e-14)
