"""Fit-time cases for the sparse-learning page (lasso, elastic net, ℓ2,1, ℓp, wrapper search).

scikit-learn minimises (1/2n)‖y − Xw‖² + α·R(w); the book's J = ½‖y − Φθ‖² + λ·R(θ) matches with
α = λ/n (lasso, multi-task lasso) and nα = λ(1 + τ), l1_ratio = (1 − τ)/(1 + τ) (elastic net).
"""

from sklearn import linear_model

from algorithms import ElasticNet
from algorithms import GroupLasso
from algorithms import Lasso
from algorithms import LpRegression
from algorithms import forward_selection
from algorithms import relevant_features_data
from bench.core import FitCase

LAM, TAU = 20.0, 0.5


def features(n):
    return relevant_features_data(n, 10, 0.5, random_state=0)


def outputs(n):
    return relevant_features_data(n, 10, 0.5, n_outputs=3, random_state=0)


class _PerSample:
    """A scikit-learn estimator whose α is set from n at fit time (α = factor/n, the book's λ scaling)."""

    def __init__(self, make, factor, **kwargs):
        self.make, self.factor, self.kwargs = make, factor, kwargs

    def fit(self, X, y):
        return self.make(alpha=self.factor / len(X), tol=1e-8, **self.kwargs).fit(X, y)


class _ForwardSearch:
    """forward_selection as an estimator, for timing (CS229 M35: about d² CV fits)."""

    def fit(self, X, y):
        forward_selection(X, y)
        return self


CASES = [
    FitCase(
        "Lasso(λ=20), coordinate descent",
        lambda: Lasso(LAM, "cd"),
        lambda: _PerSample(linear_model.Lasso, LAM),
        features,
        goal=2.0,
    ),
    FitCase(
        "Lasso(λ=20), reweighted ℓ2 (book)",
        lambda: Lasso(LAM, "irls"),
        lambda: _PerSample(linear_model.Lasso, LAM),
        features,
        goal=2.0,
    ),
    FitCase(
        "ElasticNet(λ=20, τ=0.5)",
        lambda: ElasticNet(LAM, TAU),
        lambda: _PerSample(linear_model.ElasticNet, LAM * (1 + TAU), l1_ratio=(1 - TAU) / (1 + TAU)),
        features,
        goal=2.0,
    ),
    FitCase(
        "GroupLasso ℓ2,1 (λ=50, 3 outputs)",
        lambda: GroupLasso(50.0),
        lambda: _PerSample(linear_model.MultiTaskLasso, 50.0),
        outputs,
        goal=2.0,
    ),
    FitCase("LpRegression(p=0.5, λ=20)", lambda: LpRegression(0.5, LAM), None, features),
    FitCase("forward_selection (10 features, 5-fold CV)", _ForwardSearch, None, features),
]
