"""Fit-time cases for the generative-models and SVM pages (issue 3).

Goals: every closed-form method no slower than scikit-learn's (ratio ≤ 1); SVC on 500 points within
3× scikit-learn's libsvm (same C, kernel and KKT tolerance 1e-3); the representer-theorem ridge solve
within 1.5× scikit-learn's KernelRidge (the same (K + mλI)α = y); SGD for kernel machines has no
scikit-learn counterpart.
"""

import numpy as np
from sklearn import discriminant_analysis
from sklearn import kernel_ridge
from sklearn import naive_bayes
from sklearn import svm

from algorithms import SVC
from algorithms import BernoulliNaiveBayes
from algorithms import CategoricalNaiveBayes
from algorithms import FisherLDA
from algorithms import GaussianDiscriminantAnalysis
from algorithms import GaussianNaiveBayes
from algorithms import KernelSGD
from algorithms import MultinomialNaiveBayes
from algorithms import RampSVC
from algorithms import RepresenterRidge
from bench.core import FitCase


def three_gaussians(n):
    """Three classes in 2-D with different covariances (GDA, QDA, naive Bayes, Fisher)."""
    rng = np.random.default_rng(0)
    counts = [n // 3, n // 3, n - 2 * (n // 3)]
    X = np.vstack(
        [rng.normal(size=(k, 2)) @ rng.normal(size=(2, 2)) * 0.7 + 2.0 * rng.normal(size=2) for k in counts]
    )
    return X, np.repeat([0, 1, 2], counts)


def categories(n):
    """Three categorical features with 3–5 levels and 2 classes (naive Bayes on codes)."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    X = np.column_stack([(rng.integers(0, levels, n) + y) % levels for levels in (3, 4, 5)])
    return X, y


def word_count_table(n):
    """n messages over a 50-word dictionary with class-dependent Poisson counts (naive Bayes for text)."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    return rng.poisson(rng.uniform(0.05, 1.0, (2, 50))[y]), y


def overlapping(n):
    """Two overlapping Gaussian classes, ±1 (the SVM cases of the algorithms tests)."""
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(-0.8, 1.0, (n // 2, 2)), rng.normal(0.8, 1.0, (n - n // 2, 2))])
    return X, np.r_[-np.ones(n // 2), np.ones(n - n // 2)]


def outliers(n):
    """Sugiyama DS-4 at size n: blobs at x1 = −15 (+1) and −5 (−1), two +1 points moved by +60."""
    rng = np.random.default_rng(0)
    X = np.c_[
        np.r_[rng.standard_normal(n // 2) - 15, rng.standard_normal(n - n // 2) - 5], rng.standard_normal(n)
    ]
    X[:2, 0] += 60
    return X, np.r_[np.ones(n // 2), -np.ones(n - n // 2)]


def _rbf(sigma):
    return {"kernel": "rbf", "gamma": 1 / (2 * sigma**2)}


CASES = [
    FitCase(
        "GaussianDiscriminantAnalysis (shared Σ)",
        GaussianDiscriminantAnalysis,
        lambda: discriminant_analysis.LinearDiscriminantAnalysis(solver="lsqr"),
        three_gaussians,
        goal=1.0,
    ),
    FitCase(
        "GaussianDiscriminantAnalysis (class-wise Σ)",
        lambda: GaussianDiscriminantAnalysis(shared_covariance=False),
        discriminant_analysis.QuadraticDiscriminantAnalysis,
        three_gaussians,
        goal=1.0,
    ),
    FitCase("GaussianNaiveBayes", GaussianNaiveBayes, naive_bayes.GaussianNB, three_gaussians, goal=1.0),
    FitCase(
        "CategoricalNaiveBayes(λ=1)",
        lambda: CategoricalNaiveBayes(lam=1.0),
        lambda: naive_bayes.CategoricalNB(alpha=1.0),
        categories,
        goal=1.0,
    ),
    FitCase(
        "BernoulliNaiveBayes(λ=1)",
        lambda: BernoulliNaiveBayes(1.0),
        lambda: naive_bayes.BernoulliNB(alpha=1.0),
        word_count_table,
        goal=1.0,
    ),
    FitCase(
        "MultinomialNaiveBayes(λ=1)",
        lambda: MultinomialNaiveBayes(1.0),
        lambda: naive_bayes.MultinomialNB(alpha=1.0),
        word_count_table,
        goal=1.0,
    ),
    FitCase(
        "FisherLDA",
        FisherLDA,
        lambda: discriminant_analysis.LinearDiscriminantAnalysis(solver="eigen"),
        three_gaussians,
        goal=1.0,
    ),
    FitCase(
        "SVC linear, C=1", lambda: SVC(C=1.0), lambda: svm.SVC(C=1.0, kernel="linear"), overlapping, goal=3.0
    ),
    FitCase(
        "SVC linear, C=10",
        lambda: SVC(C=10.0),
        lambda: svm.SVC(C=10.0, kernel="linear"),
        overlapping,
        goal=3.0,
    ),
    FitCase(
        "SVC Gaussian σ=1, C=1",
        lambda: SVC(C=1.0, kernel="gaussian", sigma=1.0),
        lambda: svm.SVC(C=1.0, **_rbf(1.0)),
        overlapping,
        goal=3.0,
    ),
    FitCase(
        "SVC Gaussian σ=1, C=10",
        lambda: SVC(C=10.0, kernel="gaussian", sigma=1.0),
        lambda: svm.SVC(C=10.0, **_rbf(1.0)),
        overlapping,
        goal=3.0,
    ),
    FitCase(
        "SVC polynomial p=3, c=1, C=1",      # at n = 5 000 SMO needs more than the default 100 000 steps
        lambda: SVC(C=1.0, kernel="poly", degree=3, coef0=1.0, max_iter=1_000_000),
        lambda: svm.SVC(C=1.0, kernel="poly", degree=3, coef0=1.0, gamma=1.0),
        overlapping,
        goal=3.0,
    ),
    FitCase("RampSVC (λ = η = 0.01)", RampSVC, None, outliers),
    FitCase(
        "RepresenterRidge Gaussian τ=1 (mλ = 1 at n = 500)",
        lambda: RepresenterRidge(kernel="gaussian", tau=1.0, lam=0.002),
        lambda: kernel_ridge.KernelRidge(alpha=1.0, **_rbf(1.0)),
        overlapping,
        goal=1.5,
    ),
    FitCase(
        "KernelSGD hinge τ=1 (Algorithm 1, 2 000 steps)", lambda: KernelSGD(n_iter=2000), None, overlapping
    ),
]
