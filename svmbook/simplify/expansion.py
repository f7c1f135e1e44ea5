r"""Kernel expansions ``Psi = sum_j beta_j Phi(z_j)`` and how far apart two of them are.

A trained SVM's normal vector is the expansion of its support vectors with signed weights
``alpha_i y_i`` (Nguyen 2006, (3.2)); a simplified machine replaces it by a shorter expansion
``Psi'`` (3.3) with the same threshold. This module holds what every simplification method
shares: the two kernels the merge step supports (:class:`MergeKernel`), the weights that best
fit a given set of vectors (Proposition 5), the squared distance ``F = ||Psi - Psi'||^2`` and its
gradient, and the marginal differences at the original support vectors (Definition 6).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._docstrings import shared_docs
from .._validation import check_int, check_interval, check_option, check_positive
from ..kernels import get_kernel

# the two expansions' parameters, documented once (svmbook._docstrings)
_ORIGINAL = """X : array-like of shape (n_x, n_features)
    The original vectors.
alpha : array-like of shape (n_x,)
    Their signed weights.
kernel : MergeKernel
    The kernel."""
_docs = shared_docs({
    "original": _ORIGINAL,
    "expansions": """Z : array-like of shape (n_z, n_features)
    The reduced vectors.
beta : array-like of shape (n_z,)
    Their weights.
""" + _ORIGINAL,
})  # fmt: skip

__all__ = [
    "MergeKernel",
    "check_targets",
    "distance2",
    "distance2_gradient",
    "marginal_differences",
    "refit_weights",
]


@dataclass(frozen=True)
class MergeKernel:
    """A kernel the bottom-up merge supports: Gaussian or homogeneous polynomial.

    Parameters
    ----------
    kind : {"rbf", "poly"}
        ``exp(-gamma ||x - y||^2)`` or ``(gamma x . y)^degree`` (scikit-learn's polynomial with
        ``coef0 = 0``; the linear kernel is ``degree = 1``, ``gamma = 1``).
    gamma : float, default=1.0
        The kernel's ``gamma``.
    degree : int, default=3
        The polynomial's degree (``kind="poly"``).

    Raises
    ------
    ValueError
        If ``kind`` is unknown or the parameter of the chosen kind is out of range.
    """

    kind: str
    gamma: float = 1.0
    degree: int = 3

    def __post_init__(self):
        """Validate the kind and its parameter; resolve the catalogue kernel it evaluates with."""
        check_option("kind", self.kind, ("rbf", "poly"))
        check_positive("gamma", self.gamma)
        if self.kind == "poly":
            check_int("degree", self.degree, 1)
            kernel = get_kernel("poly", degree=self.degree, gamma=self.gamma, coef0=0.0)
        else:
            kernel = get_kernel("rbf", gamma=self.gamma)
        object.__setattr__(self, "_kernel", kernel)  # frozen: set once here

    def __call__(self, A, B):
        """Return the kernel matrix ``K(A_i, B_j)`` (float64), by :mod:`svmbook.kernels`.

        Parameters
        ----------
        A : array-like of shape (n_a, n_features)
            Points.
        B : array-like of shape (n_b, n_features)
            Points.

        Returns
        -------
        ndarray of shape (n_a, n_b)
        """
        A = np.atleast_2d(np.asarray(A, dtype=np.float64))
        B = np.atleast_2d(np.asarray(B, dtype=np.float64))
        return np.asarray(self._kernel(A, B), dtype=np.float64)


@_docs
def refit_weights(Z, X, alpha, kernel):
    """Return the weights of ``Z`` that best fit the expansion of ``X``, Proposition 5.

    ``beta = (K^z)^{-1} K^{zx} alpha`` (3.48): the residual ``Psi - Psi'`` is then orthogonal to
    every ``Phi(z_j)``. ``K^z`` is singular when two ``z`` coincide (and ill-conditioned when
    they are close), so the system is solved in the least-squares sense (the minimum-norm
    solution of the same normal equations).

    Parameters
    ----------
    Z : array-like of shape (n_z, n_features)
        The reduced vectors.
    {original}

    Returns
    -------
    ndarray of shape (n_z,)
        The weights.
    """
    Kz = kernel(Z, Z)
    rhs = kernel(Z, X) @ np.asarray(alpha, dtype=np.float64)
    beta, *_ = np.linalg.lstsq(Kz, rhs, rcond=None)
    return beta


@_docs
def distance2(Z, beta, X, alpha, kernel):
    """Return ``F = ||sum_i alpha_i Phi(x_i) - sum_j beta_j Phi(z_j)||^2``.

    Parameters
    ----------
    {expansions}

    Returns
    -------
    float
        ``F >= 0`` (clipped at 0 against rounding).
    """
    alpha = np.asarray(alpha, dtype=np.float64)
    beta = np.asarray(beta, dtype=np.float64)
    F = alpha @ kernel(X, X) @ alpha - 2.0 * beta @ kernel(Z, X) @ alpha
    F += beta @ kernel(Z, Z) @ beta
    return max(float(F), 0.0)


@_docs
def distance2_gradient(Z, beta, X, alpha, kernel, *, psi2=None):
    """Return ``F`` and its gradients with respect to the reduced vectors and weights.

    ``dF/dbeta_j = -2 sum_s alpha_s K(z_j, x_s) + 2 sum_k beta_k K(z_j, z_k)``; for the
    Gaussian ``dK(z, y)/dz = 2 gamma K(z, y) (y - z)``, for ``(z . y)^p``
    ``p (z . y)^{p-1} y`` (with the self term ``K(z_j, z_j)`` differentiated in both
    arguments), Nguyen's Phase II (section 3.3.3); ``(gamma z . y)^p`` has the extra factor
    ``gamma``.

    Parameters
    ----------
    {expansions}
    psi2 : float, default=None
        ``||Psi||^2 = alpha' K(X, X) alpha`` if known (an optimiser calls this many times with
        the same ``X`` and ``alpha``); None computes it.

    Returns
    -------
    F : float
        :func:`distance2`.
    grad_Z : ndarray of shape (n_z, n_features)
        ``dF/dZ``.
    grad_beta : ndarray of shape (n_z,)
        ``dF/dbeta``.
    """
    Kzx, Kzz = kernel(Z, X), kernel(Z, Z)
    if psi2 is None:
        psi2 = float(alpha @ kernel(X, X) @ alpha)
    F = float(psi2 - 2.0 * beta @ Kzx @ alpha + beta @ Kzz @ beta)
    grad_beta = -2.0 * Kzx @ alpha + 2.0 * Kzz @ beta
    if kernel.kind == "rbf":
        # d/dz_j of -2 beta_j sum_s alpha_s K_js is -4 gamma beta_j sum_s alpha_s K_js (x_s - z_j)
        Wx = Kzx * alpha[None, :]
        Wz = Kzz * beta[None, :]
        grad_Z = -4.0 * kernel.gamma * beta[:, None] * (Wx @ X - Wx.sum(1)[:, None] * Z)
        grad_Z += 4.0 * kernel.gamma * beta[:, None] * (Wz @ Z - Wz.sum(1)[:, None] * Z)
    else:
        p, g = kernel.degree, kernel.gamma
        Dx = (g * Z @ X.T) ** (p - 1) * alpha[None, :]
        Dz = (g * Z @ Z.T) ** (p - 1) * beta[None, :]
        # the self term beta_j^2 K(z_j, z_j) contributes 2 p gamma beta_j^2 (...)^{p-1} z_j,
        # which the symmetric sum over k (k = j counted once, with both arguments) gives
        grad_Z = 2.0 * p * g * beta[:, None] * (Dz @ Z - Dx @ X)
    return max(F, 0.0), grad_Z, grad_beta


def marginal_differences(X_sv, alpha, Z, beta, kernel):
    """Return ``|f(x_s) - f'(x_s)|`` at the original support vectors, Definition 6 (3.52).

    With the same threshold in both machines it is ``|sum_i alpha_i K(x_i, x_s) - sum_j
    beta_j K(z_j, x_s)|``. Definition 6 calls ``d`` and ``d'`` distances to the two hyperplanes,
    but says ``d = 1`` at a free support vector and updates the difference by kernel values
    alone, so both are functional values ``f(x)``, not geometric distances; this is the reading
    taken here. Its maximum is the MMD (3.53).

    Parameters
    ----------
    X_sv : array-like of shape (n_sv, n_features)
        The original support vectors.
    alpha : array-like of shape (n_sv,)
        Their signed weights.
    Z : array-like of shape (n_z, n_features)
        The reduced vectors.
    beta : array-like of shape (n_z,)
        Their weights.
    kernel : MergeKernel
        The kernel.

    Returns
    -------
    ndarray of shape (n_sv,)
    """
    f = kernel(X_sv, X_sv) @ np.asarray(alpha, dtype=np.float64)
    g = kernel(X_sv, Z) @ np.asarray(beta, dtype=np.float64)
    return np.abs(f - g)


def check_targets(n_vectors, theta, n_sv):
    """Validate the stopping targets of a simplification: a size, an MMD threshold, or both.

    Parameters
    ----------
    n_vectors : int or None
        The size, ``1 <= n_vectors <= n_sv``.
    theta : float or None
        The MMD threshold, ``>= 0``.
    n_sv : int
        The expansion's length.

    Returns
    -------
    n_vectors : int or None
    theta : float or None

    Raises
    ------
    ValueError
        If both are None or one is out of range.
    """
    if n_vectors is None and theta is None:
        raise ValueError("give n_vectors (a size) or theta (an MMD threshold), or both")
    if n_vectors is not None:
        n_vectors = check_int("n_vectors", n_vectors, 1, n_sv)
    if theta is not None:
        theta = check_interval("theta", theta, 0.0, np.inf, high_open=True)
    return n_vectors, theta
