"""Geometry benchmark: nearest-point solvers against SMO, time and iterations vs 1/mu.

Issue 4's benchmark (Goodrich 2012, section 5.7, Figs 5.13 and C.1-C.9): on three Rätsch sets
(banana gamma = 1, splice gamma = 0.01, image gamma = 0.01, german gamma = 0.1; realisation 1)
and a 10,000-point synthetic set (scikit-learn's ``make_classification``, 20 features, the
set of the SMO benchmark, gamma = 0.05 ~ scikit-learn's "scale"), the mu-SVM is trained at a grid
of 1/mu by

* ``WSK``: the accelerated WSK of section 5.6 (``solve_nearest_point(method="wsk_fast")``),
* ``S-K``: the standard Schlesinger-Kozinec algorithm (``method="sk"``),
* ``MDM``: the thesis's own SMO, the maximal violating pair over the whole set
  (``method="mdm"``, = ``method="smo"``; section 5.3.3),
* ``SMO``: LIBSVM's SMO with second-order working sets on the mu-SVM
  (``svmbook.MuSVC(solver="smo")``),

with the thesis's stops (relative nearest point 1e-3 for WSK and S-K, relative KKT 1e-3 for
MDM, LIBSVM's KKT gap below 1e-3 times the margin for SMO (``MuSVC``'s relative stop);
:mod:`svmbook.reproductions.goodrich_algorithms`).
Reported per run: wall-clock seconds (set-up included, after an untimed warm-up), iterations,
test error, ``||w||`` (the distance between the hulls found; its excess over the smallest one of
the row shows a solver that stopped early) and whether it converged within ``max_iter``.

The thesis's claim to check: nearest-point solvers win when mu is small (large 1/mu, wide
margins: a vertex moves many SVs at once), SMO when mu is large. ``geometry.md`` states, per
data set, where the crossover falls here.

Usage::

    python benchmarks/geometry.py [--quick] [--max-iter N] [--cases banana,...] [--no-progress]
                                  [--report-only]

Writes ``benchmarks/results/geometry.json`` and ``benchmarks/results/geometry.md``.
"""

import argparse
import json
import os
import platform
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
_SHARED_DATA = HERE.parent.parent / "shared" / "data"
if "SVMBOOK_DATA" not in os.environ and _SHARED_DATA.is_dir():  # as the Makefile does
    os.environ["SVMBOOK_DATA"] = str(_SHARED_DATA)

import numpy as np  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402

import svmbook  # noqa: E402
from svmbook.reproductions._common import load  # noqa: E402
from svmbook.reproductions.goodrich_algorithms import inv_mu_grid, sweep, warm_up  # noqa: E402

ALGORITHMS = ("WSK", "S-K", "MDM", "SMO")
NPAS = ("WSK", "S-K", "MDM")
# Plain S-K is left out on the 10,000-point set: its vertex mixes 1/mu points, and without the
# caches of the efficient WSK each step needs that many kernel rows (1/mu = 1000: 1,000 rows of
# 10,000 per iteration); one fit ran for more than 5 minutes there (2026-11-22).
SYNTHETIC_ALGORITHMS = ("WSK", "MDM", "SMO")
#: name, kernel, gamma, description.
CASES = (
    ("banana", "rbf", 1.0, "Rätsch banana (400 train, 2 features), realisation 1"),
    ("splice", "rbf", 0.01, "Rätsch splice (1000 train, 60 features; our split 1)"),
    ("image", "rbf", 0.01, "Rätsch image (1300 train, 18 features), realisation 1"),
    ("german", "rbf", 0.1, "Rätsch german (700 train, 20 features), realisation 1"),
    ("synthetic", "rbf", 0.05, "make_classification 10,000 x 20 (the SMO benchmark's), test 2000"),
)


def _data(name, quick):
    if name != "synthetic":
        return load(name, 1)
    # the SMO benchmark's make_classification set (benchmarks/run.py, case mc10k), 2,000 more
    # points for testing; gamma = 1 / (d var(X)), scikit-learn's "scale"
    n = 2000 if quick else 10_000
    X, y = make_classification(n_samples=n + 2000, n_features=20, random_state=0)
    y = np.where(y == 1, 1.0, -1.0)
    return X[:n], y[:n], X[n:], y[n:]


def crossover(rows):
    """Where the fastest NPA starts to beat SMO, in words, and that 1/mu (or None).

    At each 1/mu the NPAs win if one of them converged faster than SMO, or converged while SMO
    did not; they lose if SMO converged and none of them did within ``max_iter`` (or all were
    slower). 1/mu values where nothing converged are left out.
    """
    by = {}
    for r in rows:
        by.setdefault(r["inv_mu"], {})[r["algorithm"]] = r
    pairs = []
    for v in sorted(by):
        npa = [by[v][a]["time"] for a in NPAS if a in by[v] and by[v][a]["converged"]]
        smo = by[v].get("SMO")
        smo_time = smo["time"] if smo is not None and smo["converged"] else None
        if smo_time is not None:
            pairs.append((v, bool(npa) and min(npa) < smo_time))
        elif npa:
            pairs.append((v, True))
    if not pairs:
        return "no 1/mu at which SMO or an NPA converged", None
    wins = [v for v, npa_wins in pairs if npa_wins]
    if not wins:
        return f"SMO is faster at every 1/mu tested ({pairs[0][0]:g}..{pairs[-1][0]:g})", None
    if len(wins) == len(pairs):
        return f"an NPA is faster at every 1/mu tested ({pairs[0][0]:g}..{pairs[-1][0]:g})", None
    # the smallest 1/mu from which the NPAs win at every larger value
    start = None
    for v, npa_wins in reversed(pairs):
        if not npa_wins:
            break
        start = v
    if start is None:
        return (
            f"SMO is faster at the largest 1/mu; NPAs win only at 1/mu in {wins} (no clean "
            "crossover)",
            None,
        )
    below = [v for v, _ in pairs if v < start]
    return f"NPAs faster for 1/mu >= {start:g}, SMO faster at 1/mu <= {max(below):g}", start


def _markdown(report):
    lines = [
        "# Geometry benchmark: nearest-point solvers vs SMO",
        "",
        f"svmbook {report['svmbook']}, {report['date']}, {report['machine']}, "
        f"mode {'quick' if report['quick'] else 'full'}, max_iter {report['max_iter']} "
        "(synthetic: a quarter of it).",
        "",
        "Seconds (iterations) per training run; `!` = stopped at max_iter (not converged); "
        "`+x%` = its ||w|| exceeds the smallest of the row by x % (a looser solution). Stops: "
        "relative NP 1e-3 (WSK, S-K), relative KKT 1e-3 (MDM), LIBSVM's KKT gap below 1e-3 "
        "times the margin (SMO, a relative KKT stop). Synthetic: no plain S-K (see the script).",
        "",
        "Thesis's claim (Goodrich 2012, section 5.7): NPAs win when mu is small (large 1/mu), "
        "SMO when mu is large.",
        "",
        "Read the times with the `+x%` and `!` marks: where the hulls nearly touch (large mu) "
        "||w|| is tiny and every relative stop needs many iterations; a solver stopped at "
        "max_iter is not a win. (LIBSVM's absolute KKT gap, which MuSVC used before, stopped far "
        "from the optimum there; section 5.8's point: a mu-SVM needs a relative stopping "
        "condition.)",
        "",
    ]
    for case in report["cases"]:
        lines += [
            f"## {case['name']} ({case['kernel']}, {case['n_train']} training points): "
            f"{case['description']}",
            "",
        ]
        lines += [f"Crossover here: {case['crossover']}.", ""]
        lines += ["| 1/mu | " + " | ".join(ALGORITHMS) + " | test error (WSK, SMO) |"]
        lines += ["|---" * (len(ALGORITHMS) + 2) + "|"]
        grid = sorted({r["inv_mu"] for r in case["rows"]})
        for v in grid:
            row = {r["algorithm"]: r for r in case["rows"] if r["inv_mu"] == v}
            w_min = min(r["w_norm"] for r in row.values())
            cells = []
            for a in ALGORITHMS:
                if a not in row:
                    cells.append("")
                    continue
                r = row[a]
                excess = r["w_norm"] / w_min - 1 if w_min > 0 else 0.0
                note = ("" if r["converged"] else " !") + (
                    f" +{100 * excess:.0f}%" if excess > 0.01 else ""
                )
                cells.append(f"{r['time']:.3f} ({r['n_iter']}){note}")
            errs = ", ".join(f"{row[a]['test_error']:.3f}" for a in ("WSK", "SMO") if a in row)
            lines.append(f"| {v:g} | " + " | ".join(cells) + f" | {errs} |")
        lines.append("")
    lines += ["## Verdict", ""]
    for case in report["cases"]:
        lines.append(f"* {case['name']}: {case['crossover']}.")
    lines.append("")
    return "\n".join(lines)


def main(argv=None):
    """Run the geometry benchmark from the command line; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer 1/mu, 2000-point synthetic")
    parser.add_argument("--max-iter", type=int, default=None, help="iteration cap per solver")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument(
        "--cases",
        default=",".join(c[0] for c in CASES),
        help="comma-separated subset of " + ",".join(c[0] for c in CASES),
    )
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="rewrite geometry.md (and the verdicts) from the existing geometry.json",
    )
    args = parser.parse_args(argv)
    if args.report_only:
        report = json.loads((RESULTS / "geometry.json").read_text())
        for case in report["cases"]:
            case["crossover"], case["crossover_inv_mu"] = crossover(case["rows"])
        _write(report)
        return
    names = args.cases.split(",")
    unknown = set(names) - {c[0] for c in CASES}
    if unknown:
        parser.error(f"--cases: unknown {sorted(unknown)}")
    max_iter = args.max_iter or (20000 if args.quick else 100000)
    n_values, low = (4, 0.05) if args.quick else (6, 2.0)
    warm_up(ALGORITHMS)
    report = {
        "svmbook": svmbook.__version__,
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpus",
        "quick": args.quick,
        "max_iter": max_iter,
        "cases": [],
    }
    previous = RESULTS / "geometry.json"
    if args.cases != parser.get_default("cases") and previous.exists():
        # a subset re-run replaces its cases in the last report and keeps the others
        kept = json.loads(previous.read_text())["cases"]
        report["cases"] = [c for c in kept if c["name"] not in names]
    for name, kind, gamma, description in CASES:
        if name not in names:
            continue
        data = _data(name, args.quick)
        # the synthetic set: 3 values from 1/mu = 20 % of a class; at larger mu the hulls nearly
        # touch and every solver needs tens of thousands of iterations on 10^4 points
        if name == "synthetic" and not args.quick:
            grid = inv_mu_grid(data[1], 3, 0.2)
        else:
            grid = inv_mu_grid(data[1], n_values, low)
        # and its NPAs stop at max_iter / 4: an iteration there costs ~10x one on the Rätsch sets
        case_max_iter = max_iter // 4 if name == "synthetic" else max_iter
        load_start = os.getloadavg()[0]
        rows = sweep(
            data,
            kind,
            gamma,
            grid,
            SYNTHETIC_ALGORITHMS if name == "synthetic" else ALGORITHMS,
            desc=name,
            progress=not args.no_progress,
            max_iter=case_max_iter,
        )
        text, start = crossover(rows)
        report["cases"].append(
            {
                "name": name,
                "kernel": f"{kind}(gamma={gamma:g})",
                "description": description,
                "n_train": len(data[1]),
                "n_test": len(data[3]),
                "max_iter": case_max_iter,
                "rows": rows,
                "crossover": text,
                "crossover_inv_mu": start,
                "load_average": [load_start, os.getloadavg()[0]],
            }
        )
        report["cases"].sort(key=lambda c: [n for n, *_ in CASES].index(c["name"]))
        print(f"{name}: {text}", flush=True)
        _write(report)  # after every case: a long run keeps what it has done


def _write(report):
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "geometry.json").write_text(json.dumps(report, indent=1, default=float) + "\n")
    (RESULTS / "geometry.md").write_text(_markdown(report))


if __name__ == "__main__":
    main()
