"""Convex hulls, reduced convex hulls (RCH) and weighted RCHs (Goodrich 2012, chapters 2-3)."""

from .convex import Hull, beneath_beyond, hyperplane, is_below, is_visible, quickhull2d
from .minkowski import minkowski_difference
from .properties import (
    count_ksets,
    hull_counts,
    klee_facet_bound,
    kset_polytope,
    nr_bound,
    nv_bound_clarkson,
    nv_bound_trivial,
)
from .rch import RCH, beneath_rch, mu_interval, qrh, rch_brute_2d, reweight, symmetric_transform
from .steps import HullStep, qrh_steps, quickhull_steps
from .vertex import Vertex, extreme_vertex, n_support, rch_vertex, resolve_mu, wrch_vertex
from .wrch import (
    duplicate_points,
    wbeneath,
    weighted_centroid,
    wqrh,
    wrch_brute_2d,
    wrch_min_mu,
    wrch_polygon,
)

__all__ = [
    "Hull",
    "HullStep",
    "RCH",
    "Vertex",
    "beneath_beyond",
    "beneath_rch",
    "count_ksets",
    "duplicate_points",
    "extreme_vertex",
    "hull_counts",
    "hyperplane",
    "is_below",
    "is_visible",
    "klee_facet_bound",
    "kset_polytope",
    "minkowski_difference",
    "mu_interval",
    "n_support",
    "nr_bound",
    "nv_bound_clarkson",
    "nv_bound_trivial",
    "qrh",
    "qrh_steps",
    "quickhull_steps",
    "quickhull2d",
    "rch_brute_2d",
    "rch_vertex",
    "resolve_mu",
    "reweight",
    "symmetric_transform",
    "wbeneath",
    "weighted_centroid",
    "wqrh",
    "wrch_brute_2d",
    "wrch_min_mu",
    "wrch_polygon",
    "wrch_vertex",
]
