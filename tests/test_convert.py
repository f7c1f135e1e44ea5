"""C <-> mu <-> lambda conversions (svmbook.convert), Goodrich (2012) section 2.5.1.

Oracles: the C-SVM dual (svmbook.qp.svc_dual) and the mu-SVM dual (svmbook.qp.mu_svm_dual) solved
independently give the same classifier in both directions (section 2.5.1); the nearest-centroid
classifier at mu = 2/n (section 4.2.4); K = I (the Gaussian limit, section 4.2.5); the regularised
objective
(2.10) at lambda vs the C-SVM at C = 1/(2 lambda n). RBF kernels make alpha unique; cvxopt after
polishing holds unique quantities to ~1e-7 (tolerance 1e-6 on the decision values).
"""

import numpy as np
import pytest

from svmbook.convert import (
    c_solution_to_mu,
    c_to_lambda,
    c_to_mu,
    lambda_to_c,
    mu_solution_to_c,
    mu_to_c,
)
from svmbook.kernels import get_kernel
from svmbook.qp import mu_svm_dual, svc_dual
from svmbook.thresholds import b_geom

TOL = 1e-6


def data(n_pos=15, n_neg=15, seed=0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0.8, 1.0, (n_pos, 2)), rng.normal(-0.8, 1.0, (n_neg, 2))])
    return X, np.r_[np.ones(n_pos), -np.ones(n_neg)]


@pytest.mark.parametrize("C", [0.3, 3.0])
def test_c_to_mu_and_back(C):
    X, y = data()
    K = get_kernel("rbf", gamma=0.5)(X, X)
    c_res = svc_dual(K, y, C)
    mu = c_to_mu(c_res.alpha, C)
    sol = c_solution_to_mu(c_res.alpha, c_res.b, C)
    assert sol.mu == mu
    res = mu_svm_dual(K, y, mu)
    np.testing.assert_allclose(res.alpha, sol.alpha, atol=1e-7)
    np.testing.assert_allclose(K @ res.coef, K @ (sol.alpha * y), atol=1e-7)
    if res.b_interval[0] == res.b_interval[1] and c_res.free.size:
        assert res.b == pytest.approx(sol.b, abs=TOL)
        assert res.rho == pytest.approx(sol.rho, abs=TOL)
    back = mu_solution_to_c(sol.alpha, sol.b, sol.rho, sol.mu)
    assert back.C == pytest.approx(C, rel=1e-12)
    np.testing.assert_allclose(back.alpha, c_res.alpha, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("mu", [0.09, 0.23])
def test_mu_to_c_reproduces_the_mu_svm(mu):
    X, y = data(seed=1)
    K = get_kernel("rbf", gamma=0.5)(X, X)
    res = mu_svm_dual(K, y, mu)
    assert res.rho_interval[0] == pytest.approx(res.rho_interval[1])  # pinned: free SVs
    C = mu_to_c(mu, res.rho)
    assert C == pytest.approx(mu_to_c(mu, res.rho / 2, scale="primal"), rel=1e-15)
    c_res = svc_dual(K, y, C)
    sol = mu_solution_to_c(res.alpha, res.b, res.rho, mu)
    assert sol.C == C
    np.testing.assert_allclose(c_res.alpha, sol.alpha, atol=1e-6 * C)
    np.testing.assert_allclose(c_res.decision_function(K), K @ (sol.alpha * y) + sol.b, atol=TOL)


def test_mu_two_over_n_is_nearest_centroid():
    X, y = data(n_pos=12, n_neg=12, seed=2)
    res = mu_svm_dual(X @ X.T, y, 2 / 24)
    f = X @ X.T @ res.coef
    b = b_geom(f, y, res.alpha)
    T = np.random.default_rng(3).normal(0, 2, (200, 2))
    svm = np.sign(T @ X.T @ res.coef + b)
    c_pos, c_neg = X[y > 0].mean(0), X[y < 0].mean(0)
    nearest = np.where(
        np.linalg.norm(T - c_pos, axis=1) < np.linalg.norm(T - c_neg, axis=1), 1.0, -1.0
    )
    np.testing.assert_array_equal(svm, nearest)
    assert b == pytest.approx(0.5 * (c_neg @ c_neg - c_pos @ c_pos), abs=1e-12)


def test_identity_kernel_via_c_svm():
    """K = I, C large enough: the C-SVM rescaled is alpha = 1/n_class (section 4.2.5)."""
    y = np.r_[np.ones(4), -np.ones(6)]
    c_res = svc_dual(np.eye(10), y, 10.0)
    sol = c_solution_to_mu(c_res.alpha, c_res.b, 10.0)
    np.testing.assert_allclose(sol.alpha, np.where(y > 0, 1 / 4, 1 / 6), atol=1e-7)
    assert -sol.b == pytest.approx(0.5 * (1 / 4 - 1 / 6), abs=1e-7)


def test_lambda_to_c_same_minimiser():
    """(2.10) with hinge loss at lambda and (2.11) at C = 1/(2 lambda n) have one minimiser."""
    X, y = data(seed=4)
    n, lam = y.size, 0.02
    C = lambda_to_c(lam, n)
    assert c_to_lambda(C, n) == pytest.approx(lam)
    res = svc_dual(X @ X.T, y, C)
    w, b = X.T @ res.coef, res.b

    def regularised(w, b):
        return np.mean(np.maximum(0, 1 - y * (X @ w + b))) + lam * w @ w

    best = regularised(w, b)
    rng = np.random.default_rng(5)
    for _ in range(200):
        dw, db = rng.normal(0, 1e-3, 2), rng.normal(0, 1e-3)
        assert regularised(w + dw, b + db) >= best - 1e-12


def test_convert_bad_input():
    with pytest.raises(ValueError, match="rho must be > 0"):
        mu_to_c(0.1, 0.0)
    with pytest.raises(ValueError, match="scale must be one of"):
        mu_to_c(0.1, 1.0, scale="dual")
    with pytest.raises(ValueError, match="alpha_c sums to 0"):
        c_to_mu(np.zeros(3), 1.0)
    with pytest.raises(ValueError, match="alpha_c must be >= 0"):
        c_to_mu(-np.ones(3), 1.0)
    with pytest.raises(ValueError, match="lam must be > 0"):
        lambda_to_c(0.0, 10)
