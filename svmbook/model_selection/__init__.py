"""Model selection for SVMs: error estimates, radius-margin bounds during training, searchers.

``estimates`` (hold-out, k-fold, LOO, SV bound, GACV, xi-alpha), ``radius_margin`` (the L2-loss
SVM and its MEB with bounds at every iteration, Algorithms 12 and 13), ``bound_choice`` (selection
by the SV bound, the radius-margin bound or the smaller of the two), ``mu_search``, ``search``
(the warm-started searcher :class:`SVMSearchCV`), ``working_sets`` (Nguyen's first working sets
from trained machines, :func:`train_sequence`) and ``designs`` (uniform designs).

Goodrich (2012), chapter 6 (estimates, radius-margin bounds, Algorithms 12 and 13, mu-search);
Nguyen's warm starts (thesis chapter 4); the nested uniform design of Yeh, Huang, Pao and Lee's
RSVM review.
"""

from .bound_choice import BoundChoice, bound_choice
from .designs import LOG2_C_RANGE, UD_TABLES, default_box, design_points
from .estimates import (
    FoldErrors,
    LOOResult,
    gacv,
    holdout_error,
    kfold_error,
    loo_error,
    r_delta_sq,
    sv_bound,
    xi_alpha,
)
from .mu_search import MuSearchResult, mu_schedule, mu_search
from .radius_margin import (
    CompareResult,
    GridSelection,
    RadiusMarginBounds,
    RadiusMarginMachine,
    compare,
    grid_kernel,
    modelsel_grid,
    radius_margin_ratio,
)
from .search import SVMSearchCV, fit_path
from .working_sets import (
    SequenceRun,
    SVQueue,
    binary_problems,
    common_sv_ratio,
    first_working_set,
    train_sequence,
)

__all__ = [
    "binary_problems",
    "bound_choice",
    "BoundChoice",
    "common_sv_ratio",
    "compare",
    "CompareResult",
    "default_box",
    "design_points",
    "first_working_set",
    "fit_path",
    "FoldErrors",
    "gacv",
    "GridSelection",
    "grid_kernel",
    "holdout_error",
    "kfold_error",
    "LOG2_C_RANGE",
    "loo_error",
    "LOOResult",
    "modelsel_grid",
    "mu_schedule",
    "mu_search",
    "MuSearchResult",
    "r_delta_sq",
    "radius_margin_ratio",
    "RadiusMarginBounds",
    "RadiusMarginMachine",
    "SequenceRun",
    "sv_bound",
    "SVMSearchCV",
    "SVQueue",
    "train_sequence",
    "UD_TABLES",
    "xi_alpha",
]
