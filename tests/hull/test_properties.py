"""k-sets, k-set polytopes, counts against mu and the bounds (3.4)-(3.7) (Goodrich 2012, Sec.
3.6-3.7), against definitions computed independently (LP separability of subsets, centroids of
all k-subsets)."""

from itertools import combinations

import numpy as np
import pytest
from scipy.optimize import linprog
from scipy.spatial import ConvexHull

from svmbook.hull import (
    beneath_rch,
    count_ksets,
    hull_counts,
    klee_facet_bound,
    kset_polytope,
    nr_bound,
    nv_bound_clarkson,
    nv_bound_trivial,
    qrh,
    rch_brute_2d,
)


def ksets_by_definition(P, k):
    """k-subsets T strictly separable from the rest: an LP feasibility test per subset,
    w.x_i - b >= 1 on T and <= -1 off T (strict separation of finite sets, rescaled)."""
    n, d = P.shape
    count = 0
    for T in combinations(range(n), k):
        sign = -np.ones(n)
        sign[list(T)] = 1.0
        # Variables (w, b): -sign_i (w.x_i - b) <= -1.
        A = -sign[:, None] * np.c_[P, -np.ones(n)]
        res = linprog(
            np.zeros(d + 1),
            A_ub=A,
            b_ub=-np.ones(n),
            bounds=[(None, None)] * (d + 1),
            method="highs",
        )
        count += res.status == 0
    return count


def same_points(A, B, tol=1e-9):
    if A.shape != B.shape:
        return False
    D = np.linalg.norm(A[:, None] - B[None], axis=2)
    return bool(np.all(D.min(axis=1) < tol) and np.all(D.min(axis=0) < tol))


@pytest.mark.parametrize(("n", "d", "seed"), [(8, 2, 0), (9, 2, 1), (7, 3, 2)])
def test_count_ksets_equals_definition(n, d, seed):
    # n_v(RCH(P, 1/k)) = number of k-sets, the latter by LP separability of every subset.
    P = np.random.default_rng(seed).standard_normal((n, d))
    for k in range(1, n):
        assert count_ksets(P, k) == ksets_by_definition(P, k)


def test_kset_polytope_equals_rch():
    # The convex hull of all k-subset centroids is RCH(P, 1/k) (n = 9, every k; and 3-D).
    P = np.random.default_rng(3).standard_normal((9, 2))
    for k in range(1, 10):
        assert same_points(kset_polytope(P, k), qrh(P, k=k).vertices)
    Q = np.random.default_rng(4).standard_normal((8, 3))
    for k in (1, 2, 4, 7):
        assert same_points(kset_polytope(Q, k), beneath_rch(Q, k=k).vertices)


def test_counts_symmetric_and_facets_equal_vertices():
    # Counts: n_v(1/k) = n_v(1/(n-k)); in the plane n_r = n_v.
    P = np.random.default_rng(5).uniform(size=(16, 2))
    n_v, n_r = hull_counts(P, [1 / k for k in range(1, 16)])
    assert n_v.tolist() == n_v[::-1].tolist()
    assert n_r.tolist() == n_v.tolist()
    n_v3, n_r3 = hull_counts(np.random.default_rng(6).standard_normal((9, 3)), [1.0, 1 / 3, 1 / 6])
    assert n_v3[1] == n_v3[2] and n_v3[0] <= 9
    assert np.all(n_r3 <= [klee_facet_bound(v, 3) for v in n_v3])


def test_planar_counts_of_chapter_08():
    # The counts of chapter 8's Figure 8.9 (25 uniform points, default_rng(3)): hull_counts
    # equals the exact brute-force hull at every integer 1/mu, the half-integer counts are the sums
    # of their integer neighbours, and every count respects the trivial and the facet bound.
    P = np.random.default_rng(3).uniform(size=(25, 2))
    ks = np.arange(1, 25)
    nv_int, nf_int = hull_counts(P, [1 / k for k in ks])
    nv_half, _ = hull_counts(P, [1 / (k + 0.5) for k in ks[:-1]])
    assert nv_int.tolist() == [rch_brute_2d(P, k=int(k)).n_vertices for k in ks]
    assert nv_int.tolist() == [
        7, 15, 20, 22, 25, 28, 29, 27, 29, 32, 34, 32, 32, 34, 32, 29, 27, 29, 28, 25, 22, 20, 15, 7
    ]
    assert np.array_equal(nv_half, nv_int[:-1] + nv_int[1:])
    assert np.array_equal(nf_int, nv_int)
    for k in (2, 5, 12):
        assert nv_int[k - 1] <= nv_bound_trivial(25, 1 / k)
        assert nf_int[k - 1] <= nr_bound(25, 2, 1 / k)


def test_trivial_bound():
    # (3.4) by hand, then tight at n = d + 1 (every subset of a simplex's vertices is a k-set),
    # and an upper bound on random sets.
    assert nv_bound_trivial(5, 1 / 2) == 10 and nv_bound_trivial(5, 0.4) == 30
    assert nv_bound_trivial(7, 1.0) == 7 and nv_bound_trivial(7, 1 / 7) == 1
    simplex = np.random.default_rng(7).standard_normal((4, 3))
    for k in (1, 2, 3):
        assert beneath_rch(simplex, k=k).n_vertices == nv_bound_trivial(4, 1 / k)
    P = np.random.default_rng(8).standard_normal((12, 2))
    for mu in (1.0, 1 / 2, 1 / 2.5, 1 / 6, 1 / 7.3, 1 / 11.5):
        assert qrh(P, mu).n_vertices <= nv_bound_trivial(12, mu)
        assert qrh(P, mu).n_facets <= nr_bound(12, 2, mu)


def test_klee_bound():
    # n in the plane, 2n - 4 in 3-D (attained by points on a sphere), n(n-3)/2 in 4-D.
    assert [klee_facet_bound(10, d) for d in (2, 3, 4, 5)] == [10, 16, 35, 2 * 7 * 6 // 2]
    S = np.random.default_rng(9).standard_normal((20, 3))
    S /= np.linalg.norm(S, axis=1, keepdims=True)
    assert len(ConvexHull(S).simplices) == klee_facet_bound(20, 3)
    P = np.random.default_rng(10).standard_normal((20, 4))
    assert len(ConvexHull(P).simplices) <= klee_facet_bound(20, 4)
    assert nr_bound(5, 2, 1 / 2) == 10


def test_clarkson_growth_term():
    # (3.5): n^floor(d/2) m^ceil(d/2), one more power of m for non-integer 1/mu, m folded at n/2.
    assert nv_bound_clarkson(10, 2, 1 / 3) == 30.0
    assert nv_bound_clarkson(10, 2, 1 / 2.5) == 90.0
    assert nv_bound_clarkson(10, 3, 1 / 3) == 10.0 * 9
    assert nv_bound_clarkson(10, 2, 1 / 8) == nv_bound_clarkson(10, 2, 1 / 2)


def test_bad_input():
    P = np.random.default_rng(0).standard_normal((6, 2))
    with pytest.raises(ValueError, match="k must be in"):
        count_ksets(P, 7)
    with pytest.raises(TypeError, match="k must be an integer"):
        kset_polytope(P, 2.5)
    with pytest.raises(ValueError, match="need d >= 2"):
        klee_facet_bound(3, 3)
    with pytest.raises(ValueError, match="mu must be >= 1/n"):
        nv_bound_trivial(4, 0.1)
