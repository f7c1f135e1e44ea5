r"""The smooth plus function of the smooth SVM and its derivatives (Yeh et al., RSVM review, eq. 6).

The plus function ``x_+ = max(x, 0)`` makes the squared-hinge SVM (5) once but not twice
differentiable. Lee and Mangasarian (2001) replace it by

.. math::

    p(x, \beta) = x + \frac1\beta \log(1 + e^{-\beta x}) = \frac1\beta \log(1 + e^{\beta x}),

the softplus scaled by the smoothing parameter ``beta > 0``. Facts the tests pin:

* ``x_+ < p(x, beta) <= x_+ + log(2) / beta``, with equality at ``x = 0``: ``p -> x_+``
  uniformly as ``beta -> inf``, with the gap ``log(2) / beta``;
* ``p'(x, beta) = sigma(beta x) = 1 / (1 + exp(-beta x))``, a smooth step function;
* ``p''(x, beta) = beta sigma(beta x) (1 - sigma(beta x))``.

``beta = np.inf`` is the limit itself: ``p = x_+``, ``p' = `` the step ``x_*`` (0 at 0) and
``p'' = 0``. ``p`` is evaluated as ``x_+ + log1p(exp(-beta |x|)) / beta`` (the logaddexp form
``logaddexp(0, beta x) / beta`` split at 0), which does not overflow where the printed form
``x + log(1 + exp(-beta x)) / beta`` does (``x = -1e4, beta = 10``: ``exp(1e5)`` is infinite),
and keeps ``p >= x_+`` exact in floating point (the correction added to ``x_+`` is never
negative).

The epsilon-insensitive versions (18)-(21): ``|x|_eps^2 = (x - eps)_+^2 + (-x - eps)_+^2`` (20)
and its smooth approximation ``p_eps^2(x, beta) = p(x - eps, beta)^2 + p(-x - eps, beta)^2`` (21),
which is positive even inside the tube and tends to ``|x|_eps^2`` as ``beta -> inf``.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from .._validation import check_positive

__all__ = [
    "eps_insensitive_sq",
    "plus",
    "smooth_eps_insensitive_sq",
    "smooth_plus",
    "smooth_plus_grad",
    "smooth_plus_hess",
]


def _beta(beta):
    return check_positive("beta", beta, allow_inf=True)


def plus(x):
    """Return the plus function ``x_+ = max(x, 0)``, element-wise (RSVM review, section 2.1).

    Parameters
    ----------
    x : array-like
        The arguments.

    Returns
    -------
    ndarray
        ``max(x, 0)``.
    """
    return np.maximum(np.asarray(x, dtype=np.float64), 0.0)


def smooth_plus(x, beta):
    """Return the smooth plus function ``p(x, beta) = log(1 + exp(beta x)) / beta`` (eq. 6).

    Parameters
    ----------
    x : array-like
        The arguments.
    beta : float
        The smoothing parameter, ``> 0``; ``np.inf`` gives the plus function itself.

    Returns
    -------
    ndarray
        ``p(x, beta)``, computed as ``x_+ + log1p(exp(-beta |x|)) / beta`` (no overflow).
    """
    beta = _beta(beta)
    x = np.asarray(x, dtype=np.float64)
    if np.isinf(beta):
        return plus(x)
    with np.errstate(over="ignore"):  # beta |x| = inf gives exp(-inf) = 0: the exact limit
        return plus(x) + np.log1p(np.exp(-beta * np.abs(x))) / beta


def smooth_plus_grad(x, beta):
    """Return ``p'(x, beta) = sigma(beta x)``, the smooth step function.

    Parameters
    ----------
    x : array-like
        The arguments.
    beta : float
        The smoothing parameter, ``> 0``; ``np.inf`` gives the step ``x_*`` (0 at ``x = 0``).

    Returns
    -------
    ndarray
        ``1 / (1 + exp(-beta x))``.
    """
    beta = _beta(beta)
    x = np.asarray(x, dtype=np.float64)
    if np.isinf(beta):
        return (x > 0).astype(np.float64)
    with np.errstate(over="ignore"):  # beta x = +-inf gives expit's exact limits 1 and 0
        return expit(beta * x)


def smooth_plus_hess(x, beta):
    """Return ``p''(x, beta) = beta sigma(beta x) (1 - sigma(beta x))``.

    Parameters
    ----------
    x : array-like
        The arguments.
    beta : float
        The smoothing parameter, ``> 0``; ``np.inf`` gives 0 (the plus function is piecewise
        linear; its curvature at 0 is a Dirac mass no array holds).

    Returns
    -------
    ndarray
        The second derivative.
    """
    beta = _beta(beta)
    x = np.asarray(x, dtype=np.float64)
    if np.isinf(beta):
        return np.zeros_like(x)
    with np.errstate(over="ignore"):  # beta x = +-inf: one factor is 0, the exact limit
        return beta * expit(beta * x) * expit(-beta * x)


def eps_insensitive_sq(x, epsilon):
    """Return the squared epsilon-insensitive loss ``|x|_eps^2`` through identity (20).

    Parameters
    ----------
    x : array-like
        The residuals.
    epsilon : float
        The tube's half width, ``>= 0``.

    Returns
    -------
    ndarray
        ``(x - eps)_+^2 + (-x - eps)_+^2``, which equals ``max(|x| - eps, 0)^2``.
    """
    epsilon = check_positive("epsilon", epsilon, allow_zero=True)
    x = np.asarray(x, dtype=np.float64)
    return plus(x - epsilon) ** 2 + plus(-x - epsilon) ** 2


def smooth_eps_insensitive_sq(x, epsilon, beta):
    """Return the smooth squared epsilon-insensitive loss ``p_eps^2(x, beta)`` of eq. (21).

    Parameters
    ----------
    x : array-like
        The residuals.
    epsilon : float
        The tube's half width, ``>= 0``.
    beta : float
        The smoothing parameter, ``> 0`` (``np.inf``: :func:`eps_insensitive_sq`).

    Returns
    -------
    ndarray
        ``p(x - eps, beta)^2 + p(-x - eps, beta)^2``.
    """
    epsilon = check_positive("epsilon", epsilon, allow_zero=True)
    x = np.asarray(x, dtype=np.float64)
    return smooth_plus(x - epsilon, beta) ** 2 + smooth_plus(-x - epsilon, beta) ** 2
