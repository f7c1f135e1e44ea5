r"""Reference perceptron QPs of Goodrich (2012), section 2.8 and section 4.5, solved with cvxopt.

A perceptron here is an SVM without the constraint ``sum_i alpha_i y_i = 0`` (Goodrich (2012),
eq. (2.56)): its bias, if any, is penalised (``b^2 / 2`` in Goodrich's (2.53)) instead of free.
The general dual, Goodrich's (2.54),

.. math::

    \min_\alpha \tfrac12\sum_{i,j}\alpha_i\alpha_j k(\mathbf x_i,\mathbf x_j)
    - \sum_i\alpha_i
    \quad\text{s.t.}\quad 0\le\alpha_i\le C

with the kernels of Goodrich's Table 2.2 (:func:`perceptron_kernel`) is :func:`perceptron_dual`:
Goodrich's (2.46) hard margin, (2.48) L1 loss, (2.49) L2 loss, (2.51) with a bias. Its geometric
form, Goodrich's (4.14)/(4.15), weighted (5.31), is the minimum-norm point of one weighted reduced
hull in the feature space of k: :func:`perceptron_geometric_dual`. The two are the same classifier
(section 4.5), just as the C- and mu-SVMs are: ``alpha_geom = alpha / sum(alpha)`` at ``mu = C /
sum(alpha)``.

Results use the package convention ``f(x) = K(x, X) @ coef + b`` with ``coef = alpha * y``; the
thesis's threshold is ``-sum_i alpha_i y_i`` (subtracted), so ``b = sum_i alpha_i y_i`` with a bias
and 0 without.
"""

from __future__ import annotations

import numpy as np

from .._validation import (
    check_gram,
    check_labels_pm1,
    check_option,
    check_positive,
    check_sample_weight,
)
from ._common import kernel_scale, solve_scaled, warn_status
from ._result import Certificate, QPResult, svtol
from .geometric import min_norm_wrch

__all__ = ["perceptron_dual", "perceptron_geometric_dual", "perceptron_kernel"]

_LOSSES = ("hard", "l1", "l2")


def perceptron_kernel(K, y, *, bias=True, D=None, sample_weight=None):
    """Return the perceptron kernel ``y_i y_j K_ij (+ y_i y_j) (+ delta_ij / (D s_i))``.

    The modified kernels of Goodrich (2012), Table 2.2.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix of the original kernel.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    bias : bool, default=True
        Add ``y_i y_j``: the bias of Goodrich's (2.50)-(2.53) (his Table 2.2's rows without "B").
    D : float, default=None
        L2 loss: add ``delta_ij / D``. Correction to the source: Goodrich's Table 2.2 never defines
        D (docs/errata.md#goodrich-2012-eq-2-49); for the primal penalty ``C sum_i xi_i^2`` it is
        ``2C`` (as in Goodrich's (2.33)), for ``C/2 sum_i xi_i^2`` it is ``C``. Goodrich's (2.49)
        prints the diagonal term as a double sum and calls the kernel ``k = delta_ij / C``:
        read ``K + delta_ij / C``.
    sample_weight : array-like of shape (n_samples,), default=None
        L2 loss only: ``delta_ij / (D s_i)``, by analogy with the weighted SVM of Goodrich's
        (2.37).

    Returns
    -------
    ndarray of shape (n_samples, n_samples)
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    yy = y[:, None] * y[None, :]
    k = yy * K + (yy if bias else 0.0)
    if D is not None:
        D = check_positive("D", D)
        s = check_sample_weight("sample_weight", sample_weight, y.shape[0], positive=True)
        k = k + np.diag(1.0 / (D * s))
    elif sample_weight is not None:
        raise ValueError("sample_weight: only the L2 kernel (D given) takes weights")
    return k


def _loss_parameters(loss, C, D):
    """Box bound and D for a loss; D defaults to 2C (docs/errata.md#goodrich-2012-eq-2-49)."""
    check_option("loss", loss, _LOSSES)
    if loss == "hard":
        if C is not None or D is not None:
            raise ValueError("C: loss='hard' takes neither C nor D")
        return np.inf, None
    if loss == "l1":
        if C is None:
            raise ValueError("C: loss='l1' requires C")
        if D is not None:
            raise ValueError("D: loss='l1' does not take D")
        return check_positive("C", C), None
    if D is None:
        if C is None:
            raise ValueError("C: loss='l2' requires C (for D = 2C) or D")
        D = 2.0 * check_positive("C", C)
    elif C is not None:
        raise ValueError("D: pass C (D = 2C) or D, not both")
    return np.inf, check_positive("D", D)


def _perceptron_result(alpha, K, y, bias, certificate, n_iter, objective, tol, formulation):
    coef = alpha * y
    w_norm2 = float(coef @ K @ coef)
    b = float(coef.sum()) if bias else 0.0
    return QPResult.assemble(
        alpha, coef, (b, (b, b), None), alpha > tol, tol, w_norm2, (certificate, n_iter),
        formulation, objective=objective,
    )  # fmt: skip


def perceptron_dual(K, y, *, loss="l1", C=None, D=None, bias=True):
    r"""Return the general perceptron dual, Goodrich (2012), eq. (2.54), with his Table 2.2 kernels.

    ==========  ===========================  ===============================================
    ``loss``    constraint                   problem (Goodrich's equations)
    ==========  ===========================  ===============================================
    ``"hard"``  ``alpha_i >= 0``             (2.45)/(2.46); with bias (2.51) without C
    ``"l1"``    ``0 <= alpha_i <= C``        (2.47)/(2.48); with bias (2.53)
    ``"l2"``    ``alpha_i >= 0``             (2.49), kernel ``+ delta_ij / D``, D = 2C
    ==========  ===========================  ===============================================

    Correction to the source: Goodrich's (2.51) is derived from his L1 dual (2.48) but shows only
    ``alpha_i >= 0``; with ``loss="l1"`` we keep ``alpha_i <= C`` (its primal is his (2.53)), and
    ``loss="hard", bias=True`` is his (2.51) as printed.

    Parameters
    ----------
    K, y
        As in :func:`perceptron_kernel`.
    loss : {"hard", "l1", "l2"}, default="l1"
    C : float, default=None
        Box bound (``"l1"``) or the L2 penalty giving ``D = 2C`` (``"l2"``).
    D : float, default=None
        The L2 diagonal's denominator, instead of C (docs/errata.md#goodrich-2012-eq-2-49).
    bias : bool, default=True
        Penalised bias ``b^2 / 2`` (Table 2.2 rows without "B"); False: bias-free ("B").

    Returns
    -------
    QPResult
        ``coef = alpha * y``, ``b = sum_i alpha_i y_i`` (0 without bias; the thesis's threshold is
        ``-b``), ``objective = 1/2 a'ka - 1'a``. The hard problems raise nothing on inseparable
        data but return an uncertified answer (``status = 1``) with a ``ConvergenceWarning``.
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    ub, D = _loss_parameters(loss, C, D)
    k = perceptron_kernel(K, y, bias=bias, D=D)
    n = y.shape[0]
    scale = ub if np.isfinite(ub) else 1.0 / kernel_scale(k)
    alpha, _, cert, n_iter = solve_scaled(
        k, -np.ones(n), lb=np.zeros(n), ub=np.full(n, ub), scale=scale, where="perceptron_dual"
    )
    alpha = np.clip(alpha, 0.0, ub)
    warn_status(cert)
    objective = float(0.5 * alpha @ k @ alpha - alpha.sum())
    bias_text = "bias" if bias else "bias-free"
    label = f"perceptron_dual: Goodrich (2012), eq. (2.54), loss={loss}, {bias_text}"
    tol = svtol(ub if np.isfinite(ub) else np.inf)
    return _perceptron_result(alpha, K, y, bias, cert, n_iter, objective, tol, label)


def perceptron_geometric_dual(
    K, y, mu=np.inf, *, loss="l1", C=None, D=None, bias=True, sample_weight=None
):
    r"""Return the perceptron as the min-norm point of a weighted reduced hull.

    Goodrich (2012), eqs. (4.14)/(4.15)/(5.31):

    .. math::

        \min_\alpha \tfrac12\sum_{i,j}\alpha_i\alpha_j k(\mathbf x_i,\mathbf x_j)
        \quad\text{s.t.}\quad \sum_i\alpha_i = 1,\ 0\le\alpha_i\le s_i\mu,

    with ``k`` from :func:`perceptron_kernel`: the point of ``WRCH({z_i}, mu, s)`` nearest the
    origin, ``z_i = y_i [phi(x_i); 1]`` (Goodrich's Fig. 4.22). Equivalent to
    :func:`perceptron_dual` at ``C = mu * sum(alpha')`` (``alpha = alpha' / sum alpha'``). Its alpha
    sums to 1 where the SVM's sums to 1 per class, so a perceptron mu of half the SVM's reduces
    comparably (Goodrich's Fig. 5.17).

    Parameters
    ----------
    K, y
        As in :func:`perceptron_dual`.
    mu : float, default=np.inf
        Reduction (``"l1"``); must be ``np.inf`` for ``"hard"`` and ``"l2"`` (the hull is not
        reduced: their ``alpha_i >= 0`` has no upper bound).
    loss : {"hard", "l1", "l2"}, default="l1"
    C, D : float, default=None
        L2 only: ``D`` or ``D = 2C`` (docs/errata.md#goodrich-2012-eq-2-49).
    bias : bool, default=True
    sample_weight : array-like of shape (n_samples,), default=None
        ``"l1"``: bounds ``s_i mu`` (Goodrich's section 4.5.2); ``"l2"``: the diagonal
        ``delta_ij/(D s_i)``.

    Returns
    -------
    QPResult
        ``alpha`` (sum 1), ``coef = alpha * y``, ``b = sum_i alpha_i y_i`` (0 without bias),
        ``w_norm2 = coef' K coef`` (the original kernel's ``||w||^2``), ``objective`` half the
        squared norm of the min-norm point in the feature space of k.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[2.0, 1.0], [1.0, 2.0], [-1.0, -2.0], [-2.0, -0.5]])
    >>> res = perceptron_geometric_dual(X @ X.T, [1, 1, -1, -1], loss="hard", bias=False)
    >>> np.round(X.T @ res.coef / res.w_norm2, 4).tolist()
    [0.4286, 0.2857]
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    mu = check_positive("mu", mu, allow_inf=True)
    if loss == "l1":
        if C is not None or D is not None:
            raise ValueError("C: loss='l1' takes mu here, not C or D (see perceptron_dual)")
        k = perceptron_kernel(K, y, bias=bias)
        res = min_norm_wrch(k, mu, sample_weight=sample_weight)
    else:
        _, D = _loss_parameters(loss, C, D)
        if np.isfinite(mu):
            raise ValueError(f"mu: loss={loss!r} has no reduction, pass mu=np.inf (got {mu:g})")
        k = perceptron_kernel(K, y, bias=bias, D=D, sample_weight=sample_weight)
        res = min_norm_wrch(k)
    label = (
        f"perceptron_geometric_dual: Goodrich (2012), eqs. (4.15)/(5.31), loss={loss}, mu={mu:g}"
    )
    return _perceptron_result(
        res.alpha, K, y, bias, Certificate.of(res), res.n_iter, res.objective, res.svtol, label
    )
