"""The MapReduce RSVM in memory: the oracles of the review's Algorithms 4 and 5."""

import numpy as np
import pytest
from sklearn.base import clone

from svmbook.reduced import MRRSVC, RSVC, stratified_shards


def _problem(n=1200, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] * X[:, 1] + 0.2 * rng.normal(size=n) > 0, 1, -1)
    return X, y


PARAMS = {"reduced_size": 20, "C": 10.0, "gamma": 1.0, "final_C": 10.0, "random_state": 0}


@pytest.mark.parametrize("n_shards", [1, 3, 7])
def test_stratified_shards_keep_the_class_proportions(n_shards):
    y = np.repeat([0, 1, 2], [101, 37, 12])
    shards = stratified_shards(y, n_shards, random_state=0)
    np.testing.assert_array_equal(np.sort(np.concatenate(shards)), np.arange(y.size))
    sizes = np.array([s.size for s in shards])
    assert sizes.max() - sizes.min() <= 1
    for c, total in enumerate(np.bincount(y)):
        counts = np.array([np.sum(y[s] == c) for s in shards])
        assert counts.min() >= total // n_shards and counts.max() <= -(-total // n_shards)


def test_big_table_shape_labels_and_prediction():
    X, y = _problem()
    clf = MRRSVC(n_shards=3, **PARAMS).fit(X, y)
    m = [model.reduced_set_.shape[0] for model in clf.models_]
    assert clf.big_table_.shape == (sum(m), 3)
    # row j of the Big Table is [h_1(x_j), ..., h_n(x_j)] at the reduced points, shard by shard
    points = np.concatenate([model.reduced_set_ for model in clf.models_])
    H = np.column_stack([model.decision_function(points) for model in clf.models_])
    np.testing.assert_array_equal(clf.big_table_, H)
    # the rows keep the reduced points' own labels
    pairs = zip(clf.shards_, clf.models_, strict=True)
    labels = np.concatenate([y[s][model.reduced_indices_] for s, model in pairs])
    np.testing.assert_array_equal(clf.big_table_labels_, labels)
    # Algorithm 5: sign(w'[h_1(x), ..., h_n(x)] + b)
    h = np.column_stack([model.decision_function(X) for model in clf.models_])
    f = h @ clf.coef_ + clf.intercept_
    np.testing.assert_allclose(clf.decision_function(X), f, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(clf.predict(X), np.where(f > 0, 1, -1))
    np.testing.assert_array_equal(clf.transform(X), h)
    assert clf.score(X, y) > 0.85


def test_one_shard_is_the_shard_model_up_to_a_threshold():
    X, y = _problem(600, seed=1)
    clf = MRRSVC(n_shards=1, **PARAMS).fit(X, y)
    assert clf.big_table_.shape == (20, 1)
    (w,), b = clf.coef_, clf.intercept_
    assert w > 0  # a rescaling of model_1 (the final SVM agrees with it on the reduced points)
    h = clf.models_[0].decision_function(X)
    np.testing.assert_array_equal(clf.predict(X), np.where(h > -b / w, 1, -1))
    # and the shard model is the RSVC on all the data with the same draw
    alone = clone(clf.models_[0]).fit(X, np.where(y == 1, 1, 0))
    np.testing.assert_allclose(alone.coef_, clf.models_[0].coef_, rtol=0, atol=1e-12)


def test_accuracy_near_one_rsvm_on_all_the_data():
    X, y = _problem(3000, seed=2)
    X_test, y_test = _problem(2000, seed=3)
    mr = MRRSVC(n_shards=5, **{**PARAMS, "reduced_size": 50}).fit(X, y)
    one = RSVC(reduced_size=250, C=10.0, gamma=1.0, random_state=0).fit(X, y)
    # the review's Table 1 has MRRSVM within a few tenths of a point of the nonlinear SSVM;
    # at 3000 points a 2-point band holds. The Big Table needs rows: with 20 reduced points a
    # shard (100 rows for 5 weights) the final SVM overfits the reduced points' in-sample
    # decision values and loses about 4 points here

    assert abs(mr.score(X_test, y_test) - one.score(X_test, y_test)) < 0.02


def test_errors():
    X, y = _problem(100)
    with pytest.raises(ValueError, match="binary classifier"):
        MRRSVC(n_shards=2).fit(X, np.arange(100) % 3)
    with pytest.raises(ValueError, match="every shard needs both classes"):
        MRRSVC(n_shards=60).fit(X, y)
    with pytest.raises(ValueError, match="n_shards"):
        stratified_shards(y, 101)
