"""Generative classifiers: Gaussian discriminant analysis, naive Bayes, Fisher LDA, Bayes decisions.

CS229 Part IV (GDA and its link to logistic regression, naive Bayes, Laplace smoothing); Li Hang
ch. 4 (naive Bayes, Algorithm 4.1, Bayesian estimation (4.10)/(4.11), Examples 4.1/4.2); seed 003
§8 (Bayes decision theory, Gaussian naive Bayes, Laplace correction); seed 004 §2.6 and Sugiyama
§17.1.1 (Fisher discriminant analysis). Every model learns p(y) and p(x|y) and predicts with
Bayes' rule p(y|x) ∝ p(x|y)p(y); the argmax posterior is the Bayes decision for the 0/1 loss.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import scipy.linalg
from scipy.special import betaln
from scipy.special import expit
from scipy.special import logsumexp

from algorithms._base import BaseEstimator
from algorithms._base import FloatArray
from algorithms._base import check_classification_targets
from algorithms._base import check_is_fitted
from algorithms._base import check_new_data
from algorithms._base import check_positive
from algorithms._base import check_random_state
from algorithms.linear_classifiers import LogisticRegression
from algorithms.linear_classifiers import _check_int
from algorithms.linear_classifiers import _check_labels
from algorithms.linear_classifiers import _class_index
from algorithms.linear_classifiers import _dot_gram

__all__ = ["GaussianDiscriminantAnalysis", "GaussianNaiveBayes", "CategoricalNaiveBayes",
           "FisherLDA", "conditional_risk", "bayes_decision", "sigmoid", "gda_logistic_learning_curves",
           "equal_width_bins", "BetaBernoulli", "coin_flips", "coin_estimates",
           "TOY_SPAM_CORPUS", "tokenize", "build_vocabulary", "word_counts", "BernoulliNaiveBayes",
           "MultinomialNaiveBayes"]

_LOG_2PI = np.log(2.0 * np.pi)


def _posterior(log_joint: FloatArray) -> FloatArray:
    """Normalise log p(x, y) rows into p(y|x); rows that are all −inf become uniform."""
    norm = logsumexp(log_joint, axis=1, keepdims=True)
    with np.errstate(invalid="ignore"):
        post = np.exp(log_joint - norm)
    bad = ~np.isfinite(norm[:, 0])
    post[bad] = 1.0 / log_joint.shape[1]
    return post


def _cholesky_with_jitter(S: FloatArray, reg: float):
    """Cholesky factor of S + reg·I, adding the smallest jitter (×10 steps) that makes it definite.

    Returns (L, jitter). The jitter starts at 1e-10 × (mean diagonal, or 1 if that is 0).
    """
    d = S.shape[0]
    A = S + reg * np.eye(d)
    scale = float(np.trace(A)) / d
    scale = scale if scale > 0 else 1.0
    jitter = 0.0
    for _ in range(25):
        try:
            L = np.linalg.cholesky(A + jitter * np.eye(d))
            if np.all(np.diag(L) > 0):
                return L, jitter
        except np.linalg.LinAlgError:
            pass
        jitter = 1e-10 * scale if jitter == 0.0 else jitter * 10.0
    raise ValueError("The covariance could not be made positive definite; check the data for "
                     "constant or duplicated features.")


def _ellipse(mean, cov, n_std: float, n_points: int) -> FloatArray:
    """Points of the n_std Mahalanobis contour of N(mean, cov) in 2-D, shape (n_points, 2)."""
    vals, vecs = np.linalg.eigh(cov)
    angle = np.linspace(0.0, 2.0 * np.pi, n_points)
    circle = np.column_stack([np.cos(angle), np.sin(angle)])
    return mean + n_std * (circle * np.sqrt(np.maximum(vals, 0.0))) @ vecs.T


# ---------------------------------------------------------------------------------------------
# Gaussian discriminant analysis

class GaussianDiscriminantAnalysis(BaseEstimator):
    """Gaussian discriminant analysis (CS229 M18), for any number of classes.

    Maximum-likelihood fit of p(y = k) = φ_k = n_k/n and x | y = k ~ N(μ_k, Σ_k):

    * ``shared_covariance=True``: one Σ = (1/n)Σ_i (x_i − μ_{y_i})(x_i − μ_{y_i})ᵀ (CS229's GDA);
      the boundaries are linear and p(y|x) is a softmax of linear functions. For two classes
      p(classes_[1]|x) = 1/(1 + exp(−θᵀx̂)) exactly, with θ = ``logistic_theta_`` (CS229 §1.3):
      θ₁.. = Σ⁻¹(μ₁ − μ₀), θ₀ = ½μ₀ᵀΣ⁻¹μ₀ − ½μ₁ᵀΣ⁻¹μ₁ + log(φ/(1 − φ)).
      ``linear_coef_`` (d + 1, c) holds the same for every class (x̂ = (1, x)).
    * ``shared_covariance=False``: Σ_k = (1/n_k)Σ_{y_i = k}(x_i − μ_k)(x_i − μ_k)ᵀ (QDA; quadratic
      boundaries; an extension in CS229). Every class then needs ≥ 2 samples.

    Covariances are the maximum-likelihood ones (divided by n or n_k).
    ``reg`` is added to the diagonal; if a covariance is still singular (too few or collinear
    points) the smallest jitter that makes it positive definite is added and reported in
    ``jitter_`` (per class).
    """

    def __init__(self, shared_covariance: bool = True, reg: float = 0.0):
        self._store(locals())

    def fit(self, X, y) -> "GaussianDiscriminantAnalysis":
        X, y = _check_labels(X, y)
        reg = check_positive(self.reg, "reg", allow_zero=True)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        c, (n, d) = len(self.classes_), X.shape
        counts = np.bincount(idx, minlength=c)
        self.class_count_ = counts
        self.priors_ = counts / n
        self.means_ = np.array([X[idx == k].mean(0) for k in range(c)])
        R = X - self.means_[idx]
        if self.shared_covariance:
            S = R.T @ R / n
            L, jit = _cholesky_with_jitter(S, reg)
            self.covariance_ = S + (reg + jit) * np.eye(d)
            self.covariances_ = np.repeat(self.covariance_[None], c, axis=0)
            self._chol = [L] * c
            self.jitter_ = np.full(c, jit)
            inv_mu = scipy.linalg.cho_solve((L, True), self.means_.T)           # Σ⁻¹μ_k, (d, c)
            const = -0.5 * np.einsum("kd,dk->k", self.means_, inv_mu) + np.log(self.priors_)
            self.linear_coef_ = np.vstack([const, inv_mu])
            if c == 2:
                self.logistic_theta_ = self.linear_coef_[:, 1] - self.linear_coef_[:, 0]
        else:
            if np.any(counts < 2):
                raise ValueError("Class-wise covariances need at least 2 samples in every class; "
                                 "use shared_covariance=True for tiny classes.")
            covs, chols, jits = [], [], []
            for k in range(c):
                Rk = R[idx == k]
                S = Rk.T @ Rk / counts[k]
                L, jit = _cholesky_with_jitter(S, reg)
                covs.append(S + (reg + jit) * np.eye(d))
                chols.append(L)
                jits.append(jit)
            self.covariances_ = np.array(covs)
            self._chol = chols
            self.jitter_ = np.array(jits)
        self.n_features_in_ = d
        return self

    def log_joint(self, X) -> FloatArray:
        """log p(x | y = k) + log p(y = k), shape (n, c)."""
        X = check_new_data(self, X, "n_features_in_")
        d = X.shape[1]
        out = np.empty((len(X), len(self.classes_)))
        for k, L in enumerate(self._chol):
            L_inv = scipy.linalg.solve_triangular(L, np.eye(d), lower=True)
            Z = _dot_gram(X - self.means_[k], L_inv)                  # rows L⁻¹(x − μ_k)
            half_logdet = np.log(np.diag(L)).sum()
            out[:, k] = (-0.5 * (Z * Z).sum(1) - half_logdet - 0.5 * d * _LOG_2PI
                         + np.log(self.priors_[k]))
        return out

    def predict_proba(self, X) -> FloatArray:
        return _posterior(self.log_joint(X))

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.log_joint(X), axis=1)]

    def ellipses(self, n_std: float = 2.0, n_points: int = 100) -> list[FloatArray]:
        """The n_std-σ contour of each class Gaussian (2-D data only), one (n_points, 2) array each."""
        check_is_fitted(self, "means_")
        if self.n_features_in_ != 2:
            raise ValueError("Ellipses can be drawn for 2-D data only.")
        return [_ellipse(m, S, n_std, n_points) for m, S in zip(self.means_, self.covariances_, strict=True)]

    def shared_precision(self) -> FloatArray:
        """Σ⁻¹ of the shared covariance, the matrix in θ₁.. = Σ⁻¹(μ₁ − μ₀) (CS229 Part IV §1.3)."""
        check_is_fitted(self, "means_")
        if not self.shared_covariance:
            raise ValueError("Only shared_covariance=True has one Σ; class-wise Σ_k have one inverse each.")
        return np.linalg.inv(self.covariance_)


def sigmoid(z) -> FloatArray:
    """The logistic function 1/(1 + e^(−z)) (CS229 Part IV §1.3: GDA's p(y = 1 | x) in θᵀx̂), overflow-free."""
    return expit(np.asarray(z, dtype=float))


def gda_logistic_learning_curves(X, y, X_test, y_test, lam: float = 0.0, repeats: int = 4,
                                 random_state=0) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Test error of GDA and of logistic regression against the training size m (CS229 Part IV §1.3).

    GDA (shared Σ) needs fewer samples when x | y is Gaussian; logistic regression (λ, Newton,
    at most 50 steps) assumes less. Seven sizes m from min(6, n) to n, geometrically spaced; each
    m < n is averaged over ``repeats`` random subsets (m = n once). Subsets with a single class, or
    on which a fit fails, are skipped, and so is a size left with none. Returns (m, GDA error,
    logistic-regression error), one entry per size kept.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    rng = np.random.default_rng(random_state)
    n = len(y)
    sizes = np.unique(np.geomspace(min(6, n), n, 7).round().astype(int))
    used, gda, lr = [], [], []
    for m in sizes:
        e_gda, e_lr = [], []
        for _ in range(repeats if m < n else 1):
            pick = rng.choice(n, m, replace=False)
            if len(np.unique(y[pick])) < 2:
                continue
            try:
                g = GaussianDiscriminantAnalysis().fit(X[pick], y[pick])
                lo = LogisticRegression(lam=lam, solver="newton", max_iter=50).fit(X[pick], y[pick])
            except ValueError:
                continue
            e_gda.append(float(np.mean(g.predict(X_test) != y_test)))
            e_lr.append(float(np.mean(lo.predict(X_test) != y_test)))
        if e_gda:
            used.append(m)
            gda.append(np.mean(e_gda))
            lr.append(np.mean(e_lr))
    return np.array(used, float), np.array(gda), np.array(lr)


# ---------------------------------------------------------------------------------------------
# Naive Bayes

class GaussianNaiveBayes(BaseEstimator):
    """Gaussian naive Bayes (seed 003 (11); Li Hang §4.1 with Gaussian class conditionals).

    Features are independent given the class: p(x|y = k) = Π_j N(x_j; μ_kj, σ²_kj) with maximum-
    likelihood means and variances (divided by n_k), priors n_k/n. Each variance gets
    ``var_smoothing`` × the largest feature variance added (as scikit-learn), which keeps a
    constant feature inside a class from giving σ = 0; if every feature is constant, 1e-9 is
    added, and no variance is ever below 1e-12 × max(1, largest variance) (so even
    ``var_smoothing=0`` gives finite posteriors). The class Gaussians are axis-aligned
    (:meth:`ellipses`).
    """

    def __init__(self, var_smoothing: float = 1e-9):
        self._store(locals())

    def fit(self, X, y) -> "GaussianNaiveBayes":
        X, y = _check_labels(X, y)
        eps = check_positive(self.var_smoothing, "var_smoothing", allow_zero=True)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        c = len(self.classes_)
        counts = np.bincount(idx, minlength=c)
        self.class_count_ = counts
        self.priors_ = counts / len(X)
        self.means_ = np.array([X[idx == k].mean(0) for k in range(c)])
        var = np.array([X[idx == k].var(0) for k in range(c)])
        spread = float(np.var(X, axis=0).max())
        self.epsilon_ = eps * spread if spread > 0 else 1e-9
        floor = 1e-12 * max(spread, 1.0)          # keeps σ² > 0 even with var_smoothing = 0
        self.variances_ = np.maximum(var + self.epsilon_, floor)
        self.n_features_in_ = X.shape[1]
        return self

    def log_joint(self, X) -> FloatArray:
        """log p(y = k) + Σ_j log N(x_j; μ_kj, σ²_kj), shape (n, c)."""
        X = check_new_data(self, X, "n_features_in_")
        V = self.variances_
        const = -0.5 * np.log(2.0 * np.pi * V).sum(1) + np.log(self.priors_)
        quad = ((X[:, None, :] - self.means_[None]) ** 2 / V[None]).sum(2)
        return const[None, :] - 0.5 * quad

    def predict_proba(self, X) -> FloatArray:
        return _posterior(self.log_joint(X))

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.log_joint(X), axis=1)]

    def ellipses(self, n_std: float = 2.0, n_points: int = 100) -> list[FloatArray]:
        """Axis-aligned n_std-σ contours of each class (2-D data only)."""
        check_is_fitted(self, "means_")
        if self.n_features_in_ != 2:
            raise ValueError("Ellipses can be drawn for 2-D data only.")
        return [_ellipse(m, np.diag(v), n_std, n_points)
                for m, v in zip(self.means_, self.variances_, strict=True)]


class CategoricalNaiveBayes(BaseEstimator):
    """Naive Bayes on categorical features with Bayesian estimation (Li Hang Algorithm 4.1, §4.2.3).

    P_λ(Y = c_k) = (N_k + λ)/(N + Kλ) (4.11) and
    P_λ(X^(j) = a_jl | Y = c_k) = (N_{k,jl} + λ)/(N_k + S_j λ) (4.10);
    λ = 0 is maximum likelihood (Example 4.1), λ = 1 Laplace smoothing (Example 4.2). S_j is
    the number of *possible* values of feature j: ``categories`` declares them (one sequence
    per feature); by default they are the values seen in training, in order of first appearance
    (for Li Hang's Table 4.1 that is 1, 2, 3 and S, M, L, the book's order). X may hold numbers
    or strings. The classifier is ŷ = argmax_k P(Y = c_k) Π_j P(X^(j) = x^(j) | Y = c_k) (4.7); ties
    go to the first class in ``classes_``.

    The book prints unreduced fractions (3/9, 4/12): ``prior_numerators_``/``prior_denominator_``
    and ``cond_numerators_[j]`` (K × S_j) / ``cond_denominators_[j]`` (K,) hold them, and
    :meth:`score_fractions` gives the exact products (1/45 and 1/15 in Example 4.1). With λ = 0
    a value never seen with a class makes that product exactly 0 (log −∞); if every class
    scores 0 the posterior is uniform.
    """

    def __init__(self, lam: float = 1.0, categories=None):
        self._store(locals())

    def _check_X(self, X, n_features=None):
        """X as a table: a numeric array as it is (encoded with np.unique), anything else as objects."""
        numeric = isinstance(X, np.ndarray) and X.dtype.kind in "biuf"
        X = np.asarray(X) if numeric else np.asarray(X, dtype=object)
        if X.ndim == 1:
            X = X[:, None]
        if X.ndim != 2 or X.shape[1] == 0:
            raise ValueError("X must be a table of shape (n_samples, n_features).")
        if n_features is not None and X.shape[1] != n_features:
            raise ValueError(f"X has {X.shape[1]} features; the model was fitted on {n_features}.")
        return X

    def fit(self, X, y) -> "CategoricalNaiveBayes":
        X = self._check_X(X)
        y = np.asarray(y)
        if y.ndim != 1 or len(y) != len(X):
            raise ValueError(f"y must be one label per sample; X has {len(X)} samples.")
        if len(y) == 0:
            raise ValueError("X needs at least 1 sample(s); got 0.")
        lam = check_positive(self.lam, "λ", allow_zero=True)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        K, (N, n_feat) = len(self.classes_), X.shape
        columns = _distinct_values(X)
        if self.categories is None:
            cats = [values for values, _ in columns]
        else:
            if len(self.categories) != n_feat:
                raise ValueError(f"categories must list the possible values of each of the "
                                 f"{n_feat} features.")
            cats = [list(dict.fromkeys(list(c))) for c in self.categories]
        self.categories_ = [tuple(c) for c in cats]
        self._index = [{v: pos for pos, v in enumerate(c)} for c in cats]
        codes = self._encode(columns)
        self.class_count_ = np.bincount(idx, minlength=K)
        self.n_samples_ = N
        # N_{k,jl}: one bincount per feature over the combined code k·S_j + l
        self.feature_counts_ = [np.bincount(idx * S + codes[:, j], minlength=K * S).reshape(K, S)
                                for j, S in enumerate(map(len, cats))]
        self.lam_ = lam
        self.prior_numerators_ = self.class_count_ + lam
        self.prior_denominator_ = N + K * lam
        self.priors_ = self.prior_numerators_ / self.prior_denominator_
        self.cond_numerators_ = [cnt + lam for cnt in self.feature_counts_]
        self.cond_denominators_ = [self.class_count_ + len(c) * lam for c in cats]
        with np.errstate(invalid="ignore", divide="ignore"):
            self.conditionals_ = [num / den[:, None] for num, den in
                                  zip(self.cond_numerators_, self.cond_denominators_, strict=True)]
        self.n_features_in_ = n_feat
        return self

    def _encode(self, columns) -> np.ndarray:
        """The position of every value in ``categories_``, from :func:`_distinct_values` of X."""
        codes = np.empty((len(columns[0][1]), len(columns)), dtype=np.intp)
        for j, ((values, inverse), index) in enumerate(zip(columns, self._index, strict=True)):
            positions = [index.get(v, -1) for v in values]
            if -1 in positions:
                raise ValueError(f"Feature {j} has no category {values[positions.index(-1)]!r}; known values "
                                 f"are {list(index)}.")
            codes[:, j] = np.asarray(positions, dtype=np.intp)[inverse]
        return codes

    def _codes(self, X) -> np.ndarray:
        return self._encode(_distinct_values(self._check_X(X, self.n_features_in_)))

    def scores(self, X) -> FloatArray:
        """Unnormalised P(Y = c_k) Π_j P(X^(j) = x^(j) | Y = c_k), shape (n, K) (Algorithm 4.1 step 2)."""
        return np.exp(self.log_joint(X))

    def log_joint(self, X) -> FloatArray:
        check_is_fitted(self, "priors_")
        codes = self._codes(X)
        with np.errstate(divide="ignore"):
            out = np.tile(np.log(self.priors_), (len(codes), 1))
            for j, P in enumerate(self.conditionals_):
                out += np.log(np.nan_to_num(P, nan=0.0)).T[codes[:, j]]
        return out

    def predict_proba(self, X) -> FloatArray:
        return _posterior(self.log_joint(X))

    def predict(self, X) -> np.ndarray:
        return self.classes_[np.argmax(self.log_joint(X), axis=1)]

    def probability_tables(self) -> dict:
        """The estimates as the book prints them: unreduced "numerator/denominator" strings.

        ``{"prior": {class: "9/15", …}, "conditional": [{value: {class: "3/9", …}, …}, …]}``,
        one dict per feature, values in ``categories_`` order.
        """
        check_is_fitted(self, "priors_")

        def num(v) -> str:
            v = float(v)
            return str(int(v)) if v.is_integer() else f"{v:g}"

        classes = self.classes_.tolist()
        prior = {c: f"{num(self.prior_numerators_[k])}/{num(self.prior_denominator_)}"
                 for k, c in enumerate(classes)}
        conditional = []
        for j, cats in enumerate(self.categories_):
            nums, dens = self.cond_numerators_[j], self.cond_denominators_[j]
            conditional.append({v: {c: f"{num(nums[k, pos])}/{num(dens[k])}"
                                    for k, c in enumerate(classes)}
                                for pos, v in enumerate(cats)})
        return {"prior": prior, "conditional": conditional}

    def score_fractions(self, x) -> list[Fraction]:
        """Exact products P(Y = c_k) Π_j P(x^(j) | c_k) for one sample, as Fractions.

        λ is taken as the decimal it is written as (λ = 0.1 is 1/10, not the binary float).
        """
        check_is_fitted(self, "priors_")
        codes = self._codes([list(np.atleast_1d(np.asarray(x, dtype=object)))])[0]
        lam = Fraction(repr(float(self.lam_)))
        K = len(self.classes_)
        out = []
        for k in range(K):
            den = self.n_samples_ + K * lam
            value = (int(self.class_count_[k]) + lam) / den if den else Fraction(0)
            for j, counts in enumerate(self.feature_counts_):
                den = int(self.class_count_[k]) + len(self.categories_[j]) * lam
                value *= (int(counts[k, codes[j]]) + lam) / den if den else Fraction(0)
            out.append(value)
        return out


def _distinct_values(X) -> list[tuple[list, np.ndarray]]:
    """Per column of a table: its distinct values in order of first appearance and, for every sample,
    the position of its value among them. A missing value (None, NaN, ±inf) or one that cannot be a
    category (unhashable) raises ValueError."""
    columns = []
    for j in range(X.shape[1]):
        column = X[:, j]
        if column.dtype == object:
            seen: dict = {}
            try:
                inverse = np.array([seen.setdefault(v, len(seen)) for v in column.tolist()], dtype=np.intp)
            except TypeError:
                bad = next(v for v in column if getattr(v, "__hash__", None) is None)
                raise ValueError(f"Feature {j} holds {bad!r}, which cannot be a category.") from None
            values = list(seen)
        else:
            distinct, first, inverse = np.unique(column, return_index=True, return_inverse=True)
            order = np.argsort(first)
            rank = np.empty_like(order)
            rank[order] = np.arange(len(order))
            values, inverse = distinct[order].tolist(), rank[inverse]
        if any(v is None or (isinstance(v, float) and not np.isfinite(v)) for v in values):
            raise ValueError("X contains missing values; every feature needs a category.")
        columns.append((values, inverse))
    return columns


def equal_width_bins(X, n_bins: int) -> tuple[np.ndarray, list[FloatArray]]:
    """Continuous features cut into ``n_bins`` equal-width bins for a categorical naive Bayes.

    Li Hang ch. 4 and seed 003 §8.3 estimate P(X^(j) = a_jl | Y) for discrete values a_jl; binning
    makes a continuous feature discrete. The edges of feature j run from its minimum to its maximum
    (a constant feature gets unit-width bins centred on its value); the last bin includes its
    right edge. Returns (codes, edges): bin indices 0 … n_bins − 1 of shape X.shape, and the
    n_bins + 1 edges of every feature.
    """
    X = np.asarray(X, dtype=float)
    edges = [np.linspace(X[:, j].min(), X[:, j].max(), n_bins + 1) for j in range(X.shape[1])]
    for e in edges:
        if e[-1] <= e[0]:
            e[:] = e[0] + np.arange(n_bins + 1) - n_bins / 2
    codes = np.column_stack([np.clip(np.searchsorted(e, X[:, j], side="right") - 1, 0, n_bins - 1)
                             for j, e in enumerate(edges)])
    return codes, edges


# ---------------------------------------------------------------------------------------------
# Fisher linear discriminant analysis

class FisherLDA(BaseEstimator):
    """Fisher linear discriminant analysis (seed 004 §2.6; Sugiyama §17.1.1).

    Scatter matrices as sums (seed 004): S_W = Σ_k Σ_{y_i = k}(x_i − μ_k)(x_i − μ_k)ᵀ and
    S_B = Σ_k n_k (μ_k − μ)(μ_k − μ)ᵀ (for two classes S_B = (n₀n₁/n)(μ₁ − μ₀)(μ₁ − μ₀)ᵀ, a
    rescaling of seed 004's (μ₀ − μ₁)(μ₀ − μ₁)ᵀ that leaves the direction unchanged).

    * Two classes: w ∝ S_W⁻¹(μ₁ − μ₀) (seed 004's constructive solution), oriented towards
      ``classes_[1]``.
    * More classes: the generalised eigenproblem S_B ξ = λ S_W ξ, keeping the ``n_components``
      largest λ (default c − 1; S_B has rank ≤ c − 1, not d − 1 as the slide prints, so further
      directions have λ = 0 and are arbitrary). This is seed 004's determinant-ratio criterion.

    ``components_`` (m, d) holds unit-length directions (sign: largest |entry| positive, or
    towards class 1 for the two-class direction), ``eigenvalues_`` the Fisher ratios
    J(ξ) = ξᵀS_Bξ / ξᵀS_Wξ. ``transform`` projects the centred data (Sugiyama's convention).
    ``predict`` assigns the nearest projected class mean (an addition: the seed gives no
    threshold; for two classes ``threshold_`` is the midpoint of the projected means). A
    singular S_W (n ≤ d or collinear data) gets the smallest jitter that makes it definite
    (``jitter_``).
    """

    def __init__(self, n_components: int | None = None):
        self._store(locals())

    def fit(self, X, y) -> "FisherLDA":
        X, y = _check_labels(X, y)
        self.classes_ = check_classification_targets(y)
        idx = _class_index(y, self.classes_)
        c, d = len(self.classes_), X.shape[1]
        m = min(c - 1, d) if self.n_components is None else _check_int(self.n_components,
                                                                         "n_components")
        if m > d:
            raise ValueError(f"n_components can be at most the number of features ({d}); got {m}.")
        counts = np.bincount(idx, minlength=c)
        self.means_ = np.array([X[idx == k].mean(0) for k in range(c)])
        self.mean_ = X.mean(0)
        R = X - self.means_[idx]
        Sw = R.T @ R
        D = self.means_ - self.mean_
        Sb = (counts[:, None] * D).T @ D
        if not np.any(np.abs(D) > 1e-12 * (1.0 + np.abs(self.mean_))):
            raise ValueError("All class means coincide, so no direction separates the classes "
                             "(the between-class scatter S_B is 0).")
        self.within_scatter_, self.between_scatter_ = Sw, Sb
        L, jit = _cholesky_with_jitter(Sw, 0.0)
        self.jitter_ = jit
        Sw_reg = Sw + jit * np.eye(d)
        if c == 2 and m == 1:
            w = scipy.linalg.cho_solve((L, True), self.means_[1] - self.means_[0])
            W = (w / np.linalg.norm(w))[None, :]
        else:
            vals, vecs = scipy.linalg.eigh(Sb, Sw_reg)
            W = vecs[:, ::-1][:, :m].T
            W = W / np.linalg.norm(W, axis=1, keepdims=True)
            flip = np.sign(W[np.arange(m), np.argmax(np.abs(W), axis=1)])
            W = W * np.where(flip == 0, 1.0, flip)[:, None]
            if c == 2:
                W[0] *= np.sign(W[0] @ (self.means_[1] - self.means_[0])) or 1.0
        self.components_ = W
        self.eigenvalues_ = np.array([self.fisher_ratio(w) for w in W])
        self.projected_means_ = (self.means_ - self.mean_) @ W.T
        if c == 2:
            self.threshold_ = float(self.projected_means_[:, 0].mean())
        self.n_features_in_ = d
        return self

    def fisher_ratio(self, w) -> float:
        """J(w) = wᵀS_Bw / wᵀS_Ww for one direction w (e.g. from an angle slider)."""
        check_is_fitted(self, "within_scatter_")
        w = np.asarray(w, dtype=float).ravel()
        if w.shape[0] != self.within_scatter_.shape[0] or not np.any(w):
            raise ValueError("w must be a non-zero direction with one entry per feature.")
        den = float(w @ self.within_scatter_ @ w)
        num = float(w @ self.between_scatter_ @ w)
        return num / den if den > 0 else np.inf

    def fisher_ratios(self, W) -> FloatArray:
        """J(w) = wᵀS_Bw / wᵀS_Ww for every row w of W at once (seed 004 §2.6), e.g. one per angle.

        The denominator is floored at 1e-300, so a direction with wᵀS_Ww = 0 gets a large finite J.
        """
        check_is_fitted(self, "within_scatter_")
        W = np.atleast_2d(np.asarray(W, dtype=float))
        num = np.einsum("ij,jk,ik->i", W, self.between_scatter_, W)
        den = np.einsum("ij,jk,ik->i", W, self.within_scatter_, W)
        return num / np.maximum(den, 1e-300)

    def projection_histograms(self, X, y, directions, n_bins: int = 30) -> tuple[FloatArray, np.ndarray]:
        """Per-class histograms of the projections (x − μ)ᵀu on each direction u (seed 004 §2.6).

        The bins are the same for every direction: n_bins equal bins over ±1.05 · max_i ‖x_i − μ‖
        (±1 if every x_i = μ), so every projection falls inside. Returns (edges, counts), counts of
        shape (directions, classes_, n_bins).
        """
        check_is_fitted(self, "mean_")
        X, y = np.asarray(X, dtype=float), np.asarray(y)
        radius = float(np.max(np.linalg.norm(X - self.mean_, axis=1))) * 1.05 or 1.0
        edges = np.linspace(-radius, radius, n_bins + 1)
        by_class = [X[y == label] - self.mean_ for label in self.classes_]
        directions = np.atleast_2d(np.asarray(directions, dtype=float))
        counts = np.array([[np.histogram(R @ u, edges)[0] for R in by_class] for u in directions])
        return edges, counts

    def transform(self, X) -> FloatArray:
        """Projections (x − μ)ᵀξ on each kept direction, shape (n, m)."""
        X = check_new_data(self, X, "n_features_in_")
        return _dot_gram(X - self.mean_, self.components_)

    def decision_function(self, X) -> FloatArray:
        """Two classes: projection minus ``threshold_`` (≥ 0 → ``classes_[1]``)."""
        if len(self.classes_) != 2:
            raise ValueError("decision_function is defined for two classes; use predict.")
        return self.transform(X)[:, 0] - self.threshold_

    def predict(self, X) -> np.ndarray:
        Z = self.transform(X)
        d2 = ((Z[:, None, :] - self.projected_means_[None]) ** 2).sum(2)
        return self.classes_[np.argmin(d2, axis=1)]


# ---------------------------------------------------------------------------------------------
# Bayes decision rule

def conditional_risk(proba, loss_matrix) -> FloatArray:
    """R(c_i | x) = Σ_j λ_ij P(c_j | x) (seed 003 §8.2 (2)); λ_ij = loss of deciding i when j is true.

    ``proba`` (n, c) posteriors, ``loss_matrix`` (c, c). Returns (n, c) risks.
    """
    P = np.atleast_2d(np.asarray(proba, dtype=float))
    Lm = np.asarray(loss_matrix, dtype=float)
    if Lm.shape != (P.shape[1], P.shape[1]):
        raise ValueError(f"The loss matrix must be {P.shape[1]} × {P.shape[1]}, one row per "
                         f"decision and one column per true class.")
    if not np.all(np.isfinite(Lm)) or np.any(Lm < 0):
        raise ValueError("Losses must be finite numbers ≥ 0.")
    return P @ Lm.T


def bayes_decision(proba, loss_matrix=None) -> np.ndarray:
    """Index of the Bayes decision h*(x) = argmin_c R(c|x) (seed 003 (3)).

    Without a loss matrix (0/1 loss, R(c|x) = 1 − P(c|x)) this is the argmax posterior
    (Li Hang §4.1.2). Ties go to the lowest index.
    """
    P = np.atleast_2d(np.asarray(proba, dtype=float))
    if loss_matrix is None:
        return np.argmax(P, axis=1)
    return np.argmin(conditional_risk(P, loss_matrix), axis=1)


def coin_flips(n: int, p: float, random_state=0) -> np.ndarray:
    """n flips of a coin with P(heads) = p, as 1 (heads) and 0 (tails)."""
    if not 0 <= p <= 1:
        raise ValueError(f"P(heads) is a probability: 0 ≤ p ≤ 1; got {p}.")
    if int(n) != n or n < 0:
        raise ValueError(f"The number of flips must be a whole number ≥ 0; got {n}.")
    return (check_random_state(random_state).random(int(n)) < p).astype(int)


def _beta_pdf(theta, a: float, b: float) -> np.ndarray:
    """Beta(θ; a, b) = θ^(a−1)(1 − θ)^(b−1)/B(a, b) for θ in (0, 1)."""
    theta = np.asarray(theta, dtype=float)
    with np.errstate(divide="ignore"):
        return np.exp((a - 1) * np.log(theta) + (b - 1) * np.log1p(-theta) - betaln(a, b))


def _beta_mode(a, b):
    """The mode of Beta(a, b): (a − 1)/(a + b − 2) when a, b > 1; otherwise the density is largest at
    an end (1 if a > b, 0 if a < b) or flat (½ taken)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    inside = (a > 1) & (b > 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(inside, (a - 1) / (a + b - 2), np.where(a > b, 1.0, np.where(a < b, 0.0, 0.5)))


class BetaBernoulli(BaseEstimator):
    """Maximum likelihood against Bayesian estimation of a coin's P(heads) = θ (seed 003 §2.2.5 Table 1,
    §8.1): prior Beta(α, β), posterior Beta(α + h, β + t) after h heads and t tails.

    ``mle_`` = h/n (nan before any flip); ``map_`` = the posterior mode (α + h − 1)/(α + β + n − 2)
    (equal to the MLE under the uniform prior α = β = 1); ``mean_`` = (α + h)/(α + β + n), the
    probability the posterior gives to heads on the next flip.
    """

    def __init__(self, alpha: float = 1.0, beta: float = 1.0):
        self._store(locals())

    def fit(self, flips) -> "BetaBernoulli":
        check_positive(self.alpha, "The prior's α")
        check_positive(self.beta, "The prior's β")
        flips = np.asarray(flips, dtype=float).ravel()
        if not np.all(np.isin(flips, (0, 1))):
            raise ValueError("Flips are 1 (heads) or 0 (tails).")
        self.heads_, self.tails_ = int(flips.sum()), int(len(flips) - flips.sum())
        n = len(flips)
        self.a_, self.b_ = self.alpha + self.heads_, self.beta + self.tails_
        self.mle_ = self.heads_ / n if n else float("nan")
        self.mean_ = self.a_ / (self.a_ + self.b_)
        self.map_ = float(_beta_mode(self.a_, self.b_))
        return self

    def posterior_pdf(self, theta) -> np.ndarray:
        """The posterior density Beta(θ; α + h, β + t)."""
        check_is_fitted(self, "a_")
        return _beta_pdf(theta, self.a_, self.b_)

    def prior_pdf(self, theta) -> np.ndarray:
        return _beta_pdf(theta, self.alpha, self.beta)


def coin_estimates(flips, alpha: float = 1.0, beta: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """MLE, MAP and posterior mean after each of the first 1, 2, …, n flips (the same formulas as
    :class:`BetaBernoulli`, for every prefix at once)."""
    flips = np.asarray(flips, dtype=float).ravel()
    BetaBernoulli(alpha, beta).fit(flips)  # checks
    n = np.arange(1, len(flips) + 1)
    heads = np.cumsum(flips)
    a, b = alpha + heads, beta + n - heads
    return heads / n, _beta_mode(a, b), a / (a + b)


# ---------------------------------------------------------------------------------------------
# Naive Bayes for text: the multivariate-Bernoulli and the multinomial event models (CS229 Part IV §2)

# A toy spam filter's training e-mails (1 = spam, 0 = not spam), written for this app.
TOY_SPAM_CORPUS = (
    ("Buy cheap pills now", 1),
    ("Cheap price, buy now, buy now", 1),
    ("Win money now", 1),
    ("Free money: buy at a low price", 1),
    ("Lecture notes for the course", 0),
    ("Meeting about the course project", 0),
    ("Course lecture today", 0),
    ("Project meeting notes and the lecture price list", 0),
)
STOP_WORDS = frozenset({"a", "an", "the", "of", "and", "to", "for", "at", "in", "on", "is"})


def tokenize(text: str) -> list[str]:
    """The words of a message: lower case, letters and digits only, stop words dropped (CS229 Part IV
    §2 drops words such as "the", "of", "and")."""
    words = "".join(ch if ch.isalnum() else " " for ch in str(text).lower()).split()
    return [w for w in words if w not in STOP_WORDS]


def build_vocabulary(documents) -> list[str]:
    """Every word seen in the documents, in order of first appearance (the dictionary, CS229 Part IV §2)."""
    return list(dict.fromkeys(w for doc in documents for w in tokenize(doc)))


def word_counts(documents, vocabulary) -> np.ndarray:
    """Row i, column k: how often dictionary word k occurs in document i (words outside the
    dictionary are left out)."""
    index = {w: k for k, w in enumerate(vocabulary)}
    counts = np.zeros((len(documents), len(vocabulary)), dtype=int)
    for i, doc in enumerate(documents):
        for w in tokenize(doc):
            if w in index:
                counts[i, index[w]] += 1
    return counts


class _TextNaiveBayes(BaseEstimator):
    """Shared by the two event models: φ_y by maximum likelihood, the word parameters
    (``_word_probabilities``) and log p(x|y) (``_log_factors``, −inf where a factor is 0) by the
    subclass, and a posterior that is nan where every class has likelihood 0 (the 0/0 of CS229
    Part IV §2.1)."""

    def __init__(self, lam: float = 1.0):
        self._store(locals())

    def fit(self, X, y) -> "_TextNaiveBayes":
        X = np.asarray(X, dtype=float)
        y = np.asarray(y)
        if X.ndim != 2 or len(y) != len(X) or len(y) == 0:
            raise ValueError("Give a word-count table (one row per message) and one label per message.")
        if not np.all(np.isfinite(X)) or np.any(X < 0):
            raise ValueError("Word counts must be finite and ≥ 0.")
        lam = check_positive(self.lam, "The smoothing pseudo-count λ", allow_zero=True)
        self.classes_ = check_classification_targets(y)
        Y = _class_index(y, self.classes_)[:, None] == np.arange(len(self.classes_))[None, :]
        self.class_count_ = Y.sum(axis=0)
        self.class_prior_ = self.class_count_ / len(y)  # φ_y = Σ 1{y⁽ⁱ⁾ = y}/m
        self.feature_prob_ = self._word_probabilities(X, Y, lam)
        return self

    def joint_log_likelihood(self, X) -> np.ndarray:
        """log p(y) + log p(x|y), shape (n, c); −inf where the product is exactly 0."""
        check_is_fitted(self, "feature_prob_")
        X = np.asarray(X, dtype=float)
        if X.ndim != 2 or X.shape[1] != self.feature_prob_.shape[1]:
            raise ValueError(f"Give {self.feature_prob_.shape[1]} word counts per message.")
        with np.errstate(divide="ignore"):
            return np.log(self.class_prior_)[None, :] + self._log_factors(X)

    def predict_proba(self, X) -> np.ndarray:
        """p(y|x) by Bayes' rule; a row is nan when p(x|y) = 0 for every class (0/0)."""
        joint = self.joint_log_likelihood(X)
        undefined = np.all(np.isneginf(joint), axis=1)
        proba = _posterior(np.where(undefined[:, None], 0.0, joint))
        proba[undefined] = np.nan
        return proba

    def predict(self, X) -> np.ndarray:
        """The class of largest joint likelihood (0/0 rows fall to the first class: see predict_proba)."""
        return self.classes_[np.argmax(self.joint_log_likelihood(X), axis=1)]


def _log_or_minus_inf(weights: np.ndarray, prob: np.ndarray) -> np.ndarray:
    """Σ_k weights_k log prob_k per row, with 0·log 0 = 0 and w·log 0 = −inf for w > 0."""
    with np.errstate(divide="ignore"):
        logp = np.log(prob)
    finite = np.where(np.isfinite(logp), logp, 0.0)
    hits_zero = (weights[:, None, :] > 0) & ~np.isfinite(logp)[None, :, :]
    total = np.einsum("nk,ck->nc", weights, finite)
    return np.where(hits_zero.any(axis=2), -np.inf, total)


class BernoulliNaiveBayes(_TextNaiveBayes):
    """The multivariate-Bernoulli event model (CS229 Part IV §2): x_k = 1 if dictionary word k is in the
    message; φ_{k|y} = (Σ_i 1{x_k⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = y} + λ)/(Σ_i 1{y⁽ⁱ⁾ = y} + 2λ), λ = 0 maximum
    likelihood, λ = 1 Laplace smoothing (§2.1); p(x|y) = Π_k φ_{k|y}^{x_k}(1 − φ_{k|y})^{1−x_k}: an
    absent word counts too. Counts are turned into presence (x > 0)."""

    def _word_probabilities(self, X, Y, lam):
        present = (X > 0).astype(float)
        self.feature_count_ = Y.T.astype(float) @ present
        return (self.feature_count_ + lam) / (self.class_count_[:, None] + 2 * lam)

    def _log_factors(self, X):
        present = (X > 0).astype(float)
        return (_log_or_minus_inf(present, self.feature_prob_)
                + _log_or_minus_inf(1.0 - present, 1.0 - self.feature_prob_))


class MultinomialNaiveBayes(_TextNaiveBayes):
    """The multinomial event model for text (CS229 Part IV §2.2): every word of a message is drawn from
    the same p(x_j = k|y) = φ_{k|y} = (Σ_i Σ_j 1{x_j⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = y} + λ)/(Σ_i 1{y⁽ⁱ⁾ = y} n_i + λ|V|),
    λ = 0 maximum likelihood, λ = 1 Laplace smoothing; p(x|y) = Π_j φ_{x_j|y} = Π_k φ_{k|y}^{count_k}, so
    repeated words count and absent words do not."""

    def _word_probabilities(self, X, Y, lam):
        self.feature_count_ = Y.T.astype(float) @ X
        words = self.feature_count_.sum(axis=1, keepdims=True)
        if lam == 0 and np.any(words == 0):
            raise ValueError("A class has no words at all: its φ_{k|y} would be 0/0; use smoothing (λ > 0).")
        return (self.feature_count_ + lam) / (words + lam * X.shape[1])

    def _log_factors(self, X):
        return _log_or_minus_inf(X, self.feature_prob_)
