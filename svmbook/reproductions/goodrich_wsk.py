"""Goodrich (2012) Tables 5.2-5.4: WSK vs point duplication vs plain S-K.

Set-up (Goodrich (2012), section 5.5.2): costs as weights, ``mu = 1/(0.9 kappa)`` with kappa the
weight of the lighter class (:func:`svmbook.weighting.mu_from_kappa`), 100 runs of a random
90 %/10 % train/test split; the error cost is the sum of the weights of the misclassified test
points. Three trainers (:func:`svmbook.solvers.nearest_point.solve_nearest_point`, relative
nearest-point stop ``1e-3``, geometric threshold (section 5.2.5)):

* ``WSK``: Alg. 10 on the weighted hulls (``method="wsk"``);
* ``S-KDUP``: unweighted S-K (Alg. 8, ``method="sk"``) on the data with each point repeated
  ``s_i`` times (:func:`svmbook.hull.wrch.duplicate_points`), the same mu: the same optimum;
* ``S-K``: unweighted S-K without duplication, ``mu = 1/(0.9 kappa)`` with unit weights;
* ``WSK (5.6)``: ours, not in the thesis: the efficient WSK (``method="wsk_fast"``).

Time is the solver's wall clock (set-up included; one untimed warm-up solve first loads the
compiled code) in ms; the thesis's are MATLAB milliseconds, so only ratios and orderings are
targets (the thesis's hardware is not stated). Marks: **bold** = the lowest mean of a column (the thesis states no
significance rule here), among the thesis's three rows.

Data and decisions:

* heart and german (Tables 5.2, 5.3): the StatLog sets (:func:`svmbook.datasets.load_libsvm`,
  ``"statlog-heart"`` 270 points and ``"statlog-german"`` ``german.data-numeric``, 1000 points,
  24 features), the pooled data split at random per run (the thesis does not say whether it pools them), z-scored with the
  training statistics; Gaussian ``gamma = 0.01``; UCI costs 5 for the positive (smaller: heart
  disease present, bad credit) class and 1 for the negative, the only assignment that fits the
  thesis's numbers (section 3.0).
* synthetic (Table 5.4, Fig. 5.6): :func:`svmbook.datasets.make_weighted_mixture`; polynomial ``q = 4`` with
  ``mu = 1/(0.25 kappa)``, the set-up the text states for Fig. 5.6 (the table's is not stated).

``size="ci"``: 2 runs (full: 100).
"""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..datasets import load_libsvm, make_weighted_mixture
from ..hull.wrch import duplicate_points
from ..solvers.nearest_point import solve_nearest_point
from ..weighting import class_errs, mu_from_kappa
from . import Experiment, MeanSE, Result, iterate, mean_se, parse_table, timing_ratio
from ._cells import published_rows
from ._common import by_name, kernel_label, make_kernel, predict, standardise

ALGORITHMS = ("WSK", "S-KDUP", "S-K", "WSK (5.6)")
#: The rows the thesis prints (and marks).
THESIS_ALGORITHMS = ALGORITHMS[:3]
TIME = "Time (ms)"
COLUMNS = (TIME, "Total Err Cost", "Pos Class Err", "Neg Class Err")
_TOL = 1e-3


def _statlog(name):
    def load(rng):
        X, y = load_libsvm(name)
        return X, y, np.where(y > 0, 5.0, 1.0)

    return load


def _synthetic(rng):
    return make_weighted_mixture(random_state=rng)


def _solve(X, y, kernel, mu, method, repeats, s=None):
    """Solve ``repeats`` times (the same machine each time); the result and each time in ms."""
    runs = [
        solve_nearest_point(
            X=X, kernel=kernel, y=y, mu=mu, sample_weight=s, method=method, tol=_TOL
        )
        for _ in range(repeats)
    ]
    return runs[-1], [1000.0 * r.time for r in runs]


def _split(n, rng):
    order = rng.permutation(n)
    n_train = int(round(0.9 * n))
    return order[:n_train], order[n_train:]


def wsk_run(X, y, s, kind, value, fraction, rng, repeats=1):
    """Train every algorithm on one 90/10 split: its times, error cost and class errors.

    Each solve is timed ``repeats`` times; ``"Time (ms)"`` is the list of those times.

    Returns None when a solve has no result on this split: its reduced hulls intersect
    (``ValueError``) or it stopped at the iteration cap, as the plain S-K can on the synthetic
    set, whose hulls at ``mu = 1/(0.25 kappa)`` (unit weights) nearly touch on some draws.

    Parameters
    ----------
    X, y : ndarray
        The pooled data, labels in {-1, +1}.
    s : ndarray
        The points' weights (costs).
    kind, value
        The kernel and its parameter.
    fraction : float
        ``mu = 1/(fraction kappa)``.
    rng : numpy.random.Generator
        Draws the split.
    repeats : int, default=1
        Timed solves of each algorithm.

    Returns
    -------
    dict or None
        Algorithm to ``{column: value}`` (``"Time (ms)"`` a list of the repeats' times), or
        None.
    """
    train, test = _split(len(y), rng)
    X_tr, X_te = X[train], X[test]
    if kind == "rbf":
        X_tr, X_te = standardise(X_tr, X_te)
    y_tr, y_te, s_tr, s_te = y[train], y[test], s[train], s[test]
    kernel = make_kernel(kind, value)
    mu_w = mu_from_kappa(s_tr, y_tr, fraction)
    mu_unit = mu_from_kappa(None, y_tr, fraction)
    X_dup, owner = duplicate_points(X_tr, s_tr)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", ConvergenceWarning)
            fits = {
                "WSK": (_solve(X_tr, y_tr, kernel, mu_w, "wsk", repeats, s_tr), X_tr),
                "S-KDUP": (_solve(X_dup, y_tr[owner], kernel, mu_w, "sk", repeats), X_dup),
                "S-K": (
                    _solve(X_tr, y_tr, kernel, mu_unit, "sk", repeats),
                    X_tr,
                ),
                "WSK (5.6)": (_solve(X_tr, y_tr, kernel, mu_w, "wsk_fast", repeats, s_tr), X_tr),
            }
    except ConvergenceWarning:
        return None
    except ValueError as exc:  # only the solver's "the hulls intersect" is a property of the split
        if "hulls intersect" not in str(exc):
            raise
        return None
    out = {}
    for name, ((res, ms), X_fit) in fits.items():
        pred = predict(kernel(X_te, X_fit) @ res.coef, res.b_geom)
        pos, neg = class_errs(y_te, pred)
        out[name] = {
            "Time (ms)": ms,
            "Total Err Cost": float(s_te[pred != y_te].sum()),
            "Pos Class Err": pos,
            "Neg Class Err": neg,
        }
    return out


def _warm_up():
    """Load every compiled solver once, so that no timed solve pays for it."""
    X, y, s = make_weighted_mixture(5, random_state=0)
    kernel = make_kernel("rbf", 0.5)
    for method, weights in (("wsk", s), ("sk", None), ("wsk_fast", s)):
        solve_nearest_point(X=X, kernel=kernel, y=y, mu=1.0, sample_weight=weights, method=method)


#: Timed solves per split: the timing ratios are reported over these repeats (median, range).
REPEATS = {"ci": 2, "full": 3}
#: The ratios of mean training times reported, as (numerator, denominator) algorithms.
RATIOS = (("S-KDUP", "WSK"), ("S-K", "WSK"))


def _runner(loader, kind, value, fraction, name):
    def run(size, random_state, progress):
        n_runs = 100 if size == "full" else 2
        repeats = REPEATS[size]
        rng = np.random.default_rng(random_state)
        _warm_up()
        per_run = []
        for _ in iterate(range(n_runs), name, progress):
            X, y, s = loader(rng)
            per_run.append(wsk_run(X, y, s, kind, value, fraction, rng, repeats))
        left_out = sum(r is None for r in per_run)
        per_run = [r for r in per_run if r is not None]
        rows = []
        for a in ALGORITHMS:
            row = {"algorithm": a}
            for c in COLUMNS:
                # a split's time is the median of its repeats (the solves are identical)
                values = [float(np.median(r[a][c])) if c == TIME else r[a][c] for r in per_run]
                row[c] = mean_se(values)
            rows.append(row)
        # bold: the lowest mean of the column among the thesis's three algorithms (ties
        # all bold), as printed; our extra "WSK (5.6)" row takes no part
        printed = [r for r in rows if r["algorithm"] in THESIS_ALGORITHMS]
        for c in COLUMNS:
            best = min(r[c].mean for r in printed)
            for r in printed:
                if r[c].mean == best:
                    r[c] = MeanSE(r[c].mean, r[c].se, "bold")
        ratios = {}
        for top, bottom in RATIOS:
            # repeat k's ratio: mean time of top over mean time of bottom, over the splits
            ratios[f"time ratio {top}/{bottom}"] = timing_ratio(
                np.mean([r[top][TIME][k] for r in per_run])
                / np.mean([r[bottom][TIME][k] for r in per_run])
                for k in range(repeats)
            )
        return Result(
            name,
            ("algorithm",),
            COLUMNS,
            rows,
            {
                "kernel": kernel_label(kind, value),
                "mu": f"1/({fraction} kappa)",
                "n_runs": n_runs,
                "repeats": repeats,
                "splits left out (hulls intersect or a solve capped)": left_out,
                **ratios,
            },
        )

    return run


_PROVENANCE = (
    'Goodrich (2012), section 5.5.2, typed as printed (Table 5.3\'s "0.148 ± 0.0004" too: '
    "docs/errata.md#goodrich-2012-ch-5-tables)"
)


def _experiment(number, dataset, loader, kind, value, fraction, table, remarks=""):
    name = f"goodrich-table-{number}"
    return Experiment(
        name=name,
        title=f"Results of the three algorithms on the {dataset} dataset",
        source=f"Goodrich (2012), Table {number}, section 5.5.2",
        runner=_runner(loader, kind, value, fraction, name),
        published=parse_table(table, ("algorithm", *COLUMNS)),
        provenance=_PROVENANCE,
        description=__doc__,
        seeded=True,
        timing_columns=(TIME,),
        remarks=remarks,
    )


EXPERIMENTS = by_name(
    _experiment(
        "5.2",
        "heart",
        _statlog("statlog-heart"),
        "rbf",
        0.01,
        0.9,
        published_rows("goodrich-table-5.2"),
    ),
    _experiment(
        "5.3",
        "german",
        _statlog("statlog-german"),
        "rbf",
        0.01,
        0.9,
        published_rows("goodrich-table-5.3"),
        remarks=(
            "The one disagreeing cell, S-K's negative-class error, carries a printed "
            "standard error that is probably a slip "
            "(docs/errata.md#goodrich-2012-ch-5-tables); the difference is beyond the "
            "rule's bound with either reading."
        ),
    ),
    _experiment(
        "5.4",
        "synthetic",
        _synthetic,
        "poly",
        4,
        0.25,
        published_rows("goodrich-table-5.4"),
        remarks=(
            "Many random splits are left out (the settings count them): on them the plain "
            "S-K's reduced hulls, with unit weights, intersect or it stops at its iteration "
            "cap, and where it converges it is far slower than in the thesis. Our mixture is "
            "drawn from the thesis's description, which does not say how often its "
            "unweighted hulls nearly touch; the thesis mentions no dropped runs."
        ),
    ),
)
