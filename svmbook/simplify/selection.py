r"""Reduced-set selection: keep a subset of the support vectors (Nguyen 2006, section 3.2).

The top-down rivals of the bottom-up merge that construct no new vectors: they choose which
original support vectors to keep and re-weight them.

* :func:`l1_selection`, L1 shrinkage (3.18)-(3.20): minimise ``||Psi - sum_i beta_i Phi(x_i)||^2
  + lambda sum_i c_i |beta_i|``; the vectors with ``beta_i != 0`` are kept. The problem is a
  weighted lasso in the kernel's geometry; it is solved here by cyclic coordinate descent (numba)
  finished by an exact active-set step, with the cvxopt QP of :func:`svmbook.qp.l1_reduced_set`
  (its oracle in the tests) where those cannot certify their answer.
* :func:`kpca_selection`, selection by kernel PCA (3.13)-(3.17): remove one vector at a time,
  the one whose weight the others can best take over, judged by the eigenvectors of the Gram
  matrix of the vectors left; ``rho(i, n) = |alpha_n / gamma^i_n|^2 lambda_i`` is the corrected
  (3.15) (``docs/errata.md#nguyen-2006-eq-3-15``).

Both stop at a size (``n_vectors``) or at the MMD threshold ``theta`` of the bottom-up method
(Definition 6), and refit the kept vectors' weights by Proposition 5 (``refit=True``) as the
bottom-up method does in step 11 of Table 3.1. Both hold the Gram matrix of the support vectors
(memory ``8 n_sv^2`` bytes); the kernel PCA selection computes one eigendecomposition per
removal (time ``O(n_sv^4)`` to remove most vectors: the method's own cost, which is why its
authors found selection cheaper than construction only for few removals).
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass

import numpy as np
from numba import njit
from sklearn.exceptions import ConvergenceWarning
from tqdm.auto import tqdm

from .._validation import check_bool, check_int, check_interval
from ..qp.reduced_set import l1_reduced_set, l1_weights
from .bottom_up import _check_expansion
from .expansion import MergeKernel, check_targets

__all__ = ["SelectionResult", "kpca_selection", "l1_selection"]


@dataclass(frozen=True)
class SelectionResult:
    """A reduced expansion over a subset of the original support vectors.

    Attributes
    ----------
    Z : ndarray of shape (n_z, n_features)
        The kept support vectors.
    beta : ndarray of shape (n_z,)
        Their new weights.
    index : ndarray of int
        Their rows in ``X_sv``.
    mmd : float
        The maximal marginal difference at the original support vectors.
    distance2 : float
        ``||Psi - Psi'||^2``.
    lam : float or None
        The L1 penalty that selected them (:func:`l1_selection`; None for kernel PCA).
    time : float
        Seconds.
    """

    Z: np.ndarray
    beta: np.ndarray
    index: np.ndarray
    mmd: float
    distance2: float
    lam: float | None
    time: float


def _fit(K, Ka, alpha, keep, beta, refit):
    """Return ``(weights, marginal differences, F)`` of the expansion over ``keep``.

    ``refit``: the weights of Proposition 5, ``K[keep, keep] b = (K alpha)[keep]`` (least squares,
    as :func:`svmbook.simplify.refit_weights`); otherwise ``beta[keep]``.
    """
    Kk = K[:, keep]
    b = np.linalg.lstsq(Kk[keep], Ka[keep], rcond=None)[0] if refit else beta[keep]
    D = Ka - Kk @ b
    return b, D, float(alpha @ D - b @ (Ka[keep] - Kk[keep] @ b))


def _result(X_sv, keep, b, D, F, lam, t0):
    """Assemble a :class:`SelectionResult` (``F`` clipped at 0: rounding)."""
    mmd = float(np.max(np.abs(D)))
    return SelectionResult(Z=X_sv[keep].copy(), beta=b, index=keep, mmd=mmd, distance2=max(F, 0.0),
                           lam=lam, time=time.perf_counter() - t0)  # fmt: skip


@njit(cache=True)
def _lasso_cd(K, Ka, pen, beta, max_iter, tol):  # pragma: no cover (numba)
    """Cyclic coordinate descent on ``(alpha - beta)' K (alpha - beta) + sum_i pen_i |beta_i|``.

    Keeps ``r = K (beta - alpha)``; coordinate ``i`` minimises exactly (soft threshold). Stops
    when a sweep moves no weight by more than ``tol`` times the largest weight. Returns the
    weights (updated in place) and the sweeps, negative when ``max_iter`` was hit.
    """
    n = K.shape[0]
    r = K @ beta - Ka
    for sweep in range(max_iter):
        biggest, moved = 0.0, 0.0
        for i in range(n):
            kii = K[i, i]
            if kii <= 0.0:
                continue
            u = beta[i] - r[i] / kii
            t = pen[i] / (2.0 * kii)
            new = u - t if u > t else (u + t if u < -t else 0.0)
            d = new - beta[i]
            if d != 0.0:
                for j in range(n):
                    r[j] += d * K[j, i]
                beta[i] = new
                moved = max(moved, abs(d))
            biggest = max(biggest, abs(new))
        if moved <= tol * max(biggest, 1e-300):
            return beta, sweep + 1
    return beta, -max_iter


def _feature_sign(K, Ka, pen, beta, max_steps):
    """Finish the weighted lasso exactly by feature-sign search (Lee et al., 2007).

    Minimises ``g(beta) = beta' K beta - 2 beta' (K alpha) + pen' |beta|`` (the objective less a
    constant) from ``beta``: on the active set with fixed signs the optimum solves the linear
    system ``K_SS b = (K alpha)_S - pen_S s / 2``; a step towards it stops at the best of the
    points where a weight changes sign (that weight leaves), and the inactive weight that
    violates ``|2 r_i| <= pen_i`` (``r = K beta - K alpha``) most enters, with the sign that
    lowers ``g``. The segment's candidates include its start, so ``g`` never increases; the search
    gives up (for more coordinate descent) when no candidate improves. It ends at a KKT point:
    the optimum. Coordinate descent finds the support quickly but converges slowly on an
    ill-conditioned Gaussian Gram matrix; this makes its answer exact. Returns the weights and
    whether the KKT conditions hold.
    """

    def g(b):
        return b @ K @ b - 2.0 * b @ Ka + pen @ np.abs(b)

    # a violation below this is rounding: the gradient's scale is |2 K alpha| at beta = 0
    slack = 1e-9 * max(np.max(np.abs(2.0 * Ka)), np.max(pen))
    sign = np.sign(beta)
    solved = False  # the active weights solve their linear system
    for _ in range(max_steps):
        r = K @ beta - Ka
        viol = np.where(sign == 0, 2.0 * np.abs(r) - pen, -np.inf)
        i = int(np.argmax(viol))
        if viol[i] > slack:
            sign[i] = -np.sign(r[i])
            solved = False
        elif solved:
            return beta, True
        S = np.flatnonzero(sign)
        KSS = K[np.ix_(S, S)]
        b = np.linalg.lstsq(KSS, Ka[S] - 0.5 * pen[S] * sign[S], rcond=None)[0]
        if np.all(np.sign(b) == sign[S]):
            beta[S] = b
            solved = True
            continue
        d = b - beta[S]
        with np.errstate(divide="ignore", invalid="ignore"):
            t = -beta[S] / d
        cross = (beta[S] != 0) & (np.sign(b) != np.sign(beta[S])) & (t > 0) & (t <= 1)
        ts = np.concatenate([[0.0, 1.0], t[cross]])
        values = []
        for tt in ts:
            trial = beta.copy()
            trial[S] += tt * d
            values.append(g(trial))
        best = ts[int(np.argmin(values))]
        if best == 0.0:  # no descent along the segment (a sign set against the gradient)
            return beta, False
        new = beta[S] + best * d
        new[cross & (t == best)] = 0.0  # the weight that crossed leaves (exactly, not by rounding)
        beta[S] = new
        sign = np.sign(beta)
        solved = False
    return beta, False


def _lasso(K, Ka, pen, beta, max_iter, tol, sweeps=50):
    """Solve the weighted lasso from ``beta``: coordinate descent, finished by feature-sign search.

    Alternates ``sweeps`` sweeps of coordinate descent with a feature-sign search from their
    answer (at most ``n`` steps) until the search certifies a KKT point or coordinate descent
    converges by its own test, or ``max_iter`` sweeps are spent. Returns the weights and whether
    they are certified.
    """
    done = 0
    while done < max_iter:
        beta, n_sweeps = _lasso_cd(K, Ka, pen, beta, min(sweeps, max_iter - done), tol)
        done += abs(n_sweeps)
        exact, ok = _feature_sign(K, Ka, pen, beta.copy(), K.shape[0])
        if ok:
            return exact, True
        if n_sweeps > 0:
            return beta, True
    return beta, False


def l1_selection(X_sv, alpha, kernel, *, lam=None, n_vectors=None, theta=None, refit=True,
                 max_iter=2000, tol=1e-9):  # fmt: skip
    """Select support vectors by L1 shrinkage, Nguyen (2006) (3.18)-(3.20).

    With ``lam`` given, the vectors with a non-zero weight at that penalty are kept. Otherwise
    the penalty is searched along a geometric path down from ``lambda_max`` (where every weight
    is zero; each solve warm-started from the previous one) and refined by bisection in
    ``log lambda``: for ``n_vectors``, the smallest penalty that keeps at most ``n_vectors``;
    for ``theta``, the largest penalty whose expansion (refitted when ``refit``) has an MMD of at
    most ``theta`` (the MMD is not monotone in ``lambda``; the path finds the first crossing).
    With both, the size bounds the search and the MMD decides within it.

    Parameters
    ----------
    X_sv : array-like of shape (n_sv, n_features)
        The support vectors.
    alpha : array-like of shape (n_sv,)
        Their signed weights (non-zero).
    kernel : MergeKernel
        The kernel.
    lam : float or None, default=None
        The penalty ``lambda >= 0`` (then ``n_vectors`` and ``theta`` must be None).
    n_vectors : int or None, default=None
        The most vectors to keep.
    theta : float or None, default=None
        The MMD threshold.
    refit : bool, default=True
        Refit the kept vectors' weights by Proposition 5 (else the lasso's shrunk weights).
    max_iter : int, default=2000
        Coordinate-descent sweeps per penalty; a penalty whose answer is not certified by then
        (a KKT point) is solved by the cvxopt QP :func:`svmbook.qp.l1_reduced_set` (a
        ``ConvergenceWarning`` if that is not certified either).
    tol : float, default=1e-9
        Sweeps stop when no weight moves by more than ``tol`` times the largest.

    Returns
    -------
    SelectionResult
        The kept vectors, their weights and the penalty.

    Raises
    ------
    ValueError
        If the expansion is malformed, a parameter is out of range, the targets conflict, or
        the expansion's values ``K @ alpha`` are all 0 or not finite (no penalty selects).
    TypeError
        If ``kernel`` is not a :class:`~svmbook.simplify.MergeKernel`.
    """
    t0 = time.perf_counter()
    X_sv, alpha = _check_expansion(X_sv, alpha)
    if not isinstance(kernel, MergeKernel):
        raise TypeError(f"kernel must be a MergeKernel, got {type(kernel).__name__}")
    n = X_sv.shape[0]
    if lam is not None:
        if n_vectors is not None or theta is not None:
            raise ValueError("give lam, or the targets n_vectors / theta, not both")
        lam = check_interval("lam", lam, 0.0, np.inf, high_open=True)
    else:
        n_vectors, theta = check_targets(n_vectors, theta, n)
    refit = check_bool("refit", refit)
    max_iter = check_int("max_iter", max_iter, 1)
    tol = check_interval("tol", tol, 0.0, np.inf, low_open=True, high_open=True)
    K = kernel(X_sv, X_sv)
    Ka = K @ alpha
    pen = l1_weights(alpha)
    lam_max = float(np.max(2.0 * np.abs(Ka) / pen))
    if not (np.isfinite(lam_max) and lam_max > 0):
        # K @ alpha is 0 at every vector (kernel values underflowed, or the weights cancel):
        # every penalty keeps no vector, and the one-vector refit would divide by K's diagonal
        raise ValueError(
            "l1_selection: the expansion's values K @ alpha at its vectors are all 0 or not "
            f"finite (largest |value| {float(np.max(np.abs(Ka))):.3g}: kernel values underflow or "
            "overflow at this scale of the data, or the weights cancel); no penalty selects a "
            "vector: rescale the data"
        )
    state = {"beta": np.zeros(n), "warned": False}

    def solve(lam_):
        beta, certified = _lasso(K, Ka, lam_ * pen, state["beta"].copy(), max_iter, tol)
        if not certified:  # the interior-point QP, certified, whatever the conditioning
            qp = l1_reduced_set(K, alpha, lam_, c=pen)
            if qp.status != 0 and not state["warned"]:
                warnings.warn(f"l1_selection at lam={lam_:.3g}: {qp.message}", ConvergenceWarning,
                              stacklevel=3)  # fmt: skip
                state["warned"] = True
            beta = np.zeros(n)
            beta[qp.support] = qp.beta[qp.support]
        state["beta"] = beta
        keep = np.flatnonzero(beta)
        if keep.size == 0:
            return keep, None, None, np.inf
        return (keep, *_fit(K, Ka, alpha, keep, beta, refit))

    def small(result):  # at most n_vectors kept
        return n_vectors is None or result[0].size <= n_vectors

    def close(result):  # MMD within theta
        return result[0].size > 0 and np.max(np.abs(result[2])) <= theta

    if lam is not None:
        result = solve(lam)
    else:
        result = None
        if theta is not None:  # the largest penalty within theta
            lam_out, _, lam, result = _walk(solve, close, lam_max)
            if close(result):
                lam, result = _bisect(solve, close, lam, result, lam_out or lam_max)
        if result is None or not small(result):  # the smallest penalty keeping <= n_vectors
            lam_ok, r_ok, lam_over, _ = _walk(solve, lambda r: not small(r), lam_max)
            if lam_ok is None:  # too many already at the first step: start from no vector
                lam_ok, r_ok = lam_max, solve(lam_max)
            lam, result = _bisect(solve, small, lam_ok, r_ok, lam_over)
    keep, b, D, F = result
    if keep.size == 0:  # lam >= lambda_max: the one vector that explains Psi best, refitted
        keep = np.array([int(np.argmax(Ka**2 / np.diag(K)))])
        b, D, F = _fit(K, Ka, alpha, keep, None, True)
    return _result(X_sv, keep, b, D, F, float(lam), t0)


def _walk(solve, flipped, lam_max, ratio=0.8, floor=1e-9):
    """Walk ``lam_max * ratio^k`` down; return the penalties and results around the first flip.

    Returns ``(lam_before, result_before, lam_after, result_after)``: the last penalty where
    ``flipped`` was false (None, None if it held from the start) and the first where it holds
    (the smallest penalty tried and its result if it never does).
    """
    before = (None, None)
    lam = lam_max * ratio
    result = solve(lam)
    while not flipped(result) and lam > floor * lam_max:
        before = (lam, result)
        lam *= ratio
        result = solve(lam)
    return (*before, lam, result)


def _bisect(solve, good, lam_good, result_good, lam_bad, n_bisect=30):
    """Move ``lam_good`` towards ``lam_bad`` by bisection in ``log lam``, keeping ``good``."""
    for _ in range(n_bisect):
        if max(lam_good, lam_bad) / min(lam_good, lam_bad) < 1.0 + 1e-6:
            break
        mid = np.sqrt(lam_good * lam_bad)
        r = solve(mid)
        if good(r):
            lam_good, result_good = mid, r
        else:
            lam_bad = mid
    return lam_good, result_good


def kpca_selection(X_sv, alpha, kernel, *, n_vectors=None, theta=None, refit=True,
                   progress=False):  # fmt: skip
    """Select support vectors by kernel PCA, Nguyen (2006) (3.13)-(3.17).

    Each step takes the eigenvectors ``gamma^i`` (eigenvalues ``lambda_i``) of the Gram matrix
    of the vectors left and removes the vector ``x_n`` of the smallest ``rho(i, n) = |alpha_n /
    gamma^i_n|^2 lambda_i`` (the corrected (3.15)): the pair ``(i, n)`` along which
    ``alpha_n Phi(x_n)`` is best written with the others, ``alpha_j <- alpha_j - alpha_n gamma^i_j
    / gamma^i_n`` (3.16)-(3.17). It stops at ``n_vectors``, or before the first removal that would
    raise the MMD at the original support vectors above ``theta`` (the MMD of the updated weights,
    before any refit). Deterministic.

    Parameters
    ----------
    X_sv : array-like of shape (n_sv, n_features)
        The support vectors.
    alpha : array-like of shape (n_sv,)
        Their signed weights (non-zero).
    kernel : MergeKernel
        The kernel.
    n_vectors : int or None, default=None
        The size to reach.
    theta : float or None, default=None
        The MMD threshold.
    refit : bool, default=True
        Refit the kept vectors' weights by Proposition 5 at the end.
    progress : bool, default=False
        Show a ``tqdm`` bar over the removals.

    Returns
    -------
    SelectionResult
        The kept vectors and their weights (``lam`` is None).

    Raises
    ------
    ValueError
        If the expansion is malformed or a target is out of range or missing.
    TypeError
        If ``kernel`` is not a :class:`~svmbook.simplify.MergeKernel`.
    """
    t0 = time.perf_counter()
    X_sv, alpha = _check_expansion(X_sv, alpha)
    if not isinstance(kernel, MergeKernel):
        raise TypeError(f"kernel must be a MergeKernel, got {type(kernel).__name__}")
    n = X_sv.shape[0]
    n_vectors, theta = check_targets(n_vectors, theta, n)
    refit = check_bool("refit", refit)
    progress = check_bool("progress", progress)
    K = kernel(X_sv, X_sv)
    Ka = K @ alpha
    a = alpha.copy()
    alive = np.ones(n, dtype=bool)
    D = np.zeros(n)  # f - f' at the original support vectors
    target = 1 if n_vectors is None else n_vectors
    with tqdm(total=n - target, disable=not progress, desc="kpca removals", unit="vector") as bar:
        while alive.sum() > target:
            S = np.flatnonzero(alive)
            lam, V = np.linalg.eigh(K[np.ix_(S, S)])
            lam = np.maximum(lam, 0.0)  # rounding makes a PSD matrix's zero eigenvalues negative
            with np.errstate(divide="ignore"):
                rho = (a[S][:, None] / V) ** 2 * lam[None, :]  # rho[n, i]
            rho[V == 0.0] = np.inf
            n_pos, i = np.unravel_index(np.argmin(rho), rho.shape)
            step = -a[S[n_pos]] * V[:, i] / V[n_pos, i]  # change of the weights of S
            step[n_pos] = -a[S[n_pos]]  # x_n leaves
            D_new = D - K[:, S] @ step
            if theta is not None and np.max(np.abs(D_new)) > theta:
                break
            a[S] += step
            a[S[n_pos]] = 0.0
            alive[S[n_pos]] = False
            D = D_new
            bar.update(1)
    keep = np.flatnonzero(alive)
    b, D, F = _fit(K, Ka, alpha, keep, a, refit)
    return _result(X_sv, keep, b, D, F, None, t0)
