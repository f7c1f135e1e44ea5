"""LRU cache of float32 kernel rows with a byte budget, usable from numba.

LIBSVM (`svm.cpp`, ``class Cache``; Chang & Lin 2011, Sec. 5) keeps float32 columns of Q in a
circular doubly linked LRU list whose total size is bounded by ``cache_size`` megabytes. Ours keeps
the same policy with arrays only, so that jitted code can own it:

* rows are rows of the *kernel* ``K(x_a, x_b)`` over the ``m`` real points, not of ``Q``. Every Q
  of the SMO core is ``Q_ij = y_i y_j K(r_i, r_j)`` (STYLE.md Sec. 1), so one cached kernel row
  serves both SVR variables of a point, and ``y_i y_j`` is applied on the fly (multiplying a
  float32 value by +-1 is exact, so the values equal LIBSVM's ``(Qfloat)(y_i*y_j*k)``);
* rows are kept in the original order of the points. Shrinking permutes the solver's variables
  (as LIBSVM's ``swap_index``) but never the cache, so no cached row is ever invalidated;
* storage is a fixed pool ``data[n_slots, m]`` of float32; ``slot_of[a]`` is the slot holding
  row ``a`` or -1; ``owner[s]`` is the row held by slot ``s`` or -1; ``prv``/``nxt`` are the
  LRU list over slots with sentinel ``n_slots`` (``nxt[n_slots]`` is the least recently used);
* ``stats = [hits, rows computed, kernel evaluations]``.

Cache policy never changes the numbers a solver sees, only its speed: the same row is always
computed by the same code, so the iteration sequence does not depend on ``cache_size``.
"""

import numpy as np
from numba import njit

from ..kernels import exp_f32_exact, kernel_rows_f32, rbf_row_f32_into, row_sq_norms

__all__ = [
    "KIND_PRECOMPUTED",
    "make_cache",
    "get_row",
    "get_rows",
    "compute_rows",
    "get_row_sq",
    "get_rows_sq",
    "compute_rows_sq",
    "make_row_workspace",
    "get_row_ws",
]

#: kernel code of a precomputed Gram matrix: ``X`` is then the float64 (m, m) matrix ``K``.
#: Codes >= 0 are :attr:`svmbook.kernels.Kernel.kind` (rows from ``kernels.kernel_rows``).
KIND_PRECOMPUTED = -2

STAT_HITS = 0
STAT_ROWS = 1
STAT_KERNEL_EVALS = 2


def make_cache(n_points, cache_size=200.0):
    """Allocate an empty row cache for ``n_points`` points and ``cache_size`` megabytes.

    LIBSVM forces room for at least two columns (the two rows of the working pair must be
    valid at once); so do we. The pool never holds more than ``n_points`` rows.

    Returns
    -------
    tuple
        ``(data, slot_of, owner, prv, nxt, stats)``, see the module docstring.
    """
    if not cache_size > 0:
        raise ValueError(f"cache_size must be > 0 (megabytes), got {cache_size}")
    n_points = int(n_points)
    row_bytes = 4 * max(n_points, 1)
    n_slots = int(cache_size * (1 << 20)) // row_bytes
    n_slots = max(2, min(n_slots, n_points))
    data = np.empty((n_slots, n_points), dtype=np.float32)
    slot_of = np.full(n_points, -1, dtype=np.int64)
    owner = np.full(n_slots, -1, dtype=np.int64)
    # circular list sentinel .. 0 .. n_slots-1 .. sentinel: free slots are evicted first
    order = np.arange(n_slots + 1, dtype=np.int64)
    nxt = np.roll(order, -1)
    prv = np.roll(order, 1)
    stats = np.zeros(3, dtype=np.int64)
    return data, slot_of, owner, prv, nxt, stats


@njit(cache=True)
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
def _exp_nonpositive_f32(D, out):
    """``out = float32(exp(D))`` for ``D <= 0``, vectorised and bitwise libm's
    (:func:`svmbook.kernels.exp_f32_exact`, the faithful rows' exponential too)."""
    n = D.shape[0]
    exp_f32_exact(D, out, np.empty(n), np.empty(n, dtype=np.int64))


@njit(cache=True, fastmath=True)
def rbf_from_dots_f32(D, b, x_sq, gamma, out):
    """``out[t] = float32(exp(-gamma max(|x_{b+t}|^2 + |x_j|^2 - 2 D[t, j], 0)))`` (fast mode).

    ``D`` holds the inner products of the points ``b, b+1, ...`` with all points; the diagonal
    entries are set to exactly 1. ``D`` is overwritten.
    """
    m = D.shape[1]
    for t in range(out.shape[0]):
        xs = x_sq[b + t]
        Dt = D[t]
        for j in range(m):
            Dt[j] = -gamma * max(xs + x_sq[j] - 2.0 * Dt[j], 0.0)
        Dt[b + t] = 0.0
        _exp_nonpositive_f32(Dt, out[t])


@njit(cache=True, fastmath=True)
def compute_rows_fast(kind, theta, X, x_sq, rows, out, XT):
    """Fast-mode rows: as :func:`compute_rows_sq`, but for the RBF kernel the inner products
    are accumulated feature by feature over ``XT = X.T`` (C-contiguous, shape (d, m)) in a
    reused buffer, and the exponential is vectorised. Values may differ from the faithful
    ones in the last float32 bit."""
    if kind != 2 or XT.shape[1] != X.shape[0]:  # not RBF (svmbook.kernels._RBF)
        compute_rows_sq(kind, theta, X, x_sq, rows, out)
        return
    gamma = theta[0]
    m = X.shape[0]
    d = X.shape[1]
    acc = np.empty(m)
    for t in range(rows.shape[0]):
        a = rows[t]
        for j in range(m):
            acc[j] = 0.0
        for f in range(d):
            xf = X[a, f]
            XTf = XT[f]
            for j in range(m):
                acc[j] += xf * XTf[j]
        xs = x_sq[a]
        for j in range(m):
            acc[j] = -gamma * max(xs + x_sq[j] - 2.0 * acc[j], 0.0)
        acc[a] = 0.0
        _exp_nonpositive_f32(acc, out[t])


@njit(cache=True)
def compute_rows_sq(kind, theta, X, x_sq, rows, out):
    """Kernel rows ``out[t, :] = K(x[rows[t]], x[:])`` in float32, computed in float64.

    LIBSVM computes every kernel value in double and stores ``(Qfloat)`` of it; so do we.
    For a kernel, the whole batch is one call of :func:`svmbook.kernels.kernel_rows_f32` (one
    matrix product for the inner-product kernels); ``x_sq`` are the squared norms of the points
    (:func:`svmbook.kernels.row_sq_norms`, computed once per solve; used by the RBF kernel).
    """
    if kind == KIND_PRECOMPUTED:
        m = X.shape[0]
        for t in range(rows.shape[0]):
            a = rows[t]
            for b in range(m):
                out[t, b] = np.float32(X[a, b])
    else:
        kernel_rows_f32(kind, theta, X, x_sq, rows, X, x_sq, out)


@njit(cache=True)
def compute_rows(kind, theta, X, rows, out):
    """As :func:`compute_rows_sq`, computing the squared norms on every call."""
    if kind == KIND_PRECOMPUTED:
        compute_rows_sq(kind, theta, X, np.empty(0), rows, out)
    else:
        compute_rows_sq(kind, theta, X, row_sq_norms(X), rows, out)


@njit(cache=True)
def get_row_sq(a, kind, theta, X, x_sq, data, slot_of, owner, prv, nxt, stats, fast, XT):
    """Slot of kernel row ``a``, computing it on a miss. The row is ``data[slot]``."""
    s = slot_of[a]
    if s >= 0:
        stats[STAT_HITS] += 1
        _lru_touch(s, prv, nxt)
        return s
    s = _lru_claim(a, slot_of, owner, prv, nxt)
    rows = np.empty(1, dtype=np.int64)
    rows[0] = a
    if fast:
        compute_rows_fast(kind, theta, X, x_sq, rows, data[s : s + 1], XT)
    else:
        compute_rows_sq(kind, theta, X, x_sq, rows, data[s : s + 1])
    stats[STAT_ROWS] += 1
    stats[STAT_KERNEL_EVALS] += data.shape[1]
    return s


def make_row_workspace(X, kind, fast=False):
    """Buffers for :func:`get_row_ws`: ``(xr, D, P, E)``, sized for faithful RBF rows of ``X``
    and empty otherwise (then :func:`get_row_ws` is :func:`get_row_sq`)."""
    if kind == 2 and not fast:  # svmbook.kernels._RBF
        m, d = X.shape
        return np.empty((1, d)), np.empty((1, m)), np.empty(m), np.empty(m, dtype=np.int64)
    return np.empty((1, 0)), np.empty((1, 0)), np.empty(0), np.empty(0, dtype=np.int64)


@njit(cache=True)
def get_row_ws(a, kind, theta, X, x_sq, data, slot_of, owner, prv, nxt, stats, fast, XT, ws):
    """As :func:`get_row_sq`; a missing faithful RBF row is computed in the reused buffers
    ``ws`` (:func:`make_row_workspace`), with the same values."""
    xr, D, P, E = ws
    if fast or kind != 2 or slot_of[a] >= 0 or D.shape[1] != data.shape[1]:
        return get_row_sq(a, kind, theta, X, x_sq, data, slot_of, owner, prv, nxt, stats, fast, XT)
    s = _lru_claim(a, slot_of, owner, prv, nxt)
    rbf_row_f32_into(theta[0], X, x_sq, a, data[s], xr, D, P, E)
    stats[STAT_ROWS] += 1
    stats[STAT_KERNEL_EVALS] += data.shape[1]
    return s


@njit(cache=True)
def get_rows_sq(rows, kind, theta, X, x_sq, data, slot_of, owner, prv, nxt, stats, slots, fast, XT):
    """Slots of several distinct kernel rows; the missing ones are computed in one batch.

    ``rows`` must be distinct and no longer than the number of slots (callers chunk), so that
    filling the batch never evicts a row of the same batch. ``slots[t]`` receives the slot of
    ``rows[t]``.
    """
    n = rows.shape[0]
    missing = np.empty(n, dtype=np.int64)
    n_missing = 0
    for t in range(n):
        s = slot_of[rows[t]]
        if s >= 0:
            stats[STAT_HITS] += 1
            _lru_touch(s, prv, nxt)
            slots[t] = s
        else:
            missing[n_missing] = t
            n_missing += 1
    if n_missing == 0:
        return
    buf = np.empty((n_missing, data.shape[1]), dtype=np.float32)
    need = np.empty(n_missing, dtype=np.int64)
    for u in range(n_missing):
        need[u] = rows[missing[u]]
    if fast:
        compute_rows_fast(kind, theta, X, x_sq, need, buf, XT)
    else:
        compute_rows_sq(kind, theta, X, x_sq, need, buf)
    for u in range(n_missing):
        s = _lru_claim(need[u], slot_of, owner, prv, nxt)
        slots[missing[u]] = s
        data[s, :] = buf[u]
    stats[STAT_ROWS] += n_missing
    stats[STAT_KERNEL_EVALS] += n_missing * data.shape[1]


@njit(cache=True)
def get_row(a, kind, theta, X, data, slot_of, owner, prv, nxt, stats):
    """As :func:`get_row_sq`, computing the squared norms when a row is missing."""
    s = slot_of[a]
    if s >= 0:
        stats[STAT_HITS] += 1
        _lru_touch(s, prv, nxt)
        return s
    x_sq = row_sq_norms(X) if kind >= 0 else np.empty(0)
    return get_row_sq(
        a, kind, theta, X, x_sq, data, slot_of, owner, prv, nxt, stats, False, np.empty((0, 0))
    )


@njit(cache=True)
def get_rows(rows, kind, theta, X, data, slot_of, owner, prv, nxt, stats, slots):
    """As :func:`get_rows_sq`, computing the squared norms."""
    x_sq = row_sq_norms(X) if kind >= 0 else np.empty(0)
    get_rows_sq(
        rows,
        kind,
        theta,
        X,
        x_sq,
        data,
        slot_of,
        owner,
        prv,
        nxt,
        stats,
        slots,
        False,
        np.empty((0, 0)),
    )
