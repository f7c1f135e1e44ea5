"""The bottom-up merge step (Nguyen 2006, Propositions 2-4) against closed forms and brute force."""

import numpy as np
import pytest
from scipy.optimize import minimize

from svmbook.simplify import gaussian_merge_curve, merge_gaussian, merge_polynomial


def _pair_with_kernel_value(C, d=2):
    """Two points whose Gaussian kernel value at gamma is C: x_i = 0, x_j = e_1, gamma = -ln C."""
    x_i, x_j = np.zeros(d), np.eye(d)[0]
    return x_i, x_j, -np.log(C)


def test_gaussian_fixture_and_the_fixed_point_of_the_stationarity_condition():
    """Check the worked 2-D case (m = 0.4, C = e^-0.5) and the stationarity condition (3.29)."""
    r = merge_gaussian([0.0, 0.0], [1.0, 0.0], 0.4, 0.6, gamma=0.5)
    np.testing.assert_allclose(r.k, 0.3690134, atol=5e-8)
    np.testing.assert_allclose(r.z, [0.6309866, 0.0], atol=5e-8)
    np.testing.assert_allclose(r.beta, 0.8883047, atol=5e-8)
    m, C = 0.4, np.exp(-0.5)
    fixed = m * C ** ((1 - r.k) ** 2) / (m * C ** ((1 - r.k) ** 2) + (1 - m) * C ** (r.k**2))
    np.testing.assert_allclose(r.k, fixed, atol=1e-9)


def test_gaussian_curve_maximum_of_fig_3_1():
    """Check Fig. 3.1's parameters m = 0.4, C = 0.7: k* = 0.37956998, f(k*) = 0.91863121."""
    x_i, x_j, gamma = _pair_with_kernel_value(0.7)
    r = merge_gaussian(x_i, x_j, 0.4, 0.6, gamma)
    np.testing.assert_allclose(r.k, 0.37956998, atol=5e-8)
    np.testing.assert_allclose(gaussian_merge_curve(r.k, 0.4, 0.7), 0.91863121, atol=5e-9)
    # Proposition 4 with K(z, z) = 1: beta = alpha_m f(k*), and the error's closed form
    np.testing.assert_allclose(r.beta, 1.0 * 0.91863121, atol=5e-8)
    np.testing.assert_allclose(r.error, 0.0121167, atol=5e-8)


def test_gaussian_equal_weights_single_and_double_maxima():
    """Check m = 1/2: k* = 1/2 with f = C^(1/4) while C >= e^-2, two symmetric maxima below."""
    x_i, x_j, gamma = _pair_with_kernel_value(0.5)
    r = merge_gaussian(x_i, x_j, 1.0, 1.0, gamma)
    np.testing.assert_allclose(r.k, 0.5, atol=1e-9)
    np.testing.assert_allclose(r.cosine * np.sqrt(0.5 + 0.5 * 0.5), 0.5**0.25, atol=1e-9)
    x_i, x_j, gamma = _pair_with_kernel_value(0.1)
    r = merge_gaussian(x_i, x_j, 1.0, 1.0, gamma)
    assert min(abs(r.k - 0.2029449), abs(r.k - 0.7970551)) < 5e-8
    np.testing.assert_allclose(gaussian_merge_curve(r.k, 0.5, 0.1), 0.5705517, atol=5e-8)
    assert gaussian_merge_curve(0.5, 0.5, 0.1) < gaussian_merge_curve(r.k, 0.5, 0.1)


def test_gaussian_global_search_where_the_thesis_bracket_fails():
    """Check m = 0.9, C = 0.01, where f(1) > f(m): the global maximum k* = 0.99888 is found."""
    x_i, x_j, gamma = _pair_with_kernel_value(0.01)
    r = merge_gaussian(x_i, x_j, 0.9, 0.1, gamma)
    np.testing.assert_allclose(r.k, 0.99888, atol=5e-6)
    ks = np.linspace(0.0, 1.0, 100_001)
    assert gaussian_merge_curve(r.k, 0.9, 0.01) >= gaussian_merge_curve(ks, 0.9, 0.01).max() - 1e-12


@pytest.mark.parametrize("m", [0.1, 0.25, 0.4, 0.6])
@pytest.mark.parametrize("C", [0.2, 0.5, 0.9])
def test_gaussian_symmetry_and_exactness(m, C):
    """Check k*(1 - m) = 1 - k*(m), the weight and error identities, and merging equal points."""
    x_i, x_j, gamma = _pair_with_kernel_value(C, d=3)
    a = merge_gaussian(x_i, x_j, m, 1 - m, gamma)
    b = merge_gaussian(x_j, x_i, 1 - m, m, gamma)
    np.testing.assert_allclose(a.k, 1 - b.k, atol=1e-8)
    np.testing.assert_allclose(a.z, b.z, atol=1e-8)
    k_zi = np.exp(-gamma * np.sum((x_i - a.z) ** 2))
    k_zj = np.exp(-gamma * np.sum((x_j - a.z) ** 2))
    np.testing.assert_allclose(a.beta, m * k_zi + (1 - m) * k_zj, rtol=1e-12)
    np.testing.assert_allclose(a.error, m**2 + (1 - m) ** 2 + 2 * m * (1 - m) * C - a.beta**2,
                               atol=1e-12)  # fmt: skip
    same = merge_gaussian([1.0, 2.0], [1.0, 2.0], 0.3, 0.9, gamma=2.0)
    np.testing.assert_array_equal(same.z, [1.0, 2.0])
    assert same.beta == pytest.approx(1.2, abs=1e-15)
    assert same.error == pytest.approx(0.0, abs=1e-12)


def _brute_force_cosine(x_i, x_j, m, p, seed=0):
    """The best cos(M, Phi(u)) over unit u in R^d by multi-start local search."""
    d = x_i.size
    norm_m = np.sqrt(m**2 * (x_i @ x_i) ** p + 2 * m * (1 - m) * (x_i @ x_j) ** p
                     + (1 - m) ** 2 * (x_j @ x_j) ** p)  # fmt: skip

    def neg(v):
        u = v / np.linalg.norm(v)
        return -(m * (x_i @ u) ** p + (1 - m) * (x_j @ u) ** p) / norm_m

    rng = np.random.default_rng(seed)
    return max(-minimize(neg, rng.normal(size=d)).fun for _ in range(30))


@pytest.mark.parametrize(
    ("x_i", "x_j", "alphas", "p", "k", "z", "beta"),
    [
        ([1.0, 0.0], [0.6, 0.8], (2.0, 3.0), 3, 0.3151224, [0.7378191, 0.5567842], 4.6575615),
        ([2.0, 1.0, 0.0], [1.0, 1.0, 1.0], (0.5, 1.5), 3, 0.3321250,
         [1.3302552, 0.9985963, 0.6669375], 1.9570022),
        ([1.0, 2.0], [3.0, 1.0], (-1.0, -3.0), 2, 0.1528729, [2.6321558, 1.1263010], -3.9902052),
        ([1.0, 2.0], [3.0, 1.0], (1.0, 1.0), 1, 0.5, [2.0, 1.5], 2.0),
    ],
)  # fmt: skip
@pytest.mark.parametrize("mode", ["angle", "segment"])
def test_polynomial_fixtures_in_both_modes_and_against_brute_force(x_i, x_j, alphas, p, k, z,
                                                                  beta, mode):  # fmt: skip
    """Check Proposition 3 on worked cases (both modes agree inside the cone) and brute force."""
    r = merge_polynomial(x_i, x_j, *alphas, degree=p, mode=mode)
    np.testing.assert_allclose(r.k, k, atol=5e-7)
    np.testing.assert_allclose(r.z, z, atol=5e-7)
    np.testing.assert_allclose(r.beta, beta, atol=5e-7)
    x_i, x_j = np.asarray(x_i), np.asarray(x_j)
    m = alphas[0] / sum(alphas)
    assert r.cosine >= _brute_force_cosine(x_i, x_j, m, p) - 1e-9
    # beta is the projection: the residual is orthogonal to Phi(z)
    resid = alphas[0] * (x_i @ r.z) ** p + alphas[1] * (x_j @ r.z) ** p - r.beta * (r.z @ r.z) ** p
    assert abs(resid) <= 1e-9 * max(1.0, abs(r.beta) * (r.z @ r.z) ** p)
    if p == 1:
        assert r.error == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("p", [3, 4, 5])
def test_polynomial_equal_norms_threshold_and_the_angle_mode_beyond_it(p):
    """Check equal norms, m = 1/2: k* = 1/2 iff cos(x_i, x_j) >= (p - 2)/p; beyond it the
    segment mode loses to the angle mode, which matches brute force."""
    threshold = (p - 2) / p
    for cos, inside in ((threshold + 0.05, True), (threshold - 0.15, False)):
        x_i = np.array([1.0, 0.0])
        x_j = np.array([cos, np.sqrt(1 - cos**2)])
        seg = merge_polynomial(x_i, x_j, 1.0, 1.0, degree=p, mode="segment")
        ang = merge_polynomial(x_i, x_j, 1.0, 1.0, degree=p, mode="angle")
        assert (abs(seg.k - 0.5) < 1e-6) == inside
        assert ang.cosine >= seg.cosine - 1e-12
        assert ang.cosine >= _brute_force_cosine(x_i, x_j, 0.5, p) - 1e-9


def test_polynomial_even_degree_outside_the_cone():
    """Check x_i . x_j < 0 with p = 2: the best direction lies outside the segment's cone."""
    x_i, x_j = np.array([1.0, 0.0]), np.array([-0.9, 0.3])
    seg = merge_polynomial(x_i, x_j, 1.0, 1.0, degree=2, mode="segment")
    ang = merge_polynomial(x_i, x_j, 1.0, 1.0, degree=2, mode="angle")
    assert ang.cosine > seg.cosine + 1e-3
    assert ang.cosine >= _brute_force_cosine(x_i, x_j, 0.5, 2) - 1e-9


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"x_j": [1.0, 0.0, 0.0]}, ValueError, "same dimension"),
        ({"alpha_j": -1.0}, ValueError, "same sign"),
        ({"alpha_i": 0.0}, ValueError, "non-zero"),
        ({"x_i": [np.nan, 0.0]}, ValueError, "finite"),
    ],
)
def test_bad_pairs(kwargs, error, match):
    args = {"x_i": [0.0, 1.0], "x_j": [1.0, 0.0], "alpha_i": 1.0, "alpha_j": 2.0, **kwargs}
    with pytest.raises(error, match=match):
        merge_gaussian(**args, gamma=1.0)
    with pytest.raises(error, match=match):
        merge_polynomial(**args, degree=2)


def test_bad_settings():
    with pytest.raises(ValueError, match="gamma"):
        merge_gaussian([0.0], [1.0], 1.0, 1.0, gamma=0.0)
    with pytest.raises(ValueError, match="degree"):
        merge_polynomial([0.0, 1.0], [1.0, 0.0], 1.0, 1.0, degree=0)
    with pytest.raises(ValueError, match="mode"):
        merge_polynomial([0.0, 1.0], [1.0, 0.0], 1.0, 1.0, degree=2, mode="cone")
    with pytest.raises(ValueError, match="non-zero"):
        merge_polynomial([0.0, 0.0], [1.0, 0.0], 1.0, 1.0, degree=2)
