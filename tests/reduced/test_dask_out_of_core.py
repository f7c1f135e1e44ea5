"""The exact RSVM on data larger than one worker's memory limit (svmbook.reduced.dask).

A ``.npy`` file of about 860 MB is read by a 2-worker ``LocalCluster`` whose workers may each
hold 768 MiB: no worker could load the data, so each reads only its chunks (``npy_array``), and
the kernel blocks are recomputed in every task (``cache_kernel=False``) instead of kept. The
model must be the in-memory RSVC's to rounding. A worker process holds 300-450 MiB of imports
before any data, so the workers pause only at 95 % of the limit (distributed's default 80 % left
too little room in a fresh environment) and are never terminated; the fit runs under a timeout so
that a paused cluster fails the test instead of hanging it. Marked slow (about a minute):
``make test`` runs it, ``make unit`` does not.
"""

import concurrent.futures
import warnings

import numpy as np
import pytest

from svmbook.reduced import RSVC

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

from svmbook.reduced import dask as rdask  # noqa: E402

N, D, CHUNK = 2_700_000, 40, 100_000
LIMIT = 768 * 2**20  # bytes a worker may hold
TIMEOUT = 600  # seconds for the distributed fit


def _write(path):
    """Write the points chunk by chunk (never the whole array in memory) and return the labels."""
    out = np.lib.format.open_memmap(path, mode="w+", dtype=np.float64, shape=(N, D))
    y = np.empty(N)
    rng = np.random.default_rng(0)
    for start in range(0, N, CHUNK):
        X = rng.normal(size=(min(CHUNK, N - start), D))
        out[start:start + X.shape[0]] = X
        y[start:start + X.shape[0]] = np.where(X[:, 0] * X[:, 1] > 0, 1.0, -1.0)
    out.flush()
    del out
    return y


@pytest.mark.slow
def test_data_larger_than_a_worker_memory_limit(tmp_path):
    path = tmp_path / "points.npy"
    y = _write(path)
    assert path.stat().st_size > LIMIT
    params = {"reduced_size": 10, "C": 1.0, "gamma": 0.05, "random_state": 0}
    ref = RSVC(**params).fit(np.load(path, mmap_mode="r"), y)
    memory = {"distributed.worker.memory.pause": 0.95, "distributed.worker.memory.terminate": False}
    with warnings.catch_warnings(), dask.config.set(memory):
        warnings.simplefilter("ignore")  # "Couldn't detect a suitable IP address" offline
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           memory_limit=LIMIT, dashboard_address=":0")  # fmt: skip
    with cluster, distributed.Client(cluster, set_as_default=False) as client:
        client.wait_for_workers(2)
        pool = concurrent.futures.ThreadPoolExecutor(1)
        fit = pool.submit(rdask.fit_distributed, RSVC(**params), rdask.npy_array(path, CHUNK), y,
                          client=client, cache_kernel=False)  # fmt: skip
        try:
            model = fit.result(timeout=TIMEOUT)
        finally:  # on a timeout, closing the client below ends the waiting thread's gather
            pool.shutdown(wait=False)
    scale = max(1.0, float(np.abs(ref.coef_).max()))
    np.testing.assert_allclose(model.coef_, ref.coef_, rtol=0, atol=1e-10 * scale)
    np.testing.assert_allclose(model.intercept_, ref.intercept_, rtol=0, atol=1e-10 * scale)
    assert model.n_iter_ == ref.n_iter_
