"""Convex hulls: hyperplanes through d points, Quickhull (2-D) and Beneath-Beyond (d-D).

Goodrich (2012), Sec. 3.2 and 3.5.2: Algorithm 3 (Quickhull, after Preparata & Shamos) and
Algorithm 4 (Beneath-Beyond, Barber et al. 1996, Theorem 1). They are the ``mu = 1`` cases of
the reduced-hull algorithms in :mod:`svmbook.hull.rch`, which reuse the facet structure here.

Conventions
-----------
* A facet of a d-dimensional hull is a (d-1)-simplex given by d vertex indices; its hyperplane is
  ``normal . x = offset`` with a *unit* outward normal, so ``normal . x - offset`` is a signed
  distance (positive outside).
* A point ``p`` is *visible* from (beyond) a facet if ``normal . p > offset + eps`` and *below* it
  if ``normal . p < offset - eps``; in between it is coplanar (Goodrich's Fig. 3.2 uses strict
  ``<`` without a tolerance).
* ``eps`` is a distance. ``None`` means ``1e-12`` times the extent of the points (the largest
  distance of a point from their mean), so results do not depend on the units.
* Adjacency follows Qhull: ``adjacency[f, j]`` is the facet sharing the ridge *opposite*
  ``facets[f, j]`` (the ridge made of the facet's other d-1 vertices).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from .._validation import check_points

__all__ = [
    "Hull",
    "beneath_beyond",
    "hyperplane",
    "is_below",
    "is_visible",
    "quickhull2d",
]


def default_eps(P, eps=None):
    """``eps`` if given, else ``1e-12`` times the extent of the points (a distance)."""
    if eps is not None:
        if not eps >= 0:
            raise ValueError(f"eps must be >= 0, got {eps!r}")
        return float(eps)
    extent = float(np.sqrt(((P - P.mean(axis=0)) ** 2).sum(axis=1).max())) if P.size else 0.0
    return 1e-12 * max(extent, np.finfo(float).tiny)


def hyperplane(points, reference=None):
    """Return the unit normal and offset of the hyperplane through d points in d-D (Sec. 3.5.2).

    Parameters
    ----------
    points : array-like of shape (d, d)
        The points, one per row.
    reference : array-like of shape (d,), optional
        A point strictly inside the hull; the normal is oriented away from it (outward).

    Returns
    -------
    normal : ndarray of shape (d,)
        Unit normal; ``normal . x = offset`` on the hyperplane.
    offset : float

    Notes
    -----
    In 2-D the closed form of the thesis, ``n = (x_12 - x_22, x_21 - x_11)``: ``x_2 - x_1``
    rotated counter-clockwise by 90 degrees. In d-D the thesis solves ``X n = c 1``; that system
    is singular when the hyperplane contains the origin and the sign of ``c`` does not orient
    it. Correction to the source: we take the null space of the differences ``x_k - x_1`` (the
    last right singular vector) and orient it by ``reference``.

    Examples
    --------
    >>> n, c = hyperplane([[0.0, 0.0], [1.0, 0.0]], reference=[0.5, -1.0])
    >>> n.round(6).tolist(), round(c, 6)
    ([0.0, 1.0], 0.0)
    """
    X = np.asarray(points, dtype=np.float64)
    d = X.shape[1]
    if X.shape != (d, d):
        raise ValueError(f"points must have shape (d, d), got {X.shape}")
    if d == 2:
        normal = np.array([X[0, 1] - X[1, 1], X[1, 0] - X[0, 0]])
        norm = np.hypot(normal[0], normal[1])
    else:
        _, sv, vt = np.linalg.svd(X[1:] - X[0])
        normal = vt[-1]
        norm = 1.0 if sv[-1] > 1e-14 * max(sv[0], np.finfo(float).tiny) else 0.0
    if norm == 0.0:
        raise ValueError("points are affinely dependent: no unique hyperplane through them")
    normal = normal / norm
    offset = float(normal @ X.mean(axis=0))
    if reference is not None and normal @ np.asarray(reference, dtype=np.float64) > offset:
        normal, offset = -normal, -offset
    return normal, offset


def is_visible(normal, offset, p, eps=0.0):
    """Whether ``p`` is beyond the facet ``normal . x = offset``: ``normal . p > offset + eps``.

    Parameters
    ----------
    normal : ndarray of shape (n_features,)
        Unit outward normal of the facet's hyperplane.
    offset : float
        The hyperplane's offset: it is ``{x : normal . x = offset}``.
    p : array-like of shape (n_features,) or (n_points, n_features)
        One point, or several points as rows.
    eps : float, default=0.0
        Distance tolerance: points within ``eps`` of the hyperplane count as coplanar.

    Returns
    -------
    bool or ndarray of bool of shape (n_points,)
        Whether the point is visible from (strictly beyond) the facet; one value per point
        when ``p`` holds several.
    """
    return np.asarray(p) @ normal > offset + eps


def is_below(normal, offset, p, eps=0.0):
    """Whether ``p`` is below the facet (Fig. 3.2): ``normal . p < offset - eps``.

    Parameters
    ----------
    normal, offset, p, eps
        As in :func:`is_visible`.

    Returns
    -------
    bool or ndarray of bool of shape (n_points,)
        Whether the point is strictly below the facet; one value per point when ``p`` holds
        several.
    """
    return np.asarray(p) @ normal < offset - eps


@njit(cache=True)
def _beyond(P, S, a, b, eps):
    """Points of ``S`` strictly beyond the directed line a -> b (left side): distance > eps."""
    nx, ny = a[1] - b[1], b[0] - a[0]
    norm = np.hypot(nx, ny)
    out = np.empty(S.shape[0], dtype=np.int64)
    c = 0
    if norm == 0.0:
        return out[:0]
    for t in range(S.shape[0]):
        i = S[t]
        if ((P[i, 0] - a[0]) * nx + (P[i, 1] - a[1]) * ny) / norm > eps:
            out[c] = i
            c += 1
    return out[:c]


@njit(cache=True)
def _quickhull2d(P, eps):
    n = P.shape[0]
    # Thesis: l = argmax -x, r = argmax x. Correction: ties in x broken by y (lowest y for l,
    # highest for r), so l and r are vertices even on a vertical edge.
    l = 0
    r = 0
    for i in range(n):
        if P[i, 0] < P[l, 0] or (P[i, 0] == P[l, 0] and P[i, 1] < P[l, 1]):
            l = i
        if P[i, 0] > P[r, 0] or (P[i, 0] == P[r, 0] and P[i, 1] > P[r, 1]):
            r = i
    if P[l, 0] == P[r, 0] and P[l, 1] == P[r, 1]:
        return np.array([l], dtype=np.int64)
    everything = np.arange(n)
    # Iterative QH_HELPER: a stack of (a, b, points beyond a -> b); the left part is popped
    # first and each leaf emits its first endpoint, so the output is the ordered chain.
    stack_a = [r, l]
    stack_b = [l, r]
    stack_s = [_beyond(P, everything, P[r], P[l], eps), _beyond(P, everything, P[l], P[r], eps)]
    chain = []
    while len(stack_a) > 0:
        a = stack_a.pop()
        b = stack_b.pop()
        S = stack_s.pop()
        if S.shape[0] == 0:
            # Guard (docs/errata.md#goodrich-2012-alg-3): nothing strictly beyond a -> b, so the
            # facet is final. As printed (P = {l, r} only) Alg. 3 recurses forever on a triangle's
            # flat side.
            chain.append(a)
            continue
        nx, ny = P[a, 1] - P[b, 1], P[b, 0] - P[a, 0]
        h = S[0]
        best = -np.inf
        for i in S:
            v = (P[i, 0] - P[a, 0]) * nx + (P[i, 1] - P[a, 1]) * ny
            if v > best:
                best = v
                h = i
        stack_a.append(h)
        stack_b.append(b)
        stack_s.append(_beyond(P, S, P[h], P[b], eps))
        stack_a.append(a)
        stack_b.append(h)
        stack_s.append(_beyond(P, S, P[a], P[h], eps))
    return np.array(chain, dtype=np.int64)


def quickhull2d(P, eps=None):
    """Vertices of the convex hull of 2-D points in counter-clockwise order (Algorithm 3).

    Parameters
    ----------
    P : array-like of shape (n, 2)
    eps : float, optional
        Distance tolerance: a point within ``eps`` of a hull edge is not a vertex.

    Returns
    -------
    ndarray of int64
        Indices of the hull vertices, counter-clockwise, starting at the lowest-x (then lowest-y)
        point. Collinear points on edges are excluded; of duplicate points one index is returned.

    Notes
    -----
    Corrections to the source (docs/errata.md#goodrich-2012-alg-3): Algorithm 3 as printed stops
    only when ``P = {l, r}``, so it never terminates on a triangle (the flat side gives
    ``h in {l, r}``, a zero normal and ``L = P``) nor on collinear or duplicate points (``>=`` keeps
    them). Here a side stops when no point is strictly farther than ``eps`` beyond it, and the
    subsets keep only such points. The recursion runs as an explicit stack in numba. "Union" is an
    ordered concatenation: with the thesis's normal (counter-clockwise rotation of ``r - l``) it
    emits the vertices clockwise; we return them counter-clockwise like Qhull and matplotlib's
    positive orientation.

    Examples
    --------
    >>> quickhull2d([[0, 0], [2, 0], [1, 1], [1, 3], [0, 0], [1, 0]]).tolist()
    [0, 1, 3]
    """
    P = check_points("P", P, min_features=2)
    if P.shape[1] != 2:
        raise ValueError(f"P must have 2 columns, got {P.shape[1]}")
    clockwise = _quickhull2d(P, default_eps(P, eps))
    return np.concatenate([clockwise[:1], clockwise[:0:-1]])


@dataclass
class Hull:
    """A convex polytope in d dimensions as facets over vertices.

    Attributes
    ----------
    vertices : ndarray of shape (n_v,), int64
        Point indices of the vertices, increasing.
    facets : ndarray of shape (n_f, d), int64
        Point indices of each facet's d vertices.
    adjacency : ndarray of shape (n_f, d), int64
        ``adjacency[f, j]`` is the facet sharing the ridge opposite ``facets[f, j]``.
    normals : ndarray of shape (n_f, d)
        Unit outward normals.
    offsets : ndarray of shape (n_f,)
        ``normals[f] . x <= offsets[f]`` for every x in the hull.
    """

    vertices: np.ndarray
    facets: np.ndarray
    adjacency: np.ndarray
    normals: np.ndarray
    offsets: np.ndarray


class FacetComplex:
    """The boundary of a growing simplicial polytope (facets, normals, adjacency).

    Shared by Beneath-Beyond (Alg. 4) and the general-dimension RCH algorithm (Alg. 6): both
    start from a d-simplex and repeatedly replace the facets visible from a new vertex by the
    cone from that vertex to their horizon (Theorem 1). Vertices are kept as coordinates with
    caller-chosen ids; ``interior`` is a fixed point strictly inside, used to orient normals.
    """

    def __init__(self, coords, simplex, eps):
        self.coords = coords  # vertex id -> coordinates (a dict or an array)
        self.eps = eps
        self.interior = np.mean([coords[v] for v in simplex], axis=0)
        self.facets, self.normals, self.offsets, self.nbrs = {}, {}, {}, {}
        self._next = 0
        ids = []
        for skip in range(len(simplex)):
            ids.append(self._new_facet(tuple(v for j, v in enumerate(simplex) if j != skip)))
        # The facet omitting simplex[i], at the slot of simplex[j], borders the one omitting j.
        for i, fid in enumerate(ids):
            rest = [j for j in range(len(simplex)) if j != i]
            self.nbrs[fid] = [ids[j] for j in rest]

    def _new_facet(self, verts):
        fid = self._next
        self._next += 1
        self.facets[fid] = verts
        pts = np.array([self.coords[v] for v in verts])
        self.normals[fid], self.offsets[fid] = hyperplane(pts, self.interior)
        return fid

    def visible(self, x):
        """Ids of the facets visible from ``x`` (``normal . x > offset + eps``)."""
        return [f for f in self.facets if self.normals[f] @ x > self.offsets[f] + self.eps]

    def add_apex(self, apex, visible):
        """Replace the ``visible`` facets by the cone from vertex ``apex`` to their horizon.

        Returns the ids of the new facets. Correction to the source: Alg. 4 as printed never
        removes the visible facets, and its "boundary edges" are the horizon ridges, the ridges
        between a visible and a non-visible facet (docs/errata.md#goodrich-2012-alg-4).
        """
        vis = set(visible)
        new, open_ridges = [], {}
        for f in visible:
            verts = self.facets[f]
            for j, g in enumerate(self.nbrs[f]):
                if g in vis:
                    continue
                ridge = verts[:j] + verts[j + 1 :]
                fid = self._new_facet(ridge + (apex,))
                new.append(fid)
                # Slot of the apex faces g; the other slots are matched below.
                self.nbrs[fid] = [None] * len(ridge) + [g]
                self.nbrs[g][self.nbrs[g].index(f)] = fid
                for i in range(len(ridge)):
                    key = frozenset(ridge[:i] + ridge[i + 1 :])
                    if key in open_ridges:
                        other, slot = open_ridges.pop(key)
                        self.nbrs[fid][i] = other
                        self.nbrs[other][slot] = fid
                    else:
                        open_ridges[key] = (fid, i)
        for f in visible:
            del self.facets[f], self.normals[f], self.offsets[f], self.nbrs[f]
        return new

    def flat_vertices(self, tol=1e-9):
        """Return the vertices that are not extreme.

        The normals of their facets span fewer than d dimensions (they lie inside an edge or a
        face). Under ties, an early vertex can end up
        on the boundary of the final hull without being a vertex (Goodrich's Fig. 3.6).
        """
        incident = {}
        for f, verts in self.facets.items():
            for v in verts:
                incident.setdefault(v, []).append(self.normals[f])
        d = len(self.interior)
        flat = []
        for v, normals in incident.items():
            sv = np.linalg.svd(np.array(normals), compute_uv=False)
            if sv.size < d or sv[d - 1] <= tol:
                flat.append(v)
        return flat

    def without_flat_vertices(self, rng):
        """Return this complex, or, if it has flat vertices, the hull of its true vertices rebuilt.

        The true vertices are in convex position, so inserting them in any order never leaves
        a non-extreme one behind.
        """
        flat = set(self.flat_vertices())
        if not flat:
            return self
        keep = sorted({v for verts in self.facets.values() for v in verts} - flat)
        kept = np.array([self.coords[v] for v in keep])

        def extreme(direction):
            t = int(np.argmax(kept @ direction))
            return keep[t], kept[t]

        hull = FacetComplex(
            self.coords, initial_simplex(extreme, kept.shape[1], self.eps, rng), self.eps
        )
        for v, x in zip(keep, kept, strict=True):
            visible = hull.visible(x)
            if visible:
                hull.add_apex(v, visible)
        return hull

    def arrays(self):
        """``(facets, adjacency, normals, offsets)`` with facets renumbered 0..n_f-1."""
        order = sorted(self.facets)
        pos = {f: i for i, f in enumerate(order)}
        facets = np.array([self.facets[f] for f in order], dtype=np.int64)
        adjacency = np.array([[pos[g] for g in self.nbrs[f]] for f in order], dtype=np.int64)
        normals = np.array([self.normals[f] for f in order])
        offsets = np.array([self.offsets[f] for f in order])
        return facets, adjacency, normals, offsets


def initial_simplex(extreme, d, eps, rng):
    """D + 1 affinely independent vertices from an oracle ``extreme(direction) -> (id, point)``.

    Alg. 4 and 6 start from "two facets with opposing normals through any d points", a flat polytope
    whose normals are arbitrary and whose d points may be affinely dependent. Correction to the
    source (docs/errata.md#goodrich-2012-alg-4): a full d-simplex, grown one vertex at a time by the
    extremes in both senses of a direction orthogonal to the affine hull of the vertices found so
    far; the farther one is kept. A ``ValueError`` says when the set is flatter than d dimensions.
    """
    ids, pts = [], []
    direction = rng.standard_normal(d)
    i0, p0 = extreme(direction)
    ids.append(i0)
    pts.append(p0)
    basis = np.zeros((0, d))
    while len(ids) < d + 1:
        # A random direction in the orthogonal complement of span(p_k - p_0).
        u = rng.standard_normal(d)
        u -= basis.T @ (basis @ u)
        u /= np.linalg.norm(u)
        best = None
        for sign in (1.0, -1.0):
            i, p = extreme(sign * u)
            gap = abs(u @ (p - p0))
            if best is None or gap > best[0]:
                best = (gap, i, p)
        gap, i, p = best
        if gap <= eps:
            raise ValueError(
                f"the points span fewer than {d} dimensions (flat along a direction, within "
                f"eps={eps:g}); a {d}-D hull needs a full-dimensional set"
            )
        ids.append(i)
        pts.append(p)
        basis = np.linalg.qr((np.array(pts[1:]) - p0).T)[0].T
    return ids


def beneath_beyond(P, eps=None, random_state=0):
    """Convex hull of points in d >= 2 dimensions by Beneath-Beyond (Algorithm 4).

    Parameters
    ----------
    P : array-like of shape (n, d)
        At least d + 1 points, not all in a hyperplane.
    eps : float, optional
        Distance tolerance of the visibility test; points within ``eps`` of the hull are inside.
    random_state : None, int or numpy.random.Generator, default=0
        Draws the directions that pick the initial simplex.

    Returns
    -------
    Hull

    Notes
    -----
    Points are inserted in index order (Alg. 4's "for all x in P"); a point beyond some facet
    replaces the facets visible from it by the cone to their horizon ridges (Theorem 1). Corrections
    to the source (docs/errata.md#goodrich-2012-alg-4): a non-degenerate initial simplex, the
    removal of the visible facets, the horizon ridges as "boundary edges", the ``eps`` tolerance.
    Facets are simplices, so a facet with more than d coplanar points is triangulated (as Qhull's
    ``Qt``); on degenerate input an early point can end inside an edge or face of the final hull,
    and such non-vertices are removed at the end (:meth:`FacetComplex.without_flat_vertices`).

    Examples
    --------
    >>> cube = [[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)] + [[0.5, 0.5, 0.5]]
    >>> hull = beneath_beyond(cube)
    >>> hull.vertices.tolist(), hull.facets.shape
    ([0, 1, 2, 3, 4, 5, 6, 7], (12, 3))
    """
    P = check_points("P", P, min_features=2)
    n, d = P.shape
    eps = default_eps(P, eps)
    if n < d + 1:
        raise ValueError(f"P needs at least d + 1 = {d + 1} points, got {n}")
    rng = np.random.default_rng(random_state)

    def extreme(direction):
        i = int(np.argmax(P @ direction))
        return i, P[i]

    simplex = initial_simplex(extreme, d, eps, rng)
    hull = FacetComplex(P, simplex, eps)
    for i in range(n):
        visible = hull.visible(P[i])
        if visible:
            hull.add_apex(i, visible)
    facets, adjacency, normals, offsets = hull.without_flat_vertices(rng).arrays()
    return Hull(np.unique(facets), facets, adjacency, normals, offsets)
