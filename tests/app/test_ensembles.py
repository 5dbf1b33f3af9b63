"""The ensembles page as a user sees it (AppTest): book oracles, steppers, URL state, language, errors."""

import numpy as np
import pytest

from algorithms import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.data_panel import data_signature

PAGE = "ensembles.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str, lang: str | None = None):
    at = open_page(PAGE, lang=lang)
    preset = widget(at, "ens.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def latex(at) -> str:
    return "\n".join(formulas(at))


def test_defaults_show_a_stump_with_its_error_curve():
    at = open_page(PAGE)
    assert not at.exception
    assert at.main.slider[0].key == "ens.threshold"  # the first control moves the cut
    shown = metrics(at)
    assert (
        float(shown["Its error"]) <= float(shown["Best on this feature"]) <= float(shown["Error at your cut"])
    )
    regions = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    z = next(decoded_arrays(regions["data"][0]["z"]))
    assert z.dtype == np.uint8 and z.size <= 150 * 150


def test_jumping_to_the_best_cut_reaches_the_smallest_error():
    at = open_page(PAGE)
    at.button[0].click().run()
    shown = metrics(at)
    assert shown["Error at your cut"] == shown["Its error"]


def test_bagged_stumps_of_sugiyama_fig_9_8_with_bootstrap_sizes_and_oob_curve():
    at = choose_preset("Sugiyama Fig 9.8")
    shown = metrics(at)
    assert shown["Learners"] == "50" and 0 <= float(shown["Out-of-bag error"]) < 0.5
    assert "0.3642" in latex(at)  # (1 − 1/50)^50
    step = widget(at, "ens.bag.step")
    assert step.max == 49
    step.set_value(0).run()
    assert any("Learner 1" in m.value for m in at.markdown)


def test_random_forest_preset_draws_finite_learner_cuts():
    at = choose_preset("Notes on Zhou §5.7")
    for spec in chart_specs(at):
        for array in decoded_arrays(spec["data"]):
            assert array.dtype.kind != "f" or np.all(np.isfinite(array))


def test_li_hang_example_8_1_rounds():
    """α = 0.4236, 0.6496, 0.7520 and ε = 0.3, 0.2143, 0.1818 (Li Hang Ex 8.1, seed 003/004 spec §4.2)."""
    at = choose_preset("Li Hang Example 8.1")
    table = at.dataframe[0].value
    np.testing.assert_allclose(table["α_t"], [0.4236, 0.6496, 0.7520], atol=5e-5)
    np.testing.assert_allclose(table["ε_t"], [0.3, 0.2143, 0.1818], atol=5e-5)
    assert list(table.iloc[:, 1]) == ["x ≤ 2.5 → 1 | -1", "x ≤ 8.5 → 1 | -1", "x ≤ 5.5 → -1 | 1"]
    assert metrics(at)["Training error"] == "0"
    assert r"w_{t+1,i} = 0.5" in latex(at)  # O25: the last stump's errors hold ½


def test_adaboost_stepper_shows_weights_and_the_half_identity():
    at = choose_preset("Sugiyama Fig 9.13")
    widget(at, "ens.ada.step").set_value(0).run()
    details = next(m.value for m in at.markdown if m.value.startswith("**Round 1**"))
    assert "hold weight 0.5" in details


def test_boosting_tree_on_table_5_2():
    """Round 1 of the boosting tree splits at x ≤ 5.5 with leaves 5.06 / 8.176: training MSE 0.33587."""
    at = choose_preset("Notes on Zhou §5.3.1")
    assert metrics(at)["f₀ = mean of y"] == "6.618"
    widget(at, "ens.gb.step").set_value(0).run()
    chart = next(s for s in chart_specs(play(at)) if s.get("frames"))
    assert chart["layout"]["title"]["text"] == "Round 1: training MSE 0.3359"
    details = next(m.value for m in at.markdown if m.value.startswith("**Round 1**"))
    assert "-1.558, 1.558" in details


def test_second_order_split_gains_oracle():
    """seed 003 §5.4 oracle: gains −0.025, 0.26667, −1.025; leaves w* = 0.6667, 2.0."""
    at = choose_preset("Notes on Zhou §5.4: split gains")
    table = at.dataframe[0].value
    np.testing.assert_allclose(table["Gain"], [-0.025, 0.266667, -1.025], atol=1e-6)
    assert metrics(at)["Best gain"] == "0.2667" and metrics(at)["Leaves in round 1"] == "2"
    assert r"0.6667,\ 2" in latex(at)


def test_gamma_refuses_every_split():
    at = choose_preset("Notes on Zhou §5.4: γ = 0.5")
    np.testing.assert_allclose(at.dataframe[0].value["Gain"], [-0.525, -0.233333, -1.525], atol=1e-6)
    assert metrics(at)["Leaves in round 1"] == "1"


def test_catboost_ordered_target_statistics_oracle():
    at = choose_preset("Notes on Zhou §5.6.1")
    table = at.dataframe[0].value
    np.testing.assert_allclose(table["ordered TS"], [0.6, 0.6, 0.8, 0.86667, 0.3], atol=1e-5)
    np.testing.assert_allclose(table["greedy TS (uses its own y)"].iloc[[0, 2, 3]], 0.65)


def test_url_state_seeds_the_widgets():
    at = open_page(PAGE, query={"ens.view": "gbdt", "ens.rounds": "10", "ens.rate": "0.5", "ens.depth": "3"})
    assert not at.exception
    assert at.session_state["ens.view"] == "gbdt" and at.session_state["ens.rounds"] == 10
    assert at.session_state["ens.rate"] == 0.5 and metrics(at)["Rounds"] == "10"


def test_invalid_url_values_are_ignored():
    at = open_page(PAGE, query={"ens.view": "nope", "ens.learner": "<i>", "ens.rounds": "7"})
    assert not at.exception and at.session_state["ens.view"] == "stump"


def test_chinese_titles_and_terms():
    at = open_page(PAGE, query={"ens.view": "adaboost"}, lang="zh")
    assert at.title[0].value == "集成学习：Bagging、随机森林与 Boosting"
    assert "指数损失" in metrics(at)


def edited(at, X, y):
    data = load_dataset("diagonal", 50, None, 0)
    at.session_state["ens.edits"] = {"base": data_signature(data), "X": np.array(X, float), "y": np.array(y)}
    return at.run()


def test_adaboost_on_a_chance_level_problem_explains_instead_of_raising():
    at = open_page(PAGE, query={"ens.view": "adaboost"})
    at = edited(at, [[0, 0], [1, 1], [0, 1], [1, 0]], [1, 1, -1, -1])
    assert not at.exception
    assert any("no better than chance" in w.value for w in at.warning)


def test_one_class_after_editing_shows_a_message():
    at = edited(open_page(PAGE), [[0, 0], [1, 1], [0, 1], [1, 0]], [1, 1, 1, 1])
    assert not at.exception and at.warning


def test_xgb_histogram_search_cuts_only_at_the_bin_edges():
    """seed 003 §5.5.2 in the XGBoost view: with k = 4 bins the root's candidates are the 3 bin
    edges (quantiles of x, so data values), the best of them no better than the exact search's."""
    exact = open_page(PAGE, query={"ens.view": "xgb"})
    at = open_page(PAGE, query={"ens.view": "xgb", "ens.xgb_search": "histogram", "ens.xgb_bins": "4"})
    assert not at.exception and not exact.exception
    edges, all_cuts = at.dataframe[0].value["s"], exact.dataframe[0].value["s"]
    assert len(edges) == 3 and len(all_cuts) > 20
    assert float(metrics(at)["Best gain"]) < float(metrics(exact)["Best gain"])
    assert any("only the 3 bin edges" in c.value for c in at.caption)
    zh = open_page(PAGE, lang="zh", query={"ens.view": "xgb", "ens.xgb_search": "histogram"})
    assert not zh.exception and any("个箱边界" in c.value for c in zh.caption)
    at = open_page(PAGE, query={"ens.view": "xgb", "ens.xgb_search": "histogram", "ens.xgb_bins": "2"})
    preset = widget(at, "ens.preset")                     # the oracle's preset searches exactly
    set_label(at, preset, next(o for o in preset.options if o.startswith("Notes on Zhou §5.4: split")))
    at.run()
    np.testing.assert_allclose(at.dataframe[0].value["Gain"], [-0.025, 0.266667, -1.025], atol=1e-6)


@pytest.mark.parametrize(
    "view",
    [
        "stump",
        "bagging",
        "adaboost",
        "gbdt",
        "xgb",
        "lgbm",
        "growth",
        "efb",
        "catboost",
        "stack",
        "ambiguity",
        "diversity",
    ],
)
def test_every_view_in_projector_mode(view):
    at = open_page(PAGE, query={"ens.view": view, "projector": "true"})
    assert not at.exception and chart_specs(at)


CSV = "width,height,kind\n" + "\n".join(f"{i % 7},{(i * 3) % 11},{'abc'[i % 3]}" for i in range(30))


@pytest.mark.parametrize("view", ["stump", "bagging", "adaboost", "stack"])
def test_own_csv_with_text_labels_and_three_classes(view):
    at = open_page(PAGE, query={"ens.view": view, "ens.data": "csv"})
    at.file_uploader(key="ens.csv_file").upload("mine.csv", CSV.encode(), "text/csv")
    at.run()
    assert not at.exception and not at.error
    assert chart_specs(at)


def stacking_on_moons(leaky: bool):
    """The stack of the stacking presets, fitted here from the same data (noisy moons, n = 200)."""
    from algorithms import DecisionTreeClassifier
    from algorithms import GaussianNaiveBayes
    from algorithms import LogisticRegression
    from algorithms import StackingClassifier

    train, test = load_dataset("moons", 200, 0.3, 0), load_dataset("moons", 200, 0.3, 0, test=True)
    learners = [
        ("tree", DecisionTreeClassifier(max_depth=8)),
        ("nb", GaussianNaiveBayes()),
        ("linear", LogisticRegression(lam=1e-3)),
    ]
    model = StackingClassifier(learners, LogisticRegression(lam=1.0), 5, leaky, 0).fit(train.X, train.y)
    return model, train, test


@pytest.mark.parametrize(
    ("label", "leaky"),
    [("Notes on Zhou §5.1: stacking three", False), ("Notes on Zhou §5.1: stacking without", True)],
)
def test_stacking_presets_show_each_learners_errors_and_meta_weights(label, leaky):
    at = choose_preset(label)
    model, train, test = stacking_on_moons(leaky)
    table = at.dataframe[0].value
    members = [*model.estimators_, model]
    assert list(table["Test error"]) == [f"{np.mean(m.predict(test.X) != test.y):.4g}" for m in members]
    assert list(table["Training error"]) == [f"{np.mean(m.predict(train.X) != train.y):.4g}" for m in members]
    weights = [float(w) for w in table["Meta-learner weight θⱼ"][:3]]
    np.testing.assert_allclose(weights, model.final_estimator_.theta_[1:], rtol=1e-3)
    assert metrics(at)["Folds"] == ("—" if leaky else "5")
    first = ",\\ ".join(f"{v:.4g}" for v in model.oof_[0])
    assert first in latex(at)  # z_1, the first sample's meta-features
    if leaky:  # the leak: the memorising tree gets the largest weight
        assert weights[0] == max(weights)


def test_error_ambiguity_preset_shows_e_equals_e_bar_minus_a_bar_on_the_test_data():
    from algorithms import BaggingRegressor
    from algorithms import error_ambiguity

    at = choose_preset("Notes on Zhou §5.1 (1)")
    train, test = load_dataset("sinc", 50, 0.2, 0), load_dataset("sinc", 50, 0.2, 0, test=True)
    model = BaggingRegressor(10, max_depth=4, random_state=0).fit(train.X, train.y)
    parts = error_ambiguity(model.member_predictions(test.X), test.y)
    shown = metrics(at)
    assert shown["Average member error Ē"] == f"{parts.E_bar:.4g}"
    assert shown["Average ambiguity Ā"] == f"{parts.A_bar:.4g}"
    assert shown["Ensemble error E"] == f"{parts.E:.4g}"
    assert float(shown["Ensemble error E"]) < float(shown["Best single member"])  # the mean beats every tree
    assert f"E = \\bar E - \\bar A:\\ {parts.E:.4g} = {parts.E_bar:.4g} - {parts.A_bar:.4g}" in latex(at)
    bars = next(s for s in chart_specs(at) if s["data"][0]["type"] == "bar")
    np.testing.assert_allclose(next(decoded_arrays(bars["data"][1]["y"])), parts.member_ambiguities)


def test_diversity_preset_shows_the_four_measures_of_the_forests_trees():
    from algorithms import RandomForestClassifier
    from algorithms import pair_table
    from algorithms import pairwise_diversity

    at = choose_preset("Notes on Zhou §5.1: diversity")
    train, test = load_dataset("moons", 200, 0.3, 0), load_dataset("moons", 200, 0.3, 0, test=True)
    forest = RandomForestClassifier(10, max_features=1, max_depth=4, random_state=0).fit(train.X, train.y)
    positive = forest.classes_[1]
    P = np.array([np.where(e.predict(test.X) == positive, 1, -1) for e in forest.estimators_])
    div = pairwise_diversity(P)
    off = ~np.eye(10, dtype=bool)
    shown = metrics(at)
    assert shown["Mean disagreement"] == f"{div.disagreement[off].mean():.4g}"
    assert shown["Mean correlation ρ"] == f"{np.nanmean(div.correlation[off]):.4g}"
    assert shown["Mean Q-statistic"] == f"{np.nanmean(div.q_statistic[off]):.4g}"
    assert shown["Mean κ-statistic"] == f"{np.nanmean(div.kappa[off]):.4g}"
    pair = pair_table(P[0], P[1])
    table = at.dataframe[0].value
    assert [list(table.iloc[r, 1:]) for r in (0, 1)] == [[pair.a, pair.b], [pair.c, pair.d]]
    assert pair.a + pair.b + pair.c + pair.d == len(test.y)
    text = latex(at)
    assert rf"\frac{{{pair.b} + {pair.c}}}{{{len(test.y)}}} = {div.disagreement[0, 1]:.4g}" in text
    assert rf"\kappa = {div.kappa[0, 1]:.4g}" in text
    heat = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    np.testing.assert_allclose(next(decoded_arrays(heat["data"][0]["z"])), div.kappa.ravel())


def test_growth_preset_shows_both_trees_after_six_splits_with_their_losses():
    from algorithms import level_vs_leaf

    at = choose_preset("Notes on Zhou §5.5.5")
    train = load_dataset("sinc", 50, 0.2, 0)
    both = level_vs_leaf(train.X, train.y, 6, max_depth=20)
    shown = metrics(at)
    assert shown["Level-wise training MSE"] == f"{both.level.losses[6]:.4g}"
    assert shown["Leaf-wise training MSE"] == f"{both.leaf.losses[6]:.4g}"
    assert float(shown["Leaf-wise training MSE"]) <= float(shown["Level-wise training MSE"])
    assert shown["Level-wise depth"] == str(both.level_tree.get_depth())
    assert shown["Leaf-wise depth"] == str(both.leaf_tree.get_depth())
    assert f"L_{{6}}^{{\\text{{leaf}}}} = {both.leaf.losses[6]:.4g}" in latex(at)
    curve = next(s for s in chart_specs(at) if s["data"][0].get("name") == "level-wise")
    np.testing.assert_allclose(next(decoded_arrays(curve["data"][1]["y"])), both.leaf.losses)


def test_efb_preset_bundles_the_hand_example_back_into_its_two_categoricals():
    at = choose_preset("Notes on Zhou §5.5.4")
    bundles = at.dataframe[0].value
    assert list(bundles["Columns (in the order they joined)"]) == ["A=a, A=b, A=c", "B=a, B=b"]
    assert list(bundles["Offsets"]) == ["0, 1, 2", "0, 1"]
    merged = at.dataframe[1].value
    assert list(merged["bundle 1"]) == [1, 2, 3, 1, 2, 1] and list(merged["bundle 2"]) == [1, 1, 2, 2, 2, 1]
    assert metrics(at) == {"Columns": "5", "Bundles": "2", "Conflicts accepted": "0"}
    heat = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    assert next(decoded_arrays(heat["data"][0]["z"]))[3] == 2  # A=a and B=a share rows 1 and 6
    widget(at, "ens.conflicts").set_value(1).run()
    assert list(at.dataframe[0].value["Columns (in the order they joined)"]) == ["A=a, B=b", "B=a, A=b, A=c"]
    assert "m = 2" in latex(at)


def test_catboost_preset_shows_the_combination_and_the_prediction_shift():
    from algorithms import combine_categories
    from algorithms import encoding_accuracy
    from algorithms import interaction_table
    from algorithms import noise_categories
    from algorithms import ordered_target_statistics
    from algorithms import prediction_shift

    at = choose_preset("Notes on Zhou §5.6.2")
    colour, size, y = interaction_table(60, random_state=0)
    order = np.arange(60)
    shown = metrics(at)
    for name, cats in (("colour", colour), ("size", size), ("colour×size", combine_categories(colour, size))):
        accuracy = encoding_accuracy(ordered_target_statistics(cats, y, 1.0, permutation=order), y)
        assert shown[f"Accuracy of TS({name})"] == f"{accuracy:.4g}"
    assert float(shown["Accuracy of TS(colour×size)"]) > float(shown["Accuracy of TS(colour)"])
    cats, labels = noise_categories(60, 30, random_state=0)
    shift = prediction_shift(cats, labels, *noise_categories(400, 30, random_state=1), 1.0, permutation=order)
    bars = next(s for s in chart_specs(at) if s["data"][0]["type"] == "bar")
    values = next(decoded_arrays(bars["data"][0]["y"]))
    np.testing.assert_allclose(values, [shift.greedy_train, shift.ordered_train, shift.test])
    assert values[0] < values[2]  # the greedy statistic looks better on its own rows: the shift
    assert f"{shift.greedy_train:.4g}" in latex(at)
