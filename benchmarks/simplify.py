"""Simplification benchmark: USPS ten one-vs-rest RBF machines, original against simplified.

Issue 12's benchmark (Nguyen 2006, Table 3.2's setting): ``svmbook.SVC(gamma=0.0078, C=10,
multiclass="ovr")`` on the USPS training digits (7,291 x 256, grey levels in [-1, 1]), then
:func:`svmbook.simplify.simplify` with Nguyen's bottom-up method at each MMD threshold
(``--mmd``, default 1.0, the thesis's headline setting), Phase II included. Reported, in one
process: the vectors the prediction evaluates the kernel against (the original model's distinct
support vectors, and the simplified machines' reduced vectors), the total over the ten machines
(the thesis's count), the simplification time, the test accuracy on the 2,007 test digits, and
the prediction throughput (test points per second; median and range of ``--repeats`` timed runs
after a warm-up, interleaved) with the speed-up as the median [min-max] of the paired ratios.

Targets (issue 12): at least 10x fewer vectors at no more than 0.5 % absolute accuracy loss, a
matching prediction speed-up, the ten machines simplified in under 10 minutes.

Usage::

    python benchmarks/simplify.py [--mmd 1.0,1.5] [--repeats 5] [--phase2-iter 200]

Writes ``benchmarks/results/simplify.json`` and ``benchmarks/results/simplify.md``.
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

import svmbook  # noqa: E402
from svmbook.datasets import load_usps  # noqa: E402
from svmbook.simplify import simplify  # noqa: E402


def _throughput(predict, X, repeats):
    """Return the seconds of ``repeats`` timed predictions of ``X`` (after one warm-up)."""
    predict(X)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        predict(X)
        times.append(time.perf_counter() - t0)
    return times


def run(mmds, repeats, phase2_iter):
    """Fit, simplify at each MMD, and measure; return the report."""
    X, y = load_usps("train")
    X_test, y_test = load_usps("test")
    t0 = time.perf_counter()
    model = svmbook.SVC(gamma=0.0078, C=10.0, multiclass="ovr").fit(X, y)
    fit_time = time.perf_counter() - t0
    rows = [{
        "method": "original",
        "mmd": 0.0,
        "vectors": int(model.support_.size),
        "vectors_total": int(sum(np.count_nonzero(c) for c in model.dual_coef_)),
        "time": fit_time,
        "accuracy": float(np.mean(model.predict(X_test) == y_test)),
    }]  # fmt: skip
    predictors = {"original": model.predict}
    for mmd in mmds:
        t0 = time.perf_counter()
        small = simplify(model, mmd=mmd, phase2=True, phase2_iter=phase2_iter, progress=True)
        name = f"bottom-up, MMD {mmd:g}"
        rows.append({
            "method": name,
            "mmd": mmd,
            "vectors": int(small.report_["n_after"]),
            "vectors_total": int(small.report_["n_after"]),
            "time": time.perf_counter() - t0,
            "accuracy": float(np.mean(small.predict(X_test) == y_test)),
        })  # fmt: skip
        predictors[name] = small.predict
    times = {name: [] for name in predictors}
    for _ in range(repeats):  # interleaved: each round times every predictor once
        for name, predict in predictors.items():
            times[name] += _throughput(predict, X_test, 1)
    for row in rows:
        t = times[row["method"]]
        ratios = [a / b for a, b in zip(times["original"], t, strict=True)]
        row["predict_times"] = t
        row["points_per_s"] = len(y_test) / statistics.median(t)
        row["speedup"] = [statistics.median(ratios), min(ratios), max(ratios)]
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "load": os.getloadavg()[0],
        "repeats": repeats,
        "phase2_iter": phase2_iter,
        "rows": rows,
    }


def _markdown(report):
    lines = [
        f"# Simplification benchmark ({report['date']}, {report['machine']}, load "
        f"{report['load']:.1f})",
        "",
        "USPS, ten one-vs-rest RBF machines (gamma = 0.0078, C = 10), 2,007 test digits.",
        "",
        "| model | vectors evaluated | vectors over the ten machines | time s (fit / simplify) | "
        "test accuracy | test points / s (median) | prediction speed-up |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in report["rows"]:
        s = r["speedup"]
        lines.append(
            f"| {r['method']} | {r['vectors']} | {r['vectors_total']} | {r['time']:.1f} | "
            f"{r['accuracy']:.4f} | {r['points_per_s']:.0f} | {s[0]:.2f}x [{s[1]:.2f}-{s[2]:.2f}] |"
        )
    return "\n".join(lines) + "\n"


def main(argv=None):
    """Run the benchmark and write the JSON and markdown results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mmd", default="1.0", help="comma-separated MMD thresholds")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--phase2-iter", type=int, default=200)
    args = parser.parse_args(argv)
    mmds = [float(v) for v in args.mmd.split(",")]
    report = run(mmds, args.repeats, args.phase2_iter)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "simplify.json").write_text(json.dumps(report, indent=1) + "\n")
    md = _markdown(report)
    (RESULTS / "simplify.md").write_text(md)
    print(md)


if __name__ == "__main__":
    main()
