"""Stopping conditions of the nearest-point solvers (Goodrich 2012, sections 5.2.4 and 5.8).

Oracles: hand-computed gaps on four points, the cvxopt optimum (every statistic ~ 0 there), the
scale laws of the relative and absolute conditions (section 5.8: relative NP = gap / ||w||^2,
absolute NP = gap / ||w||), and the
solvers' own reported statistic.
"""

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from svmbook.kernels import get_kernel
from svmbook.qp.geometric import mu_svm_dual
from svmbook.solvers.nearest_point import solve_nearest_point
from svmbook.solvers.stopping import STOP_RULES, evaluate, kkt_levels, kkt_statistic, stop_code


def _blobs(seed=0, n=30, shift=1.5):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(shift, 1.0, (n // 2, 2)), rng.normal(-shift, 1.0, (n - n // 2, 2))])
    y = np.r_[np.ones(n // 2), -np.ones(n - n // 2)]
    return X, y


def test_stop_code_names():
    assert [stop_code(s) for s in STOP_RULES] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="stop"):
        stop_code("gap")


def test_hand_example_gaps():
    # Two points per class; alpha at one vertex of each hull: w = (2, 2), ||w||^2 = 8, both gaps 4.
    X = np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]])
    y = [1, 1, -1, -1]
    alpha = [1.0, 0.0, 0.0, 1.0]
    assert evaluate("relative_np", X @ X.T, y, alpha, 1.0) == pytest.approx(4 / 8)
    assert evaluate("absolute_np", X @ X.T, y, alpha, 1.0) == pytest.approx(4 / np.sqrt(8))
    # h = y f = (4, 0 | 0, 4): m = (4, 4), M = (0, 0), rho = (2 + 2) / 2 = 2; violation 4.
    assert evaluate("absolute_kkt", X @ X.T, y, alpha, 1.0) == pytest.approx(2.0)
    assert evaluate("relative_kkt", X @ X.T, y, alpha, 1.0) == pytest.approx(1.0)


def test_kkt_statistic_all_capped_group():
    # A group with every multiplier at its cap has no violation and its plane at m.
    h = np.array([1.0, 2.0, -3.0, 5.0])
    alpha = np.array([0.5, 0.5, 0.5, 0.5])
    upper = np.array([0.5, 0.5, 1.0, 1.0])
    group = np.array([0, 0, 1, 1])
    m, M = np.empty(2), np.empty(2)
    kkt_levels(h, alpha, upper, group, 2, m, M)
    assert m.tolist() == [2.0, 5.0] and M.tolist() == [np.inf, -3.0]
    stat, rho = kkt_statistic(m, M, False)
    assert stat == pytest.approx(4.0) and rho == pytest.approx((2.0 + 1.0) / 2)


@pytest.mark.parametrize("stop", STOP_RULES)
def test_statistics_vanish_at_the_qp_optimum(stop):
    X, y = _blobs()
    K = get_kernel("rbf", gamma=0.5)(X)
    ref = mu_svm_dual(K, y, 0.3)
    # cvxopt's polished optimum satisfies the KKT conditions to ~1e-9 of the gradient scale
    assert evaluate(stop, K, y, ref.alpha, 0.3) < 1e-6


def test_scale_laws():
    # K -> c^2 K scales ||w|| by c: relative statistics are invariant, the absolute NP one
    # scales by c (g / ||w||) and the absolute KKT one by c^2 (a difference of f values).
    X, y = _blobs(seed=1)
    K = X @ X.T
    alpha = np.where(y > 0, 1.0 / 15, 1.0 / 15)
    c = 1e-2
    for stop, power in (
        ("relative_np", 0),
        ("relative_kkt", 0),
        ("absolute_np", 1),
        ("absolute_kkt", 2),
    ):
        a = evaluate(stop, K, y, alpha, 0.5)
        b = evaluate(stop, c**2 * K, y, alpha, 0.5)
        assert b == pytest.approx(a * c**power, rel=1e-10)
    # absolute NP = ||w|| x relative NP (section 5.8)
    w_norm = np.sqrt((alpha * y) @ K @ (alpha * y))
    assert evaluate("absolute_np", K, y, alpha, 0.5) == pytest.approx(
        w_norm * evaluate("relative_np", K, y, alpha, 0.5), rel=1e-12
    )


@pytest.mark.parametrize("stop", STOP_RULES)
def test_solvers_report_and_meet_the_statistic(stop):
    X, y = _blobs(seed=2)
    K = get_kernel("rbf", gamma=0.5)(X)
    K32 = K.astype(np.float32).astype(np.float64)  # the solver's kernel values
    for method in ("wsk_fast", "smo"):
        res = solve_nearest_point(K, y=y, mu=0.3, method=method, stop=stop, tol=1e-3)
        assert res.converged and res.statistic < 1e-3
        assert evaluate(stop, K32, y, res.alpha, 0.3) == pytest.approx(res.statistic, abs=1e-9)


def test_absolute_stops_early_when_w_is_small():
    # Table 5.6: with a small ||w|| the absolute conditions are loose: the same tol stops S-K
    # after fewer iterations and farther from the optimum than the relative one.
    X, y = _blobs(seed=3)
    K = 1e-4 * get_kernel("rbf", gamma=0.5)(X)
    rel = solve_nearest_point(K, y=y, mu=0.3, method="wsk", stop="relative_np", tol=1e-2)
    ab = solve_nearest_point(K, y=y, mu=0.3, method="wsk", stop="absolute_np", tol=1e-2)
    assert ab.w_norm < 0.1 and ab.n_iter < rel.n_iter
    assert ab.objective > rel.objective


def test_max_iter_warns():
    X, y = _blobs(seed=4)
    K = get_kernel("rbf", gamma=0.5)(X)
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        res = solve_nearest_point(K, y=y, mu=0.5, method="wsk", tol=1e-12, max_iter=3)
    assert res.status == 1 and res.n_iter == 3
