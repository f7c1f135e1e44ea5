"""How many BLAS threads a kernel product gets: a rule on the product's shape, never the load.

Kernel rows and Gram blocks are BLAS products (``X @ Y.T`` before the kernel's transform). A
second BLAS thread pays only for large products on an idle core; for the products of a solve
(one row: a matrix-vector product) or of a prediction (a few hundred test points against the
support vectors), it costs more than it saves as soon as another process holds a core: the
BLAS worker waits for the scheduler at every call (measured on the 2-vCPU VM with one core
busy: a USPS solve 0.17-0.22 s with one thread against 2.5-3.6 s with the library's two; the
decision values of 300 points against 1,091 support vectors, 20 features, 2.6 ms against 16 ms).
So the thread count follows the product's size alone: one thread below :data:`LARGE` multiply-
adds, the library's setting above it (where each call is long enough to amortise a late
worker) and for products too small to be split at all (below :data:`SMALL`, where
setting the threads would only cost time). A multithreaded product may sum in another order,
so the thread count can move the last bit of an entry (0.13 % of the entries of a 300 x 1,100
x 20 product, by at most 2.2e-16): a rule fixed by the shape also keeps the values the same from
run to run, whatever else the machine does.
"""

from __future__ import annotations

import contextlib

__all__ = ["LARGE", "SMALL", "blas_limit", "threads_for"]

#: Products with fewer multiply-adds than this are not split by OpenBLAS; limiting their threads
#: would change nothing but cost the set-up of every small call (a kernel row of the 45
#: one-vs-one machines of digits: m * d ~ 23,000).
SMALL = 100_000

#: Products with at least this many multiply-adds keep the library's threads: on an idle
#: machine two threads nearly halve them, and one call lasts long enough (about 0.1 s on one
#: core) that a worker waiting for its core costs a small share of it.
LARGE = 1_000_000_000

_CONTROLLERS = []


def threads_for(n_rows, n_cols, n_inner):
    """Return the BLAS threads for an ``(n_rows x n_inner) @ (n_inner x n_cols)`` product.

    Parameters
    ----------
    n_rows, n_cols, n_inner : int
        The product's shape.

    Returns
    -------
    int or None
        1, or None to leave the library's setting (tiny or very large products).

    Examples
    --------
    >>> threads_for(300, 1091, 20), threads_for(10, 10, 5), threads_for(20_000, 20_000, 64)
    (1, None, None)
    """
    macs = n_rows * n_cols * n_inner
    return None if macs < SMALL or macs >= LARGE else 1


@contextlib.contextmanager
def blas_limit(threads):
    """Limit the BLAS libraries to ``threads`` threads inside the context (no-op for None).

    threadpoolctl's ``limit`` re-reads every library's state on each call (about 0.2 ms, as
    much as a small one-vs-one machine's solve), so the BLAS controllers are found once per
    process and only their thread counts are read and set here.

    Parameters
    ----------
    threads : int or None
        The thread count, or None to change nothing.

    Yields
    ------
    None
        Inside the context the limit holds; it is restored on exit.
    """
    if threads is None:
        yield
        return
    if not _CONTROLLERS:
        import scipy.linalg.cython_blas  # noqa: F401  (numba's BLAS: load it before scanning)
        from threadpoolctl import ThreadpoolController

        _CONTROLLERS.extend(ThreadpoolController().select(user_api="blas").lib_controllers)
    before = [lib.num_threads for lib in _CONTROLLERS]
    for lib, n in zip(_CONTROLLERS, before, strict=True):
        if n != threads:
            lib.set_num_threads(int(threads))
    try:
        yield
    finally:
        for lib, n in zip(_CONTROLLERS, before, strict=True):
            if n != threads:
                lib.set_num_threads(n)
