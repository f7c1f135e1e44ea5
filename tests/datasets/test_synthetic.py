"""Tests of svmbook.datasets.synthetic: the 2-D toys and Goodrich's re-created sets."""

import numpy as np
import pytest

from svmbook.datasets import (
    UNBAL_COSTS,
    make_blobs2d,
    make_circles2d,
    make_imbalanced2d,
    make_linear2d,
    make_unbal,
    make_xor,
)
from svmbook.theory import is_linearly_separable

GENERATORS = [
    (make_linear2d, {"n_samples": 41}),
    (make_blobs2d, {"n_samples": 41}),
    (make_xor, {"n_samples": 41}),
    (make_circles2d, {"n_samples": 41}),
]


@pytest.mark.parametrize(("make", "kwargs"), GENERATORS)
def test_generators_are_deterministic_under_a_seed(make, kwargs):
    X1, y1 = make(**kwargs, random_state=3)
    X2, y2 = make(**kwargs, random_state=3)
    X3, _ = make(**kwargs, random_state=4)
    X4, y4 = make(**kwargs, random_state=np.random.default_rng(3))
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    np.testing.assert_array_equal(X1, X4)
    np.testing.assert_array_equal(y1, y4)
    assert not np.array_equal(X1, X3)
    assert X1.shape == (41, 2) and X1.dtype == np.float64 and X1.flags.c_contiguous
    assert set(np.unique(y1)) == {-1.0, 1.0}


@pytest.mark.parametrize(("make", "kwargs"), GENERATORS[:2] + GENERATORS[3:])
def test_generators_class_sizes(make, kwargs):
    _, y = make(**kwargs, random_state=0)
    assert (y == -1).sum() == 20 and (y == 1).sum() == 21


def test_make_linear2d_is_separable_with_a_gap():
    X, y = make_linear2d(200, margin=0.4, random_state=0)
    assert is_linearly_separable(X, y)
    assert np.all(np.abs(X) <= 1.0)
    # The gap is at least margin: the closest pair across classes is at least that far apart.
    gaps = np.linalg.norm(X[y == 1][:, None, :] - X[y == -1][None, :, :], axis=2)
    assert gaps.min() >= 0.4


def test_non_separable_cases():
    assert not is_linearly_separable(*make_blobs2d(200, separation=1.0, random_state=0))
    assert is_linearly_separable(*make_blobs2d(100, separation=12.0, random_state=0))
    X, y = make_xor(40, noise=0.1, random_state=0)
    assert not is_linearly_separable(X, y)
    np.testing.assert_array_equal(y, -np.sign(X[:, 0]) * np.sign(X[:, 1]))
    X, y = make_circles2d(100, factor=0.3, noise=0.0, random_state=0)
    radius = np.linalg.norm(X, axis=1)
    np.testing.assert_allclose(radius[y == 1], 0.3)
    np.testing.assert_allclose(radius[y == -1], 1.0)
    assert not is_linearly_separable(X, y)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: make_blobs2d(1), "n_samples"),
        (lambda: make_blobs2d(10, separation=-1.0), "separation"),
        (lambda: make_blobs2d(10, cluster_std=0.0), "cluster_std"),
        (lambda: make_xor(3), "n_samples"),
        (lambda: make_xor(10, noise=-0.1), "noise"),
        (lambda: make_circles2d(10, factor=1.0), "factor"),
        (lambda: make_circles2d(10, noise=np.nan), "noise"),
        (lambda: make_linear2d(10, margin=1.0), "margin"),
        (lambda: make_linear2d(10, random_state=-1), "random_state"),
    ],
)
def test_generators_reject_bad_parameters(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_generators_reject_bad_types():
    with pytest.raises(TypeError, match="n_samples"):
        make_blobs2d(10.0)
    with pytest.raises(TypeError, match="random_state"):
        make_xor(10, random_state="seed")


# Goodrich (2012), chapter 4 toys.


def test_goodrich_imbalanced_toys():
    X, y = make_unbal()
    assert X.shape == (1200, 2) and (y == 1).sum() == 200 and (y == -1).sum() == 1000
    np.testing.assert_array_equal(make_unbal(random_state=0)[0], X)
    assert not is_linearly_separable(X, y)
    assert UNBAL_COSTS == {1: 10.0, -1: 1.0}
    X, y = make_imbalanced2d(random_state=1)
    assert X.shape == (550, 2) and (y == 1).sum() == 500 and (y == -1).sum() == 50
    # Means +-(separation / 2)(1, 1)/sqrt(2): the class means are about separation apart.
    gap = np.linalg.norm(X[y == 1].mean(0) - X[y == -1].mean(0))
    assert abs(gap - 2.0) < 0.5
    with pytest.raises(ValueError, match="n_pos must be >= 1"):
        make_unbal(n_pos=0)
    with pytest.raises(TypeError, match="n_neg must be an int"):
        make_imbalanced2d(n_neg=5.0)
    with pytest.raises(ValueError, match="separation"):
        make_imbalanced2d(separation=-1.0)
