"""Oracles of the reference SVR formulation (svmbook.qp.svr_dual): Gunn (1998) Table 5.1, chapter 5.

The expected numbers are solutions of the report's Table 5.1 computed once at high precision (the
report prints only the figures): the least-absolute-deviation line of Fig. 5.2, ridge regression
for the quadratic loss, the tube fits of Figs. 5.4-5.5. Kernels are built inline with numpy so that
these tests do not depend on svmbook.kernels. Tolerances: 1e-6 where the polished interior-point
solution is exact, 1e-5 on values kept to six digits.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVR as SkSVR

from svmbook.qp import InfeasibleProblemError, svr_dual

X = np.array([1.0, 3.0, 4.0, 5.6, 7.8, 10.2, 11.0, 11.5, 12.7])
Y = np.array([-1.6, -1.8, -1.0, 1.2, 2.2, 6.8, 10.0, 10.0, 10.0])
T = np.array([0.0, 2.0, 6.0, 9.0, 12.0, 14.0])
K_LIN = np.outer(X, X)


def rbf(a, b, sigma=1.0):
    return np.exp(-((a[:, None] - b[None, :]) ** 2) / (2 * sigma**2))


def least_squares(lam=0.0):
    """Ridge regression min sum (y - wx - b)^2 + lam w^2 (unpenalised b), via numpy."""
    A = np.vstack([X, np.ones_like(X)]).T
    R = np.diag([np.sqrt(lam), 0.0])
    sol = np.linalg.lstsq(np.vstack([A, R]), np.concatenate([Y, [0, 0]]), rcond=None)[0]
    return sol  # (w, b)


@pytest.mark.parametrize("form", ["laplace", "epsilon_insensitive"])
def test_lad_line_fig52(form):
    res = svr_dual(K_LIN, Y, 100.0, loss=form)
    assert res.coef @ X == pytest.approx(118 / 97, abs=1e-6)
    assert res.b == pytest.approx(-5.449485, abs=1e-6)
    np.testing.assert_allclose(
        res.coef, [100, 88.534382, -100, -100, -100, -100, 100, 100, 11.465618], atol=1e-5
    )
    assert list(res.free) == [1, 8]
    resid = Y - res.decision_function(K_LIN)
    assert np.abs(resid).sum() == pytest.approx(8.738144, abs=1e-6)
    if form == "laplace":
        assert res.b_multiplier == pytest.approx(res.b, abs=1e-6)


@pytest.mark.parametrize(
    ("C", "w", "b"), [(1.0, 1.191191, -4.863508), (100.0, 1.195374, -4.894551)]
)
def test_quadratic_loss_is_ridge(C, w, b):
    res = svr_dual(K_LIN, Y, C, loss="quadratic")
    assert res.coef @ X == pytest.approx(w, abs=1e-6)
    assert res.b == pytest.approx(b, abs=1e-6)
    np.testing.assert_allclose([res.coef @ X, res.b], least_squares(1 / (2 * C)), atol=1e-9)
    assert abs(res.coef.sum()) < 1e-9
    assert res.b == pytest.approx(np.mean(Y - K_LIN @ res.coef), abs=1e-9)  # Listing A.2's bias
    assert res.b_multiplier == pytest.approx(res.b, abs=1e-8)


def test_hard_fit_linear_infeasible_and_ridge_semantics():
    with pytest.raises(InfeasibleProblemError, match="infeasible"):
        svr_dual(K_LIN, Y)
    # The listing's 1e-10 ridge: least squares. With ||K|| ~ 160 the ridge competes with the
    # rounding of K (1e-14), so the answer is only defined to about 1e-4 (another cvxopt run gave
    # slope 1.195419 against the exact least-squares 1.195416).
    for loss in ("laplace", "quadratic"):
        res = svr_dual(K_LIN, Y, loss=loss, infeasible="ridge")
        np.testing.assert_allclose([res.coef @ X, res.b], least_squares(), atol=5e-4)
    np.testing.assert_allclose(least_squares(), [1.195416, -4.894866], atol=1e-6)
    with pytest.warns(ConvergenceWarning):  # 2n form, |alpha| ~ 1e10
        res = svr_dual(K_LIN, Y, infeasible="ridge")
    np.testing.assert_allclose([res.coef @ X, res.b], least_squares(), atol=5e-4)
    # a milder ridge is ridge regression with lambda = ridge (quadratic loss with C = 1/(2 ridge))
    res = svr_dual(K_LIN, Y, loss="laplace", infeasible="ridge", ridge=1e-3)
    np.testing.assert_allclose([res.coef @ X, res.b], least_squares(1e-3), atol=1e-8)


def test_rbf_tube_fig54_implicit():
    K = rbf(X, X)
    res = svr_dual(K, Y, epsilon=0.5, bias="implicit")
    assert list(res.support) == [0, 1, 3, 4, 5, 6, 8]
    assert res.w_norm2 == pytest.approx(151.91108, abs=1e-5)
    np.testing.assert_allclose(
        res.coef, [-0.9385, -1.19348, 0, 0.60132, 1.56674, 0.65626, 7.18036, 0, 7.77841], atol=1e-5
    )
    np.testing.assert_allclose(
        res.decision_function(rbf(T, X)),
        [-0.58248, -1.29218, 0.85201, 2.06395, 10.57341, 3.42152],
        atol=1e-5,
    )
    assert np.all(np.abs(Y - res.decision_function(K)) <= 0.5 + 1e-7)
    assert res.b == 0.0 and res.b_multiplier is None
    # alpha * alpha* = 0 (5.9)
    n = X.size
    assert np.all(res.alpha[:n] * res.alpha[n:] < 1e-12)


def test_rbf_tube_explicit_bias():
    res = svr_dual(rbf(X, X), Y, epsilon=0.5)
    assert res.b == pytest.approx(3.27313, abs=1e-5)
    assert list(res.support) == [0, 1, 2, 3, 4, 6, 8]
    assert res.w_norm2 == pytest.approx(101.79876, abs=1e-5)
    assert res.b_multiplier == pytest.approx(res.b, abs=1e-6)


def test_poly2_tube_infeasible_and_finite_C():
    K = (K_LIN + 1) ** 2
    with pytest.raises(InfeasibleProblemError, match="epsilon=0.5"):
        svr_dual(K, Y, epsilon=0.5, bias="implicit")
    res = svr_dual(K, Y, 100.0, epsilon=0.5, bias="implicit")
    V = np.vstack([np.ones_like(X), X, X**2]).T
    coeffs = np.linalg.lstsq(V, res.decision_function(K), rcond=None)[0]
    np.testing.assert_allclose(coeffs, [-2.237853, 0.053774, 0.084079], atol=1e-6)
    assert list(res.support) == [0, 3, 4, 6, 7, 8]
    resid = Y - res.decision_function(K)
    np.testing.assert_allclose(
        resid,
        [0.5, -0.48018, -0.322508, 0.5, -1.096953, -0.258224, 1.472776, 0.5, -2.006184],
        atol=1e-6,
    )


def test_huber_limits_and_kkt():
    # delta -> 0: Laplace (5.10)-(5.11)
    res = svr_dual(K_LIN, Y, 100.0, loss="huber", delta=1e-9)
    assert res.coef @ X == pytest.approx(118 / 97, abs=1e-6)
    # KKT of the documented primal: |beta_i| < C -> residual = delta beta_i / C; |beta_i| = C
    # -> |r| >= delta
    C, delta = 10.0, 0.5
    res = svr_dual(K_LIN, Y, C, loss="huber", delta=delta)
    r = Y - res.decision_function(K_LIN)
    inside = np.abs(res.coef) < C - res.svtol
    np.testing.assert_allclose(r[inside], delta * res.coef[inside] / C, atol=1e-7)
    assert np.all(np.abs(r[~inside]) >= delta - 1e-7)
    np.testing.assert_allclose(np.sign(r[~inside]), np.sign(res.coef[~inside]))
    # strong duality with the primal 1/2||w||^2 + C sum L(r), L = Huber(delta) / delta
    L = np.where(np.abs(r) <= delta, r**2 / (2 * delta), np.abs(r) - delta / 2)
    assert 0.5 * res.w_norm2 + C * L.sum() == pytest.approx(-res.objective, abs=1e-6)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"C": -1.0}, "C must be > 0"),
        ({"epsilon": -0.1}, "epsilon must be >= 0"),
        ({"loss": "hinge"}, "loss must be one of"),
        ({"loss": "huber"}, "delta is required"),
        ({"loss": "huber", "delta": -1.0}, "delta must be > 0"),
        ({"delta": 0.5}, "delta applies only"),
        ({"loss": "quadratic", "epsilon": 0.5}, "epsilon applies only"),
        ({"bias": "auto"}, "bias must be one of"),
    ],
)
def test_svr_dual_bad_parameters(kwargs, match):
    with pytest.raises(ValueError, match=match):
        svr_dual(K_LIN, Y, **({"C": 1.0} | kwargs))


def test_svr_dual_bad_data():
    with pytest.raises(ValueError, match="y contains NaN"):
        svr_dual(K_LIN, np.where(Y > 5, np.nan, Y), 1.0)
    with pytest.raises(ValueError, match="square"):
        svr_dual(K_LIN[:, :3], Y, 1.0)


@st.composite
def svr_problems(draw):
    seed = draw(st.integers(0, 2**31 - 1))
    n = draw(st.integers(3, 15))
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(0, 5, n))
    y = np.sin(x) + 0.3 * rng.normal(size=n)
    C = float(10 ** draw(st.floats(-1, 2)))
    eps = draw(st.floats(0.0, 0.5))
    return x, y, C, eps


@settings(max_examples=25, deadline=None, derandomize=True)
@given(svr_problems())
def test_svr_dual_kkt_and_libsvm(problem):
    x, y, C, eps = problem
    K = rbf(x, x)
    res = svr_dual(K, y, C, epsilon=eps)
    beta = res.coef
    assert np.all(np.abs(beta) <= C + 1e-12)
    assert abs(beta.sum()) <= 1e-8 * max(1.0, C)
    r = y - res.decision_function(K)
    tol = res.svtol
    zero, up, down = np.abs(beta) <= tol, beta >= C - tol, beta <= -C + tol
    free = ~zero & ~up & ~down
    assert np.all(np.abs(r[zero]) <= eps + 1e-5)
    assert np.all(r[up] >= eps - 1e-5) and np.all(r[down] <= -eps + 1e-5)
    np.testing.assert_allclose(r[free], eps * np.sign(beta[free]), atol=1e-5)
    sk = SkSVR(kernel="precomputed", C=C, epsilon=eps, tol=1e-8).fit(K, y)
    lo, hi = res.b_interval
    # f agrees with LIBSVM up to the choice of b inside a non-degenerate interval
    np.testing.assert_allclose(
        res.decision_function(K), sk.predict(K), atol=1e-4 * max(1.0, C) + (hi - lo) / 2
    )
