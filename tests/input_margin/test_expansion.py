"""Tests of svmbook.input_margin.expansion: the discriminant (2), its gradient and Hessian, and
omega . omega against the explicit degree-2 feature map (Akaho 2002, section 3.3)."""

import numpy as np
import pytest

from svmbook.input_margin import KernelExpansion
from svmbook.kernels import rbf

from .conftest import phi, psi


@pytest.fixture
def expansion(poly2):
    rng = np.random.default_rng(2)
    return KernelExpansion.build(poly2, rng.normal(size=(5, 2)), rng.normal(size=5),
                                 rng.normal(size=(5, 2)), 0.3)  # fmt: skip


def omega_of(e):
    return sum(a * phi(c) + psi(c) @ b for c, a, b in zip(e.centres, e.a, e.b, strict=True))


def test_value_gradient_and_norm_against_the_feature_map(expansion):
    X = np.random.default_rng(3).normal(size=(4, 2))
    omega = omega_of(expansion)
    values, gradients = expansion.value_and_gradient(X)
    np.testing.assert_allclose(values, [omega @ phi(x) + 0.3 for x in X], rtol=1e-12)
    np.testing.assert_allclose(gradients, [psi(x).T @ omega for x in X], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(expansion.decision_function(X), values, rtol=1e-13)
    np.testing.assert_allclose(expansion.norm2(), omega @ omega, rtol=1e-12)


@pytest.mark.parametrize("with_b", [False, True])
def test_gradient_and_hessian_by_differences(with_b):
    rng = np.random.default_rng(4)
    b = rng.normal(size=(6, 3)) if with_b else None
    e = KernelExpansion.build(rbf(sigma=0.8), rng.normal(size=(6, 3)), rng.normal(size=6), b, -0.1)
    X = rng.normal(size=(3, 3))
    h = 1e-6
    grad = e.value_and_gradient(X)[1]
    H = e.hessian(X)
    for a in range(3):
        step = np.zeros(3)
        step[a] = h
        fd = (e.decision_function(X + step) - e.decision_function(X - step)) / (2 * h)
        np.testing.assert_allclose(grad[:, a], fd, atol=1e-8)
    # the Hessian of an expansion without b-terms in closed form: sum_j a_j d^2 k(x, c_j)
    if not with_b:
        gamma = 1 / (2 * 0.8**2)
        for i, x in enumerate(X):
            u = x - e.centres
            k = np.exp(-gamma * np.sum(u * u, axis=1))
            exact = sum(a * kj * (4 * gamma**2 * np.outer(uj, uj) - 2 * gamma * np.eye(3))
                        for a, kj, uj in zip(e.a, k, u, strict=True))  # fmt: skip
            np.testing.assert_allclose(H[i], exact, atol=1e-8)
    np.testing.assert_allclose(H, H.transpose(0, 2, 1))


def test_build_validates():
    with pytest.raises(ValueError, match="a must have shape"):
        KernelExpansion.build("linear", np.ones((3, 2)), np.ones(2))
    with pytest.raises(ValueError, match="b must have shape"):
        KernelExpansion.build("linear", np.ones((3, 2)), np.ones(3), np.ones((3, 3)))
    with pytest.raises(ValueError, match="kernel"):
        KernelExpansion.build("sigmoid", np.ones((3, 2)), np.ones(3))
