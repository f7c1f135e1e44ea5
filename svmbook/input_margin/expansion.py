r"""The discriminant of Algorithm 1: kernels and kernel derivatives at the foot estimates.

Akaho (2002), eq. (2): at every step the decision function is

.. math::

    f(\mathbf x) = \sum_j \{a_j k(\hat{\mathbf x}_j, \mathbf x)
                   + \mathbf b_j^\top \mathbf k_x(\hat{\mathbf x}_j, \mathbf x)\} + f_0,

the feature-space hyperplane ``omega = sum_j {a_j phi(c_j) + b_j^T psi(c_j)}`` (centres
``c_j``, the foot estimates) with bias ``f_0``. For a symmetric kernel its input-space gradient
is ``grad f(x) = sum_j {a_j k_x(x, c_j) + K_xy(x, c_j) b_j}`` and ``omega . omega = sum_j {a_j
p_j + b_j^T q_j}`` with ``p_j = f(c_j) - f_0`` and ``q_j = grad f(c_j)`` (section 3.3).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._docstrings import shared_docs
from .._validation import check_points, check_real
from .derivatives import differentiable_kernel, kernel_gradient, kernel_tensors

__all__ = ["KernelExpansion"]

#: The points every method evaluates at, documented once.
_points_docs = shared_docs({"points": "X : array-like of shape (n, m)\n    The points."})


@dataclass(frozen=True)
class KernelExpansion:
    """A decision function ``f`` of the form (2): coefficients on kernels and kernel derivatives.

    Attributes
    ----------
    kernel : Kernel
        A differentiable catalogue kernel (linear, polynomial or rbf).
    centres : ndarray of shape (n_centres, m)
        The basis points ``c_j`` (Algorithm 1: the foot estimates ``x_hat_j``).
    a : ndarray of shape (n_centres,)
        The coefficients of ``k(c_j, x)``.
    b : ndarray of shape (n_centres, m)
        The coefficients of ``k_x(c_j, x)`` (zero for an ordinary SVM).
    f0 : float
        The bias.
    """

    kernel: object
    centres: np.ndarray
    a: np.ndarray
    b: np.ndarray
    f0: float

    @classmethod
    def build(cls, kernel, centres, a, b=None, f0=0.0):
        """Return a validated expansion.

        Parameters
        ----------
        kernel : str or Kernel
            A differentiable catalogue kernel.
        centres : array-like of shape (n_centres, m)
            The basis points.
        a : array-like of shape (n_centres,)
            The coefficients of the kernels.
        b : array-like of shape (n_centres, m), default=None
            The coefficients of the kernel derivatives (None: zeros, an ordinary kernel
            expansion).
        f0 : float, default=0.0
            The bias.

        Returns
        -------
        KernelExpansion
            The expansion.
        """
        kernel = differentiable_kernel(kernel)
        centres = check_points("centres", centres)
        n, m = centres.shape
        a = check_points("a", np.reshape(np.asarray(a, dtype=np.float64), (-1, 1)), n_points=n)
        b = np.zeros((n, m)) if b is None else check_points("b", b, n_points=n, n_features=m)
        return cls(kernel, centres, a[:, 0].copy(), b, check_real("f0", f0))

    def _values(self, X, K):
        """``f`` at checked points ``X`` whose kernel values against the centres are ``K``."""
        # the b-terms take k_x(c_j, x): the derivative in the centre
        Kx_centre = kernel_gradient(self.kernel, self.centres, X)
        return K @ self.a + np.einsum("jia,ja->i", Kx_centre, self.b) + self.f0

    @_points_docs
    def value_and_gradient(self, X):
        """Return ``f`` and its input-space gradient at the rows of ``X``.

        Parameters
        ----------
        {points}

        Returns
        -------
        values : ndarray of shape (n,)
            ``f(X[i])``.
        gradients : ndarray of shape (n, m)
            ``grad f(X[i])``.
        """
        X = check_points("X", X, n_features=self.centres.shape[1])
        if not np.any(self.b):  # an ordinary expansion: no cross-Hessians needed
            K = self.kernel(X, self.centres)
            Kx = kernel_gradient(self.kernel, X, self.centres)
            gradients = np.einsum("ija,j->ia", Kx, self.a)
            return self._values(X, K), gradients
        K, Kx, Kxy = kernel_tensors(self.kernel, X, self.centres)
        gradients = np.einsum("ija,j->ia", Kx, self.a) + np.einsum("ijab,jb->ia", Kxy, self.b)
        return self._values(X, K), gradients

    @_points_docs
    def decision_function(self, X):
        """Return ``f(X[i])``.

        Parameters
        ----------
        {points}

        Returns
        -------
        ndarray of shape (n,)
            The decision values.
        """
        X = check_points("X", X, n_features=self.centres.shape[1])
        if X is self.centres:
            # the kernel evaluates K(X, X) by its symmetric path, whose Gaussian distances are
            # exactly 0 on the diagonal where the cross path's ||x||^2 + ||c||^2 - 2 x.c leaves a
            # rounding error: evaluate the centres as any other points, so the values do not
            # depend on the argument's identity (a pickled model's centres are a copy)
            X = X.copy()
        return self._values(X, self.kernel(X, self.centres))

    @_points_docs
    def hessian(self, X, step=1e-5):
        """Return the input-space Hessian of ``f`` by central differences of the exact gradient.

        The b-terms' Hessian would need third kernel derivatives; Proposition 1's stability
        test needs only its sign pattern against ``lambda``, which differences of the analytic
        gradient give to about ``step^2``.

        Parameters
        ----------
        {points}
        step : float, default=1e-5
            The difference step, relative to ``max(1, |x - c_bar|)`` per point (``c_bar`` the
            centres' mean: the step does not depend on where the origin is).

        Returns
        -------
        ndarray of shape (n, m, m)
            The symmetrised Hessians.
        """
        X = check_points("X", X, n_features=self.centres.shape[1])
        n, m = X.shape
        h = step * np.maximum(1.0, np.linalg.norm(X - self.centres.mean(axis=0), axis=1))
        H = np.empty((n, m, m))
        for a in range(m):
            shift = np.zeros((n, m))
            shift[:, a] = h
            plus, minus = X + shift, X - shift
            g_plus = self.value_and_gradient(plus)[1]
            g_minus = self.value_and_gradient(minus)[1]
            # divide by the step actually taken: x +- h rounds where |x| >> h
            H[:, :, a] = (g_plus - g_minus) / (plus[:, a] - minus[:, a])[:, None]
        return 0.5 * (H + H.transpose(0, 2, 1))

    def norm2(self):
        """Return ``omega . omega``, the squared feature-space norm of the hyperplane (``r``).

        Returns
        -------
        float
            ``sum_j {a_j p_j + b_j^T q_j}``.
        """
        values, gradients = self.value_and_gradient(self.centres)
        return float(self.a @ (values - self.f0) + np.sum(self.b * gradients))
