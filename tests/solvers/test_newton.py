"""Oracles of the smooth SVM Newton core (RSVM review, eqs. 7, 8, 12, 22, 23 and the Newton steps).

Data are small synthetic problems (an XOR-like sign of ``x1 x2`` and a noisy sinc); kernels are
built inline with numpy so that the core is tested apart from :mod:`svmbook.kernels`.
"""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from svmbook.solvers.newton import (
    BlockedDesign,
    NewtonResult,
    SmoothProblem,
    default_chunk_size,
    newton_armijo,
    newton_armijo_sums,
    smooth_problem,
)

RNG = np.random.default_rng(0)
X = RNG.normal(size=(150, 2))
Y = np.sign(X[:, 0] * X[:, 1] + 0.2 * RNG.normal(size=150))
T = np.sinc(X[:, 0]) + 0.1 * RNG.normal(size=150)


def gauss(A, B, gamma=1.0):
    d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(-1)
    return np.exp(-gamma * d2)


K_RED = gauss(X, X[:20])
K_FULL = gauss(X, X)
PROBLEMS = {
    "classification": (Y, smooth_problem("classification", C=10.0, beta=5.0)),
    "regression": (T, smooth_problem("regression", C=10.0, beta=5.0, epsilon=0.1)),
}


def v_of(result):
    return np.append(result.coef, result.intercept)


@pytest.mark.parametrize("kind", PROBLEMS)
def test_gradient_and_hessian_by_finite_differences(kind):
    """The supplemented gradient and Hessian match central differences at a random point."""
    y, problem = PROBLEMS[kind]
    v = 0.3 * RNG.normal(size=K_RED.shape[1] + 1)
    step = 1e-6
    eye = np.eye(v.size)
    num_grad = np.array(
        [
            (problem.objective(K_RED, y, v + step * e) - problem.objective(K_RED, y, v - step * e))
            / (2 * step)
            for e in eye
        ]  # fmt: skip
    )
    grad = problem.gradient(K_RED, y, v)
    np.testing.assert_allclose(grad, num_grad, rtol=1e-6, atol=1e-6)
    num_hess = np.array(
        [
            (problem.gradient(K_RED, y, v + step * e) - problem.gradient(K_RED, y, v - step * e))
            / (2 * step)
            for e in eye
        ]  # fmt: skip
    )
    H = problem.hessian(K_RED, y, v)
    np.testing.assert_allclose(H, num_hess, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(H, H.T)
    assert np.linalg.eigvalsh(H).min() >= 1.0 - 1e-10  # H >= I: the Newton step always exists


@pytest.mark.parametrize("kind", PROBLEMS)
def test_monotone_and_quadratic_convergence(kind):
    """Armijo makes the objective non-increasing; near the optimum ||g|| roughly squares."""
    y, problem = PROBLEMS[kind]
    res = newton_armijo(K_RED, y, problem, tol=1e-12)
    assert isinstance(res, NewtonResult) and res.status == 0 and res.n_iter < 30
    assert np.all(np.diff(res.objectives) <= 0.0)
    g = res.grad_norms
    assert g.shape == (res.n_iter + 1,) and res.step_lengths.shape == (res.n_iter,)
    # the last steps are full Newton steps, and each gradient is below a constant times the
    # square of the one before (quadratic convergence), i.e. the ratio g_{k+1}/g_k collapses
    tail = np.flatnonzero(g < 10.0)
    assert tail.size >= 3
    assert np.all(res.step_lengths[tail[0] :] == 1.0)
    assert np.all(g[tail[1:]] <= 1.0 * g[tail[:-1]] ** 2)
    assert g[-1] / g[-2] < 1e-2


@pytest.mark.parametrize("kind", PROBLEMS)
def test_unique_minimiser_from_any_start(kind):
    """Strong convexity: different starts reach the same solution."""
    y, problem = PROBLEMS[kind]
    a = newton_armijo(K_RED, y, problem, tol=1e-12)
    for seed in (1, 2):
        v0 = 3.0 * np.random.default_rng(seed).normal(size=K_RED.shape[1] + 1)
        b = newton_armijo(K_RED, y, problem, tol=1e-12, v0=v0)
        assert np.linalg.norm(v_of(a) - v_of(b)) < 1e-6
    assert a.objective == pytest.approx(problem.objective(K_RED, y, v_of(a)), rel=1e-13)


@pytest.mark.parametrize("beta", [5.0, 1e3, np.inf])
def test_chunked_equals_unchunked(beta, tmp_path):
    """Blocks of 7 rows, one block, and a memmap on disk give the same solve."""
    problem = smooth_problem(C=10.0, beta=beta)
    one = newton_armijo(K_RED, Y, problem, chunk_size=K_RED.shape[0])
    small = newton_armijo(K_RED, Y, problem, chunk_size=7)
    assert small.n_iter == one.n_iter
    np.testing.assert_allclose(v_of(small), v_of(one), rtol=1e-12, atol=1e-12)
    path = tmp_path / "K.npy"
    np.save(path, K_RED)
    mapped = newton_armijo(np.load(path, mmap_mode="r"), Y, problem, chunk_size=32)
    np.testing.assert_allclose(v_of(mapped), v_of(one), rtol=1e-12, atol=1e-12)
    H = problem.hessian(K_RED, Y, v_of(one), chunk_size=7)
    np.testing.assert_allclose(H, problem.hessian(K_RED, Y, v_of(one)), rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("kind", PROBLEMS)
@pytest.mark.parametrize("batch", [2, 5, 60])
def test_armijo_trials_in_batches_change_the_cost_only(kind, batch):
    """A design answering several Armijo trials at once (a cluster's) takes the same steps."""
    y, problem = PROBLEMS[kind]
    one = newton_armijo(K_RED, y, problem, chunk_size=32)
    design = BlockedDesign(K_RED, y, problem, 32)
    design.trial_batch = batch
    got = newton_armijo_sums(design, problem)
    np.testing.assert_array_equal(got.objectives, one.objectives)
    np.testing.assert_array_equal(got.step_lengths, one.step_lengths)
    np.testing.assert_array_equal(v_of(got), v_of(one))


def test_whole_set_as_reduced_set_is_the_full_ssvm():
    """RSVM (12) with Ã = A (in another order) is the SSVM (8): the same coefficients, permuted."""
    problem = smooth_problem(C=1.0, beta=10.0)
    full = newton_armijo(K_FULL, Y, problem, tol=1e-12)
    perm = np.random.default_rng(3).permutation(X.shape[0])
    red = newton_armijo(gauss(X, X[perm]), Y, problem, tol=1e-12)
    np.testing.assert_allclose(red.coef, full.coef[perm], atol=1e-9)
    assert red.intercept == pytest.approx(full.intercept, abs=1e-9)


def test_linear_ssvm_differs_from_the_linear_kernel_ssvm():
    """(7) on ``A`` and (8) on ``A A'`` regularise different norms: their decisions differ."""
    problem = smooth_problem(C=10.0, beta=10.0)
    A = 2.0 * X
    y = np.sign(X[:, 0] + 0.5 * X[:, 1])
    lin = newton_armijo(A, y, problem)
    ker = newton_armijo(A @ A.T, y, problem)
    f_lin = A @ lin.coef + lin.intercept
    f_ker = A @ A.T @ ker.coef + ker.intercept
    assert np.max(np.abs(f_lin - f_ker)) > 0.1 * np.max(np.abs(f_lin))


def test_limit_beta_inf_is_finite_newton():
    """beta = inf (the plus function, generalised Hessian) stops with a zero gradient."""
    res = newton_armijo(K_RED, Y, smooth_problem(C=10.0, beta=np.inf))
    assert res.status == 0 and res.grad_norms[-1] < 1e-8 * res.grad_norms[0]


def test_callback_and_max_iter():
    """The callback sees every iterate; ``max_iter`` warns and returns status 1."""
    seen = []
    res = newton_armijo(K_RED, Y, PROBLEMS["classification"][1],
                        callback=lambda *a: seen.append(a))  # fmt: skip
    assert len(seen) == res.n_iter + 1 and np.isnan(seen[0][3])
    assert [s[1] for s in seen] == list(res.objectives)
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        capped = newton_armijo(K_RED, Y, PROBLEMS["classification"][1], max_iter=2)
    assert capped.status == 1 and capped.n_iter == 2


def test_resolution_stop_is_not_a_failure():
    """An unreachable tol ends at the objective's rounding with status 0 and no warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        res = newton_armijo(K_RED, Y, smooth_problem(C=1e3, beta=5.0), tol=1e-300)
    assert res.status == 0 and "resolution" in res.message


def _smooth_plus(x, beta):
    return np.maximum(x, 0.0) + np.log1p(np.exp(-beta * np.abs(x))) / beta


@pytest.mark.parametrize("kind", ["classification", "regression"])
def test_loss_sums_are_compensated(kind):
    """The loss of a million terms is exact to a few ulps (math.fsum), as the Armijo test needs.

    A plain running sum of 10^6 terms drifts by about sqrt(n) ulps of the total (here hundreds);
    the Newton core's resolution stop assumes an objective good to a few ulps whatever ``n``.
    """
    import math

    rng = np.random.default_rng(1)
    n, beta, eps = 1_000_000, 5.0, 0.1
    f = rng.normal(size=n)
    if kind == "classification":
        y = np.sign(rng.normal(size=n))
        terms = 0.5 * _smooth_plus(1.0 - y * f, beta) ** 2
        problem = smooth_problem(kind, C=1.0, beta=beta)
    else:
        y = rng.normal(size=n)
        terms = 0.5 * (_smooth_plus(f - y - eps, beta) ** 2 + _smooth_plus(y - f - eps, beta) ** 2)
        problem = smooth_problem(kind, C=1.0, beta=beta, epsilon=eps)
    exact = math.fsum(terms)
    assert abs(problem.terms(f, y)[0] - exact) <= 4 * np.spacing(exact)


def test_default_chunk_size():
    """About 8 MB per block, never fewer than 256 rows."""
    assert default_chunk_size(200) == (1 << 20) // 200
    assert default_chunk_size(10**6) == 256


def test_bad_input():
    """Every parameter is named in its error."""
    problem = PROBLEMS["classification"][1]
    with pytest.raises(ValueError, match="kind"):
        smooth_problem("ranking")
    with pytest.raises(ValueError, match="C must be > 0"):
        smooth_problem(C=0.0)
    with pytest.raises(ValueError, match="beta"):
        smooth_problem(beta=-1.0)
    with pytest.raises(ValueError, match="epsilon"):
        smooth_problem(epsilon=0.1)
    with pytest.raises(TypeError, match="problem"):
        newton_armijo(K_RED, Y, "classification")
    with pytest.raises(ValueError, match="y has 3 entries"):
        newton_armijo(K_RED, Y[:3], problem)
    with pytest.raises(ValueError, match="-1 and \\+1"):
        newton_armijo(K_RED, T, problem)
    with pytest.raises(ValueError, match="K contains NaN"):
        newton_armijo(np.full_like(K_RED, np.nan), Y, problem)
    with pytest.raises(ValueError, match="v must be"):
        newton_armijo(K_RED, Y, problem, v0=np.zeros(3))
    with pytest.raises(ValueError, match="armijo"):
        newton_armijo(K_RED, Y, problem, armijo=0.5)
    with pytest.raises(ValueError, match="chunk_size"):
        newton_armijo(K_RED, Y, problem, chunk_size=0)
    assert isinstance(problem, SmoothProblem)
