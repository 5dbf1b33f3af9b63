"""Reading users' CSV files: what loads, and the message for each kind of unusable file."""

import numpy as np
import pytest

from algorithms.tables import DATA_DIR
from ui.csv_data import MAX_ROWS
from ui.csv_data import CsvError
from ui.csv_data import build_dataset
from ui.csv_data import numeric_columns
from ui.csv_data import read_table
from ui.csv_data import row_numbers

GOOD = "x1,x2,label\n" + "\n".join(f"{i},{i % 3},{'a' if i % 2 else 'b'}" for i in range(20))


def error_key(data: bytes, builder=None) -> str:
    with pytest.raises(CsvError) as err:
        table = read_table(data)
        if builder:
            builder(table)
    return err.value.key


def test_a_plain_file_loads():
    table = read_table(GOOD.encode())
    assert list(table.columns) == ["x1", "x2", "label"]
    data, dropped = build_dataset(table, ["x1", "x2"], "label", "classification")
    assert data.X.shape == (20, 2) and dropped == 0
    assert set(data.y) == {"a", "b"}


def test_bom_semicolons_and_gbk_headers_load():
    text = "面积;卧室;价格\n" + "\n".join(f"{100 + i};{i % 4};{3 * i + 1}" for i in range(10))
    for data in (text.encode("utf-8-sig"), text.encode("gbk")):
        table = read_table(data)
        assert list(table.columns) == ["面积", "卧室", "价格"]
        dataset, _ = build_dataset(table, ["面积"], "价格", "regression", n_features=1)
        np.testing.assert_allclose(dataset.y[:3], [1, 4, 7])


def test_tab_delimiter_and_thousands_separators():
    text = 'area\tprice\n"1,234"\t5\n"2,000"\t6\n3\t7\n4\t8\n5\t9\n'
    table = read_table(text.encode())
    dataset, _ = build_dataset(table, ["area"], "price", "regression", n_features=1)
    np.testing.assert_allclose(dataset.X[:2, 0], [1234, 2000])


def test_missing_and_text_values_drop_rows_with_a_count():
    text = "a,b,y\n1,2,0\n,3,1\n4,oops,0\n5,6,1\n7,8,0\n9,10,1\n11,12,0\n13,inf,1\n"
    table = read_table(text.encode())
    assert numeric_columns(table) == ["a", "b", "y"]
    dataset, dropped = build_dataset(table, ["a", "b"], "y", "classification")
    assert dropped == 3 and len(dataset.X) == 5


@pytest.mark.parametrize(
    "data,key",
    [
        (b"", "csv.empty"),
        (b"   \n  ", "csv.empty"),
        (b"a,b\n", "csv.no_rows"),
        (b"a\n1\n2\n", "csv.too_few_columns"),
        (b"a,a,b\n1,2,3\n", "csv.duplicate_columns"),
        (b"a,,b\n1,2,3\n", "csv.blank_header"),
        (b"\x00\x01\x02binary\xff\xfe" * 50, "csv.binary"),
        (bytes(range(128, 256)) * 40, "csv.encoding"),
        (("a,b\n" + "1,2\n" * (MAX_ROWS + 1)).encode(), "csv.too_many_rows"),
        (
            (",".join(f"c{i}" for i in range(201)) + "\n" + ",".join("1" * 201) + "\n").encode(),
            "csv.too_many_columns",
        ),
    ],
)
def test_unusable_files_get_a_clear_message(data, key):
    assert error_key(data) == key


@pytest.mark.parametrize(
    "text,features,target,task,key",
    [
        ("a,y\n1,1\n2,1\n3,1\n4,1\n5,1\n", ["a"], "y", "classification", "csv.one_class"),
        ("a,b,y\n1,2,0\n2,3,1\n", ["a", "b"], "y", "classification", "csv.too_few_rows"),
        ("a,b,y\n" + "x,z,1\n" * 6, ["a", "b"], "y", "classification", "csv.not_numeric"),
        ("a,b,y\n" + "1,2,3\n" * 6, [], "y", "classification", "csv.no_features"),
        ("a,b,y\n" + "1,2,3\n" * 6, ["a", "y"], "y", "classification", "csv.target_is_feature"),
        ("a,b,c,y\n" + "1,2,3,0\n4,5,6,1\n" * 3, ["a", "b", "c"], "y", "classification", "csv.feature_count"),
        (
            "a,y\n" + "".join(f"{i},{i}\n" for i in range(30)),
            ["a"],
            "y",
            "classification",
            "csv.too_many_classes",
        ),
    ],
)
def test_unusable_column_choices_get_a_clear_message(text, features, target, task, key):
    table = read_table(text.encode())
    with pytest.raises(CsvError) as err:
        build_dataset(table, features, target, task)
    assert err.value.key == key


def test_pca_projection_of_many_columns():
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(40, 5))
    text = "a,b,c,d,e,label\n" + "\n".join(
        ",".join(f"{v:.4f}" for v in r) + f",{i % 2}" for i, r in enumerate(rows)
    )
    dataset, _ = build_dataset(
        read_table(text.encode()), list("abcde"), "label", "classification", project=True
    )
    assert dataset.X.shape == (40, 2)
    assert dataset.feature_names == ("PC1", "PC2")
    assert np.var(dataset.X[:, 0]) >= np.var(dataset.X[:, 1])


def test_markup_in_headers_stays_text():
    text = "<img src=x onerror=alert(1)>,**bold**,y\n" + "1,2,0\n3,4,1\n" * 4
    table = read_table(text.encode())
    dataset, _ = build_dataset(table, list(table.columns[:2]), "y", "classification")
    assert dataset.feature_names == ("<img src=x onerror=alert(1)>", "**bold**")


def test_a_printed_table_with_text_categories_loads_as_it_is():
    """Li Hang Table 5.1 as printed: the ID column only numbers the rows; the text columns become
    categorical features whose level names are kept."""
    table = read_table((DATA_DIR / "li_hang_table_5_1.csv").read_bytes())
    assert row_numbers(table) == ["ID"]
    features = ["年龄", "有工作", "有自己的房子", "信贷情况"]
    data, dropped = build_dataset(table, features, "类别", "classification", n_features=None,
                                  categorical=True)
    assert dropped == 0 and data.X.shape == (15, 4)
    assert data.categories[0] == ("青年", "中年", "老年") and data.categories[3] == ("一般", "好", "非常好")
    np.testing.assert_array_equal(data.X[:3, 3], [0, 1, 1])  # 一般, 好, 好
    assert set(data.y) == {"是", "否"}
    with pytest.raises(CsvError):  # without categorical=True text is not a feature
        build_dataset(table, features, "类别", "classification", n_features=None)


def test_a_text_column_of_thousands_of_names_is_refused():
    text = "name,size,label\n" + "\n".join(f"person {i},{i % 5},{'ab'[i % 2]}" for i in range(3000))
    table = read_table(text.encode())
    with pytest.raises(CsvError) as err:
        build_dataset(table, ["name", "size"], "label", "classification", n_features=None, categorical=True)
    assert err.value.key == "csv.too_many_levels"
    assert err.value.values == {"name": "name", "found": 3000, "max": 50}
    mixed = build_dataset(table, ["size"], "label", "classification", n_features=None, categorical=True)[0]
    assert mixed.categories is None and mixed.X.shape == (3000, 1)
