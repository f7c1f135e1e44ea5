"""Decomposition (Nguyen 2006, Table 2.1) against the cvxopt oracle and the SMO adapter."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.exceptions import ConvergenceWarning

from svmbook.kernels import linear, rbf
from svmbook.qp import svc_dual
from svmbook.solvers.decomposition import (
    decompose,
    kkt_violation,
    select_working_set_q,
)
from svmbook.svm import formulations as F
from svmbook.svm.formulations import solve_c_svc_decomposition


def _problem(n, seed, gamma=0.2):
    X, y = make_classification(
        n_samples=n, n_features=5, n_informative=3, flip_y=0.05, random_state=seed
    )
    kernel = rbf(gamma=gamma)
    return X, np.where(y == 1, 1.0, -1.0), kernel, kernel(X)


@pytest.fixture(scope="module")
def p300():
    """Return the shared ``p300`` test problem."""
    X, y, kernel, K = _problem(300, 0)
    C = 2.0
    return X, y, kernel, K, C, svc_dual(K, y, C)


def _f(K, res):
    return K @ res.dual_coef + res.intercept


@pytest.mark.parametrize("n, seed, C", [(200, 1, 1.0), (400, 2, 10.0)])
def test_objective_matches_cvxopt_and_smo(n, seed, C):
    """Check that the objective matches cvxopt and SMO."""
    X, y, kernel, K = _problem(n, seed)
    ref = svc_dual(K, y, C)
    res = decompose(K, y, C, q=10, tol=1e-6)
    assert res.converged and res.violation <= 1e-6
    np.testing.assert_allclose(res.objective, ref.objective, rtol=1e-6)
    a = res.alpha
    Q = (y[:, None] * y[None, :]) * K
    np.testing.assert_allclose(res.objective, 0.5 * a @ Q @ a - a.sum(), rtol=1e-6)
    assert abs(y @ a) < 1e-9 and a.min() >= 0 and a.max() <= C
    # KKT on the float64 Gram matrix: tol plus the float32 rounding of the kernel values
    assert kkt_violation(a, Q @ a - 1.0, y, C) < 1e-6 + 1e-5
    ours = solve_c_svc_decomposition(K, y, C, q=10, tol=1e-6)
    smo = F.solve_c_svc(K, y, C, tol=1e-6)
    np.testing.assert_allclose(_f(K, ours), _f(K, smo), atol=1e-4)
    np.testing.assert_allclose(_f(K, ours), K @ ref.coef + ref.b, atol=1e-4)
    np.testing.assert_allclose(ours.objective, smo.objective, rtol=1e-7)


def test_kernel_rows_equal_precomputed(p300):
    """Check that kernel rows give the precomputed run."""
    X, y, kernel, K, C, ref = p300
    a = decompose(K, y, C, q=10, tol=1e-6)
    b = decompose(y=y, C=C, X=X, kernel=kernel, q=10, tol=1e-6, cache_rows=50)
    np.testing.assert_allclose(b.objective, a.objective, rtol=1e-9)
    np.testing.assert_allclose(b.offset, a.offset, atol=1e-6)
    assert b.n_kernel_evals > 0 and a.n_kernel_evals == 0


def test_every_q_reaches_the_same_objective(p300):
    """Check that every q reaches the same objective."""
    X, y, kernel, K, C, ref = p300
    outer = {}
    for q in (2, 4, 10, 50):
        res = decompose(K, y, C, q=q, tol=1e-6)
        assert res.converged
        np.testing.assert_allclose(res.objective, ref.objective, rtol=1e-6)
        assert all(size == q for _, _, size in res.history[:-1])
        outer[q] = res.n_outer
    # measured: {2: 2178, 4: 1375, 10: 528, 50: 23} (seed 0, n=300, 111 SVs)
    assert outer[2] > outer[4] > outer[10] > outer[50]


def test_history_is_monotone(p300):
    """Check that the history is monotone."""
    X, y, kernel, K, C, ref = p300
    res = decompose(K, y, C, q=10, tol=1e-6)
    obj = np.array([h[0] for h in res.history])
    assert np.all(np.diff(obj) <= 1e-12 * np.abs(obj[:-1]))
    assert res.history[-1][1] == res.violation <= 1e-6
    assert len(res.history) == res.n_outer + 1 == len(res.working_sets) + 1


def test_q2_is_the_maximal_violating_pair(p300):
    """Check that q = 2 selects the maximal violating pair."""
    X, y, kernel, K, C, ref = p300
    alpha, G = np.zeros(len(y)), -np.ones(len(y))
    B = select_working_set_q(alpha, G, y, C, 2)
    v = -y * G
    assert y[B[0]] > 0 and y[B[1]] < 0  # at alpha = 0: I_up = {y=+1}, I_low = {y=-1}
    assert v[B[0]] - v[B[1]] == kkt_violation(alpha, G, y, C)


def test_qp_subsolver_agrees_with_smo(p300):
    """Check that the QP subsolver agrees with SMO."""
    X, y, kernel, K, C, ref = p300
    smo = solve_c_svc_decomposition(K, y, C, q=20, tol=1e-6)
    qp = solve_c_svc_decomposition(K, y, C, q=20, tol=1e-6, subsolver="qp")
    assert qp.status == 0
    np.testing.assert_allclose(qp.objective, smo.objective, rtol=1e-7)
    np.testing.assert_allclose(_f(K, qp), _f(K, smo), atol=1e-4)


def test_support_vectors_as_first_working_set(p300):
    """Nguyen 4.4.2: all SVs in the first working set -> the loop runs once."""
    X, y, kernel, K, C, ref = p300
    opt = decompose(K, y, C, q=10, tol=1e-6)
    sv = np.flatnonzero(opt.alpha > 0)
    q = sv.size + sv.size % 2
    cold = decompose(K, y, C, q=q, tol=1e-6)
    rand = decompose(K, y, C, q=q, tol=1e-6, working_set="random", random_state=0)
    warm = decompose(K, y, C, q=q, tol=1e-6, working_set=sv)
    np.testing.assert_allclose(warm.objective, ref.objective, rtol=1e-6)
    np.testing.assert_array_equal(np.sort(warm.working_sets[0][: sv.size]), sv)
    # measured: 111 SVs, q=112: SV start 1, default start 5, random start 4
    assert warm.n_outer == 1
    assert warm.n_outer < cold.n_outer and warm.n_outer < rand.n_outer


def test_warm_start_from_optimum(p300):
    """Check that a warm start at the optimum stops at once."""
    X, y, kernel, K, C, ref = p300
    opt = decompose(K, y, C, q=10, tol=1e-6)
    again = decompose(K, y, C, q=10, tol=1e-6, alpha0=opt.alpha)
    assert again.n_outer <= 1
    np.testing.assert_allclose(again.objective, opt.objective, rtol=1e-12)
    # from the optimum of the SMO adapter (same float32 problem)
    smo = F.solve_c_svc(K, y, C, tol=1e-7)
    seeded = solve_c_svc_decomposition(K, y, C, q=10, tol=1e-6, alpha0=smo.alpha)
    assert seeded.n_iter <= 1


def test_alpha_seeding_4_15(p300):
    """(4.15): alpha2 = C2 / C1 alpha1 is feasible and reaches the cold optimum."""
    X, y, kernel, K, C1, ref = p300
    first = decompose(K, y, C1, q=10, tol=1e-6)
    C2 = 2.0 * C1
    alpha0 = C2 / C1 * first.alpha
    assert abs(y @ alpha0) < 1e-9 and alpha0.max() <= C2
    sv = np.flatnonzero(first.alpha > 0)
    q = sv.size + sv.size % 2
    cold = decompose(K, y, C2, q=q, tol=1e-6)
    seeded = decompose(K, y, C2, q=q, tol=1e-6, alpha0=alpha0, working_set=sv)
    np.testing.assert_allclose(seeded.objective, svc_dual(K, y, C2).objective, rtol=1e-6)
    np.testing.assert_allclose(seeded.objective, cold.objective, rtol=1e-7)
    assert seeded.n_outer <= cold.n_outer


def test_toy_matches_solve_c_svc():
    """Check that the toy problem matches solve_c_svc."""
    X = np.array([[-2.0, -1], [-1, -1], [-1, -2], [1, 1], [1, 2], [2, 1]])
    Y = np.array([1, 1, 1, 2, 2, 2])
    ours = solve_c_svc_decomposition(X, Y, 1.0, kernel=linear(), q=2)
    smo = F.solve_c_svc(X, Y, 1.0, kernel=linear())
    np.testing.assert_array_equal(ours.support, [1, 3])
    np.testing.assert_allclose(ours.dual_coef[[1, 3]], [-0.25, 0.25], atol=1e-6)
    np.testing.assert_allclose(ours.intercept, smo.intercept, atol=1e-6)
    np.testing.assert_array_equal(ours.classes, [1, 2])


def test_max_iter_warns(p300):
    """Check that max_iter warns."""
    X, y, kernel, K, C, ref = p300
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        res = decompose(K, y, C, q=4, tol=1e-6, max_iter=3)
    assert res.status == 1 and res.n_outer == 3
    assert res.alpha.min() >= 0 and res.alpha.max() <= C and abs(y @ res.alpha) < 1e-9


def test_deterministic(p300):
    """Check that two runs give the same answer."""
    X, y, kernel, K, C, ref = p300
    runs = [decompose(K, y, C, q=6, tol=1e-4) for _ in range(2)]
    np.testing.assert_array_equal(runs[0].alpha, runs[1].alpha)
    assert runs[0].history == runs[1].history and runs[0].n_inner == runs[1].n_inner
    r = [decompose(K, y, C, q=6, working_set="random", random_state=3) for _ in range(2)]
    np.testing.assert_array_equal(r[0].working_sets[0], r[1].working_sets[0])
    np.testing.assert_array_equal(r[0].alpha, r[1].alpha)


@pytest.mark.parametrize(
    "kwargs, err, match",
    [
        ({"q": 3}, ValueError, "q must be an even"),
        ({"q": 0}, ValueError, "q must be an even"),
        ({"q": 42}, ValueError, "q must be <= n"),
        ({"q": 4.0}, TypeError, "q must be an int"),
        ({"working_set": [0, 40]}, ValueError, "working_set indices must lie"),
        ({"working_set": [-1]}, ValueError, "working_set indices must lie"),
        ({"working_set": [1, 1]}, ValueError, "working_set indices must be unique"),
        ({"working_set": list(range(12))}, ValueError, "working_set has 12 indices but q=10"),
        ({"working_set": [0.5]}, TypeError, "working_set must hold integer"),
        ({"working_set": "all"}, ValueError, "working_set must be None"),
        ({"alpha0": -np.ones(40)}, ValueError, "alpha0 is infeasible"),
        ({"alpha0": np.full(40, 5.0)}, ValueError, "alpha0 is infeasible"),
        ({"alpha0": np.zeros(3)}, ValueError, "alpha0 must have length 40"),
        ({"subsolver": "cg"}, ValueError, "subsolver must be"),
        ({"tol": 0}, ValueError, "tol must be > 0"),
        ({"C": -1.0}, ValueError, "C must be finite and > 0"),
        ({"C": np.inf}, ValueError, "C must be finite and > 0"),
        ({"max_iter": -2}, ValueError, "max_iter must be"),
    ],
)
def test_bad_inputs_raise(kwargs, err, match):
    """Check that bad inputs raise, naming the parameter."""
    X, y, kernel, K = _problem(40, 5)
    args = {"q": 10, **kwargs}
    C = args.pop("C", 1.0)
    with pytest.raises(err, match=match):
        decompose(K, y, C, **args)


def test_bad_sources_raise():
    """Check that bad kernel sources raise."""
    X, y, kernel, K = _problem(40, 5)
    with pytest.raises(ValueError, match="either a precomputed Gram matrix K or a kernel"):
        decompose(K, y, 1.0, X=X, kernel=kernel)
    with pytest.raises(ValueError, match="X is required"):
        decompose(y=y, kernel=kernel)
    with pytest.raises(ValueError, match="y must hold 40 entries"):
        decompose(K, np.zeros(40))
    with pytest.raises(ValueError, match="K must be a square"):
        decompose(K[:5], y)
    with pytest.raises(ValueError, match="y'alpha0"):
        solve_c_svc_decomposition(K, y, 1.0, alpha0=np.where(y > 0, 0.5, 0.0))
    with pytest.raises(ValueError, match="kernel must be 'precomputed'"):
        solve_c_svc_decomposition(X, y, 1.0, kernel="rbf")


def test_first_set_without_violating_pair_still_converges():
    """Check that a first set without a violating pair still converges."""
    X, y, kernel, K = _problem(100, 6)
    same = np.flatnonzero(y > 0)[:4]  # at alpha = 0 a one-class set cannot move
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = decompose(K, y, 1.0, q=4, tol=1e-5, working_set=same)
    assert res.converged
    np.testing.assert_allclose(res.objective, svc_dual(K, y, 1.0).objective, rtol=1e-5)


def test_short_working_set_is_completed_by_the_rule(p300):
    """Check that a short working set is completed by the rule."""
    X, y, kernel, K, C, ref = p300
    res = decompose(K, y, C, q=10, tol=1e-6, working_set=[7, 3, 250])
    B = res.working_sets[0]
    assert B.size == 10 and B[:3].tolist() == [7, 3, 250] and np.unique(B).size == 10
    np.testing.assert_allclose(res.objective, ref.objective, rtol=1e-6)
    gen = decompose(K, y, C, q=10, working_set="random", random_state=np.random.default_rng(1))
    assert gen.converged and gen.working_sets[0].size == 10


def test_solvers_package_exports():
    """Check the names the solvers package exports."""
    import svmbook.solvers as S

    assert S.decompose is decompose and F.solve_c_svc_decomposition is solve_c_svc_decomposition
