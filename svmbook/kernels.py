"""The kernel catalogue of Gunn (1998), chapter 3, as immutable :class:`Kernel` objects.

Every factory returns a :class:`Kernel`: a small immutable, hashable and picklable value
(scikit-learn clones estimators holding one). Calling it returns the Gram matrix::

    >>> import numpy as np
    >>> from svmbook.kernels import rbf
    >>> k = rbf(sigma=1.0)
    >>> k
    rbf(sigma=1.0)
    >>> K = k(np.array([[0.0], [1.0]]))
    >>> float(K[0, 1]) == float(np.exp(-0.5))
    True

Catalogue (Gunn 1998, ch. 3; ``x``, ``x'`` are rows of ``X`` and ``Y``):

==========================  =====================================================  ==========
factory                     kernel                                                 equation
==========================  =====================================================  ==========
``linear()``                ``<x, x'>``                                            --
``polynomial(d, c, s)``     ``(s <x, x'> + c)^d``                                  (3.4), (3.5)
``rbf(sigma | gamma)``      ``exp(-||x - x'||^2 / (2 sigma^2))``                   (3.6)
``erbf(sigma)``             ``exp(-||x - x'|| / (2 sigma^2))`` (not squared)       (3.7)
``mlp(scale, offset)``      ``tanh(scale <x, x'> + offset)`` (not PSD)             (3.8)
``fourier(N)``              ``prod_i sin((N + 1/2) d_i) / sin(d_i / 2)``           (3.9)
``spline(order, knots)``    finite / infinite spline, product over coordinates     (3.10)-(3.12)
``bspline(N)``              ``prod_i B_{2N+1}(x_i - x'_i)``                        (3.13)
``additive(k1, k2, ...)``   ``sum_j K_j(x, x')``                                   (3.14)
``tensor(k1, ..., kn)``     ``prod_i K_i(x_i, x'_i)``                              (3.15)
==========================  =====================================================  ==========

:func:`rbf_columns` evaluates Gaussian columns with one width per centre (the clustering reduced
kernel of the RSVM review's Algorithm 3): a matrix builder, not a :class:`Kernel`.

:func:`get_kernel` resolves scikit-learn's kernel names (``"linear"``, ``"poly"``, ``"rbf"``,
``"sigmoid"``) with scikit-learn's parameterisation, and the catalogue names.

Implicit bias
    ``Kernel.implicit_bias`` follows ``nobias`` in Gunn's MATLAB toolbox: it is ``False`` only for
    the linear and the MLP (sigmoid) kernels, which need an explicit bias ``b`` and the equality
    constraint ``sum_i alpha_i y_i = 0``. Every other kernel is taken to carry its own bias, and the
    toolbox then solves the SVM without the equality constraint and with ``b = 0`` (Gunn 1998,
    section 3.2 and eq. 2.39). For combinators, :func:`additive` has an implicit bias if any part
    has one and :func:`tensor` if every part has one.

Numba dispatch
    Element-wise kernels (everything but :func:`additive` and :func:`tensor`) expose an integer
    ``Kernel.kind`` and a float64 parameter vector ``Kernel.theta``. Jitted solvers evaluate kernel
    rows without Python through :func:`kernel_row` and :func:`kernel_rows`, passing ``kind`` and
    ``theta`` as plain arguments (numba freezes globals at compile time, so nothing is looked up
    from the ``Kernel`` object inside jitted code). Combinators have ``kind == -1``: they are not
    dispatchable and solvers must fall back to ``kernel(X, Y)`` (a full or partial Gram matrix).
    The jitted functions never validate; call :meth:`Kernel.check_input` first (it also rejects
    negative inputs for the infinite spline, whose closed form is not PSD there).

Errata and decisions (Gunn 1998, section 3.1; docs/errata.md#gunn-1998-eq-3-11 and
docs/errata.md#gunn-1998-toolbox-kernels):

    * (3.11) integrates over ``tau`` (printed ``tau_s``); on ``x, x' >= 0`` the integral over
      ``[0, inf)`` of the truncated powers equals the integral over ``[0, min(x, x')]``, which is
      what :func:`spline` computes in closed form for any order.
    * The toolbox Fourier kernel computes ``sin(N + 1/2) * d / sin(d / 2)`` (operator precedence
      bug) with diagonal ``2 sin(N + 1/2)``; it is not PSD. ``fourier(N, toolbox_bug=True)``
      reproduces it for demonstration only.
    * The toolbox B-spline omits the ``1 / (2N + 1)!`` normalisation: ``bspline(N,
      normalised=False)``.
    * The toolbox sigmoid divides the scale by the input dimension: ``mlp(divide_by_dim=True)``.

Far from the origin
    The Gaussian's ``||x - y||^2`` is taken as ``|x|^2 + |y|^2 - 2 <x, y>`` (one matrix product).
    Where ``gamma (max |x|^2 + max |y|^2)`` exceeds :data:`RBF_CENTRING_LIMIT` that cancels (at
    features of 1e7 every digit is lost), so both sets are first shifted by the mean of ``Y`` (of
    the training points, in a solver's rows), which changes no exact value; data near the origin
    keep the product on the points as given. Sparse input is not shifted (it would densify).

Sparse input
    The linear and RBF kernels (:data:`SPARSE_KINDS`) also take scipy.sparse matrices (converted
    to CSR with sorted indices). The Gram matrix is then computed from the sparse product; the
    solvers compute rows from the CSR arrays directly (:mod:`svmbook.solvers.cache`). Other
    kernels raise a ``TypeError`` on sparse input rather than densify it silently.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from numba import njit

from ._blas import blas_limit, threads_for
from ._validation import (
    check_bool,
    check_csr,
    check_instances,
    check_int,
    check_points,
    check_positive,
    check_positive_array,
    check_real,
)

__all__ = [
    "KIND_CODES",
    "RBF_CENTRING_LIMIT",
    "Kernel",
    "additive",
    "bspline",
    "erbf",
    "fourier",
    "get_kernel",
    "kernel_row",
    "kernel_rows",
    "linear",
    "mlp",
    "polynomial",
    "rbf",
    "rbf_columns",
    "row_sq_norms",
    "spline",
    "tensor",
]

# Integer codes of the dispatchable kernels (``Kernel.kind``). The layout of ``theta`` per code:
_LINEAR = 0  # theta = []
_POLYNOMIAL = 1  # theta = [degree, coef0, scale]
_RBF = 2  # theta = [gamma]
_ERBF = 3  # theta = [sigma]
_MLP = 4  # theta = [scale, offset, divide_by_dim (0/1)]
_FOURIER = 5  # theta = [order, toolbox_bug (0/1)]
_SPLINE_INFINITE = 6  # theta = [order]
_SPLINE_FINITE = 7  # theta = [order, tau_1, ..., tau_N]
_BSPLINE = 8  # theta = [order, normalised (0/1)]
_NOT_DISPATCHABLE = -1

#: Kernel codes that accept scipy.sparse input (linear and RBF: functions of <x, y> and norms).
SPARSE_KINDS = (_LINEAR, _RBF)

#: Public map from kernel name to ``Kernel.kind`` (combinators map to -1).
KIND_CODES = {
    "linear": _LINEAR,
    "polynomial": _POLYNOMIAL,
    "rbf": _RBF,
    "erbf": _ERBF,
    "mlp": _MLP,
    "fourier": _FOURIER,
    "spline": (_SPLINE_INFINITE, _SPLINE_FINITE),
    "bspline": _BSPLINE,
    "additive": _NOT_DISPATCHABLE,
    "tensor": _NOT_DISPATCHABLE,
}


# --------------------------------------------------------------------------------------------
# Jitted core. Inputs are float64 C-contiguous 2-D arrays, validated by the Python shell.
# --------------------------------------------------------------------------------------------


@njit(cache=True)
def _is_dot_kind(kind):
    """Kernels that are a function of <x, y> (and norms): computed from a matrix product."""
    return kind == _LINEAR or kind == _POLYNOMIAL or kind == _RBF or kind == _MLP


@njit(cache=True)
def _row_sq_norms(X):
    n = X.shape[0]
    out = np.empty(n)
    for i in range(n):
        s = 0.0
        for f in range(X.shape[1]):
            s += X[i, f] * X[i, f]
        out[i] = s
    return out


#: Where ``gamma (max |x|^2 + max |y|^2)`` exceeds this, the Gaussian's expansion
#: ``||x - y||^2 = |x|^2 + |y|^2 - 2 <x, y>`` is taken on points centred first. Its rounding error
#: in the exponent is a few ``eps`` times that product: below the limit about 1e-13 relative in the
#: kernel values (data near the origin keep the fast path unchanged), while features at 1e7 would
#: lose every digit of ``||x - y||^2`` to the cancellation.
RBF_CENTRING_LIMIT = 1e3


@njit(cache=True)
def _column_means(X):
    out = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        for f in range(X.shape[1]):
            out[f] += X[i, f]
    return out / max(X.shape[0], 1)


@njit(cache=True)
def _rbf_centred(gamma, X, Y):
    """Return ``(X, Y, |x|^2, |y|^2)`` for the expansion, centred on ``Y``'s mean if it cancels."""
    x_sq = _row_sq_norms(X)
    y_sq = _row_sq_norms(Y)
    if x_sq.size == 0 or y_sq.size == 0:
        return X, Y, x_sq, y_sq
    if gamma * (x_sq.max() + y_sq.max()) <= RBF_CENTRING_LIMIT:
        return X, Y, x_sq, y_sq
    # the Gaussian depends on x - y only: one shift of both sets changes no exact value
    c = _column_means(Y)
    Xc = X - c
    Yc = Y - c
    return Xc, Yc, _row_sq_norms(Xc), _row_sq_norms(Yc)


@njit(cache=True)
def _transform_dot(kind, theta, G, x_sq, y_sq, n_features):
    """Map inner products ``G = X Y^T`` to kernel values in place (element-wise kinds)."""
    if kind == _LINEAR:
        return
    if kind == _POLYNOMIAL:
        degree = np.int64(theta[0])
        coef0 = theta[1]
        scale = theta[2]
        for i in range(G.shape[0]):
            for j in range(G.shape[1]):
                G[i, j] = (scale * G[i, j] + coef0) ** degree
    elif kind == _RBF:
        gamma = theta[0]
        for i in range(G.shape[0]):
            for j in range(G.shape[1]):
                # ||x - y||^2 = |x|^2 + |y|^2 - 2 <x, y>; clip rounding below zero.
                d2 = max(x_sq[i] + y_sq[j] - 2.0 * G[i, j], 0.0)
                G[i, j] = -gamma * d2
        G[:, :] = np.exp(G)
    elif kind == _MLP:
        scale = theta[0]
        if theta[2] != 0.0:
            scale = scale / n_features
        offset = theta[1]
        G[:, :] = np.tanh(scale * G + offset)


@njit(cache=True)
def _fourier_1d(order, toolbox_bug, d):
    if toolbox_bug:
        # Gunn's toolbox: sin(N + 1/2) * d / sin(d / 2), diagonal 2 sin(N + 1/2).
        if d == 0.0:
            return 2.0 * math.sin(order + 0.5)
        return math.sin(order + 0.5) * d / math.sin(0.5 * d)
    # Dirichlet kernel sin((N + 1/2) d) / sin(d / 2) = 1 + 2 sum_k cos(k d): no 0/0 at d = 0.
    s = 1.0
    for k in range(1, order + 1):
        s += 2.0 * math.cos(k * d)
    return s


@njit(cache=True)
def _spline_polynomial_part(order, a, b):
    # sum_{r=0}^{order} (a b)^r, the part both spline kernels share
    ab = a * b
    s = 0.0
    p = 1.0
    for _ in range(order + 1):
        s += p
        p *= ab
    return s


@njit(cache=True)
def _spline_infinite_1d(order, a, b):
    s = _spline_polynomial_part(order, a, b)
    # int_0^m (a - t)^k (b - t)^k dt with m = min(a, b), delta = |a - b|; substitute u = m - t:
    # int_0^m u^k (u + delta)^k du = sum_j C(k, j) delta^(k - j) m^(k + j + 1) / (k + j + 1).
    # All terms are >= 0 for a, b >= 0, so there is no cancellation.
    m = min(a, b)
    delta = abs(a - b)
    binom = 1.0
    for j in range(order + 1):
        s += binom * delta ** (order - j) * m ** (order + j + 1) / (order + j + 1)
        binom = binom * (order - j) / (j + 1)
    return s


@njit(cache=True)
def _spline_finite_1d(order, theta, a, b):
    s = _spline_polynomial_part(order, a, b)
    for t in range(1, theta.shape[0]):
        ua = a - theta[t]
        ub = b - theta[t]
        if ua > 0.0 and ub > 0.0:  # (u)_+^k is 0 for u <= 0 (also for k = 0)
            s += (ua * ub) ** order
    return s


@njit(cache=True)
def _bspline_1d(order, normalised, d):
    # Centred cardinal B-spline of degree n = 2N + 1, support [-(N + 1), N + 1]:
    # B_n(x) = 1/n! sum_{r=0}^{n+1} (-1)^r C(n+1, r) (x + N + 1 - r)_+^n.
    # B_n is even; evaluating at x = -|d| keeps only the terms with r < N + 1 - |d|, so the
    # alternating sum never cancels to produce the zero outside the support.
    x = -abs(d)
    n = 2 * order + 1
    s = 0.0
    binom = 1.0
    sign = 1.0
    for r in range(n + 2):
        u = x + order + 1 - r
        if u <= 0.0:
            break
        s += sign * binom * u**n
        binom = binom * (n + 1 - r) / (r + 1)
        sign = -sign
    if normalised:
        for q in range(2, n + 1):
            s /= q
    return s


@njit(cache=True)
def _pair(kind, theta, X, i, Y, j):
    """K(X[i], Y[j]) for the coordinate-wise kinds (erbf, fourier, splines, bspline)."""
    n_features = X.shape[1]
    if kind == _ERBF:
        d2 = 0.0
        for f in range(n_features):
            diff = X[i, f] - Y[j, f]
            d2 += diff * diff
        return math.exp(-math.sqrt(d2) / (2.0 * theta[0] * theta[0]))
    order = np.int64(theta[0])
    v = 1.0
    if kind == _FOURIER:
        bug = theta[1] != 0.0
        for f in range(n_features):
            v *= _fourier_1d(order, bug, X[i, f] - Y[j, f])
    elif kind == _SPLINE_INFINITE:
        for f in range(n_features):
            v *= _spline_infinite_1d(order, X[i, f], Y[j, f])
    elif kind == _SPLINE_FINITE:
        for f in range(n_features):
            v *= _spline_finite_1d(order, theta, X[i, f], Y[j, f])
    elif kind == _BSPLINE:
        normalised = theta[1] != 0.0
        for f in range(n_features):
            v *= _bspline_1d(order, normalised, X[i, f] - Y[j, f])
    else:
        v = np.nan  # unreachable for validated kinds
    return v


@njit(cache=True)
def _gram(kind, theta, X, Y):
    """Gram matrix ``K[i, j] = k(X[i], Y[j])`` of a dispatchable kernel."""
    if _is_dot_kind(kind):
        x_sq = np.empty(0)
        y_sq = np.empty(0)
        if kind == _RBF:
            X, Y, x_sq, y_sq = _rbf_centred(theta[0], X, Y)
        G = np.dot(X, Y.T)
        _transform_dot(kind, theta, G, x_sq, y_sq, X.shape[1])
        return G
    G = np.empty((X.shape[0], Y.shape[0]))
    for i in range(X.shape[0]):
        for j in range(Y.shape[0]):
            G[i, j] = _pair(kind, theta, X, i, Y, j)
    return G


@njit(cache=True)
def _gram_symmetric(kind, theta, X):
    """Gram matrix ``K(X, X)``: half the evaluations, and exactly symmetric."""
    n = X.shape[0]
    if _is_dot_kind(kind):
        x_sq = np.empty(0)
        if kind == _RBF:
            X, _, x_sq, _ = _rbf_centred(theta[0], X, X)
        G = np.dot(X, X.T)
        for i in range(n):
            for j in range(i + 1, n):
                G[j, i] = G[i, j]
        if kind == _RBF:
            for i in range(n):
                G[i, i] = x_sq[i]  # so that ||x_i - x_i||^2 evaluates to exactly 0
        _transform_dot(kind, theta, G, x_sq, x_sq, X.shape[1])
        return G
    G = np.empty((n, n))
    for i in range(n):
        for j in range(i, n):
            G[i, j] = _pair(kind, theta, X, i, X, j)
            G[j, i] = G[i, j]
    return G


@njit(cache=True)
def _diag(kind, theta, X):
    out = np.empty(X.shape[0])
    if kind == _RBF or kind == _ERBF:
        out[:] = 1.0
        return out
    if _is_dot_kind(kind):
        G = _row_sq_norms(X).reshape(-1, 1)
        _transform_dot(kind, theta, G, np.empty(0), np.empty(0), X.shape[1])
        out[:] = G[:, 0]
        return out
    for i in range(X.shape[0]):
        out[i] = _pair(kind, theta, X, i, X, i)
    return out


@njit(cache=True)
def kernel_row(kind, theta, X, i, Y, out):
    """Write the kernel row ``out[j] = k(X[i], Y[j])`` for a dispatchable kernel (jitted).

    As :func:`kernel_rows` with ``rows = [i]``; ``out`` has shape (n_y,), float64, and is
    returned. No validation: use :meth:`Kernel.check_input` on ``X`` and ``Y`` beforehand.

    Parameters
    ----------
    kind, theta, X, Y
        As in :func:`kernel_rows`.
    i : int
        Index of the row's point in ``X``.
    out : ndarray of shape (n_y,), float64, C-contiguous
        Filled in place.

    Returns
    -------
    out : ndarray of shape (n_y,)
        The same array, ``out[j] = k(X[i], Y[j])``.
    """
    rows = np.empty(1, dtype=np.int64)
    rows[0] = i
    kernel_rows(kind, theta, X, rows, Y, out.reshape(1, -1))
    return out


@njit(cache=True)
def kernel_rows(kind, theta, X, rows, Y, out):
    """Write the kernel rows ``out[r, j] = k(X[rows[r]], Y[j])`` (jitted, batched).

    Parameters
    ----------
    kind : int
        ``Kernel.kind`` (must be >= 0).
    theta : ndarray of shape (n_theta,), float64
        ``Kernel.theta``.
    X : ndarray of shape (n_x, n_features), float64, C-contiguous
        The points the rows are taken from.
    rows : ndarray of shape (n_rows,), int64
        Rows of ``X``.
    Y : ndarray of shape (n_y, n_features), float64, C-contiguous
        The points the kernel is evaluated against.
    out : ndarray of shape (n_rows, n_y), float64
        Filled in place.

    Returns
    -------
    out : ndarray of shape (n_rows, n_y)
        The same array.

    Notes
    -----
    Inner-product kernels (linear, polynomial, rbf, mlp) use one matrix product for the batch.
    No validation: use :meth:`Kernel.check_input` on ``X`` and ``Y`` beforehand.
    """
    if _is_dot_kind(kind):
        Xr = X[rows]
        out[:, :] = _gram(kind, theta, Xr, Y)
        return out
    for r in range(rows.shape[0]):
        for j in range(Y.shape[0]):
            out[r, j] = _pair(kind, theta, X, rows[r], Y, j)
    return out


@njit(cache=True)
def row_sq_norms(X):
    """Squared Euclidean norms of the rows of ``X`` (the ones :func:`kernel_rows` uses).

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features), float64
        The points.

    Returns
    -------
    ndarray of shape (n_samples,), float64
        ``sum_f X[i, f]^2`` for each row ``i``.
    """
    return _row_sq_norms(X)


# --------------------------------------------------------------------------------------------
# Python shell: validation and the Kernel value type.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=True, repr=False)
class Kernel:
    """An immutable kernel function ``k(x, x')``; build one with a factory, e.g. ``rbf(1.0)``.

    Calling the kernel on data returns its Gram matrix. Instances compare equal when their name
    and parameters are equal; they are hashable and picklable.

    Attributes
    ----------
    name : str
        Catalogue name (``"linear"``, ``"polynomial"``, ``"rbf"``, ``"erbf"``, ``"mlp"``,
        ``"fourier"``, ``"spline"``, ``"bspline"``, ``"additive"``, ``"tensor"``).
    params : dict
        The parameters (a fresh copy on every access); e.g. ``{"sigma": 1.0, "gamma": 0.5}``.
    implicit_bias : bool
        Gunn's toolbox ``nobias`` semantics: True when the kernel carries its own bias, so the
        SVM is solved without the equality constraint (False for linear and mlp only).
    psd : bool
        True when the kernel is guaranteed positive semidefinite on its domain.
    kind : int
        Integer code for the jitted dispatcher (:func:`kernel_row`); -1 for combinators.
    theta : ndarray of shape (n_theta,)
        float64 parameter vector for the jitted dispatcher (a fresh array on every access).
    """

    name: str
    _items: tuple
    implicit_bias: bool
    psd: bool
    kind: int = _NOT_DISPATCHABLE
    _theta: tuple = field(default=(), compare=False)
    _repr: str = field(default="", compare=False)

    @property
    def params(self):
        """Dict of the kernel's parameters (a fresh copy)."""
        return dict(self._items)

    @property
    def theta(self):
        """Float64 parameter vector of the jitted dispatcher (a fresh array)."""
        return np.array(self._theta, dtype=np.float64)

    def __repr__(self):
        """Return the factory call that builds this kernel, e.g. ``rbf(gamma=0.5)``."""
        if self._repr:
            return self._repr
        args = ", ".join(f"{key}={value!r}" for key, value in self._items)
        return f"{self.name}({args})"

    # -- data handling ------------------------------------------------------------------

    def check_input(self, X, name="X"):
        """Validate data for this kernel and return it as float64 C-contiguous 2-D.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Input points. 1-D input is rejected (ambiguous between one sample and one feature).
        name : str, default="X"
            Name used in error messages.

        Returns
        -------
        X : ndarray of shape (n_samples, n_features), float64, C-contiguous

        Raises
        ------
        ValueError
            Not 2-D, NaN/inf, or outside the kernel's domain (the infinite spline needs
            ``X >= 0``: its closed form (Gunn 1998, eq. 3.12) is not PSD for negative inputs).
        TypeError
            Non-numeric data.
        """
        if sp.issparse(X):
            if self.kind not in SPARSE_KINDS:
                raise TypeError(
                    f"sparse {name} is supported by the linear and rbf kernels only, not by "
                    f"{self!r}; pass {name}.toarray() for this kernel"
                )
            return check_csr(name, X)
        X = check_points(name, X, allow_empty=True)
        if self.kind == _SPLINE_INFINITE and X.size and X.min() < 0:
            raise ValueError(
                f"spline kernel needs inputs >= 0 (the infinite spline, Gunn 1998 eq. 3.11-3.12, "
                f"is defined on [0, inf) and is not PSD for negative inputs); {name} has minimum "
                f"{X.min()}. Scale the data, e.g. to [0, 1]"
            )
        if self.name == "additive":
            for part in self.params["kernels"]:
                part.check_input(X, name)
        elif self.name == "tensor":
            parts = self.params["kernels"]
            if len(parts) != 1 and len(parts) != X.shape[1]:
                raise ValueError(
                    f"tensor kernel has {len(parts)} factors but {name} has {X.shape[1]} "
                    f"features; give one kernel per feature, or a single kernel for all"
                )
            for f in range(X.shape[1]):
                parts[0 if len(parts) == 1 else f].check_input(X[:, f : f + 1], name)
        return X

    def __call__(self, X, Y=None):
        """Gram matrix ``K[i, j] = k(X[i], Y[j])``.

        Parameters
        ----------
        X : array-like of shape (n_x, n_features)
        Y : array-like of shape (n_y, n_features), default=None
            ``None`` means ``Y = X``.

        Returns
        -------
        K : ndarray of shape (n_x, n_y), float64
        """
        X = self.check_input(X, "X")
        Y = X if Y is None else self.check_input(Y, "Y")
        if X.shape[1] != Y.shape[1]:
            raise ValueError(
                f"X and Y must have the same number of features, got {X.shape[1]} and {Y.shape[1]}"
            )
        # the dense products of the dot kernels run in BLAS: threads by the product's shape
        with blas_limit(threads_for(X.shape[0], Y.shape[0], X.shape[1])):
            return self._gram(X, Y)

    def _gram(self, X, Y):
        if sp.issparse(X) or sp.issparse(Y):
            return _sparse_gram(self.kind, self.theta, X, Y)
        if self.kind >= 0:
            if Y is X:
                return _gram_symmetric(self.kind, self.theta, X)
            return _gram(self.kind, self.theta, X, Y)
        parts = self.params["kernels"]
        if self.name == "additive":
            K = parts[0]._gram(X, Y)
            for part in parts[1:]:
                K = K + part._gram(X, Y)
            return K
        K = np.ones((X.shape[0], Y.shape[0]))
        for f in range(X.shape[1]):
            part = parts[0 if len(parts) == 1 else f]
            x_f = np.ascontiguousarray(X[:, f : f + 1])
            y_f = x_f if Y is X else np.ascontiguousarray(Y[:, f : f + 1])
            K *= part._gram(x_f, y_f)
        return K

    def diag(self, X):
        """Diagonal ``k(x_i, x_i)`` without forming the Gram matrix.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        d : ndarray of shape (n_samples,), float64
        """
        return self._diag(self.check_input(X, "X"))

    def _diag(self, X):
        if sp.issparse(X):
            sq = _sparse_sq_norms(X)
            return sq if self.kind == _LINEAR else np.ones(X.shape[0])
        if self.kind >= 0:
            return _diag(self.kind, self.theta, X)
        parts = self.params["kernels"]
        if self.name == "additive":
            d = parts[0]._diag(X)
            for part in parts[1:]:
                d = d + part._diag(X)
            return d
        d = np.ones(X.shape[0])
        for f in range(X.shape[1]):
            d *= parts[0 if len(parts) == 1 else f]._diag(np.ascontiguousarray(X[:, f : f + 1]))
        return d


def _sparse_sq_norms(X):
    """Squared row norms of a CSR (or dense) matrix, float64."""
    if sp.issparse(X):
        return np.asarray(X.multiply(X).sum(axis=1), dtype=np.float64).ravel()
    return np.einsum("ij,ij->i", X, X)


def _sparse_gram(kind, theta, X, Y):
    """Linear or RBF Gram matrix when ``X`` or ``Y`` is sparse (the other may be dense)."""
    G = X @ Y.T
    G = np.asarray(G.toarray() if sp.issparse(G) else G, dtype=np.float64)
    if kind == _LINEAR:
        return G
    D2 = _sparse_sq_norms(X)[:, None] + _sparse_sq_norms(Y)[None, :] - 2.0 * G
    return np.exp(-theta[0] * np.maximum(D2, 0.0))


# --------------------------------------------------------------------------------------------
# Factories: the catalogue.
# --------------------------------------------------------------------------------------------


def _dispatchable(name, kind, params, *, psd=True, implicit_bias=True, theta=None, text=""):
    """Return the :class:`Kernel` ``name`` that the jitted dispatcher evaluates as ``kind``.

    Parameters
    ----------
    name : str
        The catalogue name.
    kind : int
        The dispatcher's code.
    params : dict
        The checked parameters, in the factory's order.
    psd, implicit_bias : bool, default=True
        As the :class:`Kernel` attributes.
    theta : tuple of float, default=None
        The dispatcher's parameter vector (None: the values of ``params``).
    text : str, default=""
        The ``repr`` ("": the factory call with every parameter).

    Returns
    -------
    Kernel
        The kernel.
    """
    theta = params.values() if theta is None else theta
    return Kernel(
        name,
        tuple(params.items()),
        implicit_bias=implicit_bias,
        psd=psd,
        kind=kind,
        _theta=tuple(float(t) for t in theta),
        _repr=text,
    )


def linear():
    """Linear kernel ``k(x, x') = <x, x'>``.

    Needs an explicit bias (``implicit_bias=False``, toolbox ``nobias``).

    Returns
    -------
    kernel : Kernel
    """
    return Kernel("linear", (), implicit_bias=False, psd=True, kind=_LINEAR)


def polynomial(degree, coef0=1.0, scale=1.0):
    """Polynomial kernel ``k(x, x') = (scale <x, x'> + coef0)^degree`` (Gunn 1998, eq. 3.4-3.5).

    ``coef0=0`` is the homogeneous form (3.4); ``coef0=1, scale=1`` is (3.5), which Gunn prefers
    ("it avoids problems with the hessian becoming zero"). scikit-learn's ``"poly"`` is
    ``polynomial(degree, coef0=coef0, scale=gamma)``.

    Parameters
    ----------
    degree : int
        Degree ``d >= 1``.
    coef0 : float, default=1.0
        Additive constant.
    scale : float, default=1.0
        Multiplies the inner product.

    Returns
    -------
    kernel : Kernel
        ``psd`` is True when ``coef0 >= 0`` and ``scale >= 0``.
    """
    degree = check_int("degree", degree, 1, integral_float=True)
    coef0 = check_real("coef0", coef0)
    scale = check_real("scale", scale)
    params = {"degree": degree, "coef0": coef0, "scale": scale}
    return _dispatchable("polynomial", _POLYNOMIAL, params, psd=coef0 >= 0 and scale >= 0)


def rbf(sigma=None, gamma=None):
    """Gaussian RBF kernel ``k(x, x') = exp(-||x - x'||^2 / (2 sigma^2))`` (Gunn 1998, eq. 3.6).

    Give exactly one of ``sigma`` (Gunn's width) or ``gamma = 1 / (2 sigma^2)`` (scikit-learn's
    parameter); ``params`` holds both.

    Parameters
    ----------
    sigma : float, optional
        Width, > 0.
    gamma : float, optional
        Inverse squared width, > 0.

    Returns
    -------
    kernel : Kernel
    """
    if (sigma is None) == (gamma is None):
        raise ValueError(
            f"rbf needs exactly one of sigma or gamma = 1/(2 sigma^2), got sigma={sigma!r}, "
            f"gamma={gamma!r}"
        )
    if sigma is not None:
        sigma = check_positive("sigma", sigma)
        gamma = 1.0 / (2.0 * sigma * sigma)
        text = f"rbf(sigma={sigma!r})"
    else:
        gamma = check_positive("gamma", gamma)
        sigma = math.sqrt(1.0 / (2.0 * gamma))
        text = f"rbf(gamma={gamma!r})"
    if not (math.isfinite(gamma) and gamma > 0 and math.isfinite(sigma) and sigma > 0):
        raise ValueError(f"sigma={sigma!r} / gamma={gamma!r} overflow; choose a moderate width")
    return _dispatchable("rbf", _RBF, {"sigma": sigma, "gamma": gamma}, theta=(gamma,), text=text)


def rbf_columns(X, centres, gamma):
    """Gaussian kernel columns with one width per centre: ``exp(-gamma_j ||x_i - c_j||^2)``.

    Not a kernel function (it is not symmetric in its arguments): the reduced kernel of the
    clustering RSVM, whose centres each carry their own width (Yeh et al., RSVM review,
    Algorithm 3). With every ``gamma_j`` equal it is ``rbf(gamma=gamma)(X, centres)``.

    Parameters
    ----------
    X : array-like of shape (n, n_features)
        The points (rows).
    centres : array-like of shape (m, n_features)
        The centres (columns).
    gamma : float or array-like of shape (m,)
        The inverse squared widths ``1 / (2 sigma_j^2)``, ``> 0``.

    Returns
    -------
    ndarray of shape (n, m), float64
        The kernel values.

    Raises
    ------
    ValueError
        If the shapes disagree, an input is not finite or a width is not positive.
    """
    X = check_points("X", X)
    centres = check_points("centres", centres, n_features=X.shape[1])
    gamma = np.broadcast_to(check_positive_array("gamma", gamma), (centres.shape[0],))
    X, centres, x_sq, c_sq = _rbf_centred(float(gamma.max()), X, centres)
    with blas_limit(threads_for(X.shape[0], centres.shape[0], X.shape[1])):
        G = X @ centres.T
    d2 = x_sq[:, None] + c_sq[None, :] - 2.0 * G
    np.maximum(d2, 0.0, out=d2)  # clip the rounding of |x|^2 + |c|^2 - 2 <x, c> below zero
    d2 *= -gamma[None, :]
    return np.exp(d2, out=d2)


def erbf(sigma):
    """Exponential RBF kernel ``k(x, x') = exp(-||x - x'|| / (2 sigma^2))`` (Gunn 1998, eq. 3.7).

    The distance is **not** squared (a Laplacian kernel); SVM solutions are piecewise linear.

    Parameters
    ----------
    sigma : float
        Width, > 0.

    Returns
    -------
    kernel : Kernel
    """
    sigma = check_positive("sigma", sigma)
    return _dispatchable("erbf", _ERBF, {"sigma": sigma})


def mlp(scale=1.0, offset=-1.0, divide_by_dim=False):
    """MLP (sigmoid) kernel ``k(x, x') = tanh(scale <x, x'> + offset)`` (Gunn 1998, eq. 3.8).

    Valid "for certain values" of the parameters only: not PSD in general (``psd=False``).
    scikit-learn's ``"sigmoid"`` is ``mlp(scale=gamma, offset=coef0)``. Needs an explicit bias
    (``implicit_bias=False``, toolbox ``nobias``).

    Parameters
    ----------
    scale : float, default=1.0
        ``rho`` in (3.8).
    offset : float, default=-1.0
        ``varrho`` in (3.8).
    divide_by_dim : bool, default=False
        True reproduces Gunn's toolbox, which uses ``scale / n_features``.

    Returns
    -------
    kernel : Kernel
    """
    scale = check_real("scale", scale)
    offset = check_real("offset", offset)
    divide_by_dim = check_bool("divide_by_dim", divide_by_dim)
    params = {"scale": scale, "offset": offset, "divide_by_dim": divide_by_dim}
    return _dispatchable("mlp", _MLP, params, psd=False, implicit_bias=False)


def fourier(order, toolbox_bug=False):
    """Fourier (Dirichlet) kernel, product over coordinates (Gunn 1998, eq. 3.9).

    Per coordinate, with ``d = x_i - x'_i``::

        sin((N + 1/2) d) / sin(d / 2) = 1 + 2 sum_{k=1}^{N} cos(k d),

    which is ``2N + 1`` at ``d = 0``: the inner product of the ``2N + 1`` features
    ``{1, sqrt(2) cos(k x), sqrt(2) sin(k x)}``. It is evaluated by the cosine sum (no 0/0).
    Gunn gives the domain ``[-pi/2, pi/2]``.

    Parameters
    ----------
    order : int
        ``N >= 0``.
    toolbox_bug : bool, default=False
        True reproduces Gunn's MATLAB toolbox, which by operator precedence computes
        ``sin(N + 1/2) * d / sin(d / 2)`` with diagonal ``2 sin(N + 1/2)`` (-0.701566 for N = 3).
        That function is not PSD (``psd=False``); for demonstration only.

    Returns
    -------
    kernel : Kernel
    """
    order = check_int("order", order, 0, integral_float=True)
    toolbox_bug = check_bool("toolbox_bug", toolbox_bug)
    params = {"order": order, "toolbox_bug": toolbox_bug}
    return _dispatchable("fourier", _FOURIER, params, psd=not toolbox_bug)


def spline(order=1, knots=None):
    """Spline kernel of order ``kappa``, product over coordinates (Gunn 1998, eq. 3.10-3.12).

    Per coordinate:

    * ``knots=None``: the infinite spline (3.11), for ``x, x' >= 0``::

          sum_{r=0}^{kappa} x^r x'^r + int_0^{min(x, x')} (x - t)^kappa (x' - t)^kappa dt,

      evaluated in closed form for every order. For ``kappa = 1`` this is (3.12),
      ``1 + x x' + x x' m / 2 - m^3 / 6`` with ``m = min(x, x')`` (Gunn's toolbox ``'spline'``).
      Negative inputs raise ``ValueError``: the formula is not PSD there.
    * ``knots=(tau_1, ..., tau_N)``: the finite spline (3.10)::

          sum_{r=0}^{kappa} x^r x'^r + sum_s (x - tau_s)_+^kappa (x' - tau_s)_+^kappa,

      PSD for all real inputs (an explicit feature map); ``(u)_+^0`` is the step ``u > 0``.

    Parameters
    ----------
    order : int, default=1
        ``kappa >= 0``.
    knots : array-like of shape (n_knots,), optional
        Finite knots; None for the infinite spline.

    Returns
    -------
    kernel : Kernel
    """
    order = check_int("order", order, 0, integral_float=True)
    if knots is None:
        params = {"order": order, "knots": None}
        return _dispatchable("spline", _SPLINE_INFINITE, params, theta=(order,))
    arr = np.asarray(knots)
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"knots must be a 1-D array of real numbers, got dtype {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(f"knots must be 1-D, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError("knots must be finite")
    knots = tuple(float(t) for t in arr)
    params = {"order": order, "knots": knots}
    return _dispatchable("spline", _SPLINE_FINITE, params, theta=(order, *knots))


def bspline(order, normalised=True):
    """B-spline kernel ``prod_i B_{2N+1}(x_i - x'_i)`` (Gunn 1998, eq. 3.13).

    ``B_n`` is the centred cardinal B-spline of degree ``n = 2N + 1`` (support
    ``[-(N + 1), N + 1]``)::

        B_n(x) = 1/n! sum_{r=0}^{n+1} (-1)^r C(n+1, r) (x + (n+1)/2 - r)_+^n.

    ``B_{2N+1} = B_N * B_N``, whose Fourier transform ``sinc^{2N+2} >= 0``: PSD. Gunn gives the
    domain ``[-1, 1]``. ``B(0)`` is 1, 2/3, 0.55, 0.479365 for N = 0..3. The evaluation is exact
    for small N; rounding grows with N (alternating sum), about 1e-12 relative at N = 5.

    Parameters
    ----------
    order : int
        ``N >= 0``.
    normalised : bool, default=True
        False multiplies by ``(2N + 1)!``, as Gunn's toolbox does (``K(x, x)`` = 1, 4, 66, 2416
        for N = 0..3). The scale matters for finite ``C``.

    Returns
    -------
    kernel : Kernel
    """
    order = check_int("order", order, 0, integral_float=True)
    normalised = check_bool("normalised", normalised)
    return _dispatchable("bspline", _BSPLINE, {"order": order, "normalised": normalised})


def _combinator(name, kernels, bias_rule):
    """Return the :class:`Kernel` of a sum or product of ``kernels`` (PSD if every part is).

    ``bias_rule`` (``any`` or ``all``) turns the parts' ``implicit_bias`` flags into the whole's.
    """
    kernels = check_instances(name, kernels, Kernel)
    return Kernel(
        name,
        (("kernels", kernels),),
        implicit_bias=bias_rule(k.implicit_bias for k in kernels),
        psd=all(k.psd for k in kernels),
        _repr=name + "(" + ", ".join(repr(k) for k in kernels) + ")",
    )


def additive(*kernels):
    """Sum kernel ``k(x, x') = sum_j K_j(x, x')`` (Gunn 1998, eq. 3.14).

    Not dispatchable (``kind == -1``): solvers call it for Gram blocks.

    Parameters
    ----------
    *kernels : Kernel
        One or more kernels, each applied to the full input vector.

    Returns
    -------
    kernel : Kernel
        PSD if every part is; implicit bias if any part has one.
    """
    return _combinator("additive", kernels, any)


def tensor(*kernels):
    """Tensor-product kernel ``k(x, x') = prod_i K_i(x_i, x'_i)`` (Gunn 1998, eq. 3.15).

    Kernel ``i`` acts on coordinate ``i``; the number of kernels must equal ``n_features``. A
    single kernel is applied to every coordinate. Not dispatchable (``kind == -1``).

    Parameters
    ----------
    *kernels : Kernel
        Univariate kernels, one per feature, or one for all.

    Returns
    -------
    kernel : Kernel
        PSD if every part is; implicit bias if every part has one.
    """
    return _combinator("tensor", kernels, all)


_CATALOGUE = {
    "erbf": erbf,
    "mlp": mlp,
    "fourier": fourier,
    "spline": spline,
    "bspline": bspline,
}
_SKLEARN_NAMES = ("linear", "poly", "rbf", "sigmoid")
VALID_NAMES = _SKLEARN_NAMES + tuple(_CATALOGUE)


def get_kernel(kernel, *, degree=3, gamma=1.0, coef0=0.0, **params):
    """Resolve a kernel name (scikit-learn's or the catalogue's) to a :class:`Kernel`.

    scikit-learn names use scikit-learn's parameterisation:

    * ``"linear"``: :func:`linear`;
    * ``"poly"``: ``polynomial(degree, coef0=coef0, scale=gamma)``;
    * ``"rbf"``: ``rbf(gamma=gamma)``, or ``rbf(sigma=sigma)`` if ``sigma`` is given;
    * ``"sigmoid"``: ``mlp(scale=gamma, offset=coef0)``.

    Catalogue names (``"erbf"``, ``"mlp"``, ``"fourier"``, ``"spline"``, ``"bspline"``) call
    their factory with ``**params`` and ignore ``degree``, ``gamma`` and ``coef0``. A
    :class:`Kernel` passes through unchanged. (The polynomial is reached through ``"poly"``, or
    pass ``polynomial(...)`` itself.)

    Parameters
    ----------
    kernel : str or Kernel
    degree : int, default=3
    gamma : float, default=1.0
        Already resolved (scikit-learn's ``"scale"``/``"auto"`` belong to the estimator).
    coef0 : float, default=0.0
    **params
        Keyword parameters of a catalogue factory.

    Returns
    -------
    kernel : Kernel

    Raises
    ------
    ValueError
        Unknown name, ``"precomputed"`` or a callable (both handled by the estimators).
    TypeError
        ``kernel`` of another type, or unexpected ``params``.
    """
    if isinstance(kernel, Kernel):
        return kernel
    if callable(kernel) or (isinstance(kernel, str) and kernel == "precomputed"):
        raise ValueError(
            f"kernel={kernel!r}: 'precomputed' kernels and callables are handled by the "
            f"estimators (pass the Gram matrix, or let the estimator call the function); "
            f"get_kernel resolves only names in {VALID_NAMES} and Kernel objects"
        )
    if not isinstance(kernel, str):
        raise TypeError(f"kernel must be a str or a Kernel, got {type(kernel).__name__}")
    if kernel in _CATALOGUE:
        return _CATALOGUE[kernel](**params)
    if kernel not in _SKLEARN_NAMES:
        raise ValueError(f"unknown kernel {kernel!r}; valid names are {VALID_NAMES}")
    sigma = params.pop("sigma", None) if kernel == "rbf" else None
    if params:
        raise TypeError(f"kernel={kernel!r} takes no parameters {sorted(params)}")
    if kernel == "linear":
        return linear()
    if kernel == "poly":
        return polynomial(degree, coef0=coef0, scale=gamma)
    if kernel == "rbf":
        if sigma is not None:
            if gamma != 1.0:
                raise ValueError("give sigma or gamma for the rbf kernel, not both")
            return rbf(sigma=sigma)
        return rbf(gamma=gamma)
    return mlp(scale=gamma, offset=coef0)
