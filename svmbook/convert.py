r"""Conversions between the SVM parameterisations of Goodrich (2012), section 2.5.1.

The C-SVM (2.11)/(2.16) and the mu-SVM (2.20)/(2.26) give the same classifier: primed symbols are
the C-SVM's,

.. math::

    \mathbf w = \rho\mathbf w',\quad b = \rho b',\quad \xi_i = \rho\xi_i',\quad
    \mu = 2C\rho,\quad \rho = \frac{1}{\sum_i\alpha_i'},\quad \alpha_i = 2\alpha_i'\rho,

in the primal scale of (2.20), where ``w = 1/2 sum_i alpha_i y_i x_i`` (2.21). The results of
:func:`svmbook.qp.mu_svm_dual` use the nearest-point scale ``w = sum_i alpha_i y_i x_i`` (twice
the primal ``w``, ``b`` and ``rho``), so there ``rho_np = 2 rho = 2 / sum alpha'`` and
``C = mu / rho_np``; the functions below say which scale they take. The regularisation view
(2.10) has ``C = 1 / (2 lambda n)`` (errata p16).

Biases follow the package convention (``f = sum_i coef_i K(x_i, x) + b``, ``b`` added): every
relation above is linear, so it holds for the added bias as for the thesis's subtracted one.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._validation import check_option, check_positive, check_targets

__all__ = [
    "CSolution",
    "MuSolution",
    "c_solution_to_mu",
    "c_to_lambda",
    "c_to_mu",
    "lambda_to_c",
    "mu_solution_to_c",
    "mu_to_c",
]

_SCALES = ("nearest_point", "primal")


class MuSolution(NamedTuple):
    """A mu-SVM solution in the nearest-point scale (class sums of alpha are 1)."""

    mu: float
    alpha: np.ndarray
    b: float
    rho: float


class CSolution(NamedTuple):
    """A C-SVM solution (2.16): ``0 <= alpha' <= C``, ``f = sum alpha'_i y_i K + b'``."""

    C: float
    alpha: np.ndarray
    b: float


def mu_to_c(mu, rho, *, scale="nearest_point"):
    """Return the C of the C-SVM equivalent to a mu-SVM, ``C = mu / (2 rho)`` (section 2.5.1).

    Parameters
    ----------
    mu : float
        The mu-SVM's parameter.
    rho : float
        Its margin parameter, > 0.
    scale : {"nearest_point", "primal"}, default="nearest_point"
        ``"primal"``: rho of (2.20), ``C = mu / (2 rho)`` as printed. ``"nearest_point"``: rho as
        stored by :func:`svmbook.qp.mu_svm_dual` (twice the primal one), ``C = mu / rho``.

    Returns
    -------
    float

    Examples
    --------
    >>> mu_to_c(0.13, 0.379802423, scale="primal") == mu_to_c(0.13, 2 * 0.379802423)
    True
    """
    mu = check_positive("mu", mu)
    rho = check_positive("rho", rho)
    check_option("scale", scale, _SCALES)
    return mu / (2.0 * rho) if scale == "primal" else mu / rho


def c_to_mu(alpha_c, C):
    """Return the mu of the mu-SVM equivalent to a C-SVM solution, ``mu = 2 C / sum_i alpha'_i``.

    Parameters
    ----------
    alpha_c : array-like of shape (n_samples,)
        The C-SVM's dual solution alpha' (not all zero).
    C : float
        Its box bound.

    Returns
    -------
    float
    """
    return c_solution_to_mu(alpha_c, 0.0, C).mu


def _alpha(alpha, name):
    alpha = check_targets(name, alpha)
    if np.any(alpha < 0):
        raise ValueError(f"{name} must be >= 0")
    total = float(alpha.sum())
    if total <= 0:
        raise ValueError(f"{name} sums to 0: a solution has positive multipliers")
    return alpha, total


def c_solution_to_mu(alpha_c, b_c, C):
    """Rescale a C-SVM solution to the equivalent mu-SVM's (nearest-point scale).

    With ``S = sum alpha'``: ``mu = 2C / S``, ``alpha = 2 alpha' / S``, ``b = 2 b' / S`` and
    ``rho_np = 2 / S`` (the primal (2.20) rho is ``1 / S``).

    Parameters
    ----------
    alpha_c : array-like of shape (n_samples,)
        C-SVM multipliers alpha'.
    b_c : float
        C-SVM bias b' (added).
    C : float
        C-SVM box bound (``np.inf`` for the hard margin, which maps to the unreduced hulls).

    Returns
    -------
    MuSolution

    Examples
    --------
    >>> import numpy as np
    >>> sol = c_solution_to_mu(np.array([0.5, 1.5, 1.0, 1.0]), -0.5, 1.0)
    >>> sol.mu, sol.alpha.tolist(), sol.b, sol.rho
    (0.5, [0.25, 0.75, 0.5, 0.5], -0.25, 0.5)
    """
    alpha_c, S = _alpha(alpha_c, "alpha_c")
    C = check_positive("C", C, allow_inf=True)
    return MuSolution(mu=2.0 * C / S, alpha=2.0 * alpha_c / S, b=2.0 * float(b_c) / S, rho=2.0 / S)


def mu_solution_to_c(alpha, b, rho, mu):
    """Rescale a mu-SVM solution (nearest-point scale) to the equivalent C-SVM's.

    The solution is e.g. a :func:`svmbook.qp.mu_svm_dual` result's ``alpha``, ``b``, ``rho``.

    ``C = mu / rho``, ``alpha' = alpha / rho``, ``b' = b / rho`` (in the primal scale of (2.20):
    ``C = mu / (2 rho)``, ``alpha' = alpha / (2 rho)``).

    Parameters
    ----------
    alpha : array-like of shape (n_samples,)
    b : float
    rho : float
        > 0.
    mu : float

    Returns
    -------
    CSolution
    """
    alpha, _ = _alpha(alpha, "alpha")
    rho = check_positive("rho", rho)
    mu = check_positive("mu", mu, allow_inf=True)
    C = mu_to_c(mu, rho) if np.isfinite(mu) else np.inf
    return CSolution(C=C, alpha=alpha / rho, b=float(b) / rho)


def lambda_to_c(lam, n):
    """``C = 1 / (2 lambda n)``: the regularisation form (2.10) as a C-SVM (errata p16).

    Parameters
    ----------
    lam : float
        Regularisation weight lambda, > 0.
    n : int
        Number of training samples, > 0.

    Returns
    -------
    C : float
        The C-SVM's box bound ``1 / (2 lam n)``.

    Raises
    ------
    TypeError
        If ``lam`` or ``n`` is not a real number.
    ValueError
        If ``lam`` or ``n`` is not positive (or is NaN or infinite).

    Examples
    --------
    >>> lambda_to_c(0.01, 50)
    1.0
    """
    return _half_reciprocal("lam", lam, n)


def c_to_lambda(C, n):
    """Return the inverse of :func:`lambda_to_c`: ``lambda = 1 / (2 C n)``.

    Parameters
    ----------
    C : float
        The C-SVM's box bound, > 0.
    n : int
        Number of training samples, > 0.

    Returns
    -------
    lam : float
        The regularisation weight lambda of (2.10).

    Raises
    ------
    TypeError
        If ``C`` or ``n`` is not a real number.
    ValueError
        If ``C`` or ``n`` is not positive (or is NaN or infinite).

    Examples
    --------
    >>> c_to_lambda(1.0, 50)
    0.01
    """
    return _half_reciprocal("C", C, n)


def _half_reciprocal(name, value, n):
    """Return ``1 / (2 value n)`` after checking both factors: (2.10)'s map between C and lambda.

    The map is its own inverse, so one function serves both directions.
    """
    return 1.0 / (2.0 * check_positive(name, value) * check_positive("n", n))
