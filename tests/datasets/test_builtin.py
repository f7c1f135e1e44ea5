"""Tests of svmbook.datasets.builtin: Gunn's tables, iris petals, titanium."""

import numpy as np
import pytest

from svmbook.datasets import gunn_table, load_iris_petal, load_titanium
from svmbook.theory import is_linearly_separable

# Gunn (1998), Tables 2.1, 2.2 and 5.1.


def test_table_2_1_verbatim():
    X, y = gunn_table("2.1")
    assert X.dtype == y.dtype == np.float64 and X.shape == (7, 2) and y.shape == (7,)
    expected = [[1, 1], [3, 3], [1, 3], [3, 1], [2, 2.5], [3, 2.5], [4, 3]]
    np.testing.assert_array_equal(X, expected)
    np.testing.assert_array_equal(y, [-1, 1, 1, -1, 1, -1, -1])
    assert (y == 1).sum() == 3 and (y == -1).sum() == 4


def test_table_2_2_is_table_2_1_plus_two_points():
    X, y = gunn_table("2.2")
    X1, y1 = gunn_table("2.1")
    assert X.shape == (9, 2)
    np.testing.assert_array_equal(X[:7], X1)
    np.testing.assert_array_equal(y[:7], y1)
    np.testing.assert_array_equal(X[7:], [[1.5, 1.5], [1, 2]])
    np.testing.assert_array_equal(y[7:], [1, -1])
    assert (y == 1).sum() == 4 and (y == -1).sum() == 5


def test_table_5_1_verbatim():
    X, y = gunn_table("5.1")
    assert X.shape == (9, 1)
    np.testing.assert_array_equal(X[:, 0], [1.0, 3.0, 4.0, 5.6, 7.8, 10.2, 11.0, 11.5, 12.7])
    np.testing.assert_array_equal(y, [-1.6, -1.8, -1.0, 1.2, 2.2, 6.8, 10.0, 10.0, 10.0])


def test_gunn_table_returns_fresh_copies_and_rejects_unknown_names():
    X, y = gunn_table("2.1")
    X[0, 0] = 99.0
    y[0] = 99.0
    assert gunn_table("2.1")[0][0, 0] == 1.0 and gunn_table("2.1")[1][0] == -1.0
    with pytest.raises(ValueError, match="name"):
        gunn_table("2.3")


# Iris petals.


def test_iris_petal_shapes_and_labels():
    X, y = load_iris_petal()
    assert X.shape == (150, 2) and X.dtype == np.float64
    np.testing.assert_array_equal(np.bincount(y), [50, 50, 50])
    for k, name in enumerate(["setosa", "versicolor", "virginica"]):
        _, yk = load_iris_petal(name)
        assert yk.dtype == np.float64 and set(np.unique(yk)) == {-1.0, 1.0}
        np.testing.assert_array_equal(yk == 1, y == k)
    with pytest.raises(ValueError, match="target"):
        load_iris_petal("versilcolor")


def test_iris_duplicate_point_and_distinct_count():
    X, y = load_iris_petal()
    at = np.flatnonzero((X[:, 0] == 4.8) & (X[:, 1] == 1.8))
    np.testing.assert_array_equal(at, [70, 126, 138])  # Versicolor #71, Virginica #127, #139
    np.testing.assert_array_equal(y[at], [1, 2, 2])
    assert len(np.unique(X, axis=0)) == 102
    # The duplicate makes Versicolor/Virginica-vs-rest infeasible for any hard-margin classifier.
    assert not is_linearly_separable(*load_iris_petal("versicolor"))
    assert not is_linearly_separable(*load_iris_petal("virginica"))
    assert is_linearly_separable(*load_iris_petal("setosa"))
    # Gunn's two Setosa support vectors (notes 5.5): #45 and #99.
    np.testing.assert_array_equal(X[[44, 98]], [[1.9, 0.4], [3.0, 1.1]])


# Titanium.

# de Boor's TITAND, from a second, independent transcription of the listing (see
# svmbook/data/README.md for the provenance of the bundled file).
TITANIUM_Y = [
    *(0.644, 0.622, 0.638, 0.649, 0.652, 0.639, 0.646, 0.657, 0.652, 0.655),
    *(0.644, 0.663, 0.663, 0.668, 0.676, 0.676, 0.686, 0.679, 0.678, 0.683),
    *(0.694, 0.699, 0.710, 0.730, 0.763, 0.812, 0.907, 1.044, 1.336, 1.881),
    *(2.169, 2.075, 1.598, 1.211, 0.916, 0.746, 0.672, 0.627, 0.615, 0.607),
    *(0.606, 0.609, 0.603, 0.601, 0.603, 0.601, 0.611, 0.601, 0.608),
]


def test_titanium_raw():
    X, y = load_titanium(scale=None)
    assert X.shape == (49, 1) and y.shape == (49,)
    np.testing.assert_array_equal(X[:, 0], 595.0 + 10.0 * np.arange(49))
    # The peak is the 31st point: x = 585 + 10 * 31 = 895 (905 is the 32nd, y = 2.075).
    assert y.max() == 2.169 and X[np.argmax(y), 0] == 895.0 and y[31] == 2.075
    assert y.min() == 0.601
    assert (y[0], y[29], y[-1]) == (0.644, 1.881, 0.608)
    np.testing.assert_array_equal(y, TITANIUM_Y)


def test_titanium_scalings():
    X_raw, y_raw = load_titanium(scale=None)
    X_unit, y_unit = load_titanium()
    X_sym, _ = load_titanium(scale="symmetric")
    np.testing.assert_array_equal(y_unit, y_raw)
    assert (X_unit[0, 0], X_unit[-1, 0]) == (0.0, 1.0)
    assert (X_sym[0, 0], X_sym[-1, 0]) == (-1.0, 1.0)
    np.testing.assert_allclose(X_unit[:, 0], (X_raw[:, 0] - 595.0) / 480.0, atol=1e-15)
    np.testing.assert_allclose(np.diff(X_unit[:, 0]), 1 / 48)
    with pytest.raises(ValueError, match="scale"):
        load_titanium(scale="minmax")
