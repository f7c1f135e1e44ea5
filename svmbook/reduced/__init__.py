"""Reduced kernel methods, after the review of the reduced kernel trick by Yeh et al.

``kdr`` holds the kernel dimension reductions of the review's section 4 on reduced kernels:
:class:`ReducedKPCA`, :class:`ReducedKSIR` and :class:`ReducedKCCA`.
"""

from .kdr import ReducedKCCA, ReducedKPCA, ReducedKSIR

__all__ = ["ReducedKCCA", "ReducedKPCA", "ReducedKSIR"]
