"""The decision-tree page as a user sees it (AppTest): Li Hang's printed numbers, pruning, URL, language."""

import numpy as np
import pytest

from algorithms import split_curve
from algorithms.datasets import load_dataset
from algorithms.tables import DATA_DIR
from tests.app.apptools import chart_specs
from tests.app.apptools import charts
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.charts import DISPLAY_MARKERS
from ui.data_panel import data_signature
from views.decision_trees._inspector import RUNS
from views.decision_trees._inspector import envelope

PAGE = "decision_trees.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str, lang: str | None = None):
    at = open_page(PAGE, lang=lang)
    preset = widget(at, "tree.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def criterion_table(at):
    table = at.dataframe[0].value
    return table.set_index(table.columns[0])


def latex(at) -> str:
    return "\n".join(formulas(at))


def test_defaults_grow_a_gini_tree_on_two_moons():
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert shown["Leaves |T|"] == "6" and shown["Depth"] == "3"
    assert 0 < float(shown["Training error"]) < 0.2 and 0 < float(shown["Test error"]) < 0.2
    assert at.main.slider[0].key == "tree.depth"  # the first control is a real hyperparameter
    regions = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    z = next(decoded_arrays(regions["data"][0]["z"]))
    assert z.dtype == np.uint8 and z.size <= 150 * 150 and set(np.unique(z)) == {0, 1}


def test_the_tree_grows_with_depth_and_the_stepper_replays_the_splits():
    at = open_page(PAGE, query={"tree.depth": "1"})
    assert metrics(at)["Leaves |T|"] == "2"
    widget(at, "tree.depth").set_value(5).run()
    leaves = int(metrics(at)["Leaves |T|"])
    assert leaves > 6
    step = widget(at, "tree.grow.step")
    assert step.max == leaves - 1  # binary splits: one more leaf per split
    step.set_value(1).run()
    assert any("Split 1" in m.value for m in at.markdown)


def test_example_5_2_every_root_number_matches_the_book():
    """Li Hang Example 5.2: H(D) = 0.971, g(D, A1..A4) = 0.083, 0.324, 0.420, 0.363."""
    at = choose_preset("Li Hang Example 5.2")
    assert metrics(at)["Node entropy H(D)"] == "0.971"
    table = criterion_table(at)
    np.testing.assert_allclose(table["g(D,A)"], [0.083007, 0.323650, 0.419973, 0.362990], atol=1e-6)
    np.testing.assert_allclose(table["H(D|A)"], [0.887943, 0.647300, 0.550978, 0.607961], atol=1e-6)
    np.testing.assert_allclose(table["g/H_A(D)"], [0.052372, 0.352447, 0.432538, 0.231854], atol=1e-6)
    np.testing.assert_allclose(table["g/H(D)"], [0.085491, 0.333333, 0.432538, 0.373850], atol=1e-6)
    book = table["Book prints"]
    assert all("✗" not in v for v in book) and "g 0.42 ✓" in book.iloc[2]
    assert table.index[2].startswith("★ A3")  # owns house is chosen
    assert "0.971" in latex(at)


def test_example_5_3_second_level_numbers_and_the_rounding_erratum():
    """Example 5.3 on D2: g(D2, A1) printed 0.251 (exact 0.2516); g(D2, A2) = 0.918, g(D2, A4) = 0.474."""
    at = choose_preset("Li Hang Example 5.3")
    assert metrics(at)["Node entropy H(D)"] == "0.9183"
    table = criterion_table(at)
    np.testing.assert_allclose(table["g(D,A)"].iloc[[0, 1, 3]], [0.251629, 0.918296, 0.473851], atol=1e-6)
    assert "g 0.251 ✓" in table["Book prints"].iloc[0] and "H(D|A) 0.667 ✓" in table["Book prints"].iloc[0]
    assert table.index[1].startswith("★ A2")  # has job


def test_example_5_4_gini_values_and_cart_pruning_alpha():
    """Example 5.4: Gini(D, A1 = 1..3) = 0.44/0.48/0.44, A2: 0.32, A3: 0.27, A4: 0.36/0.47/0.32."""
    at = choose_preset("Li Hang Example 5.4")
    gini = criterion_table(at)["Gini(D,A=a)"]
    assert gini.iloc[0] == "youth: 0.440 · middle-aged: 0.480 · old: 0.440"
    assert gini.iloc[2] == "yes: 0.267 · no: 0.267"
    assert gini.iloc[3] == "very good: 0.364 · good: 0.474 · fair: 0.320"
    assert all("✗" not in v for v in criterion_table(at)["Book prints"])
    assert "0.48" in latex(at)  # Gini(D) = 12/25
    assert any("3.6 → 1" in c.value for c in at.caption)  # seed 002 §2.10 oracle A: α1 = 3.6


def test_exercise_5_1_c45_gives_the_id3_tree():
    at = choose_preset("Li Hang exercise 5.1")
    assert metrics(at)["Leaves |T|"] == "3" and metrics(at)["Training error"] == "0"
    assert criterion_table(at).index[2].startswith("★ A3")


def test_literal_c_alpha_pruning_misses_the_optimum_and_says_so():
    """Seed 002 §2.6: for α ∈ [7.28, 8.26) bits the literal Algorithm 5.4 keeps 3 leaves; the optimum is 1."""
    at = choose_preset("Li Hang §5.4")
    assert metrics(at)["Leaves |T|"] == "3" and metrics(at)["C_α(T)"] == "24"
    assert any("|T| = 3" in m.value and "|T| = 1" in m.value for m in at.info)
    widget(at, "tree.prune")
    set_label(at, widget(at, "tree.prune"), "C_α(T), dynamic programming (§5.4)")
    at.run()
    assert metrics(at)["Leaves |T|"] == "1" and metrics(at)["C_α(T)"] == "22.56"  # 14.564 + 8


def test_cart_pruning_of_the_loan_tree():
    at = choose_preset("Li Hang §5.5.2: CART pruning of the loan tree")
    shown = metrics(at)
    assert shown["Leaves |T|"] == "1" and shown["C_α(T)"] == "11.2"  # N·Gini = 7.2, α = 4


def test_table_5_2_regression_tree_of_depth_two():
    """Exercise 5.2: root s = 5 (midpoint 5.5) with m(s) = 3.358720, leaves 4.72 / 5.57 / 7.475 / 8.643."""
    at = choose_preset("Li Hang exercise 5.2")
    text = latex(at)
    assert "3.359" in text and "s = 5.5" in text and "5.06" in text and "8.176" in text
    fit = next(s for s in chart_specs(at) if any(t.get("name") == "tree f(x)" for t in s["data"]))
    curve = next(t for t in fit["data"] if t.get("name") == "tree f(x)")
    levels = np.unique(np.round(next(decoded_arrays(curve["y"])), 6))
    np.testing.assert_allclose(levels, [4.72, 5.57, 7.475, 8.643333], atol=1e-6)
    assert metrics(at)["Training error (MSE)"] == "0.08537"  # SSE 0.853717 / 10


def test_table_5_2_pruning_path_is_the_books():
    """Seed 002 §2.10 oracle B: α = 0.0128, 0.045, 0.0726, 0.1058, 0.2563, 0.3613, 0.867, 1.638, 24.27."""
    at = choose_preset("Li Hang §5.5.2: pruning path")
    caption = next(c.value for c in at.caption if "Breakpoints" in c.value)
    assert (
        "0.0128 → 9, 0.045 → 8, 0.0726 → 7, 0.1058 → 6, 0.2563 → 5, 0.3613 → 4, 0.867 → 3, "
        "1.638 → 2, 24.27 → 1"
    ) in caption
    assert metrics(at)["Leaves |T|"] == "4" and metrics(at)["C_α(T)"] == "2.454"  # 0.853717 + 0.4·4


def test_missing_values_scale_the_gain_by_rho():
    at = choose_preset("Notes on Zhou §4.5")
    table = criterion_table(at)
    assert "ρ" in table.columns and (table["ρ"] < 1).all()
    assert r"\tilde D" in latex(at)


def test_selected_node_is_described_and_highlighted():
    at = open_page(PAGE, query={"tree.node": "2"})
    assert any(c.value.startswith("#2 (") for c in at.caption)
    regions = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    assert any(t.get("name") == "node #2" for t in regions["data"])


def test_url_state_seeds_the_widgets():
    query = {"tree.view": "regress", "tree.data": "sinc", "tree.depth": "4", "tree.msl": "3"}
    at = open_page(PAGE, query=query)
    assert not at.exception
    assert at.session_state["tree.view"] == "regress" and at.session_state["tree.data"] == "sinc"
    assert at.session_state["tree.depth"] == 4 and at.session_state["tree.msl"] == 3
    assert int(metrics(at)["Depth"]) <= 4


def test_invalid_url_values_are_ignored():
    at = open_page(PAGE, query={"tree.view": "nonsense", "tree.criterion": "<b>", "tree.depth": "abc"})
    assert not at.exception
    assert at.session_state["tree.view"] == "classify" and at.session_state["tree.criterion"] == "gini"


def test_chinese_uses_the_books_terms():
    at = choose_preset("李航例 5.2", lang="zh")
    assert at.title[0].value == "决策树：ID3、C4.5、CART 与剪枝"
    table = criterion_table(at)
    assert table.index[0] == "A1 年龄" and "青年" in table["分支 [各类样本数]"].iloc[0]
    assert "叶结点数 |T|" in metrics(at)


def test_one_class_after_editing_shows_a_message_not_a_traceback():
    at = open_page(PAGE)
    from algorithms import load_dataset

    data = load_dataset("moons", 200, 0.2, 0)
    at.session_state["tree.edits"] = {
        "base": data_signature(data),
        "X": np.array(data.X[:10]),
        "y": np.full(10, data.y[0]),
    }
    at.run()
    assert not at.exception
    assert any("No tree can be grown" in w.value for w in at.warning)


CSV = "width,height,kind\n" + "\n".join(f"{i % 7},{(i * 3) % 11},{'abc'[i % 3]}" for i in range(30))


def test_own_csv_with_text_labels_and_three_classes():
    at = open_page(PAGE, query={"tree.data": "csv"})
    at.file_uploader(key="tree.csv_file").upload("mine.csv", CSV.encode(), "text/csv")
    at.run()
    assert not at.exception and not at.error
    regions = next(s for s in chart_specs(at) if s["data"][0]["type"] == "heatmap")
    assert {t["name"] for t in regions["data"] if t.get("mode") == "markers"} >= {"a", "b", "c"}


@pytest.mark.parametrize("view", ["classify", "table", "regress"])
def test_every_view_in_projector_mode(view):
    at = open_page(PAGE, query={"tree.view": view, "projector": "true"})
    assert not at.exception and len(chart_specs(at)) >= 3


def test_the_printed_chinese_loan_table_shows_example_5_2_by_name():
    """Li Hang Table 5.1 as printed (text categories from assets/data): the gains of Example 5.2 and
    the tree of Figure 5.5, its branches named 是 / 否."""
    at = choose_preset("Li Hang Table 5.1 as printed")
    table = criterion_table(at)
    assert list(table.index) == ["A1 年龄", "A2 有工作", "★ A3 有自己的房子", "A4 信贷情况"]
    np.testing.assert_allclose(table["g(D,A)"], [0.083007, 0.323650, 0.419973, 0.362990], atol=1e-6)
    assert table.iloc[0, -1] == "青年 [3, 2]; 中年 [2, 3]; 老年 [1, 4]"
    book = table["Book prints"]
    assert all("✗" not in v for v in book) and "Gini 0.32 ✓" in book.iloc[3]
    rules = at.code[0].value.splitlines()
    assert sorted(rules) == ["IF 有自己的房子 = 否 AND 有工作 = 否 THEN 否",
                             "IF 有自己的房子 = 否 AND 有工作 = 是 THEN 是", "IF 有自己的房子 = 是 THEN 是"]


def test_zhou_watermelon_2_0_splits_on_texture_by_name():
    """Zhou Table 4.1 (watermelon 2.0): Ent(D) = 0.998, the root 纹理 with Gain 0.381, branches
    清晰 / 稍糊 / 模糊."""
    at = choose_preset("Zhou's watermelon", lang=None)
    assert metrics(at)["Node entropy H(D)"] == "0.9975"
    table = criterion_table(at)
    assert table.index[3] == "★ A4 纹理"
    assert table["g(D,A)"].iloc[3] == pytest.approx(0.380592, abs=1e-6)
    assert table.iloc[3, -1] == "清晰 [2, 7]; 稍糊 [4, 1]; 模糊 [3, 0]"
    assert "IF 纹理 = 模糊 THEN 否" in at.code[0].value.splitlines()


def test_an_uploaded_text_table_shows_names_and_a_table_of_names_is_refused_in_chinese():
    """The printed Chinese table uploaded as it is: its text columns are the features (not the ID),
    the split shows 有自己的房子; then a file whose text column holds 3 000 names: a message in
    the user's language, and the loan table stays in use."""
    at = open_page(PAGE, query={"tree.view": "table", "tree.data": "csv"}, lang="zh")
    at.file_uploader(key="tree.csv_file").upload(
        "table_5_1.csv", (DATA_DIR / "li_hang_table_5_1.csv").read_bytes(), "text/csv")
    at.run()
    assert not at.exception and not at.error
    assert at.multiselect(key="tree.csv_features").value == ["年龄", "有工作", "有自己的房子", "信贷情况"]
    loan = list(criterion_table(at).index)
    assert loan[2] == "★ A3 有自己的房子"
    names = "姓名,身高,好坏\n" + "\n".join(f"人{i},{i % 7},{'是否'[i % 2]}" for i in range(3000))
    at.file_uploader(key="tree.csv_file").upload("names.csv", names.encode(), "text/csv")
    at.run()
    assert not at.exception
    assert [e.value for e in at.sidebar.error] == [
        "列 姓名 有 3000 个不同的文本值；类别特征最多只能有 50 个取值。"
        "请不要选这一列（它看起来是名称或自由文本）。"
    ]
    assert list(criterion_table(at).index) == loan


def test_the_inspector_envelope_keeps_each_runs_lowest_and_highest_point():
    values = np.random.default_rng(0).normal(size=20_001).cumsum()
    drawn = envelope(values, runs=500)
    assert np.all(np.diff(drawn) > 0) and drawn[0] == 0 and drawn[-1] == 20_000 and len(drawn) <= 1002
    width = -(-len(values) // 500)
    for start in range(0, len(values), width):
        run = values[start : start + width]
        assert {start + int(np.argmin(run)), start + int(np.argmax(run))} <= set(drawn)
    assert np.array_equal(envelope(values[:1000], runs=500), np.arange(1000))


def test_at_20000_points_the_growth_chart_draws_a_sample_and_the_inspector_an_envelope():
    at = open_page(PAGE, query={"tree.n": "20000"})
    assert not at.exception
    specs = charts(at)
    growth = [tr for tr in specs["tree.grow.chart"]["data"] if tr.get("mode") == "markers"]
    assert sum(len(next(decoded_arrays(tr["x"]))) for tr in growth) == DISPLAY_MARKERS
    assert any(f"Drawn: {DISPLAY_MARKERS:,} of 20,000 points" in c.value for c in at.caption)
    X, y = load_dataset("moons", 20000, None, 0).X, load_dataset("moons", 20000, None, 0).y
    full = split_curve(X[:, 0], y, "gini")  # the root's curve along x₁ (node 0 is selected)
    curve = specs["tree.inspector"]["data"][0]
    xs, ys = (next(decoded_arrays(curve[k])) for k in ("x", "y"))
    at_s = np.searchsorted(full.thresholds, xs)
    assert len(xs) <= 2 * RUNS + 2 and np.array_equal(full.thresholds[at_s], xs)
    assert np.allclose(full.children_impurity[at_s], ys) and ys.min() == full.children_impurity.min()
    assert any("lowest and highest score of each of 500 runs" in c.value for c in at.caption)
