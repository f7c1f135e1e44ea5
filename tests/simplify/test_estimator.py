"""simplify() on fitted svmbook and scikit-learn SVCs: same interface, fewer vectors."""

import numpy as np
import pytest
from sklearn.datasets import load_iris, make_moons
from sklearn.exceptions import NotFittedError
from sklearn.svm import SVC as SklearnSVC

from svmbook import SVC
from svmbook.simplify import SimplifiedSVC, simplify


@pytest.fixture(scope="module")
def moons():
    return make_moons(300, noise=0.2, random_state=0)


@pytest.fixture(scope="module")
def iris():
    X, y = load_iris(return_X_y=True)
    return X, y


@pytest.mark.parametrize("cls", [SVC, SklearnSVC])
def test_binary_models_of_both_libraries(moons, cls):
    X, y = moons
    model = cls(gamma=1.0, C=10.0).fit(X, y)
    small = simplify(model, mmd=0.5)
    assert isinstance(small, SimplifiedSVC) and small.layout_ == "binary"
    assert small.report_["n_after"] < small.report_["n_before"] == model.support_.size
    assert small.support_vectors_.shape[0] == small.report_["n_after"]
    assert small.decision_function(X).shape == model.decision_function(X).shape
    assert np.mean(small.predict(X) == model.predict(X)) >= 0.98
    assert small.score(X, y) >= model.score(X, y) - 0.02
    row = small.report_["machines"][0]
    assert row["mmd_phase1"] <= 0.5 and row["time"] > 0


@pytest.mark.parametrize("cls", [SVC, SklearnSVC])
def test_one_vs_one_with_the_models_layout(iris, cls):
    """Check a 3-class one-vs-one model: three machines, decisions in the model's shape."""
    X, y = iris
    for shape in ("ovr", "ovo"):
        model = cls(gamma=0.5, C=10.0, decision_function_shape=shape).fit(X, y)
        small = simplify(model, mmd=0.3)
        assert small.layout_ == "ovo" and len(small.machines_) == 3
        assert small.decision_function(X).shape == model.decision_function(X).shape
        assert np.mean(small.predict(X) == model.predict(X)) >= 0.97
    # mmd = 0 keeps every vector: the predictions are the model's exactly
    exact = simplify(model, mmd=0.0, phase2=False)
    np.testing.assert_array_equal(exact.predict(X), model.predict(X))
    np.testing.assert_allclose(exact.decision_function(X), model.decision_function(X), atol=1e-9)


def test_one_vs_rest_svmbook(iris):
    X, y = iris
    model = SVC(gamma=0.5, C=10.0, multiclass="ovr").fit(X, y)
    small = simplify(model, mmd=0.3)
    assert small.layout_ == "ovr" and len(small.machines_) == 3
    assert small.decision_function(X).shape == (len(y), 3)
    assert np.mean(small.predict(X) == model.predict(X)) >= 0.97


def test_one_vs_rest_with_all_pairs(iris):
    """Check pairs="all" through simplify: the MMD bound per machine, the model's predictions."""
    X, y = iris
    model = SVC(gamma=0.5, C=10.0, multiclass="ovr").fit(X, y)
    small = simplify(model, mmd=0.3, pairs="all", phase2=False)
    assert small.pairs == "all"
    assert all(row["mmd_phase1"] <= 0.3 for row in small.report_["machines"])
    assert small.report_["n_after"] < small.report_["n_before"]
    assert np.mean(small.predict(X) == model.predict(X)) >= 0.97


def test_linear_merges_are_exact(moons):
    """Check the linear kernel: every merge is exact, one vector per class remains, same values."""
    X, y = moons
    model = SklearnSVC(kernel="linear", C=1.0).fit(X, y)
    small = simplify(model, mmd=1e-9, phase2=False)
    assert small.report_["n_after"] == 2
    np.testing.assert_allclose(small.decision_function(X), model.decision_function(X), atol=1e-8)


def test_homogeneous_polynomial(moons):
    X, y = moons
    model = SklearnSVC(kernel="poly", degree=3, coef0=0.0, gamma=0.5, C=1.0).fit(X, y)
    small = simplify(model, mmd=0.2)
    assert small.report_["n_after"] < small.report_["n_before"]
    assert np.mean(small.predict(X) == model.predict(X)) >= 0.95


def test_bad_input(moons):
    X, y = moons
    with pytest.raises(NotFittedError):
        simplify(SVC())
    with pytest.raises(ValueError, match="Gaussian kernel .'rbf'., the homogeneous polynomial"):
        simplify(SklearnSVC(kernel="sigmoid").fit(X, y))
    with pytest.raises(ValueError, match="coef0=1"):
        simplify(SklearnSVC(kernel="poly", coef0=1.0).fit(X, y))
    model = SVC(gamma=1.0).fit(X, y)
    with pytest.raises(ValueError, match="mmd"):
        simplify(model, mmd=-1.0)
    with pytest.raises(ValueError, match="mmd"):
        simplify(model, mmd=np.inf)
    with pytest.raises(ValueError, match="method"):
        simplify(model, method="pre_image")
    with pytest.raises(ValueError, match="pairs"):
        simplify(model, pairs="nearest-two")
    with pytest.raises(ValueError, match="n_vectors applies to the methods 'top_down'"):
        simplify(model, n_vectors=5)
    poly = SklearnSVC(kernel="poly", coef0=0.0).fit(X, y)
    with pytest.raises(ValueError, match="'rbf' kernel; for the model's 'poly' kernel use"):
        simplify(poly, method="top_down")
    for bad in (0, 1.5, -0.2, [3, 4], ["a"], True):
        with pytest.raises(ValueError, match="n_vectors"):
            simplify(model, method="l1", n_vectors=bad)
    small = simplify(model, mmd=0.1)
    with pytest.raises(ValueError, match="features"):
        small.predict(X[:, :1])
    with pytest.raises(NotFittedError):
        SimplifiedSVC().predict(X)


@pytest.mark.parametrize("method", ["top_down", "l1", "kpca"])
@pytest.mark.parametrize("cls", [SVC, SklearnSVC])
def test_rival_methods_by_mmd_and_by_size(moons, iris, method, cls):
    """Check the rivals through simplify: the MMD target, the three forms of the size target."""
    X, y = moons
    model = cls(gamma=1.0, C=10.0).fit(X, y)
    small = simplify(model, mmd=0.3, method=method, phase2=False)
    row = small.report_["machines"][0]
    assert row["mmd_phase1"] == pytest.approx(row["mmd"])  # no Phase II: the same expansion
    if method != "kpca":  # kernel PCA checks the threshold before its refit
        assert row["mmd"] <= 0.3
    assert small.report_["n_after"] < small.report_["n_before"]
    assert np.mean(small.predict(X) == model.predict(X)) >= 0.98
    n = model.support_.size
    assert simplify(model, method=method, n_vectors=7, phase2=False).n_vectors_.tolist() == [7]
    half = simplify(model, method=method, n_vectors=0.5, phase2=False)
    assert half.n_vectors_.tolist() == [int(np.ceil(0.5 * n))]
    # Phase II from the rival's start never moves away from Psi
    both = simplify(model, method=method, n_vectors=7).report_["machines"][0]
    alone = simplify(model, method=method, n_vectors=7, phase2=False).report_["machines"][0]
    assert both["distance2"] <= alone["distance2"]
    Xi, yi = iris
    ovo = cls(gamma=0.5, C=10.0).fit(Xi, yi)
    bu = simplify(ovo, mmd=0.3, phase2=False)
    same = simplify(ovo, method=method, n_vectors=bu.n_vectors_, phase2=False)
    assert same.n_vectors_.tolist() == bu.n_vectors_.tolist()
    assert np.mean(same.predict(Xi) == ovo.predict(Xi)) >= 0.9
