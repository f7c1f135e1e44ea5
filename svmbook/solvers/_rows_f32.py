"""Kernel rows in float32, rounded as LIBSVM rounds them.

LIBSVM computes every kernel value in double and stores it in its row cache as ``Qfloat``, a
``float`` (`svm.cpp`, ``class Cache``; Chang & Lin 2011, section 5). The solver then reads the
rounded values, so a working-set choice between two nearly equal gradients can depend on the last
float32 bit. Agreeing with LIBSVM iteration for iteration therefore needs the same rounding: every
function here returns ``float32`` of the float64 kernel value, bit for bit, except the *fast*
variants (:func:`exp_f32_fast`, :func:`compute_rows_fast`, :func:`rbf_from_dots_f32`), which may
differ in the last bit in about one entry in a million and serve the solvers' fast mode.

The float64 kernels themselves live in :mod:`svmbook.kernels`; the row cache that stores these
rows and the dispatch over kernel sources live in :mod:`svmbook.solvers.cache`.
"""

import math

import numpy as np
from numba import njit

from ..kernels import KIND_CODES, kernel_rows

__all__ = [
    "SPAN",
    "compute_rows_fast",
    "csr_rows_f32",
    "exp_f32_exact",
    "exp_f32_fast",
    "kernel_rows_f32",
    "rbf_from_dots_f32",
    "rbf_at_span_fast",
    "rbf_row_at_fast",
    "rbf_row_f32_into",
    "rbf_span_exact",
    "rbf_span_fast",
]

#: ``Kernel.kind`` of the RBF kernel, the one kernel whose rows get a dedicated exponential.
RBF_KIND = KIND_CODES["rbf"]
#: ``Kernel.kind`` of the linear kernel (CSR rows: the inner product itself).
LINEAR_KIND = KIND_CODES["linear"]
#: Entries per span of a fast-mode row (:func:`rbf_span_fast`): a multiple of the vector width
#: whose float64 scratch (three arrays of 8 KB) stays in the L1 cache.
SPAN = 1024

_LOG2E = 1.4426950408889634
_LN2_HI = 0.6931471803691238  # fdlibm's ln2_hi: k * _LN2_HI is exact for |k| < 2**20
_LN2_LO = 1.9082149292705877e-10
# relative margin around the polynomial value: its error is below 4e-13 (degree-10 Taylor on
# |r| <= ln2/2, remainder r^11/11! e^r < 3.3e-13, plus rounding), libm's exp is within 1 ulp
_EXP_MARGIN = 1e-11
_EXP_MIN = -87.0  # below this float32(exp) approaches the subnormals: leave it to libm


@njit(cache=True, fastmath=True)
def _exp_poly(Z, P, E):
    """``exp(Z) ~ P * 2^k`` with ``E`` the bits of ``2^k`` (see :func:`exp_f32_exact`).

    Fast-math only lets the compiler contract and reorder the polynomial; its error stays
    below 1e-13, far inside the margin that :func:`exp_f32_exact` checks.
    """
    n = Z.shape[0]
    for t in range(n):
        x = max(Z[t], -100.0)
        # nearest integer to x log2(e) <= 0.5: truncation of a non-positive number is its
        # ceiling (np.floor would be a libm call and stop the loop from vectorising)
        k = np.int64(x * _LOG2E - 0.5)
        kf = np.float64(k)
        r = (x - kf * _LN2_HI) - kf * _LN2_LO
        q = 1.0 / 3628800.0
        q = q * r + 1.0 / 362880.0
        q = q * r + 1.0 / 40320.0
        q = q * r + 1.0 / 5040.0
        q = q * r + 1.0 / 720.0
        q = q * r + 1.0 / 120.0
        q = q * r + 1.0 / 24.0
        q = q * r + 1.0 / 6.0
        q = q * r + 0.5
        q = q * r + 1.0
        q = q * r + 1.0
        P[t] = q
        E[t] = (k + 1023) << 52


@njit(cache=True)
def exp_f32_exact(Z, out, P, E):
    """``out[j] = float32(math.exp(Z[j]))`` for ``Z <= 0``, bitwise, in vectorisable loops.

    A polynomial ``p ~ exp(Z[j])`` (range reduction ``Z = k ln2 + r``, degree-10 Taylor,
    ``2^k`` assembled in the exponent bits) is accurate to ``< 4e-13`` relative. Whenever every
    number within ``_EXP_MARGIN`` (1e-11) relative of ``p`` rounds to the same float32, so do the
    exact value and libm's (within 1 ulp of it): the result is ``float32(p)``. The rare other
    entries (about 2e-4 of them: ``p`` near a float32 rounding midpoint) and ``Z < -87`` are
    recomputed with ``math.exp``. So the result equals ``float32(math.exp(Z))`` bit for bit,
    while the bulk runs as SIMD. ``P`` (float64) and ``E`` (int64) are scratch of ``Z``'s length.

    Parameters
    ----------
    Z : ndarray of shape (n,), float64
        The exponents, ``<= 0``.
    out : ndarray of shape (n,), float32
        Filled in place.
    P : ndarray of shape (n,), float64
        Scratch for the polynomial values; overwritten.
    E : ndarray of shape (n,), int64
        Scratch for the bits of ``2^k``, then for the flags of the recomputed entries;
        overwritten.

    Returns
    -------
    out : ndarray of shape (n,), float32
        The same array, ``float32(math.exp(Z))`` bit for bit.
    """
    n = Z.shape[0]
    _exp_poly(Z, P, E)
    S = E.view(np.float64)
    bad = E.view(np.uint64)  # E is spent once S is read: reuse it for the flags
    n_bad = 0
    for t in range(n):
        p = P[t] * S[t]
        out[t] = np.float32(p)
        lo = np.float32(p * (1.0 - _EXP_MARGIN))
        hi = np.float32(p * (1.0 + _EXP_MARGIN))
        flag = (lo != hi) | (Z[t] < _EXP_MIN)
        bad[t] = flag
        n_bad += flag
    if n_bad > 0:
        for t in range(n):
            if bad[t] != 0:
                out[t] = np.float32(math.exp(Z[t]))
    return out


@njit(cache=True)
def exp_f32_fast(Z, out, P, E):
    """Set ``out[j] ~ float32(math.exp(Z[j]))`` for ``Z <= 0``.

    The polynomial of :func:`exp_f32_exact` without its rounding check.

    The polynomial is within 4e-13 relative of ``exp``, so its float32 rounding differs from
    libm's only when ``exp(Z[j])`` lies that close to a float32 rounding midpoint, and then by
    one unit in the last place (measured: one entry in two million on [-100, 0]). The
    solvers' fast mode uses it; the check and its second pass cost about a third of a kernel
    row. Entries below -87 (near the float32 subnormals) still come from ``math.exp``.

    Parameters
    ----------
    Z, out, P, E
        As in :func:`exp_f32_exact` (``E`` holds only the bits of ``2^k`` here).

    Returns
    -------
    out : ndarray of shape (n,), float32
        The same array, ``float32(math.exp(Z))`` but for one ulp in about 10^6 entries.
    """
    n = Z.shape[0]
    _exp_poly(Z, P, E)
    S = E.view(np.float64)
    n_low = 0
    for t in range(n):
        out[t] = np.float32(P[t] * S[t])
        n_low += Z[t] < _EXP_MIN
    if n_low > 0:
        for t in range(n):
            if Z[t] < _EXP_MIN:
                out[t] = np.float32(math.exp(Z[t]))
    return out


@njit(cache=True)
def _rbf_exponent(gamma, xs, y_sq, dots, Z):
    """``Z[j] = -gamma max(xs + y_sq[j] - 2 dots[j], 0)`` (``Z`` may be ``dots``)."""
    for j in range(Z.shape[0]):
        d2 = max(xs + y_sq[j] - 2.0 * dots[j], 0.0)
        Z[j] = -gamma * d2


@njit(cache=True)
def rbf_row_f32_into(gamma, X, x_sq, a, out, xr, D, P, E):
    """RBF row ``out[j] = float32(k(X[a], X[j]))`` in reused buffers (jitted).

    Bitwise :func:`kernel_rows_f32` with ``rows = [a]`` and ``Y = X`` (the same matrix product,
    written into ``D``), without allocating: a solver computing one row per iteration keeps
    ``xr`` (1, n_features), ``D`` (1, m) float64, ``P`` (m,) float64 and ``E`` (m,) int64.

    Parameters
    ----------
    gamma : float
        The RBF parameter, ``k(x, x') = exp(-gamma ||x - x'||^2)`` (``Kernel.theta[0]``).
    X : ndarray of shape (m, n_features), float64, C-contiguous
        The points.
    x_sq : ndarray of shape (m,), float64
        Squared norms of the rows of ``X`` (:func:`svmbook.kernels.row_sq_norms`).
    a : int
        Index in ``X`` of the point whose row is computed.
    out : ndarray of shape (m,), float32
        Filled in place.
    xr : ndarray of shape (1, n_features), float64
        Scratch for ``X[a]``; overwritten.
    D : ndarray of shape (1, m), float64
        Scratch for the inner products, then the exponents; overwritten.
    P : ndarray of shape (m,), float64
        Scratch of :func:`exp_f32_exact`.
    E : ndarray of shape (m,), int64
        Scratch of :func:`exp_f32_exact`.

    Returns
    -------
    out : ndarray of shape (m,), float32
        The same array, ``out[j] = float32(k(X[a], X[j]))``.
    """
    xr[0, :] = X[a]
    np.dot(xr, X.T, D)
    _rbf_exponent(gamma, x_sq[a], x_sq, D[0], D[0])
    exp_f32_exact(D[0], out, P, E)
    return out


@njit(cache=True, nogil=True)
def rbf_span_exact(gamma, X, x_sq, a, lo, hi, out, xr, D, P, E):
    """Faithful RBF row entries ``out[j] = float32(k(X[a], X[j]))`` for ``lo <= j < hi``.

    :func:`rbf_row_f32_into` on a span of the points: one matrix product of ``X[a]`` with
    ``X[lo:hi]``, the exponent and LIBSVM's rounding of the exponential
    (:func:`exp_f32_exact`), so a row can be computed in pieces by two threads
    (:mod:`svmbook.solvers.row_split`). The spans of a row are fixed by its length, so its
    values never depend on which thread computed which span.

    Parameters
    ----------
    gamma, X, x_sq, a
        As in :func:`rbf_row_f32_into`.
    lo, hi : int
        The span of entries, ``0 <= lo <= hi <= m``.
    out : ndarray of shape (m,), float32
        Receives the entries ``lo:hi``; the others are left as they are.
    xr : ndarray of shape (1, n_features), float64
        Scratch for ``X[a]``; overwritten.
    D, P : ndarray of float64 of shape (>= hi - lo,)
        Scratch; overwritten.
    E : ndarray of int64 of shape (>= hi - lo,)
        Scratch; overwritten.
    """
    n = hi - lo
    xr[0, :] = X[a]
    Dn = D[:n].reshape((1, n))
    np.dot(xr, X[lo:hi].T, Dn)
    _rbf_exponent(gamma, x_sq[a], x_sq[lo:hi], Dn[0], Dn[0])
    exp_f32_exact(Dn[0], out[lo:hi], P[:n], E[:n])


@njit(cache=True, nogil=True)
def kernel_rows_f32(kind, theta, X, x_sq, rows, Y, y_sq, out):
    """Kernel rows as float32, ``out[r, j] = float32(k(X[rows[r]], Y[j]))``, computed in float64.

    The values are bitwise those of :func:`kernel_rows` cast to float32 (LIBSVM's ``Qfloat``).
    For the RBF kernel the squared norms ``x_sq = |X_i|^2`` and ``y_sq = |Y_j|^2`` are given
    (computed once by the caller with :func:`row_sq_norms`), so a row costs one matrix product
    and one exponential per entry, not a pass over ``Y``. Other kinds ignore them.

    Parameters
    ----------
    kind : int
        ``Kernel.kind`` (must be >= 0), as in :func:`svmbook.kernels.kernel_rows`.
    theta : ndarray of shape (n_theta,), float64
        ``Kernel.theta``; for the RBF kernel ``theta[0]`` is ``gamma``.
    X : ndarray of shape (n_x, n_features), float64, C-contiguous
        The points the rows are taken from.
    x_sq : ndarray of shape (n_x,), float64
        Squared norms of the rows of ``X`` (RBF only; may be empty otherwise).
    rows : ndarray of shape (n_rows,), int64
        Rows of ``X``.
    Y : ndarray of shape (n_y, n_features), float64, C-contiguous
        The points the kernel is evaluated against.
    y_sq : ndarray of shape (n_y,), float64
        Squared norms of the rows of ``Y`` (RBF only; may be empty otherwise).
    out : ndarray of shape (n_rows, n_y), float32
        Filled in place.

    Returns
    -------
    out : ndarray of shape (n_rows, n_y), float32
        The same array, ``out[r, j] = float32(k(X[rows[r]], Y[j]))``.
    """
    if kind == RBF_KIND:
        D = np.dot(X[rows], Y.T)
        n = Y.shape[0]
        Z = np.empty(n)
        P = np.empty(n)
        E = np.empty(n, dtype=np.int64)
        for t in range(rows.shape[0]):
            _rbf_exponent(theta[0], x_sq[rows[t]], y_sq, D[t], Z)
            exp_f32_exact(Z, out[t], P, E)
        return out
    buf = np.empty((rows.shape[0], Y.shape[0]))
    kernel_rows(kind, theta, X, rows, Y, buf)
    for t in range(rows.shape[0]):
        for j in range(Y.shape[0]):
            out[t, j] = np.float32(buf[t, j])
    return out


@njit(cache=True)
def _exp_nonpositive_f32(D, out):
    """``out ~ float32(exp(D))`` for ``D <= 0``, vectorised (fast mode).

    :func:`exp_f32_fast`: libm's value but for one ulp in about 10^6 entries.
    """
    n = D.shape[0]
    exp_f32_fast(D, out, np.empty(n), np.empty(n, dtype=np.int64))


@njit(cache=True, fastmath=True, nogil=True)
def rbf_from_dots_f32(D, b, x_sq, gamma, out):
    """``out[t] = float32(exp(-gamma max(|x_{b+t}|^2 + |x_j|^2 - 2 D[t, j], 0)))`` (fast mode).

    ``D`` holds the inner products of the points ``b, b+1, ...`` with all points; the diagonal
    entries are set to exactly 1. ``D`` is overwritten.

    Parameters
    ----------
    D : ndarray of shape (n_rows, m), float64
        ``D[t, j] = <x_{b+t}, x_j>``; overwritten with the exponents.
    b : int
        Index of the point of the first row.
    x_sq : ndarray of shape (m,), float64
        Squared norms of all the points.
    gamma : float
        The RBF parameter, ``k(x, x') = exp(-gamma ||x - x'||^2)``.
    out : ndarray of shape (n_rows, m), float32
        Filled in place: ``out[t]`` is the kernel row of point ``b + t``.
    """
    m = D.shape[1]
    for t in range(out.shape[0]):
        xs = x_sq[b + t]
        Dt = D[t]
        for j in range(m):
            Dt[j] = -gamma * max(xs + x_sq[j] - 2.0 * Dt[j], 0.0)
        Dt[b + t] = 0.0
        _exp_nonpositive_f32(Dt, out[t])


@njit(cache=True, fastmath=True, nogil=True)
def rbf_span_fast(gamma, X, x_sq, a, XT, lo, hi, out, acc, P, E):
    """Fast-mode RBF row entries ``out[j] ~ float32(k(X[a], X[j]))`` for ``lo <= j < hi``.

    The inner products are accumulated feature by feature over ``XT = X.T`` (each entry summed
    over the features in order, whatever the span), the exponent clipped at 0 (the diagonal
    set to exactly 0) and the exponential vectorised (:func:`exp_f32_fast`). So an entry's
    value does not depend on the span it is computed in: a row computed in pieces, by one
    thread or two (:mod:`svmbook.solvers.row_split`), equals the row computed whole.

    Parameters
    ----------
    gamma : float
        The RBF parameter, ``k(x, x') = exp(-gamma ||x - x'||^2)``.
    X : ndarray of shape (m, d), float64, C-contiguous
        The points.
    x_sq : ndarray of shape (m,), float64
        Squared norms of the rows of ``X``.
    a : int
        The point whose row is computed.
    XT : ndarray of shape (d, m), float64, C-contiguous
        ``X.T``.
    lo, hi : int
        The span of entries, ``0 <= lo <= hi <= m``.
    out : ndarray of shape (m,), float32
        Receives the entries ``lo:hi``; the others are left as they are.
    acc, P : ndarray of float64 of shape (>= hi - lo,)
        Scratch; overwritten.
    E : ndarray of int64 of shape (>= hi - lo,)
        Scratch; overwritten.
    """
    n = hi - lo
    Z = acc[:n]
    for j in range(n):
        Z[j] = 0.0
    for f in range(X.shape[1]):
        xf = X[a, f]
        XTf = XT[f, lo:hi]
        for j in range(n):
            Z[j] += xf * XTf[j]
    xs = x_sq[a]
    y_sq = x_sq[lo:hi]
    for j in range(n):
        Z[j] = -gamma * max(xs + y_sq[j] - 2.0 * Z[j], 0.0)
    if lo <= a < hi:
        Z[a - lo] = 0.0
    exp_f32_fast(Z, out[lo:hi], P[:n], E[:n])


@njit(cache=True, fastmath=True)
def compute_rows_fast(kind, theta, X, x_sq, rows, out, XT):
    """Compute kernel rows in fast mode, as :func:`compute_rows` but quicker for RBF.

    For the RBF kernel each row is :func:`rbf_span_fast` over spans of :data:`SPAN` points
    (inner products accumulated feature by feature over ``XT = X.T``, a vectorised
    exponential; a span's scratch stays in the L1 cache: 40 us against 48 us for a row of
    10,000 x 20 points computed in one pass, measured on the 2-vCPU VM). Values may
    differ from the faithful ones in the last float32 bit.

    Parameters
    ----------
    kind : int
        ``Kernel.kind`` (must be >= 0).
    theta : ndarray of shape (n_theta,), float64
        ``Kernel.theta``; for the RBF kernel ``theta[0]`` is ``gamma``.
    X : ndarray of shape (m, d), float64, C-contiguous
        The points.
    x_sq : ndarray of shape (m,), float64
        Squared norms of the rows of ``X`` (RBF only; may be empty otherwise).
    rows : ndarray of shape (n_rows,), int64
        The points whose rows to compute.
    out : ndarray of shape (n_rows, m), float32
        Filled in place: ``out[t, j] ~ float32(k(X[rows[t]], X[j]))``.
    XT : ndarray of shape (d, m), float64, C-contiguous
        ``X.T``. Any other shape (e.g. ``(0, 0)``), like any kind but RBF, selects the faithful
        :func:`kernel_rows_f32`.
    """
    if kind != RBF_KIND or XT.shape[1] != X.shape[0]:
        kernel_rows_f32(kind, theta, X, x_sq, rows, X, x_sq, out)
        return
    m = X.shape[0]
    acc = np.empty(SPAN)
    P = np.empty(SPAN)
    E = np.empty(SPAN, dtype=np.int64)
    for t in range(rows.shape[0]):
        for lo in range(0, m, SPAN):  # span by span: the scratch stays in L1
            rbf_span_fast(theta[0], X, x_sq, rows[t], XT, lo, min(m, lo + SPAN), out[t], acc, P, E)


@njit(cache=True, fastmath={"contract"}, nogil=True)
def rbf_at_span_fast(gamma, X, x_sq, a, points, lo, hi, out, Z, P, E, V):
    """Entries ``out[points[t]] = k(X[a], X[points[t]])`` for ``lo <= t < hi`` (fast mode).

    The span of :func:`rbf_row_at_fast`: an entry's value does not depend on the span it is
    computed in (each product summed over the features in order, the exponential entry by
    entry), so a row computed in pieces, by one thread or two
    (:mod:`svmbook.solvers.row_split`), equals the row computed at once.

    Parameters
    ----------
    gamma, X, x_sq, a, out
        As in :func:`rbf_row_at_fast`.
    points : ndarray of shape (>= hi,), int64
        Distinct points; entries ``lo:hi`` are computed.
    lo, hi : int
        The span of ``points``.
    Z, P : ndarray of float64 of shape (>= hi - lo,)
        Scratch; overwritten.
    E : ndarray of int64 of shape (>= hi - lo,)
        Scratch; overwritten.
    V : ndarray of float32 of shape (>= hi - lo,)
        Scratch for the values before they are scattered; overwritten.
    """
    n = hi - lo
    d = X.shape[1]
    xa = X[a]
    # four points at a time: four independent chains of products (one chain is bound by the
    # latency of its additions), each summed over the features in order as the whole row is
    t = 0
    while t + 4 <= n:
        x0 = X[points[lo + t]]
        x1 = X[points[lo + t + 1]]
        x2 = X[points[lo + t + 2]]
        x3 = X[points[lo + t + 3]]
        s0 = 0.0
        s1 = 0.0
        s2 = 0.0
        s3 = 0.0
        for f in range(d):
            s0 += xa[f] * x0[f]
            s1 += xa[f] * x1[f]
            s2 += xa[f] * x2[f]
            s3 += xa[f] * x3[f]
        Z[t] = s0
        Z[t + 1] = s1
        Z[t + 2] = s2
        Z[t + 3] = s3
        t += 4
    while t < n:
        xb = X[points[lo + t]]
        s0 = 0.0
        for f in range(d):
            s0 += xa[f] * xb[f]
        Z[t] = s0
        t += 1
    xs = x_sq[a]
    for t in range(n):
        b = points[lo + t]
        Z[t] = -gamma * max(xs + x_sq[b] - 2.0 * Z[t], 0.0)
        if b == a:
            Z[t] = 0.0
    exp_f32_fast(Z[:n], V[:n], P[:n], E[:n])
    for t in range(n):
        out[points[lo + t]] = V[t]


@njit(cache=True)
def rbf_row_at_fast(gamma, X, x_sq, a, points, out):
    """Compute a fast-mode RBF row at some points only: ``out[b] = k(X[a], X[b])``, b in ``points``.

    The entries are bitwise those of :func:`compute_rows_fast` (the same products summed feature
    by feature, the same exponent and exponential); entries at other points are left as they
    are. The SMO's fast mode fills the rows of the working pair this way while shrinking has
    left few active variables: LIBSVM computes a column only over the active set too
    (``Cache::get_data`` with ``len = active_size``).

    Parameters
    ----------
    gamma : float
        The RBF parameter, ``k(x, x') = exp(-gamma ||x - x'||^2)``.
    X : ndarray of shape (m, d), float64, C-contiguous
        The points.
    x_sq : ndarray of shape (m,), float64
        Squared norms of the rows of ``X``.
    a : int
        The point whose row is computed.
    points : ndarray of shape (n,), int64
        Distinct points at which to compute it.
    out : ndarray of shape (m,), float32
        The row; written at ``points`` only.
    """
    n = points.shape[0]
    rbf_at_span_fast(
        gamma, X, x_sq, a, points, 0, n, out, np.empty(n), np.empty(n),
        np.empty(n, dtype=np.int64), np.empty(n, dtype=np.float32),
    )  # fmt: skip


@njit(cache=True)
def csr_rows_f32(kind, theta, csr, x_sq, rows, out):
    """Linear or RBF kernel rows of CSR points, ``out[t, j] = float32(k(x[rows[t]], x[j]))``.

    ``csr = (indptr, indices, values, scratch)`` with sorted indices and a zeroed float64
    ``scratch`` of length n_features. Row ``a`` is scattered into ``scratch``, and each inner
    product runs over the non-zeros of ``x_j`` in index order; the products with a zero of
    ``x_a`` add +0.0, so every value is bitwise LIBSVM's sparse ``dot`` (a merge over the common
    indices in order) and its RBF ``exp(-gamma (|x_a|^2 + |x_j|^2 - 2 <x_a, x_j>))``.

    Parameters
    ----------
    kind : int
        ``Kernel.kind`` of the linear or the RBF kernel (any other kind is computed as RBF).
    theta : ndarray of shape (n_theta,), float64
        ``Kernel.theta``; for the RBF kernel ``theta[0]`` is ``gamma``.
    csr : tuple of ndarray
        ``(indptr, indices, values, scratch)``: ``indptr`` of shape (m + 1,) int64, ``indices``
        (int64, sorted within each row) and ``values`` (float64) of shape (nnz,), and ``scratch``
        of shape (n_features,), float64, all zero; it is zero again on return.
    x_sq : ndarray of shape (m,), float64
        Squared norms of the points (RBF only).
    rows : ndarray of shape (n_rows,), int64
        The points whose rows to compute.
    out : ndarray of shape (n_rows, m), float32
        Filled in place.
    """
    indptr, indices, values, scratch = csr
    m = indptr.shape[0] - 1
    for t in range(rows.shape[0]):
        a = rows[t]
        for q in range(indptr[a], indptr[a + 1]):
            scratch[indices[q]] = values[q]
        for j in range(m):
            acc = 0.0
            for q in range(indptr[j], indptr[j + 1]):
                acc += scratch[indices[q]] * values[q]
            if kind == LINEAR_KIND:
                out[t, j] = np.float32(acc)
            else:
                out[t, j] = np.float32(np.exp(-theta[0] * (x_sq[a] + x_sq[j] - 2.0 * acc)))
        for q in range(indptr[a], indptr[a + 1]):
            scratch[indices[q]] = 0.0
