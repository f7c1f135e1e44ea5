"""Tests of svmbook.datasets.raetsch: the loader of Rätsch's IDA benchmark."""

import numpy as np
import pytest

from svmbook.datasets import load_raetsch


def test_load_raetsch_asc(external):
    _, expected = external
    X_train, y_train, X_test, y_test = load_raetsch("banana", realisation=1)
    n_train, n_test = expected["banana"]
    assert X_train.shape == (n_train, 2) and X_test.shape == (n_test, 2)
    assert y_train.shape == (n_train,) and y_test.shape == (n_test,)
    assert set(np.unique(y_train)) == set(np.unique(y_test)) == {-1.0, 1.0}
    with pytest.raises(ValueError, match="realisation"):
        load_raetsch("banana", realisation=11)
    with pytest.raises(ValueError, match="realisation"):
        load_raetsch("banana", realisation=0)
    with pytest.raises(ValueError, match="name"):
        load_raetsch("diabetes")


@pytest.mark.parametrize(
    ("name", "n_train", "n_test", "n_pos", "n_pos_train"),
    [("thyroid", 140, 75, 65, 42), ("diabetis", 468, 300, 268, 163)],
)
def test_load_raetsch_full_data_split(external, name, n_train, n_test, n_pos, n_pos_train):
    X_train, y_train, X_test, y_test = load_raetsch(name, realisation=3)
    assert X_train.shape[0] == n_train and X_test.shape[0] == n_test
    assert (y_train == 1).sum() == n_pos_train  # stratified: round(n_pos * n_train / n)
    assert (y_train == 1).sum() + (y_test == 1).sum() == n_pos
    again = load_raetsch(name, realisation=3)
    other = load_raetsch(name, realisation=4)
    np.testing.assert_array_equal(again[0], X_train)
    assert not np.array_equal(other[0], X_train)

    # Each realisation partitions the same rows: train + test is the whole data set.
    def sorted_rows(parts):
        rows = np.column_stack([np.vstack([parts[0], parts[2]]), np.r_[parts[1], parts[3]]])
        return rows[np.lexsort(rows.T[::-1])]

    np.testing.assert_array_equal(sorted_rows(again), sorted_rows(other))
