"""Tests for algorithms.supervised_projection: FDA, LFDA, SELF, LSDR, local LDA, NNDA (Sugiyama ch. 17,
seed 004 §2.6–2.7)."""

import numpy as np
import pytest
import scipy.linalg
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from algorithms import LFDA
from algorithms import LSDR
from algorithms import NNDA
from algorithms import PCA
from algorithms import SELF
from algorithms import FisherDA
from algorithms import FisherLDA
from algorithms import LocalLDA
from algorithms import load_dataset
from algorithms import nn_accuracy
from algorithms import path_angles
from algorithms import projection_criteria
from algorithms import self_path
from algorithms import spread_labels
from algorithms import trace_ratio
from algorithms import unit_directions


def _parallel(a, b, tol=1e-8):
    a, b = np.ravel(a) / np.linalg.norm(a), np.ravel(b) / np.linalg.norm(b)
    return abs(abs(a @ b) - 1.0) < tol


def _angle(a, b) -> float:
    a, b = np.ravel(a) / np.linalg.norm(a), np.ravel(b) / np.linalg.norm(b)
    return float(np.degrees(np.arccos(min(1.0, abs(a @ b)))))


def _fisher(name, seed=0):
    d = load_dataset(name, random_state=seed)
    return d.X, d.y


def _three_classes(seed=0, n=60):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1, 2], n)
    X = rng.standard_normal((3 * n, 3)) @ np.diag([4.0, 1.0, 1.0])
    X[:, 1] += np.repeat([-3.0, 0.0, 3.0], n)
    X[:, 2] += np.repeat([0.0, 3.0, 0.0], n)
    return X, y


# ------------------------------------------------------------------------------------------ FDA

@pytest.mark.parametrize("name", ["fisher1", "fisher2"])
def test_fda_is_the_generalised_eigenproblem_and_sklearn_lda(name):
    X, y = _fisher(name)
    fda = FisherDA(1).fit(X, y)
    Xc = X - X.mean(0)
    m1, m2 = Xc[y == 1].mean(0), Xc[y == 2].mean(0)
    n1, n2 = (y == 1).sum(), (y == 2).sum()
    Sb = n1 * np.outer(m1, m1) + n2 * np.outer(m2, m2)            # Sugiyama listing Fig 17.2
    R = np.vstack([Xc[y == 1] - m1, Xc[y == 2] - m2])
    lam, V = scipy.linalg.eigh(Sb, R.T @ R)
    assert _parallel(fda.components_[0], V[:, -1])
    assert fda.eigenvalues_[0] == pytest.approx(lam[-1], rel=1e-9)
    sk = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    assert _parallel(fda.components_[0], sk.scalings_[:, 0])
    assert _parallel(fda.components_[0], FisherLDA().fit(X, y).components_[0])


def test_fda_multiclass_matches_sklearn_subspace():
    X, y = _three_classes()
    fda = FisherDA(2).fit(X, y)
    sk = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    for k in range(2):
        assert _parallel(fda.components_[k], sk.scalings_[:, k], 1e-7)
    assert np.allclose(np.linalg.norm(fda.components_, axis=1), 1.0)


def test_fig_17_1_fda_fails_and_fig_17_3_lfda_is_horizontal_on_fisher2():
    """Spec §17.A/17.B numeric checks: FDA ≈ (−0.06, 1.00), LFDA ≈ (−1.00, 0.03) (up to sign)."""
    X, y = _fisher("fisher2", seed=1)
    fda = FisherDA(1).fit(X, y).components_[0]
    lfda = LFDA(1).fit(X, y).components_[0]
    np.testing.assert_allclose(np.sign(fda[1]) * fda, [-0.06, 1.00], atol=0.01)
    np.testing.assert_allclose(-np.sign(lfda[0]) * lfda, [-1.00, 0.03], atol=0.01)
    assert _angle(lfda, [1, 0]) < 2.0 and _angle(fda, [1, 0]) > 85.0
    # LFDA's projection keeps the classes apart (1-NN), FDA's mixes them
    Xc = X - X.mean(0)
    assert nn_accuracy(Xc @ lfda[:, None], y) > 0.9 > 0.7 > nn_accuracy(Xc @ fda[:, None], y)


def test_path_angles_are_continuous_across_the_horizontal():
    np.testing.assert_allclose(path_angles(unit_directions([170, 179, 5, 10])), [170, 179, 185, 190])
    np.testing.assert_allclose(path_angles([[1.0, 0.0], [-1.0, -0.01]]), [0.0, np.degrees(np.arctan(0.01))])


def test_nn_accuracy_by_hand():
    assert nn_accuracy([[0.0], [0.1], [1.0], [1.2], [5.0]], [0, 0, 1, 1, 0]) == pytest.approx(0.8)


# ------------------------------------------------------------------------------------------ LFDA

def test_lfda_equals_the_book_listing():
    """Fig 17.4's loop: Sw = S_lw exactly, the listing's Sb = S_lb + S_lw (spec §17.B item 7)."""
    X, y = _fisher("fisher2")
    x = X - X.mean(0)
    n = len(x)
    Sw, Sb = np.zeros((2, 2)), np.zeros((2, 2))
    for j in (1, 2):
        p = x[y == j]
        nj = len(p)
        p1 = p.sum(0)
        W = np.exp(-((p[:, None, :] - p[None, :, :]) ** 2).sum(2))
        G = p.T @ (W.sum(1)[:, None] * p) - p.T @ W @ p
        Sb += G / n + p.T @ p * (1 - nj / n) + np.outer(p1, p1) / n
        Sw += G / nj
    lfda = LFDA(1).fit(X, y)
    np.testing.assert_allclose(lfda.within_scatter_, Sw, rtol=1e-10)
    np.testing.assert_allclose(lfda.between_scatter_ + lfda.within_scatter_, Sb, rtol=1e-10)
    lam, V = scipy.linalg.eigh(Sb, Sw)
    assert _parallel(lfda.components_[0], V[:, -1])
    assert lfda.eigenvalues_[0] == pytest.approx(lam[-1] - 1.0, rel=1e-9)


def test_lfda_with_a_wide_affinity_is_fda_and_on_unimodal_data_close_to_it():
    X, y = _fisher("fisher1")
    fda = FisherDA(1).fit(X, y)
    wide = LFDA(1, t=1e4).fit(X, y)
    assert _parallel(wide.components_[0], fda.components_[0], 1e-6)
    np.testing.assert_allclose(wide.between_scatter_, fda.between_scatter_, atol=1e-4)
    np.testing.assert_allclose(wide.within_scatter_, fda.within_scatter_, atol=1e-4)
    assert _angle(LFDA(1).fit(X, y).components_[0], fda.components_[0]) < 10.0
    assert _angle(LFDA(1, knn=7).fit(X, y).components_[0], fda.components_[0]) < 10.0


def test_lfda_keeps_more_than_c_minus_1_directions_and_its_graph():
    X, y = _three_classes()
    lfda = LFDA(2, knn=7).fit(X, y)
    assert lfda.eigenvalues_[1] > 1e-3          # FDA's second of c − 1 = 2 is fine; LFDA has no cap
    lfda2 = LFDA(1).fit(*_fisher("fisher2"))
    e = lfda2.graph_edges_
    assert len(e) == lfda2.n_graph_edges_ > 0
    _, y2 = _fisher("fisher2")
    assert np.all(y2[e[:, 0]] == y2[e[:, 1]]) and np.all(lfda2.graph_weights_ >= 0.3)


# ------------------------------------------------------------------------------------------ SELF

def test_self_ends_are_lfda_and_pca():
    X, y = _fisher("fisher2")
    labelled = np.zeros(len(X), bool)
    labelled[[0, 1, 2, 30, 31, 50, 51, 52, 53]] = True
    pca = PCA(1).fit(X).components_[0]
    assert _parallel(SELF(1, beta=1.0).fit(X, y, labelled).components_[0], pca)
    lfda = LFDA(1).fit(X[labelled], y[labelled]).components_[0]
    assert _parallel(SELF(1, beta=0.0).fit(X, y, labelled).components_[0], lfda)
    assert _parallel(SELF(1, beta=0.0).fit(X, y).components_[0], LFDA(1).fit(X, y).components_[0])
    # the printed (swapped) formula would give the minor axis at β = 1: the corrected one does not
    assert _angle(SELF(1, beta=1.0).fit(X, y, labelled).components_[0], pca) < 1e-6


def test_spread_labels_and_the_self_path():
    y = np.array([1] * 50 + [2] * 50)
    assert spread_labels(y).tolist() == [0, 49, 50, 99]
    assert spread_labels(np.array([0, 1, 1]), 2).tolist() == [0, 1, 2]
    X, y = _fisher("fisher2", seed=1)
    mask = np.zeros(len(X), bool)
    mask[spread_labels(y, 3)] = True
    path = self_path(X, y, mask, [0.0, 1.0])
    assert _parallel(path[0], LFDA(1).fit(X[mask], y[mask]).components_[0])
    assert _parallel(path[1], PCA(1).fit(X).components_[0])


def test_self_needs_labels_of_two_classes_below_beta_one():
    X, y = _fisher("fisher1")
    labelled = np.zeros(len(X), bool)
    labelled[:3] = True
    with pytest.raises(ValueError, match="Only one class"):
        SELF(1, beta=0.5).fit(X, y, labelled)
    with pytest.raises(ValueError, match="No point is labelled"):
        SELF(1, beta=0.5).fit(X, y, np.zeros(len(X), bool))
    SELF(1, beta=1.0).fit(X, y, labelled)          # PCA needs no labels
    with pytest.raises(ValueError, match="β must be between 0"):
        SELF(1, beta=1.5).fit(X, y)


# ------------------------------------------------------------------------------------------ LSDR

def test_lsdr_finds_the_relevant_direction_of_a_regression():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((200, 2))
    w = np.array([np.cos(np.radians(30)), np.sin(np.radians(30))])
    y = np.sin(2 * X @ w) + 0.1 * rng.standard_normal(200)
    model = LSDR(1, discrete=False, init=[[0.0, 1.0]]).fit(X, y)
    assert _angle(model.components_[0], w) < 5.0
    J = [s.smi for s in model.history_]
    assert np.all(np.diff(J) >= -1e-12) and J[-1] > J[0]
    curve = model.smi_curve(np.arange(180))
    assert abs(int(np.argmax(curve)) - 30) <= 5


def test_lsdr_finds_the_hidden_direction_of_the_stripes_where_fda_fails():
    X, y = _fisher("sdr_stripes")
    model = LSDR(1, init=unit_directions([150])).fit(X, y)
    assert _angle(model.components_[0], unit_directions([30])[0]) < 5.0
    assert int(np.argmax(model.smi_curve(np.arange(0, 180, 2.0)))) * 2 == 30
    assert _angle(FisherDA(1).fit(X, y).components_[0], unit_directions([30])[0]) > 20.0


def test_lsdr_gradient_matches_finite_differences():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((60, 3))
    y = np.repeat([0, 1, 2], 20)
    model = LSDR(2, max_iter=0).fit(X, y)
    T = model.components_
    J, G = model._objective(T, gradient=True)
    E = rng.standard_normal(T.shape)
    num = (model._objective(T + 1e-6 * E) - model._objective(T - 1e-6 * E)) / 2e-6
    assert num == pytest.approx(float((G * E).sum()), rel=1e-5)
    assert model.smi(T) == pytest.approx(J)


def test_lsdr_on_fisher1_ends_near_horizontal():
    X, y = _fisher("fisher1")
    model = LSDR(1, init=[[0.0, 1.0]]).fit(X, y)
    assert _angle(model.components_[0], [1, 0]) < 15.0
    assert 0.3 < model.smi_ <= 0.5 + 1e-9        # SMI of two equal, separated classes is 1/2


# ------------------------------------------------------------------------------------------ seed 004 §2.7

def test_local_lda_and_nnda_recover_the_horizontal_direction_on_bimodal_data():
    X, y = _fisher("fisher2", seed=1)
    assert _angle(FisherDA(1).fit(X, y).components_[0], [1, 0]) > 85.0     # where LDA fails
    assert _angle(NNDA(1).fit(X, y).components_[0], [1, 0]) < 15.0
    assert _angle(LocalLDA(1, k=20).fit(X, y).components_[0], [1, 0]) < 20.0
    model = LocalLDA(1, k=20).fit(X, y)
    assert np.all(model.pairs_[:, 0] < model.pairs_[:, 1]) and model.same_class_.any()


def test_local_lda_with_all_pairs_is_lda():
    """With k = n − 1 every pair is a mutual neighbour: the pairwise forms are LDA's up to scale."""
    X, y = _three_classes(n=15)
    local = LocalLDA(1, k=len(X) - 1).fit(X, y)
    Xc = X - X.mean(0)
    St = Xc.T @ Xc
    assert np.allclose(local.within_scatter_ + local.between_scatter_, len(X) * St)
    assert len(local.pairs_) == len(X) * (len(X) - 1) // 2


def test_trace_ratio_increases_and_differs_from_ratio_trace():
    X, y = _three_classes()
    rt = FisherDA(2).fit(X, y)
    tr = FisherDA(2, criterion="trace_ratio").fit(X, y)
    assert np.all(np.diff(tr.history_) >= -1e-12)
    assert tr.trace_ratio_ >= rt.trace_ratio_ - 1e-9        # each wins its own criterion
    assert rt.ratio_trace_ >= tr.ratio_trace_ - 1e-9
    np.testing.assert_allclose(tr.components_ @ tr.components_.T, np.eye(2), atol=1e-9)
    W, lams = trace_ratio(rt.between_scatter_, rt.within_scatter_, 2)
    assert projection_criteria(W, rt.between_scatter_, rt.within_scatter_)[0] == pytest.approx(lams[-1])


# ------------------------------------------------------------------------------------------ bad input

ESTIMATORS = [FisherDA(1), LFDA(1), LFDA(1, knn=5), LocalLDA(1, k=3), NNDA(1), SELF(1, beta=0.0)]


@pytest.mark.parametrize("model", ESTIMATORS, ids=lambda m: type(m).__name__)
def test_bad_input_messages(model):
    X, y = _fisher("fisher1")
    with pytest.raises(ValueError, match="Only one class"):
        model.fit(X, np.ones(len(X)))
    y1 = y.copy()
    y1[0] = 3
    with pytest.raises(ValueError, match="only 1 sample"):
        model.fit(X, y1)
    with pytest.raises(ValueError, match="must be smaller than the number of features"):
        type(model)(**(model.get_params() | {"n_components": 2})).fit(X, y)
    with pytest.raises(ValueError, match="All points are identical"):
        model.fit(np.ones_like(X), y)


def test_lsdr_bad_input():
    X, y = _fisher("fisher1")
    with pytest.raises(ValueError, match="Only one class"):
        LSDR(1).fit(X, np.ones(len(X)))
    with pytest.raises(ValueError, match="must be smaller"):
        LSDR(2).fit(X, y)
    with pytest.raises(ValueError, match="All points are identical"):
        LSDR(1).fit(np.zeros_like(X), y)
