"""Multiclass layer of the classifiers: LIBSVM's one-vs-one layout and one-vs-rest machines.

Each binary machine is given as a dense coefficient vector over the ``n`` training samples in
LIBSVM's sign (``coef_i = y_i alpha_i`` with ``y = +1`` for the *first* class of the machine, so a
positive decision value votes for that class) and its intercept (the decision value is
``coef' k(x) + intercept``; LIBSVM stores ``rho = -intercept``).

One-vs-one (LIBSVM ``svm_train``, scikit-learn ``SVC``): the machines are the pairs ``(i, j)``,
``i < j``, in class order. The support vectors are the samples with a non-zero coefficient in any
machine, grouped by class (class order) and increasing within a class; ``dual_coef_`` has shape
``(n_classes - 1, n_SV)``: for the pair ``(i, j)`` the coefficients of class ``i``'s support
vectors sit in row ``j - 1`` and those of class ``j`` in row ``i``; one ``intercept_`` per pair.
These are exactly the arrays scikit-learn exposes.

One-vs-rest (``multiclass="ovr"``): machine ``c`` separates class ``c`` (+1) from the rest;
``dual_coef_`` has one row per class (shape ``(n_classes, n_SV)``) and ``intercept_`` one entry.
"""

from __future__ import annotations

import numpy as np

__all__ = ["ovo_pairs", "ovo_layout", "ovo_decision", "ovo_votes", "ovr_layout", "ovr_decision"]


def ovo_pairs(n_classes):
    """List the pairs ``(i, j)``, ``i < j``, in LIBSVM's order.

    Parameters
    ----------
    n_classes : int
        Number of classes.

    Returns
    -------
    list of tuple of int
        ``n_classes (n_classes - 1) / 2`` pairs.

    Examples
    --------
    >>> ovo_pairs(3)
    [(0, 1), (0, 2), (1, 2)]
    """
    return [(i, j) for i in range(n_classes) for j in range(i + 1, n_classes)]


def _support(y_index, coefs, n_classes):
    nonzero = np.zeros(y_index.shape[0], dtype=bool)
    for c in coefs:
        nonzero |= c != 0
    support = np.concatenate(
        [np.flatnonzero(nonzero & (y_index == k)) for k in range(n_classes)]
    ).astype(np.int32)
    n_support = np.array([np.sum(y_index[support] == k) for k in range(n_classes)], dtype=np.int32)
    return support, n_support


def ovo_layout(y_index, coefs, intercepts, n_classes):
    """LIBSVM's one-vs-one model from its pairwise machines.

    Parameters
    ----------
    y_index : ndarray of int of shape (n,)
        Class index of each training sample.
    coefs : list of ndarray of shape (n,)
        ``coefs[p]``: dense LIBSVM-sign coefficients of pair ``p`` (zero outside the pair).
    intercepts : array-like of shape (n_pairs,)
        The intercept of each pair.
    n_classes : int
        Number of classes.

    Returns
    -------
    support, n_support, dual_coef, intercept : ndarray
        scikit-learn's ``support_``, ``n_support_``, ``dual_coef_`` (n_classes - 1, n_SV) and
        ``intercept_`` (n_pairs,).
    """
    support, n_support = _support(y_index, coefs, n_classes)
    ys = y_index[support]
    dual_coef = np.zeros((max(n_classes - 1, 1), support.shape[0]))
    for p, (i, j) in enumerate(ovo_pairs(n_classes)):
        ci = ys == i
        cj = ys == j
        dual_coef[j - 1, ci] = coefs[p][support[ci]]
        dual_coef[i, cj] = coefs[p][support[cj]]
    return support, n_support, dual_coef, np.asarray(intercepts, dtype=np.float64)


def ovo_decision(K, sv_class, dual_coef, intercept, n_classes):
    """LIBSVM's pairwise decision values, positive for the pair's first class.

    Parameters
    ----------
    K : ndarray of shape (n_samples, n_SV)
        Kernel values between the samples and the support vectors.
    sv_class : ndarray of int of shape (n_SV,)
        Class index of each support vector.
    dual_coef, intercept : ndarray
        The one-vs-one layout of :func:`ovo_layout`.
    n_classes : int
        Number of classes.

    Returns
    -------
    ndarray of shape (n_samples, n_pairs)
    """
    out = np.empty((K.shape[0], len(intercept)))
    for p, (i, j) in enumerate(ovo_pairs(n_classes)):
        ci = sv_class == i
        cj = sv_class == j
        out[:, p] = K[:, ci] @ dual_coef[j - 1, ci] + K[:, cj] @ dual_coef[i, cj] + intercept[p]
    return out


def ovo_votes(dec, n_classes):
    """Votes per class from pairwise decision values (positive votes for the first class).

    Parameters
    ----------
    dec : ndarray of shape (n_samples, n_pairs)
        Pairwise decision values (:func:`ovo_decision`).
    n_classes : int
        Number of classes.

    Returns
    -------
    ndarray of int of shape (n_samples, n_classes)
    """
    votes = np.zeros((dec.shape[0], n_classes), dtype=np.int64)
    for p, (i, j) in enumerate(ovo_pairs(n_classes)):
        pos = dec[:, p] > 0
        votes[pos, i] += 1
        votes[~pos, j] += 1
    return votes


def ovr_layout(y_index, coefs, intercepts, n_classes):
    """Lay out the model of ``n_classes`` one-vs-rest machines.

    Parameters
    ----------
    y_index, n_classes
        As in :func:`ovo_layout`.
    coefs : list of ndarray of shape (n,)
        ``coefs[c]``: dense coefficients of machine ``c`` (positive for class ``c``).
    intercepts : array-like of shape (n_classes,)
        The intercept of each machine.

    Returns
    -------
    support, n_support, dual_coef, intercept : ndarray
        ``dual_coef`` of shape (n_classes, n_SV), ``intercept`` of shape (n_classes,).
    """
    support, n_support = _support(y_index, coefs, n_classes)
    dual_coef = np.stack([c[support] for c in coefs])
    return support, n_support, dual_coef, np.asarray(intercepts, dtype=np.float64)


def ovr_decision(K, dual_coef, intercept):
    """Decision values of the one-vs-rest machines.

    Parameters
    ----------
    K : ndarray of shape (n_samples, n_SV)
        Kernel values between the samples and the support vectors.
    dual_coef, intercept : ndarray
        The layout of :func:`ovr_layout`.

    Returns
    -------
    ndarray of shape (n_samples, n_classes)
    """
    return K @ dual_coef.T + intercept
