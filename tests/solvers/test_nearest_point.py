"""Nearest-point solvers (Goodrich 2012, chapter 5) against cvxopt and closed forms.

Oracle: :func:`svmbook.qp.mu_svm_dual` / :func:`svmbook.qp.min_norm_wrch` on the float32-rounded
Gram matrix, the problem the solvers actually solve (their kernel rows are float32). Tolerances
follow from the stopping rule: with the relative NP statistic ``t = max_g gap_g / ||w||^2 < tol``
and G groups, ``||w*|| >= ||w|| (1 - G t)``, so the relative objective excess is at most
``1 / (1 - G tol)^2 - 1``; strong convexity of the minimum norm gives
``||w - w*||^2 <= ||w||^2 - ||w*||^2 = 2 (obj - obj*)``, which bounds the decision values
(``|f_i - f*_i| <= ||w - w*|| sqrt(K_ii)``) and the geometric threshold (``|b - b*| <=
max_i |f_i - f*_i| + ||w*|| ||w - w*|| / 2``). cvxopt's polished optimum adds ~1e-9.
"""

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.exceptions import ConvergenceWarning

from svmbook.kernels import get_kernel
from svmbook.qp.geometric import min_norm_wrch, mu_svm_dual
from svmbook.solvers.nearest_point import METHODS, solve_min_norm_point, solve_nearest_point
from svmbook.thresholds import b_geom

QP_SLACK = 1e-8  # relative accuracy of the polished cvxopt objective


def _blobs(seed=0, n=30, shift=1.5, d=2):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(shift, 1.0, (n // 2, d)), rng.normal(-shift, 1.0, (n - n // 2, d))])
    y = np.r_[np.ones(n // 2), -np.ones(n - n // 2)]
    # multiples of 1/8: linear Gram entries are exact in float32, so its rounding cannot make
    # the rank-d oracle Hessian indefinite
    return np.round(8 * X) / 8, y


def _f32(K):
    return K.astype(np.float32).astype(np.float64)


def _tol_for(method):
    # S-K, WSK and Gilbert converge slowly late in the run (section 5.2.1): a looser tol
    return 1e-4 if method in ("sk", "wsk", "gilbert") else 1e-6


def _check_against_qp(res, ref, K, y, tol, n_groups=2):
    excess = 1.0 / (1.0 - n_groups * tol) ** 2 - 1.0
    assert res.converged
    assert res.objective <= ref.objective * (1 + excess + QP_SLACK) + 1e-14
    assert res.objective >= ref.objective * (1 - QP_SLACK) - 1e-14
    dist = np.sqrt(2 * max(res.objective - ref.objective, 0.0) + 2 * QP_SLACK * ref.objective)
    f_bound = dist * np.sqrt(np.max(np.diag(K))) + 1e-9
    f_ref = K @ (ref.alpha * y)
    np.testing.assert_allclose(res.f, f_ref, rtol=0, atol=f_bound)
    b_ref = b_geom(f_ref, y, ref.alpha)
    assert abs(res.b_geom - b_ref) <= f_bound + 0.5 * np.sqrt(2 * ref.objective) * dist + 1e-9
    # feasibility
    for cls in (1, -1):
        assert res.alpha[y == cls].sum() == pytest.approx(1.0, abs=1e-12)
    assert np.all(res.alpha >= 0)


CASES = {
    # name: (kernel, mu, weights, seed); separable at shift 1.5 for mu = 1 (hard margin)
    "linear-hard-margin": ("linear", 1.0, None, 5),
    "linear-mu-1/4": ("linear", 0.25, None, 0),
    "linear-weighted": ("linear", 0.45, "random", 0),
    "rbf-mu-0.3": ("rbf", 0.3, None, 1),
    "rbf-mu-1/5-overlap": ("rbf", 0.2, None, 7),
    "rbf-weighted": ("rbf", 0.45, "random", 2),
}


def _case(name):
    kname, mu, weights, seed = CASES[name]
    shift = 0.6 if "overlap" in name else (2.5 if "hard" in name else 1.5)
    X, y = _blobs(seed=seed, shift=shift)
    K = X @ X.T if kname == "linear" else get_kernel("rbf", gamma=0.5)(X)
    sw = None
    if weights == "random":
        sw = np.random.default_rng(seed + 100).uniform(0.5, 2.0, y.shape[0])
    return K, y, mu, sw


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("method", METHODS)
def test_methods_reach_the_qp_optimum(method, name):
    K, y, mu, sw = _case(name)
    if method == "sk" and sw is not None:
        method = "wsk"
    ref = mu_svm_dual(_f32(K), y, mu, sample_weight=sw)
    tol = _tol_for(method)
    res = solve_nearest_point(K, y=y, mu=mu, sample_weight=sw, method=method, tol=tol)
    _check_against_qp(res, ref, _f32(K), y, tol)


def test_hard_margin_thresholds_coincide():
    # Fig. 4.14b: at mu = 1 on separable data b_kkt = b_geom.
    K, y, mu, _ = _case("linear-hard-margin")
    res = solve_nearest_point(K, y=y, mu=mu, method="wsk_fast", tol=1e-9)
    assert res.b_kkt == pytest.approx(res.b_geom, abs=1e-6 * np.max(np.diag(K)))
    # separable: every training point on its side, f(x) = K coef + b
    np.testing.assert_allclose(res.decision_function(K), K @ res.coef + res.b_geom, atol=1e-12)
    assert np.all(y * res.decision_function(K, threshold="kkt") > 0)


def test_gaussian_limit_closed_form():
    # Section 4.2.5 (the Gaussian limit): K = I, mu >= max(1/n_pos, 1/n_neg):
    # alpha_i = 1/n_class, b = (1/n_neg - 1/n_pos)/2.
    y = np.r_[np.ones(4), -np.ones(6)]
    for method in METHODS:
        res = solve_nearest_point(np.eye(10), y=y, mu=0.5, method=method, tol=1e-9)
        np.testing.assert_allclose(res.alpha, np.where(y > 0, 1 / 4, 1 / 6), atol=1e-12)
        assert res.b_geom == pytest.approx(0.5 * (1 / 6 - 1 / 4), abs=1e-12)
        assert res.b_kkt == pytest.approx(0.5 * (1 / 6 - 1 / 4), abs=1e-12)
        assert res.rho == pytest.approx(0.5 * (1 / 4 + 1 / 6), abs=1e-12)


def test_nearest_centroid_at_mu_two_over_n():
    # Section 4.2.4 (nearest centroid): balanced classes, mu = 2/n: every alpha = 1/n_class;
    # w = c_pos - c_neg.
    X, y = _blobs(seed=3, n=20)
    res = solve_nearest_point(X @ X.T, y=y, mu=2 / 20, method="wsk_fast")
    np.testing.assert_allclose(res.alpha, 0.1, atol=1e-12)
    c_pos, c_neg = X[y > 0].mean(0), X[y < 0].mean(0)
    assert res.w_norm2 == pytest.approx(np.sum((c_pos - c_neg) ** 2), rel=1e-6)
    assert res.b_geom == pytest.approx(0.5 * (c_neg @ c_neg - c_pos @ c_pos), rel=1e-6)


@pytest.mark.parametrize("method", ["sk", "mdm"])
def test_printed_steps_never_move(method):
    # The printed S-K sign and MDM roles give lam = 0 (docs/errata.md#goodrich-2012-eq-5-2,
    # docs/errata.md#goodrich-2012-sec-5-2-3-mdm).
    K, y, mu, _ = _case("rbf-mu-0.3")
    with pytest.warns(ConvergenceWarning, match="max_iter=200"):
        bad = solve_nearest_point(K, y=y, mu=mu, method=method, step="thesis", max_iter=200)
    np.testing.assert_array_equal(bad.alpha, np.where(y > 0, 1 / 15, 1 / 15))
    good = solve_nearest_point(K, y=y, mu=mu, method=method, tol=1e-4)
    assert good.converged and good.w_norm < 0.9 * bad.w_norm


def test_sk_is_monotone_and_gaps_nonnegative():
    # Each S-K step minimises the distance on a segment, so ||w|| never increases.
    K, y, mu, _ = _case("rbf-mu-0.3")
    res = solve_nearest_point(K, y=y, mu=mu, method="sk", tol=1e-4, history=True)
    h = res.history
    assert h["w_norm"].shape == (res.n_iter + 1,)
    assert np.all(np.diff(h["w_norm"]) <= 1e-12)
    assert np.all(h["gap_0"] >= -1e-12) and np.all(h["gap_1"] >= -1e-12)
    assert h["relative_np"][-1] == pytest.approx(res.statistic)
    assert np.all(np.diff(h["time"]) >= 0) and np.all(h["n_free"] >= 0)


def test_acceleration_cuts_iterations():
    # Section 5.6.4: the SMO intermediate step cuts the S-K iterations >= 10x on an RBF problem.
    K, y, mu, sw = _case("rbf-weighted")
    slow = solve_nearest_point(
        K, y=y, mu=mu, sample_weight=sw, method="wsk", tol=1e-5, max_iter=10**6
    )
    fast = solve_nearest_point(K, y=y, mu=mu, sample_weight=sw, method="wsk_fast", tol=1e-5)
    assert fast.n_iter * 10 <= slow.n_iter


def test_update_formulas_agree_and_cache_is_exact():
    # docs/errata.md#goodrich-2012-eq-5-24-cache: (5.24)/(5.28) and (5.25)/(5.29) give the same
    # iterates; the f-cache equals K (alpha y) recomputed from the same float32 kernel values.
    K, y, mu, sw = _case("rbf-weighted")
    runs = {}
    for update in ("delta", "vertex", "auto"):
        with pytest.warns(ConvergenceWarning):
            runs[update] = solve_nearest_point(
                K,
                y=y,
                mu=mu,
                sample_weight=sw,
                method="wsk",
                update=update,
                max_iter=60,
                tol=1e-12,
            )
    for update in ("vertex", "auto"):
        np.testing.assert_allclose(runs[update].alpha, runs["delta"].alpha, rtol=0, atol=1e-10)
    for res in runs.values():
        np.testing.assert_allclose(res.f, _f32(K) @ (res.alpha * y), rtol=0, atol=1e-10)


def test_integer_weights_equal_duplication():
    # (3.11): WSK with s_i = k is S-K on the data with x_i repeated k times.
    X, y = _blobs(seed=6, n=20)
    s = np.random.default_rng(6).integers(1, 4, y.shape[0]).astype(float)
    rep = np.repeat(np.arange(y.shape[0]), s.astype(int))
    mu, tol = 0.2, 1e-5
    kern = get_kernel("rbf", gamma=0.5)
    opts = dict(mu=mu, tol=tol, max_iter=10**6)
    wsk = solve_nearest_point(X=X, kernel=kern, y=y, sample_weight=s, method="wsk", **opts)
    dup = solve_nearest_point(X=X[rep], kernel=kern, y=y[rep], method="sk", **opts)
    excess = 1 / (1 - 2 * tol) ** 2 - 1
    assert wsk.objective == pytest.approx(dup.objective, rel=excess)
    # the duplicated copies' alphas add up to the weighted alpha (same nearest points)
    f_dup_on_x = kern(X, X[rep]) @ dup.coef
    dist = np.sqrt(2 * excess * wsk.objective)
    np.testing.assert_allclose(wsk.f, f_dup_on_x, rtol=0, atol=2 * dist + 1e-6)


@pytest.mark.parametrize("method", ["gilbert", "mdm", "wsk_fast"])
def test_one_class_wsk_is_the_min_norm_point(method):
    # (4.14)/(5.31): the weighted perceptron = min-norm point of one WRCH in k = y y (K + 1).
    X, y = _blobs(seed=8, n=24, shift=1.0)
    K = get_kernel("rbf", gamma=0.5)(X)
    s = np.random.default_rng(8).uniform(0.5, 2.0, y.shape[0])
    # Gilbert alone is slow here (the perceptron's harder feature space, section 5.9.3)
    mu, tol = 0.25, (1e-3 if method == "gilbert" else 1e-6)
    k = np.outer(y, y) * (_f32(K) + 1.0)
    ref = min_norm_wrch(k, mu, sample_weight=s)
    res = solve_min_norm_point(K, y=y, mu=mu, sample_weight=s, method=method, tol=tol)
    excess = 1 / (1 - tol) ** 2 - 1
    assert res.converged
    assert (
        ref.objective * (1 - QP_SLACK) <= res.objective <= ref.objective * (1 + excess + QP_SLACK)
    )
    np.testing.assert_allclose(res.f, _f32(K) @ (res.alpha * y), atol=1e-10)
    assert res.b_kkt == pytest.approx(np.sum(res.alpha * y))
    assert res.alpha.sum() == pytest.approx(1.0, abs=1e-12)


def test_bias_free_perceptron():
    # The "B" rows of Table 2.2: k = y_i y_j K, no bias coordinate.
    X, y = _blobs(seed=10, n=20, shift=1.0)
    K = get_kernel("rbf", gamma=0.5)(X)
    ref = min_norm_wrch(np.outer(y, y) * _f32(K), 0.2)
    res = solve_min_norm_point(K, y=y, mu=0.2, bias=False, method="wsk_fast", tol=1e-6)
    excess = 1 / (1 - 1e-6) ** 2 - 1
    assert ref.objective * (1 - QP_SLACK) <= res.objective <= ref.objective * (1 + excess + 1e-8)


def test_min_norm_point_of_plain_hull():
    # Gilbert (Alg. 9) on one convex hull: the nearest point of a square's hull to the origin.
    Z = np.array([[1.0, 2.0], [3.0, 2.0], [1.0, 4.0], [3.0, 4.0]])
    res = solve_min_norm_point(Z @ Z.T, mu=1.0, tol=1e-9)
    assert res.w_norm == pytest.approx(np.sqrt(5.0), rel=1e-8)
    np.testing.assert_allclose(res.alpha @ Z, [1.0, 2.0], atol=1e-7)
    assert res.b_geom is None and res.b_kkt is None


def test_sparse_dense_and_gram_inputs_agree():
    X, y = _blobs(seed=9, n=30, d=5)
    X[np.abs(X) < 0.8] = 0.0  # sparse-ish rows
    kern = get_kernel("rbf", gamma=0.2)
    runs = [
        solve_nearest_point(X=X, kernel=kern, y=y, mu=0.3, tol=1e-6),
        solve_nearest_point(X=sp.csr_matrix(X), kernel=kern, y=y, mu=0.3, tol=1e-6),
        solve_nearest_point(kern(X), y=y, mu=0.3, tol=1e-6),
    ]
    for res in runs[1:]:
        assert res.objective == pytest.approx(runs[0].objective, rel=1e-5)
        np.testing.assert_allclose(res.f, runs[0].f, atol=1e-4)
    assert runs[0].n_kernel_evals > 0 and runs[0].n_rows_computed > 0


def test_l2_rows_of_table_5_1():
    # diag_shift r = 1/(2C) at mu = 1: the L2-loss SVM (2.32) as the hard-margin NP problem.
    K, y, _, _ = _case("rbf-mu-0.3")
    C = 2.0
    ref = mu_svm_dual(_f32(K) + np.eye(y.shape[0]) / (2 * C), y, np.inf)
    res = solve_nearest_point(K, y=y, mu=1.0, diag_shift=1 / (2 * C), method="mdm", tol=1e-6)
    excess = 1 / (1 - 2e-6) ** 2 - 1
    assert ref.objective * (1 - QP_SLACK) <= res.objective <= ref.objective * (1 + excess + 1e-8)


def test_bad_input():
    K, y, _, _ = _case("rbf-mu-0.3")
    with pytest.raises(ValueError, match="method"):
        solve_nearest_point(K, y=y, mu=0.3, method="newton")
    with pytest.raises(ValueError, match="stop"):
        solve_nearest_point(K, y=y, mu=0.3, stop="kkt")
    with pytest.raises(ValueError, match="mu=0.01 is infeasible"):
        solve_nearest_point(K, y=y, mu=0.01)
    with pytest.raises(ValueError, match="mu"):
        solve_nearest_point(K, y=y, mu=-1.0)
    with pytest.raises(ValueError, match="sample_weight"):
        solve_nearest_point(K, y=y, mu=0.3, method="sk", sample_weight=np.ones(y.shape[0]))
    with pytest.raises(ValueError, match="y has"):
        solve_nearest_point(K, y=y[:-2], mu=0.3)
    with pytest.raises(TypeError, match="max_iter"):
        solve_nearest_point(K, y=y, mu=0.3, max_iter=1.5)
    with pytest.raises(ValueError, match="update"):
        solve_nearest_point(K, y=y, mu=0.3, update="both")
    X, y2 = _blobs(seed=0, shift=0.0)
    with pytest.raises(ValueError, match="intersect"), pytest.warns(ConvergenceWarning):
        solve_nearest_point(X @ X.T, y=y2, mu=1.0, method="mdm", max_iter=50)
