"""Semi-supervised learning: Laplacian-regularised least squares (Sugiyama ch. 16, §16.1–16.3).

A few labelled samples and many unlabelled ones; the graph Laplacian of the similarities makes the
learned function smooth along the data's manifold, so labels spread along each cluster.
"""

from __future__ import annotations

import numpy as np

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_array
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_X_y
from algorithms._base import gaussian_kernel
from algorithms._base import solve_pd
from algorithms.decomposition import knn_graph

__all__ = ["LapRLS", "LAPRLS_VARIANTS", "LAPRLS_MAX_SAMPLES", "graph_edges", "partial_labels"]

LAPRLS_VARIANTS = ("book", "exact")
LAPRLS_MAX_SAMPLES = 1000  # an (n × n) system with products K L K: about a second at this size


class LapRLS(BaseEstimator):
    """Laplacian-regularised least squares (Sugiyama §16.2, (16.1)–(16.3), Fig 16.4 listing).

    y holds +1 / −1 for the labelled samples and 0 for the unlabelled ones (the book's coding).
    Kernel model f(x) = Σ_j θ_j K(x, x_j) with Gaussian K of width ``h`` centred at *all* samples;
    similarity W = K (the listing), or K kept only on the k-nearest-neighbour graph
    (``n_neighbors``; OR rule, no self-loops); L = D − W. The minimiser of
    ½Σ_labelled (f(x_i) − y_i)² + (λ/2)‖θ‖² + (ν/4)Σ_ii' W_ii'(f(x_i) − f(x_i'))² is
    ``variant="exact"``: θ = (KJK + λI + νKLK)⁻¹Ky, J = diag(1 labelled, 0 unlabelled);
    ``variant="book"``: θ = (K² + λI + νKLK)⁻¹Ky, the book's form, which also pulls f towards the
    zero targets of the unlabelled samples (spec §16.A pitfall; the sign is what matters).
    ν = 0 is ordinary ℓ2-regularised kernel least squares on the labelled samples alone.
    """

    def __init__(self, lam: float = 1.0, nu: float = 10.0, h: float = 1.0, n_neighbors: int | None = None,
                 variant: str = "book"):
        self._store(locals())

    def fit(self, X, y) -> "LapRLS":
        X, y = check_X_y(X, y)
        if len(X) > LAPRLS_MAX_SAMPLES:
            raise ValueError(f"LapRLS centres a kernel at every point and solves an n × n system; use at "
                             f"most {LAPRLS_MAX_SAMPLES} points (got {len(X)}).")
        lam = check_positive(self.lam, "λ")
        nu = check_positive(self.nu, "ν", allow_zero=True)
        h = check_positive(self.h, "The kernel width h")
        if self.variant not in LAPRLS_VARIANTS:
            raise ValueError(f"variant must be one of {LAPRLS_VARIANTS}; got {self.variant!r}.")
        if not np.all(np.isin(y, (-1.0, 0.0, 1.0))):
            raise ValueError("y must be +1 or −1 for a labelled sample and 0 for an unlabelled one.")
        labelled = y != 0
        if not labelled.any():
            raise ValueError("No sample is labelled: label at least one point (+1 or −1) to learn from.")
        K = gaussian_kernel(X, X, h)
        W = K if self.n_neighbors is None else K * knn_graph(X, self.n_neighbors, self_loops=False)
        L = np.diag(W.sum(1)) - W
        KJ = K if self.variant == "book" else K * labelled[None, :]
        A = KJ @ K + lam * np.eye(len(X)) + nu * (K @ L @ K)
        self.coef_ = solve_pd(0.5 * (A + A.T), K @ y)
        self.X_fit_, self.similarity_, self.labelled_ = X, W, labelled
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> FloatArray:
        X = check_new_data(self, X, "n_features_in_")
        return gaussian_kernel(X, self.X_fit_, float(self.h)) @ self.coef_

    def predict(self, X) -> FloatArray:
        """+1 where f(x) ≥ 0, else −1 (the book shades sign(f))."""
        return np.where(self.decision_function(X) >= 0, 1.0, -1.0)

    def score(self, X, y) -> float:
        """Accuracy of :meth:`predict` against labels y = ±1."""
        return float(np.mean(self.predict(X) == np.asarray(y, dtype=float)))


def partial_labels(y, labelled=None) -> tuple[np.ndarray, FloatArray, FloatArray]:
    """Two-class labels y as the book's targets: returns (classes, truth, targets).

    ``classes`` sorted (``classes[1]`` ↦ +1), ``truth`` every sample's ±1, ``targets`` = truth on the
    ``labelled`` samples (a boolean mask) and 0 elsewhere. ``labelled=None`` labels the first sample
    of each class only (one label per class, as the book's two moons).
    """
    y = np.asarray(y)
    classes, first = np.unique(y, return_index=True)
    if len(classes) != 2:
        raise ValueError(f"Laplacian-regularised least squares separates two classes; the data have "
                         f"{len(classes)} ({classes.tolist()}).")
    truth = np.where(y == classes[1], 1.0, -1.0)
    if labelled is None:
        labelled = np.zeros(len(y), dtype=bool)
        labelled[first] = True
    labelled = np.asarray(labelled, dtype=bool)
    if labelled.shape != y.shape:
        raise ValueError(f"The labelled mask has {labelled.size} entries for {y.size} samples.")
    return classes, truth, np.where(labelled, truth, 0.0)


def graph_edges(W, threshold: float = 0.0) -> np.ndarray:
    """The edges (i, i'), i < i', of the similarity graph with W_ii' > threshold (Sugiyama Fig 16.5),
    strongest first."""
    W = check_array(W, name="W")
    i, j = np.nonzero(np.triu(W > threshold, k=1))
    order = np.argsort(-W[i, j], kind="stable")
    return np.column_stack([i[order], j[order]])
