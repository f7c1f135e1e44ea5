"""Oracles of the reference SVC formulations (svmbook.qp): Gunn (1998) Tables 2.1/2.2, Fig. 2.10,
IRIS.

The expected numbers are exact solutions of the report's data (most are rationals: the
regularisation path of Table 2.2 has breakpoints 4/9, 2/3, 26/9, 104/15), derived by hand and
confirmed with cvxopt; the report itself prints none of them, only the figures. Points are
numbered from 1 in the report and from 0 here. The interior-point solution is polished to a
verified KKT point (svmbook.qp._common.polish), so the unique quantities (w, b, margins,
objectives, unique alphas) hold to 1e-6; we test at 1e-6 (ATOL) and never pin the non-unique alpha
of Table 2.1, only its membership in the optimal segment.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import load_iris
from sklearn.svm import SVC as SkSVC

from svmbook.qp import InfeasibleProblemError, hard_margin_primal, l2_svc_dual, svc_dual, svtol

ATOL = 1e-6

TABLE_2_1 = np.array(
    [[1, 1, -1], [3, 3, 1], [1, 3, 1], [3, 1, -1], [2, 2.5, 1], [3, 2.5, -1], [4, 3, -1]], float
)
TABLE_2_2 = np.vstack([TABLE_2_1, [[1.5, 1.5, 1], [1, 2, -1]]])
X1, Y1 = TABLE_2_1[:, :2], TABLE_2_1[:, 2]
X2, Y2 = TABLE_2_2[:, :2], TABLE_2_2[:, 2]


def lin(X):
    return X @ X.T


def w_of(res, X):
    return X.T @ res.coef


# --- Table 2.1, hard margin (Fig. 2.4)


def test_table21_hard_margin():
    res = svc_dual(lin(X1), Y1)
    np.testing.assert_allclose(w_of(res, X1), [-2, 4], atol=ATOL)
    assert res.b == pytest.approx(-5, abs=ATOL)
    assert res.b_interval == pytest.approx((-5, -5), abs=ATOL)
    assert res.b_multiplier == pytest.approx(-5, abs=ATOL)
    assert res.margin == pytest.approx(1 / np.sqrt(5), abs=ATOL)
    assert res.alpha.sum() == pytest.approx(20, abs=1e-5)  # (2.23): ||w||^2 = sum alpha
    assert res.w_norm2 == pytest.approx(20, abs=1e-5)
    assert res.objective == pytest.approx(-10, abs=1e-5)  # 1/2 ||w||^2 - sum alpha
    np.testing.assert_allclose(
        Y1 * res.decision_function(lin(X1)), [3, 1, 5, 7, 1, 1, 1], atol=ATOL
    )
    # alpha in the optimal segment (0, 8+t, 0, 0, 2-t, 10-t, t), t in [0, 2]; t itself is not
    # unique.
    t = res.alpha[6]
    assert -ATOL <= t <= 2 + ATOL
    np.testing.assert_allclose(res.alpha, [0, 8 + t, 0, 0, 2 - t, 10 - t, t], atol=1e-5)
    assert res.status == 0
    assert set(res.support) <= {1, 4, 5, 6}


def test_table21_implicit_bias_fig31():
    res = svc_dual(lin(X1) + 1, Y1, bias="implicit")
    np.testing.assert_allclose(res.alpha, [1.5, 13.5, 0, 0, 0, 14, 0], atol=1e-5)
    np.testing.assert_allclose(w_of(res, X1), [-3, 4], atol=ATOL)
    assert res.coef.sum() == pytest.approx(-2, abs=ATOL)  # the bias inside the kernel
    assert res.b == 0.0 and res.b_multiplier is None
    assert res.w_norm2 == pytest.approx(29, abs=1e-5)  # ||w||^2 + b^2 = sum alpha
    assert list(res.support) == [0, 1, 5]
    np.testing.assert_allclose(
        Y1 * res.decision_function(lin(X1) + 1), [1, 1, 7, 7, 2, 1, 2], atol=ATOL
    )


def test_hard_margin_primal_agrees():
    res = hard_margin_primal(X1, Y1)
    np.testing.assert_allclose(res.w, [-2, 4], atol=1e-6)
    assert res.b == pytest.approx(-5, abs=1e-6)
    assert res.margin == pytest.approx(1 / np.sqrt(5), abs=1e-6)
    np.testing.assert_allclose(X1.T @ res.coef, res.w, atol=1e-5)  # multipliers of (2.4) give w
    with pytest.raises(InfeasibleProblemError, match="not linearly separable"):
        hard_margin_primal(X2, Y2)


# --- Table 2.2, soft margin and the regularisation path (Figs. 2.6-2.8)


def test_table22_C1():
    res = svc_dual(lin(X2), Y2, C=1.0)
    np.testing.assert_allclose(res.alpha, [3 / 4, 1, 17 / 36, 0, 1, 1, 13 / 18, 1, 1], atol=ATOL)
    np.testing.assert_allclose(w_of(res, X2), [-2 / 3, 1], atol=ATOL)
    assert res.b == pytest.approx(-4 / 3, abs=ATOL)
    assert res.b_multiplier == pytest.approx(-4 / 3, abs=ATOL)
    assert res.objective == pytest.approx(-56 / 9, abs=ATOL)  # dual = primal = 56/9 (max form)
    assert res.margin == pytest.approx(6 / np.sqrt(13), abs=ATOL)
    assert list(res.free) == [0, 2, 6]
    np.testing.assert_allclose(
        Y2 * res.decision_function(lin(X2)),
        [1, -1 / 3, 1, 7 / 3, -1 / 6, 5 / 6, 1, -5 / 6, 0],
        atol=ATOL,
    )


@pytest.mark.parametrize("C", [10.0, 1e5])
def test_table22_large_C(C):
    res = svc_dual(lin(X2), Y2, C=C)
    assert res.status == 0  # cvxopt alone stalls ("unknown") at 1e5 without the scaling
    np.testing.assert_allclose(w_of(res, X2), [-1.6, 2.4], atol=ATOL)
    assert res.b == pytest.approx(-1.8, abs=ATOL)
    expected = [0.1 * C + 2.24, C, 0, 0, 0.4 * C + 4.16, C, 0.3 * C + 1.92, C, C]
    np.testing.assert_allclose(res.alpha, expected, rtol=1e-9, atol=ATOL * C)
    assert res.margin == pytest.approx(2.5 / np.sqrt(13), abs=ATOL)


def test_table22_tiny_C():
    C = 1e-8
    res = svc_dual(lin(X2), Y2, C=C)
    np.testing.assert_allclose(w_of(res, X2) / C, [-1.5, 1.5], atol=1e-6)
    np.testing.assert_allclose(res.alpha / C, [1, 1, 1, 0, 1, 1, 1, 1, 1], atol=1e-6)
    assert res.free.size == 0
    lo, hi = res.b_interval
    assert lo < hi and lo <= res.b <= hi
    assert res.b == pytest.approx(-1, abs=1e-6)
    assert res.margin == pytest.approx(2 / (1.5 * np.sqrt(2) * C), rel=1e-6)


def test_table22_b_interval_C01():
    res = svc_dual(lin(X2), Y2, C=0.1)
    assert res.b_interval == pytest.approx((-0.85, -0.70), abs=ATOL)
    assert res.b == pytest.approx(-0.775, abs=ATOL)  # the midpoint (LIBSVM's choice)
    lo, hi = res.b_interval
    assert lo - ATOL <= res.b_multiplier <= hi + ATOL


def _path(C):
    """w(C), b(C) of Table 2.2 along the regularisation path, breakpoints 4/9, 2/3, 26/9, 104/15."""
    if C <= 4 / 9:
        return C * np.array([-1.5, 1.5]), None
    if C <= 2 / 3:
        return np.array([-2 / 3, 1.5 * C]), 5 / 3 - 4.5 * C
    if C <= 26 / 9:
        return np.array([-2 / 3, 1.0]), -4 / 3
    if C <= 104 / 15:
        return C * np.array([-3 / 13, 9 / 26]), -1 - 3 * C / 26
    return np.array([-1.6, 2.4]), -1.8


@pytest.mark.parametrize(
    "C", [0.01, 0.2, 0.4, 0.45, 0.55, 0.65, 0.7, 1.5, 2.8, 3.0, 5.0, 6.9, 7.0, 50.0, 1e3]
)
def test_table22_regularisation_path(C):
    res = svc_dual(lin(X2), Y2, C=C)
    w, b = _path(C)
    np.testing.assert_allclose(w_of(res, X2), w, atol=ATOL)
    if b is None:
        assert res.free.size == 0 and res.b_interval[0] < res.b_interval[1]
    else:
        assert res.b == pytest.approx(b, abs=ATOL)


def test_margin_monotone_in_C():
    margins = [svc_dual(lin(X2), Y2, C=C).margin for C in np.logspace(-3, 2, 12)]
    assert np.all(np.diff(margins) <= 1e-9)


def test_table22_hard_margin_infeasible():
    with pytest.raises(InfeasibleProblemError, match="infeasible") as info:
        svc_dual(lin(X2), Y2)
    assert issubclass(InfeasibleProblemError, ValueError)
    # the message cites its source, not a bare equation number a reader cannot resolve
    assert r"Gunn (1998), eq. (2.14)" in str(info.value)


# At ridge 1e-10 the squared-slack dual has |alpha| ~ 1e10 and cvxopt stops with "unknown".
@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_table22_ridge_is_l2_svm():
    res = svc_dual(lin(X2), Y2, infeasible="ridge")
    assert "ridge" in res.formulation and "Gunn (1998), eqs. (2.35)-(2.36)" in res.formulation
    assert "l2_svc_dual" not in res.formulation  # said in words: the squared-slack SVC dual
    assert "squared-slack SVC dual with C = 1/ridge = 1e+10" in res.formulation
    ref = l2_svc_dual(lin(X2), Y2, C=1e10)
    np.testing.assert_allclose(res.coef, ref.coef)
    # the squared-slack solution: y_i f(x_i) = 1 - alpha_i / C on every SV; some points violated
    f = res.decision_function(lin(X2))
    assert np.min(Y2 * f) < 1


def test_l2_svc_dual_kkt():
    C = 2.0
    res = l2_svc_dual(lin(X2), Y2, C=C)
    yf = Y2 * res.decision_function(lin(X2))
    sv = res.alpha > res.svtol
    np.testing.assert_allclose(yf[sv], 1 - res.alpha[sv] / C, atol=1e-7)
    assert np.all(yf[~sv] >= 1 - 1e-7)
    assert abs(res.alpha @ Y2) < 1e-9
    # primal = dual (strong duality) for 1/2||w||^2 + C/2 sum xi^2
    xi = np.maximum(0, 1 - yf)
    assert 0.5 * res.w_norm2 + C / 2 * np.sum(xi**2) == pytest.approx(-res.objective, abs=1e-7)


# --- Fig. 2.10: (<x,x'> + 1)^2 on Table 2.2, C = inf


def _fig210(X):
    x1, x2 = X[:, 0], X[:, 1]
    return -8 + 12.75 * x1 - 3.75 * x2 - 3.75 * x1**2 + x2**2 + 0.75 * x1 * x2


@pytest.mark.parametrize(
    ("bias", "alpha", "b", "w2"),
    [
        (
            "implicit",
            [46.984375, 1.8125, 7.015625, 0, 0, 12.375, 0, 71, 28.46875],
            0.0,
            167.65625,
        ),
        (
            "explicit",
            [10.984375, 5.8125, 7.015625, 0, 0, 12.375, 0, 39, 28.46875],
            -8.0,
            103.65625,
        ),
    ],
)
def test_fig210_poly2(bias, alpha, b, w2):
    K = (lin(X2) + 1) ** 2
    res = svc_dual(K, Y2, bias=bias)
    np.testing.assert_allclose(res.alpha, alpha, atol=1e-5)
    assert res.b == pytest.approx(b, abs=1e-6)
    assert res.w_norm2 == pytest.approx(w2, abs=1e-5)
    assert list(res.support) == [0, 1, 2, 5, 7, 8]
    np.testing.assert_allclose(
        Y2 * res.decision_function(K), [1, 1, 1, 4, 3.125, 1, 10.25, 1, 1], atol=1e-6
    )
    T = np.array([[0.0, 0.0], [2.0, 2.0], [3.5, 1.2], [1.2, 4.0], [-1.0, 2.5]])
    np.testing.assert_allclose(res.decision_function((T @ X2.T + 1) ** 2), _fig210(T), atol=1e-5)


# --- IRIS petals


@pytest.fixture(scope="module")
def iris():
    data = load_iris()
    return data.data[:, 2:4], data.target


def test_iris_setosa_two_svs(iris):
    X, t = iris
    y = np.where(t == 0, 1.0, -1.0)
    res = svc_dual(lin(X), y)
    assert list(res.support) == [44, 98]  # points #45 and #99
    np.testing.assert_allclose(w_of(res, X), [-22 / 17, -14 / 17], atol=1e-6)
    assert res.b == pytest.approx(322 / 85, abs=1e-6)
    assert res.margin == pytest.approx(np.sqrt(1.7), abs=1e-6)
    np.testing.assert_allclose(res.alpha[[44, 98]], [20 / 17, 20 / 17], atol=1e-6)


def test_iris_virginica_infeasible(iris):
    X, t = iris
    y = np.where(t == 2, 1.0, -1.0)
    with pytest.raises(InfeasibleProblemError, match="infeasible"):
        svc_dual(lin(X), y)


# --- bad input


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"C": -1.0}, "C must be > 0"),
        ({"C": 0.0}, "C must be > 0"),
        ({"C": np.nan}, "C must be a number"),
        ({"bias": "auto"}, "bias must be one of"),
        ({"infeasible": "ignore"}, "infeasible must be one of"),
        ({"ridge": -1e-10}, "ridge must be > 0"),
    ],
)
def test_svc_dual_bad_parameters(kwargs, match):
    with pytest.raises(ValueError, match=match):
        svc_dual(lin(X1), Y1, **kwargs)


def test_svc_dual_bad_data():
    with pytest.raises(ValueError, match="only -1 and \\+1"):
        svc_dual(lin(X1), Y1 * 2)
    with pytest.raises(ValueError, match="one class only"):
        svc_dual(lin(X1), np.ones(7))
    with pytest.raises(ValueError, match="K has 7 rows but y has 6"):
        svc_dual(lin(X1), Y1[:6])
    K = lin(X1)
    K[0, 0] = np.nan
    with pytest.raises(ValueError, match="K contains NaN"):
        svc_dual(K, Y1)


def test_svtol():
    assert svtol(np.inf) == 1e-5
    assert svtol(10.0) == pytest.approx(1e-5)


# --- KKT property tests and agreement with LIBSVM


def _rbf(X, Z, gamma):
    d2 = ((X[:, None, :] - Z[None, :, :]) ** 2).sum(-1)
    return np.exp(-gamma * d2)


@st.composite
def svc_problems(draw):
    seed = draw(st.integers(0, 2**31 - 1))
    n = draw(st.integers(4, 15))
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    y[0], y[1] = 1.0, -1.0
    C = float(10 ** draw(st.floats(-2, 2)))
    gamma = float(10 ** draw(st.floats(-1, 0.5)))
    return X, y, C, gamma


@settings(max_examples=25, deadline=None, derandomize=True)
@given(svc_problems())
def test_svc_dual_kkt_and_libsvm(problem):
    X, y, C, gamma = problem
    K = _rbf(X, X, gamma)
    res = svc_dual(K, y, C=C)
    a = res.alpha
    assert np.all(a >= 0) and np.all(a <= C)
    assert abs(a @ y) <= 1e-8 * max(1.0, C)
    yf = y * res.decision_function(K)
    at0, atC = a <= res.svtol, a >= C - res.svtol
    free = ~at0 & ~atC
    assert np.all(yf[at0] >= 1 - 1e-5)
    assert np.all(yf[atC] <= 1 + 1e-5)
    np.testing.assert_allclose(yf[free], 1, atol=1e-5)
    lo, hi = res.b_interval
    assert lo <= res.b + 1e-9 and res.b <= hi + 1e-9
    # LIBSVM solves the same problem; with no free SV both report the midpoint of the b interval.
    sk = SkSVC(kernel="precomputed", C=C, tol=1e-8).fit(K, y)
    f_sk = sk.decision_function(K)
    np.testing.assert_allclose(res.decision_function(K), f_sk, atol=1e-4 * max(1.0, C))
    assert sk.fit_status_ == 0


def test_indefinite_gram_gets_a_readable_error():
    # tanh Gram matrix with (scale, offset) = (1, -1) on random points is indefinite (Gunn 3.1.4).
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(40, 2))
    K = np.tanh(X @ X.T - 1.0)
    y = np.where(X[:, 0] > 0.5, 1.0, -1.0)
    with pytest.raises(ValueError, match="not positive semidefinite"):
        svc_dual(K, y, C=10.0)


@pytest.mark.parametrize("sigma", [0.3, 1.0, 3.0])
def test_hard_margin_on_iris_duplicates_raises_for_local_kernels(sigma):
    # (4.8, 1.8) is Versicolor #71 and Virginica #127, #139: identical in every feature space, so
    # no kernel separates Virginica from the rest with a hard margin (Gunn 1998, ch. 4).
    iris = load_iris()
    X = iris.data[:, 2:4]
    y = np.where(iris.target == 2, 1.0, -1.0)
    d2 = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
    K = np.exp(-d2 / (2 * sigma**2))
    with pytest.raises(InfeasibleProblemError, match="infeasible"):
        svc_dual(K, y, bias="implicit")
    res = svc_dual(K, y, bias="implicit", infeasible="ridge")
    assert "ridge" in res.formulation
