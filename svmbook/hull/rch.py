"""Reduced convex hulls as polytopes (Goodrich 2012, Sec. 3.4-3.7).

``RCH(P, mu) = {sum_i alpha_i x_i | sum_i alpha_i = 1, 0 <= alpha_i <= mu}`` (eq. 3.2) is a convex
polytope (Thm 2) whose vertices are Theorem-3 points: each is the mean of a k-set weighted
``mu, .., mu, 1 - (m - 1) mu`` with ``m = ceil(1/mu)``. This module computes the whole polytope:

* :func:`qrh` -- Algorithm 5, Quickhull for RCHs in the plane, with the corrected point filter;
* :func:`beneath_rch` -- Algorithm 6, the general-dimension (Beneath-Beyond based) algorithm;
* :func:`rch_brute_2d` -- an exact reference in the plane by critical-direction enumeration;
* :func:`symmetric_transform` -- eq. (3.8), ``RCH(P, 1/k) -> RCH(P, 1/(n-k))`` and its
  generalisation to any ``mu``; :func:`mu_interval` and :func:`reweight` -- the constant
  combinatorial structure for ``1/mu`` in ``(k, k+1)``.

All return an :class:`RCH`, Goodrich's matrix representation (Sec. 3.5.1): a support matrix
``V`` (one row of ``m`` point indices per vertex, light point last), the vertex coordinates, and
facets over vertex rows with their adjacency.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from .._validation import check_option, check_points
from .convex import FacetComplex, default_eps, hyperplane, initial_simplex
from .vertex import n_support, rch_vertex, resolve_mu, wrch_vertex

__all__ = [
    "RCH",
    "beneath_rch",
    "mu_interval",
    "qrh",
    "rch_brute_2d",
    "reweight",
    "symmetric_transform",
]

FILTERS = ("both", "none", "thesis")
#: The empty weight vector that tells the shared builders "unweighted" (numba needs one type).
NO_WEIGHTS = np.zeros(0)
_FILTER_CODE = {"both": 0, "none": 1, "thesis": 2}


@dataclass
class RCH:
    """A reduced convex hull ``RCH(P, mu)`` in Goodrich's matrix representation (Sec. 3.5.1).

    Attributes
    ----------
    mu : float
        The reduction parameter (``1/k`` when built with ``k``).
    support : ndarray of shape (n_v, m), int64
        Row v: indices into P of the support points of vertex v, best projection first; the
        last column is the light point, of weight ``1 - (m - 1) mu`` (Goodrich's ``V``). Weighted
        hulls have rows of different lengths, padded with -1.
    weights : ndarray of shape (n_v, m)
        The matching weights ``alpha`` (0 where ``support`` is -1); each row sums to 1.
    vertices : ndarray of shape (n_v, d)
        Vertex coordinates ``weights[v] @ P[support[v]]``. In 2-D they are in counter-clockwise
        order for :func:`qrh` and :func:`rch_brute_2d`.
    facets : ndarray of shape (n_f, d), int64
        Facets as rows of vertex indices (into ``vertices``, not P: Goodrich's ``F``). In 2-D
        facet i joins vertices i and i + 1. Empty when the hull has fewer than d + 1 vertices.
    adjacency : ndarray of shape (n_f, d), int64
        ``adjacency[f, j]``: the facet sharing the ridge opposite ``facets[f, j]`` (``A``).
    normals : ndarray of shape (n_f, d)
        Unit outward facet normals.
    offsets : ndarray of shape (n_f,)
        ``normals[f] . x <= offsets[f]`` on the hull.
    s : ndarray of shape (n,) or None
        The point weights of a weighted hull (:mod:`svmbook.hull.wrch`); None for an RCH.
    """

    mu: float
    support: np.ndarray
    weights: np.ndarray
    vertices: np.ndarray
    facets: np.ndarray
    adjacency: np.ndarray
    normals: np.ndarray
    offsets: np.ndarray
    s: np.ndarray | None = None

    @property
    def n_vertices(self):
        """Number of vertices ``n_v``."""
        return self.vertices.shape[0]

    @property
    def n_facets(self):
        """Number of facets ``n_r``."""
        return self.facets.shape[0]


# --------------------------------------------------------------------------------------------
# The plane: polygons in counter-clockwise order


def _prune_polygon(coords, eps):
    """Return the indices of a cyclic polygon's true vertices.

    Drops repeats and points within ``eps`` of the segment joining their neighbours (non-vertex
    boundary points from ties, Fig. 3.6).
    """
    keep = list(range(len(coords)))
    changed = True
    while changed and len(keep) > 1:
        changed = False
        for t in range(len(keep)):
            a, b, c = coords[keep[t - 1]], coords[keep[t]], coords[keep[(t + 1) % len(keep)]]
            ab, ac = b - a, c - a
            norm = np.hypot(ac[0], ac[1])
            flat = abs(ab[0] * ac[1] - ab[1] * ac[0]) <= eps * norm and ab @ ac >= -eps * norm
            if np.hypot(ab[0], ab[1]) <= eps or (len(keep) > 2 and flat):
                del keep[t]
                changed = True
                break
    return keep


def _polygon(mu, supports, weights, coords, eps):
    """Build an :class:`RCH` from a cyclic counter-clockwise vertex list (may contain repeats)."""
    keep = _prune_polygon(coords, eps)
    coords = np.asarray([coords[i] for i in keep]).reshape(-1, 2)
    n_v = coords.shape[0]
    if n_v < 3:
        facets = np.zeros((0, 2), dtype=np.int64)
        adjacency, normals, offsets = facets.copy(), np.zeros((0, 2)), np.zeros(0)
    else:
        nxt = (np.arange(n_v) + 1) % n_v
        facets = np.c_[np.arange(n_v), nxt]
        adjacency = np.c_[nxt, (np.arange(n_v) - 1) % n_v]
        centre = coords.mean(axis=0)
        planes = [hyperplane(coords[f], centre) for f in facets]
        normals = np.array([p[0] for p in planes])
        offsets = np.array([p[1] for p in planes])
    support, w = _pad([supports[i] for i in keep], [weights[i] for i in keep])
    return RCH(float(mu), support, w, coords, facets, adjacency, normals, offsets)


def _pad(supports, weights):
    m = max(len(s) for s in supports)
    support = np.full((len(supports), m), -1, dtype=np.int64)
    w = np.zeros((len(supports), m))
    for v, (s, lam) in enumerate(zip(supports, weights, strict=True)):
        support[v, : len(s)] = s
        w[v, : len(s)] = lam
    return support, w


@njit(cache=True)
def _vertex_on(P, S, nx, ny, mu, k, s):
    """Return the vertex maximising ``nx x + ny y``: (support, weights, x, y).

    The vertex is of RCH(P[S], mu) (Thm 3) or, if ``s`` is non-empty, of WRCH(P[S], mu, s[S])
    (Alg. 7).
    """
    proj = np.empty(S.shape[0])
    for t in range(S.shape[0]):
        proj[t] = -(nx * P[S[t], 0] + ny * P[S[t], 1])
    if s.shape[0] > 0:
        idx, lam = wrch_vertex(proj, s[S], mu)
    else:
        idx, lam = rch_vertex(proj, mu, k)
    sup = S[idx]
    x = 0.0
    y = 0.0
    for j in range(sup.shape[0]):
        x += lam[j] * P[sup[j], 0]
        y += lam[j] * P[sup[j], 1]
    return sup, lam, x, y


@njit(cache=True)
def _min_proj(P, sup, nx, ny):
    best = np.inf
    for i in sup:
        best = min(best, nx * P[i, 0] + ny * P[i, 1])
    return best


@njit(cache=True)
def _keep_beyond(P, S, nx, ny, threshold):
    out = np.empty(S.shape[0], dtype=np.int64)
    c = 0
    for i in S:
        if nx * P[i, 0] + ny * P[i, 1] >= threshold:
            out[c] = i
            c += 1
    return out[:c]


@njit(cache=True)
def _unit_normal(ax, ay, bx, by):
    """Goodrich's normal of the facet a -> b: ``b - a`` rotated counter-clockwise, unit length."""
    nx, ny = ay - by, bx - ax
    norm = np.hypot(nx, ny)
    if norm == 0.0:
        return 0.0, 0.0
    return nx / norm, ny / norm


@njit(cache=True)
def _qrh(P, mu, k, s, filt, eps, sup_l, lam_l, x_l, sup_r, lam_r, x_r):
    """Algorithm 5 from the initial vertices l and r; returns the clockwise chain.

    The recursion QRH_HELPER(S, a, b) runs as an explicit stack (left part first), each leaf
    emitting its first endpoint, so the vertices come out in order.
    """
    sups = [sup_l, sup_r]
    lams = [lam_l, lam_r]
    xs = [x_l[0], x_r[0]]
    ys = [x_l[1], x_r[1]]
    everything = np.arange(P.shape[0])
    m = n_support(mu, k)
    stack_a = [1, 0]
    stack_b = [0, 1]
    stack_s = [everything, everything]
    chain = []
    while len(stack_a) > 0:
        a = stack_a.pop()
        b = stack_b.pop()
        S = stack_s.pop()
        if filt == 2 and S.shape[0] < m:
            # Only the printed filter gets here: too few points left for a vertex.
            chain.append(a)
            continue
        nx, ny = _unit_normal(xs[a], ys[a], xs[b], ys[b])
        sup, lam, hx, hy = _vertex_on(P, S, nx, ny, mu, k, s)
        # "if h = l or h = r": a projection test, not float equality (ties give h != l, r exactly).
        if nx * (hx - xs[a]) + ny * (hy - ys[a]) <= eps:
            chain.append(a)
            continue
        h = len(xs)
        sups.append(sup)
        lams.append(lam)
        xs.append(hx)
        ys.append(hy)
        lx, ly = _unit_normal(xs[a], ys[a], hx, hy)
        rx, ry = _unit_normal(hx, hy, xs[b], ys[b])
        if filt == 1:
            left, right = S, S
        elif filt == 2:
            # As printed: n_l . x >= n_l . s "for any s in S(h)", i.e. >= the minimum over S(h).
            left = _keep_beyond(P, S, lx, ly, _min_proj(P, sup, lx, ly) - eps)
            right = _keep_beyond(P, S, rx, ry, _min_proj(P, sup, rx, ry) - eps)
        else:
            # Corrected: the support points of both endpoints of the new facet stay.
            t_left = min(_min_proj(P, sups[a], lx, ly), _min_proj(P, sup, lx, ly))
            t_right = min(_min_proj(P, sup, rx, ry), _min_proj(P, sups[b], rx, ry))
            left = _keep_beyond(P, S, lx, ly, t_left - eps)
            right = _keep_beyond(P, S, rx, ry, t_right - eps)
        stack_a.append(h)
        stack_b.append(b)
        stack_s.append(right)
        stack_a.append(a)
        stack_b.append(h)
        stack_s.append(left)
    return np.array(chain, dtype=np.int64), sups, lams, np.array(xs), np.array(ys)


def _build_qrh(P, mu, k, s, filt, eps):
    """Algorithm 5 on validated input (``s`` empty: unweighted); an :class:`RCH`."""
    everything = np.arange(P.shape[0])
    # Initial vertices: least and greatest x (then y, if they coincide: a vertical set).
    for nx, ny in ((1.0, 0.0), (0.0, 1.0)):
        *lo, xl, yl = _vertex_on(P, everything, -nx, -ny, mu, k, s)
        *hi, xr, yr = _vertex_on(P, everything, nx, ny, mu, k, s)
        if np.hypot(xr - xl, yr - yl) > eps:
            break
    else:
        return _polygon(mu, [lo[0]], [lo[1]], [np.array([xl, yl])], eps)
    chain, sups, lams, xs, ys = _qrh(
        P, mu, k, s, _FILTER_CODE[filt], eps, *lo, np.array([xl, yl]), *hi, np.array([xr, yr])
    )
    ccw = np.concatenate([chain[:1], chain[:0:-1]])
    coords = np.c_[xs, ys]
    return _polygon(mu, [sups[i] for i in ccw], [lams[i] for i in ccw], coords[ccw], eps)


def qrh(P, mu=None, *, k=None, filter="both", eps=None):
    """Reduced convex hull of 2-D points by Quickhull for RCHs (Goodrich, Algorithm 5).

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu : float, optional
        Reduction parameter in ``[1/n, 1]``.
    k : int, optional
        ``mu = 1/k`` exactly (give ``mu`` or ``k``).
    filter : {"both", "none", "thesis"}, default="both"
        Which points a sub-problem keeps. ``"both"``: the corrected filter, points on or beyond
        the lowest support point of either endpoint of the new facet. ``"none"``: every
        sub-problem sees all of P (the slow reference). ``"thesis"``: the printed filter, kept
        only to show that it loses vertices (a sub-problem left with fewer than ``ceil(1/mu)``
        points ends there).
    eps : float, optional
        Distance tolerance (default ``1e-12`` times the extent of P).

    Returns
    -------
    RCH
        Vertices in counter-clockwise order.

    Notes
    -----
    Alg. 5 splits facet ``l -> r`` at the Theorem-3 vertex ``h`` farthest along its normal, stops
    when ``h`` is not beyond the facet (a projection test within ``eps``, not ``h = l``), and
    recurses on subsets ``L``, ``R`` of the points. Correction to the source
    (docs/errata.md#goodrich-2012-alg-5): the printed subsets keep the points with
    ``n_l . x >= n_l . s`` for some support point ``s`` of ``h``; that drops support points of ``l``
    that later vertices between ``l`` and ``h`` need, and the hull comes out wrong (see
    ``tests/hull/test_rch.py``). The corrected filter also keeps everything on or beyond the support
    of ``l`` (for ``L``) and of ``r`` (for ``R``). The recursion is an explicit stack in numba,
    emitting the thesis's clockwise order, reversed here to counter-clockwise. Ties in the
    projections can produce non-vertex boundary points (Fig. 3.6); they are removed from the output.

    Examples
    --------
    >>> square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
    >>> hull = qrh(square, k=2)
    >>> hull.vertices.tolist()
    [[0.0, 0.5], [0.5, 0.0], [1.0, 0.5], [0.5, 1.0]]
    """
    P = check_points("P", P, min_features=2)
    if P.shape[1] != 2:
        raise ValueError(f"P must have 2 columns, got {P.shape[1]}")
    check_option("filter", filter, FILTERS)
    mu, k = resolve_mu(P.shape[0], mu, k)
    return _build_qrh(P, mu, k, NO_WEIGHTS, filter, default_eps(P, eps))


@njit(cache=True)
def _brute_2d(P, mu, k, s):
    """Theorem-3 vertices at the mid-directions between consecutive critical angles."""
    n = P.shape[0]
    angles = np.empty(n * (n - 1))
    c = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = P[j, 0] - P[i, 0], P[j, 1] - P[i, 1]
            if dx == 0.0 and dy == 0.0:
                continue
            # Directions perpendicular to x_j - x_i: the order of i and j flips there.
            phi = np.arctan2(dy, dx) + 0.5 * np.pi
            angles[c] = phi % (2 * np.pi)
            angles[c + 1] = (phi + np.pi) % (2 * np.pi)
            c += 2
    angles = np.sort(angles[:c])
    if c == 0:
        angles = np.zeros(1)
    mids = np.empty(angles.shape[0])
    for t in range(angles.shape[0] - 1):
        mids[t] = 0.5 * (angles[t] + angles[t + 1])
    mids[-1] = 0.5 * (angles[-1] + angles[0] + 2 * np.pi)
    sups = []
    lams = []
    coords = np.empty((mids.shape[0], 2))
    everything = np.arange(n)
    for t in range(mids.shape[0]):
        sup, lam, x, y = _vertex_on(P, everything, np.cos(mids[t]), np.sin(mids[t]), mu, k, s)
        sups.append(sup)
        lams.append(lam)
        coords[t, 0] = x
        coords[t, 1] = y
    return sups, lams, coords


def rch_brute_2d(P, mu=None, *, k=None, eps=None):
    """Exact reduced convex hull of 2-D points by critical-direction enumeration (reference).

    The Theorem-3 vertex in direction ``u`` changes only where two points swap order in the
    projection, i.e. at the ``n (n - 1)`` directions perpendicular to some ``x_i - x_j``. One
    Theorem-3 vertex per arc between consecutive such directions (at its midpoint) therefore
    gives every vertex, in counter-clockwise order. O(n^3); for tests and small sets.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu, k : float, int
        As in :func:`qrh`.
    eps : float, optional
        Distance tolerance for merging repeated vertices.

    Returns
    -------
    RCH
    """
    P = check_points("P", P, min_features=2)
    if P.shape[1] != 2:
        raise ValueError(f"P must have 2 columns, got {P.shape[1]}")
    mu, k = resolve_mu(P.shape[0], mu, k)
    return _build_brute_2d(P, mu, k, NO_WEIGHTS, default_eps(P, eps))


def _build_brute_2d(P, mu, k, s, eps):
    sups, lams, coords = _brute_2d(P, mu, k, s)
    return _polygon(mu, list(sups), list(lams), coords, eps)


# --------------------------------------------------------------------------------------------
# Any dimension


class _VertexOracle:
    """Return the vertices of RCH(P, mu) (Thm 3) or WRCH(P, mu, s) (Alg. 7) by direction.

    Each support set is registered once.
    """

    def __init__(self, P, mu, k, s):
        self.P, self.mu, self.k, self.s = P, mu, k, s
        self.ids, self.supports, self.weights, self.coords = {}, [], [], []

    def __call__(self, direction):
        proj = np.ascontiguousarray(-(self.P @ direction))
        if self.s.shape[0] > 0:
            idx, lam = wrch_vertex(proj, self.s, self.mu)
            cap = self.s[idx[-1]] * self.mu
        else:
            idx, lam = rch_vertex(proj, self.mu, self.k)
            cap = lam[0]
        # The light point is part of a vertex's identity only when it is below its bound.
        light = lam[-1] < cap * (1.0 - 1e-9)
        key = (frozenset(idx[:-1].tolist()), int(idx[-1])) if light else (frozenset(idx.tolist()),)
        if key not in self.ids:
            self.ids[key] = len(self.coords)
            self.supports.append(idx)
            self.weights.append(lam)
            self.coords.append(lam @ self.P[idx])
        vid = self.ids[key]
        return vid, self.coords[vid]


def beneath_rch(P, mu=None, *, k=None, eps=None, random_state=0):
    """Reduced convex hull in any dimension d >= 2 (Goodrich, Algorithm 6).

    Parameters
    ----------
    P : array-like of shape (n, d)
    mu, k : float, int
        As in :func:`qrh`.
    eps : float, optional
        Distance tolerance of the visibility and finality tests.
    random_state : None, int or numpy.random.Generator, default=0
        Draws the directions of the initial simplex.

    Returns
    -------
    RCH
        Vertices in discovery order; facets are (d-1)-simplices with outward normals.

    Notes
    -----
    Start from a simplex of RCH vertices; take a non-final facet, find the Theorem-3 vertex ``h``
    farthest along its normal; if ``h`` is beyond the facet (by more than ``eps``) replace the
    facets visible from ``h`` by the cone from ``h`` to their horizon, else mark the facet final.
    Every vertex inserted is a final vertex. Corrections to the source
    (docs/errata.md#goodrich-2012-alg-4): Alg. 6 starts from "two facets with opposing normals"
    through d vertices; we start from a full d-simplex of vertices
    (:func:`svmbook.hull.convex.initial_simplex`); "visible from h" (the thesis's own erratum for
    p52), the removal of the visible facets and the update of V are explicit; "h is not in V" is the
    projection test ``n . h <= offset + eps``, robust under ties. Ties can still insert non-vertex
    boundary points (Fig. 3.6: "more facets than necessary"); they are removed at the end and the
    facets over the true vertices rebuilt.

    Examples
    --------
    >>> P = np.random.default_rng(0).standard_normal((12, 3))
    >>> hull = beneath_rch(P, k=3)
    >>> hull.support.shape[1], bool(np.all(hull.weights == 1 / 3))
    (3, True)
    """
    P = check_points("P", P, min_features=2)
    mu, k = resolve_mu(P.shape[0], mu, k)
    return _build_beneath(P, mu, k, NO_WEIGHTS, default_eps(P, eps), random_state)


def _build_beneath(P, mu, k, s, eps, random_state):
    """Algorithm 6 on validated input (``s`` empty: unweighted); an :class:`RCH`."""
    d = P.shape[1]
    rng = np.random.default_rng(random_state)
    oracle = _VertexOracle(P, mu, k, s)
    simplex = initial_simplex(oracle, d, eps, rng)
    hull = FacetComplex(oracle.coords, simplex, eps)
    final = set()
    todo = list(hull.facets)
    while todo:
        f = todo.pop()
        if f not in hull.facets or f in final:
            continue
        vid, h = oracle(hull.normals[f])
        if hull.normals[f] @ h <= hull.offsets[f] + eps:
            final.add(f)
            continue
        todo.extend(hull.add_apex(vid, hull.visible(h)))
    facets, adjacency, normals, offsets = hull.without_flat_vertices(rng).arrays()
    used = np.unique(facets)
    renumber = np.full(len(oracle.coords), -1, dtype=np.int64)
    renumber[used] = np.arange(used.size)
    support, weights = _pad([oracle.supports[v] for v in used], [oracle.weights[v] for v in used])
    vertices = np.array([oracle.coords[v] for v in used])
    return RCH(mu, support, weights, vertices, renumber[facets], adjacency, normals, offsets)


# --------------------------------------------------------------------------------------------
# Structure in mu


def mu_interval(mu):
    """Return the interval of ``mu`` over which ``RCH(P, mu)`` keeps its combinatorial structure.

    For ``1/mu`` in ``(k, k + 1)`` the support sets (hence vertex and facet counts) are the same and
    only the weights move (Goodrich Sec. 3.7.4, Fig. 3.12); at ``mu = 1/k`` the structure changes.
    Correction to the source (docs/errata.md#goodrich-2012-fig-3-12): the printed interval
    "(floor(1/k), ceil(1/k))" and the errata's "(floor(1/k), floor(1/k))" are garbled; the verified
    one is ``mu`` in ``(1/(k+1), 1/k)``.

    Parameters
    ----------
    mu : float
        Reduction parameter, in ``(0, 1]``.

    Returns
    -------
    low : float
        Lower end ``1/(k+1)`` of the open interval containing ``mu``; ``mu`` itself when ``1/mu``
        is an integer (within the tolerance of :func:`svmbook.hull.vertex.n_support`).
    high : float
        Upper end ``1/k``; ``mu`` itself when ``1/mu`` is an integer.

    Examples
    --------
    >>> mu_interval(0.3)
    (0.25, 0.3333333333333333)
    """
    inv = 1.0 / mu
    k = round(inv)
    if abs(inv - k) <= 1e-12 * inv:
        return (mu, mu)
    k = int(np.floor(inv))
    return (1.0 / (k + 1), 1.0 / k)


def reweight(rch, P, mu):
    """Return the hull at another ``mu`` of the same structure interval, without recomputing it.

    Keeps supports, facets and adjacency; only the weights (``mu`` and the light point's
    ``1 - (m - 1) mu``) and hence the coordinates and normals change (Fig. 3.12).

    Parameters
    ----------
    rch : RCH
        An unweighted hull, e.g. from :func:`qrh` or :func:`beneath_rch`.
    P : array-like of shape (n, d)
        The points it was computed from, d >= 2.
    mu : float
        The new reduction parameter, in the same open interval of :func:`mu_interval` as
        ``rch.mu``.

    Returns
    -------
    RCH
        ``RCH(P, mu)``: the supports, facets and adjacency of ``rch`` with the new weights,
        vertices and facet planes.

    Raises
    ------
    ValueError
        If ``mu`` and ``rch.mu`` are not in the same open interval of :func:`mu_interval`.
    """
    P = check_points("P", P, min_features=2)
    low, high = mu_interval(rch.mu)
    if not low < mu < high:
        raise ValueError(
            f"mu must lie in ({low:g}, {high:g}), the structure interval of rch.mu = {rch.mu:g}"
        )
    m = rch.support.shape[1]
    weights = np.full(rch.support.shape, float(mu))
    weights[:, -1] = 1.0 - (m - 1) * mu
    vertices = np.einsum("vm,vmd->vd", weights, P[rch.support])
    return _with_vertices(rch, mu, rch.support, weights, vertices)


def _with_vertices(rch, mu, support, weights, vertices):
    """``rch`` with new vertices on the same facets; the facet planes are recomputed."""
    normals, offsets = np.zeros_like(rch.normals), np.zeros_like(rch.offsets)
    centre = vertices.mean(axis=0)
    for f, verts in enumerate(rch.facets):
        normals[f], offsets[f] = hyperplane(vertices[verts], centre)
    return RCH(
        float(mu),
        support,
        weights,
        vertices,
        rch.facets.copy(),
        rch.adjacency.copy(),
        normals,
        offsets,
    )


def symmetric_transform(rch, P):
    """``RCH(P, mu')`` with ``1/mu' = n - 1/mu`` from ``RCH(P, mu)`` by a point reflection.

    Goodrich's eq. (3.8) for ``mu = 1/k``: ``w = n/(n-k) c - k/(n-k) v`` maps the vertices of
    ``RCH(P, 1/k)`` onto those of ``RCH(P, 1/(n-k))`` (``c`` the centroid), edges onto edges.
    The weights map by ``beta_i = (mu - alpha_i) / (n mu - 1)``, a bijection of the feasible
    sets, which also covers non-integer ``1/mu`` (an extension, not in the thesis):
    ``w = n mu/(n mu - 1) c - 1/(n mu - 1) v``. The support of ``w`` is the complement of the
    full-weight support of ``v``; the light point stays the light point.

    Correction to the source (docs/errata.md#goodrich-2012-eq-3-8): the middle line of (3.8),
    ``k/(n-k) sum_i (1/k) x_i - sum_i alpha_i x_i``, lacks the factor ``k/(n-k)`` on the second
    sum; the final line, implemented here, is right.

    Parameters
    ----------
    rch : RCH
        An unweighted hull with ``1 <= 1/mu <= n - 1``.
    P : array-like of shape (n, d)
        The points it was computed from.

    Returns
    -------
    RCH
        ``RCH(P, mu')`` with ``mu' = 1/(n - 1/mu)``, on the facets and adjacency of ``rch``.

    Raises
    ------
    ValueError
        If ``rch`` is weighted or ``1/rch.mu > n - 1``.
    """
    P = check_points("P", P, min_features=2)
    n = P.shape[0]
    mu = rch.mu
    if np.any(rch.support < 0):
        raise ValueError("rch must be an unweighted RCH (its support rows are padded)")
    if not 1.0 / mu <= n - 1 + 1e-12 * n:
        raise ValueError(f"rch.mu must be >= 1/(n-1) = {1 / (n - 1):g}, got {mu:g}")
    scale = n * mu - 1.0
    mu_new = 1.0 / (n - 1.0 / mu)
    dense = np.zeros((rch.n_vertices, n))
    np.put_along_axis(dense, rch.support, rch.weights, axis=1)
    beta = (mu - dense) / scale
    # Full-weight points first (ties: lower index), the light point last, zero weights dropped.
    m_new = n_support(mu_new, 0)
    order = np.argsort(-beta, axis=1, kind="stable")[:, :m_new]
    support = order.astype(np.int64)
    weights = np.take_along_axis(beta, order, axis=1)
    vertices = (n * mu / scale) * P.mean(axis=0) - rch.vertices / scale
    return _with_vertices(rch, mu_new, support, weights, vertices)
