"""The SMO core: one solver for every LIBSVM formulation.

Solves (Chang & Lin, "LIBSVM: a library for support vector machines", ACM TIST 2(3), 2011, Sec. 4)::

    min_a  0.5 a' Q a + p' a   s.t.  y' a = Delta,  0 <= a_i <= C_i,

with ``y_i`` in {-1, +1} and ``Q_ij = y_i y_j K(x[r_i], x[r_j])`` for a row map ``r`` from the
``l`` variables to the ``m`` real points (SVC has ``r = identity``, one-class
``y = 1``, SVR ``y = (+1.., -1..)`` and ``r = (0..m-1, 0..m-1)``). With ``nu=True`` it solves
the nu problems' two equality constraints ``sum_{y_i=+1} a_i = Delta_+``,
``sum_{y_i=-1} a_i = Delta_-`` (LIBSVM's ``Solver_NU``). The start ``alpha`` must be feasible; it
fixes ``Delta``.

It is a re-implementation of LIBSVM's ``Solver`` (``svm.cpp``), step by step, with the same names:

* working-set selection by second-order information, Fan, Chen & Lin, "Working set selection
  using second order information for training SVM", JMLR 6:1889-1918 (2005), WSS 2, with
  ``TAU`` replacing non-positive curvature (their WSS 3 for indefinite kernels) and LIBSVM's
  tie-breaking (``>=``/``<=``: the last index wins, in the current shrunk order);
* the exact two-variable update with LIBSVM's clipping branches;
* shrinking (``do_shrinking``, ``be_shrunk``) with the gradient rebuilt from ``G_bar``
  (``reconstruct_gradient``); shrunk variables are swapped behind ``active_size`` exactly as
  ``swap_index`` does, because the order decides ties;
* ``calculate_rho`` (and the nu variant returning two values), named ``calculate_offset`` here:
  LIBSVM's ``rho``, the constant of its decision function ``sum_i y_i alpha_i K(x_i, x) - rho``,
  is called the *offset* throughout svmbook, so that ``rho`` keeps one meaning (Goodrich's margin
  parameter of the geometric modules).

Kernel values are float32 (LIBSVM's ``Qfloat``), everything else float64, so the iteration
sequence equals LIBSVM's on the same kernel values. Kernel rows come from the LRU cache in
:mod:`svmbook.solvers.cache`.

Names (as in ``svm.cpp``): ``G`` gradient ``Qa + p``; ``G_bar_i = sum_{j at upper bound} C_j Q_ij``
(the gradient if free variables were 0), ``QD`` the diagonal of ``Q`` (float64),
``alpha_status`` in {``LOWER_BOUND``, ``UPPER_BOUND``, ``FREE``}, ``active_size`` the number of
variables not shrunk, ``active_set[k]`` the original index of the variable at position ``k``.
"""

import contextlib
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
from numba import njit
from sklearn.exceptions import ConvergenceWarning

from .._blas import SMALL, blas_limit, threads_for
from ._rows_f32 import RBF_KIND
from .cache import (
    STAT_HITS,
    RowCache,
    active_block,
    get_rows,
    kernel_source,
    make_cache,
    new_epoch,
    prefill,
    private_bookkeeping,
    row,
    row_active,
)
from .row_split import (
    helper_allowed,
    helping,
    load_acquire,
    monotonic_ns,
    post,
    store_release,
)

__all__ = [
    "FAST_MAX_CACHED",
    "FAST_MAX_FEATURES",
    "SMOResult",
    "TAU",
    "choose_mode",
    "default_max_iter",
    "fill_in_order",
    "solve",
    "solve_checked",
    "solve_many",
]

TAU = 1e-12
INF = np.inf
LOWER_BOUND = 0
UPPER_BOUND = 1
FREE = 2

# ctl: small int64 state shared by the jitted functions
CTL_ACTIVE_SIZE = 0
CTL_UNSHRINK = 1


# --------------------------------------------------------------------------------------------
# bookkeeping
# --------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def update_alpha_status(k, alpha, C, alpha_status):
    if alpha[k] >= C[k]:
        alpha_status[k] = UPPER_BOUND
    elif alpha[k] <= 0:
        alpha_status[k] = LOWER_BOUND
    else:
        alpha_status[k] = FREE


@njit(cache=True)
def _swap(a, i, j):
    t = a[i]
    a[i] = a[j]
    a[j] = t


@njit(cache=True)
def swap_index(i, j, st):
    """Swap variables at positions i and j in every per-variable array (LIBSVM's swap_index)."""
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    _swap(y, i, j)
    _swap(r, i, j)
    _swap(QD, i, j)
    _swap(p, i, j)
    _swap(alpha, i, j)
    _swap(C, i, j)
    _swap(G, i, j)
    _swap(G_bar, i, j)
    _swap(alpha_status, i, j)
    _swap(active_set, i, j)


@njit(cache=True)
def _for_rows_in_batches(
    positions, st, ksrc, cache, target, coef, lo, hi, gather_lo, gather_hi, mode
):
    """Accumulate kernel rows of the variables at ``positions``, in order, fetched in batches.

    mode 0 (``G``/``G_bar`` init and scatter): for each position i (in order) and every
    k in [lo, hi): ``target[k] += coef[i] * Q_ik``.
    mode 1 (gather): for each position i: ``target[i] += sum_{k in [gather_lo, gather_hi),
    free k} alpha_k Q_ik`` (reconstruct_gradient, first loop order).
    The accumulation order is LIBSVM's, so results are bitwise those of its loops.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    data = cache[0]
    n_slots = data.shape[0]
    m = data.shape[1]
    mark = np.zeros(m, dtype=np.int8)
    n = positions.shape[0]
    rows_buf = np.empty(min(n, n_slots), dtype=np.int64)
    start = 0
    while start < n:
        # take positions, in order, until n_slots distinct rows are needed
        stop = start
        count = 0
        while stop < n:
            a = r[positions[stop]]
            if mark[a] == 0:
                if count == n_slots:
                    break
                mark[a] = 1
                rows_buf[count] = a
                count += 1
            stop += 1
        rows = rows_buf[:count].copy()
        for t in range(count):
            mark[rows[t]] = 0
        slots = np.empty(rows.shape[0], dtype=np.int64)
        get_rows(rows, ksrc, cache, slots)
        slot_of = cache[1]
        for t in range(start, stop):
            i = positions[t]
            Ki = data[slot_of[r[i]]]
            yi = y[i]
            if mode == 0:
                c = coef[i]
                for k in range(lo, hi):
                    target[k] += c * (yi * y[k] * np.float64(Ki[r[k]]))
            else:
                acc = target[i]
                for k in range(gather_lo, gather_hi):
                    if alpha_status[k] == FREE:
                        acc += alpha[k] * (yi * y[k] * np.float64(Ki[r[k]]))
                target[i] = acc
        start = stop


@njit(cache=True)
def _positions(alpha_status, n, status, equal):
    """Return the positions ``k < n``, in order, with status ``status`` (``equal``) or another."""
    count = 0
    for k in range(n):
        if (alpha_status[k] == status) == equal:
            count += 1
    out = np.empty(count, dtype=np.int64)
    t = 0
    for k in range(n):
        if (alpha_status[k] == status) == equal:
            out[t] = k
            t += 1
    return out


@njit(cache=True, nogil=True)
def init_gradient(st, ksrc, cache):
    """``G = p + sum_{a_i>0} a_i Q_i``, ``G_bar = sum_{a_i=C_i} C_i Q_i`` (rows batched)."""
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    l = y.shape[0]
    for k in range(l):
        G[k] = p[k]
        G_bar[k] = 0.0
    # LIBSVM adds, for i in order, alpha_i Q_i to G and (if at upper bound) C_i Q_i to G_bar;
    # both are separate accumulations, so doing G first and then G_bar gives the same bits.
    nz = _positions(alpha_status, l, LOWER_BOUND, False)
    if nz.shape[0] > 0:
        _for_rows_in_batches(nz, st, ksrc, cache, G, alpha, 0, l, 0, 0, 0)
    up = _positions(alpha_status, l, UPPER_BOUND, True)
    if up.shape[0] > 0:
        _for_rows_in_batches(up, st, ksrc, cache, G_bar, C, 0, l, 0, 0, 0)


@njit(cache=True)
def reconstruct_gradient(st, ksrc, cache, ctl):
    """Rebuild ``G`` of the shrunk variables: ``G_i = G_bar_i + p_i + sum_{j free} a_j Q_ij``.

    Like LIBSVM, use whichever loop order touches fewer kernel entries.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    l = y.shape[0]
    active_size = ctl[CTL_ACTIVE_SIZE]
    if active_size == l:
        return
    for j in range(active_size, l):
        G[j] = G_bar[j] + p[j]
    free = _positions(alpha_status, active_size, FREE, True)
    if free.shape[0] * l > 2 * active_size * (l - active_size):
        # rows of the inactive variables, over the active free ones
        pos = np.arange(active_size, l)
        _for_rows_in_batches(pos, st, ksrc, cache, G, alpha, 0, 0, 0, active_size, 1)
    else:
        # rows of the active free variables, over the inactive ones
        _for_rows_in_batches(free, st, ksrc, cache, G, alpha, active_size, l, 0, 0, 0)


# --------------------------------------------------------------------------------------------
# working-set selection (Fan, Chen & Lin 2005, WSS 2; LIBSVM select_working_set)
# --------------------------------------------------------------------------------------------


# Reductions over stored values only: a maximum is exact in any order of comparisons, so it may
# be split into partial maxima; the arithmetic that produces the values runs in separate loops,
# in LIBSVM's order, so every value is bitwise LIBSVM's.
BIG = 1e300


@njit(cache=True)
def _range_max(v, lo, hi):
    """``max(v[lo:hi])`` (``-BIG`` when empty), by eight independent running maxima.

    A single running maximum is one long dependency chain that the compiler does not vectorise
    (measured 0.54 ns per entry on the 2-vCPU VM); eight chains run in parallel and vectorise
    (0.14 ns). The maximum does not depend on the order of the comparisons, so the result is
    the same value.
    """
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = -BIG
    end8 = lo + (hi - lo) // 8 * 8
    for t in range(lo, end8, 8):
        a0 = max(a0, v[t])
        a1 = max(a1, v[t + 1])
        a2 = max(a2, v[t + 2])
        a3 = max(a3, v[t + 3])
        a4 = max(a4, v[t + 4])
        a5 = max(a5, v[t + 5])
        a6 = max(a6, v[t + 6])
        a7 = max(a7, v[t + 7])
    for t in range(end8, hi):
        a0 = max(a0, v[t])
    return max(max(max(a0, a1), max(a2, a3)), max(max(a4, a5), max(a6, a7)))


@njit(cache=True)
def _max_last(v, n):
    """``(max v[:n], last index attaining it)``; ``(-BIG, -1)`` when every entry is ``-BIG``.

    The last maximiser is LIBSVM's tie rule (its ``>=`` comparisons). Four running maxima with
    their indices, each over every fourth entry and keeping its last maximiser, are four short
    dependency chains that run in parallel; the maximum of the four with, among the chains
    attaining it, the largest index is the last maximiser. Measured on the 2-vCPU VM at 129 to
    600 entries: 0.4 ns per entry, against 0.9-1.1 ns for a vectorised maximum followed by a
    backward scan for its last position.
    """
    a0 = a1 = a2 = a3 = -BIG
    i0 = i1 = i2 = i3 = -1
    end4 = n // 4 * 4
    for t in range(0, end4, 4):
        x0 = v[t]
        x1 = v[t + 1]
        x2 = v[t + 2]
        x3 = v[t + 3]
        c0 = x0 >= a0
        c1 = x1 >= a1
        c2 = x2 >= a2
        c3 = x3 >= a3
        a0 = x0 if c0 else a0
        a1 = x1 if c1 else a1
        a2 = x2 if c2 else a2
        a3 = x3 if c3 else a3
        i0 = t if c0 else i0
        i1 = t + 1 if c1 else i1
        i2 = t + 2 if c2 else i2
        i3 = t + 3 if c3 else i3
    m = max(max(a0, a1), max(a2, a3))
    i = -1
    if a0 == m:
        i = i0
    if a1 == m:
        i = max(i, i1)
    if a2 == m:
        i = max(i, i2)
    if a3 == m:
        i = max(i, i3)
    for t in range(end4, n):  # the tail's indices are the largest
        if v[t] >= m:
            m = v[t]
            i = t
    if m == -BIG:
        return m, -1
    return m, i


@njit(cache=True, inline="always")
def gather_row(Kr, r, out, n):
    """``out[t] = float64(Kr[r[t]])`` for the first ``n`` positions.

    The passes over the active set then read a contiguous buffer: an indexed load inside them
    keeps the compiler from vectorising the whole loop (its division included), which made
    them several times slower. The conversion is exact, so the values are unchanged.
    """
    for t in range(n):
        out[t] = np.float64(Kr[r[t]])


@njit(cache=True, inline="always")
def _up_value(y_t, s_t, G_t):
    """``-y_t G_t`` if variable t is in I_up = {y=+1, a<C} u {y=-1, a>0}, else ``-BIG``."""
    ok = ((y_t > 0) & (s_t != UPPER_BOUND)) | ((y_t < 0) & (s_t != LOWER_BOUND))
    return -y_t * G_t if ok else -BIG


@njit(cache=True, inline="always")
def select_working_set(st, ksrc, cache, ctl, eps, buf, block, in_block, up_ready):
    """Return (i, j), or (-1, -1) when optimal (``Gmax + Gmax2 < eps`` or no j exists).

    i maximises ``-y_t G_t`` over I_up; j minimises ``-(Gmax + y_t G_t)^2 / a_it`` over I_low
    with ``a_it = QD_i + QD_t - 2 K_it`` (``TAU`` if not positive). Ties: the last index wins.

    Written as two-phase reductions (masked values into ``buf`` in a vectorised pass, then
    :func:`_max_last`): the same (i, j) as LIBSVM's branchy loops, whose ``>=``/``<=``
    comparisons make the last maximiser/minimiser win. ``buf`` rows: 0, 1 the masked values,
    2 receives row i's kernel values over the active positions (:func:`gather_row`, reused by
    the gradient update), 3 is the loop's row j. With ``in_block``, row i is read from
    ``block`` (the active block of :func:`solve_loop`) and not gathered. With ``up_ready``,
    row 0 already holds the I_up values (written by :func:`update_gradient`).
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    n = ctl[CTL_ACTIVE_SIZE]
    v = buf[0]
    w = buf[1]
    ki = buf[2]
    if not up_ready:
        for t in range(n):
            v[t] = _up_value(y[t], alpha_status[t], G[t])
    Gmax, i = _max_last(v, n)
    if i == -1:
        return -1, -1
    if in_block:
        ki = block[i]
    else:
        gather_row(row_active(r[i], ksrc, cache, r, n), r, ki, n)
    QDi = QD[i]
    # I_low = {y=+1, a>0} u {y=-1, a<C}; Gmax2 = max y G over I_low; j among b_t = Gmax + y G > 0
    # (w holds -obj so that the minimiser is a maximiser: negation is exact)
    for t in range(n):
        s_t = alpha_status[t]
        pos = y[t] > 0
        neg = y[t] < 0
        ok = (pos & (s_t != LOWER_BOUND)) | (neg & (s_t != UPPER_BOUND))
        yG = y[t] * G[t]
        grad_diff = Gmax + yG
        quad_coef = QDi + QD[t] - 2.0 * ki[t]
        quad_coef = quad_coef if quad_coef > 0 else TAU
        obj = -(grad_diff * grad_diff) / quad_coef
        v[t] = yG if ok else -BIG
        w[t] = -obj if (ok & (grad_diff > 0)) else -BIG
    Gmax2 = _range_max(v, 0, n)
    _, j = _max_last(w, n)
    if Gmax + Gmax2 < eps or j == -1:
        return -1, -1
    return i, j


@njit(cache=True)
def select_working_set_nu(st, ksrc, cache, ctl, eps, block, in_block, positions):
    """Select the working pair of the nu problems (LIBSVM's ``Solver_NU``).

    i and j come from the same class, i taken per class (``Solver_NU::select_working_set``).
    With ``in_block``, the rows of the two candidates for i are read from ``block`` (the
    active block of :func:`solve_loop`) at the variables' positions (``positions``:
    ``0, 1, ..., l-1``), else from the cache at their points ``r``.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    active_size = ctl[CTL_ACTIVE_SIZE]
    Gmaxp = -INF
    Gmaxp_idx = -1
    Gmaxn = -INF
    Gmaxn_idx = -1
    for t in range(active_size):
        if y[t] > 0:
            if alpha_status[t] != UPPER_BOUND:
                if -G[t] >= Gmaxp:
                    Gmaxp = -G[t]
                    Gmaxp_idx = t
        else:
            if alpha_status[t] != LOWER_BOUND:
                if G[t] >= Gmaxn:
                    Gmaxn = G[t]
                    Gmaxn_idx = t
    ip = Gmaxp_idx
    iN = Gmaxn_idx
    # a dummy row when a class has no candidate: it is never read (its Gmax is -inf)
    if in_block:
        Gmaxp2, Gmaxn2, Gmin_idx = _nu_pick_j(
            st, active_size, Gmaxp, Gmaxn, ip, iN,
            block[max(ip, 0)], block[max(iN, 0)], positions,
        )
    else:
        Kp = cache[0][0]
        Kn = cache[0][0]
        if ip != -1:
            Kp = row_active(r[ip], ksrc, cache, r, active_size)
        if iN != -1:
            Kn = row_active(r[iN], ksrc, cache, r, active_size)
        Gmaxp2, Gmaxn2, Gmin_idx = _nu_pick_j(st, active_size, Gmaxp, Gmaxn, ip, iN, Kp, Kn, r)
    if max(Gmaxp + Gmaxp2, Gmaxn + Gmaxn2) < eps or Gmin_idx == -1:
        return -1, -1
    if y[Gmin_idx] > 0:
        return Gmaxp_idx, Gmin_idx
    return Gmaxn_idx, Gmin_idx


@njit(cache=True, inline="always")
def _nu_pick_j(st, active_size, Gmaxp, Gmaxn, ip, iN, Kp, Kn, at):
    """Run the second loop of :func:`select_working_set_nu`; return ``(Gmaxp2, Gmaxn2, j)``.

    The kernel value of candidate i (``ip`` or ``iN``) at variable j is ``Kp[at[j]]`` or
    ``Kn[at[j]]``: rows of the cache indexed by points, or of the active block by positions.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    Gmaxp2 = -INF
    Gmaxn2 = -INF
    Gmin_idx = -1
    obj_diff_min = INF
    # one loop for both classes, in terms of y_j G_j: for y=+1 it is LIBSVM's first branch
    # (I_low: a > 0, grad_diff = Gmaxp + G_j), for y=-1 its second (a < C, Gmaxn - G_j)
    for j in range(active_size):
        pos = y[j] > 0
        if alpha_status[j] == (LOWER_BOUND if pos else UPPER_BOUND):
            continue
        yG = G[j] if pos else -G[j]
        if pos:
            if yG >= Gmaxp2:
                Gmaxp2 = yG
            grad_diff = Gmaxp + yG
        else:
            if yG >= Gmaxn2:
                Gmaxn2 = yG
            grad_diff = Gmaxn + yG
        if grad_diff > 0:
            Ki = Kp if pos else Kn
            quad_coef = QD[ip if pos else iN] + QD[j] - 2.0 * np.float64(Ki[at[j]])
            obj_diff = -(grad_diff * grad_diff) / (quad_coef if quad_coef > 0 else TAU)
            if obj_diff <= obj_diff_min:
                Gmin_idx = j
                obj_diff_min = obj_diff
    return Gmaxp2, Gmaxn2, Gmin_idx


# --------------------------------------------------------------------------------------------
# the two-variable update
# --------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def update_pair(i, j, Kij, st):
    """Minimise over (alpha_i, alpha_j) analytically and clip to the box, as LIBSVM.

    The clipping branches (``diff > C_i - C_j``, ``sum > C_i``...) decide which corner is taken
    when both variables leave the box; they are LIBSVM's, in its order. Returns the changes.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    C_i = C[i]
    C_j = C[j]
    old_alpha_i = alpha[i]
    old_alpha_j = alpha[j]
    # Q_ij = y_i y_j K_ij, so QD_i + QD_j + 2 Q_ij (y_i != y_j) and QD_i + QD_j - 2 Q_ij
    # (y_i == y_j) are both QD_i + QD_j - 2 K_ij.
    # The two branches have the same shape but other signs and clips; kept inline, as LIBSVM,
    # because this runs every iteration (hot loop: a shared helper would cost a call).
    if y[i] != y[j]:
        quad_coef = QD[i] + QD[j] - 2.0 * Kij
        if quad_coef <= 0:
            quad_coef = TAU
        delta = (-G[i] - G[j]) / quad_coef
        diff = alpha[i] - alpha[j]
        alpha[i] += delta
        alpha[j] += delta
        if diff > 0:
            if alpha[j] < 0:
                alpha[j] = 0.0
                alpha[i] = diff
        else:
            if alpha[i] < 0:
                alpha[i] = 0.0
                alpha[j] = -diff
        if diff > C_i - C_j:
            if alpha[i] > C_i:
                alpha[i] = C_i
                alpha[j] = C_i - diff
        else:
            if alpha[j] > C_j:
                alpha[j] = C_j
                alpha[i] = C_j + diff
    else:
        quad_coef = QD[i] + QD[j] - 2.0 * Kij
        if quad_coef <= 0:
            quad_coef = TAU
        delta = (G[i] - G[j]) / quad_coef
        sum_ = alpha[i] + alpha[j]
        alpha[i] -= delta
        alpha[j] += delta
        if sum_ > C_i:
            if alpha[i] > C_i:
                alpha[i] = C_i
                alpha[j] = sum_ - C_i
        else:
            if alpha[j] < 0:
                alpha[j] = 0.0
                alpha[i] = sum_
        if sum_ > C_j:
            if alpha[j] > C_j:
                alpha[j] = C_j
                alpha[i] = sum_ - C_j
        else:
            if alpha[i] < 0:
                alpha[i] = 0.0
                alpha[j] = sum_
    return alpha[i] - old_alpha_i, alpha[j] - old_alpha_j


@njit(cache=True, inline="always")
def update_gradient(i, j, ki, kj, dA_i, dA_j, st, active_size, v):
    """Add ``Q_ik dA_i + Q_jk dA_j`` to ``G_k`` over the active set; ``v_k`` = its I_up value.

    ``ki``/``kj`` are the kernel rows of i and j over the active positions (gathered by
    :func:`gather_row`, or rows of the active block). The new ``G_k`` is at hand, so the
    values the next working-set selection maximises first (:func:`_up_value`, with the
    statuses already updated) are written in the same pass.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    yi = y[i]
    yj = y[j]
    for k in range(active_size):
        yk = y[k]
        g = G[k] + ((yi * yk * ki[k]) * dA_i + (yj * yk * kj[k]) * dA_j)
        G[k] = g
        v[k] = _up_value(yk, alpha_status[k], g)


@njit(cache=True, inline="always")
def update_G_bar(i, Ki, sign, st):
    """Add ``sign * C_i Q_i`` to ``G_bar`` over all l variables (i entered/left its upper bound).

    ``sign * C_i`` is ``+-C_i`` exactly, so adding it times ``Q_ik`` is bitwise LIBSVM's
    ``G_bar[k] += C_i * Q_ik`` or ``G_bar[k] -= C_i * Q_ik``.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    c = sign * C[i]
    yi = y[i]
    for k in range(y.shape[0]):
        G_bar[k] += c * (yi * y[k] * np.float64(Ki[r[k]]))


# --------------------------------------------------------------------------------------------
# shrinking
# --------------------------------------------------------------------------------------------


@njit(cache=True)
def be_shrunk(k, Gmax1, Gmax2, Gmax3, Gmax4, st):
    """Tell whether the bounded variable k cannot be selected (LIBSVM's ``be_shrunk``).

    Thresholds 1, 2 (I_up, I_low) for y=+1 and 4, 3 for y=-1 (``Solver_NU::be_shrunk``);
    ``Solver::be_shrunk`` is the case ``Gmax3 = Gmax1``, ``Gmax4 = Gmax2``.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    if alpha_status[k] == UPPER_BOUND:
        if y[k] > 0:
            return -G[k] > Gmax1
        return -G[k] > Gmax4
    elif alpha_status[k] == LOWER_BOUND:
        if y[k] > 0:
            return G[k] > Gmax2
        return G[k] > Gmax3
    return False


@njit(cache=True)
def do_shrinking(st, ksrc, cache, ctl, eps, nu):
    """Move variables that cannot be selected behind ``active_size`` (LIBSVM do_shrinking).

    The first time the violation falls below ``10 eps`` the whole gradient is rebuilt and
    every variable re-activated ("unshrink", once).
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    l = y.shape[0]
    active_size = ctl[CTL_ACTIVE_SIZE]
    Gmax1 = -INF
    Gmax2 = -INF
    Gmax3 = -INF
    Gmax4 = -INF
    if not nu:
        # Gmax1 = max -y G over I_up; Gmax2 = max y G over I_low. The y > 0 and y < 0 branches
        # (and the nu scan below) share one shape on purpose: inline, in LIBSVM's order, in the
        # solver loop's path (hot loop: no call per variable)
        for k in range(active_size):
            if y[k] > 0:
                if alpha_status[k] != UPPER_BOUND:
                    if -G[k] >= Gmax1:
                        Gmax1 = -G[k]
                if alpha_status[k] != LOWER_BOUND:
                    if G[k] >= Gmax2:
                        Gmax2 = G[k]
            else:
                if alpha_status[k] != UPPER_BOUND:
                    if -G[k] >= Gmax2:
                        Gmax2 = -G[k]
                if alpha_status[k] != LOWER_BOUND:
                    if G[k] >= Gmax1:
                        Gmax1 = G[k]
        violation = Gmax1 + Gmax2
    else:
        # per class: 1,2 for y=+1 (I_up, I_low); 4,3 for y=-1
        for k in range(active_size):
            if alpha_status[k] != UPPER_BOUND:
                if y[k] > 0:
                    if -G[k] > Gmax1:
                        Gmax1 = -G[k]
                elif -G[k] > Gmax4:
                    Gmax4 = -G[k]
            if alpha_status[k] != LOWER_BOUND:
                if y[k] > 0:
                    if G[k] > Gmax2:
                        Gmax2 = G[k]
                elif G[k] > Gmax3:
                    Gmax3 = G[k]
        violation = max(Gmax1 + Gmax2, Gmax3 + Gmax4)

    if ctl[CTL_UNSHRINK] == 0 and violation <= eps * 10:
        ctl[CTL_UNSHRINK] = 1
        reconstruct_gradient(st, ksrc, cache, ctl)
        ctl[CTL_ACTIVE_SIZE] = l
        new_epoch(cache)
        active_size = l

    if not nu:  # one threshold pair for both classes
        Gmax3 = Gmax1
        Gmax4 = Gmax2
    k = 0
    while k < active_size:
        if be_shrunk(k, Gmax1, Gmax2, Gmax3, Gmax4, st):
            active_size -= 1
            while active_size > k:
                if not be_shrunk(active_size, Gmax1, Gmax2, Gmax3, Gmax4, st):
                    swap_index(k, active_size, st)
                    break
                active_size -= 1
        k += 1
    ctl[CTL_ACTIVE_SIZE] = active_size


# --------------------------------------------------------------------------------------------
# offset (LIBSVM's rho)
# --------------------------------------------------------------------------------------------


@njit(cache=True)
def _mean_free_or_midpoint(st, active_size, cls):
    """Average ``v_i`` over the free variables, else take the middle of the bounded ones' interval.

    The body of LIBSVM's ``calculate_rho``.

    ``cls = 0``: every variable, ``v_i = y_i G_i`` (``Solver::calculate_rho``); ``cls = +-1``:
    the variables with ``y_i = cls``, ``v_i = G_i`` (one class of ``Solver_NU``). A variable at
    its upper bound bounds ``v`` from below when ``y_i = +1`` or in the nu case, from above
    otherwise; at its lower bound the converse. Sums run in LIBSVM's order.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    nr_free = 0
    ub = INF
    lb = -INF
    sum_free = 0.0
    for k in range(active_size):
        if cls != 0 and y[k] != cls:
            continue
        v = G[k] if cls != 0 else y[k] * G[k]
        if alpha_status[k] == FREE:
            nr_free += 1
            sum_free += v
        elif (alpha_status[k] == UPPER_BOUND) == (cls != 0 or y[k] > 0):
            lb = max(lb, v)
        else:
            ub = min(ub, v)
    if nr_free > 0:
        return sum_free / nr_free
    return (ub + lb) / 2


@njit(cache=True)
def calculate_offset(st, active_size):
    """Return LIBSVM's ``calculate_rho``, the offset of the decision function.

    Parameters
    ----------
    st : tuple
        The solver state ``(y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set)``.
    active_size : int
        The number of variables not shrunk.

    Returns
    -------
    float
        The mean of ``y_i G_i`` over free variables, else the middle of the feasible interval.
    """
    return _mean_free_or_midpoint(st, active_size, 0.0)


@njit(cache=True)
def calculate_offset_nu(st, active_size):
    """Return LIBSVM's ``Solver_NU::calculate_rho`` as ``(offset, r)``.

    Per class, r1 (``y = +1``) and r2 (``y = -1``) as in :func:`calculate_offset` on ``G``;
    returned as the offset and the margin ``(offset, r) = ((r1 - r2)/2, (r1 + r2)/2)``.
    """
    r1 = _mean_free_or_midpoint(st, active_size, 1.0)
    r2 = _mean_free_or_midpoint(st, active_size, -1.0)
    return (r1 - r2) / 2, (r1 + r2) / 2


# --------------------------------------------------------------------------------------------
# the loop
# --------------------------------------------------------------------------------------------


#: Largest active set copied into the active block of :func:`solve_loop` (float64, 8 MiB at
#: this size). The copy costs ``n^2`` entries at each change of the active set, at most once per
#: ``min(l, 1000)`` iterations (the shrinking period), and saves two gathers of ``n`` scattered
#: entries per iteration, so it pays up to about ``n = 2000``; the cap bounds the memory.
ACTIVE_BLOCK_MAX = 1024


@njit(cache=True)
def _refresh_block(st, cache, n, block):
    """Return ``(block, in_block)``: the active block over the ``n`` active variables, if cached.

    ``block`` is reused when large enough. ``in_block`` is False when ``n`` exceeds
    :data:`ACTIVE_BLOCK_MAX` or a row of an active variable is not wholly in the cache.
    """
    if n > ACTIVE_BLOCK_MAX:
        return block, False
    if block.shape[0] < n:
        block = np.empty((n, n))
    return block, active_block(cache, st[1], n, block)


@njit(cache=True, nogil=True)
def solve_loop(st, ksrc, cache, eps, shrinking, max_iter, nu):
    """LIBSVM's Solver::Solve main loop on prepared state. Returns (n_iter, status, offset, r).

    status 0: optimal within eps; 1: max_iter reached (the gradient is still rebuilt, as in
    upstream LIBSVM, so the offset and the objective are those of the returned alpha).

    The active block: after a shrinking step has changed the active set, and while every
    active variable's row is wholly in the cache, the kernel at the active points is copied,
    in the variables' order, into a private dense matrix
    (:func:`~svmbook.solvers.cache.active_block`), and the iterations read rows i and j there.
    LIBSVM gets the same effect by swapping the two entries of every cached row whenever
    shrinking swaps two variables (``Cache::swap_index``), which a cache shared by several
    solves cannot do. The values
    read are the same, so the iterations are too; on a fold of Pima diabetes (614 points,
    about 130 active) the iterations took a third less time.
    """
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    l = y.shape[0]
    ctl = np.zeros(2, dtype=np.int64)
    ctl[CTL_ACTIVE_SIZE] = l
    n_iter = 0
    status = 0
    counter = min(l, 1000) + 1
    buf = np.empty((4, l))
    block = np.empty((0, 0))
    in_block = False  # whether block holds the kernel of the current active set
    up_ready = False  # whether buf[0] holds the I_up values of the current G (update_gradient)
    positions = np.arange(l)  # the block's index of each variable (the nu selection's)
    stats = cache[5]
    new_epoch(cache)  # partial rows of an earlier solve on a shared cache are not ours
    while True:
        if n_iter >= max_iter:
            status = 1
            reconstruct_gradient(st, ksrc, cache, ctl)
            ctl[CTL_ACTIVE_SIZE] = l
            break
        counter -= 1
        if counter == 0:
            counter = min(l, 1000)
            if shrinking:
                before = ctl[CTL_ACTIVE_SIZE]
                unshrink = ctl[CTL_UNSHRINK]
                do_shrinking(st, ksrc, cache, ctl, eps, nu)
                up_ready = False  # the active set changed, and G if it was unshrunk
                # an unchanged size means nothing was swapped, unless the set was first unshrunk
                if not (
                    in_block and ctl[CTL_ACTIVE_SIZE] == before and ctl[CTL_UNSHRINK] == unshrink
                ):
                    block, in_block = _refresh_block(st, cache, ctl[CTL_ACTIVE_SIZE], block)
        if nu:
            i, j = select_working_set_nu(st, ksrc, cache, ctl, eps, block, in_block, positions)
        else:
            i, j = select_working_set(st, ksrc, cache, ctl, eps, buf, block, in_block, up_ready)
        if i == -1:
            # optimal on the active set: rebuild the whole gradient and check again
            reconstruct_gradient(st, ksrc, cache, ctl)
            ctl[CTL_ACTIVE_SIZE] = l
            new_epoch(cache)
            in_block = False
            if nu:
                i, j = select_working_set_nu(st, ksrc, cache, ctl, eps, block, False, positions)
            else:
                i, j = select_working_set(st, ksrc, cache, ctl, eps, buf, block, False, False)
            if i == -1:
                break
            counter = 1  # shrink at the next iteration
        n_iter += 1
        active_size = ctl[CTL_ACTIVE_SIZE]

        if in_block:
            stats[STAT_HITS] += 2  # rows i and j, served from the block
            Kij = block[i, j]
            Ki = cache[0][0]  # a placeholder of the cache's type: G_bar below reads the cache
        else:
            # the pair's rows are needed at the active points only (partial rows in fast mode)
            Ki = row_active(r[i], ksrc, cache, r, active_size)
            Kj = row_active(r[j], ksrc, cache, r, active_size)
            if nu:  # select_working_set leaves row i gathered in buf[2]; the nu rule does not
                gather_row(Ki, r, buf[2], active_size)
            gather_row(Kj, r, buf[3], active_size)
            Kij = np.float64(Ki[r[j]])
        dA_i, dA_j = update_pair(i, j, Kij, st)
        ui = alpha_status[i] == UPPER_BOUND
        uj = alpha_status[j] == UPPER_BOUND
        update_alpha_status(i, alpha, C, alpha_status)
        update_alpha_status(j, alpha, C, alpha_status)
        # with the new statuses, the gradient update also writes the next selection's I_up values
        if in_block:
            update_gradient(i, j, block[i], block[j], dA_i, dA_j, st, active_size, buf[0])
        else:
            update_gradient(i, j, buf[2], buf[3], dA_i, dA_j, st, active_size, buf[0])
        up_ready = True
        # G_bar runs over all l variables: whole rows (a partial one is completed in its slot;
        # both rows are still cached, the cache always holds at least two)
        if ui != (alpha_status[i] == UPPER_BOUND):
            whole = not in_block and cache[6][cache[1][r[i]]] < 0
            update_G_bar(i, Ki if whole else row(r[i], ksrc, cache), -1.0 if ui else 1.0, st)
        if uj != (alpha_status[j] == UPPER_BOUND):
            update_G_bar(j, row(r[j], ksrc, cache), -1.0 if uj else 1.0, st)

    if nu:
        offset, rr = calculate_offset_nu(st, ctl[CTL_ACTIVE_SIZE])
    else:
        offset = calculate_offset(st, ctl[CTL_ACTIVE_SIZE])
        rr = 0.0
    return n_iter, status, offset, rr


# --------------------------------------------------------------------------------------------
# Python driver
# --------------------------------------------------------------------------------------------


def fill_in_order(upper, total):
    """Fill the variables in order up to ``total``: LIBSVM's start of the nu problems.

    Each variable, in order, takes ``min(C_i, what remains of total)``, so the start is feasible
    (``0 <= alpha_i <= C_i``) and sums to ``total`` when ``sum(C) >= total``. LIBSVM starts
    ``solve_nu_svc`` (per class), ``solve_one_class`` and ``solve_nu_svr`` (each half) this way.

    Parameters
    ----------
    upper : ndarray of shape (l,)
        The bounds ``C_i``.
    total : float
        The sum to reach.

    Returns
    -------
    ndarray of shape (l,)
        The start.

    Examples
    --------
    >>> fill_in_order(np.array([1.0, 1.0, 1.0]), 1.5)
    array([1. , 0.5, 0. ])
    """
    alpha = np.zeros(upper.shape[0])
    left = total
    for k in range(upper.shape[0]):
        alpha[k] = min(upper[k], left)
        left -= alpha[k]
    return alpha


def default_max_iter(l):
    """Return LIBSVM's iteration cap ``max(10_000_000, 100 l)`` (upstream ``svm.cpp``).

    Parameters
    ----------
    l : int
        The number of variables.

    Returns
    -------
    int
        The cap used for ``max_iter=-1``.

    Examples
    --------
    >>> default_max_iter(10), default_max_iter(200_000)
    (10000000, 20000000)
    """
    return max(10_000_000, 100 * int(l))


@dataclass
class SMOResult:
    """What the SMO core returns (LIBSVM's ``SolutionInfo`` plus statistics).

    Attributes
    ----------
    alpha : ndarray of shape (l,)
        The solution, in the caller's variable order.
    G : ndarray of shape (l,)
        Gradient ``Q alpha + p`` at the solution.
    offset : float
        LIBSVM's ``rho`` (the decision function is ``sum_i y_i alpha_i K(x_i, x) - offset``). For
        ``nu=True`` it is ``(r1 - r2) / 2``.
    r : float
        ``(r1 + r2) / 2`` for ``nu=True`` (LIBSVM's ``si.r``), else 0.
    objective : float
        ``0.5 alpha' Q alpha + p' alpha``, computed as LIBSVM: ``0.5 sum alpha_i (G_i + p_i)``.
    n_iter : int
        Number of two-variable updates.
    status : int
        0 converged (``m(alpha) - M(alpha) < tol``), 1 stopped at ``max_iter``.
    n_kernel_evals, n_rows_computed, cache_hits : int
        Kernel entries computed, kernel rows computed (cache misses) and row requests served
        from the cache.
    time : float
        Wall-clock seconds of the solve, set-up included.
    """

    alpha: np.ndarray
    G: np.ndarray
    offset: float
    r: float
    objective: float
    n_iter: int
    status: int
    n_kernel_evals: int
    n_rows_computed: int
    cache_hits: int
    time: float
    stats: dict = field(default_factory=dict)

    @property
    def converged(self):
        """bool: Whether the solver met its stopping rule (``status == 0``)."""
        return self.status == 0


_BLAS_KINDS = (0, 1, 2, 4)  # linear, polynomial, rbf, mlp: rows come from a BLAS product

#: The fast mode's RBF rows (feature-major products, vectorised exponential) beat the faithful
#: rows (one BLAS product, LIBSVM's exponential) up to this many features and lose beyond it.
#: Measured with one BLAS thread on the 2-vCPU VM, make_classification, n = 3,000 and 10,000:
#: at d <= 40 fast is 0.9-1.25x the faithful time's inverse (equal or faster), at d = 64 and
#: above 1.15-1.55x slower (USPS, d = 256: 0.21-0.23 s against 0.17-0.22 s).
FAST_MAX_FEATURES = 40

#: The fast mode pays when the cache holds less than this share of the Gram matrix's rows
#: (measured crossover between 52 % cached, where the faithful mode was as fast or faster, and
#: 2 %, where the fast one won; :func:`choose_mode`).
FAST_MAX_CACHED = 0.25


def choose_mode(kind, n_points, n_features, sparse, cache_size):
    """Return the SMO mode that is faster for a problem's shape: ``"fast"`` or ``"faithful"``.

    ``"fast"`` only changes how missing RBF rows of dense points are computed (feature-major
    products and a vectorised exponential; at the active points only once shrinking has left
    a third of them; the whole Gram matrix in one product when the cache holds it), so it can
    pay only when rows are computed again and again: when the cache holds less than
    :data:`FAST_MAX_CACHED` of the float32 Gram matrix (``4 m^2`` bytes), so evicted rows come
    back, and the points have at most :data:`FAST_MAX_FEATURES` features. Both modes share
    long rows with a helper thread (:mod:`svmbook.solvers.row_split`). Measured on the 2-vCPU
    VM (2026-11-26, both modes with the helper, median of five fits, fast time / faithful
    time): make_classification 20 features 0.96, 0.93, 0.99 at 2,000, 5,000, 10,000 points
    (the last with 52 % of the rows cached), eps-SVR 1.03 and one-class 0.93 at 5,000, 64
    features 1.05 (5,000 points) and 1.09 (digits), USPS (256 features) 1.45; ``make bench``
    at 50,000 points (2 % cached) 0.79-0.86 in three runs. Where the two are about even the
    faithful mode is kept: it is LIBSVM's iteration for iteration.

    Parameters
    ----------
    kind : int
        The kernel code (:attr:`svmbook.kernels.Kernel.kind`), or -1 for a precomputed kernel.
    n_points : int
        Number of points ``m``.
    n_features : int
        Number of features of the points.
    sparse : bool
        Whether the points are a CSR matrix.
    cache_size : float
        The row cache's budget in MB.

    Returns
    -------
    str
        ``"fast"`` or ``"faithful"``.

    Examples
    --------
    >>> choose_mode(2, 10_000, 20, False, 200.0), choose_mode(2, 50_000, 20, False, 200.0)
    ('faithful', 'fast')
    """
    cached = cache_size * (1 << 20) / (4.0 * n_points * n_points)
    if (
        kind == RBF_KIND
        and not sparse
        and n_features <= FAST_MAX_FEATURES
        and cached < FAST_MAX_CACHED
    ):
        return "fast"
    return "faithful"


def _blas_threads_auto(kind, d, sparse=False, m=None):
    """BLAS threads for the kernel rows of a solve: 1, or None (leave the library's setting).

    A row is one matrix-vector product (:func:`svmbook._blas.threads_for` of a row: one
    thread unless the problem is too small to be split). None for CSR rows (plain loops, no
    BLAS).
    """
    if sparse or kind not in _BLAS_KINDS:  # CSR rows are plain loops, no BLAS
        return None
    return threads_for(1, m if m is not None else SMALL, d)


def solve(
    p,
    y,
    C,
    alpha0,
    *,
    K=None,
    X=None,
    kernel=None,
    row_map=None,
    tol=1e-3,
    shrinking=True,
    cache_size=200.0,
    max_iter=-1,
    nu=False,
    warn=True,
    mode="faithful",
    prefill_gram=False,
    blas_threads="auto",
    rows=None,
):
    """Solve ``min 0.5 a'Qa + p'a, y'a = y'alpha0, 0 <= a <= C`` with LIBSVM's SMO.

    Parameters
    ----------
    p : array-like of shape (l,)
        Linear term.
    y : array-like of shape (l,)
        Signs in {-1, +1}.
    C : float or array-like of shape (l,)
        Upper bounds ``C_i > 0``.
    alpha0 : array-like of shape (l,)
        Feasible start: ``0 <= alpha0 <= C`` (checked; infeasible raises ``ValueError``).
        It fixes ``Delta = y'alpha0`` (and, with ``nu=True``, both per-class sums).
    K : ndarray of shape (m, m), default=None
        Precomputed kernel (Gram) matrix over the m real points; stored as float32 rows.
    X : ndarray or scipy.sparse matrix of shape (m, n_features), default=None
        The m real points, with ``kernel``; sparse points (CSR rows, no densifying) need the
        linear or RBF kernel.
    kernel : svmbook.kernels.Kernel, default=None
        Kernel whose rows are computed on demand (batched) and cached; instead of ``K``.
    row_map : array-like of int of shape (l,), default=None
        ``r``: variable i uses point ``r[i]``, ``Q_ij = y_i y_j K[r_i, r_j]``. Default identity.
    tol : float, default=1e-3
        Stop when ``m(alpha) - M(alpha) < tol`` (LIBSVM's eps).
    shrinking : bool, default=True
        Use LIBSVM's shrinking heuristic (variables that cannot be selected leave the active
        set; the gradient is rebuilt before the final check).
    cache_size : float, default=200
        Kernel-row cache budget in megabytes.
    max_iter : int, default=-1
        Iteration cap; -1 means LIBSVM's ``max(10_000_000, 100 l)``. Hitting it warns with
        ``ConvergenceWarning`` (unless ``warn=False``) and returns the current, feasible alpha.
    nu : bool, default=False
        Use LIBSVM's ``Solver_NU`` (two equality constraints, one per sign of y).
    warn : bool, default=True
        Emit ``ConvergenceWarning`` when ``max_iter`` is hit; ``SMOResult.status`` is 1 either
        way.
    mode : {"faithful", "fast"}, default="faithful"
        ``"faithful"`` computes every kernel row on demand exactly as LIBSVM (same float32
        values, same iterations). ``"fast"`` computes missing RBF rows with feature-major inner
        products and a vectorised exponential: the values may differ from LIBSVM's in the last
        float32 bit, so the iterations may differ too; the solution meets the same stopping rule.
        While shrinking leaves at most a third of the points active, the working pair's missing
        rows are computed at the active points only, as LIBSVM computes a column only up to
        its ``active_size`` (:func:`~svmbook.solvers.cache.row_active`; the same values).
    prefill_gram : bool, default=False
        Fast mode only: when the whole float32 Gram matrix fits in ``cache_size`` (``4 m^2`` bytes),
        compute it up front, blockwise (one GEMM per block, vectorised exponential), and run the
        loop on it. Measured on a 2-vCPU VM it is *slower* at n=10k than rows on demand: the solver
        only ever touches about half of the rows.
    rows : svmbook.solvers.cache.RowCache, default=None
        Instead of ``K`` / ``X`` and ``kernel``: a kernel source with its row cache, reused
        from earlier solves on the same points (its rows are cache hits here; ``cache_size``
        and ``mode`` are then the ones it was built with). The statistics count this solve only.
        With :attr:`~svmbook.solvers.cache.RowCache.points` the m points of the problem are
        those points of the source (``row_map`` indexes them).
    blas_threads : int, None or "auto", default="auto"
        Threads of the BLAS product behind each kernel row (linear, polynomial, RBF, sigmoid)
        during the solve; None leaves the library's setting. ``"auto"``: None when the cache
        already holds every row or for small problems (fewer than 100,000 entries in the
        points), else 1 (a second BLAS thread does not pay for one row's product, and a
        contended one makes every row wait for the scheduler; see :mod:`svmbook._blas`). A row's
        values, hence the iterations, did not depend on it in any measurement (20,000 x 64 RBF
        rows, one thread against two).

    Returns
    -------
    SMOResult
        The solution, its gradient, LIBSVM's offset (and ``r`` for ``nu=True``), the objective
        and the kernel-row statistics.

    Raises
    ------
    ValueError
        If ``y`` is not in {-1, +1}, ``C`` is not positive, ``row_map`` or ``alpha0`` do not fit
        the problem, ``alpha0`` is infeasible, or ``tol`` is not positive.
    TypeError
        If ``rows`` is not a :class:`~svmbook.solvers.cache.RowCache`.

    See Also
    --------
    svmbook.svm.formulations.solve_c_svc : LIBSVM's formulations built on this core; pick them
        to solve C-SVC, nu-SVC, one-class or SVR without setting up ``p``, ``y`` and the start.
    svmbook.solvers.decomposition.decompose : The same problem with a working set of q
        variables (Nguyen's Table 2.1), the model-selection chapter's solver.
    svmbook.qp.svc_dual : The cvxopt oracle the SMO chapter checks this core against.

    Examples
    --------
    Two points, one per class, with ``K = I``: the C-SVC dual ``min 1/2 a'Qa - e'a``, ``y'a = 0``
    puts both multipliers at 1 (``w = x_1 - x_2``, margin ``sqrt 2``).

    >>> res = solve(-np.ones(2), np.array([1.0, -1.0]), 10.0, np.zeros(2), K=np.eye(2))
    >>> res.alpha, res.offset, res.status
    (array([1., 1.]), 0.0, 0)
    """
    t0 = time.perf_counter()
    if rows is None:
        source = kernel_source(K, X, kernel, mode=mode)
        cache = make_cache(source.n_points, cache_size)
    else:
        source, cache = _shared(rows, K, X, kernel)
        mode = "fast" if source.ksrc[4] else "faithful"
    points = None if rows is None else rows.points
    m = source.n_points if points is None else points.shape[0]
    stats0 = cache[5].copy()  # a shared cache has counted earlier solves
    y, r, p, C, alpha = _problem(p, y, C, alpha0, row_map, m, points)
    tol, max_iter = _limits(tol, max_iter, y.shape[0])
    st = _state(source, y, r, p, C, alpha)
    ksrc = source.ksrc
    n_prefilled = 0
    if mode == "fast" and prefill_gram and not source.sparse and cache[0].shape[0] >= m:
        n_prefilled = prefill(cache, source)

    # a cache holding every row (prefilled, shared) leaves no row to compute: no BLAS threads to
    # set, no helper to wake (waking it costs the GIL hand-overs of a session, 0.1 ms a solve)
    all_cached = _all_cached(cache, m)
    if blas_threads == "auto":
        blas_threads = (
            None
            if all_cached
            else _blas_threads_auto(source.kind, source.n_features, source.sparse, m)
        )
    helper = contextlib.nullcontext() if all_cached else helping(ksrc, st[1])
    with blas_limit(blas_threads), helper:
        res = _run_solve(st, ksrc, cache, tol, shrinking, max_iter, nu, warn)
    res.time = time.perf_counter() - t0
    _set_stats(res, cache[5] - stats0, cache, n_prefilled, mode, blas_threads)
    return res


def solve_many(problems, rows, *, tol=1e-3, shrinking=True, max_iter=-1, warn=True):
    """Solve several problems of :func:`solve` on one shared row cache.

    The results are those of ``[solve(*problem, rows=rows, ...) for problem in problems]``,
    bit for bit, with the Python around each solve done once for all (45 one-vs-one machines
    of a few hundred samples each on the digits, where it was a third of the fit). When the
    cache holds every row (prefilled), the problems are shared with the helper thread of
    :mod:`svmbook.solvers.row_split`, which is never waited for: this thread solves them from
    the first on, the helper from the last back, each on its own state and its own copy of
    the cache's bookkeeping (the rows themselves are only read); this thread stops at the first
    problem the helper has published, and a problem both took is solved twice, each thread
    keeping its own answer. The answers do not depend on who solved which.

    Parameters
    ----------
    problems : sequence of tuple
        ``(p, y, C, alpha0, row_map)`` per problem, as the arguments of :func:`solve`
        (``row_map`` may be None).
    rows : svmbook.solvers.cache.RowCache
        The kernel source and its row cache, as ``rows`` of :func:`solve`; a problem's points
        are those of :attr:`~svmbook.solvers.cache.RowCache.points` (all of them when None).
    tol, shrinking, max_iter, warn
        As in :func:`solve`, for every problem.

    Returns
    -------
    list of SMOResult
        One per problem, in order; ``time`` is each solve's own.

    Raises
    ------
    ValueError, TypeError
        As :func:`solve`, naming the first problem that fails its checks.

    Examples
    --------
    >>> from svmbook.solvers.cache import row_cache
    >>> rows = row_cache(K=np.eye(3), cache_size=1.0)
    >>> one = (-np.ones(2), np.array([1.0, -1.0]), 10.0, np.zeros(2))
    >>> [res.alpha for res in solve_many([one + ([0, 1],), one + ([0, 2],)], rows)]
    [array([1., 1.]), array([1., 1.])]
    """
    source, cache = _shared(rows, None, None, None)
    points = rows.points
    m = source.n_points if points is None else points.shape[0]
    _limits(tol, max_iter, 0)
    arrays = []
    for k, (p, y, C, alpha0, row_map) in enumerate(problems):
        try:
            y, r, p, C, alpha = _problem(p, y, C, alpha0, row_map, m, points)
        except ValueError as err:
            raise ValueError(f"problem {k}: {err}") from None
        arrays.append((y, r, p, C, alpha))
    return solve_checked(arrays, source, cache, tol, shrinking, max_iter, warn)


def solve_checked(arrays, source, cache, tol, shrinking, max_iter, warn):
    """Run the solves of :func:`solve_many` on problems already checked (the callers' own).

    For callers that build valid problems themselves (the C-SVC machines of
    :func:`svmbook.svm.formulations.solve_c_svc_many`), so that nothing is checked twice.

    Parameters
    ----------
    arrays : list of tuple
        ``(y, r, p, C, alpha)`` per problem: signs in {-1, +1}, the points of the source
        (``row_map`` through the cache's ``points``, int64), the linear term, the bounds
        ``C > 0`` and a feasible start; fresh float64 arrays (read only here).
    source, cache
        The :class:`~svmbook.solvers.cache.RowCache`'s source and cache.
    tol, shrinking, max_iter, warn
        As in :func:`solve`; ``tol`` checked.

    Returns
    -------
    list of SMOResult
        As :func:`solve_many`.
    """
    mode = "fast" if source.ksrc[4] else "faithful"
    m = source.n_points
    tol = float(tol)
    caps = [_limits(tol, max_iter, a[0].shape[0])[1] for a in arrays]
    n_problems = len(arrays)
    if n_problems == 0:
        return []
    bounds = np.zeros(n_problems + 1, dtype=np.int64)
    np.cumsum([a[0].shape[0] for a in arrays], out=bounds[1:])
    # (y, r, p, C, alpha) of every problem, end to end
    Y, R, P, CB, A = (np.concatenate([a[i] for a in arrays]) for i in range(5))
    caps = np.array(caps, dtype=np.int64)
    ints = np.zeros((n_problems, 6), dtype=np.int64)  # n_iter, status, 3 statistics, ns
    floats = np.zeros((n_problems, 3))  # offset, r, objective
    alpha_out, G_out = np.empty(A.shape[0]), np.empty(A.shape[0])
    all_cached = _all_cached(cache, m)
    blas_threads = (
        None if all_cached else _blas_threads_auto(source.kind, source.n_features, source.sparse, m)
    )
    problem = (source.ksrc, source.diag, bounds, Y, R, P, CB, A, tol, bool(shrinking), caps)
    ctl = np.full(_MANY_CTL + n_problems, -1, dtype=np.int64)  # claim, then done per problem
    shared = all_cached and n_problems >= 2 and helper_allowed()
    if shared:
        helper_out = (np.empty(A.shape[0]), np.empty(A.shape[0]), np.zeros_like(ints),
                      np.zeros_like(floats))  # fmt: skip
        post(_solve_problems, *problem, private_bookkeeping(cache), *helper_out, ctl, True, _CLOCK)
    with blas_limit(blas_threads):
        stop = _solve_problems(*problem, cache, alpha_out, G_out, ints, floats, ctl, False, _CLOCK)
    # the helper's answers from ``stop`` on (published: ctl was read); its cache counters are
    # its own copy's, so the shared cache's totals count this thread's solves only
    if stop < n_problems:
        lo = bounds[stop]
        alpha_out[lo:], G_out[lo:] = helper_out[0][lo:], helper_out[1][lo:]
        ints[stop:], floats[stop:] = helper_out[2][stop:], helper_out[3][stop:]
    results = []
    stats = {"n_slots": int(cache[0].shape[0]), "n_prefilled": 0, "mode": mode,
             "blas_threads": blas_threads}  # fmt: skip
    for k in range(n_problems):
        lo, hi = bounds[k], bounds[k + 1]
        n_iter, status, hits, computed, evals, ns = (int(v) for v in ints[k])
        if status == 1 and warn:  # point at the caller of solve_many / solve_c_svc_many
            _warn_max_iter(int(caps[k]), tol, 3)
        results.append(SMOResult(
            alpha=alpha_out[lo:hi], G=G_out[lo:hi], offset=float(floats[k, 0]),
            r=float(floats[k, 1]), objective=float(floats[k, 2]), n_iter=n_iter,
            status=status, n_kernel_evals=evals, n_rows_computed=computed, cache_hits=hits,
            time=ns * 1e-9, stats=dict(stats),
        ))  # fmt: skip
    return results


#: ``ctl`` of :func:`_solve_problems`: the problem this thread is solving, then one word per
#: problem, the helper's flag that it published that problem's answer.
_MANY_CTL = 8
_CLOCK = getattr(time, "CLOCK_MONOTONIC", 1)


@njit(cache=True, nogil=True)
def _solve_problems(ksrc, diag, bounds, Y, R, P, CB, A, eps, shrinking, caps, cache, alpha_out,
                    G_out, ints, floats, ctl, back, clock):  # fmt: skip
    """Solve the problems of :func:`solve_many`, from the first on or (``back``) from the last.

    Problem ``k`` is ``Y, R, P, CB, A`` at ``bounds[k]:bounds[k + 1]``. Front: before each
    problem, stop if the other side published it (``ctl[_MANY_CTL + k] == 1``: it works back
    to front, so every later one is published too), else announce it in ``ctl[0]``. Back: stop
    at the problem the front announced, publish each one solved. Returns the first problem not
    solved here (front) or the last one solved (back).
    """
    n_problems = bounds.shape[0] - 1
    for step in range(n_problems):
        k = n_problems - 1 - step if back else step
        if back:
            if load_acquire(ctl, 0) >= k:
                return k + 1
        else:
            if load_acquire(ctl, _MANY_CTL + k) == 1:
                return k
            store_release(ctl, 0, k)
        t0 = monotonic_ns(clock)
        lo, hi = bounds[k], bounds[k + 1]
        l = hi - lo
        r = R[lo:hi].copy()
        alpha = A[lo:hi].copy()
        C = CB[lo:hi].copy()
        QD = np.empty(l)
        alpha_status = np.empty(l, dtype=np.int8)
        for t in range(l):
            QD[t] = diag[r[t]]
            update_alpha_status(t, alpha, C, alpha_status)
        st = (Y[lo:hi].copy(), r, QD, P[lo:hi].copy(), alpha, C, np.empty(l), np.empty(l),
              alpha_status, np.arange(l))  # fmt: skip
        s0, s1, s2 = cache[5][0], cache[5][1], cache[5][2]
        n_iter, status, offset, rr, objective = _run(
            st, ksrc, cache, eps, shrinking, caps[k], False, alpha_out[lo:hi], G_out[lo:hi]
        )
        ints[k, 0] = n_iter
        ints[k, 1] = status
        ints[k, 2] = cache[5][0] - s0
        ints[k, 3] = cache[5][1] - s1
        ints[k, 4] = cache[5][2] - s2
        ints[k, 5] = monotonic_ns(clock) - t0
        floats[k, 0] = offset
        floats[k, 1] = rr
        floats[k, 2] = objective
        if back:
            store_release(ctl, _MANY_CTL + k, 1)
    return 0 if back else n_problems


def _shared(rows, K, X, kernel):
    """Return the source and cache of a :class:`RowCache` passed as ``rows`` (checked)."""
    if not isinstance(rows, RowCache):
        raise TypeError(f"rows must be a svmbook.solvers.cache.RowCache, got {type(rows)!r}")
    if K is not None or X is not None or kernel is not None:
        raise ValueError("give either rows or K / X and kernel, not both")
    return rows.source, rows.cache


def _problem(p, y, C, alpha0, row_map, m, points):
    """Check one problem of :func:`solve`; return ``(y, r, p, C, alpha)`` as fresh arrays.

    ``r`` maps the variables to points of the source (through ``points`` when given).
    """
    p = np.array(p, dtype=np.float64).ravel()
    l = p.shape[0]
    y = np.array(y, dtype=np.float64).ravel()
    if y.shape[0] != l or not np.all(np.abs(y) == 1):
        raise ValueError("y must have one entry in {-1, +1} per variable")
    C = np.broadcast_to(np.asarray(C, dtype=np.float64), (l,)).copy()
    if not np.all(C > 0):
        raise ValueError(f"C must be > 0, got min {C.min()}")
    if row_map is None:
        if m != l:
            raise ValueError(f"K has {m} points but there are {l} variables: give row_map")
        r = np.arange(l, dtype=np.int64)
    else:
        r = np.array(row_map, dtype=np.int64).ravel()
        if r.shape[0] != l or r.min() < 0 or r.max() >= m:
            raise ValueError("row_map must hold l indices into the m points of K")
    if points is not None:  # the samples are some points of a shared source
        r = points[r]
    alpha = np.array(alpha0, dtype=np.float64).ravel()
    if alpha.shape[0] != l:
        raise ValueError(f"alpha0 must have length {l}, got {alpha.shape[0]}")
    if not np.all(np.isfinite(alpha)) or np.any(alpha < 0) or np.any(alpha > C):
        bad = np.flatnonzero(~((alpha >= 0) & (alpha <= C)))
        raise ValueError(
            f"alpha0 is infeasible: 0 <= alpha0 <= C fails at {bad.size} entries "
            f"(first index {bad[0]}: {alpha[bad[0]]!r} not in [0, {C[bad[0]]!r}])"
        )
    return y, r, p, C, alpha


def _limits(tol, max_iter, l):
    """Return the checked ``(tol, max_iter)`` of a solve of ``l`` variables (-1: LIBSVM's cap)."""
    if not tol > 0:
        raise ValueError(f"tol must be > 0, got {tol}")
    if max_iter is None or max_iter < 0:
        max_iter = default_max_iter(l)
    return float(tol), int(max_iter)


def _state(source, y, r, p, C, alpha):
    """Return the solver state ``(y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set)``."""
    l = y.shape[0]
    QD = np.ascontiguousarray(source.diag[r], dtype=np.float64)
    alpha_status = np.empty(l, dtype=np.int8)
    alpha_status[:] = np.where(alpha >= C, UPPER_BOUND, np.where(alpha <= 0, LOWER_BOUND, FREE))
    active_set = np.arange(l, dtype=np.int64)
    return (y, r, QD, p, alpha, C, np.empty(l), np.empty(l), alpha_status, active_set)


def _all_cached(cache, m):
    """Whether the cache holds every row of the source (so no row will be computed)."""
    return cache[0].shape[0] >= m and bool(np.all(cache[1] >= 0))


@njit(cache=True, nogil=True)
def _run(st, ksrc, cache, eps, shrinking, max_iter, nu, alpha_out, G_out):
    """Initialise the gradient, run :func:`solve_loop`, put the solution in the caller's order.

    Returns ``(n_iter, status, offset, r, objective)``; the objective is LIBSVM's
    ``sum_i alpha_i (G_i + p_i) / 2``, summed in the solver's (shrinking-permuted) order as
    ``Solver::Solve`` does before it puts the solution back.
    """
    init_gradient(st, ksrc, cache)
    n_iter, status, offset, rr = solve_loop(st, ksrc, cache, eps, shrinking, max_iter, nu)
    y, r, QD, p, alpha, C, G, G_bar, alpha_status, active_set = st
    v = 0.0
    for t in range(alpha.shape[0]):
        v += alpha[t] * (G[t] + p[t])
        alpha_out[active_set[t]] = alpha[t]
        G_out[active_set[t]] = G[t]
    return n_iter, status, offset, rr, v / 2


def _run_solve(st, ksrc, cache, tol, shrinking, max_iter, nu, warn):
    """Run one prepared solve; return its :class:`SMOResult` (time and statistics unset)."""
    l = st[0].shape[0]
    alpha_out = np.empty(l)
    G_out = np.empty(l)
    n_iter, status, offset, rr, objective = _run(
        st, ksrc, cache, tol, bool(shrinking), max_iter, bool(nu), alpha_out, G_out
    )
    if status == 1 and warn:
        _warn_max_iter(max_iter, tol, 3)
    return SMOResult(
        alpha=alpha_out,
        G=G_out,
        offset=float(offset),
        r=float(rr),
        objective=float(objective),
        n_iter=int(n_iter),
        status=int(status),
        n_kernel_evals=0,
        n_rows_computed=0,
        cache_hits=0,
        time=0.0,
    )


def _warn_max_iter(max_iter, tol, depth):
    """Warn that a solve stopped at ``max_iter``; ``depth``: the caller's frames above this."""
    warnings.warn(
        f"Solver terminated early (max_iter={max_iter}).  Consider pre-processing your "
        f"data with StandardScaler or MinMaxScaler. SMO stopped before reaching tol={tol}: "
        "the returned alpha is feasible but not optimal; increase max_iter or tol.",
        ConvergenceWarning,
        stacklevel=depth + 1,
    )


def _set_stats(res, stats, cache, n_prefilled, mode, blas_threads):
    """Fill the kernel-row statistics of ``res`` from the counters' change ``stats``."""
    res.n_kernel_evals = int(stats[2])
    res.n_rows_computed = int(stats[1])
    res.cache_hits = int(stats[0])
    res.stats = {
        "n_slots": int(cache[0].shape[0]),
        "n_prefilled": int(n_prefilled),
        "mode": mode,
        "blas_threads": blas_threads,
    }
