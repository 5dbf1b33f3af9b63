"""The block walk of the additive online learners against the straightforward per-sample walk.

The learners score passive runs of the stream in blocks and step one sample at a time only where θ
may move; the reference below visits every sample, as the code did before. With few features the
two must agree bit for bit; with many (numpy products) θ must still be identical and the recorded
scores and losses agree to round-off.
"""

import pickle
from operator import mul

import numpy as np
import pytest

import algorithms.online as online
from algorithms import AROWClassifier
from algorithms import OnlinePerceptron
from algorithms import PassiveAggressiveClassifier
from algorithms import PassiveAggressiveRegressor
from algorithms import load_dataset
from algorithms.online import OnlineStep


def straightforward_walk(model, X, y):
    """Every sample in turn with ``model``'s own rule: (score, loss, step, mistake, θ after) each."""
    rule = model._rule()
    Xa = np.c_[X, np.ones(len(X))] if model.fit_intercept else np.asarray(X, dtype=float)
    if model._is_classifier:
        y = np.where(np.asarray(y) == np.unique(y)[1], 1.0, -1.0)
    sq_norms = np.einsum("ij,ij->i", Xa, Xa).tolist()
    python_floats = Xa.shape[1] <= online._PYTHON_FLOATS_UP_TO
    theta = [0.0] * Xa.shape[1] if python_floats else np.zeros(Xa.shape[1])
    rows = []
    for x, target, sq_norm in zip(Xa.tolist() if python_floats else Xa, y.tolist(), sq_norms, strict=True):
        score = sum(map(mul, theta, x)) if python_floats else float(theta @ x)
        loss, step, c = rule(score, target, sq_norm)
        if c:
            theta = [t + c * v for t, v in zip(theta, x, strict=True)] if python_floats else theta + c * x
        rows.append((score, loss, step, model._is_classifier and target * score <= 0, np.array(theta)))
    return rows


def streams():
    rng = np.random.default_rng(3)
    pa = load_dataset("pa_stream", n=3000, random_state=0)              # separable: long passive runs
    X = rng.normal(size=(2000, 2))
    overlapping = np.where(X[:, 0] + 0.5 * rng.normal(size=2000) >= 0, 1, -1)
    grid = rng.integers(-3, 4, size=(1500, 2)).astype(float)            # integer scores: exact ties
    grid[::40] = 0.0                                                    # x = 0: the perceptron's score 0
    repeated = np.repeat(pa.X[:400], 3, axis=0), np.repeat(pa.y[:400], 3)   # margins ≈ 1 after hard PA
    wide = rng.normal(size=(1500, 40))
    wide[::40] = 0.0
    wide_y = np.where(wide[:, 0] + 0.3 * rng.normal(size=1500) >= 0, 1, -1)
    return {
        "separable": (pa.X, pa.y),
        "overlapping": (X, overlapping),
        "ties": (grid, np.where(grid[:, 0] - grid[:, 1] >= 0, 1, -1)),
        "repeated": repeated,
        "wide": (wide, wide_y),
        "wide repeated": (np.repeat(wide[:300], 5, axis=0), np.repeat(wide_y[:300], 5)),
    }


STREAMS = streams()
CLASSIFIERS = {
    "perceptron": lambda: OnlinePerceptron(fit_intercept=True),
    "perceptron through 0": lambda: OnlinePerceptron(),
    "PA": lambda: PassiveAggressiveClassifier(1.0, "PA", fit_intercept=True),
    "PA-I": lambda: PassiveAggressiveClassifier(0.5, "PA-I"),
    "PA-II": lambda: PassiveAggressiveClassifier(0.5, "PA-II", fit_intercept=True),
}


def assert_same_walk(model, reference, exact):
    assert [s.t for s in model.history_] == list(range(1, len(model.history_) + 1))
    for step, (score, loss, size, mistake, theta) in zip(model.history_, reference, strict=False):
        assert step.step == size and step.mistake == mistake
        np.testing.assert_array_equal(np.r_[step.w, step.b] if model.fit_intercept else step.w, theta)
        if exact:
            assert (step.score, step.loss) == (score, loss)
        else:
            np.testing.assert_allclose([step.score, step.loss], [score, loss], rtol=1e-12, atol=1e-12)
    final = reference[-1][4]
    learned = np.r_[model.coef_, model.intercept_] if model.fit_intercept else model.coef_
    np.testing.assert_array_equal(learned, final)
    assert model.n_seen_ == len(reference)
    assert model.n_mistakes_ == sum(row[3] for row in reference)
    losses = [row[1] for row in reference]
    assert model.cumulative_loss_ == pytest.approx(sum(losses), rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("stream", list(STREAMS))
@pytest.mark.parametrize("learner", list(CLASSIFIERS))
def test_classifiers_walk_in_blocks_exactly_as_sample_by_sample(learner, stream):
    X, y = STREAMS[stream]
    model = CLASSIFIERS[learner]().fit(X, y)
    reference = straightforward_walk(model, X, y)
    assert len(model.history_) == len(X)
    assert 0 < sum(row[2] != 0 for row in reference) < len(X)
    assert_same_walk(model, reference, exact=X.shape[1] < 40)


@pytest.mark.parametrize("variant", ["PA", "PA-I", "PA-II"])
@pytest.mark.parametrize("epsilon", [0.1, 2.0])                 # most samples move θ / long passive runs
@pytest.mark.parametrize("d", [1, 40])
def test_regressor_walks_in_blocks_exactly_as_sample_by_sample(variant, epsilon, d):
    rng = np.random.default_rng(5)
    X = rng.uniform(-3, 3, size=(2000, d))
    y = X @ rng.normal(size=d) + 1 + 0.3 * rng.normal(size=2000)
    model = PassiveAggressiveRegressor(0.5, epsilon, variant, fit_intercept=True).fit(X, y)
    reference = straightforward_walk(model, X, y)
    assert_same_walk(model, reference, exact=d < 40)


@pytest.mark.parametrize("stream", ["overlapping", "wide"])
@pytest.mark.parametrize("learner", ["perceptron", "PA-II"])
def test_partial_fit_in_pieces_and_a_short_history_walk_as_one_stream(learner, stream, monkeypatch):
    X, y = STREAMS[stream]                                  # θ of the later pieces starts away from 0
    whole = CLASSIFIERS[learner]().fit(X, y)
    monkeypatch.setattr(online, "MAX_HISTORY", 777)
    model = CLASSIFIERS[learner]()
    for piece in np.array_split(np.arange(len(X)), [5, 6, 300, 1000, len(X) - 100]):
        model.partial_fit(X[piece], y[piece], classes=[-1, 1])
    assert len(model.history_) == 777 and model.n_seen_ == len(X)
    assert sum(s.step != 0 for s in whole.history_[777:]) > 0          # learning goes on after the record
    for kept, full in zip(model.history_, whole.history_, strict=False):
        assert kept == full[:5] + (kept.w, kept.b, None)
        np.testing.assert_array_equal(kept.w, full.w)
        assert kept.b == full.b
    np.testing.assert_array_equal(model.coef_, whole.coef_)
    assert model.intercept_ == whole.intercept_ and model.n_mistakes_ == whole.n_mistakes_
    assert model.cumulative_loss_ == whole.cumulative_loss_


def rounding(learner):
    """``learner`` whose block products round differently from the per-sample sums (towards passive)."""
    class Rounding(type(learner)):
        def _gaps(self, scores, y):
            return super()._gaps(scores + 1e-13 * y * (1 + abs(scores)), y)
    return Rounding(**learner.get_params())


@pytest.mark.parametrize("stream", ["ties", "wide"])
def test_decisions_near_a_threshold_do_not_depend_on_the_block_products_round_off(stream):
    X, y = STREAMS[stream]                                  # x = 0 every 40 samples: a score of exactly 0
    model = rounding(OnlinePerceptron()).fit(X, y)
    reference = straightforward_walk(model, X, y)
    assert sum(size != 0 and score == 0 for score, loss, size, *_ in reference) >= 30
    assert_same_walk(model, reference, exact=False)


def fields(step):
    return (*step[:5], *np.r_[step.w, step.b], *(() if step.cov is None else step.cov.ravel()))


@pytest.mark.parametrize("learner", ["PA-II", "perceptron through 0", "AROW"])
def test_the_history_reads_like_the_tuple_of_its_steps_in_pieces_and_after_pickling(learner):
    X, y = STREAMS["overlapping"]
    make = (lambda: AROWClassifier(1.0, fit_intercept=True)) if learner == "AROW" else CLASSIFIERS[learner]
    whole = make().fit(X[:300], y[:300])
    steps = list(whole.history_)
    assert [s.t for s in steps] == list(range(1, 301)) and type(steps[0]) is OnlineStep
    assert [fields(s) for s in whole.history_[-3:]] == [fields(s) for s in steps[-3:]]
    assert fields(whole.history_[-300]) == fields(steps[0]) and whole.history_[10:7] == ()
    with pytest.raises(IndexError):
        whole.history_[300]
    assert not steps[5].w.flags.writeable
    assert (steps[0].cov is None) == (learner != "AROW")
    for field in ("score", "loss", "mistake", "step"):
        np.testing.assert_array_equal(whole.history_.column(field), [getattr(s, field) for s in steps])
    pieces = make()
    for piece in np.array_split(np.arange(300), [1, 2, 120]):
        pieces.partial_fit(X[piece], y[piece], classes=[-1, 1])
    for history in (pieces.history_, pickle.loads(pickle.dumps(whole)).history_):
        assert [fields(s) for s in history] == [fields(s) for s in steps]
