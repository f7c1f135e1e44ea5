"""Radius-margin bounds during training and Algorithms 12/13, Goodrich (2012), section 6.3.

Oracles: the cvxopt L2 geometric dual (``svmbook.qp.geometric.l2_geometric_dual``) for the margin
``Delta* = sqrt(w_norm2) / 2`` and the SVM's ``alpha``; the cvxopt MEB dual (``meb_dual`` of
``K + I/(2C)``) for ``R*`` and ``beta``; the closed form of the orthogonal limit ``K = I``;
brute force (exact ratios at every grid point) for the selections.

Tolerances: the oracles are polished to KKT points to ``1e-9`` relative (their tests), so
``Delta*`` and ``R*`` are known to about ``1e-9`` relative; that is the slack of every bracketing
check (the machines' own rounding is ``1e-16``). Multipliers are unique here (RBF Gram matrices
plus the ridge ``I/(2C)`` are positive definite) and compared to ``1e-7``, the accuracy the
oracles' tests give them.
"""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from svmbook.model_selection.radius_margin import (
    CompareResult,
    GridSelection,
    RadiusMarginMachine,
    compare,
    modelsel_grid,
    radius_margin_ratio,
)
from svmbook.qp.geometric import l2_geometric_dual, meb_dual

RTOL = 1e-9


def problem(n=40, d=2, seed=0, noise=0.5):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X[:, 0] + noise * rng.normal(size=n) > 0, 1.0, -1.0)
    return X, y


def rbf(X, gamma):
    D2 = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
    return np.exp(-gamma * D2)


def exact(K, y, C):
    """(Delta*, R*, alpha*, beta*) from the cvxopt oracles."""
    svm = l2_geometric_dual(K, y, C)
    meb = meb_dual(K + np.eye(K.shape[0]) / (2.0 * C))
    assert svm.status == 0 and meb.status == 0
    return np.sqrt(svm.w_norm2) / 2.0, np.sqrt(meb.radius2), svm.alpha, meb.alpha


def assert_brackets(b, d_star, r_star):
    assert b.delta_low <= d_star * (1 + RTOL)
    assert d_star <= b.delta_up * (1 + RTOL)
    assert b.r_low <= r_star * (1 + RTOL)
    assert r_star <= b.r_up * (1 + RTOL)
    t = r_star / d_star
    assert b.t_low <= t * (1 + 2 * RTOL)
    assert t <= b.t_up * (1 + 2 * RTOL)
    assert 0.0 <= b.delta_low <= b.delta_up * (1 + 1e-12)
    assert b.r_low <= b.r_up * (1 + 1e-12)


# --- bounds during training


@pytest.mark.parametrize(("seed", "gamma", "C"), [(0, 0.5, 1.0), (1, 2.0, 0.1), (2, 0.1, 10.0)])
def test_bounds_bracket_the_optimum_at_every_iteration_and_converge(seed, gamma, C):
    """Sections 6.3.2-6.3.4: Delta, R and R/Delta are bracketed after every SMO step."""
    X, y = problem(n=50, seed=seed)
    K = rbf(X, gamma)
    d_star, r_star, _, _ = exact(K, y, C)
    m = RadiusMarginMachine(K, y, C)
    for _ in range(2000):
        assert_brackets(m.bounds(), d_star, r_star)
        took = m.step(1, "svm") + m.step(1, "meb")
        if took == 0:
            break
    b = m.bounds()
    assert_brackets(b, d_star, r_star)
    assert b.delta_up - b.delta_low <= 1e-9 * d_star
    assert b.r_up - b.r_low <= 1e-9 * r_star
    assert b.ratio == pytest.approx((r_star / d_star) ** 2, rel=1e-8)


def test_converged_machines_equal_the_cvxopt_duals():
    """The SMO optimum is the L2 geometric dual (alpha, ||w||^2) and the MEB dual (beta, R^2)."""
    X, y = problem(n=45, d=3, seed=3)
    K, C = rbf(X, 0.3), 2.0
    svm = l2_geometric_dual(K, y, C)
    meb = meb_dual(K + np.eye(45) / (2.0 * C))
    m = RadiusMarginMachine(K, y, C).train(tol=1e-12)
    b = m.bounds()
    assert b.svm_kkt <= 1e-12 and b.meb_kkt <= 1e-12
    np.testing.assert_allclose(m.alpha, svm.alpha, atol=1e-7)
    np.testing.assert_allclose(m.beta, meb.alpha, atol=1e-7)
    assert 4.0 * b.delta_up**2 == pytest.approx(svm.w_norm2, rel=1e-9)
    assert b.r_up**2 == pytest.approx(meb.radius2, rel=1e-9)
    # the incremental caches equal the recomputed ones
    fresh = RadiusMarginMachine(K, y, C, alpha0=m.alpha, beta0=m.beta).bounds()
    for name in ("delta_low", "delta_up", "r_low", "r_up"):
        assert getattr(b, name) == pytest.approx(getattr(fresh, name), rel=1e-12)


def test_decision_function_is_the_bisector_of_the_optimal_hull_points():
    """Check ``decision_function``: at the optimum every support vector lies on its margin
    (``y f = ||w||^2 / 2`` under ``k``), and new points get ``sum alpha y K + b``."""
    X, y = problem(n=40, seed=5)
    K = rbf(X, 0.5)
    m = RadiusMarginMachine(K, y, 2.0).train(tol=1e-10)
    coef = m.alpha * y
    f_train = K @ coef + coef / (2.0 * m.C) + m.threshold  # values under k on the training points
    w2 = float(coef @ (K @ coef + coef / (2.0 * m.C)))
    sv = m.alpha > 1e-8
    np.testing.assert_allclose(y[sv] * f_train[sv], w2 / 2.0, rtol=1e-6)
    X_new = np.random.default_rng(6).normal(size=(5, 2))
    K_new = np.exp(-0.5 * ((X_new[:, None] - X[None]) ** 2).sum(-1))
    np.testing.assert_allclose(m.decision_function(K_new), K_new @ coef + m.threshold, rtol=1e-12)
    with pytest.raises(ValueError, match="one column per training point"):
        m.decision_function(K_new[:, :3])


def test_initial_margin_bound_is_half_the_distance_of_the_two_start_points():
    """After the start (one alpha = 1 per class), (Delta^up)^2 = ||phi(x_a) - phi(x_b)||^2 / 4."""
    X, y = problem(seed=4)
    K, C = rbf(X, 1.0), 0.5
    a, b_ = np.argmax(y > 0), np.argmax(y < 0)
    k2 = K[a, a] + K[b_, b_] - 2 * K[a, b_] + 2 / (2 * C)
    b = RadiusMarginMachine(K, y, C).bounds()
    assert b.delta_up**2 == pytest.approx(k2 / 4, rel=1e-14)
    assert b.r_low == 0.0  # one point: the ball's dual objective is 0
    assert b.t_low == 0.0


def test_lower_margin_bound_is_the_sum_of_the_relative_np_gaps():
    """1 - Delta^low / Delta^up = the two relative nearest-point quantities of section 5.8.1."""
    X, y = problem(n=40, seed=5)
    K, C = rbf(X, 0.5), 1.0
    m = RadiusMarginMachine(K, y, C)
    m.step(15, "svm")
    b = m.bounds()
    k = K + np.eye(40) / (2 * C)
    coef = m.alpha * y
    f = k @ coef
    w2 = coef @ f
    pos, neg = y > 0, y < 0
    g_pos = (m.alpha[pos] @ f[pos] - f[pos].min()) / w2
    g_neg = (f[neg].max() - m.alpha[neg] @ f[neg]) / w2
    assert b.delta_low > 0
    assert 1 - b.delta_low / b.delta_up == pytest.approx(g_pos + g_neg, rel=1e-9)


@pytest.mark.parametrize("C", [0.01, 1.0, 100.0])
def test_orthogonal_limit_has_the_closed_form_ratio(C):
    """K = I (the Gaussian as gamma -> inf): R^2/Delta^2 = 4 (1 - 1/n) / (1/n_pos + 1/n_neg)."""
    y = np.r_[np.ones(7), -np.ones(5)]
    ratio = radius_margin_ratio(np.eye(12), y, C, tol=1e-12)
    assert ratio == pytest.approx(385 / 36, rel=1e-10)


def test_radius_margin_ratio_is_within_its_tolerance_of_the_exact_ratio():
    """At tol the midpoint is within about 2.5 tol of the exact R*^2 / Delta*^2 (checked: 4 tol)."""
    X, y = problem(n=50, seed=6)
    K, C = rbf(X, 0.5), 1.0
    d_star, r_star, _, _ = exact(K, y, C)
    for tol in (1e-1, 1e-3, 1e-6):
        ratio = radius_margin_ratio(K, y, C, tol=tol)
        assert ratio == pytest.approx((r_star / d_star) ** 2, rel=4 * tol)


def test_warm_start_stays_feasible_and_the_bounds_bracket_the_new_optimum():
    """Section 6.3.7: alpha and beta of (gamma, C) are feasible for (gamma', C')."""
    X, y = problem(n=40, seed=7)
    m = RadiusMarginMachine(rbf(X, 0.25), y, 0.5).train(tol=1e-8)
    K2, C2 = rbf(X, 2.0), 8.0
    d_star, r_star, alpha, beta = exact(K2, y, C2)
    warm = m.warm(K2, C2)
    assert warm.n_svm_iter == warm.n_meb_iter == 0
    np.testing.assert_array_equal(warm.alpha, m.alpha)
    assert_brackets(warm.bounds(), d_star, r_star)
    m.adapt(K2, C2)
    assert m.bounds() == warm.bounds()
    for _ in range(5000):
        if m.step(1, "svm") + m.step(1, "meb") == 0:
            break
        assert_brackets(m.bounds(), d_star, r_star)
    np.testing.assert_allclose(m.alpha, alpha, atol=1e-7)
    np.testing.assert_allclose(m.beta, beta, atol=1e-7)


def test_step_stops_at_eps_and_train_warns_at_max_iter():
    X, y = problem(n=40, seed=8)
    m = RadiusMarginMachine(rbf(X, 1.0), y, 1.0)
    took = m.step(10_000, "svm", tol=1e-2)
    assert 0 < took < 10_000 and m.bounds().svm_kkt <= 1e-2
    assert m.step(5, "svm", tol=1e-2) == 0
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        RadiusMarginMachine(rbf(X, 1.0), y, 1.0).train(tol=1e-9, max_iter=2)


# --- Algorithm 12


def test_compare_returns_the_pair_with_the_smaller_exact_ratio():
    """On random pairs of (gamma, C), COMPARE's winner has the smaller exact cvxopt ratio."""
    X, y = problem(n=40, seed=9)
    rng = np.random.default_rng(10)
    checked = 0
    for _ in range(12):
        (g1, g2), (c1, c2) = 2.0 ** rng.integers(-3, 4, 2), 2.0 ** rng.integers(-3, 4, 2)
        K1, K2 = rbf(X, g1), rbf(X, g2)
        d1, r1, _, _ = exact(K1, y, c1)
        d2, r2, _, _ = exact(K2, y, c2)
        t1, t2 = r1 / d1, r2 / d2
        res = compare(RadiusMarginMachine(K1, y, c1), RadiusMarginMachine(K2, y, c2), tol=1e-3)
        assert isinstance(res, CompareResult)
        if abs(t1 - t2) > 4e-3 * max(t1, t2):  # beyond what tol = 1e-3 resolves
            assert res.winner == int(t2 < t1)
            checked += 1
    assert checked >= 8


def test_compare_with_small_eps_separates_close_pairs_by_their_exact_ratios():
    X, y = problem(n=40, seed=11)
    K = rbf(X, 0.5)
    d1, r1, _, _ = exact(K, y, 1.0)
    d2, r2, _, _ = exact(K, y, 1.1)
    res = compare(RadiusMarginMachine(K, y, 1.0), RadiusMarginMachine(K, y, 1.1), tol=1e-10)
    assert res.separated
    assert res.winner == int(r2 / d2 < r1 / d1)


def test_compare_terminates_on_equal_ratios_and_keeps_the_first():
    """Two identical machines: the brackets never separate; both reach tol, ties to the first."""
    X, y = problem(n=30, seed=12)
    K = rbf(X, 1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = compare(RadiusMarginMachine(K, y, 1.0), RadiusMarginMachine(K, y, 1.0), tol=1e-6)
    assert res.winner == 0 and not res.separated
    assert res.n_svm_iter[0] == res.n_svm_iter[1] > 0


def test_compare_records_brackets_that_hold_the_exact_ratios_at_every_step():
    """Check ``record=True``: one bracket per pair before every step and at the end, each holding
    its pair's exact cvxopt ratio, and the last two separated when the result says so."""
    X, y = problem(n=40, seed=14)
    K1, K2 = rbf(X, 0.5), rbf(X, 4.0)
    d1, r1, _, _ = exact(K1, y, 1.0)
    d2, r2, _, _ = exact(K2, y, 8.0)
    res = compare(RadiusMarginMachine(K1, y, 1.0), RadiusMarginMachine(K2, y, 8.0), record=True)
    steps = sum(res.n_svm_iter) + sum(res.n_meb_iter)
    assert res.trace.shape == (steps + 1, 2, 2)
    for (lo1, up1), (lo2, up2) in res.trace:
        assert lo1 <= r1 / d1 * (1 + 2 * RTOL) and r1 / d1 <= up1 * (1 + 2 * RTOL)
        assert lo2 <= r2 / d2 * (1 + 2 * RTOL) and r2 / d2 <= up2 * (1 + 2 * RTOL)
    assert res.separated
    (lo1, up1), (lo2, up2) = res.trace[-1]
    assert (up1 < lo2) if res.winner == 0 else (up2 < lo1)
    assert compare(RadiusMarginMachine(K1, y, 1.0), RadiusMarginMachine(K2, y, 8.0)).trace is None


def test_compare_warns_at_max_iter():
    X, y = problem(n=30, seed=13)
    K = rbf(X, 1.0)
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        res = compare(RadiusMarginMachine(K, y, 1.0), RadiusMarginMachine(K, y, 1.0), max_iter=3)
    assert sum(res.n_svm_iter) + sum(res.n_meb_iter) == 3


# --- Algorithm 13 and the baselines


def exact_ratios(X, y, kernel, params, Cs):
    out = np.empty((len(params), len(Cs)))
    for i, p in enumerate(params):
        if kernel == "rbf":
            K = rbf(X, p)
        else:
            G = X @ X.T
            K = (G / np.max(np.diag(G)) + 1.0) ** p
        for j, C in enumerate(Cs):
            d, r, _, _ = exact(K, y, C)
            out[i, j] = (r / d) ** 2
    return out


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_grid_selects_the_brute_force_minimum_with_every_method(seed):
    """Every method selects the exact minimiser, up to what tol = 1e-3 resolves.

    At tol the ratios carry a relative error of up to about 4 tol, so a point whose exact ratio
    is within that of the minimum may be selected instead; where the minimum is clear (the
    runner-up 1 % above it) all methods must find it.
    """
    X, y = problem(n=36, d=3, seed=seed)
    params, Cs = 2.0 ** np.arange(-3, 2), 2.0 ** np.arange(-2, 3)
    truth = exact_ratios(X, y, "rbf", params, Cs)
    best = np.unravel_index(np.argmin(truth), truth.shape)
    clear = np.sort(truth.ravel())[1] > truth[best] * (1 + 1e-2)
    for method in ("standard", "cristianini", "adaptive"):
        res = modelsel_grid(X, y, params=params, Cs=Cs, method=method, tol=1e-3)
        assert isinstance(res, GridSelection)
        assert truth[res.index] <= truth[best] * (1 + 4e-3), method
        if clear:
            assert res.index == best, method
        assert (res.param, res.C) == (params[res.index[0]], Cs[res.index[1]])
        assert res.ratio == pytest.approx(truth[res.index], rel=4e-3)
        # every recorded bracket holds the exact ratio
        ok = ~np.isnan(res.ratio_low)
        assert ok.all()
        assert np.all(res.ratio_low <= truth * (1 + 1e-8))
        assert np.all(truth <= res.ratio_up * (1 + 1e-8))


def test_grid_iteration_counts_order_as_in_the_thesis():
    """Section 6.3.8: adaptive << Cristianini (tol 1e-1) < Cristianini (1e-3) < standard."""
    X, y = problem(n=60, d=3, seed=14)
    grid = dict(params=2.0 ** np.arange(-4, 3), Cs=2.0 ** np.arange(-4, 5))
    n = {
        key: modelsel_grid(X, y, method=meth, tol=tol, **grid).n_svm_iter.sum()
        for key, meth, tol in [
            ("std", "standard", 1e-3),
            ("cr3", "cristianini", 1e-3),
            ("cr1", "cristianini", 1e-1),
            ("ad", "adaptive", 1e-3),
        ]
    }
    assert n["ad"] < n["cr1"] < n["cr3"] < n["std"]
    assert n["ad"] * 3 < n["cr1"]


def test_grid_defaults_and_the_initial_guess():
    """Default grids 2^-10..2^10; the adaptive start: C = 1, gamma nearest 1/n_features."""
    X, y = problem(n=30, d=4, seed=15)
    res = modelsel_grid(X, y, params=[0.125, 0.25, 0.5], Cs=[0.5, 1.0, 2.0], max_iter=50_000)
    assert res.n_svm_iter.shape == (3, 3) and res.method == "adaptive"
    assert res.start == (1, 1)
    res = modelsel_grid(X, y, params=[0.1, 0.3], Cs=[0.25, 0.75, 1.5], max_iter=50_000)
    assert res.start == (1, 1)  # log-nearest: |log 0.3 - log 0.25| < |log 0.1 - log 0.25|
    assert modelsel_grid(X, y, params=[0.25], Cs=[1.0], method="standard").start is None
    res = modelsel_grid(X[:12], y[:12], method="cristianini", tol=1e-1)
    assert res.params.size == res.Cs.size == 21
    assert res.n_svm_iter.shape == (21, 21)


def test_polynomial_grid_matches_brute_force():
    """The tau-scaled polynomial kernel (x.x'/tau + 1)^q over the degree, section 6.3.8."""
    X, y = problem(n=30, d=2, seed=16)
    params, Cs = [2, 3, 4], 2.0 ** np.arange(-2, 3)
    truth = exact_ratios(X, y, "poly", params, Cs)
    best = np.unravel_index(np.argmin(truth), truth.shape)
    assert np.sort(truth.ravel())[1] > truth[best] * (1 + 1e-2)
    for method in ("standard", "adaptive"):
        res = modelsel_grid(X, y, kernel="poly", params=params, Cs=Cs, method=method)
        assert res.index == best and res.kernel == "poly"


# --- bad input


def test_bad_input_raises_naming_the_parameter():
    X, y = problem(n=10, seed=17)
    K = rbf(X, 1.0)
    with pytest.raises(ValueError, match="C must be > 0"):
        RadiusMarginMachine(K, y, 0.0)
    with pytest.raises(ValueError, match="C must be finite"):
        RadiusMarginMachine(K, y, np.inf)
    with pytest.raises(ValueError, match="y must contain only -1 and \\+1"):
        RadiusMarginMachine(K, y * 2, 1.0)
    with pytest.raises(ValueError, match="K has 9 rows but y has 10"):
        RadiusMarginMachine(K[:9, :9], y, 1.0)
    with pytest.raises(ValueError, match="alpha0 is infeasible"):
        RadiusMarginMachine(K, y, 1.0, alpha0=np.full(10, 0.1))
    with pytest.raises(ValueError, match="alpha0 must be finite and >= 0"):
        RadiusMarginMachine(K, y, 1.0, alpha0=-np.ones(10))
    with pytest.raises(ValueError, match="beta0 is infeasible"):
        RadiusMarginMachine(K, y, 1.0, beta0=np.ones(10))
    m = RadiusMarginMachine(K, y, 1.0)
    with pytest.raises(ValueError, match="which must be one of"):
        m.step(1, "ball")
    with pytest.raises(ValueError, match="n must be"):
        m.step(-1)
    with pytest.raises(ValueError, match="tol must be > 0"):
        m.train(tol=0.0)
    with pytest.raises(TypeError, match="second must be a RadiusMarginMachine"):
        compare(m, K)
    with pytest.raises(ValueError, match="method must be one of"):
        modelsel_grid(X, y, method="exhaustive")
    with pytest.raises(ValueError, match="kernel must be one of"):
        modelsel_grid(X, y, kernel="sigmoid")
    with pytest.raises(ValueError, match="Cs must be a non-empty list"):
        modelsel_grid(X, y, Cs=[1.0, -1.0])
    with pytest.raises(ValueError, match="params must not repeat"):
        modelsel_grid(X, y, params=[1.0, 1.0])
    with pytest.raises(ValueError, match="integer degrees"):
        modelsel_grid(X, y, kernel="poly", params=[2.5])
    with pytest.raises(ValueError, match="exactly 2 classes"):
        modelsel_grid(X, np.zeros(10))
