"""The smooth SVM estimators: scikit-learn's checks, the RSVM == SSVM oracle, behaviour, errors."""

import pickle

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from svmbook.kernels import rbf
from svmbook.model_selection.search import SVMSearchCV
from svmbook.reduced import RSVC, RSVR, SSVC, SSVR
from svmbook.solvers.newton import newton_armijo, smooth_problem

RNG = np.random.default_rng(0)
X = RNG.normal(size=(300, 2))
Y = (X[:, 0] * X[:, 1] > 0).astype(int)
T = np.sinc(X[:, 0]) + 0.05 * RNG.normal(size=300)


@parametrize_with_checks([SSVC(), RSVC(), SSVR(), RSVR()])
def test_sklearn_compatible(estimator, check):
    """Check scikit-learn's estimator checks (all pass: no expected failures)."""
    check(estimator)


@pytest.mark.parametrize(("reduced", "full"), [(RSVC, SSVC), (RSVR, SSVR)])
def test_whole_training_set_as_reduced_set_is_the_full_model(reduced, full):
    """RSVM with Ã = A (reduced_size = n, in a random order) equals the full-kernel SSVM."""
    y = Y if full is SSVC else T
    kw = {"C": 10.0, "gamma": 1.0, "tol": 1e-12}
    a = full(**kw).fit(X, y)
    b = reduced(reduced_size=X.shape[0], random_state=0, **kw).fit(X, y)
    assert b.reduced_set_.shape == X.shape
    np.testing.assert_allclose(np.ravel(b.coef_), np.ravel(a.coef_)[b.reduced_indices_],
                               atol=1e-8)  # fmt: skip
    np.testing.assert_allclose(b.intercept_, a.intercept_, atol=1e-8)
    np.testing.assert_allclose(b.predict(X[:20]), a.predict(X[:20]), atol=1e-8)


def test_rsvc_is_the_newton_core_on_the_reduced_kernel():
    """The estimator's model is the core's answer on K(A, Ã') with labels classes_[1] -> +1."""
    clf = RSVC(reduced_size=25, C=10.0, gamma=1.0, beta=5.0, random_state=1).fit(X, Y)
    K = rbf(gamma=1.0)(X, clf.reduced_set_)
    res = newton_armijo(K, np.where(Y == 1, 1.0, -1.0), smooth_problem(C=10.0, beta=5.0))
    np.testing.assert_allclose(clf.coef_[0], res.coef, rtol=1e-12, atol=1e-12)
    assert clf.intercept_[0] == pytest.approx(res.intercept, abs=1e-12)
    assert clf.n_iter_[0] == res.n_iter and clf.objective_[0] == res.objective
    np.testing.assert_allclose(clf.decision_function(X), K @ res.coef + res.intercept)


def test_linear_ssvm():
    """kernel='linear' is the linear SSVM (7) in (w, b): coef_ is w."""
    y = (X[:, 0] - 0.5 * X[:, 1] > 0).astype(int)
    clf = SSVC(kernel="linear", C=10.0).fit(X, y)
    assert clf.coef_.shape == (1, 2) and clf.reduced_set_ is None
    np.testing.assert_allclose(clf.decision_function(X), X @ clf.coef_[0] + clf.intercept_[0])
    assert clf.score(X, y) > 0.97


def test_reduced_beats_nothing_and_approaches_the_full_kernel():
    """The review's claim: a reduced set of a few % gives test accuracy close to the full SSVM."""
    Xt = RNG.normal(size=(2000, 2))
    yt = (Xt[:, 0] * Xt[:, 1] > 0).astype(int)
    full = SSVC(C=10.0, gamma=1.0).fit(X, Y).score(Xt, yt)
    reduced = RSVC(reduced_size=30, C=10.0, gamma=1.0, random_state=0).fit(X, Y).score(Xt, yt)
    assert reduced > 0.9 and abs(full - reduced) < 0.05


def test_multiclass_one_vs_rest():
    """Three classes: one machine per class on one reduced kernel; predict is the argmax."""
    y3 = np.digitize(X[:, 0], [-0.5, 0.5])
    clf = RSVC(reduced_size=30, C=10.0, gamma=1.0, random_state=0).fit(X, y3)
    f = clf.decision_function(X)
    assert clf.coef_.shape == (3, 30) and f.shape == (300, 3) and clf.n_iter_.shape == (3,)
    np.testing.assert_array_equal(clf.predict(X), clf.classes_[np.argmax(f, axis=1)])
    assert clf.score(X, y3) > 0.9


@pytest.mark.parametrize("selection", ["random", "irsvm", "srsvm", "crsvm"])
def test_selections_reach_rsvc(selection):
    """Every selection is reachable from RSVC and gives a working classifier."""
    clf = RSVC(reduced_size=30, C=10.0, gamma=1.0, selection=selection, random_state=0)
    clf.fit(X, Y)
    assert clf.score(X, Y) > 0.85 and clf.selection_time_ > 0
    assert (clf.reduced_gamma_ is not None) == (selection == "crsvm")
    assert (clf.reduced_indices_ is None) == (selection == "crsvm")


def test_given_reduced_set_and_pipeline():
    """A given reduced set is used as it is; the estimators work in a pipeline and in CV."""
    points = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    clf = RSVC(reduced_set=points, C=10.0, gamma=0.5).fit(X, Y)
    np.testing.assert_array_equal(clf.reduced_set_, points)
    assert clf.reduced_indices_ is None and clf.score(X, Y) > 0.9
    pipe = make_pipeline(StandardScaler(), RSVR(reduced_size=30, C=10.0, random_state=0))
    assert cross_val_score(pipe, X, T, cv=3).mean() > 0.7


def test_model_selection_searcher():
    """RSVC is searched over (C, gamma) by the project's searcher like any estimator."""
    grid = {"C": [1.0, 100.0], "gamma": [0.5, 2.0]}
    search = SVMSearchCV(RSVC(reduced_size=20, random_state=0), grid, cv=3).fit(X, Y)
    assert search.best_score_ > 0.9 and search.best_estimator_.reduced_set_.shape == (20, 2)


def test_chunked_fit_and_prediction_match():
    """chunk_size changes the blocks, not the model."""
    a = RSVC(reduced_size=30, gamma=1.0, random_state=0).fit(X, Y)
    b = RSVC(reduced_size=30, gamma=1.0, random_state=0, chunk_size=7).fit(X, Y)
    np.testing.assert_allclose(b.coef_, a.coef_, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(b.decision_function(X), a.decision_function(X), atol=1e-12)


def test_verbose_progress_and_max_iter(capsys):
    """verbose shows a tqdm bar; max_iter warns and sets fit_status_."""
    RSVC(reduced_size=10, gamma=1.0, verbose=True, random_state=0).fit(X, Y)
    assert "RSVC Newton" in capsys.readouterr().err
    with pytest.warns(ConvergenceWarning, match="max_iter=1"):
        clf = SSVR(gamma=1.0, max_iter=1).fit(X, T)
    assert clf.fit_status_ == 1 and clf.n_iter_ == 1


def test_bad_input():
    """Wrong parameters are named; the selection rules are explained."""
    with pytest.raises(ValueError, match="beta"):
        RSVC(beta=0.0).fit(X, Y)
    with pytest.raises(ValueError, match="reduced_size"):
        RSVC(reduced_size=1.5).fit(X, Y)
    with pytest.raises(ValueError, match="selection"):
        RSVC(selection="kmeans").fit(X, Y)
    with pytest.raises(ValueError, match="two classes"):
        RSVC(selection="srsvm").fit(X, np.digitize(X[:, 0], [-0.5, 0.5]))
    with pytest.raises(ValueError, match="needs kernel='rbf'"):
        RSVC(selection="crsvm", kernel="linear").fit(X, Y)
    with pytest.raises(ValueError, match="needs class labels"):
        RSVR(selection="crsvm").fit(X, T)
    with pytest.raises(ValueError, match="reduced_set has 3 features"):
        RSVC(reduced_set=np.ones((4, 3))).fit(X, Y)
    with pytest.raises(ValueError, match="two classes"):
        SSVC().fit(X, np.zeros(300))


def test_warm_start_along_c():
    """A warm refit along C reuses the reduced set and the design and reaches the cold answer."""
    clf = RSVC(reduced_size=30, gamma=1.0, C=1.0, warm_start=True, random_state=0).fit(X, Y)
    points, K = clf.reduced_set_, clf._warm["K"]
    clf.set_params(C=10.0).fit(X, Y)
    cold = RSVC(reduced_size=30, gamma=1.0, C=10.0, random_state=0).fit(X, Y)
    assert clf.reduced_set_ is points and clf._warm["K"] is K
    np.testing.assert_allclose(clf.coef_, cold.coef_, rtol=1e-7, atol=1e-7)
    assert clf.n_iter_[0] <= cold.n_iter_[0]
    clf.set_params(gamma=2.0).fit(X, Y)  # a kernel change starts cold
    assert clf._warm["K"] is not K
    assert "_warm" not in pickle.loads(pickle.dumps(clf)).__dict__
    assert cold._warm is None
