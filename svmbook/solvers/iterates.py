"""Iterates of the nearest-point solvers, for step-through figures (Goodrich 2012, chapter 5).

The step-through pictures need the multipliers after each iteration, which the solvers'
``history`` does not record: :func:`nearest_point_iterates` reruns a solver with ``max_iter = t``
for ``t = 0, 1, ..., T`` (each run starts from the same weighted centroid and is deterministic, so
run t is the first t steps of the full run). That is quadratic in T and meant for small 2-D toys.
:func:`nearest_points` maps multipliers to the two nearest points ``p_pos``, ``p_neg``.
"""

import warnings

from sklearn.exceptions import ConvergenceWarning

from svmbook._validation import check_int, check_multipliers, check_points, check_two_classes
from svmbook.solvers.nearest_point import solve_min_norm_point, solve_nearest_point

__all__ = ["nearest_point_iterates", "nearest_points"]


def nearest_point_iterates(K, y, mu, method="sk", n_steps=10, *, one_class=False, **options):
    """Return the multipliers after 0, 1, ..., ``n_steps`` iterations of a nearest-point solver.

    Runs :func:`svmbook.solvers.nearest_point.solve_nearest_point` (or
    :func:`~svmbook.solvers.nearest_point.solve_min_norm_point` when ``one_class``) with
    ``max_iter = t`` for each t and a tolerance of ``1e-12`` unless ``tol`` is given. Runs that hit
    ``max_iter`` warn with ``ConvergenceWarning``; that is the point here, so the warning is
    suppressed. The list stops early when the solver converges before ``n_steps``.

    Parameters
    ----------
    K : array-like of shape (n, n)
        Gram matrix.
    y : array-like of shape (n,)
        Labels in {-1, +1} (for ``one_class``: the perceptron's labels, or None).
    mu : float
        Reduction parameter.
    method : str, default="sk"
        Any method of :func:`~svmbook.solvers.nearest_point.solve_nearest_point`.
    n_steps : int, default=10
        The largest t.
    one_class : bool, default=False
        Use the one-class solver (minimum-norm point of one hull).
    **options
        Passed to the solver (``step``, ``stop``, ``tol``, ``sample_weight``, ``bias``, ...).

    Returns
    -------
    list of ndarray
        ``alphas[t]`` after t iterations; ``alphas[0]`` is the starting point.
    """
    n_steps = check_int("n_steps", n_steps, 0)
    options.setdefault("tol", 1e-12)
    solve = solve_min_norm_point if one_class else solve_nearest_point
    alphas = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for t in range(int(n_steps) + 1):
            res = solve(K, y=y, mu=mu, method=method, max_iter=t, **options)
            alphas.append(res.alpha.copy())
            if res.converged:
                break
    return alphas


def nearest_points(X, y, alpha):
    """Return the two points ``p_pos``, ``p_neg`` that the multipliers ``alpha`` describe.

    ``p_pos = sum_{I_pos} alpha_i x_i`` and ``p_neg = sum_{I_neg} alpha_i x_i`` (Goodrich (2012),
    eq. (2.27)); at the solution they are the nearest points of the two (reduced) hulls.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The points.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    alpha : array-like of shape (n,)
        Multipliers (each class sums to 1).

    Returns
    -------
    p_pos, p_neg : ndarray of shape (d,)
    """
    X = check_points("X", X, n_features=None)
    y = check_two_classes("y", y, X.shape[0], pm1=True)
    alpha = check_multipliers("alpha", alpha, X.shape[0])
    pos = y > 0
    return alpha[pos] @ X[pos], alpha[~pos] @ X[~pos]
