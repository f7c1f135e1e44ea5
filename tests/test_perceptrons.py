"""Rosenblatt's perceptron and the AdaTron (svmbook.perceptrons), Goodrich (2012) Algs. 1 and 2.

Oracles: separability in finitely many epochs with Novikoff's mistake bound (R / gamma)^2 for
Rosenblatt; the hard-margin bias-free SVC dual (2.46) of svmbook.qp (cvxopt, implicit bias) for
the AdaTron's fixed point, to the stopping tolerance: with tol = 1e-10 on the KKT residuals of a
positive definite problem, the alphas agree to ~1e-7 relative.
"""

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from svmbook.datasets import make_blobs2d, make_linear2d
from svmbook.kernels import get_kernel
from svmbook.perceptrons import adatron, augment_bias, rosenblatt
from svmbook.qp import perceptron_dual, svc_dual


def test_rosenblatt_separates_within_novikoff_bound():
    X, y = make_linear2d(60, margin=0.3, random_state=0)  # separable through the origin
    K = X @ X.T
    res = rosenblatt(K, y)
    assert res.converged
    assert np.all(y * res.decision_function(K) > 0)
    # Mistakes = sum |alpha| <= (R / gamma)^2 with gamma = 1 / ||w*|| of the bias-free SVM.
    w_norm2 = svc_dual(K, y, np.inf, bias="implicit").w_norm2
    R2 = np.max(np.diag(K))
    assert np.abs(res.alpha).sum() <= R2 * w_norm2
    assert np.all(res.alpha * y >= 0)  # signed counts: alpha_k accumulates y_k


def test_rosenblatt_with_bias_by_augmentation():
    X, y = make_blobs2d(40, separation=8.0, random_state=1)
    Z = augment_bias(X + 5.0)  # shifted: needs a bias
    np.testing.assert_allclose(Z @ Z.T, (X + 5.0) @ (X + 5.0).T + 1.0)
    res = rosenblatt(Z @ Z.T, y, max_epochs=10000)
    assert res.converged and np.all(y * res.decision_function(Z @ Z.T) > 0)


def test_rosenblatt_inseparable_warns():
    X, y = make_blobs2d(40, separation=0.5, random_state=2)
    with pytest.warns(ConvergenceWarning, match="max_epochs=5"):
        res = rosenblatt(X @ X.T, y, max_epochs=5)
    assert not res.converged and res.n_iter == 5


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_adatron_converges_to_bias_free_hard_margin_svm(kernel):
    X, y = make_linear2d(40, margin=0.3, random_state=3)
    K = X @ X.T if kernel == "linear" else get_kernel("rbf", gamma=1.0)(X, X)
    ref = svc_dual(K, y, np.inf, bias="implicit")
    res = adatron(K, y, tol=1e-10)
    assert res.converged
    np.testing.assert_allclose(res.decision_function(K), ref.decision_function(K), atol=1e-6)
    if kernel == "rbf":  # unique alpha
        np.testing.assert_allclose(res.alpha, ref.alpha, atol=1e-6 * ref.alpha.max())


def test_adatron_with_bias_is_the_hard_perceptron_2_51():
    X, y = make_blobs2d(30, separation=6.0, random_state=4)
    K = X @ X.T
    res = adatron(K + 1.0, y, tol=1e-10)
    ref = perceptron_dual(K, y, loss="hard", bias=True)
    np.testing.assert_allclose(res.decision_function(K + 1.0), ref.decision_function(K), atol=1e-6)


def test_adatron_parallel_mode():
    X, y = make_linear2d(20, margin=0.4, random_state=5)
    K = get_kernel("rbf", gamma=1.0)(X, X)
    ref = svc_dual(K, y, np.inf, bias="implicit")
    res = adatron(K, y, mode="parallel", eta=0.1, tol=1e-9, max_iter=200000)
    assert res.converged
    np.testing.assert_allclose(res.decision_function(K), ref.decision_function(K), atol=1e-6)


def test_adatron_printed_stability_stop():
    X, y = make_linear2d(30, margin=0.3, random_state=6)
    K = X @ X.T
    res = adatron(K, y, delta=0.9)
    assert res.converged and np.min(y * res.decision_function(K)) >= 0.9
    with pytest.raises(ValueError, match="delta must be < 1"):
        adatron(K, y, delta=1.0)


def test_adatron_bad_input_and_budget():
    X, y = make_blobs2d(20, separation=0.5, random_state=7)
    K = X @ X.T
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        adatron(K, y, max_iter=3)
    with pytest.raises(ValueError, match="mode must be one of"):
        adatron(K, y, mode="batch")
    with pytest.raises(ValueError, match="eta must be > 0"):
        adatron(K, y, eta=0.0)
    with pytest.raises(ValueError, match="max_iter must be >= 1, got 0"):
        adatron(K, y, max_iter=0)
    with pytest.raises(ValueError, match="K must have a positive diagonal"):
        adatron(np.zeros((20, 20)), y)
    with pytest.raises(ValueError, match="X must be 2-D"):
        augment_bias(np.ones(3))
