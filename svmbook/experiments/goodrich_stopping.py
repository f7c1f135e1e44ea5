"""Goodrich (2012) Tables 5.5-5.8: four stopping conditions at two tolerances.

Set-up (notes 001b section 3.9): the mu-SVM trained by SMO with the maximal violating pair (the
thesis's SMO of section 5.3, :func:`svmbook.solvers.nearest_point.solve_nearest_point` with
``method="smo"``), stopped by each condition of :mod:`svmbook.solvers.stopping` (relative and
absolute KKT, relative and absolute nearest point) at ``eps = 1e-1`` and ``1e-2``; 10 runs.
Tables 5.5/5.6: Gaussian ``gamma = 0.1``, "large mu" equivalent to ``C = 100``; Tables 5.7/5.8:
polynomial ``q = 4``, "small mu" equivalent to ``C = 1``. Test error with the geometric
threshold (section 5.2.5); iterations are the solver's.

Decisions (notes 001b section 7 items 11-14):

* "mu equivalent to C": per data set and run, a C-SVM (svmbook's SMO) is trained and
  ``mu = 2 C / sum(alpha')`` (:func:`svmbook.convert.c_to_mu`), the mu whose solution is the
  same machine.
* ``||w||`` is the nearest-point scale ``||sum alpha_i y_i phi(x_i)||`` (class sums 1), the scale
  of the absolute conditions here (item 12): the mean over the runs of a solve to relative KKT
  ``1e-3``, the tightest condition the text measures against but does not print; that solve's
  iterations and error are our extra column ``KKT Rel 1e-3``.
* Rätsch realisations 1..10 (diabetes, splice, thyroid: our seeded splits; splice z-scored).

``size="ci"``: heart and thyroid, two realisations.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from functools import cache

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..convert import c_to_mu
from ..solvers.nearest_point import solve_nearest_point
from . import Experiment, Result, iterate, mean_se, parse_table
from ._common import RAETSCH, c_svm, error, kernel_label, load, make_kernel, realisations

#: Column -> (stop rule, tolerance), in the thesis's order.
CONDITIONS = {
    "KKT Rel 1e-1": ("relative_kkt", 1e-1),
    "KKT Rel 1e-2": ("relative_kkt", 1e-2),
    "KKT Abs 1e-1": ("absolute_kkt", 1e-1),
    "KKT Abs 1e-2": ("absolute_kkt", 1e-2),
    "NP Rel 1e-1": ("relative_np", 1e-1),
    "NP Rel 1e-2": ("relative_np", 1e-2),
    "NP Abs 1e-1": ("absolute_np", 1e-1),
    "NP Abs 1e-2": ("absolute_np", 1e-2),
}
REFERENCE = "KKT Rel 1e-3"
_CI_DATASETS = ("heart", "thyroid")
_MAX_ITER = 5_000_000  # Table 5.8's image needs 824,637 iterations


@cache
def stopping_run(dataset, realisation, kind, value, C):
    """Test error, iterations and ``||w||`` of SMO under every condition, for one split.

    Cached: the error and iteration tables share their runs within a process.
    """
    X, y, X_test, y_test = load(dataset, realisation)
    _, alpha_c, _ = c_svm(X, y, C, kind, value)
    mu = c_to_mu(alpha_c, C)
    kernel = make_kernel(kind, value)
    K_test = kernel(X_test, X)
    out = {}
    for column, (stop, tol) in {**CONDITIONS, REFERENCE: ("relative_kkt", 1e-3)}.items():
        with warnings.catch_warnings():
            warnings.simplefilter("error", ConvergenceWarning)  # a capped run is not a result
            res = solve_nearest_point(
                X=X,
                kernel=kernel,
                y=y,
                mu=mu,
                method="smo",
                stop=stop,
                tol=tol,
                max_iter=_MAX_ITER,
            )
        out[column] = (error(y_test, K_test @ res.coef, res.b_geom), res.n_iter, res.w_norm)
    return out


def _runner(kind, value, C, name, what):
    def run(size, random_state, progress):
        full = size == "full"
        datasets = [d for d, _ in RAETSCH] if full else list(_CI_DATASETS)
        n_runs = 10 if full else 2
        jobs = [(d, r) for d in datasets for r in realisations(d, n_runs)]
        runs = defaultdict(list)
        for d, r in iterate(jobs, name, progress):
            runs[d].append(stopping_run(d, r, kind, value, C))
        rows = []
        columns = (*CONDITIONS, REFERENCE)
        for d, per_run in runs.items():
            row = {"dataset": d}
            if what == "error":
                for c in columns:
                    row[c] = mean_se([p[c][0] for p in per_run])
            else:
                row["‖w‖"] = float(np.mean([p[REFERENCE][2] for p in per_run]))
                for c in columns:
                    row[c] = int(round(np.mean([p[c][1] for p in per_run])))
            rows.append(row)
        return Result(
            name,
            ("dataset",),
            columns if what == "error" else ("‖w‖", *columns),
            rows,
            {"kernel": kernel_label(kind, value), "C": C, "n_runs": n_runs, "solver": "smo"},
        )

    return run


_TABLE_5_5 = """
| banana | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.14 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.35 ± 0.01 | 0.16 ± 0.01 |
| b.cancer | 0.34 ± 0.02 | 0.34 ± 0.02 | 0.28 ± 0.01 | 0.36 ± 0.03 | 0.34 ± 0.02 | 0.34 ± 0.02 | 0.41 ± 0.02 | 0.37 ± 0.02 |
| diabetes | 0.30 ± 0.00 | 0.30 ± 0.00 | 0.33 ± 0.01 | 0.30 ± 0.00 | 0.30 ± 0.00 | 0.30 ± 0.00 | 0.27 ± 0.01 | 0.29 ± 0.01 |
| german | 0.26 ± 0.01 | 0.26 ± 0.01 | 0.30 ± 0.01 | 0.26 ± 0.01 | 0.27 ± 0.01 | 0.26 ± 0.01 | 0.38 ± 0.01 | 0.27 ± 0.01 |
| heart | 0.22 ± 0.01 | 0.22 ± 0.01 | 0.23 ± 0.01 | 0.22 ± 0.01 | 0.22 ± 0.01 | 0.22 ± 0.01 | 0.24 ± 0.02 | 0.23 ± 0.02 |
| image | 0.03 ± 0.00 | 0.03 ± 0.00 | 0.06 ± 0.00 | 0.03 ± 0.00 | 0.03 ± 0.00 | 0.03 ± 0.00 | 0.12 ± 0.01 | 0.03 ± 0.00 |
| splice | 0.38 ± 0.00 | 0.38 ± 0.00 | 0.46 ± 0.03 | 0.38 ± 0.00 | 0.38 ± 0.00 | 0.38 ± 0.00 | 0.44 ± 0.04 | 0.38 ± 0.00 |
| thyroid | 0.04 ± 0.01 | 0.05 ± 0.01 | 0.05 ± 0.00 | 0.04 ± 0.01 | 0.04 ± 0.00 | 0.05 ± 0.01 | 0.06 ± 0.01 | 0.04 ± 0.01 |
| titanic | 0.22 ± 0.00 | 0.22 ± 0.00 | 0.40 ± 0.03 | 0.35 ± 0.04 | 0.22 ± 0.00 | 0.22 ± 0.00 | 0.33 ± 0.04 | 0.26 ± 0.02 |
"""
_TABLE_5_6 = """
| banana | 8.837141e-03 | 3575 | 6455 | 6 | 24 | 1029 | 2955 | 8 | 120 |
| b.cancer | 2.440872e-02 | 1454 | 2799 | 12 | 100 | 911 | 1950 | 24 | 428 |
| diabetes | 1.427747e-02 | 5265 | 10084 | 20 | 79 | 2321 | 6103 | 25 | 482 |
| german | 5.787472e-02 | 1340 | 2380 | 25 | 230 | 808 | 1705 | 62 | 646 |
| heart | 1.341588e-01 | 246 | 436 | 23 | 132 | 154 | 318 | 48 | 172 |
| image | 1.802462e-02 | 4625 | 10262 | 24 | 131 | 1701 | 5011 | 34 | 513 |
| splice | 6.280310e-02 | 1708 | 2476 | 39 | 631 | 1547 | 2119 | 106 | 1352 |
| thyroid | 7.463674e-02 | 135 | 394 | 8 | 40 | 73 | 194 | 13 | 62 |
| titanic | 1.113977e-02 | 123 | 280 | 13 | 27 | 196 | 438 | 15 | 69 |
"""
_TABLE_5_7 = """
| banana | 0.12 ± 0.00 | 0.12 ± 0.00 | 0.12 ± 0.00 | 0.12 ± 0.00 | 0.12 ± 0.00 | 0.12 ± 0.00 | 0.12 ± 0.00 | 0.12 ± 0.00 |
| b.cancer | 0.38 ± 0.02 | 0.38 ± 0.02 | 0.38 ± 0.02 | 0.38 ± 0.02 | 0.38 ± 0.02 | 0.38 ± 0.02 | 0.38 ± 0.02 | 0.38 ± 0.02 |
| diabetes | 0.33 ± 0.01 | 0.33 ± 0.01 | 0.33 ± 0.01 | 0.33 ± 0.01 | 0.33 ± 0.01 | 0.33 ± 0.01 | 0.33 ± 0.01 | 0.33 ± 0.01 |
| german | 0.28 ± 0.01 | 0.28 ± 0.01 | 0.28 ± 0.01 | 0.28 ± 0.01 | 0.28 ± 0.01 | 0.28 ± 0.01 | 0.28 ± 0.01 | 0.28 ± 0.01 |
| heart | 0.25 ± 0.02 | 0.25 ± 0.02 | 0.25 ± 0.02 | 0.25 ± 0.02 | 0.25 ± 0.02 | 0.25 ± 0.02 | 0.25 ± 0.02 | 0.25 ± 0.02 |
| image | 0.04 ± 0.00 | 0.04 ± 0.00 | 0.04 ± 0.00 | 0.04 ± 0.00 | 0.04 ± 0.00 | 0.04 ± 0.00 | 0.04 ± 0.00 | 0.04 ± 0.00 |
| splice | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 | 0.13 ± 0.00 |
| thyroid | 0.06 ± 0.01 | 0.06 ± 0.01 | 0.06 ± 0.01 | 0.06 ± 0.01 | 0.06 ± 0.01 | 0.06 ± 0.01 | 0.06 ± 0.01 | 0.06 ± 0.01 |
| titanic | 0.23 ± 0.01 | 0.22 ± 0.00 | 0.22 ± 0.00 | 0.22 ± 0.00 | 0.22 ± 0.00 | 0.22 ± 0.00 | 0.23 ± 0.01 | 0.22 ± 0.00 |
"""
_TABLE_5_8 = """
| banana | 2.816127e-01 | 1517 | 3004 | 1017 | 2118 | 646 | 1410 | 355 | 1017 |
| b.cancer | 1.325634e+00 | 3429 | 5434 | 4435 | 6651 | 2486 | 4373 | 2722 | 4556 |
| diabetes | 9.255594e-01 | 56441 | 103300 | 58700 | 104629 | 31251 | 70636 | 30415 | 68928 |
| german | 1.287650e+01 | 4310 | 6907 | 10110 | 12778 | 2709 | 5077 | 5394 | 8024 |
| heart | 1.847633e+01 | 471 | 753 | 1180 | 1466 | 312 | 585 | 655 | 928 |
| image | 1.248155e+00 | 277714 | 740492 | 395747 | 824637 | 112005 | 382825 | 124695 | 439553 |
| splice | 5.500539e+03 | 3396 | 6332 | 29266 | 32969 | 1914 | 4384 | 13246 | 16815 |
| thyroid | 2.418854e+00 | 110 | 222 | 207 | 344 | 58 | 128 | 82 | 179 |
| titanic | 5.595426e-01 | 136 | 174 | 152 | 198 | 154 | 194 | 140 | 182 |
"""
_PROVENANCE = "notes 001b-goodrich-ch4-5.md section 3.9"


def _experiment(number, title, kind, value, C, what, table):
    name = f"goodrich-table-{number}"
    columns = ("dataset", *CONDITIONS) if what == "error" else ("dataset", "‖w‖", *CONDITIONS)
    return Experiment(
        name=name,
        title=title,
        source=f"Goodrich (2012), Table {number}, section 5.8.2",
        runner=_runner(kind, value, C, name, what),
        published=parse_table(table, columns),
        provenance=_PROVENANCE,
        description=__doc__,
    )


_G = "the Gaussian kernel with gamma = 0.1 and large mu"
_P = "the polynomial kernel with q = 4 and small mu"
EXPERIMENTS = {
    e.name: e
    for e in (
        _experiment(
            "5.5",
            f"Test error associated with each stopping condition for {_G}",
            "rbf",
            0.1,
            100.0,
            "error",
            _TABLE_5_5,
        ),
        _experiment(
            "5.6",
            f"Number of iterations associated with each stopping condition for {_G}",
            "rbf",
            0.1,
            100.0,
            "iterations",
            _TABLE_5_6,
        ),
        _experiment(
            "5.7",
            f"Test error associated with each stopping condition for {_P}",
            "poly",
            4,
            1.0,
            "error",
            _TABLE_5_7,
        ),
        _experiment(
            "5.8",
            f"Number of iterations associated with each stopping condition for {_P}",
            "poly",
            4,
            1.0,
            "iterations",
            _TABLE_5_8,
        ),
    )
}
