"""svmbook.svm.formulations: each adapter against its cvxopt formulation in svmbook.qp.

The oracles are written from the textbook statement, not through the adapters, so a shared bug
cannot hide. Compared on seeded problems: the objective, the KKT conditions of the adapter's
solution, and the decision values (alphas are compared only where they are unique).
"""

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_regression
from sklearn.metrics.pairwise import rbf_kernel

from svmbook.qp import min_norm_wrch, mu_svm_dual, svc_dual, svr_dual
from svmbook.svm import formulations as F

TOL = 1e-9  # the adapters' stopping tolerance here
KKT = 1e-6  # slack allowed in the KKT conditions at that tolerance


def _classification(seed, n=80):
    X, y = make_classification(n_samples=n, n_features=5, flip_y=0.1, random_state=seed)
    return np.where(y == 1, 1.0, -1.0), rbf_kernel(X, gamma=0.3)


def _regression(seed, n=60):
    X, z = make_regression(n_samples=n, n_features=4, noise=5.0, random_state=seed)
    return z / z.std(), rbf_kernel(X, gamma=0.2)


def _decision(K, res):
    return K @ res.dual_coef + res.intercept


def _assert_box_kkt(alpha, upper, slack, scale=1.0):
    """Assert the KKT conditions of a box-constrained dual.

    ``slack_i >= 0`` at the lower bound, ``= 0`` between the bounds, ``<= 0`` at the upper bound
    (``slack``: the margin of each variable, e.g. y f - 1).
    """
    lower = alpha <= 0
    at_upper = alpha >= upper
    free = ~lower & ~at_upper
    assert np.all(slack[lower] >= -KKT * scale)
    assert np.all(np.abs(slack[free]) <= KKT * scale)
    assert np.all(slack[at_upper] <= KKT * scale)


@pytest.mark.parametrize("seed", [0, 3])
def test_c_svc_matches_svc_dual(seed):
    """Check that solve_c_svc matches svc_dual."""
    y, K = _classification(seed)
    ours = F.solve_c_svc(K, y, 2.0, tol=TOL)
    ref = svc_dual(K, y, 2.0)
    np.testing.assert_allclose(ours.objective, ref.objective, rtol=1e-6)
    # the objective the core reports is the objective of the alpha it returns
    Q = y[:, None] * y[None, :] * K
    a = ours.alpha
    np.testing.assert_allclose(ours.objective, 0.5 * a @ Q @ a - a.sum(), rtol=1e-6)
    f = _decision(K, ours)
    _assert_box_kkt(a, ours.upper_bound, y * f - 1.0)
    # decision values agree (alphas need not be unique, f is)
    np.testing.assert_allclose(f, K @ ref.coef + ref.b, atol=1e-4)


@pytest.mark.parametrize("seed", [0, 3])
def test_c_svc_decomposition_matches_svc_dual(seed):
    """Check that solve_c_svc_decomposition matches svc_dual."""
    y, K = _classification(seed)
    ours = F.solve_c_svc_decomposition(K, y, 2.0, q=10, tol=TOL)
    ref = svc_dual(K, y, 2.0)
    np.testing.assert_allclose(ours.objective, ref.objective, rtol=1e-6)
    _assert_box_kkt(ours.alpha, ours.upper_bound, y * _decision(K, ours) - 1.0)
    np.testing.assert_allclose(_decision(K, ours), K @ ref.coef + ref.b, atol=1e-4)
    assert ours.raw.n_outer == ours.n_iter


@pytest.mark.parametrize("seed", [1, 2])
def test_epsilon_svr_matches_svr_dual(seed):
    """Check that solve_epsilon_svr matches svr_dual."""
    z, K = _regression(seed)
    ours = F.solve_epsilon_svr(K, z, 3.0, 0.2, tol=TOL)
    ref = svr_dual(K, z, 3.0, epsilon=0.2)
    np.testing.assert_allclose(ours.objective, ref.objective, rtol=1e-6)
    f = _decision(K, ours)
    n = z.shape[0]
    residual = z - f
    _assert_box_kkt(ours.alpha[:n], ours.upper_bound[:n], 0.2 - residual)  # alpha: f <= z - eps
    _assert_box_kkt(ours.alpha[n:], ours.upper_bound[n:], 0.2 + residual)  # alpha*: f >= z + eps
    np.testing.assert_allclose(f, K @ ref.coef + ref.b, atol=1e-4)


@pytest.mark.parametrize("seed", [1, 2])
def test_nu_svr_is_epsilon_svr_at_its_tube(seed):
    """nu-SVR's solution is eps-SVR's at the learned tube half-width (Schoelkopf et al. 2000)."""
    z, K = _regression(seed)
    ours = F.solve_nu_svr(K, z, 0.4, 3.0, tol=TOL)
    eps = ours.extra["epsilon"]
    ref = svr_dual(K, z, 3.0, epsilon=eps)
    # LIBSVM's nu-SVR objective leaves out the tube term eps * sum |beta|
    beta = ours.dual_coef
    np.testing.assert_allclose(ours.objective + eps * np.abs(beta).sum(), ref.objective, rtol=1e-6)
    np.testing.assert_allclose(_decision(K, ours), K @ ref.coef + ref.b, atol=1e-4)


@pytest.mark.parametrize("seed", [0, 3])
def test_nu_svc_is_the_mu_svm(seed):
    """Check nu-SVC's nearest-point solvers against its SMO solution.

    nu-SVC (class sums nu n / 2, bounds 1) is the mu-SVM with ``mu = 2 / (nu n)`` scaled by
    ``nu n / 2``; LIBSVM divides by its margin, which makes the decision function the mu-SVM's
    divided by rho of (4.8).
    """
    y, K = _classification(seed)
    nu = 0.4
    ours = F.solve_nu_svc(K, y, nu, tol=TOL)
    ref = mu_svm_dual(K, y, 2.0 / (nu * y.shape[0]))
    np.testing.assert_allclose(ours.objective, ref.objective / ref.rho**2, rtol=1e-5)
    np.testing.assert_allclose(_decision(K, ours), (K @ ref.coef + ref.b) / ref.rho, atol=1e-4)
    # LIBSVM's C-SVC at C = 1/r has the same solution
    c_svc = F.solve_c_svc(K, y, 1.0 / ours.extra["r"], tol=TOL)
    _assert_box_kkt(c_svc.alpha, c_svc.upper_bound, y * _decision(K, ours) - 1.0, scale=1e2)


@pytest.mark.parametrize("seed", [0, 3])
def test_one_class_is_the_min_norm_point_of_the_reduced_hull(seed):
    """Check the one-class nearest-point solvers against its SMO solution.

    One-class (sum nu n, bounds 1) is the minimum-norm point of the reduced hull with
    ``mu = 1 / (nu n)`` (Goodrich section 5.9) scaled by ``nu n``.
    """
    _, K = _classification(seed)
    nu = 0.3
    n = K.shape[0]
    ours = F.solve_one_class(K, nu, tol=TOL)
    ref = min_norm_wrch(K, 1.0 / (nu * n))
    scale = nu * n
    np.testing.assert_allclose(ours.objective, scale**2 * ref.objective, rtol=1e-6)
    np.testing.assert_allclose(K @ ours.dual_coef, scale * (K @ ref.coef), atol=1e-4)
    # KKT: the score K alpha is the offset on free variables, above it at 0, below at the bound
    _assert_box_kkt(ours.alpha, ours.upper_bound, K @ ours.alpha - ours.offset)
    np.testing.assert_allclose(ours.intercept, -ours.offset)


def test_one_result_type():
    """Every adapter fills the same fields, with an int status and the solve's time."""
    y, K = _classification(0, n=30)
    z, Kz = _regression(1, n=30)
    results = [
        F.solve_c_svc(K, y),
        F.solve_nu_svc(K, y, 0.5),
        F.solve_one_class(K, 0.5),
        F.solve_epsilon_svr(Kz, z),
        F.solve_nu_svr(Kz, z),
        F.solve_c_svc_decomposition(K, y, q=4),
    ]
    for res in results:
        assert isinstance(res, F.FormulationResult)
        assert isinstance(res.status, int) and res.converged
        assert res.time > 0 and res.n_iter > 0
        np.testing.assert_array_equal(res.support, np.flatnonzero(res.dual_coef != 0))


def test_c_svc_many_equals_c_svc_on_each_subset():
    """solve_c_svc_many is solve_c_svc on each problem's samples, bit for bit, with class and
    sample weights (a zero weight drops a sample), a warm start, and rows seen through a subset."""
    from svmbook.kernels import get_kernel
    from svmbook.solvers.cache import prefill, row_cache

    X, y = make_classification(n_samples=240, n_features=6, n_classes=3, n_informative=4,
                               random_state=5)  # fmt: skip
    k = get_kernel("rbf", gamma=0.2)
    rows = row_cache(X=X, kernel=k)
    prefill(rows.cache, rows.source)
    w = np.random.default_rng(0).uniform(0.5, 2.0, 240)
    w[::17] = 0.0
    problems = []
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        idx = np.flatnonzero((y == a) | (y == b))
        problems.append((idx, y[idx], {a: 2.0, b: 0.5}, w[idx], None))
    first = F.solve_c_svc_many(rows, problems, C=3.0)
    # warm start from the first answers at another C
    warm = [p[:4] + (res.alpha * 0.5,) for p, res in zip(problems, first, strict=True)]
    for many, probs in [(first, problems), (F.solve_c_svc_many(rows, warm, C=1.5), warm)]:
        C = 3.0 if many is first else 1.5
        for res, (idx, yy, cw, sw, a0) in zip(many, probs, strict=True):
            one = F.solve_c_svc(None, yy, C, kernel=rows.subset(idx), class_weight=cw,
                                sample_weight=sw, alpha0=a0)  # fmt: skip
            np.testing.assert_array_equal(res.alpha, one.alpha)
            np.testing.assert_array_equal(res.dual_coef, one.dual_coef)
            np.testing.assert_array_equal(res.upper_bound, one.upper_bound)
            assert (res.intercept, res.objective, res.n_iter) == (one.intercept, one.objective,
                                                                  one.n_iter)  # fmt: skip
            np.testing.assert_array_equal(res.extra["n_support"], one.extra["n_support"])
    # a subset view: its samples index the view's points
    view = rows.subset(np.arange(240)[::-1])
    idx = np.flatnonzero(y[::-1] != 2)
    res = F.solve_c_svc_many(view, [(idx, y[::-1][idx], None, None, None)])[0]
    one = F.solve_c_svc(None, y[::-1][idx], 1.0, kernel=view.subset(idx))
    np.testing.assert_array_equal(res.alpha, one.alpha)


def test_c_svc_many_rejects_bad_problems():
    """Check that solve_c_svc_many names the problem it rejects and the cause."""
    from svmbook.solvers.cache import row_cache

    rows = row_cache(K=np.eye(4), cache_size=1.0)
    good = ([0, 1], [0, 1], None, None, None)
    with pytest.raises(ValueError, match="problem 1: y must hold exactly two classes"):
        F.solve_c_svc_many(rows, [good, ([0, 1], [1, 1], None, None, None)])
    with pytest.raises(ValueError, match="problem 0: samples must index the 4 points"):
        F.solve_c_svc_many(rows, [([0, 4], [0, 1], None, None, None)])
    with pytest.raises(ValueError, match="C"):
        F.solve_c_svc_many(rows, [good], C=-1.0)
    with pytest.raises(TypeError, match="rows must be a"):
        F.solve_c_svc_many(np.eye(4), [good])
