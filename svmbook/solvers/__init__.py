"""Numba solvers.

``smo`` is the one SMO core behind every LIBSVM formulation (adapters live in
:mod:`svmbook.svm.formulations`); ``cache`` is the kernel-row service of every numba solver
(:class:`~svmbook.solvers.cache.KernelSource`, the LRU row cache); ``decomposition`` is Nguyen's
Table 2.1 (working-set size q) with the SMO core as its local solver; ``nearest_point`` the
nearest-point solvers of Goodrich ch. 5; ``newton`` the Newton-Armijo core of the smooth SVMs
(SSVM, RSVM, epsilon-SSVR) on a blocked design matrix, with the smooth plus function of
``smooth_plus``.
"""

from .decomposition import DecompositionResult, decompose
from .nearest_point import NearestPointResult, solve_min_norm_point, solve_nearest_point
from .newton import NewtonResult, newton_armijo, smooth_problem
from .smo import SMOResult, default_max_iter, solve

__all__ = [
    "DecompositionResult",
    "NearestPointResult",
    "NewtonResult",
    "SMOResult",
    "decompose",
    "default_max_iter",
    "newton_armijo",
    "smooth_problem",
    "solve",
    "solve_min_norm_point",
    "solve_nearest_point",
]
