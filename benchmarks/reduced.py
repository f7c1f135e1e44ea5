"""Reduced-kernel scale benchmark: RSVC against Nystroem + LinearSVC and SVC, to a million points.

Issue 13's performance section (the reduced kernel trick, Yeh, Huang, Pao and Lee's review). Two
synthetic binary problems, each with a test set of ``N_TEST`` points drawn apart:

* ``nonlinear20``: ``x ~ N(0, I_20)``, ``y = sign(||x||^2 / 20 - 1 + 0.3 sin(2 x_1) + 0.3 x_2 x_3)``
  (a ball whose surface ripples, rotated by a product term: no linear rule separates it);
* ``checkerboard``: ``x`` uniform on ``[0, 4]^2``, ``y = +1`` on the squares where
  ``floor(x_1) + floor(x_2)`` is even (16 squares).

Methods, in one worker process per (problem, size), on the same data, interleaved:

* ``RSVC``: :class:`svmbook.reduced.RSVC` with ``reduced_size=m`` (``--m``, default 200), the
  random stratified reduced set (``selection="random"``), the Gaussian kernel; the time includes
  the selection and the ``n x m`` kernel;
* ``Nystroem + LinearSVC``: scikit-learn's ``Nystroem(n_components=m)`` (the same ``gamma``,
  ``m`` random landmarks) feeding ``LinearSVC`` (squared hinge, L2, liblinear's primal solver
  for ``n >> m``); its ``C`` is half RSVC's, because RSVC weighs ``C/2 sum p^2`` and LinearSVC
  ``C sum max(0, 1 - y f)^2``: the loss then has the same weight;
* ``SVC``: scikit-learn's LIBSVM ``SVC`` (hinge loss, the same ``gamma`` and ``C``) on the
  subsets ``--svc-sizes`` only: its time grows at least quadratically in ``n`` (one 20,000-point
  fit of ``nonlinear20`` takes about a minute here), so it is not run at 100,000 points and more;
* ``RSVC on Dask``: the same RSVC (same parameters, hence the same reduced set) fitted by
  :func:`svmbook.reduced.dask.fit_distributed` on a ``distributed.LocalCluster(n_workers=2,
  threads_per_worker=1)`` of worker processes, at ``--dask-sizes`` only. The cluster is started
  once per (problem, size), outside the timing (its start time is reported), and the training
  set is a Dask array of :data:`DASK_CHUNK` rows per chunk persisted on the workers before the
  fits (the data already live on the cluster, as when read there from Zarr or ``.npy`` files;
  the persist time is reported). ``cache_kernel=True``: each worker keeps its chunks' kernel
  blocks, ``n m`` floats over the cluster (1.6 GB at ``n = 10^6``, ``m = 200``), against a
  worker memory limit of half the machine's memory (distributed's default). Reported besides
  the time: the largest absolute difference between its coefficients ``(u, b)`` and those of
  the in-memory RSVC, and each worker process's peak resident memory (``ru_maxrss``, read on
  the workers after the fits).

``gamma`` and ``C`` per problem (:data:`PROBLEMS`) were chosen once on a 20,000-point training
set and a 10,000-point validation set over ``gamma`` in {0.005, 0.02, 0.05, 0.1} (nonlinear20)
or {1, 4} (checkerboard) and ``C`` in {1, 10, 100, 1000}: at the chosen values both RSVC and
Nystroem + LinearSVC are within 0.5 points of their best validation accuracy.

Every method stops by its default rule: RSVC's Newton at ``||grad|| <= 1e-8 max(1, ||grad^0||)``,
liblinear's primal Newton (TRON) at ``tol = 1e-4`` times the smaller class's share, relative to
its first gradient (scikit-learn's ``dual="auto"`` takes the primal for ``n > m``); RSVC's rule
is the stricter (on the 100,000-point checkerboard its gradient norm falls from 2.1e6 to 1.6e-7
in 27 full Newton steps, the last three changing the objective by under 1e-6 relative).

Reported per method and size: the fit time (median, min and max of ``--repeats`` fits after one
untimed warm-up fit on 2,000 points, which loads numba's compiled code), the test accuracy, and
for RSVC the Newton steps. The growth of RSVC's time in ``n`` is the least-squares slope of
``log(median time)`` against ``log(n)`` over ``--sizes`` (1 is linear). Peak memory of the RSVC
fit: a fresh subprocess per size fits once on 2,000 points (loading the libraries and the
compiled code), draws the data, reads ``resource.getrusage(RUSAGE_SELF)
.ru_maxrss`` (the peak resident set so far, in KB on Linux), fits once, and reads it again; the
report gives the process's peak (data included) and its growth during the fit. Each worker
records the one-minute load average at its start and end: the machine is shared.

Targets (issue 13; reported, not asserted): RSVC at ``n = 1,000,000``, ``m = 200`` trains in
under 60 s with a peak under 4 GB, at least as accurate as Nystroem + LinearSVC at the same ``m``
and faster; RSVC's time linear in ``n``; the Dask path within 2x of the in-memory fit (its
"vs RSVC" ratio, against the in-memory RSVC fitted interleaved in the same process).

Usage::

    python benchmarks/reduced.py [--sizes 100000,300000,1000000] [--svc-sizes 5000,20000]
                                 [--problems nonlinear20,checkerboard] [--m 200] [--repeats 3]
                                 [--dask-sizes 100000,1000000] [--quick] [--merge METHODS]

``--quick`` is a CI-size run that checks the script (sizes 5,000, 10,000 and 20,000; SVC at
2,000; one repeat) and writes ``reduced_quick.{json,md}``; a full run writes
``benchmarks/results/reduced.json`` and ``benchmarks/results/reduced.md``. ``--merge`` runs only
the named methods (comma-separated, with the in-memory RSVC as their reference in the same
process; no memory workers) and merges their rows into the existing results, replacing rows
of the same problem, size and method; the report lists the merged runs.
"""

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"

#: gamma of the Gaussian kernel and RSVC's C per problem (see the module docstring).
PROBLEMS = {
    "nonlinear20": {"gamma": 0.02, "C": 100.0, "desc": "ball with ripples, d = 20"},
    "checkerboard": {"gamma": 4.0, "C": 100.0, "desc": "4 x 4 checkerboard, d = 2"},
}
N_TEST = 50_000
WARM_UP = 2_000
DEFAULTS = {"sizes": "100000,300000,1000000", "svc_sizes": "5000,20000", "repeats": 3,
            "dask_sizes": "100000,1000000"}  # fmt: skip
QUICK = {"sizes": "5000,10000,20000", "svc_sizes": "2000", "repeats": 1, "dask_sizes": "5000"}
#: The method names, in the order of the report.
METHODS = ("RSVC", "Nystroem + LinearSVC", "SVC", "RSVC on Dask")
#: Rows per chunk of the Dask path's training set (4 to 40 chunks at 10^5 to 10^6 points).
DASK_CHUNK = 25_000


def make_problem(name, n, seed):
    """Return ``n`` points and labels of a benchmark problem.

    Parameters
    ----------
    name : {"nonlinear20", "checkerboard"}
        The problem (module docstring).
    n : int
        Points to draw.
    seed : int
        Seed of ``numpy.random.default_rng``: the training set uses ``seed`` 0 (its first
        ``n`` points are the same for every ``n``), the test set seed 1.

    Returns
    -------
    X : ndarray of shape (n, d)
        The points.
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    """
    rng = np.random.default_rng(seed)
    if name == "nonlinear20":
        X = rng.normal(size=(n, 20))
        f = (X**2).sum(axis=1) / 20.0 - 1.0 + 0.3 * np.sin(2.0 * X[:, 0]) + 0.3 * X[:, 1] * X[:, 2]
    else:
        X = rng.uniform(0.0, 4.0, size=(n, 2))
        f = 0.5 - (np.floor(X[:, 0]) + np.floor(X[:, 1])) % 2
    return X, np.where(f > 0, 1.0, -1.0)


def _estimators(problem, m):
    """Return the methods of a problem as ``name -> factory`` of unfitted estimators."""
    from sklearn.kernel_approximation import Nystroem
    from sklearn.pipeline import make_pipeline
    from sklearn.svm import SVC, LinearSVC

    from svmbook.reduced import RSVC

    gamma, C = PROBLEMS[problem]["gamma"], PROBLEMS[problem]["C"]
    return {
        "RSVC": lambda: RSVC(reduced_size=m, C=C, gamma=gamma, random_state=0),
        "Nystroem + LinearSVC": lambda: make_pipeline(
            Nystroem(gamma=gamma, n_components=m, random_state=0), LinearSVC(C=C / 2.0)
        ),
        "SVC": lambda: SVC(C=C, gamma=gamma, cache_size=500),
    }


def _coefficients(model):
    """Return an RSVC's ``(u, b)`` as one vector."""
    return np.append(np.ravel(model.coef_), model.intercept_)


def _fit_worker(problem, n, m, repeats, methods):
    """Fit ``methods`` on ``n`` training points, interleaved; return a dict per method."""
    from sklearn.exceptions import ConvergenceWarning

    load = [os.getloadavg()[0]]
    X, y = make_problem(problem, n, 0)
    X_test, y_test = make_problem(problem, N_TEST, 1)
    factories = _estimators(problem, m)
    fits = {name: lambda factory, X, y: factory().fit(X, y) for name in methods}
    out = {name: {"times": [], "warnings": 0} for name in methods}
    with contextlib.ExitStack() as stack:
        if "RSVC on Dask" in methods:
            fits["RSVC on Dask"], out["RSVC on Dask"]["dask"] = _dask_fit(stack, X, y)
            factories["RSVC on Dask"] = factories["RSVC"]
        for name in methods:  # warm-up: compiled code loaded, BLAS threads started
            fits[name](factories[name], X[:WARM_UP], y[:WARM_UP])
        for _ in range(repeats):
            for name in methods:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always", ConvergenceWarning)
                    t0 = time.perf_counter()
                    model = fits[name](factories[name], X, y)
                    out[name]["times"].append(time.perf_counter() - t0)
                out[name]["warnings"] += sum(issubclass(w.category, ConvergenceWarning)
                                             for w in caught)  # fmt: skip
                out[name]["accuracy"] = float(np.mean(model.predict(X_test) == y_test))
                if name.startswith("RSVC"):
                    out[name]["n_iter"] = int(np.ravel(model.n_iter_)[0])
                    out[name]["selection_time"] = float(model.selection_time_)
                    out[name]["coef"] = _coefficients(model)
        if "RSVC on Dask" in methods:
            dask = out["RSVC on Dask"]
            dask["dask"]["coef_max_diff"] = float(np.max(np.abs(
                dask.pop("coef") - out["RSVC"]["coef"])))  # fmt: skip
            dask["dask"]["coef_max_abs"] = float(np.max(np.abs(out["RSVC"]["coef"])))
            dask["dask"]["worker_peak_mb"] = dask["dask"].pop("peak_rss")()
    for r in out.values():
        r.pop("coef", None)
    load.append(os.getloadavg()[0])
    return {"load": load, "methods": out}


def _dask_fit(stack, X, y):
    """Start the 2-worker cluster and persist the data on it; return the fit and its set-up.

    The cluster and its client are closed by ``stack``. The returned fit takes the factory and
    the in-memory data of the warm-up (a Dask array of those rows) or of the timed fits (the
    persisted arrays).
    """
    import dask.array as da
    import distributed

    from svmbook.reduced.dask import fit_distributed

    t0 = time.perf_counter()
    cluster = stack.enter_context(distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"))  # fmt: skip
    client = stack.enter_context(distributed.Client(cluster))  # default: wait() needs one
    started = time.perf_counter() - t0
    t0 = time.perf_counter()
    Xd = client.persist(da.from_array(X, chunks=(DASK_CHUNK, -1)))
    yd = client.persist(da.from_array(y, chunks=(DASK_CHUNK,)))
    distributed.wait([Xd, yd])
    persisted = time.perf_counter() - t0

    def fit(factory, X_fit, y_fit):
        if X_fit.shape[0] == X.shape[0]:
            X_fit, y_fit = Xd, yd
        else:
            X_fit = da.from_array(X_fit, chunks=(DASK_CHUNK, -1))
            y_fit = da.from_array(y_fit, chunks=(DASK_CHUNK,))
        return fit_distributed(factory(), X_fit, y_fit, client=client, cache_kernel=True)

    def peak_rss():
        import resource

        kb = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        return sorted(v / 1024.0 for v in kb.values())

    limits = [w["memory_limit"] / 2**30 for w in client.scheduler_info()["workers"].values()]
    setup = {"cluster_start_s": started, "persist_s": persisted, "chunk_rows": Xd.chunks[0][0],
             "n_chunks": len(Xd.chunks[0]), "cache_kernel": True, "workers": 2,
             "worker_memory_limit_gb": limits, "peak_rss": peak_rss}  # fmt: skip
    return fit, setup


def _memory_worker(problem, n, m):
    """Fit RSVC once in this fresh process; return its peak resident memory in MB."""
    import resource

    rsvc = _estimators(problem, m)["RSVC"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the timed workers count the warnings
        # the warm-up loads the libraries and compiled code, so the growth is the fit's own
        rsvc().fit(*make_problem(problem, WARM_UP, 0))
        X, y = make_problem(problem, n, 0)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
        rsvc().fit(X, y)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return {"peak_mb": after, "before_fit_mb": before, "fit_growth_mb": after - before}


def _in_subprocess(kind, **kwargs):
    """Run a worker in a fresh interpreter and return its JSON answer."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps([kind, kwargs])]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"worker {kind} {kwargs} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _slope(sizes, times):
    """Least-squares slope of log(time) against log(n)."""
    return float(np.polyfit(np.log(sizes), np.log(times), 1)[0])


def run(problems, sizes, svc_sizes, dask_sizes, m, repeats, only=None, progress=True):
    """Run every (problem, size) worker and the memory workers; return the report.

    With ``only`` (a list of method names) run those methods and the in-memory RSVC, their
    reference, at the sizes where they run, without the memory workers.
    """
    rows, scaling = [], {}
    both = set(sizes) | set(svc_sizes)
    runs_at = {"RSVC": both, "Nystroem + LinearSVC": both, "SVC": set(svc_sizes),
               "RSVC on Dask": set(dask_sizes)}  # fmt: skip
    wanted = [name for name in METHODS if only is None or name in only]
    all_sizes = sorted(set().union(*(runs_at[name] for name in wanted)))
    for problem in problems:
        for n in all_sizes:
            methods = [name for name in METHODS
                       if (name in wanted or name == "RSVC") and n in runs_at[name]]  # fmt: skip
            if progress:
                print(f"{problem} n={n}: {', '.join(methods)}", file=sys.stderr, flush=True)
            fits = _in_subprocess("fit", problem=problem, n=n, m=m, repeats=repeats,
                                  methods=methods)  # fmt: skip
            run_memory = n in sizes and only is None
            memory = _in_subprocess("memory", problem=problem, n=n, m=m) if run_memory else None
            rsvc = statistics.median(fits["methods"]["RSVC"]["times"])
            for name, r in fits["methods"].items():
                if only is not None and name not in only:
                    continue
                t = r["times"]
                rows.append({
                    "problem": problem,
                    "n": n,
                    "method": name,
                    "time_median": statistics.median(t),
                    "time_min": min(t),
                    "time_max": max(t),
                    "times": t,
                    "speedup_of_rsvc": statistics.median(t) / rsvc,
                    "accuracy": r["accuracy"],
                    "convergence_warnings": r["warnings"],
                    "n_iter": r.get("n_iter"),
                    "selection_time": r.get("selection_time"),
                    "memory": memory if name == "RSVC" else None,
                    "load": fits["load"],
                    "rsvc_times": fits["methods"]["RSVC"]["times"],
                    "dask": r.get("dask"),
                })  # fmt: skip
        if only is None and len(sizes) > 1:
            medians = [next(r["time_median"] for r in rows if r["problem"] == problem
                            and r["n"] == n and r["method"] == "RSVC") for n in sizes]  # fmt: skip
            scaling[problem] = _slope(sizes, medians)
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "load": os.getloadavg()[0],
        "m": m,
        "repeats": repeats,
        "sizes": sizes,
        "svc_sizes": svc_sizes,
        "dask_sizes": dask_sizes,
        "n_test": N_TEST,
        "problems": {p: PROBLEMS[p] for p in problems},
        "rows": rows,
        "slope_log_time_log_n": scaling,
    }


def _markdown(report):
    lines = [
        f"# Reduced-kernel scale benchmark ({report['date']}, {report['machine']}, load "
        f"{report['load']:.1f} at the end)",
        "",
        f"m = {report['m']} for RSVC and Nystroem; {report['n_test']:,} test points; time: median "
        f"[min-max] of {report['repeats']} fits"
        + (" (merged rows: as stated below the table)" if report.get("merged") else "")
        + "; speed-up: the method's median time over RSVC's (for RSVC on Dask, over the "
        "in-memory RSVC's fitted with it in the same process).",
        "",
        "| problem | n | method | fit time s | vs RSVC | test accuracy | Newton steps | "
        "peak MB (growth in fit) | load (start-end) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in report["rows"]:
        mem = r["memory"]
        mem = f"{mem['peak_mb']:.0f} ({mem['fit_growth_mb']:.0f})" if mem else ""
        warn = f" ({r['convergence_warnings']} warnings)" if r["convergence_warnings"] else ""
        lines.append(
            f"| {r['problem']} | {r['n']:,} | {r['method']}{warn} | {r['time_median']:.2f} "
            f"[{r['time_min']:.2f}-{r['time_max']:.2f}] | {r['speedup_of_rsvc']:.2f}x | "
            f"{r['accuracy']:.4f} | {r['n_iter'] if r['n_iter'] is not None else ''} | {mem} | "
            f"{r['load'][0]:.1f}-{r['load'][1]:.1f} |"
        )
    lines.append("")
    for problem, slope in report["slope_log_time_log_n"].items():
        if slope is not None:
            sizes = ", ".join(f"{n:,}" for n in report["sizes"])
            lines.append(f"RSVC time against n on {problem}: slope of log time vs log n = "
                         f"{slope:.2f} (n = {sizes}).")  # fmt: skip
    for r in report["rows"]:
        if r.get("dask"):
            d = r["dask"]
            peaks = ", ".join(f"{v:.0f}" for v in d["worker_peak_mb"])
            lines.append(
                f"RSVC on Dask, {r['problem']}, n = {r['n']:,}: 2 worker processes (memory "
                f"limit {d['worker_memory_limit_gb'][0]:.1f} GB each), {d['n_chunks']} "
                f"chunk(s) of {d['chunk_rows']:,} rows, cache_kernel={d['cache_kernel']}; "
                f"cluster start {d['cluster_start_s']:.1f} s and data "
                f"persist {d['persist_s']:.1f} s (not timed); in-memory RSVC in the same "
                f"process {statistics.median(r['rsvc_times']):.2f} s (median); largest "
                f"coefficient difference {d['coef_max_diff']:.1e} (largest coefficient "
                f"{d['coef_max_abs']:.1e}); workers' peak resident memory {peaks} MB."
            )  # fmt: skip
    for merged in report.get("merged", []):
        lines.append(f"Rows of {', '.join(merged['methods'])} on "
                     f"{', '.join(merged['problems'])} at n = "
                     f"{', '.join(f'{n:,}' for n in merged['sizes'])} measured {merged['date']} "
                     f"({merged['repeats']} fits each, load {merged['load']:.1f} at the end) "
                     f"and merged.")  # fmt: skip
    return "\n".join(lines) + "\n"


def _merge(path, new):
    """Return the report at ``path`` with the rows of ``new`` put in place of its own."""
    report = json.loads(path.read_text())
    key = lambda r: (r["problem"], r["n"], r["method"])  # noqa: E731
    replaced = {key(r): r for r in new["rows"]}
    rows = [r for r in report["rows"] if key(r) not in replaced]
    for r in new["rows"]:  # after the last row of its problem and size (or at the end)
        at = [i for i, old in enumerate(rows) if (old["problem"], old["n"]) == key(r)[:2]]
        rows.insert(at[-1] + 1 if at else len(rows), r)
    report["rows"] = rows
    report.setdefault("merged", []).append({
        "date": new["date"], "load": new["load"], "repeats": new["repeats"],
        "methods": sorted({r["method"] for r in new["rows"]}, key=METHODS.index),
        "sizes": sorted({r["n"] for r in new["rows"]}),
        "problems": sorted({r["problem"] for r in new["rows"]}),
    })  # fmt: skip
    report["dask_sizes"] = sorted(set(report.get("dask_sizes", [])) | set(new["dask_sizes"]))
    return report


def main(argv=None):
    """Run the benchmark (or one worker) and write the JSON and markdown results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", help=f"training sizes (default {DEFAULTS['sizes']})")
    parser.add_argument("--svc-sizes", help=f"sizes with SVC too (default {DEFAULTS['svc_sizes']})")
    parser.add_argument("--problems", default=",".join(PROBLEMS))
    parser.add_argument("--m", type=int, default=200, help="reduced size / Nystroem components")
    parser.add_argument("--repeats", type=int)
    parser.add_argument("--dask-sizes", help=f"sizes with RSVC on Dask too (default "
                                             f"{DEFAULTS['dask_sizes']})")  # fmt: skip
    parser.add_argument("--merge", help="run only these methods (comma-separated) and merge "
                                        "their rows into the existing results")  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="CI-size run checking the script")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        kind, kwargs = json.loads(args.worker)
        worker = _fit_worker if kind == "fit" else _memory_worker
        print(json.dumps(worker(**kwargs)))
        return
    base = QUICK if args.quick else DEFAULTS

    def listed(name):  # an empty value ("") is an empty list, an absent one the default
        given = getattr(args, name)
        return [int(v) for v in (base[name] if given is None else given).split(",") if v]

    sizes, svc_sizes, dask_sizes = listed("sizes"), listed("svc_sizes"), listed("dask_sizes")
    only = args.merge.split(",") if args.merge else None
    for name in only or []:
        if name not in METHODS:
            raise ValueError(f"--merge: {name!r} is not one of {list(METHODS)}")
    if only is not None and "RSVC" in only:
        # the other methods' "vs RSVC" is against the RSVC of their own run: replacing only the
        # RSVC rows would leave those ratios, and the order of the rows, stale
        raise ValueError("--merge cannot replace the RSVC rows (the reference of the other "
                         "methods' ratios): rerun those sizes without --merge")
    problems = args.problems.split(",")
    for p in problems:
        if p not in PROBLEMS:
            raise ValueError(f"--problems: {p!r} is not one of {list(PROBLEMS)}")
    repeats = args.repeats or base["repeats"]
    report = run(problems, sizes, svc_sizes, dask_sizes, args.m, repeats, only)
    stem = "reduced_quick" if args.quick else "reduced"
    RESULTS.mkdir(exist_ok=True)
    if only is not None and (RESULTS / f"{stem}.json").exists():
        report = _merge(RESULTS / f"{stem}.json", report)
    (RESULTS / f"{stem}.json").write_text(json.dumps(report, indent=1) + "\n")
    md = _markdown(report)
    (RESULTS / f"{stem}.md").write_text(md)
    print(md)


if __name__ == "__main__":
    main()
