"""Tests of the float32 kernel rows that reproduce LIBSVM's ``Qfloat`` cache."""

import math

import numpy as np
import scipy.sparse as sp
from numba import njit

from svmbook.kernels import row_sq_norms
from svmbook.solvers._rows_f32 import (
    LINEAR_KIND,
    RBF_KIND,
    csr_rows_f32,
    exp_f32_exact,
    exp_f32_fast,
    kernel_rows_f32,
    rbf_row_f32_into,
)


def test_exp_f32_exact_is_libm_exp_bit_for_bit():
    """The vectorised exponential of the faithful RBF rows equals float32(math.exp) exactly."""

    @njit
    def reference(Z, out):
        for t in range(Z.shape[0]):
            out[t] = np.float32(math.exp(Z[t]))

    rng = np.random.default_rng(0)
    Z = np.concatenate(
        [-rng.exponential(scale, size=50_000) for scale in (1e-3, 0.1, 1.0, 3.0, 20.0, 90.0)]
        + [np.array([0.0, -0.0, -87.0, -87.0001, -103.0, -104.0, -200.0, -745.2, -1e300])]
    )
    out = np.empty(Z.shape[0], dtype=np.float32)
    exp_f32_exact(Z, out, np.empty(Z.shape[0]), np.empty(Z.shape[0], dtype=np.int64))
    ref = np.empty_like(out)
    reference(Z, ref)
    np.testing.assert_array_equal(out.view(np.uint32), ref.view(np.uint32))


def test_kernel_rows_f32_rbf_matches_scalar_exp_loop():
    """Float32 RBF rows (vectorised exponential) equal the scalar-exp loop, bit for bit."""

    @njit
    def scalar_rows(gamma, X, x_sq, rows, out):
        D = np.dot(X[rows], X.T)
        for t in range(rows.shape[0]):
            for j in range(X.shape[0]):
                d2 = max(x_sq[rows[t]] + x_sq[j] - 2.0 * D[t, j], 0.0)
                out[t, j] = np.float32(math.exp(-gamma * d2))

    rng = np.random.default_rng(3)
    X = rng.normal(size=(3000, 7))
    theta = np.array([0.3])
    x_sq = row_sq_norms(X)
    rows = np.array([0, 17, 2999, 17], dtype=np.int64)
    out = np.empty((4, 3000), dtype=np.float32)
    kernel_rows_f32(RBF_KIND, theta, X, x_sq, rows, X, x_sq, out)
    ref = np.empty_like(out)
    scalar_rows(theta[0], X, x_sq, rows, ref)
    np.testing.assert_array_equal(out.view(np.uint32), ref.view(np.uint32))


def test_fast_exp_matches_libm_in_float32():
    """The fast exponential is within one float32 ulp of libm's."""
    x = -np.linspace(0.0, 80.0, 200_001)
    out = np.empty(x.shape[0], dtype=np.float32)
    exp_f32_fast(x, out, np.empty(x.shape[0]), np.empty(x.shape[0], dtype=np.int64))
    ref = np.exp(x)
    np.testing.assert_allclose(out, ref.astype(np.float32), rtol=2e-7, atol=1e-38)


def test_rbf_row_into_reused_buffers_is_kernel_rows_f32_bitwise():
    """The allocation-free single RBF row is bitwise the batched row."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(257, 4))
    x_sq = row_sq_norms(X)
    theta = np.array([0.7])
    m = X.shape[0]
    batch = np.empty((1, m), dtype=np.float32)
    kernel_rows_f32(RBF_KIND, theta, X, x_sq, np.array([11], dtype=np.int64), X, x_sq, batch)
    one = np.empty(m, dtype=np.float32)
    buffers = (np.empty((1, 4)), np.empty((1, m)), np.empty(m), np.empty(m, dtype=np.int64))
    rbf_row_f32_into(theta[0], X, x_sq, 11, one, *buffers)
    np.testing.assert_array_equal(one.view(np.uint32), batch[0].view(np.uint32))


def test_csr_rows_match_dense_rows():
    """Rows from CSR arrays agree with the dense float32 rows (linear and RBF kernels)."""
    rng = np.random.default_rng(6)
    X = rng.normal(size=(40, 6)) * (rng.random((40, 6)) < 0.4)
    csr = sp.csr_matrix(X)
    csr.sort_indices()
    x_sq = row_sq_norms(X)
    rows = np.array([0, 7, 39], dtype=np.int64)
    for kind, theta in ((LINEAR_KIND, np.empty(0)), (RBF_KIND, np.array([0.2]))):
        dense = np.empty((3, 40), dtype=np.float32)
        kernel_rows_f32(kind, theta, X, x_sq, rows, X, x_sq, dense)
        sparse = np.empty((3, 40), dtype=np.float32)
        arrays = (csr.indptr.astype(np.int64), csr.indices.astype(np.int64), csr.data, np.zeros(6))
        csr_rows_f32(kind, theta, arrays, x_sq, rows, sparse)
        # Summation orders differ (BLAS vs merge over non-zeros): a float32 ulp at most.
        np.testing.assert_allclose(sparse, dense, rtol=2e-7, atol=1e-6)
