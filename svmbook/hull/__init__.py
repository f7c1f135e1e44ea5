"""Convex hulls, reduced convex hulls (RCH) and weighted RCHs (Goodrich 2012, chapters 2-3)."""

from .vertex import Vertex, extreme_vertex, n_support, rch_vertex, resolve_mu, wrch_vertex

__all__ = ["Vertex", "extreme_vertex", "n_support", "rch_vertex", "resolve_mu", "wrch_vertex"]
