"""Compile svmbook's numba functions once, before notebooks are executed under a time budget.

numba caches compiled code on disk (``cache=True``) next to the sources, so the first process after
a fresh clone or a solver change pays the compilation (about a minute for the SMO core) and every
later one loads it in well under a second. ``make notebooks`` and ``make book`` run this first so
that the per-chapter budget measures the chapter, not the compiler.
"""

from __future__ import annotations

import time

import numpy as np


def main() -> None:
    start = time.perf_counter()
    from svmbook import SVC, SVR, NuSVC, NuSVR, OneClassSVM, formulations, kernels
    from svmbook.solvers.decomposition import decompose

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
    print(f"numba functions ready in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
