"""Oracles of the reference perceptron QPs (svmbook.qp.perceptron), Goodrich (2012) 2.8 and 4.5.

The perceptron kernels of Table 2.2 are y_i y_j (K + 1) (bias) or y_i y_j K (bias-free), so the
perceptron duals are the implicit-bias SVC duals of svmbook.qp.svc on K + 1 or K (an independent
formulation); the L2 rows with D = 2C are l2_svc_dual at 2C. The geometric form (4.14)/(5.31) is
checked against the perceptron dual by the rescaling alpha = alpha' / sum alpha' (section 5.9),
and weighting against duplication. Tolerances: cvxopt after polishing, 1e-7 on
unique quantities (RBF kernels: positive definite Gram, unique alpha).
"""

import numpy as np
import pytest

from svmbook.kernels import get_kernel
from svmbook.qp import (
    l2_svc_dual,
    perceptron_dual,
    perceptron_geometric_dual,
    perceptron_kernel,
    svc_dual,
)

TOL = 1e-7


def data(n=30, seed=0, shift=1.0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(shift, 1.0, (n // 2, 2)), rng.normal(-shift, 1.0, (n - n // 2, 2))])
    y = np.r_[np.ones(n // 2), -np.ones(n - n // 2)]
    return X, y


def rbf(X, gamma=0.5):
    return get_kernel("rbf", gamma=gamma)(X, X)


@pytest.mark.parametrize("bias", [True, False])
def test_hard_perceptron_is_implicit_bias_svc(bias):
    X, y = data(shift=2.5)
    K = rbf(X)
    res = perceptron_dual(K, y, loss="hard", bias=bias)
    ref = svc_dual(K + 1.0 if bias else K, y, np.inf, bias="implicit")
    np.testing.assert_allclose(res.alpha, ref.alpha, atol=TOL * ref.alpha.max())
    K_aug = K + 1.0 if bias else K
    np.testing.assert_allclose(res.decision_function(K), ref.decision_function(K_aug), atol=1e-6)
    assert res.b == pytest.approx(np.sum(res.alpha * y) if bias else 0.0)


@pytest.mark.parametrize("C", [0.1, 1.0])
def test_l1_perceptron_with_bias_is_2_53(C):
    """(2.53): the L1 perceptron with penalised bias; the thesis's threshold is -sum alpha y."""
    X, y = data(seed=1)
    K = rbf(X)
    res = perceptron_dual(K, y, loss="l1", C=C)
    ref = svc_dual(K + 1.0, y, C, bias="implicit")
    np.testing.assert_allclose(res.alpha, ref.alpha, atol=TOL)
    assert np.all(res.alpha <= C + 1e-12)
    np.testing.assert_allclose(res.decision_function(K), ref.decision_function(K + 1.0), atol=TOL)


def test_l2_perceptron_default_D_is_2C():
    X, y = data(seed=2)
    K = X @ X.T
    res = perceptron_dual(K, y, loss="l2", C=0.5)
    ref = l2_svc_dual(K + 1.0, y, 1.0, bias="implicit")  # Hessian Q + I/1 = delta/D, D = 2C = 1
    np.testing.assert_allclose(res.alpha, ref.alpha, atol=TOL)
    explicit = perceptron_dual(K, y, loss="l2", D=1.0)
    np.testing.assert_allclose(explicit.alpha, res.alpha, atol=1e-12)


@pytest.mark.parametrize(("loss", "kwargs"), [("hard", {}), ("l2", {"C": 0.3}), ("l1", {"C": 0.2})])
def test_perceptron_qp_is_min_norm_point_of_one_hull(loss, kwargs):
    """(2.54) and (4.15)/(5.31) are one classifier: alpha = alpha' / sum alpha' at mu = C / sum
    alpha' (section 5.9)."""
    X, y = data(seed=3, shift=2.0 if loss == "hard" else 1.0)
    K = rbf(X)
    ref = perceptron_dual(K, y, loss=loss, **kwargs)
    S = ref.alpha.sum()
    if loss == "l1":
        res = perceptron_geometric_dual(K, y, kwargs["C"] / S, loss="l1")
    else:
        res = perceptron_geometric_dual(K, y, loss=loss, **kwargs)
    np.testing.assert_allclose(res.alpha, ref.alpha / S, atol=TOL)
    # Same hyperplane up to the positive scale S: coef and b both scale.
    np.testing.assert_allclose(S * res.decision_function(K), ref.decision_function(K), atol=1e-6)
    assert res.alpha.sum() == pytest.approx(1.0)


def test_weighted_perceptron_equals_duplication():
    X, y = data(n=16, seed=4)
    s = np.random.default_rng(5).integers(1, 4, y.size)
    Xd, yd = np.repeat(X, s, axis=0), np.repeat(y, s)
    gram = get_kernel("rbf", gamma=0.5)
    res = perceptron_geometric_dual(gram(X, X), y, 0.1, sample_weight=s)
    dup = perceptron_geometric_dual(gram(Xd, Xd), yd, 0.1)
    assert res.objective == pytest.approx(dup.objective, rel=1e-8)
    np.testing.assert_allclose(
        res.decision_function(gram(X, X)), dup.decision_function(gram(X, Xd)), atol=1e-7
    )


def test_perceptron_kernel_table_2_2():
    X, y = data(n=6)
    K = X @ X.T
    yy = np.outer(y, y)
    np.testing.assert_allclose(perceptron_kernel(K, y), yy * K + yy)
    np.testing.assert_allclose(perceptron_kernel(K, y, bias=False), yy * K)
    s = np.arange(1.0, 7.0)
    np.testing.assert_allclose(
        perceptron_kernel(K, y, D=2.0, sample_weight=s), yy * K + yy + np.diag(1 / (2 * s))
    )


def test_perceptron_bad_input():
    X, y = data(n=6)
    K = X @ X.T
    with pytest.raises(ValueError, match="C: loss='l1' requires C"):
        perceptron_dual(K, y, loss="l1")
    with pytest.raises(ValueError, match="D: pass C"):
        perceptron_dual(K, y, loss="l2", C=1.0, D=2.0)
    with pytest.raises(ValueError, match="loss must be one of"):
        perceptron_dual(K, y, loss="hinge")
    with pytest.raises(ValueError, match="mu: loss='hard' has no reduction"):
        perceptron_geometric_dual(K, y, 0.5, loss="hard")
    with pytest.raises(ValueError, match="sample_weight: only the L2 kernel"):
        perceptron_kernel(K, y, sample_weight=np.ones(6))
    with pytest.raises(ValueError, match="mu=0.1 is infeasible"):
        perceptron_geometric_dual(K, y, 0.1)
