"""The dimensionality-reduction page as a user sees it (AppTest): book presets, URL state, language,
error messages, and editing a data set without labels."""

import numpy as np

from algorithms import PCA
from algorithms.datasets import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import charts
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.charts import DISPLAY_MARKERS
from views.dimensionality_reduction.lpp import FIT_LIMIT as LPP_LIMIT
from views.dimensionality_reduction.manifold import KPCA_LIMIT

PAGE = "dimensionality_reduction.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return " ".join(formulas(at))


def choose_preset(at, label_start: str):
    preset = widget(at, "dr.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_pca_defaults_show_the_books_identities():
    """Sugiyama §13.2: with m = 1 of d = 2 the reconstruction error is tr(C) − λ₁ = λ₂."""
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert shown["Reconstruction error"] == shown["λ2 of C = Σ xxᵀ"]
    X = load_dataset("pca_gauss", 100, None, 0).X
    pca = PCA(2).fit(X)
    assert shown["λ1 of C = Σ xxᵀ"] == f"{pca.eigenvalues_[0]:.4g}"
    assert f"{pca.eigenvalues_[0]:.4g}" in latex(at)
    assert len(chart_specs(at)) == 2


def test_keeping_both_components_leaves_no_error():
    at = open_page(PAGE, query={"dr.m": "2"})
    assert (
        metrics(at)["Reconstruction error"] in ("0", "—") or float(metrics(at)["Reconstruction error"]) < 1e-9
    )
    assert metrics(at)["Variance kept"] == "100.0 %"


def test_fig13_5_and_13_9_presets_pca_keeps_the_variance_lpp_keeps_the_stripes():
    """Sugiyama Figs 13.5 / 13.9 (right): on the two stripes PCA is horizontal, LPP vertical."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 13.5 (right)")
    assert at.session_state["dr.view"] == "pca" and at.session_state["dr.data"] == "pca_stripes"
    at = choose_preset(at, "Sugiyama Fig 13.9 (right)")
    assert at.session_state["dr.view"] == "lpp" and abs(at.session_state["dr.t"] - 2**-0.5) < 1e-12
    shown = metrics(at)
    pca_angle = float(shown["PCA direction"].rstrip("°"))
    lpp_angle = float(shown["LPP direction"].rstrip("°"))
    assert min(pca_angle, 180 - pca_angle) < 10  # horizontal
    assert abs(lpp_angle - 90) < 10  # vertical
    assert float(shown["Class separation, LPP"]) > 10 * float(shown["Class separation, PCA"])
    assert r"2t^2 = 1" in latex(at)  # the listing's exp(−‖x − x′‖²)


def test_lpp_knn_from_the_url_counts_graph_components():
    at = open_page(
        PAGE, query={"dr.view": "lpp", "dr.similarity": "knn", "dr.k": "5", "dr.data": "pca_gauss"}
    )
    assert not at.exception
    assert at.session_state["dr.similarity"] == "knn" and at.session_state["dr.k"] == 5
    assert metrics(at)["Graph components"] == "1"
    assert any(trace.get("name") == "kNN graph" for spec in chart_specs(at) for trace in spec["data"])


def test_swiss_roll_preset_unrolls_with_laplacian_eigenmaps():
    """Sugiyama Figs 13.13–13.14: n = 1000, 10-NN graph; the first coordinate follows the roll."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 13.13")
    assert at.session_state["dr.view"] == "manifold" and at.session_state["dr.3d.n"] == 1000
    shown = metrics(at)
    assert shown["Points n"] == "1000" and shown["Graph components"] == "1"
    assert float(shown["Unrolling |ρ(z₁, colour)|"]) > 0.9
    roll = next(s for s in chart_specs(at) if s["data"][0]["type"] == "scatter3d")
    assert roll["layout"]["scene"]["camera"]["eye"]["y"] < 0  # MATLAB view([15 10]): from −y


def test_kernel_pca_does_not_unroll_and_linear_pca_neither():
    at = open_page(PAGE, query={"dr.view": "manifold", "dr.method": "kpca", "dr.h": "3"})
    assert float(metrics(at)["Unrolling |ρ(z₁, colour)|"]) < 0.5
    assert "HKH" in latex(at)
    at = open_page(PAGE, query={"dr.view": "manifold", "dr.method": "pca"})
    assert float(metrics(at)["Unrolling |ρ(z₁, colour)|"]) < 0.5


def test_a_disconnected_graph_is_a_warning_not_an_error():
    at = open_page(PAGE, query={"dr.view": "manifold", "dr.k_le": "1", "dr.n": "200"})
    assert not at.exception
    assert any("connected components" in w.value for w in at.warning)
    assert int(metrics(at)["Graph components"]) > 1


def test_curse_preset_shows_the_books_numbers():
    """Sugiyama §13 intro / Fig 13.1: 5^10 = 9,765,625 ≈ 10⁷; V₂ ≈ 0.79, V₃ ≈ 0.52."""
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 13.1")
    shown = metrics(at)
    assert shown["Samples 5¹⁰"] == "9,765,625"
    assert shown["Ball volume V₁₀"] == "0.00249"
    text = latex(at)
    assert r"0.7854 \approx 0.79" in text and r"0.5236 \approx 0.52" in text and r"\approx 10^7" in text


def test_factor_analysis_em_never_decreases_the_likelihood():
    at = choose_preset(open_page(PAGE), "CS229 Part X:")
    assert at.session_state["dr.view"] == "fa"
    curve = next(s for s in chart_specs(at) if s["layout"]["title"]["text"].startswith("ℓ never"))
    ll = next(decoded_arrays(curve["data"][0]["y"]))
    assert len(ll) > 10 and np.all(np.diff(ll) >= -1e-9)
    assert metrics(at)["Log-likelihood ℓ"] == f"{ll[-1]:.4g}"
    step = widget(at, "dr.fa.step")
    step.set_value(0).run()
    assert any("Iteration 0" in m.value for m in at.markdown)


def test_ica_preset_recovers_the_three_speakers():
    at = choose_preset(open_page(PAGE), "CS229 Part XII:")
    assert at.session_state["dr.view"] == "ica"
    assert float(metrics(at)["Worst |correlation| with a true source"]) > 0.95
    assert r"\hat W A" in latex(at)


def test_gaussian_sources_warn_that_ica_cannot_work():
    at = open_page(PAGE, query={"dr.view": "ica", "dr.sources": "gaussian", "dr.n_sources": "2"})
    assert not at.exception
    assert any("Gaussian" in w.value for w in at.warning)


def test_chinese_labels():
    at = open_page(PAGE, lang="zh")
    assert not at.exception
    assert at.title[0].value == "降维"
    assert "重构误差" in metrics(at)
    at = open_page(PAGE, query={"lang": "zh", "dr.view": "curse"})
    assert "样本数 5¹⁰" in metrics(at)


def test_the_3d_view_has_its_own_data_panel():
    """2-D and 3-D sets keep separate selections (keys dr.* and dr.3d.*), so each keeps its own n."""
    at = open_page(PAGE, query={"dr.n": "300"})
    assert at.session_state["dr.n"] == 300
    set_label(at, widget(at, "dr.view"), "Kernel PCA & Laplacian eigenmaps")
    at.run()
    assert at.session_state["dr.3d.data"] == "swiss_roll" and at.session_state["dr.3d.n"] == 1000
    set_label(at, widget(at, "dr.view"), "Curse of dimensionality")
    at.run()
    assert not at.exception and not any(w.key.endswith(".data") for w in at.selectbox)
    set_label(at, widget(at, "dr.view"), "PCA")
    at.run()
    assert at.session_state["dr.data"] == "pca_gauss" and at.session_state["dr.n"] == 300


def test_editing_a_data_set_without_labels():
    """pca_gauss has y = None: the data panel's edits keep y = None and add the clicked point."""
    from ui.data_panel import data_signature

    train = load_dataset("pca_gauss", 100, None, 0)
    X = np.vstack([train.X, [[0.0, 5.0]]])
    at = open_page(PAGE)
    at.session_state["dr.edits"] = {"base": data_signature(train), "X": X, "y": None}
    at.run()
    assert not at.exception
    assert r"\sum_{i=1}^{101}" in latex(at)
    assert any(b.label == "Undo all edits" for b in at.button)


def csv_table(n=60, seed=0):
    import pandas as pd

    rng = np.random.default_rng(seed)
    columns = {name: rng.normal(size=n).round(3).astype(str) for name in ("a", "b", "c")}
    return pd.DataFrame({**columns, "label": np.array(["cat", "dog", "bird"])[rng.integers(0, 3, n)]})


def test_own_csv_file_in_every_data_view():
    """An uploaded table (string labels, 3 classes) works in the 2-D views and, with 3 columns, in 3-D."""
    for view, prefix in (("pca", "dr"), ("lpp", "dr"), ("fa", "dr"), ("manifold", "dr.3d")):
        at = open_page(PAGE, query={"dr.view": view, f"{prefix}.data": "csv"})
        at.session_state[f"{prefix}.csv_table"] = csv_table()
        at.session_state[f"{prefix}.csv_name"] = "pets.csv"
        at.run()
        assert not at.exception and not at.error, view
        assert chart_specs(at) and at.metric
    names = {t.get("name") for s in chart_specs(at) for t in s["data"]}
    assert "label = cat" in names or any("cat" in str(n) for n in names)


def test_lpp_at_20000_points_fits_on_the_sample_said_on_screen():
    at = open_page(PAGE, query={"dr.view": "lpp", "dr.n": "20000"})
    assert not at.exception
    message = " ".join(i.value for i in at.info if "samples" in i.value)
    assert f"{LPP_LIMIT:,} of the 20,000 samples" in message
    data = chart_specs(at)[0]["data"]
    shown = sum(len(tr["x"]) if isinstance(tr["x"], list) else len(next(decoded_arrays(tr["x"])))
                for tr in data if tr.get("mode") == "markers")
    assert shown == LPP_LIMIT
    assert not any("samples" in i.value for i in open_page(PAGE, query={"dr.view": "lpp"}).info)


def test_kernel_pca_at_20000_points_fits_on_the_sample_said_on_screen():
    query = {"dr.view": "manifold", "dr.method": "kpca", "dr.3d.n": "20000"}
    at = open_page(PAGE, query=query)
    assert not at.exception
    message = " ".join(i.value for i in at.info if "samples" in i.value)
    assert f"{KPCA_LIMIT:,} of the 20,000 samples" in message
    assert next(m.value for m in at.metric if m.label == "Points n") == str(KPCA_LIMIT)
    at = open_page(PAGE, query={"dr.view": "manifold", "dr.method": "kpca"})
    assert not any("samples" in i.value for i in at.info)
    assert next(m.value for m in at.metric if m.label == "Points n") == "1000"  # the Swiss roll's default n


def test_pca_and_factor_analysis_at_20000_points_draw_a_sample_said_on_screen():
    """Each point is drawn with its projections: the views draw an even sample (so the chart does not
    sample again) and say so; the numbers use every point."""
    X = load_dataset("pca_gauss", 20000, None, 0).X
    at = open_page(PAGE, query={"dr.n": "20000"})
    assert not at.exception
    drawn = DISPLAY_MARKERS // 3
    assert any(f"Drawn: {drawn:,} of 20,000 points" in c.value for c in at.caption)
    markers = [tr for tr in charts(at)["dr.pca_chart"]["data"] if tr.get("mode") == "markers"]
    assert [len(next(decoded_arrays(tr["x"]))) for tr in markers] == [drawn] * 3
    points, projections = markers[-1], markers[1]
    idx = next(decoded_arrays(points["customdata"])).astype(int)  # clicks still name the sample index
    assert len(np.unique(idx)) == drawn and np.array_equal(next(decoded_arrays(points["x"])), X[idx, 0])
    pca = PCA(1).fit(X)
    X_hat = pca.inverse_transform(pca.transform(X[idx]))
    assert np.allclose(next(decoded_arrays(projections["y"])), X_hat[:, 1])
    assert metrics(at)["λ1 of C = Σ xxᵀ"] == f"{PCA(2).fit(X).eigenvalues_[0]:.4g}"

    at = open_page(PAGE, query={"dr.view": "fa", "dr.n": "20000"})
    assert not at.exception
    drawn = DISPLAY_MARKERS // 2
    assert any(f"Drawn: {drawn:,} of 20,000 points" in c.value for c in at.caption)
    spec = charts(play(at))["dr.fa.chart"]
    frames = [frame["data"][3] for frame in spec["frames"]]  # the posterior reconstructions
    markers = [tr for tr in spec["data"] if tr.get("mode") == "markers"] + frames
    assert len(frames) > 10 and {len(next(decoded_arrays(tr["x"]))) for tr in markers} == {drawn}
