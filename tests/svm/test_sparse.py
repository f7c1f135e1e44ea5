"""Sparse CSR input (linear and RBF kernels): kernels, the SMO core and the estimators.

LIBSVM's sparse path computes ``dot(x_i, x_j)`` as a merge over the common indices and the RBF
value from the squared norms; svmbook's CSR rows do the same sums in the same order, so a model
fitted on CSR data must be scikit-learn's sparse model exactly (support_, n_iter_), and equal
to the dense model up to rounding.
"""

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn import svm
from sklearn.datasets import make_classification, make_regression
from sklearn.model_selection import GridSearchCV

from svmbook import SVC, SVR, NuSVC, OneClassSVM, kernels
from svmbook.solvers import solve


def _sparsify(X, threshold):
    X = X.copy()
    X[np.abs(X) < threshold] = 0.0
    return X, sp.csr_matrix(X)


@pytest.fixture(scope="module")
def clf():
    """Return the shared ``clf`` test problem."""
    X, y = make_classification(n_samples=300, n_features=40, n_informative=8, random_state=0)
    X, Xs = _sparsify(X, 0.8)
    assert 0.2 < Xs.nnz / X.size < 0.6
    return X, Xs, y


@pytest.fixture(scope="module")
def multi():
    """Return the shared ``multi`` test problem."""
    X, y = make_classification(
        n_samples=240, n_features=30, n_informative=6, n_classes=3, random_state=1
    )
    X, Xs = _sparsify(X, 0.7)
    return X, Xs, y


@pytest.fixture(scope="module")
def reg():
    """Return the shared ``reg`` test problem."""
    X, y = make_regression(n_samples=150, n_features=20, noise=3.0, random_state=0)
    X, Xs = _sparsify(X, 0.6)
    return X, Xs, y / y.std()


def _same(ours, ref, Xs, atol=1e-8):
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(np.atleast_1d(ours.n_iter_), np.atleast_1d(ref.n_iter_))
    ref_coef = ref.dual_coef_.toarray()  # scikit-learn's sparse models hold sparse dual_coef_
    np.testing.assert_allclose(ours.dual_coef_, ref_coef, rtol=0, atol=atol)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=0, atol=atol)
    np.testing.assert_allclose(
        ours.decision_function(Xs), ref.decision_function(Xs), rtol=0, atol=1e-7
    )


@pytest.mark.parametrize("kernel", ["rbf", "linear"])
def test_svc_csr_is_sklearns_sparse_model(clf, kernel):
    """Check that SVC on CSR input is scikit-learn's sparse model."""
    X, Xs, y = clf
    ours = SVC(kernel=kernel, C=2.0).fit(Xs, y)
    ref = svm.SVC(kernel=kernel, C=2.0).fit(Xs, y)
    _same(ours, ref, Xs)
    assert sp.issparse(ours.support_vectors_)
    np.testing.assert_array_equal(ours.predict(Xs), ref.predict(Xs))


@pytest.mark.parametrize("kernel", ["rbf", "linear"])
def test_csr_equals_dense(clf, kernel):
    """Check that CSR input gives the dense model."""
    X, Xs, y = clf
    a = SVC(kernel=kernel).fit(Xs, y)
    b = SVC(kernel=kernel).fit(X, y)
    assert a._gamma == pytest.approx(b._gamma, rel=1e-12)  # gamma="scale" on sparse data
    np.testing.assert_array_equal(a.support_, b.support_)
    np.testing.assert_allclose(a.intercept_, b.intercept_, atol=1e-8)
    # dense and sparse queries against either model
    for Q in (X, Xs):
        np.testing.assert_allclose(a.decision_function(Q), b.decision_function(Q), atol=1e-7)
    if kernel == "linear":
        np.testing.assert_allclose(a.coef_, b.coef_, atol=1e-8)


def test_multiclass_and_nu_csr_match_sklearn(multi):
    """Check that multiclass and nu CSR match scikit-learn."""
    X, Xs, y = multi
    _same(SVC().fit(Xs, y), svm.SVC().fit(Xs, y), Xs)
    ours, ref = SVC(kernel="linear").fit(Xs, y), svm.SVC(kernel="linear").fit(Xs, y)
    _same(ours, ref, Xs)
    np.testing.assert_allclose(ours.coef_, ref.coef_.toarray(), atol=1e-8)
    _same(NuSVC(nu=0.3).fit(Xs, y), svm.NuSVC(nu=0.3).fit(Xs, y), Xs)


def test_regression_and_one_class_csr_match_sklearn(reg):
    """Check that regression and one-class on CSR input match scikit-learn."""
    X, Xs, y = reg
    ours = SVR(C=2.0, epsilon=0.1).fit(Xs, y)
    ref = svm.SVR(C=2.0, epsilon=0.1).fit(Xs, y)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_allclose(ours.predict(Xs), ref.predict(Xs), atol=1e-8)
    ours = OneClassSVM(nu=0.2).fit(Xs)
    ref = svm.OneClassSVM(nu=0.2).fit(Xs)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_allclose(ours.decision_function(Xs), ref.decision_function(Xs), atol=1e-8)


def test_core_csr_rows_equal_dense_rows(clf):
    """The SMO core on CSR points: the same iterations and optimum as on dense points."""
    X, Xs, y = clf
    yy = np.where(y == 1, 1.0, -1.0)
    for k in (kernels.linear(), kernels.rbf(gamma=0.02)):
        args = (-np.ones(len(y)), yy, 1.0, np.zeros(len(y)))
        dense = solve(*args, X=X, kernel=k, tol=1e-6)
        csr = solve(*args, X=Xs, kernel=k, tol=1e-6, cache_size=0.05)  # with evictions
        assert csr.n_iter == dense.n_iter
        assert csr.objective == pytest.approx(dense.objective, rel=1e-9)
        np.testing.assert_allclose(csr.alpha, dense.alpha, atol=1e-9)


def test_sparse_gram_matches_dense(clf):
    """Check that a sparse Gram matrix gives the dense model."""
    X, Xs, _ = clf
    for k in (kernels.linear(), kernels.rbf(gamma=0.05)):
        np.testing.assert_allclose(k(Xs), k(X), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(k(Xs[:7], X), k(X[:7], X), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(k.diag(Xs), k.diag(X), rtol=1e-12)


def test_sparse_input_errors(clf):
    """Check the errors of unsupported sparse input."""
    X, Xs, y = clf
    with pytest.raises(TypeError, match="sparse X is supported with kernel='linear' or 'rbf'"):
        SVC(kernel="poly").fit(Xs, y)
    with pytest.raises(TypeError, match="sparse X is supported by the linear and rbf kernels"):
        kernels.polynomial(2)(Xs)
    bad = Xs.copy()
    bad.data[0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        SVC().fit(bad, y)


def test_sparse_grid_search(clf):
    """Check a grid search on sparse input."""
    _, Xs, y = clf
    grid = GridSearchCV(SVC(), {"C": [0.5, 2.0]}, cv=3).fit(Xs, y)
    ref = GridSearchCV(svm.SVC(), {"C": [0.5, 2.0]}, cv=3).fit(Xs, y)
    np.testing.assert_allclose(
        grid.cv_results_["mean_test_score"], ref.cv_results_["mean_test_score"]
    )
