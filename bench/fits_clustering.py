"""Fit-time cases for the clustering family (clustering and Gaussian-mixture pages).

Issue 5's goal: k-means and EM within 2× scikit-learn's time on 500 points. Ours also record every
half-step (``history_``) for the step-through; scikit-learn records nothing.
"""

import warnings

import numpy as np
from sklearn import cluster
from sklearn import mixture

from algorithms import DBSCAN
from algorithms import GaussianMixture
from algorithms import HardEM
from algorithms import KernelKMeans
from algorithms import KMeans
from algorithms import MinkowskiKMeans
from algorithms import SpectralClustering
from bench.core import FitCase


def blobs(n):
    """Sugiyama §14.1's three unit blobs at (−2, 0), (0, 4), (2, 0)."""
    rng = np.random.default_rng(0)
    centres = np.array([[-2.0, 0.0], [0.0, 4.0], [2.0, 0.0]])
    return (centres[np.arange(n) % 3] + rng.standard_normal((n, 2)),)


def spirals(n):
    """Sugiyama Fig 14.6's two spirals with uniform noise, centred."""
    rng = np.random.default_rng(1)
    a = np.linspace(0, 2 * np.pi, n // 2)
    X = np.r_[np.c_[a * np.cos(a), a * np.sin(a)], np.c_[(a + np.pi) * np.cos(a), (a + np.pi) * np.sin(a)]]
    X = X + rng.random(X.shape)
    return (X - X.mean(0),)


class _FirstCentres:
    """k-means from the first k samples, the same start for both sides (no random seeding cost)."""

    def __init__(self, make):
        self.make = make

    def fit(self, X):
        return self.make(X[:3]).fit(X)


class _Quiet:
    """scikit-learn's spectral embedding warns that the spirals' kNN graph is disconnected (it has
    the book's two components, one per spiral): time the fit without the warning."""

    def __init__(self, model):
        self.model = model

    def fit(self, X):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            return self.model.fit(X)


CASES = [
    FitCase(
        "KMeans (k = 3, given start)",
        lambda: _FirstCentres(lambda c: KMeans(3, init=c)),
        lambda: _FirstCentres(lambda c: cluster.KMeans(3, init=c, n_init=1, tol=0)),
        blobs,
        goal=2.0,
    ),
    FitCase(
        "KMeans (k = 3, k-means++, 10 restarts)",
        lambda: KMeans(3, n_init=10, random_state=0),
        lambda: cluster.KMeans(3, n_init=10, random_state=0),
        blobs,
        goal=2.0,
    ),
    FitCase(
        "GaussianMixture (full, k = 3, k-means start)",
        lambda: GaussianMixture(3, "full", 100, 1e-3, 0, "kmeans"),
        lambda: mixture.GaussianMixture(3, covariance_type="full", max_iter=100, tol=1e-3, random_state=0),
        blobs,
        goal=2.0,
    ),
    FitCase(
        "GaussianMixture (diag, k = 3, k-means start)",
        lambda: GaussianMixture(3, "diag", 100, 1e-3, 0, "kmeans"),
        lambda: mixture.GaussianMixture(3, covariance_type="diag", max_iter=100, tol=1e-3, random_state=0),
        blobs,
        goal=2.0,
    ),
    FitCase("HardEM (k = 3)", lambda: HardEM(3, random_state=0), None, blobs),
    FitCase(
        "MinkowskiKMeans (k = 3, p = 1, medians)",
        lambda: MinkowskiKMeans(3, 1.0, None, "median", init="random", random_state=0),
        None,
        blobs,
    ),
    FitCase("KernelKMeans (c = 2, h = 1)", lambda: KernelKMeans(2, 1.0, random_state=0), None, spirals),
    FitCase(
        "SpectralClustering (c = 2, k = 10)",
        lambda: SpectralClustering(2, 10, random_state=0),
        lambda: _Quiet(
            cluster.SpectralClustering(2, affinity="nearest_neighbors", n_neighbors=10, random_state=0)
        ),
        spirals,
    ),
    FitCase(
        "DBSCAN (ε = 0.5, MinPts = 5)",
        lambda: DBSCAN(0.5, 5),
        lambda: cluster.DBSCAN(0.5, min_samples=5),
        blobs,
    ),
]
