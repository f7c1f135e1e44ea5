r"""The four stopping conditions of the nearest-point solvers (Goodrich 2012, sections 5.2.4, 5.8).

Every solver of :mod:`svmbook.solvers.nearest_point` works on one problem: the minimum-norm point
of a Minkowski sum of (weighted, reduced) hulls. The points are ``z_i = sign_i phi(x_i)``, each
in one *group* g (a hull), and

.. math::

    \min_\alpha \Big\|\sum_i \alpha_i \mathbf z_i\Big\|^2
    \quad\text{s.t.}\quad \sum_{i\in g}\alpha_i = 1\ \forall g,
    \quad 0\le\alpha_i\le u_i .

The SVM has two groups, the classes, with ``sign = y`` (``w = sum_i alpha_i y_i phi_i =
p_pos - p_neg``); a perceptron has one group (the minimum-norm point of one WRCH, (5.31)). The
solvers keep ``h_i = z_i . w`` (``h = y f`` for the SVM, where ``f_i = w . phi(x_i)`` is the
thesis's decision value without threshold), from which both families of conditions follow:

* **nearest point** (5.11): the vertex ``v_g`` of hull g minimising ``h`` gives the gap
  ``gap_g = sum_{i in g} (alpha_i - beta_i) h_i >= 0`` (``g_pos = w.(p_pos - v_pos)``,
  ``g_neg = w.(v_neg - p_neg)``). *Relative*: ``max_g gap_g / ||w||^2 < tol`` (Keerthi et al.,
  the thesis's recommendation; ``= 1 - w.(v_pos - p_neg)/||w||^2`` of Alg. 8). *Absolute*:
  ``max_g gap_g / ||w|| < tol`` (Franc & Hlavac; ``= ||w|| x`` the relative one);
* **KKT**: per group the levels ``m_g = max_{alpha_i > 0} h_i`` and ``M_g = min_{alpha_i < u_i}
  h_i``; the conditions hold within ``eps`` iff every ``m_g - M_g <= 2 eps`` (*absolute*) or
  ``<= 2 eps rho`` (*relative*), with the plane of group g at ``nu_g = (m_g + M_g) / 2`` and
  ``rho = mean_g nu_g`` (for the SVM ``nu_pos = rho - b`` and ``nu_neg = rho + b`` with the book's
  offset ``b``: the thesis's planes ``b +- rho`` of section 5.8.1, whose ``b`` is ours negated; for
  a perceptron ``h_i = y_i (w.x_i + b)`` and ``nu = rho``).

Decision (the thesis gives no algorithm for estimating (b, rho) during training, section 5.8):
the level-midpoint estimate above, so a statistic is a pure function of ``(h, alpha, u)``. The
statistics are in the nearest-point scale ``w = sum alpha_i y_i phi_i``; the thesis does not say
which scale its tables use (the primal (2.21) has ``w = 1/2 sum alpha_i y_i phi_i``), and the
absolute conditions change with that scale, the relative ones do not. The absolute KKT listing of
section 5.8 writes the bounded case as ``alpha_i = C``; for the mu-SVM the cap is ``s_i mu``
(docs/errata.md#goodrich-2012-sec-5-8-kkt-c).

Each condition is one statistic compared with ``tol``: the solver stops when
``statistic < tol``. :func:`stop_code` turns the name into the integer the jitted loops take,
:func:`stop_statistic` combines the parts, and :func:`evaluate` computes any condition for a
given feasible ``alpha`` (e.g. a cvxopt solution) from a Gram matrix.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._validation import check_gram, check_labels_pm1, check_option, check_positive
from ..hull.vertex import wrch_vertex

__all__ = [
    "ABSOLUTE_KKT",
    "ABSOLUTE_NP",
    "RELATIVE_KKT",
    "RELATIVE_NP",
    "STOP_RULES",
    "evaluate",
    "kkt_levels",
    "kkt_statistic",
    "np_statistic",
    "stop_code",
    "stop_statistic",
]

#: The stopping conditions by name; the code of a name is its position.
STOP_RULES = ("relative_np", "absolute_np", "relative_kkt", "absolute_kkt")
RELATIVE_NP = 0
ABSOLUTE_NP = 1
RELATIVE_KKT = 2
ABSOLUTE_KKT = 3


def stop_code(stop):
    """Return the integer code of a stopping condition name (``ValueError`` naming ``stop``).

    Parameters
    ----------
    stop : {"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"}
        The condition's name.

    Returns
    -------
    int
        Its position in :data:`STOP_RULES` (``RELATIVE_NP`` .. ``ABSOLUTE_KKT``).

    Raises
    ------
    ValueError
        If ``stop`` is not one of the names.
    """
    return STOP_RULES.index(check_option("stop", stop, STOP_RULES))


@njit(cache=True)
def np_statistic(gap_max, w_norm2, relative):
    """Nearest-point statistic: ``gap_max / ||w||^2`` (relative) or ``gap_max / ||w||``.

    ``inf`` when ``||w|| = 0`` (the hulls touch: no nearest-point certificate exists).

    Parameters
    ----------
    gap_max : float
        The largest gap ``max_g gap_g`` between a hull's current point and its vertex
        minimising ``h``.
    w_norm2 : float
        ``||w||^2``, the squared norm of the current point of the Minkowski sum.
    relative : bool
        Divide by ``||w||^2`` (Keerthi et al.) rather than by ``||w||`` (Franc & Hlavac).

    Returns
    -------
    float
        The statistic, ``>= 0`` for a feasible ``alpha``; ``inf`` when ``||w|| = 0``.
    """
    if not w_norm2 > 0.0:
        return np.inf
    if relative:
        return gap_max / w_norm2
    return gap_max / np.sqrt(w_norm2)


@njit(cache=True)
def kkt_levels(h, alpha, upper, group, n_groups, m, M):
    """Per group ``m[g] = max_{alpha_i > 0} h_i`` and ``M[g] = min_{alpha_i < u_i} h_i``.

    ``alpha_i > 0`` is tested exactly: the tiny positive multipliers an S-K run leaves behind
    count as support vectors, which is why NPAs meet the KKT conditions late (section 5.8.2).
    Points with ``u_i = 0`` take part in neither set.

    Parameters
    ----------
    h : ndarray of shape (n,), float64
        ``h_i = z_i . w`` (``y_i f_i`` for the SVM).
    alpha : ndarray of shape (n,), float64
        The multipliers.
    upper : ndarray of shape (n,), float64
        Their caps ``u_i`` (``min(s_i mu, 1)`` for a weighted reduced hull).
    group : ndarray of shape (n,), int64
        The hull of each point, in ``0 .. n_groups - 1``.
    n_groups : int
        Number of groups (hulls).
    m : ndarray of shape (n_groups,), float64
        Receives ``m_g = max_{alpha_i > 0} h_i``; ``-inf`` for a group without such a point.
    M : ndarray of shape (n_groups,), float64
        Receives ``M_g = min_{alpha_i < u_i} h_i``; ``inf`` when every multiplier of the group is
        at its cap.
    """
    for g in range(n_groups):
        m[g] = -np.inf
        M[g] = np.inf
    for i in range(h.shape[0]):
        if upper[i] <= 0.0:
            continue
        g = group[i]
        if alpha[i] > 0.0 and h[i] > m[g]:
            m[g] = h[i]
        if alpha[i] < upper[i] and h[i] < M[g]:
            M[g] = h[i]


@njit(cache=True)
def kkt_statistic(m, M, relative):
    """``(statistic, rho)`` of the KKT conditions from the levels of :func:`kkt_levels`.

    ``statistic = max_g (m_g - M_g) / 2``, divided by ``rho`` when ``relative``. A group whose
    multipliers are all at their caps (``M_g = inf``, a hull reduced to its weighted centroid)
    has no violation and its plane at ``m_g``. A non-positive ``rho`` makes the relative
    statistic ``inf``.

    Parameters
    ----------
    m : ndarray of shape (n_groups,), float64
        The levels ``m_g = max_{alpha_i > 0} h_i``.
    M : ndarray of shape (n_groups,), float64
        The levels ``M_g = min_{alpha_i < u_i} h_i``.
    relative : bool
        Divide the violation by ``rho`` (relative KKT condition).

    Returns
    -------
    statistic : float
        ``max_g (m_g - M_g) / 2`` (at least 0), divided by ``rho`` when ``relative``.
    rho : float
        The mean over the groups of the plane levels ``nu_g = (m_g + M_g) / 2``.
    """
    worst = -np.inf
    rho = 0.0
    n_groups = m.shape[0]
    for g in range(n_groups):
        if np.isfinite(M[g]):
            worst = max(worst, m[g] - M[g])
            rho += 0.5 * (m[g] + M[g])
        else:
            rho += m[g]
    rho /= n_groups
    stat = max(0.5 * worst, 0.0)
    if relative:
        if not rho > 0.0:
            return np.inf, rho
        stat /= rho
    return stat, rho


@njit(cache=True)
def stop_statistic(code, gap_max, w_norm2, m, M):
    """Return the statistic of condition ``code`` (:data:`STOP_RULES`); stop when it is < tol.

    Parameters
    ----------
    code : int
        The condition, from :func:`stop_code`.
    gap_max : float
        The largest nearest-point gap (NP conditions; see :func:`np_statistic`).
    w_norm2 : float
        ``||w||^2`` (NP conditions).
    m : ndarray of shape (n_groups,), float64
        The levels ``m_g`` of :func:`kkt_levels` (KKT conditions).
    M : ndarray of shape (n_groups,), float64
        The levels ``M_g`` of :func:`kkt_levels` (KKT conditions).

    Returns
    -------
    float
        The statistic of :func:`np_statistic` or :func:`kkt_statistic`.
    """
    if code == RELATIVE_NP or code == ABSOLUTE_NP:
        return np_statistic(gap_max, w_norm2, code == RELATIVE_NP)
    return kkt_statistic(m, M, code == RELATIVE_KKT)[0]


def evaluate(stop, K, y, alpha, mu, *, sample_weight=None):
    """Return the statistic of condition ``stop`` at a feasible two-class ``alpha`` (NP scale).

    Builds ``h = y * (K @ (alpha * y))`` and the extreme vertices of the weighted reduced hulls
    (Alg. 7) in float64 and applies the same jitted rules as the solvers.

    Parameters
    ----------
    stop : {"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"}
    K : array-like of shape (n, n)
        Gram matrix.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    alpha : array-like of shape (n,)
        Multipliers with class sums 1 and ``0 <= alpha_i <= min(s_i mu, 1)``.
    mu : float
        Reduction parameter (> 0; ``np.inf`` for the unreduced hulls).
    sample_weight : array-like of shape (n,), default=None
        Weights ``s_i >= 0``.

    Returns
    -------
    float

    Examples
    --------
    Two points per class, mu = 1: at the optimum (all alpha 1/2) every statistic is 0; at a
    vertex of each hull the relative NP statistic is ``g / ||w||^2``:

    >>> import numpy as np
    >>> X = np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]]); y = [1, 1, -1, -1]
    >>> float(evaluate("relative_np", X @ X.T, y, [0.5, 0.5, 0.5, 0.5], 1.0))
    0.0
    >>> round(float(evaluate("relative_np", X @ X.T, y, [1.0, 0.0, 0.0, 1.0], 1.0)), 6)
    0.5
    """
    code = stop_code(stop)
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    mu = check_positive("mu", mu, allow_inf=True)
    alpha = np.ascontiguousarray(alpha, dtype=np.float64)
    if alpha.shape != y.shape:
        raise ValueError(f"alpha must have shape {y.shape}, got {alpha.shape}")
    s = np.ones_like(y) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    upper = np.minimum(np.where(s > 0, s * mu, 0.0), 1.0)
    group = (y < 0).astype(np.int64)
    h = y * (K @ (alpha * y))
    gaps = []
    for g in (0, 1):
        idx = np.flatnonzero(group == g)
        vi, lam = wrch_vertex(np.ascontiguousarray(h[idx]), np.ascontiguousarray(upper[idx]), 1.0)
        gaps.append(float(alpha[idx] @ h[idx] - lam @ h[idx[vi]]))
    m, M = np.empty(2), np.empty(2)
    kkt_levels(h, alpha, upper, group, 2, m, M)
    return float(stop_statistic(code, max(gaps), float(alpha @ h), m, M))
