"""svmbook.MuSVC: the mu-SVM of Goodrich (2012) behind the scikit-learn API, on every solver.

Oracles: the cvxopt nearest-point dual (svmbook.qp.mu_svm_dual), the C-SVM with the equivalent
C, point duplication for integer weights, and the nearest-centroid classifier at mu = 2/n.
"""

import warnings

import numpy as np
import pytest
from _sklearn_checks import sklearn_check_params
from sklearn.datasets import load_iris, make_classification
from sklearn.exceptions import ConvergenceWarning

from svmbook import SVC, MuSVC, NuSVC, OneClassSVM
from svmbook.qp import mu_svm_dual

SOLVERS = ["qp", "smo", "wsk_fast", "sk", "wsk", "gilbert", "mdm", "tao"]


@pytest.fixture(scope="module")
def data():
    """Return the shared ``data`` test problem."""
    return make_classification(n_samples=120, n_features=4, random_state=0)


@pytest.mark.parametrize("solver", SOLVERS)
def test_every_solver_reaches_the_qp_optimum(data, solver):
    """Check that every solver reaches the QP optimum."""
    X, y = data
    ref = MuSVC(mu=0.1, gamma=0.3, solver="qp").fit(X, y)
    # S-K and Gilbert converge slowly: a looser stop, and the bound that stop implies
    slow = solver in ("sk", "wsk", "gilbert")
    est = MuSVC(mu=0.1, gamma=0.3, solver=solver, tol=1e-4 if slow else 1e-6).fit(X, y)
    rel = abs(est.objective_[0] - ref.objective_[0]) / ref.objective_[0]
    # relative NP stop at tol: ||w|| within a factor 1/(1 - 2 tol), the objective 1/(1 - 2 tol)^2
    assert rel <= (1 / (1 - 2 * est.tol) ** 2 - 1) + 1e-6
    assert est.fit_status_ == 0
    np.testing.assert_allclose(est.alpha_.sum(axis=1), 2.0, rtol=1e-9)  # class sums 1 each
    assert np.all(est.alpha_ <= 0.1 + 1e-12)
    agree = np.mean(est.predict(X) == ref.predict(X))
    assert agree >= (0.97 if slow else 1.0)


def test_qp_path_is_the_oracle(data):
    """Check that the QP path is the oracle."""
    X, y = data
    est = MuSVC(mu=0.1, gamma=0.3, solver="qp").fit(X, y)
    K = est._gram(X, X)
    t = np.where(y == est.classes_[0], 1.0, -1.0)  # the machine's first class is +1
    res = mu_svm_dual(K, t, 0.1)
    np.testing.assert_allclose(est.alpha_[0], res.alpha, atol=1e-12)
    assert est.objective_[0] == pytest.approx(res.objective, rel=1e-12)


@pytest.mark.parametrize("solver", ["qp", "smo", "wsk_fast"])
def test_equivalent_c_svm_gives_the_same_classifier(data, solver):
    """Check that the equivalent C-SVM gives the same classifier."""
    X, y = data
    mu = MuSVC(mu=0.1, gamma=0.3, solver=solver, tol=1e-8).fit(X, y)
    c = SVC(C=float(mu.C_[0]), gamma=0.3, solver="qp").fit(X, y)
    f_mu, f_c = mu.decision_function(X), c.decision_function(X)
    scale = np.dot(f_mu, f_c) / np.dot(f_mu, f_mu)  # same hyperplane, another scale
    assert scale > 0
    np.testing.assert_allclose(scale * f_mu, f_c, atol=2e-4 * np.abs(f_c).max())


@pytest.mark.parametrize("solver", ["qp", "smo", "wsk", "wsk_fast", "mdm"])
def test_integer_weights_equal_duplication(data, solver):
    """Check that integer weights equal duplication."""
    X, y = data
    w = np.random.default_rng(1).integers(1, 4, size=y.shape[0]).astype(float)
    kw = dict(mu=0.04, kernel="linear", solver=solver, tol=1e-7)
    a = MuSVC(**kw).fit(X, y, sample_weight=w)
    rep = np.repeat(np.arange(y.shape[0]), w.astype(int))
    b = MuSVC(**kw).fit(X[rep], y[rep])
    assert a.objective_[0] == pytest.approx(b.objective_[0], rel=1e-5)
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), atol=1e-3)


def test_class_weight_is_a_per_class_sample_weight(data):
    """Check that class_weight is a per-class sample_weight."""
    X, y = data
    a = MuSVC(mu=0.05, solver="qp", class_weight={0: 2.0, 1: 1.0}).fit(X, y)
    b = MuSVC(mu=0.05, solver="qp").fit(X, y, sample_weight=np.where(y == 0, 2.0, 1.0))
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), atol=1e-9)


def test_mu_two_over_n_is_the_nearest_centroid_classifier():
    """Check that mu = 2 / n is the nearest centroid classifier."""
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(0.0, 1.0, (30, 2)), rng.normal(1.5, 1.0, (30, 2))])
    y = np.repeat([0, 1], 30)
    est = MuSVC(mu=1 / 30, kernel="linear", solver="smo", threshold="geometric").fit(X, y)
    np.testing.assert_allclose(est.alpha_[0], 1 / 30, rtol=1e-9)
    Q = rng.normal(0.75, 2.0, (200, 2))
    m0, m1 = X[:30].mean(axis=0), X[30:].mean(axis=0)
    nearest = (np.linalg.norm(Q - m1, axis=1) < np.linalg.norm(Q - m0, axis=1)).astype(int)
    np.testing.assert_array_equal(est.predict(Q), nearest)


def test_thresholds_and_interval(data):
    """Check the thresholds and their interval."""
    X, y = data
    fits = {t: MuSVC(mu=0.1, gamma=0.3, solver="qp", threshold=t).fit(X, y) for t in
            ("kkt", "geometric", "platt")}  # fmt: skip
    lo, hi = fits["kkt"].b_interval_[0]
    # free SVs pin the KKT threshold: the interval is one point, the intercept (same sign)
    assert hi - lo <= 1e-9
    assert fits["kkt"].intercept_[0] == pytest.approx(0.5 * (lo + hi), abs=1e-12)
    # the thresholds only shift the decision function
    for t in ("geometric", "platt"):
        diff = fits[t].decision_function(X) - fits["kkt"].decision_function(X)
        np.testing.assert_allclose(diff, diff[0], atol=1e-9)


def test_b_interval_holds_the_intercept_binary_and_multiclass():
    """Check that ``b_interval_[k]`` is the interval of ``intercept_[k]`` (the book's b, added).

    At mu = 1/4 on iris every class of 50 reaches its cap (the multipliers are 0 or mu), so the
    intervals are wide; scikit-learn flips the binary model, and the interval with it.
    """
    X, y = load_iris(return_X_y=True)
    for labels in (y, np.where(y == 0, 0, 1)):
        model = MuSVC(mu=0.25, kernel="linear", solver="qp").fit(X, labels)
        lo, hi = model.b_interval_.T
        assert np.all(lo <= hi)
        assert np.all((lo - 1e-9 <= model.intercept_) & (model.intercept_ <= hi + 1e-9))


def test_multiclass_and_history():
    """Check multiclass fits and the solver history."""
    X, y = load_iris(return_X_y=True)
    est = MuSVC(mu=0.1, solver="wsk_fast", history=True).fit(X, y)
    assert est.alpha_.shape == (3, 150) and est.C_.shape == (3,)
    assert len(est.history_) == 3 and est.history_[0] is not None
    assert np.mean(est.predict(X) == y) > 0.9
    ovr = MuSVC(mu=0.1, solver="smo", multiclass="ovr").fit(X, y)
    assert ovr.decision_function(X).shape == (150, 3)


def test_bad_input(data):
    """Check that bad input raises."""
    X, y = data
    with pytest.raises(ValueError, match="mu=0.01 is infeasible"):
        MuSVC(mu=0.01, solver="smo").fit(X, y)  # 60 points per class: mu >= 1/60
    with pytest.raises(ValueError, match="mu"):
        MuSVC(mu=-0.5).fit(X, y)
    with pytest.raises(ValueError, match="solver"):
        MuSVC(solver="libsvm").fit(X, y)
    with pytest.warns(ConvergenceWarning):
        est = MuSVC(mu=0.1, solver="sk", max_iter=5).fit(X, y)
    assert est.fit_status_ == 1 and est.predict(X).shape == y.shape


_EXPECTED = {
    "check_class_weight_classifiers": (
        "class weights scale the hull weights s_i, and mu='auto' follows the lighter class's "
        "weight (1/(0.9 kappa)): a weighted mu-SVM equals a C-SVM with C_i = s_i C only at the C "
        "matching its rho (Goodrich 4.4), so weights 1000:0.0001 do not make it predict the heavy "
        "class almost everywhere as they do a C-SVM at a fixed C"
    ),
    "check_sample_weight_equivalence_on_dense_data": (
        "weights equal repetitions only at the exact optimum; the iterative solvers stop at tol"
    ),
    "check_sample_weight_equivalence_on_sparse_data": (
        "weights equal repetitions only at the exact optimum; the iterative solvers stop at tol"
    ),
}


@pytest.mark.parametrize(
    ("estimator", "check"),
    sklearn_check_params([MuSVC(), MuSVC(solver="smo")], lambda est: _EXPECTED),
)
def test_sklearn_compatible(estimator, check):
    """Check scikit-learn's estimator checks."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


# -- the nearest-point solvers behind NuSVC and OneClassSVM
# ------------------------------------------


@pytest.mark.parametrize("solver", ["wsk_fast", "mdm", "tao"])
def test_nu_svc_nearest_point_solvers_match_smo(data, solver):
    """nu-SVC = mu-SVM with mu = 2/(nu n): the same model in LIBSVM's scale."""
    X, y = data
    ref = NuSVC(nu=0.3, tol=1e-8).fit(X, y)
    est = NuSVC(nu=0.3, solver=solver, tol=1e-7).fit(X, y)
    f_ref = ref.decision_function(X)
    # relative NP stop at 1e-7 in ||w||: decision values agree to a few 1e-5 of their range
    np.testing.assert_allclose(est.decision_function(X), f_ref, atol=5e-5 * np.abs(f_ref).max())
    np.testing.assert_array_equal(est.predict(X), ref.predict(X))
    assert est.objective_[0] == pytest.approx(ref.objective_[0], rel=1e-5)
    with pytest.raises(ValueError, match="nu=0.95 is infeasible"):
        NuSVC(nu=0.95, solver=solver).fit(X[:80], np.r_[np.zeros(20), np.ones(60)])


@pytest.mark.parametrize("solver", ["wsk_fast", "mdm", "gilbert"])
def test_one_class_nearest_point_solvers_match_smo(data, solver):
    """One-class SVM = the minimum-norm point of the reduced hull with mu = 1/(nu n)."""
    X, _ = data
    ref = OneClassSVM(nu=0.2, tol=1e-8).fit(X)
    tol = 1e-5 if solver == "gilbert" else 1e-8  # Gilbert converges sublinearly
    est = OneClassSVM(nu=0.2, solver=solver, tol=tol).fit(X)
    # the relative NP stop bounds the objective: within 1/(1 - tol)^2 - 1 of the optimum
    rel = est.objective_ / ref.objective_ - 1.0
    assert -1e-9 <= rel <= 1 / (1 - tol) ** 2 - 1 + 1e-9
    if solver != "gilbert":  # alpha, hence f and rho, converge too for the pair updates
        assert est.offset_ == pytest.approx(ref.offset_, rel=1e-5)
        f_ref = ref.decision_function(X)
        np.testing.assert_allclose(est.decision_function(X), f_ref, atol=1e-5 * np.abs(f_ref).max())


def test_hard_margin_threshold_is_pinned():
    """Check mu = 1 on separable data, for every solver.

    The caps s_i mu = 1 bind nothing and the KKT threshold is the geometric one.
    """
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([2, 2], 0.6, (10, 2)), rng.normal([-1.5, -1.5], 0.9, (10, 2))])
    y = np.r_[np.ones(10), -np.ones(10)]
    for solver in ("qp", "smo", "wsk_fast"):
        kw = dict(mu=1.0, kernel="linear", solver=solver, tol=1e-9)
        kkt = MuSVC(threshold="kkt", **kw).fit(X, y)
        geo = MuSVC(threshold="geometric", **kw).fit(X, y)
        assert kkt.b_interval_[0, 0] == pytest.approx(kkt.b_interval_[0, 1], abs=1e-6)
        np.testing.assert_allclose(kkt.intercept_, geo.intercept_, atol=1e-5)


def test_smo_relative_stop_and_intersecting_hulls():
    """Check that solver="smo" stops on LIBSVM's gap relative to the margin.

    Near the touching point it matches the QP where LIBSVM's absolute gap would not;
    intersecting hulls raise, as with every other solver.
    """
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(0.35, 1.0, (60, 2)), rng.normal(-0.35, 1.0, (60, 2))])
    y = np.repeat([1, -1], 60)
    # mu = 0.022: the hulls are 0.10 apart (they touch just below mu = 0.023)
    ref = MuSVC(mu=0.022, kernel="linear", solver="qp").fit(X, y)
    est = MuSVC(mu=0.022, kernel="linear", solver="smo").fit(X, y)
    assert est.w_norm_[0] == pytest.approx(ref.w_norm_[0], rel=1e-5)
    with pytest.raises(ValueError, match="intersect"):
        MuSVC(mu=0.1, kernel="linear", solver="qp").fit(X, y)
    for solver in ("smo", "wsk_fast", "sk", "gilbert", "mdm", "tao", "wsk"):
        with pytest.raises(ValueError, match="reduced hulls intersect"):
            MuSVC(mu=0.1, kernel="linear", solver=solver).fit(X, y)


def test_intersection_test_is_relative_to_the_scale():
    """Features of order 1e-7 separate as well as features of order 1 (no absolute threshold)."""
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(1.5, 1.0, (40, 2)), rng.normal(-1.5, 1.0, (40, 2))])
    y = np.repeat([1, -1], 40)
    unit = MuSVC(kernel="linear").fit(X, y)
    tiny = MuSVC(kernel="linear").fit(X * 1e-7, y)
    np.testing.assert_array_equal(tiny.predict(X * 1e-7), unit.predict(X))


def _xor(n, seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    return X + rng.normal(scale=0.15, size=X.shape), y


@pytest.mark.parametrize("solver", ["sk", "wsk", "gilbert", "wsk_fast", "mdm", "tao"])
def test_nearest_point_default_answer_is_the_optimum(solver):
    """At the default tol the polished nearest-point models are cvxopt's model.

    Without the polish S-K, Gilbert and WSK stop with a KKT threshold ten times too small on
    this XOR set (mu = 0.03, RBF gamma = 1), and disagree with cvxopt on 4.5 % of the plane.
    """
    X, y = _xor(160, 0)
    Xt, _ = _xor(20000, 1)
    ref = MuSVC(mu=0.03, kernel="rbf", gamma=1.0, solver="qp").fit(X, y)
    est = MuSVC(mu=0.03, kernel="rbf", gamma=1.0, solver=solver).fit(X, y)
    agree = np.mean(np.sign(est.decision_function(Xt)) == np.sign(ref.decision_function(Xt)))
    assert agree >= 0.995
    assert abs(est.intercept_[0] - ref.intercept_[0]) <= 0.05 * abs(ref.intercept_[0])
    assert est.w_norm_[0] == pytest.approx(ref.w_norm_[0], rel=1e-5)
    if solver in ("sk", "gilbert"):
        thesis = MuSVC(mu=0.03, kernel="rbf", gamma=1.0, solver=solver, polish=False).fit(X, y)
        assert abs(thesis.intercept_[0] - ref.intercept_[0]) > 0.5 * abs(ref.intercept_[0])
