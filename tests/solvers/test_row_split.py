"""Kernel rows shared with the helper thread: the same values whoever computes which span."""

import contextlib
import multiprocessing
import os
import threading
import time

import numpy as np
import pytest
from sklearn.datasets import make_classification

from svmbook import SVC
from svmbook.kernels import rbf
from svmbook.solvers import row_split
from svmbook.solvers._rows_f32 import SPAN, compute_rows_fast, kernel_rows_f32, rbf_row_at_fast
from svmbook.solvers.cache import kernel_source
from svmbook.solvers.row_split import (
    CLAIM,
    GEN,
    N_AT,
    ROW,
    SESSION,
    helping,
    parts,
    split_row,
    split_state,
    use_helper,
)


def _points(m, d, seed):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, d))
    return X, np.ascontiguousarray(X.T), np.einsum("ij,ij->i", X, X), 0.5 / d


def _reference(X, XT, x_sq, gamma, a, points=None):
    out = np.zeros(X.shape[0], dtype=np.float32)
    if points is None:
        compute_rows_fast(2, np.array([gamma]), X, x_sq, np.array([a]), out[None, :], XT)
    else:
        rbf_row_at_fast(gamma, X, x_sq, a, points, out)
    return out


@pytest.mark.parametrize(("m", "d"), [(3 * SPAN + 17, 20), (2 * SPAN, 7), (SPAN + 1, 40)])
def test_split_rows_equal_the_rows_computed_whole(m, d):
    """Whole and partial rows through split_row, with and without the helper, are bitwise the
    rows of compute_rows_fast and rbf_row_at_fast (entries outside the points untouched)."""
    X, XT, x_sq, gamma = _points(m, d, m)
    split = split_state(m, d)
    ksrc = (2, np.array([gamma]), X, x_sq, True, XT, None, None, split)
    perm = np.random.default_rng(1).permutation(m).astype(np.int64)
    n = m // 3 + 5
    for helped in (False, True):
        context = helping(ksrc, perm) if helped else contextlib.nullcontext()
        with context:
            for a in (0, m // 2, m - 1):
                out = np.zeros(m, dtype=np.float32)
                split_row(gamma, X, x_sq, a, XT, perm, -1, out, split, True)
                np.testing.assert_array_equal(out, _reference(X, XT, x_sq, gamma, a))
                out = np.zeros(m, dtype=np.float32)
                split_row(gamma, X, x_sq, a, XT, perm, n, out, split, True)
                np.testing.assert_array_equal(out, _reference(X, XT, x_sq, gamma, a, perm[:n]))


@pytest.mark.parametrize(("m", "d"), [(3 * SPAN + 17, 20), (2 * SPAN + 3, 256), (SPAN + 1, 64)])
def test_faithful_split_rows_equal_the_faithful_rows(m, d):
    """Faithful rows through split_row, with and without the helper, are bitwise the rows the
    faithful mode computes whole (one matrix product, LIBSVM's rounding of the exponential)."""
    X, XT, x_sq, gamma = _points(m, d, m + 1)
    split = split_state(m, d)
    ksrc = (2, np.array([gamma]), X, x_sq, False, np.empty((0, 0)), None, None, split)
    empty = np.empty(0, dtype=np.int64)
    for helped in (False, True):
        context = helping(ksrc, empty) if helped else contextlib.nullcontext()
        with context:
            for a in (0, m // 2, m - 1):
                out = np.zeros(m, dtype=np.float32)
                split_row(gamma, X, x_sq, a, XT, empty, -1, out, split, False)
                ref = np.empty((1, m), dtype=np.float32)
                kernel_rows_f32(2, np.array([gamma]), X, x_sq, np.array([a]), X, x_sq, ref)
                np.testing.assert_array_equal(out, ref[0])


def test_helper_serves_spans_from_the_back_and_stops():
    """The helper (run here in a thread of the test) computes a posted row's spans back to
    front, publishes them with the row's generation, and returns when told to stop; the
    solver then takes its published spans (and ignores those of an older generation)."""
    m = 4 * SPAN
    X, XT, x_sq, gamma = _points(m, 10, 3)
    ctl = split = split_state(m, 10)
    done, *_, buf = parts(split, m, 10)
    points = np.arange(m, dtype=np.int64)
    a = 5
    ctl[ROW], ctl[N_AT], ctl[CLAIM] = a, -1, 0  # the solver "computes" span 0 itself
    ctl[GEN], ctl[SESSION] = 1, 1
    args = (gamma, X, x_sq, XT, points, True, 1, ctl, 10)
    helper = threading.Thread(target=row_split._serve, args=args)
    helper.start()
    deadline = time.monotonic() + 60
    while done[1] != 1 and time.monotonic() < deadline:
        time.sleep(0.001)
    ctl[SESSION] = 2
    helper.join(60)
    assert not helper.is_alive()
    np.testing.assert_array_equal(done, [0, 1, 1, 1])  # never span 0, the solver's claim
    ref = _reference(X, XT, x_sq, gamma, a)
    np.testing.assert_array_equal(buf[SPAN:], ref[SPAN:])
    # the solver's next row (generation 2) must not read the spans published for row 1
    out = np.zeros(m, dtype=np.float32)
    split_row(gamma, X, x_sq, 9, XT, points, -1, out, split, True)
    np.testing.assert_array_equal(out, _reference(X, XT, x_sq, gamma, 9))
    # a generation the helper did publish is taken from its buffer: pretend it did row 9's
    # last spans for generation 3
    buf[2 * SPAN :] = out[2 * SPAN :]
    done[2:] = ctl[GEN] + 1
    out2 = np.zeros(m, dtype=np.float32)
    split_row(gamma, X, x_sq, 9, XT, points, -1, out2, split, True)
    np.testing.assert_array_equal(out2, out)


def test_use_helper_is_a_rule_on_the_shape(monkeypatch):
    """The helper is used for long dense RBF rows only, never with SVMBOOK_ROW_THREADS=1 or
    one CPU."""
    monkeypatch.setattr(row_split, "_cpus", lambda: 2)
    monkeypatch.delenv("SVMBOOK_ROW_THREADS", raising=False)
    assert use_helper(2, False, 10_000, 20)
    assert not use_helper(0, False, 10_000, 20)  # linear
    assert not use_helper(2, True, 10_000, 20)  # CSR
    assert not use_helper(2, False, 1_000, 20)  # short rows
    assert not use_helper(2, False, SPAN, 500)  # a single span
    monkeypatch.setenv("SVMBOOK_ROW_THREADS", "1")
    assert not use_helper(2, False, 10_000, 20)
    monkeypatch.delenv("SVMBOOK_ROW_THREADS")
    monkeypatch.setattr(row_split, "_cpus", lambda: 1)
    assert not use_helper(2, False, 10_000, 20)


@pytest.mark.parametrize("mode", ["fast", "faithful"])
def test_fit_with_the_helper_is_the_fit_without(monkeypatch, mode):
    """A fit takes the same steps with its rows shared or not (bitwise), in either mode."""
    X, y = make_classification(n_samples=3000, n_features=15, random_state=0)
    fits = []
    for threads in ("", "1"):
        monkeypatch.setenv("SVMBOOK_ROW_THREADS", threads)
        src = kernel_source(X=X, kernel=rbf(gamma=0.05), mode=mode)
        assert (src.ksrc[8].shape[0] > 0) == use_helper(2, False, *X.shape)
        fits.append(SVC(smo_mode=mode, cache_size=4.0, gamma=0.05).fit(X, y))
    a, b = fits
    assert a.n_iter_ == b.n_iter_
    np.testing.assert_array_equal(a.support_, b.support_)
    np.testing.assert_array_equal(a.dual_coef_, b.dual_coef_)
    np.testing.assert_array_equal(a.intercept_, b.intercept_)


def test_one_thread_turns_the_helper_off_inside_its_context(monkeypatch):
    """Fits run beside others (the searcher's parallel units) keep their rows on one thread."""
    monkeypatch.setattr(row_split, "_cpus", lambda: 2)
    monkeypatch.delenv("SVMBOOK_ROW_THREADS", raising=False)
    with row_split.one_thread():
        with row_split.one_thread():
            assert not use_helper(2, False, 10_000, 20)
        assert not use_helper(2, False, 10_000, 20)
    assert use_helper(2, False, 10_000, 20)


def test_a_helper_of_an_ended_solve_serves_no_row_of_the_next():
    """Solves sharing a source share its split state: a helper still serving an ended solve
    (whose points may differ) leaves without publishing a span of the next solve's rows."""
    m = 4 * SPAN
    X, XT, x_sq, gamma = _points(m, 10, 4)
    ctl = split_state(m, 10)
    done, *_ = parts(ctl, m, 10)
    old_points = np.arange(m, dtype=np.int64)[::-1].copy()
    ctl[SESSION] = 1
    args = (gamma, X, x_sq, XT, old_points, True, 1, ctl, 10)
    helper = threading.Thread(target=row_split._serve, args=args)
    helper.start()
    ctl[SESSION] = 3  # the next solve announces itself, then posts a row at its own points
    ctl[ROW], ctl[N_AT], ctl[CLAIM] = 5, 2 * SPAN, -1
    ctl[GEN] = 7
    helper.join(60)
    assert not helper.is_alive()
    assert not np.any(done == 7)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX")
def test_a_forked_child_starts_its_own_helper():
    """A child forked while the parent's helper runs gets a helper of its own and fits."""
    X, y = make_classification(n_samples=3000, n_features=15, random_state=1)
    SVC(smo_mode="fast", cache_size=4.0).fit(X, y)  # the parent's helper is started
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        n_iter = pool.apply(_fit_n_iter, (X, y))
    assert n_iter == SVC(smo_mode="fast", cache_size=4.0).fit(X, y).n_iter_[0]


def _fit_n_iter(X, y):
    return int(SVC(smo_mode="fast", cache_size=4.0).fit(X, y).n_iter_[0])


def test_atomics_clock_and_pause():
    """compare_and_swap swaps only from the expected value; the clock moves forward; pause
    counts its spins and yields after _IDLE_SPINS of them."""
    from numba import njit

    @njit
    def cas(a, i, old, new):
        return row_split.compare_and_swap(a, i, old, new)

    @njit
    def clock(c):
        return row_split.monotonic_ns(c)

    @njit
    def spin(n):
        return row_split.pause(n)

    a = np.zeros(3, dtype=np.int64)
    assert cas(a, 1, 0, 5) and a[1] == 5
    assert not cas(a, 1, 0, 7) and a[1] == 5
    t0 = clock(time.CLOCK_MONOTONIC)
    time.sleep(0.002)
    assert clock(time.CLOCK_MONOTONIC) - t0 >= 1_000_000
    assert spin(0) == 1 and spin(row_split._IDLE_SPINS - 1) == 0


def test_the_helper_survives_a_failing_job():
    """A job that raises leaves the helper thread serving the next one."""
    done = threading.Event()

    def fail():
        raise RuntimeError("a job that fails")

    row_split.post(fail)
    row_split.post(done.set)
    assert done.wait(5.0)
