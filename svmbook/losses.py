"""Loss functions of support vector regression, as functions of the residual.

Gunn (1998), Chapter 5 and Fig. 5.1: (a) quadratic, (b) Laplace, (c) Huber, (d) Vapnik's
epsilon-insensitive loss. The residual is ``r = f(x) - y``; every function is vectorised over ``r``
and returns a float array of the same shape (a 0-d array for a scalar ``r``).
"""

import numpy as np

__all__ = [
    "loss_quadratic",
    "loss_laplace",
    "loss_huber",
    "loss_epsilon_insensitive",
]


def loss_quadratic(r):
    """Quadratic (least-squares) loss ``r**2``, Gunn (5.13), Fig. 5.1(a).

    Parameters
    ----------
    r : array-like
        Residuals ``f(x) - y``.

    Returns
    -------
    ndarray
        ``r**2``.
    """
    r = np.asarray(r, dtype=np.float64)
    return r * r


def loss_laplace(r):
    """Laplace (least absolute deviation) loss ``|r|``, Fig. 5.1(b).

    It is the epsilon-insensitive loss with ``epsilon = 0`` (Gunn 5.10-5.12).

    Parameters
    ----------
    r : array-like
        As in :func:`loss_quadratic`.

    Returns
    -------
    ndarray
        ``|r|``.
    """
    return np.abs(np.asarray(r, dtype=np.float64))


def loss_huber(r, delta=1.0):
    """Huber's loss as printed in Gunn (5.17), Fig. 5.1(c).

    ``r**2 / 2`` for ``|r| < delta`` and ``delta * |r| - delta**2 / 2`` otherwise: quadratic near
    zero, linear (robust) in the tails, continuous with a continuous derivative at
    ``|r| = delta``. Gunn writes the width as mu; it is ``delta`` here because ``mu`` is the
    mu-SVM's reduction parameter everywhere else in the package.

    Parameters
    ----------
    r : array-like
        Residuals ``f(x) - y``.
    delta : float, default=1.0
        Width of the quadratic zone; must be > 0.

    Returns
    -------
    ndarray
        The loss, e.g. ``loss_huber(0.5, 1.0) == 0.125`` and ``loss_huber(2.0, 1.0) == 1.5``.
    """
    delta = float(delta)
    if not delta > 0:
        raise ValueError(f"delta must be > 0, got {delta}")
    a = np.abs(np.asarray(r, dtype=np.float64))
    return np.where(a < delta, 0.5 * a * a, delta * a - 0.5 * delta * delta)


def loss_epsilon_insensitive(r, epsilon=0.5):
    """Vapnik's epsilon-insensitive loss ``max(0, |r| - epsilon)``, Gunn (5.4), Fig. 5.1(d).

    Parameters
    ----------
    r : array-like
        Residuals ``f(x) - y``.
    epsilon : float, default=0.5
        Half-width of the insensitive tube; must be >= 0 (``0`` gives the Laplace loss).

    Returns
    -------
    ndarray
        The loss, e.g. ``0`` at ``r = 0.3`` and ``0.5`` at ``r = 1.0`` for ``epsilon = 0.5``.
    """
    epsilon = float(epsilon)
    if not epsilon >= 0:
        raise ValueError(f"epsilon must be >= 0, got {epsilon}")
    a = np.abs(np.asarray(r, dtype=np.float64))
    return np.maximum(a - epsilon, 0.0)
