"""Model selection for SVMs: error estimates, radius-margin bounds during training, searchers.

Goodrich (2012), chapter 6 (estimates, radius-margin bounds, Algorithms 12 and 13, mu-search);
Nguyen's warm starts (thesis chapter 4); the nested uniform design of Yeh, Huang, Pao and Lee's
RSVM review.
"""

from .mu_search import MuSearchResult, mu_schedule, mu_search

__all__ = ["MuSearchResult", "mu_schedule", "mu_search"]
