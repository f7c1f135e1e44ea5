"""Tests of svmbook.input_margin.foot (Akaho 2002, section 3.4): exactness of (3) at the foot,
convergence and oscillation on a circle (Proposition 1), the corrected linearised map (15) on an
ellipse (docs/errata.md#akaho-2002-eq-15), metric invariance of the corrected update (12)
(docs/errata.md#akaho-2002-eq-12), equilibria as critical points, guards and warnings."""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from svmbook.input_margin import (
    CONVERGED,
    MAX_ITER,
    VANISHING_GRADIENT,
    boundary_distance,
    exact_foot,
    foot_of_perpendicular,
    linearised_distance,
    margin_estimate,
    metric_matrices,
    projection_stability,
)


def circle(R=1.0):
    return lambda Z: (np.sum(Z * Z, axis=1) - R * R, 2.0 * Z)


def ellipse(Z):
    A = np.array([1.0, 4.0])
    return np.sum(A * Z * Z, axis=1) - 1.0, 2.0 * A * Z


def quiet(fun, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return fun(*args, **kwargs)


def test_linearised_distance_is_exact_at_the_foot():
    # (3) at x_hat = x* of the circle |x| = R gives (|x_i| - R)^2 (oracle 10)
    R = 1.5
    X = np.array([[0.3, 0.4], [2.0, -1.0], [-4.0, 3.0]])
    norms = np.linalg.norm(X, axis=1)
    feet = R * X / norms[:, None]
    values, grads = circle(R)(feet)
    d = linearised_distance(values, grads, feet, X, metric_matrices(None, X)[1])
    np.testing.assert_allclose(d, np.abs(norms - R), rtol=1e-14)


@pytest.mark.parametrize("rho", [0.5, 1.5, 1.9])
def test_circle_converges_inside_the_stable_band(rho):
    # Proposition 1 on the unit circle from near the near foot: stable iff 0 < rho < 2R
    res = foot_of_perpendicular(circle(), [[rho, 0.0]], [[1.0, 0.05]], max_iter=400, tol=1e-12)
    assert res.status[0] == CONVERGED
    np.testing.assert_allclose(res.points[0], [1.0, 0.0], atol=1e-9)
    np.testing.assert_allclose(res.distances[0], abs(rho - 1.0), atol=1e-9)
    st = projection_stability(2.0 * res.points[0], 2.0 * np.eye(2), [rho, 0.0], res.points[0])
    np.testing.assert_allclose(st.ratios, [(1.0 - rho) / 1.0], atol=1e-8)
    assert st.stable and st.local_minimum


@pytest.mark.parametrize(("rho", "stuck"), [(2.1, (1.05, 0.1848)), (3.0, (1.5, 0.6455))])
def test_circle_oscillates_beyond_twice_the_radius(rho, stuck):
    # the notes' prototype ends at (1.05, 0.1848) and (1.5, 0.6455) after 200 updates
    with pytest.warns(ConvergenceWarning, match="did not converge"):
        res = foot_of_perpendicular(circle(), [[rho, 0.0]], [[1.0, 0.05]], max_iter=200)
    assert res.status[0] == MAX_ITER
    np.testing.assert_allclose(np.abs(res.points[0]), stuck, atol=1e-4)
    st = projection_stability([2.0, 0.0], 2.0 * np.eye(2), [rho, 0.0], [1.0, 0.0])
    assert st.local_minimum and not st.stable
    np.testing.assert_allclose(st.ratios, [1.0 - rho])


@pytest.mark.parametrize("rho", [1.5, 2.1, 3.0, 5.0])
def test_slowing_down_converges_at_unstable_local_minima(rho):
    # section 3.4's remedy: shrink the steps along c_j / lambda < -1 at a local minimum
    def hessian(Z):
        return np.broadcast_to(2.0 * np.eye(2), (len(Z), 2, 2))

    res = foot_of_perpendicular(circle(), [[rho, 0.0]], [[1.0, 0.05]], max_iter=100, tol=1e-12,
                                hessian=hessian)  # fmt: skip
    assert res.status[0] == CONVERGED
    np.testing.assert_allclose(res.points[0], [1.0, 0.0], atol=1e-10)
    plain = foot_of_perpendicular(circle(), [[rho, 0.0]], [[1.0, 0.05]], max_iter=100, tol=1e-12,
                                  warn=False)  # fmt: skip
    if rho < 2.0:  # stable already: nothing is slowed down
        np.testing.assert_array_equal(res.path, plain.path)
    # and with a metric: the remedy works in the metric's coordinates
    G = np.array([[1.0, 0.0], [0.0, 1.5]])
    slowed = foot_of_perpendicular(circle(), [[rho, 0.0]], [[1.0, 0.05]], metric=G, max_iter=200,
                                   tol=1e-12, hessian=hessian)  # fmt: skip
    assert slowed.status[0] == CONVERGED
    np.testing.assert_allclose(np.abs(slowed.points[0]), [1.0, 0.0], atol=1e-9)


def test_far_foot_is_a_maximum_and_unstable():
    rho = 0.5
    st = projection_stability([-2.0, 0.0], 2.0 * np.eye(2), [rho, 0.0], [-1.0, 0.0])
    np.testing.assert_allclose(st.ratios, [(1.0 + rho) / 1.0])
    assert not st.stable and not st.local_minimum


def test_ellipse_linearised_map_is_the_corrected_eq_15():
    # oracle 12: x_i = (0.3, 1.2), foot ~ (0.219774, 0.487775), tangent perturbation 1e-5
    x = np.array([0.3, 1.2])
    foot, dist = exact_foot(ellipse, x, [0.2, 0.5])
    np.testing.assert_allclose(foot, [0.219774, 0.487775], atol=1e-6)
    grad = ellipse(foot[None])[1][0]
    H = np.diag([2.0, 8.0])
    st = projection_stability(grad, H, x, foot)
    assert st.collinearity < 1e-7 and st.stable
    np.testing.assert_allclose(st.ratios, [-0.3788], atol=1e-4)
    tangent = np.array([-grad[1], grad[0]]) / np.linalg.norm(grad)
    eps = 1e-5 * tangent
    step = foot_of_perpendicular(ellipse, x[None], (foot + eps)[None], max_iter=1, warn=False)
    moved = step.points[0] - foot
    np.testing.assert_allclose(moved, st.jacobian @ eps, atol=1e-10)
    # the printed (15) divides by lambda |d| instead of lambda |d|^2: off by 3e-7 here
    d = foot - x
    lam = st.lam
    printed = H @ eps / lam - (d @ H @ eps) / (lam * np.linalg.norm(d)) * d
    assert np.linalg.norm(printed - moved) > 1e-7
    # and the iteration converges to the same foot as the constrained reference
    res = foot_of_perpendicular(ellipse, x[None], max_iter=200, tol=1e-13)
    np.testing.assert_allclose(res.points[0], foot, atol=1e-8)
    np.testing.assert_allclose(res.distances[0], dist, atol=1e-8)


def test_corrected_update_is_invariant_under_a_change_of_metric():
    # oracle 13: with metric G the update is the Euclidean one in u = G^(1/2) x
    rng = np.random.default_rng(5)
    M = rng.normal(size=(2, 2))
    G = M @ M.T + 0.5 * np.eye(2)
    w, V = np.linalg.eigh(G)
    root, root_inv = (V * np.sqrt(w)) @ V.T, (V / np.sqrt(w)) @ V.T
    x = np.array([[0.3, 1.2]])
    start = np.array([[0.25, 0.6]])
    with_metric = foot_of_perpendicular(ellipse, x, start, metric=G, max_iter=6, warn=False)

    def in_u(U):
        values, grads = ellipse(U @ root_inv)
        return values, grads @ root_inv

    euclidean = foot_of_perpendicular(in_u, x @ root, start @ root, max_iter=6, warn=False)
    np.testing.assert_allclose(with_metric.path @ root, euclidean.path, atol=1e-12)
    np.testing.assert_allclose(with_metric.distances, euclidean.distances, rtol=1e-10)


def test_printed_update_misses_the_linearised_constraint():
    # docs/errata.md#akaho-2002-eq-12: without G^-1 the new point is off the tangent plane
    G = np.array([[2.0, 0.3], [0.3, 0.5]])
    x, z = np.array([0.3, 1.2]), np.array([0.25, 0.6])
    value, q = (v[0] for v in ellipse(z[None]))
    c = value - q @ (z - x)
    norm2 = q @ np.linalg.solve(G, q)
    corrected = x - np.linalg.solve(G, q) / norm2 * c
    printed = x - q / norm2 * c

    def tangent(p):
        return value + q @ (p - z)

    assert abs(tangent(corrected)) < 1e-12
    assert abs(tangent(printed)) > 1e-2
    res = foot_of_perpendicular(ellipse, x[None], z[None], metric=G, max_iter=1, warn=False)
    np.testing.assert_allclose(res.points[0], corrected, rtol=1e-13)


def test_equilibria_are_critical_points_of_the_distance():
    # oracle 14: at a converged estimate f = 0 and grad f is parallel to G (x_hat - x)
    G = np.array([[1.5, 0.2], [0.2, 0.7]])
    X = np.array([[0.3, 1.2], [0.1, 0.1], [0.6, -0.9]])
    res = foot_of_perpendicular(ellipse, X, metric=G, max_iter=500, tol=1e-13)
    assert np.all(res.status == CONVERGED)
    values, grads = ellipse(res.points)
    np.testing.assert_allclose(values, 0.0, atol=1e-12)
    for x, foot, g in zip(X, res.points, grads, strict=True):
        v = G @ (foot - x)
        assert abs(g[0] * v[1] - g[1] * v[0]) < 1e-9 * np.linalg.norm(g) * np.linalg.norm(v)
        ref, dist = exact_foot(ellipse, x, foot, metric=G)
        np.testing.assert_allclose(foot, ref, atol=1e-6)


def test_vanishing_gradient_keeps_the_point_and_warns():
    with pytest.warns(ConvergenceWarning, match="gradient of f vanishes"):
        res = foot_of_perpendicular(circle(), [[0.5, 0.0], [0.2, 0.1]], [[0.0, 0.0], [0.2, 0.1]],
                                    max_iter=50)  # fmt: skip
    assert res.status[0] == VANISHING_GRADIENT
    np.testing.assert_array_equal(res.points[0], [0.0, 0.0])
    assert np.isnan(res.distances[0])
    assert res.status[1] == CONVERGED


def test_margin_estimate_is_signed_and_takes_the_nearer_start():
    X = np.array([[0.5, 0.0], [1.6, 0.0], [0.0, 3.0]])
    y = np.array([-1.0, 1.0, -1.0])  # the third point is on the wrong side
    est = margin_estimate(circle(), X, y, [X, np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])],
                          max_iter=100)  # fmt: skip
    np.testing.assert_allclose(est.distances, [0.5, 0.6, -2.0], atol=1e-9)
    assert est.margin == pytest.approx(-2.0)


def test_bad_input():
    with pytest.raises(ValueError, match="metric must be positive definite"):
        foot_of_perpendicular(circle(), [[1.0, 2.0]], metric=np.diag([1.0, -1.0]))
    with pytest.raises(ValueError, match="metric must be symmetric"):
        metric_matrices(np.array([[1.0, 0.5], [0.0, 1.0]]), np.ones((2, 2)))
    with pytest.raises(ValueError, match="metric must have shape"):
        metric_matrices(np.eye(3), np.ones((2, 2)))
    with pytest.raises(ValueError, match="max_iter"):
        foot_of_perpendicular(circle(), [[1.0, 2.0]], max_iter=-1)
    with pytest.raises(ValueError, match="start must have shape"):
        foot_of_perpendicular(circle(), [[1.0, 2.0]], [[1.0, 2.0], [0.0, 0.0]])
    with pytest.raises(TypeError, match="fun must be"):
        foot_of_perpendicular(3, [[1.0, 2.0]])
    with pytest.raises(ValueError, match="foot must differ"):
        projection_stability([1.0, 0.0], np.eye(2), [1.0, 0.0], [1.0, 0.0])


def test_callable_metric_is_evaluated_at_each_point():
    X = np.array([[1.0, 2.0], [3.0, 4.0]])
    G, G_inv = metric_matrices(lambda x: np.diag(1.0 + x * x), X)
    np.testing.assert_allclose(G[1], np.diag([10.0, 17.0]))
    np.testing.assert_allclose(G_inv[0], np.diag([0.5, 0.2]))


def test_boundary_distance_of_a_circle_is_global():
    """The unit circle: |1 - |x||, from inside and outside, and the nearest point on the ray."""
    X = np.array([[0.5, 0.0], [0.0, 2.0], [-1.5, -1.5], [0.0, 0.0]])
    dist, points = boundary_distance(circle(), X, (-3.0, 3.0), (-3.0, 3.0), grid_resolution=300)
    norms = np.linalg.norm(X, axis=1)
    # the vertices interpolate f linearly along grid edges and the chords cut the arc: both
    # errors are of order h^2 for the spacing h = 6 / 299 (the curvature is 1)
    h = 6.0 / 299.0
    np.testing.assert_allclose(dist, np.abs(1.0 - norms), atol=h**2)
    np.testing.assert_allclose(points[:3], X[:3] / norms[:3, None], atol=1e-3)


def test_boundary_distance_without_a_boundary_and_bad_input():
    """No zero in the window: infinite distances; refuse 3-D points and empty windows."""
    dist, points = boundary_distance(circle(), [[5.0, 5.0]], (4.0, 6.0), (4.0, 6.0))
    assert np.isinf(dist[0]) and np.all(np.isnan(points))
    with pytest.raises(ValueError, match="X"):
        boundary_distance(circle(), [[0.0, 0.0, 0.0]], (-2, 2), (-2, 2))
    with pytest.raises(ValueError, match="xlim"):
        boundary_distance(circle(), [[0.0, 0.0]], (2, -2), (-2, 2))
