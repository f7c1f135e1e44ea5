"""Numba solvers. ``smo`` is the one SMO core behind every LIBSVM formulation (adapters live in
:mod:`svmbook.formulations`); ``cache`` is its LRU kernel-row cache; ``decomposition`` is Nguyen's
Table 2.1 (working-set size q) with the SMO core as its local solver."""

from .decomposition import DecompositionResult, c_svc_decomposition, decompose
from .nearest_point import NearestPointResult, solve_min_norm_point, solve_nearest_point
from .smo import SMOResult, default_max_iter, solve

__all__ = [
    "DecompositionResult",
    "NearestPointResult",
    "SMOResult",
    "c_svc_decomposition",
    "decompose",
    "default_max_iter",
    "solve",
    "solve_min_norm_point",
    "solve_nearest_point",
]
