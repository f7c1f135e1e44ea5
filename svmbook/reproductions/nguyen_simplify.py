"""Nguyen (2006) Tables 3.2-3.4 and Figs 3.6, 3.7: simplifying trained SVMs bottom-up.

Nguyen's method (Table 3.1, section 3.3; :func:`svmbook.simplify.simplify`) merges close
same-class support vectors while the maximal marginal difference (MMD) at the original support
vectors stays within a threshold (Phase I), refits all weights (Proposition 5, step 11) and
optionally optimises vectors and weights together (Phase II, section 3.3.3).

**Table 3.2** (section 3.4): USPS (7,291 training and 2,007 test digits, 16 x 16 grey levels in
[-1, 1]), ten one-vs-rest machines (svmbook's ``SVC(multiclass="ovr")``, the class of the largest
output wins), ``C = 10``, the Gaussian ``exp(-0.0078 ||x - y||^2)`` and a degree-3 polynomial;
MMD in {0.0, 0.1, 0.2, 0.5, 0.7, 1.0, 1.2, 1.5}, 0.0 being the original machines. "# of SVs" is
the total over the ten machines (a support vector of several machines counts in each), "Phase 1
errors" are those after Phase I and the refit of step 11 (``phase2=False``; the thesis's Table 3.1
places the refit in Phase I), "Phase 2 errors" those after Phase II (``phase2=True``, 200 L-BFGS
iterations), out of the 2,007 test digits.

* The polynomial kernel: Proposition 3 holds for the homogeneous ``(x . y)^p`` only, and the
  thesis does not say which form it trained, so we train the homogeneous ``(x . y / 256)^3``
  (``gamma = 1/256``, ``coef0 = 0``): on 256 pixels in [-1, 1], ``x . y / 256`` lies in [-1, 1],
  so the kernel values stay below 1 in size (unscaled they reach ``256^3``, and the dual's
  ``C = 10`` would then bind at a different place). Our original machine has about the thesis's
  number of support vectors and its 88 errors.
* The verdict: each "# of SVs" is a count compared by the report's relative rule (within 10 %).
  The errors are compared in the binomial standard error of a count on 2,007 test points,
  ``SE = sqrt(e (1 - e / 2007))`` at the thesis's count ``e`` (about 9.2 errors near 90): a Phase 1
  or Phase 2 error count agrees if it is within 2 SE of the printed one (each a claim; the printed
  cells, ``88(4.4%)``, are text). Claim of the text (section 3.4): for both kernels some MMD
  reduces the support vectors by more than 90 % "with only a minor loss" (here: Phase 2 errors at
  most 10 above the original's, 0.5 % of the test set; the thesis's losses are 0.3 % and 0.2 %).
* Where ours differs: at the same MMD our Phase I keeps more vectors than the thesis's (for
  example about 1,100 against 502 with the Gaussian kernel at MMD 1.0), with similar errors. The
  MMD is measured on the machine's outputs, so it depends on the kernel's width against the
  data's scale, which the thesis does not state. With pixels in [0, 1] (the same ``gamma``), the
  distances are a quarter and the kernel four times wider: a variant row ``rbf, [0,1] pixels``
  runs that set-up (no printed row; it is not compared), to test the explanation.
* The pair list: Table 3.1's step 1 pairs each vector with its nearest same-class neighbour
  only, so Phase I stops when every such merge breaks the threshold although a farther pair
  might still merge. The variant rows ``rbf, all pairs`` and ``poly, all pairs`` run Phase I
  (with the refit, no Phase II) over every same-class pair by increasing distance
  (``pairs="all"`` of :func:`svmbook.simplify.bottom_up`) at MMD 1.0 and 1.5 (not compared).
  Other readings of Definition 6 and Table 3.1 were tried on single machines and are not run
  here: geometric distances ``f / ||w||`` (and ``f' / ||w'||``), Proposition 5's refit after
  every kept merge, the merged vector's weight fitted to the original vectors it stands for or
  set to ``alpha_i + alpha_j``, the MMD over the free support vectors only, over all training
  points, one-sided (only losses of margin), with a re-estimated threshold (the mid-range of
  the differences), or on each merge's change alone, and the pair list neither restarted after
  a kept merge nor allowing merged vectors to merge again.

**Table 3.3** (section 3.4): the 45 one-vs-one Gaussian machines of USPS, ``C = 10``, each pair's
``gamma`` the smallest of {0.001, 0.003, 0.005, 0.007, 0.009} with the least training error (the
thesis: "the smallest value ... that gives the minimum train error"), Phase I only
(``phase2=False``, with the refit), at MMD 1.0 (the thesis does not state it; Table 3.4's value).
A cell is a pair: its support vectors, original and simplified, and its test errors on the test
digits of its two classes, original-simplified (text, as printed). The SV counts are compared by
the relative rule; the claims: the lowest and highest reductions within 10 points of the thesis's
57.9 % and 97.6 %; "almost zero" difference in generalisation: the error differences summed over
the pairs (the thesis has 6 on 2,007 x 9 tests) at most 0.1 % of the tests (18); the total of the
original errors within 2 binomial SE of the thesis's 263. The settings also give the totals of
the simplified vectors and of the error differences at smaller MMD thresholds (the machines are
the same), to show which threshold the thesis's totals, 963 vectors and 6 differences, suggest,
and at MMD 1.0 with Phase I over every same-class pair (``pairs="all"``, Table 3.2's variant).

**Table 3.4** (section 3.4): satimage, letter, shuttle and dna of the StatLog collection (the
LIBSVM copies of :func:`svmbook.datasets.load_libsvm`, their standard splits); MNIST is not in
the book's data, so its row is not run (the report counts its cells as "n/a"). Decisions where
the thesis is silent: every feature scaled to [-1, 1] by its training minimum and maximum (the
test set with the same map); the Gaussian kernel with ``gamma = 1 / (0.6 V)``, ``V`` the total
variance of the scaled training inputs (the sum of the features' variances, our reading of "the
width of 1 / (0.6 Variance)"); one-vs-one machines (LIBSVM's); ``C = 10`` as on USPS; MMD 1.0 with
Phase II (the thesis's method as a whole). "Original # of SVs" is LIBSVM's count of distinct
support vectors (what a prediction of the original machines evaluates; the thesis's dna count,
1,686 of 2,000 training points, reads as that count: summed over the three machines, ours
exceeds the training set), "Simplified # of SVs" the reduced vectors of all machines (none is
shared between machines), and the reduction rate ``1 - simplified / original``; the extra column
"machine SVs, total" sums the support vectors over the machines, as Table 3.2 counts them.
Dimensions and classes as StatLog has them, 36 and 7 (docs/errata.md#nguyen-2006-tables-3-4-4-1).
Cells are compared by the relative rule; claims: on every set "almost no change in
generalisation" (at most 0.5 points of error), and our lowest and highest reduction rates within
10 points of the thesis's 70.9 % and 94.5 %.

**Fig. 3.6** (section 3.4): accuracy against the reduction on USPS (the Gaussian one-vs-rest
machines of Table 3.2): bottom-up Phase I and Phase II at each MMD, and the top-down method
(Burges; Schölkopf et al.; :func:`svmbook.simplify.top_down`, Phase I: the pre-images and the
refits) with the bottom-up Phase I's number of vectors per machine. The top-down construction is
greedy and refits every weight at each step, so one construction per machine to its largest size
gives every smaller size as its first vectors, refitted. The thesis's claim "with the same
reduction rate the bottom-up preserved better predictive accuracy" is checked at every MMD:
bottom-up Phase I errors at most the top-down's. It prints no numbers. Full size runs MMD 0.5 to
1.5: the top-down construction to the sizes of MMD 0.1 and 0.2 (about 3,700 vectors, one
fixed-point search with ten starts each) would take about half an hour more here.

**Fig. 3.7** (section 3.4): the reduced vectors of the ten polynomial machines of Table 3.2 at
MMD 1.5 after Phase II, as 16 x 16 images with their weights. Printed: 270 vectors and 95 errors
in all, machine '1' with 6 vectors and machine '8' with 43 (compared by the relative rule);
claims: the machines do not all have the same number of vectors, and '8' has more than '1'. The
settings give the counts of '1', '8' and all after Phase I over every same-class pair
(``pairs="all"``, Table 3.2's variant; Phase II does not change the counts).

The experiments share the USPS machines and their simplifications within a process (cached).
Run sizes: ``"full"`` as above. ``"ci"``: a stratified subsample of 600 training and 300 test
digits (seed 0), MMD in {0.0, 0.5, 1.5}; Table 3.3 the pairs 2-1, 5-3 and 6-3; Table 3.4 the
first four classes of each set, stratified subsamples of 300 training and 300 test points.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from ..datasets import load_libsvm, load_usps
from ..simplify import refit_weights, simplify, top_down
from ..simplify.estimator import _machines
from ..svm import SVC
from . import Experiment, Result, iterate, parse_table
from ._cells import published_rows
from ._common import by_name
from .nguyen_warm_start import stratified

#: The MMD thresholds of Table 3.2 (0.0: the original machines).
MMDS = (0.0, 0.1, 0.2, 0.5, 0.7, 1.0, 1.2, 1.5)
C = 10.0
#: USPS kernels of Table 3.2 (the polynomial's form is our decision, module docstring).
USPS_KERNELS = {
    "rbf": {"kernel": "rbf", "gamma": 0.0078},
    "poly": {"kernel": "poly", "degree": 3, "gamma": 1.0 / 256.0, "coef0": 0.0},
}
#: The variant that tests the pixel-scale explanation: pixels in [0, 1], the same gamma.
VARIANT = "rbf, [0,1] pixels"
#: The variants that test the pair-list explanation: Phase I over every same-class pair
#: (``pairs="all"``), at the MMDs where the counts differ most (a run at MMD 0.2 takes about a
#: minute per machine); the row group -> the machines.
ALL_PAIRS = {"rbf, all pairs": "rbf", "poly, all pairs": "poly"}
ALL_PAIRS_MMDS = {"ci": (1.5,), "full": (1.0, 1.5)}
#: Table 3.3's gammas and MMD threshold (not stated in the thesis).
PAIR_GAMMAS = (0.001, 0.003, 0.005, 0.007, 0.009)
PAIR_MMD = 1.0
#: Other MMD thresholds whose totals Table 3.3's settings report (the thesis's is not stated).
PAIR_SWEEP = {"ci": (0.2,), "full": (0.05, 0.1, 0.2, 0.3, 0.5)}
#: The thesis's order of the digits (Table 3.3).
DIGITS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
#: Table 3.4: the thesis's names -> loader names; the MMD; the width factor of gamma.
STATLOG = {"Dna": "dna", "Letter": "letter", "Satimage": "satimage", "Shuttle": "shuttle"}
STATLOG_MMD = 1.0
WIDTH = 0.6
#: Phase II's L-BFGS iterations (simplify's default).
PHASE2_ITER = 200
#: An error count agrees within this many binomial standard errors.
SE_BAND = 2.0
#: Claims: "minor loss" (errors above the original's), "almost no change" (points of error %).
MINOR_LOSS = 10
NO_CHANGE_POINTS = 0.5
#: Claims: the reductions' range within this many points of the thesis's.
RANGE_POINTS = 10.0
_CI = {"n_train": 600, "n_test": 300, "mmds": (0.0, 0.5, 1.5), "pairs": ((2, 1), (5, 3), (6, 3)),
       "statlog": 300, "classes": 4}  # fmt: skip


def _mmds(size):
    return MMDS if size == "full" else _CI["mmds"]


def subsample(X, y, X_test, y_test, n_train, n_test):
    """Return stratified subsamples of a training and a test set (seed 0), the CI size's data.

    Parameters
    ----------
    X, y : ndarray
        The training points and labels.
    X_test, y_test : ndarray
        The test points and labels.
    n_train, n_test : int
        About how many points to keep of each (every class keeps a few).

    Returns
    -------
    tuple of ndarray
        ``(X, y, X_test, y_test)`` subsampled.
    """
    rng = np.random.default_rng(0)
    keep, keep_test = stratified(y, n_train, rng), stratified(y_test, n_test, rng)
    return X[keep], y[keep], X_test[keep_test], y_test[keep_test]


@cache
def usps(size, scale="[-1,1]"):
    """Return the USPS digits as run: the whole sets, or the CI subsample.

    Parameters
    ----------
    size : {"ci", "full"}
        The run's size.
    scale : {"[-1,1]", "[0,1]"}, default="[-1,1]"
        The pixels' range (the data's own, or mapped by ``(x + 1) / 2``).

    Returns
    -------
    tuple of ndarray
        ``(X, y, X_test, y_test)``.
    """
    X, y = load_usps("train")
    X_test, y_test = load_usps("test")
    if size == "ci":
        X, y, X_test, y_test = subsample(X, y, X_test, y_test, _CI["n_train"], _CI["n_test"])
    if scale == "[0,1]":
        X, X_test = (X + 1.0) / 2.0, (X_test + 1.0) / 2.0
    return X, y, X_test, y_test


def _usps_setup(kernel):
    """Return the kernel's parameters and pixel range of a row of Table 3.2 (or the variant)."""
    if kernel == VARIANT:
        return USPS_KERNELS["rbf"], "[0,1]"
    return USPS_KERNELS[ALL_PAIRS.get(kernel, kernel)], "[-1,1]"


@cache
def usps_model(kernel, size):
    """Train the ten one-vs-rest machines of Table 3.2 (cached).

    Parameters
    ----------
    kernel : {"rbf", "poly", "rbf, [0,1] pixels"}
        The row group of Table 3.2, or the variant.
    size : {"ci", "full"}
        The run's size.

    Returns
    -------
    svmbook.SVC
        The fitted machines.
    """
    params, scale = _usps_setup(kernel)
    X, y, _, _ = usps(size, scale)
    return SVC(C=C, multiclass="ovr", **params).fit(X, y)


@cache
def usps_simplified(kernel, size, mmd, phase2, pairs="nearest"):
    """Simplify the machines of :func:`usps_model` (cached: the tables and figures share them).

    Parameters
    ----------
    kernel : {"rbf", "poly", "rbf, [0,1] pixels"}
        The machines.
    size : {"ci", "full"}
        The run's size.
    mmd : float
        The MMD threshold.
    phase2 : bool
        Run Phase II (else Phase I and the refit).
    pairs : {"nearest", "all"}, default="nearest"
        Phase I's pair list (:func:`svmbook.simplify.bottom_up`).

    Returns
    -------
    svmbook.simplify.SimplifiedSVC
        The simplified machines.
    """
    return simplify(usps_model(kernel, size), mmd=mmd, phase2=phase2, phase2_iter=PHASE2_ITER,
                    pairs=pairs)  # fmt: skip


def count_errors(model, X_test, y_test):
    """Return a model's errors on test points.

    Parameters
    ----------
    model : classifier
        Anything with ``predict``.
    X_test : ndarray
        The test points.
    y_test : ndarray
        Their labels.

    Returns
    -------
    int
        The misclassified points.
    """
    return int(np.sum(model.predict(X_test) != y_test))


def n_machine_svs(model):
    """Return the support vectors of a multiclass SVC summed over its machines.

    Parameters
    ----------
    model : svmbook.SVC
        A fitted one-vs-rest classifier.

    Returns
    -------
    int
        The non-zero weights of all machines (a vector of several machines counts in each).
    """
    return int(sum(np.count_nonzero(row) for row in np.asarray(model.dual_coef_)))


def count_se(errors, n):
    """Return the binomial standard error of an error count.

    Parameters
    ----------
    errors : int
        Errors out of ``n``.
    n : int
        Test points.

    Returns
    -------
    float
        ``sqrt(errors (1 - errors / n))``.
    """
    return math.sqrt(errors * (1.0 - errors / n))


def printed_count(cell):
    """Return the count of a printed error cell, ``"88(4.4%)"`` -> 88, ``"4-5"`` -> (4, 5).

    Parameters
    ----------
    cell : str
        The cell as typed.

    Returns
    -------
    int or tuple of int
        The count, or the original and simplified counts of a Table 3.3 cell.
    """
    if "-" in cell:
        before, after = cell.split("-")
        return int(before), int(after)
    return int(cell.split("(")[0])


def _reduction(before, after):
    return round(100.0 * (1.0 - after / before), 1)


# ---------------------------------------------------------------------------------- Table 3.2


def _table_3_2(size, random_state, progress):
    del random_state  # a fixed set-up
    rows = []
    jobs = [(k, m) for k in (*USPS_KERNELS, VARIANT) for m in _mmds(size)]
    n_test = None
    for kernel, mmd in iterate(jobs, "nguyen-table-3.2", progress):
        model = usps_model(kernel, size)
        _, _, X_test, y_test = usps(size, _usps_setup(kernel)[1])
        n_test = y_test.size
        n_original = n_machine_svs(model)
        if mmd == 0.0:
            n = n_original
            e1 = e2 = count_errors(model, X_test, y_test)
        else:
            p1 = usps_simplified(kernel, size, mmd, False)
            n = int(p1.report_["n_after"])
            e1 = count_errors(p1, X_test, y_test)
            e2 = count_errors(usps_simplified(kernel, size, mmd, True), X_test, y_test)
        rows.append({"kernel": kernel, "MMD": mmd, "# of SVs": n,
                     "reduction (%)": _reduction(n_original, n), "Phase 1 errors": e1,
                     "Phase 2 errors": e2})  # fmt: skip
    _, _, X_test, y_test = usps(size)
    for group, kernel in ALL_PAIRS.items():
        n_original = n_machine_svs(usps_model(kernel, size))
        for mmd in ALL_PAIRS_MMDS[size]:
            p1 = usps_simplified(kernel, size, mmd, False, "all")
            n = int(p1.report_["n_after"])
            rows.append({"kernel": group, "MMD": mmd, "# of SVs": n,
                         "reduction (%)": _reduction(n_original, n),
                         "Phase 1 errors": count_errors(p1, X_test, y_test)})  # fmt: skip
    settings = {"C": C, "kernels": {k: dict(v) for k, v in USPS_KERNELS.items()},
                "training points": int(usps(size)[1].size), "test points": int(n_test),
                "phase2_iter": PHASE2_ITER, "variant": f"{VARIANT}: not compared",
                "variants": ", ".join(ALL_PAIRS) + ": Phase I over every same-class pair "
                            "(pairs='all'; Phase II not run), not compared"}  # fmt: skip
    columns = ("# of SVs", "reduction (%)", "Phase 1 errors", "Phase 2 errors")
    return Result("nguyen-table-3.2", ("kernel", "MMD"), columns, rows, settings)


def error_claims(result, published, n_test):
    """Check our error counts against the printed ones, within :data:`SE_BAND` binomial SEs.

    Parameters
    ----------
    result : Result
        A run of Table 3.2.
    published : sequence of dict
        The printed rows (error cells as text, ``"88(4.4%)"``).
    n_test : int
        The test points of the printed counts.

    Returns
    -------
    dict
        ``{claim: bool}``, one per printed error cell whose row we ran.
    """
    ours = {(r["kernel"], r["MMD"]): r for r in result.rows}
    claims = {}
    for p in published:
        r = ours.get((p["kernel"], p["MMD"]))
        if r is None:
            continue
        for column in ("Phase 1 errors", "Phase 2 errors"):
            theirs = printed_count(p[column])
            band = SE_BAND * count_se(theirs, n_test)
            claims[f"{p['kernel']} MMD {p['MMD']}: {column} {r[column]} within "
                   f"{SE_BAND:g} SE ({band:.1f}) of the thesis's {theirs}"] = bool(
                abs(r[column] - theirs) <= band)  # fmt: skip
    return claims


def _claims_3_2(result):
    claims = error_claims(result, EXPERIMENTS["nguyen-table-3.2"].published, 2007)
    for kernel in USPS_KERNELS:
        rows = [r for r in result.rows if r["kernel"] == kernel]
        original = next(r["Phase 2 errors"] for r in rows if r["MMD"] == 0.0)
        claims[f"{kernel}: some MMD reduces the SVs by more than 90 % with at most "
               f"{MINOR_LOSS} more errors (Phase 2)"] = any(
            r["reduction (%)"] > 90.0 and r["Phase 2 errors"] - original <= MINOR_LOSS
            for r in rows)  # fmt: skip
    return claims


# ---------------------------------------------------------------------------------- Table 3.3


@cache
def pair_model(a, b, size):
    """Select and train the one-vs-one machine of digits ``a`` and ``b`` (Table 3.3, cached).

    Parameters
    ----------
    a, b : int
        The two digits.
    size : {"ci", "full"}
        The run's size.

    Returns
    -------
    dict
        ``model`` (the machine of the selected gamma), ``gamma``, ``train errors`` (per gamma),
        and the pair's test digits ``X_test`` and ``y_test``.
    """
    X, y, X_test, y_test = usps(size)
    keep, keep_test = np.isin(y, (a, b)), np.isin(y_test, (a, b))
    X, y = X[keep], y[keep]
    models = [SVC(C=C, kernel="rbf", gamma=g).fit(X, y) for g in PAIR_GAMMAS]
    train_errors = [count_errors(m, X, y) for m in models]
    best = int(np.argmin(train_errors))  # the first minimum: the smallest gamma
    return {"model": models[best], "gamma": PAIR_GAMMAS[best], "train errors": train_errors,
            "X_test": X_test[keep_test], "y_test": y_test[keep_test]}  # fmt: skip


@cache
def pair_run(a, b, size, mmd=PAIR_MMD, pairs="nearest"):
    """Simplify the machine of :func:`pair_model` by Phase I (and the refit), cached.

    Parameters
    ----------
    a, b : int
        The two digits.
    size : {"ci", "full"}
        The run's size.
    mmd : float, default=PAIR_MMD
        The MMD threshold.
    pairs : {"nearest", "all"}, default="nearest"
        Phase I's pair list (:func:`svmbook.simplify.bottom_up`).

    Returns
    -------
    dict
        ``gamma``, ``SVs original``, ``SVs simplified``, ``errors original``, ``errors
        simplified``, ``changed`` (test digits whose outcome the simplification changes) and
        ``test points``.
    """
    m = pair_model(a, b, size)
    model, X_test, y_test = m["model"], m["X_test"], m["y_test"]
    small = simplify(model, mmd=mmd, phase2=False, pairs=pairs)
    right, right_small = model.predict(X_test) == y_test, small.predict(X_test) == y_test
    return {
        "gamma": m["gamma"],
        "SVs original": int(model.support_.size),
        "SVs simplified": int(small.report_["n_after"]),
        "errors original": int(np.sum(~right)),
        "errors simplified": int(np.sum(~right_small)),
        "changed": int(np.sum(right != right_small)),
        "test points": int(y_test.size),
    }


def _pair_totals(size, mmd, pairs="nearest"):
    """Return the simplified vectors and the error differences summed over the pairs."""
    runs = [pair_run(a, b, size, mmd, pairs) for a, b in _pairs(size)]
    return (sum(r["SVs simplified"] for r in runs),
            sum(abs(r["errors original"] - r["errors simplified"]) for r in runs))  # fmt: skip


def _pairs(size):
    if size == "ci":
        return _CI["pairs"]
    return tuple((DIGITS[i], DIGITS[j]) for i in range(len(DIGITS)) for j in range(i))


def _table_3_3(size, random_state, progress):
    del random_state
    rows = []
    for a, b in iterate(_pairs(size), "nguyen-table-3.3", progress):
        r = pair_run(a, b, size)
        rows.append({"digit": a, "vs digit": b, "gamma": r["gamma"],
                     "SVs original": r["SVs original"], "SVs simplified": r["SVs simplified"],
                     "reduction (%)": _reduction(r["SVs original"], r["SVs simplified"]),
                     "errors": f"{r['errors original']}-{r['errors simplified']}",
                     "changed outcomes": r["changed"]})  # fmt: skip
    runs = [pair_run(a, b, size) for a, b in _pairs(size)]
    settings = {
        "C": C, "gammas": PAIR_GAMMAS, "MMD": PAIR_MMD,
        "SVs original, total": sum(r["SVs original"] for r in runs),
        "SVs simplified, total": sum(r["SVs simplified"] for r in runs),
        "errors original, total": sum(r["errors original"] for r in runs),
        "errors simplified, total": sum(r["errors simplified"] for r in runs),
        "error differences (sum over pairs)": sum(
            abs(r["errors original"] - r["errors simplified"]) for r in runs),
        "tests": sum(r["test points"] for r in runs),
    }  # fmt: skip
    for mmd in PAIR_SWEEP[size]:
        n, differences = _pair_totals(size, mmd)
        settings[f"MMD {mmd}: SVs simplified, total; error differences"] = f"{n}; {differences}"
    n, differences = _pair_totals(size, PAIR_MMD, "all")
    settings[f"pairs='all' (every same-class pair), MMD {PAIR_MMD}: SVs simplified, total; "
             "error differences"] = f"{n}; {differences}"
    columns = ("gamma", "SVs original", "SVs simplified", "reduction (%)", "errors",
               "changed outcomes")  # fmt: skip
    return Result("nguyen-table-3.3", ("digit", "vs digit"), columns, rows, settings)


#: Table 3.3's printed range of reductions (section 3.4), its totals and its test count.
PAIR_RANGE = (57.9, 97.6)
PAIR_ERRORS = 263
PAIR_TESTS = 2007 * 9


def _claims_3_3(result):
    reductions = result.column("reduction (%)")
    s = result.settings
    se = count_se(PAIR_ERRORS, PAIR_TESTS)
    return {
        f"lowest reduction {min(reductions)} % within {RANGE_POINTS:g} points of "
        f"{PAIR_RANGE[0]} %": abs(min(reductions) - PAIR_RANGE[0]) <= RANGE_POINTS,
        f"highest reduction {max(reductions)} % within {RANGE_POINTS:g} points of "
        f"{PAIR_RANGE[1]} %": abs(max(reductions) - PAIR_RANGE[1]) <= RANGE_POINTS,
        f"almost no difference in generalisation: {s['error differences (sum over pairs)']} "
        f"error differences, at most 0.1 % of the {s['tests']} tests":
            s["error differences (sum over pairs)"] <= 0.001 * s["tests"],
        f"original errors {s['errors original, total']} within {SE_BAND:g} SE of the thesis's "
        f"{PAIR_ERRORS} (SE {se:.1f})":
            abs(s["errors original, total"] - PAIR_ERRORS) <= SE_BAND * se,
    }  # fmt: skip


# ---------------------------------------------------------------------------------- Table 3.4


def scale_features(X, X_test):
    """Scale every feature to [-1, 1] by its training minimum and maximum (constant ones to 0).

    Parameters
    ----------
    X : ndarray
        The training points.
    X_test : ndarray
        The test points, mapped the same way (they may leave [-1, 1]).

    Returns
    -------
    tuple of ndarray
        The scaled training and test points.
    """
    lo, hi = X.min(axis=0), X.max(axis=0)
    span = np.where(hi > lo, hi - lo, 1.0)

    def scaled(Z):
        return np.where(hi > lo, 2.0 * (Z - lo) / span - 1.0, 0.0)

    return scaled(X), scaled(X_test)


def width_gamma(X):
    """Return ``1 / (0.6 V)``, ``V`` the total variance of the inputs (Table 3.4's kernel).

    Parameters
    ----------
    X : ndarray
        The training points.

    Returns
    -------
    float
        The Gaussian kernel's gamma.
    """
    return 1.0 / (WIDTH * float(np.sum(np.var(X, axis=0))))


@cache
def statlog_run(dataset, size):
    """Train and simplify the one-vs-one machines of a set of Table 3.4 (cached).

    Parameters
    ----------
    dataset : str
        A key of :data:`STATLOG`.
    size : {"ci", "full"}
        The run's size.

    Returns
    -------
    dict
        The row of Table 3.4 and the extra columns.
    """
    X, y = load_libsvm(STATLOG[dataset], "train")
    X_test, y_test = load_libsvm(STATLOG[dataset], "test")
    if size == "ci":
        classes = np.unique(y)[: _CI["classes"]]
        X, y = X[np.isin(y, classes)], y[np.isin(y, classes)]
        X_test, y_test = X_test[np.isin(y_test, classes)], y_test[np.isin(y_test, classes)]
        X, y, X_test, y_test = subsample(X, y, X_test, y_test, _CI["statlog"], _CI["statlog"])
    X, X_test = scale_features(X, X_test)
    gamma = width_gamma(X)
    model = SVC(C=C, kernel="rbf", gamma=gamma).fit(X, y)
    small = simplify(model, mmd=STATLOG_MMD, phase2=True, phase2_iter=PHASE2_ITER)
    n_original, n_small = int(model.support_.size), int(small.report_["n_after"])
    return {
        "Dataset": dataset, "Dim.": int(X.shape[1]), "# of Classes": int(np.unique(y).size),
        "Size Train": int(y.size), "Size Test": int(y_test.size),
        "Original # of SVs": n_original,
        "Original Error (%)": round(100.0 * count_errors(model, X_test, y_test) / y_test.size, 2),
        "Simplified # of SVs": n_small,
        "Simplified Error (%)": round(100.0 * count_errors(small, X_test, y_test) / y_test.size,
                                      2),
        "gamma": round(gamma, 5),
        "machine SVs, total": int(small.report_["n_before"]),
        "reduction (%)": _reduction(n_original, n_small),
        "simplify time (s)": round(float(small.report_["time"]), 1),
    }  # fmt: skip


_COLUMNS_3_4 = ("Dim.", "# of Classes", "Size Train", "Size Test", "Original # of SVs",
                "Original Error (%)", "Simplified # of SVs", "Simplified Error (%)")  # fmt: skip


def _table_3_4(size, random_state, progress):
    del random_state
    rows = [statlog_run(d, size) for d in iterate(STATLOG, "nguyen-table-3.4", progress)]
    columns = (*_COLUMNS_3_4, "gamma", "machine SVs, total", "reduction (%)",
               "simplify time (s)")  # fmt: skip
    settings = {"C": C, "MMD": STATLOG_MMD, "gamma": "1 / (0.6 V), V the total variance",
                "phase2_iter": PHASE2_ITER, "MNIST": "not in the data: not run"}  # fmt: skip
    return Result("nguyen-table-3.4", ("Dataset",), columns, rows, settings)


#: Table 3.4's printed range of reductions (section 3.4).
STATLOG_RANGE = (70.9, 94.5)


def _claims_3_4(result):
    claims = {
        f"{r['Dataset']}: almost no change in generalisation (error within "
        f"{NO_CHANGE_POINTS} points)": abs(r["Simplified Error (%)"] - r["Original Error (%)"])
        <= NO_CHANGE_POINTS
        for r in result.rows
    }
    reductions = result.column("reduction (%)")
    for label, ours, theirs in (("lowest", min(reductions), STATLOG_RANGE[0]),
                                ("highest", max(reductions), STATLOG_RANGE[1])):  # fmt: skip
        claims[f"{label} reduction {ours} % within {RANGE_POINTS:g} points of {theirs} %"] = (
            abs(ours - theirs) <= RANGE_POINTS
        )
    return claims


# ---------------------------------------------------------------------------------- Fig. 3.6


#: Fig. 3.6's MMD thresholds at full size: the top-down construction to the sizes of MMD 0.1
#: and 0.2 (about 3,700 vectors) would take about half an hour more here.
FIG_3_6_MMDS = (0.5, 0.7, 1.0, 1.2, 1.5)


def _fig_3_6_mmds(size):
    return FIG_3_6_MMDS if size == "full" else tuple(m for m in _CI["mmds"] if m > 0.0)


@cache
def usps_top_down(size):
    """Build the Gaussian USPS machines top-down, each to its largest bottom-up size (cached).

    The construction is greedy and deterministic, and every step refits all weights
    (Proposition 5): its first ``n`` vectors, refitted, are what a construction to ``n``
    vectors returns, so one construction per machine serves every MMD of the figure
    (:func:`top_down_errors`).

    Parameters
    ----------
    size : {"ci", "full"}
        The run's size.

    Returns
    -------
    kernel : MergeKernel
        The machines' kernel.
    machines : list of tuple
        Per machine ``(X_sv, alpha, threshold, Z)``: its support vectors, their signed
        weights, its threshold and the top-down vectors in the order of their construction.
    """
    kernel = usps_simplified("rbf", size, _fig_3_6_mmds(size)[0], False).kernel_
    largest = np.max([usps_simplified("rbf", size, m, False).n_vectors_
                      for m in _fig_3_6_mmds(size)], axis=0)  # fmt: skip
    _, machines = _machines(usps_model("rbf", size))
    out = []
    for (X_sv, alpha, threshold), n in zip(machines, largest, strict=True):
        out.append((X_sv, alpha, threshold, top_down(X_sv, alpha, kernel, int(n)).Z))
    return kernel, out


def top_down_errors(size, n_vectors, X_test, y_test):
    """Return the test errors and size of the top-down machines with given sizes.

    Parameters
    ----------
    size : {"ci", "full"}
        The run's size.
    n_vectors : sequence of int
        The size of each machine (the bottom-up's at an MMD).
    X_test, y_test : ndarray
        The test digits.

    Returns
    -------
    errors : int
        The misclassified digits (the class of the largest output wins).
    n : int
        The vectors in all (a construction may stop short of a size, when nothing is left that
        a new vector can explain).
    """
    kernel, machines = usps_top_down(size)
    outputs, n = [], 0
    for (X_sv, alpha, threshold, Z), k in zip(machines, n_vectors, strict=True):
        Zk = Z[: int(k)]
        beta = refit_weights(Zk, X_sv, alpha, kernel)
        outputs.append(kernel(X_test, Zk) @ beta + threshold)
        n += Zk.shape[0]
    predicted = usps_model("rbf", size).classes_[np.argmax(np.column_stack(outputs), axis=1)]
    return int(np.sum(predicted != y_test)), n


def _fig_3_6(size, random_state, progress):
    del random_state
    model = usps_model("rbf", size)
    _, _, X_test, y_test = usps(size)
    n_original, original = n_machine_svs(model), count_errors(model, X_test, y_test)
    rows, settings = [], {}
    for mmd in iterate(_fig_3_6_mmds(size), "nguyen-fig-3.6", progress):
        p1, p2 = usps_simplified("rbf", size, mmd, False), usps_simplified("rbf", size, mmd, True)
        n = int(p1.report_["n_after"])
        td_errors, td_n = top_down_errors(size, p1.n_vectors_, X_test, y_test)
        row = {"MMD": mmd, "# of SVs": n, "reduction (%)": _reduction(n_original, n),
               "bottom-up Phase I errors": count_errors(p1, X_test, y_test),
               "Phase II errors": count_errors(p2, X_test, y_test),
               "top-down # of SVs": td_n, "top-down errors": td_errors}  # fmt: skip
        rows.append(row)
        settings[f"claim: MMD {mmd}: bottom-up Phase I errors ({row['bottom-up Phase I errors']})"
                 f" at most the top-down's ({td_errors})"] = bool(
            row["bottom-up Phase I errors"] <= td_errors)  # fmt: skip
    settings = {"original SVs": n_original, "original errors": original,
                "test points": int(y_test.size), **settings}  # fmt: skip
    columns = ("# of SVs", "reduction (%)", "bottom-up Phase I errors", "Phase II errors",
               "top-down # of SVs", "top-down errors")  # fmt: skip
    result = Result("nguyen-fig-3.6", ("MMD",), columns, rows, settings)
    curves = {"bottom-up": ("# of SVs", "bottom-up Phase I errors"),
              "Phase II": ("# of SVs", "Phase II errors"),
              "top-down": ("top-down # of SVs", "top-down errors")}  # fmt: skip
    result.series = {name: {"n_vectors": np.array(result.column(n)),
                            "errors": np.array(result.column(e))}
                     for name, (n, e) in curves.items()}  # fmt: skip
    return result


def draw_fig_3_6(result, ax=None):
    """Draw a run of Fig. 3.6: accuracy against the reduction rate, three methods.

    Parameters
    ----------
    result : Result
        A fresh run of ``nguyen-fig-3.6`` (a saved one has no curves).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn into.

    Raises
    ------
    ValueError
        If the result holds no curves.
    """
    from ..plots import plot_reduction_accuracy

    if not result.series:
        raise ValueError("result holds no curves (a saved result keeps none): run it afresh")
    curves = {name: (c["n_vectors"], c["errors"]) for name, c in result.series.items()}
    s = result.settings
    return plot_reduction_accuracy(curves, n_original=s["original SVs"], n_test=s["test points"],
                                   original_errors=s["original errors"], ax=ax)  # fmt: skip


# ---------------------------------------------------------------------------------- Fig. 3.7

#: Fig. 3.7's machines: the polynomial ones of Table 3.2, MMD 1.5, Phase II.
FIG_3_7 = ("poly", 1.5)


def _fig_3_7(size, random_state, progress):
    del random_state, progress
    kernel, mmd = FIG_3_7
    small = usps_simplified(kernel, size, mmd, True)
    _, _, X_test, y_test = usps(size)
    rows = [{"machine": int(c), "reduced vectors": int(n)}
            for c, n in zip(small.classes_, small.n_vectors_, strict=True)]  # fmt: skip
    rows.append({"machine": "all", "reduced vectors": int(small.report_["n_after"]),
                 "errors": count_errors(small, X_test, y_test)})  # fmt: skip
    counts = {r["machine"]: r["reduced vectors"] for r in rows}
    wide = usps_simplified(kernel, size, mmd, False, "all")
    wide_counts = dict(zip(wide.classes_.tolist(), wide.n_vectors_.tolist(), strict=True))
    settings = {
        "kernel": dict(USPS_KERNELS[kernel]), "MMD": mmd, "phase2_iter": PHASE2_ITER,
        "pairs='all' (every same-class pair): reduced vectors of '1'; '8'; all":
            f"{wide_counts[1]}; {wide_counts[8]}; {int(wide.report_['n_after'])}",
        "claim: the machines do not all have the same number of reduced vectors":
            len(set(int(n) for n in small.n_vectors_)) > 1,
        "claim: machine '8' has more reduced vectors than machine '1'": counts[8] > counts[1],
    }  # fmt: skip
    series = {
        "Z": small.support_vectors_,
        "beta": np.concatenate([beta for _, beta, _ in small.machines_]),
        "machine": np.repeat(np.asarray(small.classes_), small.n_vectors_),
    }
    return Result("nguyen-fig-3.7", ("machine",), ("reduced vectors", "errors"), rows, settings,
                  series)  # fmt: skip


def draw_fig_3_7(result, max_columns=16):
    """Draw a run of Fig. 3.7: every reduced vector as a 16 x 16 image, a machine per row.

    Parameters
    ----------
    result : Result
        A fresh run of ``nguyen-fig-3.7`` (a saved one has no vectors).
    max_columns : int, default=16
        The most images per row.

    Returns
    -------
    matplotlib.figure.Figure
        The gallery (:func:`svmbook.plots.plot_reduced_vectors`).

    Raises
    ------
    ValueError
        If the result holds no vectors.
    """
    from ..plots import plot_reduced_vectors

    if not result.series:
        raise ValueError("result holds no vectors (a saved result keeps none): run it afresh")
    s = result.series
    return plot_reduced_vectors(s["Z"], s["beta"], labels=[f"'{int(c)}'" for c in s["machine"]],
                                max_columns=max_columns)  # fmt: skip


# ---------------------------------------------------------------------------------- registry

_SECTION = "section 3.4"


def _table(number, title, runner, columns, claims, remarks=""):
    name = f"nguyen-table-{number}"
    return Experiment(
        name=name,
        title=title,
        source=f"Nguyen (2006), Table {number}, {_SECTION}",
        runner=runner,
        published=parse_table(published_rows(name), columns),
        provenance=f"typed from Nguyen (2006), Table {number}, {_SECTION}",
        description=__doc__,
        marks=(),
        remarks=remarks,
        claims=claims,
    )


_REMARK_3_2 = (
    "At the same MMD our Phase I keeps more vectors than the thesis's, increasingly so at large"
    " MMD, with errors close to the printed ones. The MMD is measured on the machines' outputs,"
    " whose scale depends on the kernel's width against the pixels' range, which the thesis "
    "does not state. The variant with pixels in [0, 1] (the same gamma, a four times wider "
    "kernel) does not support that explanation: its original machines have fewer support "
    "vectors and more errors than the printed ones. The pair list explains more of it: Phase I "
    "over every same-class pair (the 'all pairs' rows, not compared) keeps far fewer vectors "
    "than the list of nearest pairs, close to the printed counts with the polynomial kernel at "
    "MMD 1.0 and the Gaussian at MMD 1.5, with Phase 1 errors near the printed ones; but it "
    "keeps more than printed with the Gaussian kernel at MMD 1.0 and fewer with the polynomial "
    "at MMD 1.5, where it makes more Phase 1 errors (172 against 147), it misses machine '8' of"
    " the gallery entry, and it simplifies the one-vs-one machines further still, the wrong way"
    " there. So it is not the default, and the rows below MMD 1.0 are not run (about a minute "
    "per machine). None of the other readings of Definition 6 and Table 3.1 tried on single "
    "machines (listed in the description) came closer to the printed counts of both kernels."
)


_REMARK_3_3 = (
    "Our original machines have about the printed numbers of support vectors and errors. At "
    "MMD 1.0 our Phase I simplifies them much further than the printed cells (many pairs down "
    "to two vectors) and changes more test outcomes; the thesis does not state its threshold, "
    "and at none of the smaller ones in the settings do our totals match both its total of "
    "simplified vectors and its count of error differences. Phase I over every same-class pair "
    "(settings) simplifies further still, so the pair list does not explain these cells."
)


_REMARK_3_4 = (
    "Our original machines have fewer support vectors and fewer errors than the printed ones "
    "on every set (C and the scaling are not stated). At MMD 1.0 our reductions are "
    "smaller than the printed ones, least on letter, where each of the many one-vs-one "
    "machines keeps reduced vectors of its own while the original machines share their "
    "support vectors. MNIST is not in the book's data: its cells are counted as missing."
)


_REMARK_3_7 = (
    "Our machine '1' keeps about the printed number of vectors, but machine '8' and the ten "
    "machines in all keep more. Phase I over every same-class pair (settings; the 'all pairs' "
    "rows of the one-vs-rest table's entry) keeps fewer than printed for '8' and in all, so "
    "neither pair list reproduces the per-machine counts."
)


_REMARK_3_6 = (
    "At the bottom-up's sizes our top-down machines make fewer test errors than the bottom-up "
    "Phase I at every MMD; only with Phase II does the bottom-up method come close to or below "
    "them. Our top-down construction keeps the best of ten fixed-point starts per vector and "
    "refits every weight after each one (Proposition 5); the thesis does not say how its "
    "top-down rival was started or refitted, and a weaker rival would favour the bottom-up."
)


EXPERIMENTS = by_name(
    _table(
        "3.2",
        "Reduction in number of support vectors and the corresponding loss in generalization "
        "performance with different values of MMD (USPS, ten one-vs-rest machines)",
        _table_3_2,
        ("kernel", "MMD", "# of SVs", "Phase 1 errors", "Phase 2 errors"),
        _claims_3_2,
        remarks=_REMARK_3_2,
    ),
    _table(
        "3.3",
        "Experimental results on 45 binary classifiers learned from the USPS dataset using the "
        "first phase of the proposed method",
        _table_3_3,
        ("digit", "vs digit", "SVs original", "SVs simplified", "errors"),
        _claims_3_3,
        remarks=_REMARK_3_3,
    ),
    _table(
        "3.4",
        "Experimental results on various applications",
        _table_3_4,
        ("Dataset", *_COLUMNS_3_4),
        _claims_3_4,
        remarks=_REMARK_3_4,
    ),
    Experiment(
        name="nguyen-fig-3.6",
        title="Reduction in number of support vectors and the corresponding accuracy: "
        "top-down, bottom-up (Phase I) and Phase II (USPS, Gaussian kernel)",
        source=f"Nguyen (2006), Fig. 3.6, {_SECTION}",
        runner=_fig_3_6,
        provenance=f"no numbers printed; the claim is from Nguyen (2006), {_SECTION}",
        description=__doc__,
        marks=(),
        remarks=_REMARK_3_6,
    ),
    Experiment(
        name="nguyen-fig-3.7",
        title="Reduced vectors of the ten simplified polynomial one-vs-rest machines (USPS, "
        "MMD 1.5), with their weights",
        source=f"Nguyen (2006), Fig. 3.7, {_SECTION}",
        runner=_fig_3_7,
        published=parse_table(
            published_rows("nguyen-fig-3.7"), ("machine", "reduced vectors", "errors")
        ),
        provenance=f"the counts printed in Nguyen (2006), {_SECTION}, with Fig. 3.7",
        description=__doc__,
        marks=(),
        remarks=_REMARK_3_7,
    ),
)
