"""LRU cache of float32 kernel rows with a byte budget, usable from numba.

LIBSVM (`svm.cpp`, ``class Cache``; Chang & Lin 2011, Sec. 5) keeps float32 columns of Q in a
circular doubly linked LRU list whose total size is bounded by ``cache_size`` megabytes. Ours keeps
the same policy with arrays only, so that jitted code can own it:

* rows are rows of the *kernel* ``K(x_a, x_b)`` over the ``m`` real points, not of ``Q``. Every Q
  of the SMO core is ``Q_ij = y_i y_j K(r_i, r_j)`` (:mod:`svmbook.solvers.smo`), so one cached
  kernel row serves both SVR variables of a point, and ``y_i y_j`` is applied on the fly
  (multiplying a float32 value by +-1 is exact, so the values equal LIBSVM's
  ``(Qfloat)(y_i*y_j*k)``);
* rows are kept in the original order of the points. Shrinking permutes the solver's variables
  (as LIBSVM's ``swap_index``) but never the cache, so no cached row is ever invalidated;
* storage is a fixed pool ``data[n_slots, m]`` of float32 (the memory of an earlier cache of
  the process when there is one, :mod:`svmbook.solvers.row_memory`); ``slot_of[a]`` is the
  slot holding row ``a`` or -1; ``owner[s]`` is the row held by slot ``s`` or -1;
  ``prv``/``nxt`` are the LRU list over slots with sentinel ``n_slots`` (``nxt[n_slots]`` is
  the least recently used);
* ``stats = [hits, rows computed, kernel evaluations]``;
* a row may be *partial*: computed only at the points of a solver's active set, as LIBSVM
  computes a column only up to ``active_size``. ``part[s]`` is -1 when slot ``s`` holds a whole
  row, else the epoch at which its partial row was computed; ``epoch[0]`` is the current epoch,
  advanced by the solver whenever its active set may grow (:func:`new_epoch`). A partial row
  is valid at the active points of its own epoch only: :func:`row_active` serves it there,
  every other reader (:func:`row`, :func:`get_rows`) completes it first.

Cache policy never changes the numbers a solver sees, only its speed: the same row is always
computed by the same code, so the iteration sequence does not depend on ``cache_size``.

Every numba solver gets its rows the same way: :func:`kernel_source` turns a Gram matrix, dense
points with a :class:`svmbook.kernels.Kernel`, or CSR points (linear and RBF kernels) into a
:class:`KernelSource`, whose tuple ``ksrc`` the jitted code passes to :func:`row` (one row) or
:func:`get_rows` (a batch, one matrix product) together with the cache of :func:`make_cache`.
"""

import contextlib
import functools
import threading
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from numba import njit

from .._blas import blas_limit, threads_for
from .._validation import check_kernel_range
from ..kernels import SPARSE_KINDS, row_sq_norms
from . import row_memory
from ._rows_f32 import (
    RBF_KIND,
    compute_rows_fast,
    csr_rows_f32,
    kernel_rows_f32,
    rbf_from_dots_f32,
    rbf_row_at_fast,
    rbf_row_f32_into,
)
from .row_split import (
    compare_and_swap,
    helper_allowed,
    load_acquire,
    no_split,
    pause,
    post,
    split_row,
    split_state,
    store_release,
    use_helper,
)

__all__ = [
    "KIND_PRECOMPUTED",
    "KernelSource",
    "RowCache",
    "kernel_source",
    "row_cache",
    "make_cache",
    "row",
    "row_active",
    "active_block",
    "new_epoch",
    "get_row",
    "get_rows",
    "compute_rows",
    "prefill",
    "prefilling",
    "private_bookkeeping",
]

#: kernel code of a precomputed Gram matrix: ``X`` is then the float64 (m, m) matrix ``K``.
#: Codes >= 0 are :attr:`svmbook.kernels.Kernel.kind` (rows from ``kernels.kernel_rows``).
KIND_PRECOMPUTED = -2

STAT_HITS = 0
STAT_ROWS = 1
STAT_KERNEL_EVALS = 2

#: A fast-mode row is computed at the active points only while they are at most a
#: ``1 / PARTIAL_ROW_RATIO`` share of the points. An entry at scattered points costs about
#: twice an entry of a whole row (measured: 8.8 ns against 4.6 ns, 10,000 x 20, 20 % active,
#: on the 2-vCPU VM), so a partial row pays below about half; a third leaves room for the
#: rows that are completed later (a variable reaching its upper bound needs its whole row).
PARTIAL_ROW_RATIO = 3


def make_cache(n_points, cache_size=200.0):
    """Allocate an empty row cache for ``n_points`` points and ``cache_size`` megabytes.

    LIBSVM forces room for at least two columns (the two rows of the working pair must be
    valid at once); so do we. The pool never holds more than ``n_points`` rows.

    Parameters
    ----------
    n_points : int
        The number ``m`` of points, i.e. of rows and of entries per row.
    cache_size : float, default=200.0
        The budget in megabytes (``4 m`` bytes a row).

    Returns
    -------
    tuple
        ``(data, slot_of, owner, prv, nxt, stats, part, epoch)``, see the module docstring.

    Raises
    ------
    ValueError
        If ``cache_size`` is not positive.

    See Also
    --------
    row_cache : A kernel source and its cache in one object, to share between solves.

    Examples
    --------
    >>> data, slot_of, owner, prv, nxt, stats, part, epoch = make_cache(10, cache_size=1e-4)
    >>> data.shape  # 1e-4 MB holds two rows of 10 float32 values (40 bytes each)
    (2, 10)
    """
    if not cache_size > 0:
        raise ValueError(f"cache_size must be > 0 (megabytes), got {cache_size}")
    n_points = int(n_points)
    row_bytes = 4 * max(n_points, 1)
    n_slots = int(cache_size * (1 << 20)) // row_bytes
    n_slots = max(2, min(n_slots, n_points))
    data = row_memory.rows(n_slots, n_points)  # the memory of an earlier cache, if any
    slot_of = np.full(n_points, -1, dtype=np.int64)
    owner = np.full(n_slots, -1, dtype=np.int64)
    # circular list sentinel .. 0 .. n_slots-1 .. sentinel: free slots are evicted first
    nxt = np.arange(1, n_slots + 2, dtype=np.int64)
    nxt[-1] = 0
    prv = np.arange(-1, n_slots, dtype=np.int64)
    prv[0] = n_slots
    stats = np.zeros(3, dtype=np.int64)
    part = np.full(n_slots, -1, dtype=np.int64)
    epoch = np.zeros(1, dtype=np.int64)
    return data, slot_of, owner, prv, nxt, stats, part, epoch


@njit(cache=True, inline="always")
def _lru_touch(s, prv, nxt):
    """Move slot ``s`` to the most-recently-used end of the list."""
    sentinel = prv.shape[0] - 1
    nxt[prv[s]] = nxt[s]
    prv[nxt[s]] = prv[s]
    last = prv[sentinel]
    nxt[last] = s
    prv[s] = last
    nxt[s] = sentinel
    prv[sentinel] = s


@njit(cache=True)
def _lru_claim(a, slot_of, owner, prv, nxt):
    """Give the least recently used slot to row ``a`` (evicting its row) and return it."""
    sentinel = prv.shape[0] - 1
    s = nxt[sentinel]
    old = owner[s]
    if old >= 0:
        slot_of[old] = -1
    owner[s] = a
    slot_of[a] = s
    _lru_touch(s, prv, nxt)
    return s


@njit(cache=True)
def _csr_sq_norms(indptr, values):
    """Squared row norms of a CSR matrix, summed in index order (LIBSVM's ``dot(x, x)``)."""
    m = indptr.shape[0] - 1
    out = np.empty(m)
    for a in range(m):
        acc = 0.0
        for q in range(indptr[a], indptr[a + 1]):
            acc += values[q] * values[q]
        out[a] = acc
    return out


@njit(cache=True, nogil=True)
def compute_rows(ksrc, rows, out):
    """Compute kernel rows ``out[t, :] = K(x[rows[t]], x[:])`` in float32 (values in float64).

    LIBSVM computes every kernel value in double and stores ``(Qfloat)`` of it; so do we
    (:mod:`svmbook.solvers._rows_f32`). Dense points: the whole batch is one call of
    ``kernel_rows_f32`` (one matrix product for the inner-product kernels); a single faithful RBF
    row is computed in the source's reused buffers, with the same values; fast mode uses
    ``compute_rows_fast``. CSR points: ``csr_rows_f32``. A Gram matrix: its rows cast to float32.

    Parameters
    ----------
    ksrc : tuple
        :attr:`KernelSource.ksrc`.
    rows : ndarray of int64 of shape (n_rows,)
        The points whose rows to compute.
    out : ndarray of float32 of shape (n_rows, m)
        Receives the rows.

    See Also
    --------
    get_rows : The same rows through the LRU cache (a solver's way to them).
    """
    kind, theta, X, x_sq, fast, XT, ws, csr, split = ksrc
    if csr.shape[0] > 0:
        csr_rows_f32(kind, theta, _csr_parts(csr, X.shape[0]), x_sq, rows, out)
    elif kind == KIND_PRECOMPUTED:
        m = X.shape[0]
        for t in range(rows.shape[0]):
            a = rows[t]
            for b in range(m):
                out[t, b] = np.float32(X[a, b])
    elif rows.shape[0] == 1 and split.shape[0] > 0:  # an RBF row shared with the helper
        split_row(theta[0], X, x_sq, rows[0], XT, rows, -1, out[0], split, fast)
    elif fast:
        compute_rows_fast(kind, theta, X, x_sq, rows, out, XT)
    elif kind == RBF_KIND and rows.shape[0] == 1 and ws.shape[0] > 0:  # one RBF row
        xr, D, P, E = _workspace_parts(ws, X.shape[0], X.shape[1])
        rbf_row_f32_into(theta[0], X, x_sq, rows[0], out[0], xr, D, P, E)
    else:
        kernel_rows_f32(kind, theta, X, x_sq, rows, X, x_sq, out)


@njit(cache=True, inline="always")
def get_row(a, ksrc, cache):
    """Return the slot of kernel row ``a``, computing the row on a miss.

    Parameters
    ----------
    a : int
        The point.
    ksrc : tuple
        :attr:`KernelSource.ksrc`.
    cache : tuple
        The cache of :func:`make_cache`.

    Returns
    -------
    int
        The slot: the row is ``cache[0][slot]``.

    See Also
    --------
    row : The row itself.
    """
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    s = slot_of[a]
    if s >= 0:
        _lru_touch(s, prv, nxt)
        if part[s] < 0:
            stats[STAT_HITS] += 1
            return s
    else:
        s = _lru_claim(a, slot_of, owner, prv, nxt)
    rows = np.empty(1, dtype=np.int64)
    rows[0] = a
    compute_rows(ksrc, rows, data[s : s + 1])
    part[s] = -1
    stats[STAT_ROWS] += 1
    stats[STAT_KERNEL_EVALS] += data.shape[1]
    return s


@njit(cache=True, inline="always")
def row(a, ksrc, cache):
    """Return the kernel row of point ``a``, from the cache or computed.

    Parameters
    ----------
    a, ksrc, cache
        As in :func:`get_row`.

    Returns
    -------
    ndarray of float32 of shape (m,)
        ``K(x_a, x_j)`` over all points, a view of the cache valid until the slot is reused
        (the cache keeps at least the two most recent rows).

    See Also
    --------
    get_rows : Several rows in one batch (one matrix product).
    """
    return cache[0][get_row(a, ksrc, cache)]


@njit(cache=True, inline="always")
def _claim_whole(a, slot_of, owner, prv, nxt, part):
    """Return the slot for whole row ``a``: its own (it held a partial row) or a claimed one."""
    s = slot_of[a]
    if s >= 0:
        _lru_touch(s, prv, nxt)
    else:
        s = _lru_claim(a, slot_of, owner, prv, nxt)
    part[s] = -1
    return s


@njit(cache=True)
def new_epoch(cache):
    """Start a new epoch: the partial rows computed so far are no longer served as valid.

    A solver calls it when it starts and whenever its active set may grow (LIBSVM's
    unshrinking), so that a partial row is only ever read at points where it was computed.

    Parameters
    ----------
    cache : tuple
        The cache of :func:`make_cache`.
    """
    cache[7][0] += 1


@njit(cache=True, inline="always")
def row_active(a, ksrc, cache, r, n):
    """Return kernel row ``a``, valid at least at the points ``r[:n]`` (a solver's active set).

    While the active set covers at most a third of the points (:data:`PARTIAL_ROW_RATIO`), a
    missing fast-mode RBF row of dense points is computed at those points only
    (:func:`~svmbook.solvers._rows_f32.rbf_row_at_fast`, the same values as the whole row) and
    kept as a partial row of the current epoch; any other row is computed whole, as by
    :func:`row`. The set of points ``r[:n]`` (repeats allowed) must not gain a point until
    the caller's next :func:`new_epoch`.

    Parameters
    ----------
    a, ksrc, cache
        As in :func:`get_row`.
    r : ndarray of int64
        Point of each of the solver's variables, active ones first.
    n : int
        Number of active variables.

    Returns
    -------
    ndarray of float32 of shape (m,)
        The row, a view of the cache (entries at inactive points are undefined for a partial
        row).
    """
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    s = slot_of[a]
    if s >= 0 and (part[s] < 0 or part[s] == epoch[0]):
        stats[STAT_HITS] += 1
        _lru_touch(s, prv, nxt)
        return data[s]
    return data[_active_miss(a, ksrc, cache, r, n)]


@njit(cache=True)
def _active_miss(a, ksrc, cache, r, n):
    """Compute the missing row of :func:`row_active` and return its slot.

    Kept out of the inlined hit path: the solver's loop then holds only the cache's arrays (a
    miss costs a row; a hit, every iteration, only the lookup).
    """
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    kind, theta, X, x_sq, fast, XT, ws, csr, split = ksrc
    m = data.shape[1]
    s = slot_of[a]
    if not (fast and kind == RBF_KIND and XT.shape[1] == m and n * PARTIAL_ROW_RATIO <= m):
        return get_row(a, ksrc, cache)
    if s >= 0:
        _lru_touch(s, prv, nxt)
    else:
        s = _lru_claim(a, slot_of, owner, prv, nxt)
    if split.shape[0] > 0:  # shared with the helper
        split_row(theta[0], X, x_sq, a, XT, r, n, data[s], split, True)
    else:
        rbf_row_at_fast(theta[0], X, x_sq, a, r[:n], data[s])
    part[s] = epoch[0]
    stats[STAT_ROWS] += 1
    stats[STAT_KERNEL_EVALS] += n
    return s


@njit(cache=True)
def active_block(cache, r, n, out):
    """Copy the kernel at the points ``r[:n]`` into ``out[:n, :n]`` if the cache holds their rows.

    ``out[a, b] = float64(K[r[a], r[b]])``: a solver's kernel restricted to its active
    variables, in their current order. Its rows are contiguous, so the passes over the active
    set read them directly, where rows of the cache must be gathered at the scattered points
    ``r[:n]`` (a cache line per point or two, once the active set is a small share of a long
    row). The values are the cached float32 values, converted exactly.

    Parameters
    ----------
    cache : tuple
        The cache of :func:`make_cache`; only read (the LRU order and the counters are not
        touched).
    r : ndarray of int64
        Point of each of the solver's variables, active ones first.
    n : int
        Number of active variables.
    out : ndarray of float64 of shape (at least n, at least n)
        Receives the block.

    Returns
    -------
    bool
        Whether the block was copied: False, and ``out`` untouched, when a row of ``r[:n]`` is
        not in the cache or only partly.
    """
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    for a in range(n):
        s = slot_of[r[a]]
        if s < 0 or part[s] >= 0:
            return False
    for a in range(n):
        Kr = data[slot_of[r[a]]]
        out_a = out[a]
        for b in range(n):
            out_a[b] = np.float64(Kr[r[b]])
    return True


@njit(cache=True)
def get_rows(rows, ksrc, cache, slots):
    """Find the slots of several distinct kernel rows, computing the missing ones in one batch.

    Parameters
    ----------
    rows : ndarray of int64 of shape (n_rows,)
        Distinct points, no more than the cache's slots (callers chunk), so that filling the
        batch never evicts a row of the same batch.
    ksrc : tuple
        :attr:`KernelSource.ksrc`.
    cache : tuple
        The cache of :func:`make_cache`.
    slots : ndarray of int64 of shape (n_rows,)
        Receives the slot of each row: ``rows[t]`` is ``cache[0][slots[t]]``.

    See Also
    --------
    row : One row.
    """
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    n = rows.shape[0]
    missing = np.empty(n, dtype=np.int64)
    n_missing = 0
    for t in range(n):
        s = slot_of[rows[t]]
        if s >= 0 and part[s] < 0:
            stats[STAT_HITS] += 1
            _lru_touch(s, prv, nxt)
            slots[t] = s
        else:  # not cached, or a partial row: computed whole
            missing[n_missing] = t
            n_missing += 1
    if n_missing == 0:
        return
    need = np.empty(n_missing, dtype=np.int64)
    for u in range(n_missing):
        need[u] = rows[missing[u]]
    if n_missing == 1:  # a single row goes straight into its slot
        s = _claim_whole(need[0], slot_of, owner, prv, nxt, part)
        compute_rows(ksrc, need, data[s : s + 1])
        slots[missing[0]] = s
    else:
        buf = np.empty((n_missing, data.shape[1]), dtype=np.float32)
        compute_rows(ksrc, need, buf)
        for u in range(n_missing):
            s = _claim_whole(need[u], slot_of, owner, prv, nxt, part)
            slots[missing[u]] = s
            data[s, :] = buf[u]
    stats[STAT_ROWS] += n_missing
    stats[STAT_KERNEL_EVALS] += n_missing * data.shape[1]


# --------------------------------------------------------------------------------------------
# kernel sources (Python)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KernelSource:
    """Where a solver's kernel rows come from (build it with :func:`kernel_source`).

    Attributes
    ----------
    ksrc : tuple
        ``(kind, theta, X, x_sq, fast, XT, ws, csr, split)`` for the jitted :func:`row`,
        :func:`get_rows` and :func:`compute_rows`. ``X`` is the dense points, the Gram matrix
        (``kind == KIND_PRECOMPUTED``) or an empty ``(m, 0)`` array for CSR points; ``ws`` the
        faithful RBF row's buffers, ``csr`` the CSR arrays and ``split`` the state shared with
        the row helper (:mod:`svmbook.solvers.row_split`), each one array (:func:`_workspace_parts`,
        :func:`_csr_parts`), empty when unused: every array of the tuple is passed to every
        function of a solver's loop, and eight more arrays made small solves 7-10 % slower.
    diag : ndarray of shape (m,)
        ``K(x_a, x_a)`` in float64.
    kind : int
        The kernel code (:attr:`svmbook.kernels.Kernel.kind`) or ``KIND_PRECOMPUTED``.
    n_points, n_features : int
        ``m`` and the input dimension (``m`` for a Gram matrix).
    sparse : bool
        CSR points.
    """

    ksrc: tuple
    diag: np.ndarray
    kind: int
    n_points: int
    n_features: int
    sparse: bool


def _no_csr():
    return np.empty(0, dtype=np.int64)


def _pack_csr(indptr, indices, values, n_features):
    """One int64 array ``[indptr | indices | values | scratch]`` (:func:`_csr_parts`)."""
    nnz = indices.shape[0]
    packed = np.zeros(indptr.shape[0] + 2 * nnz + n_features, dtype=np.int64)
    packed[: indptr.shape[0]] = indptr
    packed[indptr.shape[0] : indptr.shape[0] + nnz] = indices
    packed[indptr.shape[0] + nnz : indptr.shape[0] + 2 * nnz] = values.view(np.int64)
    return packed


@njit(cache=True, inline="always")
def _csr_parts(packed, m):
    """``(indptr, indices, values, scratch)`` of :func:`_pack_csr`'s array over ``m`` points."""
    indptr = packed[: m + 1]
    nnz = indptr[m]
    indices = packed[m + 1 : m + 1 + nnz]
    values = packed[m + 1 + nnz : m + 1 + 2 * nnz].view(np.float64)
    scratch = packed[m + 1 + 2 * nnz :].view(np.float64)
    return indptr, indices, values, scratch


def _row_workspace(X, kind, fast=False):
    """Reused buffers for one faithful dense RBF row at a time (:func:`_workspace_parts`)."""
    if kind == RBF_KIND and not fast:
        m, d = X.shape
        return np.empty(d + 3 * m)
    return np.empty(0)


@njit(cache=True, inline="always")
def _workspace_parts(ws, m, d):
    """``(xr, D, P, E)`` of :func:`_row_workspace`'s array, the buffers of ``rbf_row_f32_into``."""
    xr = ws[:d].reshape((1, d))
    D = ws[d : d + m].reshape((1, m))
    P = ws[d + m : d + 2 * m]
    E = ws[d + 2 * m : d + 3 * m].view(np.int64)
    return xr, D, P, E


def kernel_source(K=None, X=None, kernel=None, *, mode="faithful"):
    """Describe the kernel rows of a solve: a Gram matrix ``K``, or points ``X`` with a kernel.

    Parameters
    ----------
    K : array-like of shape (m, m), default=None
        Precomputed Gram matrix (kept in float64; rows are cast to float32 when fetched).
    X : array-like or scipy.sparse matrix of shape (m, n_features), default=None
        Points, with ``kernel``. Sparse points need the linear or RBF kernel.
    kernel : svmbook.kernels.Kernel, default=None
        A dispatchable kernel computes its rows on demand; a combinator (``kind == -1``) is
        evaluated once into its Gram matrix.
    mode : {"faithful", "fast"}, default="faithful"
        ``"fast"`` computes dense RBF rows feature-major with a vectorised exponential
        (``svmbook.solvers._rows_f32.compute_rows_fast``).

    Returns
    -------
    KernelSource
        The source, with the diagonal ``K(x_a, x_a)``.

    Raises
    ------
    ValueError
        If both or neither of ``K`` and ``kernel`` are given, ``X`` is missing with ``kernel``,
        ``K`` is not square, or ``mode`` is unknown.

    See Also
    --------
    row_cache : The source together with its row cache.

    Examples
    --------
    >>> src = kernel_source(K=np.array([[2.0, 1.0], [1.0, 3.0]]))
    >>> src.n_points, src.diag
    (2, array([2., 3.]))
    """
    if mode not in ("faithful", "fast"):
        raise ValueError(f"mode must be 'faithful' or 'fast', got {mode!r}")
    if (K is None) == (kernel is None):
        raise ValueError("give either a precomputed Gram matrix K or a kernel (with X)")
    fast = mode == "fast"
    if kernel is not None:
        if X is None:
            raise ValueError("X is required with kernel")
        X = kernel.check_input(X)
        if sp.issparse(X) and kernel.kind in SPARSE_KINDS:
            m, d = X.shape
            indptr = X.indptr.astype(np.int64)
            values = np.ascontiguousarray(X.data, dtype=np.float64)
            csr = _pack_csr(indptr, X.indices.astype(np.int64), values, d)
            x_sq = _csr_sq_norms(indptr, values)
            check_kernel_range("squared norms of X", 4.0 * x_sq, float32=False)
            diag = x_sq.copy() if kernel.kind == 0 else np.ones(m)
            check_kernel_range("kernel values K(x, x)", diag)
            ksrc = (
                int(kernel.kind),
                np.ascontiguousarray(kernel.theta),
                np.empty((m, 0)),
                x_sq,
                fast,
                np.empty((0, 0)),
                _row_workspace(None, -1),
                csr,
                no_split(),
            )
            return KernelSource(ksrc, diag, int(kernel.kind), m, d, True)
        if kernel.kind >= 0:
            X = np.ascontiguousarray(X, dtype=np.float64)
            kind = int(kernel.kind)
            x_sq = row_sq_norms(X) if kind == RBF_KIND else np.empty(0)
            XT = np.ascontiguousarray(X.T) if fast and kind == RBF_KIND else np.empty((0, 0))
            ws = _row_workspace(X, kind, fast)
            theta = np.ascontiguousarray(kernel.theta)
            m, d = X.shape
            split = split_state(m, d) if use_helper(kind, False, m, d) else no_split()
            ksrc = (kind, theta, X, x_sq, fast, XT, ws, _no_csr(), split)
            if kind == RBF_KIND:  # RBF rows use ||x||^2 + ||x'||^2 - 2 <x, x'>
                check_kernel_range("squared norms of X", 4.0 * x_sq, float32=False)
            diag = kernel._diag(X)  # X is checked: skip diag's second check
            check_kernel_range("kernel values K(x, x)", diag)
            return KernelSource(ksrc, diag, kind, X.shape[0], X.shape[1], False)
        K = kernel(X)  # a combinator: no row dispatch, use its Gram matrix
    K = np.ascontiguousarray(K, dtype=np.float64)
    if K.ndim != 2 or K.shape[0] != K.shape[1]:
        raise ValueError(f"K must be a square (m, m) Gram matrix, got shape {K.shape}")
    ksrc = (
        KIND_PRECOMPUTED,
        np.zeros(1),
        K,
        np.empty(0),
        fast,
        np.empty((0, 0)),
        _row_workspace(None, -1),
        _no_csr(),
        no_split(),
    )
    check_kernel_range("Gram matrix values", K)
    m = K.shape[0]
    return KernelSource(ksrc, np.ascontiguousarray(np.diag(K)), KIND_PRECOMPUTED, m, m, False)


@dataclass(frozen=True)
class RowCache:
    """A kernel source with its row cache, shared by several solves on the same points.

    A solve that reuses one (:func:`svmbook.solvers.smo.solve` with ``rows=``) starts with the
    rows the earlier solves computed, e.g. the second stage of a warm start after a kernel
    change. Build it with :func:`row_cache`; drop it when done (it holds up to the budget).

    Attributes
    ----------
    source : KernelSource
        Where the rows come from.
    cache : tuple
        The row cache of :func:`make_cache` over all ``source.n_points`` points.
    points : ndarray of int or None
        The solve's samples as points of the source (:meth:`subset`; None: all of them, in
        order), e.g. the two classes of a one-vs-one machine reading the rows of the whole
        training set.
    """

    source: KernelSource
    _cache: tuple
    points: np.ndarray | None = None
    # a fill under way (prefilling): [lock, completion or None], shared by the subsets
    _filling: list = field(default_factory=lambda: [threading.Lock(), None], repr=False,
                           compare=False)  # fmt: skip

    def __getstate__(self):
        """Pickle the rows complete, without the prefill's lock."""
        return {"source": self.source, "_cache": self.cache, "points": self.points}

    def __setstate__(self, state):
        """Restore a pickled cache (nothing under way)."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_filling", [threading.Lock(), None])

    def private(self):
        """Return the same rows with this view's own copy of the cache's bookkeeping.

        For a second thread reading a cache that holds every row (prefilled): a cache hit moves
        its slot in the LRU lists and counts itself, so two threads must not share those;
        the rows themselves are only read.

        Returns
        -------
        RowCache
            A view with the same source, rows and points.
        """
        return RowCache(self.source, private_bookkeeping(self.cache), self.points)

    @property
    def cache(self):
        """tuple: The row cache of :func:`make_cache` over all ``source.n_points`` points.

        Reading it completes a fill started by :func:`prefilling` (in this thread).
        """
        lock, finish = self._filling
        if finish is not None:
            with lock:
                if self._filling[1] is not None:
                    self._filling[1]()
                    self._filling[1] = None
        return self._cache

    @property
    def n_points(self):
        """int: The number of samples a solve on this cache sees."""
        return self.source.n_points if self.points is None else self.points.shape[0]

    def subset(self, points):
        """Return the same rows and cache, seen as the samples ``points`` of the source.

        Parameters
        ----------
        points : array-like of int of shape (n,)
            Indices into the points of :attr:`source`.

        Returns
        -------
        RowCache
            A view sharing the source and the cache.

        Raises
        ------
        ValueError
            If an index is outside the source's points.
        """
        points = np.ascontiguousarray(points, dtype=np.int64).ravel()
        if points.size and (points.min() < 0 or points.max() >= self.source.n_points):
            raise ValueError(f"points must index the {self.source.n_points} points of the source")
        if self.points is not None:
            points = self.points[points]
        return RowCache(self.source, self._cache, points, self._filling)


def private_bookkeeping(cache):
    """Return ``cache`` with its own copy of everything but the rows (``data`` is shared).

    Parameters
    ----------
    cache : tuple
        The cache of :func:`make_cache`.

    Returns
    -------
    tuple
        The same ``data`` array and copies of the slot map, the LRU lists and the counters.
    """
    data, *book = cache
    return (data, *(a.copy() for a in book))


def row_cache(K=None, X=None, kernel=None, *, cache_size=200.0, mode="faithful"):
    """Build a :class:`RowCache` for a Gram matrix ``K`` or points ``X`` with ``kernel``.

    Parameters
    ----------
    K, X, kernel, mode
        As in :func:`kernel_source`.
    cache_size : float, default=200.0
        The budget in megabytes (:func:`make_cache`).

    Returns
    -------
    RowCache
        A source and an empty cache, to pass to several solves (:func:`svmbook.solvers.smo.solve`
        with ``rows=``).

    Examples
    --------
    >>> rows = row_cache(K=np.eye(3), cache_size=1.0)
    >>> rows.n_points, rows.subset([0, 2]).n_points
    (3, 2)
    """
    source = kernel_source(K, X, kernel, mode=mode)
    return RowCache(source, make_cache(source.n_points, cache_size))


def prefill(cache, source):
    """Fill the row cache with the whole float32 Gram matrix (it must fit).

    Rows are computed in blocks written straight into the cache. A fast-mode RBF block is one
    GEMM into a reused buffer (fresh buffers cost page faults) and the vectorised exponential.
    Otherwise dense points take the batched rows of :func:`compute_rows` (one matrix product
    per block, their values bit for bit) for the upper triangle only, mirrored
    (:func:`gram_blocks`, shared with the helper thread where
    :func:`~svmbook.solvers.row_split.helper_allowed`).

    Parameters
    ----------
    cache : tuple
        The cache of :func:`make_cache`, with a slot for every point.
    source : KernelSource
        Where the rows come from.

    Returns
    -------
    int
        The number of rows computed.
    """
    with _prefill_threads(source):
        _start_prefill(cache, source)()
    return source.n_points


@contextlib.contextmanager
def prefilling(rows):
    """Fill a :class:`RowCache` with its whole Gram matrix, the helper thread starting now.

    Inside the context the helper computes blocks of :func:`gram_blocks` from the last; the
    rest of :func:`prefill` runs in the thread that first reads ``rows.cache`` (or that of one
    of its subsets), at the latest on exit. The caller's work in between (a multiclass fit sets
    up its machines) overlaps the helper's. The BLAS thread count of :func:`prefill` holds
    inside the context, for both threads' products.

    Parameters
    ----------
    rows : RowCache
        A cache of :func:`row_cache` with a slot for every point, not yet read.

    Yields
    ------
    RowCache
        ``rows``, complete once read.
    """
    with _prefill_threads(rows.source):
        rows._filling[1] = _start_prefill(rows._cache, rows.source)
        try:
            yield rows
        finally:
            rows.cache  # noqa: B018 -- reading it completes the fill


def _prefill_threads(source):
    """Return the BLAS limit of a prefill: threads by the product's shape (svmbook._blas)."""
    m = source.n_points
    return blas_limit(threads_for(m, m, source.n_features))


def _start_prefill(cache, source):
    """Post the helper's share of :func:`prefill`; return the function that does the rest."""
    kind, theta, X, x_sq, fast, XT, ws, csr, split = source.ksrc
    m = source.n_points
    block = max(1, min(64, (32 << 20) // (8 * m)))
    claims = None
    if kind >= 0 and not source.sparse and not (fast and kind == RBF_KIND):
        n_blocks = -(-m // block)
        claims = np.zeros(2 * n_blocks, dtype=np.int64)  # who has each block, then done flags
        if n_blocks >= 2 and helper_allowed():
            post(_helper_blocks, kind, theta, X, x_sq, cache[0], block, claims)
    return functools.partial(_prefill_blocks, cache, source, block, claims)


_FRONT, _HELPER = 1, 2  # the owners of a block in gram_blocks
_ABANDONED = -1  # a block the helper claimed and could not finish (it raised)


@njit(cache=True, nogil=True)
def gram_blocks(kind, theta, X, x_sq, data, block, claims, me):
    """Fill ``data`` with the float32 Gram matrix of ``X``, by row blocks shared by two threads.

    Block ``c`` (rows ``c*block`` to the next block, from the diagonal on) is computed by
    :func:`~svmbook.solvers._rows_f32.kernel_rows_f32` and mirrored below the diagonal: inner
    products and the RBF exponent are symmetric in the two points, so the mirror holds the
    rows' own values. The caller's thread (``me = 1``) takes blocks from the first on, the
    helper thread (``me = 2``, :func:`svmbook.solvers.row_split.post`) from the last back, each
    claiming a block by an atomic compare-and-swap in ``claims[c]``, so every block is written
    by one thread. The helper stops at the first block it cannot claim; the caller, at the
    first block the helper holds, waits for the helper to publish it (``claims[n_blocks + c]``:
    every later block was published before), yielding its CPU while it waits, or computes it
    itself if the helper gave it up (:func:`_helper_blocks`). So the matrix is complete when
    the caller returns, and the helper writes nothing after that; a helper that never comes
    leaves every block to the caller.

    Parameters
    ----------
    kind, theta, X, x_sq
        As in :func:`~svmbook.solvers._rows_f32.kernel_rows_f32`, with ``Y = X``.
    data : ndarray of shape (>= m, m), float32
        Receives the matrix (a row cache's slots, slot ``i`` holding row ``i``).
    block : int
        Rows per block.
    claims : ndarray of int64 of shape (2 * n_blocks,)
        Zero before the first call; shared by the two threads.
    me : int
        1 for the caller's thread, 2 for the helper.
    """
    m = X.shape[0]
    n_blocks = -(-m // block)
    buf = np.empty(block * m, dtype=np.float32)
    for step in range(n_blocks):
        c = n_blocks - 1 - step if me == _HELPER else step
        if not compare_and_swap(claims, c, 0, me):
            if me == _FRONT:  # the helper's block: it is the last one left
                spins = 0
                while load_acquire(claims, n_blocks + c) != 1:
                    if load_acquire(claims, c) == _ABANDONED:
                        _gram_block(kind, theta, X, x_sq, data, block, c, buf)
                        break
                    spins = pause(spins)
            return
        _gram_block(kind, theta, X, x_sq, data, block, c, buf)
        store_release(claims, n_blocks + c, 1)


@njit(cache=True, inline="always")
def _gram_block(kind, theta, X, x_sq, data, block, c, buf):
    """Compute block ``c`` of :func:`gram_blocks` into ``data`` (``buf``: scratch)."""
    m = X.shape[0]
    b = c * block
    e = min(m, b + block)
    upper = buf[: (e - b) * (m - b)].reshape((e - b, m - b))
    kernel_rows_f32(kind, theta, X, x_sq, np.arange(b, e), X[b:], x_sq[b:], upper)
    for t in range(e - b):
        data[b + t, b:] = upper[t]
    for j0 in range(b, m, _TILE):  # the mirror, in tiles that stay in L1
        j1 = min(m, j0 + _TILE)
        for t in range(e - b):
            for j in range(j0, j1):
                data[j, b + t] = upper[t, j - b]


@njit(cache=True)
def _abandon(claims):
    """Give the caller back the block the helper claimed and did not publish."""
    n_blocks = claims.shape[0] // 2
    for c in range(n_blocks):
        if claims[c] == _HELPER and load_acquire(claims, n_blocks + c) != 1:
            store_release(claims, c, _ABANDONED)


def _helper_blocks(kind, theta, X, x_sq, data, block, claims):
    """Run the helper's side of :func:`gram_blocks`; if it raises, hand its block back."""
    try:
        gram_blocks(kind, theta, X, x_sq, data, block, claims, _HELPER)
    except BaseException:
        _abandon(claims)
        raise


#: Rows of a tile of the mirrored copy in :func:`gram_blocks`.
_TILE = 64


def _prefill_blocks(cache, source, block, claims):
    """Compute the blocks of :func:`prefill` (``claims``: :func:`gram_blocks`'s, or None)."""
    kind, theta, X, x_sq, fast, XT, ws, csr, split = source.ksrc
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    m = source.n_points
    if claims is not None:
        gram_blocks(kind, theta, X, x_sq, data, block, claims, _FRONT)
    else:
        D = np.empty((block, m)) if fast and kind == RBF_KIND and not source.sparse else None
        for b in range(0, m, block):
            e = min(m, b + block)
            if D is not None:
                np.dot(X[b:e], X.T, out=D[: e - b])
                rbf_from_dots_f32(D[: e - b], b, x_sq, float(theta[0]), data[b:e])
            else:
                compute_rows(source.ksrc, np.arange(b, e, dtype=np.int64), data[b:e])
    slot_of[:] = np.arange(m)
    owner[:m] = np.arange(m)
    part[:m] = -1
    stats[STAT_ROWS] += m
    stats[STAT_KERNEL_EVALS] += m * m
