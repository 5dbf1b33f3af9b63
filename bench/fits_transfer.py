"""Fit-time cases for the transfer- and multi-task-learning pages (Sugiyama ch. 18–19)."""

import numpy as np
from sklearn import linear_model

from algorithms import LSDD
from algorithms import ClassBalanceLS
from algorithms import ImportanceWeightedLS
from algorithms import MultiOutputLS
from algorithms import MultiTaskLS
from algorithms import MultiTaskLSPC
from algorithms import RuLSIF
from algorithms import class_balance_sample
from algorithms import covariate_shift_sample
from algorithms import multi_output_sample
from algorithms import related_classification_sample
from algorithms import related_tasks_sample
from algorithms import relative_importance
from bench.core import FitCase


def shift_data(n):
    s = covariate_shift_sample(n, n)
    return s.X, s.y, relative_importance(*s.log_densities(s.X[:, 0]), 0.0)


def two_samples(n):
    rng = np.random.default_rng(0)
    return rng.standard_normal((n, 1)), rng.standard_normal((n, 1)) + 0.5


def balance_data(n):
    s = class_balance_sample(n, n, 0.8, 0.5)
    return s.X, s.y


def tasks_data(n):
    s = related_tasks_sample(4, max(n // 4, 2))
    return s.X, s.y, s.tasks


def class_tasks_data(n):
    s = related_classification_sample(4, max(n // 4, 2))
    return s.X, s.y, s.tasks


def outputs_data(n):
    s = multi_output_sample(4, n)
    return s.X, s.Y


CASES = [
    # Importance-weighted least squares is weighted least squares: scikit-learn's sample_weight.
    FitCase("ImportanceWeightedLS (true importance)", ImportanceWeightedLS, linear_model.LinearRegression,
            shift_data, goal=2.0),
    FitCase("ClassBalanceLS (test share 0.5)", lambda: ClassBalanceLS(0.5), None, balance_data),
    FitCase("RuLSIF (β = 0.5, 100 centres)", lambda: RuLSIF(0.5, 1.0, 0.01), None, two_samples),
    FitCase("LSDD (200 centres)", lambda: LSDD(1.0, 1.0), None, two_samples),
    FitCase("MultiTaskLS (T = 4, γ = 1)", lambda: MultiTaskLS(1.0, 0.1, 1.0), None, tasks_data),
    FitCase("MultiTaskLSPC (T = 4, γ = 1)", lambda: MultiTaskLSPC(1.0, 0.1, 1.0), None, class_tasks_data),
    FitCase("MultiOutputLS (Sylvester, T = 4)", lambda: MultiOutputLS(1.0, 0.1, 1.0), None, outputs_data),
    FitCase("MultiOutputLS (conjugate gradient, T = 4)", lambda: MultiOutputLS(1.0, 0.1, 1.0, "cg"), None,
            outputs_data),
]
