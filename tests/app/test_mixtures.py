"""The Gaussian-mixture page as a user sees it (AppTest): EM steps, formulas, presets, URL, language."""

import json
import re

import numpy as np
import pytest

from algorithms import em_lower_bound_path
from algorithms import two_gaussians_1d
from tests.app.apptools import chart_specs
from tests.app.apptools import charts
from tests.app.apptools import decoded_arrays
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.explain import number
from views.mixtures._plot import DRAWN_POINTS
from views.mixtures._plot import STEPPED_POINTS

PAGE = "mixtures.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "gmm.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def trace(at, name: str) -> dict:
    for spec in chart_specs(at):
        for tr in spec.get("data", []):
            if tr.get("name") == name:
                return tr
    raise AssertionError(f"no trace {name!r}")


def latex(at) -> str:
    return " ".join(formulas(at))


def test_defaults_fit_the_three_anisotropic_blobs():
    at = open_page(PAGE)
    assert not at.exception
    shown = metrics(at)
    assert float(shown["ARI vs the true groups"]) > 0.95
    assert float(shown["Smallest rise of ℓ"]) >= 0


def test_log_likelihood_never_decreases_and_the_bound_stays_below():
    """CS229 Part IX §2: ℓ(θ^(t+1)) ≥ J(Q^(t), θ^(t+1)) ≥ ℓ(θ^(t))."""
    at = open_page(PAGE, query={"gmm.cov": "diag", "gmm.k": "4"})
    ll = next(decoded_arrays(trace(at, "ℓ of soft EM")["y"]))
    bound = next(decoded_arrays(trace(at, "Lower bound J(Q, θ)")["y"]))
    assert np.all(np.diff(ll) >= -1e-7)
    assert np.all(bound <= ll + 1e-7)
    assert np.allclose(bound[::2], ll[::2])  # after every E-step the bound touches ℓ


def test_e_and_m_steps_are_separate_steps():
    at = open_page(PAGE)
    n_steps = widget(at, "gmm.em.step").max + 1
    assert n_steps == 2 * int(metrics(at)["Iterations"]) + 1
    widget(at, "gmm.em.step").set_value(1).run()
    assert any("M-step 1" in m.value for m in at.markdown)
    widget(at, "gmm.em.step").set_value(2).run()
    assert any("E-step 1" in m.value for m in at.markdown)


def test_animation_frames_are_sent_once_when_play_asks_for_them():
    """ui.charts sends a stepper's figure with its 40 frames' digest only; ▶ asks for the frames and the
    rerun sends them; a step sends their digest only (the browser's chart keeps them); a new fit sends
    its new digest and waits for ▶ again."""
    at = open_page(PAGE)

    def sent():
        node = next(n for n in at._tree if n.type == "bidi_component" and n.key == "gmm.em.chart")
        data = json.loads(node.proto.bytes)
        return data["frames"] is not None, data["frames_digest"], len(node.proto.bytes)

    with_frames, digest, first = sent()
    assert not with_frames and digest
    assert "frames" not in charts(at)["gmm.em.chart"]
    play(at)
    with_frames, played_digest, played = sent()
    assert with_frames and played_digest == digest and played > 3 * first
    frames = charts(at)["gmm.em.chart"]["frames"]
    assert len(frames) > 30
    widget(at, "gmm.em.step").set_value(1).run()
    assert sent()[:2] == (False, digest)
    assert charts(at)["gmm.em.chart"]["frames"] == frames  # as the browser holds them
    widget(at, "gmm.k").set_value(4).run()
    with_frames, new_digest, _ = sent()
    assert not with_frames and new_digest != digest
    play(at)
    assert sent()[:2] == (True, new_digest)
    assert charts(at)["gmm.em.chart"]["frames"] != frames


def test_points_come_one_trace_per_component_each_point_once():
    """One trace of points per component, each with its one marker symbol (a browser draws that about
    three times as fast as a symbol per point); every point in exactly one of them, at the current
    step and in every animation frame, with its index for clicks."""
    at = open_page(PAGE, query={"gmm.k": "4"})
    spec = charts(play(at))["gmm.em.chart"]
    n = widget(at, "gmm.point").max + 1
    points = [i for i, tr in enumerate(spec["data"]) if tr.get("name") == "Data (colour = γ)"]
    assert len(points) == 4
    assert len({spec["data"][i]["marker"]["symbol"] for i in points}) == 4
    for data in [spec["data"], *(frame["data"] for frame in spec["frames"])]:
        offset = 0 if data is spec["data"] else points[0]  # a frame lists the changing traces only
        index = [a for i in points for a in decoded_arrays(data[i - offset]["customdata"])]
        np.testing.assert_array_equal(np.sort(np.concatenate(index)), np.arange(n))


def test_formulas_show_the_selected_points_responsibilities():
    at = open_page(PAGE, query={"gmm.point": "5"})
    text = latex(at)
    assert "x_{6} = (" in text and r"\gamma_{6,1}" in text
    found = re.findall(
        r"\\gamma_\{6,\d\} = \\frac\{.*?\}\{.*?\}\} = ([-0-9.]+)(?:\\times10\^\{(-?\d+)\})?", text
    )
    values = [float(m) * 10 ** int(e or 0) for m, e in found]
    assert len(values) == 3
    assert sum(values) == pytest.approx(1.0, abs=2e-3)


@pytest.mark.parametrize("cov", ["full", "diag", "spherical", "tied"])
def test_every_covariance_type_and_start(cov):
    for init in ("random", "kmeans"):
        at = open_page(PAGE, query={"gmm.cov": cov, "gmm.init": init})
        assert not at.exception and not at.error
        assert float(metrics(at)["Smallest rise of ℓ"]) >= 0


def test_collapse_preset_warns():
    at = choose_preset(open_page(PAGE), "CS229 Ch. 7b pitfall")
    assert at.session_state["gmm.n"] == 12
    assert any("collapsed" in w.value for w in at.warning)
    assert not at.exception


def test_hard_em_preset_is_kmeans_beside_soft_em():
    at = choose_preset(open_page(PAGE), "CS229 Ch. 7b: soft EM")
    shown = metrics(at)
    assert shown["Drops of its bound"] == "0"  # hard EM ascends its own bound
    assert float(shown["ℓ of soft EM"]) > float(shown["ℓ of hard EM"])
    assert float(shown["ARI soft vs hard"]) < 0.9  # k-means splits the long component


def test_restricted_covariances_preset_prefers_full_on_anisotropic_blobs():
    at = choose_preset(open_page(PAGE), "CS229 Part X §1")
    shown = metrics(at)
    assert shown["Lowest BIC"] == "Full"
    assert r"p_{\text{full}} = (k-1) + kd + k\tfrac{d(d+1)}{2} = 17" in latex(at)


def test_cs229_preset():
    at = choose_preset(open_page(PAGE), "CS229 Ch. 7b: EM for a mixture")
    assert at.session_state["gmm.k"] == 3 and at.session_state["gmm.cov"] == "full"
    assert float(metrics(at)["ARI vs the true groups"]) > 0.95


def test_url_state_and_invalid_values():
    at = open_page(PAGE, query={"gmm.view": "types", "gmm.k": "2", "gmm.init": "kmeans"})
    assert not at.exception
    assert at.session_state["gmm.view"] == "types" and at.session_state["gmm.k"] == 2
    at = open_page(PAGE, query={"gmm.view": "<x>", "gmm.cov": "banana", "gmm.point": "-4"})
    assert not at.exception
    assert at.session_state["gmm.view"] == "em" and at.session_state["gmm.cov"] == "full"


def test_covariance_panels_draw_points_without_outline_and_means_as_crosses():
    at = open_page(PAGE, query={"gmm.view": "types", "gmm.k": "3"})
    (spec,) = chart_specs(at)
    markers = [tr for tr in spec["data"] if tr["mode"] == "markers"]
    points = [tr for tr in markers if tr["marker"]["symbol"] != "x-thin"]
    means = [tr for tr in markers if tr["marker"]["symbol"] == "x-thin"]
    assert len(points) == 4 * 3 and len(means) == 4
    assert all(tr["marker"]["line"] == {"width": 0} for tr in points)
    assert all(tr["mode"] == "markers" and tr["marker"]["line"]["width"] == 3 for tr in means)


def test_too_many_components_is_explained():
    at = open_page(PAGE, query={"gmm.data": "kmeans3", "gmm.n": "9", "gmm.k": "8", "gmm.view": "hard"})
    assert not at.exception
    at = open_page(PAGE, query={"gmm.data": "gmm_blobs", "gmm.n": "15", "gmm.k": "8"})
    assert not at.exception


def test_chinese_labels():
    at = open_page(PAGE, lang="zh")
    assert at.title[0].value == "用 EM 拟合高斯混合模型"
    assert "对数似然 ℓ" in metrics(at)


def upload(at, text: str):
    at.file_uploader(key="gmm.csv_file").upload("data.csv", text.encode(), "text/csv")
    return at.run()


def test_identical_points_get_a_message():
    at = upload(open_page(PAGE, query={"gmm.data": "csv"}), "a,b,c\n" + "1,2,x\n" * 8)
    assert not at.exception
    assert any("identical" in e.value for e in at.error)


@pytest.mark.parametrize("view", ["em", "hard", "types"])
def test_own_csv(view):
    rng = np.random.default_rng(0)
    rows = [f"{x:.3f},{y:.3f},{'ab'[i % 2]}" for i, (x, y) in enumerate(rng.normal(size=(40, 2)) * [1, 3])]
    at = upload(open_page(PAGE, query={"gmm.data": "csv", "gmm.view": view}), "p,q,group\n" + "\n".join(rows))
    assert not at.exception and not at.error


def test_jensen_preset_shows_the_notes_convex_picture():
    """CS229 Part IX §1 with f = x², X = 1 or 3 with probability ½: f(E[X]) = 4 ≤ E[f(X)] = 5."""
    at = choose_preset(open_page(PAGE), "CS229 Part IX §1")
    assert metrics(at) == {"f(E[X])": "4", "E[f(X)]": "5"}


def test_em_bound_preset_climbs_to_the_left_component():
    """CS229 Part IX §2: from μ₁⁽⁰⁾ = 4 the M-steps follow em_lower_bound_path on the same sample."""
    at = choose_preset(open_page(PAGE), "CS229 Part IX §2")
    x = two_gaussians_1d(60, 4.0, random_state=0)
    path = em_lower_bound_path(x, 4.0, 2.0, n_steps=12)
    shown = latex(at)
    assert f"\\mu_1^{{(1)}} = {number(path.mu[1])}" in shown
    assert f"\\mu_1^{{(12)}} = {number(path.mu[-1])}" in shown and path.mu[-1] < 0
    loglik = next(decoded_arrays(trace(at, "log-likelihood ℓ(μ₁)")["y"]))
    assert np.max(loglik) == pytest.approx(path.loglik.max())


@pytest.mark.parametrize(
    "view,per_chart", [("types", DRAWN_POINTS // 4), ("hard", STEPPED_POINTS), ("em", STEPPED_POINTS)]
)
def test_at_20000_points_each_chart_draws_a_sample_said_once_with_the_true_total(view, per_chart):
    """The view draws an even sample of the points (EM used them all) and says how many of 20 000;
    the chart, left room for the centres, does not sample again (it said '5,000 of 5,012'); a
    stepping chart draws fewer (its frames repeat every point)."""
    at = open_page(PAGE, query={"gmm.view": view, "gmm.n": "20000"})
    assert not at.exception
    drawn = [c.value for c in at.caption if c.value.startswith("Drawn:")]
    assert drawn and all(f"{per_chart:,} of 20,000 points" in text for text in drawn), drawn


def test_the_code_is_written_only_while_its_panel_is_open():
    """ui.explain.code_view: a closed code panel sends no source (it was drawn again on every rerun)."""
    at = open_page(PAGE, {"gmm.view": "em"})
    assert [e.label for e in at.expander if "code" in e.label.lower()] and not at.code
    at.session_state["explain.code"] = True
    at.run()
    assert not at.exception
    assert [c.language for c in at.code] == ["python"]
    assert "class GaussianMixture" in at.code[0].value
    at.session_state["explain.code"] = False
    at.run()
    assert not at.code
