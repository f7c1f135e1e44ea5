r"""Derivatives of the catalogue kernels with respect to their first argument (Akaho 2002, 2).

The input-space margin needs, besides the kernel value ``k(x, y)``, the two objects of Akaho
(2002), section 2, that stand for the feature map's derivatives:

* ``k_x(x, y) = dk(x, y)/dx`` in ``R^m``, which replaces ``psi(x) . phi(y)``;
* ``K_xy(x, y) = d^2 k(x, y)/dx dy^T`` in ``R^{m x m}``, which replaces ``psi(x) . psi(y)^T``
  (for a symmetric kernel ``K_xy(y, x) = K_xy(x, y)^T``).

Closed forms (``u = x - y``; the catalogue's parameterisation, :mod:`svmbook.kernels`):

* ``linear()``: ``k_x = y``, ``K_xy = I``;
* ``polynomial(d, c, s)``: ``k_x = d s t^(d-1) y``,
  ``K_xy = d s t^(d-1) I + d (d-1) s^2 t^(d-2) y x^T``;
* ``rbf(gamma)``: ``k_x = -2 gamma u k``, ``K_xy = k (2 gamma I - 4 gamma^2 u u^T)``,

with ``t = s <x, y> + c`` for the polynomial; with ``gamma = 1 / (2 sigma^2)`` the Gaussian rows
read ``-u k / sigma^2`` and ``k (I / sigma^2 - u u^T / sigma^4)``.

The derivatives live here, beside the algorithm that is their only user, rather than in
:mod:`svmbook.kernels`: they read a catalogue :class:`~svmbook.kernels.Kernel`'s public ``kind``
and ``theta`` and take the kernel values from the kernel itself, so each kernel is still defined
once, and the catalogue that every solver imports stays free of what only this method needs.
The tensors of all pairs (``n_x * n_y * m^2`` numbers) are filled by numba loops.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._docstrings import shared_docs
from .._validation import check_option
from ..kernels import KIND_CODES, get_kernel

__all__ = [
    "DIFFERENTIABLE",
    "differentiable_kernel",
    "kernel_cross_hessian",
    "kernel_gradient",
    "kernel_tensors",
]

#: The catalogue kernels with derivatives here (names of :class:`~svmbook.kernels.Kernel`).
DIFFERENTIABLE = ("linear", "polynomial", "rbf")

#: The arguments every function below takes, documented once.
_pair_docs = shared_docs({
    "pair": """kernel : str or Kernel
    A differentiable catalogue kernel (:func:`differentiable_kernel`).
X : array-like of shape (n_x, m)
    The first arguments (the derivatives are taken in these).
Y : array-like of shape (n_y, m), default=None
    The second arguments (None: ``X``)."""
})  # fmt: skip

_LINEAR = KIND_CODES["linear"]
_POLYNOMIAL = KIND_CODES["polynomial"]
_RBF = KIND_CODES["rbf"]


@njit(cache=True)
def _gradient_tensor(kind, theta, X, Y, K):
    """``out[i, j] = k_x(X[i], Y[j])`` from the kernel values ``K`` (jitted)."""
    n_x, m = X.shape
    n_y = Y.shape[0]
    out = np.empty((n_x, n_y, m))
    for i in range(n_x):
        for j in range(n_y):
            if kind == _LINEAR:
                for a in range(m):
                    out[i, j, a] = Y[j, a]
            elif kind == _POLYNOMIAL:
                degree, coef0, scale = theta[0], theta[1], theta[2]
                t = coef0
                for a in range(m):
                    t += scale * X[i, a] * Y[j, a]
                c = degree * scale * t ** (degree - 1.0)
                for a in range(m):
                    out[i, j, a] = c * Y[j, a]
            else:  # _RBF
                c = -2.0 * theta[0] * K[i, j]
                for a in range(m):
                    out[i, j, a] = c * (X[i, a] - Y[j, a])
    return out


@njit(cache=True)
def _cross_hessian_tensor(kind, theta, X, Y, K):
    """``out[i, j] = K_xy(X[i], Y[j])`` from the kernel values ``K`` (jitted)."""
    n_x, m = X.shape
    n_y = Y.shape[0]
    out = np.zeros((n_x, n_y, m, m))
    for i in range(n_x):
        for j in range(n_y):
            if kind == _LINEAR:
                for a in range(m):
                    out[i, j, a, a] = 1.0
            elif kind == _POLYNOMIAL:
                degree, coef0, scale = theta[0], theta[1], theta[2]
                t = coef0
                for a in range(m):
                    t += scale * X[i, a] * Y[j, a]
                diag = degree * scale * t ** (degree - 1.0)
                # degree 1: the rank-one term vanishes (and t^(-1) may not exist)
                outer = 0.0
                if degree >= 2.0:
                    outer = degree * (degree - 1.0) * scale * scale * t ** (degree - 2.0)
                for a in range(m):
                    out[i, j, a, a] = diag
                    for b in range(m):
                        out[i, j, a, b] += outer * Y[j, a] * X[i, b]
            else:  # _RBF
                gamma = theta[0]
                k = K[i, j]
                for a in range(m):
                    ua = X[i, a] - Y[j, a]
                    for b in range(m):
                        ub = X[i, b] - Y[j, b]
                        out[i, j, a, b] = -4.0 * gamma * gamma * k * ua * ub
                    out[i, j, a, a] += 2.0 * gamma * k
    return out


def differentiable_kernel(kernel):
    """Return ``kernel`` as a catalogue :class:`~svmbook.kernels.Kernel` with derivatives here.

    Parameters
    ----------
    kernel : str or Kernel
        A :class:`~svmbook.kernels.Kernel` (linear, polynomial or rbf) or a name that
        :func:`~svmbook.kernels.get_kernel` resolves to one with its default parameters.

    Returns
    -------
    Kernel
        The kernel.

    Raises
    ------
    ValueError
        If the kernel is not one of :data:`DIFFERENTIABLE`.
    TypeError
        If ``kernel`` is neither a string nor a ``Kernel``.
    """
    kernel = get_kernel(kernel)
    check_option("kernel", kernel.name, DIFFERENTIABLE)
    return kernel


def _pair_inputs(kernel, X, Y):
    kernel = differentiable_kernel(kernel)
    X = kernel.check_input(X, "X")
    Y = X if Y is None else kernel.check_input(Y, "Y")
    if X.shape[1] != Y.shape[1]:
        raise ValueError(
            f"X and Y must have the same number of features, got {X.shape[1]} and {Y.shape[1]}"
        )
    return kernel, X, Y


@_pair_docs
def kernel_tensors(kernel, X, Y=None):
    """Return the kernel values and both first-argument derivatives, for all pairs of rows.

    Parameters
    ----------
    {pair}

    Returns
    -------
    K : ndarray of shape (n_x, n_y)
        ``k(X[i], Y[j])``, the catalogue's Gram matrix.
    Kx : ndarray of shape (n_x, n_y, m)
        ``k_x(X[i], Y[j])``.
    Kxy : ndarray of shape (n_x, n_y, m, m)
        ``K_xy(X[i], Y[j])``.
    """
    kernel, X, Y = _pair_inputs(kernel, X, Y)
    K = kernel(X, Y)
    return (
        K,
        _gradient_tensor(kernel.kind, kernel.theta, X, Y, K),
        _cross_hessian_tensor(kernel.kind, kernel.theta, X, Y, K),
    )


@_pair_docs
def kernel_gradient(kernel, X, Y=None):
    """Return ``k_x(x, y) = dk(x, y)/dx`` for all pairs of rows (Akaho 2002, section 2).

    Parameters
    ----------
    {pair}

    Returns
    -------
    ndarray of shape (n_x, n_y, m)
        ``out[i, j] = k_x(X[i], Y[j])``.
    """
    kernel, X, Y = _pair_inputs(kernel, X, Y)
    return _gradient_tensor(kernel.kind, kernel.theta, X, Y, kernel(X, Y))


@_pair_docs
def kernel_cross_hessian(kernel, X, Y=None):
    """Return ``K_xy(x, y) = d^2 k(x, y)/dx dy^T`` for all pairs of rows (Akaho 2002, sec. 2).

    Parameters
    ----------
    {pair}

    Returns
    -------
    ndarray of shape (n_x, n_y, m, m)
        ``out[i, j, a, b] = d^2 k / dx_a dy_b`` at ``(X[i], Y[j])`` (row index in ``X``'s
        coordinates, column index in ``Y``'s).
    """
    kernel, X, Y = _pair_inputs(kernel, X, Y)
    return _cross_hessian_tensor(kernel.kind, kernel.theta, X, Y, kernel(X, Y))
