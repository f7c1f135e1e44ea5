"""Yeh, Huang, Pao and Lee, "A Review of Reduced Kernel Trick in Machine Learning", Table 1.

Table 1 (section 5) compares, on three UCI sets, the linear SSVM, the nonlinear SSVM and the
MapReduce RSVM (MRRSVM): training time (CPU seconds, hardware not stated) and test accuracy. The
review states no parameter, no reduced-set size, no preprocessing and no class coding. Our
set-up, decided where it is silent:

* **Data.** adult as LIBSVM's ``a9a`` (the 14 attributes one-hot encoded to 123 binary features;
  32,561 training and 16,281 test points, its standard split; ``+1`` is income above 50K), not
  scaled (the features are 0/1). shuttle as the review has it: the StatLog training and test
  files restricted to classes 1 and 4 (40,856 training and 13,633 test points), class 4 coded
  ``+1``, every feature scaled to [-1, 1] by its training minimum and maximum (the test set with
  the same map). **connect-4 is not in the book's data**: its rows are not run (the report
  counts their cells as "n/a").
* **linear SSVM**: :class:`svmbook.reduced.SSVC` with ``kernel="linear"`` (the review's (7),
  ``(w, b)``), ``C`` chosen by 5-fold cross-validation over ``2^-7, 2^-5, ..., 2^13`` (one
  parameter: a uniform design in (C, gamma) has nothing to search in gamma).
* **nonlinear SSVM**: the full-kernel SSVM on 32,561 or 40,856 points needs the ``n x n`` kernel
  (8.5 GB and 13 GB in float64) and a Newton system of that size (about ``n^3 / 3`` = 10^13 flops
  per step): out of reach on this machine, and of the review's 4.7-5.3 s as well, which suggests
  a reduced kernel (the review does not say). We train :class:`svmbook.reduced.RSVC`, the SSVM on
  the reduced kernel of a random stratified reduced set of :data:`REDUCED_SIZE` points (about 1 %
  of the training points, the low end of the review's 1-10 %), its ``(C, gamma)`` chosen by the
  review's nested uniform design (section 2.4; Huang et al. 2007), as the review suggests for
  large data sets a 9-run first stage and a 5-run second stage
  (:class:`svmbook.model_selection.SVMSearchCV` with ``strategy="uniform_design"``,
  ``design=(9, 5)``, 5-fold cross-validation), in the box of the authors' SSVM toolbox for the
  reduced kernel: ``C`` in ``[1, 10^6]`` and ``gamma`` from
  :func:`svmbook.model_selection.designs.default_box`.
* **MRRSVM** (section 5, Algorithms 4 and 5): :class:`svmbook.reduced.MRRSVC` in memory (the
  shards fitted one after the other in one process). The review states no shard count,
  reduced size or parameter (docs/errata.md#yeh-rsvm-mrrsvm); we deal the training set into
  stratified shards of about :data:`SHARD_POINTS` points (4 shards on adult, 5 on shuttle),
  each shard's RSVM with a random stratified reduced set of :data:`SHARD_REDUCED_SIZE` points
  and the nonlinear SSVM's ``(C, gamma)`` as chosen above (no search of its own: nothing is
  tuned on the test set), and the final linear SSVM on the Big Table with ``final_C =``
  :data:`FINAL_C` (the estimator's default; the Big Table has a few hundred rows and one
  column per shard, so its loss term dominates the regulariser).
* All models use ``beta = 10`` (the estimators' default) and stop at a relative gradient norm
  of ``1e-8``.

The training time is the wall clock of one ``fit`` at the selected parameters (the search not
included), the median of :data:`REPEATS` interleaved fits in one process after an untimed
warm-up fit; only ratios compare with the review's times on unknown hardware. Accuracy is on
the standard test set.

Verdict: the accuracies are compared cell by cell (the report's relative rule), the times are
not compared (timing columns). Claims, per dataset run:

* the nonlinear SSVM is more accurate than the linear SSVM;
* its gain over the linear SSVM is within :data:`GAIN_BAND` points of the review's (2.73 on
  adult, 2.72 on shuttle: "about 2-3 points");
* the linear SSVM trains faster than the nonlinear SSVM in every repeat (the review: 66x on
  adult, 125x on shuttle; our ratio is in the settings, median and range).

and the review's claims about MRRSVM ("comparable accuracy ... while the computational time can
be dramatically reduced"; its Table 1):

* MRRSVM trains at least :data:`MR_SPEEDUP` times faster than the nonlinear SSVM (the review's
  smallest ratio: 7.7x on adult, 9.9x on shuttle and 10.0x on connect-4), median over the
  repeats;
* its accuracy is within :data:`MR_ACCURACY_BAND` points of the nonlinear SSVM's (the review's
  largest difference: 0.28 on connect-4).

``size="ci"``: stratified subsamples of 2,000 training and 1,000 test points per set, a reduced
set of 50 points, the uniform design (5, 5) with 3 folds, the linear SSVM's ``C`` over 2^-3,
2^1, ..., 2^9 with 3 folds, MRRSVM shards of about 500 points with 50 reduced points each, one
timed fit.
"""

from __future__ import annotations

import statistics
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..datasets import load_libsvm
from ..model_selection import SVMSearchCV
from ..model_selection.designs import default_box
from ..reduced import MRRSVC, RSVC, SSVC
from . import Experiment, Result, iterate, parse_table, timing_ratio
from ._cells import published_rows
from ._common import by_name
from .nguyen_simplify import scale_features
from .nguyen_warm_start import stratified

NAME = "yeh-table-1"
SOURCE = "Yeh, Huang, Pao and Lee, A Review of Reduced Kernel Trick in Machine Learning"
#: The review's names of the methods (Table 1's rows).
LINEAR, NONLINEAR, MRRSVM = "linear SSVM", "nonlinear SSVM", "MRRSVM"
COLUMNS = ("Dataset", "Method", "Training time (CPU sec.)", "Accuracy (%)")
TIME = COLUMNS[2]
#: The sets run (connect-4 is not in the book's data).
DATASETS = ("adult", "shuttle")
#: The reduced set of the nonlinear SSVM (RSVC), full size.
REDUCED_SIZE = 300
#: log2 C box of the authors' toolbox for the reduced kernel: C in [1, 1e6].
LOG2_C_REDUCED = (0.0, float(np.log2(1e6)))
#: Claim: the nonlinear SSVM's accuracy gain over the linear within this many points of the
#: review's.
GAIN_BAND = 1.0
#: MRRSVM: training points per shard (about), full size.
SHARD_POINTS = 8000
#: MRRSVM: reduced points per shard, full size.
SHARD_REDUCED_SIZE = 200
#: MRRSVM: C of the final linear SSVM on the Big Table.
FINAL_C = 1.0
#: Claim: MRRSVM at least this many times faster than the nonlinear SSVM (the review's smallest).
MR_SPEEDUP = 7.7
#: Claim: MRRSVM's accuracy within this many points of the nonlinear SSVM's.
MR_ACCURACY_BAND = 0.3
REPEATS = 3
#: The review's Table 1 as printed.
PUBLISHED = parse_table(published_rows(NAME), COLUMNS)
_FULL = {"n_train": None, "n_test": None, "m": REDUCED_SIZE, "design": (9, 5), "cv": 5,
         "linear_C": tuple(2.0 ** np.arange(-7, 14, 2)), "repeats": REPEATS,
         "shard_points": SHARD_POINTS, "shard_m": SHARD_REDUCED_SIZE}  # fmt: skip
_CI = {"n_train": 2000, "n_test": 1000, "m": 50, "design": (5, 5), "cv": 3,
       "linear_C": tuple(2.0 ** np.arange(-3, 10, 4)), "repeats": 1,
       "shard_points": 500, "shard_m": 50}  # fmt: skip


def load_set(dataset, size, random_state):
    """Return a set's training and test data as run (module docstring).

    Parameters
    ----------
    dataset : {"adult", "shuttle"}
        The review's name of the set.
    size : {"ci", "full"}
        The run's size (``"ci"``: stratified subsamples).
    random_state : int
        Seed of the subsamples.

    Returns
    -------
    X, y, X_test, y_test : ndarray
        Dense float64 points and labels in {-1, +1}.
    """
    if dataset == "adult":
        X, y = load_libsvm("a9a", "train", dense=True)
        X_test, y_test = load_libsvm("a9a", "test", dense=True)
    else:
        (X, c), (X_test, c_test) = load_libsvm("shuttle", "train"), load_libsvm("shuttle", "test")
        keep, keep_test = np.isin(c, (1, 4)), np.isin(c_test, (1, 4))
        X, X_test = scale_features(X[keep], X_test[keep_test])
        y, y_test = np.where(c[keep] == 4, 1.0, -1.0), np.where(c_test[keep_test] == 4, 1.0, -1.0)
    cfg = _FULL if size == "full" else _CI
    if cfg["n_train"] is not None:
        rng = np.random.default_rng(random_state)
        idx, idx_test = stratified(y, cfg["n_train"], rng), stratified(y_test, cfg["n_test"], rng)
        X, y, X_test, y_test = X[idx], y[idx], X_test[idx_test], y_test[idx_test]
    return X, y, X_test, y_test


def select(dataset, X, y, cfg, random_state, progress):
    """Choose the parameters of both SSVMs by cross-validation; return the unfitted models.

    Parameters
    ----------
    dataset : str
        The set's name (for the progress bars).
    X, y : ndarray
        The training data.
    cfg : dict
        The run size's settings (``m``, ``design``, ``cv``, ``linear_C``).
    random_state : int
        Seed of the reduced set.
    progress : bool
        Show the searches' progress bars.

    Returns
    -------
    dict
        Method name to ``(estimator with the chosen parameters, CV accuracy)``; MRRSVM's
        parameters are the nonlinear SSVM's (module docstring), its CV accuracy None.
    """
    linear = SVMSearchCV(SSVC(kernel="linear"), {"C": list(cfg["linear_C"])}, cv=cfg["cv"],
                         refit=False, progress=progress).fit(X, y)  # fmt: skip
    rsvc = RSVC(reduced_size=cfg["m"], random_state=random_state)
    box = (LOG2_C_REDUCED, default_box(X)[1])
    nonlinear = SVMSearchCV(rsvc, strategy="uniform_design", design=cfg["design"], box=box,
                            cv=cfg["cv"], refit=False, progress=progress).fit(X, y)  # fmt: skip
    rsvc.set_params(**nonlinear.best_params_)
    n_shards = max(1, round(y.size / cfg["shard_points"]))
    mrrsvm = MRRSVC(n_shards=n_shards, reduced_size=cfg["shard_m"], C=rsvc.C, gamma=rsvc.gamma,
                    final_C=FINAL_C, random_state=random_state)  # fmt: skip
    return {
        LINEAR: (SSVC(kernel="linear", **linear.best_params_), linear.best_score_),
        NONLINEAR: (rsvc, nonlinear.best_score_),
        MRRSVM: (mrrsvm, None),
    }


def _fit_times(models, X, y, repeats):
    """Fit every model ``repeats`` times, interleaved, after a warm-up; return times and fits."""
    times = {name: [] for name in models}
    fitted = {}
    for model in models.values():
        model.fit(X[:200], y[:200])  # compiled code loaded, BLAS threads started
    for _ in range(repeats):
        for name, model in models.items():
            t0 = time.perf_counter()
            fitted[name] = model.fit(X, y)
            times[name].append(time.perf_counter() - t0)
    return times, fitted


def _table_1(size, random_state, progress):
    cfg = _FULL if size == "full" else _CI
    rows = []
    settings = {"reduced set (nonlinear SSVM)": cfg["m"], "uniform design": cfg["design"],
                "folds": cfg["cv"], "timed fits": cfg["repeats"]}  # fmt: skip
    printed = {(r["Dataset"], r["Method"]): r for r in PUBLISHED}
    for dataset in iterate(DATASETS, "Table 1", progress):
        X, y, X_test, y_test = load_set(dataset, size, random_state)
        with warnings.catch_warnings():
            # a capped Newton fit during the search is one candidate's; its score still counts
            warnings.simplefilter("ignore", ConvergenceWarning)
            chosen = select(dataset, X, y, cfg, random_state, progress)
        models = {k: v[0] for k, v in chosen.items()}
        times, fitted = _fit_times(models, X, y, cfg["repeats"])
        for method, (model, cv_score) in chosen.items():
            params = model.get_params()
            rows.append({
                "Dataset": dataset,
                "Method": method,
                TIME: statistics.median(times[method]),
                "Accuracy (%)": 100.0 * float(np.mean(fitted[method].predict(X_test) == y_test)),
                "CV accuracy (%)": None if cv_score is None else 100.0 * cv_score,
                "C": params["C"],
                "gamma": None if method == LINEAR else params["gamma"],
            })  # fmt: skip
        ratio = timing_ratio([a / b for a, b in zip(times[NONLINEAR], times[LINEAR], strict=True)])
        ours = {r["Method"]: r["Accuracy (%)"] for r in rows if r["Dataset"] == dataset}
        theirs = {m: printed[dataset, m]["Accuracy (%)"] for m in (LINEAR, NONLINEAR)}
        gain, printed_gain = ours[NONLINEAR] - ours[LINEAR], theirs[NONLINEAR] - theirs[LINEAR]
        printed_ratio = printed[dataset, NONLINEAR][TIME] / printed[dataset, LINEAR][TIME]
        settings[f"time nonlinear / linear ({dataset})"] = ratio
        settings[f"time nonlinear / linear, review ({dataset})"] = round(printed_ratio, 1)
        settings[f"training points ({dataset})"] = int(y.size)
        settings[f"test points ({dataset})"] = int(y_test.size)
        settings[f"claim: nonlinear SSVM more accurate than linear ({dataset})"] = bool(gain > 0)
        band = f"within {GAIN_BAND:g} point of the review's {printed_gain:.2f}"
        settings[f"claim: accuracy gain {band} ({dataset})"] = bool(
            abs(gain - printed_gain) <= GAIN_BAND
        )
        settings[f"claim: linear SSVM trains faster, every repeat ({dataset})"] = bool(
            ratio["min"] > 1.0
        )
        mr_ratio = timing_ratio([a / b for a, b in zip(times[NONLINEAR], times[MRRSVM],
                                                        strict=True)])  # fmt: skip
        settings[f"MRRSVM shards x reduced points ({dataset})"] = (models[MRRSVM].n_shards,
                                                                    cfg["shard_m"])  # fmt: skip
        settings[f"time nonlinear / MRRSVM ({dataset})"] = mr_ratio
        settings[f"time nonlinear / MRRSVM, review ({dataset})"] = round(
            printed[dataset, NONLINEAR][TIME] / printed[dataset, MRRSVM][TIME], 1
        )
        fast = f"claim: MRRSVM at least {MR_SPEEDUP:g}x faster than nonlinear SSVM ({dataset})"
        settings[fast] = bool(mr_ratio["median"] >= MR_SPEEDUP)
        close = (f"claim: MRRSVM accuracy within {MR_ACCURACY_BAND:g} point of nonlinear SSVM "
                 f"({dataset})")  # fmt: skip
        settings[close] = bool(abs(ours[MRRSVM] - ours[NONLINEAR]) <= MR_ACCURACY_BAND)
    return Result(NAME, COLUMNS[:2], (*COLUMNS[2:], "CV accuracy (%)", "C", "gamma"), rows,
                  settings)  # fmt: skip


_REMARKS = (
    "connect-4 is not in the book's data: its cells count as n/a. The review's nonlinear SSVM "
    "is read as a reduced-kernel SSVM (RSVC): the full-kernel SSVM on these sets does not fit "
    "in memory here. On adult the linear SSVM on LIBSVM's one-hot a9a encoding is nearly as "
    "accurate as the nonlinear one, so the gain claim fails there; the review's lower linear "
    "accuracy suggests another encoding of adult, which it does not state. Our nonlinear/linear "
    "time ratios (in the settings) are far below the review's; its implementation, reduced-set "
    "size and hardware are not stated. MRRSVM (4 shards on adult, 5 on shuttle, 200 reduced "
    "points each, fitted one after another in one process) is within 0.3 points of the "
    "nonlinear SSVM on both sets, as the review says, but less than twice as fast on either "
    "(medians, in the settings) against the review's 7.7x and 9.9x, so the speed claim "
    "fails: in memory its shards together see every training point, as the nonlinear SSVM does, "
    "with 200 reduced points per shard against 300."
)

EXPERIMENTS = by_name(
    Experiment(
        name=NAME,
        title="The comparison for linear SSVM, nonlinear SSVM, and MRRSVM for large datasets",
        source=f"{SOURCE}, Table 1, section 5",
        runner=_table_1,
        published=PUBLISHED,
        provenance=f"typed from {SOURCE}, Table 1, section 5",
        description=__doc__,
        seeded=True,
        timing_columns=(TIME,),
        marks=(),
        remarks=_REMARKS,
    ),
)
