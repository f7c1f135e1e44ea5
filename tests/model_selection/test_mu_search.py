"""svmbook.model_selection.mu_search: the mu schedule, and a search stopping at intersection."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_moons
from sklearn.exceptions import ConvergenceWarning
from sklearn.preprocessing import StandardScaler

from svmbook import MuSVC
from svmbook.exceptions import HullsIntersectError
from svmbook.model_selection.estimates import xi_alpha
from svmbook.model_selection.mu_search import mu_schedule, mu_search
from svmbook.svm import _machines


def _train_error(model, X, y):
    return float(np.mean(model.predict(X) != y))


def test_schedule_is_linear_in_inverse_mu():
    """Check Goodrich's printed example: m = 200, 20 steps gives 1/mu = 198, 188, ..., 8, 1."""
    y = np.repeat([0, 1], [200, 230])
    mu = mu_schedule(y, n_steps=20)
    np.testing.assert_allclose(1.0 / mu, [*range(198, 7, -10), 1.0])
    assert mu.size == 21 and np.all(np.diff(mu) > 0)
    # mu starts above the centroid value 1/m: no class is reduced to its centroid
    assert mu[0] > 1.0 / 200


@pytest.mark.parametrize("n_steps", [1, 3, 7])
def test_schedule_ends_at_one(n_steps):
    """Check that every schedule starts at 1/(m-2), steps by m/n_steps in 1/mu and ends at 1."""
    y = np.repeat([0, 1], [25, 40])
    inv = 1.0 / mu_schedule(y, n_steps=n_steps)
    assert inv[0] == 23 and inv[-1] == 1.0
    np.testing.assert_allclose(-np.diff(inv)[:-1], 25 / n_steps)


def test_search_stops_where_the_hulls_intersect():
    """Check that a gamma's sequence ends at the first mu whose hulls intersect."""
    X, y = make_classification(60, n_features=2, n_redundant=0, n_clusters_per_class=1,
                               class_sep=0.3, flip_y=0.2, random_state=1)  # fmt: skip
    est = MuSVC(kernel="linear")  # the default solver, efficient WSK
    res = mu_search(X, y, gammas=[1.0], criterion=_train_error, estimator=est, n_steps=5)
    stops = [r["stop"] for r in res.rows]
    assert stops[-1] == "intersect" and all(s == "" for s in stops[:-1])
    # the stop is real: the next machine's hulls do intersect, the previous ones do not
    last = res.rows[-1]["mu"]
    with pytest.raises(HullsIntersectError):
        MuSVC(kernel="linear", solver="qp", mu=last).fit(X, y)
    assert res.n_trained == len(res.rows) < mu_schedule(y, 5).size


def test_search_picks_the_lowest_score_and_records_the_equivalent_c():
    """Check the best row, the recorded C = mu / rho of each machine, and the order of search."""
    X, y = make_moons(80, noise=0.25, random_state=0)
    est = MuSVC(kernel="rbf", solver="smo")
    res = mu_search(X, y, gammas=[0.5, 4.0], criterion=_train_error, estimator=est, n_steps=4)
    scored = [r for r in res.rows if np.isfinite(r["score"])]
    best = min(scored, key=lambda r: r["score"])  # min keeps the first of equal scores
    assert res.best_params == {"gamma": best["gamma"], "mu": best["mu"]}
    assert res.best_score == best["score"]
    for r in scored:
        model = MuSVC(kernel="rbf", solver="smo", gamma=r["gamma"], mu=r["mu"]).fit(X, y)
        assert r["C"] == pytest.approx(model.C_[0]) and r["score"] == _train_error(model, X, y)
    gammas = [r["gamma"] for r in res.rows]
    assert gammas == sorted(gammas)  # gamma outer, mu inner


def test_small_w_stops_a_sequence():
    """Check the relative ||w|| stop (the thesis's indicator of intersecting hulls)."""
    X, y = make_moons(60, noise=0.3, random_state=2)
    est = MuSVC(kernel="rbf", solver="smo")
    res = mu_search(X, y, gammas=[1.0], criterion=_train_error, estimator=est, n_steps=3,
                    w_tol=0.999)  # fmt: skip
    assert res.rows[-1]["stop"] in ("small_w", "intersect") and len(res.rows) <= 2


def _near_touching(n, seed):
    """Overlapping classes, standardised: at a small RBF gamma their hulls meet at small mu."""
    X, y = make_classification(n, n_features=2, n_redundant=0, n_clusters_per_class=1,
                               class_sep=0.5, flip_y=0.1, random_state=seed)  # fmt: skip
    return StandardScaler().fit_transform(X), y


#: What the degenerate-case tests record of every scored machine besides the criterion.
_STATE = {
    "status": lambda model, X, y: float(model.fit_status_),
    "rho": lambda model, X, y: float(model.rho_[0]),
    "train_error": _train_error,
}


def _search_capped(X, y, gamma, **kwargs):
    """xi-alpha mu search of one gamma with the SMO core, whose fits near the stop are capped."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # the capped fits warn
        return mu_search(X, y, gammas=[gamma], criterion=xi_alpha, n_steps=10, scores=_STATE,
                         estimator=MuSVC(kernel="rbf", solver="smo"), **kwargs)  # fmt: skip


def test_capped_fits_end_the_sequence_unscored(monkeypatch):
    """Check that a fit stopped at the solver's cap, or without a margin, is never selected.

    On these 150 points at gamma = 2^-7 the SMO core's fits from 1/mu = 48.4 on stop at the cap
    of its refinement; before the fix the search scored them, and one with rho < 0 (C_
    infinite) had xi-alpha 0.04 and training error 0.59 (worse than the majority's 0.48) and was
    selected. There the hulls intersect: the same solver without its cap finds no distance left.
    """
    X, y = _near_touching(150, seed=2)
    gamma = 2.0**-7
    res = _search_capped(X, y, gamma)
    *scored, last = res.rows
    assert last["stop"] in ("unconverged", "no_margin") and np.isnan(last["score"])
    assert np.isnan(last["status"]) and last["C"] > 0  # recorded, not scored
    assert scored and all(r["stop"] == "" and np.isfinite(r["score"]) for r in scored)
    assert all(r["status"] == 0 and r["rho"] > 0 and np.isfinite(r["C"]) for r in scored)
    # the selection is a machine better than the majority class, the last one fully converged
    best = next(r for r in scored if {"gamma": gamma, "mu": r["mu"]} == res.best_params)
    assert best["train_error"] < np.bincount(y).min() / y.size
    # the capped mu is past the intersection: the SMO core run to its tolerance finds it
    with monkeypatch.context() as patch:
        patch.setattr(_machines, "MU_REFINE_ITER", 10**5)
        with pytest.raises(HullsIntersectError):
            MuSVC(kernel="rbf", gamma=gamma, mu=last["mu"], solver="smo").fit(X, y)
    # the selected machine is the oracle's: the cvxopt mu-SVM has its C and its xi-alpha
    smo = MuSVC(kernel="rbf", gamma=gamma, mu=best["mu"], solver="smo").fit(X, y)
    qp = MuSVC(kernel="rbf", gamma=gamma, mu=best["mu"], solver="qp").fit(X, y)
    assert qp.fit_status_ == 0 and smo.C_[0] == pytest.approx(qp.C_[0], rel=1e-2)
    assert best["score"] == xi_alpha(qp, X, y)


def test_unconverged_score_keeps_the_thesis_search():
    """Check ``unconverged="score"``: capped fits are scored and the sequence goes on.

    60 points at gamma = 2^-10: the fits from 1/mu = 7 on are capped. A fit without a positive
    margin still ends the sequence unscored (its estimates are not defined).
    """
    X, y = _near_touching(60, seed=3)
    gamma = 2.0**-10
    stopped = _search_capped(X, y, gamma)
    scored = _search_capped(X, y, gamma, unconverged="score")
    assert stopped.rows[-1]["stop"] == "unconverged"
    first_capped = len(stopped.rows) - 1
    capped = [r for r in scored.rows if r["status"] == 1]
    assert capped and all(np.isfinite(r["score"]) for r in capped)
    assert len(scored.rows) > first_capped + 1  # it went on past the first capped fit
    assert scored.rows[first_capped]["mu"] == stopped.rows[-1]["mu"]
    assert all(r["rho"] > 0 for r in scored.rows if np.isfinite(r["score"]))
    assert scored.rows[-1]["stop"] in ("intersect", "no_margin", "small_w", "")
    # the machines before the first capped one are the same in both searches
    for a, b in zip(stopped.rows[:-1], scored.rows, strict=False):
        assert a["score"] == b["score"] and a["C"] == b["C"]
    with pytest.raises(ValueError, match="unconverged"):
        mu_search(X, y, gammas=[gamma], criterion=_train_error, unconverged="skip")


def test_bad_input():
    """Check the errors naming the parameter."""
    X, y = make_moons(30, random_state=0)
    with pytest.raises(TypeError, match="criterion"):
        mu_search(X, y, gammas=[1.0], criterion=0.5)
    with pytest.raises(ValueError, match="gammas"):
        mu_search(X, y, gammas=[], criterion=_train_error)
    with pytest.raises(ValueError, match="gammas"):
        mu_search(X, y, gammas=[-1.0], criterion=_train_error)
    with pytest.raises(ValueError, match="w_tol"):
        mu_search(X, y, gammas=[1.0], criterion=_train_error, w_tol=0)
    with pytest.raises(ValueError, match="two classes"):
        mu_schedule(np.arange(30) % 3)
    with pytest.raises(ValueError, match="at least 3"):
        mu_schedule([0, 0, 0, 1, 1])
    with pytest.raises(ValueError, match="n_steps"):
        mu_schedule(y, n_steps=0)
    from svmbook import SVC

    with pytest.raises(ValueError, match="mu parameter"):
        mu_search(X, y, gammas=[1.0], criterion=_train_error, estimator=SVC())


def test_schedule_and_scores_of_one_search():
    """Search a given schedule and record further scores on the machines the criterion scores."""
    X, y = make_moons(60, noise=0.3, random_state=3)
    est = MuSVC(kernel="rbf", solver="smo")
    mus = mu_schedule(y, n_steps=4)[:-1]  # without mu = 1: at most 4 machines per gamma
    res = mu_search(X, y, gammas=[0.5, 2.0], criterion=_train_error, estimator=est,
                    schedule=mus, scores={"n_sv": lambda m, X, y: m.support_.size})  # fmt: skip
    assert res.n_trained <= 2 * mus.size and {r["mu"] for r in res.rows} <= set(mus.tolist())
    for r in res.rows:
        if np.isfinite(r["score"]):
            model = MuSVC(kernel="rbf", solver="smo", gamma=r["gamma"], mu=r["mu"]).fit(X, y)
            assert r["n_sv"] == model.support_.size
        else:
            assert np.isnan(r["n_sv"])
    with pytest.raises(ValueError, match="schedule"):
        mu_search(X, y, gammas=[1.0], criterion=_train_error, schedule=mus[::-1])
    with pytest.raises(ValueError, match="schedule"):
        mu_search(X, y, gammas=[1.0], criterion=_train_error, schedule=[0.5, 1.5])
    with pytest.raises(ValueError, match="scores"):
        mu_search(X, y, gammas=[1.0], criterion=_train_error, scores={"mu": _train_error})
    with pytest.raises(TypeError, match="scores"):
        mu_search(X, y, gammas=[1.0], criterion=_train_error, scores={"e": 0.5})
