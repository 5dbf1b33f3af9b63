"""The online-learning page as a user sees it (AppTest): the book's snapshots (Figs 15.5, 15.9), the
mistake bound, AROW and RLS numbers equal to the estimators', the outlier button, bad streams."""

import numpy as np

from algorithms import AROWClassifier
from algorithms import AROWRegressor
from algorithms import OnlinePerceptron
from algorithms import PassiveAggressiveClassifier
from algorithms import PassiveAggressiveRegressor
from algorithms.datasets import load_dataset
from tests.app.apptools import captions
from tests.app.apptools import chart_specs
from tests.app.apptools import formulas
from tests.app.apptools import open_page
from tests.app.apptools import play
from tests.app.apptools import set_label
from tests.app.apptools import widget

PAGE = "online_learning.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def latex(at) -> str:
    return " ".join(formulas(at))


def choose_preset(at, label_start: str):
    preset = widget(at, "onl.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_fig_15_5_preset_shows_the_books_snapshots():
    """Fig 15.5: the boundary after 3, 5, 10 and 200 points (spec run: 0.955, 0.995, 1.0, 1.0)."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 15.5")
    assert at.session_state["onl.view"] == "pa" and at.session_state["onl.C"] == 0.5
    shown = metrics(at)
    snapshots = [shown[f"Accuracy after {k}"] for k in (3, 5, 10, 200)]
    assert snapshots == ["95.5 %", "99.5 %", "100.0 %", "100.0 %"]
    data = load_dataset("pa_stream", 200, None, 0)
    model = PassiveAggressiveClassifier(0.5, "PA-II", fit_intercept=True).fit(data.X, data.y)
    assert shown["Mistakes"] == str(model.n_mistakes_)
    assert "Erratum" in captions(at)
    main = chart_specs(play(at))[0]
    assert len(main["frames"]) == 200  # one animation frame per point of the stream
    panels = chart_specs(at)[1]       # Fig 15.5's four snapshots
    titles = [a["text"] for a in panels["layout"]["annotations"]]
    assert titles == [f"after {k} points" for k in (3, 5, 10, 200)]
    assert any(tr.get("name") == "PA-II" for tr in main["data"])


def test_fig_15_9_preset_pa_is_dragged_by_the_outliers_arow_is_not():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 15.9")
    shown = metrics(at)
    data = load_dataset("arow_outliers", 50, None, 0)
    clean = ~data.extra["planted_outlier"]
    pa = PassiveAggressiveClassifier(0.5, "PA-II", fit_intercept=True).fit(data.X, data.y)
    arow = AROWClassifier(1.0, fit_intercept=True).fit(data.X, data.y)
    pa_clean = np.mean(pa.predict(data.X)[clean] == data.y[clean])
    assert shown["PA-II: accuracy on clean points"] == f"{100 * pa_clean:.1f} %"
    assert shown["PA-II: accuracy on clean points"] == "85.4 %"
    assert shown["AROW: accuracy on clean points"] == "100.0 %"
    assert shown["AROW: mistakes"] == str(arow.n_mistakes_)
    names = {tr.get("name") for tr in chart_specs(at)[0]["data"]}
    assert {"PA-II", "AROW", "the book's outlier"} <= names


def test_fig_15_10_preset_arow_numbers_and_weight_ellipse():
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 15.8")
    data = load_dataset("arow_outliers", 50, None, 0)
    model = AROWClassifier(1.0, fit_intercept=True).fit(data.X, data.y)
    shown = metrics(at)
    assert shown["Mistakes"] == str(model.n_mistakes_)
    assert shown["tr Σ"] == f"{np.trace(model.cov_):.4g}"
    main = chart_specs(at)[0]
    assert "xaxis2" in main["layout"]
    assert any(tr.get("name") == "1-σ ellipse of Σ (w₁, w₂)" for tr in main["data"])


def test_novikoff_preset_mistakes_within_the_bound():
    at = choose_preset(open_page(PAGE), "CS229 Ch. 6")
    data = load_dataset("pa_stream", 200, None, 0)
    model = OnlinePerceptron(fit_intercept=True).fit(data.X, data.y)
    shown = metrics(at)
    assert shown["Mistakes"] == str(model.n_mistakes_)
    assert model.n_mistakes_ <= float(shown["Bound (D/γ)²"])
    names = {tr.get("name") for tr in chart_specs(at)[1]["data"]}
    assert "bound (D/γ)²" in names


def test_rls_preset_equals_the_estimators():
    at = choose_preset(open_page(PAGE), "Sugiyama §15.1.3")
    data = load_dataset("line_outlier", 50, 0.2, 0)
    order = np.random.default_rng(0).permutation(50)
    X, y = data.X[order], data.y[order]
    pa = PassiveAggressiveRegressor(0.5, 0.0, "PA-II", fit_intercept=True).fit(X, y)
    rls = AROWRegressor(1.0, fit_intercept=True).fit(X, y)
    shown = metrics(at)
    assert shown["PA (PA-II): Σ squared error"] == f"{pa.squared_errors(y).sum():.4g}"
    assert shown["AROW = RLS: Σ squared error"] == f"{rls.squared_errors(y).sum():.4g}"


def test_the_outlier_button_flips_two_labels():
    at = open_page(PAGE, {"onl.view": "compare"})
    at.button(key="onl.inject").click().run()
    assert not at.exception
    assert at.session_state["onl.outliers"] == 2
    names = [tr.get("name") for tr in chart_specs(at)[0]["data"]]
    assert "injected outlier (label flipped)" in names


def test_three_classes_give_a_message_not_a_traceback():
    at = open_page(PAGE, {"onl.view": "pa", "onl.data": "blobs3"})
    assert not at.exception
    assert any("two classes" in e.value for e in at.error)


def test_chinese_page_renders():
    at = open_page(PAGE, {"onl.view": "arow"}, lang="zh")
    assert not at.exception
    assert "错误次数" in metrics(at)


def test_a_long_stream_is_an_even_sample_said_on_screen():
    """n = 20 000: the stream is an even sample of STREAM_LIMIT points (the learner sees exactly
    those), the info message says so; at the default n no message."""
    from views.online_learning._stream import STREAM_LIMIT

    at = open_page(PAGE, {"onl.view": "perceptron", "onl.n": "20000"})
    assert not at.exception
    info = [e.value for e in at.info if "samples" in e.value]
    assert info == [f"This view fits on {STREAM_LIMIT:,} of the 20,000 samples, an even random sample, "
                    "so that it answers within a second."]
    assert metrics(at)["Points seen"] == str(STREAM_LIMIT)
    at = open_page(PAGE, {"onl.view": "perceptron"})
    assert not [e for e in at.info if "samples" in e.value] and metrics(at)["Points seen"] == "200"
