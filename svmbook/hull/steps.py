"""Step-through generators of Quickhull (Algorithm 3) and Quickhull for RCHs (Algorithm 5).

Goodrich (2012), section 3.5. :func:`quickhull_steps` and :func:`qrh_steps` re-run the two
recursions one helper call at a time and record what each call sees (:class:`HullStep`), so a
figure or a slider can step through them; their final polygons equal
:func:`svmbook.hull.quickhull2d` and :func:`svmbook.hull.qrh` (the tests check it).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from svmbook._validation import check_option, check_points
from svmbook.hull.convex import default_eps
from svmbook.hull.vertex import extreme_vertex, n_support, resolve_mu

__all__ = ["HullStep", "facet_normal", "qrh_steps", "quickhull_steps"]


class HullStep(NamedTuple):
    """One recursion call of Quickhull (Alg. 3) or Quickhull for RCHs (Alg. 5).

    Attributes
    ----------
    facet : ndarray of shape (2, 2)
        The facet ``l -> r`` the call splits (rows: ``l``, ``r``); its outward normal is
        ``r - l`` rotated counter-clockwise (Sec. 3.5.2).
    subset : ndarray of int64
        Indices of the points the call sees (``P`` of QH_HELPER).
    vertex : ndarray of shape (2,) or None
        The new vertex ``h``; None when the facet is final.
    support, weights : ndarray or None
        Support points of ``h`` (indices into P, light point last) and their weights.
    left, right : ndarray of int64 or None
        The subsets ``L`` and ``R`` passed to the two recursive calls.
    polygon : ndarray of shape (n_v, 2)
        The vertices found so far in the thesis's (clockwise) order, after this call.
    """

    facet: np.ndarray
    subset: np.ndarray
    vertex: np.ndarray | None
    support: np.ndarray | None
    weights: np.ndarray | None
    left: np.ndarray | None
    right: np.ndarray | None
    polygon: np.ndarray


def facet_normal(a, b):
    """Return ``b - a`` rotated counter-clockwise, unit length (Goodrich's ``normal(r - l)``).

    Parameters
    ----------
    a, b : ndarray of shape (2,)
        The facet's end points ``l`` and ``r``.

    Returns
    -------
    ndarray of shape (2,)
        The outward normal of the facet ``a -> b`` of a clockwise hull; zero when ``a == b``.
    """
    n = np.array([a[1] - b[1], b[0] - a[0]])
    norm = np.hypot(*n)
    return n / norm if norm > 0 else n


def _hull_steps(P, mu, k, filter, eps):
    """Yield the steps of :func:`quickhull_steps` (``mu`` None) and :func:`qrh_steps`."""
    n = P.shape[0]
    everything = np.arange(n)

    def vertex(S, direction):
        if mu is None:
            i = S[np.argmax(P[S] @ direction)]
            return P[i].copy(), np.array([i]), np.ones(1)
        kw = {"k": k} if k else {"mu": mu}
        v = extreme_vertex(P[S], direction, **kw)
        return v.point, S[v.support], v.weights

    pl, sl, wl = vertex(everything, np.array([-1.0, 0.0]))
    pr, sr, wr = vertex(everything, np.array([1.0, 0.0]))
    coords, supports = [pl, pr], [sl, sr]
    m = 1 if mu is None else n_support(mu, k)
    polygon = [0, 1]  # vertex ids in the thesis's clockwise order
    yield HullStep(
        np.vstack([pl, pr]), everything, None, None, None, None, None, np.array(coords)[polygon]
    )
    stack = [(1, 0, everything), (0, 1, everything)]  # (a, b, S): QH_HELPER(S, a, b), left first
    while stack:
        a, b, S = stack.pop()
        facet = np.vstack([coords[a], coords[b]])
        if filter == "thesis" and S.shape[0] < m:
            yield HullStep(facet, S, None, None, None, None, None, np.array(coords)[polygon])
            continue
        nrm = facet_normal(coords[a], coords[b])
        h, sh, wh = vertex(S, nrm)
        if nrm @ (h - coords[a]) <= eps:  # "if h = l or h = r": a projection test
            yield HullStep(facet, S, None, None, None, None, None, np.array(coords)[polygon])
            continue
        hid = len(coords)
        coords.append(h)
        supports.append(sh)
        polygon.insert(polygon.index(a) + 1, hid)
        nl, nr = facet_normal(coords[a], h), facet_normal(h, coords[b])
        if mu is None:
            # Alg. 3 with the termination guard (docs/errata.md, goodrich-2012-alg-3): points
            # strictly beyond the new facets, and the facet's own end points.
            left = S[(P[S] @ nl > nl @ h + eps) | np.isin(S, [supports[a][0], sh[0]])]
            right = S[(P[S] @ nr > nr @ h + eps) | np.isin(S, [sh[0], supports[b][0]])]
        elif filter == "none":
            left, right = S, S
        elif filter == "thesis":
            # As printed: n_l . x >= n_l . s for any (some) support point s of h.
            left = S[P[S] @ nl >= (P[sh] @ nl).min() - eps]
            right = S[P[S] @ nr >= (P[sh] @ nr).min() - eps]
        else:
            # Corrected (docs/errata.md, goodrich-2012-alg-5): the support points of both end
            # points of the new facet stay.
            left = S[P[S] @ nl >= min((P[supports[a]] @ nl).min(), (P[sh] @ nl).min()) - eps]
            right = S[P[S] @ nr >= min((P[sh] @ nr).min(), (P[supports[b]] @ nr).min()) - eps]
        yield HullStep(facet, S, h, sh, wh, left, right, np.array(coords)[polygon])
        stack.append((hid, b, right))
        stack.append((a, hid, left))


def quickhull_steps(P, eps=None):
    """Return the recursion of Quickhull (Algorithm 3, with the termination guard), call by call.

    A teaching re-run of :func:`svmbook.hull.quickhull2d` in plain numpy: the first step holds
    the initial vertices ``l`` (least x) and ``r`` (greatest x); each further step is one call of
    QH_HELPER, splitting its facet at the farthest point ``h`` or declaring it final.

    Parameters
    ----------
    P : array-like of shape (n, 2)
        At least two points with distinct x coordinates.
    eps : float, optional
        Distance tolerance (default ``1e-12`` times the extent of P).

    Returns
    -------
    list of HullStep
        ``steps[-1].polygon`` is the convex hull, clockwise.

    Examples
    --------
    >>> steps = quickhull_steps([[0.0, 0.0], [2.0, 0.0], [1.0, 2.0], [1.0, 0.5]])
    >>> len(steps), steps[-1].polygon.tolist()
    (5, [[0.0, 0.0], [1.0, 2.0], [2.0, 0.0]])
    """
    P = check_points("P", P, n_features=2)
    if np.ptp(P[:, 0]) == 0:
        raise ValueError("P must have points with different x coordinates")
    eps = default_eps(P, eps)
    return list(_hull_steps(P, None, 0, "both", eps))


def qrh_steps(P, mu=None, *, k=None, filter="both", eps=None):
    """Return the recursion of Quickhull for RCHs (Algorithm 5), one QRH_HELPER call per step.

    A teaching re-run of :func:`svmbook.hull.qrh` with :func:`svmbook.hull.extreme_vertex`
    (Theorem 3) as the vertex oracle on each call's subset.

    Parameters
    ----------
    P : array-like of shape (n, 2)
        The points.
    mu : float, optional
        Reduction parameter in ``[1/n, 1]``; or ``k`` for ``mu = 1/k``.
    k : int, optional
        ``mu = 1/k`` (give one of ``mu``, ``k``).
    filter : {"both", "none", "thesis"}, default="both"
        The subsets ``L``, ``R``: the corrected filter (support points of both end points of the
        new facet), no filter, or the printed one (support points of ``h`` only), which loses
        vertices (docs/errata.md, goodrich-2012-alg-5); as in :func:`svmbook.hull.qrh`, a
        "thesis" call left with fewer than ``ceil(1/mu)`` points ends.
    eps : float, optional
        Distance tolerance (default ``1e-12`` times the extent of P).

    Returns
    -------
    list of HullStep
        ``steps[-1].polygon`` is the RCH, clockwise.
    """
    P = check_points("P", P, n_features=2)
    check_option("filter", filter, ("both", "none", "thesis"))
    mu, k = resolve_mu(P.shape[0], mu, k)
    eps = default_eps(P, eps)
    return list(_hull_steps(P, mu, k, filter, eps))
