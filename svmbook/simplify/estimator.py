r"""Simplify a fitted SVC, svmbook's or scikit-learn's: :func:`simplify` and its result.

A fitted classifier holds one kernel expansion per binary machine: one for two classes, one per
pair of classes in LIBSVM's one-vs-one layout (svmbook's and scikit-learn's ``SVC``), one per
class with svmbook's ``multiclass="ovr"``. :func:`simplify` replaces each expansion by a shorter
one (Nguyen's bottom-up method, :func:`svmbook.simplify.bottom_up`, or one of its rivals:
the top-down pre-images of :func:`svmbook.simplify.top_down`, the selections of
:func:`svmbook.simplify.l1_selection` and :func:`svmbook.simplify.kpca_selection`), keeps each
machine's threshold, and returns a :class:`SimplifiedSVC` that predicts as the model does: the same
classes, decision values in the same layout, LIBSVM's votes for one-vs-one (ties to the lower
class).
"""

from __future__ import annotations

import numbers
import time

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import NotFittedError
from sklearn.utils.multiclass import _ovr_decision_function
from sklearn.utils.validation import check_array, check_is_fitted
from tqdm.auto import tqdm

from .._atomic_fit import atomic_fit
from .._docstrings import shared_docs
from .._validation import check_bool, check_int, check_interval, check_option
from ..svm.multiclass import ovo_pairs, ovo_votes
from .bottom_up import PAIRS, bottom_up, phase2
from .expansion import MergeKernel, distance2, marginal_differences
from .selection import kpca_selection, l1_selection
from .top_down import top_down

__all__ = ["METHODS", "SimplifiedSVC", "simplify"]

# the X of the prediction methods, documented once (svmbook._docstrings)
_docs = shared_docs({"X": """Parameters
----------
X : array-like of shape (n_samples, n_features)
    The points."""})

#: The simplification methods :func:`simplify` offers.
METHODS = ("bottom_up", "top_down", "l1", "kpca")


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


def _sizes(n_vectors, sizes):
    """Return the target size of each machine (None: stop by the MMD)."""
    if n_vectors is None:
        return [None] * len(sizes)
    if isinstance(n_vectors, numbers.Integral) and not isinstance(n_vectors, bool):
        check_int("n_vectors", n_vectors, 1)
        return [min(int(n_vectors), n) for n in sizes]
    if isinstance(n_vectors, numbers.Real) and not isinstance(n_vectors, bool):
        frac = check_interval("n_vectors", n_vectors, 0.0, 1.0, low_open=True, high_open=True)
        return [max(1, int(np.ceil(frac * n))) for n in sizes]
    try:
        targets = [check_int("n_vectors", v, 1, n) for v, n in zip(n_vectors, sizes, strict=True)]
    except (TypeError, ValueError) as exc:
        raise ValueError(
            f"n_vectors must be None, an int >= 1, a fraction in (0, 1) or one int per machine "
            f"({len(sizes)}) within its size {list(sizes)}; got {n_vectors!r}"
        ) from exc
    return targets


def _simplify_machine(method, X, alpha, kernel, mmd, n, phase2_iter, mode, pairs):
    """Return ``(Z, beta, report row)`` of one machine (``n``: its size target, or None)."""
    if method == "bottom_up":
        r = bottom_up(X, alpha, kernel, mmd, mode=mode, pairs=pairs, phase2_iter=phase2_iter)
        return r.Z, r.beta, {"mmd_phase1": r.mmd_phase1, "mmd": r.mmd, "distance2": r.distance2}
    theta = mmd if n is None else None
    if method == "top_down":
        r = top_down(X, alpha, kernel, n, theta=theta)
    elif method == "l1":
        r = l1_selection(X, alpha, kernel, n_vectors=n, theta=theta)
    else:
        r = kpca_selection(X, alpha, kernel, n_vectors=n, theta=theta)
    Z, beta = r.Z, r.beta
    if phase2_iter:
        Z, beta = phase2(Z, beta, X, alpha, kernel, max_iter=phase2_iter)
    return Z, beta, {
        "mmd_phase1": r.mmd,
        "mmd": float(marginal_differences(X, alpha, Z, beta, kernel).max()),
        "distance2": distance2(Z, beta, X, alpha, kernel),
    }


class SimplifiedSVC(ClassifierMixin, BaseEstimator):
    """A classifier whose machines are simplified kernel expansions: what :func:`simplify` returns.

    Parameters
    ----------
    mmd : float, default=1.0
        The MMD threshold of Phase I (Nguyen's ``theta``, Table 3.1), ``>= 0``: the bottom-up
        method merges while the MMD stays within it, the top-down method adds vectors until it
        is reached, the selections remove vectors (kernel PCA) or raise the penalty (L1) while it
        holds.
    n_vectors : None, int, float or sequence of int, default=None
        Instead of ``mmd``, the size of each simplified machine (not for ``"bottom_up"``, whose
        size follows from the MMD): an int (capped at each machine's size), a fraction in
        ``(0, 1)`` of each machine's vectors (rounded up), or one int per machine (e.g. another
        simplification's ``n_vectors_``, to compare methods at the same sizes).
    phase2 : bool, default=True
        Optimise the reduced vectors and weights together after the refit (Phase II).
    phase2_iter : int, default=200
        L-BFGS iterations of Phase II.
    method : {"bottom_up", "top_down", "l1", "kpca"}, default="bottom_up"
        Nguyen's merges (:func:`~svmbook.simplify.bottom_up`), Gaussian pre-images built
        top-down (:func:`~svmbook.simplify.top_down`, Gaussian kernel only), or a subset of the
        support vectors selected by L1 shrinkage (:func:`~svmbook.simplify.l1_selection`) or by
        kernel PCA (:func:`~svmbook.simplify.kpca_selection`). Phase II, when requested, follows
        every method.
    mode : {"angle", "segment"}, default="angle"
        The polynomial merge's search (:func:`svmbook.simplify.merge_polynomial`).
    pairs : {"nearest", "all"}, default="nearest"
        The bottom-up method's pair list (:func:`~svmbook.simplify.bottom_up`): each vector
        with its nearest same-class neighbour, as Nguyen's Table 3.1 prints it, or every
        same-class pair by increasing distance.
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
        ``machines``: per machine ``n_before``, ``n_after``, ``mmd_phase1`` (bottom-up: with the
        merges' own weights; the others: after their refit, before Phase II), ``mmd`` (of the
        returned expansion), ``distance2`` and ``time``; ``n_before``, ``n_after`` and ``time``
        in total.
    """

    def __init__(self, mmd=1.0, *, n_vectors=None, phase2=True, phase2_iter=200,
                 method="bottom_up", mode="angle", pairs="nearest", progress=False):  # fmt: skip
        self.mmd = mmd
        self.n_vectors = n_vectors
        self.phase2 = phase2
        self.phase2_iter = phase2_iter
        self.method = method
        self.mode = mode
        self.pairs = pairs
        self.progress = progress

    @atomic_fit
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
            If a parameter is out of range, the model's kernel is not supported (the message
            names the supported kernels) or the method does not apply to it.
        """
        mmd = check_interval("mmd", self.mmd, 0.0)
        if not np.isfinite(mmd):
            raise ValueError(f"mmd must be finite, got {self.mmd!r}")
        phase2 = check_bool("phase2", self.phase2)
        phase2_iter = check_int("phase2_iter", self.phase2_iter, 1)
        method = check_option("method", self.method, METHODS)
        if method == "bottom_up" and self.n_vectors is not None:
            raise ValueError(
                "n_vectors applies to the methods 'top_down', 'l1' and 'kpca'; the bottom-up "
                "method's size follows from mmd"
            )
        mode = check_option("mode", self.mode, ("angle", "segment"))
        pairs = check_option("pairs", self.pairs, PAIRS)
        progress = check_bool("progress", self.progress)
        try:
            check_is_fitted(model, ["support_vectors_", "dual_coef_", "intercept_"])
        except TypeError as exc:  # not an estimator
            raise TypeError(f"model must be a fitted SVC, got {type(model).__name__}") from exc
        if not hasattr(model, "n_support_"):
            raise NotFittedError(f"{type(model).__name__} has no n_support_: fit it first")
        self.kernel_ = _merge_kernel(model)
        if method == "top_down" and self.kernel_.kind != "rbf":
            raise ValueError(
                "method='top_down' builds Gaussian pre-images and needs the 'rbf' kernel; for the "
                f"model's {model.kernel!r} kernel use one of 'bottom_up', 'l1', 'kpca'"
            )
        self.classes_ = np.asarray(model.classes_)
        self._ovr_shape = getattr(model, "decision_function_shape", "ovr") == "ovr"
        self.layout_, machines = _machines(model)
        sizes = _sizes(self.n_vectors, [alpha.size for _, alpha, _ in machines])
        t0 = time.perf_counter()
        self.machines_, rows = [], []
        bar = tqdm(zip(machines, sizes, strict=True), total=len(machines), disable=not progress,
                   desc=f"simplify ({method})", unit="machine")  # fmt: skip
        for (X, alpha, threshold), n in bar:
            t = time.perf_counter()
            Z, beta, row = _simplify_machine(method, X, alpha, self.kernel_, mmd, n,
                                             phase2_iter if phase2 else 0, mode, pairs)  # fmt: skip
            self.machines_.append((Z, beta, threshold))
            rows.append({"n_before": int(alpha.size), "n_after": int(Z.shape[0]), **row,
                         "time": time.perf_counter() - t})  # fmt: skip
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


def simplify(model, mmd=1.0, *, n_vectors=None, phase2=True, phase2_iter=200, method="bottom_up",
             mode="angle", pairs="nearest", progress=False):  # fmt: skip
    """Return a simplified copy of a fitted SVC: fewer vectors, the same interface.

    Every binary machine of ``model`` is simplified, keeping its threshold: by default by
    Nguyen's bottom-up method (:func:`svmbook.simplify.bottom_up`, Table 3.1: merges under the
    MMD threshold ``mmd``, the refit of Proposition 5, Phase II), or by one of the rivals it is
    compared with (``method``).

    Parameters
    ----------
    model : svmbook.SVC or sklearn.svm.SVC
        A fitted classifier with the Gaussian, homogeneous polynomial or linear kernel.
    mmd : float, default=1.0
        The MMD threshold, ``>= 0``; larger removes more vectors.
    n_vectors : None, int, float or sequence of int, default=None
        Instead of ``mmd``, each machine's size (an int, a fraction of its vectors, or one int
        per machine); not for ``method="bottom_up"``. See :class:`SimplifiedSVC`.
    phase2 : bool, default=True
        Run Phase II.
    phase2_iter : int, default=200
        L-BFGS iterations of Phase II.
    method : {"bottom_up", "top_down", "l1", "kpca"}, default="bottom_up"
        The method (see :class:`SimplifiedSVC`).
    mode : {"angle", "segment"}, default="angle"
        The polynomial merge's search.
    pairs : {"nearest", "all"}, default="nearest"
        The bottom-up pair list (see :class:`SimplifiedSVC`).
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
        If ``mmd`` is negative or not finite, ``n_vectors`` is malformed, an option is unknown,
        or the kernel is not supported (the message names the supported kernels).

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
    return SimplifiedSVC(mmd, n_vectors=n_vectors, phase2=phase2, phase2_iter=phase2_iter,
                         method=method, mode=mode, pairs=pairs,
                         progress=progress).simplify(model)  # fmt: skip
