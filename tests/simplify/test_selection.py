"""Reduced-set selection by L1 shrinkage and by kernel PCA (Nguyen 2006, section 3.2)."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from svmbook import SVC
from svmbook.qp import l1_reduced_set, l1_weights
from svmbook.simplify import (
    MergeKernel,
    kpca_selection,
    l1_selection,
    marginal_differences,
    top_down,
)
from svmbook.simplify.selection import _lasso


@pytest.fixture(scope="module")
def machine():
    X, y = make_moons(200, noise=0.2, random_state=0)
    model = SVC(gamma=1.0, C=10.0).fit(X, y)
    return model.support_vectors_, model.dual_coef_[0], MergeKernel("rbf", gamma=1.0)


@pytest.mark.parametrize("lam", [0.05, 0.5, 3.0])
def test_fast_lasso_matches_the_cvxopt_qp(machine, lam):
    """Check coordinate descent with its exact polish against the certified cvxopt QP."""
    X, alpha, kernel = machine
    K = kernel(X, X)
    pen = lam * l1_weights(alpha)
    beta, certified = _lasso(K, K @ alpha, pen, np.zeros(alpha.size), 10_000, 1e-9)
    ref = l1_reduced_set(K, alpha, lam)
    assert certified and ref.status == 0
    E = (alpha - beta) @ K @ (alpha - beta) + pen @ np.abs(beta)
    assert E == pytest.approx(ref.objective, rel=1e-9)
    np.testing.assert_array_equal(np.flatnonzero(beta), ref.support)
    np.testing.assert_allclose(beta, ref.beta, atol=1e-6 * np.max(np.abs(ref.beta)))


def test_l1_selection_targets(machine):
    X, alpha, kernel = machine
    r = l1_selection(X, alpha, kernel, lam=0.5, refit=False)
    np.testing.assert_allclose(r.beta, l1_reduced_set(kernel(X, X), alpha, 0.5).beta[r.index],
                               atol=1e-6)  # fmt: skip
    # the size target: the smallest penalty on the path keeping at most 10
    r = l1_selection(X, alpha, kernel, n_vectors=10)
    assert r.index.size <= 10
    assert l1_selection(X, alpha, kernel, lam=r.lam * 0.999).index.size > r.index.size - 1
    # the MMD target, after the refit: the value the result reports is the true one
    r = l1_selection(X, alpha, kernel, theta=0.1)
    md = marginal_differences(X, alpha, r.Z, r.beta, kernel)
    assert r.mmd == pytest.approx(md.max()) and r.mmd <= 0.1
    assert r.index.size < alpha.size
    np.testing.assert_array_equal(r.Z, X[r.index])


def test_kpca_selection(machine):
    X, alpha, kernel = machine
    r = kpca_selection(X, alpha, kernel, n_vectors=10)
    assert r.index.size == 10 and r.lam is None
    assert r.mmd == pytest.approx(marginal_differences(X, alpha, r.Z, r.beta, kernel).max())
    # without the refit the threshold holds for the returned weights
    r = kpca_selection(X, alpha, kernel, theta=0.2, refit=False)
    assert r.mmd <= 0.2 and r.index.size < alpha.size
    again = kpca_selection(X, alpha, kernel, theta=0.2, refit=False)
    np.testing.assert_array_equal(r.index, again.index)


def test_kpca_removes_a_duplicate_first_and_exactly():
    """Check a vector that equals another: a zero eigenvalue, so it leaves with no error."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(6, 2))
    X = np.vstack([X, X[2]])
    alpha = np.array([1.0, -0.5, 0.7, 0.3, -1.2, 0.4, 0.9])
    kernel = MergeKernel("rbf", gamma=0.7)
    r = kpca_selection(X, alpha, kernel, n_vectors=6, refit=False)
    assert r.mmd < 1e-9 and r.distance2 < 1e-9
    assert 2 in r.index or 6 in r.index


def test_top_down_mmd_target(machine):
    X, alpha, kernel = machine
    r = top_down(X, alpha, kernel, theta=0.2)
    assert r.mmd <= 0.2 and r.Z.shape[0] < alpha.size
    capped = top_down(X, alpha, kernel, 3, theta=1e-6)
    assert capped.Z.shape[0] == 3


def test_bad_input(machine):
    X, alpha, kernel = machine
    for fn in (l1_selection, kpca_selection):
        with pytest.raises(ValueError, match="n_vectors .a size. or theta"):
            fn(X, alpha, kernel)
        with pytest.raises(ValueError, match="n_vectors"):
            fn(X, alpha, kernel, n_vectors=0)
        with pytest.raises(ValueError, match="theta"):
            fn(X, alpha, kernel, theta=-1.0)
        with pytest.raises(TypeError, match="MergeKernel"):
            fn(X, alpha, "rbf", n_vectors=3)
    with pytest.raises(ValueError, match="lam, or the targets"):
        l1_selection(X, alpha, kernel, lam=1.0, n_vectors=3)
    with pytest.raises(ValueError, match="lam"):
        l1_selection(X, alpha, kernel, lam=-1.0)
    with pytest.raises(ValueError, match="n_vectors .a size. or theta"):
        top_down(X, alpha, kernel)
