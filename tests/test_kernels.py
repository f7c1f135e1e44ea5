"""Tests of svmbook.kernels: each kernel against an independent numpy reference, closed forms
and identities of Gunn (1998), chapter 3 (docs/errata.md#gunn-1998-eq-3-11 and
docs/errata.md#gunn-1998-toolbox-kernels), PSD checks, scikit-learn name resolution, validation,
value semantics (pickle, equality, hash) and the jitted row dispatcher."""

import copy
import math
import pickle

import numpy as np
import pytest
from scipy import integrate
from scipy.interpolate import BSpline
from sklearn.base import BaseEstimator, clone
from sklearn.metrics.pairwise import (
    linear_kernel,
    polynomial_kernel,
    rbf_kernel,
    sigmoid_kernel,
)

from svmbook import kernels as kmod
from svmbook.kernels import (
    Kernel,
    additive,
    bspline,
    erbf,
    fourier,
    get_kernel,
    kernel_row,
    kernel_rows,
    linear,
    mlp,
    polynomial,
    rbf,
    rbf_columns,
    spline,
    tensor,
)

RTOL = 1e-12
ATOL = 1e-13


def _data(n=9, m=7, n_features=3, low=0.0, high=1.0, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(low, high, (n, n_features)), rng.uniform(low, high, (m, n_features))


# ---------------------------------------------------------------------------------------------
# Independent references (broadcasting and loops, written from the formulas in Gunn ch. 3).
# ---------------------------------------------------------------------------------------------


def _diff(X, Y):
    return X[:, None, :] - Y[None, :, :]


def ref_linear(X, Y):
    return np.einsum("if,jf->ij", X, Y)


def ref_poly(X, Y, degree, coef0, scale):
    return (scale * np.einsum("if,jf->ij", X, Y) + coef0) ** degree


def ref_rbf(X, Y, sigma):
    return np.exp(-(_diff(X, Y) ** 2).sum(-1) / (2 * sigma**2))


def ref_erbf(X, Y, sigma):
    return np.exp(-np.sqrt((_diff(X, Y) ** 2).sum(-1)) / (2 * sigma**2))


def ref_mlp(X, Y, scale, offset, divide=False):
    s = scale / X.shape[1] if divide else scale
    return np.tanh(s * np.einsum("if,jf->ij", X, Y) + offset)


def ref_fourier(X, Y, N):
    d = _diff(X, Y)
    with np.errstate(invalid="ignore", divide="ignore"):
        k = np.sin((N + 0.5) * d) / np.sin(d / 2)  # (3.9) as printed, intended precedence
    k = np.where(d == 0, 2 * N + 1, k)
    return k.prod(-1)


def ref_fourier_bug(X, Y, N):
    d = _diff(X, Y)
    with np.errstate(invalid="ignore", divide="ignore"):
        k = np.sin(N + 0.5) * d / np.sin(d / 2)
    k = np.where(d == 0, 2 * np.sin(N + 0.5), k)
    return k.prod(-1)


def _spline_inf_scalar(a, b, order):
    # sum_r a^r b^r + int_0^min(a, b) (a - t)^k (b - t)^k dt with exact polynomial integration
    poly = sum((a * b) ** r for r in range(order + 1))
    p = np.polynomial.Polynomial([a, -1.0]) ** order * np.polynomial.Polynomial([b, -1.0]) ** order
    P = p.integ()
    m = min(a, b)
    return poly + P(m) - P(0.0)


def ref_spline_infinite(X, Y, order):
    K = np.ones((len(X), len(Y)))
    for i in range(len(X)):
        for j in range(len(Y)):
            for f in range(X.shape[1]):
                K[i, j] *= _spline_inf_scalar(X[i, f], Y[j, f], order)
    return K


def ref_spline_finite(X, Y, order, knots):
    K = np.ones((len(X), len(Y)))
    for i in range(len(X)):
        for j in range(len(Y)):
            for f in range(X.shape[1]):
                a, b = X[i, f], Y[j, f]
                v = sum((a * b) ** r for r in range(order + 1))
                for t in knots:
                    if a > t and b > t:
                        v += ((a - t) * (b - t)) ** order
                K[i, j] *= v
    return K


def _bspline_element(N):
    return BSpline.basis_element(np.arange(-(N + 1), N + 2), extrapolate=False)


def ref_bspline(X, Y, N, normalised=True):
    b = _bspline_element(N)
    d = _diff(X, Y)
    v = np.nan_to_num(b(d.ravel())).reshape(d.shape)
    if not normalised:
        v = v * math.factorial(2 * N + 1)
    return v.prod(-1)


# ---------------------------------------------------------------------------------------------
# Gram matrices vs references
# ---------------------------------------------------------------------------------------------

CASES = [
    ("linear", linear(), ref_linear, (-1, 1)),
    ("poly2", polynomial(2), lambda X, Y: ref_poly(X, Y, 2, 1.0, 1.0), (-1, 1)),
    ("poly3h", polynomial(3, coef0=0.0), lambda X, Y: ref_poly(X, Y, 3, 0.0, 1.0), (-1, 1)),
    (
        "poly5s",
        polynomial(5, coef0=-0.3, scale=0.7),
        lambda X, Y: ref_poly(X, Y, 5, -0.3, 0.7),
        (-1, 1),
    ),
    ("rbf", rbf(sigma=0.7), lambda X, Y: ref_rbf(X, Y, 0.7), (-1, 1)),
    ("rbf_gamma", rbf(gamma=2.0), lambda X, Y: ref_rbf(X, Y, 0.5), (-1, 1)),
    ("erbf", erbf(0.6), lambda X, Y: ref_erbf(X, Y, 0.6), (-1, 1)),
    ("mlp", mlp(1.0, -1.0), lambda X, Y: ref_mlp(X, Y, 1.0, -1.0), (-1, 1)),
    (
        "mlp_dim",
        mlp(2.0, 0.5, divide_by_dim=True),
        lambda X, Y: ref_mlp(X, Y, 2.0, 0.5, True),
        (-1, 1),
    ),
    ("fourier1", fourier(1), lambda X, Y: ref_fourier(X, Y, 1), (-np.pi / 2, np.pi / 2)),
    ("fourier3", fourier(3), lambda X, Y: ref_fourier(X, Y, 3), (-np.pi / 2, np.pi / 2)),
    (
        "fourier_bug",
        fourier(3, toolbox_bug=True),
        lambda X, Y: ref_fourier_bug(X, Y, 3),
        (-np.pi / 2, np.pi / 2),
    ),
    ("spline0", spline(0), lambda X, Y: ref_spline_infinite(X, Y, 0), (0, 1)),
    ("spline1", spline(1), lambda X, Y: ref_spline_infinite(X, Y, 1), (0, 1)),
    ("spline3", spline(3), lambda X, Y: ref_spline_infinite(X, Y, 3), (0, 2)),
    (
        "spline_knots",
        spline(2, knots=[-0.5, 0.1, 0.4]),
        lambda X, Y: ref_spline_finite(X, Y, 2, [-0.5, 0.1, 0.4]),
        (-1, 1),
    ),
    (
        "spline_knots0",
        spline(0, knots=[0.25, 0.5]),
        lambda X, Y: ref_spline_finite(X, Y, 0, [0.25, 0.5]),
        (0, 1),
    ),
    ("bspline0", bspline(0), lambda X, Y: ref_bspline(X, Y, 0), (-1, 1)),
    ("bspline1", bspline(1), lambda X, Y: ref_bspline(X, Y, 1), (-1, 1)),
    ("bspline3", bspline(3), lambda X, Y: ref_bspline(X, Y, 3), (-1.5, 1.5)),
    (
        "bspline2_toolbox",
        bspline(2, normalised=False),
        lambda X, Y: ref_bspline(X, Y, 2, normalised=False),
        (-1, 1),
    ),
    (
        "additive",
        additive(rbf(sigma=0.7), linear(), polynomial(2)),
        lambda X, Y: ref_rbf(X, Y, 0.7) + ref_linear(X, Y) + ref_poly(X, Y, 2, 1.0, 1.0),
        (-1, 1),
    ),
    (
        "tensor_one",
        tensor(spline(1)),
        lambda X, Y: ref_spline_infinite(X, Y, 1),
        (0, 1),
    ),
    (
        "tensor_three",
        tensor(rbf(sigma=0.5), bspline(1), spline(1)),
        lambda X, Y: (
            ref_rbf(X[:, :1], Y[:, :1], 0.5)
            * ref_bspline(X[:, 1:2], Y[:, 1:2], 1)
            * ref_spline_infinite(X[:, 2:], Y[:, 2:], 1)
        ),
        (0, 1),
    ),
]
CASE_IDS = [c[0] for c in CASES]


@pytest.mark.parametrize(("name", "kernel", "ref", "domain"), CASES, ids=CASE_IDS)
def test_gram_matches_reference(name, kernel, ref, domain):
    X, Y = _data(low=domain[0], high=domain[1])
    K = kernel(X, Y)
    assert K.shape == (9, 7) and K.dtype == np.float64
    np.testing.assert_allclose(K, ref(X, Y), rtol=RTOL, atol=ATOL)
    # Y=None means Y=X; the result is exactly symmetric and agrees with K(X, X) passed twice
    KX = kernel(X)
    np.testing.assert_allclose(KX, ref(X, X), rtol=RTOL, atol=ATOL)
    np.testing.assert_array_equal(KX, KX.T)
    np.testing.assert_allclose(KX, kernel(X, X.copy()), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize(("name", "kernel", "ref", "domain"), CASES, ids=CASE_IDS)
def test_diag_matches_gram_diagonal(name, kernel, ref, domain):
    X, _ = _data(n=11, low=domain[0], high=domain[1], seed=1)
    np.testing.assert_allclose(kernel.diag(X), np.diag(ref(X, X)), rtol=RTOL, atol=ATOL)


def test_rbf_diagonal_is_exactly_one_far_from_the_origin():
    X = np.random.default_rng(0).random((6, 3)) + 1e4
    np.testing.assert_array_equal(np.diag(rbf(sigma=1e-3)(X)), np.ones(6))
    np.testing.assert_array_equal(rbf(sigma=1e-3).diag(X), np.ones(6))


def test_accepts_lists_ints_and_noncontiguous_input():
    X = np.arange(12, dtype=np.int64).reshape(3, 4)
    np.testing.assert_array_equal(linear()(X), X @ X.T)
    Xf = np.asfortranarray(np.random.default_rng(0).random((5, 3)))[:, ::2]
    np.testing.assert_allclose(rbf(sigma=1.0)(Xf), ref_rbf(Xf, Xf, 1.0), rtol=RTOL)
    np.testing.assert_allclose(linear()([[1.0, 2.0]], [[3.0, 4.0]]), [[11.0]])


# ---------------------------------------------------------------------------------------------
# Closed forms and identities of Gunn (1998), chapter 3
# ---------------------------------------------------------------------------------------------


def test_poly_feature_map_identity():
    # (<x, x'> + 1)^2 = <phi(x), phi(x')>, phi = (1, r2 x1, r2 x2, x1^2, x2^2, r2 x1 x2) (eq. 2.40)
    X, Y = _data(n_features=2, low=-2, high=2)
    r2 = math.sqrt(2.0)

    def phi(Z):
        x1, x2 = Z[:, 0], Z[:, 1]
        return np.column_stack([np.ones(len(Z)), r2 * x1, r2 * x2, x1**2, x2**2, r2 * x1 * x2])

    np.testing.assert_allclose(polynomial(2)(X, Y), phi(X) @ phi(Y).T, rtol=RTOL)


@pytest.mark.parametrize(("N", "value"), [(0, 1.0), (1, 3.0), (2, 5.0), (3, 7.0)])
def test_fourier_at_zero_is_2N_plus_1(N, value):
    x = np.array([[0.3], [-1.2]])
    np.testing.assert_allclose(np.diag(fourier(N)(x)), [value, value], rtol=0, atol=1e-13)
    # product over coordinates: (2N + 1)^n on the diagonal
    np.testing.assert_allclose(fourier(N).diag(np.zeros((1, 3))), [value**3], rtol=1e-14)


@pytest.mark.parametrize("N", [1, 3, 6])
def test_fourier_identity_and_feature_map(N):
    # sin((N + 1/2) d) / sin(d / 2) = 1 + 2 sum cos(k d) = <F(x), F(x')>,
    # F = {1, sqrt2 cos kx, sqrt2 sin kx}: an explicit (2N + 1)-dim feature map.
    rng = np.random.default_rng(0)
    x = rng.uniform(-np.pi / 2, np.pi / 2, (15, 1))
    d = x - x.T
    off = ~np.eye(15, dtype=bool)
    dirichlet = np.sin((N + 0.5) * d[off]) / np.sin(d[off] / 2)
    K = fourier(N)(x)
    np.testing.assert_allclose(K[off], dirichlet, rtol=1e-11, atol=1e-12)
    k = np.arange(1, N + 1)
    F = np.hstack([np.ones((15, 1)), math.sqrt(2) * np.cos(k * x), math.sqrt(2) * np.sin(k * x)])
    assert F.shape[1] == 2 * N + 1
    np.testing.assert_allclose(K, F @ F.T, rtol=1e-12, atol=1e-12)


def test_fourier_toolbox_bug_diagonal_and_not_psd():
    k = fourier(3, toolbox_bug=True)
    assert not k.psd
    np.testing.assert_allclose(k.diag(np.zeros((2, 1))), [-0.701566] * 2, atol=5e-7)
    np.testing.assert_allclose(k.diag(np.zeros((1, 1))), [2 * math.sin(3.5)], rtol=1e-15)
    # 40 equispaced points on [0, 1] (titanium inputs scaled to [0, 1]): min eigenvalue -28.27; 40
    # random points uniform on [0, 1] give -28.28 (seed 0). On [-pi/2, pi/2] (the kernel's domain)
    # 40 random points give -30.53.
    x = np.linspace(0.0, 1.0, 40).reshape(-1, 1)
    lam = np.linalg.eigvalsh(k(x))
    print("buggy Fourier N=3, 40 equispaced in [0,1]: min eig", lam.min())
    assert lam.min() == pytest.approx(-28.27, abs=0.05)
    x = np.random.default_rng(0).uniform(-np.pi / 2, np.pi / 2, (40, 1))
    lam_bug = np.linalg.eigvalsh(k(x)).min()
    lam_ok = np.linalg.eigvalsh(fourier(3)(x))
    print("N=3, 40 uniform in [-pi/2, pi/2]: buggy min eig", lam_bug, "correct", lam_ok.min())
    assert lam_bug < -1.0
    assert lam_ok.min() >= -1e-10 * lam_ok.max()


@pytest.mark.parametrize(
    ("x", "y", "value"),
    [(0.2, 0.7, 1.152667), (0.5, 0.5, 1.291667), (0.9, 0.1, 1.094333), (3.0, 11.5, 82.75)],
)
def test_spline_S1_infinity_values(x, y, value):
    K = spline(1)([[x]], [[y]])
    assert K[0, 0] == pytest.approx(value, abs=5e-7)
    # (3.12) as printed: 1 + x x' + x x' m / 2 - m^3 / 6
    m = min(x, y)
    assert K[0, 0] == pytest.approx(1 + x * y + x * y * m / 2 - m**3 / 6, rel=1e-14)


def test_spline_order1_is_closed_form_3_12():
    X, Y = _data(n_features=2, low=0, high=3)
    m = np.minimum(X[:, None, :], Y[None, :, :])
    xy = X[:, None, :] * Y[None, :, :]
    ref = (1 + xy + xy * m / 2 - m**3 / 6).prod(-1)
    np.testing.assert_allclose(spline(1)(X, Y), ref, rtol=RTOL)


@pytest.mark.parametrize("order", [1, 2, 3])
def test_spline_closed_form_matches_quadrature(order):
    # (3.11) with tau in place of tau_s: sum_r x^r x'^r + int_0^inf (x - t)_+^k (x' - t)_+^k dt
    pairs = [(0.2, 0.7), (0.5, 0.5), (0.9, 0.1), (0.0, 0.4), (1.3, 2.2)]
    k = spline(order)
    for x, y in pairs:
        integral, _ = integrate.quad(
            lambda t, x=x, y=y: max(x - t, 0.0) ** order * max(y - t, 0.0) ** order,
            0.0,
            max(x, y) + 1.0,
            points=[min(x, y)],
            epsabs=1e-14,
            epsrel=1e-13,
        )
        expected = sum((x * y) ** r for r in range(order + 1)) + integral
        assert k([[x]], [[y]])[0, 0] == pytest.approx(expected, rel=1e-11)


def test_spline_closed_form_not_psd_for_negative_inputs():
    # Why spline() refuses negative inputs: (3.12) evaluated on [-1, 1] is not PSD
    # (min eigenvalue about -0.004 on 30 points; the jitted core does not check).
    x = np.random.default_rng(0).uniform(-1, 1, (30, 1))
    lam = np.linalg.eigvalsh(kmod._gram(spline(1).kind, spline(1).theta, x, x))
    print("S1-infinity on 30 points in [-1, 1]: min eig", lam.min())
    assert lam.min() < -1e-4


@pytest.mark.parametrize("N", [0, 1, 2, 3])
def test_bspline_toolbox_equals_scaled_scipy_basis_element(N):
    d = np.linspace(-(N + 2), N + 2, 401).reshape(-1, 1)
    ref = math.factorial(2 * N + 1) * np.nan_to_num(_bspline_element(N)(d[:, 0]))
    got = bspline(N, normalised=False)(d, np.zeros((1, 1)))[:, 0]
    np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-12)
    # outside the support the value is exactly 0 (no alternating-sum residue)
    assert np.all(got[np.abs(d[:, 0]) >= N + 1] == 0.0)


@pytest.mark.parametrize(
    ("N", "normalised_value", "toolbox_value"),
    [(0, 1.0, 1.0), (1, 2 / 3, 4.0), (2, 0.55, 66.0), (3, 0.479365, 2416.0)],
)
def test_bspline_values_at_zero(N, normalised_value, toolbox_value):
    x = np.array([[0.25, -0.5]])
    assert bspline(N).diag(x[:, :1])[0] == pytest.approx(normalised_value, abs=5e-7)
    assert bspline(N, normalised=False).diag(x[:, :1])[0] == pytest.approx(toolbox_value, rel=1e-14)
    # product over two coordinates
    assert bspline(N, normalised=False)(x)[0, 0] == pytest.approx(toolbox_value**2, rel=1e-14)


# ---------------------------------------------------------------------------------------------
# Positive semidefiniteness
# ---------------------------------------------------------------------------------------------

PSD_CASES = [
    (linear(), (-1, 1)),
    (polynomial(3), (-1, 1)),
    (polynomial(2, coef0=0.0), (-1, 1)),
    (rbf(sigma=0.3), (-1, 1)),
    (erbf(0.5), (-1, 1)),
    (spline(1), (0, 1)),
    (spline(3), (0, 1)),
    (spline(2, knots=[0.2, 0.5, 0.8]), (-1, 1)),
    (bspline(1), (-1, 1)),
    (bspline(3), (-1, 1)),
    (fourier(3), (-np.pi / 2, np.pi / 2)),
    (additive(rbf(sigma=1.0), spline(1)), (0, 1)),
    (tensor(spline(1), bspline(1)), (0, 1)),
]


@pytest.mark.parametrize(("kernel", "domain"), PSD_CASES, ids=[repr(k) for k, _ in PSD_CASES])
def test_psd_on_random_data(kernel, domain):
    assert kernel.psd
    n_features = 2
    X = np.random.default_rng(0).uniform(domain[0], domain[1], (40, n_features))
    lam = np.linalg.eigvalsh(kernel(X))
    assert lam.min() >= -1e-10 * lam.max()


@pytest.mark.parametrize(
    ("scale", "offset", "low", "high"),
    [(1.0, -1.0, -25.0, -10.0), (1.0, 1.0, -0.5, -0.02)],
)
def test_mlp_not_psd(scale, offset, low, high):
    k = mlp(scale, offset)
    assert not k.psd and not k.implicit_bias
    X = np.random.default_rng(0).uniform(0, 1, (40, 2))
    lam = np.linalg.eigvalsh(k(X)).min()
    # seed 0 gives -18.48 for (1, -1) and -0.129 for (1, 1)
    print(f"mlp(scale={scale}, offset={offset}) on 40 points in [0,1]^2: min eig {lam:.6f}")
    assert low < lam < high


def test_flags():
    assert not linear().implicit_bias and linear().psd
    assert not mlp().implicit_bias and not mlp().psd
    for k in [polynomial(2), rbf(sigma=1.0), erbf(1.0), fourier(2), spline(1), bspline(1)]:
        assert k.implicit_bias and k.psd
    assert not polynomial(3, coef0=-1.0).psd
    assert additive(linear(), rbf(sigma=1.0)).implicit_bias
    assert not tensor(linear(), rbf(sigma=1.0)).implicit_bias
    assert not additive(rbf(sigma=1.0), mlp()).psd


# ---------------------------------------------------------------------------------------------
# scikit-learn names
# ---------------------------------------------------------------------------------------------


def test_get_kernel_matches_sklearn():
    X, Y = _data(n_features=4, low=-1, high=1)
    np.testing.assert_allclose(get_kernel("linear")(X, Y), linear_kernel(X, Y), rtol=RTOL)
    np.testing.assert_allclose(
        get_kernel("poly", degree=4, gamma=0.7, coef0=0.3)(X, Y),
        polynomial_kernel(X, Y, degree=4, gamma=0.7, coef0=0.3),
        rtol=RTOL,
    )
    np.testing.assert_allclose(
        get_kernel("poly")(X, Y), polynomial_kernel(X, Y, degree=3, gamma=1.0, coef0=0.0), rtol=RTOL
    )
    np.testing.assert_allclose(
        get_kernel("rbf", gamma=0.8)(X, Y), rbf_kernel(X, Y, gamma=0.8), rtol=RTOL
    )
    np.testing.assert_allclose(
        get_kernel("sigmoid", gamma=0.5, coef0=-0.2)(X, Y),
        sigmoid_kernel(X, Y, gamma=0.5, coef0=-0.2),
        rtol=RTOL,
    )
    assert get_kernel("poly", degree=4, gamma=0.7, coef0=0.3) == polynomial(4, coef0=0.3, scale=0.7)
    assert get_kernel("sigmoid", gamma=0.5, coef0=-0.2) == mlp(scale=0.5, offset=-0.2)
    assert get_kernel("rbf", gamma=0.5) == rbf(sigma=1.0)


def test_get_kernel_catalogue_names_and_passthrough():
    assert get_kernel("rbf", sigma=2.0) == rbf(sigma=2.0)
    assert get_kernel("erbf", sigma=0.3) == erbf(0.3)
    assert get_kernel("mlp", scale=2.0, offset=1.0, divide_by_dim=True) == mlp(2.0, 1.0, True)
    assert get_kernel("fourier", order=3) == fourier(3)
    assert get_kernel("spline") == spline(1)
    assert get_kernel("spline", order=2, knots=[0.5]) == spline(2, knots=(0.5,))
    assert get_kernel("bspline", order=1, normalised=False) == bspline(1, normalised=False)
    k = tensor(spline(1))
    assert get_kernel(k) is k


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------

BAD = [
    (lambda: rbf(sigma=0.0), ValueError, "sigma"),
    (lambda: rbf(sigma=-1.0), ValueError, "sigma"),
    (lambda: rbf(sigma=float("nan")), ValueError, "sigma"),
    (lambda: rbf(gamma=0.0), ValueError, "gamma"),
    (lambda: rbf(gamma=np.inf), ValueError, "gamma"),
    (lambda: rbf(), ValueError, "sigma or gamma"),
    (lambda: rbf(sigma=1.0, gamma=0.5), ValueError, "sigma or gamma"),
    (lambda: rbf(sigma="1"), TypeError, "sigma"),
    (lambda: erbf(0.0), ValueError, "sigma"),
    (lambda: erbf(None), TypeError, "sigma"),
    (lambda: polynomial(0), ValueError, "degree"),
    (lambda: polynomial(-2), ValueError, "degree"),
    (lambda: polynomial(2.5), ValueError, "degree"),
    (lambda: polynomial(float("nan")), ValueError, "degree"),
    (lambda: polynomial("2"), TypeError, "degree"),
    (lambda: polynomial(True), TypeError, "degree"),
    (lambda: polynomial(2, coef0=float("nan")), ValueError, "coef0"),
    (lambda: polynomial(2, scale=np.inf), ValueError, "scale"),
    (lambda: mlp(scale="a"), TypeError, "scale"),
    (lambda: mlp(offset=np.nan), ValueError, "offset"),
    (lambda: mlp(divide_by_dim=1), TypeError, "divide_by_dim"),
    (lambda: fourier(-1), ValueError, "order"),
    (lambda: fourier(1.5), ValueError, "order"),
    (lambda: fourier(3, toolbox_bug="yes"), TypeError, "toolbox_bug"),
    (lambda: spline(-1), ValueError, "order"),
    (lambda: spline(1, knots=[[0.1, 0.2]]), ValueError, "knots"),
    (lambda: spline(1, knots=[0.1, np.nan]), ValueError, "knots"),
    (lambda: spline(1, knots=["a"]), TypeError, "knots"),
    (lambda: bspline(-1), ValueError, "order"),
    (lambda: bspline(1, normalised=1), TypeError, "normalised"),
    (lambda: additive(), ValueError, "additive"),
    (lambda: additive(linear(), "rbf"), TypeError, "additive"),
    (lambda: tensor(), ValueError, "tensor"),
    (lambda: get_kernel("gaussian"), ValueError, "valid names"),
    (lambda: get_kernel("polynomial"), ValueError, "valid names"),
    (lambda: get_kernel("precomputed"), ValueError, "precomputed"),
    (lambda: get_kernel(np.dot), ValueError, "callables"),
    (lambda: get_kernel(3), TypeError, "kernel"),
    (lambda: get_kernel("linear", sigma=1.0), TypeError, "parameters"),
    (lambda: get_kernel("rbf", sigma=1.0, gamma=2.0), ValueError, "not both"),
    (lambda: get_kernel("fourier"), TypeError, "order"),
    # data
    (lambda: rbf(sigma=1.0)(np.ones(3)), ValueError, "2-D"),
    (lambda: rbf(sigma=1.0)(np.ones((3, 2)), np.ones(2)), ValueError, "Y must be a 2-D"),
    (lambda: linear()(np.ones((3, 2)), np.ones((2, 3))), ValueError, "features"),
    (lambda: linear()([[1.0, np.nan]]), ValueError, "NaN"),
    (lambda: linear()([["a", "b"]]), TypeError, "numeric"),
    (lambda: linear().diag(np.ones(3)), ValueError, "2-D"),
    (lambda: spline(1)([[0.5], [-0.1]]), ValueError, "spline kernel needs inputs >= 0"),
    (lambda: spline(1).diag([[-0.1]]), ValueError, "spline kernel needs inputs >= 0"),
    (lambda: spline(1)([[0.5]], [[-0.1]]), ValueError, "spline kernel needs inputs >= 0"),
    (lambda: tensor(spline(1))([[0.5, -0.1]]), ValueError, "spline kernel needs inputs >= 0"),
    (lambda: additive(spline(2))([[-0.1]]), ValueError, "spline kernel needs inputs >= 0"),
    (lambda: tensor(linear(), linear())(np.ones((2, 3))), ValueError, "tensor kernel has 2"),
]


@pytest.mark.parametrize(("make", "error", "match"), BAD)
def test_bad_input_raises(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_finite_spline_accepts_negative_inputs():
    X = np.array([[-0.5], [0.3]])
    np.testing.assert_allclose(
        spline(1, knots=[0.0])(X), ref_spline_finite(X, X, 1, [0.0]), rtol=RTOL
    )


# ---------------------------------------------------------------------------------------------
# Value semantics
# ---------------------------------------------------------------------------------------------

ALL_KERNELS = [c[1] for c in CASES]


@pytest.mark.parametrize("kernel", ALL_KERNELS, ids=CASE_IDS)
def test_pickle_copy_equality_hash(kernel):
    for other in (pickle.loads(pickle.dumps(kernel)), copy.deepcopy(kernel)):
        assert other == kernel and hash(other) == hash(kernel)
        assert repr(other) == repr(kernel)
        X, _ = _data(n=4, low=0, high=1)
        np.testing.assert_array_equal(other(X), kernel(X))


def test_equality_and_repr():
    assert rbf(sigma=1.0) == rbf(sigma=1.0) == rbf(gamma=0.5)
    assert rbf(sigma=1.0) != rbf(sigma=2.0)
    assert rbf(sigma=1.0) != erbf(1.0)
    assert polynomial(2) == polynomial(2.0)
    assert spline(1, knots=[0.5]) == spline(1, knots=(0.5,)) != spline(1)
    assert len({rbf(sigma=1.0), rbf(gamma=0.5), linear(), linear()}) == 2
    assert repr(rbf(sigma=1.0)) == "rbf(sigma=1.0)"
    assert repr(rbf(gamma=2.0)) == "rbf(gamma=2.0)"
    assert repr(polynomial(3)) == "polynomial(degree=3, coef0=1.0, scale=1.0)"
    assert repr(spline(1, knots=[0.5])) == "spline(order=1, knots=(0.5,))"
    assert repr(additive(linear(), erbf(2.0))) == "additive(linear(), erbf(sigma=2.0))"
    # the repr rebuilds the kernel
    for k in ALL_KERNELS:
        assert eval(repr(k), vars(kmod)) == k


def test_params_and_theta():
    k = rbf(sigma=2.0)
    assert k.params == {"sigma": 2.0, "gamma": 0.125}
    assert k.name == "rbf" and k.kind >= 0
    np.testing.assert_array_equal(k.theta, [0.125])
    k.params["sigma"] = 5.0  # a copy: the kernel is unchanged
    t = k.theta
    t[0] = 9.0
    assert k.params["sigma"] == 2.0 and k.theta[0] == 0.125
    with pytest.raises(AttributeError):
        k.name = "linear"
    assert additive(linear()).kind == -1 and tensor(linear()).kind == -1
    assert additive(linear()).params == {"kernels": (linear(),)}


def test_sklearn_clone_of_estimator_holding_a_kernel():
    class Holder(BaseEstimator):
        def __init__(self, kernel=None):
            self.kernel = kernel

    h = Holder(kernel=tensor(bspline(1), spline(2)))
    h2 = clone(h)
    assert h2.kernel == h.kernel


# ---------------------------------------------------------------------------------------------
# Jitted row dispatcher
# ---------------------------------------------------------------------------------------------

DISPATCHABLE = [c for c in CASES if c[1].kind >= 0]


@pytest.mark.parametrize(
    ("name", "kernel", "ref", "domain"), DISPATCHABLE, ids=[c[0] for c in DISPATCHABLE]
)
def test_kernel_row_and_rows_equal_gram(name, kernel, ref, domain):
    X, Y = _data(n=8, m=13, n_features=3, low=domain[0], high=domain[1], seed=2)
    X = kernel.check_input(X)
    Y = kernel.check_input(Y)
    K = kernel(X, Y)
    theta = kernel.theta
    out = np.empty(Y.shape[0])
    for i in range(X.shape[0]):
        row = kernel_row(kernel.kind, theta, X, i, Y, out)
        np.testing.assert_allclose(row, K[i], rtol=RTOL, atol=ATOL)
    rows = np.array([5, 0, 5, 7], dtype=np.int64)
    out2 = np.empty((4, Y.shape[0]))
    kernel_rows(kernel.kind, theta, X, rows, Y, out2)
    np.testing.assert_allclose(out2, K[rows], rtol=RTOL, atol=ATOL)
    # symmetric use, as in a solver: rows of K(X, X)
    KX = kernel(X)
    out3 = np.empty((2, X.shape[0]))
    kernel_rows(kernel.kind, theta, X, np.array([1, 3], dtype=np.int64), X, out3)
    np.testing.assert_allclose(out3, KX[[1, 3]], rtol=RTOL, atol=ATOL)


def test_kind_codes_are_distinct():
    names = {k.kind: k.name for k in ALL_KERNELS if k.kind >= 0}
    # linear, polynomial, rbf, erbf, mlp, fourier, infinite and finite spline, bspline
    assert sorted(names) == list(range(9))
    assert all(type(k.kind) is int for k in ALL_KERNELS)
    assert isinstance(linear(), Kernel)


def test_rbf_columns_per_centre_widths():
    """Per-centre widths: each column is the Gaussian of its own gamma; equal ones give rbf."""
    rng = np.random.default_rng(0)
    X, C = rng.normal(size=(30, 3)), rng.normal(size=(4, 3))
    gamma = np.array([0.1, 0.5, 1.0, 2.0])
    K = rbf_columns(X, C, gamma)
    d2 = ((X[:, None, :] - C[None, :, :]) ** 2).sum(-1)
    np.testing.assert_allclose(K, np.exp(-gamma * d2), rtol=1e-12)
    np.testing.assert_allclose(rbf_columns(X, C, 0.5), rbf(gamma=0.5)(X, C), rtol=1e-12)
    with pytest.raises(ValueError, match="gamma"):
        rbf_columns(X, C, [1.0, 0.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="centres"):
        rbf_columns(X, C[:, :2], 1.0)


# ---------------------------------------------------------------------------------------------
# The Gaussian far from the origin: |x|^2 + |y|^2 - 2 <x, y> cancels, the centred path does not
# ---------------------------------------------------------------------------------------------


def _dyadic(shape, seed):
    """Points on a grid of 2^-20 in (-4, 4): shifted by 1e7 they are still exact doubles."""
    rng = np.random.default_rng(seed)
    return np.round(rng.normal(size=shape) * 2.0**20) / 2.0**20


SHIFT = np.array([1e7, -2e7, 5e6])


def test_rbf_far_from_the_origin_equals_the_unshifted_kernel():
    """Shift both sets by 1e7: the Gram matrices, rows and columns are those of the unshifted."""
    X, Y = _dyadic((20, 3), 0), _dyadic((15, 3), 1)
    Xs, Ys = X + SHIFT, Y + SHIFT
    assert np.array_equal(Xs - SHIFT, X) and np.array_equal(Ys - SHIFT, Y)  # exact shifts
    k = rbf(gamma=0.5)
    np.testing.assert_allclose(k(Xs, Ys), k(X, Y), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(k(Xs), k(X), rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(np.diag(k(Xs)), np.ones(20))
    rows = np.array([3, 0, 19], dtype=np.int64)
    out = np.empty((3, 15))
    kernel_rows(k.kind, k.theta, Xs, rows, Ys, out)
    np.testing.assert_allclose(out, k(X, Y)[rows], rtol=1e-12, atol=1e-15)
    gamma = np.linspace(0.1, 2.0, 15)
    np.testing.assert_allclose(rbf_columns(Xs, Ys, gamma), rbf_columns(X, Y, gamma),
                               rtol=1e-12, atol=1e-15)  # fmt: skip


def test_rbf_near_the_origin_keeps_the_expansion_on_the_data():
    """Centre only where the expansion would cancel: data near the origin are used as given."""
    X = _dyadic((10, 3), 2)
    gamma = 0.5
    # below the limit the points come back as given (no copy); far away they are centred
    for Z, centred in ((X, False), (X + SHIFT, True)):
        Zc, _, z_sq, _ = kmod._rbf_centred(gamma, Z, Z)
        assert np.shares_memory(Zc, Z) is not centred
        np.testing.assert_allclose(z_sq, (Zc**2).sum(axis=1), rtol=1e-14)
    assert gamma * 2 * (X**2).sum(axis=1).max() <= kmod.RBF_CENTRING_LIMIT
    d2 = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
    np.testing.assert_allclose(rbf(gamma=gamma)(X), np.exp(-gamma * d2), rtol=1e-13)
