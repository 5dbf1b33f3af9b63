"""The generative-models page as a user sees it (AppTest): Li Hang Examples 4.1/4.2, GDA, Fisher, 中文."""

import numpy as np
import pandas as pd
import pytest

from algorithms import coin_flips
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.data_panel import cached_dataset
from ui.data_panel import data_signature
from ui.explain import fmt
from ui.i18n import text_in

PAGE = "generative.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return "\n".join(formulas(at))


def choose_preset(at, label_start: str):
    preset = widget(at, "gen.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_defaults_show_gda_with_a_shared_covariance():
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert shown["Parameters"] == "8"  # 2 means (4) + Σ (3) + 1 prior
    assert float(shown["Training error"]) < 0.1
    assert r"p(y=1\mid x) = \frac{1}{1+e^{-\theta^\top \hat x}}" in latex(at)


def test_example_4_1_prints_the_books_tables_and_products():
    """Li Hang Ex 4.1 (λ = 0): priors 9/15, 6/15; scores 1/45 (Y = 1), 1/15 (Y = −1) → ŷ = −1."""
    at = choose_preset(open_page(PAGE), "Li Hang Example 4.1")
    text = latex(at)
    assert r"P_\lambda(Y) & \dfrac{6}{15} & \dfrac{9}{15}" in text
    assert r"Y = -1 & \dfrac{3}{6} & \dfrac{2}{6} & \dfrac{1}{6}" in text  # X(1) = 1, 2, 3 given Y = −1
    assert r"Y = 1 & \dfrac{2}{9} & \dfrac{3}{9} & \dfrac{4}{9}" in text
    assert r"Y = 1 & \dfrac{1}{9} & \dfrac{4}{9} & \dfrac{4}{9}" in text  # X(2) = S, M, L given Y = 1
    assert r"\dfrac{9}{15}\cdot\dfrac{3}{9}\cdot\dfrac{1}{9} = \frac{1}{45}" in text
    assert r"\dfrac{6}{15}\cdot\dfrac{2}{6}\cdot\dfrac{3}{6} = \frac{1}{15}" in text
    assert r"P(Y=-1\mid x) &= \frac{3}{4}" in text
    shown = metrics(at)
    assert shown["Prediction ŷ"] == "-1" and shown["Posterior of ŷ"] == "0.75"


def test_example_4_2_laplace_smoothing():
    """Li Hang Ex 4.2 (λ = 1): 10/17, 7/17; 5/153 ≈ 0.0327 and 28/459 ≈ 0.0610 → ŷ = −1."""
    at = choose_preset(open_page(PAGE), "Li Hang Example 4.2")
    text = latex(at)
    assert r"P_\lambda(Y) & \dfrac{7}{17} & \dfrac{10}{17}" in text
    assert r"Y = 1 & \dfrac{3}{12} & \dfrac{4}{12} & \dfrac{5}{12}" in text
    assert r"Y = 1 & \dfrac{2}{12} & \dfrac{5}{12} & \dfrac{5}{12}" in text
    assert r"\dfrac{10}{17}\cdot\dfrac{4}{12}\cdot\dfrac{2}{12} = \frac{5}{153} \approx 0.0327" in text
    assert r"\dfrac{7}{17}\cdot\dfrac{3}{9}\cdot\dfrac{4}{9} = \frac{28}{459} \approx 0.0610" in text
    assert r"P(Y=1\mid x) &= \frac{15}{43} \approx 0.3488" in text
    assert metrics(at)["Prediction ŷ"] == "-1"


def test_a_zero_count_wipes_out_the_product_until_lambda_is_raised():
    at = choose_preset(open_page(PAGE), "Li Hang §4.2.3")
    assert any("zero count" in w.value for w in at.warning)
    assert r"\cdot\dfrac{0}{8} = 0" in latex(at)
    widget(at, "gen.lam").set_value(1.0).run()
    assert not any("zero count" in w.value for w in at.warning)


def test_lambda_from_the_url_gives_unreduced_decimal_fractions():
    at = open_page(PAGE, query={"gen.view": "nb", "gen.data": "table_4_1", "gen.lam": "0.5"})
    assert r"P_\lambda(Y) & \dfrac{6.5}{16} & \dfrac{9.5}{16}" in latex(at)


def test_continuous_data_are_binned():
    at = open_page(PAGE, query={"gen.view": "nb", "gen.bins": "3"})
    assert not at.exception
    assert r"S_{1} = 3,\ S_{2} = 3" in latex(at)


def test_the_chinese_loan_table_preset_names_every_level():
    """Issue 17: Li Hang Table 5.1 as printed, four text features; λ = 1 gives P(Y=是) = 10/17 and
    P(有自己的房子=是 | 是) = 7/11 (4.10)–(4.11); the query (青年, 是, 否, 一般) is 否 with 5929/8521."""
    at = choose_preset(open_page(PAGE), "Li Hang Table 5.1 as printed")
    shown = latex(at)
    expected = (
        r"Y = & \text{否} & \text{是} \\[2pt]",
        r"P_\lambda(Y) & \dfrac{7}{17} & \dfrac{10}{17}",
        r"X^{(1)} = & \text{青年} & \text{中年} & \text{老年}",
        r"Y = \text{是} & \dfrac{4}{11} & \dfrac{7}{11}",
        r"S_{1} = 3,\ S_{2} = 2,\ S_{3} = 2,\ S_{4} = 3",
        r"P(Y=\text{否}\mid x) &= \frac{5929}{8521}",
    )
    assert [e for e in expected if e not in shown] == []
    assert metrics(at)["Prediction ŷ"] == "否"
    assert widget(at, "gen.q4").value == "一般"


def test_an_uploaded_csv_mixes_text_and_binned_numbers():
    """A CSV's text column is a categorical feature with its names; a number column is binned."""
    at = open_page(PAGE, query={"gen.view": "nb", "gen.data": "csv", "gen.bins": "2"})
    rows = [("甜", 0.7, "好"), ("苦", 0.2, "坏"), ("甜", 0.6, "好"), ("苦", 0.3, "坏"), ("甜", 0.25, "坏"),
            ("苦", 0.65, "好")]
    table = pd.DataFrame(rows, columns=["味道", "密度", "好瓜"]).astype(str)
    at.session_state["gen.csv_table"] = table
    at.run()
    assert not at.exception, at.exception
    text = latex(at)
    assert r"X^{(1)} = & \text{甜} & \text{苦}" in text and r"X^{(2)} = & 1 & 2" in text
    assert r"Y = \text{坏} & \dfrac{2}{5} & \dfrac{3}{5}" in text  # 1 sweet of 3 bad: (1+1)/(3+2)
    assert r"S_{1} = 2,\ S_{2} = 2" in text


def test_one_text_feature_and_markup_in_level_names():
    """One feature: no plane of cells, the tables still; level names are escaped into LaTeX text."""
    at = open_page(PAGE, query={"gen.view": "nb", "gen.data": "csv"})
    rows = [("$x$" if i % 3 else "a}b", "好" if i % 2 else "坏") for i in range(9)]
    at.session_state["gen.csv_table"] = pd.DataFrame(rows, columns=["f", "y"])
    at.run()
    assert not at.exception, at.exception
    assert r"X^{(1)} = & \text{a\}b} & \text{\$x\$}" in latex(at)
    assert not [spec for spec in chart_specs(at) if "cell" in str(spec.get("layout", {}).get("title", ""))]


def test_gda_posteriors_lie_on_the_logistic_curve():
    """CS229 Part IV §1.3: with a shared Σ, p(y = 1 | x) = 1/(1 + exp(−θᵀx̂)) at every sample."""
    at = choose_preset(open_page(PAGE), "CS229 Part IV §1.3")
    spec = next(
        s for s in chart_specs(at) if s.get("layout", {}).get("title", {}).get("text", "").startswith("GDA")
    )
    points = [tr for tr in spec["data"] if tr.get("mode") == "markers"]
    assert len(points) == 2
    for trace in points:
        z, p = next(decoded_arrays(trace["x"])), next(decoded_arrays(trace["y"]))
        np.testing.assert_allclose(p, 1 / (1 + np.exp(-z)), atol=1e-9)
    assert "θ from logistic regression" in metrics(at)


def test_fisher_direction_on_sugiyama_data_sets():
    """Fig 17.1: data set 1 gives a horizontal direction; the bimodal data set 2 a near-vertical one."""
    good = choose_preset(open_page(PAGE), "Sugiyama Fig 17.1 left")
    angle = float(metrics(good)["Fisher direction"].rstrip("°"))
    assert min(angle, 180 - angle) < 10
    bad = choose_preset(open_page(PAGE), "Sugiyama Fig 17.1 right")
    angle = float(metrics(bad)["Fisher direction"].rstrip("°"))
    assert abs(angle - 90) < 25  # spec: ≈ (−0.06, 1.00)
    assert float(metrics(bad)["J of Fisher's direction"]) < 0.05


def test_costs_trade_errors_for_a_lower_mean_loss():
    at = choose_preset(open_page(PAGE), "Zhou-Zhihua notes §8.2")
    shown = metrics(at)
    assert float(shown["Error, cost rule (test)"]) >= float(shown["Error, argmax rule (test)"])
    assert float(shown["Mean loss, cost rule (test)"]) <= float(shown["Mean loss, argmax rule (test)"])


def test_url_state_seeds_the_widgets():
    at = open_page(PAGE, query={"gen.view": "fisher", "gen.angle": "30", "gen.data": "blobs3", "gen.n": "90"})
    assert not at.exception
    assert at.session_state["gen.view"] == "fisher" and at.session_state["gen.angle"] == 30
    assert at.session_state["gen.n"] == 90
    assert "ξ2" in " ".join(str(s) for s in chart_specs(at)[0]["data"])  # three classes: two directions


def test_chinese_labels():
    at = open_page(PAGE, query={"gen.view": "nb", "gen.data": "table_4_1"}, lang="zh")
    assert at.title[0].value == "生成模型与朴素贝叶斯"
    assert "预测 ŷ" in metrics(at)


def test_class_wise_covariances_need_two_samples_per_class():
    at = open_page(PAGE, query={"gen.data": "ex_7_1", "gen.model": "classwise"})
    assert not at.exception
    assert any("at least 2 samples" in e.value for e in at.error)


def test_one_class_after_editing_gets_a_message():
    at = open_page(PAGE)
    train = cached_dataset("blobs", 200, 1.0, 0, False)
    keep = train.y == train.y[0]
    at.session_state["gen.edits"] = {"base": data_signature(train), "X": train.X[keep], "y": train.y[keep]}
    at.run()
    assert not at.exception
    assert any("single class" in w.value for w in at.warning)


def test_logistic_view_needs_two_classes():
    at = open_page(PAGE, query={"gen.view": "logistic", "gen.data": "blobs3"})
    assert not at.exception
    assert any("two classes" in i.value for i in at.info)


def mvn_preset(name: str):
    at = open_page(PAGE)
    set_label(at, widget(at, "gen.preset"), text_in("en", f"preset.gen_mvn_{name}"))
    at.run()
    assert not at.exception and at.session_state["gen.view"] == "mvn"
    return metrics(at)


def test_mvn_presets_show_the_notes_conditionals():
    """CS229 Part X §2 at x₂ = 1: unit variances: N(ρ, 1 − ρ²); Σ = [[3, .8], [.8, 1]]: N(0.8, 2.36)."""
    rho08 = mvn_preset("rho08")
    assert rho08["μ₁|₂"] == "0.8" and rho08["Σ₁|₂"] == "0.36" and rho08["|Σ|"] == "0.36"
    assert rho08["λ₁ of Σ"] == "1.8" and rho08["λ₂ of Σ"] == "0.2" and rho08["Long axis"] == "45.0°"
    assert mvn_preset("rho_neg08")["Long axis"] == "135.0°"
    tilted = mvn_preset("tilted")
    assert tilted["μ₁|₂"] == "0.8" and tilted["Σ₁|₂"] == "2.36" and tilted["Marginal Σ₁₁"] == "3"
    shifted = mvn_preset("shifted")
    assert shifted["μ₁|₂"] == "-1" and shifted["Σ₁|₂"] == "1"
    assert mvn_preset("shrunk")["|Σ|"] == "0.36"


@pytest.mark.parametrize(
    "name,var,rho,axis",
    [("identity", 1.0, 0.0, None), ("shrunk", 0.6, 0.0, None), ("spread", 2.0, 0.0, None),
     ("rho05", 1.0, 0.5, "45.0°"), ("rho_neg05", 1.0, -0.5, "135.0°"), ("rho08", 1.0, 0.8, "45.0°"),
     ("rho_neg08", 1.0, -0.8, "135.0°")],
)
def test_each_mvn_figure_of_the_notes_shows_its_covariance_and_conditional(name, var, rho, axis):
    """CS229 Part IV §1.1 (Σ ∈ {I, 0.6I, 2I}; unit variances with ρ = ±0.5, ±0.8) and Part X §2 at x₂ = 1:
    Σ = v[[1, ρ], [ρ, 1]] has |Σ| = v²(1 − ρ²), eigenvalues v(1 ± |ρ|) (axis at 45° for ρ > 0, 135° for
    ρ < 0), x₁|x₂ ~ N(ρ x₂, v(1 − ρ²)) and the marginal x₁ ~ N(0, v)."""
    shown = mvn_preset(name)
    assert float(shown["|Σ|"]) == pytest.approx(var**2 * (1 - rho**2))
    assert float(shown["λ₁ of Σ"]) == pytest.approx(var * (1 + abs(rho)))
    assert float(shown["λ₂ of Σ"]) == pytest.approx(var * (1 - abs(rho)))
    assert float(shown["μ₁|₂"]) == pytest.approx(rho * 1.0, abs=1e-12)
    assert float(shown["Σ₁|₂"]) == pytest.approx(var * (1 - rho**2))
    assert float(shown["Marginal Σ₁₁"]) == pytest.approx(var)
    if axis:
        assert shown["Long axis"] == axis


def test_mvn_covariance_slider_keeps_sigma_positive_definite():
    """Shrinking the variances pulls a remembered Σ₁₂ back inside |Σ₁₂| < σ₁σ₂ (95 %, on the 0.05 grid)."""
    at = open_page(PAGE, query={"gen.view": "mvn", "gen.cov12": "0.9"})
    widget(at, "gen.var1").set_value(0.2).run()
    widget(at, "gen.var2").set_value(0.2).run()
    assert not at.exception and at.session_state["gen.cov12"] == 0.15
    assert float(metrics(at)["|Σ|"]) > 0


def test_coin_presets_show_the_notes_prior_and_the_uniform_prior():
    """Zhou notes §8.1: prior p(1) = 0.8 → predict heads, error 0.2; §2.2.5: uniform prior, MAP = MLE."""
    at = open_page(PAGE)
    set_label(at, widget(at, "gen.preset"), text_in("en", "preset.gen_coin_prior08"))
    at.run()
    shown = metrics(at)
    assert shown["Next flip: predict"] == "heads" and shown["Its error probability"] == "0.2"
    assert shown["MLE h/n"] == "—" and shown["Heads / tails"] == "0 / 0"
    set_label(at, widget(at, "gen.preset"), text_in("en", "preset.gen_coin_uniform"))
    at.run()
    shown = metrics(at)
    flips = coin_flips(100, 0.7, random_state=0)[:10]
    assert shown["MLE h/n"] == shown["MAP (mode)"] == fmt(flips.mean(), 4)
    assert shown["Posterior mean"] == fmt((1 + flips.sum()) / 12, 4)


def test_unseen_word_preset_shows_zero_over_zero_and_the_smoothed_posteriors_of_scikit_learn():
    """CS229 Part IV §2.1: "nips" is in the dictionary but in no training message, so both event models
    give p(spam|x) = 0/0 with λ = 0; with λ = 1 the posteriors are those of BernoulliNB / MultinomialNB
    (alpha = 1), and the table shows the unseen word's φ(k|y) = 0."""
    from sklearn.naive_bayes import BernoulliNB
    from sklearn.naive_bayes import MultinomialNB

    from algorithms import TOY_SPAM_CORPUS
    from algorithms import build_vocabulary
    from algorithms import word_counts

    at = choose_preset(open_page("generative.py"), "CS229 Part IV §2.1")
    assert at.session_state["gen.view"] == "text" and at.session_state["gen.text_laplace"] is False
    shown = metrics(at)
    assert shown["p(spam|x), Bernoulli, λ = 0"] == shown["p(spam|x), multinomial, λ = 0"] == "0/0"
    docs = [d for d, _ in TOY_SPAM_CORPUS]
    y = [label for _, label in TOY_SPAM_CORPUS]
    vocab = build_vocabulary([*docs, "buy nips now"])
    X, x = word_counts(docs, vocab), word_counts(["buy nips now"], vocab)
    for name, sk in (("Bernoulli", BernoulliNB(alpha=1.0)), ("multinomial", MultinomialNB(alpha=1.0))):
        assert shown[f"p(spam|x), {name}, λ = 1"] == fmt(sk.fit(X, y).predict_proba(x)[0, 1])
    table = at.dataframe[1].value
    nips = table[table["Word"] == "nips"].iloc[0]
    assert nips["In the message"] == 1
    assert nips["Bernoulli: φ(k|spam)"] == nips["multinomial: φ(k|not spam)"] == "0.0000"
    assert any("no training message contains: nips" in c.value for c in at.caption)
    widget(at, "gen.text_laplace").set_value(True).run()
    nips = at.dataframe[1].value.set_index("Word").loc["nips"]
    assert nips["Bernoulli: φ(k|spam)"] == f"{1 / 6:.4f}"  # 1/(4 spam messages + 2)
    assert nips["multinomial: φ(k|spam)"] == f"{1 / (18 + len(vocab)):.4f}"  # 1/(18 spam words + |V|)


def test_repeated_words_preset_counts_repeats_in_the_multinomial_model_only():
    """CS229 Part IV §2.2: "buy buy buy lecture notes" has n = 5 words for the multinomial model, whose
    log-odds bar for "buy" is log φ(buy|spam)/φ(buy|not spam), and the posteriors match scikit-learn's."""
    from sklearn.naive_bayes import BernoulliNB
    from sklearn.naive_bayes import MultinomialNB

    from algorithms import TOY_SPAM_CORPUS
    from algorithms import build_vocabulary
    from algorithms import word_counts

    at = choose_preset(open_page("generative.py"), "CS229 Part IV §2.2")
    message = "buy buy buy lecture notes"
    docs = [d for d, _ in TOY_SPAM_CORPUS]
    y = [label for _, label in TOY_SPAM_CORPUS]
    vocab = build_vocabulary([*docs, message])
    X, x = word_counts(docs, vocab), word_counts([message], vocab)
    shown = metrics(at)
    multi, bern = MultinomialNB(alpha=1.0).fit(X, y), BernoulliNB(alpha=1.0).fit(X, y)
    assert shown["p(spam|x), multinomial, λ = 1"] == fmt(multi.predict_proba(x)[0, 1])
    assert shown["p(spam|x), Bernoulli, λ = 1"] == fmt(bern.predict_proba(x)[0, 1])
    assert "n = 5" in latex(at)
    bars = [d for d in chart_specs(at)[0]["data"] if d["type"] == "bar"]
    assert [b["name"] for b in bars] == ["Bernoulli", "multinomial"]
    assert bars[1]["x"][0] == "buy"
    log_odds = multi.feature_log_prob_[1] - multi.feature_log_prob_[0]
    assert next(decoded_arrays(bars[1]["y"]))[0] == pytest.approx(log_odds[vocab.index("buy")])


def test_a_typed_message_is_shown_as_plain_text():
    at = open_page("generative.py", query={"gen.view": "text", "gen.text_msg": "<b>free</b> **money** $x$"})
    assert not at.exception
    assert [e.value for e in at.text] == ["<b>free</b> **money** $x$"]
    assert not any("<b>" in m.value for m in at.markdown)
