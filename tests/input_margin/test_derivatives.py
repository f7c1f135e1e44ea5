"""Tests of svmbook.input_margin.derivatives: finite differences, the closed Gaussian forms, the
explicit degree-2 feature map (Akaho 2002, section 2), symmetry, and bad input."""

import numpy as np
import pytest

from svmbook.input_margin import (
    differentiable_kernel,
    kernel_cross_hessian,
    kernel_gradient,
    kernel_tensors,
)
from svmbook.kernels import erbf, linear, polynomial, rbf

from .conftest import phi, psi

KERNELS = [
    rbf(sigma=0.7),
    rbf(gamma=2.0),
    polynomial(1),
    polynomial(2, coef0=1.0),
    polynomial(3, coef0=0.5, scale=1.3),
    polynomial(4, coef0=0.0),
    linear(),
]


@pytest.fixture
def points():
    rng = np.random.default_rng(0)
    return rng.normal(size=(4, 3)), rng.normal(size=(5, 3))


@pytest.mark.parametrize("kernel", KERNELS, ids=repr)
def test_gradient_and_cross_hessian_match_finite_differences(kernel, points):
    X, Y = points
    K, Kx, Kxy = kernel_tensors(kernel, X, Y)
    np.testing.assert_array_equal(K, kernel(X, Y))
    h = 1e-6
    for a in range(X.shape[1]):
        e = np.zeros(X.shape[1])
        e[a] = h
        fd = (kernel(X + e, Y) - kernel(X - e, Y)) / (2 * h)
        scale = max(1.0, np.abs(Kx).max())
        np.testing.assert_allclose(Kx[:, :, a], fd, atol=1e-7 * scale)
        # K_xy = d k_x / d y^T: column a is the derivative in y_a
        fd2 = (kernel_gradient(kernel, X, Y + e) - kernel_gradient(kernel, X, Y - e)) / (2 * h)
        np.testing.assert_allclose(Kxy[:, :, :, a], fd2, atol=1e-7 * max(1.0, np.abs(Kxy).max()))
    np.testing.assert_array_equal(kernel_gradient(kernel, X, Y), Kx)
    np.testing.assert_array_equal(kernel_cross_hessian(kernel, X, Y), Kxy)


@pytest.mark.parametrize("sigma", [0.3, 1.0, 2.5])
def test_gaussian_closed_forms_in_sigma(sigma, points):
    X, Y = points
    K, Kx, Kxy = kernel_tensors(rbf(sigma=sigma), X, Y)
    u = X[:, None, :] - Y[None, :, :]
    np.testing.assert_allclose(Kx, -u / sigma**2 * K[:, :, None], rtol=1e-12, atol=1e-300)
    eye = np.eye(X.shape[1])
    expected = K[:, :, None, None] * (
        eye / sigma**2 - u[:, :, :, None] * u[:, :, None, :] / sigma**4
    )
    np.testing.assert_allclose(Kxy, expected, rtol=1e-12, atol=1e-15)


def test_degree_two_feature_map(poly2):
    # Akaho (2002), section 2: phi . phi = k, psi(x) . phi(y) = k_x, psi(x) . psi(y)^T = K_xy
    rng = np.random.default_rng(1)
    X, Y = rng.normal(size=(3, 2)), rng.normal(size=(4, 2))
    K, Kx, Kxy = kernel_tensors(poly2, X, Y)
    for i, x in enumerate(X):
        for j, y in enumerate(Y):
            np.testing.assert_allclose(K[i, j], phi(x) @ phi(y), rtol=1e-13)
            np.testing.assert_allclose(Kx[i, j], psi(x).T @ phi(y), rtol=1e-13, atol=1e-13)
            np.testing.assert_allclose(Kxy[i, j], psi(x).T @ psi(y), rtol=1e-13, atol=1e-13)
            np.testing.assert_allclose(
                Kxy[i, j], 2 * (1 + x @ y) * np.eye(2) + 2 * np.outer(y, x), rtol=1e-13
            )


@pytest.mark.parametrize("kernel", KERNELS, ids=repr)
def test_cross_hessian_transposes_with_its_arguments(kernel, points):
    X, Y = points
    swapped = kernel_cross_hessian(kernel, Y, X)
    np.testing.assert_allclose(
        swapped, kernel_cross_hessian(kernel, X, Y).transpose(1, 0, 3, 2), rtol=1e-12, atol=1e-14
    )


def test_linear_derivatives():
    X = np.array([[1.0, 2.0], [3.0, -1.0]])
    Y = np.array([[0.5, 0.25]])
    np.testing.assert_array_equal(kernel_gradient(linear(), X, Y)[:, 0], np.tile(Y, (2, 1)))
    np.testing.assert_array_equal(kernel_cross_hessian(linear(), X, Y)[1, 0], np.eye(2))


def test_names_resolve_and_other_kernels_are_refused():
    assert differentiable_kernel("rbf") == rbf(gamma=1.0)
    assert differentiable_kernel("linear") == linear()
    with pytest.raises(ValueError, match="kernel must be one of"):
        differentiable_kernel(erbf(1.0))
    with pytest.raises(TypeError, match="kernel"):
        differentiable_kernel(3)


def test_bad_points():
    with pytest.raises(ValueError, match="same number of features"):
        kernel_gradient(linear(), np.ones((2, 2)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="X"):
        kernel_tensors(linear(), np.ones(3))
