import numpy as np
import pytest

from svmbook._validation import check_int, check_interval, check_positive


def test_check_interval_accepts_the_closed_and_open_ends_as_asked():
    assert check_interval("a", 0, 0.0, 1.0) == 0.0
    assert check_interval("a", 1, 0.0, 1.0) == 1.0
    assert check_interval("a", np.float32(0.5), 0.0, 1.0, low_open=True, high_open=True) == 0.5
    assert check_interval("a", np.inf, 0.0) == np.inf  # closed at +inf


@pytest.mark.parametrize(
    ("value", "kwargs"),
    [
        (0.0, {"low": 0.0, "low_open": True}),
        (1.0, {"low": 0.0, "high": 1.0, "high_open": True}),
        (-0.1, {"low": 0.0}),
        (np.nan, {}),
        (np.inf, {"low": 0.0, "high_open": True}),
    ],
)
def test_check_interval_rejects_values_outside(value, kwargs):
    with pytest.raises(ValueError, match=r"^margin must be in"):
        check_interval("margin", value, **kwargs)


@pytest.mark.parametrize("value", ["0.5", True, None, [1.0]])
def test_check_interval_rejects_non_reals(value):
    with pytest.raises(TypeError, match="margin must be a real number"):
        check_interval("margin", value)


def test_check_positive():
    assert check_positive("C", 2) == 2.0
    assert check_positive("C", np.inf, allow_inf=True) == np.inf
    assert check_positive("C", 0, allow_zero=True) == 0.0
    for bad in (0, -1, np.nan, np.inf):
        with pytest.raises(ValueError, match="C must be"):
            check_positive("C", bad)


def test_check_int_takes_integers_only():
    assert check_int("k", np.int64(3), 1) == 3 and type(check_int("k", np.int64(3), 1)) is int
    for bad in (2.0, True, np.bool_(True), "3"):
        with pytest.raises(TypeError, match="k must be an integer"):
            check_int("k", bad, 0)
    with pytest.raises(ValueError, match="k must be >= 1, got 0"):
        check_int("k", 0, 1)
