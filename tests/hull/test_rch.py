"""Algorithms 5 and 6 (Goodrich 2012) against the exact brute-force RCH, Qhull and the LP of
Theorem 3; the properties of sections 3.7-3.9 (symmetry (3.8), constant structure within
1/mu in (k, k + 1), weighted hulls (3.10)-(3.11))."""

import numpy as np
import pytest
from scipy.spatial import ConvexHull

from svmbook.hull import (
    beneath_rch,
    duplicate_points,
    extreme_vertex,
    mu_interval,
    qrh,
    quickhull2d,
    rch_brute_2d,
    reweight,
    symmetric_transform,
    wbeneath,
    weighted_centroid,
    wqrh,
    wrch_brute_2d,
    wrch_min_mu,
)

TOL = 1e-9  # coordinates are sums of <= n products of O(1) numbers: ~1e-15 apart, asserted 1e-9


def same_points(A, B, tol=TOL):
    """Same rows up to order (every row of each within tol of a row of the other)."""
    if A.shape != B.shape:
        return False
    D = np.linalg.norm(A[:, None] - B[None], axis=2)
    return bool(np.all(D.min(axis=1) < tol) and np.all(D.min(axis=0) < tol))


def support_keys(hull):
    """Vertices as (heavy support set, light point): the order of the heavy points is free."""
    return {(frozenset(r[:-1]), r[-1]) for r in hull.support.tolist()}


def check_rch(hull, P, mu):
    """Every vertex is a feasible combination (Thm 3 weights), every facet supports the RCH.

    The max over the RCH of normal . x (Theorem 3, itself checked against the LP in
    tests/hull/test_vertex.py) equals the facet offset, and all vertices satisfy all facet
    inequalities. Together: the computed polytope is exactly RCH(P, mu).
    """
    m = int(np.ceil(1 / mu - 1e-9))
    assert hull.support.shape == (hull.n_vertices, m)
    np.testing.assert_allclose(hull.weights.sum(axis=1), 1.0, atol=1e-14)
    assert np.all(hull.weights <= mu * (1 + 1e-12)) and np.all(hull.weights > 0)
    np.testing.assert_allclose(
        np.einsum("vm,vmd->vd", hull.weights, P[hull.support]), hull.vertices, atol=1e-14
    )
    for normal, offset in zip(hull.normals, hull.offsets, strict=True):
        assert extreme_vertex(P, normal, mu=mu).point @ normal == pytest.approx(offset, abs=TOL)
    assert np.all(hull.vertices @ hull.normals.T <= hull.offsets + TOL)


def cases(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 40))
    P = rng.standard_normal((n, 2)) * rng.uniform(0.2, 3.0, 2)
    mus = [1.0, 1.0 / rng.integers(2, n), 1.0 / rng.uniform(1, 2), 1.0 / rng.uniform(2, n - 1)]
    return P, mus


@pytest.mark.parametrize("seed", range(12))
def test_qrh_equals_brute_force_and_beneath_rch(seed):
    # Alg. 5 (corrected and unfiltered) == exact brute force == Alg. 6, in cyclic order.
    P, mus = cases(seed)
    for mu in mus:
        ref = rch_brute_2d(P, mu)
        for filt in ("both", "none"):
            hull = qrh(P, mu, filter=filt)
            assert same_points(hull.vertices, ref.vertices)
            shift = int(np.argmin(np.linalg.norm(ref.vertices - hull.vertices[0], axis=1)))
            np.testing.assert_allclose(
                np.roll(ref.vertices, -shift, axis=0), hull.vertices, atol=TOL
            )
        check_rch(hull, P, mu)
        assert same_points(beneath_rch(P, mu, random_state=seed).vertices, ref.vertices)


def test_thesis_filter_loses_a_vertex():
    # docs/errata.md#goodrich-2012-alg-5: the printed filter drops support points of l that vertices
    # between l and h need. On this set RCH(P, 1/2) has 8 vertices; the printed filter finds 7.
    P = np.random.default_rng(25).standard_normal((8, 2))
    exact = rch_brute_2d(P, k=2)
    assert exact.n_vertices == 8
    assert same_points(qrh(P, k=2).vertices, exact.vertices)
    thesis = qrh(P, k=2, filter="thesis")
    assert thesis.n_vertices == 7
    missing = [
        v for v in exact.vertices if np.linalg.norm(thesis.vertices - v, axis=1).min() > 1e-6
    ]
    assert len(missing) == 1


def test_mu_one_is_the_convex_hull():
    # RCH(P, 1) = CH(P), same vertices in the same counter-clockwise order as Quickhull.
    P = np.random.default_rng(1).standard_normal((50, 2))
    hull = qrh(P, 1.0)
    order = quickhull2d(P)
    assert hull.support[:, 0].tolist() == order.tolist()
    np.testing.assert_array_equal(hull.vertices, P[order])


def test_mu_one_over_n_is_the_centroid():
    P = np.random.default_rng(2).standard_normal((11, 2))
    for hull in (qrh(P, 1 / 11), qrh(P, k=11), rch_brute_2d(P, k=11)):
        assert hull.n_vertices == 1 and hull.n_facets == 0
        np.testing.assert_allclose(hull.vertices[0], P.mean(axis=0), atol=1e-15)


def test_nested_in_mu():
    # mu1 < mu2 => RCH(P, mu1) inside RCH(P, mu2); the centroid is inside every RCH.
    P = np.random.default_rng(4).standard_normal((30, 2))
    mus = [1 / 30, 1 / 17.5, 1 / 9, 1 / 4.2, 1 / 2, 1.0]
    hulls = [qrh(P, mu) for mu in mus]
    for small, big in zip(hulls, hulls[1:], strict=False):
        assert np.all(small.vertices @ big.normals.T <= big.offsets + TOL)
        assert np.all(P.mean(axis=0) @ big.normals.T < big.offsets)


@pytest.mark.parametrize(("d", "n", "seed"), [(3, 14, 0), (3, 20, 1), (4, 10, 2)])
def test_beneath_rch_in_d_dimensions(d, n, seed):
    # Alg. 6: at mu = 1 the facets are Qhull's (mapped to point indices); for smaller mu the
    # polytope is exactly the RCH (check_rch), with ridges shared by two facets.
    P = np.random.default_rng(seed).standard_normal((n, d))
    hull = beneath_rch(P, 1.0, random_state=seed)
    pts = hull.support[:, 0]
    assert {frozenset(pts[f]) for f in hull.facets.tolist()} == {
        frozenset(s) for s in ConvexHull(P).simplices.tolist()
    }
    for mu in (1 / 2, 1 / 3.5, 1 / (n - 2)):
        hull = beneath_rch(P, mu, random_state=seed)
        check_rch(hull, P, mu)
        for f, row in enumerate(hull.adjacency):
            for j, g in enumerate(row):
                assert set(hull.facets[f].tolist()) - {hull.facets[f, j]} <= set(
                    hull.facets[g].tolist()
                )


def test_fig_3_9_regression_counts():
    # Regression values (not thesis data): the exact counts for 25 uniform points drawn with
    # default_rng(3), the set chapter 08 draws for Fig. 3.9; computed once with the brute force.
    P = np.random.default_rng(3).uniform(size=(25, 2))
    integer = [
        7,
        15,
        20,
        22,
        25,
        28,
        29,
        27,
        29,
        32,
        34,
        32,
        32,
        34,
        32,
        29,
        27,
        29,
        28,
        25,
        22,
        20,
        15,
        7,
    ]
    half = [
        22,
        35,
        42,
        47,
        53,
        57,
        56,
        56,
        61,
        66,
        66,
        64,
        66,
        66,
        61,
        56,
        56,
        57,
        53,
        47,
        42,
        35,
        22,
    ]
    assert [qrh(P, k=k).n_vertices for k in range(1, 25)] == integer
    assert [qrh(P, 1 / (k + 0.5)).n_vertices for k in range(1, 24)] == half
    # In the plane n_v(1/mu in (k, k+1)) = n_v(1/k) + n_v(1/(k+1)); n_r = n_v.
    assert half == [a + b for a, b in zip(integer, integer[1:], strict=False)]
    assert qrh(P, k=5).n_facets == 25


def test_regular_polygon():
    # Points in convex position: n_v(RCH(P, 1/k)) = n for k = 1..n-1.
    t = 2 * np.pi * np.arange(9) / 9
    P = np.c_[np.cos(t), np.sin(t)]
    assert [qrh(P, k=k).n_vertices for k in range(1, 9)] == [9] * 8


@pytest.mark.parametrize("k", range(1, 12))
def test_symmetric_transform(k):
    # Eq. (3.8) with the corrected factor (docs/errata.md#goodrich-2012-eq-3-8) and its
    # non-integer generalisation: RCH(P, 1/k) maps onto
    # RCH(P, 1/(n-k)), supports onto complements, edges onto edges.
    P = np.random.default_rng(6).standard_normal((12, 2))
    for inv in (k, k + 0.37):
        if inv > 11:
            continue
        src = qrh(P, 1 / inv)
        out = symmetric_transform(src, P)
        ref = qrh(P, 1 / (12 - inv))
        assert out.mu == pytest.approx(1 / (12 - inv), rel=1e-14)
        assert same_points(out.vertices, ref.vertices)
        check_rch(out, P, out.mu)
        for v in range(src.n_vertices):
            heavy = set(src.support[v, :-1].tolist())
            if inv == k:
                heavy.add(int(src.support[v, -1]))
            assert heavy.isdisjoint(out.support[v].tolist())
            assert len(heavy) + out.support.shape[1] == 12


def test_constant_structure_within_interval():
    # docs/errata.md#goodrich-2012-fig-3-12: for 1/mu in (k, k+1) the supports are the same;
    # reweight moves the vertices to the new mu and equals a fresh computation.
    P = np.random.default_rng(8).standard_normal((15, 2))
    for k in (1, 3, 7):
        base = qrh(P, 1 / (k + 0.5))
        assert mu_interval(base.mu) == pytest.approx((1 / (k + 1), 1 / k))
        for frac in (0.05, 0.3, 0.77, 0.95):
            mu = 1 / (k + frac)
            fresh = qrh(P, mu)
            moved = reweight(base, P, mu)
            assert support_keys(fresh) == support_keys(moved)
            assert same_points(moved.vertices, fresh.vertices)
            check_rch(moved, P, mu)
    assert mu_interval(1 / 3) == (1 / 3, 1 / 3)
    with pytest.raises(ValueError, match="structure interval"):
        reweight(qrh(P, 1 / 2.5), P, 1 / 3.5)


def test_degenerate_sets():
    # Ties (Fig. 3.6): a grid with duplicates; brute force and both algorithms agree after
    # non-vertex boundary points are removed. Collinear points: a segment, no facets.
    g = np.array([[x, y] for x in range(4) for y in range(3)] * 2, dtype=float)
    for k in (1, 2, 3, 5, 8):
        ref = rch_brute_2d(g, k=k)
        assert same_points(qrh(g, k=k).vertices, ref.vertices)
        assert same_points(beneath_rch(g, k=k).vertices, ref.vertices)
        check_rch(ref, g, 1 / k)
    line = np.c_[np.arange(6.0), 2 * np.arange(6.0)]
    seg = qrh(line, k=2)
    assert seg.n_vertices == 2 and seg.n_facets == 0
    np.testing.assert_allclose(seg.vertices, [[0.5, 1.0], [4.5, 9.0]])


def test_bad_input():
    P = np.random.default_rng(0).standard_normal((6, 2))
    with pytest.raises(ValueError, match="filter must be one of"):
        qrh(P, 0.5, filter="min")
    with pytest.raises(ValueError, match="mu must be >= 1/n"):
        qrh(P, 0.1)
    with pytest.raises(ValueError, match="2 columns"):
        rch_brute_2d(np.zeros((4, 3)), 1.0)
    with pytest.raises(ValueError, match="fewer than 3 dimensions"):
        beneath_rch(np.c_[P, np.zeros(6)], k=2)
    with pytest.raises(ValueError, match="rch.mu must be >= 1/\\(n-1\\)"):
        symmetric_transform(qrh(P, k=6), P)


# ----------------------------------------------------------------------------------------------
# Weighted RCHs (Sec. 3.9)


@pytest.mark.parametrize("seed", range(6))
def test_wrch_integer_weights_equal_duplication(seed):
    # Eq. (3.11): WRCH(P, mu, s) == RCH(P duplicated s_i times, mu), and both == the
    # weighted brute force and Alg. 6 with Alg. 7.
    rng = np.random.default_rng(200 + seed)
    n = int(rng.integers(4, 14))
    P = rng.standard_normal((n, 2))
    s = rng.integers(1, 4, n)
    P_dup, owner = duplicate_points(P, s)
    assert P_dup.shape[0] == s.sum() and np.array_equal(P_dup, P[owner])
    for mu in (wrch_min_mu(s) * 1.5, 1 / rng.uniform(1, s.sum()), 1 / 2, 1.0):
        hull = wqrh(P, s, mu)
        assert same_points(hull.vertices, qrh(P_dup, mu).vertices)
        assert same_points(hull.vertices, wrch_brute_2d(P, s, mu).vertices)
        assert same_points(hull.vertices, wbeneath(P, s, mu).vertices)
        assert same_points(hull.vertices, wqrh(P, s, mu, filter="none").vertices)
        np.testing.assert_allclose(
            np.einsum("vm,vmd->vd", hull.weights, P[np.maximum(hull.support, 0)]),
            hull.vertices,
            atol=1e-14,
        )
        assert np.all(hull.weights <= np.where(hull.support >= 0, s[hull.support] * mu, 0) + 1e-15)


def test_wrch_real_weights_and_scaling():
    # Non-integer weights (some zero) against the weighted brute force; only s mu matters;
    # Unit weights give the RCH.
    rng = np.random.default_rng(9)
    P = rng.standard_normal((15, 2))
    s = rng.uniform(0, 2, 15) * (rng.uniform(size=15) > 0.2)
    for mu in (1.5 * wrch_min_mu(s), 0.4, 2.0):
        hull = wqrh(P, s, mu)
        assert same_points(hull.vertices, wrch_brute_2d(P, s, mu).vertices)
        assert same_points(hull.vertices, wqrh(P, 2.5 * s, mu / 2.5).vertices)
        assert not set(np.flatnonzero(s == 0)) & set(hull.support.ravel().tolist())
    for mu in (1 / 3, 1 / 4.5, 1.0):
        assert same_points(wqrh(P, np.ones(15), mu).vertices, qrh(P, mu).vertices)


def test_wbeneath_in_3d_supports_the_wrch():
    # Alg. 6 with Alg. 7 in 3-D: every facet plane touches the WRCH (Alg. 7, itself checked
    # against the LP) and every vertex satisfies every facet inequality.
    rng = np.random.default_rng(10)
    P = rng.standard_normal((12, 3))
    s = rng.uniform(0.5, 3, 12)
    hull = wbeneath(P, s, 0.2)
    for normal, offset in zip(hull.normals, hull.offsets, strict=True):
        assert extreme_vertex(P, normal, mu=0.2, s=s).point @ normal == pytest.approx(
            offset, abs=TOL
        )
    assert np.all(hull.vertices @ hull.normals.T <= hull.offsets + TOL)


def test_wrch_collapse_and_fig_3_13():
    # At mu = 1/sum(s) the WRCH is the weighted centroid. With s = (1, 2, 3, 4) the
    # corner x_4 is a vertex until mu < 1/4, x_1 until mu < 1.
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])
    s = np.array([1.0, 2.0, 3.0, 4.0])
    point = wqrh(P, s, wrch_min_mu(s))
    assert point.n_vertices == 1 and wrch_min_mu(s) == pytest.approx(0.1)
    np.testing.assert_allclose(point.vertices[0], weighted_centroid(P, s), atol=1e-15)

    def has(hull, x):
        return np.linalg.norm(hull.vertices - x, axis=1).min() < 1e-12

    assert has(wqrh(P, s, 0.25), P[3]) and not has(wqrh(P, s, 0.24), P[3])
    assert has(wqrh(P, s, 1.0), P[0]) and not has(wqrh(P, s, 0.99), P[0])


def test_wrch_bad_input():
    P = np.random.default_rng(0).standard_normal((5, 2))
    with pytest.raises(ValueError, match="reduced hull is empty"):
        wqrh(P, np.ones(5), 0.1)
    with pytest.raises(ValueError, match="filter must be one of"):
        wqrh(P, np.ones(5), 0.5, filter="thesis")
    with pytest.raises(ValueError, match="s must be 5 non-negative integers"):
        duplicate_points(P, [1, 2, 1.5, 1, 1])
    with pytest.raises(ValueError, match="s must have a positive sum"):
        wrch_min_mu(np.zeros(3))
    with pytest.raises(ValueError, match="mu must be > 0"):
        wbeneath(P, np.ones(5), -1.0)
