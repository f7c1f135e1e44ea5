"""Tests of the SMO core (svmbook.solvers) and its LIBSVM formulations (svmbook.svm.formulations).

Faithful mode: on the same data, tolerance and kernel values, the core must retrace LIBSVM's
iterations, so scikit-learn's ``n_iter_`` is compared with ``==`` and the support sets as sets.
With ``kernel="precomputed"`` both solvers read the very same float64 Gram matrix and round it to
the same float32 values, so rho and the dual coefficients agree to the last bit in practice
(asserted to 1e-12). With an RBF kernel computed on demand the float64 kernel values come from
different BLAS calls (one GEMM row batch here, one ``ddot`` per entry in LIBSVM); they can differ
in the last bit, which after rounding to float32 moves a value by one float32 ulp in rare entries;
on these data sets the iteration counts are still identical and rho agrees to ~1e-9.
"""

import contextlib
import warnings

import numpy as np
import pytest
from sklearn import svm
from sklearn.datasets import load_breast_cancer, load_digits, make_classification, make_regression
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.preprocessing import StandardScaler

from svmbook.kernels import get_kernel
from svmbook.solvers import solve
from svmbook.solvers.cache import get_row, kernel_source, make_cache, row_cache
from svmbook.svm import formulations as F

# --------------------------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------------------------


def _scale_gamma(X):
    return 1.0 / (X.shape[1] * X.var())


def _classification(name):
    if name == "make_classification":
        X, y = make_classification(n_samples=600, n_features=20, random_state=0)
    elif name == "breast_cancer":
        X, y = load_breast_cancer(return_X_y=True)
        X = StandardScaler().fit_transform(X)
    elif name == "digits0":
        X, t = load_digits(return_X_y=True)
        X = X.astype(np.float64)
        y = (t == 0).astype(int)
    else:
        raise ValueError(name)
    return np.ascontiguousarray(X), y


@pytest.fixture(scope="module")
def regression():
    """Return the shared ``regression`` test problem."""
    X, z = make_regression(n_samples=400, n_features=10, noise=10.0, random_state=0)
    z = (z - z.mean()) / z.std()
    return X, z, rbf_kernel(X, gamma=_scale_gamma(X))


def _match(ours, sk, *, rtol=1e-12):
    """Assert the same support set, dual coefficients and intercept as a fitted sklearn model."""
    assert set(ours.support.tolist()) == set(sk.support_.tolist())
    order = np.argsort(sk.support_)
    np.testing.assert_allclose(
        ours.dual_coef[sk.support_[order]], sk.dual_coef_[0][order], rtol=rtol, atol=rtol
    )
    np.testing.assert_allclose(ours.intercept, sk.intercept_[0], rtol=rtol, atol=rtol)


def _violation(K, y, alpha, C, p):
    """m(alpha) - M(alpha) of Keerthi et al. / Fan et al., computed from scratch in float64."""
    G = (y[:, None] * y[None, :] * K) @ alpha + p
    up = ((y > 0) & (alpha < C)) | ((y < 0) & (alpha > 0))
    low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < C))
    return np.max(-y[up] * G[up]) - np.min(-y[low] * G[low])


# --------------------------------------------------------------------------------------------
# faithful mode vs scikit-learn's LIBSVM
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["make_classification", "breast_cancer", "digits0"])
@pytest.mark.parametrize("shrinking", [True, False])
def test_c_svc_precomputed_matches_libsvm(name, shrinking):
    """Check that C-SVC on a Gram matrix matches LIBSVM."""
    X, y = _classification(name)
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    ours = F.solve_c_svc(K, y, 1.0, shrinking=shrinking)
    sk = svm.SVC(kernel="precomputed", shrinking=shrinking).fit(K, y)
    assert ours.n_iter == sk.n_iter_[0]
    _match(ours, sk)
    assert ours.status == 0 == sk.fit_status_


@pytest.mark.parametrize(
    "name, n_iter", [("make_classification", 478), ("breast_cancer", 212), ("digits0", 146)]
)
def test_c_svc_rbf_kernel_rows_match_libsvm(name, n_iter):
    """Check that C-SVC on RBF kernel rows matches LIBSVM."""
    X, y = _classification(name)
    gamma = _scale_gamma(X)
    ours = F.solve_c_svc(X, y, 1.0, kernel=get_kernel("rbf", gamma=gamma))
    sk = svm.SVC(kernel="rbf", gamma=gamma).fit(X, y)
    assert ours.n_iter == sk.n_iter_[0] == n_iter
    _match(ours, sk, rtol=1e-8)


def test_c_svc_weights_match_libsvm():
    """Check that weighted C-SVC matches LIBSVM."""
    X, y = _classification("make_classification")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    sw = np.random.default_rng(0).uniform(0.0, 2.0, y.shape[0])
    sw[:10] = 0.0  # removed before solving, as sklearn's remove_zero_weight
    cw = {0: 2.0, 1: 0.5}
    ours = F.solve_c_svc(K, y, 3.0, class_weight=cw, sample_weight=sw)
    sk = svm.SVC(kernel="precomputed", C=3.0, class_weight=cw).fit(K, y, sample_weight=sw)
    assert ours.n_iter == sk.n_iter_[0]
    # sklearn's support_ indexes the samples left after dropping zero weights; ours the input
    kept = np.flatnonzero(sw > 0)
    assert set(ours.support.tolist()) == set(kept[sk.support_].tolist())
    order = np.argsort(sk.support_)
    np.testing.assert_allclose(
        ours.dual_coef[kept[sk.support_[order]]], sk.dual_coef_[0][order], rtol=1e-12
    )
    np.testing.assert_allclose(ours.intercept, sk.intercept_[0], rtol=1e-12)
    assert np.all(ours.alpha[:10] == 0)
    assert np.all(ours.alpha <= ours.upper_bound)
    np.testing.assert_allclose(
        ours.upper_bound[kept], sw[kept] * 3.0 * np.where(y[kept] == 0, 2.0, 0.5)
    )


def test_c_svc_balanced_class_weight_matches_libsvm():
    """Check that C-SVC with balanced class weights matches LIBSVM."""
    X, y = _classification("digits0")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    ours = F.solve_c_svc(K, y, 1.0, class_weight="balanced")
    sk = svm.SVC(kernel="precomputed", class_weight="balanced").fit(K, y)
    assert ours.n_iter == sk.n_iter_[0]
    _match(ours, sk)


@pytest.mark.parametrize("nu", [0.1, 0.4])
def test_nu_svc_matches_libsvm(nu):
    """Check that nu-SVC matches LIBSVM."""
    X, y = _classification("make_classification")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    ours = F.solve_nu_svc(K, y, nu)
    sk = svm.NuSVC(kernel="precomputed", nu=nu).fit(K, y)
    assert ours.n_iter == sk.n_iter_[0]
    _match(ours, sk)
    # dual_coef = y alpha / r: the nu-SVC solution is a C-SVC solution with C = 1/r
    C = 1.0 / ours.extra["r"]
    np.testing.assert_allclose(ours.upper_bound, C)
    assert np.all(np.abs(ours.dual_coef) <= C * (1 + 1e-12))


def test_nu_svc_infeasible_nu_raises():
    """Check that an infeasible nu raises in nu-SVC."""
    X, y = _classification("digits0")  # 178 zeros among 1797: nu <= 2 * 178 / 1797
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    with pytest.raises(ValueError, match="nu=0.5 is infeasible"):
        F.solve_nu_svc(K, y, 0.5)


@pytest.mark.parametrize("nu", [0.1, 0.5])
def test_one_class_matches_libsvm(nu):
    """Check that the one-class SVM matches LIBSVM."""
    X, _ = _classification("digits0")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    ours = F.solve_one_class(K, nu)
    sk = svm.OneClassSVM(kernel="precomputed", nu=nu).fit(K)
    assert ours.n_iter == sk.n_iter_
    _match(ours, sk)
    np.testing.assert_allclose(ours.offset, sk.offset_[0], rtol=1e-12)
    np.testing.assert_allclose(ours.alpha.sum(), nu * K.shape[0], rtol=1e-12)


@pytest.mark.parametrize("C, epsilon", [(1.0, 0.1), (10.0, 0.5)])
def test_epsilon_svr_matches_libsvm(regression, C, epsilon):
    """Check that epsilon-SVR matches LIBSVM."""
    _, z, K = regression
    ours = F.solve_epsilon_svr(K, z, C, epsilon)
    sk = svm.SVR(kernel="precomputed", C=C, epsilon=epsilon).fit(K, z)
    assert ours.n_iter == sk.n_iter_
    _match(ours, sk)


def test_weighted_regression_and_one_class_match_libsvm(regression):
    """Check that weighted regression and one-class SVM match LIBSVM."""
    X, z, K = regression
    sw = np.random.default_rng(1).uniform(0.0, 3.0, z.shape[0])
    sw[::7] = 0.0
    kept = np.flatnonzero(sw > 0)
    for ours, sk in [
        (
            F.solve_epsilon_svr(K, z, 2.0, 0.1, sample_weight=sw),
            svm.SVR(kernel="precomputed", C=2.0).fit(K, z, sample_weight=sw),
        ),
        (
            F.solve_nu_svr(K, z, 0.3, 2.0, sample_weight=sw),
            svm.NuSVR(kernel="precomputed", nu=0.3, C=2.0).fit(K, z, sample_weight=sw),
        ),
        (
            F.solve_one_class(K, 0.3, sample_weight=sw),
            svm.OneClassSVM(kernel="precomputed", nu=0.3).fit(K, sample_weight=sw),
        ),
    ]:
        assert ours.n_iter == sk.n_iter_
        assert set(ours.support.tolist()) == set(kept[sk.support_].tolist())
        order = np.argsort(sk.support_)
        np.testing.assert_allclose(
            ours.dual_coef[kept[sk.support_[order]]], sk.dual_coef_[0][order], rtol=1e-12
        )
        np.testing.assert_allclose(ours.intercept, sk.intercept_[0], rtol=1e-12)


def test_one_class_nu_one_and_hard_margin_c():
    """Check the one-class SVM at nu = 1 and C-SVC at a hard-margin C."""
    _, _, K = _small_problem(n=30)
    res = F.solve_one_class(K, 1.0)  # every alpha at its bound: nothing to optimise
    np.testing.assert_allclose(res.alpha, 1.0)
    _, y, K = _small_problem(n=30)  # separable by the RBF kernel: C=inf is the hard margin
    ours = F.solve_c_svc(K, y, np.inf)
    sk = svm.SVC(C=np.inf, kernel="precomputed").fit(K, y)
    assert ours.status == 0 and ours.n_iter == sk.n_iter_[0]
    np.testing.assert_allclose(ours.intercept, sk.intercept_[0], rtol=1e-8)


def test_epsilon_svr_rbf_kernel_rows_match_libsvm(regression):
    """Check that epsilon-SVR on RBF kernel rows matches LIBSVM."""
    X, z, _ = regression
    gamma = _scale_gamma(X)
    ours = F.solve_epsilon_svr(X, z, 1.0, 0.1, kernel=get_kernel("rbf", gamma=gamma))
    sk = svm.SVR(gamma=gamma).fit(X, z)
    assert ours.n_iter == sk.n_iter_
    _match(ours, sk, rtol=1e-8)


@pytest.mark.parametrize("nu", [0.2, 0.6])
def test_nu_svr_matches_libsvm(regression, nu):
    """Check that nu-SVR matches LIBSVM."""
    _, z, K = regression
    ours = F.solve_nu_svr(K, z, nu, 1.0)
    sk = svm.NuSVR(kernel="precomputed", nu=nu, C=1.0).fit(K, z)
    assert ours.n_iter == sk.n_iter_
    _match(ours, sk)
    assert ours.extra["epsilon"] > 0


# --------------------------------------------------------------------------------------------
# optimality against the cvxopt oracles (svmbook.qp) and from scratch
# --------------------------------------------------------------------------------------------


def _small_problem(n=80, seed=3):
    X, y = make_classification(n_samples=n, n_features=5, flip_y=0.1, random_state=seed)
    return X, np.where(y == 1, 1.0, -1.0), rbf_kernel(X, gamma=0.3)


@pytest.mark.parametrize("tol", [1e-3, 1e-6])
@pytest.mark.parametrize("shrinking", [True, False])
def test_kkt_violation_below_tol(tol, shrinking):
    """Check that the final KKT violation is below tol."""
    X, y = _classification("breast_cancer")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    y_int = np.where(y == 0, 1.0, -1.0)  # LIBSVM's labelling: classes[0] is +1
    ours = F.solve_c_svc(K, y, 1.0, tol=tol, shrinking=shrinking)
    # G from float64 K differs from the solver's float32-K gradient by ~1e-7 * sum(alpha)
    assert _violation(K, y_int, ours.alpha, 1.0, -np.ones(len(y))) < tol + 1e-5
    np.testing.assert_allclose(ours.alpha @ y_int, 0.0, atol=1e-10)
    assert np.all((ours.alpha >= 0) & (ours.alpha <= 1.0))


# --------------------------------------------------------------------------------------------
# shrinking, warm start, max_iter, determinism, cache
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["make_classification", "breast_cancer", "digits0"])
def test_shrinking_does_not_change_the_solution(name):
    """Shrinking skips only variables WSS cannot pick, so it leaves the trajectory alone.

    LIBSVM agrees: scikit-learn's n_iter_ is the same with and without shrinking on these data
    (asserted here too, so the test states what LIBSVM actually does).
    """
    X, y = _classification(name)
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    on = F.solve_c_svc(K, y, 1.0, shrinking=True)
    off = F.solve_c_svc(K, y, 1.0, shrinking=False)
    sk_on = svm.SVC(kernel="precomputed", shrinking=True).fit(K, y).n_iter_[0]
    sk_off = svm.SVC(kernel="precomputed", shrinking=False).fit(K, y).n_iter_[0]
    assert on.n_iter == off.n_iter == sk_on == sk_off
    np.testing.assert_array_equal(on.support, off.support)
    np.testing.assert_allclose(on.alpha, off.alpha, rtol=0, atol=1e-12)
    np.testing.assert_allclose(on.offset, off.offset, rtol=1e-12)


def test_warm_start_from_optimum_stops_at_once():
    """Check that a warm start at the optimum stops at once."""
    X, y = _classification("make_classification")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    cold = F.solve_c_svc(K, y, 1.0)
    warm = F.solve_c_svc(K, y, 1.0, alpha0=cold.alpha)
    assert warm.n_iter <= 1
    np.testing.assert_allclose(warm.alpha, cold.alpha, atol=1e-12)
    np.testing.assert_allclose(warm.offset, cold.offset, rtol=1e-9)
    # nu formulations warm-start from their unscaled alpha too
    cold = F.solve_nu_svc(K, y, 0.3)
    warm = F.solve_nu_svc(K, y, 0.3, alpha0=cold.alpha)
    assert warm.n_iter <= 1
    np.testing.assert_allclose(warm.dual_coef, cold.dual_coef, rtol=1e-9, atol=1e-12)


def test_warm_start_from_a_looser_solution_takes_fewer_iterations(regression):
    """Check that a warm start from a looser solution takes fewer iterations."""
    _, z, K = regression
    loose = F.solve_epsilon_svr(K, z, 1.0, 0.1, tol=1e-1)
    cold = F.solve_epsilon_svr(K, z, 1.0, 0.1, tol=1e-5)
    warm = F.solve_epsilon_svr(K, z, 1.0, 0.1, tol=1e-5, alpha0=loose.alpha)
    assert warm.n_iter < cold.n_iter
    np.testing.assert_allclose(warm.objective, cold.objective, rtol=1e-8)
    beta_start = F.solve_epsilon_svr(K, z, 1.0, 0.1, tol=1e-5, alpha0=loose.dual_coef)
    assert beta_start.n_iter == warm.n_iter  # eps > 0: alpha * alpha_star = 0, beta determines both


def test_infeasible_alpha0_raises():
    """Check that infeasible alpha0 raises."""
    _, y, K = _small_problem()
    n = len(y)
    with pytest.raises(ValueError, match="alpha0 is infeasible: 0 <= alpha0 <= C"):
        F.solve_c_svc(K, y, 1.0, alpha0=np.full(n, 2.0))
    with pytest.raises(ValueError, match="alpha0 is infeasible: 0 <= alpha0 <= C"):
        F.solve_c_svc(K, y, 1.0, alpha0=-np.ones(n))
    a = np.zeros(n)
    a[0] = 0.5  # y'a != 0
    with pytest.raises(ValueError, match="alpha0 is infeasible: y'alpha0"):
        F.solve_c_svc(K, y, 1.0, alpha0=a)
    with pytest.raises(ValueError, match="alpha0 must have length"):
        F.solve_c_svc(K, y, 1.0, alpha0=np.zeros(n + 1))
    with pytest.raises(ValueError, match="alpha0 is infeasible: sum"):
        F.solve_one_class(K, 0.5, alpha0=np.full(n, 0.1))
    with pytest.raises(ValueError, match="alpha0 is infeasible"):
        solve(-np.ones(n), y, 1.0, np.full(n, np.nan), K=K)


def test_max_iter_warns_and_returns_a_feasible_point():
    """Check that max_iter warns and returns a feasible point."""
    X, y = _classification("breast_cancer")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    with pytest.warns(ConvergenceWarning, match="max_iter=10"):
        res = F.solve_c_svc(K, y, 1.0, max_iter=10)
    sk = svm.SVC(kernel="precomputed", max_iter=10)
    with pytest.warns(ConvergenceWarning):
        sk.fit(K, y)
    assert res.n_iter == 10 == sk.n_iter_[0]
    assert res.status == 1 == sk.fit_status_
    assert not res.converged
    y_int = np.where(y == 0, 1.0, -1.0)
    np.testing.assert_allclose(res.alpha @ y_int, 0.0, atol=1e-12)
    assert np.all((res.alpha >= 0) & (res.alpha <= 1.0))
    assert np.isfinite(res.intercept) and np.isfinite(res.objective)
    # the support set is sklearn's (same 10 iterations); rho is computed after the gradient
    # is rebuilt (upstream LIBSVM) where sklearn's fork does not rebuild it, so it may differ
    assert set(res.support.tolist()) == set(sk.support_.tolist())
    # and it is a usable start: continuing reaches the full solution
    full = F.solve_c_svc(K, y, 1.0)
    cont = F.solve_c_svc(K, y, 1.0, alpha0=res.alpha)
    np.testing.assert_allclose(cont.objective, full.objective, rtol=1e-6)


def test_deterministic():
    """Check that two runs give the same answer."""
    X, y = _classification("make_classification")
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    a = F.solve_c_svc(X, y, 1.0, kernel=k)
    b = F.solve_c_svc(X, y, 1.0, kernel=k)
    np.testing.assert_array_equal(a.alpha, b.alpha)
    assert a.offset == b.offset and a.n_iter == b.n_iter and a.objective == b.objective
    assert a.raw.n_kernel_evals == b.raw.n_kernel_evals and a.raw.cache_hits == b.raw.cache_hits


def test_max_last_is_the_last_maximiser():
    """Check the arg-reduction of the working-set selection: LIBSVM's tie rule, the last index."""
    from svmbook.solvers.smo import BIG, _max_last

    rng = np.random.default_rng(0)
    for _ in range(500):
        n = int(rng.integers(1, 40))
        v = rng.integers(0, 3, size=n).astype(float)  # many ties
        v[rng.random(n) < 0.3] = -BIG
        m, i = _max_last(v, n)
        if (v == -BIG).all():
            assert (m, i) == (-BIG, -1)
        else:
            assert m == v.max() and i == n - 1 - int(np.argmax(v[::-1]))
    assert _max_last(np.array([5.0, 1.0, 9.0]), 2) == (5.0, 0)  # only the first n entries


def test_cache_size_changes_speed_not_results():
    """Check that the cache size changes the speed, not the results."""
    X, y = _classification("make_classification")
    K = rbf_kernel(X, gamma=_scale_gamma(X))
    n = len(y)
    big = F.solve_c_svc(K, y, 1.0)
    tiny = F.solve_c_svc(K, y, 1.0, cache_size=1e-6)  # the floor: two rows
    assert tiny.raw.stats["n_slots"] == 2 and big.raw.stats["n_slots"] == n
    np.testing.assert_array_equal(tiny.alpha, big.alpha)
    assert tiny.offset == big.offset and tiny.n_iter == big.n_iter
    assert big.raw.n_rows_computed <= n
    assert tiny.raw.n_rows_computed > big.raw.n_rows_computed
    assert big.raw.n_kernel_evals == big.raw.n_rows_computed * n
    # every iteration reads rows i and j (from the cache, or from the active block copied from it)
    assert big.raw.cache_hits + big.raw.n_rows_computed >= 2 * big.n_iter


def test_solve_reads_the_active_block():
    """Check that a solve with every row cached and a small active set reads the active block.

    Outside the block an iteration reads three rows (row i for the choice of j, then rows i and
    j for the update); inside it, two. So fewer than three reads per iteration prove that
    iterations ran in the block, and equal results to a two-row cache (which never has a
    block) prove that they read the same values.
    """
    X, y = make_classification(400, 10, random_state=0)
    y = np.where(y == 1, 1.0, -1.0)
    K = rbf_kernel(X, gamma=0.1)
    big = F.solve_c_svc(K, y, 100.0)  # about 140 SVs of 400: shrinking leaves a small active set
    tiny = F.solve_c_svc(K, y, 100.0, cache_size=1e-6)
    np.testing.assert_array_equal(tiny.alpha, big.alpha)
    assert tiny.offset == big.offset and tiny.n_iter == big.n_iter
    assert tiny.raw.cache_hits + tiny.raw.n_rows_computed >= 3 * tiny.n_iter
    assert big.raw.cache_hits + big.raw.n_rows_computed < 3 * big.n_iter


def test_lru_cache_evicts_least_recently_used():
    """Check that the LRU cache evicts the least recently used row."""
    K = np.arange(16, dtype=np.float64).reshape(4, 4)
    cache = make_cache(4, 2 * 16 / (1 << 20))  # two rows
    data, slot_of, owner, prv, nxt, stats, part, epoch = cache
    ksrc = kernel_source(K=K).ksrc
    for a in (0, 1, 0, 2):  # 2 evicts 1 (0 was used more recently)
        get_row(a, ksrc, cache)
    assert slot_of[1] == -1 and slot_of[0] >= 0 and slot_of[2] >= 0
    np.testing.assert_array_equal(data[slot_of[2]], K[2].astype(np.float32))
    assert list(stats) == [1, 3, 12]  # hits, rows computed, kernel evaluations


def test_core_validates_input():
    """Check that the core validates its input."""
    _, y, K = _small_problem(n=10)
    with pytest.raises(ValueError, match="y must have one entry in"):
        solve(-np.ones(10), np.zeros(10), 1.0, np.zeros(10), K=K)
    with pytest.raises(ValueError, match="C must be > 0"):
        solve(-np.ones(10), y, 0.0, np.zeros(10), K=K)
    with pytest.raises(ValueError, match="row_map"):
        solve(-np.ones(20), np.ones(20), 1.0, np.zeros(20), K=K)
    with pytest.raises(ValueError, match="kernel must be 'precomputed' or"):
        F.solve_c_svc(K, y, kernel="rbf")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = solve(-np.ones(10), y, 1.0, np.zeros(10), K=K)
    assert res.converged and res.time > 0


# --------------------------------------------------------------------------------------------
# fast mode: other kernel rounding / batching, same optimum
# --------------------------------------------------------------------------------------------


def _svc_violation(X, y01, gamma, res):
    """m(alpha) - M(alpha) of C-SVC in float64, from the returned alpha."""
    yy = np.where(y01 == res.classes[0], 1.0, -1.0)
    a = res.alpha
    Kf = rbf_kernel(X, gamma=gamma).astype(np.float32).astype(np.float64)
    G = yy * (Kf @ (yy * a)) - 1.0
    C = res.upper_bound
    up = ((yy > 0) & (a < C)) | ((yy < 0) & (a > 0))
    low = ((yy > 0) & (a > 0)) | ((yy < 0) & (a < C))
    return np.max(-yy[up] * G[up]) - np.min(-yy[low] * G[low])


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("cache_size", [200.0, 0.05])  # all rows cached / evictions
def test_fast_mode_reaches_faithful_optimum(seed, cache_size):
    """Check that fast mode reaches the faithful optimum."""
    X, y = make_classification(n_samples=300, n_features=8, random_state=seed)
    gamma = _scale_gamma(X)
    k = get_kernel("rbf", gamma=gamma)
    ref = F.solve_c_svc(X, y, 1.0, kernel=k, tol=1e-6)
    fast = F.solve_c_svc(X, y, 1.0, kernel=k, tol=1e-6, cache_size=cache_size, mode="fast")
    assert fast.converged
    assert fast.raw.stats["mode"] == "fast"
    assert fast.raw.stats["n_prefilled"] == 0
    assert abs(fast.objective - ref.objective) <= 1e-6 * abs(ref.objective)
    assert _svc_violation(X, y, gamma, fast) < 1e-5
    # same support up to tolerance: points in one support only have a negligible alpha
    C = fast.upper_bound
    only = np.setxor1d(fast.support, ref.support)
    assert np.all(np.maximum(fast.alpha[only], ref.alpha[only]) <= 1e-4 * C[only])
    assert abs(fast.offset - ref.offset) < 1e-4


def test_fast_mode_partial_rows_change_speed_not_results():
    """Check that partial rows (fast mode, small active set) leave the iterations unchanged.

    With a small cache the pair's rows are computed at the active points only once shrinking
    has left at most a third of them; a prefilled cache never computes a row. The values are
    the same, so the two solves take the same steps.
    """
    X, y = make_classification(n_samples=800, n_features=10, random_state=0)
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    yy = np.where(y == 0, 1.0, -1.0)
    kw = dict(X=X, kernel=k, mode="fast")
    whole = solve(-np.ones(800), yy, 10.0, np.zeros(800), prefill_gram=True, **kw)
    part = solve(-np.ones(800), yy, 10.0, np.zeros(800), cache_size=0.1, **kw)
    assert part.n_kernel_evals % 800 != 0  # some rows were computed at the active points only
    np.testing.assert_array_equal(part.alpha, whole.alpha)
    assert part.n_iter == whole.n_iter and part.offset == whole.offset


def test_fast_mode_other_formulations(regression):
    """Check fast mode on the other formulations."""
    X, z, _ = regression
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    for kw in ({}, {"cache_size": 0.01}):  # all rows cached / evictions
        ref = F.solve_epsilon_svr(X, z, 1.0, 0.1, kernel=k, tol=1e-6)
        fast = F.solve_epsilon_svr(X, z, 1.0, 0.1, kernel=k, tol=1e-6, mode="fast", **kw)
        assert abs(fast.objective - ref.objective) <= 1e-6 * abs(ref.objective)
        ref = F.solve_one_class(X, 0.2, kernel=k, tol=1e-6)
        fast = F.solve_one_class(X, 0.2, kernel=k, tol=1e-6, mode="fast", **kw)
        assert abs(fast.objective - ref.objective) <= 1e-6 * abs(ref.objective)
    with pytest.raises(ValueError, match="mode must be"):
        F.solve_c_svc(X, z > 0, kernel=k, mode="quick")


def test_fast_mode_prefilled_gram_matches():
    """Check that fast mode on a prefilled Gram matrix matches."""
    X, y = make_classification(n_samples=200, n_features=5, random_state=3)
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    yy = np.where(y == 0, 1.0, -1.0)
    kw = dict(X=X, kernel=k, tol=1e-6)
    ref = solve(-np.ones(200), yy, 1.0, np.zeros(200), **kw)
    pre = solve(-np.ones(200), yy, 1.0, np.zeros(200), mode="fast", prefill_gram=True, **kw)
    assert pre.stats["n_prefilled"] == 200 and pre.n_rows_computed == 200
    assert abs(pre.objective - ref.objective) <= 1e-6 * abs(ref.objective)
    np.testing.assert_allclose(pre.alpha, ref.alpha, atol=1e-4)


def test_shared_row_cache_reuses_rows_and_counts_each_solve():
    """Check that a shared row cache reuses rows and counts each solve."""
    X, y = make_classification(n_samples=150, n_features=5, random_state=4)
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    yy = np.where(y == 0, 1.0, -1.0)
    args = (-np.ones(150), yy, 1.0, np.zeros(150))
    alone = solve(*args, X=X, kernel=k)
    shared = row_cache(X=X, kernel=k)
    first = solve(*args, rows=shared)
    second = solve(*args, rows=shared)
    for res in (first, second):  # the cache never changes the numbers
        assert res.n_iter == alone.n_iter
        np.testing.assert_array_equal(res.alpha, alone.alpha)
    assert first.n_rows_computed == alone.n_rows_computed
    assert second.n_rows_computed == 0 and second.cache_hits > 0
    with pytest.raises(ValueError, match="either rows or K"):
        solve(*args, rows=shared, X=X, kernel=k)
    with pytest.raises(TypeError, match="rows must be a"):
        solve(*args, rows=(X, k))


def _pair_problems(X, y, rows_points=None):
    """The one-vs-one C-SVC problems of ``y`` (LIBSVM's order: first class first)."""
    problems = []
    classes = np.unique(y)
    for a in range(classes.size):
        for b in range(a + 1, classes.size):
            idx = np.flatnonzero((y == classes[a]) | (y == classes[b]))
            order = idx[np.argsort(y[idx] != classes[a], kind="stable")]
            signs = np.where(y[order] == classes[a], 1.0, -1.0)
            n = order.size
            problems.append((-np.ones(n), signs, 0.5 + a, np.zeros(n), order))
    return problems


@pytest.mark.parametrize("prefilled", [True, False])
@pytest.mark.parametrize("helper", [True, False])
def test_solve_many_equals_one_solve_each(prefilled, helper):
    """solve_many gives each problem's solve bit for bit: on a prefilled cache (shared with the
    helper thread, or not inside one_thread) and on rows computed on demand."""
    from svmbook.solvers import row_split
    from svmbook.solvers.cache import prefill
    from svmbook.solvers.smo import solve_many

    X, y = load_digits(return_X_y=True)
    X, y = X[:600], y[:600] % 4
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    problems = _pair_problems(X, y)
    alone = [solve(*p[:4], X=X, kernel=k, row_map=p[4]) for p in problems]
    rows = row_cache(X=X, kernel=k)
    if prefilled:
        prefill(rows.cache, rows.source)
    context = contextlib.nullcontext() if helper else row_split.one_thread()
    with context:
        many = solve_many(problems, rows)
    for a, b in zip(alone, many, strict=True):
        assert (a.n_iter, a.status, a.offset) == (b.n_iter, b.status, b.offset)
        assert a.objective == b.objective
        np.testing.assert_array_equal(a.alpha, b.alpha)
        np.testing.assert_array_equal(a.G, b.G)
        assert b.time > 0
    if prefilled:  # every row a cache hit
        assert all(r.n_rows_computed == 0 and r.cache_hits > 0 for r in many)
    assert solve_many([], rows) == []


def test_solve_many_names_the_problem_it_rejects():
    """Check that a bad problem among several raises naming its position."""
    from svmbook.solvers.smo import solve_many

    rows = row_cache(K=np.eye(3), cache_size=1.0)
    good = (-np.ones(2), np.array([1.0, -1.0]), 1.0, np.zeros(2), [0, 1])
    bad = (-np.ones(2), np.array([1.0, 2.0]), 1.0, np.zeros(2), [0, 1])
    with pytest.raises(ValueError, match=r"problem 1: y must have one entry in \{-1, \+1\}"):
        solve_many([good, bad], rows)
    with pytest.raises(ValueError, match="problem 0: alpha0 is infeasible"):
        solve_many([good[:3] + (np.array([2.0, 2.0]),) + good[4:]], rows)
    with pytest.raises(ValueError, match="tol must be > 0"):
        solve_many([good], rows, tol=0.0)
    with pytest.raises(TypeError, match="rows must be a"):
        solve_many([good], np.eye(3))


def test_solve_many_warns_at_max_iter():
    """Check that solve_many warns once per problem stopped at max_iter."""
    from svmbook.solvers.smo import solve_many

    X, y = make_classification(n_samples=200, n_features=5, random_state=0)
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    problems = _pair_problems(X, y)
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        res = solve_many(problems, row_cache(X=X, kernel=k), max_iter=3)
    assert [r.status for r in res] == [1] and res[0].n_iter == 3


@pytest.mark.parametrize("helper_does", ["everything", "nothing"])
def test_solve_many_protocol_either_thread_may_solve_any_problem(monkeypatch, helper_does):
    """The helper's side of solve_many run to the end before this thread starts (it solves
    every problem, this one copies its answers) or never run: the same answers either way."""
    from svmbook.solvers import smo
    from svmbook.solvers.cache import prefill

    X, y = make_classification(n_samples=300, n_features=6, n_classes=3, n_informative=4,
                               random_state=2)  # fmt: skip
    k = get_kernel("rbf", gamma=_scale_gamma(X))
    problems = _pair_problems(X, y)
    alone = [solve(*p[:4], X=X, kernel=k, row_map=p[4]) for p in problems]
    rows = row_cache(X=X, kernel=k)
    prefill(rows.cache, rows.source)
    if helper_does == "everything":
        monkeypatch.setattr(smo, "post", lambda fn, *args: fn(*args))
    else:
        monkeypatch.setattr(smo, "post", lambda fn, *args: None)
    monkeypatch.setattr(smo, "helper_allowed", lambda: True)
    many = smo.solve_many(problems, rows)
    for a, b in zip(alone, many, strict=True):
        assert (a.n_iter, a.offset, a.objective) == (b.n_iter, b.offset, b.objective)
        np.testing.assert_array_equal(a.alpha, b.alpha)
        np.testing.assert_array_equal(a.G, b.G)
