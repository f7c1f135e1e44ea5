r"""Error estimates of trained two-class SVMs: Goodrich (2012), sections 6.2 and 6.4.3.

Each function takes a FITTED :class:`svmbook.SVC` (C-SVM) or :class:`svmbook.MuSVC` (mu-SVM)
and its training data, or an estimator to refit (the resampling estimates):

* :func:`sv_bound`: the support-vector bound ``n_s / n`` (6.1) on the leave-one-out error;
* :func:`gacv`: Wahba's generalized approximate cross-validation in Duan et al.'s C-SVM form
  (6.2), and its mu-SVM form (6.8);
* :func:`xi_alpha`: Joachims' xi-alpha estimator (section 6.2.5) and its mu-SVM form (6.9);
* :func:`loo_error`: exact leave-one-out, retraining only on the support vectors;
* :func:`kfold_error`, :func:`holdout_error`: stratified k-fold and hold-out errors.

Scaling. GACV and xi-alpha are written for the C-SVM's multipliers ``alpha'`` in ``[0, C]``,
with ``y_i f(x_i) = 1`` on the margin. A mu-SVM's are (6.8) and (6.9), obtained by Goodrich's
reparameterisation (section 2.5.1, which chapter 6 calls "Section 6.2",
docs/errata.md#goodrich-2012-ch-6-appx): in the primal scale of (2.20) (``w = 1/2 sum alpha_i y_i
x_i``, margin ``rho``) ``alpha' = alpha / (2 rho)``, ``f' = f / rho`` and ``xi' = xi / rho``, so

.. math::

    E^\mu_{GACV} = \frac{1}{2\rho n}\Big[\sum_i 2\xi_i + \sum_{y_if_i < -\rho} 2\alpha_i k_{ii}
        + \sum_{y_if_i \in [-\rho, \rho]} \alpha_i k_{ii}\Big]
    = E_{GACV}\ \text{at}\ C = \mu / (2\rho),

and likewise ``card{i : alpha_i R^2 + xi_i >= rho} / n`` is Joachims' count. :class:`svmbook.MuSVC`
stores the nearest-point scale (``w = sum alpha_i y_i x_i``, twice the primal one, so its
``rho_`` is ``2 rho`` and ``C_ = mu / rho_``); this module maps it to the C-SVM's by
``alpha' = alpha / rho_`` and ``f' = f / rho_`` (:mod:`svmbook.convert`), and a MuSVC and the SVC
with ``C = C_`` have the same estimates (up to the solvers' tolerances).

Signs. The package's decision function is ``f(x) = w.x + b`` (the bias added); Goodrich writes
``w.x - b``. The estimates use only the margins ``y_i f(x_i)``, which are the same number under
either convention; ``y = +1`` is ``classes_[1]``, the class ``decision_function`` is positive for.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from numbers import Integral

import numpy as np
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.model_selection import StratifiedKFold, train_test_split
from sklearn.utils.validation import check_is_fitted

from .. import kernels as _kernels
from .._docstrings import shared_docs
from .._validation import (
    check_bool,
    check_int,
    check_interval,
    check_points,
    check_positive,
    check_random_state,
)
from ..svm import SVC, MuSVC
from ..svm.formulations import solve_c_svc

__all__ = [
    "FoldErrors",
    "LOOResult",
    "gacv",
    "holdout_error",
    "kfold_error",
    "loo_error",
    "r_delta_sq",
    "sv_bound",
    "xi_alpha",
]

#: Rows of kernel values computed at a time (a block of ``_BLOCK x n`` float64 values).
_BLOCK = 1024
#: A multiplier within this fraction of its bound (or of the bound from 0) is at the bound: the
#: SMO core clips to the bounds exactly and the cvxopt oracles polish onto them, so only
#: round-off is left.
_BOUND_RTOL = 1e-8


@dataclass(frozen=True)
class FoldErrors:
    """Test errors of a resampling estimate (k-fold cross-validation).

    Attributes
    ----------
    error : float
        The mean of ``errors``.
    errors : ndarray of shape (n_folds,)
        The error rate on each held-out fold.
    """

    error: float
    errors: np.ndarray


@dataclass(frozen=True)
class LOOResult:
    """The leave-one-out error and what it cost.

    Attributes
    ----------
    error : float
        The leave-one-out error rate ``n_errors / n``.
    n_errors : int
        Points misclassified by the machine trained without them.
    mistakes : ndarray of int
        Their indices.
    n_fits : int
        Machines trained after the fit on all points (``n`` without the shortcut, the number of
        support vectors with it).
    """

    error: float
    n_errors: int
    mistakes: np.ndarray
    n_fits: int


@dataclass(frozen=True)
class _Solution:
    """A fitted two-class machine in the C-SVM's scale, with the data it was fitted on."""

    alpha: np.ndarray  # alpha'_i in [0, upper_i], zero off the support
    margin: np.ndarray  # y_i f'(x_i), f' the C-scale decision function
    upper: np.ndarray  # the C-scale bound of each multiplier
    y: np.ndarray  # +1 for classes_[1], -1 for classes_[0]
    kernel: object  # kernel(rows, cols) -> kernel values between training points


# --------------------------------------------------------------------------------------------
# the fitted model and its kernel
# --------------------------------------------------------------------------------------------


# the fitted model and its training data, documented once (svmbook._docstrings)
_MODEL_DOC = """model : svmbook.SVC or svmbook.MuSVC
    A fitted two-class model."""
_DATA_DOC = """X : array-like of shape (n_samples, n_features) or (n_samples, n_samples)
    The training points (the Gram matrix with ``kernel="precomputed"``).
y : array-like of shape (n_samples,)
    The training labels."""
_MODEL_RAISES = """sklearn.exceptions.NotFittedError
    If ``model`` is not fitted."""
_model_docs = shared_docs({"model": _MODEL_DOC, "data": _DATA_DOC, "unfitted": _MODEL_RAISES})


def _precomputed(estimator):
    return isinstance(estimator.kernel, str) and estimator.kernel == "precomputed"


def _kernel_values(model, X):
    """Return ``kernel(rows, cols)``: the fitted model's kernel values between points of ``X``.

    ``X`` holds the points, or the Gram matrix with ``kernel="precomputed"``.
    """
    kernel = model.kernel_
    if kernel is None:
        return lambda rows, cols: X[np.ix_(rows, cols)]
    if isinstance(kernel, _kernels.Kernel):
        return lambda rows, cols: kernel(X[rows], X[cols])
    return lambda rows, cols: np.asarray(kernel(X[rows], X[cols]), dtype=np.float64)


def _check_model(name, model):
    """Raise unless ``model`` is a fitted two-class svmbook SVC or MuSVC."""
    if not isinstance(model, (SVC, MuSVC)):
        raise TypeError(f"{name} must be a svmbook SVC or MuSVC, got {type(model).__name__}")
    try:
        check_is_fitted(model)
    except NotFittedError as exc:
        raise NotFittedError(f"{name} is not fitted: call {name}.fit(X, y) first") from exc
    if model.classes_.size != 2:
        raise ValueError(
            f"{name} must be a two-class model, got {model.classes_.size} classes; the estimates "
            "are defined for one binary machine"
        )


def _training_data(model, X, y=None):
    """Validate ``X, y`` as the model's training data; return them and ``y`` as +-1 (or None)."""
    n = model.shape_fit_[0]
    if _precomputed(model):
        X = check_points("X", X, n_points=n, n_features=n)
    else:
        X = check_points("X", X, n_points=n, n_features=model.n_features_in_)
        if not np.array_equal(X[model.support_], model.support_vectors_):
            raise ValueError(
                "X must be the training points of the model (its support vectors differ)"
            )
    if y is None:
        return X, None
    y = np.asarray(y)
    if y.shape != (n,):
        raise ValueError(f"y must have shape ({n},), the training labels, got {y.shape}")
    unknown = ~np.isin(y, model.classes_)
    if np.any(unknown):
        bad = np.unique(y[unknown])[:5]
        raise ValueError(f"y holds labels the model was not fitted on: {bad}")
    return X, np.where(y == model.classes_[1], 1.0, -1.0)


def _solution(model, X, y):
    """Return the :class:`_Solution` of a fitted model on its training data, in the C-SVM scale."""
    _check_model("model", model)
    X, y_pm = _training_data(model, X, y)
    n = y_pm.shape[0]
    margin = y_pm * model.decision_function(X)
    cw = np.where(y_pm > 0, model.class_weight_[1], model.class_weight_[0])
    if isinstance(model, MuSVC):
        rho = float(model.rho_[0])  # nearest-point scale; C_ = mu / rho
        if not rho > 0:
            # the C-SVM scale divides by rho: a sign flip would make every count nonsense
            raise ValueError(
                f"model has no positive margin (rho_ = {rho:.3g}, C_ infinite): no equivalent "
                "C-SVM, so no estimate. At the optimum rho >= ||w||^2 / 2 > 0: the fit is not "
                f"the mu-SVM of its mu (fit_status_ = {model.fit_status_}; nonzero: the solver "
                "stopped at its step cap)"
            )
        alpha = model.alpha_[0] / rho
        margin = margin / rho
        upper = float(model.mu_[0]) * cw / rho
    else:
        alpha = np.zeros(n)
        alpha[model.support_] = np.abs(model.dual_coef_[0])
        upper = float(model.C) * cw
    return _Solution(alpha, margin, upper, y_pm, _kernel_values(model, X))


def _kernel_diag(kernel, idx):
    """``k(x_i, x_i)`` for the points ``idx``, from diagonal blocks of at most ``_BLOCK``."""
    out = np.empty(idx.shape[0])
    for start in range(0, idx.shape[0], _BLOCK):
        block = idx[start : start + _BLOCK]
        out[start : start + block.shape[0]] = np.diag(kernel(block, block))
    return out


def _max_kernel_drop(kernel, n):
    """``max_{i,j} k(x_i, x_i) - k(x_i, x_j)`` over the ``n`` training points, by row blocks."""
    everyone = np.arange(n)
    best = 0.0  # the term i = j
    for start in range(0, n, _BLOCK):
        rows = everyone[start : start + _BLOCK]
        K = kernel(rows, everyone)
        diag = K[np.arange(rows.shape[0]), rows]
        best = max(best, float(np.max(diag[:, None] - K)))
    return best


# --------------------------------------------------------------------------------------------
# estimates from one trained machine
# --------------------------------------------------------------------------------------------


@_model_docs
def sv_bound(model):
    """Return the support-vector bound ``n_s / n`` on the leave-one-out error (Goodrich 6.1).

    A point that is not a support vector leaves the solution unchanged when removed and is on
    the right side of its supporting plane, so only support vectors can be leave-one-out errors
    (Goodrich 2012, section 6.2.3). The bound falls as C (or mu) grows, so minimising it alone
    picks the largest C.

    Parameters
    ----------
    {model}

    Returns
    -------
    float
        The fraction of training points that are support vectors.

    Raises
    ------
    TypeError
        If ``model`` is another kind of estimator.
    {unfitted}
    ValueError
        If ``model`` has more than two classes.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [3.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> model = SVC(kernel="linear", C=10.0).fit(X, [0, 0, 0, 1, 1, 1])
    >>> sv_bound(model)  # the two points facing each other across the gap
    0.3333333333333333
    """
    _check_model("model", model)
    return model.support_.shape[0] / model.shape_fit_[0]


@_model_docs
def gacv(model, X, y):
    r"""Return the generalized approximate cross-validation estimate GACV (Goodrich 6.2, 6.8).

    Duan et al.'s C-SVM form of Wahba's GACV (Lin, Wahba, Zhang and Lee 2002, which the thesis
    cites as [74], docs/errata.md#goodrich-2012-ch-6-appx; Goodrich 2012, section 6.2.4, eq.
    (6.2)):

    .. math::

        E_{GACV} = \frac1n\Big[\sum_i \xi_i + \sum_{y_if(x_i) < -1} 2\alpha_i k(x_i, x_i)
            + \sum_{y_if(x_i) \in [-1, 1]} \alpha_i k(x_i, x_i)\Big],

    with ``xi_i = max(0, 1 - y_i f(x_i))`` the slacks of the fitted machine and ``alpha_i`` its
    multipliers. For a :class:`svmbook.MuSVC` it is the mu-SVM form (6.8), which equals (6.2) of
    the C-SVM with ``C = mu / (2 rho)`` (module docstring). GACV approximates a
    Kullback-Leibler distance rather than bounding the error, and it can exceed 1.

    The band ``[-1, 1]``: only support vectors contribute (the others have ``alpha_i = 0``), and
    at the optimum every support vector has ``y_i f(x_i) <= 1``, with equality on the margin.
    A solver meets that equality only to its tolerance, so membership is decided by the lower
    end alone: a support vector counts twice if ``y_i f(x_i) < -1`` and once otherwise. (Testing
    ``y_i f(x_i) <= 1`` literally would drop margin vectors found at ``1 + 1e-12`` and make the
    estimate jump.)

    Parameters
    ----------
    model : svmbook.SVC or svmbook.MuSVC
        A fitted two-class model; its threshold is used as fitted (for a MuSVC the equivalence
        with the C-SVM holds with ``threshold="kkt"``).
    {data}

    Returns
    -------
    float
        The estimate.

    Raises
    ------
    TypeError
        If ``model`` is another kind of estimator, or ``X`` is not numeric.
    {unfitted}
    ValueError
        If ``model`` has more than two classes, ``X``, ``y`` are not its training data, or
        ``model`` is a MuSVC without a positive margin (``rho_ <= 0``: no equivalent C-SVM).

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [3.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> y = [0, 0, 0, 1, 1, 1]
    >>> model = SVC(kernel="linear", C=10.0, solver="qp").fit(X, y)
    >>> round(gacv(model, X, y), 6)  # (alpha_1 * 1 + alpha_4 * 9) / 6, alpha = 0.5
    0.833333
    """
    s = _solution(model, X, y)
    slack = np.maximum(0.0, 1.0 - s.margin)
    sv = np.flatnonzero(s.alpha > 0)
    weight = np.where(s.margin[sv] < -1.0, 2.0, 1.0)
    penalty = weight * s.alpha[sv] * _kernel_diag(s.kernel, sv)
    return float((slack.sum() + penalty.sum()) / s.alpha.shape[0])


@_model_docs
def r_delta_sq(model, X):
    """Return ``R_Delta^2 = max_{i,j} k(x_i, x_i) - k(x_i, x_j)`` over the training points.

    The bound of Joachims' xi-alpha estimator (Goodrich 2012, section 6.2.5): any upper bound on
    ``k(x_i, x_i) - k(x_i, x_j)`` is valid, and this is the smallest one on the training set.
    It costs ``n^2`` kernel values, computed in blocks of rows (an RBF kernel has the cheaper
    valid bound 1).

    Parameters
    ----------
    {model}
    X : array-like of shape (n_samples, n_features) or (n_samples, n_samples)
        The training points (the Gram matrix with ``kernel="precomputed"``).

    Returns
    -------
    float
        ``R_Delta^2 >= 0``.

    Raises
    ------
    TypeError
        If ``model`` is another kind of estimator, or ``X`` is not numeric.
    {unfitted}
    ValueError
        If ``model`` has more than two classes, or ``X`` is not its training data.
    """
    _check_model("model", model)
    X, _ = _training_data(model, X)
    return _max_kernel_drop(_kernel_values(model, X), X.shape[0])


@_model_docs
def xi_alpha(model, X, y, *, r_delta_sq=None):
    r"""Return Joachims' xi-alpha estimate of the leave-one-out error (Goodrich 6.2.5, 6.9).

    .. math::

        E_{\xi\alpha} = \frac1n\,\mathrm{card}\{i : 2\alpha_i R_\Delta^2 + \xi_i \ge 1\}

    for the C-SVM's ``alpha_i`` and slacks ``xi_i = max(0, 1 - y_i f(x_i))`` (Goodrich 2012,
    section 6.2.5); for a :class:`svmbook.MuSVC` the mu-SVM form (6.9),
    ``card{i : alpha_i R^2 + xi_i >= rho} / n``, which is the same count (module docstring).
    Only support vectors can be counted, so ``xi_alpha <= sv_bound`` at the optimum; it is the
    tighter of the two at small C.

    No free support vector in a class (Goodrich 2012, section 6.4.1). Joachims' estimate needs
    the threshold fixed by the KKT conditions, i.e. a support vector with ``0 < alpha_i < C``
    in each class; when a class has none (e.g. it is reduced to its centroid, all its
    multipliers at C) any threshold of an interval is optimal and the slacks depend on the
    choice. The estimate is then computed with the model's own threshold (its choice within
    the interval, ``b_interval_``) and a ``UserWarning`` names the class.

    Parameters
    ----------
    {model}
    {data}
    r_delta_sq : float or None, default=None
        The bound ``R_Delta^2 >= k(x_i, x_i) - k(x_i, x_j)``; None computes the smallest one on
        the training set (:func:`r_delta_sq`, ``n^2`` kernel values).

    Returns
    -------
    float
        The estimate.

    Raises
    ------
    TypeError
        If ``model`` is another kind of estimator, or ``X`` or ``r_delta_sq`` is not numeric.
    {unfitted}
    ValueError
        If ``model`` has more than two classes, ``X``, ``y`` are not its training data,
        ``r_delta_sq`` is negative, or ``model`` is a MuSVC without a positive margin
        (``rho_ <= 0``: no equivalent C-SVM).

    Warns
    -----
    UserWarning
        When a class has no free support vector (above).

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [3.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> y = [0, 0, 0, 1, 1, 1]
    >>> model = SVC(kernel="linear", C=10.0, solver="qp").fit(X, y)
    >>> xi_alpha(model, X, y)  # both support vectors: 2 * 0.5 * R^2 >= 1
    0.3333333333333333
    """
    s = _solution(model, X, y)
    if r_delta_sq is None:
        r2 = _max_kernel_drop(s.kernel, s.y.shape[0])
    else:
        r2 = check_positive("r_delta_sq", r_delta_sq, allow_zero=True)
    _warn_unpinned(model, s)
    slack = np.maximum(0.0, 1.0 - s.margin)
    return float(np.count_nonzero(2.0 * s.alpha * r2 + slack >= 1.0) / s.y.shape[0])


def _warn_unpinned(model, s):
    """Warn for each class without a free support vector (its threshold is not pinned)."""
    free = (s.alpha > _BOUND_RTOL * s.upper) & (s.alpha < (1.0 - _BOUND_RTOL) * s.upper)
    for label, sign in ((model.classes_[1], 1.0), (model.classes_[0], -1.0)):
        if not np.any(free[s.y == sign]):
            warnings.warn(
                f"class {label!r} has no free support vector (0 < alpha < C): the KKT conditions "
                "leave the threshold in an interval (the class is at its bound, e.g. reduced to "
                "its centroid; Goodrich 2012, section 6.4.1), so Joachims' estimate is not "
                "defined; computed with the model's threshold",
                UserWarning,
                stacklevel=3,
            )


# --------------------------------------------------------------------------------------------
# resampling estimates
# --------------------------------------------------------------------------------------------


def _check_estimator(name, estimator, X, y):
    """Validate an estimator to refit and its data; return ``X`` and ``y`` as arrays."""
    if not isinstance(estimator, (SVC, MuSVC)):
        raise TypeError(f"{name} must be a svmbook SVC or MuSVC, got {type(estimator).__name__}")
    X = check_points("X", X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},) to match X, got {y.shape}")
    classes, counts = np.unique(y, return_counts=True)
    if classes.size != 2:
        raise ValueError(f"y must hold exactly two classes, got {classes.size}")
    return X, y, counts.min()


def _frozen(estimator, full, X):
    """Return ``estimator`` with its data-dependent settings fixed at their values on all of ``X``.

    ``gamma="scale"``, ``mu="auto"`` and ``class_weight="balanced"`` depend on the training
    points, so a leave-one-out fit would solve a different problem even when the removed point
    is not a support vector; fixing them makes every fold the full problem less one point, the
    premise of the shortcut. ``probability`` is switched off: prediction does not use it.
    """
    params = {"probability": False}
    if isinstance(estimator.gamma, str):
        params["gamma"] = full.gamma_
    if isinstance(estimator.class_weight, str):
        params["class_weight"] = dict(
            zip(full.classes_.tolist(), full.class_weight_.tolist(), strict=True)
        )
    if isinstance(estimator, MuSVC) and isinstance(estimator.mu, str):
        params["mu"] = float(full.mu_[0])
    return clone(estimator).set_params(**params)


def _loo_start(alpha, y_pm, upper, i):
    """Return the full solution without ``alpha_i``, made feasible again for the reduced problem.

    Removing ``alpha_i`` breaks ``sum_j y_j alpha_j = 0`` by ``y_i alpha_i``. The amount is given
    to the other points of its class that are below their bound (free support vectors first) and
    what does not fit is taken from the other class, whose multipliers sum to at least
    ``alpha_i``; both keep ``0 <= alpha_j <= C_j``.
    """
    a = alpha.copy()
    amount = a[i]
    a[i] = 0.0
    same = y_pm == y_pm[i]
    same[i] = False
    receivers = np.flatnonzero(same & (a < upper))
    receivers = receivers[np.argsort(a[receivers] == 0, kind="stable")]  # free ones first
    for j in receivers:
        if amount <= 0.0:
            break
        room = upper[j] - a[j]
        if room <= amount:
            a[j], amount = upper[j], amount - room
        else:
            a[j], amount = a[j] + amount, 0.0
    for j in np.flatnonzero(~same & (a > 0.0)):
        if amount <= 0.0:
            break
        if a[j] <= amount:
            a[j], amount = 0.0, amount - a[j]
        else:
            a[j], amount = a[j] - amount, 0.0
    return np.delete(a, i)


def _loo_warm(model, X, y, points):
    """Misclassified points among ``points`` by warm-started SMO fits without each of them.

    Each fit starts from the full solution with the point's multiplier removed
    (:func:`_loo_start`) and runs LIBSVM's SMO (:func:`svmbook.svm.formulations.solve_c_svc`)
    with the model's settings.
    """
    y_index = (y == model.classes_[1]).astype(int)
    s = _solution(model, X, y)
    kernel = s.kernel
    resolved = model.kernel_ if isinstance(model.kernel_, _kernels.Kernel) else None
    options = dict(
        C=model.C, class_weight=dict(enumerate(model.class_weight_.tolist())), tol=model.tol,
        shrinking=model.shrinking, cache_size=model.cache_size, max_iter=model.max_iter,
        mode=model.smo_mode_,
    )  # fmt: skip
    everyone = np.arange(X.shape[0])
    mistakes = []
    for i in points:
        keep = np.delete(everyone, i)
        alpha0 = _loo_start(s.alpha, s.y, s.upper, i)
        if resolved is not None:
            data, kern = X[keep], resolved
        else:
            data, kern = kernel(keep, keep), "precomputed"
        res = solve_c_svc(data, y_index[keep], kernel=kern, alpha0=alpha0, **options)
        f = kernel(np.array([i]), keep)[0] @ res.dual_coef + res.intercept
        if (f > 0) != (y_index[i] == 1):
            mistakes.append(i)
    return mistakes


def loo_error(estimator, X, y, *, shortcut=True, warm_start=True):
    """Return the exact leave-one-out error, retraining only on the support vectors.

    Each point is left out in turn, a machine is trained on the others and the point is
    classified (Goodrich 2012, section 6.2.2). Removing a point that is not a support vector
    leaves the solution unchanged, and the point is classified by it as in the full fit, so with
    ``shortcut`` only the support vectors of the fit on all points are retrained; the error
    count is that of retraining all ``n``.

    Data-dependent settings (``gamma="scale"``/``"auto"``, MuSVC's ``mu="auto"``,
    ``class_weight="balanced"``) are fixed at their values on all points, so every fold solves the
    full problem less one point (the shortcut's premise); ``shortcut=False`` retrains every point
    with the same fixed settings.

    Warm start (``warm_start=True``, :class:`svmbook.SVC` with ``solver="smo"``): each retrain
    starts from the full solution with the left-out multiplier removed and the equality
    constraint ``sum_j y_j alpha_j = 0`` repaired (the removed amount goes to the other points of
    its class below their bound, the rest is taken from the other class), so the box stays
    satisfied. Other models (``solver="qp"``, :class:`svmbook.MuSVC`, whose nearest-point solvers
    take no starting point) are retrained from scratch.

    Parameters
    ----------
    estimator : svmbook.SVC or svmbook.MuSVC
        The model to assess (fitted or not; it is cloned, never changed).
    X : array-like of shape (n_samples, n_features)
        The training points. ``kernel="precomputed"`` takes the Gram matrix.
    y : array-like of shape (n_samples,)
        The labels, two classes.
    shortcut : bool, default=True
        Retrain only on the support vectors.
    warm_start : bool, default=True
        Start each SMO retrain from the repaired full solution.

    Returns
    -------
    LOOResult
        The error rate, the misclassified points and the number of retrains.

    Raises
    ------
    TypeError
        If ``estimator`` is another kind of estimator, or ``X`` is not numeric.
    ValueError
        If ``X`` and ``y`` disagree in length or ``y`` does not hold two classes.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [3.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> res = loo_error(SVC(kernel="linear", C=10.0), X, [0, 0, 0, 1, 1, 1])
    >>> res.error, res.n_fits  # only the two support vectors are retrained
    (0.0, 2)
    """
    X, y, _ = _check_estimator("estimator", estimator, X, y)
    check_bool("shortcut", shortcut)
    check_bool("warm_start", warm_start)
    n = X.shape[0]
    model = clone(estimator).set_params(probability=False).fit(X, y)
    frozen = _frozen(estimator, model, X)  # the same problem as model's
    points = np.sort(model.support_) if shortcut else np.arange(n)
    if shortcut:  # the others are classified by the full solution
        rest = np.setdiff1d(np.arange(n), points)
        mistakes = rest[model.predict(X[rest]) != y[rest]].tolist() if rest.size else []
    else:
        mistakes = []
    if warm_start and isinstance(model, SVC) and model.solver == "smo":
        mistakes += _loo_warm(model, X, y, points)
    else:
        everyone = np.arange(n)
        for i in points:
            if _fold_error(frozen, X, y, np.delete(everyone, i), np.array([i])) > 0:
                mistakes.append(int(i))
    mistakes = np.sort(np.asarray(mistakes, dtype=np.int64))
    return LOOResult(
        error=mistakes.shape[0] / n, n_errors=int(mistakes.shape[0]), mistakes=mistakes,
        n_fits=int(points.shape[0]),
    )  # fmt: skip


def _fold_error(estimator, X, y, train, test):
    """Error rate on ``test`` of a clone of ``estimator`` trained on ``train``."""
    if _precomputed(estimator):
        fit_data, test_data = X[np.ix_(train, train)], X[np.ix_(test, train)]
    else:
        fit_data, test_data = X[train], X[test]
    model = clone(estimator).fit(fit_data, y[train])
    return float(np.mean(model.predict(test_data) != y[test]))


def _sklearn_seed(random_state):
    """Return the seed for scikit-learn's splitters.

    An int as given (the same splits as scikit-learn's with that ``random_state``), else one
    drawn from the generator (None: fresh entropy).
    """
    rng = check_random_state("random_state", random_state)
    if isinstance(random_state, Integral):
        return int(random_state)
    return int(rng.integers(2**31 - 1))


def kfold_error(estimator, X, y, cv=5, random_state=None):
    """Return the stratified k-fold cross-validation error (Goodrich 2012, section 6.2.2).

    The points are shuffled and split into ``cv`` folds with the class proportions kept
    (scikit-learn's ``StratifiedKFold``); each fold is classified by a machine trained on the
    others.

    Parameters
    ----------
    estimator : svmbook.SVC or svmbook.MuSVC
        The model to assess (cloned for each fold).
    X : array-like of shape (n_samples, n_features)
        The points (the Gram matrix with ``kernel="precomputed"``).
    y : array-like of shape (n_samples,)
        The labels, two classes.
    cv : int, default=5
        The number of folds, at least 2 and at most the size of the smaller class.
    random_state : None, int or numpy.random.Generator, default=None
        Seeds the shuffle; an int gives the folds of ``StratifiedKFold(cv, shuffle=True,
        random_state=random_state)``.

    Returns
    -------
    FoldErrors
        The mean error and the error of each fold.

    Raises
    ------
    TypeError
        If ``estimator`` is another kind of estimator, or ``X`` is not numeric.
    ValueError
        If ``X`` and ``y`` disagree, ``y`` does not hold two classes, or ``cv`` is out of range.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [3.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> res = kfold_error(SVC(kernel="linear", C=10.0), X, [0, 0, 0, 1, 1, 1], cv=3,
    ...                   random_state=0)
    >>> res.error, res.errors.tolist()
    (0.0, [0.0, 0.0, 0.0])
    """
    X, y, smallest = _check_estimator("estimator", estimator, X, y)
    cv = check_int("cv", cv, 2, int(smallest))
    folds = StratifiedKFold(n_splits=cv, shuffle=True, random_state=_sklearn_seed(random_state))
    errors = np.array([_fold_error(estimator, X, y, tr, te) for tr, te in folds.split(X, y)])
    return FoldErrors(error=float(errors.mean()), errors=errors)


def holdout_error(estimator, X, y, test_size=0.3, random_state=None):
    """Return the hold-out error: train on one part, count errors on the rest (section 6.2.1).

    The split keeps the class proportions (scikit-learn's ``train_test_split`` with
    ``stratify=y``). Training on fewer points tends to overestimate the test error, and the
    estimate is noisy on little data (Goodrich 2012, section 6.2.1).

    Parameters
    ----------
    estimator : svmbook.SVC or svmbook.MuSVC
        The model to assess (cloned).
    X : array-like of shape (n_samples, n_features)
        The points (the Gram matrix with ``kernel="precomputed"``).
    y : array-like of shape (n_samples,)
        The labels, two classes.
    test_size : float, default=0.3
        The fraction held out, in (0, 1); each part must keep both classes.
    random_state : None, int or numpy.random.Generator, default=None
        Seeds the split; an int gives ``train_test_split``'s split with that ``random_state``.

    Returns
    -------
    float
        The error rate on the held-out points.

    Raises
    ------
    TypeError
        If ``estimator`` is another kind of estimator, or ``X`` is not numeric.
    ValueError
        If ``X`` and ``y`` disagree, ``y`` does not hold two classes, or ``test_size`` leaves a
        part without a class.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [3.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> holdout_error(SVC(kernel="linear", C=10.0), X, [0, 0, 0, 1, 1, 1], test_size=0.34,
    ...               random_state=0)
    0.0
    """
    X, y, _ = _check_estimator("estimator", estimator, X, y)
    test_size = check_interval("test_size", test_size, 0.0, 1.0, low_open=True, high_open=True)
    seed = _sklearn_seed(random_state)
    everyone = np.arange(X.shape[0])
    try:
        train, test = train_test_split(everyone, test_size=test_size, stratify=y, random_state=seed)
    except ValueError as exc:
        raise ValueError(
            f"test_size={test_size:g} cannot keep both classes in both parts: {exc}"
        ) from exc
    if np.unique(y[train]).size < 2 or np.unique(y[test]).size < 2:
        raise ValueError(f"test_size={test_size:g} leaves a part with one class only")
    return _fold_error(estimator, X, y, train, test)
