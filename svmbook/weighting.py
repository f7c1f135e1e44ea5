"""Weighted SVMs: weighting strategies, the regularisation tied to them, their error metrics.

Goodrich (2012), section 4.4.

A weighted mu-SVM (4.10)/(4.11) bounds ``alpha_i <= s_i mu``: the nearest points of weighted
reduced convex hulls (:func:`svmbook.qp.mu_svm_dual` with ``sample_weight``). The three
strategies of section 4.4 choose s:

* ``"overall"`` (4.4.2): all weights 1, minimising the overall error (favours the larger class);
* ``"class_proportion"`` (4.4.3, (4.12)): each class weighted inversely to its size, minimising
  the average of the class error proportions ("balanced loss");
* ``"cost"`` (4.4.4, Zadrozny et al.): ``s_i`` = the misclassification cost of point i, minimising
  the total cost.

With them the thesis ties mu to the weights, ``mu = 1 / (0.9 kappa)`` with ``kappa`` the weight of
the lighter class (section 4.4.5), so that about 90 % of each class supports the hull vertices and
the hulls stay non-empty and separable for every strategy.
"""

from __future__ import annotations

import numpy as np

from ._validation import (
    check_interval,
    check_labels_pm1,
    check_option,
    check_sample_weight,
    check_targets,
)

__all__ = [
    "avg_class_err",
    "class_errs",
    "class_proportion_weights",
    "cost_weights",
    "err_cost",
    "kappa",
    "mu_from_kappa",
    "overall_err",
    "strategy_weights",
]

_STRATEGIES = ("overall", "class_proportion", "cost")


def kappa(s, y):
    """Return the weight of the lighter class, ``kappa = min(sum_{I_pos} s_i, sum_{I_neg} s_i)``.

    Parameters
    ----------
    s : array-like of shape (n_samples,) or None
        Weights ``s_i >= 0`` (None: all 1, so kappa is the smaller class size).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.

    Returns
    -------
    float
        kappa.

    Examples
    --------
    >>> import numpy as np
    >>> y = np.r_[np.ones(200), -np.ones(1000)]
    >>> kappa(None, y), kappa(np.where(y > 0, 10.0, 1.0), y)
    (200.0, 1000.0)
    """
    y = check_labels_pm1("y", y)
    s = check_sample_weight("s", s, y.shape[0])
    return float(min(s[y > 0].sum(), s[y < 0].sum()))


def mu_from_kappa(s, y, fraction=0.9):
    """``mu = 1 / (fraction * kappa)`` (section 4.4.5; fraction 0.9, and 0.25 for Fig. 5.6).

    The lighter hull is then reduced so that each vertex is supported by a ``fraction`` of its
    weight; ``fraction`` must lie in (0, 1] so that ``mu * kappa >= 1`` (non-empty hulls).

    Parameters
    ----------
    s : array-like of shape (n_samples,) or None
        Weights (None: all 1).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    fraction : float, default=0.9
        In (0, 1].

    Returns
    -------
    float

    Examples
    --------
    The unbal set (200 positives, 1000 negatives; Goodrich 2012, section 4.4,
    docs/errata.md#goodrich-2012-sec-4-4-unbal):

    >>> import numpy as np
    >>> y = np.r_[np.ones(200), -np.ones(1000)]
    >>> [round(1 / mu_from_kappa(s, y), 6) for s in
    ...  (None, class_proportion_weights(y), cost_weights(y, {1: 10, -1: 1}))]
    [180.0, 900.0, 900.0]
    """
    fraction = check_interval("fraction", fraction, 0.0, 1.0, low_open=True)
    k = kappa(s, y)
    if k <= 0:
        raise ValueError("s: a class has zero total weight, so its hull is empty for every mu")
    return 1.0 / (fraction * k)


def class_proportion_weights(y):
    """Weights of the average-class-proportion strategy, (4.12).

    Each class is weighted inversely to its size, relative to the larger class: if the positive
    class has k times as many points as the negative class, ``s_i = 1`` on the positives and
    ``k`` on the negatives. Both classes then carry the same total weight, so both hulls are
    reduced in the same proportion.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> import numpy as np
    >>> np.unique(class_proportion_weights(np.r_[np.ones(200), -np.ones(1000)])).tolist()
    [1.0, 5.0]
    """
    y = check_labels_pm1("y", y)
    n_pos, n_neg = float(np.sum(y > 0)), float(np.sum(y < 0))
    return np.where(y > 0, max(n_pos, n_neg) / n_pos, max(n_pos, n_neg) / n_neg)


def cost_weights(y, costs):
    """Weights of the cost-proportionate strategy: ``s_i`` = cost of misclassifying point i.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    costs : dict or array-like of shape (n_samples,)
        ``{+1: cost_pos, -1: cost_neg}`` (class costs, as the unbal set's 10 and 1) or one
        non-negative cost per point.

    Returns
    -------
    ndarray of shape (n_samples,)
    """
    y = check_labels_pm1("y", y)
    if isinstance(costs, dict):
        if set(costs) != {1, -1}:
            raise ValueError(f"costs must have the keys 1 and -1, got {sorted(costs)}")
        costs = np.where(y > 0, float(costs[1]), float(costs[-1]))
    s = check_sample_weight("costs", costs, y.shape[0])
    return s.copy()


def strategy_weights(y, strategy, costs=None):
    """Return the weights of one of the three strategies of section 4.4.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    strategy : {"overall", "class_proportion", "cost"}
    costs : dict or array-like, default=None
        Required by ``"cost"`` (see :func:`cost_weights`).

    Returns
    -------
    ndarray of shape (n_samples,)
    """
    check_option("strategy", strategy, _STRATEGIES)
    y = check_labels_pm1("y", y)
    if strategy == "overall":
        return np.ones(y.shape[0])
    if strategy == "class_proportion":
        return class_proportion_weights(y)
    if costs is None:
        raise ValueError("costs: strategy='cost' requires costs")
    return cost_weights(y, costs)


def _pair(y_true, y_pred):
    y_true = check_labels_pm1("y_true", y_true)
    y_pred = check_targets("y_pred", y_pred)
    if y_pred.shape != y_true.shape:
        raise ValueError(f"y_pred must have the shape of y_true {y_true.shape}, got {y_pred.shape}")
    if not np.all(np.abs(y_pred) == 1.0):
        raise ValueError("y_pred must contain only -1 and +1")
    return y_true, y_pred


def overall_err(y_true, y_pred):
    """Overall error rate, the fraction of misclassified points (Tables 4.4-4.5, "Overall Err").

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels in {-1, +1}, both classes present.
    y_pred : array-like of shape (n_samples,)
        Predicted labels in {-1, +1}.

    Returns
    -------
    float
        The fraction of points with ``y_pred != y_true``.

    Raises
    ------
    ValueError
        If a label is not -1 or +1, ``y_true`` lacks a class, or the shapes differ.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    return float(np.mean(y_true != y_pred))


def err_cost(y_true, y_pred, costs):
    """Total cost of the errors, ``sum_{i misclassified} cost_i`` ("Err Cost").

    ``costs`` as in :func:`cost_weights` (class costs or one per point).

    Parameters
    ----------
    y_true, y_pred
        As in :func:`overall_err`.
    costs : dict or array-like of shape (n_samples,)
        ``{+1: cost_pos, -1: cost_neg}`` or one non-negative cost per point.

    Returns
    -------
    float
        The sum of the costs of the misclassified points.

    Raises
    ------
    ValueError
        If a label is not -1 or +1, ``y_true`` lacks a class, the shapes differ, or ``costs``
        has other keys than -1 and 1, a negative entry or the wrong length.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    c = cost_weights(y_true, costs)
    return float(np.sum(c[y_true != y_pred]))


def class_errs(y_true, y_pred):
    """Error rates within each class, ``(p_pos, p_neg)`` ("Pos/Neg Class Err").

    Parameters
    ----------
    y_true, y_pred
        As in :func:`overall_err`.

    Returns
    -------
    p_pos : float
        Fraction of the positive points (``y_true = +1``) that are misclassified.
    p_neg : float
        Fraction of the negative points that are misclassified.

    Raises
    ------
    ValueError
        As :func:`overall_err`.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    wrong = y_true != y_pred
    return float(np.mean(wrong[y_true > 0])), float(np.mean(wrong[y_true < 0]))


def avg_class_err(y_true, y_pred):
    """``(p_pos + p_neg) / 2``, the balanced loss of section 4.4.3 ("Average Class Err").

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels, as in :func:`overall_err`.

    Returns
    -------
    float
        The mean of the two class error rates of :func:`class_errs`.

    Raises
    ------
    ValueError
        As :func:`overall_err`.
    """
    p_pos, p_neg = class_errs(y_true, y_pred)
    return 0.5 * (p_pos + p_neg)
