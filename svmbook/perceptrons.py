"""Kernel perceptrons: Rosenblatt's perceptron and the AdaTron.

Goodrich (2012), section 2.8, Algorithms 1 and 2, with the bias by augmentation (2.50).

Both take a Gram matrix and labels in {-1, +1}; their loops are numba kernels and the Python
functions validate, run them and warn (``ConvergenceWarning``) when the iteration budget runs out.
Neither has a bias: the hyperplane passes through the origin of the feature space. For a bias, add
the constant feature, :func:`augment_bias` (``K + 1`` for a Gram matrix, (2.50)).

Corrections to the source (docs/errata.md#goodrich-2012-alg-1 and
docs/errata.md#goodrich-2012-eq-2-8): Algorithm 1 updates ``alpha_i <- alpha_i + y_i``
where the chosen point is k: we update ``alpha_k <- alpha_k + y_k``. Algorithm 2 (and (2.8)) write
``f(x) = sum_i alpha_i x_i . x`` without ``y_i``; with its non-negative alpha the labels must be
inside, ``f(x) = sum_i alpha_i y_i K(x_i, x)``, and so must ``w``.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
from numba import njit
from sklearn.exceptions import ConvergenceWarning

from ._validation import check_gram, check_int, check_labels_pm1, check_option, check_positive

__all__ = ["PerceptronResult", "adatron", "augment_bias", "rosenblatt"]


class PerceptronResult(NamedTuple):
    """A trained kernel perceptron, ``f(x) = sum_i coef_i K(x_i, x)`` (no bias).

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,)
        Rosenblatt: signed counts (``alpha_k`` grows by ``y_k`` per mistake on k, as Alg. 1
        prints). AdaTron: non-negative multipliers.
    coef : ndarray of shape (n_samples,)
        Expansion coefficients: ``alpha`` (Rosenblatt) or ``alpha * y`` (AdaTron).
    n_iter : int
        Epochs (passes over the data) or, for the parallel AdaTron, parallel updates.
    converged : bool
        Whether the stopping condition was met within the budget.
    """

    alpha: np.ndarray
    coef: np.ndarray
    n_iter: int
    converged: bool

    def decision_function(self, K_cross):
        """``f`` at new points from ``K_cross[i, j] = K(x_new_i, x_train_j)``.

        Parameters
        ----------
        K_cross : array-like of shape (n_new, n_samples)
            As in :meth:`svmbook.qp.QPResult.decision_function`.

        Returns
        -------
        ndarray of shape (n_new,)
            ``f(x_new_i) = sum_j coef_j K(x_new_i, x_train_j)`` (no bias).
        """
        return np.asarray(K_cross, dtype=np.float64) @ self.coef


def augment_bias(X):
    """``z_i = [1, x_i]`` (2.50): a perceptron on z has the bias ``sum_i coef_i`` on x.

    For a Gram matrix the same augmentation is ``K + 1``.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    ndarray of shape (n_samples, n_features + 1)

    Examples
    --------
    >>> augment_bias([[2.0, 3.0]]).tolist()
    [[1.0, 2.0, 3.0]]
    """
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D (n_samples, n_features), got shape {X.shape}")
    return np.ascontiguousarray(np.hstack([np.ones((X.shape[0], 1)), X]))


@njit(cache=True)
def _rosenblatt_epochs(K, y, max_epochs):
    """Run Algorithm 1 with cyclic choice of k.

    One pass per epoch, a mistake (``y_k f_k <= 0``) adds ``y_k`` to ``alpha_k`` and
    ``y_k K[:, k]`` to the cached ``f``. Stops after an epoch without mistakes (then
    ``y_i f_i > 0`` for all i).
    """
    n = y.shape[0]
    alpha = np.zeros(n)
    f = np.zeros(n)
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for k in range(n):
            if y[k] * f[k] <= 0.0:
                alpha[k] += y[k]
                for i in range(n):
                    f[i] += y[k] * K[i, k]
                mistakes += 1
        if mistakes == 0:
            return alpha, epoch, True
    return alpha, max_epochs, False


def rosenblatt(K, y, *, max_epochs=1000):
    """Rosenblatt's perceptron, Goodrich Algorithm 1 (kernel form, no bias).

    Cycles through the points; each point with ``y_k f(x_k) <= 0`` updates
    ``alpha_k <- alpha_k + y_k`` (the printed ``alpha_i <- alpha_i + y_i`` is a typo,
    docs/errata.md#goodrich-2012-alg-1). Stops after the first epoch without a mistake. It
    terminates only if the data are separable by a hyperplane through the origin of the feature
    space (Novikoff: at most ``(R / gamma)^2`` mistakes for radius R and margin gamma); otherwise
    ``max_epochs`` ends it with a ``ConvergenceWarning``.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix (``K + 1`` for a bias, :func:`augment_bias`).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    max_epochs : int, default=1000
        Passes over the data.

    Returns
    -------
    PerceptronResult
        ``alpha`` signed (as Alg. 1), ``coef = alpha``; the equivalent SVM form (section 2.8) has
        ``alpha'_i = |alpha_i|``.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[2.0, 1.0], [1.0, 2.0], [-1.0, -2.0], [-2.0, -0.5]])
    >>> res = rosenblatt(X @ X.T, [1, 1, -1, -1])
    >>> res.converged, res.alpha.tolist()
    (True, [1.0, 0.0, 0.0, 0.0])
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    max_epochs = check_int("max_epochs", max_epochs, 1)
    alpha, epochs, converged = _rosenblatt_epochs(K, y, max_epochs)
    if not converged:
        warnings.warn(
            f"rosenblatt: max_epochs={max_epochs} reached with mistakes left; the data may not "
            "be separable through the origin of the feature space (add a bias: K + 1)",
            ConvergenceWarning,
            stacklevel=2,
        )
    return PerceptronResult(alpha=alpha, coef=alpha.copy(), n_iter=int(epochs), converged=converged)


@njit(cache=True)
def _kkt_violation(alpha, margin_k, tol):
    """Return True when the multiplier breaks the KKT conditions of (2.46) by more than tol."""
    if alpha > 0.0:
        return abs(1.0 - margin_k) > tol
    return margin_k < 1.0 - tol


@njit(cache=True)
def _adatron_sequential(K, y, eta_k, alpha, max_iter, tol, delta, use_delta):
    """Algorithm 2, one point at a time in index order; ``f`` is kept up to date."""
    n = y.shape[0]
    f = np.zeros(n)
    for i in range(n):
        for j in range(n):
            f[i] += alpha[j] * y[j] * K[i, j]
    for epoch in range(1, max_iter + 1):
        for k in range(n):
            step = max(-alpha[k], eta_k[k] * (1.0 - y[k] * f[k]))
            if step != 0.0:
                alpha[k] += step
                for i in range(n):
                    f[i] += step * y[k] * K[i, k]
        done = True
        for i in range(n):
            if use_delta:
                if y[i] * f[i] < delta:
                    done = False
                    break
            elif _kkt_violation(alpha[i], y[i] * f[i], tol):
                done = False
                break
        if done:
            return epoch, True
    return max_iter, False


@njit(cache=True)
def _adatron_parallel(K, y, eta_k, alpha, max_iter, tol, delta, use_delta):
    """Algorithm 2 with every point updated at once from the same ``f``."""
    n = y.shape[0]
    f = np.zeros(n)
    steps = np.zeros(n)
    for it in range(1, max_iter + 1):
        for i in range(n):
            s = 0.0
            for j in range(n):
                s += alpha[j] * y[j] * K[i, j]
            f[i] = s
        done = True
        for i in range(n):
            if use_delta:
                if y[i] * f[i] < delta:
                    done = False
            elif _kkt_violation(alpha[i], y[i] * f[i], tol):
                done = False
        if done:
            return it - 1, True
        for k in range(n):
            steps[k] = max(-alpha[k], eta_k[k] * (1.0 - y[k] * f[k]))
        for k in range(n):
            alpha[k] += steps[k]
    return max_iter, False


_MODES = ("sequential", "parallel")


def adatron(
    K,
    y,
    *,
    eta=1.0,
    mode="sequential",
    scale_by_diag=True,
    delta=None,
    tol=1e-6,
    max_iter=10000,
):
    """Train the AdaTron (Goodrich Algorithm 2, Anlauf & Biehl): the optimal-stability perceptron.

    Starts from ``alpha_i = 1`` and repeats ``delta_k = max(-alpha_k, eta_k (1 - y_k f(x_k)))``,
    ``alpha_k <- alpha_k + delta_k`` with ``f(x) = sum_i alpha_i y_i K(x_i, x)`` (the printed f
    lacks ``y_i``, docs/errata.md#goodrich-2012-eq-2-8). Its fixed points are the solutions of the
    bias-free hard-margin QP (2.45)/(2.46): ``svmbook.qp.svc_dual(K, y, np.inf, bias="implicit")``.

    With ``scale_by_diag`` the step is ``eta_k = eta / K_kk``; at ``eta = 1`` a sequential update is
    exact coordinate ascent on (2.46) (the coordinate maximiser of (2.46) is
    ``delta_k = (1 - y_k f_k) / K_kk``). Sequential updates converge for ``0 < eta < 2``; parallel
    updates may need a small eta (Anlauf & Biehl).

    Stopping. As printed, "until ``y_i f(x_i) >= Delta`` for all i"; but every support vector has
    ``y_i f(x_i) = 1`` at the fixed point, so ``Delta >= 1`` never stops in finite time
    (docs/errata.md#goodrich-2012-alg-2-stop). Pass ``delta < 1`` for the printed rule; by default
    (``delta=None``) we stop when the KKT conditions of (2.46) hold to ``tol``:
    ``|1 - y_i f_i| <= tol`` where ``alpha_i > 0`` and ``y_i f_i >= 1 - tol`` where ``alpha_i = 0``.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix with a positive diagonal (``K + 1`` for a bias).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    eta : float, default=1.0
        Learning rate, > 0.
    mode : {"sequential", "parallel"}, default="sequential"
    scale_by_diag : bool, default=True
        Use ``eta / K_kk`` as the step of point k.
    delta : float, default=None
        The printed stability threshold Delta (< 1); None: the KKT stop.
    tol : float, default=1e-6
        KKT tolerance (used when ``delta`` is None).
    max_iter : int, default=10000
        Epochs (sequential) or parallel updates; a ``ConvergenceWarning`` when they run out
        (always, on data that are not separable through the origin: (2.46) is then unbounded).

    Returns
    -------
    PerceptronResult
        ``alpha >= 0``, ``coef = alpha * y``.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[2.0, 1.0], [1.0, 2.0], [-1.0, -2.0], [-2.0, -0.5]])
    >>> res = adatron(X @ X.T, [1, 1, -1, -1])
    >>> res.converged, np.round(X.T @ res.coef, 4).tolist()
    (True, [0.4286, 0.2857])
    """
    y = check_labels_pm1("y", y)
    K = check_gram("K", K, y.shape[0])
    eta = check_positive("eta", eta)
    check_option("mode", mode, _MODES)
    tol = check_positive("tol", tol)
    max_iter = check_int("max_iter", max_iter, 1)
    use_delta = delta is not None
    delta = check_positive("delta", delta, allow_zero=True) if use_delta else 0.0
    if use_delta and delta >= 1.0:
        raise ValueError(
            f"delta must be < 1, got {delta:g}: support vectors converge to y_i f(x_i) = 1, so "
            "the printed stop y_i f(x_i) >= delta is never met for delta >= 1"
        )
    diag = np.diag(K)
    if scale_by_diag:
        if np.any(diag <= 0):
            raise ValueError("K must have a positive diagonal for scale_by_diag=True")
        eta_k = eta / diag
    else:
        eta_k = np.full(y.shape[0], eta)
    alpha = np.ones(y.shape[0])
    core = _adatron_sequential if mode == "sequential" else _adatron_parallel
    n_iter, converged = core(K, y, eta_k, alpha, max_iter, tol, delta, use_delta)
    if not converged:
        warnings.warn(
            f"adatron: max_iter={max_iter} reached before the stopping condition; the data may "
            "not be separable through the origin (add a bias: K + 1), or eta is too large for "
            "parallel updates",
            ConvergenceWarning,
            stacklevel=2,
        )
    return PerceptronResult(alpha=alpha, coef=alpha * y, n_iter=int(n_iter), converged=converged)
