"""The Minkowski difference of two classes (Goodrich 2012, section 5.2.2).

The distance between the convex hulls of two point sets is the norm of the minimum-norm point of
the convex hull of their Minkowski difference (Gilbert's two-set problem).
"""

import numpy as np

from svmbook._validation import check_points, check_two_classes

__all__ = ["minkowski_difference"]


def minkowski_difference(X, y):
    """Return the Minkowski difference ``P_pos - P_neg = {x_i - x_j : y_i = +1, y_j = -1}``.

    Its convex hull's minimum-norm point has norm equal to the distance between the convex hulls
    of the two classes (Gilbert's two-set problem, section 5.2.2).

    Parameters
    ----------
    X : array-like of shape (n, d)
        The points of both classes.
    y : array-like of shape (n,)
        Labels in {-1, +1}, both present.

    Returns
    -------
    D : ndarray of shape (n_pos * n_neg, d)
        Row ``a * n_neg + b`` is ``x_pos[a] - x_neg[b]``.
    pairs : ndarray of shape (n_pos * n_neg, 2), int64
        The indices into X of each difference.
    """
    X = check_points("X", X, n_features=None)
    y = check_two_classes("y", y, X.shape[0], pm1=True)
    ip, ineg = np.flatnonzero(y > 0), np.flatnonzero(y < 0)
    a, b = np.meshgrid(ip, ineg, indexing="ij")
    pairs = np.column_stack([a.ravel(), b.ravel()]).astype(np.int64)
    return X[pairs[:, 0]] - X[pairs[:, 1]], pairs
