"""The shared logic of the estimators, after ``sklearn/svm/_base.py``.

Validation, kernel, dispatch to the machines, warm start, multiclass layout and prediction.

``fit`` validates, resolves the kernel and its parameters, and calls the machine
``MACHINES[_impl][solver]`` of :mod:`svmbook.svm._machines` once per binary / one-class /
regression problem. Each estimator class states what it is in class attributes, read here and
nowhere else:

* ``_impl``: the problem it solves (a key of :data:`svmbook.svm._machines.MACHINES`);
* ``_parameter_constraints``: its parameters and their valid values (scikit-learn's table);
* ``_fixed_params``: the values of the :class:`svmbook.svm._machines.FitParams` fields it has
  no parameter for (e.g. :class:`svmbook.NuSVC` has no ``C``); every parameter that reaches a
  machine has the name of its field.

Classifiers with more than two classes go through :mod:`svmbook.svm.multiclass` (one-vs-one as
LIBSVM, or ``multiclass="ovr"``) with either solver. Kernel values: a catalogue kernel that the
jitted core can evaluate (``Kernel.kind >= 0``) is passed to the core, which computes rows on
demand through its row cache; callables and combinators are evaluated once into a Gram matrix
passed as ``"precomputed"``. For multiclass C-SVC with the SMO solver and a dispatchable kernel
on dense points, the machines share one row cache holding the whole float32 kernel matrix when its
``4 n^2`` bytes fit in ``cache_size`` (computed once, blockwise, with the values of the solver's
own rows; LIBSVM recomputes the rows of each class in each of its pairs), each machine reading
its samples' rows (:meth:`svmbook.solvers.cache.RowCache.subset`); otherwise, and for the other
estimators, a dispatchable kernel computes its rows per machine on the machine's own samples, as
LIBSVM does (bit-identical rows; each pair computes only the rows its solver touches). A
non-dispatchable kernel's full Gram matrix is computed once and every machine reads its
sub-block. Setting :data:`GRAM_REUSE_MAX` > 0 makes dispatchable kernels use that float64 Gram
matrix too for problems with at most that many samples (same results; kept for comparison and
testing).

Warm start (``warm_start=True``, scikit-learn's convention): a refit on the same data with the
same parameters except ``C`` (and the solver settings ``tol``, ``max_iter``, ``cache_size``,
``shrinking``) starts from the previous solution, scaled by ``C_new / C_old`` (Nguyen's alpha
seeding, eq. 4.15: box and equality constraints stay satisfied). When the kernel parameters
change too (``kernel``, ``gamma``, ``degree``, ``coef0``, ``kernel_params``; not to or from
``"precomputed"``), the previous support vectors are the initial working set: C-SVC and eps-SVR
first solve the problem restricted to them (the other multipliers held at 0, Nguyen's
decomposition with the support vectors as first working set) and then the full problem from that
solution; nu-SVC, nu-SVR and one-class, whose equality constants depend on the number of samples
(so a restricted solution is not feasible for the full problem), start from the previous alpha,
which stays feasible since no constraint involves the kernel. Any other change starts cold.
Measured on make_classification (4,000-6,000 points, gamma 0.05 -> 0.06 or 0.1), a kernel-change
warm start is not faster than a cold start: the kernel rows dominate the time and the old
solution is a poor start for the new kernel. It is provided for the model-selection experiments
(Nguyen ch. 4), which study exactly this.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import fields, replace
from numbers import Integral, Real

import numpy as np
import scipy.sparse as sp
from sklearn.base import (
    BaseEstimator,
    ClassifierMixin,
    OutlierMixin,
    RegressorMixin,
    _fit_context,
)
from sklearn.exceptions import NotFittedError
from sklearn.utils._param_validation import Interval, Options, StrOptions
from sklearn.utils.class_weight import compute_class_weight
from sklearn.utils.metaestimators import available_if
from sklearn.utils.multiclass import _ovr_decision_function, check_classification_targets
from sklearn.utils.validation import _check_sample_weight, check_is_fitted, validate_data

from .. import kernels as _kernels
from .._atomic_fit import atomic_fit
from .._docstrings import shared_docs
from .._validation import check_random_state, check_square
from ..solvers.cache import prefill, prefilling, row_cache
from ..solvers.smo import choose_mode
from ..thresholds import platt_fit
from . import multiclass as _mc
from . import probability as _proba
from ._machines import MACHINES, FitParams, Warm, c_svc_smo_shared

__all__ = ["GRAM_REUSE_MAX"]

# the ``X`` of the estimators' methods, documented once: ``{parameters_fit}`` opens the
# Parameters section of ``fit``, ``{parameters}`` is the whole section of a method of ``X`` alone
_docs = shared_docs(
    {
        "parameters_fit": """Parameters
----------
X : {array-like, sparse matrix} of shape (n_samples, n_features)
    Training points, or the Gram matrix (n_samples, n_samples) with
    ``kernel="precomputed"``.""",
        "parameters": """Parameters
----------
X : {array-like, sparse matrix} of shape (n_samples, n_features)
    Points (kernel values against the training samples with ``kernel="precomputed"``).""",
    }
)

#: Multiclass problems with a dispatchable kernel and at most this many samples compute the
#: float64 Gram matrix once (``Kernel.__call__``) and hand sub-blocks to the pairwise machines
#: (memory 8 n^2 bytes). 0 (default): never; the shared float32 row cache is cheaper (digits
#: n=1797: this Gram matrix cost more than all 45 solves together).
GRAM_REUSE_MAX = 0

_KERNEL_NAMES = set(_kernels.VALID_NAMES) | {"precomputed"}
_FIT_PARAMS = frozenset(f.name for f in fields(FitParams))
# parameters that change the solver's path but not the problem: a warm start survives them
_WARM_FREE = {"C", "warm_start", "tol", "max_iter", "cache_size", "shrinking"}
_WARM_FREE |= {"decision_function_shape", "break_ties", "probability", "random_state"}
# parameters of the kernel: a warm start survives them with the support vectors as working set
_WARM_KERNEL = {"kernel", "gamma", "degree", "coef0", "kernel_params"}


def _variance(X):
    """Variance of all entries of ``X`` (dense or sparse), for ``gamma="scale"``."""
    if not np.prod(X.shape):
        return 0.0
    if sp.issparse(X):
        return float(X.multiply(X).mean() - X.mean() ** 2)
    return float(X.var())


def scale_gamma(var, n_features):
    """Return ``gamma="scale"``'s value ``1 / (n_features * var)`` (1 when ``var`` is 0).

    Parameters
    ----------
    var : float
        The variance of all entries of ``X``.
    n_features : int
        ``X``'s number of columns.

    Returns
    -------
    float
        The positive finite ``gamma``.

    Raises
    ------
    ValueError
        If the variance makes ``gamma`` zero, infinite or NaN (entries too large or too small,
        or not finite).
    """
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        gamma = 1.0 / (n_features * var) if var != 0 else 1.0
    if not (np.isfinite(gamma) and gamma > 0):
        raise ValueError(
            f"gamma='scale' is 1 / (n_features * X.var()), and X.var() = {var:.3g} "
            "is out of the floating-point range: the input data contain values too "
            "large (or too small, or not finite) to be used as they are; rescale X (e.g. with "
            "StandardScaler) or pass gamma as a number"
        )
    return gamma


def _writeable(a):
    """Return ``a`` as a C-contiguous writeable float64 array; sparse input as it is.

    Read-only inputs (e.g. memmaps) are copied so the jitted core is not compiled a second time
    for read-only array types; the kernel validates sparse input.
    """
    if sp.issparse(a):
        return a
    a = np.ascontiguousarray(a, dtype=np.float64)
    return a if a.flags.writeable else a.copy()


class BaseSVM(BaseEstimator):
    """Shared logic of the estimators (validation, kernel, dispatch, warm start, prediction)."""

    _impl: str  # the problem: a key of svmbook.svm._machines.MACHINES
    _fixed_params: dict = {}  # FitParams fields the estimator has no parameter for

    @classmethod
    def _get_param_names(cls):
        """Return the ``__init__`` parameter names, read once per class.

        scikit-learn inspects the signature at every ``get_params`` (three times per fit, about
        a third of a small fit's fixed cost: 0.4 ms of 1.6 ms on 216 points); a class's
        signature does not change, so its names are kept.
        """
        names = cls.__dict__.get("_param_names_cache")
        if names is None:
            names = super()._get_param_names()
            cls._param_names_cache = names
        return list(names)

    _parameter_constraints: dict = {
        "C": [Interval(Real, 0.0, None, closed="neither"), Options(Real, {np.inf})],
        "kernel": [StrOptions(_KERNEL_NAMES), callable],
        "degree": [Interval(Integral, 0, None, closed="left")],
        "gamma": [StrOptions({"scale", "auto"}), Interval(Real, 0.0, None, closed="neither")],
        "coef0": [Interval(Real, None, None, closed="neither")],
        "bias": [StrOptions({"explicit", "implicit", "auto"})],
        "solver": [StrOptions({"qp", "smo"})],
        "tol": [Interval(Real, 0.0, None, closed="neither")],
        "cache_size": [Interval(Real, 0.0, None, closed="neither")],
        "shrinking": ["boolean"],
        "max_iter": [Interval(Integral, -1, None, closed="left")],
        "warm_start": ["boolean"],
        "infeasible": [StrOptions({"raise", "ridge"})],
        "kernel_params": [dict, None],
        "smo_mode": [StrOptions({"auto", "faithful", "fast"})],
    }

    # -- parameters --------------------------------------------------------------------------------

    def _set_params_from(self, arguments):
        """Store each ``__init__`` argument as the attribute of the same name, and nothing else.

        The public classes keep explicit keyword signatures (scikit-learn's ``get_params`` reads
        them) and store them with ``self._set_params_from(locals())``, called first in
        ``__init__`` so that ``locals()`` holds ``self`` and the arguments only.

        Parameters
        ----------
        arguments : dict
            ``locals()`` of ``__init__``: ``self`` and its arguments.
        """
        for name, value in arguments.items():
            if name != "self":
                setattr(self, name, value)

    def _fit_params(self):
        """Return the :class:`FitParams` of this fit.

        The estimator's parameters and its fixed values, with ``bias="auto"`` resolved by the
        kernel. A field neither gives raises ``TypeError`` (an incomplete spec).
        """
        values = dict(self._fixed_params)
        for name, value in self.get_params(deep=False).items():
            if name in _FIT_PARAMS:
                values[name] = value
        if values["bias"] == "auto":
            implicit = isinstance(self._kernel, _kernels.Kernel) and self._kernel.implicit_bias
            values["bias"] = "implicit" if implicit else "explicit"
        return FitParams(**values)

    # -- kernel ------------------------------------------------------------------------------------

    @property
    def kernel_(self):
        """The kernel the model was fitted with (read-only; set by ``fit``).

        A :class:`svmbook.kernels.Kernel` with its parameters resolved (``gamma="scale"`` as a
        number), the user's callable as given, or None for ``kernel="precomputed"``. Tools that
        work on a fitted model (the error estimates of :mod:`svmbook.model_selection`) evaluate the
        kernel with it.
        """
        check_is_fitted(self)
        return self._kernel

    @property
    def gamma_(self):
        """The number ``gamma`` stood for in the fit (``"scale"``, ``"auto"`` resolved)."""
        check_is_fitted(self)
        return self._gamma

    def _resolve_kernel(self, X):
        """Set ``_gamma`` and ``_kernel`` (a Kernel, a plain callable, or None for precomputed)."""
        gamma = self.gamma
        if isinstance(gamma, str):
            if gamma == "scale":
                with np.errstate(over="ignore", invalid="ignore"):
                    var = _variance(X)
                self._gamma = scale_gamma(var, X.shape[1])
            else:
                self._gamma = 1.0 / X.shape[1]
        else:
            self._gamma = float(gamma)
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
        if sp.issparse(X) and self._kernel is None:
            raise TypeError(
                "Sparse precomputed kernels are not supported: pass the Gram matrix X as a dense "
                "array (X.toarray())"
            )
        if sp.issparse(X) and not self._sparse_ok():
            raise TypeError(
                f"sparse X is supported with kernel='linear' or 'rbf' (or a svmbook linear/rbf "
                f"Kernel), got kernel={self.kernel!r}; pass X.toarray()"
            )

    def _sparse_ok(self):
        """Sparse input is computed on directly by the linear and RBF kernels."""
        kernel = self.kernel
        if isinstance(kernel, str):
            return _kernels.KIND_CODES.get(kernel) in _kernels.SPARSE_KINDS
        return isinstance(kernel, _kernels.Kernel) and kernel.kind in _kernels.SPARSE_KINDS

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

    def _dispatchable(self):
        return isinstance(self._kernel, _kernels.Kernel) and self._kernel.kind >= 0

    def _prepare(self, X, sample_weight):
        """Resolve the kernel, check the solver's options and set ``bias_`` and ``_params``.

        Raises for a combination the chosen solver does not provide (naming the parameter).
        """
        self._resolve_kernel(X)
        if self._kernel is None:
            check_square("X", X, context=" with kernel='precomputed'")
        p = self._fit_params()
        if p.smo_mode == "auto":
            kind = self._kernel.kind if self._dispatchable() else -1
            mode = choose_mode(kind, X.shape[0], X.shape[1], sp.issparse(X), p.cache_size)
            p = replace(p, smo_mode=mode)
        self._params = p
        self.smo_mode_ = p.smo_mode
        self.bias_ = p.bias
        if p.loss == "huber" and p.delta is None:
            raise ValueError("delta is required with loss='huber' (the Huber width, delta > 0)")
        if p.solver == "smo":
            if p.bias != "explicit":
                raise ValueError(
                    f"bias={self.bias!r} resolves to an implicit bias, which solver='smo' does "
                    "not provide (no equality constraint); use solver='qp'"
                )
            if p.loss not in (None, "epsilon_insensitive"):
                raise ValueError(
                    f"loss={p.loss!r} is not available with solver='smo' (epsilon_insensitive "
                    "only); use solver='qp'"
                )
        elif p.solver == "qp" and self._impl != "mu_svc":  # the mu-SVM oracle takes weights
            if sample_weight is not None:
                raise ValueError("sample_weight is not supported by solver='qp'; use solver='smo'")
            if isinstance(self, ClassifierMixin) and self.class_weight is not None:
                raise ValueError("class_weight is not supported by solver='qp'; use solver='smo'")

    def _source(self, X):
        """Return ``(data, kernel argument)`` for the solver: points and a Kernel, or a Gram."""
        if self._kernel is None:
            return _writeable(X), "precomputed"
        if self._params.solver == "smo" and self._dispatchable():
            return _writeable(X), self._kernel
        return self._gram(X, X), "precomputed"

    # -- warm start --------------------------------------------------------------------------------

    def _warm_key(self, X, y, sample_weight):
        """(problem parameters, kernel parameters, data hash) of a fit."""
        params = self.get_params()
        kernel = {k: v for k, v in params.items() if k in _WARM_KERNEL}
        params = {k: v for k, v in params.items() if k not in _WARM_FREE | _WARM_KERNEL}
        params["precomputed"] = self._kernel is None
        h = hashlib.sha1()
        if sp.issparse(X):
            X = (X.data, X.indices, X.indptr, np.array(X.shape))
        else:
            X = (X,)
        for a in (*X, y, sample_weight):
            if a is not None:
                a = np.ascontiguousarray(a)
                h.update(str((a.shape, a.dtype)).encode())
                h.update(a.tobytes())
        sort = lambda d: repr(sorted(d.items(), key=lambda kv: kv[0]))  # noqa: E731
        return sort(params), sort(kernel), h.hexdigest()

    def _warm_starts(self, key, n_machines):
        """Per machine a :class:`svmbook.svm._machines.Warm` or None (cold start)."""
        p = self._params
        state = getattr(self, "_warm_state", None)  # absent before the first fit
        if not (p.warm_start and p.solver == "smo"):
            return [None] * n_machines
        if state is None or len(state["machines"]) != n_machines:
            return [None] * n_machines
        old = state["key"]
        if old[0] != key[0] or old[2] != key[2]:
            return [None] * n_machines
        ratio = 1.0 if p.C is None else float(p.C) / state["C"]
        changed = old[1] != key[1]
        return [
            Warm(alpha, upper, ratio, changed, None if changed else objective)
            for alpha, upper, objective in state["machines"]
        ]

    def _warm_rows(self, key, full, kernel, tasks):
        """Return the row cache a warm-started fit keeps for the next one, or None.

        Along a path of C (or any parameter but the kernel's and the data), the kernel rows do
        not change: the previous fit's :class:`~svmbook.solvers.cache.RowCache` serves the next
        one, whose seeded start then costs no kernel row it already has. Kept for the SMO solver
        with a dispatchable kernel when every machine sees all points (binary, one-vs-rest); it
        holds up to ``cache_size`` MB between fits and is not pickled.
        """
        p = self._params
        if not (p.warm_start and p.solver == "smo" and self._impl == "svc"):
            return None
        if isinstance(kernel, str) or sp.issparse(full):
            return None
        if any(idx.shape[0] != full.shape[0] for idx, *_ in tasks):
            return None
        state = getattr(self, "_warm_state", None)
        if state is not None and state.get("rows") is not None:
            old = state["key"]
            same = old[1] == key[1] and old[2] == key[2]
            if same and state["rows_setup"] == (p.cache_size, p.smo_mode):
                return state["rows"]
        return row_cache(X=_writeable(full), kernel=kernel, cache_size=p.cache_size,
                         mode=p.smo_mode)  # fmt: skip

    def _store_warm(self, key, machines, rows=None):
        p = self._params
        if p.solver == "smo":
            # the ray seed needs the C-SVC objective 1/2 a'Qa - sum(a); others get Nguyen's scale
            svc = self._impl == "svc"
            self._warm_state = {
                "key": key,
                "C": None if p.C is None else float(p.C),
                "machines": [(m.alpha, m.upper_bound, m.objective if svc else None)
                             for m in machines],  # fmt: skip
                "rows": rows,
                "rows_setup": (p.cache_size, p.smo_mode),
            }

    def __getstate__(self):
        """Pickle without the kept row cache (up to ``cache_size`` MB; rebuilt on demand)."""
        state = super().__getstate__()
        warm = state.get("_warm_state")
        if warm is not None and warm.get("rows") is not None:
            state["_warm_state"] = {**warm, "rows": None}
        return state

    # -- predict -----------------------------------------------------------------------------------

    def _validate_for_predict(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, accept_sparse="csr", dtype=np.float64, order="C", reset=False)
        if self._kernel is None and X.shape[1] != self.shape_fit_[0]:
            raise ValueError(
                f"X.shape[1] = {X.shape[1]} should be equal to {self.shape_fit_[0]}, the number "
                "of samples at training time (kernel='precomputed')"
            )
        return X

    def _kernel_vs_support(self, X):
        X = self._validate_for_predict(X)
        if self._kernel is None:
            return X[:, self.support_]
        return self._gram(X, self._X_support)

    def _set_support(self, X, support):
        self.support_ = np.asarray(support, dtype=np.int32)
        self.support_vectors_ = X[support] if self._kernel is not None else np.empty((0, 0))
        self._X_support = X[support] if self._kernel is not None else None
        self.shape_fit_ = X.shape

    def _is_linear(self):
        return (isinstance(self.kernel, str) and self.kernel == "linear") or (
            isinstance(self.kernel, _kernels.Kernel) and self.kernel.name == "linear"
        )

    @property
    def coef_(self):
        """Input-space weights; linear kernel only, read-only (one row per machine)."""
        check_is_fitted(self)
        if not self._is_linear():
            raise AttributeError("coef_ is only available when using a linear kernel")
        coef = self._coef()
        coef.flags.writeable = False  # a copy; freezing it surfaces code that tries to edit it
        return coef

    def _coef(self):
        return np.asarray(self.dual_coef_ @ self.support_vectors_)

    def _single_decision(self, X):
        """``sum_i dual_coef_i K(x_i, x) + intercept`` of a one-machine model."""
        return self._kernel_vs_support(X) @ self.dual_coef_[0] + self.intercept_[0]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.pairwise = isinstance(self.kernel, str) and self.kernel == "precomputed"
        tags.input_tags.sparse = self._sparse_ok()
        return tags

    def _check_finite_model(self):
        """Raise ``ValueError`` if the fitted coefficients or intercepts are not finite."""
        if not (np.all(np.isfinite(self.dual_coef_)) and np.all(np.isfinite(self.intercept_))):
            raise ValueError(
                "The dual coefficients or intercepts are not finite. The input data may contain "
                "large values and need to be preprocessed (e.g. with StandardScaler)."
            )

    @staticmethod
    def _sample_weight(sample_weight, X):
        """Validate ``sample_weight`` (None stays None); all weights <= 0 raise ``ValueError``."""
        if sample_weight is None:
            return None
        sample_weight = _check_sample_weight(
            sample_weight, X, dtype=np.float64, allow_all_zero_weights=True
        )
        if not np.any(sample_weight > 0):
            raise ValueError(
                "Invalid input - all samples have zero or negative weights (sample_weight); "
                "samples with weight <= 0 are dropped, so none would be left"
            )
        return sample_weight

    # -- single machine fit (regression, one-class) ------------------------------------------------

    def _fit_single(self, X, y, sample_weight):
        """Fit the one machine of a regression or one-class problem and return its result.

        ``X`` (and ``y``) are validated by the caller.
        """
        sample_weight = self._sample_weight(sample_weight, X)
        self._prepare(X, sample_weight)
        key = self._warm_key(X, y, sample_weight)
        warm = self._warm_starts(key, 1)[0]
        data, kernel = self._source(X)
        machine = MACHINES[self._impl][self._params.solver]
        m = machine(self._params, data, kernel, y, sample_weight, None, warm)
        self._set_support(X, m.support)
        self.dual_coef_ = m.dual_coef[m.support][None, :]
        self.n_support_ = np.array([m.support.shape[0]], dtype=np.int32)  # as scikit-learn
        self.intercept_ = np.array([m.intercept])
        self.n_iter_ = m.n_iter
        self.fit_status_ = m.status
        self.objective_ = m.objective
        self.result_ = m.raw
        if "b_interval" in m.extra:
            self.b_interval_ = m.extra["b_interval"]
        self._check_finite_model()
        self._store_warm(key, [m])
        return m


class BaseSVC(ClassifierMixin, BaseSVM):
    """Classifiers: binary machines combined one-vs-one (LIBSVM) or one-vs-rest."""

    _parameter_constraints: dict = {
        **BaseSVM._parameter_constraints,
        "class_weight": [StrOptions({"balanced"}), dict, None],
        "decision_function_shape": [StrOptions({"ovr", "ovo"})],
        "break_ties": ["boolean"],
        "multiclass": [StrOptions({"ovo", "ovr"})],
        "probability": ["boolean"],
        "random_state": ["random_state", np.random.Generator],
    }

    @_fit_context(prefer_skip_nested_validation=True)
    @_docs
    @atomic_fit
    def fit(self, X, y, sample_weight=None):
        """Fit the classifier.

        {parameters_fit}
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Multiplies the bound ``C`` per sample (nu-SVC: the per-sample bound; mu-SVM: the
            hull weights); samples with weight <= 0 are dropped, as in scikit-learn.

        Returns
        -------
        self
            The fitted estimator.
        """
        X, y = validate_data(self, X, y, accept_sparse="csr", dtype=np.float64, order="C")
        check_classification_targets(y)
        return self._fit_validated(X, y, sample_weight)

    def _fit_validated(self, X, y, sample_weight=None, rows=None):
        """Fit on validated points and labels (``fit`` after its checks).

        ``rows``: a row cache of exactly these points (:meth:`_search_rows` of a superset, seen
        through :meth:`~svmbook.solvers.cache.RowCache.subset`), which the machines read instead
        of computing their rows; a searcher passes it to fit many splits and parameters on one
        kernel matrix.
        """
        classes, y_index = np.unique(y, return_inverse=True)
        if classes.size < 2:
            raise ValueError(
                f"y contains one class only ({classes[0]!r}); a classifier needs samples of at "
                "least 2 classes"
            )
        sample_weight = self._sample_weight(sample_weight, X)
        if sample_weight is not None and np.unique(y_index[sample_weight > 0]).size < 2:
            what = "the specified nu is infeasible: " if self._impl == "nu_svc" else ""
            raise ValueError(
                f"Invalid input - {what}all samples with positive weights belong to the same "
                "class; a classifier needs samples of at least 2 classes"
            )
        self.classes_ = classes
        self._prepare(X, sample_weight)
        if self.class_weight is None:  # its answer, without its argument checks (0.3 ms a fit)
            self.class_weight_ = np.ones(classes.size)
        else:
            self.class_weight_ = compute_class_weight(self.class_weight, classes=classes, y=y)
        if self._impl == "svc" and self._params.solver == "qp" and classes.size == 2:
            self._fit_binary_qp(X, y_index)
        else:
            self._fit_machines(X, y_index, sample_weight, rows)
        self._check_finite_model()
        return self

    def _fit_binary_qp(self, X, y_index):
        """Fit on the reference path (its layout: support_ increasing, scalar n_iter_)."""
        y_pm = np.where(y_index == 1, 1.0, -1.0)
        K = self._gram(X, X)
        m = MACHINES["svc"]["qp"](self._params, K, "precomputed", y_pm, None, None, None)
        self._set_support(X, m.support)
        self.dual_coef_ = m.dual_coef[m.support][None, :]
        self.intercept_ = np.array([m.intercept])
        self.b_interval_ = m.extra["b_interval"]
        self.objective_ = m.objective
        self.n_iter_ = m.n_iter
        self.fit_status_ = m.status
        self.result_ = m.raw
        self.margin_ = m.extra["margin"]
        ys = y_pm[m.support]
        self.n_support_ = np.array([np.sum(ys < 0), np.sum(ys > 0)], dtype=np.int32)
        self._n_support = self.n_support_.copy()
        self._layout = "binary_qp"
        # LIBSVM's orientation: the pair's decision value is positive for its first class
        tasks = [(np.arange(X.shape[0]), -y_pm, 0, 1)]
        self._fit_probability(tasks, K, "precomputed", None, MACHINES["svc"]["qp"])

    def _fit_machines(self, X, y_index, sample_weight, rows=None):
        n_classes = self.classes_.size
        ovr = self.multiclass == "ovr" and n_classes > 2
        p = self._params
        multi = n_classes > 2  # more than one machine
        if self._kernel is None:
            full, kernel = X, "precomputed"
        elif p.solver == "qp" or not self._dispatchable():
            full, kernel = self._gram(X, X), "precomputed"
        elif multi and X.shape[0] <= GRAM_REUSE_MAX:
            full, kernel = self._kernel(X), "precomputed"
        else:
            full, kernel = X, self._kernel
        fresh = None if rows is not None or not multi else self._shared_rows(full, kernel)
        # the kernel matrix fills (on the helper thread first) while the machines are set up
        with contextlib.nullcontext() if fresh is None else prefilling(fresh):
            tasks, machines, key, kept = self._solve_machines(
                X, y_index, sample_weight, full, kernel, rows if fresh is None else fresh, ovr
            )
        coefs = np.zeros((len(tasks), X.shape[0]))
        for coef, (idx, *_), m in zip(coefs, tasks, machines, strict=True):
            coef[idx] = m.dual_coef
        intercepts = [m.intercept for m in machines]
        layout = _mc.ovr_layout if ovr else _mc.ovo_layout
        support, n_support, dual_coef, intercept = layout(y_index, coefs, intercepts, n_classes)
        self._set_support(X, support)
        self.n_support_ = n_support
        self._sv_class = y_index[support]
        self._dual_coef_ = dual_coef
        self._intercept_ = intercept
        if n_classes == 2:  # scikit-learn flips the binary model to be positive for classes_[1]
            self.dual_coef_ = -dual_coef
            self.intercept_ = -intercept
        else:
            self.dual_coef_ = dual_coef
            self.intercept_ = intercept
        self._n_support = n_support.copy()
        self.n_iter_ = np.array([m.n_iter for m in machines], dtype=np.int32)
        self.fit_status_ = int(max(m.status for m in machines))
        self.objective_ = np.array([m.objective for m in machines])
        self._layout = "ovr" if ovr else "ovo"
        self._store_warm(key, machines, kept)
        self._set_machine_attributes(machines, [task[0] for task in tasks])
        machine = MACHINES[self._impl][p.solver]
        self._fit_probability(tasks, full, kernel, sample_weight, machine)

    def _solve_machines(self, X, y_index, sample_weight, full, kernel, shared, ovr):
        """Set up and solve the binary machines of a fit (one-vs-one pairs or one-vs-rest).

        ``full``, ``kernel``: the points and their kernel, or a Gram matrix and
        ``"precomputed"``; ``shared``: a row cache of all the points that the machines read
        (a searcher's, or the fit's prefilled kernel matrix), or None. Returns ``(tasks,
        machines, key, kept)``: per machine ``(samples, signs, first class, second class or
        None)`` and its result, the warm-start key and the rows kept for the next fit.
        """
        n_classes = self.classes_.size
        p = self._params
        machine = MACHINES[self._impl][p.solver]
        if ovr:
            tasks = [(np.arange(X.shape[0]), np.where(y_index == c, 1.0, -1.0), c, None)
                     for c in range(n_classes)]  # fmt: skip
        else:
            tasks = []
            for i, j in _mc.ovo_pairs(n_classes):
                idx = np.flatnonzero((y_index == i) | (y_index == j))
                tasks.append((idx, np.where(y_index[idx] == i, 1.0, -1.0), i, j))
        key = self._warm_key(X, y_index, sample_weight)
        warm = self._warm_starts(key, len(tasks))
        kept = None if shared is not None else self._warm_rows(key, full, kernel, tasks)
        shared = kept if kept is not None else shared
        cw = self.class_weight_
        args = []  # per machine: samples, signs, sample weights, class weights
        for idx, t, i, j in tasks:
            sw = None if sample_weight is None else sample_weight[idx]
            args.append((idx, t, sw, (cw[i], cw[j]) if j is not None else (cw[i], 1.0)))
        machines = None
        if shared is not None and self._impl == "svc" and p.solver == "smo":
            machines = c_svc_smo_shared(p, shared, args, warm)
        if machines is None:
            machines = []
            for (idx, t, sw, cw_pair), w0 in zip(args, warm, strict=True):
                if shared is not None:
                    data, kernel = None, shared.subset(idx)
                elif kernel == "precomputed":
                    data = full if idx.shape[0] == X.shape[0] else full[np.ix_(idx, idx)]
                else:
                    data = full[idx]
                if shared is None:
                    data = _writeable(data)
                machines.append(machine(p, data, kernel, t, sw, cw_pair, w0))
        return tasks, machines, key, kept

    def _fit_probability(self, tasks, full, kernel, sample_weight, machine):
        """Fit Platt's sigmoid of every machine on held-out decision values (``probability``).

        Sets ``probA_`` and ``probB_`` (one entry per machine, LIBSVM's orientation: the
        sigmoid of a decision value positive for the machine's first class); empty arrays when
        ``probability=False``. Each machine is refitted five times on four fifths of its
        samples (:func:`svmbook.svm.probability.cross_val_decision`), with its own weights.

        Parameters
        ----------
        tasks : list of tuple
            Per machine ``(sample indices, labels in {-1, +1}, first class, second class or
            None)``, as fitted.
        full : ndarray or sparse matrix
            The training points, or the Gram matrix when ``kernel`` is ``"precomputed"``.
        kernel : str or Kernel
            ``"precomputed"`` or the kernel the machines evaluate.
        sample_weight : ndarray or None
            The validated sample weights.
        machine : callable
            The machine function of :data:`svmbook.svm._machines.MACHINES` that was fitted.
        """
        self._fitted_probability = bool(self.probability)
        if not self.probability:
            self.probA_ = self.probB_ = np.empty(0)
            return
        rng = check_random_state("random_state", self.random_state)
        precomputed = isinstance(kernel, str)
        cw = self.class_weight_
        probA, probB = [], []
        for idx, t, i, j in tasks:
            sw = None if sample_weight is None else sample_weight[idx]
            cw_pair = (cw[i], cw[j]) if j is not None else (cw[i], 1.0)

            def fit_predict(train, test, idx=idx, t=t, sw=sw, cw_pair=cw_pair):
                rows, cols = idx[test], idx[train]
                data = full[np.ix_(cols, cols)] if precomputed else full[cols]
                w = None if sw is None else sw[train]
                m = machine(self._params, _writeable(data), kernel, t[train], w, cw_pair, None)
                sv = np.flatnonzero(m.dual_coef)
                if precomputed:
                    K = full[np.ix_(rows, cols[sv])]
                else:
                    K = self._gram(full[rows], full[cols[sv]])
                return K @ m.dual_coef[sv] + m.intercept

            dec = _proba.cross_val_decision(idx.shape[0], t, fit_predict, rng)
            A, B = platt_fit(dec, t)
            probA.append(A)
            probB.append(B)
        self.probA_, self.probB_ = np.array(probA), np.array(probB)

    def _search_rows(self, X):
        """Return one prefilled row cache of ``X`` for fits on its subsets, or None.

        For a searcher that fits this estimator (with ``C`` and the solver settings changed, the
        kernel kept) on many subsets of ``X``: each fit reads its rows from the cache
        (:meth:`_fit_validated` with ``rows=cache.subset(train)``) instead of computing them.
        Available where :meth:`_shared_rows` is (C-SVC, SMO, a dispatchable kernel on dense
        points, the float32 kernel matrix within ``cache_size``) and the kernel does not depend
        on the points (not ``gamma="scale"``). The values are those of the solver's own rows, so
        the fits are those on the subsets alone.

        Parameters
        ----------
        X : ndarray of shape (n_samples, n_features)
            The validated points (dense float64, C order).

        Returns
        -------
        svmbook.solvers.cache.RowCache or None
        """
        if isinstance(self.gamma, str) and self.gamma == "scale":
            return None
        self._prepare(X, None)
        if not self._dispatchable():
            return None
        rows = self._shared_rows(X, self._kernel)
        if rows is not None:
            prefill(rows.cache, rows.source)
        return rows

    def _shared_rows(self, X, kernel):
        """Return an empty row cache with a slot for every point's float32 kernel row, or None.

        Filled with the whole kernel matrix (:func:`~svmbook.solvers.cache.prefill`, or
        :func:`~svmbook.solvers.cache.prefilling` while the machines are set up), blockwise, it
        serves the C-SVC machines of a multiclass fit. It applies to the SMO solver with a
        dispatchable kernel on dense points when the ``4 n^2`` bytes fit in ``cache_size``:
        every machine then reads its rows from it instead of computing them on its own samples
        (digits: the 45 pairs recompute most kernel values several times). The values are
        those of the solver's batched rows, so the machines are the same.
        """
        n = X.shape[0]
        if (
            self._impl != "svc"
            or self._params.solver != "smo"
            or kernel == "precomputed"
            or sp.issparse(X)
            or 4.0 * n * n > self.cache_size * (1 << 20)
        ):
            return None
        shared = row_cache(
            X=_writeable(X), kernel=kernel, cache_size=self.cache_size, mode=self._params.smo_mode
        )
        return shared

    def _set_machine_attributes(self, machines, samples):
        """Set the attributes that only some classifiers have (a hook).

        ``samples[k]``: the sample indices of machine k.
        """

    # -- prediction --------------------------------------------------------------------------------

    def _raw_decision(self, X):
        """Return the machines' decision values in LIBSVM's orientation and layout."""
        return self._raw_from_kernel(self._kernel_vs_support(X))

    def _raw_from_kernel(self, K):
        """:meth:`_raw_decision` from the kernel values ``K`` of the points and ``support_``."""
        n_support = np.asarray(self._n_support)
        if (
            n_support.shape != (self.classes_.size,)
            or np.any(n_support < 0)
            or n_support.sum() != self.support_.shape[0]
        ):
            raise ValueError(f"The internal representation of {type(self).__name__} was altered")
        if self._layout == "ovr":
            return _mc.ovr_decision(K, self._dual_coef_, self._intercept_)
        return _mc.ovo_decision(
            K, self._sv_class, self._dual_coef_, self._intercept_, self.classes_.size
        )

    @_docs
    def decision_function(self, X):
        """Compute the decision values.

        Binary: shape (n_samples,), positive for ``classes_[1]``. More classes, one-vs-one:
        ``decision_function_shape="ovo"`` gives LIBSVM's pairwise values (n_samples,
        n_classes * (n_classes - 1) / 2), positive for the pair's first class; ``"ovr"`` turns
        them into (n_samples, n_classes) by scikit-learn's ``_ovr_decision_function`` (votes
        plus a bounded confidence). ``multiclass="ovr"``: the (n_samples, n_classes) values of
        the one-vs-rest machines, whatever ``decision_function_shape``.

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, n_outputs)
            The decision values, laid out as above.
        """
        check_is_fitted(self)
        if self._layout == "binary_qp":
            return self._single_decision(X)
        dec = self._raw_decision(X)
        n_classes = self.classes_.size
        if n_classes == 2:
            return -dec[:, 0]
        if self._layout == "ovo" and self.decision_function_shape == "ovr":
            return _ovr_decision_function(dec < 0, -dec, n_classes)
        return dec

    @_docs
    def predict(self, X):
        """Predict class labels.

        One-vs-one votes (ties to the lower class, as LIBSVM), or the largest one-vs-rest
        decision value (also with ``break_ties=True``).

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_``.
        """
        check_is_fitted(self)
        if self.break_ties and self.decision_function_shape == "ovo":
            raise ValueError("break_ties must be False when decision_function_shape is 'ovo'")
        if self._layout == "binary_qp":
            decision = self.decision_function(X)
            return self.classes_[(decision > 0).astype(int)]
        return self._labels(self._raw_decision(X))

    def _labels(self, raw):
        """Labels from the machines' decision values (:meth:`_raw_decision`), SMO layouts."""
        n_classes = self.classes_.size
        if self._layout == "ovr":
            return self.classes_[np.argmax(raw, axis=1)]
        if self.break_ties and n_classes > 2 and self.decision_function_shape == "ovr":
            dec = _ovr_decision_function(raw < 0, -raw, n_classes)
            return self.classes_[np.argmax(dec, axis=1)]
        votes = _mc.ovo_votes(raw, n_classes)
        return self.classes_[np.argmax(votes, axis=1)]

    def _check_proba(self):
        if not self.probability:
            raise AttributeError("predict_proba is not available when probability=False")
        return True

    @available_if(_check_proba)
    @_docs
    def predict_proba(self, X):
        """Compute class probabilities by Platt's sigmoids (and pairwise coupling).

        One-vs-one (LIBSVM): each pair's sigmoid gives ``P(i | i or j, x)``; with more than two
        classes these are coupled into one distribution (Wu, Lin and Weng 2004). One-vs-rest:
        each machine's sigmoid, normalised to sum 1. The sigmoids are fitted on held-out decision
        values at ``fit`` (:mod:`svmbook.svm.probability`), so ``argmax predict_proba`` may differ
        from ``predict`` on points near a boundary.

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Probability of each class of ``classes_``.

        Raises
        ------
        NotFittedError
            If the model was fitted with ``probability=False``.
        """
        check_is_fitted(self)
        if not self._fitted_probability:
            raise NotFittedError(
                "predict_proba is not available when fitted with probability=False"
            )
        if self._layout == "binary_qp":
            dec = -self._single_decision(X)[:, None]
        else:
            dec = self._raw_decision(X)
        pairwise = _proba.sigmoid_predict(dec, self.probA_, self.probB_)
        if self._layout == "ovr":
            return pairwise / pairwise.sum(axis=1, keepdims=True)
        return _proba.couple_pairwise(pairwise, self.classes_.size)

    @available_if(_check_proba)
    @_docs
    def predict_log_proba(self, X):
        """Compute the logarithm of :meth:`predict_proba`.

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Log-probability of each class of ``classes_``.
        """
        return np.log(self.predict_proba(X))

    def _coef(self):
        if self._layout in ("binary_qp", "ovr") or self.classes_.size == 2:
            return super()._coef()
        rows = []
        sv, dc = self.support_vectors_, self._dual_coef_
        for i, j in _mc.ovo_pairs(self.classes_.size):
            ci, cj = self._sv_class == i, self._sv_class == j
            rows.append(np.asarray(dc[j - 1, ci] @ sv[ci] + dc[i, cj] @ sv[cj]).ravel())
        return np.array(rows)


class BaseMuSVC(BaseSVC):
    """The mu-SVM classifiers: per machine the hull multipliers, mu, thresholds and equivalent C."""

    def _set_machine_attributes(self, machines, samples):
        self.alpha_ = np.zeros((len(machines), self.shape_fit_[0]))
        for k, (m, idx) in enumerate(zip(machines, samples, strict=True)):
            self.alpha_[k, idx] = m.extra["alpha"]
        self.mu_ = np.array([m.extra["mu"] for m in machines])
        self.b_interval_ = np.array([m.extra["b_interval"] for m in machines])
        if self.classes_.size == 2:  # the interval of intercept_, flipped as it is (_fit_machines)
            self.b_interval_ = -self.b_interval_[:, ::-1]
        self.rho_ = np.array([m.extra["rho"] for m in machines])
        self.C_ = np.array([m.extra["C"] for m in machines])
        self.w_norm_ = np.array([m.extra["w_norm"] for m in machines])
        self.history_ = [m.extra["history"] for m in machines] if self.history else None


class BaseSVR(RegressorMixin, BaseSVM):
    """Regressors: one machine; nu-SVR also learns the tube half-width ``epsilon_``."""

    @_fit_context(prefer_skip_nested_validation=True)
    @_docs
    @atomic_fit
    def fit(self, X, y, sample_weight=None):
        """Fit the regressor.

        {parameters_fit}
        y : array-like of shape (n_samples,)
            Targets.
        sample_weight : array-like of shape (n_samples,), default=None
            Multiplies ``C`` per sample (``solver="smo"``).

        Returns
        -------
        self
            The fitted estimator.
        """
        X, y = validate_data(
            self, X, y, accept_sparse="csr", dtype=np.float64, order="C", y_numeric=True
        )
        m = self._fit_single(X, y, sample_weight)
        if self._impl == "nu_svr":
            self.epsilon_ = float(m.extra["epsilon"])
        return self

    @_docs
    def predict(self, X):
        """Predict the targets by the regression function ``f(x)``.

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples,)
            ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_``.
        """
        return self._single_decision(X)


class BaseOneClass(OutlierMixin, BaseSVM):
    """One-class SVM: one machine on unlabelled points; +1 inside the estimated support."""

    @_fit_context(prefer_skip_nested_validation=True)
    @_docs
    @atomic_fit
    def fit(self, X, y=None, sample_weight=None):
        """Fit the one-class SVM.

        {parameters_fit}
        y : None
            Ignored.
        sample_weight : array-like of shape (n_samples,), default=None
            Multiplies the per-sample bound.

        Returns
        -------
        self
            The fitted estimator.
        """
        X = validate_data(self, X, accept_sparse="csr", dtype=np.float64, order="C")
        m = self._fit_single(X, None, sample_weight)
        self.offset_ = float(m.offset)
        return self

    @_docs
    def decision_function(self, X):
        """Compute the signed distance to the boundary, positive for inliers.

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples,)
            ``score_samples(X) - offset_``.
        """
        return self._single_decision(X)

    @_docs
    def score_samples(self, X):
        """Compute the unshifted score ``sum_i dual_coef_i K(x_i, x)``.

        {parameters}

        Returns
        -------
        ndarray of shape (n_samples,)
            The score; larger inside the estimated support.
        """
        return self.decision_function(X) + self.offset_

    @_docs
    def predict(self, X):
        """Predict +1 for inliers (``decision_function > 0``) and -1 for outliers.

        {parameters}

        Returns
        -------
        ndarray of int of shape (n_samples,)
            +1 or -1 per point, as LIBSVM.
        """
        return np.where(self.decision_function(X) > 0, 1, -1)
