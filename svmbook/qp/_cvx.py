"""Thin cvxopt layer: per-call options, dense matrices, the LP feasibility test of hard problems."""

from __future__ import annotations

import numpy as np
from cvxopt import matrix, solvers

from .._validation import check_psd

# Tighter than cvxopt's defaults (1e-7 / 1e-6 / 1e-7) so that the oracles hold to 1e-6. Passed per
# call;
# solvers.options is never touched.
QP_OPTIONS = {
    "show_progress": False,
    "abstol": 1e-10,
    "reltol": 1e-10,
    "feastol": 1e-10,
    "maxiters": 200,
}
LP_OPTIONS = {"show_progress": False, "abstol": 1e-9, "reltol": 1e-9, "feastol": 1e-9}


def _m(a):
    return matrix(np.ascontiguousarray(a, dtype=np.float64).reshape(np.shape(a)[0], -1))


def solve_qp(P, q, *, lb=None, ub=None, A=None, b=None):
    """Solve ``min 1/2 x'Px + q'x`` s.t. ``lb <= x <= ub`` (entries may be +-inf) and ``Ax = b``.

    Returns ``(x, eq_multiplier, status, n_iter)``. cvxopt's Lagrangian is
    ``1/2 x'Px + q'x + nu'(Ax - b) + z'(Gx - h)``, so ``eq_multiplier`` is ``nu``.
    """
    P = np.asarray(P, dtype=np.float64)
    n = P.shape[0]
    P = 0.5 * (P + P.T)
    check_psd("P", P)
    rows, h = [], []
    eye = np.eye(n)
    if lb is not None:
        lb = np.broadcast_to(np.asarray(lb, dtype=np.float64), (n,))
        keep = np.isfinite(lb)
        rows.append(-eye[keep])
        h.append(-lb[keep])
    if ub is not None:
        ub = np.broadcast_to(np.asarray(ub, dtype=np.float64), (n,))
        keep = np.isfinite(ub)
        rows.append(eye[keep])
        h.append(ub[keep])
    G = np.vstack(rows) if rows and sum(r.shape[0] for r in rows) else None
    args = [_m(P), _m(q)]
    if G is not None:
        args += [_m(G), _m(np.concatenate(h))]
    else:
        args += [None, None]
    if A is not None:
        args += [_m(np.atleast_2d(A)), _m(np.atleast_1d(b))]
    sol = solvers.qp(*args, options=dict(QP_OPTIONS))
    x = np.array(sol["x"]).ravel()
    nu = None if A is None else np.array(sol["y"]).ravel()
    return x, nu, sol["status"], int(sol["iterations"])


def _range_basis(K):
    """Orthonormal basis of the range of ``K`` (eigenvalues below 1e-12 * max dropped).

    ``{K c}`` is the set of values on the data of the functions in the span of the feature vectors,
    so ``f = V t`` with free ``t`` describes it; the orthonormal basis keeps the LP well conditioned
    (``L = V sqrt(lambda)`` does not: small eigenvalues would need huge coefficients).
    """
    lam, V = np.linalg.eigh(0.5 * (K + K.T))
    keep = lam > 1e-12 * max(lam.max(), 1e-300)
    return V[:, keep]


def _conflicting_duplicates(K, y, epsilon):
    """Violation forced by points that coincide in feature space but whose targets conflict.

    Two points with ``K_ii + K_jj - 2 K_ij = 0`` get the same ``f`` value from every function of
    the feature space, so labels ``+1`` and ``-1`` force a total violation of at least 2 (``f = 0``
    splits it), and regression targets further apart than ``2 epsilon`` force at least
    ``|y_i - y_j| - 2 epsilon``. The LP below cannot see this reliably: eigenvectors of tiny
    eigenvalues differ on the duplicate rows by rounding noise, which an unbounded LP exploits
    (iris petals, duplicate point (4.8, 1.8), RBF kernel). Returns the per-point forced violation
    (half of the largest conflicting pair's minimum); all zeros when there is none.
    """
    diag = np.diag(K)
    dist2 = diag[:, None] + diag[None, :] - 2.0 * K
    same = np.abs(dist2) <= 1e-12 * max(float(np.abs(diag).max(initial=0.0)), 1e-300)
    if epsilon is None:
        forced = np.where(y[:, None] != y[None, :], 2.0, 0.0)
    else:
        forced = np.maximum(np.abs(y[:, None] - y[None, :]) - 2.0 * epsilon, 0.0)
    forced = np.where(same, forced, 0.0)
    np.fill_diagonal(forced, 0.0)
    return 0.5 * forced.max(axis=1)


def min_total_violation(K, y, *, bias, epsilon=None):
    """Smallest total violation of the hard constraints over all functions of the feature space.

    Classification (``epsilon is None``): ``min sum s`` s.t. ``y_i f(x_i) >= 1 - s_i``, ``s >= 0``.
    Regression: ``min sum s`` s.t. ``|y_i - f(x_i)| <= epsilon + s_i``. Here ``f = L v (+ b)`` with
    ``L L' = K``, i.e. all of the feature space restricted to the data (representer theorem).
    Returns ``(total, s)``; the hard problem is feasible iff ``total`` is 0.
    """
    conflicts = _conflicting_duplicates(K, y, epsilon)
    if conflicts.any():
        # One conflicting pair alone forces twice its per-point share: a lower bound on the total.
        return 2.0 * float(conflicts.max()), conflicts
    B = _range_basis(K)
    n = B.shape[0]
    if bias != "implicit":
        # Add the constant direction; keep the basis orthonormal (full column rank for cvxopt).
        U, sv, _ = np.linalg.svd(np.hstack([B, np.ones((n, 1)) / np.sqrt(n)]), full_matrices=False)
        B = U[:, sv > 1e-10]
    p = B.shape[1]
    eye = np.eye(n)
    c = np.concatenate([np.zeros(p), np.ones(n)])
    if epsilon is None:
        G = np.vstack([np.hstack([-y[:, None] * B, -eye]), np.hstack([np.zeros((n, p)), -eye])])
        h = np.concatenate([-np.ones(n), np.zeros(n)])
    else:
        G = np.vstack(
            [
                np.hstack([B, -eye]),
                np.hstack([-B, -eye]),
                np.hstack([np.zeros((n, p)), -eye]),
            ]
        )
        h = np.concatenate([y + epsilon, epsilon - y, np.zeros(n)])
    sol = solvers.lp(_m(c), _m(G), _m(h), options=dict(LP_OPTIONS))
    if sol["x"] is None:  # pragma: no cover - cvxopt always returns a point for a bounded LP
        return np.inf, np.full(n, np.inf)
    s = np.maximum(np.array(sol["x"]).ravel()[p:], 0.0)
    return float(s.sum()), s
