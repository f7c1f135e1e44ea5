r"""The exact reduced SVM on a Dask cluster: each chunk of rows computes its share of a Newton step.

The Newton step of the RSVM (Yeh et al. (2014), section 2.2, eq. (12) with its loss over
all ``n`` points, docs/errata.md#yeh-rsvm-eq-12) is made of sums over the rows of the design
``E = [K(X, X̃) 1]``:

.. math::

    \nabla\Phi = v + C \sum_p E_p^\top l'(f_p), \qquad
    \nabla^2\Phi = I + C \sum_p E_p^\top \operatorname{diag}(l''(f_p)) E_p,

and the loss at every Armijo trial is a sum over the same rows (:mod:`svmbook.solvers.newton`).
So the data stay where they are, in the row chunks of a Dask array (from Zarr, from ``.npy``
files through :func:`npy_array`, or from memory), and only ``(q + 1)``-vectors and
``(q + 1)^2`` matrices travel (map: a task per chunk; reduce: the partial sums added on the
client in chunk order, whichever worker answers first). Two fits agree to rounding; bitwise
only on a cluster of threads (a worker process's BLAS may round a product of the arrays it
received differently, their alignment being another). The review's MapReduce RSVM stacks per-shard
models instead (:mod:`svmbook.reduced.mapreduce`); this exact form is the additivity of the
Newton system over shards, not in the review.

How a fit runs (:func:`fit_distributed`, or ``RSVC(...).fit(X, y)`` with a Dask array ``X``):

1. the reduced set is drawn on the client (the same stratified random indices as the
   in-memory fit with the same ``random_state``; only those ``m`` rows are gathered) or given,
   and scattered to every worker once with the kernel;
2. each chunk computes its kernel block ``K(X_p, X̃)`` once (kept on its worker with
   ``cache_kernel=True``, about ``n m`` floats over the cluster; recomputed in every task
   otherwise, for data whose kernel does not fit) and checks its rows for NaN and inf;
3. per Newton iteration, one map moves each chunk's decision values ``f_p`` by the step just
   accepted and returns its loss, gradient part and Hessian part, and one map returns each
   chunk's loss at four Armijo trial steps at once (both send the direction by value; ``f_p``
   stays on the workers): two maps per chunk, and a small task per chunk that hands the sums
   over. The Newton-Armijo loop itself is the in-memory one,
   :func:`svmbook.solvers.newton.newton_armijo_sums`.

The model is the in-memory :class:`~svmbook.reduced.RSVC` (:class:`~svmbook.reduced.RSVR`) to
rounding (only the order of the sums differs): a normal fitted estimator that predicts on
numpy arrays, and on Dask arrays block by block (a Dask array back).

Dask and distributed are an optional extra (``pip install svmbook[dask]``); this module imports
them only when a function runs.
"""

from __future__ import annotations

import contextlib
import time

import numpy as np

from .._blas import blas_limit
from .._validation import check_int, check_points, check_positive
from ..solvers.newton import (
    accumulate_hessian,
    default_chunk_size,
    finish_hessian,
    newton_armijo_sums,
    smooth_problem,
)
from ..svm._base import BaseSVM, scale_gamma
from ._base import SmoothSVMBase, reduced_design
from ._dask_detect import is_dask_array
from .selection import random_reduced_indices

__all__ = ["DaskDesign", "fit_distributed", "is_dask_array", "npy_array", "require_dask"]

#: The extra that installs what this module needs.
INSTALL_HINT = "pip install svmbook[dask]"


def require_dask():
    """Import ``dask.array`` and ``distributed``, or say which extra installs them.

    Returns
    -------
    da : module
        ``dask.array``.
    distributed : module
        ``distributed``.

    Raises
    ------
    ImportError
        If either is missing, naming the optional extra.
    """
    try:
        import dask.array as da
        import distributed
    except ImportError as exc:
        raise ImportError(
            f"the distributed fits need dask and distributed, which are not installed: "
            f"{INSTALL_HINT}"
        ) from exc
    return da, distributed


# --------------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------------


def _read_rows(path, start, stop):
    """Read rows ``start:stop`` of a ``.npy`` file (on the worker that runs the task)."""
    return np.array(np.load(path, mmap_mode="r")[start:stop], dtype=np.float64)


def npy_array(path, chunk_size):
    """Return a ``.npy`` file of points as a Dask array whose chunks each read their own rows.

    Each chunk opens the file memory-mapped on the worker that computes it and reads only its
    rows, so the file is never loaded whole (``da.from_array(np.load(path, mmap_mode="r"))``
    instead ships the memory map, i.e. the whole data, to every worker that slices it).

    Parameters
    ----------
    path : str or os.PathLike
        A 2-D ``.npy`` file, readable by the workers at the same path.
    chunk_size : int
        Rows per chunk.

    Returns
    -------
    dask.array.Array of shape (n, n_features)
        The points, float64, chunked by rows only.

    Raises
    ------
    ValueError
        If the file does not hold a 2-D array or ``chunk_size`` is not a positive int.
    """
    da, _ = require_dask()
    import dask

    chunk_size = check_int("chunk_size", chunk_size, 1)
    head = np.load(path, mmap_mode="r")
    if head.ndim != 2:
        raise ValueError(f"path must hold a 2-D array of points, got shape {head.shape}")
    n, d = head.shape
    read = dask.delayed(_read_rows, pure=True)
    parts = [
        da.from_delayed(read(str(path), a, min(a + chunk_size, n)), (min(a + chunk_size, n) - a, d),
                        dtype=np.float64)  # fmt: skip
        for a in range(0, n, chunk_size)
    ]
    return da.concatenate(parts, axis=0)


def _chunked(X, y, chunk_size):
    """Validate ``(X, y)`` and return them with the row chunks, or raise naming what is wrong.

    A Dask ``X`` keeps its chunks (one column chunk, known sizes) and a Dask ``y`` must have
    the same row chunks; numpy arrays stay numpy, cut into ``chunk_size`` rows when scattered.
    """
    if is_dask_array(X):
        if X.ndim != 2:
            raise ValueError(f"X must be a 2-D array (n_samples, n_features), got shape "
                             f"{X.shape}")  # fmt: skip
        if any(np.isnan(c) for c in X.chunks[0]):
            raise ValueError("X has chunks of unknown size: call X.compute_chunk_sizes() first")
        if len(X.chunks[1]) != 1:
            raise ValueError(
                f"X is chunked along its columns ({len(X.chunks[1])} column chunks): each "
                f"chunk must hold whole rows; use X.rechunk({{1: -1}})"
            )
        rows = tuple(int(c) for c in X.chunks[0])
    else:
        X = check_points("X", X)
        size = chunk_size or default_chunk_size(X.shape[1])
        rows = tuple(min(size, X.shape[0] - a) for a in range(0, X.shape[0], size))
    n = X.shape[0]
    if is_dask_array(y):
        if y.ndim != 1:
            raise ValueError(f"y must be 1-D, got shape {y.shape}")
        if tuple(y.chunks[0]) != rows:
            raise ValueError(
                f"y's chunks {y.chunks[0]} are not aligned with X's row chunks {rows}: use "
                f"y.rechunk({{0: X.chunks[0]}})"
            )
    else:
        y = np.asarray(y)
        if y.ndim != 1 or y.shape[0] != n:
            raise ValueError(f"y must be 1-D with {n} entries (X's rows), got shape "
                             f"{y.shape}")  # fmt: skip
    if n == 0:
        raise ValueError("X has no rows")
    return X, y, rows


def _row_blocks(client, a, rows):
    """Return futures of the row blocks of ``a`` in order: computed (Dask) or scattered."""
    if is_dask_array(a):
        return client.compute(list(a.to_delayed().ravel()))
    bounds = np.cumsum((0,) + rows).tolist()
    return client.scatter([a[bounds[p] : bounds[p + 1]] for p in range(len(rows))])


def _value(client, a):
    """Return ``a`` in memory: a Dask array or expression computed on the cluster."""
    return np.asarray(client.compute(a).result() if is_dask_array(a) else a)


# --------------------------------------------------------------------------------------------
# The per-chunk tasks (run on the workers)
# --------------------------------------------------------------------------------------------


def _chunk_design(src, basis, chunk, start):
    """Return the chunk's design rows: ``src`` itself when cached, else ``K(X_p, X̃)``.

    ``basis`` is ``(kernel, reduced_set, reduced_gamma)``, or None when ``src`` is the cached
    kernel block. The data are checked here, so a NaN is reported with its chunk.
    """
    if basis is None:
        return src
    X = np.ascontiguousarray(src, dtype=np.float64)
    finite = np.isfinite(X).all(axis=1)
    if not finite.all():
        row = start + int(np.flatnonzero(~finite)[0])
        raise ValueError(
            f"X chunk {chunk} (rows {start} to {start + X.shape[0] - 1}) holds NaN or inf, "
            f"first in row {row}"
        )
    return reduced_design(X, *basis)


def _chunk_max_sq_norm(src, basis, chunk, start):
    K = _chunk_design(src, basis, chunk, start)
    return float(np.einsum("ij,ij->i", K, K).max()) if K.size else 0.0


def _decision(K, v):
    """Return ``K w + b`` for ``v = (w, b)``, as the in-memory design computes it."""
    f = K @ v[:-1]
    f += v[-1]
    return f


def _chunk_decision(src, basis, chunk, start, v):
    """Return the chunk's decision values ``K_p w + b`` (zeros for ``v`` None)."""
    K = _chunk_design(src, basis, chunk, start)
    return np.zeros(K.shape[0]) if v is None else _decision(K, v)


def _values(state):
    """Return the decision values a chunk's state holds (:meth:`DaskDesign.terms`)."""
    return state[0] if isinstance(state, tuple) else state


def _chunk_terms(src, basis, chunk, start, y, state, d, lam, problem, skip):
    """Move ``f`` by the accepted step ``lam d`` (none for ``d`` None); return it with the sums.

    Returns ``(f, sum l(f), E_p' l'(f), E_p' diag(h) E_p)``: the new decision values stay on the
    worker as the chunk's state, the three sums go to the client. ``f + lam (K_p d_w + d_b)``
    is the in-memory design's step, bit for bit.
    """
    K = _chunk_design(src, basis, chunk, start)
    f = _values(state)
    if d is not None:
        f = f + lam * _decision(K, d)
    loss, g, h = problem.terms(f, y)
    H = accumulate_hessian(np.zeros((K.shape[1] + 1,) * 2), K, h, h > skip)
    return f, loss, np.append(K.T @ g, g.sum()), H


def _sums(state):
    """Return the three sums of a chunk's state (:func:`_chunk_terms`), not its decision values."""
    return state[1:]


def _chunk_trials(src, basis, chunk, start, y, state, d, problem, steps):
    """Return the chunk's loss sums at ``f + lambda K_p d`` for every trial step ``lambda``."""
    K = _chunk_design(src, basis, chunk, start)
    return problem.trial_losses(_values(state), _decision(K, d), y, steps)


def _chunk_labels(y, positive):
    """Return the chunk's targets: ``+1`` for ``positive`` and ``-1`` else (regression: None)."""
    y = np.asarray(y)
    if positive is None:
        return np.ascontiguousarray(y, dtype=np.float64)
    return np.where(y == positive, 1.0, -1.0)


# --------------------------------------------------------------------------------------------
# The design on the cluster
# --------------------------------------------------------------------------------------------


class DaskDesign:
    """A Newton step's sums formed chunk by chunk on a Dask cluster.

    The methods of :class:`svmbook.solvers.newton.BlockedDesign`, for
    :func:`svmbook.solvers.newton.newton_armijo_sums`: :meth:`terms` and :meth:`trial_losses`
    each map one task over the chunks and add the answers on the client in chunk order;
    :meth:`direction` and :meth:`step` only record the direction and the accepted step, which
    travel by value with the next map. The decision values ``f_p`` stay on the workers as
    futures (each chunk's state).

    Parameters
    ----------
    client : distributed.Client
        The cluster.
    sources : list of distributed.Future
        Per chunk, its kernel block (``basis`` None) or its points.
    basis : distributed.Future or None
        The scattered ``(kernel, reduced_set, reduced_gamma)`` (None: ``sources`` are kernel
        blocks).
    starts : list of int
        Each chunk's first row (for error messages).
    labels : list of distributed.Future
        Per chunk, its targets (``+1``/``-1`` or the regression targets).
    problem : SmoothProblem
        The loss.
    n_columns : int
        ``q = m``.

    Attributes
    ----------
    trial_batch : int
        Armijo trials per round trip: 4 (the steps 1, 1/2, 1/4, 1/8 cover nearly every
        Newton step; each trial costs one pass over the chunk's ``f``).
    """

    trial_batch = 4

    def __init__(self, client, sources, basis, starts, labels, problem, n_columns):
        self.client, self.sources, self.basis = client, sources, basis
        self.starts, self.labels, self.problem = starts, labels, problem
        self.n_columns = n_columns
        self._state, self._d, self._lam = None, None, 0.0
        self._hessian = None
        self._skip = 0.0

    def _map(self, fn, *per_chunk, **shared):
        """Submit ``fn(source, basis, chunk, start, *per_chunk[p], **shared)`` per chunk."""
        return [
            self.client.submit(fn, src, self.basis, p, a, *(x[p] for x in per_chunk),
                               pure=False, **shared)  # fmt: skip
            for p, (src, a) in enumerate(zip(self.sources, self.starts, strict=True))
        ]

    def max_row_sq_norm(self):
        """Return ``max_i ||K_i||^2`` over all chunks.

        Returns
        -------
        float
            ``max_i ||K_i||^2``.
        """
        return max(self.client.gather(self._map(_chunk_max_sq_norm)))

    def start(self, v, skip):
        """Set the decision values on the workers (``v`` None: zero) and the skip threshold.

        Parameters
        ----------
        v : ndarray of shape (q + 1,) or None
            The start.
        skip : float
            Rows with ``l''(f_i) <= skip`` are left out of the Hessian.
        """
        self._state = self._map(_chunk_decision, v=v)
        self._d, self._lam = None, 0.0
        self._skip = skip

    def terms(self):
        """Return ``sum_i l(f_i)`` and ``E' l'(f)``; keep the Hessian's sum for :meth:`hessian`.

        The same round trip first moves each chunk's decision values by the step accepted
        since the last call (:meth:`step`), so a Newton iteration costs two maps: this one and
        :meth:`trial_losses` (and a small task per chunk that hands over the sums alone: the
        decision values never leave their worker).

        Returns
        -------
        loss : float
            ``sum_i l(f_i)``.
        Eg : ndarray of shape (q + 1,)
            ``E' l'(f)``.
        """
        self._state = self._map(_chunk_terms, self.labels, self._state, d=self._d,
                                lam=self._lam, problem=self.problem, skip=self._skip)  # fmt: skip
        self._d, self._lam = None, 0.0
        # only the sums travel: each chunk's decision values stay in its state on the worker
        parts = self.client.gather([self.client.submit(_sums, state, pure=False)
                                    for state in self._state])  # fmt: skip
        loss, Eg, H = parts[0][0], parts[0][1].copy(), parts[0][2].copy()
        for part_loss, part_Eg, part_H in parts[1:]:  # in chunk order, whoever answers first
            loss += part_loss
            Eg += part_Eg
            H += part_H
        self._hessian = H
        return loss, Eg

    def hessian(self):
        """Return ``I + C E' diag(l''(f)) E`` at the current iterate.

        Returns
        -------
        ndarray of shape (q + 1, q + 1)
            The Hessian.
        """
        return finish_hessian(self._hessian, self.problem.C)

    def direction(self, d):
        """Set the Newton direction (sent with the trials and the next :meth:`terms`).

        Parameters
        ----------
        d : ndarray of shape (q + 1,)
            The Newton direction ``(d_w, d_b)``.
        """
        self._d = np.asarray(d, dtype=np.float64)

    def trial_losses(self, steps):
        """Return the loss sums at ``f + lambda K d`` for each trial step (one round trip).

        Parameters
        ----------
        steps : sequence of float
            The trial steps ``lambda``.

        Returns
        -------
        ndarray of shape (len(steps),)
            The loss sums.
        """
        steps = np.asarray(steps, dtype=np.float64)
        parts = self.client.gather(self._map(_chunk_trials, self.labels, self._state, d=self._d,
                                             problem=self.problem, steps=steps))  # fmt: skip
        total = parts[0].copy()
        for part in parts[1:]:
            total += part
        return total

    def step(self, lam):
        """Accept the step ``lambda``: the next :meth:`terms` moves the decision values by it.

        Parameters
        ----------
        lam : float
            The accepted step ``lambda``.
        """
        self._lam = float(lam)


# --------------------------------------------------------------------------------------------
# The cluster
# --------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _cluster(client, timeout):
    """Yield a ``distributed.Client``: the given one, one connected to an address, or a new one.

    ``None`` takes the current default client when there is one, otherwise starts a
    ``LocalCluster`` (one single-threaded worker per core, in threads: the numba loops and BLAS
    release the GIL, and a script needs no ``__main__`` guard) and closes it afterwards.
    """
    _, distributed = require_dask()
    if isinstance(client, distributed.Client):
        yield client
        return
    if isinstance(client, str):
        try:
            own = distributed.Client(client, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ConnectionError(
                f"cannot reach the Dask scheduler at {client!r} within {timeout} s: {exc}"
            ) from exc
        with own:
            yield own
        return
    if client is not None:
        raise TypeError(f"client must be a distributed.Client, a scheduler address or None, "
                        f"got {type(client).__name__}")  # fmt: skip
    try:
        default = distributed.default_client()
    except ValueError:  # no client yet: start a local cluster for this fit
        default = None
    if default is not None:  # yielded outside the try: the fit's own ValueError passes through
        yield default
        return
    # one BLAS thread in this process while its worker threads run: concurrent multithreaded
    # BLAS calls from two threads ran a fit 5-6 times slower than in memory (200,000 x 20,
    # m = 200); worker processes get one BLAS thread from distributed's nanny already
    with (
        blas_limit(1),
        distributed.LocalCluster(threads_per_worker=1, processes=False,
                                 dashboard_address=":0") as cluster,
        distributed.Client(cluster, set_as_default=False) as own,
    ):  # fmt: skip
        yield own


def _dashboard(client):
    """Print the dashboard's address (only when bokeh, which serves it, is installed)."""
    try:
        import bokeh  # noqa: F401
    except ImportError:
        print("Dask dashboard: not served (it needs bokeh>=3.1)")
        return
    print(f"Dask dashboard: {client.dashboard_link}")


# --------------------------------------------------------------------------------------------
# The fit
# --------------------------------------------------------------------------------------------


def fit_distributed(estimator, X, y, *, client=None, cache_kernel=True, timeout=10.0):
    """Fit an :class:`~svmbook.reduced.RSVC` or :class:`~svmbook.reduced.RSVR` on a Dask cluster.

    The exact reduced SVM: the same model as ``estimator.fit(X, y)`` in memory, to rounding
    (the module docstring says how). ``RSVC(...).fit(X, y)`` with a Dask array ``X`` calls this
    with the defaults; call it directly to name the cluster or to recompute the kernel.

    Parameters
    ----------
    estimator : RSVC or RSVR
        The unfitted (or to be refitted) estimator; its parameters are the model's.
        ``selection`` must be ``"random"`` unless ``reduced_set`` is given (the other
        selections need all the data in memory: run them on a sample and pass the result as
        ``reduced_set``). ``warm_start`` is ignored.
    X : dask.array.Array or array-like of shape (n_samples, n_features)
        The points, chunked by rows (one column chunk, known chunk sizes); a numpy array is
        cut into chunks of ``estimator.chunk_size`` rows (default: about 8 MB each).
    y : dask.array.Array or array-like of shape (n_samples,)
        Labels (classifier) or targets (regressor); a Dask array must have X's row chunks.
        The labels (``n`` values) are brought to the client once, for the classes and the
        stratified draw of the reduced set.
    client : distributed.Client, str or None, default=None
        The cluster: a client, a scheduler address (``"tcp://host:8786"``), or None for the
        current default client or else a ``LocalCluster`` of single-threaded workers in
        threads, one per core, started and closed by the fit (measured on 2 cores, 200,000 x
        20 points, ``m = 200``: 0.92 times the in-memory fit's time; a 2-worker cluster in
        processes: 1.2-1.6 times). A cluster of your own in threads should run with one BLAS
        thread (``threadpoolctl.threadpool_limits(1)``): two threads calling a multithreaded
        BLAS at once made that fit 5-6 times slower. A script that starts a cluster in
        processes must do it under ``if __name__ == "__main__":``.
    cache_kernel : bool, default=True
        Keep each chunk's kernel block on its worker (``n m`` floats over the cluster);
        False recomputes it in every task (twice per Newton step) and keeps only the
        data.
    timeout : float, default=10.0
        Seconds to wait for a scheduler given by its address.

    Returns
    -------
    RSVC or RSVR
        ``estimator``, fitted: a normal in-memory model.

    Raises
    ------
    ImportError
        If dask or distributed is missing.
    ConnectionError
        If the scheduler at ``client`` cannot be reached within ``timeout``.
    ValueError
        If the chunks have the wrong shape (columns chunked, ``y`` not aligned with ``X``),
        a chunk holds NaN or inf (named by its index and rows), or a parameter is invalid.
    TypeError
        If ``estimator`` is not a reduced smooth SVM or ``client`` has the wrong type.
    """
    if not (isinstance(estimator, SmoothSVMBase) and estimator._reduced):
        raise TypeError(f"estimator must be an RSVC or an RSVR, got {type(estimator).__name__}")
    estimator._validate_params()
    timeout = check_positive("timeout", timeout)
    X, y, rows = _chunked(X, y, estimator.chunk_size)
    regression = estimator._kind == "regression"
    with _cluster(client, timeout) as cl:
        if estimator.verbose:
            _dashboard(cl)
        y_all = _value(cl, y)
        if regression:
            y_all = check_points("y", y_all.reshape(-1, 1))[:, 0]
        codes = estimator._targets(y_all)[1]  # sets classes_
        _resolve(estimator, X, y_all, codes, cl)
        q = estimator.reduced_set_.shape[0]
        estimator._chunk = estimator.chunk_size or default_chunk_size(q)
        basis = cl.scatter(
            (estimator._kernel, estimator.reduced_set_, estimator.reduced_gamma_), broadcast=True
        )
        starts = np.cumsum((0,) + rows)[:-1].tolist()
        sources = _row_blocks(cl, X, rows)
        if cache_kernel:
            sources = [
                cl.submit(_chunk_design, s, basis, p, a, pure=False)
                for p, (s, a) in enumerate(zip(sources, starts, strict=True))
            ]
            basis = None
        y_blocks = _row_blocks(cl, y, rows)
        positives = [None] if regression else (
            estimator.classes_[1:] if estimator.classes_.size == 2 else estimator.classes_
        )  # fmt: skip
        problem = smooth_problem(estimator._kind, C=estimator.C, beta=estimator.beta,
                                 epsilon=getattr(estimator, "epsilon", 0.0))  # fmt: skip

        def run(positive):
            labels = [cl.submit(_chunk_labels, b, positive, pure=False) for b in y_blocks]
            design = DaskDesign(cl, sources, basis, starts, labels, problem, q)
            return lambda callback: newton_armijo_sums(
                design, problem, tol=estimator.tol, max_iter=estimator.max_iter,
                callback=callback,
            )  # fmt: skip

        results = [
            estimator._solve(run(positive), i, len(positives))
            for i, positive in enumerate(positives)
        ]
    estimator._warm = None
    return estimator._store(results)


def _resolve(estimator, X, y_all, codes, client):
    """Set the kernel and the reduced set of ``estimator`` from the chunked data."""
    n, d = X.shape
    estimator.n_features_in_ = d
    gamma = estimator.gamma
    if gamma == "scale":  # 1 / (d X.var()) as in memory, the variance computed by Dask
        with np.errstate(over="ignore", invalid="ignore"):
            var = float(_value(client, X.var()))
        gamma = scale_gamma(var, d)  # the in-memory rule and its error
    elif gamma == "auto":
        gamma = 1.0 / d
    given = estimator.gamma
    try:  # the in-memory resolution, with gamma already a number (it reads only d from X)
        estimator.gamma = gamma
        BaseSVM._resolve_kernel(estimator, np.empty((1, d)))
    finally:
        estimator.gamma = given
    estimator.kernel_ = estimator._kernel
    estimator._linear = False
    estimator.reduced_gamma_ = None
    estimator.selection_time_ = 0.0
    if estimator.reduced_set is not None:
        estimator.reduced_set_ = estimator._kernel.check_input(estimator.reduced_set,
                                                               "reduced_set")  # fmt: skip
        estimator.reduced_indices_ = None
        if estimator.reduced_set_.shape[1] != d:
            raise ValueError(f"reduced_set has {estimator.reduced_set_.shape[1]} features but "
                             f"X has {d}")  # fmt: skip
        return
    if estimator.selection != "random":
        raise ValueError(
            f"selection={estimator.selection!r} needs all the data in memory; on Dask the "
            f"reduced set is drawn at random, or given: choose it on a sample and pass it as "
            f"reduced_set"
        )
    picked = time.perf_counter()
    n_groups = 1 if codes is None else estimator.classes_.size
    idx = random_reduced_indices(n, estimator._reduced_size(n, n_groups), y=codes,
                                 random_state=estimator.random_state)  # fmt: skip
    estimator.reduced_set_ = np.ascontiguousarray(_value(client, X[idx]),
                                                  dtype=np.float64)  # fmt: skip
    estimator.reduced_indices_ = idx
    estimator.selection_time_ = time.perf_counter() - picked

