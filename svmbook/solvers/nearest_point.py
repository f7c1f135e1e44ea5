r"""Nearest-point solvers of (weighted) reduced convex hulls (Goodrich 2012, chapter 5).

One jitted core solves the minimum-norm problem of :mod:`svmbook.solvers.stopping`,

.. math::

    \min_\alpha \Big\|\sum_i \alpha_i \mathbf z_i\Big\|^2
    \quad\text{s.t.}\quad \sum_{i\in g}\alpha_i = 1\ \forall g,
    \quad 0\le\alpha_i\le u_i = \min(s_i\mu, 1),

with ``z_i = sign_i phi(x_i)`` in one or two groups (hulls): the (weighted, L1) mu-SVM is two
groups, the classes, with ``sign = y`` (nearest points of ``WRCH(P_pos)`` and ``WRCH(P_neg)``,
(2.26)/(4.11)/(5.16)); a (weighted) perceptron is one group with the modified kernel
``k = y_i y_j (K + 1)`` (minimum-norm point of one WRCH, (4.14)/(5.31)). The algorithms share
one loop and differ only in their update step:

=============  ==================================================================================
``method``     step per iteration
=============  ==================================================================================
``"sk"``       Schlesinger-Kozinec (Alg. 8; RCH vertices by Theorem 3): move the group with the
               larger gap towards its extreme vertex, ``p <- (1 - lam) p + lam v``
``"wsk"``      Weighted S-K (Alg. 10): the same step with the WRCH vertices of Alg. 7
``"gilbert"``  Gilbert (Alg. 9) on the Minkowski difference: every group moves with one ``lam``
``"mdm"``      MDM, with Lopez et al.'s RCH caps: shift weight ``delta`` from ``src`` to ``dst``
               in the group with the maximal violating pair (5.9)
``"smo"``      SMO for the mu-SVM with the maximal violating pair over the whole set (5.15):
               the same algorithm as ``"mdm"`` (Lopez et al. 2008; section 5.3.3)
``"tao"``      Tao et al.'s S-K/MDM hybrid (5.30): the MDM shift in the group S-K would move
``"wsk_fast"`` The efficient WSK of section 5.6: an S-K step whose cache and denominator formulas
               are chosen by the corrected (5.26), then one SMO step in every group
=============  ==================================================================================

State (float64; the kernel rows are the float32 rows of :mod:`svmbook.solvers.cache`, cast to
float64 when used, as in the SMO core): ``alpha``; the per-group partial f-caches
``P[g, j] = sum_{k in g} alpha_k sign_k (K_kj + c0 + delta_kj r_k)`` (the class-partial caches that
(5.25)/(5.29) need, docs/errata.md#goodrich-2012-eq-5-24-cache);
``h_j = sign_j sum_g P[g, j] = z_j . w`` (``h = y f`` for the SVM). ``c0`` is the perceptron's bias
term, ``r`` an optional diagonal (the L2 rows of Table 5.1, ``r_i = 1 / (2 s_i C)``).

Corrections to the source (each explained in ``docs/errata.md``):

* S-K/WSK step (5.2)/(5.4)/(5.18)/(5.20), Algs 8 and 10: the printed numerator has the wrong sign
  and gives ``lam = 0`` always; we use ``lam = clamp(g / ||p - v||^2, 0, 1)``, which agrees with the
  kernel forms (5.6)/(5.27) (docs/errata.md#goodrich-2012-eq-5-2). ``step="thesis"`` keeps the
  printed sign, only to demonstrate that it never moves.
* MDM (5.9) and Lopez's RCH variant: ``src``/``dst`` are swapped as printed (``w . z >= 0`` and
  ``lam = 0`` always); we take ``src = argmax_{alpha > 0} h``, ``dst = argmin_{alpha < u} h``
  (``step="thesis"`` keeps the printed roles). ``lam_max``/``delta_max`` use the bound 1 of the
  convex hull; we use ``min(alpha_src, u_dst - alpha_dst)``
  (docs/errata.md#goodrich-2012-sec-5-2-3-mdm).
* Tao's step: (5.10) (``z = v_pos + gamma (x_dst - x_src)``) and (5.30)
  (``z = p_pos + gamma (x_dst - x_src)``) disagree, and ``gamma = min(alpha_dst, alpha_src)``
  can break the cap (docs/errata.md#goodrich-2012-eq-5-30-tao). We implement
  (5.30) with the feasible ``gamma = min(u_dst - alpha_dst, alpha_src)``; its optimal
  ``lam gamma`` is then exactly the MDM step clamped at ``gamma``, so Tao's algorithm differs from
  MDM in which group moves: the one with the larger S-K gap (its vertices are computed anyway).
* Gilbert's kernel step: the denominator ``K(x_j, x_j)`` is ``K(x_i, x_j)``
  (docs/errata.md#goodrich-2012-sec-5-2-2-gilbert).
* Cache formulas (5.24)/(5.25) and (5.29): ``y_i`` and ``beta_i`` are ``y_k`` and ``beta_k``;
  (5.25) and (5.29) hold for the class-partial caches only; the switch (5.26) reads
  ``card{beta_i != alpha_i} < card{beta_i != 0}`` (docs/errata.md#goodrich-2012-eq-5-24-cache).
* Alg. 11 (one-class WSK): the vertex is over ``WRCH(P, s, mu)`` (all points), and the stopping
  test is Gilbert's ``1 - p.v/||p||^2 < eps`` (the printed ``1 - p.(p - v)/||p||^2`` stopped at a
  wrong objective, docs/errata.md#goodrich-2012-alg-11).

Decisions (the thesis leaves them open, sections 5.5 and 5.6.4): every solver starts from the
weighted centroid ``alpha_i = s_i / sum_{g} s`` (always feasible); the efficient WSK makes one SMO
step in *each* group after every S-K step; the stopping rule is one of the four of
:mod:`svmbook.solvers.stopping`, applied identically by every method.
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass

import numpy as np
from numba import njit, objmode
from sklearn.exceptions import ConvergenceWarning

from .._validation import (
    MU_RTOL,
    check_hull_mu,
    check_int,
    check_labels_pm1,
    check_option,
    check_positive,
    check_sample_weight,
)
from ..exceptions import HullsIntersectError
from ..hull.vertex import rch_vertex, wrch_vertex
from ..thresholds import b_geom, b_kkt, perceptron_threshold
from .cache import get_rows, kernel_source, make_cache, row
from .stopping import (
    ABSOLUTE_NP,
    RELATIVE_KKT,
    kkt_levels,
    kkt_statistic,
    stop_code,
    stop_statistic,
)

__all__ = [
    "METHODS",
    "NearestPointResult",
    "solve_min_norm_point",
    "solve_nearest_point",
]

#: Method names of :func:`solve_nearest_point`.
METHODS = ("sk", "wsk", "gilbert", "mdm", "smo", "tao", "wsk_fast")
_SK, _GILBERT, _MDM, _TAO, _WSK_FAST = 0, 1, 2, 3, 4
_METHOD_CODE = {
    "sk": _SK,
    "wsk": _SK,
    "gilbert": _GILBERT,
    "mdm": _MDM,
    "smo": _MDM,
    "tao": _TAO,
    "wsk_fast": _WSK_FAST,
}
#: Cache/denominator formulas of the vertex step: (5.24)/(5.28), (5.25)/(5.29), or the switch.
UPDATES = ("delta", "vertex", "auto")
_DELTA, _VERTEX, _AUTO = 0, 1, 2
#: Curvature floor of a pair step (LIBSVM's TAU): a zero ``||z_src - z_dst||^2`` (duplicates).
TAU = 1e-12
#: History columns (``history=True``; :attr:`NearestPointResult.history` says what each holds).
HISTORY_COLUMNS = (
    "w_norm",
    "gap_0",
    "gap_1",
    "relative_np",
    "relative_kkt",
    "n_free",
    "time",
    "n_changed",
    "n_vertex",
    "update_delta",
)
_N_HISTORY = len(HISTORY_COLUMNS)


# --------------------------------------------------------------------------------------------
# jitted pieces
# --------------------------------------------------------------------------------------------


@njit(cache=True)
def _clock():
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit(cache=True)
def refresh_h(P, sign, h):
    """``h_j = sign_j sum_g P[g, j]``."""
    for j in range(h.shape[0]):
        acc = 0.0
        for g in range(P.shape[0]):
            acc += P[g, j]
        h[j] = sign[j] * acc


@njit(cache=True)
def combine_rows(ks, ws, nk, sign, c0, ridge, ksrc, cache, slots, out):
    """``out_j = sum_t ws[t] sign_k (K_kj + c0 + delta_kj r_k)`` over ``k = ks[t]``, ``t < nk``.

    ``sign_j out_j = z_j . (sum_t ws[t] z_k)``. Rows are fetched in batches of at most the
    cache's slot count (:func:`svmbook.solvers.cache.get_rows`; ``ks`` distinct).
    """
    n = out.shape[0]
    for j in range(n):
        out[j] = 0.0
    data = cache[0]
    chunk = slots.shape[0]
    csum = 0.0
    for start in range(0, nk, chunk):
        stop = min(nk, start + chunk)
        get_rows(ks[start:stop], ksrc, cache, slots[: stop - start])
        for t in range(start, stop):
            a = ws[t] * sign[ks[t]]
            csum += a
            r = data[slots[t - start]]
            for j in range(n):
                out[j] += a * np.float64(r[j])
    if c0 != 0.0:
        for j in range(n):
            out[j] += c0 * csum
    if ridge.shape[0] > 0:
        for t in range(nk):
            k = ks[t]
            out[k] += ws[t] * sign[k] * ridge[k]


@njit(cache=True)
def group_vertex(g, h, upper, members, gstart, weighted, mu, k, beta, bidx, blam):
    """Extreme vertex of hull g minimising ``h`` (Thm 3, or Alg. 7 when ``weighted``).

    Writes the dense ``beta`` on the group's members and its support into ``bidx``/``blam``;
    returns the support size.
    """
    lo, hi = gstart[g], gstart[g + 1]
    idx = members[lo:hi]
    proj = h[idx]
    if weighted:
        loc, lam = wrch_vertex(proj, upper[idx], 1.0)
    else:
        loc, lam = rch_vertex(proj, mu, k)
    for i in idx:
        beta[i] = 0.0
    for t in range(loc.shape[0]):
        j = idx[loc[t]]
        beta[j] = lam[t]
        bidx[t] = j
        blam[t] = lam[t]
    return loc.shape[0]


@njit(cache=True)
def count_changed(gs, alpha, beta, members, gstart, blen):
    """``(card{alpha_i != beta_i}, card{beta_i != 0})`` over the groups ``gs``.

    The rows that (5.24)/(5.28) and (5.25)/(5.29) need (Fig. 5.10 plots the first against the
    second, ``ceil(1/mu)`` with unit weights).
    """
    n_delta = 0
    n_vert = 0
    for g in gs:
        n_vert += blen[g]
        for i in members[gstart[g] : gstart[g + 1]]:
            if alpha[i] != beta[i]:
                n_delta += 1
    return n_delta, n_vert


@njit(cache=True)
def uses_delta(update, n_delta, n_vert):
    """Whether a vertex step takes (5.24)/(5.28): forced, or by the corrected switch (5.26)."""
    return update == _DELTA or (update == _AUTO and n_delta < n_vert)


@njit(cache=True)
def vertex_step(gs, st, vx, ksrc, cache, work, gaps, thesis, update):
    """One S-K/Gilbert step: groups ``gs`` move towards their vertices with one ``lam``.

    ``lam = clamp(sum_g gap_g / ||sum_g (alpha - beta) z||^2, 0, 1)`` (corrected (5.2)/(5.4),
    (5.6), (5.21), (5.27)); ``thesis`` uses the printed sign, ``-sum gap``. The cache and the
    denominator follow (5.24)/(5.28) (rows of ``{alpha_k != beta_k}``) or (5.25)/(5.29) (rows of
    the vertex support, with the group-partial caches P), chosen by ``update`` (``_AUTO``: the
    corrected switch (5.26), the smaller set). Returns ``lam``.
    """
    sign, group, upper, alpha, P, h, members, gstart, c0, ridge = st
    beta, bidx, blam, blen = vx
    U, usum, ks, ws, slots = work
    n = alpha.shape[0]
    num = 0.0
    for g in gs:
        num += gaps[g]
    n_delta, n_vert = count_changed(gs, alpha, beta, members, gstart, blen)
    use_delta = uses_delta(update, n_delta, n_vert)
    for j in range(n):
        usum[j] = 0.0
    for g in gs:
        nk = 0
        if use_delta:
            for i in members[gstart[g] : gstart[g + 1]]:
                if alpha[i] != beta[i]:
                    ks[nk] = i
                    ws[nk] = beta[i] - alpha[i]
                    nk += 1
        else:
            for t in range(blen[g]):
                ks[t] = bidx[g, t]
                ws[t] = blam[g, t]
            nk = blen[g]
        combine_rows(ks, ws, nk, sign, c0, ridge, ksrc, cache, slots, U[g])
        for j in range(n):
            usum[j] += U[g, j]
    den = 0.0
    if use_delta:  # (5.28): (beta - alpha)' G (beta - alpha)
        for g in gs:
            for i in members[gstart[g] : gstart[g + 1]]:
                if alpha[i] != beta[i]:
                    den += (beta[i] - alpha[i]) * sign[i] * usum[i]
    else:  # (5.29): alpha'G alpha - 2 beta'G alpha + beta'G beta, G alpha from the caches P
        for g in gs:
            for i in members[gstart[g] : gstart[g + 1]]:
                pa = 0.0
                for g2 in gs:
                    pa += P[g2, i]
                den += (alpha[i] - 2.0 * beta[i]) * sign[i] * pa + beta[i] * sign[i] * usum[i]
    if not den > 0.0:
        return 0.0
    lam = (-num if thesis else num) / den
    lam = min(max(lam, 0.0), 1.0)
    if lam == 0.0:
        return 0.0
    for g in gs:
        for i in members[gstart[g] : gstart[g + 1]]:
            alpha[i] = (1.0 - lam) * alpha[i] + lam * beta[i]
        if use_delta:  # (5.24)
            for j in range(n):
                P[g, j] += lam * U[g, j]
        else:  # (5.25) on the partial cache of group g
            for j in range(n):
                P[g, j] = (1.0 - lam) * P[g, j] + lam * U[g, j]
    refresh_h(P, sign, h)
    return lam


@njit(cache=True)
def pair_violation(g, st, thesis):
    """``(src, dst, h_src - h_dst)`` of group g: MDM's maximal violating pair.

    ``src = argmax_{alpha_i > 0} h_i`` gives weight away, ``dst = argmin_{alpha_i < u_i} h_i``
    receives it (first index on ties). ``thesis`` swaps the roles as printed (argmin/argmax).
    """
    sign, group, upper, alpha, P, h, members, gstart, c0, ridge = st
    src = -1
    dst = -1
    for i in members[gstart[g] : gstart[g + 1]]:
        if upper[i] <= 0.0:
            continue
        if alpha[i] > 0.0:
            if src < 0 or (h[i] < h[src] if thesis else h[i] > h[src]):
                src = i
        if alpha[i] < upper[i]:
            if dst < 0 or (h[i] > h[dst] if thesis else h[i] < h[dst]):
                dst = i
    if src < 0 or dst < 0 or src == dst:
        return src, dst, 0.0
    return src, dst, h[src] - h[dst]


@njit(cache=True)
def pair_step(g, st, diag, ksrc, cache, thesis):
    """One MDM/SMO step in group g (5.9)/(5.15); returns the weight ``delta`` moved.

    ``delta = clamp((h_src - h_dst) / ||z_src - z_dst||^2, 0, min(alpha_src, u_dst - alpha_dst))``,
    the minimiser of ``||w + delta (z_dst - z_src)||^2`` on the feasible segment. A multiplier
    that reaches a bound is set to it exactly, so the bound tests stay exact.
    """
    sign, group, upper, alpha, P, h, members, gstart, c0, ridge = st
    src, dst, diff = pair_violation(g, st, thesis)
    if not diff > 0.0:
        return 0.0
    Ks = row(src, ksrc, cache)
    Kd = row(dst, ksrc, cache)  # the cache holds >= 2 rows: Ks stays valid
    ss, sd = sign[src], sign[dst]
    a = diag[src] + diag[dst] + 2.0 * c0 - 2.0 * ss * sd * (np.float64(Ks[dst]) + c0)  # curvature
    if ridge.shape[0] > 0:
        a += ridge[src] + ridge[dst]
    a = max(a, TAU)
    delta = diff / a
    room = upper[dst] - alpha[dst]
    if delta >= alpha[src] and alpha[src] <= room:
        delta = alpha[src]
        alpha[src] = 0.0
        alpha[dst] = alpha[dst] + delta if delta < room else upper[dst]
    elif delta >= room:
        delta = room
        alpha[dst] = upper[dst]
        alpha[src] -= delta
    else:
        alpha[src] -= delta
        alpha[dst] += delta
    n = alpha.shape[0]
    for j in range(n):
        d = delta * (sd * (np.float64(Kd[j]) + c0) - ss * (np.float64(Ks[j]) + c0))
        P[g, j] += d
        h[j] += sign[j] * d
    if ridge.shape[0] > 0:
        P[g, dst] += delta * sd * ridge[dst]
        h[dst] += delta * ridge[dst]
        P[g, src] -= delta * ss * ridge[src]
        h[src] -= delta * ridge[src]
    return delta


@njit(cache=True)
def _largest(values, gs_out):
    """Index of the largest entry (ties: the last, as Alg. 8's ``<`` branch), as ``gs_out[0]``."""
    best = 0
    for g in range(values.shape[0]):
        if values[g] >= values[best]:
            best = g
    gs_out[0] = best
    return gs_out[:1]


@njit(cache=True)
def _grow(hist, n_rec):
    if n_rec < hist.shape[0]:
        return hist
    bigger = np.empty((2 * hist.shape[0], hist.shape[1]))
    bigger[: hist.shape[0]] = hist
    return bigger


@njit(cache=True)
def np_loop(method, st, diag, vx_par, ksrc, cache, code, tol, max_iter, thesis, update, record):
    """Run the solver loop and return ``(n_iter, status, statistic, history)``.

    Each iteration: ``||w||^2 = alpha . h``; the vertices and gaps when the method or the
    stopping rule needs them; the KKT levels when the rule needs them; stop when the
    statistic is below ``tol`` (status 0) or at ``max_iter`` (status 1); else one step.
    ``history`` (``record``) has the columns :data:`HISTORY_COLUMNS`, one row per iteration.
    """
    sign, group, upper, alpha, P, h, members, gstart, c0, ridge = st
    weighted, mu, k = vx_par
    n = alpha.shape[0]
    n_groups = gstart.shape[0] - 1
    beta = np.zeros(n)
    bidx = np.empty((n_groups, n), dtype=np.int64)
    blam = np.empty((n_groups, n))
    blen = np.zeros(n_groups, dtype=np.int64)
    vx = (beta, bidx, blam, blen)
    n_slots = cache[0].shape[0]
    work = (
        np.empty((n_groups, n)),
        np.empty(n),
        np.empty(n, dtype=np.int64),
        np.empty(n),
        np.empty(n_slots, dtype=np.int64),
    )
    gaps = np.zeros(n_groups)
    m = np.empty(n_groups)
    M = np.empty(n_groups)
    viol = np.zeros(n_groups)
    all_groups = np.arange(n_groups)
    one = np.zeros(1, dtype=np.int64)
    uses_vertex = method != _MDM
    np_rule = code <= ABSOLUTE_NP
    hist = np.empty((1024 if record else 1, _N_HISTORY))
    t0 = _clock() if record else 0.0
    n_iter = 0
    status = 1
    stat = np.inf
    while True:
        w_norm2 = 0.0
        for i in range(n):
            w_norm2 += alpha[i] * h[i]
        if uses_vertex or np_rule or record:
            for g in range(n_groups):
                blen[g] = group_vertex(
                    g, h, upper, members, gstart, weighted, mu, k, beta, bidx[g], blam[g]
                )
                gap = 0.0
                for i in members[gstart[g] : gstart[g + 1]]:
                    gap += (alpha[i] - beta[i]) * h[i]
                gaps[g] = gap
        if not np_rule or record:
            kkt_levels(h, alpha, upper, group, n_groups, m, M)
        stat = stop_statistic(code, gaps.max(), w_norm2, m, M)
        if record:
            hist = _grow(hist, n_iter)
            hist[n_iter, 0] = np.sqrt(max(w_norm2, 0.0))
            hist[n_iter, 1] = gaps[0]
            hist[n_iter, 2] = gaps[1] if n_groups > 1 else np.nan
            hist[n_iter, 3] = stop_statistic(0, gaps.max(), w_norm2, m, M)
            hist[n_iter, 4] = kkt_statistic(m, M, True)[0]
            n_free = 0
            for i in range(n):
                if 0.0 < alpha[i] < upper[i]:
                    n_free += 1
            hist[n_iter, 5] = n_free
            hist[n_iter, 6] = _clock() - t0
            # the counts of the vertex step this iteration takes (the next one on the last row)
            if method == _SK or method == _WSK_FAST:
                n_delta, n_vert = count_changed(
                    _largest(gaps, one), alpha, beta, members, gstart, blen
                )
            elif method == _GILBERT:
                n_delta, n_vert = count_changed(all_groups, alpha, beta, members, gstart, blen)
            else:  # MDM, SMO and Tao move a pair: no vertex step, no choice of formula
                n_delta, n_vert = -1, -1
            if n_vert < 0:
                hist[n_iter, 7:10] = np.nan
            else:
                hist[n_iter, 7] = n_delta
                hist[n_iter, 8] = n_vert
                hist[n_iter, 9] = 1.0 if uses_delta(update, n_delta, n_vert) else 0.0
        if stat < tol:
            status = 0
            break
        if n_iter >= max_iter:
            break
        n_iter += 1
        if method == _SK:
            vertex_step(_largest(gaps, one), st, vx, ksrc, cache, work, gaps, thesis, update)
        elif method == _GILBERT:
            vertex_step(all_groups, st, vx, ksrc, cache, work, gaps, thesis, update)
        elif method == _MDM:
            for g in range(n_groups):
                viol[g] = pair_violation(g, st, thesis)[2]
            pair_step(_largest(viol, one)[0], st, diag, ksrc, cache, thesis)
        elif method == _TAO:
            pair_step(_largest(gaps, one)[0], st, diag, ksrc, cache, thesis)
        else:  # _WSK_FAST: S-K step, then the intermediate SMO step in every group (5.6.4)
            vertex_step(_largest(gaps, one), st, vx, ksrc, cache, work, gaps, thesis, update)
            for g in range(n_groups):
                pair_step(g, st, diag, ksrc, cache, thesis)
    return n_iter, status, stat, hist[: (n_iter + 1) if record else 0]


# --------------------------------------------------------------------------------------------
# Python driver
# --------------------------------------------------------------------------------------------


@dataclass
class NearestPointResult:
    """What a nearest-point solver returns.

    Offsets are the book's, *added*: the decision function is ``f(x) = sum_i coef_i K(x_i, x) + b``,
    as for ``QPResult.b`` of :mod:`svmbook.qp` (Goodrich's thresholds are ``-b``).

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,)
        Non-negative multipliers (labels separate, docs/errata.md#goodrich-2012-eq-2-8); each
        group sums to 1.
    coef : ndarray of shape (n_samples,)
        ``alpha * y`` (``alpha`` when a one-class problem has no labels).
    f : ndarray of shape (n_samples,)
        Training decision values without threshold, ``f = K (alpha * y)`` (float32 kernel
        values, float64 sums; with ``diag_shift`` the modified kernel's).
    w_norm, w_norm2 : float
        ``||w||`` and ``||w||^2``: the distance (squared) between the two hulls, or the norm of
        the minimum-norm point of one hull.
    objective : float
        ``w_norm2 / 2``, comparable with :attr:`svmbook.qp.QPResult.objective`.
    b_geom : float or None
        Geometric offset (4.9) (:func:`svmbook.thresholds.b_geom`; perceptrons: its
        "geometric" reading, :func:`svmbook.thresholds.perceptron_threshold`).
    b_kkt : float or None
        KKT offset (4.8) (:func:`svmbook.thresholds.b_kkt`); perceptrons: ``sum alpha y``.
    b_kkt_interval : tuple of float or None
        The KKT-consistent offsets (two-class only).
    rho : float or None
        rho of (4.8) in the nearest-point scale (two-class only).
    statistic : float
        The stopping statistic at the returned alpha (the relative KKT one after a polish).
    n_iter, status : int
        Iterations (the polish's included) and 0 (converged: statistic < tol) or 1 (stopped at
        ``max_iter``).
    n_polish : int
        Iterations of the MDM polish (``polish=True``), 0 without it.
    method, stop : str
        What was run.
    time : float
        Wall-clock seconds, set-up included.
    n_kernel_evals, n_rows_computed, cache_hits : int
        Kernel statistics of the row cache.
    history : dict of ndarray or None
        With ``history=True``: one entry per iteration for each of ``"w_norm"``, ``"gap_0"``,
        ``"gap_1"`` (the groups' NP gaps; NaN with one group), ``"relative_np"``,
        ``"relative_kkt"`` (the statistics of those rules), ``"n_free"`` (unbounded SVs,
        ``0 < alpha_i < u_i``), ``"time"`` (seconds since the loop started), and the counts of
        the iteration's vertex step (Fig. 5.10, section 5.6.3), taken on the vertices ``beta``
        of that iteration in the group(s) the step moves (the one with the larger gap; every
        group for ``"gilbert"``): ``"n_changed"`` = ``card{alpha_i != beta_i}`` (the rows of
        (5.24)/(5.28)), ``"n_vertex"`` = ``card{beta_i != 0}`` (the rows of (5.25)/(5.29);
        ``ceil(1/mu)`` per group with unit weights) and ``"update_delta"`` (1 if the step uses
        (5.24)/(5.28), by ``update`` or by the corrected switch (5.26) ``n_changed <
        n_vertex``, else 0). The last row holds what the next step would use. The methods
        that move a pair (``"mdm"``, ``"smo"``, ``"tao"``) have no vertex step: NaN.
    """

    alpha: np.ndarray
    coef: np.ndarray
    f: np.ndarray
    w_norm: float
    w_norm2: float
    objective: float
    b_geom: float | None
    b_kkt: float | None
    b_kkt_interval: tuple | None
    rho: float | None
    statistic: float
    n_iter: int
    status: int
    method: str
    stop: str
    time: float
    n_kernel_evals: int
    n_rows_computed: int
    cache_hits: int
    history: dict | None = None
    n_polish: int = 0

    @property
    def converged(self):
        """Whether the stopping condition was met (``status == 0``)."""
        return self.status == 0

    def decision_function(self, K_cross, threshold="geometric"):
        """``f(x) = K_cross @ coef + b`` from ``K_cross[i, j] = K(x_new_i, x_train_j)``.

        Parameters
        ----------
        K_cross : array-like of shape (n_new, n_samples)
            Kernel values between the new points and the training points.
        threshold : {"geometric", "kkt"}, default="geometric"
            Which offset ``b`` to add: ``b_geom`` (4.9) or ``b_kkt`` (4.8).

        Returns
        -------
        ndarray of shape (n_new,)
            ``f(x_new_i) = sum_j coef_j K(x_new_i, x_train_j) + b``.

        Raises
        ------
        ValueError
            If ``threshold`` is neither ``"geometric"`` nor ``"kkt"``.
        """
        check_option("threshold", threshold, ("geometric", "kkt"))
        b = self.b_geom if threshold == "geometric" else self.b_kkt
        return np.asarray(K_cross, dtype=np.float64) @ self.coef + b


#: The keyword arguments of :func:`_run` that the public solvers pass through as they are.
_RUN_OPTIONS = ("method", "stop", "tol", "max_iter", "cache_size", "history", "step", "update",
                "polish")  # fmt: skip


def _run_options(arguments):
    """Return the options of :func:`_run` among a public solver's ``locals()``."""
    return {name: arguments[name] for name in _RUN_OPTIONS}


def _run(
    source,
    sign,
    group,
    n_groups,
    s,
    mu,
    weighted,
    c0,
    diag_shift,
    *,
    method,
    stop,
    tol,
    max_iter,
    cache_size,
    history,
    step,
    update,
    polish=False,
):
    """Validate the solver options, set up the state, run :func:`np_loop`; return raw results.

    With ``polish``, a run that met its stopping rule continues with MDM (pair steps on the
    maximal violating pair) until the relative KKT condition holds at ``tol`` too, so that the
    threshold read from the final multipliers is accurate (:func:`solve_nearest_point`).
    """
    t0 = time.perf_counter()
    n = sign.shape[0]
    code = stop_code(stop)
    check_option("method", method, METHODS)
    check_option("step", step, ("corrected", "thesis"))
    tol = check_positive("tol", tol)
    max_iter = max(100_000, 100 * n) if max_iter is None else check_int("max_iter", max_iter, 0)
    if update is None:
        update = "auto" if method == "wsk_fast" else "delta"
    update_code = UPDATES.index(check_option("update", update, UPDATES))
    ridge = np.empty(0)
    if diag_shift is not None:
        ridge = np.ascontiguousarray(np.broadcast_to(np.asarray(diag_shift, np.float64), (n,)))
        if not np.all(np.isfinite(ridge)) or np.any(ridge < 0):
            raise ValueError("diag_shift must hold finite values >= 0")
    check_hull_mu("mu", mu, s, group)
    upper = np.minimum(np.where(s > 0, s * mu, 0.0), 1.0)
    # mu = 1/k to the last bit gives Theorem 3's k equal weights (1/(1/k) may exceed k in floats)
    mu_v = min(mu, 1.0)
    k_v = int(round(1.0 / mu_v))
    if abs(1.0 / mu_v - k_v) > MU_RTOL * k_v:
        k_v = 0
    members = np.argsort(group, kind="stable").astype(np.int64)
    gstart = np.searchsorted(group[members], np.arange(n_groups + 1)).astype(np.int64)
    alpha = np.zeros(n)
    for g in range(n_groups):
        inside = group == g
        alpha[inside] = s[inside] / s[inside].sum()  # the weighted centroid
    cache = make_cache(n, cache_size)
    P = np.zeros((n_groups, n))
    work = np.empty(n)
    slots = np.empty(cache[0].shape[0], dtype=np.int64)
    for g in range(n_groups):
        ks = np.ascontiguousarray(np.flatnonzero((group == g) & (alpha > 0)), dtype=np.int64)
        combine_rows(ks, alpha[ks], ks.shape[0], sign, c0, ridge, source.ksrc, cache, slots, work)
        P[g] = work
    h = np.empty(n)
    refresh_h(P, sign, h)
    diag = np.ascontiguousarray(source.diag, dtype=np.float64)
    st = (sign, group, upper, alpha, P, h, members, gstart, float(c0), ridge)
    w_norm2_start = float(alpha @ h)
    n_iter, status, stat, hist = np_loop(
        _METHOD_CODE[method],
        st,
        diag,
        (bool(weighted), mu_v, k_v),
        source.ksrc,
        cache,
        code,
        tol,
        max_iter,
        step == "thesis",
        update_code,
        bool(history),
    )
    polish_iter = 0
    if polish and status == 0 and code != RELATIVE_KKT:
        polish_iter, status, stat, hist2 = np_loop(
            _METHOD_CODE["mdm"],
            st,
            diag,
            (bool(weighted), mu_v, k_v),
            source.ksrc,
            cache,
            RELATIVE_KKT,
            tol,
            max(max_iter - n_iter, 1),
            False,
            update_code,
            bool(history),
        )
        n_iter += polish_iter
        if history:
            hist = np.vstack([hist, hist2])
    w_norm2 = float(alpha @ h)
    if status == 1:
        # ||w|| shrinking towards 0 means the hulls (nearly) intersect: the relative statistics
        # then cannot fall (they divide by ||w||) and only a smaller mu helps
        hint = (
            f" ||w||^2 fell to {w_norm2 / w_norm2_start:.1e} of its start: the hulls are close "
            "to each other for their size (or intersect), where the relative statistics, which "
            "divide by ||w||, fall slowly; increase max_iter or tol, or decrease mu."
            if w_norm2 < 1e-4 * w_norm2_start
            else " Increase max_iter or tol."
        )
        warnings.warn(
            f"{method}: stopped at max_iter={max_iter} before the {stop} statistic fell below "
            f"tol={tol:g} (it is {stat:.3g}); the returned alpha is feasible but not optimal."
            + hint,
            ConvergenceWarning,
            stacklevel=3,
        )
    stats = cache[5]
    hist_dict = None if not history else {c: hist[:, j] for j, c in enumerate(HISTORY_COLUMNS)}
    return dict(
        alpha=alpha,
        P=P,
        upper=upper,
        w_norm2=w_norm2,
        w_norm2_start=w_norm2_start,
        statistic=float(stat),
        n_iter=int(n_iter),
        polish_iter=int(polish_iter),
        status=int(status),
        time=time.perf_counter() - t0,
        n_kernel_evals=int(stats[2]),
        n_rows_computed=int(stats[1]),
        cache_hits=int(stats[0]),
        history=hist_dict,
    )


def _common_result(raw, coef, f, *, method, stop, b_geom_, b_kkt_, interval, rho):
    w_norm2 = max(raw["w_norm2"], 0.0)
    return NearestPointResult(
        alpha=raw["alpha"],
        coef=coef,
        f=f,
        w_norm=float(np.sqrt(w_norm2)),
        w_norm2=w_norm2,
        objective=0.5 * w_norm2,
        b_geom=b_geom_,
        b_kkt=b_kkt_,
        b_kkt_interval=interval,
        rho=rho,
        statistic=raw["statistic"],
        n_iter=raw["n_iter"],
        status=raw["status"],
        method=method,
        stop=stop,
        time=raw["time"],
        n_kernel_evals=raw["n_kernel_evals"],
        n_rows_computed=raw["n_rows_computed"],
        cache_hits=raw["cache_hits"],
        history=raw["history"],
        n_polish=raw["polish_iter"],
    )


def solve_nearest_point(
    K=None,
    X=None,
    kernel=None,
    *,
    y,
    mu,
    sample_weight=None,
    method="wsk_fast",
    stop="relative_np",
    tol=1e-3,
    max_iter=None,
    cache_size=200.0,
    history=False,
    step="corrected",
    update=None,
    diag_shift=None,
    mode="faithful",
    polish=False,
):
    """Nearest points of two (weighted) reduced convex hulls: the (weighted) mu-SVM.

    Solves Goodrich's (2.26)/(4.11)/(5.16) in the nearest-point scale,
    ``min ||sum_i alpha_i y_i phi(x_i)||^2`` s.t. ``sum_{I_pos} alpha = sum_{I_neg} alpha = 1``,
    ``0 <= alpha_i <= s_i mu``, with the method of Goodrich (2012) chapter 5 named by
    ``method`` (module docstring; Schlesinger-Kozinec: Franc & Hlavac 2003, Mavroforakis &
    Theodoridis 2006; Gilbert 1966; MDM: Mitchell, Dem'yanov & Malozemov 1974, Keerthi et al.
    2000, Lopez, Barbero & Dorronsoro 2008; Tao et al. 2008; WSK and its efficient form:
    Goodrich 2012, Alg. 10 and section 5.6).

    Parameters
    ----------
    K : array-like of shape (n, n), default=None
        Gram matrix; or give ``X`` and ``kernel``.
    X : array-like or scipy.sparse CSR matrix of shape (n, n_features), default=None
        Points (CSR for the linear and RBF kernels), with ``kernel``.
    kernel : svmbook.kernels.Kernel, default=None
        Kernel whose rows are computed on demand and cached (:mod:`svmbook.solvers.cache`).
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    mu : float
        Reduction parameter ``> 0``; ``mu >= 1`` (or ``np.inf``) with unit weights is the hard
        margin (the convex hulls). Each class needs ``mu * sum_{class} s_i >= 1``.
    sample_weight : array-like of shape (n,), default=None
        Weights ``s_i >= 0`` (bounds ``s_i mu``); ``"sk"`` takes none (use ``"wsk"``).
    method : {"sk", "wsk", "gilbert", "mdm", "smo", "tao", "wsk_fast"}, default="wsk_fast"
    stop : {"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"}, default="relative_np"
        Stopping condition (:mod:`svmbook.solvers.stopping`), the same for every method.
    tol : float, default=1e-3
        Stop when the statistic of ``stop`` is below ``tol`` (the thesis's epsilon).
    max_iter : int, default=None
        Iteration cap, ``max(100000, 100 n)`` when None; hitting it warns with
        ``ConvergenceWarning`` and returns the current (feasible) alpha.
    cache_size : float, default=200
        Kernel-row cache in megabytes.
    history : bool, default=False
        Record the per-iteration history (costs a vertex search and a KKT scan per iteration
        for methods that do not need them).
    step : {"corrected", "thesis"}, default="corrected"
        ``"thesis"`` uses the printed S-K sign (5.2)/(5.4) and the printed MDM roles (5.9): the
        iterates never move (kept to demonstrate errata 1-2).
    update : {"delta", "vertex", "auto"}, default=None
        Cache/denominator formulas of the S-K and Gilbert steps: (5.24)/(5.28), (5.25)/(5.29),
        or the corrected switch (5.26). None: ``"auto"`` for ``"wsk_fast"``, else ``"delta"``
        (the kernel S-K (5.6)). The formulas are equal in exact arithmetic; their rounding
        differs, which can tip a tie in the choice of vertex and so change the path (on banana,
        gamma = 1, mu = 1/60, ``wsk_fast`` takes 188 iterations with one and 201 with the other).
    diag_shift : float or array-like of shape (n,), default=None
        ``r_i`` added to the diagonal of the kernel, ``K + diag(r)``: the L2-loss rows of
        Table 5.1 with ``r_i = 1 / (2 s_i C)`` and ``mu = 1``.
    mode : {"faithful", "fast"}, default="faithful"
        Row computation of :func:`svmbook.solvers.cache.kernel_source`.
    polish : bool, default=False
        After ``stop`` is met, continue with MDM until the relative KKT condition (5.2.4) holds
        at ``tol`` as well. The nearest-point statistics bound ``||w||``'s error, not the
        threshold's: S-K, Gilbert and WSK stop at ``tol = 1e-3`` with multipliers whose KKT
        threshold can be off by more than its own size. The estimators polish by default;
        False is the thesis's method as printed.

    Returns
    -------
    NearestPointResult

    Examples
    --------
    Two points per class; the nearest points of the hulls are (1, 0) and (-1, 0):

    >>> import numpy as np
    >>> X = np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]])
    >>> res = solve_nearest_point(X @ X.T, y=[1, 1, -1, -1], mu=1.0, method="sk", tol=1e-9)
    >>> np.round(res.alpha, 6).tolist(), round(res.w_norm, 6), round(res.b_geom, 6)
    ([0.5, 0.5, 0.5, 0.5], 2.0, 0.0)
    """
    y = check_labels_pm1("y", y)
    n = y.shape[0]
    source = kernel_source(K, X, kernel, mode=mode)
    if source.n_points != n:
        raise ValueError(f"y has {n} labels but the kernel has {source.n_points} points")
    mu = check_positive("mu", mu, allow_inf=True)
    if method == "sk" and sample_weight is not None:
        raise ValueError("sample_weight: method 'sk' is unweighted; use method='wsk'")
    s = check_sample_weight("sample_weight", sample_weight, n)
    weighted = sample_weight is not None
    group = (y < 0).astype(np.int64)
    raw = _run(
        source,
        y,
        group,
        2,
        s,
        mu,
        weighted,
        0.0,
        diag_shift,
        **_run_options(locals()),
    )
    alpha = raw["alpha"]
    f = raw["P"][0] + raw["P"][1]
    # relative to the kernel's scale: features of order 1e-7 give ||w||^2 of order 1e-14
    if raw["w_norm2"] <= 1e-12 * float(np.max(source.diag, initial=0.0)):
        raise HullsIntersectError(
            f"mu={mu:g} is too large: the two reduced hulls intersect (distance "
            f"{np.sqrt(max(raw['w_norm2'], 0.0)):.3g}); decrease mu or change the kernel"
        )
    # S-K and WSK approach a zero distance slowly: a distance below 1e-4 of its start without
    # convergence is no classifier either (the other solvers reach 0 on the same hulls)
    if raw["status"] == 1 and raw["w_norm2"] < 1e-8 * raw["w_norm2_start"]:
        raise HullsIntersectError(
            f"mu={mu:g} is too large: the two reduced hulls intersect or touch (after "
            f"{raw['n_iter']} iterations, the cap, their distance fell to "
            f"{np.sqrt(raw['w_norm2'] / raw['w_norm2_start']):.1e} of its start without "
            "converging); decrease mu or change the kernel, or increase max_iter if they should "
            "be separable"
        )
    # a cap s_i mu >= 1 is implied by the class sum: not a bound for the KKT threshold (a hard-
    # margin SV with alpha_i = 1 is free and pins b, as in svmbook.qp.wrch_svm_dual)
    thr = b_kkt(f, y, alpha, np.where(s * mu >= 1.0, np.inf, raw["upper"]))
    return _common_result(
        raw,
        alpha * y,
        f,
        method=method,
        stop=stop,
        b_geom_=b_geom(f, y, alpha),
        b_kkt_=thr.b,
        interval=thr.b_interval,
        rho=thr.rho,
    )


def solve_min_norm_point(
    K=None,
    X=None,
    kernel=None,
    *,
    mu,
    y=None,
    bias=True,
    sample_weight=None,
    method="gilbert",
    stop="relative_np",
    tol=1e-3,
    max_iter=None,
    cache_size=200.0,
    history=False,
    step="corrected",
    update=None,
    diag_shift=None,
    mode="faithful",
    polish=False,
):
    """Minimum-norm point of one weighted reduced hull: the one-class WSK (Goodrich Alg. 11).

    ``min ||sum_i alpha_i z_i||^2`` s.t. ``sum_i alpha_i = 1``, ``0 <= alpha_i <= s_i mu``
    (5.31). Without ``y`` the points are ``z_i = phi(x_i)`` (Gilbert's problem, Alg. 9 on a
    WRCH). With labels ``y`` it is the (weighted, L1) perceptron (4.14) in the feature space of
    ``k = y_i y_j (K + 1)`` (Table 2.2; ``bias=False``: ``y_i y_j K``, the bias-free rows), and
    ``f = K (alpha * y)`` are its decision values. ``method="gilbert"`` (= ``"sk"``/``"wsk"``
    with one hull) is Alg. 11 with its corrections (module docstring); ``"mdm"``/``"smo"`` and
    ``"wsk_fast"`` (the accelerated WSK of Fig. 5.16) work on one hull as well.

    Parameters
    ----------
    K, X, kernel
        As in :func:`solve_nearest_point`.
    mu : float
        Reduction, ``mu * sum(s) >= 1``.
    y : array-like of shape (n,), default=None
        Labels in {-1, +1} for the perceptron; None for the plain minimum-norm point.
    bias : bool, default=True
        Add the perceptron's ``y_i y_j`` (ignored without ``y``).
    sample_weight, method, stop, tol, max_iter, cache_size, history
        As in :func:`solve_nearest_point`.
    step, update, diag_shift, mode, polish
        As in :func:`solve_nearest_point` (``diag_shift``: the L2 perceptron's ``delta_ij / D``).

    Returns
    -------
    NearestPointResult
        ``w_norm`` is ``||p||``; with ``y``: ``b_kkt = sum alpha_i y_i`` (Alg. 11, Table 2.2, whose
        threshold is its negative), ``b_geom`` the perceptron's geometric offset
        (:func:`svmbook.thresholds.perceptron_threshold`), ``coef = alpha * y``; without ``y``
        the thresholds are None and ``coef = alpha``, ``f = K alpha``.

    Examples
    --------
    The nearest point to the origin of the segment from (1, 1) to (1, -1) is (1, 0):

    >>> import numpy as np
    >>> Z = np.array([[1.0, 1.0], [1.0, -1.0]])
    >>> res = solve_min_norm_point(Z @ Z.T, mu=1.0, tol=1e-9)
    >>> np.round(res.alpha, 6).tolist(), round(res.w_norm, 6)
    ([0.5, 0.5], 1.0)
    """
    source = kernel_source(K, X, kernel, mode=mode)
    n = source.n_points
    mu = check_positive("mu", mu, allow_inf=True)
    if y is None:
        sign, c0 = np.ones(n), 0.0
    else:
        sign = check_labels_pm1("y", y)
        if sign.shape[0] != n:
            raise ValueError(f"y has {sign.shape[0]} labels but the kernel has {n} points")
        c0 = 1.0 if bias else 0.0
    s = check_sample_weight("sample_weight", sample_weight, n)
    raw = _run(
        source,
        sign,
        np.zeros(n, np.int64),
        1,
        s,
        mu,
        sample_weight is not None,
        c0,
        diag_shift,
        **_run_options(locals()),
    )
    alpha = raw["alpha"]
    # P = sum_k alpha_k sign_k (K_k + c0 + r_k delta_k): remove the bias and ridge terms
    f = raw["P"][0] - c0 * float(alpha @ sign)
    if diag_shift is not None:
        f = f - alpha * sign * np.broadcast_to(np.asarray(diag_shift, np.float64), (n,))
    if y is None:
        return _common_result(
            raw,
            alpha.copy(),
            f,
            method=method,
            stop=stop,
            b_geom_=None,
            b_kkt_=None,
            interval=None,
            rho=None,
        )
    return _common_result(
        raw,
        alpha * sign,
        f,
        method=method,
        stop=stop,
        b_geom_=perceptron_threshold(f, sign, alpha, "geometric"),
        b_kkt_=perceptron_threshold(f, sign, alpha, "kkt"),
        interval=None,
        rho=None,
    )
