"""Weighting strategies and metrics (svmbook.weighting), Goodrich (2012) section 4.4.

Oracles: integer weights equal point duplication through the independent cvxopt solutions of
svmbook.qp.mu_svm_dual (3.11); kappa and mu = 1/(0.9 kappa) of the unbal set (section 4.4,
docs/errata.md#goodrich-2012-sec-4-4-unbal); the orderings of Table 4.4 on a reduced unbal (each
strategy wins its own metric; means over 6 seeded runs of 240 training and 1200 test points, RBF
gamma = 0.01, geometric threshold) and the identity Err Cost = 10 n_pos p_pos + n_neg p_neg; the
perceptron's mu is half the SVM's for the same reduction (Fig. 5.17's caption).
"""

import numpy as np
import pytest

from svmbook.datasets import UNBAL_COSTS, make_unbal
from svmbook.kernels import get_kernel
from svmbook.qp import mu_svm_dual, perceptron_geometric_dual
from svmbook.thresholds import b_geom
from svmbook.weighting import (
    avg_class_err,
    class_errs,
    class_proportion_weights,
    cost_weights,
    err_cost,
    kappa,
    mu_from_kappa,
    overall_err,
    strategy_weights,
)


def test_kappa_and_mu_of_unbal():
    _, y = make_unbal()
    assert kappa(None, y) == 200
    assert 1 / mu_from_kappa(None, y) == pytest.approx(180)
    assert 1 / mu_from_kappa(class_proportion_weights(y), y) == pytest.approx(900)
    assert 1 / mu_from_kappa(cost_weights(y, UNBAL_COSTS), y) == pytest.approx(900)
    assert 1 / mu_from_kappa(None, y, 0.25) == pytest.approx(50)


def test_class_proportion_weights_equal_duplication():
    """(4.12) with integer k = n_neg / n_pos: the weighted mu-SVM is the mu-SVM on the positives
    repeated k times."""
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(1, 1, (6, 2)), rng.normal(-1, 1, (18, 2))])
    y = np.r_[np.ones(6), -np.ones(18)]
    s = class_proportion_weights(y)
    np.testing.assert_array_equal(np.unique(s), [1.0, 3.0])
    k = get_kernel("rbf", gamma=0.5)
    mu = mu_from_kappa(s, y)
    res = mu_svm_dual(k(X, X), y, mu, sample_weight=s)
    reps = s.astype(int)
    Xd, yd = np.repeat(X, reps, axis=0), np.repeat(y, reps)
    dup = mu_svm_dual(k(Xd, Xd), yd, mu)
    assert res.w_norm2 == pytest.approx(dup.w_norm2, rel=1e-8)
    T = rng.normal(0, 2, (50, 2))
    np.testing.assert_allclose(
        res.decision_function(k(T, X)), dup.decision_function(k(T, Xd)), atol=1e-7
    )


def test_strategies_win_their_own_metric():
    kernel = get_kernel("rbf", gamma=0.01)
    scores = {name: [] for name in ("overall", "class_proportion", "cost")}
    for seed in range(6):
        X, y = make_unbal(40, 200, random_state=seed)
        T, yt = make_unbal(random_state=100 + seed)
        K, Kt = kernel(X, X), kernel(T, X)
        for name in scores:
            s = strategy_weights(y, name, UNBAL_COSTS)
            res = mu_svm_dual(K, y, mu_from_kappa(s, y), sample_weight=s)
            b = b_geom(K @ res.coef, y, res.alpha)
            pred = np.where(Kt @ res.coef + b >= 0, 1.0, -1.0)
            p_pos, p_neg = class_errs(yt, pred)
            cost = err_cost(yt, pred, UNBAL_COSTS)
            assert cost == pytest.approx(10 * 200 * p_pos + 1000 * p_neg)
            scores[name].append((overall_err(yt, pred), cost, avg_class_err(yt, pred)))
    o, a, c = (np.mean(scores[name], axis=0) for name in scores)
    assert o[0] < a[0] < c[0]  # overall error
    assert c[1] < a[1] < o[1]  # error cost
    assert a[2] < min(o[2], c[2])  # average class error


def test_perceptron_mu_is_half_the_svm_mu():
    """Balanced classes: SVM mu = 2/n and perceptron mu = 1/n both reduce to centroids; the
    normals agree in direction (the perceptron's is (c_pos - c_neg) / 2) and its bias is 0."""
    rng = np.random.default_rng(1)
    X = np.vstack([rng.normal(1, 1, (10, 2)), rng.normal(-1, 1, (10, 2))])
    y = np.r_[np.ones(10), -np.ones(10)]
    K = X @ X.T
    svm = mu_svm_dual(K, y, 2 / 20)
    perc = perceptron_geometric_dual(K, y, 1 / 20)
    np.testing.assert_allclose(X.T @ perc.coef, 0.5 * (X.T @ svm.coef), atol=1e-12)
    assert perc.b == pytest.approx(0.0, abs=1e-12)


def test_metrics_by_hand():
    y = np.array([1, 1, 1, -1, -1, -1, -1, -1], float)
    p = np.array([1, -1, -1, -1, -1, -1, 1, -1], float)
    assert overall_err(y, p) == pytest.approx(3 / 8)
    assert class_errs(y, p) == pytest.approx((2 / 3, 1 / 5))
    assert avg_class_err(y, p) == pytest.approx(0.5 * (2 / 3 + 1 / 5))
    assert err_cost(y, p, UNBAL_COSTS) == pytest.approx(21.0)
    assert err_cost(y, p, np.arange(8.0)) == pytest.approx(1 + 2 + 6)


def test_weighting_bad_input():
    y = np.array([1.0, -1.0, -1.0])
    with pytest.raises(ValueError, match="strategy must be one of"):
        strategy_weights(y, "balanced")
    with pytest.raises(ValueError, match="costs: strategy='cost' requires costs"):
        strategy_weights(y, "cost")
    with pytest.raises(ValueError, match="costs must have the keys 1 and -1"):
        cost_weights(y, {1: 2.0})
    with pytest.raises(ValueError, match="fraction must be in"):
        mu_from_kappa(None, y, 1.5)
    with pytest.raises(ValueError, match="y_pred must contain only -1 and \\+1"):
        overall_err(y, [0.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="zero total weight"):
        mu_from_kappa(np.array([0.0, 1.0, 1.0]), y)
