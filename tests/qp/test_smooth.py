"""Oracles of the squared-slack QPs (RSVM review eqs. 4/5, 20) and the SSVM's limit beta -> inf."""

import numpy as np
import pytest

from svmbook.qp.smooth import squared_eps_svr, squared_hinge_svm
from svmbook.solvers.newton import newton_armijo, smooth_problem

RNG = np.random.default_rng(1)
X = RNG.normal(size=(80, 2))
Y = np.sign(X[:, 0] * X[:, 1] + 0.2 * RNG.normal(size=80))
T = np.sinc(X[:, 0]) + 0.1 * RNG.normal(size=80)
K = np.exp(-((X[:, None, :] - X[None, :15, :]) ** 2).sum(-1))


def v_of(result):
    return np.append(result.coef, result.intercept)


def test_squared_hinge_kkt():
    """The oracle is certified and its v is stationary for (5): v = C E' D (1 - D E v)_+."""
    qp = squared_hinge_svm(K, Y, 10.0)
    assert qp.status == 0
    f = K @ qp.coef + qp.intercept
    slack = np.maximum(1.0 - Y * f, 0.0)
    np.testing.assert_allclose(qp.coef, 10.0 * K.T @ (Y * slack), atol=1e-7)
    assert qp.intercept == pytest.approx(10.0 * np.sum(Y * slack), abs=1e-7)
    np.testing.assert_allclose(qp.alpha, 10.0 * slack, atol=1e-7)  # xi = a / C


def test_ssvm_tends_to_the_qp_as_beta_grows():
    """SSVM (7) -> QP (4): the error falls with beta and is below 1e-3 relative at 1e3-1e4."""
    qp = squared_hinge_svm(K, Y, 10.0)
    errors = []
    for beta in (1.0, 10.0, 100.0, 1e3, 1e4, np.inf):
        res = newton_armijo(K, Y, smooth_problem(C=10.0, beta=beta), tol=1e-12)
        errors.append(np.linalg.norm(v_of(res) - v_of(qp)) / np.linalg.norm(v_of(qp)))
        # p >= x_+ makes the smooth objective an upper bound of (5) everywhere
        assert res.objective >= qp.objective - 1e-8 * qp.objective
    assert np.all(np.diff(errors[:4]) < 0)
    assert max(errors[3:]) < 1e-3 and errors[-1] < 1e-8


def test_ssvr_tends_to_the_squared_eps_qp():
    """epsilon-SSVR (22)/(23) -> the squared epsilon-insensitive QP as beta grows."""
    qp = squared_eps_svr(K, T, 10.0, 0.1)
    assert qp.status == 0
    errors = []
    for beta in (10.0, 100.0, 1e3, 1e4, np.inf):
        res = newton_armijo(K, T, smooth_problem("regression", C=10.0, beta=beta, epsilon=0.1),
                            tol=1e-12)  # fmt: skip
        errors.append(np.linalg.norm(v_of(res) - v_of(qp)) / np.linalg.norm(v_of(qp)))
    assert np.all(np.diff(errors[:4]) < 0)
    assert errors[3] < 1e-3 and errors[-1] < 1e-8


def test_squared_eps_svr_kkt():
    """Stationarity of the squared tube loss: v = C E' [(y - f - eps)_+ - (f - y - eps)_+]."""
    qp = squared_eps_svr(K, T, 5.0, 0.2)
    r = K @ qp.coef + qp.intercept - T
    pull = np.maximum(-r - 0.2, 0.0) - np.maximum(r - 0.2, 0.0)
    np.testing.assert_allclose(qp.coef, 5.0 * K.T @ pull, atol=1e-7)
    assert qp.intercept == pytest.approx(5.0 * pull.sum(), abs=1e-7)


def test_bad_input():
    """Parameters are named in the errors."""
    with pytest.raises(ValueError, match="C must be > 0"):
        squared_hinge_svm(K, Y, 0.0)
    with pytest.raises(ValueError, match="-1 and \\+1"):
        squared_hinge_svm(K, T, 1.0)
    with pytest.raises(ValueError, match="K must have shape"):
        squared_hinge_svm(K[:5], Y, 1.0)
    with pytest.raises(ValueError, match="epsilon"):
        squared_eps_svr(K, T, 1.0, -1.0)
