"""Quickhull (Alg. 3) and Beneath-Beyond (Alg. 4) against Qhull (scipy.spatial.ConvexHull),
the facet count of simplicial polytopes, and the degenerate inputs that break the printed
algorithms (docs/errata.md#goodrich-2012-alg-3, docs/errata.md#goodrich-2012-alg-4)."""

from itertools import combinations

import numpy as np
import pytest
from scipy.spatial import ConvexHull

from svmbook.hull import beneath_beyond, hyperplane, is_below, is_visible, quickhull2d


def cyclic_equal(a, b):
    a, b = list(a), list(b)
    if len(a) != len(b):
        return False
    if not a:
        return True
    k = b.index(a[0]) if a[0] in b else -1
    return k >= 0 and b[k:] + b[:k] == a


def check_hull_structure(hull, P, eps=1e-9):
    """Facets span the hull: every point below or on every facet, vertices on their facets,
    each ridge in exactly two facets, adjacency[f, j] shares the ridge opposite facets[f, j]."""
    d = P.shape[1]
    assert np.all(P @ hull.normals.T <= hull.offsets + eps)
    for f, verts in enumerate(hull.facets):
        np.testing.assert_allclose(P[verts] @ hull.normals[f], hull.offsets[f], atol=eps)
        for j in range(d):
            g = hull.adjacency[f, j]
            ridge = set(verts.tolist()) - {verts[j]}
            assert g != f and ridge <= set(hull.facets[g].tolist())
    counts = {}
    for verts in hull.facets.tolist():
        for sub in combinations(sorted(verts), d - 1):
            counts[sub] = counts.get(sub, 0) + 1
    assert set(counts.values()) == {2}
    np.testing.assert_allclose(np.linalg.norm(hull.normals, axis=1), 1.0, rtol=1e-12)


def test_hyperplane_2d_closed_form_and_orientation():
    n, c = hyperplane([[1.0, 1.0], [3.0, 2.0]])
    # Thesis Sec. 3.5.2: n = (x12 - x22, x21 - x11) = (-1, 2), normalised.
    np.testing.assert_allclose(n, np.array([-1.0, 2.0]) / np.sqrt(5), rtol=1e-15)
    assert c == pytest.approx(n @ [1.0, 1.0], rel=1e-15)
    n2, c2 = hyperplane([[1.0, 1.0], [3.0, 2.0]], reference=[0.0, 5.0])
    np.testing.assert_allclose(n2, -n)
    assert is_below(n2, c2, [0.0, 5.0]) and is_visible(n2, c2, [3.0, 0.0])
    assert not is_visible(n2, c2, [5.0, 3.0], eps=1e-9) and not is_below(n2, c2, [5.0, 3.0])


@pytest.mark.parametrize("d", [3, 4, 6])
def test_hyperplane_through_origin_d(d):
    # The thesis's system X n = c 1 is singular here (the plane contains the origin).
    rng = np.random.default_rng(d)
    X = rng.standard_normal((d, d))
    X[0] = 0.0
    ref = rng.standard_normal(d)
    n, c = hyperplane(X, reference=ref)
    np.testing.assert_allclose(X @ n, c, atol=1e-12)
    assert abs(c) < 1e-12 and n @ ref < c and np.linalg.norm(n) == pytest.approx(1.0)


def test_hyperplane_dependent_points():
    with pytest.raises(ValueError, match="affinely dependent"):
        hyperplane([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [2.0, 2.0, 2.0]])
    with pytest.raises(ValueError, match="affinely dependent"):
        hyperplane([[1.0, 2.0], [1.0, 2.0]])
    with pytest.raises(ValueError, match="shape"):
        hyperplane([[1.0, 2.0, 3.0]])


@pytest.mark.parametrize("seed", range(10))
def test_quickhull2d_equals_qhull(seed):
    # The same vertices in the same cyclic (counter-clockwise) order.
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 200))
    P = rng.standard_normal((n, 2)) * rng.uniform(0.1, 10, 2)
    assert cyclic_equal(quickhull2d(P), ConvexHull(P).vertices)


def test_quickhull2d_degenerate_inputs():
    # The printed Alg. 3 loops forever on each of these (docs/errata.md#goodrich-2012-alg-3).
    triangle = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]
    assert cyclic_equal(quickhull2d(triangle), [0, 1, 2])
    collinear = [[2.0, 2.0], [0.0, 0.0], [1.0, 1.0], [3.0, 3.0]]
    assert quickhull2d(collinear).tolist() == [1, 3]
    assert quickhull2d([[1.0, 1.0]] * 4).tolist() == [0]
    vertical = [[0.0, 1.0], [0.0, 0.0], [0.0, 2.0]]
    assert quickhull2d(vertical).tolist() == [1, 2]
    # A grid: collinear points on every edge, and duplicates; only the 4 corners are vertices.
    g = np.array([[x, y] for x in range(5) for y in range(4)] * 2, dtype=float)
    hull = quickhull2d(g)
    assert {tuple(p) for p in g[hull]} == {(0, 0), (4, 0), (4, 3), (0, 3)} and hull.size == 4
    ccw = g[hull]
    (ax, ay), (bx, by) = ccw[1] - ccw[0], ccw[2] - ccw[1]
    assert ax * by - ay * bx > 0


@pytest.mark.parametrize(("d", "n", "seed"), [(2, 60, 0), (3, 80, 1), (3, 30, 2), (4, 40, 3)])
def test_beneath_beyond_equals_qhull(d, n, seed):
    # In d dimensions: same vertex set, same facets as vertex sets, consistent adjacency.
    rng = np.random.default_rng(seed)
    P = rng.standard_normal((n, d))
    hull = beneath_beyond(P, random_state=seed)
    ref = ConvexHull(P)
    assert hull.vertices.tolist() == sorted(ref.vertices.tolist())
    assert {frozenset(f) for f in hull.facets.tolist()} == {
        frozenset(f) for f in ref.simplices.tolist()
    }
    check_hull_structure(hull, P)
    # Qhull's neighbours use the same "opposite vertex" convention: compare as sets per facet.
    ours = {
        frozenset(f): {frozenset(hull.facets[g]) for g in a}
        for f, a in zip(hull.facets.tolist(), hull.adjacency, strict=True)
    }
    theirs = {
        frozenset(f): {frozenset(ref.simplices[g]) for g in a}
        for f, a in zip(ref.simplices.tolist(), ref.neighbors, strict=True)
    }
    assert ours == theirs


def test_beneath_beyond_convex_position_klee():
    # Points on a sphere are all vertices and a simplicial 3-polytope has 2n - 4 facets.
    rng = np.random.default_rng(5)
    P = rng.standard_normal((25, 3))
    P /= np.linalg.norm(P, axis=1, keepdims=True)
    hull = beneath_beyond(P)
    assert hull.vertices.size == 25 and hull.facets.shape == (2 * 25 - 4, 3)


def test_beneath_beyond_independent_of_random_state():
    P = np.random.default_rng(9).standard_normal((30, 3))
    a, b = beneath_beyond(P, random_state=1), beneath_beyond(P, random_state=2)
    assert {frozenset(f) for f in a.facets.tolist()} == {frozenset(f) for f in b.facets.tolist()}


def test_beneath_beyond_bad_input():
    with pytest.raises(ValueError, match="fewer than 3 dimensions"):
        beneath_beyond(np.c_[np.random.default_rng(0).standard_normal((10, 2)), np.zeros(10)])
    with pytest.raises(ValueError, match="at least d \\+ 1"):
        beneath_beyond(np.eye(3))
    with pytest.raises(ValueError, match="NaN"):
        beneath_beyond([[0.0, np.nan], [1.0, 0.0], [0.0, 1.0]])
    with pytest.raises(ValueError, match="eps must be"):
        beneath_beyond(np.eye(3)[:, :2], eps=-1.0)
    with pytest.raises(ValueError, match="2 columns"):
        quickhull2d(np.eye(3))
