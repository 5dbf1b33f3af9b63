"""Tests for algorithms.svm: Li Hang's worked examples, SMO invariants, scikit-learn parity, ramp SVM."""

import dataclasses

import numpy as np
import pytest
from sklearn.svm import SVC as SkSVC

from algorithms import SVC
from algorithms import GaussianBasis
from algorithms import RampSVC
from algorithms import svc_kernel

EX71_X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])     # Li Hang Examples 7.1 / 7.2
EX71_Y = np.array([1, 1, -1])
EX72_X = np.array([[1.0, 2], [2, 3], [3, 3], [2, 1], [3, 2]])   # Li Hang Exercise 7.2
EX72_Y = np.array([1, 1, 1, -1, -1])


def overlapping(n=60, seed=0, d=2):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(-0.8, 1.0, (n // 2, d)), rng.normal(0.8, 1.0, (n - n // 2, d))])
    return X, np.r_[-np.ones(n // 2), np.ones(n - n // 2)]


def ds4(seed):
    """Sugiyama DS-4 (Fig 8.20): blobs at x₁ = −15 (+1) and −5 (−1), two +1 outliers moved by +60."""
    rng = np.random.default_rng(seed)
    n = 40
    X = np.c_[np.r_[rng.standard_normal(n // 2) - 15, rng.standard_normal(n // 2) - 5],
              rng.standard_normal(n)]
    X[:2, 0] += 60
    return X, np.r_[np.ones(n // 2), -np.ones(n // 2)]


# --------------------------------------------------------------------------- book examples

@pytest.mark.parametrize("selection", ["second_order", "book"])
def test_example_7_1_and_7_2_in_one_smo_step(selection):
    # SVM-1/2/3: w = (1/2, 1/2), b = −2, α = (1/4, 0, 1/4), SVs x1 and x3, one step (order A).
    model = SVC(C=np.inf, selection=selection).fit(EX71_X, EX71_Y)
    np.testing.assert_allclose(model.alpha_, [0.25, 0.0, 0.25], atol=1e-15)
    np.testing.assert_allclose(model.w_, [0.5, 0.5], atol=1e-15)
    assert model.b_ == pytest.approx(-2.0, abs=1e-14)
    np.testing.assert_array_equal(model.support_, [0, 2])
    assert model.n_iter_ == 1 and model.converged_
    step = model.history_[0]
    assert (step.i, step.j) == (0, 2)
    assert (step.E_i, step.E_j, step.L, step.H, step.eta) == (-1.0, 1.0, 0.0, np.inf, 8.0)
    assert step.violation == 1.0 and step.gap == 2.0
    assert step.alpha_j_unclipped == 0.25 and step.alpha_j == 0.25 and step.alpha_i == 0.25
    assert step.b == pytest.approx(-2.0)
    # dual optimum: Li Hang's min form gives −1/4; the max form D = 1/4 = primal ½‖w‖²
    assert model.dual_objective_ == pytest.approx(0.25) == model.primal_objective_
    np.testing.assert_array_equal(model.predict(EX71_X), EX71_Y)
    np.testing.assert_allclose(model.y_signed_ * model.decision_train_, [1.0, 1.5, 1.0])


def test_example_7_2_order_b_passes_through_the_book_candidate():
    # Spec §3.11 order B: first pair (x2, x3) gives α = (0, 2/13, 2/13), b = −23/13, D = 2/13,
    # the book's boundary candidate s(0, 2/13); then x1 violates KKT (y g = 7/13) and SMO goes on.
    X, y = EX71_X[[1, 0, 2]], EX71_Y[[1, 0, 2]]
    model = SVC(C=np.inf).fit(X, y)
    first = model.history_[0]
    assert (first.i, first.j, first.eta) == (0, 2, 13.0)
    assert first.alpha_j == pytest.approx(2 / 13) and first.alpha_i == pytest.approx(2 / 13)
    assert first.b == pytest.approx(-23 / 13) and first.dual_objective == pytest.approx(2 / 13)
    np.testing.assert_allclose(model.alpha_at(1), [2 / 13, 0, 2 / 13])
    g1 = model.decision_function_at(X[[1]], 1)[0]
    assert g1 == pytest.approx(7 / 13)
    assert model.n_iter_ > 1
    np.testing.assert_allclose(model.alpha_, [0.0, 0.25, 0.25], atol=1e-12)
    assert model.b_ == pytest.approx(-2.0)


def test_soft_margin_with_C_0_2_has_an_interval_of_optimal_b():
    # SVM-4: α = (0.2, 0, 0.2), w = (0.4, 0.4), every b ∈ [−1.8, −1.4] optimal, dual 0.24.
    model = SVC(C=0.2).fit(EX71_X, EX71_Y)
    np.testing.assert_allclose(model.alpha_, [0.2, 0.0, 0.2])
    np.testing.assert_allclose(model.w_, [0.4, 0.4])
    np.testing.assert_allclose(model.b_interval_, [-1.8, -1.4])
    assert model.b_ == pytest.approx(-1.6)
    assert model.dual_objective_ == pytest.approx(0.24)
    assert model.primal_objective_ == pytest.approx(0.24)
    assert list(model.alpha_category_) == ["bound", "zero", "bound"]


def test_soft_margin_C_0_1_final_b_fixes_the_midpoint_pitfall():
    # SVM-5 and the spec's pitfall: the step's midpoint b = −0.8 lies outside the optimal
    # interval [−0.4, −0.2] (primal 0.20 instead of 0.16); b_ is recomputed from all KKT.
    model = SVC(C=0.1).fit(EX71_X, EX71_Y)
    np.testing.assert_allclose(model.alpha_, [0.1, 0.0, 0.1])
    assert model.history_[-1].b == pytest.approx(-0.8)
    assert model.b_at(model.n_iter_) == pytest.approx(-0.8)
    np.testing.assert_allclose(model.b_interval_, [-0.4, -0.2])
    assert model.b_ == pytest.approx(-0.3)
    assert model.primal_objective_ == pytest.approx(0.16) == model.dual_objective_
    w = model.w_
    slack_book_b = np.maximum(0, 1 - EX71_Y * (EX71_X @ w - 0.8))
    assert 0.5 * w @ w + 0.1 * slack_book_b.sum() == pytest.approx(0.20)


def test_exercise_7_2_solution():
    # SVM-6: w = (−1, 2), b = −2, α = (1/2, 0, 2, 0, 5/2), SVs x1, x3, x5, dual 2.5.
    for selection in ("second_order", "book"):
        model = SVC(C=np.inf, tol=1e-9, selection=selection).fit(EX72_X, EX72_Y)
        np.testing.assert_allclose(model.alpha_, [0.5, 0, 2, 0, 2.5], atol=1e-8)
        np.testing.assert_allclose(model.w_, [-1.0, 2.0], atol=1e-8)
        assert model.b_ == pytest.approx(-2.0, abs=1e-8)
        np.testing.assert_array_equal(model.support_, [0, 2, 4])
        assert model.dual_objective_ == pytest.approx(2.5, abs=1e-8)


def test_two_point_toy():
    # Spec O21: (1,0)+, (−1,0)− → w = (1, 0), γ = 0, α = (½, ½).
    model = SVC(C=1e6).fit([[1.0, 0.0], [-1.0, 0.0]], [1, -1])
    np.testing.assert_allclose(model.w_, [1.0, 0.0])
    np.testing.assert_allclose(model.alpha_, [0.5, 0.5])
    assert model.b_ == pytest.approx(0.0, abs=1e-15)


# ------------------------------------------------------------------------------ invariants

KERNELS = [("linear", {}), ("poly", {"degree": 3, "coef0": 1.0}), ("gaussian", {"sigma": 1.0})]


@pytest.mark.parametrize("kernel,kw", KERNELS)
@pytest.mark.parametrize("selection", ["second_order", "book"])
def test_smo_invariants(kernel, kw, selection):
    X, y = overlapping(80, seed=1)
    C, tol = 2.0, 1e-4
    model = SVC(C=C, kernel=kernel, tol=tol, selection=selection, **kw).fit(X, y)
    assert model.converged_ and model.stop_reason_ == "kkt"
    dual = np.array([s.dual_objective for s in model.history_])
    scale = max(1.0, abs(dual[-1]))
    assert np.all(np.diff(dual) >= -1e-12 * scale)              # the dual never decreases
    assert dual[-1] == pytest.approx(model.dual_objective_, rel=1e-9)
    a = model.alpha_
    assert np.all((a >= 0) & (a <= C))
    assert abs(a @ model.y_signed_) < 1e-10 * C * len(a)
    assert model.kkt_violations().max() < tol                  # KKT within ε at the end
    gap = model.primal_objective_ - model.dual_objective_
    assert -1e-9 <= gap <= 0.02 * C * len(a) * tol + 1e-9      # small duality gap
    np.testing.assert_array_equal(model.alpha_at(model.n_iter_), a)
    # the recorded dual values equal D(α) rebuilt from the history
    K = svc_kernel(X, X, kernel, **kw)
    for k in (1, model.n_iter_ // 2, model.n_iter_):
        ak = model.alpha_at(k) * y
        assert model.history_[k - 1].dual_objective == pytest.approx(
            model.alpha_at(k).sum() - 0.5 * ak @ K @ ak, rel=1e-9, abs=1e-12)
    assert set(model.alpha_category_) <= {"zero", "free", "bound"}
    np.testing.assert_allclose(model.slack_, np.maximum(0, 1 - y * model.decision_function(X)),
                               atol=1e-12)


def straightforward_smo(K, y, C, tol, selection, max_iter=5000):
    """SMO as SVC's docstring states it, E recomputed from α and b at every step (no caches):
    the pairs (i, j) and the α after every step."""
    n = len(y)
    a, b, steps = np.zeros(n), 0.0, []
    for _ in range(max_iter):
        F = K @ (a * y) - y                              # E − b
        up = ((y > 0) & (a < C)) | ((y < 0) & (a > 0))
        low = ((y > 0) & (a > 0)) | ((y < 0) & (a < C))
        i_up = int(np.argmin(np.where(up, F, np.inf)))
        i_low = int(np.argmax(np.where(low, F, -np.inf)))
        if F[i_low] - F[i_up] < tol:
            break
        v_up, v_low = -b - F[i_up], F[i_low] + b
        first_up = v_up > v_low or (v_up == v_low and i_up < i_low)
        i, j = (i_up, i_low) if first_up else (i_low, i_up)
        if selection == "second_order":
            partners = low if first_up else up
            eta = np.maximum(K[i, i] + np.diag(K) - 2 * K[i], 1e-12)
            gain = np.where(partners, np.maximum(F - F[i] if first_up else F[i] - F, 0) ** 2 / eta, -1)
            j = int(np.argmax(gain))
        if y[i] != y[j]:
            L, H = max(0.0, a[j] - a[i]), min(C, C + a[j] - a[i])
        else:
            L, H = max(0.0, a[i] + a[j] - C), min(C, a[i] + a[j])
        eta = K[i, i] + K[j, j] - 2 * K[i, j]
        aj = float(np.clip(a[j] + y[j] * (F[i] - F[j]) / eta, L, H))
        ai = a[i] + y[i] * y[j] * (a[j] - aj)
        tiny = 1e-12 * C
        aj, ai = (0.0 if v < tiny else C if v > C - tiny else v for v in (aj, ai))
        dai, daj = ai - a[i], aj - a[j]
        b1 = -(F[i] + b) - y[i] * K[i, i] * dai - y[j] * K[i, j] * daj + b
        b2 = -(F[j] + b) - y[i] * K[i, j] * dai - y[j] * K[j, j] * daj + b
        b = b1 if 0 < ai < C else b2 if 0 < aj < C else (b1 + b2) / 2
        a[i], a[j] = ai, aj
        steps.append((i, j, a.copy(), b))
    return steps


@pytest.mark.parametrize("kernel,kw", KERNELS)
@pytest.mark.parametrize("C,share", [(0.5, 0.5), (10.0, 0.5), (2.0, 0.2)])
def test_smo_takes_the_steps_of_the_straightforward_loop(kernel, kw, C, share):
    # the incremental E, the cached 1/√η rows and the choice of j by (F_j − F_i)/√η in place of
    # (E_i − E_j)²/η change no pair, α or b; classes of 20 % and 50 %. (The book's rule picks j by
    # ties of E that round-off alone can flip, so its path is not compared with this loop.)
    X, y = overlapping(60, seed=8)
    y = np.where(np.arange(60) < 60 * share, -1.0, 1.0)
    model = SVC(C=C, kernel=kernel, tol=1e-3, **kw).fit(X, y)
    steps = straightforward_smo(svc_kernel(X, X, kernel, **kw), y, C, 1e-3, "second_order")
    assert model.converged_ and model.n_iter_ == len(steps) > 10
    for step, (i, j, alpha, b) in zip(model.history_, steps, strict=True):
        assert (step.i, step.j) == (i, j)
        np.testing.assert_allclose(model.alpha_at(step.step), alpha, rtol=0, atol=1e-9 * C)
        assert step.b == pytest.approx(b, abs=1e-8 * C)


def test_second_order_selection_needs_fewer_steps():
    X, y = overlapping(150, seed=2)
    first = SVC(C=10.0, kernel="gaussian").set_params(selection="book").fit(X, y)
    second = SVC(C=10.0, kernel="gaussian").fit(X, y)
    assert second.n_iter_ < first.n_iter_
    assert second.dual_objective_ == pytest.approx(first.dual_objective_, rel=1e-3)


@pytest.mark.parametrize("kernel,kw,skw", [
    ("linear", {}, {"kernel": "linear"}),
    ("poly", {"degree": 2, "coef0": 1.0}, {"kernel": "poly", "degree": 2, "coef0": 1.0, "gamma": 1.0}),
    ("gaussian", {"sigma": 0.8}, {"kernel": "rbf", "gamma": 1 / (2 * 0.8**2)}),
])
def test_parity_with_scikit_learn(kernel, kw, skw):
    X, y = overlapping(70, seed=3)
    ours = SVC(C=1.5, kernel=kernel, tol=1e-7, **kw).fit(X, y)
    sk = SkSVC(C=1.5, tol=1e-7, **skw).fit(X, y)
    grid = np.random.default_rng(0).uniform(-3, 3, (200, 2))
    # decision values agree to 1e-4 (both stop at a KKT gap of 1e-7)
    np.testing.assert_allclose(ours.decision_function(grid), sk.decision_function(grid), atol=1e-4)
    np.testing.assert_array_equal(ours.support_, sk.support_)
    np.testing.assert_allclose(ours.dual_coef_, sk.dual_coef_[0], atol=1e-5)
    assert ours.b_ == pytest.approx(sk.intercept_[0], abs=1e-4)


def test_linear_polynomial_kernel_is_the_linear_svm():
    X, y = overlapping(50, seed=4)
    lin = SVC(C=1.0, tol=1e-8).fit(X, y)
    poly = SVC(C=1.0, kernel="poly", degree=1, coef0=0.0, tol=1e-8).fit(X, y)
    np.testing.assert_allclose(poly.decision_function(X), lin.decision_function(X), atol=1e-7)


def test_hard_margin_on_non_separable_data_does_not_converge():
    X, y = overlapping(40, seed=5)
    model = SVC(C=np.inf, max_iter=300).fit(X, y)
    assert not model.converged_ and model.stop_reason_ == "max_iter"
    assert model.n_iter_ == 300


def test_duplicate_points_with_opposite_labels():
    X = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0], [-1.0, -1.0]])
    y = np.array([1, -1, 1, -1])
    model = SVC(C=1.0, kernel="gaussian").fit(X, y)
    assert model.converged_
    dual = [s.dual_objective for s in model.history_]
    assert np.all(np.diff(dual) >= -1e-12)


def test_step_through_helpers_and_snapshots():
    X, y = overlapping(30, seed=6)
    model = SVC(C=1.0, kernel="gaussian").fit(X, y)
    assert isinstance(model.history_, tuple)
    np.testing.assert_array_equal(model.alpha_at(0), 0.0)
    np.testing.assert_array_equal(model.decision_function_at(X, 0), 0.0)
    step = model.history_[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.i = 3
    text = step.describe()
    assert f"i = {step.i}" in text and f"j = {step.j}" in text and "η" in text
    with pytest.raises(ValueError, match="step"):
        model.alpha_at(model.n_iter_ + 1)


def test_states_at_replays_alpha_and_f_of_any_steps_at_once():
    X, y = overlapping(30, seed=6)
    model = SVC(C=1.0, kernel="gaussian").fit(X, y)
    grid = np.random.default_rng(1).normal(size=(7, 2))
    steps = [model.n_iter_, 0, 3, 1, 3]
    alphas, values = model.states_at(grid, steps)
    assert alphas.shape == (5, 30) and values.shape == (5, 7)
    for row, s in enumerate(steps):
        np.testing.assert_array_equal(alphas[row], model.alpha_at(s))
        np.testing.assert_allclose(values[row], model.decision_function_at(grid, s), atol=1e-12)
    np.testing.assert_array_equal(alphas[0], model.alpha_)
    # f = Σ α_i y_i K(x_i, x) + b, straight from the kernel matrix
    direct = svc_kernel(grid, X, "gaussian") @ (model.alpha_ * model.y_signed_) + model.history_[-1].b
    np.testing.assert_allclose(values[0], direct, atol=1e-12)
    with pytest.raises(ValueError, match="step"):
        model.states_at(grid, [model.n_iter_ + 1])


def test_step_values_are_one_field_of_every_step():
    X, y = overlapping(30, seed=6)
    model = SVC(C=1.0).fit(X, y)
    dual = model.step_values("dual_objective")
    assert dual.shape == (model.n_iter_,) and dual[-1] == model.history_[-1].dual_objective
    np.testing.assert_array_equal(dual, [s.dual_objective for s in model.history_])
    np.testing.assert_array_equal(model.step_values("j"), [s.j for s in model.history_])
    assert model.step_values("alpha_i").max() <= 1.0  # the box 0 ≤ α ≤ C
    with pytest.raises(ValueError, match="field"):
        model.step_values("rule")


def test_margin_width_is_two_over_the_norm_of_w():
    model = SVC(C=np.inf).fit(EX71_X, EX71_Y)
    assert model.margin_width_ == pytest.approx(2 * np.sqrt(2))  # w = (1/2, 1/2)
    model = SVC(C=np.inf).fit(EX72_X, EX72_Y)
    assert model.margin_width_ == pytest.approx(2 / np.sqrt(5))  # w = (−1, 2)
    assert not hasattr(SVC(kernel="gaussian").fit(EX71_X, EX71_Y), "margin_width_")


def test_ds7_separable_data_has_few_support_vectors():
    # Sugiyama Fig 8.6 on the spec's DS-7 proposal: a linear SVM separates it with few SVs.
    rng = np.random.default_rng(0)
    pos = np.r_[rng.normal((-2, 0), 0.5, (50, 2)), rng.normal((-12, 0), 0.5, (50, 2))]
    X = np.r_[pos, rng.normal((2, 0), 0.5, (100, 2))]
    y = np.r_[np.ones(100), -np.ones(100)]
    model = SVC(C=1000.0).fit(X, y)
    assert np.mean(model.predict(X) == y) == 1.0
    assert 2 <= len(model.support_) <= 5


def test_labels_and_input_checks():
    X, y = overlapping(40, seed=7)
    labels = np.where(y > 0, "yes", "no")
    model = SVC(kernel="gaussian").fit(X, labels)
    assert list(model.classes_) == ["no", "yes"]
    assert set(model.predict(X)) <= {"no", "yes"}
    for bad in [dict(C=0), dict(C=-1.0), dict(kernel="rbf"), dict(kernel="gaussian", sigma=0.0),
                dict(kernel="poly", degree=0), dict(tol=0), dict(selection="random")]:
        with pytest.raises(ValueError):
            SVC(**bad).fit(X, y)
    with pytest.raises(ValueError, match="exactly two classes"):
        SVC().fit(X, np.arange(len(X)) % 3)
    with pytest.raises(ValueError, match="features"):
        model.decision_function(np.zeros((2, 3)))


# ---------------------------------------------------------------------------- ramp-loss SVM

@pytest.mark.parametrize("seed", range(4))
def test_ramp_svm_ignores_the_two_outliers(seed):
    # Spec O22: λ = η = 0.01, θ₀ = 0; book 42 iterations ([SIM] 37–135); only the two outliers
    # misclassified; boundary x₁-intercept −θ₀/θ₁ ∈ [−11, −9].
    X, y = ds4(seed)
    model = RampSVC().fit(X, y)
    assert model.converged_ and 20 <= model.n_iter_ <= 300
    np.testing.assert_array_equal(np.flatnonzero(model.predict(X) != y), [0, 1])
    theta = model.theta_                                   # (intercept, x₁, x₂)
    assert -11.0 <= -theta[0] / theta[1] <= -9.0


def test_ramp_svm_iterations_follow_the_book_update():
    X, y = ds4(0)
    model = RampSVC(lam=0.01, eta=0.01).fit(X, y)
    first = model.history_[0]
    np.testing.assert_array_equal(first.margins, 0.0)      # θ = 0 → m = 0 → v = 1, w = η
    np.testing.assert_array_equal(first.targets, 1.0)
    np.testing.assert_allclose(first.weights, 0.01)
    assert len(model.history_) == model.n_iter_
    Phi = np.c_[np.ones(len(X)), X]
    prev = np.zeros(3)
    for step in model.history_[:5]:
        m = (Phi @ prev) * y
        np.testing.assert_allclose(step.margins, m)
        v = m + np.clip(1 - m, 0, 1)
        w = np.where(np.abs(v - m) > 0.01, 0.01 / np.maximum(np.abs(v - m), 1e-300), 1.0)
        np.testing.assert_allclose(step.weights, w)
        theta = np.linalg.solve(Phi.T @ (w[:, None] * Phi) + 0.01 * np.eye(3), Phi.T @ (w * v * y))
        np.testing.assert_allclose(step.theta, theta, rtol=1e-10)
        prev = theta
    ramp = np.minimum(1, np.maximum(0, 1 - y * model.decision_function(X))).sum()
    assert model.history_[-1].ramp_loss == pytest.approx(ramp)


def test_ramp_svm_with_a_kernel_basis_and_bad_input():
    X, y = overlapping(60, seed=8)
    model = RampSVC(basis=GaussianBasis(1.0), lam=0.1).fit(X, y)
    assert np.mean(model.predict(X) == y) > 0.7
    with pytest.raises(ValueError, match="η"):
        RampSVC(eta=0).fit(X, y)


# ------------------------------------------------------------------------- kernel-row cache

@pytest.mark.parametrize("kernel,kw", KERNELS)
def test_kernel_row_cache_takes_the_same_steps_as_the_whole_kernel_matrix(kernel, kw):
    # 0.002 MB holds 6 of the 120 rows: SMO computes rows on demand and evicts the least recently used
    X, y = overlapping(120, seed=6)
    whole = SVC(C=10.0, kernel=kernel, **kw).fit(X, y)
    cached = SVC(C=10.0, kernel=kernel, cache_size=0.002, shrinking=False, **kw).fit(X, y)
    assert whole.kernel_rows_computed_ == 0 and cached.kernel_rows_computed_ > 2 * 6
    assert cached.history_ == whole.history_                     # every step, bit for bit
    np.testing.assert_array_equal(cached.alpha_, whole.alpha_)
    np.testing.assert_array_equal(cached.support_, whole.support_)
    assert cached.b_ == pytest.approx(whole.b_, abs=1e-10)
    np.testing.assert_allclose(cached.decision_train_, whole.decision_train_, atol=1e-10)
    assert cached.dual_objective_ == pytest.approx(whole.dual_objective_, rel=1e-12)


@pytest.mark.parametrize("kernel,kw,C", [(*KERNELS[0], 1.0), (*KERNELS[0], 10.0), (*KERNELS[1], 1.0),
                                         (*KERNELS[2], 1.0), (*KERNELS[2], 10.0)])
def test_shrinking_reaches_the_same_solution(kernel, kw, C):
    # rows on demand (0.05 MB: 16 of 400 rows) with shrinking: fewer samples per step, the same
    # α to the tolerance, b, support vectors and dual as the plain steps; KKT within tol for all
    X, y = overlapping(400, seed=10)
    plain = SVC(C=C, kernel=kernel, **kw).fit(X, y)
    shrunk = SVC(C=C, kernel=kernel, cache_size=0.05, **kw).fit(X, y)
    assert shrunk.converged_ and shrunk.kernel_rows_computed_ > 0
    assert shrunk.kkt_violations().max() < 1e-3
    assert shrunk.dual_objective_ == pytest.approx(plain.dual_objective_, rel=1e-4)
    np.testing.assert_allclose(shrunk.decision_train_, plain.decision_train_, atol=0.02)
    assert abs(shrunk.b_ - plain.b_) < 0.02
    assert np.mean(shrunk.predict(X) == plain.predict(X)) > 0.99
    np.testing.assert_array_equal(shrunk.alpha_at(shrunk.n_iter_), shrunk.alpha_)


@pytest.mark.parametrize("kernel,kw,C", [(*KERNELS[0], 10.0), (*KERNELS[1], 1.0),
                                         ("gaussian", {"sigma": 0.5}, 10.0), (*KERNELS[2], 100.0)])
def test_shrinking_steps_see_the_exact_errors(kernel, kw, C):
    # every step's E_i, E_j (F of the set-aside samples brought up to date by K(Δα∘y) over the α that
    # moved since they were set aside) are g(x) − y computed from the α before the step and the book's b
    X, y = overlapping(150, seed=11)                             # shrinking every 150 steps
    model = SVC(C=C, kernel=kernel, cache_size=0.02, **kw).fit(X, y)
    assert model.kernel_rows_computed_ > 0 and model.converged_ and model.n_iter_ > 2 * 150
    K = svc_kernel(X, X, kernel, **kw)
    alpha, b = np.zeros(len(y)), 0.0
    for step in model.history_:
        exact = K[[step.i, step.j]] @ (alpha * y) + b - y[[step.i, step.j]]
        np.testing.assert_allclose([step.E_i, step.E_j], exact, rtol=0, atol=1e-9 * C)
        alpha[step.i], alpha[step.j], b = step.alpha_i, step.alpha_j, step.b


def test_kernel_diagonal_matches_the_kernel_matrix():
    from algorithms.svm import _kernel_diag
    X = np.random.default_rng(7).normal(size=(30, 3))
    for kernel, kw in KERNELS:
        full = {"sigma": 1.0, "degree": 3, "coef0": 1.0} | kw
        diag = np.diag(svc_kernel(X, X, kernel, **kw))
        np.testing.assert_array_equal(_kernel_diag(X, kernel, **full), diag)


@pytest.mark.parametrize("d", [2, 3, 10])
def test_kernel_rows_are_the_rows_of_the_kernel_matrix(d):
    from algorithms.svm import _row_kernel
    X = np.random.default_rng(9).normal(size=(40, d))
    for kernel, kw in KERNELS:
        full = {"sigma": 1.0, "degree": 3, "coef0": 1.0} | kw
        K = svc_kernel(X, X, kernel, **kw)
        for cols in (slice(None), np.array([3, 0, 17, 25])):
            row = _row_kernel(X, cols, kernel, **full)
            for i in (0, 17, 39):
                np.testing.assert_array_equal(row(i), svc_kernel(X[i:i + 1], X[cols], kernel, **kw)[0])
                np.testing.assert_allclose(row(i), K[i, cols], rtol=1e-13)


def test_cache_size_must_be_positive():
    with pytest.raises(ValueError, match="cache_size"):
        SVC(cache_size=0).fit(EX71_X, EX71_Y)
