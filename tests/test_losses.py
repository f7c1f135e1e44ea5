import numpy as np
import pytest

from svmbook.losses import (
    loss_epsilon_insensitive,
    loss_huber,
    loss_laplace,
    loss_quadratic,
)


def test_quadratic_and_laplace():
    r = np.array([-2.0, -0.5, 0.0, 0.5, 2.0])
    np.testing.assert_allclose(loss_quadratic(r), [4.0, 0.25, 0.0, 0.25, 4.0])
    np.testing.assert_allclose(loss_laplace(r), [2.0, 0.5, 0.0, 0.5, 2.0])


def test_huber_values_gunn_5_17():
    assert loss_huber(0.5, delta=1.0) == pytest.approx(0.125)
    assert loss_huber(2.0, delta=1.0) == pytest.approx(1.5)
    assert loss_huber(-2.0, delta=1.0) == pytest.approx(1.5)
    # continuous at |r| = delta, for any delta
    for delta in (0.1, 1.0, 3.0):
        below, above = loss_huber([delta - 1e-9, delta + 1e-9], delta=delta)
        assert below == pytest.approx(above, abs=1e-8)


def test_epsilon_insensitive_values_gunn_5_4():
    assert loss_epsilon_insensitive(0.3, epsilon=0.5) == 0.0
    assert loss_epsilon_insensitive(1.0, epsilon=0.5) == pytest.approx(0.5)
    assert loss_epsilon_insensitive(-1.0, epsilon=0.5) == pytest.approx(0.5)
    r = np.linspace(-3, 3, 13)
    np.testing.assert_array_equal(loss_epsilon_insensitive(r, epsilon=0.0), loss_laplace(r))


def test_shapes_are_kept():
    r = np.zeros((3, 2))
    for value in (
        loss_quadratic(r),
        loss_laplace(r),
        loss_huber(r, 1.0),
        loss_epsilon_insensitive(r, 0.5),
    ):
        assert value.shape == (3, 2)


@pytest.mark.parametrize(
    ("fn", "kwargs", "match"),
    [
        (loss_huber, {"delta": 0.0}, "delta must be > 0"),
        (loss_epsilon_insensitive, {"epsilon": -0.1}, "epsilon must be >= 0"),
    ],
)
def test_bad_parameters(fn, kwargs, match):
    with pytest.raises(ValueError, match=match):
        fn(1.0, **kwargs)
