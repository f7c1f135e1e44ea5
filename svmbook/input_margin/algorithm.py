r"""Algorithm 1 of Akaho (2002) and its simplified variant, one step at a time.

A step takes the current discriminant (an expansion (2) whose centres are the foot estimates
``x_hat^(k)``) and returns the next one:

1. update of ``x_hat``: the foot iteration (12) from ``x_hat^(k)`` (:mod:`.foot`);
2. projection of the hyperplane onto the new bases by least squares (18)
   (:func:`reproject`);
3. the QP (8)-(9) (or (21)) in ``alpha`` with the temporaries of section 3.3
   (:func:`temporaries`, :func:`svmbook.qp.input_margin.input_margin_dual`);
4. the coefficients (10) and the bias (11) (:func:`update_coefficients`).

With ``x_hat = x``, ``eta_hat = 0`` and ``g_hat = 1`` the QP is the ordinary SVM dual
(section 3.2). The simplified algorithm (section 6) keeps ``x_hat = x`` and drops ``eta_hat``:
only ``g_hat_i = ||grad f(x_i)||_{G_i^{-1}} / ||omega||`` (22, with ``a_j`` for the printed
``a_i``, docs/errata.md#akaho-2002-eq-22) changes the SVM dual (:func:`simplified_step`).

A step that cannot proceed raises :class:`StepError` with the reason; the estimator keeps the
last good step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._docstrings import shared_docs
from .._validation import check_option
from ..qp import input_margin_dual, svc_dual
from .derivatives import kernel_gradient, kernel_tensors
from .expansion import KernelExpansion
from .foot import VANISHING_GRADIENT, foot_of_perpendicular

__all__ = [
    "SIMPLIFIED_QPS",
    "StepError",
    "StepInfo",
    "Temporaries",
    "algorithm_step",
    "reproject",
    "simplified_step",
    "support_of",
    "temporaries",
    "update_coefficients",
]

#: The training data every step takes, documented once.
_step_docs = shared_docs({
    "training": """X : ndarray of shape (n, m)
    The training points.
y : ndarray of shape (n,)
    Labels in {-1, +1}.
G_inv : ndarray of shape (n, m, m)
    The inverse metric at the training points."""
})  # fmt: skip

#: The two ways of solving the simplified algorithm's QP (:func:`simplified_step`).
SIMPLIFIED_QPS = ("exact", "rescaled_kernel")


class StepError(ArithmeticError):
    """A step of Algorithm 1 cannot proceed (the message says why)."""


@dataclass(frozen=True)
class Temporaries:
    """The temporaries of section 3.3 at the foot estimates ``x_hat``.

    Attributes
    ----------
    p : ndarray of shape (n,)
        ``omega_hat . phi(x_hat_i) = f(x_hat_i) - f_0``.
    q : ndarray of shape (n, m)
        ``omega_hat . psi(x_hat_i) = grad f(x_hat_i)``.
    r : float
        ``omega_hat . omega_hat``.
    g : ndarray of shape (n,)
        ``g_hat_i = ||q_i||_{G_i^{-1}} / sqrt(r)`` (6).
    s, t, u : ndarray of shape (n, n)
        ``s_ij``, ``t_ij = eta_i . (phi(x_hat_j) - psi(x_hat_j)^T d_j)`` (not symmetric) and
        ``u_ij = eta_i . eta_j``.
    Q : ndarray of shape (n, n)
        The QP's Hessian ``y_i y_j s_ij - y_j t_ij - y_i t_ji + u_ij = z_i . z_j`` (8).
    Gq : ndarray of shape (n, m)
        ``G_i^{-1} q_i``.
    q_norm2 : ndarray of shape (n,)
        ``||q_i||^2_{G_i^{-1}}``.
    """

    p: np.ndarray
    q: np.ndarray
    r: float
    g: np.ndarray
    s: np.ndarray
    t: np.ndarray
    u: np.ndarray
    Q: np.ndarray
    Gq: np.ndarray
    q_norm2: np.ndarray


@_step_docs
def temporaries(expansion, X, y, G_inv):
    """Return the temporaries of section 3.3 for ``omega_hat`` = ``expansion``.

    Parameters
    ----------
    expansion : KernelExpansion
        ``omega_hat, f_hat_0``; its centres are the foot estimates ``x_hat_i``, one per row of
        ``X`` (``d_hat_i = x_hat_i - x_i``).
    {training}

    Returns
    -------
    Temporaries
        ``p, q, r, g, s, t, u`` and the QP's Hessian.

    Raises
    ------
    StepError
        If ``r <= 0`` (no hyperplane) or a gradient ``q_i`` vanishes (``g_hat_i = 0``, and
        ``eta_hat_i`` of (6) is undefined).
    """
    Xh, a, b = expansion.centres, expansion.a, expansion.b
    d = Xh - X
    K, Kx, Kxy = kernel_tensors(expansion.kernel, Xh)
    q = np.einsum("ija,j->ia", Kx, a) + np.einsum("ijab,jb->ia", Kxy, b)
    p = K.T @ a + np.einsum("jia,ja->i", Kx, b)
    r = float(a @ p + np.sum(b * q))
    if not r > 0:
        raise StepError(f"omega_hat . omega_hat = {r:.3g} <= 0 after the projection (18)")
    Gq = np.einsum("iab,ib->ia", G_inv, q)
    q_norm2 = np.einsum("ia,ia->i", q, Gq)
    g = np.sqrt(q_norm2 / r)
    if not np.all(g > 1e-12 * max(float(g.max()), np.finfo(float).tiny)):
        raise StepError(
            f"grad f vanishes at the foot estimate of point(s) {np.flatnonzero(~(g > 0))[:5]}: "
            "g_hat_i = 0 and eta_hat_i of (6) is undefined"
        )
    s = (K + np.einsum("ia,ijab,jb->ij", d, Kxy, d) - np.einsum("ia,ija->ij", d, Kx)
         - np.einsum("ja,jia->ij", d, Kx))  # fmt: skip
    v = p - np.einsum("ja,ja->j", d, q)  # omega_hat . (phi(x_hat_j) - psi(x_hat_j)^T d_j)
    t = (np.einsum("ia,ija->ij", Gq, Kx) - np.einsum("ia,ijab,jb->ij", Gq, Kxy, d)
         - np.outer(q_norm2 / r, v)) / (g * r)[:, None]  # fmt: skip
    u = (np.einsum("ia,ijab,jb->ij", Gq, Kxy, Gq) - np.outer(q_norm2, q_norm2) / r) / (
        np.outer(g, g) * r * r
    )
    ty = t * y[None, :]
    Q = np.outer(y, y) * s - ty - ty.T + u
    Q = 0.5 * (Q + Q.T)
    if not (np.all(np.isfinite(Q)) and np.all(np.isfinite(g))):
        raise StepError("the temporaries of section 3.3 are not finite")
    return Temporaries(p, q, r, g, s, t, u, Q, Gq, q_norm2)


def update_coefficients(alpha, y, X, expansion, tmp):
    """Return the coefficients (10) of ``omega = sum_i alpha_i z_i`` on the new bases.

    Parameters
    ----------
    alpha : ndarray of shape (n,)
        The QP's multipliers.
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    X : ndarray of shape (n, m)
        The training points.
    expansion : KernelExpansion
        ``omega_hat`` (centres ``x_hat``), the expansion the temporaries were computed for.
    tmp : Temporaries
        Its temporaries.

    Returns
    -------
    a : ndarray of shape (n,)
        ``alpha_i y_i + beta a_hat_i``.
    b : ndarray of shape (n, m)
        ``-alpha_i (y_i d_i + G_i^{-1} q_i / (g_i r)) + beta b_hat_i``.
    """
    d = expansion.centres - X
    beta = float(np.sum(alpha * tmp.q_norm2 / tmp.g) / tmp.r**2)
    a = alpha * y + beta * expansion.a
    b = -alpha[:, None] * (y[:, None] * d + tmp.Gq / (tmp.g * tmp.r)[:, None])
    return a, b + beta * expansion.b


def support_of(expansion, rtol=1e-8):
    """Return the indices of the centres with a non-zero coefficient (the "S.V." of section 3.5).

    Parameters
    ----------
    expansion : KernelExpansion
        The expansion.
    rtol : float, default=1e-8
        A centre counts when ``|a_j| + ||b_j||`` exceeds ``rtol`` times the largest.

    Returns
    -------
    ndarray of int
        The indices.
    """
    weight = np.abs(expansion.a) + np.linalg.norm(expansion.b, axis=1)
    return np.flatnonzero(weight > rtol * max(float(weight.max()), np.finfo(float).tiny))


def reproject(expansion, X, new_centres, rcond=1e-10):
    """Projection of the hyperplane onto the new bases by least squares (18).

    Fits ``a_j, b_j`` (``j`` in the support of ``expansion``) and ``f_0`` of an expansion with
    centres ``new_centres`` to the old values on ``T = {x_i, x_hat_i^old, x_hat_i^new}``.

    Parameters
    ----------
    expansion : KernelExpansion
        The old expansion (centres ``x_hat^old``).
    X : ndarray of shape (n, m)
        The training points.
    new_centres : ndarray of shape (n, m)
        ``x_hat^new``.
    rcond : float, default=1e-10
        ``numpy.linalg.lstsq``'s cut-off (the system may be rank-deficient: ``(m + 1)|SV| + 1``
        unknowns against ``3n`` equations).

    Returns
    -------
    KernelExpansion
        The projected expansion (coefficients zero outside the support).

    Raises
    ------
    StepError
        If the least-squares problem fails or has a non-finite solution.
    """
    n, m = X.shape
    sv = support_of(expansion)
    T = np.vstack([X, expansion.centres, new_centres])
    target = expansion.decision_function(T)
    C = np.ascontiguousarray(new_centres[sv])
    # columns: k(c_j, t), the m components of k_x(c_j, t) (derivative in the centre), 1
    design = np.hstack([
        expansion.kernel(T, C),
        kernel_gradient(expansion.kernel, C, T).transpose(1, 0, 2).reshape(T.shape[0], -1),
        np.ones((T.shape[0], 1)),
    ])  # fmt: skip
    try:
        coef = np.linalg.lstsq(design, target, rcond=rcond)[0]
    except np.linalg.LinAlgError as exc:  # pragma: no cover - SVD failure on finite data
        raise StepError(f"the least-squares projection (18) failed: {exc}") from exc
    if not np.all(np.isfinite(coef)):
        raise StepError("the least-squares projection (18) has a non-finite solution")
    a, b = np.zeros(n), np.zeros((n, m))
    a[sv] = coef[: sv.size]
    b[sv] = coef[sv.size : sv.size * (m + 1)].reshape(sv.size, m)
    return KernelExpansion(expansion.kernel, np.array(new_centres, dtype=np.float64), a, b,
                           float(coef[-1]))  # fmt: skip


@dataclass(frozen=True)
class StepInfo:
    """What one step computed besides the new expansion (for tests, figures and reports).

    Attributes
    ----------
    alpha : ndarray of shape (n,)
        The QP's multipliers.
    g : ndarray of shape (n,)
        ``g_hat``.
    qp_status : int
        0 when the QP's answer is certified optimal.
    qp_message : str
        The certificate in words.
    foot_status : ndarray of int of shape (n,) or None
        The foot update's per-point status (None for the simplified algorithm).
    projected : KernelExpansion or None
        ``omega_hat`` after the projection (18) (None for the simplified algorithm).
    """

    alpha: np.ndarray
    g: np.ndarray
    qp_status: int
    qp_message: str
    foot_status: np.ndarray | None
    projected: KernelExpansion | None


@_step_docs
def algorithm_step(expansion, X, y, G_inv, *, metric=None, C=np.inf, n_foot_iter=10,
                   foot_tol=1e-10, rcond=1e-10, slow_down=False):  # fmt: skip
    """One step of Algorithm 1: foot update, projection, QP and coefficient update.

    Parameters
    ----------
    expansion : KernelExpansion
        ``f^(k)`` (centres ``x_hat^(k)``, one per training point).
    {training}
    metric : None or ndarray of shape (n, m, m), default=None
        The metric at the training points (None: Euclidean), for the foot update.
    C : float, default=np.inf
        The box of (21); ``np.inf`` is the hard margin.
    n_foot_iter : int, default=10
        Updates (12) per point at most.
    foot_tol : float, default=1e-10
        Their convergence tolerance (:func:`~svmbook.input_margin.foot_of_perpendicular`).
    rcond : float, default=1e-10
        The projection's least-squares cut-off (:func:`reproject`).
    slow_down : bool, default=False
        Slow the foot update down at unstable local minima (Proposition 1's remedy, section
        3.4; ``hessian`` of :func:`~svmbook.input_margin.foot_of_perpendicular`).

    Returns
    -------
    expansion : KernelExpansion
        ``f^(k+1)`` (centres ``x_hat^(k+1)``).
    info : StepInfo
        The multipliers, ``g_hat`` and the statuses.

    Raises
    ------
    StepError
        If the projection or the temporaries fail (e.g. a vanishing gradient at a foot
        estimate), or the QP has no finite answer. A point whose gradient vanishes during the
        foot update keeps its estimate ``x_hat^(k)_i`` (``info.foot_status`` marks it).
    """
    feet = foot_of_perpendicular(expansion, X, expansion.centres, metric=metric,
                                 max_iter=n_foot_iter, tol=foot_tol, warn=False,
                                 hessian=expansion.hessian if slow_down else None)  # fmt: skip
    # where grad f vanished on the way, (12) is undefined: keep the step's first estimate
    flat = feet.status == VANISHING_GRADIENT
    points = np.where(flat[:, None], expansion.centres, feet.points)
    projected = reproject(expansion, X, points, rcond)
    tmp = temporaries(projected, X, y, G_inv)
    qp = _solve(tmp.Q, tmp.g, y, C)
    a, b = update_coefficients(qp.alpha, y, X, projected, tmp)
    new = KernelExpansion(expansion.kernel, points, a, b, qp.b)
    return new, StepInfo(qp.alpha, tmp.g, qp.status, qp.message, feet.status, projected)


def _solve(Q, g, y, C):
    """Solve the QP (8)-(9), its failures turned into :class:`StepError`."""
    try:
        qp = input_margin_dual(Q, g, y, C, warn=False)
    except (ValueError, ArithmeticError) as exc:
        raise StepError(f"the QP (8)-(9) failed: {exc}") from exc
    if not (np.all(np.isfinite(qp.alpha)) and np.isfinite(qp.b)):
        raise StepError(f"the QP (8)-(9) has no finite answer ({qp.message})")
    return qp


@_step_docs
def simplified_step(expansion, X, y, G_inv, *, C=np.inf, qp="exact"):
    """One step of the simplified algorithm (Akaho 2002, section 6).

    The feet stay at the points and ``eta_hat`` is dropped; ``g_hat_i = ||grad f(x_i)||_{G_i^-1}
    / ||omega||`` (22, corrected) rescales each constraint to ``y_i f(x_i) >= g_hat_i``.

    Parameters
    ----------
    expansion : KernelExpansion
        ``f^(k)`` (centres ``X``, no derivative terms).
    {training}
    C : float, default=np.inf
        The box; ``np.inf`` is the hard margin.
    qp : {"exact", "rescaled_kernel"}, default="exact"
        ``"exact"`` solves ``min 1/2 a'(yy'K)a - g'a``, ``0 <= a <= C``, ``y'a = 0``.
        ``"rescaled_kernel"`` is the paper's recipe: the standard SVM (:func:`~svmbook.qp.svc_dual`)
        with the kernel ``k(x_i, x_j) / (g_i g_j)``, then ``a_i = alpha'_i y_i / g_i``. It solves a
        different problem: the substitution ``alpha'_i = g_i alpha_i`` turns the equality
        constraint into ``sum y_i alpha'_i / g_i = 0`` (and the box into ``alpha'_i <= C g_i``),
        so its primal has a per-point bias ``b g_i``. The two agree when every ``g_i`` is the
        same. The bias is then the average of (11) over the free multipliers, a compromise
        between the per-point biases.

    Returns
    -------
    expansion : KernelExpansion
        ``f^(k+1)``.
    info : StepInfo
        The multipliers (of the problem solved), ``g_hat`` and the QP's status.

    Raises
    ------
    StepError
        If a gradient vanishes (``g_hat_i = 0``) or the QP fails.
    """
    check_option("qp", qp, SIMPLIFIED_QPS)
    values, gradients = expansion.value_and_gradient(X)
    r = float(expansion.a @ (values - expansion.f0))
    if not r > 0:
        raise StepError(f"omega . omega = {r:.3g} <= 0")
    g = np.sqrt(np.einsum("ia,iab,ib->i", gradients, G_inv, gradients) / r)
    if not np.all(g > 1e-12 * max(float(g.max()), np.finfo(float).tiny)):
        raise StepError("grad f vanishes at a training point: g_hat_i = 0 in (22)")
    K = expansion.kernel(X)
    if qp == "exact":
        res = _solve(np.outer(y, y) * K, g, y, C)
        a, f0, alpha, status, message = res.alpha * y, res.b, res.alpha, res.status, res.message
    else:
        try:
            res = svc_dual(K / np.outer(g, g), y, C)
        except ValueError as exc:
            raise StepError(f"the rescaled-kernel SVM failed: {exc}") from exc
        alpha, status, message = res.alpha, res.status, res.message
        a = alpha * y / g
        pins = res.free if res.free.size else res.support
        f0 = float(np.mean(y[pins] * g[pins] - K[pins] @ a))
    new = KernelExpansion(expansion.kernel, X, a, np.zeros_like(X), f0)
    return new, StepInfo(alpha, g, status, message, None, None)
