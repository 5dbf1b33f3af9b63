"""The semi-supervised page as a user sees it (AppTest): Fig 16.3's accuracies, clicking a label,
the graph of Fig 16.5, and the messages for impossible settings."""

import numpy as np

from algorithms import LapRLS
from algorithms import graph_components
from algorithms import graph_edges
from algorithms.datasets import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import decoded_arrays
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.data_panel import data_signature
from views.semi_supervised import _labels

PAGE = "semi_supervised.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(at, label_start: str):
    preset = widget(at, "ssl.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception, at.exception
    return at


def test_fig_16_3_preset_lap_rls_against_supervised():
    """Spec run (seed 0): LapRLS 1.0 from two labels; the supervised fit on the two labelled points
    (Fig 16.3b, a straight boundary halfway between them) gets 65.5 %."""
    at = choose_preset(open_page(PAGE), "Sugiyama Figs 16.3")
    shown = metrics(at)
    assert shown["Accuracy, LapRLS"] == "100.0 %"
    data = load_dataset("laprls_moons", 200, 1.0, 0)
    labelled = data.extra["labelled"]
    supervised = LapRLS(1.0, 0.0, 1.0).fit(data.X[labelled], data.y[labelled].astype(float))
    assert shown["Accuracy, ν = 0"] == f"{100 * supervised.score(data.X, data.y):.1f} %" == "65.5 %"
    assert shown["Labelled"] == "2 / 200"
    specs = chart_specs(at)
    assert len(specs) >= 2 and specs[0]["layout"]["title"]["text"] == "LapRLS, ν = 10"


def test_exact_preset_matches_the_estimator():
    at = choose_preset(open_page(PAGE), "Sugiyama §16.2")
    data = load_dataset("laprls_moons", 200, 1.0, 0)
    y = np.where(data.extra["labelled"], data.y, 0).astype(float)
    model = LapRLS(1.0, 10.0, 1.0, variant="exact").fit(data.X, y)
    assert metrics(at)["Accuracy, LapRLS"] == f"{100 * model.score(data.X, data.y):.1f} %"


def test_graph_preset_counts_edges_and_components():
    at = choose_preset(open_page(PAGE), "Sugiyama Fig 16.5")
    data = load_dataset("laprls_moons", 200, 1.0, 0)
    y = np.where(data.extra["labelled"], data.y, 0).astype(float)
    W = LapRLS().fit(data.X, y).similarity_
    shown = metrics(at)
    assert shown["Edges"] == str(len(graph_edges(W, 0.05)))
    assert shown["Connected components"] == str(graph_components(W > 0.05)[0]) == "2"  # one per moon


def test_clicking_a_point_labels_it():
    at = open_page(PAGE)
    data = load_dataset("laprls_moons", 200, 1.0, 0)
    mask = np.array(data.extra["labelled"])
    mask[100] = True
    at.session_state[_labels.KEY] = {"base": data_signature(data), "mask": mask}
    at.run()
    assert not at.exception
    assert metrics(at)["Labelled"] == "3 / 200"


def test_no_label_and_too_many_points_give_messages():
    at = open_page(PAGE)
    data = load_dataset("laprls_moons", 200, 1.0, 0)
    at.session_state[_labels.KEY] = {"base": data_signature(data), "mask": np.zeros(200, bool)}
    at.run()
    assert not at.exception and any("No sample is labelled" in e.value for e in at.error)
    at = open_page(PAGE, {"ssl.data": "blobs3"})
    assert not at.exception and any("two classes" in e.value for e in at.error)


def test_many_points_fit_an_even_sample_that_keeps_the_labels():
    """n = 20 000: both views fit and draw SAMPLE_LIMIT points holding the book's two labelled tips
    (indices 0 and n − 1); the chart's customdata are indices into the data, so a click labels the
    right point; the info message says so. At the default n all points and no message."""
    for view in ("laprls", "graph"):
        at = open_page(PAGE, {"ssl.view": view, "ssl.n": "20000"})
        assert not at.exception and not at.error
        info = [e.value for e in at.info if "samples" in e.value]
        assert info == [f"This view fits on {_labels.SAMPLE_LIMIT} of the 20,000 samples, an even random "
                        "sample, so that it answers within a second."]
        index = np.concatenate([next(decoded_arrays(tr["customdata"])) for tr in chart_specs(at)[0]["data"]
                                if "customdata" in tr])
        assert len(index) == len(np.unique(index)) == _labels.SAMPLE_LIMIT
        assert {0, 19_999} <= set(index.astype(int).tolist()) and index.max() < 20_000
    assert metrics(at)["Accuracy, LapRLS"].endswith("%")
    at = open_page(PAGE)
    assert not [e for e in at.info if "samples" in e.value] and metrics(at)["Labelled"] == "2 / 200"
    at = open_page(PAGE, {"ssl.n": "20000"})
    assert metrics(at)["Labelled"] == f"2 / {_labels.SAMPLE_LIMIT}"
