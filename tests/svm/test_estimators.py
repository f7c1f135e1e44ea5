"""svmbook.svm: SVC and SVR (solver="qp") vs LIBSVM, Gunn's oracles, scikit-learn's API."""

import pickle

import numpy as np
import pytest
from _sklearn_checks import sklearn_check_params
from sklearn.base import clone
from sklearn.datasets import load_iris, make_classification, make_regression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC as SkSVC
from sklearn.svm import SVR as SkSVR

import svmbook
from svmbook import SVC, SVR, MuSVC, NuSVC, NuSVR, OneClassSVM, datasets, kernels
from svmbook.qp import InfeasibleProblemError
from svmbook.svm._machines import MACHINES

# scikit-learn's toy (sklearn/svm/tests/test_svm.py)
X = np.array([[-2, -1], [-1, -1], [-1, -2], [1, 1], [1, 2], [2, 1]], dtype=float)
Y = np.array([1, 1, 1, 2, 2, 2])
T = np.array([[-1, -1], [2, 2], [3, 2]], dtype=float)
TRUE_RESULT = [1, 2, 2]

TABLE_2_2 = np.array(
    [[1, 1, -1], [3, 3, 1], [1, 3, 1], [3, 1, -1], [2, 2.5, 1], [3, 2.5, -1], [4, 3, -1],
     [1.5, 1.5, 1], [1, 2, -1]],
    dtype=float,
)  # fmt: skip
X51 = np.array([1.0, 3.0, 4.0, 5.6, 7.8, 10.2, 11.0, 11.5, 12.7])[:, None]
Y51 = np.array([-1.6, -1.8, -1.0, 1.2, 2.2, 6.8, 10.0, 10.0, 10.0])
T51 = np.array([0.0, 2.0, 6.0, 9.0, 12.0, 14.0])[:, None]


def test_toy_linear():
    """Check the linear toy problem against its hand-computed answer."""
    clf = SVC(solver="qp", kernel="linear").fit(X, Y)
    np.testing.assert_array_equal(clf.predict(T), TRUE_RESULT)
    np.testing.assert_allclose(clf.dual_coef_, [[-0.25, 0.25]], atol=1e-8)
    np.testing.assert_array_equal(clf.support_, [1, 3])
    np.testing.assert_allclose(clf.intercept_, [0.0], atol=1e-8)
    np.testing.assert_array_equal(clf.n_support_, [1, 1])
    np.testing.assert_allclose(clf.coef_, [[0.5, 0.5]], atol=1e-8)
    assert clf.fit_status_ == 0 and clf.n_features_in_ == 2
    # identity: decision = X coef_ + intercept_
    np.testing.assert_allclose(clf.decision_function(T), T @ clf.coef_[0] + clf.intercept_[0])


def test_coef_is_read_only_and_linear_only():
    """Check that coef_ is read-only and linear-kernel only."""
    clf = SVC(solver="qp", kernel="linear").fit(X, Y)
    with pytest.raises(ValueError, match="read-only"):
        clf.coef_[0, 0] = 1.0
    with pytest.raises(AttributeError, match="linear kernel"):
        _ = SVC(solver="qp", kernel="rbf").fit(X, Y).coef_


@pytest.fixture(scope="module")
def clf_data():
    """Return the shared ``clf_data`` test problem."""
    Xc, yc = make_classification(
        n_samples=60, n_features=4, n_informative=3, n_redundant=0, random_state=0
    )
    return Xc, yc


@pytest.mark.parametrize(
    "params",
    [
        {"kernel": "linear", "C": 0.5},
        {"kernel": "rbf", "C": 3.0, "gamma": "scale"},
        {"kernel": "rbf", "C": 10.0, "gamma": 0.3},
        {"kernel": "poly", "degree": 2, "coef0": 1.0, "C": 1.0, "gamma": "auto"},
    ],
)
def test_svc_agrees_with_libsvm(clf_data, params):
    """Check that SVC agrees with LIBSVM."""
    Xc, yc = clf_data
    ours = SVC(solver="qp", **params).fit(Xc, yc)
    ref = SkSVC(**params, tol=1e-8).fit(Xc, yc)
    np.testing.assert_allclose(ours.decision_function(Xc), ref.decision_function(Xc), atol=1e-5)
    np.testing.assert_array_equal(ours.predict(Xc), ref.predict(Xc))
    order = np.argsort(ref.support_)  # LIBSVM groups the support vectors by class
    np.testing.assert_array_equal(ours.support_, ref.support_[order])
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_[:, order], atol=1e-5)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=1e-5)


def test_indefinite_sigmoid_qp_raises_smo_matches_libsvm(clf_data):
    """Indefinite Gram matrix: the dual is not convex; qp refuses, SMO does what LIBSVM does."""
    Xc, yc = clf_data
    params = {"kernel": "sigmoid", "gamma": 0.05, "coef0": -1.0, "C": 1.0}
    with pytest.raises(ValueError, match="not positive semidefinite"):
        SVC(solver="qp", **params).fit(Xc, yc)
    ours = SVC(**params, solver="smo").fit(Xc, yc)
    ref = SkSVC(**params).fit(Xc, yc)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(ours.n_iter_, ref.n_iter_)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, atol=1e-8)


@pytest.mark.parametrize(
    "params",
    [
        {"kernel": "linear", "C": 1.0, "epsilon": 0.1},
        {"kernel": "rbf", "C": 10.0, "epsilon": 0.2},
        {"kernel": "poly", "degree": 2, "coef0": 1.0, "C": 0.1, "epsilon": 0.05},
    ],
)
def test_svr_agrees_with_libsvm(params):
    """Check that SVR agrees with LIBSVM."""
    Xr, yr = make_regression(n_samples=50, n_features=3, noise=5.0, random_state=1)
    yr = yr / yr.std()
    ours = SVR(solver="qp", **params).fit(Xr, yr)
    ref = SkSVR(**params, tol=1e-8).fit(Xr, yr)
    np.testing.assert_allclose(ours.predict(Xr), ref.predict(Xr), atol=1e-5)
    np.testing.assert_array_equal(ours.support_, ref.support_)


def test_three_kernel_routes_agree(clf_data):
    """Name, Kernel, callable and precomputed Gram give one answer (sklearn test_precomputed)."""
    Xc, yc = clf_data
    k = kernels.rbf(sigma=1.5)
    by_name = SVC(solver="qp", kernel="rbf", gamma=1 / (2 * 1.5**2)).fit(Xc, yc)
    by_kernel = SVC(solver="qp", kernel=k).fit(Xc, yc)
    by_callable = SVC(solver="qp", kernel=lambda A, B: k(A, B)).fit(Xc, yc)
    pre = SVC(solver="qp", kernel="precomputed").fit(k(Xc), yc)
    f = by_name.decision_function(Xc)
    np.testing.assert_allclose(by_kernel.decision_function(Xc), f, atol=1e-8)
    np.testing.assert_allclose(by_callable.decision_function(Xc), f, atol=1e-8)
    np.testing.assert_allclose(pre.decision_function(k(Xc)), f, atol=1e-8)
    assert pre.support_vectors_.shape == (0, 0)
    with pytest.raises(ValueError, match="expecting 60 features"):
        pre.decision_function(k(Xc)[:, :10])


# -- Gunn's oracles through the estimators
# ----------------------------------------------------------


def test_gunn_table22_soft_margin_C1():
    """Check Gunn's Table 2.2 soft margin at C = 1."""
    clf = SVC(solver="qp", kernel="linear", C=1.0).fit(TABLE_2_2[:, :2], TABLE_2_2[:, 2])
    np.testing.assert_allclose(clf.coef_, [[-2 / 3, 1]], atol=1e-6)
    np.testing.assert_allclose(clf.intercept_, [-4 / 3], atol=1e-6)
    assert clf.margin_ == pytest.approx(6 / np.sqrt(13), abs=1e-6)
    assert clf.objective_ == pytest.approx(-56 / 9, abs=1e-6)


def test_gunn_hard_margin_infeasible_and_ridge():
    """Check Gunn's hard margin on infeasible data, raised or ridged."""
    Xg, yg = TABLE_2_2[:, :2], TABLE_2_2[:, 2]
    with pytest.raises(InfeasibleProblemError, match="infeasible"):
        SVC(solver="qp", kernel="linear", C=np.inf).fit(Xg, yg)
    # Fig. 2.10: separable in the feature space of (<x,x'>+1)^2; bias="auto" -> implicit (toolbox)
    clf = SVC(
        solver="qp", kernel="poly", degree=2, gamma=1.0, coef0=1.0, C=np.inf, bias="auto"
    ).fit(Xg, yg)
    assert clf.bias_ == "implicit"
    np.testing.assert_array_equal(clf.support_, [0, 1, 2, 5, 7, 8])
    x1, x2 = Xg[:, 0], Xg[:, 1]
    f = -8 + 12.75 * x1 - 3.75 * x2 - 3.75 * x1**2 + x2**2 + 0.75 * x1 * x2
    np.testing.assert_allclose(clf.decision_function(Xg), f, atol=1e-6)


def test_gunn_table22_tiny_C_scaled_and_polished():
    """Check Gunn's Table 2.2 at C = 1e-8 (Fig. 2.8): w = C (-1.5, 1.5), b only in an interval.

    Chapter 2 derives w, alpha and the interval [-1 + 1.5 C, -1 + 3 C] of optimal offsets by hand;
    the estimator solves in u = alpha / C and polishes the active set, so w is exact to rounding.
    """
    C = 1e-8
    Xg, yg = TABLE_2_2[:, :2], TABLE_2_2[:, 2]
    clf = SVC(solver="qp", kernel="linear", C=C).fit(Xg, yg)
    np.testing.assert_allclose(clf.coef_[0], C * np.array([-1.5, 1.5]), rtol=1e-6)
    np.testing.assert_allclose(clf.result_.alpha / C, [1, 1, 1, 0, 1, 1, 1, 1, 1], atol=1e-6)
    assert clf.margin_ == pytest.approx(2 / (1.5 * np.sqrt(2) * C), rel=1e-6)
    lo, hi = clf.b_interval_
    np.testing.assert_allclose([(lo + 1) / C, (hi + 1) / C], [1.5, 3.0], rtol=1e-4)
    np.testing.assert_array_equal(clf.predict(Xg), -np.ones(len(yg)))


def test_gunn_table22_ridge_is_the_squared_hinge_minimiser():
    """Check that the listings' ridge (C = inf on infeasible data) minimises the squared hinge.

    The 1e-10 ridge is the squared-slack dual with C = 1e10, so its (w, b) is, to about 1e-4 (the
    ridge problem is badly conditioned and fails its certificate), the minimiser of
    sum_i max(0, 1 - y_i f(x_i))^2 found by BFGS.
    """
    from scipy.optimize import minimize
    from sklearn.exceptions import ConvergenceWarning

    Xg, yg = TABLE_2_2[:, :2], TABLE_2_2[:, 2]
    with pytest.warns(ConvergenceWarning):
        ridge = SVC(solver="qp", kernel="linear", C=np.inf, infeasible="ridge").fit(Xg, yg)

    def squared_hinge(z):
        return np.sum(np.maximum(0.0, 1 - yg * (Xg @ z[:2] + z[2])) ** 2)

    z = minimize(squared_hinge, np.zeros(3), method="BFGS", options={"gtol": 1e-12}).x
    np.testing.assert_allclose([*ridge.coef_[0], ridge.intercept_[0]], z, atol=1e-4)


def test_gunn_table51_erbf_support_vectors():
    """Check the exponential-RBF regression on Gunn's Table 5.1 that chapter 3 draws.

    epsilon = 0.5, C = inf, implicit bias, sigma = 1 (the report states no sigma): seven support
    vectors, points 1, 2, 3, 4, 7, 8, 9 in the report's numbering.
    """
    reg = SVR(solver="qp", kernel=kernels.erbf(sigma=1.0), C=np.inf, epsilon=0.5, bias="implicit")
    reg.fit(X51, Y51)
    np.testing.assert_array_equal(reg.support_, [0, 1, 2, 3, 6, 7, 8])


def test_gunn_iris_setosa():
    """Check Gunn's iris setosa example."""
    data = load_iris()
    Xi = data.data[:, 2:4]
    yi = np.where(data.target == 0, "setosa", "rest")  # classes_ = ["rest", "setosa"]
    clf = SVC(solver="qp", kernel="linear", C=np.inf).fit(Xi, yi)
    np.testing.assert_array_equal(clf.support_, [44, 98])
    np.testing.assert_allclose(clf.coef_, [[-22 / 17, -14 / 17]], atol=1e-6)
    np.testing.assert_allclose(clf.intercept_, [322 / 85], atol=1e-6)
    assert clf.margin_ == pytest.approx(np.sqrt(1.7), abs=1e-6)


def test_gunn_table51_spline_fig55():
    """Check Gunn's Table 5.1 spline regression (Fig. 5.5)."""
    reg = SVR(solver="qp", kernel="spline", C=np.inf, epsilon=0.5, bias="auto").fit(X51, Y51)
    assert reg.bias_ == "implicit"
    np.testing.assert_array_equal(reg.support_, [0, 1, 3, 4, 5, 6, 8])
    assert reg.result_.w_norm2 == pytest.approx(8.31927, abs=1e-5)
    np.testing.assert_allclose(
        reg.predict(T51), [-0.63016, -1.40182, 1.0366, 4.49446, 10.54072, 10.25281], atol=1e-5
    )


def test_gunn_table51_rbf_and_losses():
    """Check Gunn's Table 5.1 RBF regression and its losses."""
    reg = SVR(solver="qp", kernel="rbf", gamma=0.5, C=np.inf, epsilon=0.5, bias="implicit").fit(
        X51, Y51
    )
    np.testing.assert_allclose(
        reg.predict(T51), [-0.58248, -1.29218, 0.85201, 2.06395, 10.57341, 3.42152], atol=1e-5
    )
    lad = SVR(solver="qp", kernel="linear", C=100.0, loss="laplace").fit(X51, Y51)
    np.testing.assert_allclose(lad.coef_, [[118 / 97]], atol=1e-6)
    quad = SVR(solver="qp", kernel="linear", C=1.0, loss="quadratic").fit(X51, Y51)
    np.testing.assert_allclose(
        [quad.coef_[0, 0], quad.intercept_[0]], [1.191191, -4.863508], atol=1e-6
    )
    hub = SVR(solver="qp", kernel="linear", C=100.0, loss="huber", delta=1e-9).fit(X51, Y51)
    np.testing.assert_allclose(hub.coef_, [[118 / 97]], atol=1e-6)
    with pytest.raises(InfeasibleProblemError):
        SVR(solver="qp", kernel="poly", degree=2, gamma=1.0, coef0=1.0, C=np.inf, epsilon=0.5).fit(
            X51, Y51
        )


# -- scikit-learn integration
# -----------------------------------------------------------------------


def test_pipeline_gridsearch_clone_pickle(clf_data):
    """Check the estimators in a pipeline, grid search, clone and pickle."""
    Xc, yc = clf_data
    pipe = make_pipeline(StandardScaler(), SVC(solver="qp", kernel="rbf"))
    grid = GridSearchCV(pipe, {"svc__C": [0.1, 1.0]}, cv=3).fit(Xc, yc)
    assert grid.best_score_ > 0.6
    clf = SVC(solver="qp", C=2.0, kernel="poly", degree=2, bias="implicit")
    c2 = clone(clf)
    assert c2.get_params() == clf.get_params()
    c2.set_params(C=5.0)
    assert c2.C == 5.0 and clf.C == 2.0
    clf.fit(Xc, yc)
    restored = pickle.loads(pickle.dumps(clf))
    np.testing.assert_array_equal(restored.decision_function(Xc), clf.decision_function(Xc))
    Xr, yr = make_regression(n_samples=40, n_features=3, noise=1.0, random_state=0)
    reg = make_pipeline(StandardScaler(), SVR(solver="qp", kernel="linear", C=100.0)).fit(Xr, yr)
    assert reg.score(Xr, yr) > 0.9


@pytest.mark.parametrize(
    ("est", "kwargs", "match"),
    [
        (SVC, {"C": -1.0}, "'C' parameter"),
        (SVC, {"gamma": -0.5}, "'gamma' parameter"),
        (SVC, {"degree": -1}, "'degree' parameter"),
        (SVC, {"bias": "none"}, "'bias' parameter"),
        (SVC, {"solver": "newton"}, "'solver' parameter"),
        (SVC, {"kernel": "gauss"}, "'kernel' parameter"),
        (SVC, {"kernel": "erbf", "kernel_params": {"sigma": -1.0}}, "sigma must be > 0"),
        (SVR, {"epsilon": -0.1}, "'epsilon' parameter"),
        (SVR, {"loss": "hinge"}, "'loss' parameter"),
        (SVR, {"loss": "huber"}, "delta is required"),
        (SVR, {"delta": -1.0}, "'delta' parameter"),
    ],
)
def test_bad_parameters(est, kwargs, match):
    """Check that bad parameters raise, naming the parameter."""
    y = Y if est is SVC else Y.astype(float)
    with pytest.raises(ValueError, match=match):
        est(**kwargs).fit(X, y)


def test_bad_data():
    """Check that bad data raise."""
    Xn = X.copy()
    Xn[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        SVC(solver="qp").fit(Xn, Y)
    Xi = X.copy()
    Xi[0, 0] = np.inf
    with pytest.raises(ValueError, match="infinity"):
        SVC(solver="qp").fit(Xi, Y)
    with pytest.raises(ValueError, match="NaN"):
        SVR(solver="qp").fit(X, np.where(Y == 1, np.nan, 1.0))
    with pytest.raises(ValueError, match="one class only"):
        SVC(solver="qp").fit(X, np.ones(6))
    with pytest.raises(ValueError, match="sample_weight is not supported by solver='qp'"):
        SVC(solver="qp").fit(X, Y, sample_weight=np.ones(6))
    with pytest.raises(ValueError, match="Unknown label type"):
        SVC(solver="qp").fit(X, Y + 0.5)
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        SVC(solver="qp").fit(X, Y[:5])
    with pytest.raises(
        ValueError, match="X must be a square 2-D Gram matrix with kernel='precomputed'"
    ):
        SVC(solver="qp", kernel="precomputed").fit(X, Y)
    clf = SVC(solver="qp").fit(X, Y)
    with pytest.raises(ValueError, match="features"):
        clf.predict(np.ones((2, 3)))
    with pytest.raises(ValueError, match="spline kernel needs inputs >= 0"):
        SVR(solver="qp", kernel="spline").fit(-X51, Y51)


# -- check_estimator
# ---------------------------------------------------------------------------------

_QP_WEIGHTS = (
    "solver='qp' has no per-sample or per-class C (svmbook.qp takes one C) and rejects "
    "sample_weight / class_weight with a ValueError pointing to solver='smo'"
)
_QP_EXPECTED_FAILURES = {
    name: _QP_WEIGHTS
    for name in [
        "check_sample_weights_not_an_array",
        "check_sample_weights_pandas_series",
        "check_sample_weights_list",
        "check_sample_weights_shape",
        "check_sample_weights_not_overwritten",
        "check_sample_weight_equivalence_on_dense_data",
        "check_sample_weight_equivalence_on_sparse_data",
        "check_class_weight_classifiers",
    ]
}


def _expected_failed_checks(estimator):
    return _QP_EXPECTED_FAILURES if estimator.solver == "qp" else {}


@pytest.mark.parametrize(
    ("estimator", "check"),
    sklearn_check_params([SVC(solver="qp"), SVR(solver="qp")], _expected_failed_checks),
)
def test_sklearn_compatible(estimator, check):
    """Check scikit-learn's estimator checks."""
    check(estimator)


@pytest.mark.parametrize("est", [SVC, NuSVC, MuSVC, SVR, NuSVR, OneClassSVM])
def test_every_estimator_states_its_spec(est):
    """Check that each class gives every setting its machines read, exactly once.

    Its own parameter or a fixed value, never both (the explicit spec that replaces attribute
    fallbacks).
    """
    params = est().get_params()
    fixed = est._fixed_params
    assert not set(params) & set(fixed), f"{est.__name__} fixes a value it takes as a parameter"
    settings = est()._fit_params()  # raises TypeError if a setting is missing
    assert settings.solver == params["solver"] and settings.tol == params["tol"]
    assert est._impl in MACHINES and params["solver"] in MACHINES[est._impl]


@pytest.mark.parametrize("est", [NuSVC, OneClassSVM, MuSVC])
def test_docstrings_do_not_document_a_missing_C(est):
    """Check that the docstrings do not document a missing C."""
    doc = est.__doc__
    assert "\n    C : " not in doc and "only ``C``" not in doc and "C_new / C_old" not in doc


def test_svr_huber_width_is_delta_not_mu():
    """``mu`` is the hull reduction of MuSVC only; SVR's Huber width is ``delta``."""
    assert "delta" in SVR().get_params() and "mu" not in SVR().get_params()
    with pytest.raises(TypeError, match="mu"):
        SVR(mu=1.0)


def test_fitted_kernel_and_gamma_are_public():
    """Check ``kernel_`` and ``gamma_``: the resolved kernel and gamma, None when precomputed."""
    from sklearn.exceptions import NotFittedError

    from svmbook.kernels import Kernel

    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 3))
    y = (X[:, 0] > 0).astype(int)
    with pytest.raises(NotFittedError):
        svmbook.SVC().kernel_  # noqa: B018
    model = svmbook.SVC().fit(X, y)
    assert model.gamma_ == pytest.approx(1.0 / (3 * X.var()))
    assert isinstance(model.kernel_, Kernel)
    d2 = ((X[:2, None, :] - X[None]) ** 2).sum(-1)
    np.testing.assert_allclose(model.kernel_(X[:2], X), np.exp(-model.gamma_ * d2))
    linear = svmbook.MuSVC(kernel="linear").fit(X, y).kernel_
    np.testing.assert_allclose(linear(X, X), X @ X.T)
    assert svmbook.SVC(kernel="precomputed").fit(X @ X.T, y).kernel_ is None
    my = lambda A, B: A @ B.T  # noqa: E731
    assert svmbook.SVC(kernel=my).fit(X, y).kernel_ is my


def test_warm_c_path_keeps_rows_and_reaches_the_cold_optimum():
    """Check a warm-started C path: same optimum as cold fits, rows reused, not pickled."""
    X, y = make_classification(300, n_features=6, random_state=3)
    warm = SVC(gamma=0.1, tol=1e-6, warm_start=True)
    rows = None
    for C in (0.25, 1.0, 4.0, 16.0, 64.0):
        warm.set_params(C=C).fit(X, y)
        cold = SVC(C=C, gamma=0.1, tol=1e-6).fit(X, y)
        assert abs(warm.objective_[0] - cold.objective_[0]) <= 1e-6 * abs(cold.objective_[0])
        np.testing.assert_array_equal(warm.predict(X), cold.predict(X))
        kept = warm._warm_state["rows"]
        assert rows is None or kept is rows  # one row cache along the path
        rows = kept
    assert pickle.loads(pickle.dumps(warm))._warm_state["rows"] is None
    # a new gamma (a new kernel) gets a new row cache
    warm.set_params(gamma=0.2).fit(X, y)
    assert warm._warm_state["rows"] is not rows


# Gunn (1998), chapter 6: the titanium fits of chapter 05 (epsilon = 0.05, implicit bias, x scaled
# to [0, 1]). The flexible kernels reach the hard tube; the wide RBF, the RBF with sigma = 0.3 and
# the Fourier kernel do not (the feasibility LP raises), and their ridge fits stay far from the
# data; with C = 10 the spline and the B-spline miss the peak.
TITANIUM_TUBE = {
    "spline": kernels.spline(1),
    "bspline": kernels.bspline(1, normalised=False),
    "erbf 1.0": kernels.erbf(1.0),
    "erbf 0.3": kernels.erbf(0.3),
}


@pytest.mark.parametrize("name", sorted(TITANIUM_TUBE))
def test_svr_titanium_hard_tube_reached(name):
    """Check that the spline, B-spline and ERBF hard tubes fit the titanium data within epsilon."""
    X, y = datasets.load_titanium(scale="unit")
    est = SVR(solver="qp", kernel=TITANIUM_TUBE[name], C=np.inf, epsilon=0.05, bias="auto")
    model = est.fit(X, y)
    assert model.fit_status_ == 0
    np.testing.assert_allclose(np.abs(y - model.predict(X)).max(), 0.05, atol=1e-6)


@pytest.mark.parametrize(
    "kernel, max_residual",
    [(kernels.rbf(sigma=1.0), 0.78), (kernels.rbf(sigma=0.3), 0.35), (kernels.fourier(3), 0.83)],
)
def test_svr_titanium_infeasible_tube_and_ridge(kernel, max_residual):
    """Check that the hard tube is infeasible and the ridge fit misses it by the stated margin."""
    X, y = datasets.load_titanium(scale="unit")
    est = SVR(solver="qp", kernel=kernel, C=np.inf, epsilon=0.05, bias="auto")
    with pytest.raises(InfeasibleProblemError):
        est.fit(X, y)
    # the ridge fits stop uncertified (multipliers of order 1e9): two decimals is what they carry
    with pytest.warns(Warning):
        ridge = est.set_params(infeasible="ridge").fit(X, y)
    np.testing.assert_allclose(np.abs(y - ridge.predict(X)).max(), max_residual, atol=0.01)


@pytest.mark.parametrize(
    "kernel, peak", [(kernels.spline(1), 0.80), (kernels.bspline(1, normalised=False), 1.14)]
)
def test_svr_titanium_finite_C_misses_peak(kernel, peak):
    """Check that with C = 10 the spline and B-spline fits stay well below the peak of 2.169."""
    X, y = datasets.load_titanium(scale="unit")
    model = SVR(solver="qp", kernel=kernel, C=10.0, epsilon=0.05, bias="auto").fit(X, y)
    top = int(np.argmax(y))
    np.testing.assert_allclose(model.predict(X[[top]])[0], peak, atol=5e-3)
