r"""Reference geometric formulations of Goodrich (2012), chapters 2, 4 and 5, solved with cvxopt.

The nearest-point (NP) view of the SVM: the mu-SVM dual (Goodrich (2012), eq. (2.26)), the nearest
points of the reduced convex hulls (his (2.27)-(2.28)), the weighted mu-SVM (his (4.11)) and the
general WRCH SVM (his (5.16)) are one problem,

.. math::

    \min_\alpha \tfrac12 \sum_{i,j}\alpha_i\alpha_j y_iy_j k(\mathbf x_i,\mathbf x_j)
    \quad\text{s.t.}\quad \sum_{i\in I_{pos}}\alpha_i = \sum_{i\in I_{neg}}\alpha_i = 1,
    \quad 0\le\alpha_i\le s_i\mu,

solved by :func:`mu_svm_dual` (``sample_weight`` = s). Its L2 form, Goodrich's (2.30)/(2.32)/(2.37),
is :func:`l2_geometric_dual`, his Table 5.1 is :func:`wrch_svm_dual`, the minimum-norm point of
one weighted hull (his (4.15)/(4.16)/(5.31)) is :func:`min_norm_wrch`, and the minimal enclosing
balls (his (2.42)/(2.44)) are :func:`meb_dual` and :func:`soft_meb_dual`.

Scale and sign conventions (one for every result here): the NP scale of chapters 4-5, ``w = sum_i
alpha_i y_i phi(x_i) = p_pos - p_neg``, so ``QPResult.coef = alpha * y``, ``QPResult.w_norm2 =
||p_pos - p_neg||^2`` (the squared distance between the hulls) and the decision function is ``f(x) =
K(x, X) @ coef + b``. The thesis subtracts its threshold (``w.x - b``), so ``QPResult.b =
-b_thesis``; ``QPResult.rho`` is the thesis's rho (Goodrich's (4.8)) in this scale. Goodrich's
primal (2.20) uses ``w = 1/2 sum alpha_i y_i x_i`` (his (2.21)): its ``w``, ``b`` and ``rho`` are
half of ours, which is why :func:`svmbook.convert.mu_to_c` reads ``C = mu / (2 rho_primal) = mu /
rho``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Module import, attributes read at call time: svmbook.thresholds imports svmbook.qp._common, so
# importing svmbook.thresholds first runs this module while thresholds is half-initialised.
from .. import thresholds
from .._validation import (
    MU_RTOL,
    check_gram,
    check_hull_mu,
    check_labels_pm1,
    check_option,
    check_positive,
    check_sample_weight,
)
from ._common import (
    bound_guesses,
    certify,
    kernel_scale,
    polish_scales,
    satisfies_kkt,
    warn_status,
)
from ._cvx import solve_qp
from ._result import HullsIntersectError, QPResult

__all__ = [
    "MEBResult",
    "l2_geometric_dual",
    "meb_dual",
    "min_norm_wrch",
    "mu_svm_dual",
    "soft_meb_dual",
    "wrch_svm_dual",
]


def _polish_groups(H, q, x, nu, lb, ub, groups, rhs):
    """Active-set polish of ``min 1/2 x'Hx + q'x``, ``lb <= x <= ub``, group sums ``= rhs``.

    The equality constraints are one per group (``sum_{groups == g} x = rhs[g]``, disjoint
    groups): :func:`svmbook.qp._common.polish` generalised from one ``a'x = 0`` row. Guess the
    active bounds at thresholds 1e-9 .. 1e-3 of the box, solve the KKT equations of the free
    variables exactly and return the first guess that satisfies every KKT condition to 1e-9,
    with the group multipliers ``nu``; None if none does. A group without free variables has an
    interval of multipliers: we keep cvxopt's when it lies inside, else the midpoint.
    """
    m = rhs.shape[0]
    width, tol = polish_scales(H, q, x, lb, ub)
    for at_lo, at_hi, free, z in bound_guesses(x, lb, ub, width):
        F = np.flatnonzero(free)
        rows = np.unique(groups[F])
        nu_new = np.array(nu, dtype=np.float64)
        if F.size:
            E = (groups[F][None, :] == rows[:, None]).astype(np.float64)
            M = np.block([[H[np.ix_(F, F)], E.T], [E, np.zeros((rows.size, rows.size))]])
            fixed_sum = np.array([z[(groups == g) & ~free].sum() for g in rows])
            rhs_kkt = np.concatenate(
                [-(q[F] + H[np.ix_(F, ~free)] @ z[~free]), rhs[rows] - fixed_sum]
            )
            sol = np.linalg.lstsq(M, rhs_kkt, rcond=1e-13)[0]
            z[F] = sol[: F.size]
            nu_new[rows] = sol[F.size :]
        sums = np.array([z[groups == g].sum() for g in range(m)])
        if np.any(np.abs(sums - rhs) > 1e-9 * np.maximum(1.0, np.abs(rhs))):
            continue
        g = H @ z + q
        ok = True
        for grp in np.setdiff1d(np.arange(m), rows):
            # Bound multipliers: at_lo needs g_i + nu >= 0, at_hi needs g_i + nu <= 0.
            inside = groups == grp
            lo = float(np.max(-g[inside & at_lo], initial=-np.inf))
            hi = float(np.min(-g[inside & at_hi], initial=np.inf))
            if lo > hi + tol:
                ok = False
                break
            if not (np.isfinite(nu_new[grp]) and lo <= nu_new[grp] <= hi):
                nu_new[grp] = 0.5 * (lo + hi) if np.isfinite(lo + hi) else min(max(0.0, lo), hi)
        if not ok:
            continue
        if satisfies_kkt(z, g + nu_new[groups], lb, ub, width, tol, (at_lo, at_hi, free)):
            return np.clip(z, lb, ub), nu_new
    return None


def _solve_groups(H, q, ub, groups, rhs, where):
    """``min 1/2 x'Hx + q'x`` s.t. ``0 <= x <= ub`` and one sum constraint per group.

    Variables with ``ub = 0`` and groups whose bounds sum to ``rhs`` (a hull reduced to its
    weighted centroid, ``mu = 1 / sum s``) are fixed before cvxopt sees the problem: their feasible
    set has no interior, which interior-point methods cannot start from. The rest is solved in
    ``u = x / unit`` (``unit`` the largest finite bound) as :func:`svmbook.qp._common.solve_scaled`
    does, then polished, and the whole problem's answer is certified
    (:func:`svmbook.qp._common.certify`; ``where`` names it). Returns ``(x, nu, certificate,
    n_iter)``; ``nu[g]`` is NaN for a fixed group.
    """
    n, m = H.shape[0], rhs.shape[0]
    x = np.zeros(n)
    nu = np.full(m, np.nan)
    fixed = ub <= 0
    for g in range(m):
        inside = (groups == g) & ~fixed
        cap = float(ub[inside].sum())
        if cap <= rhs[g] * (1.0 + MU_RTOL):
            x[inside] = ub[inside] * (rhs[g] / cap)
            fixed |= inside
    R = np.flatnonzero(~fixed)
    A_full = (groups[None, :] == np.arange(m)[:, None]).astype(np.float64)
    if R.size == 0:
        cert = certify(H, q, x, lb=np.zeros(n), ub=ub, A=A_full, b=rhs, where=f"{where} (fixed)")
        return x, nu, cert, 0
    F = np.flatnonzero(fixed)
    live = np.unique(groups[R])
    gmap = np.full(m, -1)
    gmap[live] = np.arange(live.size)
    g_R = gmap[groups[R]]
    rhs_R = rhs[live] - np.array([x[F][groups[F] == g].sum() for g in live])
    q_R = q[R] + H[np.ix_(R, F)] @ x[F]
    H_R = H[np.ix_(R, R)]
    ub_R = ub[R]
    finite = ub_R[np.isfinite(ub_R)]
    unit = float(finite.max()) if finite.size else 1.0
    Hs = unit * H_R
    A = (g_R[None, :] == np.arange(live.size)[:, None]).astype(np.float64)
    u, nu_R, status, n_iter = solve_qp(
        Hs, q_R, lb=np.zeros(R.size), ub=ub_R / unit, A=A, b=rhs_R / unit
    )
    polished = _polish_groups(Hs, q_R, u, nu_R, np.zeros(R.size), ub_R / unit, g_R, rhs_R / unit)
    if polished is not None:
        u, nu_R = polished
        status += ", polished"
    x[R] = np.clip(unit * u, 0.0, ub_R)
    nu[live] = nu_R
    cert = certify(H, q, x, lb=np.zeros(n), ub=ub, A=A_full, b=rhs,
                   where=f"{where} (cvxopt status {status!r})")  # fmt: skip
    return x, nu, cert, n_iter


def _two_hull_result(K, y, upper, *, label, where):
    """Solve the two-hull NP problem with bounds ``upper`` and build the QPResult."""
    Q = (y[:, None] * y[None, :]) * K
    groups = (y < 0).astype(np.int64)
    alpha, nu, cert, n_iter = _solve_groups(
        Q, np.zeros(y.shape[0]), upper, groups, np.ones(2), where
    )
    warn_status(cert)
    coef = alpha * y
    f = K @ coef
    w_norm2 = float(coef @ f)
    if np.sqrt(max(w_norm2, 0.0)) <= 1e-6 * np.sqrt(kernel_scale(K)):
        raise HullsIntersectError(
            "mu is too large: the two reduced hulls intersect (distance "
            f"{np.sqrt(max(w_norm2, 0.0)):.3g}), so there is no separating hyperplane; "
            "decrease mu or change the kernel"
        )
    thr = thresholds.b_kkt(f, y, alpha, upper)
    _, _, free, eps = thresholds.bound_sets(alpha, upper)
    # Stationarity: y_i f_i + nu_class = 0 on free SVs, so u = -nu_pos, l = nu_neg.
    b_mult = None if np.any(np.isnan(nu)) else 0.5 * float(nu[0] - nu[1])
    bias = (thr.b, thr.b_interval, b_mult)  # b_kkt returns the book's b, as QPResult.b
    return QPResult.assemble(
        alpha, coef, bias, free, eps, w_norm2, (cert, n_iter), label,
        rho=thr.rho, rho_interval=thr.rho_interval,
    )  # fmt: skip


def mu_svm_dual(K, y, mu, *, sample_weight=None):
    r"""Return the (weighted) mu-SVM dual: nearest points of two (weighted) reduced convex hulls.

    Goodrich (2012), eqs. (2.26)/(2.27)-(2.28), weighted (4.11), general kernel (5.16):

    .. math::

        \min_\alpha \tfrac12\sum_{i,j}\alpha_i\alpha_j y_i y_j K_{ij}
        \quad\text{s.t.}\quad \sum_{I_{pos}}\alpha_i = 1,\ \sum_{I_{neg}}\alpha_i = 1,
        \ 0 \le \alpha_i \le s_i\mu .

    The thesis's ``max -1/4 sum ...`` with ``sum alpha_i = 2``, ``sum alpha_i y_i = 0`` is the same
    feasible set and the same minimiser; we minimise half the squared distance
    ``||p_pos - p_neg||^2`` between the nearest points ``p_pos = sum_{I_pos} alpha_i phi(x_i)``,
    ``p_neg`` likewise. This function is also the WRCH nearest-point problem (there is no separate
    ``wrch_nearest_points``).

    Correction to the source: Goodrich's (2.28) prints ``0 < alpha_i <= mu``; points off the nearest
    points' supporting faces have ``alpha_i = 0``, so the constraint is ``0 <= alpha_i <= mu``.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix (any kernel k of Goodrich's Table 5.1: pass ``K + diag(1/(2 s C))`` for the L2
        loss, or use :func:`l2_geometric_dual`).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}, both present.
    mu : float
        Reduction parameter, ``> 0``. ``np.inf`` (or any ``mu >= 1`` with unit weights) gives the
        unreduced hulls, i.e. the hard margin. The hulls are empty unless
        ``mu * sum_{class} s_i >= 1`` for both classes; at equality a hull is its weighted centroid.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights ``s_i >= 0`` (Goodrich's section 4.4); the bound becomes ``s_i mu``. None means all
        1.

    Returns
    -------
    QPResult
        In the NP scale (module docstring): ``alpha`` (class sums 1), ``coef = alpha * y``,
        ``w_norm2 = ||p_pos - p_neg||^2`` (the squared distance between the hulls; ``||w||`` of the
        brief is ``sqrt(w_norm2)``), ``objective = w_norm2 / 2``, ``rho`` and ``b = -b_thesis`` from
        the KKT conditions, Goodrich's (4.8), via :func:`svmbook.thresholds.b_kkt`: averaged over
        the free SVs of each class; when a class has none (typical for integer ``1/mu``) the
        midpoint of the KKT interval (Goodrich 2012, section 4.3.1 and Fig. 4.12;
        docs/errata.md#goodrich-2012-sec-4-3-1-b-range), with the intervals in ``b_interval`` and
        ``rho_interval``. ``b_multiplier`` is ``-b_thesis`` from cvxopt's two equality multipliers
        (None when a hull is a single centroid and no multiplier exists). ``margin = 2 rho /
        ||w||``, the full width between the supporting planes (Goodrich's (2.20)'s text calls the
        half-width the margin, docs/errata.md#goodrich-2012-eq-2-20-margin).

    Raises
    ------
    ValueError
        ``mu`` is infeasible (a hull is empty), or so large that the two hulls intersect.

    Examples
    --------
    Two points per class: the nearest points of the full hulls (mu = 1) are (1, 0) and (-1, 0),
    the weight is split between the two points of each class:

    >>> import numpy as np
    >>> X = np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]])
    >>> res = mu_svm_dual(X @ X.T, [1, 1, -1, -1], 1.0)
    >>> np.round(res.alpha, 6).tolist(), round(res.w_norm2, 6), round(res.rho, 6)
    ([0.5, 0.5, 0.5, 0.5], 4.0, 2.0)
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    mu = check_positive("mu", mu, allow_inf=True)
    s = check_sample_weight("sample_weight", sample_weight, y.shape[0])
    check_hull_mu("mu", mu, s, y, labels={1.0: "the positive class", -1.0: "the negative class"})
    upper = np.where(s > 0, s * mu, 0.0)
    weighted = "" if sample_weight is None else ", weighted (eq. (4.11))"
    label = f"mu_svm_dual: Goodrich (2012), eqs. (2.26)/(5.16), mu={mu:g}{weighted}"
    return _two_hull_result(K, y, upper, label=label, where="mu_svm_dual")


def l2_geometric_dual(K, y, C, *, sample_weight=None):
    r"""L2-loss SVM as nearest points of two unreduced hulls.

    Goodrich (2012), eqs. (2.30)/(2.32)/(2.37):

    .. math::

        \min_\alpha \tfrac12\sum_{i,j}\alpha_i\alpha_j y_iy_j
        \Big[K_{ij}+\frac{\delta_{ij}}{2 s_i C}\Big]
        \quad\text{s.t.}\quad \sum_{I_{pos}}\alpha_i = \sum_{I_{neg}}\alpha_i = 1,\ \alpha_i\ge 0 ,

    the hard-margin NP problem in the feature space of the modified kernel (Goodrich's (2.33)) ``k =
    K + delta_ij / (2 s_i C)``, for the primal (his (2.29)) with penalty ``C sum_i s_i xi_i^2``.

    Corrections to the source: Goodrich's (2.30), (2.32) and (2.37) omit ``sum_i alpha_i y_i = 0``
    (docs/errata.md#goodrich-2012-eq-2-18); without it the two class sums are not 1 each and there
    is no bias (that problem is the L2 perceptron, :func:`svmbook.qp.perceptron.perceptron_dual`).
    The text of his section 2.6.3 says ``1/C`` and ``1/(s_i C)`` where his (2.33)/(2.37) have
    ``1/(2C)`` and ``1/(2 s_i C)`` (docs/errata.md#goodrich-2012-eq-2-36); we use the equations. The
    bound ``alpha_i <= 1`` of his (2.30) is implied by the class sums.

    Parameters
    ----------
    K, y : array-like of shape (n_samples, n_samples), (n_samples,)
        Gram matrix of the original kernel, labels in {-1, +1}.
    C : float
        Slack penalty of Goodrich's (2.29), ``> 0`` and finite.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights ``s_i > 0`` of Goodrich's (2.37).

    Returns
    -------
    QPResult
        As :func:`mu_svm_dual` on the modified kernel; ``decision_function`` takes the original
        cross-kernel (the ``delta_ij`` term lives on the training diagonal only), ``b`` and ``rho``
        come from the modified training values, and ``w_norm2`` is the squared distance in the
        modified feature space. The slacks are ``xi_i = alpha_i / (2 s_i C)`` in this scale.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]])
    >>> res = l2_geometric_dual(X @ X.T, [1, 1, -1, -1], 1.0)
    >>> np.round(res.alpha, 6).tolist(), round(res.w_norm2, 6)
    ([0.5, 0.5, 0.5, 0.5], 4.5)
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    C = check_positive("C", C)
    s = check_sample_weight("sample_weight", sample_weight, y.shape[0], positive=True)
    k = K + np.diag(1.0 / (2.0 * s * C))
    weighted = "" if sample_weight is None else " and (2.37), weighted"
    return _two_hull_result(
        k,
        y,
        np.full(y.shape[0], np.inf),
        label=f"l2_geometric_dual: Goodrich (2012), eq. (2.32){weighted}, "
        f"kernel K + delta/(2 s C), C={C:g}",
        where="l2_geometric_dual",
    )


_LOSSES = ("hard", "l1", "l2")


def wrch_svm_dual(K, y, loss="l1", *, mu=None, C=None, sample_weight=None):
    """Return the general WRCH SVM in the configurations of Goodrich (2012), Table 5.1.

    The WRCH SVM is Goodrich's (5.16).

    ============  ================================  ==========================================
    ``loss``      parameters                        solved as
    ============  ================================  ==========================================
    ``"hard"``    none (mu' = 1, s = 1)             :func:`mu_svm_dual` with ``mu = inf``
    ``"l1"``      ``mu``, optional weights          :func:`mu_svm_dual`
    ``"l2"``      ``C``, optional weights           :func:`l2_geometric_dual` (mu = 1)
    ============  ================================  ==========================================

    Goodrich's Table 5.1 writes "mu' = 1" for the hard margin; we read mu = 1
    (docs/errata.md#goodrich-2012-table-5-1) and pass ``mu = inf``: the bound ``alpha_i <= 1`` is
    implied by the class sums, and dropping it keeps a class of one support vector a free SV
    (otherwise its redundant bound would widen the KKT interval of b).

    Parameters
    ----------
    K, y
        As in :func:`mu_svm_dual`.
    loss : {"hard", "l1", "l2"}, default="l1"
    mu : float, default=None
        Required for ``"l1"``, not allowed otherwise.
    C : float, default=None
        Required for ``"l2"``, not allowed otherwise.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights (``"l1"``, ``"l2"``); not allowed for ``"hard"``.

    Returns
    -------
    QPResult
    """
    check_option("loss", loss, _LOSSES)
    needs = {"hard": (), "l1": ("mu",), "l2": ("C",)}[loss]
    given = {"mu": mu, "C": C}
    for name, value in given.items():
        if (value is None) == (name in needs):
            verb = "requires" if name in needs else "does not take"
            raise ValueError(f"{name}: loss={loss!r} {verb} {name}")
    if loss == "hard":
        if sample_weight is not None:
            raise ValueError(
                "sample_weight: loss='hard' does not take weights (Goodrich (2012), Table 5.1)"
            )
        return mu_svm_dual(K, y, np.inf)
    if loss == "l1":
        return mu_svm_dual(K, y, mu, sample_weight=sample_weight)
    return l2_geometric_dual(K, y, C, sample_weight=sample_weight)


def min_norm_wrch(K, mu=np.inf, *, sample_weight=None):
    r"""Minimum-norm point of one weighted reduced convex hull.

    Goodrich (2012), eqs. (4.15)/(4.16)/(5.31):

    .. math::

        \min_\alpha \tfrac12\sum_{i,j}\alpha_i\alpha_j K_{ij}
        \quad\text{s.t.}\quad\sum_i\alpha_i = 1,\ 0\le\alpha_i\le s_i\mu ,

    the point ``a = sum_i alpha_i phi(z_i)`` of ``WRCH(Z, mu, s)`` nearest the origin of the feature
    space of K. With the perceptron kernel ``k = y_i y_j K + y_i y_j`` this is the perceptron
    (Goodrich's (4.14); see :func:`svmbook.qp.perceptron.perceptron_dual`); with the Gram matrix of
    the Minkowski differences it is the SVM's distance between two hulls (Goodrich's chapter 5).

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix of the points ``z_i`` (labels, if any, already inside).
    mu : float, default=np.inf
        Reduction; ``mu * sum(s) >= 1`` is required. ``np.inf``: the convex hull.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights ``s_i >= 0``.

    Returns
    -------
    QPResult
        ``alpha`` (sum 1), ``coef = alpha``, ``w_norm2 = ||a||^2``, ``objective = ||a||^2 / 2``;
        ``b = 0``, ``margin`` and ``rho`` None (one hull has no threshold; the perceptron's comes
        from its bias coordinate). ``free``: the ``0 < alpha_i < s_i mu``.

    Examples
    --------
    The nearest point of the segment from (1, 1) to (1, -1) is (1, 0):

    >>> import numpy as np
    >>> Z = np.array([[1.0, 1.0], [1.0, -1.0]])
    >>> res = min_norm_wrch(Z @ Z.T)
    >>> np.round(res.alpha, 6).tolist(), round(res.w_norm2, 6)
    ([0.5, 0.5], 1.0)
    """
    K = check_gram("K", K)
    n = K.shape[0]
    mu = check_positive("mu", mu, allow_inf=True)
    s = check_sample_weight("sample_weight", sample_weight, n)
    check_hull_mu("mu", mu, s)
    upper = np.where(s > 0, s * mu, 0.0)
    alpha, _, cert, n_iter = _solve_groups(
        K, np.zeros(n), upper, np.zeros(n, np.int64), np.ones(1), "min_norm_wrch"
    )
    warn_status(cert)
    _, _, free, eps = thresholds.bound_sets(alpha, upper)
    w_norm2 = float(alpha @ K @ alpha)
    label = f"min_norm_wrch: Goodrich (2012), eqs. (4.15)/(5.31), mu={mu:g}"
    return QPResult.assemble(
        alpha, alpha.copy(), (0.0, (0.0, 0.0), None), free, eps, w_norm2, (cert, n_iter), label,
        margin=None,
    )  # fmt: skip


@dataclass(frozen=True)
class MEBResult:
    """Minimal enclosing ball in feature space (Goodrich (2012), section 2.7).

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,)
        Dual variables (sum 1); the centre is ``c = sum_i alpha_i phi(x_i)`` (Goodrich's (2.40)).
    radius2 : float
        ``R^2``. Hard ball: the optimal value of Goodrich's (2.42). Soft ball: ``||phi(x_i) -
        c||^2`` averaged over the free SVs (``0 < alpha_i < C``), else the midpoint of
        ``radius2_interval``.
    radius2_interval : tuple of float
        The KKT-consistent values of ``R^2`` (a point for the hard ball).
    center_norm2 : float
        ``||c||^2 = alpha' K alpha``.
    objective : float
        Optimal value of the dual in the thesis's max form, ``sum_i alpha_i K_ii - alpha' K alpha``.
    support : ndarray of int
        Indices with ``alpha_i > svtol`` (on or outside the sphere).
    status : int
        0: certified optimal, 1: not certified (as :attr:`QPResult.status`).
    message : str
        cvxopt's status and the certificate.
    duality_gap, infeasibility : float
        The certificate's measures.
    n_iter : int
        Interior-point iterations.
    formulation : str
        Which problem was solved.
    """

    alpha: np.ndarray
    radius2: float
    radius2_interval: tuple[float, float]
    center_norm2: float
    objective: float
    support: np.ndarray
    status: int
    message: str
    duality_gap: float
    infeasibility: float
    n_iter: int
    formulation: str

    def dist2(self, K_cross, k_diag):
        """Return ``||phi(x) - c||^2`` at new points.

        From ``K_cross[i, j] = K(x_new_i, x_train_j)`` and ``k_diag[i] = K(x_new_i, x_new_i)``.

        Parameters
        ----------
        K_cross : array-like of shape (n_new, n_samples)
            Kernel values between the new points and the training points.
        k_diag : array-like of shape (n_new,)
            Kernel values of each new point with itself.

        Returns
        -------
        ndarray of shape (n_new,)
            ``k_diag - 2 K_cross @ alpha + ||c||^2``, the squared feature-space distance of each
            new point from the centre ``c``; compare it with ``radius2``.
        """
        K_cross = np.asarray(K_cross, dtype=np.float64)
        return np.asarray(k_diag, dtype=np.float64) - 2.0 * K_cross @ self.alpha + self.center_norm2


def _meb(K, C, name, label):
    """Solve the (soft) MEB dual with bound ``C``; ``name`` names the solver in messages."""
    n = K.shape[0]
    upper = np.full(n, C)
    # min alpha'K alpha - alpha'diag(K): the negative of Goodrich's (2.42)/(2.44), Hessian 2K.
    alpha, _, cert, n_iter = _solve_groups(
        2.0 * K, -np.diag(K).copy(), upper, np.zeros(n, np.int64), np.ones(1), name
    )
    warn_status(cert)
    center_norm2 = float(alpha @ K @ alpha)
    d = np.diag(K) - 2.0 * (K @ alpha) + center_norm2
    at_zero, at_cap, free, eps = thresholds.bound_sets(alpha, upper)
    # KKT (Goodrich's (2.41)) and its soft form: alpha = 0 inside (d <= R^2), alpha = C outside,
    # free on it.
    r2, interval = thresholds.bias_from_bounds(
        d, free, np.where(at_zero, d, -np.inf), np.where(at_cap, d, np.inf)
    )
    return MEBResult(
        alpha=alpha,
        radius2=float(r2),
        radius2_interval=(float(interval[0]), float(interval[1])),
        center_norm2=center_norm2,
        objective=float(alpha @ np.diag(K) - center_norm2),
        support=np.flatnonzero(alpha > eps),
        **cert.fields(),
        n_iter=n_iter,
        formulation=label,
    )


def meb_dual(K):
    r"""Solve the minimal enclosing ball dual, Goodrich (2012), eq. (2.42) (Vapnik).

    .. math::

        \max_\alpha \sum_i\alpha_i K_{ii} - \sum_{i,j}\alpha_i\alpha_j K_{ij}
        \quad\text{s.t.}\quad\sum_i\alpha_i=1,\ \alpha_i\ge0 .

    The optimal value is ``R^2`` and the centre is ``sum_i alpha_i phi(x_i)`` (Goodrich's
    (2.40)); only points on the sphere have ``alpha_i > 0`` (his (2.41)). The display of his
    (2.42) writes ``x_i^2`` for ``x_i . x_i`` (``K_ii`` when kernelised).

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix.

    Returns
    -------
    MEBResult

    Examples
    --------
    The ball around three corners of a square is the square's circumscribed circle:

    >>> import numpy as np
    >>> X = np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]])
    >>> round(meb_dual(X @ X.T).radius2, 6)
    2.0
    """
    K = check_gram("K", K)
    return _meb(K, np.inf, "meb_dual", "meb_dual: Goodrich (2012), eq. (2.42)")


def soft_meb_dual(K, C):
    r"""Solve the soft minimal enclosing ball dual (Tax & Duin), Goodrich (2012), (2.43)-(2.44).

    It is Goodrich's (2.42) with ``0 <= alpha_i <= C``.

    Points with ``alpha_i = C`` lie outside the ball (slack), free ones on the sphere. The
    problem is feasible only for ``C >= 1/n`` (the weights sum to 1); at ``C = 1/n`` the centre
    is the centroid. The centre lies in ``RCH(P, C)``.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix.
    C : float
        Upper bound, ``>= 1 / n_samples``.

    Returns
    -------
    MEBResult
        ``radius2``: averaged over the free SVs; without one, the midpoint of the KKT interval.
    """
    K = check_gram("K", K)
    n = K.shape[0]
    C = check_positive("C", C, allow_inf=True)
    if C * n < 1.0 - MU_RTOL:
        raise ValueError(f"C={C:g} is infeasible: soft_meb_dual needs C >= 1/n = {1.0 / n:.6g}")
    return _meb(K, C, "soft_meb_dual", f"soft_meb_dual: Goodrich (2012), eq. (2.44), C={C:g}")
