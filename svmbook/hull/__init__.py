"""Convex hulls, reduced convex hulls (RCH) and weighted RCHs (Goodrich 2012, chapters 2-3)."""

from .convex import Hull, beneath_beyond, hyperplane, is_below, is_visible, quickhull2d
from .rch import RCH, beneath_rch, mu_interval, qrh, rch_brute_2d, reweight, symmetric_transform
from .vertex import Vertex, extreme_vertex, n_support, rch_vertex, resolve_mu, wrch_vertex

__all__ = [
    "RCH",
    "Hull",
    "Vertex",
    "beneath_beyond",
    "beneath_rch",
    "extreme_vertex",
    "hyperplane",
    "is_below",
    "is_visible",
    "mu_interval",
    "n_support",
    "qrh",
    "quickhull2d",
    "rch_brute_2d",
    "rch_vertex",
    "resolve_mu",
    "reweight",
    "symmetric_transform",
    "wrch_vertex",
]
