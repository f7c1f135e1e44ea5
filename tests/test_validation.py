"""Tests of svmbook._validation: every parameter check, name first."""

import numpy as np
import pytest
import scipy.sparse as sp

from svmbook._validation import (
    check_alpha0,
    check_bool,
    check_csr,
    check_equality,
    check_gram,
    check_hull_mu,
    check_indices,
    check_instances,
    check_int,
    check_interval,
    check_labels_pm1,
    check_points,
    check_positive,
    check_positive_array,
    check_psd,
    check_random_state,
    check_real,
    check_sample_weight,
    check_spd_matrices,
    check_square,
    check_targets,
)


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


def test_every_check_takes_the_name_first():
    """One signature for the whole layer: check_*(name, value, ...)."""
    import inspect

    from svmbook import _validation

    for fname in _validation.__all__:
        if fname.startswith("check_"):
            params = list(inspect.signature(getattr(_validation, fname)).parameters)
            assert params[0] == "name", fname


def test_check_int_integral_floats_only_when_asked():
    assert check_int("degree", 2.0, 1, integral_float=True) == 2
    with pytest.raises(ValueError, match="degree must be an integer, got 2.5"):
        check_int("degree", 2.5, 1, integral_float=True)
    with pytest.raises(TypeError, match="degree must be an integer"):
        check_int("degree", 2.0, 1)


def test_check_real_and_bool():
    assert check_real("coef0", -3) == -3.0
    for bad in (np.inf, np.nan):
        with pytest.raises(ValueError, match="coef0 must be in"):
            check_real("coef0", bad)
    assert check_bool("flag", np.bool_(True)) is True
    with pytest.raises(TypeError, match="flag must be a bool"):
        check_bool("flag", 1)


def test_check_random_state():
    assert isinstance(check_random_state("seed", 3), np.random.Generator)
    with pytest.raises(ValueError, match="seed must be a non-negative int"):
        check_random_state("seed", -1)
    with pytest.raises(TypeError, match="seed must be None"):
        check_random_state("seed", "3")


def test_check_instances():
    assert check_instances("parts", [1, 2], int) == (1, 2)
    with pytest.raises(ValueError, match="parts needs at least one int"):
        check_instances("parts", [], int)
    with pytest.raises(TypeError, match="parts takes int objects, got str"):
        check_instances("parts", [1, "2"], int)


def test_check_points():
    P = check_points("P", [[1, 2], [3, 4]], min_features=2)
    assert P.dtype == np.float64 and P.flags.c_contiguous
    with pytest.raises(ValueError, match="P must be a 2-D array"):
        check_points("P", [1.0, 2.0])
    with pytest.raises(ValueError, match="P must be a non-empty 2-D array"):
        check_points("P", np.zeros((0, 2)))
    with pytest.raises(ValueError, match="n_features >= 2"):
        check_points("P", np.zeros((3, 1)), min_features=2)
    with pytest.raises(ValueError, match="P contains NaN"):
        check_points("P", [[np.nan]])
    with pytest.raises(TypeError, match="P must be a real numeric array"):
        check_points("P", [["a"]])
    assert check_points("X", np.zeros((0, 3)), allow_empty=True).shape == (0, 3)


def test_check_csr_sorts_and_rejects_non_finite():
    X = sp.csr_matrix((np.array([2.0, 1.0]), np.array([1, 0]), np.array([0, 2])), shape=(1, 2))
    out = check_csr("X", X)
    assert out.has_sorted_indices and out.dtype == np.float64
    X.data[0] = np.inf
    with pytest.raises(ValueError, match="X contains NaN or infinity"):
        check_csr("X", X)


def test_check_gram_and_square():
    assert check_gram("K", np.eye(2), 2).shape == (2, 2)
    with pytest.raises(ValueError, match="K must be a square 2-D Gram matrix"):
        check_gram("K", np.zeros((2, 3)))
    with pytest.raises(ValueError, match="K has 2 rows but y has 3 samples"):
        check_gram("K", np.eye(2), 3)
    with pytest.raises(ValueError, match="with kernel='precomputed'"):
        check_square("X", np.zeros((2, 3)), context=" with kernel='precomputed'")


def test_check_psd():
    check_psd("P", np.eye(2))
    with pytest.raises(ValueError, match="P, the QP Hessian, is not positive semidefinite"):
        check_psd("P", np.diag([1.0, -1.0]))


def test_check_spd_matrices():
    G = check_spd_matrices("metric", np.diag([1.0, 2.0]), 3, 2)
    assert G.shape == (3, 2, 2) and G.flags.writeable
    np.testing.assert_array_equal(G[2], np.diag([1.0, 2.0]))
    per_point = np.stack([np.eye(2), 2 * np.eye(2)])
    np.testing.assert_array_equal(check_spd_matrices("metric", per_point, 2, 2), per_point)
    with pytest.raises(ValueError, match="metric must have shape"):
        check_spd_matrices("metric", np.eye(3), 2, 2)
    with pytest.raises(ValueError, match="metric must be symmetric"):
        check_spd_matrices("metric", [[1.0, 1.0], [0.0, 1.0]], 1, 2)
    with pytest.raises(ValueError, match="metric must be positive definite; matrix 1"):
        check_spd_matrices("metric", np.stack([np.eye(2), np.diag([1.0, 0.0])]), 2, 2)
    with pytest.raises(ValueError, match="NaN"):
        check_spd_matrices("metric", np.full((2, 2), np.nan), 1, 2)
    with pytest.raises(TypeError, match="metric must be a real numeric array"):
        check_spd_matrices("metric", [["a", "b"], ["c", "d"]], 1, 2)


def test_check_labels_and_targets():
    np.testing.assert_array_equal(check_labels_pm1("y", [1, -1]), [1.0, -1.0])
    with pytest.raises(ValueError, match="y contains one class only"):
        check_labels_pm1("y", [1, 1])
    np.testing.assert_array_equal(check_labels_pm1("y", [1, 1], both_classes=False), [1.0, 1.0])
    with pytest.raises(ValueError, match="y must contain only -1 and \\+1"):
        check_labels_pm1("y", [1, 0])
    with pytest.raises(ValueError, match="z must be 1-D"):
        check_targets("z", np.zeros((2, 2)))


def test_check_positive_array():
    np.testing.assert_array_equal(check_positive_array("h", [1, 2]), [1.0, 2.0])
    for bad in ([], [0.0], [np.inf]):
        with pytest.raises(ValueError, match="h must be finite and > 0"):
            check_positive_array("h", bad)


def test_check_indices():
    np.testing.assert_array_equal(check_indices("ws", [2.0, 0.0], 3), [2, 0])
    with pytest.raises(TypeError, match="ws must hold integer indices, not a boolean mask"):
        check_indices("ws", np.array([True, False]), 3)
    with pytest.raises(ValueError, match=r"ws indices must lie in \[0, 3\)"):
        check_indices("ws", [3], 3)
    with pytest.raises(ValueError, match="ws indices must be unique"):
        check_indices("ws", [1, 1], 3)
    with pytest.raises(ValueError, match="ws has 2 indices but at most 1"):
        check_indices("ws", [0, 1], 3, max_size=1)


def test_check_sample_weight_and_hull_mu():
    np.testing.assert_array_equal(check_sample_weight("s", None, 2), [1.0, 1.0])
    with pytest.raises(ValueError, match="s must be >= 0"):
        check_sample_weight("s", [1.0, -1.0], 2)
    with pytest.raises(ValueError, match="s must be > 0 here"):
        check_sample_weight("s", [1.0, 0.0], 2, positive=True)
    with pytest.raises(ValueError, match="mu=0.1 is infeasible"):
        check_hull_mu("mu", 0.1, np.ones(3))


def test_check_alpha0_and_equality():
    upper = np.array([1.0, 1.0])
    np.testing.assert_array_equal(check_alpha0("a0", [0.5, 0.0, 1.0], 3, upper, [0, 2]), [0.5, 1])
    with pytest.raises(ValueError, match="a0 must be 0 for samples with sample_weight <= 0"):
        check_alpha0("a0", [0.5, 0.1, 1.0], 3, upper, [0, 2])
    with pytest.raises(ValueError, match="a0 is infeasible: 0 <= a0 <= C"):
        check_alpha0("a0", [2.0, 0.0, 1.0], 3, upper, [0, 2])
    check_equality("sum(a0)", 1.0, 1.0 + 1e-12, 1.0)
    with pytest.raises(ValueError, match="alpha0 is infeasible: sum\\(a0\\) = 2.0, must equal 1.0"):
        check_equality("sum(a0)", 2.0, 1.0, 1.0)
