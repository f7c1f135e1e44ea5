"""Compile svmbook's numba functions once, before notebooks are executed under a time budget.

numba caches compiled code on disk (``cache=True``) next to the sources, so the first process after
a fresh clone or a solver change pays the compilation (about a minute for the SMO core) and every
later one loads it in well under a second. ``make notebooks`` and ``make book`` run this first so
that the per-chapter budget measures the chapter, not the compiler.
"""

from __future__ import annotations

import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning


def main() -> None:
    """Compile every numba core once on tiny problems so the chapters time runs, not compiles."""
    start = time.perf_counter()
    # tiny problems with small iteration caps: compiling is the point, not converging
    warnings.simplefilter("ignore", ConvergenceWarning)
    from svmbook import (
        SVC,
        SVR,
        MuSVC,
        NuSVC,
        NuSVR,
        OneClassSVM,
        hull,
        kernels,
        perceptrons,
    )
    from svmbook.solvers.decomposition import decompose
    from svmbook.solvers.nearest_point import solve_min_norm_point
    from svmbook.svm import formulations

    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3))
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=40) > 0, 1.0, -1.0)
    z = X @ np.array([1.0, -2.0, 0.5]) + 0.1 * rng.normal(size=40)
    for kernel in ("linear", "poly", "rbf", "sigmoid"):
        SVC(kernel=kernel).fit(X, y)
        SVR(kernel=kernel).fit(X, z)
    for kernel in (kernels.erbf(1.0), kernels.spline(), kernels.bspline(1), kernels.fourier(2)):
        kernel(np.abs(X))
    NuSVC().fit(X, y)
    NuSVR().fit(X, z)
    OneClassSVM().fit(X)
    SVC().fit(X, np.arange(40) % 3)  # multiclass
    for mode in ("faithful", "fast"):
        formulations.solve_c_svc(X, y, 1.0, kernel=kernels.rbf(gamma=0.5), mode=mode)
    K = kernels.rbf(gamma=0.5)(X)
    formulations.solve_c_svc(K, y, 1.0, kernel="precomputed")
    decompose(K, y, 1.0, q=4)
    # the geometric chapters: nearest-point solvers, hull algorithms, perceptrons
    for solver in ("wsk_fast", "sk", "wsk", "gilbert", "mdm", "tao", "smo"):
        MuSVC(mu=0.2, solver=solver, history=True).fit(X, y)
        MuSVC(mu=0.2, kernel="linear", solver=solver).fit(X, y, sample_weight=np.ones(40))
    solve_min_norm_point(K, mu=0.2)
    solve_min_norm_point(K, mu=0.2, y=y)
    P = X[:, :2]
    hull.quickhull2d(P)
    hull.qrh(P, 0.2)
    hull.rch_brute_2d(P, 0.2)
    hull.beneath_beyond(X)
    hull.extreme_vertex(P, np.array([1.0, 0.0]), mu=0.2, s=np.ones(40))
    perceptrons.rosenblatt(K, y, max_epochs=5)
    for mode in ("sequential", "parallel"):
        perceptrons.adatron(K, y, mode=mode, max_iter=5)
    print(f"numba functions ready in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
