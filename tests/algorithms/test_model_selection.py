"""Cross-validation and leave-one-out (Sugiyama §4.3): book oracles and exact identities."""

import numpy as np
import pytest

from algorithms import KernelRidge
from algorithms import LinearRegression
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import TrigonometricBasis
from algorithms import clone
from algorithms import cross_validate
from algorithms import fold_ids
from algorithms import holdout_mask
from algorithms import kernel_ridge_cv_grid
from algorithms import load_dataset
from algorithms import loo_error
from algorithms import loo_errors_from_design
from algorithms import polynomial_degree_curves

BOOK_HS, BOOK_LAMS = [0.03, 0.3, 3.0], [1e-4, 0.1, 100.0]


@pytest.mark.parametrize("seed", range(20))
def test_five_fold_cv_picks_the_books_h_and_lambda(seed):
    """Sugiyama Fig 4.13: the minimum CV error is at (h, λ) = (0.3, 0.1) (spec [SIM] 200/200 seeds)."""
    d = load_dataset("sinc", 50, 0.2, seed)
    errors = kernel_ridge_cv_grid(d.X, d.y, BOOK_HS, BOOK_LAMS, 5, seed)
    assert np.unravel_index(np.argmin(errors), errors.shape) == (1, 1)


def test_loo_closed_form_equals_brute_force():
    """Sugiyama (4.4) versus refitting n times with all n kernel centres (spec A4.5: ≈ 0.0334699)."""
    d = load_dataset("sinc", 50, 0.2, 0)
    closed = loo_error(KernelRidge(0.3, 0.1), d.X, d.y)
    brute = cross_validate(KernelRidge(0.3, 0.1, centers=d.X), d.X, d.y, n_folds=50, random_state=0).error
    assert closed == pytest.approx(brute, rel=1e-10)
    assert closed == pytest.approx(0.033469936585934, rel=1e-9)


@pytest.mark.parametrize("estimator", [Ridge(0.5), Ridge(0.01, TrigonometricBasis(3))])
def test_loo_closed_form_equals_brute_force_for_fixed_bases(estimator):
    """The identity needs a basis that does not depend on the fold (no data-driven scaling)."""
    rng = np.random.default_rng(1)
    X = rng.uniform(-2, 2, (25, 1))
    y = np.sin(2 * X[:, 0]) + 0.1 * rng.normal(size=25)
    brute = cross_validate(estimator, X, y, n_folds=25).error
    assert loo_error(estimator, X, y) == pytest.approx(brute, rel=1e-9)


def test_loo_errors_for_several_lambdas_from_one_svd_equal_brute_force():
    """(4.4) for λ = 0, 0.01 and 1 at once equals refitting n times for each λ."""
    rng = np.random.default_rng(2)
    X = rng.uniform(-2, 2, (25, 1))
    y = np.sin(2 * X[:, 0]) + 0.1 * rng.normal(size=25)
    basis = TrigonometricBasis(3)
    errors = loo_errors_from_design(basis.fit(X).transform(X), y, [0.0, 0.01, 1.0])
    brute = [cross_validate(Ridge(lam, TrigonometricBasis(3)), X, y, n_folds=25).error
             for lam in (0.0, 0.01, 1.0)]
    np.testing.assert_allclose(errors, brute, rtol=1e-9)


def test_kfold_grid_matches_cross_validate():
    d = load_dataset("sinc", 50, 0.2, 3)
    grid = kernel_ridge_cv_grid(d.X, d.y, [0.3, 1.0], [0.01, 0.1], 5, 11)
    for a, h in enumerate([0.3, 1.0]):
        for b, lam in enumerate([0.01, 0.1]):
            direct = cross_validate(KernelRidge(h, lam, centers=d.X), d.X, d.y, 5, 11).error
            assert grid[a, b] == pytest.approx(direct, rel=1e-6)


def test_loo_grid_matches_loo_error():
    d = load_dataset("sinc", 50, 0.2, 3)
    grid = kernel_ridge_cv_grid(d.X, d.y, [0.3], [0.05, 1.0], None)
    assert grid[0, 1] == pytest.approx(loo_error(KernelRidge(0.3, 1.0), d.X, d.y), rel=1e-10)


def test_fold_ids_are_balanced_and_seeded():
    folds = fold_ids(50, 5, 0)
    assert np.bincount(folds).tolist() == [10] * 5
    np.testing.assert_array_equal(folds, fold_ids(50, 5, 0))
    assert not np.array_equal(folds, fold_ids(50, 5, 1))


def test_zero_one_cv_counts_each_misclassification_once():
    """Fig 4.12 erratum: the loss is ½(1 − sign(f(x)y)), not its square, so a fold error is k/|T_i|."""
    X = np.linspace(-1, 1, 20)[:, None]
    y = np.where(np.abs(X[:, 0]) > 0.5, 1.0, -1.0)  # a V shape a line cannot classify
    result = cross_validate(Ridge(1e-6), X, y, n_folds=4, random_state=0, loss="zero_one")
    counts = result.fold_errors * 5
    np.testing.assert_allclose(counts, np.round(counts))
    assert np.all(result.fold_errors <= 1.0) and result.error > 0


@pytest.mark.parametrize("folds", [1, 51])
def test_bad_fold_counts_are_refused(folds):
    d = load_dataset("sinc", 50, 0.2, 0)
    with pytest.raises(ValueError, match="folds"):
        kernel_ridge_cv_grid(d.X, d.y, [0.3], [0.1], folds)


# Hold-out, k-fold and leave-one-out over the polynomial degree (CS229 Part VII §1, M32–M34)


def test_holdout_keeps_the_notes_thirty_percent_aside():
    mask = holdout_mask(50, 0.3, 0)
    assert mask.sum() == 15
    with pytest.raises(ValueError, match="between 0 and 1"):
        holdout_mask(50, 1.0)
    with pytest.raises(ValueError, match="leaves a set empty"):
        holdout_mask(2, 0.1)


def test_degree_curves_agree_with_brute_force_holdout_kfold_and_loo():
    d = load_dataset("sinc", 30, 0.2, 0)
    curves = polynomial_degree_curves(d.X, d.y, range(11), 0.3, 5, 1)
    np.testing.assert_array_equal(curves.degrees, np.arange(11))  # k ∈ {0, …, 10}
    k = 3
    model = LinearRegression(PolynomialBasis(k))
    held = holdout_mask(30, 0.3, 1)
    fit = LinearRegression(PolynomialBasis(k)).fit(d.X[~held], d.y[~held])
    assert curves.holdout[k] == pytest.approx(np.mean((fit.predict(d.X[held]) - d.y[held]) ** 2), rel=1e-10)
    assert curves.kfold[k] == pytest.approx(cross_validate(model, d.X, d.y, 5, 1).error, rel=1e-10)
    without = [clone(model).fit(np.delete(d.X, i, 0), np.delete(d.y, i)) for i in range(30)]
    brute_loo = np.mean([(m.predict(d.X[i:i + 1])[0] - d.y[i]) ** 2 for i, m in enumerate(without)])
    assert curves.loo[k] == pytest.approx(brute_loo, rel=1e-6)
    # the training error never rises with the degree (nested models); it picks the largest degree
    assert np.all(np.diff(curves.train) <= 1e-12)
    assert np.argmin(curves.loo) < 10


def test_loo_is_missing_where_the_polynomial_interpolates():
    X = np.linspace(-1, 1, 4)[:, None]
    curves = polynomial_degree_curves(X, X[:, 0] ** 2, [1, 3], 0.5, 2, 0)
    assert np.isfinite(curves.loo[0]) and np.isnan(curves.loo[1])
