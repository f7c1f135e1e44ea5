"""The reduced kernel trick (Yeh, Huang, Pao and Lee, "A Review of Reduced Kernel Trick").

Estimators with scikit-learn's API, all solved by the Newton-Armijo core of
:mod:`svmbook.solvers.newton`: :class:`SSVC` and :class:`SSVR` on the full kernel (the linear
SSVM with ``kernel="linear"``), :class:`RSVC` and :class:`RSVR` on an ``n x m`` reduced kernel;
reduced-set selection in :mod:`svmbook.reduced.selection`; the kernel dimension reductions of
the review's section 4 on reduced kernels in :mod:`svmbook.reduced.kdr`
(:class:`ReducedKPCA`, :class:`ReducedKSIR`, :class:`ReducedKCCA`); the review's MapReduce RSVM
:class:`MRRSVC` in :mod:`svmbook.reduced.mapreduce`, and the exact RSVM on a Dask cluster in
:mod:`svmbook.reduced.dask` (an optional extra, imported only when used).

Notation: the review writes the data matrix ``A`` and the reduced set ``Ã``; the docstrings here
write them ``X`` and ``X̃``, as the book does, so its reduced kernel ``K(A, Ã')`` is ``K(X, X̃)``.
"""

from ._classes import RSVC, RSVR, SSVC, SSVR
from .kdr import ReducedKCCA, ReducedKPCA, ReducedKSIR
from .mapreduce import MRRSVC, stratified_shards
from .selection import (
    ReducedSet,
    crsvm_reduced_set,
    irsvm_reduced_set,
    nystrom_approximation,
    random_reduced_indices,
    random_reduced_set,
    srsvm_reduced_set,
)

__all__ = [
    "MRRSVC",
    "RSVC",
    "RSVR",
    "SSVC",
    "SSVR",
    "ReducedKCCA",
    "ReducedKPCA",
    "ReducedKSIR",
    "ReducedSet",
    "crsvm_reduced_set",
    "irsvm_reduced_set",
    "nystrom_approximation",
    "random_reduced_indices",
    "random_reduced_set",
    "srsvm_reduced_set",
    "stratified_shards",
]
