"""The nearest-point figure reproductions (Goodrich Figs 5.7, 5.8, 5.10) and their history columns.

The history columns ``n_changed``/``n_vertex``/``update_delta`` are checked against a brute-force
recomputation: the solver re-run with ``max_iter=k`` stops at the start of iteration k with the
state that iteration saw; from its decision values we sort each class, fill the vertex greedily
(Theorem 3 / Alg. 7), pick the class with the larger gap and count. The experiments run at
``size="ci"`` through the registry.
"""

import math
import warnings

import numpy as np
import pytest
from scipy.stats import spearmanr
from sklearn.exceptions import ConvergenceWarning

from svmbook.datasets import load_libsvm
from svmbook.kernels import get_kernel
from svmbook.qp.geometric import mu_svm_dual
from svmbook.reproductions import get_experiment
from svmbook.reproductions._common import standardise
from svmbook.reproductions.goodrich_updates import summarise
from svmbook.solvers.nearest_point import solve_min_norm_point, solve_nearest_point
from svmbook.weighting import mu_from_kappa

MU = 1.0 / 7


def _blobs(seed=0, n=40, shift=1.0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(shift, 1.0, (n // 2, 2)), rng.normal(-shift, 1.0, (n // 2, 2))])
    y = np.r_[np.ones(n // 2), -np.ones(n // 2)]
    return X, y


def _greedy_vertex(h, s, mu):
    """Find the vertex minimising ``h`` over one class: fill caps ``s_i mu`` in order of ``h``.

    The last cap is taken whole when it reaches the remainder within a relative 1e-12 (seven
    caps of 1/7 sum to 1 - 1e-16: no eighth point of weight 1e-16).
    """
    beta = np.zeros_like(h)
    acc = 0.0
    for i in np.argsort(h, kind="stable"):
        cap = s[i] * mu
        rest = 1.0 - acc
        if cap >= rest - 1e-12 * cap:
            beta[i] = rest
            break
        beta[i] = cap
        acc += cap
    return beta


def _run(K, y, s, max_iter, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return solve_nearest_point(K, y=y, mu=MU, sample_weight=s, max_iter=max_iter, **kw)


@pytest.mark.parametrize("method, weighted", [("wsk_fast", False), ("sk", False), ("wsk", True)])
def test_history_counts_match_brute_force(method, weighted):
    """Match the solver's per-step counts with a brute-force vertex and count."""
    X, y = _blobs()
    K = get_kernel("rbf", gamma=1.0)(X, X)
    # weights drawn away from the cap boundary so the greedy fill has no ties at 1
    s = np.random.default_rng(1).uniform(0.5, 2.0, y.shape[0]) if weighted else None
    kw = dict(method=method, update="auto", tol=1e-6)
    full = _run(K, y, s, 60, history=True, **kw)
    h = full.history
    weights = np.ones_like(y) if s is None else s
    assert full.n_iter >= 50
    for k in range(full.n_iter + 1):
        res = _run(K, y, s, k, **kw)  # stops at the start of iteration k
        gaps, counts = [], []
        for cls in (1, -1):
            inside = y == cls
            hv = (y * res.f)[inside]
            beta = _greedy_vertex(hv, weights[inside], MU)
            gaps.append(float((res.alpha[inside] - beta) @ hv))
            counts.append((int(np.sum(res.alpha[inside] != beta)), int(np.sum(beta != 0))))
        np.testing.assert_allclose([h["gap_0"][k], h["gap_1"][k]], gaps, rtol=1e-9, atol=1e-12)
        moved = 0 if gaps[0] > gaps[1] else 1  # ties go to the last class, as in Alg. 8
        assert (h["n_changed"][k], h["n_vertex"][k]) == counts[moved]
        assert h["update_delta"][k] == float(counts[moved][0] < counts[moved][1])
    if s is None:
        assert np.all(h["n_vertex"] == 7)  # ceil(1/mu) with unit weights
    if method == "wsk_fast":  # the SMO steps bring the count under the line: the switch flips
        assert set(h["update_delta"]) == {0.0, 1.0}
    assert np.all((h["n_changed"] >= 0) & (h["n_changed"] <= y.shape[0] // 2))


def test_history_update_columns_per_method():
    """Record the update switch's columns for each method."""
    X, y = _blobs(seed=2)
    K = X @ X.T
    forced = {}
    for update in ("delta", "vertex"):
        res = solve_nearest_point(K, y=y, mu=MU, method="wsk", update=update, history=True)
        forced[update] = res.history["update_delta"]
    assert np.all(forced["delta"] == 1) and np.all(forced["vertex"] == 0)
    # Gilbert moves both hulls: the counts add over the classes
    res = solve_nearest_point(K, y=y, mu=MU, method="gilbert", history=True, max_iter=50)
    assert np.all(res.history["n_vertex"] == 14)
    assert np.all(res.history["n_changed"] <= y.shape[0])
    # pair steps have no vertex step
    for method in ("mdm", "smo", "tao"):
        res = solve_nearest_point(K, y=y, mu=MU, method=method, history=True)
        for col in ("n_changed", "n_vertex", "update_delta"):
            assert np.all(np.isnan(res.history[col]))
    # one hull (the perceptron): its vertex has ceil(1/mu) points
    res = solve_min_norm_point(K, y=y, mu=1 / 9.5, method="wsk_fast", history=True)
    assert np.all(res.history["n_vertex"] == 10)


def test_summarise():
    """Summarise a count series: tenths, trend, time under the line."""
    row = summarise(np.array([9, 8, 8, 6, 5, 4, 3, 3, 2, 2.0]), 4)
    assert row["first 10%"] == 9 and row["last 10%"] == 2 and row["trend"] == 0.25
    assert row["decreases"] and row["below line"] == 0.4 and row["first below"] == 6
    flat = summarise(np.full(30, 12.0), 10)
    assert flat["trend"] == 1.0 and not flat["decreases"] and flat["first below"] is None
    with pytest.raises(ValueError, match="counts"):
        summarise(np.array([]), 3)


def test_fig_5_10_ci():
    """Run Fig. 5.10 at CI size: the banana panels by both methods."""
    res = get_experiment("goodrich-fig-5.10").run(size="ci", progress=False)
    assert [(r["panel"], r["method"]) for r in res.rows] == [
        ("e", "wsk_fast"),
        ("e", "wsk"),
        ("f", "wsk_fast"),
        ("f", "wsk"),
    ]
    for r in res.rows:
        s = res.series[r["panel"], r["method"]]
        assert s["n_changed"].shape == (r["n_iter"],)
        assert r["line"] == math.ceil(r["inv_mu"])
        assert np.all(s["n_vertex"] == r["line"])  # unit weights
        # the switch (5.26) picks (5.24)/(5.28) exactly below the line
        np.testing.assert_array_equal(s["update_delta"], s["n_changed"] < r["line"])
        assert r["delta steps"] == r["below line"]
        assert np.all((s["n_changed"] >= 0) & (s["n_changed"] <= 217))  # banana's larger class
    fast_f = res.row(panel="f", method="wsk_fast")
    # banana, polynomial: the count falls by about half and dips under the line
    assert fast_f["converged"] and fast_f["decreases"] and fast_f["first below"] is not None
    # the intermediate SMO steps cut the count (about 55 vs 195 and 44 vs 193 here)
    for panel in ("e", "f"):
        fast, plain = res.row(panel=panel, method="wsk_fast"), res.row(panel=panel, method="wsk")
        assert fast["last 10%"] < 0.5 * plain["last 10%"]
    assert res.settings["claim: the SMO steps lower the count"] is True


# --------------------------------------------------------------------------------------------
# Figs 5.7 and 5.8: WSK training time against the class-weight ratio and the margin
# --------------------------------------------------------------------------------------------


def test_weights_with_one_ratio_are_one_problem():
    """Solve the same problem for class weights with the same ratio."""
    # mu = 1/(0.9 kappa) is relative to the weights: scaling them all leaves the caps s_i mu
    X, y = _blobs(seed=3)
    K = get_kernel("rbf", gamma=1.0)(X, X)
    norms = []
    for scale in (1.0, 3.0):
        s = scale * np.where(y > 0, 4.0, 1.0)
        mu = mu_from_kappa(s, y)
        res = solve_nearest_point(K, y=y, mu=mu, sample_weight=s, method="wsk_fast", tol=1e-9)
        norms.append(res.w_norm)
    assert norms[0] == pytest.approx(norms[1], rel=1e-6)


def test_fig_5_7_and_5_8_ci():
    """Run Figs 5.7 and 5.8 at CI size on the same runs."""
    fig7 = get_experiment("goodrich-fig-5.7").run(size="ci", progress=False)
    fig8 = get_experiment("goodrich-fig-5.8").run(size="ci", progress=False)
    ratios = [r["ratio"] for r in fig7.rows]
    np.testing.assert_allclose(ratios, [0.01, 0.1, 1.0, 10.0, 100.0], rtol=1e-12)
    X, y = load_libsvm("statlog-heart")
    X = standardise(X, X[:0])[0]
    K = get_kernel("rbf", gamma=0.01)(X, X).astype(np.float32).astype(np.float64)
    # the relative NP stop at 1e-3 bounds ||w||^2 above the optimum by 1/(1 - 2 tol)^2 - 1
    excess = 1 / (1 - 2e-3) ** 2 - 1
    for r in fig7.rows:
        s = np.where(y > 0, r["ratio"], 1.0)
        assert r["inv_mu"] == pytest.approx(1 / mu_from_kappa(s, y), rel=1e-12)
        # the margin is the distance between the weighted hulls: cvxopt's on the float32 Gram
        ref = mu_svm_dual(K, y, 1 / r["inv_mu"], sample_weight=s)
        assert ref.w_norm2 * (1 - 1e-8) <= r["margin"] ** 2 <= ref.w_norm2 * (1 + excess)
        assert r["converged"] and r["time (ms)"] > 0
    # equal weights: the widest margin and the fewest iterations by far (2 vs >= 100 here);
    # the extreme ratios shrink the margin and lengthen training (Figs 5.7a, 5.8)
    equal = fig7.row(ratio=1.0)
    for r in fig7.rows:
        if r is not equal:
            assert r["margin"] < 0.5 * equal["margin"] and r["n_iter"] > 10 * equal["n_iter"]
    for key in ("claim: extreme weights can increase the time", "claim: ... not always"):
        assert isinstance(fig7.settings[key], bool)
    fastest = min(fig7.rows, key=lambda r: r["time (ms)"])["ratio"]
    assert fig7.settings["fastest ratio (heart)"] == fastest
    # Fig. 5.8: the same runs by margin, with the rank correlations recomputed
    assert sorted(fig8.rows, key=lambda r: r["ratio"]) == fig7.rows
    margins = [r["margin"] for r in fig8.rows]
    assert margins == sorted(margins)
    rho = spearmanr(margins, [r["n_iter"] for r in fig8.rows]).statistic
    assert fig8.settings["rank correlation margin-n_iter (heart)"] == round(float(rho), 3) < 0
