"""Helpers shared by the SVC and SVR reference formulations."""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ._cvx import solve_qp


def solve_scaled(H, q, *, lb=None, ub=None, A=None, scale=1.0, where="qp"):
    """Solve ``min 1/2 x'Hx + q'x``, ``lb <= x <= ub``, ``Ax = 0`` in ``u = x / scale``.

    The problem in ``u`` is ``min scale/2 u'Hu + q'u`` (the objective divided by ``scale``), with
    box ``ub / scale``. With ``scale = C`` the box is [0, 1] whatever C is; this is what keeps
    cvxopt from stalling at C = 1e5 and from losing all digits at C = 1e-8 (Gunn's Table 2.2 at
    those C). Stationarity ``H x + q + A'nu + G'z = 0`` is unchanged by the substitution, so the
    equality multiplier ``nu`` is returned as is. ``lb``/``ub`` may hold infinities (no bound).
    The answer is polished (:func:`polish`) and certified (:func:`certify`).

    Parameters
    ----------
    H : ndarray of shape (n, n)
        The quadratic term (positive semidefinite).
    q : ndarray of shape (n,)
        The linear term.
    lb, ub : ndarray of shape (n,) or None, default=None
        The box.
    A : ndarray of shape (1, n) or None, default=None
        The equality constraint ``A x = 0``.
    scale : float, default=1.0
        The unit of ``x`` (e.g. ``C``).
    where : str, default="qp"
        The formulation's name, for the certificate's message.

    Returns
    -------
    x : ndarray of shape (n,)
        The solution.
    nu : float or None
        The equality multiplier (None without ``A``).
    certificate : Certificate
        The solution's own check, with cvxopt's status in its message.
    n_iter : int
        Interior-point iterations.
    """
    lb = None if lb is None else np.asarray(lb, dtype=np.float64) / scale
    ub = None if ub is None else np.asarray(ub, dtype=np.float64) / scale
    Hs = scale * np.asarray(H, dtype=np.float64)
    u, nu, status, n_iter = solve_qp(Hs, q, lb=lb, ub=ub, A=A, b=None if A is None else 0.0)
    nu = None if nu is None else float(nu[0])
    polished = polish(Hs, q, u, nu, lb=lb, ub=ub, A=A)
    if polished is not None:  # a verified KKT point: more accurate than the interior point
        u, nu = polished
        status += ", polished"
    cert = certify(Hs, q, u, lb=lb, ub=ub, A=A, where=f"{where} (cvxopt status {status!r})")
    return scale * u, nu, cert, n_iter


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
    a = None if A is None else np.asarray(A, dtype=np.float64).ravel()
    width, tol = polish_scales(H, q, x, lb, ub)
    for at_lo, at_hi, free, z in bound_guesses(x, lb, ub, width):
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
                if lo > hi + tol:
                    continue
                nu_new = (
                    nu
                    if (nu is not None and lo <= nu <= hi)
                    else (
                        0.5 * (lo + hi) if np.isfinite(lo + hi) else (lo if np.isfinite(lo) else hi)
                    )
                )
            g = g + a * nu_new
        if satisfies_kkt(z, g, lb, ub, width, tol, (at_lo, at_hi, free)):
            return np.clip(z, lb, ub), nu_new
    return None


def polish_scales(H, q, x, lb, ub):
    """Return the scales of an active-set polish: each variable's box width and the KKT tolerance.

    Parameters
    ----------
    H, q, x, lb, ub : ndarray
        As in :func:`certify` (``x`` the interior-point solution, the box given).

    Returns
    -------
    width : ndarray of shape (n,)
        ``ub - lb``, or ``max(1, max |x|)`` where a side is unbounded.
    tol : float
        ``1e-9`` times the size of the gradient's terms, the tolerance of the KKT conditions.
    """
    width = np.where(np.isfinite(ub - lb), ub - lb, max(1.0, float(np.max(np.abs(x)))))
    return width, 1e-9 * max(1.0, float(np.max(np.abs(q))), float(np.max(np.abs(H @ x))))


def bound_guesses(x, lb, ub, width):
    """Yield guesses of which variables of ``x`` sit at a bound, the tightest guess first.

    A variable within ``theta * width`` of a bound is taken at it, for ``theta`` from 1e-9 to
    1e-3: interior-point iterates stop strictly inside the box, on near-degenerate problems only
    to about 1e-4 of it.

    Parameters
    ----------
    x, lb, ub : ndarray of shape (n,)
        As in :func:`polish_scales`.
    width : ndarray of shape (n,)
        The box widths (:func:`polish_scales`).

    Yields
    ------
    at_lo, at_hi, free : ndarray of bool of shape (n,)
        The variables guessed at the lower bound, at the upper bound, and between.
    z : ndarray of shape (n,)
        The guessed bounds, 0 at the free variables (to be solved for).
    """
    for theta in (1e-9, 1e-7, 1e-5, 1e-3):
        at_lo = (x - lb) <= theta * width
        at_hi = ~at_lo & ((ub - x) <= theta * width)
        free = ~(at_lo | at_hi)
        yield at_lo, at_hi, free, np.where(at_lo, lb, np.where(at_hi, ub, 0.0))


def satisfies_kkt(z, grad, lb, ub, width, tol, guess):
    """Whether a polished point satisfies the box and the signs of the bound multipliers.

    Parameters
    ----------
    z : ndarray of shape (n,)
        The polished point.
    grad : ndarray of shape (n,)
        The gradient of the Lagrangian at ``z`` (equality multipliers included).
    lb, ub : ndarray of shape (n,)
        The box.
    width : ndarray of shape (n,)
        The box widths, the unit of the box tolerance ``1e-9 width``.
    tol : float
        The gradient tolerance (:func:`polish_scales`).
    guess : tuple of ndarray of bool
        ``(at_lo, at_hi, free)`` from :func:`bound_guesses`: ``grad`` must vanish on the free
        variables, be ``>= 0`` at a lower bound and ``<= 0`` at an upper one.

    Returns
    -------
    bool
        True when every condition holds to its tolerance.
    """
    at_lo, at_hi, free = guess
    if np.any(z < lb - 1e-9 * width) or np.any(z > ub + 1e-9 * width):
        return False
    return not (
        np.any(np.abs(grad[free]) > tol) or np.any(grad[at_lo] < -tol) or np.any(grad[at_hi] > tol)
    )


def kernel_scale(K):
    """Largest diagonal entry of ``K`` (1 if the diagonal vanishes): the unit of the Gram matrix."""
    kappa = float(np.max(np.abs(np.diag(K))))
    return kappa if kappa > 0 else 1.0


def warn_status(certificate):
    """Warn (``ConvergenceWarning``) when a reference solution could not be certified optimal.

    Parameters
    ----------
    certificate : Certificate
        The solution's check (:func:`certify`), whose message names the formulation.
    """
    if certificate.status != 0:
        warnings.warn(
            f"{certificate.message}: the solution may be inaccurate and is no oracle. Scale the "
            "features (or the kernel) so that the Gram matrix entries are O(1).",
            ConvergenceWarning,
            stacklevel=3,
        )


#: Relative duality gap and infeasibility below which a reference solution is certified optimal.
CERTIFY_RTOL = 1e-6


def _row_gap(t, below, above, a):
    """Return the smallest Frank-Wolfe gap of one equality row's variables over its multiplier.

    The gap is ``sum_{a_i != 0} phi_i(t_i + a_i nu)`` with ``phi_i(s) = s below_i`` for ``s > 0``
    and ``-s above_i`` for ``s < 0`` (the most the objective can fall by moving variable ``i`` to
    a bound of its box): convex and piecewise linear in ``nu``, minimal at the breakpoint
    ``nu = -t_i / a_i`` where its slope changes sign.

    Parameters
    ----------
    t : ndarray of shape (n,)
        The gradient ``Hx + q``.
    below, above : ndarray of shape (n,)
        Room from ``x`` down to the lower and up to the upper bound (finite, >= 0).
    a : ndarray of shape (n,)
        The row.

    Returns
    -------
    nu : float
        The minimising multiplier.
    gap : float
        The gap of the row's variables at ``nu``.
    """
    active = a != 0
    if not np.any(active):
        return 0.0, 0.0
    t, below, above, a = t[active], below[active], above[active], a[active]
    order = np.argsort(-t / a)
    knots = (-t / a)[order]
    weight_neg = np.abs(a) * np.where(a > 0, above, below)  # slope share while t_i + a_i nu < 0
    slope = -float(np.sum(weight_neg)) + np.cumsum((np.abs(a) * (above + below))[order])
    nu = float(knots[min(int(np.searchsorted(slope, 0.0)), knots.size - 1)])
    s = t + a * nu
    return nu, float(np.sum(np.where(s > 0, s * below, -s * above)))


def certify(H, q, x, *, lb=None, ub=None, A=None, b=None, where="qp"):
    """Check a reference QP's answer: its duality gap and infeasibility in the problem's scale.

    For ``min f(x) = 1/2 x'Hx + q'x`` over ``lb <= x <= ub``, ``Ax = b`` (``H`` positive
    semidefinite), the Frank-Wolfe gap ``max_y g'(x - y)`` over the box, with ``g = Hx + q +
    A'nu`` for the best equality multipliers ``nu``, bounds ``f(x) - f*`` from above (``A(x - y)
    = 0`` for feasible ``y``, and relaxing the equality only enlarges the maximum). It is zero
    exactly at a KKT point. The gap is relative to the size of the objective's terms, the
    infeasibility (box and equality) to the size of ``x``. An unbounded side of a variable's box
    is taken at distance ``max(1, max |x|)`` from ``x``, so there the gap measures the KKT
    violation in objective units rather than bounding it. Rows of ``A`` whose variables appear
    in no other row get their ``nu`` by an exact one-dimensional minimisation.

    Parameters
    ----------
    H : ndarray of shape (n, n)
        The quadratic term.
    q : ndarray of shape (n,)
        The linear term.
    x : ndarray of shape (n,)
        The answer to check.
    lb, ub : ndarray of shape (n,) or None, default=None
        The box (entries may be infinite; None: unbounded).
    A : ndarray of shape (m, n) or None, default=None
        The equality constraints (each variable in at most one row).
    b : ndarray of shape (m,) or float or None, default=None
        Their right-hand side (None: 0).
    where : str, default="qp"
        The formulation's name, for the message.

    Returns
    -------
    Certificate
        ``status`` 0 when the relative gap and the infeasibility are below
        :data:`CERTIFY_RTOL`, 1 otherwise, with the two measures and a message.
    """
    from ._result import Certificate  # noqa: PLC0415 (_result imports nothing from here)

    x = np.asarray(x, dtype=np.float64)
    n = x.shape[0]
    lb = np.full(n, -np.inf) if lb is None else np.broadcast_to(np.asarray(lb, float), (n,))
    ub = np.full(n, np.inf) if ub is None else np.broadcast_to(np.asarray(ub, float), (n,))
    reach = max(1.0, float(np.max(np.abs(x), initial=0.0)))
    below = np.where(np.isfinite(lb), x - lb, reach)  # room down to the lower bound
    above = np.where(np.isfinite(ub), ub - x, reach)  # room up to the upper bound
    infeasible = float(np.max(np.maximum(-below, 0.0) + np.maximum(-above, 0.0), initial=0.0))
    infeasible /= reach
    below, above = np.maximum(below, 0.0), np.maximum(above, 0.0)
    Hx = np.asarray(H, dtype=np.float64) @ x
    g = Hx + q
    loose = np.ones(n, dtype=bool)  # variables in no equality row
    gap = 0.0
    if A is not None:
        A = np.atleast_2d(np.asarray(A, dtype=np.float64))
        b = np.zeros(A.shape[0]) if b is None else np.broadcast_to(np.asarray(b, float), (len(A),))
        scale = max(float(np.max(np.abs(A) @ np.abs(x), initial=0.0)), np.finfo(float).tiny)
        infeasible = max(infeasible, float(np.max(np.abs(A @ x - b))) / scale)
        for a in A:
            gap += _row_gap(g, below, above, a)[1]
            loose &= a == 0
    gl = g[loose]
    gap += float(np.sum(np.where(gl > 0, gl * below[loose], -gl * above[loose])))
    size = max(abs(0.5 * float(x @ Hx)), abs(float(q @ x)), np.finfo(float).tiny)
    rel_gap = gap / size
    ok = rel_gap <= CERTIFY_RTOL and infeasible <= CERTIFY_RTOL
    message = (
        f"{where}: {'certified' if ok else 'NOT certified'} (relative duality gap {rel_gap:.2e}, "
        f"infeasibility {infeasible:.2e}, tolerance {CERTIFY_RTOL:g})"
    )
    return Certificate(status=0 if ok else 1, message=message, duality_gap=rel_gap,
                       infeasibility=infeasible)  # fmt: skip
