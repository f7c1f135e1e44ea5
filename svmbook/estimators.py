"""scikit-learn compatible support vector machines: :class:`SVC` and :class:`SVR`.

Modelled on ``sklearn/svm/_classes.py`` (public classes: docstring plus an ``__init__`` that only
stores)
and ``sklearn/svm/_base.py`` (the shared logic in :class:`_BaseSVM`). ``fit`` validates, resolves
the
kernel, builds the Gram matrix and dispatches on ``solver=`` through :data:`_SOLVERS`, a table from
(problem, solver name) to a function returning the common :class:`svmbook.qp.QPResult`. A new solver
(SMO, the nearest-point solvers) is one more entry in that table.
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin, _fit_context
from sklearn.utils._param_validation import Interval, Options, StrOptions
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from . import kernels as _kernels
from .qp import svc_dual, svr_dual

__all__ = ["SVC", "SVR"]


# -- solver table ----------------------------------------------------------------------------------
# Each entry takes (K, y, **problem parameters) and returns a QPResult: ``coef`` (expansion
# coefficients over all training points), ``b``, ``support``, ``status``, ``n_iter``, ...


def _svc_qp(K, y, *, C, bias, infeasible, tol):
    # tol is the stopping tolerance of iterative solvers; the interior-point solver runs to 1e-10
    # and polishes its answer (svmbook.qp), so it does not need it.
    return svc_dual(K, y, C, bias=bias, infeasible=infeasible)


def _svr_qp(K, y, *, C, epsilon, loss, mu, bias, infeasible, tol):
    return svr_dual(
        K,
        y,
        C,
        epsilon=epsilon if loss == "epsilon_insensitive" else 0.0,
        loss=loss,
        mu=mu if loss == "huber" else None,
        bias=bias,
        infeasible=infeasible,
    )


_SOLVERS = {
    "svc": {"qp": _svc_qp},
    "svr": {"qp": _svr_qp},
}

_KERNEL_NAMES = set(_kernels.VALID_NAMES) | {"precomputed"}


class _BaseSVM(BaseEstimator):
    """Shared logic of :class:`SVC` and :class:`SVR` (validation, kernel, dispatch, prediction)."""

    _impl: str  # key of _SOLVERS

    _parameter_constraints: dict = {
        "C": [Interval(Real, 0.0, None, closed="neither"), Options(Real, {np.inf})],
        "kernel": [StrOptions(_KERNEL_NAMES), callable],
        "degree": [Interval(Integral, 0, None, closed="left")],
        "gamma": [StrOptions({"scale", "auto"}), Interval(Real, 0.0, None, closed="neither")],
        "coef0": [Interval(Real, None, None, closed="neither")],
        "bias": [StrOptions({"explicit", "implicit", "auto"})],
        "solver": [StrOptions({"qp"})],
        "tol": [Interval(Real, 0.0, None, closed="neither")],
        "infeasible": [StrOptions({"raise", "ridge"})],
        "kernel_params": [dict, None],
    }

    # -- kernel ------------------------------------------------------------------------------------

    def _resolve_kernel(self, X):
        """Set ``_gamma`` and ``_kernel`` (a Kernel, a plain callable, or None for precomputed)."""
        if isinstance(self.gamma, str):
            if self.gamma == "scale":
                var = X.var() if X.size else 0.0
                self._gamma = 1.0 / (X.shape[1] * var) if var != 0 else 1.0
            else:
                self._gamma = 1.0 / X.shape[1]
        else:
            self._gamma = float(self.gamma)
        kernel = self.kernel
        if isinstance(kernel, str) and kernel == "precomputed":
            self._kernel = None
        elif callable(kernel) and not isinstance(kernel, _kernels.Kernel):
            self._kernel = kernel
        else:
            self._kernel = _kernels.get_kernel(
                kernel,
                degree=self.degree,
                gamma=self._gamma,
                coef0=self.coef0,
                **(self.kernel_params or {}),
            )

    def _gram(self, X, Y):
        if self._kernel is None:
            return X
        K = np.asarray(self._kernel(X, Y), dtype=np.float64)
        if K.shape != (X.shape[0], Y.shape[0]):
            raise ValueError(
                f"kernel callable returned shape {K.shape}, expected {(X.shape[0], Y.shape[0])}"
            )
        if not np.all(np.isfinite(K)):
            raise ValueError("kernel returned NaN or infinity; check the kernel parameters")
        return K

    def _resolved_bias(self):
        if self.bias != "auto":
            return self.bias
        implicit = isinstance(self._kernel, _kernels.Kernel) and self._kernel.implicit_bias
        return "implicit" if implicit else "explicit"

    # -- fit ---------------------------------------------------------------------------------------

    def _fit(self, X, y, **problem):
        if self._kernel is None and X.shape[0] != X.shape[1]:
            raise ValueError(
                f"X should be a square kernel matrix with kernel='precomputed', got shape {X.shape}"
            )
        K = self._gram(X, X)
        self.bias_ = self._resolved_bias()
        solve = _SOLVERS[self._impl][self.solver]
        res = solve(
            K,
            y,
            C=float(self.C),
            bias=self.bias_,
            infeasible=self.infeasible,
            tol=self.tol,
            **problem,
        )
        support = np.asarray(res.support, dtype=np.int32)
        self.support_ = support
        self.support_vectors_ = X[support] if self._kernel is not None else np.empty((0, 0))
        self._X_support = X[support] if self._kernel is not None else None
        self.dual_coef_ = res.coef[support][None, :]
        self.intercept_ = np.array([res.b])
        self.b_interval_ = res.b_interval
        self.objective_ = res.objective
        self.n_iter_ = res.n_iter
        self.fit_status_ = 0 if res.status == "optimal" else 1
        self.shape_fit_ = X.shape
        self.result_ = res
        return res

    # -- predict -----------------------------------------------------------------------------------

    def _validate_for_predict(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        if self._kernel is None and X.shape[1] != self.shape_fit_[0]:
            raise ValueError(
                f"X.shape[1] = {X.shape[1]} should be equal to {self.shape_fit_[0]}, the number "
                "of samples at training time (kernel='precomputed')"
            )
        return X

    def _decision_function(self, X):
        X = self._validate_for_predict(X)
        if self._kernel is None:
            K = X[:, self.support_]
        else:
            K = self._gram(X, self._X_support)
        return K @ self.dual_coef_[0] + self.intercept_[0]

    @property
    def coef_(self):
        """Input-space weights ``dual_coef_ @ support_vectors_``; linear kernel only, read-only."""
        check_is_fitted(self)
        linear = (isinstance(self.kernel, str) and self.kernel == "linear") or (
            isinstance(self.kernel, _kernels.Kernel) and self.kernel.name == "linear"
        )
        if not linear:
            raise AttributeError("coef_ is only available when using a linear kernel")
        coef = self.dual_coef_ @ self.support_vectors_
        coef.flags.writeable = False  # a copy; freezing it surfaces code that tries to edit it
        return coef

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.pairwise = isinstance(self.kernel, str) and self.kernel == "precomputed"
        return tags


class SVC(ClassifierMixin, _BaseSVM):
    """C-support vector classifier solved by a reference QP (binary problems).

    ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_``, predicting ``classes_[1]`` where ``f > 0``.
    The dual (Gunn 1998, eq. 2.35-2.36) is solved by :func:`svmbook.qp.svc_dual`.

    Parameters
    ----------
    C : float, default=1.0
        Box bound on the multipliers (> 0). ``np.inf`` is the hard margin; infeasible data then
        raise
        :class:`svmbook.qp.InfeasibleProblemError` unless ``infeasible="ridge"``.
    kernel : str, Kernel or callable, default="rbf"
        scikit-learn names (``"linear"``, ``"poly"``, ``"rbf"``, ``"sigmoid"``, ``"precomputed"``),
        catalogue names of :mod:`svmbook.kernels` (``"erbf"``, ``"spline"``, ... with
        ``kernel_params``), a :class:`svmbook.kernels.Kernel`, or a callable ``k(X, Y) -> Gram``.
    degree : int, default=3
        Degree of ``"poly"``: ``(gamma <x, x'> + coef0)^degree``.
    gamma : {"scale", "auto"} or float, default="scale"
        Scale of ``"rbf"``, ``"poly"``, ``"sigmoid"``. ``"scale"``: ``1 / (n_features * X.var())``;
        ``"auto"``: ``1 / n_features``. RBF width: ``gamma = 1 / (2 sigma^2)``.
    coef0 : float, default=0.0
        Offset of ``"poly"`` and ``"sigmoid"``.
    bias : {"explicit", "implicit", "auto"}, default="explicit"
        ``"explicit"``: equality constraint and a computed ``intercept_`` (LIBSVM). ``"implicit"``:
        no
        equality constraint, ``intercept_ = 0``, the bias lives in the kernel (Gunn eq. 2.39).
        ``"auto"``: the kernel's ``implicit_bias`` flag (Gunn's toolbox ``nobias``).
    solver : {"qp"}, default="qp"
        ``"qp"``: cvxopt interior point (the reference solver). Faster solvers come later.
    tol : float, default=1e-3
        Stopping tolerance of iterative solvers (unused by ``"qp"``, which solves to 1e-10).
    infeasible : {"raise", "ridge"}, default="raise"
        With ``C=np.inf`` on non-separable data: raise, or solve the listings' squared-slack
        problem.
    kernel_params : dict, default=None
        Parameters of a catalogue kernel, e.g. ``{"sigma": 1.0}`` for ``kernel="erbf"``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    support_ : ndarray of shape (n_SV,)
        Indices of the support vectors.
    support_vectors_ : ndarray of shape (n_SV, n_features)
        Empty for ``kernel="precomputed"``.
    n_support_ : ndarray of shape (2,)
        Support vectors per class.
    dual_coef_ : ndarray of shape (1, n_SV)
        ``y_i alpha_i`` with ``y = +1`` for ``classes_[1]``.
    intercept_ : ndarray of shape (1,)
    b_interval_ : tuple of float
        The optimal biases; a single point when a free support vector pins it.
    objective_ : float
        Dual objective ``1/2 a'Qa - 1'a``.
    margin_ : float
        ``2 / ||w||`` in feature space.
    coef_ : ndarray of shape (1, n_features)
        Linear kernel only (read-only).
    n_iter_ : int
    fit_status_ : int
        0 if the solver converged.
    bias_ : str
        The resolved ``bias``.
    n_features_in_ : int

    See Also
    --------
    sklearn.svm.SVC : LIBSVM's SMO; same problem with ``bias="explicit"``, much faster on large
    data.
    SVR : Regression; chapter "Support vector classification" (Gunn's chapter 2) of the book derives
        the dual solved here.

    References
    ----------
    S. R. Gunn, "Support Vector Machines for Classification and Regression", Technical Report,
    University of Southampton, 1998.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> clf = SVC(kernel="linear", C=np.inf).fit(X, y)
    >>> clf.predict([[0.5, 0.5], [2.5, 0.5]])
    array([0, 1])
    >>> round(clf.margin_, 6)
    1.414214
    """

    _impl = "svc"

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        bias="explicit",
        solver="qp",
        tol=1e-3,
        infeasible="raise",
        kernel_params=None,
    ):
        self.C = C
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.bias = bias
        self.solver = solver
        self.tol = tol
        self.infeasible = infeasible
        self.kernel_params = kernel_params

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Fit on ``X`` (n_samples, n_features), or a Gram matrix with ``kernel="precomputed"``."""
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        classes, y_index = np.unique(y, return_inverse=True)
        if classes.size < 2:
            raise ValueError(
                f"y contains one class only ({classes[0]!r}); SVC needs samples of 2 classes"
            )
        if classes.size > 2:
            raise ValueError(
                f"y has {classes.size} classes; this SVC is binary only for now (multiclass "
                "support comes in a later version)"
            )
        self.classes_ = classes
        y_pm = np.where(y_index == 1, 1.0, -1.0)
        self._resolve_kernel(X)
        res = self._fit(X, y_pm)
        ys = y_pm[self.support_]
        self.n_support_ = np.array([np.sum(ys < 0), np.sum(ys > 0)], dtype=np.int32)
        self.margin_ = res.margin
        return self

    def decision_function(self, X):
        """Decision values ``f(x)``, shape (n_samples,); positive means ``classes_[1]``."""
        return self._decision_function(X)

    def predict(self, X):
        """Class labels, ``classes_[1]`` where ``f(x) > 0``."""
        decision = self.decision_function(X)  # checks fitted state first
        return self.classes_[(decision > 0).astype(int)]


class SVR(RegressorMixin, _BaseSVM):
    """Support vector regression solved by a reference QP, with four losses (Gunn 1998, chapter 5).

    ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_`` with ``dual_coef_ = beta = alpha - alpha*``,
    solved by :func:`svmbook.qp.svr_dual`.

    Parameters
    ----------
    C : float, default=1.0
        Loss weight (> 0); ``np.inf`` is the hard tube ``|y - f| <= epsilon``.
    kernel, degree, gamma, coef0, bias, solver, tol, infeasible, kernel_params
        As in :class:`SVC`.
    epsilon : float, default=0.1
        Half-width of the insensitive tube; used by ``loss="epsilon_insensitive"`` only.
    loss : {"epsilon_insensitive", "laplace", "quadratic", "huber"}, default="epsilon_insensitive"
        ``"laplace"``: ``|y - f|`` (eq. 5.10-5.11). ``"quadratic"``: ``(y - f)^2``, i.e. kernel
        ridge
        regression with ``lambda = 1/(2C)`` and an unpenalised bias. ``"huber"``: eq. 5.19-5.20,
        threshold ``mu``.
    mu : float, default=None
        Huber threshold (> 0); required with ``loss="huber"``, ignored otherwise.

    Attributes
    ----------
    support_ : ndarray of shape (n_SV,)
    support_vectors_ : ndarray of shape (n_SV, n_features)
    dual_coef_ : ndarray of shape (1, n_SV)
        ``beta_i = alpha_i - alpha*_i``.
    intercept_ : ndarray of shape (1,)
    b_interval_ : tuple of float
    objective_ : float
    coef_ : ndarray of shape (1, n_features)
        Linear kernel only (read-only).
    n_iter_, fit_status_, bias_, n_features_in_
        As in :class:`SVC`.

    See Also
    --------
    sklearn.svm.SVR : LIBSVM; the epsilon-insensitive loss with ``bias="explicit"`` only.
    SVC : Classification; the book's chapter on support vector regression (Gunn's chapter 5)
        derives the four duals.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVR
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> y = np.array([0.0, 1.0, 2.0, 3.0])
    >>> reg = SVR(kernel="linear", C=10.0, epsilon=0.5).fit(X, y)
    >>> np.round(reg.predict([[1.5], [4.0]]), 6)  # the flattest line within 0.5 of every point
    array([1.5     , 3.166667])
    """

    _impl = "svr"

    _parameter_constraints: dict = {
        **_BaseSVM._parameter_constraints,
        "epsilon": [Interval(Real, 0.0, None, closed="left")],
        "loss": [StrOptions({"epsilon_insensitive", "laplace", "quadratic", "huber"})],
        "mu": [Interval(Real, 0.0, None, closed="neither"), None],
    }

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        epsilon=0.1,
        *,
        loss="epsilon_insensitive",
        mu=None,
        bias="explicit",
        solver="qp",
        tol=1e-3,
        infeasible="raise",
        kernel_params=None,
    ):
        self.C = C
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.epsilon = epsilon
        self.loss = loss
        self.mu = mu
        self.bias = bias
        self.solver = solver
        self.tol = tol
        self.infeasible = infeasible
        self.kernel_params = kernel_params

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Fit on ``X`` (n_samples, n_features), or a Gram matrix with ``kernel="precomputed"``."""
        X, y = validate_data(self, X, y, dtype=np.float64, order="C", y_numeric=True)
        if self.loss == "huber" and self.mu is None:
            raise ValueError("mu is required with loss='huber' (the Huber threshold, mu > 0)")
        self._resolve_kernel(X)
        self._fit(X, y, epsilon=float(self.epsilon), loss=self.loss, mu=self.mu)
        return self

    def predict(self, X):
        """Regression function ``f(x)``, shape (n_samples,)."""
        return self._decision_function(X)
