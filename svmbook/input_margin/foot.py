r"""Distance of a point to a curved decision surface: the foot-of-perpendicular iteration.

Akaho (2002), section 3.4. The input-space distance of ``x_i`` to ``{f = 0}`` under the metric
``G_i = G(x_i)`` is found by repeating the closest point on the tangent plane at the current
estimate (corrected eq. (12), docs/errata.md#akaho-2002-eq-12)::

    x^[l+1] = x_i - G_i^{-1} q / ||q||^2_{G_i^{-1}} * (f(x^[l]) - (x^[l] - x_i)^T q),
    q = grad f(x^[l]),

whose step length is the linearised distance (3) at ``x^[l]`` (:func:`linearised_distance`).
Its equilibria are exactly the critical points of the distance (Proposition 1); a local
minimum is a stable equilibrium only when every principal curvature of the surface, times the
distance, is below 1 in modulus (:func:`projection_stability`, with the corrected eq. (15),
docs/errata.md#akaho-2002-eq-15). :func:`exact_foot` is an independent reference by
constrained optimisation, and :func:`boundary_distance` a global one in the plane, from the
boundary traced on a grid.

``fun`` below is any callable ``X -> (values, gradients)`` of the surface's function (e.g.
:meth:`KernelExpansion.value_and_gradient`), or an object with such a ``value_and_gradient``
method.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import contourpy
import numpy as np
from scipy.optimize import minimize
from sklearn.exceptions import ConvergenceWarning

from .._validation import (
    check_int,
    check_labels_pm1,
    check_points,
    check_positive,
    check_spd_matrices,
)

__all__ = [
    "CONVERGED",
    "MAX_ITER",
    "VANISHING_GRADIENT",
    "FootResult",
    "MarginEstimate",
    "Stability",
    "boundary_distance",
    "exact_foot",
    "foot_of_perpendicular",
    "linearised_distance",
    "margin_estimate",
    "metric_matrices",
    "projection_stability",
]

#: ``FootResult.status`` codes, per point.
CONVERGED, MAX_ITER, VANISHING_GRADIENT = 0, 1, 2


def _as_function(fun):
    """Return the callable ``X -> (values, gradients)`` of ``fun`` (callable or expansion)."""
    fun = getattr(fun, "value_and_gradient", fun)
    if not callable(fun):
        raise TypeError(
            "fun must be a callable X -> (values, gradients) or have a value_and_gradient method"
        )
    return fun


def metric_matrices(metric, X):
    """Return the metric ``G_i = G(x_i)`` at every point and its inverse.

    Parameters
    ----------
    metric : None, array-like of shape (m, m) or (n, m, m), or callable
        None for the Euclidean metric, one symmetric positive-definite matrix for all points,
        one per point, or a callable ``x -> G(x)`` taking one point of shape (m,).
    X : ndarray of shape (n, m)
        The points.

    Returns
    -------
    G : ndarray of shape (n, m, m)
        The metric at each point.
    G_inv : ndarray of shape (n, m, m)
        Its inverse.
    """
    n, m = X.shape
    if metric is None:
        eye = np.broadcast_to(np.eye(m), (n, m, m)).copy()
        return eye, eye.copy()
    if callable(metric):
        metric = np.array([np.asarray(metric(x), dtype=np.float64) for x in X]).reshape(-1, m, m)
    G = check_spd_matrices("metric", metric, n, m)
    return G, np.linalg.inv(G)


def linearised_distance(values, gradients, points, X, G_inv):
    """Return the distance (3) of each ``X[i]`` to the boundary linearised at ``points[i]``.

    ``|f(x_hat) - q^T (x_hat - x_i)| / ||q||_{G_i^{-1}}`` with ``q = grad f(x_hat)``: exact when
    ``x_hat`` is the foot and ``q != 0`` (Akaho 2002, eq. 3).

    Parameters
    ----------
    values : ndarray of shape (n,)
        ``f(points[i])``.
    gradients : ndarray of shape (n, m)
        ``grad f(points[i])``.
    points : ndarray of shape (n, m)
        The linearisation points ``x_hat``.
    X : ndarray of shape (n, m)
        The points whose distance is measured.
    G_inv : ndarray of shape (n, m, m)
        The inverse metric at each point of ``X``.

    Returns
    -------
    ndarray of shape (n,)
        The distances (``inf`` where the gradient vanishes and the value does not, ``nan`` where
        both vanish).
    """
    c = values - np.einsum("ia,ia->i", gradients, points - X)
    norm2 = np.einsum("ia,iab,ib->i", gradients, G_inv, gradients)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.abs(c) / np.sqrt(norm2)


@dataclass(frozen=True)
class FootResult:
    """The foot-of-perpendicular estimates of a set of points.

    Attributes
    ----------
    points : ndarray of shape (n, m)
        The final estimates ``x_hat_i``.
    distances : ndarray of shape (n,)
        The distance (3) linearised at ``points``: the length of the next step, and the exact
        distance at a converged foot (``nan`` where the gradient vanished).
    values : ndarray of shape (n,)
        ``f(points[i])``.
    n_iter : ndarray of int of shape (n,)
        Updates (12) applied to each point.
    status : ndarray of int of shape (n,)
        :data:`CONVERGED`, :data:`MAX_ITER` or :data:`VANISHING_GRADIENT` (the point was kept
        where ``grad f`` vanished, and the update is undefined).
    path : ndarray of shape (n_steps + 1, n, m)
        Every iterate, the start first (a finished point repeats its last iterate).
    """

    points: np.ndarray
    distances: np.ndarray
    values: np.ndarray
    n_iter: np.ndarray
    status: np.ndarray
    path: np.ndarray


def foot_of_perpendicular(fun, X, start=None, *, metric=None, max_iter=10, tol=1e-10,
                          grad_tol=1e-12, hessian=None, warn=True):  # fmt: skip
    """Iterate the corrected update (12) from ``start`` towards the foot of each ``X[i]``.

    Parameters
    ----------
    fun : callable or KernelExpansion
        ``X -> (values, gradients)`` of the surface's function ``f``.
    X : array-like of shape (n, m)
        The points ``x_i``.
    start : array-like of shape (n, m), default=None
        The first estimates (None: ``X``).
    metric : None, array-like or callable, default=None
        The metric, as in :func:`metric_matrices` (evaluated at ``X``).
    max_iter : int, default=10
        Updates per point at most (Akaho's Fig. 2 shows 10).
    tol : float, default=1e-10
        A point has converged when its update moves it by at most ``tol * max(1, |x_i - x_bar|)``
        (``x_bar`` the mean of the rows of ``X``: the rule does not depend on where the origin
        is) plus ``4 eps |x_i|``, the resolution of floating point near ``x_i`` (features at
        1e7 cannot move by less than about 1e-9).
    grad_tol : float, default=1e-12
        The gradient vanishes when ``||q||_{G^{-1}}`` is at most ``grad_tol`` times the largest
        gradient norm at the start (a scale of ``f``, so the test is invariant under
        ``f -> c f``); the point is then kept and marked :data:`VANISHING_GRADIENT`.
    hessian : callable or None, default=None
        ``X -> (n, m, m)`` Hessians of ``f`` (e.g. :meth:`KernelExpansion.hessian`): slow the
        update down where Proposition 1 predicts an unstable local minimum (section 3.4). At each
        update the tangential block of the Hessian (orthogonal to ``grad f``) gives ``c_j /
        lambda``; if every ratio is below 1 (a local minimum), the step's component along each
        principal direction with ``c_j / lambda < -1`` is shrunk by ``e_j = 0.5 |lambda / c_j|``,
        which turns the error multiplier ``c_j / lambda`` into ``1 - e_j (1 - c_j / lambda)``,
        of modulus below 1/2. None (the paper's simulations) never slows down.
    warn : bool, default=True
        Warn (``ConvergenceWarning``) when a point hits ``max_iter`` or a gradient vanishes.

    Returns
    -------
    FootResult
        The estimates, their distances and statuses.
    """
    fun = _as_function(fun)
    X = check_points("X", X)
    n, m = X.shape
    # a copy: the iterates are written in place
    Z = np.array(X if start is None else check_points("start", start, n_points=n, n_features=m))
    max_iter = check_int("max_iter", max_iter, 0)
    tol = check_positive("tol", tol)
    grad_tol = check_positive("grad_tol", grad_tol)
    G, G_inv = metric_matrices(metric, X)
    x_bar = X.mean(axis=0)
    resolution = 4.0 * np.finfo(float).eps * np.linalg.norm(X, axis=1)
    roots = None if hessian is None else [_metric_roots(Gi) for Gi in G]
    values, grads = fun(Z)
    norm2 = np.einsum("ia,iab,ib->i", grads, G_inv, grads)
    scale = max(float(np.sqrt(np.max(norm2))), np.finfo(float).tiny)
    status = np.full(n, MAX_ITER)
    n_iter = np.zeros(n, dtype=np.int64)
    active = np.ones(n, dtype=bool)
    path = [Z.copy()]
    for _ in range(max_iter):
        idx = np.flatnonzero(active)
        if idx.size == 0:
            break
        vanished = ~(np.sqrt(norm2[idx]) > grad_tol * scale)
        status[idx[vanished]] = VANISHING_GRADIENT
        active[idx[vanished]] = False
        idx = idx[~vanished]
        c = values[idx] - np.einsum("ia,ia->i", grads[idx], Z[idx] - X[idx])
        step = np.einsum("iab,ib->ia", G_inv[idx], grads[idx]) * (c / norm2[idx])[:, None]
        new = X[idx] - step
        if roots is not None:
            H = np.asarray(hessian(Z[idx]), dtype=np.float64).reshape(idx.size, m, m)
            for k, i in enumerate(idx):
                slowed = _slow_down(new[k] - Z[i], grads[i], H[k], Z[i] - X[i], *roots[i])
                if slowed is not None:
                    new[k] = Z[i] + slowed
        # a gradient just above grad_tol can still overflow the step: treat it as vanished
        lost = ~np.all(np.isfinite(new), axis=1)
        status[idx[lost]] = VANISHING_GRADIENT
        active[idx[lost]] = False
        idx, new = idx[~lost], new[~lost]
        moved = np.linalg.norm(new - Z[idx], axis=1)
        Z[idx] = new
        n_iter[idx] += 1
        reach = np.maximum(1.0, np.linalg.norm(X[idx] - x_bar, axis=1))
        done = moved <= tol * reach + resolution[idx]
        status[idx[done]] = CONVERGED
        active[idx[done]] = False
        if idx.size:
            values[idx], grads[idx] = fun(Z[idx])
            norm2[idx] = np.einsum("ia,iab,ib->i", grads[idx], G_inv[idx], grads[idx])
        path.append(Z.copy())
    status[active & ~(np.sqrt(norm2) > grad_tol * scale)] = VANISHING_GRADIENT
    distances = linearised_distance(values, grads, Z, X, G_inv)
    distances[status == VANISHING_GRADIENT] = np.nan
    if warn:
        _warn_status(status, max_iter)
    return FootResult(Z, distances, values, n_iter, status, np.array(path))


def _metric_roots(G):
    """Return ``G^{1/2}`` and ``G^{-1/2}`` of one symmetric positive-definite matrix."""
    w, V = np.linalg.eigh(G)
    return (V * np.sqrt(w)) @ V.T, (V / np.sqrt(w)) @ V.T


def _tangent_curvatures(normal, H):
    """Return the principal directions and values of ``H`` on the complement of ``normal``.

    Parameters
    ----------
    normal : ndarray of shape (m,)
        A non-zero vector (``d`` at a foot, ``grad f`` on the way).
    H : ndarray of shape (m, m)
        A symmetric matrix.

    Returns
    -------
    vectors : ndarray of shape (m, m - 1)
        Orthonormal principal directions orthogonal to ``normal``.
    values : ndarray of shape (m - 1,)
        The block's eigenvalues ``c_j`` (16).
    """
    basis = np.linalg.svd(normal[:, None], full_matrices=True)[0][:, 1:]
    values, W = np.linalg.eigh(basis.T @ H @ basis)
    return basis @ W, values


def _slow_down(step, gradient, H, d, root, root_inv):
    """Shrink the tangential parts of an update (12) that Proposition 1 says overshoot.

    All in the metric's coordinates ``u = G^{1/2} x``; ``d`` is the current estimate minus the
    point. Returns the slowed step, or None (keep the step) where ``d`` or ``lambda`` vanish,
    where the estimate is not deemed a local minimum, or where no direction overshoots.
    """
    g, d_u = root_inv @ gradient, root @ d
    if not (d_u @ d_u > 0 and g @ d_u != 0):
        return None
    lam = (g @ d_u) / (d_u @ d_u)
    vectors, values = _tangent_curvatures(g, root_inv @ (0.5 * (H + H.T)) @ root_inv)
    ratios = values / lam
    if not np.all(ratios < 1.0) or not np.any(ratios < -1.0):
        return None
    s = root @ step
    along = vectors.T @ s
    factor = np.where(ratios < -1.0, 0.5 / np.abs(ratios), 1.0)
    return root_inv @ (s + vectors @ ((factor - 1.0) * along))


def _warn_status(status, max_iter):
    """Warn about points that hit ``max_iter`` or lost their gradient."""
    stuck = np.flatnonzero(status == MAX_ITER)
    flat = np.flatnonzero(status == VANISHING_GRADIENT)
    if stuck.size:
        warnings.warn(
            f"foot_of_perpendicular: {stuck.size} point(s) did not converge in max_iter={max_iter} "
            f"updates (first: {stuck[:5].tolist()}); the estimate may oscillate about an unstable "
            "foot (Akaho 2002, Proposition 1) or need more updates",
            ConvergenceWarning,
            stacklevel=3,
        )
    if flat.size:
        warnings.warn(
            f"foot_of_perpendicular: the gradient of f vanishes at the estimate of {flat.size} "
            f"point(s) (first: {flat[:5].tolist()}); update (12) is undefined there and the "
            "estimate was kept",
            ConvergenceWarning,
            stacklevel=3,
        )


@dataclass(frozen=True)
class Stability:
    """Proposition 1's analysis of the update (12) at a foot.

    Attributes
    ----------
    lam : float
        ``lambda`` of (13), ``grad f = lambda G d`` (in the metric's coordinates).
    ratios : ndarray of shape (m - 1,)
        ``c_j / lambda`` for the principal directions of the tangent block of the Hessian (16):
        ``+-`` the principal curvature times the distance, positive when the surface bends
        towards ``x_i``.
    stable : bool
        ``|c_j / lambda| < 1`` for every ``j``: the update contracts near the foot (17).
    local_minimum : bool
        ``c_j / lambda < 1`` for every ``j``: the foot is a local minimum of the distance.
    collinearity : float
        ``||grad f - lambda G d|| / ||grad f||`` (in the metric's coordinates): 0 at a critical
        point of the distance.
    jacobian : ndarray of shape (m, m)
        The linearised update (15), corrected: ``x^[l+1] - x* ~= jacobian @ (x^[l] - x*)`` for a
        tangent displacement, ``(I - d d^T / ||d||^2) H / lambda`` when ``G = I``.
    """

    lam: float
    ratios: np.ndarray
    stable: bool
    local_minimum: bool
    collinearity: float
    jacobian: np.ndarray


def projection_stability(gradient, hessian, x, foot, metric=None):
    """Proposition 1: whether the update (12) is stable at the foot ``foot`` of ``x``.

    The analysis is done in the coordinates ``u = G^{1/2} x`` in which the metric is Euclidean
    (the update is invariant under the change, Akaho 2002, proof of Proposition 1).

    Parameters
    ----------
    gradient : array-like of shape (m,)
        ``grad f(foot)``.
    hessian : array-like of shape (m, m)
        The Hessian of ``f`` at the foot (:meth:`KernelExpansion.hessian`).
    x : array-like of shape (m,)
        The point.
    foot : array-like of shape (m,)
        A critical point of the distance on ``{f = 0}`` (e.g. a converged estimate).
    metric : None or array-like of shape (m, m), default=None
        ``G(x)`` (None: Euclidean).

    Returns
    -------
    Stability
        ``lambda``, the ratios ``c_j / lambda`` and the verdicts.

    Raises
    ------
    ValueError
        If ``foot`` equals ``x`` (no direction ``d``) or the shapes disagree.
    """
    x = check_points("x", np.reshape(x, (1, -1)))[0]
    m = x.shape[0]
    foot = check_points("foot", np.reshape(foot, (1, -1)), n_features=m)[0]
    gradient = check_points("gradient", np.reshape(gradient, (1, -1)), n_features=m)[0]
    hessian = check_points("hessian", hessian, n_points=m, n_features=m)
    G = check_spd_matrices("metric", np.eye(m) if metric is None else metric, 1, m)[0]
    root, root_inv = _metric_roots(G)
    d = root @ (foot - x)
    if not np.linalg.norm(d) > 0:
        raise ValueError("foot must differ from x: the distance direction d is undefined")
    g = root_inv @ gradient
    H = root_inv @ (0.5 * (hessian + hessian.T)) @ root_inv
    lam = float(g @ d / (d @ d))
    collinearity = float(np.linalg.norm(g - lam * d) / max(np.linalg.norm(g), np.finfo(float).tiny))
    ratios = _tangent_curvatures(d, H)[1] / lam
    project = np.eye(m) - np.outer(d, d) / (d @ d)
    jacobian = root_inv @ (project @ H / lam) @ root
    return Stability(
        lam, ratios, bool(np.all(np.abs(ratios) < 1.0)), bool(np.all(ratios < 1.0)), collinearity,
        jacobian,
    )  # fmt: skip


def exact_foot(fun, x, start=None, *, metric=None, tol=1e-14, max_iter=500):
    """Closest point of ``{f = 0}`` to ``x`` by constrained optimisation (scipy's SLSQP).

    ``min_z (z - x)^T G (z - x)`` subject to ``f(z) = 0``: the reference the iteration (12) is
    tested against. Like any local method it finds the critical point near ``start``.

    Parameters
    ----------
    fun : callable or KernelExpansion
        ``X -> (values, gradients)`` of ``f``.
    x : array-like of shape (m,)
        The point.
    start : array-like of shape (m,), default=None
        The first guess (None: ``x``).
    metric : None or array-like of shape (m, m), default=None
        ``G`` (None: Euclidean).
    tol : float, default=1e-14
        SLSQP's ``ftol``.
    max_iter : int, default=500
        SLSQP's iterations at most.

    Returns
    -------
    point : ndarray of shape (m,)
        The foot.
    distance : float
        ``||point - x||_G``.

    Raises
    ------
    RuntimeError
        If SLSQP reports failure.
    """
    fun = _as_function(fun)
    x = check_points("x", np.reshape(x, (1, -1)))[0]
    m = x.shape[0]
    z0 = x if start is None else check_points("start", np.reshape(start, (1, -1)), n_features=m)[0]
    G = check_spd_matrices("metric", np.eye(m) if metric is None else metric, 1, m)[0]
    res = minimize(
        lambda z: float((z - x) @ G @ (z - x)),
        z0,
        jac=lambda z: 2.0 * G @ (z - x),
        constraints=[{
            "type": "eq",
            "fun": lambda z: fun(z[None, :])[0],
            "jac": lambda z: fun(z[None, :])[1],
        }],
        method="SLSQP",
        options={"ftol": check_positive("tol", tol), "maxiter": check_int("max_iter", max_iter, 1)},
    )  # fmt: skip
    if not res.success:
        raise RuntimeError(f"exact_foot: SLSQP failed ({res.message})")
    return res.x, float(np.sqrt(max((res.x - x) @ G @ (res.x - x), 0.0)))


def boundary_distance(fun, X, xlim, ylim, grid_resolution=400):
    """Euclidean distance of 2-D points to ``{f = 0}``, traced on a grid: a global reference.

    The zero set of ``f`` is traced as polylines by marching squares on a ``grid_resolution``
    square grid over the window (``contourpy``, the tracer behind matplotlib's contours), and
    each point's distance is the smallest to any of their segments. Unlike the iteration (12)
    or :func:`exact_foot`, it cannot stop at a local foot; its error is that of the polyline,
    of order the squared grid spacing times the boundary's curvature. Parts of the boundary
    outside the window are not seen.

    Parameters
    ----------
    fun : callable or KernelExpansion
        ``X -> (values, gradients)`` of ``f``.
    X : array-like of shape (n, 2)
        The points.
    xlim, ylim : (float, float)
        The window the boundary is traced in.
    grid_resolution : int, default=400
        Grid points per axis.

    Returns
    -------
    distances : ndarray of shape (n,)
        The distances (``inf`` when no boundary crosses the window).
    points : ndarray of shape (n, 2)
        The nearest point of the traced boundary to each point (``nan`` when there is none).

    Raises
    ------
    ValueError
        If ``X`` is not 2-D points, a window is empty or ``grid_resolution`` is below 2.
    """
    fun = _as_function(fun)
    X = check_points("X", X, n_features=2)
    grid_resolution = check_int("grid_resolution", grid_resolution, 2)
    (x0, x1), (y0, y1) = (tuple(map(float, lim)) for lim in (xlim, ylim))
    if not (x0 < x1 and y0 < y1):
        raise ValueError(f"xlim and ylim must be increasing, got {xlim} and {ylim}")
    xx, yy = np.meshgrid(np.linspace(x0, x1, grid_resolution), np.linspace(y0, y1, grid_resolution))
    Z = fun(np.column_stack([xx.ravel(), yy.ravel()]))[0].reshape(xx.shape)
    lines = [line for line in contourpy.contour_generator(xx, yy, Z).lines(0.0) if len(line) > 1]
    n = X.shape[0]
    if not lines:
        return np.full(n, np.inf), np.full((n, 2), np.nan)
    A = np.vstack([line[:-1] for line in lines])
    AB = np.vstack([line[1:] for line in lines]) - A
    # the nearest point of each segment: the projection clipped to the segment
    t = np.einsum("pka,ka->pk", X[:, None, :] - A[None], AB)
    t = np.clip(t / np.maximum(np.einsum("ka,ka->k", AB, AB), np.finfo(float).tiny), 0.0, 1.0)
    P = A[None] + t[..., None] * AB[None]
    D = np.linalg.norm(X[:, None, :] - P, axis=2)
    nearest = np.argmin(D, axis=1)
    return D[np.arange(n), nearest], P[np.arange(n), nearest]


@dataclass(frozen=True)
class MarginEstimate:
    """The input-space margin of a classifier on its training points, estimated by (12).

    Attributes
    ----------
    margin : float
        ``min_i`` of the signed distances (negative when a training point is misclassified).
    distances : ndarray of shape (n,)
        Per point, the smallest distance (3) over the starts, signed by ``y_i f(x_i)``.
    feet : ndarray of shape (n, m)
        The foot estimates that gave them.
    status : ndarray of int of shape (n,)
        Their :class:`FootResult` statuses.
    """

    margin: float
    distances: np.ndarray
    feet: np.ndarray
    status: np.ndarray


def margin_estimate(fun, X, y, starts=None, *, metric=None, max_iter=10, tol=1e-10,
                    hessian=None):  # fmt: skip
    """Estimate the input-space margin ``min_i dist(x_i, {f = 0})`` by the iteration (12).

    Akaho (2002) selects among the steps of Algorithm 1 "the solution with the largest
    estimated margin" without defining the estimate (section 3.6). Here it is, per point, the
    distance (3) linearised at the foot estimate after at most ``max_iter`` updates (12), the
    smallest over the starts (the true distance is the smallest over the surface, and each start
    may find another local foot), signed by ``y_i f(x_i)``; the margin is their minimum.

    Parameters
    ----------
    fun : callable or KernelExpansion
        ``X -> (values, gradients)`` of the discriminant ``f``.
    X : array-like of shape (n, m)
        The training points.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    starts : sequence of array-like of shape (n, m), default=None
        The first estimates of each run of (12) (None: ``[X]``, the points themselves).
    metric : None, array-like or callable, default=None
        The metric, as in :func:`metric_matrices`.
    max_iter : int, default=10
        Updates (12) per run.
    tol : float, default=1e-10
        Their convergence tolerance.
    hessian : callable or None, default=None
        Slow the updates down (:func:`foot_of_perpendicular`).

    Returns
    -------
    MarginEstimate
        The margin, the per-point distances and feet.
    """
    fun = _as_function(fun)
    X = check_points("X", X)
    y = check_labels_pm1("y", y, both_classes=False)
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y has {y.shape[0]} labels but X has {X.shape[0]} points")
    sign = np.where(y * fun(X)[0] > 0, 1.0, -1.0)
    best = None
    for start in [X] if starts is None else starts:
        run = foot_of_perpendicular(fun, X, start, metric=metric, max_iter=max_iter, tol=tol,
                                    hessian=hessian, warn=False)  # fmt: skip
        dist = np.where(np.isnan(run.distances), np.inf, run.distances)
        if best is None:
            best = [dist, run.points.copy(), run.status.copy()]
            continue
        closer = dist < best[0]
        best[0] = np.where(closer, dist, best[0])
        best[1][closer] = run.points[closer]
        best[2][closer] = run.status[closer]
    distances = sign * best[0]
    return MarginEstimate(float(np.min(distances)), distances, best[1], best[2])
