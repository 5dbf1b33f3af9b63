"""Tests for algorithms.datasets: registry contract, book tables, generator properties."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from scipy import stats

from algorithms.datasets import CLASSIFICATION
from algorithms.datasets import CLUSTERING
from algorithms.datasets import DATASETS
from algorithms.datasets import REGRESSION
from algorithms.datasets import Dataset
from algorithms.datasets import dataset_names
from algorithms.datasets import load_dataset

RANDOM = [name for name, spec in DATASETS.items() if spec.n is not None]
TABLES = [name for name, spec in DATASETS.items() if spec.n is None]

# The label set every labelled set must show at its defaults (None: y is None; "real": float y).
EXPECTED_LABELS = {
    "sinc": "real", "sinc_outlier": "real", "line_outlier": "real", "housing": "real",
    "table_5_2": "real", "covariate_shift": "real",
    "spirals": {-1, 1}, "blobs_outliers": {-1, 1}, "diagonal": {-1, 1}, "gauss3_1d": {1, 2, 3},
    "ls_fails": {-1, 1}, "pa_stream": {-1, 1}, "arow_outliers": {-1, 1}, "laprls_moons": {-1, 1},
    "fisher1": {1, 2}, "fisher2": {1, 2}, "sdr_stripes": {1, 2}, "classes3d": {1, 2, 3},
    "blobs": {-1, 1}, "blobs3": {0, 1, 2}, "blobs4": {0, 1, 2, 3}, "moons": {-1, 1},
    "circles": {-1, 1}, "xor": {-1, 1}, "separable": {-1, 1}, "imbalanced": {-1, 1},
    "imbalanced_99": {-1, 1},
    "table_4_1": {-1, 1}, "table_5_1": {"yes", "no"}, "table_5_1_zh": {"是", "否"},
    "watermelon_2_0": {"是", "否"},
    "ex_7_1": {-1, 1}, "ex_7_2": {-1, 1},
    "ex_8_1": {-1, 1},
    "lof_demo": {0, 1}, "gaussian_outliers": {0, 1}, "kliep_demo": {0, 1},
    "pca_gauss": None, "pca_stripes": {-1, 1}, "arc": "real", "swiss_roll": "real",
    "s_curve": "real", "pilot_karma": "real", "kmeans3": {1, 2, 3}, "spectral_spirals": {1, 2},
    "gmm_blobs": {0, 1, 2}, "rulsif_pair": None, "lsdd_pair": None,
    "glm_gaussian": "real", "glm_poisson": "real", "glm_bernoulli": {0, 1}, "glm_multinomial": {0, 1, 2},
    "sparse_features": "real",
}

TABLE_SIZES = {"housing": 5, "table_5_2": 10, "table_4_1": 15, "table_5_1": 15, "table_5_1_zh": 15,
               "watermelon_2_0": 17, "ex_7_1": 3,
               "ex_7_2": 5, "ex_8_1": 10}


def check_dataset(ds: Dataset, name: str, n: int) -> None:
    spec = DATASETS[name]
    assert isinstance(ds, Dataset) and ds.name == name and ds.task == spec.task
    assert ds.X.dtype == np.float64 and ds.X.shape == (n, spec.dims)
    assert np.all(np.isfinite(ds.X))
    assert len(ds.feature_names) == ds.X.shape[1]
    expected = EXPECTED_LABELS[name]
    if expected is None:
        assert ds.y is None
    else:
        assert ds.y is not None and ds.y.shape == (n,)
        if expected == "real":
            assert ds.y.dtype.kind == "f" and np.all(np.isfinite(ds.y))
        else:
            assert set(np.unique(ds.y).tolist()) <= expected
    for key, value in ds.extra.items():
        assert value.shape[0] == n, key
        assert value.dtype == bool or np.all(np.isfinite(value)), key
    if ds.categories is not None:
        assert len(ds.categories) == ds.X.shape[1]
        for j, levels in enumerate(ds.categories):
            if levels is not None:
                codes = ds.X[:, j]
                assert np.all(codes == np.round(codes)) and codes.min() >= 0
                assert codes.max() < len(levels)


# ---------------------------------------------------------------------------------------------
# Registry contract
# ---------------------------------------------------------------------------------------------

def test_every_set_has_expected_labels_and_valid_metadata():
    assert set(EXPECTED_LABELS) == set(DATASETS)
    for name, spec in DATASETS.items():
        assert spec.name == name
        assert spec.task in (REGRESSION, CLASSIFICATION, CLUSTERING)
        assert spec.source
        if spec.task == REGRESSION:
            assert EXPECTED_LABELS[name] == "real"
        if spec.task == CLASSIFICATION:
            assert isinstance(EXPECTED_LABELS[name], set)
        if spec.n is None:
            assert spec.n_range is None and spec.noise is None
        else:
            lo, hi = spec.n_range
            assert lo <= spec.n <= hi
        if spec.noise is not None:
            lo, hi = spec.noise_range
            assert 0 <= lo <= spec.noise <= hi


@pytest.mark.parametrize("name", list(DATASETS))
def test_loads_at_defaults(name):
    spec = DATASETS[name]
    ds = load_dataset(name)
    n = spec.n if spec.n is not None else TABLE_SIZES[name]
    check_dataset(ds, name, n)
    expected = EXPECTED_LABELS[name]
    if isinstance(expected, set):   # at the defaults every label shows up
        assert set(np.unique(ds.y).tolist()) == expected


@pytest.mark.parametrize("name", RANDOM)
def test_loads_at_range_ends(name):
    spec = DATASETS[name]
    noises = [None] if spec.noise is None else list(spec.noise_range)
    for n in spec.n_range:
        for noise in noises:
            for seed in (0, 1):
                check_dataset(load_dataset(name, n=n, noise=noise, random_state=seed), name, n)


def _same(a: Dataset, b: Dataset) -> bool:
    """Same inputs and same targets (fixed-design sets such as DS-1 differ only in y)."""
    same_y = (a.y is None and b.y is None) or np.array_equal(a.y, b.y)
    return np.array_equal(a.X, b.X) and same_y


@pytest.mark.parametrize("name", RANDOM)
def test_same_seed_same_data_different_seed_different_data(name):
    a, b, c = (load_dataset(name, random_state=s) for s in (7, 7, 8))
    np.testing.assert_array_equal(a.X, b.X)
    if a.y is not None:
        np.testing.assert_array_equal(a.y, b.y)
    assert a.extra.keys() == b.extra.keys()
    for key in a.extra:
        np.testing.assert_array_equal(a.extra[key], b.extra[key])
    assert not _same(a, c)
    # A Generator is accepted and advanced.
    rng = np.random.default_rng(3)
    assert not _same(load_dataset(name, random_state=rng), load_dataset(name, random_state=rng))


@pytest.mark.parametrize("name", RANDOM)
def test_test_sample_is_independent(name):
    train = load_dataset(name, random_state=0)
    test = load_dataset(name, random_state=0, test=True)
    assert test.X.shape == train.X.shape
    assert not _same(test, train)
    np.testing.assert_array_equal(test.X, load_dataset(name, random_state=0, test=True).X)


@pytest.mark.parametrize("name", TABLES)
def test_tables_are_fixed(name):
    a, b = load_dataset(name, random_state=0), load_dataset(name, random_state=99)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    assert load_dataset(name, test=True) is None


@pytest.mark.parametrize("name", ["sinc", "moons", "table_5_1", "laprls_moons", "kliep_demo"])
def test_arrays_are_read_only(name):
    ds = load_dataset(name)
    with pytest.raises(ValueError):
        ds.X[0, 0] = 1.0
    with pytest.raises(ValueError):
        ds.y[0] = ds.y[1]
    for value in ds.extra.values():
        with pytest.raises(ValueError):
            value[0] = value[0]
    with pytest.raises(TypeError):
        ds.extra["new"] = np.zeros(1)
    # Reading twice gives the same untouched table (no shared mutable state).
    np.testing.assert_array_equal(ds.X, load_dataset(name).X)


@pytest.mark.parametrize("name", ["kliep_demo", "table_5_1", "circles", "covariate_shift"])
def test_dataset_pickles(name):
    """st.cache_data pickles return values: a Dataset must survive a round trip."""
    ds = load_dataset(name)
    back = pickle.loads(pickle.dumps(ds))
    np.testing.assert_array_equal(back.X, ds.X)
    np.testing.assert_array_equal(back.y, ds.y)
    assert back.extra.keys() == ds.extra.keys() and back.categories == ds.categories
    assert back.truth is ds.truth
    with pytest.raises(TypeError):
        back.extra["new"] = np.zeros(1)
    for a in (back.X, back.y, *back.extra.values()):       # still read-only after the copy
        with pytest.raises(ValueError):
            a[0] = a[0]


def test_dataset_names_filters():
    assert dataset_names() == list(DATASETS)
    for task in (REGRESSION, CLASSIFICATION, CLUSTERING):
        names = dataset_names(task=task)
        assert names and all(DATASETS[n].task == task for n in names)
    assert sorted(sum((dataset_names(task=t) for t in (REGRESSION, CLASSIFICATION, CLUSTERING)), [])) \
        == sorted(DATASETS)
    assert set(dataset_names(dims=3)) >= {"swiss_roll", "s_curve", "classes3d"}
    assert "gauss3_1d" in dataset_names(task=CLASSIFICATION, dims=1)
    assert "sinc" in dataset_names(task=REGRESSION, dims=1)
    assert "sinc" not in dataset_names(task=CLASSIFICATION)
    assert set(dataset_names(task=CLASSIFICATION, dims=2)) >= {"spirals", "moons", "circles", "xor",
                                                               "blobs", "blobs3", "separable"}
    assert dataset_names(task=REGRESSION, dims=3) == []
    for name in dataset_names(dims=2):
        assert load_dataset(name).X.shape[1] == 2


def test_load_dataset_errors():
    with pytest.raises(ValueError, match="Unknown data set"):
        load_dataset("iris")
    lo, hi = DATASETS["spirals"].n_range
    with pytest.raises(ValueError, match="n must be between"):
        load_dataset("spirals", n=lo - 1)
    with pytest.raises(ValueError, match="n must be between"):
        load_dataset("spirals", n=hi + 1)
    with pytest.raises(ValueError, match="noise"):
        load_dataset("spirals", noise=-0.1)
    with pytest.raises(ValueError, match="noise"):
        load_dataset("moons", noise=float("nan"))
    with pytest.raises(ValueError, match="noise"):
        load_dataset("diagonal", noise=-1.0)     # also for a set without a noise knob


# ---------------------------------------------------------------------------------------------
# Book tables (exact)
# ---------------------------------------------------------------------------------------------

def test_table_4_1_counts():
    ds = load_dataset("table_4_1")
    assert ds.categories == (("1", "2", "3"), ("S", "M", "L"))
    x1 = np.array(ds.categories[0])[ds.X[:, 0].astype(int)]
    x2 = np.array(ds.categories[1])[ds.X[:, 1].astype(int)]
    assert "".join(x1) == "111112222233333"
    assert "".join(x2) == "SMMSSSMMLLLMMLL"
    np.testing.assert_array_equal(ds.y, [-1, -1, 1, 1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, -1])
    # The count table behind every fraction of Example 4.1.
    counts = {1: (9, [2, 3, 4], [1, 4, 4]), -1: (6, [3, 2, 1], [3, 2, 1])}
    for label, (total, c1, c2) in counts.items():
        mask = ds.y == label
        assert mask.sum() == total
        assert [np.sum(x1[mask] == v) for v in "123"] == c1
        assert [np.sum(x2[mask] == v) for v in "SML"] == c2


def test_table_5_1_values():
    ds = load_dataset("table_5_1")
    assert ds.X.shape == (15, 4)
    assert ds.categories[3] == ("very good", "good", "fair")
    assert np.sum(ds.y == "yes") == 9 and np.sum(ds.y == "no") == 6
    # The book's CART codes are code + 1 (age 1/2/3; job, house 1 = yes, 2 = no; credit 1/2/3).
    cart = ds.X.astype(int) + 1
    expected = [[1, 2, 2, 3], [1, 2, 2, 2], [1, 1, 2, 2], [1, 1, 1, 3], [1, 2, 2, 3],
                [2, 2, 2, 3], [2, 2, 2, 2], [2, 1, 1, 2], [2, 2, 1, 1], [2, 2, 1, 1],
                [3, 2, 1, 1], [3, 2, 1, 2], [3, 1, 2, 2], [3, 1, 2, 1], [3, 2, 2, 3]]
    np.testing.assert_array_equal(cart, expected)
    assert "".join("y" if v == "yes" else "n" for v in ds.y) == "nnyynnnyyyyyyyn"
    # Owning a house decides 6 yes exactly (Example 5.2's best split): house = yes → all approved.
    assert set(ds.y[ds.X[:, 2] == 0]) == {"yes"} and np.sum(ds.X[:, 2] == 0) == 6


def test_table_5_2_and_housing_and_examples():
    t = load_dataset("table_5_2")
    np.testing.assert_array_equal(t.X[:, 0], np.arange(1, 11))
    np.testing.assert_array_equal(t.y, [4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00])
    h = load_dataset("housing")
    np.testing.assert_array_equal(h.X, [[2104, 3], [1600, 3], [2400, 3], [1416, 2], [3000, 4]])
    np.testing.assert_array_equal(h.y, [400, 330, 369, 232, 540])
    e = load_dataset("ex_7_1")
    np.testing.assert_array_equal(e.X, [[3, 3], [4, 3], [1, 1]])
    np.testing.assert_array_equal(e.y, [1, 1, -1])
    # Example 7.1's solution w = (½, ½), b = −2 gives functional margins 1, 1.5, 1.
    np.testing.assert_allclose(e.y * (e.X @ [0.5, 0.5] - 2), [1, 1.5, 1])
    e2 = load_dataset("ex_7_2")
    np.testing.assert_array_equal(e2.X, [[1, 2], [2, 3], [3, 3], [2, 1], [3, 2]])
    np.testing.assert_array_equal(e2.y, [1, 1, 1, -1, -1])
    np.testing.assert_allclose(e2.y * (e2.X @ [-1, 2] - 2), [1, 2, 1, 2, 1])
    a = load_dataset("ex_8_1")
    np.testing.assert_array_equal(a.X[:, 0], np.arange(10))
    np.testing.assert_array_equal(a.y, [1, 1, 1, -1, -1, -1, 1, 1, 1, -1])


# ---------------------------------------------------------------------------------------------
# Generator properties stated in the specs
# ---------------------------------------------------------------------------------------------

def test_sinc_sets_keep_their_contract():
    ds = load_dataset("sinc", noise=0.0)
    np.testing.assert_allclose(ds.y, np.sinc(ds.X[:, 0]) + 0.1 * ds.X[:, 0])
    out = load_dataset("sinc_outlier")
    assert out.y[24] == -0.5 and abs(out.X[24, 0] + 0.0612) < 1e-3
    line = load_dataset("line_outlier")
    assert line.y[-1] == -4.0 and line.X[-1, 0] == 3.0


def _spiral_clean(n):
    n1, n2 = n - n // 2, n // 2
    a = np.r_[np.linspace(0, 4 * np.pi, n1), np.linspace(0, 4 * np.pi, n2)]
    r = a + np.r_[np.zeros(n1), np.full(n2, np.pi)]
    return np.c_[r * np.cos(a), r * np.sin(a)]


@pytest.mark.parametrize("seed", range(5))
def test_spirals_uniform_noise(seed):
    ds = load_dataset("spirals", random_state=seed)
    resid = ds.X - _spiral_clean(200)
    assert resid.min() >= 0.0 and resid.max() < 1.0          # U[0, 1): never negative
    assert resid.mean() == pytest.approx(0.5, abs=0.06)
    u, v = ds.X.T
    assert -12.7 <= u.min() and u.max() <= 16.8 and -14.2 <= v.min() and v.max() <= 12.1
    np.testing.assert_array_equal(ds.y, np.repeat([1, -1], 100))
    noisy = load_dataset("spirals", noise=2.0, random_state=seed)
    np.testing.assert_allclose(noisy.X - _spiral_clean(200), 2 * resid)   # the knob scales the draws


@pytest.mark.parametrize("seed", range(5))
def test_blobs_outliers_two_points_near_45(seed):
    ds = load_dataset("blobs_outliers", random_state=seed)
    x1 = ds.X[:, 0]
    assert np.all((x1[:2] > 40) & (x1[:2] < 50)) and np.all(ds.y[:2] == 1)
    assert np.all(x1[2:] < 0)
    np.testing.assert_array_equal(ds.extra["planted_outlier"], np.arange(40) < 2)
    assert abs(x1[2:20].mean() + 15) < 1.2 and abs(x1[20:].mean() + 5) < 1.2
    assert np.all(np.abs(ds.X[:, 1]) < 5)


def test_diagonal_labels_follow_the_diagonal():
    ds = load_dataset("diagonal", n=500)
    np.testing.assert_array_equal(ds.y, np.where(ds.X[:, 0] > ds.X[:, 1], 1, -1))
    np.testing.assert_array_equal(np.sign(ds.truth(ds.X)), ds.y)


def test_gauss3_1d_class_means():
    ds = load_dataset("gauss3_1d")
    np.testing.assert_array_equal(ds.y, np.repeat([1, 2, 3], 30))
    big = load_dataset("gauss3_1d", n=900, random_state=1)
    means = [big.X[big.y == c, 0].mean() for c in (1, 2, 3)]
    np.testing.assert_allclose(means, [-3, 0, 3], atol=0.3)
    sds = [big.X[big.y == c, 0].std() for c in (1, 2, 3)]
    np.testing.assert_allclose(sds, 1, atol=0.15)


@pytest.mark.parametrize("seed", range(5))
def test_ls_fails_is_separable_but_least_squares_is_not(seed):
    ds = load_dataset("ls_fails", random_state=seed)
    X, y = ds.X, ds.y
    assert np.sum(y == 1) == 100 and np.sum(y == -1) == 100
    assert X[y == 1, 0].max() < X[y == -1, 0].min()         # separable along x1
    A = np.c_[X, np.ones(len(X))]
    theta = np.linalg.lstsq(A, y, rcond=None)[0]
    accuracy = np.mean(np.sign(A @ theta) == y)
    assert 0.7 <= accuracy <= 0.9                            # spec [SIM]: 77.5–82 %


def test_pa_and_arow_streams():
    pa = load_dataset("pa_stream")
    assert not np.all(pa.y[:100] == 1)                       # arrival order is shuffled
    assert abs(pa.X[pa.y == 1, 0].mean() + 5) < 0.4 and abs(pa.X[pa.y == -1, 0].mean() - 5) < 0.4
    assert 3.5 < pa.X[:, 1].std() < 6.5
    ar = load_dataset("arow_outliers")
    out = ar.extra["planted_outlier"]
    assert out.sum() == 2 and np.all(ar.y[out] == 1)
    assert np.all(np.abs(ar.X[out, 0] + 5) < 4)               # moved into class −1 (≈ −5)
    assert np.all(ar.X[~out & (ar.y == 1), 0] < -10)


def test_laprls_moons_tips_are_the_labelled_points():
    ds = load_dataset("laprls_moons", noise=0.0)
    lab = ds.extra["labelled"]
    assert lab.sum() == 2 and lab[0] and lab[-1]
    np.testing.assert_allclose(ds.X[0], [-15, 0], atol=1e-12)
    np.testing.assert_allclose(ds.X[-1], [15, 0], atol=1e-12)
    assert ds.y[0] == 1 and ds.y[-1] == -1
    assert np.all(ds.X[ds.y == 1, 1] >= -1e-12) and np.all(ds.X[ds.y == -1, 1] <= 1e-12)


def test_fisher_sets():
    one = load_dataset("fisher1")
    np.testing.assert_allclose(one.X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_array_equal(one.y, np.repeat([1, 2], 50))
    assert one.X[one.y == 2, 0].mean() - one.X[one.y == 1, 0].mean() == pytest.approx(8, abs=0.8)
    two = load_dataset("fisher2")
    np.testing.assert_allclose(two.X.mean(axis=0), 0, atol=1e-12)
    c1 = two.X[:50, 0]
    assert c1[:25].mean() - c1[25:].mean() == pytest.approx(-8, abs=1.0)    # bimodal class 1
    assert abs(c1.mean() - two.X[50:, 0].mean()) < 1.0                      # same class means


def test_generic_sets_match_their_definitions():
    from sklearn.datasets import make_circles
    from sklearn.datasets import make_moons
    for ours, theirs, kw in (("moons", make_moons, {}), ("circles", make_circles, {"factor": 0.5})):
        for n in (200, 201):
            ds = load_dataset(ours, n=n, noise=0.0)
            X, y = theirs(n_samples=n, shuffle=False, noise=None, **kw)
            np.testing.assert_allclose(ds.X, X, atol=1e-12)
            np.testing.assert_array_equal(ds.y, 2 * y - 1)
    circles = load_dataset("circles", noise=0.0)
    np.testing.assert_array_equal(np.sign(circles.truth(circles.X)), circles.y)
    xor = load_dataset("xor", noise=0.2)
    assert np.mean(np.sign(xor.truth(xor.X)) == xor.y) > 0.97
    blobs = load_dataset("blobs", noise=0.3)
    assert np.mean(np.sign(blobs.truth(blobs.X)) == blobs.y) > 0.99
    sep = load_dataset("separable", n=1000)
    f = sep.truth(sep.X)
    np.testing.assert_array_equal(np.sign(f), sep.y)
    assert np.abs(f).min() >= 0.5 - 1e-12
    for name, c in (("blobs3", 3), ("blobs4", 4)):
        ds = load_dataset(name, noise=0.1)
        centres = np.array([ds.X[ds.y == k].mean(axis=0) for k in range(c)])
        d = np.sqrt(((centres[:, None] - centres[None]) ** 2).sum(-1))
        assert d[~np.eye(c, dtype=bool)].min() > 3.5


def test_imbalanced_ratios():
    ds = load_dataset("imbalanced")
    assert np.sum(ds.y == 1) == 20 and np.sum(ds.y == -1) == 180
    big = load_dataset("imbalanced_99")
    assert np.sum(big.y == 1) == 10 and np.sum(big.y == -1) == 990
    # The trivial all-majority classifier already scores 99 % (seed 004 §17).
    assert np.mean(big.y == -1) == 0.99
    assert np.sum(load_dataset("imbalanced", n=20).y == 1) == 2


def test_lof_and_outlier_demos():
    ds = load_dataset("lof_demo")
    assert ds.X[-1, 0] == 14.0 and ds.y[-1] == 1 and ds.y.sum() == 1
    assert np.all(np.abs(ds.X[:50]) <= 10)
    assert np.all(np.abs(ds.X[50:99]) < 5)
    go = load_dataset("gaussian_outliers")
    r = np.hypot(*go.X.T)
    assert go.y.sum() == 5 and np.all((r[go.y == 1] >= 4) & (r[go.y == 1] <= 6))
    kl = load_dataset("kliep_demo")
    assert kl.X[-1, 0] == 5.0 and kl.y[-1] == 1 and kl.y.sum() == 1
    assert kl.extra["X_prime"].shape == (100, 1)
    assert np.all(np.abs(kl.X[:-1]) < 4.5)


def test_pca_sets():
    g = load_dataset("pca_gauss", n=1000)
    np.testing.assert_allclose(g.X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(g.X.std(axis=0), [2, 1], rtol=0.1)
    s = load_dataset("pca_stripes", n=1000)
    np.testing.assert_allclose(s.X.mean(axis=0), 0, atol=1e-12)
    gap = s.X[s.y == 1, 1].mean() - s.X[s.y == -1, 1].mean()
    assert gap == pytest.approx(2, abs=0.1)
    assert s.X[s.y == 1, 1].std() == pytest.approx(1 / 3, rel=0.15)
    # PCA picks the horizontal axis: variance 4 against ≈ 1.11 (spec §13.A).
    assert s.X[:, 0].var() == pytest.approx(4, rel=0.15) and s.X[:, 1].var() == pytest.approx(1.11, rel=0.1)


def test_manifolds():
    sw = load_dataset("swiss_roll")
    a = sw.y
    assert a.min() >= 0 and a.max() <= 3 * np.pi
    np.testing.assert_allclose(sw.X.mean(axis=0), 0, atol=1e-10)
    # Up to the centring shift, x = (a cos a, 30·U, a sin a).
    for col, f in ((0, a * np.cos(a)), (2, a * np.sin(a))):
        shift = sw.X[:, col] - f
        np.testing.assert_allclose(shift, shift[0], atol=1e-10)
    assert np.ptp(sw.X[:, 1]) <= 30
    sc = load_dataset("s_curve")
    t = sc.y
    np.testing.assert_allclose(sc.X[:, 0], np.sin(t))
    np.testing.assert_allclose(sc.X[:, 2], np.sign(t) * (np.cos(t) - 1))
    arc = load_dataset("arc", noise=0.0)
    np.testing.assert_allclose(np.hypot(*arc.X.T), 1)
    assert np.all(arc.X[:, 1] >= 0)


def test_clustering_sets():
    km = load_dataset("kmeans3", n=3000)
    means = np.array([km.X[km.y == c].mean(axis=0) for c in (1, 2, 3)])
    np.testing.assert_allclose(means, [[-2, 0], [0, 4], [2, 0]], atol=0.15)
    sp = load_dataset("spectral_spirals")
    np.testing.assert_allclose(sp.X.mean(axis=0), 0, atol=1e-10)
    np.testing.assert_array_equal(sp.y, np.repeat([1, 2], 250))
    # Uniform noise: the residual to the clean spirals is one constant (the centring) plus U[0, 1)².
    a = np.linspace(0, 2 * np.pi, 250)
    r = np.r_[a, a + np.pi]
    clean = np.c_[r * np.cos(np.r_[a, a]), r * np.sin(np.r_[a, a])]
    resid = sp.X - clean
    assert np.all(np.ptp(resid, axis=0) < 1)
    gm = load_dataset("gmm_blobs")
    assert [np.sum(gm.y == k) for k in range(3)] == [150, 60, 90]
    cov0 = np.cov(load_dataset("gmm_blobs", n=3000).X[:1500].T)
    np.testing.assert_allclose(cov0, [[2, 1.5], [1.5, 1.5]], atol=0.25)
    pk = load_dataset("pilot_karma", n=1000)
    assert np.corrcoef(pk.X.T)[0, 1] > 0.85


def test_density_ratio_pairs_and_covariate_shift():
    ru = load_dataset("rulsif_pair", n=1000)
    assert ru.X.mean() == pytest.approx(0.5, abs=0.12)
    assert ru.extra["X_prime"].mean() == pytest.approx(0, abs=0.12)
    ls = load_dataset("lsdd_pair", n=1000)
    assert ls.X.mean() == pytest.approx(0, abs=0.12)
    assert ls.extra["X_prime"].mean() == pytest.approx(1, abs=0.12)
    cs = load_dataset("covariate_shift", n=1000)
    test = load_dataset("covariate_shift", n=1000, test=True)
    assert cs.X.mean() == pytest.approx(1, abs=0.06) and cs.X.std() == pytest.approx(0.5, rel=0.1)
    assert test.X.mean() == pytest.approx(2, abs=0.03) and test.X.std() == pytest.approx(0.25, rel=0.1)
    x = cs.X[:, 0]
    ratio = stats.norm.pdf(x, 2, 0.25) / stats.norm.pdf(x, 1, 0.5)
    np.testing.assert_allclose(cs.extra["importance"], ratio, rtol=1e-10)
    clean = load_dataset("covariate_shift", noise=0.0)
    np.testing.assert_allclose(clean.y, clean.truth(clean.X), atol=1e-15)
    np.testing.assert_allclose(clean.truth(np.array([0.0, 1.0, 0.5])), [1, 0, 2 / np.pi], atol=1e-15)
