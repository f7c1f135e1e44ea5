"""Tests of svmbook.theory against Gunn (1998), chapter 1: the bound (1.6)/(1.8) in both forms
(docs/errata.md#gunn-1998-eq-1-6), (2.10), and shattering by lines (Definition 1.1, Fig. 1.2)."""

import numpy as np
import pytest

from svmbook.theory import (
    can_shatter,
    canonical_vc_bound,
    is_linearly_separable,
    shattering_table,
    srm_select,
    vc_bound,
    vc_confidence,
)


@pytest.mark.parametrize(
    ("h", "n_samples", "as_printed", "vapnik"),
    [(3, 100, 0.412623, 0.447003), (10, 1000, 0.239614, 0.259548)],
)
def test_vc_confidence_oracles(h, n_samples, as_printed, vapnik):
    assert vc_confidence(h, n_samples, 0.05, form="as_printed") == pytest.approx(
        as_printed, abs=5e-7
    )
    assert vc_confidence(h, n_samples, 0.05, form="vapnik") == pytest.approx(vapnik, abs=5e-7)
    assert vc_confidence(h, n_samples) == vc_confidence(h, n_samples, form="vapnik")


def test_vc_confidence_formulas_and_vectorisation():
    h = np.array([1.0, 3.0, 10.0, 30.0])
    n, eta = 500, 0.1
    vapnik = np.sqrt((h * (np.log(2 * n / h) + 1) - np.log(eta / 4)) / n)
    printed = np.sqrt((h * np.log(2 * n / h + 1) - np.log(eta / 4)) / n)
    np.testing.assert_allclose(vc_confidence(h, n, eta), vapnik, rtol=1e-14)
    np.testing.assert_allclose(vc_confidence(h, n, eta=eta), vapnik, rtol=1e-14)
    np.testing.assert_allclose(vc_confidence(h, n, eta, form="as_printed"), printed, rtol=1e-14)
    assert isinstance(vc_confidence(3, 100), float)
    assert vc_confidence([[3]], 100).shape == (1, 1)
    # Capacity grows with h; confidence shrinks with n and with eta.
    assert np.all(np.diff(vc_confidence(h, n)) > 0)
    assert vc_confidence(3, 1000) < vc_confidence(3, 100)
    assert vc_confidence(3, 100, eta=0.5) < vc_confidence(3, 100, eta=0.01)
    # Vacuous region: the radicand turns negative, the bound says nothing.
    assert vc_confidence(1e6, 10) == np.inf


def test_delta_is_a_deprecated_name_of_eta():
    # the confidence of the VC bound is eta (Gunn 1998, eq. (1.6)); delta was its earlier keyword
    with pytest.warns(DeprecationWarning, match="delta is deprecated.*eta"):
        assert vc_confidence(3, 100, delta=0.1) == vc_confidence(3, 100, eta=0.1)
    with pytest.warns(DeprecationWarning, match="eta"):
        assert vc_bound(0.1, 3, 100, delta=0.1) == vc_bound(0.1, 3, 100, 0.1)
    with pytest.warns(DeprecationWarning, match="eta"):
        index, bounds = srm_select([0.3, 0.1], [1, 3], 100, delta=0.1)
    np.testing.assert_array_equal(bounds, srm_select([0.3, 0.1], [1, 3], 100, eta=0.1)[1])


def test_vc_bound_and_srm_select():
    assert vc_bound(0.1, 3, 100) == pytest.approx(0.1 + 0.447003, abs=5e-7)
    np.testing.assert_allclose(vc_bound([0.0, 0.2], [3, 3], 100), [0.447003, 0.647003], atol=5e-7)
    risks, hs = [0.3, 0.1, 0.05, 0.0], [1, 3, 10, 50]
    index, bounds = srm_select(risks, hs, 1000)
    np.testing.assert_allclose(bounds, np.asarray(risks) + vc_confidence(np.asarray(hs), 1000))
    assert index == int(np.argmin(bounds)) == 1
    # With plenty of data the richest, error-free class wins.
    assert srm_select(risks, hs, 10**7)[0] == 3
    index_p, bounds_p = srm_select(risks, hs, 1000, form="as_printed")
    assert np.all(bounds_p < bounds)


def test_canonical_vc_bound():
    assert canonical_vc_bound(1.0, 2.0, 10) == 5.0  # R^2 A^2 = 4 < n
    assert canonical_vc_bound(10.0, 2.0, 10) == 11.0  # capped at n + 1
    assert canonical_vc_bound(0.0, 5.0, 3) == 1.0


def test_canonical_vc_bound_infinite_feature_space():
    # an infinite-dimensional feature space (Gaussian RBF): only the margin term caps h
    assert canonical_vc_bound(10.0, 2.0, np.inf) == 401.0
    assert canonical_vc_bound(1.0, 2.0, float("inf")) == 5.0
    with pytest.raises(TypeError, match="n_features"):
        canonical_vc_bound(1.0, 2.0, 2.5)
    with pytest.raises(TypeError, match="n_features"):
        canonical_vc_bound(1.0, 2.0, True)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: vc_confidence(0, 100), "h"),
        (lambda: vc_confidence([3, -1], 100), "h"),
        (lambda: vc_confidence(3, 0), "n_samples"),
        (lambda: vc_confidence(3, 100, eta=0), "eta"),
        (lambda: vc_confidence(3, 100, eta=1), "eta"),
        (lambda: vc_confidence(3, 100, form="printed"), "form"),
        (lambda: vc_bound(1.5, 3, 100), "emp_risk"),
        (lambda: srm_select([0.1, 0.2], [1], 100), "emp_risks"),
        (lambda: canonical_vc_bound(-1, 1, 2), "R"),
        (lambda: canonical_vc_bound(1, -1, 2), "A"),
        (lambda: canonical_vc_bound(1, 1, 0), "n_features"),
        (lambda: is_linearly_separable([[0.0, 0.0]], [0]), "y"),
        (lambda: is_linearly_separable([[0.0, 0.0]], [1, -1]), "y"),
        (lambda: shattering_table(np.zeros((17, 2))), "points"),
    ],
)
def test_bad_parameters_raise_value_error_naming_them(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_is_linearly_separable_on_gunn_tables():
    from svmbook.datasets import gunn_table

    assert is_linearly_separable(*gunn_table("2.1"))
    assert not is_linearly_separable(*gunn_table("2.2"))
    X, y = gunn_table("2.1")
    assert is_linearly_separable(X, np.ones_like(y))  # constant labellings are trivially separable
    assert is_linearly_separable(X, -np.ones_like(y))


def test_three_non_collinear_points_are_shattered():
    triangle = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]
    labelings, separable = shattering_table(triangle)
    assert labelings.shape == (8, 3) and separable.all()
    assert (labelings[0] == -1).all() and (labelings[-1] == 1).all()
    assert can_shatter(triangle)
    rng = np.random.default_rng(0)
    for _ in range(5):  # any non-collinear triple (random ones are, almost surely)
        assert can_shatter(rng.normal(size=(3, 2)))


def test_three_collinear_points_are_not_shattered():
    line = [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]
    labelings, separable = shattering_table(line)
    failing = labelings[~separable]
    np.testing.assert_array_equal(failing, [[-1.0, 1.0, -1.0], [1.0, -1.0, 1.0]])
    assert not can_shatter(line)


def test_four_points_are_not_shattered_xor_fails():
    square = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]
    labelings, separable = shattering_table(square)
    assert separable.sum() == 14
    np.testing.assert_array_equal(labelings[~separable], [[-1, -1, 1, 1], [1, 1, -1, -1]])
    assert not can_shatter(square)


def test_vc_dimension_of_lines_in_the_plane_is_three():
    rng = np.random.default_rng(1)
    assert can_shatter(rng.normal(size=(3, 2)))
    assert not any(can_shatter(rng.normal(size=(4, 2))) for _ in range(10))
    # n + 1 in R^n: 4 points in general position in R^3 are shattered, 5 are not.
    assert can_shatter(np.vstack([np.zeros(3), np.eye(3)]))
    assert not can_shatter(rng.normal(size=(5, 3)))


def test_duplicate_points_with_both_labels_are_not_separable():
    X = [[4.8, 1.8], [4.8, 1.8], [1.0, 0.2]]
    assert not is_linearly_separable(X, [1, -1, -1])
    assert is_linearly_separable(X, [1, 1, -1])
