"""svmbook.solvers.row_memory: a cache's memory goes to the next cache, never while in use."""

import gc

import numpy as np
import pytest

from svmbook.solvers import row_memory
from svmbook.solvers.cache import make_cache


@pytest.fixture(autouse=True)
def _no_spare():
    row_memory.release()
    yield
    row_memory.release()


def _address(a):
    return a.__array_interface__["data"][0]


def test_the_memory_of_a_dropped_cache_is_the_next_ones():
    """Check that a dropped array becomes the spare and the next (smaller) request takes it."""
    a = row_memory.rows(4, 1000)
    assert a.shape == (4, 1000) and a.dtype == np.float32 and a.flags.c_contiguous
    where = _address(a)
    assert row_memory.spare_mb() == 0.0
    del a
    gc.collect()
    assert row_memory.spare_mb() == pytest.approx(4 * 1000 * 4 / 2**20)
    b = row_memory.rows(2, 1000)
    assert _address(b) == where and row_memory.spare_mb() == 0.0
    c = row_memory.rows(2, 1000)  # no spare left: new memory
    assert _address(c) != where
    del b, c
    gc.collect()
    assert row_memory.spare_mb() == pytest.approx(4 * 1000 * 4 / 2**20)  # the larger one kept


def test_memory_in_use_is_never_handed_out():
    """Check that a view of a cache keeps its memory from the next cache."""
    data = make_cache(100, cache_size=1.0)[0]
    row = data[3]
    del data
    gc.collect()
    assert row_memory.spare_mb() == 0.0  # the row view still holds it
    other = make_cache(100, cache_size=1.0)[0]
    assert not np.shares_memory(other, row)
    del row
    gc.collect()
    assert row_memory.spare_mb() > 0.0


def test_a_spare_above_the_limit_goes_back_to_the_system(monkeypatch):
    """Check MAX_SPARE_MB and release()."""
    monkeypatch.setattr(row_memory, "MAX_SPARE_MB", 0.001)
    a = row_memory.rows(10, 1000)  # 0.04 MB
    del a
    gc.collect()
    assert row_memory.spare_mb() == 0.0
    monkeypatch.setattr(row_memory, "MAX_SPARE_MB", 1.0)
    a = row_memory.rows(10, 1000)
    del a
    gc.collect()
    assert row_memory.spare_mb() > 0.0
    row_memory.release()
    assert row_memory.spare_mb() == 0.0


def test_an_empty_shape():
    """Check a cache of points without entries (n_points = 0)."""
    assert row_memory.rows(2, 0).shape == (2, 0)
