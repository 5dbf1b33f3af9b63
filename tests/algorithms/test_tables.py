"""The textbooks' own tables with text categories (issue 17): Li Hang's Table 5.1 as printed in
Chinese and Zhou's watermelon data set 2.0 load as they are, and trees and naive Bayes fit them."""

import numpy as np
import pytest

from algorithms import CategoricalNaiveBayes
from algorithms import DecisionTreeClassifier
from algorithms import DecisionTreeRegressor
from algorithms import criterion_table
from algorithms import load_dataset
from algorithms.tables import book_table
from algorithms.tables import encode_categories

BOOK = 1.5e-3  # numbers printed to 3 d.p.


def printed(file):
    """Features (without the row number) and class column of a table in assets/data, as text."""
    header, rows = book_table(file)
    cells = np.array(rows, dtype=object)
    return cells[:, 1:-1], cells[:, -1], header[1:-1]


def same_tree(a, b):
    ta, tb = a.tree_, b.tree_
    assert ta.n_nodes == tb.n_nodes
    for name in ("feature", "kind", "is_leaf", "threshold", "category"):
        np.testing.assert_array_equal(getattr(ta, name), getattr(tb, name), err_msg=name)
    np.testing.assert_allclose(ta.value, tb.value)


def test_the_chinese_loan_table_is_the_book_s_table_5_1():
    X, y, names = printed("li_hang_table_5_1.csv")
    assert names == ("年龄", "有工作", "有自己的房子", "信贷情况")
    assert X.shape == (15, 4) and (y == "是").sum() == 9
    english = load_dataset("table_5_1")
    chinese = load_dataset("table_5_1_zh")
    for j, levels in enumerate(english.categories):  # the same table, word for word
        zh = np.asarray(chinese.categories[j])[chinese.X[:, j].astype(int)]
        en = np.asarray(levels)[english.X[:, j].astype(int)]
        pairs = set(zip(zh, en, strict=True))
        assert len(pairs) == len(levels), pairs
    assert set(zip(chinese.y, english.y, strict=True)) == {("是", "yes"), ("否", "no")}


@pytest.mark.parametrize("criterion", ["entropy", "gain_ratio", "gini"])
@pytest.mark.parametrize("file", ["li_hang_table_5_1.csv", "zhou_watermelon_2_0.csv"])
def test_a_tree_fitted_on_text_equals_the_tree_fitted_on_codes(file, criterion):
    X, y, _ = printed(file)
    text = DecisionTreeClassifier(criterion).fit(X, y)
    codes, levels = encode_categories(X)
    coded = DecisionTreeClassifier(criterion, categorical_features=list(range(X.shape[1]))).fit(codes, y)
    same_tree(text, coded)
    assert text.category_names_ == levels
    np.testing.assert_array_equal(text.predict(X), coded.predict(codes))
    np.testing.assert_array_equal(text.predict(X), y)  # both tables are consistent: training error 0


def test_li_hang_examples_5_2_and_5_3_on_the_chinese_table():
    X, y, names = printed("li_hang_table_5_1.csv")
    root = criterion_table(X, y)
    assert root.entropy == pytest.approx(0.971, abs=BOOK)
    np.testing.assert_allclose([f.gain for f in root.features], [0.083, 0.324, 0.420, 0.363], atol=BOOK)
    np.testing.assert_allclose([root.features[j].conditional_entropy for j in (0, 2, 3)],
                               [0.888, 0.551, 0.608], atol=BOOK)
    d2 = X[:, 2] == "否"  # Example 5.3: D₂ = the applicants without a house
    node = criterion_table(X[d2][:, [0, 1, 3]], y[d2])
    np.testing.assert_allclose([f.gain for f in node.features], [0.251, 0.918, 0.474], atol=BOOK)
    tree = DecisionTreeClassifier("entropy").fit(X, y)  # Figure 5.5, by name
    assert sorted((conds, str(label)) for _, conds, label in tree.rules(names)) == [
        (["有自己的房子 = 否", "有工作 = 否"], "否"),
        (["有自己的房子 = 否", "有工作 = 是"], "是"),
        (["有自己的房子 = 是"], "是"),
    ]


def test_zhou_s_watermelon_gains_and_root():
    """Zhou §4.2.1 (outside the seeds): Ent(D) = 0.998; gains 0.109 (printed from rounded
    entropies; 0.108 exactly), 0.143, 0.141, 0.381, 0.289, 0.006; the root is 纹理."""
    X, y, names = printed("zhou_watermelon_2_0.csv")
    table = criterion_table(X, y)
    assert table.entropy == pytest.approx(0.998, abs=BOOK)
    np.testing.assert_allclose([f.gain for f in table.features],
                               [0.109, 0.143, 0.141, 0.381, 0.289, 0.006], atol=BOOK)
    tree = DecisionTreeClassifier("entropy").fit(X, y)
    assert tree.tree_.split_text(0, names, tree.category_names_) == "纹理"
    assert tree.tree_.branch_labels(0, names, tree.category_names_) == ("清晰", "稍糊", "模糊")


def test_naive_bayes_on_a_text_table():
    """Li Hang Algorithm 4.1 on Table 5.1 in Chinese: the estimates as unreduced fractions, and the
    same posterior as the fit on level codes."""
    X, y, _ = printed("li_hang_table_5_1.csv")
    model = CategoricalNaiveBayes(lam=0.0).fit(X, y)
    tables = model.probability_tables()
    assert tables["prior"] == {"否": "6/15", "是": "9/15"}
    assert tables["conditional"][2]["是"] == {"否": "0/6", "是": "6/9"}  # nobody refused owns a house
    query = np.array([["青年", "否", "否", "一般"]], dtype=object)
    assert model.predict(query)[0] == "否"
    codes, levels = encode_categories(X)
    coded = CategoricalNaiveBayes(lam=0.0).fit(codes, y)
    np.testing.assert_allclose(model.predict_proba(X), coded.predict_proba(codes))


def test_numbers_stay_numbers_and_empty_cells_are_missing():
    X = np.array([["1.5", "红", ""], ["2", "", "a"], ["3", "蓝", "a"]], dtype=object)
    codes, levels = encode_categories(X)
    assert levels == (None, ("红", "蓝"), ("a",))
    np.testing.assert_array_equal(codes[:, 0], [1.5, 2, 3])
    np.testing.assert_array_equal(np.isnan(codes), [[False, False, True], [False, True, False],
                                                    [False, False, False]])


def test_new_rows_are_coded_with_the_fitted_levels():
    X, y, _ = printed("li_hang_table_5_1.csv")
    tree = DecisionTreeClassifier("entropy").fit(X, y)
    with pytest.raises(ValueError, match="'少年'.*never saw"):
        tree.predict(np.array([["少年", "否", "否", "一般"]], dtype=object))
    reg = DecisionTreeRegressor().fit(np.c_[X[:, :1], np.arange(15.0)], np.arange(15.0))
    assert reg.category_names_[0] == ("青年", "中年", "老年") and reg.category_names_[1] is None


def test_a_column_of_thousands_of_names_is_not_a_category():
    X = np.array([[f"name {i}"] for i in range(2000)], dtype=object)
    with pytest.raises(ValueError, match="2000 different text values"):
        encode_categories(X)
    with pytest.raises(ValueError, match="2000 different text values"):
        DecisionTreeClassifier().fit(X, np.arange(2000) % 2)
