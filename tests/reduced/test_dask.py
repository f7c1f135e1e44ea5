"""The exact RSVM on a Dask cluster, and the MRRSVM on Dask (svmbook.reduced.dask).

One module-scoped 2-worker ``LocalCluster`` in processes (so the tasks and their arguments are
pickled and the workers import svmbook, as on a real cluster), one thread each. The memory
limit is 1 GiB per worker: a worker process holds about 250 MiB of imports (numpy, scipy,
numba, scikit-learn, distributed) before any data, and pauses at 80 % of its limit.
"""

import sys
import warnings

import numpy as np
import pytest

from svmbook.reduced import MRRSVC, RSVC, RSVR, SSVC
from svmbook.solvers.newton import newton_armijo, newton_armijo_sums, smooth_problem

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

from svmbook.reduced import dask as rdask  # noqa: E402

#: Relative agreement with the in-memory fit: the sums are only added in another order.
RTOL = 1e-10


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Couldn't detect a suitable IP address" offline
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           memory_limit="1GiB", dashboard_address=":0")  # fmt: skip
    c = distributed.Client(cluster, set_as_default=False)
    c.wait_for_workers(2)
    yield c
    c.close()
    cluster.close()


def _problem(n=1200, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    y = np.where(X[:, 0] * X[:, 1] + 0.3 * rng.normal(size=n) > 0, "pos", "neg")
    return X, y


PARAMS = {"reduced_size": 40, "C": 10.0, "gamma": 0.5, "random_state": 0}


def _close(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    np.testing.assert_allclose(a, b, rtol=0, atol=RTOL * max(1.0, float(np.abs(b).max())))


@pytest.mark.parametrize("n_chunks", [1, 3, 7])
def test_exact_fit_equals_in_memory(client, n_chunks):
    X, y = _problem()
    ref = RSVC(**PARAMS).fit(X, y)
    rows = -(-X.shape[0] // n_chunks)
    Xd, yd = da.from_array(X, chunks=(rows, -1)), da.from_array(y, chunks=(rows,))
    assert Xd.numblocks[0] == n_chunks
    est = rdask.fit_distributed(RSVC(**PARAMS), Xd, yd, client=client)
    np.testing.assert_array_equal(est.reduced_indices_, ref.reduced_indices_)
    np.testing.assert_array_equal(est.n_iter_, ref.n_iter_)
    _close(est.coef_, ref.coef_)
    _close(est.intercept_, ref.intercept_)
    _close(est.objective_, ref.objective_)
    _close(est.decision_function(X), ref.decision_function(X))
    np.testing.assert_array_equal(est.classes_, ref.classes_)
    assert est.fit_status_ == 0


def test_numpy_input_is_scattered_in_chunks(client):
    X, y = _problem(900, seed=9)
    ref = RSVC(**PARAMS).fit(X, y)
    est = rdask.fit_distributed(RSVC(**PARAMS, chunk_size=250), X, y, client=client)
    _close(est.coef_, ref.coef_)
    assert est.n_iter_ == ref.n_iter_


def test_objective_trace_equals_in_memory(client):
    """The Dask design drives the same Newton loop along the same iterates."""
    X, y = _problem(800, seed=1)
    t = np.where(y == "pos", 1.0, -1.0)
    K = RSVC(**PARAMS).fit(X, y)._design(X)
    problem = smooth_problem(C=10.0, beta=10.0)
    ref = newton_armijo(K, t, problem)
    parts = [(K[a : a + 300], t[a : a + 300]) for a in range(0, 800, 300)]
    design = rdask.DaskDesign(client, client.scatter([k for k, _ in parts]), None,
                              [0, 300, 600], client.scatter([s for _, s in parts]), problem,
                              K.shape[1])  # fmt: skip
    got = newton_armijo_sums(design, problem)
    assert got.n_iter == ref.n_iter
    _close(got.objectives, ref.objectives)
    _close(got.grad_norms, ref.grad_norms)
    np.testing.assert_array_equal(got.step_lengths, ref.step_lengths)


def test_reproducible_and_multiclass(client):
    X, _ = _problem(900, seed=2)
    y3 = np.digitize(X[:, 0], [-0.5, 0.5])
    Xd = da.from_array(X, chunks=(250, -1))
    ref = RSVC(reduced_size=30, gamma=0.5, random_state=1).fit(X, y3)
    first = rdask.fit_distributed(RSVC(reduced_size=30, gamma=0.5, random_state=1), Xd, y3,
                                  client=client)  # fmt: skip
    again = rdask.fit_distributed(RSVC(reduced_size=30, gamma=0.5, random_state=1), Xd, y3,
                                  client=client)  # fmt: skip
    # the sums are added in chunk order, but a worker process's BLAS may round a product of
    # arrays it received differently (alignment), so two fits agree to rounding, not bitwise
    _close(first.coef_, again.coef_)
    assert first.coef_.shape == (3, 30)
    _close(first.coef_, ref.coef_)
    recomputed = rdask.fit_distributed(RSVC(reduced_size=30, gamma=0.5, random_state=1), Xd,
                                       y3, client=client, cache_kernel=False)  # fmt: skip
    _close(recomputed.coef_, ref.coef_)
    np.testing.assert_array_equal(first.predict(X), ref.predict(X))


def test_rsvr_and_gamma_scale(client):
    X, _ = _problem(700, seed=3)
    t = np.sin(X[:, 0]) + 0.1 * X[:, 1]
    params = {"reduced_size": 25, "C": 10.0, "epsilon": 0.05, "random_state": 0}
    ref = RSVR(**params).fit(X, t)  # gamma="scale": X.var() computed by Dask
    est = rdask.fit_distributed(RSVR(**params), da.from_array(X, chunks=(200, -1)), t,
                                client=client)  # fmt: skip
    assert est.kernel_.params["gamma"] == pytest.approx(ref.kernel_.params["gamma"], rel=1e-12)
    _close(est.coef_, ref.coef_)
    assert est.n_iter_ == ref.n_iter_


def test_npy_file_larger_than_a_chunk(client, tmp_path):
    X, y = _problem(1000, seed=4)
    path = tmp_path / "points.npy"
    np.save(path, X)
    Xd = rdask.npy_array(path, 240)
    assert Xd.numblocks == (5, 1)
    ref = RSVC(**PARAMS).fit(X, y)
    est = rdask.fit_distributed(RSVC(**PARAMS), Xd, y, client=client)
    _close(est.coef_, ref.coef_)


def test_fit_and_predict_on_dask_arrays(client):
    X, y = _problem(600, seed=5)
    Xd, yd = da.from_array(X, chunks=(200, -1)), da.from_array(y, chunks=(200,))
    assert rdask.is_dask_array(Xd)
    ref = RSVC(**PARAMS).fit(X, y)
    # no default client (the fixture's is not): a LocalCluster for this fit, started and closed
    est = RSVC(**PARAMS).fit(Xd, yd)
    _close(est.coef_, ref.coef_)
    pred = est.predict(Xd)
    assert rdask.is_dask_array(pred) and pred.chunks == ((200, 200, 200),)
    np.testing.assert_array_equal(pred.compute(), ref.predict(X))
    f = est.decision_function(Xd)
    _close(f.compute(), ref.decision_function(X))


def test_verbose_prints_the_dashboard(client, capsys):
    X, y = _problem(300, seed=6)
    rdask.fit_distributed(RSVC(**PARAMS, verbose=True), da.from_array(X, chunks=(100, -1)), y,
                          client=client)  # fmt: skip
    assert "Dask dashboard" in capsys.readouterr().out


# -- errors ------------------------------------------------------------------------------------


def test_columns_chunked(client):
    X, y = _problem(200)
    with pytest.raises(ValueError, match="chunked along its columns"):
        rdask.fit_distributed(RSVC(**PARAMS), da.from_array(X, chunks=(50, 2)), y, client=client)


def test_labels_not_aligned(client):
    X, y = _problem(200)
    with pytest.raises(ValueError, match="not aligned with X's row chunks"):
        rdask.fit_distributed(RSVC(**PARAMS), da.from_array(X, chunks=(50, -1)),
                              da.from_array(y, chunks=(60,)), client=client)  # fmt: skip
    with pytest.raises(ValueError, match="200 entries"):
        rdask.fit_distributed(RSVC(**PARAMS), da.from_array(X, chunks=(50, -1)), y[:-1],
                              client=client)  # fmt: skip


def test_nan_reported_with_its_chunk(client):
    X, y = _problem(200)
    X[123, 1] = np.nan
    with pytest.raises(ValueError, match=r"X chunk 2 \(rows 100 to 149\) holds NaN or inf, "
                                         r"first in row 123"):  # fmt: skip
        rdask.fit_distributed(RSVC(**PARAMS), da.from_array(X, chunks=(50, -1)), y,
                              client=client)  # fmt: skip


def test_unreachable_scheduler():
    X, y = _problem(100)
    with pytest.raises(ConnectionError, match="tcp://127.0.0.1:9"):
        rdask.fit_distributed(RSVC(**PARAMS), X, y, client="tcp://127.0.0.1:9", timeout=1.0)


def test_bad_estimator_client_and_selection(client):
    X, y = _problem(100)
    with pytest.raises(TypeError, match="RSVC or an RSVR"):
        rdask.fit_distributed(SSVC(), X, y, client=client)
    with pytest.raises(TypeError, match="client must be"):
        rdask.fit_distributed(RSVC(**PARAMS), X, y, client=3)
    with pytest.raises(ValueError, match="reduced_set"):
        rdask.fit_distributed(RSVC(**PARAMS, selection="irsvm"), X, y, client=client)


def test_missing_extra_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"pip install svmbook\[dask\]"):
        rdask.require_dask()


# -- MRRSVM on Dask ----------------------------------------------------------------------------


def test_mrrsvm_on_dask_equals_in_memory_and_is_close_to_exact(client):
    X, y = _problem(2000, seed=7)
    X_test, y_test = _problem(1000, seed=8)
    params = {"n_shards": 4, "reduced_size": 20, "C": 10.0, "gamma": 0.5, "final_C": 10.0,
              "random_state": 0}  # fmt: skip
    memory = MRRSVC(**params).fit(X, y)
    Xd = da.from_array(X, chunks=(500, -1))
    on_dask = MRRSVC(**params)
    import dask

    with dask.config.set(scheduler=client):
        on_dask.fit(Xd, y)
    _close(on_dask.big_table_, memory.big_table_)
    _close(on_dask.coef_, memory.coef_)
    pred = on_dask.predict(da.from_array(X_test, chunks=(250, -1)))
    np.testing.assert_array_equal(pred.compute(), memory.predict(X_test))
    exact = rdask.fit_distributed(RSVC(reduced_size=80, C=10.0, gamma=0.5, random_state=0), Xd,
                                  y, client=client)  # fmt: skip
    # the review's claim (Table 1): MRRSVM within a few tenths of a point of the exact model;
    # on 2000 points a 3-point band holds for every seed tried
    assert abs(on_dask.score(X_test, y_test) - exact.score(X_test, y_test)) < 0.03
