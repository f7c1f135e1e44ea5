r"""The top-down rival: reduced-set construction by Gaussian pre-images (Burges; Schölkopf et al.).

Nguyen (2006), section 3.2, eqs. (3.5)-(3.12), after Burges (1996) and Schölkopf et al. (1999):
the reduced expansion is built one vector at a time. With the residual
``Psi_{m-1} = sum_i alpha_i Phi(x_i) - sum_{j<m} beta_j Phi(z_j)`` the next vector minimises
``||Psi_{m-1} - beta_m Phi(z_m)||``; for the Gaussian kernel the best ``beta_m`` is
``Psi_{m-1} . Phi(z_m)`` (``K(z, z) = 1``), so ``z_m`` maximises ``(Psi_{m-1} . Phi(z))^2``,
and its stationary points satisfy the fixed point (3.10)

``z <- sum_s a_s exp(-gamma ||x_s - z||^2) x_s / sum_s a_s exp(-gamma ||x_s - z||^2)``

over the residual's terms (the original vectors with ``a = alpha`` and the earlier ``z_j`` with
``a = -beta_j``). The thesis prints the earlier vectors as ``-z_j`` (3.12); the sign is already
in the coefficients, so they enter as ``+z_j`` (``docs/errata.md#nguyen-2006-eq-3-12``). With
mixed signs the denominator can vanish and the iteration can run far from the data (measured on a
two-moons machine: to ``z = (46.7, -12.0)``, where every kernel value is 0); so each vector's
candidates are the fixed points from the support vectors where the residual is largest *and*
those support vectors themselves, and the best candidate by ``(Psi_{m-1} . Phi(z))^2`` is kept.
After each new vector all weights are refitted (Proposition 5).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .._validation import check_int, check_points, check_positive
from .bottom_up import _check_expansion, phase2
from .expansion import (
    MergeKernel,
    check_targets,
    distance2,
    marginal_differences,
    refit_weights,
)

__all__ = ["TopDownResult", "fixed_point_preimage", "top_down"]


@dataclass(frozen=True)
class TopDownResult:
    """A reduced expansion built top-down.

    Attributes
    ----------
    Z : ndarray of shape (n_z, n_features)
        The reduced vectors.
    beta : ndarray of shape (n_z,)
        Their weights (refitted; after Phase II when requested).
    mmd : float
        The maximal marginal difference at the original support vectors.
    distance2 : float
        ``||Psi - Psi'||^2``.
    n_iter : int
        Fixed-point iterations, all restarts and vectors.
    time : float
        Seconds.
    """

    Z: np.ndarray
    beta: np.ndarray
    mmd: float
    distance2: float
    n_iter: int
    time: float


def fixed_point_preimage(X, a, gamma, z0, *, max_iter=1000, tol=1e-10):
    """Iterate the Gaussian pre-image fixed point (3.10) from ``z0``.

    Parameters
    ----------
    X : array-like of shape (n, n_features)
        The expansion's vectors.
    a : array-like of shape (n,)
        Their signed coefficients.
    gamma : float
        The kernel's ``gamma``.
    z0 : array-like of shape (n_features,)
        The start.
    max_iter : int, default=1000
        The most iterations.
    tol : float, default=1e-10
        Stop when a step moves ``z`` by less than ``tol`` (Euclidean norm).

    Returns
    -------
    z : ndarray of shape (n_features,)
        The last iterate.
    n_iter : int
        Iterations taken.
    converged : bool
        Whether the step fell below ``tol``; False also when the denominator vanished or the
        next iterate left the floating-point range (the iterate before it is returned).

    Raises
    ------
    ValueError
        If ``X``, ``a`` or ``z0`` are not finite or do not match in size, or ``gamma`` or
        ``max_iter`` is out of range.

    Examples
    --------
    >>> z, _, ok = fixed_point_preimage([[0.0, 0.0], [1.0, 0.0]], [0.4, 0.6], 0.5, [0.5, 0.0])
    >>> np.round(z, 7).tolist(), ok
    ([0.6309866, 0.0], True)
    """
    X = check_points("X", X)
    a = check_points("a", np.reshape(np.asarray(a, dtype=np.float64), (1, -1)),
                     n_features=X.shape[0])[0]  # fmt: skip
    gamma = check_positive("gamma", gamma)
    max_iter = check_int("max_iter", max_iter, 1)
    z = check_points("z0", np.reshape(np.asarray(z0, dtype=np.float64), (1, -1)),
                     n_features=X.shape[1])[0].copy()  # fmt: skip
    for n_iter in range(1, max_iter + 1):
        w = a * np.exp(-gamma * np.sum((X - z) ** 2, axis=1))
        denom = w.sum()
        if not abs(denom) > 1e-300:  # (3.10) breaks down: keep the last iterate
            return z, n_iter, False
        scale = np.max(np.abs(w))  # (3.10) is scale-free in w: w @ X must not overflow
        z_new = ((w / scale) @ X) / (denom / scale)
        if not np.all(np.isfinite(z_new)):  # beyond the floats (|X| near 1e308): as a breakdown
            return z, n_iter, False
        step = float(np.linalg.norm(z_new - z))
        z = z_new
        if step < tol:
            return z, n_iter, True
    return z, max_iter, False


def top_down(X_sv, alpha, kernel, n_vectors=None, *, theta=None, n_restarts=10, phase2_iter=0):
    """Build a reduced expansion of Gaussian pre-images, greedily (3.5)-(3.12).

    Each new vector is the best, by ``(Psi_{m-1} . Phi(z))^2``, of the ``n_restarts`` support
    vectors where the residual ``|Psi_{m-1} . Phi(x_s)|`` is largest and of the fixed points
    (:func:`fixed_point_preimage`) started there; then all weights are refitted (Proposition 5).
    The construction is deterministic. It stops at ``n_vectors`` vectors, or as soon as the
    refitted expansion's MMD at the original support vectors is at most ``theta`` (the bottom-up
    method's stopping rule, Definition 6), whichever comes first, and early when no candidate is a
    direction of the residual any more. Phase II
    (:func:`svmbook.simplify.phase2`) optionally follows, the thesis's "gradient-based Phase II
    from a top-down start".

    Parameters
    ----------
    X_sv : array-like of shape (n_sv, n_features)
        The support vectors.
    alpha : array-like of shape (n_sv,)
        Their signed weights (non-zero).
    kernel : MergeKernel
        A Gaussian kernel (``kind="rbf"``).
    n_vectors : int or None, default=None
        The most vectors, ``1 <= n_vectors <= n_sv`` (None: ``n_sv``).
    theta : float or None, default=None
        The MMD threshold (None: build ``n_vectors``). At least one of the two is required.
    n_restarts : int, default=10
        Fixed-point starts per vector.
    phase2_iter : int, default=0
        L-BFGS iterations of Phase II (0: none).

    Returns
    -------
    TopDownResult
        The reduced expansion and its diagnostics.

    Raises
    ------
    ValueError
        If the expansion is malformed, the kernel is not Gaussian, a count or ``theta`` is out of
        range, or neither target is given.
    """
    t0 = time.perf_counter()
    X_sv, alpha = _check_expansion(X_sv, alpha)
    if not (isinstance(kernel, MergeKernel) and kernel.kind == "rbf"):
        raise ValueError(
            f"top_down builds Gaussian pre-images: kernel must be MergeKernel('rbf', ...), "
            f"got {kernel!r}"
        )
    n_vectors, theta = check_targets(n_vectors, theta, X_sv.shape[0])
    n_vectors = X_sv.shape[0] if n_vectors is None else n_vectors
    n_restarts = check_int("n_restarts", n_restarts, 1)
    phase2_iter = check_int("phase2_iter", phase2_iter, 0)
    Z = np.empty((0, X_sv.shape[1]))
    beta = np.empty(0)
    n_iter = 0
    Ka = kernel(X_sv, X_sv) @ alpha  # Psi . Phi(x_s)
    psi2 = float(alpha @ Ka)
    Kxz = np.empty((X_sv.shape[0], 0))  # K(x_s, z_j), a column per vector
    for _ in range(n_vectors):
        terms_X = np.vstack([X_sv, Z])
        terms_a = np.concatenate([alpha, -beta])
        residual = Ka - Kxz @ beta  # Psi_{m-1} . Phi(x_s)
        starts = np.argsort(-np.abs(residual), kind="stable")[:n_restarts]
        candidates = [X_sv[s] for s in starts]
        for s in starts:
            z, it, _ = fixed_point_preimage(terms_X, terms_a, kernel.gamma, X_sv[s])
            n_iter += it
            candidates.append(z)
        fits = (kernel(np.array(candidates), terms_X) @ terms_a) ** 2  # (Psi . Phi(z))^2
        best = int(np.argmax(fits))
        if not fits[best] > 1e-14 * psi2:  # nothing left that a new vector can explain
            break
        Z = np.vstack([Z, candidates[best]])
        Kxz = np.column_stack([Kxz, kernel(X_sv, Z[-1:])])
        beta = refit_weights(Z, X_sv, alpha, kernel)
        if theta is not None and np.max(np.abs(Ka - Kxz @ beta)) <= theta:
            break
    if phase2_iter:
        Z, beta = phase2(Z, beta, X_sv, alpha, kernel, max_iter=phase2_iter)
    return TopDownResult(
        Z=Z,
        beta=beta,
        mmd=float(marginal_differences(X_sv, alpha, Z, beta, kernel).max()),
        distance2=distance2(Z, beta, X_sv, alpha, kernel),
        n_iter=n_iter,
        time=time.perf_counter() - t0,
    )
