"""Exceptions with a meaning of their own, to catch by type rather than match by message.

Both subclass :class:`ValueError`, the error a caller expects for the same cause; they are
defined beside the reference formulations that raise them first (:mod:`svmbook.qp`).
"""

from .qp._result import HullsIntersectError, InfeasibleProblemError

__all__ = ["HullsIntersectError", "InfeasibleProblemError"]
