"""Toy data sets of the five seeds, with their exact generators and parameters.

Each data set is a :class:`DatasetSpec` in :data:`DATASETS`; :func:`load_dataset` turns one into a
:class:`Dataset` for given n, noise and seed. Sources cite the seed and section (see ``../shared/spec``):
Sugiyama = seed 000, CS229 = seed 001, Li Hang = seed 002. Tables printed in the books are fixed: their
n and noise are ``None``. Sets marked "app's choice" or "generic" are not printed in any seed.

Conventions
-----------
* ``task`` is "regression", "classification" or "clustering" (clustering, dimensionality-reduction,
  anomaly-detection and density-ratio sets; their y is a colouring variable, a planted-anomaly flag,
  or None).
* Labels: the seeds' binary classification sets use {+1, −1} as the books do; generic binary sets use
  {−1, +1} too (sklearn's class 0 → −1, class 1 → +1); multi-class sets use the book's 1..c or, for
  generic sets, 0..c−1. Li Hang's loan table keeps its labels "yes"/"no".
* Categorical tables (Li Hang Tables 4.1, 5.1) hold integer codes 0..k−1 in X (float dtype);
  ``categories[j][code]`` is the level name, in the book's order (None for numeric columns).
* ``truth``: for regression the true mean function f(x); for some classification sets the generating
  rule as a score whose sign is the label (+1 / −1), so its zero level is the true boundary.
  It takes X of shape (m, d) (a 1-D x is accepted when d = 1).
* ``extra``: named side arrays a page may need (read-only), e.g. ``X_prime`` (the book's second sample
  x′ ~ p′ of the density-ratio methods), ``labelled`` (semi-supervised mask), ``planted_outlier``,
  ``importance``. A generator may return ``(X, y)`` or ``(X, y, extra)``.
* Noise knobs keep the base random draws: changing only ``noise`` rescales the same draws, so a
  slider moves points smoothly. MATLAB's rand/randn streams cannot be reproduced in numpy.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Callable

import numpy as np

from algorithms._base import FloatArray
from algorithms._base import check_random_state
from algorithms.tables import book_table_codes

__all__ = ["Dataset", "DatasetSpec", "DATASETS", "load_dataset", "dataset_names"]

REGRESSION, CLASSIFICATION, CLUSTERING = "regression", "classification", "clustering"
N_MAX = 20_000  # every generated set goes up to 20 000 points (pages must stay usable there)


class _ReadOnlyMapping(Mapping):
    """A picklable read-only view of a dict (st.cache_data pickles return values)."""

    def __init__(self, data: dict | None = None):
        self._data = dict(data or {})

    def __getitem__(self, key: str) -> np.ndarray:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"{{{', '.join(map(repr, self._data))}}}"


@dataclass(frozen=True)
class Dataset:
    """A loaded data set: X is (n, d) float; y holds targets, class labels, or is None."""

    X: FloatArray
    y: np.ndarray | None
    feature_names: tuple[str, ...]
    target_name: str
    task: str
    source: str
    name: str
    truth: Callable[[FloatArray], FloatArray] | None = None
    categories: tuple[tuple[str, ...] | None, ...] | None = None  # level names of coded columns
    extra: Mapping[str, np.ndarray] = field(default_factory=_ReadOnlyMapping)  # read-only side arrays

    def __setstate__(self, state: dict) -> None:
        """Unpickling (e.g. st.cache_data copies) keeps the arrays read-only."""
        for key, value in state.items():
            object.__setattr__(self, key, value)
        for a in (self.X, self.y, *self.extra.values()):
            if isinstance(a, np.ndarray):
                a.setflags(write=False)


@dataclass(frozen=True)
class DatasetSpec:
    """How to make one data set. ``make(n, noise, rng) -> (X, y)`` or ``(X, y, extra)``."""

    name: str
    task: str
    make: Callable[[int | None, float | None, np.random.Generator], tuple]
    source: str
    feature_names: tuple[str, ...]
    target_name: str = "y"
    n: int | None = None          # default sample size; None for a fixed table
    n_range: tuple[int, int] | None = None
    noise: float | None = None    # default noise level; None when the set has no noise knob
    noise_range: tuple[float, float] | None = None
    truth: Callable[[FloatArray], FloatArray] | None = None
    categories: tuple[tuple[str, ...] | None, ...] | None = None
    make_test: Callable[[int | None, float | None, np.random.Generator], tuple] | None = None

    @property
    def dims(self) -> int:
        return len(self.feature_names)


# --------------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------------

def _counts(n: int, k: int) -> list[int]:
    """Split n samples into k groups as evenly as possible (the first groups get the extra ones)."""
    base, rest = divmod(int(n), k)
    return [base + (i < rest) for i in range(k)]


def _blocks(counts, values) -> np.ndarray:
    """Stack ``values[g]`` counts[g] times: labels or per-sample centres, group after group."""
    return np.repeat(np.asarray(values), counts, axis=0)


def _as_2d(X) -> FloatArray:
    X = np.asarray(X, dtype=float)
    return X[:, None] if X.ndim == 1 else X


# --------------------------------------------------------------------------------------------------
# Regression (Sugiyama DS-1, DS-1o, DS-2, §18.1.1; CS229 housing; Li Hang Table 5.2)
# --------------------------------------------------------------------------------------------------

def _sinc_truth(x: FloatArray) -> FloatArray:
    """f(x) = sin(πx)/(πx) + 0.1x (Sugiyama DS-1)."""
    x = np.asarray(x, dtype=float).reshape(-1)
    return np.sinc(x) + 0.1 * x


def _sinc(n, noise, rng):
    """DS-1: x = linspace(−3, 3, n), y = sinc(x) + 0.1x + σ·N(0, 1) (Sugiyama Figs 3.2, 4.3)."""
    x = np.linspace(-3.0, 3.0, n)
    return x[:, None], _sinc_truth(x) + noise * rng.standard_normal(n)


def _sinc_test(n, noise, rng):
    """Fresh inputs drawn uniformly on [−3, 3] with the same noise, for test error."""
    x = np.sort(rng.uniform(-3.0, 3.0, n))
    return x[:, None], _sinc_truth(x) + noise * rng.standard_normal(n)


def _sinc_outlier(n, noise, rng):
    """DS-1o: DS-1 plus one outlier y = −0.5 at the middle sample (Sugiyama Fig 6.13)."""
    X, y = _sinc(n, noise, rng)
    y[(n - 1) // 2] = -0.5
    return X, y


def _line_truth(x: FloatArray) -> FloatArray:
    return np.asarray(x, dtype=float).reshape(-1)


def _line_outlier(n, noise, rng):
    """DS-2: x = linspace(−3, 3, n), y = x + σ·N(0, 1), last y set to −4 (Sugiyama Fig 6.2)."""
    x = np.linspace(-3.0, 3.0, n)
    y = x + noise * rng.standard_normal(n)
    y[-1] = -4.0
    return x[:, None], y


def _line_test(n, noise, rng):
    x = np.sort(rng.uniform(-3.0, 3.0, n))
    return x[:, None], x + noise * rng.standard_normal(n)


# CS229 Part I: the five Portland housing rows printed in the seed (area ft², bedrooms, price 1000$).
HOUSING_ROWS = np.array([[2104, 3, 400], [1600, 3, 330], [2400, 3, 369],
                         [1416, 2, 232], [3000, 4, 540]], dtype=float)


def _housing(n, noise, rng):
    return HOUSING_ROWS[:, :2].copy(), HOUSING_ROWS[:, 2].copy()


# Li Hang Table 5.2 (exercise 5.2): x = 1..10 and y.
TABLE_5_2_Y = np.array([4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00])


def _table_5_2(n, noise, rng):
    return np.arange(1.0, 11.0)[:, None], TABLE_5_2_Y.copy()


def _sinc_pure(x: FloatArray) -> FloatArray:
    """f(x) = sin(πx)/(πx), the true function of the covariate-shift demo (Sugiyama §18.1.1)."""
    return np.sinc(np.asarray(x, dtype=float).reshape(-1))


def _shift_importance(x: FloatArray) -> FloatArray:
    """True importance w(x) = p′(x)/p(x) = N(x; 2, 0.25²)/N(x; 1, 0.5²) = 2·exp(−8(x−2)² + 2(x−1)²)."""
    x = np.asarray(x, dtype=float).reshape(-1)
    return 2.0 * np.exp(-8.0 * (x - 2.0) ** 2 + 2.0 * (x - 1.0) ** 2)


def _covariate_shift(n, noise, rng):
    """Training inputs x ~ N(1, 0.5²), y = sinc(x) + σ·N(0, 1) (Sugiyama §18.1.1 listing, σ = 0.1)."""
    x = 1.0 + 0.5 * rng.standard_normal(n)
    y = _sinc_pure(x) + noise * rng.standard_normal(n)
    return x[:, None], y, {"importance": _shift_importance(x)}


def _covariate_shift_test(n, noise, rng):
    """Test inputs u ~ N(2, 0.25²) (the shifted density p′), same p(y|x)."""
    u = 2.0 + 0.25 * rng.standard_normal(n)
    y = _sinc_pure(u) + noise * rng.standard_normal(n)
    return u[:, None], y, {"importance": _shift_importance(u)}


# --------------------------------------------------------------------------------------------------
# Sugiyama classification sets DS-3 … DS-7 (seed-000-part1 §1) and ch. 15–17 demos (part 2)
# --------------------------------------------------------------------------------------------------

def _spirals(n, noise, rng):
    """DS-3: angle a = linspace(0, 4π, n/2); +1 on radius a, −1 on radius a + π, plus U[0, 1)·noise.

    The book's noise is uniform (``1*rand(n,1)``), added separately to u and v, so every point sits
    in the unit square up-right of its clean spiral position (shifted, not centred).
    """
    n_pos, n_neg = _counts(n, 2)
    a = np.concatenate([np.linspace(0.0, 4 * np.pi, n_pos), np.linspace(0.0, 4 * np.pi, n_neg)])
    r = a + np.repeat([0.0, np.pi], [n_pos, n_neg])
    u = r * np.cos(a) + noise * rng.random(n)
    v = r * np.sin(a) + noise * rng.random(n)
    return np.c_[u, v], _blocks([n_pos, n_neg], [1, -1])


def _blobs_outliers(n, noise, rng):
    """DS-4: x1 ~ N(−15, 1) (+1) / N(−5, 1) (−1), x2 ~ N(0, 1); the first two +1 points get x1 += 60.

    The book appends a constant column x(:,3)=1 for the intercept; it is not stored here.
    """
    n_pos, n_neg = _counts(n, 2)
    x1 = noise * rng.standard_normal(n) + np.repeat([-15.0, -5.0], [n_pos, n_neg])
    x2 = noise * rng.standard_normal(n)
    x1[:2] += 60.0
    planted = np.zeros(n, dtype=bool)
    planted[:2] = True
    return np.c_[x1, x2], _blocks([n_pos, n_neg], [1, -1]), {"planted_outlier": planted}


def _diagonal(n, noise, rng):
    """DS-5: x ~ N(0, I₂), y = 2·(x1 > x2) − 1 (the true boundary is the diagonal)."""
    X = rng.standard_normal((n, 2))
    return X, np.where(X[:, 0] > X[:, 1], 1, -1)


def _diagonal_truth(X: FloatArray) -> FloatArray:
    X = _as_2d(X)
    return X[:, 0] - X[:, 1]


def _gauss3_1d(n, noise, rng):
    """DS-6: n/3 samples per class, class c ~ N(μ_c, 1) with μ = −3, 0, 3; labels 1, 2, 3.

    The listing builds randn(n/c, c) + linspace(−3, 3, c) and flattens it column-major (``x(:)``), so
    the samples come class by class; y = ones(n/c,1)*[1:c] flattened the same way.
    """
    counts = _counts(n, 3)
    x = noise * rng.standard_normal(n) + _blocks(counts, [-3.0, 0.0, 3.0])
    return x[:, None], _blocks(counts, [1, 2, 3])


def _ls_fails(n, noise, rng):
    """DS-7 (app's choice): +1 = ½ N((−2,0), σ²I) + ½ N((−12,0), σ²I); −1 = N((2,0), σ²I); σ = 0.5.

    Linearly separable along x1 at the default σ (the near clusters are 8σ apart; near the top of
    the noise range they start to touch), but least squares with an intercept is dragged by the far
    +1 cluster and misclassifies part of the near one (≈ 80 % training accuracy).
    """
    n_pos, n_neg = _counts(n, 2)
    near, far = _counts(n_pos, 2)
    centres = _blocks([near, far, n_neg], [[-2.0, 0.0], [-12.0, 0.0], [2.0, 0.0]])
    return centres + noise * rng.standard_normal((n, 2)), _blocks([n_pos, n_neg], [1, -1])


def _pa_stream(n, noise, rng):
    """§15.1 PA demo: x1 ~ N(−5, 1) (+1) / N(+5, 1) (−1), x2 ~ N(0, 5²), in random arrival order."""
    n_pos, n_neg = _counts(n, 2)
    x1 = rng.standard_normal(n) + np.repeat([-5.0, 5.0], [n_pos, n_neg])
    x2 = 5.0 * rng.standard_normal(n)
    y = _blocks([n_pos, n_neg], [1, -1])
    p = rng.permutation(n)
    return np.c_[x1, x2][p], y[p]


def _arow_outliers(n, noise, rng):
    """§15.2 AROW demo: x1 ~ N(−15, 1) (+1) / N(−5, 1) (−1), x2 ~ N(0, 1); first two +1 get x1 += 10.

    The two shifted +1 points land inside class −1 (the outliers); then the order is permuted.
    x2 has sd 1 (the axis box [−20, 0]×[−2, 2]); the public transcription's ``5*randn`` looks copied
    from the PA listing.
    """
    n_pos, n_neg = _counts(n, 2)
    x1 = rng.standard_normal(n) + np.repeat([-15.0, -5.0], [n_pos, n_neg])
    x2 = rng.standard_normal(n)
    x1[:2] += 10.0
    planted = np.zeros(n, dtype=bool)
    planted[:2] = True
    y = _blocks([n_pos, n_neg], [1, -1])
    p = rng.permutation(n)
    return np.c_[x1, x2][p], y[p], {"planted_outlier": planted[p]}


def _laprls_moons(n, noise, rng):
    """§16 LapRLS demo: two moons of radius 10, N(0, 1) noise; only the two tips are labelled.

    Upper moon (+1): (−10(cos a + ½), 10 sin a); lower moon (−1): (−10(cos a − ½), −10 sin a),
    a = linspace(0, π, n/2). y holds the true moon of every point; ``extra['labelled']`` marks the
    book's two labelled samples y(1) = +1 at ≈ (−15, 0) and y(n) = −1 at ≈ (15, 0).
    """
    n_pos, n_neg = _counts(n, 2)
    a1, a2 = np.linspace(0.0, np.pi, n_pos), np.linspace(0.0, np.pi, n_neg)
    u = -10.0 * np.concatenate([np.cos(a1) + 0.5, np.cos(a2) - 0.5]) + noise * rng.standard_normal(n)
    v = 10.0 * np.concatenate([np.sin(a1), -np.sin(a2)]) + noise * rng.standard_normal(n)
    labelled = np.zeros(n, dtype=bool)
    labelled[[0, -1]] = True
    return np.c_[u, v], _blocks([n_pos, n_neg], [1, -1]), {"labelled": labelled}


def _fisher(n, bimodal: bool, rng):
    X = rng.standard_normal((n, 2))
    n1, n2 = _counts(n, 2)
    if bimodal:                           # class 1 split in two modes at x1 ∓ 4, class 2 at the origin
        q1, q2 = _counts(n1, 2)
        X[:, 0] += np.repeat([-4.0, 4.0, 0.0], [q1, q2, n2])
    else:
        X[:, 0] += np.repeat([-4.0, 4.0], [n1, n2])
    return X - X.mean(axis=0), _blocks([n1, n2], [1, 2])


def _fisher1(n, noise, rng):
    """§17.1 FDA data set 1: x ~ N(0, I₂), class 1 shifted to x1 − 4, class 2 to x1 + 4; centred."""
    return _fisher(n, False, rng)


def _fisher2(n, noise, rng):
    """§17.1 FDA data set 2 (commented line): class 1 bimodal (x1 − 4 and x1 + 4), class 2 at 0."""
    return _fisher(n, True, rng)


# --------------------------------------------------------------------------------------------------
# Generic 2-D classification sets (not from a specific seed)
# --------------------------------------------------------------------------------------------------

_BLOB_CENTRES = np.array([[1.5, 1.0], [-1.5, -1.0]])


def _blobs(n, noise, rng):
    """Two Gaussian blobs N((1.5, 1), σ²I) (+1) and N((−1.5, −1), σ²I) (−1)."""
    counts = _counts(n, 2)
    return (_blocks(counts, _BLOB_CENTRES) + noise * rng.standard_normal((n, 2)),
            _blocks(counts, [1, -1]))


def _blobs_truth(X: FloatArray) -> FloatArray:
    """Bayes boundary of the equal-prior, equal-covariance blobs: (μ₊ − μ₋)·(x − (μ₊ + μ₋)/2)."""
    return _as_2d(X) @ (_BLOB_CENTRES[0] - _BLOB_CENTRES[1])


def _multi_blobs(centres):
    centres = np.asarray(centres, dtype=float)

    def make(n, noise, rng):
        counts = _counts(n, len(centres))
        return (_blocks(counts, centres) + noise * rng.standard_normal((n, 2)),
                _blocks(counts, np.arange(len(centres))))
    make.__doc__ = f"{len(centres)} Gaussian blobs N(μ_c, σ²I) at {centres.tolist()}; labels 0..c−1."
    return make


_TRIANGLE = 2.5 * np.c_[np.cos(np.radians([90, 210, 330])), np.sin(np.radians([90, 210, 330]))]
_blobs3 = _multi_blobs(_TRIANGLE)
_blobs4 = _multi_blobs([[-2.0, -2.0], [2.0, -2.0], [-2.0, 2.0], [2.0, 2.0]])


def _moons(n, noise, rng):
    """make_moons-style (shuffle=False): outer moon (cos t, sin t) → −1, inner (1 − cos t, ½ − sin t) → +1."""
    n_out = n // 2
    n_in = n - n_out
    t_out, t_in = np.linspace(0.0, np.pi, n_out), np.linspace(0.0, np.pi, n_in)
    X = np.r_[np.c_[np.cos(t_out), np.sin(t_out)], np.c_[1.0 - np.cos(t_in), 0.5 - np.sin(t_in)]]
    return X + noise * rng.standard_normal((n, 2)), _blocks([n_out, n_in], [-1, 1])


def _circles(n, noise, rng):
    """make_circles-style (factor ½, shuffle=False): outer unit circle → −1, inner radius ½ → +1."""
    n_out = n // 2
    n_in = n - n_out
    t_out = np.linspace(0.0, 2 * np.pi, n_out, endpoint=False)
    t_in = np.linspace(0.0, 2 * np.pi, n_in, endpoint=False)
    X = np.r_[np.c_[np.cos(t_out), np.sin(t_out)], 0.5 * np.c_[np.cos(t_in), np.sin(t_in)]]
    return X + noise * rng.standard_normal((n, 2)), _blocks([n_out, n_in], [-1, 1])


def _circles_truth(X: FloatArray) -> FloatArray:
    """+ inside radius ¾ (between the two circles)."""
    X = _as_2d(X)
    return 0.75 - np.hypot(X[:, 0], X[:, 1])


def _xor(n, noise, rng):
    """XOR: four blobs N((±1, ±1), σ²I); +1 where x1·x2 > 0 (quadrants I, III), −1 elsewhere."""
    counts = _counts(n, 4)
    centres = _blocks(counts, [[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    return centres + noise * rng.standard_normal((n, 2)), _blocks(counts, [1, 1, -1, -1])


def _xor_truth(X: FloatArray) -> FloatArray:
    X = _as_2d(X)
    return X[:, 0] * X[:, 1]


_SEP_W = np.array([0.6, 0.8])     # unit normal of the true line 0.6 x1 + 0.8 x2 − 0.5 = 0
_SEP_B = -0.5
_SEP_MARGIN = 0.5


def _separable(n, noise, rng):
    """Linearly separable with margin ½: every point is ≥ ½ from the line 0.6x1 + 0.8x2 = ½.

    x = c + t·w + s·w⊥ with c = ½w on the line, t = ±U[½, 3] (sign = label), s ~ U[−3, 3].
    """
    n_pos, n_neg = _counts(n, 2)
    y = _blocks([n_pos, n_neg], [1, -1])
    t = y * rng.uniform(_SEP_MARGIN, 3.0, n)
    s = rng.uniform(-3.0, 3.0, n)
    w_perp = np.array([-_SEP_W[1], _SEP_W[0]])
    return -_SEP_B * _SEP_W + t[:, None] * _SEP_W + s[:, None] * w_perp, y


def _separable_truth(X: FloatArray) -> FloatArray:
    return _as_2d(X) @ _SEP_W + _SEP_B


def _imbalanced(fraction: float):
    def make(n, noise, rng):
        n_pos = max(2, int(round(fraction * n)))
        counts = [n_pos, n - n_pos]
        centres = _blocks(counts, [[2.0, 1.5], [0.0, 0.0]])
        return centres + noise * rng.standard_normal((n, 2)), _blocks(counts, [1, -1])
    make.__doc__ = (f"Minority +1 ({fraction:.0%}) ~ N((2, 1.5), σ²I), majority −1 ~ N((0, 0), σ²I); "
                    "at least 2 minority points.")
    return make


# --------------------------------------------------------------------------------------------------
# Li Hang tables (seed 002) and example points
# --------------------------------------------------------------------------------------------------

TABLE_4_1_X1 = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
TABLE_4_1_X2 = ["S", "M", "M", "S", "S", "S", "M", "M", "L", "L", "L", "M", "M", "L", "L"]
TABLE_4_1_Y = [-1, -1, 1, 1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, -1]
TABLE_4_1_LEVELS = (("1", "2", "3"), ("S", "M", "L"))


def _table_4_1(n, noise, rng):
    """Li Hang Table 4.1: codes of X⁽¹⁾ ∈ {1, 2, 3} and X⁽²⁾ ∈ {S, M, L}; Y ∈ {1, −1}."""
    x1 = [TABLE_4_1_LEVELS[0].index(str(v)) for v in TABLE_4_1_X1]
    x2 = [TABLE_4_1_LEVELS[1].index(v) for v in TABLE_4_1_X2]
    return np.c_[x1, x2].astype(float), np.array(TABLE_4_1_Y)


# Table 5.1 (loan applications), rows 1..15: age, has job, owns house, credit rating, approved.
TABLE_5_1_LEVELS = (("youth", "middle-aged", "old"), ("yes", "no"), ("yes", "no"),
                    ("very good", "good", "fair"))
TABLE_5_1_ROWS = [
    ("youth", "no", "no", "fair", "no"), ("youth", "no", "no", "good", "no"),
    ("youth", "yes", "no", "good", "yes"), ("youth", "yes", "yes", "fair", "yes"),
    ("youth", "no", "no", "fair", "no"), ("middle-aged", "no", "no", "fair", "no"),
    ("middle-aged", "no", "no", "good", "no"), ("middle-aged", "yes", "yes", "good", "yes"),
    ("middle-aged", "no", "yes", "very good", "yes"), ("middle-aged", "no", "yes", "very good", "yes"),
    ("old", "no", "yes", "very good", "yes"), ("old", "no", "yes", "good", "yes"),
    ("old", "yes", "no", "good", "yes"), ("old", "yes", "no", "very good", "yes"),
    ("old", "no", "no", "fair", "no"),
]


def _table_5_1(n, noise, rng):
    """Li Hang Table 5.1: level codes 0..k−1 in the book's order (code + 1 = the book's CART code)."""
    X = [[levels.index(v) for levels, v in zip(TABLE_5_1_LEVELS, row[:4], strict=True)]
         for row in TABLE_5_1_ROWS]
    return np.array(X, dtype=float), np.array([row[4] for row in TABLE_5_1_ROWS])


# The printed tables as CSV files (assets/data), text categories as they are in the books.
LOAN_ZH = book_table_codes("li_hang_table_5_1.csv")        # Li Hang Table 5.1 in Chinese
WATERMELON_2_0 = book_table_codes("zhou_watermelon_2_0.csv")  # Zhou Table 4.1 (watermelon 2.0)


def _book_table(table):
    def make(n, noise, rng):
        return table[0], table[1]
    return make


EX_7_1_X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])
EX_7_1_Y = np.array([1, 1, -1])
EX_7_2_X = np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 3.0], [2.0, 1.0], [3.0, 2.0]])
EX_7_2_Y = np.array([1, 1, 1, -1, -1])
EX_8_1_Y = np.array([1, 1, 1, -1, -1, -1, 1, 1, 1, -1])


def _ex_7_1(n, noise, rng):
    return EX_7_1_X.copy(), EX_7_1_Y.copy()


def _ex_7_2(n, noise, rng):
    return EX_7_2_X.copy(), EX_7_2_Y.copy()


def _ex_8_1(n, noise, rng):
    return np.arange(10.0)[:, None], EX_8_1_Y.copy()


# --------------------------------------------------------------------------------------------------
# Unsupervised sets: anomaly detection, dimensionality reduction, clustering, density ratios
# --------------------------------------------------------------------------------------------------

def _lof_demo(n, noise, rng):
    """§12.1 (Fig 12.2): n/2 points uniform on [−10, 10]², n/2 from N(0, I₂); x(n,1) = 14.

    y flags the planted outlier (1), the last sample; the rest are 0.
    """
    n_u = n // 2
    X = np.r_[(rng.random((n_u, 2)) - 0.5) * 20.0, rng.standard_normal((n - n_u, 2))]
    X[-1, 0] = 14.0
    y = np.zeros(n, dtype=int)
    y[-1] = 1
    return X, y


def _gaussian_outliers(n, noise, rng):
    """App's choice for §12.2: N(0, I₂) plus 5 % (≥ 1) outliers uniform on the ring 4 ≤ r ≤ 6 (y = 1)."""
    n_out = max(1, int(round(0.05 * n)))
    n_in = n - n_out
    angle = rng.uniform(0.0, 2 * np.pi, n_out)
    radius = rng.uniform(4.0, 6.0, n_out)
    X = np.r_[rng.standard_normal((n_in, 2)), np.c_[radius * np.cos(angle), radius * np.sin(angle)]]
    return X, _blocks([n_in, n_out], [0, 1])


def _kliep_demo(n, noise, rng):
    """§12.3 (Fig 12.7): normal samples x′ ~ N(0, 1) (``extra['X_prime']``, n′ = n); test samples
    X ~ N(0, 1) with the last one set to 5, the planted anomaly (y = 1)."""
    x_prime = rng.standard_normal(n)
    x = rng.standard_normal(n)
    x[-1] = 5.0
    y = np.zeros(n, dtype=int)
    y[-1] = 1
    return x[:, None], y, {"X_prime": x_prime[:, None]}


def _pca_gauss(n, noise, rng):
    """§13.2/13.3 data set 1: x = (2·N(0, 1), N(0, 1)), centred (Figs 13.5, 13.9, left)."""
    X = np.c_[2.0 * rng.standard_normal(n), rng.standard_normal(n)]
    return X - X.mean(axis=0), None


def _pca_stripes(n, noise, rng):
    """§13.2/13.3 data set 2: x = (2·N(0, 1), ±1 + N(0, 1/3²)) with ±1 = 2·round(rand) − 1; centred.

    y is the stripe (±1); the noise knob is the stripes' sd (book: 1/3).
    """
    x1 = 2.0 * rng.standard_normal(n)
    stripe = np.where(rng.random(n) >= 0.5, 1, -1)
    x2 = stripe + noise * rng.standard_normal(n)
    X = np.c_[x1, x2]
    return X - X.mean(axis=0), stripe


def _arc(n, noise, rng):
    """§13.4 kernel-PCA toy (spec's [EXT] suggestion): angle θ ~ U(0, π), radius 1 + N(0, σ²); y = θ."""
    theta = rng.uniform(0.0, np.pi, n)
    r = 1.0 + noise * rng.standard_normal(n)
    return np.c_[r * np.cos(theta), r * np.sin(theta)], theta


def _swiss_roll(n, noise, rng):
    """§13.5 (Fig 13.14): a = 3π·U(0, 1), x = (a cos a, 30·U(0, 1), a sin a), centred; y = a.

    The book has no noise; the knob adds N(0, σ²) to every coordinate before centring.
    """
    a = 3 * np.pi * rng.random(n)
    X = np.c_[a * np.cos(a), 30.0 * rng.random(n), a * np.sin(a)]
    X = X + noise * rng.standard_normal((n, 3))
    return X - X.mean(axis=0), a


def _s_curve(n, noise, rng):
    """make_s_curve-style: t = 3π(U − ½), x = (sin t, 2·U, sign(t)(cos t − 1)) + N(0, σ²); y = t."""
    t = 3 * np.pi * (rng.random(n) - 0.5)
    X = np.c_[np.sin(t), 2.0 * rng.random(n), np.sign(t) * (np.cos(t) - 1.0)]
    return X + noise * rng.standard_normal((n, 3)), t


def _kmeans3(n, noise, rng):
    """§14.1 demo ([EXT] listing): three N(μ, I₂) blobs at (−2, 0), (0, 4), (2, 0); y = 1, 2, 3."""
    counts = _counts(n, 3)
    centres = _blocks(counts, [[-2.0, 0.0], [0.0, 4.0], [2.0, 0.0]])
    return centres + noise * rng.standard_normal((n, 2)), _blocks(counts, [1, 2, 3])


def _spectral_spirals(n, noise, rng):
    """§14.3 (Fig 14.6): a = linspace(0, 2π, n/2); spirals of radius a and a + π, + U[0, 1)², centred.

    Also the data of the LSMI demo (§14.4, Fig 14.9). y = spiral (1, 2).
    """
    n1, n2 = _counts(n, 2)
    a = np.concatenate([np.linspace(0.0, 2 * np.pi, n1), np.linspace(0.0, 2 * np.pi, n2)])
    r = a + np.repeat([0.0, np.pi], [n1, n2])
    X = np.c_[r * np.cos(a), r * np.sin(a)] + noise * rng.random((n, 2))
    return X - X.mean(axis=0), _blocks([n1, n2], [1, 2])


def _pilot_karma(n, noise, rng):
    """Generic (CS229 Part XI, M46): latent "piloting karma" k ~ N(0, 1); x = (k, k) + N(0, σ²I); y = k."""
    k = rng.standard_normal(n)
    return k[:, None] + noise * rng.standard_normal((n, 2)), k


_GMM_WEIGHTS = np.array([0.5, 0.2, 0.3])
_GMM_MEANS = np.array([[-3.0, 0.0], [2.0, 2.5], [2.5, -2.0]])
_GMM_COVS = np.array([[[2.0, 1.5], [1.5, 1.5]], [[0.3, 0.0], [0.0, 0.3]], [[1.5, -0.9], [-0.9, 0.8]]])


def _gmm_blobs(n, noise, rng):
    """Generic (CS229 M39 visual): 3 anisotropic components of sizes 50/20/30 %; y = component 0..2."""
    counts = np.floor(_GMM_WEIGHTS * n).astype(int)
    counts[0] += n - counts.sum()
    L = np.linalg.cholesky(_GMM_COVS)
    z = rng.standard_normal((n, 2))
    comp = _blocks(counts, np.arange(3))
    X = _GMM_MEANS[comp] + np.einsum("nij,nj->ni", L[comp], z)
    return X, comp


def _rulsif_pair(n, noise, rng):
    """§18.1.4 (Fig 18.6): numerator x′ ~ p′ = N(0, 1) (``extra['X_prime']``), denominator X ~ p = N(½, 1)."""
    x_prime = rng.standard_normal(n)
    x = rng.standard_normal(n) + 0.5
    return x[:, None], None, {"X_prime": x_prime[:, None]}


def _lsdd_pair(n, noise, rng):
    """§18.2.3 (Fig 18.11): X ~ p = N(0, 1) and x′ ~ p′ = N(1, 1) (``extra['X_prime']``); f = p − p′."""
    x = rng.standard_normal(n)
    x_prime = rng.standard_normal(n) + 1.0
    return x[:, None], None, {"X_prime": x_prime[:, None]}


def _sdr_stripes(n, noise, rng):
    """§17.2 (spec [EXT] suggestion, app's choice): x ~ N(0, 2²I₂); the class depends on x only through
    wᵀx with the hidden w = (cos 30°, sin 30°): y = 1 where sin(1.5 wᵀx) ≥ 0, else 2 (stripes). FDA
    sees equal class means; sufficient dimension reduction finds w."""
    X = 2.0 * rng.standard_normal((n, 2))
    w = np.array([np.cos(np.pi / 6), np.sin(np.pi / 6)])
    return X, np.where(np.sin(1.5 * X @ w) >= 0, 1, 2)


def _classes3d(n, noise, rng):
    """App's choice for 3-D → 2-D (issue 12): three classes with means on a triangle in the (x2, x3)
    plane, unit noise, and a nuisance feature x1 ~ N(0, 4²) that dominates the variance (PCA's pick)."""
    counts = _counts(n, 3)
    X = rng.standard_normal((n, 3)) * np.array([4.0, noise, noise])
    X[:, 1] += np.repeat([-3.0, 0.0, 3.0], counts)
    X[:, 2] += np.repeat([0.0, 3.0, 0.0], counts)
    return X, _blocks(counts, [1, 2, 3])
def _glm_gaussian_truth(x: FloatArray) -> FloatArray:
    """E[y | x] = 0.5 + 0.6x: the identity response of the Gaussian GLM (CS229 M14 §9.1)."""
    return 0.5 + 0.6 * np.asarray(x, dtype=float).reshape(-1)


def _glm_gaussian(n, noise, rng):
    """Gaussian GLM data: x ~ U(0, 4), y ~ N(0.5 + 0.6x, σ²) (CS229 M13–M14)."""
    x = np.sort(rng.uniform(0.0, 4.0, n))
    return x[:, None], _glm_gaussian_truth(x) + noise * rng.standard_normal(n)


def _glm_poisson_truth(x: FloatArray) -> FloatArray:
    """E[y | x] = exp(0.2 + 0.7x): the Poisson GLM's canonical response (CS229 M14)."""
    return np.exp(0.2 + 0.7 * np.asarray(x, dtype=float).reshape(-1))


def _glm_poisson(n, noise, rng):
    """Counts (e.g. customers per hour, CS229 M14): x ~ U(0, 3), y ~ Poisson(exp(0.2 + 0.7x))."""
    x = np.sort(rng.uniform(0.0, 3.0, n))
    return x[:, None], rng.poisson(_glm_poisson_truth(x)).astype(float)


def _glm_bernoulli(n, noise, rng):
    """Bernoulli GLM data: x ~ U(−3, 3), y ~ Bernoulli(1/(1 + e^{−(0.5 + 1.5x)})), labels 0 and 1
    (CS229 M14 §9.2)."""
    x = np.sort(rng.uniform(-3.0, 3.0, n))
    y = (rng.uniform(size=n) < 1.0 / (1.0 + np.exp(-(0.5 + 1.5 * x)))).astype(int)
    y[[0, -1]] = 0, 1  # both labels at every n
    return x[:, None], y


def _glm_multinomial(n, noise, rng):
    """Multinomial GLM data (CS229 M15): x ~ U(−3, 3), y ∈ {0, 1, 2} drawn from the softmax of
    η = (−2 − 2x, 1 − 0.5x, 0) (class 2 is the reference with θ_k = 0)."""
    x = np.sort(rng.uniform(-3.0, 3.0, n))
    eta = np.column_stack([-2.0 - 2.0 * x, 1.0 - 0.5 * x, np.zeros(n)])
    p = np.exp(eta - eta.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    y = (rng.uniform(size=n)[:, None] > np.cumsum(p, 1)).sum(1)
    y[[0, n // 2, -1]] = 0, 1, 2  # every class at every n
    return x[:, None], y
def _sparse_features(n, noise, rng):
    """Sugiyama §5.3 toy (spec A5.3): ten N(0, 1) features of which three matter,
    y = 3x⁽¹⁾ − 2x⁽²⁾ + 1.5x⁽³⁾ + σε; ``extra['Y']`` holds three outputs on the same three features
    (seed 004 §2.8, ℓ2,1 selection), the first of them y."""
    X = rng.standard_normal((n, 10))
    weights = np.zeros((10, 3))
    weights[:3] = [[3.0, 2.0, -1.0], [-2.0, 1.0, 2.5], [1.5, -2.5, 1.5]]
    Y = X @ weights + noise * rng.standard_normal((n, 3))
    return X, Y[:, 0], {"Y": Y}


# --------------------------------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------------------------------

_S = "Sugiyama"
_XY = ("x1", "x2")

DATASETS: dict[str, DatasetSpec] = {spec.name: spec for spec in [
    # ---- regression
    DatasetSpec("sinc", REGRESSION, _sinc, "Sugiyama §3.1, §4.2–4.3 (DS-1; Figs 3.1, 4.1, 4.6, 4.13)",
                ("x",), n=50, n_range=(5, N_MAX), noise=0.2, noise_range=(0.0, 1.0),
                truth=_sinc_truth, make_test=_sinc_test),
    DatasetSpec("sinc_outlier", REGRESSION, _sinc_outlier, "Sugiyama §6.4 (DS-1o; Fig 6.13)",
                ("x",), n=50, n_range=(5, N_MAX), noise=0.2, noise_range=(0.0, 1.0),
                truth=_sinc_truth, make_test=_sinc_test),
    DatasetSpec("line_outlier", REGRESSION, _line_outlier, "Sugiyama §6.1–6.2 (DS-2; Figs 6.1, 6.3)",
                ("x",), n=10, n_range=(4, N_MAX), noise=0.2, noise_range=(0.0, 1.0),
                truth=_line_truth, make_test=_line_test),
    DatasetSpec("housing", REGRESSION, _housing, "CS229 Part I (the five Portland housing rows printed)",
                ("living area (ft²)", "bedrooms"), target_name="price (1000$)"),
    DatasetSpec("table_5_2", REGRESSION, _table_5_2, "Li Hang Table 5.2 (exercise 5.2)", ("x",)),
    DatasetSpec("covariate_shift", REGRESSION, _covariate_shift,
                f"{_S} §18.1.1 (Figs 18.1–18.2; listing from a public transcription, spec [EXT]): "
                "train x ~ N(1, 0.5²), test x′ ~ N(2, 0.25²), y = sinc(x) + 0.1·N(0, 1); "
                "test=True draws the shifted test set; extra['importance'] = p′(x)/p(x)",
                ("x",), n=100, n_range=(10, N_MAX), noise=0.1, noise_range=(0.0, 0.5),
                truth=_sinc_pure, make_test=_covariate_shift_test),
    # ---- Sugiyama classification
    DatasetSpec("spirals", CLASSIFICATION, _spirals,
                f"{_S} §7.1 (DS-3; Figs 7.2–7.3): two spirals with uniform U[0, 1) noise",
                _XY, n=200, n_range=(20, N_MAX), noise=1.0, noise_range=(0.0, 3.0)),
    DatasetSpec("blobs_outliers", CLASSIFICATION, _blobs_outliers,
                f"{_S} §8.5–8.6 (DS-4; Figs 8.14, 8.19–8.20): two blobs, two +1 points moved to x1 ≈ 45 "
                "(extra['planted_outlier']); the book's constant column x(:,3)=1 is not stored",
                _XY, n=40, n_range=(6, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    DatasetSpec("diagonal", CLASSIFICATION, _diagonal,
                f"{_S} §9.1, §9.3 (DS-5; Figs 9.4–9.5, 9.13–9.14): N(0, I), y = sign(x1 − x2)",
                _XY, n=50, n_range=(10, N_MAX), truth=_diagonal_truth),
    DatasetSpec("gauss3_1d", CLASSIFICATION, _gauss3_1d,
                f"{_S} §10.1–10.2 (DS-6; Figs 10.2–10.3, 10.5–10.6): classes 1, 2, 3 ~ N(−3 / 0 / 3, 1)",
                ("x",), n=90, n_range=(6, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    DatasetSpec("ls_fails", CLASSIFICATION, _ls_fails,
                f"{_S} §7.2 Fig 7.6 / §8.3 Fig 8.6 (DS-7): generator not in the book — app's choice "
                "(spec [PROPOSAL]): separable, but least squares fails",
                _XY, n=200, n_range=(8, N_MAX), noise=0.5, noise_range=(0.1, 1.0)),
    DatasetSpec("pa_stream", CLASSIFICATION, _pa_stream,
                f"{_S} §15.1 (Figs 15.5–15.6): PA stream, x1 ~ N(∓5, 1), x2 ~ N(0, 5²), random order; "
                "the book's constant column is not stored",
                _XY, n=200, n_range=(4, N_MAX)),
    DatasetSpec("arow_outliers", CLASSIFICATION, _arow_outliers,
                f"{_S} §15.2 (Figs 15.9–15.10; listing from a public transcription, spec [EXT]): "
                "two +1 outliers inside class −1 (extra['planted_outlier']), random order",
                _XY, n=50, n_range=(6, N_MAX)),
    DatasetSpec("laprls_moons", CLASSIFICATION, _laprls_moons,
                f"{_S} §16 (Figs 16.3–16.4; listing from a public transcription, spec [EXT]): two moons, "
                "only the two tips labelled (extra['labelled']); y is every point's true moon",
                _XY, n=200, n_range=(10, N_MAX), noise=1.0, noise_range=(0.0, 3.0)),
    DatasetSpec("fisher1", CLASSIFICATION, _fisher1,
                f"{_S} §17.1.1 (Figs 17.1 left, 17.2): FDA data set 1, classes at x1 ∓ 4, centred",
                _XY, n=100, n_range=(8, N_MAX)),
    DatasetSpec("fisher2", CLASSIFICATION, _fisher2,
                f"{_S} §17.1.1–17.1.2 (Figs 17.1 right, 17.3): FDA data set 2, class 1 bimodal, centred",
                _XY, n=100, n_range=(8, N_MAX)),
    # ---- generic classification
    DatasetSpec("blobs", CLASSIFICATION, _blobs, "generic toy set: two Gaussian blobs",
                _XY, n=200, n_range=(10, N_MAX), noise=1.0, noise_range=(0.1, 3.0), truth=_blobs_truth),
    DatasetSpec("blobs3", CLASSIFICATION, _blobs3,
                "generic toy set: three Gaussian blobs (make_blobs-style), labels 0, 1, 2",
                _XY, n=150, n_range=(9, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    DatasetSpec("blobs4", CLASSIFICATION, _blobs4,
                "generic toy set: four Gaussian blobs (make_blobs-style), labels 0..3",
                _XY, n=200, n_range=(12, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    DatasetSpec("moons", CLASSIFICATION, _moons, "generic toy set (make_moons-style)",
                _XY, n=200, n_range=(10, N_MAX), noise=0.2, noise_range=(0.0, 1.0)),
    DatasetSpec("circles", CLASSIFICATION, _circles, "generic toy set (make_circles-style, factor 0.5)",
                _XY, n=200, n_range=(10, N_MAX), noise=0.1, noise_range=(0.0, 0.5), truth=_circles_truth),
    DatasetSpec("xor", CLASSIFICATION, _xor, "generic toy set: XOR of four Gaussian blobs",
                _XY, n=200, n_range=(8, N_MAX), noise=0.35, noise_range=(0.05, 1.0), truth=_xor_truth),
    DatasetSpec("separable", CLASSIFICATION, _separable,
                "generic toy set: linearly separable with margin 0.5 from the line 0.6x1 + 0.8x2 = 0.5",
                _XY, n=100, n_range=(4, N_MAX), truth=_separable_truth),
    DatasetSpec("imbalanced", CLASSIFICATION, _imbalanced(0.10),
                "generic toy set for class imbalance (seed 003 §2.1.5, seed 004 §17): 10 % minority +1",
                _XY, n=200, n_range=(20, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    DatasetSpec("imbalanced_99", CLASSIFICATION, _imbalanced(0.01),
                "generic toy set for class imbalance (seed 004 §17's 990 : 10 example): 1 % minority +1",
                _XY, n=1000, n_range=(200, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    # ---- Li Hang tables and example points
    DatasetSpec("table_4_1", CLASSIFICATION, _table_4_1,
                "Li Hang Table 4.1 (Examples 4.1–4.2, naive Bayes): coded categorical data",
                ("X1", "X2"), target_name="Y", categories=TABLE_4_1_LEVELS),
    DatasetSpec("table_5_1", CLASSIFICATION, _table_5_1,
                "Li Hang Table 5.1 (Example 5.1, loan applications): coded categorical data",
                ("age", "has job", "owns house", "credit rating"), target_name="loan approved",
                categories=TABLE_5_1_LEVELS),
    DatasetSpec("table_5_1_zh", CLASSIFICATION, _book_table(LOAN_ZH),
                "Li Hang Table 5.1 as printed (贷款申请样本数据表, Examples 5.1–5.4), from "
                "assets/data/li_hang_table_5_1.csv", LOAN_ZH[2], target_name=LOAN_ZH[4],
                categories=LOAN_ZH[3]),
    DatasetSpec("watermelon_2_0", CLASSIFICATION, _book_table(WATERMELON_2_0),
                "Zhou Zhihua, Machine Learning, Table 4.1 (watermelon data set 2.0; not printed in the "
                "seeds, whose notes on Zhou §4 use it), from assets/data/zhou_watermelon_2_0.csv",
                WATERMELON_2_0[2], target_name=WATERMELON_2_0[4], categories=WATERMELON_2_0[3]),
    DatasetSpec("ex_7_1", CLASSIFICATION, _ex_7_1, "Li Hang Examples 7.1–7.2 (= perceptron Example 2.1)",
                _XY),
    DatasetSpec("ex_7_2", CLASSIFICATION, _ex_7_2, "Li Hang exercise 7.2", _XY),
    DatasetSpec("ex_8_1", CLASSIFICATION, _ex_8_1,
                "Li Hang Example 8.1 (AdaBoost; ch. 8 is not in seed 002 — quoted as an external "
                "oracle in the seed 003/004 spec §4.2)", ("x",)),
    # ---- unsupervised: anomaly detection
    DatasetSpec("lof_demo", CLUSTERING, _lof_demo,
                f"{_S} §12.1 (Figs 12.1–12.2): uniform + Gaussian points, x(n,1) = 14 planted",
                _XY, target_name="planted outlier", n=100, n_range=(10, N_MAX)),
    DatasetSpec("gaussian_outliers", CLUSTERING, _gaussian_outliers,
                f"{_S} §12.2 (Fig 12.3 has no data) — app's choice: N(0, I) with 5 % ring outliers",
                _XY, target_name="planted outlier", n=100, n_range=(10, N_MAX)),
    DatasetSpec("kliep_demo", CLUSTERING, _kliep_demo,
                f"{_S} §12.3 (Figs 12.6–12.7): test samples N(0, 1) with the last at 5; "
                "extra['X_prime'] = the known-normal samples",
                ("x",), target_name="planted anomaly", n=100, n_range=(10, N_MAX)),
    # ---- unsupervised: dimensionality reduction
    DatasetSpec("pca_gauss", CLUSTERING, _pca_gauss,
                f"{_S} §13.2–13.3 (Figs 13.5–13.6, 13.9–13.10): data set 1, elongated Gaussian",
                _XY, n=100, n_range=(10, N_MAX)),
    DatasetSpec("pca_stripes", CLUSTERING, _pca_stripes,
                f"{_S} §13.2–13.3 (Figs 13.5, 13.9, commented line of 13.6/13.10): data set 2, two stripes",
                _XY, target_name="stripe", n=100, n_range=(10, N_MAX), noise=1 / 3, noise_range=(0.05, 1.0)),
    DatasetSpec("arc", CLUSTERING, _arc,
                f"{_S} §13.4 (Fig 13.11 has no data) — spec [EXT] suggestion: a noisy circular arc",
                _XY, target_name="angle θ", n=100, n_range=(10, N_MAX), noise=0.05, noise_range=(0.0, 0.3)),
    DatasetSpec("swiss_roll", CLUSTERING, _swiss_roll,
                f"{_S} §13.5 (Figs 13.13–13.14): Swiss roll ('cake roll'), y = roll parameter a",
                ("x1", "x2", "x3"), target_name="roll parameter a", n=1000, n_range=(50, N_MAX),
                noise=0.0, noise_range=(0.0, 2.0)),
    DatasetSpec("s_curve", CLUSTERING, _s_curve, "generic toy set (make_s_curve-style), y = position t",
                ("x1", "x2", "x3"), target_name="position t", n=1000, n_range=(50, N_MAX),
                noise=0.0, noise_range=(0.0, 0.5)),
    DatasetSpec("pilot_karma", CLUSTERING, _pilot_karma,
                "generic toy set after CS229 Part XI (PCA, the RC-helicopter pilots): two correlated "
                "features = latent karma + noise", ("skill", "enjoyment"), target_name="karma",
                n=100, n_range=(10, N_MAX), noise=0.3, noise_range=(0.0, 1.5)),
    # ---- unsupervised: clustering
    DatasetSpec("kmeans3", CLUSTERING, _kmeans3,
                f"{_S} §14.1 (Figs 14.2–14.3; listing from a public transcription, spec [EXT]): three blobs",
                _XY, target_name="true cluster", n=300, n_range=(9, N_MAX), noise=1.0,
                noise_range=(0.1, 3.0)),
    DatasetSpec("spectral_spirals", CLUSTERING, _spectral_spirals,
                f"{_S} §14.3–14.4 (Figs 14.5–14.6, 14.9): two spirals with uniform noise, centred",
                _XY, target_name="spiral", n=500, n_range=(20, N_MAX), noise=1.0, noise_range=(0.0, 3.0)),
    DatasetSpec("gmm_blobs", CLUSTERING, _gmm_blobs,
                "generic toy set after CS229 M39 (EM for a mixture of Gaussians): three anisotropic "
                "components of unequal size", _XY, target_name="true component", n=300, n_range=(15, N_MAX)),
    # ---- unsupervised: density ratio / difference (two samples)
    DatasetSpec("rulsif_pair", CLUSTERING, _rulsif_pair,
                f"{_S} §18.1.4 (Figs 18.5–18.6): X ~ p = N(0.5, 1), extra['X_prime'] ~ p′ = N(0, 1)",
                ("x",), n=300, n_range=(20, N_MAX)),
    DatasetSpec("lsdd_pair", CLUSTERING, _lsdd_pair,
                f"{_S} §18.2.3 (Figs 18.10–18.11): X ~ p = N(0, 1), extra['X_prime'] ~ p′ = N(1, 1)",
                ("x",), n=200, n_range=(20, N_MAX)),
    DatasetSpec("sdr_stripes", CLASSIFICATION, _sdr_stripes,
                f"{_S} §17.2 (no data in the book; spec [EXT] suggestion): x ~ N(0, 2²I), classes = "
                "stripes sin(1.5 wᵀx) ≥ 0 across the hidden direction w at 30°",
                _XY, n=200, n_range=(10, N_MAX)),
    DatasetSpec("classes3d", CLASSIFICATION, _classes3d,
                "app's choice (issue 12): three classes on a triangle in (x2, x3), nuisance x1 ~ N(0, 4²)",
                ("x1", "x2", "x3"), n=150, n_range=(9, N_MAX), noise=1.0, noise_range=(0.1, 3.0)),
    # ---- generalised linear models (data from each family)
    DatasetSpec("glm_gaussian", REGRESSION, _glm_gaussian, "CS229 M13–M14: y ~ N(0.5 + 0.6x, σ²)", ("x",),
                n=60, n_range=(5, N_MAX), noise=0.5, noise_range=(0.0, 2.0), truth=_glm_gaussian_truth),
    DatasetSpec("glm_poisson", REGRESSION, _glm_poisson, "CS229 M14: counts y ~ Poisson(exp(0.2 + 0.7x))",
                ("x",), target_name="count", n=60, n_range=(5, N_MAX), truth=_glm_poisson_truth),
    DatasetSpec("glm_bernoulli", CLASSIFICATION, _glm_bernoulli,
                "CS229 M14 §9.2: y ~ Bernoulli(σ(0.5 + 1.5x)), labels 0/1", ("x",), n=80, n_range=(5, N_MAX)),
    DatasetSpec("glm_multinomial", CLASSIFICATION, _glm_multinomial,
                "CS229 M15: y ∈ {0, 1, 2} from a softmax in x", ("x",), n=90, n_range=(6, N_MAX)),
    DatasetSpec("sparse_features", REGRESSION, _sparse_features,
                "Sugiyama §5.3 toy (spec A5.3): y = 3x1 − 2x2 + 1.5x3 + noise; x4…x10 irrelevant",
                tuple(f"x{j}" for j in range(1, 11)), n=100, n_range=(5, 1000), noise=0.5,
                noise_range=(0.0, 3.0)),
]}


def dataset_names(task: str | None = None, dims: int | None = None) -> list[str]:
    """Names of the registered data sets, optionally filtered by task and input dimension."""
    return [name for name, spec in DATASETS.items()
            if (task is None or spec.task == task) and (dims is None or spec.dims == dims)]


def _freeze(a: np.ndarray) -> np.ndarray:
    a = np.array(a)              # a private copy, so freezing never touches the generator's arrays
    a.setflags(write=False)
    return a


def load_dataset(name: str, n: int | None = None, noise: float | None = None,
                 random_state: int | np.random.Generator | None = 0, *, test: bool = False) -> Dataset:
    """Generate data set ``name``; ``test=True`` draws an independent test sample (None for tables).

    Raises ValueError for an unknown name, an n outside the set's ``n_range`` and a negative or
    non-finite noise level; n and noise are ignored by fixed tables and noise by sets without a
    noise knob. All returned arrays (X, y, ``extra`` values) are read-only.
    """
    if name not in DATASETS:
        raise ValueError(f"Unknown data set '{name}'. Choose one of: {', '.join(DATASETS)}.")
    spec = DATASETS[name]
    n = spec.n if n is None else int(n)
    noise = spec.noise if noise is None else float(noise)
    if spec.n_range is not None and not spec.n_range[0] <= n <= spec.n_range[1]:
        raise ValueError(f"n must be between {spec.n_range[0]} and {spec.n_range[1]} for '{name}'; got {n}.")
    if noise is not None and not (np.isfinite(noise) and noise >= 0):
        raise ValueError(f"The noise level must be a finite number ≥ 0; got {noise}.")
    rng = check_random_state(random_state)
    if test:
        if spec.n is None:
            return None
        make = spec.make_test or spec.make
        rng = np.random.default_rng(rng.integers(2**32) + 1)
    else:
        make = spec.make
    out = make(n, noise, rng)
    X, y = out[0], out[1]
    extra = out[2] if len(out) > 2 else {}
    X = np.array(X, dtype=np.float64)
    X.setflags(write=False)
    if y is not None:
        y = _freeze(y)
    extra = _ReadOnlyMapping({key: _freeze(value) for key, value in extra.items()})
    return Dataset(X=X, y=y, feature_names=spec.feature_names, target_name=spec.target_name,
                   task=spec.task, source=spec.source, name=name, truth=spec.truth,
                   categories=spec.categories, extra=extra)
