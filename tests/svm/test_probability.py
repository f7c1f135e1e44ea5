"""Platt's sigmoid, pairwise coupling and ``predict_proba`` of the classifiers."""

import numpy as np
import pytest
from sklearn.calibration import _sigmoid_calibration
from sklearn.datasets import load_iris, make_classification
from sklearn.exceptions import NotFittedError

from svmbook import SVC, MuSVC, NuSVC
from svmbook.svm import probability as P
from svmbook.thresholds import platt_fit


def _platt_gradient(dec, t, A, B):
    """Gradient of Platt's regularised negative log-likelihood at (A, B)."""
    n_pos, n_neg = np.sum(t > 0), np.sum(t < 0)
    target = np.where(t > 0, (n_pos + 1) / (n_pos + 2), 1 / (n_neg + 2))
    p = 1 / (1 + np.exp(dec * A + B))
    return np.array([np.dot(dec, target - p), np.sum(target - p)])


@pytest.mark.parametrize("seed", range(5))
def test_platt_fit_is_the_likelihood_optimum(seed):
    """The sigmoid of predict_proba zeroes the gradient and agrees with scikit-learn's Platt fit."""
    rng = np.random.default_rng(seed)
    t = np.where(rng.random(300) < 0.4, 1.0, -1.0)
    dec = 1.5 * t + rng.normal(scale=1.2, size=300)
    A, B = platt_fit(dec, t)
    assert np.all(np.abs(_platt_gradient(dec, t, A, B)) < 1e-5)  # LIBSVM's stopping rule
    a_ref, b_ref = _sigmoid_calibration(dec, (t > 0).astype(int))
    # scikit-learn minimises the same objective by L-BFGS to its default gradient tolerance
    np.testing.assert_allclose([A, B], [a_ref, b_ref], rtol=1e-3, atol=1e-4)
    assert A < 0  # larger decision values mean +1 is likelier


def test_sigmoid_predict_is_stable_at_extreme_values():
    p = P.sigmoid_predict(np.array([-1e6, 0.0, 1e6]), -1.0, 0.0)
    np.testing.assert_allclose(p, [0.0, 0.5, 1.0])
    assert np.all(np.isfinite(p))


@pytest.mark.parametrize("k", [3, 4, 6])
def test_coupling_recovers_a_consistent_distribution(k):
    """If ``r_ij = p_i / (p_i + p_j)`` exactly, the coupled distribution is ``p``."""
    rng = np.random.default_rng(k)
    p = rng.dirichlet(np.ones(k), size=20)
    cols = [p[:, i] / (p[:, i] + p[:, j]) for i in range(k) for j in range(i + 1, k)]
    out = P.couple_pairwise(np.column_stack(cols), k)
    np.testing.assert_allclose(out.sum(axis=1), 1.0)
    # the iteration stops at max |Q p - p'Q p| < 0.005 / k (LIBSVM's rule)
    np.testing.assert_allclose(out, p, atol=5e-3)


def test_coupling_of_two_classes_is_the_pairwise_probability():
    r = np.array([[0.2], [0.9]])
    np.testing.assert_allclose(P.couple_pairwise(r, 2), [[0.2, 0.8], [0.9, 0.1]])


def test_cross_val_decision_uses_every_sample_once_and_handles_one_class_folds():
    t = np.array([1.0] * 9 + [-1.0])
    seen = []

    def fit_predict(train, test):
        seen.append(test.copy())
        assert not np.intersect1d(train, test).size
        return np.full(test.size, 7.0)

    dec = P.cross_val_decision(10, t, fit_predict, np.random.default_rng(0))
    assert sorted(np.concatenate(seen)) == sorted(np.flatnonzero(dec == 7.0))
    # the fold holding the only negative sample trains on positives only: decision +1
    assert np.sum(dec == 1.0) == 10 - np.concatenate(seen).size


@pytest.mark.parametrize("Estimator", [SVC, NuSVC])
def test_predict_proba_multiclass_as_libsvm(Estimator):
    """Rows sum to 1, agree with predict, are seeded, and their log is predict_log_proba."""
    X, y = load_iris(return_X_y=True)
    clf = Estimator(probability=True, random_state=0).fit(X, y)
    proba = clf.predict_proba(X)
    assert proba.shape == (150, 3)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    assert np.mean(proba.argmax(axis=1) == clf.predict(X)) > 0.95
    np.testing.assert_allclose(np.log(proba), clf.predict_log_proba(X))
    again = Estimator(probability=True, random_state=0).fit(X, y)
    np.testing.assert_array_equal(again.probA_, clf.probA_)
    assert clf.probA_.shape == clf.probB_.shape == (3,)


def test_predict_proba_binary_is_the_sigmoid_of_the_decision_value():
    X, y = make_classification(200, random_state=0)
    clf = SVC(probability=True, random_state=1).fit(X, y)
    proba = clf.predict_proba(X)
    # LIBSVM's orientation: the sigmoid is of the value positive for classes_[0]
    expected = P.sigmoid_predict(-clf.decision_function(X), clf.probA_[0], clf.probB_[0])
    np.testing.assert_allclose(proba[:, 0], expected)
    qp = SVC(probability=True, random_state=1, solver="qp").fit(X, y)
    np.testing.assert_allclose(qp.probA_, clf.probA_, rtol=1e-3)
    np.testing.assert_allclose(qp.predict_proba(X), proba, atol=1e-3)


def test_predict_proba_one_vs_rest_and_mu_svc():
    X, y = load_iris(return_X_y=True)
    ovr = SVC(probability=True, random_state=0, multiclass="ovr").fit(X, y)
    np.testing.assert_allclose(ovr.predict_proba(X).sum(axis=1), 1.0)
    assert np.mean(ovr.predict_proba(X).argmax(axis=1) == y) > 0.9
    mu = MuSVC(probability=True, random_state=0, solver="smo").fit(X, y)
    assert np.mean(mu.predict_proba(X).argmax(axis=1) == y) > 0.9


def test_predict_proba_availability():
    assert not hasattr(SVC(), "predict_proba")
    clf = SVC().fit(*load_iris(return_X_y=True))
    assert clf.probA_.shape == (0,)
    clf.probability = True
    with pytest.raises(NotFittedError, match="fitted with probability=False"):
        clf.predict_proba(np.zeros((1, 4)))
