"""Tests for algorithms.anomaly: LOF, SVDD, KLIEP."""

import numpy as np
import pytest
from sklearn.neighbors import LocalOutlierFactor as SkLOF
from sklearn.svm import OneClassSVM

from algorithms import KLIEP
from algorithms import SVDD
from algorithms import LocalOutlierFactor
from algorithms import kliep_cv
from algorithms._base import gaussian_kernel


def _lof_demo(seed=0):
    """Sugiyama Fig 12.2: 50 uniform points on [−10, 10]², 50 from N(0, I), x(100, 1) = 14."""
    rng = np.random.default_rng(seed)
    x = np.vstack([(rng.random((50, 2)) - 0.5) * 20, rng.standard_normal((50, 2))])
    x[99, 0] = 14
    return x


def _kliep_demo(seed=0):
    """Sugiyama Fig 12.7: normal x ~ N(0, 1), test y ~ N(0, 1) with y(100) = 5, n = n' = 100."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((100, 1))
    y = rng.standard_normal((100, 1))
    y[-1] = 5
    return x, y


# ------------------------------------------------------------------------------------------ LOF

@pytest.mark.parametrize("k", [2, 3, 10, 20])
def test_lof_matches_sklearn(k):
    # parity: negative_outlier_factor_ equal to 1e-9 (same formulas, same 1e-10 guard)
    X = _lof_demo()
    ours = LocalOutlierFactor(k).fit(X)
    ref = SkLOF(n_neighbors=k).fit(X)
    np.testing.assert_allclose(ours.negative_outlier_factor_, ref.negative_outlier_factor_,
                               rtol=1e-9)
    dist, idx = ref.kneighbors()
    np.testing.assert_array_equal(ours.neighbors_, idx)
    np.testing.assert_allclose(ours.k_distance_, dist[:, -1])
    novel = SkLOF(n_neighbors=k, novelty=True).fit(X)
    Q = np.random.default_rng(1).uniform(-12, 16, (30, 2))
    np.testing.assert_allclose(-ours.score_samples(Q), novel.score_samples(Q), rtol=1e-9)


def test_lof_formulas_by_hand():
    X = np.array([[0.0], [1.0], [3.0], [7.0]])
    lof = LocalOutlierFactor(2).fit(X)
    # neighbours: 0→(1,2), 1→(0,2), 2→(1,0), 3→(2,1); kd = 3, 2, 3, 6
    np.testing.assert_array_equal(lof.neighbors_, [[1, 2], [0, 2], [1, 0], [2, 1]])
    np.testing.assert_allclose(lof.k_distance_, [3, 2, 3, 6])
    rd = np.array([[2, 3], [3, 3], [2, 3], [4, 6]], float)  # max(kd(nb), |x − nb|)
    np.testing.assert_allclose(lof.reachability_, rd)
    lrd = 1 / (rd.mean(1) + 1e-10)
    np.testing.assert_allclose(lof.lrd_, lrd)
    np.testing.assert_allclose(lof.lof_, lrd[[[1, 2], [0, 2], [1, 0], [2, 1]]].mean(1) / lrd)


def test_lof_planted_outlier_and_listing_convention():
    # spec §12.A [DERIVED]: both conventions give the same top-3 outliers on the demo data, the
    # listing's k-distance (the (k−1)-th non-self neighbour) changes values by a few %. The
    # planted point (14, ·) is clearly above the bulk (LOF > 1.3, top 10 of 100), but with a
    # uniform background it is not always the very top (the spec's "fringe effect")
    X = _lof_demo()
    std = LocalOutlierFactor(3).fit(X)
    lst = LocalOutlierFactor(3, convention="listing").fit(X)
    np.testing.assert_array_equal(np.argsort(-std.lof_)[:3], np.argsort(-lst.lof_)[:3])
    assert std.lof_[99] > 1.3 and 99 in np.argsort(-std.lof_)[:10]
    np.testing.assert_array_equal(std.neighbors_, lst.neighbors_)
    assert 0.01 < np.mean(np.abs(lst.lof_ / std.lof_ - 1)) < 0.3
    assert np.all(std.neighbors_ != np.arange(len(X))[:, None])          # never itself


def test_lof_duplicates_and_bad_k():
    X = np.r_[np.zeros((4, 2)), [[1.0, 1.0]]]
    lof = LocalOutlierFactor(3).fit(X)
    assert np.all(np.isfinite(lof.lof_)) and lof.lof_[-1] > 1e6
    with pytest.raises(ValueError, match="k \\+ 1"):
        LocalOutlierFactor(5).fit(X)
    with pytest.raises(ValueError, match="convention"):
        LocalOutlierFactor(2, convention="book").fit(X)


def _dense_lof(X, k):
    """The straightforward LOF of Sugiyama Fig 12.2: the full distance matrix, stable sort."""
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    np.fill_diagonal(D, np.inf)
    nb = np.argsort(D, axis=1, kind="stable")[:, :k]
    nd = np.take_along_axis(D, nb, 1)
    rd = np.maximum(nd[:, -1][nb], nd)
    lrd = 1.0 / (rd.mean(1) + 1e-10)
    return nb, nd, lrd[nb].mean(1) / lrd


@pytest.mark.parametrize("data", ["demo", "grid", "duplicates"])
def test_lof_tree_search_gives_the_dense_neighbours(data):
    # the k-d tree (redoing ties and duplicates densely) gives the same neighbours, in the same
    # order, and the same factors as the full distance matrix
    rng = np.random.default_rng(3)
    X = {"demo": np.r_[_lof_demo(), rng.normal(size=(400, 2))],
         "grid": np.c_[np.repeat(np.arange(12.0), 12), np.tile(np.arange(12.0), 12)],
         "duplicates": np.r_[rng.normal(size=(200, 2)), np.zeros((6, 2)), [[3.0, 3.0]] * 4]}[data]
    for k in (1, 3, 8):
        lof = LocalOutlierFactor(k).fit(X)
        nb, nd, factors = _dense_lof(X, k)
        np.testing.assert_allclose(lof.neighbor_distances_, nd, rtol=1e-12, atol=1e-12)
        if data != "grid":                 # the grid's equal distances may come in either order
            np.testing.assert_array_equal(lof.neighbors_, nb)
        np.testing.assert_allclose(lof.lof_, factors, rtol=1e-10)
        Q = rng.uniform(-3, 12, (50, 2))
        D = np.sqrt(((Q[:, None] - X[None]) ** 2).sum(-1))
        np.testing.assert_allclose(lof.kneighbors(Q)[0], np.sort(D, axis=1)[:, :k], rtol=1e-12)


# ----------------------------------------------------------------------------------------- SVDD

@pytest.mark.parametrize("C, sigma", [(0.05, 1.0), (0.02, 0.5), (0.1, 2.0)])
def test_svdd_matches_one_class_svm(C, sigma):
    # With K(x, x) = 1 the SVDD dual is the ν-one-class SVM dual with ν = 1/(nC). Parity: α to
    # 1e-5 (scikit-learn at tol 1e-10), same side of the boundary on a grid wherever the margin
    # exceeds 1e-4
    X = np.random.default_rng(0).standard_normal((200, 2))
    ours = SVDD(C, sigma, tol=1e-9).fit(X)
    ref = OneClassSVM(nu=1 / (len(X) * C), gamma=1 / (2 * sigma**2), tol=1e-10).fit(X)
    alpha = np.zeros(len(X))
    alpha[ref.support_] = ref.dual_coef_[0]
    np.testing.assert_allclose(ours.alpha_, alpha / alpha.sum(), atol=1e-5)
    G = np.mgrid[-4:4:50j, -4:4:50j].reshape(2, -1).T
    f = ours.decision_function(G)
    clear = np.abs(f) > 1e-4
    np.testing.assert_array_equal(np.sign(f[clear]), np.sign(ref.decision_function(G)[clear]))


def test_svdd_kkt_conditions():
    X = np.random.default_rng(3).standard_normal((150, 2))
    C = 0.03
    s = SVDD(C, 1.0, tol=1e-9).fit(X)
    a = s.alpha_
    np.testing.assert_allclose(a.sum(), 1.0)                     # the constraint the book drops
    assert np.all(a >= 0) and np.all(a <= C + 1e-12)
    d2 = s.dist2_
    free = s.free_support_
    assert len(free) > 0
    np.testing.assert_allclose(d2[free], s.radius2_, atol=1e-7)  # free SVs on the sphere
    assert np.all(d2[a <= 1e-10] <= s.radius2_ + 1e-7)          # α = 0 inside
    assert np.all(d2[s.bounded_support_] >= s.radius2_ - 1e-7)  # α = C outside
    assert np.mean(s.predict(X) == -1) <= 1 / (len(X) * C)      # ≤ 1/(nC) outside
    dual = [h.objective for h in s.history_]
    assert np.all(np.diff(dual) >= -1e-12) and s.converged_


def test_svdd_linear_kernel_is_the_minimum_enclosing_ball():
    X = np.array([[1, 1], [1, -1], [-1, 1], [-1, -1], [0, 0], [0.5, 0.2]], float) + [3, -2]
    s = SVDD(C=1.0, sigma=None).fit(X)
    np.testing.assert_allclose(s.center_, [3, -2], atol=1e-6)
    np.testing.assert_allclose(s.radius2_, 2.0, atol=1e-6)
    assert np.all(s.predict(X) == 1)
    assert s.predict([[5.0, -2.0]])[0] == -1


def test_svdd_rejects_infeasible_C():
    X = np.random.default_rng(0).standard_normal((10, 2))
    with pytest.raises(ValueError, match="1/n"):
        SVDD(C=0.05).fit(X)
    s = SVDD(C=0.1).fit(X)                                     # C = 1/n: α = 1/n is the only choice
    np.testing.assert_allclose(s.alpha_, 0.1)


@pytest.mark.parametrize("sigma", [1.0, None])
def test_svdd_snapshots_follow_the_smo_steps(sigma):
    X = np.random.default_rng(4).standard_normal((60, 2))
    C = 0.05
    s = SVDD(C, sigma, tol=1e-6, n_snapshots=20).fit(X)
    G = np.random.default_rng(5).uniform(-3, 3, (30, 2))
    snaps = s.snapshots(G)
    assert snaps.radius2.shape == (len(s.history_),) and snaps.decision.shape == (len(s.history_), 30)
    assert snaps.kinds.shape == (len(s.history_), 60)

    def kernel(A, B):
        if sigma is None:
            return A @ B.T
        return np.exp(-((A[:, None, :] - B[None, :, :]) ** 2).sum(-1) / (2 * sigma**2))

    K = kernel(X, X)
    for r, step in enumerate(s.history_):
        a = step.alpha
        d2_train = np.diag(K) - 2 * K @ a + a @ K @ a                     # ‖ψ(x_i) − c‖², c = Σ α_i ψ(x_i)
        d2_new = np.diag(kernel(G, G)) - 2 * kernel(G, X) @ a + a @ K @ a
        free = (a > 1e-8 * C) & (a < C - 1e-8 * C)
        np.testing.assert_array_equal(snaps.kinds[r], np.where(a <= 1e-8 * C, 0, np.where(free, 1, 2)))
        if free.any():                                                    # R² = mean over free SVs
            np.testing.assert_allclose(snaps.radius2[r], d2_train[free].mean(), rtol=1e-10)
        np.testing.assert_allclose(snaps.decision[r], snaps.radius2[r] - d2_new, atol=1e-10)
    # the last snapshot is the fitted sphere (α renormalised after the loop: round-off only)
    np.testing.assert_allclose(snaps.radius2[-1], s.radius2_, atol=1e-9)
    np.testing.assert_allclose(snaps.decision[-1], s.decision_function(G), atol=1e-9)
    np.testing.assert_array_equal(np.flatnonzero(snaps.kinds[-1] == 1), s.free_support_)
    far = np.argsort(-((X - X.mean(0)) ** 2).sum(1))[:20]                # start: α = C on the 1/C = 20
    np.testing.assert_array_equal(snaps.kinds[0], np.isin(np.arange(60), far) * 2)   # farthest, 0 elsewhere


# ---------------------------------------------------------------------------------------- KLIEP

def test_kliep_book_demo_numbers():
    # The listing's setup with numpy seed 0, solved to the optimum of the KLIEP program (issue 21: the
    # listing's fixed-ε iteration stops short; spec §12.C's derived 0.79 and 0.94 came from it):
    # κ = 5 gives ŵ(5) = 0.924 (median 1.018), κ = 10 gives 0.981 (median 1.005), and κ = 1, the width
    # CV picks, reaches the objective 0.0498 with ŵ(5) = 0.017 the smallest, flagging 7 points below 0.8.
    x, y = _kliep_demo()
    k5 = KLIEP(sigma=5, random_state=0).fit(x, y)
    w = k5.score_samples(y)
    assert abs(w[-1] - 0.924) < 0.005 and abs(np.median(w) - 1.018) < 0.005
    np.testing.assert_allclose(w.mean(), 1.0, rtol=1e-10)       # (1/n) Σ ŵ(test) = 1
    assert np.all(k5.alpha_ >= 0) and k5.converged_
    k10 = KLIEP(sigma=10, random_state=0).fit(x, y).score_samples(y)
    assert abs(k10[-1] - 0.981) < 0.005 and abs(np.median(k10) - 1.005) < 0.005
    k1 = KLIEP(sigma=1, random_state=0).fit(x, y)
    assert k1.converged_ and abs(k1.objective_ - 0.0498) < 5e-4
    w1 = k1.score_samples(y)
    assert abs(w1[-1] - 0.017) < 0.005 and w1.argmin() == 99 and (w1 < 0.8).sum() == 7
    np.testing.assert_array_equal(KLIEP(5, threshold=0.85, random_state=0).fit(x, y).predict(y),
                                  np.where(w < 0.85, -1, 1))


def test_kliep_history_snapshots():
    x, y = _kliep_demo(1)
    k = KLIEP(sigma=2, random_state=0).fit(x, y)
    h = k.history_
    assert h[0].step == 0 and h[-1].step == k.n_iter_
    assert h[-1].change < 1e-3 * max(1.0, np.linalg.norm(h[-1].alpha)) and not h[-1].alpha.flags.writeable
    np.testing.assert_allclose(h[-1].objective, np.mean(np.log(k.score_samples(x))), rtol=1e-10)


def test_kliep_history_scores_are_the_ratio_of_every_step():
    x, y = _kliep_demo(2)
    k = KLIEP(sigma=3, random_state=0).fit(x, y)
    grid = np.linspace(-4, 6, 25)[:, None]
    w = k.history_scores(grid)
    assert w.shape == (len(k.history_), 25)
    K = np.exp(-((grid - k.centers_.T) ** 2) / (2 * 3.0**2))              # ψ_j(x) = exp(−(x − x'_j)²/(2σ²))
    for step in (0, len(k.history_) // 2, len(k.history_) - 1):
        np.testing.assert_allclose(w[step], K @ k.history_[step].alpha, rtol=1e-12)
    np.testing.assert_allclose(w[-1], k.score_samples(grid), rtol=1e-12)
    np.testing.assert_allclose(k.history_scores(y)[-1].mean(), 1.0, rtol=1e-10)  # (1/n) Σ ŵ(test) = 1


def test_kliep_cv_picks_the_book_width():
    # CV with the KL (log) criterion over the listing's {1, 5, 10}: with every fold solved to its
    # optimum, κ = 1 wins (spec §12.C's κ = 5 came from the listing's iteration stopping short)
    x, y = _kliep_demo()
    r = kliep_cv(x, y, random_state=0)
    assert r.best_sigma == 1.0 and r.fold_scores.shape == (3, 5)
    assert r.scores[0] == r.scores.max()
    listing = kliep_cv(x, y, criterion="listing", random_state=0)
    assert listing.criterion == "listing" and np.all(listing.scores > 0)
    with pytest.raises(ValueError, match="criterion"):
        kliep_cv(x, y, criterion="auc")


def r_best(x, y) -> float:
    return kliep_cv(x, y, random_state=0).best_sigma


def test_kliep_centre_subset_and_chunked_scoring():
    # n_centers ≥ n' draws nothing (the book's fit, bit for bit); fewer centres are a subset of x′
    x, y = _kliep_demo()
    full = KLIEP(5, random_state=0).fit(x, y)
    same = KLIEP(5, random_state=0, n_centers=100).fit(x, y)
    np.testing.assert_array_equal(full.alpha_, same.alpha_)
    sub = KLIEP(5, random_state=0, n_centers=20).fit(x, y)
    assert sub.centers_.shape == (20, 1) and np.isin(sub.centers_, x).all()
    np.testing.assert_allclose(sub.score_samples(y).mean(), 1.0, rtol=1e-10)
    assert kliep_cv(x, y, random_state=0, n_centers=100).best_sigma == r_best(x, y)
    # scoring many new points goes in chunks: same numbers as one block
    import algorithms.anomaly as anomaly

    X = _lof_demo()
    Q = np.random.default_rng(2).uniform(-12, 16, (50, 2))
    lof, svdd = LocalOutlierFactor(3).fit(X), SVDD(0.05, 1.0).fit(X)
    whole = lof.score_samples(Q), svdd.decision_function(Q)
    chunk, anomaly.CHUNK = anomaly.CHUNK, 7
    try:
        np.testing.assert_allclose(lof.score_samples(Q), whole[0], rtol=1e-12)
        np.testing.assert_allclose(svdd.decision_function(Q), whole[1], rtol=1e-12)
    finally:
        anomaly.CHUNK = chunk


@pytest.mark.parametrize("sigma", [1.0, None])
def test_svdd_kernel_row_cache_takes_the_same_steps(sigma):
    # 0.002 MB holds 6 of the 150 kernel rows: rows are computed on demand, the steps are the same
    # until the first near-tie of i or j, which the last bit of a kernel value decides (a row alone
    # or a block of the whole K); the optimum is the same to the tolerance
    X = np.random.default_rng(5).normal(size=(150, 2))
    whole = SVDD(0.05, sigma, n_snapshots=10_000).fit(X)
    cached = SVDD(0.05, sigma, cache_size=0.002, n_snapshots=10_000).fit(X)
    assert whole.kernel_rows_computed_ == 0 and cached.kernel_rows_computed_ > 12 and cached.converged_
    K = X @ X.T if sigma is None else gaussian_kernel(X, X, sigma)
    _, tie = straightforward_svdd(K, 0.05, 1e-6, farthest_start(X, 0.05))
    assert tie >= 3
    for a, b in zip(cached.history_[:tie], whole.history_[:tie], strict=True):
        np.testing.assert_allclose(a.alpha, b.alpha, rtol=1e-9, atol=1e-15)
        assert a.objective == pytest.approx(b.objective, rel=1e-12)
    assert cached.history_[-1].objective == pytest.approx(whole.history_[-1].objective, rel=1e-10)
    np.testing.assert_allclose(cached.dist2_, whole.dist2_, atol=1e-5)
    assert cached.radius2_ == pytest.approx(whole.radius2_, abs=1e-6)
    np.testing.assert_array_equal(cached.predict(X), whole.predict(X))


def farthest_start(X, C):
    """SVDD's start as its docstring states it: C on the ⌊1/C⌋ points farthest from the mean, the
    rest of Σα = 1 on the next one."""
    a, left = np.zeros(len(X)), 1.0
    for i in sorted(range(len(X)), key=lambda i: (-np.sum((X[i] - X.mean(0)) ** 2), i)):
        a[i] = min(C, left)
        left -= a[i]
    return a


def _near_tie(values) -> bool:
    """The two largest values equal to 1e-9 (relative): round-off may decide which is the larger."""
    top = np.sort(values)[-2:]
    return len(top) == 2 and top[1] - top[0] <= 1e-9 * max(1.0, abs(top[1]))


def straightforward_svdd(K, C, tol, start, max_iter=10_000):
    """SVDD's SMO as its docstring states it, ∇ = 2Kα − diag K recomputed at every step: α after
    every step, and the first step whose i or j was a near-tie (after a pair step without clipping
    ∇_i = ∇_j exactly in exact arithmetic, so such ties are common)."""
    a, alphas, tie = start.copy(), {}, max_iter + 1
    for step in range(1, max_iter + 1):
        g = -(2 * K @ a - np.diag(K))                            # −∇
        up, low = a < C - 1e-12 * C, a > 1e-12 * C
        i = int(np.argmax(np.where(up, g, -np.inf)))
        if g[i] - np.where(low, g, np.inf).min() <= tol:
            break
        curv = np.maximum(K[i, i] + np.diag(K) - 2 * K[i], 1e-12)
        gain = np.where(low & (g < g[i]), (g[i] - g) ** 2 / curv, -1.0)
        j = int(np.argmax(gain))
        if _near_tie(g[up]) or _near_tie(np.sqrt(gain[gain > 0])):
            tie = min(tie, step)
        delta = min((g[i] - g[j]) / (2 * curv[j]), C - a[i], a[j])
        a[i] += delta
        a[j] -= delta
        a[i] = C if C - a[i] < 1e-12 * C else a[i]
        a[j] = 0.0 if a[j] < 1e-12 * C else a[j]
        alphas[step] = a.copy()
    return alphas, tie


@pytest.mark.parametrize("C, sigma", [(0.05, 1.0), (0.2, 0.5), (0.05, None)])
def test_svdd_takes_the_steps_of_the_straightforward_loop(C, sigma):
    # the incremental ∇ (one difference of kernel rows per step) and the choice of j by b/√a in
    # place of b²/a give the α of the plain loop at every recorded step before its first near-tie
    # of i or j, which round-off decides; both reach the same optimum
    X = np.random.default_rng(7).normal(size=(70, 2))
    model = SVDD(C, sigma, tol=1e-6, n_snapshots=10_000).fit(X)
    K = X @ X.T if sigma is None else gaussian_kernel(X, X, sigma)
    np.testing.assert_allclose(model.history_[0].alpha, farthest_start(X, C), rtol=0, atol=1e-15)
    alphas, tie = straightforward_svdd(K, C, 1e-6, farthest_start(X, C))
    assert model.converged_ and min(tie - 1, len(alphas)) >= 2
    for step in model.history_[1:tie]:
        np.testing.assert_allclose(step.alpha, alphas[step.step], rtol=0, atol=1e-10 * C)
    a = alphas[len(alphas)]
    assert model.history_[-1].objective == pytest.approx(a @ np.diag(K) - a @ K @ a, abs=1e-6)
    np.testing.assert_allclose(model.alpha_, a, atol=1e-3 * C)


@pytest.mark.parametrize("features", [1, 2, 3])  # squared_distances' direct sum, then its expansion
def test_svdd_kernel_rows_are_the_gaussian_kernel_rows(features):
    from algorithms.anomaly import _gaussian_rows
    X = np.random.default_rng(8).normal(size=(50, features)) * 3 + 1e3
    X[7] = X[3]                                                  # identical rows: exactly 1
    row = _gaussian_rows(X, 0.7)
    for i in (0, 3, 7, 49):
        np.testing.assert_array_equal(row(i), gaussian_kernel(X[i:i + 1], X, 0.7)[0])
    assert row(3)[7] == 1.0


def test_svdd_recorded_dual_is_the_dual_of_the_recorded_alpha():
    X = np.random.default_rng(6).normal(size=(80, 2))
    model = SVDD(0.1, 1.0).fit(X)
    K = np.exp(-((X[:, None, :] - X[None, :, :]) ** 2).sum(-1) / 2)
    for step in model.history_:
        assert step.objective == pytest.approx(step.alpha.sum() - step.alpha @ K @ step.alpha, abs=1e-12)


@pytest.mark.parametrize("C, sigma", [(0.05, 1.0), (0.2, 0.5), (0.05, None), (0.013, 2.0), (1.0, 1.0)])
def test_svdd_start_changes_no_result(C, sigma):
    # from the farthest points (issue 18) SMO reaches the optimum it reached from α = 1/n, the
    # start before: the same dual to the tolerance, α, R², support vectors and predictions
    X = np.random.default_rng(9).normal(size=(80, 2))
    X[5] = X[6]                                                  # a duplicate point
    model = SVDD(C, sigma, tol=1e-6).fit(X)
    K = X @ X.T if sigma is None else gaussian_kernel(X, X, sigma)
    steps, _ = straightforward_svdd(K, C, 1e-6, np.full(80, 1 / 80))
    a = steps[len(steps)]
    assert model.history_[-1].objective == pytest.approx(a @ np.diag(K) - a @ K @ a, abs=1e-6)

    def merged(alpha):                                           # X[5] = X[6]: only their sum is fixed
        return np.r_[alpha[:5], alpha[5] + alpha[6], alpha[7:]]

    np.testing.assert_allclose(merged(model.alpha_), merged(a), atol=2e-3 * C)
    np.testing.assert_array_equal(merged(model.alpha_) > 1e-8 * C, merged(a) > 1e-8 * C)
    d2 = np.diag(K) - 2 * K @ a + a @ K @ a
    assert model.radius2_ == pytest.approx(d2[(a > 1e-8 * C) & (a < C - 1e-8 * C)].mean(), abs=1e-5)
    np.testing.assert_array_equal(model.predict(X), np.where(d2 <= model.radius2_ + 1e-6, 1, -1))


def test_svdd_training_kernel_is_the_gaussian_kernel():
    # the fit's n × n matrix (in place, on centred data) against gaussian_kernel: far from the origin
    # too, and identical rows exactly 1
    X = np.random.default_rng(8).normal(size=(50, 3)) * 3 + 1e3
    X[7] = X[3]
    K = SVDD(0.1, 0.7)._training_kernel(X)(X, X)
    np.testing.assert_allclose(K, gaussian_kernel(X, X, 0.7), rtol=0, atol=1e-14)
    assert K[3, 7] == K[7, 3] == 1.0 and np.all(np.diag(K) == 1.0)


# α·cos(0, 1, …, n − 1) and the dual of every recorded α (n_snapshots = 12), recorded with the
# SVDD of 7fe206e before the issue-18 speed round: (data, parameters, steps, kernel rows computed
# on demand, duals, fingerprints, final fingerprint)
RECORDED_SVDD = [
    ("blob", dict(C=0.01, sigma=1.0), [0, 1, 3, 8, 23, 66, 82], 0,
     [0.8286639957268286, 0.8304813906737909, 0.8332952937085886, 0.8368997940093512,
      0.8373272179909216, 0.8373292842313127, 0.8373292847800128],
     [0.08861267374303791, 0.0838685093417986, 0.08876789180217204, 0.06638437085912857,
      0.06918497596046438, 0.0961403099428294, 0.09631752143161416], 0.09631752143161416),
    ("cached", dict(C=0.02, sigma=1.0, cache_size=0.02), [0, 1, 3, 8, 23, 66, 187, 292], 443,
     [0.8102920359477701, 0.8222898016639227, 0.8424278332229431, 0.8734378349649973,
      0.8906835227094512, 0.8910800870227911, 0.89108461572963, 0.8910846203797985],
     [-0.03958364292960985, -0.0545646420189429, -0.12239079648096358, -0.11741973517901963,
      -0.19313821315335666, -0.15773918294333394, -0.172408631673866, -0.1723641783848484],
     -0.1723641783848484),
    ("linear", dict(C=0.05, sigma=None), [0, 1, 3, 8, 13], 0,
     [7.602220838427556, 7.6721352669383265, 7.682756772636793, 7.682966563818482, 7.682966598825203],
     [-0.36607946124790036, -0.40673259221798724, -0.32101667195191785, -0.3095701565888056,
      -0.3095261755823889], -0.3095261755823888),
]


@pytest.mark.parametrize("kind, params, steps, rows, duals, prints, final", RECORDED_SVDD)
def test_svdd_gives_the_recorded_alpha_and_history(kind, params, steps, rows, duals, prints, final):
    # the whole K, rows on demand in a 6-row cache, the linear kernel: the α and dual of every
    # recorded step as before the speed round, to 1e-12
    X = {"blob": lambda: np.random.default_rng(0).normal(size=(500, 2)),
         "cached": lambda: np.random.default_rng(1).normal(size=(200, 2)) * [1, 2],
         "linear": lambda: np.random.default_rng(2).normal(size=(150, 3)) + 5}[kind]()
    model = SVDD(**params, n_snapshots=12).fit(X)
    w = np.cos(np.arange(len(X)))
    assert [h.step for h in model.history_] == steps and model.n_iter_ == steps[-1]
    assert model.kernel_rows_computed_ == rows
    np.testing.assert_allclose([h.objective for h in model.history_], duals, rtol=0, atol=1e-12)
    np.testing.assert_allclose([h.alpha @ w for h in model.history_], prints, rtol=0, atol=1e-12)
    assert model.alpha_ @ w == pytest.approx(final, abs=1e-12)


@pytest.mark.parametrize("n, C, cache_size", [(2, 0.5, 200.0), (3, 0.4, 200.0), (150, 0.007, 200.0),
                                              (300, 0.005, 0.01)])
def test_svdd_start_gradient_adds_the_rows_one_by_one(n, C, cache_size):
    # the rows of the start's support summed in blocks (one sum over axis 0 each): the numbers of
    # the loop ∇ += 2α_i K_i·, bit for bit, whole K or rows on demand (3 blocks of 64 at n = 150)
    from algorithms.anomaly import _gaussian_rows
    from algorithms.svm import _KernelRows
    X = np.random.default_rng(10).normal(size=(n, 2))
    model = SVDD(C, 0.8, cache_size=cache_size)
    rows = _KernelRows(X, model._training_kernel(X), cache_size, lambda cols: _gaussian_rows(X, 0.8))
    Kd = np.ones(n)
    rows.use_diag(Kd)
    alpha = model._initial_alpha(X, C)
    grad = -Kd
    for i in np.flatnonzero(alpha):
        grad += (2.0 * alpha[i]) * rows.row(i)
    np.testing.assert_array_equal(model._start_gradient(rows, alpha, Kd), grad)
