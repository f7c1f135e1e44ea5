r"""Nguyen's bottom-up simplification: merge close same-class pairs while the MMD allows.

Table 3.1 of Nguyen (2006), section 3.3.2. Starting from a machine's support vectors and their
signed weights, repeatedly take the closest same-class pair (each vector paired with its nearest
same-sign neighbour in input space, the pairs tried in increasing distance), merge it into one
vector (:mod:`svmbook.simplify.merge`), and keep the merge if the maximal marginal difference
(MMD, Definition 6) at the original support vectors stays within the threshold ``theta``;
after a kept merge the pair list is rebuilt and the trials start again from the closest pair.
The loop stops when no pair can be merged (Phase I). Then all weights are refitted
(Proposition 5, step 11) and, optionally, vectors and weights are optimised together (Phase II,
section 3.3.3, step 12).

The thesis leaves open how the pair list is "updated" after a merge and how ties are broken.
Here the nearest neighbours are recomputed from a maintained matrix of squared distances (the
pairs of every vector whose neighbour was merged change; the others do not), unordered pairs are
kept once, and ties go to the lower indices, so the result is deterministic. With
``pairs="all"`` the list holds every same-class pair instead, by increasing distance, so a vector
whose merge with its nearest neighbour breaks the MMD may still merge with its next neighbour;
Phase I then ends only when no same-class pair can be merged. This wider search is not what
step 1 prints; on USPS it keeps far fewer vectors than the list of nearest pairs, nearer the
thesis's Table 3.2 counts, without reproducing them (the registry's ``nguyen-table-3.2``).
The marginal differences are accumulated per original support vector, Nguyen's incremental
update (three kernel rows per trial); the merges of pairs whose vectors did not change are kept
between trials, and runs of such pairs are checked in one array operation. The MMD is enforced
in Phase I only: the refit and Phase II change it and the result reports it (the thesis does
not re-check it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize
from tqdm.auto import tqdm

from .._blas import blas_limit, threads_for
from .._validation import check_bool, check_int, check_interval, check_option
from .expansion import MergeKernel, _docs, distance2, distance2_gradient, refit_weights
from .merge import merge_gaussian, merge_polynomial

__all__ = ["PAIRS", "BottomUpResult", "bottom_up", "phase2"]

#: The pair lists :func:`bottom_up` offers (its ``pairs``).
PAIRS = ("nearest", "all")


@dataclass(frozen=True)
class BottomUpResult:
    """A simplified expansion and what it took.

    Attributes
    ----------
    Z : ndarray of shape (n_z, n_features)
        The reduced vectors.
    beta : ndarray of shape (n_z,)
        Their weights (after the refit and Phase II when requested).
    n_merges : int
        The merges kept in Phase I (``n_sv - n_z``).
    n_trials : int
        The merges tried.
    mmd_phase1 : float
        The MMD after Phase I, with the merges' own weights (at most ``theta``).
    mmd : float
        The MMD of the returned expansion (after the refit and Phase II).
    distance2 : float
        ``||Psi - Psi'||^2`` of the returned expansion.
    time : float
        Seconds.
    """

    Z: np.ndarray
    beta: np.ndarray
    n_merges: int
    n_trials: int
    mmd_phase1: float
    mmd: float
    distance2: float
    time: float


def _check_expansion(X_sv, alpha):
    X_sv = np.asarray(X_sv, dtype=np.float64)
    alpha = np.asarray(alpha, dtype=np.float64)
    if X_sv.ndim != 2 or X_sv.shape[0] == 0:
        raise ValueError(f"X_sv must be a non-empty 2-D array of vectors, got shape {X_sv.shape}")
    if alpha.shape != (X_sv.shape[0],):
        raise ValueError(
            f"alpha must hold one weight per vector ({X_sv.shape[0]}), got shape {alpha.shape}"
        )
    if not (np.all(np.isfinite(X_sv)) and np.all(np.isfinite(alpha))):
        raise ValueError("X_sv and alpha must be finite")
    if np.any(alpha == 0):
        raise ValueError("alpha must be non-zero (support vectors have non-zero weights)")
    return X_sv, alpha


def _merge(kernel, mode, x_a, x_b, w_a, w_b):
    """Return ``(z, beta)`` of a merge.

    ``(gamma x . y)^p`` is ``(x' . y')^p`` for ``x' = sqrt(gamma) x``, so the polynomial merge
    runs on scaled vectors.
    """
    if kernel.kind == "rbf":
        m = merge_gaussian(x_a, x_b, w_a, w_b, kernel.gamma)
        return m.z, m.beta
    s = np.sqrt(kernel.gamma)
    m = merge_polynomial(s * x_a, s * x_b, w_a, w_b, kernel.degree, mode=mode)
    return m.z / s, m.beta


def _pairs(D2, alive):
    """Return the pair list: each live vector with its nearest same-sign live neighbour.

    Unordered pairs are kept once, sorted by distance (ties: lower indices first).
    """
    idx = np.flatnonzero(alive)
    if idx.size < 2:
        return []
    sub = D2[np.ix_(idx, idx)]
    nearest = np.argmin(sub, axis=1)  # the first minimum: ties to the lower index
    dist = sub[np.arange(idx.size), nearest]
    pairs = set()
    for a, b, d in zip(idx, idx[nearest], dist, strict=True):
        if np.isfinite(d):
            pairs.add((float(d), int(min(a, b)), int(max(a, b))))
    return [(a, b) for _, a, b in sorted(pairs)]


class _SortedPairs:
    """Every live same-class pair by increasing distance, patched after each merge.

    The pairs are held as three arrays sorted by ``(distance, a, b)`` (``a < b``); a merge drops
    the pairs of its two vectors and inserts those of the new one, after any equal distances
    already listed, so the order is deterministic and no merge re-sorts the whole list.
    """

    def __init__(self, D2):
        iu, ju = np.triu_indices(D2.shape[0], 1)
        d = D2[iu, ju]
        ok = np.isfinite(d)
        iu, ju, d = iu[ok], ju[ok], d[ok]
        order = np.lexsort((ju, iu, d))
        self.d, self.a, self.b = d[order], iu[order], ju[order]

    def __iter__(self):
        for a, b in zip(self.a, self.b, strict=True):
            yield int(a), int(b)

    def replace(self, a, b, d2):
        """Drop the pairs of ``a`` and ``b``; add ``a``'s (the new vector's) with distances ``d2``.

        ``d2`` is inf where ``a`` cannot pair (itself, dead or other-class vectors).
        """
        keep = (self.a != a) & (self.b != a) & (self.a != b) & (self.b != b)
        d, pa, pb = self.d[keep], self.a[keep], self.b[keep]
        k = np.flatnonzero(np.isfinite(d2))
        nd, na, nb = d2[k], np.minimum(k, a), np.maximum(k, a)
        order = np.lexsort((nb, na, nd))
        nd, na, nb = nd[order], na[order], nb[order]
        at = np.searchsorted(d, nd, side="right")
        self.d, self.a, self.b = np.insert(d, at, nd), np.insert(pa, at, na), np.insert(pb, at, nb)


#: Pairs whose merges are known are checked against the MMD this many at a time.
_BATCH = 256


def _trial(kernel, mode, V, w, a, b, X_sv):
    """Return ``(z, beta, K(z, X_sv))`` of the merge of vectors ``a`` and ``b``."""
    z, beta = _merge(kernel, mode, V[a], V[b], w[a], w[b])
    return z, beta, kernel(z[None, :], X_sv)[0]


def _scan(order, cache, D, G, w, theta, trial):
    """Return the first pair of ``order`` whose merge keeps the MMD within ``theta``; the trials.

    Steps 5-9 of Table 3.1: the pairs are tried in order and the first that passes is taken
    (None if none does). A pair's merge is computed (``trial``) and kept in ``cache`` when the
    scan first reaches it; runs of pairs already merged are checked together, each with the
    same arithmetic as alone (``D + w_a G_a + w_b G_b - beta K(z, .)``), so the batches change
    neither the result nor the count of trials, only the time.
    """
    run, trials = [], 0

    def check():
        a, b = np.array(run).T
        z_beta_kz = [cache[p] for p in run]
        beta = np.array([t[1] for t in z_beta_kz])
        kz = np.stack([t[2] for t in z_beta_kz])
        D_new = D + w[a, None] * G[a]
        D_new += w[b, None] * G[b]
        D_new -= beta[:, None] * kz
        ok = np.flatnonzero(np.max(np.abs(D_new), axis=1) <= theta)
        if ok.size:
            return run[ok[0]], int(ok[0]) + 1
        return None, len(run)

    for pair in order:
        if pair not in cache:
            if run:  # check the known merges first: a hit there makes this one unnecessary
                found, k = check()
                trials += k
                if found is not None:
                    return found, trials
                run = []
            cache[pair] = trial(*pair)
        run.append(pair)
        if len(run) == _BATCH:
            found, k = check()
            trials += k
            if found is not None:
                return found, trials
            run = []
    if run:
        found, k = check()
        return found, trials + k
    return None, trials


def bottom_up(X_sv, alpha, kernel, theta, *, mode="angle", pairs="nearest", refit=True,
              phase2_iter=0, progress=False):  # fmt: skip
    """Simplify a kernel expansion bottom-up, Nguyen's Table 3.1.

    Parameters
    ----------
    X_sv : array-like of shape (n_sv, n_features)
        The support vectors.
    alpha : array-like of shape (n_sv,)
        Their signed weights (``alpha_i y_i``; non-zero).
    kernel : MergeKernel
        The machine's kernel (Gaussian or homogeneous polynomial).
    theta : float
        The MMD threshold, ``>= 0`` (0 keeps every vector unless two coincide).
    mode : {"angle", "segment"}, default="angle"
        The polynomial merge's search (:func:`svmbook.simplify.merge_polynomial`).
    pairs : {"nearest", "all"}, default="nearest"
        The pair list: each vector with its nearest same-class neighbour (Table 3.1, step 1, as
        printed), or every same-class pair by increasing distance (a wider search: a vector may
        merge with a farther neighbour when its nearest merge breaks the MMD). Both stop when
        no pair of the list can be merged.
    refit : bool, default=True
        Refit all weights after Phase I (Proposition 5, step 11).
    phase2_iter : int, default=0
        L-BFGS iterations of Phase II (0: no Phase II), :func:`phase2`.
    progress : bool, default=False
        Show a ``tqdm`` bar over the kept merges.

    Returns
    -------
    BottomUpResult
        The reduced expansion and its diagnostics.

    Raises
    ------
    ValueError
        If the expansion is malformed, ``theta`` is negative or not finite, or an option is
        unknown.
    TypeError
        If ``kernel`` is not a :class:`~svmbook.simplify.MergeKernel`.
    """
    t0 = time.perf_counter()
    X_sv, alpha = _check_expansion(X_sv, alpha)
    if not isinstance(kernel, MergeKernel):
        raise TypeError(
            f"kernel must be a svmbook.simplify.MergeKernel, got {type(kernel).__name__}"
        )
    theta = check_interval("theta", theta, 0.0)
    if not np.isfinite(theta):
        raise ValueError(f"theta must be finite, got {theta!r}")
    mode = check_option("mode", mode, ("angle", "segment"))
    pairs = check_option("pairs", pairs, PAIRS)
    refit = check_bool("refit", refit)
    phase2_iter = check_int("phase2_iter", phase2_iter, 0)
    n = X_sv.shape[0]
    V = X_sv.copy()
    w = alpha.copy()
    alive = np.ones(n, dtype=bool)
    G = kernel(V, X_sv)  # row a: K(v_a, x_s) at every original SV
    D = np.zeros(n)  # signed f - f' at every original SV (the incremental MD)
    sq = np.einsum("ij,ij->i", V, V)
    with blas_limit(threads_for(n, n, V.shape[1])):
        D2 = sq[:, None] + sq[None, :] - 2.0 * V @ V.T
    same = np.sign(w)[:, None] == np.sign(w)[None, :]
    D2[~same] = np.inf
    np.fill_diagonal(D2, np.inf)
    listed = _SortedPairs(D2) if pairs == "all" else None
    cache = {}
    n_trials = 0
    bar = tqdm(total=n - 1, disable=not progress, desc="bottom-up merges", unit="merge")
    while True:
        order = listed if listed is not None else _pairs(D2, alive)
        found, trials = _scan(order, cache, D, G, w, theta,
                              lambda a, b: _trial(kernel, mode, V, w, a, b, X_sv))  # fmt: skip
        n_trials += trials
        if found is None:
            break  # no pair can be merged: Phase I is over
        a, b = found
        z, beta, kz = cache[a, b]
        # keep the merge (the arithmetic of its trial): z takes slot a, slot b leaves
        D = D + w[a] * G[a] + w[b] * G[b] - beta * kz
        V[a], w[a], G[a] = z, beta, kz
        alive[b] = False
        cache = {k: v for k, v in cache.items() if a not in k and b not in k}
        d2 = np.sum((V - z) ** 2, axis=1)
        d2[~alive | (np.sign(w) != np.sign(beta))] = np.inf
        d2[a] = np.inf
        D2[a, :] = d2
        D2[:, a] = d2
        D2[b, :] = np.inf
        D2[:, b] = np.inf
        if listed is not None:
            listed.replace(a, b, d2)
        bar.update(1)
    bar.close()
    Z, beta = V[alive].copy(), w[alive].copy()
    mmd_phase1 = float(np.max(np.abs(D)))
    if refit:
        beta = refit_weights(Z, X_sv, alpha, kernel)
    if phase2_iter:
        Z, beta = phase2(Z, beta, X_sv, alpha, kernel, max_iter=phase2_iter)
    f = kernel(X_sv, X_sv) @ alpha - kernel(X_sv, Z) @ beta
    return BottomUpResult(
        Z=Z,
        beta=beta,
        n_merges=int(n - Z.shape[0]),
        n_trials=n_trials,
        mmd_phase1=mmd_phase1,
        mmd=float(np.max(np.abs(f))),
        distance2=distance2(Z, beta, X_sv, alpha, kernel),
        time=time.perf_counter() - t0,
    )


@_docs
def phase2(Z, beta, X, alpha, kernel, *, max_iter=200):
    """Optimise reduced vectors and weights together, Nguyen's Phase II (section 3.3.3).

    Minimises ``F = ||Psi - Psi'||^2`` over all ``z_j`` and ``beta_j`` by L-BFGS with the
    analytic gradient of :func:`svmbook.simplify.expansion.distance2_gradient`, from the start
    ``(Z, beta)`` (the thesis names neither the optimiser nor its stopping rule: here a fixed
    iteration cap, deterministic). The start is returned if the optimiser ends above it, so
    ``F`` never increases.

    Parameters
    ----------
    {expansions}
    max_iter : int, default=200
        L-BFGS iterations.

    Returns
    -------
    Z : ndarray of shape (n_z, n_features)
    beta : ndarray of shape (n_z,)
    """
    Z = np.asarray(Z, dtype=np.float64)
    beta = np.asarray(beta, dtype=np.float64)
    X = np.asarray(X, dtype=np.float64)
    alpha = np.asarray(alpha, dtype=np.float64)
    max_iter = check_int("max_iter", max_iter, 1)
    shape = Z.shape
    psi2 = float(alpha @ kernel(X, X) @ alpha)  # constant along the optimisation

    def fun(theta):
        Zt, bt = theta[: Z.size].reshape(shape), theta[Z.size :]
        F, gZ, gb = distance2_gradient(Zt, bt, X, alpha, kernel, psi2=psi2)
        return F, np.concatenate([gZ.ravel(), gb])

    start = np.concatenate([Z.ravel(), beta])
    # the gradient's products are small: one BLAS thread (svmbook._blas; the library's threads
    # made each evaluation 20x slower with the other core busy)
    with blas_limit(threads_for(Z.shape[0], X.shape[0], X.shape[1])):
        res = minimize(fun, start, jac=True, method="L-BFGS-B", options={"maxiter": max_iter})
    if not res.fun <= fun(start)[0]:
        return Z.copy(), beta.copy()
    return res.x[: Z.size].reshape(shape), res.x[Z.size :]
