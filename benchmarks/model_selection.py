"""Model-selection benchmark: a (gamma, C) grid, 5-fold CV, svmbook's searcher vs scikit-learn's.

Issue 11's benchmark. On two real sets (StatLog heart, 270 x 13, LIBSVM's scaling; Pima diabetes,
768 x 8, standardised), the grid ``log2 C = -5, ..., 15`` by ``log2 gamma = -15, ..., 5`` (21 x 21,
the grid of LIBSVM's ``grid.py`` widened to Goodrich's 21 values per axis; ``--quick``: 7 x 7) is
searched with the same stratified 5 folds by

* ``sklearn``: ``GridSearchCV(sklearn.svm.SVC())``, the baseline;
* ``GridSearchCV(svmbook)``: the same searcher over ``svmbook.SVC()`` (cold fits);
* ``cold``: :class:`svmbook.model_selection.SVMSearchCV` with ``warm_start=False``;
* ``warm``: ``SVMSearchCV`` (each gamma's fits along ascending C from the previous solution,
  every fold reading one kernel matrix of all points);
* ``adaptive RM``: Goodrich's radius-margin selection (Algorithms 12 and 13,
  :func:`svmbook.model_selection.modelsel_grid`) over the same grid on all points, no folds:
  another criterion, so its row reports the CV accuracy (of ``sklearn``'s table) at the
  parameters it selects, and its iterations are SMO plus MEB steps;
* ``mu-search``: Goodrich's search over mu (:func:`svmbook.model_selection.mu_search`, the
  grid's gammas, 20 steps, selection by the mu-SVM's xi-alpha estimate on all points); its row
  reports the equivalent C of the selected machine and the 5-fold CV accuracy of the C-SVM with
  that C on the same folds (the selected mu itself can be infeasible on a fold's fewer points).

Everything runs in this process, one job, interleaved, ``repeats`` timed runs after an untimed
warm-up of each method on a small grid (compiled code loaded). Reported per method: the median
and range of the wall times, the speed-up against ``sklearn`` as the median [min-max] of the
paired ratios, the selected ``(C, gamma)``, its mean CV accuracy, and for svmbook's methods the
total solver iterations. The check: every grid search selects parameters with the same CV
accuracy as scikit-learn (to 1e-9); the two other criteria are reported, not checked.

Usage::

    python benchmarks/model_selection.py [--quick] [--repeats N] [--cases heart,pima]

Writes ``benchmarks/results/model_selection.json`` and ``benchmarks/results/model_selection.md``.
"""

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
_SHARED_DATA = HERE.parent.parent / "shared" / "data"
if "SVMBOOK_DATA" not in os.environ and _SHARED_DATA.is_dir():  # as the Makefile does
    os.environ["SVMBOOK_DATA"] = str(_SHARED_DATA)

import numpy as np  # noqa: E402
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.svm import SVC as SkSVC  # noqa: E402

import svmbook  # noqa: E402
from svmbook.datasets import load_libsvm  # noqa: E402
from svmbook.model_selection import SVMSearchCV, modelsel_grid, mu_search, xi_alpha  # noqa: E402

METHODS = ("sklearn", "GridSearchCV(svmbook)", "cold", "warm", "adaptive RM", "mu-search")
GRID_SEARCHES = METHODS[:4]


def load_case(name):
    """Return ``(X, y)`` of a benchmark set."""
    if name == "heart":
        X, y = load_libsvm("statlog-heart")
        return np.ascontiguousarray(X), y
    if name == "pima":
        X, y = load_libsvm("pima")
        return StandardScaler().fit_transform(X), y
    raise ValueError(f"unknown case {name!r}")


def grid(quick):
    """Return the parameter grid (21 x 21, or 7 x 7 with ``quick``)."""
    step = 3 if quick else 1
    return {
        "C": [2.0**k for k in range(-5, 16, step)],
        "gamma": [2.0**k for k in range(-15, 6, step)],
    }


def search(method, param_grid, cv):
    """Return the (unfitted) searcher of a method."""
    if method == "sklearn":
        return GridSearchCV(SkSVC(), param_grid, cv=cv)
    if method == "GridSearchCV(svmbook)":
        return GridSearchCV(svmbook.SVC(), param_grid, cv=cv)
    return SVMSearchCV(svmbook.SVC(), param_grid, cv=cv, warm_start=method == "warm",
                       progress=False)  # fmt: skip


class _Selection:
    """What the two non-CV methods report, shaped like a fitted searcher's summary."""

    def __init__(self, best_params, best_score, n_iter):
        self.best_params_ = best_params
        self.best_score_ = best_score
        self.n_iter = n_iter


def _cv_accuracy(table, C, gamma):
    """Return the mean CV accuracy of ``(C, gamma)`` in a ``GridSearchCV`` table."""
    for params, score in zip(table["params"], table["mean_test_score"], strict=True):
        if params == {"C": C, "gamma": gamma}:
            return float(score)
    raise KeyError((C, gamma))


def run_other(method, param_grid, cv, X, y, table):
    """Run the radius-margin or the mu search; return its :class:`_Selection`."""
    if method == "adaptive RM":
        sel = modelsel_grid(X, y, kernel="rbf", params=param_grid["gamma"], Cs=param_grid["C"],
                            method="adaptive")  # fmt: skip
        best = {"C": float(sel.C), "gamma": float(sel.param)}
        n_iter = int(sel.n_svm_iter.sum() + sel.n_meb_iter.sum())
        return _Selection(best, _cv_accuracy(table, best["C"], best["gamma"]), n_iter)
    est = svmbook.MuSVC(kernel="rbf", solver="smo")
    res = mu_search(X, y, gammas=param_grid["gamma"], criterion=xi_alpha, estimator=est)
    C = next(r["C"] for r in res.rows if {"gamma": r["gamma"], "mu": r["mu"]} == res.best_params)
    # a mu of the whole set can be infeasible on a fold (fewer points): score its C-SVM twin
    model = svmbook.SVC(C=C, gamma=res.best_params["gamma"])
    score = float(cross_val_score(model, X, y, cv=cv).mean())
    n_iter = int(sum(r["n_iter"] for r in res.rows))
    return _Selection({"C": C, **res.best_params}, score, n_iter)


def run_case(name, quick, repeats):
    """Time every method on one set; return its report entry."""
    X, y = load_case(name)
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    param_grid = grid(quick)
    small = {"C": [1.0, 4.0], "gamma": [0.1]}
    for method in GRID_SEARCHES:  # warm-up: compiled code loaded, libraries imported
        search(method, small, cv).fit(X, y)
    warm_up = search("sklearn", small, cv).fit(X, y).cv_results_
    for method in METHODS[4:]:
        run_other(method, small, cv, X, y, warm_up)
    times = {m: [] for m in METHODS}
    fitted = {}
    for _ in range(repeats):
        for method in METHODS:
            t0 = time.perf_counter()
            if method in GRID_SEARCHES:
                fitted[method] = search(method, param_grid, cv).fit(X, y)
            else:
                fitted[method] = run_other(method, param_grid, cv, X, y,
                                           fitted["sklearn"].cv_results_)  # fmt: skip
            times[method].append(time.perf_counter() - t0)
    ref = fitted["sklearn"]
    rows = []
    for method in METHODS:
        s = fitted[method]
        ratios = [a / b for a, b in zip(times["sklearn"], times[method], strict=True)]
        rows.append({
            "method": method,
            "times": times[method],
            "median": statistics.median(times[method]),
            "speedup": [statistics.median(ratios), min(ratios), max(ratios)],
            "best_params": {k: float(v) for k, v in s.best_params_.items()},
            "best_score": float(s.best_score_),
            "same_score": bool(abs(s.best_score_ - ref.best_score_) <= 1e-9),
            "checked": method in GRID_SEARCHES,
            "n_iter": _n_iter(s),
        })  # fmt: skip
    return {
        "case": name,
        "n": int(X.shape[0]),
        "d": int(X.shape[1]),
        "grid": [len(param_grid["gamma"]), len(param_grid["C"])],
        "folds": 5,
        "rows": rows,
        "load": os.getloadavg()[0],
    }


def _n_iter(s):
    """Return the total solver iterations of a method's result (None for scikit-learn's)."""
    if isinstance(s, _Selection):
        return s.n_iter
    return int(np.sum(s.cv_results_["n_iter"])) if "n_iter" in s.cv_results_ else None


def _markdown(report):
    lines = [
        f"# Model selection benchmark ({report['date']}, {report['machine']})",
        "",
        "| set | grid | method | time s (median, range) | speed-up vs sklearn | "
        "selected (C, gamma) | CV accuracy | same as sklearn | solver iterations |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for case in report["cases"]:
        for k, r in enumerate(case["rows"]):
            head = (f"{case['case']} ({case['n']}x{case['d']})", "x".join(map(str, case["grid"])))
            head = head if k == 0 else ("", "")
            t = r["times"]
            best = r["best_params"]
            same = ("yes" if r["same_score"] else "NO") if r["checked"] else "(other criterion)"
            lines.append(
                f"| {head[0]} | {head[1]} | {r['method']} | {r['median']:.2f} "
                f"({min(t):.2f}-{max(t):.2f}) | {r['speedup'][0]:.2f}x "
                f"[{r['speedup'][1]:.2f}-{r['speedup'][2]:.2f}] | "
                f"(2^{np.log2(best['C']):g}, 2^{np.log2(best['gamma']):g}) | "
                f"{r['best_score']:.4f} | {same} | "
                f"{'' if r['n_iter'] is None else r['n_iter']} |"
            )
    return "\n".join(lines) + "\n"


def main(argv=None):
    """Run the benchmark and write the JSON and markdown results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="7 x 7 grid")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cases", default="heart,pima")
    args = parser.parse_args(argv)
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "quick": args.quick,
        "repeats": args.repeats,
        "cases": [],
    }
    for name in args.cases.split(","):
        report["cases"].append(run_case(name, args.quick, args.repeats))
        print(f"{name}: done", flush=True)
    RESULTS.mkdir(exist_ok=True)
    suffix = "_quick" if args.quick else ""
    (RESULTS / f"model_selection{suffix}.json").write_text(json.dumps(report, indent=1) + "\n")
    md = _markdown(report)
    (RESULTS / f"model_selection{suffix}.md").write_text(md)
    print(md)


if __name__ == "__main__":
    main()
