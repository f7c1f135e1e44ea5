"""Convex hulls, reduced convex hulls (RCH) and weighted RCHs (Goodrich 2012, chapters 2-3)."""

from .convex import Hull, beneath_beyond, hyperplane, is_below, is_visible, quickhull2d
from .vertex import Vertex, extreme_vertex, n_support, rch_vertex, resolve_mu, wrch_vertex

__all__ = [
    "Hull",
    "Vertex",
    "beneath_beyond",
    "extreme_vertex",
    "hyperplane",
    "is_below",
    "is_visible",
    "n_support",
    "quickhull2d",
    "rch_vertex",
    "resolve_mu",
    "wrch_vertex",
]
