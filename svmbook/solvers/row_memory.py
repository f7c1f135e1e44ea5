"""The memory of row caches, kept for the next cache of the process.

A row cache is one large float32 array (:func:`svmbook.solvers.cache.make_cache`; 200 MB at the
estimators' default ``cache_size``). A fresh array of that size comes from the operating system
as untouched pages, and every page costs a fault the first time a kernel row is written into
it. On the 2-vCPU VM of ``make bench`` those faults are slow unless the process freed the same
amount of memory just before (the host hands back memory the guest has not used for a while):
a 10,000 x 20 fit took 0.42-0.80 s after a scikit-learn fit (three of four runs above 0.6 s)
and 0.69-0.88 s after a pause of 1.5 s, against 0.38-0.43 s right after another fit of ours,
whose freed cache the new one could reuse. LIBSVM's
rows come from the C allocator, which keeps freed memory for the next allocation of the
process; this module does the same for the caches: when a cache's array is no longer
referenced, its memory becomes the *spare*, and the next cache takes it instead of a fresh
array (measured: 0.36-0.50 s after a scikit-learn fit, 0.39-0.54 s after the pause).

At most one spare is kept, and only up to :data:`MAX_SPARE_MB`; :func:`release` drops it.
The array a cache receives is uninitialised, as from ``numpy.empty``.
"""

from __future__ import annotations

import threading
import weakref

import numpy as np

__all__ = ["MAX_SPARE_MB", "release", "rows", "spare_mb"]

#: Largest spare kept, in megabytes: the memory of a larger cache goes back to the system.
MAX_SPARE_MB = 1024.0

_lock = threading.Lock()
_spare: list[np.ndarray] = []  # at most one flat float32 array


def rows(n_slots, n_points):
    """Return an uninitialised float32 array of shape ``(n_slots, n_points)`` for a row cache.

    It is a view of the spare when the spare is large enough, else of a new array; either
    way, once the returned array (and every view of it) is gone, its memory becomes the spare
    (if it is at most :data:`MAX_SPARE_MB` and larger than the spare it replaces).

    Parameters
    ----------
    n_slots, n_points : int
        The shape: rows of the cache, entries per row.

    Returns
    -------
    ndarray of float32 of shape (n_slots, n_points)
    """
    need = int(n_slots) * int(n_points)
    buf = None
    with _lock:
        if _spare and _spare[0].shape[0] >= need:
            buf = _spare.pop()
    if buf is None:
        buf = np.empty(max(need, 1), dtype=np.float32)
    owner = _Owner(buf[:need], (int(n_slots), int(n_points)))
    weakref.finalize(owner, _give_back, buf).atexit = False
    return np.asarray(owner)


class _Owner:
    """The base object of a cache's array, alive while the array or any view of it is.

    A view of a numpy view points at the array that owns the memory, so a finalizer on the
    returned array itself would fire while a row taken from it (``data[s]``) is still in use;
    a non-array base ends that chain here.
    """

    def __init__(self, flat, shape):
        self.flat = flat
        self.__array_interface__ = {
            "shape": shape,
            "typestr": flat.dtype.str,
            "data": (flat.__array_interface__["data"][0], False),
            "strides": None,
            "version": 3,
        }


def _give_back(buf):
    """Make ``buf`` the spare if it is allowed and larger than the current one."""
    if buf.nbytes > MAX_SPARE_MB * (1 << 20):
        return
    with _lock:
        if not _spare or _spare[0].shape[0] < buf.shape[0]:
            _spare[:] = [buf]


def spare_mb():
    """Return the size of the spare in megabytes (0 when there is none).

    Returns
    -------
    float
    """
    with _lock:
        return _spare[0].nbytes / (1 << 20) if _spare else 0.0


def release():
    """Drop the spare, so that its memory goes back to the system.

    Examples
    --------
    >>> from svmbook.solvers import row_memory
    >>> row_memory.release()
    >>> row_memory.spare_mb()
    0.0
    """
    with _lock:
        _spare.clear()
