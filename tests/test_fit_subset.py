"""ui.views.fit_subset: all samples up to the limit, else an even random sample of exactly that many,
the same for the same n, holding the indices asked to be kept."""

import numpy as np

from ui.views import fit_subset


def test_small_data_are_fitted_whole():
    assert fit_subset(500, 500) == slice(None)


def test_the_sample_is_fixed_by_n_and_keeps_the_given_indices():
    plain = fit_subset(20_000, 1000)
    assert len(plain) == len(np.unique(plain)) == 1000 and np.all(np.diff(plain) > 0)
    assert np.array_equal(plain, np.sort(np.random.default_rng(20_000).choice(20_000, 1000, replace=False)))
    kept = fit_subset(20_000, 1000, [0, 19_999, 5])
    assert len(kept) == len(np.unique(kept)) == 1000 and np.all(np.diff(kept) > 0)
    assert {0, 5, 19_999} <= set(kept.tolist())
    others = np.setdiff1d(kept, [0, 5, 19_999])
    assert np.isin(others, plain).all()  # the rest come from the same sample
    assert np.array_equal(fit_subset(20_000, 1000, []), plain)
