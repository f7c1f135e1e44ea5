"""A cross-validated parameter search for the svmbook estimators, warm-started along ``C``.

:class:`SVMSearchCV` is used as scikit-learn's ``GridSearchCV`` is: same ``cv_results_`` (keys,
dtypes, masked ``param_*`` arrays, ``rank_test_score`` by ``rankdata(method="min")``), same
choice of the best candidate (the highest mean test score; ties go to the first candidate in
candidate order, which for a grid is ``ParameterGrid``'s: sorted keys, the first key slowest),
same refit and delegation. Three things differ:

* Warm starts (``warm_start=True``). The fits are grouped into units: one cross-validation split
  and one setting of every parameter except ``C``. A unit fits its candidates with one estimator
  in ascending ``C``, so every fit after the first starts from the previous solution (the
  estimator's own ``warm_start``: Nguyen's alpha seeding ``alpha' = alpha C'/C``, Nguyen (2006),
  eq. (4.15), which keeps ``0 <= alpha' <= C'`` and ``sum y alpha' = 0``). The answers are the
  cold fits' within the solver's tolerance; only the time changes. Estimators without a
  ``warm_start`` parameter (e.g. :class:`svmbook.MuSVC`) and parameters other than ``C`` get a
  fresh clone per fit, as in ``GridSearchCV``. Units run in parallel with joblib (``n_jobs``).
* One kernel matrix per unit. For :class:`svmbook.SVC` (SMO, a catalogue kernel on dense
  points, the float32 kernel matrix of all points within ``cache_size``, not
  ``gamma="scale"``), a unit covers every split: the kernel matrix of all points is computed
  once and each split's fits read their rows from it, and accuracy (``scoring=None`` or
  ``"accuracy"``) is computed from one float64 kernel block per split rather than by
  ``score``. The fits and scores are those of ``fit`` and ``score`` on the split (the solver
  reads the same float32 values); on StatLog heart's 21 x 21 grid it halves the search's time,
  the rest being the solver's iterations. With more workers than units the splits are units
  of their own. One at a time (``n_jobs`` None or 1), a unit with accuracy scoring fits its
  splits on two threads, where the helper thread of :mod:`svmbook.solvers.row_split` may run
  (:func:`~svmbook.solvers.row_split.helper_allowed`): this thread from the first split, a
  second one from the last, each split's fits on their own copy of the cache's bookkeeping;
  the solves run side by side, the Python around them in turns (heart's grid with both
  cores held by other work: 4.1-4.5 s against 5.2-5.3 s on one thread). The splits' results
  do not depend on the thread that fitted them.
* The nested uniform design (``strategy="uniform_design"``) over ``(log2 C, log2 gamma)``, see
  :mod:`svmbook.model_selection.designs`.

The result has two extra columns: ``n_iter`` (the solver iterations of a candidate, summed over
the splits and the machines) and ``n_SV`` (its number of support vectors, averaged over the
splits).
"""

from __future__ import annotations

import threading
import time

import numpy as np
import scipy.sparse as sp
from joblib import Parallel, delayed, effective_n_jobs
from numpy.ma import MaskedArray
from scipy.stats import rankdata
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone, is_classifier
from sklearn.metrics import check_scoring
from sklearn.model_selection import ParameterGrid, check_cv
from sklearn.utils.metaestimators import _safe_split, available_if
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_array, check_is_fitted, indexable
from tqdm.auto import tqdm

from .._atomic_fit import atomic_fit
from .._docstrings import shared_docs
from .._validation import (
    check_bool,
    check_choice,
    check_int,
    check_option,
    check_param_grid,
)
from ..solvers.row_split import helper_allowed, one_thread
from .designs import UD_TABLES, default_box, design_points

# the points every delegated method takes (written once; svmbook._docstrings)
_delegated = shared_docs({"X": """Parameters
----------
X : array-like of shape (n_samples, n_features)
    The points."""})

__all__ = ["SVMSearchCV", "fit_path"]


def fit_path(estimator, candidates, X, y=None, *, warm_start=True):
    """Fit ``estimator`` at each parameter setting in turn, warm-starting where it can.

    With ``warm_start`` and an estimator that has a ``warm_start`` parameter, one clone is refit
    at every setting (each fit starts from the previous one's solution when only ``C`` or the
    solver settings changed, see the estimator's ``warm_start``); otherwise every setting gets a
    fresh clone. Give the settings in ascending ``C``: the seed, a multiple of the previous
    solution between 1 and ``C_new / C_old``, is feasible when ``C`` grows.

    Parameters
    ----------
    estimator : estimator
        The unfitted template (it is cloned, not changed).
    candidates : sequence of dict
        Parameter settings, fitted in this order.
    X : array-like or sparse matrix of shape (n_samples, n_features)
        The training points.
    y : array-like of shape (n_samples,), default=None
        The targets.
    warm_start : bool, default=True
        Refit one clone (True) or fit a fresh clone per setting (False).

    Yields
    ------
    estimator : estimator
        The estimator fitted at the next setting; with warm starts it is the same object every
        time, so copy it to keep a fit.
    fit_time : float
        The seconds the fit took.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.2]])
    >>> y = np.array([0, 1, 0, 1])
    >>> path = fit_path(SVC(), [{"C": 0.1}, {"C": 0.5}, {"C": 4.0}], X, y)
    >>> [round(float(m.objective_[0]), 4) for m, _ in path]
    [-0.379, -1.4742, -1.9019]
    """
    warm_start = check_bool("warm_start", warm_start)
    warm = warm_start and "warm_start" in estimator.get_params()
    model = clone(estimator).set_params(warm_start=True) if warm else None
    for params in candidates:
        est = model if warm else clone(estimator)
        est.set_params(**params)
        t0 = time.perf_counter()
        est.fit(X, y)
        yield est, time.perf_counter() - t0


def _solver_counts(est):
    """Return ``(solver iterations, support vectors)`` of a fitted estimator (-1 when absent)."""
    n_iter = int(np.sum(est.n_iter_)) if hasattr(est, "n_iter_") else -1
    if hasattr(est, "n_support_"):
        n_sv = int(np.sum(est.n_support_))
    else:
        n_sv = int(len(est.support_)) if hasattr(est, "support_") else -1
    return n_iter, n_sv


def _serial_unit(fit, *args):
    """Run a unit of fits (one at a time: each may share its kernel rows with a second core)."""
    return fit(*args)


def _parallel_unit(fit, *args):
    """Run a unit of fits beside others: the units use the cores, so rows stay on one thread."""
    with one_thread():
        return fit(*args)


def _fit_unit(estimator, X, y, split, train, test, candidates, indices, scorer, warm_start):
    """Fit and score one unit (one split, candidates in ascending ``C``).

    Returns a list of ``(candidate index, split, score, fit time, score time, n_iter, n_SV)``.
    """
    X_train, y_train = _safe_split(estimator, X, y, train)
    X_test, y_test = _safe_split(estimator, X, y, test, train)
    settings = [candidates[i] for i in indices]
    out = []
    for i, (est, fit_time) in zip(
        indices, fit_path(estimator, settings, X_train, y_train, warm_start=warm_start), strict=True
    ):
        t0 = time.perf_counter()
        score = float(scorer(est, X_test, y_test))
        out.append((i, split, score, fit_time, time.perf_counter() - t0, *_solver_counts(est)))
    return out


def _fit_gram_unit(estimator, X, y, splits, candidates, indices, scorer, warm_start, accuracy):
    """Fit and score one unit on one kernel matrix: candidates equal but for ``C``, some splits.

    The kernel path of :class:`SVMSearchCV`: the estimator's prefilled row cache of all points
    (``_search_rows``) serves every split's fits, and with ``accuracy`` the test predictions come
    from one float64 kernel block per split instead of ``score``. Where the estimator has no
    such cache (another kernel, ``gamma="scale"``, too many points for ``cache_size``), the
    splits go through :func:`_fit_unit`. ``splits``: ``(split number, train, test)``. Returns
    :func:`_fit_unit`'s rows.
    """
    params = {k: v for k, v in candidates[indices[0]].items() if k != "C"}
    template = clone(estimator).set_params(**params)
    rows = None
    if not sp.issparse(X):
        X = check_array(X, dtype=np.float64, order="C")
        check_classification_targets(y)
        rows = template._search_rows(X)
    if rows is None:
        return [out for k, train, test in splits
                for out in _fit_unit(estimator, X, y, k, train, test, candidates, indices, scorer,
                                     warm_start)]  # fmt: skip
    y = np.asarray(y)
    # the test kernel blocks first, on this thread: the BLAS thread count they are computed
    # with (a process-wide setting) then never changes while two threads fit
    folds = [(k, train, test, template._gram(X[test], X[train]) if accuracy else None)
             for k, train, test in splits]  # fmt: skip

    def fit_split(fold, fold_rows):
        k, train, test, K_test = fold
        X_train, y_train, X_test, y_test = X[train], y[train], X[test], y[test]
        est = clone(template).set_params(warm_start=True) if warm_start else None
        out = []
        for i in indices:
            est = est if warm_start else clone(template)
            est.set_params(C=candidates[i].get("C", template.C))
            t0 = time.perf_counter()
            est._fit_validated(X_train, y_train, rows=fold_rows)
            t1 = time.perf_counter()
            if accuracy:
                labels = est._labels(est._raw_from_kernel(K_test[:, est.support_]))
                score = float(np.mean(labels == y_test))
            else:
                score = float(scorer(est, X_test, y_test))
            out.append((i, k, score, t1 - t0, time.perf_counter() - t1, *_solver_counts(est)))
        return out

    if accuracy and len(folds) >= 2 and helper_allowed():
        # two threads, each fold on its own copy of the cache's bookkeeping (the rows are read)
        outs = _from_both_ends(folds, lambda fold: fit_split(fold, rows.private().subset(fold[1])))
    else:
        outs = [fit_split(fold, rows.subset(fold[1])) for fold in folds]
    return [row for out in outs for row in out]


def _from_both_ends(items, work):
    """Return ``[work(item) for item in items]``, computed by this thread and one more.

    This thread takes the items from the first on, the other from the last back, each taking
    the next under a lock, so each item is computed once; the results do not depend on who
    computed which (the searcher's folds are independent fits). An exception of the other
    thread is raised here.
    """
    results = [None] * len(items)
    ends = [0, len(items)]  # the next item from the front, one past the next from the back
    lock = threading.Lock()
    failed = []

    def take(front):
        with lock:
            if ends[0] >= ends[1]:
                return None
            if front:
                ends[0] += 1
                return ends[0] - 1
            ends[1] -= 1
            return ends[1]

    def run(front):
        while (i := take(front)) is not None:
            results[i] = work(items[i])

    def run_back():
        try:
            run(False)
        except BaseException as err:  # noqa: BLE001 -- raised in the caller's thread
            failed.append(err)

    other = threading.Thread(target=run_back, name="svmbook-search-folds", daemon=True)
    other.start()
    try:
        run(True)
    finally:
        with lock:  # after an error here (or an interrupt) the other stops at its current item
            ends[0] = ends[1]
        other.join()
    if failed:
        raise failed[0]
    return results


def _units(candidates, default_C):
    """Group candidate indices into units: equal parameters except ``C``, in ascending ``C``."""
    groups = {}
    for i, params in enumerate(candidates):
        rest = sorted((k, repr(v)) for k, v in params.items() if k != "C")
        groups.setdefault(repr(rest), []).append(i)
    by_C = lambda i: float(candidates[i].get("C", default_C))  # noqa: E731
    return [sorted(g, key=by_C) for g in groups.values()]


def _masked_params(candidates):
    """``param_<name>`` masked arrays, with scikit-learn's dtype rule (strings as object)."""
    names = {}
    for params in candidates:
        for name in params:
            names.setdefault(name, None)
    out = {}
    for name in names:
        values = [p[name] for p in candidates if name in p]
        try:
            arr = np.array(values)
        except ValueError:  # ragged sequences
            dtype = np.dtype(object)
        else:
            dtype = arr.dtype if arr.dtype.kind != "U" and arr.ndim == 1 else np.dtype(object)
        ma = MaskedArray(np.empty(len(candidates), dtype=dtype), mask=True)
        for i, params in enumerate(candidates):
            if name in params:
                ma[i] = params[name]
        out[f"param_{name}"] = ma
    return out


def _cv_results(candidates, scores, fit_times, score_times, n_iter, n_sv):
    """Assemble ``cv_results_`` as ``GridSearchCV._format_results`` does, plus the extras."""
    results = {}
    for key, array in (("fit_time", fit_times), ("score_time", score_times)):
        results[f"mean_{key}"] = array.mean(axis=1)
        results[f"std_{key}"] = array.std(axis=1)
    results.update(_masked_params(candidates))
    results["params"] = list(candidates)
    for k in range(scores.shape[1]):
        results[f"split{k}_test_score"] = scores[:, k].copy()
    mean = scores.mean(axis=1)
    results["mean_test_score"] = mean
    results["std_test_score"] = scores.std(axis=1)
    if np.isnan(mean).all():
        rank = np.ones(mean.shape[0], dtype=np.int32)
    else:  # NaN means tie with the worst, as scikit-learn
        rank = rankdata(-np.nan_to_num(mean, nan=np.nanmin(mean) - 1), method="min")
    results["rank_test_score"] = rank.astype(np.int32)
    results["n_iter"] = n_iter.sum(axis=1)
    results["n_SV"] = n_sv.mean(axis=1)
    return results


def _estimator_has(attr):
    """``available_if`` check: the refitted (or else the template) estimator has ``attr``."""

    def check(self):
        est = self.best_estimator_ if hasattr(self, "best_estimator_") else self.estimator
        getattr(est, attr)
        return True

    return check


class SVMSearchCV(MetaEstimatorMixin, BaseEstimator):
    """Exhaustive or nested-uniform-design search with cross-validation, warm-started along C.

    Used as ``sklearn.model_selection.GridSearchCV``; see the module docstring for the three
    differences (warm starts along ``C``, one kernel matrix per unit, the uniform design) and the
    tie-break rule.

    Parameters
    ----------
    estimator : estimator
        Any svmbook (or scikit-learn) estimator; warm starts need a ``warm_start`` parameter.
    param_grid : dict or list of dict, default=None
        The grid (``strategy="grid"``), as ``ParameterGrid`` takes it. Must be None with
        ``strategy="uniform_design"``, which searches ``C`` and ``gamma``.
    strategy : {"grid", "uniform_design"}, default="grid"
        The full grid, or the nested uniform design of
        :mod:`svmbook.model_selection.designs`.
    design : tuple of int, default=(13, 9)
        The runs of each stage of the uniform design (13, 9 or 5 each; (9, 5) for large data
        sets). Stage ``s`` searches a box of half the side lengths of stage ``s - 1``, centred on
        the best point so far, without its centre point (already evaluated).
    box : tuple, default=None
        The first stage's box ``((log2 C low, high), (log2 gamma low, high))``; None:
        :func:`svmbook.model_selection.designs.default_box` of the training points.
    cv : int, cross-validation generator or iterable, default=5
        As ``GridSearchCV`` (``check_cv``: stratified k-fold for classifiers).
    scoring : str, callable or None, default=None
        One scorer (``check_scoring``); None: the estimator's ``score``.
    refit : bool, default=True
        Refit the best candidate on all of the data (``best_estimator_``, ``refit_time_``).
    n_jobs : int or None, default=None
        Units run in parallel by joblib's default (process) backend; None: one at a time.
        Processes, not threads: a unit's fits spend much of their time in Python (validation,
        scoring), which threads would serialise (1,500 x 20, 18 candidates, 5 folds, 2 cores:
        threads 2.7 s against 3.1 s sequential; processes 1.3 s once the workers run, plus about
        1 s to start them on the first call).
    warm_start : bool, default=True
        Warm-start the fits of a unit along ascending ``C``.
    progress : bool, default=True
        Show a ``tqdm`` progress bar over the fits.

    Attributes
    ----------
    cv_results_ : dict of ndarray
        ``GridSearchCV``'s keys plus ``n_iter`` and ``n_SV``.
    best_index_ : int
        The candidate with the highest mean test score (the first of equals).
    best_params_ : dict
        Its parameters.
    best_score_ : float
        Its mean test score.
    best_estimator_ : estimator
        It refitted on all data (``refit=True``).
    refit_time_ : float
        Seconds of that refit.
    n_splits_ : int
        The number of cross-validation splits.
    scorer_ : callable
        The scorer used.
    multimetric_ : bool
        Always False (one scorer).

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from svmbook import SVC
    >>> X, y = make_classification(60, 4, random_state=0)
    >>> search = SVMSearchCV(SVC(), {"C": [0.1, 1.0, 10.0], "gamma": [0.1, 1.0]}, cv=3,
    ...                      progress=False).fit(X, y)
    >>> sorted(search.best_params_), int(search.cv_results_["rank_test_score"].min())
    (['C', 'gamma'], 1)
    """

    def __init__(
        self,
        estimator,
        param_grid=None,
        *,
        strategy="grid",
        design=(13, 9),
        box=None,
        cv=5,
        scoring=None,
        refit=True,
        n_jobs=None,
        warm_start=True,
        progress=True,
    ):
        self.estimator = estimator
        self.param_grid = param_grid
        self.strategy = strategy
        self.design = design
        self.box = box
        self.cv = cv
        self.scoring = scoring
        self.refit = refit
        self.n_jobs = n_jobs
        self.warm_start = warm_start
        self.progress = progress

    # -- fit ---------------------------------------------------------------------------------------

    @atomic_fit
    def fit(self, X, y=None, groups=None):
        """Run the search (and refit the best candidate).

        Parameters
        ----------
        X : array-like or sparse matrix of shape (n_samples, n_features)
            The points (a Gram matrix with ``kernel="precomputed"``).
        y : array-like of shape (n_samples,), default=None
            The targets.
        groups : array-like of shape (n_samples,), default=None
            Group labels for a group-aware ``cv``.

        Returns
        -------
        SVMSearchCV
            The fitted search.

        Raises
        ------
        ValueError
            If a parameter is invalid (named in the message), the grid is empty or names an
            unknown parameter, or a classifier's training split holds a single class.
        TypeError
            If a grid value has the wrong type (e.g. a non-numeric ``C``) or ``scoring`` is not
            one scorer.
        """
        self._check_settings()
        X, y, groups = indexable(X, y, groups)
        try:  # scikit-learn takes any iterable for splits: a wrong cv fails deep in it
            cv = check_cv(self.cv, y, classifier=is_classifier(self.estimator))
            splits = list(cv.split(X, y, groups))
        except (ValueError, TypeError) as exc:
            raise type(exc)(
                f"cv: {exc} (cv must be None, an int >= 2, a cross-validation splitter or an "
                "iterable of (train, test) index arrays)"
            ) from exc
        self._check_splits(y, splits)
        if isinstance(self.scoring, list | tuple | set | dict):
            raise TypeError("scoring must be one scorer (str, callable or None); got several")
        self.scorer_ = check_scoring(self.estimator, self.scoring)
        self.multimetric_ = False
        self.n_splits_ = len(splits)

        self._candidates, self._blocks = [], []
        if self.strategy == "grid":
            self._evaluate(self._grid_candidates(), X, y, splits)
        else:
            self._uniform_design(X, y, splits)
        table = np.concatenate(self._blocks)
        self.cv_results_ = _cv_results(
            self._candidates, table[..., 0], table[..., 1], table[..., 2],
            table[..., 3].astype(np.int64), table[..., 4],
        )  # fmt: skip
        del self._candidates, self._blocks
        self.best_index_ = int(self.cv_results_["rank_test_score"].argmin())
        self.best_params_ = self.cv_results_["params"][self.best_index_]
        self.best_score_ = float(self.cv_results_["mean_test_score"][self.best_index_])
        if self.refit:
            self.best_estimator_ = clone(self.estimator).set_params(**self.best_params_)
            t0 = time.perf_counter()
            self.best_estimator_.fit(X, y)
            self.refit_time_ = time.perf_counter() - t0
            if hasattr(self.best_estimator_, "n_features_in_"):
                self.n_features_in_ = self.best_estimator_.n_features_in_
            if hasattr(self.best_estimator_, "classes_"):
                self.classes_ = self.best_estimator_.classes_
        return self

    def _check_settings(self):
        """Validate the searcher's own parameters (the estimator validates its own)."""
        if not hasattr(self.estimator, "get_params") or not hasattr(self.estimator, "fit"):
            raise TypeError(f"estimator must be an estimator, got {type(self.estimator).__name__}")
        check_option("strategy", self.strategy, ("grid", "uniform_design"))
        check_bool("refit", self.refit)
        check_bool("warm_start", self.warm_start)
        check_bool("progress", self.progress)
        if self.n_jobs is not None:
            check_int("n_jobs", self.n_jobs, -(2**31))
            if self.n_jobs == 0:
                raise ValueError("n_jobs must not be 0 (None or 1: one at a time, -1: all cores)")
        params = self.estimator.get_params()
        if self.strategy == "grid":
            if self.param_grid is None:
                raise ValueError("param_grid is required with strategy='grid'")
            check_param_grid("param_grid", self.param_grid, params, numeric=("C",))
        else:
            if self.param_grid is not None:
                raise ValueError("param_grid must be None with strategy='uniform_design'")
            missing = [p for p in ("C", "gamma") if p not in params]
            if missing:
                raise ValueError(
                    f"strategy='uniform_design' searches C and gamma; estimator "
                    f"{type(self.estimator).__name__} has no {', '.join(missing)}"
                )
            if not isinstance(self.design, list | tuple) or not self.design:
                raise TypeError(f"design must be a non-empty tuple of runs, got {self.design!r}")
            for runs in self.design:
                check_choice("design", runs, tuple(UD_TABLES))

    def _check_splits(self, y, splits):
        """Raise if a classifier's training split holds one class (its fit would fail)."""
        if not is_classifier(self.estimator) or y is None:
            return
        y = np.asarray(y)
        for k, (train, _) in enumerate(splits):
            labels = np.unique(y[train])
            if labels.size < 2:
                raise ValueError(
                    f"cv: training split {k} holds a single class ({labels.tolist()}); use "
                    "stratified or fewer folds"
                )

    def _grid_candidates(self):
        """Return the grid's candidates in ``ParameterGrid`` order, checked by the estimator."""
        grid = check_param_grid("param_grid", self.param_grid, self.estimator.get_params())
        candidates = list(ParameterGrid(grid))
        for params in candidates:
            est = clone(self.estimator).set_params(**params)
            if hasattr(est, "_validate_params"):  # scikit-learn's constraint table, named errors
                est._validate_params()
        return candidates

    def _uniform_design(self, X, y, splits):
        """Evaluate the stages of the nested uniform design."""
        if self.box is None:
            box = default_box(X)
        else:
            box = self.box
            if np.shape(box) != (2, 2):
                raise ValueError(f"box must be ((C low, high), (gamma low, high)), got {box!r}")
        box = np.asarray(box, dtype=np.float64)
        if not np.all(np.isfinite(box)) or not np.all(box[:, 1] > box[:, 0]):
            raise ValueError(f"box must hold finite ranges low < high, got {box.tolist()}")
        centre, lengths = box.mean(axis=1), box[:, 1] - box[:, 0]
        for stage, runs in enumerate(self.design):
            if stage > 0:
                mean = np.concatenate(self._blocks)[..., 0].mean(axis=1)
                best = self._candidates[int(np.argmax(mean))]  # first of equals
                centre = np.log2([best["C"], best["gamma"]])
            points = design_points(runs, centre, lengths / 2.0**stage, drop_centre=stage > 0)
            candidates = [{"C": float(2.0**c), "gamma": float(2.0**g)} for c, g in points]
            self._evaluate(candidates, X, y, splits)

    def _evaluate(self, candidates, X, y, splits):
        """Fit and score ``candidates`` on every split; append them and their measurements."""
        params = self.estimator.get_params()
        units = _units(candidates, params.get("C", 1.0))
        # per candidate and split: score, fit time, score time, n_iter, n_SV
        block = np.full((len(candidates), len(splits), 5), np.nan)
        parallel = Parallel(n_jobs=self.n_jobs, return_as="generator_unordered")
        numbered = [(k, *split) for k, split in enumerate(splits)]
        if hasattr(self.estimator, "_search_rows") and "C" in params:
            # one kernel matrix per unit serves all its splits, unless that leaves workers idle
            workers = effective_n_jobs(self.n_jobs)
            chunks = [numbered] if len(units) >= workers else [[s] for s in numbered]
            score = type(self.estimator).score is ClassifierMixin.score
            accuracy = self.scoring == "accuracy" or (self.scoring is None and score)
            jobs = [
                (_fit_gram_unit, self.estimator, X, y, chunk, candidates, unit, self.scorer_,
                 self.warm_start, accuracy)
                for chunk in chunks
                for unit in units
            ]  # fmt: skip
        else:
            units = units if self.warm_start else [[i] for unit in units for i in unit]
            jobs = [
                (_fit_unit, self.estimator, X, y, k, train, test, candidates, unit,
                 self.scorer_, self.warm_start)
                for k, train, test in numbered
                for unit in units
            ]  # fmt: skip
        run = _parallel_unit if effective_n_jobs(self.n_jobs) > 1 else _serial_unit
        jobs = (delayed(run)(*job) for job in jobs)
        with tqdm(total=block.shape[0] * block.shape[1], disable=not self.progress,
                  desc="SVMSearchCV", unit="fit") as bar:  # fmt: skip
            for out in parallel(jobs):
                for i, k, *values in out:
                    block[i, k] = values
                bar.update(len(out))
        self._candidates.extend(candidates)
        self._blocks.append(block)

    # -- delegation --------------------------------------------------------------------------------

    def _best(self):
        check_is_fitted(self)
        if not self.refit:
            raise AttributeError("refit=False: there is no best_estimator_ to predict with")
        return self.best_estimator_

    @available_if(_estimator_has("predict"))
    @_delegated
    def predict(self, X):
        """Predict with the best estimator.

        {X}

        Returns
        -------
        ndarray of shape (n_samples,)
            The predictions.
        """
        return self._best().predict(X)

    @available_if(_estimator_has("decision_function"))
    @_delegated
    def decision_function(self, X):
        """Decision values of the best estimator.

        {X}

        Returns
        -------
        ndarray
            The decision values.
        """
        return self._best().decision_function(X)

    @available_if(_estimator_has("predict_proba"))
    @_delegated
    def predict_proba(self, X):
        """Class probabilities of the best estimator.

        {X}

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            The probabilities.
        """
        return self._best().predict_proba(X)

    @_delegated
    def score(self, X, y=None):
        """Score the best estimator with the search's scorer.

        {X}
        y : array-like of shape (n_samples,), default=None
            The targets.

        Returns
        -------
        float
            The score.
        """
        return float(self.scorer_(self._best(), X, y))
