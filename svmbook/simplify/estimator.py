r"""Simplify a fitted SVC, svmbook's or scikit-learn's: :func:`simplify` and its result.

A fitted classifier holds one kernel expansion per binary machine: one for two classes, one per
pair of classes in LIBSVM's one-vs-one layout (svmbook's and scikit-learn's ``SVC``), one per
class with svmbook's ``multiclass="ovr"``. :func:`simplify` replaces each expansion by a shorter
one (Nguyen's bottom-up method, :func:`svmbook.simplify.bottom_up`), keeps each machine's
threshold, and returns a :class:`SimplifiedSVC` that predicts as the model does: the same
classes, decision values in the same layout, LIBSVM's votes for one-vs-one (ties to the lower
class).
"""

from __future__ import annotations

import time

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import NotFittedError
from sklearn.utils.multiclass import _ovr_decision_function
from sklearn.utils.validation import check_array, check_is_fitted
from tqdm.auto import tqdm

from .._docstrings import shared_docs
from .._validation import check_bool, check_int, check_interval, check_option
from ..svm.multiclass import ovo_pairs, ovo_votes
from .bottom_up import bottom_up
from .expansion import MergeKernel

__all__ = ["METHODS", "SimplifiedSVC", "simplify"]

# the X of the prediction methods, documented once (svmbook._docstrings)
_docs = shared_docs({"X": """Parameters
----------
X : array-like of shape (n_samples, n_features)
    The points."""})

#: The simplification methods :func:`simplify` offers.
METHODS = ("bottom_up",)


def _merge_kernel(model):
    """Return the model's kernel as a :class:`MergeKernel`, or raise naming the supported ones."""
    kernel = model.kernel
    gamma = getattr(model, "gamma_", None)
    if gamma is None:
        gamma = getattr(model, "_gamma", None)  # scikit-learn's resolved gamma
    supported = ("the Gaussian kernel ('rbf'), the homogeneous polynomial ('poly' with coef0=0) "
                 "and 'linear'")  # fmt: skip
    if not isinstance(kernel, str):
        raise ValueError(f"simplify supports {supported}; the model's kernel is {kernel!r}")
    if kernel == "rbf":
        return MergeKernel("rbf", gamma=float(gamma))
    if kernel == "linear":
        return MergeKernel("poly", gamma=1.0, degree=1)
    if kernel == "poly":
        if model.coef0 != 0:
            raise ValueError(
                f"simplify supports {supported}; the model's polynomial has coef0={model.coef0!r} "
                "(inhomogeneous), for which Nguyen's Proposition 3 does not hold"
            )
        return MergeKernel("poly", gamma=float(gamma), degree=int(model.degree))
    raise ValueError(f"simplify supports {supported}; the model's kernel is {kernel!r}")


def _machines(model):
    """Return the layout and, per machine, ``(vectors, signed weights, threshold)``."""
    SV = np.asarray(model.support_vectors_, dtype=np.float64)
    coef = np.asarray(model.dual_coef_, dtype=np.float64)
    intercept = np.asarray(model.intercept_, dtype=np.float64)
    n_classes = len(model.classes_)
    if n_classes == 2:
        return "binary", [(SV, coef[0], float(intercept[0]))]
    if getattr(model, "multiclass", "ovo") == "ovr":
        # a row's zeros are the support vectors of the other machines
        return "ovr", [(SV[coef[c] != 0], coef[c][coef[c] != 0], float(intercept[c]))
                       for c in range(n_classes)]  # fmt: skip
    sv_class = np.repeat(np.arange(n_classes), np.asarray(model.n_support_))
    out = []
    for p, (i, j) in enumerate(ovo_pairs(n_classes)):
        ci, cj = sv_class == i, sv_class == j
        X = np.vstack([SV[ci], SV[cj]])
        alpha = np.concatenate([coef[j - 1, ci], coef[i, cj]])
        keep = alpha != 0  # a class's SV may be a zero of this pair (a support vector of others)
        out.append((X[keep], alpha[keep], float(intercept[p])))
    return "ovo", out


class SimplifiedSVC(ClassifierMixin, BaseEstimator):
    """A classifier whose machines are simplified kernel expansions: what :func:`simplify` returns.

    Parameters
    ----------
    mmd : float, default=1.0
        The MMD threshold of Phase I (Nguyen's ``theta``, Table 3.1), ``>= 0``.
    phase2 : bool, default=True
        Optimise the reduced vectors and weights together after the refit (Phase II).
    phase2_iter : int, default=200
        L-BFGS iterations of Phase II.
    method : {"bottom_up"}, default="bottom_up"
        The simplification method.
    mode : {"angle", "segment"}, default="angle"
        The polynomial merge's search (:func:`svmbook.simplify.merge_polynomial`).
    progress : bool, default=False
        Show a ``tqdm`` bar over the machines.

    Attributes
    ----------
    classes_ : ndarray
        The model's classes.
    layout_ : {"binary", "ovo", "ovr"}
        How the machines combine.
    kernel_ : MergeKernel
        The kernel.
    machines_ : list of tuple
        Per machine ``(Z, beta, threshold)``: its reduced vectors, their weights and the model's
        threshold (decision ``K(x, Z) @ beta + threshold``, in the model's orientation).
    support_vectors_ : ndarray of shape (n_vectors, n_features)
        All reduced vectors, machine after machine.
    n_vectors_ : ndarray of int
        Reduced vectors per machine.
    report_ : dict
        ``machines``: per machine ``n_before``, ``n_after``, ``mmd_phase1``, ``mmd`` (of the
        returned expansion), ``distance2`` and ``time``; ``n_before``, ``n_after`` and ``time``
        in total.
    """

    def __init__(self, mmd=1.0, *, phase2=True, phase2_iter=200, method="bottom_up",
                 mode="angle", progress=False):  # fmt: skip
        self.mmd = mmd
        self.phase2 = phase2
        self.phase2_iter = phase2_iter
        self.method = method
        self.mode = mode
        self.progress = progress

    def simplify(self, model):
        """Simplify every machine of a fitted SVC.

        Parameters
        ----------
        model : svmbook.SVC or sklearn.svm.SVC
            A fitted C-SVM classifier (any estimator with LIBSVM's fitted attributes
            ``support_vectors_``, ``dual_coef_``, ``intercept_``, ``n_support_``, ``classes_``).

        Returns
        -------
        SimplifiedSVC
            ``self``, fitted.

        Raises
        ------
        sklearn.exceptions.NotFittedError
            If ``model`` is not fitted.
        ValueError
            If a parameter is out of range or the model's kernel is not supported (the message
            names the supported kernels).
        """
        mmd = check_interval("mmd", self.mmd, 0.0)
        if not np.isfinite(mmd):
            raise ValueError(f"mmd must be finite, got {self.mmd!r}")
        phase2 = check_bool("phase2", self.phase2)
        phase2_iter = check_int("phase2_iter", self.phase2_iter, 1)
        check_option("method", self.method, METHODS)
        mode = check_option("mode", self.mode, ("angle", "segment"))
        progress = check_bool("progress", self.progress)
        try:
            check_is_fitted(model, ["support_vectors_", "dual_coef_", "intercept_"])
        except TypeError as exc:  # not an estimator
            raise TypeError(f"model must be a fitted SVC, got {type(model).__name__}") from exc
        if not hasattr(model, "n_support_"):
            raise NotFittedError(f"{type(model).__name__} has no n_support_: fit it first")
        self.kernel_ = _merge_kernel(model)
        self.classes_ = np.asarray(model.classes_)
        self._ovr_shape = getattr(model, "decision_function_shape", "ovr") == "ovr"
        self.layout_, machines = _machines(model)
        t0 = time.perf_counter()
        self.machines_, rows = [], []
        for X, alpha, threshold in tqdm(machines, disable=not progress, desc="simplify",
                                        unit="machine"):  # fmt: skip
            r = bottom_up(X, alpha, self.kernel_, mmd, mode=mode,
                          phase2_iter=phase2_iter if phase2 else 0)  # fmt: skip
            self.machines_.append((r.Z, r.beta, threshold))
            rows.append({"n_before": int(alpha.size), "n_after": int(r.Z.shape[0]),
                         "mmd_phase1": r.mmd_phase1, "mmd": r.mmd, "distance2": r.distance2,
                         "time": r.time})  # fmt: skip
        self.support_vectors_ = np.vstack([Z for Z, _, _ in self.machines_])
        self.n_vectors_ = np.array([Z.shape[0] for Z, _, _ in self.machines_], dtype=np.int64)
        self.report_ = {
            "machines": rows,
            "n_before": sum(r["n_before"] for r in rows),
            "n_after": sum(r["n_after"] for r in rows),
            "time": time.perf_counter() - t0,
        }
        self.n_features_in_ = self.support_vectors_.shape[1]
        return self

    def _raw(self, X):
        if not hasattr(self, "machines_"):  # no fit(X, y): check_is_fitted would refuse us
            raise NotFittedError(
                "This SimplifiedSVC has no machines yet: call simplify(model) first"
            )
        X = check_array(X, dtype=np.float64)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X has {X.shape[1]} features, the simplified model {self.n_features_in_}"
            )
        K = self.kernel_(X, self.support_vectors_)
        out, start = [], 0
        for Z, beta, threshold in self.machines_:
            out.append(K[:, start : start + Z.shape[0]] @ beta + threshold)
            start += Z.shape[0]
        return np.column_stack(out)

    @_docs
    def decision_function(self, X):
        """Return the decision values in the model's layout.

        Binary: shape (n_samples,), positive for ``classes_[1]``. One-vs-one: LIBSVM's pairwise
        values, turned into (n_samples, n_classes) by scikit-learn's ``_ovr_decision_function``
        when the model's ``decision_function_shape`` was ``"ovr"``. One-vs-rest: one column per
        class.

        {X}

        Returns
        -------
        ndarray
            The decision values.
        """
        raw = self._raw(X)
        if self.layout_ == "binary":
            return raw[:, 0]
        if self.layout_ == "ovo" and self._ovr_shape:
            return _ovr_decision_function(raw < 0, -raw, len(self.classes_))
        return raw

    @_docs
    def predict(self, X):
        """Predict class labels as the model does (votes for one-vs-one, ties to the lower class).

        {X}

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_``.
        """
        raw = self._raw(X)
        if self.layout_ == "binary":
            return self.classes_[(raw[:, 0] > 0).astype(int)]
        if self.layout_ == "ovr":
            return self.classes_[np.argmax(raw, axis=1)]
        return self.classes_[np.argmax(ovo_votes(raw, len(self.classes_)), axis=1)]


def simplify(model, mmd=1.0, *, phase2=True, phase2_iter=200, method="bottom_up", mode="angle",
             progress=False):  # fmt: skip
    """Return a simplified copy of a fitted SVC: fewer vectors, the same interface.

    Every binary machine of ``model`` is simplified by Nguyen's bottom-up method
    (:func:`svmbook.simplify.bottom_up`, Table 3.1: merges under the MMD threshold ``mmd``, the
    refit of Proposition 5, Phase II), keeping its threshold.

    Parameters
    ----------
    model : svmbook.SVC or sklearn.svm.SVC
        A fitted classifier with the Gaussian, homogeneous polynomial or linear kernel.
    mmd : float, default=1.0
        The MMD threshold, ``>= 0``; larger removes more vectors.
    phase2 : bool, default=True
        Run Phase II.
    phase2_iter : int, default=200
        L-BFGS iterations of Phase II.
    method : {"bottom_up"}, default="bottom_up"
        The method.
    mode : {"angle", "segment"}, default="angle"
        The polynomial merge's search.
    progress : bool, default=False
        Show a ``tqdm`` bar over the machines.

    Returns
    -------
    SimplifiedSVC
        The simplified classifier, with ``report_`` (vectors before and after per machine, the
        MMD reached, the time).

    Raises
    ------
    sklearn.exceptions.NotFittedError
        If ``model`` is not fitted.
    ValueError
        If ``mmd`` is negative or not finite, an option is unknown, or the kernel is not
        supported (the message names the supported kernels).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from svmbook import SVC
    >>> X, y = make_moons(200, noise=0.2, random_state=0)
    >>> model = SVC(gamma=1.0, C=10.0).fit(X, y)
    >>> small = simplify(model, mmd=0.5)
    >>> small.report_["n_after"] < small.report_["n_before"]
    True
    >>> bool(np.mean(small.predict(X) == model.predict(X)) > 0.98)
    True
    """
    return SimplifiedSVC(mmd, phase2=phase2, phase2_iter=phase2_iter, method=method, mode=mode,
                         progress=progress).simplify(model)  # fmt: skip
