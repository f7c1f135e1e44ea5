import matplotlib
import numpy as np
import pytest

from svmbook.hull import minkowski_difference
from svmbook.qp import min_norm_wrch, mu_svm_dual
from svmbook.solvers.iterates import nearest_point_iterates, nearest_points

matplotlib.use("Agg")




@pytest.fixture
def toy():
    rng = np.random.default_rng(3)
    X = np.vstack(
        [rng.normal([1.5, 0.9], 1.0, size=(12, 2)), rng.normal([-1.5, -0.9], 1.0, size=(12, 2))]
    )
    y = np.r_[np.ones(12), -np.ones(12)]
    return X, y



def test_iterates_start_at_centroid_and_follow_the_full_run(toy):
    X, y = toy
    K = X @ X.T
    alphas = nearest_point_iterates(K, y, 0.3, "sk", 5)
    assert len(alphas) == 6
    np.testing.assert_allclose(alphas[0], np.full(24, 1 / 12))
    for a in alphas:
        np.testing.assert_allclose([a[y > 0].sum(), a[y < 0].sum()], [1.0, 1.0], atol=1e-12)
        assert np.all(a <= 0.3 + 1e-12)
    # ||w|| never increases along an S-K run
    norms = [np.sqrt(a * y @ K @ (a * y)) for a in alphas]
    assert np.all(np.diff(norms) <= 1e-9)


def test_iterates_stop_when_converged(toy):
    X, y = toy
    alphas = nearest_point_iterates(X @ X.T, y, 0.3, "mdm", 500, tol=1e-6)
    assert len(alphas) < 501
    ref = mu_svm_dual(X @ X.T, y, 0.3)
    w = (alphas[-1] * y) @ X
    assert np.linalg.norm(w) ** 2 == pytest.approx(ref.w_norm2, rel=1e-4)


def test_iterates_one_class_and_bad_steps(toy):
    X, y = toy
    alphas = nearest_point_iterates(X @ X.T, y, 0.5, "gilbert", 3, one_class=True)
    assert len(alphas) == 4 and alphas[0].sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="n_steps"):
        nearest_point_iterates(X @ X.T, y, 0.5, "sk", -1)


def test_nearest_points_and_minkowski(toy):
    X, y = toy
    alpha = np.where(y > 0, 1 / 12, 1 / 12)
    p_pos, p_neg = nearest_points(X, y, alpha)
    np.testing.assert_allclose(p_pos, X[y > 0].mean(axis=0))
    np.testing.assert_allclose(p_neg, X[y < 0].mean(axis=0))
    D, pairs = minkowski_difference(X, y)
    assert D.shape == (144, 2) and pairs.shape == (144, 2)
    np.testing.assert_allclose(D[5], X[pairs[5, 0]] - X[pairs[5, 1]])
    # min-norm point of CH(P_pos - P_neg) = distance between CH(P_pos), CH(P_neg)
    # (Goodrich (2012), section 5.2.2)
    X2 = X + np.r_[np.full((12, 2), 1.5), np.zeros((12, 2))]
    D2, _ = minkowski_difference(X2, y)
    dist = np.sqrt(min_norm_wrch(D2 @ D2.T).w_norm2)
    assert dist == pytest.approx(np.sqrt(mu_svm_dual(X2 @ X2.T, y, np.inf).w_norm2), rel=1e-5)

