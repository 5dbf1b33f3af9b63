"""The least-squares page as a user sees it (AppTest): presets, URL state, language, own data."""

import numpy as np
import pytest

from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "least_squares.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "ls.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def test_defaults_show_the_books_l2_fit_with_finite_numbers():
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert shown["Parameters b"] == "50"
    assert 0 < float(shown["Training error (MSE)"]) < 0.05
    assert at.session_state["ls.model"] == "gaussian" and at.session_state["ls.constraint"] == "l2"


def test_cv_preset_picks_the_books_h_and_lambda():
    """Sugiyama Fig 4.13: 5-fold CV over {0.03, 0.3, 3} × {1e-4, 0.1, 100} picks (0.3, 0.1)."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 4.13")
    assert at.session_state["ls.view"] == "select" and at.session_state["ls.grid"] == "book"
    shown = metrics(at)
    assert shown["Best h"] == "0.3" and shown["Best λ"] == "0.1"


def test_subspace_preset_zeroes_twenty_coefficients():
    """Sugiyama Fig 4.1/4.3: keep 11 of 31 trigonometric functions."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 4.1")
    assert metrics(at)["Parameters b"] == "31"
    theta_chart = next(s for s in chart_specs(at) if s["data"][0].get("type") == "bar")
    theta = next(decoded_arrays(theta_chart["data"][0]["y"]))
    assert np.count_nonzero(theta) == 11 and np.all(theta[11:] == 0)


def test_sgd_preset_steps_through_the_books_demo():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 3.7")
    assert at.session_state["ls.solver"] == "sgd"
    assert float(metrics(at)["Training error (MSE)"]) < 0.02  # spec [SIM]: final MSE < 0.02
    step = widget(at, "ls.sgd.step")
    step.set_value(0).run()
    assert any("Step 0" in m.value for m in at.markdown)


def thetas(at) -> dict[str, list[float]]:
    """The θ table of the gradient-descent view: method → θ in raw feature units."""
    table = at.dataframe[0].value
    return {row.iloc[0]: [float(v) for v in row.iloc[1:]] for _, row in table.iterrows()}


def test_gradient_descent_preset_reaches_the_normal_equations_on_the_housing_rows():
    """Spec M01: on the five printed rows the normal equations give θ = (26.79, 0.1651)."""
    at = choose_preset(open_page(PAGE), "CS229 Part I: gradient")
    assert thetas(at)["Normal equations"] == pytest.approx([26.79, 0.1651], rel=1e-3)
    widget(at, "ls.gd_iters").set_value(1000).run()
    assert thetas(at)["Batch GD"] == pytest.approx([26.79, 0.1651], rel=1e-3)


def test_unscaled_gradient_descent_crawls():
    at = open_page(PAGE, query={"ls.view": "gd", "ls.data": "housing", "ls.scale": "false"})
    intercept = thetas(at)["Batch GD"][0]
    assert abs(intercept) < 2.7  # the optimum is 26.79: after 100 stable steps it has barely moved


def test_url_state_seeds_the_widgets():
    at = open_page(PAGE, query={"ls.view": "lwr", "ls.tau": "2", "ls.data": "line_outlier", "ls.n": "30"})
    assert at.session_state["ls.view"] == "lwr"
    assert at.session_state["ls.tau"] == 2.0
    assert at.session_state["ls.n"] == 30
    assert not at.exception


def test_invalid_url_values_are_ignored():
    at = open_page(PAGE, query={"ls.view": "nonsense", "ls.model": "<script>", "ls.n": "abc"})
    assert not at.exception
    assert at.session_state["ls.view"] == "fit" and at.session_state["ls.model"] == "gaussian"


def test_chinese_labels():
    at = open_page(PAGE, lang="zh")
    assert at.title[0].value == "最小二乘与模型选择"
    assert "训练误差（MSE）" in metrics(at)


CSV_GOOD = "面积,价格\n" + "\n".join(f"{i},{2 * i + 1}" for i in range(12))


def upload(at, name: str, content: bytes):
    at.file_uploader(key="ls.csv_file").upload(name, content, "text/csv")
    return at.run()


def test_own_csv_with_gbk_headers_becomes_the_training_data():
    at = open_page(PAGE, query={"ls.data": "csv"})
    at = upload(at, "数据.csv", CSV_GOOD.encode("gbk"))
    assert not at.exception and not at.error
    assert metrics(at)["Parameters b"] == "12"  # the Gaussian kernel model has one θ per sample


@pytest.mark.parametrize(
    "content,message",
    [
        (b"x;y\n1;2\n", "at least 5 are needed"),
        (b"\x00\x01binary" * 100, "does not look like a text"),
        (b"a,a\n1,2\n3,4\n", "must be unique"),
    ],
)
def test_a_bad_file_gets_a_message_and_the_previous_data_stays(content, message):
    at = upload(open_page(PAGE, query={"ls.data": "csv"}), "good.csv", CSV_GOOD.encode())
    at = upload(at, "bad.csv", content)
    assert not at.exception
    assert any(message in e.value for e in at.error)
    assert metrics(at)["Parameters b"] == "12"


def test_too_few_points_for_cross_validation_is_explained_not_raised():
    at = open_page(
        PAGE, query={"ls.view": "select", "ls.data": "line_outlier", "ls.n": "4", "ls.folds": "10"}
    )
    assert not at.exception
    assert any("needs at least" in e.value for e in at.error)


def test_complexity_curve_shows_each_lambdas_training_error():
    """The training-error curve against λ equals refitting KernelRidge(h, λ) at each λ."""
    from algorithms import KernelRidge
    from algorithms import load_dataset

    at = open_page(PAGE, query={"ls.view": "select", "ls.grid": "book"})
    spec = next(s for s in chart_specs(at) if "against λ" in s["layout"]["title"]["text"])
    lams = next(decoded_arrays(spec["data"][0]["x"]))
    train = next(decoded_arrays(spec["data"][0]["y"]))
    data = load_dataset("sinc", 50, 0.2, 0)
    for lam, shown in zip(lams, train, strict=True):
        model = KernelRidge(0.3, lam).fit(data.X, data.y)
        assert shown == pytest.approx(np.mean((model.predict(data.X) - data.y) ** 2), rel=1e-8)


def test_large_data_uses_a_subset_of_centres_and_says_so():
    at = open_page(PAGE, query={"ls.n": "2000"})
    assert not at.exception
    assert metrics(at)["Parameters b"] == "500"
    assert any("500 of them" in c.value for c in at.caption)


@pytest.mark.parametrize("fraction,warned", [("0.95", False), ("1.05", True)])
def test_a_step_past_the_stability_limit_is_flagged(fraction, warned):
    """α above 2/λmax diverges (issue 21): the page says so, though 100 steps stay far from overflow."""
    at = open_page("least_squares.py", {"ls.view": "gd", "ls.data": "housing", "ls.alpha": fraction})
    assert not at.exception
    assert any("diverged" in w.value for w in at.warning) == warned


def test_weighted_preset_down_weights_the_points_right_of_c():
    """Sugiyama §3.1 (A3.2): the 13 of 50 DS-1 points with x > 1.5 get w = 0.01; the numbers shown are
    those of scikit-learn's LinearRegression with sample_weight."""
    from sklearn.linear_model import LinearRegression as SkLinearRegression

    from algorithms import load_dataset

    at = choose_preset(open_page(PAGE), "Sugiyama §3.1: weighted")
    assert at.session_state["ls.view"] == "wls"
    shown = metrics(at)
    assert shown["Re-weighted points"] == "13"
    d = load_dataset("sinc", 50, 0.2, 0)
    w = np.where(d.X[:, 0] > 1.5, 0.01, 1.0)
    ref = SkLinearRegression().fit(d.X, d.y, sample_weight=w)
    r = ref.predict(d.X) - d.y
    assert float(shown["Weighted error ½Σwᵢrᵢ²"]) == pytest.approx(0.5 * w @ r**2, rel=1e-3)
    ols = SkLinearRegression().fit(d.X, d.y)
    shift = np.abs(ref.predict(d.X) - ols.predict(d.X)).max()
    assert float(shown["Largest change of the fit at a point"]) == pytest.approx(shift, rel=1e-3)


def test_weight_zero_on_one_point_deletes_it():
    at = open_page(PAGE, query={"ls.view": "wls", "ls.wls_point": "3", "ls.wls_weight": "0"})
    assert not at.exception
    shown = metrics(at)
    assert shown["Re-weighted points"] == "1"
    from algorithms import LinearRegression
    from algorithms import load_dataset

    d = load_dataset("sinc", 50, 0.2, 0)
    kept = np.arange(50) != 3
    deleted = LinearRegression().fit(d.X[kept], d.y[kept])
    assert float(shown["Weighted error ½Σwᵢrᵢ²"]) == pytest.approx(deleted.objective_, rel=1e-3)


def test_maximum_likelihood_preset_peaks_at_the_mean_squared_residual():
    """CS229 Part I §3: θ̂_ML = θ̂_LS, σ̂² = (1/n)Σ rᵢ², ℓ(σ̂) = −n/2 (log 2πσ̂² + 1) ≥ ℓ(σ)."""
    from algorithms import LinearRegression
    from algorithms import PolynomialBasis
    from algorithms import load_dataset

    at = choose_preset(open_page(PAGE), "CS229 Part I §3")
    assert at.session_state["ls.view"] == "ml"
    shown = metrics(at)
    d = load_dataset("sinc", 50, 0.2, 0)
    ls = LinearRegression(PolynomialBasis(3)).fit(d.X, d.y)
    mean_sq = np.mean((d.y - ls.predict(d.X)) ** 2)
    assert float(shown["σ̂² = mean squared residual"]) == pytest.approx(mean_sq, rel=1e-3)
    peak = -25 * (np.log(2 * np.pi * mean_sq) + 1)
    assert float(shown["ℓ(σ̂) (the maximum)"]) == pytest.approx(peak, rel=1e-3)
    at_02 = -50 * np.log(np.sqrt(2 * np.pi) * 0.2) - 0.5 * 50 * mean_sq / 0.04
    assert float(shown["ℓ(σ) at the slider"]) == pytest.approx(at_02, rel=1e-3)
    assert float(shown["ℓ(σ) at the slider"]) <= float(shown["ℓ(σ̂) (the maximum)"])
    widget(at, "ls.ml_sigma").set_value(1.0).run()  # σ moves ℓ, not σ̂
    assert metrics(at)["σ̂² = mean squared residual"] == shown["σ̂² = mean squared residual"]


def test_an_interpolating_polynomial_has_no_likelihood_maximum_and_says_so():
    at = open_page(PAGE, query={"ls.view": "ml", "ls.n": "5", "ls.ml_degree": "8"})
    assert not at.exception
    assert metrics(at)["ℓ(σ̂) (the maximum)"] == "∞"
    assert any("passes through every point" in i.value for i in at.info)


def test_degree_preset_compares_hold_out_k_fold_and_leave_one_out():
    """CS229 Part VII §1: degrees 0–10, 30% hold-out, k = 10; the training error always picks the largest
    degree, the three estimates pick what polynomial_degree_curves computes on the same split."""
    from algorithms import load_dataset
    from algorithms import polynomial_degree_curves

    at = choose_preset(open_page(PAGE), "CS229 Part VII §1")
    assert at.session_state["ls.view"] == "degree"
    shown = metrics(at)
    d = load_dataset("sinc", 30, 0.2, 0)
    curves = polynomial_degree_curves(d.X, d.y, range(11), 0.3, 10, 0)
    assert shown["Training error picks k"] == "10"
    assert shown["Hold-out picks k"] == str(np.argmin(curves.holdout)) == "6"
    assert shown["k-fold CV picks k"] == str(np.argmin(curves.kfold)) == "8"
    assert shown["Leave-one-out picks k"] == str(np.nanargmin(curves.loo)) == "8"
    held_out = next(t for t in chart_specs(at)[1]["data"] if t.get("name") == "S_cv (held out)")
    assert len(next(decoded_arrays(held_out["x"]))) == 9  # 30% of 30


def test_more_folds_than_points_is_explained_not_raised():
    at = open_page(PAGE, query={"ls.view": "degree", "ls.n": "5", "ls.deg_folds": "10"})
    assert not at.exception
    assert any("number of folds" in e.value for e in at.error)


def test_ellipse_preset_shows_the_generalised_ridge_solution_on_its_own_boundary():
    """Sugiyama §4.2 (A4.3): θ̂ = (ΦᵀΦ + λG)⁻¹Φᵀy with G = [[1, 0.5√10], [0.5√10, 10]], λ = 10."""
    from algorithms import load_dataset

    at = choose_preset(open_page(PAGE), "Sugiyama Fig 4.8")
    assert at.session_state["ls.view"] == "gl2"
    shown = metrics(at)
    d = load_dataset("sinc", 50, 0.2, 0)
    Phi = np.column_stack([np.ones(50), d.X[:, 0]])
    g12 = 0.5 * np.sqrt(10.0)
    G = np.array([[1.0, g12], [g12, 10.0]])
    theta = np.linalg.solve(Phi.T @ Phi + 10.0 * G, Phi.T @ d.y)
    assert shown["θ̂ with G"] == f"({theta[0]:.3g}, {theta[1]:.3g})"
    assert float(shown["R = θ̂ᵀGθ̂"]) == pytest.approx(theta @ G @ theta, rel=1e-3)


def test_projection_preset_shows_a_residual_orthogonal_to_the_columns():
    """Sugiyama §3.2 (Fig 3.3, A3.4): Φᵀr = 0 for the three samples and for all 50, tr P = b = 4 and
    ‖y‖² = ‖ŷ‖² + ‖r‖², with ‖r‖² that of scikit-learn's degree-3 polynomial fit."""
    from sklearn.linear_model import LinearRegression as SkLinearRegression

    from algorithms import load_dataset

    at = choose_preset(open_page(PAGE), "Sugiyama §3.2 (Fig 3.3)")
    assert at.session_state["ls.view"] == "proj"
    shown = metrics(at)
    assert float(shown["max |Φᵀr|, three samples"]) < 1e-12
    assert float(shown["max |Φᵀr|, all samples"]) < 1e-12
    assert shown["dim range(Φ) = tr P"] == "4"
    d = load_dataset("sinc", 50, 0.2, 0)
    Z = np.column_stack([d.X[:, 0] ** k for k in (1, 2, 3)])
    r = d.y - SkLinearRegression().fit(Z, d.y).predict(Z)
    assert float(shown["‖r‖² (residual)"]) == pytest.approx(r @ r, rel=1e-3)
    assert float(shown["‖y‖²"]) == pytest.approx(d.y @ d.y, rel=1e-3)
    assert shown["‖ŷ‖² + ‖r‖²"] == shown["‖y‖²"]
    space = next(s for s in chart_specs(at) if s["data"][0].get("type") == "mesh3d")
    ends = {t["name"]: np.array([next(decoded_arrays(t[a]))[-1] for a in "xyz"]) for t in space["data"][1:]}
    fitted, y3 = ends["ŷ = Py"], ends["y"]
    columns = [ends[f"Column φ{s} of Φ"] for s in "₁₂"]
    assert all(abs((y3 - fitted) @ c) < 1e-9 for c in columns)


def test_unbiasedness_preset_puts_the_monte_carlo_mean_within_standard_errors_of_theta():
    """Sugiyama §3.2 (A3.4): θ* = the straight-line LS fit of DS-1; over 1 000 draws with σ = 0.2 the mean
    of θ̂₁ lies within 4 standard errors of θ*₁, and the spread is σ√((ΦᵀΦ)⁻¹)₁₁."""
    from algorithms import PolynomialBasis
    from algorithms import load_dataset

    at = choose_preset(open_page(PAGE), "Sugiyama §3.2: E[θ̂]")
    assert at.session_state["ls.view"] == "unbiased"
    shown = metrics(at)
    assert shown["Draws"] == "1000"
    d = load_dataset("sinc", 50, 0.2, 0)
    Phi = PolynomialBasis(1).fit(d.X).transform(d.X)
    theta = np.linalg.lstsq(Phi, d.y, rcond=None)[0]
    assert float(shown["True θ*₁"]) == pytest.approx(theta[1], rel=1e-3)
    se = float(shown["Standard error = spread/√draws"])
    assert abs(float(shown["Mean of θ̂₁ over the draws"]) - theta[1]) < 4 * se
    exact = 0.2 * np.sqrt(np.linalg.inv(Phi.T @ Phi)[1, 1])
    assert float(shown["Spread (std of θ̂ⱼ)"]) == pytest.approx(exact, rel=0.1)
    assert se == pytest.approx(exact / np.sqrt(1000), rel=0.1)
    widget(at, "ls.mc_draws").set_value(10000.0).run()  # 10× the draws: about √10 × smaller error
    assert float(metrics(at)["Standard error = spread/√draws"]) == pytest.approx(se / np.sqrt(10), rel=0.15)
