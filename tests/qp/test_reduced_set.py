"""The cvxopt L1 reduced-set QP, Nguyen (2006) (3.18)-(3.20), corrected."""

import numpy as np
import pytest

from svmbook.qp import l1_reduced_set, l1_weights


def _problem(seed=0, n=25):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    K = np.exp(-0.5 * np.sum((X[:, None] - X[None]) ** 2, axis=-1))
    alpha = rng.uniform(0.1, 2.0, n) * rng.choice([-1.0, 1.0], n)
    return K, alpha


def test_weights_use_the_mean_absolute_weight():
    np.testing.assert_allclose(l1_weights([1.0, -3.0]), [2.0, 2.0 / 3.0])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_certified_and_optimal_against_perturbations(seed):
    K, alpha = _problem(seed)
    lam = 0.3
    r = l1_reduced_set(K, alpha, lam)
    assert r.status == 0, r.message
    c = l1_weights(alpha)

    def E(b):
        return (alpha - b) @ K @ (alpha - b) + lam * c @ np.abs(b)

    assert r.objective == pytest.approx(E(r.beta), rel=1e-12)
    rng = np.random.default_rng(seed)
    for _ in range(50):  # convex: no nearby point is better
        assert E(r.beta + 1e-4 * rng.normal(size=alpha.size)) >= r.objective - 1e-10
    assert 0 < r.support.size < alpha.size


def test_limits_of_the_penalty():
    """Check lam = 0 reproduces Psi exactly and a penalty above lambda_max zeroes every weight."""
    K, alpha = _problem(3, n=8)
    r0 = l1_reduced_set(K, alpha, 0.0)
    assert r0.objective == pytest.approx(0.0, abs=1e-8)
    lam_max = np.max(2 * np.abs(K @ alpha) / l1_weights(alpha))
    big = l1_reduced_set(K, alpha, 1.01 * lam_max)
    np.testing.assert_allclose(big.beta, 0.0, atol=1e-7)
    assert big.support.size == 0 or np.max(np.abs(big.beta)) < 1e-7


def test_bad_input():
    K, alpha = _problem()
    with pytest.raises(ValueError, match="lam"):
        l1_reduced_set(K, alpha, -1.0)
    with pytest.raises(ValueError, match="c must be finite and > 0"):
        l1_reduced_set(K, alpha, 1.0, c=np.zeros(alpha.size))
    with pytest.raises(ValueError, match="K"):
        l1_reduced_set(K[:3], alpha, 1.0)
