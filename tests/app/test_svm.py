"""The SVM page as a user sees it (AppTest): Li Hang's examples, the SMO step table, URL state, 中文."""

import numpy as np
import pytest
from sklearn import kernel_ridge
from sklearn import linear_model
from sklearn.metrics import pairwise

from algorithms import KernelSGD
from algorithms import string_kernel
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.data_panel import cached_dataset
from ui.data_panel import data_signature
from ui.explain import fmt

PAGE = "svm.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return "\n".join(formulas(at))


def markdown(at) -> str:
    return "\n".join(e.value for e in at.markdown)


def choose_preset(at, label_start: str):
    preset = widget(at, "svm.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_defaults_show_a_soft_margin_linear_svm():
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert float(shown["Training error"]) < 0.1
    total, rest = shown["Support vectors (free + at C)"].split(" ", 1)
    free, bound = (int(v) for v in rest.strip("()").split("+"))
    assert int(total) == free + bound > 0
    assert at.session_state["svm.kernel"] == "linear" and at.session_state["svm.view"] == "fit"


def test_example_7_1_reproduces_w_b_and_alpha():
    """Li Hang Ex 7.1/7.2: w = (1/2, 1/2), b = −2, α = (1/4, 0, 1/4), support vectors x1 and x3."""
    at = choose_preset(open_page(PAGE), "Li Hang Example 7.1")
    shown = metrics(at)
    assert shown["Training error"] == "0"
    assert shown["Support vectors (free + at C)"] == "2 (2 + 0)"
    assert shown["Margin width 2/‖w‖"] == "2.828"  # 2/‖w‖ = 2√2
    text = latex(at)
    assert r"\alpha_i & \tfrac{1}{4} & 0 & \tfrac{1}{4}" in text
    assert r"w = \sum_i \hat\alpha_i y_i x_i = (\tfrac{1}{2},\ \tfrac{1}{2})^\top" in text
    assert r"= -2,\ |S_{free}| = 2" in text  # b from the free support vectors
    assert r"D(\hat\alpha) = 0.25" in text  # Li Hang's min form −1/4


def test_example_7_2_is_one_smo_step_with_the_books_numbers():
    at = choose_preset(open_page(PAGE), "Li Hang Example 7.2")
    assert at.session_state["svm.view"] == "smo" and at.session_state["svm.book_rule"] is True
    shown = metrics(at)
    assert shown["SMO steps"] == "1"
    assert shown["b after the last step"] == shown["b from all KKT conditions"] == "-2"
    step = markdown(at)
    assert "(x1, x3)" in step  # the pair x1, x3 (order A of the spec)
    assert "| 8 |" in step  # η = K11 + K33 − 2K13 = 18 + 2 − 12
    assert "0 → 0.25 → **0.25**" in step  # α3: old → unclipped → clipped
    assert "*b*₁ = -2, *b*₂ = -2 → ***b* = -2**" in step
    assert "$" not in step  # plain text: KaTeX typeset the table's ~20 inline formulas anew on every step
    widget(at, "svm.smo.step").set_value(0).run()
    assert "**Start**" in markdown(at)


def test_exercise_7_2_solution():
    """w = (−1, 2), b = −2, α = (1/2, 0, 2, 0, 5/2), support vectors x1, x3, x5 (spec SVM-6)."""
    at = choose_preset(open_page(PAGE), "Li Hang exercise 7.2")
    text = latex(at)
    assert r"\alpha_i & \tfrac{1}{2} & 0 & 2 & 0 & \tfrac{5}{2}" in text
    assert r"(-1,\ 2)^\top" in text
    assert metrics(at)["Margin width 2/‖w‖"] == "0.8944"  # 2/√5


def test_soft_margin_C_0_2_has_an_interval_of_optimal_b():
    at = choose_preset(open_page(PAGE), "Example 7.1 data, soft margin C = 0.2")
    text = latex(at)
    assert r"\alpha_i & 0.2 & 0 & 0.2" in text
    assert r"b \in [-1.8,\ -1.4]" in text and r"b = -1.6" in text
    assert metrics(at)["Support vectors (free + at C)"] == "2 (0 + 2)"


def test_C_0_1_shows_the_midpoint_pitfall_and_the_corrected_b():
    """Spec SVM-5: the step's midpoint b = −0.8 lies outside the optimal interval [−0.4, −0.2]."""
    at = choose_preset(open_page(PAGE), "Example 7.1 data, C = 0.1")
    shown = metrics(at)
    assert shown["b after the last step"] == "-0.8"
    assert shown["b from all KKT conditions"] == "-0.3"
    assert any("[-0.4, -0.2]" in i.value for i in at.info)
    assert "(clipped at H)" in markdown(at) and "both at a bound: midpoint" in markdown(at)


def test_sugiyama_fig_8_6_has_three_support_vectors_out_of_200():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 8.6")
    shown = metrics(at)
    assert shown["Training error"] == "0"
    assert shown["Support vectors (free + at C)"].startswith("3 ")  # book: 197 of 200 α are zero


def test_ramp_loss_ignores_the_two_outliers():
    """Sugiyama Fig 8.20: λ = η = 0.01; only the two planted outliers are misclassified."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 8.14")
    shown = metrics(at)
    assert shown["Training error, ramp"] == "0.05"  # 2 of 40
    assert 20 <= int(shown["Ramp iterations"]) <= 300  # book 42, [SIM] 37–135
    theta = next(f for f in formulas(at) if r"\theta \leftarrow" in f)
    t0, t1 = (float(v) for v in theta.split(r"= (")[1].split(r")^\top")[0].split(r",\ ")[:2])
    assert -11 <= -t0 / t1 <= -9  # the boundary's x1-intercept


def test_one_vs_one_on_three_classes():
    at = choose_preset(open_page(PAGE), "Sugiyama §7.3")
    shown = metrics(at)
    assert shown["Binary SVMs"] == "3"
    assert float(shown["Training error"]) < 0.1


def test_the_smo_figure_animates_and_every_frame_is_finite():
    at = open_page(PAGE, query={"svm.view": "smo", "svm.kernel": "gaussian", "svm.C": "10"})
    assert not at.exception
    spec = next(s for s in chart_specs(play(at)) if s.get("frames"))
    assert 2 <= len(spec["frames"]) <= 40
    for array in decoded_arrays(spec["frames"]):
        if array.dtype.kind == "f":
            assert np.all(np.isfinite(array))
    dual = [float(m.value) for m in at.metric if m.label == "Dual objective D(α)"][0]
    assert dual > 0


def test_url_state_seeds_the_widgets():
    query = {
        "svm.view": "smo",
        "svm.kernel": "gaussian",
        "svm.sigma": "0.5",
        "svm.C": "10",
        "svm.tol": "0.01",
    }
    at = open_page(PAGE, query=query)
    assert not at.exception
    assert at.session_state["svm.view"] == "smo" and at.session_state["svm.kernel"] == "gaussian"
    assert at.session_state["svm.sigma"] == 0.5 and at.session_state["svm.C"] == 10.0


def test_invalid_url_values_are_ignored():
    at = open_page(PAGE, query={"svm.view": "nonsense", "svm.kernel": "<b>rbf</b>", "svm.C": "abc"})
    assert not at.exception
    assert at.session_state["svm.view"] == "fit" and at.session_state["svm.kernel"] == "linear"


def test_chinese_labels_and_step_table():
    at = open_page(PAGE, query={"svm.view": "smo"}, lang="zh")
    assert not at.exception
    assert at.title[0].value == "支持向量机"
    assert "SMO 步数" in metrics(at)
    assert "为何选 *i*" in markdown(at)


def test_hard_margin_on_overlapping_data_warns_instead_of_failing():
    at = open_page(PAGE, query={"svm.hard": "true", "svm.data": "xor", "svm.kernel": "linear"})
    assert not at.exception
    assert any("SMO stopped" in w.value or "impossible" in w.value for w in at.warning)


def test_one_class_after_editing_gets_a_message():
    at = open_page(PAGE)
    train = cached_dataset("blobs", 200, 1.0, 0, False)
    keep = train.y == train.y[0]
    at.session_state["svm.edits"] = {"base": data_signature(train), "X": train.X[keep], "y": train.y[keep]}
    at.run()
    assert not at.exception
    assert any("single class" in w.value for w in at.warning)


@pytest.mark.parametrize("view", ["smo", "hinge"])
def test_binary_views_explain_when_there_are_three_classes(view):
    at = open_page(PAGE, query={"svm.view": view, "svm.data": "blobs3"})
    assert not at.exception
    assert any("exactly two classes" in i.value for i in at.info)


def test_own_csv_with_string_labels():
    rng = np.random.default_rng(0)
    rows = [f"{x:.3f},{y:.3f},{'yes' if x + y > 0 else 'no'}" for x, y in rng.normal(size=(40, 2))]
    at = open_page(PAGE, query={"svm.data": "csv"})
    at.file_uploader(key="svm.csv_file").upload(
        "mine.csv", ("a,b,label\n" + "\n".join(rows)).encode(), "text/csv"
    )
    at.run()
    assert not at.exception and not at.error
    assert float(metrics(at)["Training error"]) <= 0.1


def test_string_kernel_preset_reproduces_li_hangs_example():
    """Li Hang §7.3.3, λ = 0.5: [φ₃(Nasdaq)]_asd = λ³ = 0.125, [φ₃(lass das)]_asd = 2λ⁵ = 0.0625."""
    at = choose_preset(open_page(PAGE), "Li Hang §7.3.3")
    table = at.dataframe[0].value
    sums = table[table["i"] == "Σ"]["λ^l(i)"].tolist()
    assert sums == pytest.approx([0.125, 0.0625])
    assert table["i"].tolist() == ["(2, 3, 4)", "Σ", "(2, 3, 6)", "(2, 4, 6)", "Σ"]
    assert metrics(at)["kₙ(s, t)"] == fmt(string_kernel("Nasdaq", "lass das", 3, 0.5), 4)


def test_sigmoid_preset_shows_negative_eigenvalues():
    """Zhou notes §6.3.1: tanh(xᵀz − 1) on 40 points of two blobs is not PSD (Mercer fails)."""
    at = choose_preset(open_page(PAGE), "Zhou notes §6.3.1")
    shown = metrics(at)
    assert shown["Gram matrix"] == "✗ not PSD" and float(shown["Smallest eigenvalue"]) < 0
    widget(at, "svm.gram_kernel").set_value("gaussian").run()
    assert metrics(at)["Gram matrix"] == "✓ PSD"


def test_coordinate_ascent_preset_zigzags_from_2_minus_2_and_beats_gradient_ascent():
    """CS229 notes 3: from (2, −2) each step sets one coordinate to its maximiser, α₁ := −A₁₂α₂/A₁₁ =
    √2 (A₁₂ = ½√2), then α₂ := −A₁₂α₁/A₂₂ = −½; W climbs to its maximum 0 in fewer steps than
    gradient ascent with η = 0.3."""
    at = choose_preset(open_page(PAGE), "CS229 notes 3")
    table = at.dataframe[0].value
    assert table["α₁"].tolist()[:4] == pytest.approx([2, np.sqrt(2), np.sqrt(2), np.sqrt(2) / 4])
    assert table["α₂"].tolist()[:4] == pytest.approx([-2, -2, -0.5, -0.5])
    assert table["changed"].tolist()[:4] == ["–", "α₁", "α₂", "α₁"]
    w = table["W(α)"].to_numpy()
    assert w[0] == pytest.approx(-0.5 * (4 + 2 * np.sqrt(2) * 2 * -2 * 0.5 + 2 * 4))
    assert np.all(np.diff(w) >= 0) and -1e-8 < w[-1] <= 0
    shown = metrics(at)
    assert int(shown["Steps, coordinate ascent"]) == len(w) - 1 < int(shown["Steps, gradient ascent"])
    assert r"\alpha^{(1)} = (1.414,\ -2)" in latex(at)


def test_coordinate_ascent_warns_when_gradient_ascent_diverges():
    query = {"svm.view": "ascent", "svm.ca_compare": "true", "svm.ca_eta": "1.0", "svm.ca_a22": "4"}
    at = open_page(PAGE, query=query)
    assert not at.exception
    assert any("diverges" in w.value for w in at.warning)


def test_tau_gallery_preset_fits_six_bandwidths_by_algorithm_1():
    """CS229 supplementary notes §6: m = 200, λ = 1/m (sum form, 1/m² as a mean), hinge loss; τ = .1 is
    highly non-linear (training error near 0), a large τ almost linear (XOR defeats it)."""
    at = choose_preset(open_page(PAGE), "CS229 supplementary notes §6")
    spec = next(s for s in chart_specs(at) if "τ = 0.1: training error" in str(s["layout"]))
    titles = [a["text"] for a in spec["layout"]["annotations"]]
    errors = {title.split(":")[0]: float(title.rsplit(" ", 1)[1]) for title in titles}
    assert list(errors) == ["τ = 0.1", "τ = 0.2", "τ = 0.5", "τ = 1", "τ = 2", "τ = 5"]
    assert errors["τ = 0.1"] <= 0.05 and errors["τ = 5"] >= 0.3
    shown = metrics(at)
    assert shown["λ used (mean form)"] == "2.5e-05"
    train = cached_dataset("xor", 200, 0.5, 0, False)
    model = KernelSGD(tau=0.1, lam=1 / 200**2, loss="hinge", n_iter=2000, eta0=1.0).fit(train.X, train.y)
    assert shown["J_λ(α), τ = 0.1"] == fmt(model.objective_, 4)
    first = at.dataframe[0].value.iloc[0]  # α = 0, z = 0: L′ = −y, c = −y, αᵢ = y·K(xᵢ, xᵢ) = y
    assert (first["t"], first["K⁽ⁱ⁾ᵀα"], first["η_t"]) == (1, 0.0, 1.0)
    assert first["L′"] == -first["yᵢ"] and first["αᵢ"] == first["yᵢ"]


def test_representer_preset_shows_ridge_theta_equal_to_x_transpose_alpha():
    """CS229 supplementary notes §2, Theorem 2.1: θ of ridge (scikit-learn's Ridge, alpha = mλ, no
    intercept) equals Σᵢ αᵢxᵢ, α = (K + mλI)⁻¹y (scikit-learn's KernelRidge); bubbles grow with |αᵢ|."""
    at = choose_preset(open_page(PAGE), "CS229 supplementary notes §2")
    train = cached_dataset("blobs", 200, 1.0, 0, False)
    signed = np.where(train.y == np.unique(train.y)[1], 1.0, -1.0)
    ridge = linear_model.Ridge(alpha=200 * 0.01, fit_intercept=False).fit(train.X, signed)
    table = at.dataframe[0].value
    assert table["θ solved over θ"].to_numpy() == pytest.approx(ridge.coef_)
    assert table["Σᵢ αᵢφ(xᵢ) = Φᵀα"].to_numpy() == pytest.approx(ridge.coef_)
    assert float(metrics(at)["max |θ − Σᵢ αᵢφ(xᵢ)|"]) < 1e-12
    alpha = kernel_ridge.KernelRidge(alpha=2.0).fit(train.X, signed).dual_coef_
    spec = next(s for s in chart_specs(at) if "bubbles" in str(s["layout"]))
    points = [tr for tr in spec["data"] if tr.get("mode") == "markers"]
    sizes = np.concatenate([next(decoded_arrays(tr["marker"]["size"])) for tr in points])
    order = np.concatenate([next(decoded_arrays(tr["customdata"])) for tr in points])
    assert order[np.argmax(sizes)] == np.argmax(np.abs(alpha))
    widget(at, "svm.rep_kernel").set_value("gaussian").run()
    assert any("infinite-dimensional" in i.value for i in at.info)


def test_laplacian_gram_matrix_is_psd_with_the_eigenvalues_of_scikit_learns_kernel():
    """Zhou notes §6.3.1: exp(−‖x − z‖/σ) is a valid kernel: no negative eigenvalue (Li Hang Theorem 7.5)."""
    at = open_page(PAGE, query={"svm.view": "kernels", "svm.gram_kernel": "laplacian", "svm.gram_m": "40"})
    assert not at.exception
    X = cached_dataset("blobs", 200, 1.0, 0, False).X[:40]
    smallest = np.linalg.eigvalsh(np.exp(-pairwise.euclidean_distances(X)))[0]
    shown = metrics(at)
    assert shown["Gram matrix"] == "✓ PSD" and shown["Negative eigenvalues"] == "0 / 40"
    assert shown["Smallest eigenvalue"] == fmt(smallest, 4)
