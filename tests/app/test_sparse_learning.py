"""The sparse-learning page as a user sees it (AppTest): presets, the numbers shown, bad input."""

import numpy as np

from algorithms import Lasso
from algorithms import regularisation_path
from algorithms.datasets import load_dataset
from tests.app.apptools import chart_specs
from tests.app.apptools import charts
from tests.app.apptools import decoded_arrays
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import widget
from ui.explain import fmt
from views.sparse_learning._common import LAM_RANGE
from views.sparse_learning._common import ZERO_TOL
from views.sparse_learning._common import make_basis
from views.sparse_learning.lasso import LASSO_LIMIT
from views.sparse_learning.lasso import N_PATH
from views.sparse_learning.solvers import SOLVERS_LIMIT

PAGE = "sparse_learning.py"


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def choose_preset(label_start: str):
    at = open_page(PAGE)
    preset = widget(at, "sp.preset")
    set_label(at, preset, next(o for o in preset.options if o.startswith(label_start)))
    at.run()
    assert not at.exception
    return at


def test_fig_5_7_keeps_thirteen_of_fifty_kernels():
    """Sugiyama Fig 5.7: h = 0.3, λ = 0.1 leaves 37 of 50 θ_j zero (13 used); the exact optimum of this
    sample has J = 0.78031 (spec [SIM])."""
    at = choose_preset("Sugiyama Fig 5.7")
    shown = metrics(at)
    k = int(shown["Non-zero θ_j"].split()[0])
    assert 12 <= k <= 15 and shown["Non-zero θ_j"].endswith("of 50")
    assert shown["Objective J(θ)"] == "0.7803"


def test_linear_model_has_an_unpenalised_intercept():
    at = open_page(PAGE, {"sp.model": "linear", "sp.lam": "1"})
    assert not at.exception and metrics(at)["Non-zero θ_j"] == "1 of 1"


def test_each_path_chart_draws_every_theta_j_once():
    """θ_j(λ) for every j, in two traces by colour (even j, odd j), None after each path; then λ."""
    at = open_page(PAGE)
    specs = charts(at)
    drawn = next(tr for tr in specs["sp.lasso_chart"]["data"] if tr.get("name") == "Training data")
    X, y = (next(decoded_arrays(drawn[k])) for k in ("x", "y"))
    lams = np.logspace(*LAM_RANGE, N_PATH)
    for key, kind in (("sp.path_l1", "lasso"), ("sp.path_l2", "ridge")):
        path = regularisation_path(X[:, None], y, lams, kind, make_basis("gaussian", 0.3))
        even, odd, current = specs[key]["data"]
        for first, trace in ((0, even), (1, odd)):
            lines = np.array(trace["y"], dtype=float).reshape(-1, N_PATH + 1)
            np.testing.assert_allclose(lines[:, :-1], path[:, first::2].T, rtol=1e-9, atol=1e-12)
            assert np.isnan(lines[:, -1]).all()
        assert current["x"] == [0.1, 0.1]


def test_fig_5_2_puts_the_l1_solution_on_a_corner():
    at = choose_preset("Sugiyama Fig 5.2")
    shown = metrics(at)
    assert shown["Solution θ̂"] == "(0, 1)" and shown["Sparse (a θ_j = 0)?"] == "yes"
    set_label(at, widget(at, "sp.ball"), "ℓ2 disc")
    at.run()
    assert metrics(at)["Sparse (a θ_j = 0)?"] == "no"


def test_fig_5_11_elastic_net_is_still_sparse():
    at = choose_preset("Sugiyama Fig 5.11")
    assert metrics(at)["Sparse (a θ_j = 0)?"] == "yes"


def test_solvers_reach_the_same_optimum():
    at = open_page(PAGE, {"sp.view": "solvers"})
    assert not at.exception
    assert metrics(at)["Best objective J*"] == "0.7803102"
    table = at.dataframe[0].value
    objectives = dict(zip(table.iloc[:, 0], table.iloc[:, 2], strict=True))
    assert objectives["Coordinate descent"] == objectives["Reweighted ℓ2 (book)"] == "0.7803102"


def test_feature_selection_presets_find_the_three_relevant_features():
    assert metrics(choose_preset("Sugiyama §5.3"))["Selected features"] == "x1, x2, x3"
    assert metrics(choose_preset("Slides §2.8"))["Selected features"] == "x1, x2, x3"
    best = metrics(choose_preset("CS229 Part VII §2: forward"))["Best set (lowest CV error)"]
    assert {"x1", "x2", "x3"} <= set(best.split(", ")) and len(best.split(", ")) <= 5


def test_mutual_information_worked_example_is_ln_2():
    """CS229 Part VII §2 (issue 20): MI(x = y) of a fair binary variable = ln 2 = 0.6931 nats."""
    shown = metrics(choose_preset("CS229 Part VII §2: mutual"))
    assert shown["MI(x = y), fair binary"] == "0.6931" == f"{np.log(2):.4f}"
    assert shown["Top features"] == "x1, x2, x3"


def test_lambda_zero_with_more_features_than_samples_keeps_the_last_good_state():
    at = choose_preset("Sugiyama §5.3")
    widget(at, "sp.n").set_value(5).run()
    widget(at, "sp.sel_lam").set_value(0.0).run()
    assert not at.exception
    assert any("not unique" in e.value for e in at.error)
    assert metrics(at)["Selected features"]  # the last good fit is still on screen


def test_lp_penalty_is_sparse_only_up_to_p_equal_one():
    """Sugiyama Fig 5.10: p ≤ 1 gives sparse fits, p > 1 keeps every kernel."""
    at = open_page(PAGE, {"sp.penalty": "lp"})
    widget(at, "sp.fit_p").set_value(0.5).run()
    sparse = int(metrics(at)["Non-zero θ_j"].split()[0])
    widget(at, "sp.fit_p").set_value(2.0).run()
    assert not at.exception and sparse < 13 and metrics(at)["Non-zero θ_j"] == "50 of 50"


def test_n_20000_fits_an_even_sample_said_on_screen():
    """The lasso view fits and draws LASSO_LIMIT points, the solvers view SOLVERS_LIMIT (its ISTA row
    equals ISTA on that sample); the info message gives the numbers; at the default n no message."""
    def message(limit):
        return [f"This view fits on {limit:,} of the 20,000 samples, an even random sample, so that it "
                "answers within a second."]

    at = open_page(PAGE, {"sp.view": "lasso", "sp.n": "20000"})
    assert not at.exception and [e.value for e in at.info if "samples" in e.value] == message(LASSO_LIMIT)
    drawn = next(tr for tr in chart_specs(at)[0]["data"] if tr.get("name") == "Training data")
    index = next(decoded_arrays(drawn["customdata"])).astype(int)
    assert len(index) == len(np.unique(index)) == LASSO_LIMIT and index.max() < 20_000
    at = open_page(PAGE, {"sp.view": "solvers", "sp.n": "20000"})
    assert not at.exception and [e.value for e in at.info if "samples" in e.value] == message(SOLVERS_LIMIT)
    data = load_dataset("sinc", 20_000, None, 0)
    used = np.sort(np.random.default_rng(20_000).choice(20_000, SOLVERS_LIMIT, replace=False))
    ista = Lasso(0.1, "ista", basis=make_basis("gaussian", 0.3), max_iter=2000, tol=1e-10, eta=0.1,
                 zero_tol=ZERO_TOL).fit(data.X[used, :1], data.y[used])
    table = at.dataframe[0].value
    row = table.set_index(table.columns[0]).loc["Proximal gradient (ISTA)"]
    assert row.iloc[1] == fmt(ista.objective_, 7)
    for view in ("lasso", "solvers"):
        at = open_page(PAGE, {"sp.view": view})
        assert not [e for e in at.info if "samples" in e.value]
