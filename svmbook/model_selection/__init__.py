"""Model selection for SVMs: error estimates, radius-margin bounds during training, searchers.

Goodrich (2012), chapter 6 (estimates, radius-margin bounds, Algorithms 12 and 13, mu-search);
Nguyen's warm starts (thesis chapter 4); the nested uniform design of Yeh, Huang, Pao and Lee's
RSVM review.
"""

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

__all__ = [
    "FoldErrors",
    "LOOResult",
    "MuSearchResult",
    "gacv",
    "holdout_error",
    "kfold_error",
    "loo_error",
    "mu_schedule",
    "mu_search",
    "r_delta_sq",
    "sv_bound",
    "xi_alpha",
]
