"""svmbook._blas: the BLAS thread rule by a product's shape, and the limiting context."""

import numpy as np
from threadpoolctl import threadpool_info

from svmbook import _blas
from svmbook.kernels import rbf


def _blas_threads():
    return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]


def test_rule_by_shape():
    """Check one thread between SMALL and LARGE multiply-adds, the library's setting outside."""
    assert _blas.threads_for(1, 1000, 20) is None  # a short row: not split by BLAS anyway
    assert _blas.threads_for(1, 10_000, 20) == 1  # a solve's row
    assert _blas.threads_for(300, 1091, 20) == 1  # a prediction
    assert _blas.threads_for(20_000, 20_000, 64) is None  # a large Gram matrix


def test_limit_sets_and_restores():
    """Check that the context sets the BLAS threads to 1 and restores them, also on error."""
    before = _blas_threads()
    with _blas.blas_limit(1):
        assert all(n == 1 for n in _blas_threads())
    assert _blas_threads() == before
    try:
        with _blas.blas_limit(1):
            raise RuntimeError
    except RuntimeError:
        pass
    assert _blas_threads() == before
    with _blas.blas_limit(None):
        assert _blas_threads() == before


def test_kernel_values_are_reproducible_under_the_rule():
    """Check that a kernel product is the same on every call, and the threads move only last bits.

    A multithreaded GEMM may sum in another order, so the library's threads can change the last
    bit of some entries (measured: 0.13 % of these, by at most 2.2e-16): one fixed rule keeps
    the values reproducible.
    """
    rng = np.random.default_rng(0)
    X, Y = rng.normal(size=(300, 20)), rng.normal(size=(1100, 20))
    k = rbf(gamma=0.1)
    limited = k(X, Y)
    np.testing.assert_array_equal(k(X, Y), limited)
    with _blas.blas_limit(None):
        free = k._gram(X, Y)
    np.testing.assert_allclose(limited, free, rtol=1e-14, atol=1e-15)
