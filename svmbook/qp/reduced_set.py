r"""Reduced-set selection by L1 shrinkage: the cvxopt QP of Nguyen (2006), eqs. (3.18)-(3.20).

A kernel expansion ``Psi = sum_i alpha_i Phi(x_i)`` is approximated by ``sum_i beta_i Phi(x_i)``
over the same vectors, most ``beta_i`` zero, by minimising

``E(beta) = ||Psi - sum_i beta_i Phi(x_i)||^2 + lambda sum_i c_i |beta_i|``,
``c_i = mean_j |alpha_j| / |alpha_i|`` (Nguyen's (3.18)),

so that small original weights are shrunk harder. With ``beta = beta+ - beta-``, ``beta+-  >= 0`` it
is the QP, Nguyen's (3.19)-(3.20), solved here; the thesis prints ``beta+ + beta-`` and ``> 0``
(``docs/errata.md#nguyen-2006-eq-3-19``) and lets the penalty's sum run to ``l`` instead of the
expansion's length (``docs/errata.md#nguyen-2006-eq-3-18``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_gram, check_interval, check_positive_array
from ._common import solve_scaled

__all__ = ["L1Result", "l1_reduced_set", "l1_weights"]


@dataclass(frozen=True)
class L1Result:
    """The solution of the L1 reduced-set QP.

    Attributes
    ----------
    beta : ndarray of shape (n,)
        The new weights ``beta+ - beta-``.
    objective : float
        ``E(beta)`` of Nguyen (2006), eq. (3.18), the constant ``alpha' K alpha`` included.
    support : ndarray of int
        Indices with ``|beta_i| > 1e-8 max |beta|``: the selected vectors.
    status : int
        0 when certified optimal (:func:`svmbook.qp._common.certify`), 1 otherwise.
    message : str
        cvxopt's status and the certificate, in words.
    n_iter : int
        Interior-point iterations.
    """

    beta: np.ndarray
    objective: float
    support: np.ndarray
    status: int
    message: str
    n_iter: int


def l1_weights(alpha):
    """Return the penalty weights ``c_i = mean_j |alpha_j| / |alpha_i|``, Nguyen (2006), eq. (3.18).

    The thesis's ``alpha-bar`` is "the mean of all alpha_i"; with signed weights that mean can be
    zero, so it is read as the mean of ``|alpha_i|``.

    Parameters
    ----------
    alpha : array-like of shape (n,)
        The expansion's signed weights, non-zero.

    Returns
    -------
    ndarray of shape (n,)
    """
    a = np.abs(np.asarray(alpha, dtype=np.float64))
    return a.mean() / a


def l1_reduced_set(K, alpha, lam, *, c=None):
    """Solve the L1 reduced-set QP, Nguyen (2006), eqs. (3.19)-(3.20), with cvxopt.

    It is the oracle of the fast solver.

    ``min_{beta+, beta- >= 0} (beta+ - beta-)' K (beta+ - beta-) + sum_j beta+_j (lam c_j - 2 (K
    alpha)_j) + beta-_j (lam c_j + 2 (K alpha)_j)``, which is ``E(beta) - alpha' K alpha``.

    Parameters
    ----------
    K : array-like of shape (n, n)
        The Gram matrix of the expansion's vectors.
    alpha : array-like of shape (n,)
        The expansion's signed weights.
    lam : float
        The penalty ``lambda``, ``>= 0``.
    c : array-like of shape (n,) or None, default=None
        Positive penalty weights; None: :func:`l1_weights` of ``alpha``.

    Returns
    -------
    L1Result
        The weights, ``E(beta)`` and the certificate.

    Raises
    ------
    ValueError
        If ``K`` is not a square Gram matrix of the length of ``alpha``, ``lam`` is negative or
        a weight is not positive.
    """
    alpha = np.asarray(alpha, dtype=np.float64)
    K = check_gram("K", K, alpha.shape[0])
    lam = check_interval("lam", lam, 0.0, np.inf, high_open=True)
    c = l1_weights(alpha) if c is None else check_positive_array("c", c)
    n = alpha.shape[0]
    Ka = K @ alpha
    H = 2.0 * np.block([[K, -K], [-K, K]])
    q = np.concatenate([lam * c - 2.0 * Ka, lam * c + 2.0 * Ka])
    where = "l1_reduced_set: Nguyen (2006), eqs. (3.19)-(3.20)"
    x, _, cert, n_iter = solve_scaled(H, q, lb=np.zeros(2 * n), ub=np.full(2 * n, np.inf),
                                      where=where)  # fmt: skip
    beta = x[:n] - x[n:]
    r = alpha - beta
    objective = float(r @ K @ r + lam * np.sum(c * np.abs(beta)))
    big = np.max(np.abs(beta), initial=0.0)
    return L1Result(
        beta=beta,
        objective=objective,
        support=np.flatnonzero(np.abs(beta) > 1e-8 * big) if big > 0 else np.empty(0, int),
        status=cert.status,
        message=cert.message,
        n_iter=n_iter,
    )
