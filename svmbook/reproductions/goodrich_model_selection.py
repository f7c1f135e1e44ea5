"""Goodrich (2012) Tables 6.1-6.3: radius-margin model selection with the Gaussian kernel.

Set-up (Goodrich (2012), section 6.3.8): the L2-loss SVM in its geometric form with the modified
kernel ``k = K + delta_ij / (2C)`` and the minimal enclosing ball (MEB) of the same ``k``, both
trained by SMO with the relative KKT stop (:class:`svmbook.model_selection.RadiusMarginMachine`);
``(gamma, C)`` chosen on the training split by the smallest radius-margin ratio ``R^2 / Delta^2``
over the 21 x 21 grid ``gamma, C in 2^-10, 2^-9, ..., 2^10`` (gamma outer, C inner), by
:func:`svmbook.model_selection.modelsel_grid` with

* ``"ε = 1e-3"`` and ``"ε = 1e-1"``: Cristianini, Campbell and Shawe-Taylor's seeding, every grid
  point trained to that relative KKT tolerance from its neighbour's solution;
* ``"adaptive"``: Algorithms 12 and 13, every machine capped at ``tol = 1e-3`` (the safeguards of
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
  standard start to ``tol = 1e-3`` whichever method selected it, so that the three columns
  differ only by the parameters selected (the thesis traces its differences to them), classified
  by the geometric threshold (4.9), ``b = (w . p_pos + w . p_neg) / 2`` in the feature space of
  ``k`` (at the optimum of the hard-margin problem it is the KKT threshold too).
* A machine of the grid that reaches the cap of 100,000 SMO steps keeps its iterate (its ratio
  and its iterations count); the settings count such machines per method. The machine of a test
  error, one per selection, may take up to 10^7 steps: at the large C that the SV bound of Table
  6.7 selects, 100,000 steps leave it far from its optimum (banana 2, q = 6, C = 2^10: test error
  0.21 after 100,000 steps, 0.12 at the tolerance); the settings count those that reach it.

The thesis's text (section 6.3.8) says the adaptive method needs about 10x fewer iterations (SVM
and MEB) than Cristianini's at ``tol = 1e-1`` and at least 100x fewer than at ``1e-3``. Its own
Tables 6.1 and 6.2 give the first (summed over the nine sets) but not the second
(docs/errata.md#goodrich-2012-ch-6-appx): the settings print both totals' ratios, ours and the
printed tables', and the first is checked as a claim, with "SVM iterations dominate the cost in
all cases" (Table 6.2), "the adaptive method's test error equals that of Cristianini's at
``tol = 1e-3``" (Table 6.3; within 0.001, the printout's resolution, on every set) and "the
``tol = 1e-1`` increases on german and titanic are not statistically significant" (Table 6.3; a
paired t-test at 5 %). Table 6.3's settings count the runs in which each method selects the
``(gamma, C)`` of ``tol = 1e-3``.

``size="ci"``: heart and thyroid, two realisations, the whole grid.

The three tables share their runs within a process (:func:`selection_run` is cached), so the
elapsed time of the first one run is that of all three; ``svmbook reproduce`` runs one table per
process (all three together took 4.5 to 20 minutes at full size here, by the load).

The runs and the tables take the kernel as a parameter: the polynomial Tables 6.4-6.7 are
declared in :mod:`svmbook.reproductions.goodrich_model_selection_poly` from the same pieces.
"""

from __future__ import annotations

import warnings
from functools import cache

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..model_selection import RadiusMarginMachine, bound_choice, grid_kernel, modelsel_grid
from . import Experiment, Result, mean_se, parse_table, significance_mark
from ._cells import MeanSE, published_rows
from ._common import _param_docs, by_name, error, load, run_table

#: Column -> (method of :func:`modelsel_grid`, relative KKT tolerance), in the thesis's order.
METHODS = {
    "ε = 1e-3": ("cristianini", 1e-3),
    "ε = 1e-1": ("cristianini", 1e-1),
    "adaptive": ("adaptive", 1e-3),
}
#: The grid of section 6.3.8: gamma and C in 2^-10 .. 2^10.
GRID = 2.0 ** np.arange(-10, 11)
#: The polynomial kernel's degrees (section 6.3.8), with the same C grid.
DEGREES = np.arange(2, 9)
#: Kernel -> (outer grid, its description, the numbers of its SMO, MEB and test-error tables).
KERNELS = {
    "rbf": (GRID, "gamma, C in 2^-10 .. 2^10 (21 x 21)", ("6.1", "6.2", "6.3")),
    "poly": (DEGREES, "q in 2 .. 8, C in 2^-10 .. 2^10 (7 x 21)", ("6.4", "6.5", "6.6")),
}
#: The tolerance of the machine whose test error Table 6.3 reports.
TEST_TOL = 1e-3
#: The most SMO steps of one machine (standard and Cristianini) or comparison (adaptive).
MAX_ITER = 100_000
#: The most SMO steps of the machine whose test error is reported (one per selection).
TEST_MAX_ITER = 10_000_000
_N_RUNS = 10
_ADAPTIVE, _LOOSE, _TIGHT = "adaptive", "ε = 1e-1", "ε = 1e-3"
#: Table 6.1's extra columns: each Cristianini column over the adaptive one.
_RATIOS = (_TIGHT, _LOOSE)
#: The sets whose tol = 1e-1 increase the thesis calls not significant (section 6.3.8).
_NOT_SIGNIFICANT = ("german", "titanic")
_PROVENANCE = "Goodrich (2012), section 6.3.8, typed as printed"


def geometric_machine(machine):
    """Return an L2-loss SVM's decision function: coefficients and geometric offset (4.9).

    ``f(x) = sum_i coef_i K(x_i, x) + b`` for a point that is not a training point, with ``b``
    the machine's :attr:`~svmbook.model_selection.RadiusMarginMachine.threshold` (the
    machine's own ``decision_function`` computes the same from a kernel block).

    Parameters
    ----------
    machine : RadiusMarginMachine
        A (trained) machine.

    Returns
    -------
    coef : ndarray of shape (n_samples,)
        ``alpha_i y_i``.
    b : float
        The geometric offset (added).
    """
    return machine.alpha * machine.y, machine.threshold


@_param_docs
def selected_error(dataset, realisation, kernel, param, C):
    """Test error of the L2-loss SVM at ``(param, C)`` with the geometric threshold (4.9).

    The machine is trained from the standard start to :data:`TEST_TOL`, at most
    :data:`TEST_MAX_ITER` steps (:func:`geometric_machine`).

    Parameters
    ----------
    {dataset}
    {realisation}
    kernel : {"rbf", "poly"}
        The kernel of :func:`svmbook.model_selection.grid_kernel`.
    param : float
        Its parameter: gamma, or the degree q.
    {C}

    Returns
    -------
    float
        The fraction of misclassified test points.
    """
    X, y, X_test, y_test = load(dataset, realisation)
    k = grid_kernel(X, kernel, param)
    machine = RadiusMarginMachine(k(X, X), y, C).train(TEST_TOL, TEST_MAX_ITER)
    coef, b = geometric_machine(machine)
    return error(y_test, k(X_test, X) @ coef, b)


@cache
@_param_docs
def selection_run(dataset, realisation, kernel="rbf"):
    """Run the three selections of Tables 6.1-6.3 (``"rbf"``) or 6.4-6.7 (``"poly"``) on a split.

    Cached: the tables of a kernel share their runs within a process.

    Parameters
    ----------
    {dataset}
    {realisation}
    kernel : {"rbf", "poly"}, default="rbf"
        The Gaussian or the tau-scaled polynomial kernel (a key of :data:`KERNELS`).

    Returns
    -------
    dict
        Column of :data:`METHODS` to a dict with ``svm`` and ``meb`` (SMO steps per grid point),
        ``error`` (test error at the selection), ``selected`` (``(log2 gamma, log2 C)`` or
        ``(q, log2 C)``), ``capped`` (machines or comparisons stopped at :data:`MAX_ITER`) and
        ``test_capped`` (1 if the machine of the test error was); and ``"bounds"`` to the test
        errors at the selections of the SV bound (``sv``), the smaller bound (``min``) and the
        radius-margin bound (``rm``) over the ``tol = 1e-3`` grid
        (:func:`svmbook.model_selection.bound_choice`), with ``sv_wins`` (whether the SV bound's
        minimum is the smaller) and ``test_capped`` (for the SV bound's machine).
    """
    X, y, _, _ = load(dataset, realisation)
    params = KERNELS[kernel][0]
    out = {}
    for column, (method, tol) in METHODS.items():
        sel, capped = _counting_caps(
            modelsel_grid,
            X,
            y,
            kernel=kernel,
            params=params,
            Cs=GRID,
            method=method,
            tol=tol,
            max_iter=MAX_ITER,
        )
        err, test_capped = _counting_caps(
            selected_error, dataset, realisation, kernel, sel.param, sel.C
        )
        param = sel.param if kernel == "poly" else np.log2(sel.param)
        out[column] = {
            "svm": float(sel.n_svm_iter.mean()),
            "meb": float(sel.n_meb_iter.mean()),
            "error": err,
            "selected": (int(param), int(np.log2(sel.C))),
            "capped": capped,
            "test_capped": test_capped,
        }
        if column == _TIGHT:
            # min(SV, RM) selects one of the other two points: two errors cover the three rules
            choice = bound_choice(sel)
            at, sv_capped = {choice.rm: err}, test_capped
            if choice.sv not in at:
                i, j = choice.sv
                at[choice.sv], sv_capped = _counting_caps(
                    selected_error, dataset, realisation, kernel, params[i], GRID[j]
                )
            out["bounds"] = {
                **{rule: at[choice.index(rule)] for rule in ("sv", "min", "rm")},
                "sv_wins": choice.min == choice.sv,
                "test_capped": sv_capped,
            }
    return out


def _counting_caps(func, *args, **kwargs):
    """Call ``func`` and count the ``ConvergenceWarning`` s of machines stopped at the cap."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        value = func(*args, **kwargs)
    return value, sum(issubclass(w.category, ConvergenceWarning) for w in caught)


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


def published_means(number):
    """Return the printed means of one of Tables 6.1-6.6, by set and method.

    Parameters
    ----------
    number : str
        The table's number, ``"6.1"``.

    Returns
    -------
    dict
        Set to ``{column of METHODS: mean}``.
    """
    table = parse_table(published_rows(f"goodrich-table-{number}"), ("dataset", *METHODS))
    return {r["dataset"]: {c: r[c].mean for c in METHODS} for r in table}


def _mean_iterations(per_set, what):
    """Per set, each column's mean SMO (``"svm"``) or MEB (``"meb"``) steps per grid point."""
    return [{c: np.mean([p[c][what] for p in runs]) for c in METHODS} for runs in per_set.values()]


def iteration_settings(per_set, kernel, fewer):
    """Return the ratios of the total iterations, ours and the printed tables', and the claims.

    Parameters
    ----------
    per_set : dict
        Set to its runs of :func:`selection_run`.
    kernel : {"rbf", "poly"}
        The kernel, whose printed SMO and MEB tables give the printed ratios.
    fewer : dict
        Column to the factor the thesis claims: the adaptive method's total iterations (SMO +
        MEB, summed over the sets) at least that many times fewer than the column's.

    Returns
    -------
    dict
        The ratios against ``tol = 1e-3`` and ``tol = 1e-1`` and one ``"claim: ..."`` per factor.
    """
    svm, meb = _mean_iterations(per_set, "svm"), _mean_iterations(per_set, "meb")
    number_svm, number_meb, _ = KERNELS[kernel][2]
    printed_svm, printed_meb = published_means(number_svm), published_means(number_meb)
    theirs_svm = [printed_svm[d] for d in per_set]
    theirs_meb = [printed_meb[d] for d in per_set]
    info = {}
    for top in (_TIGHT, _LOOSE):
        label = f"iterations {top} / adaptive (SMO + MEB, sums over the sets)"
        info[f"{label}, ours"] = round(float(_total_ratio(svm, meb, top)), 1)
        info[f"{label}, printed tables"] = round(
            float(_total_ratio(theirs_svm, theirs_meb, top)), 1
        )
    for top, factor in fewer.items():
        claim = f"claim: the adaptive method needs at least {factor}x fewer iterations than {top}"
        info[claim] = bool(_total_ratio(svm, meb, top) >= factor)
    return info


def cost_settings(per_set):
    """Return the claim of the MEB tables that SMO iterations dominate the cost.

    Parameters
    ----------
    per_set : dict
        Set to its runs of :func:`selection_run`.

    Returns
    -------
    dict
        The claim.
    """
    svm, meb = _mean_iterations(per_set, "svm"), _mean_iterations(per_set, "meb")
    return {
        "claim: SMO iterations exceed MEB iterations on every set and method": all(
            s[c] > m[c] for s, m in zip(svm, meb, strict=True) for c in METHODS
        )
    }


def _same_selection(runs, column):
    """``"k/n"``: the runs where ``column`` selects the grid point of ``tol = 1e-3``."""
    return f"{sum(p[column]['selected'] == p[_TIGHT]['selected'] for p in runs)}/{len(runs)}"


def selection_settings(per_set, kernel):
    """Count, per set, the runs where each other method selects ``tol = 1e-3``'s grid point.

    Parameters
    ----------
    per_set : dict
        Set to its runs of :func:`selection_run`.
    kernel : {"rbf", "poly"}
        The kernel, naming its parameter.

    Returns
    -------
    dict
        One ``{set: "k/n"}`` per method.
    """
    point = "(gamma, C)" if kernel == "rbf" else "(q, C)"
    return {
        f"runs where {c} selects ε = 1e-3's {point}": {
            d: _same_selection(runs, c) for d, runs in per_set.items()
        }
        for c in (_ADAPTIVE, _LOOSE)
    }


def _gaussian_error_settings(per_set):
    """Table 6.3's claims.

    The thesis says its ``tol = 1e-1`` increases on german and titanic are not significant: the
    claim is checked on those of the two that are run (a paired t-test at 5 %).
    """
    info, equal, significant = selection_settings(per_set, "rbf"), True, []
    for d, runs in per_set.items():
        mean = {c: np.mean([p[c]["error"] for p in runs]) for c in METHODS}
        # within the printout's resolution, one unit of its third decimal
        equal &= bool(abs(mean[_ADAPTIVE] - mean[_TIGHT]) <= 0.001 + 1e-12)
        loose = [p[_LOOSE]["error"] for p in runs]
        if significance_mark(loose, [p[_TIGHT]["error"] for p in runs]) == "underline":
            significant.append(d)  # higher at p < 0.05, paired t-test
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


@_param_docs
def selection_runs(size, kernel, name, progress):
    """Run :func:`selection_run` over the sets and realisations of a size.

    Parameters
    ----------
    size : {"full", "ci"}
        The run's size (:func:`svmbook.reproductions._common.run_table`).
    kernel : {"rbf", "poly"}
        The kernel.
    {progress}

    Returns
    -------
    per_set : dict
        Set to its runs, in the table's order.
    settings : dict
        The kernel, the grid, the runs asked for, :data:`MAX_ITER` and the machines or
        comparisons stopped at it per method.
    """

    def one_split(dataset, realisation, _):
        return selection_run(dataset, realisation, kernel)

    runs, n_runs = run_table(size, _N_RUNS, (None,), one_split, name, progress)
    per_set = {d: per_run for (d, _), per_run in runs.items()}
    settings = {
        "kernel": kernel,
        "grid": KERNELS[kernel][1],
        "n_runs": n_runs,
        "max_iter": MAX_ITER,
        "machines or comparisons stopped at max_iter": {
            c: sum(p[c]["capped"] for per_run in per_set.values() for p in per_run) for c in METHODS
        },
        "test-error machines stopped at 10^7 steps (their iterate kept)": {
            c: sum(p[c]["test_capped"] for per_run in per_set.values() for p in per_run)
            for c in (*METHODS, "bounds")
        },
    }
    return per_set, settings


def table_runner(number, what, kernel, settings):
    """Return the runner of one of Tables 6.1-6.6: a column per method, a row per set.

    Parameters
    ----------
    number : str
        The table's number, ``"6.1"``.
    what : {"svm", "meb", "error"}
        The cells: SMO or MEB steps per grid point (the lowest mean of a row bold), or the test
        error at the selection; the SMO table also gets each Cristianini column's ratio to the
        adaptive one.
    kernel : {"rbf", "poly"}
        The kernel.
    settings : callable
        ``settings(per_set) -> dict``: the table's extra settings and ``"claim: ..."`` checks.

    Returns
    -------
    callable
        ``run(size, random_state, progress) -> Result``.
    """
    name = f"goodrich-table-{number}"

    def run(size, random_state, progress):
        per_set, info = selection_runs(size, kernel, name, progress)
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
        info.update(settings(per_set))
        extra = tuple(f"{top} / adaptive" for top in _RATIOS) if what == "svm" else ()
        columns = (*METHODS, *extra)
        return Result(name, ("dataset",), columns, rows, info)

    return run


def table_experiment(number, title, runner, *, columns=tuple(METHODS), marks, remarks, description):
    """Declare one of Tables 6.1-6.7, a row per set.

    Parameters
    ----------
    number : str
        The table's number, ``"6.1"``.
    title : str
        Its caption.
    runner : callable
        ``runner(size, random_state, progress) -> Result`` (:func:`table_runner`).
    columns : tuple of str, default=tuple(METHODS)
        The printed columns after the set's name.
    marks : tuple of str
        The printed marks we mark by the same rule.
    remarks : str
        The report's explanation of the discrepancies.
    description : str
        The set-up and decisions.

    Returns
    -------
    Experiment
        ``goodrich-table-<number>``.
    """
    name = f"goodrich-table-{number}"
    return Experiment(
        name=name,
        title=title,
        source=f"Goodrich (2012), Table {number}, section 6.3.8",
        runner=runner,
        published=parse_table(published_rows(name), ("dataset", *columns)),
        provenance=_PROVENANCE,
        description=description,
        marks=marks,
        remarks=remarks,
    )


#: The three tables of a kernel: the cells of :func:`table_runner`, the caption's head, the marks.
_KINDS = (
    ("svm", "Average number of SMO iterations required", ("bold",)),
    ("meb", "Average number of MEB iterations required", ("bold",)),
    ("error", "Average test errors", ()),
)
_KERNEL_NAMES = {"rbf": "Gaussian", "poly": "polynomial"}


def kernel_tables(kernel, settings, remarks, description):
    """Declare the SMO, MEB and test-error tables of a kernel: Tables 6.1-6.3 or 6.4-6.6.

    Parameters
    ----------
    kernel : {"rbf", "poly"}
        The kernel.
    settings : tuple of callable
        Each table's ``settings(per_set) -> dict`` (:func:`table_runner`).
    remarks : tuple of str
        Each table's explanation of the discrepancies.
    description : str
        The set-up and decisions.

    Returns
    -------
    tuple of Experiment
        The three tables.
    """
    tail = f"for each parameter selection technique. The {_KERNEL_NAMES[kernel]} kernel is used"
    return tuple(
        table_experiment(
            number,
            f"{head} {tail}",
            table_runner(number, what, kernel, table_settings),
            marks=marks,
            remarks=remark,
            description=description,
        )
        for number, (what, head, marks), table_settings, remark in zip(
            KERNELS[kernel][2], _KINDS, settings, remarks, strict=True
        )
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


EXPERIMENTS = by_name(
    *kernel_tables(
        "rbf",
        (
            lambda per_set: iteration_settings(per_set, "rbf", {_LOOSE: 10}),
            cost_settings,
            _gaussian_error_settings,
        ),
        (_SVM_REMARK, _MEB_REMARK, _ERROR_REMARK),
        __doc__,
    )
)
