"""Reference support vector classification QPs, solved with cvxopt.

Gunn (1998), chapter 2 and Listing A.1.

Each function takes a Gram matrix ``K`` (``K[i, j] = K(x_i, x_j)``) and labels ``y`` in
{-1, +1}, solves one textbook problem as stated, and returns a :class:`~svmbook.qp.QPResult`. The
decision function is ``f(x) = sum_i coef[i] K(x_i, x) + b`` with ``coef = alpha * y``.

Printed errors of Gunn's report corrected here: his (2.38) reads ``K(x_i, x_r) + K(x_i, x_r)`` for
``K(x_i, x_r) + K(x_i, x_s)`` (docs/errata.md#gunn-1998-eq-2-38); his (2.39) omits ``y_i``
(docs/errata.md#gunn-1998-eq-2-39); his (A.3) omits the upper bound ``alpha_i <= C`` and (A.1)
writes ``min_x`` for ``min_alpha`` (docs/errata.md#gunn-1998-eq-a-6); the listings call
``svtol(alpha)`` where the toolbox takes ``svtol(C)`` (docs/errata.md#gunn-1998-listing-a-1-svtol).
"""

from __future__ import annotations

import warnings
from dataclasses import replace

import numpy as np
from cvxopt import matrix, solvers
from sklearn.exceptions import ConvergenceWarning

from .._validation import (
    check_gram,
    check_labels_pm1,
    check_option,
    check_points,
    check_positive,
)
from ..thresholds import bias_from_bounds
from ._common import certify, kernel_scale, solve_scaled, warn_status
from ._cvx import QP_OPTIONS, min_total_violation
from ._result import InfeasibleProblemError, QPResult, svtol

__all__ = ["hard_margin_primal", "l2_svc_dual", "svc_dual"]

_BIAS = ("explicit", "implicit")
_INFEASIBLE = ("raise", "ridge")
# Total hinge violation (LP optimum) above which the hard-margin problem is declared infeasible.
_FEASIBILITY_TOL = 1e-6


def _finish(alpha, K, y, C, *, bias, nu, certificate, n_iter, formulation, diag=0.0):
    """Build the result from ``alpha`` (classification): bias, support sets, norms, objective."""
    Q = (y[:, None] * y[None, :]) * K
    coef = alpha * y
    g = K @ coef
    tol = svtol(C)
    if np.isinf(C):
        free_mask = alpha > tol
    else:
        free_mask = (alpha > tol) & (alpha < C - tol)
    if bias == "implicit":
        b, b_interval, nu = 0.0, (0.0, 0.0), None
    elif np.any(diag):
        # Squared slack: every SV has y_i f(x_i) = 1 - alpha_i / C2, so every SV pins b.
        est = y * (1.0 - alpha * diag) - g
        at0 = alpha <= tol
        lows = np.where(at0 & (y > 0), est, -np.inf)
        highs = np.where(at0 & (y < 0), est, np.inf)
        b, b_interval = bias_from_bounds(est, ~at0, lows, highs)
    else:
        # KKT: alpha_i = 0 -> y_i f_i >= 1, alpha_i = C -> y_i f_i <= 1, free -> y_i f_i = 1.
        est = y - g
        at0 = alpha <= tol
        atC = ~at0 & ~free_mask
        lower = (at0 & (y > 0)) | (atC & (y < 0))
        upper = (at0 & (y < 0)) | (atC & (y > 0))
        lows = np.where(lower, est, -np.inf)
        highs = np.where(upper, est, np.inf)
        b, b_interval = bias_from_bounds(est, free_mask, lows, highs)
    w_norm2 = float(coef @ g)
    objective = float(0.5 * alpha @ (Q @ alpha) + 0.5 * np.sum(diag * alpha**2) - alpha.sum())
    return QPResult.assemble(
        alpha, coef, (b, b_interval, nu), free_mask, tol, w_norm2, (certificate, n_iter),
        formulation, objective=objective,
    )  # fmt: skip


def svc_dual(K, y, C=np.inf, *, bias="explicit", infeasible="raise", ridge=1e-10):
    r"""Soft-margin (or hard-margin) SVC dual, Gunn (1998), eqs. (2.35)-(2.36).

    In Gunn's matrix form (A.1)-(A.4):

    .. math::

        \min_\alpha \tfrac12 \alpha^T Q \alpha - \mathbf 1^T\alpha,\quad Q_{ij} = y_i y_j K_{ij},
        \quad 0 \le \alpha_i \le C,\quad y^T\alpha = 0 .

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix of the training points.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}, both present.
    C : float, default=np.inf
        Box bound. ``np.inf`` is the hard margin (Gunn's (2.14)-(2.16)).
    bias : {"explicit", "implicit"}, default="explicit"
        ``"explicit"`` keeps the equality constraint and computes b (Listing A.1: the average of
        ``y_i - sum_j alpha_j y_j K_ij`` over free SVs). ``"implicit"`` is Gunn's (2.39) (with the
        missing ``y_i`` restored): the bias lives inside the kernel, the equality constraint is
        dropped and b = 0.
    infeasible : {"raise", "ridge"}, default="raise"
        What to do when ``C=np.inf`` and no separating function exists (decided by an LP on the
        total hinge violation). ``"raise"`` raises :class:`InfeasibleProblemError`. ``"ridge"``
        reproduces Listing A.1, whose ``1e-10 * I`` added to the Hessian turns the unbounded dual
        into the dual of the squared-slack problem ``1/2 ||w||^2 + 1/(2 ridge) sum xi^2``: it
        returns :func:`l2_svc_dual` with ``C = 1 / ridge``. On feasible problems the ridge only
        perturbs the answer by O(ridge), so the exact hard-margin solution is returned.
    ridge : float, default=1e-10
        The listings' zero-order regularisation, used only as described under ``infeasible``.

    Returns
    -------
    QPResult
        ``coef = alpha * y``; ``objective = 1/2 a'Qa - 1'a`` (the negative of W in Gunn's (2.14)).

    Notes
    -----
    The problem is solved in ``u = alpha / C`` (box [0, 1]) when C is finite and in
    ``u = alpha * kappa`` (``kappa = max K_ii``) when C is infinite; cvxopt otherwise stalls at
    C = 1e5 and loses every digit at C = 1e-8 (Gunn's Table 2.2, Figs. 2.7 and 2.8). When no free SV
    exists the bias is not unique: ``b_interval`` is the whole optimal set and ``b`` its midpoint,
    as LIBSVM does (docs/errata.md#gunn-1998-sec-2-2-all-at-c); ``b_multiplier`` (the equality
    multiplier) is another point of the same set.

    Raises
    ------
    InfeasibleProblemError
        ``C=np.inf``, ``infeasible="raise"`` and the data are not separable in the feature space.
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    check_option("bias", bias, _BIAS)
    C = check_positive("C", C, allow_inf=True)
    check_option("infeasible", infeasible, _INFEASIBLE)
    ridge = check_positive("ridge", ridge)
    label = f"svc_dual: the SVC dual of Gunn (1998), eqs. (2.35)-(2.36), {bias} bias, C={C:g}"
    if np.isinf(C):
        total, s = min_total_violation(K, y, bias=bias)
        if total > _FEASIBILITY_TOL:
            if infeasible == "ridge":
                res = l2_svc_dual(K, y, 1.0 / ridge, bias=bias)
                return replace(
                    res,
                    formulation=label + f", infeasible: the ridge {ridge:g} of Gunn's (1998) "
                    f"listings, i.e. the squared-slack SVC dual with C = 1/ridge = {1.0 / ridge:g}",
                )
            worst = np.argsort(-s)[:5]
            with_bias = " with a bias" if bias == "explicit" else ""
            raise InfeasibleProblemError(
                "the hard-margin problem (C=inf) is infeasible: no function of the kernel's "
                f"feature space{with_bias} has y_i f(x_i) >= 1 for all i (the total violation "
                f"sum_i max(0, 1 - y_i f(x_i)) is at least {total:.6g}; most violated points "
                f"{worst.tolist()}). The dual, Gunn (1998), eq. (2.14), is unbounded. Use a finite "
                "C (soft margin) or infeasible='ridge' for the squared-slack semantics of Gunn's "
                "(1998) listings."
            )
    Q = (y[:, None] * y[None, :]) * K
    scale = C if np.isfinite(C) else 1.0 / kernel_scale(K)
    alpha, nu, cert, n_iter = solve_scaled(
        Q,
        -np.ones(y.shape[0]),
        lb=np.zeros(y.shape[0]),
        ub=np.full(y.shape[0], C),
        A=y[None, :] if bias == "explicit" else None,
        scale=scale,
        where="svc_dual",
    )
    alpha = np.clip(alpha, 0.0, C)
    warn_status(cert)
    res = _finish(alpha, K, y, C, bias=bias, nu=nu, certificate=cert, n_iter=n_iter,
                  formulation=label)  # fmt: skip
    if np.isinf(C):
        violation = float(np.max(1.0 - y * res.decision_function(K)))
        if violation > 1e-5:
            warnings.warn(
                f"svc_dual: the hard-margin solution violates y_i f(x_i) >= 1 by {violation:.3g}; "
                "the problem is feasible but badly conditioned. Scale the features or use a "
                "finite C.",
                ConvergenceWarning,
                stacklevel=2,
            )
    return res


def l2_svc_dual(K, y, C, *, bias="explicit"):
    r"""Squared-slack (L2) SVC dual: the problem Listing A.1's ``1e-10`` ridge solves.

    Primal convention: ``min 1/2 ||w||^2 + C/2 sum_i xi_i^2`` s.t. ``y_i f(x_i) >= 1 - xi_i`` (no
    ``xi >= 0`` needed). Its dual is

    .. math::

        \min_\alpha \tfrac12 \alpha^T (Q + I/C) \alpha - \mathbf 1^T\alpha,\quad \alpha \ge 0,
        \quad y^T\alpha = 0 \ \text{(explicit bias)},

    with ``xi_i = alpha_i / C``. So a ridge ``r`` added to the Hessian of Gunn's (A.1), as his
    Listing A.1 does with ``r = 1e-10``, is exactly this problem with ``C = 1 / r``.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    C : float
        Slack penalty (finite, > 0).
    bias : {"explicit", "implicit"}, default="explicit"
        As in :func:`svc_dual`.

    Returns
    -------
    QPResult
        Every support vector has ``y_i f(x_i) = 1 - alpha_i / C`` and pins b (``free`` =
        ``support``); ``objective = 1/2 a'(Q + I/C)a - 1'a``.
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    check_option("bias", bias, _BIAS)
    C = check_positive("C", C)
    n = y.shape[0]
    Q = (y[:, None] * y[None, :]) * K
    # alpha = C xi is O(C) when the data are not separable, O(1) when they are: scale by the
    # smaller unit.
    scale = min(C, 1.0 / kernel_scale(K))
    alpha, nu, cert, n_iter = solve_scaled(
        Q + np.eye(n) / C,
        -np.ones(n),
        lb=np.zeros(n),
        A=y[None, :] if bias == "explicit" else None,
        scale=scale,
        where="the squared-slack SVC dual",
    )
    alpha = np.maximum(alpha, 0.0)
    warn_status(cert)
    return _finish(
        alpha,
        K,
        y,
        np.inf,
        bias=bias,
        nu=nu,
        certificate=cert,
        n_iter=n_iter,
        formulation=f"the squared-slack SVC dual (Hessian Q + I/C), {bias} bias, C={C:g}",
        diag=1.0 / C,
    )


def hard_margin_primal(X, y):
    r"""Solve the linear hard-margin primal, Gunn (1998), eq. (2.7) subject to (2.4).

    ``min 1/2 ||w||^2`` s.t. ``y_i (<w, x_i> + b) >= 1``.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Training points (the linear kernel; no Gram matrix here, the primal needs the coordinates).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.

    Returns
    -------
    QPResult
        With ``w`` set (shape (n_features,)); ``alpha`` are the multipliers of Gunn's (2.4) returned
        by cvxopt (the dual variables of his (2.11)), ``coef = alpha * y``, ``b`` the primal bias
        (unique), and ``objective = 1/2 ||w||^2`` (primal value, equal to minus the dual objective).

    Raises
    ------
    InfeasibleProblemError
        The points are not linearly separable.
    """
    y = check_labels_pm1("y", y)
    X = check_points("X", X, n_points=y.shape[0])
    K = X @ X.T
    total, _ = min_total_violation(K, y, bias="explicit")
    if total > _FEASIBILITY_TOL:
        raise InfeasibleProblemError(
            "the hard-margin primal, Gunn (1998), eqs. (2.7)/(2.4), is infeasible: the points are "
            "not linearly separable "
            f"(smallest total hinge violation {total:.6g}). Use svc_dual with a finite C."
        )
    n, d = X.shape
    # Variables (w, b); b is unpenalised, so P is singular but [P; G] has full rank on separable
    # data.
    P = np.zeros((d + 1, d + 1))
    P[:d, :d] = np.eye(d)
    G = -y[:, None] * np.hstack([X, np.ones((n, 1))])
    sol = solvers.qp(
        matrix(P),
        matrix(np.zeros(d + 1)),
        matrix(G),
        matrix(-np.ones(n)),
        options=dict(QP_OPTIONS),
    )
    z = np.array(sol["x"]).ravel()
    w, b = z[:d], float(z[d])
    alpha = np.maximum(np.array(sol["z"]).ravel(), 0.0)
    # certified through the dual (Gunn's (2.14)) that the multipliers of his (2.4) solve
    where = f"hard_margin_primal (cvxopt status {sol['status']!r})"
    Q = (y[:, None] * y[None, :]) * K
    cert = certify(Q, -np.ones(n), alpha, lb=np.zeros(n), A=y[None, :], where=where)
    warn_status(cert)
    tol = svtol(np.inf)
    w_norm2 = float(w @ w)
    label = "hard_margin_primal: Gunn (1998), eq. (2.7) subject to (2.4), linear"
    solved = (cert, int(sol["iterations"]))
    return QPResult.assemble(
        alpha, alpha * y, (b, (b, b), None), alpha > tol, tol, w_norm2, solved, label, w=w
    )
