"""Tests for algorithms.online: the book's demos, scikit-learn parity, hand-worked AROW, invariants."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import PassiveAggressiveClassifier as SkPA
from sklearn.linear_model import PassiveAggressiveRegressor as SkPAR

from algorithms import AROWClassifier
from algorithms import AROWRegressor
from algorithms import OnlinePerceptron
from algorithms import PassiveAggressiveClassifier
from algorithms import PassiveAggressiveRegressor
from algorithms import Perceptron
from algorithms import arrival_order
from algorithms import corrupt_stream
from algorithms import hindsight_losses
from algorithms import load_dataset
from algorithms import perceptron_mistake_bound
from algorithms.svm import SVC


def noisy_stream(n=60, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    return X, np.where(X[:, 0] + 0.5 * rng.normal(size=n) >= 0, 1, -1)


def sklearn_pa(loss, C, X, y, regression=False):
    """scikit-learn's PA over one ordered pass (deprecated in 1.8 in favour of SGD's pa1/pa2)."""
    cls = SkPAR if regression else SkPA
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        extra = dict(epsilon=0.1) if regression else {}
        model = cls(C=C, loss=loss, fit_intercept=False, shuffle=False, max_iter=1, tol=None, **extra)
        return model.fit(X, y)


# ---------------------------------------------------------------------------- passive-aggressive

@pytest.mark.parametrize("C", [0.05, 0.7, 5.0])
def test_pa_i_equals_scikit_learn_over_one_ordered_pass(C):
    X, y = noisy_stream()
    ours = PassiveAggressiveClassifier(C, variant="PA-I").fit(X, y)
    np.testing.assert_allclose(ours.coef_, sklearn_pa("hinge", C, X, y).coef_.ravel(), rtol=1e-12)


@pytest.mark.parametrize("C", [0.05, 0.7, 5.0])
def test_pa_ii_equals_scikit_learn_squared_hinge(C):
    X, y = noisy_stream(seed=1)
    ours = PassiveAggressiveClassifier(C, variant="PA-II").fit(X, y)
    np.testing.assert_allclose(ours.coef_, sklearn_pa("squared_hinge", C, X, y).coef_.ravel(), rtol=1e-12)


@pytest.mark.parametrize("variant, loss", [("PA-I", "epsilon_insensitive"),
                                           ("PA-II", "squared_epsilon_insensitive")])
def test_pa_regression_equals_scikit_learn(variant, loss):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 2))
    y = X @ [1.5, -2.0] + 0.3 * rng.normal(size=40)
    ours = PassiveAggressiveRegressor(0.8, epsilon=0.1, variant=variant).fit(X, y)
    theirs = sklearn_pa(loss, 0.8, X, y, regression=True)
    np.testing.assert_allclose(ours.coef_, theirs.coef_.ravel(), rtol=1e-12)


def test_pa_ii_is_the_books_update_with_lambda():
    """(15.6) θ ← θ + y max(0, 1 − θᵀxy) x/(‖x‖² + λ) with the constant feature: C = 1/(2λ)."""
    X, y = noisy_stream(30)
    lam = 1.0
    theta = np.zeros(3)
    for xi, yi in zip(np.c_[X, np.ones(30)], y, strict=True):
        theta = theta + yi * max(0.0, 1 - theta @ xi * yi) / (xi @ xi + lam) * xi
    model = PassiveAggressiveClassifier(1 / (2 * lam), "PA-II", fit_intercept=True).fit(X, y)
    np.testing.assert_allclose(np.r_[model.coef_, model.intercept_], theta, rtol=1e-12)


def test_pa_is_passive_when_the_margin_is_at_least_one():
    model = PassiveAggressiveClassifier(1.0, "PA").partial_fit([[1.0, 0.0]], [1], classes=[-1, 1])
    assert model.history_[0].step == 1.0                      # ℓ = 1, ‖x‖² = 1: τ = 1
    np.testing.assert_allclose(model.coef_, [1.0, 0.0])
    model.partial_fit([[2.0, 5.0]], [1])                    # margin 2 ≥ 1: no update
    assert model.history_[-1].step == 0.0 and model.history_[-1].loss == 0.0
    np.testing.assert_allclose(model.coef_, [1.0, 0.0])


def test_hard_pa_classifies_the_last_sample_with_margin_one():
    X, y = noisy_stream(25, seed=4)
    model = PassiveAggressiveClassifier(variant="PA")
    for xi, yi in zip(X, y, strict=True):
        model.partial_fit(xi[None], [yi], classes=[-1, 1])
        assert yi * (xi @ model.coef_) >= 1 - 1e-9


def test_fig_15_5_snapshots_pa_stream():
    """Fig 15.5: the boundary after 3, 5, 10 and 200 samples; the spec's numpy run (seed 0):
    training accuracy 0.955 after 3 samples, 0.995 after 5 and 1.0 from 10 on (λ = 1)."""
    data = load_dataset("pa_stream", random_state=0)
    model = PassiveAggressiveClassifier(0.5, "PA-II", fit_intercept=True).fit(data.X, data.y)
    accuracy = model.accuracy_path(data.X, data.y)
    assert accuracy[0] == np.mean(np.where(data.X @ model.history_[0].w + model.history_[0].b >= 0, 1, -1)
                                  == data.y)
    assert [accuracy[k - 1] for k in (3, 5, 10, 200)] == pytest.approx([0.955, 0.995, 1.0, 1.0])
    assert min(accuracy[9:]) == 1.0


def test_fig_15_9_arow_resists_the_outliers_pa_does_not():
    """Fig 15.9: on the outlier stream AROW's boundary stays between the classes (the spec's run:
    x1 ≈ −9.3 at x2 = 0, ideal −10) while PA (λ = 1) is dragged towards class −1."""
    data = load_dataset("arow_outliers", random_state=0)
    clean = ~data.extra["planted_outlier"]
    arow = AROWClassifier(1.0, fit_intercept=True).fit(data.X, data.y)
    pa = PassiveAggressiveClassifier(0.5, "PA-II", fit_intercept=True).fit(data.X, data.y)
    arow_cross, pa_cross = -arow.intercept_ / arow.coef_[0], -pa.intercept_ / pa.coef_[0]
    assert arow_cross == pytest.approx(-9.22, abs=0.01)
    assert pa_cross == pytest.approx(-6.14, abs=0.01)
    assert np.mean(arow.predict(data.X)[clean] == data.y[clean]) == 1.0
    assert np.mean(pa.predict(data.X)[clean] == data.y[clean]) < 0.9


def book_walk(kind, X, y, C=0.5, variant="PA-I", epsilon=0.1):
    """The per-sample rules written out in numpy, one sample at a time (the code before the
    Python-float walk): per sample (score, loss, step, θ after)."""
    theta, rows = np.zeros(X.shape[1]), []
    for x, target in zip(X, y, strict=True):
        score = float(theta @ x)
        if kind == "perceptron":
            loss = max(0.0, 1.0 - target * score)
            step = 1.0 if target * score <= 0 else 0.0
            theta = theta + step * target * x
        else:
            residual = target - score
            loss = max(0.0, 1.0 - target * score) if kind == "pa" else max(0.0, abs(residual) - epsilon)
            sq_norm = float(x @ x)
            step = 0.0 if loss <= 0.0 or (variant != "PA-II" and sq_norm == 0.0) else (
                loss / (sq_norm + 0.5 / C) if variant == "PA-II" else loss / sq_norm)
            step = min(C, step) if variant == "PA-I" else step
            theta = theta + step * (target if kind == "pa" else np.sign(residual)) * x
        rows.append((score, loss, step, theta))
    return rows


@pytest.mark.parametrize("d", [2, 40])                    # Python floats / numpy
@pytest.mark.parametrize("kind, variant", [("perceptron", None), ("pa", "PA"), ("pa", "PA-I"),
                                           ("pa", "PA-II"), ("regression", "PA-I"), ("regression", "PA-II")])
def test_the_walk_reproduces_the_per_sample_rules_history_included(kind, variant, d):
    rng = np.random.default_rng(7)
    X = rng.normal(size=(300, d))
    X[5] = 0.0                                              # x = 0: passive
    if kind == "regression":
        y = X @ rng.normal(size=d) + 0.3 * rng.normal(size=300)
        model = PassiveAggressiveRegressor(0.5, 0.1, variant, fit_intercept=True)
    else:
        y = np.where(X[:, 0] + 0.5 * rng.normal(size=300) >= 0, 1, -1)
        model = (OnlinePerceptron(fit_intercept=True) if kind == "perceptron"
                 else PassiveAggressiveClassifier(0.5, variant, fit_intercept=True))
    model.partial_fit(X[:100], y[:100], classes=[-1, 1] if kind != "regression" else None)
    model.partial_fit(X[100:], y[100:])
    book = book_walk(kind, np.c_[X, np.ones(300)], y.astype(float), 0.5, variant)
    assert len(model.history_) == 300 and [s.t for s in model.history_] == list(range(1, 301))
    for step, (score, loss, size, theta) in zip(model.history_, book, strict=True):
        np.testing.assert_allclose([step.score, step.loss, step.step], [score, loss, size],
                                   rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(np.r_[step.w, step.b], theta, rtol=1e-12, atol=1e-12)
        assert step.mistake == (kind != "regression" and y[step.t - 1] * score <= 0)
        assert step.cov is None
    np.testing.assert_allclose(np.r_[model.coef_, model.intercept_], book[-1][3], rtol=1e-12, atol=1e-12)
    assert model.n_seen_ == 300
    assert model.n_mistakes_ == sum(s.mistake for s in model.history_)
    assert model.cumulative_loss_ == pytest.approx(sum(row[1] for row in book), rel=1e-12)


# ---------------------------------------------------------------------------------------- AROW

def test_arow_hand_worked_stream():
    """Fig 15.8 by hand, r = 1: x = (1, 0), y = +1 from μ = 0, Σ = I: m = 0, β = 2, μ = (½, 0),
    Σ = diag(½, 1); then x = (1, 1), y = −1: m = −½, Σx = (½, 1), β = 5/2, μ = (½, 0) − (3/2)(½, 1)/(5/2)
    = (1/5, −3/5), Σ = Σ − (½, 1)(½, 1)ᵀ/(5/2) = [[2/5, −1/5], [−1/5, 3/5]]."""
    model = AROWClassifier(1.0).partial_fit([[1.0, 0.0]], [1], classes=[-1, 1])
    np.testing.assert_allclose(model.coef_, [0.5, 0.0])
    np.testing.assert_allclose(model.cov_, np.diag([0.5, 1.0]))
    assert model.history_[0].step == pytest.approx(0.5)
    model.partial_fit([[1.0, 1.0]], [-1])
    np.testing.assert_allclose(model.coef_, [0.2, -0.6])
    np.testing.assert_allclose(model.cov_, [[0.4, -0.2], [-0.2, 0.6]])
    assert model.history_[1].loss == pytest.approx(1.5) and model.history_[1].step == pytest.approx(0.6)
    model.partial_fit([[0.0, -3.0]], [1])                  # margin 1.8 ≥ 1: nothing changes
    np.testing.assert_allclose(model.coef_, [0.2, -0.6])


def test_arow_covariance_stays_positive_definite_and_is_the_woodbury_form():
    """Σ̂ = Σ̃ − Σ̃xxᵀΣ̃/β equals (Σ̃⁻¹ + xxᵀ/r)⁻¹ (erratum: + not −) and stays positive definite."""
    X, y = noisy_stream(300, seed=5)
    X = np.c_[X, 1e3 * X[:, :1]]                            # badly scaled columns test the round-off
    r = 0.1
    model = AROWClassifier(r).fit(X, y)
    precision = np.eye(3)
    previous = np.eye(3)
    for step, xi in zip(model.history_, X, strict=True):
        assert np.all(np.linalg.eigvalsh(step.cov) > 0)
        np.testing.assert_allclose(step.cov, step.cov.T)
        if step.step > 0:
            precision = precision + np.outer(xi, xi) / r
        assert np.all(np.linalg.eigvalsh(previous - step.cov) > -1e-9 * np.abs(previous).max())
        previous = step.cov
    np.testing.assert_allclose(np.linalg.inv(model.cov_), precision, rtol=1e-5)


def test_arow_regression_is_recursive_least_squares_ridge():
    """AROW regression (with the sign erratum fixed) = ridge (XᵀX + rI)⁻¹Xᵀy on the samples so far."""
    rng = np.random.default_rng(2)
    X = rng.normal(size=(30, 2))
    y = X @ [2.0, -1.0] + 0.5 + 0.1 * rng.normal(size=30)
    r = 0.7
    model = AROWRegressor(r, fit_intercept=True).fit(X, y)
    Xa = np.c_[X, np.ones(30)]
    for t in (1, 5, 30):
        ridge = np.linalg.solve(Xa[:t].T @ Xa[:t] + r * np.eye(3), Xa[:t].T @ y[:t])
        step = model.history_[t - 1]
        np.testing.assert_allclose(np.r_[step.w, step.b], ridge, rtol=1e-10)
        np.testing.assert_allclose(step.cov, r * np.linalg.inv(Xa[:t].T @ Xa[:t] + r * np.eye(3)), rtol=1e-10)


# ---------------------------------------------------------------------------------- perceptron

def test_online_perceptron_equals_one_pass_of_the_batch_perceptron():
    X, y = noisy_stream(80, seed=6)
    online = OnlinePerceptron(fit_intercept=True).fit(X, y)
    batch = Perceptron(max_epochs=1).fit(X, y)
    np.testing.assert_allclose(online.coef_, batch.w_)
    assert online.intercept_ == pytest.approx(batch.b_)
    assert online.n_mistakes_ == batch.n_mistakes_


def test_perceptron_mistakes_within_the_block_novikoff_bound():
    """CS229 M12: mistakes ≤ (D/γ)², D and γ of the augmented vectors, u from the hard-margin SVM."""
    for seed in range(3):
        data = load_dataset("separable", n=100, random_state=seed)
        model = OnlinePerceptron(fit_intercept=True).fit(data.X, data.y)
        svm = SVC(C=np.inf, tol=1e-6, max_iter=20_000).fit(data.X, data.y)
        bound = perceptron_mistake_bound(data.X, data.y, svm.w_, svm.b_)
        assert 1 <= model.n_mistakes_ <= bound
        assert model.cumulative_mistakes()[-1] == model.n_mistakes_


# ---------------------------------------------------------------------------- regret, outliers

def test_hindsight_hinge_loss_is_zero_on_separable_data_and_regret_bounded():
    data = load_dataset("separable", n=60, random_state=0)
    assert hindsight_losses(data.X, data.y, "hinge", True).sum() == pytest.approx(0.0, abs=1e-7)
    X, y = noisy_stream(60)
    best = hindsight_losses(X, y, "hinge").sum()
    assert best > 0
    for model in (PassiveAggressiveClassifier(0.5, "PA-I"), AROWClassifier(1.0)):
        assert model.fit(X, y).losses().sum() >= best - 1e-9   # the best fixed u* is no worse in total


def test_hindsight_squared_loss_is_least_squares():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 1))
    y = 3 * X[:, 0] + 1 + rng.normal(size=20)
    losses = hindsight_losses(X, y, "squared", fit_intercept=True)
    u = np.polyfit(X[:, 0], y, 1)
    assert losses.sum() == pytest.approx(((np.polyval(u, X[:, 0]) - y) ** 2).sum())


def test_corrupt_stream_flips_exactly_k_labels():
    y = np.array([1, -1] * 10)
    noisy, mask = corrupt_stream(y, 3, random_state=0)
    assert mask.sum() == 3 and np.all(noisy[mask] == -y[mask]) and np.all(noisy[~mask] == y[~mask])
    values, mask = corrupt_stream(np.linspace(0, 1, 10), 2, random_state=0, regression=True)
    assert mask.sum() == 2 and np.all(np.abs(values[mask] - np.linspace(0, 1, 10)[mask]) == 5.0)


# -------------------------------------------------------------------------------------- bad input

def test_a_stream_with_one_class_is_refused_with_a_message():
    with pytest.raises(ValueError, match="two classes; the stream has 1"):
        PassiveAggressiveClassifier().fit([[0.0, 1.0], [1.0, 1.0]], [1, 1])
    with pytest.raises(ValueError, match="two classes"):
        AROWClassifier().fit([[0.0, 1.0]], [1])


@pytest.mark.parametrize("C", [0, -1.0, float("nan")])
def test_non_positive_C_is_refused(C):
    X, y = noisy_stream(10)
    with pytest.raises(ValueError, match="C must be > 0"):
        PassiveAggressiveClassifier(C, "PA-I").fit(X, y)
    with pytest.raises(ValueError, match="r must be a finite number > 0"):
        AROWClassifier(C).fit(X, y)


def test_unknown_variant_and_new_labels_are_refused():
    X, y = noisy_stream(10)
    with pytest.raises(ValueError, match="variant must be one of"):
        PassiveAggressiveClassifier(1.0, "PA-III").fit(X, y)
    model = PassiveAggressiveClassifier().fit(X, y)
    with pytest.raises(ValueError, match="Unknown label"):
        model.partial_fit(X[:1], [7])


def test_regret_is_the_difference_of_cumulative_losses():
    X, y = noisy_stream(40, seed=7)
    model = AROWClassifier(1.0).fit(X, y)
    best = hindsight_losses(X, y, "hinge")
    regret = model.regret(best)
    np.testing.assert_allclose(regret, np.cumsum(model.losses()) - np.cumsum(best))
    assert regret[-1] >= -1e-9
    np.testing.assert_array_equal(np.sort(arrival_order(10, True, 0)), np.arange(10))
    np.testing.assert_array_equal(arrival_order(4, False), np.arange(4))


def test_squared_errors_and_regression_regret():
    rng = np.random.default_rng(8)
    X = rng.normal(size=(30, 1))
    y = 2 * X[:, 0] + 0.1 * rng.normal(size=30)
    model = PassiveAggressiveRegressor(1.0, 0.0, "PA-II", fit_intercept=True).fit(X, y)
    errors = model.squared_errors(y)
    assert errors[0] == pytest.approx(y[0] ** 2)             # θ = 0 predicts 0 first
    best = hindsight_losses(X, y, "squared", fit_intercept=True)
    np.testing.assert_allclose(model.regret(best, errors), np.cumsum(errors) - np.cumsum(best))
    rls = AROWRegressor(1.0, fit_intercept=True).fit(X, y)
    np.testing.assert_allclose(rls.losses(), rls.squared_errors(y))


def test_accuracy_path_matches_every_snapshot():
    X, y = noisy_stream(50, seed=9)
    model = PassiveAggressiveClassifier(0.3, "PA-I", fit_intercept=True).fit(X, y)
    brute = [np.mean(np.where(X @ s.w + s.b >= 0, 1, -1) == y) for s in model.history_]
    np.testing.assert_allclose(model.accuracy_path(X, y), brute)


def test_history_stops_at_max_history_and_learning_goes_on(monkeypatch):
    import algorithms.online as online

    X, y = noisy_stream(80, seed=9)
    whole = PassiveAggressiveClassifier(0.5, "PA-I", fit_intercept=True).fit(X, y)
    monkeypatch.setattr(online, "MAX_HISTORY", 50)
    model = PassiveAggressiveClassifier(0.5, "PA-I", fit_intercept=True)
    model.partial_fit(X[:40], y[:40]).partial_fit(X[40:], y[40:])
    assert [s.t for s in model.history_] == list(range(1, 51)) and model.n_seen_ == 80
    for kept, full in zip(model.history_, whole.history_[:50], strict=True):
        assert kept.score == full.score and kept.b == full.b
        np.testing.assert_array_equal(kept.w, full.w)
    np.testing.assert_array_equal(model.coef_, whole.coef_)
    assert model.n_mistakes_ == whole.n_mistakes_ and model.cumulative_loss_ == whole.cumulative_loss_
