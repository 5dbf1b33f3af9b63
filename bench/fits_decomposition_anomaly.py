"""Fit-time cases for dimensionality reduction and anomaly detection (the last two unsupervised pages)."""

import numpy as np
from sklearn import decomposition
from sklearn import manifold
from sklearn import neighbors
from sklearn import svm

from algorithms import ICA
from algorithms import KLIEP
from algorithms import LPP
from algorithms import PCA
from algorithms import SVDD
from algorithms import FactorAnalysis
from algorithms import KernelPCA
from algorithms import LaplacianEigenmap
from algorithms import LocalOutlierFactor
from algorithms import cocktail_party
from bench.core import FitCase


def correlated_data(n):
    """n points in 10-D with a decaying spectrum (PCA's case)."""
    rng = np.random.default_rng(0)
    return (rng.normal(size=(n, 10)) * np.linspace(3, 0.3, 10) @ rng.normal(size=(10, 10)),)


def plane_data(n):
    rng = np.random.default_rng(0)
    return (np.c_[2 * rng.normal(size=n), rng.normal(size=n)],)


def swiss_roll(n):
    rng = np.random.default_rng(0)
    a = 3 * np.pi * rng.random(n)
    return (np.c_[a * np.cos(a), 30 * rng.random(n), a * np.sin(a)],)


def factor_data(n):
    rng = np.random.default_rng(0)
    Lam = np.array([[2.0, 0.0], [1.0, 1.0], [0.5, -1.5], [1.5, 0.5], [0.0, 1.0]])
    return (rng.normal(size=(n, 2)) @ Lam.T + rng.normal(size=(n, 5)) * 0.5,)


def mixtures(n):
    return (cocktail_party(n, 3, random_state=0)[0],)


def lof_data(n):
    """Sugiyama Fig 12.2's layout: half uniform on [−10, 10]², half N(0, I), one planted point."""
    rng = np.random.default_rng(0)
    X = np.r_[(rng.random((n // 2, 2)) - 0.5) * 20, rng.normal(size=(n - n // 2, 2))]
    X[-1, 0] = 14
    return (X,)


def blob(n):
    return (np.random.default_rng(0).normal(size=(n, 2)),)


def kliep_data(n):
    rng = np.random.default_rng(0)
    x_test = rng.normal(size=(n, 1))
    x_test[-1] = 5
    return rng.normal(size=(n, 1)), x_test


CASES = [
    FitCase(
        "PCA (10-D)",
        lambda: PCA(2),
        lambda: decomposition.PCA(2, svd_solver="full"),
        correlated_data,
        goal=1.0,
    ),
    FitCase("LPP (heat kernel)", lambda: LPP(1), None, plane_data),
    FitCase(
        "KernelPCA(h=3)",
        lambda: KernelPCA(2, 3.0),
        lambda: decomposition.KernelPCA(2, kernel="rbf", gamma=1 / 18, eigen_solver="dense"),
        swiss_roll,
    ),
    # scikit-learn's spectral embedding normalises the Laplacian differently (same eigenvectors
    # up to scaling on a connected graph); the work is the same kNN graph plus an eigenproblem.
    FitCase(
        "LaplacianEigenmap(k=10)",
        lambda: LaplacianEigenmap(2, 10),
        lambda: manifold.SpectralEmbedding(
            2, affinity="nearest_neighbors", n_neighbors=10, eigen_solver="arpack", random_state=0
        ),
        swiss_roll,
    ),
    FitCase(
        "FactorAnalysis (EM, k=2)",
        lambda: FactorAnalysis(2, random_state=0),
        lambda: decomposition.FactorAnalysis(2),
        factor_data,
    ),
    # The notes' per-sample gradient ascent against scikit-learn's FastICA (a different algorithm).
    FitCase(
        "ICA (10 epochs, per sample)",
        lambda: ICA(0.01, 10, random_state=0),
        lambda: decomposition.FastICA(3, random_state=0),
        mixtures,
    ),
    FitCase(
        "ICA (10 epochs, mini-batches of 50)",
        lambda: ICA(0.1, 10, batch_size=50, random_state=0),
        lambda: decomposition.FastICA(3, random_state=0),
        mixtures,
    ),
    # The same fixed-point algorithm and tolerance as scikit-learn's.
    FitCase(
        "ICA (FastICA solver, tol 1e-4)",
        lambda: ICA(solver="fastica", n_epochs=200, random_state=0),
        lambda: decomposition.FastICA(3, random_state=0),
        mixtures,
        goal=2.0,
    ),
    FitCase(
        "LocalOutlierFactor(k=3)",
        lambda: LocalOutlierFactor(3),
        lambda: neighbors.LocalOutlierFactor(3),
        lof_data,
    ),
    # SVDD with K(x, x) = 1 is the ν-one-class SVM with ν = 1/(nC).
    FitCase("SVDD(C=0.05, σ=1)", lambda: _SVDDPerN(0.05), lambda: _OneClassPerN(0.05), blob),
    FitCase("KLIEP(κ=5), 100 centres", lambda: KLIEP(5.0, random_state=0, n_centers=100), None, kliep_data),
]


class _SVDDPerN:
    """C is given per n = 100 points; rescaled so that 1/(nC) (the share outside) stays 0.2."""

    def __init__(self, C100):
        self.C100 = C100

    def fit(self, X, y=None):
        return SVDD(self.C100 * 100 / len(X), 1.0).fit(X)


class _OneClassPerN:
    def __init__(self, C100):
        self.nu = 1 / (100 * C100)

    def fit(self, X, y=None):
        return svm.OneClassSVM(nu=self.nu, gamma=0.5).fit(X)
