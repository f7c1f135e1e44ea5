"""Weighted reduced convex hulls (Goodrich 2012, Sec. 3.9).

``WRCH(P, mu, s) = {sum_i alpha_i x_i | sum_i alpha_i = 1, 0 <= alpha_i <= s_i mu}`` (eq. 3.10).
A weight caps a point's influence, it does not move the point; an integer weight ``s_i`` is the
same as ``s_i`` copies of the point (eq. 3.11), and only ``s mu`` matters (``WRCH(P, mu, c s) =
WRCH(P, c mu, s)``). The hull is non-empty iff ``mu >= 1/sum(s)``, where it is the weighted
centroid.

The polytope algorithms are those of :mod:`svmbook.hull.rch` with Algorithm 7
(:func:`svmbook.hull.vertex.wrch_vertex`) in place of Theorem 3.
"""

from __future__ import annotations

import numpy as np

from .._validation import (
    check_hull_mu,
    check_option,
    check_points,
    check_positive,
    check_sample_weight,
)
from .convex import default_eps
from .rch import _build_beneath, _build_brute_2d, _build_qrh

__all__ = [
    "duplicate_points",
    "wbeneath",
    "weighted_centroid",
    "wqrh",
    "wrch_brute_2d",
    "wrch_min_mu",
    "wrch_polygon",
]


def _hull_inputs(P, s, mu, n_cols=None):
    """Return the checked points, weights and mu of a weighted reduced hull.

    Raises the errors of :func:`svmbook._validation.check_points`, ``check_sample_weight`` and
    ``check_hull_mu`` (an empty hull), and a ``ValueError`` naming ``P`` when it has not
    ``n_cols`` columns.
    """
    P = check_points("P", P)
    if n_cols is not None and P.shape[1] != n_cols:
        raise ValueError(f"P must have {n_cols} columns, got {P.shape[1]}")
    mu = check_positive("mu", mu)
    s = check_sample_weight("s", s, P.shape[0])
    check_hull_mu("mu", mu, s)
    return P, s, mu


def _attach(hull, s):
    hull.s = s
    return hull


def wqrh(P, s, mu, *, filter="both", eps=None):
    """Weighted reduced convex hull of 2-D points: Algorithm 5 with Algorithm 7.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    s : array-like of shape (n,)
        Weights ``s_i >= 0``; the bounds are ``alpha_i <= s_i mu``.
    mu : float
        Reduction parameter, ``mu >= 1/sum(s)`` (:func:`wrch_min_mu`).
    filter : {"both", "none"}, default="both"
        As in :func:`svmbook.hull.qrh` (docs/errata.md#goodrich-2012-alg-5): the filter must keep
        enough points to reach total weight 1; "both" keeps the supports of both endpoints of the
        new facet, each of total capacity >= 1. The printed ("thesis") filter is not offered here.
    eps : float, optional
        Distance tolerance.

    Returns
    -------
    RCH
        With ``support`` rows padded by -1 (vertices have different numbers of support points)
        and the weights in ``s``.

    Examples
    --------
    >>> P = [[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]]
    >>> hull = wqrh(P, [1, 2, 3, 4], 0.25)
    >>> hull.n_vertices, hull.vertices.min(axis=0).round(3).tolist()
    (7, [0.0, 0.75])
    """
    P, s, mu = _hull_inputs(P, s, mu, n_cols=2)
    check_option("filter", filter, ("both", "none"))
    return _attach(_build_qrh(P, mu, 0, s, filter, default_eps(P, eps)), s)


def wbeneath(P, s, mu, *, eps=None, random_state=0):
    """Weighted reduced convex hull in d >= 2 dimensions: Algorithm 6 with Algorithm 7.

    Parameters
    ----------
    P : array-like of shape (n, d)
        The points, d >= 2.
    s : array-like of shape (n,)
        Weights ``s_i >= 0``; the bounds are ``alpha_i <= s_i mu``.
    mu : float
        Reduction parameter, ``mu >= 1/sum(s)`` (:func:`wrch_min_mu`).
    eps : float, optional
        Distance tolerance of the visibility and finality tests (default ``1e-12`` times the
        extent of P).
    random_state : None, int or numpy.random.Generator, default=0
        Draws the directions of the initial simplex, as in :func:`svmbook.hull.beneath_rch`.

    Returns
    -------
    RCH
        Vertices in discovery order, ``support`` rows padded by -1 and the weights in ``s``.
    """
    P, s, mu = _hull_inputs(P, s, mu)
    return _attach(_build_beneath(P, mu, 0, s, default_eps(P, eps), random_state), s)


def wrch_brute_2d(P, s, mu, *, eps=None):
    """Exact weighted RCH of 2-D points by critical-direction enumeration (reference).

    Algorithm 7's vertex, like Theorem 3's, changes only where two points swap order, so the
    enumeration of :func:`svmbook.hull.rch_brute_2d` is exact here too.

    Parameters
    ----------
    P : array-like of shape (n, 2)
        The points.
    s : array-like of shape (n,)
        Weights ``s_i >= 0``; the bounds are ``alpha_i <= s_i mu``.
    mu : float
        Reduction parameter, ``mu >= 1/sum(s)`` (:func:`wrch_min_mu`).
    eps : float, optional
        Distance tolerance for merging repeated vertices (default ``1e-12`` times the extent
        of P).

    Returns
    -------
    RCH
        Vertices in counter-clockwise order, ``support`` rows padded by -1 and the weights
        in ``s``.
    """
    P, s, mu = _hull_inputs(P, s, mu, n_cols=2)
    return _attach(_build_brute_2d(P, mu, 0, s, default_eps(P, eps)), s)


def duplicate_points(P, s):
    """Each point repeated ``s_i`` times (integer weights), the right side of eq. (3.11).

    Parameters
    ----------
    P : array-like of shape (n, d)
        The points.
    s : array-like of shape (n,)
        Non-negative integer weights (integral floats are accepted): the number of copies.

    Returns
    -------
    P_dup : ndarray of shape (sum(s), d)
        The copies, those of each point together and in the order of P.
    owner : ndarray of shape (sum(s),), int64
        ``owner[j]`` is the index in P of copy j.

    Raises
    ------
    ValueError
        If ``s`` is not a vector of ``n`` non-negative integers.
    """
    P = check_points("P", P)
    s = np.asarray(s)
    if s.shape != (P.shape[0],) or not np.all(s == np.round(s)) or np.any(s < 0):
        raise ValueError(f"s must be {P.shape[0]} non-negative integers, got {s!r}")
    s = s.astype(np.int64)
    return np.repeat(P, s, axis=0), np.repeat(np.arange(P.shape[0], dtype=np.int64), s)


def wrch_min_mu(s):
    """Return the smallest ``mu`` with a non-empty WRCH, ``1/sum(s)`` (where it is one point).

    Parameters
    ----------
    s : array-like of shape (n,)
        Point weights ``s_i >= 0``.

    Returns
    -------
    float
        ``1 / sum(s)``.

    Raises
    ------
    ValueError
        If ``s`` does not have a positive sum.
    """
    total = float(np.sum(s))
    if not total > 0:
        raise ValueError(f"s must have a positive sum, got {total:g}")
    return 1.0 / total


def weighted_centroid(P, s):
    """``sum_i s_i x_i / sum_i s_i``: ``WRCH(P, 1/sum(s), s)`` (Goodrich, Fig. 3.13).

    Parameters
    ----------
    P : array-like of shape (n, d)
        The points.
    s : array-like of shape (n,)
        Point weights ``s_i >= 0`` with a positive sum.

    Returns
    -------
    ndarray of shape (d,)
        The weighted centroid, the single point of ``WRCH(P, 1/sum(s), s)``.

    Raises
    ------
    ValueError
        If ``s`` does not have a positive sum.
    """
    P = check_points("P", P)
    s = np.asarray(s, dtype=np.float64)
    return (s @ P) * wrch_min_mu(s)


def wrch_polygon(P, s, mu):
    """Return the vertices (CCW) of ``WRCH(P, mu, s)`` in the plane, degenerate cases included.

    :func:`wqrh` on the points of positive weight, except at ``mu = 1 / sum(s)`` (or with a single
    point of positive weight), where the hull is the weighted centroid alone.

    Parameters
    ----------
    P : ndarray of shape (n, 2)
        The points.
    s : ndarray of shape (n,)
        Weights ``s_i >= 0``.
    mu : float
        Reduction parameter, ``>= 1 / sum(s)``.

    Returns
    -------
    ndarray of shape (n_v, 2)
        The vertices; one row (the weighted centroid) when the hull is a point.

    Raises
    ------
    ValueError
        The total weight is 0 or ``mu < 1 / sum(s)``: the hull is empty.
    """
    total = float(s.sum())
    if total <= 0:
        raise ValueError("sample_weight: the points have zero total weight, so the hull is empty")
    if mu * total < 1.0 - 1e-9:
        raise ValueError(
            f"mu={mu:.4g} is below 1/sum(s) = {1 / total:.4g}: the weighted reduced hull is empty"
        )
    if mu * total <= 1.0 + 1e-9 or np.count_nonzero(s) == 1:
        return (s @ P / total)[None, :]
    keep = s > 0
    return wqrh(P[keep], s[keep], float(mu)).vertices
