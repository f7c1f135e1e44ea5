"""Goodrich (2012) Tables 4.1-4.3 (and App. B.4-B.5): KKT, geometric and Platt thresholds.

Set-up (Goodrich (2012), section 4.3.4): C-SVMs (SVMlight in the thesis; svmbook's SMO, LIBSVM's
algorithm, here) on nine Rätsch sets, "small mu" = ``C = 0.1``, "large mu" = ``C = 100``
(section 4.3.4); mean test error and its standard error over the runs. The same alpha gets three
thresholds (:mod:`svmbook.thresholds`): KKT (the solver's own, ``b = intercept_``), geometric
(4.9) and probabilistic (Platt's sigmoid, fitted with Lin-Lin-Weng's method on the training
decision values; the thesis does not say how it fits the sigmoid). Marks: **bold** = significantly lower than KKT, underline =
significantly higher (two-sided paired t-test over the runs, p < 0.05), as the thesis.

Decisions where the thesis is silent:

* Runs: the thesis's 20 runs on "the" Rätsch realisations: we use realisations 1..20
  where they exist; Rätsch's .asc sets (banana, b.cancer, german, heart, image, titanic) have 10,
  so their full runs are 10. diabetes, splice and thyroid are our seeded stratified splits at
  the standard sizes (:func:`svmbook.datasets.load_raetsch`); splice, integer coded, is
  z-scored with its training statistics.
* "large mu" is ``C = 100`` for Tables 4.1-4.3 (the chapter 4 text) and ``C = 1`` for the
  appendix tables B.4-B.5, whose large-mu rows match section 5.9.3's "large mu = C = 1" (docs/errata.md#goodrich-2012-app-b-large-mu).
* App. B spells diabetes "diabetis"; its rows are keyed "diabetes" here to share the row keys.

``size="ci"``: heart and thyroid, two realisations.
"""

from __future__ import annotations

import math

from ..thresholds import b_geom, b_platt
from . import Experiment, Result, mean_se, parse_table, significance_mark
from ._cells import published_rows
from ._common import _param_docs, by_name, c_svm, error, kernel_label, load, run_table

THRESHOLDS = ("KKT", "Geometric", "Probabilistic")
_KEYS = ("dataset", "mu")
_PROVENANCE = (
    "Goodrich (2012), section 4.3.4; errata applied: the tables report error rates "
    "(docs/errata.md#goodrich-2012-front-matter)"
)


@_param_docs
def threshold_errors(X, y, X_test, y_test, C, kind, value=None):
    """Test error of one C-SVM with each of the three thresholds (dict by threshold name).

    The probabilistic error is NaN when Platt's sigmoid gives no threshold: its fitted slope is
    not negative because the training decision values do not rank the classes (banana
    realisation 2, linear kernel, ``C = 0.1``: the machine is nearly ``w = 0``, ``|f| < 1e-4``,
    and ``f`` correlates negatively with ``y``).

    Parameters
    ----------
    X, y : ndarray
        Training data, labels in {-1, +1}.
    X_test, y_test : ndarray
        Test data.
    {C}
    {kernel}

    Returns
    -------
    dict
        Test error by threshold name (:data:`THRESHOLDS`).
    """
    clf, alpha, f = c_svm(X, y, C, kind, value)
    f_test = clf.decision_function(X_test) - clf.intercept_[0]
    try:
        b_prob = b_platt(f, y)
    except ValueError:
        b_prob = math.nan
    b = {
        "KKT": float(clf.intercept_[0]),
        "Geometric": b_geom(f, y, alpha),
        "Probabilistic": b_prob,
    }
    return {
        name: math.nan if math.isnan(b[name]) else error(y_test, f_test, b[name])
        for name in THRESHOLDS
    }


def _runner(kind, value, C_large, name):
    settings = (("small μ", 0.1), ("large μ", C_large))

    def errors(dataset, realisation, setting):
        return threshold_errors(*load(dataset, realisation), setting[1], kind, value)

    def run(size, random_state, progress):
        runs, n_runs = run_table(size, 20, settings, errors, name, progress)
        rows = []
        no_platt = {}
        for (d, (mu, _)), per_run in runs.items():
            row = {"dataset": d, "mu": mu, "runs": len(per_run)}
            for t in THRESHOLDS:
                # mean and paired test over the runs where the threshold exists
                kept = [e for e in per_run if not math.isnan(e[t])]
                if len(kept) < len(per_run):
                    no_platt[f"{d} {mu}"] = len(per_run) - len(kept)
                if not kept:
                    row[t] = "n/a"
                    continue
                values = [e[t] for e in kept]
                mark = "" if t == "KKT" else significance_mark(values, [e["KKT"] for e in kept])
                row[t] = mean_se(values, mark)
            rows.append(row)
        info = {"kernel": kernel_label(kind, value), "C": dict(settings), "n_runs": n_runs}
        if no_platt:
            info["runs without a Platt threshold (mean over the others)"] = no_platt
        return Result(name, _KEYS, (*THRESHOLDS, "runs"), rows, info)

    return run


#: The report's explanations of the discrepancies (no number the printout does not show).
_KKT_REMARK = (
    "The KKT column is where we differ most. At small mu most multipliers sit at the bound, "
    "and the KKT threshold is then a convention of the solver (LIBSVM's midpoint of the "
    "feasible interval here, SVMlight's rule in the thesis): the thesis's own argument against "
    "that threshold. The geometric and probabilistic thresholds, computed from the same "
    "multipliers, agree far better. At large mu our errors on image, splice and thyroid are "
    "lower than the thesis's for all three thresholds; the reason is not established."
)
_SPLICE_REMARK = (
    "Splice is where we differ most: it is integer coded, and we z-score it with the training "
    "statistics (the thesis's appendix says every set is scaled to zero mean and unit "
    "variance, not how); with a polynomial kernel the scale of the inputs changes the machine. "
    "The thesis marks no cell of this table as significantly worse than KKT, even where its "
    "own values are far apart (thyroid's probabilistic threshold): our underlines there count "
    "as disagreements."
)


def _experiment(
    number, title, section, kind, value, C_large, table, provenance=_PROVENANCE, remarks=""
):
    name = f"goodrich-table-{number}"
    return Experiment(
        name=name,
        title=title,
        source=f"Goodrich (2012), Table {number}, {section}",
        runner=_runner(kind, value, C_large, name),
        published=parse_table(table.replace("diabetis", "diabetes"), (*_KEYS, *THRESHOLDS)),
        provenance=provenance,
        description=__doc__,
        remarks=remarks,
    )


_B = (
    "Goodrich (2012), Appendix B; errata applied: error rates "
    "(docs/errata.md#goodrich-2012-front-matter); large mu is C = 1 there "
    "(docs/errata.md#goodrich-2012-app-b-large-mu)"
)
EXPERIMENTS = by_name(
    _experiment(
        "4.1",
        "Error for Gaussian SVMs (gamma = 0.01) combined with three possible thresholds",
        "section 4.3.4",
        "rbf",
        0.01,
        100.0,
        published_rows("goodrich-table-4.1"),
        remarks=_KKT_REMARK,
    ),
    _experiment(
        "4.2",
        "Error for Gaussian SVMs (gamma = 0.1) combined with three possible thresholds",
        "section 4.3.4",
        "rbf",
        0.1,
        100.0,
        published_rows("goodrich-table-4.2"),
        remarks=_KKT_REMARK,
    ),
    _experiment(
        "4.3",
        "Error for linear SVMs combined with three possible thresholds",
        "section 4.3.4",
        "linear",
        None,
        100.0,
        published_rows("goodrich-table-4.3"),
        remarks=(
            "The values agree; the marks mostly do not: several differences the thesis "
            "marks as significant are not significant in our paired tests over the same "
            "number of runs, on other realisations and splits."
        ),
    ),
    _experiment(
        "B.4",
        "Error rate for polynomial SVMs (q = 3) combined with three possible thresholds",
        "Appendix B",
        "poly",
        3,
        1.0,
        published_rows("goodrich-table-B.4"),
        _B,
        remarks=_SPLICE_REMARK,
    ),
    _experiment(
        "B.5",
        "Error rate for polynomial SVMs (q = 5) combined with three possible thresholds",
        "Appendix B",
        "poly",
        5,
        1.0,
        published_rows("goodrich-table-B.5"),
        _B,
        remarks=_SPLICE_REMARK,
    ),
)
