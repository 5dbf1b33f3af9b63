"""Gram matrices of five kernels and Li Hang's string kernel (§7.3.2–7.3.3; Zhou notes §6.3.1)."""

import numpy as np
import pytest
from sklearn.metrics import pairwise

from algorithms import gram_eigenvalues
from algorithms import gram_matrix
from algorithms import string_features
from algorithms import string_kernel

X = np.random.default_rng(0).normal(size=(40, 2))


@pytest.mark.parametrize(
    "kernel,params,oracle",
    [
        ("gaussian", dict(sigma=0.7), lambda: pairwise.rbf_kernel(X, gamma=1 / (2 * 0.7**2))),
        ("laplacian", dict(sigma=0.7), lambda: np.exp(-pairwise.euclidean_distances(X) / 0.7)),
        ("poly", dict(degree=3), lambda: pairwise.polynomial_kernel(X, degree=3, gamma=1, coef0=1)),
        ("sigmoid", dict(beta=0.5, theta=-1.0), lambda: pairwise.sigmoid_kernel(X, gamma=0.5, coef0=-1.0)),
    ],
)
def test_gram_matrix_equals_scikit_learns_kernels(kernel, params, oracle):
    assert gram_matrix(X, kernel, **params) == pytest.approx(oracle(), abs=1e-12)


def test_valid_kernels_have_no_negative_eigenvalue_but_the_sigmoid_kernel_does():
    """Li Hang Theorem 7.5: valid kernels give PSD Gram matrices; the sigmoid kernel fails (Zhou §6.3.1)."""
    for kernel in ("linear", "poly", "gaussian", "laplacian"):
        assert gram_eigenvalues(gram_matrix(X, kernel))[-1] > -1e-9
    assert gram_eigenvalues(gram_matrix(X, "sigmoid", beta=1.0, theta=-1.0))[-1] < -0.1


def test_li_hangs_string_kernel_example():
    """Li Hang §7.3.3: n = 3, u = "asd": [φ₃(Nasdaq)]_asd = λ³ and [φ₃(lass das)]_asd = 2λ⁵."""
    lam = 0.5
    assert string_features("Nasdaq", 3, lam)["asd"].value == pytest.approx(lam**3)
    lass = string_features("lass das", 3, lam)["asd"]
    assert lass.value == pytest.approx(2 * lam**5)
    assert lass.sequences == (((2, 3, 6), 5), ((2, 4, 6), 5))


def test_string_kernel_is_the_inner_product_of_the_features_and_normalises_to_one():
    lam = 0.8
    fs, ft = string_features("science", 2, lam), string_features("sciences", 2, lam)
    assert string_kernel("science", "sciences", 2, lam) == pytest.approx(
        sum(f.value * ft[u].value for u, f in fs.items() if u in ft)
    )
    assert string_kernel("cat", "cat", 2, lam, normalise=True) == pytest.approx(1.0)
    assert string_kernel("cat", "dog", 2, lam) == 0.0


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: string_features("x" * 17, 2, 0.5), "at most 16"),
        (lambda: string_features("abc", 5, 0.5), "from 1 to 4"),
        (lambda: string_features("abc", 2, 0.0), "0 < λ ≤ 1"),
        (lambda: gram_matrix(X, "cosine"), "kernel must be one of"),
        (lambda: gram_eigenvalues(np.array([[1.0, 2.0], [0.0, 1.0]])), "symmetric"),
    ],
)
def test_bad_kernel_input_is_refused_with_a_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()
