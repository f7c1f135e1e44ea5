"""Fixtures of the input-margin tests: the explicit feature map of the degree-2 polynomial
kernel (Akaho 2002, section 2, ``psi = grad phi``) and the Gaussian mixtures of section 4."""

import numpy as np
import pytest

from svmbook.kernels import polynomial

SQ2 = np.sqrt(2.0)


def phi(x):
    """Feature map of ``(1 + x'y)^2`` on R^2: ``phi(x) . phi(y) = k(x, y)``."""
    x1, x2 = x
    return np.array([1.0, SQ2 * x1, SQ2 * x2, x1 * x1, x2 * x2, SQ2 * x1 * x2])


def psi(x):
    """Jacobian of :func:`phi` (6 x 2): its columns are ``psi_k = d phi / d x_k``."""
    x1, x2 = x
    return np.array([
        [0.0, 0.0], [SQ2, 0.0], [0.0, SQ2], [2 * x1, 0.0], [0.0, 2 * x2], [SQ2 * x2, SQ2 * x1],
    ])  # fmt: skip


@pytest.fixture
def poly2():
    """The kernel whose feature map is :func:`phi`."""
    return polynomial(2, coef0=1.0, scale=1.0)


def mixture(seed, n_per_class=10):
    """Akaho's section 4 data: per class 3 centres uniform in [0, 1)^2, sigma = 0.2."""
    rng = np.random.default_rng(seed)
    centres = rng.random((2, 3, 2))
    X = np.vstack([c[rng.integers(0, 3, n_per_class)] + 0.2 * rng.normal(size=(n_per_class, 2))
                   for c in centres])  # fmt: skip
    return X, np.r_[np.ones(n_per_class), -np.ones(n_per_class)]
