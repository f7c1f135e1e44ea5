"""Combinatorial properties of reduced convex hulls (Goodrich 2012, Sec. 3.6-3.7).

* k-sets: the subsets of k points a hyperplane can cut off. Each vertex of ``RCH(P, 1/k)`` is the
  centroid of one k-set, so the number of k-sets is ``n_v(RCH(P, 1/k))`` (:func:`count_ksets`),
  and the convex hull of all k-subset centroids, the scaled k-set polytope of Oraiby & Schmitt, is
  ``RCH(P, 1/k)`` (:func:`kset_polytope`).
* Vertex and facet counts against ``mu`` (Fig. 3.9; :func:`hull_counts`).
* The bounds (3.4)-(3.7) on the number of vertices and facets.
"""

from __future__ import annotations

from itertools import combinations
from math import comb, floor

import numpy as np

from .._validation import check_points
from .convex import beneath_beyond, quickhull2d
from .rch import beneath_rch, qrh
from .vertex import n_support, resolve_mu

__all__ = [
    "count_ksets",
    "hull_counts",
    "klee_facet_bound",
    "kset_polytope",
    "nr_bound",
    "nv_bound_clarkson",
    "nv_bound_trivial",
]


def _rch(P, mu=None, k=None, random_state=0):
    if P.shape[1] == 2:
        return qrh(P, mu, k=k)
    return beneath_rch(P, mu, k=k, random_state=random_state)


def count_ksets(P, k, random_state=0):
    """Return the number of k-sets of P: the vertices of ``RCH(P, 1/k)`` (Goodrich, Sec. 3.6).

    Parameters
    ----------
    P : array-like of shape (n, d)
        The points, d >= 2.
    k : int
        Subset size, ``1 <= k <= n``.
    random_state : None, int or numpy.random.Generator, default=0
        Initial simplex of Algorithm 6 (d >= 3).

    Returns
    -------
    int
        The number of k-sets, ``n_v(RCH(P, 1/k))``.

    Raises
    ------
    ValueError
        If ``k`` is outside ``1..n``.
    TypeError
        If ``k`` is not an integer.

    Examples
    --------
    >>> t = 2 * np.pi * np.arange(5) / 5
    >>> count_ksets(np.c_[np.cos(t), np.sin(t)], 2)  # Fig. 3.7: five 2-sets
    5
    """
    P = check_points("P", P, min_features=2)
    resolve_mu(P.shape[0], k=k)
    return _rch(P, k=k, random_state=random_state).n_vertices


def kset_polytope(P, k):
    """Vertices of ``conv{centroid(T) : T subset of P, |T| = k}`` (small n: all C(n, k) subsets).

    Andrzejak & Fukuda's k-set polytope is ``conv X(P; k)`` with ``X(P; k)`` the sums of k-subsets
    (printed "T in P"; read ``T`` a subset of ``P``, docs/errata.md#goodrich-2012-ch-1-3-slips);
    Oraiby & Schmitt scale it by ``1/k``, which equals ``RCH(P, 1/k)``. Exponential in n: a
    reference for tests and figures.

    Parameters
    ----------
    P, k
        As in :func:`count_ksets`.

    Returns
    -------
    ndarray of shape (n_v, d)
        The vertex coordinates (counter-clockwise in 2-D).
    """
    P = check_points("P", P, min_features=2)
    n = P.shape[0]
    resolve_mu(n, k=k)
    centroids = np.array([P[list(T)].mean(axis=0) for T in combinations(range(n), k)])
    if centroids.shape[0] == 1:
        return centroids
    if P.shape[1] == 2:
        return centroids[quickhull2d(centroids)]
    return centroids[beneath_beyond(centroids).vertices]


def hull_counts(P, mus, random_state=0):
    """Vertex and facet counts of ``RCH(P, mu)`` for each ``mu`` (the data of Fig. 3.9).

    Parameters
    ----------
    P : array-like of shape (n, d)
        The points, d >= 2.
    mus : iterable of float
        The reduction parameters, each in ``[1/n, 1]``.
    random_state : None, int or numpy.random.Generator, default=0
        Initial simplex of Algorithm 6 (d >= 3).

    Returns
    -------
    n_v : ndarray of shape (len(mus),), int64
        Number of vertices of each ``RCH(P, mu)``.
    n_r : ndarray of shape (len(mus),), int64
        Number of facets of each; in the plane ``n_r = n_v`` for hulls with at least 3 vertices.
    """
    P = check_points("P", P, min_features=2)
    hulls = [_rch(P, mu, random_state=random_state) for mu in mus]
    return (
        np.array([h.n_vertices for h in hulls], dtype=np.int64),
        np.array([h.n_facets for h in hulls], dtype=np.int64),
    )


def nv_bound_trivial(n, mu):
    """Bound (3.4) on the vertices of ``RCH(P, mu)``: ``C(n, m)``, times m for non-integer 1/mu.

    One vertex per k-subset (``m = ceil(1/mu)``), and for non-integer ``1/mu`` one per choice of
    the light point among the m. Tight only when all subsets are separable (``n = d + 1``).

    Parameters
    ----------
    n : int
        Number of points.
    mu : float
        Reduction parameter in ``[1/n, 1]``.

    Returns
    -------
    int
        The bound ``C(n, m)``, or ``m C(n, m)`` when ``1/mu`` is not an integer.
    """
    mu, _ = resolve_mu(n, mu=mu)
    m = n_support(mu, 0)
    integer = abs(1.0 / mu - m) <= 1e-12 * m
    return comb(n, m) * (1 if integer else m)


def nv_bound_clarkson(n, d, mu):
    """Return the growth term of bound (3.5), ``n^floor(d/2) m^ceil(d/2)``.

    (``m^(ceil(d/2)+1)`` for non-integer ``1/mu``), with ``m = min(ceil(1/mu), n - ceil(1/mu))``.

    (3.5) is an O() statement from Clarkson's bound on <=k-sets, so this is the expression
    inside the O(), without its unknown constant; it shows how the count scales, it is not a
    bound on a given set. Goodrich's complexity (3.9) writes ``m^(floor(d/2)+1)`` raised to
    ``floor(d/2)`` and the conclusions ``n^(floor(d/2)+1) m^(ceil(d/2)+1)/floor(d/2)!``; these are
    inconsistent with (3.5) and with each other (docs/errata.md#goodrich-2012-eq-3-9), and are
    not implemented.

    Parameters
    ----------
    n : int
        Number of points.
    d : int
        Dimension of the points.
    mu : float
        Reduction parameter in ``[1/n, 1]``.

    Returns
    -------
    float
        The growth term, without the constant of the O().
    """
    mu, _ = resolve_mu(n, mu=mu)
    m_ceil = n_support(mu, 0)
    integer = abs(1.0 / mu - m_ceil) <= 1e-12 * m_ceil
    m = max(min(m_ceil, n - m_ceil), 1)
    return float(n) ** (d // 2) * float(m) ** (-(-d // 2) + (0 if integer else 1))


def klee_facet_bound(n, d):
    """Klee's upper bound on the facets of a convex hull of n points in d dimensions.

    ``2n/d C(n - d/2 - 1, d/2 - 1)`` for even d, ``2 C(n - floor(d/2) - 1, floor(d/2))`` for odd
    d: ``n`` in the plane, ``2n - 4`` in 3-D (attained by simplicial polytopes), ``n(n-3)/2`` in
    4-D (cyclic polytopes).

    Parameters
    ----------
    n : int
        Number of points, ``n >= d + 1``.
    d : int
        Dimension, ``d >= 2``.

    Returns
    -------
    int
        The largest possible number of facets.

    Raises
    ------
    ValueError
        If ``d < 2`` or ``n < d + 1``.

    Examples
    --------
    >>> [klee_facet_bound(10, d) for d in (2, 3, 4)]
    [10, 16, 35]
    """
    if d < 2 or n < d + 1:
        raise ValueError(f"need d >= 2 and n >= d + 1, got n={n}, d={d}")
    h = d // 2
    if d % 2 == 0:
        return 2 * n * comb(n - h - 1, h - 1) // d
    return 2 * comb(n - floor(d / 2) - 1, floor(d / 2))


def nr_bound(n, d, mu):
    """Bound (3.7) on the facets of ``RCH(P, mu)``: Klee's bound at ``n_v`` from (3.4).

    The RCH is the convex hull of its ``n_v`` vertices, so ``n_r <= n_f(n_v, d)``. Valid only
    for hulls with at least d + 1 vertices (else there are no facets).

    Parameters
    ----------
    n : int
        Number of points.
    d : int
        Dimension of the points, >= 2.
    mu : float
        Reduction parameter in ``[1/n, 1]``.

    Returns
    -------
    int
        Klee's bound at ``max(n_v, d + 1)`` points, ``n_v`` the bound (3.4).
    """
    nv = nv_bound_trivial(n, mu)
    return klee_facet_bound(max(nv, d + 1), d)
