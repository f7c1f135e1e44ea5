"""The MapReduce RSVM (MRRSVM) of the RSVM review (Yeh et al., section 5, Algorithms 4 and 5).

Training (Algorithm 4): split the data into ``S`` stratified disjoint shards; fit one RSVM per
shard, each with its own reduced set (map); encode every reduced point ``x_j`` of every shard
by the ``S`` models' decision values ``[g_1(x_j), ..., g_S(x_j)]`` (the review's ``model_i``;
the book's chapter on the distributed RSVM writes ``g_s``): the "Big Table" of ``sum_s m_s``
rows and ``S`` columns, labelled by the reduced points' own labels; fit a linear SSVM on it
(reduce). Prediction (Algorithm 5): encode ``x`` the same way and take
``sign(w'[g_1(x), ..., g_S(x)] + b)``.

The review leaves open (docs/errata.md#yeh-rsvm-mrrsvm): the shard count, the per-shard
reduced size and the parameters of every model (here one ``reduced_size``, ``C``, kernel and
``beta`` for all shards, and ``final_C`` for the linear SSVM); that the Big Table's rows keep
their original labels (they do: the reduced points are training points); and whether the
decision values are standardised before the final SVM (they are not: the ``g_s`` are used as
they are, as the review's description reads).

:class:`MRRSVC` fits the shards in a loop on in-memory data, and as one Dask task per shard
when ``X`` is a Dask array (``dask.compute``, so on the current ``distributed`` client when
there is one). The exact distributed RSVM, the same model as the in-memory one, is
:func:`svmbook.reduced.dask.fit_distributed`; the MRRSVM is an approximation of it whose
shards never exchange anything but their models.
"""

from __future__ import annotations

import time
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, _fit_context, clone
from sklearn.utils._param_validation import Interval
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .._atomic_fit import atomic_fit
from .._validation import check_int, check_random_state
from ..svm._base import BaseSVM
from ._base import SmoothSVMBase
from ._classes import RSVC, SSVC
from ._dask_detect import is_dask_array

__all__ = ["MRRSVC", "stratified_shards"]


def stratified_shards(y, n_shards, *, random_state=None):
    """Split the points into ``n_shards`` disjoint shards that keep the class proportions.

    Each class's points are shuffled and dealt to the shards in turn, the dealing of each class
    starting where the previous one stopped: every shard gets ``floor`` or ``ceil`` of
    ``n_c / n_shards`` points of class ``c`` (the proportions within one point), and the shard
    sizes differ by at most one.

    Parameters
    ----------
    y : array-like of shape (n,)
        Class labels.
    n_shards : int
        The number of shards, between 1 and ``n``.
    random_state : None, int or numpy.random.Generator, default=None
        The shuffle.

    Returns
    -------
    list of ndarray of int64
        The sorted row indices of each shard.

    Raises
    ------
    ValueError
        If ``n_shards`` is out of range.
    """
    classes, codes = np.unique(np.asarray(y), return_inverse=True)
    n = codes.shape[0]
    n_shards = check_int("n_shards", n_shards, 1, n)
    rng = check_random_state("random_state", random_state)
    shard = np.empty(n, dtype=np.int64)
    offset = 0
    for c in range(classes.size):
        members = rng.permutation(np.flatnonzero(codes == c))
        shard[members] = (offset + np.arange(members.size)) % n_shards
        offset = (offset + members.size) % n_shards
    return [np.flatnonzero(shard == s) for s in range(n_shards)]


def _fit_shard(model, X, y):
    """Fit one shard's RSVM (a Dask task when the data are a Dask array)."""
    return model.fit(np.asarray(X, dtype=np.float64), y)


class MRRSVC(ClassifierMixin, BaseEstimator):
    """The MapReduce RSVM classifier: stacked per-shard RSVMs (RSVM review, Algorithms 4 and 5).

    Fits an :class:`RSVC` on each of ``n_shards`` stratified shards (each with its own random
    reduced set), builds the Big Table of the models' decision values at all the reduced points
    and fits a linear :class:`SSVC` on it; predicts ``sign(w'[g_1(x), ..., g_S(x)] + b)``.
    Binary classification only (Algorithm 5 takes a sign). On a Dask array the shards are
    fitted as Dask tasks.

    Parameters
    ----------
    n_shards : int, default=4
        ``n``, the number of shards (each needs points of both classes).
    reduced_size : int or float, default=0.1
        Each shard's reduced-set size: an int, or a float in (0, 1], the share of the shard.
    C : float, default=1.0
        Each shard RSVM's ``C``.
    kernel : str or Kernel, default="rbf"
        The shards' kernel (as :class:`RSVC`).
    degree : int, default=3
        Degree of ``"poly"``.
    gamma : {"scale", "auto"} or float, default="scale"
        The kernel's scale; ``"scale"`` is resolved on each shard.
    coef0 : float, default=0.0
        Offset of ``"poly"`` and ``"sigmoid"``.
    kernel_params : dict, default=None
        Parameters of a catalogue kernel.
    final_C : float, default=1.0
        ``C`` of the final linear SSVM on the Big Table.
    beta : float, default=10.0
        The smoothing parameter of every SSVM (shards and final).
    tol : float, default=1e-8
        Newton's stopping tolerance of every SSVM.
    max_iter : int, default=100
        Newton steps at most per SSVM.
    random_state : None, int or numpy.random.Generator, default=None
        Draws the shards and each shard's reduced set.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels; ``classes_[1]`` is +1.
    shards_ : list of ndarray of int64
        The training rows of each shard.
    models_ : list of RSVC
        The shards' RSVMs (``models_[i].reduced_indices_`` index the shard's rows).
    big_table_ : ndarray of shape (sum_s m_s, n_shards)
        The Big Table ``B``: row ``j`` is ``[g_1(x_j), ..., g_S(x_j)]`` for the reduced points
        of shard 1, then of shard 2, ...
    big_table_labels_ : ndarray of shape (sum_s m_s,)
        The reduced points' labels (the rows' labels).
    final_ : SSVC
        The linear SSVM on the Big Table.
    coef_ : ndarray of shape (n_shards,)
        Its ``w``.
    intercept_ : float
        Its ``b``.
    shard_time_ : float
        Seconds spent fitting the shards (the map).
    n_features_in_ : int
        Features seen in ``fit``.

    See Also
    --------
    RSVC : one RSVM on all the data.
    svmbook.reduced.dask.fit_distributed : the exact RSVM on a Dask cluster.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced import MRRSVC
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(400, 2))
    >>> y = (X[:, 0] * X[:, 1] > 0).astype(int)
    >>> clf = MRRSVC(n_shards=2, reduced_size=20, gamma=1.0, C=10.0, random_state=0)
    >>> clf.fit(X, y).big_table_.shape, clf.score(X, y) > 0.9
    ((40, 2), True)
    """

    _parameter_constraints: dict = {
        "n_shards": [Interval(Integral, 1, None, closed="left")],
        "final_C": [Interval(Real, 0.0, None, closed="neither")],
        **{
            name: rule
            for name, rule in {
                **SmoothSVMBase._parameter_constraints,
                **SmoothSVMBase._reduced_constraints,
            }.items()
            if name in ("reduced_size", "C", "kernel", "degree", "gamma", "coef0",
                        "kernel_params", "beta", "tol", "max_iter", "random_state")
        },  # fmt: skip
    }

    def __init__(
        self,
        n_shards=4,
        reduced_size=0.1,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        kernel_params=None,
        *,
        final_C=1.0,
        beta=10.0,
        tol=1e-8,
        max_iter=100,
        random_state=None,
    ):
        BaseSVM._set_params_from(self, locals())

    @_fit_context(prefer_skip_nested_validation=True)
    @atomic_fit
    def fit(self, X, y):
        """Fit the shards' RSVMs and the linear SSVM on their Big Table (Algorithm 4).

        Parameters
        ----------
        X : array-like or dask.array.Array of shape (n_samples, n_features)
            Training points; on a Dask array each shard is gathered and fitted by one task.
        y : array-like of shape (n_samples,)
            Two classes (a Dask array is brought to the client: the shards are drawn there).

        Returns
        -------
        self
            The fitted estimator.

        Raises
        ------
        ValueError
            If there are not exactly two classes, or a class has fewer points than shards.
        """
        distributed = is_dask_array(X)
        if distributed:
            y = np.asarray(y.compute() if is_dask_array(y) else y)
            if X.ndim != 2 or X.shape[0] != y.shape[0]:
                raise ValueError(f"X must be 2-D with one row per label ({y.shape[0]}), got "
                                 f"shape {X.shape}")  # fmt: skip
            self.n_features_in_ = X.shape[1]
        else:
            X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        self.classes_, codes = np.unique(y, return_inverse=True)
        if self.classes_.size != 2:
            raise ValueError(f"MRRSVC is a binary classifier (Algorithm 5 takes a sign), got "
                             f"{self.classes_.size} classes")  # fmt: skip
        smallest = int(np.bincount(codes).min())
        if smallest < self.n_shards:
            raise ValueError(f"n_shards={self.n_shards} exceeds the smaller class's "
                             f"{smallest} points: every shard needs both classes")  # fmt: skip
        rng = check_random_state("random_state", self.random_state)
        self.shards_ = stratified_shards(codes, self.n_shards, random_state=rng)
        seeds = rng.integers(2**32, size=self.n_shards)
        shard_model = RSVC(
            reduced_size=self.reduced_size, C=self.C, kernel=self.kernel, degree=self.degree,
            gamma=self.gamma, coef0=self.coef0, kernel_params=self.kernel_params,
            beta=self.beta, tol=self.tol, max_iter=self.max_iter,
        )  # fmt: skip
        started = time.perf_counter()
        if distributed:
            import dask

            fit = dask.delayed(_fit_shard, pure=False)
            self.models_ = list(dask.compute(*[
                fit(clone(shard_model).set_params(random_state=int(seed)), X[idx], codes[idx])
                for idx, seed in zip(self.shards_, seeds, strict=True)
            ]))  # fmt: skip
        else:
            self.models_ = [
                _fit_shard(clone(shard_model).set_params(random_state=int(seed)), X[idx],
                           codes[idx])  # fmt: skip
                for idx, seed in zip(self.shards_, seeds, strict=True)
            ]
        self.shard_time_ = time.perf_counter() - started
        points = np.concatenate([m.reduced_set_ for m in self.models_])
        self.big_table_labels_ = np.concatenate([
            self.classes_[codes[idx][m.reduced_indices_]]
            for idx, m in zip(self.shards_, self.models_, strict=True)
        ])  # fmt: skip
        self.big_table_ = self._encode(points)
        self.final_ = SSVC(kernel="linear", C=self.final_C, beta=self.beta, tol=self.tol,
                           max_iter=self.max_iter)  # fmt: skip
        self.final_.fit(self.big_table_, self.big_table_labels_)
        self.coef_ = self.final_.coef_[0]
        self.intercept_ = float(self.final_.intercept_[0])
        return self

    def _encode(self, X):
        """Return ``[g_1(x), ..., g_S(x)]`` per row of the in-memory ``X`` (Algorithm 5, step 0)."""
        return np.column_stack([m.decision_function(X) for m in self.models_])

    def transform(self, X):
        """Encode points by the shards' decision values: the Big Table's features.

        Parameters
        ----------
        X : array-like or dask.array.Array of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray or dask.array.Array of shape (n_samples, n_shards)
            ``[g_1(x), ..., g_S(x)]`` per point.
        """
        check_is_fitted(self)
        if is_dask_array(X):
            chunks = (X.chunks[0], (self.n_shards,))
            return X.rechunk({1: -1}).map_blocks(self._encode, dtype=np.float64, chunks=chunks)
        return self._encode(X)

    def decision_function(self, X):
        """Return ``w'[g_1(x), ..., g_S(x)] + b`` (positive for ``classes_[1]``).

        Parameters
        ----------
        X : array-like or dask.array.Array of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray or dask.array.Array of shape (n_samples,)
            The decision values.
        """
        return self.transform(X) @ self.coef_ + self.intercept_

    def predict(self, X):
        """Return the predicted classes, ``sign`` of :meth:`decision_function` (Algorithm 5).

        Parameters
        ----------
        X : array-like or dask.array.Array of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray or dask.array.Array of shape (n_samples,)
            Labels from ``classes_``.
        """
        idx = (self.decision_function(X) > 0).astype(int)
        if is_dask_array(idx):
            return idx.map_blocks(self.classes_.take, dtype=self.classes_.dtype)
        return self.classes_[idx]
