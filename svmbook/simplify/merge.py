r"""One bottom-up merge: two same-class vectors of a kernel expansion replaced by one.

Nguyen (2006), section 3.3.1. Two vectors ``x_i, x_j`` of one class (signed weights with
``alpha_i alpha_j > 0``) contribute ``alpha_i Phi(x_i) + alpha_j Phi(x_j) = alpha_m M`` to the
machine's normal vector, with ``alpha_m = alpha_i + alpha_j`` and the mixture
``M = m Phi(x_i) + (1 - m) Phi(x_j)``, ``m = alpha_i / alpha_m`` in ``(0, 1)``. ``M`` has in
general no pre-image, so it is replaced by the image ``Phi(z)`` of one new vector that best
approximates it, (3.22), weighted by Proposition 4's ``beta`` (3.45):

* Gaussian kernel ``exp(-gamma ||x - y||^2)`` (Proposition 2): ``z = k x_i + (1 - k) x_j`` with
  ``k`` maximising ``f(k) = m C^{(1-k)^2} + (1 - m) C^{k^2}`` (3.24), ``C = K(x_i, x_j)``;
* homogeneous polynomial kernel ``(x . y)^p`` (Proposition 3): ``z`` in the plane of
  ``x_i, x_j`` with ``||Phi(z)|| = ||M||``, its direction maximising ``M . Phi(z)``.

The thesis says both one-dimensional problems have a unique maximum in ``(0, 1)``. They do not
always: the Gaussian ``f`` has two maxima when ``C < e^{-2}`` (for ``m = 1/2``, Nguyen's own
example values give a minimum at ``k = 1/2``), and the polynomial's maximum leaves the segment
between the two vectors for wide angles (``docs/errata.md#nguyen-2006-props-2-3-unique-max``). So
the searches here are global: a scan of :data:`GRID_POINTS` points, then a bounded Brent
refinement around the best one. For the polynomial kernel ``mode="angle"`` searches every
direction of the plane (robust); ``mode="segment"`` restricts the direction to the segment's
``k in [0, 1]``, as the thesis does.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq, minimize_scalar

from .._validation import check_int, check_option, check_positive

__all__ = ["GRID_POINTS", "Merge", "gaussian_merge_curve", "merge_gaussian", "merge_polynomial"]

#: Points of the scan that precedes the Brent refinement of every one-dimensional search.
GRID_POINTS = 201


@dataclass(frozen=True)
class Merge:
    """The result of one merge.

    Attributes
    ----------
    z : ndarray of shape (n_features,)
        The new vector.
    beta : float
        Its signed weight, Proposition 4: ``(alpha_i K(x_i, z) + alpha_j K(x_j, z)) / K(z, z)``.
    k : float
        Where ``z`` lies on the segment, ``z = k x_i + (1 - k) x_j`` (Gaussian kernel and the
        polynomial's segment mode; for the angle mode the ``k`` of the direction when it lies
        in the segment's cone, else NaN).
    cosine : float
        ``cos`` of the angle between ``M`` and ``Phi(z)`` (1: exact).
    error : float
        ``||alpha_i Phi(x_i) + alpha_j Phi(x_j) - beta Phi(z)||^2``, the squared error the merge
        adds to the normal vector.
    """

    z: np.ndarray
    beta: float
    k: float
    cosine: float
    error: float


def gaussian_merge_curve(k, m, C):
    """Return ``f(k) = m C^{(1-k)^2} + (1 - m) C^{k^2}``, Nguyen's (3.24).

    ``f(k) = M . Phi(k x_i + (1 - k) x_j)`` for the Gaussian kernel, ``C = K(x_i, x_j)``.

    Parameters
    ----------
    k : float or array-like
        Positions on the segment.
    m : float
        ``alpha_i / (alpha_i + alpha_j)``, in ``(0, 1)``.
    C : float
        The kernel value of the pair, in ``(0, 1]``.

    Returns
    -------
    float or ndarray
        ``f(k)``.

    Examples
    --------
    >>> round(float(gaussian_merge_curve(0.5, 0.5, 0.5)), 7)  # C^(1/4)
    0.8408964
    """
    k = np.asarray(k, dtype=np.float64)
    return m * C ** ((1.0 - k) ** 2) + (1.0 - m) * C ** (k**2)


def _global_max(f, lo, hi, grid=GRID_POINTS):
    """Return ``(argmax, max)`` of a scalar function on ``[lo, hi]``: scan, then Brent.

    The scan finds the best grid point; Brent refines within its two neighbouring cells. The
    better of the refined point and the best grid point is returned (Brent cannot do worse
    than its bracket, but the comparison makes that explicit).
    """
    ks = np.linspace(lo, hi, grid)
    values = np.array([f(k) for k in ks])
    best = int(np.argmax(values))
    a, b = ks[max(best - 1, 0)], ks[min(best + 1, grid - 1)]
    res = minimize_scalar(lambda k: -f(k), bounds=(a, b), method="bounded",
                          options={"xatol": 1e-12 * max(1.0, hi - lo)})  # fmt: skip
    if res.success and -res.fun >= values[best]:
        return float(res.x), float(-res.fun)
    return float(ks[best]), float(values[best])


def _check_pair(x_i, x_j, alpha_i, alpha_j):
    """Validate a pair; return the points as float arrays and the weights as floats."""
    x_i = np.asarray(x_i, dtype=np.float64)
    x_j = np.asarray(x_j, dtype=np.float64)
    if x_i.ndim != 1 or x_i.shape != x_j.shape or x_i.size == 0:
        raise ValueError(
            f"x_i and x_j must be two points of the same dimension, got shapes {x_i.shape} "
            f"and {x_j.shape}"
        )
    if not (np.all(np.isfinite(x_i)) and np.all(np.isfinite(x_j))):
        raise ValueError("x_i and x_j must be finite")
    alpha_i, alpha_j = float(alpha_i), float(alpha_j)
    if not (np.isfinite(alpha_i) and np.isfinite(alpha_j)) or not alpha_i * alpha_j > 0:
        raise ValueError(
            f"alpha_i and alpha_j must be finite, non-zero and of the same sign (two vectors of "
            f"one class), got {alpha_i!r} and {alpha_j!r}"
        )
    return x_i, x_j, alpha_i, alpha_j


def _in_float_range(merge):
    """Decorate a merge: arithmetic that leaves the floats raises a ``ValueError``, not a NaN.

    Powers of norms (``||x||^(2p)``), products of weights and the kernel value ``K(z, z)``
    overflow or vanish at extreme scales of the vectors or the weights (Python's float power
    raises ``OverflowError``, a vanished ``K(z, z)`` ``ZeroDivisionError``, numpy gives inf or
    NaN): each becomes one error that names the cause.
    """

    @functools.wraps(merge)
    def wrapper(*args, **kwargs):
        try:
            with np.errstate(over="ignore", invalid="ignore"):
                result = merge(*args, **kwargs)
        except (OverflowError, ZeroDivisionError) as exc:
            result, cause = None, exc
        else:
            cause = None
        if result is None or not (np.all(np.isfinite(result.z)) and np.isfinite(result.beta)):
            raise ValueError(
                f"{merge.__name__}: the merge leaves the floating-point range at this scale of "
                "the vectors and weights (||x||^(2p), the weights' products or K(z, z) overflow "
                "or vanish); rescale the data"
            ) from cause
        return result

    return wrapper


def _result(z, beta, k, norm_m, alpha_m, v_norm2, kzz):
    """Assemble a :class:`Merge`; ``v_norm2 = ||alpha_i Phi_i + alpha_j Phi_j||^2``."""
    cosine = beta * np.sqrt(kzz) / (alpha_m * norm_m) if norm_m > 0 else 1.0
    error = max(v_norm2 - beta * beta * kzz, 0.0)  # beta projects: residual orthogonal to Phi(z)
    return Merge(z=z, beta=float(beta), k=float(k), cosine=float(cosine), error=float(error))


def _gaussian_k(m, C):
    """Return the global maximiser of :func:`gaussian_merge_curve` on ``[0, 1]``, to rounding.

    The scan finds the best basin; the maximum is then the root of
    ``f'(k) = 2a [m (1 - k) C^{(1-k)^2} - (1 - m) k C^{k^2}]`` (``a = -ln C``) between the scan's
    neighbours of the best point, by ``brentq``: the maximum is flat, so maximising ``f``
    directly would resolve ``k`` only to about ``1e-8``. ``f'(0) > 0 > f'(1)``: the maximum is
    inside the segment.
    """
    ks = np.linspace(0.0, 1.0, GRID_POINTS)
    best = int(np.argmax(gaussian_merge_curve(ks, m, C)))

    def slope(k):
        return m * (1.0 - k) * C ** ((1.0 - k) ** 2) - (1.0 - m) * k * C ** (k**2)

    lo, hi = ks[max(best - 1, 0)], ks[min(best + 1, GRID_POINTS - 1)]
    if slope(lo) > 0 > slope(hi):
        return float(brentq(slope, lo, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps))
    return _global_max(lambda t: float(gaussian_merge_curve(t, m, C)), 0.0, 1.0)[0]


@_in_float_range
def merge_gaussian(x_i, x_j, alpha_i, alpha_j, gamma):
    """Merge two same-class vectors of a Gaussian expansion, Nguyen's Propositions 2 and 4.

    ``z = k x_i + (1 - k) x_j`` with ``k`` the global maximiser of
    :func:`gaussian_merge_curve` on ``[0, 1]``, and ``beta = alpha_i K(x_i, z) + alpha_j
    K(x_j, z)`` (``K(z, z) = 1``).

    Parameters
    ----------
    x_i, x_j : array-like of shape (n_features,)
        The two vectors.
    alpha_i, alpha_j : float
        Their signed weights (same sign).
    gamma : float
        The kernel's ``gamma`` in ``exp(-gamma ||x - y||^2)``.

    Returns
    -------
    Merge
        The new vector, its weight and the merge's error.

    Raises
    ------
    ValueError
        If the points differ in shape or are not finite, the weights are zero or of opposite
        signs, ``gamma`` is not positive, or the merge leaves the floating-point range.

    Examples
    --------
    >>> r = merge_gaussian([0.0, 0.0], [1.0, 0.0], 0.4, 0.6, gamma=0.5)
    >>> round(r.k, 7), np.round(r.z, 7).tolist(), round(r.beta, 7)
    (0.3690134, [0.6309866, 0.0], 0.8883047)
    """
    x_i, x_j, alpha_i, alpha_j = _check_pair(x_i, x_j, alpha_i, alpha_j)
    gamma = check_positive("gamma", gamma)
    alpha_m = alpha_i + alpha_j
    m = alpha_i / alpha_m
    C = float(np.exp(-gamma * np.sum((x_i - x_j) ** 2)))
    k = m if C == 1.0 else _gaussian_k(m, C)  # C = 1: the same point, the merge is exact
    z = k * x_i + (1.0 - k) * x_j
    beta = alpha_i * np.exp(-gamma * np.sum((x_i - z) ** 2)) + alpha_j * np.exp(
        -gamma * np.sum((x_j - z) ** 2)
    )
    norm_m = np.sqrt(m * m + 2.0 * m * (1.0 - m) * C + (1.0 - m) ** 2)
    v_norm2 = alpha_i**2 + alpha_j**2 + 2.0 * alpha_i * alpha_j * C
    return _result(z, beta, k, norm_m, alpha_m, v_norm2, 1.0)


@_in_float_range
def merge_polynomial(x_i, x_j, alpha_i, alpha_j, degree, *, mode="angle"):
    """Merge two same-class vectors of a homogeneous polynomial expansion, Propositions 3 and 4.

    The kernel is ``(x . y)^p``. The new vector lies in the plane of ``x_i`` and ``x_j`` (the
    thesis's Lemma 1), with ``||Phi(z)|| = ||z||^p = ||M||`` (3.31); its direction ``u``
    maximises ``M . Phi(u) = m (x_i . u)^p + (1 - m) (x_j . u)^p`` over unit vectors:

    * ``mode="angle"``: over every direction of the plane, ``u = cos(t) e_1 + sin(t) e_2``
      with ``t`` in ``[0, pi)`` for even ``p`` (``u`` and ``-u`` give the same image) and
      ``[0, 2 pi)`` for odd ``p``;
    * ``mode="segment"``: over ``u`` along ``z* = k x_i + (1 - k) x_j``, ``k in [0, 1]`` (the
      thesis's ``h(k)``, (3.32)-(3.34)), which misses the optimum when it lies outside the
      cone of the two vectors (wide angles; ``x_i . x_j < 0`` with even ``p``).

    ``beta`` is Proposition 4's ``(alpha_i K(x_i, z) + alpha_j K(x_j, z)) / K(z, z)``.

    Parameters
    ----------
    x_i, x_j : array-like of shape (n_features,)
        The two vectors.
    alpha_i, alpha_j : float
        Their signed weights (same sign).
    degree : int
        ``p >= 1``.
    mode : {"angle", "segment"}, default="angle"
        The search, as above.

    Returns
    -------
    Merge
        The new vector, its weight and the merge's error (``k`` is NaN in the angle mode when
        the direction lies outside the segment's cone).

    Raises
    ------
    ValueError
        If the points differ in shape, are not finite or are zero, the weights are zero or of
        opposite signs, ``degree`` is below 1, ``mode`` is unknown, or the merge leaves the
        floating-point range.

    Examples
    --------
    >>> r = merge_polynomial([1.0, 0.0], [0.6, 0.8], 2.0, 3.0, degree=3)
    >>> np.round(r.z, 7).tolist(), round(r.beta, 7), round(r.cosine, 7)
    ([0.7378191, 0.5567842], 4.6575615, 0.9315123)
    """
    x_i, x_j, alpha_i, alpha_j = _check_pair(x_i, x_j, alpha_i, alpha_j)
    p = check_int("degree", degree, 1)
    mode = check_option("mode", mode, ("angle", "segment"))
    n_i, n_j = float(np.linalg.norm(x_i)), float(np.linalg.norm(x_j))
    if n_i == 0.0 or n_j == 0.0:
        raise ValueError("x_i and x_j must be non-zero: the zero vector has no direction")
    alpha_m = alpha_i + alpha_j
    m = alpha_i / alpha_m
    c_ij = float(x_i @ x_j)
    norm_m = float(np.sqrt(m * m * n_i ** (2 * p) + 2 * m * (1 - m) * c_ij**p
                           + (1 - m) ** 2 * n_j ** (2 * p)))  # fmt: skip

    def along(u):  # M . Phi(u) for a unit u
        return m * float(x_i @ u) ** p + (1.0 - m) * float(x_j @ u) ** p

    def segment_dir(k):
        s = k * x_i + (1.0 - k) * x_j
        norm = np.linalg.norm(s)
        return s / norm if norm > 0 else None

    if p == 1:  # the linear kernel: M is the image of m x_i + (1 - m) x_j, the merge is exact
        k = m
        u = segment_dir(m)
    elif mode == "segment":
        def h(k):  # noqa: E306 -- cos(M, Phi(z*)) times ||M||, the thesis's h(k) / ||M||
            u = segment_dir(k)
            return -np.inf if u is None else along(u)

        k, _ = _global_max(h, 0.0, 1.0)
        u = segment_dir(k)
    else:
        e1 = x_i / n_i
        rest = x_j - (x_j @ e1) * e1
        e2 = rest / np.linalg.norm(rest) if np.linalg.norm(rest) > 1e-12 * n_j else None
        if e2 is None:  # parallel vectors: the plane is a line
            candidates = [e1] if p % 2 == 0 else [e1, -e1]
            u = max(candidates, key=along)
        else:
            span = np.pi if p % 2 == 0 else 2.0 * np.pi
            t, _ = _global_max(lambda t: along(np.cos(t) * e1 + np.sin(t) * e2), 0.0, span,
                               grid=2 * GRID_POINTS)  # fmt: skip
            u = np.cos(t) * e1 + np.sin(t) * e2
        k = _segment_position(u, x_i, x_j, even=p % 2 == 0)
    z = norm_m ** (1.0 / p) * u
    kzz = float(z @ z) ** p
    beta = (alpha_i * float(x_i @ z) ** p + alpha_j * float(x_j @ z) ** p) / kzz
    v_norm2 = (alpha_i**2 * n_i ** (2 * p) + 2 * alpha_i * alpha_j * c_ij**p
               + alpha_j**2 * n_j ** (2 * p))  # fmt: skip
    return _result(z, beta, k, norm_m, alpha_m, v_norm2, kzz)


def _segment_position(u, x_i, x_j, *, even):
    """Return ``k`` with ``u`` along ``k x_i + (1 - k) x_j``, ``k in [0, 1]``, else NaN.

    With an even degree ``-u`` has the same image, so it counts too.
    """
    A = np.column_stack([x_i, x_j])
    coef, *_ = np.linalg.lstsq(A, u, rcond=None)
    if np.linalg.norm(A @ coef - u) > 1e-9:
        return float("nan")
    for c in (coef, -coef) if even else (coef,):
        if c.sum() > 0 and np.all(c >= -1e-12):
            return float(np.clip(c[0] / c.sum(), 0.0, 1.0))
    return float("nan")
