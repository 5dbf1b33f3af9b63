"""Degenerate data and extreme hyperparameters for every estimator (property-based, hypothesis).

Duplicate points, a single class, fewer samples than clusters or components, constant features,
points on a line (singular covariances), widths near zero or huge, C and λ at the slider ends.
Each estimator must either fit and give finite outputs, or raise a ValueError with its own
message: never a bare LinAlgError, IndexError, ZeroDivisionError, never NaN in silence.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import algorithms as A

OUTPUT_METHODS = ("predict", "predict_proba", "decision_function", "transform", "score_samples")
OUTPUT_ATTRIBUTES = ("labels_", "embedding_", "lof_", "theta_", "components_", "alpha_")

REGRESSORS = {
    "LinearRegression": lambda: A.LinearRegression(),
    "Ridge λ=1e-6": lambda: A.Ridge(1e-6),
    "Ridge λ=1e3": lambda: A.Ridge(1e3),
    "Ridge polynomial": lambda: A.Ridge(1e-6, A.PolynomialBasis(9)),
    "KernelRidge h=1e-8": lambda: A.KernelRidge(1e-8, 0.1),
    "KernelRidge h=1e8 λ=1e-6": lambda: A.KernelRidge(1e8, 1e-6),
    "SubspaceLeastSquares": lambda: A.SubspaceLeastSquares(1, A.TrigonometricBasis(2)),
    "SGDRegressor": lambda: A.SGDRegressor(0.1, max_iter=300, random_state=0),
    "GradientDescentRegressor": lambda: A.GradientDescentRegressor(0.01, max_iter=50),
    "LWR τ=1e-6": lambda: A.LocallyWeightedRegression(1e-6),
    "LWR τ=1e6": lambda: A.LocallyWeightedRegression(1e6),
    "DecisionTreeRegressor": lambda: A.DecisionTreeRegressor(max_depth=3),
    "GradientBoostingRegressor": lambda: A.GradientBoostingRegressor(5),
    "SecondOrderBoostingRegressor": lambda: A.SecondOrderBoostingRegressor(5),
}
CLASSIFIERS = {
    "LeastSquaresClassifier h=1e-8": lambda: A.LeastSquaresClassifier(1e-8, 0.01),
    "LeastSquaresClassifier linear": lambda: A.LeastSquaresClassifier(kernel="linear"),
    "Perceptron": lambda: A.Perceptron(max_epochs=5),
    "LogisticRegression newton": lambda: A.LogisticRegression(),
    "LogisticRegression gd λ=1e3": lambda: A.LogisticRegression(1e3, solver="gd", max_iter=50),
    "LogisticRegression sgd": lambda: A.LogisticRegression(solver="sgd", max_iter=100, random_state=0),
    "SoftmaxRegression": lambda: A.SoftmaxRegression(0.1),
    "LSPC h=1e-8": lambda: A.LSPC(1e-8, 0.1),
    "LSPC h=1e8": lambda: A.LSPC(1e8, 1e-6),
    "OneVsRest": lambda: A.OneVsRest(),
    "OneVsOne": lambda: A.OneVsOne(),
    "ECOC": lambda: A.ECOC(),
    "GDA shared": lambda: A.GaussianDiscriminantAnalysis(True),
    "GDA class-wise": lambda: A.GaussianDiscriminantAnalysis(False),
    "GaussianNaiveBayes": lambda: A.GaussianNaiveBayes(),
    "FisherLDA": lambda: A.FisherLDA(),
    "SVC linear C=1e-3": lambda: A.SVC(1e-3),
    "SVC gaussian C=1e3 σ=1e-6": lambda: A.SVC(1e3, kernel="gaussian", sigma=1e-6, max_iter=500),
    "SVC poly": lambda: A.SVC(1.0, kernel="poly", degree=3, max_iter=500),
    "RampSVC": lambda: A.RampSVC(max_iter=20),
    "DecisionTreeClassifier gini": lambda: A.DecisionTreeClassifier("gini"),
    "DecisionTreeClassifier gain ratio": lambda: A.DecisionTreeClassifier("gain_ratio"),
    "DecisionStump": lambda: A.DecisionStump(),
    "BaggingClassifier": lambda: A.BaggingClassifier(3, random_state=0),
    "RandomForestClassifier": lambda: A.RandomForestClassifier(3, random_state=0),
    "AdaBoostClassifier": lambda: A.AdaBoostClassifier(5),
    "GradientBoostingClassifier": lambda: A.GradientBoostingClassifier(5),
    "SecondOrderBoostingClassifier": lambda: A.SecondOrderBoostingClassifier(5),
}
UNSUPERVISED = {
    "KMeans k=3": lambda: A.KMeans(3, random_state=0),
    "KMeans random n_init=3": lambda: A.KMeans(3, init="random", n_init=3, random_state=0),
    "KernelKMeans h=1e-8": lambda: A.KernelKMeans(2, 1e-8, random_state=0),
    "SpectralClustering": lambda: A.SpectralClustering(2, 3, random_state=0),
    "DBSCAN": lambda: A.DBSCAN(0.5, 2),
    "GaussianMixture full": lambda: A.GaussianMixture(3, "full", max_iter=20, random_state=0),
    "GaussianMixture diag": lambda: A.GaussianMixture(2, "diag", max_iter=20, random_state=0),
    "GaussianMixture spherical": lambda: A.GaussianMixture(2, "spherical", max_iter=20, random_state=0),
    "GaussianMixture tied": lambda: A.GaussianMixture(2, "tied", max_iter=20, random_state=0),
    "HardEM": lambda: A.HardEM(2, random_state=0),
    "PCA 2": lambda: A.PCA(2),
    "LPP knn": lambda: A.LPP(1, n_neighbors=3),
    "LPP heat t=1e-6": lambda: A.LPP(1, t=1e-6),
    "KernelPCA h=1e-8": lambda: A.KernelPCA(2, 1e-8),
    "LaplacianEigenmap": lambda: A.LaplacianEigenmap(2, 3),
    "FactorAnalysis": lambda: A.FactorAnalysis(1, max_iter=50),
    "ICA": lambda: A.ICA(n_epochs=2, random_state=0),
    "LocalOutlierFactor": lambda: A.LocalOutlierFactor(3),
    "SVDD C=1 σ=1e-6": lambda: A.SVDD(1.0, 1e-6, max_iter=2000),
    "SVDD C=1e3 σ=1e6": lambda: A.SVDD(1e3, 1e6, max_iter=2000),
}

values = st.sampled_from([-2.0, -1.0, 0.0, 0.0, 1.0, 1.0, 3.5, 1e-9, 1e6])


@st.composite
def degenerate_data(draw, labels=(-1, 1)):
    """Small tables with repeated values, constant columns, collinear points and few classes."""
    n = draw(st.integers(1, 10))
    d = draw(st.integers(1, 3))
    rows = draw(st.lists(st.lists(values, min_size=d, max_size=d), min_size=n, max_size=n))
    X = np.array(rows, dtype=float)
    if draw(st.booleans()):
        X[:, -1] = X[:, 0] * 2.0  # collinear columns: singular covariance
    y = np.array(draw(st.lists(st.sampled_from(labels), min_size=n, max_size=n)))
    return X, y


def outputs(estimator, X):
    for name in OUTPUT_METHODS:
        method = getattr(estimator, name, None)
        if method is not None:
            try:
                yield name, method(X)
            except ValueError:
                pass
    for name in OUTPUT_ATTRIBUTES:
        if hasattr(estimator, name):
            yield name, getattr(estimator, name)


def fits_or_refuses(make, *fit_args):
    estimator = make()
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            estimator.fit(*fit_args)
        except ValueError as err:
            assert type(err) is ValueError, f"{type(err).__name__}: {err}"
            assert len(str(err)) > 10
            return
        for name, value in outputs(estimator, fit_args[0]):
            for array in map(np.asarray, value if isinstance(value, (list, tuple)) else [value]):
                if array.dtype.kind in "fc":
                    assert np.all(np.isfinite(array)), f"{name} has NaN/inf"


SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", REGRESSORS)
@SETTINGS
@given(data=degenerate_data(labels=(-1.0, 0.5, 2.0)))
def test_regressors(name, data):
    X, y = data
    fits_or_refuses(REGRESSORS[name], X, y.astype(float))


@pytest.mark.parametrize("name", CLASSIFIERS)
@SETTINGS
@given(data=degenerate_data(labels=(-1, 1, 2)))
def test_classifiers(name, data):
    fits_or_refuses(CLASSIFIERS[name], *data)


@pytest.mark.parametrize("name", UNSUPERVISED)
@SETTINGS
@given(data=degenerate_data())
def test_unsupervised(name, data):
    fits_or_refuses(UNSUPERVISED[name], data[0])


@SETTINGS
@given(normal=degenerate_data(), test=degenerate_data(), sigma=st.sampled_from([1e-8, 1.0, 1e8]))
def test_kliep(normal, test, sigma):
    fits_or_refuses(lambda: A.KLIEP(sigma, max_iter=50), normal[0][:, :1], test[0][:, :1])


@SETTINGS
@given(data=degenerate_data(labels=("yes", "no")))
def test_categorical_naive_bayes(data):
    X, y = data
    fits_or_refuses(lambda: A.CategoricalNaiveBayes(1.0), np.abs(np.round(X)) % 3, y)


ALL = {**REGRESSORS, **CLASSIFIERS, **UNSUPERVISED}
WELL_POSED = np.random.default_rng(0).normal(size=(30, 2)) + np.repeat([[0, 0], [3, 3]], 15, axis=0)


@pytest.mark.parametrize("name", ALL)
def test_new_data_with_another_number_of_features_is_refused_by_name(name):
    """predict / transform on a table with a column too many says so, instead of a shape error."""
    one_feature = name in ("Ridge polynomial", "SubspaceLeastSquares")  # bases defined on 1-D x only
    X = WELL_POSED[:, :1] if one_feature else WELL_POSED
    y = np.repeat([-1, 1], 15)
    estimator = ALL[name]()
    if name in UNSUPERVISED:
        estimator.fit(X)
    else:
        estimator.fit(X, y.astype(float) if name in REGRESSORS else y)
    wider = np.column_stack([X, X[:, :1]])
    methods = [m for m in OUTPUT_METHODS if hasattr(estimator, m)]
    for method in methods:
        with pytest.raises(ValueError, match="feature"):
            getattr(estimator, method)(wider)
