"""The linear-classifiers page as a user sees it (AppTest): book presets, URL state, language, own data."""

import numpy as np
import pytest

from algorithms import sigmoid_descent
from algorithms import two_class_1d
from algorithms.datasets import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.data_panel import data_signature
from ui.explain import fmt
from ui.i18n import text_in

PAGE = "linear_classifiers.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return "\n".join(formulas(at))


def percent(text: str) -> float:
    return float(text.replace("%", "").strip())


def choose_preset(at, label_start: str):
    preset = widget(at, "lc.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_defaults_show_the_gaussian_least_squares_classifier():
    at = open_page(PAGE)
    assert not at.exception
    assert at.session_state["lc.view"] == "ls" and at.session_state["lc.kernel"] == "gaussian"
    shown = metrics(at)
    assert shown["Parameters b"] == "200"
    assert percent(shown["Training accuracy"]) > 90
    assert r"(K^2 + 0.01\, I)^{-1} K y" in latex(at)
    regions = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    z = next(decoded_arrays(regions["data"][0]["z"]))
    assert z.dtype == np.uint8 and set(np.unique(z)) == {0, 1}


def test_spirals_preset_classifies_every_training_point():
    """Sugiyama Figs 7.2/7.3 (oracle O16): h = 1, λ = 0.01 → 100 % training accuracy."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 7.2")
    assert at.session_state["lc.data"] == "spirals"
    assert metrics(at)["Training accuracy"] == "100.0 %"
    assert r"2 \cdot 1^2" in latex(at) and "0.01" in latex(at)


def test_least_squares_fails_on_separable_data_where_the_svm_succeeds():
    """Sugiyama Figs 7.6/8.6 on DS-7 (spec [SIM]: LS 77.5–82 %, the linear SVM 100 %)."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 7.6")
    shown = metrics(at)
    assert 75 <= percent(shown["Training accuracy"]) <= 85
    assert shown["Linear SVM accuracy"] == "100.0 %"
    assert int(shown["Penalised, m > 1"]) > 0
    names = {d.get("name") for spec in chart_specs(at) for d in spec["data"]}
    assert "linear SVM boundary" in names


def test_lda_targets_give_fishers_direction():
    """Sugiyama §7.1 (oracle O17): targets ±1/n± with an intercept → direction ∥ S_W⁻¹(μ₊ − μ₋)."""
    at = choose_preset(open_page(PAGE), "Sugiyama §7.1")
    assert at.session_state["lc.targets"] == "lda"
    assert r"S_W^{-1}(\mu_+ - \mu_-)\big) = 1" in latex(at)


def test_perceptron_on_li_hangs_points_reproduces_example_2_1():
    """Li Hang Example 2.1 (data of Example 7.1): mistakes x1, x3, x3, x3, x1, x3, x3 → w = (1, 1), b = −3."""
    at = choose_preset(open_page(PAGE), "Perceptron on Li Hang")
    shown = metrics(at)
    assert shown["Mistakes (updates)"] == "7" and shown["Converged"] == "yes"
    assert r"w = (1,\ 1)^\top,\ b = -3,\quad k = 7" in latex(at)
    step = widget(at, "lc.perceptron.step")
    order = []
    for s in range(1, 8):
        step.set_value(s).run()
        text = at.markdown[-1].value
        order.append(int(text.split("sample #")[1].split(" ")[0]))
    assert order == [1, 3, 3, 3, 1, 3, 3]
    step.set_value(0).run()
    assert "w = 0, b = 0" in at.markdown[-1].value


def test_the_mistake_bound_holds_on_separable_data():
    at = choose_preset(open_page(PAGE), "CS229 Ch. 6")
    shown = metrics(at)
    assert shown["Converged"] == "yes"
    assert int(shown["Mistakes (updates)"]) <= float(shown["Bound (D/γ)²"])


def test_newton_converges_in_a_handful_of_steps_with_an_increasing_likelihood():
    at = choose_preset(open_page(PAGE), "CS229 Part II §7")
    assert int(metrics(at)["Iterations"]) < 15 and metrics(at)["Converged"] == "yes"
    spec = next(s for s in chart_specs(play(at)) if s["layout"].get("xaxis2"))
    ll = next(
        decoded_arrays(next(d for d in spec["data"] if d.get("xaxis") == "x2" and d["mode"] == "lines")["y"])
    )
    assert np.all(np.diff(ll) >= -1e-9) and ll[0] == pytest.approx(200 * np.log(0.5))
    assert len(spec["frames"]) >= 2 and any(d["type"] == "heatmap" for d in spec["frames"][0]["data"])


def test_separable_data_without_penalty_is_explained():
    at = choose_preset(open_page(PAGE), "Logistic regression on separable")
    assert metrics(at)["Converged"] == "no"
    assert any("does not exist" in i.value for i in at.info)


def test_ds6_preset_compares_softmax_sgd_with_lspc():
    """Sugiyama Figs 10.2/10.5 (oracle O28): argmax at x = −4, 0, 4 is class 1, 2, 3 for both."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 10.2")
    assert at.session_state["lc.data"] == "gauss3_1d" and at.session_state["lc.solver"] == "sgd"
    assert any("softmax 1, 2, 3; LSPC 1, 2, 3" in c.value for c in at.caption)
    shown = metrics(at)
    assert float(shown["Softmax train / test"].split("/")[0]) >= 85  # spec [SIM]
    assert float(shown["LSPC fit time"].split()[0]) < float(shown["Softmax fit time"].split()[0])
    spec = next(s for s in chart_specs(at) if s["layout"].get("xaxis2"))
    lspc = [d for d in spec["data"] if d.get("xaxis") == "x2" and d.get("mode") == "lines"]
    posteriors = np.array([next(decoded_arrays(d["y"])) for d in lspc[:3]])
    np.testing.assert_allclose(posteriors.sum(axis=0), 1.0, atol=1e-5)  # rows of (10.5) sum to 1


def test_loss_zoo_reproduces_the_book_table_at_half():
    """Sugiyama Fig 7.8 table (spec A7.2) at m = 0.5."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 7.8")
    table = at.dataframe[0].value.set_index("loss")["ℓ(m) at m = 0.5"]
    expected = {
        "0/1 loss": 0.0,
        "squared (ℓ2) loss": 0.25,
        "hinge loss": 0.5,
        "ramp loss": 0.5,
        "exponential loss": 0.60653,
        "logistic loss": 0.47408,
        "MAdaBoost loss": 0.18394,
        "LogitBoost loss": 0.31326,
    }
    for name, value in expected.items():
        assert table[name] == pytest.approx(value, abs=6e-6), name
    widget(at, "lc.m").set_value(-1.0).run()
    table = at.dataframe[0].value.set_index("loss")["ℓ(m) at m = -1"]
    assert table["exponential loss"] == pytest.approx(2.71828, abs=6e-6)
    assert table["logistic loss"] == pytest.approx(1.31326, abs=6e-6)


def test_ecoc_preset_decodes_the_slides_example():
    """Slides §2.9 (T18, D10): output (−1, −1, +1, −1, +1) → Hamming (3, 4, 1, 2),
    Euclidean (2√3, 4, 2, 2√2) → C3."""
    at = choose_preset(open_page(PAGE), "Slides §2.9")
    table = at.dataframe[0].value
    np.testing.assert_allclose(table["Hamming distance"], [3, 4, 1, 2])
    np.testing.assert_allclose(table["Euclidean distance"], [2 * np.sqrt(3), 4, 2, 2 * np.sqrt(2)], atol=1e-4)
    assert metrics(at)["Decoded class"] == "C3" and metrics(at)["Binary classifiers"] == "5"
    code = next(s for s in chart_specs(at) if s["data"][0].get("texttemplate"))
    np.testing.assert_array_equal(
        next(decoded_arrays(code["data"][0]["z"])).reshape(4, 5),
        [[-1, 1, -1, 1, 1], [1, -1, -1, 1, -1], [-1, 1, 1, -1, 1], [-1, -1, 1, 1, -1]],
    )
    # flipping one classifier: a code of distance 2 cannot correct every error, but most points survive
    set_label(at, widget(at, "lc.flip"), "f2")
    at.run()
    assert not at.exception and percent(metrics(at)["Training accuracy"]) > 50


def test_one_vs_one_shows_the_books_tie():
    at = choose_preset(open_page(PAGE), "Sugiyama §7.3")
    assert metrics(at)["Binary classifiers"] == "3"
    assert "(1, 1, 1)" in latex(at)


def test_imbalance_preset_shows_the_slides_numbers():
    """990 positives, 10 negatives: threshold m⁺/(m⁺ + m⁻) = 0.99.

    The trivial classifier gets 99 % (the slides print 98 %)."""
    at = choose_preset(open_page(PAGE), "Slides, class imbalance")
    shown = metrics(at)
    assert shown["Positives m⁺"] == "990" and shown["Negatives m⁻"] == "10"
    assert shown["Threshold t"] == "0.99" and shown["Accuracy of “always the majority”"] == "99.0 %"
    assert r"\frac{10}{990}" in latex(at)
    assert percent(shown["Recall of negatives"]) > 50  # rescaling rescues the minority
    set_label(at, widget(at, "lc.rule"), "threshold ½ (no correction)")
    at.run()
    assert percent(metrics(at)["Recall of negatives"]) < percent(shown["Recall of negatives"])


def test_url_state_seeds_the_widgets():
    at = open_page(
        PAGE,
        query={
            "lc.view": "multiclass",
            "lc.strategy": "ovo",
            "lc.data": "blobs3",
            "lc.n": "60",
            "lc.mc_lam": "1",
        },
    )
    assert not at.exception
    assert at.session_state["lc.view"] == "multiclass" and at.session_state["lc.strategy"] == "ovo"
    assert at.session_state["lc.n"] == 60 and at.session_state["lc.mc_lam"] == 1.0
    assert metrics(at)["Binary classifiers"] == "3"


def test_invalid_url_values_are_ignored():
    at = open_page(PAGE, query={"lc.view": "nonsense", "lc.kernel": "<b>", "lc.h": "abc", "lc.word": "1 2 3"})
    assert not at.exception
    assert at.session_state["lc.view"] == "ls" and at.session_state["lc.kernel"] == "gaussian"


def test_a_bad_code_word_gets_a_message():
    at = open_page(
        PAGE,
        query={
            "lc.view": "multiclass",
            "lc.strategy": "ecoc",
            "lc.code": "book",
            "lc.data": "blobs4",
            "lc.word": "+1 +1",
        },
    )
    assert not at.exception
    assert any("exactly 5 signs" in w.value for w in at.warning)


def test_book_code_on_three_classes_falls_back_with_a_message():
    at = open_page(
        PAGE, query={"lc.view": "multiclass", "lc.strategy": "ecoc", "lc.code": "book", "lc.data": "blobs3"}
    )
    assert not at.exception
    assert any("made for 4 classes" in i.value for i in at.info)
    assert metrics(at)["Binary classifiers"] == "3"  # exhaustive code for c = 3


@pytest.mark.parametrize(
    "view", ["ls", "perceptron", "logistic", "softmax", "losses", "multiclass", "imbalance"]
)
def test_chinese_labels_in_every_view(view):
    at = open_page(PAGE, query={"lc.view": view}, lang="zh")
    assert not at.exception
    assert at.title[0].value == "线性分类器"
    assert not any(label.isascii() and len(label) > 12 for label in metrics(at))


def test_one_class_left_after_edits_is_explained_not_raised():
    train = load_dataset("blobs", 200, 1.0, 0)
    keep = train.y == 1
    at = open_page(PAGE)
    at.session_state["lc.edits"] = {
        "base": data_signature(train),
        "X": np.array(train.X[keep]),
        "y": train.y[keep],
    }
    at.run()
    assert not at.exception
    assert any("Only one class" in w.value for w in at.warning)
    assert chart_specs(at)  # the data stay visible (and clickable)


def test_large_data_keeps_kernel_models_small_and_says_so():
    """Above 400 points the kernel models use 400 random inputs as centres (Sugiyama §2.2), so
    Newton's method stays feasible; softmax with one θ per class and centre is still refused."""
    at = open_page(PAGE, query={"lc.view": "logistic", "lc.basis": "gaussian", "lc.n": "800"})
    assert not at.exception and not at.warning
    assert any("400 of them" in c.value for c in at.caption)
    at = open_page(PAGE, query={"lc.view": "softmax", "lc.sm_basis": "gaussian", "lc.n": "800"})
    assert any("Newton's method would solve" in w.value for w in at.warning)


def test_more_than_two_classes_in_a_binary_view_picks_one_against_the_rest():
    at = open_page(PAGE, query={"lc.view": "logistic", "lc.data": "blobs4"})
    assert not at.exception
    positive = widget(at, "lc.positive")
    assert positive.value == "3"
    set_label(at, positive, "0")
    at.run()
    assert not at.exception and percent(metrics(at)["Training accuracy"]) > 80


def test_one_dimensional_data_are_drawn_as_curves_in_every_view():
    for view in ["ls", "perceptron", "logistic", "multiclass", "imbalance"]:
        at = open_page(PAGE, query={"lc.view": view, "lc.data": "gauss3_1d"})
        assert not at.exception, view
        assert chart_specs(at), view


CSV_TEXT = "長度,寬度,品種\n" + "\n".join(
    f"{x:.2f},{y:.2f},{label}"
    for x, y, label in zip(
        np.r_[np.linspace(0, 1, 10), np.linspace(3, 4, 10), np.linspace(0, 1, 10)],
        np.r_[np.linspace(0, 1, 10), np.linspace(0, 1, 10), np.linspace(3, 4, 10)],
        ["setosa"] * 10 + ["virginica"] * 10 + ["<b>versicolor</b>"] * 10,
        strict=False,
    )
)


def test_own_csv_with_text_labels_works_in_the_multiclass_view():
    at = open_page(PAGE, query={"lc.data": "csv", "lc.view": "multiclass"})
    at.file_uploader(key="lc.csv_file").upload("花.csv", CSV_TEXT.encode("utf-8"), "text/csv")
    at.run()
    assert not at.exception and not at.error
    assert metrics(at)["Binary classifiers"] == "3" and metrics(at)["Training accuracy"] == "100.0 %"
    legend = {d.get("name") for spec in chart_specs(at) for d in spec["data"]}
    assert "class &lt;b&gt;versicolor&lt;/b&gt;" in legend  # user text is escaped for Plotly


def test_mse_preset_shows_the_non_convex_squared_error_and_the_stalled_descent():
    """Seed 003 §2.2.3: J_MSE(w) of σ(wx) has concave stretches; from w₀ = −10 its descent stalls far
    from where the cross-entropy's descent arrives (the logistic-regression MLE)."""
    at = open_page(PAGE)
    set_label(at, widget(at, "lc.preset"), text_in("en", "preset.lc_mse_nonconvex"))
    at.run()
    assert not at.exception and at.session_state["lc.view"] == "convexity"
    shown = {m.label: m.value for m in at.metric}
    x, y = two_class_1d(60, 2.0, 0.0, random_state=0)
    w_ce = sigmoid_descent(x, y, "ce", -10.0, 1.0, 200)[-1]
    w_mse = sigmoid_descent(x, y, "mse", -10.0, 1.0, 200)[-1]
    assert shown["w after descent on J_CE"] == fmt(w_ce, 4)
    assert shown["w after descent on J_MSE"] == fmt(w_mse, 4)
    assert float(shown["min J″_MSE"]) < 0 and float(shown["w-range where J_MSE is concave"].rstrip(" %")) > 10
    assert w_mse < -5 < 0 < w_ce


def test_overparameterisation_preset_keeps_every_probability_and_reduces_to_c_minus_1_vectors():
    """Slides 004 §2.5: with θ = w₁ (s = 1) class 1's weights become 0; the probabilities of W, W − θ1ᵀ
    and the reduced model agree to round-off, as scikit-learn's multinomial fit (C = ∞) says they are."""
    from sklearn.linear_model import LogisticRegression as SkLogistic

    at = choose_preset(open_page(PAGE), "Slides §2.5: softmax")
    assert at.session_state["lc.view"] == "overparam"
    shown = metrics(at)
    assert float(shown["max |Δq|, shifted"]) < 1e-12
    assert float(shown["max |Δq|, reduced"]) < 1e-12
    assert shown["Same predicted class"] == "150 / 150"
    assert "\\theta = 1\\,w_1" in latex(at)
    d = load_dataset("blobs3", 150, 1.0, 0)
    sk = SkLogistic(C=np.inf, tol=1e-12, max_iter=10_000).fit(d.X, d.y)
    table = at.dataframe[0].value
    for _, row in table.iterrows():
        reference = sk.predict_proba(d.X[[int(row["Sample"]) - 1]])[0]
        for column in ("W", "W − θ1ᵀ", "Reduced (w₁ = 0)"):
            assert [float(v) for v in row[column].split(" · ")] == pytest.approx(reference, abs=2e-4)
    widget(at, "lc.op_shift").set_value(-2.0).run()
    again = metrics(at)
    assert float(again["max |Δq|, shifted"]) < 1e-12 and again["‖W‖"] == shown["‖W‖"]
    assert again["‖W − θ1ᵀ‖"] != shown["‖W − θ1ᵀ‖"]


def test_multiclass_kernel_base_uses_400_centres_at_20000_points():
    from algorithms import LeastSquaresClassifier
    from algorithms import OneVsRest
    from ui.explain import percent
    from views.linear_classifiers._problem import KERNEL_CENTRES

    query = {"lc.view": "multiclass", "lc.base": "ls_gaussian", "lc.strategy": "ovr", "lc.n": "20000"}
    at = open_page(PAGE, query=query)
    assert not at.exception
    note = f"With 20000 points the kernel models use {KERNEL_CENTRES} of them"
    assert any(note in c.value for c in at.caption)
    data = load_dataset("blobs", 20000, 1.0, 0)
    X, y = data.X[:, :2], np.asarray(data.y)
    model = OneVsRest(LeastSquaresClassifier(h=1.0, lam=0.1, n_centers=KERNEL_CENTRES)).fit(X, y)
    shown = next(m.value for m in at.metric if m.label == "Training accuracy")
    assert shown == percent(np.mean(model.predict(X) == y))
    at = open_page(PAGE, query={"lc.view": "multiclass", "lc.base": "ls_gaussian"})
    assert not any("kernel models use" in c.value for c in at.caption)
