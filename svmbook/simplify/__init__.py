"""Simplifying trained SVMs: fewer vectors in the kernel expansion, Nguyen (2006), chapter 3.

``merge`` holds one bottom-up merge step (two same-class vectors replaced by one, Propositions
2-4), ``expansion`` what all methods share (the kernels, the refit of Proposition 5, the distance
between two expansions and its gradient, the marginal differences of Definition 6), and
``bottom_up`` Nguyen's algorithm (Table 3.1, Phase I, the refit and Phase II), its rivals in
``top_down`` (greedy Gaussian pre-images by the fixed point (3.10), Burges; Schölkopf et al.) and
``selection`` (subsets of the support vectors chosen by L1 shrinkage (3.18)-(3.20) or by kernel
PCA (3.13)-(3.17)), and ``estimator`` :func:`simplify`, which applies one of them to every
machine of a fitted SVC (svmbook's or scikit-learn's) and returns a classifier with the same
interface. ``examples`` holds the 2-D data sets standing in for those of Nguyen's Fig. 3.4 and
:func:`grid_agreement`, the share of a grid on which a machine and its simplification agree.
"""

from .bottom_up import PAIRS, BottomUpResult, bottom_up, phase2
from .estimator import METHODS, SimplifiedSVC, simplify
from .examples import FIG_3_4_SETS, fig_3_4_data, grid_agreement
from .expansion import (
    MergeKernel,
    check_targets,
    distance2,
    distance2_gradient,
    marginal_differences,
    refit_weights,
)
from .merge import GRID_POINTS, Merge, gaussian_merge_curve, merge_gaussian, merge_polynomial
from .selection import SelectionResult, kpca_selection, l1_selection
from .top_down import TopDownResult, fixed_point_preimage, top_down

__all__ = [
    "FIG_3_4_SETS",
    "GRID_POINTS",
    "METHODS",
    "PAIRS",
    "BottomUpResult",
    "Merge",
    "MergeKernel",
    "SelectionResult",
    "SimplifiedSVC",
    "TopDownResult",
    "bottom_up",
    "check_targets",
    "distance2",
    "distance2_gradient",
    "fig_3_4_data",
    "fixed_point_preimage",
    "gaussian_merge_curve",
    "grid_agreement",
    "kpca_selection",
    "l1_selection",
    "marginal_differences",
    "merge_gaussian",
    "merge_polynomial",
    "phase2",
    "refit_weights",
    "simplify",
    "top_down",
]
