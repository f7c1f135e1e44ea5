"""svmbook.solvers.cache: kernel sources, the LRU row cache and its shared views.

Rows must equal the Gram matrix's (in float32, LIBSVM's ``Qfloat``), the cache must evict the
least recently used row under a small byte budget, CSR points must give the dense points' rows,
and a solve on a view of a shared cache must be the solve on its samples alone.
"""

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.datasets import make_classification

from svmbook.kernels import get_kernel
from svmbook.solvers import solve
from svmbook.solvers.cache import (
    KIND_PRECOMPUTED,
    active_block,
    compute_rows,
    get_row,
    kernel_source,
    make_cache,
    new_epoch,
    prefill,
    row,
    row_active,
    row_cache,
)


@pytest.fixture(scope="module")
def points():
    """Return the shared ``points`` test problem."""
    rng = np.random.default_rng(0)
    return rng.normal(size=(40, 6))


def _rows(source):
    out = np.empty((source.n_points, source.n_points), dtype=np.float32)
    compute_rows(source.ksrc, np.arange(source.n_points, dtype=np.int64), out)
    return out


@pytest.mark.parametrize(
    "name, params",
    [("linear", {}), ("rbf", {"gamma": 0.3}), ("poly", {"gamma": 0.5, "degree": 3, "coef0": 1.0})],
)
def test_rows_equal_the_gram_matrix(points, name, params):
    """Check that the cached rows equal the Gram matrix for every kernel."""
    kernel = get_kernel(name, **params)
    K = kernel(points)
    source = kernel_source(X=points, kernel=kernel)
    assert source.n_points == 40 and source.n_features == 6 and not source.sparse
    np.testing.assert_allclose(_rows(source), K.astype(np.float32), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(source.diag, np.diag(K), rtol=1e-12)
    # one row at a time through the cache: the same values as the batch
    cache = make_cache(source.n_points)
    for a in (5, 0, 39):
        np.testing.assert_array_equal(row(a, source.ksrc, cache), _rows(source)[a])


def test_precomputed_rows_are_the_float32_gram_matrix(points):
    """Check that precomputed rows are the float32 Gram matrix."""
    K = get_kernel("rbf", gamma=0.3)(points)
    source = kernel_source(K=K)
    assert source.kind == KIND_PRECOMPUTED
    np.testing.assert_array_equal(_rows(source), K.astype(np.float32))


def test_lru_eviction_under_a_small_byte_budget(points):
    """Check LRU eviction under a small byte budget."""
    source = kernel_source(K=get_kernel("linear")(points))
    budget = 3 * 4 * 40 / (1 << 20)  # three float32 rows of 40 points, in MB
    cache = make_cache(40, cache_size=budget)
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    assert data.shape == (3, 40)
    for a in (0, 1, 2):
        get_row(a, source.ksrc, cache)
    get_row(0, source.ksrc, cache)  # 0 is now the most recently used; 1 the least
    get_row(3, source.ksrc, cache)  # evicts 1
    assert slot_of[1] == -1
    assert all(slot_of[a] >= 0 for a in (0, 2, 3))
    assert sorted(owner.tolist()) == [0, 2, 3]
    assert stats.tolist() == [1, 4, 4 * 40]  # hits, rows computed, kernel evaluations
    np.testing.assert_array_equal(data[slot_of[3]], _rows(source)[3])
    # never fewer than two slots: the two rows of the working pair must be valid at once
    assert make_cache(40, cache_size=1e-9)[0].shape[0] == 2


@pytest.mark.parametrize("name", ["linear", "rbf"])
def test_sparse_rows_equal_dense_rows(points, name):
    """Check that sparse rows equal dense rows."""
    X = np.where(np.abs(points) > 0.8, points, 0.0)  # about 40 % zeros
    kernel = get_kernel(name, gamma=0.3)
    dense = kernel_source(X=X, kernel=kernel)
    sparse = kernel_source(X=sp.csr_matrix(X), kernel=kernel)
    assert sparse.sparse and sparse.n_features == 6
    np.testing.assert_allclose(_rows(sparse), _rows(dense), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(sparse.diag, dense.diag, rtol=1e-12)


def test_prefill_holds_the_batched_rows(points):
    """Check that prefill holds the batched rows."""
    shared = row_cache(X=points, kernel=get_kernel("rbf", gamma=0.3))
    assert prefill(shared.cache, shared.source) == 40
    data, slot_of = shared.cache[0], shared.cache[1]
    np.testing.assert_array_equal(data[slot_of], _rows(shared.source))


def test_solve_on_a_subset_of_a_shared_cache_is_the_solve_on_its_samples():
    """Check that a solve on a subset of a shared cache is the solve on its samples."""
    X, y = make_classification(n_samples=60, n_features=5, random_state=1)
    K = get_kernel("rbf", gamma=0.2)(X)
    idx = np.flatnonzero(np.arange(60) % 3 != 0)
    t = np.where(y[idx] == 1, 1.0, -1.0)
    shared = row_cache(K=K)
    view = shared.subset(idx)
    assert view.n_points == idx.size
    assert view.subset(np.arange(5)).points.tolist() == idx[:5].tolist()  # views compose
    args = (-np.ones(idx.size), t, 1.0, np.zeros(idx.size))
    on_view = solve(*args, rows=view, tol=1e-6)
    alone = solve(*args, K=K[np.ix_(idx, idx)], tol=1e-6)
    assert on_view.n_iter == alone.n_iter
    np.testing.assert_array_equal(on_view.alpha, alone.alpha)
    assert on_view.offset == alone.offset
    with pytest.raises(ValueError, match="points"):
        shared.subset([0, 60])


def test_partial_rows_are_served_at_active_points_and_completed_elsewhere(points):
    """Check partial rows: valid at the active points of their epoch, else completed."""
    k = get_kernel("rbf", gamma=0.3)
    m = points.shape[0]
    source = kernel_source(X=points, kernel=k, mode="fast")
    whole = _rows(source)
    cache = make_cache(m, cache_size=1.0)
    part = cache[6]
    active = np.array([3, 17, 5, 30], dtype=np.int64)
    new_epoch(cache)
    Ka = row_active(7, source.ksrc, cache, active, active.size)
    s = cache[1][7]
    assert part[s] == cache[7][0]  # a partial row of this epoch
    np.testing.assert_array_equal(Ka[active], whole[7, active])
    assert cache[5][2] == active.size  # kernel evaluations: the active points only
    # within the epoch, a smaller active set is served from it (a hit)
    row_active(7, source.ksrc, cache, active[:2], 2)
    assert cache[5][0] == 1 and cache[5][1] == 1
    # row() needs the whole row: completed in place
    np.testing.assert_array_equal(row(7, source.ksrc, cache), whole[7])
    assert cache[1][7] == s and part[s] == -1
    # a partial row of an earlier epoch is not served
    row_active(9, source.ksrc, cache, active, active.size)
    new_epoch(cache)
    evals = cache[5][2]
    np.testing.assert_array_equal(row_active(9, source.ksrc, cache, active, 4)[active],
                                  whole[9, active])
    assert cache[5][2] == evals + active.size
    # more than a third of the points active: whole rows, as before
    many = np.arange(m // 2 + 1, dtype=np.int64)
    np.testing.assert_array_equal(row_active(11, source.ksrc, cache, many, many.size), whole[11])
    assert part[cache[1][11]] == -1
    # faithful rows are always whole
    faithful = kernel_source(X=points, kernel=k)
    cache = make_cache(m, cache_size=1.0)
    row_active(7, faithful.ksrc, cache, active, active.size)
    assert cache[6][cache[1][7]] == -1


def test_active_block_copies_whole_cached_rows_at_the_active_points(points):
    """Check the active block: K at r[:n] in float64, only when every row is wholly cached."""
    k = get_kernel("rbf", gamma=0.3)
    m = points.shape[0]
    source = kernel_source(X=points, kernel=k, mode="fast")
    whole = _rows(source)
    r = np.array([12, 3, 30, 7, 0, 25], dtype=np.int64)  # a solver's order, 4 active
    cache = make_cache(m, cache_size=1.0)
    out = np.full((5, 5), -7.0)
    for a in r[:3]:
        row(a, source.ksrc, cache)
    assert not active_block(cache, r, 4, out)  # row 7 missing
    assert (out == -7.0).all()
    new_epoch(cache)
    row_active(7, source.ksrc, cache, np.array([3, 7], dtype=np.int64), 2)  # partial
    assert not active_block(cache, r, 4, out)
    assert (out == -7.0).all()
    row(7, source.ksrc, cache)  # completed
    hits = cache[5].copy()
    assert active_block(cache, r, 4, out)
    np.testing.assert_array_equal(out[:4, :4], whole[np.ix_(r[:4], r[:4])].astype(np.float64))
    assert (out[4] == -7.0).all() and (out[:, 4] == -7.0).all()
    np.testing.assert_array_equal(cache[5], hits)  # only read: the counters are untouched


@pytest.mark.parametrize("helper_does", ["everything", "nothing", "concurrently"])
@pytest.mark.parametrize("kind", ["rbf", "poly"])
def test_prefill_blocks_are_the_same_whoever_computes_them(monkeypatch, helper_does, kind):
    """The whole Gram matrix of prefill, its blocks computed by the helper thread (all of them
    before this thread starts, none, or shared as it comes), is bitwise the kernel rows'."""
    from svmbook.solvers import cache as C
    from svmbook.solvers._rows_f32 import kernel_rows_f32

    rng = np.random.default_rng(3)
    X = rng.standard_normal((700, 9))
    k = get_kernel("rbf", gamma=0.1) if kind == "rbf" else get_kernel("poly", degree=2, gamma=0.1)
    rows = C.row_cache(X=X, kernel=k)
    if helper_does == "everything":
        monkeypatch.setattr(C, "post", lambda fn, *args: fn(*args))
    elif helper_does == "nothing":
        monkeypatch.setattr(C, "post", lambda fn, *args: None)
    monkeypatch.setattr(C, "helper_allowed", lambda: True)
    C.prefill(rows.cache, rows.source)
    kind_, theta, Xs, x_sq = rows.source.ksrc[:4]
    want = np.empty((700, 700), dtype=np.float32)
    kernel_rows_f32(kind_, theta, Xs, x_sq, np.arange(700), Xs, x_sq, want)
    np.testing.assert_array_equal(rows.cache[0][:700].view(np.int32), want.view(np.int32))
    assert np.all(rows.cache[1][:700] >= 0)


def test_prefilling_completes_on_first_read_or_on_exit():
    """A cache filled by prefilling(): complete when it (or a subset) is first read inside the
    context, or when the context ends unread; equal to prefill's; pickled complete."""
    import pickle

    from svmbook.solvers import cache as C

    rng = np.random.default_rng(4)
    X = rng.standard_normal((500, 6))
    k = get_kernel("rbf", gamma=0.2)
    want = C.row_cache(X=X, kernel=k)
    C.prefill(want.cache, want.source)
    read = C.row_cache(X=X, kernel=k)
    with C.prefilling(read) as rows:
        view = rows.subset(np.arange(0, 500, 7))
        data = view.cache[0]  # reading a subset completes the whole fill
        assert read._filling[1] is None and np.all(read._cache[1] >= 0)
    unread = C.row_cache(X=X, kernel=k)
    with C.prefilling(unread):
        pass
    for rows in (read, unread):
        assert rows._filling[1] is None
        np.testing.assert_array_equal(rows.cache[0][:500], want.cache[0][:500])
    np.testing.assert_array_equal(data[:500], want.cache[0][:500])
    copy = pickle.loads(pickle.dumps(view))
    np.testing.assert_array_equal(copy.points, view.points)
    np.testing.assert_array_equal(copy.cache[0][:500], want.cache[0][:500])


def test_a_block_the_helper_gives_up_is_computed_by_the_caller():
    """A block the helper claimed and could not finish (its job raised: _abandon hands it
    back) is computed by the caller, who would otherwise wait for it forever."""
    from svmbook.solvers import cache as C
    from svmbook.solvers._rows_f32 import kernel_rows_f32

    rng = np.random.default_rng(5)
    X = rng.standard_normal((300, 4))
    rows = C.row_cache(X=X, kernel=get_kernel("rbf", gamma=0.3))
    kind, theta, Xs, x_sq = rows.source.ksrc[:4]
    block = 64
    n_blocks = -(-300 // block)
    claims = np.zeros(2 * n_blocks, dtype=np.int64)
    claims[n_blocks - 1] = C._HELPER  # claimed, never published
    C._abandon(claims)
    assert claims[n_blocks - 1] == C._ABANDONED
    data = rows.cache[0]
    C.gram_blocks(kind, theta, Xs, x_sq, data, block, claims, C._FRONT)
    want = np.empty((300, 300), dtype=np.float32)
    kernel_rows_f32(kind, theta, Xs, x_sq, np.arange(300), Xs, x_sq, want)
    np.testing.assert_array_equal(data[:300].view(np.int32), want.view(np.int32))
