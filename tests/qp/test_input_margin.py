"""Tests of svmbook.qp.input_margin: Akaho's dual (8)-(9) is the SVM dual (2.35)-(2.36) when
z_i = y_i phi(x_i) and g = 1 (Akaho 2002, section 3.2), the soft margin (21) tends to the hard
one, the bias (11) and bad input."""

import numpy as np
import pytest

from svmbook.kernels import rbf
from svmbook.qp import svc_dual
from svmbook.qp.input_margin import input_margin_dual


@pytest.fixture
def problem():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(size=(8, 2)) + 1.0, rng.normal(size=(8, 2)) - 1.0])
    y = np.r_[np.ones(8), -np.ones(8)]
    return rbf(sigma=1.0)(X), y


@pytest.mark.parametrize("C", [np.inf, 1.0])
def test_svm_special_case(problem, C):
    # oracle 7: x_hat = x, eta_hat = 0, g_hat = 1 gives the SVM's alpha and f_0
    K, y = problem
    svm = svc_dual(K, y, C)
    res = input_margin_dual(np.outer(y, y) * K, np.ones_like(y), y, C)
    assert res.status == 0
    scale = max(1.0, svm.alpha.max())
    np.testing.assert_allclose(res.alpha, svm.alpha, atol=1e-6 * scale)
    assert res.b == pytest.approx(svm.b, abs=1e-6 * max(1.0, abs(svm.b)))
    np.testing.assert_array_equal(res.support, svm.support)


def test_soft_margin_tends_to_the_hard_one(problem):
    # oracle 16: above the largest hard-margin multiplier the box is inactive; alpha in [0, C]
    K, y = problem
    Q = np.outer(y, y) * K
    g = np.linspace(0.5, 1.5, y.size)
    hard = input_margin_dual(Q, g, y)
    soft = input_margin_dual(Q, g, y, 2.0 * hard.alpha.max())
    np.testing.assert_allclose(soft.alpha, hard.alpha, atol=1e-6 * hard.alpha.max())
    small = input_margin_dual(Q, g, y, 0.5)
    assert np.all((small.alpha >= 0) & (small.alpha <= 0.5))
    # (11): every free multiplier gives the same bias
    est = y * (g - Q @ small.alpha)
    np.testing.assert_allclose(est[small.free], small.b, atol=1e-7)


def test_bad_input(problem):
    K, y = problem
    Q = np.outer(y, y) * K
    with pytest.raises(ValueError, match="g must be finite and > 0"):
        input_margin_dual(Q, np.zeros_like(y), y)
    with pytest.raises(ValueError, match="g must have shape"):
        input_margin_dual(Q, np.ones(3), y)
    with pytest.raises(ValueError, match="C must be > 0"):
        input_margin_dual(Q, np.ones_like(y), y, -1.0)
    with pytest.raises(ValueError, match="y must contain only"):
        input_margin_dual(Q, np.ones_like(y), 2 * y)
