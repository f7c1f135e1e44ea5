"""Shared logic of the smooth SVM estimators: kernel, reduced set, design, Newton fits, decisions.

A fit builds the design ``K`` of :mod:`svmbook.solvers.newton` once (the data for the linear
SSVM, ``K(X, X)`` for the full-kernel SSVM, the ``n x m`` reduced kernel ``K(X, X̃)`` block by
block for the reduced estimators) and solves one Newton-Armijo problem on it per machine: one
for regression and binary classification, one per class (one-vs-rest, class ``c`` against the
rest, all on the same ``K``) for more than two classes. Decision values are computed in blocks
of ``chunk_size`` rows, so a prediction on many points never holds their whole kernel matrix.
"""

from __future__ import annotations

import hashlib
import math
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, _fit_context
from sklearn.utils._param_validation import Interval, Options, StrOptions
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .. import kernels as _kernels
from .._atomic_fit import atomic_fit
from ..solvers.newton import default_chunk_size, newton_armijo, smooth_problem
from ..svm._base import BaseSVM
from ._dask_detect import is_dask_array
from .selection import (
    crsvm_reduced_set,
    irsvm_reduced_set,
    random_reduced_set,
    srsvm_reduced_set,
)

#: Parameter documentation shared by the classes (numpydoc ``name : type`` blocks).
PARAM_DOCS = {
    "C": """C : float, default=1.0
    Weight of the squared (smooth) loss, ``> 0``: the objective is
    ``1/2 (||w||^2 + b^2) + C/2 sum_i loss_i`` (the RSVM review's scaling; the bias is
    regularised).""",
    "kernel": """kernel : str or Kernel, default="rbf"
    scikit-learn names (``"linear"``, ``"poly"``, ``"rbf"``, ``"sigmoid"``), catalogue names of
    :mod:`svmbook.kernels` (with ``kernel_params``) or a :class:`svmbook.kernels.Kernel`.""",
    "degree": """degree : int, default=3
    Degree of ``"poly"``.""",
    "gamma": """gamma : {"scale", "auto"} or float, default="scale"
    Scale of ``"rbf"``, ``"poly"``, ``"sigmoid"`` as in :class:`svmbook.SVC`
    (``exp(-gamma ||x - x'||^2)``, the review's section 2.4 form).""",
    "coef0": """coef0 : float, default=0.0
    Offset of ``"poly"`` and ``"sigmoid"``.""",
    "kernel_params": """kernel_params : dict, default=None
    Parameters of a catalogue kernel.""",
    "beta": """beta : float, default=10.0
    Smoothing parameter of ``p(x, beta)``, ``> 0``; ``p`` exceeds the plus function by at most
    ``log(2) / beta``, and ``np.inf`` solves the squared-hinge limit itself (generalised
    Hessian). Quadratic convergence holds for finite ``beta``, in a region that shrinks as it
    grows (:mod:`svmbook.solvers.newton`).""",
    "epsilon": """epsilon : float, default=0.1
    Half width of the insensitive tube, ``>= 0``.""",
    "tol": """tol : float, default=1e-8
    Newton stops when ``||grad|| <= tol * max(1, ||grad^0||)`` (or at the objective's
    rounding).""",
    "max_iter": """max_iter : int, default=100
    Newton steps at most per machine; hitting it warns (``ConvergenceWarning``) and sets
    ``fit_status_ = 1``.""",
    "chunk_size": """chunk_size : int, default=None
    Rows per block of the design and of predictions (None: about 8 MB per block). Bounds the
    temporary memory; the design itself is ``n x m`` floats (``n x n`` for the full kernel).""",
    "verbose": """verbose : bool, default=False
    Show a progress bar (``tqdm.auto``) of the Newton iterations with the objective, the
    gradient norm and the step.""",
    "warm_start": """warm_start : bool, default=False
    Keep the design matrix after ``fit``, and refit from the previous solution when the data
    and every parameter but ``C``, ``beta``, ``epsilon`` and the solver settings (``tol``,
    ``max_iter``, ``chunk_size``, ``verbose``) are the same: the reduced set and the kernel
    matrix are reused, Newton starts at the previous ``(coef, intercept)`` (the minimiser is
    unique, so only the path changes). Costs the design's memory between fits (not pickled).
    :class:`svmbook.model_selection.search.SVMSearchCV` uses it along ``C``.""",
    "reduced_size": """reduced_size : int or float, default=0.1
    ``m``, the reduced-set size: an int (at most ``n``), or a float in (0, 1], the share of the
    training points (the review suggests 1-10 %). Used by ``selection="random"`` (the size),
    ``"irsvm"`` (the largest size) and ``"crsvm"`` (``m // n_classes`` clusters per class);
    systematic sampling finds its own size.""",
    "reduced_set": """reduced_set : array-like of shape (m, n_features), default=None
    The reduced set itself (any points, not only training points); overrides ``selection``.""",
    "selection": """selection : {"random", "irsvm", "srsvm", "crsvm"}, default="random"
    How the reduced set is chosen (:mod:`svmbook.reduced.selection`): a random subset
    (stratified by class for classifiers), IRSVM, systematic sampling (binary classifiers) or
    clustering with one width per centroid (``kernel="rbf"`` only; the kernel's ``gamma`` is
    then replaced by the centroids' widths).""",
    "selection_params": """selection_params : dict, default=None
    Keyword arguments of the selection function, e.g. ``{"threshold": 0.05, "patience": 20}``
    for IRSVM (default ``{"threshold": 0.1, "normalized": True}``) or ``{"n_r": 5}`` for
    CRSVM.""",
    "random_state": """random_state : None, int or numpy.random.Generator, default=None
    Draws the reduced set.""",
}


# parameters that change neither the reduced set nor the design: a warm start survives them
_WARM_FREE = {"C", "beta", "epsilon", "tol", "max_iter", "chunk_size", "verbose", "warm_start"}


def _blocks(n, chunk_size):
    for start in range(0, n, chunk_size):
        yield start, min(start + chunk_size, n)


def reduced_design(X, kernel, reduced_set, reduced_gamma=None):
    """Return the reduced kernel rows ``K(X, X̃)``: the design rows of the points ``X``.

    Parameters
    ----------
    X : ndarray of shape (n, n_features)
        The points (validated).
    kernel : Kernel
        The resolved kernel.
    reduced_set : ndarray of shape (m, n_features)
        ``X̃``.
    reduced_gamma : ndarray of shape (m,), default=None
        CRSVM's per-column widths (None: the kernel's own).

    Returns
    -------
    ndarray of shape (n, m)
        The rows.
    """
    if reduced_gamma is not None:
        return _kernels.rbf_columns(X, reduced_set, reduced_gamma)
    return kernel(X, reduced_set)


class SmoothSVMBase(BaseEstimator):
    """Shared logic of :class:`SSVC`, :class:`RSVC`, :class:`SSVR` and :class:`RSVR`."""

    _kind: str  # "classification" or "regression"
    _reduced: bool  # reduced kernel (RSVM) or the full one (SSVM)

    _parameter_constraints: dict = {
        "C": [Interval(Real, 0.0, None, closed="neither")],
        "kernel": [StrOptions(set(_kernels.VALID_NAMES)), _kernels.Kernel],
        "degree": [Interval(Integral, 1, None, closed="left")],
        "gamma": [StrOptions({"scale", "auto"}), Interval(Real, 0.0, None, closed="neither")],
        "coef0": [Interval(Real, None, None, closed="neither")],
        "kernel_params": [dict, None],
        "beta": [Interval(Real, 0.0, None, closed="neither"), Options(Real, {np.inf})],
        "tol": [Interval(Real, 0.0, None, closed="neither")],
        "max_iter": [Interval(Integral, 0, None, closed="left")],
        "chunk_size": [Interval(Integral, 1, None, closed="left"), None],
        "verbose": ["boolean"],
        "warm_start": ["boolean"],
    }

    _reduced_constraints: dict = {
        "reduced_size": [
            Interval(Integral, 1, None, closed="left"),
            Interval(Real, 0.0, 1.0, closed="right"),
        ],
        "reduced_set": ["array-like", None],
        "selection": [StrOptions({"random", "irsvm", "srsvm", "crsvm"})],
        "selection_params": [dict, None],
        "random_state": ["random_state", np.random.Generator],
    }

    # -- fit -------------------------------------------------------------------------------

    @_fit_context(prefer_skip_nested_validation=True)
    @atomic_fit
    def fit(self, X, y):
        """Fit the model by Newton-Armijo.

        Parameters
        ----------
        X : array-like or dask.array.Array of shape (n_samples, n_features)
            Training points. A Dask array (reduced estimators only) is fitted on a Dask
            cluster, the same model to rounding:
            :func:`svmbook.reduced.dask.fit_distributed` with its defaults.
        y : array-like or dask.array.Array of shape (n_samples,)
            Class labels (classifiers) or targets (regressors).

        Returns
        -------
        self
            The fitted estimator.
        """
        if self._reduced and is_dask_array(X):
            from .dask import fit_distributed

            return fit_distributed(self, X, y)
        regression = self._kind == "regression"
        X, y = validate_data(self, X, y, dtype=np.float64, order="C", y_numeric=regression)
        targets, codes = self._targets(y)
        key = self._warm_key(X, y) if self.warm_start else None
        warm = getattr(self, "_warm", None)
        if key is not None and warm is not None and warm["key"] == key:
            K, starts = warm["K"], warm["v"]  # same data and basis: reuse both
        else:
            BaseSVM._resolve_kernel(self, X)  # sets _kernel and _gamma as the SVM estimators
            self.kernel_ = self._kernel
            self._chunk = self.chunk_size
            self._select(X, y, codes)
            K, starts = self._design(X), [None] * len(targets)
        problem = smooth_problem(
            self._kind, C=self.C, beta=self.beta, epsilon=getattr(self, "epsilon", 0.0)
        )
        self._chunk = self.chunk_size or default_chunk_size(K.shape[1])

        def run(t, v0):
            return lambda callback: newton_armijo(
                K, t, problem, tol=self.tol, max_iter=self.max_iter, v0=v0,
                chunk_size=self._chunk, callback=callback,
            )  # fmt: skip

        results = [
            self._solve(run(t, v0), i, len(targets))
            for i, (t, v0) in enumerate(zip(targets, starts, strict=True))
        ]
        self._warm = None
        if key is not None:
            self._warm = {
                "key": key,
                "K": K,
                "v": [np.append(r.coef, r.intercept) for r in results],
            }
        return self._store(results)

    def _targets(self, y):
        """Return the targets of the machines and the class codes (None for regression).

        Sets ``classes_`` for a classifier: one machine (``classes_[1]`` against
        ``classes_[0]``) for two classes, one per class (one-vs-rest) for more.
        """
        if self._kind == "regression":
            return [y], None
        check_classification_targets(y)
        self.classes_, codes = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError(
                f"{type(self).__name__} needs samples of at least two classes, got one "
                f"class: {self.classes_[0]!r}"
            )
        pm1 = [np.where(codes == c, 1.0, -1.0) for c in range(self.classes_.size)]
        return (pm1[1:] if self.classes_.size == 2 else pm1), codes

    def _store(self, results):
        """Set the fitted attributes from the machines' Newton results; return self."""
        regression = self._kind == "regression"
        coef = np.array([r.coef for r in results])
        intercept = np.array([r.intercept for r in results])
        self.n_iter_ = np.array([r.n_iter for r in results], dtype=np.int64)
        self.objective_ = np.array([r.objective for r in results])
        self.fit_status_ = int(max(r.status for r in results))
        if regression:
            self.coef_, self.intercept_ = coef[0], float(intercept[0])
            self.n_iter_, self.objective_ = int(self.n_iter_[0]), float(self.objective_[0])
        else:
            self.coef_, self.intercept_ = coef, intercept
        return self

    def _warm_key(self, X, y):
        """Return what a warm start must find unchanged: the basis parameters and the data."""
        params = {k: v for k, v in self.get_params().items() if k not in _WARM_FREE}
        given = params.pop("reduced_set", None)
        h = hashlib.sha1()
        for a in (X, y) if given is None else (X, y, np.asarray(given)):
            a = np.ascontiguousarray(a)
            h.update(str((a.shape, a.dtype)).encode())
            h.update(a.tobytes())
        return repr(sorted(params.items(), key=lambda kv: kv[0])), h.hexdigest()

    def __getstate__(self):
        """Return the state to pickle, without the design a warm start keeps."""
        state = super().__getstate__()
        state.pop("_warm", None)
        return state

    def _select(self, X, y, codes):
        """Set the basis of the design: ``reduced_set_`` (and indices, widths, time)."""
        self.reduced_indices_ = None
        self.reduced_gamma_ = None
        self.selection_time_ = 0.0
        if not self._reduced:
            self._linear = self._kernel.name == "linear"
            self.reduced_set_ = None if self._linear else X
            return
        self._linear = False
        if self.reduced_set is not None:
            self.reduced_set_ = self._kernel.check_input(self.reduced_set, "reduced_set")
            if self.reduced_set_.shape[1] != X.shape[1]:
                raise ValueError(
                    f"reduced_set has {self.reduced_set_.shape[1]} features but X has {X.shape[1]}"
                )
            return
        chosen = self._choose(X, y, codes)
        self.reduced_set_ = chosen.points
        self.reduced_indices_ = chosen.indices
        self.reduced_gamma_ = chosen.gamma
        self.selection_time_ = chosen.time

    def _reduced_size(self, n, n_groups):
        size = self.reduced_size
        if isinstance(size, Real) and not isinstance(size, Integral):
            size = math.ceil(size * n)
        return int(min(max(size, n_groups), n))

    def _choose(self, X, y, codes):
        """Run the selection method named by ``selection``; return its ReducedSet."""
        params = dict(self.selection_params or {})
        n_groups = 1 if codes is None else self.classes_.size
        m = self._reduced_size(X.shape[0], n_groups)
        method = self.selection
        if method == "random":
            return random_reduced_set(X, m, y=codes, random_state=self.random_state, **params)
        if method == "irsvm":
            params = {"threshold": 0.1, "normalized": True, "max_size": m, **params}
            return irsvm_reduced_set(X, self._kernel, random_state=self.random_state, **params)
        if codes is None:
            raise ValueError(f"selection={method!r} needs class labels; regressors take "
                             "'random' or 'irsvm'")  # fmt: skip
        if method == "srsvm":
            if n_groups != 2:
                raise ValueError("selection='srsvm' (systematic sampling) is for two classes")
            params = {"C": self.C, "beta": self.beta, **params}
            pm1 = np.where(codes == 1, 1.0, -1.0)
            return srsvm_reduced_set(X, pm1, self._kernel, random_state=self.random_state,
                                     **params)  # fmt: skip
        if self._kernel.name != "rbf":
            raise ValueError(f"selection='crsvm' gives Gaussian widths: it needs kernel='rbf', "
                             f"got {self._kernel!r}")  # fmt: skip
        params = {"k": max(1, m // n_groups), **params}
        return crsvm_reduced_set(X, codes, random_state=self.random_state, **params)

    def _design_block(self, X):
        """Return the design rows of the points ``X`` (already validated)."""
        if self._linear:
            return X
        return reduced_design(X, self._kernel, self.reduced_set_, self.reduced_gamma_)

    def _design(self, X):
        """Return the design ``K`` of the training points, block by block into one array."""
        if not self._reduced:
            return X if self._linear else self._kernel(X)
        K = np.empty((X.shape[0], self.reduced_set_.shape[0]))
        chunk = self._chunk or default_chunk_size(max(K.shape[1], X.shape[1]))
        for start, stop in _blocks(X.shape[0], chunk):
            K[start:stop] = self._design_block(X[start:stop])
        return K

    def _solve(self, run, machine, n_machines):
        """Return ``run(callback)``, one Newton-Armijo fit, with a progress bar when ``verbose``."""
        if not self.verbose:
            return run(None)
        from tqdm.auto import tqdm

        what = "" if n_machines == 1 else f" {machine + 1}/{n_machines}"
        with tqdm(total=self.max_iter, desc=f"{type(self).__name__} Newton{what}") as bar:

            def report(n_iter, objective, grad_norm, step):
                bar.n = n_iter
                bar.set_postfix(objective=f"{objective:.6g}", grad=f"{grad_norm:.3g}",
                                step=f"{step:.3g}")  # fmt: skip

            return run(report)

    # -- prediction --------------------------------------------------------------------------

    def _decision(self, X):
        """Return the decision values of every machine, shape (n, n_machines), in blocks."""
        check_is_fitted(self)
        if is_dask_array(X):  # block by block on the cluster: a dask array of the values
            n_machines = np.atleast_2d(self.coef_).shape[0]
            return X.rechunk({1: -1}).map_blocks(self._decision, dtype=np.float64,
                                                 chunks=(X.chunks[0], (n_machines,)))  # fmt: skip
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        coef = np.atleast_2d(self.coef_)
        out = np.empty((X.shape[0], coef.shape[0]))
        for start, stop in _blocks(X.shape[0], self._chunk):
            out[start:stop] = self._design_block(X[start:stop]) @ coef.T
        out += np.atleast_1d(self.intercept_)
        return out


class SmoothClassifierMixin:
    """``decision_function`` and ``predict`` of the classifiers (binary, or one-vs-rest)."""

    def decision_function(self, X):
        """Return the decision values ``K(x, X̃) coef + b`` (the review's (9) and (13)).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, n_classes)
            Binary: positive for ``classes_[1]``. More classes: one column per class (its
            machine against the rest).
        """
        f = self._decision(X)
        return f[:, 0] if self.classes_.size == 2 else f

    def predict(self, X):
        """Return the predicted classes (sign, or the largest one-vs-rest decision).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_``.
        """
        f = self.decision_function(X)
        idx = (f > 0).astype(int) if f.ndim == 1 else f.argmax(axis=1)
        if is_dask_array(idx):
            return idx.map_blocks(self.classes_.take, dtype=self.classes_.dtype)
        return self.classes_[idx]


class SmoothRegressorMixin:
    """``predict`` of the regressors."""

    def predict(self, X):
        """Return the regression function ``K(x, X̃) coef + b`` (the review's (24)).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray of shape (n_samples,)
            The predictions.
        """
        return self._decision(X)[:, 0]
