"""Maximising the margin in the input space, Akaho (2002).

A kernel SVM maximises its margin in the feature space; measured in the input space (optionally
under a Riemannian metric ``G(x)``) that margin can be tiny. Akaho's Algorithm 1 maximises the
input-space margin instead:

* ``derivatives``: the kernels' derivatives in their first argument (linear, polynomial,
  Gaussian), the basis of the discriminant (2);
* ``expansion``: :class:`KernelExpansion`, the discriminant (2) with its value, gradient and
  Hessian;
* ``foot``: the foot-of-perpendicular iteration (12) (corrected), the linearised distance (3),
  Proposition 1's stability analysis, the margin estimate, an exact reference by constrained
  optimisation and a global one in the plane (the boundary traced on a grid);
* ``algorithm``: one step of Algorithm 1 (foot update, projection (18), the temporaries and QP
  (8)-(9), the updates (10)-(11)) and of the simplified algorithm (section 6);
* ``estimator``: :class:`InputMarginSVC`, scikit-learn's API over the steps;
* ``experiment``: the simulation of section 4 (imported on its own:
  ``svmbook.input_margin.experiment``).

The QP of a step is :func:`svmbook.qp.input_margin_dual`.
"""

from .algorithm import (
    SIMPLIFIED_QPS,
    StepError,
    StepInfo,
    Temporaries,
    algorithm_step,
    reproject,
    simplified_step,
    support_of,
    temporaries,
    update_coefficients,
)
from .derivatives import (
    DIFFERENTIABLE,
    differentiable_kernel,
    kernel_cross_hessian,
    kernel_gradient,
    kernel_tensors,
)
from .estimator import ALGORITHMS, SELECTIONS, InputMarginStep, InputMarginSVC
from .expansion import KernelExpansion
from .foot import (
    CONVERGED,
    MAX_ITER,
    VANISHING_GRADIENT,
    FootResult,
    MarginEstimate,
    Stability,
    boundary_distance,
    exact_foot,
    foot_of_perpendicular,
    linearised_distance,
    margin_estimate,
    metric_matrices,
    projection_stability,
)

__all__ = [
    "ALGORITHMS",
    "CONVERGED",
    "DIFFERENTIABLE",
    "MAX_ITER",
    "SELECTIONS",
    "SIMPLIFIED_QPS",
    "VANISHING_GRADIENT",
    "FootResult",
    "InputMarginSVC",
    "InputMarginStep",
    "KernelExpansion",
    "MarginEstimate",
    "Stability",
    "StepError",
    "StepInfo",
    "Temporaries",
    "algorithm_step",
    "boundary_distance",
    "differentiable_kernel",
    "exact_foot",
    "foot_of_perpendicular",
    "kernel_cross_hessian",
    "kernel_gradient",
    "kernel_tensors",
    "linearised_distance",
    "margin_estimate",
    "metric_matrices",
    "projection_stability",
    "reproject",
    "simplified_step",
    "support_of",
    "temporaries",
    "update_coefficients",
]
