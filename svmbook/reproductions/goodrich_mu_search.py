"""Goodrich (2012) Tables 6.8-6.11: parameter search over mu against the search over C.

Set-up (Goodrich (2012), section 6.4.4): L1-loss SVMs with the Gaussian kernel, 21 values
``gamma in 2^-10, ..., 2^10`` (those of section 6.3.8; section 6.4.4 gives 21 values without
restating them). For each gamma

* the C search fits a C-SVM (:class:`svmbook.SVC`, LIBSVM's SMO, tolerance 1e-3) at every
  ``C in 2^-10, ..., 2^10``, in ascending C, each fit warm-started from the previous one
  (:func:`svmbook.model_selection.fit_path`): 441 machines per run;
* the mu search (:func:`svmbook.model_selection.mu_search`) fits a mu-SVM
  (:class:`svmbook.MuSVC`, the SMO core with Goodrich's relative KKT stop, tolerance 1e-3) at
  ``mu = 1/(m-2)`` and onwards linearly in ``1/mu`` (section 6.4.2, ``n_steps = 20``), and stops
  at the first mu whose hulls intersect: the fit finds no distance left between them, or
  ``||w||`` falls below ``1e-5`` of the first machine's of that gamma (the thesis's absolute
  ``||w|| < 1e-5`` read relative to the kernel's scale, as :func:`mu_search` does), or, unscored,
  the fit has no positive margin or stopped at the SMO core's step cap (:func:`mu_search`'s
  default; the thesis assumes an exact solver, docs/errata.md#goodrich-2012-mu-search-stop).

Every machine is scored by GACV ((6.2) for a C-SVM, (6.8) for a mu-SVM,
:func:`svmbook.model_selection.gacv`), by Joachims' xi-alpha ((6.9) for a mu-SVM,
:func:`svmbook.model_selection.xi_alpha`) and by its error on the test split. Table 6.8 is the
test error of the machine with the lowest GACV over a search, Table 6.9 that of the lowest
xi-alpha, Table 6.10 the lowest test error over the whole search (which measures the search
space, not a selection), and Table 6.11 the number of SVMs each search trains; mean ± standard
error over the runs. The four tables read one computation per split (:func:`search_run`,
cached). The nine Rätsch sets, realisations 1..10 (diabetes, splice, thyroid: our seeded
splits; splice z-scored; the others come scaled to zero mean and unit s.d.).

Bold (Tables 6.8-6.10) is the lower of the two means as printed, with no test behind it (the
thesis: none of the differences is significant by a paired t-test); we bold the lower of our
means at the printout's three decimals, none on a tie, and check the thesis's claim that no
difference is significant with the same paired t-test at 5 %.

Decisions where the thesis is silent:

* Machines per gamma in the mu search: at most 20, the schedule's first 20 values. The printed
  example of the schedule has 21 values ending at ``mu = 1``, but the text says "at most 20 SVMs"
  and Table 6.11's splice, where no hulls intersect, prints 420.0 ± 0.0 = 21 x 20
  (docs/errata.md#goodrich-2012-mu-search-count). A schedule that reaches 1 in fewer steps (a
  small class of fewer than about 60 points) keeps its ``mu = 1``.
* Counting (Table 6.11): every machine fitted counts, the one that finds the hulls intersecting
  included; the C search always counts 441.
* Thresholds: the KKT threshold of each machine (LIBSVM's for the C-SVM, (4.8) for the mu-SVM).
* xi-alpha's ``R_Delta^2``: ``max_{i,j} K(x_i, x_i) - K(x_i, x_j)`` over the training split, the
  smallest valid bound (:func:`svmbook.model_selection.r_delta_sq`), one per gamma. Where a
  class has no free support vector (reduced to its centroid: the C search's small C) the
  estimate is not defined (section 6.4.1); it is computed with the machine's threshold, as the
  thesis's search must have, and the settings count such machines.
* Ties of an estimate (xi-alpha is a count, so ties are common) go to the first machine in
  search order: the smallest gamma, then the smallest C or mu.

``size="full"``: the nine sets, realisations 1..10, the thesis's 10 runs (the saved results
took 35 minutes in one process, the elapsed time Table 6.8 prints).
``size="ci"``: heart and thyroid, two realisations, the whole grid. The four tables share their
splits within a process (:func:`search_run` is cached), so ``svmbook reproduce`` computes them
for the first table it runs, and the other three print an elapsed time of 0.
"""

from __future__ import annotations

import warnings
from functools import cache

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..model_selection import fit_path, gacv, mu_schedule, mu_search, r_delta_sq, xi_alpha
from ..svm import SVC, MuSVC
from . import Experiment, Result, mean_se, parse_table, significance_mark
from ._cells import MeanSE, published_rows
from ._common import _param_docs, by_name, load, make_kernel, run_table
from .goodrich_model_selection import GRID

#: The two searches, in the tables' column order.
SIDES = ("C-SVM", "μ-SVM")
#: The steps of the mu schedule over ``m``, and the most mu-SVMs per gamma (section 6.4.2).
N_STEPS = 20
#: The relative ``||w||`` that ends a gamma's mu sequence (:func:`mu_search`).
W_TOL = 1e-5
#: Both solvers' stopping tolerance.
TOL = 1e-3
#: What each table reads from a run: the test error at a selection, or the count.
_WHAT = {"6.8": "gacv", "6.9": "xi-alpha", "6.10": "min", "6.11": "trained"}
#: A selection (a key of :func:`search_run`'s sides) -> the score it minimises over a search.
_CRITERIA = {"gacv": "gacv", "xi-alpha": "xi-alpha", "min": "test"}
#: Realisations per set at full size: the thesis's 10 runs take about 80 minutes on one core
#: here (image and splice about 3 minutes a split), so the full size runs the first 5.
_N_RUNS = 10
_PROVENANCE = "Goodrich (2012), section 6.4.4, typed as printed"
_NOT_DEFINED = "no free support vector"


def _test_error(K_test, y_test):
    """``score(model, K, y)``: the fitted model's error on the test split (Gram rows ``K_test``)."""
    return lambda model, K, y: float(np.mean(model.predict(K_test) != y_test))


def _xi_alpha(r2):
    """``score(model, K, y)``: xi-alpha with the bound ``R_Delta^2 = r2``."""
    return lambda model, K, y: xi_alpha(model, K, y, r_delta_sq=r2)


def _c_search(gamma, K, y, test_error):
    """Score the C-SVMs of one gamma (Gram matrix ``K``), ascending C, warm-started.

    Return the rows and the gamma's ``R_Delta^2``.
    """
    rows, r2 = [], None
    path = fit_path(SVC(kernel="precomputed", tol=TOL), [{"C": float(C)} for C in GRID], K, y)
    for model, _ in path:
        r2 = r_delta_sq(model, K) if r2 is None else r2
        rows.append({
            "gamma": float(gamma), "C": model.C, "gacv": gacv(model, K, y),
            "xi-alpha": _xi_alpha(r2)(model, K, y), "test": test_error(model, K, y),
        })  # fmt: skip
    return rows, r2


def _select(rows, score):
    """Return the row with the lowest ``score``, the first in search order on ties."""
    scored = [r for r in rows if np.isfinite(r[score])]
    return min(scored, key=lambda r: r[score])


@cache
@_param_docs
def search_run(dataset, realisation):
    """Run both searches of Tables 6.8-6.11 on one split, scoring every machine three ways.

    Cached: the four tables share their runs within a process.

    Parameters
    ----------
    {dataset}
    {realisation}

    Returns
    -------
    dict
        Each of :data:`SIDES` to a dict with ``gacv`` and ``xi-alpha`` (the test error of the
        machine each estimate selects), ``min`` (the lowest test error of the search),
        ``selected`` (each of the three to its machine's ``(gamma, C)`` or ``(gamma, mu)``),
        ``trained`` (machines fitted), ``undefined`` (machines whose xi-alpha is not defined: a
        class without a free support vector) and ``capped`` (fits stopped at a solver's step
        cap).
    """
    X, y, X_test, y_test = load(dataset, realisation)
    schedule = mu_schedule(y, N_STEPS)[:N_STEPS]
    rows = {side: [] for side in SIDES}
    caught = {side: [] for side in SIDES}
    for gamma in GRID:
        kernel = make_kernel("rbf", gamma)
        K = kernel(X, X)
        test_error = _test_error(kernel(X_test, X), y_test)
        (c_rows, r2), c_warnings = _recording(_c_search, gamma, K, y, test_error)
        mu_res, mu_warnings = _recording(
            mu_search, K, y, gammas=[gamma], criterion=gacv, schedule=schedule, w_tol=W_TOL,
            estimator=MuSVC(kernel="precomputed", solver="smo", tol=TOL),
            scores={"xi-alpha": _xi_alpha(r2), "test": test_error},
        )  # fmt: skip
        rows["C-SVM"] += c_rows
        rows["μ-SVM"] += [{**r, "gacv": r["score"]} for r in mu_res.rows]
        caught["C-SVM"] += c_warnings
        caught["μ-SVM"] += mu_warnings
    out = {}
    for side, param in zip(SIDES, ("C", "mu"), strict=True):
        chosen = {what: _select(rows[side], score) for what, score in _CRITERIA.items()}
        out[side] = {
            **{what: row["test"] for what, row in chosen.items()},
            "selected": {what: (row["gamma"], row[param]) for what, row in chosen.items()},
            "trained": len(rows[side]),
            "undefined": sum(_NOT_DEFINED in str(w.message) for w in caught[side]),
            "capped": sum(issubclass(w.category, ConvergenceWarning) for w in caught[side]),
        }
    return out


def _recording(function, *args, **kwargs):
    """Call ``function`` and return its value with the warnings it raised (recorded, not shown)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function(*args, **kwargs)
    return value, caught


def _bold_lower(row):
    """Bold the lower of the two means at three decimals, none on a tie (Tables 6.8-6.10)."""
    a, b = (round(row[side].mean, 3) for side in SIDES)
    if a != b:
        side = SIDES[0] if a < b else SIDES[1]
        row[side] = MeanSE(row[side].mean, row[side].se, "bold")


def _error_claim(per_set, what):
    """Check the thesis's claim that no C/mu difference is significant (paired t, 5 %)."""
    significant = [
        d
        for d, runs in per_set.items()
        if significance_mark([p["μ-SVM"][what] for p in runs], [p["C-SVM"][what] for p in runs])
    ]
    info = {"claim: no difference between the C and μ searches is significant": not significant}
    if significant:
        info["sets with a significant difference (paired t-test, 5 %)"] = significant
    return info


def _count_claim(per_set):
    """Table 6.11's C side: the search trains the whole grid, 441 SVMs, in every run."""
    grid = GRID.size * GRID.size
    return {
        f"claim: the C search trains {grid} SVMs in every run": all(
            p["C-SVM"]["trained"] == grid for runs in per_set.values() for p in runs
        )
    }


def _runner(name, what):
    def one_split(dataset, realisation, _):
        return search_run(dataset, realisation)

    def run(size, random_state, progress):
        runs, n_runs = run_table(size, _N_RUNS, (None,), one_split, name, progress)
        per_set = {d: per_run for (d, _), per_run in runs.items()}
        rows = []
        for d, per_run in per_set.items():
            row = {"dataset": d}
            for side in SIDES:
                row[side] = mean_se([p[side][what] for p in per_run])
            if what == "trained":
                # the C search's count is the grid's, the same number in every run
                row["C-SVM"] = int(row["C-SVM"].mean) if row["C-SVM"].se == 0 else row["C-SVM"]
            else:
                _bold_lower(row)
            rows.append(row)
        info = {
            "kernel": "rbf",
            "grid": "gamma, C in 2^-10 .. 2^10 (21 x 21); mu: the first 20 of the schedule",
            "n_runs": n_runs,
            "tol": TOL,
            "w_tol (relative)": W_TOL,
            "machines whose xi-alpha is not defined (no free support vector)": {
                side: sum(p[side]["undefined"] for runs in per_set.values() for p in runs)
                for side in SIDES
            },
            "fits stopped at a solver's step cap": {
                side: sum(p[side]["capped"] for runs in per_set.values() for p in runs)
                for side in SIDES
            },
        }
        info.update(_count_claim(per_set) if what == "trained" else _error_claim(per_set, what))
        return Result(name, ("dataset",), SIDES, rows, info)

    return run


def _experiment(number, title, remarks):
    name = f"goodrich-table-{number}"
    return Experiment(
        name=name,
        title=title,
        source=f"Goodrich (2012), Table {number}, section 6.4.4",
        runner=_runner(name, _WHAT[number]),
        published=parse_table(published_rows(name), ("dataset", *SIDES)),
        provenance=_PROVENANCE,
        description=__doc__,
        marks=() if number == "6.11" else ("bold",),
        remarks=remarks,
    )


#: The report's explanations of the discrepancies (no number the printout does not show).
_GACV_REMARK = (
    "All cells but two agree: by GACV our C search selects worse machines on german and our mu "
    "search on splice. Over our ten runs the paired test finds the C/mu difference significant "
    "on german, image and splice, where the thesis calls no difference significant; bold marks "
    "only the lower mean, so with differences this small many marks follow the runs' noise."
)
_XI_REMARK = (
    "All cells but one agree: on titanic our C search's xi-alpha choice has a higher mean test "
    "error than the thesis's (xi-alpha is a count, so it ties often, and ties go to the smallest "
    "gamma). Over our ten runs the paired test finds the C/mu difference significant on german "
    "only, where the thesis calls no difference significant. Bold marks only the lower mean and "
    "mostly differ from the thesis's."
)
_MIN_REMARK = (
    "Every cell agrees: the two search spaces hold equally good machines, as the thesis finds. "
    "The paired test calls the small differences on banana, image and splice significant over "
    "our ten runs."
)
_COUNT_REMARK = (
    "The C search trains the whole grid in every run. Our mu search stops early less often than "
    "the thesis's on every set but splice, where neither stops: ours stops where the solver finds "
    "no distance left between the hulls or where the norm of w falls below its tolerance relative "
    "to the first machine, and on heart (first split) that norm stays far above the thesis's "
    "absolute threshold at every gamma; the thesis does not state the scale of its w, so its "
    "stops cannot be reconstructed."
)

EXPERIMENTS = by_name(
    _experiment("6.8", "GACV parameter selection with μ and C-SVMs", _GACV_REMARK),
    _experiment("6.9", "XiAlpha parameter selection with μ and C-SVMs", _XI_REMARK),
    _experiment("6.10", "Minimum test error across entire search", _MIN_REMARK),
    _experiment("6.11", "Number of SVMs trained", _COUNT_REMARK),
)
