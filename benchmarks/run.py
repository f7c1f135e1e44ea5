"""``make bench``: svmbook's estimators against scikit-learn's LIBSVM, through what users call.

For each case one worker subprocess loads the data once and fits, interleaved (in a seeded random
order per repeat) and in the same process, scikit-learn's estimator and svmbook's (at its
defaults, in each SMO mode, and the solve-only floor; see :func:`make_fits`) with the same
kernel, ``tol`` and cache budget. Reported
per solver:

* ``time``: median (and min, and every raw time) of ``repeats`` fits, after one untimed warm-up
  fit of every solver (numba functions are loaded from its on-disk cache by then);
* ``n_iter``, ``n_SV`` and ``objective``: the dual objective recomputed the same way for every
  solver, in float64, from its dual coefficients (``gap`` is relative to scikit-learn's);
* ``peak_mb``: peak resident memory during a fit minus the resident memory just before it,
  sampled every 2 ms by a thread (psutil; numba's and LIBSVM's allocations are invisible to
  tracemalloc, not to this), in one more fit of every solver after the timed ones: the timed
  fits run without the sampler, whose wake-ups take the GIL and a CPU from a fit that uses
  both cores (a digits 10-class fit measured 18.8-19.7 ms with it, 16-17 ms without);
* compile time, measured once in separate subprocesses: the first call with an empty
  ``NUMBA_CACHE_DIR`` (cold compile) and the first call with the warm on-disk cache (load).

The 10-class digits and USPS cases compare one-vs-one ``svmbook.SVC`` with ``sklearn.svm.SVC``;
``n_iter`` is summed over the 45 machines and no objective is compared. Speed-ups are the median
and range of paired repeats (:func:`summarise`). Each case records the one-minute load average
at its start and end: the machine is shared.

Usage::

    python benchmarks/run.py [--quick] [--cases digits0,mc10k,...] [--repeats N]

Writes ``benchmarks/results/latest.json`` and ``benchmarks/results/latest.md``.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
_SHARED_DATA = HERE.parent.parent / "shared" / "data"
if "SVMBOOK_DATA" not in os.environ and _SHARED_DATA.is_dir():  # as the Makefile does
    os.environ["SVMBOOK_DATA"] = str(_SHARED_DATA)

SOLVERS = ("sklearn", "default", "faithful", "fast", "floor")


def _case(kind, data, quick, repeats, desc, cache=200.0, solvers=SOLVERS):
    """kind, data spec, quick data spec, repeats, cache_size (MB), description, solvers."""
    return dict(
        kind=kind, data=data, quick=quick, repeats=repeats, cache=cache, desc=desc, solvers=solvers
    )


# multiclass: svmbook.SVC (one-vs-one) at its defaults and in the faithful mode vs sklearn.svm.SVC
MULTICLASS_SOLVERS = ("sklearn", "default", "faithful")
CASES = {
    "digits0": _case("svc", ("digits0",), ("digits0",), 7, "digits 0-vs-rest (1797x64)"),
    "usps0": _case("svc", ("usps0",), ("usps0",), 3, "USPS 0-vs-rest (7291x256)"),
    "mc10k": _case("svc", ("mc", 10_000), ("mc", 2_000), 5, "make_classification 10,000x20"),
    "mc50k": _case("svc", ("mc", 50_000), ("mc", 5_000), 3, "make_classification 50,000x20"),
    "svr": _case("svr", ("reg", 5_000), ("reg", 1_000), 3, "eps-SVR make_regression 5,000x20"),
    "oneclass": _case(
        "oneclass",
        ("mc", 5_000),
        ("mc", 1_000),
        3,
        "one-class nu=0.1, make_classification 5,000x20",
    ),
    "digits10": _case(
        "multiclass",
        ("digits10",),
        ("digits10",),
        5,
        "digits 10-class OvO (1797x64), SVC estimators",
        solvers=MULTICLASS_SOLVERS,
    ),
    "usps10": _case(
        "multiclass",
        ("usps10",),
        ("usps10", 2_000),
        3,
        "USPS 10-class OvO (7291x256), SVC estimators",
        solvers=MULTICLASS_SOLVERS,
    ),
}


# --------------------------------------------------------------------------------------------
# worker side
# --------------------------------------------------------------------------------------------


def load_case(spec):
    """Return ``(X, y)`` of a benchmark case from its data spec ``(name, *args)``."""
    from sklearn.datasets import load_digits, make_classification, make_regression

    name = spec[0]
    if name == "digits0":
        X, t = load_digits(return_X_y=True)
        return np.ascontiguousarray(X, dtype=np.float64), (t == 0).astype(int)
    if name == "digits10":
        X, t = load_digits(return_X_y=True)
        return np.ascontiguousarray(X, dtype=np.float64), t
    if name in ("usps0", "usps10"):
        from svmbook.datasets import load_usps

        X, t = load_usps("train")
        if len(spec) > 1:  # quick: a prefix
            X, t = X[: spec[1]], t[: spec[1]]
        X = np.ascontiguousarray(X)
        return X, ((t == 0).astype(int) if name == "usps0" else t)
    if name == "mc":
        X, y = make_classification(n_samples=spec[1], n_features=20, random_state=0)
        return np.ascontiguousarray(X), y
    if name == "reg":
        X, z = make_regression(n_samples=spec[1], n_features=20, noise=10.0, random_state=0)
        return np.ascontiguousarray(X), (z - z.mean()) / z.std()
    raise ValueError(spec)


class PeakRSS:
    """Peak RSS above the level at start, sampled by a thread."""

    def __init__(self, interval=0.002):
        import psutil

        self.proc = psutil.Process()
        self.interval = interval

    def __enter__(self):
        """Start sampling the resident memory of this process."""
        self.base = self.proc.memory_info().rss
        self.peak = self.base
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)
        self._t.start()
        return self

    def _run(self):
        while not self._stop.is_set():
            self.peak = max(self.peak, self.proc.memory_info().rss)
            time.sleep(self.interval)

    def __exit__(self, *exc):
        """Stop sampling; :attr:`mb` is then the peak above the starting size."""
        self._stop.set()
        self._t.join()
        self.peak = max(self.peak, self.proc.memory_info().rss)

    @property
    def mb(self):
        """float: Peak resident memory above the starting size, in MiB."""
        return (self.peak - self.base) / 2**20


def dual_objective(kind, X, gamma, support, coef, target=None, epsilon=0.1):
    """Return the dual objective from (support, coefficients), in float64, blockwise."""
    from sklearn.metrics.pairwise import rbf_kernel

    Xs = X[support]
    c = np.asarray(coef, dtype=np.float64)
    quad = 0.0
    for b in range(0, Xs.shape[0], 2048):
        quad += float(c[b : b + 2048] @ (rbf_kernel(Xs[b : b + 2048], Xs, gamma=gamma) @ c))
    if kind == "svc":  # coef = y alpha
        return 0.5 * quad - float(np.abs(c).sum())
    if kind == "svr":  # coef = beta
        return 0.5 * quad + epsilon * float(np.abs(c).sum()) - float(target[support] @ c)
    return 0.5 * quad  # one-class: coef = alpha


#: Largest n whose float64 Gram matrix (8 n^2 bytes) the floor may hold in memory.
FLOOR_MAX_N = 15_000


def make_fits(kind, X, y, gamma, cache):
    """Return ``{solver name: fit callable}`` for a problem kind, all on the same data.

    The timed svmbook entries are estimators a user calls, ``default`` (``smo_mode="auto"``),
    ``faithful`` and ``fast`` (the two modes forced), beside one reference that is not:
    ``floor``, the same SMO core on a row cache that already holds every float32 kernel row
    (the Gram matrix is computed and cached before the timer starts, once per case), so its
    time is the solve's alone, as if kernel rows were free: the limit that a faster kernel
    computation could approach (only for ``n <= FLOOR_MAX_N``; binary and one-class problems
    and regression).
    """
    from sklearn import svm
    from sklearn.metrics.pairwise import rbf_kernel

    import svmbook

    common = dict(tol=1e-3, cache_size=cache)
    params = {"svc": dict(C=1.0), "multiclass": dict(C=1.0), "svr": dict(C=1.0, epsilon=0.1),
              "oneclass": dict(nu=0.1)}[kind]  # fmt: skip
    pair = {
        "svc": (svm.SVC, svmbook.SVC),
        "multiclass": (svm.SVC, svmbook.SVC),
        "svr": (svm.SVR, svmbook.SVR),
        "oneclass": (svm.OneClassSVM, svmbook.OneClassSVM),
    }[kind]

    def fitted(model):
        m = model.fit(X) if kind == "oneclass" else model.fit(X, y)
        coef = None if kind == "multiclass" else m.dual_coef_.ravel()
        if kind == "svc":
            coef = -coef  # the binary sign flip: same |coef|, same objective either way
        return dict(n_iter=int(np.sum(m.n_iter_)), support=m.support_, coef=coef,
                    mode=getattr(m, "smo_mode_", None))  # fmt: skip

    def fit_with(cls, **extra):
        return lambda: fitted(cls(gamma=gamma, **params, **common, **extra))

    def floor_fit():
        from svmbook.solvers.cache import prefill, row_cache
        from svmbook.svm import formulations as F

        every_row = 4.0 * X.shape[0] ** 2 / 2**20 + 64.0  # MB: the whole float32 Gram matrix
        rows = row_cache(K=rbf_kernel(X, gamma=gamma), cache_size=every_row)
        prefill(rows.cache, rows.source)  # untimed: every row is a cache hit from here on
        solve = {
            "svc": lambda: F.solve_c_svc(None, y, 1.0, kernel=rows, tol=1e-3),
            "svr": lambda: F.solve_epsilon_svr(None, y, 1.0, 0.1, kernel=rows, tol=1e-3),
            "oneclass": lambda: F.solve_one_class(None, 0.1, kernel=rows, tol=1e-3),
        }[kind]

        def floor():
            res = solve()
            return dict(n_iter=int(res.n_iter), support=res.support,
                        coef=res.dual_coef[res.support], mode=None)  # fmt: skip

        return floor

    fits = {
        "sklearn": fit_with(pair[0]),
        "default": fit_with(pair[1]),
        "faithful": fit_with(pair[1], smo_mode="faithful"),
        "fast": fit_with(pair[1], smo_mode="fast"),
    }
    if X.shape[0] <= FLOOR_MAX_N and kind != "multiclass":
        fits["floor"] = floor_fit()
    return fits


def worker(case_name, quick, repeats):
    """Time every solver of one case in this process and print the result as JSON."""
    from svmbook.solvers import row_memory

    case = CASES[case_name]
    X, y = load_case(case["quick"] if quick else case["data"])
    gamma = 1.0 / (X.shape[1] * X.var())
    fits = make_fits(case["kind"], X, y, gamma, case["cache"])
    solvers = [s for s in case["solvers"] if s in fits]
    out = {s: {"times": [], "peak_mb": 0.0} for s in solvers}
    last = {}
    load_start = os.getloadavg()[0]
    for rep in range(repeats + 1):  # rep 0: warm-up, untimed
        # a seeded shuffle per repeat: a fit whose row cache needed fresh memory from the
        # system ran up to twice as slow right after scikit-learn's fit (0.42-0.80 s against
        # 0.38-0.43 s at 10,000 points, svmbook.solvers.row_memory), so a fixed order, or a
        # rotation, which keeps the same neighbours, would bias the column that follows it
        order = np.random.default_rng(rep).permutation(len(solvers))
        for s in [solvers[k] for k in order]:
            t0 = time.perf_counter()
            res = fits[s]()
            dt = time.perf_counter() - t0
            if rep > 0:
                out[s]["times"].append(dt)
            last[s] = res
    for s in solvers:  # memory, untimed: after the warm-up, which also loads compiled code
        row_memory.release()  # a cache reusing the memory of the last one would not show
        with PeakRSS() as mem:
            fits[s]()
        out[s]["peak_mb"] = mem.mb
    for s in solvers:
        r = last[s]
        out[s]["n_iter"] = r["n_iter"]
        out[s]["n_sv"] = int(len(r["support"]))
        out[s]["smo_mode"] = r["mode"]
        out[s]["objective"] = (
            None  # multiclass: 45 machines, compare n_iter and n_SV instead
            if r["coef"] is None
            else dual_objective(case["kind"], X, gamma, r["support"], r["coef"], target=y)
        )
    return dict(
        case=case_name,
        n=int(X.shape[0]),
        d=int(X.shape[1]),
        solvers=out,
        load_average=[load_start, os.getloadavg()[0]],
    )


COMPILE_SNIPPET = """
import time, numpy as np
t0 = time.perf_counter()
from svmbook.svm import formulations as F
from svmbook.kernels import get_kernel
t1 = time.perf_counter()
rng = np.random.default_rng(0)
X = rng.normal(size=(200, 5)); y = (X[:, 0] > 0).astype(int)
k = get_kernel("rbf", gamma=0.2)
F.solve_c_svc(X, y, 1.0, kernel=k, mode="faithful")
t2 = time.perf_counter()
F.solve_c_svc(X, y, 1.0, kernel=k, mode="fast")
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""


def compile_times():
    """First-call times: cold (empty NUMBA_CACHE_DIR) and warm (the on-disk cache).

    The fast mode is called after the faithful one in the same process, so its figure is the
    extra compilation it needs on top of the shared functions.
    """
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        cold = subprocess.run(
            [sys.executable, "-c", COMPILE_SNIPPET],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    warm = subprocess.run(
        [sys.executable, "-c", COMPILE_SNIPPET], capture_output=True, text=True, check=True
    ).stdout.split()
    return {
        mode: {
            "cold_first_call_s": float(cold[k]),
            "warm_first_call_s": float(warm[k]),
            "import_s": float(warm[0]),
        }
        for mode, k in (("faithful", 1), ("fast (after faithful)", 2))
    }


# --------------------------------------------------------------------------------------------
# driver
# --------------------------------------------------------------------------------------------


def run_case(name, quick, repeats):
    """Run one case in a fresh worker process and return its parsed JSON result."""
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        name,
        "--repeats",
        str(repeats),
    ]
    if quick:
        cmd.append("--quick")
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return dict(case=name, error=p.stderr.strip().splitlines()[-1] if p.stderr else "failed")
    return json.loads(p.stdout.strip().splitlines()[-1])


def summarise(r):
    """Add medians, minima and speed-ups against scikit-learn to a case result, in place.

    The speed-up of a solver is the median and the range of the ratios of paired repeats
    (scikit-learn's time in repeat k over the solver's time in repeat k; the solvers run
    interleaved in each repeat, so a pair shares the machine's state).
    """
    sk = r["solvers"]["sklearn"]
    for v in r["solvers"].values():
        v["median_s"] = statistics.median(v["times"])
        v["min_s"] = min(v["times"])
    for v in r["solvers"].values():
        ratios = [a / b for a, b in zip(sk["times"], v["times"], strict=True)]
        v["speedup_ratios"] = ratios
        v["speedup_vs_sklearn"] = statistics.median(ratios)
        v["speedup_range"] = [min(ratios), max(ratios)]
        v["objective_gap"] = (
            None
            if v["objective"] is None
            else (v["objective"] - sk["objective"]) / abs(sk["objective"])
        )
    return r


def markdown(results, compile_info, meta):
    """Return the README table of the results as markdown."""
    lines = [
        f"# svmbook SMO vs scikit-learn ({meta['date']}, {meta['machine']})",
        "",
        "RBF kernel, gamma='scale', C=1, tol=1e-3, same cache budget for every solver, all "
        "through the estimators (`svmbook.SVC`, `SVR`, `OneClassSVM` against scikit-learn's): "
        "`default` is svmbook's defaults (`smo_mode='auto'`, the mode it chose in brackets), "
        "`faithful` and `fast` force the SMO mode, `floor` is the same SMO core on a row cache "
        "already holding every kernel row (computed before the timer starts): the solve alone, as "
        "if kernel rows were free, the limit a faster kernel computation could approach "
        "(n <= 15,000). Time is the median of the repeats after a "
        "warm-up fit (min in brackets); speed-up = scikit-learn's time / the solver's time in "
        "the same repeat, median [min-max] over the repeats; gap = relative difference of the "
        "dual objective from scikit-learn's; peak = RSS growth during the fit. Multiclass: "
        "one-vs-one, n_iter summed over the 45 machines. load = one-minute load average at "
        "the start and end of the case (2 CPUs, shared with other work).",
        "",
        "| case | n x d | cache MB | solver | time s (min) | speed-up | n_iter | n_SV "
        "| objective gap | peak MB | load |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        if "error" in r:
            lines.append(f"| {r['case']} | | | error: {r['error']} | | | | | | | |")
            continue
        case = CASES[r["case"]]
        for s, v in r["solvers"].items():
            gap = "n/a" if v["objective_gap"] is None else f"{v['objective_gap']:+.1e}"
            load = "{:.1f} / {:.1f}".format(*r["load_average"]) if s == "sklearn" else ""
            name = f"{s} ({v['smo_mode']})" if s == "default" and v.get("smo_mode") else s
            lo, hi = v["speedup_range"]
            lines.append(
                f"| {case['desc'] if s == 'sklearn' else ''} | {r['n']}x{r['d']} "
                f"| {case['cache']:.0f} | {name} | {v['median_s']:.3f} ({v['min_s']:.3f}) "
                f"| {v['speedup_vs_sklearn']:.2f}x [{lo:.2f}-{hi:.2f}] | {v['n_iter']} "
                f"| {v['n_sv']} | {gap} | {v['peak_mb']:.0f} | {load} |"
            )
    lines += ["", "First call of `solve_c_svc` on a 200-point problem (import excluded):", ""]
    lines += ["| mode | cold compile s | warm cache load s |", "|---|---|---|"]
    for mode, c in compile_info.items():
        lines.append(f"| {mode} | {c['cold_first_call_s']:.1f} | {c['warm_first_call_s']:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    """Run the SMO benchmark from the command line; return the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small problem sizes")
    ap.add_argument("--cases", default=",".join(CASES), help="comma-separated case names")
    ap.add_argument("--repeats", type=int, default=None, help="override repeats per case")
    ap.add_argument("--no-compile", action="store_true", help="skip the compile-time probe")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker:
        reps = args.repeats if args.repeats is not None else CASES[args.worker]["repeats"]
        print(json.dumps(worker(args.worker, args.quick, reps)))
        return 0

    from tqdm.auto import tqdm

    names = [c for c in args.cases.split(",") if c]
    unknown = [c for c in names if c not in CASES]
    if unknown:
        ap.error(f"unknown cases {unknown}; known: {sorted(CASES)}")
    results = []
    for name in tqdm(names, desc="bench"):
        reps = args.repeats if args.repeats is not None else CASES[name]["repeats"]
        if args.quick:
            reps = min(reps, 3)
        r = run_case(name, args.quick, reps)
        results.append(r if "error" in r else summarise(r))
    compile_info = {} if args.no_compile else compile_times()
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs",
        "python": platform.python_version(),
        "quick": bool(args.quick),
        "load_average": os.getloadavg(),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    payload = {"meta": meta, "results": results, "compile": compile_info}
    (RESULTS / "latest.json").write_text(json.dumps(payload, indent=1, default=float))
    md = markdown(results, compile_info, meta)
    (RESULTS / "latest.md").write_text(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
