"""The clustering page as a user sees it (AppTest): book presets, URL state, clicks, language, own data."""

import numpy as np
import pytest

from algorithms import MinkowskiKMeans
from algorithms import elbow_curve
from algorithms import nearest_center
from algorithms.datasets import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import charts
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formula_sources
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import sample_message
from tests.app.apptools import set_label
from tests.app.apptools import widget
from tests.app.apptools import zero_in_symbols
from ui.charts import DISPLAY_MARKERS
from ui.explain import fmt
from ui.figures import grid_points
from views.clustering._common import SYMBOL_CODES
from views.clustering._common import cluster_symbol
from views.clustering._common import step_regions
from views.clustering.choose import ELBOW_LIMIT
from views.clustering.dbscan import FIT_LIMIT as DBSCAN_LIMIT
from views.clustering.kmeans import restarts_range

PAGE = "clustering.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "clu.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def trace(at, chart_key_part: str, name: str) -> dict:
    """The trace called ``name`` in the first chart whose traces include it."""
    for spec in chart_specs(at):
        for tr in spec.get("data", []):
            if tr.get("name") == name:
                return tr
    raise AssertionError(f"no trace {name!r}")


def xy(tr) -> np.ndarray:
    x, y = next(decoded_arrays(tr["x"])), next(decoded_arrays(tr["y"]))
    return np.column_stack([x, y])


def texts(at) -> str:
    return " ".join(
        str(e.value)
        for kind in ("markdown", "caption", "info", "warning", "error", "latex")
        for e in getattr(at, kind)
    ) + " ".join(formulas(at) + formula_sources(at))


def test_defaults_show_kmeans_on_the_three_blobs():
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert float(shown["Objective J"]) > 0
    assert float(shown["ARI vs the true groups"]) > 0.9
    assert at.session_state["clu.view"] == "kmeans" and at.session_state["clu.k"] == 3


def test_fig14_2_preset_finds_the_books_three_centres():
    """Sugiyama §14.1 demo: 100 points each around (−2, 0), (0, 4), (2, 0); c = 3, random start."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 14.2")
    assert at.session_state["clu.init"] == "random" and at.session_state["clu.restarts"] == 1
    centres = xy(trace(at, "km", "Centres μ"))
    book = np.array([[-2.0, 0.0], [0.0, 4.0], [2.0, 0.0]])
    nearest = np.linalg.norm(centres[:, None, :] - book[None], axis=2).min(0)
    assert np.all(nearest < 0.35), centres
    J = [s for s in chart_specs(at) if any(tr.get("name") == "Objective J" for tr in s["data"])][0]
    values = next(decoded_arrays(J["data"][0]["y"]))
    assert np.all(np.diff(values) <= 1e-9)  # J never increases


def test_restarts_preset_compares_ten_runs():
    at = choose_preset(open_page(PAGE), "CS229 Ch. 7a")
    shown = metrics(at)
    assert float(shown["Best J of all runs"]) <= float(shown["Worst J of all runs"])
    bars = next(s for s in chart_specs(at) if s["data"][0].get("type") == "bar")
    assert len(next(decoded_arrays(bars["data"][0]["y"]))) == 10


def test_restart_bars_start_at_zero_unless_the_runs_differ_by_over_a_percent():
    assert restarts_range(np.array([38364.605, 38364.607, 38364.605])) == (0.0, 38364.607 * 1.05)
    assert restarts_range(np.zeros(3)) == (0.0, 1.0)
    lo, hi = restarts_range(np.array([300.0, 320.0, 350.0]))
    assert lo == 300.0 - 15.0 and hi == 350.0 + 7.5  # distinct local minima: the axis zooms in


def test_fig14_5_preset_separates_the_spirals_through_two_components():
    """Sugiyama Figs 14.5–14.6: n = 500, c = 2, k = 10; the kNN graph has 2 components, the 1-D
    embedding takes just two values and the clusters are the spirals."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 14.5")
    shown = metrics(at)
    assert shown["Connected components"] == "2"
    assert float(shown["Smallest non-trivial eigenvalue λ₂"]) < 1e-8
    assert shown["ARI vs the true groups"] == "1.000"
    assert "2 distinct points" in texts(at)
    assert any("2 connected components" in i.value for i in at.info)


def test_fig14_8_preset_shows_smi_against_k():
    """Sugiyama §14.4: SMI of the true spiral labels ≈ 0.4987 (public run of the listing; numpy 0.4984);
    Fig 14.8's curve peaks at k = 10."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 14.8")
    shown = metrics(at)
    assert abs(float(shown["SMI of the true groups"]) - 0.4987) < 0.002
    curve = trace(at, "smi", "SMI estimate of the spectral labels")
    ks, smi = next(decoded_arrays(curve["x"])), next(decoded_arrays(curve["y"]))
    assert smi[list(ks).index(10)] >= smi.max() - 1e-4
    assert "10" in shown["k with the largest SMI"].split(", ")
    assert float(shown["Largest SMI"]) == pytest.approx(smi.max(), abs=1e-4)


def test_kernel_kmeans_preset_shows_dependence_on_the_start():
    at = choose_preset(open_page(PAGE), "Sugiyama §14.2")
    low, high = (float(v) for v in metrics(at)["J over the six starts"].split(" – "))
    assert low < high


@pytest.mark.parametrize("lang, words", [("en", "Nyström approximation on"), ("zh", "已启用 Nyström 近似")])
def test_kernel_kmeans_says_when_the_kernel_is_approximated(lang, words):
    query = {"clu.view": "kernel", "clu.data": "spectral_spirals", "clu.k": "2"}
    at = open_page(PAGE, query={**query, "clu.n": "4000"}, lang=lang)
    assert not at.exception
    note = next(e.value for e in at.info if words in e.value)
    assert "300" in note and "4000" in note
    exact = open_page(PAGE, query={**query, "clu.n": "500"}, lang=lang)
    assert not exact.exception and "Nyström" not in texts(exact)


def test_dbscan_preset_finds_the_two_spirals():
    at = choose_preset(open_page(PAGE), "Notes on Zhou §3.1")
    shown = metrics(at)
    assert shown["Clusters found"] == "2"
    assert float(shown["ARI vs the true groups"]) > 0.99


def test_url_state_seeds_the_widgets():
    at = open_page(
        PAGE, query={"clu.view": "dbscan", "clu.eps": "1.5", "clu.min_pts": "7", "clu.data": "gmm_blobs"}
    )
    assert not at.exception
    assert at.session_state["clu.view"] == "dbscan"
    assert at.session_state["clu.eps"] == 1.5 and at.session_state["clu.min_pts"] == 7
    assert at.session_state["clu.data"] == "gmm_blobs"


def test_clicked_centres_come_from_the_url():
    at = open_page(PAGE, query={"clu.init": "click", "clu.centres": "-2,0;0,4;2,0"})
    assert not at.exception
    assert at.session_state["clu.centres"] == [(-2.0, 0.0), (0.0, 4.0), (2.0, 0.0)]
    assert r"\mu^{(0)}_{1} = (-2,\ 0)" in texts(at)
    assert float(metrics(at)["ARI vs the true groups"]) > 0.9


def test_click_mode_without_centres_asks_for_clicks():
    at = open_page(PAGE, query={"clu.init": "click"})
    assert not at.exception
    assert any("Click on the chart" in i.value for i in at.info)
    assert chart_specs(at)


def test_invalid_url_values_are_ignored():
    at = open_page(PAGE, query={"clu.view": "nonsense", "clu.init": "<b>", "clu.centres": "a,b;c"})
    assert not at.exception
    assert at.session_state["clu.view"] == "kmeans" and at.session_state["clu.init"] == "random"


def test_too_many_clusters_is_explained_not_raised():
    at = open_page(PAGE, query={"clu.n": "9", "clu.k": "10"})
    assert not at.exception
    assert any("Cannot make 10 clusters from only 9 points" in e.value for e in at.error)
    at = open_page(PAGE, query={"clu.view": "spectral", "clu.k": "1"})
    assert not at.exception and at.warning
    at = open_page(PAGE, query={"clu.view": "dbscan", "clu.eps": "0.01"})
    assert not at.exception
    assert any("every point is noise" in i.value for i in at.info)


def test_more_components_than_clusters_warns():
    at = open_page(
        PAGE, query={"clu.view": "spectral", "clu.data": "spectral_spirals", "clu.k": "2", "clu.knn": "3"}
    )
    assert not at.exception
    assert any("more components than clusters" in w.value for w in at.warning)


def test_chinese_labels():
    at = open_page(PAGE, lang="zh")
    assert at.title[0].value.startswith("聚类")
    assert "目标函数 J" in metrics(at)


CSV = "长度,宽度,品种\n" + "\n".join(
    f"{x:.3f},{y:.3f},{label}"
    for x, y, label in zip(
        np.r_[np.linspace(0, 1, 10), np.linspace(5, 6, 10), np.linspace(0, 1, 10)],
        np.r_[np.linspace(0, 1, 10), np.linspace(5, 6, 10), np.linspace(8, 9, 10)],
        ["setosa"] * 10 + ["virginica"] * 10 + ["versicolor"] * 10,
        strict=True,
    )
)


@pytest.mark.parametrize("view", ["kmeans", "kernel", "spectral", "choose", "dbscan", "distance"])
def test_own_csv_with_text_labels(view):
    at = open_page(PAGE, query={"clu.data": "csv", "clu.view": view})
    at.file_uploader(key="clu.csv_file").upload("花.csv", CSV.encode("utf-8"), "text/csv")
    at.run()
    assert not at.exception and not at.error
    if view == "kmeans":
        assert metrics(at)["ARI vs the true groups"] == "1.000"


@pytest.mark.parametrize(
    "query",
    [
        {"clu.view": "dbscan", "clu.eps": "10.0", "clu.min_pts": "1"},
        {"clu.view": "dbscan", "clu.eps": "0.01", "clu.min_pts": "30", "clu.data": "pca_gauss"},
        {"clu.view": "kernel", "clu.h": "0.01", "clu.k": "10"},
        {"clu.view": "kernel", "clu.data": "kmeans3", "clu.n": "3000"},
        {"clu.view": "spectral", "clu.knn": "50", "clu.k": "10", "clu.data": "arc"},
        {"clu.view": "choose", "clu.k": "10", "clu.data": "pca_gauss"},
        {"clu.init": "box", "clu.k": "10", "clu.restarts": "20"},
        {"clu.init": "plusplus", "clu.data": "lof_demo"},
        {"clu.view": "distance", "clu.p": "p05", "clu.w1": "0.1", "clu.k": "10", "clu.n": "3000"},
        {"clu.view": "distance", "clu.p": "pmax", "clu.center": "median", "clu.data": "lof_demo"},
    ],
)
def test_extreme_settings_show_no_exception(query):
    at = open_page(PAGE, query=query)
    assert not at.exception
    assert chart_specs(at)


# ---- distances (seed 003 §3.2) ------------------------------------------------------------------


def test_minkowski_view_with_p_2_is_the_kmeans_view():
    """(3): with p = 2, w = 1 and means the distance view's k-means is the k-means view's (same start)."""
    start = {"clu.k": "3", "clu.init_seed": "4", "clu.data": "gmm_blobs"}
    euclid = metrics(open_page(PAGE, query={**start, "clu.init": "random", "clu.restarts": "1"}))
    at = open_page(PAGE, query={**start, "clu.view": "distance"})
    shown = metrics(at)
    assert shown["Objective E"] == euclid["Objective J"] and shown["Iterations"] == euclid["Iterations"]
    assert shown["ARI vs Euclidean k-means"] == "1.000" and not at.warning
    assert shown["d(a, c)"] == "1.414" and shown["d(a, b) + d(b, c)"] == "2"  # √2 ≤ 1 + 1


def test_minkowski_preset_shows_the_triangle_inequality_failing():
    """p = 0.5: d((0, 0), (1, 1)) = (1 + 1)² = 4 > d(a, b) + d(b, c) = 2; the mean is not optimal."""
    at = choose_preset(open_page(PAGE), "Notes on Zhou §3.2: p = 0.5")
    shown = metrics(at)
    assert at.session_state["clu.view"] == "distance" and at.session_state["clu.p"] == "p05"
    assert shown["d(a, c)"] == "4" and shown["d(a, b) + d(b, c)"] == "2"
    assert "triangle inequality fails" in texts(at) and at.warning
    ball = trace(at, "balls", "chosen: p = 0.5, w₁ = 1")
    assert np.abs(xy(ball)).max() == pytest.approx(1.0)


def test_weighted_chebyshev_ball_is_a_rectangle_hit_at_one():
    """p = ∞ with w₁ = 4: the limit ignores positive weights, the ball is the square max(|x₁|, |x₂|) = 1."""
    at = open_page(PAGE, query={"clu.view": "distance", "clu.p": "pmax", "clu.w1": "4"})
    ball = xy(trace(at, "balls", "chosen: p = ∞, w₁ = 4"))
    np.testing.assert_allclose(np.abs(ball).max(1), 1.0)
    assert metrics(at)["d(a, c)"] == "1"


def test_vdm_preset_reproduces_the_hand_computed_values():
    """Table 5.1, has job (yes: 5 of 5 approved, no: 4 of 10): VDM_1(no, yes) = 0.6 + 0.6 = 1.2.

    Rows 1 and 3 also differ in credit (fair: 1 of 5, good: 4 of 6): MinkovDM_1 = 1.2 + 2 · (4/5 − 2/6)
    = 2.133.
    """
    at = choose_preset(open_page(PAGE), "Notes on Zhou §3.2: VDM")
    shown = metrics(at)
    assert shown["VDM_1(value of i, value of j)"] == "1.2" and shown["MinkovDM_1(x_i, x_j)"] == "2.133"
    terms = r"\left|\tfrac{6}{10} - \tfrac{0}{5}\right| + \left|\tfrac{4}{10} - \tfrac{5}{5}\right|"
    assert terms in texts(at)


def test_vdm_with_p_2_and_ordered_age():
    """p = 2: VDM_2 = 0.72; rows 1 and 6 differ only in age (0 → 1 when ordered): MinkovDM_2 = 1."""
    at = open_page(PAGE, query={"clu.view": "vdm", "clu.vdm_p": "2", "clu.row_i": "1", "clu.row_j": "3"})
    shown = metrics(at)
    assert shown["VDM_2(value of i, value of j)"] == "0.72"
    assert shown["MinkovDM_2(x_i, x_j)"] == "1.075"  # √(0.72 + 2 · (4/5 − 2/6)²)
    query = {"clu.view": "vdm", "clu.vdm_p": "2", "clu.row_j": "6", "clu.age_ordered": "true"}
    shown = metrics(open_page(PAGE, query={**query, "clu.attr": "age"}))
    assert shown["MinkovDM_2(x_i, x_j)"] == "1" and shown["VDM_2(value of i, value of j)"] == "0.08"


def test_vdm_in_chinese_names_the_table_in_chinese():
    at = open_page(PAGE, query={"clu.view": "vdm"}, lang="zh")
    assert not at.exception
    table = at.dataframe[0].value
    assert "有工作" in table.columns and "青年" in set(table.iloc[:, 0])
    assert metrics(at)["VDM_1(i 的取值, j 的取值)"] == "1.2"


def test_dbscan_at_20000_points_fits_on_the_sample_said_on_screen():
    at = open_page(PAGE, query={"clu.view": "dbscan", "clu.n": "20000"})
    assert not at.exception
    assert f"{DBSCAN_LIMIT:,} of the 20,000 samples" in sample_message(at)
    kinds = ("Core points", "Border points", "Noise points")
    assert sum(int(m.value) for m in at.metric if m.label in kinds) == DBSCAN_LIMIT
    assert not sample_message(open_page(PAGE, query={"clu.view": "dbscan"}))


def test_elbow_at_20000_points_runs_on_the_sample_said_on_screen():
    at = open_page(PAGE, query={"clu.view": "choose", "clu.n": "20000"})
    assert not at.exception
    assert f"{ELBOW_LIMIT:,} of the 20,000 samples" in sample_message(at)
    X = load_dataset("kmeans3", 20000, 1.0, 0).X
    idx = np.sort(np.random.default_rng(20000).choice(20000, ELBOW_LIMIT, replace=False))
    J = elbow_curve(X[idx], [3], n_init=5, random_state=0)[0]
    assert next(m.value for m in at.metric if m.label == "k-means J at c = 3") == fmt(J)
    assert not sample_message(open_page(PAGE, query={"clu.view": "choose"}))


def decode(node) -> np.ndarray:
    return next(decoded_arrays(node))


def test_kmeans_at_20000_points_draws_one_sample_in_every_frame_and_says_so():
    at = open_page(PAGE, query={"clu.view": "kmeans", "clu.n": "20000"})
    assert not at.exception
    spec = charts(play(at))["clu.km.chart"]
    points = next(tr for tr in spec["data"] if tr.get("name") == "Data")
    drawn = decode(points["customdata"])
    assert 0 < len(drawn) <= DISPLAY_MARKERS and np.all(np.diff(drawn) > 0)
    X = load_dataset("kmeans3", 20000, 1.0, 0).X
    np.testing.assert_array_equal(decode(points["x"]), X[drawn, 0])  # where it is: clicks map to it
    for frame in spec["frames"]:  # the same points in every frame: only their cluster codes change
        moving = frame["data"][frame["traces"].index(spec["data"].index(points))]
        codes = decode(moving["marker"]["color"])
        assert len(codes) == len(drawn)
        # each point has its cluster's symbol, the circle as the string "0" (SYMBOL_CODES)
        symbols = [SYMBOL_CODES[cluster_symbol(int(c))] for c in codes]
        assert moving["marker"]["symbol"] == symbols and not zero_in_symbols(moving)
        rings = [a for tr in frame["data"] for a in decoded_arrays(tr.get("customdata", []))]
        assert not rings or set(np.concatenate(rings)) <= set(drawn)
    assert any(f"Drawn: {len(drawn):,} of 20,000 points" in c.value for c in at.caption)


def test_kernel_gallery_caption_counts_the_points_of_one_panel():
    at = open_page(PAGE, query={"clu.view": "kernel", "clu.n": "20000"})
    assert not at.exception
    assert any("in each of the 6 panels: 833 of its 5,000 points" in c.value for c in at.caption)
    assert not any("of 30,000" in c.value for c in at.caption)


def test_step_regions_are_each_steps_nearest_centre_map():
    X = load_dataset("kmeans3", 300, 1.0, 0).X
    for p, w in ((2.0, None), (1.0, np.array([2.0, 1.0]))):
        model = MinkowskiKMeans(3, p, w, init="random", random_state=0).fit(X)
        centres = np.array([s.centers for s in model.history_])
        regions = step_regions(centres, (-5.0, 5.0), (-4.0, 6.0), 30, p, w)
        _, _, grid = grid_points((-5.0, 5.0), (-4.0, 6.0), 30)
        assert regions.shape == (len(centres), 30, 30) and regions.dtype == np.uint8
        for s, c in enumerate(centres):
            np.testing.assert_array_equal(regions[s].ravel(), nearest_center(grid, c, p, w))
