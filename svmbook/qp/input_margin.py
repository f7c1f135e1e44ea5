r"""The QP step of Akaho's input-space margin algorithm, solved with cvxopt.

Akaho (2002), eqs. (8)-(9) and (21): with the linearised constraints ``omega . z_i >= g_i - f_0
y_i`` (Akaho's (5)) the dual is

.. math::

    \min_\alpha \tfrac12 \alpha^T Q \alpha - \hat g^T\alpha,\quad
    Q_{ij} = \mathbf z_i\cdot\mathbf z_j,\quad 0 \le \alpha_i \le C,\quad y^T\alpha = 0,

the SVM dual with another Hessian (still a Gram matrix, so positive semidefinite) and the
linear term ``-g`` in place of ``-1``. With ``z_i = y_i phi(x_i)`` and ``g = 1`` it is the SVM
dual (2.35)-(2.36) of Gunn (1998) (:func:`~svmbook.qp.svc_dual`). The bias is Akaho's (11), ``f_0 =
y_i (g_i - (Q alpha)_i)`` at the free multipliers (averaged; the KKT interval when there is
none).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_gram, check_labels_pm1, check_positive, check_positive_array
from ..thresholds import bias_from_bounds
from ._common import kernel_scale, solve_scaled, warn_status
from ._result import svtol

__all__ = ["MarginDualResult", "input_margin_dual"]


@dataclass(frozen=True)
class MarginDualResult:
    """Solution of the QP (8)-(9) (or (21)).

    Attributes
    ----------
    alpha : ndarray of shape (n,)
        The multipliers.
    b : float
        The bias ``f_0`` of (11).
    b_interval : tuple of float
        The KKT-consistent biases (``lo == hi == b`` when a free multiplier pins it).
    objective : float
        ``1/2 a'Qa - g'a`` (the negative of W in (8)).
    support : ndarray of int
        Indices with ``alpha > svtol(C)``.
    free : ndarray of int
        Support indices strictly inside the box.
    status : int
        0 when certified optimal (relative duality gap and infeasibility below 1e-6), else 1.
    message : str
        cvxopt's status and the certificate, in words.
    n_iter : int
        Interior-point iterations.
    """

    alpha: np.ndarray
    b: float
    b_interval: tuple
    objective: float
    support: np.ndarray
    free: np.ndarray
    status: int
    message: str
    n_iter: int


def input_margin_dual(Q, g, y, C=np.inf, *, warn=True):
    """Solve Akaho's dual (8)-(9) (hard margin) or (8), (21) (soft margin).

    Parameters
    ----------
    Q : array-like of shape (n, n)
        ``Q_ij = z_i . z_j`` (positive semidefinite).
    g : array-like of shape (n,)
        The linear term ``g_hat`` (6), all ``> 0``.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    C : float, default=np.inf
        The box; ``np.inf`` is the hard margin.
    warn : bool, default=True
        Warn (``ConvergenceWarning``) when the answer is not certified optimal.

    Returns
    -------
    MarginDualResult
        The multipliers, the bias (11) and the certificate.
    """
    y = check_labels_pm1("y", y)
    Q = check_gram("Q", Q, y.shape[0])
    n = y.shape[0]
    g = check_positive_array("g", g)
    if g.shape != (n,):
        raise ValueError(f"g must have shape ({n},), got {g.shape}")
    C = check_positive("C", C, allow_inf=True)
    scale = C if np.isfinite(C) else 1.0 / kernel_scale(Q)
    alpha, _, cert, n_iter = solve_scaled(
        Q, -g, lb=np.zeros(n), ub=np.full(n, C), A=y[None, :], scale=scale,
        where="input_margin_dual (8)-(9)",
    )  # fmt: skip
    if warn:
        warn_status(cert)
    alpha = np.clip(alpha, 0.0, C)
    tol = svtol(C) * (1.0 if np.isfinite(C) else max(1.0, float(alpha.max())))
    Qa = Q @ alpha
    est = y * (g - Qa)
    at0 = alpha <= tol
    free = ~at0 & (alpha < C - tol)
    at_c = ~at0 & ~free
    lows = np.where((at0 & (y > 0)) | (at_c & (y < 0)), est, -np.inf)
    highs = np.where((at0 & (y < 0)) | (at_c & (y > 0)), est, np.inf)
    b, interval = bias_from_bounds(est, free, lows, highs)
    return MarginDualResult(
        alpha, b, interval, float(0.5 * alpha @ Qa - g @ alpha), np.flatnonzero(~at0),
        np.flatnonzero(free), cert.status, cert.message, n_iter,
    )  # fmt: skip
