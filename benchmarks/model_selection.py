"""Model-selection benchmark: a (gamma, C) grid, 5-fold CV, svmbook's searcher vs scikit-learn's.

Issue 11's benchmark. On two real sets (StatLog heart, 270 x 13, LIBSVM's scaling; Pima diabetes,
768 x 8, standardised), the grid ``log2 C = -5, ..., 15`` by ``log2 gamma = -15, ..., 5`` (21 x 21,
the grid of LIBSVM's ``grid.py`` widened to Goodrich's 21 values per axis; ``--quick``: 7 x 7) is
searched with the same stratified 5 folds by

* ``sklearn``: ``GridSearchCV(sklearn.svm.SVC())``, the baseline;
* ``GridSearchCV(svmbook)``: the same searcher over ``svmbook.SVC()`` (cold fits);
* ``cold``: :class:`svmbook.model_selection.SVMSearchCV` with ``warm_start=False``;
* ``warm``: ``SVMSearchCV`` (each fold and gamma fitted along ascending C from the previous
  solution, with its kernel rows kept).

Everything runs in this process, one job, interleaved, ``repeats`` timed runs after an untimed
warm-up of each method on a small grid (compiled code loaded). Reported per method: the median
and range of the wall times, the speed-up against ``sklearn`` as the median [min-max] of the
paired ratios, the selected ``(C, gamma)``, its mean CV accuracy, and for svmbook's searcher the
total SMO iterations. The check: every method selects parameters with the same CV accuracy as
scikit-learn (to 1e-9).

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
from sklearn.model_selection import GridSearchCV, StratifiedKFold  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.svm import SVC as SkSVC  # noqa: E402

import svmbook  # noqa: E402
from svmbook.datasets import load_libsvm  # noqa: E402
from svmbook.model_selection import SVMSearchCV  # noqa: E402

METHODS = ("sklearn", "GridSearchCV(svmbook)", "cold", "warm")


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


def run_case(name, quick, repeats):
    """Time every method on one set; return its report entry."""
    X, y = load_case(name)
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    param_grid = grid(quick)
    small = {"C": [1.0, 4.0], "gamma": [0.1]}
    for method in METHODS:  # warm-up: compiled code loaded, libraries imported
        search(method, small, cv).fit(X, y)
    times = {m: [] for m in METHODS}
    fitted = {}
    for _ in range(repeats):
        for method in METHODS:
            t0 = time.perf_counter()
            fitted[method] = search(method, param_grid, cv).fit(X, y)
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
            "n_iter": (int(np.sum(s.cv_results_["n_iter"])) if "n_iter" in s.cv_results_
                       else None),
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


def _markdown(report):
    lines = [
        f"# Model selection benchmark ({report['date']}, {report['machine']})",
        "",
        "| set | grid | method | time s (median, range) | speed-up vs sklearn | "
        "selected (C, gamma) | CV accuracy | same as sklearn | SMO iterations |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for case in report["cases"]:
        for k, r in enumerate(case["rows"]):
            head = (f"{case['case']} ({case['n']}x{case['d']})", "x".join(map(str, case["grid"])))
            head = head if k == 0 else ("", "")
            t = r["times"]
            best = r["best_params"]
            lines.append(
                f"| {head[0]} | {head[1]} | {r['method']} | {r['median']:.2f} "
                f"({min(t):.2f}-{max(t):.2f}) | {r['speedup'][0]:.2f}x "
                f"[{r['speedup'][1]:.2f}-{r['speedup'][2]:.2f}] | "
                f"(2^{np.log2(best['C']):g}, 2^{np.log2(best['gamma']):g}) | "
                f"{r['best_score']:.4f} | {'yes' if r['same_score'] else 'NO'} | "
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
