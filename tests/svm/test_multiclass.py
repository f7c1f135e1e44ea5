"""svmbook.svm.multiclass: LIBSVM's one-vs-one layout and votes, and one-vs-rest, vs scikit-learn.

The binary machines are solved by :func:`svmbook.svm.formulations.solve_c_svc` on a precomputed
Gram matrix (the same float32 kernel values as scikit-learn's LIBSVM), then laid out by the
multiclass functions; the arrays must be scikit-learn's.
"""

import numpy as np
import pytest
from sklearn import svm
from sklearn.datasets import make_blobs

from svmbook.kernels import get_kernel
from svmbook.svm import formulations as F
from svmbook.svm import multiclass as mc


@pytest.fixture(scope="module", params=[3, 4])
def problem(request):
    """Return the shared ``problem`` test problem."""
    n_classes = request.param
    X, y = make_blobs(n_samples=90, centers=n_classes, cluster_std=2.5, random_state=n_classes)
    K = get_kernel("rbf", gamma=0.2)(X)
    T = get_kernel("rbf", gamma=0.2)(X[::7], X)  # kernel values of test points vs training
    return n_classes, y, K, T


def _machine(K, idx, first):
    """Fit the machine on samples ``idx``, positive where ``first`` holds (LIBSVM's sign).

    Returns it as a dense coefficient vector over all samples and its intercept.
    """
    res = F.solve_c_svc(K[np.ix_(idx, idx)], np.where(first, 0, 1))
    coef = np.zeros(K.shape[0])
    coef[idx] = -res.dual_coef  # the adapter's decision is positive for classes[1] (label 1)
    return coef, -res.intercept


def test_ovo_pairs_in_libsvm_order():
    """Check that the one-vs-one pairs are in LIBSVM order."""
    assert mc.ovo_pairs(4) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]


def test_ovo_layout_decision_and_votes_match_sklearn(problem):
    """Check that one-vs-one layout decision and votes match scikit-learn."""
    n_classes, y, K, T = problem
    coefs, intercepts = [], []
    for i, j in mc.ovo_pairs(n_classes):
        idx = np.flatnonzero((y == i) | (y == j))
        coef, intercept = _machine(K, idx, y[idx] == i)
        coefs.append(coef)
        intercepts.append(intercept)
    support, n_support, dual_coef, intercept = mc.ovo_layout(y, coefs, intercepts, n_classes)
    ref = svm.SVC(kernel="precomputed", decision_function_shape="ovo").fit(K, y)
    np.testing.assert_array_equal(support, ref.support_)
    np.testing.assert_array_equal(n_support, ref.n_support_)
    np.testing.assert_allclose(dual_coef, ref.dual_coef_, atol=1e-10)
    np.testing.assert_allclose(intercept, ref.intercept_, atol=1e-10)
    dec = mc.ovo_decision(T[:, support], y[support], dual_coef, intercept, n_classes)
    np.testing.assert_allclose(dec, ref.decision_function(T), atol=1e-10)
    votes = mc.ovo_votes(dec, n_classes)
    assert np.all(votes.sum(axis=1) == n_classes * (n_classes - 1) // 2)
    np.testing.assert_array_equal(np.argmax(votes, axis=1), ref.predict(T))


def test_ovr_layout_and_decision_are_the_binary_machines(problem):
    """Check that one-vs-rest layout and decision are the binary machines."""
    n_classes, y, K, T = problem
    coefs, intercepts, refs = [], [], []
    for c in range(n_classes):
        coef, b = _machine(K, np.arange(y.shape[0]), y == c)
        coefs.append(coef)
        intercepts.append(b)
        # label 0 for class c: LIBSVM's first class, as in the machine (the same variable order)
        refs.append(svm.SVC(kernel="precomputed").fit(K, np.where(y == c, 0, 1)))
    support, n_support, dual_coef, intercept = mc.ovr_layout(y, coefs, intercepts, n_classes)
    assert dual_coef.shape == (n_classes, support.shape[0]) and intercept.shape == (n_classes,)
    assert n_support.sum() == support.shape[0]
    # the support vectors: every sample of any machine, grouped by class, increasing within one
    used = np.unique(np.concatenate([ref.support_ for ref in refs]))
    np.testing.assert_array_equal(np.sort(support), used)
    np.testing.assert_array_equal(y[support], np.sort(y[support], kind="stable"))
    dec = mc.ovr_decision(T[:, support], dual_coef, intercept)
    for c, ref in enumerate(refs):
        np.testing.assert_allclose(dec[:, c], -ref.decision_function(T), atol=1e-10)
