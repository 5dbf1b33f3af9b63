"""Learning theory (CS229 M28–M31, F.S1–F.S2, M37): the finite-H example, Hoeffding by simulation,
the known VC dimensions, the bias–variance identity, and the posterior mean = ridge."""

import numpy as np
import pytest

from algorithms import MAX_SHATTER_POINTS
from algorithms import BayesianLinearRegression
from algorithms import PolynomialBasis
from algorithms import Ridge
from algorithms import bias_variance
from algorithms import bias_variance_curve
from algorithms import finite_class_gamma
from algorithms import hoeffding_bound
from algorithms import hoeffding_curve
from algorithms import hoeffding_experiment
from algorithms import laplace_map
from algorithms import line_in_box
from algorithms import log_posterior_grid
from algorithms import realisable_labellings
from algorithms import sample_complexity
from algorithms import shatters
from algorithms import vc_bound


def test_finite_class_worked_example():
    """CS229 M28 (inventory oracle): k = 1000, δ = 0.05, m = 1000 → γ = √(ln 40000 / 2000) ≈ 0.0728."""
    gamma = finite_class_gamma(1000, 1000, 0.05)
    assert gamma == pytest.approx(np.sqrt(np.log(40000) / 2000)) and round(float(gamma), 4) == 0.0728
    assert sample_complexity(gamma, 1000, 0.05) == 1000
    assert sample_complexity(0.0728, 1000, 0.05) == 1000
    assert sample_complexity(0.05, 1000, 0.05) == 2120  # ln(40000)/(2·0.05²) = 2119.3


def test_hoeffding_frequencies_stay_under_their_bounds():
    for m in (20, 100, 400):
        result = hoeffding_experiment(m, 0.1, k=10, phi=0.3, n_trials=4000, random_state=0)
        assert result.single_frequency <= result.single_bound + 0.02
        assert result.any_frequency <= result.union_bound + 0.02
        assert result.any_frequency >= result.single_frequency
    assert hoeffding_bound(100, 0.1) == pytest.approx(2 * np.exp(-2))
    assert hoeffding_bound(10, 0.1, k=100) == 1.0


def test_vc_bound_uses_log_m_over_d():
    """The seed's log(d/m) is an erratum (M31): the bound must be positive and fall with m."""
    values = vc_bound(np.array([10, 100, 1000]), 3, 0.05)
    assert np.all(values > 0) and np.all(np.diff(values) < 0)
    assert values[1] == pytest.approx(np.sqrt(0.03 * np.log(100 / 3) + np.log(20) / 100))


def _vc_dimension(concept_class, sets):
    """The largest size among ``sets`` that the class shatters."""
    return max(len(s) for s in sets if shatters(s, concept_class))


def test_shattering_agrees_with_the_known_vc_dimensions():
    triangle = [[0, 0], [1, 0], [0, 1]]
    square = [[0, 0], [1, 0], [0, 1], [1, 1]]
    diamond = [[1, 0], [0, 1], [-1, 0], [0, -1]]
    five = [[1, 0], [0, 1], [-1, 0], [0, -1], [0.2, 0.1]]
    assert shatters(triangle, "line") and not shatters(square, "line") and not shatters(diamond, "line")
    assert realisable_labellings(triangle, "line")[1].sum() == 8  # CS229 M30: all 8 labellings
    assert realisable_labellings(square, "line")[1].sum() == 14   # only the two XOR labellings fail
    assert not shatters([[0, 0], [1, 1], [2, 2]], "line")          # collinear: +,−,+ impossible
    assert _vc_dimension("line", [triangle, square, diamond]) == 3
    assert shatters(diamond, "rectangle") and not shatters(five, "rectangle")
    assert _vc_dimension("rectangle", [triangle, diamond, five]) == 4
    assert shatters([[0, 0], [1, 0]], "interval") and not shatters([[0, 0], [1, 0], [2, 0]], "interval")
    assert realisable_labellings([[0, 0], [1, 0], [2, 0]], "interval")[1].sum() == 7


def test_enumeration_cap_is_a_message():
    points = np.random.default_rng(0).normal(size=(MAX_SHATTER_POINTS + 1, 2))
    with pytest.raises(ValueError, match=f"stops at {MAX_SHATTER_POINTS} points"):
        shatters(points, "line")
    with pytest.raises(ValueError, match="concept_class must be"):
        shatters(points[:3], "circle")


def test_bias_variance_decomposition_adds_up_to_the_test_error():
    for degree in (1, 3, 9):
        result = bias_variance(lambda d=degree: Ridge(1e-6, PolynomialBasis(d)), "sine", n_sets=400, n=25,
                               noise=0.3, random_state=0)
        total = result.bias2 + result.variance + result.noise
        assert result.test_error == pytest.approx(total, rel=0.03)
    low = bias_variance(lambda: Ridge(1e-6, PolynomialBasis(1)), "sine", n_sets=100, random_state=1)
    high = bias_variance(lambda: Ridge(1e-6, PolynomialBasis(5)), "sine", n_sets=100, random_state=1)
    assert low.bias2 > high.bias2 and low.variance < high.variance


def test_posterior_mean_equals_ridge_with_lambda_alpha_over_beta():
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (30, 1))
    y = 0.5 - 1.2 * x[:, 0] + 0.2 * rng.normal(size=30)
    for alpha, beta in ((2.0, 25.0), (0.1, 4.0)):
        blr = BayesianLinearRegression(alpha, beta).fit(x, y)
        np.testing.assert_allclose(blr.mean_, Ridge(alpha / beta).fit(x, y).theta_, rtol=1e-10)
    blr = BayesianLinearRegression(2.0, 25.0, n_snapshots=30).fit(x, y)
    np.testing.assert_allclose(blr.history_[-1].mean, blr.mean_)
    np.testing.assert_allclose(blr.history_[0].cov, np.eye(2) / 2.0)
    spread = [np.trace(h.cov) for h in blr.history_]
    assert np.all(np.diff(spread) <= 1e-12)  # each sample narrows the posterior
    mean, std = blr.predict(x, return_std=True)
    assert np.all(std >= np.sqrt(1 / 25.0))


def test_posterior_grid_peaks_at_the_map_points():
    rng = np.random.default_rng(1)
    Phi = np.column_stack([np.ones(20), rng.uniform(-1, 1, 20)])
    y = Phi @ [0.3, 1.0] + 0.3 * rng.normal(size=20)
    g = np.linspace(-2, 2, 401)
    gauss = log_posterior_grid(Phi, y, 5.0, 10.0, "gaussian", g, g)
    i, j = np.unravel_index(np.argmax(gauss), gauss.shape)
    ridge = Ridge(0.5).fit(Phi[:, 1:], y).theta_
    assert abs(g[j] - ridge[0]) <= 0.01 and abs(g[i] - ridge[1]) <= 0.01
    lap = log_posterior_grid(Phi, y, 5.0, 10.0, "laplace", g, g)
    i, j = np.unravel_index(np.argmax(lap), lap.shape)
    lasso = laplace_map(Phi, y, 5.0, 10.0)
    assert abs(g[j] - lasso[0]) <= 0.01 and abs(g[i] - lasso[1]) <= 0.01
    assert laplace_map(Phi, y, 1e4, 1.0).tolist() == [0.0, 0.0]  # a strong Laplace prior: exact zeros


def test_hoeffding_curve_falls_with_m():
    single, any_of = hoeffding_curve([10, 50, 200], 0.1, k=5, phi=0.5, n_trials=2000, random_state=0)
    assert np.all(np.diff(single) < 0) and np.all(any_of >= single)


def test_line_in_box_clips_to_the_box():
    ends = line_in_box([0.0, 1.0, -1.0], [0, 0], [1, 2])  # the diagonal x₂ = x₁ through [0,1]×[0,2]
    np.testing.assert_allclose(sorted(map(tuple, ends)), [(0, 0), (1, 1)])
    assert line_in_box([5.0, 1.0, 0.0], [0, 0], [1, 1]).shape == (0, 2)  # x₁ = −5 misses the box
    np.testing.assert_allclose(sorted(map(tuple, line_in_box([-0.5, 1.0, 0.0], [0, 0], [1, 1]))),
                               [(0.5, 0), (0.5, 1)])


def test_bias_variance_curve_trades_bias_for_variance():
    curve = bias_variance_curve(lambda d: Ridge(1e-8, PolynomialBasis(d)), [0, 1, 3, 5], "sine", n_sets=100,
                                random_state=0)
    assert curve["bias2"][0] > curve["bias2"][-1] and curve["variance"][0] < curve["variance"][-1]
    np.testing.assert_allclose(curve["noise"], 0.09)
