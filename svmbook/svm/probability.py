"""Class probabilities of the classifiers: Platt's sigmoid and pairwise coupling, as LIBSVM.

A binary machine's decision value ``f`` becomes a probability by Platt's sigmoid
``P(y = +1 | f) = 1 / (1 + exp(A f + B))``, whose ``A`` and ``B`` are fitted by maximum
likelihood on decision values the machine did not see in training: LIBSVM's
``svm_binary_svc_probability`` trains the machine on four fifths of its samples five times and
collects the decision values of the held-out fifth. The fit is
:func:`svmbook.thresholds.platt_fit` (the Newton method with backtracking of Lin, Lin and Weng
(2007), with Platt's regularised targets ``(N_+ + 1) / (N_+ + 2)`` and ``1 / (N_- + 2)``).
With more than two classes the pairwise ``r_ij = P(i | i or j, x)`` of the one-vs-one machines
are coupled into one distribution by the second method of Wu, Lin and Weng (2004), LIBSVM's
``multiclass_probability``.

The folds are drawn from ``numpy.random.default_rng(random_state)``, so the probabilities are
reproducible but not bit-identical to LIBSVM's (which draws them from the C library's ``rand``).

References
----------
J. Platt, "Probabilistic outputs for support vector machines and comparisons to regularized
likelihood methods", in Advances in Large Margin Classifiers, 2000. H.-T. Lin, C.-J. Lin and
R. C. Weng, "A note on Platt's probabilistic outputs for support vector machines", Machine
Learning 68, 2007. T.-F. Wu, C.-J. Lin and R. C. Weng, "Probability estimates for multi-class
classification by pairwise coupling", JMLR 5, 2004.
"""

from __future__ import annotations

import warnings

import numpy as np
from numba import njit
from sklearn.exceptions import ConvergenceWarning

__all__ = ["N_FOLDS", "cross_val_decision", "sigmoid_predict", "couple_pairwise"]

#: Folds of the internal cross-validation (LIBSVM's ``nr_fold``).
N_FOLDS = 5
# LIBSVM's bound on a pairwise probability before coupling, so that no r_ij is exactly 0 or 1
_MIN_PROB = 1e-7


def cross_val_decision(n_samples, t, fit_predict, rng):
    """Return held-out decision values of a binary machine by LIBSVM's 5-fold scheme.

    The samples are permuted and cut into :data:`N_FOLDS` consecutive folds. For each fold the
    machine is trained on the other folds and evaluated on it. A training part with one class
    only gives the decision value +1 (all positive), -1 (all negative) or 0 (empty), as LIBSVM.

    Parameters
    ----------
    n_samples : int
        Number of samples of the machine.
    t : ndarray of shape (n_samples,)
        Labels in {-1, +1}.
    fit_predict : callable
        ``fit_predict(train, test) -> ndarray`` trains the machine on the sample indices
        ``train`` and returns its decision values at ``test`` (positive for ``t = +1``).
    rng : numpy.random.Generator
        Draws the permutation.

    Returns
    -------
    ndarray of shape (n_samples,)
        The held-out decision value of every sample.
    """
    perm = rng.permutation(n_samples)
    dec = np.zeros(n_samples)
    for k in range(N_FOLDS):
        begin, end = k * n_samples // N_FOLDS, (k + 1) * n_samples // N_FOLDS
        test = perm[begin:end]
        if test.size == 0:
            continue
        train = np.concatenate([perm[:begin], perm[end:]])
        n_pos = int(np.sum(t[train] > 0))
        n_neg = train.size - n_pos
        if n_pos and n_neg:
            dec[test] = fit_predict(np.sort(train), test)
        else:
            dec[test] = 1.0 if n_pos else (-1.0 if n_neg else 0.0)
    return dec


def sigmoid_predict(dec, A, B):
    """Evaluate Platt's sigmoid ``P(y = +1 | f) = 1 / (1 + exp(A f + B))``.

    Parameters
    ----------
    dec : ndarray
        Decision values ``f``.
    A, B : float
        The fitted sigmoid (:func:`svmbook.thresholds.platt_fit`).

    Returns
    -------
    ndarray
        Probabilities of the label +1, the shape of ``dec``.
    """
    z = np.asarray(dec, dtype=np.float64) * A + B
    e = np.exp(-np.abs(z))
    return np.where(z >= 0, e / (1.0 + e), 1.0 / (1.0 + e))


@njit(cache=True)
def _couple_one(r, p, max_iter):
    """Wu, Lin and Weng's method 2 for one point: ``r[i, j] = P(i | i or j)``; fills ``p``."""
    k = r.shape[0]
    Q = np.zeros((k, k))
    Qp = np.zeros(k)
    for t in range(k):
        p[t] = 1.0 / k
        for j in range(k):
            if j != t:
                Q[t, t] += r[j, t] * r[j, t]
                Q[t, j] = -r[j, t] * r[t, j]
    eps = 0.005 / k
    for _ in range(max_iter):
        pQp = 0.0
        for t in range(k):
            Qp[t] = 0.0
            for j in range(k):
                Qp[t] += Q[t, j] * p[j]
            pQp += p[t] * Qp[t]
        max_error = 0.0
        for t in range(k):
            max_error = max(max_error, abs(Qp[t] - pQp))
        if max_error < eps:
            return True
        for t in range(k):
            diff = (-Qp[t] + pQp) / Q[t, t]
            p[t] += diff
            pQp = (pQp + diff * (diff * Q[t, t] + 2.0 * Qp[t])) / (1.0 + diff) / (1.0 + diff)
            for j in range(k):
                Qp[j] = (Qp[j] + diff * Q[t, j]) / (1.0 + diff)
                p[j] /= 1.0 + diff
    return False


@njit(cache=True)
def _couple(r, max_iter):
    n, k = r.shape[0], r.shape[1]
    out = np.empty((n, k))
    converged = True
    for i in range(n):
        converged &= _couple_one(r[i], out[i], max_iter)
    return out, converged


def couple_pairwise(pairwise, n_classes):
    """Couple one-vs-one probabilities into class probabilities (Wu, Lin and Weng 2004).

    Parameters
    ----------
    pairwise : ndarray of shape (n_samples, n_classes * (n_classes - 1) / 2)
        ``P(i | i or j, x)`` for the pairs ``(i, j)``, ``i < j``, in LIBSVM's order
        (:func:`svmbook.svm.multiclass.ovo_pairs`).
    n_classes : int
        Number of classes.

    Returns
    -------
    ndarray of shape (n_samples, n_classes)
        Class probabilities; each row sums to 1.
    """
    pairwise = np.clip(np.asarray(pairwise, dtype=np.float64), _MIN_PROB, 1.0 - _MIN_PROB)
    if n_classes == 2:  # the coupled distribution is (r_01, r_10) exactly
        return np.column_stack([pairwise[:, 0], 1.0 - pairwise[:, 0]])
    r = np.zeros((pairwise.shape[0], n_classes, n_classes))
    col = 0
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            r[:, i, j] = pairwise[:, col]
            r[:, j, i] = 1.0 - pairwise[:, col]
            col += 1
    max_iter = max(100, n_classes)
    probs, converged = _couple(r, max_iter)
    if not converged:
        warnings.warn(
            f"pairwise coupling stopped at max_iter={max_iter} for some points",
            ConvergenceWarning,
            stacklevel=2,
        )
    return probs
