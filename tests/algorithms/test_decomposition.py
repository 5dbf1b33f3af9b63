"""Tests for algorithms.decomposition: PCA, LPP, kernel PCA, Laplacian eigenmaps, FA, ICA."""

import numpy as np
import pytest
from scipy.sparse import issparse
from sklearn import decomposition as skd

import algorithms.decomposition as dec
from algorithms import ICA
from algorithms import LPP
from algorithms import PCA
from algorithms import FactorAnalysis
from algorithms import KernelPCA
from algorithms import LaplacianEigenmap
from algorithms import class_separation
from algorithms import cocktail_party
from algorithms import curse_of_dimensionality
from algorithms import distance_contrast
from algorithms import fa_posterior
from algorithms import from_polar
from algorithms import graph_components
from algorithms import inscribed_ball_volume
from algorithms import knn_graph
from algorithms import laplacian_eigenvectors
from algorithms import match_sources
from algorithms import rank_correlation
from algorithms import samples_for_density
from algorithms import sparse_knn_graph
from algorithms import to_polar


def _elongated(n=100, seed=0):
    """Sugiyama Fig 13.6 data set 1: x⁽¹⁾ ~ N(0, 2²), x⁽²⁾ ~ N(0, 1)."""
    rng = np.random.default_rng(seed)
    return np.c_[2 * rng.standard_normal(n), rng.standard_normal(n)]


def _stripes(n=100, seed=0):
    """Sugiyama Fig 13.6/13.10 data set 2: two horizontal stripes at y = ±1."""
    rng = np.random.default_rng(seed)
    return np.c_[2 * rng.standard_normal(n),
                 2 * np.round(rng.random(n)) - 1 + rng.standard_normal(n) / 3]


# ------------------------------------------------------------------------------------------ PCA

def test_pca_book_identities():
    X = np.random.default_rng(1).standard_normal((60, 4)) @ np.diag([3, 2, 1, 0.5])
    pca = PCA(n_components=2).fit(X)
    Z = pca.transform(X)
    # Sugiyama §13.2: Σ z zᵀ = diag(λ1..λm), with C = Σ x xᵀ (no 1/n)
    np.testing.assert_allclose(Z.T @ Z, np.diag(pca.eigenvalues_), atol=1e-9)
    Xc = X - X.mean(0)
    C = Xc.T @ Xc
    lam = np.sort(np.linalg.eigvalsh(C))[::-1]
    np.testing.assert_allclose(pca.eigenvalues_, lam[:2], rtol=1e-10)
    # reconstruction error = tr(C) − tr(TCTᵀ)
    np.testing.assert_allclose(pca.reconstruction_error(X), np.trace(C) - lam[:2].sum(), rtol=1e-9)
    np.testing.assert_allclose(pca.components_ @ pca.components_.T, np.eye(2), atol=1e-12)
    # sign convention: the largest-|·| entry of every component is positive
    assert np.all(pca.components_[np.arange(2), np.abs(pca.components_).argmax(1)] > 0)


def test_pca_on_stripes_picks_horizontal_axis():
    # Sugiyama Fig 13.5: PCA picks the horizontal direction on the stripes data (var 4 vs ≈1.11)
    X = _stripes(2000, seed=3)
    pca = PCA(n_components=1).fit(X)
    assert abs(pca.components_[0, 0]) > 0.99
    np.testing.assert_allclose(pca.explained_variance_[0], 4.0, rtol=0.1)


@pytest.mark.parametrize("seed", range(3))
def test_pca_matches_sklearn(seed):
    # parity: components equal up to sign (atol 1e-8); explained variance and ratio rtol 1e-10
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((80, 5)) @ rng.standard_normal((5, 5)) + rng.standard_normal(5)
    ours = PCA(n_components=3).fit(X)
    ref = skd.PCA(n_components=3, svd_solver="full").fit(X)
    for a, b in zip(ours.components_, ref.components_, strict=True):
        assert min(np.abs(a - b).max(), np.abs(a + b).max()) < 1e-8
    np.testing.assert_allclose(ours.explained_variance_, ref.explained_variance_, rtol=1e-10)
    np.testing.assert_allclose(ours.explained_variance_ratio_, ref.explained_variance_ratio_,
                               rtol=1e-10)
    np.testing.assert_allclose(ours.mean_, ref.mean_, rtol=1e-12)
    np.testing.assert_allclose(np.abs(ours.transform(X)), np.abs(ref.transform(X)), atol=1e-8)


def test_pca_inverse_transform_round_trip():
    X = np.random.default_rng(0).standard_normal((30, 3))
    full = PCA(n_components=3).fit(X)
    np.testing.assert_allclose(full.inverse_transform(full.transform(X)), X, atol=1e-10)
    one = PCA(n_components=1).fit(X)
    Xh = one.inverse_transform(one.fit_transform(X))
    np.testing.assert_allclose(((X - X.mean(0) - (Xh - X.mean(0))) ** 2).sum(),
                               one.reconstruction_error(X), rtol=1e-10)


def test_pca_standardize_and_degenerate():
    X = np.c_[np.arange(10.0) * 1000, np.arange(10.0) % 3]
    z = PCA(n_components=1, standardize=True).fit(X)
    assert abs(z.components_[0, 0]) < 0.99          # both features matter after scaling
    same = PCA(n_components=1).fit(np.ones((5, 2)))
    np.testing.assert_array_equal(same.explained_variance_ratio_, [0.0])
    assert np.all(np.isfinite(same.transform(np.ones((2, 2)))))


@pytest.mark.parametrize("X, m", [(np.ones((1, 3)), 1), (np.ones((5, 2)), 3),
                                  (np.ones((2, 5)), 3), (np.ones((5, 2)), 0),
                                  (np.array([[1.0, np.nan], [2, 3]]), 1)])
def test_pca_rejects_bad_input(X, m):
    with pytest.raises(ValueError):
        PCA(n_components=m).fit(X)


def test_pca_transform_checks_width():
    pca = PCA(n_components=1).fit(np.random.default_rng(0).standard_normal((10, 3)))
    with pytest.raises(ValueError, match="features"):
        pca.transform(np.zeros((2, 2)))


# --------------------------------------------------------------------------------------- graphs

def test_knn_graph_matches_the_listing_rule():
    X = np.random.default_rng(2).standard_normal((40, 2))
    k = 4
    W = knn_graph(X, k)
    d = ((X[:, None] - X[None]) ** 2).sum(-1)
    p = np.sort(d, axis=0)
    listing = d <= p[k][None, :]                 # MATLAB d <= ones(n,1)*p(k+1,:)
    np.testing.assert_array_equal(W, (listing | listing.T).astype(float))
    assert np.all(np.diag(W) == 1) and np.all(W == W.T)
    assert np.all(W.sum(0) >= k + 1)
    assert np.all(np.diag(knn_graph(X, k, self_loops=False)) == 0)


def test_graph_components_and_laplacian_eigenvectors():
    X = np.r_[np.random.default_rng(0).standard_normal((30, 2)),
              np.random.default_rng(1).standard_normal((30, 2)) + 50]
    W = knn_graph(X, 3)
    n_comp, lab = graph_components(W)
    assert n_comp == 2 and len(set(lab[:30])) == 1 and lab[0] != lab[-1]
    lam, V = laplacian_eigenvectors(W, 2)
    D = W.sum(1)
    L = np.diag(D) - W
    np.testing.assert_allclose(L @ V, (D[:, None] * V) * lam, atol=1e-9)   # Lα = λDα
    np.testing.assert_allclose(V.T @ (D[:, None] * V), np.eye(2), atol=1e-9)
    np.testing.assert_allclose(D @ V, 0.0, atol=1e-9)                        # D-orthogonal to 1
    assert lam[0] < 1e-10                      # two components: a second zero eigenvalue
    assert np.unique(V[:, 0].round(8)).size == 2


# ------------------------------------------------------------------------------------------ LPP

def test_lpp_solves_the_generalized_eigenproblem():
    X = _elongated(80, seed=4)
    for kw in ({}, {"n_neighbors": 6}, {"t": 1.5}):
        lpp = LPP(n_components=2, **kw).fit(X)
        Xc = X - X.mean(0)
        W = lpp.affinity_matrix_
        D = np.diag(W.sum(1))
        A, B = Xc.T @ (D - W) @ Xc, Xc.T @ D @ Xc
        for lam, t in zip(lpp.eigenvalues_, lpp.projection_, strict=True):
            np.testing.assert_allclose(A @ t, lam * B @ t, atol=1e-8 * np.abs(A).max())
            np.testing.assert_allclose(t @ B @ t, 1.0, rtol=1e-8)     # book's constraint
        assert lpp.eigenvalues_[0] <= lpp.eigenvalues_[1]
        np.testing.assert_allclose(np.linalg.norm(lpp.components_, axis=1), 1.0)
        np.testing.assert_allclose(lpp.laplacian_scatter_, A, atol=1e-10 * np.abs(A).max())
        np.testing.assert_allclose(lpp.degree_scatter_, B, rtol=1e-12)


def test_class_separation_is_between_over_within_variance():
    rng = np.random.default_rng(0)
    labels = np.repeat(["a", "b", "c"], [10, 20, 30])
    z = rng.standard_normal(60) + np.repeat([0.0, 3.0, -2.0], [10, 20, 30])
    groups = [z[labels == c] for c in "abc"]
    within = sum(((g - g.mean()) ** 2).sum() for g in groups) / 60
    between = sum(len(g) * (g.mean() - z.mean()) ** 2 for g in groups) / 60
    assert class_separation(z, labels) == pytest.approx(between / within, rel=1e-12)
    assert between + within == pytest.approx(z.var(), rel=1e-12)         # the variance splits in two
    assert class_separation(np.array([1.0, 1.0, 2.0, 2.0]), np.array([0, 0, 1, 1])) is None
    assert class_separation(np.array([1.0, 1.5, 1.0, 1.5]), np.array([0, 1, 1, 0])) == 0.0


def test_lpp_keeps_stripes_where_pca_does_not():
    # Sugiyama Figs 13.5/13.9: on the stripes PCA is horizontal, LPP (heat kernel, 2t² = 1)
    # vertical. With the book's noise sd 1/3 the two directions nearly tie at n = 100 (the answer
    # depends on the draw), so this uses sd 1/10, where the book's statement holds robustly.
    rng = np.random.default_rng(5)
    X = np.c_[2 * rng.standard_normal(200), 2 * np.round(rng.random(200)) - 1
              + rng.standard_normal(200) / 10]
    assert abs(LPP(1).fit(X).components_[0, 1]) > 0.98
    assert abs(PCA(1).fit(X).components_[0, 0]) > 0.98


def test_lpp_rejects_two_similarities():
    with pytest.raises(ValueError, match="either"):
        LPP(1, n_neighbors=5, t=1.0).fit(_elongated(20))


# ----------------------------------------------------------------------------------- kernel PCA

@pytest.mark.parametrize("h", [0.5, 1.0, 3.0])
def test_kernel_pca_matches_sklearn(h):
    # parity: eigenvalues rtol 1e-9, embedding up to sign atol 1e-8 (gamma = 1/(2h²))
    X = np.random.default_rng(0).standard_normal((120, 2))
    ours = KernelPCA(n_components=3, h=h).fit(X)
    ref = skd.KernelPCA(n_components=3, kernel="rbf", gamma=1 / (2 * h * h)).fit(X)
    np.testing.assert_allclose(ours.eigenvalues_, ref.eigenvalues_, rtol=1e-9)
    np.testing.assert_allclose(np.abs(ours.embedding_), np.abs(ref.transform(X)), atol=1e-8)
    Xt = np.random.default_rng(1).standard_normal((7, 2))
    np.testing.assert_allclose(np.abs(ours.transform(Xt)), np.abs(ref.transform(Xt)), atol=1e-8)
    np.testing.assert_allclose(ours.transform(X), ours.embedding_, atol=1e-9)
    # Sugiyama §13.4: ‖ξ_j‖ = √λ_j, i.e. Σ_i z_ij² = λ_j
    np.testing.assert_allclose((ours.embedding_**2).sum(0), ours.eigenvalues_, rtol=1e-9)


def test_polar_map_round_trip():
    X = np.random.default_rng(0).standard_normal((10, 2))
    np.testing.assert_allclose(from_polar(to_polar(X)), X, atol=1e-12)


# -------------------------------------------------------------------------- Laplacian eigenmaps

def test_laplacian_eigenmap_unrolls_the_swiss_roll():
    # Sugiyama Fig 13.14 listing at n = 500, k = 10: the first coordinate follows the roll angle
    rng = np.random.default_rng(0)
    n = 500
    a = 3 * np.pi * rng.random(n)
    X = np.c_[a * np.cos(a), 30 * rng.random(n), a * np.sin(a)]
    le = LaplacianEigenmap(n_components=2, n_neighbors=10).fit(X)
    assert le.n_connected_components_ == 1 and le.warning_ is None
    assert abs(np.corrcoef(le.embedding_[:, 0], a)[0, 1]) > 0.9
    W = le.affinity_matrix_
    D = W.sum(1)
    np.testing.assert_allclose((np.diag(D) - W) @ np.ones(n), 0.0, atol=1e-12)   # L1 = 0
    np.testing.assert_allclose(D @ le.embedding_, 0.0, atol=1e-8)
    assert np.all(np.diff(le.eigenvalues_) >= 0) and le.eigenvalues_[0] > 0


def test_rank_correlation_is_spearmans_rho_in_absolute_value():
    from scipy.stats import spearmanr

    rng = np.random.default_rng(1)
    a = rng.standard_normal(50)
    b = a + 0.5 * rng.standard_normal(50)
    assert rank_correlation(a, b) == pytest.approx(spearmanr(a, b).statistic, rel=1e-12)
    assert rank_correlation(a, -np.exp(a)) == pytest.approx(1.0)          # any monotone map, either way
    assert rank_correlation(a, None) is None and rank_correlation(a[:2], b[:2]) is None


def test_laplacian_eigenmap_warns_on_disconnected_graph():
    X = np.r_[np.random.default_rng(0).standard_normal((20, 2)),
              np.random.default_rng(1).standard_normal((20, 2)) + 100]
    le = LaplacianEigenmap(2, 3).fit(X)
    assert le.n_connected_components_ == 2 and "2 connected components" in le.warning_


@pytest.mark.parametrize("k", [0, 40, 2.5])
def test_laplacian_eigenmap_rejects_bad_k(k):
    with pytest.raises(ValueError, match="neighbours"):
        LaplacianEigenmap(2, k).fit(np.random.default_rng(0).standard_normal((40, 2)))


# ------------------------------------------------------------------------------ factor analysis

def _fa_data(m=400, seed=0, shift=0.0):
    rng = np.random.default_rng(seed)
    Lam = np.array([[2.0, 0.0], [1.0, 1.0], [0.5, -1.5], [1.5, 0.5], [0.0, 1.0]])
    psi = np.array([0.3, 0.5, 0.2, 0.4, 0.6])
    Z = rng.standard_normal((m, 2))
    return Z @ Lam.T + rng.standard_normal((m, 5)) * np.sqrt(psi) + shift, Lam, psi


def test_factor_analysis_em_is_monotone_and_fits_the_covariance():
    X, Lam, psi = _fa_data()
    fa = FactorAnalysis(n_components=2, random_state=0, max_iter=3000, tol=1e-10).fit(X)
    ll = np.array([s.log_likelihood for s in fa.history_])
    assert np.all(np.diff(ll) >= -1e-9 * abs(ll[-1]))          # EM never decreases ℓ
    assert fa.history_[0].step == 0 and fa.n_iter_ == len(fa.history_) - 1
    assert not fa.history_[1].loadings.flags.writeable
    np.testing.assert_allclose(fa.get_covariance(), Lam @ Lam.T + np.diag(psi), atol=0.5)
    # parity with scikit-learn's (SVD-based) maximum-likelihood FA: same optimum, per-sample ℓ
    # within 2e-3 (EM converges slowly; ours is never worse than scikit-learn's by more)
    ref = skd.FactorAnalysis(n_components=2, tol=1e-10, max_iter=5000).fit(X)
    assert abs(fa.score(X) - ref.score(X)) < 2e-3
    np.testing.assert_allclose(fa.log_likelihood_ / len(X), fa.score(X), rtol=1e-10)


def test_factor_analysis_uses_centred_psi_update():
    # erratum K.14: the seed's Ψ update with uncentred x is wrong when μ ≠ 0; the corrected
    # update makes the fit translation invariant
    X, _, _ = _fa_data(seed=1)
    a = FactorAnalysis(2, random_state=3, max_iter=200).fit(X)
    b = FactorAnalysis(2, random_state=3, max_iter=200).fit(X + 100.0)
    np.testing.assert_allclose(a.noise_variance_, b.noise_variance_, rtol=1e-6)
    np.testing.assert_allclose(a.loadings_, b.loadings_, rtol=1e-5, atol=1e-8)
    np.testing.assert_allclose(a.transform(X), b.transform(X + 100.0), atol=1e-6)


def test_factor_analysis_em_is_the_per_sample_em_of_the_notes():
    # CS229 M45 (8) with the sums over samples written out: every step's Λ, Ψ and ℓ to 1e-10
    rng = np.random.default_rng(0)
    X = rng.normal(size=(300, 2)) @ rng.normal(size=(2, 5)) + 0.5 * rng.normal(size=(300, 5))
    fa = FactorAnalysis(2, max_iter=40, tol=0.0, random_state=0).fit(X)
    Xc = X - X.mean(0)
    Lam, psi = fa.history_[0].loadings, fa.history_[0].psi
    for step in fa.history_[1:]:
        beta = Lam.T @ np.linalg.inv(Lam @ Lam.T + np.diag(psi))
        Mu = Xc @ beta.T                                          # μ_{z|x} of every sample
        Sigma_z = np.eye(2) - beta @ Lam
        Ezz = sum(np.outer(mu, mu) + Sigma_z for mu in Mu)
        Lam = sum(np.outer(x, mu) for x, mu in zip(Xc, Mu, strict=True)) @ np.linalg.inv(Ezz)
        psi = np.mean([x * x - 2 * x * (Lam @ mu) for x, mu in zip(Xc, Mu, strict=True)], 0) \
            + np.diag(Lam @ Ezz @ Lam.T) / len(X)
        np.testing.assert_allclose(step.loadings, Lam, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(step.psi, psi, rtol=1e-10)
    assert len(fa.history_) == 41


def test_fa_posterior_is_the_e_step():
    X, _, _ = _fa_data(seed=2)
    fa = FactorAnalysis(2, random_state=0, max_iter=50).fit(X)
    Lam, psi = fa.loadings_, fa.noise_variance_
    beta, sigma_z = fa_posterior(Lam, psi)
    inv = np.linalg.inv(Lam @ Lam.T + np.diag(psi))
    np.testing.assert_allclose(beta, Lam.T @ inv, rtol=1e-10)
    np.testing.assert_allclose(sigma_z, np.eye(2) - Lam.T @ inv @ Lam, rtol=1e-10, atol=1e-12)
    # Woodbury: Σ_{z|x} = (I + ΛᵀΨ⁻¹Λ)⁻¹, the form the EM loop uses
    np.testing.assert_allclose(sigma_z, np.linalg.inv(np.eye(2) + Lam.T @ (Lam / psi[:, None])), rtol=1e-8)
    np.testing.assert_allclose(fa.transform(X), (X - fa.mean_) @ beta.T, rtol=1e-12)
    beta1, sigma1 = fa_posterior([[2.0], [0.0]], [1.0, 1.0])   # one factor: β = λ/(λ² + ψ) on x₁
    np.testing.assert_allclose(beta1, [[0.4, 0.0]])
    np.testing.assert_allclose(sigma1, [[0.2]])


# ------------------------------------------------------------------------------------------ ICA

def _match_abs_corr(R, S):
    C = np.abs(np.corrcoef(R.T, S.T)[: R.shape[1], R.shape[1]:])
    return C.max(0)


@pytest.mark.parametrize("n_sources, batch_size, alpha", [(2, 1, 0.01), (3, 1, 0.01), (3, 20, 0.1)])
def test_ica_separates_the_cocktail_party(n_sources, batch_size, alpha):
    # CS229 M47 oracle: recovered sources match the true ones up to permutation/scale/sign,
    # |corr| > 0.95 (on super-Gaussian, speech-like sources; see the ICA docstring)
    X, S, A = cocktail_party(1000, n_sources, random_state=0)
    ica = ICA(alpha=alpha, n_epochs=10, batch_size=batch_size, random_state=0).fit(X)
    assert np.all(_match_abs_corr(ica.transform(X), S) > 0.95)
    ll = [s.log_likelihood for s in ica.history_]
    assert len(ica.history_) == 11 and ll[-1] > ll[0]
    np.testing.assert_allclose(ica.mixing_ @ ica.unmixing_, np.eye(n_sources), atol=1e-10)
    assert not ica.diverged_


def test_match_sources_undoes_permutation_sign_and_scale():
    _, S, _ = cocktail_party(500, 3, random_state=2)
    R = np.c_[-3.0 * S[:, 2] + 1.0, 0.5 * S[:, 0], -S[:, 1]]
    matched, corr = match_sources(R, S)
    np.testing.assert_allclose(matched, S, atol=1e-10)
    np.testing.assert_allclose(corr, 1.0)
    noisy = R + 0.3 * np.random.default_rng(0).standard_normal(R.shape)
    matched, corr = match_sources(noisy, S)
    expected = [abs(np.corrcoef(noisy[:, i], S[:, j])[0, 1]) for j, i in enumerate((1, 2, 0))]
    np.testing.assert_allclose(corr, expected, rtol=1e-12)
    np.testing.assert_allclose(matched.mean(0), S.mean(0), atol=1e-12)
    np.testing.assert_allclose(matched.std(0), S.std(0), rtol=1e-12)


def test_ica_without_whitening_and_gaussian_failure():
    X, S, _ = cocktail_party(800, 2, kind="laplace", random_state=1)
    ica = ICA(alpha=0.005, n_epochs=15, whiten=False, random_state=0).fit(X)
    assert np.all(_match_abs_corr(ica.transform(X), S) > 0.9)
    with pytest.raises(ValueError, match="kind"):
        cocktail_party(10, 2, kind="music")
    with pytest.raises(ValueError, match="linearly dependent"):
        ICA().fit(np.c_[np.arange(10.0), 2 * np.arange(10.0)])


# ---------------------------------------------------------------------- curse of dimensionality

def test_curse_of_dimensionality_book_numbers():
    # Sugiyama §13.0: 5^10 ≈ 10^7; inscribed-ball volume 0.79 (d = 2), 0.52 (d = 3), → 0
    assert samples_for_density(10) == 9_765_625
    v = inscribed_ball_volume([1, 2, 3, 5, 10])
    np.testing.assert_allclose(v, [1.0, np.pi / 4, np.pi / 6, 0.1644934, 0.0024904], rtol=1e-5)
    assert round(float(v[1]), 2) == 0.79 and round(float(v[2]), 2) == 0.52
    c = curse_of_dimensionality(range(1, 31))
    assert np.all(np.diff(c.ball_volume) < 0) and c.ball_volume[-1] < 1e-10
    contrast = distance_contrast([2, 100], random_state=0)
    assert contrast[0] > 5 * contrast[1]
    with pytest.raises(ValueError):
        inscribed_ball_volume(0)


# ------------------------------------------------------------------- iterative eigensolvers

def test_large_problems_use_lanczos_with_the_dense_answer():
    # above ITERATIVE_FROM samples kernel PCA and Laplacian eigenmaps use ARPACK: same eigenvalues
    # (rtol 1e-9) and the same vectors up to sign as the dense LAPACK solution
    from algorithms.decomposition import ITERATIVE_FROM
    from algorithms.decomposition import _eigh_subset
    from algorithms.decomposition import knn_graph

    rng = np.random.default_rng(0)
    n = ITERATIVE_FROM + 200
    a = 3 * np.pi * rng.random(n)
    X = np.c_[a * np.cos(a), 30 * rng.random(n), a * np.sin(a)]
    kp = KernelPCA(n_components=2, h=3.0).fit(X)
    ref = skd.KernelPCA(n_components=2, kernel="rbf", gamma=1 / 18, eigen_solver="dense").fit(X)
    np.testing.assert_allclose(kp.eigenvalues_, ref.eigenvalues_, rtol=1e-9)
    np.testing.assert_allclose(np.abs(kp.embedding_), np.abs(ref.transform(X)), atol=1e-7)
    W = knn_graph(X, 10)
    lam, V = laplacian_eigenvectors(W, 2)
    deg = W.sum(1)
    s = 1 / np.sqrt(deg)
    A = s[:, None] * W * s[None, :] - 2 * np.outer(np.sqrt(deg), np.sqrt(deg)) / deg.sum()
    mu, U = _eigh_subset((A + A.T) / 2, None, n - 2, n - 1)
    np.testing.assert_allclose(lam, np.sort(1 - mu), rtol=1e-9)
    np.testing.assert_allclose(np.abs(V), np.abs(s[:, None] * U[:, ::-1]), atol=1e-8)


def test_laplacian_eigenmap_of_a_large_connected_graph_is_the_generalized_eigenproblem():
    # shift-invert Lanczos above ITERATIVE_FROM gives Lα = λDα of the listing to 1e-10 (Sugiyama (13.2))
    import scipy.linalg

    from algorithms.decomposition import ITERATIVE_FROM

    rng = np.random.default_rng(5)
    a = 3 * np.pi * rng.random(ITERATIVE_FROM + 100)
    X = np.c_[a * np.cos(a), 30 * rng.random(len(a)), a * np.sin(a)]
    le = LaplacianEigenmap(2, 10).fit(X)
    assert le.n_connected_components_ == 1
    W = le.affinity_matrix_
    D = np.diag(W.sum(1))
    lam, V = scipy.linalg.eigh(D - W, D, subset_by_index=[1, 2])
    V = V * np.sign(V[np.abs(V).argmax(0), [0, 1]])                  # largest-|·| entry positive
    np.testing.assert_allclose(le.eigenvalues_, lam, atol=1e-12)
    np.testing.assert_allclose(le.embedding_, V, atol=1e-10)


@pytest.mark.parametrize("kind", ["speech", "laplace", "uniform"])
def test_fastica_solver_matches_scikit_learn_up_to_sign_and_permutation(kind):
    X, S, _ = cocktail_party(2000, 3, kind=kind, random_state=4)
    ours = ICA(solver="fastica", n_epochs=200, tol=1e-8, random_state=0).fit(X)
    sk = skd.FastICA(3, whiten="unit-variance", tol=1e-8, max_iter=200, random_state=0).fit(X)
    assert ours.converged_ and 2 < len(ours.history_) < 201
    C = np.corrcoef(ours.transform(X).T, sk.transform(X).T)[:3, 3:]
    np.testing.assert_allclose(np.sort(np.abs(C), axis=1)[:, -1], 1.0, atol=1e-6)   # one partner each
    assert sorted(np.abs(C).argmax(1)) == [0, 1, 2]
    np.testing.assert_allclose(np.cov(ours.transform(X).T, bias=True), np.eye(3), atol=1e-8)
    W = ours.W_
    np.testing.assert_allclose(W @ W.T, np.eye(3), atol=1e-12)       # orthogonal after each update
    # FastICA (unlike the sigmoid likelihood) also separates sub-Gaussian sources
    assert np.all(_match_abs_corr(ours.transform(X), S) > 0.95)


def test_fastica_input_checks():
    X, _, _ = cocktail_party(200, 2, random_state=0)
    with pytest.raises(ValueError, match="solver"):
        ICA(solver="newton").fit(X)
    with pytest.raises(ValueError, match="whiten"):
        ICA(solver="fastica", whiten=False).fit(X)
    short = ICA(solver="fastica", n_epochs=1, tol=1e-12, random_state=0).fit(X)
    assert not short.converged_ and len(short.history_) == 2


# ------------------------------------------------------------------- sparse k-NN graph (large n)

@pytest.mark.parametrize("d", [3, 12])                           # k-d tree, distance blocks
@pytest.mark.parametrize("k", [1, 5, 12])
def test_sparse_knn_graph_has_the_entries_of_the_dense_listing_graph(k, d):
    X = np.random.default_rng(k).normal(size=(300, d))
    X[7] = X[3]                                                   # a duplicate: distance 0 ties
    X[20] = 2 * X[19] - X[18]                                     # x₁₈ and x₂₀ equally far from x₁₉
    dense = knn_graph(X, k)
    sparse = sparse_knn_graph(X, k)
    np.testing.assert_array_equal(sparse.toarray(), dense)
    np.testing.assert_array_equal(LaplacianEigenmap(1, k).fit(X).affinity_matrix_, dense)  # estimators' W
    np.testing.assert_array_equal(sparse_knn_graph(X, k, self_loops=False).toarray(), knn_graph(X, k, False))


@pytest.mark.parametrize("gap", [0.0, 30.0])                    # connected, and two components
def test_laplacian_eigenvectors_of_the_sparse_graph_equal_the_dense_ones(gap):
    rng = np.random.default_rng(1)
    X = np.r_[rng.normal(size=(250, 2)), rng.normal(size=(250, 2)) + [gap, 0.0]]
    dense_lam, dense_V = laplacian_eigenvectors(knn_graph(X, 8), 1 if gap else 3)
    lam, V = laplacian_eigenvectors(sparse_knn_graph(X, 8), 1 if gap else 3)
    np.testing.assert_allclose(lam, dense_lam, atol=1e-10)
    np.testing.assert_allclose(V, dense_V, atol=1e-8)


def test_laplacian_eigenmap_switches_to_the_sparse_graph_at_sparse_from(monkeypatch):
    X = np.random.default_rng(2).normal(size=(120, 3))
    dense = LaplacianEigenmap(2, 6).fit(X)
    monkeypatch.setattr(dec, "SPARSE_FROM", 100)
    sparse = LaplacianEigenmap(2, 6).fit(X)
    assert not issparse(dense.affinity_matrix_) and issparse(sparse.affinity_matrix_)
    np.testing.assert_allclose(sparse.eigenvalues_, dense.eigenvalues_, atol=1e-10)
    np.testing.assert_allclose(sparse.embedding_, dense.embedding_, atol=1e-8)


@pytest.mark.parametrize("n_sources, batch_size, alpha",
                         [(2, 1, 0.01), (3, 1, 0.01), (3, 50, 0.1), (3, 7, 0.05),
                          (2, 30, 0.05), (3, 30, 0.05), (4, 30, 0.05), (1, 30, 0.05)])  # last batch of 10
def test_ica_epochs_are_the_written_out_rule(n_sources, batch_size, alpha):
    """W += α((1 − 2g(Wx))xᵀ + (Wᵀ)⁻¹) per sample, or averaged over mini-batches of a permutation
    per epoch, in numpy with np.linalg.inv: the same W after every epoch, and the same ℓ(W)."""
    if n_sources in (2, 3):
        X = cocktail_party(700, n_sources, random_state=3)[0]
    else:                                           # Laplace sources, a random mixing; np.linalg.inv
        X = np.random.default_rng(3).laplace(size=(700, n_sources)) @ np.random.default_rng(4).normal(
            size=(n_sources, n_sources))
    ica = ICA(alpha, 6, batch_size=batch_size, random_state=5).fit(X)
    Xw = (X - X.mean(0)) @ ica.whitening_.T
    rng, W = np.random.default_rng(5), np.eye(n_sources)
    for step in ica.history_[1:]:
        xs = Xw[rng.permutation(len(X))]
        for start in range(0, len(X), batch_size):
            xb = xs[start:start + batch_size]
            g = 1 / (1 + np.exp(-xb @ W.T))
            W = W + alpha * ((1 - 2 * g).T @ xb / len(xb) + np.linalg.inv(W).T)
        np.testing.assert_allclose(step.W, W, rtol=1e-12, atol=1e-12)
        z = Xw @ W.T
        ll = np.sum(np.log(1 / (2 + 2 * np.cosh(z)))) + len(X) * np.log(abs(np.linalg.det(W)))
        assert step.log_likelihood == pytest.approx(ll, rel=1e-12)
    assert len(ica.history_) == 7 and not ica.diverged_


@pytest.mark.parametrize("n_sources", [1, 2, 3, 4])
def test_ica_mini_batch_epochs_reuse_their_buffers(n_sources):
    """Two epochs in different orders on the same buffers: each is the written-out averaged rule on its
    own order (Xw untouched, a last batch of 13 scaled by α/13), and a singular W gives None."""
    rng = np.random.default_rng(n_sources)
    Xw = rng.laplace(size=(113, n_sources))
    kept = Xw.copy()
    epochs = dec._MiniBatchEpochs(Xw, 0.05, 20)
    W = np.eye(n_sources) + 0.1 * rng.normal(size=(n_sources, n_sources))
    for order in (rng.permutation(113), rng.permutation(113)):
        expected = W.copy()
        for start in range(0, 113, 20):
            xb = Xw[order[start:start + 20]]
            expected = expected + 0.05 * (-np.tanh(xb @ expected.T / 2).T @ xb / len(xb)
                                          + np.linalg.inv(expected).T)
        W = epochs.epoch(order, W)
        np.testing.assert_allclose(W, expected, rtol=1e-12, atol=1e-13)
    np.testing.assert_array_equal(Xw, kept)
    assert epochs.epoch(rng.permutation(113), np.zeros((n_sources, n_sources))) is None


@pytest.mark.parametrize("n_sources", [2, 3])
def test_ica_per_sample_rule_keeps_no_object_per_sample(n_sources):
    """The per-sample loop reads its samples from column lists: n row lists alive at once would set off
    the garbage collector (a full pass over every object of the process, tens of ms in the app)."""
    import gc

    X = cocktail_party(3000, n_sources, random_state=0)[0]
    passes = []

    def count(phase, info):
        if phase == "start":
            passes.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        ica = ICA(0.01, 2, random_state=0).fit(X)
    finally:
        gc.callbacks.remove(count)
    assert passes == [] and len(ica.history_) == 3
