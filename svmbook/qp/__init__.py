"""cvxopt reference formulations: one function per textbook problem.

They are the oracles of every fast solver.

Each function takes a Gram matrix (never a kernel) and returns a :class:`QPResult`. The
formulations follow Gunn (1998), "Support Vector Machines for Classification and Regression", and
Goodrich (2012), "A Geometric Approach to Support Vector Classification". Where a printed equation
is wrong, the docstring says so and links the entry of ``docs/errata.md`` that explains the
correction.
"""

from ._result import InfeasibleProblemError, QPResult, svtol
from .geometric import (
    MEBResult,
    l2_geometric_dual,
    meb_dual,
    min_norm_wrch,
    mu_svm_dual,
    soft_meb_dual,
    wrch_svm_dual,
)
from .input_margin import MarginDualResult, input_margin_dual
from .perceptron import perceptron_dual, perceptron_geometric_dual, perceptron_kernel
from .reduced_set import L1Result, l1_reduced_set, l1_weights
from .smooth import SmoothQPResult, squared_eps_svr, squared_hinge_svm
from .svc import hard_margin_primal, l2_svc_dual, svc_dual
from .svr import svr_dual

__all__ = [
    "InfeasibleProblemError",
    "L1Result",
    "MEBResult",
    "MarginDualResult",
    "QPResult",
    "SmoothQPResult",
    "hard_margin_primal",
    "input_margin_dual",
    "l1_reduced_set",
    "l1_weights",
    "l2_geometric_dual",
    "l2_svc_dual",
    "meb_dual",
    "min_norm_wrch",
    "mu_svm_dual",
    "perceptron_dual",
    "perceptron_geometric_dual",
    "perceptron_kernel",
    "soft_meb_dual",
    "squared_eps_svr",
    "squared_hinge_svm",
    "svc_dual",
    "svr_dual",
    "svtol",
    "wrch_svm_dual",
]
