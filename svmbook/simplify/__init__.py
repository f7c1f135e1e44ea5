"""Simplifying trained SVMs: fewer vectors in the kernel expansion, Nguyen (2006), chapter 3.

``merge`` holds one bottom-up merge step (two same-class vectors replaced by one, Propositions
2-4).
"""

from .merge import GRID_POINTS, Merge, gaussian_merge_curve, merge_gaussian, merge_polynomial

__all__ = ["GRID_POINTS", "Merge", "gaussian_merge_curve", "merge_gaussian", "merge_polynomial"]
