"""Oracles of the geometric reference formulations (svmbook.qp.geometric), Goodrich (2012).

Oracles: the C-SVM dual of svmbook.qp.svc (the C <-> mu equivalence of section 2.5.1), closed
forms (K = I, the Gaussian limit gamma -> inf of section 4.2.5; mu = 2/n, the nearest-centroid
classifier of section 4.2.4), point duplication ((3.11)), zero duality gap against the primal
(2.20)/(4.10) evaluated at the recovered (w, b, rho) (a certificate of optimality independent of
the dual solver), an LP over the primal's (b, rho, xi) for the KKT threshold interval (section
4.3.1), the Minkowski difference (section 5.2.2) and MEB certificates. All
problems are polished to verified KKT points (1e-9), so unique quantities hold to 1e-7 (cvxopt's
accuracy before polishing); alphas are compared only where they are unique (RBF kernels, positive
definite Gram matrices).
"""

import numpy as np
import pytest
from scipy.optimize import linprog

from svmbook.kernels import get_kernel
from svmbook.qp import l2_svc_dual, svc_dual
from svmbook.qp.geometric import (
    l2_geometric_dual,
    meb_dual,
    min_norm_wrch,
    mu_svm_dual,
    soft_meb_dual,
    wrch_svm_dual,
)

TOL = 1e-7


def overlapping(n_pos=15, n_neg=20, seed=0, shift=1.0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(shift, 1.0, (n_pos, 2)), rng.normal(-shift, 1.0, (n_neg, 2))])
    y = np.r_[np.ones(n_pos), -np.ones(n_neg)]
    return X, y


def rbf(X, gamma=0.5):
    return get_kernel("rbf", gamma=gamma)(X, X)


def primal_value(K, y, res, mu, s):
    """(2.20)/(4.10) at (w, b, rho) of the result, in the primal scale w = coef / 2 (2.21)."""
    f = 0.5 * K @ res.coef  # w_primal . x_i
    b, rho = -0.5 * res.b, 0.5 * res.rho
    xi = np.maximum(0.0, rho - y * (f - b))
    return 0.25 * res.w_norm2 - 2.0 * rho + mu * np.sum(s * xi)


# --- mu_svm_dual


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
@pytest.mark.parametrize("C", [0.05, 0.5, 5.0])
def test_mu_svm_equals_c_svm(kernel, C):
    """C-SVM alpha' with mu = 2C / sum alpha' is the mu-SVM with alpha = 2 alpha' / sum alpha'."""
    X, y = overlapping()
    K = X @ X.T if kernel == "linear" else rbf(X)
    c_res = svc_dual(K, y, C)
    S = c_res.alpha.sum()
    mu = 2 * C / S
    res = mu_svm_dual(K, y, mu)
    assert res.status == 0
    # Same classifier, scale 2/S: w = 2 w' / S, b = 2 b' / S, rho = 2 / S.
    np.testing.assert_allclose(K @ res.coef, 2 / S * (K @ c_res.coef), atol=TOL)
    lo, hi = res.b_interval
    c_lo, c_hi = (2 / S * v for v in c_res.b_interval)
    if res.free.size and lo == hi:  # both planes pinned: the same threshold
        assert res.b == pytest.approx(2 / S * c_res.b, abs=TOL)
        assert res.rho == pytest.approx(2 / S, abs=TOL)
        assert res.margin == pytest.approx(c_res.margin, rel=1e-6)
    else:  # the C-SVM's KKT set is the mu-SVM's at fixed rho: a subset
        assert lo - TOL <= c_lo <= c_hi <= hi + TOL
    assert res.w_norm2 == pytest.approx(4 / S**2 * c_res.w_norm2, rel=1e-7)
    if kernel == "rbf":  # positive definite Gram: alpha unique
        np.testing.assert_allclose(res.alpha, 2 * c_res.alpha / S, atol=TOL)
    np.testing.assert_allclose([res.alpha[y > 0].sum(), res.alpha[y < 0].sum()], [1, 1], atol=1e-12)


def test_mu_svm_hard_margin_equals_svc_hard_margin():
    X, y = overlapping(shift=3.0, seed=1)
    K = X @ X.T
    c_res = svc_dual(K, y, np.inf)
    S = c_res.alpha.sum()
    res = mu_svm_dual(K, y, np.inf)
    np.testing.assert_allclose(
        res.decision_function(K), 2 / S * c_res.decision_function(K), atol=TOL
    )
    assert res.b_interval[0] == pytest.approx(res.b_interval[1], abs=TOL)
    assert res.margin == pytest.approx(c_res.margin, rel=1e-6)
    assert wrch_svm_dual(K, y, "hard").w_norm2 == pytest.approx(res.w_norm2, rel=1e-12)


@pytest.mark.parametrize("mu", [0.1, 1 / 7, 0.25])
@pytest.mark.parametrize("weighted", [False, True])
def test_mu_svm_zero_duality_gap(mu, weighted):
    """Dual optimum -1/4 ||w||^2 equals the primal (2.20)/(4.10) at the recovered (w, b, rho)."""
    X, y = overlapping(seed=2)
    K = rbf(X)
    s = np.random.default_rng(3).uniform(0.5, 2.0, y.size) if weighted else np.ones(y.size)
    res = mu_svm_dual(K, y, mu, sample_weight=s if weighted else None)
    assert res.status == 0
    assert primal_value(K, y, res, mu, s) == pytest.approx(-0.25 * res.w_norm2, abs=1e-9)
    assert res.objective == pytest.approx(0.5 * res.w_norm2)
    assert np.all(res.alpha <= s * mu + 1e-12) and np.all(res.alpha >= 0)
    # cvxopt's equality multipliers give a threshold inside the KKT interval.
    lo, hi = res.b_interval
    assert lo - 1e-7 <= res.b_multiplier <= hi + 1e-7


def test_kkt_interval_matches_primal_lp():
    """No free SV (mu = 1/2, 3 + 3 points): the interval of b is the optimal face of the LP in
    (b, rho, xi) of (2.20) with w fixed (the printed b_min/b_max are swapped,
    docs/errata.md#goodrich-2012-sec-4-3-1-b-range)."""
    rng = np.random.default_rng(7)
    X = np.vstack([rng.normal(1.5, 1.0, (3, 2)), rng.normal(-1.5, 1.0, (3, 2))])
    y = np.r_[np.ones(3), -np.ones(3)]
    K = X @ X.T
    mu = 0.5
    res = mu_svm_dual(K, y, mu)
    assert res.free.size == 0
    f = 0.5 * K @ res.coef
    n = y.size
    # Variables (b, rho, xi); y_i (f_i - b) >= rho - xi_i  <=>  y_i b + rho - xi_i <= y_i f_i.
    A = np.hstack([y[:, None], np.ones((n, 1)), -np.eye(n)])
    bounds = [(None, None), (None, None)] + [(0, None)] * n
    c = np.r_[0.0, -2.0, mu * np.ones(n)]
    best = linprog(c, A_ub=A, b_ub=y * f, bounds=bounds).fun
    ends = []
    for sign in (1.0, -1.0):
        sol = linprog(
            np.r_[sign, 0.0, np.zeros(n)],
            A_ub=np.vstack([A, c]),
            b_ub=np.r_[y * f, best + 1e-10],
            bounds=bounds,
        )
        ends.append(sol.x[0])
    # Primal-scale thesis threshold interval -> package bias = -2 * b_primal.
    expected = sorted([-2 * ends[0], -2 * ends[1]])
    np.testing.assert_allclose(res.b_interval, expected, atol=1e-6)
    assert res.b == pytest.approx(0.5 * sum(expected), abs=1e-6)


def test_identity_kernel_closed_form():
    """K = I (RBF with gamma -> inf): alpha = 1/n_class, b = (1/n_pos - 1/n_neg)/2 (thesis sign),
    rho = (1/n_pos + 1/n_neg)/2, every point a free SV (section 4.2.5)."""
    y = np.r_[np.ones(3), -np.ones(5)]
    res = mu_svm_dual(np.eye(8), y, 0.5)
    np.testing.assert_allclose(res.alpha, np.where(y > 0, 1 / 3, 1 / 5), atol=TOL)
    assert -res.b == pytest.approx(0.5 * (1 / 3 - 1 / 5), abs=TOL)
    assert res.rho == pytest.approx(0.5 * (1 / 3 + 1 / 5), abs=TOL)
    assert res.free.size == 8


def test_mu_two_over_n_is_nearest_centroid():
    """Balanced classes, mu = 2/n: each hull is its centroid (section 4.2.4)."""
    X, y = overlapping(n_pos=10, n_neg=10, seed=4)
    res = mu_svm_dual(X @ X.T, y, 2 / 20)
    np.testing.assert_allclose(res.alpha, 0.1, atol=1e-15)
    c_pos, c_neg = X[y > 0].mean(0), X[y < 0].mean(0)
    np.testing.assert_allclose(X.T @ res.coef, c_pos - c_neg, atol=1e-12)
    assert res.w_norm2 == pytest.approx(np.sum((c_pos - c_neg) ** 2), rel=1e-12)
    assert res.b_multiplier is None  # no multiplier: the hulls are points


def test_mu_one_over_49_feasible_at_centroid():
    """1/49 * 49 != 1 in floating point: still the centroid, not an error."""
    X, y = overlapping(n_pos=49, n_neg=60, seed=5)
    res = mu_svm_dual(X @ X.T, y, 1 / 49)
    np.testing.assert_allclose(res.alpha[y > 0], 1 / 49, rtol=1e-12)


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_integer_weights_equal_duplication(kernel):
    """WRCH with integer s equals the RCH of the points duplicated s_i times (3.11)."""
    X, y = overlapping(n_pos=8, n_neg=10, seed=6)
    s = np.random.default_rng(8).integers(1, 4, y.size)
    Xd, yd = np.repeat(X, s, axis=0), np.repeat(y, s)
    gram = (lambda A, B: A @ B.T) if kernel == "linear" else get_kernel("rbf", gamma=0.5)
    mu = 0.2
    res = mu_svm_dual(gram(X, X), y, mu, sample_weight=s)
    dup = mu_svm_dual(gram(Xd, Xd), yd, mu)
    assert res.w_norm2 == pytest.approx(dup.w_norm2, rel=1e-8)
    np.testing.assert_allclose(
        res.decision_function(gram(X, X)), dup.decision_function(gram(X, Xd)), atol=1e-7
    )
    np.testing.assert_allclose(res.b_interval, dup.b_interval, atol=1e-7)


def test_weight_zero_removes_point():
    X, y = overlapping(n_pos=8, n_neg=10, seed=9)
    s = np.ones(y.size)
    s[[0, 12]] = 0
    keep = s > 0
    res = mu_svm_dual(rbf(X), y, 0.3, sample_weight=s)
    sub = mu_svm_dual(rbf(X[keep]), y[keep], 0.3)
    np.testing.assert_allclose(res.alpha[keep], sub.alpha, atol=TOL)
    assert res.alpha[0] == 0 and res.alpha[12] == 0


def test_mu_svm_bad_input():
    X, y = overlapping(n_pos=4, n_neg=6)
    K = X @ X.T
    with pytest.raises(ValueError, match="mu=0.2 is infeasible"):
        mu_svm_dual(K, y, 0.2)  # 0.2 * 4 < 1
    with pytest.raises(ValueError, match="mu must be > 0"):
        mu_svm_dual(K, y, 0.0)
    with pytest.raises(ValueError, match="sample_weight must be >= 0"):
        mu_svm_dual(K, y, 1.0, sample_weight=-np.ones(10))
    with pytest.raises(ValueError, match="sample_weight must have shape"):
        mu_svm_dual(K, y, 1.0, sample_weight=np.ones(3))
    with pytest.raises(ValueError, match="mu is too large"):
        mu_svm_dual(K, np.tile([1.0, -1.0], 5), 1.0)  # interleaved labels: hulls intersect
    with pytest.raises(TypeError, match="mu must be a real number"):
        mu_svm_dual(K, y, "1")


# --- L2 and Table 5.1


@pytest.mark.parametrize("C", [0.1, 2.0])
def test_l2_geometric_equals_l2_svc(C):
    """(2.32) with kernel K + delta/(2C) is the hard-margin problem of (2.17): alpha = 2 alpha' /
    sum alpha' of the L2 C-SVM (2.17) (penalty C sum xi^2 = l2_svc_dual's C/2 sum xi^2 at 2C)."""
    X, y = overlapping(seed=10)
    K = X @ X.T
    ref = l2_svc_dual(K, y, 2 * C)
    S = ref.alpha.sum()
    res = l2_geometric_dual(K, y, C)
    np.testing.assert_allclose(res.alpha, 2 * ref.alpha / S, atol=TOL)  # Q + I/(2C) is PD
    np.testing.assert_allclose(res.decision_function(K), 2 / S * ref.decision_function(K), atol=TOL)
    assert wrch_svm_dual(K, y, "l2", C=C).w_norm2 == pytest.approx(res.w_norm2, rel=1e-12)


def test_weighted_l2_equals_modified_kernel():
    X, y = overlapping(seed=11)
    K = rbf(X)
    s = np.random.default_rng(12).uniform(0.5, 3.0, y.size)
    res = l2_geometric_dual(K, y, 0.7, sample_weight=s)
    direct = mu_svm_dual(K + np.diag(1 / (2 * s * 0.7)), y, np.inf)
    np.testing.assert_allclose(res.alpha, direct.alpha, atol=1e-12)
    with pytest.raises(ValueError, match="sample_weight must be > 0"):
        l2_geometric_dual(K, y, 1.0, sample_weight=np.zeros(y.size))


def test_wrch_svm_dual_arguments():
    X, y = overlapping(n_pos=5, n_neg=5)
    K = rbf(X)
    assert wrch_svm_dual(K, y, "l1", mu=0.5).w_norm2 == pytest.approx(
        mu_svm_dual(K, y, 0.5).w_norm2
    )
    with pytest.raises(ValueError, match="mu: loss='l1' requires mu"):
        wrch_svm_dual(K, y, "l1")
    with pytest.raises(ValueError, match="C: loss='l1' does not take C"):
        wrch_svm_dual(K, y, "l1", mu=0.5, C=1.0)
    with pytest.raises(ValueError, match="loss must be one of"):
        wrch_svm_dual(K, y, "l3")
    with pytest.raises(ValueError, match="sample_weight"):
        wrch_svm_dual(K, y, "hard", sample_weight=np.ones(10))


# --- one hull


def test_min_norm_of_minkowski_difference_is_hull_distance():
    """min-norm point of CH(P_pos - P_neg) = distance between CH(P_pos) and CH(P_neg) (5.2.2)."""
    X, y = overlapping(n_pos=5, n_neg=6, shift=2.5, seed=13)
    P, N = X[y > 0], X[y < 0]
    Z = (P[:, None, :] - N[None, :, :]).reshape(-1, 2)
    res = min_norm_wrch(Z @ Z.T)
    assert res.w_norm2 == pytest.approx(mu_svm_dual(X @ X.T, y, np.inf).w_norm2, rel=1e-7)
    assert res.alpha.sum() == pytest.approx(1.0)


def test_min_norm_wrch_certificate():
    """Optimality of a = sum alpha_i z_i: a . z_i >= ||a||^2 - gap for every vertex (convex hull),
    and the RCH bound and weights are respected."""
    rng = np.random.default_rng(14)
    Z = rng.normal(2.0, 1.0, (12, 3))
    K = Z @ Z.T
    res = min_norm_wrch(K)
    assert np.min(K @ res.alpha) >= res.w_norm2 - 1e-9
    s = rng.uniform(0.5, 2.0, 12)
    red = min_norm_wrch(K, 0.2, sample_weight=s)
    assert np.all(red.alpha <= 0.2 * s + 1e-12)
    # WRCH optimality: Alg. 7's vertex in direction -a is no better than a itself.
    g = K @ red.alpha
    order = np.argsort(g)
    cap, beta, mass = 0.2 * s, np.zeros(12), 0.0
    for i in order:
        beta[i] = min(cap[i], 1 - mass)
        mass += beta[i]
    assert beta @ g >= red.w_norm2 - 1e-9
    with pytest.raises(ValueError, match="mu=0.05 is infeasible"):
        min_norm_wrch(K, 0.05)


# --- minimal enclosing balls


def test_meb_circle():
    rng = np.random.default_rng(15)
    angles = rng.uniform(0, 2 * np.pi, 7)
    X = np.vstack(
        [np.c_[1 + 2 * np.cos(angles), -1 + 2 * np.sin(angles)], rng.uniform(-0.5, 0.5, (10, 2))]
    )
    K = X @ X.T
    res = meb_dual(K)
    assert res.radius2 == pytest.approx(4.0, abs=1e-7)
    np.testing.assert_allclose(X.T @ res.alpha, [1, -1], atol=1e-7)
    assert res.objective == pytest.approx(res.radius2, abs=1e-9)
    assert set(res.support) <= set(range(7))


def test_meb_certificate_and_soft_limits():
    """Zero duality gap: the centre is primal feasible with radius^2 max_i d_i = dual value."""
    rng = np.random.default_rng(16)
    X = rng.normal(size=(20, 3))
    K = get_kernel("rbf", gamma=0.3)(X, X)
    res = meb_dual(K)
    d = res.dist2(K, np.diag(K))
    assert d.max() == pytest.approx(res.objective, abs=1e-9)
    assert res.radius2 == pytest.approx(res.objective, abs=1e-9)
    # Soft ball: primal (2.43) value R^2 + C sum xi = dual value, for C inside (1/n, 1).
    C = 0.08
    soft = soft_meb_dual(K, C)
    d = soft.dist2(K, np.diag(K))
    primal = soft.radius2 + C * np.maximum(d - soft.radius2, 0).sum()
    assert primal == pytest.approx(soft.objective, abs=1e-9)
    assert soft.radius2 < res.radius2
    # C = 1/n: the centroid; C >= 1: the hard ball.
    np.testing.assert_allclose(soft_meb_dual(K, 1 / 20).alpha, 1 / 20, rtol=1e-12)
    assert soft_meb_dual(K, 1.0).radius2 == pytest.approx(res.radius2, abs=1e-9)
    with pytest.raises(ValueError, match="C=0.01 is infeasible"):
        soft_meb_dual(K, 0.01)
