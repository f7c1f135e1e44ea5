"""Goodrich (2012) Tables 6.1-6.3: radius-margin model selection with the Gaussian kernel.

Set-up (Goodrich (2012), section 6.3.8): the L2-loss SVM in its geometric form with the modified
kernel ``k = K + delta_ij / (2C)`` and the minimal enclosing ball (MEB) of the same ``k``, both
trained by SMO with the relative KKT stop (:class:`svmbook.model_selection.RadiusMarginMachine`);
``(gamma, C)`` chosen on the training split by the smallest radius-margin ratio ``R^2 / Delta^2``
over the 21 x 21 grid ``gamma, C in 2^-10, 2^-9, ..., 2^10`` (gamma outer, C inner), by
:func:`svmbook.model_selection.modelsel_grid` with

* ``"ε = 1e-3"`` and ``"ε = 1e-1"``: Cristianini, Campbell and Shawe-Taylor's seeding, every grid
  point trained to that relative KKT tolerance from its neighbour's solution;
* ``"adaptive"``: Algorithms 12 and 13, every machine capped at ``eps = 1e-3`` (the safeguards of
  docs/errata.md#goodrich-2012-alg-12-termination), started from the thesis's guess (``C`` = 1,
  ``gamma`` nearest ``1 / n_features``).

Table 6.1 is the SMO (SVM) iterations and Table 6.2 the MEB iterations, each averaged over the
441 grid points of a run (the adaptive method's include the steps spent on the incumbent and the
final training of the winner), then mean ± standard error over the runs; Table 6.3 is the test
error of the selected machine. Bold (Tables 6.1, 6.2) is the lowest mean of a row, as the thesis
prints it (its thyroid row of Table 6.2 is an exception, docs/errata.md#goodrich-2012-ch-6-appx);
Table 6.3 prints no marks. The nine Rätsch sets, realisations 1..10 (diabetes, splice, thyroid:
our seeded splits; splice z-scored; the others come scaled to zero mean and unit s.d.).

Decisions where the thesis is silent (section 6.3.8):

* A warm start copies the previous grid point of the same gamma row, a row's first point the
  previous row's first point (:func:`svmbook.model_selection.modelsel_grid`).
* Test error (Table 6.3): the L2-loss SVM at the selected ``(gamma, C)``, trained from the
  standard start to ``eps = 1e-3`` whichever method selected it, so that the three columns
  differ only by the parameters selected (the thesis traces its differences to them), classified
  by the geometric threshold (4.9), ``b = (w . p_pos + w . p_neg) / 2`` in the feature space of
  ``k`` (at the optimum of the hard-margin problem it is the KKT threshold too).
* A machine that reaches the cap of 100,000 SMO steps keeps its iterate (its ratio and its
  iterations count); the settings count such machines per method.

The thesis's text (section 6.3.8) says the adaptive method needs about 10x fewer iterations (SVM
and MEB) than Cristianini's at ``eps = 1e-1`` and at least 100x fewer than at ``1e-3``. Its own
Tables 6.1 and 6.2 give the first (summed over the nine sets) but not the second
(docs/errata.md#goodrich-2012-ch-6-appx): the settings print both totals' ratios, ours and the
printed tables', and the first is checked as a claim, with "SVM iterations dominate the cost in
all cases" (Table 6.2), "the adaptive method's test error equals that of Cristianini's at
``eps = 1e-3``" (Table 6.3; within 0.001, the printout's resolution, on every set) and "the
``eps = 1e-1`` increases on german and titanic are not statistically significant" (Table 6.3; a
paired t-test at 5 %). Table 6.3's settings count the runs in which each method selects the
``(gamma, C)`` of ``eps = 1e-3``.

``size="ci"``: heart and thyroid, two realisations, the whole grid.

The three tables share their runs within a process (:func:`selection_run` is cached), so the
elapsed time of the first one run is that of all three; ``svmbook reproduce`` runs one table per
process (all three together took 4.5 to 11.5 minutes at full size here, by the load).
"""

from __future__ import annotations

import warnings
from functools import cache

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..model_selection import RadiusMarginMachine, modelsel_grid
from . import Experiment, Result, mean_se, parse_table, significance_mark
from ._cells import MeanSE, published_rows
from ._common import _param_docs, by_name, error, load, make_kernel, run_table

#: Column -> (method of :func:`modelsel_grid`, relative KKT tolerance), in the thesis's order.
METHODS = {
    "ε = 1e-3": ("cristianini", 1e-3),
    "ε = 1e-1": ("cristianini", 1e-1),
    "adaptive": ("adaptive", 1e-3),
}
#: The grid of section 6.3.8: gamma and C in 2^-10 .. 2^10.
GRID = 2.0 ** np.arange(-10, 11)
#: The tolerance of the machine whose test error Table 6.3 reports.
TEST_EPS = 1e-3
#: The most SMO steps of one machine (standard and Cristianini) or comparison (adaptive).
MAX_ITER = 100_000
_N_RUNS = 10
_ADAPTIVE, _LOOSE, _TIGHT = "adaptive", "ε = 1e-1", "ε = 1e-3"
#: Table 6.1's extra columns: each Cristianini column over the adaptive one.
_RATIOS = (_TIGHT, _LOOSE)
#: The sets whose eps = 1e-1 increase the thesis calls not significant (section 6.3.8).
_NOT_SIGNIFICANT = ("german", "titanic")
_PROVENANCE = "Goodrich (2012), section 6.3.8, typed as printed"


def geometric_machine(machine):
    """Return an L2-loss SVM's decision function: coefficients and geometric threshold (4.9).

    ``f(x) = sum_i coef_i K(x_i, x)`` for a point that is not a training point (the ridge of
    ``k = K + I/(2C)`` acts on the training points only) and
    ``b = (w . p_pos + w . p_neg) / 2``, half of ``sum_i alpha_i f_k(x_i)`` with ``f_k`` the
    decision values under ``k``: at the optimum every support vector has
    ``y_i (f_k(x_i) - b) = ||w||^2 / 2``, the hard margin of ``k``.

    Parameters
    ----------
    machine : RadiusMarginMachine
        A (trained) machine.

    Returns
    -------
    coef : ndarray of shape (n_samples,)
        ``alpha_i y_i``.
    b : float
        The geometric threshold.
    """
    coef = machine.alpha * machine.y
    f_train = machine.K @ coef + coef / (2.0 * machine.C)
    return coef, 0.5 * float(machine.alpha @ f_train)


@_param_docs
def selected_error(dataset, realisation, gamma, C):
    """Test error of the L2-loss SVM at ``(gamma, C)`` with the geometric threshold (4.9).

    The machine is trained from the standard start to :data:`TEST_EPS`
    (:func:`geometric_machine`).

    Parameters
    ----------
    {dataset}
    {realisation}
    gamma : float
        The Gaussian kernel's parameter.
    {C}

    Returns
    -------
    float
        The fraction of misclassified test points.
    """
    X, y, X_test, y_test = load(dataset, realisation)
    kernel = make_kernel("rbf", gamma)
    coef, b = geometric_machine(RadiusMarginMachine(kernel(X, X), y, C).train(TEST_EPS, MAX_ITER))
    return error(y_test, kernel(X_test, X) @ coef, b)


@cache
@_param_docs
def selection_run(dataset, realisation):
    """Run the three selections of Tables 6.1-6.3 on one split.

    Cached: the three tables share their runs within a process.

    Parameters
    ----------
    {dataset}
    {realisation}

    Returns
    -------
    dict
        Column of :data:`METHODS` to a dict with ``svm`` and ``meb`` (SMO steps per grid point),
        ``error`` (test error at the selection), ``selected`` (``(log2 gamma, log2 C)``) and
        ``capped`` (machines or comparisons stopped at :data:`MAX_ITER`).
    """
    X, y, _, _ = load(dataset, realisation)
    out = {}
    for column, (method, eps) in METHODS.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            sel = modelsel_grid(
                X, y, params=GRID, Cs=GRID, method=method, eps=eps, max_iter=MAX_ITER
            )
        out[column] = {
            "svm": float(sel.n_svm_iter.mean()),
            "meb": float(sel.n_meb_iter.mean()),
            "error": selected_error(dataset, realisation, sel.param, sel.C),
            "selected": (int(np.log2(sel.param)), int(np.log2(sel.C))),
            "capped": sum(issubclass(w.category, ConvergenceWarning) for w in caught),
        }
    return out


def _bold_lowest(row):
    """Mark the lowest mean of a row bold (ties all bold), the rule of Tables 6.1 and 6.2."""
    best = min(row[c].mean for c in METHODS)
    for c in METHODS:
        if row[c].mean == best:
            row[c] = MeanSE(row[c].mean, row[c].se, "bold")


def _total_ratio(rows_svm, rows_meb, top):
    """Sum over the sets of SMO + MEB iterations per grid point: ``top`` over adaptive."""
    total = {c: sum(r[c] for r in rows_svm) + sum(r[c] for r in rows_meb) for c in (top, _ADAPTIVE)}
    return total[top] / total[_ADAPTIVE]


def _published_means(number):
    table = parse_table(published_rows(f"goodrich-table-{number}"), ("dataset", *METHODS))
    return {r["dataset"]: {c: r[c].mean for c in METHODS} for r in table}


def _iteration_settings(per_set, what):
    """Return Table 6.1's iteration ratios and 10x claim, or Table 6.2's cost claim.

    Table 6.1: the ratios of the total iterations (ours and the printed tables') and the claim
    of about 10x fewer than at ``eps = 1e-1``; Table 6.2: the claim that SMO iterations dominate.
    """
    svm = [{c: np.mean([p[c]["svm"] for p in runs]) for c in METHODS} for runs in per_set.values()]
    meb = [{c: np.mean([p[c]["meb"] for p in runs]) for c in METHODS} for runs in per_set.values()]
    if what == "meb":
        return {
            "claim: SMO iterations exceed MEB iterations on every set and method": all(
                s[c] > m[c] for s, m in zip(svm, meb, strict=True) for c in METHODS
            )
        }
    printed_svm, printed_meb = _published_means("6.1"), _published_means("6.2")
    theirs_svm = [printed_svm[d] for d in per_set]
    theirs_meb = [printed_meb[d] for d in per_set]
    info = {}
    for top in (_TIGHT, _LOOSE):
        label = f"iterations {top} / adaptive (SMO + MEB, sums over the sets)"
        info[f"{label}, ours"] = round(float(_total_ratio(svm, meb, top)), 1)
        info[f"{label}, printed tables"] = round(
            float(_total_ratio(theirs_svm, theirs_meb, top)), 1
        )
    info["claim: the adaptive method needs at least 10x fewer iterations than ε = 1e-1"] = bool(
        _total_ratio(svm, meb, _LOOSE) >= 10.0
    )
    return info


def _same_selection(runs, column):
    """``"k/n"``: the runs where ``column`` selects the ``(gamma, C)`` of ``eps = 1e-3``."""
    return f"{sum(p[column]['selected'] == p[_TIGHT]['selected'] for p in runs)}/{len(runs)}"


def _error_settings(per_set):
    """How often the selections agree, and Table 6.3's claims.

    The thesis says its ``eps = 1e-1`` increases on german and titanic are not significant: the
    claim is checked on those of the two that are run (a paired t-test at 5 %).
    """
    info, equal, significant = {}, True, []
    for d, runs in per_set.items():
        mean = {c: np.mean([p[c]["error"] for p in runs]) for c in METHODS}
        # within the printout's resolution, one unit of its third decimal
        equal &= bool(abs(mean[_ADAPTIVE] - mean[_TIGHT]) <= 0.001 + 1e-12)
        loose = [p[_LOOSE]["error"] for p in runs]
        if significance_mark(loose, [p[_TIGHT]["error"] for p in runs]) == "underline":
            significant.append(d)  # higher at p < 0.05, paired t-test
    for c in (_ADAPTIVE, _LOOSE):
        info[f"runs where {c} selects ε = 1e-3's (gamma, C)"] = {
            d: _same_selection(runs, c) for d, runs in per_set.items()
        }
    info["claim: the adaptive method's test error equals ε = 1e-3's on every set"] = equal
    named = [d for d in _NOT_SIGNIFICANT if d in per_set]
    if named:
        claim = f"claim: ε = 1e-1's higher error on {' and '.join(named)} is not significant"
        info[claim] = not any(d in significant for d in named)
    if significant:
        info["sets where ε = 1e-1's error is significantly higher (paired t-test, 5 %)"] = (
            significant
        )
    return info


def _runner(name, what):
    def one_split(dataset, realisation, _):
        return selection_run(dataset, realisation)

    def run(size, random_state, progress):
        runs, n_runs = run_table(size, _N_RUNS, (None,), one_split, name, progress)
        per_set = {d: per_run for (d, _), per_run in runs.items()}
        rows = []
        for d, per_run in per_set.items():
            row = {"dataset": d}
            for c in METHODS:
                row[c] = mean_se([p[c][what] for p in per_run])
            if what != "error":
                _bold_lowest(row)
            if what == "svm":
                for top in _RATIOS:
                    row[f"{top} / adaptive"] = round(row[top].mean / row[_ADAPTIVE].mean, 1)
            rows.append(row)
        info = {
            "kernel": "rbf",
            "grid": "gamma, C in 2^-10 .. 2^10 (21 x 21)",
            "n_runs": n_runs,
            "max_iter": MAX_ITER,
            "machines or comparisons stopped at max_iter": {
                c: sum(p[c]["capped"] for per_run in per_set.values() for p in per_run)
                for c in METHODS
            },
        }
        if what == "error":
            info.update(_error_settings(per_set))
        else:
            info.update(_iteration_settings(per_set, what))
        extra = tuple(f"{top} / adaptive" for top in _RATIOS) if what == "svm" else ()
        columns = (*METHODS, *extra)
        return Result(name, ("dataset",), columns, rows, info)

    return run


def _experiment(number, title, what, marks, remarks):
    name = f"goodrich-table-{number}"
    return Experiment(
        name=name,
        title=title,
        source=f"Goodrich (2012), Table {number}, section 6.3.8",
        runner=_runner(name, what),
        published=parse_table(published_rows(name), ("dataset", *METHODS)),
        provenance=_PROVENANCE,
        description=__doc__,
        marks=marks,
        remarks=remarks,
    )


#: The report's explanations of the discrepancies (no number the printout does not show).
_SVM_REMARK = (
    "The adaptive method needs the fewest SMO iterations on every set, as printed, and its "
    "reduction against Cristianini's at ε = 1e-3, summed over the sets, is close to the one the "
    "thesis's tables give. Against ε = 1e-1 ours is smaller than the text's 10x: our loose "
    "runs take fewer steps on most sets (a warm start that already meets the tolerance takes none) and our "
    "adaptive runs take more on banana, image and splice. The counts depend on which solution seeds a "
    "grid point and on how ties between pairs are broken, neither of which the thesis gives."
)
_MEB_REMARK = (
    "At ε = 1e-1 our balls take less than one step per grid point: a warm-started ball that "
    "already meets the tolerance takes none. The thesis's counts never fall below one (splice: "
    "one per grid point), as if its loop stepped every ball once before "
    "testing it. Both sides have their lowest count at ε = 1e-1 on every set."
)
_ERROR_REMARK = (
    "Every cell agrees: the adaptive method selects the (gamma, C) of Cristianini's at "
    "ε = 1e-3 in every run, so their errors are the same. The loose tolerance selects other "
    "points in some runs; on german the higher error that follows is significant in our runs "
    "(a paired t-test), where the thesis calls its increase there not significant."
)


_EACH = "for each parameter selection technique. The Gaussian kernel is used"
EXPERIMENTS = by_name(
    _experiment(
        "6.1", f"Average number of SMO iterations required {_EACH}", "svm", ("bold",), _SVM_REMARK
    ),
    _experiment(
        "6.2", f"Average number of MEB iterations required {_EACH}", "meb", ("bold",), _MEB_REMARK
    ),
    _experiment("6.3", f"Average test errors {_EACH}", "error", (), _ERROR_REMARK),
)
