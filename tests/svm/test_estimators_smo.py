"""svmbook.svm estimators with solver="smo": SVC, NuSVC, SVR, NuSVR, OneClassSVM vs scikit-learn.

The SMO core retraces LIBSVM (tests/test_smo.py), so the estimators must expose scikit-learn's
very arrays: ``support_`` and ``n_iter_`` equal, ``dual_coef_`` / ``intercept_`` to 1e-8,
including LIBSVM's one-vs-one layout.
"""

import warnings

import numpy as np
import pytest
from _sklearn_checks import sklearn_check_params
from sklearn import svm
from sklearn.base import clone
from sklearn.datasets import load_digits, load_iris, make_classification, make_regression
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import svmbook.svm._base as base
import svmbook.svm._machines as machines
from svmbook import SVC, SVR, NuSVC, NuSVR, OneClassSVM, kernels


@pytest.fixture(scope="module")
def clf_data():
    """Return the shared ``clf_data`` test problem."""
    return make_classification(
        n_samples=80, n_features=5, n_informative=3, n_redundant=0, random_state=0
    )


@pytest.fixture(scope="module")
def reg_data():
    """Return the shared ``reg_data`` test problem."""
    X, y = make_regression(n_samples=60, n_features=4, noise=5.0, random_state=0)
    return X, y / y.std()


@pytest.fixture(scope="module")
def iris():
    """Return the shared ``iris`` test problem."""
    return load_iris(return_X_y=True)


@pytest.fixture(scope="module")
def digits():
    """Return the shared ``digits`` test problem."""
    X, y = load_digits(return_X_y=True)
    return X[:300] / 16.0, y[:300]


def _same_model(ours, ref, X, atol=1e-8):
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(np.atleast_1d(ours.n_iter_), np.atleast_1d(ref.n_iter_))
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, rtol=0, atol=atol)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=0, atol=atol)
    if isinstance(ours, (SVR, NuSVR)):
        np.testing.assert_allclose(ours.predict(X), ref.predict(X), rtol=0, atol=atol)
    else:
        np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    if hasattr(ref, "n_support_"):
        np.testing.assert_array_equal(ours.n_support_, ref.n_support_)
    assert ours.fit_status_ == ref.fit_status_ == 0


# -- agreement with scikit-learn
# --------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"kernel": "rbf", "C": 1.0},
        {"kernel": "linear", "C": 0.5},
        {"kernel": "poly", "degree": 2, "coef0": 1.0, "C": 2.0, "gamma": "auto"},
        {"kernel": "rbf", "C": 3.0, "class_weight": "balanced", "shrinking": False},
    ],
)
def test_svc_binary_matches_sklearn(clf_data, params):
    """Check that binary SVC matches scikit-learn."""
    X, y = clf_data
    ours = SVC(solver="smo", **params).fit(X, y)
    ref = svm.SVC(**params).fit(X, y)
    _same_model(ours, ref, X)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-8)


def test_svc_sample_weight_matches_sklearn(clf_data):
    """Check that SVC sample weight matches scikit-learn."""
    X, y = clf_data
    sw = np.random.default_rng(0).uniform(0.0, 2.0, size=y.shape[0])
    sw[:5] = 0.0  # dropped, as scikit-learn
    cw = {0: 1.0, 1: 3.0}
    ours = SVC(solver="smo", C=2.0, class_weight=cw).fit(X, y, sample_weight=sw)
    ref = svm.SVC(C=2.0, class_weight=cw).fit(X, y, sample_weight=sw)
    # scikit-learn's support_ indexes the data after dropping zero weights; ours the data given
    kept = np.flatnonzero(sw > 0)
    np.testing.assert_array_equal(ours.support_, kept[ref.support_])
    np.testing.assert_array_equal(ours.n_iter_, ref.n_iter_)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, rtol=0, atol=1e-8)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=0, atol=1e-8)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))


def test_nusvc_binary_matches_sklearn(clf_data):
    """Check that binary NuSVC matches scikit-learn."""
    X, y = clf_data
    ours = NuSVC(nu=0.3).fit(X, y)
    ref = svm.NuSVC(nu=0.3).fit(X, y)
    _same_model(ours, ref, X)


@pytest.mark.parametrize(
    ("ours", "ref"),
    [
        (SVR(solver="smo", C=3.0, epsilon=0.2), svm.SVR(C=3.0, epsilon=0.2)),
        (SVR(solver="smo", kernel="linear", C=0.5), svm.SVR(kernel="linear", C=0.5)),
        (NuSVR(nu=0.4, C=2.0), svm.NuSVR(nu=0.4, C=2.0)),
    ],
)
def test_regressors_match_sklearn(reg_data, ours, ref):
    """Check that regressors match scikit-learn."""
    X, y = reg_data
    _same_model(ours.fit(X, y), ref.fit(X, y), X)
    np.testing.assert_allclose(ours.predict(X), ref.predict(X), atol=1e-8)


def test_one_class_matches_sklearn(reg_data):
    """Check that OneClassSVM matches scikit-learn."""
    X, _ = reg_data
    ours = OneClassSVM(nu=0.3, gamma=0.1).fit(X)
    ref = svm.OneClassSVM(nu=0.3, gamma=0.1).fit(X)
    _same_model(ours, ref, X)
    np.testing.assert_allclose(ours.offset_, ref.offset_[0], atol=1e-8)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-8)
    np.testing.assert_allclose(ours.score_samples(X), ref.score_samples(X), atol=1e-8)


@pytest.mark.parametrize("gram_reuse", [True, False])
@pytest.mark.parametrize("est", ["SVC", "NuSVC"])
def test_multiclass_ovo_iris_matches_sklearn(iris, est, gram_reuse, monkeypatch):
    """Full Gram once (sub-blocks per pair) or kernel rows per pair: both give LIBSVM's model."""
    X, y = iris
    if gram_reuse:
        monkeypatch.setattr(base, "GRAM_REUSE_MAX", 4000)
    ours = SVC(solver="smo", C=2.0) if est == "SVC" else NuSVC(nu=0.2)
    ref = svm.SVC(C=2.0) if est == "SVC" else svm.NuSVC(nu=0.2)
    ours.fit(X, y)
    ref.fit(X, y)
    assert ours.dual_coef_.shape == (2, ours.support_.shape[0])
    assert ours.intercept_.shape == (3,)
    _same_model(ours, ref, X)
    for shape in ("ovr", "ovo"):
        ours.set_params(decision_function_shape=shape)
        ref.set_params(decision_function_shape=shape)
        np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-8)


def test_multiclass_ovo_digits_matches_sklearn(digits):
    """Check that multiclass one-vs-one digits matches scikit-learn."""
    X, y = digits
    ours = SVC(solver="smo", C=10.0, decision_function_shape="ovo").fit(X, y)
    ref = svm.SVC(C=10.0, decision_function_shape="ovo").fit(X, y)
    assert ours.n_iter_.shape == (45,)
    _same_model(ours, ref, X)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-8)
    ours.set_params(decision_function_shape="ovr", break_ties=True)
    ref.set_params(decision_function_shape="ovr", break_ties=True)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-8)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))


def test_faithful_make_classification_2000_matches_sklearn():
    """The issue's named comparison: n=2000, 20 features, rbf gamma='scale', C=1."""
    X, y = make_classification(n_samples=2000, n_features=20, random_state=0)
    ours = SVC(kernel="rbf", gamma="scale", C=1.0).fit(X, y)
    ref = svm.SVC(kernel="rbf", gamma="scale", C=1.0).fit(X, y)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(ours.n_iter_, ref.n_iter_)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=0, atol=1e-8)


def test_faithful_digits_one_vs_rest_binary_problems_match_sklearn():
    """All ten binary problems "class k vs rest" of the full digits set (1797 x 64)."""
    X, y = load_digits(return_X_y=True)
    for k in range(10):
        yk = (y == k).astype(int)
        ours = SVC(kernel="rbf", gamma="scale", C=1.0).fit(X, yk)
        ref = svm.SVC(kernel="rbf", gamma="scale", C=1.0).fit(X, yk)
        np.testing.assert_array_equal(ours.n_iter_, ref.n_iter_, err_msg=f"class {k}")
        np.testing.assert_array_equal(ours.support_, ref.support_, err_msg=f"class {k}")
        np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=0, atol=1e-8)


def test_multiclass_full_digits_matches_sklearn():
    """Check that one-vs-one on digits (10 classes, 1797 x 64) matches scikit-learn.

    The machines share one row cache holding the whole float32 kernel matrix (it fits in
    cache_size) and give LIBSVM's model exactly; a cache too small for it (per-pair rows on
    demand) gives the same machines.
    """
    X, y = load_digits(return_X_y=True)
    ours = SVC(kernel="rbf", gamma="scale", C=1.0).fit(X, y)
    ref = svm.SVC(kernel="rbf", gamma="scale", C=1.0).fit(X, y)
    np.testing.assert_array_equal(ours.n_iter_, ref.n_iter_)
    _same_model(ours, ref, X)
    assert ours._shared_rows(X, ours._kernel) is not None
    small = SVC(kernel="rbf", gamma="scale", C=1.0, cache_size=10.0)  # 4 n^2 bytes = 12.9 MB
    assert small.fit(X, y)._shared_rows(X, small._kernel) is None
    np.testing.assert_array_equal(small.n_iter_, ours.n_iter_)
    np.testing.assert_array_equal(small.support_, ours.support_)
    np.testing.assert_array_equal(small.dual_coef_, ours.dual_coef_)
    np.testing.assert_array_equal(small.intercept_, ours.intercept_)


def test_multiclass_linear_coef_matches_sklearn(iris):
    """Check that multiclass linear coef matches scikit-learn."""
    X, y = iris
    ours = SVC(solver="smo", kernel="linear").fit(X, y)
    ref = svm.SVC(kernel="linear").fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-8)


def test_multiclass_ovr_option(iris):
    """Check the one-vs-rest multiclass option."""
    X, y = iris
    clf = SVC(solver="smo", C=10.0, multiclass="ovr").fit(X, y)
    assert clf.dual_coef_.shape == (3, clf.support_.shape[0])
    assert clf.intercept_.shape == (3,) and clf.n_iter_.shape == (3,)
    dec = clf.decision_function(X)
    assert dec.shape == (150, 3)
    np.testing.assert_array_equal(clf.predict(X), clf.classes_[np.argmax(dec, axis=1)])
    assert clf.score(X, y) > 0.9
    # each machine is a binary SVC of its class against the rest
    c1 = SVC(solver="smo", C=10.0).fit(X, np.where(y == 1, 0, 1))
    np.testing.assert_allclose(dec[:, 1], -c1.decision_function(X), atol=1e-8)


def test_multiclass_qp_uses_the_same_layer(iris):
    """Check that multiclass QP uses the same multiclass layer."""
    X, y = iris
    qp = SVC(kernel="linear", C=1.0, solver="qp").fit(X, y)
    smo = SVC(kernel="linear", C=1.0, solver="smo", tol=1e-8).fit(X, y)
    np.testing.assert_array_equal(qp.predict(X), smo.predict(X))
    np.testing.assert_allclose(qp.decision_function(X), smo.decision_function(X), atol=1e-4)


def test_kernel_routes_agree(clf_data):
    """Check SMO against QP for a sklearn name, a Kernel, a callable and precomputed."""
    X, y = clf_data
    k = kernels.rbf(sigma=1.5)
    ref = svm.SVC(kernel="rbf", gamma=1 / (2 * 1.5**2)).fit(X, y)
    for ours, T in [
        (SVC(solver="smo", kernel="rbf", gamma=1 / (2 * 1.5**2)).fit(X, y), X),
        (SVC(solver="smo", kernel=k).fit(X, y), X),
        (SVC(solver="smo", kernel=lambda A, B: k(A, B)).fit(X, y), X),
        (SVC(solver="smo", kernel="precomputed").fit(k(X), y), k(X)),
    ]:
        np.testing.assert_array_equal(ours.support_, ref.support_)
        np.testing.assert_allclose(ours.decision_function(T), ref.decision_function(X), atol=1e-7)


# -- smo vs qp
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_smo_agrees_with_qp(clf_data, reg_data, kernel):
    """Check that SMO agrees with QP."""
    X, y = clf_data
    qp = SVC(kernel=kernel, C=2.0, solver="qp").fit(X, y)
    smo = SVC(kernel=kernel, C=2.0, solver="smo", tol=1e-8).fit(X, y)
    assert abs(smo.objective_[0] - qp.objective_) <= 1e-6 * abs(qp.objective_)
    np.testing.assert_array_equal(smo.predict(X), qp.predict(X))
    np.testing.assert_allclose(smo.decision_function(X), qp.decision_function(X), atol=1e-4)
    Xr, yr = reg_data
    qp = SVR(kernel=kernel, C=2.0, epsilon=0.1, solver="qp").fit(Xr, yr)
    smo = SVR(kernel=kernel, C=2.0, epsilon=0.1, solver="smo", tol=1e-8).fit(Xr, yr)
    assert abs(smo.objective_ - qp.objective_) <= 1e-6 * abs(qp.objective_)
    np.testing.assert_allclose(smo.predict(Xr), qp.predict(Xr), atol=1e-4)


# -- bad input
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("est", "match"),
    [
        (SVC(solver="smo", bias="implicit"), "bias='implicit'.*solver='qp'"),
        (SVC(solver="smo", kernel="spline", bias="auto"), "bias='auto'.*solver='qp'"),
        (SVR(solver="smo", loss="quadratic"), "loss='quadratic'.*solver='qp'"),
        (SVR(solver="smo", loss="huber", delta=0.1), "loss='huber'.*solver='qp'"),
        (SVC(C=-1.0, solver="smo"), "'C' parameter"),
        (NuSVR(C=np.inf), "'C' parameter"),
        (NuSVC(nu=1.5), "'nu' parameter"),
        (NuSVC(nu=0.9), "nu=0.9 is infeasible"),
        (OneClassSVM(nu=0.0), "'nu' parameter"),
        (NuSVC(solver="qp"), "'solver' parameter"),
        (SVC(solver="smo", tol=-1.0), "'tol' parameter"),
        (SVC(solver="smo", max_iter=-2), "'max_iter' parameter"),
        (SVC(solver="smo", class_weight="auto"), "'class_weight' parameter"),
        (SVC(solver="qp", class_weight="balanced"), "class_weight is not supported by solver='qp'"),
    ],
)
def test_bad_parameters(est, match):
    """Check that bad parameters raise, naming the parameter."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    y = np.array([0, 0, 1, 1, 1]) if not isinstance(est, SVR) else np.arange(5.0)
    if isinstance(est, (SVR, NuSVR)):
        y = np.arange(5.0)
    with pytest.raises(ValueError, match=match):
        est.fit(np.abs(X), y) if not isinstance(est, OneClassSVM) else est.fit(X)


def test_break_ties_with_ovo_raises_at_predict():
    """break_ties needs decision_function_shape='ovr'; as scikit-learn, predict says so."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0], [4.0, 0.0], [5.0, 2.0]])
    clf = SVC(decision_function_shape="ovo", break_ties=True).fit(X, [0, 0, 1, 1, 2, 2])
    with pytest.raises(ValueError, match="break_ties must be False"):
        clf.predict(X)


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_hard_margin_by_smo_matches_the_qp(kernel):
    """C=inf on separable data: the SMO core (no upper bound) gives the qp's hard margin."""
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(-2.0, 0.7, (25, 2)), rng.normal(2.0, 0.7, (25, 2))])
    y = np.repeat([0, 1], 25)
    smo = SVC(C=np.inf, kernel=kernel, gamma=0.5, tol=1e-8).fit(X, y)
    qp = SVC(C=np.inf, kernel=kernel, gamma=0.5, solver="qp").fit(X, y)
    assert smo.fit_status_ == 0
    assert abs(smo.objective_[0] - qp.objective_) <= 1e-6 * abs(qp.objective_)
    np.testing.assert_allclose(smo.decision_function(X), qp.decision_function(X), atol=1e-4)


def test_all_weights_non_positive_raise():
    """No sample with a positive weight: a clear error, for every estimator."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0]])
    for est, y in [(SVC(), [0, 0, 1, 1]), (SVR(), [0.0, 1.0, 2.0, 3.0]), (OneClassSVM(), None)]:
        with pytest.raises(ValueError, match="all samples have zero or negative weights"):
            est.fit(X, y, sample_weight=[0.0, -1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="positive weights belong to the same class"):
        SVC().fit(X, [0, 0, 1, 1], sample_weight=[1.0, 1.0, 0.0, 0.0])


def test_bad_sample_weight(clf_data):
    """Check that a bad sample_weight raises."""
    X, y = clf_data
    with pytest.raises(ValueError, match="sample_weight"):
        SVC(solver="smo").fit(X, y, sample_weight=np.ones(3))


def test_max_iter_warns_and_model_is_usable(clf_data):
    """Check that max_iter warns and the model is usable."""
    X, y = clf_data
    with pytest.warns(ConvergenceWarning):
        clf = SVC(solver="smo", max_iter=5).fit(X, y)
    assert clf.fit_status_ == 1 and clf.n_iter_[0] == 5
    assert clf.predict(X).shape == y.shape
    with pytest.warns(ConvergenceWarning):
        reg = NuSVR(max_iter=3).fit(X, y.astype(float))
    assert reg.fit_status_ == 1 and np.all(np.isfinite(reg.predict(X)))


# -- warm start
# -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: SVC(solver="smo", C=1.0, tol=1e-6, warm_start=True),
        lambda: NuSVC(nu=0.3, tol=1e-6, warm_start=True),
        lambda: OneClassSVM(nu=0.3, tol=1e-6, warm_start=True),
        lambda: SVR(solver="smo", C=1.0, tol=1e-6, warm_start=True),
        lambda: NuSVR(C=1.0, tol=1e-6, warm_start=True),
    ],
)
def test_warm_start_from_optimum_is_immediate(clf_data, iris, make):
    """Check that a warm start at the optimum is immediate."""
    X, y = iris if isinstance(make(), (SVC, NuSVC)) else clf_data
    if isinstance(make(), (SVR, NuSVR)):
        y = y.astype(float)
    est = make().fit(X, y)
    first = np.atleast_1d(est.n_iter_).copy()
    est.fit(X, y)
    assert np.all(np.atleast_1d(est.n_iter_) <= 1), (first, est.n_iter_)


@pytest.mark.parametrize("multiclass", [False, True])
def test_warm_start_scaled_C_reaches_cold_optimum(clf_data, iris, multiclass):
    """Check that a warm start with scaled C reaches the cold optimum."""
    X, y = iris if multiclass else clf_data
    warm = SVC(solver="smo", C=1.0, tol=1e-8, warm_start=True).fit(X, y)
    warm.set_params(C=4.0).fit(X, y)
    cold = SVC(solver="smo", C=4.0, tol=1e-8).fit(X, y)
    np.testing.assert_array_equal(warm.support_, cold.support_)
    np.testing.assert_allclose(warm.dual_coef_, cold.dual_coef_, atol=1e-6)
    np.testing.assert_allclose(warm.intercept_, cold.intercept_, atol=1e-6)
    np.testing.assert_allclose(warm.objective_, cold.objective_, rtol=1e-9)
    # and down again: C_new < C_old keeps the start feasible too
    warm.set_params(C=0.5).fit(X, y)
    cold = SVC(solver="smo", C=0.5, tol=1e-8).fit(X, y)
    np.testing.assert_allclose(warm.objective_, cold.objective_, rtol=1e-9)


def test_warm_start_regression_scaled_C(reg_data):
    """Check a regression warm start with scaled C."""
    X, y = reg_data
    for make in (lambda **k: SVR(solver="smo", **k), NuSVR):
        warm = make(C=1.0, tol=1e-8, warm_start=True).fit(X, y)
        warm.set_params(C=3.0).fit(X, y)
        cold = make(C=3.0, tol=1e-8).fit(X, y)
        np.testing.assert_allclose(warm.predict(X), cold.predict(X), atol=1e-6)


@pytest.mark.parametrize(
    "make",
    [
        lambda **k: SVC(solver="smo", **k),
        lambda **k: NuSVC(nu=0.3, **k),
        lambda **k: OneClassSVM(nu=0.3, **k),
        lambda **k: SVR(solver="smo", **k),
        lambda **k: NuSVR(**k),
    ],
)
def test_warm_start_after_kernel_change_reaches_cold_optimum(clf_data, iris, make):
    """Check that a warm start survives a gamma change and ends at the cold optimum.

    The previous SVs are the first working set, or the previous alpha the start for the nu
    formulations.
    """
    X, y = iris if isinstance(make(), (SVC, NuSVC)) else clf_data
    if isinstance(make(), (SVR, NuSVR)):
        y = y.astype(float)
    warm = make(gamma=0.5, tol=1e-8, warm_start=True).fit(X, y)
    warm.set_params(gamma=0.8)
    if hasattr(warm, "C"):
        warm.set_params(C=2.0)  # and C at the same time
    warm.fit(X, y)
    cold = clone(warm).set_params(warm_start=False).fit(X, y)
    np.testing.assert_allclose(warm.objective_, cold.objective_, rtol=1e-8)
    output = "predict" if isinstance(warm, (SVR, NuSVR)) else "decision_function"
    np.testing.assert_allclose(
        getattr(warm, output)(X), getattr(cold, output)(X), rtol=0, atol=1e-5
    )


def test_warm_start_kernel_change_uses_support_vectors_first(monkeypatch):
    """C-SVC after a kernel change: first the problem on the previous SVs, then the full one."""
    X, y = make_classification(n_samples=400, n_features=6, random_state=2)
    calls = []
    solve_c_svc = machines.F.solve_c_svc

    def spy(X, y, **kwargs):
        w = kwargs["sample_weight"]
        calls.append(y.shape[0] if w is None else int(np.sum(w > 0)))
        return solve_c_svc(X, y, **kwargs)

    est = SVC(gamma=0.1, warm_start=True).fit(X, y)
    n_sv = est.support_.size
    monkeypatch.setattr(machines.F, "solve_c_svc", spy)
    est.set_params(gamma=0.15).fit(X, y)
    assert calls == [n_sv, 400]
    cold = SVC(gamma=0.15).fit(X, y)
    np.testing.assert_allclose(est.objective_, cold.objective_, rtol=1e-4)  # both at tol=1e-3


def test_warm_start_other_change_starts_cold(clf_data):
    """Check that any other change starts cold."""
    X, y = clf_data
    warm = SVC(solver="smo", warm_start=True).fit(X, y)
    warm.fit(X[:-1], y[:-1])  # other data: cold
    np.testing.assert_array_equal(warm.n_iter_, SVC(solver="smo").fit(X[:-1], y[:-1]).n_iter_)
    warm.set_params(class_weight="balanced").fit(X[:-1], y[:-1])  # other problem: cold
    cold = SVC(solver="smo", class_weight="balanced").fit(X[:-1], y[:-1])
    np.testing.assert_array_equal(warm.n_iter_, cold.n_iter_)
    K = kernels.rbf(gamma=0.2)(X)
    warm.set_params(kernel="precomputed", class_weight=None).fit(K, y)  # other meaning of X
    np.testing.assert_array_equal(
        warm.n_iter_, SVC(solver="smo", kernel="precomputed").fit(K, y).n_iter_
    )


# -- scikit-learn integration
# -----------------------------------------------------------------------


def test_pipeline_and_grid_search(iris, reg_data):
    """Check the estimators in a pipeline and a grid search."""
    X, y = iris
    pipe = make_pipeline(StandardScaler(), NuSVC())
    grid = GridSearchCV(pipe, {"nusvc__nu": [0.1, 0.3]}, cv=3).fit(X, y)
    assert grid.best_score_ > 0.9
    grid = GridSearchCV(SVC(solver="smo"), {"C": [0.1, 1.0, 10.0]}, cv=3).fit(X, y)
    assert grid.best_score_ > 0.9
    Xr, yr = reg_data
    reg = make_pipeline(StandardScaler(), NuSVR(kernel="linear", C=10.0)).fit(Xr, yr)
    assert reg.score(Xr, yr) > 0.9
    assert clone(OneClassSVM(nu=0.2)).get_params()["nu"] == 0.2


def test_default_solver_is_smo():
    """SMO is the default everywhere; the Gunn chapters ask for solver="qp" explicitly."""
    assert SVC().solver == SVR().solver == "smo"
    assert NuSVC().solver == NuSVR().solver == OneClassSVM().solver == "smo"


_WEIGHT_EQUIVALENCE = (
    "weights equal repetitions only at the exact optimum; SMO stops at tol=1e-3 and the two "
    "problems take different iterations (scikit-learn's LIBSVM estimators xfail this check too)"
)
_EXPECTED = {
    name: {
        "check_sample_weight_equivalence_on_dense_data": _WEIGHT_EQUIVALENCE,
        "check_sample_weight_equivalence_on_sparse_data": _WEIGHT_EQUIVALENCE,
    }
    for name in ["SVC", "NuSVC", "SVR", "NuSVR", "OneClassSVM"]
}
_EXPECTED["NuSVC"]["check_class_weight_classifiers"] = (
    "class_weight is ignored by nu-SVC, as in LIBSVM and scikit-learn's NuSVC"
)


def _expected_failed_checks(estimator):
    return _EXPECTED.get(type(estimator).__name__, {})


@pytest.mark.parametrize(
    ("estimator", "check"),
    sklearn_check_params(
        [SVC(solver="smo"), NuSVC(), SVR(solver="smo"), NuSVR(), OneClassSVM()],
        _expected_failed_checks,
    ),
)
def test_sklearn_compatible(estimator, check):
    """Check scikit-learn's estimator checks."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_smo_mode_auto_picks_by_shape_and_modes_agree():
    """"auto" takes the fast rows only for RBF on few dense features with under a quarter of the
    Gram in the cache; both modes give the same support vectors and objective."""
    from sklearn.datasets import make_classification

    X, y = make_classification(n_samples=1500, n_features=12, random_state=0)
    small_cache = {"cache_size": 2.0}  # 2 MB of the 9 MB float32 Gram: 22 % of the rows
    auto = SVC(**small_cache).fit(X, y)
    assert auto.smo_mode_ == "fast"
    assert SVC().fit(X, y).smo_mode_ == "faithful"  # the Gram fits in 200 MB
    assert SVC(cache_size=4.0).fit(X, y).smo_mode_ == "faithful"  # 47 % of the rows cached
    assert SVC(kernel="linear", **small_cache).fit(X, y).smo_mode_ == "faithful"
    faithful = SVC(smo_mode="faithful", **small_cache).fit(X, y)
    np.testing.assert_array_equal(np.sort(auto.support_), np.sort(faithful.support_))
    assert abs(auto.objective_[0] - faithful.objective_[0]) <= 1e-6 * abs(faithful.objective_[0])
    np.testing.assert_allclose(auto.decision_function(X), faithful.decision_function(X), atol=1e-5)


def test_multiclass_machines_on_shared_rows_equal_the_machines_alone():
    """The one-vs-one machines solved together on the prefilled kernel matrix (shared with the
    helper thread) equal those fitted one by one on their own rows, with class and sample
    weights, and a warm start at a new C."""
    X, y = load_digits(return_X_y=True)
    X, y = X[:700], y[:700]
    w = np.random.default_rng(0).uniform(0.2, 3.0, 700)
    cw = {c: 1.0 + 0.1 * c for c in range(10)}
    shared = SVC(C=2.0, class_weight=cw, warm_start=True).fit(X, y, sample_weight=w)
    alone = SVC(C=2.0, class_weight=cw, warm_start=True, cache_size=1.0).fit(X, y, sample_weight=w)
    assert shared._shared_rows(X, shared._kernel) is not None
    assert alone._shared_rows(X, alone._kernel) is None
    pairs = [(shared, alone)]
    pairs.append((shared.set_params(C=4.0).fit(X, y, sample_weight=w),
                  alone.set_params(C=4.0).fit(X, y, sample_weight=w)))  # fmt: skip
    for a, b in pairs:
        np.testing.assert_array_equal(a.n_iter_, b.n_iter_)
        np.testing.assert_array_equal(a.support_, b.support_)
        np.testing.assert_array_equal(a.dual_coef_, b.dual_coef_)
        np.testing.assert_array_equal(a.intercept_, b.intercept_)
        np.testing.assert_array_equal(a.objective_, b.objective_)
