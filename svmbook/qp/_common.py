"""Helpers shared by the SVC and SVR reference formulations."""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ._cvx import solve_qp


def solve_scaled(H, q, *, lb=None, ub=None, A=None, scale=1.0):
    """Solve ``min 1/2 x'Hx + q'x``, ``lb <= x <= ub``, ``Ax = 0`` in ``u = x / scale``.

    The problem in ``u`` is ``min scale/2 u'Hu + q'u`` (the objective divided by ``scale``), with
    box ``ub / scale``. With ``scale = C`` the box is [0, 1] whatever C is; this is what keeps
    cvxopt from stalling at C = 1e5 and from losing all digits at C = 1e-8 (Gunn's Table 2.2 at
    those C). Stationarity ``H x + q + A'nu + G'z = 0`` is unchanged by the substitution, so the
    equality multiplier ``nu`` is returned as is. ``lb``/``ub`` may hold infinities (no bound).
    """
    lb = None if lb is None else np.asarray(lb, dtype=np.float64) / scale
    ub = None if ub is None else np.asarray(ub, dtype=np.float64) / scale
    Hs = scale * np.asarray(H, dtype=np.float64)
    u, nu, status, n_iter = solve_qp(Hs, q, lb=lb, ub=ub, A=A, b=None if A is None else 0.0)
    nu = None if nu is None else float(nu[0])
    polished = polish(Hs, q, u, nu, lb=lb, ub=ub, A=A)
    if polished is not None:  # verified KKT point: optimal whatever cvxopt's stopping test said
        u, nu = polished
        status = "optimal"
    return scale * u, nu, status, n_iter


def polish(H, q, x, nu, *, lb, ub, A):
    """Active-set polish of an interior-point solution (as OSQP's ``polish``); None if it fails.

    Interior-point iterates stop strictly inside the box, and on near-degenerate problems (C = 1e-8,
    where the linear term dominates) only to about 1e-4. Guess which variables sit at a bound
    (thresholds from 1e-9 to 1e-3 of the box), solve the KKT equations of the others exactly, and
    keep the first guess whose solution satisfies every KKT condition (box, equality, signs of the
    bound multipliers) to 1e-9. Never changes a problem: it only replaces a verified optimum by a
    more accurate one.
    """
    n = x.shape[0]
    lb = np.full(n, -np.inf) if lb is None else np.asarray(lb, dtype=np.float64)
    ub = np.full(n, np.inf) if ub is None else np.asarray(ub, dtype=np.float64)
    width = np.where(np.isfinite(ub - lb), ub - lb, max(1.0, float(np.max(np.abs(x)))))
    a = None if A is None else np.asarray(A, dtype=np.float64).ravel()
    gscale = max(1.0, float(np.max(np.abs(q))), float(np.max(np.abs(H @ x))))
    for theta in (1e-9, 1e-7, 1e-5, 1e-3):
        at_lo = (x - lb) <= theta * width
        at_hi = ~at_lo & ((ub - x) <= theta * width)
        free = ~(at_lo | at_hi)
        z = np.where(at_lo, lb, np.where(at_hi, ub, 0.0))
        F = np.flatnonzero(free)
        nu_new = nu
        if F.size:
            rhs = -(q[F] + H[np.ix_(F, ~free)] @ z[~free])
            if a is None:
                M = H[np.ix_(F, F)]
            else:
                M = np.block([[H[np.ix_(F, F)], a[F, None]], [a[None, F], np.zeros((1, 1))]])
                rhs = np.append(rhs, -a[~free] @ z[~free])
            sol = np.linalg.lstsq(M, rhs, rcond=1e-13)[0]
            z[F] = sol[: F.size]
            if a is not None:
                nu_new = float(sol[-1])
        g = H @ z + q
        if a is not None:
            if abs(a @ z) > 1e-9 * max(1.0, float(np.max(np.abs(z)))):
                continue
            if not F.size:
                # All variables at a bound: nu is any value making the bound multipliers feasible.
                lo_set = (at_lo & (a > 0)) | (at_hi & (a < 0))
                hi_set = (at_lo & (a < 0)) | (at_hi & (a > 0))
                lo = np.max(-g[lo_set] / a[lo_set]) if lo_set.any() else -np.inf
                hi = np.min(-g[hi_set] / a[hi_set]) if hi_set.any() else np.inf
                if lo > hi + 1e-9 * gscale:
                    continue
                nu_new = (
                    nu
                    if (nu is not None and lo <= nu <= hi)
                    else (
                        0.5 * (lo + hi) if np.isfinite(lo + hi) else (lo if np.isfinite(lo) else hi)
                    )
                )
            g = g + a * nu_new
        tol = 1e-9 * gscale
        box_tol = 1e-9 * width
        if np.any(z < lb - box_tol) or np.any(z > ub + box_tol):
            continue
        if np.any(np.abs(g[free]) > tol) or np.any(g[at_lo] < -tol) or np.any(g[at_hi] > tol):
            continue
        return np.clip(z, lb, ub), nu_new
    return None


def kernel_scale(K):
    """Largest diagonal entry of ``K`` (1 if the diagonal vanishes): the unit of the Gram matrix."""
    kappa = float(np.max(np.abs(np.diag(K))))
    return kappa if kappa > 0 else 1.0


def warn_status(status, where):
    """Warn like ``_warn_from_fit_status`` when cvxopt did not report an optimal solution."""
    if status != "optimal":
        warnings.warn(
            f"{where}: cvxopt returned status {status!r}; the solution may be inaccurate. "
            "Scale the features (or the kernel) so that the Gram matrix entries are O(1).",
            ConvergenceWarning,
            stacklevel=3,
        )
