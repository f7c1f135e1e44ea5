r"""Numba cores of the radius-margin machines: the L2 geometric SVM and the MEB trained by SMO.

Goodrich (2012), section 6.3.5. Both work on a float64 Gram matrix ``K`` of the original kernel
and a ridge ``r = 1/(2C)``: the modified kernel (2.33) is ``k = K + r I`` on the training points,
applied on the fly (``k_ij = K_ij + r delta_ij``).

SVM (the nearest points of the two hulls in the feature space of ``k``). State: ``alpha`` (each
class sums to 1), ``f_j = sum_i alpha_i y_i k_ij`` (the thesis's ``w . x_j``, diagonal term
included) and ``w2 = ||w||^2 = sum_j alpha_j y_j f_j``. A step moves ``t`` from ``src`` to
``dst`` in one class (the maximal violating pair of section 6.3.5: in the positive class
``src = argmax_{alpha > 0} f``, ``dst = argmin_{alpha < 1} f``; mirrored in the negative class;
the class with the larger violation is stepped), with the optimal
``t = y (f_src - f_dst) / eta``, ``eta = k_ss + k_dd - 2 k_sd``, clipped to
``[0, min(alpha_src, 1 - alpha_dst)]`` (Eq. 5.15), and updates
``f_j += y t (k_dj - k_sj)`` and ``w2 += 2 y t (f_dst - f_src) + t^2 eta``.

MEB (the minimal enclosing ball (2.42) in the same feature space). State: ``beta`` (sums to 1),
``g_j = sum_i beta_i k_ij``, ``c2 = ||c||^2 = beta . g`` and ``sd = sum_i beta_i k_ii``; the
squared distance of point j from the centre is ``d2_j = k_jj - 2 g_j + c2``. A step moves ``t``
from ``src = argmin_{beta > 0} d2`` to ``dst = argmax_{beta < 1} d2`` with the optimal
``t = (d2_dst - d2_src) / (2 eta)``, clipped to ``[0, min(beta_src, 1 - beta_dst)]``.

The relative KKT statistics (the stopping rule of section 5.8.1 in this scale; the thesis does not
spell them out for these two machines):

* SVM: ``max(max_{pos, alpha > 0} f - min_{pos} f, max_{neg} f - min_{neg, alpha > 0} f) / w2``,
  which is ``<= tol`` iff ``y_i (f_i + b) = rho (1 +- tol)`` holds for the support vectors and
  ``y_i (f_i + b) >= rho (1 - tol)`` for all points, with ``rho = w2 / 2`` in this scale;
* MEB: ``(max_j d2_j - min_{beta_j > 0} d2_j) / max_j d2_j``: every support point lies on the
  sphere and every point inside it, to ``tol`` relative.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def svm_scan(y, alpha, f):
    """Return the violating pairs and the extreme values of the SVM state.

    Parameters
    ----------
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    alpha : ndarray of shape (n,)
        Multipliers, each class summing to 1.
    f : ndarray of shape (n,)
        ``f_j = sum_i alpha_i y_i k_ij``.

    Returns
    -------
    tuple
        ``(src_pos, dst_pos, src_neg, dst_neg, min_pos, max_pos_sv, max_neg, min_neg_sv)``:
        the two pairs (indices) and ``min_{pos} f``, ``max_{pos, alpha > 0} f``,
        ``max_{neg} f``, ``min_{neg, alpha > 0} f``.
    """
    src_pos = dst_pos = src_neg = dst_neg = -1
    min_pos = np.inf
    max_pos_sv = -np.inf
    max_neg = -np.inf
    min_neg_sv = np.inf
    lo_pos = np.inf  # min over alpha < 1 (the dst of the positive class)
    hi_neg = -np.inf  # max over alpha < 1 (the dst of the negative class)
    for j in range(y.shape[0]):
        v = f[j]
        if y[j] > 0:
            min_pos = min(min_pos, v)
            if alpha[j] > 0.0 and v > max_pos_sv:
                max_pos_sv = v
                src_pos = j
            if alpha[j] < 1.0 and v < lo_pos:
                lo_pos = v
                dst_pos = j
        else:
            max_neg = max(max_neg, v)
            if alpha[j] > 0.0 and v < min_neg_sv:
                min_neg_sv = v
                src_neg = j
            if alpha[j] < 1.0 and v > hi_neg:
                hi_neg = v
                dst_neg = j
    return src_pos, dst_pos, src_neg, dst_neg, min_pos, max_pos_sv, max_neg, min_neg_sv


@njit(cache=True)
def svm_kkt(w2, min_pos, max_pos_sv, max_neg, min_neg_sv):
    """Return the SVM's relative KKT statistic from the values of :func:`svm_scan`.

    Parameters
    ----------
    w2 : float
        ``||w||^2``.
    min_pos, max_pos_sv, max_neg, min_neg_sv : float
        As returned by :func:`svm_scan`.

    Returns
    -------
    float
        ``max(max_pos_sv - min_pos, max_neg - min_neg_sv) / w2`` (``inf`` when ``w2 <= 0``).
    """
    if not w2 > 0.0:
        return np.inf
    return max(max_pos_sv - min_pos, max_neg - min_neg_sv, 0.0) / w2


@njit(cache=True)
def svm_run(K, y, ridge, alpha, f, w2, n_steps, tol):
    """Take up to ``n_steps`` SMO steps of the L2 geometric SVM, in place.

    Stops early when the relative KKT statistic is ``<= tol``, no pair violates, or a step
    would change no multiplier (below rounding).

    Parameters
    ----------
    K : ndarray of shape (n, n)
        Gram matrix of the original kernel.
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    ridge : float
        ``1 / (2C)``.
    alpha, f : ndarray of shape (n,)
        The state (module docstring), updated.
    w2 : ndarray of shape (1,)
        ``||w||^2``, updated.
    n_steps : int
        The most steps to take.
    tol : float
        Relative KKT tolerance (0: step while a pair violates).

    Returns
    -------
    int
        The number of steps taken.
    """
    n = y.shape[0]
    for it in range(n_steps):
        sp, dp, sn, dn, min_pos, max_pos_sv, max_neg, min_neg_sv = svm_scan(y, alpha, f)
        if svm_kkt(w2[0], min_pos, max_pos_sv, max_neg, min_neg_sv) <= tol:
            return it
        gap_pos = f[sp] - f[dp] if dp >= 0 else -np.inf
        gap_neg = f[dn] - f[sn] if dn >= 0 else -np.inf
        if gap_pos >= gap_neg:
            s, d, lab, gap = sp, dp, 1.0, gap_pos
        else:
            s, d, lab, gap = sn, dn, -1.0, gap_neg
        if not gap > 0.0:
            return it
        eta = K[s, s] + K[d, d] - 2.0 * K[s, d] + 2.0 * ridge
        t = min(gap / eta, alpha[s], 1.0 - alpha[d])
        if alpha[d] + t == alpha[d] and alpha[s] - t == alpha[s]:
            return it  # the step is below rounding: no progress is possible
        w2[0] += -2.0 * t * gap + t * t * eta
        for j in range(n):
            f[j] += lab * t * (K[d, j] - K[s, j])
        f[d] += lab * t * ridge
        f[s] -= lab * t * ridge
        alpha[d] += t
        alpha[s] = 0.0 if t == alpha[s] else alpha[s] - t
    return n_steps


@njit(cache=True)
def meb_scan(kdiag, beta, g, c2):
    """Return the violating pair and the extreme squared distances of the MEB state.

    Parameters
    ----------
    kdiag : ndarray of shape (n,)
        ``k_jj`` (the ridge included).
    beta : ndarray of shape (n,)
        Multipliers summing to 1.
    g : ndarray of shape (n,)
        ``g_j = sum_i beta_i k_ij``.
    c2 : float
        ``||c||^2``.

    Returns
    -------
    tuple
        ``(src, dst, min_sv, max_all, max_free)``: the pair, ``min_{beta > 0} d2``,
        ``max_j d2_j`` (``(R^up)^2``) and ``max_{beta < 1} d2``.
    """
    src = dst = -1
    min_sv = np.inf
    max_all = -np.inf
    max_free = -np.inf
    for j in range(beta.shape[0]):
        d2 = kdiag[j] - 2.0 * g[j] + c2
        max_all = max(max_all, d2)
        if beta[j] > 0.0 and d2 < min_sv:
            min_sv = d2
            src = j
        if beta[j] < 1.0 and d2 > max_free:
            max_free = d2
            dst = j
    return src, dst, min_sv, max_all, max_free


@njit(cache=True)
def meb_kkt(min_sv, max_all):
    """Return the MEB's relative KKT statistic ``(max_all - min_sv) / max_all`` (0 if max_all <= 0).

    Parameters
    ----------
    min_sv, max_all : float
        As returned by :func:`meb_scan`.

    Returns
    -------
    float
        The statistic, ``>= 0``.
    """
    if not max_all > 0.0:
        return 0.0
    return max(max_all - min_sv, 0.0) / max_all


@njit(cache=True)
def meb_run(K, ridge, kdiag, beta, g, sums, n_steps, tol):
    """Take up to ``n_steps`` SMO steps of the MEB, in place, stopping early as :func:`svm_run`.

    Parameters
    ----------
    K, ridge : ndarray of shape (n, n), float
        As in :func:`svm_run`.
    kdiag : ndarray of shape (n,)
        ``k_jj = K_jj + ridge``.
    beta, g : ndarray of shape (n,)
        The state (module docstring), updated.
    sums : ndarray of shape (2,)
        ``(c2, sd)``: ``||c||^2`` and ``sum_i beta_i k_ii``, updated.
    n_steps, tol : int, float
        As in :func:`svm_run`.

    Returns
    -------
    int
        The steps taken.
    """
    n = beta.shape[0]
    for it in range(n_steps):
        s, d, min_sv, max_all, max_free = meb_scan(kdiag, beta, g, sums[0])
        if meb_kkt(min_sv, max_all) <= tol:
            return it
        gap = max_free - min_sv
        if d < 0 or not gap > 0.0:
            return it
        eta = K[s, s] + K[d, d] - 2.0 * K[s, d] + 2.0 * ridge
        t = min(gap / (2.0 * eta), beta[s], 1.0 - beta[d])
        if beta[d] + t == beta[d] and beta[s] - t == beta[s]:
            return it  # the step is below rounding: no progress is possible
        sums[0] += 2.0 * t * (g[d] - g[s]) + t * t * eta
        sums[1] += t * (kdiag[d] - kdiag[s])
        for j in range(n):
            g[j] += t * (K[d, j] - K[s, j])
        g[d] += t * ridge
        g[s] -= t * ridge
        beta[d] += t
        beta[s] = 0.0 if t == beta[s] else beta[s] - t
    return n_steps
