"""Goodrich (2012) Tables 6.4-6.7: radius-margin model selection with the polynomial kernel.

The set-up of Tables 6.1-6.3 (:mod:`svmbook.reproductions.goodrich_model_selection`, whose runs
and tables these share with the kernel as a parameter) with the polynomial kernel of section
6.3.8, ``(x . x' / tau + 1)^q`` with ``tau = max_i ||x_i||^2`` over the training split (the same
``tau`` for its test points; it keeps the kernel's diagonal from swamping the ridge
``1 / (2C)``), over the 7 x 21 grid ``q in 2, ..., 8`` (outer) and ``C in 2^-10, ..., 2^10``
(inner). Tables 6.4 and 6.5 are the SMO and MEB iterations averaged over the 147 grid points of
a run, Table 6.6 the test error of the selected machine (the L2-loss SVM retrained to
``tol = 1e-3``, geometric threshold (4.9)); mean ± standard error over the runs, bold the lowest
mean of a row in Tables 6.4 and 6.5, none in Table 6.6, as printed.

Table 6.7 selects ``(q, C)`` on the ``tol = 1e-3`` grid of Table 6.6 in three ways
(:func:`svmbook.model_selection.bound_choice`): by the SV bound (6.1), the fewest support
vectors ``n_s`` (``alpha_i > 0``: every machine of that grid met the tolerance), by the
radius-margin bound (Table 6.6's ``tol = 1e-3`` selection, the same runs), and by the smaller of
the two, each read as a bound on the number of leave-one-out errors (``n_s`` and
``R^2 / Delta^2``, (6.3) with the thesis's constant), whose minimum over the grid is the smaller
of the two minima; the test error of each selected machine as in Table 6.6.

Decisions where the thesis is silent:

* The adaptive method starts from ``C = 1`` and the smallest degree, ``q = 2`` (the thesis names
  only the Gaussian start).
* Ties in ``n_s`` (many grid points share the fewest support vectors) go to the first in loop
  order, the smallest ``q`` and then the smallest ``C``; ties between the two bounds to the SV
  bound.
* Bold in Table 6.7 is our reading of the printout: the bound whose errors are significantly
  lower than the other's (a paired t-test at 5 %), and min(SV, RM) when its mean equals that
  bound's. It fits every printed row (titanic, the only row without bold, differs by 0.001).

Claims checked: the text's "about 10x fewer iterations than ``tol = 1e-1``" and "at least 100x
fewer than ``tol = 1e-3``" (SMO + MEB, summed over the sets; the printed Tables 6.4 and 6.5 give
both, unlike Tables 6.1 and 6.2, docs/errata.md#goodrich-2012-ch-6-appx), "SVM iterations
dominate the cost" (Table 6.5), "the polynomial test errors are much higher than the Gaussian
ones for banana, image and thyroid" (Table 6.6; at least twice Table 6.3's printed
``tol = 1e-3`` error, on those of the three that are run), and Table 6.7's caption and text:
"the SV bound usually reaches the lowest minimum" (min(SV, RM) takes the SV bound's selection in
most runs) and "it is not possible to choose the better bound by simply taking the minimum of
the two" (on some set the RM bound's error is significantly below min(SV, RM)'s, a paired
t-test at 5 %).

``size="ci"``: heart and thyroid, two realisations, the whole grid (seconds). ``size="full"``:
the nine sets, ten realisations each. The four tables share their runs within a process (the
cached :func:`svmbook.reproductions.goodrich_model_selection.selection_run`): all four took 16
to 23 minutes at full size here, by the load.
"""

from __future__ import annotations

import numpy as np

from . import Result, mean_se, significance_mark
from ._cells import MeanSE
from ._common import by_name
from .goodrich_model_selection import (
    METHODS,
    cost_settings,
    iteration_settings,
    kernel_tables,
    published_means,
    selection_runs,
    selection_settings,
    table_experiment,
)

_TIGHT, _LOOSE, _ = METHODS  # the column names, in the thesis's order
#: Table 6.7's columns to their rules of :func:`svmbook.model_selection.bound_choice`.
BOUND_COLUMNS = {"SV Bound": "sv", "min(SV,RM)": "min", "RM Bound": "rm"}
#: The sets whose polynomial errors the thesis calls much higher than the Gaussian ones.
_WORSE_THAN_GAUSSIAN = ("banana", "image", "thyroid")
#: "Much higher": at least this factor over Table 6.3's printed tol = 1e-3 error.
_MUCH = 2.0


def _error_settings(per_set):
    """Table 6.6's selections and its claim against the Gaussian errors of Table 6.3."""
    info = selection_settings(per_set, "poly")
    named = [d for d in _WORSE_THAN_GAUSSIAN if d in per_set]
    if named:
        gaussian = published_means("6.3")
        ours = {d: np.mean([p[_TIGHT]["error"] for p in per_set[d]]) for d in named}
        claim = (
            f"claim: the polynomial kernel's ε = 1e-3 error on {', '.join(named)} is at least "
            f"{_MUCH:g}x the Gaussian one (Table 6.3 as printed)"
        )
        info[claim] = all(ours[d] >= _MUCH * gaussian[d][_TIGHT] for d in named)
    return info


def _bold_significant(row, errors):
    """Bold Table 6.7's significantly better bound, and min(SV, RM) where it equals it."""
    mark = significance_mark(errors["sv"], errors["rm"])
    if not mark:
        return
    best = "SV Bound" if mark == "bold" else "RM Bound"
    for column in (best, "min(SV,RM)"):
        if row[column].mean == row[best].mean:
            row[column] = MeanSE(row[column].mean, row[column].se, "bold")


def _bound_settings(per_set):
    """How often the smaller bound is the SV bound, and Table 6.7's two claims."""
    wins = {d: [p["bounds"]["sv_wins"] for p in runs] for d, runs in per_set.items()}
    total = sum(sum(w) for w in wins.values())
    n = sum(len(w) for w in wins.values())
    rm_better = [
        d
        for d, runs in per_set.items()
        if significance_mark([p["bounds"]["rm"] for p in runs], [p["bounds"]["min"] for p in runs])
        == "bold"
    ]
    return {
        "runs where min(SV,RM) takes the SV bound's selection": {
            d: f"{sum(w)}/{len(w)}" for d, w in wins.items()
        },
        "sets where the RM bound's error is significantly below min(SV,RM)'s": rm_better,
        "claim: the SV bound usually reaches the lower minimum (in most runs)": bool(2 * total > n),
        "claim: taking the smaller bound misses the better one on some set": bool(rm_better),
    }


def _bound_runner(number):
    name = f"goodrich-table-{number}"

    def run(size, random_state, progress):
        per_set, info = selection_runs(size, "poly", name, progress)
        rows = []
        for d, runs in per_set.items():
            errors = {rule: [p["bounds"][rule] for p in runs] for rule in BOUND_COLUMNS.values()}
            row = {"dataset": d, **{c: mean_se(errors[r]) for c, r in BOUND_COLUMNS.items()}}
            _bold_significant(row, errors)
            rows.append(row)
        info.update(_bound_settings(per_set))
        return Result(name, ("dataset",), tuple(BOUND_COLUMNS), rows, info)

    return run


#: The report's explanations of the discrepancies (no number the printout does not show).
_SVM_REMARK = (
    "The adaptive method needs the fewest SMO iterations on every set, as printed, and both of "
    "the text's reductions (sums over the sets) hold in ours as in the printed tables. Set by "
    "set the counts differ by up to about threefold (splice: ours fewer at both tolerances; "
    "b.cancer and image: ours more at ε = 1e-3). Cristianini's ε = 1e-3 runs stop some machines "
    "at the cap (settings), mostly on banana, diabetes and image, which lowers their counts. "
    "The counts depend on which solution seeds a grid point, on how ties between pairs are "
    "broken and on the cap, none of which the thesis gives."
)
_MEB_REMARK = (
    "The orderings agree on every set: the fewest MEB steps at ε = 1e-1 (bold on both sides), "
    "the most at ε = 1e-3, and the SMO steps dominate. Our counts are lower than the printed "
    "ones in every cell but titanic's at ε = 1e-3; at ε = 1e-1 a warm-started ball that already "
    "meets the tolerance takes no step (splice: fewer than one per grid point), where the "
    "thesis's counts never fall below one."
)
_ERROR_REMARK = (
    "Every cell agrees but splice's, where our three columns are lower than the printed ones "
    "by the same amount: our splice is our own split of the full data, not Rätsch's. The "
    "adaptive method selects the (q, C) of Cristianini's at ε = 1e-3 in every run, so their "
    "columns are equal (the printout's differ a little on banana, b.cancer and diabetes). The "
    "loose tolerance raises the error on banana, german and titanic on both sides, on thyroid "
    "in ours and on b.cancer in the printout."
)
_BOUND_REMARK = (
    "Every mark agrees: the SV bound's errors are the lower on banana, image, splice and "
    "thyroid, the RM bound's on b.cancer, diabetes, german and heart, neither significantly on "
    "titanic, where the smaller bound is the RM bound in every run of ours (the printout's "
    "min(SV,RM) cell there equals its RM cell). Two cells disagree: splice's RM cell, the error "
    "of Cristianini's ε = 1e-3 selection, and diabetes's SV bound, higher in ours; both sets "
    "are our own splits of the full data, not Rätsch's."
)

EXPERIMENTS = by_name(
    *kernel_tables(
        "poly",
        (
            lambda per_set: iteration_settings(per_set, "poly", {_LOOSE: 10, _TIGHT: 100}),
            cost_settings,
            _error_settings,
        ),
        (_SVM_REMARK, _MEB_REMARK, _ERROR_REMARK),
        __doc__,
    ),
    table_experiment(
        "6.7",
        "Test error achieved by combining two different error bounds. The polynomial kernel is "
        "used",
        _bound_runner("6.7"),
        columns=tuple(BOUND_COLUMNS),
        marks=("bold",),
        remarks=_BOUND_REMARK,
        description=__doc__,
    ),
)
