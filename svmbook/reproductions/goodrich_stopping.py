"""Goodrich (2012) Tables 5.5-5.8 and Fig. 5.15: stopping conditions, and the error along a run.

Set-up (Goodrich (2012), section 5.8): the mu-SVM trained by SMO with the maximal violating pair (the
thesis's SMO of section 5.3, :func:`svmbook.solvers.nearest_point.solve_nearest_point` with
``method="smo"``), stopped by each condition of :mod:`svmbook.solvers.stopping` (relative and
absolute KKT, relative and absolute nearest point) at ``eps = 1e-1`` and ``1e-2``; 10 runs.
Tables 5.5/5.6: Gaussian ``gamma = 0.1``, "large mu" equivalent to ``C = 100``; Tables 5.7/5.8:
polynomial ``q = 4``, "small mu" equivalent to ``C = 1``. Test error with the geometric
threshold (section 5.2.5); iterations are the solver's.

Decisions where the thesis is silent (section 5.8.2; docs/errata.md#goodrich-2012-ch-5-tables):

* "mu equivalent to C": per data set and run, a C-SVM (svmbook's SMO) is trained and
  ``mu = 2 C / sum(alpha')`` (:func:`svmbook.convert.c_to_mu`), the mu whose solution is the
  same machine.
* ``||w||`` is the nearest-point scale ``||sum alpha_i y_i phi(x_i)||`` (class sums 1), the scale
  of the absolute conditions here: the mean over the runs of a solve to relative KKT
  ``1e-3``, the tightest condition the text measures against but does not print; that solve's
  iterations and error are our extra column ``KKT Rel 1e-3``.
* Rätsch realisations 1..10 (diabetes, splice, thyroid: our seeded splits; splice z-scored).

``size="ci"``: heart and thyroid, two realisations.

Fig. 5.15 (section 5.8.2): test error along the iterations, splice, Gaussian kernel,
``mu = 1/30``, panel (a) ``gamma = 0.1`` and (b) ``gamma = 0.01``. The thesis prints no numbers;
its claims: (a) overfits, its error is high and moves along the run, so a loose stop could
"luckily" land on a low error; (b) has a much lower, stable error; the cure for (a) is the
kernel parameter, not an early stop. The result's settings say whether each holds here
(``claim: ...`` booleans): final error (b) < (a); spread of the error over the second half of the
run (b) < (a); the lowest error along (a) below its final error.

Decisions for Fig. 5.15:

* Solver: the thesis says section 5.8.2 trains with SMO throughout; its figure's run is the
  mu-SVM by SMO with the maximal violating pair (``method="smo"``) stopped by the tightest
  condition the section measures against, relative KKT ``1e-3`` (:data:`FIG_5_15_SOLVER`).
* The curve is sampled, not drawn at every iteration: :func:`error_path` re-solves with the
  iteration cap ``max_iter = k`` (the solvers are deterministic, so that is the k-th iterate)
  at the caps of :func:`iteration_caps` (geometric, 8 per decade, for the fast early moves;
  20 evenly spaced, for the late run), each machine with the geometric threshold (4.9).
* Rows: per panel the error after 10, 100, 1000 and 10000 iterations (a run that stopped
  earlier keeps its final machine), the final error and iterations, the lowest error along the
  run, the spread (max - min) over the sampled second half of the run, and the first sampled
  iteration from which the error stays within 0.01 of the final ("settled at"). The sampled
  curves, for plotting, are in ``result.series[panel]`` (:func:`path_series`).
* Rätsch realisation 1 of splice (our seeded split, z-scored).

``size="ci"`` for Fig. 5.15: 300 training points of splice drawn without replacement with
``numpy.random.default_rng(0)``, the whole test set.

Observed here (full size): (b) falls from 0.18 to 0.129 in 2570 SMO iterations, dipping to
0.124 on the way (a loose stop could land lower there); (a) stays near 0.38 (Table 5.5's
splice value too) and barely moves, so its spread is smaller than (b)'s and the thesis's
"noisy (a)" is not reproduced: on the z-scored splice, ``gamma = 0.1`` makes the kernel nearly
diagonal (median ``K(x, x')`` about 7e-6 between test and training points), a machine with
little to vary. The accelerated WSK shows the same flat (a).
"""

from __future__ import annotations

import math
import warnings
from functools import cache
from typing import NamedTuple

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from .._validation import check_int
from ..convert import c_to_mu
from ..solvers.nearest_point import NearestPointResult, solve_min_norm_point, solve_nearest_point
from . import Experiment, Result, iterate, mean_se, parse_table
from ._cells import published_rows
from ._common import (
    _param_docs,
    by_name,
    c_svm,
    error,
    goodrich_figure,
    kernel_label,
    load,
    make_kernel,
    run_table,
)

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
#: Iteration cap of a solve: Table 5.8's image needs 824,637 iterations in the thesis.
_MAX_ITER = 1_000_000


@cache
@_param_docs
def stopping_run(dataset, realisation, kind, value, C):
    """Test error, iterations and ``||w||`` of SMO under every condition, for one split.

    A solve without a result is left out of the tables' averages: one stopped at the iteration
    cap (entry ``(nan, cap, nan)``; observed: image with ``q = 4`` at ``C = 1`` is nearly the
    hard margin, ``1/mu`` about 1.2, with kernel values from 1e1 to 1e6, and the pair steps of
    SMO crawl, ``||w||`` 5.5 after 3e5 iterations against cvxopt's 1.29), or one whose hulls
    the solver finds intersecting, i.e. a distance below its resolution, 1e-6 of the largest
    ``sqrt(K(x, x))`` (entry ``(nan, nan, nan)``; observed with ``q = 4`` on data whose
    kernel diagonal reaches 1e11).
    Cached: the error and iteration tables share their runs within a process.

    Parameters
    ----------
    {split_run}
    C : float
        The C whose equivalent mu is trained.

    Returns
    -------
    dict
        Column of :data:`CONDITIONS` (and :data:`REFERENCE`) to ``(test error, iterations,
        w_norm)``.
    """
    X, y, X_test, y_test = load(dataset, realisation)
    _, alpha_c, _ = c_svm(X, y, C, kind, value)
    mu = c_to_mu(alpha_c, C)
    kernel = make_kernel(kind, value)
    K_test = kernel(X_test, X)
    options = {"X": X, "kernel": kernel, "y": y, "mu": mu, "method": "smo", "max_iter": _MAX_ITER}
    out = {}
    for column, (stop, tol) in {**CONDITIONS, REFERENCE: ("relative_kkt", 1e-3)}.items():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", ConvergenceWarning)
                res = solve_nearest_point(**options, stop=stop, tol=tol)
        except ConvergenceWarning:
            out[column] = (math.nan, _MAX_ITER, math.nan)
            continue
        except ValueError as exc:  # the solver's "hulls intersect": no machine to evaluate
            if "hulls intersect" not in str(exc):
                raise
            out[column] = (math.nan, math.nan, math.nan)
            continue
        out[column] = (error(y_test, K_test @ res.coef, res.b_geom), res.n_iter, res.w_norm)
    return out


def _runner(kind, value, C, name, what):
    def one_split(dataset, realisation, _):
        return stopping_run(dataset, realisation, kind, value, C)

    def run(size, random_state, progress):
        runs, n_runs = run_table(size, 10, (None,), one_split, name, progress)
        rows = []
        columns = (*CONDITIONS, REFERENCE)
        capped = {}
        for (d, _), per_run in runs.items():
            row = {"dataset": d}
            for c in columns:
                # over the runs that converged (a capped run has a NaN error)
                done = [p[c] for p in per_run if not math.isnan(p[c][0])]
                if len(done) < len(per_run):
                    capped[f"{d} {c}"] = len(per_run) - len(done)
                if not done:
                    row[c] = "n/a"
                elif what == "error":
                    row[c] = mean_se([e for e, _, _ in done])
                else:
                    row[c] = int(round(np.mean([n for _, n, _ in done])))
            if what != "error":
                norms = [p[REFERENCE][2] for p in per_run if not math.isnan(p[REFERENCE][2])]
                row["‖w‖"] = float(np.mean(norms)) if norms else "n/a"
            rows.append(row)
        info = {"kernel": kernel_label(kind, value), "C": C, "n_runs": n_runs, "solver": "smo"}
        if capped:
            info[f"runs left out (stopped at max_iter={_MAX_ITER}, or hulls intersect)"] = capped
        return Result(
            name,
            ("dataset",),
            columns if what == "error" else ("‖w‖", *columns),
            rows,
            info,
        )

    return run


#: Iteration counts at which :func:`path_summary` reads a sampled error curve.
CHECKPOINTS = (10, 100, 1000, 10000)
#: "Settled": the error stays within this distance of the final error (one test point in 100).
SETTLE_BAND = 0.01
#: Fig. 5.15's solver (section 5.8.2 trains with SMO): method, stopping rule, tolerance.
FIG_5_15_SOLVER = {"method": "smo", "stop": "relative_kkt", "tol": 1e-3}
_FIG_5_15_PANELS = (("(a)", 0.1), ("(b)", 0.01))
_FIG_5_15_MU = 1.0 / 30.0
_FIG_5_15_CI_POINTS = 300


def iteration_caps(n_final, per_decade=8, n_linear=20):
    """List the iteration caps at which :func:`error_path` samples a run of ``n_final`` iterations.

    The union of 0, the geometric caps ``round(10^(j / per_decade))`` below ``n_final`` (the
    early iterations, where the error moves most; 1, 10, 100, ... are among them), ``n_linear``
    evenly spaced caps from 0 to ``n_final`` (the late run) and ``n_final`` itself.

    Parameters
    ----------
    n_final : int
        Iterations of the uncapped run.
    per_decade : int, default=8
        Geometric caps per decade.
    n_linear : int, default=20
        Evenly spaced caps.

    Returns
    -------
    ndarray of int64
        Increasing caps, the last one ``n_final``.

    Examples
    --------
    >>> iteration_caps(30, per_decade=2, n_linear=4).tolist()
    [0, 1, 3, 10, 20, 30]
    """
    n_final = check_int("n_final", n_final, 0)
    per_decade = check_int("per_decade", per_decade, 1)
    n_linear = check_int("n_linear", n_linear, 2)
    n_geom = int(np.floor(per_decade * np.log10(n_final))) + 1 if n_final > 0 else 0
    geometric = np.round(10.0 ** (np.arange(n_geom) / per_decade))
    linear = np.round(np.linspace(0, n_final, n_linear))
    caps = np.unique(np.concatenate(([0, n_final], geometric, linear)).astype(np.int64))
    return caps[caps <= n_final]


class ErrorPath(NamedTuple):
    """A sampled test-error curve (:func:`error_path`).

    Attributes
    ----------
    iterations : ndarray of int64
        The iterations each sampled machine ran (the caps of :func:`iteration_caps`).
    errors : ndarray of float64
        Test error of each sampled machine, with its geometric threshold.
    times : ndarray of float64
        Wall-clock seconds of each sampled run, set-up included (the cap-0 run is the set-up
        alone, so ``(times[-1] - times[0]) / iterations[-1]`` is the cost of an iteration).
    final : NearestPointResult
        The uncapped run, whose machine is the last point.
    """

    iterations: np.ndarray
    errors: np.ndarray
    times: np.ndarray
    final: NearestPointResult


def error_path(
    data,
    kernel,
    mu,
    *,
    perceptron=False,
    method="wsk_fast",
    stop="relative_np",
    tol=1e-3,
    max_iter=None,
    per_decade=8,
    n_linear=20,
):
    """Test error of a nearest-point solver's iterates along its run (Figs 5.15 and 5.17).

    The solvers are deterministic, so the machine after k iterations is the result of the same
    solve with ``max_iter=k``; the curve is sampled at the caps of :func:`iteration_caps` (not
    at every iteration), each capped run's ConvergenceWarning suppressed (a cap is the point).
    The uncapped run comes first and sets the caps; its warning, if it hits ``max_iter``, is
    not suppressed. Each machine is read with its geometric threshold: the SVM's bisector
    (4.9), :attr:`NearestPointResult.b_geom`, or for a perceptron the "geometric" threshold of
    :func:`svmbook.thresholds.perceptron_threshold`, as in Tables 5.9-5.11.

    Parameters
    ----------
    data : tuple
        ``(X_train, y_train, X_test, y_test)``, labels in {-1, +1}.
    kernel : svmbook.kernels.Kernel
        The (original) kernel.
    mu : float
        Reduction parameter of the solver.
    perceptron : bool, default=False
        False: the mu-SVM (:func:`svmbook.solvers.nearest_point.solve_nearest_point`); True:
        the L1 perceptron, the minimum-norm point of one hull under ``y_i y_j (K + 1)``
        (:func:`svmbook.solvers.nearest_point.solve_min_norm_point`).
    method, stop, tol, max_iter
        Passed to the solver (``max_iter`` caps the uncapped run).
    per_decade, n_linear : int
        Sampling of :func:`iteration_caps`.

    Returns
    -------
    ErrorPath
        ``(iterations, errors, times, final)``.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.kernels import get_kernel
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(1.0, 1.0, (20, 2)), rng.normal(-1.0, 1.0, (20, 2))])
    >>> y = np.repeat([1.0, -1.0], 20)
    >>> path = error_path((X, y, X, y), get_kernel("linear"), 1 / 8, method="sk", n_linear=3)
    >>> int(path.iterations[-1]) == path.final.n_iter, path.iterations[:3].tolist()
    (True, [0, 1, 2])
    """
    X, y, X_test, y_test = data
    if not isinstance(perceptron, bool):
        raise TypeError(f"perceptron must be a bool, got {type(perceptron).__name__}")
    solve = solve_min_norm_point if perceptron else solve_nearest_point
    options = {"X": X, "kernel": kernel, "y": y, "mu": mu, "method": method, "stop": stop}
    final = solve(**options, tol=tol, max_iter=max_iter)
    K_test = kernel(X_test, X)
    caps = iteration_caps(final.n_iter, per_decade, n_linear)
    runs = []
    for k in caps[:-1]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            runs.append(solve(**options, tol=tol, max_iter=int(k)))
    runs.append(final)
    return ErrorPath(
        np.array([r.n_iter for r in runs], dtype=np.int64),
        np.array([error(y_test, K_test @ r.coef, r.b_geom) for r in runs]),
        np.array([r.time for r in runs]),
        final,
    )


def path_summary(path, checkpoints=CHECKPOINTS, band=SETTLE_BAND):
    """Summarise an :class:`ErrorPath` as a row of a result: the figure's numbers.

    Keys: ``"error at k"`` for each checkpoint k (the final error once the run stopped before
    k: the solver returns the same machine), ``"final error"``, ``"n_iter"``, ``"converged"``,
    ``"min error"`` (lowest along the run), ``"spread (2nd half)"`` (max - min of the sampled
    errors at iterations >= n_iter / 2) and ``"settled at"`` (the first sampled iteration from
    which every sampled error is within ``band`` of the final error).

    Parameters
    ----------
    path : ErrorPath
        The sampled run.
    checkpoints : tuple of int, default=CHECKPOINTS
        Iterations at which the error is read.
    band : float, default=SETTLE_BAND
        Distance from the final error that counts as settled.

    Returns
    -------
    dict
        The row (keys above).
    """
    it, err = path.iterations, path.errors
    n_final = int(it[-1])
    row = {}
    for k in checkpoints:
        # every checkpoint below n_final is a cap of iteration_caps (a power of 10)
        row[f"error at {k}"] = float(err[it == k][0]) if k < n_final else float(err[-1])
    late = err[it >= n_final / 2]
    outside = np.flatnonzero(np.abs(err - err[-1]) > band)
    row.update(
        {
            "final error": float(err[-1]),
            "n_iter": n_final,
            "converged": path.final.converged,
            "min error": float(err.min()),
            "spread (2nd half)": float(late.max() - late.min()),
            "settled at": int(it[outside[-1] + 1]) if outside.size else int(it[0]),
        }
    )
    return row


def path_series(path):
    """Return the sampled curve of an :class:`ErrorPath` for ``result.series``.

    Parameters
    ----------
    path : ErrorPath
        The sampled run.

    Returns
    -------
    dict
        Arrays ``"iterations"``, ``"test_error"`` and ``"time"`` (seconds of each sampled run).
    """
    return {"iterations": path.iterations, "test_error": path.errors, "time": path.times}


#: Value columns of :func:`path_summary`, in display order.
PATH_COLUMNS = (
    *(f"error at {k}" for k in CHECKPOINTS),
    "final error",
    "n_iter",
    "min error",
    "spread (2nd half)",
    "settled at",
    "converged",
)


def _fig_5_15(size, random_state, progress):
    X, y, X_test, y_test = load("splice", 1)
    if size == "ci":
        rng = np.random.default_rng(0)  # a fixed subsample: the figure's set-up takes no seed
        keep = np.sort(rng.choice(len(y), _FIG_5_15_CI_POINTS, replace=False))
        X, y = X[keep], y[keep]
    rows, series = [], {}
    for panel, gamma in iterate(_FIG_5_15_PANELS, "goodrich-fig-5.15", progress):
        path = error_path(
            (X, y, X_test, y_test), make_kernel("rbf", gamma), _FIG_5_15_MU, **FIG_5_15_SOLVER
        )
        rows.append({"panel": panel, "kernel": kernel_label("rbf", gamma), **path_summary(path)})
        series[panel] = path_series(path)
    a, b = rows
    settings = {
        "dataset": "splice",
        "n_train": len(y),
        "mu": "1/30",
        **FIG_5_15_SOLVER,
        "claim: final error (b) < (a)": b["final error"] < a["final error"],
        "claim: spread (b) < (a)": b["spread (2nd half)"] < a["spread (2nd half)"],
        "claim: a loose stop could land lower on (a)": a["min error"] < a["final error"],
    }
    return Result("goodrich-fig-5.15", ("panel", "kernel"), PATH_COLUMNS, rows, settings, series)


_PROVENANCE = "Goodrich (2012), section 5.8.2, typed as printed"


def absolute_against_relative(result):
    """Check section 5.8.2's claim on an iteration table: the absolute stops scale with ``||w||``.

    With ``||w|| < 1`` the absolute conditions stop before the relative ones; with
    ``||w|| > 1`` after them (the thesis's Tables 5.6 and 5.8 show both).

    Parameters
    ----------
    result : Result
        A run of Table 5.6 or 5.8.

    Returns
    -------
    dict
        Claim to bool: one for the sets with ``||w|| < 1``, one for those with ``||w|| > 1``
        (a claim with no such set is left out).
    """
    small, large = [], []
    for row in result.rows:
        if not isinstance(row["‖w‖"], float):
            continue  # every run capped: no machine, no scale
        for kind in ("KKT", "NP"):
            for eps in ("1e-1", "1e-2"):
                rel, abs_ = row[f"{kind} Rel {eps}"], row[f"{kind} Abs {eps}"]
                if isinstance(rel, int) and isinstance(abs_, int):
                    (small if row["‖w‖"] < 1 else large).append((abs_, rel))
    claims = {}
    if small:
        claims["absolute stops come first where ||w|| < 1"] = all(a < r for a, r in small)
    if large:
        claims["absolute stops come later where ||w|| > 1"] = all(a > r for a, r in large)
    return claims


#: The report's explanations of the discrepancies (no number the printout does not show).
_ERROR_REMARK = (
    "The absolute KKT conditions are where we differ most: the scale of the absolute KKT "
    "statistic is our reading (docs/errata.md#goodrich-2012-ch-5-tables), and with it our "
    "absolute KKT stops come at other iterations than the thesis's, so their machines and "
    "errors differ. The relative conditions, which need no scale, agree far better."
)
_ITERATION_REMARK = (
    "The norms of the solutions agree on nearly every set: the same optima. The iteration "
    "counts depend on what the thesis does not give (how the relative KKT statistic is "
    "estimated during training, the solver's starting point), and rarely fall within the "
    "rule's margin; the thesis's claim about absolute against relative stops is checked "
    "separately."
)


def _experiment(number, title, kind, value, C, what, table, remarks=""):
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
        claims=None if what == "error" else absolute_against_relative,
        remarks=remarks,
    )


_G = "the Gaussian kernel with gamma = 0.1 and large mu"
_P = "the polynomial kernel with q = 4 and small mu"
EXPERIMENTS = by_name(
    _experiment(
        "5.5",
        f"Test error associated with each stopping condition for {_G}",
        "rbf",
        0.1,
        100.0,
        "error",
        published_rows("goodrich-table-5.5"),
        _ERROR_REMARK,
    ),
    _experiment(
        "5.6",
        f"Number of iterations associated with each stopping condition for {_G}",
        "rbf",
        0.1,
        100.0,
        "iterations",
        published_rows("goodrich-table-5.6"),
        _ITERATION_REMARK,
    ),
    _experiment(
        "5.7",
        f"Test error associated with each stopping condition for {_P}",
        "poly",
        4,
        1.0,
        "error",
        published_rows("goodrich-table-5.7"),
        (
            "Image's solves mostly stop at the iteration cap near the hard margin and are "
            "left out (the settings count them), so its row averages few runs. Splice and "
            "titanic differ with the polynomial kernel as in Appendix B's polynomial tables: "
            "the thesis does not state how it scales their inputs."
        ),
    ),
    _experiment(
        "5.8",
        f"Number of iterations associated with each stopping condition for {_P}",
        "poly",
        4,
        1.0,
        "iterations",
        published_rows("goodrich-table-5.8"),
        (
            "Image's solves mostly stop at the iteration cap (the settings count them): it "
            "has no norm. The norms agree on diabetes, german and heart, the same optima; on "
            "the other sets the thesis's polynomial machines differ from ours (it does not "
            "state its input scaling), and so do the iteration counts. The claim about "
            "absolute against relative stops holds."
        ),
    ),
    goodrich_figure(
        "5.15",
        "Test error as the number of iterations increases (splice, Gaussian, mu = 1/30)",
        "5.8.2",
        _fig_5_15,
        __doc__,
        remarks=(
            "On our z-scored splice the kernel of panel (a) is nearly diagonal, so its "
            "machine and its error barely move along the run: it cannot wander as the "
            "thesis's does, and no loose stop lands lower on it. The thesis does not state "
            "how it scales splice. Panel (b) behaves as the thesis says."
        ),
    ),
)
