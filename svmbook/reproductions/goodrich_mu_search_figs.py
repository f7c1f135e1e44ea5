"""Goodrich (2012) Figs 6.12-6.16: why search mu rather than C (section 6.4).

The thesis prints no numbers for these figures; each experiment's rows are the numbers behind
its figure and its ``"claim: ..."`` settings say whether the thesis's claims hold in our run.
Data: Rätsch's realisation 1 of each set (zero mean, unit s.d.); a class is "reduced to its
centroid" when all its multipliers are at the bound C (``alpha'_i >= C (1 - 1e-8)``), i.e. its
equivalent ``mu = 2 C / sum_i alpha'_i`` (:func:`svmbook.convert.c_to_mu`) is at most ``1 /
n_class`` (section 6.4.1).

Fig. 6.12 (section 6.4.1): the C-SVM (:class:`svmbook.SVC`, tol ``1e-3``, its KKT threshold) with
the Gaussian kernel over ``gamma, C in 2^-10 .. 2^10`` on two sets (the thesis does not name them;
ours are banana and heart): the test error, and the region where neither class is reduced to
its centroid ("valid parameters"). Rows per set and gamma: the smallest valid C, the counts of
valid and invalid Cs, the invalid ones whose machine gives every test point one class, and the
lowest test error along C. Claims: outside the valid region the machines generally classify
everything as one class (more than half of the invalid grid points, both sets together); the
valid region depends on the kernel parameter (its smallest C is not the same at every gamma, on
each set) and on the data (the two sets' smallest valid C differ at some gamma).
``series["maps"]``: the test errors and the valid masks.

Fig. 6.13 (section 6.4.1): splice with the polynomial kernel ``q = 2``, the equivalent ``1/mu``
of the C-SVM against ``log2 C in -10 .. 10``. The thesis does not give the kernel's scaling:
ours is section 6.3.8's ``(x . x' / tau + 1)^q``, ``tau = max_i ||x_i||^2`` (unscaled, the
kernel values reach thousands and every C from ``2^-2`` up has ``mu > 1``). Rows: ``1/mu`` and
``1/mu`` clipped at 1 (``mu >= 1``: the hulls are not reduced). Claims: the smallest Cs reduce a
class to its centroid (``1/mu`` equals its size); ``1/mu`` never increases with C; it reaches 1
within the grid and stays there; and one unit step of ``log2 C`` can change ``1/mu`` by very
different amounts (the largest one-step change of the clipped ``1/mu`` is at least ten times the
smallest nonzero one, "a very large or very small change in hull reduction").

Fig. 6.14 (section 6.4.2): uniform random points (``numpy.random.default_rng(0)``, 50 per class
in the unit square, the thesis's are not printed); the reduced convex hull of the positive class
along (a) Goodrich's schedule, linear in ``1/mu`` (:func:`svmbook.model_selection.mu_schedule`,
20 steps), and (b) as many mu linear in ``[1/m, 1]``. The hull's size is its mean width (the
support function ``h(u) + h(-u)`` averaged over 180 directions; ``h(u)`` fills the largest
projections up to ``mu`` each, Goodrich's Theorem 3). Claim: stepping mu linearly makes larger
jumps in the hull than stepping ``1/mu`` linearly (the largest one-step change of the mean width
is larger for (b)); settings count each schedule's values with ``1/mu > m / 10`` (strongly
reduced hulls), the "important values" (b) skips.

Fig. 6.15 (section 6.4.4): the mu-search (:func:`svmbook.model_selection.mu_search`, 20 steps,
``MuSVC(kernel="rbf", solver="smo")``) on banana over ``gamma in 2^-10 .. 2^10``, the test
error as the criterion (the figure's contour is the test error over ``(mu, gamma)``, shaded where
not searched). Rows per gamma: the number of mu searched of the schedule, why the sequence
stopped, and the lowest test error with its ``1/mu``; the settings count the machines the
solver stopped at its iteration cap (near the intersection SMO crawls; the first capped fit
ends its gamma's sequence unscored, docs/errata.md#goodrich-2012-mu-search-stop). Claims: the
search skips part of the grid (fewer machines than gammas x schedule); at small gamma the hulls
overlap for most mu (more than half of the gammas below 1 search less than half of the
schedule).

Fig. 6.16 (section 6.4.4): ``C = 1`` on two toy sets identical up to scaling
(:func:`svmbook.datasets.make_blobs2d`, 40 points, ``random_state=0``, and the same times 10),
linear kernel: the C-SVM (cvxopt, :class:`svmbook.SVC` ``solver="qp"``) and the mu-SVM at ``mu =
1/5`` (:class:`svmbook.MuSVC`, ``solver="qp"``). Rows: support vectors, the normal's angle
(degrees) and the equivalent other parameter. Claims: ``C = 1`` gives the two copies different
support vectors (C has no scale-free meaning); the same mu gives both the same support vectors
and the same normal (within 1e-6 degrees).

``size="ci"``: Fig. 6.12 heart only on every second power; Fig. 6.13 every second power of C;
Fig. 6.14 as at full size; Fig. 6.15 every fourth power of gamma; Fig. 6.16 as at full size.
Measured here (two shared cores): at full size Fig. 6.12 about 55 s, Fig. 6.15 about 50 s, the
others a few seconds; all five at CI size about 15 s.
"""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..convert import c_to_mu
from ..datasets import make_blobs2d
from ..model_selection import mu_schedule, mu_search
from ..svm import SVC, MuSVC
from . import Result, iterate
from ._common import by_name, c_svm, goodrich_figure, load

#: ``log2`` of the grids (C, and the Gaussian kernel's gamma).
LOG2_GRID = tuple(range(-10, 11))
#: A multiplier this close to C (relative) is at the bound.
_BOUND_RTOL = 1e-8
#: Fig. 6.12: the sets and the grid step by size.
_FIG_6_12 = {"full": (("banana", "heart"), 1), "ci": (("heart",), 2)}
#: Fig. 6.14: points per class, directions of the mean width, steps of the schedules.
FIG_6_14 = {"n_per_class": 50, "n_directions": 180, "n_steps": 20}
#: Fig. 6.16: the scale of the copy and the mu of the mu-SVM.
FIG_6_16 = {"scale": 10.0, "mu": 0.2}


def _at_centroid(alpha, y, C):
    """Whether each class (``+1``, ``-1``) has all its multipliers at C."""
    at_bound = alpha >= C * (1.0 - _BOUND_RTOL)
    return tuple(bool(np.all(at_bound[y == c])) for c in (1.0, -1.0))


# --------------------------------------------------------------------------------------------
# Fig. 6.12: the valid region of the C-SVM
# --------------------------------------------------------------------------------------------


def valid_region(dataset, log2_grid):
    """Fit the C-SVM over a Gaussian grid: test errors, valid points, one-class machines.

    Parameters
    ----------
    dataset : str
        A Rätsch set by its name in the thesis (realisation 1).
    log2_grid : sequence of int
        ``log2`` of gamma (rows) and of C (columns).

    Returns
    -------
    dict
        ``error``, ``valid`` (no class at its centroid) and ``one_class`` (every test point
        given one class): arrays of shape ``(len(log2_grid), len(log2_grid))``.
    """
    X, y, X_test, y_test = load(dataset, 1)
    shape = (len(log2_grid), len(log2_grid))
    out = {
        "error": np.zeros(shape),
        "valid": np.zeros(shape, bool),
        "one_class": np.zeros(shape, bool),
    }
    for i, lg in enumerate(log2_grid):
        for j, lc in enumerate(log2_grid):
            clf, alpha, _ = c_svm(X, y, 2.0**lc, "rbf", 2.0**lg)
            predicted = clf.predict(X_test)
            out["error"][i, j] = np.mean(predicted != y_test)
            out["valid"][i, j] = not any(_at_centroid(alpha, y, 2.0**lc))
            out["one_class"][i, j] = np.unique(predicted).size == 1
    return out


def _fig_6_12(size, random_state, progress):
    datasets, step = _FIG_6_12[size]
    grid = LOG2_GRID[::step]
    rows, maps, boundary = [], {}, {}
    invalid = one_class = 0
    for d in iterate(datasets, "fig 6.12", progress):
        m = maps[d] = valid_region(d, grid)
        boundary[d] = []
        for i, lg in enumerate(grid):
            valid = m["valid"][i]
            smallest = grid[int(np.argmax(valid))] if valid.any() else "none"
            boundary[d].append(smallest)
            best = int(np.argmin(m["error"][i]))
            rows.append(
                {
                    "dataset": d,
                    "log2 gamma": lg,
                    "smallest valid log2 C": smallest,
                    "valid": int(valid.sum()),
                    "invalid": int((~valid).sum()),
                    "invalid, one class": int((~valid & m["one_class"][i]).sum()),
                    "lowest test error": float(m["error"][i, best]),
                    "its log2 C": grid[best],
                }
            )
        invalid += int((~m["valid"]).sum())
        one_class += int((~m["valid"] & m["one_class"]).sum())
    settings = {
        "kernel": "rbf",
        "grid": f"gamma, C in 2^-10 .. 2^10, log2 step {step}",
        "machine": "C-SVM (svmbook.SVC, tol 1e-3, KKT threshold)",
        "invalid grid points": invalid,
        "invalid grid points giving one class": one_class,
        "claim: outside the valid region the machines generally give one class": (
            2 * one_class > invalid
        ),
        "claim: the valid region depends on the kernel parameter": all(
            len(set(b)) > 1 for b in boundary.values()
        ),
    }
    if len(datasets) > 1:
        first, second = (boundary[d] for d in datasets[:2])
        settings["claim: the valid region depends on the data"] = first != second
    keys = ("dataset", "log2 gamma")
    columns = tuple(k for k in rows[0] if k not in keys)
    return Result("goodrich-fig-6.12", keys, columns, rows, settings, {"maps": maps})


# --------------------------------------------------------------------------------------------
# Fig. 6.13: the equivalent 1/mu of the C-SVM along C
# --------------------------------------------------------------------------------------------


def _fig_6_13(size, random_state, progress):
    X, y, _, _ = load("splice", 1)
    tau = float(np.max(np.einsum("ij,ij->i", X, X)))
    grid = LOG2_GRID if size == "full" else LOG2_GRID[::2]
    rows = []
    for lc in iterate(grid, "splice", progress):
        C = 2.0**lc
        clf = SVC(C=C, kernel="poly", degree=2, gamma=1.0 / tau, coef0=1.0, tol=1e-3).fit(X, y)
        alpha = np.zeros(y.shape[0])
        alpha[clf.support_] = np.abs(clf.dual_coef_[0])
        inverse = 1.0 / c_to_mu(alpha, C)
        rows.append(
            {
                "log2 C": lc,
                "1/mu": inverse,
                "1/mu (clipped at 1)": max(inverse, 1.0),
                "centroid": any(_at_centroid(alpha, y, C)),
            }
        )
    clipped = np.array([r["1/mu (clipped at 1)"] for r in rows])
    drops = -np.diff(clipped)
    changes = drops[drops > 1e-9 * clipped[:-1]]
    first_one = int(np.argmax(clipped == 1.0)) if np.any(clipped == 1.0) else None
    sizes = {c: int(np.sum(y == c)) for c in (1.0, -1.0)}
    settings = {
        "dataset": "splice, realisation 1",
        "kernel": "poly(q=2), (x.x'/tau + 1)^q, tau = max ||x_i||^2",
        "machine": "C-SVM (svmbook.SVC, tol 1e-3)",
        "class sizes": {str(int(c)): n for c, n in sizes.items()},
        "largest and smallest nonzero one-step change of 1/mu": (
            (float(changes.max()), float(changes.min())) if changes.size else None
        ),
        "claim: the smallest Cs reduce a class to its centroid": rows[0]["centroid"],
        # the solver's tolerance moves sum(alpha') by about 1e-3 relative
        "claim: 1/mu never increases with C": bool(np.all(drops >= -1e-3 * clipped[:-1])),
        "claim: mu reaches 1 within the grid and stays there": first_one is not None
        and bool(np.all(clipped[first_one:] == 1.0)),
        "claim: a unit step of log2 C changes 1/mu by very different amounts": bool(
            changes.size > 1 and changes.max() >= 10.0 * changes.min()
        ),
    }
    if size == "ci":
        settings["log2 C step"] = 2
    columns = ("1/mu", "1/mu (clipped at 1)", "centroid")
    return Result("goodrich-fig-6.13", ("log2 C",), columns, rows, settings)


# --------------------------------------------------------------------------------------------
# Fig. 6.14: stepping 1/mu or mu
# --------------------------------------------------------------------------------------------


def mean_width(P, mu, n_directions):
    """Return the mean width of the reduced convex hull of ``P`` with coefficients ``<= mu``.

    The support function of the reduced hull in direction ``u`` fills the largest projections
    ``u . p_i``, each with weight ``mu``, until the weights sum to 1 (Goodrich 2012, Theorem 3);
    the mean width averages ``h(u) + h(-u)`` over directions spread over a half circle.

    Parameters
    ----------
    P : ndarray of shape (n_points, 2)
        The points.
    mu : float
        The reduction, in ``[1 / n_points, 1]``.
    n_directions : int
        The directions averaged over.

    Returns
    -------
    float
        The mean width.
    """
    angles = np.pi * np.arange(n_directions) / n_directions
    U = np.column_stack([np.cos(angles), np.sin(angles)])
    weights = np.zeros(P.shape[0])
    full = int(np.floor(1.0 / mu + 1e-12))
    weights[:full] = mu
    if full < P.shape[0]:
        weights[full] = 1.0 - full * mu
    proj = P @ U.T  # (n_points, n_directions)
    top = -np.sort(-proj, axis=0)
    bottom = np.sort(proj, axis=0)
    return float(np.mean(weights @ top - weights @ bottom))


def _fig_6_14(size, random_state, progress):
    rng = np.random.default_rng(0)
    n = FIG_6_14["n_per_class"]
    P = rng.uniform(0.0, 1.0, (n, 2))
    y = np.repeat([1.0, -1.0], n)
    inverse_linear = mu_schedule(y, FIG_6_14["n_steps"])
    mu_linear = np.linspace(1.0 / n, 1.0, inverse_linear.size)
    rows = []
    for k, (a, b) in enumerate(zip(inverse_linear, mu_linear, strict=True)):
        rows.append(
            {
                "step": k,
                "(a) 1/mu": 1.0 / a,
                "(a) mean width": mean_width(P, a, FIG_6_14["n_directions"]),
                "(b) 1/mu": 1.0 / b,
                "(b) mean width": mean_width(P, b, FIG_6_14["n_directions"]),
            }
        )
    jump = {s: float(np.max(np.abs(np.diff([r[f"({s}) mean width"] for r in rows])))) for s in "ab"}
    strong = {s: int(sum(r[f"({s}) 1/mu"] > n / 10 for r in rows)) for s in "ab"}
    settings = {
        "points": f"{n} per class, uniform in the unit square, default_rng(0)",
        "schedules": "(a) Goodrich's, linear in 1/mu; (b) linear in mu over [1/m, 1]",
        "largest one-step change of the mean width": jump,
        f"values with 1/mu > m/10 = {n / 10:g}": strong,
        "claim: stepping mu linearly makes larger jumps in the hull": jump["b"] > jump["a"],
    }
    columns = tuple(k for k in rows[0] if k != "step")
    return Result("goodrich-fig-6.14", ("step",), columns, rows, settings)


# --------------------------------------------------------------------------------------------
# Fig. 6.15: the mu search over (mu, gamma)
# --------------------------------------------------------------------------------------------


def _fig_6_15(size, random_state, progress):
    X, y, X_test, y_test = load("banana", 1)
    grid = LOG2_GRID if size == "full" else LOG2_GRID[::4]

    def test_error(model, X, y):
        return float(np.mean(model.predict(X_test) != y_test))

    with warnings.catch_warnings(record=True) as caught:
        # near the intersection the solver crawls: counted; the first capped fit ends its gamma
        warnings.simplefilter("always", ConvergenceWarning)
        res = mu_search(
            X,
            y,
            gammas=[2.0**g for g in grid],
            criterion=test_error,
            estimator=MuSVC(kernel="rbf", solver="smo"),
            progress=progress,
        )
    schedule = mu_schedule(y)
    rows = []
    for lg in grid:
        mine = [r for r in res.rows if r["gamma"] == 2.0**lg]
        scored = [r for r in mine if np.isfinite(r["score"])]
        best = min(scored, key=lambda r: r["score"]) if scored else None
        stops = [r["stop"] for r in mine if r["stop"]]
        rows.append(
            {
                "log2 gamma": lg,
                "mu searched": len(scored),
                "stop": stops[0] if stops else "mu = 1",
                "lowest test error": best["score"] if best else "n/a",
                "its 1/mu": 1.0 / best["mu"] if best else "n/a",
            }
        )
    small = [r for r in rows if r["log2 gamma"] < 0]
    overlapping = sum(2 * r["mu searched"] < schedule.size for r in small)
    settings = {
        "dataset": "banana, realisation 1",
        "schedule": f"{schedule.size} mu, 1/mu from {1 / schedule[0]:g} to 1",
        "machines trained": res.n_trained,
        "machines stopped at the solver's max_iter": sum(
            issubclass(w.category, ConvergenceWarning) for w in caught
        ),
        "best (log2 gamma, 1/mu)": (
            float(np.log2(res.best_params["gamma"])),
            float(1.0 / res.best_params["mu"]),
        ),
        "claim: the search skips part of the grid": res.n_trained < schedule.size * len(grid),
        "claim: at small gamma the hulls overlap for most mu": 2 * overlapping > len(small),
    }
    columns = tuple(k for k in rows[0] if k != "log2 gamma")
    return Result("goodrich-fig-6.15", ("log2 gamma",), columns, rows, settings)


# --------------------------------------------------------------------------------------------
# Fig. 6.16: C = 1 on two scaled copies
# --------------------------------------------------------------------------------------------


def _angle(w):
    return float(np.degrees(np.arctan2(w[1], w[0])))


def _fig_6_16(size, random_state, progress):
    X, y = make_blobs2d(n_samples=40, random_state=0)
    rows, supports, angles = [], {}, {}
    for label, data in (("toy", X), (f"toy x {FIG_6_16['scale']:g}", FIG_6_16["scale"] * X)):
        c = SVC(C=1.0, kernel="linear", solver="qp").fit(data, y)
        alpha = np.zeros(y.shape[0])
        alpha[c.support_] = np.abs(c.dual_coef_[0])
        m = MuSVC(mu=FIG_6_16["mu"], kernel="linear", solver="qp").fit(data, y)
        for machine, model, other, value in (
            ("C = 1", c, "equivalent 1/mu", 1.0 / c_to_mu(alpha, 1.0)),
            (f"mu = 1/{1 / FIG_6_16['mu']:g}", m, "equivalent C", float(m.C_[0])),
        ):
            supports[label, machine] = frozenset(model.support_.tolist())
            angles[label, machine] = _angle(model.coef_[0])
            rows.append(
                {
                    "data": label,
                    "machine": machine,
                    "n_SV": int(model.support_.shape[0]),
                    "angle of w (degrees)": angles[label, machine],
                    other: value,
                }
            )
    labels = sorted({r["data"] for r in rows}, key=len)
    mu_name = rows[1]["machine"]
    settings = {
        "data": "make_blobs2d(n_samples=40, random_state=0) and the same scaled",
        "kernel": "linear",
        "solver": "qp",
        "claim: C = 1 gives the two copies different support vectors": supports[labels[0], "C = 1"]
        != supports[labels[1], "C = 1"],
        "claim: the same mu gives both copies the same machine": bool(
            supports[labels[0], mu_name] == supports[labels[1], mu_name]
            and abs(angles[labels[0], mu_name] - angles[labels[1], mu_name]) <= 1e-6
        ),
    }
    columns = ("n_SV", "angle of w (degrees)", "equivalent 1/mu", "equivalent C")
    return Result("goodrich-fig-6.16", ("data", "machine"), columns, rows, settings)


EXPERIMENTS = by_name(
    goodrich_figure(
        "6.12",
        "Test error and the valid parameters of the C-SVM (no class at its centroid)",
        "6.4.1",
        _fig_6_12,
        __doc__,
    ),
    goodrich_figure(
        "6.13",
        "Splice, polynomial q = 2: the equivalent 1/mu against C",
        "6.4.1",
        _fig_6_13,
        __doc__,
    ),
    goodrich_figure(
        "6.14", "Reduced convex hulls stepping 1/mu or mu linearly", "6.4.2", _fig_6_14, __doc__
    ),
    goodrich_figure(
        "6.15",
        "Test error of the mu-search over (mu, gamma) on banana",
        "6.4.4",
        _fig_6_15,
        __doc__,
        remarks=(
            "The hulls meet before mu reaches 1 at every gamma below 2^2, but mostly only the "
            "last few values of the schedule are skipped: only the smallest gamma loses most "
            "of it, the next one about half."
        ),
    ),
    goodrich_figure(
        "6.16", "C = 1 on two toy sets identical up to scaling", "6.4.4", _fig_6_16, __doc__
    ),
)
