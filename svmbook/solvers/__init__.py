"""Numba solvers. ``smo`` is the one SMO core behind every LIBSVM formulation (adapters live in
:mod:`svmbook.formulations`); ``cache`` is its LRU kernel-row cache."""

from .smo import SMOResult, default_max_iter, solve

__all__ = ["SMOResult", "default_max_iter", "solve"]
