r"""The squared-slack QPs that the smooth SVMs tend to as ``beta -> inf``, solved with cvxopt.

Yeh et al. (2014), eq. (4): the SSVM before smoothing,

.. math::

    \min_{v, \xi}\ \tfrac12 v^\top v + \tfrac C2 \textstyle\sum_i \xi_i^2
    \quad\text{s.t.}\quad y_i E_i v + \xi_i \ge 1,\ \xi \ge 0,

with ``E = [K 1]`` and ``v = (w, b)``: the bias is regularised too. Equivalently (their (5)), ``min
1/2 v'v + C/2 sum_i (1 - y_i E_i v)_+^2``, which the SSVM (their (7)) approaches by ``p(., beta) ->
(.)_+``. The regression analogue has the squared epsilon-insensitive loss of their (20): ``min 1/2
v'v + C/2 sum_i |E_i v - y_i|_eps^2``, the limit of the epsilon-SSVR (their (22)/(23); not the
epsilon-SVR of their (14), whose loss is not squared and whose bias is free).

Both are solved in their duals, which need no slack variables (``xi >= 0`` is implied by
squaring): with ``G = E E' = K K' + 1 1'``,

* classification: ``min 1/2 a' (D G D + I/C) a - 1'a``, ``a >= 0``; ``v = E' D a``;
* regression: ``min 1/2 (a* - a)' G (a* - a) + (|a|^2 + |a*|^2) / (2C) - y'(a* - a)
  + eps 1'(a + a*)``, ``a, a* >= 0``; ``v = E' (a* - a)``.

The answer is returned in the smooth solvers' parametrisation ``(coef, intercept) = v``, so it
can be compared with :func:`svmbook.solvers.newton.newton_armijo` directly. Like every oracle of
:mod:`svmbook.qp`, it is polished and certified (``status`` 0 only when certified optimal).
These are oracles for small problems: ``G`` is ``n x n``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_labels_pm1, check_points, check_positive, check_targets
from ._common import kernel_scale, solve_scaled, warn_status

__all__ = ["SmoothQPResult", "squared_eps_svr", "squared_hinge_svm"]


@dataclass(frozen=True)
class SmoothQPResult:
    """The solution of a squared-slack QP in the parametrisation ``v = (coef, intercept)``.

    Attributes
    ----------
    coef : ndarray of shape (q,)
        ``w`` (or ``u``, ``ũ``): the decision function is ``K(x) coef + intercept``.
    intercept : float
        ``b``.
    alpha : ndarray of shape (n,) or (2n,)
        The dual variables (regression: ``a`` and ``a*`` stacked).
    objective : float
        The primal objective ``1/2 v'v + C/2 sum_i loss_i`` at ``v``.
    status : int
        0 when certified optimal, 1 otherwise (a ``ConvergenceWarning`` was issued).
    message : str
        cvxopt's status and the certificate, in words.
    n_iter : int
        Interior-point iterations.
    """

    coef: np.ndarray
    intercept: float
    alpha: np.ndarray
    objective: float
    status: int
    message: str
    n_iter: int


def _design(K, n):
    K = check_points("K", K, n_points=n)
    return K, K @ K.T + 1.0


def _result(K, v_dual, alpha, cert, n_iter, loss, C):
    coef = K.T @ v_dual
    intercept = float(v_dual.sum())
    objective = 0.5 * (coef @ coef + intercept**2) + 0.5 * C * float(loss(K @ coef + intercept))
    warn_status(cert)
    return SmoothQPResult(coef, intercept, alpha, objective, cert.status, cert.message, n_iter)


def squared_hinge_svm(K, y, C):
    """Solve the squared-hinge SVM (4)/(5) with the bias regularised: the SSVM at ``beta = inf``.

    Parameters
    ----------
    K : array-like of shape (n, q)
        The design without its column of ones (data, full or reduced kernel).
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    C : float
        The loss weight, ``> 0`` and finite.

    Returns
    -------
    SmoothQPResult
        ``(coef, intercept)`` and the certificate.
    """
    y = check_labels_pm1("y", y)
    K, G = _design(K, y.shape[0])
    C = check_positive("C", C)
    n = y.shape[0]
    Q = (y[:, None] * y[None, :]) * G
    a, _, cert, n_iter = solve_scaled(
        Q + np.eye(n) / C,
        -np.ones(n),
        lb=np.zeros(n),
        scale=min(C, 1.0 / kernel_scale(G)),
        where="squared_hinge_svm: Yeh et al. (2014), eq. (4)",
    )
    a = np.maximum(a, 0.0)

    def loss(f):
        return np.sum(np.maximum(1.0 - y * f, 0.0) ** 2)

    return _result(K, y * a, a, cert, n_iter, loss, C)


def squared_eps_svr(K, y, C, epsilon):
    """Solve the squared epsilon-insensitive regression: the epsilon-SSVR at ``beta = inf``.

    Parameters
    ----------
    K : array-like of shape (n, q)
        The design without its column of ones.
    y : array-like of shape (n,)
        Targets.
    C : float
        The loss weight, ``> 0`` and finite.
    epsilon : float
        The tube's half width, ``>= 0``.

    Returns
    -------
    SmoothQPResult
        ``(coef, intercept)``, ``alpha = (a, a*)`` and the certificate.
    """
    y = check_targets("y", y)
    K, G = _design(K, y.shape[0])
    C = check_positive("C", C)
    epsilon = check_positive("epsilon", epsilon, allow_zero=True)
    n = y.shape[0]
    H = np.block([[G, -G], [-G, G]]) + np.eye(2 * n) / C
    lin = np.concatenate([y + epsilon, epsilon - y])
    x, _, cert, n_iter = solve_scaled(
        H,
        lin,
        lb=np.zeros(2 * n),
        scale=min(C, 1.0 / kernel_scale(G)),
        where="squared_eps_svr: Yeh et al. (2014), eqs. (20), (22)",
    )
    x = np.maximum(x, 0.0)

    def loss(f):
        r = f - y
        return np.sum(np.maximum(r - epsilon, 0.0) ** 2 + np.maximum(-r - epsilon, 0.0) ** 2)

    return _result(K, x[n:] - x[:n], x, cert, n_iter, loss, C)
