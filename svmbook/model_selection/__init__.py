"""Model selection for SVMs: error estimates, radius-margin bounds during training, searchers.

Goodrich (2012), chapter 6 (estimates, radius-margin bounds, Algorithms 12 and 13, mu-search);
Nguyen's warm starts (thesis chapter 4); the nested uniform design of Yeh, Huang, Pao and Lee's
RSVM review.
"""

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
from .search import SVMSearchCV, fit_path

__all__ = [
    "default_box",
    "design_points",
    "fit_path",
    "FoldErrors",
    "gacv",
    "holdout_error",
    "kfold_error",
    "LOG2_C_RANGE",
    "loo_error",
    "LOOResult",
    "mu_schedule",
    "mu_search",
    "MuSearchResult",
    "r_delta_sq",
    "sv_bound",
    "SVMSearchCV",
    "UD_TABLES",
    "xi_alpha",
]
