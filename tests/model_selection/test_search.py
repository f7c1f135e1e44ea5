"""Tests of the warm-started searcher against GridSearchCV, cold fits and the cvxopt oracle."""

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_regression
from sklearn.model_selection import GridSearchCV, KFold, PredefinedSplit, StratifiedKFold

from svmbook import SVC, SVR, MuSVC, NuSVC
from svmbook.model_selection.designs import UD_TABLES, default_box, design_points
from svmbook.model_selection.search import SVMSearchCV, fit_path


@pytest.fixture(scope="module")
def clf():
    X, y = make_classification(150, 4, n_informative=3, n_redundant=0, flip_y=0.1, random_state=0)
    return X, y


def _compare_results(ours, theirs):
    """Same keys (plus the two extras), key order, dtypes, masks and params as GridSearchCV."""
    assert [k for k in ours if k not in ("n_iter", "n_SV")] == list(theirs)
    for key, ref in theirs.items():
        got = ours[key]
        if key == "params":
            assert got == ref
            continue
        assert type(got) is type(ref), key
        assert got.dtype == ref.dtype, key
        if isinstance(ref, np.ma.MaskedArray):
            np.testing.assert_array_equal(np.ma.getmaskarray(got), np.ma.getmaskarray(ref))
            assert got.compressed().tolist() == ref.compressed().tolist()
    assert ours["n_iter"].dtype == np.int64 and np.all(ours["n_iter"] > 0)
    assert np.all(ours["n_SV"] > 0)


@pytest.mark.parametrize("warm_start", [False, True])
def test_matches_gridsearchcv(clf, warm_start):
    """Check keys, dtypes, params order, scores and the selection against GridSearchCV.

    tol=1e-8: warm and cold solutions agree to about 1e-8 in the decision values, far below the
    smallest test point's distance to the boundary, so the accuracies are equal.
    """
    X, y = clf
    grid = {"C": [10.0, 0.1, 1.0, 100.0], "gamma": [0.1, 1.0]}  # C out of order on purpose
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    est = SVC(tol=1e-8)
    ref = GridSearchCV(est, grid, cv=cv).fit(X, y)
    ours = SVMSearchCV(est, grid, cv=cv, warm_start=warm_start, progress=False).fit(X, y)
    _compare_results(ours.cv_results_, ref.cv_results_)
    for k in range(3):
        key = f"split{k}_test_score"
        np.testing.assert_array_equal(ours.cv_results_[key], ref.cv_results_[key])
    np.testing.assert_array_equal(
        ours.cv_results_["rank_test_score"], ref.cv_results_["rank_test_score"]
    )
    assert ours.best_params_ == ref.best_params_
    assert ours.best_index_ == ref.best_index_ and ours.best_score_ == ref.best_score_
    assert ours.n_splits_ == 3 and ours.refit_time_ >= 0
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    np.testing.assert_array_equal(ours.decision_function(X), ref.decision_function(X))
    assert ours.score(X, y) == ref.score(X, y)
    np.testing.assert_array_equal(ours.classes_, ref.classes_)


def test_list_of_grids_masks_params(clf):
    """Check a list of grids: masked ``param_*`` where a candidate lacks the parameter."""
    X, y = clf
    grid = [{"kernel": ["linear"], "C": [0.1, 1.0]}, {"C": [1.0], "gamma": [0.5, 2.0]}]
    cv = KFold(3, shuffle=True, random_state=1)
    ref = GridSearchCV(SVC(tol=1e-8), grid, cv=cv).fit(X, y)
    ours = SVMSearchCV(SVC(tol=1e-8), grid, cv=cv, progress=False).fit(X, y)
    _compare_results(ours.cv_results_, ref.cv_results_)
    np.testing.assert_array_equal(
        ours.cv_results_["mean_test_score"], ref.cv_results_["mean_test_score"]
    )
    assert ours.cv_results_["param_kernel"].dtype == object


def test_ties_go_to_the_first_candidate(clf):
    """Check scikit-learn's tie-break: equal mean scores select the first candidate."""
    X, y = clf
    # tiny C: every candidate predicts the majority class of its training folds alike
    grid = {"C": [1e-6, 2e-6], "gamma": [0.1]}
    search = SVMSearchCV(SVC(), grid, cv=3, progress=False).fit(X, y)
    scores = search.cv_results_["mean_test_score"]
    assert scores[0] == scores[1]
    assert search.best_index_ == 0
    assert search.cv_results_["rank_test_score"].tolist() == [1, 1]


def test_warm_and_cold_paths_agree_with_the_oracle():
    """Check a warm C path against cold fits and the cvxopt oracle (objectives, predictions).

    The SMO answers at tol=1e-8 meet the oracle's objective within 1e-6 relative (the oracle
    certifies its own answer to that gap, see svmbook.qp).
    """
    X, y = make_classification(120, 5, flip_y=0.15, random_state=3)
    settings = [{"C": c} for c in 2.0 ** np.arange(-3, 9, 2)]
    est = SVC(gamma=0.3, tol=1e-8)
    warm, cold = [], []
    for out, flag in ((warm, True), (cold, False)):
        for m, _ in fit_path(est, settings, X, y, warm_start=flag):
            out.append((m.objective_[0], m.decision_function(X), m.n_iter_.sum()))
    for (ow, fw, _), (oc, fc, _), params in zip(warm, cold, settings, strict=True):
        qp = SVC(gamma=0.3, solver="qp", C=params["C"]).fit(X, y)
        assert abs(ow - qp.objective_) <= 1e-6 * abs(qp.objective_)
        assert abs(oc - qp.objective_) <= 1e-6 * abs(qp.objective_)
        np.testing.assert_allclose(fw, fc, atol=1e-6)
        np.testing.assert_array_equal(np.sign(fw), np.sign(fc))


def test_fit_path_without_warm_start_parameter_clones():
    """Check the fallback: an estimator without ``warm_start`` gets a fresh clone per fit."""
    X, y = make_classification(60, 3, n_informative=2, n_redundant=0, random_state=1)
    fitted = [m for m, _ in fit_path(MuSVC(), [{"mu": 0.1}, {"mu": 0.2}], X, y)]
    assert fitted[0] is not fitted[1]
    search = SVMSearchCV(MuSVC(), {"mu": [0.1, 0.2]}, cv=3, progress=False).fit(X, y)
    ref = GridSearchCV(MuSVC(), {"mu": [0.1, 0.2]}, cv=3).fit(X, y)
    np.testing.assert_array_equal(
        search.cv_results_["mean_test_score"], ref.cv_results_["mean_test_score"]
    )


def test_regression_and_nu_estimators():
    """Check SVR (warm along C) and NuSVC (no C: clones) against GridSearchCV."""
    X, y = make_regression(80, 3, noise=5.0, random_state=0)
    grid = {"C": [1.0, 10.0, 100.0], "epsilon": [0.5, 2.0]}
    cv = KFold(3, shuffle=True, random_state=0)
    ours = SVMSearchCV(SVR(tol=1e-8), grid, cv=cv, progress=False).fit(X, y)
    ref = GridSearchCV(SVR(tol=1e-8), grid, cv=cv).fit(X, y)
    np.testing.assert_allclose(
        ours.cv_results_["mean_test_score"], ref.cv_results_["mean_test_score"], rtol=1e-7
    )
    assert ours.best_params_ == ref.best_params_
    Xc, yc = make_classification(60, 3, n_informative=2, n_redundant=0, random_state=2)
    ours = SVMSearchCV(NuSVC(), {"nu": [0.2, 0.5]}, cv=3, progress=False).fit(Xc, yc)
    assert (
        ours.best_params_
        == GridSearchCV(NuSVC(), {"nu": [0.2, 0.5]}, cv=3).fit(Xc, yc).best_params_
    )


def test_parallel_units_match_sequential(clf):
    """Check that units run by joblib processes give the sequential results."""
    X, y = clf
    grid = {"C": [0.1, 1.0, 10.0], "gamma": [0.1, 1.0]}
    one = SVMSearchCV(SVC(tol=1e-8), grid, cv=3, progress=False).fit(X, y)
    two = SVMSearchCV(SVC(tol=1e-8), grid, cv=3, n_jobs=2, progress=False).fit(X, y)
    for key in ("mean_test_score", "n_iter", "n_SV", "rank_test_score"):
        np.testing.assert_array_equal(one.cv_results_[key], two.cv_results_[key])


# -- the kernel-matrix path ---------------------------------------------------------------------


def _per_split(search):
    r = search.cv_results_
    keys = [k for k in r if k.startswith("split")] + ["n_iter", "n_SV", "rank_test_score"]
    return {k: r[k] for k in keys}


@pytest.mark.parametrize("warm_start", [False, True])
@pytest.mark.parametrize("multiclass", ["binary", "ovo", "ovr"])
def test_kernel_matrix_path_equals_the_fits_on_each_split(monkeypatch, warm_start, multiclass):
    """Check the shared row cache: the fits on each split's own points, iteration for iteration.

    The searcher fits SVC on one prefilled kernel matrix of all points (``_search_rows``) and
    predicts from one float64 kernel block per split; without that cache (patched out) every
    fit computes its own rows and ``score`` predicts. The solver sees the same float32 values
    either way, so the iteration counts, support sets and scores are equal.
    """
    n_classes = 2 if multiclass == "binary" else 3
    X, y = make_classification(150, 4, n_informative=3, n_redundant=0, n_classes=n_classes,
                               flip_y=0.1, random_state=4)  # fmt: skip
    est = SVC(multiclass="ovr" if multiclass == "ovr" else "ovo")
    grid = {"C": [0.5, 4.0, 32.0], "gamma": [0.2, 2.0]}
    fast = SVMSearchCV(est, grid, cv=3, warm_start=warm_start, progress=False).fit(X, y)
    monkeypatch.setattr(SVC, "_search_rows", lambda self, X: None)
    plain = SVMSearchCV(est, grid, cv=3, warm_start=warm_start, progress=False).fit(X, y)
    for key, ref in _per_split(plain).items():
        np.testing.assert_array_equal(_per_split(fast)[key], ref, err_msg=key)


def test_kernel_matrix_path_with_another_scorer(clf):
    """Check that a scorer other than accuracy is called on the fits of the shared cache."""
    X, y = clf
    grid = {"C": [0.1, 1.0, 10.0], "gamma": [0.1, 1.0]}
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    ours = SVMSearchCV(SVC(tol=1e-8), grid, cv=cv, scoring="roc_auc", progress=False).fit(X, y)
    ref = GridSearchCV(SVC(tol=1e-8), grid, cv=cv, scoring="roc_auc").fit(X, y)
    np.testing.assert_allclose(
        ours.cv_results_["mean_test_score"], ref.cv_results_["mean_test_score"], rtol=1e-12
    )
    assert ours.best_params_ == ref.best_params_


def test_kernel_matrix_path_falls_back_where_the_kernel_depends_on_the_points(clf):
    """Check ``gamma="scale"`` (a kernel per training split) and too small a cache: no cache."""
    X, y = clf
    assert SVC(gamma="scale")._search_rows(X) is None
    assert SVC(gamma=0.5, cache_size=0.01)._search_rows(X) is None
    assert SVC(gamma=0.5)._search_rows(X) is not None
    grid = {"C": [0.1, 10.0]}
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    ours = SVMSearchCV(SVC(tol=1e-8), grid, cv=cv, progress=False).fit(X, y)
    ref = GridSearchCV(SVC(tol=1e-8), grid, cv=cv).fit(X, y)
    np.testing.assert_array_equal(
        ours.cv_results_["mean_test_score"], ref.cv_results_["mean_test_score"]
    )


# -- uniform design -----------------------------------------------------------------------------


def test_design_points_span_the_box():
    """Check the table mapping: levels 1 and runs hit the box's edges, row 0 is the centre."""
    for runs, table in UD_TABLES.items():
        assert sorted(table[:, 0]) == list(range(1, runs + 1))
        assert sorted(table[:, 1]) == list(range(1, runs + 1))
        pts = design_points(runs, [1.0, -2.0], [8.0, 4.0])
        np.testing.assert_allclose(pts[0], [1.0, -2.0])
        np.testing.assert_allclose(pts.min(axis=0), [-3.0, -4.0])
        np.testing.assert_allclose(pts.max(axis=0), [5.0, 0.0])
        assert design_points(runs, [0, 0], [1, 1], drop_centre=True).shape == (runs - 1, 2)


def test_uniform_design_picks_the_documented_points(clf):
    """Check stage 1 (13 table points in the box) and stage 2 (8 points around the best)."""
    X, y = clf
    box = ((-4.0, 8.0), (-8.0, 2.0))
    search = SVMSearchCV(SVC(), strategy="uniform_design", box=box, cv=3, progress=False).fit(X, y)
    params = search.cv_results_["params"]
    assert len(params) == 13 + 8
    logs = np.log2([[p["C"], p["gamma"]] for p in params])
    stage1 = (UD_TABLES[13] - 1) / 12 * [12.0, 10.0] + [-4.0, -8.0]
    np.testing.assert_allclose(logs[:13], stage1)
    scores = search.cv_results_["mean_test_score"]
    best1 = logs[int(np.argmax(scores[:13]))]
    expected2 = best1 + ((UD_TABLES[9][1:] - 1) / 8 - 0.5) * [6.0, 5.0]
    np.testing.assert_allclose(logs[13:], expected2)
    assert search.best_score_ == scores.max()
    assert search.best_index_ == int(np.argmax(scores))


def test_default_box_from_the_data():
    """Check the gamma range: kernel values 0.999 and 0.15 at the nearest point to the mean."""
    X = np.array([[0.0, 0.0], [3.0, 0.0], [1.0, 1.0]])  # mean (4/3, 1/3)
    c_range, (g_lo, g_hi) = default_box(X)
    d2 = np.min(np.sum((X - X.mean(axis=0)) ** 2, axis=1))
    np.testing.assert_allclose(np.exp(-(2.0**g_lo) * d2), 0.999)
    np.testing.assert_allclose(np.exp(-(2.0**g_hi) * d2), 0.15)
    np.testing.assert_allclose(2.0 ** np.array(c_range), [1e-2, 1e4])


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "error", "match"),
    [
        ({}, ValueError, "param_grid holds an empty dict"),
        ([], ValueError, "param_grid is empty"),
        ({"C": []}, ValueError, r"param_grid\['C'\] is an empty sequence"),
        ({"C": ["big"]}, TypeError, r"param_grid\['C'\] must hold real numbers"),
        ({"C": 1.0}, TypeError, r"param_grid\['C'\] must be a sequence"),
        ({"Cee": [1.0]}, ValueError, "unknown parameter 'Cee'"),
        ({"C": [1.0], "gamma": [-1.0]}, ValueError, "gamma"),
        ("C", TypeError, "param_grid must be a dict"),
    ],
)
def test_bad_grid(clf, grid, error, match):
    """Check that a bad grid raises an error naming the parameter, before any fit."""
    X, y = clf
    with pytest.raises(error, match=match):
        SVMSearchCV(SVC(), grid, progress=False).fit(X, y)


def test_fold_with_one_class():
    """Check that a training split holding one class is named."""
    X = np.arange(12.0).reshape(6, 2)
    y = np.array([0, 0, 0, 1, 1, 1])
    cv = PredefinedSplit([-1, -1, -1, 0, 0, 0])  # trains on the first class only
    with pytest.raises(ValueError, match="training split 0 holds a single class"):
        SVMSearchCV(SVC(), {"C": [1.0]}, cv=cv, progress=False).fit(X, y)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"strategy": "random"}, ValueError, "strategy must be one of"),
        ({"warm_start": 1}, TypeError, "warm_start must be a bool"),
        ({"n_jobs": 0}, ValueError, "n_jobs must not be 0"),
        ({"scoring": ["accuracy", "f1"]}, TypeError, "scoring must be one scorer"),
        ({"strategy": "uniform_design"}, ValueError, "param_grid must be None"),
    ],
)
def test_bad_settings(clf, kwargs, error, match):
    """Check the searcher's own parameters."""
    X, y = clf
    with pytest.raises(error, match=match):
        SVMSearchCV(SVC(), {"C": [1.0]}, progress=False, **kwargs).fit(X, y)


def test_bad_design_settings(clf):
    """Check the uniform design's settings: runs without a table, an estimator without gamma."""
    X, y = clf
    with pytest.raises(ValueError, match="design must be one of"):
        SVMSearchCV(SVC(), strategy="uniform_design", design=(13, 7), progress=False).fit(X, y)
    with pytest.raises(ValueError, match="MuSVC has no C"):
        SVMSearchCV(MuSVC(), strategy="uniform_design", progress=False).fit(X, y)
    with pytest.raises(ValueError, match="box must hold finite ranges"):
        SVMSearchCV(SVC(), strategy="uniform_design", box=((1, 0), (0, 1)), progress=False).fit(
            X, y
        )


def test_refit_false_has_no_predict(clf):
    """Check that without refit the search selects but does not predict."""
    X, y = clf
    search = SVMSearchCV(SVC(), {"C": [1.0, 2.0]}, cv=3, refit=False, progress=False).fit(X, y)
    assert not hasattr(search, "best_estimator_")
    with pytest.raises(AttributeError, match="refit=False"):
        search.predict(X)


@pytest.mark.parametrize("warm_start", [False, True])
def test_folds_on_two_threads_equal_the_folds_on_one(warm_start):
    """The kernel path fits a unit's folds on two threads (accuracy scoring): the results are
    those of the same search kept on one thread (row_split.one_thread), split for split."""
    from svmbook.solvers.row_split import one_thread

    X, y = make_classification(200, 5, n_informative=3, n_redundant=0, flip_y=0.1,
                               random_state=7)  # fmt: skip
    grid = {"C": [0.25, 2.0, 16.0, 128.0], "gamma": [0.1, 1.0]}
    two = SVMSearchCV(SVC(), grid, cv=5, warm_start=warm_start, progress=False).fit(X, y)
    with one_thread():
        one = SVMSearchCV(SVC(), grid, cv=5, warm_start=warm_start, progress=False).fit(X, y)
    for key, ref in _per_split(one).items():
        np.testing.assert_array_equal(_per_split(two)[key], ref, err_msg=key)
    assert two.best_params_ == one.best_params_


def test_from_both_ends_keeps_the_order_and_raises_the_other_threads_error():
    """Check _from_both_ends: every item once, results in order; an error of either side."""
    import threading

    from svmbook.model_selection.search import _from_both_ends

    seen = []
    lock = threading.Lock()

    def work(x):
        with lock:
            seen.append(x)
        return x * x

    assert _from_both_ends(list(range(7)), work) == [x * x for x in range(7)]
    assert sorted(seen) == list(range(7))
    assert _from_both_ends([], work) == []

    def fail_last(x):
        if x == 6:
            raise RuntimeError("item 6")
        return x

    with pytest.raises(RuntimeError, match="item 6"):
        _from_both_ends(list(range(7)), fail_last)
