"""Reference support vector regression QPs, solved with cvxopt.

Gunn (1998), chapter 5 and Listing A.2.

``f(x) = sum_i beta_i K(x_i, x) + b`` with ``beta = alpha - alpha*``. Sign convention of the
listing: ``beta_i > 0`` means the point lies above the function (``y_i = f(x_i) + epsilon`` for a
free SV).

Printed errors of Gunn's report corrected here (each explained in ``docs/errata.md``):

* His (A.6) prints ``c = [eps + Y; eps - Y]``; the listing's code (and we) use
  ``c = [eps - Y; eps + Y]`` for ``x = (alpha, alpha*)``, and his (A.7) omits the upper bound C
  (docs/errata.md#gunn-1998-eq-a-6).
* His (5.8)/(5.12) carry the classification bias ``-1/2 <w, x_r + x_s>``, invalid for regression,
  replaced by the KKT average of Listing A.2 (docs/errata.md#gunn-1998-eq-5-8).
* His (5.21) swaps alpha and alpha*; his (5.24) writes ``K(x_i, x_j)`` for ``K(x_i, x)``
  (docs/errata.md#gunn-1998-eq-5-21).
* The quadratic loss uses the listing's Hessian ``K + I/(2C)`` (ridge lambda = 1/(2C), as the
  text of section 5.2 says), not the ``1/(2C) sum beta^2`` of his (5.15) (lambda = 1/C)
  (docs/errata.md#gunn-1998-eq-5-15).
* Huber is absent from Listing A.2 and follows his (5.19)-(5.20), whose primal is his (5.17)
  divided by the width delta (Gunn's mu), as stated in :func:`svr_dual`
  (docs/errata.md#gunn-1998-eq-5-17).
"""

from __future__ import annotations

import numpy as np

from .._validation import check_gram, check_option, check_positive, check_targets
from ..thresholds import bias_from_bounds
from ._common import kernel_scale, solve_scaled, warn_status
from ._cvx import min_total_violation
from ._result import InfeasibleProblemError, QPResult, svtol

__all__ = ["svr_dual"]

_LOSSES = ("epsilon_insensitive", "laplace", "quadratic", "huber")
_FEASIBILITY_TOL = 1e-6


def svr_dual(
    K,
    y,
    C=np.inf,
    *,
    epsilon=0.0,
    loss="epsilon_insensitive",
    delta=None,
    bias="explicit",
    infeasible="raise",
    ridge=1e-10,
):
    r"""Support vector regression dual for four losses, Gunn (1998), chapter 5 and eqs. (A.5)-(A.8).

    The losses and Gunn's equations:


    * ``"epsilon_insensitive"`` (Gunn's (5.4)), dual (5.6)-(5.7) in the 2n-variable form (A.5)-(A.8)
      (sign of c corrected):
      :math:`\min \tfrac12 x^T\begin{bmatrix}K&-K\\-K&K\end{bmatrix}x + c^Tx`,
      :math:`c = (\varepsilon - y;\ \varepsilon + y)`,
      :math:`x = (\alpha; \alpha^*) \in [0, C]^{2n}`, :math:`\sum_i \alpha_i - \alpha_i^* = 0`.
    * ``"laplace"`` (``|f - y|``, epsilon = 0), Gunn's beta-form (5.10)-(5.11):
      :math:`\min \tfrac12\beta^TK\beta - y^T\beta`, :math:`-C \le \beta_i \le C`,
      :math:`\sum\beta_i = 0`.
    * ``"quadratic"`` (Gunn's (5.13)), listing convention:
      :math:`\min \tfrac12\beta^T(K + I/(2C))\beta - y^T\beta`, :math:`\sum\beta_i = 0`; the primal
      is ``1/2 ||w||^2 + C sum (y_i - f(x_i))^2``, i.e. ridge regression with lambda = 1/(2C) and an
      unpenalised bias (docs/errata.md#gunn-1998-eq-5-15).
    * ``"huber"`` (Gunn's (5.19)-(5.20)), with the width delta (Gunn's mu):
      :math:`\min \tfrac12\beta^T(K + (\delta/C) I)\beta - y^T\beta`,
      :math:`-C \le \beta_i \le C`, :math:`\sum\beta_i = 0`. Its primal is
      ``1/2 ||w||^2 + C sum L(y_i - f(x_i))`` with ``L(r) = r^2 / (2 delta)`` for ``|r| <= delta``
      and ``|r| - delta/2`` otherwise, i.e. Gunn's (5.17) divided by delta
      (docs/errata.md#gunn-1998-eq-5-17); delta -> 0 gives the Laplace loss.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix.
    y : array-like of shape (n_samples,)
        Targets.
    C : float, default=np.inf
        Loss weight. ``np.inf``: the hard tube ``|y_i - f(x_i)| <= epsilon`` (epsilon = 0 for the
        losses other than epsilon-insensitive, which then all coincide).
    epsilon : float, default=0.0
        Tube half-width, ``"epsilon_insensitive"`` only (must be 0 for the other losses).
    loss : {"epsilon_insensitive", "laplace", "quadratic", "huber"}, default="epsilon_insensitive"
    delta : float or None, default=None
        Width of the Huber loss (> 0; Gunn's mu), required by and only allowed with
        ``loss="huber"``.
    bias : {"explicit", "implicit"}, default="explicit"
        ``"implicit"`` drops the equality constraint and sets b = 0 (Gunn's (5.25)).
    infeasible : {"raise", "ridge"}, default="raise"
        When ``C=np.inf`` and no function fits inside the tube (an LP decides): raise
        :class:`InfeasibleProblemError`, or add the listing's ``ridge * I`` to the Hessian. The
        ridge turns the problem into the squared-violation one:
        ``1/2 ||w||^2 + 1/(2 ridge) sum max(0, |y - f| - eps)^2`` (for epsilon = 0: least squares,
        i.e. the quadratic loss with C = 1/(2 ridge)), which is what Listing A.2 returns with
        ``C = Inf`` on a problem no tube contains.
    ridge : float, default=1e-10

    Returns
    -------
    QPResult
        ``coef = beta``; ``alpha`` = (alpha, alpha*) stacked (the parts of beta for the beta-forms);
        ``margin`` is None. Bias (explicit): the average over free SVs of
        ``y_i - epsilon sign(beta_i) - d beta_i - sum_j beta_j K_ij`` (Listing A.2, with ``d`` the
        diagonal term: 1/(2C) quadratic, delta/C Huber, 0 otherwise; for the quadratic loss this is
        the listing's ``mean(y - K beta)``); with no free SV, the midpoint of the KKT interval
        ``b_interval`` (Listing A.2 would use ``(max y + min y) / 2``). In the Laplace beta-form
        every point strictly inside the box pins b, including beta_i = 0.
    """
    y = check_targets("y", y)
    K = check_gram("K", K, y.shape[0])
    n = y.shape[0]
    C = check_positive("C", C, allow_inf=True)
    epsilon = check_positive("epsilon", epsilon, allow_zero=True)
    check_option("loss", loss, _LOSSES)
    check_option("bias", bias, ("explicit", "implicit"))
    check_option("infeasible", infeasible, ("raise", "ridge"))
    ridge = check_positive("ridge", ridge)
    if loss != "epsilon_insensitive" and epsilon != 0.0:
        raise ValueError(
            "epsilon applies only to loss='epsilon_insensitive'; "
            f"got epsilon={epsilon:g} with loss={loss!r}"
        )
    if loss == "huber":
        if delta is None:
            raise ValueError("delta is required for loss='huber' (the Huber width, delta > 0)")
        delta = check_positive("delta", delta)
    elif delta is not None:
        raise ValueError(
            f"delta applies only to loss='huber', got delta={delta!r} with loss={loss!r}"
        )

    label = f"svr_dual, loss={loss}, {bias} bias, C={C:g}, epsilon={epsilon:g}"
    two_n = loss == "epsilon_insensitive"
    d = 0.0  # diagonal added to K in the beta-form
    U = C  # box on |beta|
    if loss == "quadratic":
        d, U = (0.0 if np.isinf(C) else 1.0 / (2.0 * C)), np.inf
    elif loss == "huber":
        d = 0.0 if np.isinf(C) else delta / C
    extra = 0.0  # ridge on every variable (C = inf, infeasible = "ridge")
    if np.isinf(C):
        total, s = min_total_violation(K, y, bias=bias, epsilon=epsilon)
        if total > _FEASIBILITY_TOL:
            if infeasible == "raise":
                worst = np.argsort(-s)[:5]
                plus_bias = " plus a bias" if bias == "explicit" else ""
                raise InfeasibleProblemError(
                    f"the hard-tube problem (C=inf, epsilon={epsilon:g}) is infeasible: no "
                    f"function of the kernel's feature space{plus_bias} has |y_i - f(x_i)| <= "
                    f"{epsilon:g} for all i (total excess at least {total:.6g}; worst points "
                    f"{worst.tolist()}). The dual is unbounded. Use a finite C, a wider epsilon, "
                    "or infeasible='ridge' for the listing's squared-violation semantics."
                )
            extra = ridge
            label += f", infeasible: listing's ridge={ridge:g} (squared violations)"
    A = None
    if two_n:
        H = np.block([[K, -K], [-K, K]]) + extra * np.eye(2 * n)
        q = np.concatenate([epsilon - y, epsilon + y])
        if bias == "explicit":
            A = np.concatenate([np.ones(n), -np.ones(n)])[None, :]
        lb, ub = np.zeros(2 * n), np.full(2 * n, C)
    else:
        H = K + (d + extra) * np.eye(n)
        q = -y
        if bias == "explicit":
            A = np.ones((1, n))
        lb, ub = np.full(n, -U), np.full(n, U)
    kappa = kernel_scale(K)
    scale = min(C, 1.0 / kappa) if np.isfinite(C) else 1.0 / kappa
    x, nu, cert, n_iter = solve_scaled(H, q, lb=lb, ub=ub, A=A, scale=scale, where="svr_dual")
    x = np.clip(x, lb, ub)
    warn_status(cert)
    if two_n:
        beta = x[:n] - x[n:]
        alpha = x
        objective = float(0.5 * x @ (H @ x) + q @ x)
    else:
        beta = x
        alpha = np.concatenate([np.maximum(beta, 0.0), np.maximum(-beta, 0.0)])
        objective = float(0.5 * beta @ (H @ beta) + q @ beta)
    dd = d + extra
    g = K @ beta
    tol = svtol(C)
    inside = np.abs(beta) < U - tol
    free_mask = inside & (np.abs(beta) > tol)
    if bias == "implicit":
        b, b_interval, nu = 0.0, (0.0, 0.0), None
    else:
        r = y - g
        est = r - epsilon * np.sign(beta) - dd * beta
        # Beta-forms (epsilon = 0): every point strictly inside the box pins b, even beta_i = 0.
        pin = free_mask if (two_n or epsilon > 0) else inside
        at0 = np.abs(beta) <= tol
        at_hi = beta >= U - tol
        at_lo = beta <= -(U - tol)
        dU = dd * U if np.isfinite(U) else 0.0  # Huber: the residual at the box is at least delta
        lows = np.where(at0, r - epsilon, np.where(at_lo, r + epsilon + dU, -np.inf))
        highs = np.where(at0, r + epsilon, np.where(at_hi, r - epsilon - dU, np.inf))
        b, b_interval = bias_from_bounds(est, pin, lows, highs)
    return QPResult.assemble(
        alpha, beta, (b, b_interval, nu), free_mask, tol, float(beta @ g), (cert, n_iter), label,
        objective=objective, margin=None,
    )  # fmt: skip
